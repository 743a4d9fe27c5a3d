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

name:     io.error
kind:     io.error
severity: error
literal:  Input/output error
literal:  Read-only file system
literal:  Stale file handle
literal:  Disk quota exceeded
priority: -3
regex:    ^(?!.*NCCL (?:WARN|INFO))(?:.*?(?:'(?<path>/[^']+)'|(?<path>/[^\s:']+)):\s+)?.*?(?<error>Input/output error|Read-only file system|Stale file handle|Disk quota exceeded)
doc:      Storage failure reported by a tool or library: EIO, read-only remount, stale NFS handle, quota.
# version: GNU coreutils messages
example:  cp: cannot create regular file '/checkpoints/run7/latest/model.pt': Read-only file system
expect:   path=/checkpoints/run7/latest/model.pt
expect:   error=Read-only file system
example:  ls: cannot access '/mnt/nfs/datasets/imagenet': Stale file handle
expect:   error=Stale file handle
not:      node3:123:456 [0] misc/ibvwrap.cc:183 NCCL WARN Call to ibv_reg_mr failed with error Input/output error

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
