/* SPDX-License-Identifier: MIT */
/*
 * test_pathological.c - inputs built to hurt: a 24 MiB line with no
 * newline, a regex-hostile line of 200k repeated characters around a
 * literal that wakes the regexes, a million identical lines, an empty
 * compressed log, a file of NUL bytes. Each must end in a report or one
 * clear error line, quickly (the timeouts are the assertion against a
 * hang or a runaway regex), never a crash. An error repeated out of
 * time order must be quoted as if the analysis held every repeat (it
 * holds a few of each: docs/internals/analyze.md).
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fl_test.h"

/* Runs analyze; returns the exit status, *err_lines the stderr lines. */
static int analyze(struct fl_session *t, const char *bundle, int *err_lines)
{
	int rc = fl_session_run(t, "analyze", bundle, "--db", t->db, "--no-keep", "--format", "json",
				NULL);
	*err_lines = fl_session_err_lines(t);
	return rc;
}

Test(pathological, giant_line_without_newline, .timeout = 120)
{
	struct fl_session t;
	fl_session_init(&t, "giant");
	char *log;
	FILE *fp = fl_session_create(&t, "rank0.log", &log);
	fputs("[rank0]: RuntimeError: CUDA error: an illegal memory access was encountered ", fp);
	for (int i = 0; i < 24 * 1024; i++) {
		char kb[1024];
		memset(kb, 'x', sizeof(kb));
		fwrite(kb, 1, sizeof(kb), fp);
	}
	fclose(fp);
	int lines;
	cr_expect_eq(analyze(&t, log, &lines), 0, "a truncated giant line still gives a report");
	cr_expect_eq(lines, 0);
	free(log);
	fl_session_release(&t);
}

Test(pathological, regex_hostile_line, .timeout = 120)
{
	struct fl_session t;
	fl_session_init(&t, "hostile");
	char *log;
	FILE *fp = fl_session_create(&t, "rank0.log", &log);
	/* literals of many patterns, then long runs that invite backtracking */
	fputs("node1:1:1 [0] NCCL WARN NET/IB : Got completion from peer ", fp);
	for (int i = 0; i < 200000; i++)
		fputc(i % 2 ? ' ' : 'a', fp);
	fputs(" with status=\n", fp);
	fputs("Traceback (most recent call last):\n", fp);
	for (int i = 0; i < 100000; i++)
		fputc('(', fp);
	fputc('\n', fp);
	fclose(fp);
	int lines;
	cr_expect_eq(analyze(&t, log, &lines), 0);
	free(log);
	fl_session_release(&t);
}

Test(pathological, a_million_identical_lines, .timeout = 120)
{
	struct fl_session t;
	fl_session_init(&t, "million");
	char *log;
	FILE *fp = fl_session_create(&t, "rank0.log", &log);
	for (int i = 0; i < 1000000; i++)
		fputs("node1:100:100 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/IPC\n", fp);
	fclose(fp);
	int lines;
	cr_expect_eq(analyze(&t, log, &lines), 0);
	free(log);
	fl_session_release(&t);
}

static json_int_t line_of(json_t *entry)
{
	return json_integer_value(json_object_get(entry, "line"));
}

/* The same IB flush error (NCCL's WR_FLUSH_ERR, as in the status-5
 * example of patterns/nccl-errors.pat, which an NCCL issue's log repeats)
 * 300 times from rank 3 in a
 * CRI log whose stamps run backwards: the earliest lines in time are the
 * last in the file. Errors are stored line by line; the analysis holds a
 * few of them (docs/internals/analyze.md). The timeline must list the 60
 * earliest (lines 300 down to 241), the cause, from consequences only,
 * must be led by the first line, and rank 3's first error must be the
 * earliest line, as when every repeat was held. */
Test(pathological, repeated_error_quoted_as_if_every_repeat_were_held, .timeout = 120)
{
	struct fl_session t;
	fl_session_init(&t, "repeats");
	char *log;
	FILE *fp = fl_session_create(&t, "worker-0.log", &log);
	for (int i = 0; i < 300; i++) {
		int s = 300 - i;
		fprintf(fp,
			"2024-04-11T17:%02d:%02d.%06dZ stderr F [rank3]:gh-3714u15:7038:7053 [0] "
			"ib_plugin.c:1007 NCCL WARN NET/IB : Got completion from peer "
			"10.1.32.3<54891> with error 5, opcode 0, len 0, vendor err 249\n",
			s / 60, s % 60, i);
	}
	fclose(fp);
	json_t *j = fl_session_analyze(&t, log, NULL, NULL);
	json_t *tl = json_object_get(j, "timeline");
	cr_assert_eq(json_array_size(tl), 60);
	for (size_t i = 0; i < 60; i++)
		cr_expect_eq(line_of(json_array_get(tl, i)), 300 - (json_int_t)i, "timeline[%zu]", i);
	json_t *cause = json_object_get(json_object_get(j, "verdict"), "likely_cause");
	cr_expect_str_eq(json_string_value(json_object_get(cause, "id")), "network_error");
	json_t *ev = json_object_get(cause, "evidence");
	cr_assert_eq(json_array_size(ev), 1);
	cr_expect_eq(line_of(json_array_get(ev, 0)), 1);
	json_t *rank = json_array_get(json_object_get(j, "ranks"), 0);
	cr_expect_eq(json_integer_value(json_object_get(rank, "rank")), 3);
	const char *fe = json_string_value(json_object_get(rank, "first_error"));
	cr_assert(fe);
	cr_expect(strstr(fe, "2024-04-11T17:00:01.000299Z"), "first error: %s", fe);
	json_decref(j);
	free(log);
	fl_session_release(&t);
}

Test(pathological, empty_and_null_inputs_fail_with_one_line, .timeout = 120)
{
	struct fl_session t;
	fl_session_init(&t, "empty");
	char *gz = fl_session_path(&t, "empty.log.gz");
	size_t cap = strlen(gz) + 64;
	char *cmd = malloc(cap);
	snprintf(cmd, cap, ": | gzip -c > '%s'", gz);
	cr_assert_eq(system(cmd), 0);
	int lines;
	int rc = analyze(&t, gz, &lines);
	cr_expect(rc == 1 && lines == 1, "empty .gz: rc %d, %d stderr lines", rc, lines);
	char *nul;
	FILE *fp = fl_session_create(&t, "zeros.log", &nul);
	for (int i = 0; i < 65536; i++)
		fputc(0, fp);
	fclose(fp);
	rc = analyze(&t, nul, &lines);
	cr_expect(rc == 1 && lines == 1, "NUL bytes only: rc %d, %d stderr lines", rc, lines);
	free(cmd);
	free(nul);
	free(gz);
	fl_session_release(&t);
}
