/* SPDX-License-Identifier: MIT */
/*
 * analyze_sql.c - every SQL text the analysis runs, in one table.
 *
 * The analysis reads the store only through these statements, each
 * named; code refers to them by their enum q index (analyze_int.h).
 * Keeping them here, and not inline, lets tests/unit/test_sql.c prepare
 * every one against a freshly migrated store: a schema change that breaks
 * one fails ctest with its name, instead of a finding silently vanishing.
 *
 * Rules the texts keep:
 *   - ?1 is always the run id; other parameters are numbered from ?2;
 *   - no statement runs once per event, per rank or per step: resolution
 *     that needs another table is a join or a subquery of the statement
 *     that loads the rows (docs/internals/analyze.md, "Cost").
 */
#include "analyze_int.h"

#include <assert.h>

/* A constant of analyze_int.h as SQL text. */
#define SQL_NUM_(x) #x
#define SQL_NUM(x) SQL_NUM_(x)

/* Events that can matter for a verdict: everything but routine info, and
 * the info lines a pass reads (the job's end of training). */
#define LOADABLE                                                                     \
	"(severity >= 1 OR kind IN ('train.overflow', 'launcher.child_failed',"     \
	" 'launcher.root_cause', 'train.finished'))"

/* The run's step rows read in rowid order, the order they were written
 * in (one run, one transaction: one contiguous stretch of rowids),
 * instead of through the index on (run_id, step): a run keeps about 64
 * rows of each rank, so a query that wants most of them reads each page
 * once, where index order read every page once per step (0.7 s of system
 * time for 8,192 ranks). run_id is still checked: rows of another run
 * inside the stretch are skipped, not wrong.
 * The stretch's ends: MIN(rowid) over the run's index entries read all
 * of them (a rowid is the index's last column, after the step), twice
 * per query, 180 M instructions at 8,192 ranks. Within one step the
 * entries are in rowid order, so the end is found by hopping from step
 * to step, a seek each (and one for the rows without a step); past
 * STEP_HOPS distinct steps the entries are read after all. */
#define STEP_HOPS "4096"
#define STEP_END(agg)                                                                          \
	"(SELECT CASE WHEN MAX(n) >= " STEP_HOPS " THEN (SELECT " agg "(rowid) FROM steps"      \
	" WHERE run_id = ?1) ELSE " agg "(r) END FROM (WITH RECURSIVE d(n, s) AS"              \
	" (SELECT 1, (SELECT MIN(step) FROM steps WHERE run_id = ?1) UNION ALL"                 \
	" SELECT n + 1, (SELECT MIN(step) FROM steps WHERE run_id = ?1 AND step > d.s) FROM d"  \
	" WHERE d.s IS NOT NULL AND n < " STEP_HOPS ")"                                          \
	" SELECT n, (SELECT " agg "(rowid) FROM steps WHERE run_id = ?1 AND step = d.s) AS r"   \
	" FROM d UNION ALL SELECT 0, " agg "(rowid) FROM steps WHERE run_id = ?1 AND step IS NULL))"
#define STEP_ROWS "rowid BETWEEN " STEP_END("MIN") " AND " STEP_END("MAX") " AND +run_id = ?1"

/* A step line none of whose iterations updated the model: Megatron counts
 * the skipped ones and prints no loss when there was none to average (the
 * fp16 scaler found an overflow on each; a NaN one is counted apart). Below
 * 2^16: the first iterations of a run skip while the scale walks down from
 * where the scalers start (2^32 in Megatron, 2^16 in DeepSpeed and apex). */
#define ALL_SKIPPED                                                                            \
	"(skipped_iters > 0 AND loss IS NULL AND IFNULL(nan_iters, 0) = 0 AND loss_scale < 65536)"

/* Steps whose numbers went wrong; the same expression as the partial
 * index steps_nonfinite, so that SQLite can use it. */
#define SUSPECT_STEP                                                                   \
	"(loss_text IS NOT NULL OR grad_norm_text IS NOT NULL OR nan_iters > 0 OR loss_missing = 1)"

/* (id, v): every NCCL version a line states, the x.y.z without a letter
 * suffix: NCCL's banner and torch's `ProcessGroupNCCL environments` line
 * (nccl.version), and torch's NCCL error texts, which every failing rank
 * prints. NCCL <= 2.21 prints its banner on rank 0 only, so on a job of
 * mixed images the other version often shows only in an error. Old torch's
 * mis-decoded versions (21.2.12 for 2.12.12) are left out: a major of two
 * digits is never a real one. */
#define NCCL_VERSIONS                                                                      \
	"SELECT id, v FROM (SELECT id, rtrim(json_extract(fields, CASE kind WHEN"          \
	" 'nccl.version' THEN '$.version' ELSE '$.nccl_version' END),"                     \
	" 'abcdefghijklmnopqrstuvwxyz') AS v FROM events WHERE run_id = ?1 AND kind IN"    \
	" ('nccl.version', 'torch.nccl_error', 'torch.async_error'))"                      \
	" WHERE v GLOB '[0-9].[0-9]*'"

/* The value of a configuration key: what the framework printed
 * (train.config: argument and config dumps, start-up banners), then what
 * a start-up check that rejected it quoted (config.invalid: DeepSpeed's
 * batch assertion), then what a command line asked for (launcher.args);
 * the first in log order within each. docs/TRAINING.md documents the
 * precedence. */
/* The configuration, key by key: the first value logged, from a config
 * dump before a failed check before a launcher's arguments, then in
 * order. One pass over those events into a table of keys (CONFIG_CTE);
 * a scan of them per key took 1.2 s on the 24 k config lines of an
 * 8 Ki-rank job. */
/* Every rank prints the same dump: events alike in kind and fields are
 * one (the first of them), so that json_each parses a few distinct
 * dumps, not 3 lines of each of 32 Ki ranks. */
#define CONFIG_CTE                                                                          \
	"WITH cfg AS MATERIALIZED (SELECT key, value FROM (SELECT j.key, j.value,"             \
	" ROW_NUMBER() OVER (PARTITION BY j.key ORDER BY e.kind <> 'train.config',"           \
	" e.kind <> 'config.invalid', e.id, j.id) AS n FROM (SELECT kind, fields, MIN(id) AS id" \
	" FROM events WHERE run_id = ?1 AND kind IN ('train.config', 'config.invalid',"       \
	" 'launcher.args') GROUP BY kind, fields) e, json_each(e.fields) j"                   \
	" WHERE j.type <> 'null') WHERE n = 1) "
#define CONFIG(key) "(SELECT value FROM cfg WHERE key = '" key "')"

/* The last logged value of a column, for logs without step numbers (HF
 * Trainer dicts): from the last row (with step numbers: series.c's walk). */
#define LAST_BY_LINE(col, cond)                                                         \
	"(SELECT " col " FROM steps WHERE run_id = ?1 AND " col " IS NOT NULL" cond     \
	" ORDER BY file_id DESC, line DESC LIMIT 1)"

static const struct fl_sql_def SQL[Q_N] = {
	/* ---- loading (analyze.c) ---- */
	[Q_RUN] = { "run",
		    "SELECT bundle, sha256, ranks, hosts, files, lines, events, ingested_at"
		    " FROM runs WHERE id = ?1 AND sha256 IS NOT NULL" },
	[Q_SKIPPED] = { "skipped", "SELECT path, reason FROM skipped WHERE run_id = ?1 ORDER BY rowid" },
	[Q_RANKS] = { "ranks",
		      "SELECT rank, host, IFNULL(local_rank, -1), IFNULL(last_ts, -1), lines"
		      " FROM ranks WHERE run_id = ?1 ORDER BY rank" },
	/* NCCL's busId of each rank, to place a GPU that an Xid names. */
	[Q_PROC_BUSES] = { "proc_buses",
			   "SELECT host, bus_id, rank, pid FROM procs WHERE run_id = ?1"
			   " AND rank IS NOT NULL AND bus_id IS NOT NULL" },
	/* Of the events that can matter for a verdict (LOADABLE), those that
	 * the analysis may keep: errors, the kinds ?3 lists (a JSON array:
	 * those a rule gives a role, and those read by kind), and rows whose
	 * rank a bus id or a killed pid may resolve; the most severe first
	 * beyond ?2 of them. An error storm's role-less warnings (hundreds of
	 * thousands of IB port events) are not loaded: reading every declared
	 * field of each cost more than the rest of the analysis. NCCL's init lines (one or
	 * two per rank and communicator) stay in the store: init_hang and
	 * init_lines ask for what the analysis needs of them. Two resolutions ride
	 * along, each one join for the whole run: the last step line of the
	 * event's file (a traceback followed by more steps was handled; only
	 * files with a traceback are grouped, not every rank's), and
	 * the rank of the pid a kernel OOM kill names (NCCL prefixes and
	 * launcher lines tie pids to ranks). One row per event, in id order,
	 * its fields as the JSON object stored (analyze.c parses it once: a
	 * row per field from json_each repeated every other column). */
	[Q_EVENTS] = { "events",
		       "WITH sel AS (SELECT id FROM events WHERE run_id = ?1 AND " LOADABLE
		       "  AND (severity >= 2 OR kind IN (SELECT value FROM json_each(?3))"
		       "  OR json_extract(fields, '$.bus') IS NOT NULL"
		       "  OR json_extract(fields, '$.victim_pid') IS NOT NULL)"
		       "  ORDER BY severity DESC, id LIMIT ?2),"
		       " last_step AS MATERIALIZED (SELECT f.path, MAX(m.line) AS line FROM"
		       "  (SELECT file_id, MAX(line) AS line FROM steps WHERE " STEP_ROWS
		       "  AND file_id IN (SELECT g.id FROM files g WHERE g.run_id = ?1 AND g.path IN"
		       "   (SELECT h.path FROM events t JOIN files h ON h.id = t.file_id"
		       "    WHERE t.run_id = ?1 AND t.kind IN ('proc.traceback', 'proc.exception')))"
		       "  GROUP BY file_id) m JOIN files f ON f.id = m.file_id GROUP BY f.path),"
		       " launched AS MATERIALIZED (SELECT pid, rank FROM (SELECT pid, rank,"
		       "  ROW_NUMBER() OVER (PARTITION BY pid ORDER BY kind, id) AS n FROM events"
		       "  WHERE run_id = ?1 AND kind IN ('launcher.child_failed', 'launcher.worker_failed')"
		       "  AND pid IS NOT NULL AND +rank IS NOT NULL) WHERE n = 1)"
		       " SELECT e.id, f.path, e.line, IFNULL(e.rank, -1), IFNULL(e.local_rank, -1),"
		       " IFNULL(e.pid, -1), e.host, e.ts, e.ts_kind, e.kind, e.text, e.severity,"
		       " CASE WHEN e.kind IN ('proc.traceback', 'proc.exception')"
		       "  THEN (SELECT ls.line FROM last_step ls WHERE ls.path = f.path) END,"
		       " CASE WHEN e.rank IS NULL AND json_extract(e.fields, '$.victim_pid') IS NOT NULL"
		       "  THEN IFNULL((SELECT p.rank FROM procs p WHERE p.run_id = ?1"
		       "   AND p.pid = json_extract(e.fields, '$.victim_pid') AND +p.rank IS NOT NULL"
		       "   AND (e.host IS NULL OR p.host = e.host) LIMIT 1),"
		       "  (SELECT x.rank FROM launched x"
		       "   WHERE x.pid = json_extract(e.fields, '$.victim_pid'))) END,"
		       " CASE WHEN e.kind = 'proc.traceback' THEN e.line + e.nlines - 1 END"
		       ", e.fields FROM events e JOIN files f ON f.id = e.file_id"
		       " WHERE e.id IN (SELECT id FROM sel) ORDER BY e.id" },

	/* Whether any event the analysis may load had a dated stamp, a rank
	 * (also those Q_EVENTS leaves out). */
	[Q_EVENTS_SEEN] = { "events_seen",
			    "SELECT EXISTS (SELECT 1 FROM events WHERE run_id = ?1 AND " LOADABLE
			    "  AND ts_kind = 1),"
			    " EXISTS (SELECT 1 FROM events WHERE run_id = ?1 AND " LOADABLE
			    "  AND rank IS NOT NULL)" },

	/* The texts of the events ?2 lists (a JSON array of ids), in id
	 * order: the analysis keeps no event's text, and reads those it
	 * quotes (evidence, the timeline, each rank's first error) by id.
	 * By rowid: an index on run_id would walk every event of the run. */
	[Q_EVENT_TEXTS] = { "event_texts",
			    "SELECT id, text FROM events WHERE id IN (SELECT value FROM json_each(?2))"
			    " AND +run_id = ?1 ORDER BY id" },

	/* ---- clock.c ---- */
	/* The run's kept step rows, in the order written, for clock.c's walk:
	 * the moments every host lives through are the last 64 logged steps
	 * (the last column: the least of them); the walk also keeps the
	 * latest stamp (the log's onset), counts the loss scales printed as
	 * (nearly) zero (loss_scale()) and folds each rank's rows for the
	 * stragglers (rank_steps_fold()). */
	[Q_STEP_ROWS] = {
		"step_rows",
		"SELECT step, host, ts, ts_kind, loss_scale, (SELECT MIN(step) FROM"
		" (SELECT DISTINCT step FROM steps WHERE run_id = ?1 AND step IS NOT NULL"
		" ORDER BY step DESC LIMIT 64)), rank, iter_ms, file_id, line,"
		" CASE WHEN loss IS NOT NULL THEN 1 WHEN skipped_iters IS NULL THEN 0 WHEN " ALL_SKIPPED
		" THEN 2 ELSE 0 END FROM steps WHERE " STEP_ROWS },

	/* ---- hang.c ---- */
	/* Init START without Init COMPLETE on the same process and
	 * communicator (NULL matching NULL), when some communicator completed
	 * at all. The completed ones are one table, looked up through the
	 * index SQLite makes for it (keys of quote()d text joined by commas
	 * cost a third more). */
	[Q_INIT_HANG] = {
		"init_hang",
		"WITH done AS MATERIALIZED (SELECT host, pid, json_extract(fields, '$.comm') AS comm"
		"  FROM events WHERE run_id = ?1 AND kind = 'nccl.init_complete')"
		" SELECT s.rank, json_extract(s.fields, '$.comm_rank'), f.path, s.line, s.host, s.ts,"
		" s.text FROM events s JOIN files f ON f.id = s.file_id"
		" WHERE s.run_id = ?1 AND s.kind = 'nccl.init_start'"
		" AND NOT EXISTS (SELECT 1 FROM done d WHERE d.host IS s.host AND d.pid IS s.pid"
		"  AND d.comm IS json_extract(s.fields, '$.comm'))"
		" AND EXISTS (SELECT 1 FROM done) ORDER BY s.id" },
	/* What the init lines tell of the bundle, for a verdict on thin
	 * evidence: any Init COMPLETE, any init line with a dated stamp or
	 * with a rank. */
	[Q_INIT_LINES] = {
		"init_lines",
		"SELECT EXISTS (SELECT 1 FROM events WHERE run_id = ?1 AND kind = 'nccl.init_complete'),"
		" EXISTS (SELECT 1 FROM events WHERE run_id = ?1"
		"  AND kind IN ('nccl.init_start', 'nccl.init_complete') AND ts_kind = 1),"
		" EXISTS (SELECT 1 FROM events WHERE run_id = ?1"
		"  AND kind IN ('nccl.init_start', 'nccl.init_complete') AND +rank IS NOT NULL)" },
	/* COLL traces: ranks whose last opCount is below the others' for an op. */
	[Q_COLL_LAGGARDS] = {
		"coll_laggards",
		"SELECT rank FROM (SELECT rank, op, last_opcount, MAX(last_opcount) OVER"
		" (PARTITION BY op, nranks) AS top FROM colls WHERE run_id = ?1 AND peer IS NULL)"
		" WHERE rank IS NOT NULL AND op IS NOT NULL AND last_opcount < top"
		" GROUP BY rank ORDER BY rank" },

	/* The Send / Recv calls of NCCL's COLL traces (colls rows with a peer:
	 * the peer's rank in the communicator), per rank, communicator and
	 * peer; the peer's global rank comes from the Init START lines: this
	 * rank's line for the communicator gives its commId, the line of that
	 * commId with comm_rank = peer gives the peer. With the last call's
	 * line, for evidence. The Init START lines are read only when some
	 * colls row has a peer: SQLite made the CTE first, and parsing every
	 * rank's init line took 0.09-0.15 s at 32 Ki ranks with no traces at
	 * all. */
	[Q_P2P_CALLS] = {
		"p2p_calls",
		"WITH init AS (SELECT rank, json_extract(fields, '$.comm') AS comm,"
		"  json_extract(fields, '$.comm_id') AS cid, json_extract(fields, '$.comm_rank') AS crank"
		"  FROM events WHERE run_id = ?1 AND kind = 'nccl.init_start' AND +rank IS NOT NULL"
		"  AND EXISTS (SELECT 1 FROM colls WHERE run_id = ?1 AND peer IS NOT NULL))"
		" SELECT c.rank, c.op, peer.rank, SUM(c.calls), MAX(f.path), MAX(c.line), MAX(c.host),"
		" MAX(c.last_ts), MAX(c.sample)"
		" FROM colls c JOIN init me ON me.rank = c.rank AND me.comm = c.comm"
		" JOIN init peer ON peer.cid = me.cid AND peer.crank = c.peer"
		" LEFT JOIN files f ON f.id = c.file_id"
		" WHERE c.run_id = ?1 AND c.peer IS NOT NULL AND c.rank IS NOT NULL AND me.cid IS NOT NULL"
		" GROUP BY c.rank, c.op, peer.rank ORDER BY c.rank, c.op, peer.rank" },
	/* ---- fr.c ---- */
	/* The ranks that left a Flight Recorder dump, and where. */
	[Q_FR_DUMPS] = {
		"fr_dumps",
		"SELECT d.rank, f.path FROM fr_dumps d JOIN files f ON f.id = d.file_id"
		" WHERE d.run_id = ?1 AND d.rank IS NOT NULL ORDER BY d.rank" },
	/* Process groups as the dumps' pg_config states them: a group is its
	 * name and its members (split groups of different members can share
	 * a name). */
	[Q_FR_PGS] = {
		"fr_pgs",
		"SELECT DISTINCT name, ranks FROM fr_pgs WHERE run_id = ?1 ORDER BY name, ranks" },
	/* Every entry with its group's members as its own dump's pg_config
	 * states them, grouped by process group, kind (collective, P2P) and
	 * sequence number, then rank: one walk matches them. */
	[Q_FR_ENTRIES] = {
		"fr_entries",
		"SELECT e.rank, e.pg_name, e.pg_desc, e.is_p2p,"
		" CASE WHEN e.is_p2p = 1 THEN e.p2p_seq_id ELSE e.collective_seq_id END AS seq,"
		" e.profiling_name, e.state, e.input_sizes, e.input_dtypes, e.output_sizes,"
		" e.output_dtypes, e.time_created_ns, e.timeout_ms, e.frames, f.path, e.idx, p.ranks"
		" FROM fr_entries e JOIN files f ON f.id = e.file_id"
		" LEFT JOIN fr_pgs p ON p.run_id = e.run_id AND p.file_id = e.file_id AND p.name = e.pg_name"
		" WHERE e.run_id = ?1 AND e.rank IS NOT NULL AND e.pg_name IS NOT NULL AND seq IS NOT NULL"
		" ORDER BY e.pg_name, p.ranks, e.is_p2p, seq, e.rank, e.idx" },
	/* Each dump's pg_status: the rank's last collective enqueued per
	 * group, which its ring buffer may no longer show. */
	[Q_FR_STATUS] = {
		"fr_status",
		"SELECT rank, name, ranks, last_enqueued FROM fr_pgs"
		" WHERE run_id = ?1 AND rank IS NOT NULL AND last_enqueued IS NOT NULL"
		" ORDER BY rank, name" },

	/* ---- causes.c ---- */
	/* The host behind a peer address (?2, without its <port>), from the
	 * addresses NCCL printed for each host. */
	[Q_PEER_HOST] = {
		"peer_host",
		"SELECT host FROM events WHERE run_id = ?1 AND host IS NOT NULL AND kind"
		" IN ('nccl.ib_devices', 'nccl.socket_devices', 'nccl.bootstrap_if') AND"
		" (instr(json_extract(fields, '$.oob_addr'), ?2 || '<') = 1 OR"
		"  instr(json_extract(fields, '$.addr'), ?2 || '<') = 1) LIMIT 1" },
	/* The last line each of the ranks in the JSON array ?2 wrote. */
	[Q_STUCK_LAST_LINES] = {
		"stuck_last_lines",
		"SELECT * FROM (SELECT f.path, a.last_line, a.host, a.last_ts, a.last_text, a.rank,"
		" ROW_NUMBER() OVER (PARTITION BY a.rank ORDER BY a.last_ts DESC, a.last_line DESC, a.rowid) AS n"
		" FROM activity a JOIN files f ON f.id = a.file_id WHERE a.run_id = ?1"
		" AND a.rank IN (SELECT value FROM json_each(?2)) AND a.last_text IS NOT NULL)"
		" WHERE n = 1 ORDER BY rank" },

	/* ---- findings.c ---- */
	[Q_SOCKET_CHANNELS] = { "socket_channels",
				/* one pass over the transports and one over the
				 * network choices (each was read once per number) */
				"WITH t AS MATERIALIZED (SELECT"
				" SUM(CASE WHEN transport = 'NET/Socket' THEN channels END) AS sock,"
				" SUM(CASE WHEN transport LIKE 'NET/IB%' THEN channels END) AS ib,"
				" COUNT(DISTINCT CASE WHEN transport = 'NET/Socket' THEN host END) AS sock_hosts,"
				" COUNT(*) AS conns, SUM(transport LIKE 'NET/%') AS net_conns"
				" FROM transports WHERE run_id = ?1),"
				" n AS MATERIALIZED (SELECT SUM(kind = 'nccl.socket_devices'"
				" OR json_extract(fields, '$.net') = 'Socket') AS chosen,"
				" SUM(kind = 'nccl.using_network' AND json_extract(fields, '$.net') <> 'Socket')"
				" AS other FROM events WHERE run_id = ?1"
				" AND kind IN ('nccl.socket_devices', 'nccl.using_network'))"
				" SELECT t.sock, t.ib, (SELECT COUNT(*)"
				" FROM events WHERE run_id = ?1 AND kind = 'nccl.no_ib'),"
				/* the interfaces NET/Socket said it used, the hosts */
				" (SELECT group_concat(i, ', ') FROM (SELECT DISTINCT"
				" json_extract(fields, '$.if') AS i FROM events WHERE run_id = ?1"
				" AND kind = 'nccl.socket_devices' AND i IS NOT NULL ORDER BY i LIMIT 4)),"
				" t.sock_hosts,"
				" (SELECT group_concat(h, ', ') FROM (SELECT DISTINCT host AS h FROM transports"
				" WHERE run_id = ?1 AND transport = 'NET/Socket' AND h IS NOT NULL"
				" ORDER BY h LIMIT 3)),"
				/* sockets chosen as the network; the most nodes a
				 * communicator or launcher names; channel connections
				 * in all and over a network; another network chosen
				 * (IB, a plugin) */
				" n.chosen,"
				" (SELECT MAX(json_extract(fields, '$.nnodes')) FROM events WHERE run_id = ?1"
				" AND kind IN ('nccl.comm_topo', 'launcher.args')),"
				" t.conns, t.net_conns, n.other FROM t, n" },
	[Q_SOCKET_TRANSPORTS] = {
		"socket_transports",
		"SELECT f.path, t.line, t.rank, t.host, NULL, t.sample FROM transports t"
		" JOIN files f ON f.id = t.file_id WHERE t.run_id = ?1 AND t.transport = 'NET/Socket'"
		" ORDER BY t.rank LIMIT 3" },
	[Q_SOCKET_EVENTS] = {
		"socket_events",
		"SELECT f.path, t.line, t.rank, t.host, t.ts, t.text FROM events t"
		" JOIN files f ON f.id = t.file_id WHERE t.run_id = ?1 AND t.kind IN"
		" ('nccl.no_ib', 'nccl.using_network') AND t.text LIKE '%Socket%'"
		" OR (t.run_id = ?1 AND t.kind = 'nccl.no_ib') ORDER BY t.id LIMIT 2" },
	[Q_VERSIONS] = { "versions",
			 "SELECT (SELECT COUNT(DISTINCT v) FROM (" NCCL_VERSIONS ")), (SELECT COUNT(*)"
			 " FROM events WHERE run_id = ?1 AND kind = 'nccl.version_mismatch')" },
	[Q_VERSION_EVIDENCE] = {
		"version_evidence",
		"SELECT f.path, t.line, t.rank, t.host, t.ts, t.text FROM events t"
		" JOIN files f ON f.id = t.file_id WHERE t.run_id = ?1 AND (t.kind ="
		" 'nccl.version_mismatch' OR t.id IN (SELECT MIN(id) FROM (" NCCL_VERSIONS ")"
		" GROUP BY v)) ORDER BY t.id" },
	[Q_NONFINITE] = { "nonfinite",
			  "SELECT (SELECT COUNT(*) FROM events WHERE run_id = ?1 AND kind ="
			  " 'train.nonfinite'), (SELECT COUNT(*) FROM steps INDEXED BY steps_nonfinite"
			  " WHERE run_id = ?1 AND " SUSPECT_STEP
			  " AND (loss_text IS NOT NULL OR grad_norm_text IS NOT NULL))" },
	[Q_NONFINITE_EVIDENCE] = {
		"nonfinite_evidence",
		"SELECT * FROM (SELECT f.path, t.line, t.rank, t.host, t.ts,"
		" 'step ' || IFNULL(t.step, '?') || ': loss ' || IFNULL(t.loss_text, IFNULL(t.loss,"
		" 'missing')) || ', grad norm ' || IFNULL(t.grad_norm_text, IFNULL(t.grad_norm, '-'))"
		" FROM steps t JOIN files f ON f.id = t.file_id WHERE t.run_id = ?1 AND " SUSPECT_STEP
		" AND (t.loss_text IS NOT NULL OR t.grad_norm_text IS NOT NULL OR t.nan_iters > 0)"
		" ORDER BY t.step, t.line LIMIT 2)"
		" UNION ALL SELECT * FROM (SELECT f.path, t.line, t.rank, t.host, t.ts, t.text"
		" FROM events t JOIN files f ON f.id = t.file_id WHERE t.run_id = ?1"
		" AND t.kind = 'train.nonfinite' ORDER BY t.ts, t.id LIMIT 2)" },
	/* Overflow lines are warnings: identical ones in a row are folded
	 * into the last row kept (events.repeats), which counts them. The
	 * lowest scale they name, then the lowest log2 of one (findings.c
	 * takes 2^x: SQLite's pow() is a build option). */
	[Q_LOSS_SCALE] = { "loss_scale",
			   "SELECT (SELECT COUNT(*) + IFNULL(SUM(repeats), 0) FROM events"
			   " WHERE run_id = ?1 AND kind = 'train.overflow'), (SELECT COUNT(*) FROM events WHERE run_id = ?1 AND kind ="
			   " 'train.loss_scale_min'), (SELECT MIN(json_extract(fields, '$.scale_to'))"
			   " FROM events WHERE run_id = ?1 AND kind = 'train.overflow'),"
			   " (SELECT MIN(json_extract(fields, '$.lg_scale_to'))"
			   " FROM events WHERE run_id = ?1 AND kind = 'train.overflow')" },
	[Q_LOSS_SCALE_EVIDENCE] = {
		"loss_scale_evidence",
		"SELECT * FROM (SELECT f.path, t.line, t.rank, t.host, t.ts, t.text FROM events t"
		" JOIN files f ON f.id = t.file_id WHERE t.run_id = ?1 AND t.kind = 'train.overflow'"
		" ORDER BY t.ts, t.id LIMIT 2) UNION ALL SELECT * FROM (SELECT f.path, t.line, t.rank,"
		" t.host, t.ts, t.text FROM events t JOIN files f ON f.id = t.file_id WHERE"
		" t.run_id = ?1 AND t.kind = 'train.loss_scale_min' ORDER BY t.ts, t.id LIMIT 1)"
		" UNION ALL SELECT * FROM (SELECT f.path, t.line, t.rank, t.host, t.ts,"
		" 'step ' || IFNULL(t.step, '?') || ': loss scale ' || t.loss_scale FROM steps t"
		" JOIN files f ON f.id = t.file_id WHERE t.run_id = ?1 AND t.loss_scale < " SQL_NUM(ZERO_SCALE)
		" ORDER BY t.step, t.line LIMIT 1)"
		" UNION ALL SELECT * FROM (SELECT f.path, t.line, t.rank, t.host, t.ts,"
		" 'step ' || IFNULL(t.step, '?') || ': ' || t.skipped_iters || ' skipped, no loss,"
		" loss scale ' || IFNULL(t.loss_scale, '?') FROM steps t JOIN files f ON f.id = t.file_id"
		" WHERE t.run_id = ?1 AND " ALL_SKIPPED " ORDER BY t.step, t.line LIMIT 2)" },
	/* The per-step series the trend findings walk as it is read (trend.c):
	 * the loss, and the one throughput column a drop is judged on (?2, in
	 * trend.c's S_* order: tokens/s, TFLOPS, samples/s, step time, of
	 * which it takes 1000 / x; NULL for none). */
	[Q_STEP_SERIES] = { "step_series",
			    "SELECT step, loss, CASE ?2 WHEN 0 THEN tokens_per_s WHEN 1 THEN tflops"
			    " WHEN 2 THEN samples_per_s WHEN 3 THEN iter_ms END"
			    " FROM v_step_stats WHERE run_id = ?1 ORDER BY step" },
	/* The line that logged step ?2's highest loss: a spike's evidence. */
	[Q_SPIKE_AT] = { "spike_at",
			 "SELECT f.path, a.loss_max_line, f.rank, f.host, a.first_ts FROM v_step_stats a"
			 " LEFT JOIN files f ON f.id = a.loss_max_file_id WHERE a.run_id = ?1 AND a.step = ?2" },
	[Q_XIDS] = { "xids",
		     "SELECT t.host, json_extract(t.fields, '$.bus'), json_extract(t.fields, '$.xid'),"
		     " COUNT(*), MIN(t.id) FROM events t WHERE t.run_id = ?1 AND t.kind = 'hw.xid'"
		     " GROUP BY 1, 2, 3 ORDER BY MIN(t.id)" },
	/* The evidence of an MFU: the last kept step row with a throughput,
	 * then the first line naming the GPU and the first stating the model
	 * size (text NULL for the step row: the caller words it). */
	[Q_MFU_EVIDENCE] = {
		"mfu_evidence",
		"SELECT * FROM (SELECT f.path, t.line, t.rank, t.host, t.ts, NULL, t.step, t.mfu,"
		" t.tokens_per_s, t.tflops FROM steps t JOIN files f ON f.id = t.file_id"
		" WHERE t.run_id = ?1 AND t.step IS NOT NULL"
		" AND COALESCE(t.mfu, t.tokens_per_s, t.tflops) IS NOT NULL ORDER BY t.step DESC, t.line DESC"
		" LIMIT 1) UNION ALL SELECT * FROM (SELECT f.path, t.line, t.rank, t.host, t.ts, t.text,"
		" NULL, NULL, NULL, NULL FROM events t JOIN files f ON f.id = t.file_id WHERE t.run_id = ?1"
		" AND t.kind = 'train.gpu_model' ORDER BY t.id LIMIT 1) UNION ALL SELECT * FROM (SELECT"
		" f.path, t.line, t.rank, t.host, t.ts, t.text, NULL, NULL, NULL, NULL FROM events t"
		" JOIN files f ON f.id = t.file_id WHERE t.run_id = ?1 AND t.kind = 'train.model_size'"
		" ORDER BY t.id LIMIT 1)" },
	/* The first kept row of a column at or after step ?2: the evidence of
	 * a drop (rows are each rank's last lines, so it may be later). */
	[Q_DROP_EVIDENCE] = {
		"drop_evidence",
		"SELECT f.path, t.line, t.rank, t.host, t.ts, t.step, t.tokens_per_s, t.tflops,"
		" t.samples_per_s, 1000.0 / t.iter_ms FROM steps t JOIN files f ON f.id = t.file_id"
		" WHERE t.run_id = ?1 AND t.step >= ?2"
		" AND COALESCE(t.tokens_per_s, t.tflops, t.samples_per_s, t.iter_ms) IS NOT NULL"
		" ORDER BY t.step, t.line LIMIT 1" },
	/* A file's path, for the few rows quoted as evidence. */
	[Q_FILE_PATH] = {
		"file_path",
		"SELECT path FROM files WHERE id = ?2 AND run_id = ?1" },
	/* Megatron's straggler detector: per slowest rank, the reports that
	 * name it with a time ?2 times the fastest's, its mean time there, the
	 * fastest's, and its last such line. */
	[Q_RANK_TIMING] = {
		"rank_timing",
		"WITH r AS (SELECT id, file_id, line, rank, host, ts, text, json_extract(fields, '$.max_rank')"
		" AS slow, json_extract(fields, '$.max_ms') AS hi, json_extract(fields, '$.min_ms') AS lo"
		" FROM events WHERE run_id = ?1 AND kind = 'train.rank_timing')"
		" SELECT r.slow, COUNT(*), (SELECT COUNT(*) FROM r), AVG(r.hi), AVG(r.lo),"
		" (SELECT host FROM ranks WHERE run_id = ?1 AND rank = r.slow), f.path, MAX(r.line), r.ts,"
		" r.text FROM r JOIN files f ON f.id = r.file_id WHERE r.hi >= ?2 * r.lo"
		" GROUP BY r.slow ORDER BY COUNT(*) DESC, r.slow" },
	[Q_RANKS_PER_HOST] = { "ranks_per_host", "SELECT MAX(ranks) FROM hosts WHERE run_id = ?1" },

	/* ---- training and configuration (findings.c) ---- */
	[Q_TRAINING] = {
		"training",
		"SELECT (SELECT MAX(step) FROM step_stats WHERE run_id = ?1),"
		" (SELECT COUNT(*) FROM step_stats WHERE run_id = ?1),"
		" (SELECT COUNT(*) FROM steps WHERE run_id = ?1),"
		/* non-finite: NaN/Inf logged, a nan-iteration counter that rose,
		 * or a Megatron line whose loss vanished after earlier lines had one */
		" (SELECT MIN(step) FROM steps INDEXED BY steps_nonfinite WHERE run_id = ?1 AND "
		SUSPECT_STEP "),"
		" (SELECT json_extract(fields, '$.scale_to') FROM events WHERE run_id = ?1"
		"  AND kind = 'train.overflow' ORDER BY ts DESC, id DESC LIMIT 1)" },
	[Q_LAST_BY_LINE] = { "last_by_line",
			     "SELECT " LAST_BY_LINE("loss", "") ", " LAST_BY_LINE("tokens_per_s", "")
			     ", " LAST_BY_LINE("tflops", "") ", " LAST_BY_LINE("mfu", " AND mfu >= 0")
			     ", " LAST_BY_LINE("loss_scale", "") ", " LAST_BY_LINE("lr", "")
			     ", " LAST_BY_LINE("grad_norm", "") ", " LAST_BY_LINE("iter_ms", "") },
	/* The model size (Megatron states each (tensor, pipeline) shard's: the
	 * sum over shards; other frameworks one total) and the GPU model the
	 * logs name most often. */
	[Q_MODEL] = { "model",
		      "SELECT (SELECT SUM(p) FROM (SELECT MAX(json_extract(fields, '$.params')) AS p"
		      "  FROM events WHERE run_id = ?1 AND kind = 'train.model_size'"
		      "  GROUP BY json_extract(fields, '$.tp_rank'), json_extract(fields, '$.pp_rank'))),"
		      " (SELECT json_extract(fields, '$.gpu') FROM events WHERE run_id = ?1"
		      "  AND kind = 'train.gpu_model' GROUP BY 1 ORDER BY COUNT(*) DESC, MIN(id) LIMIT 1)" },
	/* The per-step means in step order, after the number of steps
	 * (series.c: folded into spans for the pictures, and each column's
	 * last value and throughput totals kept on the way). */
	[Q_SERIES] = {
		"series",
		"SELECT (SELECT COUNT(*) FROM step_stats WHERE run_id = ?1), step, loss, grad_norm,"
		" tokens_per_s, tflops, CASE WHEN mfu >= 0 THEN mfu END, loss_scale, lr, iter_ms,"
		" samples_per_s FROM v_step_stats WHERE run_id = ?1 ORDER BY step" },
	[Q_CONFIG] = {
		"config",
		CONFIG_CTE "SELECT " CONFIG("micro_batch_size") ", " CONFIG("grad_accum_steps") ", "
		CONFIG("global_batch_size") ", " CONFIG("data_parallel_size") ", "
		CONFIG("tensor_parallel_size") ", " CONFIG("pipeline_parallel_size") ", "
		CONFIG("seq_length") ", " CONFIG("world_size") ", "
		"lower(" CONFIG("fp16") "), lower(" CONFIG("bf16") "), "
		CONFIG("activation_checkpointing") ", " CONFIG("context_parallel_size") ", "
		CONFIG("expert_parallel_size") ", lower(" CONFIG("dtype") "), " CONFIG("sharding") ", "
		CONFIG("fsdp_option") ", " CONFIG("zero_stage") ", lower(" CONFIG("distributed_optimizer") "),"
		/* every NCCL line that states a communicator's size: a fragment
		 * often has the init START or a COLL trace (the colls table) but
		 * not the COMPLETE line; the largest is the world's (world.c
		 * rejects it when a rank seen lies beyond it). The init lines'
		 * largest is kept by the pipeline (runs.nccl_nranks_max). */
		" (SELECT MAX(n) FROM (SELECT nccl_nranks_max AS n FROM runs WHERE id = ?1"
		"  UNION ALL SELECT MAX(nranks) FROM colls WHERE run_id = ?1)),"
		" (SELECT MAX(json_extract(fields, '$.size')) FROM events"
		"  WHERE run_id = ?1 AND kind = 'torch.pg_init'),"
		" (SELECT json_extract(fields, '$.version') FROM events WHERE"
		"  run_id = ?1 AND kind = 'nccl.version' GROUP BY 1"
		"  ORDER BY COUNT(*) DESC, MIN(id) LIMIT 1)" },

	/* What remediation names (causes.c, remedy.c): the learning rate of
	 * the last step before ?2 (the first non-finite one), and the socket
	 * interface most ranks' NCCL used. */
	[Q_REMEDY] = { "remedy",
		       "SELECT (SELECT lr FROM v_step_stats WHERE run_id = ?1 AND lr IS NOT NULL"
		       "  AND step < ?2 ORDER BY step DESC LIMIT 1),"
		       " (SELECT json_extract(fields, '$.if') FROM events WHERE run_id = ?1"
		       "  AND kind = 'nccl.socket_devices' GROUP BY 1 ORDER BY COUNT(*) DESC, MIN(id)"
		       "  LIMIT 1)" },

	/* ---- the world (world.c) ---- */
	/* nnodes x nproc_per_node from the launcher's own arguments (one node
	 * where a command line has no --nnodes: topology.launch_cmdline.one_node), and the
	 * largest world_size any line states (a store-based barrier's
	 * `(world_size=8, worker_count=4, ...)`, not only configuration dumps).
	 * Any kind may state it: the pipeline keeps the largest as it writes
	 * the events (runs.world_size_max), which a 32 Ki-rank run's analysis
	 * read from every one of its events. Then the most nodes a launcher's
	 * arguments or a communicator name. */
	[Q_LAUNCHER_WORLD] = { "launcher_world",
			       "SELECT (SELECT MAX(IFNULL(json_extract(fields, '$.nnodes'), 1)"
			       "  * json_extract(fields, '$.nproc_per_node')) FROM events"
			       "  WHERE run_id = ?1 AND kind = 'launcher.args'"
			       "  AND IFNULL(json_extract(fields, '$.nnodes'), 1) > 0"
			       "  AND json_extract(fields, '$.nproc_per_node') > 0),"
			       " (SELECT world_size_max FROM runs WHERE id = ?1),"
			       " (SELECT MAX(json_extract(fields, '$.nnodes')) FROM events"
			       "  WHERE run_id = ?1 AND kind IN ('launcher.args', 'nccl.comm_topo'))" },

	/* ---- the saved analysis (saved.c): a JSON array by position ---- */
	/* The scalars and small arrays, when the run has an analysis saved by
	 * the analysis whose digest is ?2. */
	/* ---- network layout (layout.c) ---- */
	/* Per host whose IB channels never use GDRDMA, when another host's
	 * do: its first NET/IB channel line, by file and line (not by rowid,
	 * which follows how the pipeline grouped the rows). The line's other
	 * columns are those of the row with the smallest (file, line): SQLite
	 * takes a lone MIN()'s bare columns from its row. */
	[Q_GDR_MISSING] = {
		"gdr_missing",
		"SELECT f.path, t.line, t.rank, t.host, NULL, t.sample FROM (SELECT host,"
		" MIN((file_id << 32) + line), file_id, line, rank, sample FROM transports"
		" WHERE run_id = ?1 AND transport = 'NET/IB' AND host IN (SELECT host FROM transports"
		"  WHERE run_id = ?1 AND transport = 'NET/IB' AND host IS NOT NULL GROUP BY host"
		"  HAVING MAX(gdr) = 0) GROUP BY host) t JOIN files f ON f.id = t.file_id"
		" WHERE EXISTS (SELECT 1 FROM transports WHERE run_id = ?1 AND transport = 'NET/IB'"
		" AND gdr = 1) ORDER BY t.host" },
	/* Per host: how many IB devices NCCL listed ("[0]mlx5_0:1/IB [1]..."),
	 * the most it listed, and its first such line. */
	[Q_HCA_COUNTS] = {
		"hca_counts",
		"WITH d AS (SELECT id, host, length(x) - length(replace(x, '[', '')) AS n FROM"
		" (SELECT id, host, json_extract(fields, '$.devices') AS x FROM events"
		" WHERE run_id = ?1 AND kind = 'nccl.ib_devices' AND host IS NOT NULL)),"
		" h AS (SELECT host, MAX(n) AS n, MIN(id) AS id FROM d GROUP BY host)"
		" SELECT h.host, h.n, f.path, e.line, e.rank, e.ts, e.text FROM h"
		" JOIN events e ON e.id = h.id JOIN files f ON f.id = e.file_id ORDER BY h.host" },
	/* The ranks whose NCCL channels go through each known IB device,
	 * with the first channel line of each (hca.c). */
	[Q_HCA_RANKS] = {
		"hca_ranks",
		"SELECT h.host, h.device, h.rank, f.path, h.line, h.sample FROM hcas h"
		" LEFT JOIN files f ON f.id = h.file_id WHERE h.run_id = ?1 AND h.host IS NOT NULL"
		" AND h.device IS NOT NULL AND h.rank IS NOT NULL ORDER BY h.host, h.device, h.rank" },
	/* Each communicator: its size, members, hosts (up to 4), rank range and
	 * sum (an arithmetic run of ranks is a stride), transports, first
	 * member's line. */
	[Q_COMMS] = {
		"comms",
		"SELECT c.comm, c.nranks, c.members, c.hosts, c.first_rank, c.last_rank, c.rank_sum,"
		" (SELECT group_concat(h, ', ') FROM (SELECT DISTINCT x.host AS h FROM comm_members x"
		"  WHERE x.run_id = ?1 AND x.comm = c.comm AND x.host IS NOT NULL ORDER BY h LIMIT 4)),"
		" c.transports, f.path, m.line FROM (SELECT comm, MAX(nranks) AS nranks,"
		" COUNT(DISTINCT rank) AS members, COUNT(DISTINCT host) AS hosts, MIN(rank) AS first_rank,"
		" MAX(rank) AS last_rank, SUM(DISTINCT rank) AS rank_sum,"
		" group_concat(DISTINCT transports) AS transports, MIN(rowid) AS r FROM comm_members"
		" WHERE run_id = ?1 GROUP BY comm) c JOIN comm_members m ON m.rowid = c.r"
		" LEFT JOIN files f ON f.id = m.file_id ORDER BY c.nranks DESC, c.first_rank, c.comm" },
	/* ---- GPU telemetry (telemetry.c) ---- */
	[Q_GPU_SAMPLES] = { "gpu_samples",
			    "SELECT g.host, g.gpu, g.bus_id, g.source, g.ts, g.last_ts, g.samples,"
			    " g.power_w, g.util_pct, f.path, g.line"
			    " FROM gpu_samples g LEFT JOIN files f ON f.id = g.file_id"
			    " WHERE g.run_id = ?1 ORDER BY g.host, g.gpu, g.ts, g.rowid" },
	/* Each rank's GPU as NVML numbers it (NCCL's nvmlDev: 2.4 and 2.18.3+,
	 * Init START and COMPLETE): the nvidia-smi index, whatever
	 * CUDA_VISIBLE_DEVICES made cudaDev, for samples without a bus id. */
	[Q_GPU_RANKS] = { "gpu_ranks",
			  "SELECT DISTINCT host, CAST(json_extract(fields, '$.nvml_dev') AS INTEGER) AS dev,"
			  " rank FROM events WHERE run_id = ?1"
			  " AND kind IN ('nccl.init_complete', 'nccl.init_start')"
			  " AND host IS NOT NULL AND rank IS NOT NULL AND dev IS NOT NULL"
			  " ORDER BY host, dev, rank" },
	/* The last progress line: the latest COLL trace here, the latest step
	 * line from clock.c's walk (c->rows). */
	[Q_LOG_ONSET] = { "log_onset",
			  "SELECT host, last_ts FROM colls WHERE run_id = ?1 AND last_ts IS NOT NULL"
			  " ORDER BY last_ts DESC LIMIT 1" },
	[Q_SAVED_HEAD] = {
		"saved_head",
		"SELECT 1, doc ->> '$[0]', doc ->> '$[1]', doc ->> '$[2]', doc ->> '$[3]',"
		" doc ->> '$[4][0]', doc ->> '$[4][1]', doc ->> '$[4][2]', doc ->> '$[4][3]', doc ->> '$[4][4]', doc ->> '$[4][5]', doc ->> '$[4][6]', doc ->> '$[4][7]',"
		" doc ->> '$[5][0]', doc ->> '$[5][1]', doc ->> '$[5][2]', doc ->> '$[5][3]', doc ->> '$[5][4]', doc ->> '$[5][5]', doc ->> '$[5][8]', doc ->> '$[5][9]',"
		" doc ->> '$[12][0]', doc ->> '$[12][1]', doc ->> '$[12][2]', doc ->> '$[12][3]', doc ->> '$[12][4]', doc ->> '$[12][5]', doc ->> '$[12][6]', doc ->> '$[12][7]',"
		" doc ->> '$[12][8]', doc ->> '$[12][9]', doc ->> '$[12][10]', doc ->> '$[12][11]', doc ->> '$[12][12]', doc ->> '$[12][13]', doc ->> '$[12][14]', doc ->> '$[12][15]',"
		" doc ->> '$[13][0]', doc ->> '$[13][1]', doc ->> '$[13][2]', doc ->> '$[13][3]', doc ->> '$[13][4]', doc ->> '$[13][5]', doc ->> '$[13][6]', doc ->> '$[13][7]', doc ->> '$[13][8]', doc ->> '$[13][9]', doc ->> '$[13][10]',"
		" doc ->> '$[13][11]', doc ->> '$[13][12]', doc ->> '$[13][13]', doc ->> '$[13][14]',"
		" doc ->> '$[14][0]', doc ->> '$[14][1]', doc ->> '$[5][6]', doc ->> '$[5][7]',"
		" doc ->> '$[18][0]', doc ->> '$[18][1]', doc ->> '$[18][2]', doc ->> '$[18][3]', doc ->> '$[18][4]', doc ->> '$[18][5]', doc ->> '$[18][6]', doc ->> '$[18][7]', doc ->> '$[18][8]', doc ->> '$[18][9]'"
		" FROM analyses WHERE run_id = ?1 AND digest = ?2" },
	/* The GPUs (saved.c's put_gpus()), without their series. */
	[Q_SAVED_GPUS] = {
		"saved_gpus",
		"SELECT r.key, r.value ->> 0, r.value ->> 1, r.value ->> 2, r.value ->> 3, r.value ->> 4,"
		" r.value ->> 5, r.value ->> 6, r.value ->> 7, r.value ->> 8, r.value ->> 9, r.value ->> 10,"
		" r.value ->> 11, r.value ->> 12, r.value ->> 13, r.value ->> 14, r.value ->> 15"
		" FROM analyses a, json_each(a.doc, '$[17]') r WHERE a.run_id = ?1 ORDER BY r.key" },
	/* The rank states, in array order. */
	[Q_SAVED_RANKS] = {
		"saved_ranks",
		"SELECT r.key, r.value ->> 0, r.value ->> 1, r.value ->> 2, r.value ->> 3, r.value ->> 4,"
		" r.value ->> 5, r.value ->> 6, r.value ->> 7, r.value ->> 8"
		" FROM analyses a, json_each(a.ranks) r WHERE a.run_id = ?1" },
	/* The rows of the list at path ?2. */
	[Q_SAVED_ROWS] = {
		"saved_rows",
		"SELECT r.key, r.value ->> 0, r.value ->> 1, r.value ->> 2, r.value ->> 3, r.value ->> 4, r.value ->> 5, r.value ->> 6, r.value ->> 7, r.value ->> 8, r.value ->> 9, r.value"
		" FROM analyses a, json_each(a.doc, ?2) r WHERE a.run_id = ?1 ORDER BY r.key" },
	/* The rows (arrays) of the list at path ?3 inside each item of the list
	 * at ?2. */
	[Q_SAVED_NESTED] = {
		"saved_nested",
		"SELECT o.key, r.value ->> 0, r.value ->> 1, r.value ->> 2, r.value ->> 3, r.value ->> 4, r.value ->> 5"
		" FROM analyses a, json_each(a.doc, ?2) o, json_each(o.value, ?3) r"
		" WHERE a.run_id = ?1 ORDER BY o.key, r.key" },
	[Q_SAVE_ANALYSIS] = { "save_analysis",
			      "INSERT OR REPLACE INTO analyses (run_id, digest, doc, ranks)"
			      " VALUES (?1, ?2, ?3, ?4)" },

	/* ---- saving the verdict (analyze.c) ---- */
	[Q_SAVE_RUN] = { "save_run",
			 "UPDATE runs SET status=?2, cause=?3, confidence=?4, first_rank=?5,"
			 " first_host=?6, first_kind=?7, signature=?8, summary=?9 WHERE id=?1" },
	[Q_SAVE_OFFSET] = { "save_offset",
			    "UPDATE hosts SET offset_us = ?3 WHERE run_id = ?1 AND host = ?2" },
};

const struct fl_sql_def *analyze_sql(enum q which)
{
	assert(which >= 0 && which < Q_N && SQL[which].text);
	return &SQL[which];
}

size_t fl_analyze_sql(const struct fl_sql_def **out)
{
	*out = SQL;
	return Q_N;
}
