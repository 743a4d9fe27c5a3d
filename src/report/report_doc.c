/* SPDX-License-Identifier: MIT */
/*
 * report_doc.c - the document the Markdown and HTML reports share.
 *
 * A title fit for a ticket, the verdict as a table, then explanation,
 * evidence, remediation and the supporting detail. This file decides what
 * is shown and in which order; a markup (report_int.h) decides how. Log
 * text goes only to the markup's escaping operations; the literals written
 * here with lit() are faultline's own words and numbers.
 */
#include "report_int.h"

#include <inttypes.h>
#include <string.h>

enum {
	TIMELINE_ROWS = 15, /* a ticket wants the start of the story, not all of it */
	STUCK_LISTED = 32,  /* stuck ranks named before "and N more" */
};

/* ---- inline pieces ---- */

static void lit(struct fl_buf *out, const char *s)
{
	fl_buf_adds(out, s);
}

/* Log text, or "-" where the log said nothing. */
static void text(const struct fl_markup *m, struct fl_buf *out, const char *s)
{
	if (s && *s)
		m->text(out, s);
	else
		lit(out, "-");
}

static void ident(const struct fl_markup *m, struct fl_buf *out, const char *s)
{
	if (s && *s)
		m->ident(out, s);
	else
		lit(out, "-");
}

static void code(const struct fl_markup *m, struct fl_buf *out, const char *s)
{
	if (s && *s)
		m->code(out, s);
	else
		lit(out, "-");
}

void fl_doc_num(struct fl_buf *out, int64_t v)
{
	if (v < 0)
		lit(out, "unknown");
	else
		fl_buf_printf(out, "%" PRId64, v);
}

/* "file:line" as one code span: paths come from the bundle. */
static void location(const struct fl_markup *m, struct fl_buf *out, const char *file,
		     int64_t line)
{
	if (!file || !*file) {
		lit(out, "-");
		return;
	}
	struct fl_buf t = FL_BUF_INIT;
	fl_buf_adds(&t, file);
	if (line > 0)
		fl_buf_printf(&t, ":%" PRId64, line);
	m->code(out, t.ptr);
	fl_buf_release(&t);
}

/* Offsets are signed microseconds; shown as seconds without rounding. */
static void offset(struct fl_buf *out, int64_t us)
{
	uint64_t n = us < 0 ? -(uint64_t)us : (uint64_t)us;
	fl_buf_printf(out, "%c%" PRIu64 ".%06" PRIu64 " s", us < 0 ? '-' : '+', n / 1000000,
		      n % 1000000);
}

static void strong_lit(const struct fl_markup *m, struct fl_buf *out, const char *s)
{
	m->strong_begin(out);
	lit(out, s);
	m->strong_end(out);
}

/* ---- blocks ---- */

static void heading(const struct fl_markup *m, struct fl_buf *out, const char *s)
{
	m->heading_begin(out, 2);
	lit(out, s);
	m->heading_end(out, 2);
}

/* A paragraph of log-derived prose, after an optional bold label. */
static void paragraph(const struct fl_markup *m, struct fl_buf *out, const char *label,
		      const char *s)
{
	if (!s || !*s)
		return;
	m->para_begin(out, NULL);
	if (label) {
		strong_lit(m, out, label);
		lit(out, " ");
	}
	m->text(out, s);
	m->para_end(out);
}

static void cell(const struct fl_markup *m, struct fl_buf *out)
{
	m->cell_begin(out, NULL);
}

static void next_cell(const struct fl_markup *m, struct fl_buf *out)
{
	m->cell_end(out);
	cell(m, out);
}

static void row_end(const struct fl_markup *m, struct fl_buf *out)
{
	m->cell_end(out);
	m->row_end(out);
}

/* ---- title ---- */

void fl_doc_title(const struct fl_markup *m, const struct fl_analysis *a, struct fl_buf *out)
{
	lit(out, "faultline: ");
	ident(m, out, a->status);
	lit(out, " — ");
	if (!a->likely.id && a->summary) {
		text(m, out, a->summary);
		return;
	}
	ident(m, out, a->likely.id);
	if (a->first.set && a->first.rank >= 0) {
		fl_buf_printf(out, " on rank %" PRId64, a->first.rank);
		if (a->first.host) {
			lit(out, " (");
			text(m, out, a->first.host);
			lit(out, ")");
		}
	} else if (a->hang.set && a->hang.collective) {
		lit(out, " in ");
		text(m, out, a->hang.collective);
		if (a->hang.seq >= 0)
			fl_buf_printf(out, " (seq %" PRId64 ")", a->hang.seq);
	}
}

/* ---- verdict ---- */

/* Opens a verdict row and its value cell; row_end() closes both. */
static void field(const struct fl_markup *m, struct fl_buf *out, const char *name)
{
	m->row_begin(out, NULL);
	m->head_cell(out, name);
	cell(m, out);
}

static void first_rows(const struct fl_markup *m, const struct fl_first_failure *f,
		       struct fl_buf *out)
{
	field(m, out, "First failure");
	if (!f->set) {
		lit(out, "none");
		row_end(m, out);
		return;
	}
	m->strong_begin(out);
	lit(out, "rank ");
	fl_doc_num(out, f->rank);
	m->strong_end(out);
	lit(out, " on ");
	text(m, out, f->host);
	lit(out, " at ");
	fl_report_time(out, f->ts);
	row_end(m, out);
	field(m, out, "Failure kind");
	code(m, out, f->kind);
	row_end(m, out);
	field(m, out, "Failure line");
	code(m, out, f->message);
	row_end(m, out);
	field(m, out, "Failure source");
	location(m, out, f->file, f->line);
	row_end(m, out);
}

static void stuck(const struct fl_hang *h, struct fl_buf *out)
{
	if (h->nstuck == 0) {
		lit(out, "none known");
		return;
	}
	for (size_t i = 0; i < h->nstuck && i < STUCK_LISTED; i++)
		fl_buf_printf(out, "%s%" PRId64, i ? ", " : "", h->stuck[i]);
	if (h->nstuck > STUCK_LISTED)
		fl_buf_printf(out, " and %zu more", h->nstuck - STUCK_LISTED);
}

static void hang_rows(const struct fl_markup *m, const struct fl_hang *h, struct fl_buf *out)
{
	field(m, out, "Hang");
	if (!h->set) {
		lit(out, "none");
		row_end(m, out);
		return;
	}
	code(m, out, h->collective);
	lit(out, ", seq ");
	fl_doc_num(out, h->seq);
	lit(out, ", process group ");
	code(m, out, h->process_group);
	lit(out, ", timeout ");
	if (h->timeout_ms >= 0)
		fl_buf_printf(out, "%" PRId64 " ms", h->timeout_ms);
	else
		lit(out, "unknown");
	row_end(m, out);
	field(m, out, "Stuck ranks");
	stuck(h, out);
	row_end(m, out);
	if (h->p2p_sender >= 0) {
		field(m, out, "Point-to-point");
		fl_buf_printf(out, "rank %" PRId64 " sends to rank %" PRId64, h->p2p_sender, h->p2p_receiver);
		row_end(m, out);
	}
	field(m, out, "Hang decided by");
	code(m, out, h->source);
	row_end(m, out);
	for (size_t i = 0; i < h->nconflicts; i++) {
		field(m, out, "Hang conflict");
		code(m, out, h->conflicts[i].source);
		lit(out, " says ");
		text(m, out, h->conflicts[i].field);
		lit(out, " ");
		code(m, out, h->conflicts[i].value);
		row_end(m, out);
	}
	if (h->onset_ts == FL_TIME_NONE)
		return;
	field(m, out, "Progress stopped");
	fl_report_time(out, h->onset_ts);
	lit(out, " (from ");
	text(m, out, h->onset_source ? h->onset_source : "logs");
	lit(out, ")");
	row_end(m, out);
}

/* Only rank numbers, faultline's own: no log text to escape. */
static void silent_row(const struct fl_markup *m, const struct fl_analysis *a, struct fl_buf *out)
{
	struct fl_buf list = FL_BUF_INIT;
	if (fl_report_silent(&list, a)) {
		field(m, out, "Silent ranks");
		fl_buf_add(out, list.ptr, list.len);
		row_end(m, out);
	}
	fl_buf_release(&list);
}

static void verdict(const struct fl_markup *m, const struct fl_analysis *a, struct fl_buf *out)
{
	static const char *const cols[] = { "Field", "Value" };
	m->table_begin(out, cols, 2);
	field(m, out, "Status");
	if (a->status && *a->status)
		m->status(out, a->status);
	else
		lit(out, "-");
	row_end(m, out);
	field(m, out, "Likely cause");
	code(m, out, a->likely.id);
	lit(out, " (");
	text(m, out, a->likely.confidence);
	lit(out, " confidence)");
	row_end(m, out);
	first_rows(m, &a->first, out);
	hang_rows(m, &a->hang, out);
	field(m, out, "Bundle");
	code(m, out, a->bundle);
	fl_buf_printf(out, " (%" PRId64 " ranks", a->nranks);
	if (a->nranks_seen != a->nranks)
		fl_buf_printf(out, ", %" PRId64 " seen", a->nranks_seen);
	fl_buf_printf(out, ", %" PRId64 " hosts, %" PRId64 " files, %" PRId64 " lines)", a->nhosts,
		      a->nfiles, a->nlines);
	row_end(m, out);
	silent_row(m, a, out);
	field(m, out, "Run id");
	fl_buf_printf(out, "%" PRId64, a->run_id);
	row_end(m, out);
	field(m, out, "Signature");
	code(m, out, a->signature);
	row_end(m, out);
	m->table_end(out);
}

/* ---- evidence and advice ---- */

static void evidence(const struct fl_markup *m, const struct fl_evidence_list *ev,
		     struct fl_buf *out)
{
	if (ev->n == 0)
		return;
	heading(m, out, "Evidence");
	for (size_t i = 0; i < ev->n; i++) {
		const struct fl_evidence *e = &ev->v[i];
		m->para_begin(out, NULL);
		location(m, out, e->file, e->line);
		lit(out, " (rank ");
		fl_doc_num(out, e->rank);
		if (e->host) {
			lit(out, ", ");
			text(m, out, e->host);
		}
		if (e->ts != FL_TIME_NONE) {
			lit(out, ", ");
			fl_report_time(out, e->ts);
		}
		lit(out, ")");
		m->para_end(out);
		m->code_block(out, e->text);
	}
}

static void remediation(const struct fl_markup *m, const struct fl_cause *c, struct fl_buf *out)
{
	if (c->nrem == 0)
		return;
	heading(m, out, "Remediation");
	m->list_begin(out, true);
	for (size_t i = 0; i < c->nrem; i++) {
		m->item_begin(out, i + 1);
		text(m, out, c->remediation[i]);
		m->item_end(out);
	}
	m->list_end(out, true);
}

static void others(const struct fl_markup *m, const struct fl_analysis *a, struct fl_buf *out)
{
	if (a->nothers == 0)
		return;
	heading(m, out, "Other candidates");
	m->list_begin(out, false);
	for (size_t i = 0; i < a->nothers; i++) {
		const struct fl_cause *c = &a->others[i];
		m->item_begin(out, 0);
		code(m, out, c->id);
		lit(out, " (");
		text(m, out, c->confidence);
		lit(out, "): ");
		text(m, out, c->explanation);
		m->item_end(out);
	}
	m->list_end(out, false);
}

/* ---- tables of detail ---- */

/* A class only for the severities the stylesheet knows: the severity
 * comes from pattern files, and an attribute is no place to trust it. */
static const char *severity_class(const char *severity)
{
	if (severity && strcmp(severity, "error") == 0)
		return "sev-error";
	if (severity && strcmp(severity, "warning") == 0)
		return "sev-warning";
	return NULL;
}

static void findings(const struct fl_markup *m, const struct fl_analysis *a, struct fl_buf *out)
{
	static const char *const cols[] = { "Finding", "Severity", "Message" };
	if (a->nfindings == 0)
		return;
	heading(m, out, "Findings");
	m->table_begin(out, cols, 3);
	for (size_t i = 0; i < a->nfindings; i++) {
		const struct fl_finding *f = &a->findings[i];
		m->row_begin(out, NULL);
		cell(m, out);
		code(m, out, f->id);
		m->cell_end(out);
		m->cell_begin(out, severity_class(f->severity));
		text(m, out, f->severity);
		next_cell(m, out);
		text(m, out, f->message);
		row_end(m, out);
	}
	m->table_end(out);
}

/* ---- training and configuration ---- */

/* One known value of the training or configuration sections: a number
 * (ours to format) or a string from the logs (escaped by the markup). */
struct metric {
	const char *name;
	enum { M_INT, M_NUM, M_PERCENT, M_TEXT, M_PEAK, M_COUNT } type;
	int64_t i;
	double d;
	const char *s;  /* M_TEXT; M_PEAK: the dtype, may be NULL */
};

static size_t add_int(struct metric *v, size_t n, const char *name, int64_t x)
{
	if (x < 0)
		return n;
	v[n] = (struct metric){ .name = name, .type = M_INT, .i = x };
	return n + 1;
}

static size_t add_num(struct metric *v, size_t n, const char *name, double x, int type)
{
	if (x != x)
		return n;
	v[n] = (struct metric){ .name = name, .type = type, .d = x };
	return n + 1;
}

static size_t add_text(struct metric *v, size_t n, const char *name, const char *x)
{
	if (!x || !*x)
		return n;
	v[n] = (struct metric){ .name = name, .type = M_TEXT, .s = x };
	return n + 1;
}

enum { METRICS_MAX = 20 };

/* The dense peak an MFU faultline computed was measured against (the
 * analysis sets it only then), and its dtype. */
static size_t add_peak(struct metric *v, size_t n, const struct fl_training *t)
{
	if (t->mfu != t->mfu || t->mfu_peak_tflops != t->mfu_peak_tflops)
		return n;
	v[n] = (struct metric){ .name = "MFU computed against", .type = M_PEAK,
				.d = t->mfu_peak_tflops, .s = t->mfu_peak_dtype };
	return n + 1;
}

static size_t training_metrics(const struct fl_training *t, struct metric *v)
{
	size_t n = 0;
	n = add_int(v, n, "Last step", t->last_step);
	n = add_int(v, n, "Steps logged", t->steps > 0 ? t->steps : -1);
	n = add_int(v, n, "First non-finite step", t->first_nonfinite_step);
	n = add_num(v, n, "Last loss", t->loss_last, M_NUM);
	n = add_num(v, n, "Tokens/s per GPU", t->tokens_per_s_per_gpu, M_NUM);
	n = add_num(v, n, "TFLOPS per GPU", t->tflops_per_gpu, M_NUM);
	n = add_num(v, n, "MFU", t->mfu, M_PERCENT);
	/* a computed MFU says what it is relative to (docs/TRAINING.md) */
	n = add_text(v, n, "MFU from", !t->mfu_source			    ? NULL
				       : !strcmp(t->mfu_source, "params") ? "6 x params x tokens/s / peak"
				       : !strcmp(t->mfu_source, "tflops") ? "logged TFLOPS / peak"
									  : "the framework's log");
	n = add_peak(v, n, t);
	n = add_num(v, n, "Last grad norm", t->grad_norm_last, M_NUM);
	n = add_num(v, n, "Last learning rate", t->lr_last, M_NUM);
	n = add_num(v, n, "Last step time (ms)", t->iter_ms_last, M_NUM);
	n = add_num(v, n, "Last loss scale", t->loss_scale_last, M_NUM);
	n = add_num(v, n, "Model parameters", t->params, M_COUNT);
	n = add_text(v, n, "GPU", t->gpu);
	return n;
}

static size_t config_metrics(const struct fl_config *k, struct metric *v)
{
	size_t n = 0;
	n = add_int(v, n, "World size", k->world_size);
	n = add_int(v, n, "Micro batch (MBS)", k->micro_batch_size);
	/* a value computed from the others says so (docs/TRAINING.md) */
	n = add_int(v, n,
		    k->derived & FL_CFG_DERIVED_GAS ? "Grad accumulation (GAS, derived)"
						    : "Grad accumulation (GAS)",
		    k->grad_accum_steps);
	n = add_int(v, n,
		    k->derived & FL_CFG_DERIVED_GBS ? "Global batch (GBS, derived)" : "Global batch (GBS)",
		    k->global_batch_size);
	n = add_int(v, n,
		    k->derived & FL_CFG_DERIVED_DP ? "Data parallel (DP, derived)" : "Data parallel (DP)",
		    k->data_parallel_size);
	n = add_int(v, n, "Tensor parallel (TP)", k->tensor_parallel_size);
	n = add_int(v, n, "Pipeline parallel (PP)", k->pipeline_parallel_size);
	n = add_int(v, n, "Context parallel (CP)", k->context_parallel_size);
	n = add_int(v, n, "Expert parallel (EP)", k->expert_parallel_size);
	n = add_int(v, n, "Sequence length", k->seq_length);
	n = add_text(v, n, "Dtype", k->dtype);
	n = add_text(v, n, "Activation checkpointing", k->activation_checkpointing);
	n = add_text(v, n, "Sharding", k->sharding);
	n = add_text(v, n, "NCCL version", k->nccl_version);
	return n;
}

/* %g keeps a loss of 2.3456 and a throughput of 41234.5 short. */
static void metric_cells(const struct fl_markup *m, const struct metric *v, struct fl_buf *out)
{
	if (!v) {
		next_cell(m, out);
		return;
	}
	lit(out, v->name);
	next_cell(m, out);
	if (v->type == M_INT)
		fl_buf_printf(out, "%" PRId64, v->i);
	else if (v->type == M_NUM)
		fl_buf_printf(out, "%.6g", v->d);
	else if (v->type == M_PERCENT)
		fl_buf_printf(out, "%.1f%%", v->d * 100);
	else if (v->type == M_PEAK)
		fl_buf_printf(out, "%.6g TFLOPS peak", v->d);
	else if (v->type == M_COUNT && v->d >= 1e9)
		fl_buf_printf(out, "%.2fB", v->d / 1e9); /* parameters: 8.03B */
	else if (v->type == M_COUNT && v->d >= 1e6)
		fl_buf_printf(out, "%.2fM", v->d / 1e6);
	else if (v->type == M_COUNT)
		fl_buf_printf(out, "%.0f", v->d);
	else
		text(m, out, v->s);
	if (v->type == M_PEAK && v->s) {
		lit(out, " ");
		text(m, out, v->s);
	}
}

/* Training and configuration side by side, so that the numbers an
 * on-call engineer checks first (GBS = MBS x GAS x DP, MFU) fit a screen. */
static void training(const struct fl_markup *m, const struct fl_analysis *a, struct fl_buf *out)
{
	static const char *const cols[] = { "Training", "Value", "Configuration", "Value" };
	struct metric tv[METRICS_MAX], cv[METRICS_MAX];
	size_t nt = training_metrics(&a->training, tv), nc = config_metrics(&a->config, cv);
	if (nt == 0 && nc == 0)
		return;
	heading(m, out, "Training and configuration");
	m->table_begin(out, cols, 4);
	for (size_t i = 0; i < nt || i < nc; i++) {
		m->row_begin(out, NULL);
		cell(m, out);
		metric_cells(m, i < nt ? &tv[i] : NULL, out);
		next_cell(m, out);
		metric_cells(m, i < nc ? &cv[i] : NULL, out);
		row_end(m, out);
	}
	m->table_end(out);
}

static void timeline_row(const struct fl_markup *m, const struct fl_timeline_entry *t,
			 struct fl_buf *out)
{
	m->row_begin(out, t->primary ? "primary" : NULL);
	cell(m, out);
	fl_report_time(out, t->ts);
	next_cell(m, out);
	fl_doc_num(out, t->rank);
	next_cell(m, out);
	text(m, out, t->host);
	next_cell(m, out);
	code(m, out, t->kind);
	if (t->primary) {
		lit(out, " ");
		strong_lit(m, out, "primary");
	}
	next_cell(m, out);
	code(m, out, t->text);
	row_end(m, out);
}

static void timeline(const struct fl_markup *m, const struct fl_analysis *a, struct fl_buf *out)
{
	static const char *const cols[] = { "Time", "Rank", "Host", "Kind", "Text" };
	if (a->ntimeline == 0)
		return;
	size_t n = a->ntimeline < TIMELINE_ROWS ? a->ntimeline : TIMELINE_ROWS;
	heading(m, out, "Timeline");
	if (n < a->ntimeline) {
		m->para_begin(out, "muted");
		fl_buf_printf(out, "First %zu of %zu events.", n, a->ntimeline);
		m->para_end(out);
	}
	m->table_begin(out, cols, 5);
	for (size_t i = 0; i < n; i++)
		timeline_row(m, &a->timeline[i], out);
	m->table_end(out);
}

static void offsets(const struct fl_markup *m, const struct fl_analysis *a, struct fl_buf *out)
{
	static const char *const cols[] = { "Host", "Offset", "Samples" };
	if (a->noffsets == 0)
		return;
	heading(m, out, "Clock skew");
	m->para_begin(out, NULL);
	lit(out, "Times above are corrected by subtracting each host's offset.");
	m->para_end(out);
	m->table_begin(out, cols, 3);
	for (size_t i = 0; i < a->noffsets; i++) {
		const struct fl_host_offset *o = &a->offsets[i];
		m->row_begin(out, NULL);
		cell(m, out);
		text(m, out, o->host);
		next_cell(m, out);
		offset(out, o->offset_us);
		next_cell(m, out);
		fl_buf_printf(out, "%d", o->samples);
		row_end(m, out);
	}
	m->table_end(out);
}

static void gpu_row(const struct fl_markup *m, const struct fl_gpu *g, struct fl_buf *out)
{
	m->row_begin(out, NULL);
	cell(m, out);
	text(m, out, g->host ? g->host : "-");
	next_cell(m, out);
	fl_buf_printf(out, "%" PRId64, g->index);
	next_cell(m, out);
	fl_doc_num(out, g->rank);
	next_cell(m, out);
	struct fl_buf n = FL_BUF_INIT;
	fl_report_gpu_numbers(&n, g);
	text(m, out, n.ptr);
	fl_buf_release(&n);
	next_cell(m, out);
	text(m, out, g->state);
	if (g->outlier)
		lit(out, ", unlike the rest");
	row_end(m, out);
}

static void gpus(const struct fl_markup *m, const struct fl_analysis *a, struct fl_buf *out)
{
	static const char *const cols[] = { "Host", "GPU", "Rank", "Sampled", "State" };
	if (a->ngpus == 0)
		return;
	heading(m, out, "GPU telemetry");
	m->table_begin(out, cols, 5);
	for (size_t i = 0; i < a->ngpus && i < FL_REPORT_GPUS; i++)
		gpu_row(m, &a->gpus[i], out);
	m->table_end(out);
	if (a->ngpus > FL_REPORT_GPUS) {
		m->para_begin(out, NULL);
		fl_buf_printf(out, "%zu GPUs in all.", a->ngpus);
		m->para_end(out);
	}
}

static void skipped(const struct fl_markup *m, const struct fl_analysis *a, struct fl_buf *out)
{
	if (a->nskipped == 0)
		return;
	heading(m, out, "Skipped members");
	m->list_begin(out, false);
	for (size_t i = 0; i < a->nskipped; i++) {
		m->item_begin(out, 0);
		code(m, out, a->skipped[i].path);
		lit(out, ": ");
		text(m, out, a->skipped[i].reason);
		m->item_end(out);
	}
	m->list_end(out, false);
}

void fl_doc_render(const struct fl_markup *m, const struct fl_analysis *a, struct fl_buf *out)
{
	m->heading_begin(out, 1);
	fl_doc_title(m, a, out);
	m->heading_end(out, 1);
	if (a->likely.id)
		paragraph(m, out, NULL, a->summary);
	verdict(m, a, out);
	paragraph(m, out, NULL, a->likely.explanation);
	paragraph(m, out, "Missing evidence:", a->missing);
	evidence(m, &a->likely.evidence, out);
	remediation(m, &a->likely, out);
	others(m, a, out);
	findings(m, a, out);
	training(m, a, out);
	if (m->figure)
		m->figure(a, out);
	gpus(m, a, out);
	timeline(m, a, out);
	offsets(m, a, out);
	skipped(m, a, out);
}
