/* SPDX-License-Identifier: MIT */
/*
 * test_wide.c - a hung job of more ranks than the analysis' fixed share
 * of events: every rank's own failure lines are still read, so every
 * rank that waited is counted and none is mistaken for another state.
 */
#include <criterion/criterion.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fl_test.h"

/* 52,000 ranks print four lines each (208,000 events, more than the
 * 200,000 the analysis loads whatever the ranks): more than that was a
 * report with the last ranks' watchdog lines missing. */
enum { RANKS = 52000, OOM_RANK = 31337, SEQ = 41 };

#define WORK                                                                              \
	"WorkNCCL(SeqNum=%d, OpType=ALLREDUCE, NumelIn=466119168, NumelOut=466119168, "   \
	"Timeout(ms)=600000) ran for 600060 milliseconds before timing out."

/* One rank's teardown as torch >= 2.3 prints it in torchrun's console,
 * each line prefixed with its rank (the watchdog lines as in
 * testdata/real/dev/accelerate-2912-zero3-save-allgather-timeout.log;
 * the terminate and what() lines as the bench's rank files have them). */
static void hung_rank(FILE *fp, int r)
{
	fprintf(fp,
		"[rank%d]:[E1203 14:06:41.424831683 ProcessGroupNCCL.cpp:632] [Rank %d] Watchdog "
		"caught collective operation timeout: " WORK "\n",
		r, r, SEQ);
	fprintf(fp,
		"[rank%d]:[E1203 14:06:41.425931683 ProcessGroupNCCL.cpp:1515] [PG 0 (default_pg) "
		"Rank %d] Process group watchdog thread terminated with exception: [Rank %d] "
		"Watchdog caught collective operation timeout: " WORK "\n",
		r, r, r, SEQ);
	fprintf(fp, "[rank%d]:terminate called after throwing an instance of "
		    "'c10::DistBackendError'\n",
		r);
	fprintf(fp,
		"[rank%d]:  what():  [PG 0 (default_pg) Rank %d] Process group watchdog thread "
		"terminated with exception: [Rank %d] Watchdog caught collective operation "
		"timeout: " WORK "\n",
		r, r, r, SEQ);
}

Test(wide, every_rank_of_a_wide_hang_is_counted, .timeout = 300)
{
	struct fl_session t;
	fl_session_init(&t, "wide");
	char *log;
	FILE *fp = fl_session_create(&t, "job.log", &log);
	for (int r = 0; r < RANKS; r++) {
		if (r != OOM_RANK) {
			hung_rank(fp, r);
			continue;
		}
		fprintf(fp, "[rank%d]:torch.OutOfMemoryError: CUDA out of memory. Tried to "
			    "allocate 3.50 GiB. GPU 1 has a total capacity of 79.11 GiB of which "
			    "1.19 GiB is free.\n",
			r);
	}
	cr_assert_eq(fclose(fp), 0);

	json_t *rep = fl_session_analyze(&t, log, "--no-keep", NULL);
	json_t *verdict = json_object_get(rep, "verdict");
	json_t *hang = json_object_get(verdict, "hang");
	cr_expect_str_eq(json_string_value(json_object_get(hang, "collective")), "ALLREDUCE");
	cr_expect_eq(json_integer_value(json_object_get(hang, "seq")), SEQ);
	json_t *stuck = json_object_get(hang, "stuck_ranks");
	cr_expect_eq(json_array_size(stuck), 1);
	cr_expect_eq(json_integer_value(json_array_get(stuck, 0)), OOM_RANK);

	json_t *ranks = json_object_get(rep, "ranks");
	cr_assert_eq(json_array_size(ranks), RANKS);
	size_t waiting = 0, other = 0, i;
	json_t *r;
	json_array_foreach(ranks, i, r) {
		const char *state = json_string_value(json_object_get(r, "state"));
		if (json_integer_value(json_object_get(r, "rank")) == OOM_RANK)
			cr_expect_str_eq(state, "failed");
		else if (!strcmp(state, "waiting"))
			waiting++;
		else
			other++;
	}
	cr_expect_eq(waiting, RANKS - 1, "%zu ranks waiting, %zu in another state", waiting,
		     other);
	char want[64];
	snprintf(want, sizeof(want), "%d rank(s) waited", RANKS - 1);
	const char *summary = json_string_value(json_object_get(verdict, "summary"));
	cr_expect(strstr(summary, want), "summary: %s", summary);
	json_decref(rep);
	free(log);
	fl_session_release(&t);
}
