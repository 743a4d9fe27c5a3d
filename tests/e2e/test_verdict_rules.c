/* SPDX-License-Identifier: MIT */
/*
 * test_verdict_rules.c - the verdict rules that decide between causes when
 * an incident unfolds over several ranks (docs/CAUSES.md): a hang in
 * communicator set-up, a timeout format without rank prefixes, a slow rank
 * that logs nothing, a job killed by the scheduler, fp16 calibration.
 *
 * Each log is a few lines in the formats of the cited real excerpts
 * (testdata/real/dev/) and pattern examples, arranged into the incident
 * the rule is about; the real excerpts themselves are asserted by
 * test_real_dev.c.
 */
#include <criterion/criterion.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fl_test.h"

/* The kind of the first failure's event. */
static const char *first_kind_of(json_t *r)
{
	return json_string_value(json_object_get(fl_test_verdict(r, "first_failure"), "kind"));
}

static json_int_t first_rank_of(json_t *r)
{
	json_t *f = fl_test_verdict(r, "first_failure");
	json_t *k = json_object_get(f, "rank");
	return json_is_integer(k) ? json_integer_value(k) : -1;
}

/* The first failing rank is RANK (-1: none); the likely cause WANT and
 * the first failure's kind KIND, each unless NULL. */
static void expect_first_rank(const char *name, const char *text, const char *want, json_int_t rank,
			      const char *kind)
{
	json_t *r = fl_test_analyze(name, text);
	if (want)
		cr_expect_str_eq(fl_test_cause(r), want, "%s", name);
	cr_expect_eq(first_rank_of(r), rank, "%s: first rank", name);
	if (kind)
		cr_expect_str_eq(first_kind_of(r), kind, "%s: first failure's kind", name);
	json_decref(r);
}

static const char *status_of(json_t *r)
{
	return json_string_value(fl_test_verdict(r, "status"));
}

/* Analyses text and expects its likely cause; name says which case failed. */
static void expect_cause(const char *name, const char *want, const char *text)
{
	json_t *r = fl_test_analyze(name, text);
	cr_expect_str_eq(fl_test_cause(r), want, "%s", name);
	json_decref(r);
}

/* The likely cause is WANT, its remediation has a line with the words
 * WITH and none with NOT1 or (unless NULL) NOT2. */
static void expect_advice(const char *name, const char *text, const char *want, const char *with,
			  const char *not1, const char *not2)
{
	json_t *r = fl_test_analyze(name, text);
	cr_expect_str_eq(fl_test_cause(r), want, "%s", name);
	cr_expect(fl_test_remedy_with(r, with), "%s: advice with \"%s\"", name, with);
	cr_expect(!fl_test_remedy_with(r, not1), "%s: no advice with \"%s\"", name, not1);
	cr_expect(!not2 || !fl_test_remedy_with(r, not2), "%s: no advice with \"%s\"", name,
		  not2 ? not2 : "");
	json_decref(r);
}

/* The scheduler ended the job and no rank failed before it. */
static void expect_kill(const char *name, const char *text)
{
	json_t *r = fl_test_analyze(name, text);
	cr_expect_str_eq(fl_test_cause(r), "scheduler_kill", "%s", name);
	cr_expect(json_is_null(fl_test_verdict(r, "first_failure")), "%s: no rank failed first", name);
	json_decref(r);
}

/* The stuck ranks as "a,b,c". */
static void stuck_of(json_t *r, char *buf, size_t n)
{
	json_t *v = json_object_get(fl_test_verdict(r, "hang"), "stuck_ranks");
	size_t i, len = 0;
	json_t *x;
	buf[0] = '\0';
	json_array_foreach(v, i, x)
	{
		len += (size_t)snprintf(buf + len, n - len, "%s%lld", i ? "," : "", (long long)json_integer_value(x));
		if (len >= n)
			break;
	}
}

/* Ranks 0-2 finish NCCL init; rank 3 keeps retrying its bootstrap connect
 * (pytorch-167288's socketPollConnect lines) and never logs Init
 * COMPLETE; the others then time out in their first collective. The
 * others waited on a set-up that never completed. */
Test(verdict_rules, one_rank_stuck_in_init_is_nccl_init_error, .timeout = 60)
{
	const char *log =
		"node-07:48210:48290 [0] NCCL INFO comm 0x5612f3a0c8d0 rank 0 nranks 4 cudaDev 0 nvmlDev 0 busId 18000 commId 0x9c3e5d1f2a7b4e60 - Init START\n"
		"node-07:48211:48291 [1] NCCL INFO comm 0x5612f3a0c9d0 rank 1 nranks 4 cudaDev 1 nvmlDev 1 busId 2a000 commId 0x9c3e5d1f2a7b4e60 - Init START\n"
		"node-07:48212:48292 [2] NCCL INFO comm 0x5612f3a0cad0 rank 2 nranks 4 cudaDev 2 nvmlDev 2 busId 3a000 commId 0x9c3e5d1f2a7b4e60 - Init START\n"
		"node-07:48213:48293 [3] NCCL INFO comm 0x5612f3a0cbd0 rank 3 nranks 4 cudaDev 3 nvmlDev 3 busId 5d000 commId 0x9c3e5d1f2a7b4e60 - Init START\n"
		"node-07:48213:48297 [3] NCCL INFO socketPollConnect: connect to 10.29.224.148<52333> returned Connection refused, retrying (18/34) after sleep for 1800 msec\n"
		"node-07:48210:48290 [0] NCCL INFO comm 0x5612f3a0c8d0 rank 0 nranks 4 cudaDev 0 nvmlDev 0 busId 18000 commId 0x9c3e5d1f2a7b4e60 - Init COMPLETE\n"
		"node-07:48211:48291 [1] NCCL INFO comm 0x5612f3a0c9d0 rank 1 nranks 4 cudaDev 1 nvmlDev 1 busId 2a000 commId 0x9c3e5d1f2a7b4e60 - Init COMPLETE\n"
		"node-07:48212:48292 [2] NCCL INFO comm 0x5612f3a0cad0 rank 2 nranks 4 cudaDev 2 nvmlDev 2 busId 3a000 commId 0x9c3e5d1f2a7b4e60 - Init COMPLETE\n"
		"node-07:48213:48297 [3] NCCL INFO socketPollConnect: connect to 10.29.224.148<52333> returned Connection refused, retrying (19/34) after sleep for 1900 msec\n"
		"[rank0]:[E519 04:35:55.111951168 ProcessGroupNCCL.cpp:629] [Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 600015 milliseconds before timing out.\n"
		"[rank1]:[E519 04:35:55.112951168 ProcessGroupNCCL.cpp:629] [Rank 1] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 600016 milliseconds before timing out.\n"
		"[rank2]:[E519 04:35:55.113951168 ProcessGroupNCCL.cpp:629] [Rank 2] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 600017 milliseconds before timing out.\n";
	json_t *r = fl_test_analyze("init_hang", log);
	cr_expect_str_eq(fl_test_cause(r), "nccl_init_error");
	cr_expect(json_is_null(fl_test_verdict(r, "first_failure")), "no rank failed first");
	char stuck[64];
	stuck_of(r, stuck, sizeof(stuck));
	cr_expect_str_eq(stuck, "3");
	json_decref(r);
}

/* The same timeouts with every rank through init are a collective hang:
 * the init rule must not fire when set-up completed. */
Test(verdict_rules, silent_rank_after_init_is_collective_hang, .timeout = 60)
{
	const char *log =
		"node-07:48210:48290 [0] NCCL INFO comm 0x5612f3a0c8d0 rank 0 nranks 4 cudaDev 0 nvmlDev 0 busId 18000 commId 0x9c3e5d1f2a7b4e60 - Init COMPLETE\n"
		"node-07:48211:48291 [1] NCCL INFO comm 0x5612f3a0c9d0 rank 1 nranks 4 cudaDev 1 nvmlDev 1 busId 2a000 commId 0x9c3e5d1f2a7b4e60 - Init COMPLETE\n"
		"node-07:48212:48292 [2] NCCL INFO comm 0x5612f3a0cad0 rank 2 nranks 4 cudaDev 2 nvmlDev 2 busId 3a000 commId 0x9c3e5d1f2a7b4e60 - Init COMPLETE\n"
		"node-07:48213:48293 [3] NCCL INFO comm 0x5612f3a0cbd0 rank 3 nranks 4 cudaDev 3 nvmlDev 3 busId 5d000 commId 0x9c3e5d1f2a7b4e60 - Init COMPLETE\n"
		"[rank0]:[E519 04:35:55.111951168 ProcessGroupNCCL.cpp:629] [Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=808, OpType=ALLREDUCE, NumelIn=9801523, NumelOut=9801523, Timeout(ms)=600000) ran for 600020 milliseconds before timing out.\n"
		"[rank2]:[E519 04:35:55.113951168 ProcessGroupNCCL.cpp:629] [Rank 2] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=808, OpType=ALLREDUCE, NumelIn=9801523, NumelOut=9801523, Timeout(ms)=600000) ran for 600030 milliseconds before timing out.\n"
		"[rank3]:[E519 04:35:55.114951168 ProcessGroupNCCL.cpp:629] [Rank 3] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=808, OpType=ALLREDUCE, NumelIn=9801523, NumelOut=9801523, Timeout(ms)=600000) ran for 600061 milliseconds before timing out.\n";
	json_t *r = fl_test_analyze("silent_rank", log);
	cr_expect_str_eq(fl_test_cause(r), "collective_hang");
	cr_expect_str_eq(status_of(r), "hung");
	char stuck[64];
	stuck_of(r, stuck, sizeof(stuck));
	cr_expect_str_eq(stuck, "1", "the slow rank that logged nothing is the stuck one");
	json_decref(r);
}

/* torch 1.x watchdog lines carry no [rankN]: prefix and no last-enqueued
 * summary (the form of nccl-1193 without its Ray prefix): the waiters come
 * from "[Rank N]" and the world size from Megatron's banner (megatron-lm-
 * 1880), so the rank that never reports is still found. */
Test(verdict_rules, old_watchdog_format_still_names_the_stuck_rank, .timeout = 60)
{
	const char *log =
		"using world size: 4, data-parallel size: 4, context-parallel size: 1, hierarchical context-parallel sizes: None, tensor-model-parallel size: 1, pipeline-model-parallel size: 1\n"
		"[E ProcessGroupNCCL.cpp:821] [Rank 1] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=5020, OpType=ALLREDUCE, Timeout(ms)=1800000) ran for 1808397 milliseconds before timing out.\n"
		"[E ProcessGroupNCCL.cpp:821] [Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=5020, OpType=ALLREDUCE, Timeout(ms)=1800000) ran for 1808458 milliseconds before timing out.\n"
		"[E ProcessGroupNCCL.cpp:821] [Rank 3] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=5020, OpType=ALLREDUCE, Timeout(ms)=1800000) ran for 1808461 milliseconds before timing out.\n";
	json_t *r = fl_test_analyze("old_watchdog", log);
	cr_expect_str_eq(fl_test_cause(r), "collective_hang");
	char stuck[64];
	stuck_of(r, stuck, sizeof(stuck));
	cr_expect_str_eq(stuck, "2");
	json_decref(r);
}

/* A time limit ends a healthy job; the tracebacks and SIGTERM exits printed
 * while it is torn down (submitit-1613, zetta-style banners) are its
 * consequences: scheduler_kill with no first rank. */
Test(verdict_rules, tracebacks_after_a_time_limit_are_consequences, .timeout = 60)
{
	const char *log =
		"srun: Job step aborted: Waiting up to 47 seconds for job step to finish.\n"
		"slurmstepd: error: *** JOB 494583 ON gpu-a01 CANCELLED AT 2024-04-20T09:09:37 DUE TO TIME LIMIT ***\n"
		"slurmstepd: error: *** STEP 494583.0 ON gpu-a01 CANCELLED AT 2024-04-20T09:09:37 DUE TO TIME LIMIT ***\n"
		"Traceback (most recent call last):\n"
		"  File \"/workspace/train.py\", line 214, in <module>\n"
		"    main()\n"
		"  File \"/workspace/train.py\", line 160, in main\n"
		"    loss.backward()\n"
		"RuntimeError: NCCL communicator was aborted on rank 3.\n"
		"srun: error: gpu-a01: tasks 0-7: Terminated\n";
	expect_kill("time_limit", log);
}

/* PBS's and LSF's own kills at a job's limits end it as Slurm's banner
 * does: PBS's MOM line before torchrun's agent stops its workers (a dev
 * excerpt's shape), LSF's end-of-job report after its warning signal;
 * past a memory limit the job ran out of host memory. */
Test(verdict_rules, pbs_and_lsf_kills_are_the_schedulers, .timeout = 60)
{
	expect_kill("pbs_walltime",
		    "=>> PBS: job killed: walltime 180039 exceeded limit 180000\n"
		    "WARNING:torch.distributed.elastic.agent.server.api:Received 15 death signal, shutting down workers\n"
		    "WARNING:torch.distributed.elastic.multiprocessing.api:Sending process 781151 closing signal SIGTERM\n"
		    "WARNING:torch.distributed.elastic.multiprocessing.api:Sending process 781152 closing signal SIGTERM\n"
		    "Traceback (most recent call last):\n"
		    "  File \"/opt/conda/bin/torchrun\", line 33, in <module>\n"
		    "    sys.exit(load_entry_point('torch', 'console_scripts', 'torchrun')())\n"
		    "torch.distributed.elastic.multiprocessing.api.SignalException: Process 781140 got signal: 15\n");
	expect_cause("lsf_runlimit", "scheduler_kill",
		     "Epoch 118: train loss 0.0213, val loss 0.0240\n"
		     "User defined signal 2\n"
		     "\n"
		     "------------------------------------------------------------\n"
		     "Sender: LSF System <lsfadmin@hpc.example.org>\n"
		     "Subject: Job 19591965: <train> in cluster <dcc> Exited\n"
		     "\n"
		     "TERM_RUNLIMIT: job killed after reaching LSF run time limit.\n"
		     "Exited with exit code 140.\n");
	expect_cause("pbs_mem", "host_oom",
		     "Epoch 3 | iter 812 | loss 1.204\n"
		     "=>> PBS: job killed: mem 59756048kb exceeded limit 20971520kb\n");
	expect_cause("lsf_memlimit", "host_oom",
		     "TERM_MEMLIMIT: job killed after reaching LSF memory usage limit.\n"
		     "Exited with exit code 137.\n");
}

/* The scale walking down from 2^32 in the first steps (cogvideo-233's
 * DeepSpeed form) is calibration: the run stays healthy. Down to 2 it is
 * a collapse (chinese-llama-alpaca-534's cascade). */
Test(verdict_rules, calibration_overflows_stay_healthy, .timeout = 60)
{
	char log[4096] = "";
	double s = 4294967296.0;
	for (int i = 1; i <= 6; i++, s /= 2) {
		char line[256];
		snprintf(line, sizeof(line),
			 "[2024-09-11 17:52:%02d,030] [INFO] [loss_scaler.py:183:update_scale] [deepspeed] OVERFLOW! "
			 "Rank 0 Skipping step. Attempted loss scale: %.0f, reducing to %.0f\n",
			 10 + i, s, s / 2);
		strcat(log, line);
	}
	json_t *r = fl_test_analyze("calibration", log);
	cr_expect_str_eq(fl_test_cause(r), "none");
	cr_expect_str_eq(status_of(r), "healthy");
	json_decref(r);

	log[0] = '\0';
	s = 64;
	for (int i = 1; i <= 5; i++, s /= 2) {
		char line[256];
		snprintf(line, sizeof(line),
			 "[2024-09-11 18:%02d:18,030] [INFO] [loss_scaler.py:183:update_scale] [deepspeed] OVERFLOW! "
			 "Rank 0 Skipping step. Attempted loss scale: %.0f, reducing to %.0f\n",
			 10 + i, s, s / 2);
		strcat(log, line);
	}
	expect_cause("collapse", "fp16_overflow", log);
}

/* Two nodes' torchrun summaries in one Slurm output (accelerate-1519's
 * form, torch 2.0): each agent names its own "Root Cause (first observed
 * failure)"; with no error of the workers' own in the log, the first
 * failure is the root-cause entry with the earliest time, rank 12 here,
 * although node gpu-b01's summary comes first in the file. When the
 * workers' watchdogs timed out in a collective, the agents saw the
 * teardown of a hang: no rank failed first. */
static const char *summary(char *buf, size_t n, const char *host, int rank, const char *time)
{
	snprintf(buf, n,
		 "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: \n"
		 "============================================================\n"
		 "train.py FAILED\n"
		 "------------------------------------------------------------\n"
		 "Failures:\n"
		 "  <NO_OTHER_FAILURES>\n"
		 "------------------------------------------------------------\n"
		 "Root Cause (first observed failure):\n"
		 "[0]:\n"
		 "  time      : %s\n"
		 "  host      : %s\n"
		 "  rank      : %d (local_rank: %d)\n"
		 "  exitcode  : 1 (pid: %d)\n"
		 "  error_file: <N/A>\n"
		 "  traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html\n"
		 "============================================================\n",
		 time, host, rank, rank % 8, 19400 + rank);
	return buf;
}

Test(verdict_rules, earliest_launcher_root_cause_is_the_first_failure, .timeout = 60)
{
	char a[2048], b[2048], log[8192];
	snprintf(log, sizeof(log), "%s%s", summary(a, sizeof(a), "gpu-b01", 3, "2023-06-03_22:45:52"),
		 summary(b, sizeof(b), "gpu-b02", 12, "2023-06-03_22:45:01"));
	json_t *r = fl_test_analyze("root_cause", log);
	json_t *first = fl_test_verdict(r, "first_failure");
	cr_assert(json_is_object(first), "no first failure");
	cr_expect_eq(json_integer_value(json_object_get(first, "rank")), 12);
	json_decref(r);

	char hang[8192];
	snprintf(hang, sizeof(hang),
		 "[rank3]:[E1218 20:27:21.426415540 ProcessGroupNCCL.cpp:616] [Rank 3] Watchdog caught collective"
		 " operation timeout: WorkNCCL(SeqNum=88, OpType=ALLREDUCE, NumelIn=4096, NumelOut=4096,"
		 " Timeout(ms)=600000) ran for 600051 milliseconds before timing out.\n%s",
		 summary(a, sizeof(a), "gpu-b01", 3, "2024-12-18_20:27:22"));
	r = fl_test_analyze("root_cause_hang", hang);
	cr_expect(json_is_null(fl_test_verdict(r, "first_failure")), "a hang has no first failure");
	json_decref(r);
}

/* A start-up check on the parallel layout is a configuration error, in a
 * traceback (torchtitan's ParallelDims assertion) or as the rank-prefixed
 * exception line of a traceback cut above it (Megatron core's RuntimeError,
 * which would otherwise be an uncaught exception: a crash). */
Test(verdict_rules, parallel_layout_checks_are_config_errors, .timeout = 60)
{
	expect_cause("parallel_dims", "config_error",
		     "[rank0]: Traceback (most recent call last):\n"
		     "[rank0]:   File \"torchtitan/torchtitan/train.py\", line 541, in <module>\n"
		     "[rank0]:     trainer = Trainer(config)\n"
		     "[rank0]: AssertionError: Invalid parallel dims: dp_replicate(1) * dp_shard(4) * cp(1) * tp(3)"
		     " * pp(1) != WORLD_SIZE(4)\n");
	expect_cause("world_not_divisible", "config_error",
		     "[rank0]:     raise RuntimeError(f\"world_size ({world_size}) is not divisible by"
		     " {total_model_size}\")\n"
		     "[rank0]: RuntimeError: world_size (1) is not divisible by 2\n");
}

/* A loss scale printed as zero in step lines is at the bottom of fp16
 * scaling even when no overflow warning is in the excerpt; a small scale
 * that is not zero (fairseq's 0.500) is not. Format of fairseq's epoch
 * averages (facebookresearch/fairseq#512). */
Test(verdict_rules, loss_scale_printed_as_zero_is_a_collapse, .timeout = 60)
{
	expect_cause("scale_zero", "fp16_overflow",
		     "| epoch 027 | loss 6.343 | nll_loss 4.984 | ppl 31.65 | wps 164346 | ups 0.4 | wpb 364096 |"
		     " bsz 11907 | num_updates 10198 | lr 0.000626286 | gnorm 0.390 | clip 0% | oom 0 |"
		     " loss_scale 0.500 | wall 23080 | train_wall 21383\n"
		     "| epoch 028 | loss 6.351 | nll_loss 4.990 | ppl 31.78 | wps 164101 | ups 0.4 | wpb 364096 |"
		     " bsz 11907 | num_updates 10575 | lr 0.000615003 | gnorm 0.402 | clip 0% | oom 0 |"
		     " loss_scale 0.000 | wall 23938 | train_wall 22177\n");
	json_t *r = fl_test_analyze(
		"scale_small",
		"| epoch 027 | loss 6.343 | nll_loss 4.984 | ppl 31.65 | wps 164346 | ups 0.4 | wpb 364096 |"
		" bsz 11907 | num_updates 10198 | lr 0.000626286 | gnorm 0.390 | clip 0% | oom 0 |"
		" loss_scale 0.500 | wall 23080 | train_wall 21383\n");
	cr_expect_str_neq(fl_test_cause(r), "fp16_overflow");
	json_decref(r);
}

/* A transfer that failed below NCCL's own IB transport is a network
 * error: the AWS OFI plugin's failed request with libfabric's warning
 * (aws/aws-ofi-nccl#156), UCX's retry-exhausted completion on RoCE
 * (openucx/ucx#6000). */
Test(verdict_rules, ofi_and_ucx_completion_errors_are_network_errors, .timeout = 60)
{
	expect_cause("ofi", "network_error",
		     "[1,13]<stdout>:nccl-tests-worker-1:35:89 [5] ofi_process_cq:1039 NCCL WARN NET/OFI Request"
		     " 0x7fbb944701b8 completed with error. RC: 20. Error: unknown error. Completed length: 0,"
		     " Request: { buffer_index: 255, dev: 1, size: 0, state: CREATED, direction: SEND }\n"
		     "[1,13]<stderr>:libfabric:35:1668017255::efa:cq:rxr_cq_write_tx_error():243<warn>"
		     " rxr_cq_write_tx_error: err: 20, prov_err: Not a directory (20)\n");
	expect_cause("ucx", "network_error",
		     "[compute001:31180:0:31180] ib_mlx5_log.c:143  Transport retry count exceeded on"
		     " mlx5_0:1/RoCE (synd 0x15 vend 0x81 hw_synd 0/0)\n");
}

/* Python's words for a launcher's child killed by SIGKILL, on a line of its
 * own (a paste of the last line), point at host memory as exit code -9
 * does (the traceback form is huggingface/autotrain-advanced#456 in
 * testdata/real/dev). */
Test(verdict_rules, subprocess_died_with_sigkill_is_host_memory, .timeout = 60)
{
	expect_cause("sigkill_line", "host_oom",
		     "subprocess.CalledProcessError: Command '['/usr/bin/python3', '-m', 'autotrain.trainers.clm',"
		     " '--training_config', 'autotrain-LLM/training_params.json']' died with <Signals.SIGKILL: 9>.\n");
}

/* Ranks that gave up fetching a new communicator's ncclUniqueId from rank
 * 0 of their group (hiyouga/LlamaFactory#3698, torch 2.x; pytorch/pytorch
 * #82091, torch 1.x) waited on a set-up rank 0 never reached: a set-up
 * failure, not the network error a DistBackendError or an NCCL message
 * alone would suggest. Rank 0's own primary error, when it is there,
 * explains them. */
Test(verdict_rules, a_uniqueid_timeout_is_a_set_up_failure_unless_rank_0_says_why, .timeout = 60)
{
	const char *waits =
		"torch.distributed.DistBackendError: [4] is setting up NCCL communicator and retrieving ncclUniqueId from [0] via c10d key-value store by key '0', but store->get('0') got error: Socket Timeout\n"
		"RuntimeError: [2] is setting up NCCL communicator and retreiving ncclUniqueId from [0] via c10d key-value store by key '0', but store->get('0') got error: Socket Timeout\n";
	json_t *r = fl_test_analyze("uniqueid", waits);
	cr_expect_str_eq(status_of(r), "failed");
	cr_expect_str_eq(fl_test_cause(r), "nccl_init_error");
	json_t *todo = json_object_get(fl_test_verdict(r, "likely_cause"), "remediation");
	const char *first = json_string_value(json_array_get(todo, 0));
	cr_expect(first && strstr(first, "rank 0 of that process group"), "first remediation: %s",
		  first ? first : "(none)");
	json_decref(r);

	/* llama-cookbook-949's OOM line, moved to rank 0 and cut, before them */
	char both[4096];
	snprintf(both, sizeof(both), "%s%s",
		 "[rank0]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.91 GiB. GPU 0 has a total capacity of 14.61 GiB of which 1.99 GiB is free. Including non-PyTorch memory, this process has 12.62 GiB memory in use.\n",
		 waits);
	expect_cause("uniqueid-oom", "gpu_oom", both);
}

/* SIGKILL in bash's and strsignal()'s words is the OOM killer's mark, as
 * a launcher's exit code -9 is; a DataLoader worker's SIGBUS is a full
 * /dev/shm, which torch itself says. Lines from ffdl-127, pytorch#8976
 * and pipedream-28 (testdata/real/dev). */
Test(verdict_rules, a_killed_worker_is_host_memory_and_a_bus_error_a_full_shm, .timeout = 60)
{
	expect_cause("shell-killed", "host_oom",
		     "/usr/local/bin/train.sh: line 18:    36 Killed                  python3 convolutional_network.py --trainImagesFile ${DATA_DIR}/train-images-idx3-ubyte.gz\n");

	expect_cause("dataloader-killed", "host_oom",
		     "Traceback (most recent call last):\n"
		     "  File \"train.py\", line 10, in <module>\n"
		     "    for batch in loader:\n"
		     "RuntimeError: DataLoader worker (pid 1817) is killed by signal: Killed. \n");

	json_t *r = fl_test_analyze("dataloader-shm",
				 "ERROR: Unexpected bus error encountered in worker. This might be caused by insufficient shared memory (shm).\n"
				 "Traceback (most recent call last):\n"
				 "  File \"/opt/conda/lib/python3.6/site-packages/torch/utils/data/_utils/signal_handling.py\", line 63, in handler\n"
				 "    _error_if_any_worker_fails()\n"
				 "RuntimeError: DataLoader worker (pid 325) is killed by signal: Bus error.\n");
	cr_expect_str_eq(fl_test_cause(r), "host_oom");
	cr_expect_str_eq(first_kind_of(r), "mem.shm_exhausted");
	json_t *todo = json_object_get(fl_test_verdict(r, "likely_cause"), "remediation");
	const char *first = json_string_value(json_array_get(todo, 0));
	cr_expect(first && strstr(first, "/dev/shm"), "first remediation: %s", first ? first : "(none)");
	json_decref(r);

	/* a crash signal stays a crash */
	expect_cause("python-bus-error", "process_crash",
		     "Fatal Python error: Bus error\n");
}

/* A training loss logged as NaN in a format no step pattern knows still
 * diverges the run; a validation loss alone, or a running average made
 * NaN by one skipped fp16 step, does not. Lines from lion-9, wetectron-83,
 * swin-transformer-47 (testdata/real/dev) and a Keras model card. */
Test(verdict_rules, a_nan_training_loss_in_any_format_is_a_divergence, .timeout = 60)
{
	expect_cause("loguru-nan", "loss_divergence",
		     "2023-01-25 00:21:09.074 | INFO     | trainers.base_trainer:train_epochs:256 - [R0] | E5 iter[ 14/ 15] | [Loss] 51566519.44 | [exp] ./exp/0125/car/3dbf3ah_hvae_lion_B40 | [step]    89 | [url] none | [time] 0.4m (~5h) |[best] 0 -100.000x1e-2 \n"
		     "2023-01-25 00:21:34.569 | INFO     | trainers.base_trainer:train_epochs:256 - [R0] | E6 iter[ 14/ 15] | [Loss] nan | [exp] ./exp/0125/car/3dbf3ah_hvae_lion_B40 | [step]   104 | [url] none | [time] 0.4m (~5h) |[best] 0 -100.000x1e-2 \n");

	expect_cause("epoch-summary-nan", "loss_divergence",
		     "Epoch : 0 finished. Training Loss: nan. Validation Loss: nan\n");

	json_t *r = fl_test_analyze("validation-nan-only",
				 "- Train Loss: 0.1408\n"
				 "- Validation Loss: nan\n");
	cr_expect_str_eq(status_of(r), "healthy");
	json_decref(r);

	r = fl_test_analyze("running-average-nan",
			 "[2021-04-25 05:35:19 swin_base_patch4_window7_224](main_prune.py 310): INFO Train: [0/300][4050/5004]   eta 0:17:06 lr 0.000500 time 1.1737 (1.0765)    loss 3.2572 (3.3279)    grad_norm 1.0323 (nan)  mem 4814MB`\n");
	cr_expect_str_neq(fl_test_cause(r), "loss_divergence");
	json_decref(r);
}

/* A traceback cut before what it raised, printed after the watchdog's
 * timeouts in the same file, is the timeout's abort raised in Python;
 * printed before them, it may be why the others waited. Lines from gcd-6
 * (testdata/real/dev). */
Test(verdict_rules, a_cut_traceback_after_a_timeout_is_its_consequence, .timeout = 60)
{
	const char *timeouts =
		"[E ProcessGroupNCCL.cpp:737] [Rank 3] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=56693, OpType=BROADCAST, Timeout(ms)=1800000) ran for 1804371 milliseconds before timing out.\n"
		"[E ProcessGroupNCCL.cpp:737] [Rank 2] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=56693, OpType=BROADCAST, Timeout(ms)=1800000) ran for 1804371 milliseconds before timing out.\n";
	const char *cut =
		"Traceback (most recent call last):\n"
		"  File \"/home/lc/Desktop/wza/yrh/GCD/train/train.py\", line 85, in main\n"
		"    trainer.train_loop(max_epochs)\n"
		"  File \"/home/lc/Desktop/wza/yrh/GCD/train/trainer.py\", line 289, in train_loop\n"
		"    training_step_outputs = self.training_step(batch, batch_idx)\n";
	char log[4096];
	snprintf(log, sizeof(log), "%s%s", timeouts, cut);
	json_t *r = fl_test_analyze("cut-after", log);
	cr_expect_str_eq(status_of(r), "hung");
	cr_expect_str_eq(fl_test_cause(r), "collective_hang");
	cr_expect(json_is_null(fl_test_verdict(r, "first_failure")));
	json_decref(r);

	snprintf(log, sizeof(log), "%s%s", cut, timeouts);
	r = fl_test_analyze("cut-before", log);
	cr_expect_str_eq(status_of(r), "failed");
	json_decref(r);
}

/* gloo says it timed out in its own words, and work.wait() then raises it
 * in Python: a traceback cut before that exception, after gloo's line, is
 * the same timeout (elasticdl-1895, testdata/real/dev: a worker left
 * without tasks waits in dist.barrier()). */
Test(verdict_rules, a_cut_traceback_after_a_gloo_timeout_is_its_consequence, .timeout = 60)
{
	json_t *r = fl_test_analyze("gloo-cut",
				    "ERROR:root:[/pytorch/third_party/gloo/gloo/transport/tcp/unbound_buffer.cc:84] Timed out waiting 60000ms for recv operation to complete\n"
				    "ERROR:root:Application timeout caused pair closure\n"
				    "Traceback (most recent call last):\n"
				    "  File \"/usr/local/lib/python3.6/dist-packages/ftlib/impl.py\", line 364, in func\n"
				    "    result = ops(*argc, **kwargs)\n"
				    "  File \"/usr/local/lib/python3.6/dist-packages/ftlib/commlib/pytorch/impl.py\", line 72, in barrier\n"
				    "    dist.barrier()\n");
	cr_expect_str_eq(status_of(r), "hung");
	cr_expect_str_eq(fl_test_cause(r), "collective_hang");
	cr_expect(json_is_null(fl_test_verdict(r, "first_failure")));
	json_decref(r);
}

/* A process's own allocation of host memory failing is host memory
 * exhausted, in each runtime's words: PyTorch's CPU allocator
 * (JingyunLiang/VRT#49), C++'s std::bad_alloc (NVIDIA/recsys-examples#231)
 * and Python's MemoryError; CUDA's OutOfMemoryError stays the GPU's. */
Test(verdict_rules, a_failed_host_allocation_is_host_memory, .timeout = 60)
{
	expect_cause("cpu-allocator", "host_oom",
		     "RuntimeError: [enforce fail at alloc_cpu.cpp:73] . DefaultCPUAllocator: can't allocate memory: you tried to allocate 116813856768 bytes. Error code 12 (Cannot allocate memory)\n");

	expect_cause("bad-alloc", "host_oom",
		     "terminate called after throwing an instance of 'std::bad_alloc'\n"
		     "  what():  std::bad_alloc\n"
		     "E1114 10:03:38.329000 1813028 site-packages/torch/distributed/elastic/multiprocessing/api.py:874] failed (exitcode: -6) local_rank: 0 (pid: 1813105) of binary: /root/.local/share/mamba/envs/hllmgzj/bin/python3.10\n");

	const char *frames = "Traceback (most recent call last):\n"
			     "  File \"train.py\", line 230, in <module>\n"
			     "    for i, (data) in enumerate(train_loader, start=start_iter):\n";
	char log[1024];
	snprintf(log, sizeof(log), "%sMemoryError\n", frames);
	expect_cause("memory-error", "host_oom", log);

	snprintf(log, sizeof(log),
		 "%storch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB. GPU 0 has a total capacity of 23.65 GiB of which 3.06 MiB is free.\n",
		 frames);
	expect_cause("cuda-oom", "gpu_oom", log);
}

/* What a failed verbs or socket call means depends on its error: a queue
 * pair that cannot reach its peer is the network (pai-megatron-612,
 * nccl-tests-185), memory registration is set-up; NCCL dialling the
 * loopback address has its interface wrong (awsome-distributed-ai-192),
 * any other failed connect is the network; a CUDA failure in
 * transport.cc, while the channels connect, is set-up (nccl-957), and so is
 * a peer access CUDA refused. */
Test(verdict_rules, nccl_call_failures_by_their_error, .timeout = 60)
{
	expect_cause("qp-timeout", "network_error",
		     "[2025-06-03 16:12:09] my_machine:1360625:1361883 [0] misc/ibvwrap.cc:291 NCCL WARN Call to ibv_modify_qp failed with 110 Connection timed out, on dev mlx5_bond_1:1, curr state INIT, next state RTR, local GID index 3, local GID ::ffff:172.168.20.71, remote GID ::ffff:172.16.20.65\n");
	expect_cause("qp-unreachable", "network_error",
		     "dgxh100-3:225140:225355 [0] misc/ibvwrap.cc:187 NCCL WARN Call to ibv_modify_qp failed with error Network is unreachable\n");
	expect_cause("reg-mr", "nccl_init_error",
		     "gpu-node-07:48213:48401 [3] misc/ibvwrap.cc:60 NCCL WARN Call to ibv_reg_mr failed with error Cannot allocate memory errno 12\n");
	expect_cause("loopback", "nccl_init_error",
		     "h100-15:139:1092 [7] misc/socket.cc:484 NCCL WARN socketStartConnect: Connect to 127.0.0.1<45069> failed : Software caused connection abort\n");
	expect_cause("remote", "network_error",
		     "h100-15:139:1092 [7] socket.c:485 NCCL WARN socketStartConnect: Connect to 10.0.0.82<38455> failed : Software caused connection abort\n");
	expect_cause("transport-cuda", "nccl_init_error",
		     "tomte401:1850301:1881341 [0] transport.cc:154 NCCL WARN Cuda failure 'invalid argument'\n");
	expect_cause("kernel-cuda", "cuda_error",
		     "gpu-node-07:48213:48401 [3] enqueue.cc:1556 NCCL WARN Cuda failure 'an illegal memory access was encountered'\n");
	/* peer access is asked for only while the P2P transport is set up
	 * (raylight-50, torch's `Last error:` on two GeForce cards) */
	expect_cause("peer-access", "nccl_init_error",
		     "torch.distributed.DistBackendError: NCCL error in: /pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:3699, unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.28.9\n"
		     "ncclUnhandledCudaError: Call to CUDA function failed.\n"
		     "Last error:\n"
		     "Cuda failure 217 'peer access is not supported between these two devices'\n");
}

/* Only consequences, and only warnings (a peer's reset socket), but torch
 * says it takes the process down: the job failed, and the warnings are the
 * best lead (accelerate-609). Without the teardown line they are no
 * failure. */
Test(verdict_rules, warnings_before_a_teardown_are_a_failure, .timeout = 60)
{
	const char *reset = "Genc-A100-VM:36759:36970 [0] include/socket.h:421 NCCL WARN Call to recv failed : Connection reset by peer\n";
	char log[1024];
	snprintf(log, sizeof(log), "%s%s", reset,
		 "[E ProcessGroupNCCL.cpp:325] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data. To avoid this inconsistency, we are taking the entire process down.\n");
	json_t *r = fl_test_analyze("teardown", log);
	cr_expect_str_eq(fl_test_cause(r), "network_error");
	cr_expect_str_eq(status_of(r), "failed");
	json_decref(r);
	expect_cause("no-teardown", "none", reset);
}

/* Ray's memory monitor kills a worker before the kernel would: its
 * summary and the task's OutOfMemoryError are host memory, not the GPU's
 * (EasyR1#50, #185). */
Test(verdict_rules, a_ray_memory_kill_is_host_memory, .timeout = 60)
{
	expect_cause("ray-summary", "host_oom",
		     "(raylet) [2025-04-02 15:02:00,117 E 135782 135782] (raylet) node_manager.cc:3069: 1 Workers (tasks / actors) killed due to memory pressure (OOM), 0 Workers crashed due to other reasons at node (ID: 351e406b196f66bb45eaad02a3b8b4725babfa8cc12949432f7ad7d8, IP: 10.95.143.76) over the last time period. To see more information about the Workers killed on this node, use `ray logs raylet.out -ip 10.95.143.76`\n");
	expect_cause("ray-task", "host_oom",
		     "Traceback (most recent call last):\n"
		     "  File \"/opt/EasyR1/verl/trainer/main.py\", line 90, in main\n"
		     "    ray.get(runner.run.remote(ppo_config))\n"
		     "ray.exceptions.OutOfMemoryError: Task was killed due to the node running low on memory.\n");
}


/* srun's task id is the global rank when srun starts one task per rank
 * (stratified-transformer-3, k-net-30): a first failure without a rank
 * takes the one task srun says the same failure hit. Under a per-node
 * launcher (torchrun's agent lines) a task is a node, and two tasks are
 * no answer. */
Test(verdict_rules, srun_task_is_the_rank_without_a_per_node_launcher, .timeout = 60)
{
	const char *segv = "srun: error: node12: task 3: Segmentation fault (core dumped)\n";
	json_t *r = fl_test_analyze("srun-task", segv);
	cr_expect_eq(first_rank_of(r), 3);
	json_decref(r);

	r = fl_test_analyze("srun-oom",
			 "slurmstepd: error: Detected 1 oom-kill event(s) in step 3148.0 cgroup. Some of your processes may have been killed by the cgroup out-of-memory handler.\n"
			 "srun: error: gpu20-15: task 0: Out Of Memory\n");
	cr_expect_str_eq(fl_test_cause(r), "host_oom");
	cr_expect_eq(first_rank_of(r), 0);
	json_decref(r);

	char log[1024];
	snprintf(log, sizeof(log), "%s%s",
		 "E0603 04:19:17.163000 104 site-packages/torch/distributed/elastic/multiprocessing/api.py:874] failed (exitcode: -11) local_rank: 1 (pid: 107) of binary: /root/miniconda3/bin/python3.11\n",
		 segv);
	r = fl_test_analyze("srun-torchrun", log);
	cr_expect_neq(first_rank_of(r), 3, "under torchrun a task is a node");
	json_decref(r);

	r = fl_test_analyze("srun-two-tasks",
			 "srun: error: node12: task 3: Segmentation fault (core dumped)\n"
			 "srun: error: node13: task 5: Segmentation fault (core dumped)\n");
	cr_expect_eq(first_rank_of(r), -1);
	json_decref(r);
}

/* A world of one has one rank to fail (DLLXW/baby-llama2-chinese#58's
 * store barrier `with 1 nodes`, dev half); in a world of two, a failure
 * that nothing ties to a rank (the shell's report of a crash, with no
 * launcher line to name a local rank) has none. */
Test(verdict_rules, a_world_of_one_fails_on_rank_0, .timeout = 60)
{
	const char *exit = "ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: -11) local_rank: 0 (pid: 1299143) of binary: /root/miniconda3/envs/pretrain/bin/python\n";
	char log[1024];
	snprintf(log, sizeof(log), "%s%s",
		 "[2024-01-24 15:07:20,199][distributed_c10d.py][INFO] Rank 0: Completed store-based barrier for key:store_based_barrier_key:1 with 1 nodes.\n",
		 exit);
	json_t *r = fl_test_analyze("world-one", log);
	cr_expect_eq(first_rank_of(r), 0);
	json_decref(r);
	snprintf(log, sizeof(log), "%s%s",
		 "[2024-01-24 15:07:20,199][distributed_c10d.py][INFO] Rank 0: Completed store-based barrier for key:store_based_barrier_key:1 with 2 nodes.\n",
		 "Segmentation fault (core dumped)\n");
	r = fl_test_analyze("world-two", log);
	cr_expect_eq(first_rank_of(r), -1);
	json_decref(r);
}

/* A Flight Recorder dump signal "due to a collective timeout from this
 * local rank" is a timeout even when the watchdog's own line is missing
 * (protenix-321, wrapped by the terminal): a hang, not the launcher's
 * SIGABRT exit that followed it. */
Test(verdict_rules, a_dump_signal_on_a_timeout_is_a_hang, .timeout = 60)
{
	json_t *r = fl_test_analyze("dump-signal",
				 "[rank1]:[E603 04:19:16.570252694 ProcessGroupNCCL.cpp:1746] [PG ID 0 PG GUID 0(default_pg) Rank 1] Received a dump signal due to a collective timeout from this local rank and we will try our best to dump the debug info. Last enqueued NCCL work: 427698, last completed NCCL work: 427697.\n"
				 "E0603 04:19:17.163000 104 site-packages/torch/distributed/elastic/multiprocessing/api.py:874] failed (exitcode: -6) local_rank: 1 (pid: 107) of binary: /root/miniconda3/bin/python3.11\n");
	cr_expect_str_eq(fl_test_cause(r), "collective_hang");
	cr_expect_str_eq(status_of(r), "hung");
	json_t *h = fl_test_verdict(r, "hang");
	cr_expect_eq(json_integer_value(json_object_get(h, "seq")), 427698);
	cr_expect_str_eq(json_string_value(json_object_get(h, "source")), "dump_signal");
	json_decref(r);
}

/* apex halves the scale past any floor: one overflow down to 0.0 is the
 * bottom (FaceShifter#55), where one overflow down to 32768 is the
 * calibration of a run's first steps. */
Test(verdict_rules, one_overflow_to_a_zero_scale_is_a_collapse, .timeout = 60)
{
	expect_cause("to-zero", "fp16_overflow",
		     "  Gradient overflow.  Skipping step, loss scaler 0 reducing loss scale to 0.0\n");
	expect_cause("calibration", "none",
		     "Gradient overflow.  Skipping step, loss scaler 0 reducing loss scale to 32768.0\n");
}

/* new_subgroups()' group larger than the world is a configuration error
 * (instructlab/training#678), which states the world's size. */
Test(verdict_rules, a_group_larger_than_the_world_is_configuration, .timeout = 60)
{
	json_t *r = fl_test_analyze("group-size",
				 "Traceback (most recent call last):\n"
				 "  File \".../torch/distributed/distributed_c10d.py\", line 5500, in new_subgroups\n"
				 "    raise ValueError(\n"
				 "ValueError: The arg 'group_size' (8) must not exceed the world size (2)\n");
	cr_expect_str_eq(fl_test_cause(r), "config_error");
	cr_expect_eq(json_integer_value(json_object_get(json_object_get(r, "config"), "world_size")), 2);
	json_decref(r);
}

/* ProcessGroupWrapper's mismatch (TORCH_DISTRIBUTED_DEBUG=DETAIL) is the
 * hang: a traceback cut after it in the same file is how it surfaced
 * (bghira/SimpleTuner#2712), and so is one that ends in the RuntimeError
 * it raised (the torch.desync.mismatch pattern's example). */
Test(verdict_rules, a_collective_mismatch_surfacing_in_a_traceback_is_the_hang, .timeout = 60)
{
	static const char mismatch[] =
		"Detected mismatch between collectives on ranks. Rank 1 is running collective: "
		"CollectiveFingerPrint(SequenceNumber=101, OpType=ALLGATHER, TensorShape=[1], "
		"TensorDtypes=Long), but Rank 7 is running collective: "
		"CollectiveFingerPrint(SequenceNumber=0OpType=REDUCE).\n";
	char text[2048];
	snprintf(text, sizeof(text),
		 "[RANK 1] 2026-05-19 10:10:29,701 [ERROR] GPU circuit breaker OPEN: cuda_error - %s"
		 "[rank7]: Traceback (most recent call last):\n"
		 "[rank7]:   File \"/root/simpletuner/train.py\", line 225, in <module>\n"
		 "[rank7]:     trainer.train()\n",
		 mismatch);
	expect_cause("mismatch-cut", "collective_hang", text);
	snprintf(text, sizeof(text),
		 "[rank1]: Traceback (most recent call last):\n"
		 "[rank1]:   File \"/root/simpletuner/train.py\", line 225, in <module>\n"
		 "[rank1]:     trainer.train()\n"
		 "[rank1]: RuntimeError: %s",
		 mismatch);
	expect_cause("mismatch-raised", "collective_hang", text);
}

/* An NCCL WARN no pattern names is a set-up failure when its error returns
 * through set-up's frames (NVIDIA/nccl#573: the topology, init.cc, the
 * async init job; nccl#1240: a graph file, cut after one frame). The WARN
 * alone, or with frames outside set-up, names no cause, unless it is one
 * only set-up prints. */
Test(verdict_rules, a_warn_whose_error_returns_through_set_up_is_nccl_init_error, .timeout = 60)
{
	static const char warn[] =
		"SHJS-PF4ZKYLL:92777:92889 [0] graph/xml.cc:332 NCCL WARN Could not find real path of /sys/class/pci_bus/0000:01/../../0000:01:00.0\n";
	char text[1024];
	snprintf(text, sizeof(text),
		 "%sSHJS-PF4ZKYLL:92777:92889 [0] NCCL INFO graph/topo.cc:523 -> 2\n"
		 "SHJS-PF4ZKYLL:92777:92889 [0] NCCL INFO init.cc:840 -> 2\n"
		 "SHJS-PF4ZKYLL:92777:92889 [0] NCCL INFO group.cc:73 -> 2 [Async thread]\n",
		 warn);
	expect_cause("topology", "nccl_init_error", text);
	expect_cause("graph-file", "nccl_init_error",
		     "Spotllm:73025:73112 [0] graph/search.cc:719 NCCL WARN XML Import Channel : dev 1 not found.\n"
		     "Spotllm:73025:73112 [0] NCCL INFO graph/search.cc:749 -> 2\n");
	expect_cause("warn-alone", "none", warn);
	/* a grouped launch's frames (group.cc without the async tag) are not set-up */
	snprintf(text, sizeof(text),
		 "%sSHJS-PF4ZKYLL:92777:92889 [0] NCCL INFO transport/net.cc:1008 -> 6\n"
		 "SHJS-PF4ZKYLL:92777:92889 [0] NCCL INFO group.cc:110 -> 6\n",
		 warn);
	expect_cause("runtime-frames", "none", text);
	/* but a channel's NET missing from the topology is set-up's failure
	 * alone, as an issue quotes it (NVIDIA-NeMo/Speech#13996), and so is
	 * an attribute missing from its XML (NVIDIA/nccl#379) */
	expect_cause("net-not-found", "nccl_init_error",
		     "`graph/topo.h:230 NCCL WARN Could not find NET with id 0`\n");
	expect_cause("attribute", "nccl_init_error",
		     "graph/xml.h:77 NCCL WARN Attribute arch of node cpu not found\n");
}

/* Megatron prints no loss for a log interval whose iterations were all
 * skipped for an fp16 overflow. Lines like that to the end of the log, at
 * a scale the scalers do not start from, are a run that stopped training
 * (NVIDIA/Megatron-LM#602); the first iterations' calibration from 2^32
 * is not (Megatron's GPT example on Kubernetes, found by find_string). */
Test(verdict_rules, every_iteration_skipped_to_the_end_is_an_fp16_overflow, .timeout = 60)
{
	static const char tail[] = " | consumed samples:            8 | elapsed time per iteration (ms): 1152.3 |"
				   " learning rate: 1.000E-07 | global batch size:     8 | loss scale: 16384.0 |"
				   " number of skipped iterations:   1 | number of nan iterations:   0 |\n";
	char text[2048];
	snprintf(text, sizeof(text), " iteration        1/ 2753818%s iteration        2/ 2753818%s"
		 " iteration        3/ 2753818%s", tail, tail, tail);
	expect_cause("chronic", "fp16_overflow", text);
	expect_cause(
		"calibration", "none",
		"iteration        1/  508626 | consumed samples:          288 | elapsed time per iteration (ms): 255940.5 | learning rate: 0.000E+00 | global batch size:   288 | loss scale: 4294967296.0 | number of skipped iterations:   1 | number of nan iterations:   0 |\n"
		"iteration        2/  508626 | consumed samples:          576 | elapsed time per iteration (ms): 243438.3 | learning rate: 0.000E+00 | global batch size:   288 | loss scale: 2147483648.0 | number of skipped iterations:   1 | number of nan iterations:   0 |\n"
		"iteration        3/  508626 | consumed samples:          864 | elapsed time per iteration (ms): 243344.4 | learning rate: 0.000E+00 | global batch size:   288 | loss scale: 1073741824.0 | number of skipped iterations:   1 | number of nan iterations:   0 |\n");
}

/* The same line printed twice is quoted once (NVIDIA/nccl#1524 repeats
 * its async event); another line of the cause takes the second place. */
Test(verdict_rules, a_repeated_line_is_quoted_once, .timeout = 60)
{
	static const char line[] = "ubuntu20-server-2:94639:94647 [0] transport/net_ib.cc:100 NCCL WARN NET/IB : "
				   "mlx5_0:1 Got async event : local access violation work queue error\n";
	char text[1024];
	snprintf(text, sizeof(text), "%s\n%s", line, line);
	json_t *r = fl_test_analyze("repeated", text);
	json_t *ev = json_object_get(fl_test_verdict(r, "likely_cause"), "evidence");
	cr_assert(json_is_array(ev), "no evidence");
	cr_expect_eq(json_array_size(ev), 1, "%zu evidence lines for one repeated line", json_array_size(ev));
	json_decref(r);
}

/* torchrun's own traceback cut before its ChildFailedError line
 * (hpcaitech/ColossalAI#3172, llama-cookbook-182's agent lines): the
 * launcher raised because a worker died, so the worker's exit code
 * (-9, SIGKILL) names the cause. A worker's traceback cut the same way
 * is still a process that failed. */
Test(verdict_rules, a_launchers_cut_traceback_defers_to_the_exit_code, .timeout = 60)
{
	static const char agent[] =
		"WARNING:torch.distributed.elastic.multiprocessing.api:Sending process 2410413 closing signal SIGTERM\n"
		"ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: -9) local_rank: 0 (pid: 2410412) of binary: /opt/conda/bin/python\n"
		"Traceback (most recent call last):\n"
		"  File \"/opt/conda/bin/torchrun\", line 8, in <module>\n"
		"    sys.exit(main())\n"
		"  File \"/opt/conda/lib/python3.9/site-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py\", line 345, in wrapper\n"
		"    return f(*args, **kwargs)\n"
		"  File \"/opt/conda/lib/python3.9/site-packages/torch/distributed/run.py\", line 761, in main\n"
		"    run(args)\n";
	json_t *r = fl_test_analyze("cut-agent", agent);
	cr_expect_str_eq(fl_test_cause(r), "host_oom");
	cr_expect_str_eq(status_of(r), "failed");
	json_decref(r);

	static const char worker[] =
		"ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: -9) local_rank: 0 (pid: 2410412) of binary: /opt/conda/bin/python\n"
		"Traceback (most recent call last):\n"
		"  File \"train_gpt_demo.py\", line 348, in <module>\n"
		"    main()\n"
		"  File \"train_gpt_demo.py\", line 311, in main\n"
		"    outputs = model(input_ids, attn_mask)\n";
	expect_cause("cut-worker", "process_crash", worker);
}

/* No worker printed its error and no summary names a root cause: the
 * agent's own line for the worker it saw end (llamafactory-163's) is the
 * first failure, unless the worker was ended by SIGTERM. */
Test(verdict_rules, the_agents_line_for_a_failed_worker_is_the_first_failure, .timeout = 60)
{
	static const char agent[] =
		"WARNING:torch.distributed.elastic.multiprocessing.api:Sending process 153929 closing signal SIGTERM\n"
		"ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: 1) local_rank: 7 (pid: 153932) of binary: /opt/conda/bin/python\n";
	json_t *r = fl_test_analyze_file("worker-entry", "rank7.log", agent);
	cr_expect_eq(first_rank_of(r), 7);
	cr_expect_str_eq(first_kind_of(r), "launcher.worker_failed");
	json_decref(r);

	static const char stopped[] =
		"ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: -15) local_rank: 7 (pid: 153932) of binary: /opt/conda/bin/python\n";
	r = fl_test_analyze_file("worker-stopped", "rank7.log", stopped);
	cr_expect(json_is_null(fl_test_verdict(r, "first_failure")));
	json_decref(r);
}

/* On one node the launcher's local rank is the global rank: a first
 * failure no line ties to a rank takes the worker that Lightning's
 * launcher saw exit (aqlaboratory/openfold#481, dev half), and a failure
 * nobody printed takes the agent's (hiyouga/LlamaFactory#163, dev half).
 * Under srun with a task other than 0 each task is a node, and a launch
 * of two nodes (karpathy/nanoGPT's command line) has two: no answer. */
Test(verdict_rules, one_nodes_local_rank_is_the_global_rank, .timeout = 60)
{
	expect_first_rank("lightning",
		"torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 128.00 GiB. GPU 3 has a total capacty of 79.22 GiB of which 24.22 GiB is free. Including non-PyTorch memory, this process has 54.99 GiB memory in use. Of the allocated memory 40.00 GiB is allocated by PyTorch, and 13.91 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting max_split_size_mb to avoid fragmentation.  See documentation for Memory Management and PYTORCH_CUDA_ALLOC_CONF\n"
		"[rank: 3] Child process with PID 11479 terminated with code 1. Forcefully terminating all other processes to avoid zombies \xf0\x9f\xa7\x9f\n"
		"Killed\n",
		"gpu_oom", 3, NULL);

	static const char agent[] =
		"stderr: WARNING:torch.distributed.elastic.multiprocessing.api:Sending process 153931 closing signal SIGTERM\n"
		"stderr: ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: 1) local_rank: 7 (pid: 153932) of binary: /home/panww/miniconda3/tools/bin/python\n";
	expect_first_rank("agent", agent, NULL, 7, "launcher.worker_failed");

	static const char agent_exit[] =
		"E0603 04:19:17.163000 104 site-packages/torch/distributed/elastic/multiprocessing/api.py:874] failed (exitcode: -11) local_rank: 1 (pid: 107) of binary: /root/miniconda3/bin/python3.11\n";
	char log[1024];
	snprintf(log, sizeof(log), "%s%s", agent_exit,
		 "srun: error: node12: task 3: Segmentation fault (core dumped)\n");
	expect_first_rank("srun-nodes", log, NULL, -1, NULL);
	snprintf(log, sizeof(log), "%s%s",
		 "torchrun --nproc_per_node=8 --nnodes=2 --node_rank=1 --master_addr=10.248.33.107 --master_port=1234 train.py config/train_shakespeare_char.py\n",
		 agent_exit);
	expect_first_rank("two-nodes", log, NULL, -1, NULL);
}

/* torch 2.1's watchdog, its lines without a rank prefix: the "[Rank 0]"
 * it names is the default group's, the global rank
 * (meta-llama/llama-cookbook#290, dev half). */
Test(verdict_rules, the_default_groups_rank_places_an_unprefixed_failure, .timeout = 60)
{
	expect_first_rank("watchdog-rank",
		"terminate called after throwing an instance of 'std::runtime_error'\n"
		"  what():  [Rank 0] NCCL watchdog thread terminated with exception: CUDA error: unspecified launch failure\n"
		"CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\n",
		"cuda_error", 0, NULL);
}

/* Ray's old memory monitor raised RayOutOfMemoryError for the node's
 * host memory (ray-project/ray#4877, dev half); torch's OutOfMemoryError
 * is the GPU's. */
Test(verdict_rules, rays_out_of_memory_error_is_host_memory, .timeout = 60)
{
	expect_cause("ray", "host_oom",
		     "ray.memory_monitor.RayOutOfMemoryError: More than 95% of the memory on node Local is used (15.98 / 16.82 GB). The top 5 memory consumers are:\n");
	expect_cause("torch", "gpu_oom",
		     "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 79.11 GiB of which 1.19 GiB is free.\n");
}

/* An exit-code summary names which worker ended, not why: Paddle's
 * launcher aborting trainer 1 of 2 (PaddlePaddle/PaddleOCR#3817, dev
 * half) places the first failure on rank 1, while an IB port's error
 * event (the lines of NCCL's net_ib.cc) still names the cause. */
Test(verdict_rules, an_exit_code_summary_places_the_first_failure, .timeout = 60)
{
	static const char abort_line[] =
		"INFO 2021-08-26 07:33:44,620 launch_utils.py:327] terminate all the procs\n"
		"ERROR 2021-08-26 07:33:44,620 launch_utils.py:584] ABORT!!! Out of all 2 trainers, the trainer process with rank=[1] was aborted. Please check its log.\n";
	expect_first_rank("exit-code", abort_line, NULL, 1, "launcher.exit_code");
	char text[2048];
	snprintf(text, sizeof(text), "%s%s",
		 "dgx1-03:21871:21890 [2] transport/net_ib.cc:94 NCCL WARN NET/IB : Got async event : port error\n",
		 abort_line);
	expect_first_rank("exit-code-cause", text, "network_error", 1, NULL);
}

/* NCCL dialling a peer through a container's veth (huggingface/
 * accelerate#2457) picked the wrong socket interface: set-up's mistake,
 * as the loopback's is. A routable peer that cannot be reached is the
 * network's. */
Test(verdict_rules, a_connect_through_a_containers_veth_is_set_up, .timeout = 60)
{
	expect_cause("veth", "nccl_init_error",
		     "socketStartConnect: Connect to fe80::a849:bbff:fe73:19bd%veth8299cd8<54785> failed : Software caused connection abort\n");
	expect_cause("routable", "network_error",
		     "gpu-node-07:48213:48213 [3] misc/socket.cc:484 NCCL WARN socketStartConnect: Connect to 10.12.4.18<43211> failed : Network is unreachable\n");
}

/* An attribute missing from NCCL's topology XML fails set-up, also when
 * torch keeps only the text after "Last error:" (ray-project/ray#44533);
 * older NCCL's INFO line of the same words during the search is not a
 * failure (NVIDIA/nccl#601). */
Test(verdict_rules, a_topology_attribute_not_found_is_set_up, .timeout = 60)
{
	expect_cause("last-error", "nccl_init_error",
		     "ncclInternalError: Internal check failed.\n"
		     "Last error:\n"
		     "Attribute busid of node nic not found\n");
	json_t *r = fl_test_analyze("info", "gpu23:1513:1528 [2] NCCL INFO Attribute coll of node net not found\n");
	cr_expect_str_eq(status_of(r), "healthy");
	json_decref(r);
}

/* A link NCCL's topology has one way only fails set-up, as torch keeps
 * it after "Last error:", before torchrun's own traceback
 * (zai-org/ChatGLM3#1174); torch's internal error without that text says
 * nothing of set-up. */
Test(verdict_rules, a_one_way_topology_link_is_set_up, .timeout = 60)
{
	static const char head[] =
		"DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1275, internal error, NCCL version 2.14.3\n"
		"ncclInternalError: Internal check failed.\n"
		"Last error:\n";
	static const char tail[] =
		"WARNING:torch.distributed.elastic.multiprocessing.api:Sending process 1957665 closing signal SIGTERM\n"
		"ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: 1) local_rank: 0 (pid: 1957662) of binary: /opt/data/sc5tadm/HXY/chatglm3_6B/glm3-6B/bin/python3.10\n"
		"Traceback (most recent call last):\n"
		"  File \"/opt/data/sc5tadm/HXY/chatglm3_6B/glm3-6B/bin/torchrun\", line 8, in <module>\n"
		"    sys.exit(main())\n";
	char text[2048];
	snprintf(text, sizeof(text), "%sFailed to find reverse path from remNode 0/c1000 nlinks 4 to node 0/1d000\n%s",
		 head, tail);
	expect_cause("reverse-path", "nccl_init_error", text);
	snprintf(text, sizeof(text), "%s%s", head, tail);
	json_t *r = fl_test_analyze("internal", text);
	cr_expect_str_neq(fl_test_cause(r), "nccl_init_error");
	json_decref(r);
}

/* torch 1.x's TCPStore raised a taken port bare, from rendezvous.py
 * (pytorch/pytorch#13907): the launcher could not assemble the job. The
 * same words from a program's own server are not the store's. */
Test(verdict_rules, a_store_port_in_use_is_rendezvous, .timeout = 60)
{
	expect_cause("store", "rendezvous_error",
		     "Traceback (most recent call last):\n"
		     "  File \"train.py\", line 263, in main\n"
		     "    dist.init_process_group(backend='nccl', init_method='env://')\n"
		     "  File \"/opt/conda/lib/python3.6/site-packages/torch/distributed/rendezvous.py\", line 131, in _env_rendezvous_handler\n"
		     "    store = TCPStore(master_addr, master_port, start_daemon)\n"
		     "RuntimeError: Address already in use\n");
	expect_cause("own-server", "process_crash",
		     "Traceback (most recent call last):\n"
		     "  File \"serve.py\", line 40, in main\n"
		     "    sock.bind(('0.0.0.0', 8080))\n"
		     "OSError: [Errno 98] Address already in use\n");
}

/* An exception no row names by its message is read by its class: a
 * ValueError or AssertionError that states a requirement is the job's
 * configuration refused (CaDDN's train.py, the real dev excerpt caddn-95);
 * one without such words is a bug in the program (MLPerf v5.0's Stable
 * Diffusion FID evaluation, training_results_v5_0); an OSError is a file
 * system's (huggingface datasets' shared cache on GPFS, transformers#30859).
 * Each line as its excerpt has it, runs of frames cut. */
Test(verdict_rules, an_exception_is_read_by_its_class, .timeout = 60)
{
	expect_cause("assert-requirement", "config_error",
		     "Traceback (most recent call last):\n"
		     "  File \"train.py\", line 72, in main\n"
		     "    assert args.batch_size % total_gpus == 0, 'Batch size should match the number of gpus'\n"
		     "AssertionError: Batch size should match the number of gpus\n");
	expect_cause("value-bug", "process_crash",
		     "13: [rank13]: Traceback (most recent call last):\n"
		     "13: [rank13]:   File \"/workspace/sd/infer_and_eval_tools.py\", line 80, in calculate_frechet_distance\n"
		     "13: [rank13]:     raise ValueError(\"Imaginary component {}\".format(m))\n"
		     "13: [rank13]: ValueError: Imaginary component 0.0029952042492374167\n");
	expect_cause("os-error", "storage_error",
		     "14:   File \"/gpfslocalsup/pub/anaconda-py3/2023.09/envs/pytorch-gpu-2.1.1+py3.11.5/lib/python3.11/shutil.py\", line 736, in rmtree\n"
		     "14:     os.rmdir(path, dir_fd=dir_fd)\n"
		     "14: OSError: [Errno 39] Directory not empty: '/scrip_continual_pretraining/Cache_mlm/text/default-d0870639fca1403e/0.0.0/c4a140d10f020282918b5dd1b8a49f0104729c6177f60a6b49ec2a365ec69f34.incomplete'\n");
}

/* The network cause's advice follows what failed: a TCP connection
 * (NCCL's bootstrap connect refused, fairseq#826) is not sent to
 * InfiniBand counters and statuses; an IB completion error (NVIDIA/nccl
 * #1405) keeps them. */
Test(verdict_rules, network_advice_follows_the_transport, .timeout = 60)
{
	expect_advice("tcp",
		      "ip-172-31-34-232:63799:64163 [7] include/socket.h:387 NCCL WARN Connect to 172.31.34.232<52473> failed : Connection refused\n",
		      "network_error", "NCCL_SOCKET_IFNAME", "IB status", NULL);
	expect_advice("ib",
		      "kp-ddp-worker-0:3468:3905 [4] ib_plugin.c:1615 NCCL WARN NET/IB : Got completion from peer 10.216.210.236<54862> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid fd00:1148:9000:5000:4:200:3:ff22 remoteGidsfd00:1148:9000:5000:4:200:3:ff1f\n",
		      "network_error", "IB status 12", "NCCL_SOCKET_IFNAME", NULL);
}

/* gloo's op that waited past the timeout (msr-fiddle/pipedream#39): the
 * peer never arrived, a hang; the traceback raising it is its messenger,
 * not a crash of its own, and its c10d frame names the collective (gloo
 * names no seq). */
Test(verdict_rules, a_gloo_timeout_is_a_hang, .timeout = 60)
{
	json_t *r = fl_test_analyze("gloo",
				 "Traceback (most recent call last):\n"
				 "  File \"../communication.py\", line 654, in _recv\n"
				 "    group=sub_process_group)\n"
				 "  File \"/opt/conda/lib/python3.6/site-packages/torch/distributed/distributed_c10d.py\", line 755, in broadcast\n"
				 "    work.wait()\n"
				 "RuntimeError: [../third_party/gloo/gloo/transport/tcp/unbound_buffer.cc:72] Timed out waiting 1800000ms for recv operation to complete\n");
	cr_expect_str_eq(fl_test_cause(r), "collective_hang");
	json_t *h = fl_test_verdict(r, "hang");
	cr_expect_str_eq(json_string_value(json_object_get(h, "collective")), "BROADCAST");
	cr_expect(json_is_null(json_object_get(h, "seq")), "gloo names no seq");
	cr_expect(!strstr(json_string_value(fl_test_verdict(r, "summary")), "seq"),
		  "the summary names no seq");
	json_decref(r);
}

/* torch.load of a file that is not the checkpoint (genforce/genforce#10:
 * empty; cswry/OSEDiff#57: an HTML page) fails in torch's serialization.py;
 * the same exception from a program's own pickle is not a checkpoint's. */
Test(verdict_rules, an_unreadable_checkpoint_is_storage, .timeout = 60)
{
	expect_cause("empty", "storage_error",
		     "Traceback (most recent call last):\n"
		     "  File \"synthesize.py\", line 108, in main\n"
		     "    checkpoint = torch.load(checkpoint_path, map_location='cpu')\n"
		     "  File \"C:\\Users\\A\\anaconda3\\envs\\genforce\\lib\\site-packages\\torch\\serialization.py\", line 764, in _legacy_load\n"
		     "    magic_number = pickle_module.load(f, **pickle_load_args)\n"
		     "EOFError: Ran out of input\n");
	expect_cause("html", "storage_error",
		     "Traceback (most recent call last):\n"
		     "  File \"/root/autodl-tmp/Onestep/OSEDiff/ram/models/utils.py\", line 295, in load_checkpoint_swinlarge\n"
		     "    checkpoint = torch.load(url_or_filename, map_location='cpu')\n"
		     "  File \"/root/miniconda3/envs/onestep_310/lib/python3.10/site-packages/torch/serialization.py\", line 1033, in _legacy_load\n"
		     "    magic_number = pickle_module.load(f, **pickle_load_args)\n"
		     "_pickle.UnpicklingError: invalid load key, '<'.\n");
	expect_cause("own-pickle", "process_crash",
		     "Traceback (most recent call last):\n"
		     "  File \"prepare.py\", line 12, in main\n"
		     "    cache = pickle.load(f)\n"
		     "EOFError: Ran out of input\n");
}

/* Rust's allocation failure inside the job (tokenizers, safetensors):
 * host memory ran out (deepspeedai/DeepSpeedExamples#321). */
Test(verdict_rules, a_rust_allocation_failure_is_host_memory, .timeout = 60)
{
	expect_cause("rust", "host_oom",
		     "[2023-04-16 21:36:16,042] [INFO] [comm.py:586:init_distributed] Initializing TorchBackend in DeepSpeed with backend nccl\n"
		     "memory allocation of 2097152 bytes failed\n");
}

/* torch 1.8-1.9 put no SeqNum in the watchdog's reason for the abort
 * (mlcommons/training#546); the tracebacks cut after it, interleaved by
 * two ranks, are how it surfaced, not crashes of their own. */
Test(verdict_rules, an_abort_without_seq_is_a_hang, .timeout = 60)
{
	json_t *r = fl_test_analyze("abort",
				 "RuntimeError: NCCL communicator was aborted on rank 7.  Original reason for failure was: [Rank 7] Watchdog caught collective operation timeout: WorkNCCL(OpType=ALLREDUCE, Timeout(ms)=1800000) ran for 1809147 milliseconds before timing out.\n"
				 "Traceback (most recent call last):\n"
				 "  File \"train.py\", line 266, in <module>\n"
				 "    main(args)\n");
	cr_expect_str_eq(fl_test_cause(r), "collective_hang");
	cr_expect_str_eq(json_string_value(json_object_get(fl_test_verdict(r, "hang"),
							   "collective")),
			 "ALLREDUCE");
	json_decref(r);
}

/* A DataLoader worker's SIGSEGV, as the worker prints it (ray-project/ray#34194,
 * behind Ray's prefix) before the main process raises. */
Test(verdict_rules, a_dataloader_worker_segfault_is_a_crash, .timeout = 60)
{
	expect_cause("worker", "process_crash",
		     "(RayTrainWorker pid=46187) ERROR: Unexpected segmentation fault encountered in worker.\n");
}

/* argparse rejecting the command line: torch 2.0's launcher passes
 * --local-rank to a script that declares --local_rank
 * (babylm/baseline-pretraining#2); the agent's exit code 2 follows. */
Test(verdict_rules, an_argparse_rejection_is_config, .timeout = 60)
{
	expect_cause("argparse", "config_error",
		     "usage: general_train.py\n"
		     "       [-h]\n"
		     "       [--local_rank LOCAL_RANK]\n"
		     "general_train.py: error: unrecognized arguments: --local-rank=0\n"
		     "ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: 2) local_rank: 0 (pid: 3049) of binary: /usr/bin/python3\n");
}

/* A report's lines stamped one by one by a collector (kubectl logs
 * --timestamps; milliseconds apart here, microseconds in life) are still
 * one report: a traceback whose exception line a more specific pattern
 * reads (f5-tts-458's failed checkpoint write), and torch's NCCL error
 * with NCCL's `Last error:` under it (torchtitan-660's failed calloc)
 * name the cause they name unstamped, not a crash or a CUDA error by
 * the earlier line. */
Test(verdict_rules, a_stamped_report_is_one_failure, .timeout = 60)
{
	json_t *r = fl_test_analyze(
		"stamped-traceback",
		"2024-05-01T12:00:00.000000123Z [rank0]: Traceback (most recent call last):\n"
		"2024-05-01T12:00:00.001000123Z [rank0]:   File \"/opt/conda/envs/venv/lib/python3.10/site-packages/torch/serialization.py\", line 652, in save\n"
		"2024-05-01T12:00:00.002000123Z [rank0]:     _save(obj, opened_zipfile, pickle_module, pickle_protocol, _disable_byteorder_record)\n"
		"2024-05-01T12:00:00.003000123Z [rank0]:   File \"/opt/conda/envs/venv/lib/python3.10/site-packages/torch/serialization.py\", line 866, in _save\n"
		"2024-05-01T12:00:00.004000123Z [rank0]:     zip_file.write_record('data.pkl', data_value, len(data_value))\n"
		"2024-05-01T12:00:00.005000123Z [rank0]: RuntimeError: [enforce fail at inline_container.cc:778] . PytorchStreamWriter failed writing file data.pkl: file write failed\n");
	cr_expect_str_eq(fl_test_cause(r), "storage_error");
	cr_expect_str_eq(first_kind_of(r), "io.error");
	json_decref(r);
	expect_cause("stamped-last-error", "gpu_oom",
		     "2024-05-01T12:00:00.000000123Z   torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/NCCLUtils.hpp:340, unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5\n"
		     "2024-05-01T12:00:00.001000123Z   ncclUnhandledCudaError: Call to CUDA function failed.\n"
		     "2024-05-01T12:00:00.002000123Z   Last error:\n"
		     "2024-05-01T12:00:00.003000123Z   Failed to CUDA calloc 8388608 bytes\n");
}

/* Lightning refuses a configuration with its own class, whole traceback
 * or the exception line alone (ray-project/ray_lightning#84, DOFA-pytorch#20). */
Test(verdict_rules, lightning_misconfiguration_is_config_error, .timeout = 60)
{
	expect_cause("lightning-misconfig", "config_error",
		     "  File \"/home/markus.spanring/.conda/envs/torch/lib/python3.8/site-packages/pytorch_lightning/utilities/device_parser.py\", line 163, in _sanitize_gpu_ids\n"
		     "    raise MisconfigurationException(\n"
		     "pytorch_lightning.utilities.exceptions.MisconfigurationException: You requested GPUs: [0]\n"
		     " But your machine only has: []\n");
	expect_cause("lightning-misconfig-bare", "config_error",
		     "lightning.fabric.utilities.exceptions.MisconfigurationException: You requested gpu: [0, 1]\n"
		     " But your machine only has: [0]\n");
}

/* pydantic refusing a config object is a configuration error, with its
 * traceback (axolotl-ai-cloud/axolotl#1840) or the exception line alone
 * (huggingface/autotrain-advanced#360); an exception of that class whose
 * message is not pydantic's count of errors (built: jsonschema's) stays a crash. */
Test(verdict_rules, pydantic_config_validation_is_config_error, .timeout = 60)
{
	expect_cause("pydantic-traceback", "config_error",
		     "  File \"/root/micromamba/envs/dev/lib/python3.11/site-packages/pydantic/main.py\", line 171, in __init__\n"
		     "    self.__pydantic_validator__.validate_python(data, self_instance=self)\n"
		     "pydantic_core._pydantic_core.ValidationError: 1 validation error for AxolotlConfigWCapabilities\n"
		     "pretraining_dataset\n"
		     "  Input should be a valid list [type=list_type, input_value={'path': 'c4', 'name': 'en', 'type': 'pretrain'}, input_type=dict]\n"
		     "    For further information visit https://errors.pydantic.dev/2.6/v/list_type\n");
	expect_cause("pydantic-bare", "config_error",
		     "pydantic_core._pydantic_core.ValidationError: 5 validation errors for LLMTrainingParams\n"
		     "valid_split\n"
		     "  Input should be a valid string [type=string_type, input_value=None, input_type=NoneType]\n");
	expect_cause("other-validation-error", "process_crash",
		     "Traceback (most recent call last):\n"
		     "  File \"train.py\", line 12, in <module>\n"
		     "    validate(instance, schema)\n"
		     "jsonschema.exceptions.ValidationError: 'name' is a required property\n");
}

/* OmegaConf's and Hydra's errors are the config's: a key the code reads
 * that the config lacks (astra-vision/MonoScene#89's traceback,
 * overwindows/PALM#2's bare line under fairseq), an override Hydra
 * refuses (a verl run's notes, found by find_string). */
Test(verdict_rules, omegaconf_and_hydra_errors_are_config_error, .timeout = 60)
{
	expect_cause("omegaconf-traceback", "config_error",
		     "Traceback (most recent call last):\n"
		     "  File \"monoscene\\scripts\\generate_output.py\", line 80, in main\n"
		     "    fp_loss=config.fp_loss,\n"
		     "            ^^^^^^^^^^^^^^\n"
		     "omegaconf.errors.ConfigAttributeError: Key 'fp_loss' is not in struct\n"
		     "    full_key: fp_loss\n"
		     "    object_type=dict\n");
	expect_cause("omegaconf-bare", "config_error",
		     "omegaconf.errors.ConfigAttributeError: Key 'min_lr' is not in struct\n"
		     "        full_key: optimization.min_lr\n"
		     "        reference_type=Any\n"
		     "        object_type=dict\n");
	expect_cause("hydra-override", "config_error",
		     "hydra.errors.ConfigCompositionException: Could not override 'model.parallelism.data_parallel_shard_degree'.\n");
}

/* A ValueError an arguments dataclass raises as it is built is the
 * configuration's: TrainingArguments' own check (RunxinXu/TSAR#13, dev
 * half; Megatron's TransformerConfig raises the same way); another class
 * from __post_init__ (built: a TypeError of the script's own code) stays a
 * crash. */
Test(verdict_rules, arguments_dataclass_value_errors_are_config_error, .timeout = 60)
{
	expect_cause("post-init", "config_error",
		     "Traceback (most recent call last):\n"
		     "  File \"/data/hmzhong/TSAR/code/run.py\", line 165, in main\n"
		     "    model_args, data_args, training_args = parser.parse_args_into_dataclasses()\n"
		     "  File \"/home/hmzhong/anaconda3/envs/xs/lib/python3.9/site-packages/transformers/hf_argparser.py\", line 332, in parse_args_into_dataclasses\n"
		     "    obj = dtype(**inputs)\n"
		     "  File \"<string>\", line 110, in __init__\n"
		     "  File \"/home/hmzhong/anaconda3/envs/xs/lib/python3.9/site-packages/transformers/training_args.py\", line 1180, in __post_init__\n"
		     "    raise ValueError(\n"
		     "ValueError: --load_best_model_at_end requires the save and eval strategy to match, but found\n"
		     "- Evaluation strategy: epoch\n"
		     "- Save strategy: steps\n");
	expect_cause("post-init-type-error", "process_crash",
		     "Traceback (most recent call last):\n"
		     "  File \"train.py\", line 40, in <module>\n"
		     "    args = Args()\n"
		     "  File \"train.py\", line 22, in __post_init__\n"
		     "    self.steps = self.epochs * len(self.files)\n"
		     "TypeError: object of type 'NoneType' has no len()\n");
}

/* torchrun failing to read its own --nproc_per_node (a Slurm task count,
 * awslabs/sockeye#1038, dev half) and verl's batch that does not split
 * evenly over its workers (verl-project/verl#6801, dev half; the header
 * line added) are the launch's configuration, not a crash. */
Test(verdict_rules, launch_arguments_and_uneven_batches_are_config_error, .timeout = 60)
{
	expect_cause("torchrun-nproc", "config_error",
		     "Traceback (most recent call last):\n"
		     "  File \"/gpfs/projects/DT/mtp/WMT20/opt/miniconda3/envs/sockeye-3.1.0/lib/python3.8/site-packages/torch/distributed/run.py\", line 564, in determine_local_world_size\n"
		     "    return int(nproc_per_node)\n"
		     "ValueError: invalid literal for int() with base 10: '4(x2)'\n");
	expect_cause("verl-chunk", "config_error",
		     "Traceback (most recent call last):\n"
		     "  File \"verl/verl/protocol.py\", line 874, in chunk\n"
		     "    assert len(self) % chunks == 0, (\n"
		     "AssertionError: only support equal chunk. Got size of DataProto 60 and chunk 8.\n");
}

/* FSDP refusing to flatten a module's mixed parameters, in its own words
 * (huggingface/peft#484, dev half) or through its frame
 * (huggingface/transformers#27542, dev half), and AMP's scaler given fp16
 * parameters (Facico/Chinese-Vicuna#168, dev half), are configuration. */
Test(verdict_rules, fsdp_flattening_and_fp16_unscale_are_config_error, .timeout = 60)
{
	expect_cause("fsdp-dtype", "config_error",
		     "[rank0]:   File \"/home/guest/.local/lib/python3.10/site-packages/torch/distributed/fsdp/_flat_param.py\", line 770, in _validate_tensors_to_flatten\n"
		     "[rank0]:     raise ValueError(\n"
		     "[rank0]: ValueError: Must flatten tensors with uniform dtype but got torch.bfloat16 and torch.float32\n");
	expect_cause("fsdp-requires-grad", "config_error",
		     "Traceback (most recent call last):\n"
		     "  File \"/home/aelkordy/.conda/envs/mamoth/lib/python3.9/site-packages/torch/distributed/fsdp/flat_param.py\", line 440, in _init_flat_param\n"
		     "    raise ValueError(\n"
		     "ValueError: `FlatParameter` requires uniform `requires_grad`\n");
	expect_cause("fp16-unscale", "config_error",
		     "Traceback (most recent call last):\n"
		     "  File \"/home/whzhu_st/mypython/lib/python3.8/site-packages/torch/cuda/amp/grad_scaler.py\", line 210, in _unscale_grads_\n"
		     "    raise ValueError(\"Attempting to unscale FP16 gradients.\")\n"
		     "ValueError: Attempting to unscale FP16 gradients.\n");
}

/* A script that reads the launcher's environment, run without the
 * launcher (Zx55/dmcp#13, dev half); a KeyError of another key stays a
 * crash (built). */
Test(verdict_rules, launcher_environment_missing_is_config_error, .timeout = 60)
{
	expect_cause("rank-env", "config_error",
		     "Traceback (most recent call last):\n"
		     "  File \"/data1/task/tools/dmcp/utils/distributed.py\", line 29, in init_dist\n"
		     "    rank = int(os.environ['RANK'])\n"
		     "  File \"/usr/local/miniconda3/lib/python3.6/os.py\", line 669, in __getitem__\n"
		     "    raise KeyError(key) from None\n"
		     "KeyError: 'RANK'\n");
	expect_cause("other-key", "process_crash",
		     "Traceback (most recent call last):\n"
		     "  File \"train.py\", line 29, in collate\n"
		     "    ids = batch['input_ids']\n"
		     "KeyError: 'input_ids'\n");
}

/* Horovod's driver waiting for the workers it launched to register
 * (ray-project/ray#15300, dev half: Horovod on Ray) is the job not
 * assembling. */
Test(verdict_rules, horovod_start_timeout_is_rendezvous, .timeout = 60)
{
	expect_cause("horovod-start", "rendezvous_error",
		     "(pid=23323, ip=172.31.19.90)   File \"/home/ubuntu/anaconda3/lib/python3.7/site-packages/horovod/runner/common/util/timeout.py\", line 37, in check_time_out_for\n"
		     "(pid=23323, ip=172.31.19.90)     self._timeout\n"
		     "(pid=23323, ip=172.31.19.90) Exception: Timed out waiting for tasks to start. Please check connectivity between servers. You may need to increase the --start-timeout parameter if\n");
}

/* A Ray process that never reaches the head's GCS cannot join the
 * cluster (ModalMinds/MM-EUREKA#54, dev half: an empty head address). */
Test(verdict_rules, ray_gcs_unreachable_is_rendezvous, .timeout = 60)
{
	expect_cause("ray-gcs", "rendezvous_error",
		     "+ ray start --address=:6379 --num-gpus 8 --block\n"
		     "Local node IP: 127.0.0.1\n"
		     "[2025-07-23 10:05:49,679 W 51000 51000] gcs_rpc_client.h:151: Failed to connect to GCS at address :6379 within 5 seconds.\n"
		     "[2025-07-23 10:06:19,681 W 51000 51000] gcs_client.cc:183: Failed to get cluster ID from GCS server: TimedOut: Timed out while waiting for GCS to become available.\n");
}

/* The NCCL library that cannot be loaded is the communicator set-up's
 * failure, not a network's (PaddlePaddle/PaddleNLP#1646's traceback from
 * init_parallel_env). */
Test(verdict_rules, nccl_library_missing_is_nccl_init, .timeout = 60)
{
	expect_cause("paddle-libnccl", "nccl_init_error",
		     "Traceback (most recent call last):\n"
		     "  File \"./train.py\", line 141, in train\n"
		     "    paddle.distributed.init_parallel_env()\n"
		     "  File \"/usr/local/lib/python3.7/dist-packages/paddle/fluid/dygraph/parallel_helper.py\", line 42, in _init_parallel_ctx\n"
		     "    __parallel_ctx__clz__.init()\n"
		     "RuntimeError: (PreconditionNotMet) The third-party dynamic library (libnccl.so) that Paddle depends on is not configured correctly. (error code is libnccl.so: cannot open shared object file: No such file or directory)\n");
}

/* An exception line whose traceback the paste cut reads as the
 * traceback's own last line: numpy's host allocation failure (a
 * project's notes, found by find_string) is the host's memory, with or
 * without the frames before it. */
Test(verdict_rules, a_bare_exception_reads_as_its_traceback, .timeout = 60)
{
	const char *exc = "numpy.core._exceptions._ArrayMemoryError: Unable to allocate 4.47 GiB for an array with shape (12, 50000000) and data type float64\n";
	expect_cause("bare-memory-error", "host_oom", exc);
	char whole[512];
	snprintf(whole, sizeof(whole),
		 "Traceback (most recent call last):\n"
		 "  File \"prep.py\", line 7, in <module>\n"
		 "    a = np.zeros((12, 50000000))\n%s", exc);
	expect_cause("traceback-memory-error", "host_oom", whole);
}

/* After the job's own end of run (MLPerf's run_stop with its success),
 * NCCL's teardown errors as the ranks exit name no cause; without that
 * line the same errors read as the network's (mlcommons/training_results_v5.0,
 * an HPE Stable Diffusion run's last lines). */
Test(verdict_rules, teardown_after_success_is_no_failure, .timeout = 60)
{
	const char *teardown =
		"30: [E511 01:46:13.812290483 ProcessGroupNCCL.cpp:541] [Rank 30] found async exception when checking for NCCL errors: NCCL error: unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL version 2.22.3\n"
		"30: ncclSystemError: System call (e.g. socket, malloc) or external library call failed or device error. \n"
		"30: Last error:\n"
		"30: [Proxy Service 30] Failed to execute operation Close from rank 30, retcode 3\n";
	char whole[2048];
	snprintf(whole, sizeof(whole), "%s%s",
		 " 0: :::MLLOG {\"namespace\": \"\", \"time_ms\": 1746944086909, \"event_type\": \"INTERVAL_END\", \"key\": \"run_stop\", \"value\": null, \"metadata\": {\"file\": \"/usr/local/lib/python3.10/dist-packages/hydra/core/utils.py\", \"lineno\": 186, \"status\": \"success\", \"step_num\": 3000}}\n",
		 teardown);
	expect_cause("finished-then-teardown", "none", whole);
	expect_cause("teardown-alone", "network_error", teardown);
}

/* PaddlePaddle checks NCCL only where collective_helper.cc creates
 * communicators: its error there is set-up's (PaddlePaddle/PaddleClas#330's
 * 2.0 form), and so is one raised through init_parallel_env()'s
 * _init_parallel_ctx, where 2.3+ names the file on the hint line
 * (PaddlePaddle/PaddleSpeech#3171's frames and lines). */
Test(verdict_rules, paddle_nccl_errors_in_communicator_creation, .timeout = 60)
{
	expect_cause("paddle-2.0", "nccl_init_error",
		     "ExternalError:  Nccl error, unhandled cuda error  (at /paddle/paddle/fluid/platform/collective_helper.cc:83)\n");
	expect_cause("paddle-2.3", "nccl_init_error",
		     "Traceback (most recent call last):\n"
		     "  File \"/usr/local/python3.7.0/lib/python3.7/site-packages/paddle/fluid/dygraph/parallel_helper.py\", line 42, in _init_parallel_ctx\n"
		     "    __parallel_ctx__clz__.init()\n"
		     "OSError: (External) NCCL error(1), unhandled cuda error. \n"
		     "  [Hint: 'ncclUnhandledCudaError'. A call to a CUDA function failed.] (at /paddle/paddle/fluid/platform/collective_helper.cc:100)\n");
}

/* An AMD GPU's uncorrectable error is the hardware's
 * (ROCm/legacy-rocm-build#1886's MI50); error bank records and a reset
 * with no error of the job's own point there too (#4021's MI300X); a
 * hang ROCm's runtime reports beside a job's own device-side assert is
 * the job's, as in pytorch/pytorch#75642 (a bad embedding index hung the
 * GPU; the two lines are real, from two threads). */
Test(verdict_rules, amd_gpu_faults_and_resets, .timeout = 60)
{
	expect_cause("amd-uncorrectable", "gpu_hardware",
		     "[Sat Jan  7 14:25:56 2023] amdgpu 0000:e3:00.0: amdgpu: uncorrectable hardware error(ERREVENT_ATHUB_INTERRUPT) detected!\n"
		     "[Sat Jan  7 14:25:56 2023] amdgpu 0000:e3:00.0: amdgpu: GPU reset begin!\n");
	expect_cause("amd-reset", "gpu_hardware",
		     "[76914.190122] amdgpu 0000:9d:00.0: {1}[Hardware Error]: aca entry[11].IPID=0x0000605011a09201\n"
		     "[76914.214195] amdgpu 0000:dd:00.0: amdgpu: GPU reset begin!\n");
	expect_cause("amd-hang-beside-an-assert", "cuda_error",
		     "HW Exception by GPU node-1 (Agent handle: 0x5ab48bbcc960) reason :GPU Hang\n"
		     "RuntimeError: CUDA error: device-side assert triggered\n");
}

/* ROCm's runtime aborting on a GPU page fault is AMD's illegal memory
 * access (ROCm/legacy-rocm-build#1535's line), unless its reason names an
 * ECC failure: built from ROCr's format and its list of reasons. */
Test(verdict_rules, rocm_memory_access_fault, .timeout = 60)
{
	expect_cause("rocm-page-fault", "cuda_error",
		     "Memory access fault by GPU node-2 (Agent handle: 0x55fea5592860) on address 0x7fc133800000. Reason: Page not present or supervisor privilege.\n"
		     "Aborted (core dumped)\n");
	expect_cause("rocm-ecc-fault", "gpu_hardware",
		     "Memory access fault by GPU node-2 (Agent handle: 0x55fea5592860) on address 0x7fc133800000. Reason: DRAM ECC failure.\n"
		     "Aborted (core dumped)\n");
}

/* An NCCL error raised by DDP's first collective is set-up's (rules.c),
 * unless the error it carries names the cause: a CUDA allocation that
 * failed while the communicator was being built is still an OOM. Built
 * from torch 2.1's DDP frames and NCCLUtils' message. */
Test(verdict_rules, oom_inside_ddp_set_up_stays_gpu_oom, .timeout = 60)
{
	expect_cause("ddp-init-oom", "gpu_oom",
		     "Traceback (most recent call last):\n"
		     "  File \"/opt/conda/lib/python3.10/site-packages/torch/nn/parallel/distributed.py\", line 795, in __init__\n"
		     "    _verify_param_shape_across_processes(self.process_group, parameters)\n"
		     "  File \"/opt/conda/lib/python3.10/site-packages/torch/distributed/utils.py\", line 265, in _verify_param_shape_across_processes\n"
		     "    return dist._verify_params_across_processes(process_group, tensors, logger)\n"
		     "torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/NCCLUtils.hpp:275, unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.18.1\n"
		     "ncclUnhandledCudaError: Call to CUDA function failed.\n"
		     "Last error:\n"
		     "Cuda failure 'out of memory'\n");
	expect_cause("ddp-init-system-error", "nccl_init_error",
		     "Traceback (most recent call last):\n"
		     "  File \"/opt/conda/lib/python3.10/site-packages/torch/distributed/utils.py\", line 265, in _verify_param_shape_across_processes\n"
		     "    return dist._verify_params_across_processes(process_group, tensors, logger)\n"
		     "torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/NCCLUtils.hpp:275, unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL version 2.18.1\n");
}

/* accelerate refusing the precision it was given on the device it found
 * (liasece/sd-webui-train-tools#11, dev half) and c10d's check that a
 * process group exists, reached by SyncBatchNorm in a run without the
 * launcher (open-mmlab/mmsegmentation#192, dev half): the launch's. */
Test(verdict_rules, start_up_refusals_are_config_error, .timeout = 60)
{
	expect_cause("accelerate-precision", "config_error",
		     "Traceback (most recent call last):\n"
		     "  File \"/opt/homebrew/lib/python3.10/site-packages/accelerate/accelerator.py\", line 286, in __init__\n"
		     "    raise ValueError(err.format(mode=\"fp16\", requirement=\"a GPU\"))\n"
		     "ValueError: fp16 mixed precision requires a GPU\n");
	expect_cause("no-process-group", "config_error",
		     "  File \"/usr/local/lib/python3.6/dist-packages/torch/distributed/distributed_c10d.py\", line 210, in _check_default_pg\n"
		     "    \"Default process group is not initialized\"\n"
		     "AssertionError: Default process group is not initialized\n");
}

/* horovodrun's tasks seen through NAT (volcano-sh/volcano#859, dev half),
 * and its driver finding no interface to use (built from the runner's
 * raise in horovod/runner/common/service/network.py). */
Test(verdict_rules, horovod_tasks_behind_nat_are_rendezvous_error, .timeout = 60)
{
	expect_cause("horovod-nat", "rendezvous_error",
		     "Waiting for the hosts to acknowledge.\n"
		     "ERROR: Task 1 declared addresses {'lo': [('127.0.0.1', 55651)], 'eth0': [('192.168.101.5', 55651)]}, but has connected from a different address 192.168.101.0. This is not supported. Is the server behind NAT?\n");
	expect_cause("horovod-no-address", "rendezvous_error",
		     "Traceback (most recent call last):\n"
		     "  File \"/usr/local/bin/horovodrun\", line 21, in <module>\n"
		     "    run_commandline()\n"
		     "horovod.runner.common.util.network.NoValidAddressesFound: No available network interface found matching user provided interface: ['ib0']\n");
}

/* nccl-tests' own CUDA check feeds the CUDA rows: an ordinal the
 * container does not have is the configuration's (a GKE notes file's
 * line), a driver older than the runtime a CUDA error (NVIDIA/nccl-tests
 * #12, dev half, whose label says NCCL set-up: listed in test_real_dev). */
Test(verdict_rules, nccl_tests_cuda_check_is_read, .timeout = 60)
{
	expect_cause("nccl-tests-ordinal", "config_error",
		     "nccl-gib-test-4w-3: Test CUDA failure common.cu:1030 'invalid device ordinal'\n");
	expect_cause("nccl-tests-driver", "cuda_error",
		     "nThread 1 nGpus 8 minBytes 8 maxBytes 134217728 step: 2(factor) warmup iters: 5 iters: 20 validation: 1 \n"
		     "Cuda failure common.cu:891 'CUDA driver version is insufficient for CUDA runtime version'\n");
}

/* Advice that the error's own words settle: a PyTorch without NCCL
 * (openai/jukebox#9, dev half) is told about gloo, not /dev/shm or
 * interfaces; an ordinal the process cannot see (as above) about
 * processes and devices, not batch sizes or parallel layouts. */
Test(verdict_rules, the_errors_words_settle_the_advice, .timeout = 60)
{
	expect_advice("no-nccl",
		      "Caught error during NCCL init (attempt 0 of 5): Distributed package doesn't have NCCL built in\n",
		      "nccl_init_error", "gloo backend", "/dev/shm", "NCCL_SOCKET_IFNAME");
	expect_advice("ordinal",
		      "nccl-gib-test-4w-3: Test CUDA failure common.cu:1030 'invalid device ordinal'\n",
		      "config_error", "--nproc_per_node", "global batch", "parallel sizes");
}

/* A worker killed by SIGKILL and the launcher's traceback cut after its
 * header (huggingface/open-r1#675, dev half): the header says nothing of
 * what failed, so the exit code's host memory is the likely cause; with
 * a frame, a cut traceback still says a process raised (built). */
Test(verdict_rules, traceback_header_alone_defers_to_exit_code, .timeout = 60)
{
	expect_cause("header-alone", "host_oom",
		     "W0613 07:54:19.895000 180275 site-packages/torch/distributed/elastic/multiprocessing/api.py:897] Sending process 180495 closing signal SIGTERM\n"
		     "E0613 07:54:22.195000 180275 site-packages/torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: -9) local_rank: 3 (pid: 180497) of binary: /search/odin/wunxie/envs/open-r1/bin/python3.11\n"
		     "Traceback (most recent call last):\n");
	expect_cause("with-a-frame", "process_crash",
		     "Traceback (most recent call last):\n"
		     "  File \"/workspace/train.py\", line 88, in <module>\n"
		     "    main()\n");
}

/* JAX's NCCL stub without libnccl (LargeWorldModel/LWM#44, dev half). */
Test(verdict_rules, nccl_library_not_loaded_is_nccl_init_error, .timeout = 60)
{
	expect_cause("xla-stub", "nccl_init_error",
		     "2024-02-23 23:00:08.992159: W external/xla/xla/service/gpu/runtime/support.cc:58] Intercepted XLA runtime error:\n"
		     "INTERNAL: external/xla/xla/service/gpu/nccl_utils.cc:134: NCCL operation ncclGetUniqueId(&id) failed: Unable to load NCCL library. Multi-GPU collectives will not work.. Last NCCL warning(error) log entry (may be unrelated) 'Unable to load NCCL library. Multi-GPU collectives will not work.'.\n");
}

/* A framework's own report of NCCL's set-up failing: XLA's wrapper under
 * JAX (jax-ml/jax#17399, dev half), OneFlow's glog check (Oneflow-Inc/libai
 * #415, dev half), XGBoost's same-device check (dmlc/xgboost#6047, dev
 * half), PyTorch without NCCL (pytorch/pytorch#116080, dev half), NCCL's
 * kernels without this GPU's code (NVIDIA/nccl#1528, dev half). */
Test(verdict_rules, framework_reports_of_nccl_set_up_are_nccl_init_error, .timeout = 60)
{
	expect_cause("xla-init", "nccl_init_error",
		     "W external/xla/xla/service/gpu/runtime/support.cc:58] Intercepted XLA runtime error:\n"
		     "INTERNAL: external/xla/xla/service/gpu/nccl_utils.cc:275: NCCL operation ncclCommInitRank(&comm, nranks, id, rank) failed: unhandled cuda error\n");
	expect_cause("oneflow-init", "nccl_init_error",
		     "F20221031 10:52:42.193126 106986 eager_nccl_comm_manager.cpp:75] Check failed: ncclCommInitRank(comm, device_vec.size(), nccl_unique_id, rank) : unhandled system error (2). To see more detail, please run OneFlow with system variable NCCL_DEBUG=INFO\n"
		     "*** Check failure stack trace: ***\n");
	expect_cause("xgboost-same-gpu", "nccl_init_error",
		     "E   xgboost.core.XGBoostError: [03:49:09] ../src/common/device_helpers.cu:64: \n"
		     "  Check failed: n_uniques == world (1 vs. 4) : Multiple processes within communication group running on\n"
		     "  same CUDA device is not supported\n");
	expect_cause("no-nccl-built", "nccl_init_error",
		     "    raise RuntimeError(\"Distributed package doesn't have NCCL \" \"built in\")\n"
		     "RuntimeError: Distributed package doesn't have NCCL built in\n");
	expect_cause("nccl-no-kernel-code", "nccl_init_error",
		     "NCCL version 2.20.5+cuda12.3\n"
		     "\n"
		     "c76d92cccb6e:72:457 [1] enqueue.cc:47 NCCL WARN Cuda failure 'named symbol not found'\n");
}

/* Where the set-up's configuration is wrong: DDP given device_ids for a
 * module still on the CPU (pytorch/pytorch#100243, dev half), accelerate's
 * FSDP plugin wrapping by a layer class the model lacks, the paste ending
 * at the frame that raises it (NovaSearch-Team/RAG-Retrieval#29, dev
 * half); and a rendezvous that failed inside init_process_group's handler
 * (yangkky/distributed_tutorial#3, dev half) or mpirun's TCP wiring
 * (kubeflow/kubeflow#3789, dev half). */
Test(verdict_rules, set_up_configuration_and_wiring, .timeout = 60)
{
	expect_cause("ddp-device-ids", "config_error",
		     "  File \"/opt/conda/lib/python3.8/site-packages/torch/nn/parallel/distributed.py\", line 604, in _log_and_throw\n"
		     "    raise err_type(err_msg)\n"
		     "ValueError: DistributedDataParallel device_ids and output_device arguments only work with single-device/multiple-device GPU modules or CPU modules, but got device_ids [0], output_device 0, and module parameters {device(type='cpu')}.\n");
	expect_cause("fsdp-wrap-class", "config_error",
		     "Traceback (most recent call last):\n"
		     "  File \"/home/root123/.local/lib/python3.10/site-packages/accelerate/accelerator.py\", line 1461, in prepare_model\n"
		     "    self.state.fsdp_plugin.set_auto_wrap_policy(model)\n"
		     "  File \"/home/root123/.local/lib/python3.10/site-packages/accelerate/utils/dataclasses.py\", line 1367, in set_auto_wrap_policy\n"
		     "    raise Exception(\"Could not find the transformer layer class to wrap in the model.\")\n");
	expect_cause("env-rendezvous", "rendezvous_error",
		     "Traceback (most recent call last):\n"
		     "  File \"/home/ubuntu/anaconda3/envs/pytorch_p36/lib/python3.7/site-packages/torch/distributed/distributed_c10d.py\", line 406, in init_process_group\n"
		     "    store, rank, world_size = next(rendezvous(url))\n"
		     "  File \"/home/ubuntu/anaconda3/envs/pytorch_p36/lib/python3.7/site-packages/torch/distributed/rendezvous.py\", line 143, in _env_rendezvous_handler\n"
		     "    store = TCPStore(master_addr, master_port, world_size, start_daemon)\n"
		     "RuntimeError: Connection timed out\n");
	expect_cause("mpi-tcp", "rendezvous_error",
		     "A process or daemon was unable to complete a TCP connection\n"
		     "to another process:\n"
		     "  Local host:    test-openmpi-master\n"
		     "  Remote host:   test-openmpi-worker-14.mpi-test.tfworkflow\n");
}

/* Horovod's own report of ncclCommInitRank (pytorch/ignite#3466, dev
 * half); the operating system refusing fork() its memory
 * (ruotianluo/self-critical.pytorch#11, dev half); PaddleSeg's spelling
 * of a batch the GPUs do not divide (PaddlePaddle/PaddleSeg#141, dev
 * half); gloo's pair closing under a send, with nothing else to explain
 * it (CGCL-codes/pFedSD#3, dev half). */
Test(verdict_rules, more_frameworks_own_words, .timeout = 60)
{
	expect_cause("horovod-init", "nccl_init_error",
		     "[1]<stderr>:    mpi_lib.horovod_torch_wait_and_clear(handle)\n"
		     "[1]<stderr>:RuntimeError: ncclCommInitRank failed: unhandled cuda error (run with NCCL_DEBUG=INFO for details)\n");
	expect_cause("fork-enomem", "host_oom",
		     "  File \"/usr/lib/python2.7/multiprocessing/forking.py\", line 121, in __init__       \n"
		     "    self.pid = os.fork()                                                              \n"
		     "OSError: [Errno 12] Cannot allocate memory \n");
	expect_cause("paddleseg-batch", "config_error",
		     "AssertionError: BATCH_SIZE:2 not divisble by number of GPUs:4\n");
	expect_cause("gloo-send", "network_error",
		     "  File \"/usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py\", line 1295, in send\n"
		     "    default_pg.send([tensor], dst, tag).wait()\n"
		     "RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:598] Connection closed by peer [172.28.0.12]:43185\".\n");
}

/* Numba's CUDA driver wrapper, which raises on any failed call: a launch
 * NeMo's RNNT loss made (NVIDIA-NeMo/Speech#4882, dev half) is a CUDA
 * error, an allocation is out of GPU memory (a course's notes, found
 * by find_string). VS Code's debugger puts the exception's type and
 * message on two lines with no Traceback header
 * (NVIDIA/NeMo-Aligner#153, dev half): still the crash that stopped it. */
Test(verdict_rules, numba_driver_errors_and_a_debugger_paste, .timeout = 60)
{
	expect_cause("numba-launch", "cuda_error",
		     "`Call to cuLaunchKernel results in CUDA_ERROR_INVALID_VALUE\n"
		     "Error executing job with overrides: []\n");
	expect_cause("numba-alloc", "gpu_oom",
		     "numba.cuda.cudadrv.driver.CudaAPIError: [2] Call to cuMemAlloc results in CUDA_ERROR_OUT_OF_MEMORY\n");
	expect_cause("vscode-paste", "process_crash",
		     "Exception has occurred: RuntimeError       (note: full exception trace is shown but execution is paused at: _run_module_as_main)\n"
		     "shape '[1]' is invalid for input of size 2\n"
		     "  File \"/opt/NeMo/nemo/collections/nlp/modules/common/megatron/utils.py\", line 183, in <listcomp>\n"
		     "    averaged_losses = torch.cat([loss.clone().detach().view(1) for loss in losses])\n");
}

/* Device memory of accelerators other than NVIDIA's: Intel Gaudi's
 * synapse helper (HabanaAI/Model-References#10, dev half) and an Intel
 * GPU under Level Zero (open-edge-platform/physical-ai-studio#440, dev
 * half) are out of device memory, as a CUDA OOM is. */
Test(verdict_rules, other_accelerators_out_of_device_memory, .timeout = 60)
{
	expect_cause("gaudi-workspace", "gpu_oom",
		     "    Variable._execution_engine.run_backward(\n"
		     "RuntimeError: FATAL ERROR :: MODULE:SYNHELPER workspace Allocation of size ::14493510400 failed!\n");
	expect_cause("xpu-level-zero", "gpu_oom",
		     "terminate called after throwing an instance of 'sycl::_V1::exception'\n"
		     "  what():  Enqueue process failed.\n"
		     "level_zero backend failed with error: 39 (UR_RESULT_ERROR_OUT_OF_DEVICE_MEMORY)\n"
		     "Fatal Python error: Aborted\n");
}

/* Lightning's launcher reports the child that exited first, by its
 * local rank and exit code, and kills the others: alone, an abort there
 * is a crash, not a healthy run (a training write-up's log, found by
 * find_string). MXNet's SIGSEGV handler prints `Segmentation fault: 11`
 * (horovod/horovod#1533, dev half). PyTorch's CUDA initialisation on a
 * node whose driver is unusable (NVIDIA/k8s-device-plugin#319, dev half)
 * is a CUDA error. */
Test(verdict_rules, lightning_child_mxnet_segfault_and_cuda_init, .timeout = 60)
{
	expect_cause("lightning-child", "process_crash",
		     "[rank: 2] Child process with PID 13117 terminated with code -6. Forcefully terminating all other processes to avoid zombies \xf0\x9f\xa7\x9f\n");
	expect_cause("mxnet-segfault", "process_crash",
		     "Segmentation fault: 11\n"
		     "\n"
		     "Stack trace:\n"
		     "  [bt] (0) /home/ec2-user/anaconda3/lib/python3.7/site-packages/mxnet/libmxnet.so(+0x3a14c70) [0x7f137e617c70]\n");
	expect_cause("cuda-init-unknown", "cuda_error",
		     ">>> a.cuda()\n"
		     "Traceback (most recent call last):\n"
		     "  File \"<stdin>\", line 1, in <module>\n"
		     "  File \"/usr/local/python3.7.6/lib/python3.7/site-packages/torch/cuda/__init__.py\", line 172, in _lazy_init\n"
		     "    torch._C._cuda_init()\n"
		     "RuntimeError: CUDA unknown error - this may be due to an incorrectly set up environment, e.g. changing env variable CUDA_VISIBLE_DEVICES after program start. Setting the available devices to be zero.\n");
}

/* safetensors' writer raises SafetensorError with Rust's io::Error in
 * its Display form (`I/O error: ... (os error N)`); a FUSE mount that
 * does not support an operation the writer needs (safetensors#842, dev
 * half, here as the one line the poster's paste wrapped) left no
 * checkpoint: storage, not a crash. The Debug form, cut after `kind:` in
 * a run's notes (find_string), says the same. */
Test(verdict_rules, safetensors_checkpoint_write_error, .timeout = 60)
{
	expect_cause("safetensors-display", "storage_error",
		     "Traceback (most recent call last):\n"
		     "  File \"/usr/local/lib/python3.10/dist-packages/safetensors/torch.py\", line 286, in save_file\n"
		     "    serialize_file(_flatten(tensors), filename, metadata=metadata)\n"
		     "safetensors_rust.SafetensorError: Error while serializing: I/O error: Operation not supported (os error 95)\n");
	expect_cause("safetensors-debug", "storage_error",
		     "   `safetensors_rust.SafetensorError: Error while serializing: IoError(Os { code: 14, kind:\n");
}

/* CUDA's assert printf names the kernel, the block and the thread before
 * the assertion: a line a paste cut inside the thread's numbers is the
 * device-side assert still (facebookresearch/habitat-lab#302, dev half,
 * its NaN reward's torch.multinomial). */
Test(verdict_rules, device_assert_cut_by_a_paste, .timeout = 60)
{
	expect_cause("assert-cut", "cuda_error",
		     "2020-02-19 00:00:46,051 Average window size 50 reward: nan\n"
		     "/pytorch/aten/src/ATen/native/cuda/MultinomialKernel.cu:243: void at::native::<unnamed>::sampleMultinomialOnce(long *, long, int, scalar_t *, scalar_t *, int, int) [with scalar_t = float, accscalar_t = float]: block: [0,0,0], thread: [0,0\n"
		     ",0] Assertion `val >= zero` failed.\n");
}

/* torch.normal's check on a policy's std (rsl_rl's PPO update): a NaN
 * from the simulator's state, or a std parameter pushed below zero, is a
 * training that diverged (mujocolab/mjlab#520, dev half). */
Test(verdict_rules, normal_std_check_is_divergence, .timeout = 60)
{
	expect_cause("normal-std", "loss_divergence",
		     "RuntimeError: normal expects all elements of std >= 0.0\n"
		     "(Pdb) torch.nonzero(torch.isnan(self.scene[\"foot_contact\"].data.force))\n");
}

/* A C++ exception of the standard library's own (std::out_of_range from
 * a map::at) escaped the program and MPICH's mpiexec reports the abort:
 * a crash (openai/train-procgen#4, dev half). The watchdog's abort in
 * torch 2.2 and earlier (std::runtime_error) stays a consequence. */
Test(verdict_rules, std_exception_abort_under_mpiexec, .timeout = 60)
{
	expect_cause("std-terminate", "process_crash",
		     "creating environment\n"
		     "terminate called after throwing an instance of 'std::out_of_range'\n"
		     "  what():  map::at\n");
	expect_cause("hydra-banner", "process_crash",
		     "===================================================================================\n"
		     "=   BAD TERMINATION OF ONE OF YOUR APPLICATION PROCESSES\n"
		     "=   PID 66543 RUNNING AT 2a1b7906b5b2\n"
		     "=   EXIT CODE: 134\n"
		     "=   CLEANING UP REMAINING PROCESSES\n"
		     "=   YOU CAN IGNORE THE BELOW CLEANUP MESSAGES\n"
		     "===================================================================================\n"
		     "YOUR APPLICATION TERMINATED WITH THE EXIT STRING: Aborted (signal 6)\n"
		     "This typically refers to a problem with your application.\n");
	expect_cause("runtime-error-terminate", "none",
		     "terminate called after throwing an instance of 'std::runtime_error'\n");
}

/* ROCm's HIP runtime aborts a process whose kernel faulted, here inside
 * a benchmark harness's JSON record of the line (mila-iqia/milabench#397,
 * dev half): a GPU kernel's fault, as CUDA's would be. */
Test(verdict_rules, rocm_queue_abort_is_a_kernel_fault, .timeout = 60)
{
	expect_cause("rocm-queue-abort", "cuda_error",
		     "{\"event\": \"line\", \"data\": \":0:rocdevice.cpp            :3586: 93411680345 us:  Callback: Queue 0x77ef1a200000 aborting with error : HSA_STATUS_ERROR_EXCEPTION: An HSAIL operation resulted in a hardware exception. code: 0x1016\\n\", \"pipe\": \"stderr\"}\n"
		     "{\"event\": \"line\", \"data\": \"VGPU(0x2ba18980) Queue(0x780d90008000) is idle\\n\", \"pipe\": \"stdout\"}\n");
}

/* Gloo could not find the address of the interface or host name it was
 * told to use: the process group was never set up, as NCCL's `no socket
 * interface found` (msr-fiddle/pipedream#32 and YOLOX#432, dev half),
 * not a transport that failed while running. */
Test(verdict_rules, gloo_interface_without_address_is_setup, .timeout = 60)
{
	expect_cause("gloo-no-address", "nccl_init_error",
		     "Traceback (most recent call last):\n"
		     "  File \"/usr/lib/python3.6/site-packages/torch/distributed/distributed_c10d.py\", line 503, in _new_process_group_helper\n"
		     "    timeout=timeout)\n"
		     "RuntimeError: [enforce fail at /pytorch/third_party/gloo/gloo/transport/tcp/device.cc:83] ifa != nullptr. Unable to find address for: ib0\n");
}

/* icefall's ScaledAdam raises when the median of recent gradient norms
 * is not finite: the gradients went NaN, the training diverged
 * (k2-fsa/icefall#1810, dev half), not a crash of the program. */
Test(verdict_rules, scaled_adam_nonfinite_grads_diverged, .timeout = 60)
{
	expect_cause("scaled-adam", "loss_divergence",
		     "Traceback (most recent call last):\n"
		     "  File \"/mnt/efs/swetha/ms_exp/icefall/egs/librispeech/ASR/zipformer/optim.py\", line 473, in _get_clipping_scale\n"
		     "    raise RuntimeError(\"Too many grads were not finite\")\n"
		     "RuntimeError: Too many grads were not finite\n");
}

/* DDP's reducer found parameters that took no part in the loss: the
 * model's DDP set-up (find_unused_parameters), not a crash. Its message
 * alone names the rank that raised it (hkchengrex/Cutie#125, dev half);
 * raised in a traceback, the traceback's exception says the same. */
Test(verdict_rules, ddp_unused_parameters_is_configuration, .timeout = 60)
{
	json_t *r = fl_test_analyze("ddp-unused",
		     "RuntimeError: Expected to have finished reduction in the prior iteration before starting a new one. This error indicates that your module has parameters that were not used in producing loss. You can enable unused parameter detection by passing the keyword argument find_unused_parameters=True to torch.nn.parallel.DistributedDataParallel, and by \n"
		     "making sure all forward function outputs participate in calculating loss. \n"
		     "If you already have done the above, then the distributed data parallel module wasn't able to locate the output tensors in the return value of your module's forward function. Please include the loss function and the structure of the return value of forward of your module when reporting this issue (e.g. list, dict, iterable).\n"
		     "Parameters which did not receive grad for rank 3: mask_encoder.sensory_update.transform.bias, mask_encoder.sensory_update.transform.weight\n"
		     "Parameter indices which did not receive grad for rank 3: 282 283 \n");
	cr_expect_str_eq(fl_test_cause(r), "config_error");
	cr_expect_eq(first_rank_of(r), 3, "the rank DDP names");
	json_decref(r);
	expect_cause("ddp-unused-traceback", "config_error",
		     "Traceback (most recent call last):\n"
		     "  File \"train.py\", line 80, in <module>\n"
		     "    loss = model(batch)\n"
		     "RuntimeError: Expected to have finished reduction in the prior iteration before starting a new one. This error indicates that your module has parameters that were not used in producing loss.\n");
}

/* A checkpoint whose tensors do not fit the model as configured: a
 * resume after the vocabulary grew by one token (lm-sys/FastChat#575,
 * dev half; us3rn-testing's resume says the same). The model's
 * configuration, not a crash. */
Test(verdict_rules, state_dict_mismatch_is_configuration, .timeout = 60)
{
	expect_cause("state-dict", "config_error",
		     "  File \"/data/app/install/transformers/src/transformers/trainer.py\", line 2159, in _load_from_checkpoint\n"
		     "    load_result = model.load_state_dict(state_dict, False)\n"
		     "  File \"/usr/local/lib/python3.10/dist-packages/torch/nn/modules/module.py\", line 2041, in load_state_dict\n"
		     "    raise RuntimeError('Error(s) in loading state_dict for {}:\\n\\t{}'.format(\n"
		     "RuntimeError: Error(s) in loading state_dict for LlamaForCausalLM:\n"
		     "\tsize mismatch for model.embed_tokens.weight: copying a param with shape torch.Size([32001, 4096]) from checkpoint, the shape in current model is torch.Size([32000, 4096]).\n"
		     "\tsize mismatch for lm_head.weight: copying a param with shape torch.Size([32001, 4096]) from checkpoint, the shape in current model is torch.Size([32000, 4096]).\n"
		     "ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: 1) local_rank: 0 (pid: 6660) of binary: /usr/bin/python3\n");
}

/* A device index the process cannot see: DataParallel's device_ids past
 * the visible GPUs (XiaLiPKU/EMANet#32, frostinassiky/gtad#36, dev half;
 * torch.cuda's get_device_properties raises it for any such index). The
 * configuration names a GPU the job does not have. */
Test(verdict_rules, invalid_device_id_is_configuration, .timeout = 60)
{
	expect_cause("invalid-device-id", "config_error",
		     "Traceback (most recent call last):\n"
		     "  File \"train.py\", line 41, in <module>\n"
		     "    model = torch.nn.DataParallel(model, device_ids=[0, 1, 2, 3])\n"
		     "  File \"/usr/local/lib/python3.8/dist-packages/torch/nn/parallel/data_parallel.py\", line 142, in __init__\n"
		     "    _check_balance(self.device_ids)\n"
		     "  File \"/usr/local/lib/python3.8/dist-packages/torch/nn/parallel/data_parallel.py\", line 23, in _check_balance\n"
		     "    dev_props = _get_devices_properties(device_ids)\n"
		     "  File \"/usr/local/lib/python3.8/dist-packages/torch/cuda/__init__.py\", line 337, in get_device_properties\n"
		     "    raise AssertionError(\"Invalid device id\")\n"
		     "AssertionError: Invalid device id\n");
}

/* The NCCL backend in a process that sees no GPU (xlang-ai/UnifiedSKG#12,
 * dev half: torch.distributed.launch on a machine without GPUs; login
 * nodes and containers without their devices say the same). */
Test(verdict_rules, nccl_without_gpus_is_configuration, .timeout = 60)
{
	expect_cause("nccl-no-gpus", "config_error",
		     "Traceback (most recent call last):\n"
		     "  File \"train.py\", line 12, in <module>\n"
		     "    torch.distributed.init_process_group(backend=\"nccl\")\n"
		     "  File \"/opt/conda/lib/python3.10/site-packages/torch/distributed/distributed_c10d.py\", line 1570, in _new_process_group_helper\n"
		     "    backend_class = ProcessGroupNCCL(backend_prefix_store, group_rank, group_size, pg_options)\n"
		     "ValueError: ProcessGroupNCCL is only supported with GPUs, no GPUs found!\n");
}

/* transformers' argument parser refusing a flag its dataclasses lack
 * (CircleRadon/TokenPacker#23, dev half; renamed TrainingArguments fields
 * and script options in many repositories say the same): the launch
 * command's configuration, whatever the launcher kills after it. */
Test(verdict_rules, unused_hf_arguments_are_configuration, .timeout = 60)
{
	expect_cause("hf-argparser", "config_error",
		     "Traceback (most recent call last):\n"
		     "  File \"finetune.py\", line 210, in <module>\n"
		     "    model_args, data_args, training_args = parser.parse_args_into_dataclasses()\n"
		     "  File \"/usr/local/lib/python3.10/site-packages/transformers/hf_argparser.py\", line 347, in parse_args_into_dataclasses\n"
		     "    raise ValueError(f\"Some specified arguments are not used by the HfArgumentParser: {remaining_args}\")\n"
		     "ValueError: Some specified arguments are not used by the HfArgumentParser: ['--evaluation_strategy', 'no']\n"
		     "[2024-05-02 08:11:40,120] [INFO] [launch.py:315:sigkill_handler] Killing subprocess 5120\n"
		     "[2024-05-02 08:11:40,121] [INFO] [launch.py:315:sigkill_handler] Killing subprocess 5121\n");
}

/* Ray re-raises a task's exception as RayTaskError(<class>) and prints the
 * task's traceback under it (ray-project/ray#8473, dev half): Ray's own
 * memory monitor is host memory; an OutOfMemoryError inside the wrapper
 * is named by the task's own lines, here CUDA's. */
Test(verdict_rules, ray_task_error_reads_the_wrapped_class, .timeout = 60)
{
	expect_cause("ray-oom", "host_oom",
		     "Failure # 1 (occurred at 2020-05-17_16-19-34)\n"
		     "Traceback (most recent call last):\n"
		     "  File \"/usr/lib/python3.7/site-packages/ray/tune/ray_trial_executor.py\", line 381, in fetch_result\n"
		     "    result = ray.get(trial_future[0], DEFAULT_GET_TIMEOUT)\n"
		     "  File \"/usr/lib/python3.7/site-packages/ray/worker.py\", line 1513, in get\n"
		     "    raise value.as_instanceof_cause()\n"
		     "ray.exceptions.RayTaskError(RayOutOfMemoryError): ray::PPO (pid=448, ip=172.20.1.205)\n"
		     "  File \"python/ray/_raylet.pyx\", line 415, in ray._raylet.execute_task\n"
		     "  File \"/usr/lib/python3.7/site-packages/ray/memory_monitor.py\", line 120, in raise_if_low_memory\n"
		     "    self.error_threshold))\n");
	expect_cause("ray-cuda-oom", "gpu_oom",
		     "Traceback (most recent call last):\n"
		     "  File \"/app/main_ppo.py\", line 64, in main\n"
		     "    ray.get(runner.run.remote(config))\n"
		     "  File \"/usr/local/lib/python3.12/site-packages/ray/_private/worker.py\", line 2771, in get\n"
		     "    values, debugger_breakpoint = worker.get_objects(object_refs, timeout=timeout)\n"
		     "ray.exceptions.RayTaskError(OutOfMemoryError): ray::TaskRunner.run() (pid=98005, ip=10.0.0.7)\n"
		     "  File \"/app/trainer.py\", line 1107, in fit\n"
		     "    output = self.actor_rollout_wg.update_actor(batch)\n"
		     "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 260.00 MiB. GPU 0 has a total capacity of 21.95 GiB of which 202.62 MiB is free.\n");
}

/* An accelerator's memory as TensorFlow's and XLA's allocators report it:
 * the BFC allocator failing a GPU allocation under JAX
 * (dattalab/keypoint-moseq#236, dev half), and TF 1.x's TPUEstimator
 * compiling a program larger than the TPU's HBM
 * (tensorflow/tensor2tensor#1382, dev half). */
Test(verdict_rules, xla_allocator_failures_are_accelerator_memory, .timeout = 60)
{
	expect_cause("bfc", "gpu_oom",
		     "2025-08-05 12:33:53.958194: W external/xla/xla/tsl/framework/bfc_allocator.cc:501] Allocator (GPU_2_bfc) ran out of memory trying to allocate 91.27GiB (rounded to 98000028160)requested by op \n"
		     "If the cause is memory fragmentation maybe the environment variable 'TF_GPU_ALLOCATOR=cuda_malloc_async' will improve the situation. \n"
		     "Current allocation summary follows.\n");
	expect_cause("tpu-hbm", "gpu_oom",
		     "INFO:tensorflow:Error recorded from outfeed: Step was cancelled by an explicit call to `Session::Close()`.\n"
		     "INFO:tensorflow:Error recorded from training_loop: Compilation failure: Ran out of memory in memory space hbm. Used 8.83G of 8.00G hbm. Exceeded hbm capacity by 848.88M.\n");
}

/* XLA asking the driver for a GPU ordinal the process cannot see: JAX's
 * jax.distributed under Slurm with one GPU bound to each process
 * (jax-ml/jax#23452, dev half), the traceback cut before its exception. */
Test(verdict_rules, xla_invalid_device_ordinal_is_configuration, .timeout = 60)
{
	expect_cause("xla-ordinal", "config_error",
		     "2024-09-05 07:57:34.555804: W external/xla/xla/service/platform_util.cc:199] unable to create StreamExecutor for CUDA:1: failed initializing StreamExecutor for CUDA device ordinal 1: INTERNAL: Failed call to cuDeviceGet: CUDA_ERROR_INVALID_DEVICE: invalid device ordinal\n"
		     "Traceback (most recent call last):\n"
		     "  File \"/opt/conda/lib/python3.9/site-packages/jax/_src/xla_bridge.py\", line 879, in backends\n"
		     "    backend = _init_backend(platform)\n");
}

/* torch 2.4+'s TCPStore asks for libuv, which the Windows wheels lack:
 * torchrun's static rendezvous dies creating the store
 * (cocktailpeanut/fluxgym#302, dev half; USE_LIBUV=0 is the fix). */
Test(verdict_rules, store_without_libuv_is_rendezvous, .timeout = 60)
{
	expect_cause("libuv", "rendezvous_error",
		     "Traceback (most recent call last):\n"
		     "  File \"C:\\Python311\\Lib\\site-packages\\torch\\distributed\\elastic\\rendezvous\\static_tcp_rendezvous.py\", line 67, in next_rendezvous\n"
		     "    self._store = TCPStore(  # type: ignore[call-arg]\n"
		     "RuntimeError: use_libuv was requested but PyTorch was build without libuv support\n");
}

/* An Ascend NPU's device memory, in its CANN runtime's words
 * (hiyouga/LlamaFactory#5322, dev half). */
Test(verdict_rules, ascend_driver_out_of_memory_is_accelerator_memory, .timeout = 60)
{
	expect_cause("ascend-oom", "gpu_oom",
		     "[ERROR] 2024-08-28-16:15:00 (PID:15597, Device:2, RankID:2) ERR00100 PTA call acl api failed\n"
		     "EL0004: 2024-08-28-16:15:00.358.141 Failed to allocate memory.\n"
		     "        Possible Cause: Available memory is insufficient.\n"
		     "        TraceBack (most recent call last):\n"
		     "        rtFftsPlusTaskLaunch execute failed, reason=[driver error:out of memory][FUNC:FuncErrorReason][FILE:error_message_manage.cc][LINE:53]\n");
}

/* The watchdog's timeout broken by a terminal after `timeout:`, its
 * WorkNCCL fields on the lines below (CarperAI/trlx#373, dev half; the
 * same break in notes committed to several repositories). */
Test(verdict_rules, wrapped_watchdog_timeout_is_a_hang, .timeout = 60)
{
	json_t *r = fl_test_analyze("wrapped-watchdog",
				    "failure was: [Rank 0] Watchdog caught collective operation timeout: \n"
				    "WorkNCCL(SeqNum=2059, OpType=ALLGATHER, Timeout(ms)=1800000) ran for 1801398 \n"
				    "milliseconds before timing out.\n"
				    "wandb: Waiting for W&B process to finish... (failed 1).\n");
	cr_expect_str_eq(fl_test_cause(r), "collective_hang");
	json_t *h = fl_test_verdict(r, "hang");
	cr_expect_str_eq(json_string_value(json_object_get(h, "collective")), "ALLGATHER");
	cr_expect_eq(json_integer_value(json_object_get(h, "seq")), 2059);
	json_decref(r);
}

/* HAMi-core, sharing a GPU between pods, refuses an allocation past the
 * pod's memory limit; CUDA then reports its refusal as an unrecognized
 * error (Project-HAMi/HAMi#662, dev half). */
Test(verdict_rules, vgpu_limit_refusal_is_gpu_memory, .timeout = 60)
{
	expect_cause("hami-oom", "gpu_oom",
		     "[HAMI-core Msg(30:140387636202368:libvgpu.c:855)]: Initialized\n"
		     "[HAMI-core ERROR (pid:30 thread=140382094939712 allocator.c:53)]: Device 0 OOM 3171158016 / 3145728000\n"
		     "Traceback (most recent call last):\n"
		     "  File \"/opt/conda/lib/python3.11/site-packages/torch/autograd/graph.py\", line 825, in _engine_run_backward\n"
		     "    return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass\n"
		     "RuntimeError: CUDA error: unrecognized error code\n");
}

/* torch's DataLoader refuses prefetch_factor when the workers are off
 * (rom1504/clip-retrieval#356, dev half; users' notes quote the same
 * ValueError from other trainers). */
Test(verdict_rules, prefetch_without_workers_is_config, .timeout = 60)
{
	expect_cause("prefetch", "config_error",
		     "Traceback (most recent call last):\n"
		     "  File \"/usr/lib/python3/dist-packages/torch/utils/data/dataloader.py\", line 245, in __init__\n"
		     "    raise ValueError('prefetch_factor option could only be specified in multiprocessing.'\n"
		     "ValueError: prefetch_factor option could only be specified in multiprocessing.let num_workers > 0 to enable multiprocessing, otherwise set prefetch_factor to None.\n");
}

/* NVSHMEM, under DeepEP's expert-parallel dispatch, gives up at set-up
 * after its bootstrap's allgather failed (deepseek-ai/DeepEP#223, dev
 * half). */
Test(verdict_rules, nvshmem_init_failure_is_nccl_init, .timeout = 60)
{
	expect_cause("nvshmem", "nccl_init_error",
		     "/sgl-workspace/nvshmem/src/modules/bootstrap/uid/bootstrap_uid.cpp:90: non-zero status: -6 /sgl-workspace/nvshmem/src/modules/bootstrap/uid/bootstrap_uid.cpp:496: non-zero status: -6 /sgl-workspace/nvshmem/src/host/topo/topo.cpp:477: non-zero status: -6 allgather of ipc handles failed\n"
		     "\n"
		     "/sgl-workspace/nvshmem/src/host/init/init.cu:998: non-zero status: 7 building transport map failed\n"
		     "\n"
		     "/sgl-workspace/nvshmem/src/host/init/init.cu:nvshmemi_check_state_and_init:1080: nvshmem initialization failed, exiting\n");
}

/* DeepEP's dispatch gives up on its peers: the host prints its token
 * counters, -1 for counts that never arrived, then raises (DeepEP's
 * buffer.hpp; deepseek-ai/DeepEP#13, dev half). A hang in MoE's own
 * all-to-all, with neither op nor seq. */
Test(verdict_rules, deepep_dispatch_timeout_is_a_hang, .timeout = 60)
{
	json_t *r = fl_test_analyze("deepep",
				    "[testing] Running with BF16, without top-k (async=True, previous=True) ...Global rank: 13, num_recv_tokens: -1, num_rdma_recv_tokens: -1\n"
				    "moe_recv_expert_counter[0]: -1\n"
				    "moe_recv_expert_counter[1]: -1\n"
				    "Global rank: 15, num_recv_tokens: -1, num_rdma_recv_tokens: -1\n"
				    "moe_recv_expert_counter[0]: -1\n");
	cr_expect_str_eq(fl_test_cause(r), "collective_hang");
	cr_expect(json_is_null(json_object_get(fl_test_verdict(r, "hang"), "collective")),
		  "DeepEP names no c10d op");
	json_decref(r);
}

/* Slurm's time limit ends the job; the elastic agent turns the SIGTERM
 * into SignalException and, shutting its workers down, trips logging's
 * own error report, whose `Message: '...'` is no exception
 * (elena-lyulina/Megatron-LM-Attention-Benchmark's 1861140.err, dev
 * half; SignalException from torch's _terminate_process_handler). */
Test(verdict_rules, agent_signal_after_time_limit_is_scheduler_kill, .timeout = 60)
{
	expect_cause("time_limit_agent", "scheduler_kill",
		     "0: slurmstepd: error: *** STEP 1861140.1 ON nid007420 CANCELLED AT 2026-04-15T11:31:51 DUE TO TIME LIMIT ***\n"
		     "1: W0415 11:31:51.007000 14574 torch/distributed/elastic/agent/server/api.py:732] Received 15 death signal, shutting down workers\n"
		     "0: --- Logging error ---\n"
		     "0: Traceback (most recent call last):\n"
		     "0:   File \"/usr/local/lib/python3.12/dist-packages/torch/distributed/elastic/agent/server/api.py\", line 888, in _invoke_run\n"
		     "0:     time.sleep(monitor_interval)\n"
		     "0:   File \"/usr/local/lib/python3.12/dist-packages/torch/distributed/elastic/multiprocessing/api.py\", line 85, in _terminate_process_handler\n"
		     "0:     raise SignalException(f\"Process {os.getpid()} got signal: {sigval}\", sigval=sigval)\n"
		     "0: torch.distributed.elastic.multiprocessing.api.SignalException: Process 244947 got signal: 15\n"
		     "0: Call stack:\n"
		     "0:   File \"/usr/local/lib/python3.12/dist-packages/torch/distributed/elastic/multiprocessing/api.py\", line 906, in _close\n"
		     "0:     logger.warning(\n"
		     "0: Message: 'Sending process %s closing signal %s'\n"
		     "0: Arguments: (245402, 'SIGTERM')\n");
}

/* Megatron's learning-rate schedule rejects its settings with a bare
 * assert in its constructor (the same benchmark's 1856681.err, dev half;
 * the asserts in Megatron's optimizer_param_scheduler.py). */
Test(verdict_rules, lr_schedule_assert_is_config, .timeout = 60)
{
	expect_cause("lr_schedule", "config_error",
		     "[rank1]: Traceback (most recent call last):\n"
		     "[rank1]:   File \"/workspace/Megatron-LM/pretrain_gpt.py\", line 338, in <module>\n"
		     "[rank1]:     pretrain(\n"
		     "[rank1]:   File \"/workspace/Megatron-LM/megatron/core/optimizer_param_scheduler.py\", line 157, in __init__\n"
		     "[rank1]:     assert self.lr_warmup_steps < self.lr_decay_steps\n"
		     "[rank1]:            ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
		     "[rank1]: AssertionError\n");
}

/* A NotImplementedError that says what is supported is a configuration
 * the library refuses (Lightning-AI/litgpt#712, facebookresearch/moco#48,
 * dev half); one naming an operator a device lacks is not
 * (intel/torch-xpu-ops#986, dev half). */
Test(verdict_rules, unsupported_option_is_config, .timeout = 60)
{
	expect_cause("unsupported", "config_error",
		     "Traceback (most recent call last):\n"
		     "  File \"/home/user/moco/main_moco.py\", line 213, in main_worker\n"
		     "    raise NotImplementedError(\"Only DistributedDataParallel is supported.\")\n"
		     "NotImplementedError: Only DistributedDataParallel is supported.\n");
	expect_cause("unimplemented_op", "process_crash",
		     "[rank0]: Traceback (most recent call last):\n"
		     "[rank0]:   File \"/opt/venv/lib/python3.10/site-packages/torch/distributed/distributed_c10d.py\", line 3346, in all_gather\n"
		     "[rank0]:     work = group.allgather([tensor_list], [tensor])\n"
		     "[rank0]: NotImplementedError: The operator 'c10d::allgather_' is not currently implemented for the XPU device.\n");
}

/* numactl refuses CPUs outside the job's cpuset and exits before the
 * trainer runs; the other ranks wait until the time limit
 * (mlcommons/training_results_v4.0's smc BERT log, dev half; libnuma's
 * warning in reference notes and binding scripts). */
Test(verdict_rules, numa_binding_outside_cpuset_is_config, .timeout = 60)
{
	json_t *r = fl_test_analyze("numa",
				    "0: libnuma: Warning: cpu argument 64-71 is out of range\n"
				    "0: \n"
				    "0: <0-7,64-71> is invalid\n"
				    "0: usage: numactl [--all | -a] [--interleave= | -i <nodes>] [--preferred= | -p <node>]\n"
				    "srun: error: node01: task 0: Exited with exit code 1\n"
				    "slurmstepd: error: *** STEP 412.0 ON node01 CANCELLED AT 2024-04-19T15:55:35 DUE TO TIME LIMIT ***\n");
	cr_expect_str_eq(fl_test_cause(r), "config_error");
	cr_expect_str_eq(first_kind_of(r), "config.invalid");
	json_decref(r);
}

/* Slurm could not exec the launcher on the nodes: torchrun is not on
 * their PATH (Ankush610/Distributed-Training-Lab's and
 * hao-ai-lab/FastVideo's committed .err files, dev half; slurmstepd's
 * `execve(): %s: %m`). */
Test(verdict_rules, launcher_not_on_path_is_rendezvous, .timeout = 60)
{
	expect_cause("execve", "rendezvous_error",
		     "slurmstepd: error: execve(): torchrun: No such file or directory\n"
		     "srun: error: rdgpu01: task 0: Exited with exit code 2\n"
		     "slurmstepd: error: execve(): torchrun: No such file or directory\n"
		     "srun: error: rdgpu02: task 1: Exited with exit code 2\n");
}

/* oneCCL's set-up on Intel GPUs: its local coordinates unknown, then
 * torch's first all_reduce raises its exception (saforem2/vault's
 * Aurora notes, dev half; oneCCL's `|CCL_ERROR| file:line func:`). */
Test(verdict_rules, oneccl_setup_error_is_nccl_init, .timeout = 60)
{
	expect_cause("oneccl", "nccl_init_error",
		     "2024:01:23-00:02:21:(122507) |CCL_WARN| could not get local_idx/count from environment variables, trying to get them from ATL\n"
		     "2024:01:23-00:02:21:(122510) |CCL_ERROR| global.cpp:150 getenv_local_coord: condition global_data::env().ze_ipc_exchange == ccl::ze::ipc_exchange_mode::sockets failed\n"
		     "Traceback (most recent call last):\n"
		     "  File \"/lus/gecko/projects/Megatron-DeepSpeed/megatron/initialize.py\", line 242, in _initialize_distributed\n"
		     "    torch.distributed.all_reduce(x)\n"
		     "RuntimeError: oneCCL: global.cpp:150 getenv_local_coord: EXCEPTION: to get local_idx/count from ATL, set CCL_ZE_IPC_EXCHANGE=sockets explicitly\n");
}

/* transformers' Trainer needs max_steps for a dataset without a length
 * (varshetshrikar/Shikra-MLLM-Referential-Dialogue-Magic's finetune.log,
 * dev half; both wordings in transformers' trainer). */
Test(verdict_rules, trainer_without_max_steps_is_config, .timeout = 60)
{
	expect_cause("max_steps", "config_error",
		     "Traceback (most recent call last):\n"
		     "  File \"/opt/conda/lib/python3.10/site-packages/transformers/trainer.py\", line 1605, in _inner_training_loop\n"
		     "    raise ValueError(\n"
		     "ValueError: args.max_steps must be set to a positive value if dataloader does not have a length, was -1\n");
}

/* torch.stft in a speech model's loss failing inside cuFFT is a CUDA
 * library's fault, not the model's exception (innnky/so-vits-svc#109,
 * PlayVoice/lora-svc#32, dev half; torch's CuFFTUtils.h wording). */
Test(verdict_rules, cufft_internal_error_is_cuda_error, .timeout = 60)
{
	expect_cause("cufft", "cuda_error",
		     "Traceback (most recent call last):\n"
		     "  File \"train.py\", line 281, in evaluate\n"
		     "    y_hat_mel = mel_spectrogram_torch(\n"
		     "  File \"/home/user/svc/modules/mel_processing.py\", line 104, in mel_spectrogram_torch\n"
		     "    spec = torch.stft(y, n_fft, hop_length=hop_size, win_length=win_size, window=hann_window[wnsize_dtype_device],\n"
		     "  File \"/usr/local/lib/python3.10/site-packages/torch/functional.py\", line 632, in stft\n"
		     "    return _VF.stft(input, n_fft, hop_length, win_length, window,  # type: ignore[attr-defined]\n"
		     "RuntimeError: cuFFT error: CUFFT_INTERNAL_ERROR\n");
}
