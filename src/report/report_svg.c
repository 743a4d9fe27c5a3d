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

size_t fl_svg_line(struct fl_buf *out, const char *title, const char *xname, const double *x,
		   const double *y, size_t n)
{
	double *px = fl_xcalloc(FL_SVG_POINTS, sizeof(*px));
	double *py = fl_xcalloc(FL_SVG_POINTS, sizeof(*py));
	size_t m = fold(x, y, n, px, py);
	struct range rx = { INFINITY, -INFINITY }, ry = rx;
	for (size_t i = 0; i < m; i++) {
		widen(&rx, px[i]);
		widen(&ry, py[i]);
	}
	if (m > 0 && !empty(&ry)) {
		open_svg(out, title);
		y_axis(out, &ry);
		x_caption(out, xname, &rx);
		fl_buf_adds(out, "<polyline fill=\"none\" stroke=\"" COL_LINE "\" stroke-width=\"1.5\" "
				 "points=\"");
		for (size_t i = 0; i < m; i++)
			fl_buf_printf(out, "%s%.1f,%.1f", i ? " " : "", scale(&rx, px[i], X0, X1),
				      scale(&ry, py[i], Y1, Y0));
		fl_buf_adds(out, "\"/>\n</svg>\n");
	}
	free(px);
	free(py);
	return m;
}

/* ---- bars per rank ---- */

/* Bin b of nbins over n items: [*lo, *hi). */
static void bin_bounds(size_t n, size_t nbins, size_t b, size_t *lo, size_t *hi)
{
	*lo = n * b / nbins;
	*hi = n * (b + 1) / nbins;
}

/* The lowest finite value in the bin and whether any item of it is marked. */
static double bin_min(const struct fl_svg_bar *v, size_t lo, size_t hi, bool *marked)
{
	double m = INFINITY;
	*marked = false;
	for (size_t i = lo; i < hi; i++) {
		if (isfinite(v[i].value) && v[i].value < m)
			m = v[i].value;
		*marked = *marked || v[i].marked;
	}
	return m;
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
	double value = bin_min(v, lo, hi, &marked);
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
