/* SPDX-License-Identifier: MIT */
/*
 * prefilter.c - one pass over a line finds every pattern worth trying.
 *
 * Most log lines match no pattern; running a few hundred regexes on each
 * would dominate the ingest. Every pattern declares literal strings that
 * any matching line contains. The scan hashes every second three-byte
 * window of the line to one bit of a 64 Kibit table of anchors; only on a
 * hit are the literals of that anchor compared in place. A literal is
 * indexed by two adjacent windows, so that one of them is always among
 * those scanned: the two in its run of four bytes least likely in ordinary
 * log text (capitals and rare punctuation rather than lower-case letters,
 * digits, blanks and the common separators). A literal of three bytes has
 * one window of its own; its second is that window shifted by one byte,
 * under each of the 256 bytes that may follow it, and the last window of
 * a line is always scanned for one that ends it. The bit tests are
 * independent of each other, so the CPU runs them in parallel - about
 * three times the speed of an Aho-Corasick automaton, whose every step
 * waits for the previous one - and the table fits in the first-level
 * cache.
 * Tested by: tests/unit/test_extract.c
 */
#include "extract_int.h"

#include <stdlib.h>
#include <string.h>

struct lit {
	const char *s; /* owned by the pattern */
	uint32_t len;
	uint32_t pat;  /* pattern index */
	uint32_t at;   /* offset of the anchor window in the literal */
	uint32_t key;  /* hash of that window */
	uint64_t head; /* its first 8 bytes when it has 8: most misses differ there */
};

struct ac {
	uint64_t bits[65536 / 64]; /* anchor hashes */
	uint32_t *first;           /* 65537 offsets into lits, by anchor hash */
	struct lit *lits;          /* sorted by anchor hash */
	size_t nlits, cap;
};

#define ANCHOR 3

/* The 16-bit hash of the low three bytes of v (Fibonacci hashing). */
static unsigned hash24(uint32_t v)
{
	return ((v & 0xffffffu) * 2654435761u) >> 16;
}

/* The hash of the three bytes at p. */
static unsigned triple(const unsigned char *p)
{
	return hash24(p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16);
}

void ac_free(struct ac *ac)
{
	if (!ac)
		return;
	free(ac->first);
	free(ac->lits);
	free(ac);
}

/* How unusual a byte is in log text: digits, blanks and the common
 * separators are everywhere, lower-case letters nearly so; capitals and
 * other punctuation are what make a window rare. */
static int rarity(unsigned char c)
{
	if (strchr(" ,:.=[]()-_/0123456789", c) && c)
		return 0;
	if (c >= 'a' && c <= 'z')
		return 1;
	return 3;
}

static int window_rarity(const unsigned char *u)
{
	return rarity(u[0]) + rarity(u[1]) + rarity(u[2]);
}

/* The first of the two adjacent windows whose commoner one is rarest (then
 * whose sum is): a scan tries either. len >= 4. */
static uint32_t anchor(const char *s, size_t len)
{
	const unsigned char *u = (const unsigned char *)s;
	uint32_t best = 0;
	int score = -1;
	for (size_t j = 0; j + ANCHOR < len; j++) {
		int a = window_rarity(u + j), b = window_rarity(u + j + 1);
		int r = (a < b ? a : b) * 32 + a + b;
		if (r > score) {
			score = r;
			best = (uint32_t)j;
		}
	}
	return best;
}

static void add_lit(struct ac *ac, const char *s, size_t len, size_t pat, uint32_t at, unsigned key)
{
	FL_GROW(ac->lits, ac->cap, ac->nlits + 1);
	struct lit *l = &ac->lits[ac->nlits++];
	*l = (struct lit){ s, (uint32_t)len, (uint32_t)pat, at, key, 0 };
	if (len >= 8)
		memcpy(&l->head, s, 8);
}

static void index_lit(struct ac *ac, const char *s, size_t len, size_t pat)
{
	const unsigned char *u = (const unsigned char *)s;
	if (len > ANCHOR) {
		uint32_t at = anchor(s, len);
		add_lit(ac, s, len, pat, at, triple(u + at));
		add_lit(ac, s, len, pat, at + 1, triple(u + at + 1));
		return;
	}
	add_lit(ac, s, len, pat, 0, triple(u));
	for (unsigned next = 0; next < 256; next++)
		add_lit(ac, s, len, pat, 1, hash24(u[1] | (uint32_t)u[2] << 8 | next << 16));
}

static int by_key(const void *a, const void *b)
{
	unsigned x = ((const struct lit *)a)->key, y = ((const struct lit *)b)->key;
	return x < y ? -1 : x > y;
}

struct ac *ac_build(const struct fl_patterns *p)
{
	struct ac *ac = fl_xcalloc(1, sizeof(*ac));
	for (size_t i = 0; i < p->n; i++) {
		for (size_t j = 0; j < p->pats[i].nlit; j++) {
			const char *s = p->pats[i].literals[j];
			size_t len = strlen(s);
			if (len >= ANCHOR) /* the loader refuses shorter ones */
				index_lit(ac, s, len, i);
		}
	}
	if (ac->nlits)
		qsort(ac->lits, ac->nlits, sizeof(ac->lits[0]), by_key);
	ac->first = fl_xcalloc(65537, sizeof(uint32_t));
	for (size_t k = 0; k < ac->nlits; k++) {
		unsigned key = ac->lits[k].key;
		ac->bits[key >> 6] |= 1ull << (key & 63);
		ac->first[key + 1]++;
	}
	for (size_t key = 0; key < 65536; key++)
		ac->first[key + 1] += ac->first[key];
	return ac;
}

static bool has_key(const struct ac *ac, unsigned key)
{
	return ac->bits[key >> 6] & (1ull << (key & 63));
}

/* Marks the patterns of the literals anchored by key that occur with
 * that anchor at s[i]. */
static bool lits_at(const struct ac *ac, const unsigned char *s, size_t n, size_t i, unsigned key,
		    uint64_t *cand)
{
	bool any = false;
	for (uint32_t k = ac->first[key]; k < ac->first[key + 1]; k++) {
		const struct lit *l = &ac->lits[k];
		if (l->at > i || l->len > n - (i - l->at))
			continue;
		const unsigned char *p = s + i - l->at;
		if (l->len >= 8) {
			uint64_t head;
			memcpy(&head, p, 8);
			if (head != l->head || (l->len > 8 && memcmp(p + 8, l->s + 8, l->len - 8) != 0))
				continue;
		} else if (memcmp(p, l->s, l->len) != 0) {
			continue;
		}
		cand[l->pat >> 6] |= 1ull << (l->pat & 63);
		any = true;
	}
	return any;
}

static bool window(const struct ac *ac, const unsigned char *s, size_t n, size_t i, uint64_t *cand)
{
	unsigned key = triple(s + i);
	return has_key(ac, key) && lits_at(ac, s, n, i, key, cand);
}

bool ac_scan(const struct ac *ac, const char *str, size_t n, uint64_t *cand)
{
	const unsigned char *s = (const unsigned char *)str;
	bool any = false;
	size_t i = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	for (; i + 4 <= n; i += 2) { /* one load instead of three: the same key as triple() */
		uint32_t w;
		memcpy(&w, s + i, 4);
		unsigned key = hash24(w);
		if (has_key(ac, key))
			any |= lits_at(ac, s, n, i, key, cand);
	}
#endif
	for (; i + ANCHOR <= n; i += 2)
		any |= window(ac, s, n, i, cand);
	if (n >= ANCHOR && (n - ANCHOR) % 2)
		any |= window(ac, s, n, n - ANCHOR, cand);
	return any;
}
