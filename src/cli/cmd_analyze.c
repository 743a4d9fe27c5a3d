/* SPDX-License-Identifier: MIT */
/*
 * cmd_analyze.c - `faultline analyze BUNDLE`: the main job. Ingest the
 * bundle (or find it, if the same bytes were stored before), analyse it,
 * print the report.
 */
#include "cli.h"

int cmd_analyze(int argc, char **argv)
{
	struct cli_common c;
	struct cli_ingest in;
	int rc = cli_ingest_args(argc, argv, "analyze", 1, &c, &in);
	if (rc != CLI_CONTINUE)
		return rc;
	struct fl_patterns *p;
	struct fl_store *s;
	if (cli_open_writable(&c, false, &p, &s))
		return EXIT_FAIL;
	struct fl_ingest_result res;
	rc = cli_ingest_one(s, p, argv[optind], &in, 1, 1, &res);
	if (rc == EXIT_OK)
		rc = cli_report(s, res.run_id, &c, true, NULL);
	fl_store_close(s);
	fl_patterns_free(p);
	return rc;
}
