/* SPDX-License-Identifier: MIT */
/*
 * report_text.c - the terminal report: verdict first, then evidence and
 * what to do. Colour only when asked (the CLI asks on a tty without
 * NO_COLOR). Log text is sanitised: control characters and invalid UTF-8
 * are replaced so a log cannot drive the terminal.
 */
#include "report_int.h"

#include <string.h>

struct tx {
	struct fl_buf *b;
	bool color;
};

static void paint(struct tx *t, const char *code)
{
	if (t->color)
		fl_buf_printf(t->b, "\x1b[%sm", code);
}

static void text(struct tx *t, const char *s)
{
	if (s)
		fl_utf8_sanitize(t->b, s, strlen(s));
	else
		fl_buf_addc(t->b, '-');
}

static void heading(struct tx *t, const char *h)
{
	fl_buf_addc(t->b, '\n');
	paint(t, "1");
	fl_buf_adds(t->b, h);
	paint(t, "0");
	fl_buf_addc(t->b, '\n');
}

static void evidence(struct tx *t, const struct fl_evidence_list *l)
{
	for (size_t i = 0; i < l->n; i++) {
		const struct fl_evidence *e = &l->v[i];
		fl_buf_adds(t->b, "  ");
		paint(t, "2");
		text(t, e->file);
		fl_buf_printf(t->b, ":%lld", (long long)e->line);
		if (e->rank >= 0)
			fl_buf_printf(t->b, " rank %lld", (long long)e->rank);
		paint(t, "0");
		fl_buf_adds(t->b, "\n    ");
		size_t n = strcspn(e->text, "\n");
		fl_utf8_sanitize(t->b, e->text, n > 300 ? 300 : n);
		fl_buf_addc(t->b, '\n');
	}
}

static const char *status_color(const char *st)
{
	if (!strcmp(st, "failed"))
		return "1;31";
	if (!strcmp(st, "hung"))
		return "1;35";
	if (!strcmp(st, "degraded"))
		return "1;33";
	return "1;32";
}

static void verdict(struct tx *t, const struct fl_analysis *a)
{
	paint(t, status_color(a->status));
	fl_buf_printf(t->b, "%s", a->status);
	paint(t, "0");
	fl_buf_adds(t->b, "  ");
	text(t, a->summary);
	fl_buf_printf(t->b, "\n\nrun %lld  ", (long long)a->run_id);
	text(t, a->bundle);
	fl_buf_printf(t->b, "  %lld ranks", (long long)a->nranks);
	if (a->nranks_seen != a->nranks)
		fl_buf_printf(t->b, " (%lld seen)", (long long)a->nranks_seen);
	fl_buf_printf(t->b, " on %lld hosts, %lld files, %lld lines  signature %s\n",
		      (long long)a->nhosts, (long long)a->nfiles, (long long)a->nlines, a->signature);
	struct fl_buf silent = FL_BUF_INIT;
	if (fl_report_silent(&silent, a))
		fl_buf_printf(t->b, "silent ranks (no line at all): %s\n", silent.ptr);
	fl_buf_release(&silent);
	const struct fl_first_failure *f = &a->first;
	if (f->set) {
		heading(t, "First failure");
		fl_buf_adds(t->b, "  rank ");
		if (f->rank >= 0)
			fl_buf_printf(t->b, "%lld", (long long)f->rank);
		else
			fl_buf_adds(t->b, "unknown");
		fl_buf_adds(t->b, " on ");
		text(t, f->host);
		fl_buf_adds(t->b, " at ");
		fl_report_time(t->b, f->ts);
		fl_buf_printf(t->b, "  (%s)\n  ", f->kind);
		text(t, f->message);
		fl_buf_adds(t->b, "\n  ");
		text(t, f->file);
		fl_buf_printf(t->b, ":%lld\n", (long long)f->line);
	}
	const struct fl_hang *h = &a->hang;
	if (h->set) {
		heading(t, "Hang point");
		fl_buf_adds(t->b, "  ");
		text(t, h->collective ? h->collective : "unknown collective");
		if (h->seq >= 0)
			fl_buf_printf(t->b, " seq %lld", (long long)h->seq);
		if (h->process_group) {
			fl_buf_adds(t->b, " in process group ");
			text(t, h->process_group);
		}
		if (h->timeout_ms >= 0)
			fl_buf_printf(t->b, ", timeout %lld ms", (long long)h->timeout_ms);
		fl_buf_adds(t->b, "\n  never arrived: ");
		if (!h->nstuck)
			fl_buf_adds(t->b, "unknown");
		for (size_t i = 0; i < h->nstuck && i < 32; i++)
			fl_buf_printf(t->b, "%s%lld", i ? ", " : "", (long long)h->stuck[i]);
		if (h->nstuck > 32)
			fl_buf_printf(t->b, ", ... (%zu ranks)", h->nstuck);
		if (h->p2p_sender >= 0)
			fl_buf_printf(t->b, "\n  point-to-point: rank %lld sends to rank %lld",
				      (long long)h->p2p_sender, (long long)h->p2p_receiver);
		fl_buf_adds(t->b, "\n  decided by: ");
		text(t, h->source ? h->source : "unknown");
		fl_buf_addc(t->b, '\n');
		for (size_t i = 0; i < h->nconflicts; i++) {
			fl_buf_adds(t->b, "  conflict: ");
			text(t, h->conflicts[i].source);
			fl_buf_adds(t->b, " says ");
			text(t, h->conflicts[i].field);
			fl_buf_adds(t->b, " ");
			text(t, h->conflicts[i].value);
			fl_buf_addc(t->b, '\n');
		}
		if (h->onset_ts != FL_TIME_NONE) {
			fl_buf_adds(t->b, "  progress stopped: ");
			fl_report_time(t->b, h->onset_ts);
			fl_buf_printf(t->b, " (from %s)\n",
				      h->onset_source ? h->onset_source : "logs");
		}
	}
}

/* One line per GPU, at most FL_REPORT_GPUS of them. */
static void gpus(struct tx *t, const struct fl_analysis *a)
{
	if (!a->ngpus)
		return;
	heading(t, "GPU telemetry");
	for (size_t i = 0; i < a->ngpus && i < FL_REPORT_GPUS; i++) {
		const struct fl_gpu *g = &a->gpus[i];
		fl_buf_adds(t->b, "  ");
		text(t, g->host ? g->host : "-");
		fl_buf_printf(t->b, " GPU %lld", (long long)g->index);
		if (g->rank >= 0)
			fl_buf_printf(t->b, " (rank %lld)", (long long)g->rank);
		fl_buf_adds(t->b, ": ");
		fl_report_gpu_numbers(t->b, g);
		fl_buf_printf(t->b, ", %s%s\n", g->state, g->outlier ? ", unlike the rest" : "");
	}
	if (a->ngpus > FL_REPORT_GPUS)
		fl_buf_printf(t->b, "  ... (%zu GPUs)\n", a->ngpus);
}

static void cause(struct tx *t, const struct fl_cause *k, bool full)
{
	paint(t, "1");
	fl_buf_printf(t->b, "  %s", k->id);
	paint(t, "0");
	fl_buf_printf(t->b, " (%s confidence)\n  ", k->confidence);
	text(t, k->explanation);
	fl_buf_addc(t->b, '\n');
	if (!full)
		return;
	if (k->evidence.n) {
		heading(t, "Evidence");
		evidence(t, &k->evidence);
	}
	if (k->nrem) {
		heading(t, "What to do");
		for (size_t i = 0; i < k->nrem; i++) {
			fl_buf_printf(t->b, "  %zu. ", i + 1);
			text(t, k->remediation[i]);
			fl_buf_addc(t->b, '\n');
		}
	}
}

/* One line of how the loop was running: the numbers the playbook starts
 * from, and what a computed MFU is relative to. */
static void training(struct tx *t, const struct fl_training *k)
{
	if (k->steps <= 0)
		return;
	heading(t, "Training");
	struct fl_buf *b = t->b;
	fl_buf_adds(b, "  ");
	if (k->last_step >= 0)
		fl_buf_printf(b, "last step %lld, ", (long long)k->last_step);
	fl_buf_printf(b, "%lld steps logged", (long long)k->steps);
	const struct {
		const char *name;
		double v;
	} nums[] = { { "loss", k->loss_last },
		     { "tokens/s per GPU", k->tokens_per_s_per_gpu },
		     { "TFLOPS per GPU", k->tflops_per_gpu },
		     { "loss scale", k->loss_scale_last } };
	for (size_t i = 0; i < sizeof(nums) / sizeof(nums[0]); i++)
		if (nums[i].v == nums[i].v)
			fl_buf_printf(b, ", %s %.6g", nums[i].name, nums[i].v);
	if (k->mfu == k->mfu) {
		fl_buf_printf(b, ", MFU %.1f%%", k->mfu * 100);
		if (k->mfu_source && strcmp(k->mfu_source, "logged")) {
			fl_buf_printf(b, " (computed against the %.1f TFLOPS dense %s peak of the ",
				      k->mfu_peak_tflops, k->mfu_peak_dtype);
			text(t, k->gpu);
			fl_buf_addc(b, ')');
		}
	}
	fl_buf_addc(b, '\n');
}

void fl_report_text(const struct fl_analysis *a, bool color, struct fl_buf *b)
{
	struct tx t = { b, color };
	verdict(&t, a);
	heading(&t, "Likely cause");
	cause(&t, &a->likely, true);
	if (a->missing) {
		heading(&t, "Missing evidence");
		fl_buf_adds(b, "  ");
		text(&t, a->missing);
		fl_buf_addc(b, '\n');
	}
	if (a->nothers) {
		heading(&t, "Other candidates");
		for (size_t i = 0; i < a->nothers; i++)
			cause(&t, &a->others[i], false);
	}
	if (a->nfindings) {
		heading(&t, "Findings");
		for (size_t i = 0; i < a->nfindings; i++) {
			fl_buf_printf(b, "  [%s] %s: ", a->findings[i].severity, a->findings[i].id);
			text(&t, a->findings[i].message);
			fl_buf_addc(b, '\n');
		}
	}
	training(&t, &a->training);
	gpus(&t, a);
	if (a->nskipped) {
		heading(&t, "Skipped members");
		for (size_t i = 0; i < a->nskipped; i++) {
			fl_buf_adds(b, "  ");
			text(&t, a->skipped[i].path);
			fl_buf_adds(b, ": ");
			text(&t, a->skipped[i].reason);
			fl_buf_addc(b, '\n');
		}
	}
}
