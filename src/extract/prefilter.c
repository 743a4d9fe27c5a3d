/* SPDX-License-Identifier: MIT */
/*
 * prefilter.c - one pass over a line finds every pattern worth trying.
 *
 * Most log lines match no pattern; running a few hundred regexes on each
 * would dominate the ingest. Every pattern declares literal strings that
 * any matching line contains. The scan hashes every second four-byte
 * window of the line to one bit of a 128 Kibit table of anchors; only on a
 * hit are the literals of that anchor compared in place. A literal is
 * indexed by two adjacent windows, so that one of them is always among
 * those scanned: the two in its run of five bytes least likely in log text
 * (by how often each byte occurs there, see rarity()), less likely still
 * for each doubling of the literals that hold them: a word that many
 * literals share ("NCCL", "rank", "memory") is one logs print everywhere,
 * and its bucket held up to 28 literals to compare at each occurrence
 * (flbench's default bundle compared 46 M literals for 9.4 M lines, now
 * 15 M). Three-byte windows
 * were tried first: the trigrams of English words ("eck", "ive", "tio")
 * made a tenth of all windows hit, and every hit is a mispredicted branch.
 * A literal of three or four bytes has one window of its own at most; the
 * others are its bytes shifted by one, under each of the 256 bytes that
 * may come before or after it. The bit tests are independent of each
 * other, so the CPU runs them in parallel - about three times the speed
 * of an Aho-Corasick automaton, whose every step waits for the previous
 * one - and the table fits in the first-level cache.
 * Tested by: tests/unit/test_extract.c
 */
#include "extract_int.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

struct lit {
	const char *s; /* owned by the pattern */
	uint32_t len;
	uint32_t pat;  /* pattern index */
	int32_t at;    /* offset of the anchor window in the literal; -1: it
			* starts one byte before it */
	uint32_t key;  /* hash of that window */
	uint64_t head; /* its first 8 bytes when it has 8: most misses differ there */
};

enum { ANCHOR = 4, KEY_BITS = 17, NKEYS = 1 << KEY_BITS, SHARE_COST = 16 };

typedef bool ac_scan_fn(const struct ac *ac, const char *s, size_t n, uint64_t *cand);

struct ac {
	ac_scan_fn *scan;          /* the scan for this CPU */
	uint64_t bits[NKEYS / 64]; /* anchor hashes */
	uint32_t *first;           /* NKEYS + 1 offsets into lits, by anchor hash */
	struct lit *lits;          /* sorted by anchor hash */
	size_t nlits, cap;
};

static ac_scan_fn *scan_for_cpu(void);

/* The hash of the four bytes at p (Fibonacci hashing). The bytes are
 * loaded in the machine's order both when indexing and when scanning, so
 * the byte order does not matter. */
static unsigned quad(const unsigned char *p)
{
	uint32_t v;
	memcpy(&v, p, 4);
	return (v * 2654435761u) >> (32 - KEY_BITS);
}

void ac_free(struct ac *ac)
{
	if (!ac)
		return;
	free(ac->first);
	free(ac->lits);
	free(ac);
}

/* How unusual a byte is in log text, in quarter bits of surprise
 * (-4 log2 of its share of the bytes): blanks, digits and the common
 * separators are everywhere; lower-case letters as often as in English
 * text, so that an anchor prefers "kpo" of "checkpoint" to "che"; capitals
 * and other punctuation are what make a window rare. */
static int rarity(unsigned char c)
{
	/* -4 log2 of each letter's share of English text, times 0.55 (the
	 * share of lower-case letters in log lines). */
	static const unsigned char lower[26] = {
		/* a */ 18, 28, 24, 22, 15, 25, 26, 20, 19, 41, 31, 22, 25, /* m */
		/* n */ 19, 18, 26, 43, 20, 19, 17, 24, 30, 25, 41, 26, 45,
	};
	if (c == ' ')
		return 11;
	if (c >= '0' && c <= '9')
		return 21;
	if (c && strchr(",:.=[]()-_/", c))
		return 24;
	if (c >= 'a' && c <= 'z')
		return lower[c - 'a'];
	if (c >= 'A' && c <= 'Z')
		return 32;
	return 40;
}

static int window_rarity(const unsigned char *u)
{
	return rarity(u[0]) + rarity(u[1]) + rarity(u[2]) + rarity(u[3]);
}

/* How many literals hold each window (by its hash, at most UINT16_MAX).
 * A window that many literals share is a word that logs print everywhere
 * ("rank", "NCCL", "memory"), whose every occurrence would be compared
 * with all the literals anchored there. */
static uint16_t *shared_windows(const struct fl_patterns *p)
{
	uint16_t *n = fl_xcalloc(NKEYS, sizeof(*n));
	for (size_t i = 0; i < p->n; i++)
		for (size_t j = 0; j < p->pats[i].nlit; j++) {
			const unsigned char *u = (const unsigned char *)p->pats[i].literals[j];
			size_t len = strlen((const char *)u);
			for (size_t k = 0; k + ANCHOR <= len; k++) {
				uint16_t *c = &n[quad(u + k)];
				*c += *c < UINT16_MAX;
			}
		}
	return n;
}

/* A window's rarity, less SHARE_COST for each doubling of the literals
 * that hold it. */
static int window_score(const unsigned char *u, const uint16_t *shared)
{
	int score = window_rarity(u);
	for (unsigned c = shared[quad(u)]; c > 1; c >>= 1)
		score -= SHARE_COST;
	return score;
}

/* The first of the two adjacent windows whose commoner one is rarest (then
 * whose sum is): a scan tries either. len > ANCHOR. */
static int32_t anchor(const char *s, size_t len, const uint16_t *shared)
{
	const unsigned char *u = (const unsigned char *)s;
	int32_t best = 0;
	int score = INT_MIN;
	for (size_t j = 0; j + ANCHOR < len; j++) {
		int a = window_score(u + j, shared), b = window_score(u + j + 1, shared);
		int r = (a < b ? a : b) * 256 + a + b;
		if (r > score) {
			score = r;
			best = (int32_t)j;
		}
	}
	return best;
}

static void add_lit(struct ac *ac, const char *s, size_t len, size_t pat, int32_t at,
		    const unsigned char *win)
{
	FL_GROW(ac->lits, ac->cap, ac->nlits + 1);
	struct lit *l = &ac->lits[ac->nlits++];
	*l = (struct lit){ s, (uint32_t)len, (uint32_t)pat, at, quad(win), 0 };
	if (len >= 8)
		memcpy(&l->head, s, 8);
}

/* The windows of a literal of three or four bytes that hold its first
 * three preceded by any byte (at -1) and, for three, followed by any. */
static void add_short(struct ac *ac, const char *s, size_t len, size_t pat)
{
	unsigned char w[ANCHOR];
	for (unsigned x = 0; x < 256; x++) {
		w[0] = (unsigned char)x;
		memcpy(w + 1, s, 3);
		add_lit(ac, s, len, pat, -1, w);
		if (len == 3) {
			memcpy(w, s, 3);
			w[3] = (unsigned char)x;
			add_lit(ac, s, len, pat, 0, w);
		}
	}
}

/* A literal at an even offset of the line starts a scanned window, at an
 * odd one the window before it is scanned: the windows at offsets at and
 * at + 1 inside it cover both. A short literal, which has at most one
 * window of its own, is also indexed under the windows that straddle it
 * (add_short), and a line's last window is always scanned. */
static void index_lit(struct ac *ac, const char *s, size_t len, size_t pat,
		      const uint16_t *shared)
{
	const unsigned char *u = (const unsigned char *)s;
	if (len > ANCHOR) {
		int32_t at = anchor(s, len, shared);
		add_lit(ac, s, len, pat, at, u + at);
		add_lit(ac, s, len, pat, at + 1, u + at + 1);
		return;
	}
	if (len == ANCHOR)
		add_lit(ac, s, len, pat, 0, u);
	add_short(ac, s, len, pat);
}

static int by_key(const void *a, const void *b)
{
	unsigned x = ((const struct lit *)a)->key, y = ((const struct lit *)b)->key;
	return x < y ? -1 : x > y;
}

struct ac *ac_build(const struct fl_patterns *p)
{
	struct ac *ac = fl_xcalloc(1, sizeof(*ac));
	uint16_t *shared = shared_windows(p);
	for (size_t i = 0; i < p->n; i++) {
		for (size_t j = 0; j < p->pats[i].nlit; j++) {
			const char *s = p->pats[i].literals[j];
			size_t len = strlen(s);
			if (len >= 3) /* the loader refuses shorter ones */
				index_lit(ac, s, len, i, shared);
		}
	}
	free(shared);
	if (ac->nlits)
		qsort(ac->lits, ac->nlits, sizeof(ac->lits[0]), by_key);
	ac->scan = scan_for_cpu();
	ac->first = fl_xcalloc(NKEYS + 1, sizeof(uint32_t));
	for (size_t k = 0; k < ac->nlits; k++) {
		unsigned key = ac->lits[k].key;
		ac->bits[key >> 6] |= 1ull << (key & 63);
		ac->first[key + 1]++;
	}
	for (size_t key = 0; key < NKEYS; key++)
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
		int64_t start = (int64_t)i - l->at;
		if (start < 0 || l->len > n - (size_t)start)
			continue;
		const unsigned char *p = s + start;
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
	unsigned key = quad(s + i);
	return has_key(ac, key) && lits_at(ac, s, n, i, key, cand);
}

static inline __attribute__((always_inline)) bool scan(const struct ac *ac, const char *str,
							size_t n, uint64_t *cand)
{
	const unsigned char *s = (const unsigned char *)str;
	bool any = false;
	if (n < ANCHOR) {
		/* Only a three-byte literal fits: its window with a byte after. */
		unsigned char w[ANCHOR] = { 0 };
		memcpy(w, s, n);
		unsigned key = quad(w);
		return n == 3 && has_key(ac, key) && lits_at(ac, s, n, 0, key, cand);
	}
	/* Two windows per turn, their bits tested together: nearly every
	 * window misses, and one branch for both halves the loop's overhead. */
	size_t last = n - ANCHOR, i = 0;
	for (; i + 2 <= last; i += 4) {
		unsigned k0 = quad(s + i), k1 = quad(s + i + 2);
		if ((int)has_key(ac, k0) | (int)has_key(ac, k1)) {
			if (has_key(ac, k0))
				any |= lits_at(ac, s, n, i, k0, cand);
			if (has_key(ac, k1))
				any |= lits_at(ac, s, n, i + 2, k1, cand);
		}
	}
	for (; i <= last; i += 2)
		any |= window(ac, s, n, i, cand);
	if (last % 2)
		any |= window(ac, s, n, last, cand);
	return any;
}

static bool scan_base(const struct ac *ac, const char *s, size_t n, uint64_t *cand)
{
	return scan(ac, s, n, cand);
}

#ifdef __x86_64__
/* On x86-64 CPUs with BMI2 (2013 on), its shifts by a register take a
 * third fewer instructions per window than the baseline's. Chosen when
 * the table is built rather than by an ifunc (target_clones), whose
 * resolver runs before sanitizers' runtimes start. */
__attribute__((target("bmi2"))) static bool scan_bmi2(const struct ac *ac, const char *s,
						      size_t n, uint64_t *cand)
{
	return scan(ac, s, n, cand);
}

static ac_scan_fn *scan_for_cpu(void)
{
	__builtin_cpu_init();
	return __builtin_cpu_supports("bmi2") ? scan_bmi2 : scan_base;
}
#else
static ac_scan_fn *scan_for_cpu(void)
{
	return scan_base;
}
#endif

bool ac_scan(const struct ac *ac, const char *s, size_t n, uint64_t *cand)
{
	return ac->scan(ac, s, n, cand);
}

void ac_use_portable_scan(struct ac *ac)
{
	ac->scan = scan_base;
}
