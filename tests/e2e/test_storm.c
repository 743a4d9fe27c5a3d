/* SPDX-License-Identifier: MIT */
/*
 * test_storm.c - storms of identical lines: warnings and info lines that
 * repeat in one stream are folded into the last row kept of them
 * (events.repeats), errors never are, and what the analysis counts still
 * counts every line.
 */
#include <criterion/criterion.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fl_test.h"

/* The one row of `faultline sql QUERY`. */
static json_t *sql_row(struct fl_session *t, const char *query)
{
	json_t *rows = fl_session_json(t, (const char *[]){ "sql", query, NULL });
	cr_assert_eq(json_array_size(rows), 1, "%s: %zu rows", query, json_array_size(rows));
	json_t *row = json_incref(json_array_get(rows, 0));
	json_decref(rows);
	return row;
}

/* A fresh session t named name, and its file file open for writing;
 * *path is the file's path. */
static FILE *log_open(struct fl_session *t, const char *name, const char *file, char **path)
{
	fl_session_init(t, name);
	return fl_session_create(t, file, path);
}

static long long field(json_t *row, const char *name)
{
	json_t *v = json_object_get(row, name);
	cr_assert(json_is_integer(v), "no integer '%s'", name);
	return json_integer_value(v);
}

/* A port flapping on two HCAs of one rank, 2,000 warnings each, between
 * step lines, then the CUDA OOM that ended the job. */
Test(storm, identical_warnings_are_folded_and_counted, .timeout = 60)
{
	struct fl_session t;
	char *log;
	FILE *fp = log_open(&t, "ibstorm", "rank3.log", &log);
	int line = 0;
	for (int i = 0; i < 2000; i++)
		for (int dev = 0; dev < 2; dev++, line++)
			fprintf(fp,
				"[rank3]:gpu-node-07:48213:48395 [3] transport/net_ib.cc:101 NCCL WARN"
				" NET/IB : mlx5_%d:1 Got async event : port error\n",
				dev);
	fputs("[rank3]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. "
	      "GPU 3 has a total capacity of 79.15 GiB of which 1.12 GiB is free.\n",
	      fp);
	fclose(fp);

	json_t *r = fl_session_analyze(&t, log, "--no-keep", NULL);
	json_t *cause = fl_test_verdict(r, "likely_cause");
	cr_expect_str_eq(json_string_value(json_object_get(cause, "id")), "gpu_oom");
	json_decref(r);

	/* Eight rows kept of each HCA's series; the last counts the rest and
	 * where the last of them was (lines are 1-based: mlx5_1's last
	 * warning is line 4000). */
	json_t *row = sql_row(&t, "SELECT COUNT(*) AS n, SUM(repeats) AS folded,"
				  " MAX(last_line) AS last, COUNT(repeats) AS carriers"
				  " FROM events WHERE kind = 'nccl.ib_async_event'");
	cr_expect_eq(field(row, "n"), 16);
	cr_expect_eq(field(row, "folded"), 2 * (2000 - 8));
	cr_expect_eq(field(row, "last"), line);
	cr_expect_eq(field(row, "carriers"), 2);
	json_decref(row);
	/* `events` lists the kept ones; the last of each series says how many
	 * more it stands for */
	json_t *rows = fl_session_json(&t, (const char *[]){ "events", "last", "--kind",
							      "nccl.ib_async", NULL });
	cr_assert_eq(json_array_size(rows), 16);
	cr_expect_eq(field(json_array_get(rows, 15), "repeats"), 2000 - 8);
	cr_expect(json_is_null(json_object_get(json_array_get(rows, 0), "repeats")));
	json_decref(rows);
	/* runs.events counts what was matched, folded lines included */
	row = sql_row(&t, "SELECT events FROM runs");
	cr_expect_eq(field(row, "events"), 4000 + 1);
	json_decref(row);
	free(log);
	fl_session_release(&t);
}

/* The same error line again and again is stored every time: the last of
 * them may be the one that ended the job. */
Test(storm, identical_errors_are_never_folded, .timeout = 60)
{
	struct fl_session t;
	char *log;
	FILE *fp = log_open(&t, "errstorm", "rank0.log", &log);
	for (int i = 0; i < 50; i++)
		fputs("[rank0]: RuntimeError: CUDA error: an illegal memory access was encountered\n",
		      fp);
	fclose(fp);
	json_decref(fl_session_analyze(&t, log, "--no-keep", NULL));
	json_t *row = sql_row(&t, "SELECT COUNT(*) AS n, COUNT(repeats) AS carriers FROM events"
				  " WHERE severity >= 2");
	cr_expect_eq(field(row, "n"), 50);
	cr_expect_eq(field(row, "carriers"), 0);
	json_decref(row);
	free(log);
	fl_session_release(&t);
}

/* apex prints the same overflow line at the bottom of its scale on every
 * skipped step; the collapse is counted over all of them, folded or not. */
Test(storm, folded_overflows_still_count, .timeout = 60)
{
	struct fl_session t;
	char *log;
	FILE *fp = log_open(&t, "overflows", "rank0.log", &log);
	for (double scale = 32768; scale >= 2; scale /= 2)
		fprintf(fp, "Gradient overflow.  Skipping step, loss scaler 0 reducing loss scale to %.1f\n",
			scale);
	for (int i = 0; i < 30; i++)
		fputs("Gradient overflow.  Skipping step, loss scaler 0 reducing loss scale to 1.0\n", fp);
	fclose(fp);
	json_t *r = fl_session_analyze(&t, log, "--no-keep", NULL);
	const char *msg = NULL;
	size_t i;
	json_t *f;
	json_array_foreach(json_object_get(r, "findings"), i, f)
		if (!strcmp(json_string_value(json_object_get(f, "id")), "loss_scale_collapse"))
			msg = json_string_value(json_object_get(f, "message"));
	cr_assert(msg, "no loss_scale_collapse finding");
	/* 15 halvings from 32768 to 2, then 30 at 1 */
	cr_expect(strstr(msg, "fell 45 times, down to 1"), "message: %s", msg);
	json_decref(r);
	json_t *row = sql_row(&t, "SELECT COUNT(*) AS n FROM events WHERE kind = 'train.overflow'");
	cr_expect_eq(field(row, "n"), 15 + 8);
	json_decref(row);
	free(log);
	fl_session_release(&t);
}

/* Every rank prints NCCL's set-up summary and the run's config alike: a
 * `store: once` pattern keeps the first line with given captures and
 * counts the others (events.copies). Lines with other captures ("trees",
 * another batch size) are rows of their own; what the analysis reads of
 * them (the configuration) is what every line said. */
Test(storm, alike_lines_of_all_ranks_are_stored_once, .timeout = 60)
{
	struct fl_session t;
	fl_session_init(&t, "alike");
	enum { RANKS = 6 };
	for (int r = 0; r < RANKS; r++) {
		char name[32];
		snprintf(name, sizeof(name), "rank%d.log", r);
		char *path;
		FILE *fp = fl_session_create(&t, name, &path);
		fprintf(fp,
			"gpu-node-%02d:%d:%d [%d] NCCL INFO Connected all rings\n"
			"gpu-node-%02d:%d:%d [%d] NCCL INFO Connected all trees\n"
			"[titan] 2026-11-30 12:00:00,043 - root - INFO - Training starts at step 1, with"
			" local batch size %d, global batch size 48, sequence length 8192, total steps"
			" 100 (warmup 10)\n",
			r / 2, 4100 + r, 4500 + r, r % 2, r / 2, 4100 + r, 4500 + r, r % 2,
			r == RANKS - 1 ? 4 : 8);
		if (r == 3)
			fputs("[rank3]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate"
			      " 2.00 GiB. GPU 1 has a total capacity of 79.15 GiB of which 1.12 GiB is"
			      " free.\n",
			      fp);
		fclose(fp);
		free(path);
	}
	json_t *r = fl_session_analyze(&t, t.dir, "--no-keep", NULL);
	json_t *cause = fl_test_verdict(r, "likely_cause");
	cr_expect_str_eq(json_string_value(json_object_get(cause, "id")), "gpu_oom");
	/* the first value logged */
	json_t *cfg = json_object_get(r, "config");
	cr_expect_eq(json_integer_value(json_object_get(cfg, "micro_batch_size")), 8);
	cr_expect_eq(json_integer_value(json_object_get(cfg, "global_batch_size")), 48);
	json_decref(r);

	/* rings and trees: one row each, standing for the other 5 ranks */
	json_t *rows = fl_session_json(&t, (const char *[]){ "events", "last", "--kind",
							      "nccl.connected", NULL });
	cr_assert_eq(json_array_size(rows), 2);
	for (size_t i = 0; i < 2; i++) {
		cr_expect_eq(field(json_array_get(rows, i), "copies"), RANKS - 1);
		cr_expect(json_is_null(json_object_get(json_array_get(rows, i), "repeats")));
	}
	json_decref(rows);
	/* the last rank's other batch size is a row of its own, without copies */
	json_t *row = sql_row(&t, "SELECT COUNT(*) AS n, SUM(copies) AS copies,"
				  " COUNT(copies) AS carriers FROM events WHERE kind = 'train.config'");
	cr_expect_eq(field(row, "n"), 2);
	cr_expect_eq(field(row, "copies"), RANKS - 2);
	cr_expect_eq(field(row, "carriers"), 1);
	json_decref(row);
	/* runs.events still counts every line matched */
	row = sql_row(&t, "SELECT events FROM runs");
	cr_expect_eq(field(row, "events"), 3 * RANKS + 1);
	json_decref(row);
	fl_session_release(&t);
}
