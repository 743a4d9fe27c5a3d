/* SPDX-License-Identifier: MIT */
/*
 * cmd_runs.c - `faultline runs`: past runs, newest first, filtered by
 * age, cause, status, host or failure signature.
 *
 * The verdict columns (status, cause, first failure, signature) were
 * written on the run row by analyze/ingest, so listing never re-analyses.
 * Each filter is a bound parameter that is NULL when not given: one fixed
 * statement, no SQL assembled from user text.
 */
#include "cli.h"

#include <time.h>

struct runs_filter {
	bool has_since;
	int64_t since;
	const char *cause, *status, *signature, *host;
	int64_t limit;
};

/* A date or date-time, or a duration back from now. */
static bool parse_since(const char *arg, int64_t *since)
{
	int64_t d;
	if (fl_time_parse_iso(arg, since, NULL))
		return true;
	if (!cli_parse_duration(arg, &d))
		return false;
	*since = fl_now_us() - d;
	return true;
}

static int list_runs(const struct cli_common *c, enum cli_rows fmt, const struct runs_filter *f)
{
	struct fl_store *s;
	if (cli_open_store(c, false, &s))
		return EXIT_FAIL;
	struct fl_stmt *st;
	if (cli_prepare(s, cli_sql(CLI_SQL_RUNS), &st)) {
		fl_store_close(s);
		return EXIT_FAIL;
	}
	if (f->has_since)
		fl_stmt_bind_int(st, 1, f->since);
	fl_stmt_bind_text(st, 2, f->cause);
	fl_stmt_bind_text(st, 3, f->status);
	fl_stmt_bind_text(st, 4, f->signature);
	fl_stmt_bind_text(st, 5, f->host);
	fl_stmt_bind_int(st, 6, f->limit ? f->limit : -1);
	int rc = cli_print_rows(st, fmt, c);
	fl_stmt_free(st);
	fl_store_close(s);
	return rc;
}

/* The filters are the verb's own options (struct cli_syntax.own). */
static int filter_opt(void *ctx, int opt, const char *arg)
{
	struct runs_filter *f = ctx;
	switch (opt) {
	case 'S':
		if (!parse_since(arg, &f->since))
			return cli_badarg("--since", arg,
					  "a date like 2026-11-30 or a duration like 7d");
		f->has_since = true;
		return CLI_CONTINUE;
	case 'c':
		f->cause = arg;
		return CLI_CONTINUE;
	case 'H':
		f->host = arg;
		return CLI_CONTINUE;
	case 's':
		f->status = arg;
		return CLI_CONTINUE;
	case 'g':
		f->signature = arg;
		return CLI_CONTINUE;
	case 'n':
		if (!cli_parse_int(arg, 0, &f->limit))
			return cli_badarg("--limit", arg, "a count");
		return CLI_CONTINUE;
	}
	return CLI_NOT_OWN;
}

int cmd_runs(int argc, char **argv)
{
	static const struct option opts[] = {
		CLI_COMMON_OPTS,
		{ "since", required_argument, NULL, 'S' },
		{ "cause", required_argument, NULL, 'c' },
		{ "host", required_argument, NULL, 'H' },
		{ "status", required_argument, NULL, 's' },
		{ "signature", required_argument, NULL, 'g' },
		{ "limit", required_argument, NULL, 'n' },
		{ NULL, 0, NULL, 0 },
	};
	enum cli_rows fmt = CLI_ROWS_TEXT;
	struct runs_filter f = { .limit = 50 };
	const struct cli_syntax syn = { .verb = "runs", .shortopts = "o:f:hn:", .longopts = opts,
					.rows = &fmt, .own = filter_opt, .ctx = &f,
					.min = 0, .max = 0 };
	struct cli_common c;
	int rc = cli_parse_opts(argc, argv, &syn, &c);
	return rc != CLI_CONTINUE ? rc : list_runs(&c, fmt, &f);
}
