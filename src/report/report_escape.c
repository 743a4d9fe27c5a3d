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

/* Characters that start or end Markdown (CommonMark and GFM) constructs
 * inside a line; `$` because GitHub renders $...$ as maths. */
static const char MD_SPECIAL[] = "\\`*_{}[]()#+-!|~$";

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

/* Whether t[i] needs a backslash to stay text. Besides MD_SPECIAL: "12."
 * at the start of a line opens an ordered list (lead_digits: t[0..i) are
 * all digits), and GFM links "scheme://" and "www." on its own; an escaped
 * ':' or '.' is never seen by its matcher. GFM's "user@host" mailto links
 * cannot be stopped by any escape (its matcher runs on the unescaped
 * text); they show the address as it is, so they are left alone. */
static bool needs_backslash(const char *t, size_t i, bool lead_digits)
{
	char c = t[i];
	if (memchr(MD_SPECIAL, c, sizeof(MD_SPECIAL) - 1))
		return true;
	if (c == ':')
		return t[i + 1] == '/' && t[i + 2] == '/';
	if (c == '.')
		return (lead_digits && i > 0) || (i >= 3 && strncasecmp(t + i - 3, "www", 3) == 0);
	return false;
}

void fl_md_escape(struct fl_buf *b, const char *s, size_t n)
{
	struct fl_buf t = FL_BUF_INIT;
	one_line(&t, s, n);
	bool digits = true;
	for (size_t i = 0; i < t.len; i++) {
		char c = t.ptr[i];
		/* Entities rather than backslashes for the HTML characters:
		 * renderers that pass raw HTML through still show them as text. */
		if (c == '<')
			fl_buf_adds(b, "&lt;");
		else if (c == '>')
			fl_buf_adds(b, "&gt;");
		else if (c == '&')
			fl_buf_adds(b, "&amp;");
		else if (c == '\t')
			fl_buf_addc(b, ' ');
		else if (needs_backslash(t.ptr, i, digits)) {
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
 * Pipes become `\|` because GFM splits table cells on them even inside
 * code spans (and unescapes `\|` before parsing the span). */
void fl_md_code(struct fl_buf *b, const char *s, size_t n)
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
		if (t.ptr[i] == '|')
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
