/* SPDX-License-Identifier: MIT */
/*
 * cmd_merge.c - `faultline merge SRC_DB...`: combine stores.
 *
 * Each host (or each shard of a large bundle) can be ingested on its own,
 * in parallel, into its own store. Plain merge copies every run of each
 * source store into the destination; --into-one makes the one run of each
 * source a shard of a single run, re-resolved and re-analysed as a whole.
 * Prints the destination's run ids, one per line, as `ingest` does.
 */
#include "cli.h"

#include <stdio.h>
#include <stdlib.h>

static void print_run(const struct fl_merged *m)
{
	printf("%lld%s\n", (long long)m->run_id, m->existed ? " (already stored)" : "");
}

static int merge_each(struct fl_store *s, char **srcs, int n)
{
	for (int i = 0; i < n; i++) {
		struct fl_merged *runs;
		size_t nruns;
		struct fl_err err;
		fl_err_clear(&err);
		if (fl_store_merge(s, srcs[i], &runs, &nruns, &err))
			return cli_fail(&err);
		for (size_t k = 0; k < nruns; k++)
			print_run(&runs[k]);
		free(runs);
	}
	return EXIT_OK;
}

static int merge_into_one(struct fl_store *s, char **srcs, int n)
{
	struct fl_merged run;
	struct fl_err err;
	fl_err_clear(&err);
	if (fl_store_merge_shards(s, (const char *const *)srcs, (size_t)n, &run, &err))
		return cli_fail(&err);
	print_run(&run);
	fflush(stdout);
	return run.existed ? EXIT_OK : cli_save_analysis(s, run.run_id);
}

static int into_one_opt(void *into_one, int opt, const char *arg)
{
	if (opt != '1')
		return CLI_NOT_OWN;
	*(bool *)into_one = true;
	return CLI_CONTINUE;
}

int cmd_merge(int argc, char **argv)
{
	static const struct option opts[] = { CLI_COMMON_OPTS,
					      { "into-one", no_argument, NULL, '1' },
					      { NULL, 0, NULL, 0 } };
	bool into_one = false;
	/* Only --db and --journal-delete make sense here. */
	const struct cli_syntax syn = { .verb = "merge", .shortopts = "h", .longopts = opts,
					.refuse = "foP", .own = into_one_opt, .ctx = &into_one,
					.min = 1, .max = -1 };
	struct cli_common c;
	int rc = cli_parse_opts(argc, argv, &syn, &c);
	if (rc != CLI_CONTINUE)
		return rc;
	struct fl_store *s;
	if (cli_open_store(&c, true, &s))
		return EXIT_FAIL;
	rc = into_one ? merge_into_one(s, argv + optind, argc - optind)
		      : merge_each(s, argv + optind, argc - optind);
	fl_store_close(s);
	return rc;
}
