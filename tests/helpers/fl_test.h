/* SPDX-License-Identifier: MIT */
/*
 * fl_test.h - helpers shared by the Criterion tests: temporary
 * directories, running the real binary, reading files.
 */
#ifndef FL_TEST_H
#define FL_TEST_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct fl_store;

/* A fresh directory under FL_TEST_OUT/tmp; caller frees the path. */
char *fl_test_tmpdir(const char *name);

/* Runs the faultline binary with the given arguments (NULL-terminated),
 * capturing stdout and stderr into files. Returns the exit status, or -1.
 * What fl_session_run is built on: end-to-end tests use the session. */
int fl_test_run(const char *out_path, const char *err_path, const char *const *args);

/* Reads a whole file; NULL if it cannot. Caller frees. */
char *fl_test_slurp(const char *path, size_t *len);

/* Writes data to path; returns false on failure. */
bool fl_test_write(const char *path, const char *data, size_t len);

/* cp -R src dst and rm -rf path; false when the command failed. */
bool fl_test_copy_tree(const char *src, const char *dst);
bool fl_test_remove_tree(const char *path);

/* The integer a one-value query of the open store gives (-1 for NULL);
 * the test fails when it cannot be run or gives no row. */
int64_t fl_test_query_int(struct fl_store *s, const char *sql);

/* ---- a session: one test's directory, store and faultline runs ----
 * The one way the end-to-end tests run the binary and ingest or analyse
 * a bundle, so that each test says only what it checks. */
struct fl_session {
	char *dir;       /* fresh, under FL_TEST_OUT/tmp */
	char *db;        /* <dir>/fl.db; pass it as --db where wanted */
	char *out, *err; /* stdout and stderr of the last run ("" when empty) */
	int calls;
};
void fl_session_init(struct fl_session *t, const char *name);
/* Frees t and removes its directory (kept with FL_TEST_KEEP=1). */
void fl_session_release(struct fl_session *t);
/* <t->dir>/NAME, for a file the test writes or reads; caller frees. */
char *fl_session_path(const struct fl_session *t, const char *name);
/* <t->dir>/NAME created (truncated) for writing; the test fails when it
 * cannot be. *path is set to its path (caller frees). */
FILE *fl_session_create(const struct fl_session *t, const char *name, char **path);
/* Lines in t->err: one clear error line is what a refusal must print. */
int fl_session_err_lines(const struct fl_session *t);
/* Runs faultline with the arguments up to NULL; keeps its output in
 * t->out and t->err. Returns the exit status, -1 when it could not run. */
int fl_session_run(struct fl_session *t, ...) __attribute__((sentinel));
int fl_session_runv(struct fl_session *t, const char *const *args);
/* `faultline ingest PATH [FLAG] --db t->db`, which must succeed (FLAG:
 * NULL, "--no-keep" or "--copy-dir"): the run id it printed. */
long fl_session_ingest(struct fl_session *t, const char *path, const char *flag);
/* The same into another store than t->db (tests that merge stores). */
long fl_session_ingest_db(struct fl_session *t, const char *db, const char *path,
			  const char *flag);
/* `faultline analyze PATH [FLAG] --db t->db --format json -o OUT`, which
 * must succeed; OUT is report_path, else <dir>/report-<n>.json. The parsed
 * report (json_decref it). */
json_t *fl_session_analyze(struct fl_session *t, const char *path, const char *flag,
			   const char *report_path);
/* `faultline HEAD... --db t->db --format json` (HEAD: up to 9 arguments,
 * NULL-terminated), which must succeed and print JSON: the parsed output
 * (json_decref it). */
json_t *fl_session_json(struct fl_session *t, const char *const *head);

/* ---- one log's report, for tests of what the analysis says of it ----
 * TEXT written to FILE (a name may say a rank; fl_test_analyze: job.log)
 * in a fresh session called NAME and analysed with --no-keep, which must
 * succeed: the parsed report (json_decref it). */
json_t *fl_test_analyze_file(const char *name, const char *file, const char *text);
json_t *fl_test_analyze(const char *name, const char *text);
/* The report's verdict member KEY, a string member of O, the likely
 * cause's id: NULL where absent, borrowed from the report. */
json_t *fl_test_verdict(json_t *r, const char *key);
const char *fl_test_str(json_t *o, const char *key);
const char *fl_test_cause(json_t *r);
/* The likely cause's first remediation line that contains NEEDLE, NULL
 * where none does; borrowed from the report. */
const char *fl_test_remedy_with(json_t *r, const char *needle);

/* LeakSanitizer's hook (fl_test.c): nonzero, leaks not checked, in
 * Criterion's runner process; 0 in the workers that run the tests. */
int __lsan_is_turned_off(void);

#endif
