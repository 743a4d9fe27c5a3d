/* SPDX-License-Identifier: MIT */
/*
 * report_json.c - the JSON report, as tests/e2e/report.schema.json describes it.
 *
 * Field names and meanings are a contract with users' tools: add fields
 * freely, never move or rename one. Every string goes through
 * fl_json_str(), which escapes control characters and replaces invalid
 * UTF-8, so log text cannot break the document.
 * Tested by: tests/e2e (schema validation and expected reports)
 */
#include "faultline/report.h"

#include <math.h>
#include <string.h>

static void key(struct fl_buf *b, const char *k, bool *first)
{
	if (!*first)
		fl_buf_addc(b, ',');
	*first = false;
	fl_json_str(b, k, strlen(k));
	fl_buf_addc(b, ':');
}

static void str_or_null(struct fl_buf *b, const char *s)
{
	if (s)
		fl_json_str(b, s, strlen(s));
	else
		fl_buf_adds(b, "null");
}

static void int_or_null(struct fl_buf *b, int64_t v)
{
	if (v < 0)
		fl_buf_adds(b, "null");
	else
		fl_buf_printf(b, "%lld", (long long)v);
}

static void num_or_null(struct fl_buf *b, double v)
{
	if (v != v || isinf(v))
		fl_buf_adds(b, "null");
	else
		fl_json_num(b, v);
}

static void time_or_null(struct fl_buf *b, int64_t ts)
{
	if (ts == FL_TIME_NONE) {
		fl_buf_adds(b, "null");
		return;
	}
	fl_buf_addc(b, '"');
	fl_time_format(b, ts);
	fl_buf_addc(b, '"');
}

static void location(struct fl_buf *b, const char *file, int64_t line)
{
	fl_buf_adds(b, "{\"file\":");
	fl_json_str(b, file ? file : "", file ? strlen(file) : 0);
	fl_buf_printf(b, ",\"line\":%lld}", (long long)(line > 0 ? line : 1));
}

static void evidence(struct fl_buf *b, const struct fl_evidence_list *l, bool full)
{
	fl_buf_addc(b, '[');
	for (size_t i = 0; i < l->n; i++) {
		const struct fl_evidence *e = &l->v[i];
		if (i)
			fl_buf_addc(b, ',');
		if (!full) {
			location(b, e->file, e->line);
			continue;
		}
		bool f = true;
		fl_buf_addc(b, '{');
		key(b, "file", &f);
		str_or_null(b, e->file);
		key(b, "line", &f);
		fl_buf_printf(b, "%lld", (long long)(e->line > 0 ? e->line : 1));
		key(b, "rank", &f);
		int_or_null(b, e->rank);
		key(b, "host", &f);
		str_or_null(b, e->host);
		key(b, "time", &f);
		time_or_null(b, e->ts);
		key(b, "text", &f);
		str_or_null(b, e->text);
		fl_buf_addc(b, '}');
	}
	fl_buf_addc(b, ']');
}

static void cause(struct fl_buf *b, const struct fl_cause *k)
{
	bool f = true;
	fl_buf_addc(b, '{');
	key(b, "id", &f);
	str_or_null(b, k->id);
	key(b, "confidence", &f);
	str_or_null(b, k->confidence);
	key(b, "explanation", &f);
	str_or_null(b, k->explanation ? k->explanation : "");
	key(b, "evidence", &f);
	evidence(b, &k->evidence, true);
	key(b, "remediation", &f);
	fl_buf_addc(b, '[');
	for (size_t i = 0; i < k->nrem; i++) {
		if (i)
			fl_buf_addc(b, ',');
		str_or_null(b, k->remediation[i]);
	}
	fl_buf_addc(b, ']');
	/* only where a failed HCA was mapped to ranks (docs/internals/report.md) */
	if (k->nhcas) {
		key(b, "hcas", &f);
		fl_buf_addc(b, '[');
		for (size_t i = 0; i < k->nhcas; i++) {
			const struct fl_cause_hca *h = &k->hcas[i];
			bool g = true;
			fl_buf_adds(b, i ? ",{" : "{");
			key(b, "host", &g);
			str_or_null(b, h->host);
			key(b, "device", &g);
			str_or_null(b, h->device);
			key(b, "ranks", &g);
			fl_buf_addc(b, '[');
			for (size_t r = 0; r < h->nranks; r++)
				fl_buf_printf(b, "%s%lld", r ? "," : "", (long long)h->ranks[r]);
			fl_buf_adds(b, "]}");
		}
		fl_buf_addc(b, ']');
	}
	fl_buf_addc(b, '}');
}

static void run(struct fl_buf *b, const struct fl_analysis *a)
{
	bool f = true;
	fl_buf_addc(b, '{');
	key(b, "id", &f);
	fl_buf_printf(b, "%lld", (long long)a->run_id);
	key(b, "bundle", &f);
	str_or_null(b, a->bundle);
	key(b, "sha256", &f);
	str_or_null(b, a->sha256);
	key(b, "ranks", &f);
	fl_buf_printf(b, "%lld", (long long)a->nranks);
	key(b, "ranks_seen", &f);
	fl_buf_printf(b, "%lld", (long long)a->nranks_seen);
	key(b, "hosts", &f);
	fl_buf_printf(b, "%lld", (long long)a->nhosts);
	key(b, "files", &f);
	fl_buf_printf(b, "%lld", (long long)a->nfiles);
	key(b, "lines", &f);
	fl_buf_printf(b, "%lld", (long long)a->nlines);
	key(b, "events", &f);
	fl_buf_printf(b, "%lld", (long long)a->nevents);
	key(b, "ingested_at", &f);
	time_or_null(b, a->ingested_at);
	key(b, "skipped", &f);
	fl_buf_addc(b, '[');
	for (size_t i = 0; i < a->nskipped; i++) {
		if (i)
			fl_buf_addc(b, ',');
		fl_buf_adds(b, "{\"path\":");
		str_or_null(b, a->skipped[i].path);
		fl_buf_adds(b, ",\"reason\":");
		str_or_null(b, a->skipped[i].reason);
		fl_buf_addc(b, '}');
	}
	fl_buf_adds(b, "]}");
}

static void first_failure(struct fl_buf *b, const struct fl_first_failure *ff)
{
	if (!ff->set) {
		fl_buf_adds(b, "null");
		return;
	}
	bool f = true;
	fl_buf_addc(b, '{');
	key(b, "rank", &f);
	int_or_null(b, ff->rank);
	key(b, "host", &f);
	str_or_null(b, ff->host);
	key(b, "time", &f);
	time_or_null(b, ff->ts);
	key(b, "kind", &f);
	str_or_null(b, ff->kind);
	key(b, "message", &f);
	str_or_null(b, ff->message);
	key(b, "evidence", &f);
	location(b, ff->file, ff->line);
	fl_buf_addc(b, '}');
}

/* {rank, collective, seq, frames: ["name (file:line)", ...]} or null */
static void hang_frames(struct fl_buf *b, const struct fl_hang_frames *fr)
{
	if (fr->rank < 0) {
		fl_buf_adds(b, "null");
		return;
	}
	bool f = true;
	fl_buf_addc(b, '{');
	key(b, "rank", &f);
	int_or_null(b, fr->rank);
	key(b, "collective", &f);
	str_or_null(b, fr->collective);
	key(b, "seq", &f);
	int_or_null(b, fr->seq);
	key(b, "frames", &f);
	fl_buf_addc(b, '[');
	for (const char *p = fr->frames; p && *p;) {
		size_t n = strcspn(p, "\n");
		if (p != fr->frames)
			fl_buf_addc(b, ',');
		fl_json_str(b, p, n);
		p += n + (p[n] == '\n');
	}
	fl_buf_adds(b, "]}");
}

/* What Flight Recorder dumps showed: an extension of the contract's hang
 * (docs/FLIGHT_RECORDER.md); null when the bundle held none. */
static void flight_recorder(struct fl_buf *b, const struct fl_hang *h)
{
	if (!h->dumps) {
		fl_buf_adds(b, "null");
		return;
	}
	bool f = true;
	fl_buf_addc(b, '{');
	key(b, "mismatch", &f);
	str_or_null(b, h->mismatch);
	key(b, "ranks_without_dump", &f);
	fl_buf_addc(b, '[');
	for (size_t i = 0; i < h->nno_dump; i++)
		fl_buf_printf(b, "%s%lld", i ? "," : "", (long long)h->no_dump[i]);
	fl_buf_addc(b, ']');
	key(b, "diverging", &f);
	hang_frames(b, &h->diverging);
	key(b, "majority", &f);
	hang_frames(b, &h->majority);
	fl_buf_addc(b, '}');
}

static void hang(struct fl_buf *b, const struct fl_hang *h)
{
	if (!h->set) {
		fl_buf_adds(b, "null");
		return;
	}
	bool f = true;
	fl_buf_addc(b, '{');
	key(b, "collective", &f);
	str_or_null(b, h->collective);
	key(b, "seq", &f);
	int_or_null(b, h->seq);
	key(b, "process_group", &f);
	str_or_null(b, h->process_group);
	key(b, "timeout_ms", &f);
	int_or_null(b, h->timeout_ms);
	key(b, "stuck_ranks", &f);
	fl_buf_addc(b, '[');
	for (size_t i = 0; i < h->nstuck; i++)
		fl_buf_printf(b, "%s%lld", i ? "," : "", (long long)h->stuck[i]);
	fl_buf_addc(b, ']');
	key(b, "evidence", &f);
	evidence(b, &h->evidence, false);
	key(b, "source", &f);
	str_or_null(b, h->source);
	key(b, "p2p", &f);
	if (h->p2p_sender >= 0)
		fl_buf_printf(b, "{\"sender\":%lld,\"receiver\":%lld}", (long long)h->p2p_sender,
			      (long long)h->p2p_receiver);
	else
		fl_buf_adds(b, "null");
	key(b, "conflicts", &f);
	fl_buf_addc(b, '[');
	for (size_t i = 0; i < h->nconflicts; i++) {
		bool g = true;
		fl_buf_adds(b, i ? ",{" : "{");
		key(b, "source", &g);
		str_or_null(b, h->conflicts[i].source);
		key(b, "field", &g);
		str_or_null(b, h->conflicts[i].field);
		key(b, "value", &g);
		str_or_null(b, h->conflicts[i].value);
		fl_buf_addc(b, '}');
	}
	fl_buf_addc(b, ']');
	if (h->onset_ts != FL_TIME_NONE) {
		key(b, "onset", &f);
		fl_buf_adds(b, "{\"time\":");
		time_or_null(b, h->onset_ts);
		fl_buf_adds(b, ",\"source\":");
		str_or_null(b, h->onset_source ? h->onset_source : "logs");
		fl_buf_addc(b, '}');
	}
	key(b, "flight_recorder", &f);
	flight_recorder(b, h);
	fl_buf_addc(b, '}');
}

static void verdict(struct fl_buf *b, const struct fl_analysis *a)
{
	bool f = true;
	fl_buf_addc(b, '{');
	key(b, "status", &f);
	str_or_null(b, a->status);
	key(b, "summary", &f);
	str_or_null(b, a->summary);
	key(b, "signature", &f);
	str_or_null(b, a->signature);
	key(b, "missing_evidence", &f);
	str_or_null(b, a->missing);
	key(b, "first_failure", &f);
	first_failure(b, &a->first);
	key(b, "hang", &f);
	hang(b, &a->hang);
	key(b, "likely_cause", &f);
	cause(b, &a->likely);
	key(b, "other_causes", &f);
	fl_buf_addc(b, '[');
	for (size_t i = 0; i < a->nothers; i++) {
		if (i)
			fl_buf_addc(b, ',');
		cause(b, &a->others[i]);
	}
	fl_buf_adds(b, "]}");
}

static void findings(struct fl_buf *b, const struct fl_analysis *a)
{
	fl_buf_addc(b, '[');
	for (size_t i = 0; i < a->nfindings; i++) {
		const struct fl_finding *fd = &a->findings[i];
		bool f = true;
		fl_buf_adds(b, i ? ",{" : "{");
		key(b, "id", &f);
		str_or_null(b, fd->id);
		key(b, "severity", &f);
		str_or_null(b, fd->severity);
		key(b, "message", &f);
		str_or_null(b, fd->message);
		key(b, "evidence", &f);
		evidence(b, &fd->evidence, true);
		fl_buf_addc(b, '}');
	}
	fl_buf_addc(b, ']');
}

static void training(struct fl_buf *b, const struct fl_training *t)
{
	bool f = true;
	fl_buf_addc(b, '{');
	key(b, "last_step", &f);
	int_or_null(b, t->last_step);
	key(b, "first_nonfinite_step", &f);
	int_or_null(b, t->first_nonfinite_step);
	key(b, "steps", &f);
	fl_buf_printf(b, "%lld", (long long)(t->steps > 0 ? t->steps : 0));
	key(b, "loss_last", &f);
	num_or_null(b, t->loss_last);
	key(b, "tokens_per_s_per_gpu", &f);
	num_or_null(b, t->tokens_per_s_per_gpu);
	key(b, "tflops_per_gpu", &f);
	num_or_null(b, t->tflops_per_gpu);
	key(b, "mfu", &f);
	num_or_null(b, t->mfu);
	key(b, "loss_scale_last", &f);
	num_or_null(b, t->loss_scale_last);
	/* extensions (docs/TRAINING.md) */
	key(b, "lr_last", &f);
	num_or_null(b, t->lr_last);
	key(b, "grad_norm_last", &f);
	num_or_null(b, t->grad_norm_last);
	key(b, "params", &f);
	num_or_null(b, t->params);
	key(b, "gpu", &f);
	str_or_null(b, t->gpu);
	key(b, "mfu_source", &f);
	str_or_null(b, t->mfu_source);
	key(b, "mfu_peak_tflops", &f);
	num_or_null(b, t->mfu_peak_tflops);
	key(b, "mfu_peak_dtype", &f);
	str_or_null(b, t->mfu_peak_dtype);
	fl_buf_addc(b, '}');
}

/* The names of the values computed rather than logged. */
static void derived(struct fl_buf *b, unsigned bits)
{
	static const struct {
		unsigned bit;
		const char *name;
	} names[] = { { FL_CFG_DERIVED_GAS, "grad_accum_steps" },
		      { FL_CFG_DERIVED_GBS, "global_batch_size" },
		      { FL_CFG_DERIVED_DP, "data_parallel_size" } };
	bool first = true;
	fl_buf_addc(b, '[');
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		if (!(bits & names[i].bit))
			continue;
		fl_buf_printf(b, "%s\"%s\"", first ? "" : ",", names[i].name);
		first = false;
	}
	fl_buf_addc(b, ']');
}

static void config(struct fl_buf *b, const struct fl_config *k)
{
	bool f = true;
	fl_buf_addc(b, '{');
	key(b, "micro_batch_size", &f);
	int_or_null(b, k->micro_batch_size);
	key(b, "grad_accum_steps", &f);
	int_or_null(b, k->grad_accum_steps);
	key(b, "global_batch_size", &f);
	int_or_null(b, k->global_batch_size);
	key(b, "data_parallel_size", &f);
	int_or_null(b, k->data_parallel_size);
	key(b, "tensor_parallel_size", &f);
	int_or_null(b, k->tensor_parallel_size);
	key(b, "pipeline_parallel_size", &f);
	int_or_null(b, k->pipeline_parallel_size);
	key(b, "seq_length", &f);
	int_or_null(b, k->seq_length);
	key(b, "dtype", &f);
	str_or_null(b, k->dtype);
	key(b, "activation_checkpointing", &f);
	str_or_null(b, k->activation_checkpointing);
	key(b, "nccl_version", &f);
	str_or_null(b, k->nccl_version);
	key(b, "world_size", &f);
	int_or_null(b, k->world_size);
	/* extensions of the contract's set */
	key(b, "context_parallel_size", &f);
	int_or_null(b, k->context_parallel_size);
	key(b, "expert_parallel_size", &f);
	int_or_null(b, k->expert_parallel_size);
	key(b, "sharding", &f);
	str_or_null(b, k->sharding);
	key(b, "derived", &f);
	derived(b, k->derived);
	fl_buf_addc(b, '}');
}

static void ranks(struct fl_buf *b, const struct fl_analysis *a)
{
	fl_buf_addc(b, '[');
	for (size_t i = 0; i < a->nranks_state; i++) {
		const struct fl_rank_state *r = &a->ranks[i];
		bool f = true;
		fl_buf_adds(b, i ? ",{" : "{");
		key(b, "rank", &f);
		fl_buf_printf(b, "%lld", (long long)r->rank);
		key(b, "host", &f);
		str_or_null(b, r->host);
		key(b, "local_rank", &f);
		int_or_null(b, r->local_rank);
		key(b, "state", &f);
		str_or_null(b, r->state);
		key(b, "first_error", &f);
		str_or_null(b, r->first_error);
		key(b, "last_activity", &f);
		time_or_null(b, r->last_ts);
		key(b, "last_seq", &f);
		int_or_null(b, r->last_seq);
		key(b, "lines", &f);
		fl_buf_printf(b, "%lld", (long long)r->lines);
		fl_buf_addc(b, '}');
	}
	fl_buf_addc(b, ']');
}

static void offsets(struct fl_buf *b, const struct fl_analysis *a)
{
	fl_buf_addc(b, '[');
	for (size_t i = 0; i < a->noffsets; i++) {
		fl_buf_adds(b, i ? ",{\"host\":" : "{\"host\":");
		str_or_null(b, a->offsets[i].host);
		fl_buf_printf(b, ",\"offset_ms\":%lld,\"samples\":%d}",
			      (long long)(a->offsets[i].offset_us / 1000), a->offsets[i].samples);
	}
	fl_buf_addc(b, ']');
}

/* Watts and percents to a tenth: sensors give no more. */
static void tenth_or_null(struct fl_buf *b, double v)
{
	num_or_null(b, v == v ? round(v * 10) / 10 : v);
}

/* The per-GPU summary (extension field; docs/TELEMETRY.md). */
static void telemetry(struct fl_buf *b, const struct fl_analysis *a)
{
	fl_buf_adds(b, "{\"gpus\":[");
	for (size_t i = 0; i < a->ngpus; i++) {
		const struct fl_gpu *g = &a->gpus[i];
		bool f = true;
		fl_buf_adds(b, i ? ",{" : "{");
		key(b, "host", &f);
		str_or_null(b, g->host);
		key(b, "index", &f);
		fl_buf_printf(b, "%lld", (long long)g->index);
		key(b, "bus_id", &f);
		str_or_null(b, g->bus_id);
		key(b, "rank", &f);
		int_or_null(b, g->rank);
		key(b, "source", &f);
		str_or_null(b, g->source);
		key(b, "samples", &f);
		fl_buf_printf(b, "%lld", (long long)g->samples);
		key(b, "first", &f);
		time_or_null(b, g->first_ts);
		key(b, "last", &f);
		time_or_null(b, g->last_ts);
		key(b, "power_mean_w", &f);
		tenth_or_null(b, g->power_mean);
		key(b, "power_max_w", &f);
		tenth_or_null(b, g->power_max);
		key(b, "util_mean_pct", &f);
		tenth_or_null(b, g->util_mean);
		key(b, "idle_since", &f);
		time_or_null(b, g->idle_ts);
		key(b, "state", &f);
		str_or_null(b, g->state);
		key(b, "outlier", &f);
		fl_buf_adds(b, g->outlier ? "true" : "false");
		fl_buf_addc(b, '}');
	}
	fl_buf_adds(b, "]}");
}

static void timeline(struct fl_buf *b, const struct fl_analysis *a)
{
	fl_buf_addc(b, '[');
	for (size_t i = 0; i < a->ntimeline; i++) {
		const struct fl_timeline_entry *t = &a->timeline[i];
		bool f = true;
		fl_buf_adds(b, i ? ",{" : "{");
		key(b, "time", &f);
		time_or_null(b, t->ts);
		key(b, "rank", &f);
		int_or_null(b, t->rank);
		key(b, "host", &f);
		str_or_null(b, t->host);
		key(b, "kind", &f);
		str_or_null(b, t->kind);
		key(b, "primary", &f);
		fl_buf_adds(b, t->primary ? "true" : "false");
		key(b, "file", &f);
		str_or_null(b, t->file);
		key(b, "line", &f);
		fl_buf_printf(b, "%lld", (long long)t->line);
		key(b, "text", &f);
		str_or_null(b, t->text);
		fl_buf_addc(b, '}');
	}
	fl_buf_addc(b, ']');
}

void fl_report_json(const struct fl_analysis *a, struct fl_buf *b)
{
	bool f = true;
	fl_buf_addc(b, '{');
	key(b, "schema", &f);
	fl_buf_adds(b, "\"faultline.report/1\"");
	key(b, "run", &f);
	run(b, a);
	key(b, "verdict", &f);
	verdict(b, a);
	key(b, "findings", &f);
	findings(b, a);
	key(b, "training", &f);
	training(b, &a->training);
	key(b, "config", &f);
	config(b, &a->config);
	key(b, "ranks", &f);
	ranks(b, a);
	key(b, "clock_offsets", &f);
	offsets(b, a);
	key(b, "timeline", &f);
	timeline(b, a);
	if (a->ngpus) {
		key(b, "telemetry", &f);
		telemetry(b, a);
	}
	fl_buf_adds(b, "}\n");
}
