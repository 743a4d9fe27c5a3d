/* SPDX-License-Identifier: MIT */
/*
 * match_ahead.h - one line matched as the pipeline matches it, for the
 * tests that compare it with fl_matcher_line() (tests/unit/test_extract.c,
 * tests/fuzz/fuzz_match.c): the prefilter and the finder first (the
 * scanner thread's part, src/pipeline/scan.c), then the matcher in the
 * line's turn. Header only: the fuzz targets link no test library.
 */
#ifndef FL_TEST_MATCH_AHEAD_H
#define FL_TEST_MATCH_AHEAD_H

#include "faultline/extract.h"

/* What the finder found on the line (caps: FL_MAX_CAPS room; *n, and
 * the pattern, -1 for none, in *pat), and the matcher's result. cand is
 * fl_patterns_cand_words(p) zeroed words, zeroed again on return. */
static inline int match_ahead(const struct fl_patterns *p, struct fl_finder *fd, uint64_t *cand,
			      struct fl_matcher *m, const struct fl_attr *a, const char *line,
			      size_t len, uint64_t lineno, uint64_t off, fl_event_cb cb, void *ctx,
			      struct fl_found_cap *caps, size_t *n, int32_t *pat)
{
	*n = 0;
	*pat = -1;
	if (fl_patterns_prefilter(p, a->body, a->body_len, cand))
		*pat = fl_finder_run(fd, a->body, a->body_len, cand, caps, n);
	return fl_matcher_line_found(m, a, line, len, lineno, off, *pat, caps, *n, cb, ctx);
}

#endif
