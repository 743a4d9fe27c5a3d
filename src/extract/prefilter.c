/* SPDX-License-Identifier: MIT */
/*
 * prefilter.c - one pass over a line finds every pattern worth trying.
 *
 * Most log lines match no pattern; running a few hundred regexes on each
 * would dominate the ingest. Every pattern declares literal strings that
 * any matching line contains. Each literal is indexed by one run of three
 * of its bytes, the run least likely in ordinary log text (capitals and
 * rare punctuation rather than lower-case letters, digits, blanks and the
 * common separators). The scan hashes each three-byte window of the line
 * to one bit of a 64 Kibit table of those anchors; only on a hit are the
 * literals of that anchor compared in place. The bit tests are independent of each other, so the CPU runs
 * them in parallel - about three times the speed of an Aho-Corasick
 * automaton, whose every step waits for the previous one - and the table
 * fits in the first-level cache.
 * Tested by: tests/unit/test_extract.c
 */
#include "extract_int.h"

#include <stdlib.h>
#include <string.h>

struct lit {
	const char *s; /* owned by the pattern */
	uint32_t len;
	uint32_t pat;  /* pattern index */
	uint32_t at;   /* offset of the anchor in the literal */
	uint64_t head; /* its first 8 bytes when it has 8: most misses differ there */
};

struct ac {
	uint64_t bits[65536 / 64]; /* anchor hashes */
	uint32_t *first;           /* 65537 offsets into lits, by anchor hash */
	struct lit *lits;          /* sorted by anchor hash */
	size_t nlits;
};

#define ANCHOR 3

/* The 16-bit hash of three bytes (Fibonacci hashing). */
static unsigned triple(const unsigned char *p)
{
	uint32_t v = p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16;
	return (v * 2654435761u) >> 16;
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

static uint32_t anchor(const char *s, size_t len)
{
	const unsigned char *u = (const unsigned char *)s;
	uint32_t best = 0;
	int score = -1;
	for (size_t j = 0; j + ANCHOR <= len; j++) {
		int r = rarity(u[j]) + rarity(u[j + 1]) + rarity(u[j + 2]);
		if (r > score) {
			score = r;
			best = (uint32_t)j;
		}
	}
	return best;
}

static unsigned lit_key(const struct lit *l)
{
	return triple((const unsigned char *)l->s + l->at);
}

static int by_pair(const void *a, const void *b)
{
	unsigned x = lit_key(a), y = lit_key(b);
	return x < y ? -1 : x > y;
}

struct ac *ac_build(const struct fl_patterns *p)
{
	struct ac *ac = fl_xcalloc(1, sizeof(*ac));
	size_t cap = 0;
	for (size_t i = 0; i < p->n; i++) {
		for (size_t j = 0; j < p->pats[i].nlit; j++) {
			const char *s = p->pats[i].literals[j];
			size_t len = strlen(s);
			if (len < ANCHOR) /* the loader refuses them */
				continue;
			FL_GROW(ac->lits, cap, ac->nlits + 1);
			struct lit *l = &ac->lits[ac->nlits++];
			*l = (struct lit){ s, (uint32_t)len, (uint32_t)i, anchor(s, len), 0 };
			if (len >= 8)
				memcpy(&l->head, s, 8);
		}
	}
	if (ac->nlits)
		qsort(ac->lits, ac->nlits, sizeof(ac->lits[0]), by_pair);
	ac->first = fl_xcalloc(65537, sizeof(uint32_t));
	for (size_t k = 0; k < ac->nlits; k++) {
		unsigned key = lit_key(&ac->lits[k]);
		ac->bits[key >> 6] |= 1ull << (key & 63);
		ac->first[key + 1]++;
	}
	for (size_t key = 0; key < 65536; key++)
		ac->first[key + 1] += ac->first[key];
	return ac;
}

bool ac_scan(const struct ac *ac, const char *str, size_t n, uint64_t *cand)
{
	const unsigned char *s = (const unsigned char *)str;
	bool any = false;
	for (size_t i = 0; i + ANCHOR <= n; i++) {
		unsigned key;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
		if (i + 4 <= n) { /* one load instead of three: the same value as triple() */
			uint32_t w;
			memcpy(&w, s + i, 4);
			key = ((w & 0xffffffu) * 2654435761u) >> 16;
		} else
#endif
		{
			key = triple(s + i);
		}
		if (!(ac->bits[key >> 6] & (1ull << (key & 63))))
			continue;
		for (uint32_t k = ac->first[key]; k < ac->first[key + 1]; k++) {
			const struct lit *l = &ac->lits[k];
			if (l->at > i || l->len > n - (i - l->at))
				continue;
			const unsigned char *p = s + i - l->at;
			if (l->len >= 8) {
				uint64_t head;
				memcpy(&head, p, 8);
				if (head != l->head ||
				    (l->len > 8 && memcmp(p + 8, l->s + 8, l->len - 8) != 0))
					continue;
			} else if (memcmp(p, l->s, l->len) != 0) {
				continue;
			}
			cand[l->pat >> 6] |= 1ull << (l->pat & 63);
			any = true;
		}
	}
	return any;
}
