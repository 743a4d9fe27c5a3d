/* SPDX-License-Identifier: MIT */
/*
 * cmd_report.c - `faultline report RUN`: the report of a stored run, or a
 * ticket body (--format jira|github|slack) that links to it with --link.
 */
#include "cli.h"

/* The report's format is --format's, in c; opts is the --link value. */
static int report_run(struct fl_store *s, int64_t run, const void *opts, enum cli_rows fmt,
		      const struct cli_common *c)
{
	const char *const *link = opts;
	return cli_report(s, run, c, false, *link);
}

static int link_opt(void *ctx, int opt, const char *arg)
{
	if (opt != 'l')
		return CLI_NOT_OWN;
	*(const char **)ctx = arg;
	return CLI_CONTINUE;
}

int cmd_report(int argc, char **argv)
{
	static const struct option opts[] = { CLI_COMMON_OPTS,
					      { "link", required_argument, NULL, 'l' },
					      { NULL, 0, NULL, 0 } };
	const char *link = NULL;
	const struct cli_syntax syn = { .verb = "report", .shortopts = "o:f:h", .longopts = opts,
					.own = link_opt, .ctx = &link, .min = 1, .max = 1 };
	return cli_query_run(argc, argv, &syn, report_run);
}
