/* SPDX-License-Identifier: MIT */
/*
 * test_saved.c - `report` of a stored run reads the analysis saved at
 * ingest instead of redoing it, and analyses afresh when the saved one
 * was made by other analysis code (or is missing).
 */
#include <criterion/criterion.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "faultline/store.h"
#include "fl_test.h"

#define BUNDLE FL_TESTDATA_DIR "/scenarios/10-process-crash/bundle"

static struct fl_session t;

static void setup(void)
{
	fl_session_init(&t, "saved");
	fl_session_ingest(&t, BUNDLE, NULL);
}

static void teardown(void)
{
	fl_session_release(&t);
}

TestSuite(saved, .init = setup, .fini = teardown, .timeout = 60);

/* The report of the last run in a format; caller frees. */
static char *report(const char *format)
{
	cr_assert_eq(fl_session_run(&t, "report", "last", "--format", format, "--db", t.db, NULL), 0,
		     "report --format %s failed: %s", format, t.err);
	return strdup(t.out);
}

static char *summary(void)
{
	char *out = report("json");
	json_error_t je;
	json_t *doc = json_loads(out, 0, &je);
	cr_assert(doc, "report is not JSON: %s", je.text);
	const char *s = json_string_value(json_object_get(json_object_get(doc, "verdict"), "summary"));
	cr_assert(s);
	char *copy = strdup(s);
	json_decref(doc);
	free(out);
	return copy;
}

static void exec(const char *sql)
{
	struct fl_store *s;
	struct fl_err err;
	cr_assert_eq(fl_store_open(&s, t.db, 0, &err), FL_OK, "%s", err.msg);
	cr_assert_eq(fl_store_exec(s, sql, &err), FL_OK, "%s: %s", sql, err.msg);
	fl_store_close(s);
}

Test(saved, report_reads_the_saved_analysis)
{
	char *before = summary();
	cr_expect(strstr(before, "process_crash"), "%s", before);
	/* Only a report that reads the saved document can show this. */
	exec("UPDATE analyses SET doc = json_replace(doc, '$[1]', 'summary from the store')");
	char *after = summary();
	cr_expect_str_eq(after, "summary from the store");
	free(before);
	free(after);
}

Test(saved, an_analysis_saved_by_other_code_is_redone)
{
	char *before = summary();
	exec("UPDATE analyses SET digest = 'another build',"
	     " doc = json_replace(doc, '$[1]', 'summary from the store')");
	char *after = summary();
	cr_expect_str_eq(after, before);
	exec("DELETE FROM analyses");
	char *none = summary();
	cr_expect_str_eq(none, before);
	free(before);
	free(after);
	free(none);
}

/* The saved analysis renders exactly as a fresh one, in every format. */
Test(saved, saved_and_fresh_reports_are_identical)
{
	static const char *const formats[] = { "text", "md", "json", "html" };
	char *saved[4];
	for (size_t i = 0; i < 4; i++)
		saved[i] = report(formats[i]);
	/* the step series is part of what is saved: the page draws it */
	cr_expect(strstr(saved[3], "<title>Loss over steps</title>"), "no loss chart");
	exec("DELETE FROM analyses");
	for (size_t i = 0; i < 4; i++) {
		char *fresh = report(formats[i]);
		cr_expect_str_eq(saved[i], fresh, "%s differs", formats[i]);
		free(fresh);
		free(saved[i]);
	}
}

Test(saved, removing_a_run_removes_its_analysis)
{
	cr_assert_eq(fl_session_run(&t, "rm", "last", "--db", t.db, NULL), 0, "rm failed: %s", t.err);
	struct fl_store *s;
	struct fl_err err;
	cr_assert_eq(fl_store_open(&s, t.db, FL_STORE_READONLY, &err), FL_OK, "%s", err.msg);
	struct fl_stmt *st;
	cr_assert_eq(fl_store_prepare(s, "SELECT COUNT(*) FROM analyses", &st, &err), FL_OK);
	cr_assert_eq(fl_stmt_step(st), 1);
	cr_expect_eq(fl_stmt_int(st, 0), 0);
	fl_stmt_free(st);
	fl_store_close(s);
}

/* A statement that fails fails the analysis: one line naming it, a
 * non-zero exit, no report with a finding quietly missing. */
Test(saved, a_failed_query_fails_the_analysis_with_one_line)
{
	exec("DELETE FROM analyses; DROP TABLE transports");
	cr_assert_neq(fl_session_run(&t, "report", "last", "--format", "json", "--db", t.db, NULL), 0,
		      "report succeeded without transports");
	const char *err = t.err;
	cr_expect(strstr(err, "analysis query 'socket_channels'"), "stderr: %s", err);
	cr_expect(strstr(err, "no such table: transports"), "stderr: %s", err);
	cr_expect_eq(strchr(err, '\n'), err + strlen(err) - 1, "more than one line: %s", err);
	cr_expect_str_empty(t.out, "a report was printed: %.200s", t.out);
}

/* ingest stores the run, then analyses it and saves the analysis: when the
 * save fails, the run id is still printed (the run is stored) and the
 * failure is one line and a non-zero exit, never swallowed. */
Test(saved, a_failed_save_after_ingest_is_one_line_and_an_error)
{
	exec("CREATE TRIGGER no_saves BEFORE INSERT ON analyses "
	     "BEGIN SELECT RAISE(ABORT, 'analyses refused by the test'); END");
	cr_assert_neq(fl_session_run(&t, "ingest", BUNDLE, "--db", t.db, "--copy-dir", NULL), 0,
		      "ingest hid a failed save");
	const char *out = t.out, *err = t.err;
	cr_expect(!strcmp(out, "1 (already stored)\n"), "stdout: %s", out);
	cr_expect(strstr(err, "run 1 is stored, but its analysis failed"), "stderr: %s", err);
	cr_expect(strstr(err, "analyses refused by the test"), "stderr: %s", err);
	cr_expect_eq(strchr(err, '\n'), err + strlen(err) - 1, "more than one line: %s", err);
}

/* The same bytes analysed again reuse their run; when that run's events
 * came from another pattern library (an older faultline), the user is
 * told to re-read it, and the same library says nothing. */
Test(saved, same_bytes_read_by_another_pattern_library_are_named_stale)
{
	cr_assert_eq(fl_session_run(&t, "analyze", BUNDLE, "--db", t.db, NULL), 0, "%s", t.err);
	cr_expect_str_empty(t.err, "a note with the same library: %s", t.err);
	exec("UPDATE runs SET patterns_digest = 'an-older-library'");
	cr_assert_eq(fl_session_run(&t, "analyze", BUNDLE, "--db", t.db, NULL), 0, "%s", t.err);
	cr_expect(strstr(t.err, "run 1 holds these bytes, read with another pattern library;"
				" `faultline reanalyze 1`"),
		  "stderr: %s", t.err);
	cr_expect_gt(strlen(t.out), 0, "no report printed");
	cr_assert_eq(fl_session_run(&t, "reanalyze", "1", "--db", t.db, NULL), 0, "%s", t.err);
	cr_assert_eq(fl_session_run(&t, "analyze", BUNDLE, "--db", t.db, NULL), 0, "%s", t.err);
	cr_expect_str_empty(t.err, "still named stale after reanalyze: %s", t.err);
}
