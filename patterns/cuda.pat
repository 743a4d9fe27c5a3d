# CUDA runtime errors as PyTorch reports them (formats-training.md 1.2).
# Out-of-memory texts are mem.cuda_alloc_failed (memory.pat and the legacy
# forms below); ECC texts are cuda.ecc. The same `CUDA error: ...` text often
# sits inside a watchdog line (`Process group watchdog thread terminated with
# exception: CUDA error: ...`): this file gives it priority 0 so that the
# torch/NCCL family can decide which event such a line becomes.

# `CUDA error: <cudaGetErrorString>` (torch >= ~1.5), also `CUDA driver error:`,
# behind the watchdog's `[... Rank N] ... watchdog thread terminated with
# exception: ` when the watchdog raised it (its group and rank captured),
# the 2.8+ `torch.AcceleratorError: CUDA error: ...`, and a Triton kernel's
# launcher (its gpuAssert: `Triton Error [CUDA]: ` + cuGetErrorString).
# PyTorch built for ROCm says `HIP error: ` where CUDA's says `CUDA error: `
# (its sources are hipified), with HIP's status text.
name:     cuda.error
kind:     cuda.error
severity: error
literal:  CUDA error:
literal:  CUDA Error:
literal:  CUDA driver error:
literal:  HIP error:
literal:  Triton Error [CUDA]:
regex:    (?:\[(?:PG (?:ID )?(?<pg>\d+)(?: PG GUID (?<pg_guid>[^\s()\]]+))?(?: ?\((?<pg_desc>[^)]*)\))? )?Rank (?<pg_rank>\d+)\]\s+(?:NCCL|Process group) watchdog thread terminated with exception: )?(?:\bCUDA (?:driver )?[Ee]rror|\bHIP error|\bTriton Error \[CUDA\]): (?!out of memory\b|uncorrectable ECC error|uncorrectable NVLink error)(?<error>[^'"\\]*[^'"\\\s.])
doc:      a CUDA call failed; errors are reported asynchronously, so the Python frame may be wrong (rerun with CUDA_LAUNCH_BLOCKING=1). Illegal memory access / device-side assert are usually code bugs (check Xid 13/31 in dmesg for hardware)
# real, torch 2.7 watchdog (train-031)
example:  [rank0]:[E504 22:44:08.389636235 ProcessGroupNCCL.cpp:1896] [PG ID 0 PG GUID 0(default_pg) Rank 0] Process group watchdog thread terminated with exception: CUDA error: an illegal memory access was encountered
expect:   error=an illegal memory access was encountered
expect:   pg_desc=default_pg
expect:   pg_rank=0
# torch 2.1's watchdog without a rank prefix: its "[Rank N]" is the default
# group's, the global rank (meta-llama/llama-cookbook#290, dev half; a
# DeepSpeed run in deepspeedai/DeepSpeed#4648, dev half, prints the same)
example:    what():  [Rank 0] NCCL watchdog thread terminated with exception: CUDA error: unspecified launch failure
expect:   pg_rank=0
expect:   error=unspecified launch failure
# torch >= 1.5 Python exception line, per formats-training.md 1.2
example:  RuntimeError: CUDA error: device-side assert triggered
expect:   error=device-side assert triggered
# ROCm torch on a GPU its kernels were not built for, in a broadcast of
# DDP's start-up (verl-project/verl#3163, dev half; the same line in
# ROCm users' notes that find_string found)
example:  RuntimeError: HIP error: invalid device function
expect:   error=invalid device function
# built: the same message repr'd onto one line (exception args in a log record)
example:  RuntimeError('CUDA error: unspecified launch failure\nCUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\nFor debugging consider passing CUDA_LAUNCH_BLOCKING=1')
expect:   error=unspecified launch failure
# a vLLM worker's fp8 quantisation kernel (vllm-project/vllm#17098)
example:  ERROR 04-15 00:31:11 worker_base.py:574] RuntimeError: Triton Error [CUDA]: an illegal memory access was encountered
expect:   error=an illegal memory access was encountered
# built: vLLM's cumem allocator's check with another status than the out of
# memory its users' logs show (`CUDA Error: <status> at <file>:<line>`)
example:  RuntimeError: CUDA Error: invalid argument at /workspace/csrc/cumem_allocator.cpp:62
expect:   error=invalid argument at /workspace/csrc/cumem_allocator.cpp:62
not:      RuntimeError: CUDA Error: out of memory at /workspace/csrc/cumem_allocator.cpp:62
not:      RuntimeError: CUDA error: out of memory
not:      RuntimeError: Triton Error [CUDA]: out of memory
not:      RuntimeError: CUDA error: uncorrectable ECC error encountered
not:        what():  CUDA error: uncorrectable NVLink error detected during the execution
not:      Failed to bind NVLink SHARP (NVLS) Multicast memory of size 2097152 : CUDA error 401 'the operation cannot be performed in the present state'.

# A CUDA status by its enum name, as frameworks outside PyTorch print it:
# the driver API's `CUDA_ERROR_<NAME>: <description>` (XLA under JAX and
# TensorFlow, CuPy's driver module) and the runtime API's
# `cudaError<Name>: <description>` (CuPy's runtime module); TensorFlow
# 1.x's stream executor prints the name alone. Only the
# statuses CUDA documents as leaving the context unusable (a kernel's
# fault: illegal or misaligned address, illegal instruction, bad PC,
# stack error, assert, launch failure or timeout): the others are often
# printed and survived, as `failed call to cuInit: CUDA_ERROR_NO_DEVICE`
# on a CPU fallback or TensorFlow's CUDA_ERROR_OUT_OF_MEMORY while it
# shrinks its first allocation. Where `CUDA error: ` precedes it on the
# line, cuda.error reads the whole text.
name:     cuda.status_name
kind:     cuda.error
severity: error
priority: -1
literal:  CUDA_ERROR_
literal:  cudaError
regex:    \b(?<status>CUDA_ERROR_(?:ILLEGAL_ADDRESS|MISALIGNED_ADDRESS|INVALID_ADDRESS_SPACE|ILLEGAL_INSTRUCTION|INVALID_PC|HARDWARE_STACK_ERROR|ASSERT|LAUNCH_FAILED|LAUNCH_TIMEOUT)|cudaError(?:IllegalAddress|MisalignedAddress|InvalidAddressSpace|IllegalInstruction|InvalidPc|HardwareStackError|Assert|LaunchFailure|LaunchTimeout))(?:: (?<error>[^'"\\`]*[^'"\\`\s.])|(?![\w'"`]|: ))
doc:      a CUDA kernel faulted (reported by its status name, outside PyTorch): usually a bug in a kernel or a compiler (XLA, a custom op); the context is unusable and the process must restart. Check dmesg for Xid 13/31/43 to rule out hardware
# jax-ml/jax#6921 (dev half): XLA's stream executor, under JAX
example:  2021-06-08 13:00:47.364628: E external/org_tensorflow/tensorflow/compiler/xla/pjrt/pjrt_stream_executor_client.cc:1981] Execution of replica 0 failed: Internal: Failed to launch CUDA kernel: CUDA_ERROR_ILLEGAL_ADDRESS: an illegal memory access was encountered
expect:   status=CUDA_ERROR_ILLEGAL_ADDRESS
expect:   error=an illegal memory access was encountered
# jaxleyverse/jaxley#53 (XLA's runtime, quoted in a code span)
example:  `INTERNAL: Failed to execute XLA Runtime executable: run time error: custom call 'xla.gpu.func.launch' failed: Failed to launch CUDA kernel: fusion_1560 with block dimensions: 160x1x1 and grid dimensions: 1x1x1: CUDA_ERROR_ILLEGAL_ADDRESS: an illegal memory access was encountered.`
expect:   error=an illegal memory access was encountered
# cupy/cupy#7615 (CuPy's driver module)
example:  cupy_backends.cuda.api.driver.CUDADriverError: CUDA_ERROR_ILLEGAL_ADDRESS: an illegal memory access was encountered
expect:   status=CUDA_ERROR_ILLEGAL_ADDRESS
# cupy/cupy#5668 (CuPy's runtime module)
example:  cupy_backends.cuda.api.runtime.CUDARuntimeError: cudaErrorIllegalAddress: an illegal memory access was encountered
expect:   status=cudaErrorIllegalAddress
# dmlc/xgboost#7201 (its title quotes the runtime's status)
example:  Apparently successful build on Jetson Nano, but run yields "cudaErrorLaunchFailure: unspecified launch failure"
expect:   status=cudaErrorLaunchFailure
expect:   error=unspecified launch failure
# TensorFlow 1.x's stream executor, the name alone (a name quoted in
# PyTorch's `Search for `cudaError...'` hint is not one): its event poll after a
# kernel's fault (hkust-vgd/pointwise#10), and its context sync
# (tensorflow/models#5328, dev half, Windows paths)
example:  tensorflow/stream_executor/cuda/cuda_event.cc:48] Error polling for event status: failed to query event: CUDA_ERROR_ILLEGAL_ADDRESS
expect:   status=CUDA_ERROR_ILLEGAL_ADDRESS
example:  2018-09-18 15:21:34.702531: E T:\src\github\tensorflow\tensorflow\stream_executor\cuda\cuda_driver.cc:1108] could not synchronize on CUDA context: CUDA_ERROR_LAUNCH_FAILED ::
expect:   status=CUDA_ERROR_LAUNCH_FAILED
# tensorflow/tensorflow#8483: the run's end tears the context down (not a fault)
not:      E tensorflow/stream_executor/cuda/cuda_event.cc:49] Error polling for event status: failed to query event: CUDA_ERROR_DEINITIALIZED
# jax-ml/jax#17624: the CPU fallback's start-up line, survived
not:      2024-04-09 22:39:58.055899: E external/xla/xla/stream_executor/cuda/cuda_driver.cc:268] failed call to cuInit: CUDA_ERROR_UNKNOWN: unknown error
# google-deepmind/alphafold#197: TensorFlow retries a smaller allocation
not:      2021-10-15 15:01:44.577626: E external/org_tensorflow/tensorflow/stream_executor/cuda/cuda_driver.cc:764] failed to alloc 2740606464 bytes unified memory; result: CUDA_ERROR_OUT_OF_MEMORY: out of memory

# PyTorch's first CUDA call found the driver unusable (cudaErrorUnknown
# at initialisation, c10/cuda/CUDAFunctions.cpp): raised, or warned as
# `CUDA initialization: ...` when torch only counts the devices, after
# which there are none. A node whose driver state is broken (nvidia-uvm
# not loaded, a GPU lost, the container's device nodes missing): the
# training cannot use its GPUs.
name:     cuda.init_unknown
kind:     cuda.error
severity: error
literal:  CUDA unknown error - this may be due to
regex:    \b(?<error>CUDA unknown error) - this may be due to an incorrectly set up environment
doc:      CUDA could not initialise on this node (PyTorch saw cudaErrorUnknown and no devices): check the driver (nvidia-smi, dmesg for Xid), that nvidia-uvm is loaded (nvidia-modprobe), and the container's GPU device plug-in; drain the node if it persists
# a PyTorch pod under Kubernetes' device plug-in (NVIDIA/k8s-device-plugin#319,
# dev half); the same words in a pre-flight check beside cuInit's
# CUDA_ERROR_UNKNOWN (find_string: a project's results notes)
example:  RuntimeError: CUDA unknown error - this may be due to an incorrectly set up environment, e.g. changing env variable CUDA_VISIBLE_DEVICES after program start. Setting the available devices to be zero.
expect:   error=CUDA unknown error
# the warning form of torch's device count (find_string: a privateGPT user's paste in a repository's notes)
example:  /home/connectedin/.cache/pypoetry/virtualenvs/privategpt-48b7A2Xg-py3.10/lib/python3.10/site-packages/torch/cuda/__init__.py:107: UserWarning: CUDA initialization: CUDA unknown error - this may be due to an incorrectly set up environment, e.g. changing env variable CUDA_VISIBLE_DEVICES after program start. Setting the available devices to be zero. (Triggered internally at ../c10/cuda/CUDAFunctions.cpp:109.)
expect:   error=CUDA unknown error
not:      CUDA driver initialization failed, you might not have a CUDA gpu.

# The same check's other statuses (c10/cuda/CUDAFunctions.cpp's default
# case): `Unexpected error from cudaGetDeviceCount(). ... Error N: text`,
# raised, or warned as `CUDA initialization: ...` with no devices after
# it. 802 is an NVSwitch system whose Fabric Manager is not up, 803 and
# 804 a driver that does not fit the CUDA runtime; every one is the
# node's set-up, before any kernel ran.
name:     cuda.init_device_count
kind:     cuda.error
severity: error
literal:  Unexpected error from cudaGetDeviceCount()
regex:    Unexpected error from cudaGetDeviceCount\(\)\.(?: Did you run .*? already set an error\?)? Error (?<code>\d+): (?<error>.+?)(?: \(Triggered internally at [^)]*\.\))?\s*$
type:     code=int
doc:      CUDA could not initialise on this node (the driver returned an error when PyTorch counted the devices): 802 `system not yet initialized` is an NVSwitch node whose nvidia-fabricmanager is not running or not ready; 803 and 804 a driver that does not match the CUDA runtime (or forward compatibility on a GPU without it). Fix the node's driver and services, or drain it
# a Qwen user's note in a repository (find_string): raised at the first CUDA call
example:  RuntimeError: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling NumCudaDevices() that might have already set an error? Error 803: system has unsupported display driver / cuda driver combination
expect:   code=803
expect:   error=system has unsupported display driver / cuda driver combination
# an A100 node of a Slurm cluster, the warning form (a help desk's
# question log committed to a repository, find_string); the job ran once
# the node was excluded
example:  /usr/local/lib/python3.8/dist-packages/torch/cuda/__init__.py:52: UserWarning: CUDA initialization: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling NumCudaDevices() that might have already set an error? Error 802: system not yet initialized (Triggered internally at /pytorch/c10/cuda/CUDAFunctions.cpp:109.)
expect:   code=802
expect:   error=system not yet initialized
# an H200 job's warm-up (huggingface/huggingface_hub#4134, dev half)
example:  RuntimeError: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling NumCudaDevices() that might have already set an error? Error 802: system not yet initialized
expect:   error=system not yet initialized
# a library silencing the warning names it without a status
not:      warnings.filterwarnings("ignore", message="CUDA initialization: Unexpected error from cudaGetDeviceCount()")

# Numba's CUDA driver wrapper raises `CudaAPIError: [code] Call to <driver
# function> results in CUDA_ERROR_<NAME>` (numba/cuda/cudadrv/driver.py;
# its linker's LinkerError has the same words). Unlike a status name that
# TensorFlow logs and survives, this is an exception: whatever the status,
# the call failed and the caller stops. The out-of-memory status is
# mem.cuda_alloc_failed.numba's.
name:     cuda.numba_api_error
kind:     cuda.error
severity: error
literal:  results in CUDA_
regex:    \bCall to (?<call>cu\w+) results in (?<status>CUDA_ERROR_(?!OUT_OF_MEMORY\b)[A-Z_]+)
doc:      a CUDA driver call made through Numba failed (NeMo's RNNT loss, RAPIDS, a custom kernel): the status names why (an invalid launch configuration, too many resources for the block, no device); CUDA_LAUNCH_BLOCKING=1 places the failing kernel
# NeMo's Numba RNNT loss on a Conformer-Transducer, the poster's backtick kept (NVIDIA-NeMo/Speech#4882, dev half)
example:  `Call to cuLaunchKernel results in CUDA_ERROR_INVALID_VALUE
expect:   call=cuLaunchKernel
expect:   status=CUDA_ERROR_INVALID_VALUE
# a benchmark's recorded failure, a 32x32 block (find_string: a repository's benchmark notes)
example:      numba.cuda.cudadrv.driver.CudaAPIError: [701] Call to cuLaunchKernel results in CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES
expect:   status=CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES
# Numba's linker on a driver older than the PTX (find_string: a cluster's set-up notes)
example:  LinkerError: [222] Call to cuLinkAddData results in CUDA_ERROR_UNSUPPORTED_PTX_VERSION
expect:   call=cuLinkAddData
not:      numba.cuda.cudadrv.driver.CudaAPIError: [2] Call to cuMemAlloc results in CUDA_ERROR_OUT_OF_MEMORY

# CUDA's own description of a kernel's fault (cudaGetErrorString, the
# same words under the driver API), whatever a library wraps it in:
# Thrust's `copy_if failed to synchronize: ...`, HugeCTR's `Runtime error:
# ...`, a CUDA sample's `Error: ...`, gunrock's `(CUDA error 77: ...)`.
# The last resort for such a line: every pattern that knows its wrapper
# comes first.
name:     cuda.error_text
kind:     cuda.error
severity: error
priority: -2
literal:  an illegal memory access was encountered
literal:  an illegal instruction was encountered
literal:  unspecified launch failure
literal:  the launch timed out and was terminated
literal:  device-side assert triggered
regex:    (?<error>an illegal memory access was encountered|an illegal instruction was encountered|unspecified launch failure|the launch timed out and was terminated|device-side assert triggered)
doc:      a CUDA kernel faulted (CUDA's own words, inside another library's message): usually a bug in that kernel or in its inputs; the context is unusable and the process must restart. Check dmesg for Xid 13/31/43 to rule out hardware
# NVIDIA-Merlin/HugeCTR#46 (dev half)
example:  [HCDEBUG][ERROR] Runtime error: an illegal memory access was encountered /HugeCTR/HugeCTR/src/embeddings/update_params_functor.cu:571 
expect:   error=an illegal memory access was encountered
# apreddyy/LaneandYolovehicle-DetectionLinux#1 (Thrust's exception)
example:    what():  copy_if failed to synchronize: an illegal memory access was encountered_
expect:   error=an illegal memory access was encountered
# mp3guy/ICPCUDA#33 (a CUDA sample's check macro)
example:  Error: an illegal memory access was encountered /workspaces/d435i_depth/libs/ICPCUDA/Cuda/containers/device_memory.cu:121
expect:   error=an illegal memory access was encountered
# gunrock/gunrock#250
example:  [/home/mosama/gunrock/gunrock/app/enactor_loop.cuh, 781 @ gpu 1] FullQueue_Core failed. (CUDA error 77: an illegal memory access was encountered)
# PyTorch's hint after the error names the error only as a kind of thing
not:      CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.
not:      For debugging consider passing CUDA_LAUNCH_BLOCKING=1

# cuBLAS failures other than ALLOC_FAILED (which is mem.cuda_alloc_failed).
# EXECUTION_FAILED usually hides an earlier asynchronous CUDA fault.
name:     cuda.cublas_error
kind:     cuda.error
severity: error
priority: 5
literal:  CUBLAS_STATUS_
regex:    (?<error>CUBLAS_STATUS_(?!ALLOC_FAILED)[A-Z_]+)(?: when calling `(?<call>[^`]*)`?)?
doc:      a cuBLAS call failed; CUBLAS_STATUS_EXECUTION_FAILED / INTERNAL_ERROR usually hide an earlier asynchronous CUDA fault (illegal access, NaN-free bug, or hardware)
# per formats-training.md 1.2 (`CUDA error: CUBLAS_STATUS_<NAME> when calling `<cublasFn>(...)``)
example:  RuntimeError: CUDA error: CUBLAS_STATUS_EXECUTION_FAILED when calling `cublasSgemm( handle, opa, opb, m, n, k, &alpha, a, lda, b, ldb, &beta, c, ldc)`
expect:   error=CUBLAS_STATUS_EXECUTION_FAILED
expect:   call=cublasSgemm( handle, opa, opb, m, n, k, &alpha, a, lda, b, ldb, &beta, c, ldc)
not:      RuntimeError: CUDA error: CUBLAS_STATUS_ALLOC_FAILED when calling `cublasCreate(handle)`

# cuDNN failures other than ALLOC_FAILED.
name:     cuda.cudnn_error
kind:     cuda.error
severity: error
priority: 5
literal:  CUDNN_STATUS_
regex:    (?<error>CUDNN_STATUS_(?!ALLOC_FAILED)[A-Z_]+)
doc:      a cuDNN call failed; CUDNN_STATUS_NOT_INITIALIZED at start-up often means the GPU had no free memory for the handle, EXECUTION_FAILED usually hides an earlier CUDA fault
# torch cuDNN error text (`cuDNN error: <status>`), per formats-training.md 1.2 conventions
example:  RuntimeError: cuDNN error: CUDNN_STATUS_INTERNAL_ERROR
expect:   error=CUDNN_STATUS_INTERNAL_ERROR
not:      RuntimeError: cuDNN error: CUDNN_STATUS_ALLOC_FAILED

# cuFFT failures other than ALLOC_FAILED, in torch's words (CuFFTUtils.h:
# `cuFFT error: <status>`). torch.stft in a speech model's loss raises
# CUFFT_INTERNAL_ERROR where the CUDA build's cuFFT does not support the
# GPU (pytorch/pytorch#88038): a CUDA library fault, not the model's.
name:     cuda.cufft_error
kind:     cuda.error
severity: error
priority: 5
literal:  cuFFT error: CUFFT_
regex:    cuFFT error: (?<error>CUFFT_(?!ALLOC_FAILED)[A-Z_]+)
doc:      a cuFFT call failed (torch.stft, torch.fft); CUFFT_INTERNAL_ERROR on a new GPU usually means the CUDA build's cuFFT does not support it: use a PyTorch build for a newer CUDA
# so-vits-svc's and lora-svc's validation stft (innnky/so-vits-svc#109, PlayVoice/lora-svc#32, dev half)
example:  RuntimeError: cuFFT error: CUFFT_INTERNAL_ERROR
expect:   error=CUFFT_INTERNAL_ERROR
# cuFFT's own plan failing for memory is the GPU's memory, not this
not:      RuntimeError: cuFFT error: CUFFT_ALLOC_FAILED

# UCX's check around a CUDA driver or runtime call (its cuda_ipc and
# cuda_copy transports: `<call> is failed. ret:<CUDA's error string>`),
# under MPI or a framework's UCX backend moving GPU buffers.
name:     cuda.ucx_call_failed
kind:     cuda.error
severity: error
priority: 5
literal:  is failed. ret:
regex:    \bUCX\s+ERROR (?<call>cu[A-Za-z]\w*)\(.*\) is failed\. ret:(?<error>\S(?:.*\S)?)
doc:      a CUDA call inside UCX failed while it moved or registered a GPU buffer: `invalid device context` means the buffer's device or context is not current in the thread UCX used (CUDA IPC across processes on one node); the CUDA error string says the rest
# Open MPI with UCX under PyTorch's MPI backend (openucx/ucx#4707, dev half)
example:  1: [1580413046.362194] [cgpu05:56774:2]    cuda_ipc_md.c:102  UCX  ERROR cuIpcGetMemHandle(&(key->ph), (CUdeviceptr) addr) is failed. ret:invalid device context
expect:   call=cuIpcGetMemHandle
expect:   error=invalid device context
# the same cluster's reproduction repository (sparticlesteve/pytorch-cuda-mpi-error, dev half)
example:  0: [1580334918.341459] [cgpu09:43722:2]    cuda_ipc_md.c:131  UCX  ERROR cuCtxGetDevice(&this_device) is failed. ret:invalid device context
expect:   call=cuCtxGetDevice
not:      1: [1580413046.362226] [cgpu05:56774:2]         ucp_mm.c:110  UCX  ERROR failed to register address 0x2aab74a00000 length 131072 on md[4]=cuda_ipc: Input/output error

# `CUDA-capable device(s) is/are busy or unavailable` (device in exclusive mode
# held by another process, or a GPU that is failing); also CUDA >= 11's
# `all CUDA-capable devices are busy or unavailable`.
name:     cuda.device_unavailable
kind:     cuda.error
severity: error
priority: 5
literal:  busy or unavailable
regex:    (?<error>(?:all )?CUDA-capable device(?:\(s\) is/are|s are) busy or unavailable)
doc:      the GPU could not be used: exclusive-process compute mode with another process on it, a stuck process, or a failing GPU (check nvidia-smi and dmesg for Xid)
# per formats-training.md 1.2
example:  RuntimeError: CUDA error: CUDA-capable device(s) is/are busy or unavailable
expect:   error=CUDA-capable device(s) is/are busy or unavailable
example:  RuntimeError: CUDA error: all CUDA-capable devices are busy or unavailable
expect:   error=all CUDA-capable devices are busy or unavailable
not:      RuntimeError: CUDA error: no kernel image is available for execution on the device

# XLA's CUDA client asking the driver for a device ordinal the process
# cannot see (`Failed call to cuDeviceGet: CUDA_ERROR_INVALID_DEVICE:
# invalid device ordinal`): JAX's jax.distributed under Slurm or MPI
# binding each process to one GPU while it still counts every local one
# (jax-ml/jax#23452, dev half; a cluster's notes and a training script's
# comment on local_device_ids say the same). TF's older `failed call to
# cuDevicePrimaryCtxRetain` with this status is a device held by another
# process, not a count, and is left out.
name:     cuda.xla_device_get
kind:     cuda.error
severity: error
priority: 5
literal:  call to cuDeviceGet: CUDA_ERROR_INVALID_DEVICE
regex:    \bFailed call to cuDeviceGet: CUDA_ERROR_INVALID_DEVICE: (?<error>invalid device ordinal)
doc:      a process asked for a GPU ordinal it cannot see: the launcher's per-process GPU binding (CUDA_VISIBLE_DEVICES, Slurm's --gpus-per-task) and the framework's local device list disagree; pass local_device_ids to jax.distributed.initialize or bind every GPU to every process
example:  2024-09-05 07:57:34.555804: W external/xla/xla/service/platform_util.cc:199] unable to create StreamExecutor for CUDA:1: failed initializing StreamExecutor for CUDA device ordinal 1: INTERNAL: Failed call to cuDeviceGet: CUDA_ERROR_INVALID_DEVICE: invalid device ordinal
expect:   error=invalid device ordinal
not:      unable to create StreamExecutor for CUDA:0: failed initializing StreamExecutor for CUDA device ordinal 0: Internal: failed call to cuDevicePrimaryCtxRetain: CUDA_ERROR_INVALID_DEVICE: invalid device ordinal 0

# nccl-tests' own CUDA check (its CUDACHECK macro, src/common.h): the
# test's CUDA call failed before or beside NCCL's, named by the test's
# source line. Older releases print `Cuda failure <file>:<line> '...'`,
# later ones prefix the host and say `Test CUDA failure` (the old form
# only from common.cu, where the checks are: a literal of `Cuda failure `
# alone, which NCCL's own pattern holds too, made the prefilter count its
# windows as shared and move both anchors to commoner ones, +19 M
# instructions on flbench's storm). Texts with a
# pattern of their own (an illegal memory access, ECC, a busy device)
# are read by those first.
name:     cuda.nccl_tests_check
kind:     cuda.error
severity: error
priority: -1
literal:  Test CUDA failure 
literal:  Cuda failure common.cu:
regex:    (?:Test CUDA failure |Cuda failure (?=common\.cu:))(?<src>[\w./-]+\.cu:\d+)\s+'?(?<error>[^'\s][^']*?)'?\s*$
doc:      a CUDA call of nccl-tests itself failed: the driver or the device (a driver older than the CUDA runtime the test was built with, an ordinal beyond the GPUs the container sees, a GPU not yet initialised by Fabric Manager) before any collective ran
# nccl-tests 2018, its old wording (NVIDIA/nccl-tests#12, dev half)
example:  Cuda failure common.cu:891 'CUDA driver version is insufficient for CUDA runtime version'
expect:   src=common.cu:891
expect:   error=CUDA driver version is insufficient for CUDA runtime version
# a GKE notes file's troubleshooting section (find_string)
example:  nccl-gib-test-4w-3: Test CUDA failure common.cu:1030 'invalid device ordinal'
expect:   error=invalid device ordinal
# a benchmark log committed to a repository, Fabric Manager not yet up (find_string)
example:  test: Test CUDA failure common.cu:941 'system not yet initialized'
expect:   src=common.cu:941
expect:   error=system not yet initialized
# the quotes lost in a paste (a workload's log in a repository, find_string)
example:  nvidiatools-29-workload: Test CUDA failure common.cu:1030 invalid device ordinal
expect:   error=invalid device ordinal
# NCCL's own check names no source file (nccl.cuda.failure)
not:      VM-0-16-ubuntu:392:494 [2] enqueue.cc:43 NCCL WARN Cuda failure 'out of memory'
not:       .. test pid 54340: Test failure common.cu:891

# Uncorrectable ECC error in GPU memory (any wording: `CUDA error:`, legacy
# `cuda runtime error (39) :`, NCCL's `Cuda failure '...'`).
name:     cuda.ecc
kind:     cuda.ecc
severity: fatal
priority: 10
literal:  uncorrectable ECC error encountered
regex:    (?:cuda runtime error \((?<code>\d+)\) : )?(?<error>uncorrectable ECC error encountered)
type:     code=int
doc:      GPU memory hit an uncorrectable ECC error (hardware; Xid 48/63/94/95 in dmesg): drain the GPU, reset it, check row remapping / retired pages
# torch >= 1.5 (accelerate#1192 title, train-035 sidecar)
example:  RuntimeError: CUDA error: uncorrectable ECC error encountered
expect:   error=uncorrectable ECC error encountered
# legacy THC, torch <= 1.4, per formats-training.md 1.2
example:  RuntimeError: cuda runtime error (39) : uncorrectable ECC error encountered at /pytorch/aten/src/THC/THCCachingHostAllocator.cpp:265
expect:   code=39
not:      RuntimeError: CUDA error: an illegal memory access was encountered

# An uncorrectable NVLink error as the CUDA runtime names it
# (cudaErrorNvlinkUncorrectable / CUDA_ERROR_NVLINK_UNCORRECTABLE, 220),
# inside any of torch's wordings: a link between GPUs failed, which no
# code change mends (the driver logs Xid 74 with it).
name:     cuda.nvlink_uncorrectable
kind:     hw.nvlink
severity: fatal
priority: 10
literal:  uncorrectable NVLink error
regex:    (?<msg>uncorrectable NVLink error detected during the execution)
doc:      a CUDA call failed on an uncorrectable NVLink error (hardware; Xid 74 in dmesg): drain the node, check nvidia-smi nvlink -s and the fabric manager
# real, torch 1.8 on A100s (pytorch#58155)
example:    what():  CUDA error: uncorrectable NVLink error detected during the execution
expect:   msg=uncorrectable NVLink error detected during the execution
# real, the Python exception (nnUNet#1519's title)
example:  RuntimeError: CUDA error: uncorrectable NVLink error detected during the execution
not:      RuntimeError: CUDA error: uncorrectable ECC error encountered

# cuda-gdb, attached to a process the exception stopped
# (CUDA_DEVICE_WAITS_ON_EXCEPTION) or opening the GPU core dump that
# CUDA_ENABLE_COREDUMP_ON_EXCEPTION wrote: the hardware exception of the
# faulting kernel, then `The exception was triggered at PC ...` and its
# frames. Its names are cuda-gdb's CUDA_EXCEPTION_* list.
name:     cuda.gdb_exception
kind:     cuda.error
severity: error
literal:  CUDA Exception: 
regex:    ^\s*CUDA Exception: (?<error>(?:Warp|Lane|Device) [A-Z][A-Za-z -]*[a-z])\s*$
doc:      a kernel faulted on the GPU (cuda-gdb's report of the exception: an illegal or misaligned address is the kernel's bug, or memory it was handed)
# flash-attention's backward kernel under fairseq, from a GPU core dump
# (pytorch/pytorch#103683; a PyTorch indexing kernel's dump reads the same)
example:  CUDA Exception: Warp Illegal Address
expect:   error=Warp Illegal Address
# cuda-gdb's manual, the misaligned form of the same list
example:  CUDA Exception: Warp Misaligned Address
expect:   error=Warp Misaligned Address
not:      Thread 1 "jacobi" received signal CUDA_EXCEPTION_14, Warp Illegal Address.
not:      RuntimeError: CUDA error: an illegal memory access was encountered

# ROCm's runtime (ROCr's VM fault handler) in a HIP process, PyTorch's
# or TensorFlow's on AMD GPUs: `Memory access fault by GPU node-N (Agent
# handle: %p) on address %p%s. Reason: %s.`, then abort(). A kernel read
# or wrote memory not mapped to it: AMD's illegal memory access, a bug of
# the kernel or of what it was handed; the runtime's `DRAM ECC failure`
# or `SRAM ECC failure` reasons are the hardware's (the ecc rule of
# cuda.error). ROCm 1.x printed no agent handle.
name:     cuda.rocm_vm_fault
kind:     cuda.error
severity: error
literal:  Memory access fault by GPU
regex:    ^(?<error>Memory access fault by GPU node-(?<node>\d+)(?: \(Agent handle: \S+\))? on address \S+?(?: \(may not be exact address\))?\. Reason: (?<reason>[^.]*[^.\s]))\.?\s*$
doc:      a kernel on an AMD GPU touched memory not mapped to it and ROCm aborted the process: AMD's illegal memory access (an out-of-range index, a freed buffer, a library bug; rerun with AMD_SERIALIZE_KERNEL=3 to find the kernel), unless the reason names an ECC failure (then the GPU's memory)
# ResNet under hipTensorFlow on ROCm 1.7 (ROCmSoftwarePlatform/hiptensorflow#60, dev half)
example:  Memory access fault by GPU node-1 on address 0x1e4000. Reason: Page not present or supervisor privilege.
expect:   node=1
expect:   reason=Page not present or supervisor privilege
# PyTorch training on ROCm 4.2 (ROCm/legacy-rocm-build#1535)
example:  Memory access fault by GPU node-2 (Agent handle: 0x55fea5592860) on address 0x7fc133800000. Reason: Page not present or supervisor privilege.
expect:   node=2
expect:   error=Memory access fault by GPU node-2 (Agent handle: 0x55fea5592860) on address 0x7fc133800000. Reason: Page not present or supervisor privilege
# a GPU firmware regression, the line without its period (ROCm/legacy-rocm-build#5616)
example:  Memory access fault by GPU node-1 (Agent handle: 0x5570f8146df0) on address 0x7ff96a9ac000. Reason: Page not present or supervisor privilege
expect:   reason=Page not present or supervisor privilege
# hipBLASLt tuning on MI308X (ROCm/aiter#1913)
example:  Memory access fault by GPU node-2 (Agent handle: 0x55c77d07fd80) on address 0x7f0800018000. Reason: Unknown.
expect:   reason=Unknown
# the runtime's other report, read by hw.amd_reset
not:      HW Exception by GPU node-1 (Agent handle: 0x5ab48bbcc960) reason :GPU Hang

# ROCm's HIP runtime (ROCclr's queue callback) aborting a process whose
# kernel faulted: `Callback: Queue %p aborting with error : <HSA status>:
# <its text> code: 0x<n>`, then abort(). The status names the fault
# (MEMORY_APERTURE_VIOLATION and MEMORY_FAULT: a bad address, AMD's
# illegal memory access; ILLEGAL_INSTRUCTION, EXCEPTION: the kernel
# trapped); older runtimes say `Device::callbackQueue`. Not anchored: a
# harness may quote the line inside its own record.
name:     cuda.rocm_queue_abort
kind:     cuda.error
severity: error
literal:  aborting with error : HSA_STATUS_
regex:    aborting with error : (?<error>HSA_STATUS_ERROR_[A-Z_]+)(?:: (?<detail>.*?) code: (?<code>0x[0-9a-fA-F]+))?
doc:      a kernel on an AMD GPU faulted and ROCm aborted the process (a bad address, a trap, a kernel built for another GPU): rerun with AMD_SERIALIZE_KERNEL=3 to find the kernel, and check the ROCm and library versions against the GPU
# milabench's RLHF bench on MI300X, its JSON record of each line (mila-iqia/milabench#397, dev half)
example:  {"event": "line", "data": ":0:rocdevice.cpp            :3586: 93411680345 us:  Callback: Queue 0x77ef1a200000 aborting with error : HSA_STATUS_ERROR_EXCEPTION: An HSAIL operation resulted in a hardware exception. code: 0x1016\n", "pipe": "stderr"}
expect:   error=HSA_STATUS_ERROR_EXCEPTION
expect:   code=0x1016
# a convolution benchmark on MI250X (find_string)
example:  :0:rocdevice.cpp            :2986: 2909498332452 us: [pid:110488 tid:0x1517ee3ff700] Callback: Queue 0x1517ee000000 aborting with error : HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION: The agent attempted to access memory beyond the largest legal address. code: 0x29
expect:   error=HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION
expect:   detail=The agent attempted to access memory beyond the largest legal address.
# an older runtime's form, quoted in a kernel library's test (find_string)
example:  // Device::callbackQueue aborting with error : HSA_STATUS_ERROR_MEMORY_FAULT: Agent attempted to access an inaccessible address. code: 0x2b
expect:   code=0x2b
not:      Memory access fault by GPU node-1 on address 0x1e4000. Reason: Page not present or supervisor privilege.

# Legacy THC runtime error (torch <= ~1.4): `cuda runtime error (<code>) :
# <text> at <file>:<line>`.
name:     cuda.legacy_runtime_error
kind:     cuda.error
severity: error
literal:  cuda runtime error (
regex:    cuda runtime error \((?<code>\d+)\) : (?<error>.+?)(?: at (?<src>\S+:\d+))?\s*$
type:     code=int
doc:      a CUDA runtime call failed (old PyTorch); code 59 = device-side assert, 77 = illegal memory access
# torch <= 1.4, per formats-training.md 1.2
example:  RuntimeError: cuda runtime error (59) : device-side assert triggered at /pytorch/aten/src/THC/generic/THCTensorMath.cu:26
expect:   code=59
expect:   error=device-side assert triggered
expect:   src=/pytorch/aten/src/THC/generic/THCTensorMath.cu:26
not:      RuntimeError: CUDA error: device-side assert triggered

# Legacy THC out of memory (code 2 = cudaErrorMemoryAllocation).
name:     mem.cuda_alloc_failed.legacy
kind:     mem.cuda_alloc_failed
severity: error
priority: 10
literal:  cuda runtime error (2)
literal:  error=2 : out of memory
regex:    (?:(?<library>cuda) runtime error \((?<code>2)\) : |THCudaCheck FAIL file=\S+ line=\d+ error=2 : )(?<error>out of memory)
type:     code=int
doc:      old PyTorch (<= 1.4) could not allocate GPU memory (cudaErrorMemoryAllocation)
# torch <= 1.4, per formats-training.md 1.2 (`(2) : out of memory`)
example:  RuntimeError: cuda runtime error (2) : out of memory at /pytorch/aten/src/THC/generic/THCStorage.cu:58
expect:   code=2
expect:   error=out of memory
# THC check macro of the same era (torch 0.4-1.4)
example:  THCudaCheck FAIL file=/pytorch/aten/src/THC/generic/THCStorage.cu line=58 error=2 : out of memory
expect:   error=out of memory
not:      RuntimeError: cuda runtime error (59) : device-side assert triggered at /pytorch/aten/src/THC/generic/THCTensorMath.cu:26

# THC check macro with any other error code.
name:     cuda.thc_check_fail
kind:     cuda.error
severity: error
literal:  THCudaCheck FAIL
regex:    THCudaCheck FAIL file=(?<src>\S+) line=(?<src_line>\d+) error=(?<code>\d+) : (?<error>\S(?:.*\S)?)
type:     code=int src_line=int
doc:      a CUDA call failed inside old PyTorch (THC); see the error text
example:  THCudaCheck FAIL file=/pytorch/aten/src/THC/THCCachingHostAllocator.cpp line=278 error=77 : an illegal memory access was encountered
expect:   code=77
expect:   error=an illegal memory access was encountered
not:      RuntimeError: cuda runtime error (77) : an illegal memory access was encountered at /pytorch/aten/src/THC/THCCachingHostAllocator.cpp:278

# A glog CHECK on a CUDA call's status, as C++ frameworks write it: Caffe's
# CUDA_CHECK (`Check failed: error == cudaSuccess (77 vs. 0)  <message>`),
# MXNet's and TVM's CUDA_CALL (`Check failed: e == cudaSuccess ||
# e == cudaErrorCudartUnloading: CUDA: <message>`), k2's (`(717 vs. 0)
# Error: <message>`). Out of memory is mem.cuda_alloc_failed.check below.
name:     cuda.check_failed
kind:     cuda.error
severity: error
literal:  == cudaSuccess
regex:    Check failed: (?:error|e|status) == cudaSuccess(?: \|\| e == cudaErrorCudartUnloading(?: == false)?+)?+(?: \((?<code>\d+) vs\. 0\))?+[ :]++(?!(?:CUDA: |Error: )?out of memory\b)(?:CUDA: |Error: )?(?<error>\S(?:.*\S)?)
type:     code=int
doc:      a CUDA call failed inside a C++ framework (Caffe, MXNet, TVM, k2) and its CHECK aborted the process; see the error text (77 = illegal memory access, usually a kernel's bug; 209 = no kernel image for this GPU: rebuild for its architecture)
# Caffe's cuDNN layer under P2PSync, glog fatal line (BVLC/caffe#76 in the dev half)
example:  F1116 15:55:02.388101 30214 cudnn_conv_layer.cu:137] Check failed: error == cudaSuccess (77 vs. 0)  an illegal memory access was encountered
expect:   code=77
expect:   error=an illegal memory access was encountered
# Caffe built without the GPU's architecture (find_string: a user's notes)
example:  F1213 06:10:43.716547   365 im2col.cu:61] Check failed: error == cudaSuccess (209 vs. 0)  no kernel image is available for execution on the device
expect:   error=no kernel image is available for execution on the device
# MXNet's engine (find_string: an MXNet user's log)
example:  [07:48:03] src/engine/./../common/cuda_utils.h:318: Check failed: e == cudaSuccess || e == cudaErrorCudartUnloading: CUDA: invalid device ordinal
expect:   error=invalid device ordinal
# TVM's NDArray free (find_string: a TVM issue's text)
example:  Check failed: e == cudaSuccess || e == cudaErrorCudartUnloading == false: CUDA: misaligned address
expect:   error=misaligned address
# k2's eval.h (find_string: an icefall run's notes)
example:  Check failed: e == cudaSuccess (717 vs. 0) Error: operation not supported on global/shared address space
expect:   code=717
expect:   error=operation not supported on global/shared address space
# a driver mismatch inside a container (find_string: a deployment note)
example:  CUDA: Check failed: e == cudaSuccess (803 vs. 0) : system has unsupported display driver / cuda driver combination
expect:   error=system has unsupported display driver / cuda driver combination
not:      F0214 14:48:56.695240  8276 syncedmem.cpp:56] Check failed: error == cudaSuccess (2 vs. 0)  out of memory
not:      F1116 15:55:02.388101 30214 solver.cpp:58] Check failed: status == CUDNN_STATUS_SUCCESS (4 vs. 0)  CUDNN_STATUS_INTERNAL_ERROR

# The same CHECK when the allocation failed (cudaErrorMemoryAllocation).
name:     mem.cuda_alloc_failed.check
kind:     mem.cuda_alloc_failed
severity: error
literal:  == cudaSuccess
regex:    Check failed: (?:error|e) == cudaSuccess(?: \|\| e == cudaErrorCudartUnloading(?: == false)?)?(?: \((?<code>2) vs\. 0\))?[ :]+(?:CUDA: )?(?<error>out of memory)\b
type:     code=int
doc:      a C++ framework (Caffe, MXNet) could not allocate GPU memory: lower the batch size or the input size
# Caffe's syncedmem (find_string: a benchmark's log)
example:  F0214 14:48:56.695240  8276 syncedmem.cpp:56] Check failed: error == cudaSuccess (2 vs. 0)  out of memory
expect:   code=2
expect:   error=out of memory
# MXNet's GPU storage, with and without the colon (find_string: two users' logs)
example:  [01:38:23] d:\chhong\mxnet\src\storage\./gpu_device_storage.h:39: Check failed: e == cudaSuccess || e == cudaErrorCudartUnloading CUDA: out of memory
expect:   error=out of memory
example:    what():  [20:58:09] /home/u/clockwork/src/clockwork/cache.cpp:237: Check failed: e == cudaSuccess || e == cudaErrorCudartUnloading: CUDA: out of memory
not:      F1116 15:55:02.388101 30214 cudnn_conv_layer.cu:137] Check failed: error == cudaSuccess (77 vs. 0)  an illegal memory access was encountered

# PhysX's GPU pipeline (Isaac Gym, Isaac Sim and Lab, SAPIEN under
# ManiSkill) reporting a CUDA driver call that failed as it ordered its
# streams (PxgCudaUtils' `SynchronizeStreams %s failed with error %i`):
# the context is broken, 700 an illegal address, often after one of the
# scene's fixed GPU buffers (contacts, patches) overflowed.
name:     cuda.physx_stream
kind:     cuda.error
severity: error
literal:  SynchronizeStreams cu
regex:    \bSynchronizeStreams (?<call>cu\w+) failed with error (?<code>\d+)
type:     code=int
doc:      A GPU physics simulation (PhysX) lost its CUDA context: error 700 is an illegal memory access, most often after a contact or patch buffer overflowed (the log says so first): raise the scene's GPU contact and patch buffer sizes to what the overflow line asks for, or simulate fewer environments per GPU.
# ManiSkill's SAPIEN after a contact buffer overflow (mani-skill/ManiSkill#1102, dev half)
example:  [2025-05-30 10:34:42.071] [SAPIEN] [critical] SynchronizeStreams cuEventRecord failed with error 700
expect:   call=cuEventRecord
expect:   code=700
example:  [2025-05-30 10:34:42.071] [SAPIEN] [critical] SynchronizeStreams cuStreamWaitEvent failed with error 700
expect:   call=cuStreamWaitEvent
# Isaac Sim's PhysX extension, an engineer's note of a failed run (find_string)
example:  [omni.physx] PhysX error: SynchronizeStreams cuEventRecord failed with error 700
expect:   code=700
# PhysX's own source, the format string
not:      PxGetFoundation().error(PxErrorCode::eINTERNAL_ERROR, PX_FL, "SynchronizeStreams cuEventRecord failed with error %i\n", result);

# Numba's driver calls that ran out of device memory (cuda.numba_api_error's
# words with the out-of-memory status), an allocation's or any other call's.
name:     mem.cuda_alloc_failed.numba
kind:     mem.cuda_alloc_failed
severity: error
literal:  results in CUDA_
regex:    \bCall to (?<call>cu\w+) results in (?<error>CUDA_ERROR_OUT_OF_MEMORY)\b
doc:      a CUDA allocation made through Numba failed: lower the batch or array size, or free what other libraries on the GPU cache
# a course exercise's largest array (find_string: two students' notes)
example:  numba.cuda.cudadrv.driver.CudaAPIError: [2] Call to cuMemAlloc results in CUDA_ERROR_OUT_OF_MEMORY
expect:   call=cuMemAlloc
expect:   error=CUDA_ERROR_OUT_OF_MEMORY
not:      numba.cuda.cudadrv.driver.CudaAPIError: [1] Call to cuLaunchKernel results in CUDA_ERROR_INVALID_VALUE

# Kernel assert (printf from the GPU), one line per failing thread; precedes
# `CUDA error: device-side assert triggered`. The prefix up to the thread
# is CUDA's own (__assertfail's `%s:%d: %s: block: [%d,%d,%d], thread:
# [%d,%d,%d] Assertion `%s` failed.`), so a line a paste cut inside the
# thread's numbers, its assertion on the next line, is the assert too.
name:     cuda.device_assert
kind:     cuda.device_assert
severity: error
literal:  ], thread: [
regex:    (?<src>\S+\.cuh?:\d+): .*?block: \[(?<block>\d+,\d+,\d+)\], thread: \[(?<thread>\d+(?:,\d+){0,2},?)(?:\] Assertion `(?<assertion>.*)` failed|\s*$)
doc:      a CUDA kernel assertion failed (typically an index out of range: labels >= num_classes, token id >= vocab size, bad gather/scatter index)
# real line as printed by torch 2.x IndexKernel
example:  /opt/conda/conda-bld/pytorch_1724789116784/work/aten/src/ATen/native/cuda/IndexKernel.cu:92: operator(): block: [148,0,0], thread: [64,0,0] Assertion `-sizes[i] <= index && index < sizes[i] && "index out of bounds"` failed.
expect:   src=/opt/conda/conda-bld/pytorch_1724789116784/work/aten/src/ATen/native/cuda/IndexKernel.cu:92
expect:   assertion=-sizes[i] <= index && index < sizes[i] && "index out of bounds"
expect:   block=148,0,0
# torch 1.x templated kernel name (contains `[with T = ...]`), per formats-training.md 1.2
example:  /pytorch/aten/src/THC/THCTensorIndex.cu:361: void indexSelectLargeIndex(TensorInfo<T, IndexType>, TensorInfo<T, IndexType>, TensorInfo<long, IndexType>, int, int, IndexType, IndexType, long) [with T = float, IndexType = unsigned int, DstDim = 2, SrcDim = 2, IdxDim = -2, IndexIsMajor = true]: block: [77,0,0], thread: [95,0,0] Assertion `srcIndex < srcSelectDimSize` failed.
expect:   assertion=srcIndex < srcSelectDimSize
# torch.multinomial's check on a NaN reward's probabilities, the paste cut at 300 columns (facebookresearch/habitat-lab#302, dev half)
example:  /pytorch/aten/src/ATen/native/cuda/MultinomialKernel.cu:243: void at::native::<unnamed>::sampleMultinomialOnce(long *, long, int, scalar_t *, scalar_t *, int, int) [with scalar_t = float, accscalar_t = float]: block: [0,0,0], thread: [0,0
expect:   src=/pytorch/aten/src/ATen/native/cuda/MultinomialKernel.cu:243
expect:   thread=0,0
not:      python: /usr/include/c++/11/bits/stl_vector.h:1045: std::vector<_Tp, _Alloc>::reference std::vector<_Tp, _Alloc>::operator[](size_type): Assertion '__n < this->size()' failed.

# Hint lines PyTorch appends to every CUDA error: informational only, kept so
# that `patterns test` does not list them as unmatched errors.
name:     cuda.async_hint
kind:     benign
severity: info
store:    once
priority: -5
literal:  CUDA kernel errors might be asynchronously reported
literal:  CUDA_LAUNCH_BLOCKING=1
literal:  TORCH_USE_CUDA_DSA
literal:  Device-side assertion tracking was not enabled
literal:  in https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html
regex:    (?:^|\s)(?:CUDA kernel errors might be asynchronously reported|For debugging consider passing CUDA_LAUNCH_BLOCKING=1|Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions|Device-side assertion tracking was not enabled by user|Search for `cudaError\w*' in https://docs\.nvidia\.com/cuda/cuda-runtime-api/group__CUDART__TYPES\.html)
doc:      boilerplate after a CUDA error: the reported stack may be wrong because CUDA errors are asynchronous
# real (train-033)
example:  CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.
example:  For debugging consider passing CUDA_LAUNCH_BLOCKING=1
example:  Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.
# torch >= 2.1 with DSA compiled in but disabled; newest builds add the doc pointer (formats-training.md 1.2)
example:  Device-side assertion tracking was not enabled by user.
example:  Search for `cudaErrorIllegalAddress' in https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html for more information.
not:      RuntimeError: CUDA error: an illegal memory access was encountered
