# Rendezvous and the c10d store: the launcher (torchrun's elastic agent,
# torch.distributed.launch, env:// init) assembling the job before any
# communicator exists. A failure here means the job never started: the
# store port was taken, the master could not be reached or resolved, or the
# number of workers that checked in differs from the world size.
#
# Kinds: `rdzv.error` (the launcher gave up: cause rendezvous_error) and
# `rdzv.warning` (one address family failed, or workers are still missing:
# supports the cause, never a first failure on its own).

# torch 1.13-2.3 prints each failed bind as a warning and the failure to
# listen on any address as the error; torch 2.4+ folds them into one
# DistNetworkError line with port/useIpv6/code/name. The RuntimeError or
# DistNetworkError line carries both texts.
name:     rdzv.store.listen_failed
kind:     rdzv.error
severity: error
priority: 5
literal:  failed to listen on any local network address
regex:    The server socket has failed to listen on any local network address\.?(?:\s*The server socket has failed to bind to (?<addr>\S+) \(errno: (?<errno>\d+) - (?<error>[^)]*)\))?(?:.*?\bport: (?<port>\d+))?(?:.*?\bname: (?<errname>[A-Z]+))?
type:     errno=int port=int
doc:      The c10d store (rendezvous server) could not listen: the port is taken (another job or a stale agent on the node, errno 98 / EADDRINUSE) or the address is not local. Pick a free port (--master_port, --rdzv_endpoint=localhost:0) or free it.
# torch 2.0 warning/error pair, the error line (pytorch-116974)
example:  [E socket.cpp:462] [c10d] The server socket has failed to listen on any local network address.
# RuntimeError with both bind failures (drivelm-40, srun)
example:  RuntimeError: The server socket has failed to listen on any local network address. The server socket has failed to bind to [::]:38429 (errno: 98 - Address already in use). The server socket has failed to bind to 0.0.0.0:38429 (errno: 98 - Address already in use).
expect:   addr=[::]:38429
expect:   errno=98
expect:   error=Address already in use
# torch 2.2 DistNetworkError (torchtune-392)
example:  torch.distributed.DistNetworkError: The server socket has failed to listen on any local network address. The server socket has failed to bind to [::]:29500 (errno: 98 - Address already in use). The server socket has failed to bind to 0.0.0.0:29500 (errno: 98 - Address already in use).
expect:   errno=98
# torch 2.4+ form (vllm-project/vllm#39015 title)
example:  torch.distributed.DistNetworkError: The server socket has failed to listen on any local network address. port: 29500, useIpv6: false, code: -98, name: EADDRINUSE, message: address already in use
expect:   port=29500
expect:   errname=EADDRINUSE
not:      [W socket.cpp:426] [c10d] The server socket has failed to bind to [::]:29500 (errno: 98 - Address already in use).

# torch 1.x (before socket.cpp, 1.11) threw the operating system's own
# text for a failed bind or connect of the c10d store: on Windows its
# SYSCHECK macro (c10d/Utils.hpp) raises WSAEADDRINUSE's message, and
# tcputil's connect gives up with the constant `connect() timed out.`
# while the master keeps refusing (c10d/Utils.cpp, 1.3-1.10). Python's
# own socket errors say OSError ([WinError 10048]), not RuntimeError.
name:     rdzv.store.bind_failed_windows
kind:     rdzv.error
severity: error
priority: 5
literal:  Only one usage of each socket address
regex:    RuntimeError: (?<error>Only one usage of each socket address \(protocol/network address/port\) is normally permitted)
doc:      The c10d store (rendezvous server) could not bind its port on Windows (WSAEADDRINUSE, torch 1.x): another job or a stale process holds MASTER_PORT. Pick a free port or end that process.
# Lightning DDP on Windows, two processes' tracebacks merged (Adi-iitd/AI-Art#10, dev half)
example:  RuntimeError: Only one usage of each socket address (protocol/network address/port) is normally permitted.
expect:   error=Only one usage of each socket address (protocol/network address/port) is normally permitted
# Python's own socket error of the same Windows code (a web UI's server, not the store)
not:      OSError: [WinError 10048] Only one usage of each socket address (protocol/network address/port) is normally permitted

# torch 2.4+ builds its TCPStore on libuv by default, and the Windows
# wheels are built without it: torchrun's static rendezvous (and any
# init_process_group with a tcp:// or env:// store) dies creating the
# store, before a worker starts (cocktailpeanut/fluxgym#302, dev half; the
# check in c10d's TCPStore.cpp, and many Windows projects' notes setting
# USE_LIBUV=0 against it).
name:     rdzv.store.libuv_missing
kind:     rdzv.error
severity: error
priority: 5
literal:  use_libuv was requested but PyTorch was build without libuv
regex:    (?<error>use_libuv was requested but PyTorch was build without libuv support)
doc:      The c10d store could not be created: torch 2.4+ asks for the libuv TCPStore and this build (the Windows wheels) has none. Set USE_LIBUV=0 in the launcher's environment (or pass use_libuv=False to TCPStore).
example:      RuntimeError: use_libuv was requested but PyTorch was build without libuv support
expect:   error=use_libuv was requested but PyTorch was build without libuv support
not:      RuntimeError: The server socket has failed to listen on any local network address.

# The same SYSCHECK on Linux raised strerror(EADDRINUSE) bare, from
# TCPStore's listen (torch 1.x, before socket.cpp); torchrun's error
# record of the worker (the error_handler JSON, torch 1.9-1.10) quotes it
# as its message. Python's own socket error says OSError: [Errno 98].
name:     rdzv.store.bind_failed_v1
kind:     rdzv.error
severity: error
priority: 5
literal:  RuntimeError: Address already in use
regex:    RuntimeError: (?<error>Address already in use)(?:"|\s*$)
doc:      The c10d store (rendezvous server) could not bind its port (EADDRINUSE, torch 1.x): another job or a stale process on the node holds MASTER_PORT. Pick a free port or end that process.
# the worker's record quoted by the elastic agent (ultralytics/yolov5#12357, dev half)
example:      "message": "RuntimeError: Address already in use",
expect:   error=Address already in use
# mmcv's init_dist through TCPStore, a second job on the host (open-mmlab/mmdetection#2129, dev half)
example:  RuntimeError: Address already in use
# Python's own socket (a web UI's server, not the store; a notes file in a repository, find_string)
not:      OSError: [Errno 98] Address already in use

name:     rdzv.store.connect_timeout_v1
kind:     rdzv.error
severity: error
priority: 5
literal:  connect() timed out.
regex:    (?:^|: )(?<error>connect\(\) timed out)\.
doc:      This process could not reach the c10d store (MASTER_ADDR:MASTER_PORT) before the timeout, torch 1.x: the store kept refusing (the master process was not up, or had died), or the address is wrong for this node.
# the TCP rendezvous of a GAN's training script given rank 1 of a world of 1 (xh-liu/CC-FPSE#6, dev half)
example:  RuntimeError: connect() timed out.
expect:   error=connect() timed out
# env:// on LLNL's Lassen (DeepDriveMD/DeepDriveMD-pipeline#14)
example:  RuntimeError: connect() timed out.
not:      RuntimeError: Connection timed out

name:     rdzv.store.bind_failed
kind:     rdzv.warning
severity: warning
literal:  The server socket has failed to bind to
regex:    The server socket has failed to bind to (?<addr>\S+) \(errno: (?<errno>\d+) - (?<error>[^)]*)\)
type:     errno=int
doc:      One address family of the c10d store could not be bound; fatal only when no family can be (the listen error follows).
# torch 2.0 (pytorch-116974)
example:  [W socket.cpp:426] [c10d] The server socket has failed to bind to [::]:29500 (errno: 98 - Address already in use).
expect:   addr=[::]:29500
expect:   errno=98
expect:   error=Address already in use
# torchrun --master_port (dist_kd-10)
example:  [W socket.cpp:426] [c10d] The server socket has failed to bind to 0.0.0.0:25641 (errno: 98 - Address already in use).
expect:   addr=0.0.0.0:25641
not:      [E socket.cpp:462] [c10d] The server socket has failed to listen on any local network address.

# The elastic agent's rendezvous gave up. Python logging, the error_handler
# JSON record and the exception line all name the class.
name:     rdzv.elastic.error
kind:     rdzv.error
severity: error
literal:  Rendezvous
regex:    (?<!of type )\bRendezvous(?<what>Connection|Timeout|Closed|State|GracefulExit)Error\b(?::\s*(?<msg>[^"]*[^"\s]))?
doc:      The elastic agent could not complete the rendezvous: Connection (the c10d store at the endpoint is unreachable: host, port, firewall, interface), Timeout (not enough nodes joined within the rendezvous timeout), Closed (the rendezvous was shut down, e.g. after another node failed).
# error_handler JSON of torch 1.10 (av_hubert-19)
example:      "message": "RendezvousTimeoutError: ",
expect:   what=Timeout
# (one dev source so far; the exception-line form is also recognised from
# tracebacks by the rules on exc_type, src/analyze/rules.c)
not:      INFO:torch.distributed.elastic.agent.server.api:[default] Rendezvous'ing worker group
not:      INFO:torch.distributed.elastic.agent.server.api:[default] Rendezvous complete for workers. Result:
not:      WARNING:torch.distributed.elastic.rendezvous.dynamic_rendezvous:The node 'docker.b_3427_0' has failed to send a keep-alive heartbeat to the rendezvous 'test' due to an error of type RendezvousConnectionError.

name:     rdzv.elastic.keepalive
kind:     rdzv.warning
severity: warning
priority: 2
literal:  has failed to send a keep-alive heartbeat
regex:    The node '(?<node>[^']+)' has failed to send a keep-alive heartbeat to the rendezvous '(?<rdzv>[^']+)' due to an error of type (?<what>\w+)
doc:      A node lost its connection to the rendezvous store (the store's host went away); the agent will re-rendezvous or shut down.
# pytorch/pytorch#67742 (agent killed on the store's node)
example:  WARNING:torch.distributed.elastic.rendezvous.dynamic_rendezvous:The node 'docker.b_3427_0' has failed to send a keep-alive heartbeat to the rendezvous 'test' due to an error of type RendezvousConnectionError.
expect:   node=docker.b_3427_0
expect:   what=RendezvousConnectionError
not:      WARNING:torch.distributed.elastic.multiprocessing.api:Sending process 3494 closing signal SIGTERM

# An agent could not close the rendezvous on its way out: the store it
# talks to is gone or unreachable (its host exited, the endpoint resolves
# to the wrong address). Logged as a warning by dynamic_rendezvous; with
# nothing else in the log, the rendezvous is what failed.
name:     rdzv.elastic.shutdown_failed
kind:     rdzv.warning
severity: warning
priority: 2
literal:  has failed to shutdown the rendezvous
regex:    The node '(?<node>[^']+)' has failed to shutdown the rendezvous '(?<rdzv>[^']+)' due to an error of type (?<what>\w+)
doc:      A node's agent could not shut the rendezvous down because the store was unreachable: the store's host went away or the endpoint is wrong.
# Kubeflow PyTorchJob worker (kubeflow/trainer#2041)
example:  WARNING:torch.distributed.elastic.rendezvous.dynamic_rendezvous:The node 'elastic-example-imagenet-worker-1_17_0' has failed to shutdown the rendezvous 'none' due to an error of type RendezvousConnectionError.
expect:   node=elastic-example-imagenet-worker-1_17_0
expect:   rdzv=none
expect:   what=RendezvousConnectionError
# another job on the same node hosted the store and finished (wenet-e2e/wespeaker#171)
example:  WARNING:torch.distributed.elastic.rendezvous.dynamic_rendezvous:The node 'node04.localdomain_3882442_0' has failed to shutdown the rendezvous '9987b766-350c-48bf-aa45-cfc2da182f33' due to an error of type RendezvousConnectionError.
expect:   rdzv=9987b766-350c-48bf-aa45-cfc2da182f33
not:      WARNING:torch.distributed.elastic.rendezvous.dynamic_rendezvous:The node 'docker.b_3427_0' has failed to send a keep-alive heartbeat to the rendezvous 'test' due to an error of type RendezvousConnectionError.

# The master (store) address: unreachable, or not resolvable.
name:     rdzv.store.client_connect_failed
kind:     rdzv.error
severity: error
literal:  The client socket has failed to connect to any network address
regex:    The client socket has failed to connect to any network address of \((?<store_host>[^,]+), (?<port>\d+)\)
type:     port=int
doc:      No address of the rendezvous/master host accepted the store connection: wrong MASTER_ADDR or --rdzv_endpoint, host down, firewall, or the name resolves to an unreachable interface.
# torch 1.12 (pytorch-85300)
example:  [E socket.cpp:610] [c10d] The client socket has failed to connect to any network address of (192.168.1.99, 1234).
expect:   store_host=192.168.1.99
expect:   port=1234
not:      [W socket.cpp:558] [c10d] The client socket has failed to connect to [fake-host]:1234 (errno: 113 - No route to host).

# The client side of the same: the store's master never answered within the
# store timeout (torch 1.11+ socket.cpp; an exception since 1.13, DistNetworkError
# since 2.1, the wait in ms since 2.2).
name:     rdzv.store.client_connect_timeout
kind:     rdzv.error
severity: error
literal:  The client socket has timed out after 
regex:    The client socket has timed out after (?<waited>\d+m?s) while trying to connect to \((?<store_host>[^,]+), (?<port>\d+)\)
type:     port=int
doc:      This process waited the whole store timeout for the c10d store (MASTER_ADDR:MASTER_PORT, or the rendezvous endpoint) to accept it: the master process is not running yet or any more (started late, crashed: see its log), or the address is unreachable from here (firewall, wrong interface, a name that resolves elsewhere).
# torch 1.11 elastic agent, glog-less (pytorch-79388)
example:  [E socket.cpp:793] [c10d] The client socket has timed out after 60s while trying to connect to (IP1, 2222).
expect:   waited=60s
expect:   store_host=IP1
expect:   port=2222
# torch 1.13 env:// rendezvous (mk-minchul/AdaFace#87)
example:  TimeoutError: The client socket has timed out after 1800s while trying to connect to (127.0.0.1, 57388).
expect:   waited=1800s
expect:   store_host=127.0.0.1
# torch 2.x under vLLM (vllm-project/vllm#19670, its title)
example:  torch.distributed.DistNetworkError: The client socket has timed out after 600000ms while trying to connect to (172.17.0.9, 46229).
expect:   waited=600000ms
expect:   port=46229
# torch 2.x in a container (nvidia-cosmos/cosmos-rl#681, its title)
example:  torch.distributed.DistNetworkError: The client socket has timed out after 300000ms while trying to connect to (036c56dce41b, 41331).
expect:   store_host=036c56dce41b
not:      [W socket.cpp:558] [c10d] The client socket has failed to connect to [fake-host]:1234 (errno: 113 - No route to host).

name:     rdzv.store.client_connect_retry
kind:     rdzv.warning
severity: warning
literal:  The client socket has failed to connect to 
regex:    The client socket has failed to connect to (?<addr>\S+) \(errno: (?<errno>\d+) - (?<error>[^)]*)\)
type:     errno=int
doc:      One connection attempt to the rendezvous store failed; the client retries until its timeout.
# torch 1.12 (pytorch-85300)
example:  [W socket.cpp:558] [c10d] The client socket has failed to connect to [fake-host]:1234 (errno: 113 - No route to host).
expect:   addr=[fake-host]:1234
expect:   errno=113
expect:   error=No route to host
# torch 2.5 glog form, quoted in meta-pytorch/monarch#1571
example:  > [7 similar log lines] [W1008 23:40:22.836678340 socket.cpp:767] [c10d] The client socket has failed to connect to [job-01k72wn5f8waqw7d81mfggagn4.internal]:50745 (errno: 22 - Invalid argument).
expect:   errno=22
not:      [E socket.cpp:610] [c10d] The client socket has failed to connect to any network address of (192.168.1.99, 1234).

# A c10d store client waited for its server's reply (socket.cpp's
# waitForInput, torch 2.4+): each poll that returns nothing, then the
# whole wait. The store's side is gone or stuck: the rendezvous of
# torchrun's agents, or a store read inside the job.
name:     rdzv.store.wait_timeout
kind:     rdzv.warning
severity: warning
literal:  [c10d] waitForInput: 
regex:    \[c10d\] waitForInput: (?:poll for socket .*?returned 0, likely a timeout|socket (?:.*? )?timed out after (?<waited>\d+m?s))
doc:      A c10d store client waited for the store's reply and got none: the store's process (MASTER_ADDR, the rendezvous endpoint's host) died, hangs, or cannot be reached; read that host's log.
# ms-swift's multi-node GRPO under torchrun (modelscope/ms-swift#3343, dev half)
example:  [W228 18:45:15.738941174 socket.cpp:462] [c10d] waitForInput: poll for socket SocketImpl(fd=11, addr=[xxxxx.com]:38674, remote=[::ffff:33.148.62.162]:23456) returned 0, likely a timeout
example:  [W228 18:45:15.741177013 socket.cpp:487] [c10d] waitForInput: socket SocketImpl(fd=11, addr=[xxxxxx.com]:38674, remote=[::ffff:33.148.62.162]:23456) timed out after 900000ms
expect:   waited=900000ms
# a stress test's rank 7 (a project's notes, find_string)
example:  [rank7]:[W410 21:36:52.177160212 socket.cpp:485] [c10d] waitForInput: socket timed out after 300000ms
expect:   waited=300000ms
not:      [W socket.cpp:558] [c10d] The client socket has failed to connect to [fake-host]:1234 (errno: 113 - No route to host).

name:     rdzv.store.resolve_failed
kind:     rdzv.warning
severity: warning
literal:  cannot be retrieved (gai error
regex:    The (?:IPv6 )?network addresses of \((?<store_host>[^,]+), (?<port>\d+)\) cannot be retrieved \(gai error: (?<gai>-?\d+) - (?<error>[^)]*)\)
type:     port=int gai=int
doc:      The store host name does not resolve (gai -2 Name or service not known, -3 temporary failure): use an IP address for MASTER_ADDR / --rdzv_endpoint, or fix /etc/hosts or DNS.
# torch 2.x standalone (grendel-gs-9)
example:  [W socket.cpp:601] [c10d] The IPv6 network addresses of (user, 53821) cannot be retrieved (gai error: -3 - Temporary failure in name resolution).
expect:   store_host=user
expect:   gai=-3
expect:   error=Temporary failure in name resolution
# torch 2.5 glog form (meta-pytorch/monarch#1571)
example:  > [24 similar log lines] [W1008 23:40:22.781961348 socket.cpp:767] [c10d] The IPv6 network addresses of (job-01k72wn5f8waqw7d81mfggagn4.internal, 50745) cannot be retrieved (gai error: -2 - Name or service not known).
expect:   gai=-2
expect:   error=Name or service not known
not:      [W724 18:22:38.909218572 socket.cpp:200] [c10d] The hostname of the client socket cannot be retrieved. err=-3

# torch <= 1.9 TCPStore constructor: the master name does not resolve.
name:     rdzv.store.host_not_found
kind:     rdzv.error
severity: error
literal:  host not found: 
regex:    host not found: (?<error>.+?)\s*$
doc:      MASTER_ADDR (or the store host) does not resolve from this node: wrong host name, or a job on the wrong machine/network.
# pytorch/examples#540 (env:// under PBS)
example:  ValueError: host not found: Name or service not known
expect:   error=Name or service not known
# torchelastic 0.1 coordinator (pytorch/elastic#31)
example:  Error: Rank -1 received an Exception. Detailed message: host not found: Name or service not known
expect:   error=Name or service not known
not:      INFO 2020-01-17 00:55:01,702 Rank 1 will conenct to TCPStore server at pytorch-elastic-test-z2b7s:47279

# A launcher that starts each node's processes over ssh (Open MPI's
# mpirun under horovodrun, DeepSpeed's runner and its pdsh) could not reach
# a node: its name does not resolve, nothing answers on the port, or the
# runner's own reachability check failed. No process of the job started
# there: the job was never assembled.
name:     rdzv.launcher.ssh_unreachable
kind:     rdzv.error
severity: error
literal:  ssh: 
literal:  was not reachable via ssh
regex:    (?:^|\s)ssh: (?:Could not resolve hostname (?<node>.+?)|connect to host (?<node>\S+) port (?<port>\d+)): (?<error>\S.*?)\s*$|host=(?<node>\S+) was not reachable via ssh
type:     port=int
doc:      The launcher could not reach a node over ssh (a "host name" that is a command means the launcher built the ssh line with an empty host: its hostfile or -H list): check the hostfile's names (they must resolve from the launching node, inside the container too), the ssh port the launcher is told to use (mpirun's plm_rsh_args, DeepSpeed's --ssh_port), and passwordless ssh between the nodes.
# DeepSpeed's runner checking its hostfile (thu-coai/EVA#4, dev half)
example:  ssh: Could not resolve hostname node-0: Name or service not known
expect:   node=node-0
expect:   error=Name or service not known
# mpirun under a Volcano Horovod job, a worker's pod name (volcano-sh/volcano#2226)
example:  ssh: Could not resolve hostname lm-horovod-job-worker-5.lm-horovod-job: Name or service not known
expect:   node=lm-horovod-job-worker-5.lm-horovod-job
# a slot count given where mpirun took a host name (horovod/horovod#655)
example:  ssh: Could not resolve hostname localhost:4: Name or service not known
expect:   node=localhost:4
# MXNet's dmlc ssh launcher given an empty host: ssh took the command for
# the host name, which it prints whole (apache/mxnet#1037, dev half)
example:  ssh: Could not resolve hostname export dmlc_role=worker; export dmlc_ps_root_port=9729; export dmlc_ps_root_uri=10.108.165.17; expor: Name or service not known
expect:   error=Name or service not known
# mpirun told to use port 50000, where no sshd listened (horovod/horovod#504, dev half)
example:  ssh: connect to host 192.168.11.1 port 50000: Connection refused
expect:   node=192.168.11.1
expect:   port=50000
expect:   error=Connection refused
# DeepSpeed's runner (hpcac/2023-APAC-HPC-AI#1)
example:  RuntimeError: Using hostfile at /home/552/dz9214/hostfile but host=gadi-gpu-v100-0011 was not reachable via ssh. If you are running with a single node please remove /home/552/dz9214/hostfile or setup passwordless ssh.
expect:   node=gadi-gpu-v100-0011
not:      debug1: Connecting to 10.94.1.165 [10.94.1.165] port 12345.
not:      --mca plm_rsh_args "-p 50000" python train.py

# pdsh (DeepSpeed's multi-node runner) reports each node whose remote
# command ended badly: `pdsh@<here>: <node>: ssh exited with exit code N`
# (pdsh's pipecmd.c; sshcmd.c before). Code 255 is ssh's own failure (it
# could not connect or authenticate; its reason is the node's line just
# before); any other code is the training command's, not this.
name:     rdzv.launcher.pdsh_ssh_failed
kind:     rdzv.error
severity: error
literal:  ssh exited with exit code 255
regex:    \bpdsh@(?<launch_host>[^:\s]+): (?<node>[^:\s]+): (?<error>ssh exited with exit code 255)\s*$
doc:      pdsh could not reach a node over ssh (exit code 255: no route, refused, or the key was not accepted; the node's own line before it says which): set up passwordless ssh to every node of the hostfile, localhost included, with the port DeepSpeed is told (--ssh_port).
# DeepSpeed launched on one workstation through pdsh to localhost, no key (deepspeedai/DeepSpeed#5709, dev half)
example:  pdsh@jiaming-Precision-7960-Tower: localhost: ssh exited with exit code 255
expect:   node=localhost
expect:   error=ssh exited with exit code 255
# pdsh's form in a Cray system guide (the command run on worker nodes)
example:  pdsh@ncn-m001: ncn-w001: ssh exited with exit code 255
expect:   node=ncn-w001
# the node's own line before it: ssh's reason, with pdsh's node prefix
not:      localhost: jiaming@localhost: Permission denied (publickey,password).

# Open MPI's mpirun (4.x, ORTE) could not start its daemon on one or more
# nodes (ssh refused, `orted: command not found` where Open MPI is not on
# the remote PATH): its help text follows, and no rank starts.
name:     rdzv.mpi.daemons_not_started
kind:     rdzv.error
severity: error
literal:  was unable to reliably start one or more daemons
regex:    ORTE was unable to reliably start one or more daemons
doc:      mpirun could not start its daemon on some node: the line before it says why (ssh's error, `orted: command not found`). Make Open MPI's binaries and libraries reachable on every node (--prefix, or configure with --enable-orterun-prefix-by-default) and check ssh between the nodes.
# after ssh's refusal (horovod/horovod#504, dev half), after `bash: orted:
# command not found` (horovod/horovod#1021), after an unresolved pod name
# (volcano-sh/volcano#2226)
example:  ORTE was unable to reliably start one or more daemons.
not:      ORTE does not know how to route a message to the specified daemon
not:      * lack of authority to execute on one or more specified nodes.

# Slurm's step could not start the task's program on a node (slurmstepd's
# exec of argv[0], `execve(): %s: %m`): the launcher (torchrun, python)
# is not on that node's PATH, the environment was not activated in the
# batch script, or the file is not executable. No rank starts there;
# newer Slurm prints it with its own stamp and without the daemon's name.
name:     rdzv.slurm.execve_failed
kind:     rdzv.error
severity: error
literal:  error: execve():
regex:    error: execve\(\): (?<command>[^:\s]+): (?<error>No such file or directory|Permission denied|Exec format error)
doc:      Slurm could not start the job's program on a node: the command is not on that node's PATH (an environment not activated before srun, a module not loaded) or not executable. Activate the environment in the batch script, or give srun the command's full path.
# a two-node DDP lab job whose environment script was missing (Ankush610/Distributed-Training-Lab, dev half)
example:  slurmstepd: error: execve(): torchrun: No such file or directory
expect:   command=torchrun
expect:   error=No such file or directory
# newer Slurm's form, its own stamp first (hao-ai-lab/FastVideo's committed .err, dev half)
example:  [2025-12-18T14:34:37.184] error: execve(): torchrun: No such file or directory
expect:   command=torchrun
not:      srun: error: rdgpu01: task 0: Exited with exit code 2

# JAX's rendezvous (jax.distributed.initialize): every process registers
# with the coordination service that process 0 runs, behind a start-up
# barrier. A process that never registers in time (crashed, not
# scheduled, too slow to start) fails every other one: the service stops
# "as cluster registration failed" with its barrier's DEADLINE_EXCEEDED,
# or a process's own RegisterTask call to the leader runs out of time.
name:     rdzv.jax.registration_failed
kind:     rdzv.error
severity: error
literal:  cluster registration failed
literal:  Wait_for_all_tasks_to_register
literal:  CoordinationService/RegisterTask
regex:    (?<error>Stopping coordination service as cluster registration failed|Barrier timed out\. Id: \[Init\]Wait_for_all_tasks_to_register|while calling /tensorflow\.CoordinationService/RegisterTask)
doc:      JAX's processes did not all register with the coordination service (process 0) in time: look for a process that crashed or was never scheduled before it; for slow starts raise jax.distributed.initialize's initialization_timeout.
# MaxText on 32 A3 Mega nodes under GKE (AI-Hypercomputer/gpu-recipes#2, dev half)
example:  Stopping coordination service as cluster registration failed. This may be due to 1) some tasks crashed earlier before connecting, 2) some tasks were never scheduled, or 3) scheduling delays. Consider setting a longer initialization timeout if such delays are expected, the timeout is currently set to: 1h.
expect:   error=Stopping coordination service as cluster registration failed
example:  Original error: DEADLINE_EXCEEDED: Barrier timed out. Id: [Init]Wait_for_all_tasks_to_register::0. This usually happens because a task triggered the barrier too early or too slowly. Please look at the task logs (both timed out and first task) to debug further.
# Paxml on 1024 GPUs, a process's own call (google/paxml#77, dev half, quoted)
example:  > > Additional GRPC error information from remote target unknown_target_for_coordination_leader while calling /tensorflow.CoordinationService/RegisterTask:
expect:   error=while calling /tensorflow.CoordinationService/RegisterTask
# a task that died mid-run: another process's failure, not the rendezvous (jax-ml/jax#39095's docs)
not:      Additional GRPC error information from remote target coordination_service while calling /tensorflow.CoordinationService/PollForError:

# Ray's autoscaler finding no node type that could ever hold a task's or
# actor's resource request (GPUs on a cluster started without them, a
# custom resource no node declares): the request stays pending and the job
# waits for resources that will not come. The autoscaler repeats it every
# half minute, behind the driver's `(autoscaler +T)` or older
# `(scheduler +T)` tag (python/ray/autoscaler's StandardAutoscaler).
name:     rdzv.ray.infeasible_request
kind:     rdzv.error
severity: error
literal:  No available node types can fulfill
regex:    No available node types can fulfill (?:resource requests? (?<request>.*?)|placement group requests.*?)\. Add suitable node types
doc:      Ray cannot place a task or actor: no node offers the resources it asks for (num_gpus on a cluster whose nodes registered no GPU, a custom resource nobody declared, more per task than one node has). Start Ray with the resources (ray.init(num_gpus=...), ray start --num-gpus), or ask for less per task or actor.
# scalingup's training under Ray on a workstation whose GPU Ray did not
# register (real-stanford/scalingup#6, dev half; fixed with ray.init(num_gpus=1))
example:  > (autoscaler +32s) Error: No available node types can fulfill resource request {'CPU': 1.0, 'GPU': 1.0}. Add suitable node types to this cluster to resolve this issue.
expect:   request={'CPU': 1.0, 'GPU': 1.0}
# TinyZero's PPO (Jiayi-Pan/TinyZero#94)
example:  (autoscaler +8m46s) Error: No available node types can fulfill resource request defaultdict(<class 'float'>, {'CPU': 2.0, 'GPU': 2.0}). Add suitable node types to this cluster to resolve this issue.
expect:   request=defaultdict(<class 'float'>, {'CPU': 2.0, 'GPU': 2.0})
# SecretFlow's parties as custom resources never declared (secretflow/secretflow#81)
example:  (scheduler +27s) Error: No available node types can fulfill resource request {'bob': 1.0, 'CPU': 1.0}. Add suitable node types to this cluster to resolve this issue.
# a feasible request waiting for actors to free resources: not stuck for good
not:      (scheduler +2m13s) Warning: The following resource request cannot be scheduled right now: {'GPU': 0.125, 'CPU': 0.5}. This is likely due to all cluster resources being claimed by actors. Consider creating fewer actors or adding more nodes to this Ray cluster.

# torch 1.x-2.0 default-group creation: every rank adds itself to the store
# and waits for world_size workers. A worker_count other than world_size
# means the launcher started more or fewer workers than the job declared
# (two launches on one store, a node missing after preemption).
name:     rdzv.store_barrier.timeout
kind:     rdzv.error
severity: error
literal:  Timed out initializing process group in store based barrier
regex:    Timed out initializing process group in store based barrier on rank: (?<rank>\d+), for key: (?<key>\S+) \(world_size=(?<world_size>\d+), worker_count=(?<worker_count>\d+), timeout=(?<timeout>[^)]*)\)
type:     rank=int world_size=int worker_count=int
doc:      Process-group init gave up waiting for workers: worker_count < world_size means workers never arrived (a node missing, a crash before init), worker_count > world_size means more processes joined this store than the job has (launched twice, stale workers after a restart).
# metaseq 2048-rank job (metaseq-52)
example:  RuntimeError: Timed out initializing process group in store based barrier on rank: 4330, for key: store_based_barrier_key:522 (world_size=2048, worker_count=1792, timeout=0:30:00)
expect:   rank=4330
expect:   world_size=2048
expect:   worker_count=1792
# TP=2 PP=2 group creation with a 30 s timeout (megatron-deepspeed-338)
example:  RuntimeError: Timed out initializing process group in store based barrier on rank: 7, for key: store_based_barrier_key:32 (world_size=8, worker_count=4, timeout=0:00:30)
expect:   worker_count=4
# too many workers (pseco-15)
example:  RuntimeError: Timed out initializing process group in store based barrier on rank: 0, for key: store_based_barrier_key:1 (world_size=4, worker_count=16, timeout=0:30:00)
expect:   worker_count=16
not:      Waiting in store based barrier to initialize process group for rank: 0, key: store_based_barrier_key:1 (world_size=4, worker_count=8, timeout=0:30:00)

name:     rdzv.store_barrier.waiting
kind:     rdzv.warning
severity: warning
literal:  Waiting in store based barrier to initialize process group
regex:    Waiting in store based barrier to initialize process group for rank: (?<rank>\d+), key: (?<key>\S+) \(world_size=(?<world_size>\d+), worker_count=(?<worker_count>\d+), timeout=(?<timeout>[^)]*)\)
type:     rank=int world_size=int worker_count=int
doc:      Process-group init is still waiting for workers (logged every 10 s); see rdzv.store_barrier.timeout for what worker_count means.
# yolov5-4574 (bare INFO text)
example:  Waiting in store based barrier to initialize process group for rank: 0, key: store_based_barrier_key:1 (world_size=4, worker_count=8, timeout=0:30:00)
expect:   world_size=4
expect:   worker_count=8
# fairseq-style logging (facebookresearch/metaseq#52, a comment)
example:  2022-05-10 05:38:33 | INFO | torch.distributed.distributed_c10d | Waiting in store based barrier to initialize process group for rank: 2, key: store_based_barrier_key:1 (world_size=2, worker_count=3, timeout=0:30:00)
expect:   rank=2
expect:   worker_count=3
not:      Added key: store_based_barrier_key:1 to store for rank: 0

# torch 2.2+ TCPStore master (TCPStore.cpp, "Timed out after {} seconds
# waiting for clients. {}/{} clients joined."): the store the first process
# opens waits at creation for every client it was told to expect, and gives
# up. The expected count is the process group's world size under
# init_process_group's tcp:// and env:// rendezvous, but the number of
# agents (nodes) under torchrun's static rendezvous, so it is kept as
# `clients`, not as a world size. Lightning's rich traceback wraps the line
# before `joined`.
name:     rdzv.store.clients_timeout
kind:     rdzv.error
severity: error
literal:  waiting for clients. 
regex:    Timed out after (?<waited_s>\d+) seconds waiting for clients\. (?<worker_count>\d+)/(?<clients>\d+) clients\b
type:     waited_s=int worker_count=int clients=int
doc:      The c10d store's master gave up waiting for its clients: the processes that never joined were not started, died before init_process_group, or cannot reach MASTER_ADDR:MASTER_PORT (firewall, wrong interface). Their own logs say which.
# torch 2.4 tcp:// init_process_group under vLLM (pytorch/pytorch#145170)
example:  torch.distributed.DistStoreError: Timed out after 601 seconds waiting for clients. 1/8 clients joined.
expect:   waited_s=601
expect:   worker_count=1
expect:   clients=8
# Ray-launched vLLM engines of OpenRLHF (OpenRLHF/OpenRLHF#1040, its title)
example:  torch.distributed.DistStoreError: Timed out after 1801 seconds waiting for clients. 1/3 clients joined.
expect:   clients=3
# quoted from a Lightning rich traceback, cut where it wrapped (MLI-lab/DeepDeWedge#20)
example:  `DistStoreError: Timed out after 1801 seconds waiting for clients. 1/4 clients`
expect:   worker_count=1
expect:   clients=4
# three GPUs of Visual-RFT's GRPO trainer (Liuziyu77/Visual-RFT#123, its title)
example:  torch.distributed.DistStoreError: Timed out after 901 seconds waiting for clients. 1/3 clients joined.
expect:   waited_s=901
# a client's wait for a key, not the master's wait for clients (nvidia-cosmos/cosmos-transfer1#80, its title)
not:      [Error] torch.distributed.DistStoreError: wait timeout after 1800000ms
not:      RuntimeError: Timed out initializing process group in store based barrier on rank: 7, for key: store_based_barrier_key:32 (world_size=8, worker_count=4, timeout=0:00:30)

# A Ray worker or CLI that cannot reach the cluster's head: its GCS client
# first waits a few seconds for the connection (gcs_rpc_client.h, a
# warning it may recover from), then gives up fetching the cluster's id
# (gcs_client.cc: `Failed to get cluster ID from GCS server: ` and the
# status): the head is down, its address or port wrong (an empty
# --address), or a firewall between. Two patterns: the retry supports,
# the give-up decides.
name:     rdzv.ray.gcs_connect_retry
kind:     rdzv.warning
severity: warning
literal:  GCS at address
regex:    Failed to connect to GCS at address (?<address>\S*) within (?<waited_s>\d+) seconds\.
type:     waited_s=int
doc:      A Ray process could not reach the head's GCS in its first seconds; it keeps waiting, and gives up with `Failed to get cluster ID from GCS server` if the head never answers.
# MM-EUREKA's multi-node launch, the head's address empty in `ray start` (ModalMinds/MM-EUREKA#54, dev half)
example:  [2025-07-23 10:05:49,679 W 51000 51000] gcs_rpc_client.h:151: Failed to connect to GCS at address :6379 within 5 seconds.
expect:   address=:6379
expect:   waited_s=5
# TinyZero joining an existing cluster, at error level (Jiayi-Pan/TinyZero#75, dev half)
example:  [2025-02-16 16:05:55,537 E 350061 350061] gcs_rpc_client.h:179: Failed to connect to GCS at address 172.23.15.13:20000 within 5 seconds.
expect:   address=172.23.15.13:20000
# vLLM's Ray executor, newer Ray's file name (a repository's notes, find_string)
example:  [2026-03-03 20:02:40,466 W 41024 41024] rpc_client.h:153: Failed to connect to GCS at address 10.166.166.106:48057 within 5 seconds.
expect:   address=10.166.166.106:48057
not:      [2025-07-23 10:06:19,681 W 51000 51000] gcs_client.cc:183: Failed to get cluster ID from GCS server: TimedOut: Timed out while waiting for GCS to become available.

name:     rdzv.ray.gcs_unreachable
kind:     rdzv.error
severity: error
literal:  Failed to get cluster ID from GCS
regex:    Failed to get cluster ID from GCS server: (?<status>\S+?): (?<msg>.*?)\s*$
doc:      A Ray process gave up reaching the head's GCS: the head is not running (it died first: read its log), or the address, port or network between is wrong (`ray start --address=<head-ip>:6379` with the head's real address, the port open between nodes).
example:  [2025-07-23 10:06:19,681 W 51000 51000] gcs_client.cc:183: Failed to get cluster ID from GCS server: TimedOut: Timed out while waiting for GCS to become available.
expect:   status=TimedOut
expect:   msg=Timed out while waiting for GCS to become available.
example:  [2025-02-16 16:06:26,552 W 350061 350061] gcs_client.cc:178: Failed to get cluster ID from GCS server: TimedOut: Timed out while waiting for GCS to become available.
example:  [2026-03-03 20:03:10,467 W 41024 41024] gcs_client.cc:205: Failed to get cluster ID from GCS server: TimedOut: Timed out while waiting for GCS to become available.
not:      [2026-03-03 20:02:40,466 W 41024 41024] rpc_client.h:153: Failed to connect to GCS at address 10.166.166.106:48057 within 5 seconds.

# horovodrun's driver saw a task connect from another address than the
# ones it declared (runner/common/service/driver_service.py): a NAT, or
# a container network between the hosts. The driver goes on and fails
# next with NoValidAddressesFound (a rules row on that class).
name:     rdzv.horovod.task_nat
kind:     rdzv.error
severity: error
literal:  server behind NAT
regex:    Task (?<task>\d+) declared addresses .* but has connected from a different address (?<address>[^\s.]+(?:\.[^\s.]+)*)\. .*?server behind NAT
type:     task=int
doc:      horovodrun's tasks reach its driver from another address than their interfaces declare (NAT or an overlay network between the hosts): run the workers on the host network, or name the interfaces to use (--network-interface / HOROVOD_GLOO_IFACE).
# Horovod on Volcano pods (volcano-sh/volcano#859, dev half)
example:  ERROR: Task 1 declared addresses {'lo': [('127.0.0.1', 55651)], 'eth0': [('192.168.101.5', 55651)]}, but has connected from a different address 192.168.101.0. This is not supported. Is the server behind NAT?
expect:   task=1
expect:   address=192.168.101.0
not:      Waiting for the hosts to acknowledge.

# Open MPI's runtime (its oob/tcp component; PRRTE's today) could not
# reach a daemon or process it started on another host, after ssh had
# launched it: the ports between the hosts are closed (a firewall, a
# Kubernetes network policy) or an interface that does not route between
# them was chosen.
name:     rdzv.mpi.tcp_unreachable
kind:     rdzv.error
severity: error
literal:  was unable to complete a TCP connection
regex:    A process or daemon was unable to complete a TCP connection
doc:      mpirun's processes could not reach each other over TCP: open the ports between the hosts (or the pods), and name the interface that routes between them (-mca oob_tcp_if_include / btl_tcp_if_include, NCCL_SOCKET_IFNAME).
# MPI Operator pods (kubeflow/kubeflow#3789, dev half)
example:  A process or daemon was unable to complete a TCP connection
# a user's report on Open MPI's list (its archive in a repository, find_string)
example:  <p>A process or daemon was unable to complete a TCP connection
not:      This is usually caused by a firewall on the remote host. Please

# Gloo's rendezvous stores (file, hash, prefix; Horovod's HTTP store) give
# up waiting for a key another process should have set: that process never
# reached the rendezvous in time (slow start, dead, unreachable).
name:     rdzv.gloo.wait_timeout
kind:     rdzv.error
severity: error
literal:  Wait timeout for key(s):
regex:    (?<msg>Wait timeout for key\(s\): (?<keys>.*?))\s*$
doc:      A Gloo store waited past its timeout for the other processes' keys: some never reached the rendezvous. Under Horovod, raise --gloo-timeout-seconds (HOROVOD_GLOO_TIMEOUT_SECONDS) when many nodes start slowly, else find the process that never started.
# real, Horovod 0.19's HTTP store under Determined, 50 nodes (horovod/horovod#2015)
example:  [2020-06-09T20:10:40Z] cf108822 [RUNNING] ||  Tue Jun  9 20:10:40 2020[1]<stderr>:  what():  [horovod/common/gloo/http_store.cc:53] [horovod/common/gloo/http_store.cc:53] Wait timeout for key(s): 0
expect:   keys=0
not:      torch.distributed.DistStoreError: Timed out after 601 seconds waiting for clients. 1/8 clients joined.
