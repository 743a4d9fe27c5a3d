/* SPDX-License-Identifier: MIT */
/* cmd_report.c - `faultline report RUN`: the report of a stored run. */
#include "cli.h"

/* The report's format is --format's, in c. */
static int report_run(struct fl_store *s, int64_t run, const void *opts, enum cli_rows fmt,
		      const struct cli_common *c)
{
	return cli_report(s, run, c, false);
}

int cmd_report(int argc, char **argv)
{
	static const struct option opts[] = { CLI_COMMON_OPTS, { NULL, 0, NULL, 0 } };
	const struct cli_syntax syn = { .verb = "report", .shortopts = "o:f:h", .longopts = opts,
					.min = 1, .max = 1 };
	return cli_query_run(argc, argv, &syn, report_run);
}
