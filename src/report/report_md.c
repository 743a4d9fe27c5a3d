/* SPDX-License-Identifier: MIT */
/*
 * report_md.c - the analysis as Markdown, for pasting into an incident ticket.
 *
 * The first line is a title fit for the ticket; the verdict follows as a
 * table, then evidence, remediation and the supporting detail. Log text is
 * never trusted: it reaches the output only through fl_md_escape (prose
 * and table cells), fl_md_code (code spans) or a fenced block whose fence
 * is longer than any backtick run in it (report_escape.c).
 */
#include "faultline/report.h"

#include <inttypes.h>
#include <string.h>

enum {
	TIMELINE_ROWS = 15, /* a ticket wants the start of the story, not all of it */
	STUCK_LISTED = 32,  /* stuck ranks named before "and N more" */
};

/* ---- cells ---- */

static void md_text(struct fl_buf *b, const char *s)
{
	if (s && *s)
		fl_md_escape(b, s, strlen(s));
	else
		fl_buf_addc(b, '-');
}

static void md_code(struct fl_buf *b, const char *s)
{
	if (s && *s)
		fl_md_code(b, s, strlen(s));
	else
		fl_buf_addc(b, '-');
}

static bool is_ident_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '_';
}

/* Ids from faultline's own tables (status, cause) are written as they are
 * when plainly identifiers, since `gpu\_oom` in a ticket title helps no
 * one; an intraword underscore is not emphasis in CommonMark. */
static void md_id(struct fl_buf *b, const char *s)
{
	bool plain = s && is_ident_char(*s) && *s != '_';
	for (const char *p = s; plain && *p; p++)
		plain = is_ident_char(*p);
	if (plain)
		fl_buf_adds(b, s);
	else
		md_text(b, s);
}

static void md_rank(struct fl_buf *b, int64_t rank)
{
	if (rank < 0)
		fl_buf_adds(b, "unknown");
	else
		fl_buf_printf(b, "%" PRId64, rank);
}

/* "file:line" as one code span: paths come from the bundle. */
static void md_where(struct fl_buf *b, const char *file, int64_t line)
{
	if (!file || !*file) {
		fl_buf_addc(b, '-');
		return;
	}
	struct fl_buf t = FL_BUF_INIT;
	fl_buf_adds(&t, file);
	if (line > 0)
		fl_buf_printf(&t, ":%" PRId64, line);
	fl_md_code(b, t.ptr, t.len);
	fl_buf_release(&t);
}

/* Log text as a fenced block, on one line like the other helpers make it
 * (CRLF residue would otherwise show as U+FFFD), so that the fence
 * computed here, longer than any backtick run, is the one that holds. */
static void md_fenced(struct fl_buf *b, const char *s)
{
	struct fl_buf clean = FL_BUF_INIT;
	size_t n = s ? strlen(s) : 0, i = 0;
	while (i < n) {
		size_t j = i + strcspn(s + i, "\r\n");
		fl_utf8_sanitize(&clean, s + i, j - i);
		if (j == n)
			break;
		fl_buf_addc(&clean, ' ');
		i = j + (s[j] == '\r' && s[j + 1] == '\n' ? 2 : 1);
	}
	size_t run = 0, fence = 3;
	for (size_t k = 0; k < clean.len; k++) {
		run = clean.ptr[k] == '`' ? run + 1 : 0;
		if (run + 1 > fence)
			fence = run + 1;
	}
	for (size_t k = 0; k < fence; k++)
		fl_buf_addc(b, '`');
	fl_buf_addc(b, '\n');
	fl_buf_add(b, clean.ptr, clean.len);
	fl_buf_addc(b, '\n');
	for (size_t k = 0; k < fence; k++)
		fl_buf_addc(b, '`');
	fl_buf_adds(b, "\n\n");
	fl_buf_release(&clean);
}

/* Offsets are signed microseconds; shown as seconds without rounding. */
static void md_offset(struct fl_buf *b, int64_t us)
{
	uint64_t m = us < 0 ? -(uint64_t)us : (uint64_t)us;
	fl_buf_printf(b, "%c%" PRIu64 ".%06" PRIu64 " s", us < 0 ? '-' : '+', m / 1000000,
		      m % 1000000);
}

/* ---- sections ---- */

static void md_title(const struct fl_analysis *a, struct fl_buf *out)
{
	fl_buf_adds(out, "# faultline: ");
	md_id(out, a->status);
	fl_buf_adds(out, " — ");
	if (!a->likely.id && a->summary) {
		md_text(out, a->summary);
	} else {
		md_id(out, a->likely.id);
		if (a->first.set && a->first.rank >= 0) {
			fl_buf_printf(out, " on rank %" PRId64, a->first.rank);
			if (a->first.host) {
				fl_buf_adds(out, " (");
				md_text(out, a->first.host);
				fl_buf_addc(out, ')');
			}
		} else if (a->hang.set && a->hang.collective) {
			fl_buf_adds(out, " in ");
			md_text(out, a->hang.collective);
			if (a->hang.seq >= 0)
				fl_buf_printf(out, " (seq %" PRId64 ")", a->hang.seq);
		}
	}
	fl_buf_adds(out, "\n\n");
}

static void md_row_start(struct fl_buf *out, const char *field)
{
	fl_buf_printf(out, "| %s | ", field);
}

static void md_first_rows(const struct fl_first_failure *f, struct fl_buf *out)
{
	md_row_start(out, "First failure");
	if (!f->set) {
		fl_buf_adds(out, "none |\n");
		return;
	}
	fl_buf_adds(out, "rank ");
	md_rank(out, f->rank);
	fl_buf_adds(out, " on ");
	md_text(out, f->host);
	fl_buf_adds(out, " at ");
	fl_report_time(out, f->ts);
	fl_buf_adds(out, " |\n");
	md_row_start(out, "Failure kind");
	md_code(out, f->kind);
	fl_buf_adds(out, " |\n");
	md_row_start(out, "Failure line");
	md_code(out, f->message);
	fl_buf_adds(out, " |\n");
	md_row_start(out, "Failure source");
	md_where(out, f->file, f->line);
	fl_buf_adds(out, " |\n");
}

static void md_stuck(const struct fl_hang *h, struct fl_buf *out)
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

static void md_hang_rows(const struct fl_hang *h, struct fl_buf *out)
{
	md_row_start(out, "Hang");
	if (!h->set) {
		fl_buf_adds(out, "none |\n");
		return;
	}
	md_code(out, h->collective);
	fl_buf_adds(out, ", seq ");
	if (h->seq >= 0)
		fl_buf_printf(out, "%" PRId64, h->seq);
	else
		fl_buf_adds(out, "unknown");
	fl_buf_adds(out, ", process group ");
	md_code(out, h->process_group);
	fl_buf_adds(out, ", timeout ");
	if (h->timeout_ms >= 0)
		fl_buf_printf(out, "%" PRId64 " ms", h->timeout_ms);
	else
		fl_buf_adds(out, "unknown");
	fl_buf_adds(out, " |\n");
	md_row_start(out, "Stuck ranks");
	md_stuck(h, out);
	fl_buf_adds(out, " |\n");
}

static void md_verdict(const struct fl_analysis *a, struct fl_buf *out)
{
	fl_buf_adds(out, "| Field | Value |\n| --- | --- |\n");
	md_row_start(out, "Status");
	fl_buf_adds(out, "**");
	md_text(out, a->status);
	fl_buf_adds(out, "** |\n");
	md_row_start(out, "Likely cause");
	md_code(out, a->likely.id);
	fl_buf_adds(out, " (");
	md_text(out, a->likely.confidence);
	fl_buf_adds(out, " confidence) |\n");
	md_first_rows(&a->first, out);
	md_hang_rows(&a->hang, out);
	md_row_start(out, "Bundle");
	md_code(out, a->bundle);
	fl_buf_printf(out, " (%" PRId64 " ranks, %" PRId64 " hosts, %" PRId64 " files, %" PRId64
		      " lines) |\n", a->nranks, a->nhosts, a->nfiles, a->nlines);
	md_row_start(out, "Run id");
	fl_buf_printf(out, "%" PRId64 " |\n", a->run_id);
	md_row_start(out, "Signature");
	md_code(out, a->signature);
	fl_buf_adds(out, " |\n\n");
}

static void md_paragraph(struct fl_buf *out, const char *label, const char *s)
{
	if (!s || !*s)
		return;
	if (label)
		fl_buf_printf(out, "**%s** ", label);
	md_text(out, s);
	fl_buf_adds(out, "\n\n");
}

static void md_evidence(const struct fl_evidence_list *ev, struct fl_buf *out)
{
	if (ev->n == 0)
		return;
	fl_buf_adds(out, "## Evidence\n\n");
	for (size_t i = 0; i < ev->n; i++) {
		const struct fl_evidence *e = &ev->v[i];
		md_where(out, e->file, e->line);
		fl_buf_adds(out, " (rank ");
		md_rank(out, e->rank);
		if (e->host) {
			fl_buf_adds(out, ", ");
			md_text(out, e->host);
		}
		if (e->ts != FL_TIME_NONE) {
			fl_buf_adds(out, ", ");
			fl_report_time(out, e->ts);
		}
		fl_buf_adds(out, ")\n\n");
		md_fenced(out, e->text);
	}
}

static void md_remediation(const struct fl_cause *c, struct fl_buf *out)
{
	if (c->nrem == 0)
		return;
	fl_buf_adds(out, "## Remediation\n\n");
	for (size_t i = 0; i < c->nrem; i++) {
		fl_buf_printf(out, "%zu. ", i + 1);
		md_text(out, c->remediation[i]);
		fl_buf_addc(out, '\n');
	}
	fl_buf_addc(out, '\n');
}

static void md_others(const struct fl_analysis *a, struct fl_buf *out)
{
	if (a->nothers == 0)
		return;
	fl_buf_adds(out, "## Other candidates\n\n");
	for (size_t i = 0; i < a->nothers; i++) {
		const struct fl_cause *c = &a->others[i];
		fl_buf_adds(out, "- ");
		md_code(out, c->id);
		fl_buf_adds(out, " (");
		md_text(out, c->confidence);
		fl_buf_adds(out, "): ");
		md_text(out, c->explanation);
		fl_buf_addc(out, '\n');
	}
	fl_buf_addc(out, '\n');
}

static void md_findings(const struct fl_analysis *a, struct fl_buf *out)
{
	if (a->nfindings == 0)
		return;
	fl_buf_adds(out, "## Findings\n\n| Finding | Severity | Message |\n| --- | --- | --- |\n");
	for (size_t i = 0; i < a->nfindings; i++) {
		const struct fl_finding *f = &a->findings[i];
		fl_buf_adds(out, "| ");
		md_code(out, f->id);
		fl_buf_adds(out, " | ");
		md_text(out, f->severity);
		fl_buf_adds(out, " | ");
		md_text(out, f->message);
		fl_buf_adds(out, " |\n");
	}
	fl_buf_addc(out, '\n');
}

static void md_timeline(const struct fl_analysis *a, struct fl_buf *out)
{
	if (a->ntimeline == 0)
		return;
	size_t n = a->ntimeline < TIMELINE_ROWS ? a->ntimeline : TIMELINE_ROWS;
	fl_buf_adds(out, "## Timeline\n\n");
	if (n < a->ntimeline)
		fl_buf_printf(out, "First %zu of %zu events.\n\n", n, a->ntimeline);
	fl_buf_adds(out, "| Time | Rank | Host | Kind | Text |\n"
			 "| --- | --- | --- | --- | --- |\n");
	for (size_t i = 0; i < n; i++) {
		const struct fl_timeline_entry *t = &a->timeline[i];
		fl_buf_adds(out, "| ");
		fl_report_time(out, t->ts);
		fl_buf_adds(out, " | ");
		md_rank(out, t->rank);
		fl_buf_adds(out, " | ");
		md_text(out, t->host);
		fl_buf_adds(out, " | ");
		md_code(out, t->kind);
		if (t->primary)
			fl_buf_adds(out, " **primary**");
		fl_buf_adds(out, " | ");
		md_code(out, t->text);
		fl_buf_adds(out, " |\n");
	}
	fl_buf_addc(out, '\n');
}

static void md_offsets(const struct fl_analysis *a, struct fl_buf *out)
{
	if (a->noffsets == 0)
		return;
	fl_buf_adds(out, "## Clock skew\n\nTimes above are corrected by subtracting each host's "
			 "offset.\n\n| Host | Offset | Samples |\n| --- | --- | --- |\n");
	for (size_t i = 0; i < a->noffsets; i++) {
		const struct fl_host_offset *o = &a->offsets[i];
		fl_buf_adds(out, "| ");
		md_text(out, o->host);
		fl_buf_adds(out, " | ");
		md_offset(out, o->offset_us);
		fl_buf_printf(out, " | %d |\n", o->samples);
	}
	fl_buf_addc(out, '\n');
}

static void md_skipped(const struct fl_analysis *a, struct fl_buf *out)
{
	if (a->nskipped == 0)
		return;
	fl_buf_adds(out, "## Skipped members\n\n");
	for (size_t i = 0; i < a->nskipped; i++) {
		fl_buf_adds(out, "- ");
		md_code(out, a->skipped[i].path);
		fl_buf_adds(out, ": ");
		md_text(out, a->skipped[i].reason);
		fl_buf_addc(out, '\n');
	}
	fl_buf_addc(out, '\n');
}

void fl_report_md(const struct fl_analysis *a, struct fl_buf *out)
{
	md_title(a, out);
	if (a->likely.id)
		md_paragraph(out, NULL, a->summary);
	md_verdict(a, out);
	md_paragraph(out, NULL, a->likely.explanation);
	md_paragraph(out, "Missing evidence:", a->missing);
	md_evidence(&a->likely.evidence, out);
	md_remediation(&a->likely, out);
	md_others(a, out);
	md_findings(a, out);
	md_timeline(a, out);
	md_offsets(a, out);
	md_skipped(a, out);
}
