/* SPDX-License-Identifier: MIT */
/*
 * test_unrecognised.c - a verdict of no known cause still points at what
 * looked wrong: error-looking lines among a file's last ones that no
 * pattern read (the pipeline's unrecognised.error events, streams.c) and
 * known lines that only follow a failure elsewhere (causes.c, no_cause()),
 * each text quoted once.
 *
 * The unknown lines are real ones that no pattern reads: TensorFlow's S3
 * checkpoint error (testdata/real/dev/sagemaker-python-sdk-454), around
 * plain progress lines of the same log.
 */
#include <criterion/criterion.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "faultline/store.h"
#include "fl_test.h"

#define UNKNOWN_ERROR                                                                         \
	"ERROR - container_support.training - uncaught exception during training: : Unable to " \
	"connect to endpoint\n"
#define PLAIN "tensorflow - Saving checkpoints for 7200 into s3://....../checkpoints/model.ckpt.\n"

static json_t *likely(json_t *r)
{
	return fl_test_verdict(r, "likely_cause");
}

static const char *field(json_t *o, const char *key)
{
	const char *s = json_string_value(json_object_get(o, key));
	return s ? s : "";
}

/* Writes text as one file of a directory bundle. */
static void put(const struct fl_session *t, const char *name, const char *text)
{
	char *path = fl_session_path(t, name);
	cr_assert(fl_test_write(path, text, strlen(text)), "%s", path);
	free(path);
}

static char *bundle_dir(const struct fl_session *t)
{
	char *dir = fl_session_path(t, "bundle");
	cr_assert(mkdir(dir, 0755) == 0, "%s", dir);
	return dir;
}

static int64_t unrecognised_rows(const struct fl_session *t)
{
	struct fl_store *s;
	struct fl_err err = { 0 };
	cr_assert_eq(fl_store_open(&s, t->db, 0, &err), FL_OK, "%s", err.msg);
	int64_t n = fl_test_query_int(s, "SELECT COUNT(*) FROM events WHERE kind = 'unrecognised.error'");
	fl_store_close(s);
	return n;
}

/* A session analysing one file, text, as a directory bundle. */
static json_t *one_file(struct fl_session *t, const char *name, const char *text)
{
	fl_session_init(t, name);
	char *dir = bundle_dir(t);
	put(t, "bundle/job.log", text);
	json_t *r = fl_session_analyze(t, dir, NULL, NULL);
	free(dir);
	return r;
}

/* r's likely cause is `none` at confidence conf with nev evidence lines,
 * and the store holds rows unrecognised lines; ends the session. */
static void expect_none(struct fl_session *t, json_t *r, const char *conf, size_t nev, int64_t rows)
{
	cr_expect_str_eq(field(likely(r), "id"), "none");
	cr_expect_str_eq(field(likely(r), "confidence"), conf);
	cr_expect_eq(json_array_size(json_object_get(likely(r), "evidence")), nev);
	cr_expect_eq(unrecognised_rows(t), rows);
	json_decref(r);
	fl_session_release(t);
}

/* An error-looking line at the end that nothing reads: `none`, but with
 * low confidence, the line as evidence and a step to read it. */
Test(unrecognised, an_unknown_error_at_the_end_is_quoted, .timeout = 60)
{
	struct fl_session t;
	json_t *r = one_file(&t, "unrec-end", PLAIN PLAIN UNKNOWN_ERROR);
	json_t *k = likely(r);
	cr_expect(strstr(field(k, "explanation"), "1 line points at trouble"), "%s",
		  field(k, "explanation"));
	json_t *ev = json_array_get(json_object_get(k, "evidence"), 0);
	cr_expect(strstr(field(ev, "text"), "Unable to connect to endpoint"));
	cr_expect_eq(json_integer_value(json_object_get(ev, "line")), 3);
	const char *summary = field(json_object_get(r, "verdict"), "summary");
	cr_expect(strstr(summary, "1 line quoted points at trouble"), "%s", summary);
	expect_none(&t, r, "low", 1, 1);
}

/* Only a file's last lines are looked at: an error word far above the
 * end, followed by ordinary work, is not quoted, and a log without one
 * stays confidently healthy. */
Test(unrecognised, only_the_last_lines_count, .timeout = 60)
{
	char text[8192] = UNKNOWN_ERROR;
	for (int i = 0; i < 40; i++)
		strcat(text, PLAIN);
	struct fl_session t;
	expect_none(&t, one_file(&t, "unrec-early", text), "high", 0, 0);
}

/* A line a pattern reads is not unrecognised, even with an error word:
 * here an NCCL WARN that a pattern reads as a secondary socket error,
 * quoted for what it is. */
Test(unrecognised, lines_a_pattern_reads_are_not_unrecognised, .timeout = 60)
{
	struct fl_session t;
	json_t *r = one_file(&t, "unrec-known",
			     PLAIN "a100-st-p4d24xlarge-22:183006:183220 [1] misc/socket.cc:518 NCCL "
				   "WARN Net : Call to recv from 10.200.84.247<58355> failed : Broken pipe\n");
	expect_none(&t, r, "low", 1, 0);
}

/* The same message on many ranks is stored once, and a run keeps at most
 * 64 such lines however many files end in a different one. */
Test(unrecognised, one_message_once_and_a_run_bounded, .timeout = 60)
{
	struct fl_session t;
	fl_session_init(&t, "unrec-many");
	char *dir = bundle_dir(&t);
	for (int i = 0; i < 8; i++) {
		char name[64], text[512];
		snprintf(name, sizeof(name), "bundle/rank%d.log", i);
		snprintf(text, sizeof(text), PLAIN "[rank%d]: " UNKNOWN_ERROR, i);
		put(&t, name, text);
	}
	json_t *r = fl_session_analyze(&t, dir, NULL, NULL);
	cr_expect_eq(unrecognised_rows(&t), 1);
	json_decref(r);
	free(dir);
	fl_session_release(&t);

	fl_session_init(&t, "unrec-cap");
	dir = bundle_dir(&t);
	for (int i = 0; i < 80; i++) {
		char name[64], text[512];
		snprintf(name, sizeof(name), "bundle/worker%d.log", i);
		snprintf(text, sizeof(text), PLAIN "ERROR - shard %d failed to upload its part\n", i);
		put(&t, name, text);
	}
	r = fl_session_analyze(&t, dir, NULL, NULL);
	cr_expect_eq(unrecognised_rows(&t), 64);
	cr_expect(strstr(field(likely(r), "explanation"), "64 lines"), "%s",
		  field(likely(r), "explanation"));
	cr_expect_eq(json_array_size(json_object_get(likely(r), "evidence")), 5);
	json_decref(r);
	free(dir);
	fl_session_release(&t);
}

/* The same line in two files (a node's log and its rank's) is quoted
 * once, though both count as lines that point at trouble. */
Test(unrecognised, a_line_in_two_files_is_quoted_once, .timeout = 60)
{
	static const char text[] = PLAIN "a100-st-p4d24xlarge-22:183006:183220 [1] misc/socket.cc:518 NCCL "
					 "WARN Net : Call to recv from 10.200.84.247<58355> failed : Broken pipe\n";
	struct fl_session t;
	fl_session_init(&t, "unrec-twice");
	char *dir = bundle_dir(&t);
	put(&t, "bundle/node.log", text);
	put(&t, "bundle/rank1.log", text);
	json_t *r = fl_session_analyze(&t, dir, NULL, NULL);
	free(dir);
	cr_expect(strstr(field(likely(r), "explanation"), "2 lines point at trouble"), "%s",
		  field(likely(r), "explanation"));
	expect_none(&t, r, "low", 1, 0);
}
