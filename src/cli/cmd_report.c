/* SPDX-License-Identifier: MIT */
/* cmd_report.c - `faultline report RUN`: the report of a stored run. */
#include "cli.h"

int cmd_report(int argc, char **argv)
{
	const struct fl_cmd *cmd = cli_find("report");
	static const struct option opts[] = { CLI_COMMON_OPTS, { NULL, 0, NULL, 0 } };
	struct cli_common c;
	cli_common_init(&c);
	int opt;
	optind = 1;
	while ((opt = getopt_long(argc, argv, "o:f:h", opts, NULL)) != -1) {
		if (opt == 'h')
			return cli_help(cmd);
		int r = cli_common_opt(&c, opt, optarg);
		if (r < 0)
			return EXIT_USAGE;
		if (r == 0)
			return cli_usage(cmd);
	}
	if (optind + 1 != argc)
		return cli_usage(cmd);
	struct fl_store *s;
	if (cli_open_store(&c, false, &s))
		return EXIT_FAIL;
	int64_t run;
	struct fl_err err;
	fl_err_clear(&err);
	int rc = fl_store_resolve_run(s, argv[optind], &run, &err) ? cli_fail(&err)
								    : cli_report(s, run, &c, false);
	fl_store_close(s);
	return rc;
}
