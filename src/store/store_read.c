/* SPDX-License-Identifier: MIT */
/* store_read.c - finding runs. */
#include "store_int.h"

#include <stdlib.h>
#include <string.h>

int fl_store_run_by_sha(struct fl_store *s, const char *sha256, int64_t *run_id,
			char **patterns_digest)
{
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(s->db, "SELECT id, patterns_digest FROM runs WHERE sha256 = ?1", -1,
			       &st, NULL) != SQLITE_OK)
		return FL_EDB;
	sqlite3_bind_text(st, 1, sha256, -1, SQLITE_TRANSIENT);
	int rc = FL_ENOTFOUND;
	if (sqlite3_step(st) == SQLITE_ROW) {
		*run_id = sqlite3_column_int64(st, 0);
		const char *d = (const char *)sqlite3_column_text(st, 1);
		if (patterns_digest)
			*patterns_digest = d ? fl_xstrdup(d) : NULL;
		rc = FL_OK;
	}
	sqlite3_finalize(st);
	return rc;
}

int fl_store_resolve_run(struct fl_store *s, const char *spec, int64_t *run_id, struct fl_err *err)
{
	sqlite3_stmt *st;
	bool last = !strcmp(spec, "last");
	char *end = NULL;
	long long id = last ? 0 : strtoll(spec, &end, 10);
	if (!last && (end == spec || *end))
		return fl_err_set(err, FL_EUSAGE, "'%s' is not a run id (a number or 'last')", spec);
	const char *sql = last ? "SELECT id FROM runs WHERE sha256 IS NOT NULL ORDER BY ingested_at DESC, id DESC LIMIT 1"
			       : "SELECT id FROM runs WHERE id = ?1 AND sha256 IS NOT NULL";
	if (sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) != SQLITE_OK)
		return store_err(s, err, "cannot look up run");
	if (!last)
		sqlite3_bind_int64(st, 1, id);
	int rc;
	if (sqlite3_step(st) == SQLITE_ROW) {
		*run_id = sqlite3_column_int64(st, 0);
		rc = FL_OK;
	} else {
		rc = last ? fl_err_set(err, FL_ENOTFOUND, "the store holds no runs yet")
			  : fl_err_set(err, FL_ENOTFOUND, "no run %lld in the store", id);
	}
	sqlite3_finalize(st);
	return rc;
}

int fl_store_run_delete(struct fl_store *s, int64_t run_id, struct fl_deleted *d,
			struct fl_err *err)
{
	memset(d, 0, sizeof(*d));
	char *kept = NULL;
	if (sqlite3_exec(s->db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK)
		return store_err(s, err, "cannot lock the store");
	sqlite3_stmt *st;
	int rc = FL_OK;
	/* The kept bundle goes only when no other run (a re-ingest of the same
	 * bytes under another name cannot exist, but a merged store may share
	 * files) refers to it. */
	if (sqlite3_prepare_v2(s->db,
			       "SELECT kept, (SELECT COUNT(*) FROM runs o WHERE o.kept = r.kept"
			       " AND o.id != r.id) FROM runs r WHERE r.id = ?1",
			       -1, &st, NULL) != SQLITE_OK) {
		rc = store_err(s, err, "cannot delete run");
	} else {
		sqlite3_bind_int64(st, 1, run_id);
		if (sqlite3_step(st) != SQLITE_ROW)
			rc = fl_err_set(err, FL_ENOTFOUND, "no run %lld in the store", (long long)run_id);
		else if (sqlite3_column_type(st, 0) != SQLITE_NULL && sqlite3_column_int(st, 1) == 0)
			kept = fl_xstrdup((const char *)sqlite3_column_text(st, 0));
		sqlite3_finalize(st);
	}
	char *sql = sqlite3_mprintf("DELETE FROM runs WHERE id = %lld;"
				    " DELETE FROM uploads WHERE run_id = %lld",
				    (long long)run_id, (long long)run_id);
	if (!rc && sqlite3_exec(s->db, sql, NULL, NULL, NULL) != SQLITE_OK)
		rc = store_err(s, err, "cannot delete run");
	sqlite3_free(sql);
	if (!rc && sqlite3_exec(s->db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK)
		rc = store_err(s, err, "commit failed");
	if (rc)
		sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
	/* Only once no run needs it: a failed delete never loses a bundle. */
	else if (kept)
		store_bundle_remove(s, kept, d);
	free(kept);
	return rc;
}
