/* SPDX-License-Identifier: MIT */
/*
 * test_hostile.c - decompression bombs are refused early, honest bundles
 * never, and each limit on hostile input can be changed by its flag
 * (docs/commands/analyze.md, docs/internals/ingest.md).
 *
 * make_bombs.sh builds the bombs at test time. A bomb must be refused
 * with one line and exit 1, leave no run in the store, and cost under 2 s
 * of CPU: CPU rather than wall time, because the test machine is shared
 * and wall time measures the neighbours. Under the sanitizers every byte
 * costs several times more, so the bound is looser there.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "fl_test.h"

#define BOMBS FL_TEST_OUT "/bombs"
#define SHAPES FL_TEST_OUT "/shapes"
#ifdef FL_TEST_SANITIZED
#define BOMB_CPU_S 20.0
#else
#define BOMB_CPU_S 2.0
#endif

struct outcome {
	int rc;
	int err_lines;
	char err[1024]; /* the first line of stderr */
	double cpu_s;   /* user + system time of the run */
	int runs;       /* runs in the store afterwards */
};

static double children_cpu(void)
{
	struct rusage ru;
	getrusage(RUSAGE_CHILDREN, &ru);
	return (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 +
	       (double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
}

static int count_runs(struct fl_session *t)
{
	if (fl_session_run(t, "sql", "SELECT count(*) FROM runs", "--db", t->db, NULL) != 0)
		return -1;
	/* the one number in the output, header or not */
	for (const char *p = t->out; *p; p++)
		if (*p >= '0' && *p <= '9')
			return atoi(p);
	return -1;
}

/* Runs `analyze BUNDLE --no-keep EXTRA...` on a fresh store. */
static struct outcome analyze(const char *bundle, const char *const *extra)
{
	struct outcome o;
	memset(&o, 0, sizeof(o));
	struct fl_session t;
	fl_session_init(&t, "hostile");
	const char *args[32] = { "analyze", bundle, "--db", t.db, "--no-keep", "--format", "json" };
	size_t n = 7;
	for (size_t i = 0; extra && extra[i]; i++)
		args[n++] = extra[i];
	args[n] = NULL;
	double t0 = children_cpu();
	o.rc = fl_session_runv(&t, args);
	o.cpu_s = children_cpu() - t0;
	o.err_lines = fl_session_err_lines(&t);
	snprintf(o.err, sizeof(o.err), "%.*s", (int)strcspn(t.err, "\n"), t.err);
	o.runs = count_runs(&t);
	fl_test_remove_tree(t.dir);
	fl_session_release(&t);
	return o;
}

static void expect_refused(const char *bundle, const char *why)
{
	struct outcome o = analyze(bundle, NULL);
	cr_expect_eq(o.rc, 1, "%s: exit %d", bundle, o.rc);
	cr_expect_eq(o.err_lines, 1, "%s: %d lines on stderr", bundle, o.err_lines);
	cr_expect(strstr(o.err, why), "%s: '%s' does not say '%s'", bundle, o.err, why);
	cr_expect_lt(o.cpu_s, BOMB_CPU_S, "%s: refused after %.2f s of CPU", bundle, o.cpu_s);
	cr_expect_eq(o.runs, 0, "%s: the store holds %d runs", bundle, o.runs);
}

Test(hostile, nested_zip_bomb_is_refused_early, .timeout = 120)
{
	expect_refused(BOMBS "/zip-bomb.zip", "decompression bomb (--max-ratio)");
}

Test(hostile, nested_gzip_bomb_is_refused_early, .timeout = 120)
{
	expect_refused(BOMBS "/gzip-bomb.tgz", "decompression bomb (--max-ratio)");
}

/* The core files are never handed out as text: libarchive inflates them
 * only to skip them, and that is charged too. */
Test(hostile, bomb_of_skipped_binaries_is_refused_early, .timeout = 120)
{
	expect_refused(BOMBS "/binary-bomb.tgz", "decompression bomb (--max-ratio)");
}

Test(hostile, honest_compressible_bundle_is_read, .timeout = 300)
{
	struct outcome o = analyze(BOMBS "/honest.tar.zst", NULL);
	cr_expect_eq(o.rc, 0, "refused: %s", o.err);
	cr_expect_eq(o.runs, 1);
}

Test(hostile, each_limit_has_a_flag, .timeout = 120)
{
	static const char *const members[] = { "--max-members", "3", NULL };
	struct outcome o = analyze(SHAPES "/job.tar", members);
	cr_expect_eq(o.rc, 1);
	cr_expect(strstr(o.err, "more than 3 members (--max-members)"), "%s", o.err);
	cr_expect_eq(o.runs, 0);

	static const char *const bytes[] = { "--max-bytes", "64K", NULL };
	o = analyze(SHAPES "/job.tar.gz", bytes);
	cr_expect_eq(o.rc, 1);
	cr_expect(strstr(o.err, "more than 65536 bytes (--max-bytes)"), "%s", o.err);

	/* 01-gpu-oom unpacks about 10 times; a ratio of 2 refuses it once
	 * the floor is passed, which this small bundle never is. */
	static const char *const ratio[] = { "--max-ratio", "2", NULL };
	o = analyze(SHAPES "/job.tar.gz", ratio);
	cr_expect_eq(o.rc, 0, "%s", o.err);

	/* every node is a tar.gz inside the zip: too deep at depth 0 */
	static const char *const depth[] = { "--max-depth", "0", NULL };
	o = analyze(SHAPES "/nodes.zip", depth);
	cr_expect_eq(o.rc, 1);
	cr_expect(strstr(o.err, "holds no readable log text"), "%s", o.err);

	static const char *const line[] = { "--max-line", "80", NULL };
	o = analyze(SHAPES "/job.tar.zst", line);
	cr_expect_eq(o.rc, 0, "%s", o.err);
}

Test(hostile, bad_limit_values_are_usage_errors, .timeout = 60)
{
	static const char *const bad[][3] = { { "--max-ratio", "lots", NULL },
					      { "--max-bytes", "12Q", NULL },
					      { "--max-line", "0", NULL },
					      { "--max-members", "-1", NULL },
					      { "--max-bytes", "99999999999T", NULL } };
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct outcome o = analyze(SHAPES "/job.tar", bad[i]);
		cr_expect_eq(o.rc, 2, "%s %s: exit %d", bad[i][0], bad[i][1], o.rc);
		cr_expect_eq(o.err_lines, 1, "%s %s", bad[i][0], bad[i][1]);
	}
}
