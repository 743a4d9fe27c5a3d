/* SPDX-License-Identifier: MIT */
/*
 * report_html.c - the analysis as one self-contained HTML page.
 *
 * For reading a verdict in a browser, attaching it to a ticket or keeping
 * it beside the bundle: inline CSS and inline SVG, no script, no external
 * URL, so the page opens offline and years later. The document is
 * report_doc.c's, the same as the Markdown report's; this file spells it
 * in HTML and adds what only a page has: the head with its stylesheet and
 * policy, and a per-rank timeline (SVG, every timeline entry) that shows
 * at a glance who failed first, who stopped early and who waited. Every
 * piece of log text goes through fl_html_escape; a Content-Security-Policy
 * that forbids scripts and remote loads is the second line of defence.
 */
#include "report_int.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

enum {
	MAX_LANES = 64,     /* more lanes than this are unreadable */
	LABEL_BYTES = 20,   /* of a host name in a lane label */
};

/* SVG geometry in viewBox units: labels left of PLOT_X0, time across. */
#define SVG_W 1000.0
#define PLOT_X0 230.0
#define PLOT_X1 980.0
#define LANE_H 20.0
#define AXIS_H 34.0
#define FOOT_H 26.0

#define COL_BAR "#90a4ae"
#define COL_FAILED "#e57373"
#define COL_STUCK "#ef6c00"
#define COL_FIRST "#b71c1c"
#define COL_ERROR "#d32f2f"
#define COL_EVENT "#757575"

static const char CSS[] =
	"body{font:14px/1.45 system-ui,sans-serif;margin:2em auto;max-width:1100px;"
	"padding:0 1em;color:#1a1a1a;background:#fff}\n"
	"h1{font-size:1.45em;margin:.2em 0 .6em}\n"
	"h2{font-size:1.15em;margin:1.6em 0 .5em;border-bottom:1px solid #ddd}\n"
	"table{border-collapse:collapse;margin:.5em 0}\n"
	"th,td{border:1px solid #ddd;padding:.25em .6em;text-align:left;vertical-align:top}\n"
	"th{background:#f5f5f5}\n"
	"code,pre{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.92em}\n"
	"pre{background:#f6f8fa;border:1px solid #e1e4e8;padding:.6em;margin:.3em 0 1em;"
	"white-space:pre-wrap;overflow-wrap:anywhere}\n"
	".status{font-weight:bold;padding:.1em .5em;border-radius:3px;color:#fff;"
	"background:#555}\n"
	".s-failed{background:#c62828}.s-hung{background:#ef6c00}"
	".s-degraded{background:#f9a825;color:#000}.s-healthy{background:#2e7d32}\n"
	".sev-error{color:#c62828;font-weight:bold}.sev-warning{color:#b26a00}\n"
	"tr.primary td{background:#fdecea}\n"
	".legend span{display:inline-block;margin-right:1.2em}\n"
	".sw{display:inline-block;width:.9em;height:.9em;vertical-align:middle;"
	"margin-right:.3em;border-radius:2px}\n"
	"svg{width:100%;height:auto;border:1px solid #e1e4e8}\n"
	".muted{color:#666}\n";

/* ---- text ---- */

static void html_text(struct fl_buf *out, const char *s)
{
	fl_html_escape(out, s, strlen(s));
}

/* Text the SVG shows, where it may be missing. */
static void svg_text(struct fl_buf *out, const char *s)
{
	if (s && *s)
		html_text(out, s);
	else
		fl_buf_addc(out, '-');
}

/* At most max bytes of s, cut on a character boundary. */
static void html_trunc(struct fl_buf *b, const char *s, size_t max)
{
	size_t n = strlen(s);
	if (n <= max) {
		fl_html_escape(b, s, n);
		return;
	}
	while (max > 0 && ((unsigned char)s[max] & 0xC0) == 0x80)
		max--;
	fl_html_escape(b, s, max);
	fl_buf_adds(b, "…");
}

/* ---- per-rank timeline (SVG) ---- */

struct lane {
	int64_t rank;                   /* -1: the lane of events with no rank */
	const struct fl_rank_state *st; /* NULL for that lane */
};

struct plot {
	int64_t t0, t1; /* µs; scaled in double so that extremes cannot overflow */
	struct lane *lanes;
	size_t nlanes;
	size_t omitted;
};

static void widen(int64_t *lo, int64_t *hi, int64_t t)
{
	if (t == FL_TIME_NONE)
		return;
	if (*lo == FL_TIME_NONE || t < *lo)
		*lo = t;
	if (*hi == FL_TIME_NONE || t > *hi)
		*hi = t;
}

/* Earliest and latest known time; false when nothing has a time. */
static bool time_range(const struct fl_analysis *a, int64_t *lo, int64_t *hi)
{
	*lo = *hi = FL_TIME_NONE;
	for (size_t i = 0; i < a->nranks_state; i++) {
		widen(lo, hi, a->ranks[i].last_ts);
		widen(lo, hi, a->ranks[i].first_error_ts);
	}
	for (size_t i = 0; i < a->ntimeline; i++)
		widen(lo, hi, a->timeline[i].ts);
	if (a->first.set)
		widen(lo, hi, a->first.ts);
	return *lo != FL_TIME_NONE;
}

static double xpos(const struct plot *p, int64_t t)
{
	double span = p->t1 > p->t0 ? (double)p->t1 - (double)p->t0 : 1.0;
	return PLOT_X0 + (PLOT_X1 - PLOT_X0) * (((double)t - (double)p->t0) / span);
}

static double lane_y(size_t i)
{
	return AXIS_H + (double)i * LANE_H;
}

static int lane_cmp(const void *x, const void *y)
{
	const struct lane *p = x, *q = y;
	return (p->rank > q->rank) - (p->rank < q->rank);
}

static bool is_stuck(const struct fl_hang *h, int64_t rank)
{
	for (size_t i = 0; h->set && i < h->nstuck; i++)
		if (h->stuck[i] == rank)
			return true;
	return false;
}

static bool is_first(const struct fl_analysis *a, int64_t rank)
{
	return a->first.set && rank >= 0 && a->first.rank == rank;
}

/* Marks rank (looked up in the sorted lanes) while room is left. */
static void keep_rank(const struct lane *all, size_t n, bool *keep, size_t *nkept, int64_t rank)
{
	if (rank < 0 || *nkept >= MAX_LANES)
		return;
	struct lane key = { .rank = rank };
	const struct lane *l = bsearch(&key, all, n, sizeof(*all), lane_cmp);
	if (l && !keep[l - all]) {
		keep[l - all] = true;
		(*nkept)++;
	}
}

static void keep_evidence(const struct lane *all, size_t n, bool *keep, size_t *nkept,
			  const struct fl_evidence_list *ev)
{
	for (size_t i = 0; i < ev->n; i++)
		keep_rank(all, n, keep, nkept, ev->v[i].rank);
}

/* Too many ranks for one picture: the ranks the verdict names come
 * first (first failure, stuck ranks, ranks in evidence), then the lowest
 * ranks fill the rest, since rank 0 is where most jobs log progress. */
static size_t select_lanes(const struct fl_analysis *a, struct lane *lanes, size_t n)
{
	bool *keep = fl_xcalloc(n, sizeof(*keep));
	size_t nkept = 0;
	if (a->first.set)
		keep_rank(lanes, n, keep, &nkept, a->first.rank);
	for (size_t i = 0; a->hang.set && i < a->hang.nstuck; i++)
		keep_rank(lanes, n, keep, &nkept, a->hang.stuck[i]);
	keep_evidence(lanes, n, keep, &nkept, &a->likely.evidence);
	keep_evidence(lanes, n, keep, &nkept, &a->hang.evidence);
	for (size_t i = 0; i < n && nkept < MAX_LANES; i++) {
		if (!keep[i]) {
			keep[i] = true;
			nkept++;
		}
	}
	size_t m = 0;
	for (size_t i = 0; i < n; i++)
		if (keep[i])
			lanes[m++] = lanes[i];
	free(keep);
	return m;
}

/* Fills p->lanes (allocated here) sorted by rank, plus a last lane for
 * rankless events (node-level Xid, scheduler kills) when there are any. */
static void plan_lanes(const struct fl_analysis *a, struct plot *p)
{
	size_t n = a->nranks_state;
	p->lanes = fl_xcalloc(n + 1, sizeof(*p->lanes));
	for (size_t i = 0; i < n; i++)
		p->lanes[i] = (struct lane){ a->ranks[i].rank, &a->ranks[i] };
	qsort(p->lanes, n, sizeof(*p->lanes), lane_cmp);
	p->nlanes = n > MAX_LANES ? select_lanes(a, p->lanes, n) : n;
	p->omitted = n - p->nlanes;
	for (size_t i = 0; i < a->ntimeline; i++) {
		if (a->timeline[i].rank < 0) {
			p->lanes[p->nlanes++] = (struct lane){ -1, NULL };
			break;
		}
	}
}

/* Index of rank's lane, or -1 when it is not drawn. */
static long find_lane(const struct plot *p, int64_t rank)
{
	if (rank < 0)
		rank = -1;
	for (size_t i = 0; i < p->nlanes; i++)
		if (p->lanes[i].rank == rank)
			return (long)i;
	return -1;
}

/* Elapsed time as an axis label, in a unit that suits the span. */
static void rel_label(struct fl_buf *b, double us, double span)
{
	double s = us / 1e6;
	if (span < 10e6)
		fl_buf_printf(b, "+%.3f s", s);
	else if (span < 600e6)
		fl_buf_printf(b, "+%.1f s", s);
	else if (span < 36000e6)
		fl_buf_printf(b, "+%.1f min", s / 60);
	else
		fl_buf_printf(b, "+%.1f h", s / 3600);
}

static void svg_axis(const struct plot *p, struct fl_buf *out)
{
	double span = (double)p->t1 - (double)p->t0;
	double bottom = lane_y(p->nlanes);
	for (int k = 0; k <= 4; k++) {
		double x = PLOT_X0 + (PLOT_X1 - PLOT_X0) * k / 4.0;
		fl_buf_printf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
				   "stroke=\"#ddd\"/>\n", x, AXIS_H - 6, x, bottom);
		fl_buf_printf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" "
				   "fill=\"#555\">", x, AXIS_H - 10,
			      k == 0 ? "start" : k == 4 ? "end" : "middle");
		rel_label(out, span * k / 4.0, span);
		fl_buf_adds(out, "</text>\n");
	}
	fl_buf_printf(out, "<text x=\"%.1f\" y=\"%.1f\" fill=\"#555\">", PLOT_X0, bottom + 17);
	fl_report_time(out, p->t0);
	fl_buf_printf(out, "</text>\n<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\" "
			   "fill=\"#555\">", PLOT_X1, bottom + 17);
	fl_report_time(out, p->t1);
	fl_buf_adds(out, "</text>\n");
}

static void svg_lane_label(const struct fl_analysis *a, const struct lane *l, double y,
			   struct fl_buf *out)
{
	const char *host = l->st ? l->st->host : NULL;
	const char *style = "";
	if (is_first(a, l->rank))
		style = " font-weight=\"bold\" fill=\"" COL_FIRST "\"";
	else if (is_stuck(&a->hang, l->rank))
		style = " fill=\"" COL_STUCK "\"";
	fl_buf_printf(out, "<text x=\"6\" y=\"%.1f\"%s>", y + 14, style);
	if (!l->st) {
		fl_buf_adds(out, "no rank</text>\n");
		return;
	}
	fl_buf_adds(out, "<title>rank ");
	fl_doc_num(out, l->rank);
	fl_buf_adds(out, " (");
	svg_text(out, host);
	fl_buf_adds(out, "): ");
	svg_text(out, l->st->state);
	if (l->st->first_error) {
		fl_buf_adds(out, "; ");
		svg_text(out, l->st->first_error);
	}
	fl_buf_printf(out, "</title>rank %" PRId64 " (", l->rank);
	if (host)
		html_trunc(out, host, LABEL_BYTES);
	else
		fl_buf_addc(out, '-');
	fl_buf_adds(out, ")</text>\n");
}

static const char *bar_colour(const struct fl_analysis *a, const struct lane *l)
{
	if (is_first(a, l->rank))
		return COL_FIRST;
	if (is_stuck(&a->hang, l->rank))
		return COL_STUCK;
	if (l->st->state && strcmp(l->st->state, "failed") == 0)
		return COL_FAILED;
	return COL_BAR;
}

/* The rank's activity up to its last line, and its first error. */
static void svg_lane_marks(const struct fl_analysis *a, const struct plot *p,
			   const struct lane *l, double y, struct fl_buf *out)
{
	const struct fl_rank_state *st = l->st;
	if (st->last_ts != FL_TIME_NONE) {
		double w = xpos(p, st->last_ts) - PLOT_X0;
		fl_buf_printf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"8\" "
				   "rx=\"2\" fill=\"%s\"><title>rank %" PRId64 " (",
			      PLOT_X0, y + 6, w < 1 ? 1 : w, bar_colour(a, l), l->rank);
		svg_text(out, st->state);
		fl_buf_adds(out, "): last line at ");
		fl_report_time(out, st->last_ts);
		fl_buf_adds(out, "</title></rect>\n");
	}
	if (st->first_error_ts != FL_TIME_NONE) {
		fl_buf_printf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"3\" height=\"16\" "
				   "fill=\"" COL_ERROR "\"><title>first error at ",
			      xpos(p, st->first_error_ts) - 1.5, y + 2);
		fl_report_time(out, st->first_error_ts);
		fl_buf_adds(out, ": ");
		svg_text(out, st->first_error);
		fl_buf_adds(out, "</title></rect>\n");
	}
}

/* Timeline entries as dots on their lanes; primaries drawn last, on top. */
static void svg_events(const struct fl_analysis *a, const struct plot *p, bool primary,
		       struct fl_buf *out)
{
	for (size_t i = 0; i < a->ntimeline; i++) {
		const struct fl_timeline_entry *t = &a->timeline[i];
		long lane = find_lane(p, t->rank);
		if (t->primary != primary || t->ts == FL_TIME_NONE || lane < 0)
			continue;
		fl_buf_printf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%s\" fill=\"%s\"><title>",
			      xpos(p, t->ts), lane_y((size_t)lane) + 10, primary ? "4.5" : "3",
			      primary ? COL_ERROR : COL_EVENT);
		fl_report_time(out, t->ts);
		fl_buf_adds(out, " rank ");
		fl_doc_num(out, t->rank);
		fl_buf_adds(out, " ");
		svg_text(out, t->kind);
		fl_buf_adds(out, ": ");
		svg_text(out, t->text);
		fl_buf_adds(out, "</title></circle>\n");
	}
}

/* A line across every lane at the first failure, and a large mark on
 * its rank's lane: the one thing the reader must see first. */
static void svg_first(const struct fl_analysis *a, const struct plot *p, struct fl_buf *out)
{
	if (!a->first.set || a->first.ts == FL_TIME_NONE)
		return;
	double x = xpos(p, a->first.ts);
	fl_buf_printf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\""
			   COL_FIRST "\" stroke-width=\"1.5\" stroke-dasharray=\"4 3\"/>\n",
		      x, AXIS_H - 4, x, lane_y(p->nlanes));
	/* Anchored so that the label stays inside the picture at either end. */
	const char *anchor = x < PLOT_X0 + 50 ? "start" : x > PLOT_X1 - 50 ? "end" : "middle";
	fl_buf_printf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" fill=\"" COL_FIRST
			   "\" font-weight=\"bold\">first failure</text>\n",
		      x, AXIS_H - 24, anchor);
	long lane = find_lane(p, a->first.rank);
	if (lane < 0 || a->first.rank < 0)
		return;
	double y = lane_y((size_t)lane) + 10;
	fl_buf_printf(out, "<path d=\"M%.1f %.1fl8 8l-8 8l-8 -8z\" fill=\"" COL_FIRST "\" "
			   "stroke=\"#fff\" stroke-width=\"1.5\"><title>first failure: rank ",
		      x, y - 8);
	fl_doc_num(out, a->first.rank);
	fl_buf_adds(out, " ");
	svg_text(out, a->first.kind);
	fl_buf_adds(out, ": ");
	svg_text(out, a->first.message);
	fl_buf_adds(out, "</title></path>\n");
}

static const struct {
	const char *colour, *meaning;
} LEGEND[] = {
	{ COL_BAR, "activity up to the last line" },
	{ COL_FIRST, "first failure" },
	{ COL_STUCK, "stuck rank" },
	{ COL_FAILED, "failed rank" },
	{ COL_ERROR, "first error, primary event" },
	{ COL_EVENT, "other event" },
};

static void svg_legend(const struct plot *p, struct fl_buf *out)
{
	fl_buf_adds(out, "<p class=\"legend muted\">");
	for (size_t i = 0; i < sizeof(LEGEND) / sizeof(LEGEND[0]); i++)
		fl_buf_printf(out, "<span><i class=\"sw\" style=\"background:%s\"></i>%s</span>",
			      LEGEND[i].colour, LEGEND[i].meaning);
	fl_buf_adds(out, "</p>\n");
	if (p->omitted)
		fl_buf_printf(out, "<p class=\"muted\">%zu ranks not drawn: shown are the "
				   "ranks the verdict names, then the lowest ranks, %d lanes "
				   "in all.</p>\n", p->omitted, MAX_LANES);
}

static void html_svg(const struct fl_analysis *a, struct fl_buf *out)
{
	int64_t lo, hi;
	if (!time_range(a, &lo, &hi))
		return;
	struct plot p = { .t0 = lo, .t1 = hi };
	plan_lanes(a, &p);
	if (p.nlanes == 0) {
		free(p.lanes);
		return;
	}
	double h = lane_y(p.nlanes) + FOOT_H;
	fl_buf_adds(out, "<h2>Ranks over time</h2>\n");
	fl_buf_printf(out, "<svg viewBox=\"0 0 %.0f %.0f\" role=\"img\" aria-label=\"per-rank "
			   "timeline\" font-family=\"ui-monospace,Menlo,Consolas,monospace\" "
			   "font-size=\"11\">\n", SVG_W, h);
	svg_axis(&p, out);
	for (size_t i = 0; i < p.nlanes; i++) {
		const struct lane *l = &p.lanes[i];
		double y = lane_y(i);
		if (i % 2)
			fl_buf_printf(out, "<rect x=\"0\" y=\"%.1f\" width=\"%.0f\" "
					   "height=\"%.0f\" fill=\"#f6f8fa\"/>\n",
				      y, SVG_W, LANE_H);
		svg_lane_label(a, l, y, out);
		if (l->st)
			svg_lane_marks(a, &p, l, y, out);
	}
	svg_events(a, &p, false, out);
	svg_events(a, &p, true, out);
	svg_first(a, &p, out);
	fl_buf_adds(out, "</svg>\n");
	svg_legend(&p, out);
	free(p.lanes);
}

/* ---- training over steps, progress per rank (report_svg.c) ---- */

/* One series of a->series as a chart; returns whether one was drawn. */
static bool step_chart(const struct fl_analysis *a, size_t field, const char *title,
		       double factor, struct fl_buf *out)
{
	size_t n = a->nseries;
	double *x = fl_xcalloc(n ? n : 1, sizeof(*x)), *y = fl_xcalloc(n ? n : 1, sizeof(*y));
	for (size_t i = 0; i < n; i++) {
		const struct fl_step_point *p = &a->series[i];
		const double v[] = { p->loss, p->grad_norm, p->tokens_per_s, p->tflops, p->mfu };
		x[i] = (double)p->step;
		y[i] = v[field] * factor;
	}
	bool drawn = fl_svg_line(out, title, "step", x, y, n) > 0;
	free(x);
	free(y);
	return drawn;
}

/* Loss, gradient norm and one measure of throughput: tokens/s when the
 * logs give it, else TFLOPS, else MFU (the first a framework prints).
 * Returns why nothing was drawn, NULL when something was. */
static const char *step_charts(const struct fl_analysis *a, struct fl_buf *out)
{
	if (a->nseries == 0)
		return "training over steps (the logs report no training step)";
	struct fl_buf b = FL_BUF_INIT;
	step_chart(a, 0, "Loss over steps", 1, &b);
	step_chart(a, 1, "Gradient norm over steps", 1, &b);
	if (!step_chart(a, 2, "Tokens/s per GPU over steps", 1, &b) &&
	    !step_chart(a, 3, "TFLOPS per GPU over steps", 1, &b))
		step_chart(a, 4, "MFU (%) over steps", 100, &b);
	if (b.len) {
		fl_buf_adds(out, "<h2>Training over steps</h2>\n");
		if (a->training.last_step > 0 && (size_t)a->training.steps > FL_SVG_POINTS)
			fl_buf_printf(out, "<p class=\"muted\">Each point is the mean over a span "
					   "of steps (%d points at most).</p>\n", FL_SVG_POINTS);
		fl_buf_add(out, b.ptr, b.len);
	}
	bool drawn = b.len > 0;
	fl_buf_release(&b);
	return drawn ? NULL
		     : "training over steps (the step lines carry no loss, gradient norm or "
		       "throughput)";
}

static int bar_cmp(const void *x, const void *y)
{
	const struct fl_svg_bar *p = x, *q = y;
	return (p->rank > q->rank) - (p->rank < q->rank);
}

/* Each rank's last progress: the last collective it completed when NCCL
 * said (its sequence number), else when it last wrote a timed line.
 * Lowest is furthest behind; the first failure and stuck ranks are
 * marked. A rank without a sequence number while others have one, or
 * without any line, is drawn lowest: it is the one that fell behind. A
 * rank whose lines carry no time is left blank: nothing says where it
 * was. Returns why nothing was drawn, NULL when the chart was. */
static const char *progress_chart(const struct fl_analysis *a, struct fl_buf *out)
{
	size_t n = a->nranks_state, timed = 0, blank = 0;
	bool by_seq = false;
	int64_t t0 = FL_TIME_NONE;
	for (size_t i = 0; i < n; i++) {
		by_seq = by_seq || a->ranks[i].last_seq >= 0;
		if (a->ranks[i].last_ts == FL_TIME_NONE)
			continue;
		timed++;
		if (t0 == FL_TIME_NONE || a->ranks[i].last_ts < t0)
			t0 = a->ranks[i].last_ts;
	}
	if (n < 2)
		return "last progress per rank (the logs name fewer than two ranks)";
	if (!by_seq && timed < 2)
		return "last progress per rank (fewer than two ranks wrote a line with a time or "
		       "an NCCL sequence number)";
	struct fl_svg_bar *v = fl_xcalloc(n, sizeof(*v));
	for (size_t i = 0; i < n; i++) {
		const struct fl_rank_state *r = &a->ranks[i];
		v[i].rank = r->rank;
		if (by_seq) {
			v[i].value = r->last_seq >= 0 ? (double)r->last_seq : NAN;
		} else {
			v[i].value = r->last_ts != FL_TIME_NONE ? (double)(r->last_ts - t0) / 1e6 : NAN;
			v[i].unmeasured = r->last_ts == FL_TIME_NONE && r->lines > 0;
			blank += v[i].unmeasured;
		}
		v[i].marked = is_first(a, r->rank) || is_stuck(&a->hang, r->rank);
	}
	qsort(v, n, sizeof(*v), bar_cmp);
	const char *title = by_seq ? "Last collective completed per rank (NCCL sequence number)"
				   : "Last timed line per rank (seconds after the first rank fell silent)";
	struct fl_buf b = FL_BUF_INIT;
	fl_svg_bars(&b, title, v, n);
	fl_buf_adds(out, "<h2>Last progress per rank</h2>\n<p class=\"muted\">");
	fl_html_escape(out, title, strlen(title));
	fl_buf_adds(out, "; the first failure and stuck ranks in red");
	if (blank)
		fl_buf_printf(out, "; %zu rank%s whose lines carry no time left blank", blank,
			      blank == 1 ? "" : "s");
	fl_buf_printf(out, "%s.</p>\n", n > FL_SVG_BARS ? "; ranks binned, each bin at its lowest" : "");
	fl_buf_add(out, b.ptr, b.len);
	fl_buf_release(&b);
	free(v);
	return NULL;
}

/* ---- GPU power over time (report_svg.c) ---- */

enum { POWER_BINS = 300 }; /* time bins of the power chart */

/* Every GPU's power samples in POWER_BINS equal spans of time from t0 to
 * t1: the mean over GPUs and the lowest GPU per span, x in seconds from t0.
 * One walk over the samples (the analysis bounds them). */
static size_t power_bins(const struct fl_analysis *a, int64_t t0, int64_t t1, double *x,
			 double *mean, double *low)
{
	double sum[POWER_BINS] = { 0 };
	size_t cnt[POWER_BINS] = { 0 };
	for (size_t b = 0; b < POWER_BINS; b++)
		low[b] = INFINITY;
	double span = t1 > t0 ? (double)(t1 - t0) : 1.0;
	for (size_t g = 0; g < a->ngpus; g++)
		for (size_t i = 0; i < a->gpus[g].nseries; i++) {
			const struct fl_gpu_point *p = &a->gpus[g].series[i];
			if (p->ts == FL_TIME_NONE || !isfinite(p->power_w))
				continue;
			size_t b = (size_t)((double)(p->ts - t0) / span * (POWER_BINS - 1));
			sum[b] += p->power_w;
			cnt[b]++;
			if (p->power_w < low[b])
				low[b] = p->power_w;
		}
	size_t n = 0;
	for (size_t b = 0; b < POWER_BINS; b++) {
		if (!cnt[b])
			continue;
		x[n] = span * (double)b / (POWER_BINS - 1) / 1e6;
		mean[n] = sum[b] / (double)cnt[b];
		low[n++] = low[b];
	}
	return n;
}

/* The sampled time range of the GPUs' power; false when none is timed. */
static bool power_range(const struct fl_analysis *a, int64_t *t0, int64_t *t1)
{
	*t0 = *t1 = FL_TIME_NONE;
	for (size_t g = 0; g < a->ngpus; g++)
		for (size_t i = 0; i < a->gpus[g].nseries; i++) {
			const struct fl_gpu_point *p = &a->gpus[g].series[i];
			if (p->ts == FL_TIME_NONE || !isfinite(p->power_w))
				continue;
			widen(t0, t1, p->ts);
		}
	return *t0 != FL_TIME_NONE;
}

/* GPU power over time when the bundle has telemetry: the mean over GPUs
 * and the lowest GPU, with the hang onset marked; a job whose GPUs all
 * fell to idle power while the logs stopped shows it at a glance.
 * Returns why nothing was drawn, NULL when the chart was. */
static const char *power_chart(const struct fl_analysis *a, struct fl_buf *out)
{
	int64_t t0, t1;
	if (a->ngpus == 0)
		return "GPU power over time (the bundle has no GPU telemetry)";
	if (!power_range(a, &t0, &t1))
		return "GPU power over time (the GPU telemetry has no timed power reading)";
	double x[POWER_BINS], mean[POWER_BINS], low[POWER_BINS];
	size_t n = power_bins(a, t0, t1, x, mean, low);
	if (n < 2)
		return "GPU power over time (the telemetry holds one moment only; the GPU "
		       "telemetry table lists it)";
	const struct fl_svg_series s[] = { { "mean over GPUs", "#1565c0", x, mean, n },
					   { "lowest GPU", "#ef6c00", x, low, n } };
	double onset = a->hang.set && a->hang.onset_ts != FL_TIME_NONE
			       ? (double)(a->hang.onset_ts - t0) / 1e6 : NAN;
	struct fl_buf xname = FL_BUF_INIT, b = FL_BUF_INIT;
	fl_buf_adds(&xname, "seconds after ");
	fl_report_time(&xname, t0);
	fl_buf_addc(&xname, '\0');
	if (fl_svg_lines(&b, "GPU power over time (W)", xname.ptr, s, 2, onset, "hang onset")) {
		fl_buf_printf(out, "<h2>GPU power</h2>\n<p class=\"muted\">%zu GPUs sampled; the mean "
				   "and the lowest GPU over %d spans of time.</p>\n", a->ngpus, POWER_BINS);
		fl_buf_add(out, b.ptr, b.len);
	}
	fl_buf_release(&xname);
	fl_buf_release(&b);
	return NULL;
}

/* Everything the page draws, before the timeline table; a chart the
 * bundle cannot feed is named with the reason, so that its absence reads
 * as a fact about the logs rather than a fault of the page. */
static void html_figures(const struct fl_analysis *a, struct fl_buf *out)
{
	const char *why[3];
	why[0] = step_charts(a, out);
	why[1] = power_chart(a, out);
	why[2] = progress_chart(a, out);
	const char *sep = "<p class=\"muted\">Not drawn: ";
	for (size_t i = 0; i < 3; i++) {
		if (!why[i])
			continue;
		fl_buf_adds(out, sep);
		fl_html_escape(out, why[i], strlen(why[i]));
		sep = "; ";
	}
	if (sep[0] == ';')
		fl_buf_adds(out, ".</p>\n");
	html_svg(a, out);
}

/* ---- markup ---- */

static void html_code(struct fl_buf *out, const char *s)
{
	fl_buf_adds(out, "<code>");
	html_text(out, s);
	fl_buf_adds(out, "</code>");
}

/* A class only for the statuses the stylesheet knows: the status is ours,
 * but an attribute is no place to trust that. */
static const char *status_class(const char *status)
{
	static const char *const known[] = { "failed", "hung", "degraded", "healthy" };
	for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++)
		if (strcmp(status, known[i]) == 0)
			return known[i];
	return "";
}

static void html_status(struct fl_buf *out, const char *s)
{
	fl_buf_printf(out, "<span class=\"status s-%s\">", status_class(s));
	html_text(out, s);
	fl_buf_adds(out, "</span>");
}

static void html_code_block(struct fl_buf *out, const char *s)
{
	fl_buf_adds(out, "<pre>");
	if (s)
		fl_html_escape_lines(out, s, strlen(s));
	fl_buf_adds(out, "</pre>\n");
}

static void html_strong_begin(struct fl_buf *out)
{
	fl_buf_adds(out, "<strong>");
}

static void html_strong_end(struct fl_buf *out)
{
	fl_buf_adds(out, "</strong>");
}

static void html_heading_begin(struct fl_buf *out, int level)
{
	fl_buf_printf(out, "<h%d>", level);
}

static void html_heading_end(struct fl_buf *out, int level)
{
	fl_buf_printf(out, "</h%d>\n", level);
}

/* An opening tag with the walker's class, if any. */
static void open_tag(struct fl_buf *out, const char *tag, const char *cls)
{
	if (cls)
		fl_buf_printf(out, "<%s class=\"%s\">", tag, cls);
	else
		fl_buf_printf(out, "<%s>", tag);
}

static void html_para_begin(struct fl_buf *out, const char *cls)
{
	open_tag(out, "p", cls);
}

static void html_para_end(struct fl_buf *out)
{
	fl_buf_adds(out, "</p>\n");
}

static void html_list_begin(struct fl_buf *out, bool ordered)
{
	fl_buf_adds(out, ordered ? "<ol>\n" : "<ul>\n");
}

static void html_list_end(struct fl_buf *out, bool ordered)
{
	fl_buf_adds(out, ordered ? "</ol>\n" : "</ul>\n");
}

static void html_item_begin(struct fl_buf *out, size_t number)
{
	(void)number; /* <ol> counts */
	fl_buf_adds(out, "<li>");
}

static void html_item_end(struct fl_buf *out)
{
	fl_buf_adds(out, "</li>\n");
}

static void html_head_cell(struct fl_buf *out, const char *name)
{
	fl_buf_printf(out, "<th>%s</th>", name);
}

static void html_table_begin(struct fl_buf *out, const char *const *cols, size_t ncols)
{
	fl_buf_adds(out, "<table>\n<tr>");
	for (size_t i = 0; i < ncols; i++)
		html_head_cell(out, cols[i]);
	fl_buf_adds(out, "</tr>\n");
}

static void html_table_end(struct fl_buf *out)
{
	fl_buf_adds(out, "</table>\n");
}

static void html_row_begin(struct fl_buf *out, const char *cls)
{
	open_tag(out, "tr", cls);
}

static void html_row_end(struct fl_buf *out)
{
	fl_buf_adds(out, "</tr>\n");
}

static void html_cell_begin(struct fl_buf *out, const char *cls)
{
	open_tag(out, "td", cls);
}

static void html_cell_end(struct fl_buf *out)
{
	fl_buf_adds(out, "</td>");
}

/* ---- page ---- */

static const struct fl_markup HTML = {
	.text = html_text,
	.ident = html_text,
	.code = html_code,
	.status = html_status,
	.code_block = html_code_block,
	.strong_begin = html_strong_begin,
	.strong_end = html_strong_end,
	.heading_begin = html_heading_begin,
	.heading_end = html_heading_end,
	.para_begin = html_para_begin,
	.para_end = html_para_end,
	.list_begin = html_list_begin,
	.list_end = html_list_end,
	.item_begin = html_item_begin,
	.item_end = html_item_end,
	.table_begin = html_table_begin,
	.table_end = html_table_end,
	.row_begin = html_row_begin,
	.row_end = html_row_end,
	.head_cell = html_head_cell,
	.cell_begin = html_cell_begin,
	.cell_end = html_cell_end,
	.figure = html_figures,
};

/* The policy forbids scripts and remote loads: the second line of
 * defence should escaping ever let markup through. */
static void html_head(const struct fl_analysis *a, struct fl_buf *out)
{
	fl_buf_adds(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
			 "<meta http-equiv=\"Content-Security-Policy\" "
			 "content=\"default-src 'none'; style-src 'unsafe-inline'\">\n"
			 "<meta name=\"viewport\" "
			 "content=\"width=device-width, initial-scale=1\">\n<title>");
	fl_doc_title(&HTML, a, out);
	fl_buf_printf(out, "</title>\n<style>\n%s</style>\n</head>\n<body>\n", CSS);
}

void fl_report_html(const struct fl_analysis *a, struct fl_buf *out)
{
	html_head(a, out);
	fl_doc_render(&HTML, a, out);
	fl_buf_adds(out, "</body>\n</html>\n");
}
