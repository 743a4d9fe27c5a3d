# Training-loop lines: per-step metrics (kind train.step, folded into the
# steps table), fp16 loss-scale overflows, framework NaN checks and normal
# completion. Formats: formats-training.md 1.5 and pitfalls 10-16 (section 3).
# Number captures use a float token that accepts `2.345678E+00`, `5e-05`,
# `nan`, `inf`, `-inf`, `NaN`, and (where the framework prints them) thousands
# separators (`tps: 10,050`, `tflops: 1,234.56`). A Megatron line whose
# `lm loss` field is missing (NaN loss, or all iterations skipped) simply has
# no `loss` capture: the analyzer detects the missing loss by its absence.
# mfu is captured as printed, in percent (`mfu_pct`), including nanoGPT's
# `-100.00` warm-up sentinel.

# Megatron-LM training_log (all eras: 2020 without `consumed samples`,
# 2024-01+ ` [YYYY-MM-DD HH:MM:SS]` prefix, 2026 microseconds; lr `%.3E` or
# `%.6E`; optional throughput, grad norm, energy, MoE losses). Printed by the
# last rank only.
name:     train.step.megatron
kind:     train.step
severity: info
literal:  elapsed time per iteration (ms)
regex:    (?x) \biteration\s+(?<step>\d+)\s*/\s*\d+\s*\|
            .*?\belapsed\ time\ per\ iteration\ \(ms\):\s*(?<iter_ms>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?))
            (?:.*?\bthroughput\ per\ GPU\ \(TFLOP/s/GPU\):\s*(?<tflops>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?)))?
            (?:.*?\blearning\ rate:?\s*(?<lr>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?)))?
            (?:.*?\bglobal\ batch\ size:\s*(?<global_batch_size>\d+))?
            (?:.*?\|\s*lm\ loss:?\s*(?<loss>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?)))?
            (?:.*?\bloss\ scale:?\s*(?<loss_scale>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?)))?
            (?:.*?\bgrad\ norm:\s*(?<grad_norm>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?)))?
            (?:.*?\bnumber\ of\ skipped\ iterations:\s*(?<skipped_iters>\d+))?
            (?:.*?\bnumber\ of\ nan\ iterations:\s*(?<nan_iters>\d+))?
type:     step=int iter_ms=float tflops=float lr=float global_batch_size=int loss=float loss_scale=float grad_norm=float skipped_iters=int nan_iters=int
doc:      Megatron-LM step line; a missing `lm loss` means the loss was NaN (or every iteration was skipped), rising skipped/nan counters mean overflow or NaN steps
# the GPT-2 era's colon-less form, '{:.6E}' of a NaN (THUDM/Chinese-Transformer-XL#7)
example:   iteration      700/    3000 | elapsed time per iteration (ms): 12932.3 | learning rate 9.773E-06 | lm loss NAN | loss scale 4.0 |
expect:   step=700
expect:   loss=NAN
expect:   loss_scale=4.0
# real, Megatron-LLM fork (train-007)
example:  iteration     3383/    8000 | consumed samples:       216512 | elapsed time per iteration (ms): 7613.1 | learning rate: 6.680E-06 | global batch size:    64 | lm loss: 7.334521E-01 | loss scale: 1.0 | grad norm: 0.752 | number of skipped iterations:   0 | number of nan iterations:   0 |
expect:   step=3383
expect:   iter_ms=7613.1
expect:   lr=6.680E-06
expect:   global_batch_size=64
expect:   loss=0.7334521
expect:   loss_scale=1.0
expect:   grad_norm=0.752
expect:   skipped_iters=0
expect:   nan_iters=0
# real: the NaN iteration has no `lm loss` field (train-007; the paste is cut after `gr`)
example:  iteration     3385/    8000 | consumed samples:       216640 | elapsed time per iteration (ms): 7624.3 | learning rate: 6.676E-06 | global batch size:    64 | loss scale: 1.0 | gr
expect:   step=3385
expect:   loss_scale=1.0
# real, 2024 timestamped form with throughput, fp16 warm-up: all iterations skipped, no loss (Megatron-LM 2024-09)
example:   [2024-09-03 15:54:54] iteration       10/  500000 | consumed samples:        10240 | elapsed time per iteration (ms): 13035.3 | throughput per GPU (TFLOP/s/GPU): 812.5 | learning rate: 0.000000E+00 | global batch size:  1024 | loss scale: 8388608.0 | number of skipped iterations:  10 | number of nan iterations:   0 |
expect:   step=10
expect:   tflops=812.5
expect:   loss_scale=8388608.0
expect:   skipped_iters=10
# real, 2024-08 with a fork's extra `iteration time` field
example:   [2024-08-21 10:19:42] iteration        4/   25000 | consumed samples:         4096 | elapsed time per iteration (ms): 270125.4 | throughput per GPU (TFLOP/s/GPU): 449.6 | iteration time: 270.125 s samples/sec: 3.8 | learning rate: 7.500000E-08 | global batch size:  1024 | lm loss: 2.120380E+00 | loss scale: 1.0 | grad norm: 14.218 | number of skipped iterations:   0 | number of nan iterations:   0 |
expect:   loss=2.120380E+00
expect:   grad_norm=14.218
expect:   lr=7.5e-08
# real, 2020 format (no consumed samples, no loss while the fp16 scale calibrates) (train-055)
example:   iteration        5/  120000 | elapsed time per iteration (ms): 16491.5 | learning rate: 0.000E+00 | loss scale: 268435456.0 | number of skipped iterations:   5 | number of nan iterations:   0 |
expect:   step=5
expect:   loss_scale=268435456.0
# 2026-01+ microsecond timestamp, grad norm nan, MoE loss before `loss scale`; built per formats-training.md 1.5
example:   [2026-02-11 08:15:02.413207] iteration     1200/  500000 | consumed samples:      1228800 | elapsed time per iteration (ms): 5123.4 | throughput per GPU (TFLOP/s/GPU): 402.7 | learning rate: 2.999400E-04 | global batch size:  1024 | lm loss: 2.871234E+00 | load_balancing_loss: 1.002310E+00 | loss scale: 1.0 | grad norm: nan | number of skipped iterations:   0 | number of nan iterations:   1 |
expect:   grad_norm=nan
expect:   nan_iters=1
expect:   loss=2.871234
not:      [Rank 0] (after 10 iterations) memory (MB) | allocated: 25123.45 | max allocated: 40001.23 | reserved: 42000.00 | max reserved: 42000.00
not:      after 5 iterations memory (MB) | allocated: 10250.5693359375 | max allocated: 12606.06201171875 | reserved: 17482.0 | max reserved: 17482.0

# Megatron-DeepSpeed fork: adds consumed tokens, actual seqlen, and trailing
# `samples per second` / `TFLOPs` fields.
name:     train.step.megatron_deepspeed
kind:     train.step
severity: info
priority: 1
literal:  samples per second:
regex:    (?x) \biteration\s+(?<step>\d+)\s*/\s*\d+\s*\|
            .*?\belapsed\ time\ per\ iteration\ \(ms\):\s*(?<iter_ms>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?))
            (?:.*?\blearning\ rate:\s*(?<lr>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?)))?
            (?:.*?\bglobal\ batch\ size:\s*(?<global_batch_size>\d+))?
            (?:.*?\|\s*lm\ loss:\s*(?<loss>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?)))?
            (?:.*?\bloss\ scale:\s*(?<loss_scale>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?)))?
            (?:.*?\bgrad\ norm:\s*(?<grad_norm>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?)))?
            (?:.*?\bnumber\ of\ skipped\ iterations:\s*(?<skipped_iters>\d+))?
            (?:.*?\bnumber\ of\ nan\ iterations:\s*(?<nan_iters>\d+))?
            .*?\bsamples\ per\ second:\s*(?<samples_per_s>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?))
            (?:.*?\bTFLOPs:\s*(?<tflops>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?)))?
type:     step=int iter_ms=float lr=float global_batch_size=int loss=float loss_scale=float grad_norm=float skipped_iters=int nan_iters=int samples_per_s=float tflops=float
doc:      Megatron-DeepSpeed step line; `grad norm: nan` with no `lm loss` field means the loss already went NaN
# real, bf16 run whose loss field vanished (train-009)
example:   iteration     5426/  250000 | consumed samples:        43408 | consumed tokens:     88899584 | elapsed time per iteration (ms): 4247.9 | learning rate: 2.999E-04 | global batch size:     8 | loss scale: 1.0 | grad norm: nan | actual seqlen:  2048 | number of skipped iterations:   0 | number of nan iterations:   0 | samples per second: 1.883 | TFLOPs: 78.36 |
expect:   step=5426
expect:   iter_ms=4247.9
expect:   lr=2.999E-04
expect:   global_batch_size=8
expect:   grad_norm=nan
expect:   samples_per_s=1.883
expect:   tflops=78.36
# real, healthy Megatron-DeepSpeed line (2023-08)
example:  iteration     2500/    2500 | consumed samples:        80000 | consumed tokens:    163840000 | elapsed time per iteration (ms): 1206.4 | learning rate: 1.371E-04 | global batch size:    32 | lm loss: 1.254951E+01 | loss scale: 1.0 | grad norm: 2.265 | num zeros: 0.0 | actual seqlen:  2048 | number of skipped iterations:   0 | number of nan iterations:   0 | samples per second: 26.526 | TFLOPs: 59.42 |
expect:   loss=12.54951
expect:   tflops=59.42
not:      iteration     3383/    8000 | consumed samples:       216512 | elapsed time per iteration (ms): 7613.1 | learning rate: 6.680E-06 | global batch size:    64 | lm loss: 7.334521E-01 | loss scale: 1.0 | grad norm: 0.752 | number of skipped iterations:   0 | number of nan iterations:   0 |

# DeepSpeed engine step report (every steps_per_print, rank 0):
# `[Rank 0] step=<n>, skipped=<n>, lr=[...], mom=[...]`. skipped is cumulative.
name:     train.step.deepspeed
kind:     train.step
severity: info
literal:  , skipped=
regex:    \bstep=(?<step>\d+), skipped=(?<skipped_iters>\d+), lr=\[(?<lr>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?))
type:     step=int skipped_iters=int lr=float
doc:      DeepSpeed step report; a growing `skipped` count means fp16 overflow steps
# real (DeepSpeed 0.15, 2024-09)
example:  [2024-09-23 10:12:05,611] [INFO] [logging.py:96:log_dist] [Rank 0] step=2000, skipped=3, lr=[0.001], mom=[[0.8, 0.999]]
expect:   step=2000
expect:   skipped_iters=3
expect:   lr=0.001
not:      [2024-09-23 10:12:05,611] [INFO] [timer.py:260:stop] epoch=0/micro_step=2000/global_step=2000, RunningAvgSamplesPerSec=2200.6575978356914, CurrSamplesPerSec=2140.4970655779534, MemAllocated=0.03GB, MaxMemAllocated=0.03GB

# DeepSpeed throughput timer (wall_clock_breakdown / steps_per_print).
name:     train.step.deepspeed_throughput
kind:     train.step
severity: info
literal:  CurrSamplesPerSec=
regex:    \bepoch=(?<epoch>\d+)/micro_step=\d+/global_step=(?<step>\d+), RunningAvgSamplesPerSec=[-+\d.eE]+, CurrSamplesPerSec=(?<samples_per_s>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?))(?:, MemAllocated=(?<mem_allocated>[\d.]+GB))?(?:, MaxMemAllocated=(?<max_mem_allocated>[\d.]+GB))?
type:     epoch=float step=int samples_per_s=float mem_allocated=size max_mem_allocated=size
doc:      DeepSpeed throughput report (samples/s of the current step; GB here are binary)
# real (DeepSpeed 0.15, 2024-09)
example:  [2024-09-23 10:12:05,611] [INFO] [timer.py:260:stop] epoch=0/micro_step=2000/global_step=2000, RunningAvgSamplesPerSec=2200.6575978356914, CurrSamplesPerSec=2140.4970655779534, MemAllocated=0.03GB, MaxMemAllocated=0.03GB
expect:   step=2000
expect:   samples_per_s=2140.4970655779534
expect:   mem_allocated=0.03GB
not:      [2024-09-23 10:12:05,611] [INFO] [logging.py:96:log_dist] [Rank 0] step=2000, skipped=3, lr=[0.001], mom=[[0.8, 0.999]]

# DeepSpeed pipeline engine (plain print on rank 0):
# `steps: <n> loss: <%.4f> [<name>: <%.4f> ...]iter time (s): <%.3f> samples/sec: <%.3f>`
name:     train.step.deepspeed_pipe
kind:     train.step
severity: info
literal:  iter time (s):
regex:    \bsteps: (?<step>\d+) loss: (?<loss>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?)) .*?iter time \(s\): (?<iter_s>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?) samples/sec: (?<samples_per_s>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?))
type:     step=int loss=float iter_s=float samples_per_s=float
doc:      DeepSpeed PipelineEngine step line (iteration time in seconds)
# DeepSpeed >= 0.9 PipelineEngine.train_batch, built per formats-training.md 1.5
example:  steps: 60 loss: 1.2876 iter time (s): 4.127 samples/sec: 7.754
expect:   step=60
expect:   loss=1.2876
expect:   iter_s=4.127
expect:   samples_per_s=7.754
# with an additional named loss (`[<name>: <%.4f> ...]`), same source
example:  steps: 61 loss: nan moe_loss: 0.0112 iter time (s): 4.131 samples/sec: 7.746
expect:   loss=nan
not:      [2024-09-23 10:12:05,611] [INFO] [logging.py:96:log_dist] [Rank 0] step=2000, skipped=3, lr=[0.001], mom=[[0.8, 0.999]]

# Hugging Face Trainer log dict (rank 0, via tqdm.write; no step number).
# Newer TRL/transformers may quote the values (`'loss': '1.764'`).
name:     train.step.hf
kind:     train.step
severity: info
literal:  {'loss':
regex:    (?x) \{'loss':\ '?(?<loss>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?))'?
            (?:,\ 'grad_norm':\ '?(?<grad_norm>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?))'?)?
            (?:,\ 'learning_rate':\ '?(?<lr>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?))'?)?
            (?:.*?'epoch':\ '?(?<epoch>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?))?
type:     loss=float grad_norm=float lr=float epoch=float
doc:      Hugging Face Trainer training log (loss rounded to 4 decimals); `loss 0.0` with `grad_norm nan` means the run diverged
# real (train-025): grad_norm nan while loss is still finite
example:  {'loss': 0.2051, 'grad_norm': nan, 'learning_rate': 9.774074342405685e-06, 'epoch': 0.53}
expect:   loss=0.2051
expect:   grad_norm=nan
expect:   lr=9.774074342405685e-06
expect:   epoch=0.53
# real, log-viewer line number prefix (train-005)
example:  [1757] {'loss': 0.0, 'grad_norm': 1.4142135381698608, 'learning_rate': 4.3181818181818185e-06, 'epoch': 0.01}
expect:   loss=0.0
expect:   grad_norm=1.4142135381698608
# real, transformers < 4.38 (no grad_norm) (train-015)
example:  {'loss': 2.0491, 'learning_rate': 0.0001961913563176343, 'epoch': 0.28}
expect:   lr=0.0001961913563176343
# real, TRL with quoted values (2025)
example:  {'loss': '1.764', 'grad_norm': '2.609', 'learning_rate': '6.667e-05', 'mean_token_accuracy': '0.7419', 'epoch': '3'}
expect:   loss=1.764
expect:   epoch=3
not:      {'eval_loss': 0.3461727797985077, 'eval_runtime': 9.144, 'eval_samples_per_second': 10.936, 'eval_steps_per_second': 1.422, 'epoch': 1.0, 'step': 10000}
not:      {'train_runtime': 116.1914, 'train_samples_per_second': 6.885, 'train_steps_per_second': 1.721, 'train_loss': 2.819730052947998, 'epoch': 0.15}

# torchtitan metrics line (ANSI colour codes are stripped before matching).
# Eras: 2024 `wps:` and loss %7.4f without grad_norm/tflops; `tps:` from
# 2025-02; tflops ~2025-02; grad_norm ~2025-06; `mfu: N/A` when peak FLOPS unknown.
name:     train.step.torchtitan
kind:     train.step
severity: info
literal:  loss:
regex:    (?x) \bstep:\s*(?<step>\d+)\s+loss:\s*(?<loss>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?))
            (?:\s+grad_norm:\s*(?<grad_norm>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?)))?
            (?:\s+memory:\s*(?<memory>\d+(?:\.\d+)?\s?GiB)\((?<memory_pct>\d+(?:\.\d+)?)%\))?
            (?:\s+[tw]ps:\s*(?<tokens_per_s>\d{1,3}(?:,\d{3})+(?:\.\d+)?|[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?)))?
            (?:\s+tflops:\s*(?<tflops>\d{1,3}(?:,\d{3})+(?:\.\d+)?|[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?)))?
            (?:\s+mfu:\s*(?:(?<mfu_pct>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?))%|N/A))?
type:     step=int loss=float grad_norm=float memory=size memory_pct=float tokens_per_s=float tflops=float mfu_pct=float
doc:      torchtitan step line (tps = tokens/s per GPU, memory = peak reserved); tiny tflops/mfu on small models are normal
# real, current format behind torchrun's [rank0]: template (train-029)
example:  [rank0]:[titan] 2026-05-18 16:04:46,338 - root - INFO - step: 14  loss:  3.24405  grad_norm:  0.8319  memory:  9.46GiB(64.99%)  tps: 7,282  tflops: 0.52  mfu: 0.17%
expect:   step=14
expect:   loss=3.24405
expect:   grad_norm=0.8319
expect:   memory=9.46GiB
expect:   memory_pct=64.99
expect:   tokens_per_s=7282
expect:   tflops=0.52
expect:   mfu_pct=0.17
# real, 2024 `wps:` era (torchtitan 2024-10)
example:  2024-10-03 15:01:18,520 - root - INFO - step: 117  loss:  3.9053  memory: 36.20GiB(81.50%)  wps: 1,710  mfu: 23.50%
expect:   step=117
expect:   tokens_per_s=1710
expect:   mfu_pct=23.50
# current format on a large model, thousands separators and unknown peak FLOPS; built per formats-training.md 1.5
example:  [rank0]:[titan] 2025-09-02 11:20:31,004 - root - INFO - step: 250  loss:  2.91230  grad_norm:  1.0421  memory: 61.33GiB(77.42%)  tps: 10,050  tflops: 1,234.56  mfu: N/A
expect:   tokens_per_s=10050
expect:   tflops=1234.56
not:      2023-03-22 09:32:32 step 3000: train loss 4.0390, val loss 4.0427
not:      step:0, loss:5.453125

# nanoGPT: `iter <n>: loss <%.4f>, time <%.2f>ms, mfu <%.2f>%` (mfu added
# 2023-01; `mfu -100.00%` for the first iterations is a sentinel, not a value).
name:     train.step.nanogpt
kind:     train.step
severity: info
literal:  : loss
regex:    \biter (?<step>\d+): loss (?<loss>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?)), time (?<iter_ms>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?)ms(?:, mfu (?<mfu_pct>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?))%)?
type:     step=int loss=float iter_ms=float mfu_pct=float
doc:      nanoGPT step line (mfu -100.00 means not measured yet)
# real (train-027)
example:  2023-03-22 09:30:39 iter 2920: loss 3.9883, time 1099.34ms, mfu 15.34%
expect:   step=2920
expect:   loss=3.9883
expect:   iter_ms=1099.34
expect:   mfu_pct=15.34
# real: loss nan after the checkpoint (train-027)
example:  2023-03-22 09:32:52 iter 3010: loss nan, time 1019.95ms, mfu 14.12%
expect:   loss=nan
# the -100.00% warm-up sentinel, nanoGPT 2023 (formats-training.md 1.5)
example:  iter 0: loss 10.9952, time 29824.33ms, mfu -100.00%
expect:   mfu_pct=-100.00
not:      2023-03-22 09:32:32 step 3000: train loss 4.0390, val loss 4.0427

# lit-gpt / litgpt (2023-2024): `iter <n> step <m>: loss <%.4f>, iter time: <%.2f>ms`;
# lit-gpt's mid-2023 finetune scripts said `train time:` in the same line.
name:     train.step.litgpt
kind:     train.step
severity: info
priority: 1
literal:  : loss
regex:    \biter (?<iter>\d+) step (?<step>\d+): loss (?<loss>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?)), (?:iter|train) time: (?<iter_ms>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?)\s?ms
type:     iter=int step=int loss=float iter_ms=float
doc:      lit-gpt step line (step = optimizer step, iter = micro-batch)
# lit-gpt 2023 finetune scripts, per formats-training.md 1.5
example:  iter 1600 step 400: loss 1.0342, iter time: 197.51ms (optimizer.step)
expect:   iter=1600
expect:   step=400
expect:   loss=1.0342
expect:   iter_ms=197.51
# Lightning-AI/litgpt#689 (pretraining, loss stuck)
example:  iter 77 step 39: loss 10.8259, iter time: 214.40ms (optimizer.step)
expect:   step=39
expect:   loss=10.8259
# Lightning-AI/lit-gpt#185 (FSDP finetune, mid-2023 `train time:` form)
example:  iter 16 step 1: loss nan, train time: 1405.01ms
expect:   iter=16
expect:   step=1
expect:   loss=nan
expect:   iter_ms=1405.01
not:      2023-03-22 09:30:39 iter 2920: loss 3.9883, time 1099.34ms, mfu 15.34%

# Lightning tqdm progress bar metric (NeMo's own bar: train.step.nemo_bar; low confidence: one event per
# redraw, no global step; `epoch` and the loss only).
name:     train.step.lightning_bar
kind:     train.step
severity: info
priority: -10
literal:  train_loss=
regex:    \bEpoch (?<epoch>\d+):.*?[\s,](?:reduced_)?train_loss(?:_step)?=(?<loss>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?))
type:     epoch=float loss=float
doc:      Lightning progress-bar loss (3 significant digits; rate-limit, do not count as steps)
# Lightning tqdm bar, per formats-training.md 1.5
example:  Epoch 0:  45%|████▌     | 450/1000 [01:23<01:40,  5.45it/s, v_num=0, train_loss=2.590]
expect:   epoch=0
expect:   loss=2.590
not:      Epoch 0:   0%|          | 10/59674 [12:17<1221:29:06,  0.01it/s, v_num=5]

# nanotron (huggingface/nanotron) step line, rank 0 via log_rank: numbers
# through human_format, 3 significant digits with a decimal metric suffix
# (`634K`, `85.8G`, `11.5K` ms; `B` for billions in older releases) that the
# float parser converts (docs/TRAINING.md). tokens_per_sec is the whole
# job's; tokens_per_sec_per_gpu is the per-GPU rate kept as tokens_per_s.
name:     train.step.nanotron
kind:     train.step
severity: info
literal:  elapsed_time_per_iteration_ms:
regex:    (?x) \biteration:\s*(?<step>\d+)\s*/\s*\d+\s*\|
            (?:.*?\belapsed_time_per_iteration_ms:\s*(?<iter_ms>(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?[KMGBTP]?))?
            (?:.*?\btokens_per_sec_per_gpu:\s*(?<tokens_per_s>(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?[KMGBTP]?))?
            (?:.*?\bglobal_batch_size:\s*(?<global_batch_size>(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?[KMGBTP]?))?
            (?:.*?\blm_loss:\s*(?<loss>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?)))?
            (?:.*?\|\s*lr:\s*(?<lr>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?)))?
            (?:.*?\bmodel_tflops_per_gpu:\s*(?<tflops>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?)))?
            (?:.*?\bgrad_norm:\s*(?<grad_norm>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?)))?
type:     step=int iter_ms=float tokens_per_s=float global_batch_size=float loss=float lr=float tflops=float grad_norm=float
doc:      nanotron step line (tokens_per_sec_per_gpu as tokens/s per GPU, model TFLOPS per GPU; suffixed numbers are decimal K/M/G)
# real (huggingface/nanotron#23, 2024-01)
example:  01/17/2024 13:47:27 [INFO|DP=0|PP=0|TP=0|ip-26-0-160-225]: iteration: 992 / 1000 | consumed_tokens: 635K | elapsed_time_per_iteration_ms: 41.2 | tokens_per_sec: 15.5K | tokens_per_sec_per_gpu: 1.94K | global_batch_size: 20 | lm_loss: 10.6 | lr: 1e-05 | model_tflops_per_gpu: 0.0095 | hardware_tflops_per_gpu: 0.00951 | grad_norm: 0.507
expect:   step=992
expect:   iter_ms=41.2
expect:   tokens_per_s=1940
expect:   global_batch_size=20
expect:   loss=10.6
expect:   lr=1e-05
expect:   tflops=0.0095
expect:   grad_norm=0.507
# real (huggingface/nanotron#390, 2025-10): the iteration time itself suffixed
example:  10/17/2025 16:31:56 [INFO|DP=0|PP=0|TP=0]: iteration: 327281 / 378950 | consumed_tokens: 85.8G | elapsed_time_per_iteration_ms: 11.5K | tokens_per_sec: 22.8K | tokens_per_sec_per_gpu: 11.4K | global_batch_size: 64 | lm_loss: 2.38 | lr: 1e-05 | model_tflops_per_gpu: 38.3 | hardware_tflops_per_gpu: 38.3 | grad_norm: 1.25
expect:   step=327281
expect:   iter_ms=11500
expect:   tokens_per_s=11400
expect:   tflops=38.3
not:      iteration     3383/    8000 | consumed samples:       216512 | elapsed time per iteration (ms): 7613.1 | learning rate: 6.680E-06 | global batch size:    64 | lm loss: 7.334521E-01 | loss scale: 1.0 | grad norm: 0.752 | number of skipped iterations:   0 | number of nan iterations:   0 |

# NeMo 1.x (Lightning) progress bar: NeMo's own metrics ride in the bar's
# postfix. global_step is the step (a float: `794.0`); an empty value
# (`reduced_train_loss=,` before the first logged step) is a placeholder
# and captures nothing. train_step_timing is in seconds.
name:     train.step.nemo_bar
kind:     train.step
severity: info
literal:  global_step=
regex:    (?x) \bEpoch\ (?<epoch>\d+):.*?[\s,]reduced_train_loss=(?<loss>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?))?,
            .*?\bglobal_step=(?<step>\d+(?:\.\d*)?(?:e\+\d+)?)?
            (?:.*?\btrain_step_timing\ in\ s=(?<iter_s>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?))?)?
type:     epoch=float loss=float step=float iter_s=float
doc:      NeMo progress-bar step (reduced_train_loss is the loss averaged over data-parallel ranks)
# real (NVIDIA/NeMo-Framework-Launcher#55, 2023-05)
example:  Epoch 0:   1%|          | 795/77225 [9:07:58<878:01:48, 41.36s/it, loss=3.1, v_num=, reduced_train_loss=3.090, global_step=794.0, consumed_samples=1.63e+6]
expect:   epoch=0
expect:   loss=3.090
expect:   step=794.0
# real, every metric still empty (NVIDIA-NeMo/NeMo#11900, 2025-01)
example:  Epoch 0: :   0%|          | 614/? [23:53<00:00, v_num=, reduced_train_loss=, global_step=, consumed_samples=, train_step_timing in s=, val_loss=]
expect:   epoch=0
# NeMo bar with a NaN loss and tqdm's short float form, per formats-training.md 1.5
example:  Epoch 0: :  12%|█▏        | 3200/26000 [1:02:11<7:23:05, v_num=3, reduced_train_loss=nan, global_step=3.2e+3, consumed_samples=1.64e+6]
expect:   loss=nan
expect:   step=3200
not:      Epoch 0:  45%|████▌     | 450/1000 [01:23<01:40,  5.45it/s, v_num=0, train_loss=2.590]

# NeMo 2 / Megatron-Bridge console progress line (one per logged step).
name:     train.step.nemo
kind:     train.step
severity: info
literal:  reduced_train_loss:
regex:    (?x) \bTraining\ epoch\ (?<epoch>\d+),\ iteration\ \d+/\d+
            (?:.*?\|\s*lr:\s*(?<lr>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?)))?
            (?:.*?\|\s*global_batch_size:\s*(?<global_batch_size>\d+))?
            .*?\|\s*global_step:\s*(?<step>\d+)
            (?:.*?\|\s*reduced_train_loss:\s*(?<loss>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?)))?
            (?:.*?\|\s*train_step_timing\ in\ s:\s*(?<iter_s>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?)))?
type:     epoch=int lr=float global_batch_size=int step=int loss=float iter_s=float
doc:      NeMo 2 training progress line (train_step_timing in seconds)
# real (NVIDIA-BioNeMo/bionemo-recipes#740)
example:  Training epoch 0, iteration 120/149 | lr: 3e-05 | consumed_samples: 121 | global_batch_size: 1 | global_step: 120 | reduced_train_loss: 1.233 | train_step_timing in s: 0.03146 | val_loss: 4.106
expect:   step=120
expect:   lr=3e-05
expect:   global_batch_size=1
expect:   loss=1.233
expect:   iter_s=0.03146
not:      Epoch 0:   1%|          | 795/77225 [9:07:58<878:01:48, 41.36s/it, loss=3.1, v_num=, reduced_train_loss=3.090, global_step=794.0, consumed_samples=1.63e+6]

# OpenMMLab logger line (mmcv 1.x `Epoch [e][i/n]\tlr: ..., loss: ..., grad_norm: ...`,
# comma-separated; mmengine 2022+ `Epoch(train) [e][ i/n]  lr: ...  grad_norm: ...
# loss: ...`, two spaces; `Iter [i/n]` / `Iter(train) [i/n]` when iteration
# based). `loss:` is the total, after the per-head losses (`loss_cls:` ...);
# grad_norm only where gradient clipping is on. Epoch-based lines carry no
# global step.
name:     train.step.openmmlab
kind:     train.step
severity: info
literal:  Epoch [
literal:  Epoch(train)
literal:  Iter [
literal:  Iter(train)
regex:    (?x) \b(?:Epoch(?:\(train\))?\s*\[(?<epoch>\d+)\]\[\s*\d+/\d+\]|Iter(?:\(train\))?\s*\[\s*(?<step>\d+)/\d+\])(?=\s)
            (?=.*?(?:\s|,\ )lr:\ (?<lr>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?)))
            (?: (?=.*?(?:\s|,\ )grad_norm:\ (?<grad_norm>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?))) | )
            (?: (?=.*?(?:\s|,\ )loss:\ (?<loss>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?))(?:,|\s|$)) | )
type:     epoch=float step=int lr=float grad_norm=float loss=float
doc:      OpenMMLab (mmdet, mmocr, mmseg, mmpretrain ...) training log line; `loss: nan` or `grad_norm: nan` means the run diverged (a single NaN grad norm at the start of an fp16 run is the loss scale settling)
# mmdet 2.x under OTX, loss NaN on every head (open-edge-platform/geti#907)
example:  2022-02-09 20:28:32,418 - mmdet - INFO - Epoch [1][658/742]     lr: 5.000e-05, eta: 2:15:01, time: 0.396, data_time: 0.159, memory: 4127, loss_cls: nan, loss_bbox: nan, loss_centerness: nan, loss: nan
expect:   epoch=1
expect:   lr=5.000e-05
expect:   loss=nan
# mmocr 0.x with grad_norm (JiaquanYe/TableMASTER-mmocr#32)
example:  2021-11-22 01:32:34,502 - mmocr - INFO - Epoch [1][200/62598]	lr: 1.000e-03, eta: 7 days, 15:55:58, time: 0.705, data_time: 0.002, memory: 7239, loss_ce: 0.5921, horizon_bbox_loss: 0.2210, vertical_bbox_loss: 0.1055, loss: 0.9186, grad_norm: 3.9772
expect:   loss=0.9186
expect:   grad_norm=3.9772
# mmengine, base_lr and grad_norm before the loss (an mmdet3d config's log, found by find_string)
example:  11/08 15:58:16 - mmengine - INFO - Epoch(train) [1][   50/30895]  base_lr: 7.9760e-05 lr: 7.9760e-05  eta: 2 days, 7:32:05  time: 1.0788  data_time: 0.0849  memory: 15079  grad_norm: nan  loss: 859.5978  loss_heatmap: 836.5007  layer_-1_loss_cls: 10.1055  layer_-1_loss_bbox: 12.9917  matched_ious: 0.0001
expect:   lr=7.9760e-05
expect:   grad_norm=nan
expect:   loss=859.5978
# mmpretrain's documented log
example:  02/20 14:43:11 - mmengine - INFO - Epoch(train)   [1][ 100/3125]  lr: 1.0000e-01  eta: 6:12:01  time: 0.0149  data_time: 0.0003  memory: 214  loss: 2.0611
expect:   epoch=1
expect:   loss=2.0611
not:      06/11 03:36:16 - mmengine - INFO - Exp name: rtmdet_tiny_1xb12-40e_balloon_20230611_033352
not:      2022/08/22 18:42:22 - mmengine - INFO - Epoch(val) [1][5/7]  eta: 0:00:01  time: 0.2051  data_time: 0.0011  memory: 1170

# torchvision's detection/classification references and the scripts built
# on their MetricLogger (DETR, DeiT, MAE, DINO ...): `Epoch: [e]  [ i/n]
# eta: ...  lr: ...  loss: smoothed (global avg)`.
name:     train.step.metric_logger
kind:     train.step
severity: info
literal:  Epoch: [
regex:    (?x) \bEpoch:\ \[(?<epoch>\d+)\]\s+\[\s*\d+/\d+\]\s+eta:\ 
            (?=.*?\slr:\ (?<lr>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?))\s)
            (?=.*?\sloss:\ (?<loss>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?))\s)
type:     epoch=float lr=float loss=float
doc:      MetricLogger training line of torchvision's references and the repositories built on them (DETR, DeiT, MAE, DINO); the loss is the smoothed value, then the global average in brackets
# torchvision detection reference (DIUx-xView/xview3-reference#18)
example:  Epoch: [0]  [ 0/65]  eta: 0:01:55  lr: 0.000125  loss: 2.9749 (2.9749)  loss_classifier: 1.1639 (1.1639)  loss_box_reg: 0.0148 (0.0148)  loss_objectness: 1.5950 (1.5950)  loss_rpn_box_reg: 0.2011 (0.2011)  time: 1.7780  data: 0.4853  max mem: 5038
expect:   epoch=0
expect:   lr=0.000125
expect:   loss=2.9749
not:      Test:  [  0/157]  eta: 0:05:51  loss: 0.8367 (0.8367)  acc1: 82.8125 (82.8125)  acc5: 95.3125 (95.3125)  time: 2.2397  data: 2.0573  max mem: 2104

# timm's train.py (`Train: e [ i/n ( p%)]  Loss: value (average)  Time:
# ...  LR: ...`, `Train: [e/E]` in some forks) and the PyTorch MNIST
# example's `Train Epoch: e [i/n (p%)]<tab>Loss: value`, which many
# training scripts kept. The first loss is the current batch's.
name:     train.step.timm
kind:     train.step
severity: info
literal:  %)]
regex:    (?x) \bTrain(?:\ Epoch)?:\ \[?(?<epoch>\d+)(?:/\d+\])?\ \[\s*\d+/\s*\d+\ \(\s*[\d.]+%\)\]\s+
            Loss:\s+(?<loss>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?))
            (?:.*?\sLR:\ (?<lr>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?))\s)?
type:     epoch=float loss=float lr=float
doc:      timm (and PyTorch MNIST example) training progress; the loss is the current batch's, the average follows in brackets
# timm, the loss NaN from the start of epoch 4 (huggingface/pytorch-image-models#814)
example:  Train: 4 [ 300/5004 (  6%)]  Loss:       nan (   nan)  Time: 3.225s,   79.37/s  (0.646s,  396.56/s)  LR: 6.227e-02  Data: 3.035 (0.453)
expect:   epoch=4
expect:   loss=nan
expect:   lr=6.227e-02
# timm, a log quoted in a plotting script (find_string)
example:  Train: 0 [   0/10009 (  0%)]  Loss:  6.929471 (6.9295)  Time: 24.915s,    5.14/s  (24.915s,    5.14/s)  LR: 1.000e-06  Data: 19.697 (19.697)
expect:   loss=6.929471
expect:   lr=1.000e-06
# the MNIST example's form, from a tutorial's output (find_string)
example:  Train Epoch: 1 [11800/60000 (20%)]  Loss: 0.5845944881439209
expect:   epoch=1
expect:   loss=0.5845944881439209
# timm, an epoch's last batch (a GitHub thread's log, find_string); its validation line is not one
example:  Train: 0 [  32/33 (100%)]  Loss: 1.336 (4.00)  Time: 0.934s,    8.57/s  (0.218s,   36.68/s)  LR: 5.000e-04  Data: 0.000 (0.014)
expect:   loss=1.336
not:      Test: [   0/29]  Time: 0.560 (0.560)  Loss:  0.6912 (0.6912)  Acc@1: 87.5000 (87.5000)  Acc@5: 100.0000 (100.0000)
not:       94%|##########| 837/888 [9:42:50<34:08, 40.17s/it]

# fairseq / metaseq progress line (`--log-format simple`; the train_inner
# logger from fairseq 0.9, a bare `| ` print before). num_updates is the
# optimizer step. wps (words/s) is the whole job's, summed over workers:
# it is captured but not kept as a per-GPU rate.
name:     train.step.fairseq
kind:     train.step
severity: info
literal:  num_updates=
regex:    (?x) \bepoch\ \d+:\s+\d+\ /\ \d+\ loss=(?<loss>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?)),
            (?:.*?\bwps=(?<wps>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?)),)?
            .*?\bnum_updates=(?<step>\d+)
            (?:,\ lr=(?<lr>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?)))?
            (?:,\ gnorm=(?<grad_norm>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?)))?
            (?:.*?\bloss_scale=(?<loss_scale>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?)))?
type:     loss=float wps=float step=int lr=float grad_norm=float loss_scale=float
doc:      fairseq training progress (loss in base 2; loss_scale only with --fp16)
# real (facebookresearch/fairseq#940): fp16, print form
example:  | epoch 001:    450 / 1891 loss=11.521, nll_loss=10.881, ppl=1886.05, wps=52922, ups=0.5, wpb=104928, bsz=5325, num_updates=445, lr=8.90889e-05, gnorm=1.543, clip=0%, oom=0, loss_scale=2.000, wall=882, train_wall=756
expect:   loss=11.521
expect:   wps=52922
expect:   step=445
expect:   lr=8.90889e-05
expect:   grad_norm=1.543
expect:   loss_scale=2.000
# real (facebookresearch/fairseq#2338, 2020-07): train_inner logger form
example:  2020-07-17 07:11:02 | INFO | train_inner | epoch 001:   2800 / 160368 loss=9.255, ppl=611.12, wps=57.3, ups=0.04, wpb=1613, bsz=80, num_updates=2800, lr=2.8e-05, gnorm=3.23, train_wall=13, wall=1236
expect:   step=2800
expect:   grad_norm=3.23
# real (facebookresearch/fairseq#311): no fp16
example:  | epoch 001:    370 / 614 loss=10.093, nll_loss=10.093, ppl=1092.29, wps=1334, ups=3.0, wpb=439, bsz=18, num_updates=371, lr=0.05, gnorm=0.788, clip=100%, oom=0
expect:   step=371
not:      | epoch 030 | loss 3.736 | nll_loss 2.045 | ppl 4.13 | wps 1.18305e+06 | ups 2.8 | wpb 417527 | bsz 14131 | num_updates 11001 | lr 0.000602995 | gnorm 0.434 | clip 100% | oom 0 | loss_scale 2.000 | wall 4464

# fairseq's end-of-epoch averages (`| epoch 027 | loss 6.343 | ...` before
# 0.10, `| INFO | train | epoch 050 | loss 3.942 | ...` after): key value
# pairs between bars; num_updates is the optimizer step; loss_scale only with
# --fp16, printed to three decimals (a scale at fairseq's 1e-4 floor reads
# 0.000). Validation lines (`| valid on 'valid' subset |`) are not these.
name:     train.step.fairseq_epoch
kind:     train.step
severity: info
literal:  | num_updates 
regex:    (?x) \|\ epoch\ \d+\ \|\ loss\ (?<loss>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?))\ \|
            .*?\|\ num_updates\ (?<step>\d+)\ \|
            (?:.*?\|\ gnorm\ (?<grad_norm>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?))\ \|)?
            (?:.*?\|\ loss_scale\ (?<loss_scale>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?))(?:\ |$))?
type:     loss=float step=int grad_norm=float loss_scale=float
doc:      fairseq end-of-epoch training averages (loss in base 2); a loss_scale of 0.000 means fp16 scaling is at its floor
# fairseq 0.6, fp16, the epoch before the loss scale collapsed (facebookresearch/fairseq#512)
example:  | epoch 027 | loss 6.343 | nll_loss 4.984 | ppl 31.65 | wps 164346 | ups 0.4 | wpb 364096 | bsz 11907 | num_updates 10198 | lr 0.000626286 | gnorm 0.390 | clip 0% | oom 0 | loss_scale 0.500 | wall 23080 | train_wall 21383
expect:   loss=6.343
expect:   step=10198
expect:   grad_norm=0.390
expect:   loss_scale=0.500
# fairseq 0.10+ logger form, fp32 (a baseline_train.log tail, found by find_string)
example:  2021-05-07 16:11:09 | INFO | train | epoch 050 | loss 3.942 | nll_loss 2.512 | ppl 5.71 | wps 34422 | ups 3.3 | wpb 10419.8 | bsz 422.8 | num_updates 18950 | lr 0.000229718 | gnorm 0.619 | train_wall 66 | gb_free 8.9 | wall 5740
expect:   step=18950
expect:   grad_norm=0.619
not:      | epoch 027 | valid on 'valid' subset | valid_loss 8.30118 | valid_nll_loss 7.15366 | valid_ppl 142.39 | num_updates 10198 | best 4.46376
not:      | epoch 001:    450 / 1891 loss=11.521, nll_loss=10.881, ppl=1886.05, wps=52922, ups=0.5, wpb=104928, bsz=5325, num_updates=445, lr=8.90889e-05, gnorm=1.543, clip=0%, oom=0, loss_scale=2.000, wall=882, train_wall=756

# fairseq-py's first releases (2017, before num_updates): the batch within
# the epoch out of the epoch's batches, the last batch's loss with the
# epoch's running average in parentheses, then wps, lr and gnorm. The
# batch restarts every epoch, so it is no step number: the rows are kept
# in the order written, as logs without step numbers are.
name:     train.step.fairseq_py
kind:     train.step
severity: info
literal:  ), wps=
regex:    (?x) \|\ epoch\ \d+\ +\d+\ /\ \d+\ loss=(?<loss>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?))\ \([^)]*\),\ wps=(?<wps>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?)),
            (?:.*?\blr=(?<lr>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?)),)?
            (?:.*?\bgnorm=(?<grad_norm>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?)))?
type:     loss=float wps=float lr=float grad_norm=float
doc:      fairseq-py (2017) training progress: the last batch's loss (base 2) and the gradient norm
# the convolutional WMT'14 en-fr model on 8 GPUs diverging (facebookresearch/fairseq#41, dev half)
example:  | epoch 001  7000 / 331737 loss=7746569234820.15 (126329286789.38), wps=18577, wpb=31211, bsz=864, lr=1.25, clip=100%, gnorm=inf
expect:   loss=7746569234820.15
expect:   wps=18577
expect:   lr=1.25
expect:   grad_norm=inf
# a slow single-GPU run, ten epochs in (facebookresearch/fairseq#301)
example:  | epoch 010  2000 / 8223 loss=1.27 (1.50), wps=962, wpb=908, bsz=32, lr=0.001, clip=100%, gnorm=2.1427
expect:   loss=1.27
expect:   grad_norm=2.1427
not:      | epoch 010 | train loss 1.44 | train ppl 2.72 | s/checkpoint    7747 | words/s    961 | words/batch    906 | bsz    32 | lr 0.001000 | clip 100% | gnorm 2.1113
not:      | epoch 010 | valid on 'valid' subset  1000 / 1311 loss=1.60
not:      | epoch 001:    370 / 614 loss=10.093, nll_loss=10.093, ppl=1092.29, wps=1334, ups=3.0, wpb=439, bsz=18, num_updates=371, lr=0.05, gnorm=0.788, clip=100%, oom=0

# OpenNMT-py's report (onmt/utils/statistics.py output(): `Step %s; acc:
# %6.2f; ppl: %5.2f; xent: %4.2f; lr: %7.5f; %3.0f/%3.0f tok/s; %6.0f sec`,
# the step as N or N/total; from 3.x a `[meta]: ` before it, acc and ppl
# may be `--`, and lr may be missing). xent is the training cross-entropy:
# the loss. PreSumm and other forks keep the same head.
name:     train.step.opennmt
kind:     train.step
severity: info
literal:  ; xent: 
regex:    (?x) \bStep\ (?<step>\d+)(?:/\s*\d+)?;\ acc:\s*\S+;\ ppl:\s*\S+;
            \ xent:\s*(?<loss>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?));
            (?:\ lr:\s*(?<lr>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?);)?
type:     step=int loss=float lr=float
doc:      OpenNMT-py training progress; xent (the cross-entropy) is the loss, ppl its exponential
# OpenNMT-py 1.x, the loss gone NaN (OpenNMT/OpenNMT-py#1072)
example:  [2018-11-26 15:06:01,481 INFO] Step 5650/50000; acc:   0.19; ppl:   nan; xent:  nan; lr: 0.00070; 1928/2310 tok/s;  21110 sec
expect:   step=5650
expect:   loss=nan
expect:   lr=0.00070
# OpenNMT-py 2.x quickstart, padded total (find_string, 2021-03)
example:  [2021-03-21 00:29:15,279 INFO] Step 50/ 1000; acc:   3.91; ppl: 147677.56; xent: 11.90; lr: 1.00000; 2954/2927 tok/s;     24 sec
expect:   step=50
expect:   loss=11.90
expect:   lr=1.00000
# OpenNMT-py 1.x (find_string, 2020-02)
example:  [2020-02-09 07:29:37,814 INFO] Step 50/100000; acc:   2.15; ppl: 11344.46; xent: 9.34; lr: 0.00001; 10559/11089 tok/s;     35 sec
expect:   loss=9.34
not:      [2020-02-09 07:29:09,291 INFO] number of examples: 368702

# insightface's arcface_torch training line (`Training: <time>-Speed ... Loss
# ... Epoch: e   Global Step: s   Fp16 Grad Scale: g ...`).
name:     train.step.arcface
kind:     train.step
severity: info
literal:  Global Step:
regex:    (?x) \bSpeed\ +[\d.]+\ samples/sec\ +Loss\ (?<loss>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?))\ +LearningRate\ (?<lr>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?))\ +Epoch:\ \d+\ +Global\ Step:\ (?<step>\d+)
            (?:\ +Fp16\ Grad\ Scale:\ +(?<loss_scale>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?)))?
type:     loss=float lr=float step=int loss_scale=float
doc:      insightface arcface_torch training line; `Fp16 Grad Scale: 0` means the GradScaler's scale collapsed (the loss is NaN/Inf every step)
# insightface, loss NaN and the scale at zero (deepinsight/insightface#2262)
example:  Training: 2023-03-14 09:08:47,984-Speed 2183.37 samples/sec   Loss nan   LearningRate 0.001000   Epoch: 0   Global Step: 30   Fp16 Grad Scale:  0   Required: 144 hours
expect:   loss=nan
expect:   step=30
expect:   loss_scale=0
not:      Epoch: 0   Global Step: 20   Fp16 Grad Scale:  0   Required: 194 hours

# ------------------------------------------------------- model and GPU ---

# The model's parameter count, for MFU when the framework does not log it
# (docs/TRAINING.md). Megatron prints one line per (tensor, pipeline) rank
# pair: the model is the sum over distinct pairs (the analysis sums them).
name:     train.model_size.megatron
kind:     train.model_size
severity: info
store:    once
literal:  number of parameters on (tensor, pipeline)
regex:    number of parameters on \(tensor, pipeline\) model parallel rank \((?<tp_rank>\d+), (?<pp_rank>\d+)\): (?<params>\d+)
type:     tp_rank=int pp_rank=int params=float
doc:      Megatron model size on one (tensor, pipeline) rank pair
# real (NVIDIA/Megatron-LM#374, 2023-06)
example:   > number of parameters on (tensor, pipeline) model parallel rank (1, 0): 1277857792
expect:   tp_rank=1
expect:   pp_rank=0
expect:   params=1277857792
not:      Number of parameters: [tensor rank - pipeline rank] w/ and w/o embeddings:

name:     train.model_size.torchtitan
kind:     train.model_size
severity: info
store:    once
literal:  total parameters
regex:    \bModel \S+(?: \S+)? size: (?<params>\d{1,3}(?:,\d{3})+|\d+) total parameters
type:     params=float
doc:      torchtitan model size
# real (torchtitan on H100, 2026-01; ANSI colours stripped)
example:  [titan] 2026-01-09 19:01:15,198 - root - INFO - Model transformers_modeling_backend_custom llama32_1b_tok32k size: 1,040,254,976 total parameters
expect:   params=1040254976
not:      [titan] Total parameter count: dense 31,987,968, sparse 0, vision 0, active 31,987,968

# torchtitan 2026 count, MoE aware: the active parameters are what a token
# pays for, so they are the MFU's model size.
name:     train.model_size.torchtitan_count
kind:     train.model_size
severity: info
store:    once
literal:  Total parameter count:
regex:    Total parameter count: dense [\d,]+, sparse [\d,]+(?:, vision [\d,]+)?, active (?<params>\d{1,3}(?:,\d{3})+|\d+)
type:     params=float
doc:      torchtitan parameter count (active parameters)
# real (torchtitan smoke-test log, 2026-01)
example:  [titan] Total parameter count: dense 31,987,968, sparse 0, vision 0, active 31,987,968
expect:   params=31987968
not:      [titan] 2026-01-09 19:01:15,198 - root - INFO - Model transformers_modeling_backend_custom llama32_1b_tok32k size: 1,040,254,976 total parameters

name:     train.model_size.hf
kind:     train.model_size
severity: info
store:    once
literal:  Number of trainable parameters =
regex:    Number of trainable parameters = (?<params>\d{1,3}(?:,\d{3})+|\d+)
type:     params=float
doc:      Hugging Face Trainer's trainable parameters (a LoRA run trains a fraction of the model: its MFU from this count is low by design)
# HF Trainer banner, per formats-training.md 1.5 (thousands separators)
example:    Number of trainable parameters = 275,081,216
expect:   params=275081216
not:      Total optimization steps = 500

name:     train.model_size.fairseq
kind:     train.model_size
severity: info
store:    once
literal:  model params:
regex:    \bnum\. (?:shared )?model params: (?<params>\d{1,3}(?:,\d{3})+|\d+)
type:     params=float
doc:      fairseq model size
# real (facebookresearch/fairseq#1967, 2020-04)
example:  2020-04-05 18:38:34 | INFO | fairseq_cli.train | num. model params: 225086464 (num. trained: 225086464)
expect:   params=225086464
not:      2020-04-05 18:38:41 | INFO | fairseq_cli.train | training on 1 GPUs

name:     train.model_size.nanotron
kind:     train.model_size
severity: info
store:    once
literal:  Total number of parameters:
regex:    \bTotal number of parameters: (?<params>\d+(?:\.\d*)?[KMGBTP]?) \(\d+(?:\.\d+)?MiB\)
type:     params=float
doc:      nanotron model size (human_format, decimal suffix)
# nanotron trainer (log_rank on rank 0), per its source: `Total number of parameters: <human_format> (<MiB>MiB)`
example:  01/17/2024 13:45:02 [INFO|DP=0|PP=0|TP=0|ip-26-0-160-225]: Total number of parameters: 1.1G (2098.00MiB)
expect:   params=1.1e9
not:      01/17/2024 13:45:02 [INFO|DP=0|PP=0|TP=0|ip-26-0-160-225]: Local number of parameters: 1.1G (2098.00MiB)

# Megatron's StragglerDetector (--log-straggler), rank 0 every log
# interval: the min and max over all ranks of each metric, with the rank
# it was measured on (`<value><unit>/<rank>`). Rtt is the time in the
# traced ops per iteration, Etpt the estimated throughput per GPU.
name:     train.rank_timing.megatron
kind:     train.rank_timing
severity: info
literal:  MxRtt/Rnk:
regex:    (?x) \bMnRtt/Rnk:\s*(?<min_ms>[\d.]+)ms/(?<min_rank>\d+)\s*\|\s*MxRtt/Rnk:\s*(?<max_ms>[\d.]+)ms/(?<max_rank>\d+)
            (?:.*?\bMnEtpt/Rnk:\s*(?<min_tflops>[\d.]+)TF/(?<min_tflops_rank>\d+))?
type:     min_ms=float min_rank=int max_ms=float max_rank=int min_tflops=float min_tflops_rank=int
doc:      Megatron straggler detector: fastest and slowest rank of the interval by time per iteration (a slowest rank that keeps its place and stands well above the fastest is a straggler)
# real (Megatron-LM megatron/core/README_STRAGGLER.md, 2024-03; srun --label prefix)
example:   0: INFO:megatron.core.utils:[2024-03-14 23:07:56] | MnRtt/Rnk: 3453.08ms/8 | MxRtt/Rnk: 3468.20ms/0 | MnPwr/Rnk: 601796W/8 | MxPwr/Rnk: 683801W/18 | MnTmp/Rnk: 52C/0 | MxTmp/Rnk: 65C/21 | MnUtl/Rnk: 97%/8 | MxUtl/Rnk: 100%/6 | MnClk/Rnk: 1950MHz/28 | MxClk/Rnk: 1980MHz/0 | MnDRtt/Rnk: 14.27ms/23 | MxDRtt/Rnk: 34.65ms/3 | MnEtpt/Rnk: 296.02TF/0 | MxEtpt/Rnk: 297.32TF/8
expect:   min_ms=3453.08
expect:   min_rank=8
expect:   max_ms=3468.20
expect:   max_rank=0
expect:   min_tflops=296.02
expect:   min_tflops_rank=0
not:       0: INFO:megatron.core.utils:^^^^ Bottom 4 Ranks with lowest  Etpt(TF): 296.02/0, 296.17/2, 296.23/1, 296.23/4,

# The GPU model, for the dense peak FLOPS of an MFU the logs do not give.
name:     train.gpu_model.nvidia_smi
kind:     train.gpu_model
severity: info
literal:  NVIDIA
regex:    ^\|\s+\d+\s+(?<gpu>NVIDIA [^|]*?)\s+(?:On|Off)\s+\|\s+[0-9A-Fa-f]{8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.\d
doc:      nvidia-smi's GPU table row (name, persistence mode, bus id)
# real (nvidia-smi 5xx table in a job log)
example:  |   0  NVIDIA H100 80GB HBM3          On  |   00000000:04:00.0 Off |                    0 |
expect:   gpu=NVIDIA H100 80GB HBM3
not:      | N/A   32C    P0             69W /  700W |       0MiB /  81559MiB |      0%      Default |

name:     train.gpu_model.nvidia_smi_list
kind:     train.gpu_model
severity: info
literal:  (UUID: GPU-
regex:    ^GPU \d+: (?<gpu>.+?) \(UUID: GPU-
doc:      nvidia-smi -L
# nvidia-smi -L output
example:  GPU 0: NVIDIA A100-SXM4-80GB (UUID: GPU-5ba8b2a5-2fcb-6bd6-1f7e-2a67c6a7c2f1)
expect:   gpu=NVIDIA A100-SXM4-80GB
not:      GPU available: True (cuda), used: True

name:     train.gpu_model.lightning
kind:     train.gpu_model
severity: info
literal:  You are using a CUDA device
regex:    You are using a CUDA device \('(?<gpu>[^']+)'\) that has Tensor Cores
doc:      Lightning's Tensor Core hint, which names the device
# Lightning 2.x rank-zero warning
example:  You are using a CUDA device ('NVIDIA A100-SXM4-80GB') that has Tensor Cores. To properly utilize them, you should set `torch.set_float32_matmul_precision('medium' | 'high')` which will trade-off precision for performance. For more details, read https://pytorch.org/docs/stable/generated/torch.set_float32_matmul_precision.html#torch.set_float32_matmul_precision
expect:   gpu=NVIDIA A100-SXM4-80GB
not:      GPU available: True (cuda), used: True

name:     train.gpu_model.torchtitan
kind:     train.gpu_model
severity: info
literal:  capacity: 
regex:    \b(?:CUDA|GPU) capacity: (?<gpu>.+?)(?: \(\d+\))? with [\d.]+GiB memory
doc:      torchtitan's device line at start-up
# real (torchtitan, 2026-01)
example:  [titan] 2026-01-16 02:41:33,634 - root - INFO - CUDA capacity: NVIDIA H100 80GB HBM3 with 79.18GiB memory
expect:   gpu=NVIDIA H100 80GB HBM3
# the 2024 wording, with the device index
example:  2024-10-03 14:59:02,117 - root - INFO - GPU capacity: NVIDIA H100 80GB HBM3 (0) with 79.11GiB memory
expect:   gpu=NVIDIA H100 80GB HBM3
not:      [titan] 2026-01-09 19:01:15,198 - root - INFO - Model transformers_modeling_backend_custom llama32_1b_tok32k size: 1,040,254,976 total parameters

# ---------------------------------------------------------------- fp16 ---

# DeepSpeed dynamic loss scaler (rank 0 only): int form (`64, reducing to 32`,
# 0.8+), float form (older ZeRO 1/2: `128.0, reducing to 64.0`), very old
# `[deepscale]` prefix, and the hysteresis form (scale kept, no scale_to).
# Start-up cascades from a huge initial scale are normal; a fall to 1 or 0 is not.
name:     train.overflow.deepspeed
kind:     train.overflow
severity: warning
literal:  OVERFLOW! Rank
regex:    \[(?:deepspeed|deepscale)\] OVERFLOW! Rank \d+ Skipping step\. Attempted loss scale: (?<scale_from>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?))(?:, reducing to (?<scale_to>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?))|, but hysteresis is (?<hysteresis>\d+)\. Reducing hysteresis to \d+)
type:     scale_from=float scale_to=float hysteresis=int
doc:      fp16 gradient overflow: the step was skipped and the loss scale lowered; repeated overflows down to scale 1 (or 0: int formatting of a fractional scale) mean the run is diverging - use bf16 or lower the LR
# real, tqdm-glued (train-015)
example:   14%|██▍       | 378/2724 [13:58:09<86:18:35, 132.44s/it][2023-06-07 22:16:00,018] [INFO] [loss_scaler.py:181:update_scale] [deepspeed] OVERFLOW! Rank 0 Skipping step. Attempted loss scale: 64, reducing to 32
expect:   scale_from=64
expect:   scale_to=32
# real, huge start-up scale (train-019)
example:  [2024-09-11 17:52:18,030] [INFO] [loss_scaler.py:183:update_scale] [deepspeed] OVERFLOW! Rank 0 Skipping step. Attempted loss scale: 4294967296, reducing to 2147483648
expect:   scale_from=4294967296
expect:   scale_to=2147483648
# real, hysteresis form (DeepSpeed 0.15, 2024-09)
example:  [2024-09-23 10:15:33,253] [INFO] [loss_scaler.py:190:update_scale] [deepspeed] OVERFLOW! Rank 0 Skipping step. Attempted loss scale: 32768, but hysteresis is 2. Reducing hysteresis to 1
expect:   scale_from=32768
expect:   hysteresis=2
# real, very old `[deepscale]` prefix (HF DeepSpeed integration docs)
example:   [deepscale] OVERFLOW! Rank 0 Skipping step. Attempted loss scale: 262144, reducing to 262144
expect:   scale_to=262144
# older ZeRO stage 1/2 float formatting, per formats-training.md 1.5
example:  [2021-11-04 08:12:47,339] [INFO] [stage_1_and_2.py:1702:step] [deepspeed] OVERFLOW! Rank 0 Skipping step. Attempted loss scale: 128.0, reducing to 64.0
expect:   scale_from=128.0
expect:   scale_to=64.0
not:      [2024-09-23 10:11:54,730] [INFO] [logging.py:96:log_dist] [Rank 0] Overflow detected. Skipping step. Attempted loss scale: 65536, reducing to 32768.0

# DeepSpeed fused/unfused fp16 optimizers (`[Rank 0] Overflow detected...`
# via log_dist; `[deepspeed] fp16 dynamic loss scale overflow! ...`).
name:     train.overflow.deepspeed_optimizer
kind:     train.overflow
severity: warning
literal:  Overflow detected. Skipping step.
literal:  fp16 dynamic loss scale overflow!
regex:    (?:Overflow detected\. Skipping step\.|fp16 dynamic loss scale overflow!(?: Rank \d+)?(?: Skipping step\.)?)(?: Attempted loss scale: (?<scale_from>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?)), reducing to (?<scale_to>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?)))?
type:     scale_from=float scale_to=float
doc:      fp16 gradient overflow in a DeepSpeed fp16 optimizer: step skipped, loss scale lowered
# real (DeepSpeed 0.15 fused optimizer, 2024-09)
example:  [2024-09-23 10:11:54,730] [INFO] [logging.py:96:log_dist] [Rank 0] Overflow detected. Skipping step. Attempted loss scale: 65536, reducing to 32768.0
expect:   scale_from=65536
expect:   scale_to=32768.0
# real (DeepSpeed unfused optimizer, 2024-03)
example:  [2024-03-08 16:33:21,416] [INFO] [unfused_optimizer.py:207:step] [deepspeed] fp16 dynamic loss scale overflow! Skipping step. Attempted loss scale: 65536.0, reducing to 32768.0
expect:   scale_from=65536.0
# bare message (old fp16 utils print only this), per formats-training.md 1.5
example:  fp16 dynamic loss scale overflow!
not:      Gradient overflow detected. Skipping step.

# DeepSpeed/Megatron fp16 optimizer `_update_scale` notice (its own line in
# the fused optimizer: the `[INFO] [...:_update_scale]` header is on the line before).
name:     train.overflow.grad_overflow_iteration
kind:     train.overflow
severity: warning
literal:  Grad overflow on iteration
regex:    \bGrad overflow on iteration:? (?<step>\d+)
type:     step=int
doc:      fp16 overflow at iteration <step> (the same overflow is usually also reported by an `Overflow detected` line)
# real (DeepSpeed unfused optimizer, 2026-06)
example:  [2026-06-18 23:36:56,643] [INFO] [unfused_optimizer.py:281:_update_scale] Grad overflow on iteration: 4
expect:   step=4
# real (DeepSpeed fused optimizer: message on its own line)
example:  Grad overflow on iteration 501
expect:   step=501
not:      [2024-09-23 10:11:54,722] [INFO] [fused_optimizer.py:462:_update_scale] No Grad overflow for 500 iterations

# NVIDIA apex amp (2019-2022).
name:     train.overflow.apex
kind:     train.overflow
severity: warning
literal:  Gradient overflow.  Skipping step
literal:  Gradient overflow. Skipping step
regex:    Gradient overflow\.\s+Skipping step, loss scaler \d+ reducing loss scale to (?<scale_to>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?))
type:     scale_to=float
doc:      apex amp fp16 overflow: step skipped, loss scale lowered
# real (apex O1 run)
example:  Gradient overflow.  Skipping step, loss scaler 0 reducing loss scale to 32768.0
expect:   scale_to=32768.0
# one blank after the period (LEEYOONHYUNG/BVAE-TTS#3 title)
example:  Gradient overflow. Skipping step, loss scaler 0 reducing loss scale to 32768.0
expect:   scale_to=32768.0
# scale oscillating far below 1 (NVIDIA/apex#1135)
example:  Gradient overflow.  Skipping step, loss scaler 0 reducing loss scale to 0.00048828125
expect:   scale_to=0.00048828125
not:      Gradient overflow detected. Skipping step.

# PaddlePaddle's dynamic loss scaler (paddle/amp/grad_scaler.py, paddle
# 2.x: `Found inf or nan, current scale is: {}, decrease to: {}*{}`, with
# no blank after the commas in earlier releases),
# printed each time it lowers the scale. It prints the factor, not the
# product, so scale_to is the scale before this decrease: a bound from
# above of the new one, which keeps a collapse (findings.c) conservative.
name:     train.overflow.paddle
kind:     train.overflow
severity: warning
literal:  Found inf or nan,
regex:    Found inf or nan, ?current scale is: (?<scale_to>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?), ?decrease to: 
type:     scale_to=float
doc:      Paddle AMP fp16 overflow: the step was skipped and the loss scale lowered
# PaddleClas, the scale halving far below 1 (PaddlePaddle/PaddleClas#2457)
example:  Found inf or nan, current scale is: 3.0517578125e-05, decrease to: 3.0517578125e-05*0.5
expect:   scale_to=3.0517578125e-05
# an earlier Paddle 2.x's, without the blanks, the scale already at zero
# (PaddlePaddle/PaddleSeg#1412, dev half)
example:  Found inf or nan,current scale is: 0.0,decrease to: 0.0*0.5
expect:   scale_to=0.0
not:      Gradient overflow.  Skipping step, loss scaler 0 reducing loss scale to 32768.0

# k2-fsa's fp16 recipes (icefall's and ZipVoice's train.py) watch
# torch's GradScaler themselves: below 0.01 they warn `Grad scale is
# small: X`, the scale after many halvings (each one a step skipped for
# inf/nan gradients); below 1e-05 they save the model and raise
# `grad_scale is too small, exiting: X` (train.loss_scale_min.k2).
name:     train.overflow.k2
kind:     train.overflow
severity: warning
literal:  Grad scale is small: 
regex:    Grad scale is small: (?<scale_to>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?)
type:     scale_to=float
doc:      a k2-fsa recipe's fp16 GradScaler scale fell below 0.01 after repeated inf/NaN gradients
# icefall zipformer, four ranks (k2-fsa/icefall#1463)
example:  2024-01-14 01:03:00,826 WARNING [train.py:1057] (2/4) Grad scale is small: 1.2924697071141057e-26
expect:   scale_to=1.2924697071141057e-26
# an icefall recipe's own step line (a GitHub thread's log, find_string)
not:      2023-05-12 18:04:59,986 INFO [train.py:422] Epoch 0, batch 0, loss[loss=1.065, over 2436.00 frames. ], tot_loss[loss=1.065, over 2436.00 frames. ], batch size: 4
not:      RuntimeError: grad_scale is too small, exiting: 2.3283064365386963e-10

# fairseq fp16 trainer.
name:     train.overflow.fairseq
kind:     train.overflow
severity: warning
literal:  overflow detected, 
regex:    (?:NOTE|WARNING): (?:gradient )?overflow detected, (?:ignoring gradient, )?setting loss scale to: (?<scale_to>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?))
type:     scale_to=float
doc:      fairseq fp16 overflow: update skipped, loss scale lowered
# real (fairseq, 2021)
example:  2021-03-08 12:33:12 | INFO | fairseq.trainer | NOTE: gradient overflow detected, ignoring gradient, setting loss scale to: 2.0
expect:   scale_to=2.0
# fairseq 0.9 trainer (fairseq-1895)
example:  2020-03-23 11:41:18 | INFO | fairseq.trainer | NOTE: overflow detected, setting loss scale to: 0.00048828125
expect:   scale_to=0.00048828125
# fairseq 0.6 print form (fairseq-512, facebookresearch/fairseq#515)
example:  | WARNING: overflow detected, setting loss scale to: 0.0001220703125
expect:   scale_to=0.0001220703125
not:      2021-03-08 12:34:45 | INFO | train_inner | {"epoch": 1, "update": 0.002, "loss": "16.05"}

# Fatal: the dynamic loss scale cannot go lower.
# OpenAI's diffusion codebases (improved-diffusion, guided-diffusion and
# their many forks; fp16_util.py): the loss scale is kept as its log2,
# lowered by one for each step whose gradients were not finite. A few
# while it settles from 20 are normal; a log2 scale far below zero is a
# scale of zero. The log2 is kept as a field of its own (lg_scale_to):
# reading it as a scale would be wrong by an exponent.
name:     train.overflow.lg_loss_scale
kind:     train.overflow
severity: warning
literal:  Found NaN, decreased lg_loss_scale to
regex:    Found NaN, decreased lg_loss_scale to (?<lg_scale_to>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?)
type:     lg_scale_to=float
doc:      fp16 overflow in an OpenAI diffusion trainer: the step was skipped and log2 of the loss scale lowered by one
# openai/guided-diffusion#50 (the log2 scale thousands below zero: collapsed)
example:  Found NaN, decreased lg_loss_scale to -16199.354
expect:   lg_scale_to=-16199.354
not:      | lg_loss_scale | -1.62e+04 |

# NVIDIA's BERT pretraining (DeepLearningExamples, its MLPerf copies):
# DLLogger's `PARAMETER loss_scale : X` is logged only when a step was
# skipped for an overflow, apex's and GradScaler's versions alike.
name:     train.overflow.dllogger
kind:     train.overflow
severity: warning
literal:  PARAMETER loss_scale : 
regex:    \bPARAMETER loss_scale : (?<scale_to>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?))
type:     scale_to=float
doc:      fp16 overflow in NVIDIA's BERT pretraining: the step was skipped and the loss scale lowered to scale_to
# NVIDIA/DeepLearningExamples#543
example:  DLL 2020-06-04 01:04:20.355678 - PARAMETER loss_scale : 2.9103830456733704e-11 
expect:   scale_to=2.9103830456733704e-11
not:      DLL 2020-06-03 15:24:13.924122 - PARAMETER checkpoint_step : 1685 

name:     train.loss_scale_min
kind:     train.loss_scale_min
severity: error
literal:  Current loss scale already at minimum
literal:  Minimum loss scale reached
regex:    (?:Current loss scale already at minimum - cannot decrease scale anymore|Minimum loss scale reached \((?<min_scale>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?)\))
type:     min_scale=float
doc:      fp16 loss scale hit its minimum and training aborted: the loss/gradients are inf/NaN every step - switch to bf16, lower the LR, or raise min_loss_scale only as a last resort
# DeepSpeed exception text (train-015/017 issue title, formats-training.md 1.5)
example:  Exception: Current loss scale already at minimum - cannot decrease scale anymore. Exiting run.
# fairseq equivalent (FloatingPointError raised by the fp16 trainer)
example:  FloatingPointError: Minimum loss scale reached (0.0001). Your loss is probably exploding. Try lowering the learning rate, using gradient clipping or increasing the batch size.
expect:   min_scale=0.0001
not:      [2024-09-11 17:52:18,030] [INFO] [loss_scaler.py:183:update_scale] [deepspeed] OVERFLOW! Rank 0 Skipping step. Attempted loss scale: 4294967296, reducing to 2147483648

# A Python frame of DeepSpeed's loss-scale update, outside a traceback
# block: tracebacks of several ranks interleaved, or cut before their
# exception line. DynamicLossScaler.update_scale (deepspeed/runtime/fp16/
# loss_scaler.py) raises only one exception, `Current loss scale already at
# minimum`, so a traceback through it (or through the ZeRO and fused
# optimizers' _update_scale that call it) is that one. Inside a whole
# traceback the block reads the frame, and its exception line names it.
name:     train.loss_scale_min.deepspeed_frame
kind:     train.loss_scale_min
severity: error
literal:  update_scale
regex:    ^\s*File "(?<frame_file>[^"]*deepspeed/runtime/[^"]*)", line \d+, in _?update_scale\s*$
doc:      a traceback frame in DeepSpeed's loss-scale update, which raises only when the scale is at its minimum (the exception line itself was cut or interleaved away)
# LLaMA-Factory on DeepSpeed ZeRO-2, four ranks' tracebacks interleaved (hiyouga/LlamaFactory#918)
example:    File "/home/pai/lib/python3.9/site-packages/deepspeed/runtime/zero/stage_1_and_2.py", line 1968, in _update_scale
expect:   frame_file=/home/pai/lib/python3.9/site-packages/deepspeed/runtime/zero/stage_1_and_2.py
not:      [2024-09-11 17:52:18,030] [INFO] [loss_scaler.py:183:update_scale] [deepspeed] OVERFLOW! Rank 0 Skipping step. Attempted loss scale: 4294967296, reducing to 2147483648
not:        File "/home/pai/lib/python3.9/site-packages/deepspeed/runtime/zero/stage_1_and_2.py", line 1717, in step

# k2-fsa's fp16 recipes stop below a GradScaler scale of 1e-05 (see
# train.overflow.k2); newer icefall recipes raise it as a multi-line
# message, the value on the line after `RuntimeError:`.
name:     train.loss_scale_min.k2
kind:     train.loss_scale_min
severity: error
literal:  grad_scale is too small, exiting: 
regex:    grad_scale is too small, exiting: (?<min_scale>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?)
type:     min_scale=float
doc:      a k2-fsa recipe stopped: its fp16 GradScaler scale fell below 1e-05, the loss or gradients are inf/NaN every step - switch to bf16 or lower the learning rate
# ZipVoice flow-matching training under mp.spawn (k2-fsa/ZipVoice#17)
example:  RuntimeError: grad_scale is too small, exiting: 2.3283064365386963e-10
expect:   min_scale=2.3283064365386963e-10
# icefall's raise_grad_scale_is_too_small_error(): the message's own line,
# indented as the source's f-string prints it (the value is 2^-24, not a log's)
example:          grad_scale is too small, exiting: 5.960464477539063e-08
expect:   min_scale=5.960464477539063e-08
not:      2024-01-14 01:03:00,826 WARNING [train.py:1057] (2/4) Grad scale is small: 1.2924697071141057e-26

# gpt-neox's OverflowMonitor (megatron/utils.py, and the trainers that
# copied it): the fp16 optimizer skipped every one of the last N
# iterations, and training stops. The same end as a scale at its minimum.
name:     train.loss_scale_min.overflow_monitor
kind:     train.loss_scale_min
severity: error
literal:  iterations in a row due to Overflow
regex:    Skipped (?<skipped>\d+) iterations in a row due to Overflow
type:     skipped=int
doc:      gpt-neox stopped training after N fp16 overflows in a row: the loss or gradients are inf/NaN every step - switch to bf16, lower the LR
# EleutherAI/gpt-neox#482
example:  Exception: Skipped 50 iterations in a row due to Overflow - Exiting training.
expect:   skipped=50
not:      [2024-09-11 17:52:18,030] [INFO] [loss_scaler.py:183:update_scale] [deepspeed] OVERFLOW! Rank 0 Skipping step. Attempted loss scale: 4294967296, reducing to 2147483648

# ------------------------------------------------------------ NaN checks ---

# Megatron NaN checks: 2023-08..2024 assertion form (`Rank <r>: found NaN in
# local ... Device: <d>, node: <host>`), bucket variant, Inf variant.
name:     train.nonfinite.megatron
kind:     train.nonfinite
severity: error
priority: 1
literal:   in local
regex:    (?:Rank (?<rank>\d+): )?(?<msg>found (?:NaN|Inf) in local (?:forward loss calculation|grad norm[^.]*?))\.(?: Device: (?<dev>\d+), node: (?<host>\S+))?
type:     rank=int dev=int
doc:      Megatron's NaN check fired on rank <rank> before the data-parallel reduction: that rank produced the first NaN (bad data, overflow, or a faulty GPU if it repeats on the same device)
# Megatron-LM 2023-08..2024 (AssertionError text), per formats-training.md 1.5
example:  AssertionError: Rank 13: found NaN in local forward loss calculation. Device: 5, node: gpu-node-031
expect:   rank=13
expect:   dev=5
expect:   host=gpu-node-031
expect:   msg=found NaN in local forward loss calculation
example:  AssertionError: Rank 2: found NaN in local grad norm in backward pass before data-parallel communication collective. Device: 2, node: dgx-a100-07
expect:   msg=found NaN in local grad norm in backward pass before data-parallel communication collective
not:      RuntimeError: Rank 255, node gpu-node-12, device 7, iteration 2: Unexpected result nan (message='found NaN in local forward loss calculation')

# Megatron rerun state machine (2024-12+), fatal form raised as RuntimeError.
name:     train.nonfinite.megatron_rerun
kind:     train.nonfinite
severity: error
priority: 2
literal:  Unexpected result
regex:    (?:Rank (?<rank>\d+), node (?<host>[^,]+), device (?<dev>\d+), iteration (?:(?<step>\d+)|-1): )?Unexpected result (?<value>\S+) \(message='(?<msg>[^']*)'\)
type:     rank=int dev=int step=int
doc:      Megatron's rerun state machine rejected a NaN/Inf result on rank <rank> at iteration <step> (-1 before the first iteration counted, as under NeMo): that rank produced it first. A paste may keep only the message's tail.
# Megatron-LM 2024-12+, per formats-training.md 1.5
example:  RuntimeError: Rank 255, node gpu-node-12, device 7, iteration 2: Unexpected result nan (message='found NaN in local forward loss calculation')
expect:   rank=255
expect:   host=gpu-node-12
expect:   dev=7
expect:   step=2
expect:   value=nan
expect:   msg=found NaN in local forward loss calculation
# real, NeMo 2 over Megatron-Core, behind NeMo-Run's and torchrun's prefixes (NeMo#14348)
example:  i.pretrain/0 [default2]:[rank2]: RuntimeError: Rank 2, node dcfai-xe9680-01, device 2, iteration -1: Unexpected result nan (message='found NaN in local grad norm for bucket #0 in backward pass before data-parallel communication collective')
expect:   rank=2
expect:   host=dcfai-xe9680-01
expect:   value=nan
# real, the message's tail as pasted (NeMo#14751)
example:  Unexpected result inf (message='found Inf in local grad norm for bucket #6 in backward pass before data-parallel communication collective')
expect:   value=inf
expect:   msg=found Inf in local grad norm for bucket #6 in backward pass before data-parallel communication collective
not:      AssertionError: Rank 13: found NaN in local forward loss calculation. Device: 5, node: gpu-node-031
not:      Unexpected result inf on rank 3 at iteration #1200 invocation #1 (message='found Inf in local grad norm for bucket #0 in backward pass before data-parallel communication collective')

# Megatron rerun state machine, logged form with the invocation counter.
name:     train.nonfinite.megatron_rerun_log
kind:     train.nonfinite
severity: error
priority: 2
literal:  Unexpected result
regex:    Unexpected result (?<value>\S+) on rank (?<rank>\d+) at iteration #(?<step>\d+) invocation #\d+ \(message='(?<msg>[^']*)'\)
type:     rank=int step=int
doc:      Megatron's rerun state machine saw a NaN/Inf result on rank <rank> at iteration <step>
# Megatron-LM 2024-12+, per formats-training.md 1.5
example:  Unexpected result inf on rank 3 at iteration #1200 invocation #1 (message='found Inf in local grad norm for bucket #0 in backward pass before data-parallel communication collective')
expect:   value=inf
expect:   rank=3
expect:   step=1200
expect:   msg=found Inf in local grad norm for bucket #0 in backward pass before data-parallel communication collective
not:      RuntimeError: Rank 255, node gpu-node-12, device 7, iteration 2: Unexpected result nan (message='found NaN in local forward loss calculation')

# A training loop that checks its loss and skips the batch when it is NaN,
# saying so: `<name> loss is NaN. Skipping...` (OpenFold's per-term check,
# and the same `Loss is NaN. Skipping ...` print in many training loops),
# FederatedScope's `Skip the batch due to the loss is NaN, ...`. The run
# goes on, so it is a signal of divergence (src/analyze/rules.c), not the
# failure itself.
name:     train.nonfinite.skipped
kind:     train.nonfinite
severity: warning
literal:  oss is NaN. Skipping
literal:  Skip the batch due to the loss is NaN
regex:    (?<msg>(?<![("'{}] )(?<!["'])\b[Ll]oss is NaN\. Skipping|Skip the batch due to the loss is NaN)
doc:      the training loop skipped a batch because its loss was NaN: bad data or labels, a too high learning rate, or precision running out; a few are noise, a run of them is divergence
# aqlaboratory/openfold#19 (dev half): the per-term check, through logging
example:  WARNING:root:distogram loss is NaN. Skipping...
expect:   msg=loss is NaN. Skipping
# built per a training loop's print (find_string: several repositories)
example:  Loss is NaN. Skipping this batch.
expect:   msg=Loss is NaN. Skipping
# alibaba/FederatedScope#777 (its trainer's warning, the issue's title)
example:  WARNING: Skip the batch due to the loss is NaN, it may be caused by exceeding the precision or invalid labels
expect:   msg=Skip the batch due to the loss is NaN
# the check's own source line, printed in a traceback
not:                      logger.warning(f"{loss_name} loss is NaN. Skipping...")
not:          print("Loss is NaN. Skipping.")
not:      Loss is nan, stopping training

# torch's clip_grad_norm_ (torch/nn/utils/clip_grad.py, 1.9+) when the total
# gradient norm is NaN/Inf: a FutureWarning by default, a RuntimeError with
# error_if_nonfinite=True (its own message names the norm's order). Under
# AMP's GradScaler the warning can also come from a step the scaler then
# skips, so the warning alone is a signal (src/analyze/rules.c) and the
# error ends the job.
name:     train.nonfinite.clip_grad
kind:     train.nonfinite
severity: warning
literal:  Non-finite norm encountered in torch.nn.utils.clip_grad_norm_
literal:  is non-finite, so it cannot be clipped
regex:    (?<msg>Non-finite norm encountered in torch\.nn\.utils\.clip_grad_norm_|The total norm of order \S+ for gradients from `parameters` is non-finite, so it cannot be clipped)
doc:      the total gradient norm clip_grad_norm_ computed was NaN or Inf: a non-finite loss or gradient (bad data, a too high learning rate, an fp16 overflow outside a loss scaler)
# mmcv's gradient-clipping hook under mmdet (megvii-research/PETR#175, dev half)
example:  /home/u/my_env/lib/python3.8/site-packages/mmcv/runner/hooks/optimizer.py:31: FutureWarning: Non-finite norm encountered in torch.nn.utils.clip_grad_norm_; continuing anyway. Note that the default behavior will change in a future release to error out if a non-finite total norm is encountered. At that point, setting error_if_nonfinite=false will be required to retain the old behavior.
expect:   msg=Non-finite norm encountered in torch.nn.utils.clip_grad_norm_
# the HF Trainer, torch 1.9-era (find_string: a transformers user's log)
example:  /opt/conda/lib/python3.7/site-packages/transformers/trainer.py:1410: FutureWarning: Non-finite norm encountered in torch.nn.utils.clip_grad_norm_; continuing anyway. Note that the default behavior will change in a future release to error out if a non-finite total norm is encountered.
# behind a tqdm bar of YOLOv5's train.py (find_string: an ultralytics user's log)
example:    0%|          | 0/4 [00:00<?, ?it/s]train.py:323: FutureWarning: Non-finite norm encountered in torch.nn.utils.clip_grad_norm_; continuing anyway.
# the error form, torch's own text (clip_grad.py)
example:  RuntimeError: The total norm of order 2.0 for gradients from `parameters` is non-finite, so it cannot be clipped. To disable this error and scale the gradients by the non-finite norm anyway, set `error_if_nonfinite=False`
expect:   msg=The total norm of order 2.0 for gradients from `parameters` is non-finite, so it cannot be clipped
not:      torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm=1.0, error_if_nonfinite=True)
not:      {'loss': 0.2051, 'grad_norm': 1.25, 'learning_rate': 9.774074342405685e-06, 'epoch': 0.53}

# YOLACT's MovingAverage (utils/functions.py, and the many forks that copy
# it: yolact_edge and others, find_string) refuses a loss value that is not
# finite, or (its first releases) above 1e12, and prints it: the losses
# the training loop logs are NaN/Inf or exploding.
name:     train.nonfinite.moving_average
kind:     train.nonfinite
severity: error
literal:  Moving average ignored a value of 
regex:    (?<msg>Moving average ignored a value of (?<value>-?(?:nan|inf)|\d{13,}(?:\.\d+)?))\b
type:     value=float
doc:      YOLACT's loss averaging refused a NaN, Inf or exploding loss value: training diverged (lower the learning rate, check the annotations and the batch size the learning rate was set for)
# dbolya/yolact#586 and #56 (dev half)
example:  Warning: Moving average ignored a value of nan
expect:   value=nan
example:  Warning: Moving average ignored a value of inf
expect:   value=inf
# built: the first releases' bound (elem > 999999999999), printed with %f
example:  Warning: Moving average ignored a value of 21360449570337707430497522548736.000000
not:      [ 13]  197950 || B: 4.120 | C: 3.071 | M: 4.336 | S: 1.121 | T: 12.648 || ETA: 2 days, 14:20:59 ||
not:      Warning: Moving average ignored a value of 0.500000

# Ultralytics' training row (YOLOv5, YOLOv8 and later: `Epoch GPU_mem
# box_loss cls_loss dfl_loss Instances Size`, YOLOv5 with obj_loss; the tqdm
# bar follows while it draws) with a loss column that is NaN or Inf: the
# row has no other word, so a column is read only where the epoch, the GPU
# memory, two to four losses and the two counts line up.
name:     train.nonfinite.ultralytics
kind:     train.nonfinite
severity: error
literal:  nan 
literal:  inf 
regex:    ^\s*(?<epoch>\d+)/\d+\s+\d+(?:\.\d+)?G\s+(?=(?:\d+\.\d+\s+){0,3}(?:nan|inf)\s)(?<msg>(?:(?:\d+\.\d+|nan|inf)\s+){2,4})\d+\s+\d+(?::|\s*$)
type:     epoch=int
doc:      Ultralytics' training losses became NaN/Inf (box, class or DFL loss): often AMP on a GPU where its check failed, a too high learning rate, or broken labels; train with amp=False, a lower lr0, and check the dataset
# ultralytics/ultralytics#16857 (dev half)
example:       1/1000      17.2G        nan        nan        nan         55        640: 100%|██████████| 4/4 [01:28<00:00, 22.19
expect:   epoch=1
# a YOLOv8 user's training log (find_string)
example:        1/100      2.67G        nan        nan        nan        140       1024: 100%|██████████| 20/20 [00:13<00:00,  1.47it/s]
# quoted without its bar in a user's notes, from epoch 134 (find_string)
example:  134/200      24.6G        nan        nan        nan        294       1280
expect:   epoch=134
not:      134/200      24.6G       1.88       4.06      1.659        316       1280
not:       macro avg        nan        nan        nan        0.0
not:                       all        200        449          0          0          0          0

# Megatron-LLM fork warning.
name:     train.nonfinite.bad_grad_norm
kind:     train.nonfinite
severity: error
literal:  Bad grad_norm detected
regex:    (?<msg>Bad grad_norm detected \(grad_norm=(?<grad_norm>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?))\))
type:     grad_norm=float
doc:      the gradient norm was NaN/Inf (Megatron-LLM fork check)
# Megatron-LLM, per formats-training.md 1.5 (excerpt 008 of the reference set)
example:  ***WARNING*** Bad grad_norm detected (grad_norm=nan)
expect:   grad_norm=nan
not:      {'loss': 0.2051, 'grad_norm': nan, 'learning_rate': 9.774074342405685e-06, 'epoch': 0.53}

# Lightning EarlyStopping(check_finite=True).
name:     train.nonfinite.lightning
kind:     train.nonfinite
severity: error
literal:  is not finite
regex:    (?<msg>Monitored metric (?<metric>\S+) = (?<value>\S+) is not finite)
doc:      Lightning stopped training because the monitored metric became NaN/Inf
# Lightning EarlyStopping text, per formats-training.md 1.5
example:  Monitored metric val_loss = nan is not finite. Previous best value was 2.345. Signaling Trainer to stop.
expect:   metric=val_loss
expect:   value=nan
not:      `Trainer.fit` stopped: `max_steps=1000` reached.

# TensorFlow's NanTensorHook (tf.estimator, t2t-trainer, OpenNMT-tf) stops
# the run on a NaN loss: `ERROR:tensorflow:` + the message, then
# NanLossDuringTrainingError; OpenNMT-tf raises it as a RuntimeError. Many
# scripts copied the same words into an assert.
name:     train.nonfinite.tf_diverged
kind:     train.nonfinite
severity: error
literal:  Model diverged with loss = 
regex:    (?<msg>Model diverged with loss = (?<value>NaN|Inf|inf|nan))
doc:      the training loop stopped because the loss became NaN (TensorFlow's NaN guard, or a script's copy of its assert)
# tensor2tensor on two GPUs (tensorflow/tensor2tensor#1074)
example:  ERROR:tensorflow:Model diverged with loss = NaN.
expect:   value=NaN
# OpenNMT-tf on more than two A100s, issue title quoting the error (OpenNMT/OpenNMT-tf#918)
example:  Multi GPU training fails with more than 2 A100 GPUs (RuntimeError: Model diverged with loss = NaN.)
expect:   msg=Model diverged with loss = NaN
not:      INFO:tensorflow:step = 0, loss = 9.76205

# TensorFlow's CheckNumerics op (tf.debugging.check_numerics, and the
# optimizers' and the Object Detection API's own checks on the loss and
# the gradients) fails the step with `<message> : Tensor had NaN values`.
# torch.distributions validating its arguments: Real() is the one
# constraint only a NaN fails (constraints._Real.check is value == value),
# so a parameter or value that fails it went NaN, whatever the printed
# (summarised) tensor shows. Other constraints (positive, simplex) fail on
# finite values too and are not read.
name:     train.nonfinite.dist_real
kind:     train.nonfinite
severity: error
literal:  (Real()
literal:  constraint Real(), but found invalid values
regex:    (?:to satisfy the constraint Real\(\)|to be within the support \(Real\(\)\) of the distribution \S.*?), but found invalid values
doc:      torch.distributions found a NaN where its Real() constraint needs a number: a model output or parameter (a policy's or a VAE's mean) went NaN.
# JinmiaoChenLab/scTM#6 (Pyro, a Normal's loc parameter; the tensor broke the line before)
example:  tensor([nan], device='cuda:0', requires_grad=True), scale: tensor([nan], device='cuda:0', grad_fn=<AddBackward0>)) to satisfy the constraint Real(), but found invalid values:
# lupinjia/LeggedGym-Ex#12, BayraktarLab/cell2location#384 (the PPO actor's and a model's mean)
example:  ValueError: Expected parameter loc (Tensor of shape (4096, 12)) of distribution Normal(loc: torch.Size([4096, 12]), scale: torch.Size([4096, 12])) to satisfy the constraint Real(), but found invalid values:
# scverse/scvi-tools#2830 (a value argument outside the support)
example:  ValueError: Expected value argument (Parameter of shape (7150,)) to be within the support (Real()) of the distribution Normal(loc: torch.Size([7150]), scale: torch.Size([7150])), but found invalid values:
# automl/Auto-PyTorch#469: a positive constraint fails on finite values too
not:      ValueError: Expected parameter df (Tensor of shape (32, 168, 1)) of distribution Chi2() to satisfy the constraint GreaterThan(lower_bound=0.0), but found invalid values:

# torch.normal (a Gaussian policy's sample in PPO: rsl_rl, rl_games)
# checks its std is not negative, and a NaN fails the check too: the
# policy's std went NaN (a NaN from the simulator's state reached the
# network) or an unconstrained std parameter was pushed below zero. Either
# way the training diverged; IsaacLab's FAQ gives this line as the crash
# of NaN training.
name:     train.nonfinite.normal_std
kind:     train.nonfinite
severity: error
literal:  normal expects all elements of std >= 0.0
regex:    normal expects all elements of std >= 0\.0
doc:      torch.normal was given a NaN or negative standard deviation: a policy's std diverged (NaN from the environment's state, or an unconstrained std parameter gone below zero). Find the first NaN in the observations or rewards; keep the std positive (a log-std parameter, a clamp).
# mjlab's PPO update after a contact sensor's NaN (mujocolab/mjlab#520, dev half)
example:  RuntimeError: normal expects all elements of std >= 0.0
# IsaacLab's FAQ on crashes with NaN (find_string), indented in its code block
example:        RuntimeError: normal expects all elements of std >= 0.0
# a positive constraint of torch.distributions, not torch.normal's check (automl/Auto-PyTorch#469)
not:      ValueError: Expected parameter df (Tensor of shape (32, 168, 1)) of distribution Chi2() to satisfy the constraint GreaterThan(lower_bound=0.0), but found invalid values:

# icefall's ScaledAdam (zipformer's optim.py, copied into k2-fsa's other
# recipes and their forks) clips gradients by the median of recent grad
# norms and raises when that median is not finite: the gradients went
# NaN or inf, whether or not AMP's scaler said so first.
name:     train.nonfinite.scaled_adam
kind:     train.nonfinite
severity: error
literal:  Too many grads were not finite
regex:    (?<msg>Too many grads were not finite)
doc:      ScaledAdam (icefall, ZipVoice) found the recent gradient norms not finite: the model diverged. Lower the learning rate or check the batch that turned the loss NaN (a bad utterance, a too-long input under fp16).
# a zipformer fine-tune under AMP (k2-fsa/icefall#1810, dev half)
example:  RuntimeError: Too many grads were not finite
# a training diary's note of the batch where the loss turned NaN (find_string)
example:  **batch 1700 virou NaN**: `RuntimeError: Too many grads were not finite`.
not:      RuntimeError: Function 'MulBackward0' returned nan values in its 0th output.

name:     train.nonfinite.tf_check_numerics
kind:     train.nonfinite
severity: error
literal:  : Tensor had 
regex:    (?<msg>(?<check>[^\s:][^:]*?)\s*: Tensor had (?<value>NaN|[-+]?Inf(?: and NaN)?) values)
doc:      a numerics check on the loss or a gradient found non-finite values and stopped the step (the model diverged, or a bad input or label)
# dennybritz/chatbot-retrieval#10 (the loss check of tf.contrib's optimize_loss)
example:  tensorflow.python.framework.errors.InvalidArgumentError: Loss is inf or nan : Tensor had NaN values
expect:   value=NaN
expect:   check=Loss is inf or nan
# the Object Detection API's loss check, quoted in a project's README (find_string)
example:  > InvalidArgumentError (see above for traceback): LossTensor is inf or nan: Tensor had NaN values
expect:   check=LossTensor is inf or nan
# a gradient's check, from an executor's log (find_string)
example:  W tensorflow/core/common_runtime/executor.cc:1027] 0x7ff0dd4efd90 Compute status: Invalid argument: ReluGrad input is not finite. : Tensor had NaN values
expect:   check=ReluGrad input is not finite.
not:      E tensorflow/core/kernels/check_numerics_op.cc:157] abnormal_detected_host @0x208a7b900 = {1, 0} Loss is inf or nan

# The NaN guard of torchvision's references, copied into DETR, DeiT, MAE,
# DINO and many more: `print("Loss is {}, stopping training".format(v))`
# then sys.exit(1).
name:     train.nonfinite.stopping
kind:     train.nonfinite
severity: error
literal:  stopping training
regex:    (?<msg>\b[Ll]oss is (?<value>[-+]?(?i:nan|inf)), stopping training)
doc:      the training loop stopped because the loss was NaN/Inf (the NaN guard of torchvision's reference scripts and the repositories that copied it)
# torchvision detection reference, after its MetricLogger line (DIUx-xView/xview3-reference#18)
example:  Loss is nan, stopping training
expect:   value=nan
# issue title, lower case (LayneH/GreenMIM#6)
example:  loss is nan, stopping training!
expect:   value=nan
not:      Loss is 2.9749, stopping training
not:      print("Loss is {}, stopping training".format(loss_value))

# The NaN guard of ultralytics' YOLOv3 and YOLOv5 train.py of 2020 (and
# the forks and tutorials that copied it): print('WARNING: non-finite loss,
# ending training ', loss_items), then return. Printed straight after the
# tqdm bar, so often glued to it (ultralytics/yolov5#673, dev half;
# ultralytics/yolov3#1123; tanluren/yolov3-channel-and-layer-pruning#20).
# The source line itself, as a traceback frame shows it, is not the guard
# firing.
name:     train.nonfinite.ending
kind:     train.nonfinite
severity: error
literal:  non-finite loss, ending training
regex:    (?<!['"]WARNING: )(?<!['"])(?<msg>non-finite loss, ending training)
doc:      the training loop stopped because the loss was NaN/Inf (YOLOv3/YOLOv5's 2020 guard): lower the learning rate, lengthen the warm-up (burn-in), check the labels
example:      16/999     7.38G   0.03433   0.01034   0.01147   0.05613       130       800:  85%|████████▌ | 23/27 [00:15<00:02,  1.66it/s]WARNING: non-finite loss, ending training  tensor([nan, nan, nan, nan], device='cuda:0')
expect:   msg=non-finite loss, ending training
example:  WARNING: non-finite loss, ending training  tensor([    nan, 0.22070, 0.00000,     nan], device='cuda:0')
not:      print('WARNING: non-finite loss, ending training ', loss_items)

# The NaN guard of 3DETR's train loop and the 3D language models built on
# it (Vote2Cap-DETR, LL3DA, 3D-R1), with its typo: LL3DA skips up to four
# steps ("Skip this training step.", a signal: training may go on) and then
# ends ("Terminate training."); 3DETR and Vote2Cap-DETR end at once
# ("Training will be stopped."). Open3DA/LL3DA#7 (skips only),
# AIGeeksGroup/3D-R1#16 (dev half) and #40 print them.
name:     train.nonfinite.not_finite
kind:     train.nonfinite
severity: error
literal:  Loss in not finite. 
regex:    (?<msg>Loss in not finite\. (?:Terminate training|Training will be stopped|Skip this training step))
doc:      the training loop skipped or stopped on a NaN/Inf loss (3DETR's guard and its descendants'); the author of LL3DA ascribes occasional skips to mixed precision
example:  Loss in not finite. Terminate training.
expect:   msg=Loss in not finite. Terminate training
example:  Loss in not finite. Skip this training step.
expect:   msg=Loss in not finite. Skip this training step
not:      Epoch [2/32]; Iter [11990/127936]; Loss 1.51; LR 9.79e-05; Iter time 0.46; ETA 14:48:34; Mem 18615.49MB

# Keras' TerminateOnNaN callback (keras/src/callbacks/terminate_on_nan.py:
# f"Batch {batch}: Invalid loss, terminating training"), printed straight
# after the progress bar, so usually glued to it.
name:     train.nonfinite.keras_terminate
kind:     train.nonfinite
severity: error
literal:  Invalid loss, terminating training
regex:    (?<msg>Batch (?<step>\d+): Invalid loss, terminating training)
type:     step=int
doc:      Keras stopped training because the loss was NaN/Inf (TerminateOnNaN); step is the batch within the epoch
# glued to the bar (pierluigiferrari/ssd_keras via mobilenet-ssd-keras#21)
example:    3/234 [..............................] - ETA: 33:37:24 - loss: 44.4110Batch 3: Invalid loss, terminating training
expect:   step=3
# keras-team/keras#6747
example:  Batch 6: Invalid loss, terminating training
expect:   step=6
not:      Epoch 00012: early stopping

# SpeechBrain's Brain.check_gradients (speechbrain/core.py): a non-finite
# loss skips the batch with a warning (`Loss is {loss}.`, 0.5; later
# releases word it otherwise) until nonfinite_patience is used up, then
# raises `ValueError: Loss is not finite and patience is exhausted.`.
# Releases that check the weights first log each parameter holding NaN/Inf
# as `Parameter is not finite: ` + the tensor (its forks and ports too).
name:     train.nonfinite.speechbrain
kind:     train.nonfinite
severity: error
literal:  Loss is not finite and patience is exhausted
literal:  Parameter is not finite: 
regex:    (?<msg>Loss is not finite and patience is exhausted|Parameter is not finite)
doc:      SpeechBrain stopped training, or is about to: the loss was NaN/Inf on more batches in a row than its patience allows, or the weights themselves became NaN/Inf
# speechbrain/speechbrain#1462 (LibriSpeech LM recipe)
example:  ValueError: Loss is not finite and patience is exhausted. To debug, wrap `fit()` with autograd's `detect_anomaly()`, e.g.
expect:   msg=Loss is not finite and patience is exhausted
# speechbrain/speechbrain#2031 (dev half): the weights' check, the logger's format
example:  2023-06-14 13:04:41,744 - speechbrain.core - WARNING - Parameter is not finite: Parameter containing:
expect:   msg=Parameter is not finite
not:      2022-06-21 20:40:24,602 - speechbrain.core - ERROR - Exception:
not:      2023-06-14 13:04:41,744 - speechbrain.core - WARNING - Patience not yet exhausted, ignoring this batch.

name:     train.step.speechbrain_nonfinite
kind:     train.step
severity: info
literal:  speechbrain.core - 
regex:    \bspeechbrain\.core - (?:WARNING - )?Loss is (?:tensor\()?(?<loss>[-+]?(?i:nan|inf))\b
type:     loss=float
doc:      SpeechBrain skipped a batch whose loss was NaN/Inf (no step number)
# speechbrain/speechbrain#649 (console format, no level)
example:  speechbrain.core - Loss is nan.
expect:   loss=nan
not:      speechbrain.core - Parameter is not finite: Parameter containing:

# detectron2's anomaly check (detectron2/engine/train_loop.py, copied by
# its many forks): `FloatingPointError: Loss became infinite or NaN at
# iteration={}!`, the last line of the traceback that stops training.
name:     train.nonfinite.detectron2
kind:     train.nonfinite
severity: error
literal:  Loss became infinite or NaN at iteration=
regex:    (?<msg>Loss became infinite or NaN at iteration=(?<step>\d+))
type:     step=int
doc:      detectron2 stopped training because the loss was NaN/Inf at this iteration
# facebookresearch/detectron2#838
example:  FloatingPointError: Loss became infinite or NaN at iteration=2137!
expect:   step=2137
# gist-ailab/uoais#16
example:  FloatingPointError: Loss became infinite or NaN at iteration=0!
expect:   step=0
# prannaykaul/lvc#20
example:  FloatingPointError: Loss became infinite or NaN at iteration=1029!
expect:   step=1029
# csuhan/opendet2#29, retyped by its poster
example:  Runtime Error: floatingPointError: Loss became infinite or NaN at iteration=166!
expect:   step=166
not:      loss_dict = {'loss_cls': tensor(nan, device='cuda:0', grad_fn=<NllLossBackward>)}

# PyTorch's autograd anomaly mode (torch.autograd.detect_anomaly() or
# set_detect_anomaly(True); torch/csrc/autograd/engine.cpp): a backward
# function produced NaN, and the RuntimeError names it, as the last line
# of the traceback that stops training. Only NaN is checked there.
name:     train.nonfinite.anomaly
kind:     train.nonfinite
severity: error
literal:  returned nan values in its
regex:    (?<msg>Function '(?<op>[^']+)' returned nan values in its (?<output>\d+)th output)
type:     output=int
doc:      autograd anomaly mode found NaN in the gradients a backward function returned (op names it): the numbers diverged there, in the step that stopped
# lucidrains/gigagan-pytorch#40
example:  RuntimeError: Function 'AddmmBackward0' returned nan values in its 2th output.
expect:   op=AddmmBackward0
expect:   output=2
# a Korean project's issue notes (SAM LoRA training), and a fp16 apex note
example:  RuntimeError: Function 'LogBackward0' returned nan values in its 0th output.
expect:   op=LogBackward0
example:  ## 1.RuntimeError: Function 'LogSoftmaxBackward0' returned nan values in its 0th output.
expect:   op=LogSoftmaxBackward0
not:      RuntimeError: Function 'AddmmBackward0' returned an invalid gradient at index 2 - got [2, 4] but expected shape compatible with [4, 4]

# fairseq's check that the workers' gradient norms agree (trainer.py
# _check_grad_norms) raises FloatingPointError with one line a worker:
# `rank {:3d} = {:.8f}` under `grad_norm across the workers:`. A NaN or
# Inf there is that worker's gradient norm, so the line is a step row of
# that rank: workers all at NaN disagree only because NaN != NaN.
name:     train.step.fairseq_worker_grad_norm
kind:     train.step
severity: info
literal:   = nan
literal:   = inf
literal:   = -inf
regex:    ^rank\s+(?<rank>\d+) = (?<grad_norm>[-+]?(?:nan|inf))\s*$
type:     rank=int grad_norm=float
doc:      one worker's gradient norm in fairseq's report of workers that disagree; NaN/Inf only
# fairseq 0.10, eight workers all at NaN (facebookresearch/fairseq#1372)
example:  rank   0 = nan
expect:   rank=0
expect:   grad_norm=nan
example:  rank   7 = nan
expect:   rank=7
not:      rank   3 = 12.34567890

# A trainer's own check that the gradient norm came out NaN or Inf, so
# that it skipped the update: ESPnet 1 (`grad norm is nan. Do not update
# model.`), espnet2 (`The grad norm is nan. Skipping updating the
# model.`), s3prl's runner (`grad norm is NaN at step N`) and the scripts
# that copied them. A step row with a non-finite grad norm, as if a step
# line had logged it; one such skip under AMP is an overflow, but these
# threads show it every step once the numbers diverged.
name:     train.step.grad_norm_nonfinite
kind:     train.step
severity: info
priority: -10
literal:  rad norm is 
literal:  ient norm is 
regex:    (?i:\bgrad(?:ient)? norm is) (?<grad_norm>(?i:nan|inf))\b(?:[^\n]*? at step (?<step>\d+))?
type:     grad_norm=float step=int
doc:      the trainer found the gradient norm NaN/Inf and skipped the update (no step number unless it says)
# espnet/espnet#3170 (espnet2's trainer)
example:  [user] 2021-04-23 19:22:52,420 (trainer:581) WARNING: The grad norm is nan. Skipping updating the model.
expect:   grad_norm=nan
# espnet/espnet#186 (ESPnet 1 with chainer)
example:  2018-05-23 13:05:13,682 (asr_chainer:132) WARNING: grad norm is nan. Do not update model.
expect:   grad_norm=nan
# a recipe's pasted log (espnet2, chifflot cluster), found by find_string
example:  # [chifflot-3] 2022-06-27 16:56:43,951 (trainer:709) WARNING: The grad norm is nan. Skipping updating the model.
expect:   grad_norm=nan
not:      2018-05-23 13:05:04,260 (e2e_asr_attctc:88) WARNING: loss (=250000064.000000) is not correct

# A training loss logged as NaN or Inf in a format no step pattern above
# knows: a script's own print, a tqdm postfix, a Keras bar, fairseq's JSON
# log, pytorch/examples' ProgressMeter. Only the non-finite value makes
# an event (a step row without a step number), so the nonfinite_loss
# finding and its cause read it like any other step line's; finite lines
# stay unread. Validation and test losses are not the training's, a loss
# scale is fp16's, and "loss is nan, skipping" (an AMP step skipped on
# purpose) is not a value, so none of them match; every pattern above
# outranks this one. Its literals are the value with what comes before it
# (`: nan`, `s=nan`, `] nan`, `:  nan` when a width pads it, ...), five
# bytes or more: a three-byte `nan`
# or `inf` took 6% more instructions on flbench's storm profile, whose
# lines never contain one (docs/PERFORMANCE.md, seventeenth stop).
name:     train.step.loss_nonfinite
kind:     train.step
severity: info
priority: -10
literal:  : nan
literal:  : NaN
literal:  : inf
literal:  : Inf
literal:  : -inf
literal:  :  nan
literal:  :  inf
literal:  s:nan
literal:  s:NaN
literal:  s:inf
literal:  s:Inf
literal:  = nan
literal:  = NaN
literal:  = inf
literal:  = Inf
literal:  s=nan
literal:  s=NaN
literal:  s=inf
literal:  s=Inf
literal:  s=-inf
literal:  s nan
literal:  s NaN
literal:  s inf
literal:  s Inf
literal:  ] nan
literal:  ] NaN
literal:  ] inf
literal:  ] Inf
literal:  : "nan
literal:  : "inf
literal:  : 'nan
literal:  : 'inf
regex:    (?x)(?i) (?<![\w.]) (?<!val\ |valid\ |validation\ |eval\ |test\ |dev\ )
          (?:(?:train(?:ing)?|total|avg|avr|average|mean|lm)\ | (?!(?:val|valid|validation|eval|test|dev)_)(?:[a-z0-9]+_)+)? loss(?:es)? (?![\ _]?scale)
          ["']?\]? (?:\s*[:=]\s*|\s+) ["']? (?<loss>[-+]?(?:nan|inf(?:inity)?)) (?!\w|\.\d)
type:     loss=float
doc:      a training loss logged as NaN/Inf in a script's own format (no step number)
# kohya-ss's trainers (sd-scripts, musubi-tuner): the running average in
# tqdm's postfix (kohya-ss/musubi-tuner#26; a GitHub issue's log, find_string)
example:  steps: 100%|████████████████████████████████████████████████████████████████████| 3300/3300 [2:41:46<00:00,  2.94s/it, avr_loss=nan]
expect:   loss=nan
example:  steps:   1%|▌  | 10/744 [00:30<36:53, 3.02s/it, avr_loss=nan]
expect:   loss=nan
# a loguru line of LION's trainer (nv-tlabs/LION#9)
example:  2023-01-25 00:21:34.569 | INFO     | trainers.base_trainer:train_epochs:256 - [R0] | E6 iter[ 14/ 15] | [Loss] nan | [exp] ./exp/0125/car/3dbf3ah_hvae_lion_B40 | [step]   104 | [url] none | [time] 0.4m (~5h) |[best] 0 -100.000x1e-2 
expect:   loss=nan
# pytorch/examples' ProgressMeter in deepspeech.pytorch (SeanNaren/deepspeech.pytorch#232)
example:  Epoch: [3][24290/24290] Time 2.466 (2.269)      Data 0.041 (0.046)      Loss nan (nan)
expect:   loss=nan
# a tqdm postfix in markdown bold (TMElyralab/MuseTalk#230)
example:  Steps:   2%|▍                            | 92679/5900000 [19:15:43<1185:20:02,  1.36it/s, backward=0.177, data=0.00789, img_process=0.00704, **loss=nan**, lr=4.99e-5, unet=0.0986, vae=0.0144]
expect:   loss=nan
# fairseq's JSON log (facebookresearch/fairseq#2696)
example:  2020-10-01 10:25:50 | INFO | train | {"epoch": 73, "train_loss": "nan", "train_ntokens": "15558.8", "train_nsentences": "427.098", "t
expect:   loss=nan
# a detection script's own line (jacobheng/thundernet_pytorch#45)
example:  [epoch  3][iter    0/ 110] loss: nan, lr: 1.00e-10, rpn_cls: nan, rpn_box: nan, rcnn_cls: 2.2976, rcnn_box 0.0000 size:(240,240)
expect:   loss=nan
# a Keras bar (pierluigiferrari/ssd_keras via mobilenet-ssd-keras#21)
example:    4/234 [..............................] - ETA: 25:09:00 - loss: inf 
expect:   loss=inf
# printf's width pads the value (`%4.2f` of NaN is ` nan`): YOLOv3 under
# TensorFlow 2 (YunYang1994/TensorFlow2.0-Examples#20, dev half)
example:  => STEP 46132   lr: 0.000270   giou_loss:  nan   conf_loss: 0.88   prob_loss: 0.00   total_loss:  nan  
expect:   loss=nan
# an epoch summary (wetectron#83)
example:  Epoch : 0 finished. Training Loss: nan. Validation Loss: nan
expect:   loss=nan
# a Keras epoch line, both losses NaN (a Keras CIFAR thread found by find_string)
example:  196/196 [==============================] - 16s 59ms/step - loss: nan - accuracy: 0.1037 - val_loss: nan - val_accuracy: 0.1000
expect:   loss=nan
# a re-identification model's own loss terms, named by the project, on an
# epoch's line (nengdong96/CSDN#6, dev half)
example:  Time: 2024-10-31 18:32:24; Epoch: 69; LR, 2.9999999999999997e-05; pid_loss: nan;  pid_loss_proj: nan;  triplet_loss: nan;  triplet_loss_proj: nan;  rgb_i2t_pid_loss: nan;  ir_i2t_pid_loss: nan;  msel_loss: nan;  msel_loss_proj: nan;  
expect:   loss=nan
# a Keras model card's summary: the training loss is finite
not:      - Validation Loss: nan
# Lightning's early stopping on a validation metric (its callback's message)
not:      Monitored metric val_loss = nan is not finite. Previous best value was 2.345. Signaling Trainer to stop.
# Swin's running average made NaN by one skipped fp16 step (microsoft/Swin-Transformer#47)
not:      [2021-04-25 05:35:19 swin_base_patch4_window7_224](main_prune.py 310): INFO Train: [0/300][4050/5004]   eta 0:17:06 lr 0.000500 time 1.1737 (1.0765)    loss 3.2572 (3.3279)    grad_norm 1.0323 (nan)  mem 4814MB`

# ------------------------------------------------------------ completion ---

name:     train.finished.hf
kind:     train.finished
severity: info
literal:  {'train_runtime':
regex:    \{'train_runtime': '?(?<train_runtime>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?)'?(?:.*?'train_loss': '?(?<train_loss>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf(?:inity)?))'?)?(?:.*?'epoch': '?(?<epoch>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?)'?)?
type:     train_runtime=float train_loss=float epoch=float
doc:      Hugging Face Trainer finished training normally (train_runtime in seconds)
# real (HF Trainer)
example:  {'train_runtime': 116.1914, 'train_samples_per_second': 6.885, 'train_steps_per_second': 1.721, 'train_loss': 2.819730052947998, 'epoch': 0.15}
expect:   train_runtime=116.1914
expect:   train_loss=2.819730052947998
expect:   epoch=0.15
not:      {'loss': 0.2051, 'grad_norm': nan, 'learning_rate': 9.774074342405685e-06, 'epoch': 0.53}

name:     train.finished.lightning
kind:     train.finished
severity: info
literal:  `Trainer.fit` stopped:
regex:    `Trainer\.fit` stopped: `(?<limit>max_steps|max_epochs)=(?<limit_value>\d+)` reached
type:     limit_value=int
doc:      Lightning reached its configured max_steps / max_epochs
# real (Lightning 2.x, glued to a progress bar)
example:  Epoch 0:   0%|          | 10/59674 [12:17<1221:29:06,  0.01it/s, v_num=5]`Trainer.fit` stopped: `max_steps=10` reached.
expect:   limit=max_steps
expect:   limit_value=10
not:      Monitored metric val_loss = nan is not finite. Previous best value was 2.345. Signaling Trainer to stop.

name:     train.finished.megatron
kind:     train.finished
severity: info
literal:  [after training is done]
regex:    \[after training is done\] datetime: (?<done_at>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d+)?)
type:     done_at=time
doc:      Megatron's train() returned: the iteration schedule completed
# real (Megatron-LM 2025-04)
example:  [after training is done] datetime: 2025-04-14 18:16:35 
expect:   done_at=2025-04-14 18:16:35
not:      [before the start of training step] datetime: 2024-09-03 15:52:43

# MLPerf's logging library (mlperf_logging's MLLOG): the benchmark's own
# end of run, with its status. Only a success is a finish: an aborted
# run's run_stop says it failed.
name:     train.finished.mllog
kind:     train.finished
severity: info
literal:  "key": "run_stop"
regex:    :::MLLOG \{.*"key": "run_stop".*"status": "success"
doc:      the MLPerf benchmark ended its run and logged it a success
# a two-node BERT submission, srun -l's label (mlcommons/training_results_v4.1, dev half)
example:   0: :::MLLOG {"namespace": "", "time_ms": 1727541290963, "event_type": "INTERVAL_END", "key": "run_stop", "value": null, "metadata": {"file": "/workspace/bert/run_pretraining.py", "lineno": 1996, "status": "success"}}
# a four-node Stable Diffusion submission (mlcommons/training_results_v5.0, dev half)
example:   0: :::MLLOG {"namespace": "", "time_ms": 1746944086909, "event_type": "INTERVAL_END", "key": "run_stop", "value": null, "metadata": {"file": "/usr/local/lib/python3.10/dist-packages/hydra/core/utils.py", "lineno": 186, "status": "success", "step_num": 3000}}
not:       0: :::MLLOG {"namespace": "", "time_ms": 1727541073594, "event_type": "INTERVAL_START", "key": "run_start", "value": null, "metadata": {"file": "/workspace/bert/run_pretraining.py", "lineno": 1621}}

name:     train.finished.torchtitan
kind:     train.finished
severity: info
literal:  Training completed
regex:    (?:^|\bINFO - )Training completed\s*$
doc:      torchtitan finished its configured steps
# torchtitan train.py (`logger.info("Training completed")`), 2025+ [titan] prefix
example:  [rank0]:[titan] 2025-09-02 13:44:10,221 - root - INFO - Training completed
not:      2024-08-30 22:31:05,495 - INFO - Training completed in 5778.41 seconds.
