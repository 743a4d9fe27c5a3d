/* SPDX-License-Identifier: MIT */
/*
 * cmd_comms.c - `faultline comms RUN`: the run's NCCL communicators, one
 * row each, largest first: size, members seen, their ranks (a range and
 * stride when they form one), the parallel group inferred from that
 * membership (world, tp, dp, pp), the hosts they span and the transports
 * their channel lines used.
 *
 * The inference is the analysis' (fl_comms_load(), src/analyze/layout.c),
 * so that this listing and the tp_crosses_nodes finding cannot disagree.
 */
#include "cli.h"

#include <stdlib.h>

enum { NCOLS = 9 }; /* the columns of CLI_SQL_COMMS_ROWS */

static void add_comm(struct cli_rowset *rs, const struct fl_comm *k)
{
	cli_rowset_text(rs, k->comm);
	cli_rowset_int(rs, k->nranks);
	cli_rowset_int(rs, k->members);
	char *ranks = k->first_rank < 0 ? NULL
		      : k->first_rank == k->last_rank
			      ? fl_xasprintf("%lld", (long long)k->first_rank)
			      : fl_xasprintf("%lld-%lld", (long long)k->first_rank, (long long)k->last_rank);
	cli_rowset_text(rs, ranks);
	free(ranks);
	if (k->stride > 0)
		cli_rowset_int(rs, k->stride);
	else
		cli_rowset_null(rs);
	cli_rowset_text(rs, k->group);
	char *hosts = k->hosts > 4 ? fl_xasprintf("%lld: %s, ...", (long long)k->hosts, k->host_list)
				   : NULL;
	cli_rowset_text(rs, hosts ? hosts : k->host_list);
	free(hosts);
	cli_rowset_text(rs, k->hosts > 1 ? "yes" : "no");
	cli_rowset_text(rs, k->transports);
}

static int print_comms(struct fl_store *s, int64_t run, const void *opts, enum cli_rows fmt,
		       const struct cli_common *c)
{
	struct fl_comm *v;
	size_t n;
	struct fl_err err;
	fl_err_clear(&err);
	if (fl_comms_load(s, run, &v, &n, &err))
		return cli_fail(&err);
	struct cli_rowset rs;
	cli_rowset_init(&rs, CLI_SQL_COMMS_ROWS, NCOLS);
	for (size_t i = 0; i < n; i++)
		add_comm(&rs, &v[i]);
	int rc = cli_rowset_print(&rs, s, fmt, c);
	cli_rowset_release(&rs);
	fl_comms_free(v, n);
	return rc;
}

int cmd_comms(int argc, char **argv)
{
	static const struct option opts[] = { CLI_COMMON_OPTS, { NULL, 0, NULL, 0 } };
	enum cli_rows fmt = CLI_ROWS_TEXT;
	const struct cli_syntax syn = { .verb = "comms", .shortopts = "o:f:h", .longopts = opts,
					.rows = &fmt, .min = 1, .max = 1 };
	return cli_query_run(argc, argv, &syn, print_comms);
}
