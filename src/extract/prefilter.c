/* SPDX-License-Identifier: MIT */
/*
 * prefilter.c - one pass over a line finds every pattern worth trying.
 *
 * Most log lines match no pattern; running a few hundred regexes on each
 * would dominate the ingest. Every pattern declares literal strings that
 * any matching line contains; an Aho-Corasick automaton over all of them
 * scans the body once and marks the candidate patterns. Bytes that occur
 * in no literal share one alphabet class, which keeps the transition table
 * small enough to stay in cache.
 * Tested by: tests/unit/test_extract.c
 */
#include "extract_int.h"

#include <stdlib.h>
#include <string.h>

/* In the scan table a transition holds the target state's row offset
 * (state x nclass), with AC_OUT set when the target has outputs: one
 * load per byte, no multiply, no second lookup on the common path. */
#define AC_OUT 0x80000000u

struct ac {
	uint8_t cls[256];   /* byte -> alphabet class; 0 = in no literal */
	unsigned nclass;
	uint32_t *next;     /* nstates x nclass: full DFA transitions */
	uint32_t *out;      /* first output entry of each state, or UINT32_MAX */
	uint32_t *out_pat;  /* output entries: pattern index */
	uint32_t *out_next; /* next entry in the chain, or UINT32_MAX */
	size_t nstates, nout;
};

void ac_free(struct ac *ac)
{
	if (!ac)
		return;
	free(ac->next);
	free(ac->out);
	free(ac->out_pat);
	free(ac->out_next);
	free(ac);
}

static void add_output(struct ac *ac, size_t *cap, uint32_t state, uint32_t pat)
{
	for (uint32_t e = ac->out[state]; e != UINT32_MAX; e = ac->out_next[e])
		if (ac->out_pat[e] == pat)
			return;
	if (ac->nout + 1 > *cap) {
		size_t c = *cap;
		FL_GROW(ac->out_pat, c, ac->nout + 1);
		ac->out_next = fl_xrealloc(ac->out_next, c * sizeof(uint32_t));
		*cap = c;
	}
	ac->out_pat[ac->nout] = pat;
	ac->out_next[ac->nout] = ac->out[state];
	ac->out[state] = (uint32_t)ac->nout++;
}

struct ac *ac_build(const struct fl_patterns *p)
{
	struct ac *ac = fl_xcalloc(1, sizeof(*ac));
	size_t total = 1;
	ac->nclass = 1;
	for (size_t i = 0; i < p->n; i++)
		for (size_t j = 0; j < p->pats[i].nlit; j++)
			for (const unsigned char *c = (const unsigned char *)p->pats[i].literals[j]; *c;
			     c++) {
				if (!ac->cls[*c])
					ac->cls[*c] = (uint8_t)ac->nclass++;
				total++;
			}
	size_t nc = ac->nclass;
	ac->next = fl_xcalloc(total * nc, sizeof(uint32_t));
	ac->out = fl_xmalloc(total * sizeof(uint32_t));
	for (size_t s = 0; s < total; s++)
		ac->out[s] = UINT32_MAX;
	size_t outcap = 0;
	ac->nstates = 1;
	/* Trie; 0 doubles as "no edge" since the root is never a target. */
	for (size_t i = 0; i < p->n; i++) {
		for (size_t j = 0; j < p->pats[i].nlit; j++) {
			uint32_t s = 0;
			for (const unsigned char *c = (const unsigned char *)p->pats[i].literals[j]; *c;
			     c++) {
				uint32_t *t = &ac->next[s * nc + ac->cls[*c]];
				if (!*t)
					*t = (uint32_t)ac->nstates++;
				s = *t;
			}
			add_output(ac, &outcap, s, (uint32_t)i);
		}
	}
	/* Breadth-first: failure links turn the trie into a DFA, and each
	 * state inherits the outputs of its failure state. */
	uint32_t *fail = fl_xcalloc(ac->nstates, sizeof(uint32_t));
	uint32_t *queue = fl_xmalloc(ac->nstates * sizeof(uint32_t));
	size_t qh = 0, qt = 0;
	for (size_t c = 0; c < nc; c++) {
		uint32_t t = ac->next[c];
		if (t) {
			fail[t] = 0;
			queue[qt++] = t;
		}
	}
	while (qh < qt) {
		uint32_t s = queue[qh++];
		for (uint32_t e = ac->out[fail[s]]; e != UINT32_MAX; e = ac->out_next[e])
			add_output(ac, &outcap, s, ac->out_pat[e]);
		for (size_t c = 0; c < nc; c++) {
			uint32_t *t = &ac->next[s * nc + c];
			if (*t) {
				fail[*t] = ac->next[fail[s] * nc + c];
				queue[qt++] = *t;
			} else {
				*t = ac->next[fail[s] * nc + c];
			}
		}
	}
	free(queue);
	free(fail);
	for (size_t i = 0; i < ac->nstates * nc; i++) {
		uint32_t t = ac->next[i];
		ac->next[i] = t * (uint32_t)nc | (ac->out[t] != UINT32_MAX ? AC_OUT : 0);
	}
	return ac;
}

bool ac_scan(const struct ac *ac, const char *str, size_t n, uint64_t *cand)
{
	const unsigned char *s = (const unsigned char *)str;
	const uint32_t *next = ac->next;
	const uint8_t *cls = ac->cls;
	uint32_t st = 0;
	bool any = false;
	for (size_t i = 0; i < n; i++) {
		st = next[st + cls[s[i]]];
		if (st & AC_OUT) {
			st &= ~AC_OUT;
			for (uint32_t e = ac->out[st / ac->nclass]; e != UINT32_MAX; e = ac->out_next[e]) {
				uint32_t p = ac->out_pat[e];
				cand[p >> 6] |= 1ull << (p & 63);
			}
			any = true;
		}
	}
	return any;
}
