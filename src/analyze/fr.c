/* SPDX-License-Identifier: MIT */
/*
 * fr.c - the hang point from Flight Recorder dumps, matched across ranks.
 *
 * Each rank's dump is a ring buffer of its recent collectives. As
 * PyTorch's fr_trace does, entries are matched per process group (its
 * name and its members as the entry's own dump's pg_config states them:
 * split groups of different ranks can share a name) and
 * sequence number (collective_seq_id; P2P ones by their send/recv
 * pairs), not by record_id, which lines up only in symmetric jobs: ring
 * buffers that were truncated at different points still align. A rank
 * is expected at seq S only if its buffer reaches back to S; one whose
 * newest entry in the group is older than S never joined it. A rank
 * whose buffer holds nothing of the group (other groups' entries filled
 * it) never joined S if its pg_status says its last enqueued collective
 * there is older.
 *
 * Per group, the first sequence number where something is off wins:
 *   1. the ops differ (collective_type), then the sizes (size), then the
 *      dtypes (dtype): the ranks against the majority diverged;
 *   2. some entry there is not completed, and some rank expected there
 *      never joined (not_joined): those ranks are stuck;
 *   3. some completed it and some did not, or nobody did but some GPUs
 *      started it while others have it only queued (state): the
 *      unfinished, or the queued, ranks are stuck;
 *   4. nobody completed it (not_completed): the group's ranks that left
 *      no dump are the suspects.
 * Across groups, classes 1-2 before 3-4, then the earliest entry. Ranks
 * that wrote no dump (SIGKILL, OOM) are named. The point is offered to
 * hang.c as a source's candidate: first of all sources for classes 1-2,
 * after the logs' own sources for classes 3-4, so that the dumps decide
 * where they name who diverged and otherwise fill in or disagree. One
 * query loads the entries sorted, one walk matches them, once.
 * Tested by: tests/e2e (scenarios 40-44, test_frdump.c), tests/unit/test_sql.c
 */
#include "analyze_int.h"

#include <stdlib.h>
#include <string.h>

struct fr_ent {
	int64_t rank, seq, t_ns, timeout, idx;
	bool p2p;
	char *pg, *desc, *name, *state, *isz, *idt, *osz, *odt, *frames, *file;
	char *members; /* the group's ranks as its dump's pg_config writes them */
};

struct fr_pg {
	char *name, *members; /* members: the ranks as written, "[0, 1]" */
	int64_t *ranks; /* sorted; NULL: pg_config did not say */
	size_t n;
};

/* A rank's last enqueued collective in a group, from its pg_status. */
struct fr_status {
	int64_t rank, last_enqueued;
	char *pg, *members;
};

struct fr {
	struct fr_ent *e;
	size_t n;
	struct fr_status *st;
	size_t nst;
	int64_t *dumped; /* ranks with a dump, sorted */
	size_t ndumped;
	struct fr_pg *pgs;
	size_t npgs;
	const struct fr_ent **last; /* per dumped rank, its newest entry */
};

/* The class of a candidate and what backs it. */
enum fr_class { FR_TYPE, FR_SIZE, FR_DTYPE, FR_NOT_JOINED, FR_STATE, FR_NOT_COMPLETED };
static const char *const CLASS_NAME[] = { "collective_type", "size",  "dtype",
					  "not_joined",      "state", "not_completed" };

struct fr_cand {
	bool set;
	enum fr_class cls;
	const struct fr_ent *at;       /* a majority entry of the point */
	const struct fr_ent *diverged; /* the first diverging rank's entry */
	int64_t *stuck;
	size_t nstuck, cap;
	int64_t *waiting; /* ranks that reached the point and wait in it */
	size_t nwaiting, wcap;
};

static int cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
	return x < y ? -1 : x > y;
}

static bool in_set(const int64_t *v, size_t n, int64_t r)
{
	return n && bsearch(&r, v, n, sizeof(*v), cmp_i64);
}

static bool eq(const char *a, const char *b)
{
	return (!a && !b) || (a && b && !strcmp(a, b));
}

/* ---- loading ---- */

/* "[0, 1, 2]" -> sorted ranks */
static void parse_ranks(const char *s, struct fr_pg *g)
{
	size_t cap = 0;
	while (s && *s) {
		if (*s >= '0' && *s <= '9') {
			char *end;
			long long r = strtoll(s, &end, 10);
			FL_GROW(g->ranks, cap, g->n + 1);
			g->ranks[g->n++] = r;
			s = end;
		} else {
			s++;
		}
	}
	if (g->n)
		qsort(g->ranks, g->n, sizeof(*g->ranks), cmp_i64);
}

static int load_dumps(struct ctx *c, struct fr *f)
{
	struct fl_stmt *st;
	int rc = q_open(c, Q_FR_DUMPS, &st);
	size_t cap = 0;
	while (!rc && (rc = q_step(c, Q_FR_DUMPS, st)) == 1) {
		FL_GROW(f->dumped, cap, f->ndumped + 1);
		f->dumped[f->ndumped++] = fl_stmt_int(st, 0);
		rc = 0;
	}
	fl_stmt_free(st);
	if (rc >= 0 && f->ndumped) {
		size_t k = 1;
		for (size_t i = 1; i < f->ndumped; i++)
			if (f->dumped[i] != f->dumped[k - 1])
				f->dumped[k++] = f->dumped[i];
		f->ndumped = k;
	}
	return rc < 0 ? rc : 0;
}

static int load_pgs(struct ctx *c, struct fr *f)
{
	struct fl_stmt *st;
	int rc = q_open(c, Q_FR_PGS, &st);
	size_t cap = 0;
	while (!rc && (rc = q_step(c, Q_FR_PGS, st)) == 1) {
		FL_GROW(f->pgs, cap, f->npgs + 1);
		struct fr_pg *g = &f->pgs[f->npgs++];
		memset(g, 0, sizeof(*g));
		g->name = fl_xstrdup(fl_stmt_text(st, 0));
		g->members = dup_or_null(st, 1);
		parse_ranks(g->members, g);
		rc = 0;
	}
	fl_stmt_free(st);
	return rc < 0 ? rc : 0;
}

static int load_status(struct ctx *c, struct fr *f)
{
	struct fl_stmt *st;
	int rc = q_open(c, Q_FR_STATUS, &st);
	size_t cap = 0;
	while (!rc && (rc = q_step(c, Q_FR_STATUS, st)) == 1) {
		FL_GROW(f->st, cap, f->nst + 1);
		struct fr_status *s = &f->st[f->nst++];
		s->rank = fl_stmt_int(st, 0);
		s->pg = dup_or_null(st, 1);
		s->members = dup_or_null(st, 2);
		s->last_enqueued = fl_stmt_int(st, 3);
		rc = 0;
	}
	fl_stmt_free(st);
	return rc < 0 ? rc : 0;
}

/* The last collective seq rank r enqueued in e's group; -1: unknown. */
static int64_t last_enqueued(const struct fr *f, int64_t r, const struct fr_ent *e)
{
	for (size_t i = 0; i < f->nst; i++)
		if (f->st[i].rank == r && eq(f->st[i].pg, e->pg) &&
		    (!e->members || eq(f->st[i].members, e->members)))
			return f->st[i].last_enqueued;
	return -1;
}

static size_t dumped_at(const struct fr *f, int64_t rank)
{
	const int64_t *p = bsearch(&rank, f->dumped, f->ndumped, sizeof(*p), cmp_i64);
	return p ? (size_t)(p - f->dumped) : SIZE_MAX;
}

static void ent_row(struct fr_ent *e, struct fl_stmt *st)
{
	e->rank = fl_stmt_int(st, 0);
	e->pg = dup_or_null(st, 1);
	e->desc = dup_or_null(st, 2);
	e->p2p = col_int(st, 3, 0) == 1;
	e->seq = fl_stmt_int(st, 4);
	e->name = dup_or_null(st, 5);
	e->state = dup_or_null(st, 6);
	e->isz = dup_or_null(st, 7);
	e->idt = dup_or_null(st, 8);
	e->osz = dup_or_null(st, 9);
	e->odt = dup_or_null(st, 10);
	e->t_ns = col_int(st, 11, -1);
	e->timeout = col_int(st, 12, -1);
	e->frames = dup_or_null(st, 13);
	e->file = dup_or_null(st, 14);
	e->idx = fl_stmt_int(st, 15);
	e->members = dup_or_null(st, 16);
}

static int load_entries(struct ctx *c, struct fr *f)
{
	struct fl_stmt *st;
	int rc = q_open(c, Q_FR_ENTRIES, &st);
	size_t cap = 0;
	while (!rc && (rc = q_step(c, Q_FR_ENTRIES, st)) == 1) {
		FL_GROW(f->e, cap, f->n + 1);
		ent_row(&f->e[f->n++], st);
		rc = 0;
	}
	fl_stmt_free(st);
	if (rc < 0)
		return rc;
	/* each dumped rank's newest entry: where it was when it stopped */
	f->last = fl_xcalloc(f->ndumped + 1, sizeof(*f->last));
	for (size_t i = 0; i < f->n; i++) {
		size_t k = dumped_at(f, f->e[i].rank);
		if (k != SIZE_MAX && (!f->last[k] || f->e[i].t_ns > f->last[k]->t_ns))
			f->last[k] = &f->e[i];
	}
	return 0;
}

static void fr_free(struct fr *f)
{
	for (size_t i = 0; i < f->n; i++) {
		struct fr_ent *e = &f->e[i];
		char *s[] = { e->pg,  e->desc, e->name,   e->state, e->isz,    e->idt,
			      e->osz, e->odt,  e->frames, e->file,  e->members };
		for (size_t k = 0; k < sizeof(s) / sizeof(*s); k++)
			free(s[k]);
	}
	for (size_t i = 0; i < f->nst; i++) {
		free(f->st[i].pg);
		free(f->st[i].members);
	}
	free(f->st);
	for (size_t i = 0; i < f->npgs; i++) {
		free(f->pgs[i].name);
		free(f->pgs[i].members);
		free(f->pgs[i].ranks);
	}
	free(f->e);
	free(f->dumped);
	free(f->pgs);
	free(f->last);
}

/* ---- names ---- */

/* The OpType c10d's works print for an op's name: the backend's (a Flight
 * Recorder entry's "nccl:all_reduce") or the Python function's
 * (distributed_c10d.py's all_gather_into_tensor, a gloo timeout's frame,
 * hang.c). NULL for a name not in the table. */
const char *c10d_op(const char *name, size_t n)
{
	static const char *const map[][2] = {
		{ "all_reduce", "ALLREDUCE" },	 { "allreduce", "ALLREDUCE" },
		{ "all_gather", "ALLGATHER" },	 { "allgather", "ALLGATHER" },
		{ "_all_gather_base", "_ALLGATHER_BASE" },
		{ "all_gather_into_tensor", "_ALLGATHER_BASE" },
		{ "all_gather_into_tensor_coalesced", "COALESCED" },
		{ "reduce_scatter", "REDUCE_SCATTER" },
		{ "_reduce_scatter_base", "_REDUCE_SCATTER_BASE" },
		{ "reduce_scatter_tensor", "_REDUCE_SCATTER_BASE" },
		{ "reduce_scatter_tensor_coalesced", "COALESCED" },
		{ "all_to_all", "ALLTOALL" },	 { "alltoall_base", "ALLTOALL_BASE" },
		{ "all_to_all_single", "ALLTOALL_BASE" },
		{ "allreduce_coalesced", "ALLREDUCE_COALESCED" },
		{ "broadcast", "BROADCAST" },	 { "reduce", "REDUCE" },
		{ "gather", "GATHER" },		 { "scatter", "SCATTER" },
		{ "barrier", "BARRIER" },	 { "send", "SEND" },
		{ "recv", "RECV" },		 { "coalesced", "COALESCED" },
	};
	for (size_t i = 0; i < sizeof(map) / sizeof(*map); i++)
		if (strlen(map[i][0]) == n && !strncmp(name, map[i][0], n))
			return map[i][1];
	return NULL;
}

/* "nccl:all_reduce" -> "ALLREDUCE"; a name not in c10d_op()'s table in
 * upper case. */
char *fr_c10d_name(const char *profiling_name)
{
	if (!profiling_name)
		return NULL;
	const char *op = strchr(profiling_name, ':');
	op = op ? op + 1 : profiling_name;
	size_t n = strcspn(op, " ");
	const char *known = c10d_op(op, n);
	if (known)
		return fl_xstrdup(known);
	char *up = fl_xstrndup(op, n);
	for (char *p = up; *p; p++)
		if (*p >= 'a' && *p <= 'z')
			*p = (char)(*p - 'a' + 'A');
	return up;
}

/* ---- matching ---- */

/* The group of an entry: its name and, where its dump's pg_config
 * states them, its members. */
static const struct fr_pg *pg_of(const struct fr *f, const struct fr_ent *e)
{
	for (size_t i = 0; i < f->npgs; i++)
		if (!strcmp(f->pgs[i].name, e->pg) && (!e->members || eq(f->pgs[i].members, e->members)))
			return &f->pgs[i];
	return NULL;
}

static bool same_group(const struct fr_ent *a, const struct fr_ent *b)
{
	return !strcmp(a->pg, b->pg) && eq(a->members, b->members) && a->p2p == b->p2p;
}

static bool state_is(const struct fr_ent *e, const char *s)
{
	return e->state && !strcmp(e->state, s);
}

static bool completed(const struct fr_ent *e)
{
	return state_is(e, "completed");
}

static bool in_unsorted(const int64_t *v, size_t n, int64_t r)
{
	for (size_t i = 0; i < n; i++)
		if (v[i] == r)
			return true;
	return false;
}

static void stuck_add(struct fr_cand *k, int64_t r)
{
	FL_GROW(k->stuck, k->cap, k->nstuck + 1);
	k->stuck[k->nstuck++] = r;
}

/* The present ranks whose entry at the point is not completed and, when
 * like is set, agrees with it in fn: they wait in it. */
typedef const char *(*field_fn)(const struct fr_ent *);
static void waiting_add(struct fr_cand *k, const struct fr_ent *const *p, size_t n,
			const struct fr_ent *like, field_fn fn)
{
	for (size_t i = 0; i < n; i++) {
		if (completed(p[i]) || (like && !eq(fn(p[i]), fn(like))))
			continue;
		FL_GROW(k->waiting, k->wcap, k->nwaiting + 1);
		k->waiting[k->nwaiting++] = p[i]->rank;
	}
}

/* The majority of the present entries by one field (Boyer-Moore vote). */
static const char *f_name(const struct fr_ent *e) { return e->name; }
static const char *f_isz(const struct fr_ent *e) { return e->isz; }
static const char *f_osz(const struct fr_ent *e) { return e->osz; }
static const char *f_idt(const struct fr_ent *e) { return e->idt; }
static const char *f_odt(const struct fr_ent *e) { return e->odt; }

static const struct fr_ent *majority(const struct fr_ent *const *p, size_t n, field_fn fn)
{
	const struct fr_ent *m = NULL;
	size_t votes = 0;
	for (size_t i = 0; i < n; i++) {
		if (!votes)
			m = p[i], votes = 1;
		else
			votes += eq(fn(p[i]), fn(m)) ? 1 : (size_t)-1;
	}
	return m;
}

/* Ranks whose entry differs from the majority's in fn: true if any. */
static bool diverging(struct fr_cand *k, const struct fr_ent *const *p, size_t n, field_fn fn,
		      enum fr_class cls)
{
	const struct fr_ent *m = majority(p, n, fn);
	for (size_t i = 0; i < n; i++) {
		if (!eq(fn(p[i]), fn(m))) {
			if (!k->nstuck)
				k->diverged = p[i];
			stuck_add(k, p[i]->rank);
		}
	}
	if (!k->nstuck)
		return false;
	k->set = true;
	k->cls = cls;
	k->at = m;
	waiting_add(k, p, n, m, fn);
	return true;
}

/* Entries of one group at one seq: [from, to) of f->e, first per rank. */
struct seq_view {
	const struct fr_ent **p;
	size_t n, cap;
};

static void seq_view(const struct fr *f, size_t from, size_t to, struct seq_view *v)
{
	v->n = 0;
	for (size_t i = from; i < to; i++) {
		if (v->n && v->p[v->n - 1]->rank == f->e[i].rank)
			continue; /* a coalesced op of the same rank */
		FL_GROW(v->p, v->cap, v->n + 1);
		v->p[v->n++] = &f->e[i];
	}
}

/* The ranks of the group that wrote a dump, their oldest and newest seq
 * in it (ring buffers are cut at different points). */
struct span {
	int64_t lo, hi; /* lo > hi: no entry in this group */
};

static void spans(const struct fr *f, size_t from, size_t to, struct span *sp)
{
	for (size_t k = 0; k < f->ndumped; k++)
		sp[k] = (struct span){ INT64_MAX, INT64_MIN };
	for (size_t i = from; i < to; i++) {
		size_t k = dumped_at(f, f->e[i].rank);
		if (k == SIZE_MAX)
			continue;
		if (f->e[i].seq < sp[k].lo)
			sp[k].lo = f->e[i].seq;
		if (f->e[i].seq > sp[k].hi)
			sp[k].hi = f->e[i].seq;
	}
}

static bool member(const struct fr_pg *g, int64_t r)
{
	return !g || !g->n || in_set(g->ranks, g->n, r);
}

/* Classes 2-4 at one seq whose entries are not all completed. */
static void unfinished(const struct fr *f, const struct fr_pg *g, const struct span *sp,
		       const struct seq_view *v, struct fr_cand *k)
{
	int64_t seq = v->p[0]->seq;
	k->at = v->p[0];
	for (size_t i = 0; i < v->n; i++)
		if (!completed(v->p[i])) {
			k->at = v->p[i];
			break;
		}
	/* a member whose buffer reaches back to seq and ends before it, or
	 * whose pg_status says it never enqueued seq (its buffer may hold
	 * none of the group's entries: other groups filled it) */
	for (size_t d = 0; d < f->ndumped; d++) {
		if (!member(g, f->dumped[d]) || sp[d].hi >= seq)
			continue;
		int64_t enq = sp[d].lo <= seq ? -1 : last_enqueued(f, f->dumped[d], v->p[0]);
		if (sp[d].lo <= seq || (enq >= 0 && enq < seq))
			stuck_add(k, f->dumped[d]);
	}
	k->set = true;
	if (k->nstuck) {
		k->cls = FR_NOT_JOINED;
		waiting_add(k, v->p, v->n, NULL, NULL);
		size_t d = dumped_at(f, k->stuck[0]);
		k->diverged = d == SIZE_MAX ? NULL : f->last[d];
		return;
	}
	bool some_done = false, some_started = false, some_scheduled = false;
	for (size_t i = 0; i < v->n; i++) {
		some_done |= completed(v->p[i]);
		some_started |= state_is(v->p[i], "started");
		some_scheduled |= state_is(v->p[i], "scheduled");
	}
	/* Nobody finished, but some GPUs started the kernel and others have
	 * it only queued: those streams never reached it (busy in an earlier
	 * kernel), the started ones wait for them. "started" is seen only
	 * with timing on (TORCH_NCCL_ENABLE_TIMING), so without it every
	 * unfinished entry is "scheduled" and this does not arise. */
	bool lagging = !some_done && some_started && some_scheduled;
	k->cls = some_done || lagging ? FR_STATE : FR_NOT_COMPLETED;
	if (!some_done)
		waiting_add(k, v->p, v->n, NULL, NULL);
	for (size_t i = 0; (some_done || lagging) && i < v->n; i++)
		if (some_done ? !completed(v->p[i]) : state_is(v->p[i], "scheduled")) {
			if (!k->nstuck)
				k->diverged = v->p[i];
			stuck_add(k, v->p[i]->rank);
		}
	if (lagging) {
		/* the waiting ones are those that started */
		size_t w = 0;
		for (size_t i = 0; i < k->nwaiting; i++)
			if (!in_unsorted(k->stuck, k->nstuck, k->waiting[i]))
				k->waiting[w++] = k->waiting[i];
		k->nwaiting = w;
	}
	/* nobody finished: the members that left no dump are the suspects */
	for (size_t i = 0; !some_done && g && i < g->n; i++)
		if (!in_set(f->dumped, f->ndumped, g->ranks[i]))
			stuck_add(k, g->ranks[i]);
}

/* The first seq of collectives [from, to) (one group) where something
 * is off. */
static void match_group(const struct fr *f, size_t from, size_t to, struct seq_view *v,
			struct span *sp, struct fr_cand *k)
{
	const struct fr_pg *g = pg_of(f, &f->e[from]);
	spans(f, from, to, sp);
	for (size_t i = from; i < to && !k->set;) {
		size_t j = i;
		while (j < to && f->e[j].seq == f->e[i].seq)
			j++;
		seq_view(f, i, j, v);
		if (diverging(k, v->p, v->n, f_name, FR_TYPE) ||
		    diverging(k, v->p, v->n, f_isz, FR_SIZE) ||
		    diverging(k, v->p, v->n, f_osz, FR_SIZE) ||
		    diverging(k, v->p, v->n, f_idt, FR_DTYPE) || diverging(k, v->p, v->n, f_odt, FR_DTYPE))
			break;
		for (size_t x = 0; x < v->n; x++)
			if (!completed(v->p[x])) {
				unfinished(f, g, sp, v, k);
				break;
			}
		i = j;
	}
}

/* "nccl:send 0->1" / "nccl:recv 1<-0": the peer's group rank, -1. */
static int64_t p2p_peer(const char *name, bool *send)
{
	const char *arrow = name ? strstr(name, "->") : NULL;
	*send = arrow != NULL;
	if (!arrow)
		arrow = name ? strstr(name, "<-") : NULL;
	if (!arrow || arrow[2] < '0' || arrow[2] > '9')
		return -1;
	return strtoll(arrow + 2, NULL, 10);
}

/* P2P [from, to) of one group: the oldest unfinished send or recv whose
 * peer shows no unfinished counterpart never met it. */
static void match_p2p(const struct fr *f, size_t from, size_t to, struct fr_cand *k)
{
	const struct fr_pg *g = pg_of(f, &f->e[from]);
	const struct fr_ent *oldest = NULL;
	for (size_t i = from; i < to; i++)
		if (!completed(&f->e[i]) && (!oldest || f->e[i].t_ns < oldest->t_ns))
			oldest = &f->e[i];
	if (!oldest)
		return;
	bool send;
	int64_t peer = p2p_peer(oldest->name, &send);
	if (peer >= 0 && g && g->n)
		peer = (size_t)peer < g->n ? g->ranks[peer] : -1;
	k->set = true;
	k->at = oldest;
	k->cls = FR_NOT_COMPLETED;
	waiting_add(k, &oldest, 1, NULL, NULL);
	if (peer < 0)
		return;
	bool peer_waits = false;
	for (size_t i = from; i < to; i++) {
		bool s2;
		if (f->e[i].rank == peer && !completed(&f->e[i]) && p2p_peer(f->e[i].name, &s2) >= 0 &&
		    s2 != send)
			peer_waits = true;
	}
	if (!peer_waits) {
		k->cls = FR_NOT_JOINED;
		stuck_add(k, peer);
		size_t d = dumped_at(f, peer);
		k->diverged = d == SIZE_MAX ? NULL : f->last[d];
	}
}

static bool better(const struct fr_cand *a, const struct fr_cand *b)
{
	if (!b->set)
		return true;
	bool sa = a->cls <= FR_NOT_JOINED, sb = b->cls <= FR_NOT_JOINED;
	if (sa != sb)
		return sa;
	return a->at->t_ns < b->at->t_ns;
}

static void cand_release(struct fr_cand *k)
{
	free(k->stuck);
	free(k->waiting);
	memset(k, 0, sizeof(*k));
}

/* Every group (collectives, then P2P), the best candidate kept. */
static void match_all(const struct fr *f, struct fr_cand *best)
{
	struct seq_view v = { 0 };
	struct span *sp = fl_xcalloc(f->ndumped + 1, sizeof(*sp));
	for (size_t i = 0; i < f->n;) {
		size_t j = i;
		while (j < f->n && same_group(&f->e[j], &f->e[i]))
			j++;
		struct fr_cand k = { 0 };
		if (f->e[i].p2p)
			match_p2p(f, i, j, &k);
		else
			match_group(f, i, j, &v, sp, &k);
		if (k.set && better(&k, best)) {
			cand_release(best);
			*best = k;
		} else {
			cand_release(&k);
		}
		i = j;
	}
	free(sp);
	free(v.p);
	if (best->nstuck) {
		qsort(best->stuck, best->nstuck, sizeof(*best->stuck), cmp_i64);
		size_t k = 1;
		for (size_t i = 1; i < best->nstuck; i++)
			if (best->stuck[i] != best->stuck[k - 1])
				best->stuck[k++] = best->stuck[i];
		best->nstuck = k;
	}
}

/* ---- the verdict ---- */

static void frames_of(struct fl_hang_frames *h, const struct fr_ent *e)
{
	h->rank = e ? e->rank : -1;
	h->seq = e ? e->seq : -1;
	h->collective = e ? fr_c10d_name(e->name) : NULL;
	h->frames = e && e->frames ? fl_xstrdup(e->frames) : NULL;
}

static void entry_evidence(struct fl_evidence_list *l, const struct fr_ent *e, const char *host)
{
	struct fl_buf b = FL_BUF_INIT;
	fl_buf_printf(&b, "flight recorder entry %lld: %s seq %lld (process group %s%s%s) %s",
		      (long long)e->idx, e->name ? e->name : "?", (long long)e->seq, e->pg,
		      e->desc ? " " : "", e->desc ? e->desc : "", e->state ? e->state : "?");
	if (e->isz)
		fl_buf_printf(&b, ", input sizes %s", e->isz);
	if (e->idt)
		fl_buf_printf(&b, " %s", e->idt);
	evidence_add_raw(l, e->file, e->idx + 1, e->rank, host, e->t_ns >= 0 ? e->t_ns / 1000 : FL_TIME_NONE,
			 b.ptr);
	fl_buf_release(&b);
}

/* The ranks that should have left a dump and did not: the groups'
 * members, or the world when no group says. */
static void no_dump(const struct ctx *c, const struct fr *f, struct fl_hang *h)
{
	size_t cap = 0;
	int64_t *all = NULL;
	size_t n = 0;
	for (size_t i = 0; i < f->npgs; i++)
		for (size_t k = 0; k < f->pgs[i].n; k++) {
			FL_GROW(all, cap, n + 1);
			all[n++] = f->pgs[i].ranks[k];
		}
	bool groups_say = n > 0;
	for (int64_t r = 0; !groups_say && r < c->world && r < 65536; r++) {
		FL_GROW(all, cap, n + 1);
		all[n++] = r;
	}
	if (n)
		qsort(all, n, sizeof(*all), cmp_i64);
	for (size_t i = 0; i < n; i++) {
		if ((i && all[i] == all[i - 1]) || in_set(f->dumped, f->ndumped, all[i]))
			continue;
		h->no_dump = fl_xrealloc(h->no_dump, (h->nno_dump + 1) * sizeof(*h->no_dump));
		h->no_dump[h->nno_dump++] = all[i];
	}
	free(all);
}

struct fr_state {
	struct fr f;
	struct fr_cand best;
};

/* Loads and matches the dumps once per analysis; sets the hang's Flight
 * Recorder fields. */
static int fr_match(struct ctx *c)
{
	if (c->fr)
		return 0;
	c->fr = fl_xcalloc(1, sizeof(*c->fr));
	struct fr *f = &c->fr->f;
	int rc = load_dumps(c, f);
	if (!rc && f->ndumped)
		rc = load_pgs(c, f);
	if (!rc && f->ndumped)
		rc = load_entries(c, f);
	if (!rc && f->ndumped)
		rc = load_status(c, f);
	if (rc || !f->ndumped)
		return rc;
	struct fl_hang *h = &c->a->hang;
	h->dumps = true;
	no_dump(c, f, h);
	struct fr_cand *k = &c->fr->best;
	match_all(f, k);
	if (k->set) {
		h->mismatch = CLASS_NAME[k->cls];
		frames_of(&h->diverging, k->diverged);
		frames_of(&h->majority, k->diverged ? k->at : NULL);
	}
	return 0;
}

/* The point as a hang source's candidate: the collective as c10d names
 * it, the process group as the watchdog prints it (its description, else
 * its name), the entries as evidence. */
static void candidate(struct ctx *c, const struct fr_cand *b, struct hang_cand *k)
{
	const struct fr_ent *e = b->at;
	k->found = true;
	k->collective = fr_c10d_name(e->name);
	k->process_group = fl_xstrdup(e->desc && *e->desc ? e->desc : e->pg);
	k->seq = e->seq;
	k->timeout_ms = e->timeout;
	for (size_t i = 0; i < b->nstuck; i++)
		hang_cand_stuck(k, b->stuck[i]);
	for (size_t i = 0; i < b->nwaiting; i++)
		hang_cand_waiting(k, b->waiting[i]);
	entry_evidence(&k->evidence, e, rank_host(c, e->rank));
	if (b->diverged && b->diverged != e)
		entry_evidence(&k->evidence, b->diverged, rank_host(c, b->diverged->rank));
}

int fr_hang_diverged(struct ctx *c, struct hang_cand *k)
{
	int rc = fr_match(c);
	const struct fr_cand *b = c->fr ? &c->fr->best : NULL;
	if (!rc && b && b->set && b->cls <= FR_NOT_JOINED)
		candidate(c, b, k);
	return rc;
}

int fr_hang_unfinished(struct ctx *c, struct hang_cand *k)
{
	int rc = fr_match(c);
	const struct fr_cand *b = c->fr ? &c->fr->best : NULL;
	if (!rc && b && b->set && b->cls > FR_NOT_JOINED)
		candidate(c, b, k);
	return rc;
}

void fr_release(struct ctx *c)
{
	if (!c->fr)
		return;
	fr_free(&c->fr->f);
	cand_release(&c->fr->best);
	free(c->fr);
	c->fr = NULL;
}
