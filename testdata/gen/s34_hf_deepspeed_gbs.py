"""34-hf-deepspeed-gbs: HF Trainer (run_clm.py, transformers 4.41) with DeepSpeed ZeRO-2 in fp16, Slurm job,
`srun torchrun --tee 3` on 2 nodes x 8 GPUs, torch 2.3 / NCCL 2.20.5. The DeepSpeed JSON hard-codes a global
batch of 256 (sized for one node: 4 x 8 x 8) but the job runs 16 ranks: HF's DeepSpeed integration refuses the
config on every rank before training starts."""

import sys
sys.dont_write_bytecode = True
from flgen import *  # noqa: E402

S = Scenario("34-hf-deepspeed-gbs")
VER = (2, 3)
NV = "2.20.5"
PYL = "/opt/conda/lib/python3.10/site-packages"
JOB = 930217
T0 = ts("2024-06-03 21:14:02.551")
HOSTS = ["a100-n17", "a100-n18"]
IPS = ["10.44.2.17", "10.44.2.18"]
NLOC, N = 8, 16
MBS, GAS, DS_GBS = 4, 8, 256

job = Proc("batch", 1, seed=34)
job.o(T0, "+ cat configs/ds_zero2_fp16.json")
ds_json = ["{",
           '    "fp16": {',
           '        "enabled": true,',
           '        "loss_scale": 0,',
           '        "initial_scale_power": 16',
           "    },",
           '    "zero_optimization": {',
           '        "stage": 2,',
           '        "overlap_comm": true,',
           '        "contiguous_gradients": true',
           "    },",
           '    "train_batch_size": %d,' % DS_GBS,
           '    "train_micro_batch_size_per_gpu": %d,' % MBS,
           '    "gradient_accumulation_steps": %d,' % GAS,
           '    "gradient_clipping": 1.0',
           "}"]
job.olines(T0 + ms(2), ds_json)
job.o(T0 + ms(5), "+ srun torchrun --nnodes=2 --nproc_per_node=8 --rdzv_backend=c10d --rdzv_endpoint=a100-n17:29500 --tee 3 "
      "run_clm.py --model_name_or_path meta-llama/Llama-2-7b-hf --dataset_name wikitext --per_device_train_batch_size 4 "
      "--gradient_accumulation_steps 8 --fp16 --deepspeed configs/ds_zero2_fp16.json --do_train --output_dir /scratch/clm-out")

agents, procs = [], []
for n, h in enumerate(HOSTS):
    agents.append(Agent(Proc(h, 61240 + n * 7, seed=34), VER, PYL))
    for L in range(NLOC):
        p = Proc(h, 61302 + n * 5 + L * 3, rank=n * NLOC + L, local=L, seed=34)
        p.commid = "0x7a2e90c14db35f86"
        procs.append(p)
for a in agents:
    a.start(T0 + secs(2), NLOC)

for p in procs:
    t = T0 + secs(12) + ms(p.local * 41 + p.rank * 5)
    p.e(t, "%s - WARNING - __main__ - Process rank: %d, device: cuda:%d, n_gpu: 1, distributed training: True, 16-bits training: True"
        % (t.strftime("%m/%d/%Y %H:%M:%S"), p.rank, p.local))
    p.t_ready = t

# rank 0 logs the TrainingArguments (run_clm.py: logger.info(f"Training/evaluation parameters {training_args}"))
p0 = procs[0]
t = p0.t_ready + ms(4)
targs = ["_n_gpu=1", "adafactor=False", "adam_beta1=0.9", "adam_beta2=0.999", "adam_epsilon=1e-08",
         "auto_find_batch_size=False", "bf16=False", "bf16_full_eval=False", "data_seed=None",
         "dataloader_drop_last=False", "dataloader_num_workers=0", "ddp_backend=None", "ddp_timeout=1800",
         "debug=[]", "deepspeed=configs/ds_zero2_fp16.json", "disable_tqdm=False", "do_eval=False",
         "do_predict=False", "do_train=True", "eval_accumulation_steps=None", "fp16=True", "fp16_backend=auto",
         "fp16_full_eval=False", "fp16_opt_level=O1", "fsdp=[]", "fsdp_min_num_params=0",
         "gradient_accumulation_steps=%d" % GAS, "gradient_checkpointing=False",
         "gradient_checkpointing_kwargs=None", "half_precision_backend=auto", "learning_rate=2e-05",
         "local_rank=0", "log_level=passive", "logging_steps=10", "lr_scheduler_type=SchedulerType.LINEAR",
         "max_grad_norm=1.0", "max_steps=-1", "num_train_epochs=1.0", "optim=OptimizerNames.ADAMW_TORCH",
         "output_dir=/scratch/clm-out", "per_device_eval_batch_size=8",
         "per_device_train_batch_size=%d" % MBS, "seed=42", "tf32=None", "torch_compile=False",
         "warmup_ratio=0.0", "warmup_steps=0", "weight_decay=0.0"]
p0.elines(t, ["%s - INFO - __main__ - Training/evaluation parameters TrainingArguments(" % t.strftime("%m/%d/%Y %H:%M:%S")]
          + [x + "," for x in targs] + [")"])

for p in procs:
    ptr, t2 = nccl_init(p, p.t_ready + secs(20), NV, "12.1", N, NLOC, IPS[p.rank // NLOC], bus=BUS_A100, hcas=4)
    p.t_ready = t2

# trainer.train() -> deepspeed_init -> HfTrainerDeepSpeedConfig.trainer_config_finalize: the hard-coded
# train_batch_size disagrees with 4 x 8 x 16 = 512
t_fail = max(p.t_ready for p in procs) + secs(41)
fails = []
for p in procs:
    tt = t_fail + ms(p.rnd.randrange(0, 60))
    tb = traceback([("/workspace/run_clm.py", 664, "<module>", "main()"),
                    ("/workspace/run_clm.py", 612, "main", "train_result = trainer.train(resume_from_checkpoint=checkpoint)"),
                    (PYL + "/transformers/trainer.py", 1885, "train", "return inner_training_loop("),
                    (PYL + "/transformers/trainer.py", 1991, "_inner_training_loop",
                     "self.optimizer, self.lr_scheduler = deepspeed_init(self, num_training_steps=max_steps)"),
                    (PYL + "/transformers/integrations/deepspeed.py", 394, "deepspeed_init",
                     "hf_deepspeed_config.trainer_config_finalize(args, model, num_training_steps)"),
                    (PYL + "/transformers/integrations/deepspeed.py", 266, "trainer_config_finalize", "raise ValueError(")],
                   ["ValueError: Please correct the following DeepSpeed config values that mismatch TrainingArguments values:",
                    "- ds train_batch_size=%d vs hf train_batch_size (calculated)=%d" % (DS_GBS, MBS * GAS * N),
                    "The easiest method is to set these DeepSpeed config values to 'auto'."],
                   prefix="[rank%d]: " % p.rank)
    p.elines(tt, tb)
    fails.append((tt, p))
fails.sort(key=lambda x: x[0])
for n, a in enumerate(agents):
    node = [(ft, p) for (ft, p) in fails if p.host == HOSTS[n]]
    t = node[-1][0] + secs(1)
    for (ft, p) in node:
        a.failed(t, 1, p.local, p.pid)
    (ft0, first) = node[0]
    root = dict(time=ft0, host=HOSTS[n], rank=first.rank, local=first.local, exitcode=1, pid=first.pid)
    others = [dict(time=ft, host=HOSTS[n], rank=p.rank, local=p.local, exitcode=1, pid=p.pid) for (ft, p) in node[1:]]
    a.child_failed(t + ms(20), "run_clm.py", root, others)
tl = fails[-1][0] + secs(2)
job.e(tl, "srun: error: a100-n18: task 1: Exited with exit code 1")
job.e(tl + ms(200), "srun: error: a100-n17: task 0: Exited with exit code 1")

S.write("slurm-%d.out" % JOB, merged([job] + [a.p for a in agents] + procs, prefix=tee_prefix))

S.expected({
    "verdict.status": "failed",
    "verdict.likely_cause.id": "config_error",
    "config.micro_batch_size": MBS,
    "config.grad_accum_steps": GAS,
    "config.global_batch_size": DS_GBS,
    "config.data_parallel_size": N,
    "config.world_size": N,
    "config.dtype": "fp16",
    "config.activation_checkpointing": "none",
    "config.derived": ["data_parallel_size"],
    "findings[].id": ["gbs_mismatch", "fp16_in_use"],
    "!findings[].id": ["parallel_size_mismatch", "loss_scale_collapse", "clock_skew"],
})
S.readme("""
# 34-hf-deepspeed-gbs

Story: a Llama-2-7B fine-tune with the HF Trainer example `run_clm.py` and DeepSpeed ZeRO-2 in fp16, moved
from one node to two (2 x 8 A100). The DeepSpeed JSON the job script prints (`+ cat configs/ds_zero2_fp16.json`)
still hard-codes `"train_batch_size": 256` (4 per GPU x 8 accumulation x 8 GPUs); with 16 ranks the Trainer
computes 512, and its DeepSpeed integration raises `ValueError: Please correct the following DeepSpeed config
values that mismatch TrainingArguments values:` on every rank before the first step. Cause `config_error`;
findings `gbs_mismatch` (256 against 4 x 8 x 16 = 512, data parallel from the world size) and `fp16_in_use`
(`fp16=True` in the TrainingArguments dump).
Layout: one `slurm-930217.out`: the batch script's `set -x` lines, the JSON, and `srun torchrun --tee 3` output
of both nodes (`[defaultN]:` prefixes; traceback lines carry torch's `[rankN]:`).
Versions: transformers 4.41 (TrainingArguments dump, DeepSpeed integration), torch 2.3 / NCCL 2.20.5.
Modelled on real TrainingArguments dumps (transformers 4.47 layout), the HF/DeepSpeed mismatch message as users
report it, and excerpt train-011 (agent + ChildFailedError).
""")
