# Training configuration dumps -> kind train.config, and the start-up
# checks that reject a configuration -> kind config.invalid (end of file).
# Each capture is named
# after the NORMALISED key (docs/events.md train.config), so the analyzer can
# merge sources: micro_batch_size, grad_accum_steps, global_batch_size,
# data_parallel_size, tensor_parallel_size, pipeline_parallel_size,
# context_parallel_size, seq_length, world_size (int); fp16 / bf16 (str
# True/False); activation_checkpointing (str as printed: full, selective,
# uniform, block, True, None ...). One key per pattern where the line carries one.
# Formats: formats-training.md 1.5.
#
# Megatron argument dump (rank 0): `  <name> <dots> <value>` with
# len(name) + len(dots) = 48. DeepSpeed's engine dump uses 29 instead, so
# the shared key `world_size` is told apart by the number of dots.

name:     config.megatron.micro_batch_size
kind:     train.config
severity: info
store:    once
literal:  micro_batch_size .
regex:    (?:^|\s)micro_batch_size \.{2,} (?<micro_batch_size>\d+)\s*$
type:     micro_batch_size=int
doc:      Megatron --micro-batch-size
# Megatron-LM argument dump line (format of train-039)
example:    micro_batch_size ................................ 4
expect:   micro_batch_size=4
not:      [2024-09-23 10:11:49,861] [INFO] [config.py:988:print]   train_micro_batch_size_per_gpu  16

name:     config.megatron.global_batch_size
kind:     train.config
severity: info
store:    once
literal:  global_batch_size .
regex:    (?:^|\s)global_batch_size \.{2,} (?<global_batch_size>\d+)\s*$
type:     global_batch_size=int
doc:      Megatron --global-batch-size
# Megatron-LM argument dump line (format of train-039)
example:    global_batch_size ............................... 1024
expect:   global_batch_size=1024
not:      [2024-09-23 10:11:49,861] [INFO] [config.py:988:print]   train_batch_size ............. 16

name:     config.megatron.seq_length
kind:     train.config
severity: info
store:    once
literal:  seq_length .
regex:    (?:^|\s)seq_length \.{2,} (?<seq_length>\d+)\s*$
type:     seq_length=int
doc:      Megatron --seq-length
# Megatron-LM argument dump line (format of train-039)
example:    seq_length ...................................... 4096
expect:   seq_length=4096
not:      encoder_seq_length .............................. 4096

name:     config.megatron.tensor_model_parallel_size
kind:     train.config
severity: info
store:    once
literal:  tensor_model_parallel_size .
regex:    (?:^|\s)tensor_model_parallel_size \.{2,} (?<tensor_parallel_size>\d+)\s*$
type:     tensor_parallel_size=int
doc:      Megatron --tensor-model-parallel-size
# Megatron-LM argument dump line (format of train-039)
example:    tensor_model_parallel_size ...................... 8
expect:   tensor_parallel_size=8
not:      encoder_tensor_model_parallel_size .............. 0

name:     config.megatron.pipeline_model_parallel_size
kind:     train.config
severity: info
store:    once
literal:  pipeline_model_parallel_size .
regex:    (?:^|\s)pipeline_model_parallel_size \.{2,} (?<pipeline_parallel_size>\d+)\s*$
type:     pipeline_parallel_size=int
doc:      Megatron --pipeline-model-parallel-size
# Megatron-LM argument dump line (format of train-039)
example:    pipeline_model_parallel_size .................... 4
expect:   pipeline_parallel_size=4
not:      transformer_pipeline_model_parallel_size ........ 4

name:     config.megatron.context_parallel_size
kind:     train.config
severity: info
store:    once
literal:  context_parallel_size .
regex:    (?:^|\s)context_parallel_size \.{2,} (?<context_parallel_size>\d+)\s*$
type:     context_parallel_size=int
doc:      Megatron --context-parallel-size
# Megatron-LM argument dump line (format of train-039)
example:    context_parallel_size ........................... 2
expect:   context_parallel_size=2
not:      hierarchical_context_parallel_sizes ............. None

name:     config.megatron.data_parallel_size
kind:     train.config
severity: info
store:    once
literal:  data_parallel_size .
regex:    (?:^|\s)data_parallel_size \.{2,} (?<data_parallel_size>\d+)\s*$
type:     data_parallel_size=int
doc:      Megatron data-parallel size (derived: world / (TP x PP x CP))
# Megatron-LM argument dump line (format of train-039)
example:    data_parallel_size .............................. 16
expect:   data_parallel_size=16
not:      data_parallel_random_init ....................... False

# Megatron world_size: 48 - len("world_size") = 38 dots (DeepSpeed: 19).
name:     config.megatron.world_size
kind:     train.config
severity: info
store:    once
literal:  world_size .
regex:    (?:^|\s)world_size \.{30,} (?<world_size>\d+)\s*$
type:     world_size=int
doc:      Megatron world size (all ranks)
# Megatron-LM argument dump line (format of train-039)
example:    world_size ...................................... 128
expect:   world_size=128
not:      [2024-09-23 10:11:49,861] [INFO] [config.py:988:print]   world_size ................... 1

name:     config.megatron.fp16
kind:     train.config
severity: info
store:    once
literal:  fp16 .
regex:    (?:^|\s)fp16 \.{2,} (?<fp16>True|False)\s*$
doc:      Megatron --fp16 (fp16 with dynamic loss scaling)
# Megatron-LM argument dump line (format of train-039)
example:    fp16 ............................................ True
expect:   fp16=True
not:      [2024-09-23 10:11:49,860] [INFO] [config.py:988:print]   fp16_enabled ................. True

name:     config.megatron.bf16
kind:     train.config
severity: info
store:    once
literal:  bf16 .
regex:    (?:^|\s)bf16 \.{2,} (?<bf16>True|False)\s*$
doc:      Megatron --bf16
# Megatron-LM argument dump line (format of train-039)
example:    bf16 ............................................ True
expect:   bf16=True
not:      fp16 ............................................ True

name:     config.megatron.recompute_granularity
kind:     train.config
severity: info
store:    once
literal:  recompute_granularity .
regex:    (?:^|\s)recompute_granularity \.{2,} (?<activation_checkpointing>\S+)\s*$
doc:      Megatron activation recomputation (full, selective or None)
# Megatron-LM argument dump line (format of train-039)
example:    recompute_granularity ........................... full
expect:   activation_checkpointing=full
example:    recompute_granularity ........................... None
expect:   activation_checkpointing=None
not:      recompute_num_layers ............................ 1

# recompute_method is printed after recompute_granularity; only a real method
# is captured so that `None` does not overwrite `selective`.
name:     config.megatron.recompute_method
kind:     train.config
severity: info
store:    once
literal:  recompute_method .
regex:    (?:^|\s)recompute_method \.{2,} (?<activation_checkpointing>(?!None\b)\S+)\s*$
doc:      Megatron full-recompute method (uniform or block)
# Megatron-LM argument dump line (format of train-039)
example:    recompute_method ................................ uniform
expect:   activation_checkpointing=uniform
not:        recompute_method ................................ None

# Megatron before 2022 (`--checkpoint-activations`).
name:     config.megatron.checkpoint_activations
kind:     train.config
severity: info
store:    once
literal:  checkpoint_activations .
regex:    (?:^|\s)checkpoint_activations \.{2,} (?<activation_checkpointing>True|False)\s*$
doc:      Megatron (<= 2021) activation checkpointing flag
# Megatron-LM 2021 argument dump line (same layout)
example:    checkpoint_activations .......................... True
expect:   activation_checkpointing=True
not:      distribute_checkpointed_activations ............. False

name:     config.megatron.expert_model_parallel_size
kind:     train.config
severity: info
store:    once
literal:  expert_model_parallel_size .
regex:    (?:^|\s)expert_model_parallel_size \.{2,} (?<expert_parallel_size>\d+)\s*$
type:     expert_parallel_size=int
doc:      Megatron --expert-model-parallel-size (MoE experts split over data-parallel ranks)
# Megatron-LM argument dump line (format of train-039)
example:    expert_model_parallel_size ...................... 8
expect:   expert_parallel_size=8
not:        expert_tensor_parallel_size ..................... 1

# The dtype of the weights: torch.bfloat16, torch.float16 or torch.float32.
name:     config.megatron.params_dtype
kind:     train.config
severity: info
store:    once
literal:  params_dtype .
regex:    (?:^|\s)params_dtype \.{2,} torch\.(?<dtype>\w+)\s*$
doc:      Megatron parameter dtype (follows --bf16 / --fp16)
# Megatron-LM argument dump line (format of train-039)
example:    params_dtype .................................... torch.bfloat16
expect:   dtype=bfloat16
not:        main_params_dtype ............................... torch.float32

# Printed before the argument dump by every Megatron since 2021.
name:     config.megatron.params_banner
kind:     train.config
severity: info
store:    once
literal:  for parameters ...
regex:    ^using torch\.(?<dtype>\w+) for parameters \.\.\.
doc:      Megatron start-up: the parameter dtype
# real, Megatron-LM 2025 (megatron-lm-1880)
example:  using torch.bfloat16 for parameters ...
expect:   dtype=bfloat16
not:      using world size: 2, data-parallel size: 2, context-parallel size: 1, hierarchical context-parallel sizes: None, tensor-model-parallel size: 1, pipeline-model-parallel size: 1

# Megatron's distributed optimizer shards the optimizer state over the
# data-parallel ranks (ZeRO stage 1); without it every rank holds all of it.
name:     config.megatron.use_distributed_optimizer
kind:     train.config
severity: info
store:    once
literal:  use_distributed_optimizer .
regex:    (?:^|\s)use_distributed_optimizer \.{2,} (?<distributed_optimizer>True|False)\s*$
doc:      Megatron --use-distributed-optimizer (optimizer state sharded over data-parallel ranks)
# Megatron-LM argument dump line (format of train-039)
example:    use_distributed_optimizer ....................... False
expect:   distributed_optimizer=False
not:        overlap_param_gather_with_optimizer_step ........ False

# Printed by rank 0 after the argument dump: global batch / (micro batch x
# data-parallel size), the gradient accumulation steps (Megatron-LM, NeMo).
name:     config.megatron.num_microbatches
kind:     train.config
severity: info
store:    once
literal:  setting number of micro-batches to constant
regex:    setting number of micro-batches to constant (?<grad_accum_steps>\d+)\s*$
type:     grad_accum_steps=int
doc:      Megatron / NeMo micro-batches per step (gradient accumulation)
# real (Megatron-LM, after the argument dump)
example:  setting number of micro-batches to constant 288
expect:   grad_accum_steps=288
# real (NeMo 1.x logger)
example:  23-09-25 08:16:14 - PID:28568 - rank:(0, 0, 0, 0) - microbatches.py:39 - INFO - setting number of micro-batches to constant 2
expect:   grad_accum_steps=2
not:      -------------------- end of arguments ---------------------

# Megatron-DeepSpeed adds --zero-stage to the dump (same layout).
name:     config.megatron.zero_stage
kind:     train.config
severity: info
store:    once
literal:  zero_stage .
regex:    (?:^|\s)zero_stage \.{2,} (?<zero_stage>[0-3])\s*$
type:     zero_stage=int
doc:      Megatron-DeepSpeed ZeRO stage
# real (Megatron-DeepSpeed argument dump, 2023-08)
example:    zero_stage ...................................... 1
expect:   zero_stage=1
not:      [2024-07-10 14:14:51,806] [INFO] [config.py:1000:print]   zero_optimization_stage ...... 2

# `using world size: ...` banner, all eras:
#   2019-2020  `using world size: 64 and model-parallel size: 2 `
#   2020       `using world size: 8, data-parallel-size: 4, model-parallel-size: 2`
#   2021-2023  `using world size: 8, data-parallel-size: 2, tensor-model-parallel size: 2, pipeline-model-parallel size: 2 `
#   2024+      `..., data-parallel size: 2, context-parallel size: 1[,] [hierarchical ...] tensor-model-parallel size: 1, [encoder-...] pipeline-model-parallel size: 1`
name:     config.megatron.world_banner
kind:     train.config
severity: info
store:    once
literal:  using world size:
regex:    (?x) \busing\ world\ size:\ (?<world_size>\d+)
            (?:.*?\bdata-parallel[-\ ]size:\ (?<data_parallel_size>\d+))?
            (?:.*?\bcontext-parallel\ size:\ (?<context_parallel_size>\d+))?
            (?:.*?(?:tensor-model-parallel\ size|model-parallel-size|\band\ model-parallel\ size):\ (?<tensor_parallel_size>\d+))?
            (?:.*?pipeline-model-parallel\ size:\ (?<pipeline_parallel_size>\d+))?
type:     world_size=int data_parallel_size=int context_parallel_size=int tensor_parallel_size=int pipeline_parallel_size=int
doc:      Megatron parallel layout (world = DP x CP x TP x PP)
# real, Megatron-LM 2025 (train-039)
example:  using world size: 2, data-parallel size: 2, context-parallel size: 1, hierarchical context-parallel sizes: None, tensor-model-parallel size: 1, pipeline-model-parallel size: 1
expect:   world_size=2
expect:   data_parallel_size=2
expect:   context_parallel_size=1
expect:   tensor_parallel_size=1
expect:   pipeline_parallel_size=1
# Megatron-LM / Megatron-DeepSpeed 2021-2023 banner text
example:  using world size: 64, data-parallel-size: 4, tensor-model-parallel size: 4, pipeline-model-parallel size: 4 
expect:   data_parallel_size=4
expect:   tensor_parallel_size=4
expect:   pipeline_parallel_size=4
# Megatron-LM 2019-2020 banner text (model parallel = tensor parallel)
example:  using world size: 64 and model-parallel size: 2 
expect:   world_size=64
expect:   tensor_parallel_size=2
# 2025 variant with encoder sizes and a missing separator before `tensor-`
example:  using world size: 16, data-parallel size: 2, context-parallel size: 1, hierarchical context-parallel sizes: Nonetensor-model-parallel size: 4, encoder-tensor-model-parallel size: 0, pipeline-model-parallel size: 2, encoder-pipeline-model-parallel size: 0
expect:   tensor_parallel_size=4
expect:   pipeline_parallel_size=2
not:      [2025-03-07 23:55:15,357] [INFO] [config.py:733:__init__] Config mesh_device None world_size = 1

# ------------------------------------------------------------ DeepSpeed ---
# Engine config dump (`DeepSpeedEngine configuration:`), logger
# `[config.py:<l>:print]`, `  <name> <dots> <value>` with len(name)+len(dots)
# = 29: names of 29+ characters get no dots at all (two spaces).

# DeepSpeedConfig's start-up line (0.15+): the world size it batches for.
# Without a model-parallel unit (HF Trainer, accelerate, OpenRLHF, TRL ...)
# it is the default group's size; under Megatron-DeepSpeed's mpu it is the
# data-parallel size, and Megatron's `using world size:` banner, printed
# before it, is the world (the configuration keeps the first statement, the
# world size the largest). Only `mesh_device None`: with a device mesh it
# is the mesh's data-parallel dimension.
name:     config.deepspeed.config_world_size
kind:     train.config
severity: info
store:    once
literal:  Config mesh_device None world_size = 
regex:    \bConfig mesh_device None world_size = (?<world_size>\d+)\s*$
type:     world_size=int
doc:      DeepSpeed: the world size its batch configuration assumes (the job's, without Megatron's mpu)
# OpenRLHF on DeepSpeed 0.16, one process (OpenRLHF/OpenRLHF#841, testdata/real/dev)
example:  [2025-03-07 23:55:15,357] [INFO] [config.py:733:__init__] Config mesh_device None world_size = 1
expect:   world_size=1
# a four-GPU fine-tuning log, after comm.py's init_distributed (found by find_string)
example:  [2024-09-15 00:13:15,931] [INFO] [config.py:733:__init__] Config mesh_device None world_size = 4
expect:   world_size=4
# DeepSpeed 0.16.x line number (found by find_string)
example:  [2026-01-27 18:33:37,811] [INFO] [config.py:735:__init__] Config mesh_device None world_size = 4
expect:   world_size=4
not:      [2024-09-23 10:11:49,861] [INFO] [config.py:988:print]   world_size ................... 1

name:     config.deepspeed.train_micro_batch_size_per_gpu
kind:     train.config
severity: info
store:    once
literal:  train_micro_batch_size_per_gpu
regex:    (?:^|\s)train_micro_batch_size_per_gpu \.*\s*(?<micro_batch_size>\d+)\s*$
type:     micro_batch_size=int
doc:      DeepSpeed micro batch per GPU
# real (DeepSpeed 0.15 engine dump, 2024-09)
example:  [2024-09-23 10:11:49,861] [INFO] [config.py:988:print]   train_micro_batch_size_per_gpu  16
expect:   micro_batch_size=16
not:      [2024-09-23 10:11:49,861] [INFO] [config.py:988:print]   train_batch_size ............. 16

name:     config.deepspeed.gradient_accumulation_steps
kind:     train.config
severity: info
store:    once
literal:  gradient_accumulation_steps .
regex:    (?:^|\s)gradient_accumulation_steps \.+ (?<grad_accum_steps>\d+)\s*$
type:     grad_accum_steps=int
doc:      DeepSpeed gradient accumulation steps
# real (DeepSpeed 0.15 engine dump, 2024-10)
example:  [2024-10-22 20:05:09,906] [INFO] [config.py:1003:print]   gradient_accumulation_steps .. 2
expect:   grad_accum_steps=2
not:      [2024-09-23 10:11:49,860] [INFO] [config.py:988:print]   gradient_clipping ............ 1

name:     config.deepspeed.train_batch_size
kind:     train.config
severity: info
store:    once
literal:  train_batch_size .
regex:    (?:^|\s)train_batch_size \.+ (?<global_batch_size>\d+)\s*$
type:     global_batch_size=int
doc:      DeepSpeed global batch (micro x accumulation x data-parallel size)
# real (DeepSpeed 0.15 engine dump, 2024-09)
example:  [2024-09-23 10:11:49,861] [INFO] [config.py:988:print]   train_batch_size ............. 16
expect:   global_batch_size=16
not:      [2024-09-23 10:11:49,861] [INFO] [config.py:988:print]   train_micro_batch_size_per_gpu  16

# DeepSpeed's config world_size is the data-parallel world (ranks / model parallel).
name:     config.deepspeed.world_size
kind:     train.config
severity: info
store:    once
literal:  world_size .
regex:    (?:^|\s)world_size \.{10,25} (?<data_parallel_size>\d+)\s*$
type:     data_parallel_size=int
doc:      DeepSpeed data-parallel world size
# real (DeepSpeed 0.15 engine dump, 2024-09)
example:  [2024-09-23 10:11:49,861] [INFO] [config.py:988:print]   world_size ................... 1
expect:   data_parallel_size=1
not:        world_size ...................................... 128

name:     config.deepspeed.fp16_enabled
kind:     train.config
severity: info
store:    once
literal:  fp16_enabled .
regex:    (?:^|\s)fp16_enabled \.+ (?<fp16>True|False)\s*$
doc:      DeepSpeed fp16 (dynamic loss scaling) on/off
# real (DeepSpeed 0.15 engine dump, 2024-09)
example:  [2024-09-23 10:11:49,860] [INFO] [config.py:988:print]   fp16_enabled ................. True
expect:   fp16=True
not:      [2024-09-23 10:11:49,860] [INFO] [config.py:988:print]   fp16_auto_cast ............... False

name:     config.deepspeed.bfloat16_enabled
kind:     train.config
severity: info
store:    once
literal:  bfloat16_enabled .
regex:    (?:^|\s)bfloat16_enabled \.+ (?<bf16>True|False)\s*$
doc:      DeepSpeed bf16 on/off
# real (DeepSpeed engine dump, 2025-02)
example:  [2025-02-20 02:13:50,589] [INFO] [config.py:1003:print]   bfloat16_enabled ............. True
expect:   bf16=True
not:      [2025-02-20 02:13:50,589] [INFO] [config.py:1003:print]   bfloat16_immediate_grad_update  False

# ZeRO stage 0 is plain data parallelism; 1 shards optimizer state, 2 also
# gradients, 3 also parameters.
name:     config.deepspeed.zero_optimization_stage
kind:     train.config
severity: info
store:    once
literal:  zero_optimization_stage .
regex:    (?:^|\s)zero_optimization_stage \.+ (?<zero_stage>[0-3])\s*$
type:     zero_stage=int
doc:      DeepSpeed ZeRO stage (0: none, 1: optimizer state, 2: + gradients, 3: + parameters)
# real (DeepSpeed 0.14 engine dump, 2024-07)
example:  [2024-07-10 14:14:51,806] [INFO] [config.py:1000:print]   zero_optimization_stage ...... 2
expect:   zero_stage=2
# real (DeepSpeed 0.15 engine dump, 2024-09)
example:  [2024-09-08 23:02:58,990] [INFO] [config.py:1003:print]   zero_optimization_stage ...... 0
expect:   zero_stage=0
not:      [2024-09-08 23:02:58,990] [INFO] [config.py:1003:print]   zero_enabled ................. False

# User-side DeepSpeed JSON (printed by launch scripts, and inside the engine
# dump's `json = {...}`); `"auto"` values are not captured.
name:     config.deepspeed_json.train_micro_batch_size_per_gpu
kind:     train.config
severity: info
store:    once
literal:  "train_micro_batch_size_per_gpu":
regex:    "train_micro_batch_size_per_gpu":\s*(?<micro_batch_size>\d+)\b
type:     micro_batch_size=int
doc:      DeepSpeed JSON micro batch per GPU
# real (OpenRLHF with DeepSpeed 0.16, train-051)
example:      "train_micro_batch_size_per_gpu": 2, 
expect:   micro_batch_size=2
not:          "min_train_micro_batch_size_per_gpu": 1, 

name:     config.deepspeed_json.gradient_accumulation_steps
kind:     train.config
severity: info
store:    once
literal:  "gradient_accumulation_steps":
regex:    "gradient_accumulation_steps":\s*(?<grad_accum_steps>\d+)\b
type:     grad_accum_steps=int
doc:      DeepSpeed JSON gradient accumulation steps
# DeepSpeed JSON config line (same layout as train-051)
example:      "gradient_accumulation_steps": 8, 
expect:   grad_accum_steps=8
not:          "gradient_accumulation_steps": "auto",

name:     config.deepspeed_json.train_batch_size
kind:     train.config
severity: info
store:    once
literal:  "train_batch_size":
regex:    "train_batch_size":\s*(?<global_batch_size>\d+)\b
type:     global_batch_size=int
doc:      DeepSpeed JSON global batch size
# real (OpenRLHF with DeepSpeed 0.16, train-051)
example:      "train_batch_size": 32
expect:   global_batch_size=32
not:          "train_micro_batch_size_per_gpu": 2, 

# Only zero_optimization has a "stage" key in a DeepSpeed config.
name:     config.deepspeed_json.zero_stage
kind:     train.config
severity: info
store:    once
literal:  "stage":
regex:    "stage":\s*(?<zero_stage>[0-3])\b
type:     zero_stage=int
doc:      DeepSpeed JSON ZeRO stage
# real (DeepSpeed 0.14 print_user_config, 2024-07)
example:          "stage": 2, 
expect:   zero_stage=2
not:          "stages": "auto",

# ------------------------------------------------- Hugging Face Trainer ---
# `***** Running training *****` banner (rank 0); numbers carry thousands
# separators (`1,024`).

name:     config.hf.micro_batch_size
kind:     train.config
severity: info
store:    once
literal:  Instantaneous batch size per device =
regex:    Instantaneous batch size per device = (?<micro_batch_size>\d{1,3}(?:,\d{3})+|\d+)
type:     micro_batch_size=int
doc:      HF Trainer per-device batch size
# real (srun-labelled multi-node run, transformers 4.42)
example:  1: [INFO|trainer.py:2131] 2024-07-17 00:18:20,620 >>   Instantaneous batch size per device = 8
expect:   micro_batch_size=8
not:      1: [INFO|trainer.py:2134] 2024-07-17 00:18:20,620 >>   Total train batch size (w. parallel, distributed & accumulation) = 1,024

name:     config.hf.grad_accum_steps
kind:     train.config
severity: info
store:    once
literal:  Gradient Accumulation steps =
regex:    Gradient Accumulation steps = (?<grad_accum_steps>\d{1,3}(?:,\d{3})+|\d+)
type:     grad_accum_steps=int
doc:      HF Trainer gradient accumulation steps
# real (srun-labelled multi-node run, transformers 4.42)
example:  1: [INFO|trainer.py:2135] 2024-07-17 00:18:20,620 >>   Gradient Accumulation steps = 16
expect:   grad_accum_steps=16
not:      1: [INFO|trainer.py:2136] 2024-07-17 00:18:20,620 >>   Total optimization steps = 97

name:     config.hf.global_batch_size
kind:     train.config
severity: info
store:    once
literal:  Total train batch size
regex:    Total train batch size \(w\. parallel, distributed & accumulation\) = (?<global_batch_size>\d{1,3}(?:,\d{3})+|\d+)
type:     global_batch_size=int
doc:      HF Trainer global batch size (per-device x processes x accumulation)
# real, thousands separator (srun-labelled multi-node run, transformers 4.42)
example:  1: [INFO|trainer.py:2134] 2024-07-17 00:18:20,620 >>   Total train batch size (w. parallel, distributed & accumulation) = 1,024
expect:   global_batch_size=1024
# real (transformers 4.36)
example:  [INFO|trainer.py:1727] 2024-02-09 14:38:33,506 >>   Total train batch size (w. parallel, distributed & accumulation) = 64
expect:   global_batch_size=64
not:      [INFO|trainer.py:1724] 2024-02-09 14:38:33,506 >>   Instantaneous batch size per device = 16

# `TrainingArguments(` dump that the HF example scripts log at start-up
# (`Training/evaluation parameters TrainingArguments(`): one `name=value,`
# per line, sorted, no indentation, ending `)`.

name:     config.hf_args.per_device_train_batch_size
kind:     train.config
severity: info
store:    once
literal:  per_device_train_batch_size=
regex:    ^per_device_train_batch_size=(?<micro_batch_size>\d+),\s*$
type:     micro_batch_size=int
doc:      HF TrainingArguments micro batch per device
# real (transformers 4.47 TrainingArguments dump)
example:  per_device_train_batch_size=4,
expect:   micro_batch_size=4
not:      per_device_eval_batch_size=4,

name:     config.hf_args.gradient_accumulation_steps
kind:     train.config
severity: info
store:    once
literal:  gradient_accumulation_steps=
regex:    ^gradient_accumulation_steps=(?<grad_accum_steps>\d+),\s*$
type:     grad_accum_steps=int
doc:      HF TrainingArguments gradient accumulation steps
# real (transformers 4.47 TrainingArguments dump)
example:  gradient_accumulation_steps=1,
expect:   grad_accum_steps=1
not:      eval_accumulation_steps=None,

name:     config.hf_args.bf16
kind:     train.config
severity: info
store:    once
literal:  bf16=
regex:    ^bf16=(?<bf16>True|False),\s*$
doc:      HF TrainingArguments bf16 mixed precision
# real (transformers 4.47 TrainingArguments dump)
example:  bf16=False,
expect:   bf16=False
not:      bf16_full_eval=False,

name:     config.hf_args.fp16
kind:     train.config
severity: info
store:    once
literal:  fp16=
regex:    ^fp16=(?<fp16>True|False),\s*$
doc:      HF TrainingArguments fp16 mixed precision (with a gradient scaler)
# real (transformers 4.47 TrainingArguments dump)
example:  fp16=False,
expect:   fp16=False
not:      fp16_full_eval=False,

name:     config.hf_args.gradient_checkpointing
kind:     train.config
severity: info
store:    once
literal:  gradient_checkpointing=
regex:    ^gradient_checkpointing=(?<activation_checkpointing>True|False),\s*$
doc:      HF TrainingArguments activation (gradient) checkpointing
# real (transformers 4.47 TrainingArguments dump)
example:  gradient_checkpointing=False,
expect:   activation_checkpointing=False
not:      gradient_checkpointing_kwargs=None,

# `fsdp=[]` when off; else the FSDPOption members, the sharding one first.
name:     config.hf_args.fsdp
kind:     train.config
severity: info
store:    once
literal:  fsdp=[<FSDPOption.
regex:    ^fsdp=\[<FSDPOption\.(?<fsdp_option>[A-Z_0-9]+):
doc:      HF TrainingArguments FSDP sharding strategy (FULL_SHARD, SHARD_GRAD_OP, HYBRID_SHARD ...)
# TrainingArguments repr as printed with --fsdp "full_shard auto_wrap" (quoted in FederatedAI/FATE-LLM)
example:  fsdp=[<FSDPOption.FULL_SHARD: 'full_shard'>, <FSDPOption.AUTO_WRAP: 'auto_wrap'>],
expect:   fsdp_option=FULL_SHARD
not:      fsdp=[],

# ------------------------------------------------------------ torchtitan ---
# Start-up lines of torchtitan's trainer (rank 0 and every rank).

# 2024-09 .. 2025-10: one line with the batch sizes and sequence length.
name:     config.torchtitan.training_starts
kind:     train.config
severity: info
store:    once
literal:  Training starts at step
regex:    Training starts at step \d+, with local batch size (?<micro_batch_size>\d+), global batch size (?<global_batch_size>\d+), sequence length (?<seq_length>\d+)
type:     micro_batch_size=int global_batch_size=int seq_length=int
doc:      torchtitan batch per data-parallel rank, global batch and sequence length
# real (torchtitan 2025-02, torch rank prefix)
example:  [rank0]:2025-02-13 11:33:29,482 - root - INFO - Training starts at step 1, with local batch size 1, global batch size 8, sequence length 8192, total steps 100 (warmup 200)
expect:   micro_batch_size=1
expect:   global_batch_size=8
expect:   seq_length=8192
not:      [rank0]:[titan] 2025-11-25 19:44:58,838 - root - INFO - Training starts at step 1

# 2025-11+: the sizes moved to their own line, with the accumulation steps.
name:     config.torchtitan.trainer_initialized
kind:     train.config
severity: info
store:    once
literal:  Trainer is initialized with local batch size
regex:    Trainer is initialized with local batch size (?<micro_batch_size>\d+), global batch size (?<global_batch_size>\d+), gradient accumulation steps (?<grad_accum_steps>\d+), sequence length (?<seq_length>\d+)
type:     micro_batch_size=int global_batch_size=int grad_accum_steps=int seq_length=int
doc:      torchtitan batch per data-parallel rank, global batch, accumulation and sequence length
# real (torchtitan 2025-11)
example:  [rank0]:[titan] 2025-11-25 19:44:58,838 - root - INFO - Trainer is initialized with local batch size 8, global batch size 64, gradient accumulation steps 1, sequence length 2048, total steps 10 (warmup 2)
expect:   micro_batch_size=8
expect:   global_batch_size=64
expect:   grad_accum_steps=1
expect:   seq_length=2048
not:      [rank0]:[titan] 2025-11-25 19:44:58,838 - root - INFO - Training starts at step 1

name:     config.torchtitan.activation_checkpointing
kind:     train.config
severity: info
store:    once
literal:  activation checkpointing to the model
regex:    Applied (?<activation_checkpointing>\w+) activation checkpointing to the model
doc:      torchtitan activation checkpointing mode (selective or full)
# real (torchtitan 2025-02)
example:  [rank0]:2025-02-13 11:33:29,203 - root - INFO - Applied selective activation checkpointing to the model
expect:   activation_checkpointing=selective
not:      [rank0]:2025-02-13 11:33:29,239 - root - INFO - Applied FSDP to the model

# torchtitan's FSDP is FSDP2 (fully_shard); HSDP is FSDP2 with a replicate
# dimension; DDP is replicate().
name:     config.torchtitan.data_parallel
kind:     train.config
severity: info
store:    once
literal:  to the model
regex:    Applied (?<sharding>FSDP|HSDP|DDP) to the model
doc:      torchtitan data-parallel wrapping: FSDP (FSDP2), HSDP or DDP
# real (torchtitan 2025-02)
example:  [rank0]:2025-02-13 11:33:29,239 - root - INFO - Applied FSDP to the model
expect:   sharding=FSDP
not:      [rank0]:2025-02-13 11:33:29,203 - root - INFO - Applied selective activation checkpointing to the model

# The device mesh torchtitan builds at start-up (2024 .. 2025-08:
# parallel_dims.py logs `Building {n}-D device mesh with {names}, {sizes}`).
# Only dimensions larger than 1 are listed (so an absent one is 1), always
# in the order pp, dp_replicate, dp_shard (`dp` before 2024-12; with expert
# parallelism dp_shard_mod_ep, dp_shard_in_ep), cp, tp; the unnamed groups
# mark which names are present so that the size at the same position is
# taken. DP is captured only when one data-parallel dimension carries it
# (HSDP's product is derived from the world size instead); a list with any
# other name does not match.
name:     config.torchtitan.device_mesh
kind:     train.config
severity: info
store:    once
literal:  device mesh with [
regex:    (?x) Building\ \d+-D\ device\ mesh\ with\ \[
            (?:('pp')(?:,\ )?)?
            (?:('dp_replicate')(?:,\ )?)?
            (?:('dp_shard'|'dp')(?:,\ )?)?
            (?:('dp_shard_mod_ep'),\ 'dp_shard_in_ep'(?:,\ )?)?
            (?:('cp')(?:,\ )?)?
            ('tp')?
            \],\ \[
            (?(1)(?<pipeline_parallel_size>\d+)(?:,\ )?)
            (?(2)(?(3)\d+|(?<data_parallel_size>\d+))(?:,\ )?)
            (?(3)(?(2)\d+|(?<data_parallel_size>\d+))(?:,\ )?)
            (?(4)\d+,\ \d+(?:,\ )?)
            (?(5)(?<context_parallel_size>\d+)(?:,\ )?)
            (?(6)(?<tensor_parallel_size>\d+))
            \]
type:     pipeline_parallel_size=int data_parallel_size=int context_parallel_size=int tensor_parallel_size=int
doc:      torchtitan device mesh: pipeline, data (one dimension), context and tensor parallel sizes
# real (torchtitan 2025-02, torch rank prefix; 8 GPUs of FSDP)
example:  [rank0]:2025-02-13 11:33:12,140 - root - INFO - Building 1-D device mesh with ['dp_shard'], [8]
expect:   data_parallel_size=8
# real (torchtitan 2025-06, the [titan] prefix)
example:  [rank0]:[titan] 2025-06-26 18:12:46,592 - root - INFO - Building 1-D device mesh with ['dp_shard'], [8]
expect:   data_parallel_size=8
# the mesh of torchtitan#1570 (DeepSeek-V3 with expert parallelism, 2025-08), in that thread's line format
example:  [rank0]:[titan] 2025-08-14 06:33:20,918 - root - INFO - Building 3-D device mesh with ['dp_shard_mod_ep', 'dp_shard_in_ep', 'tp'], [4, 16, 4]
expect:   tensor_parallel_size=4
# the same format, every dimension (the order parallel_dims.py builds)
example:  [rank0]:[titan] 2025-03-04 09:12:40,114 - root - INFO - Building 4-D device mesh with ['pp', 'dp_shard', 'cp', 'tp'], [2, 4, 2, 8]
expect:   pipeline_parallel_size=2
expect:   data_parallel_size=4
expect:   context_parallel_size=2
expect:   tensor_parallel_size=8
# HSDP: replicate and shard together; DP is their product (derived)
example:  [rank0]:[titan] 2025-11-25 19:44:52,102 - root - INFO - Building 3-D device mesh with ['dp_replicate', 'dp_shard', 'tp'], [2, 4, 2]
expect:   tensor_parallel_size=2
# the same format in 2024, before the dp_shard name (dims dp, tp: torchtitan#27 era)
example:  [rank0]:2024-06-10 17:21:03,551 - root - INFO - Building 2-D device mesh with ['dp', 'tp'], [4, 2]
expect:   data_parallel_size=4
expect:   tensor_parallel_size=2
not:      [rank0]:2025-02-13 11:33:12,140 - root - INFO - Building 0-D device mesh
not:      Building 3-D device mesh with ['dp', 'sp', 'pp'], [2, 2, 2]

# The device mesh line that replaced it (torchtitan 2025-12+, parallel_dims.py
# since #1660: `Building device mesh with parallelism: pp={pp},
# dp_replicate={dp_replicate}, dp_shard={dp_shard}, cp={cp}, tp={tp},
# ep={ep}`): every degree, resolved (dp_shard -1 already replaced by what
# the world leaves). DP is captured when one of replicate and shard is 1;
# HSDP's product is derived from the world size, as above.
name:     config.torchtitan.mesh_parallelism
kind:     train.config
severity: info
store:    once
literal:  Building device mesh with parallelism:
regex:    (?x) Building\ device\ mesh\ with\ parallelism:\ pp=(?<pipeline_parallel_size>\d+),
          \ dp_replicate=(?|1,\ dp_shard=(?<data_parallel_size>\d+)|(?<data_parallel_size>\d+),\ dp_shard=1|\d+,\ dp_shard=\d+),
          \ cp=(?<context_parallel_size>\d+),\ tp=(?<tensor_parallel_size>\d+),\ ep=(?<expert_parallel_size>\d+)
type:     pipeline_parallel_size=int data_parallel_size=int context_parallel_size=int tensor_parallel_size=int expert_parallel_size=int
doc:      torchtitan parallel degrees (2025-12+): pipeline, data (FSDP or DDP; not HSDP's product), context, tensor and expert parallel sizes
# real (torchtitan#4628, 2026-09: 7 GPUs of FSDP; the logger named after its module)
example:  [rank0]:[titan] 2026-09-11 23:05:43,256 - torchtitan.distributed.parallel_dims - INFO - Building device mesh with parallelism: pp=1, dp_replicate=1, dp_shard=7, cp=1, tp=1, ep=1
expect:   pipeline_parallel_size=1
expect:   data_parallel_size=7
expect:   context_parallel_size=1
expect:   tensor_parallel_size=1
expect:   expert_parallel_size=1
# the same print (2025-12 .. 2026-08, logger root): DDP over 4 replicas with TP 2 and PP 2
example:  [rank0]:[titan] 2026-01-20 10:02:11,417 - root - INFO - Building device mesh with parallelism: pp=2, dp_replicate=4, dp_shard=1, cp=1, tp=2, ep=1
expect:   pipeline_parallel_size=2
expect:   data_parallel_size=4
expect:   tensor_parallel_size=2
# HSDP (replicate 2 x shard 4): no single DP in the line
example:  [rank0]:[titan] 2026-01-20 10:02:11,417 - root - INFO - Building device mesh with parallelism: pp=1, dp_replicate=2, dp_shard=4, cp=2, tp=1, ep=4
expect:   context_parallel_size=2
expect:   expert_parallel_size=4
not:      [rank0]:[titan] 2025-06-26 18:12:46,592 - root - INFO - Building 1-D device mesh with ['dp_shard'], [8]
not:      [rank0]:[titan] 2026-09-11 23:05:44,150 - torchtitan.distributed.parallel_dims - INFO - Successfully created meshes with active dimensions: ['batch', 'loss', 'dp', 'dp_shard']

# ------------------------------------------------------------- Lightning ---

name:     config.lightning.member
kind:     train.config
severity: info
store:    once
literal:  Initializing distributed: GLOBAL_RANK:
literal:  initializing distributed: GLOBAL_RANK:
literal:  initializing ddp: GLOBAL_RANK:
regex:    (?:[Ii]nitializing distributed|initializing ddp): GLOBAL_RANK: (?<rank>\d+), MEMBER: \d+/(?<world_size>\d+)
type:     rank=int world_size=int
doc:      Lightning/Fabric process start-up: this process's global rank and the world size
# Lightning 2.x start-up line, per formats-training.md 1.5
example:  Initializing distributed: GLOBAL_RANK: 3, MEMBER: 4/16
expect:   rank=3
expect:   world_size=16
# Lightning 1.9 on Kubernetes (Lightning-AI/pytorch-lightning#18760)
example:  Initializing distributed: GLOBAL_RANK: 2, MEMBER: 3/48
expect:   world_size=48
# Lightning 1.5 and earlier spell it in lower case (Lightning-AI/pytorch-lightning#12257)
example:  initializing distributed: GLOBAL_RANK: 2, MEMBER: 3/4
expect:   rank=2
expect:   world_size=4
# earlier Lightning releases named the plugin (a test run's log, find_string)
example:  initializing ddp: GLOBAL_RANK: 0, MEMBER: 1/1
expect:   world_size=1
not:      LOCAL_RANK: 3 - CUDA_VISIBLE_DEVICES: [0,1,2,3,4,5,6,7]

# ----------------------------------------------------------- detectron2 ---

# detectron2's default_setup() (engine/defaults.py), which its forks
# (AdelaiDet, fast-reid, detectron2-based trainers) keep word for word,
# logs each process's rank and the world size into that rank's log.txt
# (rank 0) or log.txt.rankN: the one line of rank 0's file naming its rank.
name:     config.detectron2.rank
kind:     train.config
severity: info
store:    once
literal:  Rank of current process: 
regex:    \bRank of current process: (?<rank>\d+)\. World size: (?<world_size>\d+)
type:     rank=int world_size=int
doc:      detectron2's start-up line (default_setup): this process's global rank and the world size
# rank 0's log.txt of a two-GPU DenseCL run (AsrarH/detectron, dev half)
example:  [12/31 02:03:21] detectron2 INFO: Rank of current process: 0. World size: 2
expect:   rank=0
expect:   world_size=2
# rank 2's log.txt.rank2 of a six-GPU run (AsrarH/detectron_exp2, dev half)
example:  [01/09 11:24:58] detectron2 INFO: Rank of current process: 2. World size: 6
expect:   rank=2
expect:   world_size=6
not:      Initializing distributed: GLOBAL_RANK: 3, MEMBER: 4/16

# ------------------------------------------------------------- submitit ---

name:     config.submitit.environment
kind:     train.config
severity: info
store:    once
literal:  Starting with JobEnvironment(
regex:    Starting with JobEnvironment\(job_id=[^,]+, hostname=[^,]+, local_rank=\d+\(\d+\), node=\d+\(\d+\), global_rank=(?<rank>\d+)\((?<world_size>\d+)\)
type:     rank=int world_size=int
doc:      submitit's start of a Slurm task (submitit/core/submission.py): global_rank=R(N) is this task's rank and the number of tasks, the world when there is one task per rank
# real (facebookincubator/submitit#1701)
example:  submitit INFO (2022-07-12 04:17:53,762) - Starting with JobEnvironment(job_id=60601445, hostname=learnfair0293, local_rank=0(2), node=0(1), global_rank=0(2))
expect:   rank=0
expect:   world_size=2
# real (facebookincubator/submitit#1618)
example:  submitit INFO (2021-04-01 01:25:50,621) - Starting with JobEnvironment(job_id=39025082, hostname=learnfair4096, local_rank=0(1), node=0(1), global_rank=0(1))
expect:   world_size=1
not:      Initializing distributed: GLOBAL_RANK: 3, MEMBER: 4/16

name:     config.lightning.registered
kind:     train.config
severity: info
store:    once
literal:  All distributed processes registered. Starting with
regex:    All distributed processes registered\. Starting with (?<world_size>\d+) processes
type:     world_size=int
doc:      Lightning/Fabric rank-0 banner: all processes joined
# Lightning 2.x start-up line, per formats-training.md 1.5
example:  All distributed processes registered. Starting with 16 processes
expect:   world_size=16
not:      Initializing distributed: GLOBAL_RANK: 3, MEMBER: 4/16

# Printed by rank 0 when the Trainer is built with precision 16-mixed or
# bf16-mixed (before 2.0: 16 / bf16).
# Lightning's DeepSpeed strategy: its own start-up line (the same rank and
# world as the generic one, which it replaces) and the precision it gives
# DeepSpeed when the user's config names none. The ZeRO stage comes from
# DeepSpeed's own config dump (config.deepspeed.*).
name:     config.lightning.deepspeed_member
kind:     train.config
severity: info
store:    once
literal:  initializing deepspeed distributed: GLOBAL_RANK:
regex:    initializing deepspeed distributed: GLOBAL_RANK: (?<rank>\d+), MEMBER: \d+/(?<world_size>\d+)
type:     rank=int world_size=int
doc:      Lightning DeepSpeedStrategy start-up: this process's global rank and the world size
# real (pytorch_lightning logger form, 4 GPUs)
example:  INFO:pytorch_lightning.strategies.deepspeed:initializing deepspeed distributed: GLOBAL_RANK: 0, MEMBER: 1/4
expect:   rank=0
expect:   world_size=4
# real (Ray Train worker, 16 ranks)
example:  (RayTrainWorker pid=4048, ip=10.0.130.188) initializing deepspeed distributed: GLOBAL_RANK: 5, MEMBER: 6/16
expect:   rank=5
expect:   world_size=16
not:      Initializing distributed: GLOBAL_RANK: 3, MEMBER: 4/16

name:     config.lightning.deepspeed_precision
kind:     train.config
severity: info
store:    once
literal:  Enabling DeepSpeed
regex:    \bEnabling DeepSpeed (?<dtype>FP16|BF16)\.
doc:      Lightning DeepSpeedStrategy precision (fp16 with DeepSpeed's loss scaler, or bf16)
# real (pytorch_lightning logger form)
example:  INFO:pytorch_lightning.utilities.rank_zero:Enabling DeepSpeed BF16.
expect:   dtype=BF16
# real (Lightning 1.x start-up, quoted in an issue)
example:  Enabling DeepSpeed FP16.
expect:   dtype=FP16
# Lightning 2.x adds the cast
example:  Enabling DeepSpeed BF16. Model parameters and inputs will be cast to `bfloat16`.
expect:   dtype=BF16
not:      INFO:pytorch_lightning.utilities.rank_zero:Using 16bit Automatic Mixed Precision (AMP)

name:     config.lightning.amp
kind:     train.config
severity: info
store:    once
literal:  Automatic Mixed Precision (AMP)
regex:    \bUsing (?<dtype>bfloat16|16bit) (?:\w+ )?Automatic Mixed Precision \(AMP\)
doc:      Lightning mixed precision: bfloat16 or 16bit (fp16 with a gradient scaler)
# real (Lightning 2.x, quoted in a run log)
example:  Using bfloat16 Automatic Mixed Precision (AMP)
expect:   dtype=bfloat16
# real (pytorch_lightning logger form)
example:  INFO:pytorch_lightning.utilities.rank_zero:Using 16bit Automatic Mixed Precision (AMP)
expect:   dtype=16bit
not:      GPU available: True (cuda), used: True

# ---------------------------------------------------------- command lines ---
# A Megatron training command as `set -x`, a job script's echo or a
# wrapper prints it (one line; a backslash-continued command gives one line
# per flag group). Flags in any order, `=` or a space; shell variables are
# not numbers. The kind is launcher.args, with the launcher's own sizes
# when the line starts with torchrun (same captures as
# topology.launch_cmdline, which this pattern outranks on such lines).
name:     config.cmdline.megatron
kind:     launcher.args
severity: info
priority: 1
literal:  --micro-batch-size
literal:  --global-batch-size
literal:  --tensor-model-parallel-size
literal:  --pipeline-model-parallel-size
regex:    (?x) (?= .*?(?<!\S)--(?:micro-batch-size|global-batch-size|tensor-model-parallel-size|pipeline-model-parallel-size)[= ]\d )
          (?: (?= .*?(?:torchrun|torch\.distributed\.(?:launch|run))\s
                  (?= (?:.*?\s)? --nnodes[= ](?<nnodes>\d+)(?![\d:]) )
                  (?= (?:.*?\s)? --nproc[-_]per[-_]node[= ](?<nproc_per_node>\d+)(?!\d) )
                  (?: (?= (?:.*?\s)? --node[-_]rank[= ](?<node_rank>\d+)(?!\d) ) | )
                  (?: (?= (?:.*?\s)? --rdzv[-_]backend[= ](?<rdzv_backend>[\w-]+) ) | ) ) | )
          (?: (?= .*?(?<!\S)--micro-batch-size[= ](?<micro_batch_size>\d+)(?![\w$]) ) | )
          (?: (?= .*?(?<!\S)--global-batch-size[= ](?<global_batch_size>\d+)(?![\w$]) ) | )
          (?: (?= .*?(?<!\S)--tensor-model-parallel-size[= ](?<tensor_parallel_size>\d+)(?![\w$]) ) | )
          (?: (?= .*?(?<!\S)--pipeline-model-parallel-size[= ](?<pipeline_parallel_size>\d+)(?![\w$]) ) | )
          (?: (?= .*?(?<!\S)--context-parallel-size[= ](?<context_parallel_size>\d+)(?![\w$]) ) | )
          (?: (?= .*?(?<!\S)--expert-model-parallel-size[= ](?<expert_parallel_size>\d+)(?![\w$]) ) | )
          (?: (?= .*?(?<!\S)--seq-length[= ](?<seq_length>\d+)(?![\w$]) ) | )
          (?: (?= .*?(?<!\S)--(?<dtype>bf16|fp16)(?![\w-]) ) | )
          (?: (?= .*?(?<!\S)--recompute-granularity[= ](?<activation_checkpointing>full|selective)\b ) | )
type:     nnodes=int nproc_per_node=int node_rank=int micro_batch_size=int global_batch_size=int tensor_parallel_size=int pipeline_parallel_size=int context_parallel_size=int expert_parallel_size=int seq_length=int
doc:      Megatron-LM training flags on a command line (and the launcher's sizes when torchrun launches it)
# a BERT job under torch.distributed.launch (issue quoting its run script)
example:  python -m torch.distributed.launch --nproc_per_node 4 --nnodes 1 --node_rank 0 --master_addr localhost --master_port 8898 pretrain_bert.py --num-layers 24 --hidden-size 1024 --num-attention-heads 16 --micro-batch-size 4 --global-batch-size 16 --seq-length 512 --max-position-embeddings 512 --train-iters 1000000
expect:   nnodes=1
expect:   nproc_per_node=4
expect:   node_rank=0
expect:   micro_batch_size=4
expect:   global_batch_size=16
expect:   seq_length=512
# Flux-launched Megatron BERT, no torchrun on the line
example:  python3 pretrain_bert.py --num-layers 12 --hidden-size 768 --num-attention-heads 12 --seq-length 512 --max-position-embeddings 512 --micro-batch-size 4 --global-batch-size 48 --train-iters 10 --lr 1.0e-4 --min-lr 1.0e-6 --init-method-std 0.02 --data-path $DATASET_PATH --vocab-file $VOCAB_FILE --tokenizer-type BertWordPieceLowerCase --split 949,50,1 --distributed-backend nccl --dataloader-type single --fp16 --num-workers 0 --log-interval 1
expect:   micro_batch_size=4
expect:   global_batch_size=48
expect:   dtype=fp16
# a run script's echo of its argument group (Megatron-LM MoE issue)
example:  TRAINING_ARGS: --micro-batch-size 4 --global-batch-size 64 --train-iters 40000 --lr-decay-iters 38000 --lr-warmup-iters 1000 --lr 0.0006 --min-lr 0.00006 --lr-decay-style cosine --weight-decay 0.1 --clip-grad 1.0 --bf16 --use-flash-attn --accumulate-allreduce-grads-in-fp32 --overlap-grad-reduce --overlap-param-gather --no-gradient-accumulation-fusion
expect:   micro_batch_size=4
expect:   global_batch_size=64
expect:   dtype=bf16
# one flag group of a backslash-continued command (Megatron-LM README)
example:    --tensor-model-parallel-size 4 \
expect:   tensor_parallel_size=4
not:      --micro-batch-size ${MBS} --global-batch-size ${GBS} \
not:        micro_batch_size ................................ 4

# `accelerate launch --num_processes N` starts N processes in all; also
# as the argument list a Python wrapper prints or passes to subprocess
# (AutoTrain's log, a CalledProcessError's `Command '[...]'`).
name:     config.cmdline.accelerate
kind:     train.config
severity: info
store:    once
literal:  accelerate launch
literal:  'accelerate', 'launch',
regex:    \baccelerate launch\s(?=(?:.*?\s)?--num_processes[= ](?<world_size>\d+)(?!\d))|'accelerate', 'launch',(?=.*?'--num_processes(?:', '|=)(?<world_size>\d+)')
type:     world_size=int
doc:      Accelerate launcher: the total number of processes
# a training script's launch line (AnyEdit)
example:  accelerate launch --num_processes 8 --num_machines 1 --num_cpu_threads_per_process 4 --mixed_precision bf16 \
expect:   world_size=8
# AutoTrain's log of the command it runs (huggingface/autotrain-advanced#737, dev half)
example:  INFO     | 2024-08-21 22:52:33 | autotrain.commands:launch_command:478 - ['accelerate', 'launch', '--num_machines', '1', '--num_processes', '1', '--mixed_precision', 'fp16', '-m', 'autotrain.trainers.sent_transformers', '--training_config', 'gemma-2-2b-oh-devinator/training_params.json']
expect:   world_size=1
not:      accelerate launch --num_processes=$NUM_PROCESSES train.py

# ------------------------------------------------------------------ NeMo ---
# NeMo (1.x, Hydra) echoes its whole configuration as YAML after
# `************** Experiment configuration ***********`, indented under the
# logger's header line. One key per line; nested keys keep their indent.
name:     config.nemo.yaml
kind:     train.config
severity: info
store:    once
literal:  micro_batch_size: 
literal:  global_batch_size: 
literal:  tensor_model_parallel_size: 
literal:  pipeline_model_parallel_size: 
literal:  context_parallel_size: 
literal:  expert_model_parallel_size: 
literal:  encoder_seq_length: 
literal:  precision: 
literal:  activations_checkpoint_granularity: 
regex:    (?x) ^\s*(?:
            micro_batch_size:\ (?<micro_batch_size>\d+)
          | global_batch_size:\ (?<global_batch_size>\d+)
          | tensor_model_parallel_size:\ (?<tensor_parallel_size>\d+)
          | pipeline_model_parallel_size:\ (?<pipeline_parallel_size>\d+)
          | context_parallel_size:\ (?<context_parallel_size>\d+)
          | expert_model_parallel_size:\ (?<expert_parallel_size>\d+)
          | encoder_seq_length:\ (?<seq_length>\d+)
          | precision:\ (?<dtype>bf16(?:-mixed)?|16(?:-mixed)?|32(?:-true)?)
          | activations_checkpoint_granularity:\ (?<activation_checkpointing>\w+)
          )\s*$
type:     micro_batch_size=int global_batch_size=int tensor_parallel_size=int pipeline_parallel_size=int context_parallel_size=int expert_parallel_size=int seq_length=int
doc:      NeMo experiment configuration (YAML echo): batch sizes, parallel sizes, sequence length, precision, activation checkpointing
# real (NeMo 1.x, 2023-09: `[NeMo I ... train_reward_model:44]` then the YAML)
example:        micro_batch_size: 1
expect:   micro_batch_size=1
example:        global_batch_size: 4
expect:   global_batch_size=4
example:        tensor_model_parallel_size: 1
expect:   tensor_parallel_size=1
example:        encoder_seq_length: 4096
expect:   seq_length=4096
example:        precision: bf16
expect:   dtype=bf16
example:        activations_checkpoint_granularity: selective
expect:   activation_checkpointing=selective
not:            virtual_pipeline_model_parallel_size: null
not:            rampup_batch_size: null
not:            num_micro_batches_with_partial_activation_checkpoints: null

# accelerate's state summary (PartialState/AcceleratorState repr), which
# scripts log at start-up; its `Num processes` is the total process count
# (all machines). The summary spans lines, so only this line is read, and
# it is anchored at the start of the body: `Avg Time / Num Processes: ...`
# in other tools' lines is not it.
name:     config.accelerate.num_processes
kind:     train.config
severity: info
store:    once
literal:  Num processes:
regex:    ^(?:stdout: )?Num processes: (?<world_size>\d+)\s*$
type:     world_size=int
doc:      accelerate: the job's total number of processes (its world size)
# `accelerate test` output, every line prefixed by the test runner (huggingface/accelerate#806)
example:  stdout: Num processes: 2
expect:   world_size=2
# under mpirun (SageMaker smddp), Open MPI's tag before it (find_string: a SageMaker example log)
example:  [1,mpirank:0,algo-1]<stderr>:Num processes: 8
expect:   world_size=8
# a training script logging the state after a python-logging line (find_string: a PaddleNLP-style README log)
example:  Num processes: 8
expect:   world_size=8
not:      Action: LOOK_DOWN || Tries: 189 ||Avg Time / Num Processes: 0.0058 secs || Num Processes: 8
not:      stdout: Process index: 0

# LLaMA-Factory's start-up summary, one per process (hparams/parser.py,
# 0.9+: "Process rank: {process_index}, world size: {world_size}, device:
# ..."): process_index is the global rank. The older form logged the local
# rank and no world size, and is not read.
name:     config.llamafactory.process
kind:     train.config
severity: info
literal:  , world size: 
regex:    \bProcess rank: (?<rank>\d+), world size: (?<world_size>\d+), device: 
type:     rank=int world_size=int
doc:      LLaMA-Factory: this process's global rank and the job's world size
# eight GPUs, torchrun (find_string: a user's LLaMA-Factory training log)
example:  [INFO|2025-05-27 15:16:51] llamafactory.hparams.parser:401 >> Process rank: 2, world size: 8, device: cuda:2, distributed training: True, compute dtype: torch.bfloat16
expect:   rank=2
expect:   world_size=8
# four GPUs, a later release (find_string: another user's log)
example:  [INFO|2026-01-27 18:33:24] llamafactory.hparams.parser:423 >> Process rank: 2, world size: 4, device: cuda:2, distributed training: True, compute dtype: torch.bfloat16
expect:   world_size=4
# Intel XPUs (find_string: a third user's log)
example:  [INFO|2025-11-26 12:43:45] llamafactory.hparams.parser:468 >> Process rank: 0, world size: 2, device: xpu:0, distributed training: True, compute dtype: torch.bfloat16
expect:   rank=0
expect:   world_size=2
# one GPU, not distributed (find_string: a fourth user's log)
example:  [INFO|2025-04-30 22:55:20] llamafactory.hparams.parser:401 >> Process rank: 0, world size: 1, device: cuda:0, distributed training: False, compute dtype: torch.bfloat16
expect:   world_size=1
# the 2024 form: a local rank, no world size (find_string: an llmtuner log)
not:      02/15/2024 23:26:52 - INFO - llmtuner.hparams.parser - Process rank: 0, device: cuda:0, n_gpu: 1

# fairseq's world size: its argparse Namespace (before 0.10), its config
# dict (`'distributed_world_size': 8`, 0.10+), a hydra override on the
# command line (`distributed_training.distributed_world_size=2`), and
# fairseq-py's 2017 start-up line (`| using 8 GPUs (with max tokens per
# GPU = 4000 ...)`: one node's GPUs, all of the job's).
name:     config.fairseq.world_size
kind:     train.config
severity: info
store:    once
literal:  distributed_world_size
literal:  GPUs (with max tokens per GPU
regex:    (?<![\w])(?:distributed_training\.)?distributed_world_size(?:=|': )(?<world_size>\d+)(?=[,})\s]|$)|\| using (?<world_size>\d+) GPUs \(with max tokens per GPU
type:     world_size=int
doc:      fairseq: the job's world size (all GPUs)
# fairseq 0.9 Namespace dump of a training log (found by find_string)
example:  None, distributed_no_spawn=False, distributed_num_procs=0, distributed_port=-1, distributed_rank=0, distributed_world_size=1, distributed_wrapper='DDP', dropout=0.1, empty_cache_freq=0, encoder_attention_heads=12
expect:   world_size=1
# fairseq-hydra-train override, one flag of a backslash-continued command (a wav2vec 2.0 fine-tuning script, found by find_string)
example:  distributed_training.distributed_world_size=2  \
expect:   world_size=2
# fairseq-py 2017 (facebookresearch/fairseq#41, dev half; #103 has `| using 3 GPUs`)
example:  | using 8 GPUs (with max tokens per GPU = 4000)
expect:   world_size=8
example:  | using 3 GPUs (with max tokens per GPU = 2000 and max sentences per GPU = None)
expect:   world_size=3
not:      distributed_training.distributed_world_size=${NUM_GPUS} \
not:          if args.distributed_world_size == 1:

# A world size a script or a library prints on a line of its own: a bare
# `world size: N` (a training script's print), an attribute dump
# (`self.dist_world_size: N`, ESPnet's distributed options), `DDP rank: R,
# world size: N`, lhotse's sampler (`Distributed training with world size of
# N detected`). A print can be wrong (one process asking before the group
# exists says 1): the analysis takes the largest statement that the ranks
# seen do not contradict (docs/internals/analyze.md).
name:     config.world_size.print
kind:     train.config
severity: info
store:    once
literal:  world size
literal:  world_size
literal:  World size
regex:    (?:^\s*(?:DDP rank: \d+, )?(?:self\.)?(?:dist_)?(?:[Ww]orld size|world_size)\s*[:=]\s*(?<world_size>\d+)\s*$|\bDistributed training with world size of (?<world_size>\d+) detected\b)
type:     world_size=int
doc:      a world size the job printed itself
# OpenLane's launch script, printed by each of six processes (OpenDriveLab/OpenLane#26, dev half)
example:  world size: 6
expect:   world_size=6
# ESPnet's distributed options printed by a user (espnet/espnet#1940, dev half)
example:  self.dist_world_size: 4
expect:   world_size=4
# a DDP data loader's debug print (official-stockfish/nnue-pytorch#352)
example:  DDP rank: 2, world size: 4
expect:   world_size=4
# lhotse's sampler under icefall/snowfall (k2-fsa/snowfall#155)
example:  2021-04-12 13:18:01,201 INFO [sampling.py:523] Distributed training with world size of 2 detected (node's local rank is 1. Splitting cuts into 2 partitions (this partition has cut IDs range\
expect:   world_size=2
not:      using world size: 2, data-parallel size: 2, context-parallel size: 1, hierarchical context-parallel sizes: None, tensor-model-parallel size: 1, pipeline-model-parallel size: 1
not:        world_size ...................................... 128
not:      Namespace(backend='tcp', init_method='tcp://192.168.1.20:12345', rank=0, steps=20, world_size=3)

# A world size stated inside a longer line: a script's or a library's own
# report of the process group it set up (`Running DDP on rank R with
# world_size N`, the common DDP tutorial's; `Using DDP world_size=N`;
# DeepSpeed's MPI discovery; Ray Train's DistributedContext; PiPPy's and
# nanochat's banners). Not a sub-group's size: a qualifier before it
# (`local_world_size`, `data parallel world size`, `DP world size`,
# `tensor`, `pipeline`, `expert`, `model`, `group`, `node`, ...), nor a
# number in arithmetic (DeepSpeed's batch assertion `... * world_size 64
# != 4 * 16 * 1`, where 64 is the batch). The last pattern tried on a
# line, so that no error line is taken from the pattern that reads it;
# the analysis takes the largest statement the ranks seen do not
# contradict (docs/internals/analyze.md).
name:     config.world_size.stated
kind:     train.config
severity: info
store:    once
priority: -30
literal:  world_size
literal:  world size
literal:  World size
literal:  World Size
literal:  WORLD_SIZE
regex:    (?<![\w.-])(?<!local[ _])(?<!parallel[ _])(?<!group[ _])(?<!model[ _])(?<!data[ _])(?<!node[ _])(?<!expert[ _])(?<!tensor[ _])(?<!pipeline[ _])(?<!sequence[ _])(?<!context[ _])(?<!\b[DTPECSMdtpecsm]P[ _])(?<!\*\s)(?:[Ww]orld[ _][Ss]ize|WORLD_SIZE)(?:\s*[:=]\s*|\s+(?:of\s+|is\s+)?)(?<world_size>\d+)(?![\d.]|\s*[!<>=*/+%-])
type:     world_size=int
doc:      a world size stated inside a longer line (not a sub-group's, not in arithmetic)
# ECMWF's miles-credit under torchrun, the DDP tutorial's line (NCAR/miles-credit, dev half)
example:  INFO:root:Running DDP on rank 4 with world_size 8 using nccl.
expect:   world_size=8
# a DDP training script's start-up line (dev half)
example:  [2026-04-16 01:40:17 Beijing] Using DDP world_size=4, local_rank=0, device=cuda:0
expect:   world_size=4
# DeepSpeed's MPI discovery on Aurora (argonne-lcf, dev half)
example:          [2024-01-23 00:02:19,888] [INFO] [comm.py:702:mpi_discovery] Discovered MPI settings of world_rank=8, local_rank=8, world_size=24, master_addr=10.115.53.137, master_port=29500
expect:   world_size=24
# Ray Train's worker context (ray-project/ray#63807, dev half)
example:  (TrainController pid=79312)   distributed_context=DistributedContext(world_rank=1, world_size=2, local_rank=1, local_world_size=2, node_rank=0),
expect:   world_size=2
# PiPPy's banner (pytorch/PiPPy#771, dev half)
example:  [PiPPy] World size: 4, DP group size: 1, PP group size: 4
expect:   world_size=4
# nanochat's logger (dev half)
example:  2026-03-16 22:57:30,775 - nanochat.common - INFO - Distributed world size: 1
expect:   world_size=1
# DeepSpeed's batch assertion: the number after world_size is the batch
not:      [rank0]: AssertionError: Check batch related parameters. train_batch_size is not equal to micro_batch_per_gpu * gradient_acc_step * world_size 8 != 2 * 1 * 1 
not:      AssertionError: Check batch related parameters. train_batch_size is not equal to micro_batch_per_gpu * gradient_acc_step * world_size 256 != 4 * 8 * 1
# a sub-group's size: OLMo's trainer logs `Data parallel world size = {n:,d}` (find_string)
not:      Data parallel world size = 8

# PaddlePaddle's dynamic-graph NCCL set-up (imperative/nccl_context.cc,
# 1.x to 2.x, glog): `init nccl context nranks: N local rank: R gpu id: G`
# (`ring id: K` since 2.0, one line a ring): nranks is the parallel
# strategy's trainer count, the job's world. (R is the trainer's id, not
# read here.)
name:     config.paddle.nccl_context
kind:     train.config
severity: info
store:    once
literal:  init nccl context nranks: 
regex:    \binit nccl context nranks: (?<world_size>\d+) local rank: \d+ gpu id: \d+(?: ring id: \d+)?\s*$
type:     world_size=int
doc:      PaddlePaddle's NCCL context: the trainers' count (the world)
# PaddleScripts' run of eight GPUs (dev half)
example:  I1228 09:49:21.445186 18730 nccl_context.cc:189] init nccl context nranks: 8 local rank: 0 gpu id: 0 ring id: 0
expect:   world_size=8
# Paddle 1.8 without ring ids (PaddlePaddle/Paddle#27081, dev half)
example:  I0905 12:50:03.092572 18840 nccl_context.cc:127] init nccl context nranks: 4 local rank: 2 gpu id: 2
expect:   world_size=4
# a speech recognition project's log under paddle.distributed.launch (find_string)
example:  I0424 08:57:03.707505  3377 nccl_context.cc:74] init nccl context nranks: 2 local rank: 0 gpu id: 0 ring id: 0
expect:   world_size=2

# An argparse Namespace printed at start-up with a `world_size` argument.
# DeiT and MAE (and the scripts built on them: timm-style trainers,
# torchvision's references) print it after init_distributed_mode copied
# WORLD_SIZE into it, so it is the launched world (DeiT's main.py since
# its first commit; a DeiT fork's log under --nproc_per_node=2 shows
# world_size=2, VincentXu521/ActiveDC); a script that prints
# its arguments before that shows the default (1), which the ranks seen
# contradict (the analysis takes the largest statement they do not).
name:     config.namespace.world_size
kind:     train.config
severity: info
store:    once
literal:  Namespace(
regex:    \bNamespace\(.*?(?<![\w])world_size=(?<world_size>\d+)(?=[,)])
type:     world_size=int
doc:      the world size in a script's printed arguments (after the distributed set-up wrote it)
# a DeiT-based classifier, four processes (bareheadtom/SwiftFormer dist_train.log, dev half)
example:  args Namespace(batch_size=128, epochs=300, model='SwiftFormer_XS', input_size=224, model_ema=True, model_ema_decay=0.99996, model_ema_force_cpu=False, opt='adamw', opt_eps=1e-08, opt_betas=None, clip_grad=0.01, clip_mode='agc', momentum=0.9, weight_decay=0.025, sched='cosine', lr=0.002, lr_noise=None, lr_noise_pct=0.67, lr_noise_std=1.0, warmup_lr=1e-06, min_lr=1e-05, decay_epochs=30, warmup_epochs=5, cooldown_epochs=10, patience_epochs=10, decay_rate=0.1, color_jitter=0.4, aa='', smoothing=0.1, train_interpolation='bicubic', repeated_aug=True, reprob=0.25, remode='pixel', recount=1, resplit=False, mixup=0.0, cutmix=0.0, cutmix_minmax=None, mixup_prob=1.0, mixup_switch_prob=0.5, mixup_mode='batch', teacher_model='regnety_160', teacher_path='https://dl.fbaipublicfiles.com/deit/regnety_160-a5fe301d.pth', distillation_type='hard', distillation_alpha=0.5, distillation_tau=1.0, finetune='', data_path='/datasets/ILSVRC2012', data_set='IMNET', inat_category='name', output_dir='SwiftFormer_XS_results', device='cuda', seed=0, resume='', start_epoch=0, eval=False, dist_eval=False, num_workers=10, pin_mem=True, world_size=4, dist_url='env://', rank=0, gpu=0, distributed=True, dist_backend='nccl')
expect:   world_size=4
# ColossalAI's Llama 2 benchmark, its arguments without a world size (hpcaitech/ColossalAI#4537, dev half)
not:      ```args: Namespace(config='7b', plugin='gemini', batch_size=16, num_steps=5, ignore_steps=2, grad_checkpoint=True, max_length=4096, warmup_ratio=0.8, memory_limit=None, xformers=False, shard_param_frac=1.0, offload_optim_frac=0.0, offload_param_frac=0.0, tp=4, pp=2, mbs=1, zero=0)```

# The WORLD_SIZE environment variable on a line of its own: a job
# script's `export WORLD_SIZE=N`, its `set -x` trace (`+ export
# WORLD_SIZE=64`, `+ WORLD_SIZE=64`) and echo, an `env` dump. The contract
# names WORLD_SIZE as a statement of the world. (A Kubeflow PyTorchJob
# sets it to the pod count before torchrun sets each worker's: the
# analysis takes the largest statement the ranks seen do not contradict.)
name:     config.env.world_size
kind:     train.config
severity: info
store:    once
literal:  WORLD_SIZE=
regex:    ^\s*(?:\++ )?(?:export )?WORLD_SIZE=(?<world_size>\d+)\s*$
type:     world_size=int
doc:      the job's WORLD_SIZE as its script set or printed it
# an MLPerf BERT run over srun -l, rank 2's bash -x trace (mlcommons/training_results_v2.1, Dell, dev half)
example:   2: + export WORLD_SIZE=64
expect:   world_size=64
example:   2: + WORLD_SIZE=64
expect:   world_size=64
example:   2: WORLD_SIZE=64
expect:   world_size=64
# an MLPerf BERT run on 18 nodes of two A100s, each task's env line (mlcommons/training_results_v3.1, Clemson, dev half)
example:  13: WORLD_SIZE=36
expect:   world_size=36
not:       2: + echo WORLD_SIZE=64
not:      Setting up distributed environement with MASTER_ADDR=learnfair0293, MASTER_PORT=33666, RANK=0, WORLD_SIZE=2

# ColossalAI's launch() (0.3+) logs the default group's size on rank 0,
# through its rich console handler (`INFO     colossalai - colossalai -
# INFO: ...`) or plain. (Before 0.3 the line listed data, pipeline and
# tensor parallel sizes instead, which this does not read.)
name:     config.colossalai.world_size
kind:     train.config
severity: info
store:    once
literal:  Distributed environment is initialized, world size:
regex:    \bDistributed environment is initialized, world size: (?<world_size>\d+)
type:     world_size=int
doc:      ColossalAI: the job's world size
# Open-Sora inference run log, rich console form (found by find_string)
example:                      INFO     colossalai - colossalai - INFO: Distributed environment is initialized, world size: 1                                                                              
expect:   world_size=1
# a run report quoting the stage it reached, plain (found by find_string)
example:  Distributed environment is initialized, world size: 1
expect:   world_size=1
not:      INFO: Distributed environment is initialized, data parallel size: 2, pipeline parallel size: 1, tensor parallel size: 1 

# ------------------------------------------------- rejected configurations ---
# A start-up check refused the configuration: the job stopped before
# training (cause config_error). Inside a Python traceback the exception
# line is part of the proc.traceback block; src/analyze/rules.c maps those
# by exc_msg. These patterns catch the line when it stands alone (rich
# tracebacks, interleaved ranks, a paste of the last line).

# The interpreter a launcher started could not open the training script:
# a relative path run from another working directory, or code that is not
# on every node (pdsh / mpirun / srun start the same command everywhere).
# Python prints it and exits 2 before any import.
name:     config.invalid.script_missing
kind:     config.invalid
severity: error
literal:  can't open file '
regex:    (?:(?<interpreter>\S*python[\d.]*): )?can't open file '(?<script>[^']+)': \[Errno 2\] No such file or directory
doc:      The launched interpreter found no training script at this path on this node: run from the directory the path is relative to, give an absolute path, or put the code on every node (a shared file system, or the image).
# EleutherAI/gpt-neox#88 (DeepSpeed's pdsh runner, every worker of a node)
example:  10.141.250.227: /usr/bin/python3: can't open file 'train_mpu.py': [Errno 2] No such file or directory
expect:   interpreter=/usr/bin/python3
expect:   script=train_mpu.py
# a tool's run from the wrong directory (find_string; `python3: ` reads as a host prefix)
example:  python3: can't open file '/home/jmmint/embroidery_business_agent_system/tools/embiz_deep_inventory_audit.py': [Errno 2] No such file or directory
expect:   script=/home/jmmint/embroidery_business_agent_system/tools/embiz_deep_inventory_audit.py
not:      OSError: [Errno 2] No such file or directory: 'train_mpu.py'

# Python's argparse rejecting the command line (Lib/argparse.py: the
# program's name, then "error: " and its message), and exiting 2 before
# the job starts. Since torch 2.0, torch.distributed.launch passes
# --local-rank (with a hyphen), which a script that declares --local_rank
# rejects: the launcher's upgrade broke the job, not the script's data.
name:     config.invalid.argparse
kind:     config.invalid
severity: error
literal:  error: unrecognized arguments: 
literal:  error: the following arguments are required: 
literal:  error: argument 
regex:    (?:(?<prog>[^:]+): |^)error: (?<error>unrecognized arguments: \S.*?|the following arguments are required: \S.*?|argument [^\s:]+(?:/[^\s:]+)?: \S.*?)\s*$
doc:      The script's argument parser rejected its command line and the process exited 2 before training: fix the arguments. "unrecognized arguments: --local-rank=N" is torch 2.0's launcher passing --local-rank to a script that declares --local_rank: launch with torchrun and read LOCAL_RANK from the environment, or accept both spellings.
# babylm/baseline-pretraining#2 (torch.distributed.launch, torch 2.0)
example:  general_train.py: error: unrecognized arguments: --local-rank=0
expect:   prog=general_train.py
expect:   error=unrecognized arguments: --local-rank=0
# huggingface/pytorch-image-models#1724 (timm's train.py under torch 2.0)
example:  train.py: error: unrecognized arguments: --local-rank=0
# modelscope/FunASR#1159 (a parser titled by the program)
example:  Task related config: error: unrecognized arguments: --local-rank=0
expect:   prog=Task related config
# the program's name cut from the paste, one line per local rank
# (yangjianxin1/Firefly#154, dev half, under DeepSpeed's launcher)
example:  error: unrecognized arguments: --local_rank=0
expect:   error=unrecognized arguments: --local_rank=0
# a script's required flags missing (find_string)
example:  race_githubtoken.py: error: the following arguments are required: --owner, --repo, --pr, --pat
expect:   error=the following arguments are required: --owner, --repo, --pr, --pat
not:      srun: error: node12: task 0: Segmentation fault (core dumped)
not:      usage: general_train.py

# A precision or kernel the configuration asks for that this GPU cannot
# run, refused at start-up by the library's own check: transformers'
# TrainingArguments (`--bf16` and `--tf32` need Ampere), PyTorch's autocast
# (bf16 on a GPU without it), FlashAttention
# (Ampere or newer), TransformerEngine's fp8_autocast (compute capability
# 8.9, its `reason_for_no_fp8`). The configuration is wrong for the
# hardware: fp16 instead of bf16, another attention implementation, no FP8.
name:     config.invalid.gpu_unsupported
kind:     config.invalid
severity: error
literal:  doesn't support bf16/gpu
literal:  Bfloat16 is only supported on GPUs
literal:  --tf32 requires Ampere
literal:  FlashAttention only supports Ampere GPUs or newer
literal:  FlashAttention backward for head dim
literal:  too old to be supported by the triton GPU compiler
literal:  required for FP8 execution
literal:  Device does not support bfloat16
regex:    ^(?!.*\[WARNING\]).*?(?<error>Bfloat16 is only supported on GPUs with compute capability of at least \d+(?:\.\d+)?|FlashAttention backward for head dim > \d+ requires A100(?:/A800)? or H100(?:/H800)?|Found .+? which is too old to be supported by the triton GPU compiler|Your setup doesn't support bf16/gpu\.|--tf32 requires Ampere or a newer GPU arch|FlashAttention only supports Ampere GPUs or newer|Device compute capability [\d.x]+(?: or higher)? required for FP8 execution|Current CUDA Device does not support bfloat16)
doc:      The configuration asks for a precision or kernel this GPU cannot run (bf16 and tf32 need Ampere or newer, FlashAttention too, and its backward pass for large head dimensions an A100 or H100; torch.compile's Triton backend needs compute capability 7.0; FP8 needs 8.9): train in fp16 (with a loss scaler) or fp32, pick another attention implementation (sdpa, eager), turn torch.compile off, or run on newer GPUs.
# databrickslabs/dolly#11 (transformers' TrainingArguments on 8 V100s)
example:  ValueError: Your setup doesn't support bf16/gpu. You need torch>=1.10, using Ampere GPU with cuda>=11.0
expect:   error=Your setup doesn't support bf16/gpu.
# lm-sys/FastChat#1191 (the tf32 check, after turning bf16 off)
example:  ValueError: --tf32 requires Ampere or a newer GPU arch, cuda>=11 and torch>=1.7
expect:   error=--tf32 requires Ampere or a newer GPU arch
# vllm-project/vllm#8189 (FlashAttention under vLLM's worker)
example:  ERROR 01-11 13:09:40 engine.py:366] RuntimeError: Error in model execution (input dumped to /tmp/err_execute_model_input_20250111-130939.pkl): FlashAttention only supports Ampere GPUs or newer.
expect:   error=FlashAttention only supports Ampere GPUs or newer
# FlashAttention 1.x's backward on a GPU with less shared memory than an A100
# (csrc/flash_attn/fmha_api.cpp; Meituan-AutoML/MobileVLM#40 on a 2080 Ti,
# VITA-Group/LLaGA#16 on A40s, OpenMOSS/CoLLiE#76 on a 3090, dev half);
# 2.0-2.7 check head dim > 192 the same way (the second example is built
# from flash_api.cpp's TORCH_CHECK message)
example:  RuntimeError: FlashAttention backward for head dim > 64 requires A100 or H100 GPUs as the implementation needs a large amount of shared memory.
expect:   error=FlashAttention backward for head dim > 64 requires A100 or H100
example:  RuntimeError: FlashAttention backward for head dim > 192 requires A100/A800 or H100/H800
expect:   error=FlashAttention backward for head dim > 192 requires A100/A800 or H100/H800
# torch.compile's inductor refusing a pre-Volta GPU for Triton
# (torch/_inductor's GPUTooOldForTriton; apple/ml-cross-entropy#41, dev
# half, and MIC-DKFZ/nnUNet#2188 on a GTX 1080 Ti)
example:  RuntimeError: Found NVIDIA GeForce GTX 1070 which is too old to be supported by the triton GPU compiler, which is used as the backend. Triton only supports devices of CUDA Capability >= 7.0, but your device is of CUDA capability 6.1
expect:   error=Found NVIDIA GeForce GTX 1070 which is too old to be supported by the triton GPU compiler
# dynamo told to suppress errors falls back to eager and goes on: a
# warning, not a refusal (2noise/ChatTTS#341)
not:      [2024-06-18 19:45:55,713] torch._dynamo.convert_frame: [WARNING] RuntimeError: Found NVIDIA GeForce GTX 1080 Ti which is too old to be supported by the triton GPU compiler, which is used as the backend. Triton only supports devices of CUDA Capability >= 7.0, but your device is of CUDA capability 6.1
# NVIDIA/TransformerEngine#1159 (dev half)
example:  AssertionError: Device compute capability 8.9 or higher required for FP8 execution.
expect:   error=Device compute capability 8.9 or higher required for FP8 execution
# vLLM's dtype check, under an RL trainer (verl-project/verl#2594, dev half)
# and a serving stack (xorbitsai/inference#3486, its actor's prefix)
example:  ValueError: Bfloat16 is only supported on GPUs with compute capability of at least 8.0. Your Tesla V100-SXM2-32GB GPU has compute capability 7.0. You can use float16 instead by explicitly setting the`dtype` flag in CLI, for example: --dtype=half.
expect:   error=Bfloat16 is only supported on GPUs with compute capability of at least 8.0
example:  ValueError: [address=0.0.0.0:34479, pid=610] Bfloat16 is only supported on GPUs with compute capability of at least 8.0. Your Tesla T4 GPU has compute capability 7.5. You can use float16 instead by explicitly setting the `dtype` flag in CLI, for example: --dtype=half.
expect:   error=Bfloat16 is only supported on GPUs with compute capability of at least 8.0
# PyTorch's autocast refusing bf16 on a pre-Ampere GPU (torch/amp/autocast_mode.py),
# under nanoGPT (karpathy/nanoGPT#84), OpenVLA's finetune.py (openvla/openvla#103)
# and an NMT trainer (isi-nlp/rtg#20, dev half)
example:  RuntimeError: Current CUDA Device does not support bfloat16. Please switch dtype to float16.
expect:   error=Current CUDA Device does not support bfloat16
not:      You need torch>=1.10, using Ampere GPU with cuda>=11.0
not:      Epoch 1: FP8 recipe DelayedScaling(margin=0, fp8_format=E4M3)

# Two options the configuration turns on together that the library
# refuses to combine: DeepSpeed's pipeline engine with ZeRO stage 2 or 3
# (it partitions the gradients pipeline accumulation needs whole), its
# no_sync() under ZeRO 2/3 (the same partitioning), and
# fp16 with bf16 in DeepSpeed's config, transformers' TrainingArguments
# and Qwen's model config. Each is the library's own check (no_sync's at the
# first accumulation step, the others at start-up).
name:     config.invalid.exclusive
kind:     config.invalid
severity: error
literal:  are incompatible with pipeline parallelism
literal:  fp16 modes cannot be simultaneously enabled
literal:  of fp16 and bf16 can be True
literal:  bf16 and fp16 cannot both be true
literal:  no_sync context manager is incompatible with
regex:    (?:^|(?<=\] )|(?<=: )|(?<=, ))(?<error>ZeRO-2 and ZeRO-3 are incompatible with pipeline parallelism|(?:bfloat16|bf16) and fp16 modes cannot be simultaneously enabled|At most one of fp16 and bf16 can be True, but not both|In config, bf16 and fp16 cannot both be true|no_sync context manager is incompatible with gradient partitioning logic of ZeRO stage \d)
doc:      The configuration turns on two options the library will not combine: DeepSpeed's pipeline parallelism needs ZeRO stage 0 or 1 (stage 2 and 3 partition the gradients it accumulates), and a run trains in fp16 or in bf16, not both. Lower the ZeRO stage or drop pipeline parallelism; enable one precision only (bf16 where the GPUs support it).
# the line a Megatron-DeepSpeed user pasted (deepspeedai/Megatron-DeepSpeed#474;
# bigscience-workshop/Megatron-DeepSpeed#407, dev half, has it too)
example:  ZeRO-2 and ZeRO-3 are incompatible with pipeline parallelism
expect:   error=ZeRO-2 and ZeRO-3 are incompatible with pipeline parallelism
# built: DeepSpeed's runtime/config.py assertion message as an
# AssertionError prints it (the PR that met it quotes the message,
# Snowflake-AI-Research/Arctic-Platform#78)
example:  AssertionError: bfloat16 and fp16 modes cannot be simultaneously enabled
expect:   error=bfloat16 and fp16 modes cannot be simultaneously enabled
# transformers' TrainingArguments (Eiztrips/ai-responder#7)
example:  ValueError: At most one of fp16 and bf16 can be True, but not both
expect:   error=At most one of fp16 and bf16 can be True, but not both
# Qwen's modeling code through LLaMA-Factory's demo (hiyouga/LlamaFactory#710)
example:  AssertionError: In config, bf16 and fp16 cannot both be true
expect:   error=In config, bf16 and fp16 cannot both be true
# DeepSpeed's engine refusing no_sync() (gradient accumulation without a
# reduce, as accelerate's accumulate() asks for) under ZeRO 2/3, which
# partitions gradients by reducing them (runtime/engine.py's assertion and
# its docstring; deepspeedai/DeepSpeed#6793, dev half)
example:  [rank0]: AssertionError: no_sync context manager is incompatible with gradient partitioning logic of ZeRO stage 3
expect:   error=no_sync context manager is incompatible with gradient partitioning logic of ZeRO stage 3
not:          assert not(config.bf16 and config.fp16), ("In config, bf16 and fp16 cannot both be true")
not:      It seems peline-parallel in conflict with ZeRO-stage2.

# DDP's reducer saw one parameter's gradient hook fire twice in a backward
# pass (reducer.cpp's checkAndRaiseMarkedTwiceError): the model's training
# set-up does what DDP's defaults cannot follow, most often reentrant
# gradient checkpointing (modelscope/ms-swift#3171, dev half, and #2746,
# settled by use_reentrant=False), or checkpointing with
# find_unused_parameters=True (huggingface/transformers#4659, torch 1.5's
# shorter wording), or a parameter used twice per step.
name:     config.invalid.ddp_marked_twice
kind:     config.invalid
severity: error
literal:  Expected to mark a variable ready only once
regex:    (?<error>Expected to mark a variable ready only once)
doc:      DDP saw a parameter's gradient become ready twice in one backward pass: use non-reentrant gradient checkpointing (gradient_checkpointing_kwargs={"use_reentrant": false}), set find_unused_parameters=False, or static_graph=True when the graph does not change between steps; do not use a module's parameters in two forward passes of one step.
example:  [rank3]: RuntimeError: Expected to mark a variable ready only once. This error is caused by one of the following reasons: 1) Use of a module parameter outside the `forward` function. Please make sure model parameters are not shared across multiple concurrent forward-backward passes. or try to use _set_static_graph() as a workaround if this module graph does not change during training loop.2) Reused parameters in multiple reentrant backward passes. For example, if you use multiple `checkpoint` functions to wrap the same part of your model, it would result in the same set of parameters been used by different reentrant backward passes multiple times, and hence marking a variable ready multiple times. DDP does not support such use cases in default. You can try to use _set_static_graph() as a workaround if your module graph does not change over iterations.
expect:   error=Expected to mark a variable ready only once
example:  RuntimeError: Expected to mark a variable ready only once. This error is caused by use of a module parameter outside the `forward` function.
# built from reducer.cpp's other error (a parameter that got no gradient), not this one
not:      RuntimeError: Expected to have finished reduction in the prior iteration before starting a new one.

# DDP's reducer started a backward pass while the last one still waited
# for gradients (reducer.cpp's prepare_for_backward): some parameters
# took no part in the loss, which DDP's defaults do not allow. Its
# message runs over several lines and ends with the parameters (their
# indices; their names under TORCH_DISTRIBUTED_DEBUG=DETAIL) that got no
# gradient on the rank that raised it, which the block keeps. Raised in
# a traceback, its exception line is the traceback's (rules.c reads its
# message the same way).
name:     config.invalid.ddp_unused_params
kind:     config.invalid
severity: error
priority: 4
literal:  Expected to have finished reduction in the prior iteration
start:    (?<error>Expected to have finished reduction in the prior iteration)
continue: ^\s*(?:making sure all|If you already have done the above|In addition, you can set the environment variable TORCH_DISTRIBUTED_DEBUG|Parameters? (?:indices )?which did not receive grad for rank (?<rank>\d+))
type:     rank=int
max_lines: 8
doc:      DDP found parameters that took no part in the loss in the last step: pass find_unused_parameters=True to DistributedDataParallel (or static_graph=True when the graph does not change), or make every parameter and every forward output count in the loss; the last lines name the parameters.
# a video segmentation model, its message with the parameters' names (hkchengrex/Cutie#125, dev half)
example:  RuntimeError: Expected to have finished reduction in the prior iteration before starting a new one. This error indicates that your module has parameters that were not used in producing loss. You can enable unused parameter detection by passing the keyword argument find_unused_parameters=True to torch.nn.parallel.DistributedDataParallel, and by 
example:  making sure all forward function outputs participate in calculating loss. 
example:  If you already have done the above, then the distributed data parallel module wasn't able to locate the output tensors in the return value of your module's forward function. Please include the loss function and the structure of the return value of forward of your module when reporting this issue (e.g. list, dict, iterable).
example:  Parameters which did not receive grad for rank 3: mask_encoder.sensory_update.transform.bias, mask_encoder.sensory_update.transform.weight
example:  Parameter indices which did not receive grad for rank 3: 282 283 
expect:   rank=3
expect:   error=Expected to have finished reduction in the prior iteration
not:      RuntimeError: Expected to mark a variable ready only once. This error is caused by use of a module parameter outside the `forward` function.

# accelerate's own checks that the installed PyTorch is new enough for
# what the configuration turns on (accelerator.py: FSDP, FSDP2, bf16
# mixed precision, tensor parallelism), raised at start-up: an
# Accelerate FSDP run under Slurm (Ankush610/Distributed-Training-Lab,
# dev half), FastChat in NGC's torch 2.1.0a0 image (lm-sys/FastChat#2809,
# its title) and a torch 1.10 install (HKUNLP/icl-ceil#1, in words).
name:     config.invalid.version_required
kind:     config.invalid
severity: error
literal:  requires PyTorch >= 
regex:    (?:Error|Exception): (?<error>.*?requires PyTorch >= (?<version>\S+?))\.?\s*$
doc:      The configuration turns on a feature the installed PyTorch is too old for (accelerate's FSDP, FSDP2, bf16 or tensor-parallel checks; a pre-release build such as 2.1.0a0 sorts below 2.1.0): upgrade PyTorch, or turn the feature off.
example:  ValueError: FSDP requires PyTorch >= 2.1.0.a0+32f93b1
expect:   error=FSDP requires PyTorch >= 2.1.0.a0+32f93b1
expect:   version=2.1.0.a0+32f93b1
example:  ValueError: FSDP requires PyTorch >= 2.1.0
expect:   version=2.1.0
# transformers' import-time warning disables its PyTorch models and goes on
not:      Disabling PyTorch because PyTorch >= 2.1 is required but found 2.0.1

# accelerate refuses to prepare a model that from_pretrained spread over
# the GPUs (device_map='auto') when the job is distributed (accelerator.py,
# prepare() and prepare_model(), the same words since 0.22). Four threads
# of four projects (Qwen, LLaMA-Factory, Ray Train, LLM-Workshop).
name:     config.invalid.device_map_distributed
kind:     config.invalid
severity: error
literal:  has been loaded with `device_map='auto'`
regex:    (?<exc_type>ValueError): (?<error>You can't train a model that has been loaded with `device_map='auto'` in any distributed mode)
doc:      A model loaded with device_map='auto' (split over the GPUs) cannot be trained by several processes: load it on each process's own GPU (device_map={'': local_rank}, or none) under a distributed launch, or run one process.
# Qwen's finetune.py under torchrun and DeepSpeed (QwenLM/Qwen#833, dev half)
example:  ValueError: You can't train a model that has been loaded with `device_map='auto'` in any distributed mode. Please rerun your script specifying `--num_processes=1` or by launching with `python {{myscript.py}}`.
expect:   exc_type=ValueError
expect:   error=You can't train a model that has been loaded with `device_map='auto'` in any distributed mode
not:      ValueError: You can't train a model that has been loaded in 8-bit or 4-bit precision on multiple devices in any distributed mode.

# PEFT's LoRA (and the other tuners) given target modules the model does
# not have: a name of another architecture's layers, or an empty list a
# script built from the wrong model (tuners_utils.py's and
# utils/other.py's check, raised as a ValueError at set-up). One thread
# and PEFT's own source: the search tools' budget was spent.
name:     config.invalid.peft_targets
kind:     config.invalid
severity: error
literal:  not found in the base model
regex:    (?<error>Target modules (?<modules>.*?) not found in the base model)
doc:      The adapter configuration names modules the base model does not have: set target_modules to the model's own layer names (print the model, or use "all-linear").
# a Baichuan LoRA fine-tuning script (wp931120/baichuan_sft_lora#1, dev half)
example:  ValueError: Target modules [] not found in the base model. Please check the target modules and try again.
expect:   modules=[]
# built from another PEFT check's text (tuners/adamss/model.py): an unsupported layer type, not a missing name
not:      ValueError: Target module Embedding(32000, 4096) is not supported. Currently, only `torch.nn.Linear` is supported.

name:     config.invalid.deepspeed_batch
kind:     config.invalid
severity: error
priority: 5
literal:  Check batch related parameters
regex:    Check batch related parameters\. train_batch_size is not(?:\s+equal to micro_batch_per_gpu \* gradient_acc_step \* world_size\s*(?<global_batch_size>\d+) != (?<micro_batch_size>\d+) \* (?<grad_accum_steps>\d+) \* (?<data_parallel_size>\d+))?
type:     global_batch_size=int micro_batch_size=int grad_accum_steps=int data_parallel_size=int
doc:      DeepSpeed's batch check (its world_size is the data-parallel size, mpu.get_data_parallel_world_size() under Megatron): train_batch_size must equal train_micro_batch_size_per_gpu x gradient_accumulation_steps x the data-parallel world size it actually sees; set two of them and let DeepSpeed derive the third, or launch the world size the config assumes.
# torch 2.4 rank prefix, DeepSpeed 0.15 (deepspeed-6914)
example:  [rank0]: AssertionError: Check batch related parameters. train_batch_size is not equal to micro_batch_per_gpu * gradient_acc_step * world_size 8 != 2 * 1 * 1 
expect:   global_batch_size=8
expect:   micro_batch_size=2
expect:   grad_accum_steps=1
expect:   data_parallel_size=1
# wrapped by rich at 72 columns: only the first line carries the text (starcoder-77)
example:  AssertionError: Check batch related parameters. train_batch_size is not
# issue title quoting the error (OpenRLHF/OpenRLHF#346)
example:  AssertionError: Check batch related parameters. train_batch_size is not equal to micro_batch_per_gpu * gradient_acc_step * world_size 256 != 2 * 18 * 7
expect:   data_parallel_size=7
not:      [2024-01-01 10:00:00,000] [INFO] [config.py:988:print]   train_batch_size ............. 64

name:     config.invalid.deepspeed_nonpositive
kind:     config.invalid
severity: error
priority: 5
literal:  has to be greater than 0
regex:    (?:^|(?<=\] )|(?<=: )|(?<=, ))(?<exc_type>AssertionError): (?<msg>(?:Train batch size|Micro batch size per gpu|Gradient accumulation steps): -?\d+ has to be greater than 0)
doc:      DeepSpeed's batch check found a batch size or accumulation count of zero: usually train_batch_size smaller than the number of GPUs, so the derived micro batch per GPU rounds down to 0. Set train_batch_size to at least micro batch x accumulation x GPUs, or set the micro batch and let DeepSpeed derive the rest.
# LIN-SHANG/InstructERC#16 (rich traceback, the exception line after the box)
example:  AssertionError: Micro batch size per gpu: 0 has to be greater than 0
expect:   exc_type=AssertionError
expect:   msg=Micro batch size per gpu: 0 has to be greater than 0
# ALCF user guide (Polaris, deepspeed launcher over pdsh: the node name prefix)
example:  x3202c0s31b0n0: AssertionError: Micro batch size per gpu: 0 has to be greater than 0
expect:   msg=Micro batch size per gpu: 0 has to be greater than 0
# the sibling assertion of DeepSpeed's runtime/config.py _batch_assertion (its
# message text), under torch 2.x's rank prefix
example:  [rank3]: AssertionError: Gradient accumulation steps: 0 has to be greater than 0
expect:   msg=Gradient accumulation steps: 0 has to be greater than 0
not:      raise ValueError("sigma has to be greater than 0.")
not:          assert (micro_batch > 0), f"Micro batch size per gpu: {micro_batch} has to be greater than 0"

# torch.distributed.new_subgroups(): a group larger than the world (FSDP's
# HYBRID_SHARD sets up a node-sized group; a world of one node's share
# cannot hold it). It states the world's size.
name:     config.invalid.group_size
kind:     config.invalid
severity: error
priority: 4
literal:  must not exceed the world size
regex:    (?<exc_type>ValueError): (?<msg>The arg 'group_size' \((?<group_size>\d+)\) must not exceed the world size \((?<world_size>\d+)\))
type:     group_size=int world_size=int
doc:      A process-group layout asks for more ranks per group than the job has: FSDP's HYBRID_SHARD on fewer GPUs than a node's (or a group_size above the world). Match the sharding group to the ranks actually launched.
# real, instructlab's FSDP HYBRID_SHARD on two GPUs (instructlab/training#678)
example:  ValueError: The arg 'group_size' (8) must not exceed the world size (2)
expect:   group_size=8
expect:   world_size=2
# real, quoted in its fix's description (instructlab/training#682)
example:  - Before: `ValueError: The arg 'group_size' (8) must not exceed the world size (2)`
expect:   world_size=2
not:      AssertionError: rollout world_size: 1 is not divisible by infer_tp: 2

name:     config.invalid.divisible
kind:     config.invalid
severity: error
priority: 4
literal:  divisible by
literal:  divisble by
literal:  a multiple of
literal:  evenly divisible
regex:    (?:^|(?<=\] )|(?<=: )|(?<=, )|(?<=# )|(?<=\*\*))(?<exc_type>AssertionError|ValueError|RuntimeError): (?<msg>(?:(?i:world[ _]size) \(?(?<world_size>\d+)\)? )?.*?\b(?:is not|should be|must be) (?:(?:evenly )?divisi?ble\s+by|a multiple of)\b.*?)(?:\*\*)?\s*$
type:     world_size=int
doc:      A parallel-layout check failed at start-up: layers, heads, vocabulary or world size do not divide by the tensor/pipeline/data-parallel sizes. Choose sizes whose product divides the world size and that divide the model's dimensions.
# Megatron core, srun --label and torch rank prefixes (bionemo-recipes-784)
example:  15: [rank15]: AssertionError: num_layers should be divisible by pipeline_model_parallel_size
expect:   exc_type=AssertionError
expect:   msg=num_layers should be divisible by pipeline_model_parallel_size
# verl rollout layout, issue title quoting the error (verl-project/verl#1191)
example:  AssertionError: rollout world_size: 1 is not divisible by infer_tp: 2
expect:   msg=rollout world_size: 1 is not divisible by infer_tp: 2
# Megatron-Core with the values in the message, pull request quoting it
# (NVIDIA-NeMo/Megatron-Bridge#5884)
example:  AssertionError: num_layers=60 should be divisible by config.pipeline_model_parallel_size=8
expect:   msg=num_layers=60 should be divisible by config.pipeline_model_parallel_size=8
# The `divide()` helper of Megatron and ColossalAI (`{} is not divisible by
# {}`), after the assert's source line: an `assert ..., \` line ending in
# a backslash reaches the patterns joined with the exception line that
# follows it (hpcaitech/ColossalAI#3043; vllm-project/vllm#8097 has the
# same message as `AssertionError: 25 is not divisible by 4`)
example:      assert numerator % denominator == 0, AssertionError: 96 is not divisible by 64
expect:   msg=96 is not divisible by 64
# foundation-model-stack/foundation-model-stack#274, torch rank prefix
example:  [rank9]: AssertionError: The number of heads must be divisible by world size
expect:   msg=The number of heads must be divisible by world size
# Megatron core's initialize_model_parallel raises a RuntimeError (NeMo 2
# quick start on one GPU, NVIDIA-NeMo/Speech#11480, once NVIDIA/NeMo)
example:  [rank0]: RuntimeError: world_size (1) is not divisible by 2
expect:   world_size=1
expect:   exc_type=RuntimeError
expect:   msg=world_size (1) is not divisible by 2
# the same with the expert-parallel product (a Megatron-based RL project's
# failed conversion run, found by find_string)
example:  RuntimeError: world_size (8) is not divisible by expert_tensor_model_pipeline_parallel size (64)
expect:   world_size=8
# Megatron-LM's own arguments check (megatron/arguments.py, and its forks:
# find_string), and ColossalAI's MoE plugin (hpcaitech/ColossalAI#6202)
example:  AssertionError: world size (8) is not divisible by tensor model parallel size (3)
expect:   world_size=8
example:  [rank3]: AssertionError: World size 8 is not divisible by tp_size 1 * pp_size 3
expect:   world_size=8
expect:   msg=World size 8 is not divisible by tp_size 1 * pp_size 3
# the expert-parallel form, issue title quoting it (NVIDIA-NeMo/Speech#14838)
example:  RuntimeError: decoder world_size (4) is not divisible by expert_tensor_model_pipeline_parallel size (8)
expect:   msg=decoder world_size (4) is not divisible by expert_tensor_model_pipeline_parallel size (8)
# the same check in other words: transformers' BERT-style attention
# (`is not a multiple of`, compbiomed-unito/survhive#16) and its GPT-NeoX
# config, misspelt in transformers' own source (ramanathanlab/genslm#110)
example:  ValueError: The hidden size (55) is not a multiple of the number of attention heads (4)
expect:   msg=The hidden size (55) is not a multiple of the number of attention heads (4)
example:  ValueError: The hidden size is not divisble by the number of attention heads! Make sure to update them!
expect:   msg=The hidden size is not divisble by the number of attention heads! Make sure to update them!
# TRL's GRPOTrainer: the batch must split into whole groups of generations
# (a run log committed as comments, each line after `# `; Chinese and
# English troubleshooting notes quote it too, found by find_string; the
# source's f-string below, split over lines, must not match)
example:  # ValueError: The global train batch size (1 x 8) must be evenly divisible by the number of generations per prompt (16). Given the current train batch size, the valid values for the number of generations are: [2, 4, 8].
expect:   exc_type=ValueError
expect:   msg=The global train batch size (1 x 8) must be evenly divisible by the number of generations per prompt (16). Given the current train batch size, the valid values for the number of generations are: [2, 4, 8].
not:                      f"{args.gradient_accumulation_steps}) must be evenly divisible by the number of generations per "
not:      ValueError: shape '[1, 5, 12, 255]' is invalid for input of size 15360
not:      [rank0]:     raise RuntimeError(f"world_size ({world_size}) is not divisible by {total_model_size}")
not:      15: [rank15]:     num_layers % config.pipeline_model_parallel_size == 0

# torchtitan's ParallelDims check: the parallel degrees must multiply to the
# world size (2024-01 `dp(1) * sp(2) * pp(3) != WORLD_SIZE8`; later
# `dp_replicate(1) * dp_shard(4) * cp(1) * tp(3) * pp(1) != WORLD_SIZE(4)`).
name:     config.invalid.parallel_dims
kind:     config.invalid
severity: error
priority: 5
literal:  Invalid parallel dims:
regex:    (?:^|(?<=\] )|(?<=: )|(?<=`))(?<exc_type>AssertionError): (?<msg>Invalid parallel dims: .*?!= WORLD_SIZE\(?(?<world_size>\d+)\)?)
type:     world_size=int
doc:      torchtitan refused the parallel degrees: their product (dp_replicate x dp_shard x cp x tp x pp) is not the number of GPUs launched. Choose degrees that multiply to the world size (dp_shard=-1 takes what is left).
# the pull request that added the check, its local test output (pytorch/torchtitan#27)
example:  AssertionError: Invalid parallel dims: dp(1) * sp(2) * pp(3) != WORLD_SIZE8
expect:   exc_type=AssertionError
expect:   world_size=8
# a torchtitan course's failure exercise, the log's error line (found by find_string)
example:  AssertionError: Invalid parallel dims: dp_replicate(1) * dp_shard(4) * cp(1) * tp(3) * pp(1) != WORLD_SIZE(4)
expect:   msg=Invalid parallel dims: dp_replicate(1) * dp_shard(4) * cp(1) * tp(3) * pp(1) != WORLD_SIZE(4)
expect:   world_size=4
# a run report quoting it in backticks (found by find_string)
example:  failed for a reason of mine rather than the tree's: `AssertionError: Invalid parallel dims: dp_replicate(1) * dp_shard(2) * cp(1) * tp(1) * pp(1) != WORLD_SIZE(8)`. `FSDP_SIZE=2` with eight GPUs does not multiply to the world size.
expect:   world_size=8
not:              assert dp * cp * tp * pp == self.world_size, (

# libnuma refusing CPUs outside the process's cpuset, as `numactl
# --physcpubind` (or a binding script around the trainer) names them:
# numactl then prints its usage and exits before the trainer starts. The
# binding asks for CPUs the job's allocation does not hold (no
# --exclusive, too few CPUs per task). Older libnuma says `is out of
# range`, newer `out of range`.
name:     config.invalid.numa_cpus
kind:     config.invalid
severity: error
literal:  libnuma: Warning: cpu argument
regex:    libnuma: Warning: cpu argument (?<cpus>\S+) (?:is )?out of range
doc:      A CPU binding (numactl --physcpubind, a bind script) names CPUs outside the job's cpuset, so numactl exits before the trainer runs. Request the CPUs it binds to (--exclusive or enough --cpus-per-task), or derive the binding from the allocation.
# an MLPerf BERT submission's log, rank 0 under srun -l (mlcommons/training_results_v4.0, dev half)
example:  0: libnuma: Warning: cpu argument 64-71 is out of range
expect:   cpus=64-71
# a reference implementation's troubleshooting notes, a Slurm job without --exclusive (find_string)
example:  1. __libnuma: Warning: cpu argument 91-103,195-207 is out of range__
expect:   cpus=91-103,195-207
# a cluster's CPU-binding script, its comment quoting the newer wording (find_string)
example:  #     libnuma: Warning: cpu argument 15,64-79 out of range
expect:   cpus=15,64-79
# numactl --physcpubind on a CPU its cpuset lacks (find_string, a user's notes)
example:  libnuma: Warning: cpu argument 3 is out of range
expect:   cpus=3
not:      <3> is invalid
not:      numactl --physcpubind=64-71 python train.py
