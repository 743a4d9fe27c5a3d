/* SPDX-License-Identifier: MIT */
/*
 * events.c - where a matched event goes. Most kinds become an events row
 * with their non-canonical captures as a JSON object; the three routine
 * kinds that come by the thousand are folded instead: train.step into
 * steps (steps.c), nccl.channel and nccl.coll into their aggregates
 * (nccl.c). A warning or info line that comes again and again,
 * identical, in one stream of a file is folded into the last row kept
 * of it (see add_event()).
 * Tested by: tests/e2e (e2e_storm: the counts of a storm)
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
			fl_json_int(b, v.i);
		}
	}
	fl_buf_addc(b, '}');
}

/* Kinds whose nranks is a communicator's size (the largest is the
 * world's, analyze/world.c). */
static bool states_comm_size(const char *kind)
{
	return !strcmp(kind, "nccl.init_complete") || !strcmp(kind, "nccl.init_start") ||
	       !strcmp(kind, "nccl.comm_topo") || !strcmp(kind, "nccl.init_timings") ||
	       !strcmp(kind, "nccl.abort");
}

/* The job's sizes ev states, into k's maxima: numbers only (a value
 * that does not parse as its declared type is stored as text, and names
 * no size), truncated as SQLite reads a REAL as an integer. */
static void note_sizes(struct event_sink *k, const struct fl_event *ev)
{
	for (size_t i = 0; i < ev->ncap; i++) {
		const struct fl_capture *c = &ev->caps[i];
		bool world = !strcmp(c->name, "world_size");
		if (!world && !(!strcmp(c->name, "nranks") && states_comm_size(ev->pat->kind)))
			continue;
		struct fl_value v;
		if (c->type == FL_FT_STR || fl_value_parse(c->type, c->ptr, c->len, &v) != FL_OK)
			continue;
		double d = c->type == FL_FT_FLOAT ? v.f : (double)v.i;
		if (!(d >= 1 && d < 9e18))
			continue;
		int64_t *max = world ? &k->world_size_max : &k->nccl_nranks_max;
		if ((int64_t)d > *max)
			*max = (int64_t)d;
	}
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

/* step_col() of a capture name, remembered by its address: the names
 * are the patterns', and a step line has a dozen captures to place. */
static int step_col_of(struct event_sink *k, const char *name, double *scale)
{
	for (size_t i = 0; i < k->nstep_cols; i++)
		if (k->step_cols[i].name == name) {
			*scale = k->step_cols[i].scale;
			return k->step_cols[i].col;
		}
	int c = step_col(name, scale);
	if (k->nstep_cols < sizeof(k->step_cols) / sizeof(k->step_cols[0]))
		k->step_cols[k->nstep_cols++] = (struct step_col){ name, c, *scale };
	return c;
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
		int c = step_col_of(k, ev->caps[i].name, &scale);
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

/* Identical events of one stream of the current file: (pattern, rank,
 * local rank, pid, GPU, host, fields). */
struct repeat {
	int64_t kept;   /* rows written */
	int64_t id;     /* the last of them */
	int64_t folded; /* identical events after it that were not written */
	int64_t last_line, last_ts;
};

/* A storm (an IB port flapping: one warning a second on every rank for
 * hours) would otherwise be stored, indexed and read back line by line:
 * 6% of a 512 MiB bundle's lines tripled the time of its analysis. The
 * first FOLD_KEEP of each are kept as rows, which keeps every rank, host
 * and first time the analysis reads; the rest only count. Errors are
 * never folded: the last of a series of identical tracebacks may be the
 * one that ended the job. At most FOLD_KEYS series are followed per
 * file, so that a file of distinct warnings costs bounded memory. */
enum { FOLD_KEEP = 8, FOLD_KEYS = 4096 };

/* The row of a `store: once` pattern's line, by its captures: NCCL's
 * "Connected all rings", a config dump or a benign C++ stack come once
 * from every rank, alike but for the prefix. Stored per line they were
 * half the rows of a 32 Ki-rank job, and nothing reads them per rank
 * (the pattern says so: docs/patterns.md). At most ALIKE_KEYS per run;
 * lines of further ones are stored one by one. */
struct alike {
	int64_t id;     /* the stored row */
	int64_t copies; /* alike lines after it that were not stored */
};

enum { ALIKE_KEYS = 4096 };

void events_init(struct event_sink *k)
{
	keymap_init(&k->repeats, sizeof(struct repeat), NULL);
	keymap_init(&k->alike, sizeof(struct alike), NULL);
}

void events_release(struct event_sink *k)
{
	keymap_clear(&k->repeats);
	keymap_clear(&k->alike);
	fl_buf_release(&k->key);
	fl_buf_release(&k->fields);
}

static void add_i64(struct fl_buf *b, int64_t v)
{
	fl_buf_add(b, &v, sizeof(v));
}

/* Each capture by its name too: the alternatives of one regex (NeMo's
 * "tensor_model_parallel_size: 1", "pipeline_model_parallel_size: 1")
 * capture the same text under different names. The name is the
 * pattern's: its pointer tells it. */
static void add_caps(struct fl_buf *b, const struct fl_event *ev)
{
	for (size_t i = 0; i < ev->ncap; i++) {
		fl_buf_add(b, &ev->caps[i].name, sizeof(ev->caps[i].name));
		add_i64(b, (int64_t)ev->caps[i].len);
		fl_buf_add(b, ev->caps[i].ptr, ev->caps[i].len);
	}
}

/* The record of key in m, made if new unless m holds max keys already
 * (then NULL for a new one): bounded memory for a file or run of
 * distinct lines. */
static void *bounded_get(struct keymap *m, const struct fl_buf *key, size_t max)
{
	if (m->used >= max)
		return keymap_find(m, key->ptr, key->len);
	bool fresh;
	return keymap_get(m, key->ptr, key->len, &fresh);
}

/* The run's row for a `store: once` line (a fresh one has id 0), or NULL:
 * not such a pattern, or the run follows too many already. */
static struct alike *alike_of(struct event_sink *k, const struct fl_event *ev)
{
	if (!ev->pat->once)
		return NULL;
	struct fl_buf *b = &k->key;
	fl_buf_reset(b);
	fl_buf_add(b, &ev->pat, sizeof(ev->pat));
	add_caps(b, ev);
	return bounded_get(&k->alike, b, ALIKE_KEYS);
}

/* The series of a warning or info event; NULL for an error, or when the
 * file has too many series already. The key holds the captures as
 * logged: the same text makes the same fields, and the fields need not
 * be written for an event that is only counted. */
static struct repeat *repeat_of(struct event_sink *k, const struct fl_event *ev,
				const struct fl_row_attr *a)
{
	if (ev->pat->severity > FL_SEV_WARNING)
		return NULL;
	struct fl_buf *b = &k->key;
	fl_buf_reset(b);
	fl_buf_add(b, &ev->pat, sizeof(ev->pat));
	add_i64(b, a->rank);
	add_i64(b, a->local_rank);
	add_i64(b, a->pid);
	add_i64(b, a->dev);
	add_i64(b, (int64_t)a->host_len);
	if (a->host)
		fl_buf_add(b, a->host, a->host_len);
	add_caps(b, ev);
	return bounded_get(&k->repeats, b, FOLD_KEYS);
}

int events_file_end(struct event_sink *k)
{
	int rc = FL_OK;
	for (size_t i = 0; !rc && i < k->repeats.used; i++) {
		const struct repeat *r = keymap_at(&k->repeats, i);
		if (r->folded &&
		    fl_store_event_repeats(k->store, r->id, r->folded, r->last_line, r->last_ts))
			rc = store_fail(k->store, k->err, "cannot store repeated events");
	}
	keymap_clear(&k->repeats);
	return rc;
}

int events_run_end(struct event_sink *k)
{
	int rc = FL_OK;
	for (size_t i = 0; !rc && i < k->alike.used; i++) {
		const struct alike *r = keymap_at(&k->alike, i);
		if (r->copies && fl_store_event_copies(k->store, r->id, r->copies))
			rc = store_fail(k->store, k->err, "cannot store alike events");
	}
	keymap_clear(&k->alike);
	return rc;
}

static int add_event(struct event_sink *k, const struct fl_event *ev)
{
	k->events++;
	struct alike *same = alike_of(k, ev);
	if (same && same->id) {
		same->copies++;
		return FL_OK;
	}
	struct fl_row_attr a;
	row_attr(&ev->attr, &a);
	struct repeat *rep = same ? NULL : repeat_of(k, ev, &a);
	if (rep && rep->kept >= FOLD_KEEP) {
		rep->folded++;
		rep->last_line = (int64_t)ev->lineno;
		rep->last_ts = a.ts;
		return FL_OK;
	}
	fields_json(&k->fields, ev);
	note_sizes(k, ev);
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
		.a = a,
	};
	int64_t id;
	if (fl_store_event_add(k->store, &r, &id))
		return store_fail(k->store, k->err, "cannot store event");
	if (rep) {
		rep->kept++;
		rep->id = id;
	}
	if (same)
		same->id = id;
	return FL_OK;
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
