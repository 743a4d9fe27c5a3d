/* SPDX-License-Identifier: MIT */
/*
 * test_cli_sql.c - the CLI's table of SQL texts (src/cli/cli_sql.c): ids
 * and entries agree, rowset statements have their verbs' columns. That
 * each statement prepares against a fresh store is checked with the other
 * modules' tables in test_sql.c.
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

/* Every entry of enum cli_sql_id has its statement (a designated
 * initializer left out would leave a hole). Preparing them all is
 * tests/unit/test_sql.c's job, with every module's table. */
Test(cli_sql, every_id_has_a_statement)
{
	const struct fl_sql_def *d;
	size_t n = cli_sql_table(&d);
	cr_assert_eq(n, CLI_SQL_N);
	for (size_t i = 0; i < n; i++)
		cr_expect(d[i].name && d[i].text, "entry %zu of enum cli_sql_id has no statement", i);
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
