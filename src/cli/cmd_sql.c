/* SPDX-License-Identifier: MIT */
/*
 * cmd_sql.c - `faultline sql "SELECT ..."`: the incident history for
 * whatever question the other verbs do not answer.
 *
 * Two locks keep the store safe from a typo or a pasted script: the store
 * is opened read-only, and an authorizer (fl_store_lock_readonly) refuses
 * at prepare time anything but reading, ATTACH and PRAGMA included. Only
 * one statement runs; a second one after a ';' is refused rather than
 * silently ignored.
 */
#include "cli.h"

#include <string.h>

/* Past the comment at p, or NULL when p is not at one. */
static const char *skip_comment(const char *p)
{
	if (p[0] == '-' && p[1] == '-')
		return p + strcspn(p, "\n");
	if (p[0] != '/' || p[1] != '*')
		return NULL;
	const char *end = strstr(p + 2, "*/");
	return end ? end + 2 : p + strlen(p);
}

/* Where the first statement of sql ends: at its ';' outside quotes and
 * comments, or at the end of the text. */
static const char *first_statement_end(const char *p)
{
	while (*p && *p != ';') {
		const char *quote = strchr("'\"`[", *p);
		const char *past = skip_comment(p);
		if (quote) {
			const char *close = strchr(p + 1, *quote == '[' ? ']' : *quote);
			p = close ? close + 1 : p + strlen(p);
		} else {
			p = past ? past : p + 1;
		}
	}
	return p;
}

/* Whether only blanks, ';' and comments follow the first statement. */
static bool one_statement(const char *sql)
{
	const char *p = first_statement_end(sql);
	while (*p) {
		const char *past = skip_comment(p);
		if (past)
			p = past;
		else if (strchr(" \t\r\n;", *p))
			p++;
		else
			return false;
	}
	return true;
}

static int run_sql(const struct cli_common *c, const char *sql, enum cli_rows fmt)
{
	if (!one_statement(sql))
		return cli_failf("one statement at a time, please");
	struct fl_store *s;
	if (cli_open_store(c, false, &s))
		return EXIT_FAIL;
	fl_store_lock_readonly(s);
	struct fl_stmt *st;
	struct fl_err err;
	fl_err_clear(&err);
	int rc;
	if (fl_store_prepare(s, sql, &st, &err)) {
		if (strstr(err.msg, "not authorized"))
			rc = cli_failf("refused: 'faultline sql' only reads (%s)", err.msg);
		else
			rc = cli_fail(&err);
	} else {
		rc = cli_print_rows(st, fmt, c);
		fl_stmt_free(st);
	}
	fl_store_close(s);
	return rc;
}

int cmd_sql(int argc, char **argv)
{
	static const struct option opts[] = { CLI_COMMON_OPTS, { NULL, 0, NULL, 0 } };
	enum cli_rows fmt = CLI_ROWS_TEXT;
	const struct cli_syntax syn = { .verb = "sql", .shortopts = "o:f:h", .longopts = opts,
					.rows = &fmt, .min = 1, .max = 1 };
	struct cli_common c;
	int rc = cli_parse_opts(argc, argv, &syn, &c);
	return rc != CLI_CONTINUE ? rc : run_sql(&c, argv[optind], fmt);
}
