/* SPDX-License-Identifier: MIT */
/*
 * test_attribution.c - sampled lines of real-format bundles carry the
 * rank, host, local rank and time that the bundle tells, whatever told it:
 * a torch `[rankN]:` prefix, a torchrun log directory, an NCCL host:pid
 * joined to its Init COMPLETE, a Slurm `srun --label`, a pod name, a
 * previous stamp (inherited), or a syslog line anchoring dmesg uptimes.
 * The expected values were read off the lines by hand.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "faultline/store.h"
#include "fl_test.h"

struct sample {
	const char *scenario, *table, *file;
	int64_t line;
	int64_t rank, local_rank; /* -1: must be unknown */
	const char *host;         /* NULL: must be unknown */
	const char *time;         /* RFC 3339 (UTC), NULL: not checked */
	int ts_kind;              /* -1: not checked */
};

static const struct sample SAMPLES[] = {
	/* torch prefix for the rank, torchrun --log-dir for local rank and host,
	 * time inherited from the step line before the traceback */
	{ "01-gpu-oom", "events", "node2/logs/none_k2x9v1qz/attempt_0/3/stderr.log", 38, 11, 3,
	  "node2", "2024-12-03T13:56:22.725000Z", 3 },
	/* a step line without a rank prefix: the file is rank 11's */
	{ "01-gpu-oom", "steps", "node2/logs/none_k2x9v1qz/attempt_0/3/stderr.log", 22, 11, 3,
	  "node2", "2024-12-03T13:55:24.512000Z", 1 },
	/* NCCL host:pid:tid joined to `rank 301 nranks 512 ... Init COMPLETE` */
	{ "17-large", "events", "node038/torchrun.log", 152, 301, 5, "node038", NULL, -1 },
	/* Slurm srun --label task id, Megatron's bracketed stamp (a step
	 * line among the last ones of its rank, which are kept as rows) */
	{ "03-loss-divergence", "steps", "slurm-5523190.out", 623, 15, -1, NULL,
	  "2024-06-18T09:55:02.000000Z", 1 },
	/* Kubernetes pod log named after its pod; the rank from the same pid's
	 * `rank 6 nranks 8 ... Init START` (no rank ever completes init) */
	{ "09-nccl-init-error", "events", "llama-ft-worker-0.log", 64, 6, 2, "llama-ft-worker-0",
	  NULL, -1 },
};

static const char *time_text(int64_t ts, char *buf, size_t cap)
{
	struct fl_buf b = FL_BUF_INIT;
	fl_time_format(&b, ts);
	snprintf(buf, cap, "%s", b.ptr);
	fl_buf_release(&b);
	return buf;
}

static void check(struct fl_store *s, const struct sample *x)
{
	char sql[512];
	snprintf(sql, sizeof(sql),
		 "SELECT IFNULL(t.rank, -1), IFNULL(t.local_rank, -1), t.host, t.ts, t.ts_kind"
		 " FROM %s t JOIN files f ON f.id = t.file_id WHERE f.path = ?1 AND t.line = ?2",
		 x->table);
	struct fl_stmt *st;
	struct fl_err err;
	cr_assert_eq(fl_store_prepare(s, sql, &st, &err), FL_OK, "%s", err.msg);
	fl_stmt_bind_text(st, 1, x->file);
	fl_stmt_bind_int(st, 2, x->line);
	cr_assert_eq(fl_stmt_step(st), 1, "%s: no %s row at %s:%lld", x->scenario, x->table, x->file,
		     (long long)x->line);
	const char *where = x->file;
	cr_expect_eq(fl_stmt_int(st, 0), x->rank, "%s:%lld rank", where, (long long)x->line);
	cr_expect_eq(fl_stmt_int(st, 1), x->local_rank, "%s:%lld local rank", where,
		     (long long)x->line);
	if (x->host)
		cr_expect_str_eq(fl_stmt_text(st, 2), x->host, "%s:%lld host", where, (long long)x->line);
	else
		cr_expect(fl_stmt_null(st, 2), "%s:%lld host should be unknown, got %s", where,
			  (long long)x->line, fl_stmt_text(st, 2));
	if (x->time) {
		char buf[64];
		cr_assert(!fl_stmt_null(st, 3), "%s:%lld has no time", where, (long long)x->line);
		cr_expect_str_eq(time_text(fl_stmt_int(st, 3), buf, sizeof(buf)), x->time,
				 "%s:%lld time", where, (long long)x->line);
	}
	if (x->ts_kind >= 0)
		cr_expect_eq(fl_stmt_int(st, 4), x->ts_kind, "%s:%lld ts_kind", where, (long long)x->line);
	fl_stmt_free(st);
}

Test(attribution, sampled_lines, .timeout = 120)
{
	struct fl_session t;
	fl_session_init(&t, "attribution");
	const char *done[8] = { 0 };
	size_t ndone = 0;
	for (size_t i = 0; i < sizeof(SAMPLES) / sizeof(SAMPLES[0]); i++) {
		bool seen = false;
		for (size_t k = 0; k < ndone; k++)
			seen = seen || !strcmp(done[k], SAMPLES[i].scenario);
		if (seen)
			continue;
		done[ndone++] = SAMPLES[i].scenario;
		char bundle[4096];
		snprintf(bundle, sizeof(bundle), "%s/scenarios/%s/bundle", FL_TESTDATA_DIR,
			 SAMPLES[i].scenario);
		fl_session_ingest(&t, bundle, "--no-keep");
	}
	struct fl_store *s;
	struct fl_err err;
	cr_assert_eq(fl_store_open(&s, t.db, FL_STORE_READONLY, &err), FL_OK, "%s", err.msg);
	for (size_t i = 0; i < sizeof(SAMPLES) / sizeof(SAMPLES[0]); i++)
		check(s, &SAMPLES[i]);
	fl_store_close(s);
	fl_session_release(&t);
}

/* dmesg uptimes take wall time from a syslog file of the same host that
 * carries both clocks (kern.log beside dmesg.txt); the year comes from the
 * bundle, so only the time of day is fixed here. */
Test(attribution, dmesg_anchored_by_host_syslog, .timeout = 60)
{
	struct fl_session t;
	fl_session_init(&t, "dmesg");
	char bundle[4096];
	snprintf(bundle, sizeof(bundle), "%s/scenarios/07-gpu-hardware/bundle", FL_TESTDATA_DIR);
	fl_session_ingest(&t, bundle, "--no-keep");
	struct fl_store *s;
	struct fl_err err;
	cr_assert_eq(fl_store_open(&s, t.db, FL_STORE_READONLY, &err), FL_OK, "%s", err.msg);
	struct fl_stmt *st;
	cr_assert_eq(fl_store_prepare(s, "SELECT e.ts % 86400000000, e.ts_kind, e.host FROM events e"
				      " JOIN files f ON f.id = e.file_id WHERE f.path = 'node3/dmesg.txt'"
				      " AND e.line = 25", &st, &err), FL_OK);
	cr_assert_eq(fl_stmt_step(st), 1);
	/* kern.log: `Feb 14 08:23:26 node3 kernel: [1089667.636024] ... Xid`;
	 * syslog has whole seconds, so the anchor is good to a second. */
	int64_t tod = (8 * 3600 + 23 * 60 + 26) * 1000000ll;
	int64_t got = fl_stmt_int(st, 0);
	cr_expect(got > tod - 1000000 && got <= tod, "anchored time of day %lld", (long long)got);
	cr_expect_eq(fl_stmt_int(st, 1), 4, "ts_kind uptime");
	cr_expect_str_eq(fl_stmt_text(st, 2), "node3");
	fl_stmt_free(st);
	fl_store_close(s);
	fl_session_release(&t);
}

/* containerd/CRI-O split a long message into partial records (`P`) that
 * the next record completes (`F`): the records are joined into one line,
 * attributed by its first header (the rank prefix is in the first part),
 * so a pattern sees the message whole; a member that ends inside a split
 * message keeps what it had as a line. Format of the records: containerd's
 * CRI log files (kubelet's /var/log/pods), the message cut mid-word. */
Test(attribution, cri_partial_records_are_joined, .timeout = 60)
{
	static const char LOG[] =
		"2024-04-11T17:05:12.100000000Z stderr F [rank3]: Traceback (most recent call last):\n"
		"2024-04-11T17:05:13.758476896Z stderr P [rank3]: torch.OutOfMemoryError: CUDA out of mem\n"
		"2024-04-11T17:05:13.758480000Z stderr P ory. Tried to allocate 2.00 GiB. GPU 3 has a "
		"total capacity of 79.15 GiB of which 1.06 GiB is free.\n"
		"2024-04-11T17:05:13.758490000Z stderr F  Of the allocated memory 75.31 GiB is allocated "
		"by PyTorch, and 1.20 GiB is reserved by PyTorch but unallocated.\n"
		"2024-04-11T17:05:14.000000000Z stdout F [rank2]: waiting\n"
		"2024-04-11T17:05:15.000000000Z stderr P [rank2]: torch.OutOfMemoryError: CUDA out of "
		"memory. Tried to allocate 4.00 GiB.\n";
	struct fl_session t;
	fl_session_init(&t, "cri");
	char *dir = fl_session_path(&t, "pods");
	char *path = fl_session_path(&t, "pods/worker-0.log");
	cr_assert_eq(mkdir(dir, 0755), 0, "cannot create %s", dir);
	cr_assert(fl_test_write(path, LOG, sizeof(LOG) - 1), "cannot write %s", path);
	fl_session_ingest(&t, dir, "--no-keep");
	struct fl_store *s;
	struct fl_err err;
	cr_assert_eq(fl_store_open(&s, t.db, FL_STORE_READONLY, &err), FL_OK, "%s", err.msg);
	struct fl_stmt *st;
	cr_assert_eq(fl_store_prepare(s, "SELECT line, rank, text FROM events WHERE kind = 'mem.cuda_oom'"
				      " ORDER BY line", &st, &err), FL_OK, "%s", err.msg);
	cr_assert_eq(fl_stmt_step(st), 1, "the split OOM message was not recognised");
	cr_expect_eq(fl_stmt_int(st, 0), 2, "the joined line is the first record's");
	cr_expect_eq(fl_stmt_int(st, 1), 3);
	cr_expect(strstr(fl_stmt_text(st, 2), "CUDA out of memory. Tried to allocate 2.00 GiB") &&
			  strstr(fl_stmt_text(st, 2), "1.20 GiB is reserved by PyTorch"),
		  "joined text: %s", fl_stmt_text(st, 2));
	cr_assert_eq(fl_stmt_step(st), 1, "a member ending inside a split message lost it");
	cr_expect_eq(fl_stmt_int(st, 0), 6);
	cr_expect_eq(fl_stmt_int(st, 1), 2);
	cr_expect_eq(fl_stmt_step(st), 0);
	fl_stmt_free(st);
	fl_store_close(s);
	free(path);
	free(dir);
	fl_session_release(&t);
}

/* A Kubeflow PyTorchJob's pods, `<job>-master-0` (node rank 0) and
 * `<job>-worker-0` (node rank 1): torchrun takes its node rank from
 * PET_NODE_RANK, so the echoed command line (`set -x`) states no
 * --node_rank and no worker line states a global rank (torch 2.1: no
 * `[rankN]:` prefix). Local rank 2 of the worker pod is global rank
 * 1 x 4 + 2 = 6. Without the master pod the worker's node rank is not
 * known (a workers-only job is elastic): the rank stays unknown. */
static const char POD_CMD[] = "+ torchrun --nnodes=2 --nproc_per_node=4 --master_addr=qwen-sft-master-0"
			      " --master_port=23456 train.py --config configs/sft.yaml\n";
static const char POD_OOM[] =
	"[default2]:torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.53 GiB. GPU 2 "
	"has a total capacty of 79.15 GiB of which 1.05 GiB is free. Including non-PyTorch memory, this "
	"process has 78.09 GiB memory in use. Of the allocated memory 71.44 GiB is allocated by PyTorch, "
	"and 5.02 GiB is reserved by PyTorch but unallocated.\n";

static int64_t pod_oom_rank(bool with_master)
{
	struct fl_session t;
	fl_session_init(&t, with_master ? "pods" : "pods-nomaster");
	char *dir = fl_session_path(&t, "pods");
	cr_assert_eq(mkdir(dir, 0755), 0, "cannot create %s", dir);
	char buf[2048];
	char *path = fl_session_path(&t, "pods/qwen-sft-worker-0.log");
	snprintf(buf, sizeof(buf), "%s%s", POD_CMD, POD_OOM);
	cr_assert(fl_test_write(path, buf, strlen(buf)), "cannot write %s", path);
	free(path);
	if (with_master) {
		path = fl_session_path(&t, "pods/qwen-sft-master-0.log");
		snprintf(buf, sizeof(buf), "%s[default0]:{'loss': 1.2345, 'learning_rate': 1.9e-05,"
			 " 'epoch': 0.12}\n", POD_CMD);
		cr_assert(fl_test_write(path, buf, strlen(buf)), "cannot write %s", path);
		free(path);
	}
	fl_session_ingest(&t, dir, "--no-keep");
	struct fl_store *s;
	struct fl_err err;
	cr_assert_eq(fl_store_open(&s, t.db, FL_STORE_READONLY, &err), FL_OK, "%s", err.msg);
	struct fl_stmt *st;
	cr_assert_eq(fl_store_prepare(s, "SELECT rank, local_rank, host FROM events"
				      " WHERE kind = 'mem.cuda_oom'", &st, &err), FL_OK, "%s", err.msg);
	cr_assert_eq(fl_stmt_step(st), 1, "the OOM line was not recognised");
	cr_expect_eq(fl_stmt_int(st, 1), 2, "local rank from the torchrun prefix");
	cr_expect_str_eq(fl_stmt_text(st, 2), "qwen-sft-worker-0");
	int64_t rank = fl_stmt_null(st, 0) ? -1 : fl_stmt_int(st, 0);
	fl_stmt_free(st);
	fl_store_close(s);
	free(dir);
	fl_session_release(&t);
	return rank;
}

Test(attribution, pod_ordinal_gives_node_rank, .timeout = 60)
{
	cr_expect_eq(pod_oom_rank(true), 6, "worker-0 is node rank 1 beside master-0");
	cr_expect_eq(pod_oom_rank(false), -1, "a worker pod without its master has no node rank");
}

/* torchrun's rendezvous result on each node lists the global ranks of its
 * workers in local-rank order; under a c10d rendezvous that is the only
 * line that says which node got which ranks (the command line's node rank
 * is not what c10d assigns). Per-node files of a Slurm job, torch 2.1
 * (no `[rankN]:` prefix), agent lines as torch 2.x's logging prints them:
 * local rank 2 of node02, whose list is [4, 5, 6, 7], is rank 6. A host
 * with two different lists (an elastic restart that moved it) keeps its
 * ranks unknown. */
static int64_t rdzv_oom_rank(const char *node02_lists)
{
	static const char AGENT[] =
		"+ torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d"
		" --rdzv_endpoint=node01:29400 --tee 3 train.py\n"
		"INFO:torch.distributed.elastic.agent.server.api:[default] Rendezvous complete for"
		" workers. Result:\n"
		"  restart_count=0\n"
		"  master_addr=node01\n"
		"  master_port=58353\n"
		"  group_rank=%d\n"
		"  group_world_size=2\n"
		"  local_ranks=[0, 1, 2, 3]\n"
		"  role_ranks=%s\n"
		"  global_ranks=%s\n"
		"  role_world_sizes=[8, 8, 8, 8]\n"
		"  global_world_sizes=[8, 8, 8, 8]\n"
		"\n";
	struct fl_session t;
	fl_session_init(&t, "rdzv");
	char *dir = fl_session_path(&t, "job");
	cr_assert_eq(mkdir(dir, 0755), 0);
	char *d1 = fl_session_path(&t, "job/node01"), *d2 = fl_session_path(&t, "job/node02");
	cr_assert_eq(mkdir(d1, 0755), 0);
	cr_assert_eq(mkdir(d2, 0755), 0);
	char buf[4096];
	int n = snprintf(buf, sizeof(buf), AGENT, 0, "[0, 1, 2, 3]", "[0, 1, 2, 3]");
	n += snprintf(buf + n, sizeof(buf) - (size_t)n,
		      "[default0]:iter 100: loss 2.9152, time 235.12ms, mfu 41.23%%\n");
	char *path = fl_session_path(&t, "job/node01/train.log");
	cr_assert(fl_test_write(path, buf, (size_t)n));
	free(path);
	n = 0;
	for (const char *l = node02_lists; *l; l += strlen(l) + 1)
		n += snprintf(buf + n, sizeof(buf) - (size_t)n, AGENT, 1, l, l);
	n += snprintf(buf + n, sizeof(buf) - (size_t)n, "%s", POD_OOM);
	path = fl_session_path(&t, "job/node02/train.log");
	cr_assert(fl_test_write(path, buf, (size_t)n));
	free(path);
	fl_session_ingest(&t, dir, "--no-keep");
	struct fl_store *s;
	struct fl_err err;
	cr_assert_eq(fl_store_open(&s, t.db, FL_STORE_READONLY, &err), FL_OK, "%s", err.msg);
	struct fl_stmt *st;
	cr_assert_eq(fl_store_prepare(s, "SELECT rank, local_rank, host FROM events"
				      " WHERE kind = 'mem.cuda_oom'", &st, &err), FL_OK, "%s", err.msg);
	cr_assert_eq(fl_stmt_step(st), 1, "the OOM line was not recognised");
	cr_expect_eq(fl_stmt_int(st, 1), 2);
	cr_expect_str_eq(fl_stmt_text(st, 2), "node02");
	int64_t rank = fl_stmt_null(st, 0) ? -1 : fl_stmt_int(st, 0);
	fl_stmt_free(st);
	fl_store_close(s);
	free(d1);
	free(d2);
	free(dir);
	fl_session_release(&t);
	return rank;
}

Test(attribution, rendezvous_result_gives_global_ranks, .timeout = 60)
{
	cr_expect_eq(rdzv_oom_rank("[4, 5, 6, 7]\0"), 6, "global_ranks[2] of node02");
	cr_expect_eq(rdzv_oom_rank("[0, 1, 2, 3]\0[4, 5, 6, 7]\0"), -1,
		     "a host whose ranks changed between rendezvous has none");
}

/* NCCL's channel lines state the printer's rank in the communicator they
 * set up (the left of a send, the right of a [receive]). A process with
 * no init lines takes it when all of its channel lines agree; one whose
 * lines name two ranks (two communicators) or carry a local rank does
 * not; a CollNet line names only the printer's rank. The lines are
 * NCCL's formats (testdata/real/dev/nccl-1589-*, nccl-302-*, the CollNet
 * examples of patterns/nccl-net.pat), the values made up. */
Test(attribution, channel_lines_tie_a_process_to_its_rank, .timeout = 60)
{
	static const char LOG[] =
		"gpu-a01:4242:4300 [0] NCCL INFO Channel 00/0 : 8[0] -> 9[1] via P2P/CUMEM\n"
		"gpu-a01:4242:4300 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/CUMEM\n"
		"gpu-a01:4243:4301 [1] NCCL INFO Channel 00/0 : 8[0] -> 9[1] [receive] via NET/IB/0\n"
		"gpu-a01:4243:4301 [1] NCCL INFO Channel 01/0 : 9[1] -> 10[2] via P2P/CUMEM\n"
		"gpu-a01:4243:4301 [1] NCCL INFO CollNet 00/0 : 9 [receive] via COLLNET/SHARP/0\n"
		"[default2]:gpu-a01:4244:4302 [2] NCCL INFO Channel 00/0 : 10[2] -> 11[3] via P2P/CUMEM\n"
		"gpu-a01:4243:4301 [1] misc/shmutils.cc:93 NCCL WARN Call to open failed: No such file or directory\n"
		"gpu-a01:4242:4300 [0] misc/shmutils.cc:93 NCCL WARN Call to open failed: No such file or directory\n"
		"[default2]:gpu-a01:4244:4302 [2] misc/shmutils.cc:93 NCCL WARN Call to open failed: No such file or directory\n";
	struct fl_session t;
	fl_session_init(&t, "channel");
	char *path = fl_session_path(&t, "nccl.log");
	cr_assert(fl_test_write(path, LOG, strlen(LOG)), "cannot write %s", path);
	fl_session_ingest(&t, path, "--no-keep");
	struct fl_store *s;
	struct fl_err err;
	cr_assert_eq(fl_store_open(&s, t.db, FL_STORE_READONLY, &err), FL_OK, "%s", err.msg);
	struct fl_stmt *st;
	cr_assert_eq(fl_store_prepare(s, "SELECT line, IFNULL(rank, -1) FROM events"
				      " WHERE kind LIKE 'nccl.%' AND severity >= 1 ORDER BY line", &st, &err),
		     FL_OK, "%s", err.msg);
	static const int64_t want[][2] = { { 7, 9 }, { 8, -1 }, { 9, -1 } };
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		cr_assert_eq(fl_stmt_step(st), 1, "no WARN row %zu", i);
		cr_expect_eq(fl_stmt_int(st, 0), want[i][0]);
		cr_expect_eq(fl_stmt_int(st, 1), want[i][1], "line %lld", (long long)want[i][0]);
	}
	fl_stmt_free(st);
	cr_expect_eq(fl_test_query_int(s, "SELECT COUNT(*) FROM procs WHERE source = 'channel'"), 1);
	cr_expect_eq(fl_test_query_int(s, "SELECT rank FROM procs WHERE pid = 4243"), 9);
	fl_store_close(s);
	free(path);
	fl_session_release(&t);
}
