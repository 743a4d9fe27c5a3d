/* SPDX-License-Identifier: MIT */
/*
 * events.c - where a matched event goes. Most kinds become an events row
 * with their non-canonical captures as a JSON object; the three routine
 * kinds that come by the thousand are folded instead: train.step into
 * steps (steps.c), nccl.channel and nccl.coll into their aggregates
 * (nccl.c).
 * Tested by: tests/e2e
 */
#include "pipeline_int.h"

/* The captures as a JSON object: numbers as numbers, a non-finite float
 * as a string, anything unparsable as the text logged. */
static void fields_json(struct fl_buf *b, const struct fl_event *ev)
{
	fl_buf_reset(b);
	fl_buf_addc(b, '{');
	for (size_t i = 0; i < ev->ncap; i++) {
		const struct fl_capture *c = &ev->caps[i];
		if (i)
			fl_buf_addc(b, ',');
		fl_json_str(b, c->name, strlen(c->name));
		fl_buf_addc(b, ':');
		struct fl_value v;
		bool ok = fl_value_parse(c->type, c->ptr, c->len, &v) == FL_OK;
		if (!ok || c->type == FL_FT_STR) {
			fl_json_str(b, c->ptr, c->len);
		} else if (c->type == FL_FT_FLOAT) {
			if (v.f != v.f)
				fl_buf_adds(b, "\"nan\"");
			else if (v.f > 1e308 || v.f < -1e308)
				fl_buf_adds(b, v.f > 0 ? "\"inf\"" : "\"-inf\"");
			else
				fl_json_num(b, v.f);
		} else {
			fl_buf_printf(b, "%lld", (long long)v.i);
		}
	}
	fl_buf_addc(b, '}');
}

static const char *const STEP_NAMES[FL_STEP_NCOLS] = {
	"step",		 "loss",  "grad_norm", "loss_scale", "lr",	  "tokens_per_s",
	"samples_per_s", "tflops", "mfu",	"iter_ms",    "skipped_iters", "nan_iters",
	"global_batch_size",
};

static const char *nonfinite_name(bool has, double v)
{
	if (!has)
		return NULL;
	if (v != v)
		return "nan";
	if (v > 1e308)
		return "inf";
	if (v < -1e308)
		return "-inf";
	return NULL;
}

/* Column of a step capture, -1 for none; mfu_pct is mfu in percent,
 * iter_s the iteration time in seconds (NeMo, DeepSpeed's pipeline). */
static int step_col(const char *name, double *scale)
{
	*scale = 1;
	if (!strcmp(name, "mfu_pct")) {
		*scale = 0.01;
		return FL_STEP_MFU;
	}
	if (!strcmp(name, "iter_s")) {
		*scale = 1000;
		return FL_STEP_ITER_MS;
	}
	for (int c = 0; c < FL_STEP_NCOLS; c++)
		if (name[0] == STEP_NAMES[c][0] && !strcmp(name, STEP_NAMES[c]))
			return c;
	return -1;
}

static int add_step(struct event_sink *k, const struct fl_event *ev)
{
	struct fl_step_row r;
	memset(&r, 0, sizeof(r));
	r.run_id = k->run_id;
	r.file_id = k->file_id;
	r.line = (int64_t)ev->lineno;
	row_attr(&ev->attr, &r.a);
	for (size_t i = 0; i < ev->ncap; i++) {
		double scale;
		int c = step_col(ev->caps[i].name, &scale);
		struct fl_value v;
		if (c < 0 || r.has[c] ||
		    fl_value_parse(FL_FT_FLOAT, ev->caps[i].ptr, ev->caps[i].len, &v) != FL_OK)
			continue;
		r.has[c] = true;
		r.v[c] = v.f * scale;
	}
	r.loss_text = nonfinite_name(r.has[FL_STEP_LOSS], r.v[FL_STEP_LOSS]);
	r.grad_norm_text = nonfinite_name(r.has[FL_STEP_GRAD_NORM], r.v[FL_STEP_GRAD_NORM]);
	return steps_add(k->steps, &r) ? store_fail(k->store, k->err, "cannot store step") : FL_OK;
}

static int add_event(struct event_sink *k, const struct fl_event *ev)
{
	fields_json(&k->fields, ev);
	struct fl_event_row r = {
		.run_id = k->run_id,
		.file_id = k->file_id,
		.line = (int64_t)ev->lineno,
		.nlines = ev->nlines,
		.offset = (int64_t)ev->offset,
		.kind = ev->pat->kind,
		.pattern = ev->pat->name,
		.severity = ev->pat->severity,
		.fields = k->fields.ptr,
		.text = ev->text,
		.text_len = ev->text_len,
	};
	row_attr(&ev->attr, &r.a);
	k->events++;
	return fl_store_event_add(k->store, &r) ? store_fail(k->store, k->err, "cannot store event")
						: FL_OK;
}

int events_route(void *ctx, const struct fl_event *ev)
{
	struct event_sink *k = ctx;
	const char *kind = ev->pat->kind;
	if (!strcmp(kind, "train.step"))
		return add_step(k, ev);
	if (!strcmp(kind, "nccl.channel"))
		nccl_channel(k->nccl, ev, k->file_id);
	else if (!strcmp(kind, "nccl.coll"))
		nccl_coll(k->nccl, ev, k->file_id);
	else if (!strcmp(kind, "nccl.ib_devices")) {
		nccl_ib_devices(k->nccl, ev);
		return add_event(k, ev);
	} else if (!strcmp(kind, "nccl.init_complete")) {
		nccl_comm(k->nccl, ev, k->file_id);
		return add_event(k, ev);
	} else
		return add_event(k, ev);
	return FL_OK;
}
