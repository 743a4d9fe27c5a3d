/* SPDX-License-Identifier: MIT */
/*
 * cmd_hosts.c - `faultline hosts`: the hosts that keep turning up in
 * incidents, across every stored run - the list of nodes to drain.
 *
 * A host is implicated in a run when it held the first failure
 * (runs.first_host, saved by every ingest), or logged a hardware fault
 * (Xid, fallen off the bus, NVLink, ECC) or an InfiniBand completion
 * error. With --deep each run is analysed again and the hosts of ranks
 * that never reached the collective the others hung in count too; that
 * costs one analysis per run, so it is not the default.
 * Tested by: tests/e2e/test_maintenance.c
 */
#include "cli.h"

#include <string.h>

/* Adds the hosts of a run's stuck ranks to *stuck, [run, host] pairs. */
static int deep_run(struct fl_store *s, int64_t run, struct fl_buf *stuck, struct fl_err *err)
{
	struct fl_analysis *a;
	if (fl_analysis_get(s, run, &a, err))
		return err->code;
	for (size_t i = 0; i < a->nranks_state; i++) {
		const struct fl_rank_state *r = &a->ranks[i];
		if (strcmp(r->state, "stuck") || !r->host)
			continue;
		fl_buf_printf(stuck, "%s[%lld,", stuck->len > 1 ? "," : "", (long long)run);
		fl_json_str(stuck, r->host, strlen(r->host));
		fl_buf_addc(stuck, ']');
	}
	fl_analysis_free(a);
	return FL_OK;
}

/* The hosts of every run's stuck ranks, as the hosts.deep statement takes
 * them (?2): a JSON array of [run_id, host]. */
static int deep_scan(struct fl_store *s, struct fl_buf *stuck, struct fl_err *err)
{
	struct fl_stmt *runs = NULL;
	int rc = fl_store_prepare(s, cli_sql(CLI_SQL_RUN_IDS), &runs, err);
	int step;
	while (!rc && (step = fl_stmt_step(runs)) == 1)
		rc = deep_run(s, fl_stmt_int(runs, 0), stuck, err);
	if (!rc && step < 0)
		rc = fl_err_set(err, FL_EDB, "cannot list runs: %s", fl_store_errmsg(s));
	fl_stmt_free(runs);
	return rc;
}

static int list_hosts(struct fl_store *s, int64_t limit, bool deep, enum cli_rows fmt,
		      const struct cli_common *c)
{
	struct fl_err err;
	fl_err_clear(&err);
	struct fl_buf stuck = FL_BUF_INIT;
	fl_buf_addc(&stuck, '[');
	if (deep && deep_scan(s, &stuck, &err)) {
		fl_buf_release(&stuck);
		return cli_fail(&err);
	}
	fl_buf_addc(&stuck, ']');
	struct fl_stmt *st;
	int rc = cli_prepare(s, cli_sql(deep ? CLI_SQL_HOSTS_DEEP : CLI_SQL_HOSTS), &st);
	if (rc) {
		fl_buf_release(&stuck);
		return rc;
	}
	fl_stmt_bind_int(st, 1, limit);
	fl_stmt_bind_text(st, 2, stuck.ptr);
	/* cli_print_rows prints its own one-line error. */
	rc = cli_print_rows(st, fmt, c);
	fl_stmt_free(st);
	fl_buf_release(&stuck);
	return rc;
}

struct hosts_opts {
	int64_t limit;
	bool deep;
};

static int hosts_opt(void *ctx, int opt, const char *arg)
{
	struct hosts_opts *o = ctx;
	switch (opt) {
	case 'd':
		o->deep = true;
		return CLI_CONTINUE;
	case 'n':
		if (!cli_parse_int(arg, 1, &o->limit)) {
			cli_failf("--limit wants a positive number, not '%s'", arg);
			return EXIT_USAGE;
		}
		return CLI_CONTINUE;
	}
	return CLI_NOT_OWN;
}

int cmd_hosts(int argc, char **argv)
{
	static const struct option opts[] = { CLI_COMMON_OPTS,
					      { "limit", required_argument, NULL, 'n' },
					      { "deep", no_argument, NULL, 'd' },
					      { NULL, 0, NULL, 0 } };
	enum cli_rows fmt = CLI_ROWS_TEXT;
	struct hosts_opts o = { .limit = 20, .deep = false };
	const struct cli_syntax syn = { .verb = "hosts", .shortopts = "o:f:hn:", .longopts = opts,
					.rows = &fmt, .own = hosts_opt, .ctx = &o,
					.min = 0, .max = 0 };
	struct cli_common c;
	int rc = cli_parse_opts(argc, argv, &syn, &c);
	if (rc != CLI_CONTINUE)
		return rc;
	struct fl_store *s;
	if (cli_open_store(&c, false, &s))
		return EXIT_FAIL;
	rc = list_hosts(s, o.limit, o.deep, fmt, &c);
	fl_store_close(s);
	return rc;
}
