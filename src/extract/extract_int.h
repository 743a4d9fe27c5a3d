/* SPDX-License-Identifier: MIT */
/* extract_int.h - private to src/extract: the compiled pattern set. */
#ifndef FAULTLINE_EXTRACT_INT_H
#define FAULTLINE_EXTRACT_INT_H

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "faultline/extract.h"

enum canon { CANON_NONE, CANON_TS, CANON_HOST, CANON_PID, CANON_RANK, CANON_LOCAL_RANK, CANON_DEV };

/* One named group of a compiled regex. */
struct pat_cap {
	uint32_t group;
	const char *name; /* points into the regex's name table */
	enum fl_ftype type;
	enum canon canon;
};

enum { RE_LINE = 0, RE_START = 0, RE_CONT = 1, RE_END = 2, RE_N = 3 };

struct pat_regex {
	char *src;
	int line;
	pcre2_code *code;
	struct pat_cap *caps;
	size_t ncaps;
	bool dup_names; /* (?<x>..)|(?<x>..): first participating group wins */
};

struct pat_expect {
	char *key;
	char *val;
	int line;
};

struct pat_example {
	struct fl_buf text; /* lines joined by '\n' (several for block examples) */
	int line;
	struct pat_expect *expects;
	size_t nexp, capexp;
};

struct pat_text {
	char *text;
	int line;
};

struct pat_type {
	char *name;
	enum fl_ftype type;
	int line;
};

struct pattern {
	struct fl_pattern_info info; /* strings owned by the pattern */
	struct pat_regex re[RE_N];
	char **literals;
	size_t nlit, caplit;
	struct pat_type *types;
	size_t ntypes, captypes;
	struct pat_example *examples;
	size_t nex, capex;
	struct pat_text *nots;
	size_t nnot, capnot;
	int max_lines;
	bool tentative; /* a block made only when its end: line closes it, whose
			 * lines line patterns still match on their own */
	bool has_severity;
	size_t order;
	int dir; /* index of the directory it came from */
};

struct ac; /* literal prefilter */

struct fl_patterns {
	struct pattern *pats; /* sorted: priority desc, then load order */
	size_t n, cap;
	int cur_dir; /* while loading */
	struct ac *ac;
	char digest[17];
};

/* prefilter.c */
struct ac *ac_build(const struct fl_patterns *p);
void ac_free(struct ac *ac);
/* Sets bit i of cand (one bit per pattern) for each pattern whose literal
 * occurs in s. Returns true if any bit was set. cand must be cleared. */
bool ac_scan(const struct ac *ac, const char *s, size_t n, uint64_t *cand);
/* ac_build() picks the scan for the CPU (BMI2 where it has it); this puts
 * back the portable one, so that a test on any CPU can run both. */
void ac_use_portable_scan(struct ac *ac);

/* pat_load.c */
void pattern_release(struct pattern *pt);

/* pat_match.c: run one regex of a pattern on a body. Returns true on
 * match and fills caps (views into s), their canonical roles (canon may be
 * NULL) and *ncap. */
bool pattern_exec(const struct pat_regex *re, pcre2_match_data *md, pcre2_match_context *mc,
		  const char *s, size_t n, struct fl_capture *caps, enum canon *canon, size_t *ncap);
pcre2_match_context *matcher_context_new(void);

#endif
