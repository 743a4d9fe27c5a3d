/* SPDX-License-Identifier: MIT */
/*
 * test_world.c - the stated world size and the silent ranks in reports.
 *
 * world_stated() decides which statement of the job's size counts;
 * fl_report_silent() and the renderers show the ranks of that world that
 * left no line. The end-to-end proof is scenario 25-silent-rank-hang.
 */
#include <criterion/criterion.h>
#include <string.h>

#include "analyze/analyze_int.h"
#include "report/report_int.h"

Test(world, the_larger_statement_is_the_world)
{
	cr_expect_eq(world_stated(16, -1, 14), 16);
	cr_expect_eq(world_stated(-1, 16, 3), 16, "launcher arguments alone state it");
	cr_expect_eq(world_stated(8, 16, 15), 16, "a sub-communicator's nranks is smaller");
}

Test(world, a_rank_beyond_the_statement_refutes_it)
{
	cr_expect_eq(world_stated(8, -1, 12), -1);
	cr_expect_eq(world_stated(16, -1, 16), -1, "ranks count from 0");
}

Test(world, nothing_stated_is_unknown)
{
	cr_expect_eq(world_stated(-1, -1, 7), -1);
	cr_expect_eq(world_stated(0, 0, -1), -1);
}

static struct fl_rank_state rank_state(int64_t rank, const char *state)
{
	return (struct fl_rank_state){ .rank = rank, .local_rank = -1, .state = state,
				       .first_error_ts = FL_TIME_NONE, .last_ts = FL_TIME_NONE,
				       .last_seq = -1 };
}

/* 12 ranks, 4 seen: silent 1, 3-5, 7-10 (0, 2, 6, 11 logged). */
static void twelve(struct fl_analysis *a, struct fl_rank_state *r)
{
	static const char *const states[] = { "waiting", "silent", "waiting", "silent",
					      "silent",	 "silent", "waiting", "silent",
					      "silent",	 "silent", "silent",  "waiting" };
	for (int i = 0; i < 12; i++)
		r[i] = rank_state(i, states[i]);
	memset(a, 0, sizeof(*a));
	a->ranks = r;
	a->nranks_state = 12;
	a->nranks = 12;
	a->nranks_seen = 4;
	a->status = "hung";
	a->bundle = "b";
	a->sha256 = "00";
	a->signature = "s";
	a->summary = "x";
	a->likely.id = "collective_hang";
	a->likely.confidence = "low";
	a->hang.seq = a->hang.timeout_ms = -1;
	a->first.rank = -1;
}

Test(world, silent_ranks_are_listed_as_ranges)
{
	struct fl_analysis a;
	struct fl_rank_state r[12];
	twelve(&a, r);
	struct fl_buf b = FL_BUF_INIT;
	cr_assert_eq(fl_report_silent(&b, &a), 8);
	cr_expect_str_eq(b.ptr, "1, 3-5, 7-10");
	fl_buf_release(&b);
}

Test(world, every_format_says_world_seen_and_silent)
{
	struct fl_analysis a;
	struct fl_rank_state r[12];
	twelve(&a, r);
	static const struct { int fmt; const char *a, *b; } want[] = {
		{ FL_FMT_TEXT, "12 ranks (4 seen)", "silent ranks (no line at all): 1, 3-5, 7-10" },
		{ FL_FMT_MD, "12 ranks, 4 seen", "Silent ranks" },
		{ FL_FMT_HTML, "12 ranks, 4 seen", "1, 3-5, 7-10" },
		{ FL_FMT_JSON, "\"ranks\":12,\"ranks_seen\":4", "\"state\":\"silent\"" },
	};
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		struct fl_buf out = FL_BUF_INIT;
		struct fl_report_opts o = { .format = want[i].fmt };
		fl_report_render(&a, &o, &out);
		cr_expect(strstr(out.ptr, want[i].a), "format %d lacks %s", want[i].fmt, want[i].a);
		cr_expect(strstr(out.ptr, want[i].b), "format %d lacks %s", want[i].fmt, want[i].b);
		fl_buf_release(&out);
	}
}
