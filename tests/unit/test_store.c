/* SPDX-License-Identifier: MIT */
/*
 * test_store.c - the SQLite store (src/store/): schema versioning, the
 * one-transaction run lifecycle, post-ingest resolution, run look-ups and
 * the read-only lock used by `faultline sql`.
 */
#include <criterion/criterion.h>

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "faultline/store.h"
#include "fl_test.h"

static char *g_dir;
static char *g_path;

static void setup(void)
{
	g_dir = fl_test_tmpdir("store");
	g_path = fl_xasprintf("%s/sub/dir/faultline.db", g_dir);
}

static void teardown(void)
{
	free(g_path);
	free(g_dir);
}

TestSuite(store, .init = setup, .fini = teardown, .timeout = 30);

static struct fl_store *open_store(unsigned flags)
{
	struct fl_store *s = NULL;
	struct fl_err err = { 0 };
	int rc = fl_store_open(&s, g_path, flags, &err);
	cr_assert_eq(rc, FL_OK, "open failed: %s", err.msg);
	cr_assert_not_null(s);
	return s;
}

static struct fl_row_attr no_attr(void)
{
	struct fl_row_attr a = { .rank = -1, .local_rank = -1, .pid = -1, .dev = -1,
				 .host = NULL, .host_len = 0, .ts = FL_TIME_NONE,
				 .ts_kind = 0, .uptime = -1 };
	return a;
}

static int64_t begin_run(struct fl_store *s, const char *bundle)
{
	struct fl_run_meta m = { .bundle = bundle, .bundle_path = "/data/bundle",
				 .patterns_digest = "0123456789abcdef",
				 .ingested_at = INT64_C(1711400000000000) };
	int64_t id = -1;
	struct fl_err err = { 0 };
	cr_assert_eq(fl_store_run_begin(s, &m, &id, &err), FL_OK, "%s", err.msg);
	cr_assert_gt(id, 0);
	return id;
}

static int64_t add_file(struct fl_store *s, int64_t run, const char *path)
{
	struct fl_file_meta fm = { .path = path, .rank = -1, .local_rank = -1, .pid = -1,
				   .host = NULL, .attempt = -1 };
	int64_t fid = -1;
	cr_assert_eq(fl_store_file_add(s, run, &fm, &fid), FL_OK, "%s", fl_store_errmsg(s));
	cr_assert_gt(fid, 0);
	return fid;
}

static void add_event(struct fl_store *s, int64_t run, int64_t file, int64_t line,
		      const struct fl_row_attr *a, const char *kind, const char *fields)
{
	struct fl_event_row e = { .run_id = run, .file_id = file, .line = line, .nlines = 1,
				  .offset = 0, .a = *a, .kind = kind, .pattern = kind,
				  .severity = 2, .fields = fields, .text = "text",
				  .text_len = 4 };
	cr_assert_eq(fl_store_event_add(s, &e, NULL), FL_OK, "%s", fl_store_errmsg(s));
}

static void commit_run(struct fl_store *s, int64_t run, const char *sha, int year)
{
	struct fl_run_totals t = { .sha256 = sha, .kept = NULL, .files = 1, .lines = 10,
				   .bytes = 100, .skipped = 0, .events = 42, .year = year,
				   .yearless = year > 0 };
	struct fl_err err = { 0 };
	cr_assert_eq(fl_store_run_commit(s, run, &t, &err), FL_OK, "%s", err.msg);
}

Test(store, fresh_store_has_current_schema)
{
	struct stat sb;
	struct fl_store *s = open_store(FL_STORE_CREATE);
	cr_assert_eq(stat(g_path, &sb), 0, "the store file and its directories exist");
	cr_assert_eq(fl_test_query_int(s, "PRAGMA user_version"), FL_SCHEMA_VERSION);
	const char *tables[] = { "runs",  "files", "events", "steps", "step_stats", "tails",
				 "activity", "procs", "ranks",  "hosts", "skipped" };
	for (size_t i = 0; i < sizeof(tables) / sizeof(tables[0]); i++) {
		char *q = fl_xasprintf("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND "
				       "name = '%s'",
				       tables[i]);
		cr_assert_eq(fl_test_query_int(s, q), 1, "table %s", tables[i]);
		free(q);
	}
	cr_assert_eq(fl_test_query_int(s, "SELECT COUNT(*) FROM runs"), 0);
	cr_assert_eq(fl_test_query_int(s, "PRAGMA page_size"), 16384);
	char *want_dir = fl_xasprintf("%s/sub/dir", g_dir);
	cr_assert_str_eq(fl_store_dir(s), want_dir);
	free(want_dir);
	fl_store_close(s);

	/* reopening a current store changes nothing */
	s = open_store(0);
	cr_assert_eq(fl_test_query_int(s, "PRAGMA user_version"), FL_SCHEMA_VERSION);
	fl_store_close(s);
}

Test(store, its_own_files_and_bundles_dir)
{
	struct fl_store *s = open_store(FL_STORE_CREATE);
	const char *want[] = { "faultline.db", "faultline.db-wal", "faultline.db-shm",
			       "faultline.db-journal", "bundles" };
	const char *const *f = fl_store_files(s);
	size_t n = 0;
	for (; f[n]; n++) {
		cr_assert_lt(n, sizeof(want) / sizeof(want[0]));
		char *p = fl_xasprintf("%s/sub/dir/%s", g_dir, want[n]);
		cr_assert_str_eq(f[n], p);
		free(p);
	}
	cr_assert_eq(n, sizeof(want) / sizeof(want[0]));
	char *bundles = fl_xasprintf("%s/sub/dir/bundles", g_dir);
	cr_assert_str_eq(fl_store_bundles_dir(s), bundles);
	free(bundles);
	fl_store_close(s);
}

Test(store, missing_store_without_create)
{
	struct fl_store *s = NULL;
	struct fl_err err = { 0 };
	cr_assert_neq(fl_store_open(&s, g_path, 0, &err), FL_OK);
	cr_assert_null(s);
	cr_assert_eq(fl_store_open(&s, g_path, FL_STORE_READONLY, &err), FL_ENOTFOUND);
	cr_assert_not_null(strstr(err.msg, g_path), "%s", err.msg);
}

Test(store, newer_schema_is_refused)
{
	struct fl_store *s = open_store(FL_STORE_CREATE);
	cr_assert_eq(fl_store_exec(s, "PRAGMA user_version = 99", NULL), FL_OK);
	fl_store_close(s);

	struct fl_err err = { 0 };
	s = NULL;
	cr_assert_eq(fl_store_open(&s, g_path, 0, &err), FL_EDB);
	cr_assert_null(s);
	cr_assert_not_null(strstr(err.msg, "99"), "%s", err.msg);
	cr_assert_eq(fl_store_open(&s, g_path, FL_STORE_READONLY, &err), FL_EDB);
	cr_assert_null(s);
}

static void add_step_row(struct fl_store *s, int64_t run, int64_t file, int64_t line,
			 int64_t step, double loss)
{
	struct fl_step_row r = { .run_id = run, .file_id = file, .line = line, .a = no_attr() };
	r.has[FL_STEP_STEP] = r.has[FL_STEP_LOSS] = true;
	r.v[FL_STEP_STEP] = (double)step;
	r.v[FL_STEP_LOSS] = loss;
	cr_assert_eq(fl_store_step_add(s, &r), FL_OK, "%s", fl_store_errmsg(s));
}

/* A version-1 store (full step rows, no step_stats) gets its sums from
 * its rows, also when only a read-only open comes (`report` after an
 * upgrade of faultline). */
Test(store, version_1_store_is_upgraded_with_step_sums)
{
	struct fl_store *s = open_store(FL_STORE_CREATE);
	int64_t run = begin_run(s, "v1");
	int64_t f = add_file(s, run, "rank0.log");
	add_step_row(s, run, f, 10, 1, 3.0);
	add_step_row(s, run, f, 11, 1, 5.0);
	add_step_row(s, run, f, 12, 2, 2.0);
	/* the job's sizes (13 -> 14): world_size of any kind, the largest
	 * > 0; nranks of NCCL's init lines only */
	struct fl_row_attr a = no_attr();
	add_event(s, run, f, 1, &a, "train.config", "{\"world_size\":16}");
	add_event(s, run, f, 2, &a, "topo.barrier", "{\"world_size\":0}");
	add_event(s, run, f, 3, &a, "nccl.init_start", "{\"nranks\":8}");
	add_event(s, run, f, 4, &a, "nccl.init_complete", "{\"nranks\":12}");
	add_event(s, run, f, 5, &a, "torch.pg_init", "{\"nranks\":64}");
	commit_run(s, run, "v1sha", 0);
	cr_assert_eq(fl_store_exec(s, "DROP TABLE analyses; DROP VIEW v_step_stats; DROP TABLE step_stats;"
				      " ALTER TABLE runs DROP COLUMN world_size_max;"
				      " ALTER TABLE runs DROP COLUMN nccl_nranks_max;"
				      " DROP INDEX procs_rank; ALTER TABLE runs DROP COLUMN shard;"
				      " ALTER TABLE runs DROP COLUMN shards; DROP TABLE tokens;"
				      " DROP TABLE uploads; DROP TABLE gpu_samples; ALTER TABLE colls DROP COLUMN peer;"
				      " ALTER TABLE colls DROP COLUMN file_id; ALTER TABLE colls DROP COLUMN line;"
				      " ALTER TABLE colls DROP COLUMN sample; DROP TABLE fr_dumps; DROP TABLE fr_pgs;"
				      " DROP TABLE fr_entries; DROP TABLE comm_members; DROP TABLE hcas;"
				      " ALTER TABLE events DROP COLUMN repeats; ALTER TABLE events DROP COLUMN last_line;"
				      " ALTER TABLE events DROP COLUMN last_ts; ALTER TABLE events DROP COLUMN copies;"
				      " ALTER TABLE transports DROP COLUMN comm_rank;"
				      " DROP TABLE tails; CREATE TABLE tails (run_id INTEGER NOT NULL, file_id"
				      " INTEGER NOT NULL, line INTEGER NOT NULL, rank INTEGER, local_rank INTEGER,"
				      " host TEXT, pid INTEGER, dev INTEGER, ts INTEGER, ts_kind INTEGER,"
				      " uptime REAL, text TEXT);"
				      " INSERT INTO tails(run_id, file_id, line, rank, ts, ts_kind, text)"
				      " VALUES (1, 1, 8, 0, 5, 1, 'second'), (1, 1, 7, 0, NULL, 0, 'first');"
				      " PRAGMA user_version = 1",
				   NULL),
		     FL_OK);
	fl_store_close(s);

	s = open_store(FL_STORE_READONLY);
	cr_assert_eq(fl_test_query_int(s, "PRAGMA user_version"), FL_SCHEMA_VERSION);
	cr_assert_eq(fl_test_query_int(s, "SELECT lines FROM v_step_stats WHERE step = 1"), 2);
	cr_assert_eq(fl_test_query_int(s, "SELECT loss * 10 FROM v_step_stats WHERE step = 1"), 40);
	cr_assert_eq(fl_test_query_int(s, "SELECT loss_max_line FROM v_step_stats WHERE step = 1"), 11);
	cr_assert_eq(fl_test_query_int(s, "SELECT loss_max_line FROM v_step_stats WHERE step = 2"), 12);
	/* kept in the order of its key (12 -> 13) */
	cr_assert_eq(fl_test_query_int(s, "SELECT wr FROM pragma_table_list WHERE name = 'step_stats'"), 1);
	/* a tail row per line became one row per file, in line order */
	cr_assert_eq(fl_test_query_int(s, "SELECT COUNT(*) FROM tails"), 1);
	cr_assert_eq(fl_test_query_int(s, "SELECT json_array_length(lines) FROM tails"), 2);
	cr_assert_eq(fl_test_query_int(s, "SELECT lines ->> '$[0][0]' FROM tails"), 7);
	cr_assert_eq(fl_test_query_int(s, "SELECT lines ->> '$[1][5]' FROM tails"), 5);
	cr_assert_eq(fl_test_query_int(s, "SELECT lines ->> '$[1][8]' = 'second' FROM tails"), 1);
	cr_assert_eq(fl_test_query_int(s, "SELECT world_size_max FROM runs"), 16);
	cr_assert_eq(fl_test_query_int(s, "SELECT nccl_nranks_max FROM runs"), 12);
	/* 14 -> 15: the rank channel lines give, none for runs stored before */
	cr_assert_eq(fl_test_query_int(s, "SELECT COUNT(*) FROM pragma_table_info('transports')"
					  " WHERE name = 'comm_rank'"), 1);
	fl_store_close(s);
}

/* Sums of the same step from two flushes (or two shards) add up; the
 * larger loss keeps its line, the first one on a tie. */
Test(store, step_stats_add_up)
{
	struct fl_store *s = open_store(FL_STORE_CREATE);
	int64_t run = begin_run(s, "sums");
	struct fl_step_stat a = { .run_id = run, .step = 7, .lines = 2, .first_ts = 100,
				  .last_ts = 200, .loss_max = 4.0, .loss_max_file_id = 1,
				  .loss_max_line = 5 };
	a.n[FL_STEP_LOSS] = 2;
	a.sum[FL_STEP_LOSS] = 7.0;
	struct fl_step_stat b = a;
	b.lines = 1;
	b.first_ts = 50;
	b.last_ts = FL_TIME_NONE;
	b.n[FL_STEP_LOSS] = 1;
	b.sum[FL_STEP_LOSS] = 6.0;
	b.loss_max = 6.0;
	b.loss_max_line = 9;
	struct fl_step_stat c = b;
	c.loss_max_line = 11; /* ties with b: b stays */
	c.n[FL_STEP_LOSS] = 0;
	c.sum[FL_STEP_LOSS] = 0;
	cr_assert_eq(fl_store_step_stats_add(s, &a, 1, false), FL_OK, "%s", fl_store_errmsg(s));
	cr_assert_eq(fl_store_step_stats_add(s, &b, 1, false), FL_OK, "%s", fl_store_errmsg(s));
	cr_assert_eq(fl_store_step_stats_add(s, &c, 1, false), FL_OK, "%s", fl_store_errmsg(s));
	cr_assert_eq(fl_test_query_int(s, "SELECT lines FROM step_stats"), 4);
	cr_assert_eq(fl_test_query_int(s, "SELECT first_ts FROM step_stats"), 50);
	cr_assert_eq(fl_test_query_int(s, "SELECT last_ts FROM step_stats"), 200);
	cr_assert_eq(fl_test_query_int(s, "SELECT loss_n FROM step_stats"), 3);
	cr_assert_eq(fl_test_query_int(s, "SELECT loss_sum FROM step_stats"), 13);
	cr_assert_eq(fl_test_query_int(s, "SELECT loss_max_line FROM step_stats"), 9);
	cr_assert_eq(fl_test_query_int(s, "SELECT tflops FROM v_step_stats"), -1, "no line logged it");
	fl_store_run_rollback(s);
	fl_store_close(s);
}

/* Rows of steps from many on that differ from the row of the step many
 * below: two ways of storing the same sums, compared. */
static int64_t step_stats_differ(struct fl_store *s, int many)
{
	const char *cols = "lines, first_ts, last_ts, loss_n, loss_sum, tflops_n, tflops_sum,"
			   " loss_max, loss_max_line";
	char *q = fl_xasprintf("SELECT COUNT(*) FROM (SELECT step - %d, %s FROM step_stats WHERE"
			       " step >= %d EXCEPT SELECT step, %s FROM step_stats WHERE step < %d)",
			       many, cols, many, cols, many);
	int64_t n = fl_test_query_int(s, q);
	free(q);
	return n;
}

/* Rows given many at a time (several to a statement, the rest one by
 * one) are the rows single upserts leave: sums added to a step already
 * stored, and a row without a loss after one with it in the same place
 * of a reused statement keeps no loss_max. 150 rows: two full statements
 * of 64 and 22 alone. */
Test(store, step_stats_in_batches_are_the_single_rows)
{
	enum { MANY = 10000 }; /* the batched rows' steps, above the single ones' */
	struct fl_store *s = open_store(FL_STORE_CREATE);
	int64_t run = begin_run(s, "batches");
	struct fl_step_stat rows[150];
	for (int pass = 0; pass < 2; pass++) {
		for (int i = 0; i < 150; i++) {
			struct fl_step_stat *r = &rows[i];
			*r = (struct fl_step_stat){ .run_id = run, .step = i / (pass + 1),
						    .lines = 1 + i % 3,
						    .first_ts = i % 5 ? 1000 + i : FL_TIME_NONE,
						    .last_ts = 2000 + i, .loss_max_file_id = 1,
						    .loss_max_line = i };
			bool loss = (i + i / 64 + pass) % 2 == 0; /* a slot alternates */
			r->n[FL_STEP_LOSS] = loss;
			r->sum[FL_STEP_LOSS] = loss ? 0.5 * i : 0;
			r->loss_max = loss ? 0.5 * i : 0;
			r->n[FL_STEP_TFLOPS] = 1;
			r->sum[FL_STEP_TFLOPS] = 100 + pass;
		}
		for (int i = 0; i < 150; i++) {
			cr_assert_eq(fl_store_step_stats_add(s, &rows[i], 1, false), FL_OK, "%s",
				     fl_store_errmsg(s));
			rows[i].step += MANY;
		}
		cr_assert_eq(fl_store_step_stats_add(s, rows, 150, false), FL_OK, "%s", fl_store_errmsg(s));
	}
	cr_expect_eq(step_stats_differ(s, MANY), 0);
	cr_expect_eq(fl_test_query_int(s, "SELECT COUNT(*) FROM step_stats"), 300);
	cr_expect_eq(fl_test_query_int(s, "SELECT COUNT(*) FROM step_stats WHERE loss_n = 0"
					  " AND loss_max IS NOT NULL"),
		     0);
	fl_store_run_rollback(s);
	fl_store_close(s);
}

/* Steps new to the run, inserted several to a statement without an
 * upsert, are the rows single upserts leave; a step given again as new
 * fails the call instead of being added up. */
Test(store, new_steps_are_the_upserted_rows)
{
	enum { MANY = 10000 };
	struct fl_store *s = open_store(FL_STORE_CREATE);
	int64_t run = begin_run(s, "new steps");
	struct fl_step_stat rows[150];
	for (int i = 0; i < 150; i++) {
		rows[i] = (struct fl_step_stat){ .run_id = run, .step = i, .lines = 1 + i % 3,
						 .first_ts = i % 5 ? 1000 + i : FL_TIME_NONE,
						 .last_ts = 2000 + i, .loss_max_file_id = 1,
						 .loss_max_line = i, .loss_max = 0.5 * i };
		rows[i].n[FL_STEP_LOSS] = i % 2;
		rows[i].sum[FL_STEP_LOSS] = i % 2 ? 0.5 * i : 0;
		rows[i].n[FL_STEP_TFLOPS] = 1;
		rows[i].sum[FL_STEP_TFLOPS] = 100;
	}
	cr_assert_eq(fl_store_step_stats_add(s, rows, 150, true), FL_OK, "%s", fl_store_errmsg(s));
	for (int i = 0; i < 150; i++) {
		rows[i].step += MANY;
		cr_assert_eq(fl_store_step_stats_add(s, &rows[i], 1, false), FL_OK, "%s",
			     fl_store_errmsg(s));
	}
	cr_expect_eq(step_stats_differ(s, MANY), 0);
	cr_expect_eq(fl_test_query_int(s, "SELECT COUNT(*) FROM step_stats"), 300);
	cr_expect_eq(fl_store_step_stats_add(s, rows, 64, true), FL_EDB, "steps stored already");
	fl_store_run_rollback(s);
	fl_store_close(s);
}

/* A new run is written without foreign key checks (every row it writes
 * names the run it creates); they are back when it ends, committed or
 * not, and the committed rows pass them. */
Test(store, new_run_checks_foreign_keys_at_its_end)
{
	struct fl_store *s = open_store(FL_STORE_CREATE);
	int64_t run = begin_run(s, "fks");
	cr_assert_eq(fl_test_query_int(s, "PRAGMA foreign_keys"), 0);
	add_file(s, run, "rank0.log");
	commit_run(s, run, "ab", 2024);
	cr_assert_eq(fl_test_query_int(s, "PRAGMA foreign_keys"), 1);
	cr_assert_eq(fl_test_query_int(s, "SELECT COUNT(*) FROM pragma_foreign_key_check"), 0);
	begin_run(s, "fks again");
	fl_store_run_rollback(s);
	cr_assert_eq(fl_test_query_int(s, "PRAGMA foreign_keys"), 1);
	fl_store_close(s);
}

/* The first run's row-table indexes are built at commit, not row by row;
 * committed or rolled back, the store ends with every index. */
Test(store, first_run_builds_its_indexes_at_commit)
{
	struct fl_store *s = open_store(FL_STORE_CREATE);
	const char *count = "SELECT COUNT(*) FROM sqlite_master WHERE type = 'index'";
	int64_t all = fl_test_query_int(s, count);
	int64_t run = begin_run(s, "first");
	cr_assert_lt(fl_test_query_int(s, count), all, "dropped for the bulk load");
	fl_store_run_rollback(s);
	cr_assert_eq(fl_test_query_int(s, count), all, "a rollback brings them back");
	run = begin_run(s, "first");
	add_step_row(s, run, add_file(s, run, "rank0.log"), 1, 1, 2.5);
	commit_run(s, run, "firstsha", 0);
	cr_assert_eq(fl_test_query_int(s, count), all, "built at commit");
	run = begin_run(s, "second");
	cr_assert_eq(fl_test_query_int(s, count), all, "a store with runs keeps them");
	fl_store_run_rollback(s);
	fl_store_close(s);
}

Test(store, not_a_database_is_refused)
{
	char *parent = fl_xasprintf("%s/sub/dir", g_dir);
	char *cmd = fl_xasprintf("mkdir -p '%s'", parent);
	cr_assert_eq(system(cmd), 0);
	const char junk[] = "this is a log file, not a database\n";
	cr_assert(fl_test_write(g_path, junk, sizeof(junk) - 1));
	struct fl_store *s = NULL;
	struct fl_err err = { 0 };
	cr_assert_eq(fl_store_open(&s, g_path, 0, &err), FL_EDB);
	cr_assert_null(s);
	cr_assert_neq(err.msg[0], '\0');
	free(cmd);
	free(parent);
}

Test(store, rollback_leaves_nothing)
{
	struct fl_store *s = open_store(FL_STORE_CREATE);
	int64_t run = begin_run(s, "b.tar.gz");
	int64_t fid = add_file(s, run, "rank0.log");
	struct fl_row_attr a = no_attr();
	add_event(s, run, fid, 1, &a, "x.kind", "{}");
	cr_assert_eq(fl_store_skipped_add(s, run, "core", "binary content"), FL_OK);
	struct fl_tail_line tl = { 1, a, "tail", 4 };
	cr_assert_eq(fl_store_tail_set(s, run, fid, &tl, 1), FL_OK);
	/* visible inside the transaction ... */
	cr_assert_eq(fl_test_query_int(s, "SELECT COUNT(*) FROM events"), 1);
	cr_assert_eq(fl_store_run_rollback(s), FL_OK);
	/* ... gone after it */
	const char *tables[] = { "runs", "files", "events", "skipped", "tails" };
	for (size_t i = 0; i < sizeof(tables) / sizeof(tables[0]); i++) {
		char *q = fl_xasprintf("SELECT COUNT(*) FROM %s", tables[i]);
		cr_assert_eq(fl_test_query_int(s, q), 0, "%s not empty", tables[i]);
		free(q);
	}
	/* a rollback outside a run is harmless, and the store is usable again */
	cr_assert_eq(fl_store_run_rollback(s), FL_OK);
	int64_t run2 = begin_run(s, "again");
	commit_run(s, run2, "aa", 0);
	cr_assert_eq(fl_test_query_int(s, "SELECT COUNT(*) FROM runs"), 1);
	fl_store_close(s);
}

Test(store, killed_ingest_leaves_nothing)
{
	struct fl_store *s = open_store(FL_STORE_CREATE);
	int64_t run = begin_run(s, "b.tar.gz");
	int64_t fid = add_file(s, run, "rank0.log");
	struct fl_row_attr a = no_attr();
	add_event(s, run, fid, 1, &a, "x.kind", "{}");
	fl_store_close(s); /* neither commit nor rollback */
	s = open_store(0);
	cr_assert_eq(fl_test_query_int(s, "SELECT COUNT(*) FROM runs"), 0);
	cr_assert_eq(fl_test_query_int(s, "SELECT COUNT(*) FROM events"), 0);
	fl_store_close(s);
}

/* A one-value query's text (caller frees). */
static char *query_text(struct fl_store *s, const char *sql)
{
	struct fl_stmt *st = NULL;
	struct fl_err err = { 0 };
	cr_assert_eq(fl_store_prepare(s, sql, &st, &err), FL_OK, "%s: %s", sql, err.msg);
	cr_assert_eq(fl_stmt_step(st), 1, "%s: no row", sql);
	char *v = strdup(fl_stmt_text(st, 0));
	fl_stmt_free(st);
	return v;
}

/* "wal", "delete": the store's journal mode. */
static char *journal_mode(struct fl_store *s)
{
	return query_text(s, "PRAGMA journal_mode");
}

/* The first run of a store, with no other connection to it, is written
 * with a rollback journal (each page once, not to the WAL and again at
 * the checkpoint); committed or rolled back, the store is in WAL mode
 * again, and later runs are written in WAL mode. */
Test(store, bulk_load_is_written_once_then_wal)
{
	struct fl_store *s = open_store(FL_STORE_CREATE);
	char *m = journal_mode(s);
	cr_expect_str_eq(m, "wal");
	free(m);
	int64_t run = begin_run(s, "first");
	m = journal_mode(s);
	cr_expect_str_eq(m, "delete", "the bulk load");
	free(m);
	fl_store_run_rollback(s);
	m = journal_mode(s);
	cr_expect_str_eq(m, "wal", "after a rollback");
	free(m);
	run = begin_run(s, "first");
	add_step_row(s, run, add_file(s, run, "rank0.log"), 1, 1, 2.5);
	commit_run(s, run, "firstsha", 0);
	m = journal_mode(s);
	cr_expect_str_eq(m, "wal", "after the commit");
	free(m);
	run = begin_run(s, "second");
	m = journal_mode(s);
	cr_expect_str_eq(m, "wal", "a store with runs");
	free(m);
	fl_store_run_rollback(s);
	fl_store_close(s);
}

/* Another connection open: the bulk load stays in WAL mode, so that the
 * other's reads never wait for it. */
Test(store, bulk_load_beside_a_reader_stays_wal)
{
	struct fl_store *s = open_store(FL_STORE_CREATE);
	struct fl_store *r = open_store(FL_STORE_READONLY);
	begin_run(s, "first");
	char *m = journal_mode(s);
	cr_expect_str_eq(m, "wal");
	free(m);
	cr_expect_eq(fl_test_query_int(r, "SELECT COUNT(*) FROM runs"), 0, "the reader reads meanwhile");
	fl_store_run_rollback(s);
	fl_store_close(r);
	fl_store_close(s);
}

/* A bulk load killed before its commit (no rollback, no close) leaves a
 * store without the run, in WAL mode, at its next open. */
Test(store, killed_bulk_load_leaves_nothing)
{
	fl_store_close(open_store(FL_STORE_CREATE));
	pid_t pid = fork();
	cr_assert_geq(pid, 0);
	if (pid == 0) {
		struct fl_store *s = NULL;
		struct fl_err err = { 0 };
		if (fl_store_open(&s, g_path, 0, &err))
			_exit(2);
		struct fl_run_meta meta = { .bundle = "b", .bundle_path = "/b",
					    .patterns_digest = "0123456789abcdef" };
		int64_t id;
		struct fl_file_meta fm = { .path = "rank0.log", .rank = -1, .local_rank = -1,
					   .pid = -1, .attempt = -1 };
		int64_t fid;
		if (fl_store_run_begin(s, &meta, &id, &err) || fl_store_file_add(s, id, &fm, &fid))
			_exit(3);
		/* more pages than the cache holds, so that some reach the file */
		for (int i = 0; i < 100000; i++) {
			struct fl_row_attr a = { .rank = i, .local_rank = -1, .pid = -1, .dev = -1,
						 .ts = FL_TIME_NONE, .uptime = -1 };
			struct fl_event_row e = { .run_id = id, .file_id = fid, .line = i + 1,
						  .nlines = 1, .a = a, .kind = "x.kind",
						  .pattern = "x", .severity = 2, .fields = "{}",
						  .text = "a line of text long enough to fill pages",
						  .text_len = 40 };
			if (fl_store_event_add(s, &e, NULL))
				_exit(4);
		}
		_exit(0); /* killed: the journal is left behind */
	}
	int status;
	cr_assert_eq(waitpid(pid, &status, 0), pid);
	cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0, "child status %d", status);
	char *journal = fl_xasprintf("%s-journal", g_path);
	cr_assert_eq(access(journal, F_OK), 0, "the killed run left its journal");
	free(journal);
	struct fl_store *s = open_store(0);
	cr_expect_eq(fl_test_query_int(s, "SELECT COUNT(*) FROM runs"), 0);
	cr_expect_eq(fl_test_query_int(s, "SELECT COUNT(*) FROM events"), 0);
	char *m = query_text(s, "PRAGMA integrity_check");
	cr_expect_str_eq(m, "ok");
	free(m);
	m = journal_mode(s);
	cr_expect_str_eq(m, "wal");
	free(m);
	fl_store_close(s);
}

/* A line's attribution to the process host:pid. */
static struct fl_row_attr proc_attr(const char *host, int64_t pid)
{
	struct fl_row_attr a = no_attr();
	a.host = host;
	a.host_len = strlen(host);
	a.pid = pid;
	return a;
}

/* A completed communicator's member row, as the pipeline writes it
 * beside the Init COMPLETE line's event. */
static void add_member(struct fl_store *s, int64_t run, int64_t fid, const char *host,
		       int64_t pid, int64_t comm_rank, int64_t nranks)
{
	struct fl_comm_member_row m = { run, "0xabc", NULL, host, pid, -1, comm_rank, nranks, -1,
					NULL, NULL, fid, 1 };
	cr_assert_eq(fl_store_comm_member_add(s, &m), FL_OK);
}

Test(store, commit_resolves_nccl_rank_from_init_complete)
{
	struct fl_store *s = open_store(FL_STORE_CREATE);
	int64_t run = begin_run(s, "b");
	int64_t fid = add_file(s, run, "node1/stdout.log");
	struct fl_row_attr a = proc_attr("node1", 4242);
	add_event(s, run, fid, 1, &a, "nccl.init_complete", "{\"comm_rank\":5,\"nranks\":8}");
	add_member(s, run, fid, "node1", 4242, 5, 8);
	add_event(s, run, fid, 2, &a, "nccl.ib_error", "{\"status\":12}");
	/* same pid on another host is another process */
	struct fl_row_attr other = a;
	other.host = "node2";
	add_event(s, run, fid, 3, &other, "nccl.ib_error", "{}");
	commit_run(s, run, "sha-nccl", 0);

	cr_assert_eq(fl_test_query_int(s, "SELECT rank FROM events WHERE kind = 'nccl.ib_error' AND "
				  "host = 'node1'"),
		     5);
	cr_assert_eq(fl_test_query_int(s, "SELECT rank FROM events WHERE kind = 'nccl.ib_error' AND "
				  "host = 'node2'"),
		     -1, "no rank is invented for an unknown process");
	cr_assert_eq(fl_test_query_int(s, "SELECT rank FROM procs WHERE host = 'node1' AND pid = 4242"),
		     5);
	cr_assert_eq(fl_test_query_int(s, "SELECT nranks FROM procs WHERE host = 'node1'"), 8);
	/* the events the ingest counted (folded repeats too), not the rows */
	cr_assert_eq(fl_test_query_int(s, "SELECT events FROM runs WHERE id = 1"), 42);
	cr_assert_eq(fl_test_query_int(s, "SELECT COUNT(*) FROM ranks WHERE rank = 5"), 1);
	fl_store_close(s);
}

/* A process whose largest communicator only started (Init START: it hung
 * in set-up, or the log ends there) takes its rank there: the resolution
 * reads Init START from the events, completed communicators from their
 * member rows, and the largest of either wins. */
Test(store, commit_resolves_nccl_rank_from_init_start)
{
	struct fl_store *s = open_store(FL_STORE_CREATE);
	int64_t run = begin_run(s, "s");
	int64_t fid = add_file(s, run, "node3/stdout.log");
	struct fl_row_attr a = proc_attr("node3", 7), b = proc_attr("node3", 8);
	add_event(s, run, fid, 1, &a, "nccl.init_start", "{\"comm_rank\":3,\"nranks\":8}");
	add_event(s, run, fid, 2, &b, "nccl.init_complete", "{\"comm_rank\":2,\"nranks\":4}");
	add_member(s, run, fid, "node3", 8, 2, 4);
	add_event(s, run, fid, 3, &b, "nccl.init_start", "{\"comm_rank\":9,\"nranks\":16}");
	commit_run(s, run, "sha-start", 0);
	cr_expect_eq(fl_test_query_int(s, "SELECT rank FROM procs WHERE host = 'node3' AND pid = 7"), 3);
	cr_expect_eq(fl_test_query_int(s, "SELECT rank FROM procs WHERE host = 'node3' AND pid = 8"), 9);
	cr_expect_eq(fl_test_query_int(s, "SELECT nranks FROM procs WHERE host = 'node3' AND pid = 8"),
		     16);
	fl_store_close(s);
}

Test(store, commit_fixes_yearless_times_and_anchors_uptimes)
{
	struct fl_store *s = open_store(FL_STORE_CREATE);
	int64_t run = begin_run(s, "b");
	int64_t fid = add_file(s, run, "dmesg.txt");
	int64_t boot = fl_time_from_civil(2023, 3, 1, 0, 0, 0, 0);
	struct fl_file_totals ft = { .bytes = 1, .lines = 1, .truncated = 0, .conflicts = 0,
				     .boot = boot };
	cr_assert_eq(fl_store_file_done(s, fid, &ft), FL_OK);
	struct fl_row_attr a = no_attr();
	a.ts = fl_time_from_civil(FL_PROVISIONAL_YEAR, 12, 3, 12, 0, 0, 5);
	a.ts_kind = 2;
	add_event(s, run, fid, 1, &a, "k.dec", NULL);
	a.ts = fl_time_from_civil(FL_PROVISIONAL_YEAR, 2, 29, 1, 0, 0, 0);
	add_event(s, run, fid, 2, &a, "k.leap", NULL);
	struct fl_row_attr u = no_attr();
	u.uptime = 10.5;
	add_event(s, run, fid, 3, &u, "k.uptime", NULL);
	/* the same three lines as the file's tail: one JSON row, resolved alike */
	struct fl_row_attr dec = a;
	dec.ts = fl_time_from_civil(FL_PROVISIONAL_YEAR, 12, 3, 12, 0, 0, 5);
	struct fl_tail_line tail[] = { { 1, dec, "dec", 3 }, { 2, a, "leap", 4 }, { 3, u, "up", 2 } };
	cr_assert_eq(fl_store_tail_set(s, run, fid, tail, 3), FL_OK);
	commit_run(s, run, "sha-year", 2023);
	cr_assert_eq(fl_test_query_int(s, "SELECT lines ->> '$[0][5]' FROM tails"),
		     fl_time_from_civil(2023, 12, 3, 12, 0, 0, 5));
	cr_assert_eq(fl_test_query_int(s, "SELECT lines ->> '$[1][5]' FROM tails"),
		     fl_time_from_civil(2023, 3, 1, 1, 0, 0, 0));
	cr_assert_eq(fl_test_query_int(s, "SELECT lines ->> '$[2][5]' FROM tails"), boot + 10500000);
	cr_assert_eq(fl_test_query_int(s, "SELECT lines ->> '$[2][6]' FROM tails"), 4);
	/* no rank to be had for them: the row stays marked */
	cr_assert_eq(fl_test_query_int(s, "SELECT fix FROM tails"), 1);

	cr_assert_eq(fl_test_query_int(s, "SELECT ts FROM events WHERE kind = 'k.dec'"),
		     fl_time_from_civil(2023, 12, 3, 12, 0, 0, 5));
	cr_assert_eq(fl_test_query_int(s, "SELECT ts FROM events WHERE kind = 'k.leap'"),
		     fl_time_from_civil(2023, 3, 1, 1, 0, 0, 0));
	cr_assert_eq(fl_test_query_int(s, "SELECT ts FROM events WHERE kind = 'k.uptime'"),
		     boot + 10500000);
	cr_assert_eq(fl_test_query_int(s, "SELECT ts_kind FROM events WHERE kind = 'k.uptime'"), 4);
	cr_assert_eq(fl_test_query_int(s, "SELECT year FROM runs WHERE id = 1"), 2023);
	fl_store_close(s);
}

Test(store, run_by_sha)
{
	struct fl_store *s = open_store(FL_STORE_CREATE);
	int64_t r1 = begin_run(s, "one");
	commit_run(s, r1, "1111", 0);
	int64_t r2 = begin_run(s, "two");
	commit_run(s, r2, "2222", 0);
	int64_t id = -1;
	char *digest = NULL;
	cr_assert_eq(fl_store_run_by_sha(s, "1111", &id, &digest), FL_OK);
	cr_assert_eq(id, r1);
	cr_assert_str_eq(digest, "0123456789abcdef", "the pattern library the run was read with");
	free(digest);
	cr_assert_eq(fl_store_run_by_sha(s, "2222", &id, NULL), FL_OK);
	cr_assert_eq(id, r2);
	id = -7;
	cr_assert_eq(fl_store_run_by_sha(s, "3333", &id, NULL), FL_ENOTFOUND);
	cr_assert_eq(id, -7);
	fl_store_close(s);
}

Test(store, resolve_run)
{
	struct fl_store *s = open_store(FL_STORE_CREATE);
	struct fl_err err = { 0 };
	int64_t id = -1;
	cr_assert_eq(fl_store_resolve_run(s, "last", &id, &err), FL_ENOTFOUND, "empty store");

	int64_t r1 = begin_run(s, "one");
	commit_run(s, r1, "1111", 0);
	int64_t r2 = begin_run(s, "two");
	commit_run(s, r2, "2222", 0);
	cr_assert_eq(fl_store_resolve_run(s, "last", &id, &err), FL_OK, "%s", err.msg);
	cr_assert_eq(id, r2);
	char num[32];
	snprintf(num, sizeof(num), "%lld", (long long)r1);
	cr_assert_eq(fl_store_resolve_run(s, num, &id, &err), FL_OK, "%s", err.msg);
	cr_assert_eq(id, r1);

	fl_err_clear(&err);
	cr_assert_eq(fl_store_resolve_run(s, "999", &id, &err), FL_ENOTFOUND);
	cr_assert_not_null(strstr(err.msg, "999"), "%s", err.msg);

	const char *junk[] = { "abc", "12x", "", "last1", "1.5" };
	for (size_t i = 0; i < sizeof(junk) / sizeof(junk[0]); i++) {
		fl_err_clear(&err);
		cr_assert_eq(fl_store_resolve_run(s, junk[i], &id, &err), FL_EUSAGE, "'%s'",
			     junk[i]);
		cr_assert_neq(err.msg[0], '\0');
	}
	fl_store_close(s);
}

Test(store, uncommitted_run_is_not_last)
{
	struct fl_store *s = open_store(FL_STORE_CREATE);
	int64_t r1 = begin_run(s, "one");
	commit_run(s, r1, "1111", 0);
	int64_t r2 = begin_run(s, "in progress");
	int64_t id = -1;
	struct fl_err err = { 0 };
	cr_assert_eq(fl_store_resolve_run(s, "last", &id, &err), FL_OK);
	cr_assert_eq(id, r1, "a run without a sha256 is not finished");
	fl_store_run_rollback(s);
	(void)r2;
	fl_store_close(s);
}

static void assert_refused(struct fl_store *s, const char *sql)
{
	struct fl_err err = { 0 };
	cr_assert_neq(fl_store_exec(s, sql, &err), FL_OK, "'%s' was allowed", sql);
	cr_assert_neq(err.msg[0], '\0');
}

static void check_locked(struct fl_store *s)
{
	assert_refused(s, "DELETE FROM runs");
	assert_refused(s, "CREATE TABLE evil(a)");
	assert_refused(s, "UPDATE runs SET bundle = 'x'");
	assert_refused(s, "INSERT INTO skipped(run_id, path, reason) VALUES (1, 'a', 'b')");
	assert_refused(s, "DROP TABLE events");
	char *attach = fl_xasprintf("ATTACH DATABASE '%s/other.db' AS o", g_dir);
	assert_refused(s, attach);
	free(attach);
	/* reading still works */
	cr_assert_eq(fl_test_query_int(s, "SELECT COUNT(*) FROM runs"), 1);
	cr_assert_eq(fl_test_query_int(s, "SELECT COUNT(*) FROM v_events"), 0);
	struct fl_stmt *st = NULL;
	struct fl_err err = { 0 };
	cr_assert_eq(fl_store_prepare(s, "SELECT bundle, sha256 FROM runs", &st, &err), FL_OK,
		     "%s", err.msg);
	cr_assert_eq(fl_stmt_step(st), 1);
	cr_assert_eq(fl_stmt_columns(st), 2);
	cr_assert_str_eq(fl_stmt_column_name(st, 0), "bundle");
	cr_assert_str_eq(fl_stmt_text(st, 0), "one");
	cr_assert_eq(fl_stmt_type(st, 1), 't');
	cr_assert_eq(fl_stmt_step(st), 0);
	fl_stmt_free(st);
}

Test(store, readonly_lock_refuses_writes)
{
	struct fl_store *s = open_store(FL_STORE_CREATE);
	int64_t r1 = begin_run(s, "one");
	commit_run(s, r1, "1111", 0);
	fl_store_close(s);

	s = open_store(FL_STORE_READONLY);
	fl_store_lock_readonly(s);
	check_locked(s);
	fl_store_close(s);

	/* the lock alone, on a writable connection, is what protects `sql` */
	s = open_store(0);
	fl_store_lock_readonly(s);
	check_locked(s);
	fl_store_close(s);

	s = open_store(0);
	cr_assert_eq(fl_test_query_int(s, "SELECT COUNT(*) FROM runs"), 1, "nothing was changed");
	fl_store_close(s);
}

Test(store, statement_wrapper_binds)
{
	struct fl_store *s = open_store(FL_STORE_CREATE);
	struct fl_stmt *st = NULL;
	struct fl_err err = { 0 };
	cr_assert_eq(fl_store_prepare(s, "SELECT ?1 + 1, ?2 * 2, ?3, ?4", &st, &err), FL_OK);
	fl_stmt_bind_int(st, 1, INT64_C(9000000000));
	fl_stmt_bind_double(st, 2, 1.25);
	fl_stmt_bind_text(st, 3, "héllo");
	fl_stmt_bind_text(st, 4, NULL);
	cr_assert_eq(fl_stmt_step(st), 1);
	cr_assert_eq(fl_stmt_int(st, 0), INT64_C(9000000001));
	cr_assert_eq(fl_stmt_type(st, 0), 'i');
	cr_assert_float_eq(fl_stmt_double(st, 1), 2.5, 1e-12);
	cr_assert_eq(fl_stmt_type(st, 1), 'f');
	cr_assert_str_eq(fl_stmt_text(st, 2), "héllo");
	cr_assert_eq(fl_stmt_bytes(st, 2), strlen("héllo"));
	cr_assert(fl_stmt_null(st, 3));
	cr_assert_eq(fl_stmt_type(st, 3), 'n');
	cr_assert_str_eq(fl_stmt_text(st, 3), "");
	cr_assert_eq(fl_stmt_step(st), 0);
	fl_stmt_reset(st);
	fl_stmt_bind_int(st, 1, 1);
	cr_assert_eq(fl_stmt_step(st), 1);
	cr_assert_eq(fl_stmt_int(st, 0), 2);
	cr_assert(fl_stmt_null(st, 1), "reset clears the bindings");
	fl_stmt_free(st);

	cr_assert_eq(fl_store_prepare(s, "SELEC nonsense", &st, &err), FL_EDB);
	cr_assert_neq(err.msg[0], '\0');
	fl_store_close(s);
}
