/* SPDX-License-Identifier: MIT */
/*
 * fuzz_linesplit.c - the line splitter (src/ingest/linesplit.c).
 *
 * Input: two control bytes (the line limit and whether lines have a
 * collector's column, the chunking), then the bytes of a member. The member
 * is split twice: in one piece, and in the chunks the control byte picks
 * (1 to 64 bytes, as libarchive's blocks can end anywhere). Both must give
 * the same lines, and every line must be what the splitter promises:
 * within the limit, no EOL, no NUL, its number never going back.
 */
#include "fuzz.h"

#include <stdbool.h>
#include <string.h>

#include "faultline/ingest.h"

struct seen {
	struct fl_buf text; /* every line's flags, number, offset and bytes */
	size_t max_line;
	uint64_t last_lineno;
	size_t lines;
};

static int on_line(void *ctx, const struct fl_line *l)
{
	struct seen *s = ctx;
	FUZZ_ASSERT(l->len <= s->max_line);
	FUZZ_ASSERT(l->lineno >= 1 && l->lineno >= s->last_lineno);
	FUZZ_ASSERT(!memchr(l->ptr, '\n', l->len));
	FUZZ_ASSERT(!memchr(l->ptr, '\0', l->len));
	s->last_lineno = l->lineno;
	s->lines++;
	fl_buf_printf(&s->text, "%u %llu %llu %zu:", l->flags, (unsigned long long)l->lineno,
		      (unsigned long long)l->offset, l->len);
	fl_buf_add(&s->text, l->ptr, l->len);
	return 0;
}

/* A collector's column as the splitter sees one (attrib's
 * fl_attr_column() is fuzzed with attrib): everything up to a `| ` in the
 * first 200 bytes, so that columns of any length, longer than the rest
 * of the line too, reach the join. */
static size_t bar_column(const char *p, size_t n)
{
	for (size_t i = 0; i + 1 < n && i < 200; i++)
		if (p[i] == '|' && p[i + 1] == ' ')
			return i + 2;
	return 0;
}

/* Splits p into pieces of 1..64 bytes drawn from a small LCG seeded by
 * seed; seed 0 feeds everything at once. */
static void split(const char *p, size_t n, size_t max_line, bool column, unsigned seed,
		  struct seen *s)
{
	struct fl_linesplit *ls = fl_linesplit_new(max_line);
	if (column)
		fl_linesplit_set_column(ls, bar_column);
	s->max_line = max_line;
	size_t off = 0;
	unsigned x = seed;
	while (off < n) {
		size_t k = n - off;
		if (seed) {
			x = x * 1103515245u + 12345u;
			size_t want = 1 + (x >> 16) % 64;
			k = want < k ? want : k;
		}
		FUZZ_ASSERT(fl_linesplit_feed(ls, p + off, k, on_line, s) == 0);
		off += k;
	}
	FUZZ_ASSERT(fl_linesplit_finish(ls, on_line, s) == 0);
	fl_linesplit_free(ls);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 2)
		return 0;
	static const size_t limits[] = { 1, 2, 3, 7, 16, 64, 4093, 65536 };
	size_t max_line = limits[data[0] % 8];
	bool column = data[0] & 8;
	unsigned seed = 1u + data[1];
	const char *p = (const char *)data + 2;
	size_t n = size - 2;
	struct seen whole = { FL_BUF_INIT, 0, 0, 0 }, pieces = { FL_BUF_INIT, 0, 0, 0 };
	split(p, n, max_line, column, 0, &whole);
	split(p, n, max_line, column, seed, &pieces);
	FUZZ_ASSERT(whole.lines == pieces.lines);
	FUZZ_ASSERT(whole.text.len == pieces.text.len);
	FUZZ_ASSERT(!whole.text.len || !memcmp(whole.text.ptr, pieces.text.ptr, whole.text.len));
	fl_buf_release(&whole.text);
	fl_buf_release(&pieces.text);
	return 0;
}
