/* SPDX-License-Identifier: MIT */
/*
 * test_telemetry.c - GPU telemetry members (src/pipeline/telemetry.c)
 * and what the analysis makes of them (src/analyze/telemetry.c): each
 * format recognised by its first line whatever the member's name, the
 * series bounded, and the odd GPU found. docs/TELEMETRY.md
 */
#include <criterion/criterion.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "faultline/analyze.h"
#include "faultline/pipeline.h"
#include "fl_test.h"

static struct fl_patterns *pats;

static void setup(void)
{
	struct fl_err err = { 0 };
	const char *dirs[] = { FL_SOURCE_DIR "/patterns" };
	cr_assert_eq(fl_patterns_load(&pats, dirs, 1, &err), FL_OK, "%s", err.msg);
}

static void teardown(void)
{
	fl_patterns_free(pats);
}

TestSuite(telemetry, .init = setup, .fini = teardown, .timeout = 60);

/* A bundle directory holding the given (name, text) members. */
struct bundle {
	char *dir, *db;
	struct fl_store *s;
	int64_t run;
};

static void put(struct bundle *b, const char *name, const char *text)
{
	char *path = fl_xasprintf("%s/bundle/%s", b->dir, name);
	char *d = fl_xstrdup(path);
	*strrchr(d, '/') = '\0';
	char *cmd = fl_xasprintf("mkdir -p '%s'", d);
	cr_assert_eq(system(cmd), 0);
	cr_assert(fl_test_write(path, text, strlen(text)));
	free(cmd);
	free(d);
	free(path);
}

static void open_bundle(struct bundle *b, const char *name)
{
	memset(b, 0, sizeof(*b));
	b->dir = fl_test_tmpdir(name);
	b->db = fl_xasprintf("%s/fl.db", b->dir);
}

static void ingest(struct bundle *b)
{
	struct fl_err err = { 0 };
	cr_assert_eq(fl_store_open(&b->s, b->db, FL_STORE_CREATE, &err), FL_OK, "%s", err.msg);
	struct fl_pipeline_opts o;
	fl_pipeline_opts_init(&o);
	o.keep = FL_KEEP_NONE;
	struct fl_ingest_result res;
	char *path = fl_xasprintf("%s/bundle", b->dir);
	cr_assert_eq(fl_pipeline_ingest(b->s, pats, path, &o, &res, &err), FL_OK, "%s", err.msg);
	b->run = res.run_id;
	free(path);
}

static void close_bundle(struct bundle *b)
{
	fl_store_close(b->s);
	free(b->db);
	free(b->dir);
}

/* One row of an aggregate query over the run's gpu_samples. */
static struct fl_stmt *row(struct bundle *b, const char *sql)
{
	struct fl_stmt *st;
	struct fl_err err = { 0 };
	cr_assert_eq(fl_store_prepare(b->s, sql, &st, &err), FL_OK, "%s", err.msg);
	cr_assert_eq(fl_stmt_step(st), 1, "no row for %s", sql);
	return st;
}

static int64_t scalar(struct bundle *b, const char *sql)
{
	struct fl_stmt *st = row(b, sql);
	int64_t v = fl_stmt_null(st, 0) ? -1 : fl_stmt_int(st, 0);
	fl_stmt_free(st);
	return v;
}

Test(telemetry, csv_columns_follow_the_header_in_any_order_with_or_without_units)
{
	struct bundle b;
	open_bundle(&b, "tele-csv");
	put(&b, "node01/gpus.log",
	    "index, power.draw, timestamp, utilization.gpu, pci.bus_id\n"
	    "0, 312.45, 2024/05/01 12:00:00.123, 100, 00000000:07:00.0\n"
	    "1, [N/A], 2024/05/01 12:00:00.125, 7, 00000000:0F:00.0\n");
	ingest(&b);
	struct fl_stmt *st = row(&b, "SELECT host, ts, power_w, util_pct, bus_id, source FROM gpu_samples"
				     " WHERE gpu = 0");
	cr_expect_str_eq(fl_stmt_text(st, 0), "node01");
	cr_expect_eq(fl_stmt_int(st, 1), fl_time_from_civil(2024, 5, 1, 12, 0, 0, 123000));
	cr_expect_float_eq(fl_stmt_double(st, 2), 312.45, 1e-9);
	cr_expect_float_eq(fl_stmt_double(st, 3), 100, 1e-9);
	cr_expect_str_eq(fl_stmt_text(st, 4), "00000000:07:00.0");
	cr_expect_str_eq(fl_stmt_text(st, 5), "nvidia-smi-csv");
	fl_stmt_free(st);
	/* [N/A] is "not sampled", not zero */
	cr_expect_eq(scalar(&b, "SELECT power_w IS NULL AND util_pct = 7 FROM gpu_samples WHERE gpu = 1"), 1);
	/* telemetry lines are not a stream of the logs */
	cr_expect_eq(scalar(&b, "SELECT COUNT(*) FROM activity"), 0);
	close_bundle(&b);
}

Test(telemetry, csv_without_header_is_left_to_the_patterns)
{
	struct bundle b;
	open_bundle(&b, "tele-noheader");
	put(&b, "node01/gpus.csv", "2024/05/01 12:00:00.123, 0, 312.45 W, 100 %\n");
	ingest(&b);
	cr_expect_eq(scalar(&b, "SELECT COUNT(*) FROM gpu_samples"), 0);
	cr_expect_eq(scalar(&b, "SELECT COUNT(*) FROM activity"), 1);
	close_bundle(&b);
}

Test(telemetry, a_long_series_is_folded_into_at_most_512_buckets)
{
	struct bundle b;
	open_bundle(&b, "tele-fold");
	struct fl_buf t = FL_BUF_INIT;
	fl_buf_adds(&t, "timestamp, index, power.draw [W], utilization.gpu [%]\n");
	enum { N = 5000 };
	for (int i = 0; i < N; i++)
		fl_buf_printf(&t, "2024/05/01 %02d:%02d:%02d.000, 0, %d.00 W, 100 %%\n", i / 3600,
			      i / 60 % 60, i % 60, i < N / 2 ? 600 : 100);
	put(&b, "node01/smi.txt", t.ptr);
	fl_buf_release(&t);
	ingest(&b);
	cr_expect_leq(scalar(&b, "SELECT COUNT(*) FROM gpu_samples"), 512);
	cr_expect_geq(scalar(&b, "SELECT COUNT(*) FROM gpu_samples"), 256);
	cr_expect_eq(scalar(&b, "SELECT SUM(samples) FROM gpu_samples"), N);
	cr_expect_eq(scalar(&b, "SELECT MIN(ts) FROM gpu_samples"),
		     fl_time_from_civil(2024, 5, 1, 0, 0, 0, 0));
	cr_expect_eq(scalar(&b, "SELECT MAX(last_ts) FROM gpu_samples"),
		     fl_time_from_civil(2024, 5, 1, 1, 23, 19, 0));
	/* the means are kept: total energy is the same */
	cr_expect_eq(scalar(&b, "SELECT CAST(ROUND(SUM(power_w * samples)) AS INTEGER) FROM gpu_samples"),
		     (int64_t)(N / 2) * 600 + (int64_t)(N / 2) * 100);
	close_bundle(&b);
}

static const char Q_DUMP[] =
	"\n==============NVSMI LOG==============\n\n"
	"Timestamp                                 : Wed May  1 12:00:00 2024\n"
	"Driver Version                            : 555.42.02\n\n"
	"Attached GPUs                             : 2\n"
	"GPU 00000000:18:00.0\n"
	"    Utilization\n"
	"        Gpu                               : 100 %\n"
	"        Memory                            : 40 %\n"
	"    GPU Power Readings\n"
	"        Average Power Draw                : 650.10 W\n"
	"        Instantaneous Power Draw          : 660.25 W\n"
	"        Current Power Limit               : 700.00 W\n"
	"    Module Power Readings\n"
	"        Power Draw                        : 1100.00 W\n"
	"GPU 00000000:2A:00.0\n"
	"    Utilization\n"
	"        Gpu                               : 0 %\n"
	"    Power Readings\n"
	"        Power Draw                        : 71.50 W\n";

Test(telemetry, smi_q_dumps_read_gpu_power_not_module_power)
{
	struct bundle b;
	open_bundle(&b, "tele-q");
	put(&b, "node02/q.txt", Q_DUMP);
	ingest(&b);
	struct fl_stmt *st = row(&b, "SELECT power_w, util_pct, bus_id, ts FROM gpu_samples WHERE gpu = 0");
	cr_expect_float_eq(fl_stmt_double(st, 0), 660.25, 1e-9);
	cr_expect_float_eq(fl_stmt_double(st, 1), 100, 1e-9);
	cr_expect_str_eq(fl_stmt_text(st, 2), "00000000:18:00.0");
	cr_expect_eq(fl_stmt_int(st, 3), fl_time_from_civil(2024, 5, 1, 12, 0, 0, 0));
	fl_stmt_free(st);
	st = row(&b, "SELECT power_w, util_pct FROM gpu_samples WHERE gpu = 1");
	cr_expect_float_eq(fl_stmt_double(st, 0), 71.5, 1e-9);
	cr_expect_float_eq(fl_stmt_double(st, 1), 0, 1e-9);
	fl_stmt_free(st);
	close_bundle(&b);
}

Test(telemetry, dcgm_scrapes_with_timestamps_make_one_sample_per_gpu_each)
{
	struct bundle b;
	open_bundle(&b, "tele-dcgm");
	const char *lab = "{gpu=\"0\",UUID=\"GPU-1\",device=\"nvidia0\",Hostname=\"hostA\"";
	char text[2048];
	snprintf(text, sizeof(text),
		 "# HELP DCGM_FI_DEV_POWER_USAGE Power draw (in W).\n"
		 "# TYPE DCGM_FI_DEV_POWER_USAGE gauge\n"
		 "DCGM_FI_DEV_POWER_USAGE%s,GPU_I_ID=\"1\"} 300.5 1714564800000\n"
		 "DCGM_FI_DEV_POWER_USAGE%s,GPU_I_ID=\"2\"} 300.5 1714564800000\n"
		 "DCGM_FI_DEV_GPU_UTIL%s} 90 1714564800000\n"
		 "DCGM_FI_DEV_POWER_USAGE%s} 80.25 1714564815000\n"
		 "DCGM_FI_DEV_GPU_UTIL%s} 0 1714564815000\n"
		 "DCGM_FI_DEV_GPU_UTIL{gpu=\"0\",Hostname=\"hostA\"} 5 \n"
		 "DCGM_FI_DEV_GPU_UTIL{gpu=\"x\"} 5\n"
		 "DCGM_FI_DEV_GPU_UTIL{gpu=\"1} 5\n",
		 lab, lab, lab, lab, lab);
	put(&b, "metrics.prom", text);
	ingest(&b);
	/* MIG instances repeat the GPU's power within a scrape: one sample */
	cr_expect_eq(scalar(&b, "SELECT COUNT(*) FROM gpu_samples WHERE ts IS NOT NULL"), 2);
	cr_expect_eq(scalar(&b, "SELECT SUM(samples) FROM gpu_samples WHERE ts IS NOT NULL"), 2);
	/* no host in the path: the Hostname label */
	cr_expect_eq(scalar(&b, "SELECT COUNT(*) FROM gpu_samples WHERE host = 'hostA'"),
		     scalar(&b, "SELECT COUNT(*) FROM gpu_samples"));
	cr_expect_eq(scalar(&b, "SELECT util_pct FROM gpu_samples WHERE ts = 1714564815000000"), 0);
	cr_expect_eq(scalar(&b, "SELECT CAST(power_w * 100 AS INTEGER) FROM gpu_samples"
				" WHERE ts = 1714564800000000"),
		     30050);
	close_bundle(&b);
}

/* Four GPUs sampled every 5 s for 10 minutes; GPU 3's samples stop at
 * minute 4 while the others keep running: it is gone first. */
Test(telemetry, a_gpu_whose_samples_stop_first_is_an_outlier)
{
	struct bundle b;
	open_bundle(&b, "tele-gone");
	struct fl_buf t = FL_BUF_INIT;
	fl_buf_adds(&t, "timestamp, index, power.draw [W], utilization.gpu [%]\n");
	for (int s = 0; s < 600; s += 5)
		for (int g = 0; g < 4; g++)
			if (g < 3 || s < 240)
				fl_buf_printf(&t, "2024/05/01 12:%02d:%02d.000, %d, 650.00 W, 100 %%\n",
					      s / 60, s % 60, g);
	put(&b, "node01/nvidia-smi.csv", t.ptr);
	fl_buf_release(&t);
	ingest(&b);
	struct fl_analysis *a;
	struct fl_err err = { 0 };
	cr_assert_eq(fl_analyze_run(b.s, b.run, &a, &err), FL_OK, "%s", err.msg);
	cr_assert_eq(a->ngpus, 4);
	size_t outliers = 0;
	for (size_t i = 0; i < a->nfindings; i++)
		if (!strcmp(a->findings[i].id, "gpu_idle_outlier")) {
			outliers++;
			cr_expect(strstr(a->findings[i].message, "GPU 3 on node01") != NULL, "%s",
				  a->findings[i].message);
			cr_expect(strstr(a->findings[i].message, "stopped being sampled") != NULL, "%s",
				  a->findings[i].message);
			cr_expect(strstr(a->findings[i].message, "other GPUs were still sampled") != NULL, "%s",
				  a->findings[i].message);
		}
	cr_expect_eq(outliers, 1);
	cr_expect_str_eq(a->gpus[3].state, "gone");
	cr_expect_str_eq(a->gpus[0].state, "busy");
	cr_expect(a->gpus[0].nseries > 0 && a->gpus[0].nseries <= FL_GPU_SERIES_MAX);
	cr_expect_eq(a->hang.onset_ts, FL_TIME_NONE); /* no hang */
	fl_analysis_free(a);
	close_bundle(&b);
}

/* Every GPU idles together at the end of a run that was not hung: no
 * outlier, and no onset without a hang. */
Test(telemetry, gpus_that_fall_together_are_not_outliers)
{
	struct bundle b;
	open_bundle(&b, "tele-together");
	struct fl_buf t = FL_BUF_INIT;
	fl_buf_adds(&t, "timestamp, index, power.draw [W], utilization.gpu [%]\n");
	for (int s = 0; s < 600; s += 5)
		for (int g = 0; g < 4; g++)
			fl_buf_printf(&t, "2024/05/01 12:%02d:%02d.000, %d, %s\n", s / 60, s % 60, g,
				      s < 400 ? "650.00 W, 100 %" : "70.00 W, 0 %");
	put(&b, "node01/nvidia-smi.csv", t.ptr);
	fl_buf_release(&t);
	ingest(&b);
	struct fl_analysis *a;
	struct fl_err err = { 0 };
	cr_assert_eq(fl_analyze_run(b.s, b.run, &a, &err), FL_OK, "%s", err.msg);
	for (size_t i = 0; i < a->nfindings; i++)
		cr_expect_str_neq(a->findings[i].id, "gpu_idle_outlier", "%s", a->findings[i].message);
	for (size_t i = 0; i < a->ngpus; i++) {
		cr_expect_str_eq(a->gpus[i].state, "fell");
		cr_expect_eq(a->gpus[i].idle_ts, fl_time_from_civil(2024, 5, 1, 12, 6, 40, 0));
	}
	cr_expect_eq(a->hang.onset_ts, FL_TIME_NONE);
	fl_analysis_free(a);
	close_bundle(&b);
}

/* One process per GPU with CUDA_VISIBLE_DEVICES set to it: every rank's
 * cudaDev is 0, NCCL's nvmlDev is the nvidia-smi index. A CSV without
 * pci.bus_id maps its GPUs to ranks by that index (NCCL 2.18.3+ START and
 * COMPLETE lines, 2.4's COMPLETE line); an index no rank named, or one
 * two ranks named, keeps no rank. */
Test(telemetry, gpus_without_bus_id_map_to_ranks_by_nvml_index)
{
	struct bundle b;
	open_bundle(&b, "tele-nvml");
	struct fl_buf t = FL_BUF_INIT;
	fl_buf_adds(&t, "timestamp, index, power.draw [W], utilization.gpu [%]\n");
	for (int s = 0; s < 60; s += 5)
		for (int g = 0; g < 4; g++)
			fl_buf_printf(&t, "2024/05/01 12:00:%02d.000, %d, 650.00 W, 100 %%\n", s, g);
	put(&b, "node01/nvidia-smi.csv", t.ptr);
	put(&b, "node02/nvidia-smi.csv", t.ptr);
	fl_buf_release(&t);
	put(&b, "node01/train.log",
	    "node01:3101:3188 [0] NCCL INFO comm 0x55d3a8c3d5a0 rank 0 nranks 8 cudaDev 0 nvmlDev 2"
	    " busId 3a000 commId 0x9ad9b5e4ab2566da - Init START\n"
	    "node01:3102:3190 [0] NCCL INFO comm 0x55a26e775a90 rank 1 nranks 8 cudaDev 0 nvmlDev 0"
	    " busId 18000 commId 0x9ad9b5e4ab2566da - Init START\n"
	    "node01:3101:3188 [0] NCCL INFO comm 0x55d3a8c3d5a0 rank 0 nranks 8 cudaDev 0 nvmlDev 2"
	    " busId 3a000 commId 0x9ad9b5e4ab2566da - Init COMPLETE\n"
	    "node01:3102:3190 [0] NCCL INFO comm 0x55a26e775a90 rank 1 nranks 8 cudaDev 0 nvmlDev 0"
	    " busId 18000 commId 0x9ad9b5e4ab2566da - Init COMPLETE\n"
	    /* two ranks on GPU 3: which one the samples show is unknown */
	    "node01:3103:3191 [0] NCCL INFO comm 0x557e83314500 rank 2 nranks 8 cudaDev 0 nvmlDev 3"
	    " busId 5d000 commId 0x9ad9b5e4ab2566da - Init COMPLETE\n"
	    "node01:3104:3192 [0] NCCL INFO comm 0x55f45951fad0 rank 3 nranks 8 cudaDev 0 nvmlDev 3"
	    " busId 5d000 commId 0x9ad9b5e4ab2566da - Init COMPLETE\n");
	put(&b, "node02/train.log",
	    "node02:4411:4411 [0] NCCL INFO comm 0x7f3a4c001e10 rank 4 nranks 8 cudaDev 0 nvmlDev 1"
	    " - Init COMPLETE\n");
	ingest(&b);
	struct fl_analysis *a;
	struct fl_err err = { 0 };
	cr_assert_eq(fl_analyze_run(b.s, b.run, &a, &err), FL_OK, "%s", err.msg);
	cr_assert_eq(a->ngpus, 8);
	/* sorted by host and index */
	const int64_t want[8] = { 1, -1, 0, -1, -1, 4, -1, -1 };
	for (size_t i = 0; i < 8; i++) {
		cr_expect_null(a->gpus[i].bus_id);
		cr_expect_eq(a->gpus[i].rank, want[i], "GPU %lld on %s: rank %lld, not %lld",
			     (long long)a->gpus[i].index, a->gpus[i].host, (long long)a->gpus[i].rank,
			     (long long)want[i]);
	}
	fl_analysis_free(a);
	close_bundle(&b);
}

/* dcgm-exporter 1.x (gpu-monitoring-tools) names its metrics dcgm_*. */
Test(telemetry, dcgm_exporter_1x_metric_names_are_read)
{
	struct bundle b;
	open_bundle(&b, "tele-dcgm1");
	put(&b, "gpu-07/dcgm.prom",
	    "# HELP dcgm_gpu_temp GPU temperature (in C).\n"
	    "# TYPE dcgm_gpu_temp gauge\n"
	    "dcgm_gpu_temp{gpu=\"0\",uuid=\"GPU-8f640a3c-7e9a-608d-02a3-f4372d72b323\"} 61\n"
	    "# HELP dcgm_gpu_utilization GPU utilization (in %).\n"
	    "# TYPE dcgm_gpu_utilization gauge\n"
	    "dcgm_gpu_utilization{gpu=\"0\",uuid=\"GPU-8f640a3c-7e9a-608d-02a3-f4372d72b323\"} 97\n"
	    "# HELP dcgm_power_usage Power draw (in W).\n"
	    "# TYPE dcgm_power_usage gauge\n"
	    "dcgm_power_usage{gpu=\"0\",uuid=\"GPU-8f640a3c-7e9a-608d-02a3-f4372d72b323\"} 243.918\n"
	    "# HELP dcgm_fb_used Framebuffer memory used (in MiB).\n"
	    "# TYPE dcgm_fb_used gauge\n"
	    "dcgm_fb_used{gpu=\"0\",uuid=\"GPU-8f640a3c-7e9a-608d-02a3-f4372d72b323\"} 30211\n");
	ingest(&b);
	struct fl_stmt *st = row(&b, "SELECT host, gpu, power_w, util_pct, mem_used_mib, source FROM gpu_samples");
	cr_expect_str_eq(fl_stmt_text(st, 0), "gpu-07");
	cr_expect_eq(fl_stmt_int(st, 1), 0);
	cr_expect_float_eq(fl_stmt_double(st, 2), 243.918, 1e-9);
	cr_expect_float_eq(fl_stmt_double(st, 3), 97, 1e-9);
	cr_expect_float_eq(fl_stmt_double(st, 4), 30211, 1e-9);
	cr_expect_str_eq(fl_stmt_text(st, 5), "dcgm");
	fl_stmt_free(st);
	close_bundle(&b);
}

/* Where the exporter has no DCGM_FI_DEV_GPU_UTIL (MIG, a DCP-only counter
 * list) the graphics engine's active ratio is the utilisation, the busiest
 * instance's; GPU_UTIL wins where both are scraped. */
Test(telemetry, dcgm_graphics_engine_ratio_stands_in_for_utilisation)
{
	struct bundle b;
	open_bundle(&b, "tele-dcgm-gr");
	const char *a = "{gpu=\"0\",UUID=\"GPU-1f027ee8-6e1e-2b8c-0108-3d370e5f0418\",device=\"nvidia0\","
			"modelName=\"NVIDIA A800-SXM4-80GB\"";
	const char *c = "{gpu=\"1\",UUID=\"GPU-4e75c9ab-0ed7-8a57-75f5-23761b9f053f\",device=\"nvidia1\","
			"modelName=\"NVIDIA A800-SXM4-80GB\"";
	char text[4096];
	snprintf(text, sizeof(text),
		 "# HELP DCGM_FI_DEV_POWER_USAGE Power draw (in W).\n"
		 "# TYPE DCGM_FI_DEV_POWER_USAGE gauge\n"
		 "DCGM_FI_DEV_POWER_USAGE%s,Hostname=\"hpc-35\"} 301.250000\n"
		 "DCGM_FI_DEV_POWER_USAGE%s,Hostname=\"hpc-35\"} 288.004000\n"
		 "# HELP DCGM_FI_DEV_GPU_UTIL GPU utilization (in %%).\n"
		 "# TYPE DCGM_FI_DEV_GPU_UTIL gauge\n"
		 "DCGM_FI_DEV_GPU_UTIL%s,Hostname=\"hpc-35\"} 64\n"
		 "# HELP DCGM_FI_PROF_GR_ENGINE_ACTIVE Ratio of time the graphics engine is active (in %%).\n"
		 "# TYPE DCGM_FI_PROF_GR_ENGINE_ACTIVE gauge\n"
		 "DCGM_FI_PROF_GR_ENGINE_ACTIVE%s,GPU_I_PROFILE=\"3g.40gb\",GPU_I_ID=\"1\",Hostname=\"hpc-35\"} 0.412000\n"
		 "DCGM_FI_PROF_GR_ENGINE_ACTIVE%s,GPU_I_PROFILE=\"3g.40gb\",GPU_I_ID=\"2\",Hostname=\"hpc-35\"} 0.873500\n"
		 "DCGM_FI_PROF_GR_ENGINE_ACTIVE%s,Hostname=\"hpc-35\"} 0.120000\n",
		 a, c, c, a, a, c);
	put(&b, "dcgm-metrics.txt", text);
	ingest(&b);
	cr_expect_eq(scalar(&b, "SELECT CAST(ROUND(util_pct * 100) AS INTEGER) FROM gpu_samples WHERE gpu = 0"),
		     8735);
	cr_expect_eq(scalar(&b, "SELECT CAST(util_pct AS INTEGER) FROM gpu_samples WHERE gpu = 1"), 64);
	cr_expect_eq(scalar(&b, "SELECT COUNT(*) FROM gpu_samples WHERE host = 'hpc-35'"), 2);
	close_bundle(&b);
}

/* One `nvidia-smi -q -x` dump (tab-indented, one element a line) for two
 * GPUs: the R535 power block with its module power after it, and an R550
 * block whose power_draw is N/A beside the instantaneous reading. */
static void xml_dump(struct fl_buf *t, const char *when, const char *util0, const char *power0)
{
	fl_buf_printf(t,
		      "<?xml version=\"1.0\" ?>\n"
		      "<!DOCTYPE nvidia_smi_log SYSTEM \"nvsmi_device_v12.dtd\">\n"
		      "<nvidia_smi_log>\n"
		      "\t<timestamp>%s</timestamp>\n"
		      "\t<driver_version>550.54.15</driver_version>\n"
		      "\t<cuda_version>12.4</cuda_version>\n"
		      "\t<attached_gpus>2</attached_gpus>\n"
		      "\t<gpu id=\"00000000:18:00.0\">\n"
		      "\t\t<mig_devices>\n\t\t\tNone\n\t\t</mig_devices>\n"
		      "\t\t<fb_memory_usage>\n"
		      "\t\t\t<total>81559 MiB</total>\n"
		      "\t\t\t<reserved>454 MiB</reserved>\n"
		      "\t\t\t<used>70211 MiB</used>\n"
		      "\t\t\t<free>10894 MiB</free>\n"
		      "\t\t</fb_memory_usage>\n"
		      "\t\t<bar1_memory_usage>\n"
		      "\t\t\t<total>131072 MiB</total>\n"
		      "\t\t\t<used>2 MiB</used>\n"
		      "\t\t</bar1_memory_usage>\n"
		      "\t\t<utilization>\n"
		      "\t\t\t<gpu_util>%s</gpu_util>\n"
		      "\t\t\t<memory_util>41 %%</memory_util>\n"
		      "\t\t</utilization>\n"
		      "\t\t<gpu_power_readings>\n"
		      "\t\t\t<power_state>P0</power_state>\n"
		      "\t\t\t<power_draw>%s</power_draw>\n"
		      "\t\t\t<current_power_limit>700.00 W</current_power_limit>\n"
		      "\t\t</gpu_power_readings>\n"
		      "\t\t<module_power_readings>\n"
		      "\t\t\t<power_draw>1204.00 W</power_draw>\n"
		      "\t\t</module_power_readings>\n"
		      "\t\t<processes>\n"
		      "\t\t\t<process_info>\n"
		      "\t\t\t\t<pid>48213</pid>\n"
		      "\t\t\t\t<used_memory>69876 MiB</used_memory>\n"
		      "\t\t\t</process_info>\n"
		      "\t\t</processes>\n"
		      "\t</gpu>\n"
		      "\t<gpu id=\"00000000:2A:00.0\">\n"
		      "\t\t<utilization>\n"
		      "\t\t\t<gpu_util>0 %%</gpu_util>\n"
		      "\t\t</utilization>\n"
		      "\t\t<gpu_power_readings>\n"
		      "\t\t\t<power_draw>N/A</power_draw>\n"
		      "\t\t\t<average_power_draw>101.20 W</average_power_draw>\n"
		      "\t\t\t<instant_power_draw>98.40 W</instant_power_draw>\n"
		      "\t\t</gpu_power_readings>\n"
		      "\t</gpu>\n"
		      "</nvidia_smi_log>\n",
		      when, util0, power0);
}

Test(telemetry, smi_q_xml_dumps_are_read_like_the_text_dumps)
{
	struct bundle b;
	open_bundle(&b, "tele-xml");
	struct fl_buf t = FL_BUF_INIT;
	xml_dump(&t, "Fri Oct 11 18:24:09 2024", "100 %", "612.33 W");
	xml_dump(&t, "Fri Oct 11 18:24:14 2024", "98 %", "598.10 W"); /* -l 5 */
	put(&b, "gpu-n3/smi.xml", t.ptr);
	fl_buf_release(&t);
	ingest(&b);
	cr_expect_eq(scalar(&b, "SELECT COUNT(*) FROM gpu_samples WHERE source = 'nvidia-smi-q'"),
		     scalar(&b, "SELECT COUNT(*) FROM gpu_samples"));
	cr_expect_eq(scalar(&b, "SELECT SUM(samples) FROM gpu_samples"), 4);
	struct fl_stmt *st = row(&b, "SELECT SUM(power_w * samples), SUM(util_pct * samples),"
				     " MAX(mem_used_mib), MIN(ts), MAX(last_ts), bus_id, host"
				     " FROM gpu_samples WHERE gpu = 0");
	cr_expect_float_eq(fl_stmt_double(st, 0), 612.33 + 598.10, 1e-6);
	cr_expect_float_eq(fl_stmt_double(st, 1), 198, 1e-9);
	cr_expect_float_eq(fl_stmt_double(st, 2), 70211, 1e-9);
	cr_expect_eq(fl_stmt_int(st, 3), fl_time_from_civil(2024, 10, 11, 18, 24, 9, 0));
	cr_expect_eq(fl_stmt_int(st, 4), fl_time_from_civil(2024, 10, 11, 18, 24, 14, 0));
	cr_expect_str_eq(fl_stmt_text(st, 5), "00000000:18:00.0");
	cr_expect_str_eq(fl_stmt_text(st, 6), "gpu-n3");
	fl_stmt_free(st);
	st = row(&b, "SELECT MAX(power_w), MAX(util_pct), bus_id FROM gpu_samples WHERE gpu = 1");
	cr_expect_float_eq(fl_stmt_double(st, 0), 98.4, 1e-9);
	cr_expect_float_eq(fl_stmt_double(st, 1), 0, 1e-9);
	cr_expect_str_eq(fl_stmt_text(st, 2), "00000000:2A:00.0");
	fl_stmt_free(st);
	cr_expect_eq(scalar(&b, "SELECT COUNT(*) FROM activity"), 0);
	cr_expect_eq(scalar(&b, "SELECT COUNT(*) FROM tails"), 0);
	close_bundle(&b);
}

/* Another XML member is not telemetry: its lines go to the patterns. */
Test(telemetry, other_xml_members_are_left_to_the_patterns)
{
	struct bundle b;
	open_bundle(&b, "tele-xml-other");
	put(&b, "node01/results.xml",
	    "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
	    "<testsuites><testsuite name=\"pytest\" errors=\"0\" failures=\"1\"></testsuite></testsuites>\n");
	ingest(&b);
	cr_expect_eq(scalar(&b, "SELECT COUNT(*) FROM gpu_samples"), 0);
	cr_expect_eq(scalar(&b, "SELECT COUNT(*) FROM tails t, json_each(t.lines) j"
				" WHERE j.value ->> 8 LIKE '<testsuites>%'"),
		     1);
	close_bundle(&b);
}

/* nvidia-smi's stderr in the same file: the lost GPU's error line is not a
 * row and goes to the patterns (hw.gpu_lost, with its bus id and the
 * member's host); the rows around it are still samples. */
Test(telemetry, error_lines_inside_a_telemetry_member_go_to_the_patterns)
{
	struct bundle b;
	open_bundle(&b, "tele-lost");
	put(&b, "gpu-b12/nvidia-smi.csv",
	    "timestamp, index, pci.bus_id, power.draw [W], utilization.gpu [%]\n"
	    "2025/09/22 02:21:45.884, 0, 00000000:18:00.0, 671.20 W, 100 %\n"
	    "2025/09/22 02:21:45.886, 1, 00000000:3A:00.0, 668.05 W, 99 %\n"
	    "Unable to determine the device handle for GPU0000:3A:00.0: Unknown Error\n"
	    "2025/09/22 02:21:50.884, 0, 00000000:18:00.0, 121.70 W, 100 %\n");
	put(&b, "gpu-b12/q.txt",
	    "\n==============NVSMI LOG==============\n\n"
	    "Timestamp                                 : Mon Sep 22 02:22:00 2025\n"
	    "Driver Version                            : 550.54.15\n\n"
	    "Attached GPUs                             : 2\n"
	    "Unable to determine the device handle for GPU 0000:3A:00.0: GPU is lost. "
	    "Reboot the system to recover this GPU\n"
	    "GPU 00000000:18:00.0\n"
	    "    Utilization\n"
	    "        Gpu                               : 100 %\n");
	ingest(&b);
	cr_expect_eq(scalar(&b, "SELECT SUM(samples) FROM gpu_samples"), 4);
	cr_expect_eq(scalar(&b, "SELECT COUNT(*) FROM events WHERE kind = 'hw.gpu_lost' AND host = 'gpu-b12'"),
		     2);
	close_bundle(&b);
}
