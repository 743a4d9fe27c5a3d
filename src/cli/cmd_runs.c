/* SPDX-License-Identifier: MIT */
/* cmd_runs.c - `faultline runs`: past runs, newest first. */
#include "cli.h"

#include <stdio.h>
#include <stdlib.h>

static const char *const COLS[] = { "id", "ingested", "bundle", "ranks", "hosts", "status",
				    "cause", "first_rank", "first_host", "signature" };

int cmd_runs(int argc, char **argv)
{
	const struct fl_cmd *cmd = cli_find("runs");
	static const struct option opts[] = { CLI_COMMON_OPTS, { "limit", required_argument, NULL, 'n' },
					      { NULL, 0, NULL, 0 } };
	struct cli_common c;
	cli_common_init(&c);
	long limit = 50;
	int opt;
	optind = 1;
	while ((opt = getopt_long(argc, argv, "o:f:hn:", opts, NULL)) != -1) {
		if (opt == 'h')
			return cli_help(cmd);
		if (opt == 'n') {
			limit = strtol(optarg, NULL, 10);
			continue;
		}
		int r = cli_common_opt(&c, opt, optarg);
		if (r < 0)
			return EXIT_USAGE;
		if (r == 0)
			return cli_usage(cmd);
	}
	if (optind != argc)
		return cli_usage(cmd);
	struct fl_store *s;
	if (cli_open_store(&c, false, &s))
		return EXIT_FAIL;
	struct fl_stmt *st;
	struct fl_err err;
	fl_err_clear(&err);
	if (fl_store_prepare(s,
			     "SELECT id, strftime('%Y-%m-%dT%H:%M:%SZ', ingested_at / 1000000, 'unixepoch'),"
			     " bundle, ranks, hosts, status, cause, first_rank, first_host, signature"
			     " FROM runs WHERE sha256 IS NOT NULL ORDER BY ingested_at DESC, id DESC LIMIT ?1",
			     &st, &err)) {
		fl_store_close(s);
		return cli_fail(&err);
	}
	fl_stmt_bind_int(st, 1, limit);
	struct fl_buf out = FL_BUF_INIT;
	bool json = c.format == FL_FMT_JSON;
	fl_buf_adds(&out, json ? "[" : "");
	if (!json)
		fl_buf_printf(&out, "%-5s %-20s %-30s %5s %5s %-8s %-16s %5s %-16s %s\n", "ID", "INGESTED",
			      "BUNDLE", "RANKS", "HOSTS", "STATUS", "CAUSE", "RANK", "HOST", "SIGNATURE");
	for (int row = 0; fl_stmt_step(st) == 1; row++) {
		if (json) {
			fl_buf_adds(&out, row ? ",{" : "{");
			for (int k = 0; k < 10; k++) {
				fl_buf_printf(&out, "%s\"%s\":", k ? "," : "", COLS[k]);
				if (fl_stmt_null(st, k))
					fl_buf_adds(&out, "null");
				else if (fl_stmt_type(st, k) == 'i')
					fl_buf_printf(&out, "%lld", (long long)fl_stmt_int(st, k));
				else
					fl_json_str(&out, fl_stmt_text(st, k), fl_stmt_bytes(st, k));
			}
			fl_buf_addc(&out, '}');
			continue;
		}
		struct fl_buf bundle = FL_BUF_INIT;
		fl_utf8_sanitize(&bundle, fl_stmt_text(st, 2), fl_stmt_bytes(st, 2));
		fl_buf_printf(&out, "%-5lld %-20s %-30.30s %5lld %5lld %-8s %-16s %5s %-16.16s %s\n",
			      (long long)fl_stmt_int(st, 0), fl_stmt_text(st, 1), bundle.ptr ? bundle.ptr : "",
			      (long long)fl_stmt_int(st, 3), (long long)fl_stmt_int(st, 4),
			      fl_stmt_text(st, 5), fl_stmt_text(st, 6),
			      fl_stmt_null(st, 7) ? "-" : fl_stmt_text(st, 7),
			      fl_stmt_null(st, 8) ? "-" : fl_stmt_text(st, 8), fl_stmt_text(st, 9));
		fl_buf_release(&bundle);
	}
	if (json)
		fl_buf_adds(&out, "]\n");
	fl_stmt_free(st);
	fl_store_close(s);
	int rc = cli_write_output(&c, &out);
	fl_buf_release(&out);
	return rc;
}
