/* SPDX-License-Identifier: MIT */
/*
 * test_attrib.c - timestamps, line prefixes and member paths
 * (src/attrib/): who wrote a line, where, and when.
 */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>

#include <stdlib.h>
#include <string.h>

#include "faultline/attrib.h"

/* ---- fl_parse_time ---- */

#define ANY_KIND (-1)

/* No pointers: Criterion re-executes the binary for each test, so
 * parameters are copied and must be self-contained. */
struct time_case {
	char in[64];
	int year; /* passed to fl_parse_time */
	size_t used;
	int y, mo, d, h, mi, s, us;
	int kind;
};

static struct time_case time_cases[] = {
	/* ISO 8601 */
	{ "2024-03-25T20:57:27Z rest", 0, 20, 2024, 3, 25, 20, 57, 27, 0, FL_TS_FULL },
	{ "2024-03-25T20:57:27 rest", 0, 19, 2024, 3, 25, 20, 57, 27, 0, FL_TS_FULL },
	{ "2024-03-25T20:57:27.123456+02:00 x", 0, 32, 2024, 3, 25, 18, 57, 27, 123456, FL_TS_FULL },
	{ "2024-03-25T20:57:27.5-0530", 0, 26, 2024, 3, 26, 2, 27, 27, 500000, FL_TS_FULL },
	{ "2024-03-25T20:57:27.408271257Z", 0, 30, 2024, 3, 25, 20, 57, 27, 408271, FL_TS_FULL },
	{ "2024-12-31T23:30:00-01:00", 0, 25, 2025, 1, 1, 0, 30, 0, 0, FL_TS_FULL },
	{ "2024-03-25 20:57:27 INFO", 0, 19, 2024, 3, 25, 20, 57, 27, 0, FL_TS_FULL },
	{ "2024/03/25 20:57:27 x", 0, 19, 2024, 3, 25, 20, 57, 27, 0, FL_TS_FULL },
	/* Python logging */
	{ "2024-01-01 12:00:00,123 - root", 0, 23, 2024, 1, 1, 12, 0, 0, 123000, FL_TS_FULL },
	/* torchelastic */
	{ "2024-03-25_20:57:27 x", 0, 19, 2024, 3, 25, 20, 57, 27, 0, FL_TS_FULL },
	/* Python datefmt %m/%d/%Y (nanotron), and a day-first one it cannot be */
	{ "08/31/2024 14:37:22 [INFO|DP=0|PP=0|TP=0]", 0, 19, 2024, 8, 31, 14, 37, 22, 0, FL_TS_FULL },
	{ "31/08/2024 14:37:22,500 x", 0, 23, 2024, 8, 31, 14, 37, 22, 500000, FL_TS_FULL },
	/* a full stamp ignores the year passed in */
	{ "2024-03-25T20:57:27Z", 2019, 20, 2024, 3, 25, 20, 57, 27, 0, FL_TS_FULL },
	/* syslog, year-less */
	{ "Dec  3 12:00:00 node07", 0, 15, FL_PROVISIONAL_YEAR, 12, 3, 12, 0, 0, 0, FL_TS_YEARLESS },
	{ "Dec 13 12:00:00 node07", 0, 15, FL_PROVISIONAL_YEAR, 12, 13, 12, 0, 0, 0, FL_TS_YEARLESS },
	{ "Feb 29 01:02:03 h", 0, 15, FL_PROVISIONAL_YEAR, 2, 29, 1, 2, 3, 0, FL_TS_YEARLESS },
	{ "Dec  3 12:00:00.250 h", 0, 19, FL_PROVISIONAL_YEAR, 12, 3, 12, 0, 0, 250000,
	  FL_TS_YEARLESS },
	{ "Dec  3 12:00:00 node07", 2023, 15, 2023, 12, 3, 12, 0, 0, 0, ANY_KIND },
	/* dmesg -T / ctime */
	{ "Fri Aug 30 11:43:09 2024", 0, 24, 2024, 8, 30, 11, 43, 9, 0, FL_TS_FULL },
	{ "Fri Aug 30 11:43:09 2024] NVRM", 0, 24, 2024, 8, 30, 11, 43, 9, 0, FL_TS_FULL },
	{ "Fri Aug 30 11:43:09 2024 x", 2019, 24, 2024, 8, 30, 11, 43, 9, 0, FL_TS_FULL },
	/* Open MPI --timestamp-output glues the rank tag to the year */
	{ "Wed Jan 16 12:50:13 2019[1,17]<stderr>:x", 0, 24, 2019, 1, 16, 12, 50, 13, 0, FL_TS_FULL },
	/* epoch seconds */
	{ "1711400000 x", 0, 10, 2024, 3, 25, 20, 53, 20, 0, FL_TS_FULL },
	{ "1711400000.250 x", 0, 14, 2024, 3, 25, 20, 53, 20, 250000, FL_TS_FULL },
};

ParameterizedTestParameters(parse_time, valid)
{
	return cr_make_param_array(struct time_case, time_cases,
				   sizeof(time_cases) / sizeof(time_cases[0]));
}

ParameterizedTest(struct time_case *c, parse_time, valid)
{
	int64_t ts = 12345;
	enum fl_ts_kind kind = FL_TS_NONE;
	size_t used = fl_parse_time(c->in, strlen(c->in), c->year, &ts, &kind);
	cr_assert_eq(used, c->used, "'%s': consumed %zu, want %zu", c->in, used, c->used);
	int64_t want = fl_time_from_civil(c->y, c->mo, c->d, c->h, c->mi, c->s, c->us);
	cr_assert_neq(want, FL_TIME_NONE);
	struct fl_buf a = FL_BUF_INIT, b = FL_BUF_INIT;
	fl_time_format(&a, ts);
	fl_time_format(&b, want);
	cr_assert_eq(ts, want, "'%s': got %s, want %s", c->in, a.ptr, b.ptr);
	fl_buf_release(&a);
	fl_buf_release(&b);
	if (c->kind != ANY_KIND)
		cr_assert_eq((int)kind, c->kind, "'%s': kind %d, want %d", c->in, kind, c->kind);
}

struct bad_time {
	char in[48];
};

static struct bad_time bad_times[] = {
	{ "" },
	{ "hello world" },
	{ "12:00:00 x" },
	{ "2024-13-01 00:00:00" },
	{ "2023-02-29 00:00:00" },
	{ "2024-03-25X20:57:27" },
	{ "2024-03-25 20:57" },
	{ "Dex  3 12:00:00 h" },
	{ "Dec 33 12:00:00 h" },
	{ "999999999 x" },   /* 9 digits */
	{ "0999999999 x" },  /* before 2001 */
	{ "17114000001 x" }, /* 11 digits: not epoch seconds */
	{ "RuntimeError: x" },
	{ "13/13/2024 10:00:00 x" },
	{ "08/31/24 14:37:22 x" },
};

ParameterizedTestParameters(parse_time, invalid)
{
	return cr_make_param_array(struct bad_time, bad_times,
				   sizeof(bad_times) / sizeof(bad_times[0]));
}

ParameterizedTest(struct bad_time *c, parse_time, invalid)
{
	int64_t ts = FL_TIME_NONE;
	enum fl_ts_kind kind;
	size_t used = fl_parse_time(c->in, strlen(c->in), 0, &ts, &kind);
	cr_assert_eq(used, 0, "'%s' parsed as a time (%zu bytes)", c->in, used);
}

Test(parse_time, respects_length)
{
	/* the buffer continues but n stops before the seconds */
	int64_t ts;
	enum fl_ts_kind kind;
	const char *s = "2024-03-25T20:57:27Z";
	cr_assert_eq(fl_parse_time(s, 16, 0, &ts, &kind), 0);
	cr_assert_eq(fl_parse_time(s, 19, 0, &ts, &kind), 19);
}

Test(parse_time, consecutive_stamps_of_one_minute)
{
	/* The date and minute of the last ISO stamp are remembered: every
	 * stamp must still be judged on all of its own bytes. */
	int64_t a, b;
	enum fl_ts_kind kind;
	cr_assert_eq(fl_parse_time("2024-02-30 10:00:01", 19, 0, &a, &kind), 0);
	cr_assert_eq(fl_parse_time("2024-02-30 10:00:02", 19, 0, &a, &kind), 0);
	cr_assert_eq(fl_parse_time("2024-03-25 20:57:27", 19, 0, &a, &kind), 19);
	cr_assert_eq(fl_parse_time("2024-03-25 20:57:28.5", 21, 0, &b, &kind), 21);
	cr_assert_eq(b - a, 1500000);
	cr_assert_eq(fl_parse_time("2024-03-25 20:57x28", 19, 0, &b, &kind), 0);
	cr_assert_eq(fl_parse_time("2024-03-25 20:57:2", 18, 0, &b, &kind), 0);
	cr_assert_eq(fl_parse_time("2024-03-25 20:57:99", 19, 0, &b, &kind), 19);
	cr_assert_eq(b - a, 32000000, "seconds past 59 count as 59");
	cr_assert_eq(fl_parse_time("2024-03-25 20:58:00+01:00", 25, 0, &b, &kind), 25);
	cr_assert_eq(b - a, 33000000 - 3600000000LL);
}

/* ---- fl_attr_line ---- */

static struct fl_attr_file *file_new(struct fl_attr_bundle *b, const char *path, int year)
{
	memset(b, 0, sizeof(*b));
	b->year = year;
	return fl_attr_file_new(path, b);
}

static void attr(struct fl_attr_file *f, const char *line, struct fl_attr *a)
{
	memset(a, 0x5a, sizeof(*a)); /* garbage: every field must be set */
	fl_attr_line(f, line, strlen(line), a);
}

static void assert_body(const struct fl_attr *a, const char *line, const char *body)
{
	cr_assert_eq(a->body_len, strlen(body), "body '%.*s', want '%s'", (int)a->body_len, a->body,
		     body);
	cr_assert_eq(memcmp(a->body, body, a->body_len), 0, "body '%.*s', want '%s'",
		     (int)a->body_len, a->body, body);
	cr_assert(a->body >= line && a->body + a->body_len == line + strlen(line),
		  "body must point into the line");
}

static void assert_host(const struct fl_attr *a, const char *host)
{
	if (!host) {
		cr_assert_null(a->host, "host '%.*s', want none", (int)a->host_len,
			       a->host ? a->host : "");
		return;
	}
	cr_assert_not_null(a->host, "no host, want '%s'", host);
	cr_assert_eq(a->host_len, strlen(host), "host '%.*s', want '%s'", (int)a->host_len,
		     a->host, host);
	cr_assert_eq(memcmp(a->host, host, a->host_len), 0, "host '%.*s', want '%s'",
		     (int)a->host_len, a->host, host);
}

static int64_t civil(int y, int mo, int d, int h, int mi, int s, int us)
{
	return fl_time_from_civil(y, mo, d, h, mi, s, us);
}

TestSuite(attr_line, .timeout = 10);

Test(attr_line, torch_rank_and_c10_header)
{
	struct fl_attr_bundle b;
	struct fl_attr_file *f = file_new(&b, "x.log", 0);
	struct fl_attr a;
	const char *l = "[rank3]:[E321 02:07:08.408271257 ProcessGroupNCCL.cpp:607] [Rank 3] "
			"Watchdog caught collective operation timeout";
	attr(f, l, &a);
	cr_assert_eq(a.rank, 3);
	cr_assert_eq(a.local_rank, -1);
	cr_assert_eq(a.pid, -1);
	cr_assert_eq(a.dev, -1);
	cr_assert_eq(a.level, 'E');
	assert_host(&a, NULL);
	assert_body(&a, l, "[Rank 3] Watchdog caught collective operation timeout");
	/* year-less glog stamp: provisional year, 9-digit (monotonic ns) fraction dropped */
	cr_assert_eq(a.ts_kind, FL_TS_YEARLESS);
	cr_assert_eq(a.ts, civil(FL_PROVISIONAL_YEAR, 3, 21, 2, 7, 8, 0));
	cr_assert_eq(b.yearless, 1);
	cr_assert_eq(a.conflict, false);
	fl_attr_file_free(f);
}

/* A line pasted as markdown inline code: the backticks are the paste's,
 * the prefixes inside are the log's (ms-swift-4924's and baichuan2-119's
 * pastes, dev half); a line with backticks of its own is left whole. */
Test(attr_line, markdown_inline_code_around_the_line)
{
	struct fl_attr_bundle b;
	struct fl_attr_file *f = file_new(&b, "x.log", 0);
	struct fl_attr a;
	const char *l = "`[rank3]: torch.distributed.DistStoreError: wait timeout after 900000ms`  ";
	attr(f, l, &a);
	cr_assert_eq(a.rank, 3);
	cr_assert_eq(a.body_len, strlen("torch.distributed.DistStoreError: wait timeout after 900000ms"));
	cr_assert_eq(memcmp(a.body, "torch.distributed.DistStoreError:", 33), 0);
	cr_assert(a.body > l && a.body + a.body_len == l + strlen(l) - 3, "inside the backticks");
	attr(f, "`Killed`", &a);
	cr_assert_eq(a.body_len, 6);
	cr_assert_eq(memcmp(a.body, "Killed", 6), 0);
	const char *own = "`fused_adam` is deprecated, use `adam`";
	attr(f, own, &a);
	assert_body(&a, own, own);
	fl_attr_file_free(f);
}

Test(attr_line, c10_header_with_known_year_and_6_digit_fraction)
{
	struct fl_attr_bundle b;
	struct fl_attr_file *f = file_new(&b, "x.log", 2024);
	struct fl_attr a;
	const char *l = "[rank0]:[W321 02:07:08.408271 ProcessGroupNCCL.cpp:1168] Warning text";
	attr(f, l, &a);
	cr_assert_eq(a.rank, 0);
	cr_assert_eq(a.level, 'W');
	cr_assert_eq(a.ts_kind, FL_TS_FULL);
	cr_assert_eq(a.ts, civil(2024, 3, 21, 2, 7, 8, 408271));
	assert_body(&a, l, "Warning text");
	fl_attr_file_free(f);
}

Test(attr_line, torchrun_local_rank_and_nccl_header)
{
	struct fl_attr_bundle b;
	struct fl_attr_file *f = file_new(&b, "x.log", 0);
	struct fl_attr a;
	const char *l = "[default5]:node1:123:456 [5] NCCL INFO Bootstrap : Using eth0";
	attr(f, l, &a);
	cr_assert_eq(a.local_rank, 5);
	cr_assert_eq(a.rank, -1);
	cr_assert_eq(a.pid, 123);
	cr_assert_eq(a.dev, 5);
	assert_host(&a, "node1");
	assert_body(&a, l, "NCCL INFO Bootstrap : Using eth0");
	cr_assert_eq(a.ts_kind, FL_TS_NONE);
	cr_assert_eq(a.ts, FL_TIME_NONE);
	fl_attr_file_free(f);
}

Test(attr_line, nccl_warn_with_bracketed_stamp)
{
	struct fl_attr_bundle b;
	struct fl_attr_file *f = file_new(&b, "x.log", 0);
	struct fl_attr a;
	const char *l = "[2025-03-01 10:00:00] node004:27907:27908 [1] transport/nvls.cc:254 "
			"NCCL WARN Cuda failure 401 'the operation cannot be performed'";
	attr(f, l, &a);
	cr_assert_eq(a.ts_kind, FL_TS_FULL);
	cr_assert_eq(a.ts, civil(2025, 3, 1, 10, 0, 0, 0));
	assert_host(&a, "node004");
	cr_assert_eq(a.pid, 27907);
	cr_assert_eq(a.dev, 1);
	assert_body(&a, l,
		    "transport/nvls.cc:254 NCCL WARN Cuda failure 401 'the operation cannot be "
		    "performed'");
	/* a full stamp tells the bundle its year */
	cr_assert_eq(b.year, 2025);
	fl_attr_file_free(f);
}

Test(attr_line, torchelastic_glog)
{
	struct fl_attr_bundle b;
	struct fl_attr_file *f = file_new(&b, "x.log", 2025);
	struct fl_attr a;
	const char *l = "E0325 20:57:27.620000 2606 site-packages/torch/distributed/elastic/"
			"multiprocessing/api.py:869] failed (exitcode: -9) local_rank: 5 (pid: 2630)";
	attr(f, l, &a);
	cr_assert_eq(a.pid, 2606);
	cr_assert_eq(a.level, 'E');
	cr_assert_eq(a.ts, civil(2025, 3, 25, 20, 57, 27, 620000));
	cr_assert_eq(a.ts_kind, FL_TS_FULL);
	assert_body(&a, l, "failed (exitcode: -9) local_rank: 5 (pid: 2630)");
	cr_assert_eq(a.rank, -1);
	cr_assert_eq(a.local_rank, -1, "local_rank inside the message is not an attribute");
	fl_attr_file_free(f);
}

struct simple_case {
	char line[200];
	int64_t rank;
	int64_t pid;
	char host[32]; /* "" for none */
	char body[128];
};

static struct simple_case simple_cases[] = {
	{ "  3: text after srun label", 3, -1, "", "text after srun label" },
	{ "12: x", 12, -1, "", "x" },
	{ "gpu-node7: text from pdsh", -1, -1, "gpu-node7", "text from pdsh" },
	{ "10.0.0.5: text from mpirun", -1, -1, "10.0.0.5", "text from mpirun" },
	{ "RuntimeError: boom", -1, -1, "", "RuntimeError: boom" },
	{ "srun: error: node3: task 3: Exited", -1, -1, "", "srun: error: node3: task 3: Exited" },
	/* the interpreter naming itself in its own error is not a host */
	{ "python3: can't open file 'train.py': [Errno 2] No such file or directory", -1, -1, "",
	  "python3: can't open file 'train.py': [Errno 2] No such file or directory" },
	{ "python3.10: can't open file 'x'", -1, -1, "", "python3.10: can't open file 'x'" },
	{ "(RayTrainWorker pid=123, ip=10.0.0.1) text", -1, 123, "10.0.0.1", "text" },
	{ "(RayTrainWorker pid=22754, ip=10.72.12.6) [E ProcessGroupNCCL.cpp:821] [Rank 21] W",
	  -1, 22754, "10.72.12.6", "[Rank 21] W" },
	{ "plain message", -1, -1, "", "plain message" },
	/* a log pasted indented: the rank tag still counts (NVIDIA/nccl#1409);
	 * an indented traceback line keeps its blanks */
	{ "    [rank7]:[E816 01:45:40.183009389 ProcessGroupNCCL.cpp:607] [Rank 7] W", 7, -1, "",
	  "[Rank 7] W" },
	{ "    return _run_code(code, main_globals, None,", -1, -1, "",
	  "    return _run_code(code, main_globals, None," },
	/* a log pasted as a markdown quote: the quote mark is peeled, the
	 * NCCL prefix behind it read (mosaicml/diffusion#110) */
	{ "> -:6015:6225 [1] proxy.cc:1119 NCCL WARN [Proxy Service 1] F", -1, 6015, "-",
	  "proxy.cc:1119 NCCL WARN [Proxy Service 1] F" },
	/* Open MPI --tag-output (ExaWorks/psij-python#510) */
	{ "[1,0]<stdout>:ABCD", 0, -1, "", "ABCD" },
	{ "[1,13]<stderr>:RuntimeError: NCCL error", 13, -1, "", "RuntimeError: NCCL error" },
	/* with --timestamp-output (PaddlePaddle/Paddle#13558) */
	{ "Mon Sep 24 14:28:29 2018[1,0]<stderr>:PC: @                0x0 (unknown)", 0, -1, "",
	  "PC: @                0x0 (unknown)" },
	/* PRRTE --output tag (openpmix/prrte#1405) */
	{ "[prterun-f5n18-100629@1,3]<stdout>: f5n17", 3, -1, "", "f5n17" },
	/* horovodrun (pytorch/ignite#3466): the indentation is the message's */
	{ "[1]<stderr>:    mpi_lib.horovod_torch_wait_and_clear(handle)", 1, -1, "",
	  "    mpi_lib.horovod_torch_wait_and_clear(handle)" },
	{ "[1]<stderr>:RuntimeError: ncclCommInitRank failed: unhandled cuda error (run with "
	  "NCCL_DEBUG=INFO for details)", 1, -1, "",
	  "RuntimeError: ncclCommInitRank failed: unhandled cuda error (run with NCCL_DEBUG=INFO "
	  "for details)" },
	/* SageMaker's mpirun tag: rank and host (a SageMaker example log, find_string) */
	{ "[1,mpirank:0,algo-1]<stderr>:Num processes: 8", 0, -1, "algo-1", "Num processes: 8" },
	{ "[1,mpirank:7,algo-2]<stderr>:Process index: 7", 7, -1, "algo-2", "Process index: 7" },
	/* not a tag: a list printed by a program */
	{ "[1, 2]<x>: y", -1, -1, "", "[1, 2]<x>: y" },
	/* espnet2's distributed prefix: host, global rank of 8 (espnet/espnet#4095) */
	{ "[7cc1303a881b:0/8] 2022-02-21 11:42:05,031 (trainer:617) WARNING: The grad norm is nan.",
	  0, -1, "7cc1303a881b", "(trainer:617) WARNING: The grad norm is nan." },
	/* not one: a rank past the world, an address and port */
	{ "[node3:8/8] x", -1, -1, "", "[node3:8/8] x" },
	{ "[localhost:29500] x", -1, -1, "", "[localhost:29500] x" },
	/* slurmstepd of a multiple-slurmd build (dask-jobqueue logs, find_string) */
	{ "slurmstepd-irene1112: error: *** STEP 8466589.0 ON irene1112 CANCELLED AT "
	  "2023-02-22T05:15:11 ***", -1, -1, "irene1112",
	  "error: *** STEP 8466589.0 ON irene1112 CANCELLED AT 2023-02-22T05:15:11 ***" },
	{ "slurmstepd: error: *** JOB 4242 ON gpu-node-07 CANCELLED AT 2024-05-02T11:20:13 ***", -1,
	  -1, "", "slurmstepd: error: *** JOB 4242 ON gpu-node-07 CANCELLED AT 2024-05-02T11:20:13 ***" },
	/* Ray tasks without an actor name, Ray's dedup suffix (Ray docs, find_string) */
	{ "(pid=120176) Setting up process group for: env:// [rank=0, world_size=4]", -1, 120176, "",
	  "Setting up process group for: env:// [rank=0, world_size=4]" },
	{ "(RayTrainWorker pid=590, ip=10.108.0.72) Moving model to device: cuda:0 [repeated 3x "
	  "across cluster]", -1, 590, "10.108.0.72",
	  "Moving model to device: cuda:0 [repeated 3x across cluster]" },
	/* TorchX role/replica before a Ray actor (meta-pytorch/torchx#492) */
	{ "ray/0 (CommandActor pid=494406)   group_rank=0", -1, 494406, "", "group_rank=0" },
	{ "llama/3 is a path, not a tag", -1, -1, "", "llama/3 is a path, not a tag" },
	/* nanotron: level and parallel coordinates (nanotron issue log, find_string) */
	{ "08/31/2024 14:37:22 [INFO|DP=0|PP=0|TP=0]: Building model..", 0, -1, "",
	  "Building model.." },
	{ "08/31/2024 14:37:22 [WARNING|DP=1|PP=0|TP=0|ip-26-0-161-142]: slow", -1, -1,
	  "ip-26-0-161-142", "slow" },
	/* sglang: TP rank inside the stamp's bracket (sgl-project/sglang#4503, #9805) */
	{ "[2025-03-17 17:15:55 TP1] Scheduler hit an exception: Traceback (most recent call last):",
	  1, -1, "", "Scheduler hit an exception: Traceback (most recent call last):" },
	{ "[2025-08-29 20:35:50 DP2 TP2 EP2 PP0] Scheduler hit an exception: Traceback (most recent "
	  "call last):", -1, -1, "", "Scheduler hit an exception: Traceback (most recent call last):" },
	/* icefall's distributed logger: level, file:line, rank/world (k2-fsa/icefall#1463) */
	{ "2024-01-14 01:03:00,826 WARNING [train.py:1057] (2/4) Grad scale is small: "
	  "1.2924697071141057e-26", 2, -1, "", "Grad scale is small: 1.2924697071141057e-26" },
	{ "2024-01-14 01:03:01,769 INFO [checkpoint.py:75] (0/4) Saving checkpoint to "
	  "zipformer/exp-causal/2500/bad-model-0.pt", 0, -1, "",
	  "Saving checkpoint to zipformer/exp-causal/2500/bad-model-0.pt" },
	/* not one: the same logger without a process group, a rank past the
	 * world, and a fraction that is the message's */
	{ "2024-01-14 01:03:00,826 INFO [train.py:1057] Epoch 1, batch 0", -1, -1, "",
	  "INFO [train.py:1057] Epoch 1, batch 0" },
	{ "2024-01-14 01:03:00,826 INFO [train.py:1057] (4/4) x", -1, -1, "",
	  "INFO [train.py:1057] (4/4) x" },
	{ "2024-01-14 01:03:00,826 INFO [batch 3] (1/2) done", -1, -1, "",
	  "INFO [batch 3] (1/2) done" },
	/* Metaflow task prefix after its stamp (Netflix/metaflow#587, #1672) */
	{ "2024-01-09 22:26:57.629 [1704839212206922/start/1 (pid 31890)] HelloFlow is starting.", -1,
	  31890, "", "HelloFlow is starting." },
	{ "2021-06-28 14:37:19.546 [7637/hello/92219 (pid 66823)] [24616654-4aca-42ad-9d86-c1133f519cb9] "
	  "Downloading code package...", -1, 66823, "", "Downloading code package..." },
	/* containerd / CRI log file record (a collector test's sample line, find_string) */
	{ "2024-04-11T17:05:13.758476896Z stderr F WARN  2024-04-11 17:05:13,755 [shard 0:main] "
	  "seastar_memory - oversized allocation", -1, -1, "",
	  "WARN  2024-04-11 17:05:13,755 [shard 0:main] seastar_memory - oversized allocation" },
	/* torch's [rankN]: after a collector's stamp */
	{ "2025-04-04T16:57:57.7153695Z [rank3]:[E404 16:57:57.715000000 ProcessGroupNCCL.cpp:616] "
	  "[Rank 3] Watchdog caught collective operation timeout", 3, -1, "",
	  "[Rank 3] Watchdog caught collective operation timeout" },
	/* a message glued to tqdm's last bar (axolotl-ai-cloud/axolotl#1473,
	 * hiyouga/LLaMA-Factory#2902); a bar alone keeps its postfix */
	{ " 94%|\xe2\x96\x88\xe2\x96\x89  | 837/888 [9:42:50<34:08, 40.17s/it][rank7]:[E "
	  "ProcessGroupNCCL.cpp:1182] [Rank 7] NCCL watchdog thread terminated", 7, -1, "",
	  "[Rank 7] NCCL watchdog thread terminated" },
	{ "100%|\xe2\x96\x88| 3300/3300 [2:41:46<00:00,  2.94s/it, avr_loss=nan]", -1, -1, "",
	  "100%|\xe2\x96\x88| 3300/3300 [2:41:46<00:00,  2.94s/it, avr_loss=nan]" },
	{ "  2%|\xe2\x96\x8f | 13/620 [01:07<50:20,  4.98s/it][rank0]:[E1123 00:52:57.664925 "
	  "ProcessGroupNCCL.cpp:563] [Rank 0] Watchdog caught", 0, -1, "", "[Rank 0] Watchdog caught" },
	{ " 50% of 8 | 4/8 done [ok][x]", -1, -1, "", " 50% of 8 | 4/8 done [ok][x]" },
	/* kubectl logs --timestamps before an indented traceback line: one
	 * space is the stamp's, the rest the line's */
	{ "2024-05-01T12:00:00.004000123Z     map_location=lambda storage, loc: storage)", -1, -1,
	  "", "    map_location=lambda storage, loc: storage)" },
	{ "2024-05-01T12:00:00.1+02:00   File \"x.py\", line 3", -1, -1, "",
	  "  File \"x.py\", line 3" },
	/* a program's own stamp keeps no blanks: its alignment is the format's */
	{ "2024-05-01 12:00:00,123    INFO x", -1, -1, "", "INFO x" },
	/* docker compose logs: the container column is the host */
	{ "trainer-1  | [rank3]: torch.OutOfMemoryError: CUDA out of memory", 3, -1, "trainer-1",
	  "torch.OutOfMemoryError: CUDA out of memory" },
	{ "worker_12 |     return f(*args)", -1, -1, "worker_12", "    return f(*args)" },
	/* what only starts a line, after a collector's column: srun's label
	 * (pytorch/pytorch#135486, PiPPy#260 as kubectl or compose had
	 * handed them over); after a program's own stamp it is text */
	{ "2024-05-01T12:00:00.004000123Z 14: RuntimeError: CUDA error", 14, -1, "",
	  "RuntimeError: CUDA error" },
	{ "trainer-1  | 0: Fatal Python error: Segmentation fault", 0, -1, "trainer-1",
	  "Fatal Python error: Segmentation fault" },
	{ "2024-05-01 12:00:00,123 14: x", -1, -1, "", "14: x" },
	/* an MPI Operator launcher's log through kubectl: mpirun's
	 * --timestamp-output stamp and rank tag behind kubectl's stamp */
	{ "2024-05-01T12:00:00.000000123Z Mon Sep 24 14:28:29 2018[1,7]<stderr>:Segmentation fault",
	  7, -1, "", "Segmentation fault" },
	/* a word that only looks like a month's after a stamp stays text */
	{ "2024-05-01 12:00:00,123 May be retried", -1, -1, "", "May be retried" },
	/* not one: a table's row, a summary row without a container number */
	{ "name  | value", -1, -1, "", "name  | value" },
	{ "0 | model | GPT | 124 M", -1, -1, "", "0 | model | GPT | 124 M" },
	/* dmesg --raw priority (util-linux/util-linux#614) */
	{ "<6>[    0.000000] x86/fpu: Legacy x87 FPU detected.", -1, -1, "",
	  "x86/fpu: Legacy x87 FPU detected." },
};

ParameterizedTestParameters(attr_line, simple)
{
	return cr_make_param_array(struct simple_case, simple_cases,
				   sizeof(simple_cases) / sizeof(simple_cases[0]));
}

ParameterizedTest(struct simple_case *c, attr_line, simple)
{
	struct fl_attr_bundle b;
	struct fl_attr_file *f = file_new(&b, "x.log", 0);
	struct fl_attr a;
	attr(f, c->line, &a);
	cr_assert_eq(a.rank, c->rank, "'%s': rank %lld", c->line, (long long)a.rank);
	cr_assert_eq(a.pid, c->pid, "'%s': pid %lld", c->line, (long long)a.pid);
	assert_host(&a, c->host[0] ? c->host : NULL);
	assert_body(&a, c->line, c->body);
	fl_attr_file_free(f);
}

/* espnet's and icefall's prefixes state the world size beside the rank;
 * other rank tags do not. */
Test(attr_line, a_prefix_states_the_world)
{
	struct fl_attr_bundle b;
	struct fl_attr_file *f = file_new(&b, "x.log", 0);
	struct fl_attr a;
	attr(f, "[7cc1303a881b:0/8] 2022-02-21 11:42:05,031 (trainer:617) WARNING: x", &a);
	cr_assert_eq(a.world, 8);
	attr(f, "2024-01-14 01:03:00,826 WARNING [train.py:1057] (2/4) Grad scale is small: 1.0",
	     &a);
	cr_assert_eq(a.world, 4);
	attr(f, "[rank3]:[E ProcessGroupNCCL.cpp:563] [Rank 3] Watchdog caught collective", &a);
	cr_assert_eq(a.rank, 3);
	cr_assert_eq(a.world, -1);
	fl_attr_file_free(f);
}

Test(attr_line, journal_kernel_line_anchors_boot)
{
	struct fl_attr_bundle b;
	struct fl_attr_file *f = file_new(&b, "x.log", 2024);
	struct fl_attr a;
	cr_assert_eq(fl_attr_file_boot(f), FL_TIME_NONE);
	const char *l = "Dec  3 12:00:00 node07 kernel: [12345.678901] NVRM: Xid (PCI:0000:3b:00): "
			"79, GPU has fallen off the bus.";
	attr(f, l, &a);
	assert_host(&a, "node07");
	int64_t anchor = civil(2024, 12, 3, 12, 0, 0, 0);
	cr_assert_eq(a.ts, anchor);
	cr_assert_eq(a.ts_kind, FL_TS_FULL);
	cr_assert_float_eq(a.uptime, 12345.678901, 1e-7);
	assert_body(&a, l, "NVRM: Xid (PCI:0000:3b:00): 79, GPU has fallen off the bus.");
	cr_assert_eq(fl_attr_file_boot(f), anchor - INT64_C(12345678901));

	const char *l2 = "[12346.678901] NVRM: GPU at PCI:0000:3b:00: GPU-abc";
	attr(f, l2, &a);
	cr_assert_eq(a.ts_kind, FL_TS_UPTIME);
	cr_assert_eq(a.ts, anchor + 1000000);
	assert_host(&a, NULL);
	assert_body(&a, l2, "NVRM: GPU at PCI:0000:3b:00: GPU-abc");
	fl_attr_file_free(f);
}

/* The same journal line in a bundle whose year is not known yet: the stamp
 * is year-less (provisional year, fixed later by the store), but it is a
 * wall time all the same and should anchor the uptimes that follow. Today
 * apply_time() in src/attrib/attrib.c anchors only on FL_TS_FULL, so the
 * next line just inherits the time. Documents the bug. */
Test(attr_line, yearless_journal_line_anchors_boot)
{
	struct fl_attr_bundle b;
	struct fl_attr_file *f = file_new(&b, "x.log", 0);
	struct fl_attr a;
	attr(f, "Dec  3 12:00:00 node07 kernel: [12345.678901] NVRM: Xid 79", &a);
	int64_t anchor = civil(FL_PROVISIONAL_YEAR, 12, 3, 12, 0, 0, 0);
	cr_assert_eq(a.ts_kind, FL_TS_YEARLESS);
	cr_assert_eq(a.ts, anchor);
	cr_assert_neq(fl_attr_file_boot(f), FL_TIME_NONE, "year-less wall time did not anchor");
	attr(f, "[12346.678901] NVRM: later", &a);
	cr_assert_eq(a.ts_kind, FL_TS_UPTIME);
	cr_assert_eq(a.ts, anchor + 1000000);
	fl_attr_file_free(f);
}

/* Uptimes are held as doubles and converted with a truncating cast
 * ((int64_t)(uptime * 1e6) in apply_time()), so for a node up ~100 days
 * the result can be 1 µs off. Expected: exact microseconds, as written.
 * Documents the bug. */
Test(attr_line, uptime_arithmetic_is_exact)
{
	struct fl_attr_bundle b;
	struct fl_attr_file *f = file_new(&b, "x.log", 2024);
	struct fl_attr a;
	attr(f, "Jun  1 00:00:00 node07 kernel: [8693507.657277] anchor", &a);
	int64_t anchor = civil(2024, 6, 1, 0, 0, 0, 0);
	cr_assert_eq(a.ts, anchor);
	attr(f, "[8693508.780734] later", &a);
	cr_assert_eq(a.ts_kind, FL_TS_UPTIME);
	cr_assert_eq(a.ts - anchor, 1123457, "off by %lld us", (long long)(a.ts - anchor - 1123457));
	fl_attr_file_free(f);
}

/* A bar whose counts lie past the longest bar looked at is not read
 * beyond it (the search for the bar's bracket stays inside it). */
Test(attr_line, tqdm_bar_past_its_limit)
{
	struct fl_attr_bundle b;
	struct fl_attr_file *f = file_new(&b, "x.log", 0);
	size_t n = 8192;
	char *line = malloc(n + 1);
	memset(line, ' ', n);
	memcpy(line, " 50%|", 5);
	line[4093] = '|';
	memcpy(line + 4100, "3/8 [00:01<00:01][rank2]: x", 27);
	line[n] = '\0';
	struct fl_attr a;
	attr(f, line, &a);
	cr_assert_eq(a.rank, -1, "a bar past the limit is not peeled");
	free(line);
	fl_attr_file_free(f);
}

/* rich's boxed traceback (excerpt train-035, accelerate): the box sides
 * are not part of the message. */
Test(attr_line, rich_box_sides_are_cut)
{
	struct fl_attr_bundle b;
	struct fl_attr_file *f = file_new(&b, "x.log", 0);
	struct fl_attr a;
	const char *l = "\xe2\x94\x82 /usr/local/lib/python3.9/dist-packages/torch/distributed/run.py:753 "
			"in run                       \xe2\x94\x82";
	attr(f, l, &a);
	cr_assert_eq(a.body_len, strlen("/usr/local/lib/python3.9/dist-packages/torch/distributed/run.py:753 in run"));
	cr_assert_eq(memcmp(a.body, "/usr/local/lib/python3.9/dist-packages/torch/distributed/run.py:753 in run",
			    a.body_len), 0);
	const char *code = "\xe2\x94\x82 \xe2\x9d\xb1 753 \xe2\x94\x82   elastic_launch(      \xe2\x94\x82";
	attr(f, code, &a);
	cr_assert_eq(a.body_len, strlen("\xe2\x9d\xb1 753 \xe2\x94\x82   elastic_launch("));
	fl_attr_file_free(f);
}

/* dmesg --reltime (`dmesg -e`): a minute header, then seconds since the
 * previous message. Lines from a mailing-list report (find_string). */
Test(attr_line, dmesg_reltime_adds_up)
{
	struct fl_attr_bundle b;
	struct fl_attr_file *f = file_new(&b, "dmesg-e.txt", 2024);
	struct fl_attr a;
	const char *l = "[Mar16 11:46] md/raid:md126: device nvme0n1 operational as raid disk 0";
	attr(f, l, &a);
	cr_assert_eq(a.ts_kind, FL_TS_FULL);
	cr_assert_eq(a.ts, civil(2024, 3, 16, 11, 46, 0, 0));
	assert_body(&a, l, "md/raid:md126: device nvme0n1 operational as raid disk 0");
	l = "[  +0.011147] md/raid:md126: raid level 4 active with 1 out of 2 devices, algorithm 5";
	attr(f, l, &a);
	cr_assert_eq(a.ts, civil(2024, 3, 16, 11, 46, 0, 11147));
	cr_assert_float_eq(a.delta, 0.011147, 1e-9);
	assert_body(&a, l, "md/raid:md126: raid level 4 active with 1 out of 2 devices, algorithm 5");
	l = "[ +15.062999]  nvme3n1:";
	attr(f, l, &a);
	cr_assert_eq(a.ts, civil(2024, 3, 16, 11, 46, 15, 74146));
	assert_body(&a, l, "nvme3n1:");
	fl_attr_file_free(f);
}

Test(attr_line, dmesg_reltime_without_header_has_no_time)
{
	struct fl_attr_bundle b;
	struct fl_attr_file *f = file_new(&b, "dmesg-e.txt", 0);
	struct fl_attr a;
	attr(f, "[  +0.000352] GPIO_irqNumber = 67", &a);
	cr_assert_eq(a.ts_kind, FL_TS_NONE);
	cr_assert_eq(a.ts, FL_TIME_NONE);
	/* a year-less header stays provisional, and so do the deltas after it */
	attr(f, "[Apr11 17:07] Interrupt Occurred : GPIO_21_OUT : 1", &a);
	cr_assert_eq(a.ts_kind, FL_TS_YEARLESS);
	attr(f, "[  +0.000044] Device Driver Insert...Done!!!", &a);
	cr_assert_eq(a.ts_kind, FL_TS_YEARLESS);
	cr_assert_eq(a.ts, civil(FL_PROVISIONAL_YEAR, 4, 11, 17, 7, 0, 44));
	fl_attr_file_free(f);
}

/* Every time format of dmesg at once (util-linux/util-linux#2648): the
 * uptime with its delta, the ctime stamp, the reltime and the ISO stamp. */
Test(attr_line, dmesg_all_time_formats)
{
	struct fl_attr_bundle b;
	struct fl_attr_file *f = file_new(&b, "dmesg.txt", 0);
	struct fl_attr a;
	const char *l = "[17159596.699613 <    0.000000>] [Fri Dec 22 12:26:24 2023] [  +0.000000] "
			"2023-12-22T12:26:24,559613-08:00 device vethab20cf5 entered promiscuous mode";
	attr(f, l, &a);
	cr_assert_float_eq(a.uptime, 17159596.699613, 1e-7);
	cr_assert_eq(a.ts_kind, FL_TS_FULL);
	cr_assert_eq(a.ts, civil(2023, 12, 22, 12, 26, 24, 0));
	assert_body(&a, l, "device vethab20cf5 entered promiscuous mode");
	cr_assert_neq(fl_attr_file_boot(f), FL_TIME_NONE);
	fl_attr_file_free(f);
}

Test(attr_line, uptime_without_anchor_has_no_time)
{
	struct fl_attr_bundle b;
	struct fl_attr_file *f = file_new(&b, "dmesg.txt", 0);
	struct fl_attr a;
	const char *l = "[ 1843.308145] NVRM: Xid (PCI:0000:3b:00): 48";
	attr(f, l, &a);
	cr_assert_eq(a.ts_kind, FL_TS_NONE);
	cr_assert_eq(a.ts, FL_TIME_NONE);
	cr_assert_float_eq(a.uptime, 1843.308145, 1e-7);
	assert_body(&a, l, "NVRM: Xid (PCI:0000:3b:00): 48");
	fl_attr_file_free(f);
}

Test(attr_line, dmesg_T_bracketed)
{
	struct fl_attr_bundle b;
	struct fl_attr_file *f = file_new(&b, "x.log", 0);
	struct fl_attr a;
	const char *l = "[Fri Aug 30 11:43:09 2024] NVRM: Xid (PCI:0000:b7:00): 94";
	attr(f, l, &a);
	cr_assert_eq(a.ts_kind, FL_TS_FULL);
	cr_assert_eq(a.ts, civil(2024, 8, 30, 11, 43, 9, 0));
	assert_body(&a, l, "NVRM: Xid (PCI:0000:b7:00): 94");
	cr_assert_eq(b.year, 2024);
	fl_attr_file_free(f);
}

Test(attr_line, time_inheritance)
{
	struct fl_attr_bundle b;
	struct fl_attr_file *f = file_new(&b, "x.log", 0);
	struct fl_attr a;
	attr(f, "Traceback (most recent call last):", &a);
	cr_assert_eq(a.ts_kind, FL_TS_NONE, "nothing to inherit yet");
	cr_assert_eq(a.ts, FL_TIME_NONE);

	attr(f, "2024-03-25 20:57:27,123 - ERROR - boom", &a);
	int64_t t1 = civil(2024, 3, 25, 20, 57, 27, 123000);
	cr_assert_eq(a.ts_kind, FL_TS_FULL);
	cr_assert_eq(a.ts, t1);

	attr(f, "  File \"train.py\", line 10, in <module>", &a);
	cr_assert_eq(a.ts_kind, FL_TS_INHERITED);
	cr_assert_eq(a.ts, t1);
	attr(f, "RuntimeError: CUDA error", &a);
	cr_assert_eq(a.ts_kind, FL_TS_INHERITED);
	cr_assert_eq(a.ts, t1);

	attr(f, "2024-03-25 20:58:00,000 - INFO - next", &a);
	int64_t t2 = civil(2024, 3, 25, 20, 58, 0, 0);
	cr_assert_eq(a.ts, t2);
	attr(f, "continuation", &a);
	cr_assert_eq(a.ts, t2, "inherits the latest stamp, not the first");

	/* another file of the same bundle starts with nothing to inherit */
	struct fl_attr_file *g = fl_attr_file_new("y.log", &b);
	attr(g, "continuation", &a);
	cr_assert_eq(a.ts_kind, FL_TS_NONE);
	fl_attr_file_free(g);
	fl_attr_file_free(f);
}

Test(attr_line, bundle_year_is_latest_full_year)
{
	struct fl_attr_bundle b;
	struct fl_attr_file *f = file_new(&b, "x.log", 0);
	struct fl_attr a;
	attr(f, "Dec 31 23:59:59 h kernel: year-less first", &a);
	cr_assert_eq(b.year, 0);
	cr_assert_eq(b.yearless, 1);
	attr(f, "2023-12-31T23:59:59Z old", &a);
	attr(f, "2024-01-01T00:00:01Z new", &a);
	attr(f, "2023-06-01T00:00:00Z older again", &a);
	cr_assert_eq(b.year, 2024);
	/* with the year known, syslog stamps use it */
	attr(f, "Jan  1 00:00:02 h kernel: now with a year", &a);
	cr_assert_eq(a.ts, civil(2024, 1, 1, 0, 0, 2, 0));
	fl_attr_file_free(f);
}

Test(attr_line, path_fills_unknowns_and_line_overrides_with_conflict)
{
	struct fl_attr_bundle b;
	struct fl_attr_file *f = file_new(&b, "node07/rank3.log", 0);
	struct fl_attr a;
	attr(f, "plain line", &a);
	cr_assert_eq(a.rank, 3);
	assert_host(&a, "node07");
	cr_assert_eq(a.conflict, false);

	attr(f, "[rank5]: said otherwise", &a);
	cr_assert_eq(a.rank, 5, "the line prefix wins over the path");
	cr_assert_eq(a.conflict, true);

	attr(f, "[rank3]: agrees", &a);
	cr_assert_eq(a.rank, 3);
	cr_assert_eq(a.conflict, false);

	attr(f, "node09:1:2 [0] NCCL INFO other host", &a);
	assert_host(&a, "node09");
	cr_assert_eq(a.conflict, true);
	fl_attr_file_free(f);
}

Test(attr_line, viewer_line_number_then_prefixes)
{
	struct fl_attr_bundle b;
	struct fl_attr_file *f = file_new(&b, "x.log", 0);
	struct fl_attr a;
	const char *l = "[80746] [default3]:[rank11]:RuntimeError: NCCL error";
	attr(f, l, &a);
	cr_assert_eq(a.local_rank, 3);
	cr_assert_eq(a.rank, 11);
	assert_body(&a, l, "RuntimeError: NCCL error");
	fl_attr_file_free(f);
}

/* A log collector's column, as the line splitter looks past it when a
 * wrapped line continues behind it (score.py --wrap's three collectors
 * and CRI); a program's own stamp, a table's row and a syslog line
 * without its tag are not one. */
Test(attr_column, collectors_and_not)
{
	static const struct {
		const char *line;
		size_t want;
	} cases[] = {
		{ "2026-12-06T04:00:00.000001123Z eqNum=1, OpType=ALLREDUCE", 31 },
		{ "2024-05-01T12:00:00.1+02:00   File \"x.py\", line 3", 28 },
		{ "2024-04-11T17:05:13.758476896Z stderr F WARN x", 40 },
		{ "Dec 06 04:23:37.123456 gpu-node-07 python3[4242]: eqNum=1", 50 },
		{ "trainer-1  | eqNum=1", 13 },
		{ "2024-05-01 12:00:00,123    INFO x", 0 },
		{ "2024-05-01T12:00:00 INFO x", 0 },
		{ "Dec  3 12:00:00 node07 kernel", 0 },
		{ "name  | value", 0 },
		{ "[rank3]: x", 0 },
		{ "eqNum=1", 0 },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		cr_assert_eq(fl_attr_column(cases[i].line, strlen(cases[i].line)), cases[i].want,
			     "%s: %zu", cases[i].line,
			     fl_attr_column(cases[i].line, strlen(cases[i].line)));
}

Test(attr_line, empty_line)
{
	struct fl_attr_bundle b;
	struct fl_attr_file *f = file_new(&b, "x.log", 0);
	struct fl_attr a;
	attr(f, "", &a);
	cr_assert_eq(a.body_len, 0);
	cr_assert_eq(a.rank, -1);
	assert_host(&a, NULL);
	cr_assert_eq(a.ts_kind, FL_TS_NONE);
	cr_assert_eq(a.uptime, -1);
	cr_assert_eq(a.level, 0);
	fl_attr_file_free(f);
}

/* ---- fl_attr_path ---- */

struct path_case {
	char path[64];
	int64_t rank, local_rank, pid;
	char host[32];
	int attempt;
};

static struct path_case path_cases[] = {
	{ "node07/logs/run_ab12/attempt_1/3/stderr.log", -1, 3, -1, "node07", 1 },
	{ "rank_00012.out", 12, -1, -1, "", -1 },
	{ "logs/rank3.log", 3, -1, -1, "", -1 },
	{ "rank-7.txt", 7, -1, -1, "", -1 },
	{ "log_rank4.txt", 4, -1, -1, "", -1 },
	{ "local_rank2.txt", -1, 2, -1, "", -1 },
	{ "torchrun-exitcode-9-local-rank-5.log", -1, 5, -1, "", -1 },
	{ "localrank6.out", -1, 6, -1, "", -1 },
	{ "pods/default_job-worker-3_uid123/pytorch/0.log", -1, -1, -1, "job-worker-3", -1 },
	{ "job-master-0.log", -1, -1, -1, "job-master-0", -1 },
	{ "nccl.gpu-a08.12345.log", -1, -1, 12345, "gpu-a08", -1 },
	{ "nccl_gpu-a08_777.txt", -1, -1, 777, "gpu-a08", -1 },
	{ "node2.tar.gz/rank1.log", 1, -1, -1, "node2", -1 },
	{ "worker_rank3.log", 3, -1, -1, "", -1 },
	{ "nid001234/out.log", -1, -1, -1, "nid001234", -1 },
	{ "train.log", -1, -1, -1, "", -1 },
	{ "ranking.log", -1, -1, -1, "", -1 },
	{ "", -1, -1, -1, "", -1 },
};

ParameterizedTestParameters(attr_path, cases)
{
	return cr_make_param_array(struct path_case, path_cases,
				   sizeof(path_cases) / sizeof(path_cases[0]));
}

ParameterizedTest(struct path_case *c, attr_path, cases)
{
	struct fl_path_attr pa;
	memset(&pa, 0x5a, sizeof(pa));
	fl_attr_path(c->path, &pa);
	cr_assert_eq(pa.rank, c->rank, "'%s': rank %lld", c->path, (long long)pa.rank);
	cr_assert_eq(pa.local_rank, c->local_rank, "'%s': local_rank %lld", c->path,
		     (long long)pa.local_rank);
	cr_assert_eq(pa.pid, c->pid, "'%s': pid %lld", c->path, (long long)pa.pid);
	cr_assert_str_eq(pa.host, c->host, "'%s': host '%s'", c->path, pa.host);
	cr_assert_eq(pa.attempt, c->attempt, "'%s': attempt %d", c->path, pa.attempt);
}

Test(attr_path, file_exposes_path_attributes)
{
	struct fl_attr_bundle b = { 0, 0, 0 };
	struct fl_attr_file *f = fl_attr_file_new("nccl.gpu-a08.12345.log", &b);
	const struct fl_path_attr *pa = fl_attr_file_path(f);
	cr_assert_str_eq(pa->host, "gpu-a08");
	cr_assert_eq(pa->pid, 12345);
	struct fl_attr a;
	attr(f, "NCCL INFO something", &a);
	cr_assert_eq(a.pid, 12345);
	assert_host(&a, "gpu-a08");
	fl_attr_file_free(f);
}
