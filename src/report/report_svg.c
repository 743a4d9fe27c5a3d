/* SPDX-License-Identifier: MIT */
/*
 * report_svg.c - charts as inline SVG for the HTML report: a quantity over
 * steps or time as a line, a quantity per rank as bars.
 *
 * The page must read without script and without anything fetched, and
 * stay small whatever the run: a line has at most FL_SVG_POINTS points
 * (longer inputs are averaged over equal spans of points), a bar chart at
 * most FL_SVG_BARS bars (more ranks are binned, a bin showing its lowest
 * value: the rank that fell behind is what the reader looks for). Every
 * chart carries a <title> and an aria-label for screen readers; all text
 * goes through fl_html_escape; presentation is attributes, not script or
 * event handlers, so the page's Content-Security-Policy holds. Empty input
 * (no finite value) draws nothing, so a report never shows an empty frame.
 * Tested by: tests/unit/test_report.c (report_svg)
 */
#include "report_int.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Geometry in viewBox units: the plot inside a margin for the labels. */
#define W 1000.0
#define H 212.0
#define X0 80.0
#define X1 985.0
#define Y0 30.0
#define Y1 180.0

#define COL_LINE "#1565c0"
#define COL_BAR "#90a4ae"
#define COL_MARK "#b71c1c"
#define COL_GRID "#ddd"
#define COL_LABEL "#555"

struct range {
	double lo, hi;
};

static void widen(struct range *r, double v)
{
	if (!isfinite(v))
		return;
	if (v < r->lo)
		r->lo = v;
	if (v > r->hi)
		r->hi = v;
}

static bool empty(const struct range *r)
{
	return r->lo > r->hi;
}

/* A flat series gets a band around its value, so that the axis reads
 * 3346, 3351, 3356 rather than the same number three times. */
static void unflatten(struct range *r)
{
	if (r->lo != r->hi)
		return;
	double pad = fabs(r->lo) * 0.05 > 1 ? fabs(r->lo) * 0.05 : 1;
	r->lo -= pad;
	r->hi += pad;
}

/* A flat range gets some height, so that its line sits mid-plot. */
static double scale(const struct range *r, double v, double from, double to)
{
	double span = r->hi - r->lo;
	if (span <= 0)
		return (from + to) / 2;
	return from + (to - from) * ((v - r->lo) / span);
}

static void open_svg(struct fl_buf *out, const char *title)
{
	fl_buf_printf(out, "<svg viewBox=\"0 0 %.0f %.0f\" role=\"img\" aria-label=\"", W, H);
	fl_html_escape(out, title, strlen(title));
	fl_buf_adds(out, "\" font-family=\"system-ui,sans-serif\" font-size=\"12\">\n<title>");
	fl_html_escape(out, title, strlen(title));
	fl_buf_adds(out, "</title>\n<text x=\"8\" y=\"16\" font-weight=\"bold\">");
	fl_html_escape(out, title, strlen(title));
	fl_buf_adds(out, "</text>\n");
}

/* Whole numbers up to ten million in full (steps, tokens/s), the rest
 * to four significant digits. */
static void label(struct fl_buf *out, double x, double y, const char *anchor, double v)
{
	fl_buf_printf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" fill=\"" COL_LABEL
			   "\">", x, y, anchor);
	if (fabs(v) >= 1000 && fabs(v) < 1e7)
		fl_buf_printf(out, "%.0f", v);
	else
		fl_buf_printf(out, "%.4g", v);
	fl_buf_adds(out, "</text>\n");
}

/* Horizontal grid lines with the y values at the bottom, middle and top. */
static void y_axis(struct fl_buf *out, const struct range *y)
{
	for (int k = 0; k <= 2; k++) {
		double v = y->lo + (y->hi - y->lo) * k / 2.0;
		double py = Y1 - (Y1 - Y0) * k / 2.0;
		fl_buf_printf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\""
				   COL_GRID "\"/>\n", X0, py, X1, py);
		label(out, X0 - 6, py + 4, "end", v);
	}
}

static void x_caption(struct fl_buf *out, const char *xname, const struct range *x)
{
	label(out, X0, Y1 + 16, "start", x->lo);
	label(out, X1, Y1 + 16, "end", x->hi);
	fl_buf_printf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" fill=\"" COL_LABEL
			   "\">", (X0 + X1) / 2, Y1 + 28);
	fl_html_escape(out, xname, strlen(xname));
	fl_buf_adds(out, "</text>\n");
}

/* The mean of the finite points of span [i, j): x and y alike. */
static bool span_mean(const double *x, const double *y, size_t i, size_t j, double *mx,
		      double *my)
{
	double sx = 0, sy = 0;
	size_t n = 0;
	for (size_t k = i; k < j; k++) {
		if (isfinite(x[k]) && isfinite(y[k])) {
			sx += x[k];
			sy += y[k];
			n++;
		}
	}
	if (n == 0)
		return false;
	*mx = sx / (double)n;
	*my = sy / (double)n;
	return true;
}

/* The points to draw: each a span's mean, at most FL_SVG_POINTS spans;
 * returns how many (px, py hold room for FL_SVG_POINTS). */
static size_t fold(const double *x, const double *y, size_t n, double *px, double *py)
{
	size_t spans = n < FL_SVG_POINTS ? n : FL_SVG_POINTS, m = 0;
	for (size_t s = 0; s < spans; s++) {
		size_t i = n * s / spans, j = n * (s + 1) / spans;
		if (span_mean(x, y, i, j, &px[m], &py[m]))
			m++;
	}
	return m;
}

/* One series folded to at most FL_SVG_POINTS points (px, py hold that
 * many); returns how many. */
struct folded {
	double *px, *py;
	size_t m;
};

static void polyline(struct fl_buf *out, const struct folded *f, const char *colour,
		     const struct range *rx, const struct range *ry)
{
	fl_buf_printf(out, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\" points=\"",
		      colour);
	for (size_t i = 0; i < f->m; i++)
		fl_buf_printf(out, "%s%.1f,%.1f", i ? " " : "", scale(rx, f->px[i], X0, X1),
			      scale(ry, f->py[i], Y1, Y0));
	fl_buf_adds(out, "\"/>\n");
	/* a sparse series also gets its points, so that one point shows */
	if (f->m > FL_SVG_DOTS)
		return;
	for (size_t i = 0; i < f->m; i++)
		fl_buf_printf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2.5\" fill=\"%s\"/>\n",
			      scale(rx, f->px[i], X0, X1), scale(ry, f->py[i], Y1, Y0), colour);
}

/* Labels of the series that have one, right-aligned above the plot. */
static void legend(struct fl_buf *out, const struct fl_svg_series *s, size_t ns)
{
	double x = X1;
	for (size_t i = ns; i-- > 0;) {
		if (!s[i].label)
			continue;
		fl_buf_printf(out, "<text x=\"%.1f\" y=\"16\" text-anchor=\"end\" fill=\"%s\">",
			      x, s[i].colour);
		fl_html_escape(out, s[i].label, strlen(s[i].label));
		fl_buf_adds(out, "</text>\n");
		x -= 12.0 + 7.0 * (double)strlen(s[i].label);
	}
}

/* A dashed line across the plot at x, labelled. */
static void marker(struct fl_buf *out, const struct range *rx, double x, const char *label)
{
	if (!isfinite(x) || x < rx->lo || x > rx->hi)
		return;
	double px = scale(rx, x, X0, X1);
	fl_buf_printf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"" COL_MARK
			   "\" stroke-width=\"1.5\" stroke-dasharray=\"4 3\"/>\n", px, Y0, px, Y1);
	fl_buf_printf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" fill=\"" COL_MARK "\">",
		      px + (px > X1 - 120 ? -4 : 4), Y0 + 12, px > X1 - 120 ? "end" : "start");
	fl_html_escape(out, label, strlen(label));
	fl_buf_adds(out, "</text>\n");
}

size_t fl_svg_lines(struct fl_buf *out, const char *title, const char *xname,
		    const struct fl_svg_series *s, size_t ns, double mark_x, const char *mark)
{
	struct folded f[FL_SVG_SERIES] = { { 0 } };
	struct range rx = { INFINITY, -INFINITY }, ry = rx;
	size_t total = 0;
	ns = ns < FL_SVG_SERIES ? ns : FL_SVG_SERIES;
	for (size_t k = 0; k < ns; k++) {
		f[k].px = fl_xcalloc(FL_SVG_POINTS, sizeof(double));
		f[k].py = fl_xcalloc(FL_SVG_POINTS, sizeof(double));
		f[k].m = fold(s[k].x, s[k].y, s[k].n, f[k].px, f[k].py);
		for (size_t i = 0; i < f[k].m; i++) {
			widen(&rx, f[k].px[i]);
			widen(&ry, f[k].py[i]);
		}
		total += f[k].m;
	}
	if (total > 0) {
		unflatten(&ry);
		open_svg(out, title);
		y_axis(out, &ry);
		x_caption(out, xname, &rx);
		legend(out, s, ns);
		for (size_t k = 0; k < ns; k++)
			polyline(out, &f[k], s[k].colour, &rx, &ry);
		if (mark)
			marker(out, &rx, mark_x, mark);
		fl_buf_adds(out, "</svg>\n");
	}
	for (size_t k = 0; k < ns; k++) {
		free(f[k].px);
		free(f[k].py);
	}
	return total;
}

size_t fl_svg_line(struct fl_buf *out, const char *title, const char *xname, const double *x,
		   const double *y, size_t n)
{
	const struct fl_svg_series one = { NULL, COL_LINE, x, y, n };
	return fl_svg_lines(out, title, xname, &one, 1, NAN, NULL);
}

/* ---- bars per rank ---- */

/* Bin b of nbins over n items: [*lo, *hi). */
static void bin_bounds(size_t n, size_t nbins, size_t b, size_t *lo, size_t *hi)
{
	*lo = n * b / nbins;
	*hi = n * (b + 1) / nbins;
}

/* The bin's lowest value, NaN when one of its ranks logged none (it is
 * the furthest behind), and whether any item of it is marked. Unmeasured
 * ranks do not count; false when the bin has no other. */
static bool bin_min(const struct fl_svg_bar *v, size_t lo, size_t hi, double *min, bool *marked)
{
	double m = INFINITY;
	bool any = false;
	*marked = false;
	for (size_t i = lo; i < hi; i++) {
		if (v[i].unmeasured)
			continue;
		if (!isfinite(v[i].value) || v[i].value < m)
			m = v[i].value;
		*marked = *marked || v[i].marked;
		any = true;
	}
	*min = m;
	return any;
}

static void bar_title(struct fl_buf *out, const struct fl_svg_bar *v, size_t lo, size_t hi,
		      double value)
{
	fl_buf_adds(out, "<title>");
	if (hi - lo == 1)
		fl_buf_printf(out, "rank %lld", (long long)v[lo].rank);
	else
		fl_buf_printf(out, "ranks %lld-%lld, lowest", (long long)v[lo].rank,
			      (long long)v[hi - 1].rank);
	if (isfinite(value))
		fl_buf_printf(out, ": %.6g</title>", value);
	else
		fl_buf_adds(out, ": none logged</title>");
}

static void bar(struct fl_buf *out, const struct fl_svg_bar *v, size_t lo, size_t hi, double x,
		double w, const struct range *ry)
{
	bool marked;
	double value;
	if (!bin_min(v, lo, hi, &value, &marked))
		return; /* nothing measured: blank */
	/* a rank that logged no progress is the furthest behind: a stub */
	double top = isfinite(value) ? scale(ry, value, Y1, Y0) : Y1 - 2;
	if (Y1 - top < 2)
		top = Y1 - 2; /* the lowest bar still shows */
	fl_buf_printf(out, "<rect x=\"%.2f\" y=\"%.1f\" width=\"%.2f\" height=\"%.1f\" fill=\"%s\">",
		      x, top, w, Y1 - top, marked ? COL_MARK : COL_BAR);
	bar_title(out, v, lo, hi, value);
	fl_buf_adds(out, "</rect>\n");
}

size_t fl_svg_bars(struct fl_buf *out, const char *title, const struct fl_svg_bar *v, size_t n)
{
	struct range ry = { 0, -INFINITY };
	for (size_t i = 0; i < n; i++)
		if (!v[i].unmeasured)
			widen(&ry, v[i].value);
	if (n == 0 || empty(&ry))
		return 0;
	if (ry.hi <= 0)
		ry.hi = 1; /* all at zero: bars of zero height, not of half */
	size_t nbins = n < FL_SVG_BARS ? n : FL_SVG_BARS;
	open_svg(out, title);
	y_axis(out, &ry);
	struct range rx = { (double)v[0].rank, (double)v[n - 1].rank };
	x_caption(out, "rank", &rx);
	double w = (X1 - X0) / (double)nbins;
	for (size_t b = 0; b < nbins; b++) {
		size_t lo, hi;
		bin_bounds(n, nbins, b, &lo, &hi);
		bar(out, v, lo, hi, X0 + w * (double)b, w > 2 ? w - 1 : w, &ry);
	}
	fl_buf_adds(out, "</svg>\n");
	return nbins;
}
