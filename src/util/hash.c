/* SPDX-License-Identifier: MIT */
/*
 * hash.c - the non-cryptographic hashes of faultline.
 *
 * 64-bit FNV-1a for what is stored (pattern-set digests, incident
 * signatures): it is small, has no state to set up, and its values are
 * stable across builds, which those rely on. The ingest's maps hash a
 * key per event or per change of stream, where FNV-1a's step per byte
 * was 3% of a bundle's CPU: fl_hash_key() takes eight bytes a step.
 * Tested by: tests/unit/test_util.c
 */
#include "faultline/util.h"

#include <string.h>

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

/* Each word is folded in with a multiply and a shift (splitmix64's
 * mixing), so that every input bit reaches the low bits a map indexes
 * by; the length goes in first, so keys that differ only by trailing
 * zero bytes differ. */
static uint64_t fold(uint64_t h, uint64_t w)
{
	h = (h ^ w) * 0xbf58476d1ce4e5b9ull;
	return h ^ (h >> 31);
}

uint64_t fl_hash_key(const void *p, size_t n)
{
	const unsigned char *s = p;
	uint64_t h = fold(0x9e3779b97f4a7c15ull, n), w;
	for (; n >= sizeof(w); s += sizeof(w), n -= sizeof(w)) {
		memcpy(&w, s, sizeof(w));
		h = fold(h, w);
	}
	w = 0;
	memcpy(&w, s, n);
	h = fold(h, w) * 0x94d049bb133111ebull;
	return h ^ (h >> 29);
}
