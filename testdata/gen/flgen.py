"""Shared helpers for the scenario generators (python3 stdlib only).

Every generator builds a bundle from simulated processes: each process
emits timestamped lines on stdout/stderr; renderers then lay the lines out
the way a launcher really writes them (per-rank files, torchrun --log-dir,
torchrun --tee, srun --label, pdsh, Kubernetes pod logs).  Line formats are
templates of real lines from /work/shared/reference (formats-*.md and the
excerpts); each helper names the version it imitates.

Times are kept as naive datetimes meaning UTC.  Ordering inside a rendered
file follows the simulated time, so a combined file interleaves ranks the
way a real console does.
"""

import datetime as dt
import json
import os
import random
import shutil

HERE = os.path.dirname(os.path.abspath(__file__))
TESTDATA = os.path.dirname(HERE)
SCENARIOS = os.path.join(TESTDATA, "scenarios")

SEC = dt.timedelta(seconds=1)


def ts(s):
    for f in ("%Y-%m-%d %H:%M:%S.%f", "%Y-%m-%d %H:%M:%S"):
        try:
            return dt.datetime.strptime(s, f)
        except ValueError:
            pass
    raise ValueError(s)


def ms(n):
    return dt.timedelta(milliseconds=n)


def secs(n):
    return dt.timedelta(seconds=n)


# --------------------------------------------------------------------------
# timestamp renderers

def f_iso(t):
    return t.strftime("%Y-%m-%dT%H:%M:%S")


def f_pylog(t):
    """Python logging asctime: 2024-12-03 14:12:33,123"""
    return t.strftime("%Y-%m-%d %H:%M:%S,") + "%03d" % (t.microsecond // 1000)


def f_te(t):
    """torchelastic ChildFailedError time: 2024-12-03_14:12:33"""
    return t.strftime("%Y-%m-%d_%H:%M:%S")


def f_syslog(t):
    """syslog/kern.log: 'Dec  3 14:12:33'"""
    return t.strftime("%b ") + ("%2d" % t.day) + t.strftime(" %H:%M:%S")


def f_journal(t):
    """journalctl short: 'Dec 03 14:12:33'"""
    return t.strftime("%b %d %H:%M:%S")


def f_nccl(t):
    """NCCL >= 2.26 WARN prefix '[YYYY-MM-DD HH:MM:SS] '"""
    return t.strftime("[%Y-%m-%d %H:%M:%S] ")


def f_megatron(t):
    return t.strftime("[%Y-%m-%d %H:%M:%S]")


class Rnd(random.Random):
    def hexptr(self):
        return "0x%x" % self.randrange(0x55a000000000, 0x55ffffffffff, 16)

    def hexptr7f(self):
        return "0x%x" % self.randrange(0x7f0000000000, 0x7fffffffffff, 16)

    def commid(self):
        return "0x%x" % self.getrandbits(64)

    def nsec(self, t=None):
        """c10's 9-digit fraction is CLOCK_MONOTONIC tv_nsec: wall time + a per-process offset."""
        if t is None:
            return "%09d" % self.randrange(0, 10 ** 9)
        if not hasattr(self, "mono_off"):
            self.mono_off = self.randrange(0, 10 ** 6)
            self.last_ns = (None, 0)
        us = (t.microsecond + self.mono_off) % 10 ** 6
        ns = us * 1000 + self.randrange(0, 1000)
        if self.last_ns[0] == t.replace(microsecond=0) and ns <= self.last_ns[1]:
            ns = self.last_ns[1] + self.randrange(7, 400)
        self.last_ns = (t.replace(microsecond=0), ns)
        return "%09d" % min(ns, 999999999)

    def lib(self, name):
        """stable load address per library; frames get small offsets from it"""
        if not hasattr(self, "libs"):
            self.libs = {}
        if name not in self.libs:
            self.libs[name] = self.randrange(0x7f0000000000, 0x7ffff0000000, 0x1000)
        return "0x%x" % (self.libs[name] + self.randrange(0x1000, 0x2000000))


def c10(t, sev, where, rnd):
    """torch >= 2.4 C++ log header (pip wheel): [E1203 14:12:33.123456789 ProcessGroupNCCL.cpp:607] """
    return "[%s%s %s.%s %s] " % (sev, t.strftime("%m%d"), t.strftime("%H:%M:%S"), rnd.nsec(t), where)


def c10_old(sev, where):
    """torch <= 2.2 C++ log header: [E ProcessGroupNCCL.cpp:475] """
    return "[%s %s] " % (sev, where)


def glog_py(t, sev, pid, where):
    """torch >= 2.4 python logging in glog style: W1203 14:12:33.123000 139872 torch/...py:858] """
    return "%s%s %s.%06d %d %s] " % (sev, t.strftime("%m%d"), t.strftime("%H:%M:%S"),
                                     (t.microsecond // 1000) * 1000, pid, where)


def pylog21(t, logger, level):
    """torch 2.1-2.3 TorchLogsFormatter: [2023-11-02 10:21:33,123] torch.distributed...: [WARNING] """
    return "[%s] %s: [%s] " % (f_pylog(t), logger, level)


# --------------------------------------------------------------------------
# processes and streams

class Proc:
    """One OS process (a rank, an agent, a kernel log ...)."""

    def __init__(self, host, pid, rank=None, local=None, seed=0):
        self.host, self.pid, self.rank, self.local = host, pid, rank, local
        self.out = []   # (t, seq, text)
        self.err = []
        self.rnd = Rnd(seed * 100003 + pid)
        self._seq = 0
        self.tids = {}

    def _put(self, lst, t, text):
        self._seq += 1
        lst.append((t, self._seq, text))

    def o(self, t, text):
        self._put(self.out, t, text)

    def e(self, t, text):
        self._put(self.err, t, text)

    def olines(self, t, lines, step=ms(0)):
        for i, l in enumerate(lines):
            self.o(t + step * i, l)

    def elines(self, t, lines, step=ms(0)):
        for i, l in enumerate(lines):
            self.e(t + step * i, l)

    def tid(self, name):
        if name not in self.tids:
            self.tids[name] = self.pid if name == "main" else self.pid + self.rnd.randrange(40, 900)
        return self.tids[name]

    def np(self, tid="main", dev=None):
        """NCCL line prefix host:pid:tid [dev] """
        return "%s:%d:%d [%d] " % (self.host, self.pid, self.tid(tid), self.local if dev is None else dev)


def merged(procs, which=("out", "err"), prefix=None):
    """Interleave lines of several processes by time; prefix(proc, stream) gives a tag."""
    items = []
    for k, p in enumerate(procs):
        for w in which:
            for (t, s, text) in getattr(p, w):
                items.append((t, k, s, p, w, text))
    items.sort(key=lambda x: (x[0], x[1], x[2]))
    res = []
    for (t, k, s, p, w, text) in items:
        res.append((prefix(p, w) if prefix else "") + text)
    return res


def stream_lines(p, which):
    return [text for (t, s, text) in sorted(getattr(p, which), key=lambda x: (x[0], x[1]))]


# --------------------------------------------------------------------------
# bundle writing

class Scenario:
    def __init__(self, name):
        self.name = name
        self.dir = os.path.join(SCENARIOS, name)
        self.bundle = os.path.join(self.dir, "bundle")
        if os.path.isdir(self.bundle):
            shutil.rmtree(self.bundle)
        os.makedirs(self.bundle)

    def write(self, rel, lines, eol="\n"):
        path = os.path.join(self.bundle, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        if isinstance(lines, (bytes, bytearray)):
            data = bytes(lines)
        else:
            data = (eol.join(lines) + eol).encode("utf-8", "surrogateescape")
        with open(path, "wb") as f:
            f.write(data)

    def expected(self, obj):
        with open(os.path.join(self.dir, "expected.json"), "w") as f:
            json.dump(obj, f, indent=2)
            f.write("\n")

    def readme(self, text):
        with open(os.path.join(self.dir, "README.md"), "w") as f:
            f.write(text.strip() + "\n")


# --------------------------------------------------------------------------
# hardware layout

# PCI bus numbers of an 8-GPU HGX board (H100 class; GPU4 at 9b as in excerpt train-063)
BUS_H100 = ["18", "2a", "3a", "5d", "9b", "ab", "ba", "db"]
# DGX A100
BUS_A100 = ["07", "0f", "47", "4e", "87", "90", "b7", "bd"]


def busid(bus):
    """NCCL prints busId as %lx of the PCI id: 0000:9b:00.0 -> 9b000"""
    return "%x" % int(bus + "000", 16)


# --------------------------------------------------------------------------
# NCCL

def vtuple(v):
    return tuple(int(x) for x in v.split("."))


class Comm:
    """What a process knows of the world communicator."""

    def __init__(self, nranks, nlocal, ptr, commid):
        self.nranks, self.nlocal, self.ptr, self.commid = nranks, nlocal, ptr, commid


def nccl_init(p, t, v, cuda, nranks, nlocal, ip, net="IB", bus=BUS_H100, ifname="eth0",
              envs=(), nchan=2, banner_all=None, comm=None, cudadrv=None, hcas=4, init_fn=None,
              extra=(), banner_info=False, gdr=True, rings=None):
    """Emit the NCCL_DEBUG=INFO init chatter of one rank for version v.

    rings: one ring order (list of ranks) per channel; default 0..n-1 on every channel.

    Returns (comm pointer, list of (t, text)) -- lines are also emitted on p.out.
    t advances by small steps.  `ip` is this host's address.
    """
    r, L = p.rank, p.local
    vt = vtuple(v)
    nnodes = nranks // nlocal
    node = r // nlocal
    rnd = p.rnd
    ptr = comm or rnd.hexptr()
    commid = getattr(p, "commid", None) or "0x5c3e7a9b1d2f4e60"
    bid = busid(bus[L])
    lines = []

    def add(text, tid="main", dt_ms=3):
        nonlocal t
        t = t + ms(dt_ms)
        p.o(t, text)

    def info(msg, tid="init", dt_ms=2):
        add(p.np(tid) + "NCCL INFO " + msg, tid, dt_ms)

    if vt < (2, 26):
        info("Bootstrap : Using %s:%s<0>" % (ifname, ip), "main")
    else:
        info("Bootstrap: Using %s:%s<0>" % (ifname, ip), "main")
    if vt <= (2, 18, 9):
        info("NET/Plugin : No plugin found (libnccl-net.so), using internal implementation", "main")
    else:
        info("NET/Plugin: No plugin found (libnccl-net.so)", "main")
        info("NET/Plugin: Using internal network plugin.", "main")
    info("cudaDriverVersion %d" % (cudadrv or {"11.7": 11070, "12.1": 12020, "12.4": 12040,
                                               "12.6": 12060, "12.8": 12080, "12.2": 12020,
                                               "12.3": 12030}.get(cuda, 12040)), "main")
    if vt >= (2, 22) or (banner_info and r == 0):
        info("NCCL version %s+cuda%s" % (v, cuda), "main")
    elif r == 0 or banner_all:
        add("NCCL version %s+cuda%s" % (v, cuda), "main")
    for e in envs:
        info(e, "main")
    if net == "IB":
        devs = " ".join("[%d]mlx5_%d:1/IB" % (i, i) for i in range(hcas))
        if vt < (2, 18):
            info("NET/IB : Using %s ; OOB %s:%s<0>" % (devs, ifname, ip))
        else:
            info("NET/IB : Using %s [RO]; OOB %s:%s<0>" % (devs, ifname, ip))
        if vt >= (2, 21):
            info("Using non-device net plugin version 0")
        info("Using network IB")
    else:
        info("NET/IB : No device found.")
        info("NET/Socket : Using [0]%s:%s<0>" % (ifname, ip))
        if vt >= (2, 21):
            info("Using non-device net plugin version 0")
        info("Using network Socket")
    fn = init_fn or ("ncclCommInitRankConfig" if vt >= (2, 23) else "ncclCommInitRank")
    if vt >= (2, 21):
        info("%s comm %s rank %d nranks %d cudaDev %d nvmlDev %d busId %s commId %s - Init START"
             % (fn, ptr, r, nranks, L, L, bid, commid))
    elif vt >= (2, 18, 3):
        info("comm %s rank %d nranks %d cudaDev %d nvmlDev %d busId %s commId %s - Init START"
             % (ptr, r, nranks, L, L, bid, commid))
    half = nlocal // 2
    info("Setting affinity for GPU %d to %s" % (L, "ffffffff,00000000,ffffffff" if L < half or nlocal == 1
                                                  else "ffffffff,00000000,ffffffff,00000000"), dt_ms=40)
    if vt >= (2, 20):
        info("comm %s rank %d nRanks %d nNodes %d localRanks %d localRank %d MNNVL 0"
             % (ptr, r, nranks, nnodes, nlocal, L))
    for x in extra:
        info(x)
    # ring order: 0..n-1; rank 0 prints the channel list (<=2.22 %3d form)
    if r == 0:
        for c in range(nchan):
            order = rings[c] if rings else list(range(nranks))
            if vt < (2, 23):
                nums = "".join(" %3d" % k for k in order[:20])
                info("Channel %02d/%02d : %s" % (c, nchan, nums))
            else:
                w = len(str(nranks - 1))
                s = " ".join("%*d" % (w, k) for k in order)
                line = "Channel %02d/%02d : %s" % (c, nchan, s)
                if len(line) > 128:
                    line = line[:125] + "..."
                info(line)
    # trees: chain inside the node, local 0 links nodes
    up = r - 1 if L > 0 else (-1 if node == 0 else (node - 1) * nlocal)
    down = r + 1 if L < nlocal - 1 else -1
    d2 = (node + 1) * nlocal if (L == 0 and node + 1 < nnodes) else -1
    info("Trees [0] %d/%d/-1->%d->%d [1] %d/%d/-1->%d->%d" % (down, d2, r, up, down, d2, r, up))
    if vt >= (2, 20):
        info("P2P Chunksize set to 524288")

    def brk(rank):
        ll = rank % nlocal
        return "%d[%s]" % (rank, busid(bus[ll]) if vt < (2, 18, 3) else str(ll))

    p2p = "P2P/IPC/read" if vt < (2, 19) else "P2P/CUMEM/read"
    nxt = (r + 1) % nranks
    prv = (r - 1) % nranks
    for c in range(nchan):
        if rings:
            pos = rings[c].index(r)
            nxt, prv = rings[c][(pos + 1) % nranks], rings[c][(pos - 1) % nranks]
        ch = ("Channel %02d/0 : " % c) if vt >= (2, 14) else ("Channel %02d : " % c)
        if nxt // nlocal == node and nranks > 1:
            info(ch + "%s -> %s via %s" % (brk(r), brk(nxt), p2p), "init", 1)
        elif nranks > 1:
            netdev = (L * hcas) // nlocal if net == "IB" else 0
            tr = ("NET/IB/%d/GDRDMA" if gdr else "NET/IB/%d") % netdev if net == "IB" else "NET/Socket/%d" % netdev
            info(ch + "%s -> %s [send] via %s" % (brk(r), brk(nxt), tr), "init", 1)
        if prv // nlocal != node and nranks > 1:
            netdev = (L * hcas) // nlocal if net == "IB" else 0
            tr = ("NET/IB/%d/GDRDMA" if gdr else "NET/IB/%d") % netdev if net == "IB" else "NET/Socket/%d" % netdev
            info(ch + "%s -> %s [receive] via %s" % (brk(prv), brk(r), tr), "init", 1)
    if vt >= (2, 24):
        info("Connected all rings, use ring PXN 0 GDR %d" % (1 if net == "IB" and gdr else 0), dt_ms=30)
    else:
        info("Connected all rings", dt_ms=30)
    if nnodes > 1 or nlocal > 2:
        for c in range(nchan):
            if L == 0 and nnodes > 1 and node + 1 < nnodes:
                netdev = 0
                tr = ("NET/IB/%d/GDRDMA" if gdr else "NET/IB/%d") % netdev if net == "IB" else "NET/Socket/%d" % netdev
                ch = "Channel %02d/0 : " % c
                info(ch + "%s -> %s [send] via %s" % (brk(r), brk(d2), tr), "init", 1)
    info("Connected all trees", dt_ms=10)
    info("threadThresholds 8/8/64 | %d/8/64 | 512 | 512" % (nranks * 8))
    if vt >= (2, 19):
        info("%d coll channels, %d collnet channels, 0 nvls channels, %d p2p channels, %d p2p channels per peer"
             % (nchan, 0, nchan * 2, max(1, nchan // 2)))
    else:
        info("%d coll channels, %d p2p channels, %d p2p channels per peer" % (nchan, nchan * 2, max(1, nchan // 2)))
    if vt < (2, 16):
        tail = "comm %s rank %d nranks %d cudaDev %d busId %s - Init COMPLETE" % (ptr, r, nranks, L, bid)
    elif vt < (2, 18, 3):
        tail = "comm %s rank %d nranks %d cudaDev %d busId %s commId %s - Init COMPLETE" % (ptr, r, nranks, L, bid, commid)
    elif vt < (2, 21):
        tail = "comm %s rank %d nranks %d cudaDev %d nvmlDev %d busId %s commId %s - Init COMPLETE" % (
            ptr, r, nranks, L, L, bid, commid)
    else:
        tail = "%s comm %s rank %d nranks %d cudaDev %d nvmlDev %d busId %s commId %s - Init COMPLETE" % (
            fn, ptr, r, nranks, L, L, bid, commid)
    info(tail, dt_ms=5)
    if vt >= (2, 23):
        info("Init timings - %s: rank %d nranks %d total %.2f (kernels 0.19, alloc 0.03, bootstrap %.2f, allgathers 0.01, "
             "topo 0.24, graphs 0.02, connections %.2f, rest 0.01)" % (fn, r, nranks, 1.1 + rnd.random() * 0.4,
                                                                      0.4 + rnd.random() * 0.2, 0.18 + rnd.random() * 0.1))
    p.comm = ptr
    return ptr, t


def nccl_teardown(p, t, v, nranks, what="Destroy", bus=BUS_H100):
    vt = vtuple(v)
    L = p.local
    if vt >= (2, 22):
        p.o(t, p.np("main") + "NCCL INFO comm %s rank %d nranks %d cudaDev %d busId %s - %s COMPLETE"
            % (p.comm, p.rank, nranks, L, busid(bus[L]), what))
    else:
        p.o(t, p.np("main") + "NCCL INFO comm %s rank %d nranks %d cudaDev %d busId %s - %s COMPLETE"
            % (p.comm, p.rank, nranks, L, busid(bus[L]), what))


def nccl_warn(p, t, where, msg, tid="proxy", stamp=False):
    """A WARN line (NCCL prints an empty line first).  stamp: NCCL >= 2.26 timestamp prefix."""
    p.o(t, "")
    p.o(t, (f_nccl(t) if stamp else "") + p.np(tid) + where + " NCCL WARN " + msg)


def nccl_unwind(p, t, frames, tid="proxy"):
    for i, (where, tag) in enumerate(frames):
        p.o(t + ms(i * 0.01), p.np(tid) + "NCCL INFO " + where + tag)


# --------------------------------------------------------------------------
# PyTorch c10d messages by version

PY = "/usr/local/lib/python3.10/dist-packages"


def work(seq, op, numel, timeout_ms, ver):
    """numel: int (in == out) or (in, out)"""
    if ver < (2, 1):
        return "WorkNCCL(SeqNum=%d, OpType=%s, Timeout(ms)=%d)" % (seq, op, timeout_ms)
    nin, nout = numel if isinstance(numel, tuple) else (numel, numel)
    return "WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d)" % (
        seq, op, nin, nout, timeout_ms)


def pgq(rank, ver):
    if ver >= (2, 5):
        return "[PG ID 0 PG GUID 0(default_pg) Rank %d]" % rank
    return "[PG 0 (default_pg) Rank %d]" % rank


def frames_c10(rnd, lib, fns):
    out = []
    for i, (fn, off) in enumerate(fns):
        where = lib if not fn.startswith("<unknown") else lib
        out.append("frame #%d: %s + %s (%s in %s)" % (i, fn, off, rnd.lib(where), where))
    return out


def watchdog_frames(rnd, pylib):
    return frames_c10(rnd, pylib + "/torch/lib/libc10.so", [("c10::Error::Error(c10::SourceLocation, std::string)", "0x96")]) + [
        "frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >) + 0x1d2 (%s in %s/torch/lib/libtorch_cuda.so)" % (rnd.lib(pylib + "/torch/lib/libtorch_cuda.so"), pylib),
        "frame #2: c10d::ProcessGroupNCCL::watchdogHandler() + 0x233 (%s in %s/torch/lib/libtorch_cuda.so)" % (rnd.lib(pylib + "/torch/lib/libtorch_cuda.so"), pylib),
        "frame #3: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x10c (%s in %s/torch/lib/libtorch_cuda.so)" % (rnd.lib(pylib + "/torch/lib/libtorch_cuda.so"), pylib),
        "frame #4: <unknown function> + 0xdc253 (%s in /lib/x86_64-linux-gnu/libstdc++.so.6)" % rnd.lib("libstdc++"),
        "frame #5: <unknown function> + 0x94ac3 (%s in /lib/x86_64-linux-gnu/libc.so.6)" % rnd.lib("libc"),
        "frame #6: clone + 0x44 (%s in /lib/x86_64-linux-gnu/libc.so.6)" % rnd.lib("libc"),
        "",
    ]


def torch_timeout(p, t, ver, seq, op, numel, timeout_ms, ran_ms, last_completed=None, short=False,
                  pylib=PY, fr_line=True, last_enqueued=None):
    """Emit, on p.err, what a rank prints when its watchdog times out (torch >= 1.13)."""
    r = p.rank
    rnd = p.rnd
    lc = seq - 1 if last_completed is None else last_completed
    le = seq if last_enqueued is None else last_enqueued
    w = work(seq, op, numel, timeout_ms, ver)
    msg = "[Rank %d] Watchdog caught collective operation timeout: %s ran for %d milliseconds before timing out." % (r, w, ran_ms)
    if ver >= (2, 4):
        pre = "[rank%d]:" % r
        if ver >= (2, 6):
            L = {"to": 632, "sum": 2168, "fr": 667, "some": 681, "avoid": 687, "term": 1901, "chk": 635, "wd": 1907}
        else:
            L = {"to": 607, "sum": 1664, "fr": 0, "some": 621, "avoid": 627, "term": 1515, "chk": 609, "wd": 1521}
        p.e(t, pre + c10(t, "E", "ProcessGroupNCCL.cpp:%d" % L["to"], rnd) + msg)
        t2 = t + ms(0.3)
        if ver >= (2, 6):
            p.e(t2, pre + c10(t2, "E", "ProcessGroupNCCL.cpp:%d" % L["sum"], rnd) +
                "%s  failure detected by watchdog at work sequence id: %d PG status: last enqueued work: %d, last completed work: %d"
                % (pgq(r, ver), seq, le, lc))
            if fr_line:
                p.e(t2, pre + c10(t2, "E", "ProcessGroupNCCL.cpp:%d" % L["fr"], rnd) +
                    "Stack trace of the failed collective not found, potentially because FlightRecorder is disabled. "
                    "You can enable it by setting TORCH_NCCL_TRACE_BUFFER_SIZE to a non-zero value.")
        else:
            p.e(t2, pre + c10(t2, "E", "ProcessGroupNCCL.cpp:%d" % L["sum"], rnd) +
                "%s Exception (either an error or timeout) detected by watchdog at work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d."
                % (pgq(r, ver), seq, le, lc))
        t3 = t2 + ms(0.1)
        p.e(t3, pre + c10(t3, "E", "ProcessGroupNCCL.cpp:%d" % L["some"], rnd) +
            "[Rank %d] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, "
            "subsequent GPU operations might run on corrupted/incomplete data." % r)
        p.e(t3, pre + c10(t3, "E", "ProcessGroupNCCL.cpp:%d" % L["avoid"], rnd) +
            "[Rank %d] To avoid data inconsistency, we are taking the entire process down." % r)
        t4 = t3 + ms(1.5)
        term = "%s Process group watchdog thread terminated with exception: %s" % (pgq(r, ver), msg)
        p.e(t4, pre + c10(t4, "E", "ProcessGroupNCCL.cpp:%d" % L["term"], rnd) + term)
        chk = "Exception raised from checkTimeout at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:%d (most recent call first):" % L["chk"]
        fr = watchdog_frames(rnd, pylib)
        if short:
            fr = fr[:1] + [""]
        p.elines(t4, [chk] + fr)
        p.elines(t4, ["terminate called after throwing an instance of 'c10::DistBackendError'",
                      "  what():  " + term, chk] + fr[:-1] +
                 ["", "Exception raised from ncclCommWatchdog at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:%d (most recent call first):" % L["wd"]] +
                 frames_c10(rnd, pylib + "/torch/lib/libc10.so", [("c10::Error::Error(c10::SourceLocation, std::string)", "0x96")]) +
                 ["frame #1: <unknown function> + 0xe5aa84 (%s in %s/torch/lib/libtorch_cuda.so)" % (rnd.lib(pylib + "/torch/lib/libtorch_cuda.so"), pylib),
                  "frame #2: <unknown function> + 0xdc253 (%s in /lib/x86_64-linux-gnu/libstdc++.so.6)" % rnd.lib("libstdc++"),
                  "frame #3: <unknown function> + 0x94ac3 (%s in /lib/x86_64-linux-gnu/libc.so.6)" % rnd.lib("libc"),
                  "frame #4: clone + 0x44 (%s in /lib/x86_64-linux-gnu/libc.so.6)" % rnd.lib("libc"), ""][: (1 if short else 99)])
        return t4
    elif ver >= (2, 1):
        p.e(t, c10_old("E", "ProcessGroupNCCL.cpp:475") + msg)
        t2 = t + ms(1)
        p.e(t2, c10_old("E", "ProcessGroupNCCL.cpp:489") + "Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.")
        p.e(t2, c10_old("E", "ProcessGroupNCCL.cpp:495") + "To avoid data inconsistency, we are taking the entire process down.")
        term = "[Rank %d] NCCL watchdog thread terminated with exception: %s" % (r, msg)
        p.e(t2, c10_old("E", "ProcessGroupNCCL.cpp:916") + term)
        p.elines(t2, ["terminate called after throwing an instance of 'std::runtime_error'", "  what():  " + term])
        return t2
    else:  # 1.13
        p.e(t, c10_old("E", "ProcessGroupNCCL.cpp:821") + msg)
        t2 = t + ms(1)
        p.e(t2, c10_old("E", "ProcessGroupNCCL.cpp:455") + "Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.")
        p.e(t2, c10_old("E", "ProcessGroupNCCL.cpp:460") + "To avoid data inconsistency, we are taking the entire process down.")
        p.elines(t2, ["terminate called after throwing an instance of 'std::runtime_error'", "  what():  " + msg])
        return t2


def torch_watchdog_exc(p, t, ver, what_lines, src="c10_cuda_check_implementation at ../c10/cuda/CUDAException.cpp:43",
                       exc="c10::Error", pylib=PY, hints=True, pre_terminate=False):
    """Watchdog thread dies on an exception (CUDA error / async NCCL error), torch >= 2.4."""
    r = p.rank
    rnd = p.rnd
    pre = "[rank%d]:" % r
    L = 1901 if ver >= (2, 6) else 1515
    first = "%s Process group watchdog thread terminated with exception: %s" % (pgq(r, ver), what_lines[0])
    if pre_terminate:
        p.e(t, "terminate called after throwing an instance of '%s'" % exc)
    p.e(t, pre + c10(t, "E", "ProcessGroupNCCL.cpp:%d" % L, rnd) + first)
    body = list(what_lines[1:])
    p.elines(t, body + ["", "Exception raised from %s (most recent call first):" % src] +
             frames_c10(rnd, pylib + "/torch/lib/libc10.so", [("c10::Error::Error(c10::SourceLocation, std::string)", "0x96"),
                                                              ("c10::detail::torchCheckFail(char const*, char const*, unsigned int, std::string const&)", "0x64")]) +
             ["frame #2: c10::cuda::c10_cuda_check_implementation(int, char const*, char const*, int, bool) + 0x118 (%s in %s/torch/lib/libc10_cuda.so)" % (rnd.lib(pylib + "/torch/lib/libc10_cuda.so"), pylib),
              "frame #3: c10d::ProcessGroupNCCL::WorkNCCL::finishedGPUExecutionInternal() const + 0x56 (%s in %s/torch/lib/libtorch_cuda.so)" % (rnd.lib(pylib + "/torch/lib/libtorch_cuda.so"), pylib),
              "frame #4: c10d::ProcessGroupNCCL::WorkNCCL::isCompleted() + 0xa0 (%s in %s/torch/lib/libtorch_cuda.so)" % (rnd.lib(pylib + "/torch/lib/libtorch_cuda.so"), pylib),
              "frame #5: c10d::ProcessGroupNCCL::watchdogHandler() + 0x617 (%s in %s/torch/lib/libtorch_cuda.so)" % (rnd.lib(pylib + "/torch/lib/libtorch_cuda.so"), pylib),
              "frame #6: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x14d (%s in %s/torch/lib/libtorch_cuda.so)" % (rnd.lib(pylib + "/torch/lib/libtorch_cuda.so"), pylib),
              "frame #7: <unknown function> + 0xdc253 (%s in /lib/x86_64-linux-gnu/libstdc++.so.6)" % rnd.lib("libstdc++"),
              "frame #8: <unknown function> + 0x94ac3 (%s in /lib/x86_64-linux-gnu/libc.so.6)" % rnd.lib("libc"),
              "frame #9: clone + 0x44 (%s in /lib/x86_64-linux-gnu/libc.so.6)" % rnd.lib("libc"), ""])
    if not pre_terminate:
        p.elines(t, ["terminate called after throwing an instance of '%s'" % exc, "  what():  " + first] + body)


CUDA_HINTS = ["CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
              "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
              "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."]


# --------------------------------------------------------------------------
# Python tracebacks

def traceback(frames, exc, prefix=""):
    """frames: list of (file, line, func, code)"""
    out = [prefix + "Traceback (most recent call last):"]
    for (f, ln, fn, code) in frames:
        out.append(prefix + '  File "%s", line %d, in %s' % (f, ln, fn))
        if code is not None:
            out.append(prefix + "    " + code)
    if isinstance(exc, str):
        exc = [exc]
    out.extend(prefix + e for e in exc)
    return out


def rec_frame(pylib=PY, line=355):
    return (pylib + "/torch/distributed/elastic/multiprocessing/errors/__init__.py", line, "wrapper", "return f(*args, **kwargs)")


def torchrun_tb(pylib=PY, ver=(2, 4), binpath="/usr/local/bin/torchrun"):
    if ver >= (2, 4):
        fr = [(binpath, 8, "<module>", "sys.exit(main())"),
              (pylib + "/torch/distributed/elastic/multiprocessing/errors/__init__.py", 355, "wrapper", "return f(*args, **kwargs)"),
              (pylib + "/torch/distributed/run.py", 919, "main", "run(args)"),
              (pylib + "/torch/distributed/run.py", 910, "run", "elastic_launch("),
              (pylib + "/torch/distributed/launcher/api.py", 138, "__call__", "return launch_agent(self._config, self._entrypoint, list(args))"),
              (pylib + "/torch/distributed/launcher/api.py", 269, "launch_agent", "raise ChildFailedError(")]
    elif ver >= (2, 1):
        fr = [(binpath, 8, "<module>", "sys.exit(main())"),
              (pylib + "/torch/distributed/elastic/multiprocessing/errors/__init__.py", 346, "wrapper", "return f(*args, **kwargs)"),
              (pylib + "/torch/distributed/run.py", 806, "main", "run(args)"),
              (pylib + "/torch/distributed/run.py", 797, "run", "elastic_launch("),
              (pylib + "/torch/distributed/launcher/api.py", 134, "__call__", "return launch_agent(self._config, self._entrypoint, list(args))"),
              (pylib + "/torch/distributed/launcher/api.py", 264, "launch_agent", "raise ChildFailedError(")]
    else:
        fr = [(binpath, 8, "<module>", "sys.exit(main())"),
              (pylib + "/torch/distributed/elastic/multiprocessing/errors/__init__.py", 346, "wrapper", "return f(*args, **kwargs)"),
              (pylib + "/torch/distributed/run.py", 762, "main", "run(args)"),
              (pylib + "/torch/distributed/run.py", 753, "run", "elastic_launch("),
              (pylib + "/torch/distributed/launcher/api.py", 132, "__call__", "return launch_agent(self._config, self._entrypoint, list(args))"),
              (pylib + "/torch/distributed/launcher/api.py", 246, "launch_agent", "raise ChildFailedError(")]
    return traceback(fr, "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ")


def child_failed(script, root, others=()):
    """ChildFailedError summary block.  Entries: dict(time, host, rank, local, exitcode, pid, error_file, tb)
    where tb is a list of lines (first goes after 'traceback : ')."""

    def entry(i, e):
        lines = ["[%d]:" % i,
                 "  time      : %s" % f_te(e["time"]),
                 "  host      : %s" % e["host"],
                 "  rank      : %d (local_rank: %d)" % (e["rank"], e["local"]),
                 "  exitcode  : %d (pid: %d)" % (e["exitcode"], e["pid"]),
                 "  error_file: %s" % e.get("error_file", "<N/A>")]
        tb = e.get("tb")
        if tb is None:
            if e["exitcode"] < 0:
                sig = {-6: "SIGABRT", -9: "SIGKILL", -11: "SIGSEGV", -15: "SIGTERM", -7: "SIGBUS"}[e["exitcode"]]
                tb = ["Signal %d (%s) received by PID %d" % (-e["exitcode"], sig, e["pid"])]
            else:
                tb = ["To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html"]
        lines.append("  traceback : " + tb[0])
        lines.extend("  " + x for x in tb[1:])
        return lines

    body = ["%s FAILED" % script, "Failures:"]
    ents = []
    for i, e in enumerate(others):
        ents.extend(entry(i + 1, e))
    rootl = entry(0, root)
    width = min(60, max(len(x) for x in body + ents + rootl + ["Root Cause (first observed failure):"]))
    out = ["=" * width, "%s FAILED" % script, "-" * width, "Failures:"]
    out.extend(ents if ents else ["  <NO_OTHER_FAILURES>"])
    out += ["-" * width, "Root Cause (first observed failure):"] + rootl + ["=" * width]
    return out


# --------------------------------------------------------------------------
# torchrun agent messages by version

class Agent:
    def __init__(self, proc, ver, pylib=PY):
        self.p, self.ver, self.pylib = proc, ver, pylib

    def _hdr(self, t, sev, where, logger):
        if self.ver >= (2, 4):
            path = "torch/distributed/" + where
            return glog_py(t, sev, self.p.pid, path)
        if self.ver >= (2, 1):
            return pylog21(t, logger, {"W": "WARNING", "E": "ERROR", "I": "INFO"}[sev])
        return {"W": "WARNING", "E": "ERROR", "I": "INFO"}[sev] + ":" + logger + ":"

    def start(self, t, nproc):
        if nproc <= 1:
            return
        where, logger = ("run.py:793", "torch.distributed.run")
        if self.ver >= (2, 4):
            msg = ["", "*****************************************",
                   "Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. ",
                   "*****************************************"]
            for m in msg:
                self.p.e(t, self._hdr(t, "W", where, logger) + m)
        elif self.ver >= (2, 1):
            msg = ["", "*****************************************",
                   "Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. ",
                   "*****************************************"]
            for m in msg:
                self.p.e(t, self._hdr(t, "W", where, logger) + m)
        else:
            self.p.e(t, "WARNING:torch.distributed.run:")
            self.p.e(t, "*****************************************")
            self.p.e(t, "Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. ")
            self.p.e(t, "*****************************************")

    def sigterm(self, t, pid):
        where = "elastic/multiprocessing/api.py:%d" % (897 if self.ver >= (2, 6) else 858)
        self.p.e(t, self._hdr(t, "W", where, "torch.distributed.elastic.multiprocessing.api") +
                 "Sending process %d closing signal SIGTERM" % pid)

    def failed(self, t, exitcode, local, pid, binary="/usr/bin/python3"):
        where = "elastic/multiprocessing/api.py:%d" % (869 if self.ver >= (2, 6) else 833)
        self.p.e(t, self._hdr(t, "E", where, "torch.distributed.elastic.multiprocessing.api") +
                 "failed (exitcode: %d) local_rank: %d (pid: %d) of binary: %s" % (exitcode, local, pid, binary))

    def child_failed(self, t, script, root, others=()):
        self.p.elines(t, torchrun_tb(self.pylib, self.ver) + child_failed(script, root, others))


def kill_sequence(agent, t, procs, failed, binary="/usr/bin/python3"):
    """Agent SIGTERMs the surviving workers, then reports the failed one(s).
    failed: list of (proc, exitcode).  Returns time after."""
    fpids = set(p.pid for p, _ in failed)
    for i, p in enumerate(procs):
        if p.pid not in fpids:
            agent.sigterm(t + ms(i), p.pid)
    t2 = t + ms(len(procs) + 30) + secs(0)
    for p, rc in failed:
        agent.failed(t2, rc, p.local, p.pid, binary)
    return t2


# --------------------------------------------------------------------------
# CUDA OOM messages by version

def oom_msg(ver, req, gpu, total, free, inuse, alloc, reserved_unalloc, pid=None):
    """Return the exception line (without prefix)."""
    if ver >= (2, 5):
        cls = "torch.OutOfMemoryError"
    else:
        cls = "torch.cuda.OutOfMemoryError"
    if ver >= (2, 2):
        proc = ("Process %d has %s memory in use. " % (pid, inuse)) if pid else \
            ("Including non-PyTorch memory, this process has %s memory in use. " % inuse)
        return ("%s: CUDA out of memory. Tried to allocate %s. GPU %d has a total capacity of %s of which %s is free. %s"
                "Of the allocated memory %s is allocated by PyTorch, and %s is reserved by PyTorch but unallocated. "
                "If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True "
                "to avoid fragmentation.  See documentation for Memory Management  "
                "(https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"
                % (cls, req, gpu, total, free, proc, alloc, reserved_unalloc))
    if ver >= (2, 1):
        proc = ("Process %d has %s memory in use. " % (pid, inuse)) if pid else \
            ("Including non-PyTorch memory, this process has %s memory in use. " % inuse)
        return ("torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate %s. GPU %d has a total capacty of %s of which %s is free. %s"
                "Of the allocated memory %s is allocated by PyTorch, and %s is reserved by PyTorch but unallocated. "
                "If reserved but unallocated memory is large try setting max_split_size_mb to avoid fragmentation.  "
                "See documentation for Memory Management and PYTORCH_CUDA_ALLOC_CONF"
                % (req, gpu, total, free, proc, alloc, reserved_unalloc))
    raise ValueError("old OOM format not needed")


# --------------------------------------------------------------------------
# renderers for combined logs

def tee_prefix(p, w):
    """torchrun --tee 3: '[default3]:' on worker lines, nothing on the agent's own lines"""
    return "" if p.rank is None else "[default%d]:" % p.local


def srun_prefix(p, w):
    return "" if p.rank is None else "%d: " % p.rank


def hf_explicit(t, level, where):
    """transformers enable_explicit_format(): [INFO|trainer.py:1723] 2023-11-14 08:01:12,345 >> """
    return "[%s|%s] %s >> " % (level, where, f_pylog(t))


def kern_oom(host, t, uptime, victim_pid, comm, cg, rnd, anon_kb, total_vm_kb, kernel="5.15.0-88-generic #98-Ubuntu",
             hw="Supermicro SYS-821GE-TNHR/X13DEG-OAD, BIOS 2.1 04/12/2023", style="kernlog", cpu=37):
    """Kernel memcg OOM report lines.  style 'kernlog': 'Nov 14 09:12:41 host kernel: [ up] msg'."""
    msgs = [
        "%s invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=0" % comm,
        "CPU: %d PID: %d Comm: %s Tainted: P           OE     %s" % (cpu, victim_pid, comm, kernel),
        "Hardware name: %s" % hw,
        "Call Trace:",
        " <TASK>",
        " dump_stack_lvl+0x48/0x70",
        " dump_header+0x4a/0x240",
        " oom_kill_process+0xf9/0x190",
        " out_of_memory+0x256/0x540",
        " mem_cgroup_out_of_memory+0x13f/0x160",
        " try_charge_memcg+0x69e/0x7c0",
        " charge_memcg+0x45/0xb0",
        " __mem_cgroup_charge+0x2d/0x90",
        " do_anonymous_page+0x109/0x3e0",
        " __handle_mm_fault+0x82d/0xc20",
        " handle_mm_fault+0xd8/0x2c0",
        " do_user_addr_fault+0x1c2/0x670",
        " exc_page_fault+0x77/0x170",
        " asm_exc_page_fault+0x27/0x30",
        " </TASK>",
        "memory: usage %dkB, limit %dkB, failcnt 1843" % (503316480, 503316480),
        "swap: usage 0kB, limit 0kB, failcnt 0",
        "Memory cgroup stats for %s:" % cg.rsplit("/step_", 1)[0],
        "anon %d" % (anon_kb * 1024 * 5),
        "file 1290813440",
        "kernel 2197815296",
        "shmem 10737418240",
        "Tasks state (memory values in pages):",
        "[  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name",
    ]
    return msgs


def kern_oom_tail(victim_pid, comm, oom_cg, task_cg, anon_kb, total_vm_kb, file_kb=1213440, shmem_kb=10485760):
    return [
        "oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=step_0,mems_allowed=0-1,oom_memcg=%s,task_memcg=%s,task=%s,pid=%d,uid=1000"
        % (oom_cg, task_cg, comm, victim_pid),
        "Memory cgroup out of memory: Killed process %d (%s) total-vm:%dkB, anon-rss:%dkB, file-rss:%dkB, shmem-rss:%dkB, UID:1000 pgtables:%dkB oom_score_adj:0"
        % (victim_pid, comm, total_vm_kb, anon_kb, file_kb, shmem_kb, anon_kb // 480),
    ]


class Kern:
    """Kernel ring buffer of one host; renders as kern.log (syslog + uptime) or raw dmesg."""

    def __init__(self, host, boot):
        self.host, self.boot, self.items = host, boot, []

    def add(self, t, msg, step_us=0):
        self.items.append((t, len(self.items), msg))

    def addn(self, t, msgs, step_us=3):
        for i, m in enumerate(msgs):
            self.add(t + dt.timedelta(microseconds=step_us * i), m)

    def up(self, t):
        d = t - self.boot
        return "[%5d.%06d]" % (d.days * 86400 + d.seconds, d.microseconds)

    def sorted(self):
        return sorted(self.items, key=lambda x: (x[0], x[1]))

    def kernlog(self, since=None):
        return ["%s %s kernel: %s %s" % (f_syslog(t), self.host, self.up(t), m)
                for (t, _, m) in self.sorted() if since is None or t >= since]

    def dmesg(self):
        return ["%s %s" % (self.up(t), m) for (t, _, m) in self.sorted()]

    def dmesg_T(self):
        return ["[%s] %s" % (t.strftime("%a %b ") + ("%2d" % t.day) + t.strftime(" %H:%M:%S %Y"), m)
                for (t, _, m) in self.sorted()]


def slurm_task_list(ts_):
    """[0,1,2,4,5,7] -> '0-2,4-5,7'"""
    ts_ = sorted(ts_)
    out, i = [], 0
    while i < len(ts_):
        j = i
        while j + 1 < len(ts_) and ts_[j + 1] == ts_[j] + 1:
            j += 1
        out.append(str(ts_[i]) if i == j else "%d-%d" % (ts_[i], ts_[j]))
        i = j + 1
    return ",".join(out)


def srun_label(ntasks):
    """srun --label pads the task id to the width of the largest id (slurm step_io.c _wid)."""
    w = len(str(max(0, ntasks - 1)))

    def pre(p, which):
        return "" if p.rank is None else "%*d: " % (w, p.rank)
    return pre


def megatron_args(pairs):
    """Megatron-LM argument dump: '  name ..... value' with len(name)+len(dots) == 48."""
    out = ["------------------------ arguments ------------------------"]
    for k, v in sorted(pairs.items()):
        out.append("  %s %s %s" % (k, "." * max(1, 48 - len(k)), v))
    out.append("-------------------- end of arguments ---------------------")
    return out


def titan_log(p, t, msg, era=2024, level="INFO", to="err"):
    """torchtitan logger: 2024 '%(asctime)s - root - INFO - ', 2025+ '[titan] %(asctime)s - root - INFO - '"""
    pre = ("[titan] " if era >= 2025 else "") + "%s - root - %s - " % (f_pylog(t), level)
    (p.e if to == "err" else p.o)(t, pre + msg)


ANSI = {"red": "\x1b[31m", "green": "\x1b[32m", "yellow": "\x1b[33m", "blue": "\x1b[34m", "magenta": "\x1b[35m",
        "cyan": "\x1b[36m", "reset": "\x1b[39m"}


def titan_step(step, loss, mem_gib, mem_pct, tps, mfu, era=2024, grad_norm=None, tflops=None, color=False):
    c = ANSI if color else {k: "" for k in ANSI}
    if era < 2025:
        return ("{r}step: {s:2}  {g}loss: {l:7.4f}  {y}memory: {m:5.2f}GiB({mp:.2f}%)  {b}wps: {w}  {mg}mfu: {f:.2f}%{x}"
                .format(r=c["red"], g=c["green"], y=c["yellow"], b=c["blue"], mg=c["magenta"], x=c["reset"],
                        s=step, l=loss, m=mem_gib, mp=mem_pct, w="{:,}".format(tps), f=mfu))
    return ("{r}step: {s:2}  {g}loss: {l:8.5f}  {gr}grad_norm: {gn:7.4f}  {y}memory: {m:5.2f}GiB({mp:.2f}%)  {b}tps: {w}  "
            "{c}tflops: {tf}  {mg}mfu: {f:.2f}%{x}"
            .format(r=c["red"], g=c["green"], gr=c["cyan"], y=c["yellow"], b=c["blue"], c=c["cyan"], mg=c["magenta"],
                    x=c["reset"], s=step, l=loss, gn=grad_norm, m=mem_gib, mp=mem_pct, w="{:,}".format(tps),
                    tf="{:,.2f}".format(tflops), f=mfu))


# --------------------------------------------------------------------------
# GPU telemetry (docs/TELEMETRY.md)

def pci(bus):
    """nvidia-smi's pci.bus_id of a GPU on bus `bus`: 00000000:2A:00.0"""
    return "00000000:%s:00.0" % bus.upper()


def f_smi(t):
    """nvidia-smi --query-gpu=timestamp: 2024/05/01 12:00:00.123"""
    return t.strftime("%Y/%m/%d %H:%M:%S.") + "%03d" % (t.microsecond // 1000)


SMI_CSV_HEADER = ("timestamp, index, pci.bus_id, power.draw [W], utilization.gpu [%], "
                  "memory.used [MiB]")


def smi_csv(t0, t1, period_s, ngpu, sample, bus=BUS_H100):
    """nvidia-smi --query-gpu=timestamp,index,pci.bus_id,power.draw,utilization.gpu,memory.used
    --format=csv -l PERIOD: the header, then one row per GPU per period.
    sample(t, gpu) -> (power_w, util_pct, mem_mib); power None prints [N/A]; None: no row
    (a GPU NVML lost: nvidia-smi reports it on stderr and prints the others' rows)."""
    lines = [SMI_CSV_HEADER]
    t = t0
    while t <= t1:
        for g in range(ngpu):
            tg = t + ms(g * 2)
            row = sample(t, g)
            if row is None:
                continue
            pw, ut, mem = row
            lines.append("%s, %d, %s, %s, %d %%, %d MiB" % (
                f_smi(tg), g, pci(bus[g]), "[N/A]" if pw is None else "%.2f W" % pw, ut, mem))
        t = t + secs(period_s)
    return lines


def smi_q_pair(indent, key, value):
    """nvidia-smi -q aligns every ' : ' at column 42"""
    k = " " * indent + key
    return "%-42s: %s" % (k, value)


def smi_q_dump(t, driver, cuda, gpus):
    """One `nvidia-smi -q -d MEMORY,UTILIZATION,POWER` dump (R535 layout: `GPU Power Readings`).
    gpus: list of (bus, product, power_w, util_pct, mem_used_mib)."""
    out = ["", "==============NVSMI LOG==============", "",
           smi_q_pair(0, "Timestamp", t.strftime("%a %b ") + ("%2d" % t.day) + t.strftime(" %H:%M:%S %Y")),
           smi_q_pair(0, "Driver Version", driver), smi_q_pair(0, "CUDA Version", cuda), "",
           smi_q_pair(0, "Attached GPUs", str(len(gpus)))]
    for bus, product, pw, ut, mem in gpus:
        out += ["GPU " + pci(bus),
                "    FB Memory Usage",
                smi_q_pair(8, "Total", "81559 MiB"), smi_q_pair(8, "Reserved", "551 MiB"),
                smi_q_pair(8, "Used", "%d MiB" % mem), smi_q_pair(8, "Free", "%d MiB" % (81559 - 551 - mem)),
                "    BAR1 Memory Usage",
                smi_q_pair(8, "Total", "131072 MiB"), smi_q_pair(8, "Used", "1 MiB"),
                smi_q_pair(8, "Free", "131071 MiB"),
                "    Utilization",
                smi_q_pair(8, "Gpu", "%d %%" % ut), smi_q_pair(8, "Memory", "%d %%" % (ut * 2 // 5)),
                smi_q_pair(8, "Encoder", "0 %"), smi_q_pair(8, "Decoder", "0 %"),
                smi_q_pair(8, "JPEG", "0 %"), smi_q_pair(8, "OFA", "0 %"),
                "    GPU Power Readings",
                smi_q_pair(8, "Power Draw", "%.2f W" % pw),
                smi_q_pair(8, "Current Power Limit", "700.00 W"),
                smi_q_pair(8, "Requested Power Limit", "700.00 W"),
                smi_q_pair(8, "Default Power Limit", "700.00 W"),
                smi_q_pair(8, "Min Power Limit", "200.00 W"),
                smi_q_pair(8, "Max Power Limit", "700.00 W"),
                "    Module Power Readings",
                smi_q_pair(8, "Power Draw", "N/A"),
                smi_q_pair(8, "Current Power Limit", "N/A"),
                ""]
    return out


DCGM_HELP = [
    ("DCGM_FI_DEV_SM_CLOCK", "gauge", "SM clock frequency (in MHz)."),
    ("DCGM_FI_DEV_GPU_TEMP", "gauge", "GPU temperature (in C)."),
    ("DCGM_FI_DEV_POWER_USAGE", "gauge", "Power draw (in W)."),
    ("DCGM_FI_DEV_GPU_UTIL", "gauge", "GPU utilization (in %)."),
    ("DCGM_FI_DEV_FB_USED", "gauge", "Framebuffer memory used (in MiB)."),
    ("DCGM_FI_DEV_XID_ERRORS", "gauge", "Value of the last XID error encountered."),
]


def dcgm_scrape(host, driver, model, gpus):
    """One scrape of dcgm-exporter's /metrics (3.3 labels: gpu, UUID, pci_bus_id, device, modelName,
    Hostname, DCGM_FI_DRIVER_VERSION), no sample timestamps.
    gpus: list of (bus, uuid, sm_mhz, temp_c, power_w, util_pct, fb_used_mib)."""
    out = []
    for k, (name, typ, help_) in enumerate(DCGM_HELP):
        out += ["# HELP %s %s" % (name, help_), "# TYPE %s %s" % (name, typ)]
        for g, (bus, uuid, sm, temp, pw, ut, fb) in enumerate(gpus):
            lab = ('gpu="%d",UUID="%s",pci_bus_id="%s",device="nvidia%d",modelName="%s",Hostname="%s",'
                   'DCGM_FI_DRIVER_VERSION="%s"' % (g, uuid, pci(bus), g, model, host, driver))
            v = [str(sm), str(temp), "%.6f" % pw, str(ut), str(fb), "0"][k]
            out.append("%s{%s} %s" % (name, lab, v))
    return out


# NCCL RAS (2.24+): the ncclras client's text report (ras/client_support.cc; real form: excerpt nccl-023)

def ncclras_report(nv, cuda, nnodes, nlocal, status, errors, error_lines=(), warning_lines=(), coll_s=0.0):
    """The text `ncclras` prints for a job of nnodes x nlocal single-GPU processes with one world communicator.
    status: RUNNING/INIT/...; errors: OK, MISMATCH, INCOMPLETE, ... as in the Errors column;
    error_lines / warning_lines: the Errors / Warnings sections' bodies (each block ends with a blank line)."""
    n = nnodes * nlocal
    cv = "%d" % (int(cuda.split(".")[0]) * 1000 + int(cuda.split(".")[1]) * 10)
    out = ["NCCL version %s compiled with CUDA %s" % (nv, cuda),
           "CUDA runtime version %s, driver version %s" % (cv, cv),
           "",
           "Job summary",
           "===========",
           "",
           "  Nodes  Processes         GPUs  Processes     GPUs",
           "(total)   per node  per process    (total)  (total)",
           "%7d  %9d  %11d  %9d  %7d" % (nnodes, nlocal, 1, n, n),
           "",
           "Communicators... (%.2fs)" % coll_s,
           "=============",
           "",
           "Group     Comms     Nodes     Ranks     Ranks     Ranks    Status  Errors",
           "    #  in group  per comm  per node  per comm  in group",
           "%5d  %8d  %8d  %8s  %8d  %8d  %8s  %6s" % (0, 1, nnodes, str(nlocal), n, n, status, errors),
           "",
           "Errors",
           "======",
           ""]
    out += list(error_lines)
    out += ["Warnings", "========", ""]
    out += list(warning_lines)
    return out


def ras_rank_line(rank, gpu, pid, node, head=None):
    """  Rank N -- GPU g managed by process P on node X  (head: e.g. 'has launched up to operation 12')"""
    return "  Rank %d%s -- GPU %d managed by process %d on node %s" % (rank, " " + head if head else "", gpu, pid, node)
