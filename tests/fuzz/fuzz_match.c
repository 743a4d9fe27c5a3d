/* SPDX-License-Identifier: MIT */
/*
 * fuzz_match.c - the pattern library matched on lines (src/extract/
 * pat_match.c, prefilter.c, fields.c), after attribution.
 *
 * Loads patterns/ once, then treats the input as one member: every line is
 * attributed and matched, open blocks are flushed at the end. Each event's
 * text and captures must be readable (ASan checks the bytes), and a
 * capture must lie inside the event's text or line. The lines are matched
 * twice: in one go (fl_matcher_line) and as the pipeline does it, the
 * pattern found ahead (fl_finder_run) and taken in the line's turn
 * (fl_matcher_line_found); both must make the same events.
 */
#include "fuzz.h"

#include <stdlib.h>
#include <string.h>

#include "faultline/extract.h"
#include "match_ahead.h"

static const struct fl_patterns *patterns(void)
{
	static struct fl_patterns *p;
	if (!p) {
		const char *dir = FL_PATTERNS_SOURCE_DIR;
		struct fl_err err;
		if (fl_patterns_load(&p, &dir, 1, &err)) {
			fprintf(stderr, "%s\n", err.msg);
			abort();
		}
	}
	return p;
}

static int on_event(void *ctx, const struct fl_event *ev)
{
	unsigned *sum = ctx;
	FUZZ_ASSERT(ev->pat && ev->nlines >= 1 && ev->ncap <= FL_MAX_CAPS);
	for (size_t i = 0; i < ev->text_len; i++)
		*sum += (unsigned char)ev->text[i];
	for (size_t i = 0; i < ev->ncap; i++) {
		const struct fl_capture *c = &ev->caps[i];
		FUZZ_ASSERT(c->name);
		for (size_t k = 0; k < c->len; k++)
			*sum += (unsigned char)c->ptr[k];
		struct fl_value v;
		fl_value_parse(c->type, c->ptr, c->len, &v);
	}
	return 0;
}

/* The input matched as one member (its events' bytes summed into *sum),
 * its patterns found ahead of the matcher or not; the lines claimed. */
static unsigned match_all(const uint8_t *data, size_t size, bool ahead, unsigned *sum)
{
	const struct fl_patterns *p = patterns();
	struct fl_matcher *m = fl_matcher_new(p);
	struct fl_finder *fd = fl_finder_new(p);
	size_t words = fl_patterns_cand_words(p);
	uint64_t *cand = calloc(words ? words : 1, sizeof(uint64_t));
	struct fl_attr_bundle bundle = { 0, 0, 0 };
	struct fl_attr_file *f = fl_attr_file_new("node3/rank5.log", &bundle);
	const char *s = (const char *)data;
	unsigned claimed = 0;
	uint64_t lineno = 1;
	for (size_t off = 0; off < size; lineno++) {
		const char *end = memchr(s + off, '\n', size - off);
		size_t len = end ? (size_t)(end - (s + off)) : size - off;
		struct fl_attr a;
		fl_attr_line(f, s + off, len, &a);
		if (!ahead) {
			FUZZ_ASSERT(fl_matcher_line(m, &a, s + off, len, lineno, off, on_event, sum) == 0);
		} else {
			struct fl_found_cap caps[FL_MAX_CAPS];
			size_t n;
			int32_t pat;
			FUZZ_ASSERT(match_ahead(p, fd, cand, m, &a, s + off, len, lineno, off, on_event,
						sum, caps, &n, &pat) == 0);
			FUZZ_ASSERT(pat >= 0 || n == 0);
			for (size_t k = 0; k < n; k++)
				FUZZ_ASSERT(caps[k].off + caps[k].len <= a.body_len);
		}
		claimed += fl_matcher_claimed(m);
		fl_looks_like_error(a.body, a.body_len);
		off += len + 1;
	}
	FUZZ_ASSERT(fl_matcher_flush(m, on_event, sum) == 0);
	fl_attr_file_free(f);
	free(cand);
	fl_finder_free(fd);
	fl_matcher_free(m);
	return claimed;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unsigned once = 0, ahead = 0;
	unsigned n1 = match_all(data, size, false, &once);
	unsigned n2 = match_all(data, size, true, &ahead);
	FUZZ_ASSERT(n1 == n2 && once == ahead);
	return once == 1 ? 1 : 0; /* keeps the reads from being optimised away */
}
