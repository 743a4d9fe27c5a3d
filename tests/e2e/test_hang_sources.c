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

static json_t *analyze_text(const char *name, const char *text)
{
	struct fl_session t;
	fl_session_init(&t, name);
	char *log = fl_session_path(&t, "job.log");
	cr_assert(fl_test_write(log, text, strlen(text)));
	json_t *r = fl_session_analyze(&t, log, "--no-keep", NULL);
	free(log);
	fl_session_release(&t);
	return r;
}

static json_t *hang_of(json_t *r)
{
	json_t *h = json_object_get(json_object_get(r, "verdict"), "hang");
	cr_assert(json_is_object(h), "a hang point");
	return h;
}

static const char *str_of(json_t *o, const char *key)
{
	return json_string_value(json_object_get(o, key));
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
	json_t *r = analyze_text("watchdog_alone", SEVEN_WAIT);
	json_t *h = hang_of(r);
	cr_expect_str_eq(str_of(h, "source"), "watchdog");
	cr_expect_eq(json_array_size(json_object_get(h, "conflicts")), 0);
	char stuck[64];
	ranks_of(json_object_get(h, "stuck_ranks"), stuck, sizeof(stuck));
	cr_expect_str_eq(stuck, "2");
	json_decref(r);
}

/* RAS compared every rank's launch count: it decides, and names rank 2
 * as the watchdogs do by its silence. The seq in c10d's count and the
 * timeout come from the watchdogs, which name the same collective. */
Test(hang_sources, ras_decides_and_watchdog_fills_in, .timeout = 60)
{
	json_t *r = analyze_text("ras_agrees", SEVEN_WAIT RAS_ONE_BEHIND(2));
	json_t *h = hang_of(r);
	cr_expect_str_eq(str_of(h, "source"), "nccl_ras");
	cr_expect_str_eq(str_of(h, "collective"), "ALLREDUCE");
	cr_expect_eq(json_integer_value(json_object_get(h, "seq")), 808, "c10d's seq, not NCCL's count");
	cr_expect_eq(json_integer_value(json_object_get(h, "timeout_ms")), 600000);
	char stuck[64];
	ranks_of(json_object_get(h, "stuck_ranks"), stuck, sizeof(stuck));
	cr_expect_str_eq(stuck, "2");
	cr_expect_eq(json_array_size(json_object_get(h, "conflicts")), 0, "the sources agree");
	json_decref(r);
}

/* RAS says rank 5 is behind, but rank 5's watchdog reported waiting and
 * rank 2 is the silent one: RAS still decides, and the report shows what
 * the watchdogs said instead. */
Test(hang_sources, disagreeing_sources_are_a_conflict, .timeout = 60)
{
	json_t *r = analyze_text("ras_disagrees", SEVEN_WAIT RAS_ONE_BEHIND(5));
	json_t *h = hang_of(r);
	cr_expect_str_eq(str_of(h, "source"), "nccl_ras");
	char stuck[64];
	ranks_of(json_object_get(h, "stuck_ranks"), stuck, sizeof(stuck));
	cr_expect_str_eq(stuck, "5");
	json_t *c = json_object_get(h, "conflicts");
	cr_assert_eq(json_array_size(c), 1);
	json_t *x = json_array_get(c, 0);
	cr_expect_str_eq(str_of(x, "source"), "watchdog");
	cr_expect_str_eq(str_of(x, "field"), "stuck_ranks");
	cr_expect_str_eq(str_of(x, "value"), "2");
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
	json_t *r = analyze_text("desync_real", log);
	json_t *h = hang_of(r);
	cr_expect_str_eq(str_of(h, "source"), "desync_debug");
	cr_expect_str_eq(str_of(h, "collective"), "ALLREDUCE");
	cr_expect_eq(json_integer_value(json_object_get(h, "seq")), 1155874);
	char stuck[64];
	ranks_of(json_object_get(h, "stuck_ranks"), stuck, sizeof(stuck));
	cr_expect_str_eq(stuck, "1");
	cr_expect_eq(json_array_size(json_object_get(h, "conflicts")), 0);
	json_decref(r);
}
