/* SPDX-License-Identifier: MIT */
/*
 * serve_sql.c - every SQL text the upload service runs, in one named table.
 *
 * As analyze_sql.c and cli_sql.c do for their modules: code names a
 * statement by its enum serve_q id (serve_int.h), and
 * tests/unit/test_sql.c prepares every entry against a freshly migrated
 * store, so that a schema change fails ctest with the statement's name
 * instead of an endpoint failing at run time. Each text is fixed; what
 * varies is bound (?N).
 *
 * Adding a statement: an id in enum serve_q, its entry here, serve_sql(id)
 * where it runs.
 */
#include "serve_int.h"

/* An upload's status and the time of that change (?3), with its error. */
#define SET_STATUS(col)                                                                    \
	"UPDATE uploads SET status = ?2, " col " = ?3, error_code = ?4, error_message = ?5" \
	" WHERE run_id = ?1"

static const struct fl_sql_def DEFS[SERVE_Q_N] = {
	/* ---- the analysis queue (queue.c) ---- */
	[SERVE_Q_RECOVER] = { "recover",
			      "UPDATE uploads SET status = 'queued', started_at = NULL"
			      " WHERE status = 'analyzing'" },
	[SERVE_Q_STARTED] = { "started", SET_STATUS("started_at") },
	[SERVE_Q_FINISHED] = { "finished", SET_STATUS("finished_at") },
	/* The oldest queued upload, and how many are queued (for /metrics). */
	[SERVE_Q_NEXT_QUEUED] = { "next_queued",
				  "SELECT run_id, COUNT(*) OVER () FROM uploads"
				  " WHERE status = 'queued' ORDER BY run_id LIMIT 1" },
	/* ---- retention (retention.c) ---- */
	/* Oldest first, finished only; ?1: ingested before (µs), NULL for any. */
	[SERVE_Q_OLDEST] = { "oldest",
			     "SELECT r.id FROM runs r LEFT JOIN uploads u ON u.run_id = r.id"
			     " WHERE r.sha256 IS NOT NULL"
			     " AND (u.status IS NULL OR u.status IN ('done', 'failed'))"
			     " AND (?1 IS NULL OR r.ingested_at < ?1)"
			     " ORDER BY r.ingested_at, r.id LIMIT 1" },
	/* Live database bytes. */
	[SERVE_Q_STORE_BYTES] = { "store_bytes",
				  "SELECT (p.page_count - f.freelist_count) * s.page_size"
				  " FROM pragma_page_count p, pragma_freelist_count f,"
				  " pragma_page_size s" },
	/* ---- tokens (token.c) ---- */
	[SERVE_Q_TOKEN_ADD] = { "token_add",
				"INSERT INTO tokens(hash, scope, name, created_at)"
				" VALUES (?1, ?2, ?3, ?4)" },
	[SERVE_Q_TOKEN_CHECK] = { "token_check",
				  "SELECT id, hash, scope FROM tokens WHERE revoked = 0" },
	/* Every token but its hash, oldest first. */
	[SERVE_Q_TOKEN_LIST] = { "token_list",
				 "SELECT id, scope, name, created_at, revoked FROM tokens ORDER BY id" },
	/* A row when the token was live and is now revoked. */
	[SERVE_Q_TOKEN_REVOKE] = { "token_revoke",
				   "UPDATE tokens SET revoked = 1 WHERE id = ?1 AND revoked = 0"
				   " RETURNING id" },
	/* ---- admin (serve.c) ---- */
	/* Run ?1 queued for analysis again, as an upload is: a run the CLI
	 * ingested gets an uploads row (size 0, token ?2). No row when the
	 * run does not exist or its analysis is queued or under way. */
	[SERVE_Q_REQUEUE] = {
		"requeue",
		"INSERT INTO uploads(run_id, status, size, token_id, uploaded_at)"
		" SELECT id, 'queued', 0, ?2, ?3 FROM runs WHERE id = ?1 AND sha256 IS NOT NULL"
		" ON CONFLICT(run_id) DO UPDATE SET status = 'queued', started_at = NULL,"
		" finished_at = NULL, error_code = NULL, error_message = NULL"
		" WHERE status NOT IN ('queued', 'analyzing') RETURNING run_id" },
	/* ---- uploads (upload.c) ---- */
	[SERVE_Q_UPLOAD_RUN] = { "upload_run",
				 "INSERT INTO runs(sha256, bundle, kept, ingested_at)"
				 " VALUES (?1, ?2, ?3, ?4)" },
	[SERVE_Q_UPLOAD_ROW] = { "upload_row",
				 "INSERT INTO uploads(run_id, status, size, job, cluster, token_id,"
				 " uploaded_at) VALUES (last_insert_rowid(), 'queued', ?1, ?2, ?3,"
				 " ?4, ?5) RETURNING run_id" },
	/* The run already holding the bytes of sha256 ?1. */
	[SERVE_Q_EXISTING] = { "existing",
			       "SELECT r.id, COALESCE(u.status, 'done') FROM runs r"
			       " LEFT JOIN uploads u ON u.run_id = r.id WHERE r.sha256 = ?1" },
	/* ---- pages and run state (pages.c, serve.c) ---- */
	/* The run list; each filter a bound parameter, NULL when absent. */
	[SERVE_Q_LIST] = {
		"list",
		"SELECT r.id, strftime('%Y-%m-%d %H:%M:%S', r.ingested_at / 1000000, 'unixepoch'),"
		" r.bundle, COALESCE(u.status, 'done'), r.status, r.cause, r.first_rank, r.first_host,"
		" r.signature, u.job FROM runs r LEFT JOIN uploads u ON u.run_id = r.id"
		" WHERE r.sha256 IS NOT NULL"
		" AND (?1 IS NULL OR r.cause = ?1)"
		" AND (?2 IS NULL OR r.status = ?2 OR u.status = ?2)"
		" AND (?3 IS NULL OR EXISTS (SELECT 1 FROM hosts h WHERE h.run_id = r.id"
		" AND h.host = ?3))"
		" AND (?4 IS NULL OR r.signature = ?4)"
		" ORDER BY r.ingested_at DESC, r.id DESC LIMIT 200" },
	/* A run's state: its upload's, else "done" (ingested by the CLI). */
	[SERVE_Q_RUN] = {
		"run",
		"SELECT r.id, r.sha256, r.bundle, COALESCE(u.status, 'done'), r.status, r.cause,"
		" r.first_rank, r.signature, u.error_code, u.error_message, u.size, u.job, u.cluster,"
		" r.ingested_at FROM runs r LEFT JOIN uploads u ON u.run_id = r.id"
		" WHERE r.id = ?1 AND r.sha256 IS NOT NULL" },
};

const char *serve_sql(enum serve_q id)
{
	return DEFS[id].text;
}

size_t fl_serve_sql(const struct fl_sql_def **out)
{
	*out = DEFS;
	return SERVE_Q_N;
}
