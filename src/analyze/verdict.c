/* SPDX-License-Identifier: MIT */
/*
 * verdict.c - the parts of the verdict derived from the rest: status,
 * per-rank states, the timeline, the one-line summary and the signature.
 * Tested by: tests/e2e
 */
#include "analyze_int.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static bool any_finding_of(const struct fl_analysis *a, const char *sev)
{
	for (size_t i = 0; i < a->nfindings; i++)
		if (!strcmp(a->findings[i].severity, sev))
			return true;
	return false;
}

static bool is_kill(const struct ev *e)
{
	return !strcmp(e->kind, "slurm.cancelled") || !strcmp(e->kind, "batch.killed") ||
	       !strcmp(e->kind, "k8s.evicted");
}

/* From when on what a rank prints is the kill's consequence: after the
 * line's own time, else after the second the Slurm banner states (it has
 * no fraction: a failure within that second may have come first). */
static int64_t kill_time(const struct ev *e)
{
	int64_t t;
	if (e->cts != FL_TIME_NONE)
		return e->cts;
	return ev_field_int(e, "cancel_time", &t) ? t + 1000000 : FL_TIME_NONE;
}

/* After the kill (or another moment k): by time when both have one, else
 * by position in the same file. */
static bool after_event(const struct ev *e, const struct ev *k, int64_t kt)
{
	if (e->cts != FL_TIME_NONE && kt != FL_TIME_NONE)
		return e->cts > kt;
	return !strcmp(e->file, k->file) && e->line > k->line;
}

static bool is_finish(const struct ev *e)
{
	return !strcmp(e->kind, "train.finished");
}

/* The earliest loaded event that is one of `is`'s, NULL if none. */
static const struct ev *earliest(const struct ctx *c, bool (*is)(const struct ev *))
{
	const struct ev *m = NULL;
	for (size_t i = 0; i < c->nev; i++)
		if (is(&c->ev[i]) && (!m || ev_before(&c->ev[i], m)))
			m = &c->ev[i];
	return m;
}

/* Every event of role `from` after the moment m (after_event) takes `to`. */
static void demote_after(struct ctx *c, const struct ev *m, int64_t mt, enum role from,
			 enum role to)
{
	for (size_t i = 0; i < c->nev; i++) {
		struct ev *e = &c->ev[i];
		if (e->role == from && after_event(e, m, mt))
			e->role = (uint8_t)to;
	}
}

void verdict_after_kill(struct ctx *c)
{
	const struct ev *k = earliest(c, is_kill);
	if (k)
		demote_after(c, k, kill_time(k), ROLE_PRIMARY, ROLE_SECONDARY);
}

/* The job said it finished (the trainer's own end-of-training line):
 * the communicators' teardown that follows (async NCCL errors as the
 * peers exit, proxy threads failing to accept, an abort on the way out)
 * is the end of a run that succeeded. Its consequences name no cause;
 * primaries after the finish (a final save that failed) stay. */
void verdict_after_finish(struct ctx *c)
{
	const struct ev *f = earliest(c, is_finish);
	if (f)
		demote_after(c, f, f->cts, ROLE_SECONDARY, ROLE_NONE);
}

struct file_line {
	const char *file;
	uint32_t line;
};

static int by_file(const void *x, const void *y)
{
	const struct file_line *a = x, *b = y;
	int d = strcmp(a->file, b->file);
	return d ? d : (a->line > b->line) - (a->line < b->line);
}

/* A line that says this process timed out in a collective: the
 * watchdog's own, a desync report's, gloo's op that waited past the
 * timeout (which work.wait() then raises), or torch 1.x's abort whose
 * reason is the watchdog's timeout (its rules.c row gives it
 * collective_hang). */
static bool timed_out_line(const struct ev *e)
{
	return hang_watchdog_line(e) || hang_desync_line(e) || !strcmp(e->kind, "gloo.timeout") ||
	       (!strcmp(e->kind, "torch.comm_aborted") && e->cause &&
		!strcmp(e->cause, "collective_hang"));
}

void verdict_after_timeout(struct ctx *c)
{
	struct file_line *t = NULL;
	size_t n = 0, cap = 0;
	for (size_t i = 0; i < c->nev; i++) {
		const struct ev *e = &c->ev[i];
		if (!timed_out_line(e))
			continue;
		FL_GROW(t, cap, n + 1);
		t[n++] = (struct file_line){ e->file, e->line };
	}
	if (!n)
		return;
	/* by file, then line: a file's first entry is its earliest timeout */
	qsort(t, n, sizeof(*t), by_file);
	for (size_t i = 0; i < c->nev; i++) {
		struct ev *e = &c->ev[i];
		if (e->role != ROLE_PRIMARY || e->cause)
			continue;
		size_t lo = 0, hi = n;
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;
			if (strcmp(t[mid].file, e->file) < 0)
				lo = mid + 1;
			else
				hi = mid;
		}
		if (lo < n && !strcmp(t[lo].file, e->file) && t[lo].line < e->line)
			e->role = ROLE_SECONDARY;
	}
	free(t);
}

const char *verdict_status(struct ctx *c, const struct ev *first)
{
	if (first)
		return "failed";
	if (c->a->hang.set)
		return "hung";
	/* The job was ended from outside, a launcher saw a worker die, torch
	 * took a process down, or errors were logged whose root is not in
	 * the bundle. */
	bool signal = false;
	for (size_t i = 0; i < c->nev; i++) {
		const struct ev *e = &c->ev[i];
		if (is_kill(e) || !strcmp(e->kind, "launcher.worker_failed") ||
		    !strcmp(e->kind, "launcher.child_failed") || !strcmp(e->kind, "torch.teardown") ||
		    (e->role != ROLE_NONE && e->severity >= 2))
			return "failed";
		signal = signal || (e->role == ROLE_SIGNAL && e->cause);
	}
	if (signal || any_finding_of(c->a, "error") || any_finding_of(c->a, "warning"))
		return "degraded";
	return "healthy";
}

static int cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
	return x < y ? -1 : x > y;
}

/* v is sorted (hang.c keeps stuck and waiting so). */
static bool in_list(const int64_t *v, size_t n, int64_t r)
{
	return n && bsearch(&r, v, n, sizeof(*v), cmp_i64);
}

static int by_rank(const void *x, const void *y)
{
	const struct ev *a = *(const struct ev *const *)x, *b = *(const struct ev *const *)y;
	return a->rank < b->rank ? -1 : a->rank > b->rank;
}

/* The loaded events ordered by rank: each rank's are one slice, found
 * without a pass over all of them (4,096 ranks x 100 k events). */
static const struct ev **events_by_rank(const struct ctx *c)
{
	const struct ev **v = fl_xmalloc((c->nev + 1) * sizeof(*v));
	for (size_t i = 0; i < c->nev; i++)
		v[i] = &c->ev[i];
	qsort(v, c->nev, sizeof(*v), by_rank);
	return v;
}

/* first_error of the rank states that have one, from their events'
 * texts read in one statement. */
struct first_errors {
	struct fl_analysis *a;
	const size_t *rank_of; /* index in a->ranks of each quoted event */
	const struct ev *const *ev;
};

static void set_first_error(void *arg, size_t i, const char *text)
{
	struct first_errors *f = arg;
	struct fl_rank_state *r = &f->a->ranks[f->rank_of[i]];
	char *line = first_line(text);
	free(r->first_error);
	r->first_error = fl_xasprintf("%s: %s", f->ev[i]->kind, line);
	free(line);
}

/* The state of every rank of the ranks table (loaded by analyze.c). */
int verdict_ranks(struct ctx *c)
{
	const struct ev **byr = events_by_rank(c);
	size_t at = 0;
	struct fl_analysis *a = c->a;
	/* each rank's first error, quoted after the walk */
	const struct ev **ferrs = fl_xmalloc((a->nranks_state + 1) * sizeof(*ferrs));
	size_t *rank_of = fl_xmalloc((a->nranks_state + 1) * sizeof(*rank_of));
	size_t nferr = 0;
	for (size_t k = 0; k < a->nranks_state; k++) {
		struct fl_rank_state *r = &a->ranks[k];
		r->last_ts = clock_correct(c, r->host, r->last_ts);
		bool primary = false, sigterm = false;
		const struct ev *ferr = NULL;
		while (at < c->nev && byr[at]->rank < r->rank)
			at++;
		for (size_t i = at; i < c->nev && byr[i]->rank == r->rank; i++) {
			const struct ev *e = byr[i];
			if (e->role == ROLE_PRIMARY)
				primary = true;
			if (!strcmp(e->kind, "launcher.sigterm") || !strcmp(e->kind, "proc.signal"))
				sigterm = true;
			int64_t v;
			if (!strcmp(e->kind, "torch.watchdog_summary") && ev_field_int(e, "last_completed", &v) &&
			    v > r->last_seq)
				r->last_seq = v;
			if (e->severity >= 2 && e->role != ROLE_NONE && (!ferr || ev_before(e, ferr)))
				ferr = e;
		}
		if (ferr) {
			ferrs[nferr] = ferr;
			rank_of[nferr++] = k;
			r->first_error_ts = ferr->cts;
		}
		if (primary)
			r->state = "failed";
		else if (in_list(a->hang.stuck, a->hang.nstuck, r->rank))
			r->state = "stuck";
		else if (in_list(c->waiting, c->nwaiting, r->rank))
			r->state = "waiting";
		else if (sigterm)
			r->state = "killed";
		else if (!strcmp(a->status, "healthy") || !strcmp(a->status, "degraded"))
			r->state = "ok";
		else
			r->state = ferr ? "errored" : "unknown";
	}
	free(byr);
	struct first_errors f = { a, rank_of, ferrs };
	int rc = ev_texts(c, ferrs, nferr, set_first_error, &f);
	free(ferrs);
	free(rank_of);
	return rc;
}

/* Timeline order: corrected time, unknown times last, then line, then
 * load order (event id) - what a stable sort of the loaded events by
 * time and line gives. */
int ev_timeline_cmp(const struct ev *a, const struct ev *b)
{
	if ((a->cts == FL_TIME_NONE) != (b->cts == FL_TIME_NONE))
		return a->cts == FL_TIME_NONE ? 1 : -1;
	if (a->cts != b->cts)
		return a->cts < b->cts ? -1 : 1;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	return a->id < b->id ? -1 : a->id > b->id;
}

static int cmp_timeline(const void *x, const void *y)
{
	return ev_timeline_cmp(*(const struct ev *const *)x, *(const struct ev *const *)y);
}

static void set_timeline_text(void *arg, size_t i, const char *text)
{
	struct fl_analysis *a = arg;
	free(a->timeline[i].text);
	a->timeline[i].text = first_line(text);
}

/* The first TIMELINE_MAX events that matter, in time: chosen among
 * pointers, so that only those are copied. */
int verdict_timeline(struct ctx *c)
{
	struct fl_analysis *a = c->a;
	const struct ev **v = fl_xmalloc((c->nev + 1) * sizeof(*v));
	size_t n = 0;
	for (size_t i = 0; i < c->nev; i++)
		if (c->ev[i].role != ROLE_NONE || c->ev[i].severity >= 2)
			v[n++] = &c->ev[i];
	if (n)
		qsort(v, n, sizeof(*v), cmp_timeline);
	a->ntimeline = n < TIMELINE_MAX ? n : TIMELINE_MAX;
	a->timeline = fl_xcalloc(a->ntimeline + 1, sizeof(*a->timeline));
	int rc = ev_texts(c, v, a->ntimeline, set_timeline_text, a);
	for (size_t i = 0; i < a->ntimeline; i++) {
		const struct ev *e = v[i];
		struct fl_timeline_entry *t = &a->timeline[i];
		t->ts = e->cts;
		t->rank = e->rank;
		t->host = e->host ? fl_xstrdup(e->host) : NULL;
		t->kind = fl_xstrdup(e->kind);
		t->severity = e->severity;
		t->primary = e->role == ROLE_PRIMARY;
		t->file = fl_xstrdup(e->file);
		t->line = e->line;
		if (!t->text)
			t->text = fl_xstrdup(""); /* only when rc says the read failed */
	}
	free(v);
	return rc;
}

void verdict_summary(struct ctx *c)
{
	struct fl_analysis *a = c->a;
	struct fl_buf b = FL_BUF_INIT;
	const struct fl_cause_rule *r = rules_cause(a->likely.id);
	if (a->first.set) {
		fl_buf_printf(&b, "%s: ", a->likely.id);
		if (a->first.rank >= 0)
			fl_buf_printf(&b, "rank %lld", (long long)a->first.rank);
		else
			fl_buf_adds(&b, "a process");
		if (a->first.host)
			fl_buf_printf(&b, " on %s", a->first.host);
		fl_buf_printf(&b, " failed first (%s)", a->first.kind);
	} else if (!strcmp(a->likely.id, "none") && a->likely.evidence.n) {
		fl_buf_printf(&b, "none: nothing faultline knows went wrong, but %zu line%s quoted "
			      "point%s at trouble", a->likely.evidence.n,
			      a->likely.evidence.n == 1 ? "" : "s", a->likely.evidence.n == 1 ? "s" : "");
	} else {
		fl_buf_printf(&b, "%s: %s", a->likely.id, r ? r->title : a->likely.id);
	}
	if (a->hang.set && a->hang.collective) {
		fl_buf_adds(&b, "; ");
		hang_waiters(&b, c->nwaiting);
		fl_buf_printf(&b, " in %s", a->hang.collective);
		if (a->hang.seq >= 0)
			fl_buf_printf(&b, " seq %lld", (long long)a->hang.seq);
	}
	const struct hang_mismatch *m = hang_lines_mismatch(c);
	hang_absent(&b, &a->hang, m, ",");
	if (m) {
		fl_buf_adds(&b, "; ");
		hang_mismatch_ranks(&b, m);
		fl_buf_printf(&b, " called %s", m->op);
	}
	a->summary = fl_buf_detach(&b);
}

/* A short stable hash of what kind of incident this is: cause, failing
 * event kind and the message with numbers, hex, paths and addresses
 * removed, so that the same failure on other ranks or days matches. */
void verdict_signature(struct ctx *c)
{
	struct fl_analysis *a = c->a;
	struct fl_buf b = FL_BUF_INIT;
	fl_buf_printf(&b, "%s|%s|", a->likely.id, a->first.set ? a->first.kind : "");
	const char *m = a->first.set ? a->first.message : a->hang.collective ? a->hang.collective : "";
	bool gap = false;
	for (const char *p = m; *p; p++) {
		unsigned char ch = (unsigned char)*p;
		if (*p == '/' || isdigit(ch) || (ch == '0' && p[1] == 'x')) {
			/* a path, number or address: one placeholder for the whole token */
			while (*p && !isspace((unsigned char)*p) && *p != ',' && *p != ')' && *p != '\'')
				p++;
			if (!gap)
				fl_buf_addc(&b, '#');
			gap = true;
			if (!*p)
				break;
			continue;
		}
		if (isalpha(ch)) {
			fl_buf_addc(&b, (char)tolower(ch));
			gap = false;
		}
	}
	uint64_t h = fl_fnv1a(FL_FNV1A_INIT, b.ptr, b.len);
	a->signature = fl_xasprintf("%012llx", (unsigned long long)(h & 0xffffffffffffull));
	fl_buf_release(&b);
}
