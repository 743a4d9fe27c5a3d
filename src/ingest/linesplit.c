/* SPDX-License-Identifier: MIT */
/*
 * linesplit.c - bytes in, clean lines out.
 *
 * Real logs are messy: CRLF from Windows pastes, lone CRs from progress
 * bars (each redraw of a tqdm bar, with a real message glued after the
 * last one), ANSI colour codes, NUL bytes from crashed writers, lines of
 * megabytes. The splitter keeps the physical line number of every line it
 * hands out, whatever it had to do to the bytes:
 *
 *   - "\r\n" and "\n" end a line; a lone "\r" splits the line into parts
 *     that share its line number (FL_LINE_CR_PART);
 *   - ANSI escape sequences are removed, NUL bytes become spaces;
 *   - a line longer than max_line keeps its first max_line bytes
 *     (FL_LINE_TRUNCATED) and the rest is skipped, without buffering it.
 *
 * A complete line inside one fed chunk is handed out without copying; only
 * lines split across chunks or needing cleaning are copied, into buffers
 * that are reused, so a line that is not cleaned costs no allocation. One
 * vector pass per line (special()) finds its end and tells whether it
 * needs more than that.
 * Tested by: tests/unit/test_linesplit.c
 */
#include "faultline/ingest.h"

#include <stdlib.h>
#include <string.h>

struct fl_linesplit {
	size_t max_line;
	struct fl_buf pending; /* start of a line whose end has not arrived */
	struct fl_buf clean;   /* scratch for cleaned lines */
	bool skipping;         /* inside the dropped tail of an over-long line */
	unsigned pending_flags;
	uint64_t lineno;   /* number of the next physical line */
	uint64_t offset;   /* member offset of the next byte fed */
	uint64_t line_off; /* member offset where the pending line started */
	uint64_t truncated;
};

struct fl_linesplit *fl_linesplit_new(size_t max_line)
{
	struct fl_linesplit *ls = fl_xcalloc(1, sizeof(*ls));
	ls->max_line = max_line ? max_line : 65536;
	ls->lineno = 1;
	return ls;
}

void fl_linesplit_free(struct fl_linesplit *ls)
{
	if (!ls)
		return;
	fl_buf_release(&ls->pending);
	fl_buf_release(&ls->clean);
	free(ls);
}

uint64_t fl_linesplit_truncated(const struct fl_linesplit *ls)
{
	return ls->truncated;
}

/* Length of the escape sequence starting at p[0] == ESC. */
static size_t ansi_len(const char *p, size_t n)
{
	if (n < 2)
		return 1;
	if (p[1] == '[') { /* CSI: parameters, intermediates, one final byte */
		size_t i = 2;
		while (i < n && (unsigned char)p[i] >= 0x30 && (unsigned char)p[i] <= 0x3F)
			i++;
		while (i < n && (unsigned char)p[i] >= 0x20 && (unsigned char)p[i] <= 0x2F)
			i++;
		if (i < n && (unsigned char)p[i] >= 0x40 && (unsigned char)p[i] <= 0x7E)
			i++;
		return i;
	}
	if (p[1] == ']') { /* OSC: up to BEL or ESC \ */
		for (size_t i = 2; i < n; i++) {
			if (p[i] == '\a')
				return i + 1;
			if (p[i] == 0x1b && i + 1 < n && p[i + 1] == '\\')
				return i + 2;
		}
		return n;
	}
	return 2;
}

/* Emits one CR-free part, cleaning it first when needed. */
static int emit_part(struct fl_linesplit *ls, const char *p, size_t n, uint64_t lineno,
		     uint64_t off, unsigned flags, int (*cb)(void *, const struct fl_line *),
		     void *ctx)
{
	bool esc = memchr(p, 0x1b, n) != NULL;
	bool nul = memchr(p, '\0', n) != NULL;
	if (esc || nul) {
		fl_buf_reset(&ls->clean);
		for (size_t i = 0; i < n;) {
			if (p[i] == 0x1b) {
				i += ansi_len(p + i, n - i);
				continue;
			}
			fl_buf_addc(&ls->clean, p[i] ? p[i] : ' ');
			i++;
		}
		p = ls->clean.ptr ? ls->clean.ptr : "";
		n = ls->clean.len;
		flags |= (esc ? FL_LINE_HAD_ANSI : 0) | (nul ? FL_LINE_HAD_NUL : 0);
	}
	struct fl_line l = { p, n, lineno, off, flags };
	return cb(ctx, &l);
}

/* Emits a physical line (without its '\n'), splitting at lone CRs. */
static int emit_line(struct fl_linesplit *ls, const char *p, size_t n, unsigned flags,
		     int (*cb)(void *, const struct fl_line *), void *ctx)
{
	uint64_t lineno = ls->lineno++;
	uint64_t off = ls->line_off;
	if (n && p[n - 1] == '\r')
		n--;
	if (n > ls->max_line) { /* the byte kept for a CR was not one */
		n = ls->max_line;
		flags |= FL_LINE_TRUNCATED;
	}
	if (flags & FL_LINE_TRUNCATED)
		ls->truncated++;
	const char *cr = memchr(p, '\r', n);
	if (!cr)
		return emit_part(ls, p, n, lineno, off, flags, cb, ctx);
	/* Progress-bar redraws: every part is a line of its own. The clean
	 * buffer is reused per part, so parts are emitted one at a time. */
	const char *end = p + n;
	while (p <= end) {
		const char *q = memchr(p, '\r', (size_t)(end - p));
		if (!q)
			q = end;
		if (q > p) {
			int rc = emit_part(ls, p, (size_t)(q - p), lineno, off, flags | FL_LINE_CR_PART,
					   cb, ctx);
			if (rc)
				return rc;
		}
		p = q + 1;
	}
	return 0;
}

typedef unsigned char bytes16 __attribute__((vector_size(16)));

/* The first '\n', '\r', ESC or NUL in [p, end), else end: one pass over
 * a line tells whether it is clean, where a memchr() for each of the four
 * would pass over it four times (most log lines are short, and a call to
 * memchr costs most of its time starting). */
static const char *special(const char *p, const char *end)
{
	for (; end - p >= 16; p += 16) {
		bytes16 v;
		memcpy(&v, p, 16);
		bytes16 hit = (v == '\n') | (v == '\r') | (v == 0x1b) | (v == 0);
		uint64_t half[2];
		memcpy(half, &hit, 16);
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
		/* A hit is a byte of ones: its place is in the mask's low bits. */
		if (half[0])
			return p + __builtin_ctzll(half[0]) / 8;
		if (half[1])
			return p + 8 + __builtin_ctzll(half[1]) / 8;
#else
		if (half[0] | half[1])
			break;
#endif
	}
	while (p < end && *p != '\n' && *p != '\r' && *p != 0x1b && *p != '\0')
		p++;
	return p;
}

int fl_linesplit_feed(struct fl_linesplit *ls, const char *p, size_t n,
		      int (*cb)(void *ctx, const struct fl_line *l), void *ctx)
{
	const char *end = p + n;
	while (p < end) {
		const char *from = p; /* no '\n' before it */
		if (ls->pending.len == 0 && !ls->skipping && !ls->pending_flags) {
			/* A line starts here. The common one: whole in this
			 * chunk, nothing to clean. */
			const char *q = special(p, end);
			size_t len = (size_t)(q - p);
			if (q < end && *q == '\n' && len <= ls->max_line) {
				struct fl_line l = { p, len, ls->lineno++, ls->offset, 0 };
				ls->offset += len + 1;
				p = q + 1;
				int rc = cb(ctx, &l);
				if (rc)
					return rc;
				continue;
			}
			ls->line_off = ls->offset;
			from = q;
		}
		const char *nl = memchr(from, '\n', (size_t)(end - from));
		size_t seg = (size_t)((nl ? nl : end) - p);
		if (!ls->skipping) {
			/* One byte beyond the limit is kept for a CRLF's CR. */
			size_t room = ls->max_line + 1 - ls->pending.len;
			if (nl && ls->pending.len == 0 && seg <= ls->max_line + 1) {
				/* Fast path: the whole line is in this chunk. */
				int rc = emit_line(ls, p, seg, 0, cb, ctx);
				if (rc)
					return rc;
				ls->offset += seg + 1;
				p = nl + 1;
				continue;
			}
			if (seg > room) {
				fl_buf_add(&ls->pending, p, room);
				ls->pending_flags |= FL_LINE_TRUNCATED;
				ls->skipping = true;
			} else {
				fl_buf_add(&ls->pending, p, seg);
			}
		}
		ls->offset += seg;
		p += seg;
		if (nl) {
			unsigned flags = ls->pending_flags;
			int rc = emit_line(ls, ls->pending.ptr ? ls->pending.ptr : "", ls->pending.len,
					   flags, cb, ctx);
			fl_buf_reset(&ls->pending);
			ls->skipping = false;
			ls->pending_flags = 0;
			ls->offset++;
			p++;
			if (rc)
				return rc;
		}
	}
	return 0;
}

int fl_linesplit_finish(struct fl_linesplit *ls, int (*cb)(void *ctx, const struct fl_line *l),
			void *ctx)
{
	if (ls->pending.len == 0 && !ls->pending_flags)
		return 0;
	unsigned flags = ls->pending_flags | FL_LINE_NO_EOL;
	int rc = emit_line(ls, ls->pending.ptr ? ls->pending.ptr : "", ls->pending.len, flags, cb,
			   ctx);
	fl_buf_reset(&ls->pending);
	ls->skipping = false;
	ls->pending_flags = 0;
	return rc;
}
