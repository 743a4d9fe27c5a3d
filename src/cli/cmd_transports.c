/* SPDX-License-Identifier: MIT */
/*
 * cmd_transports.c - `faultline transports RUN`: how NCCL connected each
 * process to its peers (P2P, SHM, NET/IB, NET/Socket...), whether GPU
 * Direct RDMA was used, over how many channels, with one sample line.
 *
 * The pipeline folds the many `Channel NN ... via T` lines into one row
 * per (process, transport) in table transports; this prints that table.
 * A NET/Socket row between nodes is the usual reason a job is slow.
 */
#include "cli.h"

static int print_transports(struct fl_store *s, int64_t run, const void *opts,
			    enum cli_rows fmt, const struct cli_common *c)
{
	struct fl_stmt *st;
	if (cli_prepare(s, cli_sql(CLI_SQL_TRANSPORTS), &st))
		return EXIT_FAIL;
	fl_stmt_bind_int(st, 1, run);
	int rc = cli_print_rows(st, fmt, c);
	fl_stmt_free(st);
	return rc;
}

int cmd_transports(int argc, char **argv)
{
	static const struct option opts[] = { CLI_COMMON_OPTS, { NULL, 0, NULL, 0 } };
	enum cli_rows fmt = CLI_ROWS_TEXT;
	const struct cli_syntax syn = { .verb = "transports", .shortopts = "o:f:h",
					.longopts = opts, .rows = &fmt, .min = 1, .max = 1 };
	return cli_query_run(argc, argv, &syn, print_transports);
}
