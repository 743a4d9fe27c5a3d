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

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define LOW_MFU 0.30         /* contract: model FLOPs utilisation under 30% */
#define THROUGHPUT_DROP 0.7  /* late median under 70% of the early median */
#define STRAGGLER_RATIO 1.5  /* a rank's step time 1.5x the median */
#define SPIKE_RATIO 2.0      /* loss over twice the mean of its last 20 steps */
#define SPIKE_MIN 1.0        /* ... and at least this much above it */

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

void evidence_add(struct fl_evidence_list *l, const struct ev *e)
{
	evidence_add_raw(l, e->file, e->line, e->rank, e->host, e->cts, e->text);
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

static struct fl_finding *last_finding(struct fl_analysis *a)
{
	return &a->findings[a->nfindings - 1];
}

/* Adds the rows of a query (file, line, rank, host, ts, text) as evidence. */
static void query_evidence(struct ctx *c, struct fl_evidence_list *l, const char *sql, int limit)
{
	struct fl_stmt *st;
	if (prepare(c, sql, &st))
		return;
	fl_stmt_bind_int(st, 1, c->run);
	while (fl_stmt_step(st) == 1 && (int)l->n < limit) {
		const char *host = fl_stmt_null(st, 3) ? NULL : fl_stmt_text(st, 3);
		int64_t ts = fl_stmt_null(st, 4) ? FL_TIME_NONE : fl_stmt_int(st, 4);
		evidence_add_raw(l, fl_stmt_text(st, 0), fl_stmt_int(st, 1),
				 fl_stmt_null(st, 2) ? -1 : fl_stmt_int(st, 2), host,
				 clock_correct(c, host, ts), fl_stmt_text(st, 5));
	}
	fl_stmt_free(st);
}

static int64_t query_int(struct ctx *c, const char *sql, int64_t dflt)
{
	struct fl_stmt *st;
	if (prepare(c, sql, &st))
		return dflt;
	fl_stmt_bind_int(st, 1, c->run);
	int64_t v = dflt;
	if (fl_stmt_step(st) == 1 && !fl_stmt_null(st, 0))
		v = fl_stmt_int(st, 0);
	fl_stmt_free(st);
	return v;
}

static double query_double(struct ctx *c, const char *sql)
{
	struct fl_stmt *st;
	if (prepare(c, sql, &st))
		return NAN;
	fl_stmt_bind_int(st, 1, c->run);
	double v = NAN;
	if (fl_stmt_step(st) == 1 && !fl_stmt_null(st, 0))
		v = fl_stmt_double(st, 0);
	fl_stmt_free(st);
	return v;
}

/* Steps whose numbers went wrong; the same expression as the partial
 * index steps_nonfinite, so that SQLite can use it. */
#define SUSPECT_STEP                                                                   \
	"(loss_text IS NOT NULL OR grad_norm_text IS NOT NULL OR nan_iters > 0 OR loss_missing = 1)"

static void socket_fallback(struct ctx *c)
{
	/* Sockets between nodes, where RDMA was expected: the job spans hosts,
	 * or IB is used elsewhere, or NCCL looked for IB and found none. */
	int64_t sock = query_int(c, "SELECT SUM(channels) FROM transports WHERE run_id = ?1"
				    " AND transport = 'NET/Socket'", 0);
	if (sock <= 0)
		return;
	int64_t ib = query_int(c, "SELECT SUM(channels) FROM transports WHERE run_id = ?1"
				  " AND transport LIKE 'NET/IB%'", 0);
	int64_t no_ib = query_int(c, "SELECT COUNT(*) FROM events WHERE run_id = ?1"
				     " AND kind = 'nccl.no_ib'", 0);
	if (ib <= 0 && no_ib <= 0 && c->a->nhosts < 2)
		return;
	char *msg = fl_xasprintf("NCCL moved inter-node traffic over TCP sockets (NET/Socket, %lld "
				 "channel connections)%s", (long long)sock,
				 ib > 0 ? " while other ranks used InfiniBand" : no_ib > 0 ? "; NCCL found no IB device" : "");
	finding_add(c->a, "socket_fallback", "warning", msg);
	query_evidence(c, &last_finding(c->a)->evidence,
		       "SELECT f.path, t.line, t.rank, t.host, NULL, t.sample FROM transports t"
		       " JOIN files f ON f.id = t.file_id WHERE t.run_id = ?1 AND t.transport = 'NET/Socket'"
		       " ORDER BY t.rank LIMIT 3", 3);
	query_evidence(c, &last_finding(c->a)->evidence,
		       "SELECT f.path, t.line, t.rank, t.host, t.ts, t.text FROM events t"
		       " JOIN files f ON f.id = t.file_id WHERE t.run_id = ?1 AND t.kind IN"
		       " ('nccl.no_ib', 'nccl.using_network') AND t.text LIKE '%Socket%'"
		       " OR (t.run_id = ?1 AND t.kind = 'nccl.no_ib') ORDER BY t.id LIMIT 2", 5);
}

static void version_mismatch(struct ctx *c)
{
	int64_t n = query_int(c, "SELECT COUNT(DISTINCT json_extract(fields, '$.version')) FROM events"
				 " WHERE run_id = ?1 AND kind = 'nccl.version'", 0);
	int64_t explicit_ = query_int(c, "SELECT COUNT(*) FROM events WHERE run_id = ?1"
					 " AND kind = 'nccl.version_mismatch'", 0);
	if (n < 2 && explicit_ == 0)
		return;
	finding_add(c->a, "nccl_version_mismatch", "error",
		    fl_xasprintf("ranks report %lld different NCCL versions", (long long)(n < 2 ? 2 : n)));
	query_evidence(c, &last_finding(c->a)->evidence,
		       "SELECT f.path, t.line, t.rank, t.host, t.ts, t.text FROM events t"
		       " JOIN files f ON f.id = t.file_id WHERE t.run_id = ?1 AND (t.kind ="
		       " 'nccl.version_mismatch' OR t.id IN (SELECT MIN(id) FROM events WHERE run_id = ?1"
		       " AND kind = 'nccl.version' GROUP BY json_extract(fields, '$.version')))"
		       " ORDER BY t.id", 6);
}

static void nonfinite(struct ctx *c)
{
	const struct fl_training *t = &c->a->training;
	if (t->first_nonfinite_step < 0 &&
	    query_int(c, "SELECT COUNT(*) FROM events WHERE run_id = ?1 AND kind = 'train.nonfinite'", 0) == 0 &&
	    query_int(c, "SELECT COUNT(*) FROM steps INDEXED BY steps_nonfinite WHERE run_id = ?1 AND "
			 SUSPECT_STEP
			 " AND (loss_text IS NOT NULL OR grad_norm_text IS NOT NULL)", 0) == 0)
		return;
	char *msg = t->first_nonfinite_step >= 0
			    ? fl_xasprintf("loss or gradient norm became non-finite at step %lld",
					   (long long)t->first_nonfinite_step)
			    : fl_xstrdup("loss or gradient norm became non-finite");
	finding_add(c->a, "nonfinite_loss", "error", msg);
	query_evidence(c, &last_finding(c->a)->evidence,
		       "SELECT * FROM (SELECT f.path, t.line, t.rank, t.host, t.ts,"
		       " 'step ' || IFNULL(t.step, '?') || ': loss ' || IFNULL(t.loss_text, IFNULL(t.loss,"
		       " 'missing')) || ', grad norm ' || IFNULL(t.grad_norm_text, IFNULL(t.grad_norm, '-'))"
		       " FROM steps t JOIN files f ON f.id = t.file_id WHERE t.run_id = ?1 AND " SUSPECT_STEP
		       " AND (t.loss_text IS NOT NULL OR t.grad_norm_text IS NOT NULL OR t.nan_iters > 0)"
		       " ORDER BY t.step, t.line LIMIT 2)"
		       " UNION ALL SELECT * FROM (SELECT f.path, t.line, t.rank, t.host, t.ts, t.text"
		       " FROM events t JOIN files f ON f.id = t.file_id WHERE t.run_id = ?1"
		       " AND t.kind = 'train.nonfinite' ORDER BY t.ts, t.id LIMIT 2)", 4);
}

/* A dynamic loss scale at or below this after overflows has collapsed:
 * halving from a healthy 2^10..2^16 to here takes a long overflow streak. */
#define COLLAPSED_SCALE 4.0

static void loss_scale(struct ctx *c)
{
	int64_t overflows = query_int(c, "SELECT COUNT(*) FROM events WHERE run_id = ?1 AND kind ="
					 " 'train.overflow'", 0);
	int64_t at_min = query_int(c, "SELECT COUNT(*) FROM events WHERE run_id = ?1 AND kind ="
				      " 'train.loss_scale_min'", 0);
	double min_scale = query_double(c, "SELECT MIN(json_extract(fields, '$.scale_to')) FROM events"
					   " WHERE run_id = ?1 AND kind = 'train.overflow'");
	bool fp16 = overflows > 0 || at_min > 0 || (c->a->config.dtype && !strcmp(c->a->config.dtype, "fp16"));
	if (fp16) {
		finding_add(c->a, "fp16_in_use", "info",
			    fl_xstrdup("the run trains in fp16 with dynamic loss scaling; bf16 is the "
				       "safer default on hardware that has it"));
	}
	/* Overflows while the scale settles early in a run are normal (it
	 * walks down from 2^16 or 2^32 and stays far above 1); a collapse is
	 * reaching the minimum, or repeated overflows down to a few units. */
	if (at_min == 0 && !(overflows >= 2 && min_scale == min_scale && min_scale <= COLLAPSED_SCALE))
		return;
	char *msg = at_min ? fl_xasprintf("fp16 loss scale reached its minimum after %lld overflows",
					  (long long)overflows)
			   : fl_xasprintf("fp16 loss scale fell %lld times, down to %g", (long long)overflows,
					  min_scale);
	finding_add(c->a, "loss_scale_collapse", "error", msg);
	query_evidence(c, &last_finding(c->a)->evidence,
		       "SELECT * FROM (SELECT f.path, t.line, t.rank, t.host, t.ts, t.text FROM events t"
		       " JOIN files f ON f.id = t.file_id WHERE t.run_id = ?1 AND t.kind = 'train.overflow'"
		       " ORDER BY t.ts, t.id LIMIT 2) UNION ALL SELECT * FROM (SELECT f.path, t.line, t.rank,"
		       " t.host, t.ts, t.text FROM events t JOIN files f ON f.id = t.file_id WHERE"
		       " t.run_id = ?1 AND t.kind = 'train.loss_scale_min' ORDER BY t.ts, t.id LIMIT 1)", 3);
}

/* A loss far above its recent trend. The series is the mean loss of each
 * logged step over the ranks that logged it (data-parallel ranks log the
 * same step), so the work is per step, not per line. */
static void loss_spike(struct ctx *c)
{
	struct fl_stmt *st;
	const char *sql =
		"WITH p AS (SELECT step, loss FROM step_agg WHERE loss IS NOT NULL),"
		" s AS (SELECT step, loss, AVG(loss) OVER w AS trend, COUNT(loss) OVER w AS n FROM p"
		"  WINDOW w AS (ORDER BY step ROWS BETWEEN 20 PRECEDING AND 1 PRECEDING))"
		" SELECT f.path, a.loss_max_line, f.rank, f.host, a.first_ts, s.step, s.loss, s.trend"
		" FROM s JOIN step_agg a ON a.step = s.step LEFT JOIN files f ON f.id = a.loss_max_file_id"
		" WHERE s.n >= 10 AND s.loss > ?2 * s.trend AND s.loss - s.trend > ?3"
		" ORDER BY s.step LIMIT 1";
	if (prepare(c, sql, &st))
		return;
	fl_stmt_bind_int(st, 1, c->run);
	fl_stmt_bind_double(st, 2, SPIKE_RATIO);
	fl_stmt_bind_double(st, 3, SPIKE_MIN);
	if (fl_stmt_step(st) == 1) {
		char *msg = fl_xasprintf("loss jumped to %.4g at step %lld against %.4g over the steps before",
					 fl_stmt_double(st, 6), (long long)fl_stmt_int(st, 5),
					 fl_stmt_double(st, 7));
		finding_add(c->a, "loss_spike", "warning", msg);
		const char *host = fl_stmt_null(st, 3) ? NULL : fl_stmt_text(st, 3);
		int64_t ts = fl_stmt_null(st, 4) ? FL_TIME_NONE : fl_stmt_int(st, 4);
		char *text = fl_xasprintf("step %lld: loss %.6g (mean over ranks)",
					  (long long)fl_stmt_int(st, 5), fl_stmt_double(st, 6));
		evidence_add_raw(&last_finding(c->a)->evidence, fl_stmt_text(st, 0), fl_stmt_int(st, 1),
				 fl_stmt_null(st, 2) ? -1 : fl_stmt_int(st, 2), host,
				 clock_correct(c, host, ts), text);
		free(text);
	}
	fl_stmt_free(st);
}

static void xids(struct ctx *c)
{
	struct fl_stmt *st;
	if (prepare(c, "SELECT t.host, json_extract(t.fields, '$.bus'), json_extract(t.fields, '$.xid'),"
		       " COUNT(*), MIN(t.id) FROM events t WHERE t.run_id = ?1 AND t.kind = 'hw.xid'"
		       " GROUP BY 1, 2, 3 ORDER BY MIN(t.id)", &st))
		return;
	fl_stmt_bind_int(st, 1, c->run);
	while (fl_stmt_step(st) == 1) {
		int64_t xid = fl_stmt_int(st, 2);
		const char *cls = rules_xid_class(xid);
		char *what = rules_xid_text(xid);
		finding_add(c->a, "gpu_xid", !strcmp(cls, "hardware") ? "error" : "warning",
			    fl_xasprintf("%s on host %s, GPU %s, %lld time(s)", what,
					 fl_stmt_null(st, 0) ? "unknown" : fl_stmt_text(st, 0),
					 fl_stmt_text(st, 1), (long long)fl_stmt_int(st, 3)));
		free(what);
		int64_t id = fl_stmt_int(st, 4);
		for (size_t i = 0; i < c->nev; i++)
			if (c->ev[i].id == id)
				evidence_add(&last_finding(c->a)->evidence, &c->ev[i]);
	}
	fl_stmt_free(st);
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

static void throughput(struct ctx *c)
{
	double mfu = c->a->training.mfu;
	if (mfu == mfu && mfu >= 0 && mfu < LOW_MFU)
		finding_add(c->a, "low_mfu", "warning",
			    fl_xasprintf("model FLOPs utilisation is %.1f%%, under %.0f%%", mfu * 100,
					 LOW_MFU * 100));
	/* Early vs late mean of tokens/s (or TFLOPS) over the logged steps,
	 * averaged per step first: every rank may log the same step. */
	const char *cols[] = { "tokens_per_s", "tflops" };
	for (size_t k = 0; k < 2; k++) {
		char *sql = fl_xasprintf(
			"WITH p AS (SELECT step, %s AS v FROM step_agg WHERE %s IS NOT NULL),"
			" s AS (SELECT v, ROW_NUMBER() OVER (ORDER BY step) AS i, COUNT(*) OVER () AS n FROM p)"
			" SELECT (SELECT AVG(v) FROM s WHERE i > 3*n/4) / (SELECT AVG(v) FROM s WHERE i <= n/4)"
			" FROM s WHERE n >= 8 LIMIT 1", cols[k], cols[k]);
		double ratio = query_double(c, sql);
		free(sql);
		if (ratio == ratio && ratio < THROUGHPUT_DROP) {
			finding_add(c->a, "throughput_drop", "warning",
				    fl_xasprintf("%s fell to %.0f%% of its early level", cols[k], ratio * 100));
			break;
		}
	}
}

static void straggler(struct ctx *c)
{
	struct fl_stmt *st;
	const char *sql =
		"WITH r AS (SELECT rank, host, AVG(iter_ms) AS t FROM steps WHERE run_id = ?1"
		" AND step > (SELECT MAX(step) FROM step_agg) - 200"
		" AND rank IS NOT NULL AND iter_ms IS NOT NULL GROUP BY rank),"
		" m AS (SELECT AVG(t) AS mt FROM r)"
		" SELECT r.rank, r.host, r.t, m.mt FROM r, m WHERE (SELECT COUNT(*) FROM r) >= 2"
		" AND r.t > ?2 * m.mt ORDER BY r.t DESC LIMIT 3";
	if (prepare(c, sql, &st))
		return;
	fl_stmt_bind_int(st, 1, c->run);
	fl_stmt_bind_double(st, 2, STRAGGLER_RATIO);
	while (fl_stmt_step(st) == 1)
		finding_add(c->a, "straggler", "warning",
			    fl_xasprintf("rank %lld (%s) takes %.0f ms per step against %.0f ms on average",
					 (long long)fl_stmt_int(st, 0), fl_stmt_text(st, 1),
					 fl_stmt_double(st, 2), fl_stmt_double(st, 3)));
	fl_stmt_free(st);
	/* A hung job's stuck ranks are stragglers by their last progress. */
	for (size_t i = 0; i < c->a->hang.nstuck && i < 4 && !c->a->first.set; i++)
		finding_add(c->a, "straggler", "warning",
			    fl_xasprintf("rank %lld never reached the collective the others waited in",
					 (long long)c->a->hang.stuck[i]));
}

static void batch_config(struct ctx *c)
{
	const struct fl_config *k = &c->a->config;
	if (k->global_batch_size > 0 && k->micro_batch_size > 0 && k->grad_accum_steps > 0 &&
	    k->data_parallel_size > 0 &&
	    k->global_batch_size != k->micro_batch_size * k->grad_accum_steps * k->data_parallel_size)
		finding_add(c->a, "gbs_mismatch", "warning",
			    fl_xasprintf("global batch size %lld differs from micro batch %lld x "
					 "accumulation %lld x data parallel %lld",
					 (long long)k->global_batch_size, (long long)k->micro_batch_size,
					 (long long)k->grad_accum_steps, (long long)k->data_parallel_size));
	int64_t per_host = query_int(c, "SELECT MAX(ranks) FROM hosts WHERE run_id = ?1", -1);
	if (k->tensor_parallel_size > 1 && per_host > 0 && k->tensor_parallel_size > per_host)
		finding_add(c->a, "tp_crosses_nodes", "warning",
			    fl_xasprintf("tensor parallel size %lld exceeds the %lld ranks per host: "
					 "tensor-parallel traffic crosses nodes",
					 (long long)k->tensor_parallel_size, (long long)per_host));
}

int findings_collect(struct ctx *c)
{
	socket_fallback(c);
	version_mismatch(c);
	nonfinite(c);
	loss_spike(c);
	loss_scale(c);
	xids(c);
	skew(c);
	throughput(c);
	straggler(c);
	batch_config(c);
	return FL_OK;
}

/* ---- training and configuration ---- */

/* Per-step means over the ranks that logged each step (data-parallel
 * ranks log the same step), from the sums the ingest kept: the training
 * summary and the trend findings read this small table. */
static int build_step_agg(struct ctx *c)
{
	struct fl_err err;
	if (fl_store_exec(c->s, "DROP TABLE IF EXISTS temp.step_agg", &err))
		return err.code;
	char *sql = fl_xasprintf(
		"CREATE TEMP TABLE step_agg AS SELECT step, first_ts, loss, tokens_per_s, tflops,"
		" mfu, loss_scale, loss_max_file_id, loss_max_line FROM v_step_stats"
		" WHERE run_id = %lld",
		(long long)c->run);
	int rc = fl_store_exec(c->s, sql, &err);
	free(sql);
	return rc;
}

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

/* The last logged value of a step column: from step_agg, or for logs
 * without step numbers (HF Trainer dicts) from the last row. */
static double last_value(struct ctx *c, bool by_step, const char *col, const char *cond)
{
	char *sql = by_step ? fl_xasprintf("SELECT %s FROM step_agg WHERE %s IS NOT NULL%s"
					   " ORDER BY step DESC LIMIT 1", col, col, cond)
			    : fl_xasprintf("SELECT %s FROM steps WHERE run_id = ?1 AND %s IS NOT NULL%s"
					   " ORDER BY file_id DESC, line DESC LIMIT 1", col, col, cond);
	double v = query_double(c, sql);
	free(sql);
	return significant(v);
}

int training_collect(struct ctx *c)
{
	struct fl_training *t = &c->a->training;
	int rc = build_step_agg(c);
	if (rc)
		return rc;
	t->last_step = query_int(c, "SELECT MAX(step) FROM step_agg", -1);
	int64_t with_steps = query_int(c, "SELECT COUNT(*) FROM step_agg", 0);
	bool by_step = with_steps > 0;
	t->steps = by_step ? with_steps
			   : query_int(c, "SELECT COUNT(*) FROM steps WHERE run_id = ?1", 0);
	/* Non-finite: NaN/Inf logged, a nan-iteration counter that rose, or a
	 * Megatron line whose loss vanished after earlier lines had one. */
	t->first_nonfinite_step = query_int(
		c,
		"SELECT MIN(step) FROM steps INDEXED BY steps_nonfinite WHERE run_id = ?1 AND "
		SUSPECT_STEP, -1);
	t->loss_last = last_value(c, by_step, "loss", "");
	t->tokens_per_s_per_gpu = last_value(c, by_step, "tokens_per_s", "");
	t->tflops_per_gpu = last_value(c, by_step, "tflops", "");
	t->mfu = last_value(c, by_step, "mfu", " AND mfu >= 0");
	t->loss_scale_last = last_value(c, by_step, "loss_scale", "");
	if (t->loss_scale_last != t->loss_scale_last)
		t->loss_scale_last = query_double(c, "SELECT json_extract(fields, '$.scale_to') FROM events"
						     " WHERE run_id = ?1 AND kind = 'train.overflow'"
						     " ORDER BY ts DESC, id DESC LIMIT 1");
	return FL_OK;
}

static int64_t config_int(struct ctx *c, const char *key)
{
	char *sql = fl_xasprintf("SELECT json_extract(fields, '$.%s') FROM events WHERE run_id = ?1"
				 " AND kind = 'train.config' AND json_extract(fields, '$.%s') IS NOT NULL"
				 " ORDER BY id LIMIT 1", key, key);
	int64_t v = query_int(c, sql, -1);
	free(sql);
	return v;
}

static char *query_text(struct ctx *c, const char *sql)
{
	struct fl_stmt *st;
	if (prepare(c, sql, &st))
		return NULL;
	fl_stmt_bind_int(st, 1, c->run);
	char *v = NULL;
	if (fl_stmt_step(st) == 1 && !fl_stmt_null(st, 0))
		v = fl_xstrdup(fl_stmt_text(st, 0));
	fl_stmt_free(st);
	return v;
}

int config_collect(struct ctx *c)
{
	struct fl_config *k = &c->a->config;
	k->micro_batch_size = config_int(c, "micro_batch_size");
	k->grad_accum_steps = config_int(c, "grad_accum_steps");
	k->global_batch_size = config_int(c, "global_batch_size");
	k->data_parallel_size = config_int(c, "data_parallel_size");
	k->tensor_parallel_size = config_int(c, "tensor_parallel_size");
	k->pipeline_parallel_size = config_int(c, "pipeline_parallel_size");
	k->seq_length = config_int(c, "seq_length");
	k->world_size = config_int(c, "world_size");
	if (k->world_size < 0)
		k->world_size = query_int(c, "SELECT MAX(json_extract(fields, '$.nranks')) FROM events"
					     " WHERE run_id = ?1 AND kind = 'nccl.init_complete'", -1);
	if (k->world_size < 0)
		k->world_size = query_int(c, "SELECT MAX(json_extract(fields, '$.size')) FROM events"
					     " WHERE run_id = ?1 AND kind = 'torch.pg_init'", -1);
	k->dtype = query_text(c, "SELECT json_extract(fields, '$.dtype') FROM events WHERE run_id = ?1"
				 " AND kind = 'train.config' AND json_extract(fields, '$.dtype') IS NOT NULL"
				 " ORDER BY id LIMIT 1");
	if (!k->dtype) {
		char *fp16 = query_text(c, "SELECT lower(json_extract(fields, '$.fp16')) FROM events"
					   " WHERE run_id = ?1 AND kind = 'train.config' AND"
					   " json_extract(fields, '$.fp16') IS NOT NULL ORDER BY id LIMIT 1");
		char *bf16 = query_text(c, "SELECT lower(json_extract(fields, '$.bf16')) FROM events"
					   " WHERE run_id = ?1 AND kind = 'train.config' AND"
					   " json_extract(fields, '$.bf16') IS NOT NULL ORDER BY id LIMIT 1");
		if (fp16 && (!strcmp(fp16, "true") || !strcmp(fp16, "1")))
			k->dtype = fl_xstrdup("fp16");
		else if (bf16 && (!strcmp(bf16, "true") || !strcmp(bf16, "1")))
			k->dtype = fl_xstrdup("bf16");
		free(fp16);
		free(bf16);
	}
	k->activation_checkpointing = query_text(
		c, "SELECT json_extract(fields, '$.activation_checkpointing') FROM events WHERE"
		   " run_id = ?1 AND kind = 'train.config' AND"
		   " json_extract(fields, '$.activation_checkpointing') IS NOT NULL ORDER BY id LIMIT 1");
	k->nccl_version = query_text(c, "SELECT json_extract(fields, '$.version') FROM events WHERE"
					" run_id = ?1 AND kind = 'nccl.version' GROUP BY 1"
					" ORDER BY COUNT(*) DESC, MIN(id) LIMIT 1");
	return FL_OK;
}
