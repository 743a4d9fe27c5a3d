/* SPDX-License-Identifier: MIT */
/*
 * cli_table.c - query results as an aligned table, JSON or CSV.
 *
 * Every listing verb (runs, ranks, events, sql...) prints rows the same
 * way: aligned columns on a terminal, bold header and colour-free on a
 * pipe; JSON as an array of objects with typed values; CSV per RFC 4180.
 * Log text is sanitised for the terminal and escaped for JSON and CSV.
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

#define MAX_COL_WIDTH 80

struct table {
	int ncols;
	char **names;
	char **cells; /* row-major, sanitised text */
	size_t nrows, cap;
};

static void csv_field(struct fl_buf *b, const char *s, size_t n)
{
	bool quote = memchr(s, ',', n) || memchr(s, '"', n) || memchr(s, '\n', n) ||
		     memchr(s, '\r', n);
	if (!quote) {
		fl_buf_add(b, s, n);
		return;
	}
	fl_buf_addc(b, '"');
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '"')
			fl_buf_addc(b, '"');
		fl_buf_addc(b, s[i]);
	}
	fl_buf_addc(b, '"');
}

void cli_json_cell(struct fl_buf *b, struct fl_stmt *st, int col)
{
	switch (fl_stmt_type(st, col)) {
	case 'n':
		fl_buf_adds(b, "null");
		break;
	case 'i':
		fl_buf_printf(b, "%lld", (long long)fl_stmt_int(st, col));
		break;
	case 'f':
		fl_json_num(b, fl_stmt_double(st, col));
		break;
	default:
		fl_json_str(b, fl_stmt_text(st, col), fl_stmt_bytes(st, col));
	}
}

/* Counting code points is good enough for log text, which is mostly ASCII. */
size_t cli_width(const char *s)
{
	size_t w = 0;
	for (; *s; s++)
		w += ((unsigned char)*s & 0xC0) != 0x80;
	return w;
}

void cli_pad(struct fl_buf *b, const char *s, size_t w)
{
	fl_buf_adds(b, s);
	for (size_t k = cli_width(s); k < w; k++)
		fl_buf_addc(b, ' ');
}

/* Cuts on a code point boundary, so that no character is split. */
void cli_clip(struct fl_buf *b, size_t max)
{
	size_t cps = 0, i = 0;
	for (; i < b->len; i++)
		if (((unsigned char)b->ptr[i] & 0xC0) != 0x80 && ++cps > max)
			break;
	if (i < b->len) {
		b->len = i;
		b->ptr[i] = '\0';
		fl_buf_adds(b, "...");
	}
}

static char *cell_text(struct fl_stmt *st, int col)
{
	struct fl_buf b = FL_BUF_INIT;
	if (fl_stmt_type(st, col) == 'n') {
		fl_buf_addc(&b, '-');
	} else {
		const char *t = fl_stmt_text(st, col);
		size_t n = fl_stmt_bytes(st, col);
		size_t nl = strcspn(t, "\n");
		fl_utf8_sanitize(&b, t, nl < n ? nl : n);
	}
	cli_clip(&b, MAX_COL_WIDTH);
	return fl_buf_detach(&b);
}

static void render_text(struct table *t, bool tty, struct fl_buf *out)
{
	size_t *w = fl_xcalloc((size_t)t->ncols, sizeof(size_t));
	for (int c = 0; c < t->ncols; c++)
		w[c] = cli_width(t->names[c]);
	for (size_t r = 0; r < t->nrows; r++)
		for (int c = 0; c < t->ncols; c++) {
			size_t k = cli_width(t->cells[r * (size_t)t->ncols + (size_t)c]);
			if (k > w[c])
				w[c] = k;
		}
	if (tty)
		fl_buf_adds(out, "\x1b[1m");
	for (int c = 0; c < t->ncols; c++) {
		if (c + 1 < t->ncols)
			cli_pad(out, t->names[c], w[c] + 2);
		else
			fl_buf_adds(out, t->names[c]);
	}
	if (tty)
		fl_buf_adds(out, "\x1b[0m");
	fl_buf_addc(out, '\n');
	for (size_t r = 0; r < t->nrows; r++) {
		for (int c = 0; c < t->ncols; c++) {
			const char *s = t->cells[r * (size_t)t->ncols + (size_t)c];
			if (c + 1 < t->ncols)
				cli_pad(out, s, w[c] + 2);
			else
				fl_buf_adds(out, s);
		}
		fl_buf_addc(out, '\n');
	}
	free(w);
}

int cli_print_rows(struct fl_stmt *st, enum cli_rows fmt, const struct cli_common *c)
{
	int ncols = fl_stmt_columns(st);
	struct fl_buf out = FL_BUF_INIT;
	struct table t = { ncols, NULL, NULL, 0, 0 };
	int rc, row = 0;
	if (fmt == CLI_ROWS_JSON)
		fl_buf_addc(&out, '[');
	if (fmt == CLI_ROWS_CSV) {
		for (int k = 0; k < ncols; k++) {
			if (k)
				fl_buf_addc(&out, ',');
			csv_field(&out, fl_stmt_column_name(st, k), strlen(fl_stmt_column_name(st, k)));
		}
		fl_buf_adds(&out, "\r\n");
	}
	if (fmt == CLI_ROWS_TEXT) {
		t.names = fl_xcalloc((size_t)ncols, sizeof(char *));
		for (int k = 0; k < ncols; k++)
			t.names[k] = fl_xstrdup(fl_stmt_column_name(st, k));
	}
	while ((rc = fl_stmt_step(st)) == 1) {
		switch (fmt) {
		case CLI_ROWS_JSON:
			fl_buf_adds(&out, row ? ",\n{" : "\n{");
			for (int k = 0; k < ncols; k++) {
				if (k)
					fl_buf_addc(&out, ',');
				const char *name = fl_stmt_column_name(st, k);
				fl_json_str(&out, name, strlen(name));
				fl_buf_addc(&out, ':');
				cli_json_cell(&out, st, k);
			}
			fl_buf_addc(&out, '}');
			break;
		case CLI_ROWS_CSV:
			for (int k = 0; k < ncols; k++) {
				if (k)
					fl_buf_addc(&out, ',');
				if (fl_stmt_type(st, k) != 'n')
					csv_field(&out, fl_stmt_text(st, k), fl_stmt_bytes(st, k));
			}
			fl_buf_adds(&out, "\r\n");
			break;
		case CLI_ROWS_TEXT:
			FL_GROW(t.cells, t.cap, (t.nrows + 1) * (size_t)ncols);
			for (int k = 0; k < ncols; k++)
				t.cells[t.nrows * (size_t)ncols + (size_t)k] = cell_text(st, k);
			t.nrows++;
			break;
		}
		row++;
	}
	if (fmt == CLI_ROWS_JSON)
		fl_buf_adds(&out, row ? "\n]\n" : "]\n");
	if (fmt == CLI_ROWS_TEXT) {
		render_text(&t, cli_color(c), &out);
		for (size_t i = 0; i < t.nrows * (size_t)ncols; i++)
			free(t.cells[i]);
		for (int k = 0; k < ncols; k++)
			free(t.names[k]);
		free(t.cells);
		free(t.names);
	}
	int ret = rc < 0 ? cli_failf("query failed: %s", fl_stmt_errmsg(st)) : cli_write_output(c, &out);
	fl_buf_release(&out);
	return ret;
}

int cli_rows_format(const char *name)
{
	if (!strcmp(name, "text"))
		return CLI_ROWS_TEXT;
	if (!strcmp(name, "json"))
		return CLI_ROWS_JSON;
	if (!strcmp(name, "csv"))
		return CLI_ROWS_CSV;
	return -1;
}
