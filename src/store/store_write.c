/* SPDX-License-Identifier: MIT */
/*
 * store_write.c - writing one run inside one transaction.
 *
 * Transaction states:
 *
 *   idle --run_begin--> in_run --run_commit--> idle (run visible)
 *                          \----run_rollback--> idle (nothing left)
 *
 * Hot inserts are prepared once (SQLITE_PREPARE_PERSISTENT) and reused:
 * bind, step, reset. At commit, SQL post-passes resolve what only the
 * whole bundle tells: NCCL's host:pid joined to global ranks, ranks of
 * per-rank files, the year of year-less stamps, dmesg boot times.
 */
#include "store_int.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

/* A step_stats row (fl_store_step_stats_add): one statement stores
 * STEP_STATS_BATCH of them, which a million steps (a long job) made a
 * million statements of. A statement of several rows that may fail
 * halfway has SQLite journal every page it changes, so that it can be
 * undone alone (a statement journal, a temporary file): an upsert's
 * UPDATE always may, a plain INSERT may unless OR FAIL says that a
 * failure keeps the rows before it (the caller then rolls back the
 * whole run). Rows of steps new to the run are inserted so
 * (ST_STEP_STATS_NEW): deep-1x's 258 k steps wrote 273 MB of statement
 * journal for a 31 MB table. */
#define STEP_STAT_COLUMNS                                                                     \
	"INTO step_stats(run_id, step, lines, first_ts, last_ts, loss_n, loss_sum,"           \
	" grad_norm_n, grad_norm_sum, loss_scale_n, loss_scale_sum, lr_n, lr_sum,"            \
	" tokens_per_s_n, tokens_per_s_sum, samples_per_s_n, samples_per_s_sum, tflops_n,"    \
	" tflops_sum, mfu_n, mfu_sum, iter_ms_n, iter_ms_sum, loss_max, loss_max_file_id,"    \
	" loss_max_line) VALUES "
#define STEP_STAT_INSERT "INSERT " STEP_STAT_COLUMNS
#define STEP_STAT_ROW "(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)"
#define STEP_STAT_ROWS4 STEP_STAT_ROW "," STEP_STAT_ROW "," STEP_STAT_ROW "," STEP_STAT_ROW
#define STEP_STAT_ROWS16 STEP_STAT_ROWS4 "," STEP_STAT_ROWS4 "," STEP_STAT_ROWS4 "," STEP_STAT_ROWS4
enum { STEP_STAT_COLS = 26, STEP_STATS_BATCH = 64 };

static const char *const HOT_SQL[ST_N] = {
	[ST_EVENT] = "INSERT INTO events(run_id, file_id, line, nlines, offset, rank, local_rank,"
		     " host, pid, dev, ts, ts_kind, uptime, kind, pattern, severity, fields, text)"
		     " VALUES (?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,?13,?14,?15,?16,?17,?18)",
	[ST_STEP] = "INSERT INTO steps(run_id, file_id, line, rank, local_rank, host, pid, dev, ts,"
		    " ts_kind, uptime, step, loss, grad_norm, loss_scale, lr, tokens_per_s,"
		    " samples_per_s, tflops, mfu, iter_ms, skipped_iters, nan_iters,"
		    " global_batch_size, loss_missing, loss_text, grad_norm_text) VALUES (?1,?2,?3,?4,"
		    "?5,?6,?7,?8,?9,?10,?11,?12,?13,?14,?15,?16,?17,?18,?19,?20,?21,?22,?23,?24,?25,"
		    "?26,?27)",
	[ST_TAIL] = "INSERT INTO tails(run_id, file_id, fix, lines) VALUES (?1,?2,?3,?4)",
	[ST_FILE] = "INSERT INTO files(run_id, path, rank, local_rank, pid, host, attempt)"
		    " VALUES (?1,?2,?3,?4,?5,?6,?7)",
	[ST_FILE_DONE] = "UPDATE files SET bytes=?2, lines=?3, truncated=?4, conflicts=?5,"
			 " boot_ts=?6 WHERE id=?1",
	[ST_SKIPPED] = "INSERT INTO skipped(run_id, path, reason) VALUES (?1,?2,?3)",
	[ST_TRANSPORT] = "INSERT INTO transports(run_id, host, pid, rank, transport, gdr, channels,"
			 " file_id, line, sample, comm_rank) VALUES (?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11)",
	[ST_COLL] = "INSERT INTO colls(run_id, host, pid, rank, comm, op, last_opcount, calls,"
		    " nranks, last_ts, peer, file_id, line, sample)"
		    " VALUES (?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,?13,?14)",
	[ST_ACTIVITY] = "INSERT INTO activity(run_id, file_id, rank, local_rank, pid, host, lines,"
			" first_ts, last_ts, last_line, last_text)"
			" VALUES (?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11)",
	[ST_STEP_STAT] = STEP_STAT_INSERT STEP_STAT_ROW STORE_STEP_STATS_UPSERT,
	[ST_STEP_STATS] = STEP_STAT_INSERT STEP_STAT_ROWS16 "," STEP_STAT_ROWS16 "," STEP_STAT_ROWS16
		"," STEP_STAT_ROWS16 STORE_STEP_STATS_UPSERT,
	[ST_STEP_STATS_NEW] = "INSERT OR FAIL " STEP_STAT_COLUMNS STEP_STAT_ROWS16 "," STEP_STAT_ROWS16
		"," STEP_STAT_ROWS16 "," STEP_STAT_ROWS16,
	[ST_GPU_SAMPLE] = "INSERT INTO gpu_samples(run_id, host, gpu, bus_id, source, ts, last_ts,"
			  " samples, power_w, util_pct, mem_used_mib, file_id, line)"
			  " VALUES (?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,?13)",
	[ST_FR_DUMP] = "INSERT INTO fr_dumps(run_id, file_id, rank, version, entries)"
		       " VALUES (?1,?2,?3,?4,?5)",
	[ST_FR_PG] = "INSERT INTO fr_pgs(run_id, file_id, rank, name, desc, ranks, last_enqueued,"
		     " last_started, last_completed) VALUES (?1,?2,?3,?4,?5,?6,?7,?8,?9)",
	[ST_FR_ENTRY] = "INSERT INTO fr_entries(run_id, file_id, rank, idx, record_id, pg_id,"
			" collective_seq_id, p2p_seq_id, op_id, pg_name, pg_desc, profiling_name,"
			" state, input_sizes, input_dtypes, output_sizes, output_dtypes,"
			" time_created_ns, time_started_ns, time_completed_ns, timeout_ms, retired,"
			" is_p2p, frames) VALUES (?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,?13,?14,?15,"
			"?16,?17,?18,?19,?20,?21,?22,?23,?24)",
	[ST_COMM_MEMBER] = "INSERT INTO comm_members(run_id, comm, ptr, host, pid, rank, comm_rank,"
			   " nranks, cuda_dev, bus_id, transports, file_id, line)"
			   " VALUES (?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,?13)",
	[ST_HCA] = "INSERT INTO hcas(run_id, host, pid, rank, net_dev, device, port, channels,"
		   " file_id, line, sample) VALUES (?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11)",
	[ST_EVENT_REPEATS] = "UPDATE events SET repeats=?2, last_line=?3, last_ts=?4 WHERE id=?1",
	[ST_EVENT_COPIES] = "UPDATE events SET copies=?2 WHERE id=?1",
	[ST_TRANSPORT_MORE] = "UPDATE transports SET channels = channels + ?2,"
			      " comm_rank = CASE WHEN comm_rank = ?3 THEN comm_rank END WHERE rowid = ?1",
	/* a Send's or Recv's line is its last call's: the later file's */
	[ST_COLL_MORE] = "UPDATE colls SET calls = calls + ?2, last_opcount = MAX(last_opcount, ?3),"
			 " last_ts = IFNULL(?4, last_ts), file_id = IFNULL(?5, file_id),"
			 " line = IFNULL(?6, line), sample = IFNULL(?7, sample) WHERE rowid = ?1",
	[ST_HCA_MORE] = "UPDATE hcas SET channels = channels + ?2, device = IFNULL(device, ?3),"
			" port = CASE WHEN device IS NULL THEN ?4 ELSE port END WHERE rowid = ?1",
};

sqlite3_stmt *store_hot(struct fl_store *s, enum hot_stmt which)
{
	if (!s->hot[which] &&
	    sqlite3_prepare_v3(s->db, HOT_SQL[which], -1, SQLITE_PREPARE_PERSISTENT, &s->hot[which],
			       NULL) != SQLITE_OK)
		return NULL;
	return s->hot[which];
}

void store_finalize_hot(struct fl_store *s)
{
	for (int i = 0; i < ST_N; i++) {
		sqlite3_finalize(s->hot[i]);
		s->hot[i] = NULL;
	}
}

static void bind_opt_int(sqlite3_stmt *st, int i, int64_t v)
{
	if (v < 0)
		sqlite3_bind_null(st, i);
	else
		sqlite3_bind_int64(st, i, v);
}

static void bind_opt_text(sqlite3_stmt *st, int i, const char *v, size_t n)
{
	if (v)
		sqlite3_bind_text(st, i, v, (int)n, SQLITE_TRANSIENT);
	else
		sqlite3_bind_null(st, i);
}

/* A NUL-terminated string, or NULL. */
static void bind_str(sqlite3_stmt *st, int i, const char *v)
{
	bind_opt_text(st, i, v, v ? strlen(v) : 0);
}

static void bind_opt_time(sqlite3_stmt *st, int i, int64_t ts)
{
	if (ts == FL_TIME_NONE)
		sqlite3_bind_null(st, i);
	else
		sqlite3_bind_int64(st, i, ts);
}

/* rank, local_rank, host, pid, dev, ts, ts_kind, uptime at first..first+7 */
void store_bind_attr(sqlite3_stmt *st, int i, const struct fl_row_attr *a)
{
	bind_opt_int(st, i, a->rank);
	bind_opt_int(st, i + 1, a->local_rank);
	bind_opt_text(st, i + 2, a->host, a->host_len);
	bind_opt_int(st, i + 3, a->pid);
	bind_opt_int(st, i + 4, a->dev);
	bind_opt_time(st, i + 5, a->ts);
	sqlite3_bind_int(st, i + 6, a->ts_kind);
	if (a->uptime < 0)
		sqlite3_bind_null(st, i + 7);
	else
		sqlite3_bind_double(st, i + 7, a->uptime);
}

static int run_stmt(struct fl_store *s, sqlite3_stmt *st)
{
	int rc = sqlite3_step(st);
	sqlite3_reset(st);
	sqlite3_clear_bindings(st);
	return rc == SQLITE_DONE ? FL_OK : FL_EDB;
}

/* run_stmt(), and the new row's id in *id (when not NULL). */
static int run_insert(struct fl_store *s, sqlite3_stmt *st, int64_t *id)
{
	int rc = run_stmt(s, st);
	if (!rc && id)
		*id = sqlite3_last_insert_rowid(s->db);
	return rc;
}

/* ---- run lifecycle ---- */

/* The first run of a store is its bulk load: the indexes of the row
 * tables are dropped inside the run's transaction and built once at
 * commit, over rows in their final order, instead of being updated row
 * by row (a rollback brings them back with everything else). A store
 * that already holds runs keeps its indexes: rebuilding them would cost
 * more than the new run's rows. */
static int defer_indexes(struct fl_store *s)
{
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(s->db,
			       "SELECT (SELECT COUNT(*) FROM runs), group_concat(sql, ';'),"
			       " group_concat('DROP INDEX \"' || name || '\"', ';') FROM sqlite_master"
			       " WHERE type = 'index' AND sql IS NOT NULL"
			       " AND tbl_name IN ('events', 'steps', 'tails', 'activity')",
			       -1, &st, NULL) != SQLITE_OK)
		return FL_EDB;
	char *drop = NULL;
	if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_int64(st, 0) == 0 &&
	    sqlite3_column_type(st, 1) != SQLITE_NULL) {
		s->deferred_indexes = fl_xstrdup((const char *)sqlite3_column_text(st, 1));
		drop = fl_xstrdup((const char *)sqlite3_column_text(st, 2));
	}
	sqlite3_finalize(st); /* sqlite_master cannot change under a reader */
	int rc = drop && sqlite3_exec(s->db, drop, NULL, NULL, NULL) != SQLITE_OK ? FL_EDB : FL_OK;
	free(drop);
	return rc;
}

static int build_deferred_indexes(struct fl_store *s)
{
	if (!s->deferred_indexes)
		return FL_OK;
	int rc = sqlite3_exec(s->db, s->deferred_indexes, NULL, NULL, NULL) == SQLITE_OK ? FL_OK
											: FL_EDB;
	free(s->deferred_indexes);
	s->deferred_indexes = NULL;
	return rc;
}

/* Re-analysis: the run's row is read, deleted (cascading to its rows) and
 * inserted again with the same id and the identity it was ingested with:
 * name, path, time, content hash and shard label. What was found changes,
 * not what was ingested or when. */
static int replace_run(struct fl_store *s, int64_t id, const char *digest)
{
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(s->db, "SELECT sha256 FROM runs WHERE id = ?1 AND sha256 IS NOT NULL",
			       -1, &st, NULL) != SQLITE_OK)
		return FL_EDB;
	sqlite3_bind_int64(st, 1, id);
	if (sqlite3_step(st) == SQLITE_ROW)
		s->replaced_sha256 = fl_xstrdup((const char *)sqlite3_column_text(st, 0));
	sqlite3_finalize(st);
	if (!s->replaced_sha256)
		return FL_ENOTFOUND;
	char *sql = sqlite3_mprintf(
		"CREATE TEMP TABLE replaced AS SELECT bundle, bundle_path, ingested_at, shard,"
		" shards FROM runs WHERE id = %lld;"
		"DELETE FROM runs WHERE id = %lld;"
		"INSERT INTO runs(id, bundle, bundle_path, ingested_at, patterns_digest, shard,"
		" shards) SELECT %lld, bundle, bundle_path, ingested_at, %Q, shard, shards"
		" FROM replaced;"
		"DROP TABLE replaced;",
		(long long)id, (long long)id, (long long)id, digest);
	int rc = sqlite3_exec(s->db, sql, NULL, NULL, NULL) == SQLITE_OK ? FL_OK : FL_EDB;
	sqlite3_free(sql);
	return rc;
}

static int insert_run(struct fl_store *s, const struct fl_run_meta *m)
{
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(s->db,
			       "INSERT INTO runs(bundle, bundle_path, ingested_at, patterns_digest,"
			       " shard, shards) VALUES (?1,?2,?3,?4,?5,?6)",
			       -1, &st, NULL) != SQLITE_OK)
		return FL_EDB;
	sqlite3_bind_text(st, 1, m->bundle, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(st, 2, m->bundle_path, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int64(st, 3, m->ingested_at);
	sqlite3_bind_text(st, 4, m->patterns_digest, -1, SQLITE_TRANSIENT);
	if (m->shards > 0) {
		sqlite3_bind_int(st, 5, m->shard);
		sqlite3_bind_int(st, 6, m->shards);
	}
	int rc = sqlite3_step(st) == SQLITE_DONE ? FL_OK : FL_EDB;
	sqlite3_finalize(st);
	return rc;
}

/* One ingest is one transaction, with a 4 MiB page cache. Rows are
 * appended, so the pages written are few and recent; and SQLite sorts
 * an index's keys (the deferred builds, the resolution passes' GROUP
 * BYs) in memory up to the cache's size before it merges sorted runs
 * from a temporary file, so a larger cache is paid twice. 16 MiB cost
 * the same CPU time and 7-11 MiB more peak RSS on an 8,192-rank bundle,
 * first run or not (58 -> 48 MiB when only the index builds had 4 MiB,
 * 53 -> 45 with the whole run). Outside a run the connection reads with
 * SQLite's default cache, as readers do. */
static void run_cache(struct fl_store *s, bool in_run)
{
	sqlite3_exec(s->db, in_run ? "PRAGMA cache_size = -4096" : "PRAGMA cache_size = -2000",
		     NULL, NULL, NULL);
}

/* Whether sql (?1 bound to run_id) has a row. */
static bool run_has(struct fl_store *s, const char *sql, int64_t run_id)
{
	sqlite3_stmt *st;
	bool yes = false;
	if (sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) == SQLITE_OK) {
		sqlite3_bind_int64(st, 1, run_id);
		yes = sqlite3_step(st) == SQLITE_ROW;
		sqlite3_finalize(st);
	}
	return yes;
}

/* The journal mode the store is in now ("wal", "delete"), after setting
 * it when set is not NULL; SQLite answers the old mode when it cannot
 * change it. */
static bool journal_is(struct fl_store *s, const char *set, const char *mode)
{
	char sql[64];
	snprintf(sql, sizeof(sql), "PRAGMA journal_mode%s%s", set ? " = " : "", set ? set : "");
	sqlite3_stmt *st;
	bool is = false;
	if (sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) == SQLITE_OK) {
		is = sqlite3_step(st) == SQLITE_ROW &&
		     !strcmp((const char *)sqlite3_column_text(st, 0), mode);
		sqlite3_finalize(st);
	}
	return is;
}

/* A store's first run is its bulk load (defer_indexes()): in WAL mode
 * each of its pages would be written twice, to the WAL and, at the
 * checkpoint, to the database (3.4 of 7.9 s of system time for a store
 * of 440 MB). When no other connection has the store open, the run is
 * written with a rollback journal, which for an empty store holds almost
 * nothing, and the store goes back to WAL when the run ends. A reader
 * that opens the store meanwhile waits for the run's locks. */
static void bulk_journal(struct fl_store *s)
{
	if (run_has(s, "SELECT 1 WHERE NOT EXISTS (SELECT 1 FROM runs)", 0) &&
	    journal_is(s, NULL, "wal"))
		s->wal_after = journal_is(s, "DELETE", "delete");
}

/* A new run's rows reference only the run the same transaction creates
 * (every foreign key of the schema is a run_id, docs/SCHEMA.md), so
 * checking each row's run protects nothing; and with the checks on,
 * SQLite journals every page a multi-row INSERT changes, in case a check
 * fails halfway (a statement journal: 273 MB of temporary file for the
 * 31 MB of step sums of 4 ranks of 258 k steps, deep-1x). The pragma
 * only takes effect outside a transaction. A re-analysis keeps the
 * checks: its DELETE of the old run cascades. */
static void fresh_run_fks(struct fl_store *s)
{
	s->fk_after = sqlite3_exec(s->db, "PRAGMA foreign_keys = OFF", NULL, NULL, NULL) == SQLITE_OK;
}

/* What bulk_journal() and fresh_run_fks() changed for the run, undone. */
static void end_run_settings(struct fl_store *s)
{
	if (s->wal_after)
		journal_is(s, "WAL", "wal");
	s->wal_after = false;
	if (s->fk_after)
		sqlite3_exec(s->db, "PRAGMA foreign_keys = ON", NULL, NULL, NULL);
	s->fk_after = false;
}

int fl_store_run_begin(struct fl_store *s, const struct fl_run_meta *m, int64_t *run_id,
		       struct fl_err *err)
{
	if (m->replace <= 0) {
		bulk_journal(s);
		fresh_run_fks(s);
	}
	if (sqlite3_exec(s->db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK) {
		end_run_settings(s);
		return store_err(s, err, "cannot lock the store");
	}
	s->in_run = true;
	run_cache(s, true);
	int rc;
	if (m->replace > 0) {
		rc = replace_run(s, m->replace, m->patterns_digest);
		if (rc == FL_ENOTFOUND)
			rc = fl_err_set(err, rc, "no run %lld in the store", (long long)m->replace);
		else if (rc)
			rc = store_err(s, err, "cannot replace run");
		*run_id = m->replace;
	} else {
		rc = defer_indexes(s) || insert_run(s, m) ? store_err(s, err, "cannot start run")
							   : FL_OK;
		*run_id = sqlite3_last_insert_rowid(s->db);
	}
	if (rc)
		fl_store_run_rollback(s);
	return rc;
}

int fl_store_run_rollback(struct fl_store *s)
{
	if (!s->in_run)
		return FL_OK;
	s->in_run = false;
	run_cache(s, false);
	free(s->deferred_indexes);
	s->deferred_indexes = NULL;
	free(s->replaced_sha256);
	s->replaced_sha256 = NULL;
	int rc = sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL) == SQLITE_OK ? FL_OK : FL_EDB;
	end_run_settings(s);
	return rc;
}

/* fl_set_year(ts, year): year-less stamps were computed in the provisional
 * year; move them to the bundle's. */
static void set_year_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	if (sqlite3_value_type(argv[0]) == SQLITE_NULL) {
		sqlite3_result_null(ctx);
		return;
	}
	sqlite3_result_int64(ctx, fl_time_set_year(sqlite3_value_int64(argv[0]),
						   sqlite3_value_int(argv[1])));
}

/* host + local rank -> rank from torchrun's rendezvous result, which
 * lists the node's global ranks in local-rank order (launcher.rank_map
 * global_ranks, one list per host): whichever rendezvous assigned it. */
#define RDZV_RANKS_SQL \
	"INSERT OR IGNORE INTO hl SELECT a.host, a.local_rank," \
	" json_extract(g.ranks, '$[' || a.local_rank || ']')" \
	" FROM (SELECT host, MIN(json_extract(fields, '$.global_ranks')) AS ranks FROM events" \
	"  WHERE run_id = {RUN} AND kind = 'launcher.rank_map' AND host IS NOT NULL" \
	"   AND json_extract(fields, '$.global_ranks') IS NOT NULL" \
	"  GROUP BY host HAVING COUNT(DISTINCT json_extract(fields, '$.global_ranks')) = 1) g" \
	" JOIN (SELECT DISTINCT host, local_rank FROM activity WHERE run_id = {RUN}" \
	"  AND host IS NOT NULL AND local_rank IS NOT NULL) a ON a.host = g.host" \
	" WHERE json_valid(g.ranks) AND a.local_rank < json_array_length(g.ranks);"

/* host + local rank -> rank where no line said it: a static launch's
 * node_rank x nproc_per_node + local_rank (launcher.args, one node rank
 * per host). A c10d or etcd rendezvous assigns node ranks itself, so
 * those launches are left out. Rows a line stated are kept (OR IGNORE). */
#define NODE_RANK_SQL \
	"INSERT OR IGNORE INTO hl SELECT a.host, a.local_rank, l.node_rank * l.nproc + a.local_rank" \
	" FROM (SELECT host, MIN(json_extract(fields, '$.node_rank')) AS node_rank," \
	"   MIN(json_extract(fields, '$.nproc_per_node')) AS nproc FROM events" \
	"  WHERE run_id = {RUN} AND kind = 'launcher.args' AND host IS NOT NULL" \
	"   AND json_extract(fields, '$.node_rank') IS NOT NULL" \
	"   AND IFNULL(json_extract(fields, '$.rdzv_backend'), 'static') = 'static'" \
	"  GROUP BY host HAVING COUNT(DISTINCT json_extract(fields, '$.node_rank')) = 1" \
	"   AND COUNT(DISTINCT json_extract(fields, '$.nproc_per_node')) = 1) l" \
	" JOIN (SELECT DISTINCT host, local_rank FROM activity WHERE run_id = {RUN}" \
	"  AND host IS NOT NULL AND local_rank IS NOT NULL) a ON a.host = l.host" \
	" WHERE a.local_rank < l.nproc;"

/* The same from a Kubeflow PyTorchJob's pod names: the operator gives
 * the master pod node rank 0 and worker N node rank N + 1 (PET_NODE_RANK),
 * so `<job>-master-0` and `<job>-worker-N` are node ranks once the job has
 * that master and its static launches agree on nproc_per_node. Worker
 * pods without a master (elastic jobs, a c10d rendezvous) are left out,
 * and a node rank a line stated comes first (NODE_RANK_SQL, OR IGNORE). */
#define POD_RANK_SQL \
	"INSERT OR IGNORE INTO hl SELECT a.host, a.local_rank, p.node_rank * n.nproc + a.local_rank" \
	" FROM (SELECT host, CASE WHEN host GLOB '*?-master-0' THEN 0" \
	"   ELSE CAST(substr(host, instr(host, '-worker-') + 8) AS INTEGER) + 1 END AS node_rank" \
	"  FROM (SELECT DISTINCT host FROM activity WHERE run_id = {RUN} AND host IS NOT NULL)" \
	"  WHERE host GLOB '*?-master-0' OR (host GLOB '*?-worker-[0-9]*'" \
	"   AND substr(host, instr(host, '-worker-') + 8) NOT GLOB '*[^0-9]*'" \
	"   AND substr(host, 1, instr(host, '-worker-') - 1) || '-master-0' IN" \
	"    (SELECT host FROM activity WHERE run_id = {RUN} AND host IS NOT NULL))) p" \
	" JOIN (SELECT MIN(json_extract(fields, '$.nproc_per_node')) AS nproc," \
	"   MIN(json_extract(fields, '$.nnodes')) AS nnodes FROM events" \
	"  WHERE run_id = {RUN} AND kind = 'launcher.args'" \
	"  HAVING COUNT(DISTINCT json_extract(fields, '$.nproc_per_node')) = 1" \
	"   AND MAX(IFNULL(json_extract(fields, '$.rdzv_backend'), 'static') <> 'static') = 0) n" \
	" JOIN (SELECT DISTINCT host, local_rank FROM activity WHERE run_id = {RUN}" \
	"  AND host IS NOT NULL AND local_rank IS NOT NULL) a ON a.host = p.host" \
	" WHERE a.local_rank < n.nproc AND (n.nnodes IS NULL OR p.node_rank < n.nnodes);"

/* The post-passes, in order. {RUN} is the run id, {YEAR} the bundle's
 * year, {P0}..{P1} the provisional year's bounds, {T} the table. */
static const char *const RESOLVE_SQL[] = {
	/* NCCL: a process's global rank is its rank in its largest communicator
	 * (MAX() takes the other columns from that row; on a tie, the first
	 * read: completed communicators, then started ones, each in line
	 * order). A completed one is read from comm_members, which the
	 * pipeline wrote from the same init lines, column by column: the JSON
	 * of 32 Ki ranks' init lines was the slowest pass (0.25 s -> 0.14 s).
	 * Only `Init START` lines, which the pipeline does not keep as
	 * members, are read from their events. */
	"INSERT OR REPLACE INTO procs(run_id, host, pid, rank, nranks, cuda_dev, bus_id, source)"
	" SELECT run_id, host, pid, rank, MAX(nranks), cuda_dev, bus_id, 'nccl' FROM"
	" (SELECT run_id, host, pid, comm_rank AS rank, nranks, cuda_dev, bus_id FROM comm_members"
	"  WHERE run_id = {RUN} AND host IS NOT NULL AND pid IS NOT NULL AND comm_rank IS NOT NULL"
	" UNION ALL SELECT run_id, host, pid, json_extract(fields, '$.comm_rank'),"
	"  json_extract(fields, '$.nranks'), json_extract(fields, '$.cuda_dev'),"
	"  json_extract(fields, '$.bus_id') FROM events WHERE run_id = {RUN}"
	"  AND kind = 'nccl.init_start' AND host IS NOT NULL AND pid IS NOT NULL"
	"  AND json_extract(fields, '$.comm_rank') IS NOT NULL)"
	" GROUP BY host, pid;",
	/* A launcher's placement list (Ray Train's world_rank per ip and pid)
	 * ties processes that NCCL did not. */
	"INSERT OR IGNORE INTO procs(run_id, host, pid, rank, source)"
	" SELECT run_id, host, pid, MIN(rank), 'launcher' FROM events"
	" WHERE run_id = {RUN} AND kind = 'launcher.rank_map'"
	"  AND host IS NOT NULL AND pid IS NOT NULL AND +rank IS NOT NULL"
	" GROUP BY host, pid HAVING COUNT(DISTINCT rank) = 1;",
	/* Lines that carry rank, host and pid together tie the pid too. */
	"INSERT OR IGNORE INTO procs(run_id, host, pid, rank, source)"
	" SELECT run_id, host, pid, MIN(rank), 'line' FROM activity"
	" WHERE run_id = {RUN} AND host IS NOT NULL AND pid IS NOT NULL AND rank IS NOT NULL"
	" GROUP BY host, pid HAVING COUNT(DISTINCT rank) = 1;",
	/* Channel lines state the printer's rank in the communicator they
	 * set up: taken for a process nothing else ties, when all of its
	 * lines agree (one in two communicators names two ranks) and none of
	 * its lines has a local rank (the host's local-rank map is better
	 * evidence than a communicator that may not be the world's). The
	 * candidates come first, materialized: the local-rank set is built
	 * only when there is one (where every process has init lines, as at
	 * 32 Ki ranks, it was 20 of the rule's 54 ms). */
	"INSERT OR IGNORE INTO procs(run_id, host, pid, rank, source)"
	" WITH c AS MATERIALIZED (SELECT t.run_id, t.host, t.pid, MIN(t.comm_rank) AS rank"
	"  FROM transports t WHERE t.run_id = {RUN} AND t.host IS NOT NULL AND t.pid IS NOT NULL"
	"  AND NOT EXISTS (SELECT 1 FROM procs p WHERE p.run_id = t.run_id AND p.host = t.host"
	"   AND p.pid = t.pid)"
	"  GROUP BY t.host, t.pid HAVING COUNT(*) = COUNT(t.comm_rank)"
	"  AND COUNT(DISTINCT t.comm_rank) = 1)"
	" SELECT run_id, host, pid, rank, 'channel' FROM c WHERE (host, pid) NOT IN"
	"  (SELECT host, pid FROM activity WHERE run_id = {RUN} AND local_rank IS NOT NULL"
	"   AND host IS NOT NULL AND pid IS NOT NULL);",
	"UPDATE activity SET rank = (SELECT p.rank FROM procs p WHERE p.run_id = activity.run_id"
	"  AND p.host = activity.host AND p.pid = activity.pid)"
	" WHERE run_id = {RUN} AND rank IS NULL AND host IS NOT NULL AND pid IS NOT NULL;",
	/* A file in which every ranked line has the same rank is that rank's,
	 * unless another process wrote in it too: unranked lines whose pid or
	 * local rank differs from those of every ranked line (an unknown one
	 * differs from none) are some other rank's (a node's log where one
	 * local rank's lines carry a rank, or one process is tied by its
	 * channel lines, is not that rank's). */
	"UPDATE files SET rank = (SELECT MIN(a.rank) FROM activity a WHERE a.file_id = files.id)"
	" WHERE run_id = {RUN} AND rank IS NULL AND"
	" (SELECT COUNT(DISTINCT a.rank) FROM activity a WHERE a.file_id = files.id) = 1"
	" AND NOT EXISTS (SELECT 1 FROM activity u WHERE u.file_id = files.id AND u.rank IS NULL"
	"  AND NOT EXISTS (SELECT 1 FROM activity r WHERE r.file_id = files.id"
	"   AND r.rank IS NOT NULL AND IFNULL(u.pid = r.pid, 1)"
	"   AND IFNULL(u.local_rank = r.local_rank, 1)));",
	"UPDATE activity SET rank = (SELECT f.rank FROM files f WHERE f.id = activity.file_id)"
	" WHERE run_id = {RUN} AND rank IS NULL;",
	/* host + local rank -> rank, where some line said all three. */
	"CREATE TEMP TABLE IF NOT EXISTS hl(host TEXT, local_rank INTEGER, rank INTEGER,"
	" PRIMARY KEY (host, local_rank));"
	"DELETE FROM hl;"
	"INSERT INTO hl SELECT host, local_rank, MIN(rank) FROM activity"
	" WHERE run_id = {RUN} AND host IS NOT NULL AND local_rank IS NOT NULL AND rank IS NOT NULL"
	" GROUP BY host, local_rank HAVING COUNT(DISTINCT rank) = 1;",
	RDZV_RANKS_SQL,
	NODE_RANK_SQL,
	POD_RANK_SQL,
	"UPDATE activity SET rank = (SELECT hl.rank FROM hl WHERE hl.host = activity.host"
	"  AND hl.local_rank = activity.local_rank)"
	" WHERE run_id = {RUN} AND rank IS NULL AND host IS NOT NULL AND local_rank IS NOT NULL;",
};

/* The same resolution for each table of rows: procs, then file, then
 * host + local rank; then times (only when the bundle needs it). */
static const char *const ROWS_RANK_SQL =
	"UPDATE {T} SET rank = (SELECT p.rank FROM procs p WHERE p.run_id = {T}.run_id"
	"  AND p.host = {T}.host AND p.pid = {T}.pid)"
	" WHERE run_id = {RUN} AND rank IS NULL AND host IS NOT NULL AND pid IS NOT NULL;"
	"UPDATE {T} SET rank = (SELECT f.rank FROM files f WHERE f.id = {T}.file_id)"
	" WHERE run_id = {RUN} AND rank IS NULL;"
	"UPDATE {T} SET rank = (SELECT hl.rank FROM hl WHERE hl.host = {T}.host"
	"  AND hl.local_rank = {T}.local_rank)"
	" WHERE run_id = {RUN} AND rank IS NULL AND host IS NOT NULL AND local_rank IS NOT NULL;";

static const char *const ROWS_YEAR_SQL =
	"UPDATE {T} SET ts = fl_set_year(ts, {YEAR})"
	" WHERE run_id = {RUN} AND {YEAR} > 0 AND ts >= {P0} AND ts < {P1};";

/* A file's own anchor, else one from another file of the same host (raw
 * dmesg beside a syslog that carries both clocks): the hosts' anchors are
 * one grouped pass, joined (a lookup per file over the run's files was
 * quadratic in files: 8,192 rank logs and one kern.log took 33 s). */
static const char *const ROWS_BOOT_SQL =
	"CREATE TEMP TABLE IF NOT EXISTS fboot(id INTEGER PRIMARY KEY, boot INTEGER);"
	"DELETE FROM fboot;"
	"INSERT INTO fboot SELECT f.id, COALESCE(f.boot_ts, h.boot) FROM files f"
	" LEFT JOIN (SELECT host, MAX(boot_ts) AS boot FROM files WHERE run_id = {RUN}"
	"  AND boot_ts IS NOT NULL GROUP BY host) h ON h.host = f.host WHERE f.run_id = {RUN};"
	"UPDATE {T} SET ts = (SELECT b.boot FROM fboot b WHERE b.id = {T}.file_id)"
	"  + CAST(ROUND(uptime * 1000000) AS INTEGER), ts_kind = 4"
	" WHERE run_id = {RUN} AND ts IS NULL AND uptime IS NOT NULL"
	"  AND (SELECT b.boot FROM fboot b WHERE b.id = {T}.file_id) IS NOT NULL;";

/* Tables that keep a span of times (first_ts, last_ts) per row. */
static const char *const SPAN_YEAR_SQL =
	"UPDATE {T} SET first_ts = fl_set_year(first_ts, {YEAR}), last_ts = fl_set_year(last_ts, {YEAR})"
	" WHERE run_id = {RUN} AND {YEAR} > 0 AND first_ts >= {P0} AND first_ts < {P1};";

static const char *const SUMMARY_SQL[] = {
	"UPDATE colls SET last_ts = fl_set_year(last_ts, {YEAR})"
	" WHERE run_id = {RUN} AND {YEAR} > 0 AND last_ts >= {P0} AND last_ts < {P1};",
	"UPDATE transports SET rank = (SELECT p.rank FROM procs p WHERE p.run_id = transports.run_id"
	"  AND p.host = transports.host AND p.pid = transports.pid)"
	" WHERE run_id = {RUN} AND rank IS NULL;",
	"UPDATE hcas SET rank = (SELECT p.rank FROM procs p WHERE p.run_id = hcas.run_id"
	"  AND p.host = hcas.host AND p.pid = hcas.pid) WHERE run_id = {RUN} AND rank IS NULL;",
	"UPDATE colls SET rank = (SELECT p.rank FROM procs p WHERE p.run_id = colls.run_id"
	"  AND p.host = colls.host AND p.pid = colls.pid) WHERE run_id = {RUN} AND rank IS NULL;",
	"UPDATE comm_members SET rank = (SELECT p.rank FROM procs p"
	"  WHERE p.run_id = comm_members.run_id AND p.host = comm_members.host"
	"  AND p.pid = comm_members.pid) WHERE run_id = {RUN} AND rank IS NULL;",
	/* A rank's host is the one most of its lines came from; the sorted
	 * lookup runs only for a rank seen on two hosts (half the pass's
	 * time at 32 Ki ranks went to sorting one host per rank). */
	"INSERT INTO ranks(run_id, rank, host, local_rank, pid, lines, first_ts, last_ts)"
	" SELECT {RUN}, a.rank, CASE WHEN MIN(a.host) = MAX(a.host) THEN MIN(a.host) ELSE"
	"  (SELECT b.host FROM activity b WHERE b.run_id = {RUN} AND b.rank = a.rank"
	"    AND b.host IS NOT NULL GROUP BY b.host ORDER BY SUM(b.lines) DESC LIMIT 1) END,"
	"  MIN(a.local_rank),"
	"  (SELECT MIN(p.pid) FROM procs p WHERE p.run_id = {RUN} AND p.rank = a.rank),"
	"  SUM(a.lines), MIN(a.first_ts), MAX(a.last_ts)"
	" FROM activity a WHERE a.run_id = {RUN} AND a.rank IS NOT NULL GROUP BY a.rank;",
	/* A GPU telemetry member whose path names no host takes the one
	 * host that the logs beside it (same directory) name: node01/train.log
	 * and node01/nvidia-smi.csv. One grouped join over the few telemetry
	 * files, not a lookup per sample. */
	"UPDATE gpu_samples SET host = d.host FROM (SELECT g.id AS file_id, MIN(a.host) AS host"
	"  FROM files g JOIN files f ON f.run_id = g.run_id AND f.id != g.id"
	"   AND rtrim(f.path, replace(f.path, '/', '')) = rtrim(g.path, replace(g.path, '/', ''))"
	"   AND instr(g.path, '/') > 0"
	"  JOIN activity a ON a.file_id = f.id AND a.host IS NOT NULL"
	"  WHERE g.run_id = {RUN} AND g.id IN (SELECT file_id FROM gpu_samples"
	"   WHERE run_id = {RUN} AND host IS NULL)"
	"  GROUP BY g.id HAVING COUNT(DISTINCT a.host) = 1) d"
	" WHERE gpu_samples.run_id = {RUN} AND gpu_samples.host IS NULL"
	"  AND gpu_samples.file_id = d.file_id;",
	/* Ranks named only inside messages (launcher summaries). Which ranks
	 * those are is read from the index alone: a row is read only for
	 * them, not for each of the run's events. */
	"INSERT OR IGNORE INTO ranks(run_id, rank, host, local_rank, lines)"
	" SELECT {RUN}, rank, MIN(host), MIN(local_rank), 0 FROM events"
	" WHERE run_id = {RUN} AND rank IN (SELECT rank FROM events WHERE run_id = {RUN}"
	"  AND rank IS NOT NULL EXCEPT SELECT rank FROM ranks WHERE run_id = {RUN})"
	" GROUP BY rank;",
	"INSERT INTO hosts(run_id, host, ranks)"
	" SELECT {RUN}, host, COUNT(DISTINCT rank) FROM ("
	"  SELECT host, rank FROM activity WHERE run_id = {RUN} AND host IS NOT NULL"
	"  UNION ALL SELECT host, rank FROM ranks WHERE run_id = {RUN} AND host IS NOT NULL)"
	" GROUP BY host;",
};

static int exec_fmt(struct fl_store *s, const char *tmpl, long long run, int year, long long p0,
		    long long p1, const char *table, struct fl_err *err)
{
	struct fl_buf sql = FL_BUF_INIT;
	for (const char *p = tmpl; *p;) {
		if (*p != '{') {
			fl_buf_addc(&sql, *p++);
			continue;
		}
		const char *close = strchr(p, '}');
		size_t n = close ? (size_t)(close - p - 1) : 0;
		if (n == 3 && !strncmp(p + 1, "RUN", 3))
			fl_buf_printf(&sql, "%lld", run);
		else if (n == 4 && !strncmp(p + 1, "YEAR", 4))
			fl_buf_printf(&sql, "%d", year);
		else if (n == 2 && !strncmp(p + 1, "P0", 2))
			fl_buf_printf(&sql, "%lld", p0);
		else if (n == 2 && !strncmp(p + 1, "P1", 2))
			fl_buf_printf(&sql, "%lld", p1);
		else if (n == 1 && p[1] == 'T')
			fl_buf_adds(&sql, table ? table : "");
		else {
			fl_buf_addc(&sql, *p++);
			continue;
		}
		p = close + 1;
	}
	int rc = sqlite3_exec(s->db, sql.ptr, NULL, NULL, NULL);
	fl_buf_release(&sql);
	return rc == SQLITE_OK ? FL_OK : store_err(s, err, "resolving ranks failed");
}

/* The provisional year's times [*p0, *p1): year-less stamps read before
 * any dated one told the year; fl_store_resolve() moves them to the run's. */
static void provisional_year(long long *p0, long long *p1)
{
	*p0 = fl_time_from_civil(FL_PROVISIONAL_YEAR, 1, 1, 0, 0, 0, 0);
	*p1 = fl_time_from_civil(FL_PROVISIONAL_YEAR + 1, 1, 1, 0, 0, 0, 0);
}

/* The tails' lines (a JSON array per file, tail_json_line()) get what a
 * row of events gets: a rank from procs, the file, host + local rank; a
 * time from the boot anchor of an uptime (ROWS_BOOT_SQL's fboot), then
 * the run's year. Only files whose writer saw something missing (fix)
 * are rewritten; fix stays where something still is. */
static int resolve_tails(struct fl_store *s, long long run, int year, long long p0,
			 long long p1, bool boot, bool set_year, struct fl_err *err)
{
#define TAIL_BOOT "(SELECT b.boot FROM fboot b WHERE b.id = tails.file_id)"
	const char *ts0 = boot ? "COALESCE(j.value->>5, " TAIL_BOOT
				 " + CAST(ROUND((j.value->>7) * 1000000) AS INTEGER))"
			       : "j.value->>5";
	const char *kind0 = boot ? "CASE WHEN j.value->>5 IS NULL AND j.value->>7 IS NOT NULL"
				   " AND " TAIL_BOOT " IS NOT NULL THEN 4 ELSE j.value->>6 END"
				 : "j.value->>6";
#undef TAIL_BOOT
	const char *ts = set_year ? "CASE WHEN x.ts >= {P0} AND x.ts < {P1}"
				    " THEN fl_set_year(x.ts, {YEAR}) ELSE x.ts END"
				  : "x.ts";
	struct fl_buf sql = FL_BUF_INIT;
	fl_buf_printf(
		&sql,
		"UPDATE tails SET lines = (SELECT json_group_array(json_array(x.line, x.rank,"
		" x.local_rank, x.host, x.pid, %s, x.ts_kind, x.uptime, x.text)) FROM"
		" (SELECT j.value->>0 AS line, COALESCE(j.value->>1,"
		"  (SELECT p.rank FROM procs p WHERE p.run_id = tails.run_id"
		"   AND p.host = j.value->>3 AND p.pid = j.value->>4),"
		"  (SELECT f.rank FROM files f WHERE f.id = tails.file_id),"
		"  (SELECT hl.rank FROM hl WHERE hl.host = j.value->>3"
		"   AND hl.local_rank = j.value->>2)) AS rank,"
		"  j.value->>2 AS local_rank, j.value->>3 AS host, j.value->>4 AS pid,"
		"  %s AS ts, %s AS ts_kind, j.value->>7 AS uptime, j.value->>8 AS text"
		"  FROM json_each(tails.lines) j ORDER BY j.key) x)"
		" WHERE run_id = {RUN} AND fix = 1;"
		"UPDATE tails SET fix = NULL WHERE run_id = {RUN} AND fix = 1 AND NOT EXISTS"
		" (SELECT 1 FROM json_each(tails.lines) j WHERE j.value->>1 IS NULL"
		"  OR (j.value->>5 IS NULL AND j.value->>7 IS NOT NULL)"
		"  OR (j.value->>5 >= {P0} AND j.value->>5 < {P1}));",
		ts, ts0, kind0);
	int rc = exec_fmt(s, sql.ptr, run, year, p0, p1, NULL, err);
	fl_buf_release(&sql);
	return rc;
}

int fl_store_resolve(struct fl_store *s, int64_t run_id, int year, bool yearless,
		     struct fl_err *err)
{
	sqlite3_create_function(s->db, "fl_set_year", 2, SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL,
				set_year_fn, NULL, NULL);
	long long p0, p1;
	provisional_year(&p0, &p1);
	int rc = exec_fmt(s, "DELETE FROM procs WHERE run_id = {RUN}; DELETE FROM ranks WHERE"
			     " run_id = {RUN}; DELETE FROM hosts WHERE run_id = {RUN};",
			  (long long)run_id, year, p0, p1, NULL, err);
	for (size_t i = 0; !rc && i < sizeof(RESOLVE_SQL) / sizeof(RESOLVE_SQL[0]); i++)
		rc = exec_fmt(s, RESOLVE_SQL[i], (long long)run_id, year, p0, p1, NULL, err);
	/* Whole-table passes are skipped when the bundle cannot need them. */
	bool boot = run_has(s, "SELECT 1 FROM files WHERE run_id = ?1 AND boot_ts IS NOT NULL", run_id);
	static const char *const tables[] = { "events", "steps" };
	for (size_t i = 0; !rc && i < 2; i++) {
		rc = exec_fmt(s, ROWS_RANK_SQL, (long long)run_id, year, p0, p1, tables[i], err);
		/* boot first: its times may be provisional-year ones too */
		if (!rc && boot)
			rc = exec_fmt(s, ROWS_BOOT_SQL, (long long)run_id, year, p0, p1, tables[i], err);
		if (!rc && yearless && year > 0)
			rc = exec_fmt(s, ROWS_YEAR_SQL, (long long)run_id, year, p0, p1, tables[i], err);
	}
	if (!rc)
		rc = resolve_tails(s, (long long)run_id, year, p0, p1, boot, yearless && year > 0, err);
	static const char *const spans[] = { "activity", "step_stats" };
	for (size_t i = 0; !rc && i < 2; i++)
		rc = exec_fmt(s, SPAN_YEAR_SQL, (long long)run_id, year, p0, p1, spans[i], err);
	for (size_t i = 0; !rc && i < sizeof(SUMMARY_SQL) / sizeof(SUMMARY_SQL[0]); i++)
		rc = exec_fmt(s, SUMMARY_SQL[i], (long long)run_id, year, p0, p1, NULL, err);
	return rc;
}

int fl_store_run_commit(struct fl_store *s, int64_t run_id, const struct fl_run_totals *t,
			struct fl_err *err)
{
	int rc = build_deferred_indexes(s) ? store_err(s, err, "cannot build indexes") : FL_OK;
	if (!rc)
		rc = fl_store_resolve(s, run_id, t->year, t->yearless, err);
	if (!rc) {
		sqlite3_stmt *st;
		sqlite3_prepare_v2(s->db,
				   "UPDATE runs SET sha256=?2, kept=?3, files=?4, lines=?5, bytes=?6,"
				   " skipped=?7, year=?8,"
				   " ranks=(SELECT COUNT(*) FROM ranks WHERE run_id=?1),"
				   " hosts=(SELECT COUNT(*) FROM hosts WHERE run_id=?1),"
				   " events=?9, world_size_max=NULLIF(?10, 0),"
				   " nccl_nranks_max=NULLIF(?11, 0) WHERE id=?1",
				   -1, &st, NULL);
		sqlite3_bind_int64(st, 1, run_id);
		sqlite3_bind_text(st, 2, s->replaced_sha256 ? s->replaced_sha256 : t->sha256, -1,
				  SQLITE_TRANSIENT);
		bind_str(st, 3, t->kept);
		sqlite3_bind_int64(st, 4, t->files);
		sqlite3_bind_int64(st, 5, t->lines);
		sqlite3_bind_int64(st, 6, t->bytes);
		sqlite3_bind_int64(st, 7, t->skipped);
		sqlite3_bind_int(st, 8, t->year);
		sqlite3_bind_int64(st, 9, t->events);
		sqlite3_bind_int64(st, 10, t->world_size_max);
		sqlite3_bind_int64(st, 11, t->nccl_nranks_max);
		if (sqlite3_step(st) != SQLITE_DONE)
			rc = store_err(s, err, "cannot finish run");
		sqlite3_finalize(st);
	}
	if (!rc && sqlite3_exec(s->db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK)
		rc = store_err(s, err, "commit failed");
	if (rc)
		fl_store_run_rollback(s);
	else
		run_cache(s, false);
	s->in_run = false;
	free(s->replaced_sha256);
	s->replaced_sha256 = NULL;
	end_run_settings(s);
	return rc;
}

/* ---- rows ---- */

int fl_store_file_add(struct fl_store *s, int64_t run_id, const struct fl_file_meta *m,
		      int64_t *file_id)
{
	sqlite3_stmt *st = store_hot(s, ST_FILE);
	if (!st)
		return FL_EDB;
	sqlite3_bind_int64(st, 1, run_id);
	sqlite3_bind_text(st, 2, m->path, -1, SQLITE_TRANSIENT);
	bind_opt_int(st, 3, m->rank);
	bind_opt_int(st, 4, m->local_rank);
	bind_opt_int(st, 5, m->pid);
	bind_opt_text(st, 6, m->host && *m->host ? m->host : NULL, m->host ? strlen(m->host) : 0);
	bind_opt_int(st, 7, m->attempt);
	int rc = run_stmt(s, st);
	*file_id = sqlite3_last_insert_rowid(s->db);
	return rc;
}

int fl_store_file_done(struct fl_store *s, int64_t file_id, const struct fl_file_totals *t)
{
	sqlite3_stmt *st = store_hot(s, ST_FILE_DONE);
	if (!st)
		return FL_EDB;
	sqlite3_bind_int64(st, 1, file_id);
	sqlite3_bind_int64(st, 2, t->bytes);
	sqlite3_bind_int64(st, 3, t->lines);
	sqlite3_bind_int64(st, 4, t->truncated);
	sqlite3_bind_int64(st, 5, t->conflicts);
	bind_opt_time(st, 6, t->boot);
	return run_stmt(s, st);
}

int fl_store_event_add(struct fl_store *s, const struct fl_event_row *e, int64_t *id)
{
	sqlite3_stmt *st = store_hot(s, ST_EVENT);
	if (!st)
		return FL_EDB;
	sqlite3_bind_int64(st, 1, e->run_id);
	sqlite3_bind_int64(st, 2, e->file_id);
	sqlite3_bind_int64(st, 3, e->line);
	sqlite3_bind_int64(st, 4, e->nlines);
	sqlite3_bind_int64(st, 5, e->offset);
	store_bind_attr(st, 6, &e->a);
	sqlite3_bind_text(st, 14, e->kind, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 15, e->pattern, -1, SQLITE_STATIC);
	sqlite3_bind_int(st, 16, e->severity);
	bind_str(st, 17, e->fields);
	sqlite3_bind_text(st, 18, e->text, (int)e->text_len, SQLITE_TRANSIENT);
	return run_insert(s, st, id);
}

int fl_store_event_repeats(struct fl_store *s, int64_t id, int64_t n, int64_t last_line,
			   int64_t last_ts)
{
	sqlite3_stmt *st = store_hot(s, ST_EVENT_REPEATS);
	if (!st)
		return FL_EDB;
	sqlite3_bind_int64(st, 1, id);
	sqlite3_bind_int64(st, 2, n);
	sqlite3_bind_int64(st, 3, last_line);
	bind_opt_time(st, 4, last_ts);
	return run_stmt(s, st);
}

int fl_store_event_copies(struct fl_store *s, int64_t id, int64_t n)
{
	sqlite3_stmt *st = store_hot(s, ST_EVENT_COPIES);
	if (!st)
		return FL_EDB;
	sqlite3_bind_int64(st, 1, id);
	sqlite3_bind_int64(st, 2, n);
	return run_stmt(s, st);
}

int fl_store_step_add(struct fl_store *s, const struct fl_step_row *r)
{
	sqlite3_stmt *st = store_hot(s, ST_STEP);
	if (!st)
		return FL_EDB;
	sqlite3_bind_int64(st, 1, r->run_id);
	sqlite3_bind_int64(st, 2, r->file_id);
	sqlite3_bind_int64(st, 3, r->line);
	store_bind_attr(st, 4, &r->a);
	for (int c = 0; c < FL_STEP_NCOLS; c++) {
		/* SQLite stores NaN as NULL: loss_text/grad_norm_text keep it. */
		if (!r->has[c] || r->v[c] != r->v[c])
			sqlite3_bind_null(st, 12 + c);
		else if (c == FL_STEP_STEP || c == FL_STEP_SKIPPED || c == FL_STEP_NAN_ITERS ||
			 c == FL_STEP_GBS)
			sqlite3_bind_int64(st, 12 + c, (int64_t)r->v[c]);
		else
			sqlite3_bind_double(st, 12 + c, r->v[c]);
	}
	sqlite3_bind_int(st, 25, r->loss_missing);
	bind_str(st, 26, r->loss_text);
	bind_str(st, 27, r->grad_norm_text);
	return run_stmt(s, st);
}

/* r's columns at base + 1 .. base + STEP_STAT_COLS; every one is bound,
 * so that a statement can be stepped again without clearing them. */
static void bind_step_stat(sqlite3_stmt *st, int base, const struct fl_step_stat *r)
{
	sqlite3_bind_int64(st, base + 1, r->run_id);
	sqlite3_bind_int64(st, base + 2, r->step);
	sqlite3_bind_int64(st, base + 3, r->lines);
	bind_opt_time(st, base + 4, r->first_ts);
	bind_opt_time(st, base + 5, r->last_ts);
	for (int c = FL_STEP_LOSS; c < FL_STEP_NSUMMED; c++) {
		sqlite3_bind_int64(st, base + 6 + 2 * (c - FL_STEP_LOSS), r->n[c]);
		sqlite3_bind_double(st, base + 7 + 2 * (c - FL_STEP_LOSS), r->sum[c]);
	}
	if (r->n[FL_STEP_LOSS] > 0) {
		sqlite3_bind_double(st, base + 24, r->loss_max);
		sqlite3_bind_int64(st, base + 25, r->loss_max_file_id);
		sqlite3_bind_int64(st, base + 26, r->loss_max_line);
	} else {
		for (int i = 24; i <= STEP_STAT_COLS; i++)
			sqlite3_bind_null(st, base + i);
	}
}

/* One statement: its rows in order, as n single upserts would store them. */
static int step_stats_stmt(struct fl_store *s, enum hot_stmt which,
			   const struct fl_step_stat *rows, size_t n)
{
	sqlite3_stmt *st = store_hot(s, which);
	if (!st)
		return FL_EDB;
	/* ST_STEP_STATS' and ST_STEP_STATS_NEW's texts have STEP_STATS_BATCH rows */
	assert((size_t)sqlite3_bind_parameter_count(st) == n * STEP_STAT_COLS);
	for (size_t i = 0; i < n; i++)
		bind_step_stat(st, (int)i * STEP_STAT_COLS, &rows[i]);
	int rc = sqlite3_step(st);
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? FL_OK : FL_EDB;
}

int fl_store_step_stats_add(struct fl_store *s, const struct fl_step_stat *rows, size_t n,
			    bool new_steps)
{
	int rc = FL_OK;
	size_t i = 0;
	enum hot_stmt batch = new_steps ? ST_STEP_STATS_NEW : ST_STEP_STATS;
	for (; !rc && n - i >= STEP_STATS_BATCH; i += STEP_STATS_BATCH)
		rc = step_stats_stmt(s, batch, rows + i, STEP_STATS_BATCH);
	for (; !rc && i < n; i++)
		rc = step_stats_stmt(s, ST_STEP_STAT, rows + i, 1);
	return rc;
}

static void json_opt_int(struct fl_buf *b, int64_t v)
{
	if (v < 0)
		fl_buf_adds(b, "null");
	else
		fl_json_int(b, v);
}

/* [line, rank, local_rank, host, pid, ts, ts_kind, uptime, text]: the
 * columns a row per line had (docs/SCHEMA.md; resolve_tails() and the
 * CLI's tail query read them by index); whether fl_store_resolve() may
 * have to complete it: no rank, an uptime to anchor, or a time in the
 * provisional year [p0, p1). */
static bool tail_json_line(struct fl_buf *b, const struct fl_tail_line *l, long long p0,
			   long long p1)
{
	const struct fl_row_attr *a = &l->a;
	fl_buf_addc(b, '[');
	fl_json_int(b, l->line);
	fl_buf_addc(b, ',');
	json_opt_int(b, a->rank);
	fl_buf_addc(b, ',');
	json_opt_int(b, a->local_rank);
	fl_buf_addc(b, ',');
	if (a->host)
		fl_json_str(b, a->host, a->host_len);
	else
		fl_buf_adds(b, "null");
	fl_buf_addc(b, ',');
	json_opt_int(b, a->pid);
	fl_buf_addc(b, ',');
	if (a->ts == FL_TIME_NONE)
		fl_buf_adds(b, "null");
	else
		fl_json_int(b, a->ts);
	fl_buf_addc(b, ',');
	fl_json_int(b, a->ts_kind);
	fl_buf_addc(b, ',');
	if (a->uptime < 0)
		fl_buf_adds(b, "null");
	else
		fl_json_num(b, a->uptime);
	fl_buf_addc(b, ',');
	fl_json_str(b, l->text, l->len);
	fl_buf_addc(b, ']');
	return a->rank < 0 || (a->ts == FL_TIME_NONE && a->uptime >= 0) ||
	       (a->ts != FL_TIME_NONE && a->ts >= p0 && a->ts < p1);
}

int fl_store_tail_set(struct fl_store *s, int64_t run_id, int64_t file_id,
		      const struct fl_tail_line *v, size_t n)
{
	if (!n)
		return FL_OK;
	sqlite3_stmt *st = store_hot(s, ST_TAIL);
	if (!st)
		return FL_EDB;
	long long p0, p1;
	provisional_year(&p0, &p1);
	struct fl_buf b = FL_BUF_INIT;
	bool fix = false;
	fl_buf_addc(&b, '[');
	for (size_t i = 0; i < n; i++) {
		if (i)
			fl_buf_addc(&b, ',');
		fix |= tail_json_line(&b, &v[i], p0, p1);
	}
	fl_buf_addc(&b, ']');
	sqlite3_bind_int64(st, 1, run_id);
	sqlite3_bind_int64(st, 2, file_id);
	if (fix)
		sqlite3_bind_int(st, 3, 1);
	sqlite3_bind_text(st, 4, b.ptr, (int)b.len, SQLITE_TRANSIENT);
	int rc = run_stmt(s, st);
	fl_buf_release(&b);
	return rc;
}

int fl_store_skipped_add(struct fl_store *s, int64_t run_id, const char *path, const char *why)
{
	sqlite3_stmt *st = store_hot(s, ST_SKIPPED);
	if (!st)
		return FL_EDB;
	sqlite3_bind_int64(st, 1, run_id);
	sqlite3_bind_text(st, 2, path, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(st, 3, why, -1, SQLITE_TRANSIENT);
	return run_stmt(s, st);
}

int fl_store_transport_add(struct fl_store *s, const struct fl_transport_row *r, int64_t *id)
{
	sqlite3_stmt *st = store_hot(s, ST_TRANSPORT);
	if (!st)
		return FL_EDB;
	sqlite3_bind_int64(st, 1, r->run_id);
	bind_str(st, 2, r->host);
	bind_opt_int(st, 3, r->pid);
	bind_opt_int(st, 4, r->rank);
	sqlite3_bind_text(st, 5, r->transport, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int(st, 6, r->gdr);
	sqlite3_bind_int64(st, 7, r->channels);
	sqlite3_bind_int64(st, 8, r->file_id);
	sqlite3_bind_int64(st, 9, r->line);
	bind_str(st, 10, r->sample);
	bind_opt_int(st, 11, r->comm_rank);
	return run_insert(s, st, id);
}

int fl_store_transport_more(struct fl_store *s, int64_t id, const struct fl_transport_row *r)
{
	sqlite3_stmt *st = store_hot(s, ST_TRANSPORT_MORE);
	if (!st)
		return FL_EDB;
	sqlite3_bind_int64(st, 1, id);
	sqlite3_bind_int64(st, 2, r->channels);
	bind_opt_int(st, 3, r->comm_rank);
	return run_stmt(s, st);
}

int fl_store_coll_add(struct fl_store *s, const struct fl_coll_row *r, int64_t *id)
{
	sqlite3_stmt *st = store_hot(s, ST_COLL);
	if (!st)
		return FL_EDB;
	sqlite3_bind_int64(st, 1, r->run_id);
	bind_str(st, 2, r->host);
	bind_opt_int(st, 3, r->pid);
	bind_opt_int(st, 4, r->rank);
	bind_str(st, 5, r->comm);
	bind_str(st, 6, r->op);
	sqlite3_bind_int64(st, 7, r->last_opcount);
	sqlite3_bind_int64(st, 8, r->calls);
	bind_opt_int(st, 9, r->nranks);
	bind_opt_time(st, 10, r->last_ts);
	bind_opt_int(st, 11, r->peer);
	bind_opt_int(st, 12, r->peer >= 0 ? r->file_id : -1);
	bind_opt_int(st, 13, r->peer >= 0 ? r->line : -1);
	bind_str(st, 14, r->sample);
	return run_insert(s, st, id);
}

int fl_store_coll_more(struct fl_store *s, int64_t id, const struct fl_coll_row *r)
{
	sqlite3_stmt *st = store_hot(s, ST_COLL_MORE);
	if (!st)
		return FL_EDB;
	sqlite3_bind_int64(st, 1, id);
	sqlite3_bind_int64(st, 2, r->calls);
	sqlite3_bind_int64(st, 3, r->last_opcount);
	bind_opt_time(st, 4, r->last_ts);
	bind_opt_int(st, 5, r->peer >= 0 ? r->file_id : -1);
	bind_opt_int(st, 6, r->peer >= 0 ? r->line : -1);
	bind_str(st, 7, r->sample);
	return run_stmt(s, st);
}

int fl_store_activity_add(struct fl_store *s, const struct fl_activity_row *r)
{
	sqlite3_stmt *st = store_hot(s, ST_ACTIVITY);
	if (!st)
		return FL_EDB;
	sqlite3_bind_int64(st, 1, r->run_id);
	sqlite3_bind_int64(st, 2, r->file_id);
	bind_opt_int(st, 3, r->rank);
	bind_opt_int(st, 4, r->local_rank);
	bind_opt_int(st, 5, r->pid);
	bind_str(st, 6, r->host);
	sqlite3_bind_int64(st, 7, r->lines);
	bind_opt_time(st, 8, r->first_ts);
	bind_opt_time(st, 9, r->last_ts);
	sqlite3_bind_int64(st, 10, r->last_line);
	bind_str(st, 11, r->last_text);
	return run_stmt(s, st);
}

static void bind_opt_double(sqlite3_stmt *st, int i, double v)
{
	if (v != v)
		sqlite3_bind_null(st, i);
	else
		sqlite3_bind_double(st, i, v);
}

int fl_store_gpu_sample_add(struct fl_store *s, const struct fl_gpu_sample_row *r)
{
	sqlite3_stmt *st = store_hot(s, ST_GPU_SAMPLE);
	if (!st)
		return FL_EDB;
	sqlite3_bind_int64(st, 1, r->run_id);
	bind_str(st, 2, r->host);
	sqlite3_bind_int64(st, 3, r->gpu);
	bind_str(st, 4, r->bus_id);
	sqlite3_bind_text(st, 5, r->source, -1, SQLITE_STATIC);
	bind_opt_time(st, 6, r->ts);
	bind_opt_time(st, 7, r->last_ts);
	sqlite3_bind_int64(st, 8, r->samples);
	bind_opt_double(st, 9, r->power_w);
	bind_opt_double(st, 10, r->util_pct);
	bind_opt_double(st, 11, r->mem_used_mib);
	sqlite3_bind_int64(st, 12, r->file_id);
	sqlite3_bind_int64(st, 13, r->line);
	return run_stmt(s, st);
}

int fl_store_fr_dump_add(struct fl_store *s, const struct fl_fr_dump_row *r)
{
	sqlite3_stmt *st = store_hot(s, ST_FR_DUMP);
	if (!st)
		return FL_EDB;
	sqlite3_bind_int64(st, 1, r->run_id);
	sqlite3_bind_int64(st, 2, r->file_id);
	bind_opt_int(st, 3, r->rank);
	bind_str(st, 4, r->version);
	sqlite3_bind_int64(st, 5, r->entries);
	return run_stmt(s, st);
}

/* Sequence numbers and times can be 0 legitimately; only -1 is absent. */
static void bind_known(sqlite3_stmt *st, int i, int64_t v)
{
	if (v == -1)
		sqlite3_bind_null(st, i);
	else
		sqlite3_bind_int64(st, i, v);
}

int fl_store_fr_pg_add(struct fl_store *s, const struct fl_fr_pg_row *r)
{
	sqlite3_stmt *st = store_hot(s, ST_FR_PG);
	if (!st)
		return FL_EDB;
	sqlite3_bind_int64(st, 1, r->run_id);
	sqlite3_bind_int64(st, 2, r->file_id);
	bind_opt_int(st, 3, r->rank);
	bind_str(st, 4, r->name);
	bind_str(st, 5, r->desc);
	bind_str(st, 6, r->ranks);
	bind_known(st, 7, r->last_enqueued);
	bind_known(st, 8, r->last_started);
	bind_known(st, 9, r->last_completed);
	return run_stmt(s, st);
}

int fl_store_fr_entry_add(struct fl_store *s, const struct fl_fr_entry_row *r)
{
	sqlite3_stmt *st = store_hot(s, ST_FR_ENTRY);
	if (!st)
		return FL_EDB;
	sqlite3_bind_int64(st, 1, r->run_id);
	sqlite3_bind_int64(st, 2, r->file_id);
	bind_opt_int(st, 3, r->rank);
	sqlite3_bind_int64(st, 4, r->idx);
	const int64_t ints[] = { r->record_id, r->pg_id, r->collective_seq_id, r->p2p_seq_id,
				 r->op_id };
	for (int i = 0; i < 5; i++)
		bind_known(st, 5 + i, ints[i]);
	const char *texts[] = { r->pg_name, r->pg_desc, r->profiling_name, r->state,
				r->input_sizes, r->input_dtypes, r->output_sizes, r->output_dtypes };
	for (int i = 0; i < 8; i++)
		bind_str(st, 10 + i, texts[i]);
	const int64_t more[] = { r->time_created_ns, r->time_started_ns, r->time_completed_ns,
				 r->timeout_ms, r->retired, r->is_p2p };
	for (int i = 0; i < 6; i++)
		bind_known(st, 18 + i, more[i]);
	bind_str(st, 24, r->frames);
	return run_stmt(s, st);
}

int fl_store_comm_member_add(struct fl_store *s, const struct fl_comm_member_row *r)
{
	sqlite3_stmt *st = store_hot(s, ST_COMM_MEMBER);
	if (!st)
		return FL_EDB;
	sqlite3_bind_int64(st, 1, r->run_id);
	sqlite3_bind_text(st, 2, r->comm, -1, SQLITE_TRANSIENT);
	bind_str(st, 3, r->ptr);
	bind_str(st, 4, r->host);
	bind_opt_int(st, 5, r->pid);
	bind_opt_int(st, 6, r->rank);
	bind_opt_int(st, 7, r->comm_rank);
	bind_opt_int(st, 8, r->nranks);
	bind_opt_int(st, 9, r->cuda_dev);
	bind_str(st, 10, r->bus_id);
	bind_str(st, 11, r->transports);
	sqlite3_bind_int64(st, 12, r->file_id);
	sqlite3_bind_int64(st, 13, r->line);
	return run_stmt(s, st);
}

int fl_store_hca_add(struct fl_store *s, const struct fl_hca_row *r, int64_t *id)
{
	sqlite3_stmt *st = store_hot(s, ST_HCA);
	if (!st)
		return FL_EDB;
	sqlite3_bind_int64(st, 1, r->run_id);
	bind_str(st, 2, r->host);
	bind_opt_int(st, 3, r->pid);
	bind_opt_int(st, 4, r->rank);
	sqlite3_bind_int64(st, 5, r->net_dev);
	bind_str(st, 6, r->device);
	bind_opt_int(st, 7, r->port);
	sqlite3_bind_int64(st, 8, r->channels);
	sqlite3_bind_int64(st, 9, r->file_id);
	sqlite3_bind_int64(st, 10, r->line);
	bind_str(st, 11, r->sample);
	return run_insert(s, st, id);
}

int fl_store_hca_more(struct fl_store *s, int64_t id, const struct fl_hca_row *r)
{
	sqlite3_stmt *st = store_hot(s, ST_HCA_MORE);
	if (!st)
		return FL_EDB;
	sqlite3_bind_int64(st, 1, id);
	sqlite3_bind_int64(st, 2, r->channels);
	bind_str(st, 3, r->device);
	bind_opt_int(st, 4, r->port);
	return run_stmt(s, st);
}
