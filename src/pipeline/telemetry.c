/* SPDX-License-Identifier: MIT */
/*
 * telemetry.c - GPU telemetry members of a bundle, folded into a bounded
 * power and utilisation series per GPU (table gpu_samples).
 *
 * Telemetry is not log lines: nvidia-smi's CSV names its columns in a
 * header line that the rows depend on, and an `nvidia-smi -q` dump spreads
 * one sample over a block of lines. So a member is recognised by its first
 * non-blank line, and from then on its lines are read here, by format,
 * instead of going to the patterns:
 *
 *   timestamp, index, ..., power.draw [W], ...   nvidia-smi --query-gpu CSV
 *   ==============NVSMI LOG==============         nvidia-smi -q dumps
 *   <?xml ...> <!DOCTYPE nvidia_smi_log ...>      nvidia-smi -q -x dumps
 *   # HELP DCGM_FI_... | DCGM_FI_...{...} v [t]   DCGM exporter (Prometheus text)
 *
 * A telemetry member makes no activity or tail rows: its sampler keeps
 * running after the job hangs, and must not look like a rank that was
 * still alive. Each GPU (host, index) keeps at most TELE_BUCKETS buckets:
 * when they are full, neighbours are merged two by two and each bucket
 * holds twice as many samples from then on, so memory is fixed per GPU
 * whatever the sampling period and the job's length.
 * Tested by: tests/unit/test_telemetry.c, tests/e2e (scenarios 36, 37, 39, 55, 56)
 */
#include "pipeline_int.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>

enum { TELE_BUCKETS = 512, BUS_MAX = 32 };

static const char SRC_CSV[] = "nvidia-smi-csv", SRC_Q[] = "nvidia-smi-q", SRC_DCGM[] = "dcgm";

struct gpu_bucket {
	int64_t ts, last_ts, n;
	double power_sum, util_sum, mem_sum;
	int64_t power_n, util_n, mem_n;
	int64_t file_id, line;
};

/* One GPU's series. */
struct gpu_agg {
	char *host;
	int64_t gpu;
	char bus[BUS_MAX];
	const char *source;
	struct gpu_bucket *b;
	size_t nb;
	int64_t per; /* samples per bucket */
};

static void gpu_release(void *val)
{
	struct gpu_agg *g = val;
	free(g->host);
	free(g->b);
}

void telemetry_init(struct telemetry *t)
{
	memset(t, 0, sizeof(*t));
	keymap_init(&t->gpus, sizeof(struct gpu_agg), gpu_release);
	fl_buf_init(&t->key);
}

void telemetry_release(struct telemetry *t)
{
	keymap_clear(&t->gpus);
	fl_buf_release(&t->key);
	free(t->host);
}

static void sample_clear(struct tele_sample *s)
{
	s->ts = FL_TIME_NONE;
	s->gpu = -1;
	s->power = s->util = s->mem = s->gr_active = NAN;
	s->bus[0] = '\0';
	s->host[0] = '\0';
	s->line = 0;
}

void telemetry_file_begin(struct telemetry *t, int64_t file_id)
{
	t->fmt = TELE_UNDECIDED;
	t->file_id = file_id;
	free(t->host);
	t->host = NULL;
	t->q_gpu = -1;
	t->q_ts = FL_TIME_NONE;
	t->q_section = QS_OTHER;
	sample_clear(&t->cur);
	for (int i = 0; i < TELE_PENDING; i++)
		sample_clear(&t->pending[i]);
}

/* ---- the fold ---- */

static void bucket_merge(struct gpu_bucket *into, const struct gpu_bucket *b)
{
	into->n += b->n;
	into->last_ts = b->last_ts;
	into->power_sum += b->power_sum;
	into->util_sum += b->util_sum;
	into->mem_sum += b->mem_sum;
	into->power_n += b->power_n;
	into->util_n += b->util_n;
	into->mem_n += b->mem_n;
}

/* Halves the series: neighbours merged two by two. */
static void compact(struct gpu_agg *g)
{
	size_t k = 0;
	for (size_t i = 0; i + 1 < g->nb; i += 2, k++) {
		g->b[k] = g->b[i];
		bucket_merge(&g->b[k], &g->b[i + 1]);
	}
	if (g->nb % 2)
		g->b[k++] = g->b[g->nb - 1];
	g->nb = k;
	g->per *= 2;
}

static struct gpu_agg *gpu_of(struct telemetry *t, const struct tele_sample *s)
{
	/* The member's path names the host the logs use; DCGM's Hostname is
	 * the exporter's (on Kubernetes, often its pod's) and only a fallback. */
	const char *host = t->host ? t->host : s->host[0] ? s->host : NULL;
	fl_buf_reset(&t->key);
	fl_buf_printf(&t->key, "%s|%lld", host ? host : "", (long long)s->gpu);
	bool fresh;
	struct gpu_agg *g = keymap_get(&t->gpus, t->key.ptr, t->key.len, &fresh);
	if (fresh) {
		g->host = host ? fl_xstrdup(host) : NULL;
		g->gpu = s->gpu;
		g->source = t->fmt == TELE_CSV	? SRC_CSV
			    : t->fmt == TELE_DCGM ? SRC_DCGM
						  : SRC_Q;
		g->per = 1;
		g->b = fl_xcalloc(TELE_BUCKETS, sizeof(*g->b));
	}
	if (!g->bus[0] && s->bus[0])
		memcpy(g->bus, s->bus, sizeof(g->bus));
	return g;
}

static void sample_add(struct telemetry *t, const struct tele_sample *in)
{
	struct tele_sample v = *in;
	const struct tele_sample *s = &v;
	if (v.util != v.util && v.gr_active == v.gr_active)
		v.util = 100 * v.gr_active;
	if (s->gpu < 0 || (s->power != s->power && s->util != s->util))
		return;
	struct gpu_agg *g = gpu_of(t, s);
	struct gpu_bucket *b = g->nb ? &g->b[g->nb - 1] : NULL;
	if (!b || b->n >= g->per) {
		if (g->nb == TELE_BUCKETS)
			compact(g);
		b = &g->b[g->nb++];
		memset(b, 0, sizeof(*b));
		b->ts = s->ts;
		b->file_id = t->file_id;
		b->line = (int64_t)s->line;
	}
	b->n++;
	b->last_ts = s->ts;
	if (s->power == s->power) {
		b->power_sum += s->power;
		b->power_n++;
	}
	if (s->util == s->util) {
		b->util_sum += s->util;
		b->util_n++;
	}
	if (s->mem == s->mem) {
		b->mem_sum += s->mem;
		b->mem_n++;
	}
}

void telemetry_gpu_counts(const struct telemetry *t, size_t i, size_t *buckets, int64_t *samples)
{
	const struct gpu_agg *g = keymap_at(&t->gpus, i);
	*buckets = g->nb;
	*samples = 0;
	for (size_t k = 0; k < g->nb; k++)
		*samples += g->b[k].n;
}

int telemetry_flush(struct telemetry *t, struct fl_store *s, int64_t run_id, struct fl_err *err)
{
	for (size_t i = 0; i < t->gpus.used; i++) {
		const struct gpu_agg *g = keymap_at(&t->gpus, i);
		for (size_t k = 0; k < g->nb; k++) {
			const struct gpu_bucket *b = &g->b[k];
			struct fl_gpu_sample_row r = {
				run_id, g->host, g->gpu, g->bus[0] ? g->bus : NULL, g->source,
				b->ts, b->last_ts, b->n,
				b->power_n ? b->power_sum / (double)b->power_n : NAN,
				b->util_n ? b->util_sum / (double)b->util_n : NAN,
				b->mem_n ? b->mem_sum / (double)b->mem_n : NAN,
				b->file_id, b->line,
			};
			if (fl_store_gpu_sample_add(s, &r))
				return store_fail(s, err, "cannot store GPU telemetry");
		}
	}
	return 0;
}

/* ---- small parsers ---- */

static size_t trim(const char **p, size_t n)
{
	while (n && isspace((unsigned char)**p)) {
		(*p)++;
		n--;
	}
	while (n && isspace((unsigned char)(*p)[n - 1]))
		n--;
	return n;
}

static bool starts(const char *p, size_t n, const char *lit)
{
	size_t k = strlen(lit);
	return n >= k && !memcmp(p, lit, k);
}

/* A number at the start of p..n ("312.45 W", "100 %", "312.45"); NaN for
 * "[N/A]", "N/A", "[Not Supported]" and anything else. */
static double number(const char *p, size_t n)
{
	char buf[48];
	n = trim(&p, n);
	if (!n || n >= sizeof(buf) || !(isdigit((unsigned char)p[0]) || p[0] == '-'))
		return NAN;
	memcpy(buf, p, n);
	buf[n] = '\0';
	char *end;
	double v = strtod(buf, &end);
	return end == buf || v != v ? NAN : v;
}

/* A whole number >= 0 at the start of p..n; -1 for anything else. */
static int64_t whole(const char *p, size_t n)
{
	double v = number(p, n);
	return v == v && v >= 0 && v < 1e9 ? (int64_t)v : -1;
}

static int digits(const char *p, size_t n, size_t at, size_t k)
{
	int v = 0;
	if (at + k > n)
		return -1;
	for (size_t i = at; i < at + k; i++) {
		if (!isdigit((unsigned char)p[i]))
			return -1;
		v = v * 10 + (p[i] - '0');
	}
	return v;
}

/* nvidia-smi's CSV timestamp: "2024/05/01 12:00:00.123" (host local time,
 * no zone: taken as UTC like every zone-less stamp). */
static int64_t csv_time(const char *p, size_t n)
{
	n = trim(&p, n);
	if (n < 19 || p[4] != '/' || p[7] != '/' || p[10] != ' ' || p[13] != ':' || p[16] != ':')
		return FL_TIME_NONE;
	int y = digits(p, n, 0, 4), mo = digits(p, n, 5, 2), d = digits(p, n, 8, 2);
	int h = digits(p, n, 11, 2), mi = digits(p, n, 14, 2), s = digits(p, n, 17, 2), us = 0;
	if (y < 0 || mo < 0 || d < 0 || h < 0 || mi < 0 || s < 0)
		return FL_TIME_NONE;
	if (n > 20 && p[19] == '.') {
		int scale = 100000;
		for (size_t i = 20; i < n && isdigit((unsigned char)p[i]) && scale; i++, scale /= 10)
			us += (p[i] - '0') * scale;
	}
	return fl_time_from_civil(y, mo, d, h, mi, s, us);
}

/* nvidia-smi -q's "Wed May  1 12:00:00 2024" (ctime form). */
static int64_t ctime_time(const char *p, size_t n)
{
	static const char months[] = "JanFebMarAprMayJunJulAugSepOctNovDec";
	n = trim(&p, n);
	if (n < 24 || p[3] != ' ' || p[7] != ' ')
		return FL_TIME_NONE;
	int mo = -1;
	for (int i = 0; i < 12; i++)
		if (!memcmp(p + 4, months + 3 * i, 3))
			mo = i + 1;
	int d = p[8] == ' ' ? digits(p, n, 9, 1) : digits(p, n, 8, 2);
	int h = digits(p, n, 11, 2), mi = digits(p, n, 14, 2), s = digits(p, n, 17, 2);
	int y = digits(p, n, 20, 4);
	if (mo < 0 || d < 0 || h < 0 || mi < 0 || s < 0 || y < 0 || p[13] != ':' || p[16] != ':')
		return FL_TIME_NONE;
	return fl_time_from_civil(y, mo, d, h, mi, s, 0);
}

static void copy_field(char *dst, size_t cap, const char *p, size_t n)
{
	n = trim(&p, n);
	if (n >= cap)
		n = cap - 1;
	memcpy(dst, p, n);
	dst[n] = '\0';
}

/* ---- nvidia-smi --query-gpu=... --format=csv ---- */

/* A header column's name without its unit: "power.draw [W]" -> power.draw. */
static enum tele_col csv_col(const char *p, size_t n)
{
	n = trim(&p, n);
	const char *u = memchr(p, '[', n);
	if (u)
		n = trim(&p, (size_t)(u - p));
	static const struct {
		const char *name;
		enum tele_col col;
	} names[] = {
		{ "timestamp", COL_TS },
		{ "index", COL_INDEX },
		{ "pci.bus_id", COL_BUS },
		{ "power.draw", COL_POWER },
		{ "power.draw.instant", COL_POWER_ALT },
		{ "power.draw.average", COL_POWER_ALT },
		{ "utilization.gpu", COL_UTIL },
		{ "memory.used", COL_MEM },
	};
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strlen(names[i].name) == n && !memcmp(p, names[i].name, n))
			return names[i].col;
	return COL_OTHER;
}

static bool csv_header(struct telemetry *t, const char *p, size_t n)
{
	bool power = false;
	t->ncols = 0;
	for (size_t at = 0; at <= n && t->ncols < TELE_MAX_COLS;) {
		const char *c = memchr(p + at, ',', n - at);
		size_t end = c ? (size_t)(c - p) : n;
		enum tele_col col = csv_col(p + at, end - at);
		t->cols[t->ncols++] = col;
		power |= col == COL_POWER || col == COL_POWER_ALT || col == COL_UTIL;
		at = end + 1;
	}
	bool has_ts = false, has_gpu = false;
	for (int i = 0; i < t->ncols; i++) {
		has_ts |= t->cols[i] == COL_TS;
		has_gpu |= t->cols[i] == COL_INDEX || t->cols[i] == COL_BUS;
	}
	return power && has_ts && has_gpu && t->ncols >= 3;
}

/* False for a line that is not a row: no comma ("Unable to determine the
 * device handle for GPU...", "No devices were found" when nvidia-smi's
 * stderr went to the same file), left to the patterns. */
static bool csv_row(struct telemetry *t, const struct fl_line *l)
{
	if (!memchr(l->ptr, ',', l->len))
		return trim(&(const char *){ l->ptr }, l->len) == 0;
	struct tele_sample s;
	sample_clear(&s);
	s.line = l->lineno;
	double alt = NAN;
	int bus_ord = -1;
	const char *p = l->ptr;
	size_t n = l->len;
	int i = 0;
	for (size_t at = 0; at <= n && i < t->ncols; i++) {
		const char *c = memchr(p + at, ',', n - at);
		size_t end = c ? (size_t)(c - p) : n;
		const char *v = p + at;
		size_t vn = end - at;
		switch (t->cols[i]) {
		case COL_TS: s.ts = csv_time(v, vn); break;
		case COL_INDEX: s.gpu = whole(v, vn); break;
		case COL_BUS: copy_field(s.bus, sizeof(s.bus), v, vn); bus_ord = i; break;
		case COL_POWER: s.power = number(v, vn); break;
		case COL_POWER_ALT: alt = number(v, vn); break;
		case COL_UTIL: s.util = number(v, vn); break;
		case COL_MEM: s.mem = number(v, vn); break;
		default: break;
		}
		at = end + 1;
	}
	if (s.power != s.power)
		s.power = alt;
	/* Without an index column the GPUs of one timestamp come in index
	 * order: count them. */
	if (s.gpu < 0 && bus_ord >= 0 && s.bus[0]) {
		t->csv_seq = s.ts == t->csv_last_ts ? t->csv_seq + 1 : 0;
		t->csv_last_ts = s.ts;
		s.gpu = t->csv_seq;
	}
	if (s.ts != FL_TIME_NONE)
		sample_add(t, &s);
	return true;
}

/* ---- nvidia-smi -q ---- */

static void q_flush(struct telemetry *t)
{
	if (t->cur.gpu >= 0)
		sample_add(t, &t->cur);
	sample_clear(&t->cur);
}

/* "    Key    : value" -> key and value; false for a line without " : ". */
static bool q_pair(const char *p, size_t n, const char **k, size_t *kn, const char **v,
		   size_t *vn)
{
	for (size_t i = 0; i + 2 < n; i++)
		if (p[i] == ' ' && p[i + 1] == ':' && (p[i + 2] == ' ' || i + 3 == n)) {
			*k = p;
			*kn = trim(k, i);
			*v = p + i + 2;
			*vn = trim(v, n - i - 2);
			return true;
		}
	return false;
}

static size_t indent(const char *p, size_t n)
{
	size_t i = 0;
	while (i < n && p[i] == ' ')
		i++;
	return i;
}

static void q_section(struct telemetry *t, const char *k, size_t kn)
{
	if ((kn == 14 && !memcmp(k, "Power Readings", 14)) ||
	    (kn == 18 && !memcmp(k, "GPU Power Readings", 18)))
		t->q_section = QS_POWER;
	else if (kn == 11 && !memcmp(k, "Utilization", 11))
		t->q_section = QS_UTIL;
	else if (kn == 15 && !memcmp(k, "FB Memory Usage", 15))
		t->q_section = QS_MEM;
	else
		t->q_section = QS_OTHER;
}

static void q_value(struct telemetry *t, size_t ind, const char *k, size_t kn, const char *v,
		    size_t vn)
{
	if (ind == 0 && kn == 9 && !memcmp(k, "Timestamp", 9)) {
		t->q_ts = ctime_time(v, vn);
		return;
	}
	if (t->cur.gpu < 0 || ind < 8)
		return;
	if (t->q_section == QS_POWER &&
	    ((kn == 10 && !memcmp(k, "Power Draw", 10)) ||
	     (t->cur.power != t->cur.power && starts(k, kn, "Instantaneous Power Draw"))))
		t->cur.power = number(v, vn);
	else if (t->q_section == QS_UTIL && kn == 3 && !memcmp(k, "Gpu", 3))
		t->cur.util = number(v, vn);
	else if (t->q_section == QS_MEM && kn == 4 && !memcmp(k, "Used", 4))
		t->cur.mem = number(v, vn);
}

/* False for a line at the margin that is not part of a dump (nvidia-smi's
 * error lines), left to the patterns. */
static bool q_line(struct telemetry *t, const struct fl_line *l)
{
	const char *p = l->ptr;
	size_t n = l->len;
	while (n && (p[n - 1] == ' ' || p[n - 1] == '\r'))
		n--;
	size_t ind = indent(p, n);
	if (starts(p, n, "==============NVSMI LOG")) {
		q_flush(t);
		t->q_gpu = -1;
		return true;
	}
	if (ind == 0 && starts(p, n, "GPU ") && n > 4 && isxdigit((unsigned char)p[4])) {
		q_flush(t);
		t->cur.gpu = ++t->q_gpu;
		t->cur.ts = t->q_ts;
		t->cur.line = l->lineno;
		copy_field(t->cur.bus, sizeof(t->cur.bus), p + 4, n - 4);
		t->q_section = QS_OTHER;
		return true;
	}
	const char *k, *v;
	size_t kn, vn;
	if (q_pair(p, n, &k, &kn, &v, &vn))
		q_value(t, ind, k, kn, v, vn);
	else if (ind == 4 && n > 4)
		q_section(t, p + 4, n - 4);
	else if (ind == 0 && n)
		return false;
	return true;
}

/* ---- nvidia-smi -q -x: the same dump as XML, one element a line ----
 * <timestamp>Wed May  1 12:00:00 2024</timestamp>, then per GPU
 * <gpu id="00000000:18:00.0"> holding <fb_memory_usage><used>,
 * <utilization><gpu_util>, <power_readings> (before R535) or
 * <gpu_power_readings> with <power_draw> (or, R550+, <instant_power_draw>);
 * never <module_power_readings>. Each dump of a -l loop starts <?xml. */

/* The element name of "<name ...>" or "</name>" at p..n, into out. */
static size_t xml_tag(const char *p, size_t n, char *out, size_t cap, bool *closing)
{
	size_t i = 1, k = 0;
	*closing = n > 1 && p[1] == '/';
	if (*closing)
		i++;
	while (i < n && k + 1 < cap && (isalnum((unsigned char)p[i]) || p[i] == '_'))
		out[k++] = p[i++];
	out[k] = '\0';
	return i;
}

static bool xml_line(struct telemetry *t, const struct fl_line *l)
{
	const char *p = l->ptr;
	size_t n = trim(&p, l->len);
	if (n && p[0] != '<' && p == l->ptr)
		return false; /* at the margin: not the dump's */
	if (n < 3 || p[0] != '<')
		return true;
	if (starts(p, n, "<?xml")) {
		q_flush(t);
		t->q_gpu = -1;
		return true;
	}
	char tag[48];
	bool closing;
	size_t at = xml_tag(p, n, tag, sizeof(tag), &closing);
	if (closing) {
		if (!strcmp(tag, "gpu"))
			q_flush(t);
		t->q_section = QS_OTHER;
		return true;
	}
	const char *gt = memchr(p + at, '>', n - at);
	if (!gt)
		return true;
	const char *v = gt + 1, *end = p + n;
	const char *lt = memchr(v, '<', (size_t)(end - v));
	if (!lt) { /* an element that opens a block */
		if (!strcmp(tag, "gpu")) {
			q_flush(t);
			t->cur.gpu = ++t->q_gpu;
			t->cur.ts = t->q_ts;
			t->cur.line = l->lineno;
			/* <gpu id="00000000:18:00.0"> */
			for (const char *q = p + at; q + 5 < gt; q++)
				if (!memcmp(q, " id=\"", 5)) {
					const char *qe = memchr(q + 5, '"', (size_t)(gt - q - 5));
					if (qe)
						copy_field(t->cur.bus, sizeof(t->cur.bus), q + 5,
							   (size_t)(qe - q - 5));
					break;
				}
			t->q_section = QS_OTHER;
		} else if (!strcmp(tag, "power_readings") || !strcmp(tag, "gpu_power_readings")) {
			t->q_section = QS_POWER;
		} else if (!strcmp(tag, "utilization")) {
			t->q_section = QS_UTIL;
		} else if (!strcmp(tag, "fb_memory_usage")) {
			t->q_section = QS_MEM;
		} else {
			t->q_section = QS_OTHER;
		}
		return true;
	}
	size_t vn = (size_t)(lt - v);
	if (!strcmp(tag, "timestamp") && t->cur.gpu < 0)
		t->q_ts = ctime_time(v, vn);
	else if (t->cur.gpu < 0)
		return true;
	else if (t->q_section == QS_POWER &&
		 (!strcmp(tag, "power_draw") ||
		  (t->cur.power != t->cur.power && !strcmp(tag, "instant_power_draw"))))
		t->cur.power = number(v, vn);
	else if (t->q_section == QS_UTIL && !strcmp(tag, "gpu_util"))
		t->cur.util = number(v, vn);
	else if (t->q_section == QS_MEM && !strcmp(tag, "used"))
		t->cur.mem = number(v, vn);
	return true;
}

/* ---- DCGM exporter: METRIC{label="v",...} VALUE [TIMESTAMP_MS] ----
 * dcgm-exporter 2.x+ names fields DCGM_FI_*; the 1.x exporter (NVIDIA's
 * gpu-monitoring-tools) wrote dcgm_power_usage, dcgm_gpu_utilization and
 * dcgm_fb_used with the same gpu label. */

/* The value of label name inside {...}, copied into out. */
static bool label(const char *p, size_t n, const char *name, char *out, size_t cap)
{
	size_t k = strlen(name);
	for (size_t i = 0; i + k + 2 < n; i++) {
		if ((i == 0 || p[i - 1] == '{' || p[i - 1] == ',') && !memcmp(p + i, name, k) &&
		    p[i + k] == '=' && p[i + k + 1] == '"') {
			const char *v = p + i + k + 2;
			const char *q = memchr(v, '"', n - (size_t)(v - p));
			if (!q)
				return false;
			copy_field(out, cap, v, (size_t)(q - v));
			return true;
		}
	}
	return false;
}

enum dcgm_metric { DM_NONE, DM_POWER, DM_UTIL, DM_MEM, DM_GR_ACTIVE };

static enum dcgm_metric dcgm_metric(const char *p, size_t n)
{
	static const struct {
		const char *name;
		enum dcgm_metric m;
	} names[] = {
		{ "DCGM_FI_DEV_POWER_USAGE", DM_POWER },
		{ "DCGM_FI_DEV_GPU_UTIL", DM_UTIL },
		{ "DCGM_FI_DEV_FB_USED", DM_MEM },
		/* profiling metric, a ratio 0..1; also per MIG instance */
		{ "DCGM_FI_PROF_GR_ENGINE_ACTIVE", DM_GR_ACTIVE },
		{ "dcgm_power_usage", DM_POWER },
		{ "dcgm_gpu_utilization", DM_UTIL },
		{ "dcgm_fb_used", DM_MEM },
	};
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strlen(names[i].name) == n && !memcmp(p, names[i].name, n))
			return names[i].m;
	return DM_NONE;
}

/* False for a line that is neither a comment nor a sample (an error
 * curl or the exporter wrote into the file), left to the patterns. */
static bool dcgm_line(struct telemetry *t, const struct fl_line *l)
{
	const char *p = l->ptr, *brace = memchr(l->ptr, '{', l->len);
	size_t n = l->len;
	if (!brace && n && p[0] != '#' && !isspace((unsigned char)p[0]))
		return false;
	const char *close = brace ? memchr(brace, '}', n - (size_t)(brace - p)) : NULL;
	enum dcgm_metric m = brace ? dcgm_metric(p, (size_t)(brace - p)) : DM_NONE;
	char gpu[16];
	if (m == DM_NONE || !close || !label(brace + 1, (size_t)(close - brace - 1), "gpu", gpu, sizeof(gpu)))
		return true;
	/* the value, then an optional timestamp in milliseconds */
	const char *v = close + 1, *end = p + n;
	while (v < end && *v == ' ')
		v++;
	const char *sp = memchr(v, ' ', (size_t)(end - v));
	double val = number(v, sp ? (size_t)(sp - v) : (size_t)(end - v));
	double ms = sp ? number(sp, (size_t)(end - sp)) : NAN;
	int64_t ts = ms == ms && ms > 0 && ms < 1e14 ? (int64_t)ms * 1000 : FL_TIME_NONE;
	int64_t idx = whole(gpu, strlen(gpu));
	if (idx < 0 || idx >= TELE_PENDING || val != val)
		return true;
	struct tele_sample *s = &t->pending[idx];
	double *slot = m == DM_POWER ? &s->power
		       : m == DM_UTIL ? &s->util
		       : m == DM_MEM  ? &s->mem
				      : &s->gr_active;
	/* a new scrape: the GPU's previous one is complete. A value repeated
	 * within one scrape (MIG instances repeat the whole GPU's) is not. */
	if (s->gpu >= 0 && s->ts != ts) {
		sample_add(t, s);
		sample_clear(s);
	}
	if (s->gpu < 0) {
		s->gpu = idx;
		s->ts = ts;
		s->line = l->lineno;
		label(brace + 1, (size_t)(close - brace - 1), "Hostname", s->host, sizeof(s->host));
		label(brace + 1, (size_t)(close - brace - 1), "pci_bus_id", s->bus, sizeof(s->bus));
	}
	/* the busiest MIG instance says whether the GPU works */
	if (*slot != *slot || (m == DM_GR_ACTIVE && val > *slot))
		*slot = val;
	return true;
}

/* ---- members ---- */

static bool xml_root(const char *p, size_t n)
{
	return starts(p, n, "<!DOCTYPE nvidia_smi_log") || starts(p, n, "<nvidia_smi_log>");
}

static enum tele_format sniff(struct telemetry *t, const char *p, size_t n)
{
	if (starts(p, n, "==============NVSMI LOG"))
		return TELE_SMI_Q;
	if (starts(p, n, "<?xml"))
		return TELE_XML_PROLOG;
	if (xml_root(p, n))
		return TELE_SMI_XML;
	if (starts(p, n, "# HELP DCGM_") || starts(p, n, "# TYPE DCGM_") ||
	    starts(p, n, "# HELP dcgm_") || starts(p, n, "# TYPE dcgm_") ||
	    ((starts(p, n, "DCGM_FI_") || starts(p, n, "dcgm_")) && memchr(p, '{', n)))
		return TELE_DCGM;
	if (memchr(p, ',', n) && csv_header(t, p, n))
		return TELE_CSV;
	return TELE_NONE;
}

bool telemetry_line(struct telemetry *t, const struct fl_line *l, const struct fl_attr *a)
{
	if (t->fmt == TELE_NONE)
		return false;
	if (t->fmt == TELE_UNDECIDED) {
		const char *p = l->ptr;
		size_t n = trim(&p, l->len);
		if (!n)
			return false;
		t->fmt = sniff(t, p, n);
		if (t->fmt == TELE_NONE)
			return false;
		t->host = a->host ? fl_xstrndup(a->host, a->host_len) : NULL;
		if (t->fmt == TELE_CSV || t->fmt == TELE_XML_PROLOG)
			return true;
	}
	if (t->fmt == TELE_XML_PROLOG) {
		const char *p = l->ptr;
		size_t n = trim(&p, l->len);
		if (!n)
			return true;
		/* another XML document: its lines go to the patterns */
		t->fmt = xml_root(p, n) ? TELE_SMI_XML : TELE_NONE;
		if (t->fmt == TELE_NONE)
			return false;
	}
	switch (t->fmt) {
	case TELE_CSV: return csv_row(t, l);
	case TELE_SMI_Q: return q_line(t, l);
	case TELE_DCGM: return dcgm_line(t, l);
	case TELE_SMI_XML: return xml_line(t, l);
	default: return true;
	}
}

void telemetry_file_end(struct telemetry *t)
{
	if (t->fmt == TELE_SMI_Q || t->fmt == TELE_SMI_XML)
		q_flush(t);
	for (int i = 0; t->fmt == TELE_DCGM && i < TELE_PENDING; i++)
		if (t->pending[i].gpu >= 0) {
			sample_add(t, &t->pending[i]);
			sample_clear(&t->pending[i]);
		}
	t->fmt = TELE_UNDECIDED;
}
