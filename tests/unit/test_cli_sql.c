/* SPDX-License-Identifier: MIT */
/*
 * test_cli_sql.c - every SQL text of the verbs (src/cli/cli_sql.c)
 * prepares against a freshly migrated store.
 *
 * A schema change that breaks a listing (a renamed column, a view that
 * changed shape) fails here with the statement's name instead of making
 * a verb fail in front of its user.
 */
#include <criterion/criterion.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "fl_test.h"

static struct fl_store *fresh_store(const char *name)
{
	char *dir = fl_test_tmpdir(name);
	char *path = fl_xasprintf("%s/faultline.db", dir);
	struct fl_store *s = NULL;
	struct fl_err err = { 0 };
	cr_assert_eq(fl_store_open(&s, path, FL_STORE_CREATE, &err), FL_OK,
		     "cannot create a store: %s", err.msg);
	free(path);
	free(dir);
	return s;
}

Test(cli_sql, every_statement_prepares_against_a_fresh_store)
{
	struct fl_store *s = fresh_store("cli-sql-prepare");
	const struct fl_sql_def *d;
	size_t n = cli_sql_table(&d);
	cr_assert_eq(n, CLI_SQL_N);
	for (size_t i = 0; i < n; i++) {
		cr_assert(d[i].name && d[i].text, "entry %zu of enum cli_sql_id has no statement", i);
		struct fl_stmt *st = NULL;
		struct fl_err err = { 0 };
		cr_expect_eq(fl_store_prepare(s, d[i].text, &st, &err), FL_OK,
			     "cli: statement '%s' does not prepare: %s", d[i].name, err.msg);
		fl_stmt_free(st);
	}
	fl_store_close(s);
}

Test(cli_sql, every_statement_has_a_unique_name)
{
	const struct fl_sql_def *d;
	size_t n = cli_sql_table(&d);
	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < i; k++)
			cr_expect(strcmp(d[i].name, d[k].name) != 0, "'%s' is named twice",
				  d[i].name);
}

/* The lookup is by id: each id gives its own entry's text. */
Test(cli_sql, ids_index_the_table)
{
	const struct fl_sql_def *d;
	cli_sql_table(&d);
	cr_assert_eq(cli_sql(CLI_SQL_RUNS), d[CLI_SQL_RUNS].text);
	cr_assert_str_eq(d[CLI_SQL_RUNS].name, "runs");
	cr_assert_str_eq(d[CLI_SQL_HOSTS_DEEP].name, "hosts.deep");
}

/* The rowset statements name as many columns as their verbs fill. */
Test(cli_sql, rowset_statements_have_their_columns)
{
	struct fl_store *s = fresh_store("cli-sql-rowsets");
	const struct {
		enum cli_sql_id id;
		int ncols;
	} rowsets[] = { { CLI_SQL_RANKS_ROWS, 8 }, { CLI_SQL_SHOW_LINES, 4 } };
	for (size_t i = 0; i < sizeof(rowsets) / sizeof(rowsets[0]); i++) {
		struct fl_stmt *st = NULL;
		struct fl_err err = { 0 };
		cr_assert_eq(fl_store_prepare(s, cli_sql(rowsets[i].id), &st, &err), FL_OK, "%s",
			     err.msg);
		cr_expect_eq(fl_stmt_columns(st), rowsets[i].ncols);
		fl_stmt_free(st);
	}
	fl_store_close(s);
}

/* The check itself can fail: a statement on a column the schema lacks is
 * refused, with SQLite's reason. */
Test(cli_sql, a_statement_the_schema_cannot_answer_is_refused)
{
	struct fl_store *s = fresh_store("cli-sql-refused");
	struct fl_stmt *st = NULL;
	struct fl_err err = { 0 };
	cr_expect_neq(fl_store_prepare(s, "SELECT no_such_column FROM runs", &st, &err), FL_OK);
	cr_expect(strstr(err.msg, "no_such_column"), "got '%s'", err.msg);
	fl_stmt_free(st);
	fl_store_close(s);
}
