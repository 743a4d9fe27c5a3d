/* SPDX-License-Identifier: MIT */
/*
 * client.h - sending bundles to `faultline serve` (for `faultline upload`).
 *
 * A peer of serve on the other end of the wire, and the only module that
 * includes curl/curl.h. A file is streamed with PUT from disk (curl reads
 * it in 64 KiB pieces), a directory as a tar.zst written on the fly by
 * ingest's fl_ingest_pack_dir() into a pipe: nothing is buffered whole and
 * no temporary archive is written. Every call is bounded by max_time.
 *
 * The spool (client_spool.c) keeps bundles that could not be sent from a
 * job's epilogue, to be sent by a later `faultline upload --flush`.
 * Nothing here prints or exits.
 */
#ifndef FAULTLINE_CLIENT_H
#define FAULTLINE_CLIENT_H

#include "faultline/util.h"

struct fl_send_opts {
	const char *url;     /* the server (http://host:8470) or its /api/v1/bundles */
	const char *token;   /* bearer token, NULL for none */
	const char *name;    /* the bundle's name on the server (name=) */
	const char *job, *cluster; /* optional, sent as query arguments */
	double max_time;     /* seconds for the whole request, > 0 */
};

/* What the server answered. */
struct fl_send_answer {
	int status;          /* HTTP status; 0 when no answer came */
	unsigned retry_after; /* seconds from Retry-After, 0 when none */
	char body[2048];     /* the start of the body, NUL-terminated */
};

/* Sends the bundle at path (a file or a directory). FL_OK when the server
 * answered, whatever the status (see ans->status); FL_EIO with a message
 * when it could not be reached or did not answer within max_time. */
int fl_send_bundle(const struct fl_send_opts *o, const char *path, struct fl_send_answer *ans,
		   struct fl_err *err);

/* POSTs a JSON document (len bytes) to url within max_time seconds. FL_OK
 * when the server answered (*status), FL_EIO when it could not be reached. */
int fl_send_json(const char *url, const char *json, size_t len, double max_time, int *status,
		 struct fl_err *err);

/* Whether a later attempt could succeed: no answer, 408, 429, 5xx. Other
 * 4xx are final (a bad token, too large): retrying cannot help. */
bool fl_send_retryable(const struct fl_send_answer *ans);

/* ---- the epilogue spool ----
 * One bundle per entry: <dir>/<id>.bundle (a hard link or copy of a file,
 * or a directory's tar.zst) and <dir>/<id>.meta (url, name, job, cluster,
 * attempts, not_before; never the token). */

/* Puts the bundle at path into the spool dir (created if needed), due
 * not before now + delay seconds. */
int fl_spool_add(const char *dir, const struct fl_send_opts *o, const char *path, double delay,
		 struct fl_err *err);

/* What fl_spool_flush() did. */
struct fl_flush_stats {
	unsigned sent, dropped, kept, waiting;
};
/* Sends the due entries of the spool dir with token, each within what is
 * left of deadline (monotonic seconds, as fl_send_now()); removes the
 * sent and the finally refused ones, and pushes the others back
 * (Retry-After, else doubling from a minute up to six hours). */
int fl_spool_flush(const char *dir, const char *token, double deadline,
		   struct fl_flush_stats *st, struct fl_err *err);

/* Monotonic seconds. */
double fl_send_now(void);

#endif
