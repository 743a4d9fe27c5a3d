/* SPDX-License-Identifier: MIT */
/*
 * serve.h - the upload service: crash bundles in over HTTP, reports out.
 *
 * After the report stage: the only module that includes microhttpd.h. An
 * upload is streamed to a spool file under the store directory while its
 * SHA-256 is computed, then moved to the store's kept bundles and given a
 * run id at once (a runs row without a verdict, and an uploads row); the
 * analysis runs later in a child `faultline reanalyze` process with a time
 * and memory limit, so that a bundle that kills its analysis fails that run
 * and never the server. Reports are rendered in-process from the store,
 * the same bytes `faultline report` prints. The HTTP interface is
 * docs/commands/serve.md; the design is docs/internals/serve.md.
 *
 * The request parsing helpers (routes, sizes, bearer and Content-Disposition
 * headers, file names) are pure functions over a buffer so that they can be
 * tested and fuzzed without a socket.
 *
 * Nothing here prints or exits: the server reports through the log callback
 * of struct fl_serve_opts, and never passes a token to it.
 */
#ifndef FAULTLINE_SERVE_H
#define FAULTLINE_SERVE_H

#include "faultline/store.h"

/* ---- routing (route.c) ---- */

enum fl_route_kind {
	FL_ROUTE_NONE,        /* no such path: 404 */
	FL_ROUTE_HEALTHZ,     /* GET /healthz */
	FL_ROUTE_METRICS,     /* GET /metrics */
	FL_ROUTE_UPLOAD,      /* PUT or POST /api/v1/bundles */
	FL_ROUTE_RUN,         /* GET /api/v1/runs/{id} */
	FL_ROUTE_REPORT,      /* GET /runs/{id}.json|.md|.html|.txt */
	FL_ROUTE_INDEX,       /* GET /: the runs, filters, the upload form */
	FL_ROUTE_STATIC,      /* GET /static/NAME: the pages' script and style */
	FL_ROUTE_TICKET,      /* GET /runs/{id}/ticket?format=jira|github|slack */
	FL_ROUTE_DELETE,      /* DELETE /api/v1/runs/{id} (admin) */
	FL_ROUTE_REANALYZE,   /* POST /api/v1/runs/{id}/reanalyze (admin) */
	FL_ROUTE_NKINDS
};

struct fl_route {
	enum fl_route_kind kind;
	int64_t run_id; /* the routes of one run */
	int format;     /* FL_ROUTE_REPORT: enum fl_format */
	bool multipart; /* FL_ROUTE_UPLOAD: POST (a multipart form), not PUT */
};

/* Parses a request line's method and path (without the query string).
 * Returns 200 with *r filled, 404 for an unknown path, 405 for a known
 * path with a method it does not take (r->kind then says which). */
int fl_route_parse(const char *method, const char *path, struct fl_route *r);

/* Short name of a route for metrics labels ("upload", "report", ...). */
const char *fl_route_name(enum fl_route_kind k);

/* "16G", "512M", "100K", "123": a size with an optional power-of-1024
 * suffix. false on anything else or an overflow. */
bool fl_parse_size(const char *s, uint64_t *out);

/* The token of an "Authorization: Bearer TOKEN" header value: a view into
 * hdr. false when hdr is not a bearer credential. */
bool fl_bearer_token(const char *hdr, const char **tok, size_t *len);

/* The filename of a Content-Disposition header value (quoted or bare),
 * copied to out (cap bytes with the NUL). false when there is none or it
 * does not fit. The result still needs fl_upload_name(). */
bool fl_disposition_filename(const char *hdr, char *out, size_t cap);

/* A client's file name as a bundle name: its last path component, at
 * most 200 bytes, printable ASCII and UTF-8 only; "bundle" when nothing
 * usable is left. Written to out (cap >= 201). */
void fl_upload_name(const char *name, char *out, size_t cap);

/* Every SQL text the service runs (serve_sql.c), for tests/unit/test_sql.c.
 * Returns the number of entries. */
size_t fl_serve_sql(const struct fl_sql_def **out);

/* ---- tokens (token.c) ---- */

enum fl_scope { FL_SCOPE_NONE, FL_SCOPE_UPLOAD, FL_SCOPE_READ, FL_SCOPE_ADMIN };

/* "upload", "read", "admin"; FL_SCOPE_NONE for anything else. */
enum fl_scope fl_scope_parse(const char *s);
const char *fl_scope_name(enum fl_scope s);
/* admin may do everything; upload and read only their own. */
bool fl_scope_allows(enum fl_scope have, enum fl_scope need);

/* SHA-256 (hex) of a token: what the store keeps. */
void fl_token_hash(const char *tok, size_t len, char out[65]);
/* Compares two n-byte strings in time independent of where they differ. */
bool fl_token_equal(const char *a, const char *b, size_t n);

/* Makes a new token of scope, stores its hash, and returns the token in
 * *token (caller frees; shown once, never stored). */
int fl_token_add(struct fl_store *s, enum fl_scope scope, const char *name, char **token,
		 struct fl_err *err);
/* A stored token as `token list` shows it: never the token, nor its hash. */
struct fl_token_info {
	int64_t id;
	enum fl_scope scope;
	char *name;         /* NULL when none was given */
	int64_t created_at; /* µs since the epoch */
	bool revoked;
};
/* Every token, oldest first, in *out (n of them; free with
 * fl_token_list_free). */
int fl_token_list(struct fl_store *s, struct fl_token_info **out, size_t *n, struct fl_err *err);
void fl_token_list_free(struct fl_token_info *v, size_t n);
/* Revokes token id: the server refuses it from its next request on.
 * FL_ENOTFOUND when there is no such live token. */
int fl_token_revoke(struct fl_store *s, int64_t id, struct fl_err *err);
/* Looks a presented token up (every stored hash is compared in constant
 * time). FL_OK with *scope and *id, FL_ENOTFOUND when unknown or revoked. */
int fl_token_check(struct fl_store *s, const char *tok, size_t len, enum fl_scope *scope,
		   int64_t *id, struct fl_err *err);

/* ---- per-token rate limit (ratelimit.c) ----
 * A token bucket per key, refilled at `per_hour` per hour up to `burst`.
 * At most FL_RATELIMIT_KEYS keys are tracked; the one idle longest is
 * forgotten first (it would be full again by then in all likelihood). */
#define FL_RATELIMIT_KEYS 256
struct fl_ratelimit {
	double per_hour, burst;
	struct fl_bucket {
		int64_t key;
		double tokens, at; /* at: seconds, the caller's clock */
		bool used;
	} b[FL_RATELIMIT_KEYS];
};
void fl_ratelimit_init(struct fl_ratelimit *rl, double per_hour, double burst);
/* Takes one unit for key at time now (seconds). true when allowed; else
 * false with *retry_after, the seconds until one unit is back. A limit of
 * 0 per hour allows everything. */
bool fl_ratelimit_take(struct fl_ratelimit *rl, int64_t key, double now, double *retry_after);

/* ---- metrics (metrics.c) ---- */

enum fl_upload_result {
	FL_UP_ACCEPTED, FL_UP_DUPLICATE, FL_UP_UNAUTHORIZED, FL_UP_FORBIDDEN, FL_UP_TOO_LARGE,
	FL_UP_BUSY, FL_UP_RATE_LIMITED, FL_UP_NO_SPACE, FL_UP_BAD_REQUEST, FL_UP_ABORTED,
	FL_UP_SLOW_CLIENT, FL_UP_ERROR, FL_UP_NRESULTS
};
enum fl_analysis_result { FL_AN_DONE, FL_AN_FAILED, FL_AN_TIMEOUT, FL_AN_KILLED, FL_AN_NRESULTS };

/* The HTTP status codes counted per route (others count as "other"). */
#define FL_METRIC_NCODES 16

struct fl_metrics {
	uint64_t requests[FL_ROUTE_NKINDS][FL_METRIC_NCODES];
	uint64_t uploads[FL_UP_NRESULTS];
	uint64_t upload_bytes;
	uint64_t analyses[FL_AN_NRESULTS];
	int64_t uploads_in_progress, queue_length, analyses_running;
	uint64_t retention_deleted; /* runs deleted by retention */
	uint64_t webhooks[2];       /* summaries delivered, given up */
	int64_t store_bytes;        /* as retention measured it; 0 before */
	double start_time;     /* process start, seconds since the epoch */
	int64_t resident_bytes; /* filled by the caller before rendering; < 0 unknown */
};
void fl_metrics_request(struct fl_metrics *m, enum fl_route_kind k, int code);
/* Prometheus text exposition format 0.0.4, names prefixed faultline_. */
void fl_metrics_render(const struct fl_metrics *m, const char *version, struct fl_buf *out);

/* ---- the server (serve.c, upload.c, queue.c) ---- */

struct fl_serve_opts {
	const char *db;        /* store path (created if missing) */
	bool no_wal;
	const char *addr;      /* listen address, IPv4 or IPv6 literal */
	unsigned port;         /* 0: the kernel picks one (fl_serve_port) */
	bool public_read;      /* reads need no token */
	uint64_t max_upload;   /* bytes of one upload */
	unsigned max_uploads;  /* uploads at once; then 503 */
	uint64_t min_rate;     /* bytes/s an upload must keep up after the grace time */
	unsigned min_rate_grace; /* seconds before min_rate applies */
	double token_rate;     /* uploads per hour per token, 0: no limit; then 429 */
	uint64_t reserve;      /* free bytes to keep on the store's file system; else 507 */
	unsigned jobs;         /* analyses at once */
	unsigned analysis_timeout; /* seconds */
	uint64_t analysis_memory;  /* bytes of address space per analysis, 0: no limit */
	unsigned retain_days;      /* runs older are deleted, 0: kept forever */
	uint64_t max_store_bytes;  /* oldest runs deleted above this, 0: no limit */
	const char *exe;       /* the faultline binary run for analyses */
	const char *const *patterns; /* --patterns DIRs passed to the analyses */
	size_t npatterns;
	const char *version;
	const char *public_url; /* how clients reach the server, for links in
				   tickets; NULL: http://addr:port */
	const char *webhook;    /* POST a JSON summary here when an analysis
				   finishes; NULL: none */
	/* One line per event worth a log (never holds a token). */
	void (*log)(void *ctx, const char *line);
	void *log_ctx;
};

/* The defaults documented in docs/commands/serve.md. */
void fl_serve_opts_init(struct fl_serve_opts *o);

struct fl_server;
/* Opens the store, sweeps the spool, requeues analyses a killed server
 * left unfinished, and starts listening and analysing in threads. */
int fl_serve_start(const struct fl_serve_opts *o, struct fl_server **out, struct fl_err *err);
unsigned fl_serve_port(const struct fl_server *srv);
/* Stops listening, kills running analyses (they are requeued at the next
 * start) and frees everything. Accepts NULL. */
void fl_serve_stop(struct fl_server *srv);

#endif
