"""18-hostile: a small single-node run (2 GPUs, torchrun --tee 3, torch 2.4 / NCCL 2.20.5) whose log is hostile to
parsers and renderers: CRLF line endings, tqdm \\r bars with a message glued on, ANSI colours, control characters,
invalid UTF-8, a NUL run, a 200 KB line, and an uncaught exception whose message carries HTML/markdown/JSON
metacharacters.  Two binary members (a core dump, a .pt checkpoint) must be skipped."""

import sys
sys.dont_write_bytecode = True
from flgen import *  # noqa: E402

S = Scenario("18-hostile")
VER = (2, 4)
NV = "2.20.5"
PYL = "/opt/conda/lib/python3.11/site-packages"
HOST = "ws-gpu-02"
NLOC = N = 2
BAD = 1
T0 = ts("2024-10-17 08:15:40.010")

agent = Agent(Proc(HOST, 7710, seed=18), VER, PYL)
procs = [Proc(HOST, 7733 + L * 2, rank=L, local=L, seed=18) for L in range(NLOC)]
for p in procs:
    p.commid = "0x51aa09c3e7d2b486"
agent.p.o(T0, "\x1b[1;32m+ torchrun --standalone --nproc_per_node=2 --tee 3 train_classifier.py --data /data/reviews.jsonl\x1b[0m")
agent.start(T0 + ms(400), NLOC)
for p in procs:
    t = T0 + secs(6) + ms(p.local * 40)
    p.e(t, "\x1b[33m%s - WARNING - train_classifier - tokenizer vocab has 3 tokens with control characters: '\\x07', '\\x1b', '\\x00'\x1b[0m" % f_pylog(t))
    ptr, t2 = nccl_init(p, t + secs(1), NV, "12.4", N, NLOC, "192.168.1.42", net="Socket", ifname="enp5s0", hcas=0)
    p.t0 = t2

p0, p1 = procs
t = max(p.t0 for p in procs) + secs(2)
# a 200 KB warning line (a repr of the skipped ids), printed by rank 1
ids = ", ".join("'rev-%07d'" % i for i in range(0, 15000))
p1.e(t, "%s/train_classifier.py:88: UserWarning: skipping %d malformed samples: [%s]" % ("/workspace", 15000, ids))
p1.e(t, "  warnings.warn(")
# control characters (BEL, backspace, form feed, erase-line) inside otherwise normal lines
p0.e(t + ms(5), "%s - INFO - train_classifier - loaded 1,204,331 reviews\x07 (12 with \\b\x08\x08 backspaces, 3 with form feed \x0c)" % f_pylog(t + ms(5)))
p0.e(t + ms(6), "\x1b[2K%s - INFO - train_classifier - label map: {\"pos\": 1, \"neg\": 0, \"<unk>\": -1}" % f_pylog(t + ms(6)))
# a NUL run where the log was truncated and rewritten
p1.e(t + ms(8), "\x00" * 37 + "%s - INFO - train_classifier - resumed log after rotation" % f_pylog(t + ms(8)))
# invalid UTF-8 in a line from the data loader (raw Latin-1 bytes of a file name)
p1.e(t + ms(9), "%s - WARNING - train_classifier - cannot decode review file /data/raw/caf\udce9_cr\udcfcme_\udcff\udcfe.txt, skipping" % f_pylog(t + ms(9)))

# rank 0's tqdm bar: \r-separated states; a warning from the warnings module is glued to the last state
states = []
rnd = Rnd(18)
for k in range(0, 38):
    el = k / 2.95
    states.append(" %2d%%|%s| %d/100 [%02d:%02d<%02d:%02d,  2.95it/s, loss=%.3f]" % (
        k, ("\u2588" * (k // 10) + ("\u258b" if k % 10 >= 5 else " ")).ljust(10), k, el // 60, el % 60, (100 - k) / 2.95 // 60,
        (100 - k) / 2.95 % 60, 0.69 - k * 0.004 + rnd.uniform(-0.01, 0.01)))
t_bar = t + secs(13)
p0.e(t_bar, "\r".join(states) + "[rank0]:[W1017 %s.%s ProcessGroupNCCL.cpp:1168] Warning: TORCH_NCCL_AVOID_RECORD_STREAMS is the default now, this environment variable is thus deprecated. (function operator())"
     % (t_bar.strftime("%H:%M:%S"), p0.rnd.nsec(t_bar)))
p0.e(t_bar + ms(1), "\x1b[36m%s - INFO - train_classifier - | step | loss | acc |\x1b[0m" % f_pylog(t_bar + ms(1)))
p0.e(t_bar + ms(1), "\x1b[36m%s - INFO - train_classifier - |---|---|---|\x1b[0m" % f_pylog(t_bar + ms(1)))
p0.e(t_bar + ms(1), "\x1b[36m%s - INFO - train_classifier - | 37 | 0.5412 | `0.81` |\x1b[0m" % f_pylog(t_bar + ms(1)))

# ---- rank 1: uncaught exception with hostile text in the message
t_f = t_bar + ms(2310)
hostile = ("ValueError: bad label in row 381227: '<script>alert(1)</script>' | col `label` | "
           "{\"text\": \"5 stars \\\"would buy\\\" again\", \"path\": \"C:\\\\data\\\\x.json\"} "
           "<img src=x onerror=alert(2)> **bold** [link](javascript:alert(3)) \x1b[31mred\x1b[0m \udcff\udcfe end")
frames = [("/workspace/train_classifier.py", 203, "<module>", "main()"),
          (PYL + "/torch/distributed/elastic/multiprocessing/errors/__init__.py", 348, "wrapper", "return f(*args, **kwargs)"),
          ("/workspace/train_classifier.py", 176, "main", "for batch in loader:"),
          (PYL + "/torch/utils/data/dataloader.py", 630, "__next__", "data = self._next_data()"),
          (PYL + "/torch/utils/data/dataloader.py", 673, "_next_data", "data = self._dataset_fetcher.fetch(index)  # may raise StopIteration"),
          (PYL + "/torch/utils/data/_utils/fetch.py", 52, "fetch", "data = [self.dataset[idx] for idx in possibly_batched_index]"),
          ("/workspace/data.py", 61, "__getitem__", "raise ValueError(f\"bad label in row {idx}: {label!r} | col `label` | {raw}\")")]
tb = traceback(frames, hostile)
p1.elines(t_f, ["[rank1]: " + l for l in tb])
ta = t_f + ms(900)
kill_sequence(agent, ta, procs, [(p1, 1)], "/opt/conda/bin/python")
agent.child_failed(ta + ms(40), "train_classifier.py",
                   dict(time=t_f, host=HOST, rank=1, local=1, exitcode=1, pid=p1.pid,
                        error_file="/tmp/torchelastic_q9d2k1mz/none_7u1wx0e4/attempt_0/1/error.json", tb=tb))

lines = merged([agent.p] + procs, prefix=tee_prefix)
S.write("train.log", lines, eol="\r\n")
# binary members that must be skipped
elf = bytearray(b"\x7fELF\x02\x01\x01\x00" + b"\x00" * 8 + b"\x04\x00\x3e\x00\x01\x00\x00\x00")
r = Rnd(1818)
elf += bytes(r.getrandbits(8) for _ in range(6000))
elf += b"\nFatal Python error: Segmentation fault\nCUDA error: an illegal memory access was encountered\n"   # strings a naive scanner would find
elf += bytes(r.getrandbits(8) for _ in range(2000))
S.write("core.7735", bytes(elf))
pk = bytearray(b"PK\x03\x04\x14\x00\x00\x00\x08\x00")
pk += bytes(r.getrandbits(8) for _ in range(20)) + b"archive/data.pkl"
pk += bytes(r.getrandbits(8) for _ in range(5000))
pk += b"torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB"
pk += bytes(r.getrandbits(8) for _ in range(1000))
S.write("checkpoints/step_100.pt", bytes(pk))

S.expected({
    "verdict.status": "failed",
    "verdict.likely_cause.id": "process_crash",
    "verdict.first_failure.rank": BAD,
    "verdict.first_failure.host": HOST,
    "run.ranks": 2,
    "run.hosts": 1,
    "!findings[].id": ["clock_skew", "gpu_xid"],
    "!verdict.other_causes[].id": ["gpu_oom", "cuda_error"],
})
S.readme("""
# 18-hostile

Story: a 2-GPU review-classifier run (`torchrun --standalone --tee 3`, torch 2.4, NCCL 2.20.5 over sockets,
single host). Rank 1's dataset raises an uncaught `ValueError` whose message carries `<script>`/`<img onerror>`
tags, markdown pipes/backticks/links, JSON quotes and backslashes, an ANSI colour and invalid UTF-8 bytes;
torchrun reports it in the ChildFailedError traceback too. Cause: process_crash, first failure rank 1.
Hostile bytes elsewhere: CRLF line endings for the whole `train.log`; rank 0's tqdm `\\r` bar with a c10 warning
glued to its last state; ANSI colours; BEL/backspace/form-feed/erase-line characters; a run of 37 NUL bytes at the
start of a line; raw Latin-1 bytes (invalid UTF-8) in a file name; one 200 KB `UserWarning` line.
Binary members to skip: `core.7735` (ELF magic) and `checkpoints/step_100.pt` (zip magic); both contain
error-looking strings (a segfault, a CUDA OOM) that must not become events.
""")
