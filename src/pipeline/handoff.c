/* SPDX-License-Identifier: MIT */
/*
 * handoff.c - a bounded ring between two threads of the pipeline.
 *
 * The slots themselves (buffers, batches) belong to the caller; the ring
 * only says which slot is whose. Memory is therefore the caller's fixed
 * slots whatever the bundle's size, and a fast stage waits for a slow one
 * instead of queueing without bound.
 *
 * A side that waits is woken when a quarter of the ring is ready for it
 * (or at the end), not for each slot: a bundle of 32 Ki small files is
 * six slots per file, and waking a thread for each was a tenth of its
 * time in futex calls and context switches on two cores. Waking at half
 * the ring left the reader and the caller asleep while the scanner
 * alone filled or drained those slots, one of two cores idle: a quarter
 * was 3-4% faster on default, storm, deep-1x and wide-8k (alternating
 * pairs; an eighth and a sixteenth lost on wide-8k or default what they
 * won on storm). Neither side can wait for the other: the taker waits
 * only while fewer than a quarter of the slots are full, the giver only
 * while all are.
 */
#include "pipeline_int.h"

void handoff_init(struct handoff *h, size_t nslots)
{
	memset(h, 0, sizeof(*h));
	h->n = nslots;
	pthread_mutex_init(&h->mu, NULL);
	pthread_cond_init(&h->not_empty, NULL);
	pthread_cond_init(&h->not_full, NULL);
}

/* The slots a waiting side is woken for: one wake-up per batch, not per
 * slot. */
static size_t batch(const struct handoff *h)
{
	return h->n / 4 ? h->n / 4 : 1;
}

void handoff_release(struct handoff *h)
{
	pthread_cond_destroy(&h->not_full);
	pthread_cond_destroy(&h->not_empty);
	pthread_mutex_destroy(&h->mu);
}

long handoff_reserve(struct handoff *h)
{
	pthread_mutex_lock(&h->mu);
	while (h->count == h->n && !h->cancel) {
		h->giver_waits = true;
		pthread_cond_wait(&h->not_full, &h->mu);
	}
	long i = h->cancel ? -1 : (long)((h->head + h->count) % h->n);
	pthread_mutex_unlock(&h->mu);
	return i;
}

void handoff_publish(struct handoff *h)
{
	pthread_mutex_lock(&h->mu);
	h->count++;
	if (h->taker_waits && h->count >= batch(h)) {
		h->taker_waits = false;
		pthread_cond_signal(&h->not_empty);
	}
	pthread_mutex_unlock(&h->mu);
}

void handoff_finish(struct handoff *h)
{
	pthread_mutex_lock(&h->mu);
	h->done = true;
	h->taker_waits = false;
	pthread_cond_signal(&h->not_empty);
	pthread_mutex_unlock(&h->mu);
}

long handoff_take(struct handoff *h)
{
	pthread_mutex_lock(&h->mu);
	while (h->count == 0 && !h->done) {
		h->taker_waits = true;
		pthread_cond_wait(&h->not_empty, &h->mu);
	}
	long i = h->count ? (long)h->head : -1;
	pthread_mutex_unlock(&h->mu);
	return i;
}

void handoff_taken(struct handoff *h)
{
	pthread_mutex_lock(&h->mu);
	h->head = (h->head + 1) % h->n;
	h->count--;
	if (h->giver_waits && h->n - h->count >= batch(h)) {
		h->giver_waits = false;
		pthread_cond_signal(&h->not_full);
	}
	pthread_mutex_unlock(&h->mu);
}

void handoff_cancel(struct handoff *h)
{
	pthread_mutex_lock(&h->mu);
	h->cancel = true;
	h->giver_waits = false;
	pthread_cond_broadcast(&h->not_full);
	pthread_mutex_unlock(&h->mu);
}
