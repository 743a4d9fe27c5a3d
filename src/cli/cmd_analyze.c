/* SPDX-License-Identifier: MIT */
/*
 * cmd_analyze.c - `faultline analyze BUNDLE`: the main job. Ingest the
 * bundle (or find it, if the same bytes were stored before), analyse it,
 * print the report.
 */
#include "cli.h"

int cmd_analyze(int argc, char **argv)
{
	const struct fl_cmd *cmd = cli_find("analyze");
	static const struct option opts[] = { CLI_COMMON_OPTS, { "no-keep", no_argument, NULL, 'K' },
					      { NULL, 0, NULL, 0 } };
	struct cli_common c;
	cli_common_init(&c);
	bool keep = true;
	int opt;
	optind = 1;
	while ((opt = getopt_long(argc, argv, "o:f:h", opts, NULL)) != -1) {
		if (opt == 'h')
			return cli_help(cmd);
		if (opt == 'K') {
			keep = false;
			continue;
		}
		int r = cli_common_opt(&c, opt, optarg);
		if (r < 0)
			return EXIT_USAGE;
		if (r == 0)
			return cli_usage(cmd);
	}
	if (optind + 1 != argc)
		return cli_usage(cmd);
	struct fl_patterns *p;
	struct fl_store *s;
	if (cli_load_patterns(&c, &p))
		return EXIT_FAIL;
	if (cli_open_store(&c, true, &s)) {
		fl_patterns_free(p);
		return EXIT_FAIL;
	}
	struct fl_ingest_result res;
	int rc = cli_ingest_one(s, p, argv[optind], keep, &res);
	if (rc == EXIT_OK)
		rc = cli_report(s, res.run_id, &c, true);
	fl_store_close(s);
	fl_patterns_free(p);
	return rc;
}
