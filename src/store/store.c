/* SPDX-License-Identifier: MIT */
/*
 * store.c - opening the store, and the statement wrapper for readers.
 */
#include "store_int.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

/* SQLite's words for the last error, except for a full disk: SQLite says
 * "disk I/O error" when the -shm or -wal file cannot grow, and the one
 * thing the user must learn then is that the disk is full. */
static const char *why(struct fl_store *s)
{
	if (!s || !s->db)
		return "no store";
	if (sqlite3_errcode(s->db) == SQLITE_FULL || sqlite3_system_errno(s->db) == ENOSPC)
		return "the disk is full; the store is as it was before";
	return sqlite3_errmsg(s->db);
}

int store_err(struct fl_store *s, struct fl_err *err, const char *what)
{
	return fl_err_set(err, FL_EDB, "%s: %s", what, why(s));
}

int fl_store_check(struct fl_store *s, struct fl_err *err)
{
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(s->db, "PRAGMA integrity_check(1)", -1, &st, NULL) != SQLITE_OK)
		return store_err(s, err, "cannot check the store");
	int r = sqlite3_step(st);
	const char *res = r == SQLITE_ROW ? (const char *)sqlite3_column_text(st, 0) : NULL;
	int rc = res && !strcmp(res, "ok") ? FL_OK
		 : res ? fl_err_set(err, FL_EDB, "store '%s' is damaged: %s", s->path, res)
		       : store_err(s, err, "cannot check the store");
	sqlite3_finalize(st);
	return rc;
}

void fl_store_real_text(double v, char *buf, size_t n)
{
	sqlite3_snprintf(n > INT_MAX ? INT_MAX : (int)n, buf, "%!.15g", v);
}

const char *fl_store_errmsg(struct fl_store *s)
{
	return sqlite3_errmsg(s->db);
}

const char *fl_stmt_errmsg(struct fl_stmt *st)
{
	return sqlite3_errmsg(st->s->db);
}

static int mkdirs(const char *dir)
{
	char *p = fl_xstrdup(dir);
	int rc = 0;
	for (char *q = p + 1; *q; q++) {
		if (*q != '/')
			continue;
		*q = '\0';
		if (mkdir(p, 0755) != 0 && errno != EEXIST)
			rc = -1;
		*q = '/';
	}
	if (mkdir(p, 0755) != 0 && errno != EEXIST)
		rc = -1;
	free(p);
	return rc;
}

char *fl_store_default_path(void)
{
	const char *env = getenv("FAULTLINE_DB");
	if (env && *env)
		return fl_xstrdup(env);
	const char *xdg = getenv("XDG_DATA_HOME");
	if (xdg && *xdg)
		return fl_xasprintf("%s/faultline/faultline.db", xdg);
	const char *home = getenv("HOME");
	return fl_xasprintf("%s/.local/share/faultline/faultline.db", home && *home ? home : ".");
}

static char *dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');
	if (!slash)
		return fl_xstrdup(".");
	if (slash == path)
		return fl_xstrdup("/");
	return fl_xstrndup(path, (size_t)(slash - path));
}

/* SQLite's names for a database's side files, and the kept bundles'
 * directory (store_bundle.c). */
static void own_files(struct fl_store *s)
{
	static const char *const side[] = { "-wal", "-shm", "-journal" };
	size_t n = 0;
	s->files[n++] = fl_xstrdup(s->path);
	for (size_t i = 0; i < sizeof(side) / sizeof(side[0]); i++)
		s->files[n++] = fl_xasprintf("%s%s", s->path, side[i]);
	s->files[n++] = fl_xasprintf("%s/%.*s", s->dir, (int)strlen(BUNDLES) - 1, BUNDLES);
	s->files[n] = NULL;
}

const char *const *fl_store_files(const struct fl_store *s)
{
	return (const char *const *)s->files;
}

const char *fl_store_bundles_dir(const struct fl_store *s)
{
	/* own_files() names it last */
	const char *const *f = fl_store_files(s);
	while (f[1])
		f++;
	return *f;
}

int fl_store_open(struct fl_store **out, const char *path, unsigned flags, struct fl_err *err)
{
	/* Memory statistics cost a global mutex per allocation; we read none.
	 * Only effective before SQLite initialises, i.e. on the first open. */
	sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
	struct fl_store *s = fl_xcalloc(1, sizeof(*s));
	s->path = fl_xstrdup(path);
	s->dir = dir_of(path);
	own_files(s);
	bool ro = flags & FL_STORE_READONLY;
	struct stat sb;
	if (ro && stat(path, &sb) != 0) {
		int rc = fl_err_set(err, FL_ENOTFOUND, "no store at '%s' (ingest a bundle first)", path);
		fl_store_close(s);
		return rc;
	}
	if (!ro && (flags & FL_STORE_CREATE) && mkdirs(s->dir) != 0) {
		int rc = fl_err_set(err, FL_EDB, "cannot create directory '%s': %s", s->dir,
				    strerror(errno));
		fl_store_close(s);
		return rc;
	}
	/* A connection is used by one thread at a time: no SQLite mutexes. */
	int oflags = SQLITE_OPEN_NOMUTEX |
		     (ro ? SQLITE_OPEN_READONLY
			 : SQLITE_OPEN_READWRITE | ((flags & FL_STORE_CREATE) ? SQLITE_OPEN_CREATE : 0));
	if (sqlite3_open_v2(path, &s->db, oflags, NULL) != SQLITE_OK) {
		int rc = fl_err_set(err, FL_EDB, "cannot open store '%s': %s", path, why(s));
		fl_store_close(s);
		return rc;
	}
	/* An ingest holds the write lock for its whole transaction (minutes
	 * for a large bundle): a second writer waits for it; readers never
	 * wait in WAL mode. */
	sqlite3_busy_timeout(s->db, ro ? 10000 : 900000);
	sqlite3_exec(s->db, "PRAGMA foreign_keys = ON", NULL, NULL, NULL);
	/* A new store's pages are 16 KiB, not SQLite's 4: a run of many small
	 * files writes hundreds of MB of rows, and the deferred index builds
	 * read them back; a quarter of the pages is a quarter of the page
	 * handling (analyze of 16 Ki rank logs: 4.49 -> 4.23 s, system time
	 * -20%, five alternating runs). It takes effect only on a file that
	 * has no page yet, before WAL mode is set. */
	if (!ro)
		sqlite3_exec(s->db, "PRAGMA page_size = 16384", NULL, NULL, NULL);
	if (!ro) {
		const char *jm = (flags & FL_STORE_NO_WAL) ? "PRAGMA journal_mode = DELETE"
							   : "PRAGMA journal_mode = WAL";
		/* A file that is not a database fails here, with SQLite's words. */
		if (sqlite3_exec(s->db, jm, NULL, NULL, NULL) != SQLITE_OK) {
			int rc = fl_err_set(err, FL_EDB, "cannot use store '%s': %s", path, why(s));
			fl_store_close(s);
			return rc;
		}
		sqlite3_exec(s->db, "PRAGMA synchronous = NORMAL", NULL, NULL, NULL);
	}
	int v;
	if (ro && !store_version(s, &v) && v < FL_SCHEMA_VERSION && access(path, W_OK) == 0) {
		/* An older store is upgraded by whoever may write it, even
		 * for a read: `report` after an upgrade of faultline works. */
		fl_store_close(s);
		int rc = fl_store_open(&s, path, flags & ~(unsigned)FL_STORE_READONLY, err);
		if (rc)
			return rc;
		fl_store_close(s);
		return fl_store_open(out, path, flags, err);
	}
	int rc = store_migrate(s, ro, err);
	if (rc) {
		fl_store_close(s);
		return rc;
	}
	*out = s;
	return FL_OK;
}

void fl_store_close(struct fl_store *s)
{
	if (!s)
		return;
	store_finalize_hot(s);
	if (s->db)
		sqlite3_close(s->db);
	free(s->deferred_indexes);
	free(s->replaced_sha256);
	free(s->path);
	free(s->dir);
	for (char **f = s->files; *f; f++)
		free(*f);
	free(s);
}

const char *fl_store_dir(const struct fl_store *s)
{
	return s->dir;
}

static int64_t db_bytes(struct fl_store *s)
{
	sqlite3_stmt *st;
	int64_t n = -1;
	if (sqlite3_prepare_v2(s->db,
			       "SELECT page_count * page_size"
			       " FROM pragma_page_count(), pragma_page_size()",
			       -1, &st, NULL) != SQLITE_OK)
		return -1;
	if (sqlite3_step(st) == SQLITE_ROW)
		n = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return n;
}

int fl_store_compact(struct fl_store *s, int64_t *before, int64_t *after, struct fl_err *err)
{
	*before = db_bytes(s);
	*after = -1;
	if (sqlite3_exec(s->db, "VACUUM", NULL, NULL, NULL) != SQLITE_OK)
		return store_err(s, err, "cannot compact the store");
	*after = db_bytes(s);
	return FL_OK;
}

int fl_store_exec(struct fl_store *s, const char *sql, struct fl_err *err)
{
	if (sqlite3_exec(s->db, sql, NULL, NULL, NULL) != SQLITE_OK)
		return store_err(s, err, "query failed");
	return FL_OK;
}

int fl_store_write(struct fl_store *s, int (*fn)(struct fl_store *s, void *ctx), void *ctx,
		   struct fl_err *err)
{
	if (sqlite3_exec(s->db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK)
		return store_err(s, err, "cannot lock the store");
	int rc = fn(s, ctx);
	if (rc == FL_OK && sqlite3_exec(s->db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK)
		rc = store_err(s, err, "commit failed");
	if (rc != FL_OK) {
		if (err && !err->msg[0])
			store_err(s, err, "write failed");
		sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
	}
	return rc;
}

/* ---- statements ---- */

int fl_store_prepare(struct fl_store *s, const char *sql, struct fl_stmt **out, struct fl_err *err)
{
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) != SQLITE_OK)
		return store_err(s, err, "bad query");
	if (!st)
		return fl_err_set(err, FL_EUSAGE, "empty query");
	struct fl_stmt *w = fl_xmalloc(sizeof(*w));
	w->s = s;
	w->st = st;
	*out = w;
	return FL_OK;
}

void fl_stmt_free(struct fl_stmt *w)
{
	if (!w)
		return;
	sqlite3_finalize(w->st);
	free(w);
}

void fl_stmt_reset(struct fl_stmt *w)
{
	sqlite3_reset(w->st);
	sqlite3_clear_bindings(w->st);
}

void fl_stmt_bind_int(struct fl_stmt *w, int idx, int64_t v)
{
	sqlite3_bind_int64(w->st, idx, v);
}

void fl_stmt_bind_double(struct fl_stmt *w, int idx, double v)
{
	sqlite3_bind_double(w->st, idx, v);
}

void fl_stmt_bind_text(struct fl_stmt *w, int idx, const char *v)
{
	if (v)
		sqlite3_bind_text(w->st, idx, v, -1, SQLITE_TRANSIENT);
	else
		sqlite3_bind_null(w->st, idx);
}

int fl_stmt_step(struct fl_stmt *w)
{
	int rc = sqlite3_step(w->st);
	if (rc == SQLITE_ROW)
		return 1;
	if (rc == SQLITE_DONE)
		return 0;
	return FL_EDB;
}

int fl_stmt_columns(struct fl_stmt *w)
{
	return sqlite3_column_count(w->st);
}

const char *fl_stmt_column_name(struct fl_stmt *w, int col)
{
	const char *n = sqlite3_column_name(w->st, col);
	return n ? n : "";
}

bool fl_stmt_null(struct fl_stmt *w, int col)
{
	return sqlite3_column_type(w->st, col) == SQLITE_NULL;
}

int64_t fl_stmt_int(struct fl_stmt *w, int col)
{
	return sqlite3_column_int64(w->st, col);
}

double fl_stmt_double(struct fl_stmt *w, int col)
{
	return sqlite3_column_double(w->st, col);
}

const char *fl_stmt_text(struct fl_stmt *w, int col)
{
	const unsigned char *t = sqlite3_column_text(w->st, col);
	return t ? (const char *)t : "";
}

size_t fl_stmt_bytes(struct fl_stmt *w, int col)
{
	return (size_t)sqlite3_column_bytes(w->st, col);
}

char fl_stmt_type(struct fl_stmt *w, int col)
{
	switch (sqlite3_column_type(w->st, col)) {
	case SQLITE_INTEGER: return 'i';
	case SQLITE_FLOAT: return 'f';
	case SQLITE_TEXT: return 't';
	case SQLITE_BLOB: return 'b';
	}
	return 'n';
}

/* Pragmas that only describe the schema, usable as table-valued
 * functions (pragma_table_info(...)) in a SELECT. */
static bool schema_pragma(const char *name)
{
	static const char *const ok[] = { "table_info", "table_xinfo", "index_list", "index_info",
					  "index_xinfo", "foreign_key_list", "table_list" };
	for (size_t i = 0; name && i < sizeof(ok) / sizeof(ok[0]); i++)
		if (!strcmp(name, ok[i]))
			return true;
	return false;
}

/* Only reads: SELECT, the functions it may use, and the table-valued
 * functions (json_each, pragma_table_info), whose set-up SQLite reports as
 * an update of sqlite_master. The connection is read-only as well; this
 * is the second lock. */
static int readonly_auth(void *ud, int action, const char *a, const char *b, const char *c,
			 const char *d)
{
	switch (action) {
	case SQLITE_SELECT:
	case SQLITE_READ:
	case SQLITE_FUNCTION:
	case SQLITE_RECURSIVE:
		return SQLITE_OK;
	case SQLITE_UPDATE:
		return a && !strcmp(a, "sqlite_master") ? SQLITE_OK : SQLITE_DENY;
	case SQLITE_PRAGMA:
		return schema_pragma(a) ? SQLITE_OK : SQLITE_DENY;
	}
	return SQLITE_DENY;
}

void fl_store_lock_readonly(struct fl_store *s)
{
	sqlite3_set_authorizer(s->db, readonly_auth, NULL);
}
