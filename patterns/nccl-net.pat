# NCCL network selection, per-channel transports, ring/tree layout and the
# COLL trace (NCCL_DEBUG_SUBSYS=COLL).
#
# Transport lines (transport/p2p.cc, shm.cc, net.cc), by version:
#   2.4:         Ring %02d : r[dev] -> r[dev] via P2P/IPC | direct shared memory
#                Ring %02d : r -> r [send|receive] via NET/<net>/<dev>[/GDRDMA]   (no brackets)
#   2.7-2.12:    Channel %02d : r[busId] -> r[busId] ...            (bracket = PCI busId, hex)
#   2.12+ NET:   Channel %02d/%d (connIndex); PXN adds "(proxyRank)" after the net device
#   2.14+:       Channel %02d/%01d for P2P; SHM/<direct|CE>/<direct|CE> (no /conn)
#   2.18.3+:     bracket = nvmlDev index; P2P/CUMEM (2.18+), P2P/MNNVL (2.21+)
#   2.27+ NET:   "(PCI)" after /GDRDMA; master SHM prints "via SHM/direct"
# Fields: transport is "P2P/IPC", "P2P/CUMEM", "P2P/direct pointer", "SHM",
# "NET/IB", "NET/Socket", ... (legacy shared memory reads "direct shared memory");
# gdr is the literal text GDRDMA when GPU Direct RDMA is used (absent otherwise).

# ---------------------------------------------------------------- network selection

name:     nccl.net.using_network
kind:     nccl.using_network
severity: info
literal:  Using network 
literal:  Using internal Network 
regex:    \bUsing (?:network|internal Network) (?<net>\S.*?)\s*$
doc:      The network plugin NCCL selected for inter-node traffic: IB, Socket, or an external plugin (e.g. AWS Libfabric). Socket on an InfiniBand cluster usually means IB was not found or disabled.
example:  h37n07:3094283:3094311 [0] NCCL INFO Using network IB
expect:   net=IB
example:  [0m ip-172-31-0-137:14605:14673 [0] NCCL INFO Using network Socket
expect:   net=Socket
# NCCL 2.3 form (facebookresearch/maskrcnn-benchmark#628, horovod/horovod#969)
example:  55d3479b71fb:91:91 [0] NCCL INFO Using internal Network Socket
expect:   net=Socket
# NCCL 2.x with the aws-ofi-nccl plugin
example:  p4d-st-1:52118:52118 [0] NCCL INFO Using network AWS Libfabric
expect:   net=AWS Libfabric
not:      h37n07:3094283:3094283 [0] NCCL INFO NET/Plugin : No plugin found (libnccl-net.so), using internal implementation

name:     nccl.net.ib_devices
kind:     nccl.ib_devices
severity: info
literal:  NET/IB : Using
regex:    NET/IB : Using (?<devices>.*?)\s*(?<relaxed_ordering>\[RO\])?\s*; OOB (?<oob_if>[^:\s]+):(?<oob_addr>\S+)
doc:      InfiniBand/RoCE devices NCCL will use ([i]dev:port/link) and the out-of-band socket interface.
example:  h37n07:3094283:3094311 [0] NCCL INFO NET/IB : Using [0]mlx5_1:1/IB [1]mlx5_3:1/IB [2]mlx5_0:1/IB [3]mlx5_2:1/IB ; OOB ib0:10.41.21.104<0>
expect:   devices=[0]mlx5_1:1/IB [1]mlx5_3:1/IB [2]mlx5_0:1/IB [3]mlx5_2:1/IB
expect:   oob_if=ib0
expect:   oob_addr=10.41.21.104<0>
# NCCL 2.12+ form with relaxed ordering enabled
example:  gpu-node-07:48213:48401 [3] NCCL INFO NET/IB : Using [0]mlx5_0:1/RoCE [1]mlx5_3:1/RoCE [RO]; OOB eth0:10.12.4.17<0>
expect:   devices=[0]mlx5_0:1/RoCE [1]mlx5_3:1/RoCE
expect:   relaxed_ordering=[RO]
expect:   oob_if=eth0
expect:   oob_addr=10.12.4.17<0>
not:      h37n07:3094283:3094311 [0] NCCL INFO Using network IB

name:     nccl.net.no_ib
kind:     nccl.no_ib
severity: info
literal:  NET/IB : No device found
literal:  call to devices() returned 0 devices
regex:    NET/IB : No device found\.|Net/IB: call to devices\(\) returned 0 devices\.
doc:      No usable InfiniBand/RoCE device; NCCL falls back to sockets (slow on IB clusters; check NCCL_IB_HCA, container device mounts, rdma-core).
# NCCL 2.4+ form (unchanged)
example:  ip-172-31-0-137:14605:14673 [0] NCCL INFO NET/IB : No device found.
# unprefixed, inside a container that cannot open the HCA (NVIDIA/nccl#451)
example:  NCCL INFO NET/IB : No device found.
# NCCL 2.3 form (horovod/horovod#685)
example:  ml3:32632:32662 [0] NCCL INFO Net/IB: call to devices() returned 0 devices.
not:      h37n07:3094283:3094311 [0] NCCL INFO NET/IB : Using [0]mlx5_1:1/IB [1]mlx5_3:1/IB [2]mlx5_0:1/IB [3]mlx5_2:1/IB ; OOB ib0:10.41.21.104<0>

# No verbs library: NCCL cannot use IB at all and falls back to sockets. A
# WARN up to NCCL 2.11, INFO later; not a failure by itself (priority above
# the generic NCCL WARN patterns).
name:     nccl.net.no_verbs
kind:     nccl.no_ib
severity: info
priority: 5
literal:  Failed to open libibverbs.so
regex:    Failed to open libibverbs\.so(?:\[\.1\]|\.1)?
doc:      No verbs library installed (or none visible in the container): IB is not used and NCCL falls back to sockets.
example:  wangying-system:7436:7497 [0] external/nccl_archive/src/misc/ibvwrap.cc:63 NCCL WARN Failed to open libibverbs.so[.1]
example:  [0m ip-172-31-0-137:14605:14673 [0] misc/ibvwrap.cc:63 NCCL WARN Failed to open libibverbs.so[.1]
# NCCL 2.3, under mpirun's tag (horovod/horovod#969)
example:  [1,0]<stdout>:ptv-gpu01:11007:11098 [0] misc/ibvwrap.cu:63 NCCL WARN Failed to open libibverbs.so[.1]
# NCCL 2.12+ INFO form
example:  gpu-node-07:48213:48213 [0] NCCL INFO Failed to open libibverbs.so[.1]
not:      [0m ip-172-31-0-137:14605:14673 [0] NCCL INFO NET/Socket : Using [0]ens5:172.31.0.137<0> [1]veth75fa783:fe80::14ad:64ff:fe64:b31e%veth75fa783<0>

name:     nccl.net.socket_devices
kind:     nccl.socket_devices
severity: info
literal:  NET/Socket : Using [
regex:    NET/Socket : Using (?<devices>\[\d+\](?<if>[^:\s]+):(?<addr>\S+)(?: \[\d+\]\S+)*)
doc:      Socket interfaces NCCL uses for traffic (first one captured as if/addr). A docker/veth/virbr interface here explains unreachable peers.
example:  wangying-system:7436:7497 [0] NCCL INFO NET/Socket : Using [0]eno1:192.168.0.100<0>
expect:   if=eno1
expect:   addr=192.168.0.100<0>
example:  [0m ip-172-31-0-137:14605:14673 [0] NCCL INFO NET/Socket : Using [0]ens5:172.31.0.137<0> [1]veth75fa783:fe80::14ad:64ff:fe64:b31e%veth75fa783<0>
expect:   devices=[0]ens5:172.31.0.137<0> [1]veth75fa783:fe80::14ad:64ff:fe64:b31e%veth75fa783<0>
expect:   if=ens5
expect:   addr=172.31.0.137<0>
# NCCL 2.19+ form of the unrelated thread-count line
not:      gpu-node-07:48213:48401 [3] NCCL INFO NET/Socket: Using 2 threads and 8 sockets per thread

name:     nccl.net.bootstrap_if
kind:     nccl.bootstrap_if
severity: info
literal:  Bootstrap : Using
literal:  Bootstrap: Using
regex:    Bootstrap ?: Using (?:\[\d+\])?(?<if>[^:\s\[]+):(?<addr>\S+<-?\d+>)
doc:      Interface used for bootstrap (rendezvous) sockets. "Bootstrap : Using" up to 2.25, "Bootstrap: Using" from 2.26.
example:  h37n07:3094283:3094283 [0] NCCL INFO Bootstrap : Using ib0:10.41.21.104<0>
expect:   if=ib0
expect:   addr=10.41.21.104<0>
example:  wangying-system:7436:7497 [0] NCCL INFO Bootstrap : Using [0]eno1:192.168.0.100<0>
expect:   if=eno1
expect:   addr=192.168.0.100<0>
example:  [0m ip-172-31-0-137:14605:14673 [0] NCCL INFO Bootstrap : Using [0]ens5:172.31.0.137<0> [1]veth75fa783:fe80::14ad:64ff:fe64:b31e%veth75fa783<0>
expect:   if=ens5
expect:   addr=172.31.0.137<0>
# NCCL 2.26+ form
example:  gpu-node-07:48213:48213 [3] NCCL INFO Bootstrap: Using eth0:10.12.4.17<0>
expect:   if=eth0
expect:   addr=10.12.4.17<0>
# NCCL 2.26+ out-of-band network device form (handled by nccl.net.bootstrap_netdev)
not:      gpu-node-07:48213:48213 [3] NCCL INFO Bootstrap: Using mlx5_0:1

name:     nccl.net.bootstrap_netdev
kind:     nccl.bootstrap_if
severity: info
literal:  Bootstrap: Using
regex:    Bootstrap: Using (?<net_dev>[^:\s]+):(?<port>-?\d+)\s*$
type:     port=int
doc:      2.26+ bootstrap over the network plugin (NCCL_OOB_NET_ENABLE=1): the device used for out-of-band traffic.
# NCCL 2.26+ form
example:  gpu-node-07:48213:48213 [3] NCCL INFO Bootstrap: Using mlx5_0:1
expect:   net_dev=mlx5_0
expect:   port=1
not:      gpu-node-07:48213:48213 [3] NCCL INFO Bootstrap: Using eth0:10.12.4.17<0>

# ---------------------------------------------------------------- harmless probes

name:     nccl.net.plugin_probe
kind:     benign
severity: info
store:    once
literal:  /Plugin
regex:    NCCL INFO (?<plugin>NET|TUNER|PROFILER|ENV|GIN|RMA)/Plugin ?: (?<msg>.*\S)
doc:      Plugin probing (NET/Plugin, TUNER/Plugin...): "No plugin found ... using internal implementation" is normal when no external plugin is installed.
example:  h37n07:3094283:3094283 [0] NCCL INFO NET/Plugin : No plugin found (libnccl-net.so), using internal implementation
expect:   plugin=NET
expect:   msg=No plugin found (libnccl-net.so), using internal implementation
example:  [0m ip-172-31-0-137:14605:14673 [0] NCCL INFO NET/Plugin : No plugin found (libnccl-net.so), using internal implementation
expect:   plugin=NET
# NCCL 2.19-2.20 form
example:  gpu-node-07:48213:48213 [3] NCCL INFO NET/Plugin : dlerror=libnccl-net.so: cannot open shared object file: No such file or directory No plugin found (libnccl-net.so), using internal implementation
expect:   plugin=NET
# NCCL 2.22-2.25 forms
example:  gpu-node-07:48213:48213 [3] NCCL INFO NET/Plugin: Could not find: libnccl-net.so. Using internal network plugin.
expect:   msg=Could not find: libnccl-net.so. Using internal network plugin.
example:  gpu-node-07:48213:48213 [3] NCCL INFO NET/Plugin: Using internal network plugin.
expect:   plugin=NET
# NCCL 2.18+ external plugin form
example:  p4d-st-1:52118:52118 [0] NCCL INFO NET/Plugin: Loaded net plugin AWS Libfabric (v6)
expect:   msg=Loaded net plugin AWS Libfabric (v6)
# NCCL 2.26+ tuner plugin probe
example:  gpu-node-07:48213:48213 [3] NCCL INFO TUNER/Plugin: Using internal tuner plugin.
expect:   plugin=TUNER
not:      h37n07:3094283:3094311 [0] NCCL INFO Using network IB

name:     nccl.net.socket_speed_default
kind:     benign
severity: info
store:    once
literal:  Could not get speed from
regex:    Could not get speed from (?<path>\S+?)\. Defaulting to (?<default>.*?)\.?\s*$
doc:      The socket transport could not read a NIC speed from sysfs (common in containers/VMs) and assumed a default. Harmless.
# NCCL 2.12+ form
example:  a6f3c2e9d1b0:912:1034 [0] NCCL INFO Could not get speed from /sys/class/net/eth0/speed. Defaulting to 10 Gbps.
expect:   path=/sys/class/net/eth0/speed
expect:   default=10 Gbps
not:      wangying-system:7436:7497 [0] NCCL INFO NET/Socket : Using [0]eno1:192.168.0.100<0>

# ---------------------------------------------------------------- per-channel transports

name:     nccl.net.channel
kind:     nccl.channel
severity: info
literal:   via 
regex:    (?x) \b(?:Channel|Ring)\ (?<channel>\d+)(?:/(?<conn_index>\d+))?\ :
          \ (?<src_rank>\d+)(?:\[(?<src_dev>[0-9a-f]+)\])?\ ->\ (?<dst_rank>\d+)(?:\[(?<dst_dev>[0-9a-f]+)\])?
          (?:\ \[(?<direction>send|receive)\])?
          \ via\ (?<transport>NET/[^/\s][^/]*|P2P/(?:IPC|CUMEM|MNNVL|direct\ pointer|common\ device|indirect)|SHM|direct\ shared\ memory)
          (?:/(?<via_rank>\d+)\[(?<via_dev>[0-9a-f]+)\])?
          (?:/(?<shm_mode>(?:direct|CE)(?:/(?:direct|CE))?))?
          (?:/(?<net_dev>\d+)(?:\((?<proxy_rank>\d+)\))?)?
          (?:/(?<gdr>GDRDMA))?(?<gdr_pci>\(PCI\))?(?:/(?<shared>Shared))?
          (?<p2p_read>/read)?
type:     channel=int conn_index=int src_rank=int dst_rank=int net_dev=int proxy_rank=int via_rank=int
doc:      Transport chosen for one channel between two ranks (rank[dev] -> rank[dev]). NET lines with /GDRDMA use GPU Direct RDMA; "(N)" after the net device is the PXN proxy rank. Ring/Channel without "/N" are NCCL <=2.13 (legacy "Ring" is 2.4-2.6).
example:  g148:14937:69361 [0] NCCL INFO Channel 00/1 : 0[0] -> 7[7] via P2P/CUMEM
expect:   channel=0
expect:   conn_index=1
expect:   src_rank=0
expect:   src_dev=0
expect:   dst_rank=7
expect:   dst_dev=7
expect:   transport=P2P/CUMEM
example:  g148:14937:69361 [0] NCCL INFO Channel 01/1 : 0[0] -> 8[0] [send] via NET/IB/9/GDRDMA/Shared
expect:   channel=1
expect:   dst_rank=8
expect:   direction=send
expect:   transport=NET/IB
expect:   net_dev=9
expect:   gdr=GDRDMA
expect:   shared=Shared
example:  hw14:798:816 [6] NCCL INFO Channel 07/0 : 6[6] -> 7[7] via P2P/direct pointer
expect:   src_rank=6
expect:   transport=P2P/direct pointer
example:  [0m ip-172-31-0-137:14605:14688 [0] NCCL INFO Channel 00 : 1[1e0] -> 0[1e0] [receive] via NET/Socket/0
expect:   src_rank=1
expect:   src_dev=1e0
expect:   dst_rank=0
expect:   direction=receive
expect:   transport=NET/Socket
expect:   net_dev=0
example:  ins-7df6eojsifuykig9:3018453:3024011 [2] NCCL INFO Channel 01 : 2[1040] -> 0[1020] via SHM/direct/direct
expect:   channel=1
expect:   transport=SHM
expect:   shm_mode=direct/direct
example:  gpu2-ru7:2144:2556 [2] NCCL INFO Ring 00 : 2[3d000] -> 3[3e000] via direct shared memory
expect:   channel=0
expect:   src_dev=3d000
expect:   dst_rank=3
expect:   transport=direct shared memory
# NCCL 2.4 form (no brackets on NET lines)
example:  dgx1-03:21871:21903 [2] NCCL INFO Ring 00 : 30 -> 28 [send] via NET/Socket/0
expect:   src_rank=30
expect:   dst_rank=28
expect:   direction=send
expect:   transport=NET/Socket
# NCCL 2.4 form with GPU Direct RDMA
example:  dgx1-03:21871:21903 [2] NCCL INFO Ring 01 : 7 -> 8 [receive] via NET/IB/0/GDRDMA
expect:   transport=NET/IB
expect:   gdr=GDRDMA
# NCCL 2.7-2.11 form (brackets hold the PCI busId)
example:  dgx1-03:21871:21903 [2] NCCL INFO Channel 00 : 7[b2000] -> 8[1b000] [send] via NET/IB/3/GDRDMA
expect:   src_dev=b2000
expect:   net_dev=3
expect:   gdr=GDRDMA
# NCCL 2.18.3+ PXN form (send through proxy rank 7)
example:  gpu-node-07:48213:48401 [3] NCCL INFO Channel 02/0 : 3[3] -> 11[3] [send] via NET/IB/2(7)/GDRDMA
expect:   net_dev=2
expect:   proxy_rank=7
expect:   gdr=GDRDMA
# NCCL 2.27+ form with GDR through PCI
example:  gpu-node-07:48213:48401 [3] NCCL INFO Channel 03/1 : 3[3] -> 11[3] [send] via NET/IB/1/GDRDMA(PCI)/Shared
expect:   gdr=GDRDMA
expect:   gdr_pci=(PCI)
expect:   shared=Shared
# NCCL 2.18.3+ forms: IPC with read, indirect via an intermediate GPU, MNNVL (2.21+), plugin network
example:  gpu-node-07:48213:48401 [3] NCCL INFO Channel 04/0 : 3[3] -> 4[4] via P2P/IPC/read
expect:   transport=P2P/IPC
expect:   p2p_read=/read
example:  gpu-node-07:48213:48401 [3] NCCL INFO Channel 05/0 : 3[3] -> 6[6] via P2P/indirect/4[4]
expect:   transport=P2P/indirect
expect:   via_rank=4
example:  gb200-n03:77120:77301 [1] NCCL INFO Channel 00/0 : 1[1] -> 5[1] via P2P/MNNVL
expect:   transport=P2P/MNNVL
example:  p4d-st-1:52118:52305 [0] NCCL INFO Channel 00/0 : 0[0] -> 8[0] [send] via NET/AWS Libfabric/0/GDRDMA
expect:   transport=NET/AWS Libfabric
expect:   net_dev=0
expect:   gdr=GDRDMA
# NCCL master (2.30) SHM form
example:  gpu-node-07:48213:48401 [3] NCCL INFO Channel 01 : 3[3] -> 2[2] via SHM/direct
expect:   transport=SHM
expect:   shm_mode=direct
# NCCL 2.19+ GRAPH ring neighbour line (no transport)
not:      gpu-node-07:48213:48401 [3] NCCL INFO Ring 00 : 2 -> 3 -> 4
not:      [0m ip-172-31-0-137:14605:14688 [0] NCCL INFO Channel 00/04 :    0   1

name:     nccl.net.channel_collnet
kind:     nccl.channel
severity: info
literal:  via COLLNET/
regex:    \b(?:CollNet|Coll) (?<channel>\d+)(?:/(?<conn_index>\d+))? : (?<src_rank>\d+) \[(?<direction>send|receive)\] via (?<transport>COLLNET/[^/]+)/(?<net_dev>\d+)(?:/(?<gdr>GDRDMA))?
type:     channel=int conn_index=int src_rank=int net_dev=int
doc:      CollNet (SHARP in-network reduction) connection of one rank.
# NCCL 2.14+ form
example:  gpu-node-07:48213:48401 [3] NCCL INFO CollNet 00/0 : 11 [send] via COLLNET/SHARP/0/GDRDMA
expect:   channel=0
expect:   src_rank=11
expect:   direction=send
expect:   transport=COLLNET/SHARP
expect:   gdr=GDRDMA
# NCCL 2.7 form
example:  dgx1-03:21871:21903 [2] NCCL INFO Coll 01 : 10 [receive] via COLLNET/SHARP/1
expect:   channel=1
expect:   net_dev=1
not:      g148:14937:69361 [0] NCCL INFO Channel 01/1 : 0[0] -> 8[0] [send] via NET/IB/9/GDRDMA/Shared

# ---------------------------------------------------------------- rings, trees, connection summary

name:     nccl.net.ring_dump
kind:     nccl.ring
severity: info
literal:  Channel 
regex:    \bChannel (?<channel>\d+)(?:/(?<nchannels>\d+))? :\s+(?<ranks>\d+(?:\s+\d+)*)(?<truncated>\s*\.\.\.)?\s*$
type:     channel=int nchannels=int
doc:      Ring order for one channel, printed by rank 0 (<=2.22 at most 20 ranks, padded; 2.23+ truncated with "...").
example:  [0m ip-172-31-0-137:14605:14688 [0] NCCL INFO Channel 00/04 :    0   1
expect:   channel=0
expect:   nchannels=4
expect:   ranks=0   1
# NCCL 2.4 form
example:  dgx1-03:21871:21903 [0] NCCL INFO Channel 00 :    0   1   2   3   4   5   6   7
expect:   channel=0
expect:   ranks=0   1   2   3   4   5   6   7
# NCCL 2.23+ form
example:  gpu-node-07:48213:48401 [0] NCCL INFO Channel 01/08 : 0 1 2 3 4 5 6 7
expect:   nchannels=8
expect:   ranks=0 1 2 3 4 5 6 7
not:      g148:14937:69361 [0] NCCL INFO Channel 00/1 : 0[0] -> 7[7] via P2P/CUMEM

name:     nccl.net.ring_neighbors
kind:     nccl.ring
severity: info
literal:  Ring 
regex:    \bRing (?<channel>\d+) : (?<prev_rank>-?\d+) -> (?<comm_rank>\d+) -> (?<next_rank>-?\d+)\s*$
type:     channel=int prev_rank=int comm_rank=int next_rank=int
doc:      Ring neighbours of this rank for one channel (GRAPH subsystem, 2.19+).
# NCCL 2.19+ form
example:  gpu-node-07:48213:48401 [3] NCCL INFO Ring 00 : 2 -> 3 -> 4
expect:   channel=0
expect:   prev_rank=2
expect:   comm_rank=3
expect:   next_rank=4
not:      dgx1-03:21871:21903 [2] NCCL INFO Ring 00 : 30 -> 28 [send] via NET/Socket/0

name:     nccl.net.trees
kind:     nccl.tree
severity: info
literal:  Trees 
regex:    \bTrees (?<trees>\[\d+\] \S+(?: \[\d+\] \S+)*)
doc:      Tree layout per channel (down0/down1/down2->me->up; <=2.8 two trees joined by "|"; 2.4 up->me->down).
example:  [0m ip-172-31-0-137:14605:14688 [0] NCCL INFO Trees [0] 1/-1/-1->0->-1|-1->0->1/-1/-1 [1] 1/-1/-1->0->-1|-1->0->1/-1/-1 [2] -1/-1/-1->0->1|1->0->-1/-1/-1 [3] -1/-1/-1->0->1|1->0->-1/-1/-1
expect:   trees=[0] 1/-1/-1->0->-1|-1->0->1/-1/-1 [1] 1/-1/-1->0->-1|-1->0->1/-1/-1 [2] -1/-1/-1->0->1|1->0->-1/-1/-1 [3] -1/-1/-1->0->1|1->0->-1/-1/-1
# NCCL 2.9+ form
example:  gpu-node-07:48213:48401 [3] NCCL INFO Trees [0] 4/-1/-1->3->2 [1] 4/-1/-1->3->2
expect:   trees=[0] 4/-1/-1->3->2 [1] 4/-1/-1->3->2
not:      [0m ip-172-31-0-137:14605:14688 [0] NCCL INFO threadThresholds 8/8/64 | 16/8/64 | 8/8/64

name:     nccl.net.tree_neighbors
kind:     nccl.tree
severity: info
literal:  Tree 
regex:    \bTree (?<channel>\d+) : (?<up_rank>-?\d+) -> (?<comm_rank>\d+) -> (?<down>-?\d+/-?\d+/-?\d+)\s*$
type:     channel=int up_rank=int comm_rank=int
doc:      Tree neighbours of this rank for one tree (GRAPH subsystem).
# NCCL 2.12+ form
example:  gpu-node-07:48213:48401 [3] NCCL INFO Tree 0 : 2 -> 3 -> 4/-1/-1
expect:   channel=0
expect:   up_rank=2
expect:   comm_rank=3
expect:   down=4/-1/-1
not:      gpu-node-07:48213:48401 [3] NCCL INFO Trees [0] 4/-1/-1->3->2 [1] 4/-1/-1->3->2

name:     nccl.net.connected
kind:     nccl.connected
severity: info
store:    once
literal:  Connected all 
regex:    \bConnected all (?<what>rings|trees)(?:, use ring PXN (?<pxn>\d+) GDR (?<use_gdr>\d+))?
type:     pxn=int use_gdr=int
doc:      End of ring/tree connection set-up for a communicator. A rank that never prints it was stuck connecting (network, proxy, peer missing).
# NCCL 2.12-2.23 form
example:  gpu-node-07:48213:48401 [3] NCCL INFO Connected all rings
expect:   what=rings
example:  gpu-node-07:48213:48401 [3] NCCL INFO Connected all trees
expect:   what=trees
# NCCL 2.24+ form
example:  gpu-node-07:48213:48401 [3] NCCL INFO Connected all rings, use ring PXN 0 GDR 1
expect:   what=rings
expect:   pxn=0
expect:   use_gdr=1
not:      gpu-node-07:48213:48401 [3] NCCL INFO Channel 02/0 : 3[3] -> 11[3] [send] via NET/IB/2(7)/GDRDMA

name:     nccl.net.channels_summary
kind:     nccl.channels
severity: info
store:    once
literal:  coll channels, 
regex:    \b(?<coll_channels>\d+) coll channels, (?:(?<collnet_channels>\d+) collnet channels, )?(?:(?<nvls_channels>\d+) nvls channels, )?(?<p2p_channels>\d+) p2p channels, (?<p2p_per_peer>\d+) p2p channels per peer
type:     coll_channels=int collnet_channels=int nvls_channels=int p2p_channels=int p2p_per_peer=int
doc:      Channel counts of a communicator (bandwidth parallelism).
# NCCL 2.12-2.17 form
example:  dgx1-03:21871:21903 [2] NCCL INFO 4 coll channels, 4 p2p channels, 1 p2p channels per peer
expect:   coll_channels=4
expect:   p2p_channels=4
expect:   p2p_per_peer=1
# NCCL 2.21+ form
example:  gpu-node-07:48213:48401 [3] NCCL INFO 32 coll channels, 32 collnet channels, 16 nvls channels, 32 p2p channels, 32 p2p channels per peer
expect:   coll_channels=32
expect:   collnet_channels=32
expect:   nvls_channels=16
not:      gpu-node-07:48213:48401 [3] NCCL INFO Connected all trees

# ---------------------------------------------------------------- COLL trace

name:     nccl.net.coll_trace
kind:     nccl.coll
severity: info
literal:  : opCount 
regex:    (?x) \b(?<op>[A-Z][A-Za-z]+):\ opCount\ (?<opcount>[0-9a-f]+)\ sendbuff\ (?<sendbuff>\S+)\ recvbuff\ (?<recvbuff>\S+)
          \ count\ (?<count>\d+)\ datatype\ (?<datatype>\d+)\ op\ (?<redop>\d+)\ root\ (?<root>-?\d+)
          \ comm\ (?<comm>\S+)\ \[nranks=(?<nranks>\d+)\](?:\ stream\ (?<stream>\S+))?
type:     opcount=hex count=int datatype=int redop=int root=int nranks=int
doc:      One collective call (NCCL_DEBUG_SUBSYS=COLL). opCount is hex and per communicator; ranks whose last opCount is smallest are the laggards. datatype 7 = float32, 9 = bfloat16, 2 = int32; op 0 = sum.
example:  (RayTrainWorker pid=615, ip=10.72.7.6) r24-02-22-23-29-0066-raycluster-lv52c-worker-l4-8-fqztx:615:18953 [2] NCCL INFO AllReduce: opCount 139d sendbuff 0x78d056200000 recvbuff 0x78d056200000 count 7382228 datatype 7 op 0 root 0 comm 0x78cfda045840 [nranks=128] stream 0x78d07125e5e0
expect:   op=AllReduce
expect:   opcount=139d
expect:   count=7382228
expect:   datatype=7
expect:   comm=0x78cfda045840
expect:   nranks=128
example:  (RayTrainWorker pid=19799, ip=10.72.0.6) r24-02-22-23-29-0066-raycluster-lv52c-worker-l4-8-xc6s4:19799:38219 [3] NCCL INFO AllReduce: opCount 13a1 sendbuff 0x78fba5f47800 recvbuff 0x78fba5f47800 count 335 datatype 2 op 0 root 0 comm 0x78fbbf9d1bb0 [nranks=128] stream 0x78fc4917d570
expect:   opcount=13a1
expect:   count=335
expect:   datatype=2
# NCCL 2.x form for another collective
example:  gpu-node-07:48213:48213 [3] NCCL INFO ReduceScatter: opCount 2f sendbuff 0x7f21a4000000 recvbuff 0x7f21a6000000 count 1048576 datatype 9 op 0 root 0 comm 0x5612f3a0c8d0 [nranks=16] stream 0x5612f2c81e30
expect:   op=ReduceScatter
expect:   opcount=2f
expect:   datatype=9
# NCCL 2.x point-to-point form (collectives.cc: ncclSend/ncclRecv pass the
# buffer as recvbuff and the peer's rank in the communicator as root)
example:  gpu-node-07:48213:48213 [3] NCCL INFO Send: opCount 1a sendbuff (nil) recvbuff 0x7f21a4000000 count 4194304 datatype 9 op 0 root 2 comm 0x5612f3a0c8d0 [nranks=4] stream 0x5612f2c81e30
expect:   op=Send
expect:   root=2
expect:   nranks=4
example:  gpu-node-07:48212:48212 [2] NCCL INFO Recv: opCount 1b sendbuff (nil) recvbuff 0x7f5e1c000000 count 4194304 datatype 9 op 0 root 1 comm 0x55d0c41b27e0 [nranks=2] stream 0x55d0c3a61f90
expect:   op=Recv
expect:   root=1
not:      (RayTrainWorker pid=22754, ip=10.72.12.6) [E ProcessGroupNCCL.cpp:821] [Rank 21] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=5020, OpType=ALLREDUCE, Timeout(ms)=1800000) ran for 1808397 milliseconds before timing out.
