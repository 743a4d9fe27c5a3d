/* SPDX-License-Identifier: MIT */
/*
 * cmd_ingest.c - `faultline ingest BUNDLE...` and the ingest step that
 * `analyze` shares.
 */
#include "cli.h"

#include <stdio.h>
#include <string.h>

int cli_ingest_one(struct fl_store *s, const struct fl_patterns *p, const char *path, bool keep,
		   struct fl_ingest_result *res)
{
	struct fl_pipeline_opts o;
	fl_pipeline_opts_init(&o);
	o.keep = keep;
	struct fl_err err;
	fl_err_clear(&err);
	if (fl_pipeline_ingest(s, p, path, &o, res, &err))
		return cli_fail(&err);
	return EXIT_OK;
}

int cmd_ingest(int argc, char **argv)
{
	const struct fl_cmd *cmd = cli_find("ingest");
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
	if (optind >= argc)
		return cli_usage(cmd);
	struct fl_patterns *p;
	struct fl_store *s;
	if (cli_load_patterns(&c, &p))
		return EXIT_FAIL;
	if (cli_open_store(&c, true, &s)) {
		fl_patterns_free(p);
		return EXIT_FAIL;
	}
	int rc = EXIT_OK;
	for (int i = optind; i < argc; i++) {
		struct fl_ingest_result res;
		if (cli_ingest_one(s, p, argv[i], keep, &res)) {
			rc = EXIT_FAIL;
			continue;
		}
		/* Store the verdict summary so that `runs` can list it. */
		struct fl_analysis *a;
		struct fl_err err;
		fl_err_clear(&err);
		if (fl_analyze_run(s, res.run_id, &a, &err) == FL_OK) {
			fl_analysis_save(s, a, &err);
			fl_analysis_free(a);
		}
		printf("%lld%s\n", (long long)res.run_id, res.existed ? " (already stored)" : "");
	}
	fl_store_close(s);
	fl_patterns_free(p);
	return rc;
}
