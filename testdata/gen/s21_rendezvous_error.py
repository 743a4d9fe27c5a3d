"""21-rendezvous-error: Slurm job, 2 nodes x 8 GPUs, one torchrun per node (srun -o logs/%N.log), torch 2.1,
static rendezvous on gpu-a01:29500.  A torchrun left over from the user's previous (cancelled) job still holds
port 29500 on gpu-a01, so the new agent cannot start the c10d store: the job is never assembled.  srun then ends
the step; gpu-a02's agent, still waiting for the store, is cancelled with it."""

import sys
sys.dont_write_bytecode = True
from flgen import *  # noqa: E402

S = Scenario("21-rendezvous-error")
VER = (2, 1)
PYL = "/opt/conda/lib/python3.10/site-packages"
HOSTS = ["gpu-a01", "gpu-a02"]
JOB = 774411
PORT = 29500
T0 = ts("2024-03-11 09:14:01.512")

agents = [Agent(Proc(h, 41533 + 1707 * n, seed=21), VER, PYL) for n, h in enumerate(HOSTS)]
for n, a in enumerate(agents):
    a.p.o(T0 + ms(40 * n), "+ torchrun --nnodes=2 --nproc_per_node=8 --node_rank=%d --master_addr=%s --master_port=%d pretrain.py --config configs/llama-7b.yaml"
          % (n, HOSTS[0], PORT))
    a.start(T0 + ms(600 + 40 * n), 8)

# gpu-a01: the store cannot bind either address family (torch 2.0/2.1 c10 log lines, no timestamp)
m = agents[0].p
tb = T0 + ms(1130)
m.e(tb, "[W socket.cpp:436] [c10d] The server socket has failed to bind to [::]:%d (errno: 98 - Address already in use)." % PORT)
m.e(tb, "[W socket.cpp:436] [c10d] The server socket has failed to bind to 0.0.0.0:%d (errno: 98 - Address already in use)." % PORT)
m.e(tb, "[E socket.cpp:472] [c10d] The server socket has failed to listen on any local network address.")
ag = PYL + "/torch/distributed/elastic/agent/server/api.py"
met = (PYL + "/torch/distributed/elastic/metrics/api.py", 124, "wrapper", "result = f(*args, **kwargs)")
frames = [("/opt/conda/bin/torchrun", 8, "<module>", "sys.exit(main())"),
          (PYL + "/torch/distributed/elastic/multiprocessing/errors/__init__.py", 346, "wrapper", "return f(*args, **kwargs)"),
          (PYL + "/torch/distributed/run.py", 806, "main", "run(args)"),
          (PYL + "/torch/distributed/run.py", 797, "run", "elastic_launch("),
          (PYL + "/torch/distributed/launcher/api.py", 134, "__call__", "return launch_agent(self._config, self._entrypoint, list(args))"),
          (PYL + "/torch/distributed/launcher/api.py", 255, "launch_agent", "result = agent.run()"),
          met,
          (ag, 736, "run", "result = self._invoke_run(role)"),
          (ag, 871, "_invoke_run", "self._initialize_workers(self._worker_group)"),
          met,
          (ag, 705, "_initialize_workers", "self._rendezvous(worker_group)"),
          met,
          (ag, 546, "_rendezvous", "store, group_rank, group_world_size = spec.rdzv_handler.next_rendezvous()"),
          (PYL + "/torch/distributed/elastic/rendezvous/static_tcp_rendezvous.py", 55, "next_rendezvous",
           "self._store = TCPStore(  # type: ignore[call-arg]")]
m.elines(tb + ms(4), traceback(frames, "RuntimeError: The server socket has failed to listen on any local network address."
                                      " The server socket has failed to bind to [::]:%d (errno: 98 - Address already in use)."
                                      " The server socket has failed to bind to 0.0.0.0:%d (errno: 98 - Address already in use)." % (PORT, PORT)))

# srun sees task 0 exit and ends the step
slurm = Proc("slurm", 1, seed=21)
te = tb + ms(230)
slurm.o(te, "srun: error: %s: task 0: Exited with exit code 1" % HOSTS[0])
slurm.o(te + ms(2), "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
slurm.o(te + ms(40), "slurmstepd: error: *** STEP %d.0 ON %s CANCELLED AT %s ***" % (JOB, HOSTS[1], (te + ms(40)).strftime("%Y-%m-%dT%H:%M:%S")))
slurm.o(te + ms(60), "srun: error: %s: task 1: Terminated" % HOSTS[1])

for n, a in enumerate(agents):
    S.write("logs/%s.log" % HOSTS[n], merged([a.p]))
S.write("slurm-%d.out" % JOB, stream_lines(slurm, "out"))

S.expected({
    "verdict.status": "failed",
    "verdict.likely_cause.id": "rendezvous_error",
    "verdict.first_failure.kind": "rdzv.error",
    "verdict.first_failure.host": HOSTS[0],
    "verdict.first_failure.rank": None,
    "verdict.hang": None,
    "!verdict.other_causes[].id": ["scheduler_kill", "process_crash", "collective_hang"],
})
S.readme("""
# 21-rendezvous-error

Story: Slurm job %d, 2 nodes (gpu-a01, gpu-a02) x 8 GPUs, `srun -o logs/%%N.log torchrun --nnodes=2
--nproc_per_node=8 --master_addr=gpu-a01 --master_port=29500 ...` (static rendezvous). A torchrun from the user's
previous, cancelled job still holds port 29500 on gpu-a01: the new agent's c10d store cannot bind `[::]:29500` or
`0.0.0.0:29500` (errno 98) and the agent dies with `RuntimeError: The server socket has failed to listen on any
local network address ...` before any worker starts. srun reports task 0's exit, aborts the step, and Slurm
cancels it on gpu-a02, whose agent was still waiting for the store. The cancel and the `Terminated` task are the
consequence, not the cause; there is no rank yet, so the first failure has none.
Layout: `logs/<host>.log` (one torchrun per node), `slurm-%d.out` (srun's own messages).
Versions: torch 2.1 (TorchLogsFormatter agent lines, `[W socket.cpp:N] [c10d]` store messages).
Modelled on excerpts pytorch-116974 (bind/listen warning and error pair), drivelm-40 (the RuntimeError carrying
both bind failures, static_tcp_rendezvous.py frame, `srun: error: ... Exited with exit code 1`), zetta-style
`srun: Job step aborted` and `*** STEP ... CANCELLED AT ... ***` banners.
""" % (JOB, JOB))
