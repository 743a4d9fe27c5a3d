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

/* "HH:MM:SS[.frac]" at the start of s; returns characters read, 0 if none. */
static int parse_clock(const char *s, int *h, int *mi, int *sec, int *us)
{
	int n = 0;
	if (sscanf(s, "%2d:%2d:%2d%n", h, mi, sec, &n) != 3 || n != 8)
		return 0;
	*us = 0;
	if (s[n] != '.' && s[n] != ',')
		return n;
	n++;
	int digits = 0;
	for (; isdigit((unsigned char)s[n]); n++, digits++)
		if (digits < 6)
			*us = *us * 10 + (s[n] - '0');
	if (!digits)
		return 0;
	for (; digits < 6; digits++)
		*us *= 10;
	return n;
}

bool cli_parse_clock(const char *s, int64_t *us_of_day, bool *whole_second)
{
	int h, mi, sec, us;
	int n = parse_clock(s, &h, &mi, &sec, &us);
	if (!n || s[n] || h > 23 || mi > 59 || sec > 60)
		return false;
	*us_of_day = ((int64_t)h * 3600 + mi * 60 + sec) * 1000000 + us;
	*whole_second = s[8] == '\0';
	return true;
}

bool cli_parse_time(const char *s, int64_t *out, bool *whole_second)
{
	int y, mo, d, n = 0;
	if (sscanf(s, "%4d-%2d-%2d%n", &y, &mo, &d, &n) != 3 || n != 10)
		return false;
	int h = 0, mi = 0, sec = 0, us = 0;
	const char *p = s + n;
	bool whole = true;
	if (*p == 'T' || *p == 't' || *p == ' ') {
		int k = parse_clock(p + 1, &h, &mi, &sec, &us);
		if (!k)
			return false;
		whole = p[9] != '.' && p[9] != ',';
		p += 1 + k;
	}
	int64_t off = 0;
	if (*p == 'Z' || *p == 'z') {
		p++;
	} else if (*p == '+' || *p == '-') {
		int oh, om, k = 0;
		if (sscanf(p + 1, "%2d:%2d%n", &oh, &om, &k) != 2 || k != 5)
			return false;
		off = ((int64_t)oh * 3600 + om * 60) * 1000000 * (*p == '-' ? -1 : 1);
		p += 6;
	}
	if (*p)
		return false;
	int64_t t = fl_time_from_civil(y, mo, d, h, mi, sec, us);
	if (t == FL_TIME_NONE)
		return false;
	*out = t - off;
	if (whole_second)
		*whole_second = whole;
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
