/* SPDX-License-Identifier: MIT */
/*
 * report_escape.c - escaping of log text for the Markdown and HTML reports.
 *
 * Shared by report_md.c and report_html.c. A crash bundle is hostile data:
 * a log line may carry "<script>", backticks, pipes, stray bytes or CRLF
 * that would become markup in an incident ticket or a browser. Every
 * helper first makes the text valid, printable UTF-8 on one line, then
 * escapes whatever its target format reads as syntax, so log text is
 * always shown, never interpreted.
 */
#include "report_int.h"

#include <string.h>
#include <strings.h>

/* Sanitises s into out with each line break (CR, LF or CRLF) replaced by
 * sep; fl_utf8_sanitize alone would show the breaks as U+FFFD. */
static void sanitize_breaks(struct fl_buf *out, const char *s, size_t n, char sep)
{
	size_t i = 0;
	while (i < n) {
		size_t j = i;
		while (j < n && s[j] != '\r' && s[j] != '\n')
			j++;
		fl_utf8_sanitize(out, s + i, j - i);
		if (j == n)
			break;
		fl_buf_addc(out, sep);
		i = j + (s[j] == '\r' && j + 1 < n && s[j + 1] == '\n' ? 2 : 1);
	}
}

/* As a single line: a line break would end a table row or a list item. */
static void one_line(struct fl_buf *out, const char *s, size_t n)
{
	sanitize_breaks(out, s, n, ' ');
}

static bool is_alnum(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

static bool is_ascii_punct(char c)
{
	return c > ' ' && c < 0x7f && !is_alnum(c);
}

/* t[i] is '&' that begins an entity or numeric character reference
 * ("&lt;", "&#60;"), which the renderer would turn into its character. */
static bool starts_entity(const char *t, size_t n, size_t i)
{
	size_t j = i + 1;
	if (j < n && t[j] == '#')
		j++;
	size_t k = j;
	while (k < n && k - j < 32 && is_alnum(t[k]))
		k++;
	return k > j && k < n && t[k] == ';';
}

/* At the start of a block (lead_digits: t[0..i) are all digits), "#",
 * ">", "-", "+", "*", "_", "=", "~~~", "[x]: url" or a digit run then "."
 * or ")" open a heading, quote, list, break, fence, link definition or
 * ordered list; nowhere else do they. */
static bool opens_block(const char *t, size_t i, bool lead_digits)
{
	char c = t[i];
	if (i == 0)
		return strchr("#>-+*=[~_", c) != NULL;
	return lead_digits && (c == '.' || c == ')');
}

/* GFM's autolink extension links "scheme://" and "www." in plain text; an
 * escaped ':' or '.' is never seen by its matcher. */
static bool autolink_mark(const char *t, size_t n, size_t i)
{
	if (t[i] == ':')
		return i + 2 < n && t[i + 1] == '/' && t[i + 2] == '/';
	return t[i] == '.' && i >= 3 && strncasecmp(t + i - 3, "www", 3) == 0;
}

/* Emphasis (*, _, ~ for GFM strikethrough) opens or closes only at a
 * delimiter run that touches non-space text; '_' moreover never does
 * inside a word, so snake_case names stay as they are. */
static bool emphasis_mark(const char *t, size_t n, size_t i)
{
	char c = t[i];
	char prev = i ? t[i - 1] : ' ', next = i + 1 < n ? t[i + 1] : ' ';
	if (c == '_')
		return !(is_alnum(prev) && is_alnum(next));
	if (c == '*' || c == '~')
		return !(prev == ' ' && next == ' ');
	return false;
}

/* Whether t[i] needs a backslash to stay text where it stands. */
static bool needs_backslash(const char *t, size_t n, size_t i, enum fl_md_where where,
			    bool lead_digits)
{
	char c = t[i];
	switch (c) {
	case '\\': /* it would escape the punctuation after it */
		return i + 1 < n && is_ascii_punct(t[i + 1]);
	case '`': /* a code span, if a run of the same length follows */
	case '$': /* GitHub's maths, $...$ and $$...$$ */
		return true;
	case ']': /* a link or image: "](" or "][" */
		return i + 1 < n && (t[i + 1] == '(' || t[i + 1] == '[');
	case '|': /* a table cell's end */
		return where == FL_MD_CELL;
	default:
		break;
	}
	if (where == FL_MD_LINE_START && opens_block(t, i, lead_digits))
		return true;
	return emphasis_mark(t, n, i) || autolink_mark(t, n, i);
}

/* Leading blanks at the start of a block would make an indented code
 * block (four or more) and are dropped by a paragraph anyway. */
static size_t skip_blanks(const struct fl_buf *t, enum fl_md_where where)
{
	size_t i = 0;
	while (where == FL_MD_LINE_START && i < t->len && (t->ptr[i] == ' ' || t->ptr[i] == '\t'))
		i++;
	return i;
}

void fl_md_escape(struct fl_buf *b, const char *s, size_t n, enum fl_md_where where)
{
	struct fl_buf t = FL_BUF_INIT;
	one_line(&t, s, n);
	size_t start = skip_blanks(&t, where);
	const char *p = t.ptr + start;
	size_t len = t.len - start;
	bool digits = true;
	for (size_t i = 0; i < len; i++) {
		char c = p[i];
		/* An entity rather than a backslash for '<': raw HTML and
		 * autolinks open on it, and renderers that pass HTML through
		 * still show "&lt;" as text. */
		if (c == '<')
			fl_buf_adds(b, "&lt;");
		else if (c == '&' && starts_entity(p, len, i))
			fl_buf_adds(b, "&amp;");
		else if (c == '\t')
			fl_buf_addc(b, ' ');
		else if (needs_backslash(p, len, i, where, digits)) {
			fl_buf_addc(b, '\\');
			fl_buf_addc(b, c);
		} else {
			fl_buf_addc(b, c);
		}
		digits = digits && c >= '0' && c <= '9';
	}
	fl_buf_release(&t);
}

static size_t longest_backtick_run(const char *s, size_t n)
{
	size_t run = 0, longest = 0;
	for (size_t i = 0; i < n; i++) {
		run = s[i] == '`' ? run + 1 : 0;
		if (run > longest)
			longest = run;
	}
	return longest;
}

static void add_fence(struct fl_buf *b, size_t len)
{
	for (size_t i = 0; i < len; i++)
		fl_buf_addc(b, '`');
}

/* A code span is closed by a backtick run of its opening length, so the
 * fence is one longer than any run inside. CommonMark strips one space
 * from each end when both are spaces, and a backtick next to the fence
 * would merge with it; a padding space on each side keeps the text as is.
 * In a table cell pipes become `\|`, because GFM splits cells on them even
 * inside code spans (and unescapes `\|` before parsing the span);
 * elsewhere a backslash in a code span is shown, so nothing is added. */
void fl_md_code(struct fl_buf *b, const char *s, size_t n, enum fl_md_where where)
{
	struct fl_buf t = FL_BUF_INIT;
	one_line(&t, s, n);
	size_t fence = longest_backtick_run(t.ptr, t.len) + 1;
	bool pad = t.len == 0 || t.ptr[0] == '`' || t.ptr[t.len - 1] == '`' ||
		   (t.ptr[0] == ' ' && t.ptr[t.len - 1] == ' ');
	add_fence(b, fence);
	if (pad)
		fl_buf_addc(b, ' ');
	for (size_t i = 0; i < t.len; i++) {
		if (t.ptr[i] == '|' && where == FL_MD_CELL)
			fl_buf_addc(b, '\\');
		fl_buf_addc(b, t.ptr[i]);
	}
	if (pad)
		fl_buf_addc(b, ' ');
	add_fence(b, fence);
	fl_buf_release(&t);
}

/* Keeping its lines, CRLF and lone CR as LF: for blocks (a traceback is
 * several lines), where a line break is safe. */
static void lines_kept(struct fl_buf *out, const char *s, size_t n)
{
	sanitize_breaks(out, s, n, '\n');
}

/* Fenced blocks close on a run of at least the opening length, so the
 * fence is longer than any run inside (and at least the three CommonMark
 * asks for): no line of the text, whatever it holds, can close it. */
void fl_md_fenced(struct fl_buf *b, const char *s, size_t n)
{
	struct fl_buf t = FL_BUF_INIT;
	lines_kept(&t, s, n);
	size_t fence = longest_backtick_run(t.ptr, t.len) + 1;
	if (fence < 3)
		fence = 3;
	add_fence(b, fence);
	fl_buf_addc(b, '\n');
	fl_buf_add(b, t.ptr, t.len);
	fl_buf_addc(b, '\n');
	add_fence(b, fence);
	fl_buf_adds(b, "\n\n");
	fl_buf_release(&t);
}

void fl_html_escape_lines(struct fl_buf *b, const char *s, size_t n)
{
	struct fl_buf t = FL_BUF_INIT;
	lines_kept(&t, s, n);
	for (size_t i = 0, j; i <= t.len; i = j + 1) {
		for (j = i; j < t.len && t.ptr[j] != '\n'; j++)
			;
		if (i)
			fl_buf_addc(b, '\n');
		fl_html_escape(b, t.ptr + i, j - i);
		if (j >= t.len)
			break;
	}
	fl_buf_release(&t);
}

void fl_html_escape(struct fl_buf *b, const char *s, size_t n)
{
	struct fl_buf t = FL_BUF_INIT;
	one_line(&t, s, n);
	for (size_t i = 0; i < t.len; i++) {
		switch (t.ptr[i]) {
		case '&': fl_buf_adds(b, "&amp;"); break;
		case '<': fl_buf_adds(b, "&lt;"); break;
		case '>': fl_buf_adds(b, "&gt;"); break;
		case '"': fl_buf_adds(b, "&quot;"); break;
		case '\'': fl_buf_adds(b, "&#39;"); break;
		default: fl_buf_addc(b, t.ptr[i]); break;
		}
	}
	fl_buf_release(&t);
}
