/* SPDX-License-Identifier: MIT */
/* fl_test.c - see fl_test.h. */
#include "fl_test.h"

#include "faultline/store.h"

#include <criterion/criterion.h>
#include <stdarg.h>

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

static void mkdirs(const char *dir)
{
	char *p = strdup(dir);
	for (char *q = p + 1; *q; q++) {
		if (*q == '/') {
			*q = '\0';
			mkdir(p, 0755);
			*q = '/';
		}
	}
	mkdir(p, 0755);
	free(p);
}

/* Runs cmd (which it frees) in the shell; true when it succeeded. */
static bool shell(char *cmd)
{
	bool ok = system(cmd) == 0;
	free(cmd);
	return ok;
}

bool fl_test_copy_tree(const char *src, const char *dst)
{
	size_t n = strlen(src) + strlen(dst) + 16;
	char *cmd = malloc(n);
	snprintf(cmd, n, "cp -R '%s' '%s'", src, dst);
	return shell(cmd);
}

bool fl_test_remove_tree(const char *path)
{
	size_t n = strlen(path) + 16;
	char *cmd = malloc(n);
	snprintf(cmd, n, "rm -rf '%s'", path);
	return shell(cmd);
}

char *fl_test_tmpdir(const char *name)
{
	size_t n = strlen(FL_TEST_OUT) + strlen(name) + 64;
	char *dir = malloc(n);
	snprintf(dir, n, "%s/tmp/%s-%ld", FL_TEST_OUT, name, (long)getpid());
	if (!fl_test_remove_tree(dir))
		perror("rm");
	mkdirs(dir);
	return dir;
}

int fl_test_run(const char *out_path, const char *err_path, const char *const *args)
{
	const char *argv[64];
	size_t n = 0;
	argv[n++] = FL_BINARY;
	for (size_t i = 0; args[i] && n < 63; i++)
		argv[n++] = args[i];
	argv[n] = NULL;
	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 1, out_path ? out_path : "/dev/null",
					 O_WRONLY | O_CREAT | O_TRUNC, 0644);
	posix_spawn_file_actions_addopen(&fa, 2, err_path ? err_path : "/dev/null",
					 O_WRONLY | O_CREAT | O_TRUNC, 0644);
	pid_t pid;
	int rc = posix_spawn(&pid, FL_BINARY, &fa, NULL, (char *const *)argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (rc != 0)
		return -1;
	int st;
	if (waitpid(pid, &st, 0) < 0)
		return -1;
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

char *fl_test_slurp(const char *path, size_t *len)
{
	FILE *fp = fopen(path, "rb");
	if (!fp)
		return NULL;
	size_t cap = 65536, n = 0;
	char *buf = malloc(cap + 1);
	size_t r;
	while ((r = fread(buf + n, 1, cap - n, fp)) > 0) {
		n += r;
		if (n == cap) {
			cap *= 2;
			buf = realloc(buf, cap + 1);
		}
	}
	fclose(fp);
	buf[n] = '\0';
	if (len)
		*len = n;
	return buf;
}

bool fl_test_write(const char *path, const char *data, size_t len)
{
	FILE *fp = fopen(path, "wb");
	if (!fp)
		return false;
	bool ok = fwrite(data, 1, len, fp) == len;
	return (fclose(fp) == 0) && ok;
}

/* ---- sessions ---- */

/* malloc'd printf, for the helpers (tests link no allocation wrapper). */
static char *fmt(const char *f, ...) __attribute__((format(printf, 1, 2)));
static char *fmt(const char *f, ...)
{
	va_list ap;
	va_start(ap, f);
	int n = vsnprintf(NULL, 0, f, ap);
	va_end(ap);
	char *s = malloc((size_t)n + 1);
	va_start(ap, f);
	vsnprintf(s, (size_t)n + 1, f, ap);
	va_end(ap);
	return s;
}

void fl_session_init(struct fl_session *t, const char *name)
{
	memset(t, 0, sizeof(*t));
	t->dir = fl_test_tmpdir(name);
	t->db = fmt("%s/fl.db", t->dir);
}

char *fl_session_path(const struct fl_session *t, const char *name)
{
	return fmt("%s/%s", t->dir, name);
}

FILE *fl_session_create(const struct fl_session *t, const char *name, char **path)
{
	*path = fl_session_path(t, name);
	FILE *fp = fopen(*path, "w");
	cr_assert(fp, "cannot create %s: %s", *path, strerror(errno));
	return fp;
}

int fl_session_err_lines(const struct fl_session *t)
{
	int n = 0;
	for (const char *p = t->err; p && *p; p++)
		n += *p == '\n';
	return n;
}

void fl_session_release(struct fl_session *t)
{
	/* A test that stops on a failed assertion never gets here: its
	 * directory stays for a look; the others' would pile up run after run
	 * (gigabytes of stores). */
	if (!getenv("FL_TEST_KEEP") && !fl_test_remove_tree(t->dir))
		perror("rm");
	free(t->dir);
	free(t->db);
	free(t->out);
	free(t->err);
	memset(t, 0, sizeof(*t));
}

int fl_session_runv(struct fl_session *t, const char *const *args)
{
	char *o = fmt("%s/out-%d.txt", t->dir, t->calls);
	char *e = fmt("%s/err-%d.txt", t->dir, t->calls++);
	int rc = fl_test_run(o, e, args);
	free(t->out);
	free(t->err);
	t->out = fl_test_slurp(o, NULL);
	t->err = fl_test_slurp(e, NULL);
	if (!t->out)
		t->out = strdup("");
	if (!t->err)
		t->err = strdup("");
	free(o);
	free(e);
	return rc;
}

int fl_session_run(struct fl_session *t, ...)
{
	const char *args[48];
	size_t n = 0;
	va_list ap;
	va_start(ap, t);
	for (const char *a; (a = va_arg(ap, const char *)) != NULL && n < 47;)
		args[n++] = a;
	va_end(ap);
	args[n] = NULL;
	return fl_session_runv(t, args);
}

long fl_session_ingest(struct fl_session *t, const char *path, const char *flag)
{
	return fl_session_ingest_db(t, t->db, path, flag);
}

long fl_session_ingest_db(struct fl_session *t, const char *db, const char *path,
			  const char *flag)
{
	int rc = flag ? fl_session_run(t, "ingest", flag, path, "--db", db, NULL)
		      : fl_session_run(t, "ingest", path, "--db", db, NULL);
	cr_assert_eq(rc, 0, "ingest '%s' failed: %s", path, t->err);
	long id = strtol(t->out, NULL, 10);
	cr_assert_gt(id, 0, "ingest '%s' printed no run id: %s", path, t->out);
	return id;
}

json_t *fl_session_analyze(struct fl_session *t, const char *path, const char *flag,
			   const char *report_path)
{
	char *out = report_path ? strdup(report_path) : fmt("%s/report-%d.json", t->dir, t->calls);
	int rc = flag ? fl_session_run(t, "analyze", path, flag, "--db", t->db, "--format", "json",
				       "-o", out, NULL)
		      : fl_session_run(t, "analyze", path, "--db", t->db, "--format", "json", "-o",
				       out, NULL);
	cr_assert_eq(rc, 0, "analyze '%s' failed: %s", path, t->err);
	json_error_t jerr;
	json_t *r = json_load_file(out, 0, &jerr);
	cr_assert(r, "analyze '%s': no JSON report in %s: %s", path, out, jerr.text);
	free(out);
	return r;
}

json_t *fl_test_analyze_file(const char *name, const char *file, const char *text)
{
	struct fl_session t;
	fl_session_init(&t, name);
	char *log = fl_session_path(&t, file);
	cr_assert(fl_test_write(log, text, strlen(text)));
	json_t *r = fl_session_analyze(&t, log, "--no-keep", NULL);
	free(log);
	fl_session_release(&t);
	return r;
}

json_t *fl_test_analyze(const char *name, const char *text)
{
	return fl_test_analyze_file(name, "job.log", text);
}

json_t *fl_test_verdict(json_t *r, const char *key)
{
	return json_object_get(json_object_get(r, "verdict"), key);
}

const char *fl_test_str(json_t *o, const char *key)
{
	return json_string_value(json_object_get(o, key));
}

const char *fl_test_cause(json_t *r)
{
	return fl_test_str(fl_test_verdict(r, "likely_cause"), "id");
}

const char *fl_test_remedy_with(json_t *r, const char *needle)
{
	json_t *rem = json_object_get(fl_test_verdict(r, "likely_cause"), "remediation");
	size_t i;
	json_t *s;
	json_array_foreach(rem, i, s)
		if (strstr(json_string_value(s), needle))
			return json_string_value(s);
	return NULL;
}

json_t *fl_session_json(struct fl_session *t, const char *const *head)
{
	const char *argv[16];
	size_t n = 0;
	for (; head[n] && n < 9; n++)
		argv[n] = head[n];
	const char *tail[] = { "--db", t->db, "--format", "json", NULL };
	memcpy(argv + n, tail, sizeof(tail));
	cr_assert_eq(fl_session_runv(t, argv), 0, "faultline %s failed: %s", head[0], t->err);
	json_error_t jerr;
	json_t *j = json_loads(t->out, 0, &jerr);
	cr_assert(j, "faultline %s: no JSON output: %s", head[0], jerr.text);
	return j;
}

int64_t fl_test_query_int(struct fl_store *s, const char *sql)
{
	struct fl_stmt *st = NULL;
	struct fl_err err = { 0 };
	cr_assert_eq(fl_store_prepare(s, sql, &st, &err), FL_OK, "%s: %s", sql, err.msg);
	cr_assert_eq(fl_stmt_step(st), 1, "%s: no row", sql);
	int64_t v = fl_stmt_null(st, 0) ? -1 : fl_stmt_int(st, 0);
	fl_stmt_free(st);
	return v;
}

/* Criterion's runner (Debian 12's 2.4) runs each test in a worker it
 * spawns with BXFI_MAP in its environment, and now and then leaks a
 * 48-byte block of its own when it exits after the last worker (calloc
 * inside libcriterion.so.3, no frame of ours). A suppression cannot
 * single that block out: every test body's stack runs through
 * libcriterion too. So LeakSanitizer checks the workers, which run every
 * test body, and not the runner, which runs Criterion and the parameter
 * lists' generators (libc calls only).
 * test_util's leak_checks_run_in_workers fails if a later Criterion stops
 * setting BXFI_MAP, which would turn the check off everywhere. */
int __lsan_is_turned_off(void)
{
	return getenv("BXFI_MAP") == NULL;
}
