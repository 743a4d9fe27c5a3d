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
 *     (FL_LINE_TRUNCATED) and the rest is skipped, without buffering it;
 *   - a record glued after a progress bar's last redraw (`... 1.06s/it]
 *     WARNING:torch...` without a newline between) is split off
 *     (FL_LINE_GLUED), in the lines that had CRs or escapes, where bars are;
 *   - physical lines that are one logical line are joined (FL_LINE_JOINED,
 *     numbered as the first): a shell continuation ending in ` \`, and a
 *     terminal's hard wrap - a line exactly as long as an earlier long line
 *     (the terminal's width), cut inside a token, whose next line does not
 *     start a record or look like the line before it. Under a log
 *     collector's column (fl_linesplit_set_column) the next line is judged
 *     past its column, and the column is dropped from the joined line.
 *
 * Reassembly belongs here, not in attrib or extract: it decides where a
 * line ends, which is framing, and everything downstream (prefixes,
 * timestamps, patterns, line numbers of evidence) then sees whole records.
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

enum {
	WRAP_MIN = 100,  /* narrower lines are not taken for a terminal's wraps */
	PAREN_TAIL = 64, /* how near its end a wrapped line's open '(' is */
	WRAP_HEAD = 8,   /* bytes whose shape tells another record from a wrap */
	JOIN_MAX = 16,   /* physical lines in one logical line, at most */
};

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
	/* a logical line being assembled from physical ones */
	struct fl_buf held;
	struct fl_line held_line; /* lineno, offset and flags of the first part */
	bool holding, held_backslash;
	bool held_paren; /* held by open_paren_wrap(), not by the width */
	int held_parts;
	size_t (*column)(const char *, size_t);
	size_t held_col; /* the held line's collector column, 0 if none */
	/* the longest line so far (>= WRAP_MIN), whose length a hard wrap
	 * would repeat, and the start of the last line of that length */
	size_t long_len;
	char long_head[WRAP_HEAD];
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
	fl_buf_release(&ls->held);
	free(ls);
}

void fl_linesplit_set_column(struct fl_linesplit *ls, size_t (*column)(const char *, size_t))
{
	ls->column = column;
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

/* ---- joining physical lines ---- */

typedef int (*line_cb)(void *, const struct fl_line *);

static bool is_word(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* Does the line start a record of its own (so it cannot be the rest of a
 * wrapped one)? Stamps, brackets, glog headers, tracebacks, exceptions. */
static bool record_start(const char *p, size_t n)
{
	if (n == 0 || p[0] == '[' || p[0] == '<' || (n > 1 && p[0] == ' ' && p[1] == ' ') || p[0] == '\t')
		return true;
	if (n >= 5 && p[4] == '-' && is_word(p[0]) && p[0] >= '0' && p[0] <= '9')
		return true;
	if (n >= 5 && (p[0] == 'I' || p[0] == 'W' || p[0] == 'E' || p[0] == 'F') && p[1] >= '0' &&
	    p[1] <= '9' && p[4] >= '0' && p[4] <= '9')
		return true;
	if (n >= 9 && memcmp(p, "Traceback", 9) == 0)
		return true;
	size_t i = 0;
	while (i < n && i < 64 && (is_word(p[i]) || p[i] == '.'))
		i++;
	return i >= 5 && i < n && p[i] == ':' &&
	       (memcmp(p + i - 5, "Error", 5) == 0 || (i >= 9 && memcmp(p + i - 9, "Exception", 9) == 0) ||
		(i >= 7 && memcmp(p + i - 7, "Warning", 7) == 0));
}

/* Letters, digits and blanks as classes, other bytes as themselves: two
 * records of one logger start alike (`12: [titan] 2026-...`, `13: [titan]
 * 2026-...`), the rest of a wrapped line does not. */
static char byte_class(char c)
{
	if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))
		return 'a';
	if (c >= '0' && c <= '9')
		return '9';
	return c == '\t' ? ' ' : c;
}

static bool same_shape(const char *a, const char *b)
{
	for (int i = 0; i < WRAP_HEAD; i++)
		if (byte_class(a[i]) != byte_class(b[i]))
			return false;
	return true;
}

static bool ends_backslash(const struct fl_line *l)
{
	return l->len >= 2 && l->ptr[l->len - 1] == '\\' && l->ptr[l->len - 2] == ' ';
}

/* A terminal wraps at its width, and no line of the file is longer: a
 * line as long as the longest one so far, seen at that length before, cut
 * inside a token, and not shaped like the last line of that length (which
 * would make it the next of a run of equal records: srun-labelled steps,
 * NCCL channel lines) is a wrap candidate. Whether the next line goes on
 * with it is for continues() to say. */
static bool wrap_width(const struct fl_linesplit *ls, const struct fl_line *l)
{
	return l->len >= WRAP_MIN && l->len == ls->long_len && is_word(l->ptr[l->len - 1]) &&
	       !same_shape(l->ptr, ls->long_head);
}

/* A wrap the width does not show (the first one of a file, or a paste
 * whose width varies): a long line cut inside a token a few bytes after
 * an opening parenthesis it never closes - `WorkNCCL(S` + `eqNum=...)`,
 * `connect to (172.17.0.2` + `, 44737).`. Whether the next line goes on
 * with it is for continues() to say. */
static bool open_paren_wrap(const struct fl_line *l)
{
	if (l->len < WRAP_MIN || !is_word(l->ptr[l->len - 1]))
		return false;
	const char *tail = l->ptr + l->len - PAREN_TAIL;
	const char *open = memrchr(tail, '(', PAREN_TAIL);
	return open && !memchr(open, ')', (size_t)(l->ptr + l->len - open));
}

static void learn_width(struct fl_linesplit *ls, const struct fl_line *l)
{
	if (l->len >= WRAP_MIN && l->len >= ls->long_len) {
		ls->long_len = l->len;
		memcpy(ls->long_head, l->ptr, WRAP_HEAD);
	}
}

/* The collector's column the hook finds on l, 0 if none: a column the
 * hook claims past the line's end is taken for none. */
static size_t column_of(const struct fl_linesplit *ls, const struct fl_line *l)
{
	size_t col = ls->column ? ls->column(l->ptr, l->len) : 0;
	return col <= l->len ? col : 0;
}

/* paren: l is an open_paren_wrap() */
static void hold(struct fl_linesplit *ls, const struct fl_line *l, bool paren)
{
	fl_buf_reset(&ls->held);
	fl_buf_add(&ls->held, l->ptr, l->len);
	ls->held_line = *l;
	ls->held_backslash = ends_backslash(l);
	ls->held_paren = !ls->held_backslash && paren;
	ls->held_parts = 1;
	ls->held_col = column_of(ls, l);
	ls->holding = true;
}

/* Where l's own text starts: past the collector's column when the held
 * line had one too (a wrap inside a collected log: the column is on every
 * physical line). */
static size_t past_column(const struct fl_linesplit *ls, const struct fl_line *l)
{
	return ls->held_col ? column_of(ls, l) : 0;
}

/* col: past_column(ls, l) */
static bool continues(const struct fl_linesplit *ls, const struct fl_line *l, size_t col)
{
	const char *p = l->ptr + col, *held = ls->held.ptr + ls->held_col;
	size_t n = l->len - col, hn = ls->held.len - ls->held_col;
	if (n == 0 || ls->held_parts >= JOIN_MAX || ls->held.len + n + 1 > ls->max_line)
		return false;
	if (ls->held_backslash)
		return true;
	/* The cut falls inside a token (`pytorch.distribut` + `ed/main.py`)
	 * or at the one blank of a sentence (`line` + ` 345, in wrapper`). */
	bool inside = is_word(p[0]) || (n > 1 && p[0] == ' ' && is_word(p[1])) ||
		      (ls->held_paren && (p[0] == ',' || p[0] == ')'));
	/* A line that begins as the held one did (`5: ` of srun, a host) is
	 * that writer's next record. */
	bool same_start = n >= 3 && hn >= 3 && memcmp(p, held, 3) == 0;
	return inside && !same_start && !record_start(p, n) &&
	       (n < WRAP_HEAD || hn < WRAP_HEAD || !same_shape(p, held));
}

static int release(struct fl_linesplit *ls, line_cb cb, void *ctx)
{
	ls->holding = false;
	struct fl_line l = ls->held_line;
	l.ptr = ls->held.ptr;
	l.len = ls->held.len;
	return cb(ctx, &l);
}

/* Appends l to the held line; keeps holding while the result still
 * continues (another ` \` or another full-width part). */
static int extend(struct fl_linesplit *ls, const struct fl_line *l, size_t col, line_cb cb,
		  void *ctx)
{
	const char *p = l->ptr + col;
	size_t n = l->len - col;
	if (ls->held_backslash) {
		/* `--nnodes=2 \` + `    --node_rank=1`: one space for the break */
		ls->held.len -= 1;
		while (n && (*p == ' ' || *p == '\t')) {
			p++;
			n--;
		}
	}
	fl_buf_add(&ls->held, p, n);
	ls->held_line.flags |= l->flags | FL_LINE_JOINED;
	ls->held_parts++;
	struct fl_line joined = { ls->held.ptr, ls->held.len, 0, 0, 0 };
	ls->held_backslash = ends_backslash(&joined);
	ls->held_paren = false;
	if (ls->held_backslash || (l->len == ls->long_len && l->len >= WRAP_MIN))
		return 0;
	return release(ls, cb, ctx);
}

/* Every line leaves through here: joined to a held one, held, or passed on. */
static int deliver(struct fl_linesplit *ls, const struct fl_line *l, line_cb cb, void *ctx)
{
	if (ls->holding) {
		size_t col = past_column(ls, l);
		if (continues(ls, l, col))
			return extend(ls, l, col, cb, ctx);
		int rc = release(ls, cb, ctx);
		if (rc)
			return rc;
	}
	bool paren = open_paren_wrap(l);
	bool wrap = paren || wrap_width(ls, l);
	learn_width(ls, l);
	if (wrap || ends_backslash(l)) {
		hold(ls, l, paren);
		return 0;
	}
	return cb(ctx, l);
}

/* ---- records glued after a progress bar ---- */

/* End of a tqdm bar that another record follows without a line break:
 * `[39:03<00:00,  1.06s/it]WARNING:...`: the index after the `]`, or 0. */
static size_t glued_at(const char *p, size_t n)
{
	for (const char *q = memchr(p, ']', n); q && q + 1 < p + n;
	     q = memchr(q + 1, ']', (size_t)(p + n - q - 1))) {
		char c = q[1];
		/* a rate closes the bar: `1.06s/it]`, `231MB/s]`, `? examples/s]` */
		if (!(is_word(c) || c == '[') || q - p < 6 ||
		    (memcmp(q - 2, "/s", 2) != 0 && memcmp(q - 3, "/it", 3) != 0))
			continue;
		const char *open = q;
		while (open > p && q - open < 48 && *open != '[')
			open--;
		if (*open == '[' && memchr(open, '<', (size_t)(q - open)))
			return (size_t)(q - p) + 1;
	}
	return 0;
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
	/* Only a redrawn line (CR parts, colours) can hide a bar: asking
	 * every line would split clean ones too, and which lines reach this
	 * slow path depends on where the chunks fall. */
	size_t cut = (esc || (flags & FL_LINE_CR_PART)) ? glued_at(p, n) : 0;
	if (cut) {
		struct fl_line bar = { p, cut, lineno, off, flags | FL_LINE_GLUED };
		int rc = deliver(ls, &bar, cb, ctx);
		if (rc)
			return rc;
		p += cut;
		n -= cut;
		flags |= FL_LINE_GLUED;
	}
	struct fl_line l = { p, n, lineno, off, flags };
	return deliver(ls, &l, cb, ctx);
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
				int rc = deliver(ls, &l, cb, ctx);
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
	int rc = 0;
	if (ls->pending.len || ls->pending_flags) {
		unsigned flags = ls->pending_flags | FL_LINE_NO_EOL;
		rc = emit_line(ls, ls->pending.ptr ? ls->pending.ptr : "", ls->pending.len, flags, cb,
			       ctx);
		fl_buf_reset(&ls->pending);
		ls->skipping = false;
		ls->pending_flags = 0;
	}
	if (!rc && ls->holding)
		rc = release(ls, cb, ctx);
	return rc;
}
