# NCCL WARN-level failures, their unwind traces and harmless WARNs.
#
# A WARN body is "<file>:<line> NCCL WARN <msg>" (master 2.30.7+:
# "<file>:<line> (<function>) NCCL WARN <msg>"). Most patterns below do not
# require the "NCCL WARN" token so that the same text is also recognised
# where torch repeats it after "Last error:" without any prefix.
# Priorities: specific failures and benign WARNs 4-6, unwind lines 0, the
# generic nccl.warn fallback -10.

# ---------------------------------------------------------------- generic fallback

# A WARN is followed by the frames its error code was returned through
# (NCCLCHECK's `INFO file:line -> code`, the same thread). The block keeps
# them: a frame of communicator set-up (init.cc, bootstrap.cc, or .cu
# before NCCL 2.4; the topology and graph search under graph/; or the
# `[Async thread]` that runs ncclCommInitRank's job in group.cc) is kept
# as `setup_frame`, and makes the WARN the reason set-up failed
# (src/analyze/rules.c). A frame of group.cc without the tag is a grouped
# collective's launch, not set-up.
name:     nccl.warn
kind:     nccl.warn
severity: warning
priority: -10
literal:  NCCL WARN
start:    (?<src>[^\s:]+:\d+)(?: \((?<func>[^)\s]*)\))? NCCL WARN (?<msg>.*?)\s*$
continue: \bINFO (?:(?<setup_frame>(?:[^\s:]*/)?(?:(?:init|bootstrap)\.c[cu]:\d+|group\.cc:\d+(?=.*\[Async thread\]))|graph/[^\s:]+:\d+)|[^\s:]+:\d+)(?: \([^)\s]*\))? -> \d+(?: \([^)]*\))?(?: \[[A-Za-z ]+\])?\s*$
max_lines: 32
doc:      An NCCL WARN that no specific pattern recognised, with the frames of its error's return. Read msg; the first WARN in time on any rank is the best cause candidate; one whose error returned through communicator set-up (setup_frame) is why set-up failed.
# NCCL 2.7 topology detection failing under WSL2, the unwind up to the async init job (NVIDIA/nccl#573)
example:  SHJS-PF4ZKYLL:92777:92889 [0] graph/xml.cc:332 NCCL WARN Could not find real path of /sys/class/pci_bus/0000:01/../../0000:01:00.0
example:  SHJS-PF4ZKYLL:92777:92889 [0] NCCL INFO graph/xml.cc:469 -> 2
example:  SHJS-PF4ZKYLL:92777:92889 [0] NCCL INFO graph/xml.cc:660 -> 2
example:  SHJS-PF4ZKYLL:92777:92889 [0] NCCL INFO graph/topo.cc:523 -> 2
example:  SHJS-PF4ZKYLL:92777:92889 [0] NCCL INFO init.cc:581 -> 2
example:  SHJS-PF4ZKYLL:92777:92889 [0] NCCL INFO init.cc:840 -> 2
example:  SHJS-PF4ZKYLL:92777:92889 [0] NCCL INFO group.cc:73 -> 2 [Async thread]
expect:   src=graph/xml.cc:332
expect:   msg=Could not find real path of /sys/class/pci_bus/0000:01/../../0000:01:00.0
expect:   setup_frame=group.cc:73
# a graph file naming a device the node lacks, cut after one frame (NVIDIA/nccl#1240)
example:  Spotllm:73025:73112 [0] graph/search.cc:719 NCCL WARN XML Import Channel : dev 1 not found.
example:  Spotllm:73025:73112 [0] NCCL INFO graph/search.cc:749 -> 2
expect:   setup_frame=graph/search.cc:749
# NCCL 2.4-2.30 form of an internal check
example:  dgx1-03:21871:21903 [2] graph/rings.cc:46 NCCL WARN Error : ring 1 does not loop back to start (3 != 2)
expect:   src=graph/rings.cc:46
expect:   msg=Error : ring 1 does not loop back to start (3 != 2)
# TF-bundled NCCL 2.5 form (source paths under external/nccl_archive)
example:  wangying-system:7436:7593 [0] external/nccl_archive/src/graph/rings.cc:51 NCCL WARN Error : ring 0 does not contain rank 1
expect:   src=external/nccl_archive/src/graph/rings.cc:51
expect:   msg=Error : ring 0 does not contain rank 1
# NCCL master (2.30.7+) form: timestamp (WARN level) and function name
example:  [2026-03-02 08:14:55] gpu-node-07:48213:48213 [3] init.cc:1339 (initTransportsRank) NCCL WARN Detected mixed local Net device counts across ranks (min 4, max 8). Set NCCL_IGNORE_NET_MISMATCH=1 to continue.
expect:   src=init.cc:1339
expect:   func=initTransportsRank
expect:   msg=Detected mixed local Net device counts across ranks (min 4, max 8). Set NCCL_IGNORE_NET_MISMATCH=1 to continue.
not:      H100-2:19989:20082 [1] NCCL INFO transport/net.cc:1008 -> 6

# The topology has no NET node with the id a channel asked for
# (graph/topo.h, ncclTopoIdToIndex): communicator set-up fails on it. NCCL
# 2.26's NIC fusion with the graph search's simple-order fallback did this
# on multi-node jobs (fixed in 2.27). A line of its own, as error, because
# the WARN is often all a report keeps of the failure.
name:     nccl.topo.net_not_found
kind:     nccl.warn
severity: error
priority: 4
literal:  NCCL WARN Could not find NET with id 
regex:    (?<src>graph/[^\s:]+:\d+)(?: \((?<func>[^)\s]*)\))? NCCL WARN (?<msg>Could not find NET with id \d+)
doc:      NCCL could not find the network device a channel needs in its topology, and communicator set-up failed. Seen with NCCL 2.26's NIC fusion: upgrade NCCL (2.27+) or set NCCL_NET_MERGE_LEVEL=LOC.
# a Leonardo node, NCCL with timestamps (find_string)
example:  [2025-10-23 10:26:31] lrdn2151:2678763:2678858 [0] graph/topo.h:234 NCCL WARN Could not find NET with id 0
expect:   src=graph/topo.h:234
expect:   msg=Could not find NET with id 0
# quoted in an issue without its header (NVIDIA-NeMo/Speech#13996)
example:  `graph/topo.h:230 NCCL WARN Could not find NET with id 0`
expect:   src=graph/topo.h:230
not:      46:1399931:1399978 [3] graph/search.cc:1127 NCCL WARN Could not find a path for pattern 1, falling back to simple order

# NCCL's topology XML lacks an attribute it needs (graph/xml.h's
# xmlGetAttr*: `Attribute <attr> of node <node> not found`): topology
# detection, and with it communicator set-up, fails. As error, because
# torch often keeps only this text, after "Last error:". Older NCCL
# printed the same words at INFO for optional attributes: not matched.
name:     nccl.topo.attr_not_found
kind:     nccl.warn
severity: error
priority: 4
literal:  Attribute 
regex:    (?:(?<src>graph/[^\s:]+:\d+)(?: \((?<func>[^)\s]*)\))? NCCL WARN |^|(?<=\] ))(?<msg>Attribute \w+ of node \w+ not found)\s*$
doc:      NCCL's topology detection did not find an attribute it needs (a device's busid, a CPU's arch) in the XML it builds from /sys or reads from NCCL_TOPO_FILE, and communicator set-up failed. Check the topology file, the platform's /sys exposure (containers, VMs, uncommon CPUs) and the NCCL version.
# NCCL 2.7 (NVIDIA/nccl#379)
example:  graph/xml.h:77 NCCL WARN Attribute arch of node cpu not found
expect:   src=graph/xml.h:77
expect:   msg=Attribute arch of node cpu not found
# torch's "Last error:" repeat behind vLLM's logger on a Ray worker (ray-project/ray#44533, NVIDIA/nccl#1247)
example:  (RayWorkerVllm pid=7602) ERROR 04-07 00:57:46 ray_utils.py:45] Attribute busid of node nic not found
expect:   msg=Attribute busid of node nic not found
# optional attributes that older NCCL reports at INFO while searching (NVIDIA/nccl#601)
not:      gpu23:1513:1528 [2] NCCL INFO Attribute coll of node net not found

# NCCL's topology search found a link one way between two nodes of the
# machine's graph but not back (graph/paths.cc, ncclTopoComputePaths'
# reverse-path check): topology detection, and with it communicator
# set-up, fails with ncclInternalError. torch repeats the text after "Last
# error:"; two dev-half threads (vLLM's first all_reduce,
# vllm-project/vllm#4062, forwarded to NVIDIA/nccl#1253 as a driver's
# topology; ChatGLM3's allgather, zai-org/ChatGLM3#1174) show it so.
name:     nccl.topo.reverse_path
kind:     nccl.warn
severity: error
priority: 4
literal:  Failed to find reverse path from remNode
regex:    (?:(?<src>graph/[^\s:]+:\d+)(?: \((?<func>[^)\s]*)\))? NCCL WARN |^|(?<=\] ))(?<msg>Failed to find reverse path from remNode \d+/[0-9a-fA-F]+ nlinks \d+ to node \d+/[0-9a-fA-F]+)
doc:      NCCL's topology detection found a one-way link between two devices (a GPU, a NIC, a PCI switch) and communicator set-up failed: the platform reports its PCI or NVLink topology inconsistently (a driver or firmware issue, a VM or container hiding part of /sys). Try another driver, NCCL_TOPO_FILE with a correct topology, or NCCL_P2P_DISABLE=1 to avoid the link, and report it to NVIDIA/nccl with NCCL_DEBUG=INFO.
# after torch's "Last error:" (zai-org/ChatGLM3#1174, dev half)
example:  Failed to find reverse path from remNode 0/c1000 nlinks 4 to node 0/1d000
expect:   msg=Failed to find reverse path from remNode 0/c1000 nlinks 4 to node 0/1d000
# two processes' errors glued where their outputs met (vllm-project/vllm#4062, dev half)
example:  Failed to find reverse path from remNode 0/41000 nlinks 2 to node 0/61000NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1691, internal error - please report this issue to the NCCL developers, NCCL version 2.19.3
expect:   msg=Failed to find reverse path from remNode 0/41000 nlinks 2 to node 0/61000
not:      ncclInternalError: Internal check failed.

# ---------------------------------------------------------------- unwind

name:     nccl.unwind
kind:     nccl.unwind
severity: info
literal:   -> 
regex:    \bINFO (?<src>[^\s:]+:\d+)(?: \((?<func>[^)\s]*)\))? -> (?<code>\d+)(?: \((?<error>[^)]*)\))?(?: \[(?<tag>[A-Za-z ]+)\])?\s*$
type:     code=int
doc:      One frame of an NCCL error unwinding (NCCLCHECK). code: 1 unhandled cuda, 2 system, 3 internal, 4 invalid argument, 5 invalid usage, 6 remote (2.13+; remote errors are 2 before), 7 in progress, 8 timeout (2.30+). The WARN just above on the same pid/tid is the reason.
example:  H100-2:19989:20082 [1] NCCL INFO transport/net.cc:1008 -> 6
expect:   src=transport/net.cc:1008
expect:   code=6
example:  H100-2:19989:20082 [1] NCCL INFO proxy.cc:858 -> 6 [Proxy Thread]
expect:   src=proxy.cc:858
expect:   code=6
expect:   tag=Proxy Thread
example:  kp-ddp-worker-0:3468:3905 [4] NCCL INFO proxy.cc:878 -> 6 [Progress Thread]
expect:   tag=Progress Thread
example:  gpu2-ru7:2143:2561 [1] NCCL INFO include/shm.h:41 -> 2
expect:   src=include/shm.h:41
expect:   code=2
example:  node004:27907:27907 [1] NCCL INFO transport/nvls.cc:409 -> 1
expect:   code=1
# NCCL 2.19+ system-error form with strerror
example:  gpu-node-07:48213:48401 [3] NCCL INFO misc/socket.cc:484 -> 2 (Connection refused)
expect:   code=2
expect:   error=Connection refused
# NCCL 2.x async init thread form
example:  gpu-node-07:48213:48390 [3] NCCL INFO init.cc:1310 -> 5 [Async thread]
expect:   code=5
expect:   tag=Async thread
# NCCL master (2.30.7+) form with the function name
example:  gpu-node-07:48213:48401 [3] NCCL INFO transport/net.cc:1311 (sendProxyProgress) -> 6
expect:   src=transport/net.cc:1311
expect:   func=sendProxyProgress
expect:   code=6
not:      g148:14937:69361 [0] NCCL INFO Channel 00/1 : 0[0] -> 7[7] via P2P/CUMEM
not:      dgx1-03:21871:21903 [2] NCCL INFO Ring 00 : 30 -> 28 [send] via NET/Socket/0

# ---------------------------------------------------------------- InfiniBand
# Completion error wordings (transport/net_ib*.cc, ib_plugin.c):
#   2.4-2.9:        NET/IB : Got completion with error %d, opcode %d, len %d, vendor err %d
#   2.10-2.17:      NET/IB : Got completion from peer %s with error %d, opcode %d, len %d, vendor err %d
#   2.18-2.19:      ... + " (<Send|Recv|Flush>)" [+ " localGid <g> remoteGid <g>"]
#   2.20-2.21:      ... with status=%d opcode=%d len=%d vendor err %d (<type>) [localGid <g> remoteGids<g>]
#   2.22-2.28.3:    NET/IB: Got completion from peer ... status=%d opcode=%d len=%u vendor err %u (<type>)... hca <dev>
#   2.28.7-2.28.9:  ... status=<IBV_WC_NAME>(%d) opcode=<NAME>(%d) reqSize=%d vendor_err=%u req_type=<type>... hca <dev>
#   2.29+:          ... status=<IBV_WC_NAME>(%d) opcode=<NAME>(%d) vendor_err=%u ... hca <dev>
#   GIN path:       NET/IB/GIN: Got completion from peer ... status=%d ...

name:     nccl.ib.completion_error
kind:     nccl.ib_error
severity: error
priority: 5
literal:  Got completion
regex:    (?x) NET/IB(?:/GIN)?\ ?:\ Got\ completion\ (?:from\ peer\ (?<peer>\S+)\ )?with\ (?:error\ |status=)
          (?:(?<status_name>IBV_WC_\w+)\()?(?<status>\d+)\)?,?
          \ opcode[= ](?:(?<opcode_name>[A-Z_]+)\()?(?<opcode>\d+)\)?,?
          (?:\ len[= ](?<len>\d+),?)?(?:\ reqSize=(?<req_size>\d+))?
          \ vendor[ _]err[= ](?<vendor_err>\d+)
          (?:(?:\ \(|\ req_type=)(?<req_type>[A-Za-z]+)\)?)?
          (?:\s+localGid\ (?<local_gid>\S+))?(?:\s+remoteGids?\ ?(?<remote_gid>\S+))?
          (?:\s+hca\ (?<hca>\S+))?
type:     status=int vendor_err=int opcode=int len=int req_size=int
doc:      An InfiniBand/RoCE work completion failed. status 12 (RETRY_EXC_ERR, vendor err 129) = transport retries exhausted: link, switch or routing trouble, or NCCL_IB_TIMEOUT too low; status 4 (LOC_PROT_ERR, vendor 81) = ACS/IOMMU breaking GPU Direct RDMA; status 5 (WR_FLUSH_ERR) is secondary to an earlier error; 13 = RNR retry exceeded. The peer names the other end of the failing connection.
example:  H100-2:19989:20082 [1] transport/net_ib.cc:1295 NCCL WARN NET/IB : Got completion from peer fe80::966d:ae03:8b:df78%ib0<53249> with error 4, opcode 32564, len 32564, vendor err 81 (Send)
expect:   peer=fe80::966d:ae03:8b:df78%ib0<53249>
expect:   status=4
expect:   opcode=32564
expect:   vendor_err=81
expect:   req_type=Send
example:  kolyoz2:25146:25854 [0] ib_plugin.c:1105 NCCL WARN NET/IB : Got completion from peer 10.0.35.1<49189> with error 4, opcode 5327, len 5327, vendor err 81 (Send)
expect:   peer=10.0.35.1<49189>
expect:   status=4
expect:   vendor_err=81
example:  gh-3714u15:7038:7053 [0] ib_plugin.c:1007 NCCL WARN NET/IB : Got completion from peer 10.1.32.3<42519> with error 5, opcode 0, len 0, vendor err 249
expect:   peer=10.1.32.3<42519>
expect:   status=5
expect:   opcode=0
expect:   vendor_err=249
example:  kp-ddp-worker-0:3468:3905 [4] ib_plugin.c:1615 NCCL WARN NET/IB : Got completion from peer 10.216.210.236<54862> with status=12 opcode=32616 len=0 vendor err 129 (Recv) localGid fd00:1148:9000:5000:4:200:3:ff21 remoteGidsfd00:1148:9000:5000:4:200:3:ff20
expect:   peer=10.216.210.236<54862>
expect:   status=12
expect:   opcode=32616
expect:   vendor_err=129
expect:   req_type=Recv
expect:   local_gid=fd00:1148:9000:5000:4:200:3:ff21
expect:   remote_gid=fd00:1148:9000:5000:4:200:3:ff20
# torch collapsed the whole teardown into one line; the IB error is its "Last error"
example:  [E ProcessGroupNCCL.cpp:455] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data. [E ProcessGroupNCCL.cpp:460] To avoid data inconsistency, we are taking the entire process down. terminate called after throwing an instance of 'std::runtime_error' what(): NCCL error: remote process exited or there was a network error, NCCL version 2.14.3 ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely. Last error: NET/IB : Got completion from peer 11.214.147.122<39138> with error 12, opcode 0, len 0, vendor err 129
expect:   peer=11.214.147.122<39138>
expect:   status=12
expect:   vendor_err=129
# NCCL 2.4-2.9 form (no peer)
example:  dgx1-03:21871:21903 [2] transport/net_ib.cc:789 NCCL WARN NET/IB : Got completion with error 12, opcode 1, len 32768, vendor err 129
expect:   status=12
expect:   opcode=1
expect:   vendor_err=129
# NCCL 2.22-2.28.3 form
example:  [2025-03-14 02:41:07] gpu-node-07:48213:48402 [3] transport/net_ib.cc:2121 NCCL WARN NET/IB: Got completion from peer 10.12.4.18<43211> with status=12 opcode=0 len=0 vendor err 129 (Send) hca mlx5_3
expect:   peer=10.12.4.18<43211>
expect:   status=12
expect:   vendor_err=129
expect:   req_type=Send
expect:   hca=mlx5_3
# NCCL 2.28.7-2.28.9 form (RoCE, with GIDs)
example:  [2025-11-20 17:03:52] gpu-node-07:48213:48402 [3] transport/net_ib.cc:2543 NCCL WARN NET/IB: Got completion from peer 10.12.4.18<43211> with status=IBV_WC_RETRY_EXC_ERR(12) opcode=IBV_WC_SEND(0) reqSize=524288 vendor_err=129 req_type=Send localGid ::ffff:10.12.4.17 remoteGids::ffff:10.12.4.18 hca mlx5_3
expect:   status_name=IBV_WC_RETRY_EXC_ERR
expect:   status=12
expect:   opcode_name=IBV_WC_SEND
expect:   opcode=0
expect:   req_size=524288
expect:   vendor_err=129
expect:   req_type=Send
expect:   remote_gid=::ffff:10.12.4.18
expect:   hca=mlx5_3
# NCCL 2.29+ form (InfiniBand link layer: no GIDs, two blanks before hca)
example:  [2026-02-11 09:27:31] gpu-node-07:48213:48402 [3] transport/net_ib/p2p.cc:550 NCCL WARN NET/IB: Got completion from peer 10.12.4.18<43211> with status=IBV_WC_LOC_PROT_ERR(4) opcode=IBV_WC_RDMA_WRITE(1) vendor_err=81  hca mlx5_0
expect:   peer=10.12.4.18<43211>
expect:   status_name=IBV_WC_LOC_PROT_ERR
expect:   status=4
expect:   vendor_err=81
expect:   hca=mlx5_0
# NCCL 2.28.7+ GIN path form
example:  [2025-11-20 17:03:52] gpu-node-07:48213:48402 [3] transport/net_ib/gin.cc:522 NCCL WARN NET/IB/GIN: Got completion from peer 10.12.4.18<43211> with status=12 opcode=1 len=0 vendor err 129 (IPut) hca mlx5_3
expect:   status=12
expect:   req_type=IPut
not:      H100-2:19989:20082 [1] NCCL INFO transport/net.cc:1008 -> 6

# UCX's report of a failed IB/RoCE work completion (UCX under MPI, UCC, or
# a UCX network plugin), `[host:pid:tid:thread] ib_mlx5_log.c:<l>  <error> on
# <dev>:<port>/<IB|RoCE> (synd ... vend ... hw_synd ...)`; UCX 1.5 printed
# `FATAL: Error on <dev>:<port> QP ... wqe[..]: <error> (synd ...)`. The
# syndrome 0x15 / vendor 0x81 is the verbs RETRY_EXC_ERR: transport retries
# exhausted on the link.
name:     ucx.ib.completion_error
kind:     nccl.ib_error
severity: error
priority: 5
literal:  ib_mlx5_log.c
regex:    ib_mlx5_log\.c:\d+\s+(?:FATAL: Error on (?<hca>\w+:\d+) QP \S+ wqe\[\d+\]: (?<error>[A-Z][\w ]*?) \(synd|(?<error>[A-Z][\w ]*?) on (?<hca>\w+:\d+)/(?<link>IB|RoCE) \(synd)
doc:      An InfiniBand/RoCE work completion failed under UCX: `Transport retry count exceeded` = retries exhausted (link, switch or routing trouble, or a RoCE fabric without lossless configuration); `Remote access error` / `Local protection error` point at memory registration or GPU Direct RDMA.
# UCX 1.9 under Open MPI on RoCE (openucx/ucx#6000)
example:  [compute001:31180:0:31180] ib_mlx5_log.c:143  Transport retry count exceeded on mlx5_0:1/RoCE (synd 0x15 vend 0x81 hw_synd 0/0)
expect:   error=Transport retry count exceeded
expect:   hca=mlx5_0:1
expect:   link=RoCE
# UCX 1.8 on InfiniBand (openucx/ucx#5199)
example:  [master:19546:0:19546] ib_mlx5_log.c:139  Transport retry count exceeded on mlx5_0:1/IB (synd 0x15 vend 0x81 hw_synd 0/0)
expect:   link=IB
# UCX 1.5 FATAL form (openucx/ucx#2973)
example:  [ast1815:6807 :0:6807] ib_mlx5_log.c:115  FATAL: Error on mlx5_3:1 QP 0xe6d7 wqe[7821]: Transport retry count exceeded (synd 0x15 vend 0x81) opcode SEND
expect:   error=Transport retry count exceeded
expect:   hca=mlx5_3:1
not:      [compute001:31180:0:31180] ib_mlx5_log.c:143  DCI QP 0x14e4 wqe[0]: SEND s-e [rqpn 0x2248a rmac 50:6b:4b:cb:be:ce sgix 0 dgid fe80::526b:4bff:fecb:bece tc 0] [inl len 18]

# UCX could not reach a peer (UCX under Open MPI, MPICH, Intel MPI, UCC,
# Dask): an endpoint that timed out (its transport's retries ran out:
# `UCX Fatal: transport error: Endpoint timeout`, `Error Endpoint timeout
# was not handled for ep`), Open MPI's UCX PML or SPML failing to create
# one (`ucp_ep_create(proc=N) failed: Destination is unreachable`), or a
# UCX connect that failed (`connect(fd=.., dest_addr=IP:port) failed:
# Connection timed out`, `ibv_create_ah(...) failed: Connection timed
# out`). The words after the colon are UCX's status strings and errno's.
name:     ucx.endpoint_error
kind:     nccl.ib_error
severity: error
priority: 5
literal:  UCX  ERROR
literal:  UCX Fatal:
literal:  ucp_ep_create(
regex:    (?:\bucp_ep_create\(proc=\d+(?:/\d+)?\) failed: (?<error>Destination is unreachable|Endpoint timeout|Connection reset by remote peer)|\bUCX (?: ERROR|Fatal:) .*?(?:(?<error>Endpoint timeout)|(?:dest_addr=(?<peer>[^,)\s]+).*?)?\bfailed: (?<error>Connection timed out|Connection refused|No route to host|Network is unreachable)))
doc:      UCX (under MPI or UCC) could not reach a peer: an endpoint timeout means the transport's retries ran out (the peer died, or the link, switch or routing failed; on RoCE a fabric without lossless configuration); an unreachable destination or a refused or timed-out connect means no usable route to the peer (check UCX_NET_DEVICES and UCX_TLS, firewalls, and whether the peer process is alive)
# mlcommons/training_results_v3.0#5 (dev half): HugeCTR under Open MPI on RoCE
example:  [1695144496.484294] [hpci5201:103648:0]       ib_device.c:1250 UCX  ERROR   ibv_create_ah(dlid=49152 sl=0 port=1 src_path_bits=0 dgid=::ffff:192.160.0.55 sgid_index=3 traffic_class=106) for UD verbs connect on bnxt_re0 failed: Connection timed out
expect:   error=Connection timed out
example:  [hpci5201:103648] pml_ucx.c:419  Error: ucp_ep_create(proc=1) failed: Endpoint timeout
expect:   error=Endpoint timeout
# openucx/ucx#3513 (OpenSHMEM's SPML, UCX_TLS=tcp)
example:  [jazz04:185061] spml_ucx.c:264  Error: ucp_ep_create(proc=142/224) failed: Destination is unreachable
expect:   error=Destination is unreachable
example:  [1555716468.435202] [jazz04:185068:0]           sock.c:116  UCX  ERROR connect(fd=217, dest_addr=2.1.3.9:45654) failed: Connection timed out
expect:   peer=2.1.3.9:45654
expect:   error=Connection timed out
# openucx/ucx#3087 (behind mpirun's --timestamp-output --tag-output)
example:  Mon Dec 10 08:18:05 2018[1,8]<stderr>:[hpc-polar-01-vm001:13210:0:13210]    ud_iface.c:732  UCX Fatal: transport error: Endpoint timeout
expect:   error=Endpoint timeout
# openucx/ucx#1881
example:  Sun Oct  1 17:18:44 2017[1,7]<stdout>:[1506867524.064665] [clx-hercules-012:26727:0]     ucp_worker.c:373  UCX  ERROR Error Endpoint timeout was not handled for ep 0xac1510
expect:   error=Endpoint timeout
# rapidsai/ucx-py#131 (Dask over UCX)
example:  [1564069506.097666] [dgx15:34226:0]     ucp_worker.c:505  UCX  ERROR error 'Endpoint timeout' will not be handled for ep 0x7fb7fd48f120 - rc_mlx5/mlx5_3:1
expect:   error=Endpoint timeout
# UCX's status for a failed registration is no network failure (openucx/ucx#4707, dev half)
not:      1: [1580413046.362194] [cgpu05:56774:2]         ucp_mm.c:110  UCX  ERROR failed to register address 0x2aab74a00000 length 131072 on md[4]=cuda_ipc: Input/output error
not:      [1710151844.543878] [m051:6032 :0]           ud_ep.c:93   UCX  DEBUG ep: 0x5617c4514aa0 ca drop@cwnd = 2 in flight: 1

# libibverbs' own words for a work completion whose retries ran out
# (ibv_wc_status_str(): IBV_WC_RETRY_EXC_ERR, IBV_WC_RNR_RETRY_EXC_ERR), as
# any verbs user prints them: TensorPipe's ibv transport under torch RPC,
# brpc, Mooncake, NFS-Ganesha's RDMA; a few capitalise them. The other
# statuses' words (`remote access error`, `general error`) are too common
# in other texts to be read alone.
name:     ibv.wc_retry_exceeded
kind:     nccl.ib_error
severity: error
literal:  retry counter exceeded
literal:  Retry Counter Exceeded
regex:    (?<error>(?i:transport|RNR) (?i:retry counter exceeded))
doc:      An InfiniBand/RoCE work completion failed after its retries: transport retries exhausted (the peer stopped acknowledging: it died, or the link, switch or routing failed; on RoCE a fabric without lossless configuration), or RNR retries exhausted (the peer posted no receive buffer in time).
# TensorPipe's ibv transport under torch.distributed.rpc (pytorch/pytorch#104568, dev half)
example:  [W tensorpipe_agent.cpp:940] RPC agent for worker1 encountered error when reading incoming response from worker0: transport retry counter exceeded (this error originated at tensorpipe/transport/ibv/connection_impl.cc:478)
expect:   error=transport retry counter exceeded
# brpc's RDMA endpoint (find_string: a Chinese blog post quoting its log)
example:  rdma.cc:851 @processRCCQ]error on send wc: transport retry counter exceeded
# NFS-Ganesha's RDMA transport (find_string: a mailing-list reply)
example:  [0x7f49a6c3fe80] rpc :TIRPC :EVENT :rpc_rdma_cq_event_handler() cq completion status: RNR retry counter exceeded (13) rdma_xprt state 5
expect:   error=RNR retry counter exceeded
# a verbs program's own status names (find_string: its logError calls)
example:  WC status: Transport Retry Counter Exceeded
expect:   error=Transport Retry Counter Exceeded
not:      [compute001:31180:0:31180] ib_mlx5_log.c:143  Transport retry count exceeded on mlx5_0:1/RoCE (synd 0x15 vend 0x81 hw_synd 0/0)
not:      attr.retry_cnt = 7; // retry counter

# The AWS OFI (libfabric) network plugin's failed request: the EFA/libfabric
# completion queue returned an error for a send or receive, `NET/OFI Request
# <ptr> completed with error. RC: <n>. Error: <text>.` (aws-ofi-nccl 1.x).
name:     ofi.request_error
kind:     nccl.ib_error
severity: error
priority: 5
literal:  NET/OFI Request 
regex:    NET/OFI Request (?:0x[0-9a-f]+ )?completed with error\. RC: (?<rc>\d+)\. Error: (?<error>[^.]*)
type:     rc=int
doc:      A libfabric (EFA) completion failed under the AWS OFI plugin: the transfer between nodes did not complete. Often a security group or EFA device problem between the instances, or a peer that went away.
# MPIJob nccl-tests on EKS, EFA blocked by the security group (aws/aws-ofi-nccl#156)
example:  [1,13]<stdout>:nccl-tests-worker-1:35:89 [5] ofi_process_cq:1039 NCCL WARN NET/OFI Request 0x7fbb944701b8 completed with error. RC: 20. Error: unknown error. Completed length: 0, Request: { buffer_index: 255, dev: 1, size: 0, state: CREATED, direction: SEND }
expect:   rc=20
expect:   error=unknown error
# issue title quoting it, SageMaker training (aws/aws-ofi-nccl#161)
example:  NCCL WARN NET/OFI Request completed with error. RC: 21. Error: unknown error
expect:   rc=21
not:      [1,23]<stdout>:ip-172-32-45-165:72593:73427 [7] create_nccl_ofi_component:459 NCCL WARN NET/OFI Couldn't open AV. RC: -22, ERROR: Invalid argument

# (rc, not status: these are libfabric error numbers, not verbs completion
# statuses, whose 5 is a secondary flush.)

# libfabric's own warning for a failed completion on the EFA provider's
# completion queue (`libfabric:<pid>:<time>::efa:cq:<function>():<line><warn>
# ... err: <n>, prov_err|message: <text>`): the same failure, logged by the
# provider under FI_LOG_LEVEL=warn.
name:     ofi.libfabric_cq_error
kind:     nccl.ib_error
severity: error
priority: 5
literal:  :cq:
regex:    libfabric:\d+:\d+::\w+:cq:\w+\(\):\d+<warn> .*?\berr: (?<rc>\d+), (?:prov_err|message): (?<error>.*?)\s*$
type:     rc=int
doc:      libfabric (EFA provider) reported a failed completion: a transfer to a peer failed (unreachable or invalid peer address, blocked traffic, a peer process gone).
# nccl-tests over EFA, Open MPI tag (aws/aws-ofi-nccl#156)
example:  [1,13]<stderr>:libfabric:35:1668017255::efa:cq:rxr_cq_write_tx_error():243<warn> rxr_cq_write_tx_error: err: 20, prov_err: Not a directory (20)
expect:   rc=20
expect:   error=Not a directory (20)
# libfabric 1.2x EFA RDM path, 120-rank allreduce (aws/aws-ofi-nccl#346)
example:  libfabric:451707:1708520807::efa:cq:efa_rdm_txe_handle_error():737<warn> err: 5, message: Invalid address My EFA addr: fi_addr_efa://[fe80::13:c2ff:fe6f:f03d]:0:1072483550 My host id: i-0db7083f3fcbebb65 Peer EFA addr: fi_addr_efa://[fe80::b8:aff:fe44:425]:0:947699476 Peer host id: i-0ce6d3d57139f053c (7)
expect:   rc=5
not:      libfabric:462:1673041636:efa:core:rxr_info_to_rxr():506<warn> FI_HMEM capability requires RDMA, which this device does not support.

name:     nccl.ib.async_event
kind:     nccl.ib_async_event
severity: warning
priority: 5
literal:  async event
literal:  async error event
regex:    NET/IB : (?:(?<ib_dev>[^\s:]+):(?<port>\d+) )?Got (?:non-fatal )?async (?:error )?event ?: (?<event>.*?)(?:\((?<event_type>\d+)\))?\s*$
type:     port=int event_type=int
doc:      Asynchronous InfiniBand event on a local HCA port ("port error" = link went down; "port active" = came back). A port error around the time of the first failure points at the fabric/cable.
# NCCL 2.12 form
example:  dgx1-03:21871:21890 [2] transport/net_ib.cc:94 NCCL WARN NET/IB : Got async event : port error
expect:   event=port error
# NCCL 2.21 form
example:  gpu-node-07:48213:48395 [3] transport/net_ib.cc:101 NCCL WARN NET/IB : mlx5_3:1 Got async event : port error
expect:   ib_dev=mlx5_3
expect:   port=1
expect:   event=port error
# NCCL 2.21 form naming another event (NVIDIA/nccl#1710)
example:  node201:127799:127863 [0] transport/net_ib.cc:101 NCCL WARN NET/IB : mlx5_0:1 Got async event : local access violation work queue error
expect:   ib_dev=mlx5_0
expect:   event=local access violation work queue error
# NCCL 2.23-2.28 form of the non-fatal events (ncclIbAsyncThreadMain: "%s:%d Got async error event: %s")
example:  gpu-node-07:48213:48395 [3] transport/net_ib.cc:173 NCCL WARN NET/IB : mlx5_3:1 Got async error event: port error
expect:   ib_dev=mlx5_3
expect:   port=1
expect:   event=port error
# NCCL 2.30 form
example:  [2026-03-02 08:14:55] gpu-node-07:48213:48395 [3] transport/net_ib/common.cc:179 NCCL WARN NET/IB : mlx5_3:1 Got non-fatal async event: port error(10)
expect:   ib_dev=mlx5_3
expect:   event=port error
expect:   event_type=10
not:      h37n07:3094283:3094311 [0] NCCL INFO NET/IB : Using [0]mlx5_1:1/IB [1]mlx5_3:1/IB [2]mlx5_0:1/IB [3]mlx5_2:1/IB ; OOB ib0:10.41.21.104<0>

name:     nccl.ib.async_fatal
kind:     nccl.ib_async_event
severity: error
priority: 5
literal:  async fatal event
regex:    NET/IB : (?<ib_dev>[^\s:]+):(?<port>\d+) async fatal event(?<on> on (?:CQ|QP|SRQ))?.*: (?<event>[^:]*?)\s*$
type:     port=int
doc:      Fatal asynchronous event on a local HCA (device or queue failure); the HCA or its driver is broken on this node.
# NCCL 2.30 form
example:  [2026-03-02 08:14:55] gpu-node-07:48213:48395 [3] transport/net_ib/common.cc:123 NCCL WARN NET/IB : mlx5_3:1 async fatal event: local catastrophic error
expect:   ib_dev=mlx5_3
expect:   port=1
expect:   event=local catastrophic error
# NCCL 2.23-2.28 QP form (NVIDIA/nccl#1919)
example:  node-0:139577:139678 [0] transport/net_ib.cc:154 NCCL WARN NET/IB : mlx5_1:1 async fatal event on QP (0x7309dc3bb338): invalid request local work queue error
expect:   ib_dev=mlx5_1
expect:   on= on QP
expect:   event=invalid request local work queue error
not:      [2026-03-02 08:14:55] gpu-node-07:48213:48395 [3] transport/net_ib/common.cc:179 NCCL WARN NET/IB : mlx5_3:1 Got non-fatal async event: port error(10)

name:     nccl.hint
kind:     nccl.hint
severity: info
priority: 5
literal:  HINT: 
regex:    NCCL INFO HINT: (?<msg>.*\S)
doc:      NCCL 2.30.7+ advice printed after an error (e.g. after an IB completion error: ACS, NCCL_IB_TIMEOUT, cross-rail, GID index).
# NCCL 2.30.7+ forms
example:  gpu-node-07:48213:48402 [3] NCCL INFO HINT: In many cases this error occurs when the NCCL_IB_TIMEOUT is set too short.
expect:   msg=In many cases this error occurs when the NCCL_IB_TIMEOUT is set too short.
example:  gpu-node-07:48213:48402 [3] NCCL INFO HINT: In many cases this error occurs when ACS is enabled which would break GPU Direct RDMA protocol.
expect:   msg=In many cases this error occurs when ACS is enabled which would break GPU Direct RDMA protocol.
not:      gpu-node-07:48213:48402 [3] NCCL INFO transport/net.cc:1311 -> 6

# AWS EFA through libfabric (the transport of aws-ofi-nccl): the EFA
# provider's RxR layer could not report a completion error and aborts
# (libfabric 1.8-1.11 rxr_eq_write_error; prov_errno is the provider's
# own error). A transport failure, as an IB completion error is.
name:     nccl.efa.eq_error
kind:     nccl.ib_error
severity: error
priority: 5
literal:  Unable to write to EQ:
regex:    Unable to write to EQ: (?<msg>[^.]*)\. err: (?<error>[^(]*?) \((?<errno>\d+)\) prov_errno: (?<prov_error>[^(]*?) \((?<prov_errno>-?\d+)\)
type:     errno=int prov_errno=int
doc:      libfabric's EFA provider hit an error it could not queue and aborted the process: the EFA transport between nodes failed (check the EFA devices, security group rules that must allow all traffic within the group, and the aws-ofi-nccl / libfabric versions).
# real, aws-ofi-nccl with Horovod (aws/aws-ofi-nccl#20)
example:  Unable to write to EQ: Missing or unavailable event queue. err: Input/output error (5) prov_errno: Unknown error -114 (-114) prov/rxr/src/rxr.h:1042 
expect:   errno=5
expect:   prov_errno=-114
# real, libfabric 1.9 (ofiwg/libfabric#5716)
example:  Unable to write to EQ: Missing or unavailable event queue. err: Input/output error (5) prov_errno: Unknown error -11 (-11) prov/efa/src/rxr/rxr.h:1343
expect:   msg=Missing or unavailable event queue
expect:   error=Input/output error
not:      OSError: [Errno 5] Input/output error

# ---------------------------------------------------------------- sockets

name:     nccl.socket.closed_by_peer
kind:     nccl.socket_closed
severity: warning
priority: 5
literal:  Connection closed by remote peer
regex:    (?:Net :|socketProgress:) Connection closed by remote peer(?: (?<peer>\S+))?
doc:      The other end of an NCCL socket went away: usually the peer process died (crash, OOM kill, exit) or aborted first. A consequence; look for the peer's own error.
example:  a100-st-p4d24xlarge-22:183006:183181 [1] misc/socket.cc:538 NCCL WARN Net : Connection closed by remote peer a100-st-p4d24xlarge-22.luciodelelis-92732890-0458-4f76-8369-c4fee80b23e7.pcluster<47861>
expect:   peer=a100-st-p4d24xlarge-22.luciodelelis-92732890-0458-4f76-8369-c4fee80b23e7.pcluster<47861>
# NCCL <=2.9 form (no peer)
example:  dgx1-03:21871:21903 [2] include/socket.h:403 NCCL WARN Net : Connection closed by remote peer
# NCCL 2.18+ form
example:  [2025-06-16 17:17:39] gpu-node-07:48213:48401 [3] misc/socket.cc:71 NCCL WARN socketProgress: Connection closed by remote peer gpu-node-08.cluster.local<48133>
expect:   peer=gpu-node-08.cluster.local<48133>
not:      kolyoz2:25146:25852 [0] NCCL INFO [Service thread] Connection closed by localRank 0

name:     nccl.socket.call_failed
kind:     nccl.socket_error
severity: warning
priority: 6
literal:  Call to recv
literal:  Call to send
regex:    Call to (?<op>recv|send)(?: (?:from|to) (?<peer>\S+))? failed : (?:(?<errno>\d+) \()?(?<error>[^()]*?)\)?\s*$
type:     errno=int
doc:      A socket recv/send failed: "Connection reset by peer"/"Broken pipe" mean the peer process died or closed first (consequence); "Connection timed out" points at the network.
example:  a100-st-p4d24xlarge-22:183006:183220 [1] misc/socket.cc:518 NCCL WARN Net : Call to recv from 10.200.84.247<58355> failed : Broken pipe
expect:   op=recv
expect:   peer=10.200.84.247<58355>
expect:   error=Broken pipe
example:  socketProgressOpt: Call to recv from 172....<33759> failed : Connection reset by peer
expect:   op=recv
expect:   peer=172....<33759>
expect:   error=Connection reset by peer
# NCCL <=2.9 form
example:  dgx1-03:21871:21903 [2] include/socket.h:408 NCCL WARN Call to recv failed : Connection reset by peer
expect:   op=recv
expect:   error=Connection reset by peer
# NCCL 2.24+ form
example:  [2025-06-16 17:17:39] gpu-node-07:48213:48401 [3] misc/socket.cc:46 NCCL WARN socketProgressOpt: Call to send to 10.12.4.18<48133> failed : Broken pipe
expect:   op=send
expect:   peer=10.12.4.18<48133>
expect:   error=Broken pipe
not:      a100-st-p4d24xlarge-22:183006:183181 [1] misc/socket.cc:538 NCCL WARN Net : Connection closed by remote peer a100-st-p4d24xlarge-22.luciodelelis-92732890-0458-4f76-8369-c4fee80b23e7.pcluster<47861>

name:     nccl.service_closed
kind:     nccl.service_closed
severity: warning
priority: 5
literal:  [Service thread] Connection closed by localRank
regex:    \[Service thread\] Connection closed by localRank (?<local_rank_closed>-?\d+)
type:     local_rank_closed=int
doc:      The proxy service thread lost its connection to a local rank, i.e. that rank's process exited or aborted. Printed on every rank of the node after the first failure; a consequence.
example:  kolyoz2:25146:25852 [0] NCCL INFO [Service thread] Connection closed by localRank 0
expect:   local_rank_closed=0
example:  kolyoz1:27224:27926 [2] NCCL INFO [Service thread] Connection closed by localRank 2
expect:   local_rank_closed=2
not:      kolyoz2:25146:25854 [0] NCCL INFO proxy.cc:878 -> 6 [Progress Thread]

# ---------------------------------------------------------------- connect

name:     nccl.connect.failed
kind:     nccl.connect_error
severity: error
priority: 5
literal:  onnect to 
regex:    [Cc]onnect to (?<peer>\S+) failed(?: :| with error) (?<error>.*?)\s*$
doc:      Could not open a socket to a peer (bootstrap or proxy). "Connection refused" = nothing listening (peer not started, died, wrong port); "No route to host"/"timed out" = network, firewall or wrong interface.
# NCCL <=2.9 form
example:  dgx1-03:21871:21903 [2] misc/socket.cc:390 NCCL WARN Connect to 10.12.4.18<43211> failed : Connection refused
expect:   peer=10.12.4.18<43211>
expect:   error=Connection refused
# NCCL 2.10-2.17 form
example:  dgx1-03:21871:21903 [2] misc/socket.cc:450 NCCL WARN Net : Connect to 10.12.4.18<43211> failed : No route to host
expect:   error=No route to host
# NCCL 2.18-2.26 form
example:  gpu-node-07:48213:48213 [3] misc/socket.cc:484 NCCL WARN socketStartConnect: Connect to 10.12.4.18<43211> failed : Network is unreachable
expect:   peer=10.12.4.18<43211>
expect:   error=Network is unreachable
# NCCL 2.27+ forms
example:  [2025-08-02 11:20:41] gpu-node-07:48213:48213 [3] misc/socket.cc:591 NCCL WARN socketStartConnect: connect to 10.12.4.18<43211> failed : Connection timed out
expect:   error=Connection timed out
example:  [2025-08-02 11:20:41] gpu-node-07:48213:48213 [3] misc/socket.cc:617 NCCL WARN socketPollConnect to 10.12.4.18<43211> failed with error Connection refused
expect:   peer=10.12.4.18<43211>
expect:   error=Connection refused
# torch's "Last error:" repeating it, an IPv6 link-local peer behind a container's veth (huggingface/accelerate#2457)
example:  socketStartConnect: Connect to fe80::a849:bbff:fe73:19bd%veth8299cd8<54785> failed : Software caused connection abort
expect:   peer=fe80::a849:bbff:fe73:19bd%veth8299cd8<54785>
expect:   error=Software caused connection abort
not:      node5:240:240 [6] misc/socket.cc:533 NCCL WARN socketPollConnect: Connect to 10.0.0.4<56849> returned 113(No route to host) errno 115(Operation now in progress)

name:     nccl.connect.returned
kind:     nccl.connect_error
severity: error
priority: 5
literal:  Connect to 
regex:    Connect to (?<peer>\S+) returned (?<code>\d+)\((?<error>[^)]*)\) errno (?<errno>\d+)\((?<errno_str>[^)]*)\)
type:     code=int errno=int
doc:      Asynchronous connect to a peer failed (NCCL 2.19-2.23). 113 No route to host / 111 Connection refused during bootstrap usually means the wrong interface, a firewall, or the root rank not running.
example:  node5:240:240 [6] misc/socket.cc:533 NCCL WARN socketPollConnect: Connect to 10.0.0.4<56849> returned 113(No route to host) errno 115(Operation now in progress)
expect:   peer=10.0.0.4<56849>
expect:   code=113
expect:   error=No route to host
expect:   errno=115
not:      node5:240:240 [6] NCCL INFO misc/socket.cc:570 -> 2

name:     nccl.connect.retry_exceeded
kind:     nccl.connect_error
severity: error
priority: 6
literal:  exceeded error retry count
regex:    (?<fn>\w+): connect(?: to (?<peer>\S+))? returned (?<error>.*?), exceeded error retry count (?:after |\()(?<attempts>\d+)(?: attempts|\))
type:     attempts=int
doc:      NCCL gave up connecting after its retries (2.24+): the peer never came up or is unreachable. Typical for init hangs after a restart or a dead bootstrap root.
# NCCL 2.24-2.26 form
example:  gpu-node-07:48213:48213 [3] misc/socket.cc:543 NCCL WARN socketPollConnect: connect returned Connection refused, exceeded error retry count (35)
expect:   fn=socketPollConnect
expect:   error=Connection refused
expect:   attempts=35
# NCCL 2.27+ form
example:  [2025-08-02 11:20:41] gpu-node-07:48213:48213 [3] misc/socket.cc:577 NCCL WARN socketPollConnect: connect to 10.29.224.148<52333> returned Connection refused, exceeded error retry count after 35 attempts
expect:   peer=10.29.224.148<52333>
expect:   error=Connection refused
expect:   attempts=35
not:      bj4-ml-g8h20-k8s-slave1026-20250527:5971:6015 [4] NCCL INFO socketPollConnect: connect to 10.29.224.148<52333> returned Connection refused, retrying (18/34) after sleep for 1800 msec

name:     nccl.connect.accept_retry_exceeded
kind:     nccl.connect_error
severity: error
priority: 6
literal:  exceeded error retry count
regex:    (?<fn>\w+): exceeded error retry count (?:after |\()(?<attempts>\d+)(?: attempts|\)), (?<error>.*?)\s*$
type:     attempts=int
doc:      NCCL gave up accepting an incoming connection after repeated errors (2.24+).
# NCCL 2.24-2.26 form
example:  gpu-node-07:48213:48290 [3] misc/socket.cc:441 NCCL WARN socketTryAccept: exceeded error retry count (35), Connection aborted
expect:   fn=socketTryAccept
expect:   attempts=35
expect:   error=Connection aborted
# NCCL 2.27+ form
example:  [2025-08-02 11:20:41] gpu-node-07:48213:48290 [3] misc/socket.cc:448 NCCL WARN socketTryAccept: exceeded error retry count after 35 attempts, Connection aborted
expect:   attempts=35
expect:   error=Connection aborted
not:      gpu-node-07:48213:48213 [3] misc/socket.cc:543 NCCL WARN socketPollConnect: connect returned Connection refused, exceeded error retry count (35)

name:     nccl.connect.retrying
kind:     nccl.connect_retry
severity: warning
priority: 5
literal:  , retrying
regex:    (?:Call to (?<call>\w+)|connect(?: to (?<peer>\S+))?) returned (?<error>[^,]+), retrying(?: \((?<attempt>\d+)/(?<max_attempts>\d+)\) after sleep for (?<sleep_ms>\d+) msec)?
type:     attempt=int max_attempts=int sleep_ms=int
doc:      NCCL is retrying a refused/failed connect (INFO). Many retries = the peer (often the bootstrap root after a restart) is not listening yet or any more.
example:  bj4-ml-g8h20-k8s-slave1026-20250527:5971:6015 [4] NCCL INFO socketPollConnect: connect to 10.29.224.148<52333> returned Connection refused, retrying (18/34) after sleep for 1800 msec
expect:   peer=10.29.224.148<52333>
expect:   error=Connection refused
expect:   attempt=18
expect:   max_attempts=34
expect:   sleep_ms=1800
example:  tj1-asr-train-v100-13:941227:943077 [0] NCCL INFO Call to connect returned Connection refused, retrying
expect:   call=connect
expect:   error=Connection refused
# NCCL 2.24-2.26 form
example:  gpu-node-07:48213:48213 [3] NCCL INFO socketPollConnect: connect returned Connection refused, retrying (3/34) after sleep for 300 msec
expect:   error=Connection refused
expect:   attempt=3
not:      [2025-08-02 11:20:41] gpu-node-07:48213:48213 [3] misc/socket.cc:577 NCCL WARN socketPollConnect: connect to 10.29.224.148<52333> returned Connection refused, exceeded error retry count after 35 attempts

name:     nccl.connect.poll_failed
kind:     nccl.connect_error
severity: error
priority: 5
literal:  poll() failed with error
regex:    (?<fn>\w+) poll\(\) failed with error (?<error>.*?)\s*$
doc:      poll() on a connecting socket failed (2.19+).
# NCCL 2.19-2.26 form
example:  gpu-node-07:48213:48213 [3] misc/socket.cc:502 NCCL WARN socketPollConnect poll() failed with error Interrupted system call
expect:   fn=socketPollConnect
expect:   error=Interrupted system call
not:      gpu-node-07:48213:48213 [3] misc/socket.cc:484 NCCL WARN socketStartConnect: Connect to 10.12.4.18<43211> failed : Network is unreachable

# ---------------------------------------------------------------- proxy

name:     nccl.proxy.execute_failed
kind:     nccl.proxy_error
severity: warning
priority: 5
literal:  Failed to execute operation
regex:    \[Proxy Service (?<proxy_rank>\d+)\] Failed to execute operation (?<op>\w+) from rank (?<peer_rank>\d+), retcode (?<retcode>\d+)
type:     proxy_rank=int peer_rank=int retcode=int
doc:      The proxy thread of rank proxy_rank could not serve an operation requested by peer_rank. retcode 6 (remote) or 2 (system) usually follows a peer's crash or a socket error logged just before; 1 = CUDA error.
example:  a100-st-p4d24xlarge-22:183006:183220 [1] proxy.cc:1119 NCCL WARN [Proxy Service 9] Failed to execute operation Connect from rank 9, retcode 6
expect:   proxy_rank=9
expect:   op=Connect
expect:   peer_rank=9
expect:   retcode=6
not:      a100-st-p4d24xlarge-22:183006:183220 [1] NCCL INFO proxy.cc:991 -> 6

name:     nccl.proxy.call_failed
kind:     nccl.proxy_error
severity: warning
priority: 5
literal:  Proxy Call to rank
regex:    Proxy Call to rank (?<peer_rank>\d+) failed \((?<op>\w+)\)
type:     peer_rank=int
doc:      A rank's call into a (local) proxy failed; the proxy side or its socket broke.
# NCCL 2.12+ form
example:  gpu-node-07:48213:48401 [3] proxy.cc:1002 NCCL WARN Proxy Call to rank 11 failed (Connect)
expect:   peer_rank=11
expect:   op=Connect
not:      a100-st-p4d24xlarge-22:183006:183220 [1] proxy.cc:1119 NCCL WARN [Proxy Service 9] Failed to execute operation Connect from rank 9, retcode 6

name:     nccl.proxy.poll_recv_failed
kind:     nccl.proxy_error
severity: warning
priority: 5
literal:  Socket recv failed while polling for opId
regex:    Socket recv failed while polling for opId=(?<op_id>\S+)
doc:      The proxy response socket broke while waiting for an asynchronous proxy operation (2.19+).
# NCCL 2.19+ form
example:  gpu-node-07:48213:48401 [3] proxy.cc:1172 NCCL WARN Socket recv failed while polling for opId=0x7f1c3c012e40
expect:   op_id=0x7f1c3c012e40
not:      gpu-node-07:48213:48401 [3] proxy.cc:1002 NCCL WARN Proxy Call to rank 11 failed (Connect)

name:     nccl.proxy.service
kind:     nccl.proxy_error
severity: error
priority: 4
literal:  [Proxy Service
regex:    NCCL WARN \[Proxy Service(?: UDS)?\] (?<msg>.*?)\s*$
doc:      Other proxy service thread failures (poll failed, cannot set CUDA device, proxyDestroy failed).
# NCCL 2.16+ form
example:  gpu-node-07:48213:48399 [3] proxy.cc:1478 NCCL WARN [Proxy Service] Poll failed: Interrupted system call
expect:   msg=Poll failed: Interrupted system call
not:      a100-st-p4d24xlarge-22:183006:183220 [1] proxy.cc:1119 NCCL WARN [Proxy Service 9] Failed to execute operation Connect from rank 9, retcode 6

# ---------------------------------------------------------------- shared memory and system calls

name:     nccl.shm.segment
kind:     nccl.shm_error
severity: error
priority: 6
literal:  shared memory segment
regex:    Error while (?<op>creating|attaching to) shared memory segment (?<segment>\S+) \(size (?<size>\d+)\)(?:, error: (?<error>.*?) \((?<errno>\d+)\))?
type:     size=int errno=int
doc:      NCCL could not create or attach a /dev/shm segment. ENOSPC/"No space left" = /dev/shm too small (docker default 64 MB: use --shm-size or --ipc=host); ENOENT on attach = the segment was removed (systemd RemoveIPC, tmp cleaners) or the peer died.
example:  g148:14937:69361 [0] misc/shmutils.cc:129 NCCL WARN Error while attaching to shared memory segment /dev/shm/nccl-glnlGK (size 14156128), error: No such file or directory (2)
expect:   op=attaching to
expect:   segment=/dev/shm/nccl-glnlGK
expect:   size=14156128
expect:   error=No such file or directory
expect:   errno=2
# NCCL 2.12-2.18 form
example:  gpu2-ru7:2143:2561 [1] misc/shmutils.cc:69 NCCL WARN Error while creating shared memory segment /dev/shm/nccl-lBKqFE (size 9637888)
expect:   op=creating
expect:   segment=/dev/shm/nccl-lBKqFE
expect:   size=9637888
# NCCL 2.4-2.11 form
example:  gpu2-ru7:2143:2561 [1] include/shm.h:48 NCCL WARN Error while creating shared memory segment nccl-shm-recv-b3d4f1a2c8e9d7f0-0-1-2 (size 4460544)
expect:   segment=nccl-shm-recv-b3d4f1a2c8e9d7f0-0-1-2
not:      g148:14937:69361 [0] misc/shmutils.cc:93 NCCL WARN Call to open failed: No such file or directory

name:     nccl.shm.extend
kind:     nccl.shm_error
severity: error
priority: 6
literal:  Error: failed to extend
regex:    Error: failed to extend (?<segment>\S+) to (?<size>\d+) bytes(?:, error: (?<error>.*?) \((?<errno>\d+)\))?
type:     size=int errno=int
doc:      NCCL could not grow a /dev/shm file: /dev/shm is full or too small (docker default 64 MB).
# NCCL 2.12-2.21 form
example:  gpu-node-07:48213:48401 [3] misc/shmutils.cc:70 NCCL WARN Error: failed to extend /dev/shm/nccl-8sWq2T to 9637892 bytes
expect:   segment=/dev/shm/nccl-8sWq2T
expect:   size=9637892
# NCCL 2.22+ form
example:  [2025-06-16 17:17:39] gpu-node-07:48213:48401 [3] misc/shmutils.cc:87 NCCL WARN Error: failed to extend /dev/shm/nccl-8sWq2T to 9637892 bytes, error: No space left on device (28)
expect:   error=No space left on device
expect:   errno=28
not:      g148:14937:69361 [0] misc/shmutils.cc:129 NCCL WARN Error while attaching to shared memory segment /dev/shm/nccl-glnlGK (size 14156128), error: No such file or directory (2)

name:     nccl.syscall.failed
kind:     nccl.syscall_error
severity: error
priority: 5
literal:  Call to 
regex:    \bCall to (?<call>[A-Za-z_]\w*) failed ?: (?<error>.*?)\s*$
doc:      A system call inside NCCL failed (SYSCHECK; "failed :" up to 2.22, "failed:" from 2.23). posix_fallocate/open/mmap/shm_open with ENOSPC, ENOENT or EACCES point at /dev/shm (size, cleanup, permissions).
example:  gpu2-ru7:2143:2561 [1] include/shm.h:28 NCCL WARN Call to posix_fallocate failed : No space left on device
expect:   call=posix_fallocate
expect:   error=No space left on device
example:  g148:14937:69361 [0] misc/shmutils.cc:93 NCCL WARN Call to open failed: No such file or directory
expect:   call=open
expect:   error=No such file or directory
# NCCL 2.7-2.11 shm_open form
example:  dgx1-03:21871:21903 [2] include/shm.h:27 NCCL WARN Call to shm_open failed : Permission denied
expect:   call=shm_open
expect:   error=Permission denied
not:      a100-st-p4d24xlarge-22:183006:183220 [1] misc/socket.cc:518 NCCL WARN Net : Call to recv from 10.200.84.247<58355> failed : Broken pipe
not:      tj1-asr-train-v100-13:941227:943077 [0] NCCL INFO Call to connect returned Connection refused, retrying
not:      [2025-06-16 17:17:39] kilo:318:3584 [5] misc/ibvwrap.cc:183 NCCL WARN Call to ibv_reg_dmabuf_mr failed with error Cannot allocate memory

# The NCCL stub XLA links (jaxlib, TensorFlow) loads libnccl when its
# first call is made; when it cannot, every call returns ncclSystemError
# with this text, and XLA's wrapper names the call (nccl_utils.cc). RCCL
# builds say so too. NCCL is not installed where the job runs (or not on
# the library path): no collective can start.
name:     nccl.stub_unloadable
kind:     nccl.init_failed
severity: error
priority: 5
literal:  Unable to load NCCL
regex:    (?:(?<call>nccl\w+)(?:\([^)]*\))? failed: )?(?<error>Unable to load NCCL library)
doc:      libnccl could not be loaded by the framework's NCCL stub (JAX, TensorFlow): install NCCL where the job runs (the nvidia-nccl wheel for the CUDA version) and put its lib directory on LD_LIBRARY_PATH.
# JAX under XLA's runtime (LargeWorldModel/LWM#44, dev half)
example:  INTERNAL: external/xla/xla/service/gpu/nccl_utils.cc:134: NCCL operation ncclGetUniqueId(&id) failed: Unable to load NCCL library. Multi-GPU collectives will not work.. Last NCCL warning(error) log entry (may be unrelated) 'Unable to load NCCL library. Multi-GPU collectives will not work.'.
expect:   call=ncclGetUniqueId
expect:   error=Unable to load NCCL library
# ROCm's build on two GPUs (a project's notes in a repository, find_string)
example:  `RCCL operation ncclGetUniqueId failed: Unable to load NCCL library`.
expect:   call=ncclGetUniqueId
# a run's failure list in a repository's notes (find_string)
example:    `Unable to load NCCL library. Multi-GPU collectives will not work.` W&B had no summary/history.
# the wrapper with another NCCL result (a container's /dev/shm; a README's troubleshooting, find_string)
not:      Failed to execute XLA Runtime executable: run time error: custom call 'xla.gpu.all_reduce' failed: external/xla/xla/service/gpu/nccl_utils.cc:297: NCCL operation ncclCommInitRank(&comm, nranks, id, rank) failed: unhandled cuda error (run with NCCL_DEBUG=INFO for details); current tracing scope: all-reduce-start.2; current profiling annotation: XlaModule:#hlo_module=jit__unnamed_wrapped_function_,program_id=7#.

# A framework that calls NCCL itself names the set-up call that failed
# and NCCL's result: XLA's wrapper (nccl_utils.cc, `NCCL operation
# <call>(<args>) failed: <ncclGetErrorString>`, inside an
# `Intercepted XLA runtime error` or a custom call's failure) and glog's
# CHECK around the call (OneFlow's eager_nccl_comm_manager.cpp, `Check
# failed: <call>(<args>) : <result> (<code>)`) and Horovod's
# NCCLContext::ErrorCheck (`<call> failed: <result>`, nccl_operations.cc).
# NCCL's own WARN lines, where the job printed them, say why.
name:     nccl.init_call_failed
kind:     nccl.init_failed
severity: error
priority: 4
literal:  NCCL operation nccl
literal:  Check failed: nccl
literal:  ncclCommInitRank failed: 
regex:    (?:(?:NCCL operation |Check failed: )(?<call>ncclCommInitRank\w*|ncclGetUniqueId|ncclCommInitAll|ncclCommSplit)(?:\((?:[^()]|\([^()]*\))*\))?|(?<![\w.])(?<call>ncclCommInitRank)(?= failed:))(?: failed:| :) (?!Unable to load NCCL)(?<error>[^;(.]*[^;(.\s])
doc:      A communicator could not be created (the call named): NCCL's result says the class (system error: sockets, /dev/shm, the network; cuda error: a CUDA call at set-up, often memory). Run with NCCL_DEBUG=INFO for its WARN lines.
# JAX on 4 GPUs (jax-ml/jax#17399, dev half)
example:  INTERNAL: external/xla/xla/service/gpu/nccl_utils.cc:275: NCCL operation ncclCommInitRank(&comm, nranks, id, rank) failed: unhandled cuda error
expect:   call=ncclCommInitRank
expect:   error=unhandled cuda error
# a container's /dev/shm (a README's troubleshooting, find_string)
example:  Failed to execute XLA Runtime executable: run time error: custom call 'xla.gpu.all_reduce' failed: external/xla/xla/service/gpu/nccl_utils.cc:297: NCCL operation ncclCommInitRank(&comm, nranks, id, rank) failed: unhandled cuda error (run with NCCL_DEBUG=INFO for details); current tracing scope: all-reduce-start.2; current profiling annotation: XlaModule:#hlo_module=jit__unnamed_wrapped_function_,program_id=7#.
expect:   error=unhandled cuda error
# OneFlow's eager communicator (Oneflow-Inc/libai#415, dev half)
example:  F20221031 10:52:42.193126 106986 eager_nccl_comm_manager.cpp:75] Check failed: ncclCommInitRank(comm, device_vec.size(), nccl_unique_id, rank) : unhandled system error (2). To see more detail, please run OneFlow with system variable NCCL_DEBUG=INFO
expect:   call=ncclCommInitRank
expect:   error=unhandled system error
# Horovod under mpirun's tags (pytorch/ignite#3466, dev half)
example:  [1]<stderr>:RuntimeError: ncclCommInitRank failed: unhandled cuda error (run with NCCL_DEBUG=INFO for details)
expect:   call=ncclCommInitRank
expect:   error=unhandled cuda error
not:      INTERNAL: external/xla/xla/service/gpu/nccl_utils.cc:134: NCCL operation ncclGetUniqueId(&id) failed: Unable to load NCCL library. Multi-GPU collectives will not work.. Last NCCL warning(error) log entry (may be unrelated) 'Unable to load NCCL library. Multi-GPU collectives will not work.'.
# a collective's group, not the set-up (a project's notes in a repository, find_string)
not:      NCCL operation ncclGroupEnd() failed: unhandled cuda error ... 'Cuda failure 2 "out of memory"'

# NVSHMEM, the library DeepEP's and Megatron's MoE dispatchers use for
# expert-parallel all-to-all, gives up creating its state (its bootstrap's
# allgather, a transport such as IBGDA, the IPC handles): the set-up of a
# communication library, as for NCCL's communicator. The lines before it
# (`non-zero status`, a socket's `Broken pipe`) say which part failed.
name:     nccl.nvshmem_init_failed
kind:     nccl.init_failed
severity: error
priority: 5
literal:  nvshmem initialization failed
regex:    (?:(?<src>[^\s:]+\.cu(?:pp)?):(?:(?<func>\w+):)?\d+: )?(?<!")(?<error>nvshmem initialization failed), exiting
doc:      NVSHMEM (used by DeepEP and the MoE token dispatchers for expert parallelism) could not initialise: its bootstrap across ranks, a transport (IBGDA, IB) or the IPC handles. Read the lines before it; check NVSHMEM_IB_ENABLE_IBGDA, the GPUs' IB devices and that the ranks reach each other.
# DeepEP inside sglang across two nodes (deepseek-ai/DeepEP#223, dev half)
example:  /sgl-workspace/nvshmem/src/host/init/init.cu:nvshmemi_check_state_and_init:1080: nvshmem initialization failed, exiting
expect:   src=/sgl-workspace/nvshmem/src/host/init/init.cu
expect:   func=nvshmemi_check_state_and_init
expect:   error=nvshmem initialization failed
# a cross-node MoE dispatcher after its UID socket bootstrap failed (a project's notes, find_string)
example:  nvshmem initialization failed, exiting
expect:   error=nvshmem initialization failed
not:                  ERROR_EXIT("nvshmem initialization failed, exiting \n");

# Intel's oneCCL (torch's xccl/ccl backend on Intel GPUs, vLLM on XPU)
# logs `|CCL_ERROR| <file>:<line> <function>: <message>`. Read here only
# where the function is one of its set-up's: the transport's init, a
# communicator's creation, its key-value store, the local rank's
# coordinates; its set-up failures are mostly these.
name:     nccl.oneccl_init_failed
kind:     nccl.init_failed
severity: error
literal:  |CCL_ERROR|
regex:    \|CCL_ERROR\| (?<src>[\w.]+?)(?::\d+)? (?<func>\w*(?:init|create|kvs|local_coord)\w*): (?<error>\S.*?)\s*$
doc:      oneCCL (the collective library of Intel GPUs) could not set up a communicator: its transport (ATL: MPI or OFI), its key-value store between the ranks, or the local ranks' coordinates. Read its message; check CCL_ATL_TRANSPORT, CCL_ZE_IPC_EXCHANGE, CCL_KVS settings and the launcher's PMI.
# Megatron-DeepSpeed on Aurora, 24 ranks (saforem2/vault, dev half)
example:          2024:01:23-00:02:21:(122510) |CCL_ERROR| global.cpp:150 getenv_local_coord: condition global_data::env().ze_ipc_exchange == ccl::ze::ipc_exchange_mode::sockets failed
expect:   func=getenv_local_coord
expect:   src=global.cpp
# a training run's notes: the MPI transport failing to create the communicator (find_string)
example:  |CCL_ERROR| atl_mpi_comm.cpp:94 init_transport: comm_create error
expect:   func=init_transport
expect:   error=comm_create error
# vLLM's engine on XPU (find_string, a project's notes)
example:  2025:08:14-14:34:47:(19220) |CCL_ERROR| comm_selector.cpp:57 create_comm_impl: condition ccl::global_data::get().ze_data failed
expect:   func=create_comm_impl
# the key-value store under PMI at 6144 ranks, its line number absent (find_string, a run report)
example:  `|CCL_ERROR| pmi_resizable_simple_internal.cpp kvs_get_value: KVS get error: timeout`
expect:   src=pmi_resizable_simple_internal.cpp
expect:   func=kvs_get_value
not:      2024:01:23-00:02:21:(122507) |CCL_WARN| could not get local_idx/count from environment variables, trying to get them from ATL
not:          ! grep -Fq '|CCL_ERROR|' "$log" || fail "$label emitted a oneCCL error"

# PyTorch built without NCCL (Windows and macOS wheels, CPU-only builds)
# asked for the nccl backend (distributed_c10d's _new_process_group_helper).
# Workers writing to one console interleave it with other text, so the
# words are read anywhere in the line.
name:     nccl.not_built
kind:     nccl.init_failed
severity: error
priority: 5
literal:  doesn't have NCCL built in
regex:    (?<error>Distributed package doesn't have NCCL built in)
doc:      This PyTorch has no NCCL (Windows, macOS or a CPU-only build): use the gloo backend there (Lightning's and accelerate's DDP pick it on Windows), or run on Linux with a CUDA build.
# a macOS run under torchrun (a blog's notes in a repository, find_string)
example:  RuntimeError: Distributed package doesn't have NCCL built in
# two workers' tracebacks interleaved on Windows (pytorch/pytorch#116080, dev half)
example:  : RuntimeErrorDistributed package doesn't have NCCL built in:
expect:   error=Distributed package doesn't have NCCL built in
not:          raise RuntimeError("Distributed package doesn't have NCCL " "built in")

name:     nccl.syscall.verbs_failed
kind:     nccl.syscall_error
severity: error
priority: 5
literal:  failed with error 
regex:    \bCall to (?<call>[A-Za-z_]\w*) failed with error (?<error>.*?)(?: errno (?<errno>\d+))?\s*$
type:     errno=int
doc:      A verbs (or mlx5dv) call failed. ibv_reg_mr/ibv_reg_dmabuf_mr "Cannot allocate memory" = pinned-memory limit (ulimit -l, container memlock) or too large NCCL_BUFFSIZE; ibv_create_qp/ibv_open_device failures point at the HCA/driver.
example:  [2025-06-16 17:17:39] kilo:318:3584 [5] misc/ibvwrap.cc:183 NCCL WARN Call to ibv_reg_dmabuf_mr failed with error Cannot allocate memory
expect:   call=ibv_reg_dmabuf_mr
expect:   error=Cannot allocate memory
# NCCL 2.19+ form
example:  gpu-node-07:48213:48401 [3] misc/ibvwrap.cc:60 NCCL WARN Call to ibv_reg_mr failed with error Cannot allocate memory errno 12
expect:   call=ibv_reg_mr
expect:   error=Cannot allocate memory
expect:   errno=12
# NCCL 2.30 mlx5 direct-verbs form
example:  gpu-node-07:48213:48401 [3] misc/mlx5dvwrap.cc:40 NCCL WARN NET/MLX5: Call to mlx5dv_reg_dmabuf_mr failed with error Operation not supported
expect:   call=mlx5dv_reg_dmabuf_mr
expect:   error=Operation not supported
not:      gpu2-ru7:2143:2561 [1] include/shm.h:28 NCCL WARN Call to posix_fallocate failed : No space left on device

# The verbs wrapper's bare form (ibvwrap.c up to NCCL 2.8, some later
# builds): no error text. Only the calls that make a connection are
# failures: a device that cannot be opened or queried while NCCL probes
# (`Call to ibv_open_device failed`) makes it fall back to sockets
# instead (slow_transport's business).
name:     nccl.syscall.verbs_bare
kind:     nccl.syscall_error
severity: error
priority: 5
literal:  Call to ibv_
regex:    \bCall to (?<call>ibv_create_qp|ibv_reg_mr|ibv_modify_qp) failed\s*$
doc:      A verbs call that sets up a connection failed with no error given: usually the locked-memory limit (ulimit -l, a container's memlock) or the HCA
# NVIDIA/nccl#562 (NCCL 2.8 built inside TensorFlow)
example:  hai-a100-3:3778851:3779883 [4] ibvwrap.c:130 NCCL WARN Call to ibv_create_qp failed
expect:   call=ibv_create_qp
# the form Horovod's documentation quotes for a memlock limit
example:  NCCL WARN Call to ibv_reg_mr failed
expect:   call=ibv_reg_mr
not:      misc/ibvwrap.cc:212 NCCL WARN Call to ibv_open_device failed

name:     nccl.syscall.modify_qp_failed
kind:     nccl.syscall_error
severity: error
priority: 5
literal:  Call to ibv_modify_qp failed with
regex:    \bCall to (?<call>ibv_modify_qp) failed with (?<errno>\d+) (?<error>[^,]*), (?<detail>.*?)\s*$
type:     errno=int
doc:      An IB queue pair could not be moved to the next state (2.26+): with RoCE usually a GID index / routing / VLAN problem, otherwise the peer HCA is unreachable.
# NCCL 2.26+ form
example:  [2025-06-16 17:17:39] gpu-node-07:48213:48401 [3] misc/ibvwrap.cc:291 NCCL WARN Call to ibv_modify_qp failed with 110 Connection timed out, on dev mlx5_3:1, curr state INIT, next state RTR, local GID index 3, local GID ::ffff:10.12.4.17, remote GID ::ffff:10.12.4.18
expect:   call=ibv_modify_qp
expect:   errno=110
expect:   error=Connection timed out
expect:   detail=on dev mlx5_3:1, curr state INIT, next state RTR, local GID index 3, local GID ::ffff:10.12.4.17, remote GID ::ffff:10.12.4.18
not:      [2025-06-16 17:17:39] kilo:318:3584 [5] misc/ibvwrap.cc:183 NCCL WARN Call to ibv_reg_dmabuf_mr failed with error Cannot allocate memory

name:     nccl.syscall.modify_qp_retry
kind:     nccl.connect_retry
severity: info
priority: 6
literal:  Call to ibv_modify_qp failed with
regex:    Call to (?<call>ibv_modify_qp) failed with (?<errno>\d+) (?<error>[^,]*), (?<detail>.*?), retrying (?<attempt>\d+)/(?<max_attempts>\d+) after (?<sleep_ms>\d+) msec of sleep
type:     errno=int attempt=int max_attempts=int sleep_ms=int
doc:      NCCL retries moving an IB queue pair to the next state (INFO, 2.26+); repeated retries point at RoCE/GID/routing configuration or an unreachable peer HCA.
# NCCL 2.26+ form
example:  gpu-node-07:48213:48401 [3] NCCL INFO Call to ibv_modify_qp failed with 110 Connection timed out, on dev mlx5_3:1, curr state INIT, next state RTR, local GID index 3, local GID ::ffff:10.12.4.17, remote GID ::ffff:10.12.4.18, retrying 1/35 after 100 msec of sleep
expect:   call=ibv_modify_qp
expect:   errno=110
expect:   error=Connection timed out
expect:   attempt=1
expect:   max_attempts=35
not:      [2025-06-16 17:17:39] gpu-node-07:48213:48401 [3] misc/ibvwrap.cc:291 NCCL WARN Call to ibv_modify_qp failed with 110 Connection timed out, on dev mlx5_3:1, curr state INIT, next state RTR, local GID index 3, local GID ::ffff:10.12.4.17, remote GID ::ffff:10.12.4.18

name:     nccl.syscall.verbs_returned
kind:     nccl.syscall_error
severity: error
priority: 5
literal:  () failed with error
literal:  () returned
regex:    (?:Call to )?(?<call>ibv_\w+)\(\) (?:failed with error (?<error>[^,]*?)(?:, Bad WR.*)?|returned (?<error_code>-?\d+))\s*$
type:     error_code=int
doc:      A verbs post/poll call failed (QP in error state, HCA trouble); usually followed by an IB completion error.
# NCCL 2.12+ form
example:  gpu-node-07:48213:48402 [3] misc/ibvwrap.cc:75 NCCL WARN ibv_post_send() failed with error Connection timed out, Bad WR 0x7f1c3c0a2e80, First WR 0x7f1c3c0a2e80
expect:   call=ibv_post_send
expect:   error=Connection timed out
# NCCL 2.4+ form
example:  gpu-node-07:48213:48402 [3] misc/ibvwrap.cc:60 NCCL WARN Call to ibv_poll_cq() returned -1
expect:   call=ibv_poll_cq
expect:   error_code=-1
not:      [2025-06-16 17:17:39] kilo:318:3584 [5] misc/ibvwrap.cc:183 NCCL WARN Call to ibv_reg_dmabuf_mr failed with error Cannot allocate memory

# ---------------------------------------------------------------- init / configuration checks

name:     nccl.init.duplicate_gpu
kind:     nccl.duplicate_gpu
severity: error
priority: 5
literal:  Duplicate GPU detected
regex:    Duplicate GPU detected : rank (?<rank_a>\d+) and rank (?<rank_b>\d+) both on CUDA device (?<bus_id>[0-9a-f]+)
type:     rank_a=int rank_b=int
doc:      Two ranks of one communicator use the same GPU: wrong CUDA_VISIBLE_DEVICES / local_rank -> device mapping, or two jobs mixed into one world.
# NCCL 2.7+ form
example:  gpu-node-07:48213:48213 [0] init.cc:738 NCCL WARN Duplicate GPU detected : rank 1 and rank 0 both on CUDA device 1b000
expect:   rank_a=1
expect:   rank_b=0
expect:   bus_id=1b000
not:      gpu-node-07:48213:48213 [0] NCCL INFO init.cc:1534 -> 5

name:     nccl.init.multi_rank_gpu
kind:     nccl.duplicate_gpu
severity: error
priority: 5
literal:  Multiple Ranks are using the same GPU
regex:    Multiple Ranks are using the same GPU(?:/Partition)?
doc:      Several ranks on one GPU (NCCL 2.2x+ wording of the duplicate-GPU check).
# NCCL 2.30 form
example:  gpu-node-07:48213:48213 [0] init.cc:1057 NCCL WARN Multiple Ranks are using the same GPU/Partition. Set NCCL_MULTI_RANK_GPU_ENABLE=1 to enable this configuration.
not:      gpu-node-07:48213:48213 [0] init.cc:738 NCCL WARN Duplicate GPU detected : rank 1 and rank 0 both on CUDA device 1b000

# XGBoost's NCCL communicator checks the GPUs' UUIDs before it calls
# ncclCommInitRank (src/collective/nccl_device_communicator.cu, formerly
# common/device_helpers.cu): several workers on one GPU, as NCCL's own
# duplicate-GPU check. The message wraps after `running on` where XGBoost
# breaks it.
name:     nccl.init.xgboost_same_device
kind:     nccl.duplicate_gpu
severity: error
priority: 5
literal:  Multiple processes within communication group
regex:    Multiple processes within communication group running on
doc:      Several XGBoost workers use one GPU (Dask or Spark placed two on a device, CUDA_VISIBLE_DEVICES the same for each): one worker per GPU.
# pytest's report of XGBoost 1.2 under Dask (dmlc/xgboost#6047, dev half)
example:    Check failed: n_uniques == world (1 vs. 4) : Multiple processes within communication group running on
not:      gpu-node-07:48213:48213 [0] init.cc:1057 NCCL WARN Multiple Ranks are using the same GPU/Partition. Set NCCL_MULTI_RANK_GPU_ENABLE=1 to enable this configuration.

# ncclCommInitRank's own argument check (src/init.cc, the same WARN from
# 2.4 to today's, `Invalid rank requested : %d/%d` with the rank asked for
# and the communicator's size): a process asked for a rank at or past the
# size. The launcher and the script disagree on the world (a --world-size
# below the processes started, ranks counted from GPUs twice); the check
# returns ncclInvalidArgument before anything is set up.
name:     nccl.init.invalid_rank
kind:     config.invalid
severity: error
priority: 5
literal:  Invalid rank requested : 
regex:    NCCL WARN (?<msg>Invalid rank requested : (?<requested>-?\d+)/(?<nranks>-?\d+))
type:     requested=int nranks=int
doc:      NCCL refused a communicator whose rank is at or past its size (or a size below 1): the world the script passes to init_process_group is smaller than the processes launched, or the ranks are computed wrong.
# four processes told a world of 4 beside eight started (jeffffffli/HybrIK#47)
example:  ued37c44e4ea65b:6861:6861 [7] init.cc:981 NCCL WARN Invalid rank requested : 7/4
expect:   requested=7
expect:   nranks=4
not:      ued37c44e4ea65b:6860:6860 [6] NCCL INFO NET/Socket : Using [0]enp1s0f0:10.49.66.196<0>

name:     nccl.init.version_mismatch
kind:     nccl.version_mismatch
severity: error
priority: 5
literal:  Mismatched NCCL version detected
regex:    Mismatched NCCL version detected : rank (?<rank_a>\d+) version (?<version_a>\d+) rank (?<rank_b>\d+) version (?<version_b>\d+)
type:     rank_a=int rank_b=int
doc:      Ranks run different NCCL versions (2.26+ check; versions are codes, 22603 = 2.26.3). Different containers/wheels on different nodes.
# NCCL 2.26+ form
example:  [2025-04-10 13:52:08] gpu-node-07:48213:48213 [3] init.cc:714 NCCL WARN Mismatched NCCL version detected : rank 11 version 22603 rank 0 version 22105
expect:   rank_a=11
expect:   version_a=22603
expect:   rank_b=0
expect:   version_b=22105
not:      init.cc:1247 NCCL WARN Mismatched collective detected, please check your collective calls at and around rank 39. You can use NCCL_DEBUG=INFO and NCCL_DEBUG_SUBSYS=COLL to see the collective logs

name:     nccl.bootstrap.already_checked_in
kind:     nccl.bootstrap_error
severity: error
priority: 6
literal:  has already checked in
regex:    (?<msg>Bootstrap Root : rank (?<checked_rank>\d+) of (?<nranks>\d+) ranks has already checked in)
type:     checked_rank=int nranks=int
doc:      Two processes claimed the same rank at the bootstrap root: duplicated launch, stale processes from a previous run, or two jobs sharing one NCCL_COMM_ID/master port.
# NCCL 2.4+ form
example:  gpu-node-07:48213:48290 [0] bootstrap.cc:145 NCCL WARN Bootstrap Root : rank 3 of 16 ranks has already checked in
expect:   checked_rank=3
expect:   nranks=16
not:      gpu-node-07:48213:48213 [0] bootstrap.cc:48 NCCL WARN Bootstrap : no socket interface found

# The two ends of a new connection disagree on its socket type: one node
# runs NCCL's IB transport, the other fell back to NET/Socket (a missing
# net plugin or HCA on one node, an NCCL_IB_HCA naming a device it lacks).
name:     nccl.socket.wrong_type
kind:     nccl.bootstrap_error
severity: error
priority: 6
literal:  socketFinalizeAccept: wrong type
regex:    (?<msg>socketFinalizeAccept: wrong type (?<got>\d+) != (?<want>\d+))
type:     got=int want=int
doc:      The nodes of the job use different NCCL network transports (socket type 3 is NET/Socket, 4 NET/IB): make IB work on every node (the same NCCL_IB_HCA, net plugin and libraries on each), or disable it on all with NCCL_IB_DISABLE=1.
# real, NCCL 2.18 (NVIDIA/nccl-tests#188)
example:  user:16901:16967 [2] misc/socket.cc:441 NCCL WARN socketFinalizeAccept: wrong type 4 != 3
expect:   got=4
expect:   want=3
# real, an IB plugin on one side (an issue quoted in a public repository)
example:  bigo:1884:2346 [0] socket.c:446 NCCL WARN socketFinalizeAccept: wrong type 3 != 4
expect:   got=3
not:      gpu-node-07:48213:48213 [0] bootstrap.cc:48 NCCL WARN Bootstrap : no socket interface found

name:     nccl.bootstrap.error
kind:     nccl.bootstrap_error
severity: error
priority: 5
literal:  Bootstrap
literal:  NET/Socket : 
literal:  Invalid NCCL_COMM_ID
literal:  verify NCCL_OOB_NET_IFNAME
regex:    (?<msg>Bootstrap : no socket interface found|Bootstrap Root : mismatch in .*|NET/Socket : (?:no interface found|No usable listening interface found)|Invalid NCCL_COMM_ID.*|no device found (?:matching|after excluding) .*verify NCCL_OOB_NET_IFNAME|bootstrapInit: handles and parent are NULL)
doc:      Bootstrap could not start: no usable socket interface (check NCCL_SOCKET_IFNAME), malformed NCCL_COMM_ID, or ranks disagreeing on the world size.
# NCCL 2.4+ form
example:  gpu-node-07:48213:48213 [0] bootstrap.cc:48 NCCL WARN Bootstrap : no socket interface found
expect:   msg=Bootstrap : no socket interface found
# NCCL 2.4-2.22 form
example:  gpu-node-07:48213:48290 [0] bootstrap.cc:140 NCCL WARN Bootstrap Root : mismatch in rank count from procs 16 : 8
expect:   msg=Bootstrap Root : mismatch in rank count from procs 16 : 8
# NCCL 2.4+ form
example:  gpu-node-07:48213:48213 [0] transport/net_socket.cc:46 NCCL WARN NET/Socket : no interface found
expect:   msg=NET/Socket : no interface found
# NCCL 2.12+ form
example:  gpu-node-07:48213:48213 [0] bootstrap.cc:41 NCCL WARN NET/Socket : No usable listening interface found
expect:   msg=NET/Socket : No usable listening interface found
not:      h37n07:3094283:3094283 [0] NCCL INFO Bootstrap : Using ib0:10.41.21.104<0>

# NCCL 2.19+ socket set-up on an address that was never filled in: the
# interface named by NCCL_SOCKET_IFNAME does not exist, so the bootstrap
# address is garbage (NVIDIA/nccl#1837, #1267).
name:     nccl.bootstrap.bad_address
kind:     nccl.bootstrap_error
severity: error
priority: 5
literal:  is neither AF_INET(2) nor AF_INET6(10)
regex:    (?<msg>ncclSocketInit: connecting to address\s+(?<addr>\S*)\s*with family (?<family>\d+) is neither AF_INET\(2\) nor AF_INET6\(10\))
type:     family=int
doc:      NCCL tried to open a socket on an uninitialised address: usually NCCL_SOCKET_IFNAME (or NCCL_OOB_NET_IFNAME) names an interface that does not exist on this host.
# torch's Last error text behind a launcher prefix (nccl-1837)
example:  [trainer0|0]:ncclSocketInit: connecting to address  with family 59936 is neither AF_INET(2) nor AF_INET6(10)
expect:   family=59936
# issue title quoting the NCCL text (NVIDIA/nccl#1267)
example:  ncclSocketInit: connecting to address with family 0 is neither AF_INET(2) nor AF_INET6(10)
expect:   family=0
not:      [trainer3]:twshared1016:1958:1958 [3] NCCL INFO NCCL_SOCKET_IFNAME set to eth2

# ---------------------------------------------------------------- collective mismatch

name:     nccl.mismatch.detected_248
kind:     nccl.collective_mismatch
severity: error
priority: 5
literal:  Mismatched collective detected
literal:  caused by a collective mismatch around rank
regex:    (?<msg>Mismatched collective detected|Your program may be hanging, this may be caused by a collective mismatch)(?:, please check your collective calls at and)? around rank (?<suspect_rank>\d+)
type:     suspect_rank=int
doc:      NCCL 2.4 only: ranks issued different collectives (order, type or size). suspect_rank is where to look, not necessarily the culprit.
example:  init.cc:1247 NCCL WARN Mismatched collective detected, please check your collective calls at and around rank 39. You can use NCCL_DEBUG=INFO and NCCL_DEBUG_SUBSYS=COLL to see the collective logs
expect:   msg=Mismatched collective detected
expect:   suspect_rank=39
# NCCL 2.4 form
example:  dgx1-03:21871:21903 [2] init.cc:1256 NCCL WARN Your program may be hanging, this may be caused by a collective mismatch around rank 12. Please check your collective calls at and around this rank. You can use NCCL_DEBUG=INFO and NCCL_DEBUG_SUBSYS=COLL to see the collective logs
expect:   suspect_rank=12
not:      [2025-04-10 13:52:08] gpu-node-07:48213:48213 [3] init.cc:714 NCCL WARN Mismatched NCCL version detected : rank 11 version 22603 rank 0 version 22105

name:     nccl.mismatch.ib
kind:     nccl.collective_mismatch
severity: error
priority: 5
literal:  collective mismatch error
regex:    NET/IB : (?:req \d+/\d+ tag \S+ peer (?<peer>\S+) )?(?<msg>collective mismatch error),? local size (?<local_size>\d+) remote (?:size )?(?<remote_size>\d+)
type:     local_size=int remote_size=int
doc:      Two ranks posted different message sizes on an IB connection: different collectives/sizes across ranks, or ranks with different NCCL settings/versions (protocol, buffer size).
# NCCL 2.12+ form
example:  gpu-node-07:48213:48402 [3] transport/net_ib.cc:998 NCCL WARN NET/IB : req 0/1 tag 7 peer 10.12.4.18<43211> collective mismatch error, local size 1048576 remote size 524288
expect:   peer=10.12.4.18<43211>
expect:   msg=collective mismatch error
expect:   local_size=1048576
expect:   remote_size=524288
# NCCL 2.4-2.11 form
example:  dgx1-03:21871:21903 [2] transport/net_ib.cc:650 NCCL WARN NET/IB : collective mismatch error local size 262144 remote 131072 addr 7f2a80000000 rkey 1a2b3c seq 4/4
expect:   local_size=262144
expect:   remote_size=131072
not:      gh-3714u15:7038:7053 [0] ib_plugin.c:1007 NCCL WARN NET/IB : Got completion from peer 10.1.32.3<42519> with error 5, opcode 0, len 0, vendor err 249

name:     nccl.mismatch.truncated
kind:     nccl.collective_mismatch
severity: error
priority: 5
literal:  essage truncated
regex:    (?:NET/Socket : (?:peer (?<peer>\S+) )?)?(?<msg>[Mm]essage truncated) : (?:receiving|received) (?<received>[\d,]+) bytes instead of (?<expected>[\d,]+)
doc:      A receiver got a different size than it expected (socket transport or bootstrap): ranks disagree on the collective, its size, or the NCCL version/settings.
# NCCL 2.12+ socket form
example:  gpu-node-07:48213:48402 [3] transport/net_socket.cc:503 NCCL WARN NET/Socket : peer 10.12.4.18<43211> message truncated : receiving 1048576 bytes instead of 524288. If you believe your socket network is in healthy state, there may be a mismatch in collective sizes or environment settings (e.g. NCCL_PROTO, NCCL_ALGO) between ranks
expect:   peer=10.12.4.18<43211>
expect:   received=1048576
expect:   expected=524288
# NCCL 2.4-2.11 socket form
example:  dgx1-03:21871:21903 [2] transport/net_socket.cc:378 NCCL WARN NET/Socket : message truncated : receiving 262144 bytes instead of 131072
expect:   received=262144
# NCCL 2.x bootstrap form
example:  gpu-node-07:48213:48290 [3] bootstrap.cc:77 NCCL WARN Message truncated : received 4096 bytes instead of 2048
expect:   msg=Message truncated
expect:   received=4096
expect:   expected=2048
not:      gpu-node-07:48213:48402 [3] transport/net_ib.cc:998 NCCL WARN NET/IB : req 0/1 tag 7 peer 10.12.4.18<43211> collective mismatch error, local size 1048576 remote size 524288

# ---------------------------------------------------------------- CUDA and memory

name:     nccl.cuda.failure
kind:     nccl.cuda_failure
severity: error
priority: 5
literal:  Cuda failure 
regex:    Cuda failure (?:(?<code>\d+) )?'(?<error>[^']*)'
type:     code=int
doc:      A CUDA call inside NCCL failed. 'out of memory' = GPU memory exhausted (often by the framework, NCCL buffers come on top); 'an illegal memory access' = a kernel crashed earlier; 401 'operation cannot be performed in the present state' around NVLS = Fabric Manager/NVSwitch trouble (NCCL_NVLS_ENABLE=0). <=2.20 prints "Cuda failure 'x'", 2.21+ driver calls "Cuda failure N 'x'".
example:  VM-0-16-ubuntu:392:494 [2] enqueue.cc:43 NCCL WARN Cuda failure 'out of memory'
expect:   error=out of memory
example:  VM-0-16-ubuntu:392:494 [2] enqueue.cc:54 NCCL WARN Cuda failure 'invalid resource handle'
expect:   error=invalid resource handle
example:  [2025-07-21 19:05:29] node004:27907:27907 [1] transport/nvls.cc:254 NCCL WARN Cuda failure 401 'the operation cannot be performed in the present state'
expect:   code=401
expect:   error=the operation cannot be performed in the present state
example:  ins-7df6eojsifuykig9:3018451:3018451 [0] enqueue.cc:1085 NCCL WARN Cuda failure 'out of memory'
expect:   error=out of memory
# NCCL 2.12+ INFO form (CUDACHECKGOTO)
example:  gpu-node-07:48213:48213 [3] NCCL INFO enqueue.cc:1580 Cuda failure 'an illegal memory access was encountered'
expect:   error=an illegal memory access was encountered
not:      node004:27907:27907 [1] NCCL INFO transport/nvls.cc:409 -> 1

name:     nccl.cuda.nvls_bind
kind:     nccl.cuda_failure
severity: error
priority: 6
literal:  Failed to bind NVLink SHARP
regex:    Failed to bind NVLink SHARP \(NVLS\) Multicast memory(?: of size (?<bytes>\d+))?\s*:(?:\s*CUDA error (?<code>\d+)(?: '(?<error>[^']*)')?)?
type:     bytes=int code=int
doc:      NVLS multicast binding failed (2.2x+): Fabric Manager/NVSwitch configuration; disable NVLS with NCCL_NVLS_ENABLE=0 to confirm.
# torch DistBackendError's Last error text (nccl-043 / pytorch/pytorch#177472)
example:  Failed to bind NVLink SHARP (NVLS) Multicast memory of size 2097152 : CUDA error 401 'the operation cannot be performed in the present state'. 
expect:   bytes=2097152
expect:   code=401
expect:   error=the operation cannot be performed in the present state
# short form quoted in a CI fix (pytorch/ao#3841)
example:    Failed to bind NVLink SHARP (NVLS) Multicast memory: CUDA error 401
expect:   code=401
# wrapped after the size, error on the next line (pytorch/ci-infra#541)
example:  Failed to bind NVLink SHARP (NVLS) Multicast memory of size 2097152:
expect:   bytes=2097152
not:      This is usually caused by a system or configuration error in the Fabric Manager or NVSwitches. 

name:     nccl.alloc.failed
kind:     nccl.alloc_failure
severity: error
priority: 5
literal:  Failed to CUDA
literal:  Failed to malloc
regex:    Failed to (?<alloc>CUDA calloc async|CUDA calloc|CUDA malloc|CUDA host alloc|malloc) (?<bytes>\d+) bytes
type:     bytes=int
doc:      NCCL could not allocate its buffers: GPU memory exhausted by the application (reduce NCCL_BUFFSIZE / channels or leave headroom), or host memory for "malloc"/"host alloc".
# NCCL 2.16+ form
example:  gpu-node-07:48213:48213 [3] include/alloc.h:201 NCCL WARN Failed to CUDA calloc 6291456 bytes
expect:   alloc=CUDA calloc
expect:   bytes=6291456
# NCCL 2.19+ forms
example:  gpu-node-07:48213:48213 [3] include/alloc.h:223 NCCL WARN Failed to CUDA calloc async 33554432 bytes
expect:   alloc=CUDA calloc async
expect:   bytes=33554432
example:  gpu-node-07:48213:48213 [3] include/alloc.h:32 NCCL WARN Failed to CUDA host alloc 4194304 bytes
expect:   alloc=CUDA host alloc
not:      VM-0-16-ubuntu:392:494 [2] enqueue.cc:43 NCCL WARN Cuda failure 'out of memory'

# ---------------------------------------------------------------- harmless WARNs

name:     nccl.benign.optional_verbs
kind:     benign
severity: info
store:    once
priority: 6
literal:  failed with error 
regex:    NCCL INFO (?:NET/MLX5: )?Call to (?<call>\w+) failed with error (?<error>.*?)(?: errno (?<errno>\d+))?\s*$
type:     errno=int
doc:      An optional verbs feature (ECE, mlx5 data-direct) is not supported by this HCA/driver; NCCL logs it at INFO level and carries on.
# NCCL 2.19+ form
example:  gpu-node-07:48213:48401 [3] NCCL INFO Call to ibv_query_ece failed with error Operation not supported errno 95
expect:   call=ibv_query_ece
expect:   errno=95
# NCCL 2.30 form
example:  gpu-node-07:48213:48401 [3] NCCL INFO NET/MLX5: Call to mlx5dv_internal_get_data_direct_sysfs_path failed with error No such file or directory errno 2
expect:   call=mlx5dv_internal_get_data_direct_sysfs_path
not:      gpu-node-07:48213:48401 [3] misc/ibvwrap.cc:60 NCCL WARN Call to ibv_reg_mr failed with error Cannot allocate memory errno 12

# nccl-tests' check around an NCCL call (its NCCLCHECK: host, file:line,
# then ncclGetErrorString's text and, since 2.13, ncclGetLastError's
# after ` / `). The same error a framework reports as `NCCL error in:`,
# so it takes that kind and its rows.
name:     nccl.tests_failure
kind:     torch.nccl_error
severity: error
literal:  Test NCCL failure 
regex:    Test NCCL failure (?<src>\S+:\d+) '(?<error>[^'/]*?)\s*(?:/\s*(?<last_error>[^']*?)\s*)?'
doc:      nccl-tests saw an NCCL call fail on this host; the error names the kind (a remote process or the network, a system call, CUDA, an internal check), and the last error, where printed, says more. The other hosts' lines and NCCL_DEBUG=INFO say where.
# an 8-GPU pair of nodes (xxrjun/nccl-tests-cluster, dev half)
example:  cnode2-009: Test NCCL failure common.cu:1279 'remote process exited or there was a network error / '
expect:   src=common.cu:1279
expect:   error=remote process exited or there was a network error
# a container without enough /dev/shm (NVIDIA/nccl#473, dev half)
example:  fastmoe: Test NCCL failure common.cu:777 'unhandled system error'
expect:   error=unhandled system error
# CUDA failing under the test (NVIDIA/nccl-tests#24, dev half)
example:  gpu5: Test NCCL failure common.cu:343 'unhandled cuda error'
expect:   error=unhandled cuda error
not:       .. gpu5: Test failure common.cu:393

# The graph search found no path for a pattern and used a simple order
# instead (graph/search.cc): a slower but working ring or tree. It is
# logged by every rank of many healthy multi-node jobs; only with NIC
# fusion in NCCL 2.26 did the fallback's NET 0 fail afterwards, which the
# next WARN (`Could not find NET with id 0`) says.
name:     nccl.benign.search_fallback
kind:     benign
severity: info
store:    once
priority: 5
literal:  falling back to simple order
regex:    NCCL WARN Could not find a path for pattern (?<pattern>\d+), falling back to simple order
type:     pattern=int
doc:      NCCL's graph search fell back to a simple channel order; the job runs, possibly slower.
# NVIDIA/nccl#487
example:  node0021:21858:22794 [5] graph/search.cc:765 NCCL WARN Could not find a path for pattern 4, falling back to simple order
expect:   pattern=4
# NCCL 2.26 before the NIC-fusion failure (NVIDIA/nccl#1748, find_string)
example:  46:1399931:1399978 [3] graph/search.cc:1127 NCCL WARN Could not find a path for pattern 1, falling back to simple order
expect:   pattern=1
not:      [2025-10-23 10:26:31] lrdn2151:2678763:2678858 [0] graph/topo.h:234 NCCL WARN Could not find NET with id 0

# CollNet (SHARP in-network reduction) asked for but not available: NCCL
# says it uses its point-to-point network instead and goes on (its
# transport.cc); the WARN's error unwinds through init.cc all the same,
# which made it read as set-up's failure.
name:     nccl.benign.collnet_fallback
kind:     benign
severity: info
store:    once
priority: 5
literal:  Cannot initialize CollNet
regex:    NCCL WARN Cannot initialize CollNet, using point-to-point network instead
doc:      CollNet/SHARP could not be set up (NCCL_COLLNET_ENABLE without a SHARP-capable fabric or plugin); NCCL continues on its point-to-point network.
# a healthy 128-GPU MLPerf run on Azure (mlcommons/training_results_v2.0, dev half)
example:  ip-0A230412:55018:55618 [0] transport.cc:253 NCCL WARN Cannot initialize CollNet, using point-to-point network instead
not:      node0021:21858:22794 [5] graph/search.cc:765 NCCL WARN Could not find a path for pattern 4, falling back to simple order

name:     nccl.benign.profiler_init
kind:     benign
severity: info
store:    once
priority: 5
literal:  Continue without profiler
regex:    Profiler init failed with error.*Continue without profiler
doc:      The optional profiler plugin did not initialise; NCCL continues normally.
# NCCL 2.26 form
example:  gpu-node-07:48213:48213 [0] plugin/profiler.cc:167 NCCL WARN Profiler init failed with error (2). Continue without profiler.
not:      gpu-node-07:48213:48213 [0] NCCL INFO NET/Plugin: Using internal network plugin.
