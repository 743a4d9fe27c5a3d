/* SPDX-License-Identifier: MIT */
/*
 * ratelimit.c - uploads per token per hour, as a token bucket.
 *
 * A bucket holds up to `burst` uploads and refills continuously at
 * `per_hour`, so a job array that finishes all at once is served up to the
 * burst and then spread out, each refused client told when to come back
 * (429 with Retry-After). The table is fixed-size: a flood of keys cannot
 * grow memory.
 * Tested by: tests/unit/test_serve.c
 */
#include "faultline/serve.h"

#include <string.h>

void fl_ratelimit_init(struct fl_ratelimit *rl, double per_hour, double burst)
{
	memset(rl, 0, sizeof(*rl));
	rl->per_hour = per_hour;
	rl->burst = burst < 1 ? 1 : burst;
}

/* The key's bucket, or a fresh one in place of the least recently used. */
static struct fl_bucket *bucket(struct fl_ratelimit *rl, int64_t key, double now)
{
	struct fl_bucket *oldest = &rl->b[0];
	for (size_t i = 0; i < FL_RATELIMIT_KEYS; i++) {
		struct fl_bucket *b = &rl->b[i];
		if (b->used && b->key == key)
			return b;
		if (!b->used || (oldest->used && b->at < oldest->at))
			oldest = b;
	}
	oldest->used = true;
	oldest->key = key;
	oldest->tokens = rl->burst;
	oldest->at = now;
	return oldest;
}

bool fl_ratelimit_take(struct fl_ratelimit *rl, int64_t key, double now, double *retry_after)
{
	if (rl->per_hour <= 0)
		return true;
	struct fl_bucket *b = bucket(rl, key, now);
	double rate = rl->per_hour / 3600.0;
	if (now > b->at) {
		b->tokens += (now - b->at) * rate;
		if (b->tokens > rl->burst)
			b->tokens = rl->burst;
	}
	b->at = now > b->at ? now : b->at;
	if (b->tokens >= 1) {
		b->tokens -= 1;
		return true;
	}
	*retry_after = (1 - b->tokens) / rate;
	return false;
}
