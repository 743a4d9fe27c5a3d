/* SPDX-License-Identifier: MIT */
/*
 * cli_progress.c - the progress line of analyze and ingest.
 *
 * One line on standard error, rewritten in place ("\r", the text, "erase
 * to end of line") each time the pipeline reports (at most every
 * FL_PROGRESS_MS), and erased when the bundle is done, so that what
 * follows (the report, the run id, an error) starts on a clean line. It
 * is shown only when standard error is a terminal and --quiet was not
 * given: a log file or a pipe gets nothing. The line is cut to the
 * terminal's width, since a wrapped line could not be rewritten.
 */
#include "cli.h"

#include <stdio.h>
#include <sys/ioctl.h>
#include <unistd.h>

void cli_progress_init(struct cli_progress *pr, bool quiet, int index, int count)
{
	pr->on = !quiet && isatty(STDERR_FILENO);
	pr->shown = false;
	pr->index = index;
	pr->count = count;
	pr->width = 80;
	struct winsize ws;
	if (pr->on && ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
		pr->width = ws.ws_col;
}

/* 1234567 -> "1.2 M" (SI: these are counts and rates, not sizes). */
static void si(struct fl_buf *b, double v)
{
	if (v >= 1e9)
		fl_buf_printf(b, "%.1f G ", v / 1e9);
	else if (v >= 1e6)
		fl_buf_printf(b, "%.1f M ", v / 1e6);
	else if (v >= 1e4)
		fl_buf_printf(b, "%.0f k ", v / 1e3);
	else
		fl_buf_printf(b, "%.0f ", v);
}

static void mib(struct fl_buf *b, uint64_t bytes)
{
	fl_buf_printf(b, "%.1f", (double)bytes / (1024.0 * 1024.0));
}

/* "[2/3] 120.5 of 512.0 MiB (23%), 41 members, 1.2 M lines/s, 35 k events, ETA 0:07" */
static void progress_text(const struct cli_progress *pr, const struct fl_progress *p,
			  struct fl_buf *b)
{
	if (pr->count > 1)
		fl_buf_printf(b, "[%d/%d] ", pr->index, pr->count);
	mib(b, p->bytes_read);
	if (p->bytes_total) {
		fl_buf_adds(b, " of ");
		mib(b, p->bytes_total);
		fl_buf_printf(b, " MiB (%.0f%%)", 100.0 * (double)p->bytes_read / (double)p->bytes_total);
	} else {
		fl_buf_adds(b, " MiB");
	}
	fl_buf_printf(b, ", %llu members, ", (unsigned long long)p->members);
	si(b, p->elapsed_s > 0 ? (double)p->lines / p->elapsed_s : 0);
	fl_buf_adds(b, "lines/s, ");
	si(b, (double)p->events);
	fl_buf_adds(b, "events");
	if (p->bytes_total && p->bytes_read && p->bytes_read <= p->bytes_total && p->elapsed_s > 0) {
		double left = p->elapsed_s * (double)(p->bytes_total - p->bytes_read) /
			      (double)p->bytes_read;
		unsigned s = (unsigned)(left + 0.5);
		fl_buf_printf(b, ", ETA %u:%02u", s / 60, s % 60);
	}
}

static void progress_update(void *ctx, const struct fl_progress *p)
{
	struct cli_progress *pr = ctx;
	struct fl_buf b = FL_BUF_INIT;
	progress_text(pr, p, &b);
	size_t max = pr->width > 1 ? (size_t)pr->width - 1 : 1;
	fprintf(stderr, "\r%.*s\033[K", (int)(b.len < max ? b.len : max), b.ptr ? b.ptr : "");
	fflush(stderr);
	pr->shown = true;
	fl_buf_release(&b);
}

void cli_progress_clear(struct cli_progress *pr)
{
	if (!pr->shown)
		return;
	fputs("\r\033[K", stderr);
	fflush(stderr);
	pr->shown = false;
}

void cli_progress_attach(struct cli_progress *pr, struct fl_pipeline_opts *o)
{
	if (!pr->on)
		return;
	o->progress = progress_update;
	o->progress_ctx = pr;
}
