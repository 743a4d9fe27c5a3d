# Storage: disk full, I/O errors, read-only or stale file systems, quota,
# and the checkpoint-save failures they cause.
#
# NCCL's own /dev/shm exhaustion (`Call to posix_fallocate failed : No space
# left on device`, `failed to extend /dev/shm/...`) is nccl.shm_error /
# nccl.syscall_error: the generic patterns here exclude NCCL lines and
# /dev/shm and sit below the NCCL patterns' priority.

name:     io.no_space.errno
kind:     io.no_space
severity: error
literal:  [Errno 28] No space left on device
regex:    \[Errno 28\] No space left on device(?:: '(?<path>[^']*)'(?: -> '(?<dest>[^']*)')?)?
doc:      A write failed because the file system is full (checkpoint, cache, /tmp, logs): free space or point the output elsewhere.
# version: CPython OSError text (str(OSError) = "[Errno N] strerror: 'filename'")
example:  OSError: [Errno 28] No space left on device: '/checkpoints/run7/global_step1200/mp_rank_00_model_states.pt'
expect:   path=/checkpoints/run7/global_step1200/mp_rank_00_model_states.pt
# version: CPython, no file name (write() on an open file)
example:  [rank0]: OSError: [Errno 28] No space left on device
not:      gpu2-ru7:2143:2561 [1] include/shm.h:28 NCCL WARN Call to posix_fallocate failed : No space left on device

# TensorFlow before about 1.1 named only the checkpoint's temporary file
# when a save failed on a full disk: ENOSPC is RESOURCE_EXHAUSTED in its
# errno table (posix/error.cc), and the saver writes `<prefix>.tempstate<N>`
# (SaveSlices) or `<prefix>.data-00000-of-00001.tempstate<N>` (SaveV2);
# later releases add `; No space left on device` (io.no_space).
name:     io.no_space.tf_tempstate
kind:     io.no_space
severity: error
literal:  .tempstate
regex:    (?:Resource exhausted|ResourceExhaustedError(?: \(see above for traceback\))?): (?<path>\S+\.tempstate\d+)\s*$
doc:      A TensorFlow checkpoint could not be written (its temporary file; the file system is full): free space or save elsewhere.
# tensorpack's ModelSaver at an epoch's end (tensorpack/tensorpack#185, dev half)
example:  W tensorflow/core/framework/op_kernel.cc:993] Resource exhausted: train_log/Image2Image0310-010816/model-1200.data-00000-of-00001.tempstate17739147618128640016
expect:   path=train_log/Image2Image0310-010816/model-1200.data-00000-of-00001.tempstate17739147618128640016
# a 2016 Saver (tensorflow/tensorflow#4350)
example:  ResourceExhaustedError: ./model/model-49.tempstate5787507096018461664
expect:   path=./model/model-49.tempstate5787507096018461664
# a GPU OOM in TensorFlow 2 (memory.pat has it)
not:        (0) Resource exhausted: OOM when allocating tensor with shape[16,112,112,147] and type float on /job:localhost/replica:0/task:0/device:GPU:0 by allocator GPU_0_bfc

name:     io.no_space
kind:     io.no_space
severity: error
literal:  o space left on device
priority: -3
regex:    ^(?!.*(?:NCCL (?:WARN|INFO)|posix_fallocate|/dev/shm|nccl-))(?:.*?(?:'(?<path>/[^']+)'|(?<path>/[^\s:']+)):\s+)?.*?[Nn]o space left on device
doc:      A write failed because the file system is full (checkpoint, cache, /tmp, container layer): free space or point the output elsewhere.
# version: GNU coreutils write error (cp/tee/dd), path first
example:  cp: error writing '/scratch/ckpt/step_4000/optimizer.pt': No space left on device
expect:   path=/scratch/ckpt/step_4000/optimizer.pt
# version: GNU coreutils tee
example:  tee: /logs/train_rank0.log: No space left on device
expect:   path=/logs/train_rank0.log
# version: safetensors (Rust io::Error debug form) while saving a checkpoint
example:  safetensors_rust.SafetensorError: Error while serializing: IoError(Os { code: 28, kind: StorageFull, message: "No space left on device" })
not:      gpu2-ru7:2143:2561 [1] include/shm.h:28 NCCL WARN Call to posix_fallocate failed : No space left on device
not:      [2025-06-16 17:17:39] gpu-node-07:48213:48401 [3] misc/shmutils.cc:87 NCCL WARN Error: failed to extend /dev/shm/nccl-8sWq2T to 9637892 bytes, error: No space left on device (28)
not:      Call to posix_fallocate failed : No space left on device

# Windows' words for ENOSPC: ERROR_DISK_FULL (112) is "There is not
# enough space on the disk.", which CPython shows as `[WinError 112] ...`
# and libraries that format the OS text themselves (lmdb) after the path.
# A quoted string (code that raises it, a tool's test) is not an event.
name:     io.no_space.windows
kind:     io.no_space
severity: error
literal:  There is not enough space on the disk
regex:    (?:(?<path>[A-Za-z]:\\[^:]*?):\s+)?(?<!["'])(?:\[WinError 112\] )?There is not enough space on the disk(?:: '(?<path>[^']*)')?
doc:      A write failed because the Windows drive is full (a dataset cache, a checkpoint, the temp directory): free space or point the output elsewhere.
# fairchem's LMDB dataset build on Windows (facebookresearch/fairchem#1355, dev half)
example:  lmdb.Error: C:\tmp\bulk\train\data.0000.aselmdb: There is not enough space on the disk.
expect:   path=C:\tmp\bulk\train\data.0000.aselmdb
# CPython's form, as an engineer's notes on a Windows build quote it (find_string)
example:  `OSError: [WinError 112] There is not enough space on the disk` **after** the gate has spent twenty
not:      throw new IOException("There is not enough space on the disk.");

name:     io.error.errno
kind:     io.error
severity: error
literal:  [Errno 
regex:    \[Errno (?<errno>5|30|116|122)\] (?<error>Input/output error|Read-only file system|Stale file handle|Disk quota exceeded)(?:: '(?<path>[^']*)')?
type:     errno=int
doc:      Storage failure: EIO (device or network file system error), EROFS (file system remounted read-only, often after errors), ESTALE (NFS file replaced/removed under the job), EDQUOT (quota full).
# version: CPython OSError text
example:  OSError: [Errno 5] Input/output error: '/mnt/lustre/data/shard_00412.bin'
expect:   errno=5
expect:   error=Input/output error
expect:   path=/mnt/lustre/data/shard_00412.bin
example:  OSError: [Errno 30] Read-only file system: '/checkpoints/run7/latest'
expect:   error=Read-only file system
expect:   path=/checkpoints/run7/latest
example:  OSError: [Errno 116] Stale file handle
expect:   errno=116
expect:   error=Stale file handle
example:  OSError: [Errno 122] Disk quota exceeded: '/home/user/.cache/huggingface/hub/tmpk2j1x'
expect:   error=Disk quota exceeded
not:      OSError: [Errno 28] No space left on device: '/checkpoints/x.pt'

# A network library's own line reports its status EIO, not the file
# system's: NCCL's WARN and INFO lines, libfabric's (`prov_errno:`), UCX's
# errors and its fatal report (`rndv.c:943  Fatal: ...`). Nor is `rm`
# failing to delete on a read-only mount (a container's start-up script
# cleaning a path the image mounts read-only) the job's failure, nor a
# line that starts with `: ` (the tail of another process's message,
# split from it where the outputs interleaved).
name:     io.error
kind:     io.error
severity: error
literal:  Input/output error
literal:  Read-only file system
literal:  Stale file handle
literal:  Disk quota exceeded
priority: -3
regex:    ^(?!: |.*(?:NCCL (?:WARN|INFO)|prov_errno:|\bUCX  (?:ERROR|WARN) |\.c:\d+  Fatal: |\bcannot remove '))(?:.*?(?:'(?<path>/[^']+)'|(?<path>/[^\s:']+)):\s+)?.*?(?<error>Input/output error|Read-only file system|Stale file handle|Disk quota exceeded)
doc:      Storage failure reported by a tool or library: EIO, read-only remount, stale NFS handle, quota.
# version: GNU coreutils messages
example:  cp: cannot create regular file '/checkpoints/run7/latest/model.pt': Read-only file system
expect:   path=/checkpoints/run7/latest/model.pt
expect:   error=Read-only file system
example:  ls: cannot access '/mnt/nfs/datasets/imagenet': Stale file handle
expect:   error=Stale file handle
not:      node3:123:456 [0] misc/ibvwrap.cc:183 NCCL WARN Call to ibv_reg_mr failed with error Input/output error
# libfabric's EFA error: the network's (nccl.efa.eq_error)
not:      Unable to write to EQ: Missing or unavailable event queue. err: Input/output error (5) prov_errno: Unknown error -11 (-11) prov/efa/src/rxr/rxr.h:1343
# UCX's status UCS_ERR_IO_ERROR, here a CUDA IPC registration (openucx/ucx#4707, dev half)
not:      1: [1580413046.362194] [cgpu05:56774:2]         ucp_mm.c:110  UCX  ERROR failed to register address 0x2aab74a00000 length 131072 on md[4]=cuda_ipc: Input/output error
# a Slurm job's start-up, on every rank, before training that finished
# (mlcommons/training_results_v0.7, dev half)
not:      rm: cannot remove '/usr/local/cuda/compat/lib': Read-only file system
not:      : Read-only file system
# UCX's fatal report of the same status (sparticlesteve/pytorch-cuda-mpi-error, dev half)
not:      0: [cgpu09:43722:2:43760]        rndv.c:943  Fatal: failed to unpack rendezvous remote key received from <no debug data>: Input/output error

# HDF5's file driver (H5FDsec2.c) reports the failed open, read, write or
# flush with the system call's errno and strerror() text; h5py raises it
# as OSError (IOError on Python 2) or RuntimeError. Only the errnos of a
# storage failure: EIO, ENOSPC, EROFS, ECOMM (a network file system's
# send), ESTALE, EREMOTEIO, EDQUOT. A text io.error or io.no_space reads
# (Input/output error, No space left on device) goes to them first.
name:     io.error.hdf5
kind:     io.error
severity: error
priority: -4
literal:  , errno = 
regex:    , errno = (?<errno>5|28|30|70|116|121|122), error message = '(?<error>[^',]+)
type:     errno=int
doc:      HDF5 (h5py, Keras' save_weights) could not open or write a file: the errno names the storage failure (a full disk, a network file system that dropped the write, a read-only or stale mount, a quota).
# Keras 1 saving weights to a network mount (farizrahman4u/seq2seq#86, dev half)
example:  IOError: Unable to create file (Unable to open file: name = 'models/_w300_l6_s16_b32_m1_d2', errno = 70, error message = 'communication error on send', flags = 13, o_flags = 242)
expect:   errno=70
expect:   error=communication error on send
# (a flush on a full shared disk, its message wrapped, `  file descriptor
# = 63, errno = 28, error message = 'No space left on device',` in a
# postmortem found with find_string, is io.no_space's)
# a file that is not there is the path's, not the storage's (h5py 3, a notebook's output in a repository, find_string)
not:      FileNotFoundError: [Errno 2] Unable to synchronously open file (unable to open file: name = 'best_model.h5', errno = 2, error message = 'No such file or directory', flags = 0, o_flags = 0)

# torch's shared-memory tensors (a DataLoader worker handing a batch to
# its parent, torch.multiprocessing queues): `_share_fd_()` writes each
# into a file under /dev/shm, named </torch_<pid>_<n>>; the write fails
# when /dev/shm is full (a container's 64 MiB default). torch 1.0-1.4
# printed no errno; later ones add `: No space left on device (28)`,
# which io.no_space reads first.
name:     io.torch_shm_write
kind:     io.error
severity: error
priority: -4
literal:  unable to write to file </torch_
regex:    unable to write to file <(?<path>/torch_[^>]*)>
doc:      A tensor could not be written to /dev/shm (full): give the container more shared memory (docker --shm-size or --ipc=host, a Kubernetes emptyDir with medium: Memory), or fewer DataLoader workers.
# TTS in Docker, torch 1.0 (mozilla/TTS#135, dev half)
example:  RuntimeError: unable to write to file </torch_5322_303039809>
expect:   path=/torch_5322_303039809
# EfficientDet's DataLoader workers (zylo117/Yet-Another-EfficientDet-Pytorch#147, dev half)
example:  RuntimeError: unable to write to file </torch_74396_2983595444>
# (nnU-Net's later form, with ENOSPC after it, is io.no_space's: MIC-DKFZ/nnUNet#1411)
not:      ERROR: Unexpected bus error encountered in worker. This might be caused by insufficient shared memory (shm).

# torch7's disk file (Lua Torch's torch.save): a write returned fewer
# blocks than asked, as on a full disk or a dropped network mount
# (TH/THDiskFile.c's THError, behind luajit's prefix).
name:     io.torch7_write_error
kind:     io.error
severity: error
literal:  write error: wrote 
regex:    (?<error>write error: wrote (?<wrote>\d+) blocks instead of (?<wanted>\d+))
type:     wrote=int wanted=int
doc:      A torch7 checkpoint write stopped short: the disk or quota filled up, or the file system went away during the save.
# real, OpenNMT's Lua trainer saving a checkpoint (OpenNMT/OpenNMT#463)
example:  /home/mtuser/torch/install/bin/luajit: /home/mtuser/torch/install/share/lua/5.1/torch/File.lua:210: write error: wrote 9367499 blocks instead of 31014000 at /home/mtuser/torch/pkg/torch/lib/TH/THDiskFile.c:356
expect:   wrote=9367499
expect:   wanted=31014000
# real, char-rnn style trainer (coreylynch/grid-lstm#5)
example:  /home/____/torch/install/bin/luajit: /home/____/torch/install/share/lua/5.1/torch/File.lua:210: write error: wrote 39776036 blocks instead of 41251350 at /tmp/luarocks_torch-scm-1-1419/torch7/lib/TH/THDiskFile.c:340
# real, the bare message (facebookarchive/fb.resnet.torch#15)
example:  write error: wrote 2854962 blocks instead of 3211264 at /home/.../torch/pkg/torch/lib/TH/THDiskFile.c:331
expect:   wrote=2854962
not:      read 0 blocks instead of 1 at /export/home/jkhurana/torch/pkg/torch/lib/TH/THDiskFile.c:563

# dmlc-core's local file stream (MXNet's and XGBoost's checkpoint and
# parameter saves): fwrite() wrote fewer bytes than asked, as on a full
# disk or a dropped mount (src/io/local_filesys.cc's CHECK, behind glog's
# `Check failed:` and the library's prefix).
name:     io.dmlc_write_incomplete
kind:     io.error
severity: error
literal:  FileStream.Write incomplete
regex:    (?<error>FileStream\.Write incomplete)
doc:      An MXNet (dmlc) file write stopped short: the disk or quota filled up, or the file system went away during the save.
# MXNet's Module saving its epoch checkpoint (apache/mxnet#6050, dev half)
example:  [16:24:41] include/dmlc/logging.h:303: [16:24:41] src/io/local_filesys.cc:39: Check failed: std::fwrite(ptr, 1, size, fp_) == size FileStream.Write incomplete
expect:   error=FileStream.Write incomplete
# MXNet 1.x's form, as GluonTS reported it (awslabs/gluonts#2949, its title)
example:  MXNetError: Check failed: std: :fwrite(ptr, 1, size, fp_) == size: FileStream.Write incomplete
not:      INFO:root:Saved checkpoint to "./models/resnet-152/resnet-152-train-224-0039.params"

# TensorStore (under Orbax and T5X checkpointing in JAX) failing to write
# a checkpoint's file: kvstore.cc's `Error writing <key>` around the file
# driver's `local file "<path>"`, then the system call's failure (a lock
# the file system does not implement, a rename that lost its file). Raised
# in Python as a ValueError with absl's status code in front.
name:     io.tensorstore_write
kind:     io.error
severity: error
literal:  Error writing 
regex:    Error writing (?:"[^"]*" in OCDBT database at )?local file \**"(?<path>[^"]*)"\**: (?<error>.*?)(?: \[source locations=.*)?\s*$
doc:      A checkpoint write through TensorStore failed on the file system: POSIX locks not supported (some HPC and network file systems: use a file system that has them, or a newer TensorStore that falls back to flock), the directory removed or not shared between hosts under a multi-host save, the disk full.
# Orbax on an HPC file system without fcntl locks (google/tensorstore#183, dev half)
example:  ValueError: FAILED_PRECONDITION: Error writing local file "/home/oeberhard/laurel/dat/runs/test/working_directories/1/actor_params.orbax-checkpoint-tmp-1695894959581296/_sharding": Failed to acquire lock on file: /home/oeberhard/laurel/dat/runs/test/working_directories/1/actor_params.orbax-checkpoint-tmp-1695894959581296/_sharding.__lock [OS error: Function not implemented] [source locations='tensorstore/kvstore/file/file_key_value_store.cc:676\ntensorstore/kvstore/kvstore.cc:268']
expect:   path=/home/oeberhard/laurel/dat/runs/test/working_directories/1/actor_params.orbax-checkpoint-tmp-1695894959581296/_sharding
expect:   error=Failed to acquire lock on file: /home/oeberhard/laurel/dat/runs/test/working_directories/1/actor_params.orbax-checkpoint-tmp-1695894959581296/_sharding.__lock [OS error: Function not implemented]
# T5X on GPFS, the path in the reporter's bold (google-research/t5x#452)
example:  ValueError: Error opening "zarr" driver: Error writing local file **"/gpfsnyu/scratch/kf2395/jukemir_t5/pretrain/checkpoint_100.tmp-1650949633/state.param_states.decoder.layers_0.pre_cross_attention_layer_norm.scale.v/.zarray"**: Failed to acquire lock on file: **/gpfsnyu/scratch/kf2395/jukemir_t5/pretrain/checkpoint_100.tmp-1650949633/state.param_states.decoder.layers_0.pre_cross_attention_layer_norm.scale.v/.zarray.__lock** [OS error: Invalid argument]
expect:   path=/gpfsnyu/scratch/kf2395/jukemir_t5/pretrain/checkpoint_100.tmp-1650949633/state.param_states.decoder.layers_0.pre_cross_attention_layer_norm.scale.v/.zarray
# MaxText's OCDBT save on eight TPU hosts to a host-local path (google/orbax#2837)
example:  ValueError: NOT_FOUND: Error writing "params.params.decoder.decoder_norm.scale/c/0" in OCDBT database at local file "/home/user/maxtext-checkpoints/r1-distill-llama-8b/0.orbax-checkpoint-tmp/items.orbax-checkpoint-tmp/ocdbt.process_0/": Failed to rename fd: 14 "/home/user/maxtext-checkpoints/r1-distill-llama-8b/0.orbax-checkpoint-tmp/items.orbax-checkpoint-tmp/ocdbt.process_0/d/8f39efd1e47e6a0ada381d99719b652c.__lock" to: "/home/user/maxtext-checkpoints/r1-distill-llama-8b/0.orbax-checkpoint-tmp/items.orbax-checkpoint-tmp/ocdbt.process_0/d/8f39efd1e47e6a0ada381d99719b652c" [OS error 2: ENOENT No such file or directory] [source locations='tensorstore/internal/os/file_util_posix.cc:406\ntensorstore/kvstore/file/file_key_value_store.cc:662\ntensorstore/kvstore/transaction.cc:133']
expect:   path=/home/user/maxtext-checkpoints/r1-distill-llama-8b/0.orbax-checkpoint-tmp/items.orbax-checkpoint-tmp/ocdbt.process_0/
# built from google/orbax#924's message (metadata a read did not find): not a write
not:      ValueError: NOT_FOUND: Error opening "zarr" driver: Metadata at local file "/ckpt/state/.zarray" does not exist

# A FUSE or network mount whose daemon died (s3fs, gcsfuse, a CSI
# driver, Colab's Drive): Python's OSError on a path says ENOTCONN, and
# TensorFlow's file system (TensorBoard's event writer) names the path
# before it (`<path>; Transport endpoint is not connected`, ENOTCONN
# mapped to FAILED_PRECONDITION). Only with a path, relative ones too
# (Python's OSError names the file it was given): a socket's ENOTCONN
# (std::system_error's bare text, an OSError with no file) is not
# storage.
name:     io.mount_disconnected
kind:     io.error
severity: error
literal:  Transport endpoint is not connected
regex:    \[Errno 107\] (?<error>Transport endpoint is not connected): b?'(?<path>[^']+)'|FailedPreconditionError: (?<path>\S+); (?<error>Transport endpoint is not connected)\s*$
doc:      The file system under this path went away (its FUSE daemon or CSI driver died or was restarted): writes of logs and checkpoints fail until it is remounted.
# real, TensorBoard's event writer on an S3 CSI mount (yandex-cloud/k8s-csi-s3#124)
example:   OSError: [Errno 107] Transport endpoint is not connected: b'/output/lgy/log/3/events.out.tfevents.1720755089 .trainingjob-a12175629749448704103746-task2-0.13.0'
expect:   path=/output/lgy/log/3/events.out.tfevents.1720755089 .trainingjob-a12175629749448704103746-task2-0.13.0
# real, a gcsfuse mount (GoogleCloudPlatform/gcs-fuse-csi-driver#50)
example:  OSError: [Errno 107] Transport endpoint is not connected: '/opt/airflow/logbucket/dag_id=xxx/run_id=scheduled__2023-07-31T00:00:00+00:00/task_id=begin_drop_day_driving_table'"
expect:   error=Transport endpoint is not connected
# TensorBoard's writer under TRL on Colab, the runs on Drive (huggingface/trl#783, dev half; ultralytics/ultralytics#3414 the same)
example:  tensorflow.python.framework.errors_impl.FailedPreconditionError: llama2-outputs/runs/Sep16_11-10-56_0a47c1af07b4/events.out.tfevents.1694866816.0a47c1af07b4.2289.0; Transport endpoint is not connected
expect:   path=llama2-outputs/runs/Sep16_11-10-56_0a47c1af07b4/events.out.tfevents.1694866816.0a47c1af07b4.2289.0
example:  tensorflow.python.framework.errors_impl.FailedPreconditionError: runs/detect/train2/events.out.tfevents.1687850605.59944f8c394b.34155.0; Transport endpoint is not connected
expect:   error=Transport endpoint is not connected
# YOLOv8 on Colab, its run directory on Drive, a relative path (ultralytics/ultralytics#1913, dev half)
example:  OSError: [Errno 107] Transport endpoint is not connected: 'runs/detect/train18'
expect:   path=runs/detect/train18
not:        what():  Transport endpoint is not connected
not:      OSError: [Errno 107] Transport endpoint is not connected

name:     io.kernel_block_error
kind:     io.error
severity: error
literal:  I/O error, dev 
literal:  Buffer I/O error on dev
regex:    (?:blk_update_request|(?:critical )?(?:medium |target )?I/O error|Buffer I/O error on dev(?:ice)?)(?:[:,]? dev(?:ice)?)? (?<device>[\w-]+)(?<error>, sector \d+|, logical block \d+)?
doc:      The kernel reports a block-device I/O error (failing disk/NVMe, or a detached volume): files on that device are unreliable.
# version: Linux 5.x block layer messages (dmesg)
example:  [1182993.420511] blk_update_request: I/O error, dev nvme1n1, sector 209715200 op 0x1:(WRITE) flags 0x800 phys_seg 32 prio class 0
expect:   device=nvme1n1
example:  [1182993.420777] Buffer I/O error on dev nvme1n1p1, logical block 26214400, lost async page write
expect:   device=nvme1n1p1
not:      [rank0]: OSError: [Errno 5] Input/output error

name:     io.nfs_not_responding
kind:     io.error
severity: warning
literal:  not responding
regex:    nfs: server (?<server>\S+) (?<error>not responding, (?:still trying|timed out))
doc:      The NFS server stopped answering: reads/writes (data loading, checkpoints) block, which can look like a hang or a collective timeout.
# version: Linux NFS client kernel message
example:  [ 8812.116263] nfs: server fs01.cluster.local not responding, still trying
expect:   server=fs01.cluster.local
expect:   error=not responding, still trying
not:      [ 8842.116263] nfs: server fs01.cluster.local OK

name:     io.checkpoint_write_failed
kind:     io.error
severity: error
literal:  PytorchStreamWriter failed writing file
literal:  ] . unexpected pos
regex:    (?:PytorchStreamWriter failed writing file (?<path>\S+?): (?<error>file write failed)|\[enforce fail at inline_container\.cc:\d+\] \. (?<error>unexpected pos \d+ vs \d+))
doc:      torch.save could not write the checkpoint archive: almost always the disk filled up (or a network file system failed) during the save.
# version: torch >= 1.6 zip serialization (caffe2/serialize/inline_container.cc)
example:  RuntimeError: [enforce fail at inline_container.cc:588] . PytorchStreamWriter failed writing file data/12: file write failed
expect:   path=data/12
expect:   error=file write failed
example:  RuntimeError: [enforce fail at inline_container.cc:664] . unexpected pos 56833600 vs 56833492
expect:   error=unexpected pos 56833600 vs 56833492
not:      OSError: [Errno 28] No space left on device

# safetensors' writer (save_file, transformers' save_pretrained with safe
# serialization) raises SafetensorError with Rust's io::Error: its Display
# form (`I/O error: <strerror> (os error N)`, safetensors 0.4 and later)
# or its Debug form (`IoError(Os { code: N, kind: K, message: "..." })`,
# earlier). Whatever the errno, the checkpoint was not written; a full
# disk or an EIO, EROFS, ESTALE, EDQUOT text goes to io.no_space and
# io.error first (their priority is higher).
name:     io.safetensors_write
kind:     io.error
severity: error
priority: -4
literal:  Error while serializ
regex:    Error while serializing: (?:I/O error:(?: (?<error>.+?) \(os error (?<errno>\d+)\))?|IoError\(Os \{ code: (?<errno>\d+), kind:(?: \w+, message: "(?<error>[^"]*)")?)
type:     errno=int
doc:      A safetensors checkpoint could not be written: the file system refused the write (an operation a FUSE or network mount does not support, a full disk or quota, a file locked by another process, a path too long or missing).
# ms-swift saving to a FUSE mount, the message wrapped by the poster (safetensors/safetensors#842, dev half)
example:  Error while serializing: I/O error:
# a Windows fine-tuning guide's record of a failed upload (a file still mapped), found with find_string
example:  ❌ Model yükleme hatası: Error while serializing: I/O error: İstenen işlem, kullanıcıya eşleşmiş bölümü açık olan bir dosyada yürütülemez. (os error 1224)
expect:   errno=1224
# a run log's note of a save that failed on a path too long for Windows, found with find_string
example:  `SafetensorError: Error while serializing: I/O error: specified path
# save_pretrained on a Lustre mount, the Debug form wrapped in a run log's notes (find_string)
example:     `safetensors_rust.SafetensorError: Error while serializing: IoError(Os { code: 14, kind:
expect:   errno=14
not:      safetensors_rust.SafetensorError: Error while deserializing header: HeaderTooLarge

# torch.load of a checkpoint whose zip archive is cut short: the save was
# interrupted (a full disk, a killed job) or the copy or download is
# incomplete. A resumed run dies on it at start-up.
name:     io.checkpoint_read_failed
kind:     io.error
severity: error
literal:  PytorchStreamReader failed reading zip archive
regex:    PytorchStreamReader failed reading zip archive: (?<error>failed finding central directory)
doc:      torch.load could not read the checkpoint's zip archive: the file is truncated (a save interrupted by a full disk or a killed job, an incomplete copy or download). Delete it and resume from the previous checkpoint, or fetch it again.
# torch >= 1.6 (kohya-ss/sd-scripts#1245 resuming, sml2h3/dddd_trainer#36 after a full disk)
example:  RuntimeError: PytorchStreamReader failed reading zip archive: failed finding central directory
expect:   error=failed finding central directory
# torch 1.6-1.8 with the enforce prefix (open-mmlab/mmdetection#4835, resuming)
example:  RuntimeError: [enforce fail at inline_container.cc:144] . PytorchStreamReader failed reading zip archive: failed finding central directory
expect:   error=failed finding central directory
not:      RuntimeError: [enforce fail at inline_container.cc:588] . PytorchStreamWriter failed writing file data/12: file write failed

# A checkpoint's directory moved or gone under the writer. The transformers
# Trainer (4.36-4.37) saves into a staging `tmp-checkpoint-N` and renames
# it; with several processes saving to one shared directory, one renames or
# removes it while another still writes or renames, and the save fails with
# the rename's error (both paths quoted) or torch.save's missing parent.
name:     io.checkpoint_dir_gone
kind:     io.error
severity: error
literal:  tmp-checkpoint-
literal:  Parent directory 
regex:    (?:\[Errno (?<errno>2|17|39)\] (?<error>No such file or directory|File exists|Directory not empty): '(?<path>[^']*tmp-checkpoint-[^']*)' -> '|(?<error>Parent directory) (?<path>\S+) does not exist\.)
type:     errno=int
doc:      A checkpoint save failed because its directory was renamed or removed while it was written: several processes saving to one shared directory (save only on the main process, or a transformers release with the staging fix), or the directory deleted during the run.
# modelscope/ms-swift#3031 (rank 3's os.renames in Trainer._save_checkpoint)
example:  [rank3]: OSError: [Errno 39] Directory not empty: '/root/paddlejob/workspace/ms-swift/output/v5-20250208-084624/tmp-checkpoint-djiermq4' -> '/root/paddlejob/workspace/zhangfan52/ms-swift/output/v5-20250208-084624/checkpoint-100'
expect:   errno=39
expect:   error=Directory not empty
# hiyouga/LLaMA-Factory#1860 (interleaved ranks: the message apart from its type)
example:  : [Errno 2] No such file or directory: 'saves/Yi-34B/lora/RL_Med_Yi-34B-200K_20231211142535/tmp-checkpoint-1000' -> 'saves/Yi-34B/lo
expect:   path=saves/Yi-34B/lora/RL_Med_Yi-34B-200K_20231211142535/tmp-checkpoint-1000
# GritLM's README: torch.save of an FSDP optimizer into the staging directory (find_string)
example:  537 RuntimeError: Parent directory /data/niklas/gritlm/gritlm_mist_sq2048_medibgetuluv2_tuluformat_8nodes_oldtracc/tmp-checkpoint-500 does not exist.
expect:   error=Parent directory
expect:   path=/data/niklas/gritlm/gritlm_mist_sq2048_medibgetuluv2_tuluformat_8nodes_oldtracc/tmp-checkpoint-500
not:      [INFO|trainer.py:2936] 2024-02-16 00:05:59,111 >> Saving model checkpoint to saves/InternLM-7B/lora/train_2024-02-15-23-26-12/tmp-checkpoint-100
