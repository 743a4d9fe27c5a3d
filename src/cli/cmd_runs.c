/* SPDX-License-Identifier: MIT */
/*
 * cmd_runs.c - `faultline runs`: past runs, newest first, filtered by
 * age, cause, status, host or failure signature.
 *
 * The verdict columns (status, cause, first failure, signature) were
 * written on the run row by analyze/ingest, so listing never re-analyses.
 * Each filter is a bound parameter that is NULL when not given: one fixed
 * statement, no SQL assembled from user text.
 */
#include "cli.h"

#include <time.h>

static const char RUNS_SQL[] =
	"SELECT r.id, " CLI_SQL_TIME("r.ingested_at") " AS ingested, r.bundle, r.ranks, r.hosts,"
	" r.status, r.cause, r.first_rank, r.first_host, r.signature FROM runs r"
	" WHERE r.sha256 IS NOT NULL"
	" AND (?1 IS NULL OR r.ingested_at >= ?1)"
	" AND (?2 IS NULL OR r.cause = ?2)"
	" AND (?3 IS NULL OR r.status = ?3)"
	" AND (?4 IS NULL OR r.signature = ?4)"
	" AND (?5 IS NULL OR EXISTS (SELECT 1 FROM hosts h WHERE h.run_id = r.id AND h.host = ?5))"
	" ORDER BY r.ingested_at DESC, r.id DESC LIMIT ?6";

struct runs_filter {
	bool has_since;
	int64_t since;
	const char *cause, *status, *signature, *host;
	int64_t limit;
};

static int64_t now_us(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

/* A date or date-time, or a duration back from now. */
static bool parse_since(const char *arg, int64_t *since)
{
	int64_t d;
	if (cli_parse_time(arg, since, NULL))
		return true;
	if (!cli_parse_duration(arg, &d))
		return false;
	*since = now_us() - d;
	return true;
}

static int list_runs(const struct cli_common *c, enum cli_rows fmt, const struct runs_filter *f)
{
	struct fl_store *s;
	if (cli_open_store(c, false, &s))
		return EXIT_FAIL;
	struct fl_stmt *st;
	struct fl_err err;
	fl_err_clear(&err);
	if (fl_store_prepare(s, RUNS_SQL, &st, &err)) {
		fl_store_close(s);
		return cli_fail(&err);
	}
	if (f->has_since)
		fl_stmt_bind_int(st, 1, f->since);
	fl_stmt_bind_text(st, 2, f->cause);
	fl_stmt_bind_text(st, 3, f->status);
	fl_stmt_bind_text(st, 4, f->signature);
	fl_stmt_bind_text(st, 5, f->host);
	fl_stmt_bind_int(st, 6, f->limit ? f->limit : -1);
	int rc = cli_print_rows(st, fmt, c);
	fl_stmt_free(st);
	fl_store_close(s);
	return rc;
}

int cmd_runs(int argc, char **argv)
{
	const struct fl_cmd *cmd = cli_find("runs");
	static const struct option opts[] = {
		CLI_COMMON_OPTS,
		{ "since", required_argument, NULL, 'S' },
		{ "cause", required_argument, NULL, 'c' },
		{ "host", required_argument, NULL, 'H' },
		{ "status", required_argument, NULL, 's' },
		{ "signature", required_argument, NULL, 'g' },
		{ "limit", required_argument, NULL, 'n' },
		{ NULL, 0, NULL, 0 },
	};
	struct cli_common c;
	cli_common_init(&c);
	enum cli_rows fmt = CLI_ROWS_TEXT;
	struct runs_filter f = { .limit = 50 };
	int opt;
	optind = 1;
	while ((opt = getopt_long(argc, argv, "o:f:hn:", opts, NULL)) != -1) {
		switch (opt) {
		case 'h':
			return cli_help(cmd);
		case 'S':
			if (!parse_since(optarg, &f.since))
				return cli_badarg("--since", optarg,
						  "a date like 2026-11-30 or a duration like 7d");
			f.has_since = true;
			continue;
		case 'c':
			f.cause = optarg;
			continue;
		case 'H':
			f.host = optarg;
			continue;
		case 's':
			f.status = optarg;
			continue;
		case 'g':
			f.signature = optarg;
			continue;
		case 'n':
			if (!cli_parse_int(optarg, 0, &f.limit))
				return cli_badarg("--limit", optarg, "a count");
			continue;
		}
		int r = cli_rows_opt(&c, &fmt, opt, optarg);
		if (r < 0)
			return EXIT_USAGE;
		if (r == 0)
			return cli_usage(cmd);
	}
	if (optind != argc)
		return cli_usage(cmd);
	return list_runs(&c, fmt, &f);
}
