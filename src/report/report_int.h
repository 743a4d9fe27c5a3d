/* SPDX-License-Identifier: MIT */
/*
 * report_int.h - the document walker and the markups it drives.
 *
 * The Markdown and HTML reports are one document in two syntaxes. What the
 * document says, and in which order, is written once in report_doc.c; a
 * markup (report_md.c, report_html.c) only spells each block and span in
 * its syntax, the way cmark's renderers share one tree walk.
 *
 * Log text reaches a markup only through text, ident, code, status and
 * code_block, each of which escapes it for its format. Everything else the
 * walker writes is its own literal prose and numbers, which neither syntax
 * reads as markup; a cls argument is a class name from the walker's fixed
 * set (never log text), which formats without classes ignore.
 */
#ifndef FL_REPORT_INT_H
#define FL_REPORT_INT_H

#include "faultline/report.h"

struct fl_markup {
	/* Inline log text, one line; s is never NULL or empty. */
	void (*text)(struct fl_buf *out, const char *s);
	/* An identifier of faultline's own (status, cause id). */
	void (*ident)(struct fl_buf *out, const char *s);
	void (*code)(struct fl_buf *out, const char *s);
	/* The run's status, set off the way the format can. */
	void (*status)(struct fl_buf *out, const char *s);
	/* A block of log text shown verbatim; s may be NULL. */
	void (*code_block)(struct fl_buf *out, const char *s);
	void (*strong_begin)(struct fl_buf *out);
	void (*strong_end)(struct fl_buf *out);
	void (*heading_begin)(struct fl_buf *out, int level);
	void (*heading_end)(struct fl_buf *out, int level);
	void (*para_begin)(struct fl_buf *out, const char *cls);
	void (*para_end)(struct fl_buf *out);
	void (*list_begin)(struct fl_buf *out, bool ordered);
	void (*list_end)(struct fl_buf *out, bool ordered);
	/* number: the item's place in an ordered list from 1; 0 in a bulleted one. */
	void (*item_begin)(struct fl_buf *out, size_t number);
	void (*item_end)(struct fl_buf *out);
	/* Opens a table and writes its header row of walker-owned names. */
	void (*table_begin)(struct fl_buf *out, const char *const *cols, size_t ncols);
	void (*table_end)(struct fl_buf *out);
	void (*row_begin)(struct fl_buf *out, const char *cls);
	void (*row_end)(struct fl_buf *out);
	/* A whole cell naming its column or row, from a walker-owned name. */
	void (*head_cell)(struct fl_buf *out, const char *name);
	void (*cell_begin)(struct fl_buf *out, const char *cls);
	void (*cell_end)(struct fl_buf *out);
	/* The format's own picture of the run, drawn before the timeline
	 * table; NULL where the format has none. */
	void (*figure)(const struct fl_analysis *a, struct fl_buf *out);
};

/* The whole document, title heading first. */
void fl_doc_render(const struct fl_markup *m, const struct fl_analysis *a, struct fl_buf *out);

/* The one-line verdict as inline content: the document's title, which
 * HTML also needs for its <title>. */
void fl_doc_title(const struct fl_markup *m, const struct fl_analysis *a, struct fl_buf *out);

/* The silent ranks (ranks of the stated world that left no line) as a
 * list of numbers and ranges; returns how many there are. */
size_t fl_report_silent(struct fl_buf *b, const struct fl_analysis *a);

/* GPUs listed one per line or row; the rest are counted. */
#define FL_REPORT_GPUS 64

/* "312 W mean, 690 W max, 97% utilisation, 180 samples": what was sampled. */
void fl_report_gpu_numbers(struct fl_buf *b, const struct fl_gpu *g);

/* A rank or sequence number; "unknown" for the -1 of one not logged. */
void fl_doc_num(struct fl_buf *out, int64_t v);

/* ---- charts (report_svg.c) ---- */

enum {
	FL_SVG_POINTS = 600, /* most points of a line */
	FL_SVG_BARS = 256,   /* most bars of a bar chart */
	FL_SVG_SERIES = 4,   /* most lines in one chart */
	FL_SVG_DOTS = 30,    /* a line of this many points or fewer shows them */
};

/* y over x as a line in an inline <svg> titled title (our words, escaped
 * anyway), the x axis named xname. Points where either is not finite are
 * left out; more than FL_SVG_POINTS are averaged over equal spans.
 * Returns the points drawn; 0 (nothing written) when none is finite. */
size_t fl_svg_line(struct fl_buf *out, const char *title, const char *xname, const double *x,
		   const double *y, size_t n);

/* One line of a chart of several: label (NULL: none) and colour
 * ("#rrggbb") are the caller's own words, y over x as for fl_svg_line. */
struct fl_svg_series {
	const char *label, *colour;
	const double *x, *y;
	size_t n;
};
/* Up to FL_SVG_SERIES lines over one x axis, each folded as fl_svg_line
 * folds its one, with a legend; a dashed line at x = mark_x labelled mark
 * when mark is not NULL and mark_x falls inside. Returns the points drawn
 * in all; 0 (nothing written) when none is finite. */
size_t fl_svg_lines(struct fl_buf *out, const char *title, const char *xname,
		    const struct fl_svg_series *s, size_t ns, double mark_x, const char *mark);

/* One rank's bar, in rank order. value NaN: the rank logged no progress
 * (drawn as the lowest bar), unless unmeasured: it logged lines, but
 * none of them carries the measure (left blank, never drawn as behind).
 * marked draws it (or its bin) in the alarm colour. */
struct fl_svg_bar {
	int64_t rank;
	double value;
	bool marked;
	bool unmeasured;
};
/* v[0..n) as bars from 0; more than FL_SVG_BARS are binned, each bin
 * drawn at its lowest value (a bin of unmeasured ranks only: blank).
 * Returns the bars drawn; 0 (nothing written) when no value is finite. */
size_t fl_svg_bars(struct fl_buf *out, const char *title, const struct fl_svg_bar *v, size_t n);

/* s as a fenced Markdown code block (report_escape.c). */
void fl_md_fenced(struct fl_buf *b, const char *s, size_t n);
/* fl_html_escape for <pre>: keeps the text's line breaks (CR, CRLF -> LF). */
void fl_html_escape_lines(struct fl_buf *b, const char *s, size_t n);

#endif
