/* SPDX-License-Identifier: MIT */
/*
 * test_keymap.c - the pipeline's key -> record map: records keep their
 * address while it grows, and iteration follows the order in which keys
 * arrived, which is the order of the rows the maps write.
 */
#include <criterion/criterion.h>

#include <stdio.h>

#include "fl_test.h"
#include "pipeline/pipeline_int.h"

struct rec {
	int arrived; /* its key's place in the order of arrival */
	int hits;
};

static int released;

static void rec_release(void *val)
{
	(void)val;
	released++;
}

static size_t key_of(char *buf, size_t cap, unsigned k)
{
	return (size_t)snprintf(buf, cap, "stream-%u", k);
}

/* Keys in an order no hash keeps (a multiplicative permutation of 0..n-1). */
static unsigned shuffled(unsigned i, unsigned n)
{
	return (i * 7919u) % n;
}

Test(keymap, iteration_follows_arrival_across_growth)
{
	enum { N = 5000 };
	struct keymap m;
	keymap_init(&m, sizeof(struct rec), NULL);
	char key[32];
	for (unsigned i = 0; i < N; i++) {
		bool fresh;
		struct rec *r = keymap_get(&m, key, key_of(key, sizeof(key), shuffled(i, N)), &fresh);
		cr_assert(fresh);
		r->arrived = (int)i;
	}
	cr_assert_eq(m.used, N);
	for (size_t i = 0; i < m.used; i++) {
		const struct rec *r = keymap_at(&m, i);
		cr_assert_eq(r->arrived, (int)i, "record %zu came %d-th", i, r->arrived);
		size_t n = key_of(key, sizeof(key), shuffled((unsigned)i, N));
		cr_assert_eq(keymap_hash_at(&m, i), fl_hash_key(key, n));
	}
	keymap_clear(&m);
}

Test(keymap, a_record_keeps_its_address_and_is_found_again)
{
	struct keymap m;
	keymap_init(&m, sizeof(struct rec), NULL);
	bool fresh;
	struct rec *first = keymap_get(&m, "rank0", 5, &fresh);
	first->hits = 1;
	char key[32];
	for (unsigned k = 0; k < 1000; k++)
		keymap_get(&m, key, key_of(key, sizeof(key), k), &fresh);
	cr_assert_eq(keymap_get(&m, "rank0", 5, &fresh), first);
	cr_assert(!fresh);
	cr_assert_eq(keymap_find(&m, "rank0", 5), first);
	cr_assert_eq(first->hits, 1);
	cr_assert_null(keymap_find(&m, "rank1", 5));
	keymap_clear(&m);
}

Test(keymap, keys_are_bytes_of_their_length)
{
	struct keymap m;
	keymap_init(&m, sizeof(struct rec), NULL);
	cr_assert_null(keymap_find(&m, "a", 1), "an empty map finds nothing");
	bool fresh;
	struct rec *a = keymap_get(&m, "a\0b", 3, &fresh);
	struct rec *b = keymap_get(&m, "a\0c", 3, &fresh);
	struct rec *c = keymap_get(&m, "a", 1, &fresh);
	struct rec *d = keymap_get(&m, "a\0", 2, &fresh);
	cr_assert(a != b && a != c && a != d && b != c && b != d && c != d);
	cr_assert_eq(m.used, 4);
	cr_assert_eq(keymap_find(&m, "a\0c", 3), b);
	keymap_clear(&m);
}

Test(keymap, clear_releases_every_record_and_leaves_it_usable)
{
	struct keymap m;
	keymap_init(&m, sizeof(struct rec), rec_release);
	char key[32];
	bool fresh;
	released = 0;
	for (unsigned k = 0; k < 300; k++)
		keymap_get(&m, key, key_of(key, sizeof(key), k), &fresh);
	keymap_clear(&m);
	cr_assert_eq(released, 300);
	cr_assert_eq(m.used, 0);
	cr_assert_null(keymap_find(&m, "stream-1", 8));
	struct rec *r = keymap_get(&m, "stream-1", 8, &fresh);
	cr_assert(fresh && r->arrived == 0 && r->hits == 0, "a new record is zeroed");
	cr_assert_eq(keymap_at(&m, 0), r);
	keymap_clear(&m);
	cr_assert_eq(released, 301);
}
