/* SPDX-License-Identifier: MIT */
/*
 * hang.c - where progress stopped, and who never arrived.
 *
 * Several sources in the bundle can say where a job hung; each gives one
 * candidate (struct hang_cand) and SOURCES[] below orders them, most
 * specific first. The first candidate that names a collective or stuck
 * ranks decides the hang point; fields it does not know are taken from
 * candidates that agree on the collective; where another source names a
 * different collective, seq, process group or stuck ranks, that is kept
 * as a conflict for the report.
 *
 * The watchdog source: every healthy rank's watchdog reports the
 * collective it waited in: WorkNCCL(SeqNum=S, OpType=OP). The hang point
 * is the (process group, seq, op) reported by the most ranks. The ranks
 * that never arrived are the ones that logged in this bundle but did not
 * report waiting there - a stuck rank is usually silent - and those that
 * reported an earlier seq or a lower last-enqueued work. Ranks that timed
 * out at the same seq of the group in another collective called
 * different collectives: they are stuck too, and the mismatch is kept
 * (struct hang_mismatch) for the explanation and its finding. Without
 * any of those, a communicator whose Init START has no Init COMPLETE on
 * some ranks is the hang point, and COLL traces' lowest opCount names the
 * laggards.
 * Tested by: tests/e2e (collective_hang and cascade scenarios),
 * tests/e2e/test_hang_sources.c (choice of source, conflicts, mismatches)
 */
#include "analyze_int.h"

#include <ctype.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Silent ranks are counted as stuck only up to this world size: beyond
 * it a statement of the world's size names more ranks than a report
 * should list. */
#define MAX_SILENT_STUCK 1024

struct group {
	const char *pg, *op; /* interned (ctx_intern()) */
	int64_t seq, timeout;
	int64_t *ranks;
	size_t n, cap;
	size_t first_at; /* the first report of the group */
	const struct ev *first_e;
};

/* Sets of ranks: appended freely, then sorted and made unique once
 * (rank_set_finish), and looked up by binary search. A pass that checked
 * membership on every append was quadratic in ranks. */
static int cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
	return x < y ? -1 : x > y;
}

static bool has_rank(const int64_t *v, size_t n, int64_t r)
{
	return n && bsearch(&r, v, n, sizeof(*v), cmp_i64);
}

/* Whether two names are one NCCL collective: c10d's _ALLGATHER_BASE and
 * REDUCE_SCATTER are NCCL's AllGather and ReduceScatter as RAS names them
 * (upper-cased); underscores and a _BASE / _COALESCED suffix are
 * ignored. */
static bool same_op(const char *a, const char *b)
{
	for (;;) {
		while (*a == '_')
			a++;
		while (*b == '_')
			b++;
		if (!*a || !*b || !strcmp(a, "BASE") || !strcmp(b, "BASE") || !strcmp(a, "COALESCED") ||
		    !strcmp(b, "COALESCED"))
			break;
		if (*a++ != *b++)
			return false;
	}
	bool end_a = !*a || !strcmp(a, "BASE") || !strcmp(a, "COALESCED");
	bool end_b = !*b || !strcmp(b, "BASE") || !strcmp(b, "COALESCED");
	return end_a && end_b;
}

static bool subset(const int64_t *a, size_t na, const int64_t *b, size_t nb)
{
	for (size_t i = 0; i < na; i++)
		if (!has_rank(b, nb, a[i]))
			return false;
	return true;
}

static bool overlap(const int64_t *a, size_t na, const int64_t *b, size_t nb)
{
	for (size_t i = 0; i < na; i++)
		if (has_rank(b, nb, a[i]))
			return true;
	return false;
}

static void push_rank(int64_t **v, size_t *n, size_t *cap, int64_t r)
{
	if (r < 0)
		return;
	FL_GROW(*v, *cap, *n + 1);
	(*v)[(*n)++] = r;
}

static void rank_set_finish(int64_t *v, size_t *n)
{
	if (!*n)
		return;
	qsort(v, *n, sizeof(*v), cmp_i64);
	size_t k = 1;
	for (size_t i = 1; i < *n; i++)
		if (v[i] != v[k - 1])
			v[k++] = v[i];
	*n = k;
}

/* The ranks of a list ("a, b, c" in a desync report, "a,b,c" in ncclras's), into v. */
static void ranks_from_list(int64_t **v, size_t *n, size_t *cap, const char *s)
{
	while (*s) {
		char *end;
		long long r = strtoll(s, &end, 10);
		if (end == s) {
			s++;
			continue;
		}
		push_rank(v, n, cap, r);
		s = end;
	}
}

static bool streq(const char *a, const char *b)
{
	return (!a && !b) || (a && b && !strcmp(a, b));
}

void hang_waiters(struct fl_buf *b, size_t nwaiting)
{
	if (nwaiting)
		fl_buf_printf(b, "%zu rank(s) waited", nwaiting);
	else
		fl_buf_adds(b, "ranks waited");
}

bool hang_watchdog_line(const struct ev *e)
{
	return !strcmp(e->kind, "torch.watchdog_timeout") || !strcmp(e->kind, "torch.work_timeout");
}

bool hang_desync_line(const struct ev *e)
{
	if (strcmp(e->kind, "torch.desync") != 0)
		return false;
	struct fl_buf op = FL_BUF_INIT;
	int64_t seq;
	bool named = ev_field(e, "op", &op) && ev_field_int(e, "seq", &seq);
	fl_buf_release(&op);
	return named;
}

/* A rank's report that it waited past the timeout in a collective. torch
 * 1.x shows it only as the reason of the communicator's abort, which then
 * carries the collective's seq and op; newer torch prints the watchdog's
 * own line as well, and that one names the process group. */
static bool is_timeout(const struct ctx *c, const struct ev *e)
{
	int64_t seq;
	if (hang_watchdog_line(e))
		return true;
	/* gloo's timeout, Horovod's stall warning and DeepEP's dispatch
	 * timeout name neither op nor seq: a report only where NCCL's
	 * watchdog left none */
	if (!strcmp(e->kind, "gloo.timeout") || !strcmp(e->kind, "horovod.stall") ||
	    !strcmp(e->kind, "ep.timeout"))
		return !c->watchdog_lines;
	if (c->watchdog_lines)
		return false;
	/* torch 1.x before SeqNum (1.8-1.9) named only the op in the abort's
	 * reason */
	struct fl_buf op = FL_BUF_INIT;
	bool named = ev_field_int(e, "seq", &seq) || ev_field(e, "op", &op);
	fl_buf_release(&op);
	if (!strcmp(e->kind, "torch.comm_aborted"))
		return named;
	/* torch 2.x's "Timeout at NCCL work: N" summary survives a paste cut
	 * before the watchdog's own line; it names the seq, not the op. */
	return !strcmp(e->kind, "torch.watchdog_summary") && e->work_timeout &&
	       ev_field_int(e, "seq", &seq);
}

/* One timeout report: the group it names and the rank that made it. */
struct report {
	const char *pg, *op; /* interned: a group's reports share them */
	int64_t seq, rank, timeout;
	size_t at; /* its place among the reports, which breaks ties */
	const struct ev *e;
	bool has_timeout;
};

static int cmp_nullable(const char *a, const char *b)
{
	if (!a || !b)
		return (a != NULL) - (b != NULL);
	return strcmp(a, b);
}

static int cmp_report(const void *x, const void *y)
{
	const struct report *a = x, *b = y;
	int k = cmp_nullable(a->pg, b->pg);
	if (!k)
		k = cmp_nullable(a->op, b->op);
	if (!k)
		k = (a->seq > b->seq) - (a->seq < b->seq);
	return k ? k : (a->at > b->at) - (a->at < b->at);
}

/* The analysis' copy of a field's value, or NULL; b is scratch. Every
 * rank's timeouts and watchdog summaries name the same group and op: one
 * copy of each, where a copy per line was a few MiB at 32 Ki ranks. */
static const char *field_intern(struct ctx *c, const struct ev *e, const char *key,
				struct fl_buf *b)
{
	return ev_field(e, key, b) ? ctx_intern(c, b->ptr ? b->ptr : "") : NULL;
}

static const char *pg_intern(struct ctx *c, const struct ev *e, struct fl_buf *b)
{
	const char *desc = field_intern(c, e, "pg_desc", b);
	return desc ? desc : field_intern(c, e, "pg", b);
}

/* The op of a gloo timeout: it raises from work.wait() at the end of a
 * traceback whose innermost frame is the c10d function that waited
 * (msr-fiddle/pipedream#39: `distributed_c10d.py", line 755, in
 * broadcast`). That traceback is the nearest one before the line in the
 * same file; NULL when there is none or its frame is not c10d's. */
static const char *gloo_op(const struct ctx *c, const struct ev *e, struct fl_buf *b)
{
	size_t at = (size_t)(e - c->ev);
	for (size_t k = 1; k <= 8 && k <= at; k++) {
		const struct ev *t = &c->ev[at - k];
		if (t->file != e->file || strcmp(t->kind, "proc.traceback"))
			continue;
		if (!ev_field(t, "frame_file", b) || !strstr(b->ptr, "distributed_c10d.py") ||
		    !ev_field(t, "frame_func", b))
			return NULL;
		return c10d_op(b->ptr, b->len);
	}
	return NULL;
}

/* Ranks that show activity in the bundle (they had a chance to report). */
static void active_ranks(const struct ctx *c, int64_t **v, size_t *n, size_t *cap)
{
	for (size_t i = 0; i < c->a->nranks_state; i++)
		if (c->a->ranks[i].lines > 0)
			push_rank(v, n, cap, c->a->ranks[i].rank);
}

void hang_cand_stuck(struct hang_cand *k, int64_t rank)
{
	push_rank(&k->stuck, &k->nstuck, &k->capstuck, rank);
}

void hang_cand_waiting(struct hang_cand *k, int64_t rank)
{
	push_rank(&k->waiting, &k->nwaiting, &k->capwaiting, rank);
}

static void cand_from_group(struct hang_cand *k, const struct group *g)
{
	k->found = true;
	k->collective = g->op ? fl_xstrdup(g->op) : NULL;
	k->seq = g->seq;
	k->process_group = g->pg ? fl_xstrdup(g->pg) : NULL;
	k->timeout_ms = g->timeout;
	for (size_t i = 0; i < g->n; i++)
		hang_cand_waiting(k, g->ranks[i]);
}

/* The timeout line of older builds names no process group; the watchdog
 * summary of the same work does ("[PG 0 (default_pg) Rank 5] ... at work: S"). */
static const char *summary_pg(struct ctx *c, int64_t seq)
{
	struct fl_buf b = FL_BUF_INIT;
	const char *pg = NULL;
	for (size_t i = 0; i < c->nev && seq >= 0 && !pg; i++) {
		int64_t v;
		if (!strcmp(c->ev[i].kind, "torch.watchdog_summary") &&
		    ev_field_int(&c->ev[i], "seq", &v) && v == seq)
			pg = pg_intern(c, &c->ev[i], &b);
	}
	fl_buf_release(&b);
	return pg;
}

/* Ranks behind the hang point: reported an earlier seq in the same group
 * of collectives, or a last enqueued work below it. */
static void behind(struct ctx *c, const struct group *g, int64_t **stuck, size_t *n, size_t *cap)
{
	struct fl_buf b = FL_BUF_INIT;
	for (size_t i = 0; i < c->nev; i++) {
		const struct ev *e = &c->ev[i];
		if (e->rank < 0 || g->seq < 0)
			continue;
		int64_t v;
		if (is_timeout(c, e) && ev_field_int(e, "seq", &v) && v < g->seq) {
			if (pg_intern(c, e, &b) == g->pg)
				push_rank(stuck, n, cap, e->rank);
		} else if (!strcmp(e->kind, "torch.watchdog_summary") &&
			   ev_field_int(e, "last_enqueued", &v) && v < g->seq) {
			push_rank(stuck, n, cap, e->rank);
		}
	}
	fl_buf_release(&b);
}

/* The timeout reports grouped by (process group, op, seq), each group
 * knowing its first report; a rank counts once per group, and a report
 * without a rank does not count. */
static void timeout_groups(struct ctx *c, struct group **out, size_t *nout)
{
	struct report *v = NULL;
	size_t n = 0, cap = 0;
	struct fl_buf b = FL_BUF_INIT;
	for (size_t i = 0; i < c->nev; i++) {
		const struct ev *e = &c->ev[i];
		if (!is_timeout(c, e))
			continue;
		FL_GROW(v, cap, n + 1);
		struct report *r = &v[n];
		r->pg = pg_intern(c, e, &b);
		r->op = field_intern(c, e, "op", &b);
		if (!r->op && !strcmp(e->kind, "gloo.timeout"))
			r->op = gloo_op(c, e, &b);
		r->seq = -1;
		ev_field_int(e, "seq", &r->seq);
		r->rank = ev_global_rank(e);
		r->has_timeout = ev_field_int(e, "timeout_ms", &r->timeout);
		r->e = e;
		r->at = n++;
	}
	if (n)
		qsort(v, n, sizeof(*v), cmp_report);
	struct group *gs = NULL;
	size_t ng = 0, capg = 0;
	for (size_t i = 0; i < n; i++) {
		const struct report *r = &v[i];
		struct group *g = ng ? &gs[ng - 1] : NULL;
		if (!g || cmp_nullable(g->pg, r->pg) || cmp_nullable(g->op, r->op) || g->seq != r->seq) {
			FL_GROW(gs, capg, ng + 1);
			g = &gs[ng++];
			memset(g, 0, sizeof(*g));
			g->pg = r->pg;
			g->op = r->op;
			g->seq = r->seq;
			g->timeout = -1;
			g->first_at = r->at;
			g->first_e = r->e;
		}
		/* an older Horovod's stall report lists the ranks that were
		 * ready: those are the waiters, not the coordinator that
		 * printed it; one that lists the missing ranks names no
		 * waiter (horovod_missing() reads it). Only Horovod's lines
		 * have these fields: the kind is tested first, as every rank's
		 * watchdog report passes here. */
		bool horovod = !strcmp(r->e->kind, "horovod.stall");
		if (horovod && ev_field(r->e, "ready_ranks", &b))
			ranks_from_list(&g->ranks, &g->n, &g->cap, b.ptr ? b.ptr : "");
		else if (!horovod || !ev_field(r->e, "missing_ranks", &b))
			push_rank(&g->ranks, &g->n, &g->cap, r->rank);
		/* the last report in bundle order that names a timeout wins */
		if (r->has_timeout)
			g->timeout = r->timeout;
	}
	fl_buf_release(&b);
	free(v);
	for (size_t i = 0; i < ng; i++)
		rank_set_finish(gs[i].ranks, &gs[i].n);
	*out = gs;
	*nout = ng;
}

void hang_check_init(struct ctx *c)
{
	const struct fl_hang *h = &c->a->hang;
	if (!h->set || !h->nstuck || c->hang_in_init)
		return;
	bool all = c->ninit_open > 0;
	for (size_t i = 0; all && i < h->nstuck; i++)
		all = has_rank(c->init_open, c->ninit_open, h->stuck[i]);
	c->hang_in_init = all;
}

/* A stuck rank is often silent: the ranks of the stated world that
 * neither reported waiting nor left a line never arrived either, as long
 * as they are fewer than the waiters - when most of the world is silent,
 * the bundle lacks their logs rather than they their progress. */
static void silent_stuck(struct ctx *c, const struct group *best, const int64_t *act, size_t na,
			 int64_t **stuck, size_t *ns, size_t *caps)
{
	int64_t world = c->a->config.world_size;
	if (world <= 0 || world > MAX_SILENT_STUCK)
		return;
	int64_t *silent = NULL;
	size_t n = 0, cap = 0;
	for (int64_t r = 0; r < world; r++)
		if (!has_rank(best->ranks, best->n, r) && !has_rank(act, na, r))
			push_rank(&silent, &n, &cap, r);
	for (size_t i = 0; n < best->n && i < n; i++)
		push_rank(stuck, ns, caps, silent[i]);
	free(silent);
}

void hang_mismatch_release(struct hang_mismatch *m)
{
	free(m->ranks);
	free(m->op);
	free(m->with_op);
	memset(m, 0, sizeof(*m));
}

void hang_mismatch_ranks(struct fl_buf *b, const struct hang_mismatch *m)
{
	if (!m->n) {
		fl_buf_adds(b, "some ranks");
		return;
	}
	fl_buf_adds(b, m->n == 1 ? "rank " : "ranks ");
	for (size_t i = 0; i < m->n && i < 8; i++)
		fl_buf_printf(b, "%s%lld", i ? ", " : "", (long long)m->ranks[i]);
	if (m->n > 8)
		fl_buf_adds(b, ", ...");
}

void hang_absent(struct fl_buf *b, const struct fl_hang *h, const struct hang_mismatch *m,
		 const char *sep)
{
	size_t absent = 0, shown = 0;
	for (size_t i = 0; i < h->nstuck; i++)
		absent += !(m && hang_mismatched(m, h->stuck[i]));
	for (size_t i = 0; i < h->nstuck && shown < 8; i++)
		if (!(m && hang_mismatched(m, h->stuck[i])))
			fl_buf_printf(b, "%s%lld", shown++ ? sep : absent == 1 ? "; rank " : "; ranks ",
				      (long long)h->stuck[i]);
	if (absent > 8)
		fl_buf_printf(b, "%s...", sep);
	if (absent)
		fl_buf_adds(b, " never arrived");
}

const struct hang_mismatch *hang_lines_mismatch(const struct ctx *c)
{
	const char *fr = c->a->hang.mismatch;
	return c->mismatch.op && !(fr && !strcmp(fr, "collective_type")) ? &c->mismatch : NULL;
}

bool hang_mismatched(const struct hang_mismatch *m, int64_t rank)
{
	return has_rank(m->ranks, m->n, rank);
}

/* The mismatched ranks' first line e and op, against the waiting with_e. */
static void mismatch_set(struct hang_mismatch *m, const char *op, const struct ev *e,
			 int64_t with_rank, const char *with_op, const struct ev *with_e)
{
	if (!m->op) {
		m->op = fl_xstrdup(op);
		m->e = e;
		m->with_op = fl_xstrdup(with_op);
		m->with_rank = with_rank;
		m->with_e = with_e;
	}
}

/* Other ranks timed out at the hang's seq of the same process group, in
 * another collective: each rank's seq counts its own calls, so the ranks
 * called different collectives. A rank in both groups means the line
 * named no group and the two are different groups that share a seq. */
static void watchdog_mismatch(struct hang_cand *k, const struct group *gs, size_t ng,
			      const struct group *best)
{
	if (best->seq < 0 || !best->op || !best->n)
		return;
	for (size_t i = 0; i < ng; i++) {
		const struct group *g = &gs[i];
		if (g == best || g->pg != best->pg || g->seq != best->seq || !g->op || !g->n ||
		    same_op(g->op, best->op) || overlap(g->ranks, g->n, best->ranks, best->n))
			continue;
		mismatch_set(&k->mismatch, g->op, g->first_e, best->ranks[0], best->op, best->first_e);
		for (size_t r = 0; r < g->n; r++)
			push_rank(&k->mismatch.ranks, &k->mismatch.n, &k->mismatch.cap, g->ranks[r]);
	}
}

/* The ranks a Horovod stall report (0.13.6-0.16.1) says never submitted
 * a tensor: stuck, whoever else logged. */
static void horovod_missing(struct ctx *c, int64_t **v, size_t *n, size_t *cap)
{
	struct fl_buf b = FL_BUF_INIT;
	for (size_t i = 0; i < c->nev; i++)
		if (!strcmp(c->ev[i].kind, "horovod.stall") && is_timeout(c, &c->ev[i]) &&
		    ev_field(&c->ev[i], "missing_ranks", &b))
			ranks_from_list(v, n, cap, b.ptr ? b.ptr : "");
	fl_buf_release(&b);
}

static int watchdog_hang(struct ctx *c, struct hang_cand *k)
{
	for (size_t i = 0; i < c->nev && !c->watchdog_lines; i++)
		c->watchdog_lines = hang_watchdog_line(&c->ev[i]);
	struct group *gs;
	size_t ng;
	timeout_groups(c, &gs, &ng);
	if (!ng)
		return 0;
	/* The hang point: most ranks waiting there; then the highest seq;
	 * then the group reported first. */
	struct group *best = &gs[0];
	for (size_t i = 1; i < ng; i++)
		if (gs[i].n > best->n || (gs[i].n == best->n && gs[i].seq > best->seq) ||
		    (gs[i].n == best->n && gs[i].seq == best->seq && gs[i].first_at < best->first_at))
			best = &gs[i];
	cand_from_group(k, best);
	watchdog_mismatch(k, gs, ng, best);
	if (!k->process_group) {
		const char *pg = summary_pg(c, best->seq);
		k->process_group = pg ? fl_xstrdup(pg) : NULL;
	}
	int64_t *stuck = NULL;
	size_t ns = 0, caps = 0;
	behind(c, best, &stuck, &ns, &caps);
	if (c->first) {
		/* A rank failed: it is the one the others waited for; ranks the
		 * launcher tore down after it were not given the chance. */
		if (!has_rank(best->ranks, best->n, c->first->rank))
			push_rank(&stuck, &ns, &caps, c->first->rank);
	} else if (best->n > 0) {
		/* A pure hang: whoever logged here but did not report waiting. */
		int64_t *act = NULL;
		size_t na = 0, capa = 0;
		active_ranks(c, &act, &na, &capa);
		for (size_t i = 0; i < na; i++)
			if (!has_rank(best->ranks, best->n, act[i]))
				push_rank(&stuck, &ns, &caps, act[i]);
		silent_stuck(c, best, act, na, &stuck, &ns, &caps);
		free(act);
	}
	horovod_missing(c, &stuck, &ns, &caps);
	k->stuck = stuck;
	k->nstuck = k->capstuck = ns;

	for (size_t i = 0, shown = 0; i < c->nev && shown < 6; i++) {
		const struct ev *e = &c->ev[i];
		if (is_timeout(c, e) || !strcmp(e->kind, "torch.watchdog_summary")) {
			evidence_add(c, &k->evidence, e);
			shown++;
		}
	}
	for (size_t i = 0; i < ng; i++)
		free(gs[i].ranks);
	free(gs);
	return 0;
}

/* An Init START line of Q_INIT_HANG as evidence, placed and timed as a
 * loaded event would be: its host, else its rank's; corrected time. */
static void init_evidence(struct ctx *c, struct hang_cand *k, struct fl_stmt *st)
{
	int64_t rank = fl_stmt_null(st, 0) ? -1 : fl_stmt_int(st, 0);
	const char *host = fl_stmt_null(st, 4) ? rank_host(c, rank) : fl_stmt_text(st, 4);
	int64_t ts = fl_stmt_null(st, 5) ? FL_TIME_NONE : fl_stmt_int(st, 5);
	evidence_add_raw(&k->evidence, fl_stmt_text(st, 2), fl_stmt_int(st, 3), rank, host,
			 clock_correct(c, host, ts), fl_stmt_text(st, 6));
}

/* Init START without Init COMPLETE on the same process and communicator. */
static int init_hang(struct ctx *c, struct hang_cand *k)
{
	struct fl_stmt *st;
	int rc = q_open(c, Q_INIT_HANG, &st);
	if (rc)
		return rc;
	while ((rc = q_step(c, Q_INIT_HANG, st)) == 1) {
		hang_cand_stuck(k, fl_stmt_null(st, 0) ? fl_stmt_int(st, 1) : fl_stmt_int(st, 0));
		if (k->evidence.n < 6)
			init_evidence(c, k, st);
	}
	fl_stmt_free(st);
	k->found = k->in_init = !rc && k->nstuck;
	/* kept for hang_check_init(), sorted for its bsearch */
	if (k->found) {
		c->init_open = fl_xmalloc(k->nstuck * sizeof(*c->init_open));
		memcpy(c->init_open, k->stuck, k->nstuck * sizeof(*c->init_open));
		c->ninit_open = k->nstuck;
		rank_set_finish(c->init_open, &c->ninit_open);
	}
	return rc;
}

/* COLL traces: ranks whose last opCount is below the others' for an op. */
static int coll_laggards(struct ctx *c)
{
	struct fl_stmt *st;
	int rc = q_open(c, Q_COLL_LAGGARDS, &st);
	if (rc)
		return rc;
	int64_t *stuck = NULL;
	size_t n = 0, cap = 0;
	while ((rc = q_step(c, Q_COLL_LAGGARDS, st)) == 1)
		push_rank(&stuck, &n, &cap, fl_stmt_int(st, 0));
	fl_stmt_free(st);
	rank_set_finish(stuck, &n);
	if (!rc && n) {
		free(c->a->hang.stuck);
		c->a->hang.stuck = stuck;
		c->a->hang.nstuck = n;
		stuck = NULL;
	}
	free(stuck);
	return rc;
}

/* ---- ncclras reports ---- */

struct ras_group {
	int64_t opcount; /* 0: "have not launched any operations" */
	int64_t *ranks;  /* communicator ranks RAS listed under it */
	size_t n, cap;
};

/* The RAS report lines that ras_groups() reads, in the order they were
 * written (the events are loaded in that order). */
static const struct ev **ras_lines(const struct ctx *c, size_t *n)
{
	const struct ev **v = fl_xmalloc((c->nev + 1) * sizeof(*v));
	*n = 0;
	for (size_t i = 0; i < c->nev; i++)
		if (!strcmp(c->ev[i].kind, "nccl.ras_comm") || !strcmp(c->ev[i].kind, "nccl.ras_mismatch") ||
		    !strcmp(c->ev[i].kind, "nccl.ras_rank"))
			v[(*n)++] = &c->ev[i];
	return v;
}

/* Reads the first MISMATCH communicator of an ncclras report into groups
 * by operation count, and the lines it used into used (at most 6);
 * returns the collective's name (caller frees). */
static char *ras_groups(const struct ctx *c, struct ras_group *g, size_t *ng, size_t max,
			const struct ev **used, size_t *nused)
{
	size_t n;
	const struct ev **v = ras_lines(c, &n);
	char *op = NULL;
	bool in_comm = false;
	struct fl_buf b = FL_BUF_INIT;
	for (size_t i = 0; i < n; i++) {
		const struct ev *e = v[i];
		int64_t x;
		if (!strcmp(e->kind, "nccl.ras_comm")) {
			if (in_comm && *ng)
				break; /* the next communicator */
			in_comm = ev_field(e, "status", &b) && !strcmp(b.ptr, "MISMATCH");
		} else if (!in_comm) {
			continue;
		} else if (!strcmp(e->kind, "nccl.ras_mismatch") && !op && ev_field(e, "op", &b)) {
			op = fl_xstrdup(b.ptr);
		} else if (!strcmp(e->kind, "nccl.ras_mismatch") && *ng < max) {
			struct ras_group *r = &g[(*ng)++];
			memset(r, 0, sizeof(*r));
			if (ev_field_int(e, "opcount", &x))
				r->opcount = x;
			if (ev_field_int(e, "comm_rank", &x)) /* a single outlier */
				push_rank(&r->ranks, &r->n, &r->cap, x);
		} else if (!strcmp(e->kind, "nccl.ras_rank") && *ng && ev_field_int(e, "comm_rank", &x)) {
			push_rank(&g[*ng - 1].ranks, &g[*ng - 1].n, &g[*ng - 1].cap, x);
		} else {
			continue;
		}
		if (*nused < 6)
			used[(*nused)++] = e;
	}
	fl_buf_release(&b);
	free(v);
	return op;
}

/* An ncclras report (NCCL 2.24+) of a communicator whose ranks launched
 * different numbers of one collective: the hang point is the highest
 * count, which the ranks behind never launched. RAS lists the ranks of
 * the smaller side, behind or ahead: ranks listed behind are stuck, ranks
 * listed ahead are the ones waiting. The count is NCCL's per-collective
 * operation count, reported as the seq. */
/* The ranks listed under the first INCOMPLETE communicator of an ncclras
 * report: RAS got no data from them, they are hung hard or dead. Into
 * k's stuck ranks, their lines into its evidence. */
static void ras_incomplete(struct ctx *c, struct hang_cand *k)
{
	size_t n;
	const struct ev **v = ras_lines(c, &n);
	struct fl_buf b = FL_BUF_INIT;
	bool in = false;
	for (size_t i = 0; i < n; i++) {
		const struct ev *e = v[i];
		int64_t r;
		if (!strcmp(e->kind, "nccl.ras_comm") && ev_field(e, "status", &b)) {
			if (in)
				break; /* the next communicator */
			in = !strcmp(b.ptr, "INCOMPLETE");
		} else if (in && !strcmp(e->kind, "nccl.ras_rank") && ev_field_int(e, "comm_rank", &r)) {
			hang_cand_stuck(k, r);
		} else if (in && !strcmp(e->kind, "nccl.ras_rank") && ev_field(e, "comm_ranks", &b)) {
			ranks_from_list(&k->stuck, &k->nstuck, &k->capstuck, b.ptr); /* NCCL 2.24-2.25 */
		} else {
			continue;
		}
		if (k->evidence.n < 6)
			evidence_add(c, &k->evidence, e);
	}
	fl_buf_release(&b);
	free(v);
}

/* ---- ncclras -f json (NCCL 2.28.7+) ---- */

/* NCCL's collectives (ncclFuncToString of the first NCCL_NUM_FUNCTIONS),
 * the keys of the JSON report's collective_counts, in its order. */
static const char *const RAS_OPS[] = { "Broadcast", "Reduce", "AllGather", "ReduceScatter",
				       "AllReduce" };
#define NRAS_OPS (sizeof(RAS_OPS) / sizeof(RAS_OPS[0]))

/* One rank's count of one function, or (op -1) a rank RAS got no data
 * from; e its "rank" line. */
struct ras_count {
	int64_t rank, count;
	int op;
	const struct ev *e;
};

static int ras_op(const char *name)
{
	for (size_t i = 0; i < NRAS_OPS; i++)
		if (!strcmp(name, RAS_OPS[i]))
			return (int)i;
	return -1;
}

static void ras_json_stuck(struct ctx *c, struct hang_cand *k, const struct ras_count *x)
{
	hang_cand_stuck(k, x->rank);
	if (k->evidence.n < 6)
		evidence_add(c, &k->evidence, x->e);
}

/* One communicator of the JSON report: its missing ranks are stuck; the
 * first function whose counts differ is the hang point, at the highest
 * count, which the ranks below never launched. True when it gave one. */
static bool ras_json_comm(struct ctx *c, struct hang_cand *k, const struct ras_count *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (v[i].op < 0)
			ras_json_stuck(c, k, &v[i]);
	for (int op = 0; op < (int)NRAS_OPS && !k->collective; op++) {
		int64_t lo = INT64_MAX, hi = -1;
		for (size_t i = 0; i < n; i++)
			if (v[i].op == op) {
				lo = v[i].count < lo ? v[i].count : lo;
				hi = v[i].count > hi ? v[i].count : hi;
			}
		if (hi < 0 || lo == hi)
			continue;
		k->collective = fl_xstrdup(RAS_OPS[op]);
		for (char *p = k->collective; *p; p++)
			*p = (char)toupper((unsigned char)*p);
		k->seq = hi;
		k->seq_is_opcount = true;
		for (size_t i = 0; i < n; i++) {
			if (v[i].op == op && v[i].count < hi)
				ras_json_stuck(c, k, &v[i]);
			else if (v[i].op == op)
				hang_cand_waiting(k, v[i].rank);
		}
	}
	k->found = k->collective || k->nstuck;
	return k->found;
}

/* The JSON report's lines, in order: the first communicator that shows a
 * hang (missing ranks, or ranks at different counts) gives it. A
 * communicator's lines are those of its "hash" line's file: a "rank" line
 * of another JSON file is not part of it. */
static void ras_json(struct ctx *c, struct hang_cand *k)
{
	struct ras_count *v = NULL;
	size_t n = 0, cap = 0;
	struct ras_count cur = { .rank = -1 };
	bool missing = false, in_comm = false;
	const char *file = NULL;
	struct fl_buf b = FL_BUF_INIT;
	for (size_t i = 0; i < c->nev && !k->found; i++) {
		const struct ev *e = &c->ev[i];
		int64_t x;
		if (strcmp(e->kind, "nccl.ras_json"))
			continue;
		bool hash = ev_field(e, "comm_hash", &b);
		if (!hash && (!in_comm || !streq(file, e->file)))
			continue;
		if (hash) {
			if (in_comm && ras_json_comm(c, k, v, n))
				break;
			n = 0;
			in_comm = true;
			file = e->file;
			missing = false;
			cur.rank = -1;
		} else if (ev_field(e, "ras_list", &b)) {
			missing = !strcmp(b.ptr, "missing_ranks");
		} else if (ev_field_int(e, "comm_rank", &x)) {
			cur = (struct ras_count){ .rank = x, .op = -1, .e = e };
			if (missing) {
				FL_GROW(v, cap, n + 1);
				v[n++] = cur;
			}
		} else if (!missing && cur.rank >= 0 && ev_field(e, "op", &b) &&
			   ev_field_int(e, "opcount", &x) && ras_op(b.ptr) >= 0) {
			FL_GROW(v, cap, n + 1);
			v[n++] = (struct ras_count){ cur.rank, x, ras_op(b.ptr), cur.e };
		}
	}
	if (in_comm && !k->found)
		ras_json_comm(c, k, v, n);
	fl_buf_release(&b);
	free(v);
}

static int ras_hang(struct ctx *c, struct hang_cand *k)
{
	struct ras_group g[8];
	const struct ev *used[6];
	size_t ng = 0, nused = 0;
	char *op = ras_groups(c, g, &ng, 8, used, &nused);
	int64_t top = -1;
	for (size_t i = 0; i < ng; i++)
		if (g[i].opcount > top)
			top = g[i].opcount;
	if (op && ng >= 2) {
		for (char *p = op; *p; p++)
			*p = (char)toupper((unsigned char)*p);
		k->found = true;
		/* NCCL 2.24-2.25 count every collective together: which one
		 * hung, RAS does not say */
		k->collective = strcmp(op, "COLLECTIVE") ? op : NULL;
		if (!k->collective)
			free(op);
		op = NULL;
		k->seq = top;
		k->seq_is_opcount = true;
		for (size_t i = 0; i < ng; i++)
			for (size_t r = 0; r < g[i].n; r++) {
				if (g[i].opcount == top)
					hang_cand_waiting(k, g[i].ranks[r]);
				else
					hang_cand_stuck(k, g[i].ranks[r]);
			}
		for (size_t i = 0; i < nused; i++)
			evidence_add(c, &k->evidence, used[i]);
	}
	free(op);
	for (size_t i = 0; i < ng; i++)
		free(g[i].ranks);
	ras_incomplete(c, k);
	k->found = k->found || k->nstuck;
	if (!k->found)
		ras_json(c, k);
	return 0;
}

/* ---- torch's desync debug report ---- */

/* Pasted without its indentation, "[1] finished collective ..." loses
 * its list to attribution, which takes it for a rank prefix: the list is
 * read back from the line's text. */
static void stuck_from_text(struct hang_cand *k, const char *text)
{
	static const char *const tails[] = { "] finished collective #", "] joined but didn't finish" };
	for (size_t t = 0; text && t < sizeof(tails) / sizeof(tails[0]); t++) {
		const char *end = strstr(text, tails[t]), *open = end;
		while (open && open > text && open[-1] != '[')
			open--;
		if (!open || open == text)
			continue;
		char *list = fl_xstrndup(open, (size_t)(end - open));
		ranks_from_list(&k->stuck, &k->nstuck, &k->capstuck, list);
		free(list);
	}
}

/* One "[ranks] started OP" line of a desync report's snapshot, at the
 * seq of the "#S started ranks:" line above it. */
struct snap {
	int64_t seq;
	char *op;
	int64_t *ranks;
	size_t n, cap;
	const struct ev *e;
};

/* A mismatch in the snapshot: at the hang seq, ranks started different
 * collectives. The collective most of them started is the hang point
 * (the reporter's on a tie) and they wait in it; the ranks that started
 * another are the mismatched ones, stuck in their own. They replace the
 * stuck ranks of "joined but didn't finish", which names them all. */
static void desync_mismatch(struct ctx *c, struct hang_cand *k, const struct snap *v, size_t n)
{
	const struct snap *top = NULL;
	size_t ops = 0;
	for (size_t i = 0; i < n; i++) {
		if (v[i].seq != k->seq)
			continue;
		ops++;
		if (!top || v[i].n > top->n ||
		    (v[i].n == top->n && k->collective && !strcmp(v[i].op, k->collective)))
			top = &v[i];
	}
	if (ops < 2)
		return;
	free(k->collective);
	k->collective = fl_xstrdup(top->op);
	k->nstuck = k->nwaiting = 0;
	for (size_t i = 0; i < n; i++) {
		if (v[i].seq != k->seq)
			continue;
		for (size_t r = 0; r < v[i].n; r++) {
			if (&v[i] == top)
				hang_cand_waiting(k, v[i].ranks[r]);
			else
				hang_cand_stuck(k, v[i].ranks[r]);
		}
		if (&v[i] == top)
			continue;
		mismatch_set(&k->mismatch, v[i].op, v[i].e, top->n ? top->ranks[0] : -1, top->op, top->e);
		for (size_t r = 0; r < v[i].n; r++)
			push_rank(&k->mismatch.ranks, &k->mismatch.n, &k->mismatch.cap, v[i].ranks[r]);
		if (k->evidence.n < 8)
			evidence_add(c, &k->evidence, v[i].e);
	}
}

/* TORCH_NCCL_DESYNC_DEBUG: on a timeout the watchdog read every rank's
 * last started and finished collective from the store. The collective
 * the reporting rank timed out in is the hang point; the ranks it calls
 * lagging (joined it and never finished, finished the one before and
 * never joined, never joined any: dead) are stuck, unless the snapshot
 * of the ranks' latest states shows them in different collectives at
 * that seq (mismatched, desync_mismatch). Every waiting rank prints the
 * same comparison: the first report in the bundle decides. Ranks are
 * those of the process group, taken as global (the default group). */
static int desync_hang(struct ctx *c, struct hang_cand *k)
{
	static const char *const lists[] = { "ranks", "joined_ranks", "finished_ranks" };
	struct fl_buf b = FL_BUF_INIT;
	struct snap *snaps = NULL;
	size_t nsnap = 0, capsnap = 0;
	int64_t snap_seq = -1;
	for (size_t i = 0; i < c->nev; i++) {
		const struct ev *e = &c->ev[i];
		int64_t v;
		if (strcmp(e->kind, "torch.desync"))
			continue;
		if (ev_field(e, "op", &b) && ev_field_int(e, "seq", &v)) {
			if (k->found)
				break; /* the next rank's report */
			k->found = true;
			k->collective = fl_xstrdup(b.ptr);
			k->seq = v;
			if (ev_field_int(e, "desync_rank", &v))
				hang_cand_waiting(k, v);
		} else if (ev_field_int(e, "snapshot_seq", &v)) {
			struct fl_buf st = FL_BUF_INIT;
			snap_seq = ev_field(e, "snapshot_state", &st) && !strcmp(st.ptr, "started") ? v : -1;
			fl_buf_release(&st);
			continue;
		} else if (ev_field(e, "snapshot_ranks", &b)) {
			struct fl_buf op = FL_BUF_INIT, did = FL_BUF_INIT;
			if (k->found && snap_seq >= 0 && ev_field(e, "snapshot_op", &op) &&
			    ev_field(e, "snapshot_did", &did) && !strcmp(did.ptr, "started")) {
				FL_GROW(snaps, capsnap, nsnap + 1);
				struct snap *x = &snaps[nsnap++];
				*x = (struct snap){ .seq = snap_seq, .op = fl_buf_detach(&op), .e = e };
				ranks_from_list(&x->ranks, &x->n, &x->cap, b.ptr);
			}
			fl_buf_release(&op);
			fl_buf_release(&did);
			continue;
		} else if (!k->found && !ev_field_int(e, "next_seq", &k->seq) &&
			   !ev_field_int(e, "joined_seq", &k->seq)) {
			continue; /* a report cut before its lagging ranks: nothing */
		}
		k->found = true;
		bool listed = false;
		for (size_t l = 0; l < sizeof(lists) / sizeof(lists[0]); l++)
			if (ev_field(e, lists[l], &b)) {
				ranks_from_list(&k->stuck, &k->nstuck, &k->capstuck, b.ptr);
				listed = true;
			}
		if (!listed)
			stuck_from_text(k, ev_text(c, e));
		if (k->evidence.n < 6)
			evidence_add(c, &k->evidence, e);
	}
	desync_mismatch(c, k, snaps, nsnap);
	for (size_t i = 0; i < nsnap; i++) {
		free(snaps[i].op);
		free(snaps[i].ranks);
	}
	free(snaps);
	fl_buf_release(&b);
	return 0;
}

/* ---- gloo's monitored barrier ---- */

/* Rank 0 of a monitored barrier named the ranks that never reached it: a
 * barrier, those ranks stuck, the reporter waiting. The first report
 * decides (one barrier per report; a later one is another barrier). */
static int monitored_barrier_hang(struct ctx *c, struct hang_cand *k)
{
	struct fl_buf b = FL_BUF_INIT;
	for (size_t i = 0; i < c->nev && !k->found; i++) {
		const struct ev *e = &c->ev[i];
		if (strcmp(e->kind, "torch.monitored_barrier") || !ev_field(e, "ranks", &b))
			continue;
		k->found = true;
		k->collective = fl_xstrdup("BARRIER");
		ranks_from_list(&k->stuck, &k->nstuck, &k->capstuck, b.ptr);
		ev_field_int(e, "timeout_ms", &k->timeout_ms);
		hang_cand_waiting(k, e->rank);
		evidence_add(c, &k->evidence, e);
	}
	fl_buf_release(&b);
	return 0;
}

/* ---- the Flight Recorder analyzer's report ---- */

/* The ranks an fr_trace error message calls culprits ("Culprit rank 1;
 * Error type: ..."), each a rank whose entry differs from the first rank
 * the analyzer read. When they are half of the group or more, that first
 * rank was the odd one, which the report does not name: none is kept. */
static void fr_culprits(struct hang_cand *k, const char *error, int64_t group)
{
	static const char mark[] = "Culprit rank ";
	int64_t *v = NULL;
	size_t n = 0, cap = 0;
	for (const char *p = strstr(error, mark); p; p = strstr(p, mark)) {
		char *end;
		p += sizeof(mark) - 1;
		long long r = strtoll(p, &end, 10);
		if (end != p)
			push_rank(&v, &n, &cap, r);
	}
	rank_set_finish(v, &n);
	if (n && (group <= 0 || 2 * (int64_t)n < group))
		for (size_t i = 0; i < n; i++)
			hang_cand_stuck(k, v[i]);
	free(v);
}

/* The analyzer's first report in the bundle (it prints them in the order
 * of the sequence numbers) names the collective where progress stopped, its
 * group ("0:default_pg": the name, then the description), and the ranks
 * that never joined it or whose entry differed. */
static int fr_report_hang(struct ctx *c, struct hang_cand *k)
{
	struct fl_buf b = FL_BUF_INIT;
	for (size_t i = 0; i < c->nev && !k->found; i++) {
		const struct ev *e = &c->ev[i];
		if (strcmp(e->kind, "torch.fr_report"))
			continue;
		k->found = true;
		ev_field_int(e, "seq", &k->seq);
		if (ev_field(e, "op", &b))
			k->collective = fr_c10d_name(b.ptr);
		if (ev_field(e, "pg_desc", &b)) {
			const char *desc = strchr(b.ptr, ':');
			k->process_group = fl_xstrdup(desc && desc[1] ? desc + 1 : b.ptr);
		}
		int64_t group = -1;
		ev_field_int(e, "world_size", &group);
		if (ev_field(e, "missing_ranks", &b))
			ranks_from_list(&k->stuck, &k->nstuck, &k->capstuck, b.ptr);
		else if (ev_field(e, "error", &b))
			fr_culprits(k, b.ptr, group);
		evidence_add(c, &k->evidence, e);
	}
	fl_buf_release(&b);
	return 0;
}

/* ---- c10d's last enqueued / last completed work, across ranks ---- */

/* One rank's "last enqueued NCCL work: E, last completed NCCL work: C"
 * in one process group. */
struct progress {
	const char *pg; /* interned */
	int64_t rank, enqueued, completed;
	const struct ev *e;
};

static int cmp_progress(const void *x, const void *y)
{
	const struct progress *a = x, *b = y;
	int k = cmp_nullable(a->pg, b->pg);
	return k ? k : (a->rank > b->rank) - (a->rank < b->rank);
}

static struct progress *progress_lines(struct ctx *c, size_t *n)
{
	struct progress *v = NULL;
	size_t cap = 0;
	struct fl_buf b = FL_BUF_INIT;
	*n = 0;
	for (size_t i = 0; i < c->nev; i++) {
		const struct ev *e = &c->ev[i];
		struct progress p = { .rank = e->rank, .e = e };
		if (e->rank < 0 ||
		    (strcmp(e->kind, "torch.watchdog_summary") && strcmp(e->kind, "torch.dump_signal")) ||
		    !ev_field_int(e, "last_enqueued", &p.enqueued) ||
		    !ev_field_int(e, "last_completed", &p.completed))
			continue;
		p.pg = pg_intern(c, e, &b);
		FL_GROW(v, cap, *n + 1);
		v[(*n)++] = p;
	}
	fl_buf_release(&b);
	if (*n)
		qsort(v, *n, sizeof(*v), cmp_progress);
	/* a rank counts once per group, at its lowest numbers */
	size_t k = 0;
	for (size_t i = 0; i < *n; i++) {
		if (k && v[k - 1].rank == v[i].rank && !cmp_nullable(v[k - 1].pg, v[i].pg)) {
			if (v[i].enqueued < v[k - 1].enqueued)
				v[k - 1].enqueued = v[i].enqueued;
			if (v[i].completed < v[k - 1].completed)
				v[k - 1].completed = v[i].completed;
			continue;
		}
		v[k++] = v[i];
	}
	*n = k;
	return v;
}

/* The process group [*from, *to) with the most ranks reporting. */
static void busiest_pg(const struct progress *v, size_t n, size_t *from, size_t *to)
{
	*from = *to = 0;
	for (size_t i = 0, j; i < n; i = j) {
		for (j = i + 1; j < n && !cmp_nullable(v[i].pg, v[j].pg); j++)
			;
		if (j - i > *to - *from) {
			*from = i;
			*to = j;
		}
	}
}

/* Ranks of a process group state how far they got: the watchdog's
 * summary on a rank that timed out, and the dump signal every rank logs
 * when another one timed out ("Last enqueued NCCL work: E, last
 * completed NCCL work: C"), the stuck rank included. The hang point is
 * the work after the furthest last completed one; a rank whose last
 * enqueued work is below it never launched it, and one whose last
 * completed work is further behind is stuck in an earlier one; the
 * others wait there. */
/* A rank's work count includes its point-to-point calls, which differ
 * from rank to rank: when a timed-out work is a SEND or RECV, the numbers
 * cannot be compared across ranks. */
static bool p2p_timeouts(const struct ctx *c)
{
	struct fl_buf b = FL_BUF_INIT;
	bool any = false;
	for (size_t i = 0; i < c->nev && !any; i++)
		any = hang_watchdog_line(&c->ev[i]) && ev_field(&c->ev[i], "op", &b) &&
		      (!strcmp(b.ptr, "SEND") || !strcmp(b.ptr, "RECV"));
	fl_buf_release(&b);
	return any;
}

static int enqueued_hang(struct ctx *c, struct hang_cand *k)
{
	if (p2p_timeouts(c))
		return 0;
	size_t n, from, to;
	struct progress *v = progress_lines(c, &n);
	busiest_pg(v, n, &from, &to);
	int64_t top = -1;
	for (size_t i = from; i < to; i++)
		if (v[i].completed + 1 > top)
			top = v[i].completed + 1;
	bool ranks = to - from >= 2 && v[from].rank != v[to - 1].rank;
	for (size_t i = from; ranks && i < to; i++) {
		if (v[i].enqueued < top || v[i].completed + 1 < top)
			hang_cand_stuck(k, v[i].rank);
		else
			hang_cand_waiting(k, v[i].rank);
		if (k->evidence.n < 6)
			evidence_add(c, &k->evidence, v[i].e);
	}
	/* a group in which every rank completed all it enqueued has nothing
	 * outstanding: no rank waits in the work after, so it is not where
	 * the job hung (the timed-out collective is another group's) */
	if (ranks && k->nstuck && k->nwaiting) {
		k->found = true;
		k->seq = top;
		k->process_group = v[from].pg ? fl_xstrdup(v[from].pg) : NULL;
	}
	free(v);
	return 0;
}

/* torch's Flight Recorder dump signal "due to a collective timeout": a
 * rank's watchdog timed out, though no timeout line of it is in the
 * bundle (a paste, a wrapped line). From this local rank, the work after
 * its last completed one is the one that timed out (c10d completes a
 * group's works in order); the rank waited in it. */
static int dump_signal_hang(struct ctx *c, struct hang_cand *k)
{
	struct fl_buf b = FL_BUF_INIT;
	for (size_t i = 0; i < c->nev; i++) {
		const struct ev *e = &c->ev[i];
		int64_t done;
		if (strcmp(e->kind, "torch.dump_signal") || !ev_field(e, "timeout_from", &b))
			continue;
		k->found = true;
		bool self = !strcmp(b.ptr, "this local rank");
		if (self && k->seq < 0 && ev_field_int(e, "last_completed", &done)) {
			k->seq = done + 1;
			const char *pg = pg_intern(c, e, &b);
			k->process_group = pg ? fl_xstrdup(pg) : NULL;
		}
		if (self)
			hang_cand_waiting(k, e->rank);
		if (k->evidence.n < 4)
			evidence_add(c, &k->evidence, e);
	}
	fl_buf_release(&b);
	return 0;
}

/* The heartbeat monitor saw the watchdog itself stuck: a hang, place
 * unknown. */
static int heartbeat_hang(struct ctx *c, struct hang_cand *k)
{
	for (size_t i = 0; i < c->nev; i++) {
		if (!strcmp(c->ev[i].kind, "torch.heartbeat")) {
			k->found = true;
			evidence_add(c, &k->evidence, &c->ev[i]);
			return 0;
		}
	}
	return 0;
}

/* ---- point-to-point calls that were never matched ---- */

/* Send / Recv calls between one sender and one receiver, as one side
 * counted them; ev indexes the last call's line. */
struct p2p_calls {
	int64_t sender, receiver, n;
	bool send;
	size_t ev;
};

static int cmp_p2p(const void *x, const void *y)
{
	const struct p2p_calls *a = x, *b = y;
	if (a->sender != b->sender)
		return a->sender < b->sender ? -1 : 1;
	return (a->receiver > b->receiver) - (a->receiver < b->receiver);
}

/* A pair whose sends and receives differ in number: the side that
 * posted more waits for the other. */
struct p2p_open {
	int64_t waits, never; /* the end that posted, the end that did not */
	bool send_waits;
	size_t ev[2];         /* the waiting end's last call, then the other's */
};

/* The pairs of v (sorted) whose counts differ. */
static struct p2p_open *p2p_open_pairs(const struct p2p_calls *v, size_t n, size_t *nopen)
{
	struct p2p_open *o = NULL;
	size_t cap = 0;
	*nopen = 0;
	for (size_t i = 0, j; i < n; i = j) {
		int64_t sends = 0, recvs = 0;
		size_t ev_send = SIZE_MAX, ev_recv = SIZE_MAX;
		for (j = i; j < n && !cmp_p2p(&v[i], &v[j]); j++) {
			*(v[j].send ? &sends : &recvs) += v[j].n;
			*(v[j].send ? &ev_send : &ev_recv) = v[j].ev;
		}
		if (sends == recvs)
			continue;
		bool sw = sends > recvs;
		FL_GROW(o, cap, *nopen + 1);
		o[(*nopen)++] = (struct p2p_open){ .waits = sw ? v[i].sender : v[i].receiver,
						   .never = sw ? v[i].receiver : v[i].sender,
						   .send_waits = sw,
						   .ev = { sw ? ev_send : ev_recv, sw ? ev_recv : ev_send } };
	}
	return o;
}

/* Unmatched pairs chain: a rank blocked in its own send leaves the recv
 * its upstream peer posted unmatched too. The stuck ranks are the ends
 * that never posted and wait for nothing themselves; the first pair with
 * such an end gives the hang point's two ends. */
static void p2p_unmatched(struct hang_cand *k, const struct p2p_calls *v, size_t n,
			  const struct fl_evidence_list *lines)
{
	size_t no;
	struct p2p_open *o = p2p_open_pairs(v, n, &no);
	for (size_t i = 0; i < no; i++)
		hang_cand_waiting(k, o[i].waits);
	rank_set_finish(k->waiting, &k->nwaiting);
	for (size_t i = 0; i < no; i++)
		if (!has_rank(k->waiting, k->nwaiting, o[i].never))
			hang_cand_stuck(k, o[i].never);
	rank_set_finish(k->stuck, &k->nstuck);
	for (size_t i = 0; i < no && !k->found; i++) {
		if (k->nstuck && !has_rank(k->stuck, k->nstuck, o[i].never))
			continue;
		k->found = true;
		k->collective = fl_xstrdup(o[i].send_waits ? "SEND" : "RECV");
		k->p2p_sender = o[i].send_waits ? o[i].waits : o[i].never;
		k->p2p_receiver = o[i].send_waits ? o[i].never : o[i].waits;
		for (size_t e = 0; e < 2; e++)
			if (o[i].ev[e] < lines->n) {
				const struct fl_evidence *x = &lines->v[o[i].ev[e]];
				evidence_add_raw(&k->evidence, x->file, x->line, x->rank, x->host, x->ts, x->text);
			}
	}
	free(o);
}

/* NCCL's COLL traces (NCCL_DEBUG_SUBSYS=COLL) name the peer of every Send
 * and Recv (pipeline/nccl.c keeps them per peer in colls); a send that
 * its receiver never posted (or a receive its sender never sent) is a
 * point-to-point hang, pipeline parallelism's usual one, with both ends
 * known. One statement (Q_P2P_CALLS) counts the calls per rank and
 * peer. */
static int p2p_hang(struct ctx *c, struct hang_cand *k)
{
	struct fl_stmt *st;
	int rc = q_open(c, Q_P2P_CALLS, &st);
	if (rc)
		return rc;
	struct p2p_calls *v = NULL;
	size_t n = 0, cap = 0;
	struct fl_evidence_list lines = { 0 };
	while ((rc = q_step(c, Q_P2P_CALLS, st)) == 1) {
		int64_t rank = fl_stmt_int(st, 0), peer = fl_stmt_int(st, 2);
		bool send = !strcmp(fl_stmt_text(st, 1), "Send");
		FL_GROW(v, cap, n + 1);
		v[n++] = (struct p2p_calls){ .sender = send ? rank : peer, .receiver = send ? peer : rank,
					     .n = fl_stmt_int(st, 3), .send = send, .ev = lines.n };
		const char *host = fl_stmt_null(st, 6) ? rank_host(c, rank) : fl_stmt_text(st, 6);
		int64_t ts = fl_stmt_null(st, 7) ? FL_TIME_NONE : fl_stmt_int(st, 7);
		evidence_add_raw(&lines, fl_stmt_null(st, 4) ? NULL : fl_stmt_text(st, 4),
				 col_int(st, 5, 1), rank, host, clock_correct(c, host, ts),
				 fl_stmt_null(st, 8) ? NULL : fl_stmt_text(st, 8));
	}
	fl_stmt_free(st);
	if (!rc && n) {
		qsort(v, n, sizeof(*v), cmp_p2p);
		p2p_unmatched(k, v, n, &lines);
	}
	free(v);
	evidence_release(&lines);
	return rc < 0 ? rc : 0;
}

/* ---- choosing among the sources ---- */

/* The sources, most specific first: Flight Recorder dumps that show who
 * diverged (a rank that never joined, or called another collective, size
 * or dtype: fr.c) compare every rank's own record; a report that
 * compared every rank's progress (torch's desync debug, NCCL's RAS) knows
 * who is behind; NCCL's traces of point-to-point calls know both ends of
 * an unmatched one; so do the ranks' own last enqueued/completed numbers,
 * when one of them is behind (it found no hang otherwise), though not in
 * what collective; the watchdogs know where the others waited, and who is
 * behind only by absence; dumps that show only an unfinished collective
 * come after those. A fallback (communicator set-up that never finished,
 * a dump signal sent on a timeout, the heartbeat monitor) decides only
 * when no other source found a hang,
 * and never counts as a conflict. */
static const struct hang_source {
	const char *name;
	int (*find)(struct ctx *c, struct hang_cand *k);
	bool fallback;
} SOURCES[] = {
	{ "flight_recorder", fr_hang_diverged, false },
	{ "flight_recorder_report", fr_report_hang, false },
	{ "desync_debug", desync_hang, false },
	{ "monitored_barrier", monitored_barrier_hang, false },
	{ "nccl_ras", ras_hang, false },
	{ "p2p_trace", p2p_hang, false },
	{ "enqueued_completed", enqueued_hang, false },
	{ "watchdog", watchdog_hang, false },
	{ "flight_recorder", fr_hang_unfinished, false },
	{ "nccl_init", init_hang, true },
	{ "dump_signal", dump_signal_hang, true },
	{ "heartbeat", heartbeat_hang, true },
};
#define NSOURCES (sizeof(SOURCES) / sizeof(SOURCES[0]))

static void cand_release(struct hang_cand *k)
{
	free(k->collective);
	free(k->process_group);
	free(k->stuck);
	free(k->waiting);
	hang_mismatch_release(&k->mismatch);
	evidence_release(&k->evidence);
}

static bool names_point(const struct hang_cand *k)
{
	return k->collective || k->nstuck;
}

/* The deciding candidate: the first that names where, else the first
 * found; NSOURCES when none. */
static size_t decide(const struct hang_cand *k)
{
	size_t any = NSOURCES;
	for (size_t i = 0; i < NSOURCES; i++) {
		if (!k[i].found)
			continue;
		if (names_point(&k[i]) && (!SOURCES[i].fallback || any == NSOURCES))
			return i;
		if (any == NSOURCES)
			any = i;
	}
	return any;
}

/* Two views of the stuck ranks disagree when one calls stuck a rank the
 * other saw waiting, or when neither set holds the other (a source that
 * sees fewer ranks names fewer: that alone is no disagreement). */
static bool stuck_differ(const struct hang_cand *d, const struct hang_cand *k)
{
	if (!d->nstuck || !k->nstuck)
		return false;
	if (overlap(d->stuck, d->nstuck, k->waiting, k->nwaiting) ||
	    overlap(k->stuck, k->nstuck, d->waiting, d->nwaiting))
		return true;
	return !subset(d->stuck, d->nstuck, k->stuck, k->nstuck) &&
	       !subset(k->stuck, k->nstuck, d->stuck, d->nstuck);
}

static void conflict_add(struct fl_hang *h, const char *source, const char *field, char *value)
{
	h->conflicts = fl_xrealloc(h->conflicts, (h->nconflicts + 1) * sizeof(*h->conflicts));
	struct fl_hang_conflict *x = &h->conflicts[h->nconflicts++];
	x->source = fl_xstrdup(source);
	x->field = fl_xstrdup(field);
	x->value = value;
}

static char *rank_list(const int64_t *v, size_t n)
{
	struct fl_buf b = FL_BUF_INIT;
	for (size_t i = 0; i < n && i < 16; i++)
		fl_buf_printf(&b, "%s%lld", i ? "," : "", (long long)v[i]);
	if (n > 16)
		fl_buf_printf(&b, ",... (%zu ranks)", n);
	return fl_buf_detach(&b);
}

/* Where candidate k of another source disagrees with the deciding d. The
 * seq is compared only in the same count (c10d work or NCCL launches) and
 * collective. */
static void conflicts(struct fl_hang *h, const struct hang_cand *d, const struct hang_cand *k,
		      const char *source)
{
	bool op_differs = d->collective && k->collective && !same_op(d->collective, k->collective);
	if (op_differs)
		conflict_add(h, source, "collective", fl_xstrdup(k->collective));
	if (!op_differs && d->seq >= 0 && k->seq >= 0 && d->seq_is_opcount == k->seq_is_opcount &&
	    d->seq != k->seq)
		conflict_add(h, source, "seq", fl_xasprintf("%lld", (long long)k->seq));
	if (d->process_group && k->process_group && strcmp(d->process_group, k->process_group))
		conflict_add(h, source, "process_group", fl_xstrdup(k->process_group));
	if (stuck_differ(d, k))
		conflict_add(h, source, "stuck_ranks", rank_list(k->stuck, k->nstuck));
}

/* Whether k speaks of the same collective as d: the same name, or, when
 * d does not know it, the same seq in the same count; when d has no seq
 * to compare either (ncclras: INCOMPLETE, or NCCL 2.24-2.25's one count
 * over every collective), the same stuck ranks. */
static bool same_point(const struct hang_cand *d, const struct hang_cand *k)
{
	if (d->collective)
		return k->collective && same_op(d->collective, k->collective);
	if (d->seq >= 0 && d->seq_is_opcount == k->seq_is_opcount)
		return d->seq == k->seq;
	return d->nstuck && d->nstuck == k->nstuck && subset(d->stuck, d->nstuck, k->stuck, k->nstuck);
}

/* Another source that names the same collective fills what the deciding
 * one does not know: the collective's name (c10d's in place of NCCL's),
 * its process group and
 * timeout, a c10d seq in place of an NCCL launch count, the ranks it saw
 * waiting, stuck ranks when it has none. */
static void fill_in(struct hang_cand *d, struct hang_cand *k)
{
	if (!same_point(d, k))
		return;
	/* c10d's name of the collective (_ALLGATHER_BASE) is the report's:
	 * it replaces NCCL's (RAS's AllGather) */
	if (k->collective && (!d->collective || (d->seq_is_opcount && !k->seq_is_opcount))) {
		free(d->collective);
		d->collective = k->collective;
		k->collective = NULL;
	}
	if (!d->process_group && k->process_group) {
		d->process_group = k->process_group;
		k->process_group = NULL;
	}
	if (d->timeout_ms < 0)
		d->timeout_ms = k->timeout_ms;
	if (d->p2p_sender < 0) {
		d->p2p_sender = k->p2p_sender;
		d->p2p_receiver = k->p2p_receiver;
	}
	if ((d->seq < 0 || d->seq_is_opcount) && k->seq >= 0 && !k->seq_is_opcount) {
		d->seq = k->seq;
		d->seq_is_opcount = false;
	}
	/* the ranks it saw waiting wait here too, unless d calls them stuck */
	for (size_t i = 0; i < k->nwaiting; i++)
		if (!has_rank(d->stuck, d->nstuck, k->waiting[i]))
			hang_cand_waiting(d, k->waiting[i]);
	rank_set_finish(d->waiting, &d->nwaiting);
	if (!d->mismatch.op && k->mismatch.op) {
		hang_mismatch_release(&d->mismatch);
		d->mismatch = k->mismatch;
		memset(&k->mismatch, 0, sizeof(k->mismatch));
	}
	if (!d->nstuck && k->nstuck) {
		free(d->stuck);
		d->stuck = k->stuck;
		d->nstuck = k->nstuck;
		d->capstuck = k->capstuck;
		k->stuck = NULL;
		k->nstuck = k->capstuck = 0;
	}
}

/* The deciding candidate becomes the hang point; its waiting ranks are the
 * ones that reported waiting. */
static void adopt(struct ctx *c, struct hang_cand *d, const char *source)
{
	struct fl_hang *h = &c->a->hang;
	h->set = true;
	h->source = fl_xstrdup(source);
	h->collective = d->collective;
	h->process_group = d->process_group;
	h->seq = d->seq;
	h->timeout_ms = d->timeout_ms;
	h->p2p_sender = d->p2p_sender;
	h->p2p_receiver = d->p2p_receiver;
	h->stuck = d->stuck;
	h->nstuck = d->nstuck;
	h->evidence = d->evidence;
	c->waiting = d->waiting;
	c->nwaiting = d->nwaiting;
	c->hang_in_init = d->in_init;
	c->mismatch = d->mismatch;
	rank_set_finish(c->mismatch.ranks, &c->mismatch.n);
	memset(d, 0, sizeof(*d));
}

/* Flight Recorder dumps that show a rank calling another collective say
 * what a deciding source's lines did not. */
static void mismatch_from_dumps(struct ctx *c)
{
	const struct fl_hang *h = &c->a->hang;
	struct hang_mismatch *m = &c->mismatch;
	if (m->op || !h->mismatch || strcmp(h->mismatch, "collective_type") ||
	    h->diverging.rank < 0 || !h->diverging.collective || h->majority.rank < 0 ||
	    !h->majority.collective)
		return;
	mismatch_set(m, h->diverging.collective, NULL, h->majority.rank, h->majority.collective, NULL);
	push_rank(&m->ranks, &m->n, &m->cap, h->diverging.rank);
}

int hang_analyze(struct ctx *c)
{
	struct hang_cand k[NSOURCES];
	int rc = 0;
	for (size_t i = 0; i < NSOURCES; i++) {
		memset(&k[i], 0, sizeof(k[i]));
		k[i].seq = k[i].timeout_ms = k[i].p2p_sender = k[i].p2p_receiver = -1;
		if (!rc)
			rc = SOURCES[i].find(c, &k[i]);
		rank_set_finish(k[i].stuck, &k[i].nstuck);
		rank_set_finish(k[i].waiting, &k[i].nwaiting);
	}
	size_t d = rc ? NSOURCES : decide(k);
	for (size_t i = 0; d < NSOURCES && i < NSOURCES; i++)
		if (i != d && k[i].found && !SOURCES[i].fallback)
			fill_in(&k[d], &k[i]);
	for (size_t i = 0; d < NSOURCES && i < NSOURCES; i++)
		if (i != d && k[i].found && !SOURCES[i].fallback && !SOURCES[d].fallback)
			conflicts(&c->a->hang, &k[d], &k[i], SOURCES[i].name);
	if (d < NSOURCES) {
		adopt(c, &k[d], SOURCES[d].name);
		mismatch_from_dumps(c);
	}
	for (size_t i = 0; i < NSOURCES; i++)
		cand_release(&k[i]);
	if (!rc && c->a->hang.set && c->a->hang.nstuck == 0)
		rc = coll_laggards(c);
	return rc;
}
