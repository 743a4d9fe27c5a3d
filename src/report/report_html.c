/* SPDX-License-Identifier: MIT */
/*
 * report_html.c - the analysis as one self-contained HTML page.
 *
 * For reading a verdict in a browser, attaching it to a ticket or keeping
 * it beside the bundle: inline CSS and inline SVG, no script, no external
 * URL, so the page opens offline and years later. It carries what the
 * Markdown report carries, plus a per-rank timeline that shows at a glance
 * who failed first, who stopped early and who waited. Every piece of log
 * text goes through fl_html_escape; a Content-Security-Policy that forbids
 * scripts and remote loads is the second line of defence.
 */
#include "faultline/report.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

enum {
	TIMELINE_ROWS = 15, /* the table; the SVG draws every entry */
	STUCK_LISTED = 32,
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

static void html_text(struct fl_buf *b, const char *s)
{
	if (s && *s)
		fl_html_escape(b, s, strlen(s));
	else
		fl_buf_addc(b, '-');
}

static void html_code(struct fl_buf *b, const char *s)
{
	fl_buf_adds(b, "<code>");
	html_text(b, s);
	fl_buf_adds(b, "</code>");
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

/* Ranks, sequence numbers: -1 when not logged. */
static void html_num(struct fl_buf *b, int64_t v)
{
	if (v < 0)
		fl_buf_adds(b, "unknown");
	else
		fl_buf_printf(b, "%" PRId64, v);
}

static void html_where(struct fl_buf *b, const char *file, int64_t line)
{
	fl_buf_adds(b, "<code>");
	html_text(b, file);
	if (file && *file && line > 0)
		fl_buf_printf(b, ":%" PRId64, line);
	fl_buf_adds(b, "</code>");
}

static void html_offset(struct fl_buf *b, int64_t us)
{
	uint64_t m = us < 0 ? -(uint64_t)us : (uint64_t)us;
	fl_buf_printf(b, "%c%" PRIu64 ".%06" PRIu64 " s", us < 0 ? '-' : '+', m / 1000000,
		      m % 1000000);
}

/* A class only for the statuses the stylesheet knows: the status is ours,
 * but an attribute is no place to trust that. */
static const char *status_class(const char *status)
{
	static const char *const known[] = { "failed", "hung", "degraded", "healthy" };
	for (size_t i = 0; status && i < sizeof(known) / sizeof(known[0]); i++)
		if (strcmp(status, known[i]) == 0)
			return known[i];
	return "";
}

/* ---- page ---- */

/* The one-line verdict, escaped: the page title and its heading. */
static void html_title(const struct fl_analysis *a, struct fl_buf *out)
{
	fl_buf_adds(out, "faultline: ");
	html_text(out, a->status);
	fl_buf_adds(out, " — ");
	if (!a->likely.id && a->summary) {
		html_text(out, a->summary);
		return;
	}
	html_text(out, a->likely.id);
	if (a->first.set && a->first.rank >= 0) {
		fl_buf_printf(out, " on rank %" PRId64, a->first.rank);
		if (a->first.host) {
			fl_buf_adds(out, " (");
			html_text(out, a->first.host);
			fl_buf_addc(out, ')');
		}
	} else if (a->hang.set && a->hang.collective) {
		fl_buf_adds(out, " in ");
		html_text(out, a->hang.collective);
		if (a->hang.seq >= 0)
			fl_buf_printf(out, " (seq %" PRId64 ")", a->hang.seq);
	}
}

static void html_head(const struct fl_analysis *a, struct fl_buf *out)
{
	struct fl_buf title = FL_BUF_INIT;
	html_title(a, &title);
	fl_buf_adds(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
			 "<meta http-equiv=\"Content-Security-Policy\" "
			 "content=\"default-src 'none'; style-src 'unsafe-inline'\">\n"
			 "<meta name=\"viewport\" "
			 "content=\"width=device-width, initial-scale=1\">\n");
	fl_buf_printf(out, "<title>%s</title>\n<style>\n%s</style>\n</head>\n<body>\n", title.ptr,
		      CSS);
	fl_buf_printf(out, "<h1>%s</h1>\n", title.ptr);
	fl_buf_release(&title);
}

static void html_row_start(struct fl_buf *out, const char *field)
{
	fl_buf_printf(out, "<tr><th>%s</th><td>", field);
}

static void html_first_rows(const struct fl_first_failure *f, struct fl_buf *out)
{
	html_row_start(out, "First failure");
	if (!f->set) {
		fl_buf_adds(out, "none</td></tr>\n");
		return;
	}
	fl_buf_adds(out, "<strong>rank ");
	html_num(out, f->rank);
	fl_buf_adds(out, "</strong> on ");
	html_text(out, f->host);
	fl_buf_adds(out, " at ");
	fl_report_time(out, f->ts);
	fl_buf_adds(out, "</td></tr>\n");
	html_row_start(out, "Failure kind");
	html_code(out, f->kind);
	fl_buf_adds(out, "</td></tr>\n");
	html_row_start(out, "Failure line");
	html_code(out, f->message);
	fl_buf_adds(out, "</td></tr>\n");
	html_row_start(out, "Failure source");
	html_where(out, f->file, f->line);
	fl_buf_adds(out, "</td></tr>\n");
}

static void html_stuck(const struct fl_hang *h, struct fl_buf *out)
{
	if (h->nstuck == 0) {
		fl_buf_adds(out, "none known");
		return;
	}
	for (size_t i = 0; i < h->nstuck && i < STUCK_LISTED; i++)
		fl_buf_printf(out, "%s%" PRId64, i ? ", " : "", h->stuck[i]);
	if (h->nstuck > STUCK_LISTED)
		fl_buf_printf(out, " and %zu more", h->nstuck - STUCK_LISTED);
}

static void html_hang_rows(const struct fl_hang *h, struct fl_buf *out)
{
	html_row_start(out, "Hang");
	if (!h->set) {
		fl_buf_adds(out, "none</td></tr>\n");
		return;
	}
	html_code(out, h->collective);
	fl_buf_adds(out, ", seq ");
	html_num(out, h->seq);
	fl_buf_adds(out, ", process group ");
	html_code(out, h->process_group);
	fl_buf_adds(out, ", timeout ");
	if (h->timeout_ms >= 0)
		fl_buf_printf(out, "%" PRId64 " ms", h->timeout_ms);
	else
		fl_buf_adds(out, "unknown");
	fl_buf_adds(out, "</td></tr>\n");
	html_row_start(out, "Stuck ranks");
	html_stuck(h, out);
	fl_buf_adds(out, "</td></tr>\n");
}

static void html_verdict(const struct fl_analysis *a, struct fl_buf *out)
{
	fl_buf_adds(out, "<table class=\"verdict\">\n");
	html_row_start(out, "Status");
	fl_buf_printf(out, "<span class=\"status s-%s\">", status_class(a->status));
	html_text(out, a->status);
	fl_buf_adds(out, "</span></td></tr>\n");
	html_row_start(out, "Likely cause");
	html_code(out, a->likely.id);
	fl_buf_adds(out, " (");
	html_text(out, a->likely.confidence);
	fl_buf_adds(out, " confidence)</td></tr>\n");
	html_first_rows(&a->first, out);
	html_hang_rows(&a->hang, out);
	html_row_start(out, "Bundle");
	html_code(out, a->bundle);
	fl_buf_printf(out, " (%" PRId64 " ranks, %" PRId64 " hosts, %" PRId64 " files, %" PRId64
		      " lines)</td></tr>\n", a->nranks, a->nhosts, a->nfiles, a->nlines);
	html_row_start(out, "Run id");
	fl_buf_printf(out, "%" PRId64 "</td></tr>\n", a->run_id);
	html_row_start(out, "Signature");
	html_code(out, a->signature);
	fl_buf_adds(out, "</td></tr>\n</table>\n");
}

static void html_paragraph(struct fl_buf *out, const char *label, const char *s)
{
	if (!s || !*s)
		return;
	fl_buf_adds(out, "<p>");
	if (label)
		fl_buf_printf(out, "<strong>%s</strong> ", label);
	html_text(out, s);
	fl_buf_adds(out, "</p>\n");
}

static void html_evidence(const struct fl_evidence_list *ev, struct fl_buf *out)
{
	if (ev->n == 0)
		return;
	fl_buf_adds(out, "<h2>Evidence</h2>\n");
	for (size_t i = 0; i < ev->n; i++) {
		const struct fl_evidence *e = &ev->v[i];
		fl_buf_adds(out, "<p>");
		html_where(out, e->file, e->line);
		fl_buf_adds(out, " (rank ");
		html_num(out, e->rank);
		if (e->host) {
			fl_buf_adds(out, ", ");
			html_text(out, e->host);
		}
		if (e->ts != FL_TIME_NONE) {
			fl_buf_adds(out, ", ");
			fl_report_time(out, e->ts);
		}
		fl_buf_adds(out, ")</p>\n<pre>");
		if (e->text)
			fl_html_escape(out, e->text, strlen(e->text));
		fl_buf_adds(out, "</pre>\n");
	}
}

static void html_remediation(const struct fl_cause *c, struct fl_buf *out)
{
	if (c->nrem == 0)
		return;
	fl_buf_adds(out, "<h2>Remediation</h2>\n<ol>\n");
	for (size_t i = 0; i < c->nrem; i++) {
		fl_buf_adds(out, "<li>");
		html_text(out, c->remediation[i]);
		fl_buf_adds(out, "</li>\n");
	}
	fl_buf_adds(out, "</ol>\n");
}

static void html_others(const struct fl_analysis *a, struct fl_buf *out)
{
	if (a->nothers == 0)
		return;
	fl_buf_adds(out, "<h2>Other candidates</h2>\n<ul>\n");
	for (size_t i = 0; i < a->nothers; i++) {
		const struct fl_cause *c = &a->others[i];
		fl_buf_adds(out, "<li>");
		html_code(out, c->id);
		fl_buf_adds(out, " (");
		html_text(out, c->confidence);
		fl_buf_adds(out, "): ");
		html_text(out, c->explanation);
		fl_buf_adds(out, "</li>\n");
	}
	fl_buf_adds(out, "</ul>\n");
}

static const char *severity_class(const char *severity)
{
	if (severity && strcmp(severity, "error") == 0)
		return "sev-error";
	if (severity && strcmp(severity, "warning") == 0)
		return "sev-warning";
	return "";
}

static void html_findings(const struct fl_analysis *a, struct fl_buf *out)
{
	if (a->nfindings == 0)
		return;
	fl_buf_adds(out, "<h2>Findings</h2>\n<table>\n"
			 "<tr><th>Finding</th><th>Severity</th><th>Message</th></tr>\n");
	for (size_t i = 0; i < a->nfindings; i++) {
		const struct fl_finding *f = &a->findings[i];
		fl_buf_adds(out, "<tr><td>");
		html_code(out, f->id);
		fl_buf_printf(out, "</td><td class=\"%s\">", severity_class(f->severity));
		html_text(out, f->severity);
		fl_buf_adds(out, "</td><td>");
		html_text(out, f->message);
		fl_buf_adds(out, "</td></tr>\n");
	}
	fl_buf_adds(out, "</table>\n");
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
	html_num(out, l->rank);
	fl_buf_adds(out, " (");
	html_text(out, host);
	fl_buf_adds(out, "): ");
	html_text(out, l->st->state);
	if (l->st->first_error) {
		fl_buf_adds(out, "; ");
		html_text(out, l->st->first_error);
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
		html_text(out, st->state);
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
		html_text(out, st->first_error);
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
		html_num(out, t->rank);
		fl_buf_adds(out, " ");
		html_text(out, t->kind);
		fl_buf_adds(out, ": ");
		html_text(out, t->text);
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
	html_num(out, a->first.rank);
	fl_buf_adds(out, " ");
	html_text(out, a->first.kind);
	fl_buf_adds(out, ": ");
	html_text(out, a->first.message);
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

/* ---- tables after the picture ---- */

static void html_timeline(const struct fl_analysis *a, struct fl_buf *out)
{
	if (a->ntimeline == 0)
		return;
	size_t n = a->ntimeline < TIMELINE_ROWS ? a->ntimeline : TIMELINE_ROWS;
	fl_buf_adds(out, "<h2>Timeline</h2>\n");
	if (n < a->ntimeline)
		fl_buf_printf(out, "<p class=\"muted\">First %zu of %zu events.</p>\n", n,
			      a->ntimeline);
	fl_buf_adds(out, "<table>\n<tr><th>Time</th><th>Rank</th><th>Host</th><th>Kind</th>"
			 "<th>Text</th></tr>\n");
	for (size_t i = 0; i < n; i++) {
		const struct fl_timeline_entry *t = &a->timeline[i];
		fl_buf_adds(out, t->primary ? "<tr class=\"primary\"><td>" : "<tr><td>");
		fl_report_time(out, t->ts);
		fl_buf_adds(out, "</td><td>");
		html_num(out, t->rank);
		fl_buf_adds(out, "</td><td>");
		html_text(out, t->host);
		fl_buf_adds(out, "</td><td>");
		html_code(out, t->kind);
		fl_buf_adds(out, "</td><td>");
		html_code(out, t->text);
		fl_buf_adds(out, "</td></tr>\n");
	}
	fl_buf_adds(out, "</table>\n");
}

static void html_offsets(const struct fl_analysis *a, struct fl_buf *out)
{
	if (a->noffsets == 0)
		return;
	fl_buf_adds(out, "<h2>Clock skew</h2>\n<p>Times above are corrected by subtracting each "
			 "host's offset.</p>\n<table>\n"
			 "<tr><th>Host</th><th>Offset</th><th>Samples</th></tr>\n");
	for (size_t i = 0; i < a->noffsets; i++) {
		const struct fl_host_offset *o = &a->offsets[i];
		fl_buf_adds(out, "<tr><td>");
		html_text(out, o->host);
		fl_buf_adds(out, "</td><td>");
		html_offset(out, o->offset_us);
		fl_buf_printf(out, "</td><td>%d</td></tr>\n", o->samples);
	}
	fl_buf_adds(out, "</table>\n");
}

static void html_skipped(const struct fl_analysis *a, struct fl_buf *out)
{
	if (a->nskipped == 0)
		return;
	fl_buf_adds(out, "<h2>Skipped members</h2>\n<ul>\n");
	for (size_t i = 0; i < a->nskipped; i++) {
		fl_buf_adds(out, "<li>");
		html_code(out, a->skipped[i].path);
		fl_buf_adds(out, ": ");
		html_text(out, a->skipped[i].reason);
		fl_buf_adds(out, "</li>\n");
	}
	fl_buf_adds(out, "</ul>\n");
}

void fl_report_html(const struct fl_analysis *a, struct fl_buf *out)
{
	html_head(a, out);
	if (a->likely.id)
		html_paragraph(out, NULL, a->summary);
	html_verdict(a, out);
	html_paragraph(out, NULL, a->likely.explanation);
	html_paragraph(out, "Missing evidence:", a->missing);
	html_evidence(&a->likely.evidence, out);
	html_remediation(&a->likely, out);
	html_others(a, out);
	html_findings(a, out);
	html_svg(a, out);
	html_timeline(a, out);
	html_offsets(a, out);
	html_skipped(a, out);
	fl_buf_adds(out, "</body>\n</html>\n");
}
