/* SPDX-License-Identifier: MIT */
/*
 * report_md.c - the analysis as Markdown, for pasting into an incident ticket.
 *
 * The document itself is report_doc.c's; this file spells it in CommonMark
 * with GFM tables. Log text is never trusted: it reaches the output only
 * through fl_md_escape (prose and table cells), fl_md_code (code spans) or
 * fl_md_fenced (blocks), whose guarantees are listed in report_escape.c.
 */
#include "report_int.h"

#include <string.h>

/* Where the next text goes, from the line written so far: this markup
 * starts a table row, and only a table row, with a pipe; a line that so
 * far holds nothing or only a block's marker ("## ", "- ", "3. ") puts
 * the text at the start of a block. */
static enum fl_md_where where_now(const struct fl_buf *out)
{
	size_t i = out->len;
	while (i > 0 && out->ptr[i - 1] != '\n')
		i--;
	const char *line = out->ptr ? out->ptr + i : "";
	size_t n = out->len - i, marker = 0;
	if (n == 0)
		return FL_MD_LINE_START;
	if (line[0] == '|')
		return FL_MD_CELL;
	if (line[0] == '#')
		marker = strspn(line, "#");
	else if (line[0] == '-')
		marker = 1;
	else if (line[0] >= '0' && line[0] <= '9')
		marker = strspn(line, "0123456789") + 1; /* and its "." */
	return marker && marker + 1 == n && line[marker] == ' ' ? FL_MD_LINE_START
							    : FL_MD_INLINE;
}

static void md_text(struct fl_buf *out, const char *s)
{
	fl_md_escape(out, s, strlen(s), where_now(out));
}

static bool is_ident_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '_';
}

/* Ids from faultline's own tables (status, cause) are written as they are
 * when plainly identifiers, since `gpu\_oom` in a ticket title helps no
 * one; an intraword underscore is not emphasis in CommonMark. */
static void md_ident(struct fl_buf *out, const char *s)
{
	bool plain = is_ident_char(*s) && *s != '_';
	for (const char *p = s; plain && *p; p++)
		plain = is_ident_char(*p);
	if (plain)
		fl_buf_adds(out, s);
	else
		md_text(out, s);
}

static void md_code(struct fl_buf *out, const char *s)
{
	fl_md_code(out, s, strlen(s), where_now(out));
}

static void md_strong(struct fl_buf *out)
{
	fl_buf_adds(out, "**");
}

static void md_status(struct fl_buf *out, const char *s)
{
	md_strong(out);
	md_text(out, s);
	md_strong(out);
}

static void md_code_block(struct fl_buf *out, const char *s)
{
	fl_md_fenced(out, s ? s : "", s ? strlen(s) : 0);
}

static void md_heading_begin(struct fl_buf *out, int level)
{
	for (int i = 0; i < level; i++)
		fl_buf_addc(out, '#');
	fl_buf_addc(out, ' ');
}

/* A blank line ends every block, so that the next one starts afresh. */
static void md_block_end(struct fl_buf *out)
{
	fl_buf_adds(out, "\n\n");
}

static void md_heading_end(struct fl_buf *out, int level)
{
	(void)level;
	md_block_end(out);
}

/* Paragraphs and lists need no opening mark: a block starts after the
 * blank line that ended the one before. */
static void md_para_begin(struct fl_buf *out, const char *cls)
{
	(void)out;
	(void)cls;
}

static void md_list(struct fl_buf *out, bool ordered)
{
	(void)out;
	(void)ordered;
}

/* Ends a list item or table row. A list or table ends with one more,
 * which leaves the blank line that closes a block. */
static void md_newline(struct fl_buf *out)
{
	fl_buf_addc(out, '\n');
}

static void md_list_end(struct fl_buf *out, bool ordered)
{
	(void)ordered;
	md_newline(out);
}

static void md_item_begin(struct fl_buf *out, size_t number)
{
	if (number)
		fl_buf_printf(out, "%zu. ", number);
	else
		fl_buf_adds(out, "- ");
}

static void md_head_cell(struct fl_buf *out, const char *name)
{
	fl_buf_printf(out, " %s |", name);
}

/* The header row, then the delimiter row GFM needs to see a table. */
static void md_table_begin(struct fl_buf *out, const char *const *cols, size_t ncols)
{
	fl_buf_addc(out, '|');
	for (size_t i = 0; i < ncols; i++)
		md_head_cell(out, cols[i]);
	fl_buf_adds(out, "\n|");
	for (size_t i = 0; i < ncols; i++)
		fl_buf_adds(out, " --- |");
	md_newline(out);
}

static void md_row_begin(struct fl_buf *out, const char *cls)
{
	(void)cls;
	fl_buf_addc(out, '|');
}

static void md_cell_begin(struct fl_buf *out, const char *cls)
{
	(void)cls;
	fl_buf_addc(out, ' ');
}

static void md_cell_end(struct fl_buf *out)
{
	fl_buf_adds(out, " |");
}

static const struct fl_markup MD = {
	.text = md_text,
	.ident = md_ident,
	.code = md_code,
	.status = md_status,
	.code_block = md_code_block,
	.strong_begin = md_strong,
	.strong_end = md_strong,
	.heading_begin = md_heading_begin,
	.heading_end = md_heading_end,
	.para_begin = md_para_begin,
	.para_end = md_block_end,
	.list_begin = md_list,
	.list_end = md_list_end,
	.item_begin = md_item_begin,
	.item_end = md_newline,
	.table_begin = md_table_begin,
	.table_end = md_newline,
	.row_begin = md_row_begin,
	.row_end = md_newline,
	.head_cell = md_head_cell,
	.cell_begin = md_cell_begin,
	.cell_end = md_cell_end,
};

void fl_report_md(const struct fl_analysis *a, struct fl_buf *out)
{
	fl_doc_render(&MD, a, out);
}
