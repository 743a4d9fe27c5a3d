# Job topology as the launchers state it: how many nodes, how many processes
# per node, which node this is, and the world size. The analysis takes the
# world size from these lines (nnodes x nproc_per_node, `dist_world_size`),
# and the store's resolution turns a local rank into a global one with
# node_rank x nproc_per_node + local_rank where a static launch says so
# (docs/SCHEMA.md, resolution passes). Info only: nothing here is a failure.

# A launcher's own command line, as `set -x` (`+ torchrun ...`), a job script
# echo or a wrapper prints it: torchrun, python -m torch.distributed.launch /
# .run. Arguments in any order, `=` or a space; ranges (`--nnodes=1:4`,
# elastic) and shell variables are not a size. Under a c10d / etcd
# rendezvous the node rank is assigned by the rendezvous, whatever
# --node_rank says, so the backend is captured for the store to check.
name:     topology.launch_cmdline
kind:     launcher.args
severity: info
literal:  --nnodes
regex:    (?x) (?:torchrun|torch\.distributed\.(?:launch|run)) \s
          (?= (?:.*?\s)? --nnodes[= ](?<nnodes>\d+)(?![\d:]) )
          (?= (?:.*?\s)? --nproc[-_]per[-_]node[= ](?<nproc_per_node>\d+)(?!\d) )
          (?: (?= (?:.*?\s)? --node[-_]rank[= ](?<node_rank>\d+)(?!\d) ) | )
          (?: (?= (?:.*?\s)? --rdzv[-_]backend[= ](?<rdzv_backend>[\w-]+) ) | )
type:     nnodes=int nproc_per_node=int node_rank=int
doc:      The launcher's arguments: world size nnodes x nproc_per_node; with a static rendezvous, global rank = node_rank x nproc_per_node + local_rank.
# karpathy/nanoGPT#222 (worker node of two)
example:  torchrun --nproc_per_node=8 --nnodes=2 --node_rank=1 --master_addr=10.248.33.107 --master_port=1234 train.py config/train_shakespeare_char.py
expect:   nnodes=2
expect:   nproc_per_node=8
expect:   node_rank=1
# LTH14/rcg#39 (first line of a backslash-continued command)
example:  python -m torch.distributed.launch --nproc_per_node=8 --nnodes=8 --node_rank=0 \
expect:   nnodes=8
expect:   nproc_per_node=8
expect:   node_rank=0
# pytorch/pytorch#76367 (no node rank)
example:  $ python -m torch.distributed.launch --master_addr="172.16.0.142" --master_port=2222 --nproc_per_node=1 --nnodes=2 TRAINING_SCRIPT.py
expect:   nnodes=2
expect:   nproc_per_node=1
# set -x of a Kubernetes job with a c10d rendezvous (testdata 05-collective-hang)
example:  + torchrun --nnodes=2 --nproc_per_node=8 --node_rank=0 --rdzv_backend=c10d --rdzv_endpoint=llm-pretrain-master-0:23456 --tee 3 train.py --job.config_file ./train_configs/llama3_8b.toml
expect:   rdzv_backend=c10d
expect:   node_rank=0
# mlc-ai/pith-train#91: shell variables are not numbers
not:      TRUN_ARGS+=(--nnodes=${SLURM_NNODES:-1} --node-rank=${SLURM_NODEID:-0} --nproc-per-node=gpu)
# an elastic range is not the size
not:      torchrun --nnodes=1:4 --nproc_per_node=8 --rdzv_backend=c10d --rdzv_endpoint=node1:29400 train.py

# The same launchers without --nnodes: torchrun's default is one node
# (run.py: `--nnodes`, default "1:1"), as is torch.distributed.launch's, so
# the analysis takes the world as nproc_per_node (docs/internals/analyze.md).
# Not read: a line that ends in a backslash (the command goes on, maybe
# with --nnodes), and one that names a node rank, a rendezvous or a master
# address, which are there for more nodes than one. PET_NNODES in the
# environment (Kubeflow's operator sets it) can still give more nodes
# without the flag; a rank seen at or beyond the size overrules it.
name:     topology.launch_cmdline.one_node
kind:     launcher.args
severity: info
literal:  --nproc
regex:    (?x) (?:torchrun|torch\.distributed\.(?:launch|run)) \s
          (?! .*?\s--(?:nnodes|node[-_]rank|rdzv[-_]\w+|master[-_]addr)[= ] ) (?! .*\\\s*$ )
          (?= (?:.*?\s)? --nproc[-_]per[-_]node[= ](?<nproc_per_node>\d+)(?!\d) )
type:     nproc_per_node=int
doc:      A torchrun / torch.distributed.launch command line without --nnodes, a node rank or a rendezvous: one node of nproc_per_node processes.
# xlite-dev/cache-dit#761
example:  torchrun --nproc_per_node=4 -m cache_dit.serve.serve --model-path  black-forest-labs/FLUX.2-dev --parallel-type ulysses --parallel-text-encoder --quantize-type float8_wo --attn _flash_3 --cache --compile --parallel-vae --ulysses-anything
expect:   nproc_per_node=4
# LanglandsLin/ActCLR#9
example:  CUDA_VISIBLE_DEVICES=4,5,6,7  python -m torch.distributed.launch --nproc_per_node 4 --master_port 12356 main.py pretrain_aimclr --config ./config/ntu60/pretext/pretext_aimclr_xview_joint.yaml
expect:   nproc_per_node=4
# Yunfan-Li/Twin-Contrastive-Learning#1
example:  OMP_NUM_THREADS=1 python -m torch.distributed.launch --nproc_per_node=1  train.py
expect:   nproc_per_node=1
not:      torchrun --nproc_per_node=8 --nnodes=2 --node_rank=1 --master_addr=10.248.33.107 --master_port=1234 train.py config/train_shakespeare_char.py
not:      python -m torch.distributed.launch --nproc_per_node=8 \
not:      $ python -m torch.distributed.launch --master_addr="172.16.0.142" --master_port=2222 --nproc_per_node=1 --nnodes=2 TRAINING_SCRIPT.py
not:      TRUN_ARGS+=(--nnodes=${SLURM_NNODES:-1} --node-rank=${SLURM_NODEID:-0} --nproc-per-node=gpu)

# The same launchers as the argument list a Python wrapper passes to
# subprocess and prints when the launch fails (`CalledProcessError:
# Command '['torchrun', '--nnodes', '2', ...]'`): LLaMA-Factory's CLI
# starts torchrun so, Ultralytics torch.distributed.run. Without --nnodes,
# one node, unless the list names a node rank, a rendezvous or a master
# address (as for the command line above).
name:     topology.launch_argv
kind:     launcher.args
severity: info
literal:  'torchrun',
literal:  'torch.distributed.run',
literal:  'torch.distributed.launch',
regex:    (?x) '(?:torchrun|torch\.distributed\.(?:launch|run))',
          (?= .*? '--nproc[-_]per[-_]node(?:',\s'|=)(?<nproc_per_node>\d+)' )
          (?: (?= .*? '--nnodes(?:',\s'|=)(?<nnodes>\d+)' )
            | (?! .*? '--(?:nnodes|node[-_]rank|rdzv[-_]\w+|master[-_]addr)[=']) )
          (?: (?= .*? '--node[-_]rank(?:',\s'|=)(?<node_rank>\d+)' ) | )
type:     nnodes=int nproc_per_node=int node_rank=int
doc:      A launcher's argument list as Python prints it (subprocess's CalledProcessError): world size nnodes x nproc_per_node.
# LLaMA-Factory's CLI on the first of two nodes (dev half)
example:  subprocess.CalledProcessError: Command '['torchrun', '--nnodes', '2', '--node_rank', '0', '--nproc_per_node', '1', '--master_addr', 'kn140', '--master_port', '32789', '/app/src/llamafactory/launcher.py', '/project/aip-wangcs/indrisch/LLaMA-Factory/examples/train_lora/qwen2_5vl_lora_sft_SQA3Devery24_2node.yaml']' returned non-zero exit status 1.
expect:   nnodes=2
expect:   nproc_per_node=1
expect:   node_rank=0
# Ultralytics' DDP launch on one node (ultralytics/ultralytics#19574)
example:  subprocess.CalledProcessError: Command '['/home/aiwork/anaconda3/envs/py39/bin/python', '-m', 'torch.distributed.run', '--nproc_per_node', '2', '--master_port', '54731', '/home/aiwork/.config/Ultralytics/DDP/_temp__jk9i53h131419946237040.py']' returned non-zero exit status 1.
expect:   nproc_per_node=2
# torch.distributed.launch's own per-worker command (NVIDIA/apex#919): no size
not:      subprocess.CalledProcessError: Command '['/home/james/anaconda3/envs/pytorch_1.1/bin/python', '-u', 'distributed_data_parallel.py', '--local_rank=0']' returned non-zero exit status 1.

# OpenMMLab's launcher script (mmdetection, mmsegmentation, mmaction and the
# many projects built on them): `tools/dist_train.sh CONFIG GPUS [args]`
# runs torch.distributed.launch with --nproc_per_node=GPUS and
# --nnodes=${NNODES:-1}, so GPUS processes on one node unless the command
# sets NNODES. A count in a shell variable is not a number.
name:     topology.openmmlab_dist_train
kind:     launcher.args
severity: info
literal:  dist_train.sh 
regex:    (?x) ^ (?: .*? \bNNODES=(?<nnodes>\d+)\s )? .*? (?<![\w-])dist_train\.sh \s+ (?!-)\S+ \s+ (?<nproc_per_node>\d+)(?!\S)
type:     nnodes=int nproc_per_node=int
doc:      OpenMMLab's tools/dist_train.sh command line: GPUS processes on each of NNODES nodes (one by default).
# HuangJunJie2017/BEVDet#50 (dev half), started in the background
example:  $nohup tools/dist_train.sh configs/bevdet/bevdet-r50-cbgs.py 2 > mytrain_r50-fp16_log.txt 2>&1 &
expect:   nproc_per_node=2
# environment before the script (find_string: two projects' READMEs)
example:  OMP_NUM_THREADS=4 CUDA_VISIBLE_DEVICES=4,5 PORT=13366 bash tools/dist_train.sh configs/swin/shift_moe.py  2
expect:   nproc_per_node=2
example:  ./tools/dist_train.sh configs/SETR/SETR_PUP_768x768_40k_cityscapes_bs_8.py 8
expect:   nproc_per_node=8
# built: OpenMMLab's documented multi-node form (NNODES, NODE_RANK, PORT, MASTER_ADDR)
example:  NNODES=2 NODE_RANK=0 PORT=29500 MASTER_ADDR=10.140.0.169 sh tools/dist_train.sh configs/faster_rcnn/faster-rcnn_r50_fpn_1x_coco.py 8
expect:   nnodes=2
expect:   nproc_per_node=8
not:      ./tools/dist_train.sh ${CONFIG_FILE} ${GPU_NUM}
not:      bash tools/dist_test.sh configs/imvoxelnet/imvoxelnet_kitti.py 8

# MPI launchers' command lines (Open MPI's and MPICH's mpirun / mpiexec,
# horovodrun), echoed as torchrun's are: every process is a rank, so the
# process count (-np, --np, -n) is the world size. Not read: a command whose
# processes are themselves launchers (mpirun ... torchrun / deepspeed /
# accelerate, one per node), and a count in a shell variable.
name:     topology.mpi_cmdline
kind:     launcher.args
severity: info
literal:  mpirun 
literal:  mpiexec 
literal:  horovodrun 
regex:    (?x) \b(?:mpirun|mpiexec|horovodrun) \s
          (?! .*?(?<![\w-])(?:torchrun|torch\.distributed\.(?:launch|run)|deepspeed|accelerate)(?![\w/-]) )
          (?:.*?\s)? (?:--?np|-n) \s+ (?<world_size>\d+)(?!\S)
type:     world_size=int
doc:      An MPI launcher's command line: -np processes, each a rank of the job.
# horovod/horovod#147
example:  mpirun --allow-run-as-root  -np 4 -H localhost:4 -bind-to none -map-by slot -x NCCL_DEBUG=INFO -x LD_LIBRARY_PATH -mca pml ob1 -mca btl_openib_receive_queues P,128,32:P,2048,32:P,12288,32:P,65536,32 python scripts/tf_cnn_benchmarks/tf_cnn_benchmarks.py --model resnet101 --batch_size 64 --variable_update horovod
expect:   world_size=4
# a Horovod README's four nodes of four GPUs (find_string)
example:  horovodrun -np 16 -H server1:4,server2:4,server3:4,server4:4 python training_script.py
expect:   world_size=16
# aws/aws-ofi-nccl#67 (pdsh's host prefix; a library path names deepspeed's
# directory, which is not the launcher)
example:  10.3.35.83: + /opt/amazon/openmpi/bin/mpirun -n 16 -N 8 --hostfile /job/hostfile -x LD_LIBRARY_PATH=/opt/amazon/efa/lib:/opt/amazon/openmpi/lib:/usr/local/cuda/lib64:/usr/local/cuda:/usr/local/cuda/lib:/deepspeed/deepspeed/aws-ofi-nccl/install/lib:/home/deepspeed/aws-ofi-nccl:/usr/local/cuda-11.0/lib64:/opt/amazon/efa/lib64:/opt/amazon/openmpi/lib64:/usr/lib:/usr/local/lib:/usr/local/cuda-11.0/lib64:/opt/amazon/efa/lib64:/opt/amazon/openmpi/lib64:/usr/lib:/usr/local/lib::/usr/local/cuda/lib64:/usr/local/cuda/extras/CUPTI/lib64:/usr/local/cuda/lib64:/usr/local/cuda/extras/CUPTI/lib64 -x FI_PROVIDER=efa --mca btl_tcp_if_exclude lo,docker0 --bind-to none /home/deepspeed/aws-ofi-nccl/tests/nccl_message_transfer
expect:   world_size=16
# NVIDIA Modulus in Singularity (find_string)
example:  $ singularity exec --nv --bind ../data:/data ../nvidia-modulus24-12.sif mpirun --allow-run-as-root -np 2 python train_era5.py
expect:   world_size=2
not:      taskset -c 0-23 mpirun --allow-run-as-root -np ${n_works} python3 ${exe_file}
# a job script starting torchrun under mpirun (a pruning repository's, find_string)
not:      mpirun -np 4 torchrun \

# Slurm's srun command line, echoed or pasted as mpirun's is: every task
# is a process, and without a launcher under it every process is a rank,
# so the task count (-n N, -nN, --ntasks=N, --ntasks N) is the world size.
# Not read: tasks that are themselves launchers (srun ... torchrun /
# deepspeed / accelerate, one a node), --ntasks-per-node (a node's share),
# -N (nodes), and a count in a shell variable.
name:     topology.srun_cmdline
kind:     launcher.args
severity: info
literal:  srun 
regex:    (?x) (?<![\w-])srun \s
          (?! .*?(?<![\w-])(?:torchrun|torch\.distributed\.(?:launch|run)|deepspeed|accelerate)(?![\w/-]) )
          (?:.*?\s)? (?:-n\s*|--ntasks[=\s]) (?<world_size>\d+)(?!\S)
type:     world_size=int
doc:      Slurm's srun command line: -n tasks, each a rank of the job.
# Pointcept/Stratified-Transformer#3 (one task: its segfault is rank 0's)
example:  srun -p RTXA6Kq -n 1 -w node12 python train.py --config config/s3dis/s3dis_stratified_transformer.yaml
expect:   world_size=1
# duanyiqun/Auto-ReID-Fast#3 (a distributed search run)
example:  srun -n 128 --gres 1 -p 0.5 python train_baseline_search_triplet.py --distributed True --config configs/Retrieval_classification_DARTS_distributed_triplet.yaml
expect:   world_size=128
# a job script with the count attached to the flag (find_string)
example:  srun --mpi=pmi2 -p $1 -n16 -x SH-IDC1-10-5-36-156 -x SH-IDC1-10-5-37-[20-21,34] --gres=gpu:8 --ntasks-per-node=8 --cpus-per-task=5 \
expect:   world_size=16
not:      srun --mpi=pmi2 -p $1 -n$2 --gres=gpu:8 --ntasks-per-node=8 --cpus-per-task=5 --job-name=$3 \
not:      srun: error: node12: task 0: Segmentation fault (core dumped)

# verl's trainer (the RL framework on Ray): its Hydra configuration names
# the GPUs of each node and the nodes, trainer.n_gpus_per_node and
# trainer.nnodes, every GPU a rank. Stated on one line by the command line
# and by Hydra's `Error executing job with overrides: [...]` when the job
# fails; main_ppo's pprint of the whole configuration prints the two keys
# one under the other (pprint sorts the keys, and no key falls between
# them). A node count of 0 (an unused resource pool) states no world.
name:     topology.verl_overrides
kind:     launcher.args
severity: info
literal:  trainer.n_gpus_per_node=
regex:    (?x) (?= .*? (?<![\w.])trainer\.n_gpus_per_node=(?<nproc_per_node>\d+)(?![\d.]) )
          (?= .*? (?<![\w.])trainer\.nnodes=(?<nnodes>\d+)(?![\d.]) )
type:     nnodes=int nproc_per_node=int
doc:      verl's trainer.n_gpus_per_node and trainer.nnodes on one line (its command line, Hydra's overrides): world size nnodes x n_gpus_per_node.
# Hydra's report of a failed verl run (Logic-RL, dev half)
example:  Error executing job with overrides: ['algorithm.adv_estimator=grpo', 'data.train_files=data/kk/instruct/3ppl/train.parquet', 'data.val_files=data/kk/instruct/3ppl/test.parquet', 'data.train_batch_size=8', 'data.val_batch_size=8', 'data.max_prompt_length=400', 'data.max_response_length=2048', 'actor_rollout_ref.model.path=Qwen/Qwen2.5-7B-Instruct-1M', 'actor_rollout_ref.actor.optim.lr=3e-7', 'actor_rollout_ref.model.use_remove_padding=True', 'actor_rollout_ref.actor.ppo_mini_batch_size=256', 'actor_rollout_ref.actor.ppo_micro_batch_size=64', 'actor_rollout_ref.actor.use_kl_loss=True', 'actor_rollout_ref.actor.kl_loss_coef=0.001', 'actor_rollout_ref.actor.kl_loss_type=low_var_kl', 'actor_rollout_ref.model.enable_gradient_checkpointing=True', 'actor_rollout_ref.actor.fsdp_config.param_offload=True', 'actor_rollout_ref.actor.fsdp_config.grad_offload=True', 'actor_rollout_ref.actor.fsdp_config.optimizer_offload=True', 'actor_rollout_ref.rollout.log_prob_micro_batch_size=160', 'actor_rollout_ref.rollout.tensor_model_parallel_size=1', 'actor_rollout_ref.rollout.name=vllm', 'actor_rollout_ref.rollout.gpu_memory_utilization=0.6', 'actor_rollout_ref.rollout.n=16', 'actor_rollout_ref.ref.log_prob_micro_batch_size=160', 'actor_rollout_ref.ref.fsdp_config.param_offload=True', 'algorithm.kl_ctrl.kl_coef=0.001', 'trainer.critic_warmup=0', 'trainer.n_gpus_per_node=8', 'trainer.nnodes=1', 'trainer.default_local_dir=', 'trainer.default_hdfs_dir=null', 'trainer.save_freq=10', 'trainer.test_freq=10', 'trainer.total_epochs=5']
expect:   nnodes=1
expect:   nproc_per_node=8
# a recipe's command line under set -x, Hydra's `++` append form (verl's SPIN recipe, dev half)
example:  ++ python3 -m recipe.spin.main_dpo '++data.train_files=['\''/shared/user/bhe/data/verl/math/train.parquet'\'']' '++data.val_files=['\''/shared/user/bhe/data/verl/math/test.parquet'\'']' ++data.train_batch_size=512 ++data.val_batch_size=32 ++data.max_prompt_length=1024 ++data.max_response_length=1024 ++actor_rollout_ref.model.path=/shared/public/elr-models/Qwen/Qwen2.5-7B-Instruct/52e20a6f5f475e5c8f6a8ebda4ae5fa6b1ea22ac ++critic.model.path=/shared/public/elr-models/Qwen/Qwen2.5-7B-Instruct/52e20a6f5f475e5c8f6a8ebda4ae5fa6b1ea22ac ++actor_rollout_ref.model.enable_gradient_checkpointing=True ++actor_rollout_ref.model.fsdp_config.model_dtype=bf16 ++actor_rollout_ref.actor.optim.lr=1e-7 ++actor_rollout_ref.actor.fsdp_config.param_offload=False ++actor_rollout_ref.actor.fsdp_config.optimizer_offload=False ++actor_rollout_ref.actor.ppo_micro_batch_size_per_gpu=2 ++actor_rollout_ref.rollout.name=sglang ++actor_rollout_ref.rollout.log_prob_micro_batch_size_per_gpu=2 ++actor_rollout_ref.rollout.tensor_model_parallel_size=2 ++actor_rollout_ref.rollout.gpu_memory_utilization=0.6 ++actor_rollout_ref.ref.log_prob_micro_batch_size_per_gpu=2 ++reward_model.model.path=/shared/public/sharing/bhe/qwen/Qwen2-0.5B-Reward/snapshots/80fb188cabd3e854c2fb983f23a153c0e58a69e0 ++reward_model.micro_batch_size_per_gpu=2 ++algorithm.dpo_beta=0.05 ++algorithm.dpo_loss_type=sigmoid ++trainer.project_name=online_dpo_gsm_rm ++trainer.experiment_name=gsm_dpo_run_20250419_200541 ++trainer.default_local_dir=./dpo_checkpoints/gsm_dpo_run_20250419_200541 ++trainer.default_hdfs_dir=null ++trainer.n_gpus_per_node=4 ++trainer.nnodes=1 ++trainer.save_freq=-1 ++trainer.test_freq=1 ++trainer.log_freq=1 ++trainer.total_epochs=15 ++trainer.val_before_train=False
expect:   nnodes=1
expect:   nproc_per_node=4
# one key per line, a backslash-continued command (verl-project/verl#3350);
# a count in a shell variable (a recipe's script, find_string)
not:       trainer.n_gpus_per_node=1 \
not:          trainer.n_gpus_per_node=${NGPUS_PER_NODE}

name:     topology.verl_config
kind:     launcher.args
severity: info
literal:  'n_gpus_per_node': 
start:    (?:^|\s)'n_gpus_per_node': (?<nproc_per_node>\d+),?\s*$
end:      ^\s*'nnodes': (?<nnodes>\d+),?\s*$
type:     nnodes=int nproc_per_node=int
max_lines: 2
tentative: yes
priority: -1
doc:      verl's printed configuration, 'n_gpus_per_node' and, on the next line, 'nnodes': world size nnodes x n_gpus_per_node.
# main_ppo's pprint under Ray (verl-project/verl#1338)
example:  (TaskRunner pid=579470)              'n_gpus_per_node': 4,
example:  (TaskRunner pid=579470)              'nnodes': 1,
expect:   nproc_per_node=4
expect:   nnodes=1
# the same, two nodes (a dstack configuration's Ray job, dev half)
example:  (TaskRunner pid=14640)              'n_gpus_per_node': 8,
example:  (TaskRunner pid=14640)              'nnodes': 2,
expect:   nproc_per_node=8
expect:   nnodes=2

# DeepSpeed's own runner (`deepspeed --num_nodes N --num_gpus G ...`,
# echoed by a job script): G processes on each of N nodes. Without
# --num_nodes the nodes are the hostfile's, which the line does not show.
name:     topology.deepspeed_cmdline
kind:     launcher.args
severity: info
literal:  deepspeed 
regex:    (?x) (?<![\w/.-])deepspeed \s
          (?= (?:.*?\s)? --num_nodes[= ](?<nnodes>\d+)(?!\S) )
          (?= (?:.*?\s)? --num_gpus[= ](?<nproc_per_node>\d+)(?!\S) )
type:     nnodes=int nproc_per_node=int
doc:      DeepSpeed's runner: world size num_nodes x num_gpus.
# CPM-2's fine-tuning on one node (TsinghuaAI/CPM#42, dev half)
example:  deepspeed --num_nodes 1 --num_gpus 1 --hostfile /mnt/configs/host_files/hostfile-cpm2 /mnt/finetune_cpm2.py --model-config /mnt/configs/model/cpm2_config.json --model-parallel-size 4 --batch-size 16 --gradient-accumulation-steps 2 --train-iters -1 --save /mnt/results/cpm2_finetune_wmtcn_lr0.000005const_G2/ --log-file /mnt/results/cpm2_finetune_wmtcn_lr0.000005const_G2//log.txt --load /root/thu-plm/checkpoints/cpm2-encn --data-path /root/thu-plm/data/wmt20-encn --data-ext .json --data-name wmtencn --distributed-backend nccl --lr 0.000005 --no-load-optim --lr-decay-style constant --weight-decay 1e-2 --clip-grad 1.0 --warmup 0.0 --tokenizer-path /mnt/bpe_cn_en --save-interval 100000 --eval-interval 1 --eval-iters 10 --log-interval 10 --checkpoint-activations --deepspeed-activation-checkpointing --fp16 --deepspeed --deepspeed_config /mnt/configs/deepspeed/ds_full_model.json --do_train --do_valid --epochs 1
expect:   nnodes=1
expect:   nproc_per_node=1
# a LLaVA-HR training script's two nodes (find_string)
example:  deepspeed --num_nodes 2 --num_gpus 8  --master_addr 10.24.116.20 --master_port=9901   --hostfile=./hostfile.txt \
expect:   nnodes=2
expect:   nproc_per_node=8
not:      deepspeed --hostfile hostfile train_chatglm2_zero3.py
# counts in shell variables (a GLM fine-tuning README; a MoE example's script, find_string)
not:      deepspeed --num_nodes=$num_nodes --num_gpus=$num_gpus train.py \
not:      deepspeed --num_nodes=$Nnodes --num_gpus 8 \

# detectron2's argument parser (default_argument_parser), printed by
# every tools/train_net.py and the projects built on it: num_gpus
# processes on each of num_machines (detectron2's launch()).
name:     topology.detectron2_args
kind:     launcher.args
severity: info
literal:  num_machines=
regex:    (?x) \bNamespace\( (?= .*? (?<!\w)num_gpus=(?<nproc_per_node>\d+)[,)] )
          (?= .*? (?<!\w)num_machines=(?<nnodes>\d+)[,)] )
type:     nnodes=int nproc_per_node=int
doc:      detectron2's command-line arguments: world size num_machines x num_gpus.
# a thesis' reproduction of Cascaded Zoom-in (dev half)
example:  Command Line Args: Namespace(config_file='/data/workspace/Xiang/CSIE2103_期末論文整理_M11417015_謝宇翔/reproduction/cascaded-zoomin/configs/RCNN-FPN-CROP.yaml', resume=False, eval_only=False, num_gpus=1, num_machines=1, machine_rank=0, dist_url='tcp://127.0.0.1:50152', opts=['OUTPUT_DIR', '/data/workspace/Xiang/CSIE2103_期末論文整理_M11417015_謝宇翔/reproduction/csie2103-cascaded-zoomin-repro/outputs/visdrone_train', 'SOLVER.MAX_ITER', '90000', 'TEST.EVAL_PERIOD', '3000', 'SOLVER.CHECKPOINT_PERIOD', '3000', '--resume'])
expect:   nnodes=1
expect:   nproc_per_node=1
# DenseCL's VOC detection run, arguments in another order (dev half)
example:  [12/31 02:03:23] detectron2 INFO: Command line arguments: Namespace(config_file='configs/pascal_voc_R_50_C4_24k_moco.yaml', dist_url='tcp://127.0.0.1:52046', eval_only=False, machine_rank=0, num_gpus=2, num_machines=1, opts=['MODEL.WEIGHTS', 'model_resnet50.pkl', 'OUTPUT_DIR', 'output/run_1_voc_R_50_C4_24k_densecl_coco_800ep'], resume=False)
expect:   nnodes=1
expect:   nproc_per_node=2

# DeepSpeed's per-node launcher (deepspeed.launcher.launch) states the node
# and its process count; its ranks follow the node order of the hostfile.
name:     topology.deepspeed_nodes
kind:     launcher.args
severity: info
literal:  num_local_procs=
regex:    \bnnodes=(?<nnodes>\d+), num_local_procs=(?<nproc_per_node>\d+), node_rank=(?<node_rank>\d+)
type:     nnodes=int nproc_per_node=int node_rank=int
doc:      DeepSpeed launcher topology: global rank = node_rank x num_local_procs + local_rank.
# hongbo-miao/hongbomiao.com#37505
example:  [2025-12-28 05:01:38,135] [INFO] [launch.py:168:main] nnodes=1, num_local_procs=2, node_rank=0
expect:   nnodes=1
expect:   nproc_per_node=2
expect:   node_rank=0
not:      [2025-12-28 05:01:38,135] [INFO] [launch.py:162:main] WORLD INFO DICT: {'localhost': [0, 1]}

name:     topology.deepspeed_world
kind:     train.config
severity: info
store:    once
literal:  dist_world_size=
regex:    \bdist_world_size=(?<world_size>\d+)\s*$
type:     world_size=int
doc:      DeepSpeed launcher: the job's world size (all ranks).
# hongbo-miao/hongbomiao.com#37505
example:  [2025-12-28 05:01:38,135] [INFO] [launch.py:180:main] dist_world_size=2
expect:   world_size=2
not:      [2025-12-28 05:01:38,135] [INFO] [launch.py:179:main] global_rank_mapping=defaultdict(<class 'list'>, {'localhost': [0, 1]})

# WeNet's executor (and CosyVoice's, built on it) when a rank's monitored
# barrier times out on uneven data: after `Detected uneven workload
# distribution: <the barrier's error>` it prints `Break current worker to
# manually join all workers, world_size N, current rank R, current
# local_rank L` (wenet/utils/executor.py): the world, and the printer's
# rank.
name:     topology.wenet_join
kind:     train.config
severity: info
literal:  Break current worker to manually
regex:    Break current worker to manually join all workers, world_size (?<world_size>\d+), current rank (?<rank>\d+), current local_rank (?<local_rank>\d+)
type:     world_size=int
doc:      WeNet's or CosyVoice's executor left a barrier that timed out on uneven data: the world's size and the printing rank.
# CosyVoice's training on 8 GPUs (QwenAudio/CosyVoice#1727, dev half)
example:  Break current worker to manually join all workers, world_size 8, current rank 5, current local_rank 5
expect:   world_size=8
expect:   rank=5
# the same on 4 GPUs (QwenAudio/CosyVoice#180, dev half)
example:  Break current worker to manually join all workers, world_size 4, current rank 3, current local_rank 3
expect:   world_size=4
not:      2024-07-21 00:11:29,529 INFO Detected uneven workload distribution: Rank 3 successfully reached monitoredBarrier, but received errors while waiting for send/recv from rank 0. Please check rank 0 log

# torch 1.x-2.0 default-group creation, once every worker has joined the
# store: `with N nodes` is the group's size (the world for key 1, a
# sub-group's size for later keys; the world is the largest of them).
name:     topology.store_barrier_complete
kind:     train.config
severity: info
store:    once
literal:  Completed store-based barrier for key:
regex:    Completed store-based barrier for key:\S+ with (?<world_size>\d+) nodes\.
type:     world_size=int
doc:      torch.distributed's store-based barrier completed: the process group's size.
# torch 1.12 under hydra's logging (find_string, 2022-04)
example:  [2022-04-21 16:51:31,776][torch.distributed.distributed_c10d][INFO] - Rank 0: Completed store-based barrier for key:store_based_barrier_key:1 with 2 nodes.
expect:   world_size=2
# fairseq's logging format, a sub-group's key (find_string, 2022-09)
example:  2022-09-26 16:09:56 | INFO | torch.distributed.distributed_c10d | Rank 0: Completed store-based barrier for key:store_based_barrier_key:3 with 4 nodes.
expect:   world_size=4
# python logging's default format (find_string)
example:  INFO:torch.distributed.distributed_c10d:Rank 0: Completed store-based barrier for key:store_based_barrier_key:1 with 1 nodes.
expect:   world_size=1
not:      2023-11-20,18:22:52 | INFO | Added key: store_based_barrier_key:1 to store for rank: 1
not:      Waiting in store based barrier to initialize process group for rank: 0, key: store_based_barrier_key:1 (world_size=4, worker_count=8, timeout=0:30:00)

# Ray Train's TorchTrainer lists its workers once they are placed: the ip
# and pid of each with its world rank, local rank and node rank. Each
# worker's own lines carry `(RayTrainWorker pid=N, ip=A)`, so the store
# ties (host, pid) to the rank and every later line of that worker gets it.
name:     topology.ray_worker_rank
kind:     launcher.rank_map
severity: info
literal:  world_rank=
regex:    - \((?:ip=(?<host>[\d.]+), pid=(?<pid>\d+)|node_id=\w+, ip=(?<host>[\d.]+), pid=(?<pid>\d+)[^)]*)\) world_rank=(?<rank>\d+), local_rank=(?<local_rank>\d+), node_rank=(?<node_rank>\d+)
type:     pid=int rank=int local_rank=int node_rank=int
doc:      Ray Train's placement of one worker: host (ip) and pid to world rank.
# Ray docs, fine-tuning example output (find_string)
example:  (TorchTrainer pid=611, ip=10.108.2.65) - (ip=10.108.1.83, pid=589) world_rank=1, local_rank=0, node_rank=1
expect:   host=10.108.1.83
expect:   pid=589
expect:   rank=1
expect:   local_rank=0
expect:   node_rank=1
# KubeRay example job output, Ray 2.x with node ids (find_string)
example:  (TorchTrainer pid=1138, ip=10.244.4.193) - (node_id=2b00ea2b369c9d27de9596ce329daad1d24626b149975cf23cd10ea3, ip=10.244.1.42, pid=1341) world_rank=1, local_rank=0, node_rank=1
expect:   host=10.244.1.42
expect:   pid=1341
expect:   rank=1
not:      (TorchTrainer pid=611, ip=10.108.2.65) Started distributed worker processes:

# nccl-tests lists every rank of the test before it runs (`# Using devices`):
# rank, (from 2.13 the thread group,) pid, host and CUDA device. The pid is
# not captured: with -g N one process drives N ranks, so a pid does not
# name one rank.
name:     topology.nccl_tests_rank
kind:     launcher.rank_map
severity: info
literal:  Rank 
regex:    ^#\s+Rank\s+(?<rank>\d+)(?:\s+Group\s+\d+)?\s+Pid\s+\d+\s+on\s+(?<host>\S+)\s+device\s+\d+\s+\[
type:     rank=int
doc:      nccl-tests' device list: each rank of the test and its host.
# two nodes, one GPU each, under mpirun (NVIDIA/nccl-tests#244)
example:  #  Rank  1 Group  0 Pid  73214 on     lascar device  0 [0x07] NVIDIA A100-SXM4-80GB
expect:   rank=1
expect:   host=lascar
# one process driving four GPUs, before the Group column (NVIDIA/nccl#257)
example:  #   Rank  3 Pid  15833 on jupyter-vmarkovtsev device  3 [0x83] GeForce GTX 1080 Ti
expect:   rank=3
expect:   host=jupyter-vmarkovtsev
not:      # nThread 1 nGpus 8 minBytes 1073741824 maxBytes 8589934592 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0
not:      # Using devices

# Ray Train's process-group set-up on each worker states the world size.
name:     topology.ray_pg_setup
kind:     train.config
severity: info
store:    once
literal:  Setting up process group for:
regex:    Setting up process group for: \S+ \[rank=\d+, world_size=(?<world_size>\d+)\]
type:     world_size=int
doc:      Ray Train: the job's world size.
# Ray docs (find_string)
example:  (RayTrainWorker pid=671, ip=10.108.2.65) Setting up process group for: env:// [rank=0, world_size=4]
expect:   world_size=4

# The same rendezvous result lists the global ranks of the node's workers
# in local-rank order: whatever rendezvous assigned the node rank (c10d,
# etcd, static), local rank i of this host is global_ranks[i]. torchelastic
# 0.2 printed `assigned global_ranks=` one tab in. The store maps a host's
# local ranks through the list (one list per host).
name:     topology.rdzv_global_ranks
kind:     launcher.rank_map
severity: info
literal:  global_ranks=[
regex:    ^\s*(?:assigned )?global_ranks=(?<global_ranks>\[\d+(?:, ?\d+)*\])\s*$
doc:      torchrun's rendezvous result: the global rank of each local worker of this node, local rank i at index i.
# awsome-distributed-training cpu-ddp on HyperPod Slurm (torch 2.0.1 agent, c10d rendezvous, node 0 of two)
example:    global_ranks=[0, 1, 2, 3]
expect:   global_ranks=[0, 1, 2, 3]
# microsoft/frameworkcontroller PyTorch Elastic example (torchelastic 0.2.0, etcd, one worker per pod)
example:  	assigned global_ranks=[1]
expect:   global_ranks=[1]
not:        role_ranks=[4, 5, 6, 7]
not:        global_world_sizes=[8, 8, 8, 8]

# torchrun's agent prints its rendezvous result one key a line; the world
# size of every worker of the node follows `global_world_sizes=`.
name:     topology.rdzv_global_world_sizes
kind:     train.config
severity: info
store:    once
literal:  global_world_sizes=[
regex:    ^\s*global_world_sizes=\[(?<world_size>\d+)
type:     world_size=int
doc:      torchrun's rendezvous result: the job's world size.
# meta-pytorch/torchx#492 (TorchX on Ray, the agent's lines behind the actor prefix)
example:  ray/0 (CommandActor pid=494406)   global_world_sizes=[2]
expect:   world_size=2
not:      ray/0 (CommandActor pid=494406)   role_world_sizes=[2]
