/* SPDX-License-Identifier: MIT */
/*
 * test_pathological.c - inputs built to hurt: a 24 MiB line with no
 * newline, a regex-hostile line of 200k repeated characters around a
 * literal that wakes the regexes, a million identical lines, an empty
 * compressed log, a file of NUL bytes. Each must end in a report or one
 * clear error line, quickly (the timeouts are the assertion against a
 * hang or a runaway regex), never a crash.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fl_test.h"

static char *tmp_file(const char *dir, const char *name)
{
	size_t n = strlen(dir) + strlen(name) + 2;
	char *p = malloc(n);
	snprintf(p, n, "%s/%s", dir, name);
	return p;
}

/* Runs analyze; returns the exit status and the number of stderr lines. */
static int analyze(const char *dir, const char *bundle, int *err_lines)
{
	char *db = tmp_file(dir, "fl.db");
	char *err = tmp_file(dir, "stderr");
	const char *args[] = { "analyze", bundle, "--db", db, "--no-keep", "--format", "json", NULL };
	int rc = fl_test_run(NULL, err, args);
	size_t len = 0;
	char *msg = fl_test_slurp(err, &len);
	*err_lines = 0;
	for (size_t i = 0; msg && i < len; i++)
		*err_lines += msg[i] == '\n';
	free(msg);
	free(db);
	free(err);
	return rc;
}

Test(pathological, giant_line_without_newline, .timeout = 120)
{
	char *dir = fl_test_tmpdir("giant");
	char *log = tmp_file(dir, "rank0.log");
	FILE *fp = fopen(log, "wb");
	cr_assert(fp);
	fputs("[rank0]: RuntimeError: CUDA error: an illegal memory access was encountered ", fp);
	for (int i = 0; i < 24 * 1024; i++) {
		char kb[1024];
		memset(kb, 'x', sizeof(kb));
		fwrite(kb, 1, sizeof(kb), fp);
	}
	fclose(fp);
	int lines;
	cr_expect_eq(analyze(dir, log, &lines), 0, "a truncated giant line still gives a report");
	cr_expect_eq(lines, 0);
	free(log);
	free(dir);
}

Test(pathological, regex_hostile_line, .timeout = 120)
{
	char *dir = fl_test_tmpdir("hostile");
	char *log = tmp_file(dir, "rank0.log");
	FILE *fp = fopen(log, "wb");
	cr_assert(fp);
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
	cr_expect_eq(analyze(dir, log, &lines), 0);
	free(log);
	free(dir);
}

Test(pathological, a_million_identical_lines, .timeout = 120)
{
	char *dir = fl_test_tmpdir("million");
	char *log = tmp_file(dir, "rank0.log");
	FILE *fp = fopen(log, "wb");
	cr_assert(fp);
	for (int i = 0; i < 1000000; i++)
		fputs("node1:100:100 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/IPC\n", fp);
	fclose(fp);
	int lines;
	cr_expect_eq(analyze(dir, log, &lines), 0);
	free(log);
	free(dir);
}

Test(pathological, empty_and_null_inputs_fail_with_one_line, .timeout = 120)
{
	char *dir = fl_test_tmpdir("empty");
	char *gz = tmp_file(dir, "empty.log.gz");
	size_t cap = strlen(gz) + 64;
	char *cmd = malloc(cap);
	snprintf(cmd, cap, ": | gzip -c > '%s'", gz);
	cr_assert_eq(system(cmd), 0);
	int lines;
	int rc = analyze(dir, gz, &lines);
	cr_expect(rc == 1 && lines == 1, "empty .gz: rc %d, %d stderr lines", rc, lines);
	char *nul = tmp_file(dir, "zeros.log");
	FILE *fp = fopen(nul, "wb");
	cr_assert(fp);
	for (int i = 0; i < 65536; i++)
		fputc(0, fp);
	fclose(fp);
	rc = analyze(dir, nul, &lines);
	cr_expect(rc == 1 && lines == 1, "NUL bytes only: rc %d, %d stderr lines", rc, lines);
	free(cmd);
	free(nul);
	free(gz);
	free(dir);
}
