/* SPDX-License-Identifier: MIT */
/* store_read.c - finding runs. */
#include "store_int.h"

#include <stdlib.h>
#include <string.h>

int fl_store_run_by_sha(struct fl_store *s, const char *sha256, int64_t *run_id)
{
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(s->db, "SELECT id FROM runs WHERE sha256 = ?1", -1, &st, NULL) !=
	    SQLITE_OK)
		return FL_EDB;
	sqlite3_bind_text(st, 1, sha256, -1, SQLITE_TRANSIENT);
	int rc = FL_ENOTFOUND;
	if (sqlite3_step(st) == SQLITE_ROW) {
		*run_id = sqlite3_column_int64(st, 0);
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
