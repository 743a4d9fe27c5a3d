/* SPDX-License-Identifier: MIT */
/*
 * store_merge.c - combining stores: per-host or per-shard ingests into one.
 *
 * Two ways (docs/SCHEMA.md, `faultline merge`):
 *
 *   fl_store_merge()         every run of a source store is copied as is,
 *                            with its analysis and its kept bundle;
 *   fl_store_merge_shards()  the one run of each source store is a shard
 *                            of the same job (one node's logs); together
 *                            they become one run, as if the whole job had
 *                            been ingested at once.
 *
 * Sources are read through their own read-only connections rather than
 * ATTACH: SQLite attaches at most 10 databases, and cannot detach one
 * inside a transaction, while a job may have hundreds of shards and the
 * merge must be one transaction. Rows are copied column by column, so a
 * column added by a migration is carried without change here.
 *
 * Ids: files.id and events.id keep their order and move by a constant
 * offset past the destination's largest id; file_id references (and
 * step_stats.loss_max_file_id) move with them. The per-step sums of
 * shards add up (STORE_STEP_STATS_UPSERT). The derived tables of a shard
 * (procs, ranks, hosts) are not copied but rebuilt by
 * fl_store_run_commit() over the union.
 *
 * Years: a shard whose logs carry no dated stamp took the year of its
 * newest file (or none); its times are moved, while copied, to the year a
 * dated shard tells, which is what one ingest of the whole job gives.
 *
 * Tested by: tests/e2e/test_merge.c
 */
#include "store_int.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* The rows an ingest writes; everything else of a run is derived. */
static const char *const RAW_TABLES[] = { "files",      "skipped",  "events",     "steps",
					  "tails",      "transports", "colls",    "activity",
					  "step_stats", "gpu_samples", "fr_dumps", "fr_pgs",
					  "fr_entries", "comm_members", "hcas" };

/* A source run as the destination will receive it. */
struct copy {
	struct fl_store *dst;
	sqlite3 *src;
	int64_t old_run, new_run;
	int64_t file_delta, event_delta; /* added to files.id / events.id */
	const char *kept;                /* runs.kept in the destination */
	int year_to;                     /* > 0: move every time to this year */
};


/* ---- row copying ---- */

static int src_err(sqlite3 *db, const char *path, struct fl_err *err)
{
	return fl_err_set(err, FL_EDB, "cannot read store '%s': %s", path, sqlite3_errmsg(db));
}

static bool is_time_col(const char *name)
{
	return !strcmp(name, "ts") || !strcmp(name, "first_ts") || !strcmp(name, "last_ts") ||
	       !strcmp(name, "boot_ts");
}

/* One value of a source row, with the ids and year the destination gives it. */
static void bind_col(const struct copy *c, sqlite3_stmt *ins, sqlite3_stmt *sel, int col,
		     const char *table)
{
	const char *name = sqlite3_column_name(sel, col);
	sqlite3_value *v = sqlite3_column_value(sel, col);
	const int64_t *delta = NULL;
	if (!strcmp(name, "run_id")) {
		sqlite3_bind_int64(ins, col + 1, c->new_run);
		return;
	}
	if (!strcmp(table, "runs") && !strcmp(name, "id")) {
		sqlite3_bind_null(ins, col + 1); /* a fresh id */
		return;
	}
	if (!strcmp(table, "runs") && !strcmp(name, "kept")) {
		if (c->kept)
			sqlite3_bind_text(ins, col + 1, c->kept, -1, SQLITE_TRANSIENT);
		else
			sqlite3_bind_null(ins, col + 1);
		return;
	}
	if (c->year_to && is_time_col(name) && sqlite3_value_type(v) != SQLITE_NULL) {
		sqlite3_bind_int64(ins, col + 1,
				   fl_time_set_year(sqlite3_value_int64(v), c->year_to));
		return;
	}
	size_t nl = strlen(name);
	if ((nl >= 7 && !strcmp(name + nl - 7, "file_id")) ||
	    (!strcmp(table, "files") && !strcmp(name, "id")))
		delta = &c->file_delta;
	else if (!strcmp(table, "events") && !strcmp(name, "id"))
		delta = &c->event_delta;
	if (delta && sqlite3_value_type(v) != SQLITE_NULL)
		sqlite3_bind_int64(ins, col + 1, sqlite3_value_int64(v) + *delta);
	else
		sqlite3_bind_value(ins, col + 1, v);
}

/* INSERT INTO table(<the columns sel returns>) VALUES (?, ...) */
static int prepare_insert(struct fl_store *s, sqlite3_stmt *sel, const char *table,
			  sqlite3_stmt **ins, struct fl_err *err)
{
	struct fl_buf sql = FL_BUF_INIT;
	int ncol = sqlite3_column_count(sel);
	fl_buf_printf(&sql, "INSERT INTO main.\"%s\"(", table);
	for (int i = 0; i < ncol; i++)
		fl_buf_printf(&sql, "%s\"%s\"", i ? "," : "", sqlite3_column_name(sel, i));
	fl_buf_adds(&sql, ") VALUES (");
	for (int i = 0; i < ncol; i++)
		fl_buf_adds(&sql, i ? ",?" : "?");
	fl_buf_addc(&sql, ')');
	/* shards of one job log the same steps: their sums add up */
	if (!strcmp(table, "step_stats"))
		fl_buf_adds(&sql, STORE_STEP_STATS_UPSERT);
	int rc = sqlite3_prepare_v2(s->db, sql.ptr, -1, ins, NULL) == SQLITE_OK
			 ? FL_OK
			 : store_err(s, err, "cannot merge");
	fl_buf_release(&sql);
	return rc;
}

/* Copies the rows of one run of one table, in their order. */
static int copy_table(const struct copy *c, const char *src_path, const char *table,
		      struct fl_err *err)
{
	bool runs = !strcmp(table, "runs");
	/* step_stats has no rowid (schema 13); each step is once in it */
	char *q = sqlite3_mprintf("SELECT * FROM \"%w\" WHERE %s = ?1 ORDER BY %s", table,
				  runs ? "id" : "run_id",
				  strcmp(table, "step_stats") ? "rowid" : "step");
	sqlite3_stmt *sel = NULL, *ins = NULL;
	int rc = sqlite3_prepare_v2(c->src, q, -1, &sel, NULL) == SQLITE_OK
			 ? FL_OK
			 : src_err(c->src, src_path, err);
	sqlite3_free(q);
	if (!rc)
		rc = prepare_insert(c->dst, sel, table, &ins, err);
	if (!rc)
		sqlite3_bind_int64(sel, 1, c->old_run);
	int step = SQLITE_DONE;
	while (!rc && (step = sqlite3_step(sel)) == SQLITE_ROW) {
		for (int i = 0; i < sqlite3_column_count(sel); i++)
			bind_col(c, ins, sel, i, table);
		if (sqlite3_step(ins) != SQLITE_DONE)
			rc = store_err(c->dst, err, "cannot merge");
		sqlite3_reset(ins);
		sqlite3_clear_bindings(ins);
	}
	if (!rc && step != SQLITE_DONE)
		rc = src_err(c->src, src_path, err);
	sqlite3_finalize(sel);
	sqlite3_finalize(ins);
	return rc;
}

static int64_t scalar(sqlite3 *db, const char *sql, int64_t arg)
{
	sqlite3_stmt *st;
	int64_t v = 0;
	if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
		return 0;
	sqlite3_bind_int64(st, 1, arg);
	if (sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return v;
}

/* Offsets that put the source's ids just past the destination's. */
static void id_deltas(struct copy *c)
{
	int64_t fmax = scalar(c->dst->db, "SELECT IFNULL(MAX(id), 0) FROM files", 0);
	int64_t emax = scalar(c->dst->db, "SELECT IFNULL(MAX(id), 0) FROM events", 0);
	int64_t fmin = scalar(c->src, "SELECT IFNULL(MIN(id), 1) FROM files WHERE run_id = ?1",
			      c->old_run);
	int64_t emin = scalar(c->src, "SELECT IFNULL(MIN(id), 1) FROM events WHERE run_id = ?1",
			      c->old_run);
	c->file_delta = fmax + 1 - fmin;
	c->event_delta = emax + 1 - emin;
}

static int open_src(const char *path, sqlite3 **db, struct fl_err *err)
{
	struct fl_store *probe;
	/* fl_store_open refuses another schema version with a clear message. */
	int rc = fl_store_open(&probe, path, FL_STORE_READONLY, err);
	if (rc)
		return rc;
	*db = probe->db;
	probe->db = NULL;
	fl_store_close(probe);
	return FL_OK;
}

/* ---- fl_store_merge: runs as they are ---- */

struct merge_ctx {
	sqlite3 *src;
	const char *src_path;
	char *src_dir;
	struct fl_merged *out;
	size_t n, cap;
	char **placed;
	size_t nplaced, placed_cap;
	struct fl_err *err;
};

/* The tables of the destination that belong to a run, runs first. */
static int run_tables(struct fl_store *s, char ***names, size_t *n, struct fl_err *err)
{
	sqlite3_stmt *st;
	*names = NULL;
	*n = 0;
	if (sqlite3_prepare_v2(
		    s->db,
		    "SELECT name FROM sqlite_master m WHERE type = 'table' AND name <> 'runs'"
		    " AND EXISTS (SELECT 1 FROM pragma_table_info(m.name) WHERE name = 'run_id')"
		    " ORDER BY name",
		    -1, &st, NULL) != SQLITE_OK)
		return store_err(s, err, "cannot read the schema");
	size_t cap = 16;
	*names = fl_xcalloc(cap, sizeof(**names));
	(*names)[0] = fl_xstrdup("runs");
	*n = 1;
	while (sqlite3_step(st) == SQLITE_ROW) {
		FL_GROW(*names, cap, *n + 1);
		(*names)[(*n)++] = fl_xstrdup((const char *)sqlite3_column_text(st, 0));
	}
	sqlite3_finalize(st);
	return FL_OK;
}

static void free_names(char **names, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
}

static int merge_run(struct fl_store *s, struct merge_ctx *m, char **tables, size_t ntables,
		     int64_t old_run, const char *sha, const char *kept)
{
	FL_GROW(m->out, m->cap, m->n + 1);
	struct fl_merged *r = &m->out[m->n++];
	r->existed = fl_store_run_by_sha(s, sha, &r->run_id, NULL) == FL_OK;
	if (r->existed)
		return FL_OK;
	struct copy c = { s, m->src, old_run, 0, 0, 0, NULL, 0 };
	char *placed = NULL;
	char *keep = kept ? store_bundle_bring(s, m->src_dir, kept, &placed) : NULL;
	if (placed) {
		FL_GROW(m->placed, m->placed_cap, m->nplaced + 1);
		m->placed[m->nplaced++] = placed;
	}
	c.kept = keep;
	int rc = copy_table(&c, m->src_path, "runs", m->err);
	free(keep);
	c.new_run = sqlite3_last_insert_rowid(s->db);
	r->run_id = c.new_run;
	id_deltas(&c);
	for (size_t i = 1; !rc && i < ntables; i++)
		rc = copy_table(&c, m->src_path, tables[i], m->err);
	return rc;
}

static int merge_fn(struct fl_store *s, void *p)
{
	struct merge_ctx *m = p;
	char **tables;
	size_t ntables;
	int rc = run_tables(s, &tables, &ntables, m->err);
	if (rc)
		return rc;
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(
		    m->src,
		    "SELECT id, sha256, kept FROM runs WHERE sha256 IS NOT NULL ORDER BY id", -1,
		    &st, NULL) != SQLITE_OK)
		rc = src_err(m->src, m->src_path, m->err);
	int step = SQLITE_DONE;
	while (!rc && (step = sqlite3_step(st)) == SQLITE_ROW)
		rc = merge_run(s, m, tables, ntables, sqlite3_column_int64(st, 0),
			       (const char *)sqlite3_column_text(st, 1),
			       (const char *)sqlite3_column_text(st, 2));
	if (!rc && step != SQLITE_DONE)
		rc = src_err(m->src, m->src_path, m->err);
	sqlite3_finalize(st);
	free_names(tables, ntables);
	return rc;
}

static char *dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');
	if (!slash)
		return fl_xstrdup(".");
	return slash == path ? fl_xstrdup("/") : fl_xstrndup(path, (size_t)(slash - path));
}

int fl_store_merge(struct fl_store *s, const char *src, struct fl_merged **out, size_t *n,
		   struct fl_err *err)
{
	struct merge_ctx m = { .src_path = src, .err = err };
	*out = NULL;
	*n = 0;
	int rc = open_src(src, &m.src, err);
	if (rc)
		return rc;
	m.src_dir = dir_of(src);
	rc = fl_store_write(s, merge_fn, &m, err);
	for (size_t i = 0; i < m.nplaced; i++) {
		if (rc)
			unlink(m.placed[i]);
		free(m.placed[i]);
	}
	free(m.placed);
	free(m.src_dir);
	sqlite3_close(m.src);
	if (rc) {
		free(m.out);
		return rc;
	}
	*out = m.out;
	*n = m.n;
	return FL_OK;
}

/* ---- fl_store_merge_shards: shards of one job into one run ---- */

struct shard {
	sqlite3 *db;
	const char *path;
	int64_t run;
	char sha[65];
	char *bundle, *digest;
	int64_t files, lines, bytes, skipped, events;
	int64_t world_size_max, nccl_nranks_max;
	int year;
	int shard, shards; /* ingest --shard's label; shards 0: none */
	bool dated;       /* the year came from a dated stamp, not a file's mtime */
	char *first_path; /* smallest file path: shards are copied in this order */
};

/* Reads the one run of a shard store. */
static int shard_load(struct shard *sh, struct fl_err *err)
{
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(sh->db,
			       "SELECT id, sha256, bundle, patterns_digest, files, lines, bytes,"
			       " skipped, year, shard, shards, events, IFNULL(world_size_max, 0),"
			       " IFNULL(nccl_nranks_max, 0) FROM runs WHERE sha256 IS NOT NULL"
			       " ORDER BY id",
			       -1, &st, NULL) != SQLITE_OK)
		return src_err(sh->db, sh->path, err);
	int rows = 0;
	while (sqlite3_step(st) == SQLITE_ROW && ++rows == 1) {
		sh->run = sqlite3_column_int64(st, 0);
		snprintf(sh->sha, sizeof(sh->sha), "%s", (const char *)sqlite3_column_text(st, 1));
		sh->bundle = fl_xstrdup((const char *)sqlite3_column_text(st, 2));
		const unsigned char *d = sqlite3_column_text(st, 3);
		sh->digest = d ? fl_xstrdup((const char *)d) : NULL;
		sh->files = sqlite3_column_int64(st, 4);
		sh->lines = sqlite3_column_int64(st, 5);
		sh->bytes = sqlite3_column_int64(st, 6);
		sh->skipped = sqlite3_column_int64(st, 7);
		sh->year = sqlite3_column_int(st, 8);
		sh->shard = sqlite3_column_int(st, 9);
		sh->shards = sqlite3_column_int(st, 10);
		sh->events = sqlite3_column_int64(st, 11);
		sh->world_size_max = sqlite3_column_int64(st, 12);
		sh->nccl_nranks_max = sqlite3_column_int64(st, 13);
	}
	sqlite3_finalize(st);
	if (rows != 1)
		return fl_err_set(err, FL_EUSAGE,
				  "store '%s' holds %s runs; a shard store holds exactly one",
				  sh->path, rows ? "several" : "no");
	/* ts_kind 1: a full stamp, or a year-less one read once a dated stamp
	 * had told the year; a shard that never saw one has none. */
	if (sqlite3_prepare_v2(
		    sh->db,
		    "SELECT (SELECT MIN(path) FROM files WHERE run_id = ?1),"
		    " EXISTS (SELECT 1 FROM events WHERE run_id = ?1 AND ts_kind = 1)"
		    " OR EXISTS (SELECT 1 FROM steps WHERE run_id = ?1 AND ts_kind = 1)"
		    " OR EXISTS (SELECT 1 FROM tails t, json_each(t.lines) j WHERE t.run_id = ?1"
		    "  AND j.value->>6 = 1)",
		    -1, &st, NULL) != SQLITE_OK)
		return src_err(sh->db, sh->path, err);
	sqlite3_bind_int64(st, 1, sh->run);
	bool row = sqlite3_step(st) == SQLITE_ROW;
	const unsigned char *p = row ? sqlite3_column_text(st, 0) : NULL;
	sh->first_path = fl_xstrdup(p ? (const char *)p : "");
	sh->dated = row && sqlite3_column_int(st, 1);
	sqlite3_finalize(st);
	return FL_OK;
}

/* Shards labelled by ingest --shard must be all of one job's: the same
 * count, each index once. A missing node's shard would otherwise give a
 * confident verdict on part of the job. Unlabelled shards are taken as
 * they are, but not mixed with labelled ones. */
static int check_labels(const struct shard *sh, size_t n, struct fl_err *err)
{
	int want = sh[0].shards;
	for (size_t i = 1; i < n; i++) {
		const struct shard *a = want ? &sh[0] : &sh[i], *b = want ? &sh[i] : &sh[0];
		if ((sh[i].shards > 0) != (want > 0))
			return fl_err_set(err, FL_EUSAGE,
					  "'%s' was ingested with --shard, '%s' without: not shards "
					  "of one job", a->path, b->path);
		if (sh[i].shards != want)
			return fl_err_set(err, FL_EUSAGE,
					  "'%s' is shard %d of %d, '%s' shard %d of %d: not shards "
					  "of one job", sh[0].path, sh[0].shard, want, sh[i].path,
					  sh[i].shard, sh[i].shards);
	}
	if (!want)
		return FL_OK;
	bool *seen = fl_xcalloc((size_t)want, sizeof(*seen));
	int rc = FL_OK;
	for (size_t i = 0; !rc && i < n; i++) {
		if (sh[i].shard < 0 || sh[i].shard >= want)
			rc = fl_err_set(err, FL_EUSAGE, "store '%s' has a bad shard label %d/%d",
					sh[i].path, sh[i].shard, want);
		else if (seen[sh[i].shard])
			rc = fl_err_set(err, FL_EUSAGE, "shard %d of %d is given twice ('%s')",
					sh[i].shard, want, sh[i].path);
		else
			seen[sh[i].shard] = true;
	}
	for (int k = 0; !rc && k < want; k++)
		if (!seen[k])
			rc = fl_err_set(err, FL_EUSAGE, "shard %d of %d is missing (%zu given)", k,
					want, n);
	free(seen);
	return rc;
}

/* The year one ingest of the whole job would take: the latest dated
 * shard's, else the latest guess. */
static int merged_year(const struct shard *sh, size_t n)
{
	int dated = 0, any = 0;
	for (size_t i = 0; i < n; i++) {
		any = sh[i].year > any ? sh[i].year : any;
		if (sh[i].dated)
			dated = sh[i].year > dated ? sh[i].year : dated;
	}
	return dated ? dated : any;
}

/* Path order, as a directory walk reads the whole bundle: when shards are
 * whole node directories, rows get the ids a single ingest gives them,
 * so ties between equal times break the same way, whatever the order the
 * shards were named in. */
static int cmp_shard(const void *a, const void *b)
{
	const struct shard *x = a, *y = b;
	int c = strcmp(x->first_path, y->first_path);
	return c ? c : strcmp(x->sha, y->sha);
}

static int cmp_sha(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* sha256 of the sorted shard digests, one per line: the same shards give
 * the same run whatever their order. */
static int merged_sha(const struct shard *sh, size_t n, char out[65], struct fl_err *err)
{
	const char **v = fl_xcalloc(n, sizeof(*v));
	for (size_t i = 0; i < n; i++)
		v[i] = sh[i].sha;
	qsort(v, n, sizeof(*v), cmp_sha);
	struct fl_sha256 c;
	fl_sha256_init(&c);
	int rc = FL_OK;
	for (size_t i = 0; i < n; i++) {
		if (i && !strcmp(v[i], v[i - 1]))
			rc = fl_err_set(err, FL_EUSAGE,
					"the same shard (bundle %.12s) is given twice", v[i]);
		fl_sha256_add(&c, v[i], strlen(v[i]));
		fl_sha256_add(&c, "\n", 1);
	}
	fl_sha256_hex(&c, out);
	free(v);
	return rc;
}

/* The shards' common bundle name, else "a+b+c", else "a+N more". */
static char *merged_name(const struct shard *sh, size_t n)
{
	bool same = true;
	for (size_t i = 1; i < n; i++)
		same = same && !strcmp(sh[i].bundle, sh[0].bundle);
	if (same)
		return fl_xstrdup(sh[0].bundle);
	if (n > 4)
		return fl_xasprintf("%s+%zu more", sh[0].bundle, n - 1);
	struct fl_buf b = FL_BUF_INIT;
	for (size_t i = 0; i < n; i++)
		fl_buf_printf(&b, "%s%s", i ? "+" : "", sh[i].bundle);
	return fl_buf_detach(&b);
}

/* The digest of the pattern set, when every shard used the same one. */
static const char *merged_digest(const struct shard *sh, size_t n)
{
	for (size_t i = 1; i < n; i++)
		if (!sh[i].digest || !sh[0].digest || strcmp(sh[i].digest, sh[0].digest))
			return NULL;
	return sh[0].digest;
}

/* Copies the shards' raw rows into a new run and resolves it. */
static int write_merged(struct fl_store *s, struct shard *sh, size_t n, const char *sha,
			struct fl_merged *out, struct fl_err *err)
{
	char *name = merged_name(sh, n);
	struct fl_run_meta meta = { 0, name, NULL, merged_digest(sh, n), fl_now_us(), 0, 0 };
	struct fl_run_totals t = { .sha256 = sha, .year = merged_year(sh, n) };
	int64_t run;
	int rc = fl_store_run_begin(s, &meta, &run, err);
	free(name);
	if (rc)
		return rc;
	for (size_t i = 0; !rc && i < n; i++) {
		bool move = !sh[i].dated && t.year > 0 && sh[i].year != t.year;
		struct copy c = { s, sh[i].db, sh[i].run, run, 0, 0, NULL, move ? t.year : 0 };
		id_deltas(&c);
		for (size_t k = 0; !rc && k < sizeof(RAW_TABLES) / sizeof(RAW_TABLES[0]); k++)
			rc = copy_table(&c, sh[i].path, RAW_TABLES[k], err);
		t.files += sh[i].files;
		t.lines += sh[i].lines;
		t.bytes += sh[i].bytes;
		t.skipped += sh[i].skipped;
		t.events += sh[i].events;
		if (sh[i].world_size_max > t.world_size_max)
			t.world_size_max = sh[i].world_size_max;
		if (sh[i].nccl_nranks_max > t.nccl_nranks_max)
			t.nccl_nranks_max = sh[i].nccl_nranks_max;
	}
	if (rc) {
		fl_store_run_rollback(s);
		return rc;
	}
	rc = fl_store_run_commit(s, run, &t, err);
	out->run_id = run;
	return rc;
}

int fl_store_merge_shards(struct fl_store *s, const char *const *srcs, size_t n,
			  struct fl_merged *out, struct fl_err *err)
{
	if (n == 0)
		return fl_err_set(err, FL_EUSAGE, "no shard stores to merge");
	struct shard *sh = fl_xcalloc(n, sizeof(*sh));
	int rc = FL_OK;
	for (size_t i = 0; !rc && i < n; i++) {
		sh[i].path = srcs[i];
		rc = open_src(srcs[i], &sh[i].db, err);
		if (!rc)
			rc = shard_load(&sh[i], err);
	}
	char sha[65];
	if (!rc)
		rc = check_labels(sh, n, err);
	if (!rc)
		rc = merged_sha(sh, n, sha, err);
	if (!rc)
		qsort(sh, n, sizeof(*sh), cmp_shard);
	out->existed = false;
	if (!rc && fl_store_run_by_sha(s, sha, &out->run_id, NULL) == FL_OK)
		out->existed = true;
	else if (!rc)
		rc = write_merged(s, sh, n, sha, out, err);
	for (size_t i = 0; i < n; i++) {
		sqlite3_close(sh[i].db);
		free(sh[i].bundle);
		free(sh[i].digest);
		free(sh[i].first_path);
	}
	free(sh);
	return rc;
}
