/* SPDX-License-Identifier: MIT */
/*
 * test_maintenance.c - the verbs that compare and maintain stored runs
 * (diff, hosts, reanalyze, rm, gc) through the real binary on scenario
 * bundles, and the usability checklist every verb must meet: --help
 * without a store, a page in docs/commands/, a place in the man page.
 */
#include <criterion/criterion.h>
#include <dirent.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "faultline/util.h"
#include "fl_test.h"

static char *scenario(const char *name)
{
	return fl_xasprintf("%s/scenarios/%s/bundle", FL_TESTDATA_DIR, name);
}

static long ingest(struct fl_session *t, const char *name)
{
	char *path = scenario(name);
	long id = fl_session_ingest(t, path, NULL);
	free(path);
	return id;
}

/* A copy of a scenario's bundle directory under the test's directory. */
static char *copy_of(struct fl_session *t, const char *name, const char *as)
{
	char *out = fl_xasprintf("%s/%s", t->dir, as);
	char *src = scenario(name);
	cr_assert(fl_test_copy_tree(src, out), "cannot copy %s", src);
	free(src);
	return out;
}

/* A .tar.gz of a scenario's bundle, made with tar(1). */
static char *tarball(struct fl_session *t, const char *name)
{
	char *out = fl_xasprintf("%s/%s.tar.gz", t->dir, name);
	char *cmd = fl_xasprintf("tar -czf '%s' -C '%s/scenarios/%s' bundle", out, FL_TESTDATA_DIR,
				 name);
	cr_assert_eq(system(cmd), 0, "%s failed", cmd);
	free(cmd);
	return out;
}

/* Ingests the scenario as a .tar.gz, which the store keeps a copy of. */
static long ingest_tarball(struct fl_session *t, const char *name)
{
	char *tgz = tarball(t, name);
	long id = fl_session_ingest(t, tgz, NULL);
	free(tgz);
	return id;
}

static json_t *out_json(struct fl_session *t)
{
	json_error_t jerr;
	json_t *j = json_loads(t->out, 0, &jerr);
	cr_assert(j, "not JSON (%s): %s", jerr.text, t->out);
	return j;
}

static char *id_text(long id)
{
	return fl_xasprintf("%ld", id);
}

static size_t count_lines(const char *s)
{
	size_t n = 0;
	for (; *s; s++)
		n += *s == '\n';
	return n;
}

/* ---- diff ---- */

static json_t *aspect(json_t *diff, const char *key)
{
	size_t i;
	json_t *a;
	json_array_foreach(json_object_get(diff, "aspects"), i, a)
		if (!strcmp(json_string_value(json_object_get(a, "key")), key))
			return a;
	return NULL;
}

static const char *side(json_t *a, const char *which)
{
	const char *s = json_string_value(json_object_get(a, which));
	return s ? s : "";
}

Test(diff, transports_and_versions)
{
	struct fl_session t;
	fl_session_init(&t, "diff");
	char *healthy = id_text(ingest(&t, "14-healthy"));
	char *slow = id_text(ingest(&t, "13-slow-transport"));
	char *mismatch = id_text(ingest(&t, "19-nccl-version-mismatch"));

	cr_assert_eq(fl_session_run(&t, "diff", healthy, slow, "--db", t.db, "--format", "json", NULL), 0,
		     "%s", t.err);
	json_t *j = out_json(&t);
	json_t *a = aspect(j, "transports");
	cr_assert(a, "no transports row: %s", t.out);
	cr_expect(strstr(side(a, "a"), "NET/IB") && !strstr(side(a, "a"), "NET/Socket"), "%s",
		  side(a, "a"));
	cr_expect(strstr(side(a, "b"), "NET/Socket") && !strstr(side(a, "b"), "NET/IB"), "%s",
		  side(a, "b"));
	cr_expect(json_is_true(json_object_get(a, "differs")));
	a = aspect(j, "status");
	cr_assert(a);
	cr_expect_str_eq(side(a, "a"), "healthy");
	cr_expect_str_eq(side(a, "b"), "degraded");
	cr_expect_str_eq(side(aspect(j, "cause"), "b"), "slow_transport");
	cr_expect_str_eq(side(aspect(j, "nccl_versions"), "a"), "2.21.5");
	cr_expect_str_eq(side(aspect(j, "nccl_versions"), "b"), "2.25.1");
	cr_expect_str_eq(side(aspect(j, "socket_interfaces"), "b"), "eth0");
	cr_expect(json_is_integer(json_object_get(aspect(j, "world_size"), "b")) ||
		  json_is_real(json_object_get(aspect(j, "world_size"), "b")));
	json_decref(j);

	/* Same versions of everything but NCCL: unchanged rows stay hidden
	 * until --all, which shows them unmarked. */
	cr_assert_eq(fl_session_run(&t, "diff", healthy, mismatch, "--db", t.db, "--format", "json", NULL),
		     0);
	j = out_json(&t);
	cr_expect_str_eq(side(aspect(j, "nccl_versions"), "b"), "2.22.3, 2.23.4");
	cr_expect_null(aspect(j, "transports"), "unchanged row shown without --all");
	size_t i;
	json_t *el;
	json_array_foreach(json_object_get(j, "aspects"), i, el)
		cr_expect(json_is_true(json_object_get(el, "differs")));
	json_decref(j);
	cr_assert_eq(fl_session_run(&t, "diff", healthy, mismatch, "--all", "--db", t.db,
				    "--format", "json", NULL),
		     0);
	j = out_json(&t);
	cr_assert(aspect(j, "transports"));
	cr_expect(json_is_false(json_object_get(aspect(j, "transports"), "differs")));
	json_decref(j);

	/* The table marks differing rows with '*'. */
	cr_assert_eq(fl_session_run(&t, "diff", healthy, mismatch, "--db", t.db, NULL), 0);
	cr_expect(strstr(t.out, "\n* NCCL versions "), "%s", t.out);
	cr_expect(strstr(t.out, "2.22.3, 2.23.4"), "%s", t.out);
	cr_expect_null(strstr(t.out, "transports"), "%s", t.out);
	cr_assert_eq(fl_session_run(&t, "diff", mismatch, mismatch, "--db", t.db, NULL), 0);
	cr_expect(strstr(t.out, "do not differ"), "%s", t.out);

	cr_expect_eq(fl_session_run(&t, "diff", healthy, "999", "--db", t.db, NULL), 1);
	cr_expect_eq(count_lines(t.err), 1, "%s", t.err);
	cr_expect_eq(fl_session_run(&t, "diff", healthy, "--db", t.db, NULL), 2);
	cr_expect_eq(fl_session_run(&t, "diff", healthy, slow, "--format", "md", "--db", t.db, NULL), 2);
	free(healthy);
	free(slow);
	free(mismatch);
	fl_session_release(&t);
}

/* ---- hosts ---- */

Test(hosts, first_failing_host_ranks_first)
{
	struct fl_session t;
	fl_session_init(&t, "hosts");
	long oom = ingest(&t, "01-gpu-oom");
	char *tgz = tarball(&t, "01-gpu-oom");
	long oom2 = fl_session_ingest(&t, tgz, NULL); /* other bytes, so a second run */
	free(tgz);
	cr_assert_neq(oom, oom2);
	long xid = ingest(&t, "07-gpu-hardware");
	ingest(&t, "06-network-error");
	ingest(&t, "14-healthy");

	cr_assert_eq(fl_session_run(&t, "hosts", "--db", t.db, "--format", "json", NULL), 0, "%s", t.err);
	json_t *j = out_json(&t);
	cr_assert(json_array_size(j) >= 3, "%s", t.out);
	json_t *top = json_array_get(j, 0);
	cr_expect_str_eq(json_string_value(json_object_get(top, "host")), "node2");
	cr_expect_eq(json_integer_value(json_object_get(top, "first_failure")), 2);
	char *ids = fl_xasprintf("%ld,%ld", oom2, oom);
	cr_expect_str_eq(json_string_value(json_object_get(top, "run_ids")), ids);
	free(ids);
	/* The Xid host shows its hardware fault, the healthy run's hosts none. */
	bool hw = false;
	size_t i;
	json_t *h;
	json_array_foreach(j, i, h) {
		const char *name = json_string_value(json_object_get(h, "host"));
		cr_expect(strncmp(name, "gpu-node-", 9), "healthy host %s listed", name);
		if (json_integer_value(json_object_get(h, "hardware")) > 0) {
			cr_expect_str_eq(name, "node3");
			const char *ids_hw = json_string_value(json_object_get(h, "run_ids"));
			cr_expect_eq(strtol(ids_hw, NULL, 10), xid);
			hw = true;
		}
	}
	cr_expect(hw, "no host with a hardware fault: %s", t.out);
	json_decref(j);

	cr_assert_eq(
		fl_session_run(&t, "hosts", "--limit", "1", "--db", t.db, "--format", "csv", NULL), 0);
	cr_expect_eq(count_lines(t.out), 2, "%s", t.out);
	cr_expect(!strncmp(t.out, "host,runs,", 10), "%s", t.out);
	cr_expect_eq(fl_session_run(&t, "hosts", "--limit", "x", "--db", t.db, NULL), 2);
	fl_session_release(&t);
}

Test(hosts, deep_counts_ranks_that_never_arrived)
{
	struct fl_session t;
	fl_session_init(&t, "hosts-deep");
	long hang = ingest(&t, "05-collective-hang");
	cr_assert_eq(fl_session_run(&t, "hosts", "--db", t.db, "--format", "json", NULL), 0, "%s", t.err);
	json_t *j = out_json(&t);
	cr_expect_eq(json_array_size(j), 0, "a hang names no first host: %s", t.out);
	json_decref(j);
	cr_assert_eq(fl_session_run(&t, "hosts", "--deep", "--db", t.db, "--format", "json", NULL), 0);
	j = out_json(&t);
	cr_assert_eq(json_array_size(j), 1, "%s", t.out);
	cr_expect_eq(json_integer_value(json_object_get(json_array_get(j, 0), "stuck")), 1);
	cr_expect_eq(strtol(json_string_value(json_object_get(json_array_get(j, 0), "run_ids")),
			    NULL, 10),
		     hang);
	json_decref(j);
	fl_session_release(&t);
}

/* ---- reanalyze ---- */

/* A stored run's JSON report. */
static char *report(struct fl_session *t, const char *id)
{
	cr_assert_eq(fl_session_run(t, "report", id, "--db", t->db, "--format", "json", NULL), 0, "%s",
		     t->err);
	json_decref(out_json(t));
	return fl_xstrdup(t->out);
}

static size_t run_count(struct fl_session *t)
{
	cr_assert_eq(fl_session_run(t, "runs", "--db", t->db, "--format", "json", NULL), 0, "%s", t->err);
	json_t *j = out_json(t);
	size_t n = json_array_size(j);
	json_decref(j);
	return n;
}

/* Names of the regular files in <dir>/bundles, one per line, sorted. */
static char *bundles(struct fl_session *t)
{
	char *dir = fl_xasprintf("%s/bundles", t->dir);
	struct dirent **ents;
	int n = scandir(dir, &ents, NULL, alphasort);
	struct fl_buf b = FL_BUF_INIT;
	fl_buf_adds(&b, "");
	for (int i = 0; i < n; i++) {
		if (ents[i]->d_name[0] != '.')
			fl_buf_printf(&b, "%s\n", ents[i]->d_name);
		free(ents[i]);
	}
	if (n >= 0)
		free(ents);
	free(dir);
	return fl_buf_detach(&b);
}

/* Re-analysis with the same patterns must give back the very same report:
 * same id, bundle name, sha256, ingest time, verdict and evidence file
 * names - also for a single log, whose member is named after the file. */
Test(reanalyze, directory_archive_and_single_log_give_the_same_report)
{
	struct fl_session t;
	fl_session_init(&t, "reanalyze");
	char *ids[3];
	ids[0] = id_text(ingest(&t, "07-gpu-hardware"));
	char *tgz = tarball(&t, "06-network-error");
	ids[1] = id_text(fl_session_ingest(&t, tgz, NULL));
	free(tgz);
	char *log = fl_xasprintf("%s/scenarios/20-single-file-oom/bundle/slurm-12345.out",
				 FL_TESTDATA_DIR);
	ids[2] = id_text(fl_session_ingest(&t, log, NULL));
	free(log);
	char *before[3];
	for (int k = 0; k < 3; k++)
		before[k] = report(&t, ids[k]);
	cr_assert_eq(fl_session_run(&t, "reanalyze", ids[0], ids[1], ids[2], "--db", t.db, NULL), 0,
		     "%s", t.err);
	char *said = fl_xstrdup(t.out);
	cr_expect_eq(count_lines(said), 3, "%s", said);
	cr_expect_null(strstr(said, "(was "), "%s", said);
	for (int k = 0; k < 3; k++) {
		char *line = fl_xasprintf("%s failed ", ids[k]);
		cr_expect(strstr(said, line), "%s", said);
		free(line);
		char *after = report(&t, ids[k]);
		cr_expect_str_eq(after, before[k], "run %s changed on re-analysis", ids[k]);
		free(after);
	}
	free(said);
	cr_expect_eq(run_count(&t), 3);

	/* --all covers every run, and the bundles serve again. */
	cr_assert_eq(fl_session_run(&t, "reanalyze", "--all", "--db", t.db, NULL), 0, "%s", t.err);
	cr_expect_eq(count_lines(t.out), 3, "%s", t.out);
	for (int k = 0; k < 3; k++) {
		char *after = report(&t, ids[k]);
		cr_expect_str_eq(after, before[k]);
		free(after);
		free(before[k]);
	}
	cr_expect_eq(run_count(&t), 3);
	/* Re-reading made nothing beside the store: bundles/ holds the two
	 * copies (the archive's, the single log's), plain files. */
	char *bdir = fl_xasprintf("%s/bundles", t.dir);
	DIR *d = opendir(bdir);
	cr_assert(d, "%s", bdir);
	int files = 0;
	for (struct dirent *de; (de = readdir(d)) != NULL;) {
		if (de->d_name[0] == '.')
			continue;
		char *p = fl_xasprintf("%s/%s", bdir, de->d_name);
		struct stat sb;
		cr_expect(lstat(p, &sb) == 0 && S_ISREG(sb.st_mode), "%s is not a plain file", p);
		free(p);
		files++;
	}
	closedir(d);
	free(bdir);
	cr_expect_eq(files, 2);
	cr_expect_eq(fl_session_run(&t, "reanalyze", "--db", t.db, NULL), 2);
	cr_expect_eq(fl_session_run(&t, "reanalyze", "--all", ids[0], "--db", t.db, NULL), 2);
	for (int k = 0; k < 3; k++)
		free(ids[k]);
	fl_session_release(&t);
}

/* A directory is not copied: it is read again where it lies, and only
 * while its content is what was ingested. */
Test(reanalyze, directory_in_place_only_while_unchanged)
{
	struct fl_session t;
	fl_session_init(&t, "reanalyze-inplace");
	char *dir = copy_of(&t, "08-cuda-error", "job");
	char *id = id_text(fl_session_ingest(&t, dir, NULL));
	char *kept = bundles(&t);
	cr_expect_str_eq(kept, "", "a directory was copied: %s", kept);
	char *before = report(&t, id);
	cr_assert_eq(fl_session_run(&t, "reanalyze", id, "--db", t.db, NULL), 0, "%s", t.err);
	char *after = report(&t, id);
	cr_expect_str_eq(after, before);
	free(after);

	char *log = fl_xasprintf("%s/extra.log", dir);
	cr_assert(fl_test_write(log, "one more line\n", 14));
	cr_expect_eq(fl_session_run(&t, "reanalyze", id, "--db", t.db, NULL), 1);
	cr_expect_eq(count_lines(t.err), 1, "%s", t.err);
	cr_expect(strstr(t.err, "has changed since it was ingested"), "%s", t.err);
	cr_expect_str_eq(t.out, "");
	after = report(&t, id);
	cr_expect_str_eq(after, before, "a failed re-analysis changed the run");
	free(after);
	free(log);
	free(kept);
	free(before);
	free(id);
	free(dir);
	fl_session_release(&t);
}

/* --copy-dir keeps a directory as a zstd tar, which serves once the
 * directory is gone. */
Test(reanalyze, copied_directory_serves_after_the_original_is_gone)
{
	struct fl_session t;
	fl_session_init(&t, "reanalyze-copy");
	char *dir = copy_of(&t, "07-gpu-hardware", "job");
	char *id = id_text(fl_session_ingest(&t, dir, "--copy-dir"));
	char *kept = bundles(&t);
	cr_expect_eq(count_lines(kept), 1, "%s", kept);
	cr_expect(strstr(kept, ".tar.zst\n"), "%s", kept);
	char *before = report(&t, id);
	cr_assert(fl_test_remove_tree(dir));
	cr_assert_eq(fl_session_run(&t, "reanalyze", id, "--db", t.db, NULL), 0, "%s", t.err);
	char *after = report(&t, id);
	cr_expect_str_eq(after, before);
	free(after);
	free(before);
	free(kept);
	free(id);
	free(dir);
	fl_session_release(&t);
}

Test(reanalyze, without_any_bundle_fails_in_one_line)
{
	struct fl_session t;
	fl_session_init(&t, "reanalyze-nokeep");
	char *tgz = tarball(&t, "08-cuda-error");
	char *id = id_text(fl_session_ingest(&t, tgz, "--no-keep"));
	char *kept = bundles(&t);
	cr_expect_str_eq(kept, "", "--no-keep copied: %s", kept);
	char *before = report(&t, id);
	cr_expect_eq(unlink(tgz), 0);
	cr_expect_eq(fl_session_run(&t, "reanalyze", id, "--db", t.db, NULL), 1);
	cr_expect_eq(count_lines(t.err), 1, "%s", t.err);
	cr_expect(strstr(t.err, "no copy was kept and '") && strstr(t.err, "' is gone"), "%s",
		  t.err);
	cr_expect_str_eq(t.out, "");
	char *after = report(&t, id);
	cr_expect_str_eq(after, before, "a failed re-analysis changed the run");
	cr_expect_eq(fl_session_run(&t, "reanalyze", "--all", "--db", t.db, NULL), 1);
	cr_expect_eq(fl_session_run(&t, "reanalyze", "77", "--db", t.db, NULL), 1);
	free(before);
	free(after);
	free(kept);
	free(id);
	free(tgz);
	fl_session_release(&t);
}

/* ---- rm and gc ---- */

Test(rm, removes_run_and_kept_file)
{
	struct fl_session t;
	fl_session_init(&t, "rm");
	char *keep = id_text(ingest_tarball(&t, "14-healthy"));
	char *files_before = bundles(&t);
	char *gone = id_text(ingest_tarball(&t, "13-slow-transport"));
	char *files = bundles(&t);
	cr_assert_eq(count_lines(files), 2, "%s", files);
	cr_assert_eq(fl_session_run(&t, "rm", gone, "--db", t.db, NULL), 0, "%s", t.err);
	cr_expect(strstr(t.out, "removed run"), "%s", t.out);
	free(files);
	files = bundles(&t);
	cr_expect_str_eq(files, files_before);
	cr_expect_eq(fl_session_run(&t, "report", gone, "--db", t.db, NULL), 1);
	cr_expect_eq(fl_session_run(&t, "report", keep, "--db", t.db, NULL), 0);
	cr_expect_eq(run_count(&t), 1);
	cr_expect_eq(fl_session_run(&t, "rm", gone, "--db", t.db, NULL), 1);
	cr_expect_eq(count_lines(t.err), 1, "%s", t.err);
	cr_expect_eq(fl_session_run(&t, "rm", "--db", t.db, NULL), 2);

	/* rm never creates a store. */
	char *none = fl_xasprintf("%s/none.db", t.dir);
	cr_expect_eq(fl_session_run(&t, "rm", "1", "--db", none, NULL), 1);
	cr_expect_neq(access(none, F_OK), 0, "rm created a store");
	free(none);
	free(files);
	free(files_before);
	free(keep);
	free(gone);
	fl_session_release(&t);
}

Test(gc, removes_orphans_only)
{
	struct fl_session t;
	fl_session_init(&t, "gc");
	char *id = id_text(ingest_tarball(&t, "14-healthy"));
	char *kept = bundles(&t);
	cr_assert_eq(count_lines(kept), 1, "%s", kept);
	const char *orphans[] = { "orphan.tar.gz", "incoming-2147483646",
				  "incoming-2147483645.tmp.2147483645" };
	for (size_t i = 0; i < 3; i++) {
		char *p = fl_xasprintf("%s/bundles/%s", t.dir, orphans[i]);
		cr_assert(fl_test_write(p, "stale bytes\n", 12));
		free(p);
	}
	cr_assert_eq(fl_session_run(&t, "gc", "--db", t.db, NULL), 0, "%s", t.err);
	for (size_t i = 0; i < 3; i++)
		cr_expect(strstr(t.out, orphans[i]), "%s not reported: %s", orphans[i], t.out);
	cr_expect(strstr(t.out, "3 orphaned files removed"), "%s", t.out);
	char *left = bundles(&t);
	cr_expect_str_eq(left, kept);
	free(left);
	/* The kept bundle still serves. */
	cr_expect_eq(fl_session_run(&t, "reanalyze", id, "--db", t.db, NULL), 0, "%s", t.err);
	cr_assert_eq(fl_session_run(&t, "gc", "--db", t.db, NULL), 0, "%s", t.err);
	cr_expect(strstr(t.out, "0 orphaned files removed"), "%s", t.out);
	free(kept);
	free(id);
	fl_session_release(&t);
}

/* ---- every verb: --help without a store, a doc page, the man page ---- */

/* The verbs `faultline help` lists, one per line. */
static char *verbs(struct fl_session *t)
{
	cr_assert_eq(fl_session_run(t, "help", NULL), 0, "%s", t->err);
	struct fl_buf b = FL_BUF_INIT;
	fl_buf_adds(&b, "");
	const char *p = strstr(t->out, "\n\n  ");
	cr_assert(p, "no command list: %s", t->out);
	for (p += 2; !strncmp(p, "  ", 2) && p[2] != ' '; p = strchr(p, '\n') + 1) {
		size_t n = strcspn(p + 2, " \n");
		fl_buf_add(&b, p + 2, n);
		fl_buf_addc(&b, '\n');
		if (!strchr(p, '\n'))
			break;
	}
	return fl_buf_detach(&b);
}

Test(usability, every_verb_answers_help_without_a_store)
{
	struct fl_session t;
	fl_session_init(&t, "usability");
	/* Any store a verb might open lies under the test's directory. */
	char *db = fl_xasprintf("%s/nostore/fl.db", t.dir);
	char *xdg = fl_xasprintf("%s/xdg", t.dir);
	setenv("FAULTLINE_DB", db, 1);
	setenv("XDG_DATA_HOME", xdg, 1);
	setenv("HOME", t.dir, 1);
	char *list = verbs(&t);
	size_t n = 0;
	for (char *v = list; *v; v = strchr(v, '\n') + 1, n++) {
		*strchr(v, '\n') = '\0';
		cr_expect_eq(fl_session_run(&t, v, "--help", NULL), 0, "'%s --help' failed: %s", v, t.err);
		char *usage = fl_xasprintf("usage: faultline %s", v);
		cr_expect(strstr(t.out, usage), "'%s --help' shows no usage: %s", v, t.out);
		cr_expect_str_eq(t.err, "", "'%s --help' wrote to stderr", v);
		free(usage);
		v[strlen(v)] = '\n';
	}
	cr_expect_geq(n, 10, "too few verbs: %s", list);
	cr_expect_neq(access(db, F_OK), 0, "--help created a store");
	char *xdb = fl_xasprintf("%s/faultline", xdg);
	cr_expect_neq(access(xdb, F_OK), 0, "--help created the default store");
	free(xdb);
	free(list);
	free(db);
	free(xdg);
	fl_session_release(&t);
}

/* The synopsis of a verb's usage: the --help output up to its first
 * description line (indented by two) or blank line, "usage: " dropped.
 * Caller frees. */
static char *synopsis_of(const char *help)
{
	const char *p = help;
	if (!strncmp(p, "usage: ", 7))
		p += 7;
	const char *end = p;
	while (*end && *end != '\n') {
		end = strchr(end, '\n');
		if (!end || (end[1] == ' ' && end[2] == ' ' && end[3] != ' ') || end[1] == '\n')
			break;
		end++;
	}
	return fl_xstrndup(p, end ? (size_t)(end - p) : strlen(p));
}

/* The man page's section of a verb: from ".SS verb" to the next section. */
static char *man_section(const char *man, const char *verb)
{
	char *head = fl_xasprintf("\n.SS %s\n", verb);
	const char *p = strstr(man, head);
	free(head);
	if (!p)
		return fl_xstrdup("");
	p += 1;
	const char *ss = strstr(p + 1, "\n.SS "), *sh = strstr(p + 1, "\n.SH ");
	const char *end = !ss ? sh : !sh ? ss : ss < sh ? ss : sh;
	return fl_xstrndup(p, end ? (size_t)(end - p) : strlen(p));
}

/* Every option the synopsis names, except the common ones, in the man
 * page's entry (as roff writes it: \-\-name). */
static void expect_options_in_man(const char *verb, const char *syn, const char *sec)
{
	static const char *const common[] = { "--db", "--format", "--journal-delete",
					       "--patterns", "--help" };
	for (const char *p = strstr(syn, "--"); p; p = strstr(p + 2, "--")) {
		size_t n = 2 + strspn(p + 2, "abcdefghijklmnopqrstuvwxyz-");
		char *opt = fl_xstrndup(p, n);
		bool skip = false;
		for (size_t i = 0; i < sizeof(common) / sizeof(common[0]); i++)
			skip = skip || !strcmp(opt, common[i]);
		struct fl_buf roff = FL_BUF_INIT;
		for (const char *c = opt; *c; c++)
			fl_buf_adds(&roff, *c == '-' ? "\\-" : (char[]){ *c, 0 });
		cr_expect(skip || strstr(sec, roff.ptr), "the man page's '%s' entry lacks %s", verb,
			  opt);
		fl_buf_release(&roff);
		free(opt);
	}
}

Test(usability, every_verb_has_a_doc_page_and_a_man_entry)
{
	struct fl_session t;
	fl_session_init(&t, "docs");
	char *man_path = fl_xasprintf("%s/docs/faultline.1", FL_SOURCE_DIR);
	char *man = fl_test_slurp(man_path, NULL);
	cr_assert(man, "no man page at %s", man_path);
	char *list = verbs(&t);
	for (char *v = list; *v; v = strchr(v, '\n') + 1) {
		*strchr(v, '\n') = '\0';
		char *path = fl_xasprintf("%s/docs/commands/%s.md", FL_SOURCE_DIR, v);
		char *doc = fl_test_slurp(path, NULL);
		cr_expect(doc, "no doc page %s", path);
		/* The usage in commands.c is the one place a verb's syntax is
		 * written; its doc page and man entry must say the same. */
		cr_expect_eq(fl_session_run(&t, v, "--help", NULL), 0, "%s", t.err);
		char *synopsis = synopsis_of(t.out);
		cr_expect(doc && strstr(doc, synopsis), "%s does not show the synopsis of '%s --help':\n%s",
			  path, v, synopsis);
		char *sec = man_section(man, v);
		expect_options_in_man(v, synopsis, sec);
		free(sec);
		cr_expect(doc && strstr(doc, "## Exit status"), "%s has no exit status", path);
		char *entry = fl_xasprintf("\n.SS %s\n", v);
		cr_expect(strstr(man, entry), "the man page has no '.SS %s' entry", v);
		free(entry);
		free(synopsis);
		free(doc);
		free(path);
		v[strlen(v)] = '\n';
	}
	free(list);
	free(man);
	free(man_path);
	fl_session_release(&t);
}

Test(usability, bash_completion_offers_verbs_and_options)
{
	struct fl_session t;
	fl_session_init(&t, "completion");
	char *bin = fl_xstrdup(FL_BINARY);
	*strrchr(bin, '/') = '\0';
	char *script = fl_xasprintf("%s/contrib/faultline.bash", FL_SOURCE_DIR);
	char *out = fl_xasprintf("%s/completion.txt", t.dir);
	char *cmd = fl_xasprintf(
		"PATH='%s':\"$PATH\" bash -c '. \"%s\";"
		" complete -p faultline >/dev/null || exit 3;"
		" COMP_WORDS=(faultline re); COMP_CWORD=1; _faultline; echo \"${COMPREPLY[*]}\";"
		" COMP_WORDS=(faultline diff --f); COMP_CWORD=2; _faultline;"
		" echo \"${COMPREPLY[*]}\";"
		" COMP_WORDS=(faultline diff --format \"\"); COMP_CWORD=3; _faultline;"
		" echo \"${COMPREPLY[*]}\"' > '%s'",
		bin, script, out);
	cr_assert_eq(system(cmd), 0, "%s", cmd);
	char *got = fl_test_slurp(out, NULL);
	cr_assert(got);
	cr_expect(strstr(got, "reanalyze") && strstr(got, "report"), "%s", got);
	cr_expect_null(strstr(strchr(got, '\n'), "reanalyze"), "%s", got);
	cr_expect(strstr(got, "--format"), "%s", got);
	cr_expect(strstr(got, "json"), "%s", got);
	free(got);
	free(cmd);
	free(out);
	free(script);
	free(bin);
	fl_session_release(&t);
}
