/* SPDX-License-Identifier: MIT */
/*
 * telemetry.c - GPU power and utilisation over time (table gpu_samples,
 * folded by src/pipeline/telemetry.c), what they say of a hang, and the
 * GPU that behaved unlike the rest.
 *
 * The on-call rule this encodes: a hang shows up as every GPU dropping
 * from its working power to near idle while the logs stop. NCCL kernels
 * that wait for a missing peer keep utilisation at 100% at low power; the
 * GPU of a rank that is not inside the collective (crashed, stuck in
 * Python, data loading) shows 0% utilisation, or stops being sampled.
 *
 *   1. per GPU: its buckets; "low" is under LOW_FRAC of the job's busy
 *      power (the median of the GPUs' highest bucket), or under IDLE_UTIL
 *      utilisation;
 *   2. a GPU "fell" at the start of its final run of at least MIN_LOW
 *      low buckets, after having been busy; "gone" when its samples stop
 *      well before the others' (GONE_PERIODS periods and GONE_MIN_US);
 *   3. onset: when at least half of the GPUs fell, the median of their
 *      fall times (verdict.hang.onset, source telemetry); otherwise, for a
 *      hang, the last progress line (a step line or a COLL trace, source
 *      logs);
 *   4. outliers (finding gpu_idle_outlier): a GPU gone while most were
 *      not, one that fell well before the onset, and one idle (under
 *      IDLE_UTIL) while the median of the others was busy (BUSY_UTIL or
 *      more) after the onset, or at the last samples when there is none.
 *
 * One query loads the run's buckets (at most 512 per GPU); everything
 * after is a walk over them. Tested by: tests/e2e (scenarios 36, 37, 39,
 * 55, 56), tests/unit/test_telemetry.c
 */
#include "analyze_int.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define LOW_FRAC 0.5
#define IDLE_UTIL 10.0
#define BUSY_UTIL 50.0
#define MIN_LOW 2
#define GONE_PERIODS 3
#define GONE_MIN_US 10000000LL

static const char *const SOURCES[] = { "nvidia-smi-csv", "nvidia-smi-q", "dcgm" };

struct bucket {
	int64_t ts, last_ts, n; /* corrected */
	double power, util;
	int64_t file; /* index in struct tele.files */
	int64_t line;
};

/* The buckets of one GPU (a->gpus[i]), in time order. */
struct series {
	struct bucket *b;
	size_t n, cap;
	double util_after; /* mean after the onset (or the last bucket's) */
	int64_t period;    /* µs between samples; 0 unknown */
};

struct tele {
	struct ctx *c;
	struct series *s; /* parallel to a->gpus */
	char **files;     /* paths of the buckets' first lines */
	size_t nfiles;
	double busy_power; /* NaN: no power sampled */
	int64_t job_last, onset;
	size_t ntimed;
};

static const char *source_of(const char *s)
{
	for (size_t i = 0; i < sizeof(SOURCES) / sizeof(SOURCES[0]); i++)
		if (!strcmp(s, SOURCES[i]))
			return SOURCES[i];
	return SOURCES[0];
}

static int64_t file_index(struct tele *t, const char *path)
{
	if (t->nfiles && !strcmp(t->files[t->nfiles - 1], path))
		return (int64_t)t->nfiles - 1;
	t->files = fl_xrealloc(t->files, (t->nfiles + 1) * sizeof(*t->files));
	t->files[t->nfiles] = fl_xstrdup(path);
	return (int64_t)t->nfiles++;
}

static bool same_gpu(const struct fl_gpu *g, struct fl_stmt *st)
{
	bool null = fl_stmt_null(st, 0);
	if (null != !g->host || (!null && strcmp(g->host, fl_stmt_text(st, 0))))
		return false;
	return g->index == fl_stmt_int(st, 1);
}

static struct fl_gpu *gpu_new(struct tele *t, struct fl_stmt *st)
{
	struct fl_analysis *a = t->c->a;
	a->gpus = fl_xrealloc(a->gpus, (a->ngpus + 1) * sizeof(*a->gpus));
	t->s = fl_xrealloc(t->s, (a->ngpus + 1) * sizeof(*t->s));
	memset(&t->s[a->ngpus], 0, sizeof(*t->s));
	struct fl_gpu *g = &a->gpus[a->ngpus++];
	memset(g, 0, sizeof(*g));
	g->host = dup_or_null(st, 0);
	g->index = fl_stmt_int(st, 1);
	g->bus_id = dup_or_null(st, 2);
	g->source = source_of(fl_stmt_text(st, 3));
	g->rank = -1;
	g->idle_ts = FL_TIME_NONE;
	g->state = "busy";
	return g;
}

static int load(struct tele *t)
{
	struct ctx *c = t->c;
	struct fl_stmt *st;
	int rc = q_open(c, Q_GPU_SAMPLES, &st);
	if (rc)
		return rc;
	struct fl_gpu *g = NULL;
	while ((rc = q_step(c, Q_GPU_SAMPLES, st)) == 1) {
		if (!g || !same_gpu(g, st))
			g = gpu_new(t, st);
		struct series *s = &t->s[c->a->ngpus - 1];
		FL_GROW(s->b, s->cap, s->n + 1);
		struct bucket *b = &s->b[s->n++];
		b->ts = clock_correct(c, g->host, col_int(st, 4, FL_TIME_NONE));
		b->last_ts = clock_correct(c, g->host, col_int(st, 5, FL_TIME_NONE));
		b->n = fl_stmt_int(st, 6);
		b->power = col_double(st, 7);
		b->util = col_double(st, 8);
		b->file = file_index(t, fl_stmt_null(st, 9) ? "" : fl_stmt_text(st, 9));
		b->line = fl_stmt_int(st, 10);
	}
	fl_stmt_free(st);
	return rc < 0 ? rc : FL_OK;
}

/* ---- per GPU ---- */

static double max_or(double m, double v)
{
	return v == v && (m != m || v > m) ? v : m;
}

static void summarize(struct fl_gpu *g, const struct series *s)
{
	double psum = 0, usum = 0;
	int64_t pn = 0, un = 0;
	g->power_max = g->power_mean = g->util_mean = NAN;
	for (size_t i = 0; i < s->n; i++) {
		const struct bucket *b = &s->b[i];
		g->samples += b->n;
		if (b->power == b->power) {
			psum += b->power * (double)b->n;
			pn += b->n;
		}
		if (b->util == b->util) {
			usum += b->util * (double)b->n;
			un += b->n;
		}
		g->power_max = max_or(g->power_max, b->power);
	}
	if (pn)
		g->power_mean = psum / (double)pn;
	if (un)
		g->util_mean = usum / (double)un;
	g->first_ts = s->b[0].ts;
	g->last_ts = s->b[s->n - 1].last_ts;
	g->power_last = s->b[s->n - 1].power;
	g->util_last = s->b[s->n - 1].util;
}

static int cmp_double(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;
	return (a > b) - (a < b);
}

static int cmp_i64(const void *x, const void *y)
{
	int64_t a = *(const int64_t *)x, b = *(const int64_t *)y;
	return (a > b) - (a < b);
}

/* The job's busy power: the median of the GPUs' highest bucket. */
static double busy_power(const struct fl_analysis *a)
{
	double *v = fl_xmalloc((a->ngpus + 1) * sizeof(*v));
	size_t n = 0;
	for (size_t i = 0; i < a->ngpus; i++)
		if (a->gpus[i].power_max == a->gpus[i].power_max)
			v[n++] = a->gpus[i].power_max;
	qsort(v, n, sizeof(*v), cmp_double);
	double m = n ? v[n / 2] : NAN;
	free(v);
	return m;
}

/* Low power, or no kernel running at all. */
static bool low(const struct tele *t, const struct bucket *b)
{
	if (b->util == b->util && b->util < IDLE_UTIL)
		return true;
	return b->power == b->power && t->busy_power == t->busy_power &&
	       b->power < LOW_FRAC * t->busy_power;
}

/* busy, idle or fell (with idle_ts), from the final run of low buckets. */
static void fall(const struct tele *t, struct fl_gpu *g, const struct series *s)
{
	size_t k = s->n;
	while (k > 0 && low(t, &s->b[k - 1]))
		k--;
	if (k == 0)
		g->state = "idle";
	else if (s->n - k >= MIN_LOW && g->first_ts != FL_TIME_NONE) {
		g->state = "fell";
		g->idle_ts = s->b[k].ts;
	}
}

static int64_t gone_gap(const struct series *s)
{
	int64_t gap = GONE_PERIODS * s->period;
	return gap > GONE_MIN_US ? gap : GONE_MIN_US;
}

static void per_gpu(struct tele *t)
{
	struct fl_analysis *a = t->c->a;
	for (size_t i = 0; i < a->ngpus; i++)
		summarize(&a->gpus[i], &t->s[i]);
	t->busy_power = busy_power(a);
	t->job_last = FL_TIME_NONE;
	for (size_t i = 0; i < a->ngpus; i++) {
		struct fl_gpu *g = &a->gpus[i];
		struct series *s = &t->s[i];
		fall(t, g, s);
		if (g->first_ts == FL_TIME_NONE || g->last_ts == FL_TIME_NONE)
			continue;
		t->ntimed++;
		if (g->samples > 1)
			s->period = (g->last_ts - g->first_ts) / (g->samples - 1);
		if (t->job_last == FL_TIME_NONE || g->last_ts > t->job_last)
			t->job_last = g->last_ts;
	}
	for (size_t i = 0; i < a->ngpus; i++) {
		struct fl_gpu *g = &a->gpus[i];
		if (g->last_ts != FL_TIME_NONE && t->job_last - g->last_ts > gone_gap(&t->s[i]))
			g->state = "gone";
	}
}

/* ---- the job ---- */

/* The median fall time when at least half of the timed GPUs fell. */
static int64_t onset(const struct fl_analysis *a, size_t ntimed)
{
	int64_t *v = fl_xmalloc((a->ngpus + 1) * sizeof(*v));
	size_t n = 0;
	for (size_t i = 0; i < a->ngpus; i++)
		if (!strcmp(a->gpus[i].state, "fell"))
			v[n++] = a->gpus[i].idle_ts;
	int64_t t = FL_TIME_NONE;
	if (n && 2 * n >= ntimed) {
		qsort(v, n, sizeof(*v), cmp_i64);
		t = v[(n - 1) / 2];
	}
	free(v);
	return t;
}

static void util_after(struct tele *t)
{
	struct fl_analysis *a = t->c->a;
	for (size_t i = 0; i < a->ngpus; i++) {
		struct series *s = &t->s[i];
		double sum = 0;
		int64_t n = 0;
		for (size_t k = 0; t->onset != FL_TIME_NONE && k < s->n; k++)
			if (s->b[k].ts >= t->onset && s->b[k].util == s->b[k].util) {
				sum += s->b[k].util * (double)s->b[k].n;
				n += s->b[k].n;
			}
		s->util_after = n ? sum / (double)n : a->gpus[i].util_last;
	}
}

/* The median of the other GPUs' utilisation after the onset. */
static double others_util(const struct tele *t, size_t skip)
{
	const struct fl_analysis *a = t->c->a;
	double *v = fl_xmalloc((a->ngpus + 1) * sizeof(*v));
	size_t n = 0;
	for (size_t i = 0; i < a->ngpus; i++)
		if (i != skip && t->s[i].util_after == t->s[i].util_after)
			v[n++] = t->s[i].util_after;
	qsort(v, n, sizeof(*v), cmp_double);
	double m = n ? v[n / 2] : NAN;
	free(v);
	return m;
}

static size_t count_state(const struct fl_analysis *a, const char *state)
{
	size_t n = 0;
	for (size_t i = 0; i < a->ngpus; i++)
		n += !strcmp(a->gpus[i].state, state);
	return n;
}

/* Why GPU i is unlike the rest, or NULL; *at: the bucket that shows it. */
static const char *odd(const struct tele *t, size_t i, size_t *at)
{
	const struct fl_analysis *a = t->c->a;
	const struct fl_gpu *g = &a->gpus[i];
	const struct series *s = &t->s[i];
	if (a->ngpus < 2)
		return NULL;
	*at = s->n - 1;
	if (!strcmp(g->state, "gone"))
		return 2 * count_state(a, "gone") < a->ngpus ? "stopped being sampled" : NULL;
	if (!strcmp(g->state, "fell") &&
	    (t->onset == FL_TIME_NONE || g->idle_ts < t->onset - gone_gap(s))) {
		for (*at = s->n; *at > 0 && s->b[*at - 1].ts >= g->idle_ts; (*at)--)
			;
		return "fell idle";
	}
	double others = others_util(t, i);
	if (s->util_after == s->util_after && s->util_after < IDLE_UTIL && others >= BUSY_UTIL) {
		if (t->onset != FL_TIME_NONE)
			for (*at = 0; *at + 1 < s->n && s->b[*at].ts < t->onset; (*at)++)
				;
		return "sat idle";
	}
	if (!strcmp(g->state, "idle") && 2 * count_state(a, "idle") < a->ngpus)
		return "was never busy";
	return NULL;
}

static void describe(struct fl_buf *b, const struct fl_gpu *g)
{
	fl_buf_printf(b, "GPU %lld on %s", (long long)g->index, g->host ? g->host : "an unknown host");
	if (g->rank >= 0 || g->bus_id) {
		fl_buf_adds(b, " (");
		if (g->rank >= 0)
			fl_buf_printf(b, "rank %lld%s", (long long)g->rank, g->bus_id ? ", " : "");
		if (g->bus_id)
			fl_buf_adds(b, g->bus_id);
		fl_buf_addc(b, ')');
	}
}

static void add_outlier(struct tele *t, size_t i, const char *why, size_t at)
{
	struct fl_analysis *a = t->c->a;
	struct fl_gpu *g = &a->gpus[i];
	const struct bucket *bk = &t->s[i].b[at];
	struct fl_buf m = FL_BUF_INIT, when = FL_BUF_INIT;
	g->outlier = true;
	describe(&m, g);
	fl_buf_printf(&m, " %s", why);
	if (bk->ts != FL_TIME_NONE) {
		fl_time_format(&when, bk->ts);
		fl_buf_printf(&m, " at %s", when.ptr);
	}
	if (bk->util == bk->util)
		fl_buf_printf(&m, " (%.0f%% utilisation", bk->util);
	if (bk->power == bk->power)
		fl_buf_printf(&m, "%s%.0f W", bk->util == bk->util ? ", " : " (", bk->power);
	if (bk->util == bk->util || bk->power == bk->power)
		fl_buf_addc(&m, ')');
	double others = others_util(t, i);
	fl_buf_adds(&m, !strcmp(g->state, "gone")
				? " while the other GPUs were still sampled: evidence for the first failure"
			: others == others && others >= BUSY_UTIL
				? " while the other GPUs stayed busy: evidence for the first failure"
				: " before the other GPUs: evidence for the first failure");
	finding_add(a, "gpu_idle_outlier", "warning", fl_buf_detach(&m));
	fl_buf_reset(&when);
	fl_buf_printf(&when, "GPU %lld:", (long long)g->index);
	if (bk->power == bk->power)
		fl_buf_printf(&when, " %.0f W", bk->power);
	if (bk->util == bk->util)
		fl_buf_printf(&when, " %.0f%% utilisation", bk->util);
	evidence_add_raw(&a->findings[a->nfindings - 1].evidence, t->files[bk->file], bk->line,
			 g->rank, g->host, bk->ts, when.ptr);
	fl_buf_release(&when);
}

/* The bounded series for drawing: npts groups of neighbouring buckets. */
static void downsample(struct fl_gpu *g, const struct series *s, size_t npts)
{
	size_t n = 0;
	for (size_t i = 0; i < s->n; i++)
		n += s->b[i].ts != FL_TIME_NONE;
	if (!n)
		return;
	if (npts > n)
		npts = n;
	g->series = fl_xcalloc(npts, sizeof(*g->series));
	for (size_t j = 0; j < npts; j++) {
		size_t lo = j * s->n / npts, hi = (j + 1) * s->n / npts;
		double ps = 0, us = 0, pn = 0, un = 0;
		struct fl_gpu_point *p = &g->series[g->nseries];
		p->ts = FL_TIME_NONE;
		for (size_t k = lo; k < hi; k++) {
			const struct bucket *b = &s->b[k];
			if (b->ts == FL_TIME_NONE)
				continue;
			if (p->ts == FL_TIME_NONE)
				p->ts = b->ts;
			if (b->power == b->power)
				ps += b->power * (double)b->n, pn += (double)b->n;
			if (b->util == b->util)
				us += b->util * (double)b->n, un += (double)b->n;
		}
		if (p->ts == FL_TIME_NONE)
			continue;
		p->power_w = pn ? ps / pn : NAN;
		p->util_pct = un ? us / un : NAN;
		g->nseries++;
	}
}

/* A rank's GPU by its NVML index on its host (Q_GPU_RANKS). */
struct dev_rank {
	char *host;
	int64_t dev, rank;
};

static int cmp_dev(const void *x, const void *y)
{
	const struct dev_rank *a = x, *b = y;
	int k = strcmp(a->host, b->host);
	return k ? k : (a->dev > b->dev) - (a->dev < b->dev);
}

static int load_devs(struct ctx *c, struct dev_rank **v, size_t *n)
{
	struct fl_stmt *st;
	int rc = q_open(c, Q_GPU_RANKS, &st);
	if (rc)
		return rc;
	size_t cap = 0;
	while ((rc = q_step(c, Q_GPU_RANKS, st)) == 1) {
		FL_GROW(*v, cap, *n + 1);
		struct dev_rank *d = &(*v)[(*n)++];
		d->host = fl_xstrdup(fl_stmt_text(st, 0));
		d->dev = fl_stmt_int(st, 1);
		d->rank = fl_stmt_int(st, 2);
	}
	fl_stmt_free(st);
	return rc < 0 ? rc : FL_OK;
}

/* The GPU's rank: by PCI bus id (NCCL's busId), else by index (nvmlDev)
 * when one rank alone drove that index on that host. */
static int ranks_of(struct tele *t)
{
	struct fl_analysis *a = t->c->a;
	struct dev_rank *devs = NULL;
	size_t ndevs = 0;
	int rc = load_devs(t->c, &devs, &ndevs);
	for (size_t i = 0; !rc && i < a->ngpus; i++) {
		struct fl_gpu *g = &a->gpus[i];
		if (g->host && g->bus_id)
			rc = bus_rank(t->c, g->host, g->bus_id, &g->rank);
		if (rc || g->rank >= 0 || !g->host || !ndevs)
			continue;
		struct dev_rank want = { g->host, g->index, 0 };
		const struct dev_rank *d = bsearch(&want, devs, ndevs, sizeof(*devs), cmp_dev);
		/* the first and the last entry of that (host, index) agree */
		while (d && d > devs && !cmp_dev(d - 1, &want))
			d--;
		if (d && (d + 1 == devs + ndevs || cmp_dev(d + 1, &want)))
			g->rank = d->rank;
	}
	for (size_t i = 0; i < ndevs; i++)
		free(devs[i].host);
	free(devs);
	return rc;
}

/* The last progress line: a step line (clock.c's walk found the latest)
 * or a COLL trace, the latest; a step line when they tie. */
static int log_onset(struct ctx *c)
{
	struct fl_stmt *st;
	int rc = q_open(c, Q_LOG_ONSET, &st);
	if (rc)
		return rc;
	int64_t ts = c->rows.last_ts;
	const char *host = c->rows.last_host;
	if ((rc = q_step(c, Q_LOG_ONSET, st)) == 1 &&
	    (ts == FL_TIME_NONE || fl_stmt_int(st, 1) > ts)) {
		ts = fl_stmt_int(st, 1);
		host = fl_stmt_null(st, 0) ? NULL : fl_stmt_text(st, 0);
	}
	if (rc >= 0 && ts != FL_TIME_NONE) {
		c->a->hang.onset_ts = clock_correct(c, host, ts);
		c->a->hang.onset_source = "logs";
	}
	fl_stmt_free(st);
	return rc < 0 ? rc : FL_OK;
}

static void tele_release(struct tele *t)
{
	struct fl_analysis *a = t->c->a;
	for (size_t i = 0; i < a->ngpus; i++)
		free(t->s[i].b);
	free(t->s);
	for (size_t i = 0; i < t->nfiles; i++)
		free(t->files[i]);
	free(t->files);
}

int telemetry_analyze(struct ctx *c)
{
	struct tele t = { .c = c, .onset = FL_TIME_NONE };
	struct fl_analysis *a = c->a;
	c->a->hang.onset_ts = FL_TIME_NONE;
	int rc = load(&t);
	if (!rc && a->ngpus)
		rc = ranks_of(&t);
	if (!rc && a->ngpus) {
		per_gpu(&t);
		t.onset = onset(a, t.ntimed);
		util_after(&t);
		size_t npts = FL_GPU_POINTS_TOTAL / a->ngpus;
		npts = npts > FL_GPU_SERIES_MAX ? FL_GPU_SERIES_MAX : npts < 8 ? 8 : npts;
		for (size_t i = 0; i < a->ngpus; i++) {
			size_t at;
			const char *why = odd(&t, i, &at);
			if (why)
				add_outlier(&t, i, why, at);
			downsample(&a->gpus[i], &t.s[i], npts);
		}
	}
	if (!rc && a->hang.set && t.onset != FL_TIME_NONE) {
		a->hang.onset_ts = t.onset;
		a->hang.onset_source = "telemetry";
	} else if (!rc && a->hang.set) {
		rc = log_onset(c);
	}
	tele_release(&t);
	return rc;
}

/* A hung job's likely cause carries the odd GPUs' evidence: where the
 * logs name no first failure, they point at it. */
void telemetry_evidence(struct ctx *c)
{
	struct fl_analysis *a = c->a;
	if (!a->hang.set || a->first.set)
		return;
	for (size_t i = 0; i < a->nfindings; i++) {
		const struct fl_finding *f = &a->findings[i];
		if (strcmp(f->id, "gpu_idle_outlier"))
			continue;
		for (size_t k = 0; k < f->evidence.n; k++) {
			const struct fl_evidence *e = &f->evidence.v[k];
			evidence_add_raw(&a->likely.evidence, e->file, e->line, e->rank, e->host, e->ts,
					 e->text);
		}
	}
}
