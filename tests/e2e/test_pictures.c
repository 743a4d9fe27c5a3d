/* SPDX-License-Identifier: MIT */
/*
 * test_pictures.c - the HTML report's charts and the Markdown report's
 * metrics table, end to end through the real binary.
 *
 * A bundle with steps, GPU telemetry and NCCL sequence numbers gets every
 * chart (loss, throughput, GPU power with the hang onset, last progress
 * per rank); a bundle without them gets none, and the page names each
 * missing chart with its reason. Every chart is inline SVG made of a
 * known handful of elements, so that log text inside a title or label
 * can only be escaped text; the page keeps its script-free policy.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fl_test.h"

#define SCEN(name) FL_TESTDATA_DIR "/scenarios/" name "/bundle"

/* What the page's policy must be, exactly: nothing runs, nothing loads. */
#define CSP                                                  \
	"<meta http-equiv=\"Content-Security-Policy\" content=\"" \
	"default-src 'none'; style-src 'unsafe-inline'\">"

TestSuite(pictures, .timeout = 120);

/* `report last --format FMT` of the session's store; caller frees. */
static char *report(struct fl_session *t, const char *fmt)
{
	cr_assert_eq(fl_session_run(t, "report", "last", "--db", t->db, "--format", fmt, NULL), 0,
		     "report --format %s: %s", fmt, t->err);
	return strdup(t->out);
}

/* The chart titled title, from its <svg to its </svg>; NULL when the page
 * has none. Caller frees. */
static char *chart(const char *page, const char *title)
{
	char want[256];
	snprintf(want, sizeof(want), "<title>%s</title>", title);
	const char *at = strstr(page, want);
	if (!at)
		return NULL;
	const char *open = at;
	while (open > page && strncmp(open, "<svg", 4))
		open--;
	const char *close = strstr(at, "</svg>");
	cr_assert(close && !strncmp(open, "<svg", 4), "'%s' is not inside an <svg>", title);
	return strndup(open, (size_t)(close + 6 - open));
}

/* Inside every <svg>...</svg> of the page only these elements occur, and
 * no attribute is an event handler or a link: log text drawn into a
 * chart stays text. Returns the number of charts. */
static size_t check_svgs(const char *scen, const char *page)
{
	static const char *const ok[] = { "svg", "title", "text", "line", "rect", "polyline",
					   "circle", "g", "path" };
	size_t n = 0;
	for (const char *s = page; (s = strstr(s, "<svg")); n++) {
		const char *end = strstr(s, "</svg>");
		cr_assert(end, "%s: an <svg> is not closed", scen);
		for (const char *p = s; p < end; p++) {
			if (*p != '<')
				continue;
			const char *name = p[1] == '/' ? p + 2 : p + 1;
			size_t len = strspn(name, "abcdefghijklmnopqrstuvwxyz");
			bool known = false;
			for (size_t k = 0; k < sizeof(ok) / sizeof(ok[0]); k++)
				known = known || (strlen(ok[k]) == len && !strncmp(name, ok[k], len));
			cr_expect(known, "%s: <%.20s inside a chart", scen, name);
			const char *gt = strchr(p, '>');
			cr_assert(gt && gt < end, "%s: a tag in a chart is not closed", scen);
			char *tag = strndup(p, (size_t)(gt - p));
			cr_expect_null(strstr(tag, " on"), "%s: event handler in %s", scen, tag);
			cr_expect_null(strstr(tag, "href"), "%s: link in %s", scen, tag);
			free(tag);
		}
		s = end;
	}
	return n;
}

static void check_page(const char *scen, const char *page)
{
	cr_expect(strstr(page, CSP), "%s: the page's policy is not the strict one", scen);
	cr_expect_null(strstr(page, "<script"), "%s: a script in the page", scen);
	cr_expect_null(strstr(page, "<link"), "%s: the page loads something", scen);
	cr_expect_null(strstr(page, "<img"), "%s: an image in the page", scen);
	check_svgs(scen, page);
}

/* A hung job with steps, NCCL sequence numbers and nvidia-smi samples:
 * every chart is there, and nothing is said to be missing. */
Test(pictures, a_bundle_with_the_data_gets_every_chart)
{
	struct fl_session t;
	fl_session_init(&t, "pictures-all");
	fl_session_ingest(&t, SCEN("36-telemetry-hang"), NULL);
	char *page = report(&t, "html");
	check_page("36-telemetry-hang", page);

	char *loss = chart(page, "Loss over steps");
	cr_expect(loss && strstr(loss, "<polyline"), "no loss line");
	char *tput = chart(page, "Tokens/s per GPU over steps");
	cr_expect(tput && strstr(tput, "<polyline"), "no throughput line");
	char *power = chart(page, "GPU power over time (W)");
	cr_assert(power, "no GPU power chart");
	cr_expect(strstr(power, ">mean over GPUs</text>") && strstr(power, ">lowest GPU</text>"));
	cr_expect(strstr(power, ">hang onset</text>"), "the hang onset is not marked");
	char *prog = chart(page, "Last collective completed per rank (NCCL sequence number)");
	cr_assert(prog, "no last progress chart");
	size_t bars = 0;
	for (const char *p = prog; (p = strstr(p, "<rect")); p++)
		bars++;
	cr_expect_eq(bars, 8, "one bar per rank of 8");
	cr_expect(strstr(prog, "fill=\"#b71c1c\""), "the stuck rank is not marked");
	cr_expect_null(strstr(page, "Not drawn:"), "a chart said missing");

	/* the same numbers as a compact table in Markdown */
	char *md = report(&t, "md");
	cr_expect(strstr(md, "| Training | Value | Configuration | Value |\n"), "no metrics table");
	cr_expect(strstr(md, "| Last step | 1430 |"), "last step");
	cr_expect(strstr(md, "| Tokens/s per GPU | 4800 |"), "throughput");
	cr_expect(strstr(md, "| Micro batch (MBS) | 1 |"), "a configuration value");
	cr_expect_null(strstr(md, "<svg"), "Markdown draws no SVG");
	free(loss);
	free(tput);
	free(power);
	free(prog);
	free(page);
	free(md);
	fl_session_release(&t);
}

/* Megatron's iteration lines give the gradient norm and TFLOPS: those are
 * drawn when the logs have no tokens/s. */
Test(pictures, grad_norm_and_tflops_when_the_logs_give_them)
{
	struct fl_session t;
	fl_session_init(&t, "pictures-megatron");
	fl_session_ingest(&t, SCEN("03-loss-divergence"), NULL);
	char *page = report(&t, "html");
	check_page("03-loss-divergence", page);
	char *gn = chart(page, "Gradient norm over steps");
	cr_expect(gn, "no gradient norm chart");
	char *tf = chart(page, "TFLOPS per GPU over steps");
	cr_expect(tf, "no TFLOPS chart");
	cr_expect_null(chart(page, "Tokens/s per GPU over steps"), "tokens/s without the data");
	/* only the last pipeline stage prints timed lines: no comparison to draw */
	cr_expect(strstr(page, "last progress per rank (fewer than two ranks wrote a line with a "
			       "time or an NCCL sequence number)"),
		  "the missing progress chart is not explained");
	cr_expect(strstr(page, "GPU power over time (the bundle has no GPU telemetry)"));
	free(gn);
	free(tf);
	free(page);
	fl_session_release(&t);
}

/* A job that died at NCCL init: no step, no telemetry, no time on its
 * lines. No chart, and the page says why for each. */
Test(pictures, a_bundle_without_the_data_gets_none_and_says_why)
{
	struct fl_session t;
	fl_session_init(&t, "pictures-none");
	fl_session_ingest(&t, SCEN("09-nccl-init-error"), NULL);
	char *page = report(&t, "html");
	check_page("09-nccl-init-error", page);
	cr_expect_null(strstr(page, "over steps</title>"), "a step chart without steps");
	cr_expect_null(strstr(page, "<title>GPU power"), "a power chart without telemetry");
	cr_expect_null(strstr(page, "<title>Last "), "a progress chart without progress");
	cr_expect(strstr(page, "Not drawn: training over steps (the logs report no training step); "
			       "GPU power over time (the bundle has no GPU telemetry); last progress "
			       "per rank"),
		  "the missing charts are not named");
	free(page);
	fl_session_release(&t);
}

/* One nvidia-smi -q dump per node is one moment, not a line over time. */
Test(pictures, a_telemetry_snapshot_is_no_power_chart)
{
	struct fl_session t;
	fl_session_init(&t, "pictures-snapshot");
	fl_session_ingest(&t, SCEN("37-telemetry-snapshot"), NULL);
	char *page = report(&t, "html");
	check_page("37-telemetry-snapshot", page);
	cr_expect_null(strstr(page, "<title>GPU power"), "a power chart of one moment");
	cr_expect(strstr(page, "the telemetry holds one moment only"), "not explained");
	cr_expect(strstr(page, "<h2>GPU telemetry</h2>"), "the table that lists the snapshot");
	free(page);
	fl_session_release(&t);
}

/* Log text that reaches a chart (the per-rank drawing's titles carry the
 * first error) is escaped there: the hostile line's markup is text. */
Test(pictures, log_text_in_a_chart_is_escaped)
{
	struct fl_session t;
	fl_session_init(&t, "pictures-hostile");
	fl_session_ingest(&t, SCEN("18-hostile"), NULL);
	char *page = report(&t, "html");
	check_page("18-hostile", page);
	cr_assert_geq(check_svgs("18-hostile", page), 1, "no chart");
	const char *svg = strstr(page, "<svg");
	cr_assert(svg);
	const char *esc = strstr(svg, "&lt;script&gt;alert(1)&lt;/script&gt;");
	cr_expect(esc && esc < strstr(svg, "</svg>"), "the hostile line is not in the chart");
	cr_expect(strstr(svg, "&lt;img src=x onerror=alert(2)&gt;"), "escaped <img");
	free(page);
	fl_session_release(&t);
}
