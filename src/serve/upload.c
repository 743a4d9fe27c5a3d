/* SPDX-License-Identifier: MIT */
/*
 * upload.c - PUT and multipart POST /api/v1/bundles: a bundle streamed to
 * the spool, hashed on the way, then stored as a queued run.
 *
 * Life of an upload:
 *   1. first call (headers only): token and scope, declared size, uploads
 *      at once, the token's rate, free space; a refusal is answered before
 *      a byte of the body is read; so is a bundle whose declared sha256
 *      (X-Faultline-Sha256, which `faultline upload` sends for a file) is
 *      already a run: a retried epilogue does not send it again;
 *   2. each body chunk: written to spool/up-XXXXXX and hashed; the size
 *      cap and the minimum rate are checked as it comes (a breach closes
 *      the connection and removes the spool file);
 *   3. last call: a bundle with this sha256 already stored answers 200 with
 *      that run; otherwise, in one transaction, the store moves the file to
 *      bundles/<sha256><ext> and the runs and uploads rows are written (202);
 *   4. end of the request, however it ended: a spool file still there is
 *      removed.
 * The spool holds only uploads in flight, so whatever a killed server
 * left there is removed at the next start (upload_sweep). A bundle moved
 * by a transaction that a kill then undid is one no run refers to, which
 * the orphan sweep at start (fl_store_bundles_collect) removes.
 * Tested by: tests/e2e/test_serve.sh
 */
#include "serve_int.h"
#include "faultline/ingest.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/statvfs.h>
#include <unistd.h>

/* Body bytes read and dropped after a refusal before the connection is
 * closed instead (see upload_data). */
#define DROP_MAX ((uint64_t)1 << 20)

struct upload {
	struct fl_server *srv;
	struct fl_route route;
	int fd;
	char *path;               /* the spool file, NULL once moved or removed */
	struct fl_hash *hash;
	uint64_t bytes;
	double started;
	int64_t token_id;
	char name[256];           /* the bundle's name (fl_upload_name) */
	char job[128], cluster[128];
	struct MHD_PostProcessor *pp;
	bool got_file;            /* multipart: the bundle part was seen */
	bool settled;             /* answered or refused: nothing more is kept */
	uint64_t dropped;         /* body bytes read after a refusal */
	enum fl_upload_result result; /* when failed */
};

static void count(struct fl_server *srv, enum fl_upload_result r)
{
	pthread_mutex_lock(&srv->lock);
	srv->m.uploads[r]++;
	pthread_mutex_unlock(&srv->lock);
}

static void copy_arg(char *dst, size_t cap, const char *v)
{
	size_t n = 0;
	for (; v && *v && n + 1 < cap; v++)
		if ((unsigned char)*v >= 0x20 && *v != 0x7f)
			dst[n++] = *v;
	dst[n] = '\0';
}

/* ---- 1. admission ---- */

static bool too_large(struct fl_server *srv, struct MHD_Connection *c, enum MHD_Result *rc)
{
	const char *cl = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Content-Length");
	uint64_t n;
	if (!cl || !fl_parse_size(cl, &n) || n <= srv->o.max_upload)
		return false;
	count(srv, FL_UP_TOO_LARGE);
	*rc = reply_error(srv, c, FL_ROUTE_UPLOAD, 413, "too_large",
			  "the upload is larger than the limit of %llu bytes",
			  (unsigned long long)srv->o.max_upload);
	return true;
}

/* Free bytes where the store lives, or UINT64_MAX when unknown. */
static uint64_t free_bytes(const char *dir)
{
	struct statvfs sv;
	if (statvfs(dir, &sv))
		return UINT64_MAX;
	return (uint64_t)sv.f_bavail * sv.f_frsize;
}

static bool no_space(struct fl_server *srv, struct MHD_Connection *c, enum MHD_Result *rc)
{
	const char *cl = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Content-Length");
	uint64_t want = 0;
	if (cl)
		fl_parse_size(cl, &want);
	uint64_t avail = free_bytes(srv->dir);
	if (avail >= srv->o.reserve && avail - srv->o.reserve >= want)
		return false;
	count(srv, FL_UP_NO_SPACE);
	*rc = reply_error(srv, c, FL_ROUTE_UPLOAD, 507, "no_space",
			  "the server keeps %llu bytes free and has %llu",
			  (unsigned long long)srv->o.reserve, (unsigned long long)avail);
	return true;
}

/* Claims an upload slot and a unit of the token's rate, or answers 503/429. */
static bool admit(struct fl_server *srv, struct MHD_Connection *c, int64_t token,
		  enum MHD_Result *rc)
{
	double retry = 0;
	pthread_mutex_lock(&srv->lock);
	bool busy = srv->uploading >= srv->o.max_uploads;
	bool limited = !busy && !fl_ratelimit_take(&srv->rl, token, serve_now(), &retry);
	if (!busy && !limited) {
		srv->uploading++;
		srv->m.uploads_in_progress = srv->uploading;
	}
	pthread_mutex_unlock(&srv->lock);
	if (busy) {
		count(srv, FL_UP_BUSY);
		*rc = reply_retry(srv, c, FL_ROUTE_UPLOAD, 503, "busy", 30,
				  "too many uploads at once; try again later");
	} else if (limited) {
		count(srv, FL_UP_RATE_LIMITED);
		*rc = reply_retry(srv, c, FL_ROUTE_UPLOAD, 429, "rate_limited",
				  (unsigned)retry + 1, "this token's upload rate is used up");
	}
	return !busy && !limited;
}

static enum MHD_Result field(void *cls, enum MHD_ValueKind kind, const char *key,
			     const char *filename, const char *ctype, const char *enc,
			     const char *data, uint64_t off, size_t size);

static int spool_open(struct fl_server *srv, struct upload *u)
{
	u->path = fl_xasprintf("%s/up-XXXXXX", srv->spool);
	u->fd = mkstemp(u->path);
	if (u->fd < 0) {
		free(u->path);
		u->path = NULL;
		return FL_EIO;
	}
	u->hash = fl_hash_new();
	return FL_OK;
}

static void name_from_request(struct MHD_Connection *c, struct upload *u)
{
	const char *q = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "name");
	char from_header[256];
	const char *cd = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Content-Disposition");
	if (!q && fl_disposition_filename(cd, from_header, sizeof(from_header)))
		q = from_header;
	fl_upload_name(q, u->name, sizeof(u->name));
	copy_arg(u->job, sizeof(u->job), MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "job"));
	copy_arg(u->cluster, sizeof(u->cluster),
		 MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "cluster"));
}

static void release_slot(struct fl_server *srv)
{
	pthread_mutex_lock(&srv->lock);
	srv->uploading--;
	srv->m.uploads_in_progress = srv->uploading;
	pthread_mutex_unlock(&srv->lock);
}

static int existing(struct fl_server *srv, const char *sha, int64_t *id, char *status,
		    size_t cap);
static enum MHD_Result accepted(struct fl_server *srv, struct MHD_Connection *c, int code,
				int64_t id, const char *status, const char *sha, bool dup);

/* The sha256 the client declares for the body (64 hex digits), lower-cased
 * into sha; false when there is none or it is not one. */
static bool declared_sha(struct MHD_Connection *c, char sha[65])
{
	const char *v = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "X-Faultline-Sha256");
	if (!v || strlen(v) != 64)
		return false;
	for (int i = 0; i < 64; i++) {
		char ch = v[i];
		if (ch >= 'A' && ch <= 'F')
			ch = (char)(ch - 'A' + 'a');
		if (!((ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'f')))
			return false;
		sha[i] = ch;
	}
	sha[64] = '\0';
	return true;
}

/* A body declared to be a stored run's bytes is answered as a duplicate
 * now, before it is sent (curl waits with Expect: 100-continue). It is
 * not read, so it cannot be checked: the claim only gets the answer that
 * sending those bytes would get, and it needs their hash. */
static bool declared_duplicate(struct fl_server *srv, struct MHD_Connection *c,
			       enum MHD_Result *rc)
{
	char sha[65], status[16];
	int64_t id;
	if (!declared_sha(c, sha) || existing(srv, sha, &id, status, sizeof(status)) != 1)
		return false;
	release_slot(srv);
	serve_log(srv, "upload duplicate of run %lld sha256=%s (declared; body not read)",
		  (long long)id, sha);
	*rc = accepted(srv, c, 200, id, status, sha, true);
	return true;
}

enum MHD_Result upload_begin(struct fl_server *srv, struct MHD_Connection *c,
			     const struct fl_route *r, struct upload **out)
{
	enum MHD_Result rc;
	int64_t token;
	*out = NULL;
	int denied = authorize(srv, c, r->kind, FL_SCOPE_UPLOAD, &token, &rc);
	if (denied) {
		count(srv, denied == 403 ? FL_UP_FORBIDDEN
					 : denied == 401 ? FL_UP_UNAUTHORIZED : FL_UP_ERROR);
		return rc;
	}
	if (too_large(srv, c, &rc) || no_space(srv, c, &rc) || !admit(srv, c, token, &rc) ||
	    declared_duplicate(srv, c, &rc))
		return rc;
	struct upload *u = fl_xcalloc(1, sizeof(*u));
	u->srv = srv;
	u->route = *r;
	u->fd = -1;
	u->token_id = token;
	u->started = serve_now();
	name_from_request(c, u);
	if (r->multipart) {
		u->pp = MHD_create_post_processor(c, 64 << 10, field, u);
		if (!u->pp) {
			release_slot(srv);
			free(u);
			count(srv, FL_UP_BAD_REQUEST);
			return reply_error(srv, c, r->kind, 415, "wrong_content_type",
					   "POST takes multipart/form-data with the bundle in part "
					   "'bundle'; PUT takes the bundle as the body");
		}
	}
	if (spool_open(srv, u)) {
		if (u->pp)
			MHD_destroy_post_processor(u->pp);
		release_slot(srv);
		free(u);
		count(srv, FL_UP_ERROR);
		return reply_error(srv, c, r->kind, 500, "spool_error",
				   "cannot create a spool file");
	}
	*out = u;
	return MHD_YES;
}

/* ---- 2. the body ---- */

/* Appends to the spool and the hash; false when the bundle breaks a limit
 * or cannot be written (u->result says which). */
static bool spool_add(struct fl_server *srv, struct upload *u, const char *p, size_t n)
{
	if (u->bytes + n > srv->o.max_upload) {
		u->result = FL_UP_TOO_LARGE;
		return false;
	}
	for (size_t done = 0; done < n;) {
		ssize_t w = write(u->fd, p + done, n - done);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			u->result = errno == ENOSPC ? FL_UP_NO_SPACE : FL_UP_ERROR;
			return false;
		}
		done += (size_t)w;
	}
	fl_hash_add(u->hash, p, n);
	u->bytes += n;
	return true;
}

static enum MHD_Result field(void *cls, enum MHD_ValueKind kind, const char *key,
			     const char *filename, const char *ctype, const char *enc,
			     const char *data, uint64_t off, size_t size)
{
	struct upload *u = cls;
	if (!strcmp(key, "bundle")) {
		if (!u->got_file && filename)
			fl_upload_name(filename, u->name, sizeof(u->name));
		u->got_file = true;
		return spool_add(u->srv, u, data, size) ? MHD_YES : MHD_NO;
	}
	char *dst = !strcmp(key, "job") ? u->job : !strcmp(key, "cluster") ? u->cluster : NULL;
	if (dst && off == 0 && size) {
		char v[128];
		size_t k = size < sizeof(v) - 1 ? size : sizeof(v) - 1;
		memcpy(v, data, k);
		v[k] = '\0';
		copy_arg(dst, 128, v);
	}
	return MHD_YES;
}

static void spool_remove(struct upload *u)
{
	if (u->fd >= 0)
		close(u->fd);
	u->fd = -1;
	if (u->path)
		unlink(u->path);
	free(u->path);
	u->path = NULL;
}

/* A client that sends slower than the minimum rate after the grace time
 * holds a slot for nothing (MHD's own timeout sees only silence). */
static bool too_slow(struct fl_server *srv, struct upload *u)
{
	double t = serve_now() - u->started;
	return srv->o.min_rate && t > srv->o.min_rate_grace &&
	       (double)u->bytes / t < (double)srv->o.min_rate;
}

static const char *result_code(enum fl_upload_result r)
{
	switch (r) {
	case FL_UP_TOO_LARGE: return "too_large";
	case FL_UP_NO_SPACE: return "no_space";
	case FL_UP_SLOW_CLIENT: return "slow_client";
	case FL_UP_BAD_REQUEST: return "bad_request";
	default: return "error";
	}
}

static int result_status(enum fl_upload_result r)
{
	switch (r) {
	case FL_UP_TOO_LARGE: return 413;
	case FL_UP_NO_SPACE: return 507;
	case FL_UP_SLOW_CLIENT: return 408;
	case FL_UP_BAD_REQUEST: return 400;
	default: return 500;
	}
}

enum MHD_Result upload_data(struct fl_server *srv, struct MHD_Connection *c, struct upload *u,
			    const char *data, size_t *size)
{
	size_t n = *size;
	*size = 0;
	if (u->settled) {
		/* libmicrohttpd answers only once the body is in: a little more is
		 * read and dropped so that the client sees why, then the
		 * connection is closed. */
		u->dropped += n;
		return u->dropped <= DROP_MAX ? MHD_YES : MHD_NO;
	}
	bool ok = u->pp ? MHD_post_process(u->pp, data, n) == MHD_YES : spool_add(srv, u, data, n);
	if (ok && too_slow(srv, u)) {
		u->result = FL_UP_SLOW_CLIENT;
		ok = false;
	}
	if (ok)
		return MHD_YES;
	if (u->pp && !u->result)
		u->result = FL_UP_BAD_REQUEST;
	/* Nothing more of this body is kept; the answer goes out at its end. */
	u->settled = true;
	spool_remove(u);
	serve_log(srv, "upload refused: %s after %llu bytes", result_code(u->result),
		  (unsigned long long)u->bytes);
	return MHD_YES;
}

/* ---- 3. storing it ---- */

struct stored {
	struct upload *u;
	const char *sha;
	int64_t run_id;
};

/* Inside the write transaction: the spool file becomes the store's kept
 * bundle (bundles/<sha256><ext>, so that gc never sees it unreferenced),
 * then the rows that make it a queued run. */
static int store_fn(struct fl_store *s, void *ctx)
{
	struct stored *d = ctx;
	struct fl_err err;
	struct fl_stmt *st;
	int64_t now = serve_wall_us();
	char *kept = fl_store_bundle_place(s, d->u->path, d->sha, d->u->name, false);
	free(d->u->path); /* moved, or removed when it could not be */
	d->u->path = NULL;
	if (!kept)
		return FL_EIO;
	int rc = fl_store_prepare(s, serve_sql(SERVE_Q_UPLOAD_RUN), &st, &err);
	if (rc) {
		free(kept);
		return rc;
	}
	fl_stmt_bind_text(st, 1, d->sha);
	fl_stmt_bind_text(st, 2, d->u->name);
	fl_stmt_bind_text(st, 3, kept);
	fl_stmt_bind_int(st, 4, now);
	rc = fl_stmt_step(st) < 0 ? FL_EDB : FL_OK;
	fl_stmt_free(st);
	free(kept);
	if (rc || fl_store_prepare(s, serve_sql(SERVE_Q_UPLOAD_ROW), &st, &err))
		return rc ? rc : err.code;
	fl_stmt_bind_int(st, 1, (int64_t)d->u->bytes);
	fl_stmt_bind_text(st, 2, *d->u->job ? d->u->job : NULL);
	fl_stmt_bind_text(st, 3, *d->u->cluster ? d->u->cluster : NULL);
	fl_stmt_bind_int(st, 4, d->u->token_id);
	fl_stmt_bind_int(st, 5, now);
	rc = fl_stmt_step(st) == 1 ? FL_OK : FL_EDB;
	if (!rc)
		d->run_id = fl_stmt_int(st, 0);
	fl_stmt_free(st);
	return rc;
}

/* The run already holding these bytes: 1 found, 0 none, < 0 error. */
static int existing(struct fl_server *srv, const char *sha, int64_t *id, char *status,
		    size_t cap)
{
	struct fl_stmt *st;
	if (fl_store_prepare(srv->store, serve_sql(SERVE_Q_EXISTING), &st, NULL))
		return -1;
	fl_stmt_bind_text(st, 1, sha);
	int rc = fl_stmt_step(st);
	if (rc == 1) {
		*id = fl_stmt_int(st, 0);
		snprintf(status, cap, "%s", fl_stmt_text(st, 1));
	}
	fl_stmt_free(st);
	return rc;
}

static enum MHD_Result accepted(struct fl_server *srv, struct MHD_Connection *c, int code,
				int64_t id, const char *status, const char *sha, bool dup)
{
	struct fl_buf b = FL_BUF_INIT;
	fl_buf_printf(&b, "{\"id\": %lld, \"status\": \"%s\", \"sha256\": \"%s\", "
		      "\"duplicate\": %s, \"status_url\": \"/api/v1/runs/%lld\", "
		      "\"report_url\": \"/runs/%lld.html\"}\n",
		      (long long)id, status, sha, dup ? "true" : "false", (long long)id,
		      (long long)id);
	struct MHD_Response *resp =
		MHD_create_response_from_buffer(b.len, b.ptr, MHD_RESPMEM_MUST_COPY);
	fl_buf_release(&b);
	if (!resp)
		return MHD_NO;
	char loc[64];
	snprintf(loc, sizeof(loc), "/api/v1/runs/%lld", (long long)id);
	MHD_add_response_header(resp, "Content-Type", "application/json");
	MHD_add_response_header(resp, "X-Content-Type-Options", "nosniff");
	MHD_add_response_header(resp, "Cache-Control", "private, no-store");
	MHD_add_response_header(resp, "Location", loc);
	enum MHD_Result rc = MHD_queue_response(c, (unsigned)code, resp);
	MHD_destroy_response(resp);
	pthread_mutex_lock(&srv->lock);
	fl_metrics_request(&srv->m, FL_ROUTE_UPLOAD, code);
	srv->m.uploads[dup ? FL_UP_DUPLICATE : FL_UP_ACCEPTED]++;
	pthread_mutex_unlock(&srv->lock);
	return rc;
}

static enum MHD_Result duplicate(struct fl_server *srv, struct MHD_Connection *c,
				 struct upload *u, const char *sha)
{
	int64_t id;
	char status[16];
	spool_remove(u);
	if (existing(srv, sha, &id, status, sizeof(status)) != 1)
		return reply_error(srv, c, FL_ROUTE_UPLOAD, 500, "store_error",
				   "cannot look the bundle up");
	serve_log(srv, "upload duplicate of run %lld sha256=%s", (long long)id, sha);
	return accepted(srv, c, 200, id, status, sha, true);
}

enum MHD_Result upload_finish(struct fl_server *srv, struct MHD_Connection *c, struct upload *u)
{
	if (u->settled && u->result == FL_UP_TOO_LARGE)
		return reply_error(srv, c, FL_ROUTE_UPLOAD, 413, "too_large",
				   "the upload is larger than the limit of %llu bytes",
				   (unsigned long long)srv->o.max_upload);
	if (u->settled && u->result)
		return reply_error(srv, c, FL_ROUTE_UPLOAD, result_status(u->result),
				   result_code(u->result), "upload stopped after %llu bytes",
				   (unsigned long long)u->bytes);
	if (u->settled)
		return MHD_NO;
	if (u->pp && !u->got_file) {
		u->settled = true;
		spool_remove(u);
		count(srv, FL_UP_BAD_REQUEST);
		return reply_error(srv, c, FL_ROUTE_UPLOAD, 400, "no_bundle",
				   "the form has no file part named 'bundle'");
	}
	close(u->fd);
	u->fd = -1;
	char sha[65];
	fl_hash_hex(u->hash, sha);
	int64_t id;
	char status[16];
	if (existing(srv, sha, &id, status, sizeof(status)) == 1)
		return duplicate(srv, c, u, sha);
	struct fl_err err;
	fl_err_clear(&err);
	struct stored d = { u, sha, 0 };
	int rc = fl_store_write(srv->store, store_fn, &d, &err);
	u->settled = true;
	if (rc) {
		/* Lost a race with an identical upload (sha256 is UNIQUE)? */
		if (existing(srv, sha, &id, status, sizeof(status)) == 1)
			return accepted(srv, c, 200, id, status, sha, true);
		spool_remove(u);
		count(srv, FL_UP_ERROR);
		return reply_error(srv, c, FL_ROUTE_UPLOAD, 500, "store_error",
				   "cannot store the upload");
	}
	pthread_mutex_lock(&srv->lock);
	srv->m.upload_bytes += u->bytes;
	pthread_mutex_unlock(&srv->lock);
	serve_log(srv, "upload run %lld sha256=%s bytes=%llu name=%s", (long long)d.run_id, sha,
		  (unsigned long long)u->bytes, u->name);
	queue_wake(srv);
	return accepted(srv, c, 202, d.run_id, "queued", sha, false);
}

/* ---- 4. the end ---- */

void upload_end(struct fl_server *srv, struct upload *u, bool aborted)
{
	if (aborted && !u->settled)
		count(srv, FL_UP_ABORTED);
	else if (u->settled && u->result)
		count(srv, u->result);
	spool_remove(u);
	if (u->pp)
		MHD_destroy_post_processor(u->pp);
	fl_hash_free(u->hash);
	release_slot(srv);
	free(u);
}

void upload_sweep(const char *spool)
{
	DIR *d = opendir(spool);
	if (!d)
		return;
	struct dirent *e;
	while ((e = readdir(d)))
		if (!strncmp(e->d_name, "up-", 3))
			unlinkat(dirfd(d), e->d_name, 0);
	closedir(d);
}
