/* SPDX-License-Identifier: MIT */
/*
 * test_config.c - the run's configuration end to end: remediation in the
 * run's own numbers (scenarios 33 and 34), nothing said twice, and the
 * configuration findings on small logs the test writes, each with a
 * consistent control that must not raise them.
 */
#include <criterion/criterion.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fl_test.h"

static json_t *analyze_scenario(const char *name)
{
	struct fl_session t;
	fl_session_init(&t, name);
	char bundle[4096];
	snprintf(bundle, sizeof(bundle), "%s/scenarios/%s/bundle", FL_TESTDATA_DIR, name);
	json_t *r = fl_session_analyze(&t, bundle, "--no-keep", NULL);
	fl_session_release(&t);
	return r;
}

static json_t *finding(json_t *r, const char *id)
{
	size_t i;
	json_t *f;
	json_array_foreach(json_object_get(r, "findings"), i, f)
		if (!strcmp(json_string_value(json_object_get(f, "id")), id))
			return f;
	return NULL;
}

static const char *config_str(json_t *r, const char *key)
{
	return json_string_value(json_object_get(json_object_get(r, "config"), key));
}

static json_int_t config_int(json_t *r, const char *key)
{
	json_t *v = json_object_get(json_object_get(r, "config"), key);
	return json_is_integer(v) ? json_integer_value(v) : -1;
}

static json_int_t run_int(json_t *r, const char *key)
{
	json_t *v = json_object_get(json_object_get(r, "run"), key);
	return json_is_integer(v) ? json_integer_value(v) : -1;
}

/* The world (run.ranks) the report of TEXT, analysed as NAME, states. */
static json_int_t world_of(const char *name, const char *text)
{
	json_t *r = fl_test_analyze(name, text);
	cr_assert(r, "%s analysed", name);
	json_int_t n = run_int(r, "ranks");
	json_decref(r);
	return n;
}

/* No remediation line appears twice in the likely and other causes. */
static void expect_no_repeats(json_t *r)
{
	json_t *v = json_object_get(r, "verdict");
	json_t *all = json_array();
	json_array_append(all, json_object_get(v, "likely_cause"));
	json_array_extend(all, json_object_get(v, "other_causes"));
	size_t i, j, k, l;
	json_t *a, *b, *x, *y;
	json_array_foreach(all, i, a)
		json_array_foreach(json_object_get(a, "remediation"), j, x)
			json_array_foreach(all, k, b)
				json_array_foreach(json_object_get(b, "remediation"), l, y)
					if (k > i || (k == i && l > j))
						cr_expect(strcmp(json_string_value(x), json_string_value(y)) != 0,
							  "said twice: %s", json_string_value(x));
	json_decref(all);
}

Test(config, megatron_oom_remediation_in_the_runs_numbers, .timeout = 60)
{
	json_t *r = analyze_scenario("33-megatron-oom-config");
	const char *b = fl_test_remedy_with(r, "micro batch size 2 (now 4)");
	cr_assert(b, "no concrete micro batch line");
	cr_expect(strstr(b, "gradient accumulation 128 (now 64)") && strstr(b, "global batch of 1024"),
		  "%s", b);
	cr_expect(fl_test_remedy_with(r, "activation checkpointing is off"));
	cr_expect(fl_test_remedy_with(r, "--use-distributed-optimizer"));
	/* the generic lines they make concrete are gone */
	cr_expect_null(fl_test_remedy_with(r, "lower the micro batch size"));
	cr_expect_null(fl_test_remedy_with(r, "enable activation checkpointing (recompute)"));
	cr_expect_null(fl_test_remedy_with(r, "shard parameters, gradients and optimizer state"));
	expect_no_repeats(r);
	json_decref(r);
}

Test(config, deepspeed_gbs_mismatch_with_numbers, .timeout = 60)
{
	json_t *r = analyze_scenario("34-hf-deepspeed-gbs");
	json_t *f = finding(r, "gbs_mismatch");
	cr_assert(f);
	const char *msg = json_string_value(json_object_get(f, "message"));
	cr_expect(strstr(msg, "256") && strstr(msg, "= 512"), "%s", msg);
	cr_expect(fl_test_remedy_with(r, "keep the global batch of 256 with gradient accumulation 4"));
	cr_expect(fl_test_remedy_with(r, "set the global batch to 512"));
	cr_expect_null(fl_test_remedy_with(r, "make the batch sizes consistent"));
	/* 16 ranks divide into a data-parallel-only layout: no layout advice */
	cr_expect_null(fl_test_remedy_with(r, "parallel sizes whose product divides"));
	cr_expect(finding(r, "fp16_in_use"));
	expect_no_repeats(r);
	json_decref(r);
}

/* DeepSpeed's batch assertion is the only line that states the batch
 * sizes (the engine never printed its dump): its numbers are the
 * configuration's, and the remediation is in them. */
Test(config, deepspeed_batch_assertion_numbers, .timeout = 60)
{
	json_t *r = analyze_scenario("22-config-error");
	cr_expect_eq(config_int(r, "global_batch_size"), 512);
	cr_expect_eq(config_int(r, "micro_batch_size"), 4);
	cr_expect_eq(config_int(r, "grad_accum_steps"), 4);
	cr_expect_eq(config_int(r, "data_parallel_size"), 16, "DeepSpeed's world_size is the DP size");
	json_t *f = finding(r, "gbs_mismatch");
	cr_assert(f);
	const char *msg = json_string_value(json_object_get(f, "message"));
	cr_expect(strstr(msg, "512") && strstr(msg, "= 256") && !strstr(msg, "from the world size"),
		  "%s", msg);
	cr_expect(fl_test_remedy_with(r, "keep the global batch of 512 with gradient accumulation 8"));
	cr_expect_null(fl_test_remedy_with(r, "make the batch sizes consistent"));
	cr_expect_null(fl_test_remedy_with(r, "parallel sizes whose product divides"));
	expect_no_repeats(r);
	json_decref(r);
}

/* Lightning's precision banner decides fp16_in_use. */
Test(config, lightning_precision, .timeout = 60)
{
	static const char fp16[] = "Using 16bit Automatic Mixed Precision (AMP)\n"
				   "GPU available: True (cuda), used: True\n"
				   "TPU available: False, using: 0 TPU cores\n"
				   "Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/8\n";
	json_t *r = fl_test_analyze("lightning-fp16", fp16);
	cr_expect_str_eq(config_str(r, "dtype"), "fp16");
	cr_expect(finding(r, "fp16_in_use"));
	json_decref(r);

	static const char bf16[] = "Using bfloat16 Automatic Mixed Precision (AMP)\n"
				   "GPU available: True (cuda), used: True\n"
				   "TPU available: False, using: 0 TPU cores\n"
				   "Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/8\n";
	r = fl_test_analyze("lightning-bf16", bf16);
	cr_expect_str_eq(config_str(r, "dtype"), "bf16");
	cr_expect_null(finding(r, "fp16_in_use"));
	json_decref(r);

	/* the DeepSpeed strategy's own lines: its world and its precision */
	static const char ds[] =
		"INFO:pytorch_lightning.utilities.rank_zero:GPU available: True (cuda), used: True\n"
		"INFO:pytorch_lightning.strategies.deepspeed:initializing deepspeed distributed: "
		"GLOBAL_RANK: 0, MEMBER: 1/4\n"
		"INFO:pytorch_lightning.utilities.rank_zero:Enabling DeepSpeed FP16.\n";
	r = fl_test_analyze("lightning-ds", ds);
	cr_expect_eq(config_int(r, "world_size"), 4);
	cr_expect_str_eq(config_str(r, "dtype"), "fp16");
	cr_expect(finding(r, "fp16_in_use"));
	json_decref(r);

	static const char dsbf[] =
		"INFO:pytorch_lightning.strategies.deepspeed:initializing deepspeed distributed: "
		"GLOBAL_RANK: 0, MEMBER: 1/4\n"
		"INFO:pytorch_lightning.utilities.rank_zero:Enabling DeepSpeed BF16.\n";
	r = fl_test_analyze("lightning-dsbf", dsbf);
	cr_expect_str_eq(config_str(r, "dtype"), "bf16");
	cr_expect_null(finding(r, "fp16_in_use"));
	json_decref(r);
}

/* A Megatron command line whose TP x PP does not divide the launched world,
 * and the same job on a world it divides. */
Test(config, parallel_size_mismatch, .timeout = 60)
{
	static const char bad[] =
		"+ torchrun --nnodes=3 --nproc_per_node=8 --node_rank=0 --master_addr=10.1.0.4 "
		"--master_port=6000 pretrain_gpt.py --tensor-model-parallel-size 8 "
		"--pipeline-model-parallel-size 2 --num-layers 32 --seq-length 4096 "
		"--micro-batch-size 1 --global-batch-size 64 --bf16\n";
	json_t *r = fl_test_analyze("layout-bad", bad);
	json_t *f = finding(r, "parallel_size_mismatch");
	cr_assert(f, "24 ranks are not a multiple of 8 x 2");
	cr_expect(strstr(json_string_value(json_object_get(f, "message")), "24"));
	cr_expect_eq(config_int(r, "tensor_parallel_size"), 8);
	cr_expect_eq(config_int(r, "world_size"), 24);
	json_decref(r);

	static const char good[] =
		"+ torchrun --nnodes=4 --nproc_per_node=8 --node_rank=0 --master_addr=10.1.0.4 "
		"--master_port=6000 pretrain_gpt.py --tensor-model-parallel-size 8 "
		"--pipeline-model-parallel-size 2 --num-layers 32 --seq-length 4096 "
		"--micro-batch-size 1 --global-batch-size 64 --bf16\n";
	r = fl_test_analyze("layout-good", good);
	cr_expect_null(finding(r, "parallel_size_mismatch"));
	cr_expect_null(finding(r, "gbs_mismatch"));
	cr_expect_eq(config_int(r, "data_parallel_size"), 2, "32 / (8 x 2)");
	cr_expect_eq(config_int(r, "grad_accum_steps"), 32, "64 / (1 x 2)");
	cr_expect_str_eq(config_str(r, "dtype"), "bf16");
	json_decref(r);
}

/* NeMo's YAML echo of its experiment configuration (NeMo 1.x layout),
 * with Lightning's world and Megatron's micro-batch count: every size
 * agrees, so nothing is raised. */
Test(config, nemo_yaml_consistent, .timeout = 60)
{
	static const char log[] =
		"[NeMo I 2023-09-25 08:15:59 train_reward_model:44]\n"
		"    trainer:\n"
		"      num_nodes: 1\n"
		"      devices: 2\n"
		"      accelerator: gpu\n"
		"      precision: bf16\n"
		"    model:\n"
		"      rampup_batch_size: null\n"
		"      micro_batch_size: 1\n"
		"      global_batch_size: 4\n"
		"      tensor_model_parallel_size: 1\n"
		"      pipeline_model_parallel_size: 1\n"
		"      virtual_pipeline_model_parallel_size: null\n"
		"      encoder_seq_length: 4096\n"
		"      activations_checkpoint_granularity: selective\n"
		"      activations_checkpoint_method: uniform\n"
		"23-09-25 08:16:14 - PID:28568 - rank:(0, 0, 0, 0) - microbatches.py:39 - INFO - "
		"setting number of micro-batches to constant 2\n"
		"Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/2\n"
		"All distributed processes registered. Starting with 2 processes\n";
	json_t *r = fl_test_analyze("nemo", log);
	cr_expect_eq(config_int(r, "micro_batch_size"), 1);
	cr_expect_eq(config_int(r, "global_batch_size"), 4);
	cr_expect_eq(config_int(r, "grad_accum_steps"), 2);
	cr_expect_eq(config_int(r, "tensor_parallel_size"), 1);
	cr_expect_eq(config_int(r, "seq_length"), 4096);
	cr_expect_eq(config_int(r, "data_parallel_size"), 2, "2 ranks / (TP 1 x PP 1)");
	cr_expect_str_eq(config_str(r, "dtype"), "bf16");
	cr_expect_str_eq(config_str(r, "activation_checkpointing"), "selective");
	cr_expect_null(finding(r, "gbs_mismatch"));
	cr_expect_null(finding(r, "parallel_size_mismatch"));
	cr_expect_null(finding(r, "fp16_in_use"));
	json_decref(r);
}

/* torchtitan states its parallel sizes only in the device mesh it builds:
 * TP and DP come from there (stated, not derived), and its batch line
 * agrees with them. A 2-D HSDP mesh states no single DP: none is taken. */
Test(config, torchtitan_device_mesh, .timeout = 60)
{
	static const char log[] =
		"[rank0]:[titan] 2025-06-26 18:12:46,592 - root - INFO - Building 2-D device mesh with "
		"['dp_shard', 'tp'], [4, 2]\n"
		"[rank0]:[titan] 2025-06-26 18:12:53,101 - root - INFO - Applied FSDP to the model\n"
		"[rank0]:[titan] 2025-06-26 18:12:53,840 - root - INFO - Trainer is initialized with local "
		"batch size 2, global batch size 16, gradient accumulation steps 2, sequence length 8192, "
		"total steps 1000 (warmup 100)\n";
	json_t *r = fl_test_analyze("titanmesh", log);
	cr_expect_eq(config_int(r, "tensor_parallel_size"), 2);
	cr_expect_eq(config_int(r, "data_parallel_size"), 4);
	cr_expect_eq(config_int(r, "grad_accum_steps"), 2);
	cr_expect_str_eq(config_str(r, "sharding"), "fsdp2");
	json_t *derived = json_object_get(json_object_get(r, "config"), "derived");
	cr_expect_eq(json_array_size(derived), 0, "every size was stated");
	cr_expect_null(finding(r, "gbs_mismatch"), "2 x 2 x 4 = 16");
	json_decref(r);

	static const char hsdp[] =
		"[rank0]:[titan] 2025-11-25 19:44:52,102 - root - INFO - Building 2-D device mesh with "
		"['dp_replicate', 'dp_shard'], [2, 4]\n";
	r = fl_test_analyze("titanhsdp", hsdp);
	cr_expect_eq(config_int(r, "data_parallel_size"), -1, "2 x 4 is not in the line");
	cr_expect_eq(config_int(r, "tensor_parallel_size"), -1);
	json_decref(r);
}

/* torchtitan's mesh line since 2025-12 states every degree: TP, PP, DP
 * (one of replicate and shard is 1) are taken as stated and checked
 * against the batch line; HSDP's product is not in the line. */
Test(config, torchtitan_mesh_parallelism, .timeout = 60)
{
	static const char fsdp[] =
		"[rank0]:[titan] 2026-01-20 10:02:11,417 - root - INFO - Building device mesh with "
		"parallelism: pp=1, dp_replicate=1, dp_shard=4, cp=1, tp=2, ep=1\n"
		"[rank0]:[titan] 2026-01-20 10:02:19,840 - root - INFO - Trainer is initialized with local "
		"batch size 2, global batch size 16, gradient accumulation steps 2, sequence length 8192, "
		"total steps 1000 (warmup 100)\n";
	json_t *r = fl_test_analyze("titanpar", fsdp);
	cr_expect_eq(config_int(r, "tensor_parallel_size"), 2);
	cr_expect_eq(config_int(r, "data_parallel_size"), 4);
	cr_expect_eq(config_int(r, "pipeline_parallel_size"), 1);
	cr_expect_null(finding(r, "gbs_mismatch"), "2 x 2 x 4 = 16");
	json_decref(r);

	static const char wrong[] =
		"[rank0]:[titan] 2026-01-20 10:02:11,417 - root - INFO - Building device mesh with "
		"parallelism: pp=1, dp_replicate=1, dp_shard=8, cp=1, tp=2, ep=1\n"
		"[rank0]:[titan] 2026-01-20 10:02:19,840 - root - INFO - Trainer is initialized with local "
		"batch size 2, global batch size 16, gradient accumulation steps 2, sequence length 8192, "
		"total steps 1000 (warmup 100)\n";
	r = fl_test_analyze("titanpar-gbs", wrong);
	cr_expect_eq(config_int(r, "data_parallel_size"), 8);
	cr_expect_not_null(finding(r, "gbs_mismatch"), "2 x 2 x 8 = 32, not 16");
	json_decref(r);

	static const char hsdp[] =
		"[rank0]:[titan] 2026-01-20 10:02:11,417 - root - INFO - Building device mesh with "
		"parallelism: pp=2, dp_replicate=2, dp_shard=4, cp=1, tp=1, ep=1\n";
	r = fl_test_analyze("titanpar-hsdp", hsdp);
	cr_expect_eq(config_int(r, "data_parallel_size"), -1, "2 x 4 is not in the line");
	cr_expect_eq(config_int(r, "pipeline_parallel_size"), 2);
	json_decref(r);
}

/* The Markdown report's configuration table marks what was derived. */
Test(config, report_marks_derived_values, .timeout = 60)
{
	struct fl_session t;
	fl_session_init(&t, "derived-md");
	char bundle[4096];
	snprintf(bundle, sizeof(bundle), "%s/scenarios/35-torchtitan-hsdp-consistent/bundle",
		 FL_TESTDATA_DIR);
	cr_assert_eq(fl_session_run(&t, "analyze", bundle, "--db", t.db, "--no-keep", "--format",
				    "md", NULL),
		     0, "%s", t.err);
	bool dp = strstr(t.out, "| Data parallel (DP, derived) | 8 |\n") != NULL;
	bool gas = strstr(t.out, "| Grad accumulation (GAS) | 2 |") != NULL; /* logged */
	bool sharding = strstr(t.out, "| Sharding | hsdp |") != NULL;
	cr_expect(dp, "DP 8 comes from the world size");
	cr_expect(gas, "GAS 2 is logged, not derived");
	cr_expect(sharding);
	fl_session_release(&t);
}

/* LLaMA-Factory's per-process summary states the global rank and the
 * world: two of eight processes logged, so the world is eight, ranks 0
 * and 2 are there and the six others silent. */
Test(config, llamafactory_process_summary_states_rank_and_world, .timeout = 60)
{
	const char *log =
		"[INFO|2025-05-27 15:16:51] llamafactory.hparams.parser:401 >> Process rank: 0, world size: 8, device: cuda:0, distributed training: True, compute dtype: torch.bfloat16\n"
		"[INFO|2025-05-27 15:16:51] llamafactory.hparams.parser:401 >> Process rank: 2, world size: 8, device: cuda:2, distributed training: True, compute dtype: torch.bfloat16\n";
	json_t *r = fl_test_analyze("llamafactory-world", log);
	cr_assert(r);
	cr_expect_eq(run_int(r, "ranks"), 8);
	size_t i, silent = 0;
	json_t *x;
	json_array_foreach(json_object_get(r, "ranks"), i, x)
	{
		const char *state = json_string_value(json_object_get(x, "state"));
		json_int_t rank = json_integer_value(json_object_get(x, "rank"));
		silent += !strcmp(state, "silent");
		if (rank == 0 || rank == 2)
			cr_expect_str_neq(state, "silent", "rank %lld", (long long)rank);
	}
	cr_expect_eq(silent, 6);
	json_decref(r);
}

/* torchrun's default is one node: a command line without --nnodes states
 * a world of nproc_per_node, unless a rank at or beyond it shows more
 * nodes (PET_NNODES can set them without the flag). Lines from
 * cache-dit-761 and dist_kd-10 (testdata/real/dev). */
Test(config, torchrun_without_nnodes_is_one_node, .timeout = 60)
{
	json_t *r = fl_test_analyze("one-node",
				 "torchrun --nproc_per_node=4 -m cache_dit.serve.serve --model-path  black-forest-labs/FLUX.2-dev --parallel-type ulysses --parallel-text-encoder --quantize-type float8_wo --attn _flash_3 --cache --compile --parallel-vae --ulysses-anything\n");
	cr_assert(r);
	cr_expect_eq(run_int(r, "ranks"), 4);
	cr_expect_eq(config_int(r, "world_size"), 4);
	json_decref(r);

	cr_expect_eq(world_of("more-nodes",
				"+ torchrun --nproc_per_node=2 --master_port=25641 tools/train.py -c configs/strategies/distill/dist_cifar.yaml\n"
				"[rank5]: RuntimeError: CUDA error: an illegal memory access was encountered\n"),
		     1, "a rank beyond the stated world overrules it");
}

/* Megatron core's initialize_model_parallel names the job's world when it
 * does not divide (a Megatron-based RL project's failed conversion run,
 * found by find_string; nemo-11480 in the dev half has the short form). */
Test(config, a_world_that_does_not_divide_is_still_the_world, .timeout = 60)
{
	json_t *r = fl_test_analyze("not-divisible",
				 "RuntimeError: world_size (8) is not divisible by expert_tensor_model_pipeline_parallel size (64)\n");
	cr_assert(r);
	cr_expect_eq(config_int(r, "world_size"), 8);
	json_decref(r);
}

/* A traceback's source line that calls init_process_group with a number
 * for world_size states the world (pytorch-13583 in the dev half); one
 * that passes a name states nothing (Lightning's ddp plugin, ai-art-10). */
Test(config, init_process_group_call_in_a_traceback_states_the_world, .timeout = 60)
{
	cr_expect_eq(world_of("init-call-number",
				"Traceback (most recent call last):\n"
				"  File \"/home/simon/Desktop/dist_rl/dist_rl.py\", line 13, in <module>\n"
				"    dist.init_process_group(rank=0,backend=\"gloo\",init_method='file:///home/simon/Desktop/shared_folder/gloo_shared_file',world_size=2)\n"
				"  File \"/home/simon/anaconda3/lib/python3.6/site-packages/torch/distributed/distributed_c10d.py\", line 283, in init_process_group\n"
				"    _default_pg = ProcessGroupGloo(store, rank, world_size)\n"
				"RuntimeError: Wait timeout\n"),
		     2);

	cr_expect_eq(world_of("init-call-name",
				"Traceback (most recent call last):\n"
				"  File \"C:\\Users\\dgilk\\anaconda3\\envs\\aiart\\lib\\site-packages\\pytorch_lightning\\plugins\\training_type\\ddp.py\", line 258, in pre_dispatch\n"
				"    torch_distrib.init_process_group(self.torch_distributed_backend, rank=global_rank, world_size=world_size)\n"
				"RuntimeError: Wait timeout\n"),
		     0, "a name is not a number");
}

/* detectron2's default_setup() names the world in every rank's own log
 * (AsrarH/detectron_exp2's log.txt.rank2, dev half): one rank's file of a
 * six-GPU run states six ranks. */
Test(config, detectron2_start_up_line_states_the_world, .timeout = 60)
{
	json_t *r = fl_test_analyze("d2-world",
				 "[01/09 11:24:58] detectron2 INFO: Rank of current process: 2. World size: 6\n"
				 "[01/09 11:25:40] d2.engine.train_loop INFO: Starting training from iteration 0\n"
				 "[01/09 11:25:52] d2.engine.train_loop ERROR: Exception during training:\n"
				 "Traceback (most recent call last):\n"
				 "  File \"/home/user/detectron2/detectron2/engine/train_loop.py\", line 149, in train\n"
				 "    self.run_step()\n"
				 "torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.53 GiB (GPU 2; 10.75 GiB total capacity; 7.12 GiB already allocated; 1.20 GiB free; 8.47 GiB reserved in total by PyTorch)\n");
	cr_assert(r);
	cr_expect_eq(config_int(r, "world_size"), 6);
	cr_expect_eq(run_int(r, "ranks"), 6);
	json_decref(r);
}

/* A world stated inside a longer line: the DDP tutorial's start-up line
 * (miles-credit, dev half) and DeepSpeed's MPI discovery (an Aurora run,
 * dev half) each state the world; DeepSpeed's batch assertion names
 * world_size before the batch it compares, a sub-group's size is not the
 * world's, and neither is read. */
Test(config, a_world_stated_inside_a_line, .timeout = 60)
{
	cr_expect_eq(world_of("stated-ddp",
				"INFO:root:Running DDP on rank 4 with world_size 8 using nccl.\n"
				"[rank4]: RuntimeError: Expected all tensors to be on the same device, but found at least two devices, cuda:0 and cuda:4!\n"),
		     8);

	cr_expect_eq(world_of("stated-mpi",
				"[2024-01-23 00:02:19,888] [INFO] [comm.py:702:mpi_discovery] Discovered MPI settings of world_rank=8, local_rank=8, world_size=24, master_addr=10.115.53.137, master_port=29500\n"),
		     24);

	cr_expect_eq(world_of("stated-not",
				"[rank0]: AssertionError: Check batch related parameters. train_batch_size is not equal to micro_batch_per_gpu * gradient_acc_step * world_size 8 != 2 * 1 * 1 \n"
				"Data parallel world size = 4\n"),
		     1, "rank 0 seen; no world stated");
}

/* verl's printed configuration states the GPUs of a node and the nodes,
 * one key under the other (a dstack configuration's two-node Ray job, dev
 * half): a world of 16. A key between them is another print: no world. */
Test(config, verl_configuration_states_the_world, .timeout = 60)
{
	cr_expect_eq(world_of("verl-world",
				"(TaskRunner pid=14640)              'n_gpus_per_node': 8,\n"
				"(TaskRunner pid=14640)              'nnodes': 2,\n"
				"(TaskRunner pid=14640) Using dataset class: RLHFDataset\n"),
		     16);

	cr_expect_eq(world_of("verl-apart",
				"(TaskRunner pid=14640)              'n_gpus_per_node': 8,\n"
				"(TaskRunner pid=14640)              'max_steps': 100,\n"
				"(TaskRunner pid=14640)              'nnodes': 2,\n"),
		     0);
}

/* A launcher's argument list as Python prints it states the world like
 * its command line: LLaMA-Factory's torchrun on two nodes of one GPU
 * (dev half), AutoTrain's accelerate launch of one process (dev half). */
Test(config, launcher_argument_lists_state_the_world, .timeout = 60)
{
	cr_expect_eq(world_of("argv-torchrun",
				"subprocess.CalledProcessError: Command '['torchrun', '--nnodes', '2', '--node_rank', '0', '--nproc_per_node', '1', '--master_addr', 'kn140', '--master_port', '32789', '/app/src/llamafactory/launcher.py', '/project/aip-wangcs/indrisch/LLaMA-Factory/examples/train_lora/qwen2_5vl_lora_sft_SQA3Devery24_2node.yaml']' returned non-zero exit status 1.\n"),
		     2);

	cr_expect_eq(world_of("argv-accelerate",
				"INFO     | 2024-08-21 22:52:33 | autotrain.commands:launch_command:478 - ['accelerate', 'launch', '--num_machines', '1', '--num_processes', '1', '--mixed_precision', 'fp16', '-m', 'autotrain.trainers.sent_transformers', '--training_config', 'gemma-2-2b-oh-devinator/training_params.json']\n"),
		     1);
}

/* PaddlePaddle's NCCL context line names the trainers' count, the world
 * (PaddleScripts' eight-GPU run, dev half). */
Test(config, paddle_nccl_context_states_the_world, .timeout = 60)
{
	cr_expect_eq(world_of("paddle-world",
				"I1228 09:49:21.445186 18730 nccl_context.cc:189] init nccl context nranks: 8 local rank: 0 gpu id: 0 ring id: 0\n"),
		     8);
}

/* detectron2's printed arguments (DenseCL's VOC run, dev half) and
 * DeepSpeed's runner echoed by a job script (a LLaVA-HR script, found by
 * find_string) state the world: num_machines x num_gpus, num_nodes x
 * num_gpus. */
Test(config, detectron2_and_deepspeed_runner_state_the_world, .timeout = 60)
{
	cr_expect_eq(world_of("d2-args",
				"[12/31 02:03:23] detectron2 INFO: Command line arguments: Namespace(config_file='configs/pascal_voc_R_50_C4_24k_moco.yaml', dist_url='tcp://127.0.0.1:52046', eval_only=False, machine_rank=0, num_gpus=2, num_machines=1, opts=['MODEL.WEIGHTS', 'model_resnet50.pkl', 'OUTPUT_DIR', 'output/run_1_voc_R_50_C4_24k_densecl_coco_800ep'], resume=False)\n"),
		     2);

	cr_expect_eq(world_of("ds-runner",
				"deepspeed --num_nodes 2 --num_gpus 8  --master_addr 10.24.116.20 --master_port=9901   --hostfile=./hostfile.txt \\\n"),
		     16);
}
