/* SPDX-License-Identifier: MIT */
/*
 * test_progress.c - the progress line of analyze and ingest, seen from a
 * pseudo-terminal (forkpty): shown when standard error is a terminal,
 * rewritten in place at most ten times a second, erased before the run
 * id or report is printed; absent with --quiet and when standard error is
 * not a terminal; `[i/n]` when ingest reads several bundles.
 */
#include <criterion/criterion.h>
#include <errno.h>
#include <pty.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "fl_test.h"

#define OOM_BUNDLE FL_TESTDATA_DIR "/scenarios/01-gpu-oom/bundle"
#define HANG_BUNDLE FL_TESTDATA_DIR "/scenarios/05-collective-hang/bundle"

struct tty_run {
	char *out; /* everything the terminal received */
	size_t len;
	int status;
	double secs;
};

static double mono(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Runs faultline with standard input, output and error on a new
 * pseudo-terminal 200 columns wide, and collects what it writes. */
static struct tty_run run_tty(const char *const *args)
{
	const char *argv[32] = { FL_BINARY };
	for (size_t i = 0; args[i] && i < 30; i++)
		argv[i + 1] = args[i];
	struct winsize ws = { .ws_row = 24, .ws_col = 200 };
	int master;
	double t0 = mono();
	pid_t pid = forkpty(&master, NULL, NULL, &ws);
	cr_assert_geq(pid, 0, "forkpty: %s", strerror(errno));
	if (pid == 0) {
		execv(FL_BINARY, (char *const *)argv);
		_exit(127);
	}
	struct tty_run r = { 0 };
	size_t cap = 0;
	for (;;) {
		if (r.len + 4096 > cap) {
			cap = cap ? 2 * cap : 65536;
			r.out = realloc(r.out, cap + 1);
			cr_assert_not_null(r.out);
		}
		ssize_t n = read(master, r.out + r.len, 4096);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) /* EIO: the child closed the terminal */
			break;
		r.len += (size_t)n;
	}
	r.out[r.len] = '\0';
	int st;
	cr_assert_eq(waitpid(pid, &st, 0), pid);
	r.secs = mono() - t0;
	r.status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
	close(master);
	return r;
}

static size_t count(const char *s, const char *what)
{
	size_t n = 0;
	for (const char *p = s; (p = strstr(p, what)) != NULL; p += strlen(what))
		n++;
	return n;
}

static char *db_in(const char *name)
{
	char *dir = fl_test_tmpdir(name);
	char *db = malloc(strlen(dir) + 8);
	cr_assert_not_null(db);
	sprintf(db, "%s/fl.db", dir);
	free(dir);
	return db;
}

Test(progress, shown_on_a_terminal_and_erased_before_the_run_id)
{
	char *db = db_in("progress-tty");
	const char *args[] = { "ingest", OOM_BUNDLE, "--db", db, NULL };
	struct tty_run r = run_tty(args);
	cr_assert_eq(r.status, 0, "%s", r.out);
	cr_assert(strstr(r.out, " MiB (") && strstr(r.out, "%), "), "no share of the total: %s",
		  r.out);
	cr_assert(strstr(r.out, " members, "), "%s", r.out);
	cr_assert(strstr(r.out, "lines/s, "), "%s", r.out);
	cr_assert(strstr(r.out, " events"), "%s", r.out);
	cr_assert_null(strstr(r.out, "[1/1]"), "one bundle has no index: %s", r.out);
	/* erased, then the run id on a clean line */
	cr_assert(strstr(r.out, "\r\033[K1\r\n"), "not erased before the run id: %s", r.out);
	/* each update rewrites the line: no newline inside the progress */
	const char *last = strstr(r.out, "\r\033[K1\r\n");
	for (const char *p = r.out; p < last; p++)
		cr_assert_neq(*p, '\n', "a newline inside the progress line: %s", r.out);
	free(r.out);
	free(db);
}

Test(progress, analyze_report_starts_on_a_clean_line)
{
	char *db = db_in("progress-analyze");
	const char *args[] = { "analyze", OOM_BUNDLE, "--db", db, "--format", "json", NULL };
	struct tty_run r = run_tty(args);
	cr_assert_eq(r.status, 0, "%s", r.out);
	cr_assert(strstr(r.out, "lines/s"), "%s", r.out);
	cr_assert(strstr(r.out, "\r\033[K{\"schema\""), "report not after the erased line: %.300s",
		  r.out);
	free(r.out);
	free(db);
}

Test(progress, none_with_quiet)
{
	char *db = db_in("progress-quiet");
	const char *args[] = { "ingest", "--quiet", OOM_BUNDLE, "--db", db, NULL };
	struct tty_run r = run_tty(args);
	cr_assert_eq(r.status, 0, "%s", r.out);
	cr_assert_str_eq(r.out, "1\r\n");
	free(r.out);
	free(db);
}

Test(progress, none_when_stderr_is_not_a_terminal)
{
	struct fl_session t;
	fl_session_init(&t, "progress-pipe");
	fl_session_ingest(&t, OOM_BUNDLE, NULL);
	cr_assert_str_empty(t.err, "stderr is a file, yet: %s", t.err);
	fl_session_release(&t);
}

Test(progress, ingest_of_several_bundles_says_which)
{
	char *db = db_in("progress-several");
	const char *args[] = { "ingest", OOM_BUNDLE, HANG_BUNDLE, "--db", db, NULL };
	struct tty_run r = run_tty(args);
	cr_assert_eq(r.status, 0, "%s", r.out);
	const char *one = strstr(r.out, "\r[1/2] "), *two = strstr(r.out, "\r[2/2] ");
	cr_assert(one && two && one < two, "%s", r.out);
	cr_assert(strstr(r.out, "\r\033[K1\r\n") && strstr(r.out, "\r\033[K2\r\n"), "%s", r.out);
	free(r.out);
	free(db);
}

/* Writes a log of about 24 MiB (torchtitan step lines every 450 ms and
 * NCCL channel lines): enough batches that updating on each would show. */
static char *big_bundle(void)
{
	char *dir = fl_test_tmpdir("progress-big");
	char path[4096];
	snprintf(path, sizeof(path), "%s/rank0.log", dir);
	FILE *fp = fopen(path, "w");
	cr_assert_not_null(fp);
	for (int i = 1; i <= 100000; i++) {
		long ms = 450L * i;
		fprintf(fp,
			"[titan] 2026-11-30 %02ld:%02ld:%02ld,%03ld - root - INFO - step: %d  loss:  "
			"3.2154  grad_norm:  1.0421  memory: 45.12GiB(56.01%%)  tps: 10,218  "
			"tflops: 121.36  mfu: 39.56%%\n",
			ms / 3600000 % 24, ms / 60000 % 60, ms / 1000 % 60, ms % 1000, i);
		fprintf(fp,
			"node01:4104:4516 [0] NCCL INFO Channel %02d/0 : 0[0] -> 1[1] via "
			"P2P/IPC\n",
			i % 32);
	}
	cr_assert_eq(fclose(fp), 0);
	return dir;
}

Test(progress, at_most_ten_updates_a_second, .timeout = 120)
{
	char *bundle = big_bundle();
	char *db = db_in("progress-rate");
	const char *args[] = { "ingest", bundle, "--no-keep", "--db", db, NULL };
	struct tty_run r = run_tty(args);
	cr_assert_eq(r.status, 0, "%.2000s", r.out);
	size_t updates = count(r.out, "lines/s");
	cr_assert_geq(updates, 1);
	cr_log_info("%zu updates in %.2f s", updates, r.secs);
	/* the first at the first batch, then one per 100 ms at most */
	cr_assert_leq((double)updates, 1 + r.secs * 10, "%zu updates in %.2f s", updates, r.secs);
	cr_assert(strstr(r.out, "\r\033[K1\r\n"), "%.2000s", r.out);
	free(r.out);
	free(db);
	free(bundle);
}
