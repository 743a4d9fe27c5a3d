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

/* Filled only with --deep; an empty table keeps one query for both. */
#define DEEP_TABLE                                                                   \
	"CREATE TEMP TABLE IF NOT EXISTS fl_hosts_deep(run_id INTEGER, host TEXT, why TEXT)"

/* The query is HEAD, the stuck column with --deep, then TAIL. */
static const char HEAD[] =
	"WITH imp(run_id, host, why) AS ("
	"  SELECT id, first_host, 'first' FROM runs"
	"   WHERE first_host IS NOT NULL AND sha256 IS NOT NULL"
	"  UNION"
	"  SELECT e.run_id, e.host,"
	"   CASE e.kind WHEN 'nccl.ib_error' THEN 'network' ELSE 'hardware' END"
	"   FROM runs r JOIN events e ON e.run_id = r.id AND e.kind IN"
	"   ('hw.xid', 'hw.fallen_off_bus', 'hw.nvlink', 'cuda.ecc', 'nccl.ib_error')"
	"   WHERE r.sha256 IS NOT NULL AND e.host IS NOT NULL AND e.host != ''"
	"  UNION"
	"  SELECT run_id, host, why FROM temp.fl_hosts_deep"
	")"
	" SELECT i.host AS host, COUNT(DISTINCT i.run_id) AS runs,"
	"  COUNT(DISTINCT CASE WHEN i.why = 'first' THEN i.run_id END) AS first_failure,"
	"  COUNT(DISTINCT CASE WHEN i.why = 'hardware' THEN i.run_id END) AS hardware,"
	"  COUNT(DISTINCT CASE WHEN i.why = 'network' THEN i.run_id END) AS network,";

static const char TAIL[] =
	"  strftime('%Y-%m-%dT%H:%M:%SZ', MAX(r.ingested_at) / 1000000, 'unixepoch')"
	"   AS last_seen,"
	"  (SELECT group_concat(run_id, ',') FROM (SELECT DISTINCT run_id FROM imp j"
	"    WHERE j.host = i.host ORDER BY run_id DESC)) AS run_ids"
	" FROM imp i JOIN runs r ON r.id = i.run_id"
	" GROUP BY i.host"
	" ORDER BY runs DESC, first_failure DESC, hardware DESC, network DESC, i.host"
	" LIMIT ?1";

static const char STUCK_COLUMN[] =
	"  COUNT(DISTINCT CASE WHEN i.why = 'stuck' THEN i.run_id END) AS stuck,";

/* Records the hosts of a run's stuck ranks. */
static int deep_run(struct fl_store *s, struct fl_stmt *ins, int64_t run, struct fl_err *err)
{
	struct fl_analysis *a;
	if (fl_analyze_run(s, run, &a, err))
		return err->code;
	int rc = FL_OK;
	for (size_t i = 0; i < a->nranks_state && !rc; i++) {
		const struct fl_rank_state *r = &a->ranks[i];
		if (strcmp(r->state, "stuck") || !r->host)
			continue;
		fl_stmt_reset(ins);
		fl_stmt_bind_int(ins, 1, run);
		fl_stmt_bind_text(ins, 2, r->host);
		if (fl_stmt_step(ins) < 0)
			rc = fl_err_set(err, FL_EDB, "cannot note run %lld: %s", (long long)run,
					fl_store_errmsg(s));
	}
	fl_analysis_free(a);
	return rc;
}

static int deep_scan(struct fl_store *s, struct fl_err *err)
{
	struct fl_stmt *runs = NULL, *ins = NULL;
	int rc = fl_store_prepare(s, "SELECT id FROM runs WHERE sha256 IS NOT NULL ORDER BY id",
				  &runs, err);
	if (!rc)
		rc = fl_store_prepare(s, "INSERT INTO temp.fl_hosts_deep VALUES (?1, ?2, 'stuck')",
				      &ins, err);
	int step;
	while (!rc && (step = fl_stmt_step(runs)) == 1)
		rc = deep_run(s, ins, fl_stmt_int(runs, 0), err);
	if (!rc && step < 0)
		rc = fl_err_set(err, FL_EDB, "cannot list runs: %s", fl_store_errmsg(s));
	fl_stmt_free(ins);
	fl_stmt_free(runs);
	return rc;
}

static int list_hosts(struct fl_store *s, int64_t limit, bool deep, enum cli_rows fmt,
		      const struct cli_common *c)
{
	struct fl_err err;
	fl_err_clear(&err);
	if (fl_store_exec(s, DEEP_TABLE, &err) || (deep && deep_scan(s, &err)))
		return cli_fail(&err);
	struct fl_buf sql = FL_BUF_INIT;
	fl_buf_adds(&sql, HEAD);
	fl_buf_adds(&sql, deep ? STUCK_COLUMN : "");
	fl_buf_adds(&sql, TAIL);
	struct fl_stmt *st;
	int rc = cli_prepare(s, sql.ptr, &st);
	fl_buf_release(&sql);
	if (rc)
		return rc;
	fl_stmt_bind_int(st, 1, limit);
	/* cli_print_rows prints its own one-line error. */
	rc = cli_print_rows(st, fmt, c);
	fl_stmt_free(st);
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
