"""15-clock-skew: torchtitan (mid-2025 format) on 2 nodes x 8 GPUs, torchrun --log-dir, torch 2.7 / NCCL 2.26.2.
node02's clock runs 90 s ahead of node01.  The true first failure is rank 12 on node02 (illegal memory access
caught by the watchdog, true time T, stamped T+90 by node02's clock).  Its death makes rank 4 on node01 get an IB
completion error (status=12, retry exceeded) ~31 s later (stamped T+31 by node01's clock).  Raw stamps put
node01's network error first; only the skew-corrected order (offset measured from the per-rank step lines)
gives rank 12 first."""

import sys
sys.dont_write_bytecode = True
from flgen import *  # noqa: E402

S = Scenario("15-clock-skew")
VER = (2, 7)
NV = "2.26.2"
PYL = "/usr/local/lib/python3.12/dist-packages"
HOSTS = ["node01", "node02"]
IPS = ["10.30.0.11", "10.30.0.12"]
SKEW = {"node01": secs(0), "node02": secs(90)}
NLOC, N = 8, 16
RUNDIR = "none_w3nq8c1x"
BAD, PEER = 12, 4
SEQ = 15841
T0 = ts("2025-07-14 09:02:11.300")   # true time

agents, procs = [], []
for n, h in enumerate(HOSTS):
    agents.append(Agent(Proc(h, 8811 + n * 4, seed=15), VER, PYL))
    for L in range(NLOC):
        p = Proc(h, 8900 + L * 6 + n * 2, rank=n * NLOC + L, local=L, seed=15)
        p.commid = "0x90c2d3f7415e8ab6"
        procs.append(p)


def R(p, t):
    """what host p's clock says at true time t"""
    return t + SKEW[p.host]


def tlog(p, t, msg, level="INFO"):
    p.e(t, "[titan] %s - root - %s - %s" % (f_pylog(R(p, t)), level, msg))


def gwarn(a, t, where, msg, sev="W"):
    a.p.e(t, glog_py(R(a.p, t), sev, a.p.pid, "torch/distributed/" + where) + msg)


for a in agents:
    for m in ["", "*****************************************",
              "Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. ",
              "*****************************************"]:
        gwarn(a, T0, "run.py:792", m)

for p in procs:
    t = T0 + secs(9) + ms(p.local * 23 + p.rank)
    tlog(p, t, "Starting job: Llama 3 8B training")
    tlog(p, t + ms(3), "Building 1-D device mesh with ['dp_shard'], [16]")
    tlog(p, t + ms(5), "[GC] Initial GC collection 0.00 seconds")
    ptr, t2 = nccl_init(p, t + secs(2), NV, "12.8", N, NLOC, IPS[p.rank // NLOC], hcas=8, ifname="enp27s0np0")
    tlog(p, t2 + ms(300), "Building llama3 8B with TransformerModelArgs(_enforced='This field is used to enforce all fields have defaults.', dim=4096, n_layers=32, n_heads=32, n_kv_heads=8, vocab_size=128256, multiple_of=1024, ffn_dim_multiplier=1.3, norm_eps=1e-05, rope_theta=500000, max_seq_len=8192, depth_init=True, use_flex_attn=False, attn_mask_type='causal', eos_id=0)")
    tlog(p, t2 + ms(1000), "Model llama3 8B size: 8,030,261,248 total parameters")
    tlog(p, t2 + ms(1050), "Applied selective activation checkpointing to the model")
    tlog(p, t2 + ms(1100), "Applied FSDP to the model")
    tlog(p, t2 + ms(1800), "Peak FLOPS used for computing MFU: 9.890e+14")
    tlog(p, t2 + ms(1850), "CUDA memory usage for model: 3.77GiB(3.97%)")
    tlog(p, t2 + ms(1900), "Mixed precision training is handled by fully_shard")
    tlog(p, t2 + ms(1950), "Trainer is initialized with local batch size 2, global batch size 32, gradient accumulation steps 1, sequence length 8192, total steps 10000 (warmup 200)")
    tlog(p, t2 + ms(2000), "Training starts at step 1")
    p.t0 = t2 + secs(2)

rnd = Rnd(15)
t_tr = max(p.t0 for p in procs)
STEP_S = 3.102
LAST = 480
loss = 12.0
for step in [1] + list(range(10, LAST + 1, 10)):
    tt = t_tr + secs(STEP_S * step)
    loss = loss * (0.93 if step < 80 else 0.996) + rnd.uniform(-0.04, 0.04)
    gn = 3.0 * 0.985 ** (step / 10) + rnd.uniform(0, 0.3)
    for p in procs:
        t = tt + ms(p.rnd.randrange(0, 30))
        mem = 60.41 + p.rnd.uniform(-0.3, 0.3) if step > 1 else 36.22
        tps = 5281 + p.rnd.randrange(-40, 40) if step > 1 else 488
        tfl = 305.87 + p.rnd.uniform(-2, 2) if step > 1 else 28.31
        tlog(p, t, titan_step(step, loss, mem, mem / 94.99 * 100, tps, tfl / 989 * 100, era=2025, grad_norm=gn, tflops=tfl))

# ---- T: rank 12's illegal memory access (true time), stamped by node02's clock (+90 s)
T = t_tr + secs(STEP_S * LAST) + ms(2650)
bad = procs[BAD]
r = bad.rank
pre = "[rank%d]:" % r
bad.e(T, "terminate called after throwing an instance of 'c10::Error'")
bad.e(T, pre + c10(R(bad, T), "E", "ProcessGroupNCCL.cpp:1910", bad.rnd) + "%s Process group watchdog thread terminated with exception: CUDA error: an illegal memory access was encountered" % pgq(r, VER))
bad.elines(T, CUDA_HINTS + ["", "Exception raised from c10_cuda_check_implementation at /pytorch/c10/cuda/CUDAException.cpp:43 (most recent call first):"] +
           frames_c10(bad.rnd, PYL + "/torch/lib/libc10.so", [("c10::Error::Error(c10::SourceLocation, std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >)", "0x98"),
                                                              ("c10::detail::torchCheckFail(char const*, char const*, unsigned int, std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > const&)", "0xe0")]) +
           ["frame #2: c10::cuda::c10_cuda_check_implementation(int, char const*, char const*, int, bool) + 0x3c2 (%s in %s/torch/lib/libc10_cuda.so)" % (bad.rnd.lib("c10cuda"), PYL),
            "frame #3: c10d::ProcessGroupNCCL::WorkNCCL::finishedGPUExecutionInternal() const + 0x56 (%s in %s/torch/lib/libtorch_cuda.so)" % (bad.rnd.lib("tc"), PYL),
            "frame #4: c10d::ProcessGroupNCCL::WorkNCCL::isCompleted() + 0xa0 (%s in %s/torch/lib/libtorch_cuda.so)" % (bad.rnd.lib("tc"), PYL),
            "frame #5: c10d::ProcessGroupNCCL::watchdogHandler() + 0x61d (%s in %s/torch/lib/libtorch_cuda.so)" % (bad.rnd.lib("tc"), PYL),
            "frame #6: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x14d (%s in %s/torch/lib/libtorch_cuda.so)" % (bad.rnd.lib("tc"), PYL),
            "frame #7: <unknown function> + 0xdc253 (%s in /lib/x86_64-linux-gnu/libstdc++.so.6)" % bad.rnd.lib("stdc"),
            "frame #8: <unknown function> + 0x94ac3 (%s in /lib/x86_64-linux-gnu/libc.so.6)" % bad.rnd.lib("c"),
            "frame #9: clone + 0x44 (%s in /lib/x86_64-linux-gnu/libc.so.6)" % bad.rnd.lib("c"), ""])
a2 = agents[1]
ta = T + ms(1710)
for i, p in enumerate(procs[8:]):
    if p is not bad:
        gwarn(a2, ta + ms(i), "elastic/multiprocessing/api.py:900", "Sending process %d closing signal SIGTERM" % p.pid)
gwarn(a2, ta + ms(40), "elastic/multiprocessing/api.py:874", "failed (exitcode: -6) local_rank: %d (pid: %d) of binary: /usr/bin/python" % (BAD - NLOC, bad.pid), "E")
a2.p.elines(ta + ms(90), torchrun_tb(PYL, VER) + child_failed("-m torchtitan.train", dict(time=R(bad, ta), host="node02", rank=BAD, local=BAD - NLOC, exitcode=-6, pid=bad.pid)))

# ---- T+31 s: rank 4 on node01 -- its IB sends to the dead rank 12 exhaust their retries
peer = procs[PEER]
T4 = T + ms(31140)
ib = ("NET/IB: Got completion from peer %s<48213> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid fe80::ba3f:d2ff:fe51:04c1 remoteGidsfe80::ba3f:d2ff:fe51:0c9e hca mlx5_4"
      % IPS[1])
nccl_warn(peer, T4, "transport/net_ib.cc:2347", ib, stamp=True)
nccl_unwind(peer, T4, [("transport/net.cc:1398", " -> 6"), ("proxy.cc:725", " -> 6"), ("proxy.cc:905", " -> 6 [Progress Thread]")])
T4b = T4 + ms(210)
r = PEER
pre = "[rank%d]:" % r
peer.e(T4b, pre + c10(R(peer, T4b), "E", "ProcessGroupNCCL.cpp:2191", peer.rnd) + "%s  failure detected by watchdog at work sequence id: %d PG status: last enqueued work: %d, last completed work: %d"
       % (pgq(r, VER), SEQ, SEQ + 2, SEQ - 1))
peer.e(T4b, pre + c10(R(peer, T4b), "E", "ProcessGroupNCCL.cpp:666", peer.rnd) + "Stack trace of the failed collective not found, potentially because FlightRecorder is disabled. You can enable it by setting TORCH_NCCL_TRACE_BUFFER_SIZE to a non-zero value.")
peer.e(T4b, pre + c10(R(peer, T4b), "E", "ProcessGroupNCCL.cpp:683", peer.rnd) + "[Rank %d] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data." % r)
peer.e(T4b, pre + c10(R(peer, T4b), "E", "ProcessGroupNCCL.cpp:689", peer.rnd) + "[Rank %d] To avoid data inconsistency, we are taking the entire process down." % r)
term = "%s Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.26.2" % pgq(r, VER)
peer.e(T4b, pre + c10(R(peer, T4b), "E", "ProcessGroupNCCL.cpp:1910", peer.rnd) + term)
peer.elines(T4b, ["ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.", "Last error:", ib,
                  "Exception raised from checkForNCCLErrorsInternal at /pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:2413 (most recent call first):",
                  "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x98 (%s in %s/torch/lib/libc10.so)" % (peer.rnd.lib("c10"), PYL),
                  "frame #1: c10d::ProcessGroupNCCL::checkForNCCLErrorsInternal(std::shared_ptr<c10d::NCCLComm>&) + 0x220 (%s in %s/torch/lib/libtorch_cuda.so)" % (peer.rnd.lib("tc"), PYL),
                  "frame #2: c10d::ProcessGroupNCCL::WorkNCCL::checkAndSetException() + 0x7c (%s in %s/torch/lib/libtorch_cuda.so)" % (peer.rnd.lib("tc"), PYL),
                  "frame #3: c10d::ProcessGroupNCCL::watchdogHandler() + 0x213 (%s in %s/torch/lib/libtorch_cuda.so)" % (peer.rnd.lib("tc"), PYL),
                  "frame #4: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x14d (%s in %s/torch/lib/libtorch_cuda.so)" % (peer.rnd.lib("tc"), PYL), "",
                  "terminate called after throwing an instance of 'c10::DistBackendError'", "  what():  " + term,
                  "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.", "Last error:", ib])
a1 = agents[0]
ta = T4b + ms(1520)
for i, p in enumerate(procs[:8]):
    if p is not peer:
        gwarn(a1, ta + ms(i), "elastic/multiprocessing/api.py:900", "Sending process %d closing signal SIGTERM" % p.pid)
gwarn(a1, ta + ms(40), "elastic/multiprocessing/api.py:874", "failed (exitcode: -6) local_rank: %d (pid: %d) of binary: /usr/bin/python" % (PEER, peer.pid), "E")
a1.p.elines(ta + ms(90), torchrun_tb(PYL, VER) + child_failed("-m torchtitan.train", dict(time=R(peer, ta), host="node01", rank=PEER, local=PEER, exitcode=-6, pid=peer.pid)))

for p in procs:
    d = "%s/logs/%s/attempt_0/%d" % (p.host, RUNDIR, p.local)
    S.write(d + "/stdout.log", stream_lines(p, "out"))
    S.write(d + "/stderr.log", stream_lines(p, "err"))
for n, a in enumerate(agents):
    S.write("%s/torchrun.log" % HOSTS[n], stream_lines(a.p, "err"))

S.expected({
    "verdict.status": "failed",
    "verdict.likely_cause.id": "cuda_error",
    "verdict.first_failure.rank": BAD,
    "verdict.first_failure.host": "node02",
    "verdict.other_causes[].id": ["network_error"],
    "findings[].id": ["clock_skew"],
    "run.ranks": 16,
    "run.hosts": 2,
})
S.readme("""
# 15-clock-skew

Story: torchtitan Llama-3-8B FSDP on node01/node02 (8 H100 each); node02's clock is 90 s ahead. Every rank logs
`[titan] <time> ... step: N ...` at (truly) the same moments, so node02's stamps are 90 s later for the same step.
True order: rank 12 (node02, local 4) dies first on `CUDA error: an illegal memory access was encountered`
(c10 stamp 09:28:46 on node02's clock = 09:27:16 true); 31 s later rank 4 on node01 gets
`NET/IB: Got completion from peer ... status=12 ... vendor err 129` (NCCL WARN stamp 09:27:47, node01 clock) because
its peer is gone. Raw stamps put node01's network error first; skew-corrected, rank 12's CUDA error is first.
Layout: `torchrun --log-dir` per node (`<node>/logs/none_w3nq8c1x/attempt_0/<local>/{stdout,stderr}.log`) + `<node>/torchrun.log`.
Versions: torch 2.7, NCCL 2.26.2 (timestamped WARN, `NET/IB:` wording with `hca mlx5_4`). Modelled on train-029, train-031, nccl-021, nccl-003.
""")
