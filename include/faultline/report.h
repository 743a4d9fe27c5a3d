/* SPDX-License-Identifier: MIT */
/*
 * report.h - render an analysis as text, Markdown, JSON or HTML.
 *
 * Last stage before the CLI. Renderers append to a buffer; they never
 * print. Log text is data: each renderer escapes it for its format
 * (JSON string escaping, Markdown code spans and tables, HTML entities).
 * The JSON output is a contract, described by tests/e2e/report.schema.json.
 */
#ifndef FAULTLINE_REPORT_H
#define FAULTLINE_REPORT_H

#include "faultline/analyze.h"

/* The report formats; the last three are tickets (report_ticket.c). */
enum fl_format {
	FL_FMT_TEXT, FL_FMT_MD, FL_FMT_JSON, FL_FMT_HTML, FL_FMT_JIRA, FL_FMT_GITHUB, FL_FMT_SLACK
};

/* Parses "text", "md", "json", "html", "jira", "github", "slack"; returns
 * -1 for anything else. */
int fl_format_from_name(const char *name);

struct fl_report_opts {
	enum fl_format format;
	bool color; /* text only: ANSI colours */
	const char *link; /* tickets: the full report's URL, NULL for none */
};

void fl_report_render(const struct fl_analysis *a, const struct fl_report_opts *o,
		      struct fl_buf *out);

/* Per-format renderers (report_*.c). */
void fl_report_text(const struct fl_analysis *a, bool color, struct fl_buf *out);
void fl_report_md(const struct fl_analysis *a, struct fl_buf *out);
void fl_report_json(const struct fl_analysis *a, struct fl_buf *out);
void fl_report_html(const struct fl_analysis *a, struct fl_buf *out);
/* A ticket body (fmt FL_FMT_JIRA, FL_FMT_GITHUB or FL_FMT_SLACK, the last
 * a Slack message as JSON), cut to that tool's size limits, ending with a
 * link to link (or, when NULL, the command that prints the full report). */
void fl_report_ticket(const struct fl_analysis *a, enum fl_format fmt, const char *link,
		      struct fl_buf *out);

/* Shared helpers for renderers. */
void fl_report_time(struct fl_buf *b, int64_t ts);           /* RFC 3339 or "-" */

/* Where Markdown text goes: what is markup depends on it (GitHub and
 * GitLab Markdown, i.e. CommonMark with GFM tables, strikethrough and
 * autolinks, plus GitHub's $maths$). */
enum fl_md_where {
	FL_MD_INLINE,     /* after other text on its line */
	FL_MD_LINE_START, /* first in a paragraph, heading or list item */
	FL_MD_CELL,       /* in a GFM table cell */
};
/* s as one line of inline Markdown text that renders as s, escaping only
 * what would be markup at that place (report_escape.c lists each case). */
void fl_md_escape(struct fl_buf *b, const char *s, size_t n, enum fl_md_where where);
/* s as an inline code span. */
void fl_md_code(struct fl_buf *b, const char *s, size_t n, enum fl_md_where where);
void fl_html_escape(struct fl_buf *b, const char *s, size_t n);

#endif
