/* SPDX-License-Identifier: MIT */
/*
 * cmd_timeline.c - `faultline timeline RUN`: what happened, in order,
 * across every rank and host.
 *
 * Hosts log in their own clocks; the analysis estimates each host's
 * offset (clock.c), and the events are ordered by their time minus their
 * host's offset, the same correction the report applies. Events without
 * a time come last, in bundle order.
 */
#include "cli.h"

/* The analysis' host clock offsets as the timeline statement takes them
 * (?4): a JSON object from the hex of each host name to its offset. */
static void offsets_json(struct fl_buf *b, const struct fl_analysis *a)
{
	fl_buf_addc(b, '{');
	for (size_t i = 0; i < a->noffsets; i++) {
		if (!a->offsets[i].host)
			continue;
		fl_buf_adds(b, b->len > 1 ? ",\"" : "\"");
		for (const unsigned char *h = (const unsigned char *)a->offsets[i].host; *h; h++)
			fl_buf_printf(b, "%02X", *h);
		fl_buf_printf(b, "\":%lld", (long long)a->offsets[i].offset_us);
	}
	fl_buf_addc(b, '}');
}

struct timeline_opts {
	int severity; /* the least shown */
	int64_t limit;
};

static int timeline_opt(void *ctx, int opt, const char *arg)
{
	struct timeline_opts *o = ctx;
	switch (opt) {
	case 'n':
		return cli_parse_int(arg, 0, &o->limit) ? CLI_CONTINUE
							: cli_badarg("-n", arg, "a count");
	case 'v':
		o->severity = cli_parse_severity(arg);
		return o->severity >= 0 ? CLI_CONTINUE
					: cli_badarg("--severity", arg,
						     "info, warning, error or fatal");
	}
	return CLI_NOT_OWN;
}

static int print_timeline(struct fl_store *s, int64_t run, const void *opts, enum cli_rows fmt,
			  const struct cli_common *c)
{
	const struct timeline_opts *o = opts;
	struct fl_analysis *a;
	struct fl_err err;
	fl_err_clear(&err);
	if (fl_analysis_get(s, run, &a, &err))
		return cli_fail(&err);
	struct fl_stmt *st;
	int rc = cli_prepare(s, cli_sql(CLI_SQL_TIMELINE), &st);
	if (rc) {
		fl_analysis_free(a);
		return rc;
	}
	struct fl_buf offsets = FL_BUF_INIT;
	offsets_json(&offsets, a);
	fl_stmt_bind_int(st, 1, run);
	fl_stmt_bind_int(st, 2, o->severity);
	fl_stmt_bind_int(st, 3, o->limit ? o->limit : -1);
	fl_stmt_bind_text(st, 4, offsets.ptr);
	rc = cli_print_rows(st, fmt, c);
	fl_stmt_free(st);
	fl_buf_release(&offsets);
	fl_analysis_free(a);
	return rc;
}

int cmd_timeline(int argc, char **argv)
{
	static const struct option opts[] = { CLI_COMMON_OPTS,
					      { "severity", required_argument, NULL, 'v' },
					      { NULL, 0, NULL, 0 } };
	enum cli_rows fmt = CLI_ROWS_TEXT;
	struct timeline_opts o = { .severity = FL_SEV_WARNING, .limit = 40 };
	const struct cli_syntax syn = { .verb = "timeline", .shortopts = "o:f:hn:",
					.longopts = opts, .rows = &fmt, .own = timeline_opt,
					.ctx = &o, .min = 1, .max = 1 };
	return cli_query_run(argc, argv, &syn, print_timeline);
}
