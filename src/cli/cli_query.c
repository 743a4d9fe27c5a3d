/* SPDX-License-Identifier: MIT */
/*
 * cli_query.c - what the incident-history verbs share: opening stored
 * runs, and reading the numbers, times, durations and severities users
 * type.
 *
 * The query verbs (runs, ranks, timeline, events, transports, steps, tail,
 * show, sql) only read: they open the store read-only, so they work while
 * an ingest writes (WAL) and cannot damage it.
 */
#include "cli.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int cli_open_runs(const struct cli_common *c, char *const *specs, int n, struct fl_store **s,
		  int64_t *runs)
{
	if (cli_open_store(c, false, s))
		return EXIT_FAIL;
	struct fl_err err;
	fl_err_clear(&err);
	for (int k = 0; k < n; k++) {
		if (fl_store_resolve_run(*s, specs[k], &runs[k], &err)) {
			fl_store_close(*s);
			*s = NULL;
			return cli_fail(&err);
		}
	}
	return EXIT_OK;
}

int cli_query_run(int argc, char **argv, const struct cli_syntax *syn,
		  int (*fn)(struct fl_store *s, int64_t run, const void *opts, enum cli_rows fmt,
			    const struct cli_common *c))
{
	struct cli_common c;
	int rc = cli_parse_opts(argc, argv, syn, &c);
	if (rc != CLI_CONTINUE)
		return rc;
	struct fl_store *s;
	int64_t run;
	if (cli_open_runs(&c, argv + optind, 1, &s, &run))
		return EXIT_FAIL;
	rc = fn(s, run, syn->ctx, syn->rows ? *syn->rows : CLI_ROWS_TEXT, &c);
	fl_store_close(s);
	return rc;
}

int cli_prepare(struct fl_store *s, const char *sql, struct fl_stmt **st)
{
	struct fl_err err;
	fl_err_clear(&err);
	return fl_store_prepare(s, sql, st, &err) ? cli_fail(&err) : EXIT_OK;
}

int cli_badarg(const char *opt, const char *arg, const char *want)
{
	cli_failf("%s wants %s, not '%s'", opt, want, arg);
	return EXIT_USAGE;
}

bool cli_color(const struct cli_common *c)
{
	return !c->out && isatty(STDOUT_FILENO) && !getenv("NO_COLOR");
}

bool cli_parse_int(const char *s, int64_t min, int64_t *out)
{
	char *end;
	long long v = strtoll(s, &end, 10);
	if (end == s || *end || v < min)
		return false;
	*out = v;
	return true;
}

bool cli_parse_clock(const char *s, int64_t *us_of_day, bool *whole_second)
{
	int h, mi, sec, us;
	int n = fl_time_scan_clock(s, &h, &mi, &sec, &us);
	if (!n || s[n] || h > 23 || mi > 59 || sec > 60)
		return false;
	*us_of_day = ((int64_t)h * 3600 + mi * 60 + sec) * 1000000 + us;
	*whole_second = s[8] == '\0';
	return true;
}

bool cli_parse_duration(const char *s, int64_t *out)
{
	char *end;
	long long v = strtoll(s, &end, 10);
	if (end == s || v < 0 || !end[0] || end[1])
		return false;
	static const struct {
		char unit;
		int64_t us;
	} units[] = { { 's', 1000000LL },      { 'm', 60000000LL },     { 'h', 3600000000LL },
		      { 'd', 86400000000LL }, { 'w', 604800000000LL } };
	for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		if (*end == units[i].unit) {
			if (v > INT64_MAX / units[i].us)
				return false;
			*out = v * units[i].us;
			return true;
		}
	}
	return false;
}

int cli_parse_severity(const char *s)
{
	for (int i = FL_SEV_INFO; i <= FL_SEV_FATAL; i++)
		if (!strcmp(s, fl_severity_name((enum fl_severity)i)))
			return i;
	return -1;
}
