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

#include <assert.h>
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- the statements of analyze_sql.c ---- */

int q_open(struct ctx *c, enum q which, struct fl_stmt **st)
{
	const struct fl_sql_def *d = analyze_sql(which);
	struct fl_err ignored;
	if (fl_store_prepare(c->s, d->text, st, &ignored))
		return fl_err_set(c->err, FL_EDB, "analysis query '%s' cannot run: %s", d->name,
				  fl_store_errmsg(c->s));
	fl_stmt_bind_int(*st, 1, c->run);
	return FL_OK;
}

int q_step(struct ctx *c, enum q which, struct fl_stmt *st)
{
	int rc = fl_stmt_step(st);
	if (rc < 0)
		return fl_err_set(c->err, FL_EDB, "analysis query '%s' failed: %s",
				  analyze_sql(which)->name, fl_stmt_errmsg(st));
	return rc;
}

int q_row(struct ctx *c, enum q which, struct fl_stmt **st)
{
	int rc = q_open(c, which, st);
	if (rc)
		return rc;
	rc = q_step(c, which, *st);
	/* Every statement read this way is an aggregate: one row, always. */
	assert(rc != 0);
	if (rc < 0) {
		fl_stmt_free(*st);
		*st = NULL;
		return rc;
	}
	return FL_OK;
}

int64_t col_int(struct fl_stmt *st, int col, int64_t dflt)
{
	return fl_stmt_null(st, col) ? dflt : fl_stmt_int(st, col);
}

double col_double(struct fl_stmt *st, int col)
{
	return fl_stmt_null(st, col) ? NAN : fl_stmt_double(st, col);
}

char *dup_or_null(struct fl_stmt *st, int col)
{
	return fl_stmt_null(st, col) ? NULL : fl_xstrdup(fl_stmt_text(st, col));
}

/* ---- fields ---- */

/* An event's declared fields, read with it by Q_EVENTS (parsed below,
 * "the fields' JSON"): only those present are kept, packed one after the
 * other as the field's index in one byte, then its text and a NUL (no
 * array of pointers beside them: 16 bytes a field less). */
_Static_assert(FL_F_N <= 256, "a field's index is one byte in ev.values");

static const char *value_next(const char *p)
{
	return p + 2 + strlen(p + 1);
}

/* The bytes of e->values. */
static size_t values_len(const struct ev *e)
{
	const char *p = e->values;
	for (uint16_t i = 0; i < e->nvalues; i++)
		p = value_next(p);
	return (size_t)(p - e->values);
}

static const char *ev_value(const struct ev *e, const char *key)
{
	int f = fl_vocab_field(key);
	/* Naming an undeclared field is a bug; test_vocab.c finds it first. */
	assert(f >= 0);
	const char *p = e->values;
	for (uint16_t i = 0; i < e->nvalues; i++, p = value_next(p))
		if ((unsigned char)*p == (unsigned)f)
			return p + 1;
	return NULL;
}

bool ev_field(const struct ev *e, const char *key, struct fl_buf *out)
{
	const char *v = ev_value(e, key);
	if (!v)
		return false;
	fl_buf_reset(out);
	fl_buf_adds(out, v);
	return true;
}

bool ev_field_int(const struct ev *e, const char *key, int64_t *out)
{
	const char *v = ev_value(e, key);
	char *end = NULL;
	if (!v)
		return false;
	int64_t n = strtoll(v, &end, 10);
	if (end == v || *end != '\0')
		return false;
	*out = n;
	return true;
}

int64_t ev_global_rank(const struct ev *e)
{
	if (e->rank >= 0)
		return e->rank;
	const char *pg = ev_value(e, "pg"), *desc = ev_value(e, "pg_desc");
	bool dflt = (!pg || !strcmp(pg, "0")) && (!desc || !strcmp(desc, "default_pg"));
	int64_t r;
	return dflt && ev_field_int(e, "pg_rank", &r) ? r : -1;
}

/* ---- loading ---- */

static int load_run(struct ctx *c)
{
	struct fl_stmt *st;
	int rc = q_open(c, Q_RUN, &st);
	if (rc)
		return rc;
	rc = q_step(c, Q_RUN, st);
	if (rc <= 0) {
		fl_stmt_free(st);
		return rc ? rc : fl_err_set(c->err, FL_ENOTFOUND, "no run %lld in the store",
					    (long long)c->run);
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
	if ((rc = q_open(c, Q_SKIPPED, &st)))
		return rc;
	size_t cap = 0;
	while ((rc = q_step(c, Q_SKIPPED, st)) == 1) {
		FL_GROW(a->skipped, cap, a->nskipped + 1);
		a->skipped[a->nskipped].path = fl_xstrdup(fl_stmt_text(st, 0));
		a->skipped[a->nskipped++].reason = fl_xstrdup(fl_stmt_text(st, 1));
	}
	fl_stmt_free(st);
	return rc;
}

/* The run's ranks, ordered by rank: the rows of the report's rank table,
 * and the host of a rank for every pass (rank_host()). Their states are
 * set by verdict_ranks(); last_ts stays raw until then. */
static int load_ranks(struct ctx *c)
{
	struct fl_stmt *st;
	int rc = q_open(c, Q_RANKS, &st);
	if (rc)
		return rc;
	struct fl_analysis *a = c->a;
	size_t cap = 0;
	while ((rc = q_step(c, Q_RANKS, st)) == 1) {
		FL_GROW(a->ranks, cap, a->nranks_state + 1);
		struct fl_rank_state *r = &a->ranks[a->nranks_state++];
		memset(r, 0, sizeof(*r));
		r->rank = fl_stmt_int(st, 0);
		r->host = dup_or_null(st, 1);
		r->local_rank = fl_stmt_int(st, 2);
		int64_t last = fl_stmt_int(st, 3);
		r->last_ts = last < 0 ? FL_TIME_NONE : last;
		r->lines = fl_stmt_int(st, 4);
		r->last_seq = -1;
		r->first_error_ts = FL_TIME_NONE;
		assert(a->nranks_state == 1 || r[-1].rank < r->rank);
	}
	fl_stmt_free(st);
	return rc;
}

static int by_rank_state(const void *key, const void *elem)
{
	int64_t k = *(const int64_t *)key, r = ((const struct fl_rank_state *)elem)->rank;
	return k < r ? -1 : k > r;
}

const char *rank_host(const struct ctx *c, int64_t rank)
{
	const struct fl_rank_state *r =
		rank < 0 || !c->a->nranks_state
			? NULL
			: bsearch(&rank, c->a->ranks, c->a->nranks_state, sizeof(*c->a->ranks),
				  by_rank_state);
	return r ? r->host : NULL;
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

/* NCCL's busId (lower case, leading zeros dropped) of each process with
 * a rank; sorted by host, key and pid so that a lookup finds the lowest
 * pid first. */
struct bus {
	char *host;
	char key[32];
	int64_t pid, rank;
};

static int cmp_bus(const void *x, const void *y)
{
	const struct bus *a = x, *b = y;
	int k = strcmp(a->host, b->host);
	if (!k)
		k = strcmp(a->key, b->key);
	return k ? k : (a->pid > b->pid) - (a->pid < b->pid);
}

static int load_buses(struct ctx *c)
{
	struct fl_stmt *st;
	int rc = q_open(c, Q_PROC_BUSES, &st);
	if (rc)
		return rc;
	size_t cap = 0;
	while ((rc = q_step(c, Q_PROC_BUSES, st)) == 1) {
		FL_GROW(c->buses, cap, c->nbuses + 1);
		struct bus *b = &c->buses[c->nbuses++];
		b->host = fl_xstrdup(fl_stmt_text(st, 0));
		/* SQL's ltrim(lower(bus_id), '0'), which bus_key()'s keys match */
		const char *id = fl_stmt_text(st, 1);
		id += strspn(id, "0");
		size_t i = 0;
		for (; id[i] && i + 1 < sizeof(b->key); i++)
			b->key[i] = (char)tolower((unsigned char)id[i]);
		b->key[i] = '\0';
		b->rank = fl_stmt_int(st, 2);
		b->pid = fl_stmt_int(st, 3);
	}
	fl_stmt_free(st);
	if (c->nbuses)
		qsort(c->buses, c->nbuses, sizeof(*c->buses), cmp_bus);
	c->buses_loaded = true;
	return rc;
}

int bus_rank(struct ctx *c, const char *host, const char *pci, int64_t *rank)
{
	int rc = FL_OK;
	if (!c->buses_loaded && (rc = load_buses(c)))
		return rc;
	struct bus want = { .host = (char *)host, .pid = INT64_MIN };
	bus_key(pci, want.key, sizeof(want.key));
	/* the first entry not below (host, key, any pid) */
	size_t lo = 0, hi = c->nbuses;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (cmp_bus(&c->buses[mid], &want) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < c->nbuses && !strcmp(c->buses[lo].host, want.host) &&
	    !strcmp(c->buses[lo].key, want.key))
		*rank = c->buses[lo].rank;
	return FL_OK;
}

/* A rank, local rank or pid as struct ev keeps it: one no process can
 * have (beyond 2^31, from a damaged or hostile line) is unknown. */
static int32_t id32(int64_t v)
{
	return v >= 0 && v <= INT32_MAX ? (int32_t)v : -1;
}

static int resolve_bus(struct ctx *c, struct ev *e)
{
	struct fl_buf bus = FL_BUF_INIT;
	int rc = FL_OK;
	int64_t rank = -1;
	if (e->rank < 0 && e->host && ev_field(e, "bus", &bus)) {
		rc = bus_rank(c, e->host, bus.ptr, &rank);
		e->rank = id32(rank);
	}
	fl_buf_release(&bus);
	return rc;
}

/* ---- the events' strings ---- */

/* A block of the pool: strings and value arrays of kept events, carved in
 * order and released together. */
struct pool_block {
	struct pool_block *next;
	size_t used, cap;
	char data[];
};

#define POOL_BLOCK (256 * 1024)

static void *pool_alloc(struct ev_pool *p, size_t n)
{
	n = (n + 7) & ~(size_t)7; /* keeps every piece 8-aligned */
	struct pool_block *b = p->blocks;
	if (!b || b->cap - b->used < n) {
		size_t cap = n > POOL_BLOCK ? n : POOL_BLOCK;
		b = fl_xmalloc(sizeof(*b) + cap);
		b->next = p->blocks;
		b->used = 0;
		b->cap = cap;
		p->blocks = b;
	}
	void *r = b->data + b->used;
	b->used += n;
	return r;
}

static const char *pool_str(struct ev_pool *p, const char *s)
{
	size_t n = strlen(s) + 1;
	return memcpy(pool_alloc(p, n), s, n);
}

static size_t intern_slot(const struct ev_pool *p, const char *s)
{
	size_t i = (size_t)fl_fnv1a(FL_FNV1A_INIT, s, strlen(s)) & (p->cap - 1);
	while (p->set[i] && strcmp(p->set[i], s))
		i = (i + 1) & (p->cap - 1);
	return i;
}

/* The one copy of a string many events share: a file's path, a host, a
 * kind (a few thousand distinct among a million events). */
static const char *pool_intern(struct ev_pool *p, const char *s)
{
	if (p->n * 2 >= p->cap) {
		struct ev_pool old = *p;
		p->cap = p->cap ? 2 * p->cap : 1024;
		p->set = fl_xcalloc(p->cap, sizeof(*p->set));
		for (size_t i = 0; i < old.cap; i++)
			if (old.set[i])
				p->set[intern_slot(p, old.set[i])] = old.set[i];
		free(old.set);
	}
	size_t i = intern_slot(p, s);
	if (!p->set[i]) {
		p->set[i] = pool_str(p, s);
		p->n++;
	}
	return p->set[i];
}

const char *ctx_intern(struct ctx *c, const char *s)
{
	return pool_intern(&c->pool, s);
}

static void pool_release(struct ev_pool *p)
{
	while (p->blocks) {
		struct pool_block *next = p->blocks->next;
		free(p->blocks);
		p->blocks = next;
	}
	free(p->set);
	*p = (struct ev_pool){ 0 };
}

/* Events that can matter for a verdict: everything but routine info, the
 * most severe first when a bundle has more than MAX_EVENTS of them and
 * EVENTS_PER_RANK for each of its ranks. A warning storm must not make
 * the analysis' memory grow without bound, and the lines every rank of a
 * hung job prints (two watchdog timeouts, the watchdog's exit, the
 * terminate: four a rank) must all be there however many ranks there
 * are: a cap of 200,000 alone dropped the watchdog lines of the last
 * 20,714 ranks of a 65,536-rank job, whose report then had 44,821 ranks
 * waiting instead of 65,535 and the others "errored". */
#define MAX_EVENTS 200000
#define EVENTS_PER_RANK 8

/* Q_EVENTS' columns: the event, the last step line of its file, the rank
 * of the pid it names, a traceback's last line, then its fields (a JSON
 * object). */
enum { EV_LAST_STEP = 12, EV_VICTIM_RANK, EV_TB_LAST, EV_FIELDS };

/* The event being read: its text and fields stay here until it is known
 * to be kept, then move to the pool. */
struct ev_rows {
	struct fl_buf text, vtext; /* vtext: the values, packed as in ev.values */
	enum fl_field *v;          /* the fields in vtext */
	size_t nv, cap;
	struct fields_scratch scratch;
	int64_t last_step, victim_rank, tb_last;
};

/* fields_parse()'s call for each field of the event (arg: its ev_rows):
 * kept if it is a declared one (vocab.h); of a name logged twice, the
 * first. */
static void ev_field_seen(void *arg, const char *key, const char *value)
{
	struct ev_rows *r = arg;
	int f = fl_vocab_field(key);
	if (f < 0)
		return;
	for (size_t i = 0; i < r->nv; i++)
		if (r->v[i] == (enum fl_field)f)
			return;
	FL_GROW(r->v, r->cap, r->nv + 1);
	r->v[r->nv++] = (enum fl_field)f;
	fl_buf_addc(&r->vtext, (char)f);
	fl_buf_add(&r->vtext, value, strlen(value) + 1);
}

/* An event's row in Q_EVENTS, its fields parsed into r. */
static void load_event(struct ctx *c, struct fl_stmt *st, struct ev *e, struct ev_rows *r)
{
	memset(e, 0, sizeof(*e));
	e->id = fl_stmt_int(st, 0);
	e->file = pool_intern(&c->pool, fl_stmt_text(st, 1));
	int64_t line = fl_stmt_int(st, 2);
	e->line = line < 0 ? 0 : line > UINT32_MAX ? UINT32_MAX : (uint32_t)line;
	e->rank = id32(fl_stmt_int(st, 3));
	e->local_rank = id32(fl_stmt_int(st, 4));
	e->pid = id32(fl_stmt_int(st, 5));
	e->host = fl_stmt_null(st, 6) ? NULL : pool_intern(&c->pool, fl_stmt_text(st, 6));
	e->ts = col_int(st, 7, FL_TIME_NONE);
	e->ts_kind = (uint8_t)fl_stmt_int(st, 8);
	e->kind = pool_intern(&c->pool, fl_stmt_text(st, 9));
	fl_buf_reset(&r->text);
	fl_buf_adds(&r->text, fl_stmt_text(st, 10));
	e->severity = (uint8_t)fl_stmt_int(st, 11);
	r->last_step = col_int(st, EV_LAST_STEP, -1);
	r->victim_rank = col_int(st, EV_VICTIM_RANK, -1);
	r->tb_last = col_int(st, EV_TB_LAST, -1);
	r->nv = 0;
	fl_buf_reset(&r->vtext);
	if (!fl_stmt_null(st, EV_FIELDS))
		fields_parse(fl_stmt_text(st, EV_FIELDS), &r->scratch, ev_field_seen, r);
}

/* An event with its fields, classified (rules.c) and resolved: the GPU an
 * Xid names, the pid an OOM kill names; a traceback or exception after
 * which the same file went on logging training steps was handled (or
 * only logged): it did not end the job. Its text and fields still point
 * into r. */
static int load_event_done(struct ctx *c, struct ev *e, struct ev_rows *r)
{
	e->values = r->nv ? r->vtext.ptr : NULL;
	e->nvalues = (uint16_t)r->nv;
	e->text = r->text.ptr ? r->text.ptr : "";
	e->work_timeout = !strcmp(e->kind, "torch.watchdog_summary") &&
			  strstr(e->text, "Timeout at NCCL work");
	rules_classify(e);
	int rc = resolve_bus(c, e);
	if (e->rank < 0)
		e->rank = id32(r->victim_rank);
	if (e->role == ROLE_PRIMARY &&
	    (!strcmp(e->kind, "proc.traceback") || !strcmp(e->kind, "proc.exception")) &&
	    r->last_step > e->line)
		e->role = ROLE_SIGNAL;
	return rc;
}

static void ev_rows_release(struct ev_rows *r)
{
	fl_buf_release(&r->text);
	fl_buf_release(&r->vtext);
	fields_scratch_release(&r->scratch);
	free(r->v);
}

/* Whether a loaded event stays in memory. A warning that no rule of
 * rules.c gives a role (the repeated IB port warnings of an error storm)
 * is read by no pass: it only counts towards what the bundle had
 * (any_timed, any_ranked, from Q_EVENTS_SEEN), and Q_EVENTS does not load
 * the kinds that cannot be kept (keepable_kinds). The RAS report's lines,
 * torchrun's root cause header and the job's end-of-training line are read
 * by kind, without a role: a pass that reads another role-less kind adds
 * it to READ_BY_KIND (and, below warning, to analyze_sql.c's LOADABLE). */
static const char *const READ_BY_KIND[] = { "nccl.ras_comm", "nccl.ras_mismatch",
					    "nccl.ras_rank", "launcher.root_cause",
					    "torch.desync", "torch.dump_signal",
					    "nccl.ras_json", "train.finished", FL_KIND_UNRECOGNISED };

static bool read_by_kind(const struct ev *e)
{
	for (size_t i = 0; i < sizeof(READ_BY_KIND) / sizeof(READ_BY_KIND[0]); i++)
		if (!strcmp(e->kind, READ_BY_KIND[i]))
			return true;
	return false;
}

static bool kept(const struct ev *e)
{
	return e->role != ROLE_NONE || e->severity >= 2 || read_by_kind(e);
}

/* ---- repeated lines ---- */

/* The kinds a pass reads by name, over all their lines (hang.c, verdict.c,
 * the launcher's root cause here): every line of these is kept. A pass
 * that reads another kind line by line adds it here. */
static const char *const READ_EVERY_LINE[] = {
	"torch.watchdog_timeout", "torch.work_timeout", "torch.watchdog_summary",
	"torch.comm_aborted", "torch.dump_signal", "torch.desync", "torch.heartbeat",
	"nccl.ras_comm", "nccl.ras_mismatch", "nccl.ras_rank", "nccl.ras_json",
	"launcher.root_cause", "launcher.child_failed", "launcher.worker_failed",
	"launcher.sigterm", "proc.signal", "slurm.cancelled", "batch.killed", "k8s.evicted",
};

/* Lines alike in all but their time, place in the file and text (the
 * same warning repeated by one process: an error storm's IB port events)
 * are one class. Of a class, loading keeps only the lines a pass can
 * tell apart from the rest: the first CAUSE_EVIDENCE_MAX (a cause's
 * evidence, the first of a group), the TIMELINE_MAX earliest (the
 * timeline) and the earliest by ev_before() (a cause's lead, a rank's
 * first error): what the analysis holds grows with the kinds of lines,
 * not with how often each is repeated. Primary failures and the kinds of
 * READ_EVERY_LINE are never folded. A class shares its kind, file, host,
 * rank, local rank, pid, severity, role, cause, priority and fields; one
 * host has one clock offset, so the raw times order a class as the
 * corrected ones will. */
enum { W_FIRST = 1, W_TIME = 2, W_BEST = 4, W_ALL = 8 };
#define FOLD_NONE UINT32_MAX

struct fold_class {
	uint32_t rep;  /* its first line, which gives the class's key */
	uint32_t head; /* its kept lines, chained through fold.next */
	uint32_t latest; /* of its W_TIME lines, the last in timeline order */
	uint32_t best;   /* its W_BEST line */
	uint32_t seen, ntime;
};

struct fold {
	uint32_t *slots; /* class index + 1; 0 free */
	size_t cap, n;
	struct fold_class *cls;
	size_t capcls;
	uint32_t *next; /* per loaded event */
	uint8_t *why;   /* per loaded event: W_* */
	size_t capev, capwhy, dead;
};

static bool foldable(const struct ev *e)
{
	if (e->role == ROLE_PRIMARY)
		return false;
	for (size_t i = 0; i < sizeof(READ_EVERY_LINE) / sizeof(READ_EVERY_LINE[0]); i++)
		if (!strcmp(e->kind, READ_EVERY_LINE[i]))
			return false;
	return true;
}

static uint64_t class_hash(const struct ev *e)
{
	const void *ptrs[4] = { e->kind, e->file, e->host, e->cause };
	int64_t ints[6] = { e->rank, e->local_rank, e->pid, e->severity, e->role, e->priority };
	uint64_t h = fl_fnv1a(FL_FNV1A_INIT, ptrs, sizeof(ptrs));
	h = fl_fnv1a(h, ints, sizeof(ints));
	return e->nvalues ? fl_fnv1a(h, e->values, values_len(e)) : h;
}

/* kind, file, host are interned and cause is a rules.c constant: equal
 * strings are equal pointers */
static bool same_class(const struct ev *a, const struct ev *b)
{
	if (a->kind != b->kind || a->file != b->file || a->host != b->host ||
	    a->cause != b->cause || a->rank != b->rank || a->local_rank != b->local_rank ||
	    a->pid != b->pid || a->severity != b->severity || a->role != b->role ||
	    a->priority != b->priority || a->nvalues != b->nvalues)
		return false;
	size_t n = a->nvalues ? values_len(a) : 0;
	return !n || (n == values_len(b) && !memcmp(a->values, b->values, n));
}

static struct fold_class *fold_class_of(struct ctx *c, struct fold *f, uint32_t at)
{
	if (f->n * 2 >= f->cap) {
		uint32_t *old = f->slots;
		size_t oldcap = f->cap;
		f->cap = f->cap ? 2 * f->cap : 1024;
		f->slots = fl_xcalloc(f->cap, sizeof(*f->slots));
		for (size_t i = 0; i < oldcap; i++) {
			if (!old[i])
				continue;
			size_t j = (size_t)class_hash(&c->ev[f->cls[old[i] - 1].rep]) & (f->cap - 1);
			while (f->slots[j])
				j = (j + 1) & (f->cap - 1);
			f->slots[j] = old[i];
		}
		free(old);
	}
	const struct ev *e = &c->ev[at];
	size_t j = (size_t)class_hash(e) & (f->cap - 1);
	while (f->slots[j]) {
		struct fold_class *k = &f->cls[f->slots[j] - 1];
		if (same_class(&c->ev[k->rep], e))
			return k;
		j = (j + 1) & (f->cap - 1);
	}
	FL_GROW(f->cls, f->capcls, f->n + 1);
	struct fold_class *k = &f->cls[f->n++];
	*k = (struct fold_class){ at, FOLD_NONE, FOLD_NONE, FOLD_NONE, 0, 0 };
	f->slots[j] = (uint32_t)f->n;
	return k;
}

/* A line of the class loses a reason to be kept; with none left it is
 * unchained and dropped when the loading ends. */
static void fold_lose(struct fold *f, struct fold_class *k, uint32_t at, uint8_t why)
{
	f->why[at] &= (uint8_t)~why;
	if (f->why[at])
		return;
	for (uint32_t *p = &k->head; *p != FOLD_NONE; p = &f->next[*p])
		if (*p == at) {
			*p = f->next[at];
			break;
		}
	f->dead++;
}

/* Whether the event at c->ev[c->nev] (loaded and classified, its values
 * still in the reading buffers) is kept. */
static bool fold_keep(struct ctx *c, struct fold *f)
{
	uint32_t at = (uint32_t)c->nev;
	struct ev *e = &c->ev[at];
	FL_GROW(f->why, f->capwhy, c->nev + 1);
	if (!foldable(e)) {
		f->why[at] = W_ALL;
		return true;
	}
	FL_GROW(f->next, f->capev, c->nev + 1);
	e->cts = e->ts; /* a class has one host: raw times order it */
	struct fold_class *k = fold_class_of(c, f, at);
	uint8_t why = 0;
	if (++k->seen <= CAUSE_EVIDENCE_MAX)
		why |= W_FIRST;
	if (k->ntime < TIMELINE_MAX) {
		why |= W_TIME;
		k->ntime++;
		if (k->latest == FOLD_NONE || ev_timeline_cmp(e, &c->ev[k->latest]) > 0)
			k->latest = at;
	} else if (ev_timeline_cmp(e, &c->ev[k->latest]) < 0) {
		/* earlier than the latest of the earliest: that one goes */
		why |= W_TIME;
		fold_lose(f, k, k->latest, W_TIME);
		k->latest = at;
		for (uint32_t i = k->head; i != FOLD_NONE; i = f->next[i])
			if ((f->why[i] & W_TIME) && ev_timeline_cmp(&c->ev[i], &c->ev[k->latest]) > 0)
				k->latest = i;
	}
	if (k->best == FOLD_NONE || ev_before(e, &c->ev[k->best])) {
		why |= W_BEST;
		if (k->best != FOLD_NONE)
			fold_lose(f, k, k->best, W_BEST);
		k->best = at;
	}
	f->why[at] = why;
	if (!why)
		return false;
	f->next[at] = k->head;
	k->head = at;
	return true;
}

/* Drops the lines that lost every reason to be kept, in place (id order
 * stays). */
static void fold_finish(struct ctx *c, struct fold *f)
{
	if (f->dead) {
		size_t n = 0;
		for (size_t i = 0; i < c->nev; i++)
			if (f->why[i])
				c->ev[n++] = c->ev[i];
		c->nev = n;
	}
	free(f->slots);
	free(f->cls);
	free(f->next);
	free(f->why);
}

/* Q_EVENTS' ?3: the kinds kept() can keep below error severity, as a JSON
 * array (caller releases). */
static void keepable_kinds(struct fl_buf *json)
{
	fl_buf_addc(json, '[');
	rules_kinds(json);
	for (size_t i = 0; i < sizeof(READ_BY_KIND) / sizeof(READ_BY_KIND[0]); i++) {
		fl_buf_addc(json, ',');
		fl_json_str(json, READ_BY_KIND[i], strlen(READ_BY_KIND[i]));
	}
	fl_buf_addc(json, ']');
}

/* any_timed and any_ranked over every loadable event, also the warnings
 * Q_EVENTS does not load. */
static int events_seen(struct ctx *c)
{
	struct fl_stmt *st;
	int rc = q_row(c, Q_EVENTS_SEEN, &st);
	if (rc)
		return rc;
	c->any_timed = fl_stmt_int(st, 0) != 0;
	c->any_ranked = fl_stmt_int(st, 1) != 0;
	fl_stmt_free(st);
	return FL_OK;
}

/* The loaded tracebacks, by id, with their last lines: their exceptions'. */
struct tb_lasts {
	struct tb_last {
		int64_t id, line;
	} *v;
	size_t n, cap;
};

/* The event at c->ev[c->nev], all its rows read: kept (its fields
 * copied into the pool; its text only when a pass reads the kind's text,
 * READ_BY_KIND: the others' is read by id when quoted), or forgotten. */
static int loaded(struct ctx *c, struct fold *f, struct ev *e, struct ev_rows *r,
		  struct tb_lasts *tbs)
{
	int rc = load_event_done(c, e, r);
	assert(c->nev == 0 || c->ev[c->nev - 1].id < e->id);
	c->any_ranked = c->any_ranked || e->rank >= 0;
	if (!kept(e) || !fold_keep(c, f))
		return rc;
	e->text = read_by_kind(e) ? pool_str(&c->pool, e->text) : NULL;
	if (e->nvalues)
		e->values = memcpy(pool_alloc(&c->pool, r->vtext.len), r->vtext.ptr, r->vtext.len);
	if (r->tb_last > 0) {
		FL_GROW(tbs->v, tbs->cap, tbs->n + 1);
		tbs->v[tbs->n++] = (struct tb_last){ e->id, r->tb_last };
	}
	c->nev++;
	return rc;
}

/* How far from a traceback, in loaded events, the event on its last line
 * is looked for: the pipeline writes a block when it ends, so the two are
 * neighbours, but other streams' lines of the same file may come between. */
#define TB_REACH 16

/* A traceback is printed at once, when its exception is raised: its time
 * is its last line's. Where a more specific pattern read that line too
 * (an OOM, a failed checkpoint write), the two are one failure at one
 * time, and their priorities choose which leads, as they do where no
 * line is stamped (ev_before()). Stamped by its first line, the
 * traceback would lead as the earlier wherever every line is stamped
 * (kubectl --timestamps, journald), as a crash, and whole seconds apart
 * where a second ticked while it was written. */
static void time_tracebacks(struct ctx *c, const struct tb_lasts *tbs)
{
	for (size_t k = 0; k < tbs->n; k++) {
		struct ev *t = (struct ev *)ev_by_id(c, tbs->v[k].id);
		if (!t || t->ts == FL_TIME_NONE)
			continue; /* folded away (handled), or nothing to move */
		size_t i = (size_t)(t - c->ev);
		size_t lo = i > TB_REACH ? i - TB_REACH : 0;
		size_t hi = i + TB_REACH < c->nev ? i + TB_REACH : c->nev - 1;
		for (size_t j = lo; j <= hi; j++) {
			const struct ev *x = &c->ev[j];
			if (x != t && x->file == t->file && x->line == tbs->v[k].line &&
			    x->ts != FL_TIME_NONE && x->ts_kind == t->ts_kind) {
				t->ts = x->ts;
				break;
			}
		}
	}
}

static int load_events(struct ctx *c)
{
	struct fl_stmt *st;
	int rc = events_seen(c);
	if (!rc)
		rc = q_open(c, Q_EVENTS, &st);
	if (rc)
		return rc;
	struct fl_buf kinds = FL_BUF_INIT;
	keepable_kinds(&kinds);
	fl_stmt_bind_int(st, 2, MAX_EVENTS + EVENTS_PER_RANK * (int64_t)c->a->nranks_state);
	fl_stmt_bind_text(st, 3, kinds.ptr);
	size_t cap = 0;
	struct ev_rows r = { .text = FL_BUF_INIT, .vtext = FL_BUF_INIT,
			     .scratch = { FL_BUF_INIT, FL_BUF_INIT } };
	struct fold f = { 0 };
	struct tb_lasts tbs = { 0 };
	while (!rc && (rc = q_step(c, Q_EVENTS, st)) == 1) {
		FL_GROW(c->ev, cap, c->nev + 1);
		load_event(c, st, &c->ev[c->nev], &r);
		rc = loaded(c, &f, &c->ev[c->nev], &r, &tbs);
	}
	fold_finish(c, &f);
	time_tracebacks(c, &tbs);
	free(tbs.v);
	ev_rows_release(&r);
	fl_stmt_free(st);
	fl_buf_release(&kinds);
	/* what stays is held to the end: no spare room */
	if (c->nev)
		c->ev = fl_xrealloc(c->ev, c->nev * sizeof(*c->ev));
	return rc;
}

static int by_ev_id(const void *key, const void *elem)
{
	int64_t k = *(const int64_t *)key, id = ((const struct ev *)elem)->id;
	return k < id ? -1 : k > id;
}

const struct ev *ev_by_id(const struct ctx *c, int64_t id)
{
	return c->nev ? bsearch(&id, c->ev, c->nev, sizeof(*c->ev), by_ev_id) : NULL;
}

struct text_want {
	int64_t id;
	size_t i; /* in the caller's v */
};

static int by_want_id(const void *x, const void *y)
{
	const struct text_want *a = x, *b = y;
	return a->id < b->id ? -1 : a->id > b->id;
}

int ev_texts(struct ctx *c, const struct ev *const *v, size_t n,
	     void (*fn)(void *arg, size_t i, const char *text), void *arg)
{
	if (!n)
		return FL_OK;
	/* in id order, as the statement returns them */
	struct text_want *w = fl_xmalloc(n * sizeof(*w));
	for (size_t i = 0; i < n; i++)
		w[i] = (struct text_want){ v[i]->id, i };
	qsort(w, n, sizeof(*w), by_want_id);
	struct fl_buf ids = FL_BUF_INIT;
	fl_buf_addc(&ids, '[');
	for (size_t k = 0; k < n; k++)
		fl_buf_printf(&ids, "%s%lld", k ? "," : "", (long long)w[k].id);
	fl_buf_addc(&ids, ']');
	struct fl_stmt *st;
	int rc = q_open(c, Q_EVENT_TEXTS, &st);
	if (!rc) {
		fl_stmt_bind_text(st, 2, ids.ptr);
		size_t k = 0;
		while ((rc = q_step(c, Q_EVENT_TEXTS, st)) == 1) {
			int64_t id = fl_stmt_int(st, 0);
			while (k < n && w[k].id < id)
				k++;
			/* an event listed twice gets its text twice */
			for (; k < n && w[k].id == id; k++)
				fn(arg, w[k].i, fl_stmt_null(st, 1) ? "" : fl_stmt_text(st, 1));
		}
		fl_stmt_free(st);
	}
	fl_buf_release(&ids);
	free(w);
	return rc;
}

static void keep_text(void *arg, size_t i, const char *text)
{
	(void)i;
	struct ctx *c = ((void **)arg)[0];
	struct ev *e = ((void **)arg)[1];
	e->text = pool_str(&c->pool, text);
}

const char *ev_text(struct ctx *c, const struct ev *e)
{
	if (e->text)
		return e->text;
	/* the event belongs to c->ev: its text is cached there */
	struct ev *w = (struct ev *)e;
	void *arg[2] = { c, w };
	int rc = ev_texts(c, &e, 1, keep_text, arg);
	if (rc && !c->text_rc)
		c->text_rc = rc;
	if (!w->text)
		w->text = ""; /* failed: the analysis fails at its end */
	return w->text;
}

static void correct_times(struct ctx *c)
{
	for (size_t i = 0; i < c->nev; i++) {
		struct ev *e = &c->ev[i];
		if (!e->host && e->rank >= 0) {
			const char *h = rank_host(c, e->rank);
			e->host = h ? pool_intern(&c->pool, h) : NULL;
		}
		e->cts = clock_correct(c, e->host, e->ts);
	}
}

/* ---- first failure and causes ---- */

/* One process's lines within a second of each other in one file: one
 * report of one failure, written as it died (torch's NCCL error and the
 * `Last error:` NCCL put under it). */
#define BURST_US 1000000

static bool one_burst(const struct ev *x, const struct ev *y)
{
	return x->file == y->file && x->rank == y->rank && x->pid == y->pid &&
	       x->host == y->host && llabs(x->cts - y->cts) < BURST_US;
}

/* A parent's report that a worker ended: srun's task line, torchrun's
 * agent and its ChildFailedError summary, a script's job-control line
 * (`line 218: 47630 Aborted`). It was written after the worker's own last
 * line. Its stamp, when it has one, is most often only the last one above
 * it in its file (such lines carry none of their own). */
static bool end_report(const struct ev *e)
{
	return !strcmp(e->kind, "slurm.task_error") || !strncmp(e->kind, "launcher.", 9) ||
	       ev_value(e, "script_line");
}

/* Earlier in corrected time; unknown times sort last; then priority. In
 * one burst whose lines name different causes the most specific line
 * leads, as it does where lines carry no stamp or only whole seconds:
 * which of a report's lines came first depends on who stamped them
 * (kubectl --timestamps, journald, a logging handler), not on which
 * names the failure. Lines of one cause keep their order (the Xid before
 * the kernel's "fallen off the bus" under it).
 *
 * Lines of two files that no time orders (a bundle of per-rank files, one
 * of them or both unstamped) are not ordered by where their files happen
 * to lie in the archive either: a worker's own line leads a parent's
 * report that a worker ended, and then the file's path decides, so that a
 * bundle reads the same however it was packed. */
bool ev_before(const struct ev *x, const struct ev *y)
{
	bool xt = x->cts != FL_TIME_NONE, yt = y->cts != FL_TIME_NONE;
	if (xt && yt && x->cts != y->cts &&
	    (x->priority == y->priority || x->cause == y->cause || !one_burst(x, y)))
		return x->cts < y->cts;
	bool one_file = !strcmp(x->file, y->file);
	if (!one_file) {
		bool xe = end_report(x), ye = end_report(y);
		if (xe != ye)
			return ye;
	}
	if (xt != yt) {
		/* One file is written in order: an unstamped line above a
		 * stamped one happened before it (NCCL's WARN lines carry no
		 * time, the traceback they cause often does). */
		if (one_file)
			return x->line < y->line;
		return xt;
	}
	if (x->priority != y->priority)
		return x->priority > y->priority;
	if (!one_file)
		return strcmp(x->file, y->file) < 0;
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

/* Without any primary error, the worker each torchrun agent names under
 * "Root Cause (first observed failure)" is the first failure; of several
 * agents' (one summary per node), the one whose entry `time` is earliest
 * (torchrun writes it as YYYY-MM-DD_HH:MM:SS, so text order is time
 * order; the agents' clocks are the hosts'). Not in a hang: there the
 * watchdog's teardown is what the agents saw first, and no rank failed. */
static const struct ev *launcher_root_entry(const struct ctx *c)
{
	for (size_t i = 0; i < c->nev; i++)
		if (c->ev[i].cause && !strcmp(c->ev[i].cause, "collective_hang"))
			return NULL;
	const struct ev *best = NULL;
	struct fl_buf t = FL_BUF_INIT, bt = FL_BUF_INIT;
	for (size_t i = 0; i < c->nev; i++) {
		if (strcmp(c->ev[i].kind, "launcher.root_cause") != 0)
			continue;
		const struct ev *e = NULL;
		for (size_t j = i + 1; j < c->nev && !e; j++)
			if (!strcmp(c->ev[j].kind, "launcher.child_failed") &&
			    !strcmp(c->ev[j].file, c->ev[i].file) && c->ev[j].line > c->ev[i].line)
				e = &c->ev[j];
		if (!e || e->rank < 0)
			continue;
		fl_buf_reset(&t);
		bool timed = ev_field(e, "time", &t);
		if (!best || (timed && bt.len && strcmp(t.ptr, bt.ptr) < 0)) {
			best = e;
			fl_buf_reset(&bt);
			if (timed)
				fl_buf_add(&bt, t.ptr, t.len);
		}
	}
	fl_buf_release(&t);
	fl_buf_release(&bt);
	return best;
}

/* Without a primary error or a summary, a launcher's own line (of this
 * kind) for a worker it saw end: torchrun's agent (`failed (exitcode: 1)
 * local_rank: 7 (pid: ...)`), or the exit-code summaries of DeepSpeed's,
 * Paddle's and mpirun's launchers; the earliest whose rank (its local
 * rank, when LOCAL) is known. A worker ended by SIGTERM (-15) was
 * stopped, most often by the launcher after another one failed. The
 * caller asks only outside a hang. */
static const struct ev *launcher_entry(const struct ctx *c, const char *kind, bool local)
{
	const struct ev *best = NULL;
	for (size_t i = 0; i < c->nev; i++) {
		const struct ev *e = &c->ev[i];
		int64_t code;
		if (strcmp(e->kind, kind) != 0 || (local ? e->local_rank : e->rank) < 0 ||
		    (ev_field_int(e, "exitcode", &code) && code == -15))
			continue;
		if (!best || ev_before(e, best))
			best = e;
	}
	return best;
}

/* More than one node took part: the members name several hosts, srun
 * reports a task other than the first (under a per-node launcher each
 * task is a node), or a launcher's arguments or a communicator count
 * more than one node. */
static bool several_nodes(const struct ctx *c)
{
	if (c->a->nhosts > 1 || c->nodes > 1)
		return true;
	for (size_t i = 0; i < c->nev; i++) {
		const char *tasks = strcmp(c->ev[i].kind, "slurm.task_error") ? NULL
									       : ev_value(&c->ev[i], "tasks");
		if (tasks && strcmp(tasks, "0") != 0)
			return true;
	}
	return false;
}

/* On one node a local rank is the global rank: the launcher's own line
 * for the worker it saw end first (torchrun's agent, Lightning's, spawn's)
 * names it when nothing else does. NULL on several nodes, or when no such
 * line names a local rank. */
static const struct ev *launcher_local_entry(const struct ctx *c)
{
	return several_nodes(c) ? NULL : launcher_entry(c, "launcher.worker_failed", true);
}

static const struct ev *first_primary(struct ctx *c)
{
	const struct ev *best = NULL;
	for (size_t i = 0; i < c->nev; i++)
		if (c->ev[i].role == ROLE_PRIMARY && (!best || ev_before(&c->ev[i], best)))
			best = &c->ev[i];
	if (!best)
		return launcher_root_entry(c);
	if (best->cts != FL_TIME_NONE)
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

/* srun names the task a failure hit (`srun: error: node12: task 0:
 * Segmentation fault`, `... task 0: Out Of Memory`). Its task id is the
 * global rank when srun starts one task per rank, as it does unless a
 * per-node launcher starts the ranks (torchrun, whose agent's lines are
 * launcher.* events: then a task is a node). A first failure that names
 * no rank takes the task of srun's report of the same cause on one task;
 * -1 when there is none, or reports of two tasks. */
static int64_t srun_task_rank(const struct ctx *c, const struct ev *first)
{
	int64_t rank = -1;
	struct fl_buf b = FL_BUF_INIT;
	for (size_t i = 0; i < c->nev; i++) {
		const struct ev *e = &c->ev[i];
		if (!strncmp(e->kind, "launcher.", 9)) {
			rank = -1;
			break;
		}
		if (strcmp(e->kind, "slurm.task_error") || !e->cause || !first->cause ||
		    strcmp(e->cause, first->cause) || !ev_field(e, "tasks", &b) ||
		    b.ptr[strspn(b.ptr, "0123456789")] != '\0')
			continue;
		int64_t task = strtoll(b.ptr, NULL, 10);
		if (rank >= 0 && task != rank) {
			rank = -1;
			break;
		}
		rank = task;
	}
	fl_buf_release(&b);
	return rank;
}

static void set_first(struct ctx *c, const struct ev *e)
{
	struct fl_first_failure *f = &c->a->first;
	f->set = true;
	f->rank = ev_global_rank(e);
	if (f->rank < 0)
		f->rank = srun_task_rank(c, e);
	/* a failure no line ties to a rank: torchrun's summary names the
	 * worker it saw fail first, another launcher's the one that exited */
	const struct ev *root = f->rank < 0 ? launcher_root_entry(c) : NULL;
	if (!root && f->rank < 0 && !c->a->hang.set)
		root = launcher_entry(c, "launcher.exit_code", false);
	if (root)
		f->rank = root->rank;
	const struct ev *local = f->rank < 0 && !c->a->hang.set ? launcher_local_entry(c) : NULL;
	if (local)
		f->rank = local->local_rank;
	/* a world of one (no rank seen beyond it) has one rank to fail */
	if (f->rank < 0 && c->world == 1)
		f->rank = 0;
	const char *host = e->host ? e->host : rank_host(c, f->rank);
	f->host = host ? fl_xstrdup(host) : NULL;
	f->ts = e->cts;
	f->kind = fl_xstrdup(e->kind);
	f->message = first_line(ev_text(c, e));
	f->file = fl_xstrdup(e->file);
	f->line = e->line;
}

static void ctx_release(struct ctx *c)
{
	fr_release(c);
	rank_fold_release(&c->rows.by_rank);
	free(c->ev);
	pool_release(&c->pool);
	free(c->waiting);
	hang_mismatch_release(&c->mismatch);
	free(c->init_open);
	for (size_t i = 0; i < c->nbuses; i++)
		free(c->buses[i].host);
	free(c->buses);
}

int fl_analyze_run(struct fl_store *s, int64_t run_id, struct fl_analysis **out,
		   struct fl_err *err)
{
	struct fl_analysis *a = fl_xcalloc(1, sizeof(*a));
	a->hang.seq = a->hang.timeout_ms = a->hang.p2p_sender = a->hang.p2p_receiver = -1;
	a->hang.diverging.rank = a->hang.majority.rank = -1;
	a->hang.onset_ts = FL_TIME_NONE;
	a->first.rank = -1;
	struct ctx c = { .s = s, .run = run_id, .a = a, .world = -1, .nodes = -1, .config_tp = -1,
			 .err = err };
	int rc = load_run(&c);
	if (!rc)
		rc = load_ranks(&c);
	if (!rc)
		rc = load_events(&c);
	if (!rc)
		rc = clock_offsets(&c);
	if (!rc) {
		correct_times(&c);
		verdict_after_kill(&c);
		verdict_after_timeout(&c);
		verdict_after_finish(&c);
		rc = config_collect(&c);
	}
	if (!rc)
		rc = series_collect(&c);
	if (!rc)
		rc = training_collect(&c);
	if (!rc)
		rc = world_collect(&c);
	if (!rc) {
		config_derive(&a->config);
		c.first = first_primary(&c);
		rc = hang_analyze(&c);
		/* in a hang, the workers the agents saw end were torn down */
		if (!rc && !c.first && !a->hang.set)
			c.first = launcher_entry(&c, "launcher.worker_failed", false);
		if (c.first)
			set_first(&c, c.first);
		/* an exit-code summary, or one node's launcher line for the
		 * worker it saw end, names the rank, not what went wrong: the
		 * first failure's place, while the evidence names the cause */
		const struct ev *exited = !rc && !c.first && !a->hang.set
						  ? launcher_entry(&c, "launcher.exit_code", false)
						  : NULL;
		if (!rc && !c.first && !exited && !a->hang.set)
			exited = launcher_local_entry(&c);
		if (exited)
			set_first(&c, exited);
	}
	if (!rc)
		rc = findings_collect(&c);
	if (!rc)
		rc = layout_collect(&c);
	if (!rc)
		rc = telemetry_analyze(&c);
	if (!rc) {
		a->status = verdict_status(&c, c.first);
		rc = rank_causes(&c, c.first);
	}
	if (!rc)
		rc = hca_ranks(&c);
	if (!rc) {
		telemetry_evidence(&c);
		rc = verdict_ranks(&c);
	}
	if (!rc) {
		world_silent_states(&c);
		rc = verdict_timeline(&c);
	}
	if (!rc) {
		verdict_summary(&c);
		verdict_signature(&c);
	}
	if (!rc)
		rc = c.text_rc; /* a quoted event's text could not be read */
	ctx_release(&c);
	if (rc) {
		fl_analysis_free(a);
		return rc;
	}
	*out = a;
	return FL_OK;
}

int fl_analysis_load(struct fl_store *s, int64_t run_id, struct fl_analysis **out,
		     struct fl_err *err)
{
	struct fl_analysis *a = fl_xcalloc(1, sizeof(*a));
	struct ctx c = { .s = s, .run = run_id, .a = a, .world = -1, .nodes = -1, .config_tp = -1,
			 .err = err };
	int rc = load_run(&c);
	if (!rc)
		rc = saved_load(&c);
	if (rc) {
		fl_analysis_free(a);
		return rc;
	}
	*out = a;
	return FL_OK;
}

int fl_analysis_get(struct fl_store *s, int64_t run_id, struct fl_analysis **out,
		    struct fl_err *err)
{
	int rc = fl_analysis_load(s, run_id, out, err);
	if (rc != FL_ENOTFOUND)
		return rc;
	fl_err_clear(err);
	return fl_analyze_run(s, run_id, out, err);
}

static void cause_release(struct fl_cause *k)
{
	free(k->explanation);
	evidence_release(&k->evidence);
	for (size_t i = 0; i < k->nrem; i++)
		free(k->remediation[i]);
	free(k->remediation);
	cause_hcas_release(k);
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
	free(a->hang.source);
	for (size_t i = 0; i < a->hang.nconflicts; i++) {
		free(a->hang.conflicts[i].source);
		free(a->hang.conflicts[i].field);
		free(a->hang.conflicts[i].value);
	}
	free(a->hang.conflicts);
	free(a->hang.no_dump);
	free(a->hang.diverging.collective);
	free(a->hang.diverging.frames);
	free(a->hang.majority.collective);
	free(a->hang.majority.frames);
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
	free(a->series);
	for (size_t i = 0; i < a->ngpus; i++) {
		free(a->gpus[i].host);
		free(a->gpus[i].bus_id);
		free(a->gpus[i].series);
	}
	free(a->gpus);
	free(a->config.dtype);
	free(a->training.gpu);
	free(a->config.activation_checkpointing);
	free(a->config.nccl_version);
	free(a->config.sharding);
	free(a->missing);
	for (size_t i = 0; i < a->npool; i++)
		free(a->pool[i]);
	free(a->pool);
	free(a);
}

struct save_ctx {
	const struct fl_analysis *a;
	struct fl_err *err;
};

static int save_step(struct fl_store *s, struct fl_stmt *st, enum q which, struct fl_err *err)
{
	if (fl_stmt_step(st) >= 0)
		return FL_OK;
	return fl_err_set(err, FL_EDB, "analysis query '%s' failed: %s", analyze_sql(which)->name,
			  fl_store_errmsg(s));
}

static int save_prepare(struct fl_store *s, enum q which, struct fl_stmt **st, struct fl_err *err)
{
	struct fl_err ignored;
	if (fl_store_prepare(s, analyze_sql(which)->text, st, &ignored))
		return fl_err_set(err, FL_EDB, "analysis query '%s' cannot run: %s",
				  analyze_sql(which)->name, fl_store_errmsg(s));
	return FL_OK;
}

static int save_fn(struct fl_store *s, void *p)
{
	const struct fl_analysis *a = ((struct save_ctx *)p)->a;
	struct fl_err *err = ((struct save_ctx *)p)->err;
	struct fl_stmt *st;
	int rc = save_prepare(s, Q_SAVE_RUN, &st, err);
	if (rc)
		return rc;
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
	rc = save_step(s, st, Q_SAVE_RUN, err);
	fl_stmt_free(st);
	if (rc || (rc = save_prepare(s, Q_SAVE_ANALYSIS, &st, err)))
		return rc;
	struct fl_buf doc = FL_BUF_INIT;
	saved_doc(a, &doc);
	fl_stmt_bind_int(st, 1, a->run_id);
	fl_stmt_bind_text(st, 2, saved_digest());
	fl_stmt_bind_text(st, 3, doc.ptr);
	fl_buf_reset(&doc);
	saved_ranks(a, &doc);
	fl_stmt_bind_text(st, 4, doc.ptr);
	fl_buf_release(&doc);
	rc = save_step(s, st, Q_SAVE_ANALYSIS, err);
	fl_stmt_free(st);
	if (rc || (rc = save_prepare(s, Q_SAVE_OFFSET, &st, err)))
		return rc;
	for (size_t i = 0; !rc && i < a->noffsets; i++) {
		fl_stmt_reset(st);
		fl_stmt_bind_int(st, 1, a->run_id);
		fl_stmt_bind_text(st, 2, a->offsets[i].host);
		fl_stmt_bind_int(st, 3, a->offsets[i].offset_us);
		rc = save_step(s, st, Q_SAVE_OFFSET, err);
	}
	fl_stmt_free(st);
	return rc;
}

int fl_analysis_save(struct fl_store *s, const struct fl_analysis *a, struct fl_err *err)
{
	struct save_ctx sc = { a, err };
	return fl_store_write(s, save_fn, &sc, err);
}
