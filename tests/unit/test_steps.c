/* SPDX-License-Identifier: MIT */
/*
 * test_steps.c - the per-step sums of src/pipeline/steps.c: however they
 * are flushed (all at the end, spilled to a temporary file and merged, or
 * upserted when no temporary file can be made), the stored step_stats
 * rows are the same, and the spill file is written O(n log n) times.
 */
#include <criterion/criterion.h>

#include <math.h>
#include <stdlib.h>

#include "fl_test.h"
#include "pipeline/pipeline_int.h"

static char *g_dir, *g_path;

static void setup(void)
{
	g_dir = fl_test_tmpdir("steps");
	g_path = fl_xasprintf("%s/faultline.db", g_dir);
}

static void teardown(void)
{
	free(g_path);
	free(g_dir);
}

TestSuite(steps, .init = setup, .fini = teardown, .timeout = 60);

/* One file's step lines, from `from` to `to` by `by`. Losses repeat every
 * five steps and across files, so the largest loss of a step is often
 * tied and the line that keeps it depends on the order of the adds. */
static void feed(struct fl_steps *st, int64_t run, int64_t file, int from, int to, int by,
		 int seed)
{
	for (int step = from; by > 0 ? step <= to : step >= to; step += by) {
		struct fl_step_row r = { .run_id = run, .file_id = file, .line = step * 10 + seed };
		r.a = (struct fl_row_attr){ .rank = seed, .local_rank = -1, .pid = -1, .dev = -1,
					    .ts = INT64_C(1764504000000000) + step * 1000 + seed,
					    .uptime = -1 };
		if (step % 11 == 0)
			r.a.ts = FL_TIME_NONE;
		r.has[FL_STEP_STEP] = true;
		r.v[FL_STEP_STEP] = step;
		r.has[FL_STEP_LOSS] = true;
		r.v[FL_STEP_LOSS] = 2.0 + ((step * 7 + seed) % 5) * 0.25;
		if (seed == 2 && step % 17 == 0) {
			r.v[FL_STEP_LOSS] = NAN;
			r.loss_text = "nan";
		}
		r.has[FL_STEP_GRAD_NORM] = step % 3 != 0;
		r.v[FL_STEP_GRAD_NORM] = 0.1 * step + seed / 3.0;
		r.has[FL_STEP_TOKENS_PER_S] = step % 2 != 0;
		r.v[FL_STEP_TOKENS_PER_S] = 10000.0 / (seed + 1) + step;
		cr_assert_eq(steps_add(st, &r), FL_OK, "step %d", step);
	}
	cr_assert_eq(steps_file_end(st), FL_OK);
}

/* The same lines as one run; returns the entries spilled. */
static size_t ingest_run(struct fl_store *s, const char *sha, const struct steps_limits *lim,
			 int64_t *run)
{
	struct fl_run_meta m = { .bundle = sha, .bundle_path = "/data/bundle",
				 .patterns_digest = "0123456789abcdef",
				 .ingested_at = INT64_C(1764504000000000) };
	struct fl_err err = { 0 };
	cr_assert_eq(fl_store_run_begin(s, &m, run, &err), FL_OK, "%s", err.msg);
	struct fl_steps *st = steps_new(s, *run, lim);
	static const struct { int from, to, by; } files[] = {
		{ 1, 200, 1 }, { 1, 200, 1 }, { 150, 260, 1 }, { 1, 50, 1 }, { 30, 60, 1 },
		{ 100, 1, -1 }, { 7, 250, 3 },
	};
	for (int i = 0; i < (int)(sizeof(files) / sizeof(files[0])); i++) {
		char path[32];
		snprintf(path, sizeof(path), "rank%d.log", i);
		struct fl_file_meta fm = { .path = path, .rank = i, .local_rank = -1, .pid = -1,
					   .attempt = -1 };
		int64_t fid;
		cr_assert_eq(fl_store_file_add(s, *run, &fm, &fid), FL_OK, "%s",
			     fl_store_errmsg(s));
		feed(st, *run, fid, files[i].from, files[i].to, files[i].by, i);
	}
	cr_assert_eq(steps_run_end(st), FL_OK, "%s", fl_store_errmsg(s));
	size_t spilled = steps_spilled(st);
	steps_free(st);
	struct fl_run_totals t = { .sha256 = sha, .files = 7, .lines = 1, .bytes = 1 };
	cr_assert_eq(fl_store_run_commit(s, *run, &t, &err), FL_OK, "%s", err.msg);
	return spilled;
}

/* A sum to 12 significant digits: flushes merged by level add up in
 * another grouping than one after the other, as shards' sums do, and
 * the last bits differ (the report's means keep 12 digits for that). */
#define SUM(c) " printf('%%.12g', t." c "_sum)," /* through fl_xasprintf() */

/* Rows of run a that run b does not have, comparing every column but the
 * run and the file ids (each run has its own files: compared by path). */
static int64_t rows_unlike(struct fl_store *s, int64_t a, int64_t b)
{
#define STEP_COLS                                                                              \
	"t.step, t.lines, t.first_ts, t.last_ts, t.loss_n, t.grad_norm_n, t.loss_scale_n,"      \
	" t.lr_n, t.tokens_per_s_n, t.samples_per_s_n, t.tflops_n, t.mfu_n, t.iter_ms_n,"     \
	SUM("loss") SUM("grad_norm") SUM("loss_scale") SUM("lr") SUM("tokens_per_s")          \
	SUM("samples_per_s") SUM("tflops") SUM("mfu") SUM("iter_ms")                           \
	" t.loss_max, f.path, t.loss_max_line"                                                 \
	" FROM step_stats t LEFT JOIN files f ON f.id = t.loss_max_file_id WHERE t.run_id = "
	char *sql = fl_xasprintf("SELECT COUNT(*) FROM (SELECT " STEP_COLS "%lld EXCEPT SELECT "
				 STEP_COLS "%lld)", (long long)a, (long long)b);
#undef STEP_COLS
	int64_t n = fl_test_query_int(s, sql);
	free(sql);
	return n;
}

Test(steps, spilled_merged_and_upserted_sums_are_the_same_rows)
{
	struct fl_store *s;
	struct fl_err err = { 0 };
	cr_assert_eq(fl_store_open(&s, g_path, FL_STORE_CREATE, &err), FL_OK, "%s", err.msg);
	const struct steps_limits tiny = { .stats_max = 8, .merge_max = 3 };
	int64_t whole, spilled, upserted;

	cr_expect_eq(ingest_run(s, "whole", NULL, &whole), 0, "260 steps fit in memory");
	cr_expect_gt(ingest_run(s, "spilled", &tiny, &spilled), 0, "flushes of 8 steps spill");
	char *nowhere = fl_xasprintf("%s/no-such-dir", g_dir);
	setenv("TMPDIR", nowhere, 1);
	cr_expect_eq(ingest_run(s, "upserted", &tiny, &upserted), 0, "no temporary file");
	unsetenv("TMPDIR");
	free(nowhere);

	char *count = fl_xasprintf("SELECT COUNT(*) FROM step_stats WHERE run_id = %lld",
				   (long long)whole);
	cr_expect_eq(fl_test_query_int(s, count), 260);
	free(count);
	count = fl_xasprintf("SELECT SUM(lines) FROM step_stats WHERE run_id = %lld",
			     (long long)whole);
	cr_expect_eq(fl_test_query_int(s, count), 200 + 200 + 111 + 50 + 31 + 100 + 82);
	free(count);
	cr_expect_eq(rows_unlike(s, spilled, whole), 0);
	cr_expect_eq(rows_unlike(s, whole, spilled), 0);
	cr_expect_eq(rows_unlike(s, upserted, whole), 0);
	cr_expect_eq(rows_unlike(s, whole, upserted), 0);
	fl_store_close(s);
}

/* 81 flushes of 8 steps with 3 runs to a merge: each entry is written
 * once as a run and once per level above it (81 = 3^4 runs, 4 levels),
 * not again at every later merge (merging all runs whenever 3 were
 * there rewrote the growing first one each time: 4.3 times as much
 * here, and the more the longer the log). */
Test(steps, spilled_runs_are_merged_by_level)
{
	struct fl_store *s;
	struct fl_err err = { 0 };
	cr_assert_eq(fl_store_open(&s, g_path, FL_STORE_CREATE, &err), FL_OK, "%s", err.msg);
	struct fl_run_meta m = { .bundle = "levels", .bundle_path = "/data/bundle",
				 .patterns_digest = "0123456789abcdef",
				 .ingested_at = INT64_C(1764504000000000) };
	int64_t run, fid;
	cr_assert_eq(fl_store_run_begin(s, &m, &run, &err), FL_OK, "%s", err.msg);
	struct fl_file_meta fm = { .path = "rank0.log", .rank = 0, .local_rank = -1, .pid = -1,
				   .attempt = -1 };
	cr_assert_eq(fl_store_file_add(s, run, &fm, &fid), FL_OK, "%s", fl_store_errmsg(s));
	const struct steps_limits tiny = { .stats_max = 8, .merge_max = 3 };
	struct fl_steps *st = steps_new(s, run, &tiny);
	feed(st, run, fid, 1, 648, 1, 0);
	cr_assert_eq(steps_run_end(st), FL_OK, "%s", fl_store_errmsg(s));
	cr_expect_eq(steps_spilled(st), 648 * 5);
	/* Encoded, an entry of one line with two or three columns takes
	 * a fraction of the 160 bytes of its sums in memory. */
	cr_expect_lt(steps_spilled_bytes(st), steps_spilled(st) * 40, "%zu bytes for %zu entries",
		     steps_spilled_bytes(st), steps_spilled(st));
	steps_free(st);
	char *q = fl_xasprintf("SELECT COUNT(*) FROM step_stats WHERE run_id = %lld AND lines = 1",
			       (long long)run);
	cr_expect_eq(fl_test_query_int(s, q), 648);
	free(q);
	fl_store_close(s);
}

/* Values at the edges of what the spill's encoding holds (differences of
 * a whole int64's range, negative steps, no time, a huge line, sums of
 * -0 and of two numbers near DBL_MAX) come back from it bit for bit. */
Test(steps, extreme_values_survive_the_spill)
{
	static const int64_t steps[] = { -7, 0, 3, INT64_C(1) << 52, INT64_C(1) << 53 };
	static const int64_t stamps[] = { FL_TIME_NONE, INT64_MIN + 1, 0, INT64_MAX, -1 };
	static const double losses[] = { -0.0, 1.7e308, 1e-310, -3.5, 1.7e308 };
	struct fl_store *s;
	struct fl_err err = { 0 };
	cr_assert_eq(fl_store_open(&s, g_path, FL_STORE_CREATE, &err), FL_OK, "%s", err.msg);
	int64_t run[2];
	for (int k = 0; k < 2; k++) {
		struct fl_run_meta m = { .bundle = k ? "spilled" : "whole", .bundle_path = "/b",
					 .patterns_digest = "0123456789abcdef",
					 .ingested_at = INT64_C(1764504000000000) };
		cr_assert_eq(fl_store_run_begin(s, &m, &run[k], &err), FL_OK, "%s", err.msg);
		const struct steps_limits tiny = { .stats_max = 2, .merge_max = 2 };
		struct fl_steps *st = steps_new(s, run[k], k ? &tiny : NULL);
		for (int f = 0; f < 3; f++) {
			struct fl_file_meta fm = { .path = f ? "rank1.log" : "rank0.log", .rank = f,
						   .local_rank = -1, .pid = -1, .attempt = -1 };
			int64_t fid;
			cr_assert_eq(fl_store_file_add(s, run[k], &fm, &fid), FL_OK);
			for (int i = 0; i < 5; i++) {
				struct fl_step_row r = { .run_id = run[k], .file_id = fid,
							 .line = (INT64_C(1) << 40) - i * 977 + f };
				r.a = (struct fl_row_attr){ .rank = f, .local_rank = -1, .pid = -1,
							    .dev = -1, .ts = stamps[(i + f) % 5],
							    .uptime = -1 };
				r.has[FL_STEP_STEP] = r.has[FL_STEP_LOSS] = true;
				r.v[FL_STEP_STEP] = (double)steps[i];
				r.v[FL_STEP_LOSS] = losses[(i + f) % 5];
				r.has[FL_STEP_ITER_MS] = f == 2;
				r.v[FL_STEP_ITER_MS] = -0.0;
				cr_assert_eq(steps_add(st, &r), FL_OK);
			}
			cr_assert_eq(steps_file_end(st), FL_OK);
		}
		cr_assert_eq(steps_run_end(st), FL_OK, "%s", fl_store_errmsg(s));
		cr_expect_eq(steps_spilled(st) > 0, k == 1);
		steps_free(st);
		struct fl_run_totals t = { .sha256 = m.bundle, .files = 3, .lines = 1, .bytes = 1 };
		cr_assert_eq(fl_store_run_commit(s, run[k], &t, &err), FL_OK, "%s", err.msg);
	}
	/* quote() writes a REAL's every bit, where rows_unlike() keeps 12 digits */
#define EXACT_COLS                                                                             \
	"step, lines, first_ts, last_ts, loss_n, iter_ms_n, quote(loss_sum), quote(iter_ms_sum),"  \
	" quote(loss_max), loss_max_line FROM step_stats WHERE run_id = "
	char *q = fl_xasprintf("SELECT COUNT(*) FROM (SELECT " EXACT_COLS "%lld EXCEPT SELECT "
			       EXACT_COLS "%lld)", (long long)run[1], (long long)run[0]);
#undef EXACT_COLS
	cr_expect_eq(fl_test_query_int(s, q), 0);
	free(q);
	q = fl_xasprintf("SELECT COUNT(*) FROM step_stats WHERE run_id = %lld", (long long)run[1]);
	cr_expect_eq(fl_test_query_int(s, q), 5);
	free(q);
	fl_store_close(s);
}
