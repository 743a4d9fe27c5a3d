/* SPDX-License-Identifier: MIT */
/*
 * test_merge.c - `faultline merge`: shards of one job ingested apart and
 * merged --into-one give the verdict of the whole job ingested at once;
 * plain merge copies whole runs between stores.
 *
 * A scenario bundle is split by its top-level entries (node directories)
 * into two shard directories, or file by file four ways and ingested with
 * --shard I/4, each shard into its own store; the merged run's report is
 * compared with the single ingest's.
 */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <dirent.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fl_test.h"

/* ---- helpers ---- */

static void copy_into(const char *src, const char *dir)
{
	char cmd[16384];
	snprintf(cmd, sizeof(cmd), "cp -R '%s' '%s/'", src, dir);
	cr_assert_eq(system(cmd), 0, "failed: %s", cmd);
}

/* The JSON report of run runspec in store db. */
static json_t *report(struct fl_session *t, const char *db, const char *runspec)
{
	cr_assert_eq(fl_session_run(t, "report", runspec, "--db", db, "--format", "json", NULL), 0,
		     "report %s of %s failed: %s", runspec, db, t->err);
	json_error_t jerr;
	json_t *j = json_loads(t->out, 0, &jerr);
	cr_assert(j, "report is not JSON: %s", jerr.text);
	return j;
}

/* The value at a dotted path ("verdict.hang.seq"); JSON null if absent. */
static json_t *at(json_t *j, const char *path)
{
	char buf[256];
	snprintf(buf, sizeof(buf), "%s", path);
	for (char *save = NULL, *s = strtok_r(buf, ".", &save); s && j;
	     s = strtok_r(NULL, ".", &save))
		j = json_object_get(j, s);
	return j ? j : json_null();
}

static void expect_same(const char *what, json_t *want, json_t *got, const char *path)
{
	json_t *a = at(want, path), *b = at(got, path);
	char *as = json_dumps(a, JSON_ENCODE_ANY | JSON_COMPACT);
	char *bs = json_dumps(b, JSON_ENCODE_ANY | JSON_COMPACT);
	cr_expect(json_equal(a, b), "%s: %s: single ingest %s, merged %s", what, path, as, bs);
	free(as);
	free(bs);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The ids of the findings, sorted and joined by spaces (the report orders
 * findings by severity; compare them as sets). */
static char *finding_ids(json_t *rep)
{
	json_t *arr = json_object_get(rep, "findings");
	size_t n = json_array_size(arr), len = 1;
	const char **ids = calloc(n + 1, sizeof(*ids));
	for (size_t i = 0; i < n; i++) {
		ids[i] = json_string_value(json_object_get(json_array_get(arr, i), "id"));
		cr_assert(ids[i], "finding without id");
		len += strlen(ids[i]) + 1;
	}
	qsort(ids, n, sizeof(*ids), cmp_str);
	char *out = calloc(1, len);
	for (size_t i = 0; i < n; i++) {
		strcat(out, ids[i]);
		strcat(out, " ");
	}
	free(ids);
	return out;
}

/* The last line of stdout as a run id, with its "(already stored)" flag. */
static long run_id(const char *out, bool *existed)
{
	cr_assert(out && *out, "no run id printed");
	const char *last = out;
	for (const char *p = out; p[0] && p[1]; p++)
		if (p[0] == '\n')
			last = p + 1;
	if (existed)
		*existed = strstr(last, "already stored") != NULL;
	return strtol(last, NULL, 10);
}

/* Copies the top-level entries of bundle, the first half into a, the
 * rest into b (sorted, so that each shard is whole node directories). */
static void split(const char *bundle, const char *a, const char *b)
{
	struct dirent **ents;
	int n = scandir(bundle, &ents, NULL, alphasort);
	cr_assert(n > 3, "%s: too few entries to split", bundle);
	int k = 0, nreal = n - 2;
	for (int i = 0; i < n; i++) {
		if (strcmp(ents[i]->d_name, ".") && strcmp(ents[i]->d_name, "..")) {
			char src[8192];
			snprintf(src, sizeof(src), "%s/%s", bundle, ents[i]->d_name);
			copy_into(src, k++ < (nreal + 1) / 2 ? a : b);
		}
		free(ents[i]);
	}
	free(ents);
}

/* The merged run's report (returned) says what the single ingest's does;
 * it is kept for the schema check as <prefix>-<name>.json. */
static json_t *expect_verdict_of_whole(struct fl_session *t, const char *name,
				       const char *full_db, const char *merged_db, const char *prefix)
{
	json_t *want = report(t, full_db, "last");
	json_t *got = report(t, merged_db, "last");
	/* clang-format off */
	static const char *const paths[] = {
		"verdict.status", "verdict.likely_cause.id", "verdict.first_failure.rank",
		"verdict.first_failure.host", "verdict.first_failure.kind",
		"verdict.first_failure.evidence", "verdict.hang.collective", "verdict.hang.seq",
		"verdict.hang.stuck_ranks", "run.ranks", "run.hosts", "run.files", "run.lines",
		"run.events", "ranks", "training",
	};
	/* clang-format on */
	for (size_t i = 0; i < sizeof(paths) / sizeof(paths[0]); i++)
		expect_same(name, want, got, paths[i]);
	char *fw = finding_ids(want), *fg = finding_ids(got);
	cr_expect_str_eq(fg, fw, "%s: finding ids differ", name);
	free(fw);
	free(fg);
	char keep[4096];
	snprintf(keep, sizeof(keep), "%s/reports", FL_TEST_OUT);
	mkdir(keep, 0755);
	snprintf(keep, sizeof(keep), "%s/reports/%s-%s.json", FL_TEST_OUT, prefix, name);
	json_dump_file(got, keep, JSON_INDENT(1));
	json_decref(want);
	return got;
}

/* Copies the regular files under bundle/rel, in sorted path order, into
 * dirs[k++ % n] at the same relative paths: every shard gets part of each
 * node's files, the hardest split for re-resolving ranks and hosts. */
static void split_files(const char *bundle, const char *rel, char **dirs, int n, int *k)
{
	char src[8192];
	snprintf(src, sizeof(src), "%s%s%s", bundle, *rel ? "/" : "", rel);
	struct dirent **ents;
	int m = scandir(src, &ents, NULL, alphasort);
	cr_assert(m >= 0, "cannot read %s", src);
	for (int i = 0; i < m; i++) {
		const char *nm = ents[i]->d_name;
		char sub[4096], from[8192], to[8192];
		snprintf(sub, sizeof(sub), "%s%s%s", rel, *rel ? "/" : "", nm);
		snprintf(from, sizeof(from), "%s/%s", bundle, sub);
		struct stat sb;
		if (strcmp(nm, ".") && strcmp(nm, "..") && lstat(from, &sb) == 0) {
			if (S_ISDIR(sb.st_mode)) {
				split_files(bundle, sub, dirs, n, k);
			} else if (S_ISREG(sb.st_mode)) {
				const char *dir = dirs[(*k)++ % n];
				snprintf(to, sizeof(to), "%s/%s", dir, sub);
				char cmd[30000];
				snprintf(cmd, sizeof(cmd), "mkdir -p \"$(dirname '%s')\" && cp '%s' '%s'",
					 to, from, to);
				cr_assert_eq(system(cmd), 0, "failed: %s", cmd);
			}
		}
		free(ents[i]);
	}
	free(ents);
}

/* ---- --into-one ---- */

struct scenario {
	char name[64];
};

ParameterizedTestParameters(merge, into_one)
{
	/* a failure, a hang, four hosts, skewed clocks, 64 hosts */
	static const char *const names[] = { "01-gpu-oom", "05-collective-hang", "07-gpu-hardware",
					     "15-clock-skew", "17-large" };
	size_t n = sizeof(names) / sizeof(names[0]);
	struct scenario *v = cr_malloc(sizeof(*v) * n);
	for (size_t i = 0; i < n; i++)
		snprintf(v[i].name, sizeof(v[i].name), "%s", names[i]);
	return cr_make_param_array(struct scenario, v, n);
}

ParameterizedTest(struct scenario *sc, merge, into_one, .timeout = 120)
{
	struct fl_session t;
	fl_session_init(&t, sc->name);
	const char *tmp = t.dir;
	char bundle[4096], a[4096], b[4096], full_db[4096], a_db[4096], b_db[4096], m_db[4096];
	snprintf(bundle, sizeof(bundle), "%s/scenarios/%s/bundle", FL_TESTDATA_DIR, sc->name);
	snprintf(a, sizeof(a), "%s/shard-a", tmp);
	snprintf(b, sizeof(b), "%s/shard-b", tmp);
	snprintf(full_db, sizeof(full_db), "%s/full.db", tmp);
	snprintf(a_db, sizeof(a_db), "%s/a/fl.db", tmp);
	snprintf(b_db, sizeof(b_db), "%s/b/fl.db", tmp);
	snprintf(m_db, sizeof(m_db), "%s/m/fl.db", tmp);
	mkdir(a, 0755);
	mkdir(b, 0755);
	split(bundle, a, b);
	fl_session_ingest_db(&t, full_db, bundle, NULL);
	fl_session_ingest_db(&t, a_db, a, NULL);
	fl_session_ingest_db(&t, b_db, b, NULL);

	/* shards named out of order: the result must not depend on it */
	const char *margs[] = { "merge", "--into-one", b_db, a_db, "--db", m_db, NULL };
	cr_assert_eq(fl_session_runv(&t, margs), 0, "%s: merge --into-one failed", sc->name);
	bool existed;
	long id = run_id(t.out, &existed);
	cr_expect(!existed);

	json_t *got = expect_verdict_of_whole(&t, sc->name, full_db, m_db, "merged");
	cr_expect_eq(json_integer_value(at(got, "run.id")), id);
	json_decref(got);

	/* the same shards again, in the other order: the same run */
	const char *again[] = { "merge", "--into-one", a_db, b_db, "--db", m_db, NULL };
	cr_assert_eq(fl_session_runv(&t, again), 0);
	cr_expect_eq(run_id(t.out, &existed), id);
	cr_expect(existed, "%s: merging the same shards twice made a second run", sc->name);
	fl_session_release(&t);
}

Test(merge, into_one_refuses_bad_sources, .timeout = 120)
{
	struct fl_session t;
	fl_session_init(&t, "merge-bad");
	const char *tmp = t.dir;
	char two[4096], one[4096], dst[4096], missing[4096], b1[4096], b2[4096];
	snprintf(two, sizeof(two), "%s/two.db", tmp);
	snprintf(one, sizeof(one), "%s/one.db", tmp);
	snprintf(dst, sizeof(dst), "%s/dst.db", tmp);
	snprintf(missing, sizeof(missing), "%s/missing.db", tmp);
	snprintf(b1, sizeof(b1), "%s/scenarios/08-cuda-error/bundle", FL_TESTDATA_DIR);
	snprintf(b2, sizeof(b2), "%s/scenarios/12-storage-error/bundle", FL_TESTDATA_DIR);
	fl_session_ingest_db(&t, two, b1, NULL);
	fl_session_ingest_db(&t, two, b2, NULL);
	fl_session_ingest_db(&t, one, b1, NULL);

	const char *several[] = { "merge", "--into-one", two, one, "--db", dst, NULL };
	cr_expect_eq(fl_session_runv(&t, several), 1, "a store of two runs is not a shard");
	const char *twice[] = { "merge", "--into-one", one, one, "--db", dst, NULL };
	cr_expect_eq(fl_session_runv(&t, twice), 1, "the same shard twice must be refused");
	const char *absent[] = { "merge", "--into-one", missing, one, "--db", dst, NULL };
	cr_expect_eq(fl_session_runv(&t, absent), 1);
	const char *none[] = { "merge", "--db", dst, NULL };
	cr_expect_eq(fl_session_runv(&t, none), 2);
	const char *help[] = { "merge", "--help", NULL };
	cr_expect_eq(fl_session_runv(&t, help), 0);

	/* nothing half-written: the failed merges left no run */
	const char *runs[] = { "runs", "--db", dst, "--format", "json", NULL };
	cr_assert_eq(fl_session_runv(&t, runs), 0);
	json_t *j = json_loads(t.out, 0, NULL);
	cr_expect(json_is_array(j) && json_array_size(j) == 0, "runs after failed merges: %s",
		  t.out);
	json_decref(j);
	fl_session_release(&t);
}

/* ---- plain merge ---- */

Test(merge, copies_runs, .timeout = 120)
{
	struct fl_session t;
	fl_session_init(&t, "merge-plain");
	const char *tmp = t.dir;
	char x[4096], y[4096], dst[4096], b1[4096], b2[4096];
	snprintf(x, sizeof(x), "%s/x/fl.db", tmp);
	snprintf(y, sizeof(y), "%s/y/fl.db", tmp);
	snprintf(dst, sizeof(dst), "%s/dst/fl.db", tmp);
	snprintf(b1, sizeof(b1), "%s/scenarios/01-gpu-oom/bundle", FL_TESTDATA_DIR);
	snprintf(b2, sizeof(b2), "%s/scenarios/05-collective-hang/bundle", FL_TESTDATA_DIR);
	fl_session_ingest_db(&t, x, b1, "--copy-dir");
	fl_session_ingest_db(&t, y, b2, NULL);
	/* the destination already holds a run, so the copies get new ids */
	fl_session_ingest_db(&t, dst, b2, NULL);

	const char *args[] = { "merge", x, y, "--db", dst, NULL };
	cr_assert_eq(fl_session_runv(&t, args), 0, "merge failed");
	cr_expect(strstr(t.out, "2\n") == t.out, "first copied run is 2: %s", t.out);
	cr_expect(strstr(t.out, "1 (already stored)"), "y's run is dst's run 1: %s", t.out);

	const char *runs[] = { "runs", "--db", dst, "--format", "json", NULL };
	cr_assert_eq(fl_session_runv(&t, runs), 0);
	json_t *j = json_loads(t.out, 0, NULL);
	cr_expect_eq(json_array_size(j), 2, "dst should hold both runs: %s", t.out);
	json_decref(j);

	/* the copy reports as the original, and analysis summary came along */
	json_t *want = report(&t, x, "1");
	json_t *got = report(&t, dst, "2");
	static const char *const paths[] = { "verdict",   "findings",  "ranks",      "run.sha256",
					     "run.files", "run.lines", "run.events", "training" };
	for (size_t i = 0; i < sizeof(paths) / sizeof(paths[0]); i++)
		expect_same("plain merge", want, got, paths[i]);
	json_decref(want);
	json_decref(got);

	/* the kept bundle travelled with the run */
	json_t *r = report(&t, x, "1");
	char kept[8192];
	snprintf(kept, sizeof(kept), "%s/dst/bundles/%s.tar.zst", tmp,
		 json_string_value(at(r, "run.sha256")));
	json_decref(r);
	struct stat sb;
	cr_expect(stat(kept, &sb) == 0 && sb.st_size > 0, "kept bundle not copied: %s", kept);

	/* again: nothing new */
	cr_assert_eq(fl_session_runv(&t, args), 0);
	cr_expect(strstr(t.out, "2 (already stored)") && strstr(t.out, "1 (already stored)"),
		  "second merge: %s", t.out);
	fl_session_release(&t);
}

/* ---- ingest --shard: four shards, each ingested apart ---- */

/* Copies the top-level entries of bundle (node directories) into
 * dirs[k % n] in sorted order, as each node ingests its own logs. */
static void split_nodes(const char *bundle, char **dirs, int n, int *k)
{
	struct dirent **ents;
	int m = scandir(bundle, &ents, NULL, alphasort);
	cr_assert(m >= 0, "cannot read %s", bundle);
	for (int i = 0; i < m; i++) {
		if (strcmp(ents[i]->d_name, ".") && strcmp(ents[i]->d_name, "..")) {
			char src[8192];
			snprintf(src, sizeof(src), "%s/%s", bundle, ents[i]->d_name);
			copy_into(src, dirs[(*k)++ % n]);
		}
		free(ents[i]);
	}
	free(ents);
}

struct sharding {
	char name[64];
	bool by_node; /* else file by file */
};

ParameterizedTestParameters(merge, four_shards)
{
	/* node by node: four hosts, 64 hosts; file by file: a failure whose
	 * ranks' files land on different shards than their launcher's, and
	 * skewed clocks */
	static const struct sharding v[] = { { "07-gpu-hardware", true },
					     { "17-large", true },
					     { "01-gpu-oom", false },
					     { "15-clock-skew", false } };
	size_t n = sizeof(v) / sizeof(v[0]);
	struct sharding *p = cr_malloc(sizeof(v));
	memcpy(p, v, sizeof(v));
	return cr_make_param_array(struct sharding, p, n);
}

ParameterizedTest(struct sharding *sc, merge, four_shards, .timeout = 120)
{
	struct fl_session t;
	fl_session_init(&t, sc->name);
	const char *tmp = t.dir;
	char bundle[4096], full_db[4096], m_db[4096], part_db[4096];
	char dir[4][4096], db[4][4096], label[4][16];
	char *dirs[4];
	snprintf(bundle, sizeof(bundle), "%s/scenarios/%s/bundle", FL_TESTDATA_DIR, sc->name);
	snprintf(full_db, sizeof(full_db), "%s/full.db", tmp);
	snprintf(m_db, sizeof(m_db), "%s/m/fl.db", tmp);
	snprintf(part_db, sizeof(part_db), "%s/part/fl.db", tmp);
	for (int i = 0; i < 4; i++) {
		snprintf(dir[i], sizeof(dir[i]), "%s/shard%d", tmp, i);
		snprintf(db[i], sizeof(db[i]), "%s/s%d/fl.db", tmp, i);
		snprintf(label[i], sizeof(label[i]), "%d/4", i);
		mkdir(dir[i], 0755);
		dirs[i] = dir[i];
	}
	int parts = 0;
	if (sc->by_node)
		split_nodes(bundle, dirs, 4, &parts);
	else
		split_files(bundle, "", dirs, 4, &parts);
	cr_assert_geq(parts, 4, "%s: too few parts to split four ways", sc->name);
	fl_session_ingest_db(&t, full_db, bundle, NULL);
	for (int i = 0; i < 4; i++) {
		const char *args[] = { "ingest", "--shard", label[i], dir[i], "--db", db[i], NULL };
		cr_assert_eq(fl_session_runv(&t, args), 0, "%s: ingest --shard %s failed", sc->name,
			     label[i]);
	}

	/* one shard short: refused, naming the missing one, and nothing stored */
	const char *three[] = { "merge", "--into-one", db[0], db[1], db[3], "--db", part_db, NULL };
	cr_expect_eq(fl_session_runv(&t, three), 1, "%s: merged three shards of four", sc->name);
	cr_expect(strstr(t.err, "shard 2 of 4 is missing"), "%s: %s", sc->name, t.err);
	/* the same shard twice in place of another */
	const char *dup[] = { "merge", "--into-one", db[0], db[1], db[1], db[3], "--db", part_db, NULL };
	cr_expect_eq(fl_session_runv(&t, dup), 1);

	const char *margs[] = { "merge", "--into-one", db[2], db[0], db[3], db[1], "--db", m_db, NULL };
	cr_assert_eq(fl_session_runv(&t, margs), 0, "%s: merge --into-one failed", sc->name);
	json_t *got = expect_verdict_of_whole(&t, sc->name, full_db, m_db, "sharded");
	json_decref(got);
	fl_session_release(&t);
}

Test(merge, shard_option_is_checked)
{
	struct fl_session t;
	fl_session_init(&t, "shard-usage");
	const char *tmp = t.dir;
	char db[4096], b1[4096], b2[4096];
	snprintf(db, sizeof(db), "%s/fl.db", tmp);
	snprintf(b1, sizeof(b1), "%s/scenarios/08-cuda-error/bundle", FL_TESTDATA_DIR);
	snprintf(b2, sizeof(b2), "%s/scenarios/12-storage-error/bundle", FL_TESTDATA_DIR);
	static const char *const bad[] = { "4/4", "-1/4", "1/0", "1", "a/4", "1/4x", "/4", "" };
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		const char *args[] = { "ingest", "--shard", bad[i], b1, "--db", db, NULL };
		cr_expect_eq(fl_session_runv(&t, args), 2, "--shard '%s' accepted", bad[i]);
	}
	const char *two[] = { "ingest", "--shard", "0/2", b1, b2, "--db", db, NULL };
	cr_expect_eq(fl_session_runv(&t, two), 2, "a shard store holds one run");
	const char *analyze[] = { "analyze", "--shard", "0/2", b1, "--db", db, NULL };
	cr_expect_eq(fl_session_runv(&t, analyze), 2, "--shard is ingest's");
	const char *good[] = { "ingest", "--shard", "1/2", b1, "--db", db, NULL };
	cr_expect_eq(fl_session_runv(&t, good), 0);
	const char *sql[] = { "sql", "SELECT shard || '/' || shards FROM runs", "--db", db,
			      "--format", "csv", NULL };
	cr_assert_eq(fl_session_runv(&t, sql), 0);
	cr_expect(strstr(t.out, "1/2"), "label not stored: %s", t.out);
	fl_session_release(&t);
}
