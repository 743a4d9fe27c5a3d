/* SPDX-License-Identifier: MIT */
/*
 * test_history.c - the incident-history verbs (runs, ranks, timeline,
 * events, transports, steps, tail, show, sql) through the real binary, on
 * a store built from several scenarios:
 *
 *   ids[0] 01-gpu-oom (directory)       rank 11 runs out of GPU memory; read in
 *                                       place (a directory is not copied)
 *   ids[1] 05-collective-hang           hung
 *   ids[2] 13-slow-transport            NET/Socket between nodes
 *   ids[3] 14-healthy
 *   ids[4] job.tar.gz (01 as a tarball) same failure signature as ids[0]
 *   ids[5] rank.log.gz (one log of 01)  kept as a single compressed file
 *   ids[6] 06-network-error --no-keep   ingested from a copy that is then
 *                                       removed: no bundle to read context from
 *
 * Every test builds its own store (tests run in parallel processes).
 */
#include <criterion/criterion.h>
#include <jansson.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "faultline/util.h"
#include "fl_test.h"

#define SCEN FL_TESTDATA_DIR "/scenarios"
#define SHAPES FL_TEST_OUT "/shapes"
#define OOM_LOG SCEN "/01-gpu-oom/bundle/node2/logs/none_k2x9v1qz/attempt_0/3/stderr.log"
#define NRUNS 7

static struct fl_session S; /* the suite's directory, store and last output */
static int64_t ids[NRUNS];

/* Runs faultline ARGS --db S.db; *out (may be NULL) gets a copy of stdout. */
static int run_args(char **out, const char **args, size_t n)
{
	const char *argv[48];
	size_t k = 0;
	for (; k < n && k < 44; k++)
		argv[k] = args[k];
	argv[k++] = "--db";
	argv[k++] = S.db;
	argv[k] = NULL;
	int rc = fl_session_runv(&S, argv);
	if (out)
		*out = fl_xstrdup(S.out);
	return rc;
}

#define COLLECT(args, n, first)                                                            \
	do {                                                                               \
		va_list ap;                                                                \
		va_start(ap, first);                                                       \
		for (const char *a = first; a && n < 40; a = va_arg(ap, const char *))     \
			args[n++] = a;                                                     \
		va_end(ap);                                                                \
	} while (0)

/* run(&out, "verb", args..., NULL) */
static int run(char **out, const char *first, ...)
{
	const char *args[40];
	size_t n = 0;
	COLLECT(args, n, first);
	return run_args(out, args, n);
}

static int64_t ingest(const char *path, bool keep)
{
	return fl_session_ingest(&S, path, keep ? NULL : "--no-keep");
}

/* Ingests a copy of the directory bundle at path with --no-keep, then
 * removes the copy. */
static int64_t ingest_gone(const char *path)
{
	char copy[4096];
	snprintf(copy, sizeof(copy), "%s/gone", S.dir);
	cr_assert(fl_test_copy_tree(path, copy), "cannot copy %s", path);
	int64_t id = ingest(copy, false);
	cr_assert(fl_test_remove_tree(copy), "cannot remove %s", copy);
	return id;
}

static void setup(void)
{
	fl_session_init(&S, "history");
	ids[0] = ingest(SCEN "/01-gpu-oom/bundle", true);
	ids[1] = ingest(SCEN "/05-collective-hang/bundle", true);
	ids[2] = ingest(SCEN "/13-slow-transport/bundle", true);
	ids[3] = ingest(SCEN "/14-healthy/bundle", true);
	ids[4] = ingest(SHAPES "/job.tar.gz", true);
	ids[5] = ingest(SHAPES "/rank.log.gz", true);
	ids[6] = ingest_gone(SCEN "/06-network-error/bundle");
}

static void teardown(void)
{
	fl_session_release(&S);
}

TestSuite(history, .init = setup, .fini = teardown, .timeout = 120);

static const char *id_str(int64_t id)
{
	static char buf[8][32];
	static int k;
	k = (k + 1) % 8;
	snprintf(buf[k], sizeof(buf[k]), "%lld", (long long)id);
	return buf[k];
}

/* Runs a listing verb with --format json and returns the parsed array. */
#define JSON(...) json_run(__VA_ARGS__, "--format", "json", NULL)
static json_t *json_run(const char *first, ...)
{
	const char *args[40];
	size_t n = 0;
	COLLECT(args, n, first);
	char *out = NULL;
	int rc = run_args(&out, args, n);
	cr_assert_eq(rc, 0, "%s: exit %d: %s", first, rc, S.err ? S.err : "");
	json_error_t jerr;
	json_t *j = json_loads(out ? out : "", 0, &jerr);
	cr_assert(j, "%s: output is not JSON (%s): %s", first, jerr.text, out ? out : "");
	free(out);
	return j;
}

static int64_t int_of(json_t *row, const char *key)
{
	json_t *v = json_object_get(row, key);
	return json_is_integer(v) ? (int64_t)json_integer_value(v) : -1;
}

static const char *str_of(json_t *row, const char *key)
{
	const char *s = json_string_value(json_object_get(row, key));
	return s ? s : "";
}

static bool has_id(json_t *rows, int64_t id)
{
	size_t i;
	json_t *r;
	json_array_foreach(rows, i, r)
		if (int_of(r, "id") == id)
			return true;
	return false;
}

static size_t count_lines(const char *s)
{
	size_t n = 0;
	for (; s && *s; s++)
		n += *s == '\n';
	return n;
}

/* Line n (1-based) of a file, without its newline; caller frees. */
static char *file_line(const char *path, int64_t n)
{
	char *all = fl_test_slurp(path, NULL);
	cr_assert(all, "cannot read %s", path);
	char *p = all;
	for (int64_t k = 1; k < n && p; k++) {
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	cr_assert(p, "%s has no line %lld", path, (long long)n);
	char *line = strndup(p, strcspn(p, "\n"));
	free(all);
	return line;
}

static int64_t last_line_no(const char *path)
{
	char *all = fl_test_slurp(path, NULL);
	size_t len = strlen(all);
	int64_t n = (int64_t)count_lines(all) + (len && all[len - 1] != '\n');
	free(all);
	return n;
}

/* ---- runs ---- */

Test(history, runs_lists_newest_first)
{
	json_t *rows = JSON("runs");
	cr_assert_eq(json_array_size(rows), NRUNS);
	for (size_t i = 0; i < NRUNS; i++)
		cr_expect_eq(int_of(json_array_get(rows, i), "id"), ids[NRUNS - 1 - i],
			     "row %zu is run %lld", i, (long long)int_of(json_array_get(rows, i), "id"));
	json_t *first = json_array_get(rows, NRUNS - 1);
	cr_expect_str_eq(str_of(first, "status"), "failed");
	cr_expect_str_eq(str_of(first, "cause"), "gpu_oom");
	cr_expect_eq(int_of(first, "first_rank"), 11);
	cr_expect_str_eq(str_of(first, "first_host"), "node2");
	cr_expect_eq(strlen(str_of(first, "signature")), 12);
	json_decref(rows);
}

Test(history, runs_filter_by_cause_and_status)
{
	json_t *rows = JSON("runs", "--cause", "gpu_oom");
	size_t i;
	json_t *r;
	cr_expect(has_id(rows, ids[0]) && has_id(rows, ids[4]));
	cr_expect(!has_id(rows, ids[1]) && !has_id(rows, ids[3]));
	json_array_foreach(rows, i, r)
		cr_expect_str_eq(str_of(r, "cause"), "gpu_oom");
	json_decref(rows);
	rows = JSON("runs", "--status", "hung");
	cr_expect_eq(json_array_size(rows), 1);
	cr_expect_eq(int_of(json_array_get(rows, 0), "id"), ids[1]);
	json_decref(rows);
	rows = JSON("runs", "--status", "healthy");
	cr_expect_eq(json_array_size(rows), 1);
	cr_expect_eq(int_of(json_array_get(rows, 0), "id"), ids[3]);
	json_decref(rows);
}

Test(history, runs_filter_by_signature)
{
	json_t *all = JSON("runs");
	const char *sig = NULL;
	size_t i;
	json_t *r;
	json_array_foreach(all, i, r)
		if (int_of(r, "id") == ids[0])
			sig = str_of(r, "signature");
	cr_assert(sig && *sig);
	json_t *rows = JSON("runs", "--signature", sig);
	cr_expect(has_id(rows, ids[0]) && has_id(rows, ids[4]),
		  "the same job as a directory and as a tarball share a signature");
	cr_expect(!has_id(rows, ids[1]) && !has_id(rows, ids[2]));
	json_array_foreach(rows, i, r)
		cr_expect_str_eq(str_of(r, "signature"), sig);
	json_decref(rows);
	json_decref(all);
}

Test(history, runs_filter_by_host)
{
	json_t *rows = JSON("runs", "--host", "node-1");
	cr_expect_eq(json_array_size(rows), 1);
	cr_expect_eq(int_of(json_array_get(rows, 0), "id"), ids[2]);
	json_decref(rows);
	rows = JSON("runs", "--host", "node2");
	cr_expect(has_id(rows, ids[0]) && has_id(rows, ids[4]));
	cr_expect(!has_id(rows, ids[2]) && !has_id(rows, ids[1]));
	json_decref(rows);
	rows = JSON("runs", "--host", "no-such-host");
	cr_expect_eq(json_array_size(rows), 0);
	json_decref(rows);
}

Test(history, runs_filter_by_age_and_limit)
{
	json_t *rows = JSON("runs", "--since", "1h");
	cr_expect_eq(json_array_size(rows), NRUNS, "everything was ingested just now");
	json_decref(rows);
	rows = JSON("runs", "--since", "2000-01-01");
	cr_expect_eq(json_array_size(rows), NRUNS);
	json_decref(rows);
	rows = JSON("runs", "--since", "2999-01-01T00:00:00Z");
	cr_expect_eq(json_array_size(rows), 0);
	json_decref(rows);
	rows = JSON("runs", "--limit", "2");
	cr_expect_eq(json_array_size(rows), 2);
	cr_expect_eq(int_of(json_array_get(rows, 0), "id"), ids[NRUNS - 1]);
	cr_expect_eq(int_of(json_array_get(rows, 1), "id"), ids[NRUNS - 2]);
	json_decref(rows);
	cr_expect_eq(run(NULL, "runs", "--since", "7x", NULL), 2);
	cr_expect(S.err && strstr(S.err, "--since") && count_lines(S.err) == 1);
	cr_expect_eq(run(NULL, "runs", "--limit", "many", NULL), 2);
	cr_expect_eq(run(NULL, "runs", "--format", "xml", NULL), 2);
}

Test(history, runs_csv_and_text)
{
	char *out = NULL;
	cr_assert_eq(run(&out, "runs", "--format", "csv", NULL), 0);
	cr_expect(!strncmp(out, "id,ingested,bundle,ranks,hosts,status,cause,first_rank,first_host,"
			   "signature\r\n", 76), "csv header: %s", out);
	cr_expect_eq(count_lines(out), NRUNS + 1);
	const char *second = strstr(out, "\r\n") + 2;
	cr_expect_eq(strtoll(second, NULL, 10), ids[NRUNS - 1]);
	free(out);
	cr_assert_eq(run(&out, "runs", NULL), 0);
	cr_expect(!strncmp(out, "id  ", 4), "a pipe gets a plain header: %s", out);
	cr_expect(!strchr(out, '\x1b'), "no colour on a pipe");
	cr_expect_eq(count_lines(out), NRUNS + 1);
	free(out);
}

/* ---- ranks, timeline ---- */

Test(history, ranks_show_the_failing_rank)
{
	json_t *rows = JSON("ranks", id_str(ids[0]));
	cr_assert_eq(json_array_size(rows), 16);
	size_t i;
	json_t *r;
	json_array_foreach(rows, i, r) {
		cr_expect_eq(int_of(r, "rank"), (int64_t)i, "one row per rank, in order");
		bool failing = int_of(r, "rank") == 11;
		cr_expect_eq(!strcmp(str_of(r, "state"), "failed"), failing, "rank %zu state %s", i,
			     str_of(r, "state"));
		cr_expect(json_object_get(r, "last_active") && json_object_get(r, "last_seq"));
	}
	json_t *r11 = json_array_get(rows, 11);
	cr_expect_str_eq(str_of(r11, "host"), "node2");
	cr_expect_eq(int_of(r11, "local_rank"), 3);
	cr_expect(strstr(str_of(r11, "first_error"), "mem.cuda_oom"), "first error: %s",
		  str_of(r11, "first_error"));
	cr_expect_gt(int_of(r11, "lines"), 0);
	json_decref(rows);
	char *out = NULL;
	cr_assert_eq(run(&out, "ranks", "last", "--format", "csv", NULL), 0);
	cr_expect(!strncmp(out, "rank,host,local_rank,state,first_error,last_active,last_seq,lines\r\n",
			   66), "%s", out);
	free(out);
	cr_expect_eq(run(NULL, "ranks", "999", NULL), 1);
	cr_expect(S.err && strstr(S.err, "no run 999") && count_lines(S.err) == 1);
}

static void expect_time_ordered(json_t *rows, const char *what)
{
	const char *prev = NULL;
	size_t i;
	json_t *r;
	json_array_foreach(rows, i, r) {
		const char *t = json_string_value(json_object_get(r, "time"));
		if (!t) {
			prev = "~"; /* untimed events come last */
			continue;
		}
		cr_expect(!prev || strcmp(prev, t) <= 0, "%s: %s after %s", what, t, prev);
		prev = t;
	}
}

Test(history, timeline_is_ordered_and_filtered)
{
	json_t *rows = JSON("timeline", id_str(ids[0]), "-n", "10");
	cr_assert_gt(json_array_size(rows), 0);
	cr_expect_leq(json_array_size(rows), 10);
	expect_time_ordered(rows, "01");
	size_t i;
	json_t *r;
	json_array_foreach(rows, i, r)
		cr_expect(strcmp(str_of(r, "severity"), "info"), "default is warning and worse");
	json_decref(rows);
	rows = JSON("timeline", id_str(ids[0]), "-n", "0", "--severity", "info");
	json_t *warn = JSON("timeline", id_str(ids[0]), "-n", "0");
	cr_expect_gt(json_array_size(rows), json_array_size(warn));
	expect_time_ordered(rows, "01 all");
	json_decref(warn);
	json_decref(rows);
	rows = JSON("timeline", id_str(ids[1]), "--severity", "error");
	cr_assert_gt(json_array_size(rows), 0);
	json_array_foreach(rows, i, r)
		cr_expect(!strcmp(str_of(r, "severity"), "error") ||
			  !strcmp(str_of(r, "severity"), "fatal"));
	json_decref(rows);
}

/* 15-clock-skew: node01 runs 45 s behind, node02 45 s ahead; the timeline
 * orders by corrected time, so some of its times differ from the logged ones. */
Test(history, timeline_corrects_host_clocks)
{
	int64_t skew = ingest(SCEN "/15-clock-skew/bundle", true);
	json_t *tl = JSON("timeline", id_str(skew), "-n", "0");
	json_t *ev = JSON("events", id_str(skew), "--severity", "warning");
	cr_assert_gt(json_array_size(tl), 0);
	expect_time_ordered(tl, "15");
	size_t i, k, moved = 0;
	json_t *t, *e;
	json_array_foreach(tl, i, t) {
		json_array_foreach(ev, k, e) {
			if (int_of(e, "id") != int_of(t, "id"))
				continue;
			const char *a = json_string_value(json_object_get(t, "time"));
			const char *b = json_string_value(json_object_get(e, "time"));
			moved += a && b && strcmp(a, b);
		}
	}
	cr_expect_gt(moved, 0, "no timeline time was corrected");
	json_decref(tl);
	json_decref(ev);
}

/* ---- events ---- */

Test(history, events_filter_by_kind_rank_grep_severity)
{
	const char *r1 = id_str(ids[0]);
	json_t *rows = JSON("events", r1, "--kind", "nccl.");
	size_t i;
	json_t *r;
	cr_expect_gt(json_array_size(rows), 0);
	json_array_foreach(rows, i, r)
		cr_expect(!strncmp(str_of(r, "kind"), "nccl.", 5), "kind %s", str_of(r, "kind"));
	json_decref(rows);
	rows = JSON("events", r1, "--kind", "mem.");
	bool oom = false;
	json_array_foreach(rows, i, r)
		oom |= !strcmp(str_of(r, "kind"), "mem.cuda_oom");
	cr_expect(oom);
	json_decref(rows);
	rows = JSON("events", r1, "--rank", "11");
	cr_expect_gt(json_array_size(rows), 0);
	json_array_foreach(rows, i, r)
		cr_expect_eq(int_of(r, "rank"), 11);
	json_decref(rows);
	rows = JSON("events", r1, "--grep", "OutOfMemoryError");
	cr_expect_gt(json_array_size(rows), 0);
	json_array_foreach(rows, i, r)
		cr_expect(strstr(str_of(r, "text"), "OutOfMemoryError"));
	json_decref(rows);
	rows = JSON("events", r1, "--severity", "error", "--host", "node2");
	cr_expect_gt(json_array_size(rows), 0);
	json_array_foreach(rows, i, r) {
		cr_expect(!strcmp(str_of(r, "severity"), "error") ||
			  !strcmp(str_of(r, "severity"), "fatal"));
		cr_expect_str_eq(str_of(r, "host"), "node2");
	}
	json_decref(rows);
	rows = JSON("events", r1, "--pattern", "mem.cuda_oom", "--limit", "1");
	cr_expect_eq(json_array_size(rows), 1);
	json_decref(rows);
	rows = JSON("events", r1, "--kind", "NCCL.");
	cr_expect_eq(json_array_size(rows), 0, "a kind prefix is matched as is");
	json_decref(rows);
	rows = JSON("events", r1, "--kind", "no.such.kind");
	cr_expect_eq(json_array_size(rows), 0);
	json_decref(rows);
	cr_expect_eq(run(NULL, "events", r1, "--severity", "loud", NULL), 2);
}

Test(history, events_filter_by_time_window)
{
	const char *r1 = id_str(ids[0]);
	/* torchrun sends SIGTERM to ranks 8-15 at 13:56:42.413 ... .420 */
	json_t *rows = JSON("events", r1, "--since", "13:56:42.415", "--until", "13:56:42.418");
	size_t i;
	json_t *r;
	cr_expect_eq(json_array_size(rows), 3);
	json_array_foreach(rows, i, r) {
		const char *t = str_of(r, "time");
		cr_expect(strcmp(t, "2024-12-03T13:56:42.415Z") >= 0 &&
			  strcmp(t, "2024-12-03T13:56:42.418Z") <= 0, "time %s", t);
	}
	json_t *same = JSON("events", r1, "--since", "2024-12-03T13:56:42.415Z", "--until",
			    "2024-12-03T13:56:42.418Z");
	cr_expect(json_equal(rows, same), "HH:MM:SS is read on the run's day");
	json_decref(same);
	json_decref(rows);
	/* an --until without fraction covers its whole second */
	rows = JSON("events", r1, "--since", "13:56:42", "--until", "13:56:42", "--kind",
		    "launcher.sigterm");
	cr_expect_eq(json_array_size(rows), 7);
	json_decref(rows);
	cr_expect_eq(run(NULL, "events", r1, "--since", "noon", NULL), 2);
}

/* ---- transports, steps, tail ---- */

Test(history, transports_show_the_socket_fallback)
{
	json_t *rows = JSON("transports", id_str(ids[2]));
	size_t i, sockets = 0;
	json_t *r;
	cr_assert_gt(json_array_size(rows), 0);
	json_array_foreach(rows, i, r) {
		sockets += !strcmp(str_of(r, "transport"), "NET/Socket");
		cr_expect_gt(int_of(r, "channels"), 0);
		cr_expect(*str_of(r, "host") && *str_of(r, "sample"));
	}
	cr_expect_gt(sockets, 0);
	json_decref(rows);
	char *out = NULL;
	cr_assert_eq(run(&out, "transports", id_str(ids[2]), NULL), 0);
	cr_expect(strstr(out, "NET/Socket") && strstr(out, "transport"));
	free(out);
	rows = JSON("transports", id_str(ids[0]));
	json_array_foreach(rows, i, r)
		cr_expect(strcmp(str_of(r, "transport"), "NET/Socket"), "01 uses IB");
	json_decref(rows);
}

Test(history, steps_are_listed)
{
	json_t *rows = JSON("steps", id_str(ids[0]));
	size_t i;
	json_t *r;
	cr_assert_gt(json_array_size(rows), 0);
	int64_t prev = -1;
	json_array_foreach(rows, i, r) {
		cr_expect_geq(int_of(r, "step"), prev, "ordered by step");
		prev = int_of(r, "step");
		cr_expect(json_is_number(json_object_get(r, "loss")), "step %lld loss",
			  (long long)prev);
	}
	json_decref(rows);
	rows = JSON("steps", id_str(ids[0]), "--rank", "0");
	cr_assert_gt(json_array_size(rows), 0);
	json_array_foreach(rows, i, r)
		cr_expect_eq(int_of(r, "rank"), 0);
	json_decref(rows);
}

/* 01's logs are short: every step line is kept as a row, so the per-step
 * means must be the means of the rows. */
Test(history, per_step_means_are_the_means_of_the_rows)
{
	json_t *rows = JSON("steps", id_str(ids[0]));
	json_t *sums = JSON("steps", id_str(ids[0]), "--per-step");
	size_t i, k;
	json_t *m, *r;
	cr_assert_gt(json_array_size(sums), 0);
	json_array_foreach(sums, i, m) {
		int64_t step = int_of(m, "step"), n = 0;
		double total = 0;
		json_array_foreach(rows, k, r)
			if (int_of(r, "step") == step) {
				n++;
				total += json_number_value(json_object_get(r, "loss"));
			}
		cr_expect_eq(int_of(m, "lines"), n, "step %lld", (long long)step);
		double mean = json_number_value(json_object_get(m, "loss"));
		cr_expect(n > 0 && fabs(mean - total / (double)n) < 1e-9, "step %lld: mean %g",
			  (long long)step, mean);
	}
	json_decref(rows);
	json_decref(sums);
}

Test(history, tail_returns_the_last_lines_of_a_rank)
{
	json_t *rows = JSON("tail", id_str(ids[0]), "11", "-n", "3");
	size_t i, in_stderr = 0;
	json_t *r, *last = NULL;
	cr_assert_gt(json_array_size(rows), 0);
	json_array_foreach(rows, i, r) {
		cr_expect(strstr(str_of(r, "file"), "/3/"), "rank 11 is local rank 3 on node2: %s",
			  str_of(r, "file"));
		if (strstr(str_of(r, "file"), "/3/stderr.log")) {
			in_stderr++;
			last = r;
		}
	}
	cr_expect_eq(in_stderr, 3, "-n 3 lines per file");
	cr_assert(last);
	int64_t n = last_line_no(OOM_LOG);
	char *want = file_line(OOM_LOG, n);
	cr_expect_eq(int_of(last, "line"), n);
	cr_expect_str_eq(str_of(last, "text"), want);
	free(want);
	json_decref(rows);
	char *out = NULL;
	cr_assert_eq(run(&out, "tail", id_str(ids[0]), "11", NULL), 0);
	cr_expect(strstr(out, "==> node2/logs/none_k2x9v1qz/attempt_0/3/stderr.log <=="), "%s", out);
	cr_expect(strstr(out, "OutOfMemoryError"));
	free(out);
	cr_expect_eq(run(NULL, "tail", id_str(ids[0]), "99", NULL), 1);
	cr_expect(S.err && strstr(S.err, "no rank 99"));
}

/* The numbers of the last n lines of path that start with prefix, in
 * order; returns how many there are (at most n). */
static size_t last_lines_with(const char *path, const char *prefix, int64_t *out, size_t n)
{
	char *all = fl_test_slurp(path, NULL);
	cr_assert(all, "cannot read %s", path);
	size_t found = 0;
	int64_t no = 1;
	for (char *p = all; *p; no++) {
		if (!strncmp(p, prefix, strlen(prefix))) {
			if (found == n)
				memmove(out, out + 1, (n - 1) * sizeof(*out));
			out[found < n ? found++ : n - 1] = no;
		}
		char *nl = strchr(p, '\n');
		if (!nl)
			break;
		p = nl + 1;
	}
	free(all);
	return found;
}

/* A pod's combined log ends with its launcher's summary, which names no
 * rank: a rank's last lines there are its own, not the file's last. */
Test(history, tail_finds_a_rank_in_a_shared_log)
{
	const char *log = SCEN "/05-collective-hang/bundle/llm-pretrain-master-0.log";
	int64_t want[3];
	cr_assert_eq(last_lines_with(log, "[default5]:", want, 3), 3);
	cr_assert_lt(want[2], last_line_no(log) - 20, "the file's own last lines are not rank 5's");
	json_t *rows = JSON("tail", id_str(ids[1]), "5", "-n", "3");
	cr_assert_eq(json_array_size(rows), 3);
	size_t i;
	json_t *r;
	json_array_foreach(rows, i, r) {
		cr_expect_str_eq(str_of(r, "file"), "llm-pretrain-master-0.log");
		cr_expect_eq(int_of(r, "line"), want[i]);
		char *text = file_line(log, want[i]);
		cr_expect_str_eq(str_of(r, "text"), text);
		free(text);
	}
	json_decref(rows);
}

/* ---- show ---- */

/* The id of run's mem.cuda_oom event in a stderr.log, and its line. */
static int64_t oom_event(int64_t run_id, int64_t *line)
{
	json_t *rows = JSON("events", id_str(run_id), "--kind", "mem.cuda_oom");
	size_t i;
	json_t *r;
	int64_t id = -1;
	json_array_foreach(rows, i, r) {
		if (strstr(str_of(r, "file"), "stderr.log")) {
			id = int_of(r, "id");
			*line = int_of(r, "line");
		}
	}
	json_decref(rows);
	cr_assert_gt(id, 0, "no OOM event in run %lld", (long long)run_id);
	return id;
}

/* show -C 2 gives the event and exactly the lines around it of ref. */
static json_t *expect_context(int64_t run_id, int64_t id, int64_t line, const char *ref)
{
	json_t *j = JSON("show", id_str(run_id), id_str(id), "-C", "2");
	json_t *ev = json_object_get(j, "event");
	cr_expect_eq(int_of(ev, "id"), id);
	cr_expect_eq(int_of(ev, "line"), line);
	int64_t nlines = int_of(ev, "nlines");
	json_t *ctx = json_object_get(j, "context");
	cr_assert(json_is_object(ctx), "run %lld: no context: %s", (long long)run_id,
		  str_of(j, "note"));
	json_t *lines = json_object_get(ctx, "lines");
	int64_t last = last_line_no(ref);
	int64_t end = line + nlines - 1; /* a block spans several lines */
	int64_t lo = line > 2 ? line - 2 : 1, hi = end + 2 <= last ? end + 2 : last;
	cr_expect_eq((int64_t)json_array_size(lines), hi - lo + 1);
	size_t i;
	json_t *l;
	json_array_foreach(lines, i, l) {
		int64_t n = int_of(l, "line");
		cr_expect_eq(n, lo + (int64_t)i);
		char *text = file_line(ref, n);
		cr_expect_str_eq(str_of(l, "text"), text, "line %lld", (long long)n);
		cr_expect_eq(json_is_true(json_object_get(l, "event")), n >= line && n <= end);
		free(text);
	}
	return j;
}

/* in_place: the run's bundle is a directory read where it lies, which the
 * note says; a kept copy needs no note. */
static void expect_oom_context(int64_t run_id, bool in_place)
{
	int64_t line, id = oom_event(run_id, &line);
	json_t *j = expect_context(run_id, id, line, OOM_LOG);
	json_t *note = json_object_get(j, "note");
	if (in_place)
		cr_expect(json_is_string(note) && strstr(json_string_value(note), "read in place"));
	else
		cr_expect(json_is_null(note), "run %lld", (long long)run_id);
	json_t *ev = json_object_get(j, "event");
	cr_expect_str_eq(str_of(ev, "kind"), "mem.cuda_oom");
	cr_expect(json_object_get(json_object_get(ev, "fields"), "requested"));
	json_decref(j);
}

Test(history, show_prints_the_event_and_its_context)
{
	expect_oom_context(ids[0], true);
	expect_oom_context(ids[4], false);
	int64_t line, id = oom_event(ids[0], &line);
	char *out = NULL;
	cr_assert_eq(run(&out, "show", id_str(ids[0]), id_str(id), NULL), 0);
	char *before = file_line(OOM_LOG, line - 1);
	cr_expect(strstr(out, "mem.cuda_oom") && strstr(out, "requested"), "%s", out);
	cr_expect(strstr(out, before), "context line %lld missing: %s", (long long)line - 1, out);
	cr_expect(strstr(out, "(read in place: no copy was kept)"), "%s", out);
	char mark[64];
	snprintf(mark, sizeof(mark), ">%7lld  ", (long long)line);
	cr_expect(strstr(out, mark), "event line not marked: %s", out);
	free(before);
	free(out);
	cr_assert_eq(run(&out, "show", id_str(ids[0]), id_str(id), "--format", "csv", NULL), 0);
	cr_expect(!strncmp(out, "file,line,event,text\r\n", 22));
	int64_t last = last_line_no(OOM_LOG);
	int64_t hi = line + 5 <= last ? line + 5 : last;
	cr_expect_eq((int64_t)count_lines(out), 1 + hi - (line - 5) + 1, "%s", out);
	free(out);
	cr_expect_eq(run(NULL, "show", id_str(ids[1]), id_str(id), NULL), 1,
		     "the event belongs to another run");
	cr_expect(S.err && strstr(S.err, "no event") && count_lines(S.err) == 1);
}

/* A single log kept as <digest>.gz: its one member is taken for the
 * event's file, whatever its name inside. */
Test(history, show_reads_a_single_file_bundle)
{
	json_t *rows = JSON("events", id_str(ids[5]));
	size_t i;
	json_t *r;
	int64_t id = -1, line = 0;
	json_array_foreach(rows, i, r) {
		if (int_of(r, "line") > 3 && id < 0) {
			id = int_of(r, "id");
			line = int_of(r, "line");
		}
	}
	json_decref(rows);
	cr_assert_gt(id, 0);
	json_decref(expect_context(ids[5], id, line, SHAPES "/rank.log"));
}

Test(history, show_without_a_kept_bundle_still_shows_the_event)
{
	json_t *rows = JSON("events", id_str(ids[6]), "--severity", "error", "--limit", "1");
	cr_assert_eq(json_array_size(rows), 1);
	int64_t id = int_of(json_array_get(rows, 0), "id");
	json_decref(rows);
	char *out = NULL;
	cr_assert_eq(run(&out, "show", id_str(ids[6]), id_str(id), NULL), 0);
	cr_expect(strstr(out, "context  none: no copy was kept and '") && strstr(out, "/gone' is gone"),
		  "%s", out);
	cr_expect(strstr(out, "kind"));
	free(out);
	json_t *j = JSON("show", id_str(ids[6]), id_str(id));
	cr_expect(json_is_null(json_object_get(j, "context")));
	cr_expect(strstr(str_of(j, "note"), "no copy was kept"));
	cr_expect_eq(int_of(json_object_get(j, "event"), "id"), id);
	json_decref(j);
}

/* A bundle read in place whose file changed since the ingest (here a
 * line inserted at its top, which moves every line down) gives no
 * context: the lines at the event's place are no longer the event's. */
Test(history, show_in_place_refuses_a_changed_file)
{
	char copy[4096], cmd[16384];
	snprintf(copy, sizeof(copy), "%s/changed", S.dir);
	cr_assert(fl_test_copy_tree(SCEN "/07-gpu-hardware/bundle", copy));
	int64_t run_id = ingest(copy, true);
	json_t *rows = JSON("events", id_str(run_id), "--severity", "error", "--limit", "1");
	cr_assert_eq(json_array_size(rows), 1);
	json_t *row = json_array_get(rows, 0);
	int64_t id = int_of(row, "id");
	char file[8192];
	snprintf(file, sizeof(file), "%s/%s", copy, str_of(row, "file"));
	json_decref(rows);
	json_t *j = JSON("show", id_str(run_id), id_str(id));
	cr_expect(json_is_object(json_object_get(j, "context")), "unchanged: %s", str_of(j, "note"));
	json_decref(j);

	snprintf(cmd, sizeof(cmd), "sed -i '1i inserted' '%s'", file);
	cr_assert_eq(system(cmd), 0, "%s", cmd);
	j = JSON("show", id_str(run_id), id_str(id));
	cr_expect(json_is_null(json_object_get(j, "context")));
	cr_expect(strstr(str_of(j, "note"), "has changed since it was ingested"), "%s",
		  str_of(j, "note"));
	cr_expect_eq(int_of(json_object_get(j, "event"), "id"), id);
	json_decref(j);
}

/* ---- sql ---- */

static int64_t count_runs(void)
{
	json_t *rows = JSON("sql", "SELECT COUNT(*) AS n FROM v_runs");
	int64_t n = int_of(json_array_get(rows, 0), "n");
	json_decref(rows);
	return n;
}

Test(history, sql_reads)
{
	cr_expect_eq(count_runs(), NRUNS);
	json_t *rows = JSON("sql", "SELECT run_id, json_extract(fields, '$.requested') AS req"
			    " FROM v_events WHERE kind = 'mem.cuda_oom' ORDER BY run_id");
	cr_assert_gt(json_array_size(rows), 0);
	cr_expect_eq(int_of(json_array_get(rows, 0), "run_id"), ids[0]);
	cr_expect_gt(int_of(json_array_get(rows, 0), "req"), 0);
	json_decref(rows);
	char *out = NULL;
	cr_assert_eq(run(&out, "sql", "SELECT rank, state FROM (SELECT 1 AS rank, 'x;y' AS state);"
			 " -- trailing comment", "--format", "csv", NULL), 0);
	cr_expect_str_eq(out, "rank,state\r\n1,x;y\r\n");
	free(out);
}

Test(history, sql_refuses_to_write)
{
	static const char *const writes[] = {
		"DELETE FROM runs",
		"INSERT INTO runs (bundle, ingested_at) VALUES ('x', 1)",
		"UPDATE runs SET cause = 'none'",
		"DROP TABLE events",
		"DROP VIEW v_runs",
		"CREATE TABLE t (x)",
		"ATTACH DATABASE 'other.db' AS other",
		"PRAGMA writable_schema = ON",
		"SELECT 1; DELETE FROM runs",
	};
	int64_t before = count_runs();
	for (size_t i = 0; i < sizeof(writes) / sizeof(writes[0]); i++) {
		int rc = run(NULL, "sql", writes[i], NULL);
		cr_expect_eq(rc, 1, "'%s' exit %d", writes[i], rc);
		cr_expect(S.err && count_lines(S.err) == 1, "'%s': one error line: %s",
			  writes[i], S.err ? S.err : "");
	}
	cr_expect_eq(count_runs(), before);
	json_t *rows = JSON("events", id_str(ids[0]), "--limit", "1");
	cr_expect_eq(json_array_size(rows), 1, "events are still there");
	json_decref(rows);
}

/* ---- every verb ---- */

Test(history, every_verb_answers_help_without_a_store)
{
	static const char *const verbs[] = { "runs",  "ranks", "timeline", "events", "transports", "comms",
					     "steps", "tail",  "show",     "sql" };
	free(S.db);
	S.db = fl_xasprintf("%s/none/fl.db", S.dir);
	for (size_t i = 0; i < sizeof(verbs) / sizeof(verbs[0]); i++) {
		char *out = NULL;
		cr_expect_eq(run(&out, verbs[i], "--help", NULL), 0, "%s --help", verbs[i]);
		char want[64];
		snprintf(want, sizeof(want), "usage: faultline %s", verbs[i]);
		cr_expect(out && !strncmp(out, want, strlen(want)), "%s", out ? out : "");
		free(out);
	}
	cr_expect_eq(run(NULL, "events", "1", NULL), 1, "a missing store is an error");
	cr_expect(S.err && strstr(S.err, "no store") && count_lines(S.err) == 1);
}

/* ---- a shared log of more ranks than streams keep tails for ---- */

/* A Slurm output of 520 srun-labelled tasks, two lines each, ending with
 * srun's own lines: each of the first 512 tasks (src/pipeline/streams.c,
 * TAIL_STREAMS_MAX) keeps its last lines; a task beyond them keeps none,
 * and `tail` says so on stderr instead of printing nothing. */
Test(tails, a_shared_log_keeps_each_ranks_last_lines_up_to_its_cap)
{
	struct fl_session t;
	fl_session_init(&t, "tails");
	char *path;
	FILE *f = fl_session_create(&t, "slurm-4242.out", &path);
	for (int step = 0; step < 2; step++)
		for (int r = 0; r < 520; r++)
			fprintf(f, "%3d: [2024-06-18 09:%02d:%02d] rank %d heartbeat %d\n", r,
				50 + step, r % 60, r, step);
	for (int k = 0; k < 25; k++)
		fputs("srun: error: node7: task 3: Exited with exit code 1\n", f);
	fclose(f);
	char id[32];
	snprintf(id, sizeof(id), "%ld", fl_session_ingest(&t, path, NULL));
	/* task 511's lines: 512 and 1032 */
	cr_assert_eq(fl_session_run(&t, "tail", id, "511", "--db", t.db, NULL), 0, "%s", t.err);
	cr_expect(strstr(t.out, "   512  511: [2024-06-18 09:50:31] rank 511 heartbeat 0\n"), "%s",
		  t.out);
	cr_expect(strstr(t.out, "  1032  511: [2024-06-18 09:51:31] rank 511 heartbeat 1\n"), "%s",
		  t.out);
	cr_expect_str_eq(t.err, "");
	cr_assert_eq(fl_session_run(&t, "tail", id, "519", "--db", t.db, NULL), 0, "%s", t.err);
	cr_expect_str_eq(t.out, "");
	cr_expect(strstr(t.err, "kept none of rank 519's lines") && fl_session_err_lines(&t) == 1,
		  "%s", t.err);
	free(path);
	fl_session_release(&t);
}
