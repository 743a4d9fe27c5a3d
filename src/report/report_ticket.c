/* SPDX-License-Identifier: MIT */
/*
 * report_ticket.c - a short report for an incident ticket: Jira wiki
 * markup, GitHub Markdown, or a Slack message (blocks).
 *
 * A ticket gets the verdict (status, cause, first failure, hang point,
 * signature), the likely cause's evidence lines and what to do, and a link
 * to the full report, never the raw log. Each tool has a hard limit
 * (Jira 32,767 characters per field, GitHub 65,536 per body, Slack 3,000
 * per section and 50 blocks): evidence lines go in while they fit the
 * budget, the rest is counted in a line that points to the full report.
 * Limits are counted in bytes, which are never fewer than characters.
 * Log text sits only where the dialect interprets nothing ({noformat},
 * fenced code) with the fence made unbreakable, other text is escaped.
 * Tested by: tests/unit/test_report.c
 */
#include "report_int.h"

#include <string.h>

#define JIRA_LIMIT 32767
#define GITHUB_LIMIT 65536
#define SLACK_SECTION 3000
#define LINE_MAX_BYTES 400   /* one evidence line, cut */
#define FOOTER_ROOM 600      /* the link and the "more lines" note */

/* What every dialect shows, in plain words. */
struct facts {
	char title[512];
	const struct fl_analysis *a;
	const char *link; /* NULL: point to the CLI */
};

static void title(struct facts *f)
{
	const struct fl_analysis *a = f->a;
	snprintf(f->title, sizeof(f->title), "faultline: %s, %s (run %lld)", a->status,
		 a->likely.id ? a->likely.id : "no cause found", (long long)a->run_id);
}

/* One piece of evidence as "file:line text", cut to LINE_MAX_BYTES; the
 * lines of a multi-line block (a traceback) follow indented. Bytes the
 * dialect then wraps. */
static void evidence_line(struct fl_buf *b, const struct fl_evidence *e)
{
	struct fl_buf t = FL_BUF_INIT;
	fl_buf_printf(&t, "%s:%lld ", e->file ? e->file : "?", (long long)e->line);
	const char *s = e->text ? e->text : "";
	for (const char *nl; (nl = strpbrk(s, "\r\n")); s = nl + 1) {
		fl_utf8_sanitize(&t, s, (size_t)(nl - s));
		if (*nl == '\n')
			fl_buf_adds(&t, "\n  ");
	}
	fl_utf8_sanitize(&t, s, strlen(s));
	size_t n = t.len;
	if (n > LINE_MAX_BYTES) {
		n = LINE_MAX_BYTES;
		while (n > 0 && ((unsigned char)t.ptr[n] & 0xc0) == 0x80)
			n--; /* not inside a UTF-8 sequence */
	}
	fl_buf_add(b, t.ptr, n);
	if (n < t.len)
		fl_buf_adds(b, " [...]");
	fl_buf_release(&t);
}

/* The evidence lines that fit budget bytes, each followed by a newline;
 * returns how many were left out. `guard` rewrites a line so that it
 * cannot close the block it sits in. */
static size_t evidence_block(struct fl_buf *b, const struct fl_analysis *a, size_t budget,
			     void (*guard)(struct fl_buf *, const char *, size_t))
{
	const struct fl_evidence_list *ev = &a->likely.evidence;
	size_t used = 0, i = 0;
	for (; i < ev->n; i++) {
		struct fl_buf line = FL_BUF_INIT;
		evidence_line(&line, &ev->v[i]);
		struct fl_buf g = FL_BUF_INIT;
		guard(&g, line.ptr ? line.ptr : "", line.len);
		fl_buf_release(&line);
		if (used + g.len + 1 > budget) {
			fl_buf_release(&g);
			break;
		}
		fl_buf_add(b, g.ptr, g.len);
		fl_buf_addc(b, '\n');
		used += g.len + 1;
		fl_buf_release(&g);
	}
	return ev->n - i;
}

static void first_failure(struct fl_buf *b, const struct fl_analysis *a,
			  void (*text)(struct fl_buf *, const char *, size_t))
{
	struct fl_buf t = FL_BUF_INIT;
	if (!a->first.set) {
		fl_buf_adds(&t, "none found");
	} else {
		if (a->first.rank >= 0)
			fl_buf_printf(&t, "rank %lld", (long long)a->first.rank);
		else
			fl_buf_adds(&t, "rank unknown");
		if (a->first.host)
			fl_buf_printf(&t, " on %s", a->first.host);
		if (a->first.ts != FL_TIME_NONE) {
			fl_buf_adds(&t, " at ");
			fl_time_format(&t, a->first.ts);
		}
		if (a->first.kind)
			fl_buf_printf(&t, ": %s", a->first.kind);
	}
	text(b, t.ptr, t.len);
	fl_buf_release(&t);
}

static void hang(struct fl_buf *b, const struct fl_analysis *a,
		 void (*text)(struct fl_buf *, const char *, size_t))
{
	struct fl_buf t = FL_BUF_INIT;
	fl_buf_printf(&t, "%s", a->hang.collective ? a->hang.collective : "a collective");
	if (a->hang.seq >= 0)
		fl_buf_printf(&t, " seq %lld", (long long)a->hang.seq);
	if (a->hang.nstuck)
		fl_buf_printf(&t, ", %zu rank%s never arrived", a->hang.nstuck,
			      a->hang.nstuck == 1 ? "" : "s");
	if (a->hang.p2p_sender >= 0)
		fl_buf_printf(&t, ", rank %lld sends to rank %lld", (long long)a->hang.p2p_sender,
			      (long long)a->hang.p2p_receiver);
	if (a->hang.source)
		fl_buf_printf(&t, "; decided by %s", a->hang.source);
	/* the sources that disagree, at most 3: the full report lists them */
	for (size_t i = 0; i < a->hang.nconflicts && i < 3; i++) {
		const struct fl_hang_conflict *x = &a->hang.conflicts[i];
		fl_buf_printf(&t, "%s%s says %s %s", i ? ", " : "; conflict: ", x->source, x->field,
			      x->value);
	}
	if (a->hang.nconflicts > 3)
		fl_buf_printf(&t, ", %zu more", a->hang.nconflicts - 3);
	text(b, t.ptr, t.len);
	fl_buf_release(&t);
}

/* ---- Jira wiki markup ---- */

static void jira_text(struct fl_buf *b, const char *s, size_t n)
{
	struct fl_buf t = FL_BUF_INIT;
	fl_utf8_sanitize(&t, s, n);
	for (size_t i = 0; i < t.len; i++) {
		char c = t.ptr[i];
		if (c == '\n' || c == '\r')
			c = ' ';
		if (strchr("*_{}[]|-+^~?#!\\", c))
			fl_buf_addc(b, '\\');
		fl_buf_addc(b, c);
	}
	fl_buf_release(&t);
}

/* Inside {noformat} nothing is markup but the closing tag itself. */
static void jira_guard(struct fl_buf *b, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (n - i >= 9 && !strncmp(s + i, "{noformat", 9)) {
			fl_buf_adds(b, "{ noformat");
			i += 8;
		} else {
			fl_buf_addc(b, s[i]);
		}
	}
}

static void jira(const struct facts *f, struct fl_buf *b)
{
	const struct fl_analysis *a = f->a;
	fl_buf_adds(b, "h2. ");
	jira_text(b, f->title, strlen(f->title));
	fl_buf_adds(b, "\n\n*Summary:* ");
	jira_text(b, a->summary ? a->summary : "", a->summary ? strlen(a->summary) : 0);
	fl_buf_adds(b, "\n*First failure:* ");
	first_failure(b, a, jira_text);
	if (a->hang.set) {
		fl_buf_adds(b, "\n*Hang:* ");
		hang(b, a, jira_text);
	}
	fl_buf_printf(b, "\n*Signature:* {{%s}}\n", a->signature ? a->signature : "-");
	for (size_t i = 0; i < a->likely.nrem; i++) {
		fl_buf_adds(b, i ? "\n* " : "\nh3. What to do\n* ");
		jira_text(b, a->likely.remediation[i], strlen(a->likely.remediation[i]));
	}
	size_t left = 0;
	if (a->likely.evidence.n) {
		fl_buf_adds(b, "\n\nh3. Evidence\n{noformat}\n");
		size_t budget = JIRA_LIMIT - FOOTER_ROOM > b->len ? JIRA_LIMIT - FOOTER_ROOM - b->len : 0;
		left = evidence_block(b, a, budget, jira_guard);
		fl_buf_adds(b, "{noformat}\n");
	}
	if (left)
		fl_buf_printf(b, "\n_%zu more evidence line%s in the full report (cut to Jira's "
			      "limit)._\n", left, left == 1 ? "" : "s");
	if (f->link)
		fl_buf_printf(b, "\n[Full report|%s]\n", f->link);
	else
		fl_buf_printf(b, "\nFull report: {{faultline report %lld}}\n", (long long)a->run_id);
}

/* ---- GitHub Markdown ---- */

/* After a label on its line. */
static void md_text(struct fl_buf *b, const char *s, size_t n)
{
	fl_md_escape(b, s, n, FL_MD_INLINE);
}

/* First on its line: a heading's or a list item's text. */
static void md_block_text(struct fl_buf *b, const char *s)
{
	fl_md_escape(b, s, strlen(s), FL_MD_LINE_START);
}

static size_t longest_run(const char *s, size_t n, char c)
{
	size_t best = 0, cur = 0;
	for (size_t i = 0; i < n; i++) {
		cur = s[i] == c ? cur + 1 : 0;
		if (cur > best)
			best = cur;
	}
	return best;
}

/* Lines go in a fence of tildes longer than any run in them: a fence of
 * backticks could be closed by a log line starting with them. */
static void md_guard(struct fl_buf *b, const char *s, size_t n)
{
	fl_buf_add(b, s, n);
}

static void github(const struct facts *f, struct fl_buf *b)
{
	const struct fl_analysis *a = f->a;
	fl_buf_adds(b, "### ");
	md_block_text(b, f->title);
	fl_buf_adds(b, "\n\n**Summary:** ");
	md_text(b, a->summary ? a->summary : "", a->summary ? strlen(a->summary) : 0);
	fl_buf_adds(b, "  \n**First failure:** ");
	first_failure(b, a, md_text);
	if (a->hang.set) {
		fl_buf_adds(b, "  \n**Hang:** ");
		hang(b, a, md_text);
	}
	fl_buf_printf(b, "  \n**Signature:** `%s`\n", a->signature ? a->signature : "-");
	for (size_t i = 0; i < a->likely.nrem; i++) {
		fl_buf_adds(b, i ? "\n- " : "\n#### What to do\n\n- ");
		md_block_text(b, a->likely.remediation[i]);
	}
	fl_buf_adds(b, "\n");
	size_t left = 0;
	if (a->likely.evidence.n) {
		struct fl_buf lines = FL_BUF_INIT;
		size_t budget = GITHUB_LIMIT - FOOTER_ROOM > b->len + 200
					? GITHUB_LIMIT - FOOTER_ROOM - b->len - 200 : 0;
		left = evidence_block(&lines, a, budget, md_guard);
		size_t fence = longest_run(lines.ptr ? lines.ptr : "", lines.len, '~') + 1;
		fl_buf_adds(b, "\n<details><summary>Evidence</summary>\n\n");
		for (size_t i = 0; i < (fence < 3 ? 3 : fence); i++)
			fl_buf_addc(b, '~');
		fl_buf_adds(b, "text\n");
		fl_buf_add(b, lines.ptr ? lines.ptr : "", lines.len);
		for (size_t i = 0; i < (fence < 3 ? 3 : fence); i++)
			fl_buf_addc(b, '~');
		fl_buf_adds(b, "\n\n</details>\n");
		fl_buf_release(&lines);
	}
	if (left)
		fl_buf_printf(b, "\n_%zu more evidence line%s in the full report (cut to GitHub's "
			      "limit)._\n", left, left == 1 ? "" : "s");
	if (f->link)
		fl_buf_printf(b, "\n[Full report](<%s>)\n", f->link);
	else
		fl_buf_printf(b, "\nFull report: `faultline report %lld`\n", (long long)a->run_id);
}

/* ---- Slack blocks ---- */

/* mrkdwn: only &, < and > are special (as entities). */
static void slack_text(struct fl_buf *b, const char *s, size_t n)
{
	struct fl_buf t = FL_BUF_INIT;
	fl_utf8_sanitize(&t, s, n);
	for (size_t i = 0; i < t.len; i++) {
		char c = t.ptr[i];
		if (c == '&')
			fl_buf_adds(b, "&amp;");
		else if (c == '<')
			fl_buf_adds(b, "&lt;");
		else if (c == '>')
			fl_buf_adds(b, "&gt;");
		else
			fl_buf_addc(b, c == '\n' || c == '\r' ? ' ' : c);
	}
	fl_buf_release(&t);
}

/* In a ``` block: entities still apply, and ``` must not close it. */
static void slack_guard(struct fl_buf *b, const char *s, size_t n)
{
	struct fl_buf t = FL_BUF_INIT;
	slack_text(&t, s, n);
	for (size_t i = 0; i < t.len; i++) {
		fl_buf_addc(b, t.ptr[i]);
		if (t.ptr[i] == '`' && i + 1 < t.len && t.ptr[i + 1] == '`')
			fl_buf_adds(b, "\xe2\x80\x8b"); /* zero-width space between backticks */
	}
	fl_buf_release(&t);
}

static void slack_section(struct fl_buf *b, const char *mrkdwn, size_t n)
{
	fl_buf_adds(b, ",\n  {\"type\": \"section\", \"text\": {\"type\": \"mrkdwn\", \"text\": ");
	fl_json_str(b, mrkdwn, n);
	fl_buf_adds(b, "}}");
}

static void slack(const struct facts *f, struct fl_buf *b)
{
	const struct fl_analysis *a = f->a;
	fl_buf_adds(b, "{\"text\": ");
	fl_json_str(b, f->title, strlen(f->title));
	fl_buf_adds(b, ",\n \"blocks\": [\n  {\"type\": \"header\", \"text\": {\"type\": "
		       "\"plain_text\", \"text\": ");
	/* a header holds at most 150 characters */
	fl_json_str(b, f->title, strlen(f->title) < 150 ? strlen(f->title) : 150);
	fl_buf_adds(b, "}}");
	struct fl_buf s = FL_BUF_INIT;
	fl_buf_adds(&s, "*Summary:* ");
	slack_text(&s, a->summary ? a->summary : "", a->summary ? strlen(a->summary) : 0);
	fl_buf_adds(&s, "\n*First failure:* ");
	first_failure(&s, a, slack_text);
	if (a->hang.set) {
		fl_buf_adds(&s, "\n*Hang:* ");
		hang(&s, a, slack_text);
	}
	fl_buf_printf(&s, "\n*Signature:* `%s`", a->signature ? a->signature : "-");
	slack_section(b, s.ptr, s.len < SLACK_SECTION ? s.len : SLACK_SECTION);
	fl_buf_reset(&s);
	size_t left = 0;
	if (a->likely.evidence.n) {
		fl_buf_adds(&s, "```\n");
		left = evidence_block(&s, a, SLACK_SECTION - 100, slack_guard);
		fl_buf_adds(&s, "```");
		slack_section(b, s.ptr, s.len);
		fl_buf_reset(&s);
	}
	if (left)
		fl_buf_printf(&s, "_%zu more evidence line%s in the full report._\n", left,
			      left == 1 ? "" : "s");
	if (f->link) {
		fl_buf_adds(&s, "<");
		slack_text(&s, f->link, strlen(f->link));
		fl_buf_adds(&s, "|Full report>");
	} else {
		fl_buf_printf(&s, "Full report: `faultline report %lld`", (long long)a->run_id);
	}
	slack_section(b, s.ptr, s.len);
	fl_buf_release(&s);
	fl_buf_adds(b, "\n ]}\n");
}

void fl_report_ticket(const struct fl_analysis *a, enum fl_format fmt, const char *link,
		      struct fl_buf *out)
{
	struct facts f = { .a = a, .link = link };
	title(&f);
	if (fmt == FL_FMT_JIRA)
		jira(&f, out);
	else if (fmt == FL_FMT_GITHUB)
		github(&f, out);
	else
		slack(&f, out);
}
