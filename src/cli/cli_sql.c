/* SPDX-License-Identifier: MIT */
/*
 * cli_sql.c - every SQL text the verbs run, in one named table.
 *
 * The listing verbs are SQL over the store (the analysis language, and
 * what `faultline sql` gives the user); keeping every statement here, by
 * name, is what lets tests/unit/test_cli_sql.c prepare each one against a
 * freshly migrated store, so that a schema change fails ctest naming the
 * statement instead of a verb failing at run time. Each statement is
 * fixed text: what varies is bound (?N), also lists (a JSON parameter read
 * with json_each). The only SQL not here is the user's own (`faultline
 * sql`).
 *
 * Adding a statement: an id in enum cli_sql_id (cli.h), its entry here,
 * cli_sql(id) where it runs.
 */
#include "cli.h"

/* A µs column as RFC 3339 with milliseconds (NULL stays NULL); cli_rows.c
 * writes times computed in C the same way. */
#define TIME(col)                                                                         \
	"strftime('%Y-%m-%dT%H:%M:%S', " col " / 1000000, 'unixepoch') || printf('.%03dZ', " \
	col " / 1000 % 1000)"
/* A severity column by name. */
#define SEVERITY(col)                                                                     \
	"CASE " col " WHEN 0 THEN 'info' WHEN 1 THEN 'warning' WHEN 2 THEN 'error'"          \
	" ELSE 'fatal' END"

/* Rows computed in C (cli_rows.c): cell k of each row of the JSON array ?1. */
#define CELL(k, name) "json_extract(value, '$[" #k "]') AS \"" name "\""
#define CELLS_FROM " FROM json_each(?1) ORDER BY key"

/* hosts: the hosts implicated in each run, with --deep also those of the
 * stuck ranks, given as ?2, a JSON array of [run_id, host]. */
#define HOSTS_HEAD                                                                      \
	"WITH imp(run_id, host, why) AS ("                                               \
	"  SELECT id, first_host, 'first' FROM runs"                                     \
	"   WHERE first_host IS NOT NULL AND sha256 IS NOT NULL"                         \
	"  UNION"                                                                        \
	"  SELECT e.run_id, e.host,"                                                     \
	"   CASE e.kind WHEN 'nccl.ib_error' THEN 'network' ELSE 'hardware' END"        \
	"   FROM runs r JOIN events e ON e.run_id = r.id AND e.kind IN"                  \
	"   ('hw.xid', 'hw.fallen_off_bus', 'hw.nvlink', 'cuda.ecc', 'nccl.ib_error')"  \
	"   WHERE r.sha256 IS NOT NULL AND e.host IS NOT NULL AND e.host != ''"          \
	"  UNION"                                                                        \
	"  SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), 'stuck'"     \
	"   FROM json_each(?2)"                                                          \
	")"                                                                              \
	" SELECT i.host AS host, COUNT(DISTINCT i.run_id) AS runs,"                      \
	"  COUNT(DISTINCT CASE WHEN i.why = 'first' THEN i.run_id END) AS first_failure," \
	"  COUNT(DISTINCT CASE WHEN i.why = 'hardware' THEN i.run_id END) AS hardware,"  \
	"  COUNT(DISTINCT CASE WHEN i.why = 'network' THEN i.run_id END) AS network,"
#define HOSTS_STUCK "  COUNT(DISTINCT CASE WHEN i.why = 'stuck' THEN i.run_id END) AS stuck,"
#define HOSTS_TAIL                                                                      \
	"  strftime('%Y-%m-%dT%H:%M:%SZ', MAX(r.ingested_at) / 1000000, 'unixepoch')"    \
	"   AS last_seen,"                                                               \
	"  (SELECT group_concat(run_id, ',') FROM (SELECT DISTINCT run_id FROM imp j"    \
	"    WHERE j.host = i.host ORDER BY run_id DESC)) AS run_ids"                    \
	" FROM imp i JOIN runs r ON r.id = i.run_id"                                     \
	" GROUP BY i.host"                                                               \
	" ORDER BY runs DESC, first_failure DESC, hardware DESC, network DESC, i.host"   \
	" LIMIT ?1"

/* diff: a field's distinct values over one kind of event of run ?1. */
#define EVENT_FIELD(kind, field)                                                         \
	"SELECT DISTINCT json_extract(fields, '$." field "') AS v FROM events"           \
	" WHERE run_id = ?1 AND kind = '" kind "' AND v IS NOT NULL ORDER BY v"

static const struct fl_sql_def DEFS[CLI_SQL_N] = {
	[CLI_SQL_RUN_IDS] = { "run_ids",
		"SELECT id FROM runs WHERE sha256 IS NOT NULL ORDER BY id" },
	[CLI_SQL_RUNS] = { "runs",
		"SELECT r.id, " TIME("r.ingested_at") " AS ingested, r.bundle, r.ranks, r.hosts,"
		" r.status, r.cause, r.first_rank, r.first_host, r.signature FROM runs r"
		" WHERE r.sha256 IS NOT NULL"
		" AND (?1 IS NULL OR r.ingested_at >= ?1)"
		" AND (?2 IS NULL OR r.cause = ?2)"
		" AND (?3 IS NULL OR r.status = ?3)"
		" AND (?4 IS NULL OR r.signature = ?4)"
		" AND (?5 IS NULL OR EXISTS (SELECT 1 FROM hosts h WHERE h.run_id = r.id"
		" AND h.host = ?5))"
		" ORDER BY r.ingested_at DESC, r.id DESC LIMIT ?6" },
	[CLI_SQL_EVENTS] = { "events",
		"SELECT e.id, " TIME("e.ts") " AS time, e.rank, e.host, "
		SEVERITY("e.severity") " AS severity, e.kind, f.path AS file, e.line,"
		" e.repeats, e.copies, e.text"
		" FROM events e JOIN files f ON f.id = e.file_id WHERE e.run_id = ?1"
		" AND (?2 IS NULL OR substr(e.kind, 1, length(?2)) = ?2)"
		" AND (?3 IS NULL OR e.rank = ?3)"
		" AND (?4 IS NULL OR e.host = ?4)"
		" AND (?5 IS NULL OR e.ts >= ?5)"
		" AND (?6 IS NULL OR e.ts <= ?6)"
		" AND (?7 IS NULL OR e.pattern = ?7)"
		" AND (?8 IS NULL OR instr(e.text, ?8) > 0)"
		" AND e.severity >= ?9"
		" ORDER BY e.id LIMIT ?10" },
	[CLI_SQL_EVENTS_RUN_START] = { "events.run_start",
		"SELECT MIN(first_ts) FROM activity WHERE run_id = ?1" },
	/* ?4: the analysis' clock offsets, {"<hex of host>": µs, ...}: hex, so
	 * that any bytes of a host name match exactly. */
	[CLI_SQL_TIMELINE] = { "timeline",
		"SELECT id, " TIME("cts") " AS time, rank, host, "
		SEVERITY("severity") " AS severity, kind, file, line, text FROM"
		" (SELECT e.id, e.rank, e.host, e.severity, e.kind, f.path AS file, e.line,"
		" e.text, e.ts - COALESCE((SELECT o.value FROM json_each(?4) o"
		" WHERE e.host IS NOT NULL AND o.key = hex(e.host) LIMIT 1), 0) AS cts"
		" FROM events e JOIN files f ON f.id = e.file_id"
		" WHERE e.run_id = ?1 AND e.severity >= ?2)"
		" ORDER BY cts IS NULL, cts, id LIMIT ?3" },
	[CLI_SQL_STEPS] = { "steps",
		"SELECT s.step, s.rank, s.host, " TIME("s.ts") " AS time,"
		" COALESCE(s.loss_text, s.loss) AS loss,"
		" COALESCE(s.grad_norm_text, s.grad_norm) AS grad_norm,"
		" s.loss_scale, s.lr, s.tokens_per_s, s.tflops, s.mfu, s.iter_ms"
		" FROM steps s WHERE s.run_id = ?1 AND (?2 IS NULL OR s.rank = ?2)"
		" ORDER BY s.step, s.rank, s.ts LIMIT ?3" },
	[CLI_SQL_STEPS_PER_STEP] = { "steps.per_step",
		"SELECT step, lines, " TIME("first_ts") " AS time, loss, loss_max, grad_norm,"
		" loss_scale, lr, tokens_per_s, tflops, mfu, iter_ms"
		" FROM v_step_stats WHERE run_id = ?1 ORDER BY step LIMIT ?3" },
	/* One row per rank from its kept rows (its last lines and abnormal
	 * ones): the last step and its time and loss, the means of the rest.
	 * The host is the step lines' own, else the one attribution gave the
	 * rank elsewhere (Megatron's last rank prints its steps without one). */
	[CLI_SQL_STEPS_PER_RANK] = { "steps.per_rank",
		"WITH x AS (SELECT s.*, ROW_NUMBER() OVER (PARTITION BY s.rank ORDER BY s.step DESC,"
		" s.line DESC) AS k FROM steps s WHERE s.run_id = ?1 AND s.step IS NOT NULL"
		" AND (?2 IS NULL OR s.rank = ?2))"
		" SELECT rank, COALESCE(MAX(host), (SELECT r.host FROM ranks r WHERE r.run_id = ?1"
		"  AND r.rank = x.rank)) AS host, COUNT(*) AS rows, MIN(step) AS first_step,"
		" MAX(step) AS last_step, " TIME("MAX(CASE WHEN k = 1 THEN ts END)") " AS time,"
		" MAX(CASE WHEN k = 1 THEN COALESCE(loss_text, loss) END) AS loss_last,"
		" AVG(iter_ms) AS iter_ms, AVG(tokens_per_s) AS tokens_per_s, AVG(tflops) AS tflops,"
		" AVG(CASE WHEN mfu >= 0 THEN mfu END) AS mfu, MAX(skipped_iters) AS skipped_iters,"
		" MAX(nan_iters) AS nan_iters FROM x GROUP BY rank ORDER BY rank IS NULL, rank LIMIT ?3" },
	[CLI_SQL_TAIL] = { "tail",
		"SELECT f.path AS file, t.line, " TIME("t.ts") " AS time, t.text FROM"
		" (SELECT t.file_id, j.value->>0 AS line, j.value->>5 AS ts, j.value->>8 AS text,"
		"   j.key AS rid, ROW_NUMBER() OVER"
		"   (PARTITION BY t.file_id ORDER BY j.value->>0 DESC, j.key DESC) AS k"
		"  FROM tails t JOIN files f ON f.id = t.file_id, json_each(t.lines) j"
		"  WHERE t.run_id = ?1 AND (f.rank = ?2 OR j.value->>1 = ?2)) t"
		" JOIN files f ON f.id = t.file_id WHERE t.k <= ?3 ORDER BY f.id, t.line, t.rid" },
	[CLI_SQL_TAIL_HAS_RANK] = { "tail.has_rank",
		"SELECT 1 FROM ranks WHERE run_id = ?1 AND rank = ?2" },
	[CLI_SQL_TRANSPORTS] = { "transports",
		"SELECT t.host, t.pid, t.rank, t.transport, t.gdr AS gdrdma, t.channels,"
		" f.path AS file, t.line, t.sample"
		" FROM transports t LEFT JOIN files f ON f.id = t.file_id WHERE t.run_id = ?1"
		" ORDER BY t.host, t.rank, t.pid, t.transport" },
	[CLI_SQL_HOSTS] = { "hosts", HOSTS_HEAD HOSTS_TAIL },
	[CLI_SQL_HOSTS_DEEP] = { "hosts.deep", HOSTS_HEAD HOSTS_STUCK HOSTS_TAIL },
	[CLI_SQL_RANKS_ROWS] = { "ranks.rows",
		"SELECT " CELL(0, "rank") ", " CELL(1, "host") ", " CELL(2, "local_rank") ", "
		CELL(3, "state") ", " CELL(4, "first_error") ", " CELL(5, "last_active") ", "
		CELL(6, "last_seq") ", " CELL(7, "lines") CELLS_FROM },
	[CLI_SQL_COMMS_ROWS] = { "comms.rows",
		"SELECT " CELL(0, "comm") ", " CELL(1, "nranks") ", " CELL(2, "members") ", "
		CELL(3, "ranks") ", " CELL(4, "stride") ", " CELL(5, "group_inferred") ", "
		CELL(6, "hosts") ", " CELL(7, "crosses_hosts") ", " CELL(8, "transports") CELLS_FROM },
	[CLI_SQL_TOKEN_ROWS] = { "token.rows",
		"SELECT " CELL(0, "id") ", " CELL(1, "scope") ", " CELL(2, "state") ", "
		CELL(3, "created") ", " CELL(4, "name") CELLS_FROM },
	[CLI_SQL_SHOW_EVENT] = { "show.event",
		"SELECT e.id, e.run_id, f.path AS file, e.line, e.nlines, e.offset, e.rank,"
		" e.local_rank, e.host, e.pid, e.dev,"
		" strftime('%Y-%m-%dT%H:%M:%S', e.ts / 1000000, 'unixepoch')"
		"   || printf('.%06dZ', e.ts % 1000000) AS time,"
		" e.ts, e.ts_kind, e.uptime, e.kind, e.pattern, "
		SEVERITY("e.severity") " AS severity,"
		" CASE WHEN json_valid(e.fields) THEN e.fields END AS fields, e.text"
		" FROM events e JOIN files f ON f.id = e.file_id WHERE e.id = ?1 AND e.run_id = ?2" },
	[CLI_SQL_SHOW_FIELDS] = { "show.fields",
		"SELECT j.key, j.value FROM events e,"
		" json_each(CASE WHEN json_valid(e.fields) THEN e.fields ELSE '{}' END) j"
		" WHERE e.id = ?1" },
	[CLI_SQL_SHOW_LINES] = { "show.lines",
		"SELECT " CELL(0, "file") ", " CELL(1, "line") ", " CELL(2, "event") ", "
		CELL(3, "text") CELLS_FROM },
	[CLI_SQL_REANALYZE_VERDICT] = { "reanalyze.verdict",
		"SELECT status, cause FROM runs WHERE id = ?1 AND sha256 IS NOT NULL" },
	/* ?2 is the other run: hosts present here and not there. */
	[CLI_SQL_DIFF_HOSTS_ONLY_HERE] = { "diff.hosts_only_here",
		"SELECT host FROM hosts WHERE run_id = ?1"
		" AND host NOT IN (SELECT host FROM hosts WHERE run_id = ?2) ORDER BY host" },
	[CLI_SQL_DIFF_NCCL_VERSIONS] = { "diff.nccl_versions",
		EVENT_FIELD("nccl.version", "version") },
	[CLI_SQL_DIFF_TORCH_NCCL_VERSIONS] = { "diff.torch_nccl_versions",
		EVENT_FIELD("torch.nccl_error", "nccl_version") },
	[CLI_SQL_DIFF_NETWORK] = { "diff.network", EVENT_FIELD("nccl.using_network", "net") },
	[CLI_SQL_DIFF_TRANSPORTS] = { "diff.transports",
		"SELECT DISTINCT transport || CASE WHEN gdr > 0 THEN ' (GDR)' ELSE '' END AS v"
		" FROM transports WHERE run_id = ?1 ORDER BY v" },
	[CLI_SQL_DIFF_IB_DEVICES] = { "diff.ib_devices",
		EVENT_FIELD("nccl.ib_devices", "devices") },
	[CLI_SQL_DIFF_IB_OOB_INTERFACES] = { "diff.ib_oob_interfaces",
		EVENT_FIELD("nccl.ib_devices", "oob_if") },
	[CLI_SQL_DIFF_SOCKET_INTERFACES] = { "diff.socket_interfaces",
		EVENT_FIELD("nccl.socket_devices", "if") },
	[CLI_SQL_DIFF_BOOTSTRAP_INTERFACES] = { "diff.bootstrap_interfaces",
		EVENT_FIELD("nccl.bootstrap_if", "if") },
};

const char *cli_sql(enum cli_sql_id id)
{
	return DEFS[id].text;
}

size_t cli_sql_table(const struct fl_sql_def **out)
{
	*out = DEFS;
	return CLI_SQL_N;
}
