/* SPDX-License-Identifier: MIT */
/*
 * test_report.c - the escapers every report format relies on: log text
 * must come out as text, whatever bytes it holds.
 */
#include <criterion/criterion.h>
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "faultline/report.h"
#include "report/report_int.h"

static char *md_fenced(const char *s)
{
	struct fl_buf b = FL_BUF_INIT;
	fl_md_fenced(&b, s, strlen(s));
	return fl_buf_detach(&b);
}

Test(report_escape, fence_outlives_backtick_runs_inside)
{
	char *out = md_fenced("a\n````\n``` not a fence\nb");
	/* the text's longest run is 4, so the fence is 5 backticks */
	cr_expect(!strncmp(out, "`````\n", 6), "got: %s", out);
	cr_expect(strstr(out, "\n````\n``` not a fence\nb\n`````\n") != NULL, "lines kept: %s", out);
	free(out);
}

Test(report_escape, fenced_block_normalises_line_ends)
{
	char *out = md_fenced("one\r\ntwo\rthree\x01");
	cr_expect(strstr(out, "one\ntwo\nthree\xEF\xBF\xBD\n") != NULL, "got: %s", out);
	free(out);
}

Test(report_escape, html_lines_are_escaped_and_kept)
{
	struct fl_buf b = FL_BUF_INIT;
	const char *s = "<script>alert(1)</script>\n\"quoted\" & 'single'\xff";
	fl_html_escape_lines(&b, s, strlen(s));
	cr_expect(!strstr(b.ptr, "<script"), "got: %s", b.ptr);
	cr_expect(strstr(b.ptr, "&lt;script&gt;") != NULL, "got: %s", b.ptr);
	cr_expect(strchr(b.ptr, '\n') != NULL, "the line break is kept");
	cr_expect(strstr(b.ptr, "&amp;") != NULL);
	cr_expect(strstr(b.ptr, "\xEF\xBF\xBD") != NULL, "invalid UTF-8 replaced");
	fl_buf_release(&b);
}

static char *md_esc(const char *s, enum fl_md_where where)
{
	struct fl_buf b = FL_BUF_INIT;
	fl_md_escape(&b, s, strlen(s), where);
	fl_buf_addc(&b, '\0');
	return fl_buf_detach(&b);
}

static char *md_code(const char *s, enum fl_md_where where)
{
	struct fl_buf b = FL_BUF_INIT;
	fl_md_code(&b, s, strlen(s), where);
	fl_buf_addc(&b, '\0');
	return fl_buf_detach(&b);
}

/* Each hostile string and what it must become, wherever the text sits. */
Test(report_escape, markdown_text_cannot_open_markup)
{
	static const struct {
		const char *in, *out;
	} cases[] = {
		{ "<script>alert(1)</script>", "&lt;script>alert(1)&lt;/script>" },
		{ "see [click](javascript:alert(1))", "see [click\\](javascript:alert(1))" },
		{ "![x](http://evil/x.png)", "![x\\](http\\://evil/x.png)" },
		{ "a [a][ref] and www.x.org", "a [a\\][ref] and www\\.x.org" },
		{ "**bold** and *it*", "\\*\\*bold\\*\\* and \\*it\\*" },
		{ "_em_ ~~gone~~", "\\_em\\_ \\~\\~gone\\~\\~" },
		{ "`code` $x$", "\\`code\\` \\$x\\$" },
		{ "&lt; stays, & alone too", "&amp;lt; stays, & alone too" },
		{ "a\\*b \\ c", "a\\\\\\*b \\ c" },
		{ "<http://x>", "&lt;http\\://x>" },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		for (int w = FL_MD_INLINE; w <= FL_MD_CELL; w++) {
			char *got = md_esc(cases[i].in, (enum fl_md_where)w);
			cr_expect_str_eq(got, cases[i].out, "where %d: %s", w, got);
			free(got);
		}
	}
}

/* What needs no escape is left alone: names, paths, numbers, prose. */
Test(report_escape, markdown_text_keeps_plain_punctuation)
{
	static const char *const plain[] = {
		"CUDA_ERROR_ILLEGAL_ADDRESS in torch.distributed.elastic",
		"rank 3 (node-017) failed: exit code -6, 2 + 2 = 4 # not a heading",
		"Tried to allocate 2.00 GiB; 79.10 GiB total capacity > limit {x} !",
		"a * b",
	};
	for (size_t i = 0; i < sizeof(plain) / sizeof(plain[0]); i++) {
		char *got = md_esc(plain[i], FL_MD_INLINE);
		cr_expect_str_eq(got, plain[i]);
		free(got);
	}
}

/* Block markers matter only first on a line, pipes only in a table. */
Test(report_escape, markdown_escapes_depend_on_place)
{
	static const struct {
		const char *in;
		enum fl_md_where where;
		const char *out;
	} cases[] = {
		{ "# not a heading", FL_MD_LINE_START, "\\# not a heading" },
		{ "# not a heading", FL_MD_INLINE, "# not a heading" },
		{ "> quote", FL_MD_LINE_START, "\\> quote" },
		{ "- item", FL_MD_LINE_START, "\\- item" },
		{ "+ item", FL_MD_LINE_START, "\\+ item" },
		{ "12. item", FL_MD_LINE_START, "12\\. item" },
		{ "3) item", FL_MD_LINE_START, "3\\) item" },
		{ "12. item", FL_MD_INLINE, "12. item" },
		{ "[x]: http://evil", FL_MD_LINE_START, "\\[x]: http\\://evil" },
		{ "    indented", FL_MD_LINE_START, "indented" },
		{ "===", FL_MD_LINE_START, "\\===" },
		{ "a | b", FL_MD_CELL, "a \\| b" },
		{ "a | b", FL_MD_INLINE, "a | b" },
		{ "a | b", FL_MD_LINE_START, "a | b" },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *got = md_esc(cases[i].in, cases[i].where);
		cr_expect_str_eq(got, cases[i].out);
		free(got);
	}
}

Test(report_escape, markdown_text_is_one_line)
{
	char *got = md_esc("one\r\n| two |\n# three\x01", FL_MD_CELL);
	cr_expect_str_eq(got, "one \\| two \\| # three\xEF\xBF\xBD");
	free(got);
}

Test(report_escape, code_span_pipes_and_backticks)
{
	char *got = md_code("a|b``c", FL_MD_CELL);
	cr_expect_str_eq(got, "```a\\|b``c```");
	free(got);
	got = md_code("a|b``c", FL_MD_INLINE);
	cr_expect_str_eq(got, "```a|b``c```", "a backslash would show outside a table");
	free(got);
	got = md_code("`x`", FL_MD_INLINE);
	cr_expect_str_eq(got, "`` `x` ``");
	free(got);
}

/* ---- tickets (report_ticket.c) ---- */

/* An analysis with n evidence lines of len bytes each, the first one text. */
static struct fl_analysis *ticket_analysis(size_t n, size_t len, const char *first)
{
	struct fl_analysis *a = calloc(1, sizeof(*a));
	a->run_id = 7;
	a->status = "failed";
	a->summary = strdup("gpu_oom: rank 3 failed first <b>");
	a->signature = strdup("0123456789ab");
	a->likely.id = "gpu_oom";
	a->first.set = true;
	a->first.rank = 3;
	a->first.ts = FL_TIME_NONE;
	a->likely.evidence.v = calloc(n, sizeof(struct fl_evidence));
	a->likely.evidence.n = n;
	for (size_t i = 0; i < n; i++) {
		struct fl_evidence *e = &a->likely.evidence.v[i];
		e->file = strdup("rank3.log");
		e->line = (int64_t)i + 1;
		e->text = malloc(len + 1);
		memset(e->text, 'x', len);
		e->text[len] = '\0';
	}
	if (n && first) {
		free(a->likely.evidence.v[0].text);
		a->likely.evidence.v[0].text = strdup(first);
	}
	return a;
}

static void ticket_free(struct fl_analysis *a)
{
	for (size_t i = 0; i < a->likely.evidence.n; i++) {
		free(a->likely.evidence.v[i].file);
		free(a->likely.evidence.v[i].text);
	}
	free(a->likely.evidence.v);
	free(a->summary);
	free(a->signature);
	free(a);
}

static char *ticket(const struct fl_analysis *a, enum fl_format f, const char *link)
{
	struct fl_buf b = FL_BUF_INIT;
	fl_report_ticket(a, f, link, &b);
	return fl_buf_detach(&b);
}

static size_t count(const char *hay, const char *needle)
{
	size_t n = 0;
	for (const char *p = hay; (p = strstr(p, needle)); p += strlen(needle))
		n++;
	return n;
}

Test(ticket, jira_is_cut_to_its_limit_with_the_link_kept)
{
	struct fl_analysis *a = ticket_analysis(2000, 300, NULL);
	char *t = ticket(a, FL_FMT_JIRA, "https://fl.example/runs/7.html");
	cr_assert_leq(strlen(t), 32767);
	cr_assert_gt(strlen(t), 30000, "the budget is used, not wasted");
	cr_assert(strstr(t, "more evidence lines in the full report"), "the cut is said");
	cr_assert(strstr(t, "[Full report|https://fl.example/runs/7.html]\n"), "%s",
		  t + strlen(t) - 200);
	cr_assert_eq(count(t, "{noformat}"), 2);
	free(t);
	ticket_free(a);
}

Test(ticket, github_is_cut_to_its_limit_with_the_link_kept)
{
	struct fl_analysis *a = ticket_analysis(2000, 300, NULL);
	char *t = ticket(a, FL_FMT_GITHUB, "https://fl.example/runs/7.html");
	cr_assert_leq(strlen(t), 65536);
	cr_assert_gt(strlen(t), 60000);
	cr_assert(strstr(t, "more evidence lines in the full report"));
	cr_assert(strstr(t, "[Full report](<https://fl.example/runs/7.html>)\n"));
	free(t);
	ticket_free(a);
}

Test(ticket, small_tickets_are_whole)
{
	struct fl_analysis *a = ticket_analysis(3, 50, NULL);
	for (int f = FL_FMT_JIRA; f <= FL_FMT_SLACK; f++) {
		char *t = ticket(a, (enum fl_format)f, NULL);
		cr_assert_null(strstr(t, "more evidence"), "format %d cut a small ticket", f);
		cr_assert(strstr(t, "faultline report 7"), "format %d has no way to the report", f);
		cr_assert_eq(count(t, "rank3.log:"), 3);
		free(t);
	}
	ticket_free(a);
}

Test(ticket, log_text_cannot_close_its_block)
{
	struct fl_analysis *a = ticket_analysis(2, 20, "{noformat} *bold* ~~~~~ ``` <script>");
	char *j = ticket(a, FL_FMT_JIRA, NULL);
	cr_assert_eq(count(j, "{noformat}"), 2, "%s", j);
	cr_assert(strstr(j, "gpu\\_oom: rank 3"), "text outside blocks is escaped: %s", j);
	free(j);
	char *g = ticket(a, FL_FMT_GITHUB, NULL);
	cr_assert(strstr(g, "\n~~~~~~text\n"), "the fence outgrows the text's tildes: %s", g);
	cr_assert(strstr(g, "&lt;b>"), "summary escaped: %s", g);
	free(g);
	char *s = ticket(a, FL_FMT_SLACK, NULL);
	cr_assert_null(strstr(s, "<script>"), "%s", s);
	cr_assert(strstr(s, "&lt;script&gt;"), "%s", s);
	cr_assert_eq(count(s, "```"), 2, "only the block's own fences: %s", s);
	free(s);
	ticket_free(a);
}

Test(ticket, slack_is_json_within_block_limits)
{
	struct fl_analysis *a = ticket_analysis(500, 300, "line\nwith \"quotes\" \\ and\ttab");
	char *t = ticket(a, FL_FMT_SLACK, "https://fl.example/runs/7.html");
	json_error_t je;
	json_t *doc = json_loads(t, 0, &je);
	cr_assert_not_null(doc, "not JSON: %s at %d", je.text, je.position);
	json_t *blocks = json_object_get(doc, "blocks");
	cr_assert(json_is_array(blocks));
	cr_assert_leq(json_array_size(blocks), 50);
	size_t i;
	json_t *blk;
	bool link = false;
	json_array_foreach(blocks, i, blk) {
		const char *txt = json_string_value(json_object_get(json_object_get(blk, "text"), "text"));
		cr_assert_not_null(txt);
		cr_assert_leq(strlen(txt), 3000, "block %zu has %zu bytes", i, strlen(txt));
		link |= strstr(txt, "<https://fl.example/runs/7.html|Full report>") != NULL;
	}
	cr_assert(link, "no link block");
	cr_assert(json_is_string(json_object_get(doc, "text")), "no fallback text");
	json_decref(doc);
	free(t);
	ticket_free(a);
}

/* ---- charts (report_svg.c) ---- */

static size_t count_points(const char *svg)
{
	const char *p = strstr(svg, "points=\"");
	cr_assert(p, "no polyline: %s", svg);
	size_t n = 1;
	for (p += 8; *p && *p != '"'; p++)
		n += *p == ' ';
	return n;
}

Test(report_svg, long_series_are_bounded)
{
	size_t n = 100000;
	double *x = malloc(n * sizeof(*x)), *y = malloc(n * sizeof(*y));
	for (size_t i = 0; i < n; i++) {
		x[i] = (double)i;
		y[i] = 10.0 / (1.0 + (double)i);
	}
	struct fl_buf b = FL_BUF_INIT;
	size_t drawn = fl_svg_line(&b, "Loss over steps", "step", x, y, n);
	fl_buf_addc(&b, '\0');
	cr_expect_eq(drawn, FL_SVG_POINTS);
	cr_expect_eq(count_points(b.ptr), FL_SVG_POINTS);
	cr_expect_lt(b.len, 20000, "a 100k-step chart stays small: %zu bytes", b.len);
	cr_expect(strstr(b.ptr, "<title>Loss over steps</title>"), "titled");
	cr_expect(strstr(b.ptr, "aria-label=\"Loss over steps\""), "labelled");
	free(x);
	free(y);
	fl_buf_release(&b);
}

Test(report_svg, short_series_keep_every_finite_point)
{
	const double x[] = { 1, 2, 3, 4, 5 };
	const double y[] = { 2.5, NAN, 2.25, INFINITY, 2.0 };
	struct fl_buf b = FL_BUF_INIT;
	cr_expect_eq(fl_svg_line(&b, "t", "step", x, y, 5), 3);
	fl_buf_addc(&b, '\0');
	cr_expect_eq(count_points(b.ptr), 3);
	cr_expect_null(strstr(b.ptr, "nan"), "%s", b.ptr);
	cr_expect_null(strstr(b.ptr, "inf"), "%s", b.ptr);
	fl_buf_release(&b);
}

Test(report_svg, no_data_no_chart)
{
	const double x[] = { 1, 2 }, y[] = { NAN, NAN };
	struct fl_buf b = FL_BUF_INIT;
	cr_expect_eq(fl_svg_line(&b, "t", "step", x, y, 2), 0);
	cr_expect_eq(fl_svg_line(&b, "t", "step", NULL, NULL, 0), 0);
	const struct fl_svg_bar bars[] = { { 0, NAN, false }, { 1, NAN, true } };
	cr_expect_eq(fl_svg_bars(&b, "t", bars, 2), 0);
	cr_expect_eq(fl_svg_bars(&b, "t", bars, 0), 0);
	cr_expect_eq(b.len, 0, "nothing written");
	fl_buf_release(&b);
}

Test(report_svg, text_is_escaped)
{
	const double x[] = { 1, 2 }, y[] = { 1, 2 };
	struct fl_buf b = FL_BUF_INIT;
	fl_svg_line(&b, "<script>alert(1)</script>\"", "a&b", x, y, 2);
	fl_buf_addc(&b, '\0');
	cr_expect_null(strstr(b.ptr, "<script"), "%s", b.ptr);
	cr_expect(strstr(b.ptr, "&lt;script&gt;alert(1)&lt;/script&gt;&quot;"), "%s", b.ptr);
	cr_expect(strstr(b.ptr, ">a&amp;b<"), "%s", b.ptr);
	fl_buf_release(&b);
}

/* 32k ranks: binned, each bin at its lowest, the marked rank's bin red. */
Test(report_svg, many_ranks_are_binned)
{
	size_t n = 32768;
	struct fl_svg_bar *v = calloc(n, sizeof(*v));
	for (size_t i = 0; i < n; i++)
		v[i] = (struct fl_svg_bar){ (int64_t)i, 1000.0, false };
	v[20000].value = 3;
	v[20000].marked = true;
	struct fl_buf b = FL_BUF_INIT;
	cr_expect_eq(fl_svg_bars(&b, "Last progress", v, n), FL_SVG_BARS);
	fl_buf_addc(&b, '\0');
	size_t rects = 0, red = 0;
	for (const char *p = b.ptr; (p = strstr(p, "<rect")); p++) {
		rects++;
		red += strncmp(strstr(p, "fill=\""), "fill=\"#b71c1c\"", 14) == 0;
	}
	cr_expect_eq(rects, FL_SVG_BARS);
	cr_expect_eq(red, 1, "one bin holds the marked rank");
	cr_expect(strstr(b.ptr, "<title>ranks 19968-20095, lowest: 3</title>"), "bin at its lowest");
	cr_expect_lt(b.len, 64000, "%zu bytes", b.len);
	free(v);
	fl_buf_release(&b);
}
