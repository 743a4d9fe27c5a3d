/* SPDX-License-Identifier: MIT */
/*
 * retention.c - runs past --retain-days, and the oldest runs while the
 * store is over --max-store-bytes, deleted with their kept bundles.
 *
 * The complaint about crash collectors this answers: retention that
 * deletes rows and leaves the blobs until the disk fills. A run goes
 * through fl_store_run_delete(), which removes the kept bundle right after
 * the rows (unless another run shares it). The store's size is its live
 * database pages plus the kept bundles; freed pages are reused by later
 * runs, so they do not count. Runs still queued or analysing are never
 * picked. Runs on the queue thread, at start and every minute.
 * Tested by: tests/e2e/test_serve.sh
 */
#include "serve_int.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int64_t oldest(struct fl_server *srv, int64_t before)
{
	struct fl_stmt *st;
	int64_t id = 0;
	if (fl_store_prepare(srv->qstore, serve_sql(SERVE_Q_OLDEST), &st, NULL))
		return 0;
	if (before)
		fl_stmt_bind_int(st, 1, before);
	if (fl_stmt_step(st) == 1)
		id = fl_stmt_int(st, 0);
	fl_stmt_free(st);
	return id;
}

static bool delete_run(struct fl_server *srv, int64_t id, const char *why)
{
	struct fl_deleted d;
	struct fl_err err;
	fl_err_clear(&err);
	int rc = fl_store_run_delete(srv->qstore, id, &d, &err);
	if (rc)
		serve_log(srv, "retention: cannot delete run %lld: %s", (long long)id, err.msg);
	else
		serve_log(srv, "retention: run %lld deleted (%s)%s%s", (long long)id, why,
			  d.why ? ": " : "", d.why ? d.why : "");
	fl_deleted_release(&d);
	if (!rc) {
		pthread_mutex_lock(&srv->lock);
		srv->m.retention_deleted++;
		pthread_mutex_unlock(&srv->lock);
	}
	return !rc;
}

/* Live database bytes plus every file in bundles/. */
static int64_t store_bytes(struct fl_server *srv)
{
	struct fl_stmt *st;
	int64_t n = 0;
	if (!fl_store_prepare(srv->qstore, serve_sql(SERVE_Q_STORE_BYTES), &st, NULL)) {
		if (fl_stmt_step(st) == 1)
			n = fl_stmt_int(st, 0);
		fl_stmt_free(st);
	}
	DIR *d = opendir(fl_store_bundles_dir(srv->qstore));
	struct dirent *e;
	struct stat sb;
	while (d && (e = readdir(d)))
		if (fstatat(dirfd(d), e->d_name, &sb, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(sb.st_mode))
			n += (int64_t)sb.st_size;
	if (d)
		closedir(d);
	return n;
}

void retention_run(struct fl_server *srv)
{
	if (srv->o.retain_days) {
		int64_t before = serve_wall_us() - (int64_t)srv->o.retain_days * 86400 * 1000000;
		for (int64_t id; (id = oldest(srv, before)) != 0;)
			if (!delete_run(srv, id, "older than --retain-days"))
				break;
	}
	if (srv->o.max_store_bytes) {
		int64_t size = store_bytes(srv);
		for (int64_t id; size > (int64_t)srv->o.max_store_bytes && (id = oldest(srv, 0));) {
			if (!delete_run(srv, id, "store over --max-store-bytes"))
				break;
			size = store_bytes(srv);
		}
		pthread_mutex_lock(&srv->lock);
		srv->m.store_bytes = size;
		pthread_mutex_unlock(&srv->lock);
	}
}
