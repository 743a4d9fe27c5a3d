/* SPDX-License-Identifier: MIT */
/*
 * webhook.c - `serve --webhook URL`: a JSON summary POSTed when an
 * analysis finishes.
 *
 * The body is what GET /api/v1/runs/{id} answers at that moment (status,
 * verdict or error, URLs). Posting happens on a thread of its own so that
 * a slow receiver never holds the analysis queue: finished runs wait in a
 * bounded ring (the oldest is dropped, and counted, when it is full), and
 * each is tried up to WEBHOOK_TRIES times, WEBHOOK_TIMEOUT seconds each,
 * waiting 1, 2, 4 s between tries. Any 2xx is success; a 4xx other than
 * 408 and 429 is final. Sending goes through the client module (libcurl).
 * Tested by: tests/e2e/test_serve.sh
 */
#include "serve_int.h"
#include "faultline/client.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define WEBHOOK_RING 256
#define WEBHOOK_TRIES 4
#define WEBHOOK_TIMEOUT 5.0

struct webhook {
	pthread_t t;
	pthread_mutex_t lock;
	pthread_cond_t cond;
	char *ring[WEBHOOK_RING];
	size_t head, n;
	bool stopping;
};

/* One delivery with its retries; false when it was given up. */
static bool deliver(struct fl_server *srv, const char *body)
{
	unsigned wait = 1;
	for (int i = 0; i < WEBHOOK_TRIES; i++) {
		if (i) {
			sleep(wait);
			wait *= 2;
		}
		int status = 0;
		struct fl_err err;
		fl_err_clear(&err);
		int rc = fl_send_json(srv->o.webhook, body, strlen(body), WEBHOOK_TIMEOUT, &status,
				      &err);
		if (!rc && status >= 200 && status < 300)
			return true;
		struct fl_send_answer a = { .status = rc ? 0 : status };
		serve_log(srv, "webhook: %s", rc ? err.msg : "the receiver refused the summary");
		if (!fl_send_retryable(&a))
			return false;
		pthread_mutex_lock(&srv->wh->lock);
		bool stop = srv->wh->stopping;
		pthread_mutex_unlock(&srv->wh->lock);
		if (stop)
			return false;
	}
	return false;
}

static void *loop(void *arg)
{
	struct fl_server *srv = arg;
	struct webhook *w = srv->wh;
	pthread_mutex_lock(&w->lock);
	for (;;) {
		while (!w->n && !w->stopping)
			pthread_cond_wait(&w->cond, &w->lock);
		if (w->stopping)
			break;
		char *body = w->ring[w->head];
		w->head = (w->head + 1) % WEBHOOK_RING;
		w->n--;
		pthread_mutex_unlock(&w->lock);
		bool ok = deliver(srv, body);
		free(body);
		pthread_mutex_lock(&srv->lock);
		srv->m.webhooks[ok ? 0 : 1]++;
		pthread_mutex_unlock(&srv->lock);
		pthread_mutex_lock(&w->lock);
	}
	pthread_mutex_unlock(&w->lock);
	return NULL;
}

int webhook_start(struct fl_server *srv, struct fl_err *err)
{
	if (!srv->o.webhook)
		return FL_OK;
	struct webhook *w = fl_xcalloc(1, sizeof(*w));
	pthread_mutex_init(&w->lock, NULL);
	pthread_cond_init(&w->cond, NULL);
	srv->wh = w;
	if (pthread_create(&w->t, NULL, loop, srv)) {
		srv->wh = NULL;
		free(w);
		return fl_err_set(err, FL_EIO, "cannot start the webhook thread");
	}
	return FL_OK;
}

void webhook_post(struct fl_server *srv, char *body)
{
	struct webhook *w = srv->wh;
	if (!w) {
		free(body);
		return;
	}
	bool dropped = false;
	pthread_mutex_lock(&w->lock);
	if (w->n == WEBHOOK_RING) {
		free(w->ring[w->head]);
		w->head = (w->head + 1) % WEBHOOK_RING;
		w->n--;
		dropped = true;
	}
	w->ring[(w->head + w->n) % WEBHOOK_RING] = body;
	w->n++;
	pthread_cond_signal(&w->cond);
	pthread_mutex_unlock(&w->lock);
	if (dropped) {
		pthread_mutex_lock(&srv->lock);
		srv->m.webhooks[1]++;
		pthread_mutex_unlock(&srv->lock);
	}
}

void webhook_stop(struct fl_server *srv)
{
	struct webhook *w = srv->wh;
	if (!w)
		return;
	pthread_mutex_lock(&w->lock);
	w->stopping = true;
	pthread_cond_signal(&w->cond);
	pthread_mutex_unlock(&w->lock);
	pthread_join(w->t, NULL);
	for (size_t i = 0; i < w->n; i++)
		free(w->ring[(w->head + i) % WEBHOOK_RING]);
	pthread_mutex_destroy(&w->lock);
	pthread_cond_destroy(&w->cond);
	free(w);
	srv->wh = NULL;
}
