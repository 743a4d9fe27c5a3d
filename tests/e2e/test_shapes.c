/* SPDX-License-Identifier: MIT */
/*
 * test_shapes.c - one job in every bundle shape gives one verdict.
 *
 * make_shapes.sh packs scenario 01 as a directory, tar in each
 * compression, zip, a zip of per-node tarballs, and one log alone (plain
 * and compressed). Each must ingest to the same counts and verdict; damaged
 * and unusable inputs must give a clear error or a partial analysis that
 * says what was skipped.
 */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fl_test.h"

#define SHAPES FL_TEST_OUT "/shapes"

static json_t *analyze(const char *bundle, const char *tag)
{
	struct fl_session t;
	fl_session_init(&t, tag);
	json_t *j = fl_session_analyze(&t, bundle, NULL, NULL);
	fl_session_release(&t);
	return j;
}

static const char *str_at(json_t *j, const char *a, const char *b, const char *c)
{
	json_t *v = json_object_get(j, a);
	if (b)
		v = json_object_get(v, b);
	if (c)
		v = json_object_get(v, c);
	return json_is_string(v) ? json_string_value(v) : "";
}

static json_int_t int_at(json_t *j, const char *a, const char *b, const char *c)
{
	json_t *v = json_object_get(json_object_get(j, a), b);
	if (c)
		v = json_object_get(v, c);
	return json_is_integer(v) ? json_integer_value(v) : -1;
}

struct shape {
	char file[64];
};

ParameterizedTestParameters(shapes, same_verdict)
{
	static const char *const names[] = { "job.tar",	   "job.tar.gz", "job.tgz", "job.tar.zst",
					     "job.tar.xz", "job.tar.bz2", "job.zip", "nodes.zip" };
	size_t n = sizeof(names) / sizeof(names[0]);
	struct shape *v = cr_malloc(sizeof(*v) * n);
	for (size_t i = 0; i < n; i++)
		snprintf(v[i].file, sizeof(v[i].file), "%s", names[i]);
	return cr_make_param_array(struct shape, v, n);
}

ParameterizedTest(struct shape *s, shapes, same_verdict, .timeout = 60)
{
	char dir[4096], path[4096];
	snprintf(dir, sizeof(dir), "%s/scenarios/01-gpu-oom/bundle", FL_TESTDATA_DIR);
	snprintf(path, sizeof(path), "%s/%s", SHAPES, s->file);
	json_t *ref = analyze(dir, "shape-ref");
	json_t *got = analyze(path, s->file);
	cr_expect_str_eq(str_at(got, "verdict", "likely_cause", "id"), "gpu_oom", "%s", s->file);
	cr_expect_eq(int_at(got, "verdict", "first_failure", "rank"), 11, "%s", s->file);
	cr_expect_str_eq(str_at(got, "verdict", "first_failure", "host"), "node2", "%s", s->file);
	cr_expect_eq(int_at(got, "run", "files", NULL), int_at(ref, "run", "files", NULL), "%s",
		     s->file);
	cr_expect_eq(int_at(got, "run", "lines", NULL), int_at(ref, "run", "lines", NULL), "%s",
		     s->file);
	cr_expect_eq(int_at(got, "run", "events", NULL), int_at(ref, "run", "events", NULL), "%s",
		     s->file);
	cr_expect_eq(int_at(got, "run", "ranks", NULL), int_at(ref, "run", "ranks", NULL), "%s",
		     s->file);
	json_decref(ref);
	json_decref(got);
}

ParameterizedTestParameters(shapes, single_log)
{
	static const char *const names[] = { "rank.log", "rank.log.gz", "rank.log.zst", "rank.log.xz",
					     "rank.log.bz2" };
	size_t n = sizeof(names) / sizeof(names[0]);
	struct shape *v = cr_malloc(sizeof(*v) * n);
	for (size_t i = 0; i < n; i++)
		snprintf(v[i].file, sizeof(v[i].file), "%s", names[i]);
	return cr_make_param_array(struct shape, v, n);
}

/* One rank's stderr alone still names its OOM; the member keeps the log's
 * name without the compression suffix. */
ParameterizedTest(struct shape *s, shapes, single_log, .timeout = 60)
{
	char path[4096];
	snprintf(path, sizeof(path), "%s/%s", SHAPES, s->file);
	json_t *got = analyze(path, s->file);
	cr_expect_str_eq(str_at(got, "verdict", "likely_cause", "id"), "gpu_oom", "%s", s->file);
	cr_expect_eq(int_at(got, "verdict", "first_failure", "rank"), 11, "%s", s->file);
	cr_expect_eq(int_at(got, "run", "files", NULL), 1);
	json_t *ev = json_object_get(json_object_get(json_object_get(got, "verdict"), "first_failure"),
				     "evidence");
	cr_expect_str_eq(json_string_value(json_object_get(ev, "file")), "rank.log", "%s", s->file);
	json_decref(got);
}

static void expect_partial(const char *file, const char *tag)
{
	/* A damaged bundle is analysed from what can be read: exit 0. */
	json_t *got = analyze(file, tag);
	json_t *skipped = json_object_get(json_object_get(got, "run"), "skipped");
	cr_expect(json_array_size(skipped) >= 1, "%s: the damage must be reported", tag);
	cr_expect(int_at(got, "run", "files", NULL) > 0, "%s: members before the damage are read",
		  tag);
	json_decref(got);
}

Test(shapes, damaged_bundles_are_analysed_from_what_can_be_read, .timeout = 60)
{
	expect_partial(SHAPES "/damaged.tar.gz", "damaged-tail");
	expect_partial(SHAPES "/damaged-member.zip", "damaged-member");
}

static void expect_error(const char *path, const char *needle)
{
	struct fl_session t;
	fl_session_init(&t, "bad");
	int rc = fl_session_run(&t, "analyze", path, "--db", t.db, NULL);
	cr_expect(rc != 0 && rc < 128, "%s: want a clean non-zero exit, got %d", path, rc);
	cr_expect(strstr(t.err, needle), "%s: stderr '%s' lacks '%s'", path, t.err, needle);
	cr_expect_eq(fl_session_err_lines(&t), 1, "%s: want exactly one error line: %s", path,
		     t.err);
	/* nothing half-written: the store holds no run */
	fl_session_run(&t, "runs", "--db", t.db, "--format", "json", NULL);
	cr_expect(!strstr(t.out, "\"id\""), "%s: a failed ingest left a run: %s", path, t.out);
	fl_session_release(&t);
}

Test(shapes, unusable_inputs_fail_cleanly, .timeout = 60)
{
	expect_error(SHAPES "/does-not-exist.tar.gz", "cannot open");
	expect_error(SHAPES "/core.bin", "no readable log text");
	expect_error(SHAPES "/empty.log", "no readable log text");
	expect_error(SHAPES "/emptydir", "no readable log text");
}

Test(shapes, same_bytes_twice_is_one_run, .timeout = 60)
{
	struct fl_session t;
	fl_session_init(&t, "twice");
	cr_assert_eq(fl_session_run(&t, "ingest", SHAPES "/job.tar.gz", SHAPES "/job.tar.gz", "--db",
				    t.db, NULL),
		     0, "%s", t.err);
	cr_expect_str_eq(t.out, "1\n1 (already stored)\n");
	fl_session_release(&t);
}
