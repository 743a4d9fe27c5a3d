# NCCL communicator set-up and teardown: version banner, Init START/COMPLETE,
# communicator topology, init timings, Abort/Destroy COMPLETE, env echo.
#
# Bodies of NCCL lines start after "host:pid:tid [dev] ", i.e. with
# "NCCL INFO ..." (see docs/patterns.md). Regexes here are unanchored so
# that prefixes NCCL did not write (Ray, "[0m " residue) do not matter.
# Captures named "rank" would overwrite the global rank column; NCCL's ranks
# are ranks *inside a communicator*, so they are captured as comm_rank.

# ---------------------------------------------------------------- version

name:     nccl.version.banner
kind:     nccl.version
severity: info
literal:  NCCL version 
regex:    (?<!, )\bNCCL version (?<version>\d+\.\d+\.\d+[a-z0-9]*)(?:\+cuda(?:(?<cuda>\d+\.\d+)\b|\S*))?
doc:      NCCL version banner. <=2.21 printed bare by rank 0 only (may land mid-line); 2.22+ once per process, as an INFO line with NCCL_DEBUG=INFO. TF-bundled builds print an unexpanded "+cudaCUDA_MAJOR.CUDA_MINOR" (no cuda captured).
example:  NCCL version 2.14.3+cuda11.5
expect:   version=2.14.3
expect:   cuda=11.5
example:  (WorkerDict pid=1008813) NCCL version 2.21.5+cuda12.4
expect:   version=2.21.5
expect:   cuda=12.4
example:  [0m NCCL version 2.7.8+cuda11.1
expect:   version=2.7.8
expect:   cuda=11.1
example:  NCCL version 2.5.7+cudaCUDA_MAJOR.CUDA_MINOR
expect:   version=2.5.7
example:  NCCL version 2.19.3+cuda12.0
expect:   version=2.19.3
# NCCL 2.22+ form (INFO line, every process, NCCL_DEBUG=INFO)
example:  gpu-node-07:48213:48213 [3] NCCL INFO NCCL version 2.22.3+cuda12.6
expect:   version=2.22.3
expect:   cuda=12.6
# torch's error string (torch.nccl_error captures it, incl. mis-decoded versions like 21.2.12 = 2.12.12)
not:      RuntimeError: NCCL error in: /root/pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1169, unhandled system error, NCCL version 21.2.12
not:      h37n07:3094283:3094283 [1] NCCL INFO cudaDriverVersion 11050

# ---------------------------------------------------------------- Init START / COMPLETE
# Versions (init.cc):
#   2.4:            comm %p rank %d nranks %d cudaDev %d nvmlDev %d - Init COMPLETE
#   2.7-2.15:       comm %p rank %d nranks %d cudaDev %d busId %x|%lx - Init COMPLETE
#   2.16-2.18.1:    ... busId %lx commId 0x%llx - Init COMPLETE
#   2.18.3-2.20:    ... cudaDev %d nvmlDev %d busId %lx commId 0x%llx - Init START|COMPLETE
#   2.21-2.22:      ncclCommInitRank|ncclCommSplit ... (split: parent %p color %d key %d commId ...)
#   2.23+:          <function> comm ...; split: parent %p [splitCount|childCount %d] color %d key %d[- Init START]
#   2.29+:          Init START prefixed "[Rank %d] "

name:     nccl.init.start
kind:     nccl.init_start
severity: info
literal:  - Init START
regex:    (?x) (?:(?<fn>nccl\w+)\ )? comm\ (?<comm>0x[0-9a-f]+)\ rank\ (?<comm_rank>\d+)\ nranks\ (?<nranks>\d+)
          \ cudaDev\ (?<cuda_dev>\d+)(?:\ nvmlDev\ (?<nvml_dev>\d+))?(?:\ busId\ (?<bus_id>[0-9a-f]+))?
          (?:\ parent\ (?<parent>0x[0-9a-f]+)(?:\ (?:splitCount|childCount)\ \d+)?\ color\ (?<color>-?\d+)\ key\ (?<key>-?\d+))?
          (?:\ commId\ (?<comm_id>0x[0-9a-f]+))?\ ?-\ Init\ START
type:     comm_rank=int nranks=int cuda_dev=int nvml_dev=int color=int key=int
doc:      A rank starts creating a communicator. A START without a matching COMPLETE on some rank means init hung or failed there (bootstrap, network, wrong world size).
# NCCL 2.18.3-2.20 form
example:  gpu-node-07:48213:48213 [3] NCCL INFO comm 0x5612f3a0c8d0 rank 3 nranks 16 cudaDev 3 nvmlDev 3 busId 3d000 commId 0x9c3e5d1f2a7b4e60 - Init START
expect:   comm=0x5612f3a0c8d0
expect:   comm_rank=3
expect:   nranks=16
expect:   cuda_dev=3
expect:   nvml_dev=3
expect:   bus_id=3d000
expect:   comm_id=0x9c3e5d1f2a7b4e60
# NCCL 2.21-2.22 form
example:  gpu-node-07:48213:48213 [3] NCCL INFO ncclCommInitRank comm 0x5612f3a0c8d0 rank 11 nranks 16 cudaDev 3 nvmlDev 3 busId 3d000 commId 0x9c3e5d1f2a7b4e60 - Init START
expect:   fn=ncclCommInitRank
expect:   comm_rank=11
expect:   comm_id=0x9c3e5d1f2a7b4e60
# NCCL 2.21-2.22 split form
example:  gpu-node-07:48213:48213 [3] NCCL INFO ncclCommSplit comm 0x5613007e1a40 rank 1 nranks 2 cudaDev 3 nvmlDev 3 busId 3d000 parent 0x5612f3a0c8d0 color 1 key 3 commId 0x41d7aa09b3c25e18 - Init START
expect:   fn=ncclCommSplit
expect:   parent=0x5612f3a0c8d0
expect:   color=1
expect:   comm_id=0x41d7aa09b3c25e18
# NCCL 2.26-2.28 split form (note the missing blank before "- Init START")
example:  gpu-node-07:48213:48213 [3] NCCL INFO ncclCommSplit comm 0x5613007e1a40 rank 1 nranks 2 cudaDev 3 nvmlDev 3 busId 3d000 parent 0x5612f3a0c8d0 splitCount 2 color 1 key 3- Init START
expect:   comm_rank=1
expect:   nranks=2
expect:   key=3
# NCCL 2.29+ form
example:  gpu-node-07:48213:48213 [3] NCCL INFO [Rank 11] ncclCommInitRankConfig comm 0x5612f3a0c8d0 rank 11 nranks 16 cudaDev 3 nvmlDev 3 busId 3d000 commId 0x9c3e5d1f2a7b4e60 - Init START
expect:   fn=ncclCommInitRankConfig
expect:   comm_rank=11
expect:   bus_id=3d000
not:      gpu-node-07:48213:48213 [3] NCCL INFO ncclCommInitRank comm 0x5612f3a0c8d0 rank 11 nranks 16 cudaDev 3 nvmlDev 3 busId 3d000 commId 0x9c3e5d1f2a7b4e60 - Init COMPLETE

name:     nccl.init.complete
kind:     nccl.init_complete
severity: info
literal:  - Init COMPLETE
regex:    (?x) (?:(?<fn>nccl\w+)\ )? comm\ (?<comm>0x[0-9a-f]+)\ rank\ (?<comm_rank>\d+)\ nranks\ (?<nranks>\d+)
          \ cudaDev\ (?<cuda_dev>\d+)(?:\ nvmlDev\ (?<nvml_dev>\d+))?(?:\ busId\ (?<bus_id>[0-9a-f]+))?
          (?:\ parent\ (?<parent>0x[0-9a-f]+)(?:\ (?:splitCount|childCount)\ \d+)?\ color\ (?<color>-?\d+)\ key\ (?<key>-?\d+))?
          (?:\ commId\ (?<comm_id>0x[0-9a-f]+))?\ ?-\ Init\ COMPLETE
type:     comm_rank=int nranks=int cuda_dev=int nvml_dev=int color=int key=int
doc:      A rank finished creating a communicator; joins host:pid to a rank (use the communicator with the largest nranks for the global rank). Ranks with START but no COMPLETE are where init hung.
# NCCL 2.4 form
example:  dgx1-03:21871:21871 [2] NCCL INFO comm 0x7f3a4c001e10 rank 2 nranks 8 cudaDev 2 nvmlDev 2 - Init COMPLETE
expect:   comm=0x7f3a4c001e10
expect:   comm_rank=2
expect:   nranks=8
expect:   cuda_dev=2
expect:   nvml_dev=2
# NCCL 2.7-2.15 form
example:  dgx1-03:21871:21871 [2] NCCL INFO comm 0x7f3a4c001e10 rank 10 nranks 16 cudaDev 2 busId 1b000 - Init COMPLETE
expect:   comm_rank=10
expect:   nranks=16
expect:   bus_id=1b000
# NCCL 2.16-2.18.1 form
example:  dgx1-03:21871:21871 [2] NCCL INFO comm 0x7f3a4c001e10 rank 10 nranks 16 cudaDev 2 busId 1b000 commId 0x7aa3c1f05e92d4b8 - Init COMPLETE
expect:   bus_id=1b000
expect:   comm_id=0x7aa3c1f05e92d4b8
# NCCL 2.18.3-2.20 form
example:  dgx1-03:21871:21871 [2] NCCL INFO comm 0x7f3a4c001e10 rank 10 nranks 16 cudaDev 2 nvmlDev 2 busId 1b000 commId 0x7aa3c1f05e92d4b8 - Init COMPLETE
expect:   comm_rank=10
expect:   nvml_dev=2
expect:   comm_id=0x7aa3c1f05e92d4b8
# NCCL 2.21+ form
example:  dgx1-03:21871:21871 [2] NCCL INFO ncclCommInitRank comm 0x7f3a4c001e10 rank 10 nranks 16 cudaDev 2 nvmlDev 2 busId 1b000 commId 0x7aa3c1f05e92d4b8 - Init COMPLETE
expect:   fn=ncclCommInitRank
expect:   comm=0x7f3a4c001e10
expect:   nranks=16
expect:   bus_id=1b000
# NCCL 2.21-2.22 split form
example:  dgx1-03:21871:21871 [2] NCCL INFO ncclCommSplit comm 0x7f3a4c09b2a0 rank 2 nranks 8 cudaDev 2 nvmlDev 2 busId 1b000 parent 0x7f3a4c001e10 color 0 key 10 commId 0x19fe06a2b7c4d381 - Init COMPLETE
expect:   fn=ncclCommSplit
expect:   parent=0x7f3a4c001e10
expect:   key=10
# NCCL 2.29+ split form
example:  dgx1-03:21871:21871 [2] NCCL INFO ncclCommSplit comm 0x7f3a4c09b2a0 rank 2 nranks 8 cudaDev 2 nvmlDev 2 busId 1b000 parent 0x7f3a4c001e10 childCount 1 color 0 key 10 - Init COMPLETE
expect:   comm_rank=2
expect:   color=0
not:      dgx1-03:21871:21871 [2] NCCL INFO comm 0x7f3a4c001e10 rank 10 nranks 16 cudaDev 2 busId 1b000 - Abort COMPLETE
not:      dgx1-03:21871:21871 [2] NCCL INFO comm 0x7f3a4c001e10 rank 10 nranks 16 cudaDev 2 nvmlDev 2 busId 1b000 commId 0x7aa3c1f05e92d4b8 - Init START

# NCCL 2.3 and earlier: the same end-of-init line without device, bus or
# `- Init COMPLETE` (2.4 extended it into the COMPLETE line), with or
# without the communicator's address; 2.2 printed the level as `INFO`
# without `NCCL `. Anchored at the line's end so that no later form
# matches it.
name:     nccl.init.complete_legacy
kind:     nccl.init_complete
severity: info
literal:  nranks 
regex:    \bINFO (?:comm (?<comm>0x[0-9a-f]+) )?rank (?<comm_rank>\d+) nranks (?<nranks>\d+)\s*$
type:     comm_rank=int nranks=int
doc:      NCCL <= 2.3: a rank finished creating a communicator of nranks ranks.
# NCCL 2.3.7 in a Kubernetes pod (bytedance/byteps#61)
example:  worker-pytorch-0:24:24 [1] NCCL INFO comm 0x9249b110 rank 1 nranks 4
expect:   comm=0x9249b110
expect:   comm_rank=1
expect:   nranks=4
example:  worker-pytorch-0:27:27 [0] NCCL INFO rank 0 nranks 4
expect:   nranks=4
# NCCL 2.3.5 under mpirun, three nodes (horovod/horovod#639)
example:  c4140-01:147406:148900 [0] NCCL INFO rank 0 nranks 3
expect:   comm_rank=0
expect:   nranks=3
# NCCL 2.2.13 under nccl-tests: its INFO lines have no `NCCL ` (NVIDIA/nccl-tests#15)
example:  gpu-bql-144-103:18553:18612 [0] INFO comm 0x7fa42c00a3b0 rank 0 nranks 2
expect:   comm=0x7fa42c00a3b0
expect:   nranks=2
not:      dgx1-03:21871:21871 [2] NCCL INFO comm 0x7f3a4c001e10 rank 10 nranks 16 cudaDev 2 busId 1b000 - Init COMPLETE

# ---------------------------------------------------------------- topology, timings

name:     nccl.init.comm_topo
kind:     nccl.comm_topo
severity: info
literal:  nNodes 
regex:    comm (?<comm>0x[0-9a-f]+) rank (?<comm_rank>\d+) nRanks (?<nranks>\d+) nNodes (?<nnodes>\d+) localRanks (?<local_ranks>\d+) localRank (?<local_rank_in_comm>\d+)(?: MNNVL (?<mnnvl>\d+))?
type:     comm_rank=int nranks=int nnodes=int local_ranks=int local_rank_in_comm=int mnnvl=int
doc:      Node layout of a communicator (2.20+): nNodes and ranks per node; a wrong nNodes or localRanks points at a launcher/world-size mistake.
# NCCL 2.20+ form
example:  gpu-node-07:48213:48401 [3] NCCL INFO comm 0x5612f3a0c8d0 rank 11 nRanks 16 nNodes 2 localRanks 8 localRank 3 MNNVL 0
expect:   comm=0x5612f3a0c8d0
expect:   comm_rank=11
expect:   nranks=16
expect:   nnodes=2
expect:   local_ranks=8
expect:   local_rank_in_comm=3
expect:   mnnvl=0
not:      gpu-node-07:48213:48213 [3] NCCL INFO comm 0x5612f3a0c8d0 rank 3 nranks 16 cudaDev 3 nvmlDev 3 busId 3d000 commId 0x9c3e5d1f2a7b4e60 - Init START

name:     nccl.init.timings
kind:     nccl.init_timings
severity: info
literal:  Init timings
regex:    (?x) Init\ timings(?:\ -\ (?<fn>\w+))?:\ rank\ (?<comm_rank>\d+)\ nranks\ (?<nranks>\d+)\ total\ (?<total_s>[\d.]+)
          \ \(kernels\ (?<kernels_s>[\d.]+),(?:\ alloc\ (?<alloc_s>[\d.]+),)?\ bootstrap\ (?<bootstrap_s>[\d.]+),
          \ allgathers\ (?<allgathers_s>[\d.]+),\ topo\ (?<topo_s>[\d.]+),\ graphs\ (?<graphs_s>[\d.]+),
          \ connections\ (?<connections_s>[\d.]+),\ rest\ (?<rest_s>-?[\d.]+)\)
type:     comm_rank=int nranks=int total_s=float kernels_s=float alloc_s=float bootstrap_s=float allgathers_s=float topo_s=float graphs_s=float connections_s=float rest_s=float
doc:      Seconds spent in each init phase (2.22+). A large bootstrap time means ranks arrived late (slow start, restarts); large connections time points at the network set-up.
# NCCL 2.22 form
example:  gpu-node-07:48213:48213 [3] NCCL INFO Init timings: rank 11 nranks 16 total 2.41 (kernels 0.31, bootstrap 1.62, allgathers 0.02, topo 0.18, graphs 0.03, connections 0.21, rest 0.04)
expect:   comm_rank=11
expect:   total_s=2.41
expect:   bootstrap_s=1.62
# NCCL 2.23+ form
example:  gpu-node-07:48213:48213 [3] NCCL INFO Init timings - ncclCommInitRankConfig: rank 11 nranks 16 total 2.41 (kernels 0.31, alloc 0.05, bootstrap 1.57, allgathers 0.02, topo 0.18, graphs 0.03, connections 0.21, rest 0.04)
expect:   fn=ncclCommInitRankConfig
expect:   nranks=16
expect:   alloc_s=0.05
expect:   connections_s=0.21
not:      gpu-node-07:48213:48213 [3] NCCL INFO ncclCommInitRankConfig comm 0x5612f3a0c8d0 rank 11 nranks 16 cudaDev 3 nvmlDev 3 busId 3d000 commId 0x9c3e5d1f2a7b4e60 - Init COMPLETE

# ---------------------------------------------------------------- teardown
# 2.12-2.21: two INFO calls; 2.22+: "- %s COMPLETE" with Abort|Destroy; identical text.

name:     nccl.abort.complete
kind:     nccl.abort
severity: warning
literal:  - Abort COMPLETE
regex:    comm (?<comm>0x[0-9a-f]+) rank (?<comm_rank>\d+) nranks (?<nranks>\d+) cudaDev (?<cuda_dev>\d+) busId (?<bus_id>[0-9a-f]+) - (?<what>Abort) COMPLETE
type:     comm_rank=int nranks=int cuda_dev=int
doc:      The communicator was aborted (ncclCommAbort, e.g. by torch's watchdog). A consequence of an earlier error or timeout, not a cause.
# NCCL 2.12+ form
example:  dgx1-03:21871:22410 [2] NCCL INFO comm 0x7f3a4c001e10 rank 10 nranks 16 cudaDev 2 busId 1b000 - Abort COMPLETE
expect:   comm=0x7f3a4c001e10
expect:   comm_rank=10
expect:   nranks=16
expect:   what=Abort
not:      dgx1-03:21871:21871 [2] NCCL INFO comm 0x7f3a4c001e10 rank 10 nranks 16 cudaDev 2 busId 1b000 - Destroy COMPLETE

name:     nccl.destroy.complete
kind:     nccl.abort
severity: info
literal:  - Destroy COMPLETE
regex:    comm (?<comm>0x[0-9a-f]+) rank (?<comm_rank>\d+) nranks (?<nranks>\d+) cudaDev (?<cuda_dev>\d+) busId (?<bus_id>[0-9a-f]+) - (?<what>Destroy) COMPLETE
type:     comm_rank=int nranks=int cuda_dev=int
doc:      Orderly communicator destruction (ncclCommDestroy); normal at the end of a job.
# NCCL 2.12+ form
example:  dgx1-03:21871:21871 [2] NCCL INFO comm 0x7f3a4c001e10 rank 10 nranks 16 cudaDev 2 busId 1b000 - Destroy COMPLETE
expect:   comm_rank=10
expect:   what=Destroy
not:      dgx1-03:21871:22410 [2] NCCL INFO comm 0x7f3a4c001e10 rank 10 nranks 16 cudaDev 2 busId 1b000 - Abort COMPLETE

# ---------------------------------------------------------------- environment echo

name:     nccl.env.set
kind:     nccl.env
severity: info
literal:  set by environment to
regex:    \b(?<var>NCCL_\w+) set by environment to (?<value>.*?)\.?\s*$
doc:      An NCCL_* variable overridden by the environment (integer parameters end with a dot). Records tuning that may explain behaviour (NCCL_P2P_DISABLE, NCCL_IB_TIMEOUT, NCCL_SOCKET_IFNAME...).
example:  wangying-system:7436:7593 [0] NCCL INFO NCCL_IGNORE_CPU_AFFINITY set by environment to 1.
expect:   var=NCCL_IGNORE_CPU_AFFINITY
expect:   value=1
example:  wangying-system:7436:7593 [0] NCCL INFO NCCL_P2P_DISABLE set by environment to 0.
expect:   var=NCCL_P2P_DISABLE
expect:   value=0
# NCCL 2.7+ string parameter form
example:  gpu-node-07:48213:48213 [3] NCCL INFO NCCL_SOCKET_IFNAME set by environment to eth0
expect:   var=NCCL_SOCKET_IFNAME
expect:   value=eth0
not:      wangying-system:7436:7593 [0] NCCL INFO Setting affinity for GPU 0 to 3f
