/* SPDX-License-Identifier: MIT */
/*
 * cmd_ranks.c - `faultline ranks RUN`: one row per global rank with what
 * the analysis concluded of it (failed, stuck, waiting, killed, ok...),
 * its first error and when it was last heard from.
 *
 * States exist only in the analysis, so the run is analysed again (it is
 * fast: analysis reads the store, not the bundle) and its rank table is
 * printed through a rowset.
 */
#include "cli.h"

enum { NCOLS = 8 }; /* the columns of CLI_SQL_RANKS_ROWS */

static void add_rank(struct cli_rowset *rs, const struct fl_rank_state *r)
{
	cli_rowset_int(rs, r->rank);
	cli_rowset_text(rs, r->host);
	if (r->local_rank >= 0)
		cli_rowset_int(rs, r->local_rank);
	else
		cli_rowset_null(rs);
	cli_rowset_text(rs, r->state);
	cli_rowset_text(rs, r->first_error);
	cli_rowset_time(rs, r->last_ts);
	if (r->last_seq >= 0)
		cli_rowset_int(rs, r->last_seq);
	else
		cli_rowset_null(rs);
	cli_rowset_int(rs, r->lines);
}

static int print_ranks(struct fl_store *s, int64_t run, const void *opts, enum cli_rows fmt,
		       const struct cli_common *c)
{
	struct fl_analysis *a;
	struct fl_err err;
	fl_err_clear(&err);
	if (fl_analysis_get(s, run, &a, &err))
		return cli_fail(&err);
	struct cli_rowset rs;
	cli_rowset_init(&rs, CLI_SQL_RANKS_ROWS, NCOLS);
	for (size_t i = 0; i < a->nranks_state; i++)
		add_rank(&rs, &a->ranks[i]);
	int rc = cli_rowset_print(&rs, s, fmt, c);
	cli_rowset_release(&rs);
	fl_analysis_free(a);
	return rc;
}

int cmd_ranks(int argc, char **argv)
{
	static const struct option opts[] = { CLI_COMMON_OPTS, { NULL, 0, NULL, 0 } };
	enum cli_rows fmt = CLI_ROWS_TEXT;
	const struct cli_syntax syn = { .verb = "ranks", .shortopts = "o:f:h", .longopts = opts,
					.rows = &fmt, .min = 1, .max = 1 };
	return cli_query_run(argc, argv, &syn, print_ranks);
}
