# Memory exhaustion: PyTorch caching-allocator OOM (GPU), cuBLAS/cuDNN/CUDA
# allocation failures, and the Linux kernel OOM killer (host memory).
# Formats: the examples below are real lines from PyTorch, cuBLAS and kernel logs.
# Sizes (`<S>`) are torch's format_size: `<n> bytes`, `%.2f KiB|MiB|GiB`
# (binary, two decimals; `1024.00 MiB` is legal). Kernel sizes are `<n>kB`
# (KiB). All regexes are unanchored: the class prefix (`RuntimeError:`,
# `torch.cuda.OutOfMemoryError:`, `torch.OutOfMemoryError:`) varies by version.

# torch 2.1+ (2.1 has the `capacty` typo), newest builds without the `CUDA`
# prefix, and Intel XPU (which omits proc_info, and in early versions also
# `of which ... is free`). `reserved` is not printed in this form:
# reserved = allocated + reserved_unallocated.
name:     mem.cuda_oom
kind:     mem.cuda_oom
severity: error
priority: 10
literal:  out of memory. Tried to allocate
literal:  Out of memory. Tried to allocate
regex:    (?x) [Oo]ut\ of\ memory\.\ Tried\ to\ allocate\ (?<requested>\d+(?:\.\d+)?\ (?:bytes|[KMGT]iB))
            [.,]\ GPU\ (?<gpu>\d+)\ has\ a\ total\ capac(?:i)?ty\ of\ (?<total>\d+(?:\.\d+)?\ (?:bytes|[KMGT]iB))
            (?:\ of\ which\ (?<free>\d+(?:\.\d+)?\ (?:bytes|[KMGT]iB))\ is\ free)?
            (?:.*?this\ process\ has\ (?<process_in_use>\d+(?:\.\d+)?\ (?:bytes|[KMGT]iB))\ memory\ in\ use)?
            (?:.*?\ (?<allowed>\d+(?:\.\d+)?\ (?:bytes|[KMGT]iB))\ allowed;)?
            (?:.*?Of\ the\ allocated\ memory\ (?<allocated>\d+(?:\.\d+)?\ (?:bytes|[KMGT]iB))\ is\ allocated\ by\ PyTorch,
               (?:\ with\ (?<private_pools>\d+(?:\.\d+)?\ (?:bytes|[KMGT]iB))\ allocated\ in\ private\ pools\ \(e\.g\.,\ CUDA\ Graphs\),)?
               \ and\ (?<reserved_unallocated>\d+(?:\.\d+)?\ (?:bytes|[KMGT]iB))\ is\ reserved\ by\ PyTorch\ but\ unallocated)?
type:     requested=size gpu=int total=size free=size process_in_use=size allowed=size allocated=size private_pools=size reserved_unallocated=size
doc:      PyTorch's caching allocator could not satisfy a request on GPU <gpu>; compare requested with free and reserved_unallocated (fragmentation: set PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True) and look for other processes holding memory
# real, torch >= 2.5 with the torch.excepthook [rankN]: prefix (train-053)
example:  [rank2]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.91 GiB. GPU 2 has a total capacity of 14.61 GiB of which 1.99 GiB is free. Including non-PyTorch memory, this process has 12.62 GiB memory in use. Of the allocated memory 8.50 GiB is allocated by PyTorch, and 3.96 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_
expect:   requested=3.91 GiB
expect:   gpu=2
expect:   total=14.61 GiB
expect:   free=1.99 GiB
expect:   process_in_use=12.62 GiB
expect:   allocated=8.50 GiB
expect:   reserved_unallocated=3.96 GiB
# torch 2.1 exactly (`capacty` typo, other process listed first); built per formats-training.md 1.1
example:  torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB. GPU 0 has a total capacty of 23.65 GiB of which 3.06 MiB is free. Process 38310 has 1.23 GiB memory in use. Including non-PyTorch memory, this process has 22.41 GiB memory in use. Of the allocated memory 21.85 GiB is allocated by PyTorch, and 114.29 MiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting max_split_size_mb to avoid fragmentation.  See documentation for Memory Management and PYTORCH_CUDA_ALLOC_CONF
expect:   requested=20.00 MiB
expect:   total=23.65 GiB
expect:   free=3.06 MiB
expect:   process_in_use=22.41 GiB
expect:   reserved_unallocated=114.29 MiB
# torch 2.2-2.4 with set_per_process_memory_fraction (`allowed`) and `0 bytes free`; built per 1.1
example:  torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 3 has a total capacity of 79.15 GiB of which 0 bytes is free. Including non-PyTorch memory, this process has 79.14 GiB memory in use. 40.00 GiB allowed; Of the allocated memory 38.12 GiB is allocated by PyTorch, and 1.02 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)
expect:   free=0 bytes
expect:   allowed=40.00 GiB
expect:   gpu=3
# newest builds: no `CUDA` prefix, CUDA-graph private pools; built per 1.1 (2025-2026 allocator text)
example:  torch.OutOfMemoryError: Out of memory. Tried to allocate 1024.00 MiB. GPU 0 has a total capacity of 139.81 GiB of which 88.44 MiB is free. Including non-PyTorch memory, this process has 139.71 GiB memory in use. Of the allocated memory 131.50 GiB is allocated by PyTorch, with 6.00 GiB allocated in private pools (e.g., CUDA Graphs), and 2.13 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://docs.pytorch.org/docs/stable/notes/cuda.html#optimizing-memory-usage-with-pytorch-cuda-alloc-conf)
expect:   requested=1024.00 MiB
expect:   private_pools=6.00 GiB
expect:   allocated=131.50 GiB
expect:   reserved_unallocated=2.13 GiB
# Intel XPU (torch 2.5+ XPUCachingAllocator: no proc_info); built per the allocator text
example:  torch.OutOfMemoryError: XPU out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 64.00 GiB of which 1.50 GiB is free. Of the allocated memory 58.00 GiB is allocated by PyTorch, and 3.20 GiB is reserved by PyTorch but unallocated. Please use `empty_cache` to release all unoccupied cached memory.
expect:   total=64.00 GiB
expect:   allocated=58.00 GiB
not:      RuntimeError: CUDA out of memory. Tried to allocate 20.00 MiB (GPU 0; 10.76 GiB total capacity; 9.61 GiB already allocated; 17.19 MiB free; 9.77 GiB reserved in total by PyTorch)
not:      torch.cuda.OutOfMemoryError: CUDA out of memory.

# torch <= 2.0 (`reserved in total by PyTorch`, 1.4-2.0; `cached`, 1.0-1.3;
# optional `allowed` 1.10-2.0), Ascend NPU (`current active` field) and old
# IPEX XPU (no `free`). The `(GPU n; ...)` parenthesis may be cut by re-wrapping,
# so every field after `total capacity` is optional.
name:     mem.cuda_oom.legacy
kind:     mem.cuda_oom
severity: error
priority: 10
literal:  out of memory. Tried to allocate
regex:    (?x) out\ of\ memory\.\ Tried\ to\ allocate\ (?<requested>\d+(?:\.\d+)?\ (?:bytes|[KMGT]iB))
            \ \([A-Z]+\ (?<gpu>\d+);\ (?<total>\d+(?:\.\d+)?\ (?:bytes|[KMGT]iB))\ total\ capacity;
            (?:\ (?<allocated>\d+(?:\.\d+)?\ (?:bytes|[KMGT]iB))\ already\ allocated;)?
            (?:\ \d+(?:\.\d+)?\ (?:bytes|[KMGT]iB)\ current\ active;)?
            (?:\ (?<free>\d+(?:\.\d+)?\ (?:bytes|[KMGT]iB))\ free;)?
            (?:\ (?<allowed>\d+(?:\.\d+)?\ (?:bytes|[KMGT]iB))\ allowed;)?
            (?:\ (?<reserved>\d+(?:\.\d+)?\ (?:bytes|[KMGT]iB))\ (?:reserved\ in\ total\ by\ PyTorch|cached)\))?
type:     requested=size gpu=int total=size allocated=size free=size allowed=size reserved=size
doc:      PyTorch (<= 2.0 format) could not allocate on GPU <gpu>; reserved >> allocated means fragmentation (max_split_size_mb), otherwise the batch or model does not fit
# torch ~1.4-1.9, built per formats-training.md 1.1
example:  RuntimeError: CUDA out of memory. Tried to allocate 20.00 MiB (GPU 0; 10.76 GiB total capacity; 9.61 GiB already allocated; 17.19 MiB free; 9.77 GiB reserved in total by PyTorch)
expect:   requested=20.00 MiB
expect:   gpu=0
expect:   total=10.76 GiB
expect:   allocated=9.61 GiB
expect:   free=17.19 MiB
expect:   reserved=9.77 GiB
# torch ~1.0-1.3 (`cached`), per 1.1
example:  RuntimeError: CUDA out of memory. Tried to allocate 20.00 MiB (GPU 0; 10.92 GiB total capacity; 10.10 GiB already allocated; 13.38 MiB free; 239.99 MiB cached)
expect:   reserved=239.99 MiB
# torch 1.13 with per-process memory fraction, per 1.1
example:  torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 512.00 MiB (GPU 1; 39.59 GiB total capacity; 17.43 GiB already allocated; 20.59 GiB free; 19.80 GiB allowed; 18.02 GiB reserved in total by PyTorch) If reserved memory is >> allocated memory try setting max_split_size_mb to avoid fragmentation.  See documentation for Memory Management and PYTORCH_CUDA_ALLOC_CONF
expect:   allowed=19.80 GiB
expect:   reserved=18.02 GiB
expect:   gpu=1
# Ascend torch_npu (vllm-ascend FAQ)
example:  RuntimeError: NPU out of memory. Tried to allocate 260.00 MiB (NPU 0; 28.50 GiB total capacity; 10.24 GiB already allocated; 10.24 GiB current active; 149.57 MiB free; 10.28 GiB reserved in total by PyTorch)
expect:   free=149.57 MiB
expect:   reserved=10.28 GiB
not:      torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.91 GiB. GPU 2 has a total capacity of 14.61 GiB of which 1.99 GiB is free.

# The OOM headline without its details: re-wrapped pastes, or the class name
# alone (`torch.cuda.OutOfMemoryError: CUDA out of memory.` then a new line).
# PyTorch's caching allocator warning that a cudaMalloc failed for want
# of memory (CUDACachingAllocator.cpp, torch 2.8+): printed before the
# allocator frees its cache and retries, so the OutOfMemoryError may
# follow or may not. It supports an OOM; alone it is not the failure.
name:     mem.cuda_oom.allocator_warning
kind:     mem.cuda_oom_warning
severity: warning
literal:  memory allocation failed with OOM on device
regex:    memory allocation failed with OOM on device (?<gpu>\d+) while trying to allocate (?<requested>\d+) bytes \(free: (?<free>\d+), total: (?<total>\d+)\)
type:     gpu=int requested=int free=int total=int
doc:      PyTorch's caching allocator could not get this much GPU memory from CUDA; it retries after freeing its cache, and raises OutOfMemoryError if that fails too.
# a GRPO run of minimind (jingyaogong/minimind#845, dev half)
example:  [W906 15:02:06.204334026 CUDACachingAllocator.cpp:3934] memory allocation failed with OOM on device 0 while trying to allocate 1000341504 bytes (free: 916848640, total: 25243287552).
expect:   gpu=0
expect:   requested=1000341504
expect:   free=916848640
# a serving stack's rank prefix, a project's notes quoting it (find_string)
example:  [rank0]:[W922 05:15:28] memory allocation failed with OOM on device 0 while trying to allocate 3630170112 bytes (free: 202833920, total: 25250627584).
expect:   total=25250627584
not:      torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.91 GiB. GPU 2 has a total capacity of 14.61 GiB of which 1.99 GiB is free.

name:     mem.cuda_oom.bare
kind:     mem.cuda_oom
severity: error
priority: -1
literal:  out of memory
literal:  OutOfMemoryError
regex:    (?:\b(?:CUDA|XPU|NPU|HIP|MPS) out of memory\b|\btorch\.(?:cuda\.)?OutOfMemoryError\b)
doc:      a PyTorch out-of-memory error whose details are on another line
example:  torch.cuda.OutOfMemoryError: CUDA out of memory.
example:  RuntimeError: CUDA out of memory.
not:      RuntimeError: CUDA error: out of memory
not:      [441280.839852] Out of memory: Killed process 698405 (python) total-vm:49978204kB, anon-rss:12918388kB, file-rss:68668kB, shmem-rss:53352kB, UID:1000 pgtables:49772kB oom_score_adj:0

# TensorFlow's GPU allocator (`GPU_<n>_bfc`) could not place a tensor: the
# kernel's warning (`OP_REQUIRES failed at <op> : RESOURCE_EXHAUSTED: OOM
# when allocating tensor ...`), then the same text in ResourceExhaustedError,
# TF 1.x's `(see above for traceback)` and TF 2's `(0) Resource exhausted:`
# root errors. A tensor the CPU allocator could not place (`device:CPU:0 by
# allocator cpu`) is host memory, not this.
name:     mem.tf_oom
kind:     mem.cuda_oom
severity: error
priority: 10
literal:  OOM when allocating tensor
regex:    \bOOM when allocating tensor with shape ?\[(?<shape>[^\]]*)\](?!.*device:CPU)(?: and type (?<dtype>\w+))?(?:.*?/device:GPU:(?<gpu>\d+))?
type:     gpu=int
doc:      TensorFlow could not allocate a tensor on GPU <gpu> (its BFC allocator was full): a batch, an activation or the model does not fit; reduce the batch size
# tensorflow/tensorflow#54285 (dev half): the kernel's warning
example:  2022-03-11 16:42:26.916684: W tensorflow/core/framework/op_kernel.cc:1745] OP_REQUIRES failed at conv_grad_input_ops.cc:408 : RESOURCE_EXHAUSTED: OOM when allocating tensor with shape[128,256,28,28] and type float on /job:localhost/replica:0/task:0/device:GPU:0 by allocator GPU_0_bfc
expect:   shape=128,256,28,28
expect:   dtype=float
expect:   gpu=0
# keras-team/keras#9643 (a multi-GPU model's second replica)
example:  ResourceExhaustedError: OOM when allocating tensor with shape[128,128,109,109] and type float on /job:localhost/replica:0/task:0/device:GPU:1 by allocator GPU_1_bfc
expect:   gpu=1
# Azure/MachineLearningNotebooks#880 (TF 1.15's root errors)
example:    (0) Resource exhausted: OOM when allocating tensor with shape[16,112,112,147] and type float on /job:localhost/replica:0/task:0/device:GPU:0 by allocator GPU_0_bfc
expect:   shape=16,112,112,147
# santi-pdp/segan#42 (TF 1.x, no type and device)
example:  ResourceExhaustedError (see above for traceback): OOM when allocating tensor with shape[100,4096,32]
expect:   shape=100,4096,32
# tensorflow/tensorflow#45238: the CPU allocator's (host memory)
not:      2020-11-28 09:40:14.792808: W tensorflow/core/framework/op_kernel.cc:1763] OP_REQUIRES failed at image_resizer_state.h:142 : Resource exhausted: OOM when allocating tensor with shape[1,416,416,3] and type float on /job:localhost/replica:0/task:0/device:CPU:0 by allocator cpu

# TensorFlow's and XLA's BFC allocator when an allocation on a GPU fails:
# `Allocator (GPU_<n>_bfc) ran out of memory trying to allocate <size>
# (rounded to <bytes>)requested by op <op>`, then its `Current allocation
# summary follows.` dump (TF 2.x, and JAX through XLA's tsl copy:
# dattalab/keypoint-moseq#236 and openpi-577, dev half; many committed TF
# notebooks). The same allocator's `... with freed_by_count=0. The caller
# indicates that this is not a failure` is a retry that went on, not this
# (captcha_trainer-16 and xla-3162, dev half, below).
name:     mem.bfc_oom
kind:     mem.cuda_oom
severity: error
priority: 10
literal:  ran out of memory trying to allocate
regex:    Allocator \(GPU_(?<gpu>\d+)_bfc\) ran out of memory trying to allocate (?<requested>\d+(?:\.\d+)?[KMGT]?i?B) \(rounded to \d+\)\s*requested by op
type:     gpu=int requested=size
doc:      A GPU allocation failed in TensorFlow's or XLA's BFC allocator (JAX included): the batch, an activation or the model does not fit; reduce the per-device batch, rematerialise (jax.checkpoint), or shard parameters and optimizer state
example:  2025-08-05 12:33:53.958194: W external/xla/xla/tsl/framework/bfc_allocator.cc:501] Allocator (GPU_2_bfc) ran out of memory trying to allocate 91.27GiB (rounded to 98000028160)requested by op 
expect:   gpu=2
expect:   requested=91.27GiB
example:  2024-07-12 14:20:01.744246: W tensorflow/tsl/framework/bfc_allocator.cc:485] Allocator (GPU_0_bfc) ran out of memory trying to allocate 488.28MiB (rounded to 512000000)requested by op dual_encoder_all/model_1/conv2d_17/Relu_1
expect:   gpu=0
not:       W T:\src\github\tensorflow\tensorflow\core\common_runtime\bfc_allocator.cc:219] Allocator (GPU_0_bfc) ran out of memory trying to allocate 538.33MiB. The caller indicates that this is not a failure, but may mean that there could be performance gains if more memory were available.
not:      2021-10-12 20:59:07.363398: W tensorflow/core/common_runtime/bfc_allocator.cc:272] Allocator (GPU_0_bfc) ran out of memory trying to allocate 16.31MiB with freed_by_count=0. The caller indicates that this is not a failure, but may mean that there could be performance gains if more memory were available.

# XLA:TPU out of the accelerator's memory (HBM): at run time the program's
# buffers cannot be reserved (`Attempting to reserve 10.51G at the bottom
# of memory. That was not possible.`) or one buffer cannot be allocated
# (`Error allocating device buffer: Attempting to allocate 196.00M. That
# was not possible.`, error_0100; no prefix in the 2020 runtime), at compile time the program needs
# more than the chip has (`Ran out of memory in memory space hbm. Used
# 9.08G of 7.48G hbm.`). The TPU runtime is closed source; the forms are
# openxla's error docs (error_0101, error_1000) and what PyTorch/XLA
# (huggingface/transformers#22328, dev half) and JAX
# (sokrypton/ColabFold#62, LargeWorldModel/LWM#60) printed; TF 1.x's
# TPUEstimator reports the compile-time form as a `Compilation failure:`
# (tensorflow/tensor2tensor#1382, dev half; a TPU pod's run log and
# KoboldAI's error table word it so too).
name:     mem.xla_tpu_oom
kind:     mem.cuda_oom
severity: error
priority: 10
literal:  Attempting to reserve 
literal:  Attempting to allocate 
literal:  Ran out of memory in memory space hbm
regex:    \b(?:RESOURCE_EXHAUSTED|Resource exhausted|Compilation failure): (?:.*?: )?(?:Attempting to reserve (?<requested>\d+(?:\.\d+)?[KMGT]?) at the bottom of memory|Attempting to allocate (?<requested>\d+(?:\.\d+)?[KMGT]?)\. That was not possible|(?:XLA:TPU compile permanent error\. )?Ran out of memory in memory space hbm\. Used (?<requested>\d+(?:\.\d+)?[KMGT]?) of \S+ hbm)
type:     requested=size
doc:      XLA could not fit the program in the TPU's memory (HBM): a smaller per-device batch, rematerialisation (gradient checkpointing, jax.checkpoint), sharding parameters and optimizer state over more chips (FSDP), or a TPU with more HBM
# PyTorch/XLA FSDP on a v3-8, through the XRT client's log
example:  2023-03-23 02:02:25.057202: E tensorflow/compiler/xla/xla_client/xla_util.cc:90]   OP_REQUIRES failed at tpu_execute_op.cc:266 : RESOURCE_EXHAUSTED: Attempting to reserve 10.51G at the bottom of memory. That was not possible. There are 8.97G free, 0B reserved, and 8.97G reservable.
expect:   requested=10.51G
example:  UnfilteredStackTrace: RuntimeError: RESOURCE_EXHAUSTED: Ran out of memory in memory space hbm. Used 9.08G of 7.48G hbm. Exceeded hbm capacity by 1.60G.
expect:   requested=9.08G
example:  jaxlib.xla_extension.XlaRuntimeError: RESOURCE_EXHAUSTED: XLA:TPU compile permanent error. Ran out of memory in memory space hbm. Used 21.95G of 15.48G hbm.
expect:   requested=21.95G
example:  INFO:tensorflow:Error recorded from training_loop: Compilation failure: Ran out of memory in memory space hbm. Used 8.83G of 8.00G hbm. Exceeded hbm capacity by 848.88M.
expect:   requested=8.83G
not:      INFO:tensorflow:Error recorded from training_loop: Compilation failure: Ran out of memory in memory space vmem. It should not be possible to run out of vmem - please file a bug against XLA.
# one device buffer: PyTorch/XLA on a v4 pod (pytorch/xla#8020, dev half), on Colab (googlecolab/colabtools#5126)
example:  RuntimeError: Bad StatusOr access: RESOURCE_EXHAUSTED: Error allocating device buffer: Attempting to allocate 196.00M. That was not possible. There are 134.44M free.; (1x0x0_HBM0): while running replica 0 and partition 0 of a replicated computation (other replicas may have failed as well).
expect:   requested=196.00M
example:  RuntimeError: Bad StatusOr access: RESOURCE_EXHAUSTED: Error allocating device buffer: Attempting to allocate 129.50M. That was not possible. There are 78.17M free.; (0x0x0_HBM0)
expect:   requested=129.50M
# the 2020 runtime under fairseq on a v2-32, as xla_dist prefixed it (pytorch/xla#2569)
example:  2020-10-22 02:48:58 10.128.0.33 [3]   (1) Resource exhausted: Attempting to allocate 180.59M. That was not possible. There are 142.58M free.; (0x3x0_HBM1)
expect:   requested=180.59M
# the XRT client's header line of the same failure: its cause is on the line after it
not:      Exception in device=TPU:6: RESOURCE_EXHAUSTED: From /job:localservice/replica:0/task:0:

# XLA's GPU allocator (JAX; TensorFlow's XLA path) could not place a
# buffer: `RESOURCE_EXHAUSTED: Out of memory while trying to allocate N
# bytes.` in an XlaRuntimeError (`Resource exhausted:` before the status
# codes were upper-cased; `Out of memory allocating N bytes` in some
# releases; its BFC allocator's `Failed to allocate request for 32.00MiB
# (33554432B) on device ordinal 0`). XLA:TPU words its own (`Ran out of
# memory in memory space`).
name:     mem.xla_oom
kind:     mem.cuda_oom
severity: error
priority: 10
literal:  Out of memory while trying to allocate
literal:  Out of memory allocating
literal:  Failed to allocate request for 
regex:    \b(?:RESOURCE_EXHAUSTED|Resource exhausted): (?:Out of memory (?:while trying to )?allocat(?:e|ing) (?<requested>\d+ bytes)|Failed to allocate request for (?<requested>\d+(?:\.\d+)?[KMGT]iB) \(\d+B\) on device ordinal \d+)
type:     requested=size
doc:      XLA (JAX) could not allocate a buffer on the GPU: the step's arrays do not fit (a smaller batch, rematerialisation with jax.checkpoint, sharding the state); XLA_PYTHON_CLIENT_MEM_FRACTION and preallocation set how much it may take
# patrickbryant1/AFProfile#8
example:  jaxlib.xla_extension.XlaRuntimeError: RESOURCE_EXHAUSTED: Out of memory while trying to allocate 4770354232 bytes.
expect:   requested=4770354232 bytes
# sokrypton/ColabFold#65 (jax before XlaRuntimeError)
example:  RuntimeError: RESOURCE_EXHAUSTED: Out of memory while trying to allocate 14285187448 bytes.
expect:   requested=14285187448 bytes
# google-deepmind/alphafold#197 (older status text)
example:  RuntimeError: Resource exhausted: Out of memory while trying to allocate 12582912 bytes.
# onpix/LLNeRF#9
example:  jaxlib.xla_extension.XlaRuntimeError: RESOURCE_EXHAUSTED: Out of memory allocating 20029400304 bytes.
expect:   requested=20029400304 bytes
# the BFC allocator's words: a GPT-J model's sharded init on an 8 GiB GPU
# (kingoflolz/mesh-transformer-jax#90; #66 in the dev half) and a
# DP-SGD trainer's step (google-deepmind/jax_privacy#10)
example:  2021-08-12 10:19:56.549710: E external/org_tensorflow/tensorflow/compiler/xla/pjrt/pjrt_stream_executor_client.cc:1981] Execution of replica 0 failed: Resource exhausted: Failed to allocate request for 128.00MiB (134217728B) on device ordinal 0
expect:   requested=128.00MiB
example:  Original error: RESOURCE_EXHAUSTED: Failed to allocate request for 176.00MiB (184549376B) on device ordinal 0
not:      RuntimeError: Bad StatusOr access: RESOURCE_EXHAUSTED: XLA:TPU compile permanent error. Ran out of memory in memory space vmem.

# PaddlePaddle's GPU allocator: `Out of memory error on GPU N. Cannot
# allocate X memory on GPU N, Y memory has been allocated and available
# memory is only Z.` (2.x; 1.x left out what was allocated), in its
# `ResourceExhaustedError` summary. Sizes are printed `%f` + unit.
name:     mem.paddle_oom
kind:     mem.cuda_oom
severity: error
priority: 10
literal:  Out of memory error on GPU
regex:    \bOut of memory error on GPU (?<gpu>\d+)\.(?: Cannot allocate (?<requested>\d+(?:\.\d+)?[KMGT]?B) memory on GPU \d+, (?:(?<allocated>\d+(?:\.\d+)?[KMGT]?B) memory has been allocated and )?available memory is only (?<free>\d+(?:\.\d+)?[KMGT]?B))?
type:     gpu=int requested=size allocated=size free=size
doc:      PaddlePaddle could not allocate on GPU <gpu>: another process holds the GPU, or the batch does not fit (its own advice: stop the other process, or lower the batch size)
# PaddlePaddle/PaddleNLP#7312 (dev half)
example:  Out of memory error on GPU 0. Cannot allocate 172.000000MB memory on GPU 0, 23.486572GB memory has been allocated and available memory is only 167.062500MB.
expect:   gpu=0
expect:   requested=172.000000MB
expect:   allocated=23.486572GB
expect:   free=167.062500MB
# PaddlePaddle/PaddleOCR#645 (1.x: no allocated part)
example:  Out of memory error on GPU 0. Cannot allocate 3.125000GB memory on GPU 0, available memory is only 117.750000MB.
expect:   requested=3.125000GB
expect:   free=117.750000MB
# PaddlePaddle/PaddleGAN#587 (the summary pasted on one line)
example:  ``Out of memory error on GPU 0. Cannot allocate 3.621826GB memory on GPU 0, 21.184814GB memory has been allocated and available memory is only 2.814575GB. Please check whether there is any other process using GPU 0. 1. If yes, please stop them, or start PaddlePaddle on another GPU. 2. If no, please decrease the batch size of your model.``
expect:   allocated=21.184814GB
# the summary's title line alone is not the error's text
not:      ResourceExhaustedError: 
not:      Please check whether there is any other process using GPU 0.

# HAMi-core, which shares a GPU between Kubernetes pods, refusing an
# allocation past the pod's GPU memory limit before CUDA sees it; CUDA
# then reports the refusal as an unrecognized error.
name:     mem.vgpu_oom
kind:     mem.cuda_oom
severity: error
literal:  HAMI-core ERROR
literal:  4pdvGPU ERROR
regex:    \[(?:HAMI-core|4pdvGPU) ERROR \(pid:\d+ thread=\d+ allocator\.c:\d+\)\]: Device (?<gpu>\d+) OOM (?<wanted>\d+) / (?<limit>\d+)
type:     gpu=int wanted=int limit=int
doc:      HAMi-core (earlier 4paradigm's vGPU library), which shares a GPU between Kubernetes pods, refused an allocation past the pod's GPU memory limit: the CUDA error that follows is its refusal. A smaller micro batch or activation checkpointing, or a larger memory limit for the pod (nvidia.com/gpumem)
# a pod's training step on a HAMi vGPU, then `CUDA error: unrecognized error code` (Project-HAMi/HAMi#662, dev half)
example:  [HAMI-core ERROR (pid:30 thread=140382094939712 allocator.c:53)]: Device 0 OOM 3171158016 / 3145728000
expect:   gpu=0
expect:   wanted=3171158016
expect:   limit=3145728000
# the same library under its earlier name, a tensor moved to the GPU (find_string: a repository's notes)
example:  [4pdvGPU ERROR (pid:8 thread=139937750087232 allocator.c:53)]: Device 0 OOM 1559232512 / 1048576000
expect:   limit=1048576000
not:      [HAMI-core Msg(30:140387636202368:libvgpu.c:855)]: Initialized

# Device memory of the accelerators PyTorch reaches through plug-ins:
# Intel Gaudi's bridge (`FATAL ERROR :: MODULE:PT_DEVMEM Allocation failed
# for size::N (M)MB`, and its synapse helper's `MODULE:SYNHELPER workspace
# Allocation of size ::N failed!`), and Intel GPUs under SYCL's Level Zero
# backend (`UR_RESULT_ERROR_OUT_OF_DEVICE_MEMORY`, error 39). accelerate's
# own check for an out-of-memory exception names the Gaudi and XPU forms
# (find_string: its memory utilities). Huawei Ascend's CANN runtime says
# its driver's out of memory after the call that failed
# (`rtMalloc execute failed, reason=[driver error:out of memory]`, also
# rtMallocPhysical's and a task launch's: hiyouga/LlamaFactory#5322, dev
# half; CANN's own troubleshooting pages and MindSpore training logs).
name:     mem.accel_device_oom
kind:     mem.cuda_oom
severity: error
literal:  MODULE:PT_DEVMEM Allocation failed
literal:  MODULE:SYNHELPER workspace Allocation of size
literal:  _OUT_OF_DEVICE_MEMORY
literal:  reason=[driver error:out of memory]
regex:    \bFATAL ERROR :: MODULE:(?:PT_DEVMEM Allocation failed for size::?(?<requested>\d+)|SYNHELPER workspace Allocation of size ::?(?<requested>\d+) failed)|\b(?<error>UR_RESULT_ERROR_OUT_OF_DEVICE_MEMORY)\b|\b(?<call>rt\w+) execute failed, reason=\[driver error:out of memory\]
type:     requested=int
doc:      an accelerator other than an NVIDIA GPU ran out of device memory (Intel Gaudi's HBM, an Intel GPU under Level Zero, an Ascend NPU): a smaller micro batch, activation checkpointing, more tensor parallelism or sharding, as for a CUDA OOM
# a face-recognition trainer's backward on Gaudi (HabanaAI/Model-References#10, dev half)
example:  RuntimeError: FATAL ERROR :: MODULE:SYNHELPER workspace Allocation of size ::14493510400 failed!
expect:   requested=14493510400
# vLLM on Gaudi with a model too large for its cards, as HabanaAI's READMEs quote it (find_string: several of its repositories)
example:  RuntimeError: [Rank:0] FATAL ERROR :: MODULE:PT_DEVMEM Allocation failed for size::939524096 (896)MB
expect:   requested=939524096
# an Intel XPU training step (open-edge-platform/physical-ai-studio#440, dev half), and a SYCL memcpy on an Arc GPU (find_string: a project's notes)
example:  level_zero backend failed with error: 39 (UR_RESULT_ERROR_OUT_OF_DEVICE_MEMORY)
expect:   error=UR_RESULT_ERROR_OUT_OF_DEVICE_MEMORY
example:  strata/sycl: memcpy failed: level_zero backend failed with error: 39 (UR_RESULT_ERROR_OUT_OF_DEVICE_MEMORY)
# Ascend NPUs: a task launch in torch_npu (LlamaFactory#5322, dev half) and rtMallocPhysical (CANN's troubleshooting page)
example:          rtFftsPlusTaskLaunch execute failed, reason=[driver error:out of memory][FUNC:FuncErrorReason][FILE:error_message_manage.cc][LINE:53]
expect:   call=rtFftsPlusTaskLaunch
example:  [ERROR] RUNTIME(4176881,python3.7):2024-06-29-16:19:28.521.947 [error_message_manage.cc:53]4176881 FuncErrorReason:[INIT][DEFAULT]rtMallocPhysical execute failed, reason=[driver error:out of memory]
expect:   call=rtMallocPhysical
not:      #define UR_RESULT_ERROR_OUT_OF_HOST_MEMORY 38
not:      PT_SYNHELPER_DEBUG("workspace Allocation of size is zero");

# cuBLAS handle/workspace allocation failed: no GPU memory left outside the
# caching allocator. library is captured as printed (upper case).
name:     mem.cublas_alloc_failed
kind:     mem.cuda_alloc_failed
severity: error
priority: 10
literal:  CUBLAS_STATUS_ALLOC_FAILED
regex:    (?<error>(?<library>CUBLAS)_STATUS_ALLOC_FAILED)(?: when calling `(?<call>[^`]*)`?)?
doc:      cuBLAS could not allocate its handle or workspace: the GPU is out of memory (reduce batch size / memory use)
example:  RuntimeError: CUDA error: CUBLAS_STATUS_ALLOC_FAILED when calling `cublasCreate(handle)`
expect:   library=CUBLAS
expect:   error=CUBLAS_STATUS_ALLOC_FAILED
expect:   call=cublasCreate(handle)
not:      RuntimeError: CUDA error: CUBLAS_STATUS_EXECUTION_FAILED when calling `cublasSgemm( handle, opa, opb, m, n, k, &alpha, a, lda, b, ldb, &beta, c, ldc)`

name:     mem.cudnn_alloc_failed
kind:     mem.cuda_alloc_failed
severity: error
priority: 10
literal:  CUDNN_STATUS_ALLOC_FAILED
regex:    (?<error>(?<library>CUDNN)_STATUS_ALLOC_FAILED)
doc:      cuDNN could not allocate workspace: the GPU is out of memory
example:  RuntimeError: cuDNN error: CUDNN_STATUS_ALLOC_FAILED
expect:   library=CUDNN
not:      RuntimeError: cuDNN error: CUDNN_STATUS_INTERNAL_ERROR

# cudaMalloc outside the caching allocator (CUDA context, NCCL buffers,
# workspaces) failed. NCCL's own `Cuda failure 'out of memory'` is nccl.cuda_failure.
# vLLM's CuMemAllocator (sleep mode: its wake_up re-maps the weights and the
# KV cache, as RL trainers do between rollouts) and hand-written CUDA
# checks print `CUDA Error: ... at <file>:<line>`, with a capital E. One
# literal for both cases: a second one, `Error: out of memory`, was
# anchored where tracebacks print `Error:` and cost the prefilter 0.2%.
name:     mem.cuda_error_oom
kind:     mem.cuda_alloc_failed
severity: error
priority: 10
literal:  rror: out of memory
regex:    \b(?<library>CUDA) (?:driver )?[Ee]rror: (?<error>out of memory)
doc:      a raw CUDA allocation failed (context creation, NCCL or library workspace): the GPU is out of memory, often because another process holds it
# torch >= 1.5 CUDA error text, per formats-training.md 1.2
example:  RuntimeError: CUDA error: out of memory
expect:   library=CUDA
expect:   error=out of memory
# vLLM's cumem allocator waking up under a Ray RL trainer (OpenRLHF/OpenRLHF#1050,
# dev half; the same line in EasyR1's and verl users' notes, find_string)
example:  (LLMRayActor pid=226426) ERROR 06-10 10:55:03 [core.py:459] RuntimeError: CUDA Error: out of memory at /workspace/csrc/cumem_allocator.cpp:62 [repeated 3x across cluster]
expect:   error=out of memory
example:  RuntimeError: CUDA Error: out of memory at /workspace/csrc/cumem_allocator.cpp:139
# a hand-written cudaCheckError macro (a CUDA course's notes, find_string)
example:  CUDA Error: out of memory at cudaRenderer.cu:743
not:      ins-7df6eojsifuykig9:3018451:3018451 [0] enqueue.cc:1085 NCCL WARN Cuda failure 'out of memory'
not:      RuntimeError: CUDA error: an illegal memory access was encountered

# vLLM measured what its model left of the GPU and found no room for a
# single KV-cache block (its engine's start-up check, both engines): the
# rollout or inference engine of an RL trainer, or a server, beside the
# training's own memory. vLLM's own advice names the knob; a caller's
# source line that raises it (a traceback's) is not the error.
name:     mem.vllm_no_kv_cache
kind:     mem.cuda_oom
severity: error
priority: 10
literal:  No available memory for the cache blocks
regex:    (?<![\w"'])ValueError: (?<error>No available memory for the cache blocks)\b
doc:      vLLM found no GPU memory left for its KV cache once the model was loaded: the GPU is shared (an RL trainer's actor and rollout on one device, another process), gpu_memory_utilization is too low for the model, or the model is too large for the GPU. Free the GPU (offload the actor during rollout), raise gpu_memory_utilization, shard the model (tensor parallel) or use a smaller or quantized one
# verl's PPO rollout worker, inside Ray's RayTaskError (johnson7788/RLDecisionAgent, dev half)
example:  ValueError: No available memory for the cache blocks. Try increasing `gpu_memory_utilization` when initializing the engine.
expect:   error=No available memory for the cache blocks
# an engineer's note of a failed speculative-decoding start (find_string)
example:  ValueError: No available memory for the cache blocks
# a serving tool's test of its own failure recognition (find_string): the
# message inside a string literal is code, not a log
not:      assert _is_memory_failure("ValueError: No available memory for the cache blocks.", 1)
not:          raise ValueError("No available memory for the cache blocks. "

# A raw CUDA allocation outside PyTorch failed, in a C++ library's words:
# a check macro around cudaMalloc (tiny-cuda-nn's `cudaMalloc(...) failed
# with error out of memory`, under instant-ngp and the NeRF codes built on
# it; dlib's `code: 2, reason: out of memory`), the runtime's status by
# name (Thrust's `parallel_for failed: cudaErrorMemoryAllocation: out of
# memory`, its bad_alloc; RAPIDS RMM's `out_of_memory: CUDA error at:`)
# or by number (Marian's `CUDA error 2 'out of memory'`), MXNet's pooled
# storage manager (`cudaMalloc failed: out of memory`).
name:     mem.cuda_malloc_failed
kind:     mem.cuda_alloc_failed
severity: error
priority: 10
literal:  cudaMalloc
literal:  cudaErrorMemoryAllocation: out of memory
literal:  CUDA error 2 'out of memory'
literal:  out_of_memory: CUDA error at: 
regex:    \b(?:(?<call>cudaMalloc\w*)\(.*?\) failed with error (?<error>out of memory)|cudaErrorMemoryAllocation: (?<error>out of memory)|CUDA error 2 '(?<error>out of memory)'|(?<call>cudaMalloc\w*)\(.*?\) in file \S+\. code: 2, reason: (?<error>out of memory)|(?<error>out_of_memory): CUDA error at: |(?<call>cudaMalloc) failed: (?<error>out of memory))
doc:      a CUDA library could not allocate GPU memory outside PyTorch's allocator: the model, its grids or its buffers do not fit (a smaller resolution, batch or hash table), or another process holds the GPU
# NVlabs/instant-ngp#182 (dev half): tiny-cuda-nn's GPUMemory
example:  21:39:09 ERROR    Uncaught exception: Could not allocate memory: E:\TUTORIAL\ngp\instant-ngp\dependencies\tiny-cuda-nn\include\tiny-cuda-nn/gpu_memory.h:109 cudaMalloc(&rawptr, n_bytes+DEBUG_GUARD_SIZE*2) failed with error out of memory
expect:   call=cudaMalloc
expect:   error=out of memory
# NVIDIA/MinkowskiEngine#357 (Thrust under MinkowskiEngine)
example:    what():  parallel_for failed: cudaErrorMemoryAllocation: out of memory
expect:   error=out of memory
# NVIDIA/cccl#2092 (Thrust's bad_alloc)
example:    what():  std::bad_alloc: cudaErrorMemoryAllocation: out of memory
# Marian's CUDA check, status 2 by number (marian-nmt/marian#270; marian-dev#439, dev half)
example:  [2020-05-05 18:48:50] Error: CUDA error 2 'out of memory' - /home/imo/news-translit-nmt-master/tools/marian-dev/src/tensors/gpu/device.cu:38: cudaMalloc(&data_, size)
expect:   error=out of memory
# RAPIDS RMM's out_of_memory, under XGBoost on SageMaker (rapidsai/deployment#523, dev
# half) and cuDF (a cuDF job's traceback, find_string)
example:  > xgboost.core.XGBoostError: [02:14:02] /home/conda/feedstock_root/build_artifacts/xgboost-split_1733189075592/work/src/c_api/../common/device_helpers.cuh:393: Memory allocation error on worker 0: std::bad_alloc: out_of_memory: CUDA error at: /opt/conda/include/rmm/mr/device/cuda_memory_resource.hpp
expect:   error=out_of_memory
example:  MemoryError: std::bad_alloc: out_of_memory: CUDA error at: /__w/cudf/cudf/python/cudf/build/cp310-cp310-manylinux_2_28_x86_64/_deps/rmm-src/include/rmm/mr/device/cuda_memory_resource.hpp:69: cudaErrorMemoryAllocation out of memory
expect:   error=out_of_memory
# dlib's cuda_error (davisking/dlib#462)
example:  Error while calling cudaMalloc(&backward_data_workspace, backward_data_workspace_size_in_bytes) in file /home/zhaixingzi/Applications/dlib/dlib/dnn/cudnn_dlibapi.cpp:888. code: 2, reason: out of memory
expect:   call=cudaMalloc
expect:   error=out of memory
# MXNet's pooled storage manager behind dmlc's log prefix
# (zackchase/mxnet-the-straight-dope#361, dev half; apache/mxnet#675 in an MXNetError)
example:  [17:36:58] /opt/mxnet/dmlc-core/include/dmlc/./logging.h:308: [17:36:58] src/storage/./pooled_storage_manager.h:111: cudaMalloc failed: out of memory
expect:   call=cudaMalloc
expect:   error=out of memory
example:  `mxnet.base.MXNetError: [11:18:15] src/storage/./pooled_storage_manager.h:157: cudaMalloc failed: out of memory
not:      PYTORCH_CUDA_ALLOC_CONF=backend:cudaMallocAsync
not:      RuntimeError: CUDA error: out of memory

# Kernel OOM killer: the victim line. Kernel >= 5.0 `Out of memory: Killed
# process`; kernel 4.x printed a bare `Killed process ...` after `Kill process
# ... or sacrifice child`; `(oom_kill_allocating_task)` with that sysctl.
# victim_pid is the killed process, not the writer of the line (never `pid`).
# One kill usually yields several events (oom-kill: line, Killed process,
# oom_reaper): deduplicate by (host, victim_pid).
name:     mem.host_oom_kill
kind:     mem.host_oom_kill
severity: error
priority: 5
literal:  Killed process
regex:    (?:Out of memory(?: \(oom_kill_allocating_task\))?: )?Killed process (?<victim_pid>\d+) \((?<process>[^)]*)\)(?:.*?anon-rss:(?<anon_rss>\d+ ?kB))?
type:     victim_pid=int anon_rss=size
doc:      the Linux OOM killer killed a process because host RAM was exhausted; a training worker killed this way shows up as exitcode -9 / SIGKILL
# real, kernel 5.11 (train-043)
example:  [441280.839852] Out of memory: Killed process 698405 (python) total-vm:49978204kB, anon-rss:12918388kB, file-rss:68668kB, shmem-rss:53352kB, UID:1000 pgtables:49772kB oom_score_adj:0
expect:   victim_pid=698405
expect:   process=python
expect:   anon_rss=12918388kB
# kernel 4.x (no UID/pgtables), per formats-training.md 1.7
example:  [1843021.223476] Killed process 48213 (pt_main_thread) total-vm:180224512kB, anon-rss:125829120kB, file-rss:102400kB, shmem-rss:0kB
expect:   victim_pid=48213
expect:   process=pt_main_thread
not:      [441281.626336] oom_reaper: reaped process 698405 (python), now anon-rss:0kB, file-rss:68664kB, shmem-rss:53172kB
not:      RuntimeError: DataLoader worker (pid 12345) is killed by signal: Killed.

# Same, when a memory cgroup (container, Slurm step, k8s pod limit) ran out.
name:     mem.host_oom_kill.memcg
kind:     mem.host_oom_kill
severity: error
priority: 6
literal:  Memory cgroup out of memory
regex:    Memory cgroup out of memory: Kill(?:ed)? process (?<victim_pid>\d+) \((?<process>[^)]*)\)(?:.*?anon-rss:(?<anon_rss>\d+ ?kB))?
type:     victim_pid=int anon_rss=size
doc:      a process was killed because its memory cgroup (container / Slurm step / pod limit) was full, not the whole host
# kernel >= 5.0 form, per formats-training.md 1.7
example:  [88123.004512] Memory cgroup out of memory: Killed process 3121 (python3) total-vm:62914560kB, anon-rss:33554432kB, file-rss:65536kB, shmem-rss:2097152kB, UID:0 pgtables:70000kB oom_score_adj:0
expect:   victim_pid=3121
expect:   process=python3
expect:   anon_rss=33554432kB
not:      [441280.839852] Out of memory: Killed process 698405 (python) total-vm:49978204kB, anon-rss:12918388kB, file-rss:68668kB, shmem-rss:53352kB, UID:1000 pgtables:49772kB oom_score_adj:0

# Kernel 4.x victim selection line (followed by `Killed process`).
name:     mem.host_oom_kill.select
kind:     mem.host_oom_kill
severity: error
priority: 5
literal:  or sacrifice child
regex:    (?:Out of memory|Memory cgroup out of memory): Kill process (?<victim_pid>\d+) \((?<process>[^)]*)\) score (?<score>\d+) or sacrifice child
type:     victim_pid=int score=int
doc:      kernel 4.x OOM killer chose its victim (the matching `Killed process` line follows)
# kernel 4.x, per formats-training.md 1.7 (`Out of memory: Kill process ... score ... or sacrifice child`)
example:  [1843021.223401] Out of memory: Kill process 48213 (pt_main_thread) score 951 or sacrifice child
expect:   victim_pid=48213
expect:   process=pt_main_thread
not:      [1843021.223476] Killed process 48213 (pt_main_thread) total-vm:180224512kB, anon-rss:125829120kB, file-rss:102400kB, shmem-rss:0kB

# Kernel >= 4.19 summary line that names the victim (`task=`, `pid=`) and the
# constraint (CONSTRAINT_MEMCG = cgroup limit, CONSTRAINT_NONE = whole host).
# The kernel prints it only when it kills, so a line cut before the victim
# (a long cpuset or memcg path past a terminal's or a paste's width) is
# still the kill.
name:     mem.host_oom_kill.summary
kind:     mem.host_oom_kill
severity: error
priority: 5
literal:  oom-kill:constraint=
regex:    oom-kill:constraint=(?<constraint>[A-Z_]+)(?:,.*?,task=(?<process>[^,]*),pid=(?<victim_pid>\d+))?
type:     victim_pid=int
doc:      kernel OOM-kill summary: constraint CONSTRAINT_MEMCG means a cgroup limit, CONSTRAINT_NONE the whole host
# real (train-043; the paste lost the dmesg timestamp)
example:  oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0,global_oom,task_memcg=/user.slice/user-1000.slice/user@1000.service,task=python,pid=698405,uid=1000
expect:   constraint=CONSTRAINT_NONE
expect:   process=python
expect:   victim_pid=698405
# hiyouga/LLaMA-Factory#3230 (dev half): a container's docker cpuset, cut before the victim
example:  [17798674.377396] oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=38e6fab2d82bedce1612d26d4c354c7a555e3f57bde90b7549eceb4fec007ef4,mems_allowed=0-7,o
expect:   constraint=CONSTRAINT_MEMCG
not:      [448212.100902] sunloginclient invoked oom-killer: gfp_mask=0x100cca(GFP_HIGHUSER_MOVABLE), order=0, oom_score_adj=0

# Ray's memory monitor (the raylet) kills workers before the kernel's OOM
# killer would; it prints a summary to the driver at most once a minute.
# Zero workers killed (only crashes counted) is no memory kill.
name:     mem.ray_oom_kill
kind:     mem.host_oom_kill
severity: error
priority: 5
literal:  killed due to memory pressure (OOM)
regex:    (?<killed>[1-9]\d*) Workers \(tasks / actors\) killed due to memory pressure \(OOM\)(?:, \d+ Workers crashed due to other reasons at node \(ID: [0-9a-f]+, IP: (?<node_ip>[0-9a-fA-F.:]+)\))?
type:     killed=int
doc:      Ray's memory monitor killed workers because the node's host memory crossed its threshold (RAY_memory_usage_threshold, 0.95 by default)
# real, Ray 2.x under EasyR1 (EasyR1#185)
example:  (raylet) [2025-04-02 15:02:00,117 E 135782 135782] (raylet) node_manager.cc:3069: 1 Workers (tasks / actors) killed due to memory pressure (OOM), 0 Workers crashed due to other reasons at node (ID: 351e406b196f66bb45eaad02a3b8b4725babfa8cc12949432f7ad7d8, IP: 10.95.143.76) over the last time period. To see more information about the Workers killed on this node, use `ray logs raylet.out -ip 10.95.143.76`
expect:   killed=1
expect:   node_ip=10.95.143.76
# real, Ray 2.3's documentation (ray-oom-prevention.rst)
example:  (raylet) [2023-04-09 07:23:59,445 E 395 395] (raylet) node_manager.cc:3049: 10 Workers (tasks / actors) killed due to memory pressure (OOM), 0 Workers crashed due to other reasons at node (ID: e5d953ef03e55e26f13973ea1b5a0fd0ecc729cd820bc89e4aa50451, IP: 10.0.62.231) over the last time period. To see more information about the Workers killed on this node, use `ray logs raylet.out -ip 10.0.62.231`
expect:   killed=10
# built from the real summary: only crashes counted
not:      (raylet) [2023-04-09 07:23:59,445 E 395 395] (raylet) node_manager.cc:3049: 0 Workers (tasks / actors) killed due to memory pressure (OOM), 3 Workers crashed due to other reasons at node (ID: e5d953ef03e55e26f13973ea1b5a0fd0ecc729cd820bc89e4aa50451, IP: 10.0.62.231) over the last time period.

# The task's own error after Ray's memory monitor killed its worker (the
# exception ray.exceptions.OutOfMemoryError, or a worker's exit detail).
name:     mem.ray_task_oom
kind:     mem.host_oom_kill
severity: error
priority: 5
literal:  killed due to the node running low on memory
regex:    (?<msg>(?:Task was|worker\(s\) were) killed due to the node running low on memory)
doc:      Ray killed the task's worker because the node ran low on host memory (its memory monitor, not the kernel)
# real (EasyR1#50; Ray's documentation prints the same)
example:  ray.exceptions.OutOfMemoryError: Task was killed due to the node running low on memory.
expect:   msg=Task was killed due to the node running low on memory
not:      torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 1 has a total capacity of 79.10 GiB of which 1.06 GiB is free.

# Ray's memory monitor's own account of a kill, printed in the killed
# task's error and by the driver: the node's memory use over its threshold
# (RAY_memory_usage_threshold), then the table of its top memory users
# (src/ray/raylet/worker_killing_policy and node_manager's message). Four
# dev-half threads of four projects print it: OpenRLHF (a PPO actor),
# EasyR1, verl (a FSDP WorkerDict) and flingbot (a simulator actor).
name:     mem.ray_memory_threshold
kind:     mem.host_oom_kill
severity: error
priority: 5
literal:  which exceeds the memory usage threshold of
regex:    Memory on the node \((?:IP: (?<node_ip>[0-9a-fA-F.:]+), )?\s*ID: [0-9a-f]+\) where the task .*? was running was (?<used>[\d.]+\w*) / (?<total>[\d.]+\w*) \((?<fraction>[\d.]+)\), which exceeds the memory usage threshold of (?<threshold>\d+(?:\.\d+)?)
doc:      Ray's memory monitor killed a worker because the node's host memory crossed its threshold (RAY_memory_usage_threshold, 0.95 by default); the table after it names the processes that held the memory.
# OpenRLHF's PPO on Ray, the node's IP left out of the message (OpenRLHF/OpenRLHF#171, dev half)
example:  Memory on the node ( ID: 37f3bd9fa11d642c9e13892ee048dfc1f58c4597b77202a59a33835b) where the task (actor ID: 658f7608dec0f9a3428857d502000000, name=RewardModelRayActor.__init__, pid=5315, memory used=1.67GB) was running was 445.48GB / 468.75GB (0.950365), which exceeds the memory usage threshold of 0.95. Ray killed this worker (ID: 384252cde217c088bb1cceb44ff7b1fec88a53bd8e7c82273275b694) because it was the most recently scheduled task; to see more information about memory usage on this node, use `ray logs raylet.out -ip 33.123.202.4`. To see the logs of the worker, use `ray logs worker-384252cde217c088bb1cceb44ff7b1fec88a53bd8e7c82273275b694*out -ip 33.123.202.4. Top 10 memory users:
expect:   used=445.48GB
expect:   total=468.75GB
expect:   fraction=0.950365
expect:   threshold=0.95
# a simulator actor's (flingbot, dev half)
example:  Memory on the node (IP: 192.168.0.107, ID: fc2befb2867ce88e73a8a45572c43a640751ae1f2b5e15bd8315f293) where the task (actor ID: f9cc340f5aef7b479d86345001000000, name=SimEnv.__init__, pid=4331, memory used=2.22GB) was running was 59.49GB / 62.58GB (0.950744), which exceeds the memory usage threshold of 0.95. Ray killed this worker (ID: d98ac96cdd66ea8c0a2604609381c3256c8285b87822896c767f7714) because it was the most recently scheduled task; to see more information about memory usage on this node, use `ray logs raylet.out -ip 192.168.0.107`. To see the logs of the worker, use `ray logs worker-d98ac96cdd66ea8c0a2604609381c3256c8285b87822896c767f7714*out -ip 192.168.0.107. Top 10 memory users:
expect:   node_ip=192.168.0.107
expect:   used=59.49GB
not:      ray.exceptions.OutOfMemoryError: Task was killed due to the node running low on memory.

# The advice Ray prints after each of its memory kills, in the raylet's
# summary and in the killed task's error, after the table of the node's
# top memory users; also what is left when Ray cut a long error to its
# last characters (TideDra/lmm-r1#71).
name:     mem.ray_oom_advice
kind:     mem.host_oom_kill
severity: error
priority: 5
literal:  ray-oom-prevention
regex:    Refer to the documentation on how to address the out of memory issue: https://docs\.ray\.io/\S*ray-oom-prevention
doc:      Ray's advice after its memory monitor killed a worker because the node ran low on host memory
# real, the raylet's summary under a Ray Data job (a GitHub thread's log, find_string)
example:  (raylet) Refer to the documentation on how to address the out of memory issue: https://docs.ray.io/en/latest/ray-core/scheduling/ray-oom-prevention.html. Consider provisioning more memory on this node or reducing task parallelism by requesting more CPUs per task. To adjust the kill threshold, set the environment variable `RAY_memory_usage_threshold` when starting Ray. To disable worker killing, set the environment variable `RAY_memory_monitor_refresh_ms` to zero.
# real, a task's error after the top-memory table (TideDra/lmm-r1#71)
example:  Refer to the documentation on how to address the out of memory issue: https://docs.ray.io/en/latest/ray-core/scheduling/ray-oom-prevention.html. Consider provisioning more memory on this node or reducing task parallelism by requesting more CPUs per task. Set max_restarts and max_task_retries to enable retry when the task crashes due to OOM. To adjust the kill threshold, set the environment variable `RAY_memory_usage_threshold` when starting Ray. To disable worker killing, set the environment variable `RAY_memory_monitor_refresh_ms` to zero.
not:      ray.exceptions.OutOfMemoryError: Task was killed due to the node running low on memory.

# Header of a kernel OOM report: the process that needed memory, not
# necessarily the victim. Block: the CPU/Hardware/Call Trace dump that follows
# is absorbed; the memory dump and the `oom-kill:` / `Killed process` lines
# after it are separate events.
name:     mem.oom_invoked
kind:     mem.oom_invoked
severity: warning
literal:  invoked oom-killer:
start:    (?<process>\S+) invoked oom-killer:(?: gfp_mask=(?<gfp_mask>0x[0-9a-f]+))?
continue: ^\s*(?:CPU: \d+ PID: \d+ Comm: |Hardware name: |Call Trace:|</?TASK>|(?:\? )?[\w.]+\+0x[0-9a-f]+/0x[0-9a-f]+(?: \[[\w]+\])?\s*$)
max_lines: 64
doc:      the kernel OOM killer was invoked on this host (the named process is the one that asked for memory, the victim is in the following Killed process line)
# real, kernel 5.11 (train-043)
example:  [448212.100902] sunloginclient invoked oom-killer: gfp_mask=0x100cca(GFP_HIGHUSER_MOVABLE), order=0, oom_score_adj=0
example:  [448212.100908] CPU: 11 PID: 940 Comm: sunloginclient Tainted: P           OE     5.11.0-43-generic #47~20.04.2-Ubuntu
example:  [448212.100910] Hardware name: ASUS System Product Name/TUF GAMING B560M-PLUS, BIOS 0820 04/26/2021
example:  [448212.100912] Call Trace:
example:  [448212.100914]  dump_stack+0x74/0x92
example:  [448212.100919]  dump_header+0x4f/0x1f6
example:  [448212.100922]  oom_kill_process.cold+0xb/0x10
example:  [448212.100924]  out_of_memory.part.0+0x1ee/0x460
expect:   process=sunloginclient
expect:   gfp_mask=0x100cca
not:      [448212.100908] CPU: 11 PID: 940 Comm: sunloginclient Tainted: P           OE     5.11.0-43-generic #47~20.04.2-Ubuntu

# After the kill: the reaper freed the victim's memory.
name:     mem.oom_reaped
kind:     mem.oom_reaped
severity: info
literal:  oom_reaper: reaped process
regex:    oom_reaper: reaped process (?<victim_pid>\d+) \((?<process>[^)]*)\)
type:     victim_pid=int
doc:      the kernel reclaimed the memory of an OOM-killed process (follows mem.host_oom_kill)
# real, kernel 5.11 (train-043)
example:  [441281.626336] oom_reaper: reaped process 698405 (python), now anon-rss:0kB, file-rss:68664kB, shmem-rss:53172kB
expect:   victim_pid=698405
expect:   process=python
not:      [441280.839852] Out of memory: Killed process 698405 (python) total-vm:49978204kB, anon-rss:12918388kB, file-rss:68668kB, shmem-rss:53352kB, UID:1000 pgtables:49772kB oom_score_adj:0

# A DataLoader worker's SIGBUS handler (torch/csrc/DataLoader.cpp) prints
# this once per worker before the worker dies: writing a batch into shared
# memory failed because /dev/shm is full (a container's is 64 MiB unless
# raised). The main process then reports "DataLoader worker (pid N) is
# killed by signal: Bus error." (proc.dataloader_killed).
name:     mem.dataloader_shm
kind:     mem.shm_exhausted
severity: error
literal:  Unexpected bus error encountered in worker
regex:    Unexpected bus error encountered in worker\. This might be caused by insufficient shared memory \(shm\)
doc:      A DataLoader worker got SIGBUS writing to shared memory: /dev/shm is too small for its batches.
# real, PipeDream on 1.x torch (msr-fiddle/pipedream#28), after an epoch
example:  ERROR: Unexpected bus error encountered in worker. This might be caused by insufficient shared memory (shm).
# real, before an unrelated traceback (hezhangsprinter/DCPDN#58)
example:  ERROR: Unexpected bus error encountered in worker. This might be caused by insufficient shared memory (shm).
# real, quoted in a sentence with a full-width comma glued on (THU-DA-6D-Pose-Group/GDR-Net#16)
example:  ERROR: Unexpected bus error encountered in worker. This might be caused by insufficient shared memory (shm)、
# real, in backticks (codalab/codalab-worksheets#1961)
example:  `ERROR: Unexpected bus error encountered in worker. This might be caused by insufficient shared memory (shm).`
not:      RuntimeError: DataLoader worker (pid 325) is killed by signal: Bus error.
not:      Fatal Python error: Bus error

# PyTorch's CPU allocator failed (c10/core/impl/alloc_cpu.cpp; CPUAllocator.cpp
# before 1.10): the process itself asked for more host memory than it
# could get (Linux: "can't allocate memory ... Error code 12"; Windows:
# "not enough memory ... Buy new RAM!"). The traceback it ends says nothing
# more. A paste may cut the line after the allocator's words.
name:     mem.cpu_alloc
kind:     mem.host_alloc_failed
severity: error
literal:  DefaultCPUAllocator:
regex:    DefaultCPUAllocator: (?:can't allocate memory|not enough memory)(?:: you tried to allocate (?<requested>\d+ bytes))?
type:     requested=size
doc:      PyTorch could not allocate host (CPU) memory for a tensor: the host or the job's memory limit is exhausted.
# JingyunLiang/VRT#49
example:  RuntimeError: [enforce fail at alloc_cpu.cpp:73] . DefaultCPUAllocator: can't allocate memory: you tried to allocate 116813856768 bytes. Error code 12 (Cannot allocate memory)
expect:   requested=116813856768
# wuyifan18/DeepLog#50, torch before 1.10
example:  [enforce fail at CPUAllocator.cpp:64] . DefaultCPUAllocator: can't allocate memory: you tried to allocate 278528000 bytes. Error code 12 (Cannot allocate memory)
expect:   requested=278528000
# open-edge-platform/anomalib#1094
example:  `RuntimeError: [enforce fail at alloc_cpu.cpp:75] err == 0. DefaultCPUAllocator: can't allocate memory: you tried to allocate 35896320000 bytes. Error code 12 (Cannot allocate memory)
expect:   requested=35896320000
# Windows (austinxu87/handsoff#4)
example:  RuntimeError: [enforce fail at ..\c10\core\CPUAllocator.cpp:73] data. DefaultCPUAllocator: not enough memory: you tried to allocate 318767104000 bytes. Buy new RAM!
expect:   requested=318767104000
# the line cut after the allocator's words, as a thread pasted it (zai-org/ChatGLM3#382, dev half)
example:  RuntimeError: [enforce fail at alloc_cpu.cpp:83] err == 0. DefaultCPUAllocator: can't allocate memory
not:      W tensorflow/core/framework/allocator.cc:107] Allocation of 1194393600 exceeds 10% of system memory.

# Windows' ERROR_COMMITMENT_LIMIT (1455): the system's commit charge, RAM
# plus the paging file, is spent. A DataLoader's spawned workers each
# load torch's DLLs and fail first; Rust and the JVM word it the same.
name:     mem.win_commit_limit
kind:     mem.host_alloc_failed
severity: error
literal:  paging file is too small
regex:    (?:\[WinError (?<winerror>\d+)\] )?(?<error>[Tt]he paging file is too small for this operation to complete)
type:     winerror=int
doc:      Windows ran out of commit (RAM plus the paging file): fewer DataLoader workers (each spawned worker loads torch's DLLs), a smaller batch, or a larger paging file.
# a DataLoader worker spawned on Windows (ultralytics/yolov5#11418, dev half)
example:  OSError: [WinError 1455] The paging file is too small for this operation to complete. Error loading "D:\anaconda3\envs\yolov5\lib\site-packages\torch\lib\caffe2_detectron_ops_gpu.dll" or one of its dependencies.
expect:   winerror=1455
# Rust's io::Error of a failed mmap, continuing rustc's note (a CI note in a repository, find_string)
example:            The paging file is too small for this operation to complete. (os error 1455)
expect:   error=The paging file is too small for this operation to complete
# the JVM's commit of its heap (a server's notes in a repository, find_string)
example:  error='The paging file is too small for this operation to complete' (DOS error/errno=1455)
# a DLL missing, not memory (a fix note in a repository, find_string)
not:      OSError: [WinError 126] The specified module could not be found. Error loading "fbgemm.dll" or one of its dependencies.

# Rust's standard library when an allocation fails (alloc's default
# handler, then abort): the Rust parts of a Python job (Hugging Face
# tokenizers, safetensors) ran the host out of memory. Processes dying
# at once interleave their messages on a shared terminal.
name:     mem.rust_alloc
kind:     mem.host_alloc_failed
severity: error
literal:  memory allocation of 
regex:    memory allocation of (?<requested>\d+) bytes failed
type:     requested=size
doc:      A Rust library inside the job (tokenizers, safetensors) could not allocate host memory and aborted the process: the host or the job's memory limit is exhausted.
# deepspeedai/DeepSpeedExamples#321 (eight DeepSpeed ranks on one host)
example:  memory allocation of 2097152 bytes failed
expect:   requested=2097152
# huggingface/tokenizers#159 (training a vocabulary; the abort's message glued on)
example:  memory allocation of 150994960 bytes failedAborted
expect:   requested=150994960
# (the same words are the titles of huggingface/tokenizers#1748 and #1847)
not:      RuntimeError: [enforce fail at alloc_cpu.cpp:73] . DefaultCPUAllocator: can't allocate memory: you tried to allocate 116813856768 bytes. Error code 12 (Cannot allocate memory)
