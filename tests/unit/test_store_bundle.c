/* SPDX-License-Identifier: MIT */
/*
 * test_store_bundle.c - the kept bundles owned by the store
 * (src/store/store_bundle.c): placing, locating, collecting and deleting,
 * the rule that a stored name is never followed out of bundles/, and a
 * re-analysis that replaces a run in one transaction keeping its identity.
 */
#include <criterion/criterion.h>

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "faultline/store.h"
#include "fl_test.h"

static char *g_dir;
static struct fl_store *g_s;

static const char SHA_A[] = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
static const char SHA_B[] = "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb";

static void setup(void)
{
	g_dir = fl_test_tmpdir("store_bundle");
	char *path = fl_xasprintf("%s/faultline.db", g_dir);
	struct fl_err err = { 0 };
	cr_assert_eq(fl_store_open(&g_s, path, FL_STORE_CREATE, &err), FL_OK, "%s", err.msg);
	free(path);
}

static void teardown(void)
{
	fl_store_close(g_s);
	free(g_dir);
}

TestSuite(bundle, .init = setup, .fini = teardown, .timeout = 30);

static bool exists(const char *rel)
{
	char *p = fl_xasprintf("%s/%s", g_dir, rel);
	struct stat sb;
	bool ok = stat(p, &sb) == 0;
	free(p);
	return ok;
}

static void write_rel(const char *rel, const char *text)
{
	char *p = fl_xasprintf("%s/%s", g_dir, rel);
	cr_assert(fl_test_write(p, text, strlen(text)), "%s", p);
	free(p);
}

/* A committed run named bundle with the given sha256 and kept name. */
static int64_t add_run(const char *bundle, const char *path, const char *sha, const char *kept)
{
	struct fl_run_meta m = { .bundle = bundle, .bundle_path = path,
				 .patterns_digest = "0123456789abcdef",
				 .ingested_at = INT64_C(1711400000000000) };
	int64_t id;
	struct fl_err err = { 0 };
	cr_assert_eq(fl_store_run_begin(g_s, &m, &id, &err), FL_OK, "%s", err.msg);
	struct fl_run_totals t = { .sha256 = sha, .kept = kept, .files = 1 };
	cr_assert_eq(fl_store_run_commit(g_s, id, &t, &err), FL_OK, "%s", err.msg);
	return id;
}

/* An ingest's copy, placed under its content address. */
static char *place(const char *name, const char *sha, bool dir)
{
	char *incoming = NULL;
	struct fl_err err = { 0 };
	cr_assert_eq(fl_store_bundle_incoming(g_s, &incoming, &err), FL_OK, "%s", err.msg);
	cr_assert(fl_test_write(incoming, "bytes", 5));
	char *kept = fl_store_bundle_place(g_s, incoming, sha, name, dir);
	cr_assert(access(incoming, F_OK) != 0, "the incoming copy is gone");
	free(incoming);
	return kept;
}

Test(bundle, placed_under_its_digest_with_the_bundle_extension)
{
	char *k = place("job.tar.gz", SHA_A, false);
	cr_assert_str_eq(k, "bundles/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.tar.gz");
	cr_assert(exists(k));
	free(k);
	k = place("logs", SHA_B, true);
	cr_assert_str_eq(k, "bundles/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.tar.zst");
	free(k);
	/* the same bytes again: the copy in place stays, the new one goes */
	k = place("job.tar.gz", SHA_A, false);
	cr_assert(exists(k));
	free(k);
}

Test(bundle, source_is_the_copy_under_the_ingested_name)
{
	char *k = place("rank3.log.gz", SHA_A, false);
	int64_t id = add_run("rank3.log.gz", "/nowhere/rank3.log.gz", SHA_A, k);
	struct fl_bundle_source src;
	struct fl_err err = { 0 };
	cr_assert_eq(fl_store_bundle_source(g_s, id, &src, &err), FL_OK, "%s", err.msg);
	char *want = fl_xasprintf("%s/%s", g_dir, k);
	cr_assert_str_eq(src.path, want);
	cr_assert_str_eq(src.name, "rank3.log.gz");
	cr_assert_str_eq(src.sha256, SHA_A);
	cr_assert_str_eq(src.kept, k);
	cr_assert_not(src.in_place);
	fl_bundle_source_release(&src);
	free(want);
	free(k);
}

Test(bundle, source_falls_back_to_the_original_then_says_why_not)
{
	char *orig = fl_xasprintf("%s/job.log", g_dir);
	cr_assert(fl_test_write(orig, "x\n", 2));
	int64_t id = add_run("job.log", orig, SHA_A, NULL);
	struct fl_bundle_source src;
	struct fl_err err = { 0 };
	cr_assert_eq(fl_store_bundle_source(g_s, id, &src, &err), FL_OK, "%s", err.msg);
	cr_assert(src.in_place);
	cr_assert_str_eq(src.path, orig);
	fl_bundle_source_release(&src);
	unlink(orig);
	cr_assert_eq(fl_store_bundle_source(g_s, id, &src, &err), FL_ENOTFOUND);
	cr_assert(strstr(err.msg, "no copy was kept") && strstr(err.msg, "is gone"), "%s",
		  err.msg);
	free(orig);
}

Test(bundle, a_stored_name_outside_bundles_is_never_followed)
{
	write_rel("secret", "do not read");
	int64_t id = add_run("job.log", NULL, SHA_A, "bundles/../secret");
	struct fl_bundle_source src;
	struct fl_err err = { 0 };
	cr_assert_eq(fl_store_bundle_source(g_s, id, &src, &err), FL_ENOTFOUND);
	cr_assert(strstr(err.msg, "the kept copy is missing"), "%s", err.msg);
	struct fl_deleted d;
	cr_assert_eq(fl_store_run_delete(g_s, id, &d, &err), FL_OK, "%s", err.msg);
	cr_assert_eq(d.fate, FL_KEPT_OUTSIDE);
	cr_assert(strstr(d.why, "outside the store"));
	fl_deleted_release(&d);
	cr_assert(exists("secret"), "the file outside bundles/ is untouched");
}

Test(bundle, delete_removes_the_copy_only_when_no_other_run_needs_it)
{
	char *k = place("job.tar.gz", SHA_A, false);
	int64_t a = add_run("job.tar.gz", NULL, SHA_A, k);
	int64_t b = add_run("copy.tar.gz", NULL, SHA_B, k); /* as a merged store may hold */
	struct fl_deleted d;
	struct fl_err err = { 0 };
	cr_assert_eq(fl_store_run_delete(g_s, a, &d, &err), FL_OK, "%s", err.msg);
	cr_assert_eq(d.fate, FL_KEPT_NONE);
	cr_assert(exists(k));
	fl_deleted_release(&d);
	cr_assert_eq(fl_store_run_delete(g_s, b, &d, &err), FL_OK, "%s", err.msg);
	cr_assert_eq(d.fate, FL_KEPT_REMOVED);
	cr_assert_eq(d.bytes, 5);
	cr_assert_str_eq(d.kept, k);
	cr_assert_not(exists(k));
	fl_deleted_release(&d);
	free(k);
}

Test(bundle, collect_removes_orphans_and_spares_live_ingests)
{
	char *k = place("job.tar.gz", SHA_A, false);
	add_run("job.tar.gz", NULL, SHA_A, k);
	write_rel("bundles/orphan.tar.gz", "12345678");
	char *live = fl_xasprintf("bundles/incoming-%ld", (long)getppid());
	write_rel(live, "in flight");
	write_rel("bundles/incoming-999999999", "dead ingest");
	struct fl_collected *c;
	size_t n;
	struct fl_err err = { 0 };
	cr_assert_eq(fl_store_bundles_collect(g_s, &c, &n, &err), FL_OK, "%s", err.msg);
	cr_assert_eq(n, 2);
	int64_t bytes = 0;
	for (size_t i = 0; i < n; i++) {
		cr_assert_null(c[i].why);
		bytes += c[i].bytes;
	}
	cr_assert_eq(bytes, 8 + 11);
	fl_collected_free(c, n);
	cr_assert(exists(k), "a referenced copy stays");
	cr_assert(exists(live), "the file of a live process stays");
	cr_assert_not(exists("bundles/orphan.tar.gz"));
	free(live);
	free(k);
}

Test(bundle, reanalysis_keeps_the_runs_identity_in_one_transaction)
{
	char *k = place("rank3.log.gz", SHA_A, false);
	int64_t id = add_run("rank3.log.gz", "/data/rank3.log.gz", SHA_A, k);
	struct fl_run_meta m = { .replace = id, .bundle = "other", .bundle_path = "/x",
				 .patterns_digest = "fedcba9876543210", .ingested_at = 1 };
	int64_t got;
	struct fl_err err = { 0 };
	cr_assert_eq(fl_store_run_begin(g_s, &m, &got, &err), FL_OK, "%s", err.msg);
	cr_assert_eq(got, id);
	struct fl_run_totals t = { .sha256 = SHA_B, .kept = k, .files = 2 };
	cr_assert_eq(fl_store_run_commit(g_s, id, &t, &err), FL_OK, "%s", err.msg);
	struct fl_stmt *st;
	cr_assert_eq(fl_store_prepare(g_s,
				      "SELECT bundle, bundle_path, ingested_at, sha256, kept, files,"
				      " patterns_digest, (SELECT COUNT(*) FROM runs) FROM runs",
				      &st, &err),
		     FL_OK, "%s", err.msg);
	cr_assert_eq(fl_stmt_step(st), 1);
	cr_assert_str_eq(fl_stmt_text(st, 0), "rank3.log.gz");
	cr_assert_str_eq(fl_stmt_text(st, 1), "/data/rank3.log.gz");
	cr_assert_eq(fl_stmt_int(st, 2), INT64_C(1711400000000000));
	cr_assert_str_eq(fl_stmt_text(st, 3), SHA_A);
	cr_assert_str_eq(fl_stmt_text(st, 4), k);
	cr_assert_eq(fl_stmt_int(st, 5), 2, "what was found is new");
	cr_assert_str_eq(fl_stmt_text(st, 6), "fedcba9876543210");
	cr_assert_eq(fl_stmt_int(st, 7), 1);
	fl_stmt_free(st);
	free(k);
}

Test(bundle, reanalysis_of_a_missing_run_fails_and_changes_nothing)
{
	struct fl_run_meta m = { .replace = 42, .patterns_digest = "x" };
	int64_t got;
	struct fl_err err = { 0 };
	cr_assert_eq(fl_store_run_begin(g_s, &m, &got, &err), FL_ENOTFOUND);
	cr_assert(strstr(err.msg, "no run 42"), "%s", err.msg);
	/* the write lock was given back: a new run can start */
	add_run("job.log", NULL, SHA_A, NULL);
}
