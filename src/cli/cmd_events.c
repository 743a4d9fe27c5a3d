/* SPDX-License-Identifier: MIT */
/*
 * cmd_events.c - `faultline events RUN`: a run's events (matched lines),
 * filtered by kind prefix, rank, host, time window, pattern, text and
 * severity, in bundle order (file, then line).
 *
 * Times are as logged (not clock-corrected: `timeline` does that), so a
 * window matches what the log files say. A bare HH:MM:SS is read on the
 * day the run's logs start, or the next day when it falls before their
 * first line, so that a window across midnight needs no date.
 */
#include "cli.h"

#define DAY_US 86400000000LL
#define SEC_US 1000000LL

struct ev_filter {
	const char *kind, *host, *pattern, *grep;
	const char *since, *until; /* as typed; resolved once the store is open */
	bool has_rank;
	int64_t rank, limit;
	int severity;
};

/* Earliest time of any line of the run, FL_TIME_NONE when none has one. */
static int64_t run_start(struct fl_store *s, int64_t run)
{
	struct fl_stmt *st;
	if (fl_store_prepare(s, cli_sql(CLI_SQL_EVENTS_RUN_START), &st, NULL))
		return FL_TIME_NONE;
	fl_stmt_bind_int(st, 1, run);
	int64_t t = FL_TIME_NONE;
	if (fl_stmt_step(st) == 1 && !fl_stmt_null(st, 0))
		t = fl_stmt_int(st, 0);
	fl_stmt_free(st);
	return t;
}

/* A --since/--until value in µs; an --until without a fraction covers its
 * whole second. Returns an exit code. */
static int resolve_time(struct fl_store *s, int64_t run, const char *opt, const char *arg,
			bool until, int64_t *out)
{
	bool whole;
	int64_t tod;
	if (!fl_time_parse_iso(arg, out, &whole)) {
		if (!cli_parse_clock(arg, &tod, &whole))
			return cli_badarg(opt, arg, "a time like 2026-11-30T14:02:07 or 14:02:07");
		int64_t start = run_start(s, run);
		if (start == FL_TIME_NONE)
			return cli_failf("run %lld has no timestamps; give %s a date as well",
					 (long long)run, opt);
		int64_t start_tod = start % DAY_US;
		*out = start - start_tod + tod;
		if (tod < start_tod - start_tod % SEC_US)
			*out += DAY_US;
	}
	if (until && whole)
		*out += SEC_US - 1;
	return EXIT_OK;
}

static int print_events(struct fl_store *s, int64_t run, const void *opts, enum cli_rows fmt,
			const struct cli_common *c)
{
	const struct ev_filter *f = opts;
	int64_t since = 0, until = 0;
	int rc;
	if (f->since && (rc = resolve_time(s, run, "--since", f->since, false, &since)))
		return rc;
	if (f->until && (rc = resolve_time(s, run, "--until", f->until, true, &until)))
		return rc;
	struct fl_stmt *st;
	if (cli_prepare(s, cli_sql(CLI_SQL_EVENTS), &st))
		return EXIT_FAIL;
	fl_stmt_bind_int(st, 1, run);
	fl_stmt_bind_text(st, 2, f->kind);
	if (f->has_rank)
		fl_stmt_bind_int(st, 3, f->rank);
	fl_stmt_bind_text(st, 4, f->host);
	if (f->since)
		fl_stmt_bind_int(st, 5, since);
	if (f->until)
		fl_stmt_bind_int(st, 6, until);
	fl_stmt_bind_text(st, 7, f->pattern);
	fl_stmt_bind_text(st, 8, f->grep);
	fl_stmt_bind_int(st, 9, f->severity);
	fl_stmt_bind_int(st, 10, f->limit ? f->limit : -1);
	rc = cli_print_rows(st, fmt, c);
	fl_stmt_free(st);
	return rc;
}

/* The filters are the verb's own options (struct cli_syntax.own). */
static int filter_opt(void *ctx, int opt, const char *arg)
{
	struct ev_filter *f = ctx;
	switch (opt) {
	case 'k':
		f->kind = arg;
		return CLI_CONTINUE;
	case 'r':
		f->has_rank = true;
		if (!cli_parse_int(arg, 0, &f->rank))
			return cli_badarg("--rank", arg, "a rank");
		return CLI_CONTINUE;
	case 'H':
		f->host = arg;
		return CLI_CONTINUE;
	case 'S':
		f->since = arg;
		return CLI_CONTINUE;
	case 'U':
		f->until = arg;
		return CLI_CONTINUE;
	case 'p':
		f->pattern = arg;
		return CLI_CONTINUE;
	case 'g':
		f->grep = arg;
		return CLI_CONTINUE;
	case 'v':
		f->severity = cli_parse_severity(arg);
		if (f->severity < 0)
			return cli_badarg("--severity", arg, "info, warning, error or fatal");
		return CLI_CONTINUE;
	case 'n':
		if (!cli_parse_int(arg, 0, &f->limit))
			return cli_badarg("--limit", arg, "a count");
		return CLI_CONTINUE;
	}
	return CLI_NOT_OWN;
}

int cmd_events(int argc, char **argv)
{
	static const struct option opts[] = {
		CLI_COMMON_OPTS,
		{ "kind", required_argument, NULL, 'k' },
		{ "rank", required_argument, NULL, 'r' },
		{ "host", required_argument, NULL, 'H' },
		{ "since", required_argument, NULL, 'S' },
		{ "until", required_argument, NULL, 'U' },
		{ "pattern", required_argument, NULL, 'p' },
		{ "grep", required_argument, NULL, 'g' },
		{ "severity", required_argument, NULL, 'v' },
		{ "limit", required_argument, NULL, 'n' },
		{ NULL, 0, NULL, 0 },
	};
	enum cli_rows fmt = CLI_ROWS_TEXT;
	struct ev_filter f = { .severity = FL_SEV_INFO };
	const struct cli_syntax syn = { .verb = "events", .shortopts = "o:f:hn:", .longopts = opts,
					.rows = &fmt, .own = filter_opt, .ctx = &f,
					.min = 1, .max = 1 };
	return cli_query_run(argc, argv, &syn, print_events);
}
