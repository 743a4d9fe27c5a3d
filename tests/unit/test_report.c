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

/* A flat line still gets an axis of three distinct values. */
Test(report_svg, flat_series_get_a_band)
{
	const double x[] = { 1, 2, 3 }, y[] = { 3351, 3351, 3351 };
	struct fl_buf b = FL_BUF_INIT;
	fl_svg_line(&b, "Tokens/s", "step", x, y, 3);
	fl_buf_addc(&b, '\0');
	cr_expect(strstr(b.ptr, ">3183</text>") && strstr(b.ptr, ">3519</text>"), "%s", b.ptr);
	fl_buf_release(&b);
}

Test(report_svg, no_data_no_chart)
{
	const double x[] = { 1, 2 }, y[] = { NAN, NAN };
	struct fl_buf b = FL_BUF_INIT;
	cr_expect_eq(fl_svg_line(&b, "t", "step", x, y, 2), 0);
	cr_expect_eq(fl_svg_line(&b, "t", "step", NULL, NULL, 0), 0);
	const struct fl_svg_bar bars[] = { { 0, NAN, false, false }, { 1, NAN, true, false } };
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
		v[i] = (struct fl_svg_bar){ (int64_t)i, 1000.0, false, false };
	v[20000].value = 3;
	v[20000].marked = true;
	v[30000].value = NAN; /* logged no progress: its bin is the furthest behind */
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
	cr_expect(strstr(b.ptr, "<title>ranks 29952-30079, lowest: none logged</title>"),
		  "a bin with a rank that logged nothing");
	cr_expect_lt(b.len, 64000, "%zu bytes", b.len);
	free(v);
	fl_buf_release(&b);
}

/* A rank whose lines carry no time is blank, not the furthest behind;
 * a rank that logged nothing is. */
Test(report_svg, unmeasured_ranks_are_blank)
{
	const struct fl_svg_bar v[] = { { 0, 5, false, false },
					{ 1, NAN, false, true },
					{ 2, NAN, true, false },
					{ 3, 7, false, false } };
	struct fl_buf b = FL_BUF_INIT;
	cr_expect_eq(fl_svg_bars(&b, "t", v, 4), 4);
	fl_buf_addc(&b, '\0');
	size_t rects = 0;
	for (const char *p = b.ptr; (p = strstr(p, "<rect")); p++)
		rects++;
	cr_expect_eq(rects, 3, "%s", b.ptr);
	cr_expect_null(strstr(b.ptr, "<title>rank 1"), "%s", b.ptr);
	cr_expect(strstr(b.ptr, "<title>rank 2: none logged</title>"), "%s", b.ptr);
	fl_buf_release(&b);
	const struct fl_svg_bar none[] = { { 0, NAN, false, true }, { 1, NAN, false, true } };
	cr_expect_eq(fl_svg_bars(&b, "t", none, 2), 0, "nothing measured, nothing drawn");
	cr_expect_eq(b.len, 0);
}

/* A sparse line shows its points, so that a single one is seen; a dense
 * one is a line only. */
Test(report_svg, sparse_lines_show_their_points)
{
	const double x[] = { 3 }, y[] = { 2.5 };
	struct fl_buf b = FL_BUF_INIT;
	cr_expect_eq(fl_svg_line(&b, "one", "step", x, y, 1), 1);
	fl_buf_addc(&b, '\0');
	cr_expect(strstr(b.ptr, "<circle "), "%s", b.ptr);
	fl_buf_release(&b);
	double xs[100], ys[100];
	for (int i = 0; i < 100; i++)
		xs[i] = ys[i] = i;
	fl_svg_line(&b, "many", "step", xs, ys, 100);
	fl_buf_addc(&b, '\0');
	cr_expect_null(strstr(b.ptr, "<circle "), "dense: no dots");
	fl_buf_release(&b);
}

/* ---- the training and configuration table (report_doc.c) ---- */

static struct fl_analysis *metrics_analysis(void)
{
	struct fl_analysis *a = calloc(1, sizeof(*a));
	a->status = "failed";
	a->hang.seq = a->hang.timeout_ms = -1;
	struct fl_training *t = &a->training;
	t->last_step = 1843;
	t->steps = 143;
	t->first_nonfinite_step = -1;
	t->loss_last = 2.67;
	t->tokens_per_s_per_gpu = t->tflops_per_gpu = t->loss_scale_last = NAN;
	t->lr_last = t->grad_norm_last = t->iter_ms_last = NAN;
	t->mfu = 0.389;
	t->mfu_peak_tflops = 989.4;
	t->mfu_peak_dtype = "bf16";
	t->params = 8030261248.0;
	struct fl_config *k = &a->config;
	k->micro_batch_size = 4;
	k->grad_accum_steps = -1;
	k->global_batch_size = 512;
	k->data_parallel_size = 16;
	k->derived = FL_CFG_DERIVED_DP;
	k->tensor_parallel_size = k->pipeline_parallel_size = k->seq_length = -1;
	k->context_parallel_size = k->expert_parallel_size = -1;
	k->world_size = 16;
	k->dtype = strdup("bf16|<b>");
	return a;
}

Test(report_doc, markdown_metrics_and_config_table)
{
	struct fl_analysis *a = metrics_analysis();
	struct fl_buf b = FL_BUF_INIT;
	fl_report_md(a, &b);
	fl_buf_addc(&b, '\0');
	cr_expect(strstr(b.ptr, "| Training | Value | Configuration | Value |\n"), "%s", b.ptr);
	cr_expect(strstr(b.ptr, "| Last step | 1843 | World size | 16 |\n"), "%s", b.ptr);
	cr_expect(strstr(b.ptr, "| MFU | 38.9% |"), "%s", b.ptr);
	cr_expect(strstr(b.ptr, "| MFU computed against | 989.4 TFLOPS peak bf16 |"), "%s", b.ptr);
	cr_expect(strstr(b.ptr, "| Model parameters | 8.03B |"), "%s", b.ptr);
	cr_expect(strstr(b.ptr, "| Data parallel (DP, derived) | 16 |"), "%s", b.ptr);
	cr_expect(strstr(b.ptr, "| Dtype | bf16\\|&lt;b> |"), "log text escaped for a cell: %s", b.ptr);
	cr_expect_null(strstr(b.ptr, "Grad accumulation"), "unknown values are left out");
	cr_expect_null(strstr(b.ptr, "Tokens/s"), "unknown values are left out");
	fl_buf_release(&b);
	free(a->config.dtype);
	free(a);
}

Test(report_doc, no_metrics_no_table)
{
	struct fl_analysis *a = metrics_analysis();
	a->training = (struct fl_training){
		.last_step = -1, .first_nonfinite_step = -1, .loss_last = NAN,
		.tokens_per_s_per_gpu = NAN, .tflops_per_gpu = NAN, .mfu = NAN,
		.loss_scale_last = NAN, .lr_last = NAN, .grad_norm_last = NAN, .iter_ms_last = NAN,
		.params = NAN, .mfu_peak_tflops = NAN,
	};
	free(a->config.dtype);
	a->config = (struct fl_config){
		.micro_batch_size = -1, .grad_accum_steps = -1, .global_batch_size = -1,
		.data_parallel_size = -1, .tensor_parallel_size = -1, .pipeline_parallel_size = -1,
		.seq_length = -1, .world_size = -1, .context_parallel_size = -1,
		.expert_parallel_size = -1,
	};
	struct fl_buf b = FL_BUF_INIT;
	fl_report_md(a, &b);
	fl_buf_addc(&b, '\0');
	cr_expect_null(strstr(b.ptr, "Training and configuration"), "%s", b.ptr);
	fl_buf_release(&b);
	free(a);
}

/* Two lines share the axes; a marker inside the x range is drawn. */
Test(report_svg, several_lines_with_a_marker)
{
	const double x[] = { 0, 10, 20, 30 }, hi[] = { 700, 700, 90, 90 }, lo[] = { 690, 60, 60, 60 };
	const struct fl_svg_series s[] = { { "mean", "#1565c0", x, hi, 4 },
					   { "lowest <GPU>", "#ef6c00", x, lo, 4 } };
	struct fl_buf b = FL_BUF_INIT;
	cr_expect_eq(fl_svg_lines(&b, "GPU power", "seconds", s, 2, 15, "hang onset"), 8);
	fl_buf_addc(&b, '\0');
	size_t lines = 0;
	for (const char *p = b.ptr; (p = strstr(p, "<polyline")); p++)
		lines++;
	cr_expect_eq(lines, 2);
	cr_expect(strstr(b.ptr, ">lowest &lt;GPU&gt;</text>"), "legend escaped: %s", b.ptr);
	cr_expect(strstr(b.ptr, "stroke-dasharray=\"4 3\""), "marker: %s", b.ptr);
	cr_expect(strstr(b.ptr, ">hang onset</text>"), "%s", b.ptr);
	fl_buf_release(&b);
	fl_svg_lines(&b, "GPU power", "seconds", s, 2, 99, "hang onset");
	fl_buf_addc(&b, '\0');
	cr_expect_null(strstr(b.ptr, "hang onset"), "a marker outside the range is left out");
	fl_buf_release(&b);
}

/* ---- GPU power (report_html.c on report_svg.c) ---- */

Test(report_html, gpu_power_over_time_with_the_hang_onset)
{
	struct fl_analysis *a = metrics_analysis();
	struct fl_gpu g[2] = { { 0 } };
	struct fl_gpu_point pts[2][4];
	for (int k = 0; k < 2; k++) {
		for (int i = 0; i < 4; i++)
			pts[k][i] = (struct fl_gpu_point){ 1000000000LL * 1000 + i * 60000000LL,
							   i < 2 ? 690.0 - k : 80.0 + k, 100 };
		g[k].series = pts[k];
		g[k].nseries = 4;
	}
	a->gpus = g;
	a->ngpus = 2;
	a->hang.set = true;
	a->hang.onset_ts = 1000000000LL * 1000 + 90000000LL;
	struct fl_buf b = FL_BUF_INIT;
	fl_report_html(a, &b);
	fl_buf_addc(&b, '\0');
	const char *chart = strstr(b.ptr, "<title>GPU power over time (W)</title>");
	cr_assert(chart, "no power chart");
	cr_expect(strstr(chart, ">hang onset</text>"), "the onset is marked");
	cr_expect(strstr(chart, ">mean over GPUs</text>") && strstr(chart, ">lowest GPU</text>"));
	fl_buf_release(&b);

	a->ngpus = 0;
	fl_report_html(a, &b);
	fl_buf_addc(&b, '\0');
	cr_expect_null(strstr(b.ptr, "<title>GPU power"), "no telemetry, no chart");
	cr_expect(strstr(b.ptr, "GPU power over time (the bundle has no GPU telemetry)"),
		  "the missing chart is explained");
	fl_buf_release(&b);

	/* one snapshot in time is no line over time: the table has it */
	a->ngpus = 1;
	g[0].nseries = 1;
	fl_report_html(a, &b);
	fl_buf_addc(&b, '\0');
	cr_expect_null(strstr(b.ptr, "<title>GPU power"), "one moment, no chart");
	cr_expect(strstr(b.ptr, "the telemetry holds one moment only"), "explained");
	fl_buf_release(&b);
	free(a->config.dtype);
	free(a);
}

/* ---- training over steps (report_html.c on report_svg.c) ---- */

/* Throughput is drawn in the first measure the logs give: tokens/s, else
 * TFLOPS, else MFU (as a percentage); a missing one draws no frame. */
Test(report_html, throughput_falls_back_to_mfu)
{
	struct fl_analysis *a = metrics_analysis();
	struct fl_step_point pts[3];
	for (int i = 0; i < 3; i++)
		pts[i] = (struct fl_step_point){ 10 * (i + 1), 2.5 - 0.1 * i, NAN, NAN, NAN,
						 0.38 + 0.01 * i };
	a->series = pts;
	a->nseries = 3;
	struct fl_buf b = FL_BUF_INIT;
	fl_report_html(a, &b);
	fl_buf_addc(&b, '\0');
	cr_expect(strstr(b.ptr, "<title>Loss over steps</title>"), "loss");
	const char *mfu = strstr(b.ptr, "<title>MFU (%) over steps</title>");
	cr_assert(mfu, "no MFU chart");
	cr_expect(strstr(mfu, ">40</text>") || strstr(mfu, ">39</text>"), "MFU not in percent");
	cr_expect_null(strstr(b.ptr, "<title>Gradient norm"), "a chart without grad norm");
	cr_expect_null(strstr(b.ptr, "<title>Tokens/s"), "a chart without tokens/s");
	cr_expect_null(strstr(b.ptr, "<title>TFLOPS"), "a chart without TFLOPS");
	cr_expect_null(strstr(b.ptr, "Not drawn: training"), "steps said missing");
	fl_buf_release(&b);
	free(a->config.dtype);
	free(a);
}
