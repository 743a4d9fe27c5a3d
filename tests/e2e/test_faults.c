/* SPDX-License-Identifier: MIT */
/*
 * test_faults.c - faults survived, nothing lost: a disk that fills during
 * an ingest, a read-only store directory, a corrupt store, a store from a
 * newer faultline, a bundle that changes or vanishes while it is read,
 * a store kept in the directory it reads.
 * Each must end in one line on stderr and exit 1, with the store as it
 * was before: never a crash, a silent overwrite or a wrong report.
 *
 * The disk-full and changing-bundle faults are injected by fault_shim.c
 * (LD_PRELOAD), so no mount and no root are needed. The read-only
 * directory is read-only for an unprivileged user: under root (CI) the
 * binary runs through setpriv as nobody.
 */
#include <criterion/criterion.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "faultline/store.h"
#include "fl_test.h"

#define SHAPES FL_TEST_OUT "/shapes"
#define SCENARIO FL_TESTDATA_DIR "/scenarios/01-gpu-oom/bundle"

struct ctx {
	struct fl_session s;
	char db[512];     /* in store/, a directory the tests make read-only */
	char first[1024]; /* first stderr line of the last run */
	int err_lines;
};

static void setup(struct ctx *t, const char *name)
{
	fl_session_init(&t->s, name);
	snprintf(t->db, sizeof(t->db), "%s/store/fl.db", t->s.dir);
}

static void teardown(struct ctx *t)
{
	fl_test_remove_tree(t->s.dir);
	fl_session_release(&t->s);
}

/* What the last run said on stderr: its first line and how many. */
static void read_err(struct ctx *t, const char *msg)
{
	t->err_lines = 0;
	for (const char *p = msg; p && *p; p++)
		t->err_lines += *p == '\n';
	snprintf(t->first, sizeof(t->first), "%.*s", msg ? (int)strcspn(msg, "\n") : 0,
		 msg ? msg : "");
}

/* Runs faultline with args (NULL-terminated). */
static int run(struct ctx *t, const char *const *args)
{
	int rc = fl_session_runv(&t->s, args);
	read_err(t, t->s.err);
	return rc;
}

/* An ingest that may fail: the faults under test are what fails it. */
static int ingest(struct ctx *t, const char *bundle)
{
	const char *args[] = { "ingest", bundle, "--db", t->db, "--quiet", NULL };
	return run(t, args);
}

static int count_runs(struct ctx *t)
{
	if (fl_session_run(&t->s, "sql", "SELECT count(*) FROM runs", "--db", t->db, "--format",
			   "csv", NULL) != 0)
		return -1;
	char *nl = strchr(t->s.out, '\n');
	return nl ? atoi(nl + 1) : -1;
}

/* The store answers, is intact, and holds runs runs. */
static void expect_intact(struct ctx *t, int runs)
{
	struct fl_store *s;
	struct fl_err err;
	cr_assert_eq(fl_store_open(&s, t->db, FL_STORE_READONLY, &err), FL_OK, "%s", err.msg);
	cr_expect_eq(fl_store_check(s, &err), FL_OK, "%s", err.msg);
	fl_store_close(s);
	cr_expect_eq(count_runs(t), runs);
	const char *report[] = { "report", "last", "--db", t->db, "--format", "json", NULL };
	cr_expect_eq(run(t, report), 0, "report of the store's last run: %s", t->first);
}

static void expect_one_line(struct ctx *t, int rc, const char *says)
{
	cr_expect_eq(rc, 1, "exit %d", rc);
	cr_expect_eq(t->err_lines, 1, "%d lines on stderr: %s...", t->err_lines, t->first);
	cr_expect(strstr(t->first, says), "'%s' does not say '%s'", t->first, says);
}

/* Under the sanitizers the shim must not have to come first. */
static void preload_shim(void)
{
	setenv("LD_PRELOAD", FL_FAULT_SHIM, 1);
	const char *asan = getenv("ASAN_OPTIONS");
	char opts[512];
	snprintf(opts, sizeof(opts), "%s%sverify_asan_link_order=0", asan ? asan : "",
		 asan && *asan ? ":" : "");
	setenv("ASAN_OPTIONS", opts, 1);
}

static void no_shim(void)
{
	unsetenv("LD_PRELOAD");
	unsetenv("FL_SHIM_ENOSPC_DIR");
	unsetenv("FL_SHIM_CHANGE");
	unsetenv("FL_SHIM_VANISH");
}

static char *file_bytes(const char *path, size_t *len)
{
	return fl_test_slurp(path, len);
}

static void expect_same_bytes(const char *path, const char *before, size_t len)
{
	size_t now_len = 0;
	char *now = file_bytes(path, &now_len);
	cr_expect(now && now_len == len && !memcmp(now, before, len), "'%s' was written to", path);
	free(now);
}

Test(faults, disk_full_during_ingest_leaves_the_store_intact, .timeout = 120)
{
	struct ctx t;
	setup(&t, "enospc");
	cr_assert_eq(ingest(&t, SHAPES "/job.tar.gz"), 0, "%s", t.first);
	char store[600];
	snprintf(store, sizeof(store), "%s/store", t.s.dir);
	/* a few pages in, for the run's rows and for the kept copy */
	static const char *const afters[] = { "0", "40000", "400000" };
	for (size_t i = 0; i < sizeof(afters) / sizeof(afters[0]); i++) {
		preload_shim();
		setenv("FL_SHIM_ENOSPC_DIR", store, 1);
		setenv("FL_SHIM_ENOSPC_AFTER", afters[i], 1);
		int rc = ingest(&t, SHAPES "/job.tar.zst");
		no_shim();
		expect_one_line(&t, rc, "disk is full");
		expect_intact(&t, 1);
	}
	/* nothing half-kept is left beside the store */
	char cmd[1024];
	snprintf(cmd, sizeof(cmd), "ls -A '%s/bundles' | grep -q -e incoming -e '\\.tmp\\.'", store);
	cr_expect_neq(system(cmd), 0, "a partial kept bundle stayed in %s/bundles", store);
	cr_expect_eq(ingest(&t, SHAPES "/job.tar.zst"), 0, "once there is room: %s", t.first);
	cr_expect_eq(count_runs(&t), 2);
	teardown(&t);
}

/* Runs `faultline ARGS` as an unprivileged user when root, where file
 * modes do not stop root: the one run that cannot go through
 * fl_session_run, which runs as the test does. */
static int run_unprivileged(struct ctx *t, const char *args)
{
	char *err = fl_session_path(&t->s, "stderr-unprivileged");
	char cmd[2048];
	snprintf(cmd, sizeof(cmd), "%s '%s' %s >/dev/null 2>'%s'",
		 geteuid() == 0 ? "setpriv --reuid=65534 --regid=65534 --clear-groups" : "",
		 FL_BINARY, args, err);
	int st = system(cmd);
	char *msg = fl_test_slurp(err, NULL);
	read_err(t, msg);
	free(msg);
	free(err);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

Test(faults, read_only_store_directory, .timeout = 120)
{
	struct ctx t;
	setup(&t, "rodir");
	cr_assert_eq(ingest(&t, SHAPES "/job.tar.gz"), 0, "%s", t.first);
	char store[600], args[2048];
	snprintf(store, sizeof(store), "%s/store", t.s.dir);
	size_t len = 0;
	char *before = file_bytes(t.db, &len);
	cr_assert(chmod(store, 0555) == 0 && chmod(t.db, 0444) == 0);
	chmod(t.s.dir, 0755);
	snprintf(args, sizeof(args), "ingest '%s' --db '%s' --quiet", SHAPES "/job.tar.zst", t.db);
	expect_one_line(&t, run_unprivileged(&t, args), t.db);
	cr_expect(strstr(t.first, "readonly") || strstr(t.first, "read-only"), "%s", t.first);
	snprintf(args, sizeof(args), "analyze '%s' --db '%s/new.db' --quiet", SHAPES "/job.tar.zst",
		 store);
	expect_one_line(&t, run_unprivileged(&t, args), "new.db");
	expect_same_bytes(t.db, before, len);
	chmod(store, 0755);
	chmod(t.db, 0644);
	expect_intact(&t, 1);
	free(before);
	teardown(&t);
}

Test(faults, corrupt_store_file_is_never_overwritten, .timeout = 120)
{
	struct ctx t;
	setup(&t, "corrupt");
	cr_assert_eq(ingest(&t, SHAPES "/job.tar.gz"), 0, "%s", t.first);
	/* pages of a real store overwritten past its header */
	size_t len = 0;
	char *bytes = file_bytes(t.db, &len);
	cr_assert(bytes && len > 16384);
	for (size_t i = 8192; i < 16384; i++)
		bytes[i] = (char)(i * 7919 % 251);
	cr_assert(fl_test_write(t.db, bytes, len));
	int rc = ingest(&t, SHAPES "/job.tar.zst");
	expect_one_line(&t, rc, "malformed");
	/* A report reads the saved analysis of one run: it may still come
	 * from pages the damage missed, but it never fails more than once. */
	const char *report[] = { "report", "last", "--db", t.db, NULL };
	rc = run(&t, report);
	if (rc != 0)
		expect_one_line(&t, rc, "malformed");
	expect_same_bytes(t.db, bytes, len);

	/* not a database at all */
	static const char junk[] = "this is a crash bundle, not a faultline store\n";
	cr_assert(fl_test_write(t.db, junk, sizeof(junk) - 1));
	expect_one_line(&t, ingest(&t, SHAPES "/job.tar.zst"), "not a database");
	expect_same_bytes(t.db, junk, sizeof(junk) - 1);
	free(bytes);
	teardown(&t);
}

Test(faults, store_from_a_newer_faultline_is_refused, .timeout = 120)
{
	struct ctx t;
	setup(&t, "newer");
	cr_assert_eq(ingest(&t, SHAPES "/job.tar.gz"), 0, "%s", t.first);
	/* user_version: 4 bytes, big-endian, at offset 60 of the header */
	size_t len = 0;
	char *bytes = file_bytes(t.db, &len);
	cr_assert(bytes && len > 100);
	memcpy(bytes + 60, "\0\0\x03\xe7", 4); /* 999 */
	cr_assert(fl_test_write(t.db, bytes, len));
	expect_one_line(&t, ingest(&t, SHAPES "/job.tar.zst"), "schema version 999");
	const char *runs[] = { "runs", "--db", t.db, NULL };
	expect_one_line(&t, run(&t, runs), "schema version 999");
	expect_same_bytes(t.db, bytes, len);
	free(bytes);
	teardown(&t);
}

Test(faults, bundle_that_changes_while_read_is_an_error, .timeout = 120)
{
	struct ctx t;
	setup(&t, "change");
	char log[600], dir[600], member[700];
	snprintf(log, sizeof(log), "%s/rank.log", t.s.dir);
	snprintf(dir, sizeof(dir), "%s/bundle", t.s.dir);
	cr_assert(fl_test_copy_tree(SHAPES "/rank.log", log));
	cr_assert(fl_test_copy_tree(SCENARIO, dir));
	preload_shim();
	setenv("FL_SHIM_CHANGE", log, 1);
	expect_one_line(&t, ingest(&t, log), "changed while it was read");
	/* one member of a directory bundle */
	snprintf(member, sizeof(member), "%s/node1/torchrun.log", dir);
	struct stat sb;
	cr_assert(stat(member, &sb) == 0, "%s", member);
	setenv("FL_SHIM_CHANGE", member, 1);
	expect_one_line(&t, ingest(&t, dir), "changed while it was read");
	no_shim();
	cr_expect_eq(count_runs(&t), 0);
	cr_expect_eq(ingest(&t, dir), 0, "once it holds still: %s", t.first);
	teardown(&t);
}

Test(faults, bundle_that_vanishes_while_read_is_an_error, .timeout = 120)
{
	struct ctx t;
	setup(&t, "vanish");
	char dir[600];
	snprintf(dir, sizeof(dir), "%s/bundle", t.s.dir);
	cr_assert(fl_test_copy_tree(SCENARIO, dir));
	preload_shim();
	setenv("FL_SHIM_VANISH", dir, 1);
	expect_one_line(&t, ingest(&t, dir), "vanished while it was read");
	no_shim();
	cr_expect_eq(count_runs(&t), 0);
	teardown(&t);
}

/* `analyze . --db ./fl.db --copy-dir`: the store, its journal and the
 * copy of the bundle being written all live in the directory being read.
 * They change while the walk reads them (CI once failed on the journal):
 * the walk passes over them and says so, and they are not part of the
 * bundle's identity, so the same directory analysed again is the same
 * run. */
Test(faults, store_inside_the_bundle_it_reads, .timeout = 120)
{
	struct ctx t;
	setup(&t, "inside");
	char dir[600], out[700];
	snprintf(dir, sizeof(dir), "%s/store", t.s.dir); /* t.db's directory */
	snprintf(out, sizeof(out), "%s/report.json", t.s.dir);
	cr_assert(fl_test_copy_tree(SCENARIO, dir));
	for (int i = 0; i < 2; i++) {
		const char *args[] = { "analyze", dir, "--db", t.db, "--copy-dir", "--quiet",
				       "--format", "json", "-o", out, NULL };
		cr_assert_eq(run(&t, args), 0, "analyze %d: %s", i, t.first);
	}
	json_error_t jerr;
	json_t *r = json_load_file(out, 0, &jerr);
	cr_assert(r, "%s", jerr.text);
	json_t *cause = fl_test_verdict(r, "likely_cause");
	cr_expect_str_eq(json_string_value(json_object_get(cause, "id")), "gpu_oom");
	bool store_named = false;
	json_t *sk = json_object_get(json_object_get(r, "run"), "skipped");
	for (size_t i = 0; i < json_array_size(sk); i++) {
		const char *path = json_string_value(json_object_get(json_array_get(sk, i), "path"));
		const char *why = json_string_value(json_object_get(json_array_get(sk, i), "reason"));
		cr_expect(why && strstr(why, "own store"), "%s skipped: %s", path, why);
		store_named |= path && !strcmp(path, "fl.db");
	}
	cr_expect(store_named, "the report names the store it passed over");
	json_decref(r);
	cr_expect_eq(count_runs(&t), 1, "the second analysis is the same bundle");
	teardown(&t);
}
