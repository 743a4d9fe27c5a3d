#!/usr/bin/env python3
"""serve_load.py - a short load test of `faultline serve` on loopback.

usage: serve_load.py FAULTLINE TESTDATA WORKDIR [SECONDS]

Starts a server on 127.0.0.1 (kernel-picked port) on a fresh store in
WORKDIR, uploads one real bundle so that there is a run to list, then, for
SECONDS each (default 5), drives it from 4 client processes with
keep-alive connections:
  GET /            the runs page (read token)
  GET /metrics
  PUT /api/v1/bundles  small distinct bundles (one log line each)
and prints requests per second and latency percentiles. Not part of the
test suite: the numbers go to docs/PERFORMANCE.md. Loopback only, every
loop bounded in time.
"""
import http.client
import multiprocessing as mp
import os
import subprocess
import sys
import tarfile
import time

CLIENTS = 4


def worker(port, method, path, headers, seconds, body_of, q):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    lat, n, errors = [], 0, 0
    end = time.monotonic() + seconds
    pid = os.getpid()
    while time.monotonic() < end:
        body = body_of(pid, n) if body_of else None
        p = path(pid, n) if callable(path) else path
        t0 = time.monotonic()
        try:
            conn.request(method, p, body=body, headers=headers)
            r = conn.getresponse()
            r.read()
            if r.status >= 400:
                errors += 1
        except (OSError, http.client.HTTPException):
            errors += 1
            conn.close()
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        lat.append(time.monotonic() - t0)
        n += 1
    q.put((lat, errors))


def small_bundle(pid, n):
    return ("[rank0]: RuntimeError: load test line %d-%d\n" % (pid, n)).encode()


def upload_path(pid, n):
    return "/api/v1/bundles?name=load-%d-%d.log" % (pid, n)


def run(port, label, method, path, headers, seconds, body_of=None):
    q = mp.Queue()
    procs = [mp.Process(target=worker, args=(port, method, path, headers, seconds, body_of, q))
             for _ in range(CLIENTS)]
    t0 = time.monotonic()
    for p in procs:
        p.start()
    res = [q.get() for _ in procs]
    for p in procs:
        p.join()
    wall = time.monotonic() - t0
    lat = sorted(x for r in res for x in r[0])
    errors = sum(r[1] for r in res)
    pct = lambda f: lat[min(len(lat) - 1, int(f * len(lat)))] * 1000
    print("%-28s %6d req  %8.0f req/s  p50 %6.2f ms  p99 %6.2f ms  errors %d"
          % (label, len(lat), len(lat) / wall, pct(0.50), pct(0.99), errors))


def main():
    fl, data, work = sys.argv[1], sys.argv[2], sys.argv[3]
    seconds = float(sys.argv[4]) if len(sys.argv) > 4 else 5
    os.makedirs(work, exist_ok=True)
    db = os.path.join(work, "load.db")
    tok = lambda scope: subprocess.run([fl, "token", "add", "--scope", scope, "--db", db],
                                       check=True, capture_output=True,
                                       text=True).stdout.strip().splitlines()[-1]
    up, rd = tok("upload"), tok("read")
    port_file = os.path.join(work, "port")
    if os.path.exists(port_file):
        os.unlink(port_file)
    srv = subprocess.Popen([fl, "serve", "--listen", "127.0.0.1:0", "--port-file", port_file,
                            "--db", db, "--token-rate", "0", "--jobs", "1",
                            "--max-uploads", "16"], stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):
            if os.path.exists(port_file) and os.path.getsize(port_file):
                break
            time.sleep(0.1)
        port = int(open(port_file).read())
        bundle = os.path.join(work, "oom.tar.gz")
        with tarfile.open(bundle, "w:gz") as t:
            t.add(os.path.join(data, "scenarios/01-gpu-oom/bundle"), arcname=".")
        subprocess.run(["curl", "-s", "-o", "/dev/null", "-T", bundle, "-H",
                        "Authorization: Bearer " + up,
                        "http://127.0.0.1:%d/api/v1/bundles?name=oom.tar.gz" % port], check=True)
        time.sleep(2)
        run(port, "GET / (runs page)", "GET", "/", {"Authorization": "Bearer " + rd}, seconds)
        run(port, "GET /metrics", "GET", "/metrics", {}, seconds)
        run(port, "PUT small bundles", "PUT", upload_path,
            {"Authorization": "Bearer " + up}, seconds, small_bundle)
        with open("/proc/%d/status" % srv.pid) as f:
            hwm = [l for l in f if l.startswith("VmHWM")]
        print("server peak RSS:", hwm[0].split(":")[1].strip())
    finally:
        srv.terminate()
        srv.wait(timeout=30)


if __name__ == "__main__":
    main()
