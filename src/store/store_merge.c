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
 * offset past the destination's largest id; file_id references move with
 * them. The derived tables of a shard (procs, ranks, hosts) are not copied
 * but rebuilt by fl_store_run_commit() over the union, which also fixes
 * year-less stamps of a shard that alone could not tell the year.
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
static const char *const RAW_TABLES[] = { "files", "skipped", "events", "steps",
					  "tails", "transports", "colls", "activity" };

/* A source run as the destination will receive it. */
struct copy {
	struct fl_store *dst;
	sqlite3 *src;
	int64_t old_run, new_run;
	int64_t file_delta, event_delta; /* added to files.id / events.id */
	const char *kept;                /* runs.kept in the destination */
};

/* ---- SHA-256 (FIPS 180-4) of the shard digests ----
 * The store links no crypto library; the only input is a few hundred
 * bytes of hex. */

struct sha256 {
	uint32_t h[8];
	unsigned char blk[64];
	size_t n;
	uint64_t bits;
};

static const uint32_t K256[64] = {
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4,
	0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe,
	0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f,
	0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
	0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc,
	0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
	0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116,
	0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
	0xc67178f2,
};

static uint32_t ror(uint32_t x, int n)
{
	return (x >> n) | (x << (32 - n));
}

static void sha_block(struct sha256 *c)
{
	uint32_t w[64], v[8];
	for (int i = 0; i < 16; i++)
		w[i] = (uint32_t)c->blk[4 * i] << 24 | (uint32_t)c->blk[4 * i + 1] << 16 |
		       (uint32_t)c->blk[4 * i + 2] << 8 | c->blk[4 * i + 3];
	for (int i = 16; i < 64; i++)
		w[i] = w[i - 16] + (ror(w[i - 15], 7) ^ ror(w[i - 15], 18) ^ (w[i - 15] >> 3)) +
		       w[i - 7] + (ror(w[i - 2], 17) ^ ror(w[i - 2], 19) ^ (w[i - 2] >> 10));
	memcpy(v, c->h, sizeof(v));
	for (int i = 0; i < 64; i++) {
		uint32_t t1 = v[7] + (ror(v[4], 6) ^ ror(v[4], 11) ^ ror(v[4], 25)) +
			      ((v[4] & v[5]) ^ (~v[4] & v[6])) + K256[i] + w[i];
		uint32_t t2 = (ror(v[0], 2) ^ ror(v[0], 13) ^ ror(v[0], 22)) +
			      ((v[0] & v[1]) ^ (v[0] & v[2]) ^ (v[1] & v[2]));
		memmove(v + 1, v, 7 * sizeof(v[0]));
		v[4] += t1;
		v[0] = t1 + t2;
	}
	for (int i = 0; i < 8; i++)
		c->h[i] += v[i];
}

static void sha_init(struct sha256 *c)
{
	static const uint32_t h0[8] = { 0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
					0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19 };
	memcpy(c->h, h0, sizeof(h0));
	c->n = 0;
	c->bits = 0;
}

static void sha_add(struct sha256 *c, const void *p, size_t n)
{
	const unsigned char *b = p;
	c->bits += (uint64_t)n * 8;
	while (n--) {
		c->blk[c->n++] = *b++;
		if (c->n == 64) {
			sha_block(c);
			c->n = 0;
		}
	}
}

static void sha_hex(struct sha256 *c, char out[65])
{
	uint64_t bits = c->bits;
	unsigned char pad = 0x80;
	sha_add(c, &pad, 1);
	pad = 0;
	while (c->n != 56)
		sha_add(c, &pad, 1);
	unsigned char len[8];
	for (int i = 0; i < 8; i++)
		len[i] = (unsigned char)(bits >> (56 - 8 * i));
	sha_add(c, len, 8);
	for (int i = 0; i < 32; i++)
		snprintf(out + 2 * i, 3, "%02x", (unsigned)(c->h[i / 4] >> (24 - 8 * (i % 4))) & 0xff);
}

/* ---- row copying ---- */

static int src_err(sqlite3 *db, const char *path, struct fl_err *err)
{
	return fl_err_set(err, FL_EDB, "cannot read store '%s': %s", path, sqlite3_errmsg(db));
}

/* One value of a source row, with the ids the destination gives it. */
static void bind_col(const struct copy *c, sqlite3_stmt *ins, sqlite3_stmt *sel, int col,
		     const char *table)
{
	const char *name = sqlite3_column_name(sel, col);
	sqlite3_value *v = sqlite3_column_value(sel, col);
	bool null = sqlite3_value_type(v) == SQLITE_NULL;
	int64_t delta = -1;
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
	if (!strcmp(name, "file_id") || (!strcmp(table, "files") && !strcmp(name, "id")))
		delta = c->file_delta;
	else if (!strcmp(table, "events") && !strcmp(name, "id"))
		delta = c->event_delta;
	if (delta >= 0 && !null)
		sqlite3_bind_int64(ins, col + 1, sqlite3_value_int64(v) + delta);
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
	char *q = sqlite3_mprintf("SELECT * FROM \"%w\" WHERE %s = ?1 ORDER BY rowid", table,
				  runs ? "id" : "run_id");
	sqlite3_stmt *sel = NULL, *ins = NULL;
	int rc = sqlite3_prepare_v2(c->src, q, -1, &sel, NULL) == SQLITE_OK
			 ? FL_OK
			 : src_err(c->src, src_path, err);
	sqlite3_free(q);
	if (!rc)
		rc = prepare_insert(c->dst, sel, table, &ins, err);
	if (!rc)
		sqlite3_bind_int64(sel, 1, c->old_run);
	int step;
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

/* ---- kept bundles ---- */

static int copy_file(const char *from, const char *to)
{
	int in = open(from, O_RDONLY | O_CLOEXEC);
	if (in < 0)
		return -1;
	char *tmp = fl_xasprintf("%s.merge-%ld", to, (long)getpid());
	int out = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	char buf[1 << 16];
	ssize_t n = 0;
	while (out >= 0 && (n = read(in, buf, sizeof(buf))) > 0)
		if (write(out, buf, (size_t)n) != n)
			n = -1;
	close(in);
	int rc = out >= 0 && n == 0 && close(out) == 0 && rename(tmp, to) == 0 ? 0 : -1;
	if (rc)
		unlink(tmp);
	free(tmp);
	return rc;
}

/* Brings the kept bundle `rel` beside the destination store. Returns the
 * name to record (NULL when the source lost it); *placed is set when a new
 * file was written, so that a failed merge can take it back. */
static char *bring_kept(struct fl_store *s, const char *src_dir, const char *rel, char **placed)
{
	char *from = fl_xasprintf("%s/%s", src_dir, rel);
	char *to = fl_xasprintf("%s/%s", s->dir, rel);
	char *bdir = fl_xasprintf("%s/bundles", s->dir);
	struct stat sb;
	char *keep = NULL;
	*placed = NULL;
	if (stat(to, &sb) == 0) {
		keep = fl_xstrdup(rel);
	} else if ((mkdir(bdir, 0755) == 0 || errno == EEXIST) && copy_file(from, to) == 0) {
		keep = fl_xstrdup(rel);
		*placed = fl_xstrdup(to);
	}
	free(from);
	free(bdir);
	if (!*placed)
		free(to);
	return keep;
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
	if (sqlite3_prepare_v2(s->db,
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
	r->existed = fl_store_run_by_sha(s, sha, &r->run_id) == FL_OK;
	if (r->existed)
		return FL_OK;
	struct copy c = { s, m->src, old_run, 0, 0, 0, NULL };
	char *placed = NULL;
	char *keep = kept ? bring_kept(s, m->src_dir, kept, &placed) : NULL;
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
	if (sqlite3_prepare_v2(m->src,
			       "SELECT id, sha256, kept FROM runs WHERE sha256 IS NOT NULL ORDER BY id",
			       -1, &st, NULL) != SQLITE_OK)
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
	int64_t files, lines, bytes, skipped;
	int year;
};

/* Reads the one run of a shard store. */
static int shard_load(struct shard *sh, struct fl_err *err)
{
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(sh->db,
			       "SELECT id, sha256, bundle, patterns_digest, files, lines, bytes,"
			       " skipped, year FROM runs WHERE sha256 IS NOT NULL ORDER BY id",
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
	}
	sqlite3_finalize(st);
	if (rows != 1)
		return fl_err_set(err, FL_EUSAGE,
				  "store '%s' holds %s runs; a shard store holds exactly one",
				  sh->path, rows ? "several" : "no");
	return FL_OK;
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
	struct sha256 c;
	sha_init(&c);
	int rc = FL_OK;
	for (size_t i = 0; i < n; i++) {
		if (i && !strcmp(v[i], v[i - 1]))
			rc = fl_err_set(err, FL_EUSAGE, "the same shard (bundle %.12s) is given twice",
					v[i]);
		sha_add(&c, v[i], strlen(v[i]));
		sha_add(&c, "\n", 1);
	}
	sha_hex(&c, out);
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

static int64_t now_us(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

/* Copies the shards' raw rows into a new run and resolves it. */
static int write_merged(struct fl_store *s, struct shard *sh, size_t n, const char *sha,
			struct fl_merged *out, struct fl_err *err)
{
	char *name = merged_name(sh, n);
	struct fl_run_meta meta = { 0, name, NULL, merged_digest(sh, n), now_us() };
	struct fl_run_totals t = { sha, NULL, 0, 0, 0, 0, 0 };
	int64_t run;
	int rc = fl_store_run_begin(s, &meta, &run, err);
	free(name);
	if (rc)
		return rc;
	for (size_t i = 0; !rc && i < n; i++) {
		struct copy c = { s, sh[i].db, sh[i].run, run, 0, 0, NULL };
		id_deltas(&c);
		for (size_t k = 0; !rc && k < sizeof(RAW_TABLES) / sizeof(RAW_TABLES[0]); k++)
			rc = copy_table(&c, sh[i].path, RAW_TABLES[k], err);
		t.files += sh[i].files;
		t.lines += sh[i].lines;
		t.bytes += sh[i].bytes;
		t.skipped += sh[i].skipped;
		t.year = sh[i].year > t.year ? sh[i].year : t.year;
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
		rc = merged_sha(sh, n, sha, err);
	out->existed = false;
	if (!rc && fl_store_run_by_sha(s, sha, &out->run_id) == FL_OK)
		out->existed = true;
	else if (!rc)
		rc = write_merged(s, sh, n, sha, out, err);
	for (size_t i = 0; i < n; i++) {
		sqlite3_close(sh[i].db);
		free(sh[i].bundle);
		free(sh[i].digest);
	}
	free(sh);
	return rc;
}
