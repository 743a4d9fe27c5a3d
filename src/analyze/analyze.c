/* SPDX-License-Identifier: MIT */
/*
 * analyze.c - the verdict: status, first failure, likely cause, ranks.
 *
 * Order of work:
 *   1. load the run's events and classify each (rules.c): primary
 *      failures, secondary consequences, signals;
 *   2. estimate host clock offsets (clock.c) and correct every time;
 *   3. find the hang point (hang.c), the training state and configuration,
 *      and the findings (findings.c);
 *   4. the first failure is the earliest primary event in corrected time
 *      (priority breaks ties): consequences - timeouts, SIGTERMs, peers'
 *      socket errors - never qualify while a primary exists;
 *   5. rank the candidate causes (causes.c) and derive status, rank
 *      states, timeline, summary and signature (verdict.c).
 * Tested by: tests/e2e (every scenario's expected verdict)
 */
#include "analyze_int.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

int prepare(struct ctx *c, const char *sql, struct fl_stmt **st)
{
	return fl_store_prepare(c->s, sql, st, c->err);
}

char *dup_or_null(struct fl_stmt *st, int col)
{
	return fl_stmt_null(st, col) ? NULL : fl_xstrdup(fl_stmt_text(st, col));
}

/* ---- fields: our own flat JSON objects {"k":"v","n":1} ---- */

static const char *skip_string(const char *p)
{
	for (p++; *p && *p != '"'; p++)
		if (*p == '\\' && p[1])
			p++;
	return *p ? p + 1 : p;
}

bool ev_field(const struct ev *e, const char *key, struct fl_buf *out)
{
	const char *p = e->fields;
	size_t klen = strlen(key);
	if (!p || *p != '{')
		return false;
	p++;
	while (*p == '"') {
		const char *k = p + 1;
		const char *kend = skip_string(p) - 1;
		p = kend + 1;
		if (*p != ':')
			return false;
		p++;
		bool hit = (size_t)(kend - k) == klen && !memcmp(k, key, klen);
		const char *v = p;
		p = *p == '"' ? skip_string(p) : p + strcspn(p, ",}");
		if (hit) {
			fl_buf_reset(out);
			if (*v != '"') {
				fl_buf_add(out, v, (size_t)(p - v));
				return true;
			}
			for (const char *q = v + 1; q < p - 1; q++) {
				if (*q != '\\') {
					fl_buf_addc(out, *q);
					continue;
				}
				q++;
				switch (*q) {
				case 'n': fl_buf_addc(out, '\n'); break;
				case 't': fl_buf_addc(out, '\t'); break;
				case 'r': fl_buf_addc(out, '\r'); break;
				case 'u': q += 4; fl_buf_addc(out, '?'); break;
				default: fl_buf_addc(out, *q);
				}
			}
			return true;
		}
		if (*p == ',')
			p++;
	}
	return false;
}

bool ev_field_int(const struct ev *e, const char *key, int64_t *out)
{
	struct fl_buf b = FL_BUF_INIT;
	bool ok = ev_field(e, key, &b);
	char *end = NULL;
	if (ok) {
		*out = strtoll(b.ptr, &end, 10);
		ok = end != b.ptr && *end == '\0';
	}
	fl_buf_release(&b);
	return ok;
}

/* ---- loading ---- */

static int load_run(struct ctx *c)
{
	struct fl_stmt *st;
	int rc = prepare(c, "SELECT bundle, sha256, ranks, hosts, files, lines, events, ingested_at"
			    " FROM runs WHERE id = ?1 AND sha256 IS NOT NULL", &st);
	if (rc)
		return rc;
	fl_stmt_bind_int(st, 1, c->run);
	if (fl_stmt_step(st) != 1) {
		fl_stmt_free(st);
		return fl_err_set(c->err, FL_ENOTFOUND, "no run %lld in the store", (long long)c->run);
	}
	struct fl_analysis *a = c->a;
	a->run_id = c->run;
	a->bundle = fl_xstrdup(fl_stmt_text(st, 0));
	a->sha256 = fl_xstrdup(fl_stmt_text(st, 1));
	a->nranks = fl_stmt_int(st, 2);
	a->nhosts = fl_stmt_int(st, 3);
	a->nfiles = fl_stmt_int(st, 4);
	a->nlines = fl_stmt_int(st, 5);
	a->nevents = fl_stmt_int(st, 6);
	a->ingested_at = fl_stmt_int(st, 7);
	fl_stmt_free(st);
	if (prepare(c, "SELECT path, reason FROM skipped WHERE run_id = ?1 ORDER BY rowid", &st) == 0) {
		fl_stmt_bind_int(st, 1, c->run);
		size_t cap = 0;
		while (fl_stmt_step(st) == 1) {
			FL_GROW(a->skipped, cap, a->nskipped + 1);
			a->skipped[a->nskipped].path = fl_xstrdup(fl_stmt_text(st, 0));
			a->skipped[a->nskipped++].reason = fl_xstrdup(fl_stmt_text(st, 1));
		}
		fl_stmt_free(st);
	}
	return FL_OK;
}

/* Events that can matter for a verdict: everything but routine info, the
 * most severe first when a bundle has more than MAX_EVENTS of them (a
 * warning storm must not make the analysis' memory grow without bound). */
#define MAX_EVENTS 200000

static int load_events(struct ctx *c)
{
	struct fl_stmt *st;
	int rc = prepare(c,
			 "SELECT e.id, f.path, e.line, IFNULL(e.rank, -1), IFNULL(e.local_rank, -1),"
			 " IFNULL(e.pid, -1), e.host, e.ts, e.ts_kind, e.kind, e.pattern, e.fields, e.text,"
			 " e.severity FROM events e JOIN files f ON f.id = e.file_id WHERE e.id IN"
			 " (SELECT id FROM events WHERE run_id = ?1"
			 "  AND (severity >= 1 OR kind IN ('nccl.init_start', 'nccl.init_complete',"
			 "  'train.overflow', 'launcher.child_failed', 'launcher.root_cause'))"
			 "  ORDER BY severity DESC, id LIMIT ?2)"
			 " ORDER BY e.id",
			 &st);
	if (rc)
		return rc;
	fl_stmt_bind_int(st, 1, c->run);
	fl_stmt_bind_int(st, 2, MAX_EVENTS);
	size_t cap = 0;
	while (fl_stmt_step(st) == 1) {
		FL_GROW(c->ev, cap, c->nev + 1);
		struct ev *e = &c->ev[c->nev++];
		memset(e, 0, sizeof(*e));
		e->id = fl_stmt_int(st, 0);
		e->file = fl_xstrdup(fl_stmt_text(st, 1));
		e->line = fl_stmt_int(st, 2);
		e->rank = fl_stmt_int(st, 3);
		e->local_rank = fl_stmt_int(st, 4);
		e->pid = fl_stmt_int(st, 5);
		e->host = dup_or_null(st, 6);
		e->ts = fl_stmt_null(st, 7) ? FL_TIME_NONE : fl_stmt_int(st, 7);
		e->ts_kind = (int)fl_stmt_int(st, 8);
		e->kind = fl_xstrdup(fl_stmt_text(st, 9));
		e->pattern = fl_xstrdup(fl_stmt_text(st, 10));
		e->fields = dup_or_null(st, 11);
		e->text = fl_xstrdup(fl_stmt_text(st, 12));
		e->severity = (int)fl_stmt_int(st, 13);
		rules_classify(e);
	}
	fl_stmt_free(st);
	return FL_OK;
}

/* Host and rank of the GPU an Xid names, via NCCL's busId of each rank:
 * PCI "0000:9b:00.0" (or the Xid's "0000:9b:00") is NCCL's "9b000":
 * bus, device and function digits, leading zeros dropped. */
static void bus_key(const char *pci, char *key, size_t cap)
{
	const char *p = pci;
	if (strchr(p, ':') && strchr(strchr(p, ':') + 1, ':'))
		p = strchr(p, ':') + 1; /* drop the PCI domain */
	size_t k = 0;
	bool func = false;
	for (; *p && k + 2 < cap; p++) {
		if (*p == '.')
			func = true;
		else if (*p != ':')
			key[k++] = (char)tolower((unsigned char)*p);
	}
	if (!func && k + 1 < cap)
		key[k++] = '0';
	key[k] = '\0';
	size_t z = strspn(key, "0");
	if (z == k)
		z = k ? k - 1 : 0;
	memmove(key, key + z, k - z + 1);
}

static void resolve_bus(struct ctx *c, struct ev *e)
{
	struct fl_buf bus = FL_BUF_INIT;
	if (e->rank >= 0 || !e->host || !ev_field(e, "bus", &bus)) {
		fl_buf_release(&bus);
		return;
	}
	char key[32];
	bus_key(bus.ptr, key, sizeof(key));
	struct fl_stmt *st;
	if (prepare(c, "SELECT rank FROM procs WHERE run_id = ?1 AND host = ?2 AND rank IS NOT NULL"
		       " AND ltrim(lower(bus_id), '0') = ?3", &st) == 0) {
		fl_stmt_bind_int(st, 1, c->run);
		fl_stmt_bind_text(st, 2, e->host);
		fl_stmt_bind_text(st, 3, key);
		if (fl_stmt_step(st) == 1)
			e->rank = fl_stmt_int(st, 0);
		fl_stmt_free(st);
	}
	fl_buf_release(&bus);
}

/* A kernel OOM kill names a pid; NCCL prefixes and launcher lines tie
 * pids to ranks. */
static void resolve_pid(struct ctx *c, struct ev *e)
{
	int64_t pid;
	if (e->rank >= 0 || !ev_field_int(e, "victim_pid", &pid))
		return;
	struct fl_stmt *st;
	if (prepare(c, "SELECT rank FROM procs WHERE run_id = ?1 AND pid = ?2 AND rank IS NOT NULL"
		       " AND (?3 IS NULL OR host = ?3) UNION ALL SELECT rank FROM events WHERE"
		       " run_id = ?1 AND kind IN ('launcher.worker_failed', 'launcher.child_failed')"
		       " AND pid = ?2 AND rank IS NOT NULL LIMIT 1", &st))
		return;
	fl_stmt_bind_int(st, 1, c->run);
	fl_stmt_bind_int(st, 2, pid);
	fl_stmt_bind_text(st, 3, e->host);
	if (fl_stmt_step(st) == 1)
		e->rank = fl_stmt_int(st, 0);
	fl_stmt_free(st);
}

/* A traceback or exception after which the same file went on logging
 * training steps was handled (or only logged): it did not end the job. */
static void demote_handled(struct ctx *c, struct ev *e)
{
	if (e->role != ROLE_PRIMARY ||
	    (strcmp(e->kind, "proc.traceback") != 0 && strcmp(e->kind, "proc.exception") != 0))
		return;
	struct fl_stmt *st;
	if (prepare(c, "SELECT 1 FROM steps s JOIN files f ON f.id = s.file_id WHERE s.run_id = ?1"
		       " AND f.path = ?2 AND s.line > ?3 LIMIT 1", &st))
		return;
	fl_stmt_bind_int(st, 1, c->run);
	fl_stmt_bind_text(st, 2, e->file);
	fl_stmt_bind_int(st, 3, e->line);
	if (fl_stmt_step(st) == 1)
		e->role = ROLE_SIGNAL;
	fl_stmt_free(st);
}

/* Host of a rank, from the ranks table. */
char *rank_host(struct ctx *c, int64_t rank)
{
	struct fl_stmt *st;
	char *h = NULL;
	if (rank < 0 || prepare(c, "SELECT host FROM ranks WHERE run_id = ?1 AND rank = ?2", &st))
		return NULL;
	fl_stmt_bind_int(st, 1, c->run);
	fl_stmt_bind_int(st, 2, rank);
	if (fl_stmt_step(st) == 1)
		h = dup_or_null(st, 0);
	fl_stmt_free(st);
	return h;
}

static void correct_times(struct ctx *c)
{
	for (size_t i = 0; i < c->nev; i++) {
		struct ev *e = &c->ev[i];
		if (!e->host && e->rank >= 0)
			e->host = rank_host(c, e->rank);
		e->cts = clock_correct(c, e->host, e->ts);
	}
}

/* ---- first failure and causes ---- */

/* Earlier in corrected time; unknown times sort last; then priority. */
bool ev_before(const struct ev *x, const struct ev *y)
{
	if (x->cts != FL_TIME_NONE && y->cts != FL_TIME_NONE && x->cts != y->cts)
		return x->cts < y->cts;
	if ((x->cts == FL_TIME_NONE) != (y->cts == FL_TIME_NONE))
		return x->cts != FL_TIME_NONE;
	if (x->priority != y->priority)
		return x->priority > y->priority;
	return x->id < y->id;
}

/* The rank torchrun names under "Root Cause (first observed failure)":
 * the ChildFailedError entry that follows that header in the same file. */
static int64_t launcher_root_rank(const struct ctx *c)
{
	for (size_t i = 0; i < c->nev; i++) {
		if (strcmp(c->ev[i].kind, "launcher.root_cause") != 0)
			continue;
		for (size_t j = i + 1; j < c->nev; j++)
			if (!strcmp(c->ev[j].kind, "launcher.child_failed") &&
			    !strcmp(c->ev[j].file, c->ev[i].file) && c->ev[j].line > c->ev[i].line)
				return c->ev[j].rank;
	}
	return -1;
}

static const struct ev *first_primary(struct ctx *c)
{
	const struct ev *best = NULL;
	for (size_t i = 0; i < c->nev; i++)
		if (c->ev[i].role == ROLE_PRIMARY && (!best || ev_before(&c->ev[i], best)))
			best = &c->ev[i];
	if (!best || best->cts != FL_TIME_NONE)
		return best;
	/* No primary has a time: order evidence instead. The launcher saw
	 * which worker failed first. */
	int64_t root = launcher_root_rank(c);
	for (size_t i = 0; root >= 0 && i < c->nev; i++)
		if (c->ev[i].role == ROLE_PRIMARY && c->ev[i].rank == root)
			return &c->ev[i];
	return best;
}

char *first_line(const char *text)
{
	size_t n = strcspn(text, "\n");
	return fl_xstrndup(text, n > 2000 ? 2000 : n);
}

static void set_first(struct ctx *c, const struct ev *e)
{
	struct fl_first_failure *f = &c->a->first;
	f->set = true;
	f->rank = e->rank;
	f->host = e->host ? fl_xstrdup(e->host) : rank_host(c, e->rank);
	f->ts = e->cts;
	f->kind = fl_xstrdup(e->kind);
	f->message = first_line(e->text);
	f->file = fl_xstrdup(e->file);
	f->line = e->line;
}

static void ctx_release(struct ctx *c)
{
	for (size_t i = 0; i < c->nev; i++) {
		struct ev *e = &c->ev[i];
		free(e->file);
		free(e->host);
		free(e->kind);
		free(e->pattern);
		free(e->fields);
		free(e->text);
	}
	free(c->ev);
	free(c->waiting);
}

int fl_analyze_run(struct fl_store *s, int64_t run_id, struct fl_analysis **out,
		   struct fl_err *err)
{
	struct fl_analysis *a = fl_xcalloc(1, sizeof(*a));
	a->hang.seq = a->hang.timeout_ms = -1;
	a->first.rank = -1;
	struct ctx c = { .s = s, .run = run_id, .a = a, .world = -1, .err = err };
	int rc = load_run(&c);
	if (!rc)
		rc = load_events(&c);
	if (!rc) {
		for (size_t i = 0; i < c.nev; i++) {
			resolve_bus(&c, &c.ev[i]);
			resolve_pid(&c, &c.ev[i]);
			demote_handled(&c, &c.ev[i]);
		}
		clock_offsets(&c);
		correct_times(&c);
		verdict_after_kill(&c);
		config_collect(&c);
		training_collect(&c);
		const struct ev *first = first_primary(&c);
		c.first = first;
		if (first)
			set_first(&c, first);
		hang_analyze(&c);
		findings_collect(&c);
		a->status = verdict_status(&c, first);
		rank_causes(&c, first);
		verdict_ranks(&c);
		verdict_timeline(&c);
		verdict_summary(&c);
		verdict_signature(&c);
	}
	ctx_release(&c);
	if (rc) {
		fl_analysis_free(a);
		return rc;
	}
	*out = a;
	return FL_OK;
}

static void cause_release(struct fl_cause *k)
{
	free(k->explanation);
	evidence_release(&k->evidence);
	for (size_t i = 0; i < k->nrem; i++)
		free(k->remediation[i]);
	free(k->remediation);
}

void fl_analysis_free(struct fl_analysis *a)
{
	if (!a)
		return;
	free(a->bundle);
	free(a->sha256);
	for (size_t i = 0; i < a->nskipped; i++) {
		free(a->skipped[i].path);
		free(a->skipped[i].reason);
	}
	free(a->skipped);
	free(a->summary);
	free(a->signature);
	free(a->first.host);
	free(a->first.kind);
	free(a->first.message);
	free(a->first.file);
	free(a->hang.collective);
	free(a->hang.process_group);
	free(a->hang.stuck);
	evidence_release(&a->hang.evidence);
	cause_release(&a->likely);
	for (size_t i = 0; i < a->nothers; i++)
		cause_release(&a->others[i]);
	free(a->others);
	for (size_t i = 0; i < a->nfindings; i++) {
		free(a->findings[i].message);
		evidence_release(&a->findings[i].evidence);
	}
	free(a->findings);
	for (size_t i = 0; i < a->nranks_state; i++) {
		free(a->ranks[i].host);
		free(a->ranks[i].first_error);
	}
	free(a->ranks);
	for (size_t i = 0; i < a->noffsets; i++)
		free(a->offsets[i].host);
	free(a->offsets);
	for (size_t i = 0; i < a->ntimeline; i++) {
		free(a->timeline[i].host);
		free(a->timeline[i].kind);
		free(a->timeline[i].file);
		free(a->timeline[i].text);
	}
	free(a->timeline);
	free(a->config.dtype);
	free(a->config.activation_checkpointing);
	free(a->config.nccl_version);
	free(a->missing);
	free(a);
}

struct save_ctx {
	const struct fl_analysis *a;
};

static int save_fn(struct fl_store *s, void *p)
{
	const struct fl_analysis *a = ((struct save_ctx *)p)->a;
	struct fl_stmt *st;
	struct fl_err err;
	if (fl_store_prepare(s, "UPDATE runs SET status=?2, cause=?3, confidence=?4, first_rank=?5,"
			     " first_host=?6, first_kind=?7, signature=?8, summary=?9 WHERE id=?1",
			     &st, &err))
		return err.code;
	fl_stmt_bind_int(st, 1, a->run_id);
	fl_stmt_bind_text(st, 2, a->status);
	fl_stmt_bind_text(st, 3, a->likely.id);
	fl_stmt_bind_text(st, 4, a->likely.confidence);
	if (a->first.set && a->first.rank >= 0)
		fl_stmt_bind_int(st, 5, a->first.rank);
	fl_stmt_bind_text(st, 6, a->first.set ? a->first.host : NULL);
	fl_stmt_bind_text(st, 7, a->first.set ? a->first.kind : NULL);
	fl_stmt_bind_text(st, 8, a->signature);
	fl_stmt_bind_text(st, 9, a->summary);
	int rc = fl_stmt_step(st) < 0 ? FL_EDB : FL_OK;
	fl_stmt_free(st);
	if (rc || fl_store_prepare(s, "UPDATE hosts SET offset_us = ?3 WHERE run_id = ?1 AND host = ?2",
				   &st, &err))
		return rc ? rc : err.code;
	for (size_t i = 0; !rc && i < a->noffsets; i++) {
		fl_stmt_reset(st);
		fl_stmt_bind_int(st, 1, a->run_id);
		fl_stmt_bind_text(st, 2, a->offsets[i].host);
		fl_stmt_bind_int(st, 3, a->offsets[i].offset_us);
		rc = fl_stmt_step(st) < 0 ? FL_EDB : FL_OK;
	}
	fl_stmt_free(st);
	return rc;
}

int fl_analysis_save(struct fl_store *s, const struct fl_analysis *a, struct fl_err *err)
{
	struct save_ctx sc = { a };
	return fl_store_write(s, save_fn, &sc, err);
}
