/* SPDX-License-Identifier: MIT */
/*
 * hash.c - 64-bit FNV-1a, the one non-cryptographic hash of faultline.
 *
 * Short keys hashed once each (map keys, pattern-set digests, incident
 * signatures): FNV-1a is small, has no state to set up, and its values
 * are stable across builds, which the stored digests and signatures
 * rely on.
 * Tested by: tests/unit/test_util.c
 */
#include "faultline/util.h"

#define FNV_PRIME 1099511628211ull

uint64_t fl_fnv1a(uint64_t h, const void *p, size_t n)
{
	const unsigned char *s = p;
	for (size_t i = 0; i < n; i++)
		h = (h ^ s[i]) * FNV_PRIME;
	return h;
}

uint64_t fl_fnv1a_word(uint64_t h, uint64_t v)
{
	return (h ^ v) * FNV_PRIME;
}
