/* SPDX-License-Identifier: MIT */
/*
 * test_hang_sources.c - several sources of hang evidence feed one hang
 * point (hang.c, docs/internals/analyze.md): the most specific source
 * decides and is named in verdict.hang.source, fields it lacks come from
 * sources that agree with it, and where another source disagrees the
 * report lists a conflict.
 *
 * The lines are in the formats of the pattern examples: torch 2.4
 * watchdog lines, and the ncclras report text of NCCL's
 * ras/client_support.cc (as in testdata/real/dev/nccl-1911).
 */
#include <criterion/criterion.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fl_test.h"

static json_t *hang_of(json_t *r)
{
	json_t *h = fl_test_verdict(r, "hang");
	cr_assert(json_is_object(h), "a hang point");
	return h;
}

static void ranks_of(json_t *v, char *buf, size_t n)
{
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

/* The hang's stuck ranks are these ("a,b,c"; "" for none). */
static void expect_stuck(json_t *h, const char *stuck)
{
	char got[64];
	ranks_of(json_object_get(h, "stuck_ranks"), got, sizeof(got));
	cr_expect_str_eq(got, stuck, "stuck ranks");
}

/* The hang point's deciding source, collective and stuck ranks ("a,b"). */
static void expect_point(json_t *h, const char *source, const char *collective, const char *stuck)
{
	cr_expect_str_eq(fl_test_str(h, "source"), source);
	cr_expect_str_eq(fl_test_str(h, "collective"), collective);
	expect_stuck(h, stuck);
}

/* Seven of eight ranks time out in ALLREDUCE seq 808; rank 2 says
 * nothing. The world size is Megatron's banner (megatron-lm-1880). */
#define WATCHDOG(r, t) \
	"[rank" #r "]:[E321 02:07:0" #t ".465150152 ProcessGroupNCCL.cpp:607] [Rank " #r "] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=808, OpType=ALLREDUCE, NumelIn=9801523, NumelOut=9801523, Timeout(ms)=600000) ran for 600020 milliseconds before timing out.\n"
#define SEVEN_WAIT \
	"using world size: 8, data-parallel size: 8, context-parallel size: 1, hierarchical context-parallel sizes: None, tensor-model-parallel size: 1, pipeline-model-parallel size: 1\n" \
	WATCHDOG(0, 1) WATCHDOG(1, 1) WATCHDOG(3, 2) WATCHDOG(4, 2) WATCHDOG(5, 3) WATCHDOG(6, 3) WATCHDOG(7, 4)

/* An ncclras report of the job's 8-rank communicator with one rank at a
 * lower AllReduce count than the other seven. */
#define RAS_ONE_BEHIND(r) \
	"#0-0 (fa93daea854b060b) MISMATCH\n" \
	"  Communicator ranks have different AllReduce operation counts\n" \
	"  7 ranks have launched up to operation 809\n" \
	"  Rank " #r " has launched up to operation 808 -- GPU " #r " managed by process 4187" #r " on node gpu-node-03\n"

Test(hang_sources, watchdog_alone_decides, .timeout = 60)
{
	json_t *r = fl_test_analyze("watchdog_alone", SEVEN_WAIT);
	json_t *h = hang_of(r);
	cr_expect_str_eq(fl_test_str(h, "source"), "watchdog");
	cr_expect_eq(json_array_size(json_object_get(h, "conflicts")), 0);
	expect_stuck(h, "2");
	json_decref(r);
}

/* The dump signal's progress numbers of a group in which every rank
 * completed all it enqueued (default_pg at 26403 / 26403) show nothing
 * outstanding there: the hang is the watchdogs' BROADCAST of the tensor
 * parallel group (real lines of a Megatron run's srun log,
 * elena-lyulina/Megatron-LM-Attention-Benchmark's 2340722.err, dev half),
 * not a work after 26403 in which every rank would be stuck. */
Test(hang_sources, idle_group_progress_is_no_hang_point, .timeout = 60)
{
	json_t *r = fl_test_analyze("idle_group",
		" 3: [rank3]:[E522 03:45:48.909569986 ProcessGroupNCCL.cpp:694] [Rank 1] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=805827, OpType=BROADCAST, NumelIn=32768, NumelOut=32768, Timeout(ms)=600000) ran for 600062 milliseconds before timing out.\n"
		" 3: [rank3]:[E522 03:45:48.909691198 ProcessGroupNCCL.cpp:2290] [PG ID 5 PG GUID 94(TENSOR_MODEL_PARALLEL_GROUP) Rank 1]  failure detected by watchdog at work sequence id: 805827 PG status: last enqueued work: 805831, last completed work: 805826\n"
		" 3: [rank3]:[E522 03:45:48.111431815 ProcessGroupNCCL.cpp:1903] [PG ID 0 PG GUID 0(default_pg) Rank 3] Received a dump signal due to a collective timeout from this local rank and we will try our best to dump the debug info. Last enqueued NCCL work: 26403, last completed NCCL work: 26403.This is most likely caused by incorrect usages of collectives, e.g., wrong sizes used across ranks, the order of collectives is not same for all ranks or the scheduled collective, for some reason, didn't run. Additionally, this can be caused by GIL deadlock or other reasons such as network errors or bugs in the communications library (e.g. NCCL), etc. \n"
		" 0: [rank0]:[E522 03:45:49.130575198 ProcessGroupNCCL.cpp:1903] [PG ID 0 PG GUID 0(default_pg) Rank 0] Received a dump signal due to a collective timeout from  rank 51 and we will try our best to dump the debug info. Last enqueued NCCL work: 26403, last completed NCCL work: 26403.This is most likely caused by incorrect usages of collectives, e.g., wrong sizes used across ranks, the order of collectives is not same for all ranks or the scheduled collective, for some reason, didn't run. Additionally, this can be caused by GIL deadlock or other reasons such as network errors or bugs in the communications library (e.g. NCCL), etc. \n"
		"21: [rank21]:[E522 03:45:49.460590927 ProcessGroupNCCL.cpp:1903] [PG ID 0 PG GUID 0(default_pg) Rank 21] Received a dump signal due to a collective timeout from this local rank and we will try our best to dump the debug info. Last enqueued NCCL work: 26403, last completed NCCL work: 26403.This is most likely caused by incorrect usages of collectives, e.g., wrong sizes used across ranks, the order of collectives is not same for all ranks or the scheduled collective, for some reason, didn't run. Additionally, this can be caused by GIL deadlock or other reasons such as network errors or bugs in the communications library (e.g. NCCL), etc. \n"
	);
	json_t *h = hang_of(r);
	cr_expect_str_eq(fl_test_str(h, "source"), "watchdog");
	cr_expect_str_eq(fl_test_str(h, "collective"), "BROADCAST");
	cr_expect_eq(json_integer_value(json_object_get(h, "seq")), 805827);
	json_decref(r);
}

/* RAS compared every rank's launch count: it decides, and names rank 2
 * as the watchdogs do by its silence. The seq in c10d's count and the
 * timeout come from the watchdogs, which name the same collective. */
Test(hang_sources, ras_decides_and_watchdog_fills_in, .timeout = 60)
{
	json_t *r = fl_test_analyze("ras_agrees", SEVEN_WAIT RAS_ONE_BEHIND(2));
	json_t *h = hang_of(r);
	expect_point(h, "nccl_ras", "ALLREDUCE", "2");
	cr_expect_eq(json_integer_value(json_object_get(h, "seq")), 808, "c10d's seq, not NCCL's count");
	cr_expect_eq(json_integer_value(json_object_get(h, "timeout_ms")), 600000);
	cr_expect_eq(json_array_size(json_object_get(h, "conflicts")), 0, "the sources agree");
	json_decref(r);
}

/* RAS says rank 5 is behind, but rank 5's watchdog reported waiting and
 * rank 2 is the silent one: RAS still decides, and the report shows what
 * the watchdogs said instead. */
Test(hang_sources, disagreeing_sources_are_a_conflict, .timeout = 60)
{
	json_t *r = fl_test_analyze("ras_disagrees", SEVEN_WAIT RAS_ONE_BEHIND(5));
	json_t *h = hang_of(r);
	cr_expect_str_eq(fl_test_str(h, "source"), "nccl_ras");
	expect_stuck(h, "5");
	json_t *c = json_object_get(h, "conflicts");
	cr_assert_eq(json_array_size(c), 1);
	json_t *x = json_array_get(c, 0);
	cr_expect_str_eq(fl_test_str(x, "source"), "watchdog");
	cr_expect_str_eq(fl_test_str(x, "field"), "stuck_ranks");
	cr_expect_str_eq(fl_test_str(x, "value"), "2");
	json_decref(r);
}

/* The real lines of NVIDIA/nccl#2213 (torch with TORCH_NCCL_DESYNC_DEBUG,
 * the report pasted without its indentation and header): the desync
 * report names rank 1, which finished seq 1155873 and never joined the
 * next; it decides, and the watchdog's line names the collective. */
Test(hang_sources, desync_report_names_the_lagging_rank, .timeout = 60)
{
	const char *log =
		"[Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1155874, OpType=ALLREDUCE, NumelIn=9445376, NumelOut=9445376, Timeout(ms)=1800000) ran for 1800002 milliseconds before timing out.\n"
		"\n"
		"[1] finished collective #1155873, but didn't join collective #1155874\n";
	json_t *r = fl_test_analyze("desync_real", log);
	json_t *h = hang_of(r);
	expect_point(h, "desync_debug", "ALLREDUCE", "1");
	cr_expect_eq(json_integer_value(json_object_get(h, "seq")), 1155874);
	cr_expect_eq(json_array_size(json_object_get(h, "conflicts")), 0);
	json_decref(r);
}

/* ncclras -f json (NCCL 2.28.7+, ras/client_support.cc's JSON writer): the
 * 4-rank communicator's rank 2 is at AllReduce 1202 while the others
 * are at 1203, and rank 3 never answered (missing_ranks). Both are
 * stuck; the watchdogs name the same collective and give c10d's seq. */
#define RAS_JSON_RANK(r, ar) \
	"        {\n" \
	"          \"rank\": " #r ",\n" \
	"          \"host\": \"10.42.1.11\",\n" \
	"          \"pid\": 5230" #r ",\n" \
	"          \"cuda_dev\": " #r ",\n" \
	"          \"nvml_dev\": " #r ",\n" \
	"          \"status\": {\n" \
	"            \"init_state\": 0,\n" \
	"            \"async_error\": 0,\n" \
	"            \"finalize_called\": false,\n" \
	"            \"destroy_flag\": false,\n" \
	"            \"abort_flag\": false\n" \
	"          },\n" \
	"          \"collective_counts\": {\n" \
	"            \"Broadcast\": 2,\n" \
	"            \"Reduce\": 0,\n" \
	"            \"AllGather\": 0,\n" \
	"            \"ReduceScatter\": 0,\n" \
	"            \"AllReduce\": " #ar "\n" \
	"          }\n" \
	"        }"

Test(hang_sources, ras_json_report, .timeout = 60)
{
	const char *log =
		"[rank0]:[E321 02:07:01.465150152 ProcessGroupNCCL.cpp:607] [Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=9620, OpType=ALLREDUCE, NumelIn=9801523, NumelOut=9801523, Timeout(ms)=600000) ran for 600020 milliseconds before timing out.\n"
		"[rank1]:[E321 02:07:01.465150152 ProcessGroupNCCL.cpp:607] [Rank 1] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=9620, OpType=ALLREDUCE, NumelIn=9801523, NumelOut=9801523, Timeout(ms)=600000) ran for 600020 milliseconds before timing out.\n"
		"{\n"
		"  \"nccl_version\": \"2.29.2\",\n"
		"  \"cuda_runtime_version\": 12090,\n"
		"  \"cuda_driver_version\": 12090,\n"
		"  \"timestamp\": \"2026-03-02 10:14:55\",\n"
		"  \"communicators_count\": 1,\n"
		"  \"communicators\": [\n"
		"    {\n"
		"      \"hash\": \"0x5d1e9a3c7b20f4e1\",\n"
		"      \"secondary_hash\": \"0x9a3c7b20:0x1e5d4f20\",\n"
		"      \"size\": 4,\n"
		"      \"ranks_count\": 3,\n"
		"      \"missing_ranks_count\": 1,\n"
		"      \"ranks\": [\n"
		RAS_JSON_RANK(0, 1203) ",\n" RAS_JSON_RANK(1, 1203) ",\n" RAS_JSON_RANK(2, 1202) "\n"
		"      ],\n"
		"      \"missing_ranks\": [\n"
		"        {\n"
		"          \"rank\": 3,\n"
		"          \"host\": \"10.42.1.11\",\n"
		"          \"pid\": 52303,\n"
		"          \"cuda_dev\": 3,\n"
		"          \"nvml_dev\": 3,\n"
		"          \"status\": {\n"
		"            \"unresponsive\": true,\n"
		"            \"considered_dead\": false\n"
		"          }\n"
		"        }\n"
		"      ]\n"
		"    }\n"
		"  ],\n"
		"  \"ras\": {\n"
		"    \"collection_time_sec\": 5.012,\n"
		"    \"timeouts_count\": 1\n"
		"  }\n"
		"}\n";
	json_t *r = fl_test_analyze("ras_json", log);
	json_t *h = hang_of(r);
	expect_point(h, "nccl_ras", "ALLREDUCE", "2,3");
	cr_expect_eq(json_integer_value(json_object_get(h, "seq")), 9620, "c10d's seq from the watchdogs");
	cr_expect_eq(json_array_size(json_object_get(h, "conflicts")), 0);
	json_decref(r);
}

/* The report of rank 0 in the shape torch 2.4's watchdog logs it
 * (logPrefix(), then TraceUtils.h's retrieveDesyncReport, one item per
 * tab-indented line), as in testdata 45-desync-debug. */
#define DESYNC_HEAD(seq) \
	"[rank0]:[E321 02:07:01.465250152 ProcessGroupNCCL.cpp:1690] [PG 0 (default_pg) Rank 0] \n" \
	"\t - [0] Timeout at collective: ALLREDUCE, #" #seq "\n"

/* Dead: rank 2 never wrote a trace key at all (analyzeMissingRanks). */
Test(hang_sources, desync_dead_rank_never_joined, .timeout = 60)
{
	json_t *r = fl_test_analyze("desync_dead", SEVEN_WAIT DESYNC_HEAD(808)
		"\t - To our best knowledge, ranks [2] are the lagging ranks that caused this timeout. They never joined any collectives\n");
	json_t *h = hang_of(r);
	expect_point(h, "desync_debug", "ALLREDUCE", "2");
	cr_expect_eq(json_integer_value(json_object_get(h, "seq")), 808);
	cr_expect_eq(json_array_size(json_object_get(h, "conflicts")), 0);
	json_decref(r);
}

/* Mismatched: every rank started seq 808 and none finished it, so the
 * lagging list names all eight; the snapshot shows rank 2 started a
 * BROADCAST where the seven others started the ALLREDUCE. Rank 2 is the
 * stuck one, the seven wait (as their watchdogs say: no conflict). */
Test(hang_sources, desync_mismatched_collective, .timeout = 60)
{
	json_t *r = fl_test_analyze("desync_mismatch", SEVEN_WAIT DESYNC_HEAD(808)
		"\t - To our best knowledge, the lagging/dead/mismatched ranks that caused the desync are:\n"
		"\t   - [0, 1, 2, 3, 4, 5, 6, 7] joined but didn't finish collective #808 (count from 1)\n"
		"\t - Snapshot of ranks' latest states:\n"
		"\t   #808 started ranks:\n"
		"\t     [0, 1, 3, 4, 5, 6, 7] started ALLREDUCE\n"
		"\t     [2] started BROADCAST\n");
	json_t *h = hang_of(r);
	cr_expect_str_eq(fl_test_str(h, "source"), "desync_debug");
	cr_expect_str_eq(fl_test_str(h, "collective"), "ALLREDUCE");
	char stuck[64];
	ranks_of(json_object_get(h, "stuck_ranks"), stuck, sizeof(stuck));
	cr_expect_str_eq(stuck, "2", "the mismatched rank, not all that joined");
	cr_expect_eq(json_array_size(json_object_get(h, "conflicts")), 0);
	json_decref(r);
}

/* gloo's monitored barrier: rank 0 names the ranks that never reached it
 * (the lines of QwenAudio/CosyVoice#180, dev half: rank 2 did not
 * arrive, ranks 1 and 3 say they reached the barrier). A barrier, rank 2
 * stuck, the barrier's timeout. With wait_all_ranks the report lists
 * them all (NVIDIA/nccl#849's title). */
Test(hang_sources, monitored_barrier_names_the_missing_ranks, .timeout = 60)
{
	json_t *r = fl_test_analyze("monitored",
		"[E ProcessGroupGloo.cpp:138] Rank 3 successfully reached monitoredBarrier, but received errors while waiting for send/recv from rank 0. Please check rank 0 logs for faulty rank.\n"
		"[E ProcessGroupGloo.cpp:138] [Rank 0]: Rank 2 failed to pass monitoredBarrier in 30000 ms\n"
		"[E ProcessGroupGloo.cpp:138] Rank 1 successfully reached monitoredBarrier, but received errors while waiting for send/recv from rank 0. Please check rank 0 logs for faulty rank.\n");
	json_t *h = hang_of(r);
	expect_point(h, "monitored_barrier", "BARRIER", "2");
	cr_expect_eq(json_integer_value(json_object_get(h, "timeout_ms")), 30000);
	json_decref(r);
	r = fl_test_analyze("monitored_all",
		"RuntimeError: [Rank 0]: Ranks 4, 5, 6, 7 failed to pass monitoredBarrier in 2000000 ms\n");
	expect_point(hang_of(r), "monitored_barrier", "BARRIER", "4,5,6,7");
	json_decref(r);
}

/* An older Horovod's stall report lists, per tensor, the ranks that were
 * ready (horovod/horovod#530, dev half: ranks 0, 1, 3, 4, 5 and 6 ready,
 * rank 2 not), in the log of rank 0, Horovod's coordinator. Ranks 3 and
 * 5, whose lines follow, are among the waiters, not ranks that never
 * arrived. */
Test(hang_sources, horovod_ready_ranks_are_waiters, .timeout = 60)
{
	static const char text[] =
		"Stalled ops: HorovodBroadcast_InceptionV3_Logits_Conv2d_1c_1x1_weights_0 [ready ranks: 5, 6, 3, 1, 4, 0]。\n"
		"HorovodBroadcast_InceptionV3_AuxLogits_Conv2d_2a_5x5_BatchNorm_moving_variance_0 [ready ranks: 5, 6, 3, 1, 4, 0], \n"
		"Fri Sep 28 11:14:00 2018[1,5]<stderr>:INFO:tensorflow:Running local_init_op.\n"
		"Fri Sep 28 11:14:00 2018[1,3]<stderr>:INFO:tensorflow:Running local_init_op.\n";
	json_t *r = fl_test_analyze_file("horovod_ready", "rank0.log", text);
	expect_stuck(hang_of(r), "");
	cr_expect_str_eq(fl_test_cause(r), "collective_hang");
	json_decref(r);
}

/* Horovod 0.13.6-0.16.1 list, per tensor, the ranks that never submitted
 * it (horovod/horovod#1012, behind mpirun's tags of rank 0): rank 1 is
 * stuck. */
Test(hang_sources, horovod_missing_ranks_are_stuck, .timeout = 60)
{
	json_t *r = fl_test_analyze("horovod_missing",
		"[1,0]<stderr>:[2019-04-13 13:56:31.861697: W horovod/common/operations.cc:588] One or more tensors were submitted to be reduced, gathered or broadcasted by subset of ranks and are waiting for remainder of ranks for more than 60 seconds. This may indicate that different ranks are trying to submit different tensors or that only subset of ranks is submitting tensors, which will cause deadlock.\n"
		"[1,0]<stderr>:Stalled ops:HorovodBroadcast_dense_1_bias_0 [missing ranks: 1]\n"
		"[1,0]<stderr>:[2019-04-13 13:56:31.861765: W horovod/common/operations.cc:588] HorovodBroadcast_dense_1_kernel_0 [missing ranks: 1]\n");
	expect_stuck(hang_of(r), "1");
	json_decref(r);
}

/* The Flight Recorder analyzer's report, without the dumps it read: the
 * first collective it found wrong is the hang point. Its "missing ranks"
 * never joined (the report in pytorch/pytorch#140969's test plan). */
Test(hang_sources, fr_report_missing_ranks_are_stuck, .timeout = 60)
{
	json_t *r = fl_test_analyze("fr_report_missing",
		"Not all ranks joining collective: sequence number: 31117\n"
		"internal record id: 31116\n"
		"group info: 0:default_pg\n"
		"collective: nccl:all_reduce\n"
		"missing ranks: {3, 4, 5, 6, 7}\n"
		"input sizes: [[1571911]]\n"
		"output sizes: [[1571911]]\n"
		"world size: 8\n"
		"expected ranks: {0, 1, 2, 3, 4, 5, 6, 7}\n"
		"collective state: scheduled\n"
		"collective stack trace:\n"
		" all_reduce at /packages/fblearner.flow.canary/workflow#link-tree/torch/distributed/distributed_c10d.py:2707\n");
	json_t *h = hang_of(r);
	expect_point(h, "flight_recorder_report", "ALLREDUCE", "3,4,5,6,7");
	cr_expect_eq(json_integer_value(json_object_get(h, "seq")), 31117);
	cr_expect_str_eq(fl_test_str(h, "process_group"), "default_pg");
	cr_expect_str_eq(fl_test_cause(r), "collective_hang");
	json_decref(r);
}

/* A "Culprit rank" is one whose entry differs from the first rank the
 * analyzer read: of two ranks either may be the odd one, so none is named
 * (pytorch/pytorch#151666, dev half); a minority of a larger group is
 * (the message as types.py's MatchInfo formats it, eight ranks). */
Test(hang_sources, fr_report_culprits_when_a_minority, .timeout = 60)
{
	json_t *r = fl_test_analyze("fr_report_two",
		"Collective sequence number: 1487 has errors\n"
		"internal record id: 1486\n"
		"group info: 0:default_pg\n"
		"collective: nccl:all_reduce\n"
		"input sizes: [[40]]\n"
		"output sizes: [[40]]\n"
		"world size: 2\n"
		"expected ranks: {0, 1}\n"
		"collective state: scheduled\n"
		"error msg: Culprit rank 1; Error type: COLLECTIVE_STATE_MISMATCH, Expected state: 'scheduled' does not match found state: 'completed'\n"
		"Collective sequence number: 1488 has errors\n"
		"internal record id: 1487\n");
	json_t *h = hang_of(r);
	expect_point(h, "flight_recorder_report", "ALLREDUCE", "");
	cr_expect_eq(json_integer_value(json_object_get(h, "seq")), 1487);
	json_decref(r);
	r = fl_test_analyze("fr_report_minority",
		"Collective sequence number: 212 has errors\n"
		"group info: 0:default_pg\n"
		"collective: nccl:_allgather_base\n"
		"world size: 8\n"
		"error msg: Culprit rank 5; Error type: SIZE_OR_SYNTAX_MISMATCH, Expected input sizes: '[[1024]]' does not match found input sizes: '[[512]]'\n");
	expect_point(hang_of(r), "flight_recorder_report", "_ALLGATHER_BASE", "5");
	json_decref(r);
}

/* Whether the report has a finding of this id. */
static bool has_finding(json_t *r, const char *id)
{
	size_t i;
	json_t *f;
	json_array_foreach(json_object_get(r, "findings"), i, f)
	if (!strcmp(fl_test_str(f, "id"), id))
		return true;
	return false;
}

static const char *explanation_of(json_t *r)
{
	return fl_test_str(fl_test_verdict(r, "likely_cause"), "explanation");
}

/* A watchdog line of SeqNum 808 in the given collective. */
#define WATCHDOG_OP(r, op) \
	"[rank" #r "]:[E321 02:07:05.465150152 ProcessGroupNCCL.cpp:607] [Rank " #r "] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=808, OpType=" op ", NumelIn=5056, NumelOut=5056, Timeout(ms)=600000) ran for 600026 milliseconds before timing out.\n"

/* The watchdogs alone (the shape of testdata/real/dev/nccl-1409): seven
 * ranks time out in ALLREDUCE seq 808, rank 2 in BROADCAST seq 808 of
 * the same group. Rank 2 called another collective: it is the stuck
 * rank, but it did arrive, so the report says where it went instead of
 * "never arrived", and names the mismatch as a finding, not a straggler. */
Test(hang_sources, watchdog_mismatched_collective, .timeout = 60)
{
	json_t *r = fl_test_analyze("watchdog_mismatch", SEVEN_WAIT WATCHDOG_OP(2, "BROADCAST"));
	json_t *h = hang_of(r);
	expect_point(h, "watchdog", "ALLREDUCE", "2");
	cr_expect(has_finding(r, "collective_mismatch"));
	cr_expect_not(has_finding(r, "straggler"), "rank 2 reached a collective");
	const char *x = explanation_of(r);
	cr_expect(strstr(x, "rank 2 reached that seq in BROADCAST instead"), "%s", x);
	cr_expect_not(strstr(x, "never arrived"), "%s", x);
	json_decref(r);
}

/* Lines that name no process group: rank 3 times out at seq 808 in both
 * ALLREDUCE and ALLGATHER, so those are two groups that share a seq, not
 * a mismatch; silent rank 2 never arrived. */
Test(hang_sources, watchdog_same_seq_in_another_group, .timeout = 60)
{
	json_t *r = fl_test_analyze("watchdog_other_group",
				 SEVEN_WAIT "[E321 02:07:05.465150152 ProcessGroupNCCL.cpp:607] [Rank 3] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=808, OpType=ALLGATHER, NumelIn=5056, NumelOut=40448, Timeout(ms)=600000) ran for 600026 milliseconds before timing out.\n");
	expect_stuck(hang_of(r), "2");
	cr_expect_not(has_finding(r, "collective_mismatch"));
	cr_expect(strstr(explanation_of(r), "rank 2 never arrived"), "%s", explanation_of(r));
	json_decref(r);
}

/* The report of one analysis in every format, as one string each. */
static const char *const FORMATS[] = { "text", "md", "html", "jira", "github", "slack" };
#define NFORMATS (sizeof(FORMATS) / sizeof(FORMATS[0]))

/* BUNDLE (or, when NULL, TEXT written as the session's job.log) analysed
 * once per format. */
static void reports_of(const char *name, const char *bundle, const char *text,
		       char *out[NFORMATS])
{
	struct fl_session t;
	fl_session_init(&t, name);
	char *log = fl_session_path(&t, "job.log");
	if (!bundle) {
		cr_assert(fl_test_write(log, text, strlen(text)));
		bundle = log;
	}
	for (size_t i = 0; i < NFORMATS; i++) {
		char file[64];
		snprintf(file, sizeof(file), "report.%s", FORMATS[i]);
		char *path = fl_session_path(&t, file);
		cr_assert_eq(fl_session_run(&t, "analyze", bundle, "--no-keep", "--db", t.db, "--format",
					    FORMATS[i], "-o", path, NULL),
			     0, "%s: analyze --format %s failed", name, FORMATS[i]);
		out[i] = fl_test_slurp(path, NULL);
		cr_assert(out[i], "%s: no %s report", name, FORMATS[i]);
		free(path);
	}
	free(log);
	fl_session_release(&t);
}

/* The deciding source and a conflict reach every format, not only JSON. */
Test(hang_sources, conflict_in_every_format, .timeout = 120)
{
	char *rep[NFORMATS];
	reports_of("conflict_formats", NULL, SEVEN_WAIT RAS_ONE_BEHIND(5), rep);
	for (size_t i = 0; i < NFORMATS; i++) {
		cr_expect(strstr(rep[i], "decided by"), "%s: the deciding source", FORMATS[i]);
		cr_expect(strstr(rep[i], "says"), "%s: a conflict", FORMATS[i]);
		cr_expect(strstr(rep[i], "watchdog"), "%s: the conflicting source", FORMATS[i]);
		free(rep[i]);
	}
}

/* testdata 49-p2p-unmatched-send: rank 1's send that rank 2 never
 * received, with both ends, in every format. */
Test(hang_sources, p2p_both_ends_in_every_format, .timeout = 120)
{
	char *rep[NFORMATS];
	reports_of("p2p_formats", FL_TESTDATA_DIR "/scenarios/49-p2p-unmatched-send/bundle", NULL, rep);
	for (size_t i = 0; i < NFORMATS; i++) {
		cr_expect(strstr(rep[i], "rank 1 sends to rank 2"), "%s: both ends", FORMATS[i]);
		cr_expect(strstr(rep[i], "decided by"), "%s: the deciding source", FORMATS[i]);
		cr_expect(strstr(rep[i], "p2p"), "%s: p2p_trace decided", FORMATS[i]);
		free(rep[i]);
	}
}

/* NCCL 2.24-2.25's ncclras (ras/client_support.cc of 2.24.3) counts every
 * collective together ("different collective operation counts"): RAS
 * names no collective, and its count is no seq. The watchdogs, which call
 * the same rank stuck, give the collective and c10d's seq. */
Test(hang_sources, ras_text_2_24_one_count, .timeout = 60)
{
	json_t *r = fl_test_analyze("ras_2_24", SEVEN_WAIT
		"#0-0 (fa93daea854b060b) MISMATCH\n"
		"  Communicator ranks have different collective operation counts\n"
		"  7 ranks have launched up to operation 2417\n"
		"  Rank 2 has launched up to operation 2416 -- GPU 2 managed by process 41872 on node gpu-node-03\n");
	json_t *h = hang_of(r);
	cr_expect_str_eq(fl_test_str(h, "source"), "nccl_ras");
	cr_expect_str_eq(fl_test_str(h, "collective"), "ALLREDUCE", "the watchdogs', not \"COLLECTIVE\"");
	cr_expect_eq(json_integer_value(json_object_get(h, "seq")), 808);
	expect_stuck(h, "2");
	cr_expect_eq(json_array_size(json_object_get(h, "conflicts")), 0);
	json_decref(r);
}

/* NCCL 2.24-2.25 list an INCOMPLETE communicator's missing ranks on one
 * line ("The missing ranks: a,b"); 2.26+ give a "Rank N -- ..." line each. */
Test(hang_sources, ras_text_2_24_missing_list, .timeout = 60)
{
	json_t *r = fl_test_analyze("ras_2_24_missing", SEVEN_WAIT
		"#0-0 (8e2f41c05b7d9a63) INCOMPLETE\n"
		"  Missing communicator data from 1 rank\n"
		"  The missing rank: 2\n");
	json_t *h = hang_of(r);
	expect_point(h, "nccl_ras", "ALLREDUCE", "2");
	json_decref(r);
}

/* One ncclras JSON rank, the counts given (NCCL 2.28.7+ jsonWriteRankData). */
#define RAS_JSON_RANK5(r, bc, ag, ar) \
	"        {\n" \
	"          \"rank\": " #r ",\n" \
	"          \"host\": \"10.42.1.12\",\n" \
	"          \"pid\": 6130" #r ",\n" \
	"          \"cuda_dev\": " #r ",\n" \
	"          \"nvml_dev\": " #r ",\n" \
	"          \"status\": {\n" \
	"            \"init_state\": 0,\n" \
	"            \"async_error\": 0,\n" \
	"            \"finalize_called\": false,\n" \
	"            \"destroy_flag\": false,\n" \
	"            \"abort_flag\": false\n" \
	"          },\n" \
	"          \"collective_counts\": {\n" \
	"            \"Broadcast\": " #bc ",\n" \
	"            \"Reduce\": 0,\n" \
	"            \"AllGather\": " #ag ",\n" \
	"            \"ReduceScatter\": 0,\n" \
	"            \"AllReduce\": " #ar "\n" \
	"          }\n" \
	"        }"
#define RAS_JSON_COMM(hash, r0, r1, r2, r3) \
	"    {\n" \
	"      \"hash\": \"" hash "\",\n" \
	"      \"secondary_hash\": \"0x4e1d7a20c9b35f68:0x1b2c3d4e5f607182\",\n" \
	"      \"size\": 4,\n" \
	"      \"ranks_count\": 4,\n" \
	"      \"missing_ranks_count\": 0,\n" \
	"      \"ranks\": [\n" \
	r0 ",\n" r1 ",\n" r2 ",\n" r3 "\n" \
	"      ],\n" \
	"      \"missing_ranks\": [\n" \
	"\n" \
	"      ]\n" \
	"    }"

/* Two communicators: the first is consistent, the second's rank 1 is one
 * AllGather behind. Each communicator's counts are compared on their
 * own: the first's higher AllReduce count does not make the second's
 * ranks stuck, and its ranks do not leak into the second. */
Test(hang_sources, ras_json_per_communicator, .timeout = 60)
{
	const char *log =
		"{\n"
		"  \"nccl_version\": \"2.29.2\",\n"
		"  \"cuda_runtime_version\": 12080,\n"
		"  \"cuda_driver_version\": 12080,\n"
		"  \"timestamp\": \"2026-03-02 10:14:55\",\n"
		"  \"communicators_count\": 2,\n"
		"  \"communicators\": [\n"
		RAS_JSON_COMM("0x9f3b2c1d0e4a5b68", RAS_JSON_RANK5(0, 1, 0, 4810), RAS_JSON_RANK5(1, 1, 0, 4810),
			      RAS_JSON_RANK5(2, 1, 0, 4810), RAS_JSON_RANK5(3, 1, 0, 4810)) ",\n"
		RAS_JSON_COMM("0x2a7c5e9b1f3d4c06", RAS_JSON_RANK5(0, 0, 17, 2), RAS_JSON_RANK5(1, 0, 16, 2),
			      RAS_JSON_RANK5(2, 0, 17, 2), RAS_JSON_RANK5(3, 0, 17, 2)) "\n"
		"  ],\n"
		"  \"ras\": {\n"
		"    \"collection_time_sec\": 0.031,\n"
		"    \"timeouts_count\": 0\n"
		"  }\n"
		"}\n";
	json_t *r = fl_test_analyze("ras_json_comms", log);
	json_t *h = hang_of(r);
	expect_point(h, "nccl_ras", "ALLGATHER", "1");
	cr_expect_eq(json_integer_value(json_object_get(h, "seq")), 17, "NCCL's AllGather count, no c10d seq here");
	json_decref(r);
}
