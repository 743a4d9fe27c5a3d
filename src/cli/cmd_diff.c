/* SPDX-License-Identifier: MIT */
/*
 * cmd_diff.c - `faultline diff RUN_A RUN_B`: what changed between two runs.
 *
 * The usual question after a regression: the job ran yesterday and dies
 * today, what is different? Each aspect (verdict, scale, layout, software
 * and network, throughput) becomes one row with run A's value beside run
 * B's; rows that differ are marked and, unless --all, the others hidden.
 * Verdict, layout and throughput come from a fresh analysis of each run;
 * versions, interfaces, transports and hosts are sets read with SQL, so a
 * new aspect is usually one line in SETS below.
 * Tested by: tests/e2e/test_maintenance.c
 */
#include "cli.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CELL 60 /* code points shown per value in the text table */

struct row {
	const char *key;   /* JSON key */
	const char *label; /* text label */
	char *text[2];     /* NULL: not known */
	double num[2];     /* NaN: not known; used when numeric */
	bool numeric;
	bool relative; /* text shows B's change relative to A */
	bool differs;
};

struct diff {
	struct row *rows;
	size_t n, cap;
};

static bool same(const char *a, const char *b)
{
	return (!a && !b) || (a && b && !strcmp(a, b));
}

/* Takes ownership of a and b. */
static struct row *add_row(struct diff *d, const char *key, const char *label, char *a, char *b)
{
	FL_GROW(d->rows, d->cap, d->n + 1);
	struct row *r = &d->rows[d->n++];
	memset(r, 0, sizeof(*r));
	r->key = key;
	r->label = label;
	r->text[0] = a;
	r->text[1] = b;
	r->num[0] = r->num[1] = NAN;
	r->differs = !same(a, b);
	return r;
}

/* Numbers compare as shown, so noise below the shown precision does not
 * count as a difference: digits >= 0 are decimals, < 0 significant digits;
 * the value is multiplied by scale and followed by unit. */
static void add_num(struct diff *d, const char *key, const char *label, double a, double b,
		    int digits, double scale, const char *unit, bool relative)
{
	char *t[2] = { NULL, NULL };
	double v[2] = { a, b };
	for (int k = 0; k < 2; k++)
		if (!isnan(v[k]))
			t[k] = digits >= 0 ? fl_xasprintf("%.*f%s", digits, v[k] * scale, unit)
					   : fl_xasprintf("%.*g%s", -digits, v[k] * scale, unit);
	struct row *r = add_row(d, key, label, t[0], t[1]);
	r->numeric = true;
	r->relative = relative;
	r->num[0] = a;
	r->num[1] = b;
}

static void add_int(struct diff *d, const char *key, const char *label, int64_t a, int64_t b)
{
	add_num(d, key, label, a < 0 ? NAN : (double)a, b < 0 ? NAN : (double)b, 0, 1, "", false);
}

/* ---- aspects from the analysis ---- */

static char *first_text(const struct fl_analysis *a)
{
	if (!a->first.set)
		return NULL;
	struct fl_buf b = FL_BUF_INIT;
	if (a->first.rank >= 0)
		fl_buf_printf(&b, "rank %lld", (long long)a->first.rank);
	else
		fl_buf_adds(&b, "rank ?");
	if (a->first.host)
		fl_buf_printf(&b, " @ %s", a->first.host);
	if (a->first.kind)
		fl_buf_printf(&b, " (%s)", a->first.kind);
	return fl_buf_detach(&b);
}

static char *hang_text(const struct fl_analysis *a)
{
	if (!a->hang.set)
		return NULL;
	struct fl_buf b = FL_BUF_INIT;
	fl_buf_adds(&b, a->hang.collective ? a->hang.collective : "collective ?");
	if (a->hang.seq >= 0)
		fl_buf_printf(&b, " seq %lld", (long long)a->hang.seq);
	if (a->hang.nstuck)
		fl_buf_printf(&b, ", %zu stuck", a->hang.nstuck);
	return fl_buf_detach(&b);
}

static int cmp_str(const void *x, const void *y)
{
	return strcmp(*(const char *const *)x, *(const char *const *)y);
}

/* Finding ids, sorted and without repeats, so order does not count. */
static char *findings_text(const struct fl_analysis *a)
{
	if (!a->nfindings)
		return NULL;
	const char **ids = fl_xcalloc(a->nfindings, sizeof(*ids));
	for (size_t i = 0; i < a->nfindings; i++)
		ids[i] = a->findings[i].id;
	qsort(ids, a->nfindings, sizeof(*ids), cmp_str);
	struct fl_buf b = FL_BUF_INIT;
	for (size_t i = 0; i < a->nfindings; i++)
		if (!i || strcmp(ids[i], ids[i - 1]))
			fl_buf_printf(&b, "%s%s", b.len ? ", " : "", ids[i]);
	free(ids);
	return fl_buf_detach(&b);
}

static char *str_or_null(const char *s)
{
	return s ? fl_xstrdup(s) : NULL;
}

static void verdict_rows(struct diff *d, struct fl_analysis *const a[2])
{
	add_row(d, "status", "status", str_or_null(a[0]->status), str_or_null(a[1]->status));
	add_row(d, "cause", "likely cause", str_or_null(a[0]->likely.id),
		str_or_null(a[1]->likely.id));
	add_row(d, "first_failure", "first failure", first_text(a[0]), first_text(a[1]));
	add_row(d, "hang", "hang", hang_text(a[0]), hang_text(a[1]));
	add_row(d, "findings", "findings", findings_text(a[0]), findings_text(a[1]));
}

static void config_rows(struct diff *d, struct fl_analysis *const a[2])
{
	const struct fl_config *c0 = &a[0]->config, *c1 = &a[1]->config;
	add_int(d, "ranks", "ranks", a[0]->nranks, a[1]->nranks);
	add_int(d, "ranks_seen", "ranks seen", a[0]->nranks_seen, a[1]->nranks_seen);
	add_int(d, "hosts", "hosts seen", a[0]->nhosts, a[1]->nhosts);
	add_int(d, "world_size", "world size", c0->world_size, c1->world_size);
	add_int(d, "data_parallel_size", "data parallel", c0->data_parallel_size,
		c1->data_parallel_size);
	add_int(d, "tensor_parallel_size", "tensor parallel", c0->tensor_parallel_size,
		c1->tensor_parallel_size);
	add_int(d, "pipeline_parallel_size", "pipeline parallel", c0->pipeline_parallel_size,
		c1->pipeline_parallel_size);
	add_int(d, "context_parallel_size", "context parallel", c0->context_parallel_size,
		c1->context_parallel_size);
	add_int(d, "expert_parallel_size", "expert parallel", c0->expert_parallel_size,
		c1->expert_parallel_size);
	add_int(d, "micro_batch_size", "micro batch", c0->micro_batch_size, c1->micro_batch_size);
	add_int(d, "grad_accum_steps", "grad accumulation", c0->grad_accum_steps,
		c1->grad_accum_steps);
	add_int(d, "global_batch_size", "global batch", c0->global_batch_size,
		c1->global_batch_size);
	add_int(d, "seq_length", "sequence length", c0->seq_length, c1->seq_length);
	add_row(d, "dtype", "dtype", str_or_null(c0->dtype), str_or_null(c1->dtype));
	add_row(d, "activation_checkpointing", "activation checkpointing",
		str_or_null(c0->activation_checkpointing),
		str_or_null(c1->activation_checkpointing));
	add_row(d, "sharding", "sharding", str_or_null(c0->sharding), str_or_null(c1->sharding));
}

static void training_rows(struct diff *d, struct fl_analysis *const a[2])
{
	const struct fl_training *t0 = &a[0]->training, *t1 = &a[1]->training;
	add_int(d, "last_step", "last step", t0->last_step, t1->last_step);
	add_int(d, "steps", "steps logged", t0->steps, t1->steps);
	add_num(d, "tokens_per_s_per_gpu", "tokens/s per GPU", t0->tokens_per_s_per_gpu,
		t1->tokens_per_s_per_gpu, 0, 1, "", true);
	add_num(d, "tflops_per_gpu", "TFLOPS per GPU", t0->tflops_per_gpu, t1->tflops_per_gpu,
		1, 1, "", true);
	add_num(d, "mfu", "MFU", t0->mfu, t1->mfu, 1, 100, "%", true);
	add_num(d, "loss_last", "last loss", t0->loss_last, t1->loss_last, -4, 1, "", false);
	add_int(d, "first_nonfinite_step", "first non-finite step", t0->first_nonfinite_step,
		t1->first_nonfinite_step);
	add_num(d, "loss_scale_last", "last loss scale", t0->loss_scale_last, t1->loss_scale_last,
		-6, 1, "", false);
}

/* ---- aspects read as sets from the store ---- */

static const struct set_aspect {
	const char *key, *label;
	enum cli_sql_id sql;
} SETS[] = {
	{ "hosts_only_here", "hosts only in this run", CLI_SQL_DIFF_HOSTS_ONLY_HERE },
	{ "nccl_versions", "NCCL versions", CLI_SQL_DIFF_NCCL_VERSIONS },
	{ "torch_nccl_versions", "NCCL versions (torch)", CLI_SQL_DIFF_TORCH_NCCL_VERSIONS },
	{ "network", "NCCL network", CLI_SQL_DIFF_NETWORK },
	{ "transports", "transports", CLI_SQL_DIFF_TRANSPORTS },
	{ "ib_devices", "IB devices", CLI_SQL_DIFF_IB_DEVICES },
	{ "ib_oob_interfaces", "IB OOB interfaces", CLI_SQL_DIFF_IB_OOB_INTERFACES },
	{ "socket_interfaces", "socket interfaces", CLI_SQL_DIFF_SOCKET_INTERFACES },
	{ "bootstrap_interfaces", "bootstrap interfaces", CLI_SQL_DIFF_BOOTSTRAP_INTERFACES },
};

/* The rows of sql joined with ", ", or NULL when there are none. */
static int set_text(struct fl_store *s, const char *sql, int64_t run, int64_t other, char **out,
		    struct fl_err *err)
{
	struct fl_stmt *st;
	*out = NULL;
	if (fl_store_prepare(s, sql, &st, err))
		return err->code;
	fl_stmt_bind_int(st, 1, run);
	/* Only the hosts aspect looks at the other run. */
	if (strstr(sql, "?2"))
		fl_stmt_bind_int(st, 2, other);
	struct fl_buf b = FL_BUF_INIT;
	int rc;
	while ((rc = fl_stmt_step(st)) == 1)
		fl_buf_printf(&b, "%s%s", b.len ? ", " : "", fl_stmt_text(st, 0));
	if (rc < 0)
		fl_err_set(err, FL_EDB, "cannot read run %lld: %s", (long long)run,
			   fl_store_errmsg(s));
	fl_stmt_free(st);
	if (rc < 0) {
		fl_buf_release(&b);
		return FL_EDB;
	}
	*out = b.len ? fl_buf_detach(&b) : NULL;
	fl_buf_release(&b);
	return FL_OK;
}

static int set_rows(struct diff *d, struct fl_store *s, const int64_t run[2], struct fl_err *err)
{
	for (size_t i = 0; i < sizeof(SETS) / sizeof(SETS[0]); i++) {
		char *t[2] = { NULL, NULL };
		for (int k = 0; k < 2; k++) {
			if (set_text(s, cli_sql(SETS[i].sql), run[k], run[1 - k], &t[k], err)) {
				free(t[0]);
				return err->code;
			}
		}
		add_row(d, SETS[i].key, SETS[i].label, t[0], t[1]);
	}
	return FL_OK;
}

/* ---- rendering ---- */

/* Text of a cell for the terminal: sanitised, cut to MAX_CELL code points,
 * B's change relative to A appended for throughput rows. */
static char *cell(const struct row *r, int k)
{
	if (!r->text[k])
		return fl_xstrdup("-");
	struct fl_buf b = FL_BUF_INIT;
	fl_utf8_sanitize(&b, r->text[k], strlen(r->text[k]));
	cli_clip(&b, MAX_CELL);
	if (k == 1 && r->relative && r->differs && !isnan(r->num[0]) && !isnan(r->num[1]) &&
	    r->num[0] != 0)
		fl_buf_printf(&b, " (%+.0f%%)", (r->num[1] - r->num[0]) / fabs(r->num[0]) * 100);
	return fl_buf_detach(&b);
}

static void render_text(const struct diff *d, struct fl_analysis *const a[2], bool all,
			bool tty, struct fl_buf *out)
{
	char *head[2];
	for (int k = 0; k < 2; k++)
		head[k] = fl_xasprintf("run %lld", (long long)a[k]->run_id);
	size_t w[3] = { strlen("ASPECT"), cli_width(head[0]), cli_width(head[1]) };
	size_t shown = 0, differ = 0;
	char **cells = fl_xcalloc(d->n * 2, sizeof(char *));
	for (size_t i = 0; i < d->n; i++) {
		differ += d->rows[i].differs;
		if (!all && !d->rows[i].differs)
			continue;
		shown++;
		if (cli_width(d->rows[i].label) > w[0])
			w[0] = cli_width(d->rows[i].label);
		for (int k = 0; k < 2; k++) {
			cells[i * 2 + (size_t)k] = cell(&d->rows[i], k);
			if (cli_width(cells[i * 2 + (size_t)k]) > w[k + 1])
				w[k + 1] = cli_width(cells[i * 2 + (size_t)k]);
		}
	}
	if (shown) {
		fl_buf_adds(out, tty ? "\x1b[1m  " : "  ");
		cli_pad(out, "ASPECT", w[0] + 2);
		cli_pad(out, head[0], w[1] + 2);
		fl_buf_adds(out, head[1]);
		fl_buf_adds(out, tty ? "\x1b[0m\n" : "\n");
	}
	for (size_t i = 0; i < d->n; i++) {
		if (!cells[i * 2])
			continue;
		bool mark = d->rows[i].differs;
		fl_buf_adds(out, mark ? (tty ? "\x1b[33m* " : "* ") : "  ");
		cli_pad(out, d->rows[i].label, w[0] + 2);
		cli_pad(out, cells[i * 2], w[1] + 2);
		fl_buf_adds(out, cells[i * 2 + 1]);
		fl_buf_adds(out, mark && tty ? "\x1b[0m\n" : "\n");
		free(cells[i * 2]);
		free(cells[i * 2 + 1]);
	}
	if (!differ)
		fl_buf_printf(out, "runs %lld and %lld do not differ in any aspect compared\n",
			      (long long)a[0]->run_id, (long long)a[1]->run_id);
	else
		fl_buf_printf(out, "%s%zu of %zu aspects differ%s\n", shown ? "\n" : "", differ,
			      d->n, all ? "" : " (--all shows every aspect)");
	free(cells);
	free(head[0]);
	free(head[1]);
}

static void json_value(struct fl_buf *b, const struct row *r, int k)
{
	if (!r->text[k])
		fl_buf_adds(b, "null");
	else if (r->numeric)
		fl_json_num(b, r->num[k]);
	else
		fl_json_str(b, r->text[k], strlen(r->text[k]));
}

static void json_run(struct fl_buf *b, const struct fl_analysis *a)
{
	fl_buf_printf(b, "{\"id\":%lld,\"bundle\":", (long long)a->run_id);
	fl_json_str(b, a->bundle ? a->bundle : "", a->bundle ? strlen(a->bundle) : 0);
	fl_buf_adds(b, ",\"status\":");
	fl_json_str(b, a->status, strlen(a->status));
	fl_buf_addc(b, '}');
}

static void render_json(const struct diff *d, struct fl_analysis *const a[2], bool all,
			struct fl_buf *out)
{
	fl_buf_adds(out, "{\"a\":");
	json_run(out, a[0]);
	fl_buf_adds(out, ",\"b\":");
	json_run(out, a[1]);
	fl_buf_adds(out, ",\"aspects\":[");
	size_t shown = 0;
	for (size_t i = 0; i < d->n; i++) {
		const struct row *r = &d->rows[i];
		if (!all && !r->differs)
			continue;
		fl_buf_adds(out, shown++ ? ",\n{\"key\":" : "\n{\"key\":");
		fl_json_str(out, r->key, strlen(r->key));
		fl_buf_adds(out, ",\"label\":");
		fl_json_str(out, r->label, strlen(r->label));
		fl_buf_adds(out, ",\"a\":");
		json_value(out, r, 0);
		fl_buf_adds(out, ",\"b\":");
		json_value(out, r, 1);
		fl_buf_printf(out, ",\"differs\":%s}", r->differs ? "true" : "false");
	}
	fl_buf_adds(out, shown ? "\n]}\n" : "]}\n");
}

static void diff_release(struct diff *d)
{
	for (size_t i = 0; i < d->n; i++) {
		free(d->rows[i].text[0]);
		free(d->rows[i].text[1]);
	}
	free(d->rows);
}

/* ---- the verb ---- */

static int diff_runs(struct fl_store *s, const int64_t run[2], const struct cli_common *c,
		     bool json, bool all)
{
	struct fl_analysis *a[2] = { NULL, NULL };
	struct fl_err err;
	fl_err_clear(&err);
	struct diff d = { NULL, 0, 0 };
	int rc = EXIT_OK;
	for (int k = 0; k < 2 && !rc; k++)
		if (fl_analysis_get(s, run[k], &a[k], &err))
			rc = cli_fail(&err);
	if (!rc) {
		verdict_rows(&d, a);
		config_rows(&d, a);
		if (set_rows(&d, s, run, &err))
			rc = cli_fail(&err);
		training_rows(&d, a);
	}
	if (!rc) {
		struct fl_buf out = FL_BUF_INIT;
		if (json)
			render_json(&d, a, all, &out);
		else
			render_text(&d, a, all, cli_color(c), &out);
		rc = cli_write_output(c, &out);
		fl_buf_release(&out);
	}
	diff_release(&d);
	fl_analysis_free(a[0]);
	fl_analysis_free(a[1]);
	return rc;
}

struct diff_opts {
	bool all, json;
};

/* --format is text or json here, not a report's nor a listing's formats. */
static int diff_opt(void *ctx, int opt, const char *arg)
{
	struct diff_opts *o = ctx;
	switch (opt) {
	case 'a':
		o->all = true;
		return CLI_CONTINUE;
	case 'f':
		if (strcmp(arg, "text") && strcmp(arg, "json")) {
			cli_failf("unknown format '%s' (text or json)", arg);
			return EXIT_USAGE;
		}
		o->json = !strcmp(arg, "json");
		return CLI_CONTINUE;
	}
	return CLI_NOT_OWN;
}

int cmd_diff(int argc, char **argv)
{
	static const struct option opts[] = { CLI_COMMON_OPTS, { "all", no_argument, NULL, 'a' },
					      { NULL, 0, NULL, 0 } };
	struct diff_opts o = { .all = false, .json = false };
	const struct cli_syntax syn = { .verb = "diff", .shortopts = "o:f:ha", .longopts = opts,
					.own = diff_opt, .ctx = &o, .min = 2, .max = 2 };
	struct cli_common c;
	int rc = cli_parse_opts(argc, argv, &syn, &c);
	if (rc != CLI_CONTINUE)
		return rc;
	struct fl_store *s;
	int64_t run[2];
	if (cli_open_runs(&c, argv + optind, 2, &s, run))
		return EXIT_FAIL;
	rc = diff_runs(s, run, &c, o.json, o.all);
	fl_store_close(s);
	return rc;
}
