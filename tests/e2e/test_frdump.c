/* SPDX-License-Identifier: MIT */
/*
 * test_frdump.c - Flight Recorder dumps in bundles, end to end.
 *
 * The scenarios 40-44 check each verdict (test_scenarios.c); here: a
 * damaged or hostile dump beside good ones is skipped with its reason and
 * the rest still decides; dumps inside archives (a tar.gz holding a zip
 * of the dumps) are read like loose ones; the saved analysis gives the
 * same Flight Recorder fields as the fresh one; a hang without dumps says
 * how to enable them; size, dtype and state mismatches (the first per
 * group counts); split groups that share a name; the 2.0 dump layout;
 * the dumps behind the fr_trace report in pytorch/pytorch#140969; a
 * rank whose buffer lost a group's entries, told by its pg_status.
 */
#include <criterion/criterion.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fl_test.h"

/* The value at a dotted path of object keys; NULL when absent. */
static json_t *at(json_t *j, const char *path)
{
	while (j && *path) {
		size_t n = strcspn(path, ".");
		char key[64];
		snprintf(key, sizeof(key), "%.*s", (int)n, path);
		j = json_object_get(j, key);
		path += n + (path[n] == '.');
	}
	return j;
}

static const char *str(json_t *j, const char *path)
{
	json_t *v = at(j, path);
	return json_is_string(v) ? json_string_value(v) : "";
}

static json_int_t num(json_t *j, const char *path)
{
	json_t *v = at(j, path);
	return json_is_integer(v) ? json_integer_value(v) : -1;
}

static char *scenario(const char *name)
{
	char *p = NULL;
	cr_assert(asprintf(&p, "%s/scenarios/%s/bundle", FL_TESTDATA_DIR, name) > 0);
	return p;
}

Test(frdump, damaged_dumps_are_skipped_the_rest_decides, .timeout = 60)
{
	struct fl_session t;
	fl_session_init(&t, "fr-damaged");
	char *src = scenario("41-fr-type-mismatch"), *dir = NULL, *p = NULL;
	cr_assert(asprintf(&dir, "%s/bundle", t.dir) > 0);
	cr_assert(fl_test_copy_tree(src, dir));
	/* a dump cut short, and one that asks to run code */
	cr_assert(asprintf(&p, "%s/fr/job7781_rank0", dir) > 0);
	size_t n;
	char *whole = fl_test_slurp(p, &n);
	cr_assert(whole && n > 4000);
	free(p);
	cr_assert(asprintf(&p, "%s/fr/job7781_rank8", dir) > 0);
	cr_assert(fl_test_write(p, whole, 3000));
	free(p);
	static const char evil[] = "\x80\x02}(X\x07\x00\x00\x00versionX\x03\x00\x00\x00"
				   "2.4X\x09\x00\x00\x00pg_configcposix\nsystem\nX\x02\x00\x00\x00id\x85R.";
	cr_assert(asprintf(&p, "%s/fr/job7781_rank9", dir) > 0);
	cr_assert(fl_test_write(p, evil, sizeof(evil) - 1));
	free(p);

	json_t *j = fl_session_analyze(&t, dir, NULL, NULL);
	cr_expect_str_eq(str(j, "verdict.hang.flight_recorder.mismatch"), "collective_type");
	cr_expect_eq(num(j, "verdict.hang.flight_recorder.diverging.rank"), 3);
	json_decref(j);
	cr_assert_eq(fl_session_run(&t, "sql", "--db", t.db,
				    "SELECT path || ': ' || reason FROM skipped ORDER BY path", NULL),
		     0, "%s", t.err);
	cr_expect(strstr(t.out, "fr/job7781_rank8: flight recorder dump not read: pickle: data cut short"),
		  "%s", t.out);
	cr_expect(strstr(t.out, "fr/job7781_rank9: flight recorder dump not read: pickle: opcode GLOBAL "
				"refused"),
		  "%s", t.out);
	free(whole);
	free(dir);
	free(src);
	fl_session_release(&t);
}

Test(frdump, dumps_inside_archives, .timeout = 60)
{
	struct fl_session t;
	fl_session_init(&t, "fr-archives");
	char *src = scenario("40-fr-not-joined"), *cmd = NULL, *tgz = NULL;
	cr_assert(asprintf(&tgz, "%s/job.tar.gz", t.dir) > 0);
	/* each node's dumps zipped, the logs and the zips in one tar.gz */
	cr_assert(asprintf(&cmd,
			   "set -e; cp -r '%s' '%s/b'; cd '%s/b'; for h in *; do (cd $h && zip -qr fr.zip fr"
			   " && rm -r fr); done; tar -czf '%s' .",
			   src, t.dir, t.dir, tgz) > 0);
	cr_assert_eq(system(cmd), 0, "%s", cmd);
	json_t *ref = fl_session_analyze(&t, src, NULL, NULL);
	json_t *got = fl_session_analyze(&t, tgz, NULL, NULL);
	cr_expect_str_eq(str(got, "verdict.hang.source"), "flight_recorder");
	cr_expect_eq(num(got, "verdict.hang.seq"), num(ref, "verdict.hang.seq"));
	cr_expect(json_equal(at(got, "verdict.hang.stuck_ranks"), at(ref, "verdict.hang.stuck_ranks")));
	cr_expect(json_equal(at(got, "verdict.hang.flight_recorder"), at(ref, "verdict.hang.flight_recorder")));
	json_decref(ref);
	json_decref(got);
	free(cmd);
	free(tgz);
	free(src);
	fl_session_release(&t);
}

/* `report` reads the saved analysis: the dumps' fields must survive it. */
Test(frdump, saved_analysis_keeps_the_dumps_fields, .timeout = 60)
{
	struct fl_session t;
	fl_session_init(&t, "fr-saved");
	char *src = scenario("41-fr-type-mismatch"), *out = NULL;
	json_t *fresh = fl_session_analyze(&t, src, NULL, NULL);
	cr_assert(asprintf(&out, "%s/saved.json", t.dir) > 0);
	cr_assert_eq(fl_session_run(&t, "report", "last", "--db", t.db, "--format", "json", "-o", out,
				    NULL),
		     0, "%s", t.err);
	json_error_t e;
	json_t *saved = json_load_file(out, 0, &e);
	cr_assert_not_null(saved, "%s", e.text);
	cr_expect(json_equal(at(saved, "verdict.hang"), at(fresh, "verdict.hang")));
	json_decref(fresh);
	json_decref(saved);
	free(out);
	free(src);
	fl_session_release(&t);
}

Test(frdump, hang_without_dumps_says_how_to_enable_them, .timeout = 60)
{
	struct fl_session t;
	fl_session_init(&t, "fr-none");
	char *src = scenario("05-collective-hang");
	json_t *j = fl_session_analyze(&t, src, NULL, NULL);
	cr_expect_eq(json_typeof(at(j, "verdict.hang.flight_recorder")), JSON_NULL);
	cr_expect_str_eq(str(j, "verdict.hang.source"), "watchdog");
	json_t *rem = at(j, "verdict.likely_cause.remediation");
	bool said = false;
	for (size_t i = 0; i < json_array_size(rem); i++) {
		const char *s = json_string_value(json_array_get(rem, i));
		said |= s && strstr(s, "TORCH_NCCL_TRACE_BUFFER_SIZE") &&
			strstr(s, "TORCH_NCCL_DUMP_ON_TIMEOUT");
	}
	cr_expect(said, "no remediation line tells how to enable Flight Recorder dumps");
	json_decref(j);
	free(src);
	fl_session_release(&t);
}

/* Runs body in Python to write dumps into t's dumps/, with `fr` (the
 * writer, testdata/gen/fr_dump.py), `out` (that directory) and `arg`
 * (arg, or "") set; returns the directory's analysis (caller frees). */
static json_t *analyze_dumps(struct fl_session *t, const char *body, const char *arg)
{
	char *dir = NULL, *cmd = NULL;
	cr_assert(asprintf(&dir, "%s/dumps", t->dir) > 0);
	cr_assert(asprintf(&cmd,
			   "python3 - '%s' '%s' '%s' <<'PY'\n"
			   "import os, sys\n"
			   "sys.path.insert(0, sys.argv[1])\n"
			   "import fr_dump as fr\n"
			   "out, arg = sys.argv[2], sys.argv[3]\n"
			   "os.makedirs(out, exist_ok=True)\n"
			   "%sPY",
			   FL_TESTDATA_DIR "/gen", dir, arg ? arg : "", body) > 0);
	cr_assert_eq(system(cmd), 0, "%s", cmd);
	json_t *j = fl_session_analyze(t, dir, NULL, NULL);
	free(cmd);
	free(dir);
	return j;
}

/* Writes four ranks' dumps with fr_dump.py: seq 1 and 2 of the default
 * group agree; at seq 3 rank 2 differs as `how` says (size or dtype),
 * and at seq 4 everything differs again (only the first mismatch may
 * count). */
static const char MISMATCH_PY[] =
	"how = arg\n"
	"for r in range(4):\n"
	"    ents = []\n"
	"    for s in range(1, 5):\n"
	"        size, dt = [[1024]], ['Float']\n"
	"        if r == 2 and s >= 3:\n"
	"            size, dt = ([[512]], dt) if how == 'size' else (size, ['BFloat16'])\n"
	"        if s == 4:\n"
	"            size = [[r + 1]]\n"
	"        st = 'completed' if s < 3 else 'started'\n"
	"        ents.append(fr.entry(s - 1, 0, ('0', 'default_pg'), s, 0, s, 'nccl:all_reduce',\n"
	"                             size, dt, size, dt, st, 1000 * s, 1000 * s + 1,\n"
	"                             1000 * s + 2 if st == 'completed' else None))\n"
	"    d = fr.dump(ents, [('0', 'default_pg', [0, 1, 2, 3])], {0: (4, 4, 2)})\n"
	"    open(os.path.join(out, 'nccl_trace_rank_%d' % r), 'wb').write(fr.to_pickle(d))\n";

Test(frdump, size_and_dtype_mismatch_first_one_counts, .timeout = 60)
{
	static const char *const how[] = { "size", "dtype" };
	for (size_t i = 0; i < 2; i++) {
		struct fl_session t;
		fl_session_init(&t, how[i]);
		json_t *j = analyze_dumps(&t, MISMATCH_PY, how[i]);
		cr_expect_str_eq(str(j, "verdict.status"), "hung", "%s", how[i]);
		cr_expect_str_eq(str(j, "verdict.hang.source"), "flight_recorder", "%s", how[i]);
		cr_expect_str_eq(str(j, "verdict.hang.flight_recorder.mismatch"), how[i]);
		cr_expect_eq(num(j, "verdict.hang.seq"), 3, "%s", how[i]);
		cr_expect_str_eq(str(j, "verdict.hang.collective"), "ALLREDUCE");
		json_t *stuck = at(j, "verdict.hang.stuck_ranks");
		cr_expect(json_array_size(stuck) == 1 && json_integer_value(json_array_get(stuck, 0)) == 2,
			  "%s: stuck ranks", how[i]);
		json_decref(j);
		fl_session_release(&t);
	}
}

/* Writes four ranks' dumps of the default group with fr_dump.py: seq 1
 * and 2 completed everywhere, seq 3 an ALLREDUCE whose state on rank r
 * is `states`[r] ('c' completed, 't' started, 's' scheduled). */
static const char STATE_PY[] =
	"states = arg\n"
	"name = {'c': 'completed', 't': 'started', 's': 'scheduled'}\n"
	"for r in range(4):\n"
	"    ents = []\n"
	"    for s in range(1, 4):\n"
	"        st = 'completed' if s < 3 else name[states[r]]\n"
	"        t = 1700000000000000000 + 10**9 * s\n"
	"        ents.append(fr.entry(s - 1, 0, ('0', 'default_pg'), s, 0, s, 'nccl:all_reduce',\n"
	"                             [[4096]], ['Float'], [[4096]], ['Float'], st, t,\n"
	"                             t + 41000 if st != 'scheduled' else None,\n"
	"                             t + 9000000 if st == 'completed' else None,\n"
	"                             retired=st == 'completed'))\n"
	"    last = 3 if states[r] == 'c' else 2\n"
	"    d = fr.dump(ents, [('0', 'default_pg', [0, 1, 2, 3])], {0: (3, 3, last)})\n"
	"    open(os.path.join(out, 'nccl_trace_rank_%d' % r), 'wb').write(fr.to_pickle(d))\n";

static bool ranks_are(json_t *a, const int64_t *want, size_t n)
{
	if (json_array_size(a) != n)
		return false;
	for (size_t i = 0; i < n; i++)
		if (json_integer_value(json_array_get(a, i)) != want[i])
			return false;
	return true;
}

/* A state mismatch with dumps alone: some ranks completed seq 3 and the
 * others did not (the unfinished ones are stuck), or nobody did but some
 * GPUs started the kernel while others have it only queued (the queued
 * ones are stuck: their streams never reached it). All unfinished in the
 * same state is not a mismatch. */
Test(frdump, state_mismatch, .timeout = 60)
{
	static const struct {
		const char *states, *mismatch;
		int64_t stuck[4];
		size_t nstuck;
		int64_t diverging;
	} cases[] = {
		{ "cctt", "state", { 2, 3 }, 2, 2 },
		{ "ttst", "state", { 2 }, 1, 2 },
		{ "ssts", "state", { 0, 1, 3 }, 3, 0 },
		{ "tttt", "not_completed", { 0 }, 0, -1 },
		{ "ssss", "not_completed", { 0 }, 0, -1 },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(*cases); i++) {
		struct fl_session t;
		fl_session_init(&t, cases[i].states);
		json_t *j = analyze_dumps(&t, STATE_PY, cases[i].states);
		const char *s = cases[i].states;
		cr_expect_str_eq(str(j, "verdict.status"), "hung", "%s", s);
		cr_expect_str_eq(str(j, "verdict.hang.source"), "flight_recorder", "%s", s);
		cr_expect_str_eq(str(j, "verdict.hang.flight_recorder.mismatch"), cases[i].mismatch, "%s", s);
		cr_expect_eq(num(j, "verdict.hang.seq"), 3, "%s", s);
		cr_expect(ranks_are(at(j, "verdict.hang.stuck_ranks"), cases[i].stuck, cases[i].nstuck),
			  "%s: stuck ranks", s);
		cr_expect_eq(num(j, "verdict.hang.flight_recorder.diverging.rank"), cases[i].diverging, "%s", s);
		json_decref(j);
		fl_session_release(&t);
	}
}

/* Two groups of different members with the same name (split_group can
 * name them alike; the dumps' pg_config tells them apart): ranks 0-3
 * all-gather in group "1", ranks 4-7 reduce-scatter in their own group
 * "1", and at seq 6 of the second, rank 6 never joins. Matched by name
 * alone the two groups would differ in op at every seq and rank 6 would
 * not be a member of the first. */
Test(frdump, split_groups_with_one_name, .timeout = 60)
{
	struct fl_session t;
	fl_session_init(&t, "fr-split");
	json_t *j = analyze_dumps(&t,
				"for r in range(8):\n"
				"    members = [0, 1, 2, 3] if r < 4 else [4, 5, 6, 7]\n"
				"    op, isz, osz = (('nccl:_all_gather_base', [[1024, 4096]], [[4096, 4096]]) if r < 4 else\n"
				"                    ('nccl:_reduce_scatter_base', [[8192, 4096]], [[2048, 4096]]))\n"
				"    ents, rid = [], 0\n"
				"    for s in range(1, 7):\n"
				"        if r == 6 and s == 6:\n"
				"            break\n"
				"        st = 'started' if s == 6 and r >= 4 else 'completed'\n"
				"        t = 1700000000000000000 + 10**9 * s\n"
				"        ents.append(fr.entry(rid, 1, ('1', 'tp'), s, 0, s, op, isz, ['BFloat16'], osz,\n"
				"                             ['BFloat16'], st, t, t + 41000,\n"
				"                             t + 9000000 if st == 'completed' else None,\n"
				"                             retired=st == 'completed'))\n"
				"        rid += 1\n"
				"        if s % 2 == 0:\n"
				"            ents.append(fr.entry(rid, 0, ('0', 'default_pg'), s // 2, 0, s // 2,\n"
				"                                 'nccl:all_reduce', [[4096]], ['Float'], [[4096]], ['Float'],\n"
				"                                 'completed', t + 500, t + 41500, t + 9000500, retired=True))\n"
				"            rid += 1\n"
				"    pgs = [('0', 'default_pg', list(range(8))), ('1', 'tp', members)]\n"
				"    d = fr.dump(ents, pgs, {0: (3, 3, 3), 1: (6, 6, 5)})\n"
				"    open(os.path.join(out, 'nccl_trace_rank_%d' % r), 'wb').write(fr.to_pickle(d))\n",
				  NULL);
	cr_expect_str_eq(str(j, "verdict.hang.source"), "flight_recorder");
	cr_expect_str_eq(str(j, "verdict.hang.flight_recorder.mismatch"), "not_joined");
	cr_expect_eq(num(j, "verdict.hang.seq"), 6);
	cr_expect_str_eq(str(j, "verdict.hang.collective"), "_REDUCE_SCATTER_BASE");
	static const int64_t six[] = { 6 };
	cr_expect(ranks_are(at(j, "verdict.hang.stuck_ranks"), six, 1), "stuck ranks");
	cr_expect_eq(num(j, "verdict.hang.flight_recorder.diverging.rank"), 6);
	json_decref(j);
	fl_session_release(&t);
}

/* The oldest dict layout (dump version 2.0, torch's NCCLTraceBuffer in
 * TraceUtils.h): entries before version, no pg_status, no timeout_ms,
 * frames last, caffe2 dtype names. Rank 1 stops after seq 2; the others
 * start seq 3 and wait. */
Test(frdump, dump_version_2_0, .timeout = 60)
{
	struct fl_session t;
	fl_session_init(&t, "fr-v20");
	json_t *j = analyze_dumps(&t,
				"tb = [fr.frame('all_reduce', '/usr/lib/python3/dist-packages/torch/distributed/distributed_c10d.py', 2050),\n"
				"      fr.frame('train_step', '/job/train.py', 77)]\n"
				"for r in range(4):\n"
				"    ents = []\n"
				"    for s in range(1, 4 if r != 1 else 3):\n"
				"        st = 'completed' if s < 3 else 'scheduled'\n"
				"        t = 1700000000000000000 + 10**9 * s\n"
				"        ents.append(fr.entry(s - 1, 0, ('0', ''), s, 0, s, 'nccl:all_reduce', [[4096]], ['float'],\n"
				"                             [[4096]], ['float'], st, t, None,\n"
				"                             t + 9000000 if st == 'completed' else None,\n"
				"                             retired=st == 'completed', frames=tb, version='2.0'))\n"
				"    d = fr.dump(ents, [('0', '', [0, 1, 2, 3])], {}, version='2.0')\n"
				"    b = fr.to_pickle(d)\n"
				"    assert b.index(b'entries') < b.index(b'version') < b.index(b'pg_config')\n"
				"    assert b'timeout_ms' not in b and b'pg_status' not in b\n"
				"    open(os.path.join(out, 'nccl_trace_rank_%d' % r), 'wb').write(b)\n",
				  NULL);
	cr_expect_str_eq(str(j, "verdict.hang.source"), "flight_recorder");
	cr_expect_str_eq(str(j, "verdict.hang.flight_recorder.mismatch"), "not_joined");
	cr_expect_eq(num(j, "verdict.hang.seq"), 3);
	static const int64_t one[] = { 1 };
	cr_expect(ranks_are(at(j, "verdict.hang.stuck_ranks"), one, 1), "stuck ranks");
	json_t *fr = at(j, "verdict.hang.flight_recorder.majority.frames");
	cr_expect(json_array_size(fr) == 2 && strstr(json_string_value(json_array_get(fr, 1)), "train.py:77"),
		  "majority frames");
	json_decref(j);
	fl_session_release(&t);
}

/* Dumps rebuilt from the fr_trace report quoted in pytorch/pytorch#140969
 * (a real 8-rank job): "Not all ranks joining collective", sequence
 * number 31117, internal record id 31116, group 0:default_pg,
 * nccl:all_reduce of [[1571911]], missing ranks {3, 4, 5, 6, 7},
 * collective state scheduled, issued by sync_buffers
 * (gaussian_splatting.py:650) through c10d_logger's wrapper. The report
 * gives no dtype (Float here) and no times. Ranks 0-2 hold the scheduled
 * entry; ranks 3-7 end at 31116. */
Test(frdump, report_from_pytorch_140969, .timeout = 60)
{
	struct fl_session t;
	fl_session_init(&t, "fr-140969");
	json_t *j = analyze_dumps(&t,
				"lt = '/packages/fblearner.flow.canary/workflow#link-tree/'\n"
				"tb = [fr.frame('all_reduce', lt + 'torch/distributed/distributed_c10d.py', 2707),\n"
				"      fr.frame('wrapper', lt + 'torch/distributed/c10d_logger.py', 81),\n"
				"      fr.frame('sync_buffers', lt + 'xri_mapsr/neural_fields/models/gaussian_splatting.py', 650)]\n"
				"for r in range(8):\n"
				"    ents = []\n"
				"    for s in range(31117 - 50, 31118 if r < 3 else 31117):\n"
				"        st = 'scheduled' if s == 31117 else 'completed'\n"
				"        t = 1731900000000000000 + 10**8 * (s - 31000)\n"
				"        ents.append(fr.entry(s - 1, 0, ('0', 'default_pg'), s, 0, s, 'nccl:all_reduce',\n"
				"                             [[1571911]], ['Float'], [[1571911]], ['Float'], st, t, None,\n"
				"                             t + 2000000 if st == 'completed' else None,\n"
				"                             retired=st == 'completed', frames=tb))\n"
				"    last = 31117 if r < 3 else 31116\n"
				"    d = fr.dump(ents, [('0', 'default_pg', list(range(8)))], {0: (last, last, 31116)})\n"
				"    open(os.path.join(out, 'nccl_trace_rank_%d' % r), 'wb').write(fr.to_pickle(d))\n",
				  NULL);
	cr_expect_str_eq(str(j, "verdict.status"), "hung");
	cr_expect_str_eq(str(j, "verdict.hang.source"), "flight_recorder");
	cr_expect_str_eq(str(j, "verdict.hang.flight_recorder.mismatch"), "not_joined");
	cr_expect_eq(num(j, "verdict.hang.seq"), 31117);
	cr_expect_str_eq(str(j, "verdict.hang.collective"), "ALLREDUCE");
	cr_expect_str_eq(str(j, "verdict.hang.process_group"), "default_pg");
	static const int64_t missing[] = { 3, 4, 5, 6, 7 };
	cr_expect(ranks_are(at(j, "verdict.hang.stuck_ranks"), missing, 5), "stuck ranks");
	json_t *fr = at(j, "verdict.hang.flight_recorder.majority.frames");
	cr_expect(json_array_size(fr) == 3 && strstr(json_string_value(json_array_get(fr, 2)), "sync_buffers"),
		  "majority frames");
	json_decref(j);
	fl_session_release(&t);
}

/* A rarely used group whose old entries left a rank's ring buffer: each
 * step all-reduces on the data-parallel group "1", every 25 steps the
 * default group syncs a stop flag. Rank 2 stops before the second sync;
 * its 20-entry buffer holds only group "1" entries, so only its
 * pg_status (last enqueued default-group collective: 1) tells that it
 * never joined seq 2, where the others wait. */
Test(frdump, pg_status_shows_a_rank_whose_buffer_lost_the_group, .timeout = 60)
{
	struct fl_session t;
	fl_session_init(&t, "fr-status");
	json_t *j = analyze_dumps(&t,
				"for r in range(4):\n"
				"    hist, dp, world = [], 0, 0\n"
				"    def add(pg, name, seq, sz, st, t):\n"
				"        hist.append(fr.entry(len(hist), int(pg[0]), pg, seq, 0, seq, 'nccl:all_reduce', sz, ['Float'],\n"
				"                             sz, ['Float'], st, t, t + 41000,\n"
				"                             t + 9000000 if st == 'completed' else None,\n"
				"                             retired=st == 'completed'))\n"
				"    for step in range(1, 51):\n"
				"        t = 1700000000000000000 + 10**9 * step\n"
				"        if step % 25 == 1:\n"
				"            world += 1\n"
				"            add(('0', 'default_pg'), 'sync', world, [[1]], 'completed', t)\n"
				"        if r == 2 and step > 45:\n"
				"            break\n"
				"        dp += 1\n"
				"        add(('1', 'dp'), 'grad', dp, [[26214400]], 'completed', t + 5 * 10**8)\n"
				"    if r != 2:\n"
				"        world += 1\n"
				"        add(('0', 'default_pg'), 'sync', world, [[1]], 'started', 1700000000000000000 + 51 * 10**9)\n"
				"    pgs = [('0', 'default_pg', [0, 1, 2, 3]), ('1', 'dp', [0, 1, 2, 3])]\n"
				"    d = fr.dump(hist[-20:], pgs, {0: (world, world, 2), 1: (dp, dp, dp)})\n"
				"    assert r != 2 or not [e for e in hist[-20:] if e['process_group'][0] == '0']\n"
				"    open(os.path.join(out, 'nccl_trace_rank_%d' % r), 'wb').write(fr.to_pickle(d))\n",
				  NULL);
	cr_expect_str_eq(str(j, "verdict.hang.source"), "flight_recorder");
	cr_expect_str_eq(str(j, "verdict.hang.flight_recorder.mismatch"), "not_joined");
	cr_expect_eq(num(j, "verdict.hang.seq"), 3);
	cr_expect_str_eq(str(j, "verdict.hang.process_group"), "default_pg");
	static const int64_t two[] = { 2 };
	cr_expect(ranks_are(at(j, "verdict.hang.stuck_ranks"), two, 1), "stuck ranks");
	json_decref(j);
	fl_session_release(&t);
}
