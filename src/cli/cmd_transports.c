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

static const char TRANSPORTS_SQL[] =
	"SELECT t.host, t.pid, t.rank, t.transport, t.gdr AS gdrdma, t.channels,"
	" f.path AS file, t.line, t.sample"
	" FROM transports t LEFT JOIN files f ON f.id = t.file_id WHERE t.run_id = ?1"
	" ORDER BY t.host, t.rank, t.pid, t.transport";

int cmd_transports(int argc, char **argv)
{
	const struct fl_cmd *cmd = cli_find("transports");
	static const struct option opts[] = { CLI_COMMON_OPTS, { NULL, 0, NULL, 0 } };
	struct cli_common c;
	cli_common_init(&c);
	enum cli_rows fmt = CLI_ROWS_TEXT;
	int opt;
	optind = 1;
	while ((opt = getopt_long(argc, argv, "o:f:h", opts, NULL)) != -1) {
		if (opt == 'h')
			return cli_help(cmd);
		int r = cli_rows_opt(&c, &fmt, opt, optarg);
		if (r < 0)
			return EXIT_USAGE;
		if (r == 0)
			return cli_usage(cmd);
	}
	if (optind + 1 != argc)
		return cli_usage(cmd);
	struct fl_store *s;
	int64_t run;
	if (cli_open_run(&c, argv[optind], &s, &run))
		return EXIT_FAIL;
	struct fl_stmt *st;
	struct fl_err err;
	fl_err_clear(&err);
	int rc;
	if (fl_store_prepare(s, TRANSPORTS_SQL, &st, &err)) {
		rc = cli_fail(&err);
	} else {
		fl_stmt_bind_int(st, 1, run);
		rc = cli_print_rows(st, fmt, &c);
		fl_stmt_free(st);
	}
	fl_store_close(s);
	return rc;
}
