/* SPDX-License-Identifier: MIT */
/*
 * test_findings.c - findings whose signal is a trend in the step lines
 * (loss_spike, throughput_drop, low_mfu), on small torchtitan-format logs
 * written by the test, each with a control that must not trigger them;
 * and nccl_version_mismatch where only one node prints NCCL's banner.
 */
#include <criterion/criterion.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "faultline/store.h"
#include "fl_test.h"

/* One torchtitan step line (the 2025 format) after prefix, stamped
 * `step` seconds past 12:00. */
static void step_line(FILE *fp, const char *prefix, int step, double loss, int tps, double mfu)
{
	fprintf(fp,
		"%s[titan] 2026-11-30 12:%02d:%02d,000 - root - INFO - step: %2d  loss: %8.5f"
		"  grad_norm:  1.2345  memory: 45.12GiB(56.98%%)  tps: %d,%03d  tflops: 123.45"
		"  mfu: %.2f%%\n",
		prefix, step / 60, step % 60, step, loss, tps / 1000, tps % 1000, mfu);
}

/* Writes rank0.log with n step lines; loss, tps and mfu per step come
 * from the callbacks. */
static void write_steps(const char *dir, int n, double (*loss)(int), int (*tps)(int),
			double (*mfu)(int))
{
	char path[4096];
	snprintf(path, sizeof(path), "%s/rank0.log", dir);
	FILE *fp = fopen(path, "w");
	cr_assert(fp);
	for (int i = 1; i <= n; i++)
		step_line(fp, "[rank0]:", i, loss(i), tps(i), mfu(i));
	fclose(fp);
}

/* The JSON report of `analyze <t->dir>/rank0.log --no-keep` on t's store. */
static json_t *analyze_dir(struct fl_session *t)
{
	char *bundle = fl_session_path(t, "rank0.log");
	json_t *r = fl_session_analyze(t, bundle, "--no-keep", NULL);
	free(bundle);
	return r;
}

/* fl_session_json(), whose output must be rows. */
static json_t *verb_json(struct fl_session *t, const char *const *head)
{
	json_t *j = fl_session_json(t, head);
	cr_assert(json_is_array(j), "faultline %s: no JSON rows", head[0]);
	return j;
}

/* <t->dir>/bundle, made; caller frees. */
static char *bundle_dir(struct fl_session *t)
{
	char *dir = fl_session_path(t, "bundle");
	cr_assert_eq(mkdir(dir, 0755), 0, "cannot make %s", dir);
	return dir;
}

static bool has_finding(json_t *r, const char *id)
{
	size_t i;
	json_t *f;
	json_array_foreach(json_object_get(r, "findings"), i, f)
		if (!strcmp(json_string_value(json_object_get(f, "id")), id))
			return true;
	return false;
}

static double flat_loss(int i) { return 3.0 + (i % 3) * 0.01; }
static double spike_loss(int i) { return i == 25 ? 9.5 : flat_loss(i); }
static int steady_tps(int i) { return 10050 + (i % 5); }
static int falling_tps(int i) { return i > 24 ? 4200 : 10050; }
static double good_mfu(int i) { return 41.5; }
static double poor_mfu(int i) { return 18.25; }

Test(findings, loss_spike, .timeout = 60)
{
	struct fl_session a, b;
	fl_session_init(&a, "spike");
	write_steps(a.dir, 32, spike_loss, steady_tps, good_mfu);
	json_t *r = analyze_dir(&a);
	cr_expect(has_finding(r, "loss_spike"), "a loss of 9.5 among 3.0s is a spike");
	json_decref(r);
	fl_session_init(&b, "nospike");
	write_steps(b.dir, 32, flat_loss, steady_tps, good_mfu);
	r = analyze_dir(&b);
	cr_expect(!has_finding(r, "loss_spike"), "a flat loss has no spike");
	cr_expect(!has_finding(r, "throughput_drop"));
	cr_expect(!has_finding(r, "low_mfu"));
	json_decref(r);
	fl_session_release(&a);
	fl_session_release(&b);
}

Test(findings, throughput_drop_and_low_mfu, .timeout = 60)
{
	struct fl_session a;
	fl_session_init(&a, "drop");
	write_steps(a.dir, 32, flat_loss, falling_tps, poor_mfu);
	json_t *r = analyze_dir(&a);
	cr_expect(has_finding(r, "throughput_drop"), "tokens/s fell from 10,050 to 4,200");
	cr_expect(has_finding(r, "low_mfu"), "mfu 18.25%% is under 30%%");
	json_t *mfu = json_object_get(json_object_get(r, "training"), "mfu");
	cr_expect(json_is_number(mfu) && json_number_value(mfu) > 0.18 && json_number_value(mfu) < 0.19);
	json_decref(r);
	fl_session_release(&a);
}

static double nan_at_10(int i) { return i == 10 ? NAN : flat_loss(i); }

/* Step lines are summed per step for the whole log, but kept as rows only
 * for each rank's last 16 lines and the abnormal ones: the report still
 * sees every step and the first NaN, and `steps` lists what was kept. */
Test(findings, long_logs_keep_sums_of_every_step, .timeout = 60)
{
	struct fl_session a;
	fl_session_init(&a, "long");
	write_steps(a.dir, 200, nan_at_10, steady_tps, good_mfu);
	json_t *r = analyze_dir(&a);
	json_t *t = json_object_get(r, "training");
	cr_expect_eq(json_integer_value(json_object_get(t, "steps")), 200);
	cr_expect_eq(json_integer_value(json_object_get(t, "last_step")), 200);
	cr_expect_eq(json_integer_value(json_object_get(t, "first_nonfinite_step")), 10);
	cr_expect(has_finding(r, "nonfinite_loss"));
	json_decref(r);

	json_t *rows = verb_json(&a, (const char *[]){ "steps", "last", NULL });
	cr_expect_eq(json_array_size(rows), 17, "the last 16 lines and the NaN one");
	cr_expect_eq(json_integer_value(json_object_get(json_array_get(rows, 0), "step")), 10);
	cr_expect_str_eq(json_string_value(json_object_get(json_array_get(rows, 0), "loss")), "nan");
	cr_expect_eq(json_integer_value(json_object_get(json_array_get(rows, 1), "step")), 185);
	json_decref(rows);

	rows = verb_json(&a, (const char *[]){ "steps", "last", "--per-step", NULL });
	cr_expect_eq(json_array_size(rows), 200);
	json_t *s9 = json_array_get(rows, 8), *s10 = json_array_get(rows, 9);
	cr_expect_eq(json_integer_value(json_object_get(s9, "step")), 9);
	cr_expect(json_number_value(json_object_get(s9, "loss")) == 3.0, "step 9 logged 3.00000");
	cr_expect(json_is_null(json_object_get(s10, "loss")), "a NaN is not averaged in");
	json_decref(rows);

	cr_expect_eq(fl_session_run(&a, "steps", "last", "--per-step", "--rank", "0", "--db", a.db,
				    NULL), 2, "--per-step has no rank");
	fl_session_release(&a);
}

static void write_range(const char *path, int from, int to)
{
	FILE *fp = fopen(path, "a");
	cr_assert(fp);
	for (int i = from; i <= to; i++)
		step_line(fp, "", i, 3.0 + i, 10050, 41.5);
	fclose(fp);
}

/* Per-step sums over files that log different steps, out of order (a
 * rank that restarted logs earlier steps again): each step counts every
 * line that logged it. */
Test(findings, step_sums_take_steps_in_any_order, .timeout = 60)
{
	struct fl_session a;
	fl_session_init(&a, "steporder");
	char *bundle = bundle_dir(&a);
	char *r0 = fl_session_path(&a, "bundle/rank0.log"), *r1 = fl_session_path(&a, "bundle/rank1.log");
	write_range(r0, 1, 10);
	write_range(r1, 5, 15);
	write_range(r1, 3, 4);
	fl_session_ingest(&a, bundle, "--no-keep");
	json_t *rows = verb_json(&a, (const char *[]){ "steps", "last", "--per-step", NULL });
	cr_assert_eq(json_array_size(rows), 15);
	for (int step = 1; step <= 15; step++) {
		json_t *r = json_array_get(rows, (size_t)step - 1);
		int want = step <= 2 || step > 10 ? 1 : 2;
		cr_expect_eq(json_integer_value(json_object_get(r, "step")), step);
		cr_expect_eq(json_integer_value(json_object_get(r, "lines")), want, "step %d", step);
		cr_expect(fabs(json_number_value(json_object_get(r, "loss")) - (3.0 + step)) < 1e-9);
	}
	json_decref(rows);
	free(r0);
	free(r1);
	free(bundle);
	fl_session_release(&a);
}

/* Rows per file are kept in a ring per rank, for at most 256 ranks; a
 * file that interleaves more (srun --label output of a large job) writes
 * the further ranks' lines as rows directly. Either way every line is
 * summed into its step. */
Test(findings, a_file_of_many_ranks_keeps_every_sum, .timeout = 60)
{
	struct fl_session a;
	fl_session_init(&a, "manyranks");
	char *path;
	FILE *fp = fl_session_create(&a, "slurm-4242.out", &path);
	const int ranks = 300, steps = 70;
	for (int s = 1; s <= steps; s++)
		for (int r = 0; r < ranks; r++) {
			char label[16]; /* srun --label */
			snprintf(label, sizeof(label), "%d: ", r);
			step_line(fp, label, s, 3.0 + s, 10050, 41.5);
		}
	fclose(fp);
	fl_session_ingest(&a, path, "--no-keep");
	json_t *rows = verb_json(&a, (const char *[]){ "steps", "last", "--per-step", NULL });
	cr_assert_eq(json_array_size(rows), (size_t)steps);
	json_t *r;
	size_t i;
	json_array_foreach(rows, i, r)
		cr_expect_eq(json_integer_value(json_object_get(r, "lines")), ranks, "step %zu", i + 1);
	json_decref(rows);
	rows = verb_json(&a, (const char *[]){ "sql", "SELECT COUNT(*) AS n FROM steps", NULL });
	/* 256 rings of the last 16 lines, and every line of the 44 ranks beyond */
	cr_expect_eq(json_integer_value(json_object_get(json_array_get(rows, 0), "n")),
		     256 * 16 + (ranks - 256) * steps);
	json_decref(rows);
	free(path);
	fl_session_release(&a);
}

/* Past 65536 steps in memory the sums are flushed early (spilled to a
 * temporary file) and start again, and again when a later file starts
 * below the steps held (rank1's step 1 here, under the 65564 steps rank0
 * left): the merge at the end adds a later file's lines for the same
 * steps to the flushed ones. */
Test(findings, step_sums_spilled_early_still_add_up, .timeout = 60)
{
	struct fl_session a;
	fl_session_init(&a, "spill");
	char *dir = bundle_dir(&a);
	char *r0, *r1 = fl_session_path(&a, "bundle/rank1.log");
	const int many = 131100;
	FILE *fp = fl_session_create(&a, "bundle/rank0.log", &r0);
	/* a short form of the step line keeps this file small */
	for (int s = 1; s <= many; s++)
		fprintf(fp, "[titan] 2026-11-30 12:00:00,000 - root - INFO - step: %d  loss: 2.50000\n",
			s);
	fclose(fp);
	write_range(r1, 1, 5);
	fl_session_ingest(&a, dir, "--no-keep");
	const char *q[] = { "sql",
			    "SELECT COUNT(*) AS steps, SUM(lines) AS lines,"
			    " (SELECT lines FROM step_stats WHERE step = 3) AS at3,"
			    " (SELECT loss_sum FROM step_stats WHERE step = 3) AS sum3 FROM step_stats",
			    NULL };
	json_t *rows = verb_json(&a, q);
	json_t *r = json_array_get(rows, 0);
	cr_expect_eq(json_integer_value(json_object_get(r, "steps")), many);
	cr_expect_eq(json_integer_value(json_object_get(r, "lines")), many + 5);
	cr_expect_eq(json_integer_value(json_object_get(r, "at3")), 2);
	cr_expect(fabs(json_number_value(json_object_get(r, "sum3")) - (2.5 + 6.0)) < 1e-9);
	json_decref(rows);
	free(r0);
	free(r1);
	free(dir);
	fl_session_release(&a);
}

static double jump_loss(int i) { return i >= 25 ? 9.5 : flat_loss(i); }
static double spike_then_nan(int i) { return i == 30 ? NAN : spike_loss(i); }

/* A spike is a loss that comes back: one that jumps and stays up, or a
 * run that went NaN, is a divergence, not a spike. */
Test(findings, loss_spike_needs_recovery_and_no_nan, .timeout = 60)
{
	struct fl_session a, b, c;
	fl_session_init(&a, "jump");
	write_steps(a.dir, 32, jump_loss, steady_tps, good_mfu);
	json_t *r = analyze_dir(&a);
	cr_expect(!has_finding(r, "loss_spike"), "a loss that stays at 9.5 did not recover");
	json_decref(r);
	fl_session_init(&b, "spikenan");
	write_steps(b.dir, 32, spike_then_nan, steady_tps, good_mfu);
	r = analyze_dir(&b);
	cr_expect(!has_finding(r, "loss_spike"), "a run that went NaN has no spike");
	cr_expect(has_finding(r, "nonfinite_loss"));
	json_decref(r);
	fl_session_init(&c, "spikemsg");
	write_steps(c.dir, 32, spike_loss, steady_tps, good_mfu);
	r = analyze_dir(&c);
	json_t *f = json_array_get(json_object_get(r, "findings"), 0);
	const char *msg = json_string_value(json_object_get(f, "message"));
	cr_expect(msg && strstr(msg, "at step 25") && strstr(msg, "by step 26"), "%s", msg);
	cr_expect_eq(json_array_size(json_object_get(f, "evidence")), 1);
	json_decref(r);
	fl_session_release(&a);
	fl_session_release(&b);
	fl_session_release(&c);
}

static const char *finding_message(json_t *r, const char *id)
{
	size_t i;
	json_t *f;
	json_array_foreach(json_object_get(r, "findings"), i, f)
		if (!strcmp(json_string_value(json_object_get(f, "id")), id))
			return json_string_value(json_object_get(f, "message"));
	return NULL;
}

Test(findings, throughput_drop_says_from_when_and_how_much, .timeout = 60)
{
	struct fl_session a;
	fl_session_init(&a, "dropmsg");
	write_steps(a.dir, 32, flat_loss, falling_tps, good_mfu);
	json_t *r = analyze_dir(&a);
	const char *msg = finding_message(r, "throughput_drop");
	cr_assert(msg);
	cr_expect(strstr(msg, "from step 25") && strstr(msg, "down 58%"), "%s", msg);
	json_decref(r);
	fl_session_release(&a);
}

/* torchtitan lines without mfu, after its device and model-size lines. */
static void write_unmeasured(const char *dir, const char *gpu_line, int tps)
{
	char path[4096];
	snprintf(path, sizeof(path), "%s/rank0.log", dir);
	FILE *fp = fopen(path, "w");
	cr_assert(fp);
	if (gpu_line)
		fprintf(fp, "%s\n", gpu_line);
	fprintf(fp, "[rank0]:[titan] 2026-11-30 11:59:58,000 - root - INFO - Model llama3 8B size: "
		    "8,030,261,248 total parameters\n");
	for (int i = 1; i <= 20; i++)
		fprintf(fp,
			"[rank0]:[titan] 2026-11-30 12:00:%02d,000 - root - INFO - step: %2d  loss: %8.5f"
			"  grad_norm:  1.2345  memory: 45.12GiB(56.98%%)  tps: %d,%03d  tflops: 210.00\n",
			i, i, flat_loss(i), tps / 1000, tps % 1000);
	fclose(fp);
}

/* MFU = 6 x params x tokens/s per GPU / the GPU's dense peak, when the
 * framework logs none; without a GPU the logs name, there is none. */
Test(findings, mfu_computed_from_params_and_peak, .timeout = 60)
{
	struct fl_session a, b, c;
	fl_session_init(&a, "mfucomp");
	write_unmeasured(a.dir, "[rank0]:[titan] 2026-11-30 11:59:57,000 - root - INFO - CUDA capacity: "
			    "NVIDIA H100 80GB HBM3 with 79.18GiB memory", 5000);
	json_t *r = analyze_dir(&a);
	json_t *t = json_object_get(r, "training");
	double want = 6.0 * 8030261248.0 * 5000 / 989.4e12;
	cr_expect(fabs(json_number_value(json_object_get(t, "mfu")) - want) < 1e-9);
	cr_expect_str_eq(json_string_value(json_object_get(t, "mfu_source")), "params");
	cr_expect(json_number_value(json_object_get(t, "mfu_peak_tflops")) == 989.4);
	cr_expect_str_eq(json_string_value(json_object_get(t, "gpu")), "NVIDIA H100 80GB HBM3");
	const char *msg = finding_message(r, "low_mfu");
	cr_assert(msg, "24%% is under 30%%");
	cr_expect(strstr(msg, "needs work") && strstr(msg, "989.4 TFLOPS"), "%s", msg);
	json_decref(r);
	/* the text report says what the MFU is relative to, not only in a finding */
	cr_assert_eq(fl_session_run(&a, "report", "last", "--db", a.db, NULL), 0);
	cr_expect(strstr(a.out, "MFU 24.3% (computed against the 989.4 TFLOPS dense bf16/fp16 peak "
				"of the NVIDIA H100 80GB HBM3)"), "%s", a.out);

	fl_session_init(&b, "mfunogpu");
	write_unmeasured(b.dir, NULL, 5000);
	r = analyze_dir(&b);
	cr_expect(json_is_null(json_object_get(json_object_get(r, "training"), "mfu")));
	cr_expect(!has_finding(r, "low_mfu"), "no GPU named: no MFU to judge");
	json_decref(r);

	fl_session_init(&c, "mfugood");
	write_unmeasured(c.dir, "GPU 0: NVIDIA A100-SXM4-80GB (UUID: GPU-5ba8b2a5-2fcb-6bd6-1f7e-2a67c6a7c2f1)",
			 3000);
	r = analyze_dir(&c);
	t = json_object_get(r, "training");
	cr_expect(fabs(json_number_value(json_object_get(t, "mfu")) -
		       6.0 * 8030261248.0 * 3000 / 311.9e12) < 1e-9);
	cr_expect(!has_finding(r, "low_mfu"), "46%% on an A100 is not low");
	json_decref(r);
	fl_session_release(&a);
	fl_session_release(&b);
	fl_session_release(&c);
}

/* The peak table's first match: a GB200 is not judged by the HGX B200's
 * peak it contains, and a GPU whose peak the table does not know (H800
 * PCIe) has no MFU rather than the SXM part's. */
Test(findings, mfu_peak_by_most_specific_name, .timeout = 60)
{
	struct fl_session a, b;
	fl_session_init(&a, "gb200");
	write_unmeasured(a.dir, "GPU 0: NVIDIA GB200 (UUID: GPU-0b8e3f52-7f1c-4d6e-9a53-1c2d3e4f5a6b)", 20000);
	json_t *r = analyze_dir(&a);
	json_t *t = json_object_get(r, "training");
	cr_expect(fabs(json_number_value(json_object_get(t, "mfu_peak_tflops")) - 2500) < 1e-9);
	cr_expect(fabs(json_number_value(json_object_get(t, "mfu")) -
		       6.0 * 8030261248.0 * 20000 / 2500e12) < 1e-9);
	json_decref(r);

	fl_session_init(&b, "h800pcie");
	write_unmeasured(b.dir, "GPU 0: NVIDIA H800 PCIe (UUID: GPU-6c1d2e3f-4a5b-6c7d-8e9f-0a1b2c3d4e5f)", 5000);
	r = analyze_dir(&b);
	t = json_object_get(r, "training");
	cr_expect_str_eq(json_string_value(json_object_get(t, "gpu")), "NVIDIA H800 PCIe");
	cr_expect(json_is_null(json_object_get(t, "mfu")), "no peak known: no MFU");
	cr_expect(!has_finding(r, "low_mfu"));
	json_decref(r);
	fl_session_release(&a);
	fl_session_release(&b);
}

/* Megatron's straggler detector line, rank `slow` at `hi` ms. */
static void detector_line(FILE *fp, int minute, int slow, double hi)
{
	fprintf(fp,
		" 0: INFO:megatron.core.utils:[2024-03-14 23:%02d:56] | MnRtt/Rnk: 3453.08ms/8 | "
		"MxRtt/Rnk: %.2fms/%d | MnPwr/Rnk: 601796W/8 | MxPwr/Rnk: 683801W/18 | MnTmp/Rnk: "
		"52C/0 | MxTmp/Rnk: 65C/21 | MnUtl/Rnk: 97%%/8 | MxUtl/Rnk: 100%%/6 | MnClk/Rnk: "
		"1950MHz/28 | MxClk/Rnk: 1980MHz/0 | MnDRtt/Rnk: 14.27ms/23 | MxDRtt/Rnk: 34.65ms/3 | "
		"MnEtpt/Rnk: 296.02TF/0 | MxEtpt/Rnk: 297.32TF/8\n",
		minute, hi, slow);
}

Test(findings, straggler_named_by_the_straggler_detector, .timeout = 60)
{
	struct fl_session a, b;
	fl_session_init(&a, "rtt");
	char path[4096];
	snprintf(path, sizeof(path), "%s/rank0.log", a.dir);
	FILE *fp = fopen(path, "w");
	cr_assert(fp);
	for (int m = 0; m < 4; m++)
		detector_line(fp, m, 13, 4610.5);
	fclose(fp);
	json_t *r = analyze_dir(&a);
	const char *msg = finding_message(r, "straggler");
	cr_assert(msg);
	cr_expect(strstr(msg, "rank 13") && strstr(msg, "4 of 4"), "%s", msg);
	json_decref(r);

	fl_session_init(&b, "rttok");
	snprintf(path, sizeof(path), "%s/rank0.log", b.dir);
	fp = fopen(path, "w");
	cr_assert(fp);
	for (int m = 0; m < 4; m++)
		detector_line(fp, m, m, 3468.20);
	fclose(fp);
	r = analyze_dir(&b);
	cr_expect(!has_finding(r, "straggler"), "0.4%% between fastest and slowest is noise");
	json_decref(r);
	fl_session_release(&a);
	fl_session_release(&b);
}

/* Megatron's last rank prints the steps without a host; `steps --per-rank`
 * names the host attribution gave that rank (scenario 32: rank 15 on
 * dgx-h12). */
Test(findings, steps_per_rank_names_the_host, .timeout = 60)
{
	struct fl_session a;
	fl_session_init(&a, "perrankhost");
	char bundle[4096];
	snprintf(bundle, sizeof(bundle), "%s/scenarios/32-megatron-straggler/bundle", FL_TESTDATA_DIR);
	json_t *r = fl_session_analyze(&a, bundle, "--no-keep", NULL);
	json_decref(r);
	json_t *rows = verb_json(&a, (const char *[]){ "steps", "last", "--per-rank", NULL });
	cr_assert_eq(json_array_size(rows), 1);
	json_t *row = json_array_get(rows, 0);
	cr_expect_eq(json_integer_value(json_object_get(row, "rank")), 15);
	cr_expect_str_eq(json_string_value(json_object_get(row, "host")), "dgx-h12");
	cr_expect_eq(json_integer_value(json_object_get(row, "last_step")), 600);
	json_decref(rows);
	fl_session_release(&a);
}

/* A bundle of 4 ranks' logs, rankN.log with lines(rank) step lines, the
 * i-th numbered step(rank, i) with loss(i), analysed in session a: the
 * straggler finding's message (caller frees). */
static char *straggler_of(struct fl_session *a, int (*lines)(int), int (*step)(int, int),
			  double (*loss)(int))
{
	char *dir = bundle_dir(a);
	for (int rank = 0; rank < 4; rank++) {
		char path[4200];
		snprintf(path, sizeof(path), "%s/rank%d.log", dir, rank);
		FILE *fp = fopen(path, "w");
		cr_assert(fp);
		char prefix[32];
		snprintf(prefix, sizeof(prefix), "[rank%d]:", rank);
		for (int i = 1; i <= lines(rank); i++)
			step_line(fp, prefix, step(rank, i), loss(i), 10050, 41.5);
		fclose(fp);
	}
	json_t *r = fl_session_analyze(a, dir, "--no-keep", NULL);
	const char *msg = finding_message(r, "straggler");
	cr_assert(msg, "no straggler finding");
	char *copy = strdup(msg);
	json_decref(r);
	free(dir);
	return copy;
}

static int lag_lines(int rank) { return rank == 2 ? 20 : 40; }
static int lag_step(int rank, int i) { return i; }
static int ahead_lines(int rank) { return rank == 3 ? 5000 : 2500; }
static int spread_step(int rank, int i) { return i * 3 + (rank == 3 ? 2 : rank % 2); }
static double nan_loss(int i) { return i % 2 ? NAN : flat_loss(i); }

/* Ranks that each log their steps: one whose last step is far behind. */
Test(findings, straggler_by_last_progress, .timeout = 60)
{
	struct fl_session a;
	fl_session_init(&a, "lag");
	char *msg = straggler_of(&a, lag_lines, lag_step, flat_loss);
	cr_expect(strstr(msg, "rank 2") && strstr(msg, "step 20") && strstr(msg, "step 40"), "%s",
		  msg);
	free(msg);
	/* `steps --per-rank`: one row per rank, from its kept rows */
	json_t *rows = verb_json(&a, (const char *[]){ "steps", "last", "--per-rank", NULL });
	cr_assert_eq(json_array_size(rows), 4);
	json_t *r2 = json_array_get(rows, 2);
	cr_expect_eq(json_integer_value(json_object_get(r2, "rank")), 2);
	cr_expect_eq(json_integer_value(json_object_get(r2, "last_step")), 20);
	cr_expect_eq(json_integer_value(json_object_get(r2, "rows")), 16, "its last 16 lines");
	cr_expect_eq(json_integer_value(json_object_get(json_array_get(rows, 0), "last_step")), 40);
	cr_expect(fabs(json_number_value(json_object_get(r2, "tokens_per_s")) - 10050) < 1e-9);
	json_decref(rows);
	const char *bad[] = { "steps", "last", "--per-rank", "--per-step", "--db", a.db, NULL };
	cr_expect_eq(fl_session_runv(&a, bad), 2, "--per-step has no ranks");
	fl_session_release(&a);
}

/* The same with more distinct steps kept as rows than the analysis hops
 * over to find where the run's rows lie (STEP_HOPS, analyze_sql.c): a
 * loss that is NaN on every other line keeps every such line as a row
 * (the ranks log three sets of step numbers), so the walk over
 * the rows must find the ends another way. The last file read is the
 * rank that got furthest: its last rows are the run's last. */
Test(findings, straggler_among_thousands_of_kept_rows, .timeout = 60)
{
	struct fl_session a;
	fl_session_init(&a, "lagrows");
	char *msg = straggler_of(&a, ahead_lines, spread_step, nan_loss);
	cr_expect(strstr(msg, "rank 0") && strstr(msg, "step 7500") && strstr(msg, "step 15002"),
		  "%s", msg);
	free(msg);
	struct fl_store *s;
	struct fl_err err = { 0 };
	cr_assert_eq(fl_store_open(&s, a.db, 0, &err), FL_OK, "%s", err.msg);
	cr_expect_gt(fl_test_query_int(s, "SELECT COUNT(DISTINCT step) FROM steps"), 4096);
	fl_store_close(s);
	fl_session_release(&a);
}

/* NCCL <= 2.21 prints its version banner on rank 0 only, so on a job
 * whose nodes load different NCCL builds the other version shows only in
 * the NCCL error text torch prints on the ranks that fail (the versions
 * of NVIDIA/nccl#1267: 2.19.3 on three machines, 2.20.5 on one). Old
 * torch's mis-decoded versions (21.9.3 for 2.19.3) are not another one. */
static bool versions_mismatch(const char *error_version)
{
	struct fl_session t;
	fl_session_init(&t, "versions");
	char *dir = bundle_dir(&t);
	char *path = fl_session_path(&t, "bundle/node1.log");
	static const char NODE1[] =
		"instance-8g-96c-1:525781:525781 [0] NCCL INFO cudaDriverVersion 12000\n"
		"NCCL version 2.19.3+cuda12.3\n"
		"instance-8g-96c-1:525781:525957 [0] NCCL INFO NET/IB : No device found.\n";
	cr_assert(fl_test_write(path, NODE1, sizeof(NODE1) - 1));
	free(path);
	char buf[1024];
	snprintf(buf, sizeof(buf),
		 "[rank9]: torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/"
		 "c10d/ProcessGroupNCCL.cpp:1691, internal error - please report this issue to the NCCL"
		 " developers, NCCL version %s\n",
		 error_version);
	path = fl_session_path(&t, "bundle/node2.log");
	cr_assert(fl_test_write(path, buf, strlen(buf)));
	free(path);
	json_t *r = fl_session_analyze(&t, dir, "--no-keep", NULL);
	bool found = has_finding(r, "nccl_version_mismatch");
	json_decref(r);
	free(dir);
	fl_session_release(&t);
	return found;
}

Test(findings, nccl_version_mismatch_when_one_rank_prints_a_banner, .timeout = 60)
{
	cr_expect(versions_mismatch("2.20.5"), "2.19.3 banner vs 2.20.5 in an error: a mismatch");
	cr_expect(!versions_mismatch("2.19.3"), "the same version in both");
	cr_expect(!versions_mismatch("21.9.3"), "a mis-decoded version is no other version");
}
