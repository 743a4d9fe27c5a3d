/* SPDX-License-Identifier: MIT */
/*
 * cmd_ingest.c - `faultline ingest BUNDLE...` and the ingest step that
 * `analyze` shares.
 */
#include "cli.h"

#include <stdio.h>
#include <string.h>

int cli_ingest_one(struct fl_store *s, const struct fl_patterns *p, const char *path,
		   const struct cli_ingest *in, int index, int count,
		   struct fl_ingest_result *res)
{
	struct fl_pipeline_opts o;
	fl_pipeline_opts_init(&o);
	o.keep = in->keep;
	struct cli_progress pr;
	cli_progress_init(&pr, in->quiet, index, count);
	cli_progress_attach(&pr, &o);
	struct fl_err err;
	fl_err_clear(&err);
	int rc = fl_pipeline_ingest(s, p, path, &o, res, &err);
	cli_progress_clear(&pr);
	return rc ? cli_fail(&err) : EXIT_OK;
}

/* --no-keep and --copy-dir (the last one given counts), --quiet. */
static int ingest_opt(void *ctx, int opt, const char *arg)
{
	struct cli_ingest *in = ctx;
	switch (opt) {
	case 'K': in->keep = FL_KEEP_NONE; return CLI_CONTINUE;
	case 'C': in->keep = FL_KEEP_ALL; return CLI_CONTINUE;
	case 'q': in->quiet = true; return CLI_CONTINUE;
	default: return CLI_NOT_OWN;
	}
}

int cli_ingest_args(int argc, char **argv, const char *verb, int max, struct cli_common *c,
		    struct cli_ingest *in)
{
	static const struct option opts[] = { CLI_COMMON_OPTS,
					      { "no-keep", no_argument, NULL, 'K' },
					      { "copy-dir", no_argument, NULL, 'C' },
					      { "quiet", no_argument, NULL, 'q' },
					      { NULL, 0, NULL, 0 } };
	const struct cli_syntax syn = { .verb = verb, .shortopts = "o:f:qh", .longopts = opts,
					.own = ingest_opt, .ctx = in, .min = 1, .max = max };
	*in = (struct cli_ingest){ .keep = FL_KEEP_FILES };
	return cli_parse_opts(argc, argv, &syn, c);
}

int cmd_ingest(int argc, char **argv)
{
	struct cli_common c;
	struct cli_ingest in;
	int rc = cli_ingest_args(argc, argv, "ingest", -1, &c, &in);
	if (rc != CLI_CONTINUE)
		return rc;
	struct fl_patterns *p;
	struct fl_store *s;
	if (cli_open_writable(&c, false, &p, &s))
		return EXIT_FAIL;
	rc = EXIT_OK;
	for (int i = optind; i < argc; i++) {
		struct fl_ingest_result res;
		if (cli_ingest_one(s, p, argv[i], &in, i - optind + 1, argc - optind, &res)) {
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
