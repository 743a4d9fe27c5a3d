/* SPDX-License-Identifier: MIT */
/*
 * store_schema.c - the schema and its migrations.
 *
 * PRAGMA user_version holds the schema version. Each migration takes the
 * store from version N to N+1 inside one transaction; a store written by a
 * newer faultline is refused rather than damaged. The schema is described
 * for users in docs/SCHEMA.md - change both together.
 */
#include "store_int.h"

/* step_stats' columns and its view: made in 1 -> 2, made again in 12 -> 13. */
#define STEP_STATS_COLUMNS \
	"  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE," \
	"  step INTEGER NOT NULL, lines INTEGER NOT NULL, first_ts INTEGER, last_ts INTEGER," \
	"  loss_n INTEGER, loss_sum REAL, grad_norm_n INTEGER, grad_norm_sum REAL," \
	"  loss_scale_n INTEGER, loss_scale_sum REAL, lr_n INTEGER, lr_sum REAL," \
	"  tokens_per_s_n INTEGER, tokens_per_s_sum REAL," \
	"  samples_per_s_n INTEGER, samples_per_s_sum REAL, tflops_n INTEGER, tflops_sum REAL," \
	"  mfu_n INTEGER, mfu_sum REAL, iter_ms_n INTEGER, iter_ms_sum REAL," \
	"  loss_max REAL, loss_max_file_id INTEGER, loss_max_line INTEGER," \
	"  PRIMARY KEY (run_id, step)"

#define V_STEP_STATS \
	"CREATE VIEW v_step_stats AS SELECT run_id, step, lines," \
	"  first_ts, last_ts, loss_sum / loss_n AS loss, grad_norm_sum / grad_norm_n AS grad_norm," \
	"  loss_scale_sum / loss_scale_n AS loss_scale, lr_sum / lr_n AS lr," \
	"  tokens_per_s_sum / tokens_per_s_n AS tokens_per_s," \
	"  samples_per_s_sum / samples_per_s_n AS samples_per_s, tflops_sum / tflops_n AS tflops," \
	"  mfu_sum / mfu_n AS mfu, iter_ms_sum / iter_ms_n AS iter_ms, loss_max," \
	"  loss_max_file_id, loss_max_line FROM step_stats;"

static const char *const MIGRATIONS[] = {
	/* 0 -> 1 */
	"CREATE TABLE runs ("
	"  id INTEGER PRIMARY KEY,"
	"  sha256 TEXT UNIQUE,"
	"  bundle TEXT NOT NULL,"
	"  bundle_path TEXT,"
	"  kept TEXT,"
	"  ingested_at INTEGER NOT NULL,"
	"  patterns_digest TEXT,"
	"  files INTEGER, lines INTEGER, bytes INTEGER, skipped INTEGER,"
	"  ranks INTEGER, hosts INTEGER, events INTEGER, year INTEGER,"
	"  status TEXT, cause TEXT, confidence TEXT, first_rank INTEGER, first_host TEXT,"
	"  first_kind TEXT, signature TEXT, summary TEXT"
	");"
	"CREATE TABLE files ("
	"  id INTEGER PRIMARY KEY,"
	"  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,"
	"  path TEXT NOT NULL,"
	"  rank INTEGER, local_rank INTEGER, pid INTEGER, host TEXT, attempt INTEGER,"
	"  bytes INTEGER, lines INTEGER, truncated INTEGER, conflicts INTEGER, boot_ts INTEGER"
	");"
	"CREATE INDEX files_run ON files(run_id);"
	"CREATE TABLE skipped ("
	"  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,"
	"  path TEXT NOT NULL, reason TEXT NOT NULL"
	");"
	"CREATE TABLE events ("
	"  id INTEGER PRIMARY KEY,"
	"  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,"
	"  file_id INTEGER NOT NULL,"
	"  line INTEGER NOT NULL, nlines INTEGER NOT NULL DEFAULT 1, offset INTEGER,"
	"  rank INTEGER, local_rank INTEGER, host TEXT, pid INTEGER, dev INTEGER,"
	"  ts INTEGER, ts_kind INTEGER, uptime REAL,"
	"  kind TEXT NOT NULL, pattern TEXT NOT NULL, severity INTEGER NOT NULL,"
	"  fields TEXT, text TEXT"
	");"
	"CREATE TABLE steps ("
	"  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,"
	"  file_id INTEGER, line INTEGER,"
	"  rank INTEGER, local_rank INTEGER, host TEXT, pid INTEGER, dev INTEGER,"
	"  ts INTEGER, ts_kind INTEGER, uptime REAL,"
	"  step INTEGER, loss REAL, grad_norm REAL, loss_scale REAL, lr REAL,"
	"  tokens_per_s REAL, samples_per_s REAL, tflops REAL, mfu REAL, iter_ms REAL,"
	"  skipped_iters INTEGER, nan_iters INTEGER, global_batch_size INTEGER,"
	"  loss_missing INTEGER, loss_text TEXT, grad_norm_text TEXT"
	");"
	"CREATE TABLE tails ("
	"  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,"
	"  file_id INTEGER NOT NULL, line INTEGER NOT NULL,"
	"  rank INTEGER, local_rank INTEGER, host TEXT, pid INTEGER, dev INTEGER,"
	"  ts INTEGER, ts_kind INTEGER, uptime REAL, text TEXT"
	");"
	"CREATE TABLE transports ("
	"  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,"
	"  host TEXT, pid INTEGER, rank INTEGER, transport TEXT NOT NULL, gdr INTEGER,"
	"  channels INTEGER, file_id INTEGER, line INTEGER, sample TEXT"
	");"
	"CREATE TABLE colls ("
	"  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,"
	"  host TEXT, pid INTEGER, rank INTEGER, comm TEXT, op TEXT,"
	"  last_opcount INTEGER, calls INTEGER, nranks INTEGER, last_ts INTEGER"
	");"
	"CREATE TABLE activity ("
	"  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,"
	"  file_id INTEGER, rank INTEGER, local_rank INTEGER, pid INTEGER, host TEXT,"
	"  lines INTEGER, first_ts INTEGER, last_ts INTEGER, last_line INTEGER, last_text TEXT"
	");"
	"CREATE TABLE procs ("
	"  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,"
	"  host TEXT NOT NULL, pid INTEGER NOT NULL, rank INTEGER, nranks INTEGER,"
	"  cuda_dev INTEGER, bus_id TEXT, source TEXT,"
	"  PRIMARY KEY (run_id, host, pid)"
	");"
	"CREATE TABLE ranks ("
	"  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,"
	"  rank INTEGER NOT NULL, host TEXT, local_rank INTEGER, pid INTEGER,"
	"  lines INTEGER, first_ts INTEGER, last_ts INTEGER,"
	"  PRIMARY KEY (run_id, rank)"
	");"
	"CREATE TABLE hosts ("
	"  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,"
	"  host TEXT NOT NULL, ranks INTEGER, offset_us INTEGER,"
	"  PRIMARY KEY (run_id, host)"
	");"
	"CREATE VIEW v_events AS SELECT e.id, e.run_id, f.path AS file, e.line, e.rank, e.host,"
	"  e.pid, e.ts, strftime('%Y-%m-%dT%H:%M:%f', e.ts / 1e6, 'unixepoch') AS time,"
	"  e.kind, e.pattern, e.severity, e.fields, e.text"
	"  FROM events e JOIN files f ON f.id = e.file_id;"
	"CREATE VIEW v_runs AS SELECT id, bundle, sha256,"
	"  strftime('%Y-%m-%dT%H:%M:%S', ingested_at / 1e6, 'unixepoch') AS ingested,"
	"  ranks, hosts, files, lines, status, cause, first_rank, first_host, signature"
	"  FROM runs;"
	"CREATE VIEW v_ranks AS SELECT r.run_id, r.rank, r.host, r.local_rank, r.lines,"
	"  strftime('%Y-%m-%dT%H:%M:%f', r.last_ts / 1e6, 'unixepoch') AS last_active,"
	"  (SELECT e.kind || ': ' || substr(e.text, 1, 200) FROM events e"
	"     WHERE e.run_id = r.run_id AND e.rank = r.rank AND e.severity >= 2"
	"     ORDER BY e.ts, e.id LIMIT 1) AS first_error"
	"  FROM ranks r;"
	"CREATE INDEX events_run_kind ON events(run_id, kind);"
	"CREATE INDEX events_run_rank ON events(run_id, rank);"
	"CREATE INDEX steps_run ON steps(run_id, step);"
	"CREATE INDEX steps_nonfinite ON steps(run_id) WHERE loss_text IS NOT NULL"
	" OR grad_norm_text IS NOT NULL OR nan_iters > 0 OR loss_missing = 1;"
	"CREATE INDEX tails_run ON tails(run_id, file_id);"
	"CREATE INDEX steps_norank ON steps(run_id) WHERE rank IS NULL;"
	"CREATE INDEX tails_norank ON tails(run_id) WHERE rank IS NULL;"
	"CREATE INDEX activity_run ON activity(run_id, rank);"
	"CREATE INDEX activity_file ON activity(file_id);"
	"CREATE INDEX transports_run ON transports(run_id);"
	"CREATE INDEX colls_run ON colls(run_id);"
	"CREATE INDEX skipped_run ON skipped(run_id);",
	/* 1 -> 2: step lines are summed per step (step_stats); table steps
	 * keeps only each rank's last lines and the abnormal ones. procs is
	 * looked up by rank for every rank at commit (quadratic without). */
	"CREATE INDEX procs_rank ON procs(run_id, rank);"
	"CREATE TABLE step_stats ("
	STEP_STATS_COLUMNS
	");"
	V_STEP_STATS
	/* a v1 store's runs: the sums from their full step rows */
	"INSERT INTO step_stats SELECT run_id, step, COUNT(*), MIN(ts), MAX(ts),"
	"  COUNT(floss), SUM(floss), COUNT(fgrad), SUM(fgrad),"
	"  COUNT(loss_scale), SUM(loss_scale), COUNT(lr), SUM(lr),"
	"  COUNT(tokens_per_s), SUM(tokens_per_s), COUNT(samples_per_s), SUM(samples_per_s),"
	"  COUNT(tflops), SUM(tflops), COUNT(fmfu), SUM(fmfu), COUNT(iter_ms), SUM(iter_ms),"
	"  MAX(floss), NULL, NULL"
	"  FROM (SELECT *, CASE WHEN abs(loss) < 1e308 THEN loss END AS floss,"
	"   CASE WHEN abs(grad_norm) < 1e308 THEN grad_norm END AS fgrad,"
	"   CASE WHEN mfu >= 0 THEN mfu END AS fmfu FROM steps)"
	"  WHERE step IS NOT NULL GROUP BY run_id, step;"
	"UPDATE step_stats SET (loss_max_file_id, loss_max_line) = (SELECT t.file_id, t.line"
	"  FROM steps t WHERE t.run_id = step_stats.run_id AND t.step = step_stats.step"
	"  AND t.loss = step_stats.loss_max ORDER BY t.rowid LIMIT 1) WHERE loss_max IS NOT NULL;"
	/* loss_missing now means "vanished": earlier lines of the file had one */
	"UPDATE steps SET loss_missing = 0 WHERE loss_missing = 1 AND NOT EXISTS (SELECT 1"
	"  FROM steps p WHERE p.run_id = steps.run_id AND p.file_id = steps.file_id"
	"  AND p.line < steps.line AND p.loss_missing = 0);",
	/* 2 -> 3: a run ingested as one shard of a job (ingest --shard I/N)
	 * says which, so that merge --into-one can tell a missing shard */
	"ALTER TABLE runs ADD COLUMN shard INTEGER;"
	"ALTER TABLE runs ADD COLUMN shards INTEGER;",
	/* 3 -> 4: the analysis of a run, saved, so that `report` need not redo
	 * it (src/analyze/saved.c); digest names the analysis that made it. */
	"CREATE TABLE analyses ("
	"  run_id INTEGER PRIMARY KEY REFERENCES runs(id) ON DELETE CASCADE,"
	"  digest TEXT NOT NULL, doc TEXT NOT NULL, ranks TEXT NOT NULL"
	");",
	/* 4 -> 5: the upload service (faultline serve). Bearer tokens are
	 * kept as SHA-256 digests only. An upload reserves its run's id at
	 * once (a runs row with no verdict yet) and tracks its analysis in
	 * uploads; no foreign key, because re-analysis replaces the runs row
	 * under the same id and must not take the upload's row with it
	 * (fl_store_run_delete() removes it with the run). */
	"CREATE TABLE tokens ("
	"  id INTEGER PRIMARY KEY,"
	"  hash TEXT NOT NULL UNIQUE,"
	"  scope TEXT NOT NULL CHECK (scope IN ('upload', 'read', 'admin')),"
	"  name TEXT, created_at INTEGER NOT NULL, last_used INTEGER,"
	"  revoked INTEGER NOT NULL DEFAULT 0"
	");"
	"CREATE TABLE uploads ("
	"  run_id INTEGER PRIMARY KEY,"
	"  status TEXT NOT NULL CHECK (status IN ('queued', 'analyzing', 'done', 'failed')),"
	"  size INTEGER NOT NULL, job TEXT, cluster TEXT, token_id INTEGER,"
	"  uploaded_at INTEGER NOT NULL, started_at INTEGER, finished_at INTEGER,"
	"  error_code TEXT, error_message TEXT"
	");"
	"CREATE INDEX uploads_status ON uploads(status) WHERE status IN ('queued', 'analyzing');",
	/* 5 -> 6: GPU telemetry (nvidia-smi CSV and -q dumps, DCGM exporter
	 * text), folded per GPU by src/pipeline/telemetry.c into a bounded
	 * series: each row is one bucket of `samples` consecutive samples,
	 * ts..last_ts, with their mean power and utilisation. */
	"CREATE TABLE gpu_samples ("
	"  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,"
	"  host TEXT, gpu INTEGER NOT NULL, bus_id TEXT, source TEXT NOT NULL,"
	"  ts INTEGER, last_ts INTEGER, samples INTEGER NOT NULL,"
	"  power_w REAL, util_pct REAL, mem_used_mib REAL,"
	"  file_id INTEGER, line INTEGER"
	");"
	"CREATE INDEX gpu_samples_run ON gpu_samples(run_id);",
	/* 6 -> 7: a point-to-point call's COLL trace names its peer (root, the
	 * peer's rank in the communicator): Send and Recv rows are kept per
	 * peer, with their last call's line, so that a send never received
	 * can be named with both ends (src/analyze/hang.c). */
	"ALTER TABLE colls ADD COLUMN peer INTEGER;"
	"ALTER TABLE colls ADD COLUMN file_id INTEGER;"
	"ALTER TABLE colls ADD COLUMN line INTEGER;"
	"ALTER TABLE colls ADD COLUMN sample TEXT;",
	/* 7 -> 8: Flight Recorder dumps (docs/FLIGHT_RECORDER.md): one row
	 * per dump file, the process groups its pg_config states, and its
	 * ring buffer's entries in order. Rows refer to the dump by its
	 * files row, so that merge moves them like every file_id. */
	"CREATE TABLE fr_dumps ("
	"  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,"
	"  file_id INTEGER NOT NULL, rank INTEGER, version TEXT, entries INTEGER NOT NULL"
	");"
	"CREATE TABLE fr_pgs ("
	"  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,"
	"  file_id INTEGER NOT NULL, rank INTEGER, name TEXT NOT NULL, desc TEXT, ranks TEXT,"
	"  last_enqueued INTEGER, last_started INTEGER, last_completed INTEGER"
	");"
	"CREATE TABLE fr_entries ("
	"  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,"
	"  file_id INTEGER NOT NULL, rank INTEGER, idx INTEGER NOT NULL,"
	"  record_id INTEGER, pg_id INTEGER, collective_seq_id INTEGER, p2p_seq_id INTEGER,"
	"  op_id INTEGER, pg_name TEXT, pg_desc TEXT, profiling_name TEXT, state TEXT,"
	"  input_sizes TEXT, input_dtypes TEXT, output_sizes TEXT, output_dtypes TEXT,"
	"  time_created_ns INTEGER, time_started_ns INTEGER, time_completed_ns INTEGER,"
	"  timeout_ms INTEGER, retired INTEGER, is_p2p INTEGER, frames TEXT"
	");"
	"CREATE INDEX fr_dumps_run ON fr_dumps(run_id);"
	"CREATE INDEX fr_pgs_run ON fr_pgs(run_id, file_id, name);"
	"CREATE INDEX fr_entries_run ON fr_entries(run_id);",
	/* 8 -> 9: NCCL communicators, one row per member process
	 * (src/pipeline/nccl.c): the communicator (commId, or its size and
	 * order of creation), the member's ranks and GPU, and the transports
	 * its channel lines used while it was set up. */
	"CREATE TABLE comm_members ("
	"  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,"
	"  comm TEXT NOT NULL, ptr TEXT, host TEXT, pid INTEGER, rank INTEGER,"
	"  comm_rank INTEGER, nranks INTEGER, cuda_dev INTEGER, bus_id TEXT, transports TEXT,"
	"  file_id INTEGER, line INTEGER"
	");"
	"CREATE INDEX comm_members_run ON comm_members(run_id, comm);",
	/* 9 -> 10: the NET/IB devices each process's channel lines went
	 * through (src/pipeline/nccl.c): NCCL's index ("via NET/IB/<n>") and
	 * the device the process's "NET/IB : Using [n]mlx5_1:1/IB" list gives
	 * it, so that a failed HCA names the ranks that use it. */
	"CREATE TABLE hcas ("
	"  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,"
	"  host TEXT, pid INTEGER, rank INTEGER, net_dev INTEGER NOT NULL, device TEXT,"
	"  port INTEGER, channels INTEGER NOT NULL, file_id INTEGER, line INTEGER, sample TEXT"
	");"
	"CREATE INDEX hcas_run ON hcas(run_id);",
	/* 10 -> 11: identical warnings and info lines that come again and
	 * again in one stream of a file (an IB port flapping, a retry loop)
	 * are folded by src/pipeline/events.c: the last stored row of such a
	 * run counts the repeats that were not stored, and where the last
	 * was. NULL: nothing folded into it. */
	"ALTER TABLE events ADD COLUMN repeats INTEGER;"
	"ALTER TABLE events ADD COLUMN last_line INTEGER;"
	"ALTER TABLE events ADD COLUMN last_ts INTEGER;",
	/* 11 -> 12: an info line that every rank prints alike (a pattern
	 * with `store: once`: NCCL's "Connected all rings", a config dump)
	 * is stored once per run by src/pipeline/events.c: the row counts
	 * the alike lines elsewhere that were not stored. NULL: none. */
	"ALTER TABLE events ADD COLUMN copies INTEGER;"
	/* ... and the last lines of a file are one row, a JSON array of
	 * [line, rank, local_rank, host, pid, ts, ts_kind, uptime, text]: a
	 * row per line was 20 rows a rank, the most of any table at 32 Ki
	 * ranks. fix: 1 while a line may lack a rank or time that
	 * fl_store_resolve() can give it. */
	"CREATE TABLE tails_v12 ("
	"  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,"
	"  file_id INTEGER NOT NULL, fix INTEGER, lines TEXT NOT NULL"
	");"
	"INSERT INTO tails_v12(run_id, file_id, lines) SELECT run_id, file_id,"
	"  json_group_array(json_array(line, rank, local_rank, host, pid, ts, ts_kind, uptime,"
	"  text)) FROM (SELECT * FROM tails ORDER BY run_id, file_id, line, rowid)"
	"  GROUP BY run_id, file_id;"
	"DROP TABLE tails;"
	"ALTER TABLE tails_v12 RENAME TO tails;"
	"CREATE INDEX tails_run ON tails(run_id, file_id);",
	/* 12 -> 13: step_stats is kept in its key's order (WITHOUT ROWID):
	 * the analysis walks it by step, and a rowid table made each row
	 * one look-up in the key's index and one in the table. */
	"CREATE TABLE step_stats_v13 ("
	STEP_STATS_COLUMNS
	") WITHOUT ROWID;"
	"INSERT INTO step_stats_v13 SELECT * FROM step_stats;"
	"DROP VIEW v_step_stats;"
	"DROP TABLE step_stats;"
	"ALTER TABLE step_stats_v13 RENAME TO step_stats;"
	V_STEP_STATS,
	/* 13 -> 14: two sizes of the job that any line may state, kept by
	 * the pipeline as it writes the events (src/pipeline/events.c), so
	 * that the analysis does not read every event of a 32 Ki-rank run
	 * for them: the largest world_size stated (> 0), and the largest
	 * communicator an NCCL init line names. NULL: none stated. Runs
	 * stored before get them from their events, as the analysis read
	 * them. */
	"ALTER TABLE runs ADD COLUMN world_size_max INTEGER;"
	"ALTER TABLE runs ADD COLUMN nccl_nranks_max INTEGER;"
	"UPDATE runs SET world_size_max = (SELECT MAX(json_extract(e.fields, '$.world_size'))"
	"  FROM events e WHERE e.run_id = runs.id AND instr(e.fields, '\"world_size\"')"
	"  AND json_extract(e.fields, '$.world_size') > 0),"
	" nccl_nranks_max = (SELECT MAX(json_extract(e.fields, '$.nranks')) FROM events e"
	"  WHERE e.run_id = runs.id AND e.kind IN ('nccl.init_complete', 'nccl.init_start',"
	"  'nccl.comm_topo', 'nccl.init_timings'));",
	/* 14 -> 15: the rank a process's channel lines give it (the left of a
	 * send, the right of a [receive]), when they all agree: what ties a
	 * process to a rank when its init lines were not kept. Runs stored
	 * before have none. */
	"ALTER TABLE transports ADD COLUMN comm_rank INTEGER;",
};

#define NMIGRATIONS ((int)(sizeof(MIGRATIONS) / sizeof(MIGRATIONS[0])))

int store_version(struct fl_store *s, int *v)
{
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(s->db, "PRAGMA user_version", -1, &st, NULL) != SQLITE_OK)
		return FL_EDB;
	/* A store that cannot be read (a WAL store in a directory where its
	 * -shm file cannot be made, a damaged header) fails here rather than
	 * passing for version 0. */
	int r = sqlite3_step(st);
	*v = r == SQLITE_ROW ? sqlite3_column_int(st, 0) : 0;
	sqlite3_finalize(st);
	return r == SQLITE_ROW ? FL_OK : FL_EDB;
}

int store_migrate(struct fl_store *s, bool readonly, struct fl_err *err)
{
	int v;
	if (store_version(s, &v))
		return fl_err_set(err, FL_EDB, "cannot read store '%s': %s", s->path,
				  sqlite3_errmsg(s->db));
	if (v > FL_SCHEMA_VERSION)
		return fl_err_set(err, FL_EDB,
				  "store '%s' has schema version %d; this faultline knows up to %d",
				  s->path, v, FL_SCHEMA_VERSION);
	if (v == FL_SCHEMA_VERSION)
		return FL_OK;
	if (readonly)
		return fl_err_set(err, FL_EDB, "store '%s' needs a schema upgrade; open it writable first",
				  s->path);
	if (sqlite3_exec(s->db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK)
		return store_err(s, err, "cannot lock the store for migration");
	/* Re-read under the lock: another process may have migrated. */
	store_version(s, &v);
	for (; v < NMIGRATIONS; v++) {
		char pragma[64];
		snprintf(pragma, sizeof(pragma), "PRAGMA user_version = %d", v + 1);
		if (sqlite3_exec(s->db, MIGRATIONS[v], NULL, NULL, NULL) != SQLITE_OK ||
		    sqlite3_exec(s->db, pragma, NULL, NULL, NULL) != SQLITE_OK) {
			int rc = store_err(s, err, "schema migration failed");
			sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
			return rc;
		}
	}
	if (sqlite3_exec(s->db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK)
		return store_err(s, err, "schema migration failed");
	return FL_OK;
}
