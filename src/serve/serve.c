/* SPDX-License-Identifier: MIT */
/*
 * serve.c - the HTTP side of `faultline serve`: start, stop, dispatch, and
 * the read-only answers (run status, reports, metrics, health).
 *
 * libmicrohttpd runs every request on one internal thread (epoll where
 * available), so the request handlers share one store connection without
 * a lock; the analysis queue (queue.c) has its own thread and connection,
 * and the two meet only in the store (WAL) and in the counters under
 * srv->lock. Uploads are in upload.c.
 * Tested by: tests/e2e/test_serve.sh
 */
#include "serve_int.h"
#include "faultline/report.h"

#include <arpa/inet.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

void fl_serve_opts_init(struct fl_serve_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->addr = "127.0.0.1";
	o->port = 8470;
	o->max_upload = (uint64_t)16 << 30;
	o->max_uploads = 4;
	o->min_rate = 16 << 10;
	o->min_rate_grace = 30;
	o->token_rate = 60;
	o->reserve = (uint64_t)1 << 30;
	o->jobs = 2;
	o->analysis_timeout = 1800;
	o->analysis_memory = (uint64_t)4 << 30;
	o->version = "unknown";
}

double serve_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

int64_t serve_wall_us(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

void serve_log(struct fl_server *srv, const char *fmt, ...)
{
	if (!srv->o.log)
		return;
	char line[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	srv->o.log(srv->o.log_ctx, line);
}

/* The policy of every answer but the pages': no script at all. Reports
 * are the report stage's self-contained HTML, which styles inline. */
static const char REPORT_CSP[] = "default-src 'none'; style-src 'unsafe-inline'; img-src data:;"
				 " frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/* Headers every answer carries: nothing is meant to be framed, sniffed
 * or cached by a shared proxy. */
static void common_headers(struct MHD_Response *resp, const char *type, const char *csp)
{
	MHD_add_response_header(resp, "Content-Type", type);
	MHD_add_response_header(resp, "X-Content-Type-Options", "nosniff");
	MHD_add_response_header(resp, "Cache-Control", "private, no-store");
	MHD_add_response_header(resp, "Referrer-Policy", "no-referrer");
	MHD_add_response_header(resp, "Content-Security-Policy", csp);
}

static enum MHD_Result send_answer(struct fl_server *srv, struct MHD_Connection *c, enum fl_route_kind k,
			    int code, const char *type, struct fl_buf *body, const char *hname,
			    const char *hval)
{
	struct MHD_Response *resp = MHD_create_response_from_buffer(
		body->len, body->ptr ? body->ptr : (char *)"", MHD_RESPMEM_MUST_COPY);
	if (!resp)
		return MHD_NO;
	bool page = k == FL_ROUTE_INDEX || k == FL_ROUTE_STATIC;
	common_headers(resp, type, page ? PAGE_CSP : REPORT_CSP);
	if (hname)
		MHD_add_response_header(resp, hname, hval);
	enum MHD_Result rc = MHD_queue_response(c, (unsigned)code, resp);
	MHD_destroy_response(resp);
	pthread_mutex_lock(&srv->lock);
	fl_metrics_request(&srv->m, k, code);
	pthread_mutex_unlock(&srv->lock);
	return rc;
}

enum MHD_Result reply(struct fl_server *srv, struct MHD_Connection *c, enum fl_route_kind k,
		      int code, const char *type, struct fl_buf *body)
{
	return send_answer(srv, c, k, code, type, body, NULL, NULL);
}

static void error_body(struct fl_buf *b, const char *ecode, const char *msg)
{
	fl_buf_adds(b, "{\"error\": {\"code\": ");
	fl_json_str(b, ecode, strlen(ecode));
	fl_buf_adds(b, ", \"message\": ");
	fl_json_str(b, msg, strlen(msg));
	fl_buf_adds(b, "}}\n");
}

enum MHD_Result reply_error(struct fl_server *srv, struct MHD_Connection *c,
			    enum fl_route_kind k, int code, const char *ecode, const char *fmt, ...)
{
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	struct fl_buf b = FL_BUF_INIT;
	error_body(&b, ecode, msg);
	enum MHD_Result rc = send_answer(srv, c, k, code, "application/json", &b,
				  code == 401 ? "WWW-Authenticate" : NULL, "Bearer");
	fl_buf_release(&b);
	return rc;
}

enum MHD_Result reply_retry(struct fl_server *srv, struct MHD_Connection *c,
			    enum fl_route_kind k, int code, const char *ecode, unsigned seconds,
			    const char *msg)
{
	struct fl_buf b = FL_BUF_INIT;
	error_body(&b, ecode, msg);
	char after[24];
	snprintf(after, sizeof(after), "%u", seconds ? seconds : 1);
	enum MHD_Result rc = send_answer(srv, c, k, code, "application/json", &b, "Retry-After", after);
	fl_buf_release(&b);
	return rc;
}

int authorize(struct fl_server *srv, struct MHD_Connection *c, enum fl_route_kind k,
	      enum fl_scope need, int64_t *token_id, enum MHD_Result *rc)
{
	*token_id = 0;
	if (need == FL_SCOPE_READ && srv->o.public_read)
		return 0;
	const char *hdr = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Authorization");
	const char *tok;
	size_t len;
	if (!fl_bearer_token(hdr, &tok, &len)) {
		*rc = reply_error(srv, c, k, 401, "unauthorized",
				  "an Authorization: Bearer token is required");
		return 401;
	}
	enum fl_scope have;
	struct fl_err err;
	fl_err_clear(&err);
	int r = fl_token_check(srv->store, tok, len, &have, token_id, &err);
	if (r == FL_ENOTFOUND) {
		*rc = reply_error(srv, c, k, 401, "unauthorized", "unknown or revoked token");
		return 401;
	}
	if (r) {
		*rc = reply_error(srv, c, k, 500, "store_error", "%s", err.msg);
		return 500;
	}
	if (!fl_scope_allows(have, need)) {
		*rc = reply_error(srv, c, k, 403, "forbidden", "this needs a token of scope %s",
				  fl_scope_name(need));
		return 403;
	}
	return 0;
}

/* ---- GET /api/v1/runs/{id} ---- */

static void json_key_text(struct fl_buf *b, const char *key, struct fl_stmt *st, int col)
{
	fl_buf_printf(b, ", \"%s\": ", key);
	if (fl_stmt_null(st, col))
		fl_buf_adds(b, "null");
	else
		fl_json_str(b, fl_stmt_text(st, col), fl_stmt_bytes(st, col));
}

static void run_json(struct fl_stmt *st, struct fl_buf *b)
{
	int64_t id = fl_stmt_int(st, 0);
	const char *status = fl_stmt_text(st, 3);
	fl_buf_printf(b, "{\"id\": %lld, \"status\": \"%s\"", (long long)id, status);
	json_key_text(b, "sha256", st, 1);
	json_key_text(b, "bundle", st, 2);
	json_key_text(b, "job", st, 11);
	json_key_text(b, "cluster", st, 12);
	if (!fl_stmt_null(st, 10))
		fl_buf_printf(b, ", \"size\": %lld", (long long)fl_stmt_int(st, 10));
	fl_buf_adds(b, ", \"ingested_at\": \"");
	fl_time_format(b, fl_stmt_int(st, 13));
	fl_buf_adds(b, "\"");
	if (!strcmp(status, "done")) {
		fl_buf_adds(b, ", \"verdict\": {\"status\": ");
		fl_json_str(b, fl_stmt_text(st, 4), fl_stmt_bytes(st, 4));
		json_key_text(b, "cause", st, 5);
		if (fl_stmt_null(st, 6))
			fl_buf_adds(b, ", \"first_rank\": null");
		else
			fl_buf_printf(b, ", \"first_rank\": %lld", (long long)fl_stmt_int(st, 6));
		json_key_text(b, "signature", st, 7);
		fl_buf_adds(b, "}");
	} else if (!strcmp(status, "failed")) {
		fl_buf_adds(b, ", \"error\": {\"code\": ");
		fl_json_str(b, fl_stmt_text(st, 8), fl_stmt_bytes(st, 8));
		fl_buf_adds(b, ", \"message\": ");
		fl_json_str(b, fl_stmt_text(st, 9), fl_stmt_bytes(st, 9));
		fl_buf_adds(b, "}");
	}
	fl_buf_printf(b, ", \"status_url\": \"/api/v1/runs/%lld\", \"report_url\": "
		      "\"/runs/%lld.html\"}\n", (long long)id, (long long)id);
}

/* Looks run id up; 1 with st on its row, 0 not found, < 0 error. */
static int run_row(struct fl_server *srv, int64_t id, struct fl_stmt **st, struct fl_err *err)
{
	if (fl_store_prepare(srv->store, serve_sql(SERVE_Q_RUN), st, err))
		return -1;
	fl_stmt_bind_int(*st, 1, id);
	int rc = fl_stmt_step(*st);
	if (rc < 0)
		fl_err_set(err, FL_EDB, "cannot read run %lld: %s", (long long)id,
			   fl_stmt_errmsg(*st));
	if (rc != 1) {
		fl_stmt_free(*st);
		*st = NULL;
	}
	return rc;
}

int run_summary(struct fl_store *s, int64_t id, struct fl_buf *b)
{
	struct fl_stmt *st;
	if (fl_store_prepare(s, serve_sql(SERVE_Q_RUN), &st, NULL))
		return -1;
	fl_stmt_bind_int(st, 1, id);
	int rc = fl_stmt_step(st);
	if (rc == 1)
		run_json(st, b);
	fl_stmt_free(st);
	return rc;
}

/* The row of the route's run in *st, true; else false, with the 404 or 500
 * already answered in *res. */
static bool find_run(struct fl_server *srv, struct MHD_Connection *c, const struct fl_route *r,
		     struct fl_stmt **st, enum MHD_Result *res)
{
	struct fl_err err;
	fl_err_clear(&err);
	int rc = run_row(srv, r->run_id, st, &err);
	if (rc < 0)
		*res = reply_error(srv, c, r->kind, 500, "store_error", "%s", err.msg);
	else if (rc == 0)
		*res = reply_error(srv, c, r->kind, 404, "not_found", "no run %lld",
				   (long long)r->run_id);
	return rc > 0;
}

static enum MHD_Result get_run(struct fl_server *srv, struct MHD_Connection *c,
			       const struct fl_route *r)
{
	struct fl_stmt *st;
	enum MHD_Result res;
	if (!find_run(srv, c, r, &st, &res))
		return res;
	struct fl_buf b = FL_BUF_INIT;
	run_json(st, &b);
	fl_stmt_free(st);
	res = reply(srv, c, r->kind, 200, "application/json", &b);
	fl_buf_release(&b);
	return res;
}

/* ---- GET /runs/{id}.{json,md,html,txt} ---- */

static const char *const REPORT_TYPES[] = {
	[FL_FMT_TEXT] = "text/plain; charset=utf-8",
	[FL_FMT_MD] = "text/markdown; charset=utf-8",
	[FL_FMT_JSON] = "application/json",
	[FL_FMT_HTML] = "text/html; charset=utf-8",
	[FL_FMT_JIRA] = "text/plain; charset=utf-8",
	[FL_FMT_GITHUB] = "text/markdown; charset=utf-8",
	[FL_FMT_SLACK] = "application/json",
};

/* r->format is the report's; a ticket links to the run's HTML report. */
static enum MHD_Result get_report(struct fl_server *srv, struct MHD_Connection *c,
				  const struct fl_route *r)
{
	struct fl_stmt *st;
	enum MHD_Result res;
	if (!find_run(srv, c, r, &st, &res))
		return res;
	char status[16];
	snprintf(status, sizeof(status), "%s", fl_stmt_text(st, 3));
	fl_stmt_free(st);
	/* A run without its analysis has no report yet: say so instead of
	 * rendering an empty one. */
	if (strcmp(status, "done"))
		return reply_error(srv, c, r->kind, 409, strcmp(status, "failed") ? "not_ready"
										 : "analysis_failed",
				   "run %lld is %s", (long long)r->run_id, status);
	/* As `faultline report` does: the saved analysis, else a fresh one. */
	struct fl_err err;
	fl_err_clear(&err);
	struct fl_analysis *a;
	int lrc = fl_analysis_load(srv->store, r->run_id, &a, &err);
	if (lrc == FL_ENOTFOUND) {
		fl_err_clear(&err);
		lrc = fl_analyze_run(srv->store, r->run_id, &a, &err);
	}
	if (lrc)
		return reply_error(srv, c, r->kind, 500, "analysis_error", "%s", err.msg);
	char *link = fl_xasprintf("%s/runs/%lld.html", srv->base_url, (long long)r->run_id);
	struct fl_report_opts ro = { (enum fl_format)r->format, false, link };
	struct fl_buf b = FL_BUF_INIT;
	fl_report_render(a, &ro, &b);
	free(link);
	fl_analysis_free(a);
	res = reply(srv, c, r->kind, 200, REPORT_TYPES[r->format], &b);
	fl_buf_release(&b);
	return res;
}

/* ?format= of a ticket: 0 with r->format set, -1 when missing or not a
 * ticket format. */
static int ticket_format(struct MHD_Connection *c, struct fl_route *r)
{
	const char *f = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "format");
	int fmt = f ? fl_format_from_name(f) : -1;
	if (fmt != FL_FMT_JIRA && fmt != FL_FMT_GITHUB && fmt != FL_FMT_SLACK)
		return -1;
	r->format = fmt;
	return 0;
}

/* ---- GET /metrics, /healthz ---- */

static int64_t resident_bytes(void)
{
	FILE *f = fopen("/proc/self/statm", "r");
	long pages = -1, rss = -1;
	if (f) {
		if (fscanf(f, "%ld %ld", &pages, &rss) != 2)
			rss = -1;
		fclose(f);
	}
	return rss < 0 ? -1 : (int64_t)rss * sysconf(_SC_PAGESIZE);
}

static enum MHD_Result get_metrics(struct fl_server *srv, struct MHD_Connection *c)
{
	struct fl_buf b = FL_BUF_INIT;
	int64_t rss = resident_bytes();
	pthread_mutex_lock(&srv->lock);
	srv->m.resident_bytes = rss;
	fl_metrics_render(&srv->m, srv->o.version, &b);
	pthread_mutex_unlock(&srv->lock);
	enum MHD_Result rc = reply(srv, c, FL_ROUTE_METRICS, 200, "text/plain; version=0.0.4", &b);
	fl_buf_release(&b);
	return rc;
}

static enum MHD_Result get_healthz(struct fl_server *srv, struct MHD_Connection *c)
{
	struct fl_buf b = FL_BUF_INIT;
	fl_buf_adds(&b, "{\"status\": \"ok\"}\n");
	enum MHD_Result rc = reply(srv, c, FL_ROUTE_HEALTHZ, 200, "application/json", &b);
	fl_buf_release(&b);
	return rc;
}

/* ---- GET /, /static/NAME ---- */

static enum MHD_Result get_index(struct fl_server *srv, struct MHD_Connection *c)
{
	static const char *const keys[] = { "cause", "status", "host", "signature" };
	const char *vals[4];
	for (int i = 0; i < 4; i++)
		vals[i] = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, keys[i]);
	struct fl_buf b = FL_BUF_INIT;
	struct fl_err err;
	fl_err_clear(&err);
	enum MHD_Result rc;
	if (page_index(srv->store, vals, &b, &err))
		rc = reply_error(srv, c, FL_ROUTE_INDEX, 500, "store_error", "%s", err.msg);
	else
		rc = reply(srv, c, FL_ROUTE_INDEX, 200, "text/html; charset=utf-8", &b);
	fl_buf_release(&b);
	return rc;
}

static enum MHD_Result get_static(struct fl_server *srv, struct MHD_Connection *c,
				  const char *url)
{
	const char *body, *type;
	if (!page_static(url, &body, &type))
		return reply_error(srv, c, FL_ROUTE_STATIC, 404, "not_found", "no such file");
	struct fl_buf b = FL_BUF_INIT;
	fl_buf_adds(&b, body);
	enum MHD_Result rc = reply(srv, c, FL_ROUTE_STATIC, 200, type, &b);
	fl_buf_release(&b);
	return rc;
}

/* ---- admin: DELETE /api/v1/runs/{id}, POST /api/v1/runs/{id}/reanalyze ---- */

/* Whether the run's analysis is queued or under way: an analysis child
 * writes the run, so it is neither deleted nor queued twice meanwhile. */
static bool busy(struct fl_stmt *run)
{
	const char *status = fl_stmt_text(run, 3);
	return !strcmp(status, "queued") || !strcmp(status, "analyzing");
}

static const char *const KEPT_FATE[] = {
	[FL_KEPT_NONE] = "none", [FL_KEPT_REMOVED] = "removed", [FL_KEPT_GONE] = "gone",
	[FL_KEPT_OUTSIDE] = "outside", [FL_KEPT_FAILED] = "failed",
};

/* The run and its kept bundle together, through the store's one way of
 * deleting a run (as `faultline rm` and retention do). */
static enum MHD_Result delete_run(struct fl_server *srv, struct MHD_Connection *c,
				  const struct fl_route *r)
{
	struct fl_stmt *st;
	enum MHD_Result res;
	if (!find_run(srv, c, r, &st, &res))
		return res;
	bool running = busy(st);
	fl_stmt_free(st);
	if (running)
		return reply_error(srv, c, r->kind, 409, "busy",
				   "run %lld is being analysed; delete it once that is done",
				   (long long)r->run_id);
	struct fl_deleted d;
	struct fl_err err;
	fl_err_clear(&err);
	if (fl_store_run_delete(srv->store, r->run_id, &d, &err)) {
		fl_deleted_release(&d);
		return reply_error(srv, c, r->kind, 500, "store_error", "%s", err.msg);
	}
	serve_log(srv, "run %lld deleted over HTTP (kept bundle: %s)", (long long)r->run_id,
		  KEPT_FATE[d.fate]);
	struct fl_buf b = FL_BUF_INIT;
	fl_buf_printf(&b, "{\"id\": %lld, \"deleted\": true, \"bundle\": \"%s\"}\n",
		      (long long)r->run_id, KEPT_FATE[d.fate]);
	fl_deleted_release(&d);
	res = reply(srv, c, r->kind, 200, "application/json", &b);
	fl_buf_release(&b);
	return res;
}

/* 1: queued; 0: not queued (busy); < 0: a store error in err. */
static int requeue(struct fl_server *srv, int64_t id, int64_t token, struct fl_err *err)
{
	struct fl_stmt *st;
	if (fl_store_prepare(srv->store, serve_sql(SERVE_Q_REQUEUE), &st, err))
		return -1;
	fl_stmt_bind_int(st, 1, id);
	fl_stmt_bind_int(st, 2, token);
	fl_stmt_bind_int(st, 3, serve_wall_us());
	int rc = fl_stmt_step(st);
	if (rc < 0)
		fl_err_set(err, FL_EDB, "cannot queue run %lld: %s", (long long)id,
			   fl_stmt_errmsg(st));
	fl_stmt_free(st);
	return rc;
}

/* Queued like an upload: the queue runs `faultline reanalyze ID` on it
 * and the run's state goes queued, analyzing, done or failed. */
static enum MHD_Result reanalyze_run(struct fl_server *srv, struct MHD_Connection *c,
				     const struct fl_route *r, int64_t token)
{
	struct fl_stmt *st;
	enum MHD_Result res;
	if (!find_run(srv, c, r, &st, &res))
		return res;
	fl_stmt_free(st);
	struct fl_err err;
	fl_err_clear(&err);
	int rc = requeue(srv, r->run_id, token, &err);
	if (rc < 0)
		return reply_error(srv, c, r->kind, 500, "store_error", "%s", err.msg);
	if (rc == 0)
		return reply_error(srv, c, r->kind, 409, "busy",
				   "run %lld is already queued or being analysed", (long long)r->run_id);
	queue_wake(srv);
	struct fl_buf b = FL_BUF_INIT;
	run_summary(srv->store, r->run_id, &b);
	char where[64];
	snprintf(where, sizeof(where), "/api/v1/runs/%lld", (long long)r->run_id);
	res = send_answer(srv, c, r->kind, 202, "application/json", &b, "Location", where);
	fl_buf_release(&b);
	return res;
}

/* ---- dispatch ---- */

/* What *con_cls points to: the upload's state, or this marker for a
 * request that was answered on its first call. */
static char ANSWERED;

static enum MHD_Result answer(void *cls, struct MHD_Connection *c, const char *url,
			      const char *method, const char *version, const char *data,
			      size_t *size, void **con_cls)
{
	struct fl_server *srv = cls;
	if (*con_cls && *con_cls != &ANSWERED) {
		struct upload *u = *con_cls;
		if (*size)
			return upload_data(srv, c, u, data, size);
		return upload_finish(srv, c, u);
	}
	if (*con_cls == &ANSWERED) {
		/* A body after an early answer is not read. */
		*size = 0;
		return MHD_YES;
	}
	struct fl_route r;
	int code = fl_route_parse(method, url, &r);
	if (code == 200 && r.kind == FL_ROUTE_UPLOAD) {
		struct upload *u = NULL;
		enum MHD_Result rc = upload_begin(srv, c, &r, &u);
		*con_cls = u ? (void *)u : (void *)&ANSWERED;
		return rc;
	}
	*con_cls = &ANSWERED;
	if (code == 404)
		return reply_error(srv, c, r.kind, 404, "not_found", "no such path");
	if (code == 405)
		return reply_error(srv, c, r.kind, 405, "method_not_allowed",
				   "%s is not allowed here", method);
	enum MHD_Result rc;
	int64_t token;
	switch (r.kind) {
	case FL_ROUTE_HEALTHZ:
		return get_healthz(srv, c);
	case FL_ROUTE_METRICS:
		return get_metrics(srv, c);
	case FL_ROUTE_RUN:
		return authorize(srv, c, r.kind, FL_SCOPE_READ, &token, &rc) ? rc
									     : get_run(srv, c, &r);
	case FL_ROUTE_STATIC:
		return get_static(srv, c, url);
	case FL_ROUTE_INDEX:
		return authorize(srv, c, r.kind, FL_SCOPE_READ, &token, &rc) ? rc
									     : get_index(srv, c);
	case FL_ROUTE_TICKET:
		if (ticket_format(c, &r))
			return reply_error(srv, c, r.kind, 400, "bad_format",
					   "format= must be jira, github or slack");
		/* a ticket is a report in a ticket format */
		__attribute__((fallthrough));
	case FL_ROUTE_REPORT:
		return authorize(srv, c, r.kind, FL_SCOPE_READ, &token, &rc)
			       ? rc : get_report(srv, c, &r);
	case FL_ROUTE_DELETE:
		return authorize(srv, c, r.kind, FL_SCOPE_ADMIN, &token, &rc)
			       ? rc : delete_run(srv, c, &r);
	case FL_ROUTE_REANALYZE:
		return authorize(srv, c, r.kind, FL_SCOPE_ADMIN, &token, &rc)
			       ? rc : reanalyze_run(srv, c, &r, token);
	default:
		return reply_error(srv, c, r.kind, 404, "not_found", "no such path");
	}
}

static void completed(void *cls, struct MHD_Connection *c, void **con_cls,
		      enum MHD_RequestTerminationCode toe)
{
	if (*con_cls && *con_cls != &ANSWERED)
		upload_end(cls, *con_cls, toe != MHD_REQUEST_TERMINATED_COMPLETED_OK);
	*con_cls = NULL;
}

/* ---- start and stop ---- */

static int listen_addr(const struct fl_serve_opts *o, struct sockaddr_storage *ss,
		       unsigned *flags, struct fl_err *err)
{
	memset(ss, 0, sizeof(*ss));
	struct sockaddr_in *a4 = (struct sockaddr_in *)ss;
	struct sockaddr_in6 *a6 = (struct sockaddr_in6 *)ss;
	if (inet_pton(AF_INET, o->addr, &a4->sin_addr) == 1) {
		a4->sin_family = AF_INET;
		a4->sin_port = htons((uint16_t)o->port);
	} else if (inet_pton(AF_INET6, o->addr, &a6->sin6_addr) == 1) {
		a6->sin6_family = AF_INET6;
		a6->sin6_port = htons((uint16_t)o->port);
		*flags |= MHD_USE_IPv6;
	} else {
		return fl_err_set(err, FL_EUSAGE, "cannot listen on '%s': not an IP address",
				  o->addr);
	}
	return FL_OK;
}

static int make_dirs(struct fl_server *srv, struct fl_err *err)
{
	srv->dir = fl_xstrdup(fl_store_dir(srv->store));
	srv->spool = fl_xasprintf("%s/spool", srv->dir);
	const char *const dirs[] = { srv->spool, fl_store_bundles_dir(srv->store) };
	for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++)
		if (mkdir(dirs[i], 0700) && errno != EEXIST)
			return fl_err_set(err, FL_EIO, "cannot create '%s': %s", dirs[i],
					  strerror(errno));
	return FL_OK;
}

/* Kept bundles no run refers to (an upload whose transaction a kill
 * undid, runs deleted by hand) would fill the disk unseen: removed at
 * start, as `faultline gc` does. A failure here only costs space. */
static void sweep_orphans(struct fl_server *srv)
{
	struct fl_collected *c = NULL;
	size_t n = 0;
	struct fl_err err;
	fl_err_clear(&err);
	if (fl_store_bundles_collect(srv->store, &c, &n, &err))
		serve_log(srv, "orphan sweep: %s", err.msg);
	for (size_t i = 0; i < n; i++)
		serve_log(srv, c[i].why ? "orphan bundle %s kept: %s" : "orphan bundle %s removed%s",
			  c[i].name, c[i].why ? c[i].why : "");
	fl_collected_free(c, n);
}

static int start_http(struct fl_server *srv, struct fl_err *err)
{
	struct sockaddr_storage ss;
	unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_AUTO;
	if (listen_addr(&srv->o, &ss, &flags, err))
		return err->code;
	srv->d = MHD_start_daemon(
		flags, (uint16_t)srv->o.port, NULL, NULL, answer, srv,
		MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&ss,
		MHD_OPTION_NOTIFY_COMPLETED, completed, srv,
		/* A request's headers must fit; bodies are streamed past it. */
		MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)(64 << 10),
		MHD_OPTION_CONNECTION_LIMIT, 256u,
		MHD_OPTION_PER_IP_CONNECTION_LIMIT, 32u,
		MHD_OPTION_CONNECTION_TIMEOUT, 60u,
		MHD_OPTION_END);
	if (!srv->d)
		return fl_err_set(err, FL_EIO, "cannot listen on %s port %u: %s", srv->o.addr,
				  srv->o.port, errno ? strerror(errno) : "unknown error");
	return FL_OK;
}

/* --public-url without a trailing slash, else where we listen. */
static void base_url(struct fl_server *srv)
{
	if (srv->o.public_url) {
		size_t n = strlen(srv->o.public_url);
		while (n && srv->o.public_url[n - 1] == '/')
			n--;
		srv->base_url = fl_xstrndup(srv->o.public_url, n);
	} else {
		bool v6 = strchr(srv->o.addr, ':') != NULL;
		srv->base_url = fl_xasprintf("http://%s%s%s:%u", v6 ? "[" : "", srv->o.addr,
					     v6 ? "]" : "", fl_serve_port(srv));
	}
}

int fl_serve_start(const struct fl_serve_opts *o, struct fl_server **out, struct fl_err *err)
{
	struct fl_server *srv = fl_xcalloc(1, sizeof(*srv));
	srv->o = *o;
	pthread_mutex_init(&srv->lock, NULL);
	pthread_cond_init(&srv->cond, NULL);
	srv->m.start_time = (double)serve_wall_us() / 1e6;
	/* Bursts of a sixth of the hourly rate: a job array ending at once is
	 * served at once up to that, then spread out. */
	fl_ratelimit_init(&srv->rl, o->token_rate, ceil(o->token_rate / 6));
	unsigned flags = FL_STORE_CREATE | (o->no_wal ? FL_STORE_NO_WAL : 0);
	int rc = fl_store_open(&srv->store, o->db, flags, err);
	if (!rc)
		rc = make_dirs(srv, err);
	if (!rc) {
		upload_sweep(srv->spool);
		sweep_orphans(srv);
		rc = queue_recover(srv->store, err);
	}
	if (!rc)
		rc = webhook_start(srv, err);
	if (!rc)
		rc = queue_start(srv, err);
	if (!rc)
		rc = start_http(srv, err);
	if (!rc)
		base_url(srv);
	if (rc) {
		fl_serve_stop(srv);
		return rc;
	}
	*out = srv;
	return FL_OK;
}

unsigned fl_serve_port(const struct fl_server *srv)
{
	const union MHD_DaemonInfo *i = MHD_get_daemon_info(srv->d, MHD_DAEMON_INFO_BIND_PORT);
	return i ? i->port : 0;
}

void fl_serve_stop(struct fl_server *srv)
{
	if (!srv)
		return;
	if (srv->d)
		MHD_stop_daemon(srv->d);
	queue_stop(srv);
	webhook_stop(srv);
	fl_store_close(srv->store);
	pthread_mutex_destroy(&srv->lock);
	pthread_cond_destroy(&srv->cond);
	free(srv->dir);
	free(srv->spool);
	free(srv->base_url);
	free(srv);
}
