/* SPDX-License-Identifier: MIT */
/* serve_int.h - private to src/serve: the server object and its parts. */
#ifndef FAULTLINE_SERVE_INT_H
#define FAULTLINE_SERVE_INT_H

#include "faultline/serve.h"

#include <microhttpd.h>
#include <pthread.h>
#include <sys/types.h>

/* One running analysis. */
struct job {
	pid_t pid;
	int64_t run_id;
	int errfd;        /* the child's stderr, non-blocking */
	char msg[512];    /* its first bytes: the reason when it fails */
	size_t msglen;
	double deadline;  /* monotonic seconds */
	bool timed_out;
};

struct fl_server {
	struct fl_serve_opts o;
	char *dir, *spool;      /* store directory, its spool/ */
	char *base_url;         /* for links in tickets: --public-url or http://addr:port */
	struct MHD_Daemon *d;
	/* The HTTP thread's store connection: MHD runs every request on its
	 * one internal thread, so it needs no lock. */
	struct fl_store *store;

	pthread_mutex_t lock;   /* guards what follows */
	struct fl_metrics m;
	struct fl_ratelimit rl;
	unsigned uploading;     /* uploads being received */
	bool stopping, wake;
	pthread_cond_t cond;

	/* The analysis queue (queue.c): its own thread and store connection. */
	pthread_t qthread;
	bool qstarted;
	struct fl_store *qstore;
	struct job *jobs;       /* o.jobs slots, pid 0 when free */
	double next_retention;  /* monotonic seconds */
	struct webhook *wh;     /* webhook.c, NULL without --webhook */
};

/* serve_sql.c: the statements of the service, by name. */
enum serve_q {
	SERVE_Q_RECOVER, SERVE_Q_STARTED, SERVE_Q_FINISHED, SERVE_Q_NEXT_QUEUED,
	SERVE_Q_OLDEST, SERVE_Q_STORE_BYTES,
	SERVE_Q_TOKEN_ADD, SERVE_Q_TOKEN_CHECK, SERVE_Q_TOKEN_LIST, SERVE_Q_TOKEN_REVOKE,
	SERVE_Q_REQUEUE,
	SERVE_Q_UPLOAD_RUN, SERVE_Q_UPLOAD_ROW, SERVE_Q_EXISTING,
	SERVE_Q_LIST, SERVE_Q_RUN,
	SERVE_Q_N
};
const char *serve_sql(enum serve_q id);

/* queue.c */
int queue_start(struct fl_server *srv, struct fl_err *err);
void queue_stop(struct fl_server *srv);
void queue_wake(struct fl_server *srv);
/* At start: analyses a killed server left 'analyzing' are queued again. */
int queue_recover(struct fl_store *s, struct fl_err *err);

/* webhook.c: summaries of finished analyses, posted on a thread. */
int webhook_start(struct fl_server *srv, struct fl_err *err);
/* Queues body (taken: freed by the webhook) for posting. */
void webhook_post(struct fl_server *srv, char *body);
void webhook_stop(struct fl_server *srv);
/* The JSON of GET /api/v1/runs/{id}, read on s: 1 written, 0 no such run,
 * < 0 error. */
int run_summary(struct fl_store *s, int64_t id, struct fl_buf *b);

/* retention.c: deletes what --retain-days and --max-store-bytes say (on
 * the queue's connection). */
void retention_run(struct fl_server *srv);

/* upload.c: the access handler's part for PUT/POST /api/v1/bundles. */
struct upload;
/* First call: checks auth and limits; either queues an error response
 * (returns it in *code, no state) or returns a new upload state. */
enum MHD_Result upload_begin(struct fl_server *srv, struct MHD_Connection *c,
			     const struct fl_route *r, struct upload **out);
enum MHD_Result upload_data(struct fl_server *srv, struct MHD_Connection *c, struct upload *u,
			    const char *data, size_t *size);
/* Last call: stores the upload and answers. */
enum MHD_Result upload_finish(struct fl_server *srv, struct MHD_Connection *c, struct upload *u);
/* Request over (answered or aborted): removes what is left and frees u. */
void upload_end(struct fl_server *srv, struct upload *u, bool aborted);
/* Removes every file in the spool directory (at start). */
void upload_sweep(const char *spool);

/* pages.c: the pages for people. */
extern const char PAGE_CSP[];
/* The script or style at path; false when there is none. */
bool page_static(const char *path, const char **body, const char **type);
/* The runs list; vals: the cause, status, host, signature filters (NULL: none). */
int page_index(struct fl_store *s, const char *const *vals, struct fl_buf *b, struct fl_err *err);

/* serve.c: answers shared by the handlers. */
enum MHD_Result reply(struct fl_server *srv, struct MHD_Connection *c, enum fl_route_kind k,
		      int code, const char *type, struct fl_buf *body);
enum MHD_Result reply_error(struct fl_server *srv, struct MHD_Connection *c,
			    enum fl_route_kind k, int code, const char *ecode, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));
/* Like reply_error with a Retry-After header. */
enum MHD_Result reply_retry(struct fl_server *srv, struct MHD_Connection *c,
			    enum fl_route_kind k, int code, const char *ecode, unsigned seconds,
			    const char *msg);
/* Checks the request's bearer token against need: 0 when allowed, else
 * the HTTP status of the error queued (401, 403, 500), *rc its result. */
int authorize(struct fl_server *srv, struct MHD_Connection *c, enum fl_route_kind k,
	      enum fl_scope need, int64_t *token_id, enum MHD_Result *rc);
void serve_log(struct fl_server *srv, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
double serve_now(void);   /* monotonic seconds */
int64_t serve_wall_us(void);

#endif
