/* SPDX-License-Identifier: MIT */
/*
 * findings.c - what is wrong or notable even when it did not end the job,
 * and what the logs say of the training loop and its configuration.
 *
 * Each finding id is fixed by the contract; each one's test is a query
 * over the run's tables plus a threshold written next to it.
 * Tested by: tests/e2e
 */
#include "analyze_int.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define LOW_MFU 0.30         /* contract, and the playbook: under 30% needs work */
#define GOOD_MFU 0.50        /* the playbook: 50% is good */
#define TOP_MFU 0.60         /* ... and 60% top of class */
#define STRAGGLER_RATIO 1.5  /* a rank's step time 1.5x the ranks' median */
#define RTT_RATIO 1.2        /* straggler detector: slowest 1.2x the fastest ... */
#define RTT_REPORTS 2        /* ... in at least this many reports */
#define LAG_INTERVALS 3      /* last progress this many log intervals behind */
#define STRAGGLERS_MAX 4     /* findings of this kind in one report */

void evidence_add_raw(struct fl_evidence_list *l, const char *file, int64_t line, int64_t rank,
		      const char *host, int64_t ts, const char *text)
{
	FL_GROW(l->v, l->cap, l->n + 1);
	struct fl_evidence *e = &l->v[l->n++];
	e->file = fl_xstrdup(file ? file : "");
	e->line = line > 0 ? line : 1;
	e->rank = rank;
	e->host = host ? fl_xstrdup(host) : NULL;
	e->ts = ts;
	e->text = fl_xstrdup(text ? text : "");
}

void evidence_add(struct ctx *c, struct fl_evidence_list *l, const struct ev *e)
{
	evidence_add_raw(l, e->file, e->line, e->rank, e->host, e->cts, ev_text(c, e));
}

void evidence_release(struct fl_evidence_list *l)
{
	for (size_t i = 0; i < l->n; i++) {
		free(l->v[i].file);
		free(l->v[i].host);
		free(l->v[i].text);
	}
	free(l->v);
	memset(l, 0, sizeof(*l));
}

void finding_add(struct fl_analysis *a, const char *id, const char *sev, char *message)
{
	a->findings = fl_xrealloc(a->findings, (a->nfindings + 1) * sizeof(*a->findings));
	struct fl_finding *f = &a->findings[a->nfindings++];
	memset(f, 0, sizeof(*f));
	f->id = id;
	f->severity = sev;
	f->message = message;
}

struct fl_finding *last_finding(struct fl_analysis *a)
{
	return &a->findings[a->nfindings - 1];
}

/* Adds the rows of a query (file, line, rank, host, ts, text) as evidence. */
static int query_evidence(struct ctx *c, struct fl_evidence_list *l, enum q which, int limit)
{
	struct fl_stmt *st;
	int rc = q_open(c, which, &st);
	if (rc)
		return rc;
	while ((int)l->n < limit && (rc = q_step(c, which, st)) == 1) {
		const char *host = fl_stmt_null(st, 3) ? NULL : fl_stmt_text(st, 3);
		int64_t ts = col_int(st, 4, FL_TIME_NONE);
		evidence_add_raw(l, fl_stmt_text(st, 0), fl_stmt_int(st, 1), col_int(st, 2, -1), host,
				 clock_correct(c, host, ts), fl_stmt_text(st, 5));
	}
	fl_stmt_free(st);
	return rc < 0 ? rc : FL_OK;
}

static int socket_fallback(struct ctx *c)
{
	/* Sockets between nodes, where RDMA was expected: socket channel
	 * connections while the job spans hosts, or IB is used elsewhere, or
	 * NCCL looked for IB and found none. Without channel lines, NCCL
	 * looking for IB, finding none and naming no other network (sockets
	 * are its default then) is the same fallback unless the logs show one
	 * node (nNodes 1, channel connections none of which is over a
	 * network, or every rank of the stated world on the one host);
	 * whether traffic crossed nodes is then known only when a
	 * communicator or launcher names two or more nodes or the job spans
	 * hosts (c->socket_unsure otherwise: a weaker cause). */
	struct fl_stmt *st;
	int rc = q_row(c, Q_SOCKET_CHANNELS, &st);
	if (rc)
		return rc;
	int64_t sock = col_int(st, 0, 0), ib = col_int(st, 1, 0), no_ib = col_int(st, 2, 0);
	int64_t chosen = col_int(st, 6, 0), nnodes = col_int(st, 7, 0);
	int64_t conns = col_int(st, 8, 0), net_conns = col_int(st, 9, 0), other = col_int(st, 10, 0);
	bool channels = sock > 0 && (ib > 0 || no_ib > 0 || c->a->nhosts >= 2);
	/* with no IB device, sockets are NCCL's network unless it names another */
	bool one_host_all = c->a->nhosts == 1 && c->world > 0 && c->a->nranks_seen >= c->world;
	bool chosen_alone = !channels && no_ib > 0 && (chosen > 0 || other == 0) && ib <= 0 &&
			    nnodes != 1 && !(conns > 0 && net_conns == 0) && !one_host_all;
	if (!channels && !chosen_alone) {
		fl_stmt_free(st);
		return FL_OK;
	}
	c->socket_unsure = chosen_alone && nnodes < 2 && c->a->nhosts < 2;
	/* which interface and hosts: what the on-call engineer checks first */
	struct fl_buf m = FL_BUF_INIT;
	fl_buf_adds(&m, channels ? "NCCL moved inter-node traffic over TCP sockets (NET/Socket"
				 : "NCCL found no IB device and chose TCP sockets for inter-node traffic"
				   " (NET/Socket");
	if (!fl_stmt_null(st, 3))
		fl_buf_printf(&m, " on %s", fl_stmt_text(st, 3));
	if (channels)
		fl_buf_printf(&m, ", %lld channel connections", (long long)sock);
	int64_t nhosts = col_int(st, 4, 0);
	if (nhosts > 0 && !fl_stmt_null(st, 5))
		fl_buf_printf(&m, "; host%s %s%s", nhosts > 1 ? "s" : "", fl_stmt_text(st, 5),
			      nhosts > 3 ? ", ..." : "");
	if (!channels && nnodes >= 2)
		fl_buf_printf(&m, "; %lld nodes", (long long)nnodes);
	fl_buf_printf(&m, ")%s", ib > 0 ? " while other ranks used InfiniBand"
			 : channels && no_ib > 0 ? "; NCCL found no IB device"
			 : c->socket_unsure ? "; the logs do not show whether the job spans nodes" : "");
	fl_stmt_free(st);
	finding_add(c->a, "socket_fallback", "warning", fl_buf_detach(&m));
	rc = query_evidence(c, &last_finding(c->a)->evidence, Q_SOCKET_TRANSPORTS, 3);
	return rc ? rc : query_evidence(c, &last_finding(c->a)->evidence, Q_SOCKET_EVENTS, 5);
}

static int version_mismatch(struct ctx *c)
{
	struct fl_stmt *st;
	int rc = q_row(c, Q_VERSIONS, &st);
	if (rc)
		return rc;
	int64_t n = col_int(st, 0, 0), explicit_ = col_int(st, 1, 0);
	fl_stmt_free(st);
	if (n < 2 && explicit_ == 0)
		return FL_OK;
	finding_add(c->a, "nccl_version_mismatch", "error",
		    fl_xasprintf("ranks report %lld different NCCL versions", (long long)(n < 2 ? 2 : n)));
	return query_evidence(c, &last_finding(c->a)->evidence, Q_VERSION_EVIDENCE, 6);
}

/* Ranks that reached one seq of a process group in different
 * collectives (hang.c's mismatch): a collective skipped or reordered on
 * some ranks, which no timeout raise or network check mends. */
static int collective_mismatch(struct ctx *c)
{
	const struct hang_mismatch *m = &c->mismatch;
	if (!m->op)
		return FL_OK;
	const struct fl_hang *h = &c->a->hang;
	struct fl_buf b = FL_BUF_INIT;
	hang_mismatch_ranks(&b, m);
	char with[32] = "the others";
	if (m->with_rank >= 0)
		snprintf(with, sizeof(with), "rank %lld", (long long)m->with_rank);
	finding_add(c->a, "collective_mismatch", "error",
		    fl_xasprintf("%s called %s at seq %lld%s%s where %s called %s: a collective was "
				 "skipped or reordered on some ranks",
				 b.ptr, m->op, (long long)h->seq, h->process_group ? " of process group " : "",
				 h->process_group ? h->process_group : "", with, m->with_op));
	fl_buf_release(&b);
	struct fl_evidence_list *l = &last_finding(c->a)->evidence;
	if (m->with_e)
		evidence_add(c, l, m->with_e);
	if (m->e)
		evidence_add(c, l, m->e);
	return FL_OK;
}

static int nonfinite(struct ctx *c)
{
	const struct fl_training *t = &c->a->training;
	struct fl_stmt *st;
	int rc = q_row(c, Q_NONFINITE, &st);
	if (rc)
		return rc;
	int64_t events = col_int(st, 0, 0), steps = col_int(st, 1, 0);
	fl_stmt_free(st);
	if (t->first_nonfinite_step < 0 && events == 0 && steps == 0)
		return FL_OK;
	char *msg = t->first_nonfinite_step >= 0
			    ? fl_xasprintf("loss or gradient norm became non-finite at step %lld",
					   (long long)t->first_nonfinite_step)
			    : fl_xstrdup("loss or gradient norm became non-finite");
	finding_add(c->a, "nonfinite_loss", "error", msg);
	return query_evidence(c, &last_finding(c->a)->evidence, Q_NONFINITE_EVIDENCE, 4);
}

/* A dynamic loss scale at or below this after overflows has collapsed.
 * The calibration of the first steps halves a huge initial scale (2^32 in
 * DeepSpeed and Megatron, 2^16 in apex, 2^7 in fairseq) until gradients
 * fit and settles well above it; halving from a healthy 2^10..2^16 down
 * to a few units takes a long overflow streak (the DeepSpeed cascades of
 * testdata/real train-015 and chinese-llama-alpaca-534 end at 2). */
#define COLLAPSED_SCALE 4.0
/* Logged lines none of whose iterations updated the model (below the
 * scalers' starting scales), at or above which the overflows are chronic
 * when no line after the first of them has a loss: every step overflows
 * at a settled scale (megatron-lm-602), and the run only looks alive. */
#define ALL_SKIPPED_LINES 3

static int loss_scale(struct ctx *c)
{
	struct fl_stmt *st;
	int rc = q_row(c, Q_LOSS_SCALE, &st);
	if (rc)
		return rc;
	/* step lines whose loss scale is printed as (nearly) zero */
	int64_t overflows = col_int(st, 0, 0), at_min = col_int(st, 1, 0), zero = c->rows.tiny_scale;
	int64_t skipped = c->rows.all_skipped;
	double min_scale = col_double(st, 2), min_lg = col_double(st, 3);
	fl_stmt_free(st);
	if (min_lg == min_lg && !(exp2(min_lg) >= min_scale))
		min_scale = exp2(min_lg);
	bool fp16 = overflows > 0 || at_min > 0 || zero > 0 || skipped > 0 ||
		    (c->a->config.dtype && !strcmp(c->a->config.dtype, "fp16"));
	if (fp16) {
		finding_add(c->a, "fp16_in_use", "info",
			    fl_xstrdup("the run trains in fp16 with dynamic loss scaling; bf16 is the "
				       "safer default on hardware that has it"));
	}
	/* Overflows while the scale settles early in a run are normal (it
	 * walks down from 2^16 or 2^32 and stays far above 1); a collapse is
	 * reaching the minimum, or repeated overflows down to a few units.
	 * A scale printed as zero in step lines (below ZERO_SCALE: fairseq's floor
	 * is 1e-4, the others' 1) is at the bottom whether or not the
	 * overflows are in the logs. */
	/* One overflow down to (nearly) zero is the bottom too: apex halves
	 * past any floor, to 0.0, and divides by it next. */
	bool fell = min_scale == min_scale &&
		    ((overflows >= 2 && min_scale <= COLLAPSED_SCALE) ||
		     (overflows >= 1 && min_scale < ZERO_SCALE));
	bool chronic = skipped >= ALL_SKIPPED_LINES && c->rows.loss_until < c->rows.skipped_from;
	if (at_min == 0 && zero == 0 && !fell && !chronic)
		return FL_OK;
	char *msg = at_min ? fl_xasprintf("fp16 loss scale reached its minimum after %lld overflows",
					  (long long)overflows)
		    : fell ? fl_xasprintf("fp16 loss scale fell %lld time%s, down to %g", (long long)overflows,
					  overflows == 1 ? "" : "s", min_scale)
		    : zero ? fl_xasprintf("fp16 loss scale is down to zero in %lld step line%s", (long long)zero,
					  zero == 1 ? "" : "s")
			   : fl_xasprintf("every iteration of %lld logged step lines was skipped for an fp16 "
					  "overflow, with no loss to print: the model is not training",
					  (long long)skipped);
	finding_add(c->a, "loss_scale_collapse", "error", msg);
	return query_evidence(c, &last_finding(c->a)->evidence, Q_LOSS_SCALE_EVIDENCE, 3);
}

static int xids(struct ctx *c)
{
	struct fl_stmt *st;
	int rc = q_open(c, Q_XIDS, &st);
	if (rc)
		return rc;
	while ((rc = q_step(c, Q_XIDS, st)) == 1) {
		int64_t xid = fl_stmt_int(st, 2);
		const char *cls = rules_xid_class(xid);
		char *what = rules_xid_text(xid);
		finding_add(c->a, "gpu_xid", !strcmp(cls, "hardware") ? "error" : "warning",
			    fl_xasprintf("%s on host %s, GPU %s, %lld time(s)", what,
					 fl_stmt_null(st, 0) ? "unknown" : fl_stmt_text(st, 0),
					 fl_stmt_text(st, 1), (long long)fl_stmt_int(st, 3)));
		free(what);
		const struct ev *e = ev_by_id(c, fl_stmt_int(st, 4));
		if (e)
			evidence_add(c, &last_finding(c->a)->evidence, e);
	}
	fl_stmt_free(st);
	return rc;
}

static void skew(struct ctx *c)
{
	if (!c->a->noffsets)
		return;
	struct fl_buf b = FL_BUF_INIT;
	fl_buf_adds(&b, "host clocks disagree; times were corrected by");
	for (size_t i = 0; i < c->a->noffsets; i++)
		fl_buf_printf(&b, "%s %s %+.3f s", i ? "," : "", c->a->offsets[i].host,
			      c->a->offsets[i].offset_us / 1e6);
	finding_add(c->a, "clock_skew", "warning", fl_buf_detach(&b));
}

/* The playbook's band of an MFU. */
static const char *mfu_band(double mfu)
{
	return mfu < LOW_MFU ? "needs work" : mfu < GOOD_MFU ? "fair" : mfu < TOP_MFU ? "good"
										: "top of class";
}

/* The last step line with a throughput, and the lines that named the GPU
 * and stated the model size. */
static int mfu_evidence(struct ctx *c, struct fl_evidence_list *l)
{
	struct fl_stmt *st;
	int rc = q_open(c, Q_MFU_EVIDENCE, &st);
	if (rc)
		return rc;
	while ((rc = q_step(c, Q_MFU_EVIDENCE, st)) == 1) {
		const char *host = fl_stmt_null(st, 3) ? NULL : fl_stmt_text(st, 3);
		char *text = fl_stmt_null(st, 5)
				     ? fl_xasprintf("step %lld: mfu %s, tokens/s per GPU %s, TFLOPS %s",
						    (long long)fl_stmt_int(st, 6),
						    fl_stmt_null(st, 7) ? "-" : fl_stmt_text(st, 7),
						    fl_stmt_null(st, 8) ? "-" : fl_stmt_text(st, 8),
						    fl_stmt_null(st, 9) ? "-" : fl_stmt_text(st, 9))
				     : fl_xstrdup(fl_stmt_text(st, 5));
		evidence_add_raw(l, fl_stmt_text(st, 0), fl_stmt_int(st, 1), col_int(st, 2, -1), host,
				 clock_correct(c, host, col_int(st, 4, FL_TIME_NONE)), text);
		free(text);
	}
	fl_stmt_free(st);
	return rc < 0 ? rc : FL_OK;
}

static int low_mfu(struct ctx *c)
{
	const struct fl_training *t = &c->a->training;
	double mfu = t->mfu;
	if (!(mfu == mfu && mfu >= 0 && mfu < LOW_MFU))
		return FL_OK;
	struct fl_buf b = FL_BUF_INIT;
	fl_buf_printf(&b, "model FLOPs utilisation is %.1f%%: %s (under %.0f%% needs work, %.0f%% is "
		      "good, %.0f%% top of class)", mfu * 100, mfu_band(mfu), LOW_MFU * 100,
		      GOOD_MFU * 100, TOP_MFU * 100);
	if (t->mfu_source && strcmp(t->mfu_source, "logged"))
		fl_buf_printf(&b, "; computed as %s against the %.1f TFLOPS dense %s peak of the %s",
			      !strcmp(t->mfu_source, "params") ? "6 x parameters x tokens/s per GPU"
							       : "the logged TFLOPS per GPU",
			      t->mfu_peak_tflops, t->mfu_peak_dtype, t->gpu);
	else
		fl_buf_adds(&b, ", as the framework logged it");
	finding_add(c->a, "low_mfu", "warning", fl_buf_detach(&b));
	return mfu_evidence(c, &last_finding(c->a)->evidence);
}

/* ---- stragglers ---- */

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* The lower median of n values (the smaller middle one): with two ranks,
 * the faster is the reference the slower is judged against. */
static double lower_median(double *v, size_t n)
{
	qsort(v, n, sizeof(*v), cmp_double);
	return v[(n - 1) / 2];
}

static int straggler_add(struct ctx *c, char *msg, const struct rank_steps *r, const char *text)
{
	struct fl_stmt *st;
	finding_add(c->a, "straggler", "warning", msg);
	if (r->file) {
		evidence_add_raw(&last_finding(c->a)->evidence, r->file, r->line, r->rank, r->host,
				 clock_correct(c, r->host, r->ts), text);
		return FL_OK;
	}
	int rc = q_open(c, Q_FILE_PATH, &st);
	if (rc)
		return rc;
	fl_stmt_bind_int(st, 2, r->fid);
	if ((rc = q_step(c, Q_FILE_PATH, st)) == 1)
		evidence_add_raw(&last_finding(c->a)->evidence, fl_stmt_text(st, 0), r->line, r->rank,
				 r->host, clock_correct(c, r->host, r->ts), text);
	fl_stmt_free(st);
	return rc < 0 ? rc : FL_OK;
}

static size_t count_findings(const struct fl_analysis *a, const char *id)
{
	size_t n = 0;
	for (size_t i = 0; i < a->nfindings; i++)
		n += !strcmp(a->findings[i].id, id);
	return n;
}

/* Ranks whose own step lines stand out: a mean step time STRAGGLER_RATIO
 * times the ranks' median, or a last logged step LAG_INTERVALS log
 * intervals behind the ranks' (not the first failing rank: it stopped
 * because it failed). Needs at least two ranks that log steps. */
static int judge_rank_steps(struct ctx *c, struct rank_steps *r, size_t n)
{
	double *v = fl_xmalloc(n * sizeof(*v));
	size_t nt = 0, ni = 0;
	for (size_t i = 0; i < n; i++)
		if (r[i].iter_ms == r[i].iter_ms)
			v[nt++] = r[i].iter_ms;
	double med_t = nt >= 2 ? lower_median(v, nt) : NAN;
	for (size_t i = 0; i < n; i++)
		v[i] = (double)r[i].last;
	double top = n ? v[0] : 0;
	for (size_t i = 1; i < n; i++)
		top = v[i] > top ? v[i] : top;
	for (size_t i = 0; i < n; i++)
		if (r[i].n >= 2)
			v[ni++] = (double)(r[i].last - r[i].first) / (double)(r[i].n - 1);
	double interval = ni ? lower_median(v, ni) : 0;
	free(v);
	int64_t failed = c->a->first.set ? c->a->first.rank : -1;
	int rc = FL_OK;
	for (size_t i = 0; !rc && i < n && count_findings(c->a, "straggler") < STRAGGLERS_MAX; i++) {
		char text[96];
		snprintf(text, sizeof(text), "step %lld: %.0f ms per step", (long long)r[i].last,
			 r[i].iter_ms);
		if (med_t == med_t && r[i].iter_ms > STRAGGLER_RATIO * med_t)
			rc = straggler_add(c, fl_xasprintf("rank %lld (%s) takes %.0f ms per step against "
						      "%.0f ms on the other ranks",
						      (long long)r[i].rank, r[i].host ? r[i].host : "host unknown",
						      r[i].iter_ms, med_t),
				      &r[i], text);
		else if (n >= 2 && interval > 0 && r[i].rank != failed &&
			 (double)r[i].last < top - LAG_INTERVALS * interval)
			rc = straggler_add(c, fl_xasprintf("rank %lld (%s) last logged step %lld while the "
						      "others reached step %.0f",
						      (long long)r[i].rank, r[i].host ? r[i].host : "host unknown",
						      (long long)r[i].last, top),
				      &r[i], text);
	}
	return rc;
}

static int cmp_rank_steps(const void *x, const void *y)
{
	int64_t a = ((const struct rank_steps *)x)->rank, b = ((const struct rank_steps *)y)->rank;
	return (a > b) - (a < b);
}

/* Slot of rank in a table of cap (a power of two) indices into r, -1 free. */
static size_t rank_slot(const int64_t *tab, size_t cap, const struct rank_steps *r, int64_t rank)
{
	size_t i = (size_t)fl_fnv1a_word(FL_FNV1A_INIT, (uint64_t)rank) & (cap - 1);
	while (tab[i] >= 0 && r[tab[i]].rank != rank)
		i = (i + 1) & (cap - 1);
	return i;
}

/* One step row folded into its rank's entry: the last row is the one of
 * the highest step, then line; the host, the greatest named. */
void rank_steps_fold(struct rank_fold *f, int64_t rank, const char *host, int64_t step,
		     double iter_ms, int64_t fid, int64_t line, int64_t ts)
{
	if (2 * (f->n + 1) > f->tcap) {
		free(f->tab);
		f->tcap = f->tcap ? 2 * f->tcap : 1024;
		f->tab = fl_xmalloc(f->tcap * sizeof(*f->tab));
		memset(f->tab, 0xff, f->tcap * sizeof(*f->tab)); /* -1 */
		for (size_t i = 0; i < f->n; i++)
			f->tab[rank_slot(f->tab, f->tcap, f->r, f->r[i].rank)] = (int64_t)i;
	}
	size_t k = rank_slot(f->tab, f->tcap, f->r, rank);
	bool first = f->tab[k] < 0;
	if (first) {
		FL_GROW(f->r, f->cap, f->n + 1);
		f->r[f->n] = (struct rank_steps){ .rank = rank };
		f->tab[k] = (int64_t)f->n++;
	}
	struct rank_steps *g = &f->r[f->tab[k]];
	if (iter_ms == iter_ms) {
		g->sum += iter_ms;
		g->nt++;
	}
	if (host && (!g->host || (host != g->host && strcmp(host, g->host) > 0)))
		g->host = host;
	if (first || step > g->last || (step == g->last && line > g->line)) {
		g->fid = fid;
		g->line = line;
		g->ts = ts;
	}
	g->first = first || step < g->first ? step : g->first;
	g->last = first || step > g->last ? step : g->last;
	g->n++;
}

void rank_fold_done(struct rank_fold *f)
{
	free(f->tab);
	f->tab = NULL;
	f->tcap = 0;
}

void rank_fold_release(struct rank_fold *f)
{
	free(f->r);
	free(f->tab);
	*f = (struct rank_fold){ 0 };
}

/* Per rank that logged steps: host, mean step time over its kept rows
 * (its last lines), first and last step kept, rows, and its last row for
 * evidence. The rows were read once, in the order they were written, by
 * clock.c's walk and folded by rank_steps_fold(): SQL's window over them
 * sorted every row (1.5 s of the 10 s of CPU of an 8,192-rank run). */
static int rank_steps(struct ctx *c)
{
	struct rank_fold *f = &c->rows.by_rank;
	struct rank_steps *r = f->r;
	size_t n = f->n;
	for (size_t i = 0; i < n; i++)
		r[i].iter_ms = r[i].nt ? r[i].sum / (double)r[i].nt : NAN;
	if (n)
		qsort(r, n, sizeof(*r), cmp_rank_steps);
	int rc = n >= 2 ? judge_rank_steps(c, r, n) : FL_OK;
	rank_fold_release(f);
	return rc;
}

/* Megatron's straggler detector names the slowest rank of each interval:
 * one that is slowest, and well above the fastest, again and again. */
static int rank_timing(struct ctx *c)
{
	struct fl_stmt *st;
	int rc = q_open(c, Q_RANK_TIMING, &st);
	if (rc)
		return rc;
	fl_stmt_bind_double(st, 2, RTT_RATIO);
	while ((rc = q_step(c, Q_RANK_TIMING, st)) == 1 &&
	       count_findings(c->a, "straggler") < STRAGGLERS_MAX) {
		int64_t times = fl_stmt_int(st, 1);
		if (times < RTT_REPORTS)
			continue;
		struct rank_steps r = { .rank = fl_stmt_int(st, 0),
					.host = fl_stmt_null(st, 5) ? NULL : fl_stmt_text(st, 5),
					.file = fl_stmt_text(st, 6),
					.line = fl_stmt_int(st, 7),
					.ts = col_int(st, 8, FL_TIME_NONE) };
		straggler_add(c, fl_xasprintf("rank %lld (%s) was the slowest rank in %lld of %lld "
					      "straggler-detector reports: %.0f ms per iteration "
					      "against %.0f ms on the fastest",
					      (long long)r.rank, r.host ? r.host : "host unknown",
					      (long long)times, (long long)fl_stmt_int(st, 2),
					      fl_stmt_double(st, 3), fl_stmt_double(st, 4)),
			      &r, fl_stmt_text(st, 9));
	}
	fl_stmt_free(st);
	return rc < 0 ? rc : FL_OK;
}

static int straggler(struct ctx *c)
{
	int rc = rank_timing(c);
	if (!rc)
		rc = rank_steps(c);
	/* A hung job's stuck ranks are stragglers by their last progress;
	 * a mismatched rank reached another collective (its own finding). */
	for (size_t i = 0, n = 0; !rc && i < c->a->hang.nstuck && n < 4 && !c->a->first.set; i++) {
		if (hang_mismatched(&c->mismatch, c->a->hang.stuck[i]))
			continue;
		finding_add(c->a, "straggler", "warning",
			    fl_xasprintf("rank %lld never reached the collective the others waited in",
					 (long long)c->a->hang.stuck[i]));
		n++;
	}
	return rc;
}

/* world = TP x PP x CP x DP (expert parallelism splits the data-parallel
 * ranks, it does not multiply them), checked on stated sizes only: a
 * derived DP satisfies it by construction. */
static void parallel_sizes(struct fl_analysis *a)
{
	const struct fl_config *k = &a->config;
	int64_t cp = k->context_parallel_size > 0 ? k->context_parallel_size : 1;
	int64_t tp = k->tensor_parallel_size, pp = k->pipeline_parallel_size;
	if (k->world_size <= 0 || (tp <= 0 && pp <= 0))
		return;
	tp = tp > 0 ? tp : 1;
	pp = pp > 0 ? pp : 1;
	if (k->data_parallel_size <= 0) {
		/* no DP could be derived: the model-parallel sizes do not divide the world */
		if (k->world_size % (tp * pp * cp) != 0)
			finding_add(a, "parallel_size_mismatch", "warning",
				    fl_xasprintf("world size %lld is not a multiple of tensor %lld x "
						 "pipeline %lld x context %lld = %lld",
						 (long long)k->world_size, (long long)tp, (long long)pp,
						 (long long)cp, (long long)(tp * pp * cp)));
		return;
	}
	if (k->derived & FL_CFG_DERIVED_DP)
		return;
	int64_t product = tp * pp * cp * k->data_parallel_size;
	if (product == k->world_size)
		return;
	finding_add(a, "parallel_size_mismatch", "warning",
		    fl_xasprintf("world size %lld differs from tensor %lld x pipeline %lld x context "
				 "%lld x data parallel %lld = %lld",
				 (long long)k->world_size, (long long)tp, (long long)pp, (long long)cp,
				 (long long)k->data_parallel_size, (long long)product));
}

static int batch_config(struct ctx *c)
{
	const struct fl_config *k = &c->a->config;
	if (k->global_batch_size > 0 && k->micro_batch_size > 0 && k->grad_accum_steps > 0 &&
	    k->data_parallel_size > 0 &&
	    k->global_batch_size != k->micro_batch_size * k->grad_accum_steps * k->data_parallel_size)
		finding_add(c->a, "gbs_mismatch", "warning",
			    fl_xasprintf("global batch size %lld differs from micro batch %lld x "
					 "accumulation %lld x data parallel %lld%s = %lld",
					 (long long)k->global_batch_size, (long long)k->micro_batch_size,
					 (long long)k->grad_accum_steps, (long long)k->data_parallel_size,
					 k->derived & FL_CFG_DERIVED_DP ? " (from the world size)" : "",
					 (long long)(k->micro_batch_size * k->grad_accum_steps *
						     k->data_parallel_size)));
	parallel_sizes(c->a);
	struct fl_stmt *st;
	int rc = q_row(c, Q_RANKS_PER_HOST, &st);
	if (rc)
		return rc;
	int64_t per_host = col_int(st, 0, -1);
	fl_stmt_free(st);
	if (k->tensor_parallel_size > 1 && per_host > 0 && k->tensor_parallel_size > per_host)
		finding_add(c->a, "tp_crosses_nodes", "warning",
			    fl_xasprintf("tensor parallel size %lld exceeds the %lld ranks per host: "
					 "tensor-parallel traffic crosses nodes",
					 (long long)k->tensor_parallel_size, (long long)per_host));
	return FL_OK;
}

int findings_collect(struct ctx *c)
{
	mfu_compute(c);
	int (*const passes[])(struct ctx *) = { socket_fallback, version_mismatch, collective_mismatch,
						 nonfinite, trend_findings, loss_scale, xids };
	int rc = FL_OK;
	for (size_t i = 0; !rc && i < sizeof(passes) / sizeof(passes[0]); i++)
		rc = passes[i](c);
	if (rc)
		return rc;
	skew(c);
	rc = low_mfu(c);
	if (!rc)
		rc = straggler(c);
	return rc ? rc : batch_config(c);
}

/* ---- training and configuration ---- */

/* A mean is a sum over ranks divided by a count, and the shards of a
 * merged job add their sums in another order than one ingest does: the
 * last bits differ. Twelve significant digits are more than any logged
 * metric has, and the same either way. */
static double significant(double v)
{
	char buf[32];
	if (v != v)
		return v;
	snprintf(buf, sizeof(buf), "%.12g", v);
	return strtod(buf, NULL);
}

/* The last logged loss, tokens/s, TFLOPS, MFU, loss scale, learning
 * rate, gradient norm and step time (STEP_* order), NaN where never
 * logged; with step numbers, series_collect() found them. */
static int last_by_line(struct ctx *c, double *last)
{
	struct fl_stmt *st;
	int rc = q_row(c, Q_LAST_BY_LINE, &st);
	if (rc)
		return rc;
	for (int k = 0; k < STEP_NLAST; k++)
		last[k] = col_double(st, k);
	fl_stmt_free(st);
	return FL_OK;
}

/* Training numbers come from the per-step means (v_step_stats: sums of
 * each step over the ranks that logged it), read for this run only. */
int training_collect(struct ctx *c)
{
	struct fl_training *t = &c->a->training;
	struct fl_stmt *st;
	int rc = q_row(c, Q_TRAINING, &st);
	if (rc)
		return rc;
	t->last_step = col_int(st, 0, -1);
	int64_t with_steps = col_int(st, 1, 0);
	bool by_step = with_steps > 0;
	t->steps = by_step ? with_steps : col_int(st, 2, 0);
	t->first_nonfinite_step = col_int(st, 3, -1);
	double overflow_scale = col_double(st, 4);
	fl_stmt_free(st);
	double by_line[STEP_NLAST];
	if (!by_step && (rc = last_by_line(c, by_line)))
		return rc;
	const double *last = by_step ? c->steps.last : by_line;
	t->loss_last = significant(last[STEP_LOSS]);
	t->tokens_per_s_per_gpu = significant(last[STEP_TOKENS]);
	t->tflops_per_gpu = significant(last[STEP_TFLOPS]);
	t->mfu = significant(last[STEP_MFU]);
	t->loss_scale_last = significant(last[STEP_LOSS_SCALE]);
	t->lr_last = significant(last[STEP_LR]);
	t->grad_norm_last = significant(last[STEP_GRAD_NORM]);
	t->iter_ms_last = significant(last[STEP_ITER_MS]);
	if (t->loss_scale_last != t->loss_scale_last)
		t->loss_scale_last = overflow_scale;
	if ((rc = q_row(c, Q_MODEL, &st)))
		return rc;
	t->params = col_double(st, 0);
	t->gpu = dup_or_null(st, 1);
	fl_stmt_free(st);
	t->mfu_peak_tflops = NAN;
	t->mfu_source = t->mfu_peak_dtype = NULL;
	return FL_OK;
}
