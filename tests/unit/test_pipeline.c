/* SPDX-License-Identifier: MIT */
/*
 * test_pipeline.c - the ingest's threads (src/pipeline/reader.c, scan.c,
 * handoff.c): members and lines arrive in order, attributed and
 * prefiltered, and a consumer that gives up stops both threads.
 */
#include <criterion/criterion.h>

#include <stdlib.h>
#include <string.h>

#include "faultline/extract.h"
#include "pipeline/pipeline_int.h"

#define SCEN FL_TESTDATA_DIR "/scenarios"

static struct fl_patterns *pats;

static void setup(void)
{
	struct fl_err err = { 0 };
	const char *dirs[] = { FL_SOURCE_DIR "/patterns" };
	cr_assert_eq(fl_patterns_load(&pats, dirs, 1, &err), FL_OK, "%s", err.msg);
}

static void teardown(void)
{
	fl_patterns_free(pats);
}

TestSuite(pipeline, .init = setup, .fini = teardown, .timeout = 60);

struct stages {
	struct fl_ingest_opts io;
	struct fl_ingest_stats stats;
	struct fl_attr_bundle bundle;
	struct reader *r;
	struct scanner *sc;
};

static void start(struct stages *s, const char *bundle)
{
	memset(s, 0, sizeof(*s));
	fl_ingest_opts_init(&s->io);
	struct fl_err err = { 0 };
	s->r = reader_start(bundle, &s->io, &s->stats, &err);
	cr_assert_not_null(s->r, "%s", err.msg);
	s->sc = scanner_start(s->r, pats, &s->bundle, s->io.max_line, &err);
	cr_assert_not_null(s->sc, "%s", err.msg);
}

static int finish(struct stages *s)
{
	scanner_join(s->sc);
	struct fl_err err = { 0 };
	return reader_join(s->r, &err);
}

Test(pipeline, members_and_lines_arrive_in_order)
{
	struct stages s;
	start(&s, SCEN "/01-gpu-oom/bundle");
	struct batch *b;
	bool open = false;
	uint64_t next_line = 1, members = 0, oom_lines = 0, oom_found = 0;
	while ((b = scanner_next(s.sc))) {
		switch (b->type) {
		case B_BEGIN:
			cr_expect(!open, "%s begins inside another member", b->path);
			open = true;
			next_line = 1;
			members++;
			break;
		case B_LINES:
			cr_expect(open, "lines outside a member");
			for (size_t i = 0; i < b->nlines; i++) {
				struct fl_line l;
				struct fl_attr a;
				const struct fl_found_cap *caps;
				size_t ncap;
				int32_t pat = batch_line(b, i, &l, &a, &caps, &ncap);
				for (size_t k = 0; k < ncap; k++)
					cr_expect_leq(caps[k].off + caps[k].len, a.body_len,
						      "a capture lies in its line's body");
				cr_expect_eq(l.lineno, next_line, "line numbers in order");
				next_line = l.lineno + 1;
				cr_expect(a.body >= l.ptr && a.body + a.body_len <= l.ptr + l.len);
				static const char oom[] = "torch.cuda.OutOfMemoryError: CUDA out of memory";
				if (a.body_len > sizeof(oom) && !memcmp(a.body, oom, sizeof(oom) - 1)) {
					oom_lines++;
					oom_found += pat >= 0 && ncap > 0;
				}
			}
			break;
		case B_END:
			cr_expect(open, "%s ends but never began", b->path);
			open = false;
			break;
		case B_SKIPPED:
			break;
		case B_DUMP:
			cr_expect(!open, "a dump inside a member");
			break;
		}
		scanner_done_with(s.sc);
	}
	cr_expect_eq(finish(&s), FL_OK);
	cr_expect(!open);
	cr_expect_gt(members, 10);
	cr_expect_gt(oom_lines, 0);
	cr_expect_eq(oom_found, oom_lines, "a pattern with captures is found on every OOM line");
}

/* The consumer fails after two batches: both threads stop and are joined,
 * whatever they were doing (the test's timeout catches a hang). */
Test(pipeline, a_consumer_that_gives_up_stops_both_threads)
{
	struct stages s;
	start(&s, SCEN "/17-large/bundle");
	struct batch *b;
	size_t seen = 0;
	while ((b = scanner_next(s.sc))) {
		if (++seen == 2)
			scanner_cancel(s.sc);
		scanner_done_with(s.sc);
	}
	int rc = finish(&s);
	cr_expect(rc == FL_ECANCEL || rc == FL_OK, "rc %d", rc);
	cr_expect_lt(seen, 64, "the scanner stopped producing (%zu batches)", seen);
}
