"""12-storage-error: DeepSpeed-Chat step-1 SFT, single node x 8 GPUs with the `deepspeed` launcher,
DeepSpeed 0.14.4 / torch 2.4 / NCCL 2.20.5, bf16 ZeRO-3.  At the step-1200 checkpoint the scratch filesystem
fills: rank 0's write of the `latest` tag file raises `OSError: [Errno 28] No space left on device`;
the launcher kills the other ranks."""

import sys
sys.dont_write_bytecode = True
from flgen import *  # noqa: E402

S = Scenario("12-storage-error")
VER = (2, 4)
NV = "2.20.5"
PYL = "/usr/local/lib/python3.10/dist-packages"
HOST = "dgx-h100-04"
NLOC = N = 8
T0 = ts("2024-08-20 01:02:03.004")
CK = "/scratch/sft-llama2-7b/ckpt"
APP = "/workspace/DeepSpeedExamples/applications/DeepSpeed-Chat/training/step1_supervised_finetuning"

launcher = Proc(HOST, 3001, seed=12)
procs = [Proc(HOST, 3114 + L, rank=L, local=L, seed=12) for L in range(NLOC)]
for p in procs:
    p.commid = "0x08f3a5c2e71d964b"


def dslog(t, level, where, msg):
    return "[%s] [%s] [%s] %s" % (f_pylog(t), level, where, msg)


argv = "'main.py', '--data_path', 'Dahoas/rm-static', '--model_name_or_path', 'meta-llama/Llama-2-7b-hf', '--per_device_train_batch_size', '8', '--gradient_accumulation_steps', '2', '--max_seq_len', '2048', '--learning_rate', '9.65e-6', '--num_train_epochs', '2', '--zero_stage', '3', '--dtype', 'bf16', '--output_dir', '%s'" % CK
launcher.olines(T0, [dslog(T0, "INFO", "real_accelerator.py:203:get_accelerator", "Setting ds_accelerator to cuda (auto detect)"),
                     dslog(T0 + secs(2), "WARNING", "runner.py:212:fetch_hostfile", "Unable to find hostfile, will proceed with training with local resources only."),
                     dslog(T0 + secs(2), "INFO", "runner.py:585:main", "cmd = /usr/bin/python3 -u -m deepspeed.launcher.launch --world_info=eyJsb2NhbGhvc3QiOiBbMCwgMSwgMiwgMywgNCwgNSwgNiwgN119 --master_addr=127.0.0.1 --master_port=29500 --enable_each_rank_log=None main.py --data_path Dahoas/rm-static --model_name_or_path meta-llama/Llama-2-7b-hf --per_device_train_batch_size 8 --gradient_accumulation_steps 2 --max_seq_len 2048 --learning_rate 9.65e-6 --num_train_epochs 2 --zero_stage 3 --dtype bf16 --output_dir %s" % CK)])
t = T0 + secs(4)
launcher.olines(t, [dslog(t, "INFO", "launch.py:146:main", "WORLD INFO DICT: {'localhost': [0, 1, 2, 3, 4, 5, 6, 7]}"),
                    dslog(t, "INFO", "launch.py:152:main", "nnodes=1, num_local_procs=8, node_rank=0"),
                    dslog(t, "INFO", "launch.py:163:main", "global_rank_mapping=defaultdict(<class 'list'>, {'localhost': [0, 1, 2, 3, 4, 5, 6, 7]})"),
                    dslog(t, "INFO", "launch.py:164:main", "dist_world_size=8"),
                    dslog(t, "INFO", "launch.py:168:main", "Setting CUDA_VISIBLE_DEVICES=0,1,2,3,4,5,6,7")])
for p in procs:
    launcher.o(t + ms(p.local), dslog(t + ms(p.local), "INFO", "launch.py:256:main",
                                      "process %d spawned with command: ['/usr/bin/python3', '-u', %s]" % (p.pid, argv.replace("'main.py'", "'main.py', '--local_rank=%d'" % p.local))))
for p in procs:
    tt = t + secs(6) + ms(p.local * 37)
    p.o(tt, dslog(tt, "INFO", "comm.py:637:init_distributed", "cdb=None"))
    if p.rank == 0:
        p.o(tt, dslog(tt, "INFO", "comm.py:668:init_distributed", "Initializing TorchBackend in DeepSpeed with backend nccl"))
    ptr, t2 = nccl_init(p, tt + secs(60), NV, "12.4", N, NLOC, "10.1.0.4", hcas=8, ifname="eno1")
    p.t0 = t2
p0 = procs[0]
t = max(p.t0 for p in procs) + secs(2)
p0.olines(t, [dslog(t, "INFO", "logging.py:96:log_dist", "[Rank 0] DeepSpeed info: version=0.14.4, git-hash=unknown, git-branch=unknown"),
              dslog(t, "INFO", "logging.py:96:log_dist", "[Rank 0] DeepSpeed Flops Profiler Enabled: False"),
              dslog(t, "INFO", "logging.py:96:log_dist", "[Rank 0] Using client Optimizer as basic optimizer"),
              dslog(t, "INFO", "logging.py:96:log_dist", "[Rank 0] DeepSpeed Basic Optimizer = FusedAdam"),
              dslog(t, "INFO", "logging.py:96:log_dist", "[Rank 0] Creating torch.bfloat16 ZeRO stage 3 optimizer"),
              dslog(t + secs(9), "INFO", "config.py:997:print", "DeepSpeedEngine configuration:"),
              dslog(t + secs(9), "INFO", "config.py:1001:print", "  bfloat16_enabled ............. True"),
              dslog(t + secs(9), "INFO", "config.py:1001:print", "  fp16_enabled ................. False"),
              dslog(t + secs(9), "INFO", "config.py:1001:print", "  gradient_accumulation_steps .. 2"),
              dslog(t + secs(9), "INFO", "config.py:1001:print", "  train_batch_size ............. 128"),
              dslog(t + secs(9), "INFO", "config.py:1001:print", "  train_micro_batch_size_per_gpu  8"),
              dslog(t + secs(9), "INFO", "config.py:1001:print", "  world_size ................... 8"),
              dslog(t + secs(9), "INFO", "config.py:1001:print", "  zero_optimization_stage ...... 3"),
              "***** Running training *****"])
rnd = Rnd(12)
tt = t + secs(12)
loss = 1.9
for step in range(10, 1201, 10):
    tt += ms(10 * 5210 + rnd.randrange(-300, 300))
    loss = max(0.9, loss - 0.0012 + rnd.uniform(-0.02, 0.02))
    lr = 9.65e-6 * min(1.0, step / 100.0)
    p0.o(tt, dslog(tt, "INFO", "logging.py:96:log_dist", "[Rank 0] step=%d, skipped=0, lr=[%r, %r], mom=[(0.9, 0.95), (0.9, 0.95)]" % (step, lr, lr)))
    p0.o(tt, dslog(tt, "INFO", "timer.py:259:stop", "epoch=0/micro_step=%d/global_step=%d, RunningAvgSamplesPerSec=%.4f, CurrSamplesPerSec=%.4f, MemAllocated=17.41GB, MaxMemAllocated=63.2GB"
                   % (step * 2, step, 24.5632 + rnd.uniform(-0.1, 0.1), 24.5 + rnd.uniform(-0.6, 0.6))))
    if step % 100 == 0:
        p0.o(tt + ms(3), "Epoch 1/2 with loss %.4f" % loss)

# ---- checkpoint at step 1200
t = tt + secs(1)
tag = "step1200"
p0.o(t, dslog(t, "INFO", "logging.py:96:log_dist", "[Rank 0] [Torch] Checkpoint %s is about to be saved!" % tag))
p0.o(t + ms(20), dslog(t + ms(20), "INFO", "logging.py:96:log_dist", "[Rank 0] Saving model checkpoint: %s/%s/zero_pp_rank_0_mp_rank_00_model_states.pt" % (CK, tag)))
for p in procs:
    a = t + ms(40 + p.local * 11)
    b = a + secs(19) + ms(p.rnd.randrange(0, 3000))
    p.o(a, dslog(a, "INFO", "torch_checkpoint_engine.py:21:save", "[Torch] Saving %s/%s/bf16_zero_pp_rank_%d_mp_rank_00_optim_states.pt..." % (CK, tag, p.rank)))
    p.o(b, dslog(b, "INFO", "torch_checkpoint_engine.py:23:save", "[Torch] Saved %s/%s/bf16_zero_pp_rank_%d_mp_rank_00_optim_states.pt." % (CK, tag, p.rank)))
    p.o(b, dslog(b, "INFO", "engine.py:3488:_save_zero_checkpoint", "zero checkpoint saved %s/%s/bf16_zero_pp_rank_%d_mp_rank_00_optim_states.pt" % (CK, tag, p.rank)))
    p.o(b, dslog(b, "INFO", "torch_checkpoint_engine.py:33:commit", "[Torch] Checkpoint %s is ready now!" % tag))
t_f = t + secs(25) + ms(118)
tb = traceback([(APP + "/main.py", 398, "<module>", "main()"),
                (APP + "/main.py", 383, "main", "model.save_checkpoint(args.output_dir, tag=f\"step{step}\")"),
                (PYL + "/deepspeed/runtime/engine.py", 3163, "save_checkpoint", "with open(os.path.join(save_dir, 'latest'), 'w') as fd:")],
               "OSError: [Errno 28] No space left on device", prefix="[rank0]: ")
p0.elines(t_f, tb)
tk = t_f + ms(1630)
for p in procs:
    launcher.o(tk, dslog(tk, "INFO", "launch.py:319:sigkill_handler", "Killing subprocess %d" % p.pid))
tk += ms(140)
launcher.o(tk, dslog(tk, "ERROR", "launch.py:325:sigkill_handler", "['/usr/bin/python3', '-u', %s] exits with return code = 1"
                     % argv.replace("'main.py'", "'main.py', '--local_rank=0'")))

S.write("train.log", merged([launcher] + procs))
S.write("df.txt", ["Filesystem                 Size  Used Avail Use% Mounted on",
                   "overlay                    1.8T  412G  1.3T  24% /",
                   "tmpfs                       64M     0   64M   0% /dev",
                   "shm                        1.0T   12G 1013G   2% /dev/shm",
                   "/dev/md127                  14T   14T     0 100% /scratch",
                   "10.1.0.250:/export/models   50T   31T   20T  62% /models"])
S.expected({
    "verdict.status": "failed",
    "verdict.likely_cause.id": "storage_error",
    "verdict.first_failure.rank": 0,
    "verdict.first_failure.host": HOST,
    "run.ranks": 8,
    "run.hosts": 1,
    "!findings[].id": ["clock_skew", "fp16_in_use", "nccl_version_mismatch"],
})
S.readme("""
# 12-storage-error

Story: DeepSpeed-Chat step-1 SFT of Llama-2-7B on one 8-GPU node (`deepspeed main.py ...`, ZeRO-3 bf16). At the
step-1200 checkpoint all ranks write their ZeRO shards to /scratch, which fills up; rank 0's write of the `latest`
tag file raises `[rank0]: OSError: [Errno 28] No space left on device`, and the launcher's sigkill_handler kills
the other seven ranks (`exits with return code = 1`). `df.txt` (collected afterwards) shows /scratch at 100%.
Layout: one `train.log` = stdout/stderr of the `deepspeed` launcher (no per-line rank prefixes except torch's
excepthook `[rank0]: `); `df.txt`.
Versions: DeepSpeed 0.14.4, torch 2.4 (excepthook prefix), NCCL 2.20.5.
Modelled on excerpts train-047/-051 (DeepSpeed launcher and log_dist lines) and the DeepSpeed formats in formats-training.md.
""")
