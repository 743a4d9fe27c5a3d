/* SPDX-License-Identifier: MIT */
/*
 * client.c - one bundle sent with PUT, streamed, bounded in time.
 *
 * A file goes with its size (Content-Length), so that the server can
 * refuse one that is too large before a byte is sent (curl sends
 * Expect: 100-continue for large bodies and waits for the verdict). A
 * directory is packed on the fly by a thread that writes the tar.zst into
 * a pipe, which curl reads and sends chunked. If curl gives up first, the
 * pipe's read end is closed and the packer stops on the write error.
 * A file also goes with its sha256 (X-Faultline-Sha256): a server that
 * holds those bytes already answers before the body is sent, so that a
 * retried upload of a large bundle costs a read of it, not a transfer.
 * Tested by: tests/e2e/test_upload.sh
 */
#include "faultline/client.h"
#include "faultline/ingest.h"

#include <curl/curl.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

double fl_send_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

bool fl_send_retryable(const struct fl_send_answer *ans)
{
	return ans->status == 0 || ans->status == 408 || ans->status == 429 || ans->status >= 500;
}

/* The upload endpoint: the URL as given when it names it, else below it. */
static char *endpoint(CURL *c, const struct fl_send_opts *o)
{
	static const char path[] = "/api/v1/bundles";
	size_t n = strlen(o->url);
	while (n && o->url[n - 1] == '/')
		n--;
	struct fl_buf b = FL_BUF_INIT;
	fl_buf_add(&b, o->url, n);
	if (n < sizeof(path) - 1 || strcmp(b.ptr + n - (sizeof(path) - 1), path))
		fl_buf_adds(&b, path);
	const char *keys[] = { "name", "job", "cluster" };
	const char *vals[] = { o->name, o->job, o->cluster };
	char sep = '?';
	for (size_t i = 0; i < 3; i++) {
		if (!vals[i] || !*vals[i])
			continue;
		char *esc = curl_easy_escape(c, vals[i], 0);
		fl_buf_printf(&b, "%c%s=%s", sep, keys[i], esc ? esc : "");
		curl_free(esc);
		sep = '&';
	}
	return fl_buf_detach(&b);
}

static size_t on_body(char *p, size_t size, size_t n, void *ctx)
{
	struct fl_send_answer *a = ctx;
	size_t len = strlen(a->body), k = size * n;
	size_t room = sizeof(a->body) - 1 - len;
	memcpy(a->body + len, p, k < room ? k : room);
	a->body[len + (k < room ? k : room)] = '\0';
	return size * n;
}

static size_t on_header(char *p, size_t size, size_t n, void *ctx)
{
	struct fl_send_answer *a = ctx;
	size_t k = size * n;
	if (k > 12 && !strncasecmp(p, "Retry-After:", 12)) {
		/* Seconds only; an HTTP-date is read as a minute. */
		unsigned long v = strtoul(p + 12, NULL, 10);
		a->retry_after = v ? (unsigned)(v > 86400 ? 86400 : v) : 60;
	}
	return k;
}

struct packer {
	pthread_t t;
	const char *dir;
	int fd;
	struct fl_err err;
	int rc; /* set before fd is closed: the reader sees it at EOF */
};

/* Where curl reads the body from. */
struct source {
	int fd;
	const struct packer *pk; /* a directory's packer, else NULL */
};

static size_t on_read(char *p, size_t size, size_t n, void *ctx)
{
	const struct source *src = ctx;
	for (;;) {
		ssize_t r = read(src->fd, p, size * n);
		/* A packer that failed has closed the pipe: end the request
		 * without the closing chunk, so the server drops the body. */
		if (r == 0 && src->pk && __atomic_load_n(&src->pk->rc, __ATOMIC_ACQUIRE))
			return CURL_READFUNC_ABORT;
		if (r >= 0)
			return (size_t)r;
		if (errno != EINTR)
			return CURL_READFUNC_ABORT;
	}
}

static void *pack_main(void *arg)
{
	struct packer *pk = arg;
	__atomic_store_n(&pk->rc, fl_ingest_pack_dir(pk->dir, pk->fd, &pk->err), __ATOMIC_RELEASE);
	close(pk->fd);
	return NULL;
}

/* sha (NULL: none) is the body's sha256 in hex. */
static int perform(const struct fl_send_opts *o, struct source *src, int64_t size,
		   const char *sha, struct fl_send_answer *ans, struct fl_err *err)
{
	CURL *c = curl_easy_init();
	if (!c)
		return fl_err_set(err, FL_ENOMEM, "cannot start the HTTP client");
	char *url = endpoint(c, o);
	struct curl_slist *h = NULL;
	char *auth = o->token ? fl_xasprintf("Authorization: Bearer %s", o->token) : NULL;
	if (auth)
		h = curl_slist_append(h, auth);
	char digest[96];
	if (sha) {
		snprintf(digest, sizeof(digest), "X-Faultline-Sha256: %s", sha);
		h = curl_slist_append(h, digest);
	}
	curl_easy_setopt(c, CURLOPT_URL, url);
	curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "http,https");
	curl_easy_setopt(c, CURLOPT_UPLOAD, 1L);
	curl_easy_setopt(c, CURLOPT_READFUNCTION, on_read);
	curl_easy_setopt(c, CURLOPT_READDATA, src);
	if (size >= 0)
		curl_easy_setopt(c, CURLOPT_INFILESIZE_LARGE, (curl_off_t)size);
	curl_easy_setopt(c, CURLOPT_HTTPHEADER, h);
	curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, on_body);
	curl_easy_setopt(c, CURLOPT_WRITEDATA, ans);
	curl_easy_setopt(c, CURLOPT_HEADERFUNCTION, on_header);
	curl_easy_setopt(c, CURLOPT_HEADERDATA, ans);
	curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
	curl_easy_setopt(c, CURLOPT_TIMEOUT_MS, (long)(o->max_time * 1000));
	curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT_MS,
			 (long)(o->max_time < 10 ? o->max_time * 1000 : 10000));
	CURLcode rc = curl_easy_perform(c);
	long status = 0;
	curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &status);
	ans->status = (int)status;
	int r = FL_OK;
	/* An answer counts even when curl then failed to send the rest: a
	 * server that refused a body mid-way has said why. */
	if (rc != CURLE_OK && status < 200)
		r = fl_err_set(err, FL_EIO, "cannot send to '%s': %s", url, curl_easy_strerror(rc));
	curl_slist_free_all(h);
	free(auth);
	free(url);
	curl_easy_cleanup(c);
	return r;
}

static int send_dir(const struct fl_send_opts *o, const char *dir, struct fl_send_answer *ans,
		    struct fl_err *err)
{
	int p[2];
	if (pipe2(p, O_CLOEXEC))
		return fl_err_set(err, FL_EIO, "cannot make a pipe: %s", strerror(errno));
	struct packer pk = { .dir = dir, .fd = p[1] };
	fl_err_clear(&pk.err);
	if (pthread_create(&pk.t, NULL, pack_main, &pk)) {
		close(p[0]);
		close(p[1]);
		return fl_err_set(err, FL_EIO, "cannot start packing '%s'", dir);
	}
	struct source src = { p[0], &pk };
	int rc = perform(o, &src, -1, NULL, ans, err);
	/* The packer's own failure, not the broken pipe closing causes. */
	bool pack_failed = __atomic_load_n(&pk.rc, __ATOMIC_ACQUIRE) != 0;
	close(p[0]); /* a packer still writing stops on EPIPE */
	pthread_join(pk.t, NULL);
	if (pack_failed) {
		*err = pk.err;
		return pk.rc;
	}
	return rc;
}

static size_t discard(char *p, size_t size, size_t n, void *ctx)
{
	return size * n;
}

int fl_send_json(const char *url, const char *json, size_t len, double max_time, int *status,
		 struct fl_err *err)
{
	curl_global_init(CURL_GLOBAL_DEFAULT);
	CURL *c = curl_easy_init();
	if (!c)
		return fl_err_set(err, FL_ENOMEM, "cannot start the HTTP client");
	struct curl_slist *h = curl_slist_append(NULL, "Content-Type: application/json");
	curl_easy_setopt(c, CURLOPT_URL, url);
	curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "http,https");
	curl_easy_setopt(c, CURLOPT_POSTFIELDS, json);
	curl_easy_setopt(c, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)len);
	curl_easy_setopt(c, CURLOPT_HTTPHEADER, h);
	curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, discard);
	curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
	curl_easy_setopt(c, CURLOPT_TIMEOUT_MS, (long)(max_time * 1000));
	CURLcode rc = curl_easy_perform(c);
	long st = 0;
	curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &st);
	*status = (int)st;
	int r = rc == CURLE_OK ? FL_OK
			       : fl_err_set(err, FL_EIO, "cannot post to '%s': %s", url,
					    curl_easy_strerror(rc));
	curl_slist_free_all(h);
	curl_easy_cleanup(c);
	return r;
}

/* The sha256 of the file open on fd, read from its start; fd is left at
 * its start again. */
static int file_sha(int fd, const char *path, char sha[65], struct fl_err *err)
{
	struct fl_hash *h = fl_hash_new();
	char buf[1 << 16];
	off_t off = 0;
	ssize_t n;
	while ((n = pread(fd, buf, sizeof(buf), off)) > 0 || (n < 0 && errno == EINTR)) {
		if (n > 0) {
			fl_hash_add(h, buf, (size_t)n);
			off += n;
		}
	}
	fl_hash_hex(h, sha);
	fl_hash_free(h);
	if (n < 0)
		return fl_err_set(err, FL_EIO, "cannot read '%s': %s", path, strerror(errno));
	return FL_OK;
}

int fl_send_bundle(const struct fl_send_opts *o, const char *path, struct fl_send_answer *ans,
		   struct fl_err *err)
{
	memset(ans, 0, sizeof(*ans));
	curl_global_init(CURL_GLOBAL_DEFAULT);
	struct stat sb;
	if (stat(path, &sb))
		return fl_err_set(err, FL_EIO, "cannot read '%s': %s", path, strerror(errno));
	if (S_ISDIR(sb.st_mode))
		return send_dir(o, path, ans, err);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return fl_err_set(err, FL_EIO, "cannot open '%s': %s", path, strerror(errno));
	char sha[65];
	int rc = file_sha(fd, path, sha, err);
	struct source src = { fd, NULL };
	if (!rc)
		rc = perform(o, &src, sb.st_size, sha, ans, err);
	close(fd);
	return rc;
}
