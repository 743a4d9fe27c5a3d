/* SPDX-License-Identifier: MIT */
/*
 * saved.c - the analysis of a run, kept in the store so that `report`
 * does not redo it.
 *
 * fl_analysis_save() writes the whole struct fl_analysis as one JSON
 * document (table analyses, schema step 2 -> 3) with the digest of the
 * analysis code that made it (FL_ANALYSIS_DIGEST, computed by the build
 * from src/analyze/ and the headers it depends on). fl_analysis_load()
 * reads it back through SQL's JSON functions, with a few statements that
 * each walk one list of the document; an analysis saved by other code is
 * not used (FL_ENOTFOUND), so that a changed rule applies to old runs at
 * the next `reanalyze` or `analyze`, and `report` analyses them afresh
 * meanwhile.
 *
 * The document is a JSON array, by position (DOC_*): doubles are written
 * in hexadecimal ("%a") so that they read back bit for bit, unknown
 * times and NaN as null. The rank states, one per rank, are a second
 * array in their own column: the statements that read the rest do not
 * parse them, and the one that reads them streams them in order.
 * Tested by: tests/e2e/test_history.c (report of a saved run), test_sql.c
 */
#include "analyze_int.h"

#include "analysis_digest.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Positions in the document; analyze_sql.c's Q_SAVED_* statements are
 * given these as paths ("$[8]"). */
enum {
	DOC_STATUS, DOC_SUMMARY, DOC_SIGNATURE, DOC_MISSING, DOC_FIRST, DOC_HANG, DOC_STUCK,
	DOC_HANG_EVIDENCE, DOC_CAUSES, DOC_FINDINGS, DOC_OFFSETS, DOC_TIMELINE, DOC_TRAINING,
	DOC_CONFIG, DOC_WORLD, DOC_HANG_CONFLICTS, DOC_SERIES, DOC_GPUS, DOC_FR, DOC_NO_DUMP, DOC_N
};
/* Within a cause: id, confidence, explanation, score, evidence, remediation,
 * failed HCAs ([host, device, "ranks"]); within a finding: id, severity,
 * message, evidence; within a GPU: its scalars (put_gpus()), then its
 * series. */
enum { CAUSE_EVIDENCE = 4, CAUSE_REMEDIATION = 5, CAUSE_HCAS = 6, FINDING_EVIDENCE = 3,
       GPU_SERIES = 16 };

/* ---- writing ---- */

static void put_str(struct fl_buf *b, const char *s)
{
	if (s)
		fl_json_str(b, s, strlen(s));
	else
		fl_buf_adds(b, "null");
}

static void put_int(struct fl_buf *b, int64_t v)
{
	if (v == FL_TIME_NONE)
		fl_buf_adds(b, "null");
	else
		fl_buf_printf(b, "%lld", (long long)v);
}

static void put_double(struct fl_buf *b, double v)
{
	if (v != v)
		fl_buf_adds(b, "null");
	else
		fl_buf_printf(b, "\"%a\"", v);
}

static void put_evidence(struct fl_buf *b, const struct fl_evidence_list *l)
{
	fl_buf_addc(b, '[');
	for (size_t i = 0; i < l->n; i++) {
		const struct fl_evidence *e = &l->v[i];
		fl_buf_adds(b, i ? ",[" : "[");
		put_str(b, e->file);
		fl_buf_addc(b, ',');
		put_int(b, e->line);
		fl_buf_addc(b, ',');
		put_int(b, e->rank);
		fl_buf_addc(b, ',');
		put_str(b, e->host);
		fl_buf_addc(b, ',');
		put_int(b, e->ts);
		fl_buf_addc(b, ',');
		put_str(b, e->text);
		fl_buf_addc(b, ']');
	}
	fl_buf_addc(b, ']');
}

static void put_cause(struct fl_buf *b, const struct fl_cause *k)
{
	fl_buf_addc(b, '[');
	put_str(b, k->id);
	fl_buf_addc(b, ',');
	put_str(b, k->confidence);
	fl_buf_addc(b, ',');
	put_str(b, k->explanation);
	fl_buf_printf(b, ",%d,", k->score);
	put_evidence(b, &k->evidence);
	fl_buf_adds(b, ",[");
	/* each step in an array of its own: every nested row is an array */
	for (size_t i = 0; i < k->nrem; i++) {
		fl_buf_adds(b, i ? ",[" : "[");
		put_str(b, k->remediation[i]);
		fl_buf_addc(b, ']');
	}
	fl_buf_adds(b, "],[");
	/* the ranks as one text: a nested row's items are read as scalars */
	for (size_t i = 0; i < k->nhcas; i++) {
		const struct fl_cause_hca *h = &k->hcas[i];
		fl_buf_adds(b, i ? ",[" : "[");
		put_str(b, h->host);
		fl_buf_addc(b, ',');
		put_str(b, h->device);
		fl_buf_adds(b, ",\"");
		for (size_t r = 0; r < h->nranks; r++)
			fl_buf_printf(b, "%s%lld", r ? " " : "", (long long)h->ranks[r]);
		fl_buf_adds(b, "\"]");
	}
	fl_buf_adds(b, "]]");
}

static void put_head(struct fl_buf *b, const struct fl_analysis *a)
{
	const struct fl_first_failure *f = &a->first;
	const struct fl_hang *h = &a->hang;
	fl_buf_addc(b, '[');
	put_str(b, a->status);
	fl_buf_addc(b, ',');
	put_str(b, a->summary);
	fl_buf_addc(b, ',');
	put_str(b, a->signature);
	fl_buf_addc(b, ',');
	put_str(b, a->missing);
	fl_buf_printf(b, ",[%d,", f->set);
	put_int(b, f->rank);
	fl_buf_addc(b, ',');
	put_str(b, f->host);
	fl_buf_addc(b, ',');
	put_int(b, f->ts);
	fl_buf_addc(b, ',');
	put_str(b, f->kind);
	fl_buf_addc(b, ',');
	put_str(b, f->message);
	fl_buf_addc(b, ',');
	put_str(b, f->file);
	fl_buf_addc(b, ',');
	put_int(b, f->line);
	fl_buf_printf(b, "],[%d,", h->set);
	put_str(b, h->collective);
	fl_buf_addc(b, ',');
	put_int(b, h->seq);
	fl_buf_addc(b, ',');
	put_str(b, h->process_group);
	fl_buf_addc(b, ',');
	put_int(b, h->timeout_ms);
	fl_buf_addc(b, ',');
	put_str(b, h->source);
	fl_buf_addc(b, ',');
	put_int(b, h->onset_ts);
	fl_buf_addc(b, ',');
	put_str(b, h->onset_source);
	fl_buf_printf(b, ",%lld,%lld", (long long)h->p2p_sender, (long long)h->p2p_receiver);
	fl_buf_adds(b, "],[");
	for (size_t i = 0; i < h->nstuck; i++)
		fl_buf_printf(b, "%s%lld", i ? "," : "", (long long)h->stuck[i]);
	fl_buf_adds(b, "],");
	put_evidence(b, &h->evidence);
}

static void put_lists(struct fl_buf *b, const struct fl_analysis *a)
{
	fl_buf_adds(b, ",[");
	put_cause(b, &a->likely);
	for (size_t i = 0; i < a->nothers; i++) {
		fl_buf_addc(b, ',');
		put_cause(b, &a->others[i]);
	}
	fl_buf_adds(b, "],[");
	for (size_t i = 0; i < a->nfindings; i++) {
		const struct fl_finding *f = &a->findings[i];
		fl_buf_adds(b, i ? ",[" : "[");
		put_str(b, f->id);
		fl_buf_addc(b, ',');
		put_str(b, f->severity);
		fl_buf_addc(b, ',');
		put_str(b, f->message);
		fl_buf_addc(b, ',');
		put_evidence(b, &f->evidence);
		fl_buf_addc(b, ']');
	}
	fl_buf_adds(b, "],[");
	for (size_t i = 0; i < a->noffsets; i++) {
		fl_buf_adds(b, i ? ",[" : "[");
		put_str(b, a->offsets[i].host);
		fl_buf_printf(b, ",%lld,%d]", (long long)a->offsets[i].offset_us, a->offsets[i].samples);
	}
	fl_buf_adds(b, "],[");
	for (size_t i = 0; i < a->ntimeline; i++) {
		const struct fl_timeline_entry *t = &a->timeline[i];
		fl_buf_adds(b, i ? ",[" : "[");
		put_int(b, t->ts);
		fl_buf_addc(b, ',');
		put_int(b, t->rank);
		fl_buf_addc(b, ',');
		put_str(b, t->host);
		fl_buf_addc(b, ',');
		put_str(b, t->kind);
		fl_buf_printf(b, ",%d,%d,", t->severity, t->primary);
		put_str(b, t->file);
		fl_buf_printf(b, ",%lld,", (long long)t->line);
		put_str(b, t->text);
		fl_buf_addc(b, ']');
	}
	fl_buf_addc(b, ']');
}

static void put_numbers(struct fl_buf *b, const struct fl_analysis *a)
{
	const struct fl_training *t = &a->training;
	const struct fl_config *k = &a->config;
	fl_buf_printf(b, ",[%lld,%lld,%lld,", (long long)t->last_step,
		      (long long)t->first_nonfinite_step, (long long)t->steps);
	const double d[] = { t->loss_last,	t->tokens_per_s_per_gpu, t->tflops_per_gpu,
			     t->mfu,		t->loss_scale_last,	  t->lr_last,
			     t->grad_norm_last, t->iter_ms_last,	  t->params,
			     t->mfu_peak_tflops };
	for (size_t i = 0; i < sizeof(d) / sizeof(d[0]); i++) {
		if (i)
			fl_buf_addc(b, ',');
		put_double(b, d[i]);
	}
	const char *s[] = { t->mfu_source, t->mfu_peak_dtype, t->gpu };
	for (size_t i = 0; i < sizeof(s) / sizeof(s[0]); i++) {
		fl_buf_addc(b, ',');
		put_str(b, s[i]);
	}
	fl_buf_printf(b, "],[%lld,%lld,%lld,%lld,%lld,%lld,%lld,%lld,", (long long)k->micro_batch_size,
		      (long long)k->grad_accum_steps, (long long)k->global_batch_size,
		      (long long)k->data_parallel_size, (long long)k->tensor_parallel_size,
		      (long long)k->pipeline_parallel_size, (long long)k->seq_length,
		      (long long)k->world_size);
	put_str(b, k->dtype);
	fl_buf_addc(b, ',');
	put_str(b, k->activation_checkpointing);
	fl_buf_addc(b, ',');
	put_str(b, k->nccl_version);
	fl_buf_printf(b, ",%lld,%lld,", (long long)k->context_parallel_size,
		      (long long)k->expert_parallel_size);
	put_str(b, k->sharding);
	fl_buf_printf(b, ",%u", k->derived);
	/* the world: stated size (runs.ranks when none), ranks seen */
	fl_buf_printf(b, "],[%lld,%lld]", (long long)a->nranks, (long long)a->nranks_seen);
}

static void put_conflicts(struct fl_buf *b, const struct fl_hang *h)
{
	fl_buf_adds(b, ",[");
	for (size_t i = 0; i < h->nconflicts; i++) {
		fl_buf_adds(b, i ? ",[" : "[");
		put_str(b, h->conflicts[i].source);
		fl_buf_addc(b, ',');
		put_str(b, h->conflicts[i].field);
		fl_buf_addc(b, ',');
		put_str(b, h->conflicts[i].value);
		fl_buf_addc(b, ']');
	}
	fl_buf_addc(b, ']');
}

static void put_series(struct fl_buf *b, const struct fl_analysis *a)
{
	fl_buf_adds(b, ",[");
	for (size_t i = 0; i < a->nseries; i++) {
		const struct fl_step_point *p = &a->series[i];
		fl_buf_printf(b, "%s[%lld", i ? "," : "", (long long)p->step);
		const double d[] = { p->loss, p->grad_norm, p->tokens_per_s, p->tflops, p->mfu };
		for (size_t j = 0; j < sizeof(d) / sizeof(d[0]); j++) {
			fl_buf_addc(b, ',');
			put_double(b, d[j]);
		}
		fl_buf_addc(b, ']');
	}
	fl_buf_addc(b, ']');
}

static void put_gpus(struct fl_buf *b, const struct fl_analysis *a)
{
	fl_buf_adds(b, ",[");
	for (size_t i = 0; i < a->ngpus; i++) {
		const struct fl_gpu *g = &a->gpus[i];
		fl_buf_adds(b, i ? ",[" : "[");
		put_str(b, g->host);
		fl_buf_printf(b, ",%lld,", (long long)g->index);
		put_str(b, g->bus_id);
		fl_buf_printf(b, ",%lld,", (long long)g->rank);
		put_str(b, g->source);
		fl_buf_printf(b, ",%lld,", (long long)g->samples);
		put_int(b, g->first_ts);
		fl_buf_addc(b, ',');
		put_int(b, g->last_ts);
		const double d[] = { g->power_mean, g->power_max, g->util_mean, g->power_last,
				     g->util_last };
		for (size_t k = 0; k < sizeof(d) / sizeof(d[0]); k++) {
			fl_buf_addc(b, ',');
			put_double(b, d[k]);
		}
		fl_buf_addc(b, ',');
		put_int(b, g->idle_ts);
		fl_buf_addc(b, ',');
		put_str(b, g->state);
		fl_buf_printf(b, ",%d,[", g->outlier);
		for (size_t k = 0; k < g->nseries; k++) {
			fl_buf_adds(b, k ? ",[" : "[");
			put_int(b, g->series[k].ts);
			fl_buf_addc(b, ',');
			put_double(b, g->series[k].power_w);
			fl_buf_addc(b, ',');
			put_double(b, g->series[k].util_pct);
			fl_buf_addc(b, ']');
		}
		fl_buf_adds(b, "]]");
	}
	fl_buf_addc(b, ']');
}

static void put_frames(struct fl_buf *b, const struct fl_hang_frames *f)
{
	fl_buf_printf(b, ",%lld,", (long long)f->rank);
	put_str(b, f->collective);
	fl_buf_printf(b, ",%lld,", (long long)f->seq);
	put_str(b, f->frames);
}

/* What Flight Recorder dumps added to the hang (analyze/fr.c). */
static void put_fr(struct fl_buf *b, const struct fl_hang *h)
{
	fl_buf_adds(b, ",[");
	put_str(b, h->mismatch);
	fl_buf_printf(b, ",%d", h->dumps);
	put_frames(b, &h->diverging);
	put_frames(b, &h->majority);
	fl_buf_adds(b, "],[");
	for (size_t i = 0; i < h->nno_dump; i++)
		fl_buf_printf(b, "%s%lld", i ? "," : "", (long long)h->no_dump[i]);
	fl_buf_addc(b, ']');
}

void saved_doc(const struct fl_analysis *a, struct fl_buf *b)
{
	put_head(b, a);
	put_lists(b, a);
	put_numbers(b, a);
	put_conflicts(b, &a->hang);
	put_series(b, a);
	put_gpus(b, a);
	put_fr(b, &a->hang);
	fl_buf_addc(b, ']');
}

void saved_ranks(const struct fl_analysis *a, struct fl_buf *b)
{
	fl_buf_addc(b, '[');
	for (size_t i = 0; i < a->nranks_state; i++) {
		const struct fl_rank_state *r = &a->ranks[i];
		/* digits by hand, not printf: a row per rank, 32 Ki of them */
		fl_buf_adds(b, i ? ",[" : "[");
		fl_json_int(b, r->rank);
		fl_buf_addc(b, ',');
		put_str(b, r->host);
		fl_buf_addc(b, ',');
		fl_json_int(b, r->local_rank);
		fl_buf_addc(b, ',');
		put_str(b, r->state);
		fl_buf_addc(b, ',');
		put_str(b, r->first_error);
		fl_buf_addc(b, ',');
		put_int(b, r->first_error_ts);
		fl_buf_addc(b, ',');
		put_int(b, r->last_ts);
		fl_buf_addc(b, ',');
		fl_json_int(b, r->last_seq);
		fl_buf_addc(b, ',');
		fl_json_int(b, r->lines);
		fl_buf_addc(b, ']');
	}
	fl_buf_addc(b, ']');
}

const char *saved_digest(void)
{
	return FL_ANALYSIS_DIGEST;
}

/* ---- reading ---- */

/* The strings that point to static tables in a computed analysis (status,
 * ids, severities, states) are owned by a loaded one: one copy each. */
static const char *intern(struct fl_analysis *a, struct fl_stmt *st, int col)
{
	if (fl_stmt_null(st, col))
		return NULL;
	const char *s = fl_stmt_text(st, col);
	for (size_t i = 0; i < a->npool; i++)
		if (!strcmp(a->pool[i], s))
			return a->pool[i];
	a->pool = fl_xrealloc(a->pool, (a->npool + 1) * sizeof(*a->pool));
	return a->pool[a->npool++] = fl_xstrdup(s);
}

static int64_t get_int(struct fl_stmt *st, int col)
{
	return col_int(st, col, FL_TIME_NONE);
}

static double get_double(struct fl_stmt *st, int col)
{
	return fl_stmt_null(st, col) ? NAN : strtod(fl_stmt_text(st, col), NULL);
}

static char *path(int i)
{
	return fl_xasprintf("$[%d]", i);
}

/* Rows of the list at doc position at (Q_SAVED_ROWS: key, the row's first
 * ten items, the row itself), each handed to fn. */
static int rows(struct ctx *c, int at, int (*fn)(struct ctx *, struct fl_stmt *))
{
	struct fl_stmt *st;
	int rc = q_open(c, Q_SAVED_ROWS, &st);
	if (rc)
		return rc;
	char *p = path(at);
	fl_stmt_bind_text(st, 2, p);
	free(p);
	while ((rc = q_step(c, Q_SAVED_ROWS, st)) == 1 && !(rc = fn(c, st)))
		;
	fl_stmt_free(st);
	return rc < 0 ? rc : FL_OK;
}

static void evidence_row(struct fl_evidence_list *l, struct fl_stmt *st, int col)
{
	evidence_add_raw(l, fl_stmt_text(st, col), get_int(st, col + 1),
			 col_int(st, col + 2, -1), fl_stmt_null(st, col + 3) ? NULL : fl_stmt_text(st, col + 3),
			 get_int(st, col + 4), fl_stmt_null(st, col + 5) ? NULL : fl_stmt_text(st, col + 5));
}

/* Lists inside the items of a list (Q_SAVED_NESTED: outer key, then the
 * inner row's items): evidence of causes and findings, remediation. */
static int nested(struct ctx *c, int at, int inner,
		  void (*fn)(struct ctx *, int64_t outer, struct fl_stmt *))
{
	struct fl_stmt *st;
	int rc = q_open(c, Q_SAVED_NESTED, &st);
	if (rc)
		return rc;
	char *p = path(at), *q = path(inner);
	fl_stmt_bind_text(st, 2, p);
	fl_stmt_bind_text(st, 3, q);
	free(p);
	free(q);
	while ((rc = q_step(c, Q_SAVED_NESTED, st)) == 1)
		fn(c, fl_stmt_int(st, 0), st);
	fl_stmt_free(st);
	return rc;
}

static struct fl_cause *cause_at(struct ctx *c, int64_t i)
{
	assert(i >= 0 && (size_t)i <= c->a->nothers);
	return i == 0 ? &c->a->likely : &c->a->others[i - 1];
}

static int cause_row(struct ctx *c, struct fl_stmt *st)
{
	struct fl_analysis *a = c->a;
	int64_t i = fl_stmt_int(st, 0);
	if (i > 0) {
		a->others = fl_xrealloc(a->others, (size_t)i * sizeof(*a->others));
		a->nothers = (size_t)i;
	}
	struct fl_cause *k = cause_at(c, i);
	memset(k, 0, sizeof(*k));
	k->id = intern(a, st, 1);
	k->confidence = intern(a, st, 2);
	k->explanation = dup_or_null(st, 3);
	k->score = (int)fl_stmt_int(st, 4);
	return FL_OK;
}

static void cause_evidence_row(struct ctx *c, int64_t outer, struct fl_stmt *st)
{
	evidence_row(&cause_at(c, outer)->evidence, st, 1);
}

static void cause_remedy_row(struct ctx *c, int64_t outer, struct fl_stmt *st)
{
	struct fl_cause *k = cause_at(c, outer);
	FL_GROW(k->remediation, k->caprem, k->nrem + 1);
	k->remediation[k->nrem++] = fl_xstrdup(fl_stmt_text(st, 1));
}

static void cause_hca_row(struct ctx *c, int64_t outer, struct fl_stmt *st)
{
	struct fl_cause *k = cause_at(c, outer);
	k->hcas = fl_xrealloc(k->hcas, (k->nhcas + 1) * sizeof(*k->hcas));
	struct fl_cause_hca *h = &k->hcas[k->nhcas++];
	memset(h, 0, sizeof(*h));
	h->host = dup_or_null(st, 1);
	h->device = dup_or_null(st, 2);
	const char *p = fl_stmt_null(st, 3) ? "" : fl_stmt_text(st, 3);
	for (char *end; *p; p = end) {
		long long r = strtoll(p, &end, 10);
		if (end == p)
			break;
		h->ranks = fl_xrealloc(h->ranks, (h->nranks + 1) * sizeof(*h->ranks));
		h->ranks[h->nranks++] = r;
	}
}

static int finding_row(struct ctx *c, struct fl_stmt *st)
{
	struct fl_analysis *a = c->a;
	finding_add(a, intern(a, st, 1), intern(a, st, 2), dup_or_null(st, 3));
	return FL_OK;
}

static void finding_evidence_row(struct ctx *c, int64_t outer, struct fl_stmt *st)
{
	assert(outer >= 0 && (size_t)outer < c->a->nfindings);
	evidence_row(&c->a->findings[outer].evidence, st, 1);
}

static void rank_row(struct fl_rank_state *r, struct fl_analysis *a, struct fl_stmt *st)
{
	r->rank = fl_stmt_int(st, 1);
	r->host = dup_or_null(st, 2);
	r->local_rank = fl_stmt_int(st, 3);
	r->state = intern(a, st, 4);
	r->first_error = dup_or_null(st, 5);
	r->first_error_ts = get_int(st, 6);
	r->last_ts = get_int(st, 7);
	r->last_seq = fl_stmt_int(st, 8);
	r->lines = fl_stmt_int(st, 9);
}

/* The rank states, streamed in array order (no ORDER BY: a sort would
 * hold them all); a row out of order is a damaged store. */
static int load_ranks(struct ctx *c)
{
	struct fl_stmt *st;
	int rc = q_open(c, Q_SAVED_RANKS, &st);
	if (rc)
		return rc;
	size_t cap = 0;
	struct fl_analysis *a = c->a;
	while ((rc = q_step(c, Q_SAVED_RANKS, st)) == 1) {
		if (fl_stmt_int(st, 0) != (int64_t)a->nranks_state) {
			rc = fl_err_set(c->err, FL_EDB, "the saved analysis of run %lld is damaged",
					(long long)c->run);
			break;
		}
		FL_GROW(a->ranks, cap, a->nranks_state + 1);
		rank_row(&a->ranks[a->nranks_state++], a, st);
	}
	fl_stmt_free(st);
	return rc;
}


static int offset_row(struct ctx *c, struct fl_stmt *st)
{
	struct fl_analysis *a = c->a;
	a->offsets = fl_xrealloc(a->offsets, (a->noffsets + 1) * sizeof(*a->offsets));
	struct fl_host_offset *o = &a->offsets[a->noffsets++];
	o->host = fl_xstrdup(fl_stmt_text(st, 1));
	o->offset_us = fl_stmt_int(st, 2);
	o->samples = (int)fl_stmt_int(st, 3);
	return FL_OK;
}

static int timeline_row(struct ctx *c, struct fl_stmt *st)
{
	struct fl_analysis *a = c->a;
	a->timeline = fl_xrealloc(a->timeline, (a->ntimeline + 1) * sizeof(*a->timeline));
	struct fl_timeline_entry *t = &a->timeline[a->ntimeline++];
	t->ts = get_int(st, 1);
	t->rank = fl_stmt_int(st, 2);
	t->host = dup_or_null(st, 3);
	t->kind = dup_or_null(st, 4);
	t->severity = (int)fl_stmt_int(st, 5);
	t->primary = fl_stmt_int(st, 6) != 0;
	t->file = dup_or_null(st, 7);
	t->line = fl_stmt_int(st, 8);
	t->text = dup_or_null(st, 9);
	return FL_OK;
}

static int series_row(struct ctx *c, struct fl_stmt *st)
{
	struct fl_analysis *a = c->a;
	a->series = fl_xrealloc(a->series, (a->nseries + 1) * sizeof(*a->series));
	struct fl_step_point *p = &a->series[a->nseries++];
	p->step = fl_stmt_int(st, 1);
	p->loss = get_double(st, 2);
	p->grad_norm = get_double(st, 3);
	p->tokens_per_s = get_double(st, 4);
	p->tflops = get_double(st, 5);
	p->mfu = get_double(st, 6);
	return FL_OK;
}

static int stuck_row(struct ctx *c, struct fl_stmt *st)
{
	struct fl_hang *h = &c->a->hang;
	h->stuck = fl_xrealloc(h->stuck, (h->nstuck + 1) * sizeof(*h->stuck));
	h->stuck[h->nstuck++] = fl_stmt_int(st, 11);
	return FL_OK;
}

static int no_dump_row(struct ctx *c, struct fl_stmt *st)
{
	struct fl_hang *h = &c->a->hang;
	h->no_dump = fl_xrealloc(h->no_dump, (h->nno_dump + 1) * sizeof(*h->no_dump));
	h->no_dump[h->nno_dump++] = fl_stmt_int(st, 11);
	return FL_OK;
}

static int hang_evidence_row(struct ctx *c, struct fl_stmt *st)
{
	evidence_row(&c->a->hang.evidence, st, 1);
	return FL_OK;
}

static int conflict_row(struct ctx *c, struct fl_stmt *st)
{
	struct fl_hang *h = &c->a->hang;
	h->conflicts = fl_xrealloc(h->conflicts, (h->nconflicts + 1) * sizeof(*h->conflicts));
	struct fl_hang_conflict *x = &h->conflicts[h->nconflicts++];
	x->source = dup_or_null(st, 1);
	x->field = dup_or_null(st, 2);
	x->value = dup_or_null(st, 3);
	return FL_OK;
}

/* The scalars of the document and of its small fixed arrays, from one
 * row of Q_SAVED_HEAD (same order as put_head() and put_numbers()). */
static void head(struct ctx *c, struct fl_stmt *st)
{
	struct fl_analysis *a = c->a;
	int col = 1;
	a->status = intern(a, st, col++);
	a->summary = dup_or_null(st, col++);
	a->signature = dup_or_null(st, col++);
	a->missing = dup_or_null(st, col++);
	struct fl_first_failure *f = &a->first;
	f->set = fl_stmt_int(st, col++) != 0;
	f->rank = fl_stmt_int(st, col++);
	f->host = dup_or_null(st, col++);
	f->ts = get_int(st, col++);
	f->kind = dup_or_null(st, col++);
	f->message = dup_or_null(st, col++);
	f->file = dup_or_null(st, col++);
	f->line = fl_stmt_int(st, col++);
	struct fl_hang *h = &a->hang;
	h->set = fl_stmt_int(st, col++) != 0;
	h->collective = dup_or_null(st, col++);
	h->seq = fl_stmt_int(st, col++);
	h->process_group = dup_or_null(st, col++);
	h->timeout_ms = fl_stmt_int(st, col++);
	h->source = dup_or_null(st, col++);
	h->p2p_sender = col_int(st, col++, -1);
	h->p2p_receiver = col_int(st, col++, -1);
	struct fl_training *t = &a->training;
	t->last_step = fl_stmt_int(st, col++);
	t->first_nonfinite_step = fl_stmt_int(st, col++);
	t->steps = fl_stmt_int(st, col++);
	double *d[] = { &t->loss_last,	    &t->tokens_per_s_per_gpu, &t->tflops_per_gpu,
			&t->mfu,	    &t->loss_scale_last,      &t->lr_last,
			&t->grad_norm_last, &t->iter_ms_last,	      &t->params,
			&t->mfu_peak_tflops };
	for (size_t i = 0; i < sizeof(d) / sizeof(d[0]); i++)
		*d[i] = get_double(st, col++);
	t->mfu_source = intern(a, st, col++);
	t->mfu_peak_dtype = intern(a, st, col++);
	t->gpu = dup_or_null(st, col++);
	struct fl_config *k = &a->config;
	int64_t *n[] = { &k->micro_batch_size, &k->grad_accum_steps, &k->global_batch_size,
			 &k->data_parallel_size, &k->tensor_parallel_size, &k->pipeline_parallel_size,
			 &k->seq_length, &k->world_size };
	for (size_t i = 0; i < sizeof(n) / sizeof(n[0]); i++)
		*n[i] = fl_stmt_int(st, col++);
	k->dtype = dup_or_null(st, col++);
	k->activation_checkpointing = dup_or_null(st, col++);
	k->nccl_version = dup_or_null(st, col++);
	k->context_parallel_size = fl_stmt_int(st, col++);
	k->expert_parallel_size = fl_stmt_int(st, col++);
	k->sharding = dup_or_null(st, col++);
	k->derived = (unsigned)fl_stmt_int(st, col++);
	a->nranks = fl_stmt_int(st, col++);
	a->nranks_seen = fl_stmt_int(st, col++);
	h->onset_ts = get_int(st, col++);
	h->onset_source = intern(a, st, col++);
	h->mismatch = intern(a, st, col++);
	h->dumps = fl_stmt_int(st, col++) != 0;
	struct fl_hang_frames *fr[] = { &h->diverging, &h->majority };
	for (size_t i = 0; i < 2; i++) {
		fr[i]->rank = fl_stmt_int(st, col++);
		fr[i]->collective = dup_or_null(st, col++);
		fr[i]->seq = fl_stmt_int(st, col++);
		fr[i]->frames = dup_or_null(st, col++);
	}
	assert(col == fl_stmt_columns(st));
}

/* Whether the run has an analysis saved by this code; if so, its head. */
static int load_head(struct ctx *c)
{
	struct fl_stmt *st;
	int rc = q_open(c, Q_SAVED_HEAD, &st);
	if (rc)
		return rc;
	fl_stmt_bind_text(st, 2, FL_ANALYSIS_DIGEST);
	rc = q_step(c, Q_SAVED_HEAD, st);
	if (rc == 1)
		head(c, st);
	fl_stmt_free(st);
	if (rc == 0)
		return fl_err_set(c->err, FL_ENOTFOUND, "run %lld has no analysis saved by this faultline",
				  (long long)c->run);
	return rc < 0 ? rc : FL_OK;
}

static int gpus_load(struct ctx *c)
{
	struct fl_stmt *st;
	int rc = q_open(c, Q_SAVED_GPUS, &st);
	if (rc)
		return rc;
	struct fl_analysis *a = c->a;
	while ((rc = q_step(c, Q_SAVED_GPUS, st)) == 1) {
		a->gpus = fl_xrealloc(a->gpus, (a->ngpus + 1) * sizeof(*a->gpus));
		struct fl_gpu *g = &a->gpus[a->ngpus++];
		memset(g, 0, sizeof(*g));
		int col = 1;
		g->host = dup_or_null(st, col++);
		g->index = fl_stmt_int(st, col++);
		g->bus_id = dup_or_null(st, col++);
		g->rank = fl_stmt_int(st, col++);
		g->source = intern(a, st, col++);
		g->samples = fl_stmt_int(st, col++);
		g->first_ts = get_int(st, col++);
		g->last_ts = get_int(st, col++);
		double *d[] = { &g->power_mean, &g->power_max, &g->util_mean, &g->power_last,
				&g->util_last };
		for (size_t k = 0; k < sizeof(d) / sizeof(d[0]); k++)
			*d[k] = get_double(st, col++);
		g->idle_ts = get_int(st, col++);
		g->state = intern(a, st, col++);
		g->outlier = fl_stmt_int(st, col++) != 0;
		assert(col == fl_stmt_columns(st));
	}
	fl_stmt_free(st);
	return rc < 0 ? rc : FL_OK;
}

static void gpu_point_row(struct ctx *c, int64_t outer, struct fl_stmt *st)
{
	assert(outer >= 0 && (size_t)outer < c->a->ngpus);
	struct fl_gpu *g = &c->a->gpus[outer];
	g->series = fl_xrealloc(g->series, (g->nseries + 1) * sizeof(*g->series));
	struct fl_gpu_point *p = &g->series[g->nseries++];
	p->ts = get_int(st, 1);
	p->power_w = get_double(st, 2);
	p->util_pct = get_double(st, 3);
}

int saved_load(struct ctx *c)
{
	int rc = load_head(c);
	if (!rc)
		rc = rows(c, DOC_STUCK, stuck_row);
	if (!rc)
		rc = rows(c, DOC_HANG_EVIDENCE, hang_evidence_row);
	if (!rc)
		rc = rows(c, DOC_HANG_CONFLICTS, conflict_row);
	if (!rc)
		rc = rows(c, DOC_NO_DUMP, no_dump_row);
	if (!rc)
		rc = rows(c, DOC_CAUSES, cause_row);
	if (!rc)
		rc = nested(c, DOC_CAUSES, CAUSE_EVIDENCE, cause_evidence_row);
	if (!rc)
		rc = nested(c, DOC_CAUSES, CAUSE_REMEDIATION, cause_remedy_row);
	if (!rc)
		rc = nested(c, DOC_CAUSES, CAUSE_HCAS, cause_hca_row);
	if (!rc)
		rc = rows(c, DOC_FINDINGS, finding_row);
	if (!rc)
		rc = nested(c, DOC_FINDINGS, FINDING_EVIDENCE, finding_evidence_row);
	if (!rc)
		rc = load_ranks(c);
	if (!rc)
		rc = rows(c, DOC_OFFSETS, offset_row);
	if (!rc)
		rc = rows(c, DOC_TIMELINE, timeline_row);
	if (!rc)
		rc = rows(c, DOC_SERIES, series_row);
	if (!rc)
		rc = gpus_load(c);
	if (!rc)
		rc = nested(c, DOC_GPUS, GPU_SERIES, gpu_point_row);
	return rc;
}
