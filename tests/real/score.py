#!/usr/bin/env python3
"""Scores faultline on the real-log corpus (testdata/real/).

Runs `faultline analyze LOG --format json` on every excerpt of a half, each
into its own throw-away store, and compares four answers with the excerpt's
sidecar: the likely cause, the first failing rank, the hung collective and
the world size. A sidecar field that is null is not scored.

    score.py [--half dev|test|both] [--faultline PATH] [--corpus DIR]
             [--jobs N] [--verbose] [--wrap kubectl|journald|compose|crlf]
             [--shape per-rank] [--json FILE] [--check-floor FLOOR.json]

--wrap rewrites every excerpt as a log collector would have handed it over
(each line behind kubectl's or journald's stamp, behind docker compose's
container column, or ended by CR LF) before analysing it: the same job
with the same lines must get the same answers, and --check-floor then
holds the test half to the floor.json's `wrapped` entry for that wrap.

--shape per-rank hands each excerpt over as a bundle of per-process files
instead, as a job's own log directory holds them: the lines of each rank
(by the prefix its lines carry: torch's `[rankN]:`, torchrun's
`[defaultN]:`, srun's `N: ` label) in a file of their own, the rest in the
file the excerpt was, packed as a .tar.gz. Nothing in a line changes. An
excerpt whose lines name fewer than two ranks is analysed as it is. Each
bundle is analysed twice, its members in name order and in the reverse,
since how a bundle was packed is not an order of events: an answer counts
only when both give it. The floor is floor.json's `wrapped` entry
`per-rank`.

Each excerpt is analysed under the name its lines had, not under its
slug, whose words (`...-rank1-aborted`) path attribution would read as a
rank or a host: a committed file's own name (the path in its sidecar's
source), and `excerpt.log` for a thread's paste, which had none.

Exit status: 0 when every excerpt was scored; 1 when the tool failed on an
excerpt (crash, non-zero exit, output that is not a JSON report) or, with
--check-floor, when the test half's accuracy on a floored field (cause,
first rank, world size) fell below the floor. baseline.py reuses this
module to score the naive baseline the same way."""
import argparse
import concurrent.futures
import datetime
import io
import json
import os
import pathlib
import re
import subprocess
import sys
import tarfile
import tempfile

# Importing the sibling checker must not leave __pycache__ in the source tree.
sys.dont_write_bytecode = True
from check_sidecars import REPO_FILE  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[2]
CORPUS = ROOT / "testdata" / "real"
HALVES = ("dev", "test")
# Sidecar field -> how the answer reads out of a JSON report.
FIELDS = ("cause", "first_rank", "hang_collective", "world_size")
TIMEOUT_S = 60


def excerpts(half, corpus=CORPUS):
    """(log path, sidecar dict) of every excerpt of a half, by name."""
    for log in sorted((corpus / half).glob("*.log")):
        side = json.loads(log.with_suffix(".json").read_text())
        yield log, side


def answers_from_report(report):
    """The four scored answers of one faultline JSON report."""
    verdict = report["verdict"]
    cause = verdict.get("likely_cause") or {}
    first = verdict.get("first_failure") or {}
    hang = verdict.get("hang") or {}
    return {
        "cause": cause.get("id"),
        "first_rank": first.get("rank"),
        "hang_collective": hang.get("collective"),
        "world_size": report["run"].get("ranks"),
    }


# The first line's stamp of a wrapped excerpt; each line 1 ms after the one
# before (a process writing a report line by line is faster, so any answer
# that changes under these stamps would change under real ones too).
WRAP_T0 = datetime.datetime(2024, 5, 1, 12, 0, 0)


def _at(i):
    return WRAP_T0 + datetime.timedelta(milliseconds=i)


# How each collector hands a line over: `kubectl logs --timestamps` (RFC
# 3339 with nanoseconds), `journalctl -o short-precise` (the process's
# syslog tag), `docker compose logs` (the container's column), and a file
# written with CR LF line ends.
WRAPS = {
    "kubectl": lambda i, line: f"{_at(i):%Y-%m-%dT%H:%M:%S.%f}123Z {line}",
    "journald": lambda i, line: f"{_at(i):%b %d %H:%M:%S.%f} gpu-node-07 python3[4242]: {line}",
    "compose": lambda i, line: f"trainer-1  | {line}",
    "crlf": lambda i, line: f"{line}\r",
}


def analysed_name(log):
    """The file name an excerpt is analysed under (see the module's doc)."""
    side = log.with_suffix(".json")
    source = json.loads(side.read_text()).get("source", "") if side.exists() else ""
    m = REPO_FILE.match(source) if isinstance(source, str) else None
    name = pathlib.PurePosixPath(m.group("path")).name if m else ""
    return name or "excerpt.log"


def wrap_text(data, wrap):
    """The bytes of a log as the collector `wrap` would have written them."""
    text = data.decode("utf-8", "surrogateescape")
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    out = "".join(WRAPS[wrap](i, line) + "\n" for i, line in enumerate(lines))
    return out.encode("utf-8", "surrogateescape")


def wrapped_predictor(predict, wrap):
    """predict() run on each excerpt rewritten by wrap_text(), its sidecar
    beside it (which names the file the lines came from)."""
    def run(log):
        with tempfile.TemporaryDirectory(prefix="fl-wrap-") as tmp:
            path = pathlib.Path(tmp) / log.name
            path.write_bytes(wrap_text(log.read_bytes(), wrap))
            side = log.with_suffix(".json")
            if side.exists():
                path.with_suffix(".json").write_bytes(side.read_bytes())
            return predict(path)
    return run


class ToolError(Exception):
    """faultline did not produce a usable report for an excerpt."""


def faultline_predictor(binary):
    """A predictor that runs the real binary, each excerpt in a fresh store
    inside a temporary directory that is removed afterwards, the excerpt
    copied there under analysed_name() (or the name it is given)."""
    def predict(log, name=None):
        with tempfile.TemporaryDirectory(prefix="fl-real-") as tmp:
            env = dict(os.environ, FAULTLINE_DB=os.path.join(tmp, "env.db"),
                       XDG_DATA_HOME=tmp)
            staged = pathlib.Path(tmp) / "in" / (name or analysed_name(log))
            staged.parent.mkdir()
            staged.write_bytes(log.read_bytes())
            cmd = [binary, "analyze", str(staged), "--db",
                   os.path.join(tmp, "store.db"), "--format", "json"]
            try:
                proc = subprocess.run(cmd, capture_output=True, env=env,
                                      timeout=TIMEOUT_S)
            except subprocess.TimeoutExpired:
                raise ToolError(f"timed out after {TIMEOUT_S}s")
            if proc.returncode != 0:
                err = proc.stderr.decode(errors="replace").strip()
                raise ToolError(f"exit {proc.returncode}: {err}")
            try:
                return answers_from_report(json.loads(proc.stdout))
            except (ValueError, KeyError, TypeError) as exc:
                raise ToolError(f"not a JSON report: {exc}")
    return predict


# The prefixes that name a line's process, and where a job's log directory
# keeps that process's lines: torch's own `[rankN]:` (the global rank) in
# per-rank files, torchrun's `[defaultN]:` (the local rank) in its --log-dir
# layout, srun's `--label` (the task, which may be a node's launcher) in
# `--output=task-%t.out` files. torch's and torchrun's prefixes may stand
# behind srun's label (one launcher a node under srun).
RANK_PREFIXES = (
    (re.compile(rb"^(?: *\d{1,5}: )?\[rank(\d+)\]:"), "rank{}.log"),
    (re.compile(rb"^(?: *\d{1,5}: )?\[default(\d+)\]:"), "attempt_0/{}/stdout.log"),
    (re.compile(rb"^ *(\d{1,5}): "), "task-{}.out"),
)


def split_by_rank(data, rest):
    """{member path: bytes} of a log split by the prefix that names the most
    processes (two at least), the unprefixed lines in `rest`; None when no
    prefix names two."""
    lines = data.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    best, most = None, 1
    for rx, name in RANK_PREFIXES:
        seen = {m.group(1) for m in map(rx.match, lines) if m}
        if len(seen) > most:
            best, most = (rx, name), len(seen)
    if best is None:
        return None
    rx, name = best
    files = {}
    for line in lines:
        m = rx.match(line)
        path = name.format(int(m.group(1))) if m else rest
        files.setdefault(path, []).append(line + b"\n")
    return {path: b"".join(body) for path, body in files.items()}


def pack(files, order):
    """A .tar.gz of files under job/, members in the given order of paths."""
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz") as tar:
        for path in order:
            info = tarfile.TarInfo("job/" + path)
            info.size = len(files[path])
            info.mtime = 0
            tar.addfile(info, io.BytesIO(files[path]))
    return buf.getvalue()


def per_rank_predictor(predict):
    """predict() run on each excerpt split by split_by_rank() and packed
    twice, in name order and in the reverse; a field both runs do not
    answer alike is answered `order-dependent`, which no sidecar holds."""
    def run(log):
        files = split_by_rank(log.read_bytes(), analysed_name(log))
        if files is None:
            return predict(log)
        with tempfile.TemporaryDirectory(prefix="fl-split-") as tmp:
            answers = []
            for order in (sorted(files), sorted(files, reverse=True)):
                bundle = pathlib.Path(tmp) / "job.tar.gz"
                bundle.write_bytes(pack(files, order))
                answers.append(predict(bundle, "job.tar.gz"))
        a, b = answers
        return {f: a[f] if a[f] == b[f] else "order-dependent" for f in a}
    return run


def score_half(half, predict, jobs=1, corpus=CORPUS):
    """Tallies per field, per-family cause tallies, misses and tool errors."""
    items = list(excerpts(half, corpus))

    def attempt(item):
        try:
            return predict(item[0]), None
        except ToolError as exc:
            return None, str(exc)

    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        outcomes = list(pool.map(attempt, items))
    tally = {f: [0, 0] for f in FIELDS}
    family = {}
    misses, errors = [], []
    for (log, side), (got, err) in zip(items, outcomes):
        if err is not None:
            errors.append((log.name, err))
            continue
        for field in FIELDS:
            want = side.get(field)
            if want is None:
                continue
            right = got[field] == want
            tally[field][0] += right
            tally[field][1] += 1
            if field == "cause":
                fam = family.setdefault(want, [0, 0])
                fam[0] += right
                fam[1] += 1
            if not right:
                misses.append((log.stem, field, want, got[field]))
    return {"half": half, "excerpts": len(items), "tally": tally,
            "family": family, "misses": misses, "errors": errors}


def ratio(pair):
    return pair[0] / pair[1] if pair[1] else 0.0


def print_result(res, verbose, out=sys.stdout):
    t = res["tally"]
    print(f"{res['half']}: {res['excerpts']} excerpts", file=out)
    for field, label in zip(FIELDS, ("cause", "first rank", "hang collective",
                                     "world size")):
        right, scored = t[field]
        print(f"  {label:16} {right:3} / {scored:3}  ({100 * ratio(t[field]):.0f}%)",
              file=out)
    for name, err in res["errors"]:
        print(f"  TOOL ERROR {name}: {err}", file=out)
    if verbose:
        for fam in sorted(res["family"]):
            right, scored = res["family"][fam]
            print(f"  family {fam:16} {right:3} / {scored:3}", file=out)
        for name, field, want, got in res["misses"]:
            print(f"  miss {name}: {field} expected {want!r}, got {got!r}",
                  file=out)


def check_floor(results, floor_path, wrap=None):
    """Messages for each floored field of the test half below its floor
    (the wrap's own, when the excerpts were wrapped)."""
    floor = json.loads(pathlib.Path(floor_path).read_text())
    test = next((r for r in results if r["half"] == "test"), None)
    if test is None:
        return ["--check-floor needs the test half (--half test or both)"]
    minima = floor.get("wrapped", {}).get(wrap) if wrap else floor["min_accuracy"]
    how = f"--wrap {wrap}" if wrap in WRAPS else f"--shape {wrap}"
    if minima is None:
        return [f"{floor_path} holds no floor for {how}"]
    what = f"test half under {how}" if wrap else "test half"
    failed = []
    for field, minimum in minima.items():
        got = ratio(test["tally"][field])
        if got + 1e-9 < minimum:
            right, scored = test["tally"][field]
            failed.append(f"{what} {field}: {right}/{scored} = {got:.3f} "
                          f"is below the floor {minimum:.3f}")
    return failed


def main(argv=None, predictor=None, title="faultline"):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--half", choices=HALVES + ("both",), default="both")
    ap.add_argument("--faultline", default=str(ROOT / "build" / "faultline"))
    ap.add_argument("--corpus", default=str(CORPUS),
                    help="the directory holding dev/ and test/")
    ap.add_argument("--jobs", type=int, default=2,
                    help="excerpts analysed at once (default 2)")
    ap.add_argument("--verbose", action="store_true",
                    help="per-family cause tallies and every miss")
    ap.add_argument("--json", metavar="FILE",
                    help="also write the results as JSON")
    ap.add_argument("--check-floor", metavar="FLOOR",
                    help="exit 1 when the test half falls below this floor")
    ap.add_argument("--wrap", choices=sorted(WRAPS),
                    help="rewrite each excerpt as this log collector would have")
    ap.add_argument("--shape", choices=("per-rank",),
                    help="hand each excerpt over as a bundle of per-rank files")
    args = ap.parse_args(argv)
    if args.wrap and args.shape:
        ap.error("--wrap and --shape are scored one at a time")
    if args.shape and predictor:
        ap.error("--shape hands faultline a bundle: it scores faultline only")
    predict = predictor or faultline_predictor(args.faultline)
    if args.wrap:
        predict = wrapped_predictor(predict, args.wrap)
    if args.shape:
        predict = per_rank_predictor(predict)
    halves = HALVES if args.half == "both" else (args.half,)
    how = (f", each excerpt wrapped by {args.wrap}" if args.wrap else
           f", each excerpt as a bundle of {args.shape} files" if args.shape else "")
    print(f"scoring {title}{how}")
    results = [score_half(h, predict, args.jobs, pathlib.Path(args.corpus))
               for h in halves]
    for res in results:
        print_result(res, args.verbose)
    if args.json:
        pathlib.Path(args.json).write_text(json.dumps(results, indent=1) + "\n")
    status = 0
    if any(r["errors"] for r in results):
        status = 1
    if args.check_floor:
        for msg in check_floor(results, args.check_floor, args.wrap or args.shape):
            print("FLOOR", msg)
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
