/* SPDX-License-Identifier: MIT */
/*
 * test_sql.c - every SQL text a module keeps in its named table prepares
 * against a freshly migrated store.
 *
 * A schema change that breaks a statement (a renamed column, a dropped
 * index named in INDEXED BY, a view that changed shape) fails here with
 * the module and the statement's name, instead of making a finding
 * silently disappear at run time. Adding a module's table is one line in
 * TABLES.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "faultline/analyze.h"
#include "faultline/serve.h"
#include "fl_test.h"

struct sql_table {
	const char *module;
	size_t (*get)(const struct fl_sql_def **out);
};

static const struct sql_table TABLES[] = {
	{ "analyze", fl_analyze_sql },
	{ "cli", cli_sql_table },
	{ "serve", fl_serve_sql },
};
#define NTABLES (sizeof(TABLES) / sizeof(TABLES[0]))

static struct fl_store *fresh_store(const char *name)
{
	char *dir = fl_test_tmpdir(name);
	char path[4096];
	snprintf(path, sizeof(path), "%s/faultline.db", dir);
	free(dir);
	struct fl_store *s = NULL;
	struct fl_err err;
	cr_assert_eq(fl_store_open(&s, path, FL_STORE_CREATE, &err), FL_OK, "cannot create a store: %s",
		     err.msg);
	return s;
}

Test(sql, every_statement_prepares_against_a_fresh_store)
{
	struct fl_store *s = fresh_store("sql-prepare");
	size_t total = 0;
	for (size_t t = 0; t < NTABLES; t++) {
		const struct fl_sql_def *d;
		size_t n = TABLES[t].get(&d);
		cr_expect_gt(n, 0, "%s: empty SQL table", TABLES[t].module);
		for (size_t i = 0; i < n; i++, total++) {
			struct fl_stmt *st = NULL;
			struct fl_err err = { 0 };
			int rc = fl_store_prepare(s, d[i].text, &st, &err);
			cr_expect_eq(rc, FL_OK, "%s: statement '%s' does not prepare: %s",
				     TABLES[t].module, d[i].name, err.msg);
			fl_stmt_free(st);
		}
	}
	cr_expect_gt(total, 0);
	fl_store_close(s);
}

/* The names are what a failure reports: each one present and unique in
 * its table. */
Test(sql, every_statement_has_a_unique_name)
{
	for (size_t t = 0; t < NTABLES; t++) {
		const struct fl_sql_def *d;
		size_t n = TABLES[t].get(&d);
		for (size_t i = 0; i < n; i++) {
			cr_assert(d[i].name && *d[i].name, "%s: statement %zu has no name",
				  TABLES[t].module, i);
			cr_expect(d[i].text && *d[i].text, "%s: '%s' has no text", TABLES[t].module,
				  d[i].name);
			for (size_t k = 0; k < i; k++)
				cr_expect(strcmp(d[i].name, d[k].name) != 0, "%s: '%s' is named twice",
					  TABLES[t].module, d[i].name);
		}
	}
}

/* The check itself must be able to fail: a statement on a column the
 * schema does not have is refused, with SQLite's reason. */
Test(sql, a_statement_the_schema_cannot_answer_is_refused)
{
	struct fl_store *s = fresh_store("sql-refused");
	struct fl_stmt *st = NULL;
	struct fl_err err = { 0 };
	int rc = fl_store_prepare(s, "SELECT no_such_column FROM events WHERE run_id = ?1", &st, &err);
	cr_expect_neq(rc, FL_OK);
	cr_expect(strstr(err.msg, "no_such_column"), "got '%s'", err.msg);
	fl_stmt_free(st);
	fl_store_close(s);
}
