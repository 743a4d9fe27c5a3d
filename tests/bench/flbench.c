/* SPDX-License-Identifier: MIT */
/*
 * flbench.c - how fast is a post-mortem? faultline against the tools that
 * bound it: cat, gzip -dc, zstd -dc and grep over the same job bundle.
 *
 * It writes a realistic job bundle (per-rank logs of a torchrun job in
 * node directories, in real NCCL, c10d and torchtitan formats, most lines
 * matching no pattern, one rank running out of GPU memory near the end and
 * the others timing out in the watchdog), packs it as .tar.gz and .tar.zst
 * with the system tools, then times every command side by side, --reps
 * times, and prints medians, throughput, ratios against the targets in
 * docs/PERFORMANCE.md and faultline's peak RSS (wait4's ru_maxrss).
 *
 *   flbench [--size 1G] [--ranks 256] [--hosts 32] [--reps 3] [--out DIR]
 *           [--faultline PATH] [--regen] [--no-report]
 *   flbench --scale [--size S]    S and 4*S: time ratio and RSS of both
 *   flbench --report-only         4,096 ranks: time of `faultline report last`
 *
 * The bundle is generated deterministically and reused while its MANIFEST
 * matches (--regen forces). All timings are with a warm page cache. This
 * program is not part of ctest: it is run by hand (docs/PERFORMANCE.md).
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MIB         (1024.0 * 1024.0)
#define MAX_REPS    51
#define GEN_VERSION 2   /* bump when the generated text changes */
#define STEP_MS     450 /* one training step */

struct opts {
	uint64_t size;
	int ranks, hosts, reps;
	const char *out;
	char faultline[PATH_MAX];
	bool scale, report_only, no_report, regen;
	int report_ranks;
};

/* ---- small utilities ---- */

static void die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
static void die(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fputs("flbench: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	exit(1);
}

static char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *s;
	if (vasprintf(&s, fmt, ap) < 0)
		die("out of memory");
	va_end(ap);
	return s;
}

static void mkdirs(const char *path)
{
	char *p = xasprintf("%s", path);
	for (char *q = p + 1; *q; q++) {
		if (*q != '/')
			continue;
		*q = '\0';
		mkdir(p, 0755);
		*q = '/';
	}
	if (mkdir(p, 0755) != 0 && errno != EEXIST)
		die("cannot create '%s'", path);
	free(p);
}

/* Runs a shell command line that must succeed (generation, clean-up). */
static void sh(const char *cmd)
{
	if (system(cmd) != 0)
		die("command failed: %s", cmd);
}

static uint64_t parse_size(const char *s)
{
	char *end;
	double v = strtod(s, &end);
	double mul = 1;
	switch (*end) {
	case 'k':
	case 'K': mul = 1024; break;
	case 'm':
	case 'M': mul = MIB; break;
	case 'g':
	case 'G': mul = MIB * 1024; break;
	case '\0': break;
	default: die("bad size '%s' (e.g. 256M, 1G)", s);
	}
	if (v <= 0)
		die("bad size '%s'", s);
	return (uint64_t)(v * mul);
}

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static uint64_t file_size(const char *path)
{
	struct stat sb;
	return stat(path, &sb) == 0 ? (uint64_t)sb.st_size : 0;
}

/* ---- the generator ----
 * A deterministic PRNG (xorshift64*) so that a bundle is the same bytes
 * on every machine and numbers in lines vary as they do in real logs
 * (which matters for compression ratios). */

struct gen {
	FILE *fp;
	uint64_t rng;
	uint64_t bytes;
	int64_t t0_ms, t_ms; /* job start, and the current line, ms since the epoch */
	int rank, nranks, local, host_id, pid;
	char host[32];
};

static uint64_t rnd(struct gen *g)
{
	g->rng ^= g->rng >> 12;
	g->rng ^= g->rng << 25;
	g->rng ^= g->rng >> 27;
	return g->rng * 2685821657736338717ULL;
}

static int rnd_in(struct gen *g, int lo, int hi)
{
	return lo + (int)(rnd(g) % (uint64_t)(hi - lo + 1));
}

static void emit(struct gen *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void emit(struct gen *g, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vfprintf(g->fp, fmt, ap);
	va_end(ap);
	fputc('\n', g->fp);
	g->bytes += (uint64_t)n + 1;
}

/* "2026-11-30 12:00:00,123" (Python logging) */
static void stamp_py(const struct gen *g, char *out, size_t n)
{
	time_t t = (time_t)(g->t_ms / 1000);
	struct tm tm;
	gmtime_r(&t, &tm);
	snprintf(out, n, "%04d-%02d-%02d %02d:%02d:%02d,%03d", tm.tm_year + 1900, tm.tm_mon + 1,
		 tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, (int)(g->t_ms % 1000));
}

/* "E1130 12:34:56.123456789" (c10 / glog) */
static void stamp_glog(const struct gen *g, char sev, char *out, size_t n)
{
	time_t t = (time_t)(g->t_ms / 1000);
	struct tm tm;
	gmtime_r(&t, &tm);
	snprintf(out, n, "%c%02d%02d %02d:%02d:%02d.%03d%06d", sev, tm.tm_mon + 1, tm.tm_mday,
		 tm.tm_hour, tm.tm_min, tm.tm_sec, (int)(g->t_ms % 1000), (int)(g->rng % 1000000));
}

static void nccl(struct gen *g, int tid, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void nccl(struct gen *g, int tid, const char *fmt, ...)
{
	char body[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(body, sizeof(body), fmt, ap);
	va_end(ap);
	emit(g, "%s:%d:%d [%d] NCCL INFO %s", g->host, g->pid, tid, g->local, body);
}

static void titan(struct gen *g, const char *level, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void titan(struct gen *g, const char *level, const char *fmt, ...)
{
	char ts[64], body[512];
	stamp_py(g, ts, sizeof(ts));
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(body, sizeof(body), fmt, ap);
	va_end(ap);
	emit(g, "[titan] %s - root - %s - %s", ts, level, body);
}

/* NCCL communicator set-up, as NCCL_DEBUG=INFO prints it. */
static void gen_init(struct gen *g, int per_host, int nhosts)
{
	int tid = g->pid + 412;
	const char *bus[] = { "18000", "2a000", "3a000", "5d000",
			      "9a000", "ab000", "ba000", "db000" };
	titan(g, "INFO", "Starting job: llama3_70b pretraining (torchtitan 0.2.0)");
	titan(g, "INFO", "Building 1-D device mesh with ['dp_shard'], [%d]", g->nranks);
	nccl(g, g->pid, "Bootstrap : Using bond0:10.50.%d.%d<0>", g->host_id / 250,
	     g->host_id % 250 + 2);
	nccl(g, g->pid, "NET/Plugin: No plugin found (libnccl-net.so)");
	nccl(g, g->pid, "NET/Plugin: Using internal network plugin.");
	nccl(g, g->pid, "cudaDriverVersion 12040");
	if (g->rank == 0)
		emit(g, "NCCL version 2.21.5+cuda12.4");
	nccl(g, tid,
	     "NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_1:1/IB [2]mlx5_2:1/IB [3]mlx5_3:1/IB "
	     "[4]mlx5_4:1/IB [5]mlx5_5:1/IB [6]mlx5_6:1/IB [7]mlx5_7:1/IB [RO]; OOB "
	     "bond0:10.50.%d.%d<0>",
	     g->host_id / 250, g->host_id % 250 + 2);
	nccl(g, tid, "Using non-device net plugin version 0");
	nccl(g, tid, "Using network IB");
	nccl(g, tid,
	     "ncclCommInitRank comm 0x55c1b8%06x rank %d nranks %d cudaDev %d nvmlDev %d busId %s "
	     "commId 0x6f02e9d4a1b8c375 - Init START",
	     g->rank * 16, g->rank, g->nranks, g->local, g->local, bus[g->local % 8]);
	nccl(g, tid, "Setting affinity for GPU %d to ffffffff,00000000,ffffffff", g->local);
	nccl(g, tid,
	     "comm 0x55c1b8%06x rank %d nRanks %d nNodes %d localRanks %d localRank %d MNNVL 0",
	     g->rank * 16, g->rank, g->nranks, nhosts, per_host, g->local);
	nccl(g, tid, "Trees [0] %d/-1/-1->%d->%d [1] %d/-1/-1->%d->%d", (g->rank + 1) % g->nranks,
	     g->rank, g->rank ? g->rank - 1 : -1, (g->rank + 1) % g->nranks, g->rank,
	     g->rank ? g->rank - 1 : -1);
	nccl(g, tid, "P2P Chunksize set to 524288");
	int next = (g->rank + 1) % g->nranks, prev = (g->rank + g->nranks - 1) % g->nranks;
	for (int ch = 0; ch < 4; ch++) {
		if (g->local + 1 < per_host)
			nccl(g, tid, "Channel %02d/0 : %d[%d] -> %d[%d] via P2P/IPC", ch, g->rank,
			     g->local, next, g->local + 1);
		else
			nccl(g, tid,
			     "Channel %02d/0 : %d[%d] -> %d[%d] [send] via NET/IB/%d/GDRDMA", ch,
			     g->rank, g->local, next, 0, ch % 8);
		if (g->local == 0)
			nccl(g, tid,
			     "Channel %02d/0 : %d[%d] -> %d[%d] [receive] via NET/IB/%d/GDRDMA",
			     ch, prev, per_host - 1, g->rank, g->local, ch % 8);
	}
	nccl(g, tid, "Connected all rings");
	nccl(g, tid, "Connected all trees");
	nccl(g, tid, "threadThresholds 8/8/64 | 2048/8/64 | 512 | 512");
	nccl(g, tid,
	     "4 coll channels, 4 collnet channels, 0 nvls channels, 8 p2p channels, 2 p2p "
	     "channels per peer");
	nccl(g, tid,
	     "comm 0x55c1b8%06x rank %d nranks %d cudaDev %d nvmlDev %d busId %s "
	     "commId 0x6f02e9d4a1b8c375 - Init COMPLETE",
	     g->rank * 16, g->rank, g->nranks, g->local, g->local, bus[g->local % 8]);
	titan(g, "INFO", "Model llama3 70B size: 70,553,706,496 total parameters");
	titan(g, "INFO", "Applied FSDP to the model");
	titan(g, "INFO",
	      "Training starts at step 1, with local batch size 2, global batch size %d, "
	      "sequence length 8192, total steps 100000 (warmup 2000)",
	      2 * g->nranks);
}

/* Lines that match no pattern: the bulk of any real log. */
static void gen_chatter(struct gen *g, int step)
{
	switch (rnd_in(g, 0, 7)) {
	case 0:
		titan(g, "INFO",
		      "dataloader: rank %d fetched batch %d from shard %05d (2 seqs, 16,384 "
		      "tokens, wait %d.%02d ms)",
		      g->rank, step, rnd_in(g, 0, 2047), rnd_in(g, 0, 3), rnd_in(g, 0, 99));
		break;
	case 1:
		titan(g, "INFO", "Prefetch queue depth %d/8, pinned %d buffers, %d bytes staged",
		      rnd_in(g, 1, 8), rnd_in(g, 1, 4), rnd_in(g, 100000, 9000000));
		break;
	case 2:
		titan(g, "DEBUG", "fsdp: reshard after forward for block %d (params %d, %d.%d ms)",
		      rnd_in(g, 0, 79), rnd_in(g, 100000000, 900000000), rnd_in(g, 0, 9),
		      rnd_in(g, 0, 9));
		break;
	case 3:
		titan(g, "INFO",
		      "Profiler: step %d trace skipped (schedule wait=5, warmup=3, active=1)",
		      step);
		break;
	case 4:
		titan(g, "INFO", "GC: collected %d objects in %d.%d ms (generation %d)",
		      rnd_in(g, 100, 20000), rnd_in(g, 0, 40), rnd_in(g, 0, 9), rnd_in(g, 0, 2));
		break;
	case 5:
		emit(g, "Tokenizing shard %05d: %d%% (%d/%d documents, %d docs/s)",
		     rnd_in(g, 0, 2047), rnd_in(g, 0, 99), rnd_in(g, 0, 60000), 60000,
		     rnd_in(g, 800, 2400));
		break;
	case 6:
		titan(g, "INFO", "Async checkpoint staging idle; next checkpoint at step %d",
		      (step / 500 + 1) * 500);
		break;
	default:
		titan(g, "INFO", "grad accumulation microbatch %d/%d done in %d ms (rank %d)",
		      rnd_in(g, 1, 4), 4, rnd_in(g, 80, 140), g->rank);
	}
}

/* A warning every few hundred steps. (No handled tracebacks mid-run: the
 * analysis takes any traceback for the primary failure, and the verdict
 * check below would then fail.) */
static void gen_noise(struct gen *g, int step)
{
	if (rnd(g) % 400 == 0)
		emit(g,
		     "/usr/local/lib/python3.10/dist-packages/torch/utils/checkpoint.py:1399: "
		     "FutureWarning: `torch.cpu.amp.autocast(args...)` is deprecated. Please use "
		     "`torch.amp.autocast('cpu', args...)` instead.");
	if (rnd(g) % 300 == 0)
		titan(g, "WARNING", "Dataloader worker %d is slow: %d.%02d s for batch %d",
		      rnd_in(g, 0, 7), rnd_in(g, 1, 3), rnd_in(g, 0, 99), step);
}

/* Steps are in lockstep across ranks (collectives synchronise them), so
 * each starts at the same job-wide time, give or take a few ms. */
static void gen_step(struct gen *g, int step, int chatter)
{
	g->t_ms = g->t0_ms + (int64_t)step * STEP_MS + rnd_in(g, 0, 15);
	for (int i = 0; i < chatter; i++) {
		g->t_ms += rnd_in(g, 1, STEP_MS / 2 / (chatter + 1));
		gen_chatter(g, step);
	}
	gen_noise(g, step);
	double loss = 2.0 + 9.0 / (1.0 + step / 200.0) + (double)rnd_in(g, 0, 999) / 20000.0;
	int tps = 9800 + rnd_in(g, 0, 500);
	titan(g, "INFO",
	      "step: %d  loss: %7.4f  grad_norm: %7.4f  memory: %d.%02dGiB(%d.%02d%%)  "
	      "tps: %d,%03d  tflops: %d.%02d  mfu: %d.%02d%%",
	      step, loss, 1.0 + (double)rnd_in(g, 0, 9999) / 10000.0, rnd_in(g, 44, 46),
	      rnd_in(g, 0, 99), rnd_in(g, 55, 58), rnd_in(g, 0, 99), tps / 1000, tps % 1000,
	      rnd_in(g, 120, 126), rnd_in(g, 0, 99), rnd_in(g, 38, 40), rnd_in(g, 0, 99));
}

/* The end: the OOM rank's traceback, or the watchdog timeout of the
 * others 10 minutes later, with the teardown that follows. */
static void gen_failure(struct gen *g, int oom_rank, int last_step)
{
	char ts[64];
	int seq = last_step * 4 + 3;
	if (g->rank == oom_rank) {
		g->t_ms += 250;
		const char *p = "[rank";
		emit(g, "%s%d]: Traceback (most recent call last):", p, g->rank);
		emit(g, "%s%d]:   File \"/workspace/torchtitan/train.py\", line 433, in <module>",
		     p, g->rank);
		emit(g, "%s%d]:     main(config)", p, g->rank);
		emit(g, "%s%d]:   File \"/workspace/torchtitan/train.py\", line 323, in main", p,
		     g->rank);
		emit(g, "%s%d]:     loss.backward()", p, g->rank);
		emit(g,
		     "%s%d]:   File \"/usr/local/lib/python3.10/dist-packages/torch/_tensor.py\", "
		     "line "
		     "521, in backward",
		     p, g->rank);
		emit(g, "%s%d]:     torch.autograd.backward(", p, g->rank);
		emit(g,
		     "%s%d]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.50 "
		     "GiB. GPU "
		     "%d has a total capacity of 79.11 GiB of which 1.19 GiB is free. Including "
		     "non-PyTorch memory, this process has 77.91 GiB memory in use. Of the "
		     "allocated "
		     "memory 57.20 GiB is allocated by PyTorch, and 19.12 GiB is reserved by "
		     "PyTorch "
		     "but unallocated.",
		     p, g->rank, g->local);
		return;
	}
	g->t_ms += 600060;
	stamp_glog(g, 'E', ts, sizeof(ts));
	emit(g,
	     "[rank%d]:[%s ProcessGroupNCCL.cpp:616] [Rank %d] Watchdog caught collective "
	     "operation timeout: WorkNCCL(SeqNum=%d, OpType=ALLREDUCE, NumelIn=466119168, "
	     "NumelOut=466119168, Timeout(ms)=600000) ran for 600060 milliseconds before timing "
	     "out.",
	     g->rank, ts, g->rank, seq);
	emit(g,
	     "[rank%d]:[%s ProcessGroupNCCL.cpp:1515] [PG 0 (default_pg) Rank %d] Process group "
	     "watchdog thread terminated with exception: [Rank %d] Watchdog caught collective "
	     "operation timeout: WorkNCCL(SeqNum=%d, OpType=ALLREDUCE, NumelIn=466119168, "
	     "NumelOut=466119168, Timeout(ms)=600000) ran for 600060 milliseconds before timing "
	     "out.",
	     g->rank, ts, g->rank, g->rank, seq);
	emit(g,
	     "%s:%d:%d [%d] NCCL WARN [Service thread] Error encountered progressing "
	     "operation=Connect, res=3, closing connection",
	     g->host, g->pid, g->pid + 97, g->local);
	emit(g, "terminate called after throwing an instance of 'c10::DistBackendError'");
	emit(g,
	     "  what():  [PG 0 (default_pg) Rank %d] Process group watchdog thread terminated "
	     "with exception: [Rank %d] Watchdog caught collective operation timeout",
	     g->rank, g->rank);
	emit(g,
	     "Exception raised from checkTimeout at "
	     "../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:618 (most recent call first):");
	emit(g, "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 "
		"(0x7f2b8c36c446 in /usr/local/lib/python3.10/dist-packages/torch/lib/libc10.so)");
	emit(g, "frame #1: <unknown function> + 0xe5c6fc (0x7f2b8d6c56fc in "
		"/usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)");
}

struct job {
	const char *dir;
	int ranks, hosts;
	uint64_t per_rank; /* target bytes per rank file */
	int chatter;       /* unmatched lines per step */
};

static FILE *open_rank(const struct job *j, int rank, int host, int width)
{
	char *d = xasprintf("%s/node%0*d", j->dir, width, host);
	mkdirs(d);
	char *path = xasprintf("%s/rank%d.log", d, rank);
	FILE *fp = fopen(path, "w");
	if (!fp)
		die("cannot write '%s'", path);
	setvbuf(fp, NULL, _IOFBF, 1 << 20);
	free(path);
	free(d);
	return fp;
}

/* Writes one rank's log; steps < 0: until the file reaches per_rank.
 * Returns the number of steps written. */
static int gen_rank(const struct job *j, int rank, int steps)
{
	int per_host = j->ranks / j->hosts;
	int width = j->hosts > 100 ? 3 : 2;
	struct gen g = { .rng = 0x9e3779b97f4a7c15ULL ^ (uint64_t)(rank + 1) * 0x100000001b3ULL };
	g.rank = rank;
	g.nranks = j->ranks;
	g.local = rank % per_host;
	g.host_id = rank / per_host;
	g.pid = 4100 + g.local * 4;
	g.t0_ms = 1796040000000LL; /* 2026-11-30 12:00:00 UTC */
	g.t_ms = g.t0_ms + rank % 97;
	snprintf(g.host, sizeof(g.host), "node%0*d", width, g.host_id);
	g.fp = open_rank(j, rank, g.host_id, width);
	gen_init(&g, per_host, j->hosts);
	int s = 1;
	for (; steps < 0 ? g.bytes + 2048 < j->per_rank : s <= steps; s++)
		gen_step(&g, s, j->chatter);
	gen_failure(&g, j->ranks / 3 + 1, s - 1);
	if (fclose(g.fp) != 0)
		die("cannot write the log of rank %d", rank);
	return s - 1;
}

static void gen_job(const struct job *j)
{
	int steps = gen_rank(j, 0, -1);
	for (int r = 1; r < j->ranks; r++)
		gen_rank(j, r, steps);
}

/* ---- bundle set-up: generate once, reuse while the manifest matches ---- */

static char *manifest_text(const struct job *j)
{
	return xasprintf("flbench %d ranks=%d hosts=%d per_rank=%" PRIu64 " chatter=%d\n",
			 GEN_VERSION, j->ranks, j->hosts, j->per_rank, j->chatter);
}

static bool manifest_ok(const char *path, const char *want)
{
	FILE *fp = fopen(path, "r");
	if (!fp)
		return false;
	char buf[512] = "";
	size_t n = fread(buf, 1, sizeof(buf) - 1, fp);
	buf[n] = '\0';
	fclose(fp);
	return !strcmp(buf, want);
}

/* Generates <root>/dir (and with archives, job.tar.gz and job.tar.zst). */
static void prepare(const char *root, const struct job *jin, bool archives, bool regen)
{
	struct job j = *jin;
	char *dir = xasprintf("%s/dir", root);
	char *man = xasprintf("%s/MANIFEST%s", root, archives ? "" : ".dir");
	char *want = manifest_text(&j);
	j.dir = dir;
	if (!regen && manifest_ok(man, want)) {
		printf("reusing %s (same MANIFEST)\n", root);
	} else {
		char *cmd = xasprintf("rm -rf '%s' '%s' '%s/job.tar.gz' '%s/job.tar.zst'", dir,
				      man, root, root);
		sh(cmd);
		free(cmd);
		mkdirs(dir);
		double t0 = now_s();
		gen_job(&j);
		printf("generated %s in %.1f s\n", dir, now_s() - t0);
		if (archives) {
			t0 = now_s();
			cmd = xasprintf(
				"cd '%s' && tar -cf - --sort=name node* | gzip -6 > ../job.tar.gz "
				"&& "
				"tar -cf - --sort=name node* | zstd -q -3 -o ../job.tar.zst",
				dir);
			sh(cmd);
			free(cmd);
			printf("packed job.tar.gz and job.tar.zst in %.1f s\n", now_s() - t0);
		}
		FILE *fp = fopen(man, "w");
		if (!fp || fputs(want, fp) < 0 || fclose(fp) != 0)
			die("cannot write '%s'", man);
	}
	free(want);
	free(man);
	free(dir);
}

static uint64_t dir_bytes(const char *dir)
{
	char *cmd = xasprintf("du -sb --apparent-size '%s'", dir);
	FILE *p = popen(cmd, "r");
	unsigned long long v = 0;
	if (!p || fscanf(p, "%llu", &v) != 1)
		die("cannot measure '%s'", dir);
	pclose(p);
	free(cmd);
	return v;
}

/* ---- running and timing ---- */

struct sample {
	double wall, user, sys;
	long rss_kb;
};

/* Runs argv with stdout to out_path (NULL: /dev/null); fails on a bad exit
 * status unless ok1 (grep -c exits 1 when nothing matches). */
static struct sample run(char *const argv[], const char *out_path, bool ok1)
{
	double t0 = now_s();
	pid_t pid = fork();
	if (pid < 0)
		die("fork failed");
	if (pid == 0) {
		int fd = open(out_path ? out_path : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC,
			      0644);
		if (fd < 0 || dup2(fd, 1) < 0)
			_exit(126);
		execvp(argv[0], argv);
		_exit(127);
	}
	int st;
	struct rusage ru;
	if (wait4(pid, &st, 0, &ru) < 0)
		die("wait4 failed");
	struct sample s = { now_s() - t0, (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6,
			    (double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6, ru.ru_maxrss };
	int code = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
	if (code != 0 && !(ok1 && code == 1))
		die("command failed (status %d): %s", code, argv[0]);
	return s;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

struct bench {
	const char *name;
	struct sample s[MAX_REPS];
	int n;
};

static double median_of(const struct bench *b, size_t off)
{
	double v[MAX_REPS];
	for (int i = 0; i < b->n; i++)
		v[i] = *(const double *)((const char *)&b->s[i] + off);
	qsort(v, (size_t)b->n, sizeof(v[0]), cmp_double);
	return b->n % 2 ? v[b->n / 2] : (v[b->n / 2 - 1] + v[b->n / 2]) / 2;
}

static double med_wall(const struct bench *b)
{
	return median_of(b, offsetof(struct sample, wall));
}

static long max_rss(const struct bench *b)
{
	long m = 0;
	for (int i = 0; i < b->n; i++)
		m = b->s[i].rss_kb > m ? b->s[i].rss_kb : m;
	return m;
}

/* faultline analyze BUNDLE [flag] into a fresh store; report to stdout. */
static struct sample analyze(const struct opts *o, const char *root, const char *bundle,
			     const char *flag, const char *report_path)
{
	char *store = xasprintf("%s/stores/s%d", root, (int)getpid());
	char *cmd = xasprintf("rm -rf '%s'", store);
	sh(cmd);
	mkdirs(store);
	char *db = xasprintf("%s/fl.db", store);
	char *argv[] = { (char *)o->faultline,
			 "analyze",
			 (char *)bundle,
			 "--db",
			 db,
			 "--format",
			 "json",
			 (char *)flag,
			 NULL };
	struct sample s = run(argv, report_path, false);
	sh(cmd);
	free(db);
	free(cmd);
	free(store);
	return s;
}

static void print_header(void)
{
	printf("\n| %-37s | %8s | %8s | %7s | %7s | %9s |\n", "command", "wall s", "MB/s",
	       "user s", "sys s", "RSS MiB");
	printf("|%.39s|%.10s|%.10s|%.9s|%.9s|%.11s|\n", "---------------------------------------",
	       "----------", "----------", "---------", "---------", "-----------");
}

static void print_row(const struct bench *b, uint64_t bytes)
{
	double w = med_wall(b);
	printf("| %-37s | %8.3f | %8.1f | %7.3f | %7.3f | %9.1f |\n", b->name, w,
	       (double)bytes / 1e6 / w, median_of(b, offsetof(struct sample, user)),
	       median_of(b, offsetof(struct sample, sys)), (double)max_rss(b) / 1024.0);
}

/* target <= 0: no target, the ratio is for information. */
static void print_ratio(const char *what, double num, double den, double target)
{
	double r = num / den;
	if (target > 0)
		printf("  %-44s %6.2fx   target <= %.1fx  %s\n", what, r, target,
		       r <= target ? "met" : "NOT MET");
	else
		printf("  %-44s %6.2fx\n", what, r);
}

/* ---- the main comparison ---- */

/* The default mode, then the other one: a directory copied into the store
 * (--copy-dir), archives not copied (--no-keep). */
enum { B_CAT, B_GZIP, B_ZSTD, B_GREP, B_DIR, B_TGZ, B_TZST, B_DIR_CP, B_TGZ_NK, B_TZST_NK, B_N };

/* Whether the string value of the first "key" after anchor is want
 * (enough JSON for one check, without a JSON library). */
static bool json_value_is(const char *doc, const char *anchor, const char *key, const char *want)
{
	const char *p = strstr(doc, anchor);
	p = p ? strstr(p, key) : NULL;
	if (!p)
		return false;
	p += strlen(key);
	p += strspn(p, " \t\n:");
	return !strncmp(p, want, strlen(want));
}

/* The generated job must be diagnosed as what it is, or timing it is moot. */
static bool verdict_ok(const char *report)
{
	FILE *fp = fopen(report, "r");
	if (!fp)
		return false;
	static char buf[1 << 22];
	size_t n = fread(buf, 1, sizeof(buf) - 1, fp);
	buf[n] = '\0';
	fclose(fp);
	return json_value_is(buf, "\"verdict\"", "\"status\"", "\"failed\"") &&
	       json_value_is(buf, "\"likely_cause\"", "\"id\"", "\"gpu_oom\"");
}

static void run_round(const struct opts *o, const char *root, struct bench *b, bool first)
{
	char *dir = xasprintf("%s/dir", root), *tgz = xasprintf("%s/job.tar.gz", root);
	char *tzst = xasprintf("%s/job.tar.zst", root);
	char *catcmd = xasprintf("cat $(find '%s' -type f) > /dev/null", dir);
	char *report = xasprintf("%s/report.json", root);
	char *a_cat[] = { "sh", "-c", catcmd, NULL };
	char *a_gz[] = { "gzip", "-dc", tgz, NULL };
	char *a_zst[] = { "zstd", "-dcq", tzst, NULL };
	char *a_grep[] = { "grep", "-rcF", "NCCL WARN", dir, NULL };
	b[B_CAT].s[b[B_CAT].n++] = run(a_cat, NULL, false);
	b[B_GZIP].s[b[B_GZIP].n++] = run(a_gz, NULL, false);
	b[B_ZSTD].s[b[B_ZSTD].n++] = run(a_zst, NULL, false);
	b[B_GREP].s[b[B_GREP].n++] = run(a_grep, NULL, true);
	const char *forms[3] = { dir, tgz, tzst };
	for (int k = 0; k < 3; k++) {
		struct bench *def = &b[B_DIR + k], *other = &b[B_DIR_CP + k];
		def->s[def->n++] = analyze(o, root, forms[k], NULL, first && !k ? report : NULL);
		other->s[other->n++] = analyze(o, root, forms[k], k ? "--no-keep" : "--copy-dir",
					       NULL);
	}
	if (first)
		printf("verdict of the generated job (gpu_oom, failed): %s\n",
		       verdict_ok(report) ? "ok" : "WRONG - see report.json");
	free(report);
	free(catcmd);
	free(tzst);
	free(tgz);
	free(dir);
}

static void bench_main(const struct opts *o)
{
	struct job j = { NULL, o->ranks, o->hosts, o->size / (uint64_t)o->ranks, 8 };
	prepare(o->out, &j, true, o->regen);
	char *dir = xasprintf("%s/dir", o->out), *tgz = xasprintf("%s/job.tar.gz", o->out);
	char *tzst = xasprintf("%s/job.tar.zst", o->out);
	uint64_t bytes = dir_bytes(dir);
	static struct bench b[B_N] = {
		[B_CAT] = { .name = "cat $(find dir -type f)" },
		[B_GZIP] = { .name = "gzip -dc job.tar.gz" },
		[B_ZSTD] = { .name = "zstd -dc job.tar.zst" },
		[B_GREP] = { .name = "grep -rcF 'NCCL WARN' dir" },
		[B_DIR] = { .name = "faultline analyze dir" },
		[B_TGZ] = { .name = "faultline analyze .tar.gz" },
		[B_TZST] = { .name = "faultline analyze .tar.zst" },
		[B_DIR_CP] = { .name = "faultline analyze dir --copy-dir" },
		[B_TGZ_NK] = { .name = "faultline analyze .tar.gz --no-keep" },
		[B_TZST_NK] = { .name = "faultline analyze .tar.zst --no-keep" },
	};
	printf("bundle: %.1f MiB in %d files (%d ranks on %d hosts); job.tar.gz %.1f MiB, "
	       "job.tar.zst %.1f MiB\nfaultline: %s\n%d repetitions, medians; warm page cache\n\n",
	       (double)bytes / MIB, o->ranks, o->ranks, o->hosts, (double)file_size(tgz) / MIB,
	       (double)file_size(tzst) / MIB, o->faultline, o->reps);
	for (int r = 0; r < o->reps; r++) {
		run_round(o, o->out, b, r == 0);
		fprintf(stderr, "round %d/%d done\n", r + 1, o->reps);
	}
	print_header();
	for (int i = 0; i < B_N; i++)
		print_row(&b[i], bytes);
	printf("\nMB/s is uncompressed bytes (10^6) per wall second. Ratios (default mode: "
	       "archives copied into the store, directories read in place):\n");
	print_ratio("analyze .tar.gz / gzip -dc", med_wall(&b[B_TGZ]), med_wall(&b[B_GZIP]), 1.0);
	print_ratio("analyze .tar.zst / zstd -dc", med_wall(&b[B_TZST]), med_wall(&b[B_ZSTD]),
		    2.5);
	print_ratio("analyze dir / analyze .tar.gz", med_wall(&b[B_DIR]), med_wall(&b[B_TGZ]),
		    1.0);
	print_ratio("analyze dir / cat", med_wall(&b[B_DIR]), med_wall(&b[B_CAT]), 0);
	print_ratio("analyze dir / grep -rcF", med_wall(&b[B_DIR]), med_wall(&b[B_GREP]), 0);
	printf("  copy costs: dir --copy-dir / dir %.2fx; default / --no-keep: .tar.gz %.2fx, "
	       ".tar.zst %.2fx\n",
	       med_wall(&b[B_DIR_CP]) / med_wall(&b[B_DIR]),
	       med_wall(&b[B_TGZ]) / med_wall(&b[B_TGZ_NK]),
	       med_wall(&b[B_TZST]) / med_wall(&b[B_TZST_NK]));
	long rss = 0;
	for (int i = B_DIR; i < B_N; i++)
		rss = max_rss(&b[i]) > rss ? max_rss(&b[i]) : rss;
	printf("  faultline peak RSS %.1f MiB   target <= 64 MiB  %s\n", (double)rss / 1024.0,
	       rss <= 64 * 1024 ? "met" : "NOT MET");
	free(tzst);
	free(tgz);
	free(dir);
}

/* ---- --scale: 1x and 4x ---- */

static void bench_scale(const struct opts *o)
{
	struct bench b[2] = { { .name = NULL } };
	uint64_t bytes[2];
	char names[2][64];
	for (int k = 0; k < 2; k++) {
		char *root = xasprintf("%s/scale-%dx", o->out, k ? 4 : 1);
		uint64_t size = o->size * (k ? 4 : 1);
		struct job j = { NULL, o->ranks, o->hosts, size / (uint64_t)o->ranks, 8 };
		prepare(root, &j, false, o->regen);
		char *dir = xasprintf("%s/dir", root);
		bytes[k] = dir_bytes(dir);
		snprintf(names[k], sizeof(names[k]), "analyze dir %dx (%.1f MiB)", k ? 4 : 1,
			 (double)bytes[k] / MIB);
		b[k].name = names[k];
		for (int r = 0; r < o->reps; r++)
			b[k].s[b[k].n++] = analyze(o, root, dir, NULL, NULL);
		free(dir);
		free(root);
	}
	print_header();
	for (int k = 0; k < 2; k++)
		print_row(&b[k], bytes[k]);
	double tr = med_wall(&b[1]) / med_wall(&b[0]);
	double rr = (double)max_rss(&b[1]) / (double)max_rss(&b[0]);
	printf("\n  time 4x / 1x   %.2fx   target <= 4.4x   %s\n", tr,
	       tr <= 4.4 ? "met" : "NOT MET");
	printf("  RSS  4x / 1x   %.2fx   target within 10%%  %s\n", rr,
	       rr <= 1.1 && rr >= 0.9 ? "met" : "NOT MET");
}

/* ---- report of a 4,096-rank run ---- */

static void bench_report(const struct opts *o)
{
	int ranks = o->report_ranks, hosts = ranks / 8 ? ranks / 8 : 1;
	char *root = xasprintf("%s/report-%d", o->out, ranks);
	struct job j = { NULL, ranks, hosts, 6 * 1024, 3 };
	prepare(root, &j, false, o->regen);
	char *dir = xasprintf("%s/dir", root), *store = xasprintf("%s/store", root);
	char *db = xasprintf("%s/fl.db", store), *cmd = xasprintf("rm -rf '%s'", store);
	sh(cmd);
	mkdirs(store);
	char *ing[] = { (char *)o->faultline, "ingest", dir, "--db", db, "--no-keep", NULL };
	struct sample si = run(ing, NULL, false);
	printf("\n%d ranks on %d hosts, %.1f MiB: ingest %.2f s, peak RSS %.1f MiB\n", ranks,
	       hosts, (double)dir_bytes(dir) / MIB, si.wall, (double)si.rss_kb / 1024.0);
	const char *fmts[] = { "json", "text" };
	for (int f = 0; f < 2; f++) {
		struct bench b = { .name = "report" };
		char *rep[] = { (char *)o->faultline, "report",        "last", "--db", db,
				"--format",           (char *)fmts[f], NULL };
		for (int r = 0; r < o->reps; r++)
			b.s[b.n++] = run(rep, NULL, false);
		printf("  faultline report last --format %-4s  %.3f s (median of %d), RSS %.1f "
		       "MiB   "
		       "target < 0.5 s  %s\n",
		       fmts[f], med_wall(&b), b.n, (double)max_rss(&b) / 1024.0,
		       med_wall(&b) < 0.5 ? "met" : "NOT MET");
	}
	free(cmd);
	free(db);
	free(store);
	free(dir);
	free(root);
}

/* ---- options ---- */

static void usage(int code)
{
	fputs("usage: flbench [--size 1G] [--ranks 256] [--hosts 32] [--reps 3] [--out DIR]\n"
	      "               [--faultline PATH] [--regen] [--no-report] [--report-ranks 4096]\n"
	      "       flbench --scale [--size S] ...   time S and 4*S\n"
	      "       flbench --report-only ...        time `faultline report` of a large run\n",
	      code ? stderr : stdout);
	exit(code);
}

/* build/tests/bench/flbench -> build/faultline */
static void default_faultline(struct opts *o)
{
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n <= 0)
		die("cannot find faultline; use --faultline PATH");
	exe[n] = '\0';
	char *slash = strrchr(exe, '/');
	*slash = '\0';
	if (snprintf(o->faultline, sizeof(o->faultline), "%s/../../faultline", exe) >=
	    (int)sizeof(o->faultline))
		die("path too long: %s", exe);
}

static void parse(struct opts *o, int argc, char **argv)
{
	static const struct option lo[] = { { "size", required_argument, NULL, 's' },
					    { "ranks", required_argument, NULL, 'r' },
					    { "hosts", required_argument, NULL, 'H' },
					    { "reps", required_argument, NULL, 'n' },
					    { "out", required_argument, NULL, 'o' },
					    { "faultline", required_argument, NULL, 'f' },
					    { "scale", no_argument, NULL, 'S' },
					    { "report-only", no_argument, NULL, 'R' },
					    { "no-report", no_argument, NULL, 'N' },
					    { "regen", no_argument, NULL, 'g' },
					    { "report-ranks", required_argument, NULL, 'k' },
					    { "help", no_argument, NULL, 'h' },
					    { NULL, 0, NULL, 0 } };
	*o = (struct opts){ .size = 1ULL << 30,
			    .ranks = 256,
			    .hosts = 32,
			    .reps = 3,
			    .out = "/tmp/flbench",
			    .report_ranks = 4096 };
	default_faultline(o);
	int c;
	while ((c = getopt_long(argc, argv, "h", lo, NULL)) != -1) {
		switch (c) {
		case 's': o->size = parse_size(optarg); break;
		case 'r': o->ranks = atoi(optarg); break;
		case 'H': o->hosts = atoi(optarg); break;
		case 'n': o->reps = atoi(optarg); break;
		case 'o': o->out = optarg; break;
		case 'f': snprintf(o->faultline, sizeof(o->faultline), "%s", optarg); break;
		case 'S': o->scale = true; break;
		case 'R': o->report_only = true; break;
		case 'N': o->no_report = true; break;
		case 'g': o->regen = true; break;
		case 'k': o->report_ranks = atoi(optarg); break;
		case 'h': usage(0); break;
		default: usage(2);
		}
	}
	if (optind != argc || o->ranks < 1 || o->hosts < 1 || o->hosts > o->ranks ||
	    o->ranks % o->hosts || o->reps < 1 || o->reps > MAX_REPS || o->report_ranks < 8)
		usage(2);
	if (access(o->faultline, X_OK) != 0)
		die("no faultline binary at '%s' (use --faultline PATH)", o->faultline);
}

int main(int argc, char **argv)
{
	struct opts o;
	parse(&o, argc, argv);
	mkdirs(o.out);
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (o.scale)
		bench_scale(&o);
	else if (!o.report_only)
		bench_main(&o);
	if (!o.scale && (o.report_only || !o.no_report))
		bench_report(&o);
	return 0;
}
