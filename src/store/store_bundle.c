/* SPDX-License-Identifier: MIT */
/*
 * store_bundle.c - the kept bundles: copies of ingested bundles beside
 * the store, content-addressed, so that a run can be read again when the
 * patterns improve.
 *
 *   <store dir>/bundles/incoming-<pid>   written while an ingest reads
 *                                        the bundle (ingest's keep.c
 *                                        writes the bytes, through a
 *                                        .tmp.<pid> name)
 *   <store dir>/bundles/<sha256><ext>    placed just before the commit;
 *                                        runs.kept names it relative to
 *                                        the store directory
 *
 * Everything that places, locates, copies, collects or deletes such a
 * file is here, so that the rule that keeps them safe is in one place:
 * a stored name is followed only inside bundles/ (a store may come from
 * elsewhere, and its rows could name any file).
 * Tested by: tests/unit/test_store.c, tests/e2e/test_maintenance.c,
 * tests/e2e/test_merge.c
 */
#include "store_int.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- names ---- */

char *store_bundle_path(const char *dir, const char *kept)
{
	size_t n = strlen(BUNDLES);
	if (strncmp(kept, BUNDLES, n) || strchr(kept + n, '/') || !kept[n] || kept[n] == '.')
		return NULL;
	return fl_xasprintf("%s/%s", dir, kept);
}

/* ".tar.gz" of "job.tar.gz"; a directory is kept as ".tar.zst". */
static const char *kept_ext(const char *name, bool dir)
{
	if (dir)
		return ".tar.zst";
	static const char *const exts[] = { ".tar.gz", ".tar.zst", ".tar.xz", ".tar.bz2", ".tgz",
					    ".tar", ".zip", ".gz", ".zst", ".xz", ".bz2", ".log",
					    ".txt", ".out" };
	size_t n = strlen(name);
	for (size_t i = 0; i < sizeof(exts) / sizeof(exts[0]); i++) {
		size_t e = strlen(exts[i]);
		if (n > e && !strcmp(name + n - e, exts[i]))
			return exts[i];
	}
	return "";
}

static int make_bundles_dir(const struct fl_store *s, struct fl_err *err)
{
	char *dir = fl_xasprintf("%s/bundles", s->dir);
	int rc = FL_OK;
	if (mkdir(dir, 0755) != 0 && errno != EEXIST)
		rc = fl_err_set(err, FL_EIO, "cannot create '%s': %s", dir, strerror(errno));
	free(dir);
	return rc;
}

/* ---- placing ---- */

int fl_store_bundle_incoming(struct fl_store *s, char **path, struct fl_err *err)
{
	int rc = make_bundles_dir(s, err);
	*path = rc ? NULL : fl_xasprintf("%s/" BUNDLES "incoming-%ld", s->dir, (long)getpid());
	return rc;
}

char *fl_store_bundle_place(struct fl_store *s, const char *incoming, const char *sha256,
			    const char *name, bool dir)
{
	char *rel = fl_xasprintf(BUNDLES "%s%s", sha256, kept_ext(name, dir));
	char *dst = fl_xasprintf("%s/%s", s->dir, rel);
	struct stat sb;
	if (stat(dst, &sb) == 0) {
		unlink(incoming);
	} else if (rename(incoming, dst) != 0) {
		unlink(incoming);
		free(rel);
		rel = NULL;
	}
	free(dst);
	return rel;
}

void fl_store_bundle_discard(const char *incoming)
{
	if (incoming)
		unlink(incoming);
}

/* ---- locating ---- */

static char *col_dup(sqlite3_stmt *st, int k)
{
	return sqlite3_column_type(st, k) == SQLITE_NULL
		       ? NULL
		       : fl_xstrdup((const char *)sqlite3_column_text(st, k));
}

/* Where src can be read: the copy, else the original while it is readable. */
static int pick_source(struct fl_store *s, struct fl_bundle_source *src, const char *orig,
		       struct fl_err *err)
{
	char *copy = src->kept ? store_bundle_path(s->dir, src->kept) : NULL;
	if (copy && access(copy, R_OK) == 0) {
		src->path = copy;
		return FL_OK;
	}
	free(copy);
	if (orig && access(orig, R_OK) == 0) {
		src->in_place = true;
		src->path = fl_xstrdup(orig);
		return FL_OK;
	}
	const char *why = !src->kept ? "no copy was kept" : "the kept copy is missing";
	return orig ? fl_err_set(err, FL_ENOTFOUND, "%s and '%s' is gone", why, orig)
		    : fl_err_set(err, FL_ENOTFOUND, "%s and the bundle's path is unknown", why);
}

int fl_store_bundle_source(struct fl_store *s, int64_t run_id, struct fl_bundle_source *src,
			   struct fl_err *err)
{
	memset(src, 0, sizeof(*src));
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(s->db,
			       "SELECT bundle, sha256, kept, bundle_path FROM runs"
			       " WHERE id = ?1 AND sha256 IS NOT NULL",
			       -1, &st, NULL) != SQLITE_OK)
		return store_err(s, err, "cannot look up the run's bundle");
	sqlite3_bind_int64(st, 1, run_id);
	int step = sqlite3_step(st);
	int rc = FL_OK;
	if (step == SQLITE_ROW) {
		src->name = col_dup(st, 0);
		src->sha256 = col_dup(st, 1);
		src->kept = col_dup(st, 2);
		char *orig = col_dup(st, 3);
		rc = pick_source(s, src, orig, err);
		free(orig);
	} else if (step == SQLITE_DONE) {
		rc = fl_err_set(err, FL_ENOTFOUND, "no run %lld in the store", (long long)run_id);
	} else {
		rc = store_err(s, err, "cannot look up the run's bundle");
	}
	sqlite3_finalize(st);
	if (rc)
		fl_bundle_source_release(src);
	return rc;
}

void fl_bundle_source_release(struct fl_bundle_source *src)
{
	free(src->path);
	free(src->name);
	free(src->sha256);
	free(src->kept);
	memset(src, 0, sizeof(*src));
}

/* ---- merging ---- */

static int copy_file(const char *from, const char *to)
{
	int in = open(from, O_RDONLY | O_CLOEXEC);
	if (in < 0)
		return -1;
	char *tmp = fl_xasprintf("%s.merge-%ld", to, (long)getpid());
	int out = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	char buf[1 << 16];
	ssize_t n = 0;
	while (out >= 0 && (n = read(in, buf, sizeof(buf))) > 0) {
		if (write(out, buf, (size_t)n) != n) {
			n = -1;
			break;
		}
	}
	close(in);
	int rc = out >= 0 && n == 0 ? 0 : -1;
	if (out >= 0 && close(out) != 0)
		rc = -1;
	if (!rc && rename(tmp, to) != 0)
		rc = -1;
	if (rc)
		unlink(tmp);
	free(tmp);
	return rc;
}

char *store_bundle_bring(struct fl_store *s, const char *src_dir, const char *kept,
			 char **placed)
{
	char *from = store_bundle_path(src_dir, kept);
	char *to = store_bundle_path(s->dir, kept);
	char *name = NULL;
	struct stat sb;
	*placed = NULL;
	if (!from || !to) {
		/* a name that leads out of bundles/: nothing is copied */
	} else if (stat(to, &sb) == 0) {
		name = fl_xstrdup(kept);
	} else if (make_bundles_dir(s, NULL) == FL_OK && copy_file(from, to) == 0) {
		name = fl_xstrdup(kept);
		*placed = to;
		to = NULL;
	}
	free(from);
	free(to);
	return name;
}

/* ---- deleting ---- */

void store_bundle_remove(struct fl_store *s, const char *kept, struct fl_deleted *d)
{
	d->kept = fl_xstrdup(kept);
	char *path = store_bundle_path(s->dir, kept);
	struct stat sb;
	if (!path) {
		d->fate = FL_KEPT_OUTSIDE;
		d->why = fl_xasprintf("'%s' is outside the store", kept);
	} else if (stat(path, &sb) != 0 || unlink(path) != 0) {
		d->fate = errno == ENOENT ? FL_KEPT_GONE : FL_KEPT_FAILED;
		if (errno != ENOENT)
			d->why = fl_xasprintf("cannot remove '%s': %s", path, strerror(errno));
	} else {
		d->fate = FL_KEPT_REMOVED;
		d->bytes = (int64_t)sb.st_size;
	}
	free(path);
}

void fl_deleted_release(struct fl_deleted *d)
{
	free(d->kept);
	free(d->why);
	memset(d, 0, sizeof(*d));
}

/* ---- collecting ---- */

struct gc {
	struct fl_store *s;
	char *dir; /* <store dir>/bundles */
	char **kept; /* referenced names, sorted */
	size_t nkept, kept_cap;
	struct fl_collected *out;
	size_t n, cap;
	struct fl_err *err;
};

static int cmp_str(const void *x, const void *y)
{
	return strcmp(*(const char *const *)x, *(const char *const *)y);
}

static bool referenced(const struct gc *g, const char *name)
{
	/* bsearch and qsort must not be given a NULL array, even of 0 items */
	return g->nkept && bsearch(&name, g->kept, g->nkept, sizeof(char *), cmp_str) != NULL;
}

/* The pid an ingest's temporary file carries, or 0 for other files. */
static long temp_pid(const char *name)
{
	const char *p = strstr(name, ".tmp.");
	if (p)
		p += 5;
	else if (!strncmp(name, "incoming-", 9))
		p = name + 9;
	else
		return 0;
	char *end;
	long pid = strtol(p, &end, 10);
	return *end || pid <= 0 ? 0 : pid;
}

static bool alive(long pid)
{
	return kill((pid_t)pid, 0) == 0 || errno == EPERM;
}

static int load_kept(struct gc *g)
{
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(g->s->db, "SELECT DISTINCT kept FROM runs WHERE kept IS NOT NULL",
			       -1, &st, NULL) != SQLITE_OK)
		return store_err(g->s, g->err, "cannot list kept bundles");
	size_t n = strlen(BUNDLES);
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		const char *k = (const char *)sqlite3_column_text(st, 0);
		if (strncmp(k, BUNDLES, n))
			continue;
		FL_GROW(g->kept, g->kept_cap, g->nkept + 1);
		g->kept[g->nkept++] = fl_xstrdup(k + n);
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return store_err(g->s, g->err, "cannot list kept bundles");
	if (g->nkept)
		qsort(g->kept, g->nkept, sizeof(char *), cmp_str);
	return FL_OK;
}

static void sweep_one(struct gc *g, const char *name)
{
	long pid = temp_pid(name);
	if (referenced(g, name) || (pid && pid != (long)getpid() && alive(pid)))
		return;
	char *path = fl_xasprintf("%s/%s", g->dir, name);
	struct stat sb;
	if (lstat(path, &sb) == 0 && S_ISREG(sb.st_mode)) {
		FL_GROW(g->out, g->cap, g->n + 1);
		struct fl_collected *c = &g->out[g->n++];
		c->name = fl_xstrdup(name);
		c->bytes = (int64_t)sb.st_size;
		c->why = unlink(path) == 0 ? NULL
					   : fl_xasprintf("cannot remove '%s': %s", path,
							  strerror(errno));
	}
	free(path);
}

/* Runs inside the write lock (fl_store_write): an ingest holds that lock
 * from its first row until it commits, and places its bundle inside it,
 * so no live ingest can own a file the sweep sees as unreferenced. A
 * temporary file whose process is still alive is spared all the same, in
 * case another store shares the directory. */
static int sweep(struct fl_store *s, void *ctx)
{
	struct gc *g = ctx;
	int rc = load_kept(g);
	if (rc)
		return rc;
	DIR *d = opendir(g->dir);
	if (!d)
		return errno == ENOENT ? FL_OK
				       : fl_err_set(g->err, FL_EIO, "cannot read '%s': %s", g->dir,
						    strerror(errno));
	struct dirent *de;
	while ((de = readdir(d)) != NULL)
		if (de->d_name[0] != '.')
			sweep_one(g, de->d_name);
	closedir(d);
	return FL_OK;
}

int fl_store_bundles_collect(struct fl_store *s, struct fl_collected **out, size_t *n,
			     struct fl_err *err)
{
	struct gc g = { .s = s, .err = err };
	g.dir = fl_xasprintf("%s/bundles", s->dir);
	int rc = fl_store_write(s, sweep, &g, err);
	for (size_t i = 0; i < g.nkept; i++)
		free(g.kept[i]);
	free(g.kept);
	free(g.dir);
	*out = g.out;
	*n = g.n;
	return rc;
}

void fl_collected_free(struct fl_collected *c, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(c[i].name);
		free(c[i].why);
	}
	free(c);
}
