/* SPDX-License-Identifier: MIT */
/*
 * frdump.c - a Flight Recorder dump, from its decoded value tree to the
 * fields faultline keeps.
 *
 * torch writes the dump from FlightRecorder::dump_dict() (pickle) or
 * dump_json(): a dict with "version", "pg_config" (group name -> name,
 * desc, ranks as text), "pg_status" and "entries", each entry a dict of
 * record_id, pg_id, process_group (name, desc), collective_seq_id,
 * p2p_seq_id, op_id, profiling_name, time_created_ns, input/output sizes
 * and dtypes, state, time_discovered_{started,completed}_ns, retired,
 * timeout_ms, is_p2p and, in pickles, frames (name, filename, line).
 * Versions 2.3 and 2.4 have the fields above (2.0 lacks timeout_ms and
 * pg_status, and writes the entries first); 2.10 adds thread_name,
 * thread_id and comm_lib_version, which are not used. A field of
 * an unexpected type reads as absent, so that a newer dump still gives
 * what faultline understands.
 * Tested by: tests/unit/test_pickle.c, the flight recorder scenarios
 */
#include "ingest_int.h"

#include <stdlib.h>
#include <string.h>

static bool has(const unsigned char *p, size_t n, const char *s)
{
	return memmem(p, n, s, strlen(s)) != NULL;
}

bool fl_frdump_sniff(const unsigned char *p, size_t n)
{
	if (n >= 2 && p[0] == 0x80 && p[1] >= 2 && p[1] <= 5)
		return has(p, n, "version") &&
		       (has(p, n, "pg_config") || has(p, n, "entries") || has(p, n, "pg_status"));
	size_t i = 0;
	while (i < n && (p[i] == ' ' || p[i] == '\n' || p[i] == '\r' || p[i] == '\t'))
		i++;
	if (i >= n || p[i] != '{')
		return false;
	/* torch's JSON writer sorts keys, so "entries" (long) comes before
	 * "pg_config"; a re-save from Python keeps "version" first. */
	return has(p, n, "\"pg_config\"") ||
	       (has(p, n, "\"entries\"") && has(p, n, "\"profiling_name\"")) ||
	       (has(p, n, "\"version\"") && has(p, n, "\"pg_status\""));
}

int64_t fl_frdump_rank(const char *path)
{
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	size_t end = strlen(base);
	const char *dot = strchr(base, '.');
	if (dot)
		end = (size_t)(dot - base);
	size_t k = end;
	while (k > 0 && base[k - 1] >= '0' && base[k - 1] <= '9')
		k--;
	if (k == end || end - k > 9)
		return -1;
	return strtoll(base + k, NULL, 10);
}

static char *str_of(const struct fl_pv *v)
{
	return v && v->type == FL_PV_STR ? fl_xstrndup(v->s, v->len) : NULL;
}

static int64_t int_of(const struct fl_pv *v)
{
	if (v && v->type == FL_PV_INT)
		return v->i;
	/* JSON dumps write some numbers as text */
	if (v && v->type == FL_PV_STR && v->len && v->len < 20 &&
	    strspn(v->s, "0123456789") == v->len)
		return strtoll(v->s, NULL, 10);
	return -1;
}

static int bool_of(const struct fl_pv *v)
{
	if (v && v->type == FL_PV_BOOL)
		return v->b;
	if (v && v->type == FL_PV_INT)
		return v->i != 0;
	return -1;
}

/* Bytes kept of one sizes or dtypes field, and of a frame's name or file:
 * memo references can make a small pickle expand without bound, and real
 * fields are far shorter. */
#define MAX_FIELD 512
#define MAX_FRAME_PART 256

/* Lists of ints or strings, nested, as compact JSON; stops once past
 * MAX_FIELD. */
static void to_json(struct fl_buf *b, const struct fl_pv *v)
{
	if (b->len > MAX_FIELD)
		return;
	switch (v->type) {
	case FL_PV_INT:
		fl_buf_printf(b, "%lld", (long long)v->i);
		break;
	case FL_PV_STR:
		fl_json_str(b, v->s, v->len);
		break;
	case FL_PV_LIST:
	case FL_PV_TUPLE:
		fl_buf_addc(b, '[');
		for (size_t i = 0; i < v->n; i++) {
			if (i)
				fl_buf_addc(b, ',');
			to_json(b, v->items[i]);
		}
		fl_buf_addc(b, ']');
		break;
	default:
		fl_buf_adds(b, "null");
	}
}

static char *json_of(const struct fl_pv *v)
{
	if (!v || (v->type != FL_PV_LIST && v->type != FL_PV_TUPLE))
		return NULL;
	struct fl_buf b = FL_BUF_INIT;
	to_json(&b, v);
	if (b.len > MAX_FIELD) {
		fl_buf_release(&b);
		return NULL;
	}
	return fl_buf_detach(&b);
}

static char *frames_of(const struct fl_pv *v)
{
	if (!v || v->type != FL_PV_LIST || v->n == 0)
		return NULL;
	struct fl_buf b = FL_BUF_INIT;
	for (size_t i = 0; i < v->n && i < FL_FRDUMP_MAX_FRAMES; i++) {
		const struct fl_pv *f = v->items[i];
		const struct fl_pv *name = fl_pv_get(f, "name"), *file = fl_pv_get(f, "filename");
		if (!name || name->type != FL_PV_STR)
			continue;
		if (b.len)
			fl_buf_addc(&b, '\n');
		fl_buf_add(&b, name->s, name->len < MAX_FRAME_PART ? name->len : MAX_FRAME_PART);
		if (file && file->type == FL_PV_STR) {
			fl_buf_adds(&b, " (");
			fl_buf_add(&b, file->s, file->len < MAX_FRAME_PART ? file->len : MAX_FRAME_PART);
			fl_buf_printf(&b, ":%lld)", (long long)int_of(fl_pv_get(f, "line")));
		}
	}
	return b.len ? fl_buf_detach(&b) : (fl_buf_release(&b), NULL);
}

/* JSON dumps write 0 for a time not yet discovered, pickles None. */
static int64_t time_of(const struct fl_pv *v)
{
	int64_t t = int_of(v);
	return t > 0 ? t : -1;
}

static void entry_of(const struct fl_pv *v, struct fl_fr_entry *e)
{
	e->record_id = int_of(fl_pv_get(v, "record_id"));
	e->pg_id = int_of(fl_pv_get(v, "pg_id"));
	e->collective_seq_id = int_of(fl_pv_get(v, "collective_seq_id"));
	e->p2p_seq_id = int_of(fl_pv_get(v, "p2p_seq_id"));
	e->op_id = int_of(fl_pv_get(v, "op_id"));
	const struct fl_pv *pg = fl_pv_get(v, "process_group");
	if (pg && (pg->type == FL_PV_TUPLE || pg->type == FL_PV_LIST) && pg->n >= 1) {
		e->pg_name = str_of(pg->items[0]);
		e->pg_desc = pg->n >= 2 ? str_of(pg->items[1]) : NULL;
	} else {
		e->pg_name = str_of(pg);
	}
	e->profiling_name = str_of(fl_pv_get(v, "profiling_name"));
	e->state = str_of(fl_pv_get(v, "state"));
	e->input_sizes = json_of(fl_pv_get(v, "input_sizes"));
	e->input_dtypes = json_of(fl_pv_get(v, "input_dtypes"));
	e->output_sizes = json_of(fl_pv_get(v, "output_sizes"));
	e->output_dtypes = json_of(fl_pv_get(v, "output_dtypes"));
	e->time_created_ns = time_of(fl_pv_get(v, "time_created_ns"));
	e->time_started_ns = time_of(fl_pv_get(v, "time_discovered_started_ns"));
	e->time_completed_ns = time_of(fl_pv_get(v, "time_discovered_completed_ns"));
	e->timeout_ms = int_of(fl_pv_get(v, "timeout_ms"));
	e->retired = bool_of(fl_pv_get(v, "retired"));
	e->is_p2p = bool_of(fl_pv_get(v, "is_p2p"));
	e->frames = frames_of(fl_pv_get(v, "frames"));
}

static void pgs_of(const struct fl_pv *cfg, struct fl_frdump *d)
{
	if (!cfg || cfg->type != FL_PV_DICT)
		return;
	d->pgs = fl_xcalloc(cfg->n / 2 + 1, sizeof(*d->pgs));
	for (size_t i = 0; i + 1 < cfg->n; i += 2) {
		const struct fl_pv *info = cfg->items[i + 1];
		struct fl_fr_pg *g = &d->pgs[d->npgs];
		g->name = str_of(fl_pv_get(info, "name"));
		if (!g->name)
			g->name = str_of(cfg->items[i]);
		if (!g->name)
			continue;
		g->desc = str_of(fl_pv_get(info, "desc"));
		const struct fl_pv *ranks = fl_pv_get(info, "ranks");
		g->ranks = ranks && ranks->type == FL_PV_STR ? str_of(ranks) : json_of(ranks);
		g->last_enqueued = g->last_started = g->last_completed = -1;
		d->npgs++;
	}
}

/* pg_status is keyed by pg_id (ProcessGroupNCCL's uid, numbered per
 * process), pg_config by name: an id is the group that this dump's own
 * entries name with it; id 0 with no entry is the default group (the
 * first one a process creates). */
static struct fl_fr_pg *pg_of_id(struct fl_frdump *d, int64_t id)
{
	const char *name = NULL;
	for (size_t i = 0; i < d->nentries && !name; i++)
		if (d->entries[i].pg_id == id)
			name = d->entries[i].pg_name;
	for (size_t i = 0; i < d->npgs; i++) {
		struct fl_fr_pg *g = &d->pgs[i];
		if (name ? !strcmp(g->name, name) : id == 0 && g->desc && !strcmp(g->desc, "default_pg"))
			return g;
	}
	return NULL;
}

static void status_of(const struct fl_pv *st, struct fl_frdump *d)
{
	if (!st || st->type != FL_PV_DICT)
		return;
	for (size_t i = 0; i + 1 < st->n; i += 2) {
		int64_t id = int_of(st->items[i]);
		struct fl_fr_pg *g = id >= 0 ? pg_of_id(d, id) : NULL;
		if (!g)
			continue;
		const struct fl_pv *v = st->items[i + 1];
		g->last_enqueued = int_of(fl_pv_get(v, "last_enqueued_collective"));
		g->last_started = int_of(fl_pv_get(v, "last_started_collective"));
		g->last_completed = int_of(fl_pv_get(v, "last_completed_collective"));
	}
}

static int dump_of(const struct fl_pv *root, struct fl_frdump **out, struct fl_err *err)
{
	if (!root || root->type != FL_PV_DICT)
		return fl_err_set(err, FL_EFORMAT, "not a flight recorder dump: not a dict");
	const struct fl_pv *entries = fl_pv_get(root, "entries");
	const struct fl_pv *cfg = fl_pv_get(root, "pg_config");
	if (!entries && !cfg)
		return fl_err_set(err, FL_EFORMAT,
				  "not a flight recorder dump: no entries and no pg_config");
	if (entries && entries->type != FL_PV_LIST)
		return fl_err_set(err, FL_EFORMAT, "flight recorder dump: entries is not a list");
	if (entries && entries->n > FL_FRDUMP_MAX_ENTRIES)
		return fl_err_set(err, FL_EFORMAT, "flight recorder dump: more than %u entries",
				  FL_FRDUMP_MAX_ENTRIES);
	struct fl_frdump *d = fl_xcalloc(1, sizeof(*d));
	d->version = str_of(fl_pv_get(root, "version"));
	size_t n = entries ? entries->n : 0;
	d->entries = fl_xcalloc(n + 1, sizeof(*d->entries));
	for (size_t i = 0; i < n; i++)
		if (entries->items[i]->type == FL_PV_DICT)
			entry_of(entries->items[i], &d->entries[d->nentries++]);
	pgs_of(cfg, d);
	status_of(fl_pv_get(root, "pg_status"), d);
	*out = d;
	return 0;
}

int fl_frdump_parse(const void *p, size_t n, struct fl_frdump **out, struct fl_err *err)
{
	const unsigned char *b = p;
	struct fl_pv_doc *doc;
	*out = NULL;
	int rc = n && b[0] == 0x80 ? fl_pickle_parse(p, n, &doc, err)
				   : fl_pv_json_parse(p, n, &doc, err);
	if (rc)
		return rc;
	rc = dump_of(fl_pv_root(doc), out, err);
	fl_pv_doc_free(doc);
	return rc;
}

void fl_frdump_free(struct fl_frdump *d)
{
	if (!d)
		return;
	for (size_t i = 0; i < d->nentries; i++) {
		struct fl_fr_entry *e = &d->entries[i];
		free(e->pg_name);
		free(e->pg_desc);
		free(e->profiling_name);
		free(e->state);
		free(e->input_sizes);
		free(e->input_dtypes);
		free(e->output_sizes);
		free(e->output_dtypes);
		free(e->frames);
	}
	for (size_t i = 0; i < d->npgs; i++) {
		free(d->pgs[i].name);
		free(d->pgs[i].desc);
		free(d->pgs[i].ranks);
	}
	free(d->entries);
	free(d->pgs);
	free(d->version);
	free(d);
}
