/* SPDX-License-Identifier: MIT */
/*
 * flbench.c - how fast is a post-mortem? faultline against the tools that
 * bound it: cat, gzip -dc, zstd -dc and grep over the same job bundle.
 *
 * It writes realistic job bundles (per-rank logs of a torchrun job in node
 * directories, in real NCCL, c10d and torchtitan formats, most lines
 * matching no pattern, one rank running out of GPU memory near the end and
 * the others timing out in the watchdog), packs each as .tar.gz and
 * .tar.zst with the system tools, then times every command side by side,
 * --reps times, and prints medians, throughput, ratios against the targets
 * in docs/PERFORMANCE.md, faultline's peak RSS (wait4's ru_maxrss) and the
 * time and size of `faultline report last` of the stored run, and the
 * store's floor: how long store_floor.sh takes to write the stored run's
 * rows into a fresh store, with nothing else done (needs the sqlite3 shell).
 *
 * Profiles (docs/PERFORMANCE.md) give the bundles their shapes:
 *   default  256 ranks on 32 hosts, 1 GiB
 *   storm    128 ranks, 512 MiB, 5-10% of the lines become events (IB
 *            warnings, handled tracebacks, config dumps, teardown
 *            tracebacks), and storm-2x with twice the warnings and tracebacks
 *   wide     8, 16 and 32 Ki ranks (8 a host) in the same 256 MiB
 *   deep     4 ranks on one host, 1 GiB and 4 GiB
 * and the complexity checks compare them: twice the ranks, twice the
 * events, four times the bytes.
 *
 *   flbench [--profile default|storm|wide|deep|all]... [--size S] [--reps 3]
 *           [--ranks 256] [--hosts 32] [--out DIR] [--faultline PATH] [--regen]
 *
 * Bundles are generated deterministically and reused while their MANIFEST
 * matches (--regen forces). All timings are with a warm page cache. This
 * program is not part of ctest: it is run by hand (docs/PERFORMANCE.md).
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
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
#define GEN_VERSION 3   /* bump when the generated text changes */
#define STEP_MS     450 /* one training step */

struct opts {
	uint64_t size; /* 0: each profile's own */
	int ranks, hosts, reps;
	const char *out;
	char faultline[PATH_MAX];
	bool regen;
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

/* ---- the storm profile's lines: many of them become events ---- */

/* Megatron-LM's argument dump (rank 0 prints it in Megatron-LM; in the
 * storm bundle every rank does, as in the bundle of issue 12): sorted
 * `  <name> <dots> <value>` lines, name and dots 48 columns wide. The
 * names are Megatron-LM's own. */
static void gen_args_dump(struct gen *g)
{
	char ws[16], dp[16];
	snprintf(ws, sizeof(ws), "%d", g->nranks);
	snprintf(dp, sizeof(dp), "%d", g->nranks);
	const char *args[][2] = {
		{ "accumulate_allreduce_grads_in_fp32", "True" },
		{ "adam_beta1", "0.9" },
		{ "adam_beta2", "0.95" },
		{ "adam_eps", "1e-08" },
		{ "add_bias_linear", "False" },
		{ "attention_dropout", "0.0" },
		{ "bf16", "True" },
		{ "clip_grad", "1.0" },
		{ "context_parallel_size", "1" },
		{ "data_parallel_size", dp },
		{ "distributed_backend", "nccl" },
		{ "distributed_timeout_minutes", "10" },
		{ "eval_interval", "1000" },
		{ "eval_iters", "10" },
		{ "ffn_hidden_size", "28672" },
		{ "fp16", "False" },
		{ "global_batch_size", "1024" },
		{ "hidden_dropout", "0.0" },
		{ "hidden_size", "8192" },
		{ "init_method_std", "0.02" },
		{ "log_interval", "1" },
		{ "lr", "0.00015" },
		{ "lr_decay_style", "cosine" },
		{ "lr_warmup_iters", "2000" },
		{ "micro_batch_size", "2" },
		{ "min_lr", "1.5e-05" },
		{ "normalization", "RMSNorm" },
		{ "num_attention_heads", "64" },
		{ "num_layers", "80" },
		{ "num_workers", "2" },
		{ "overlap_grad_reduce", "True" },
		{ "pipeline_model_parallel_size", "1" },
		{ "position_embedding_type", "rope" },
		{ "recompute_granularity", "None" },
		{ "recompute_method", "None" },
		{ "save_interval", "500" },
		{ "seed", "1234" },
		{ "seq_length", "8192" },
		{ "sequence_parallel", "False" },
		{ "swiglu", "True" },
		{ "tensor_model_parallel_size", "1" },
		{ "tokenizer_type", "HuggingFaceTokenizer" },
		{ "train_iters", "100000" },
		{ "use_distributed_optimizer", "True" },
		{ "use_flash_attn", "True" },
		{ "weight_decay", "0.1" },
		{ "world_size", ws },
	};
	emit(g, "------------------------ arguments ------------------------");
	for (size_t i = 0; i < sizeof(args) / sizeof(args[0]); i++) {
		char dots[64];
		int n = 48 - (int)strlen(args[i][0]) - 1;
		memset(dots, '.', (size_t)n);
		dots[n] = '\0';
		emit(g, "  %s %s %s", args[i][0], dots, args[i][1]);
	}
	emit(g, "-------------------- end of arguments ---------------------");
}

/* A flapping InfiniBand port: NCCL 2.21's WARN for an IB async event,
 * after the empty line NCCL writes before every WARN. The job goes on. */
static void gen_ib_warn(struct gen *g)
{
	emit(g, "%s", "");
	emit(g, "%s:%d:%d [%d] transport/net_ib.cc:101 NCCL WARN NET/IB : mlx5_%d:1 Got async "
		"event : port error",
	     g->host, g->pid, g->pid + 86, g->local, g->local);
}

/* A traceback the job handles: Python logging's exc_info output (no rank
 * prefix: only uncaught exceptions get the excepthook's `[rankN]: `). */
static void gen_handled_traceback(struct gen *g, int step)
{
	titan(g, "WARNING", "Skipping sample %d of shard %05d at step %d: bad record",
	      rnd_in(g, 0, 9999), rnd_in(g, 0, 2047), step);
	emit(g, "Traceback (most recent call last):");
	emit(g, "  File \"/workspace/torchtitan/torchtitan/datasets/hf_datasets.py\", line 118, "
		"in __iter__");
	emit(g, "    sample_text = self._text_processor(sample)");
	emit(g, "  File \"/workspace/torchtitan/torchtitan/datasets/hf_datasets.py\", line 57, in "
		"_process_c4_text");
	emit(g, "    return sample[\"text\"]");
	emit(g, "KeyError: 'text'");
}

/* The storm's extra lines of one step; level 2 doubles their rate. */
static void gen_storm_step(struct gen *g, int step, int level)
{
	/* 0.6 IB warnings per step and level */
	int ib = 6 * level;
	for (; ib >= 10; ib -= 10)
		gen_ib_warn(g);
	if (rnd_in(g, 0, 9) < ib)
		gen_ib_warn(g);
	/* a handled traceback every 300 steps and level, give or take */
	if (rnd(g) % 300 < (uint64_t)level)
		gen_handled_traceback(g, step);
}

/* The storm's end for the ranks that did not fail: each one's collective
 * fails when the OOM rank's process exits, with the uncaught traceback
 * (torch >= 2.3 excepthook prefix) of NCCL's remote error (nccl-011). */
static void gen_teardown_traceback(struct gen *g, int oom_host)
{
	const char *p = "[rank";
	g->t_ms += 1200;
	emit(g, "%s%d]: Traceback (most recent call last):", p, g->rank);
	emit(g, "%s%d]:   File \"/workspace/torchtitan/train.py\", line 433, in <module>", p,
	     g->rank);
	emit(g, "%s%d]:     main(config)", p, g->rank);
	emit(g, "%s%d]:   File \"/workspace/torchtitan/train.py\", line 323, in main", p, g->rank);
	emit(g, "%s%d]:     loss.backward()", p, g->rank);
	emit(g,
	     "%s%d]:   File \"/usr/local/lib/python3.10/dist-packages/torch/_tensor.py\", line "
	     "521, in backward",
	     p, g->rank);
	emit(g, "%s%d]:     torch.autograd.backward(", p, g->rank);
	emit(g,
	     "%s%d]: torch.distributed.DistBackendError: NCCL error in: "
	     "/pytorch/torch/csrc/distributed/c10d/NCCLUtils.hpp:268, remote process exited or "
	     "there was a network error, NCCL version 2.21.5",
	     p, g->rank);
	emit(g,
	     "%s%d]: ncclRemoteError: A call failed possibly due to a network error or a remote "
	     "process exiting prematurely.",
	     p, g->rank);
	emit(g, "%s%d]: Last error:", p, g->rank);
	emit(g,
	     "%s%d]: socketProgressOpt: Call to recv from 10.50.%d.%d<33759> failed : Connection "
	     "reset by peer",
	     p, g->rank, oom_host / 250, oom_host % 250 + 2);
}

/* The end: the OOM rank's traceback, or the watchdog timeout of the
 * others 10 minutes later, with the teardown that follows (in the storm,
 * the others' uncaught tracebacks right away instead). */
static void gen_failure(struct gen *g, int oom_rank, int oom_host, int last_step, bool storm)
{
	char ts[64];
	int seq = last_step * 4 + 3;
	if (storm && g->rank != oom_rank) {
		gen_teardown_traceback(g, oom_host);
		return;
	}
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
	int storm;         /* 0, or the storm's event rate: 1, 2 (twice the events) */
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
	if (j->storm)
		gen_args_dump(&g);
	int s = 1;
	for (; steps < 0 ? g.bytes + 2048 < j->per_rank : s <= steps; s++) {
		gen_step(&g, s, j->chatter);
		if (j->storm)
			gen_storm_step(&g, s, j->storm);
	}
	int oom = j->ranks / 3 + 1;
	gen_failure(&g, oom, oom / per_host, s - 1, j->storm > 0);
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
	return xasprintf("flbench %d ranks=%d hosts=%d per_rank=%" PRIu64 " chatter=%d storm=%d\n",
			 GEN_VERSION, j->ranks, j->hosts, j->per_rank, j->chatter, j->storm);
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

/* CPU seconds (user + sys), median: on a machine shared with other work
 * the wall time of a command grows with the load, its CPU time much less. */
static double med_cpu(const struct bench *b)
{
	double v[MAX_REPS];
	for (int i = 0; i < b->n; i++)
		v[i] = b->s[i].user + b->s[i].sys;
	qsort(v, (size_t)b->n, sizeof(v[0]), cmp_double);
	return b->n % 2 ? v[b->n / 2] : (v[b->n / 2 - 1] + v[b->n / 2]) / 2;
}

static long max_rss(const struct bench *b)
{
	long m = 0;
	for (int i = 0; i < b->n; i++)
		m = b->s[i].rss_kb > m ? b->s[i].rss_kb : m;
	return m;
}

/* faultline analyze BUNDLE [flag] into a fresh store <root>/stores/<name>;
 * report to stdout. The store is removed unless keep (then the caller
 * removes it). */
static struct sample analyze(const struct opts *o, const char *root, const char *bundle,
			     const char *flag, const char *report_path, bool keep)
{
	char *store = xasprintf("%s/stores/%s", root, keep ? "kept" : "s");
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
	if (!keep)
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

/* ---- targets and checks: printed where measured, summed up at the end ---- */

/* --profile all records about 90 (nine bundles and their complexity
 * pairs); the bound only guards the array. */
#define MAX_CHECKS 256

static struct {
	char what[128];
	bool met;
} checks[MAX_CHECKS];
static int n_checks;

static void record(bool met, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void record(bool met, const char *fmt, ...)
{
	if (n_checks == MAX_CHECKS)
		die("too many checks");
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(checks[n_checks].what, sizeof(checks[n_checks].what), fmt, ap);
	va_end(ap);
	checks[n_checks].met = met;
	printf("  %-76s %s\n", checks[n_checks].what, met ? "met" : "NOT MET");
	n_checks++;
}

/* A wall-time ratio against its target (<= target; <= 0: for
 * information), with the ratio of CPU times beside it. */
static void ratio(const char *bundle, const char *what, const struct bench *num,
		  const struct bench *den, double target)
{
	double r = med_wall(num) / med_wall(den), c = med_cpu(num) / med_cpu(den);
	if (target > 0)
		record(r <= target, "%s: %s %.2fx (<= %.2fx; CPU %.2fx)", bundle, what, r, target, c);
	else
		printf("  %s: %s %.2fx (CPU %.2fx)\n", bundle, what, r, c);
}

/* ---- profiles: the bundle shapes that are timed ---- */

/* The default mode, then the other one: a directory copied into the store
 * (--copy-dir), archives not copied (--no-keep). */
enum { B_CAT, B_GZIP, B_ZSTD, B_GREP, B_FLOOR, B_DIR, B_TGZ, B_TZST, B_DIR_CP, B_TGZ_NK,
       B_TZST_NK, B_N };

static const char *const bench_names[B_N] = {
	[B_CAT] = "find dir -type f -exec cat {} +",
	[B_GZIP] = "gzip -dc job.tar.gz",
	[B_ZSTD] = "zstd -dc job.tar.zst",
	[B_GREP] = "grep -rcF 'NCCL WARN' dir",
	[B_FLOOR] = "store_floor.sh (the rows alone)",
	[B_DIR] = "faultline analyze dir",
	[B_TGZ] = "faultline analyze .tar.gz",
	[B_TZST] = "faultline analyze .tar.zst",
	[B_DIR_CP] = "faultline analyze dir --copy-dir",
	[B_TGZ_NK] = "faultline analyze .tar.gz --no-keep",
	[B_TZST_NK] = "faultline analyze .tar.zst --no-keep",
};

/* One bundle of a profile, and what was measured on it. */
struct bundle {
	char name[32];
	struct job job;
	bool other_modes; /* also time --copy-dir and --no-keep */
	/* results */
	uint64_t bytes;
	struct bench b[B_N];
	bool verdict_ok;
	long long lines, events; /* the run's, from its JSON report */
	double report_s[2];      /* `report last`: json, text (medians) */
	uint64_t json_bytes;
	int json_ranks; /* entries of the report's "ranks" array */
};

#define MAX_BUNDLES 12
static struct bundle bundles[MAX_BUNDLES];
static int n_bundles;

static struct bundle *add_bundle(const char *name, int ranks, int hosts, uint64_t size,
				 int chatter, int storm)
{
	if (n_bundles == MAX_BUNDLES)
		die("too many bundles");
	struct bundle *b = &bundles[n_bundles++];
	snprintf(b->name, sizeof(b->name), "%s", name);
	b->job = (struct job){ NULL, ranks, hosts, size / (uint64_t)ranks, chatter, storm };
	return b;
}

static uint64_t size_or(const struct opts *o, uint64_t dflt)
{
	return o->size ? o->size : dflt;
}

/* The profiles of docs/PERFORMANCE.md. Sizes are uncompressed bytes;
 * --size replaces each profile's base size. */
static void add_profile(const struct opts *o, const char *p)
{
	bool all = !strcmp(p, "all");
	bool known = all;
	if (all || !strcmp(p, "default")) {
		add_bundle("default", o->ranks, o->hosts, size_or(o, 1ULL << 30), 8, 0)
			->other_modes = true;
		known = true;
	}
	if (all || !strcmp(p, "storm")) {
		/* 128 ranks, 512 MiB; storm-2x: twice the events in the same bytes */
		add_bundle("storm", 128, 16, size_or(o, 512ULL << 20), 8, 1);
		add_bundle("storm-2x", 128, 16, size_or(o, 512ULL << 20), 8, 2);
		known = true;
	}
	if (all || !strcmp(p, "wide")) {
		/* the same bytes over 8, 16 and 32 Ki ranks, 8 ranks a host */
		for (int k = 0; k < 3; k++) {
			char name[32];
			snprintf(name, sizeof(name), "wide-%dk", 8 << k);
			add_bundle(name, 8192 << k, 1024 << k, size_or(o, 256ULL << 20), 3, 0);
		}
		known = true;
	}
	if (all || !strcmp(p, "deep")) {
		/* 4 ranks on one host, S and 4 * S */
		add_bundle("deep-1x", 4, 1, size_or(o, 1ULL << 30), 8, 0);
		add_bundle("deep-4x", 4, 1, 4 * size_or(o, 1ULL << 30), 8, 0);
		known = true;
	}
	if (!known)
		die("unknown profile '%s' (default, storm, wide, deep, all)", p);
}

/* ---- one bundle ---- */

/* The number after the first "key": following anchor, or -1. */
static long long json_number(const char *doc, const char *anchor, const char *key)
{
	const char *p = strstr(doc, anchor);
	p = p ? strstr(p, key) : NULL;
	if (!p)
		return -1;
	p += strlen(key);
	p += strspn(p, " \t\n:");
	return strtoll(p, NULL, 10);
}

/* Whether the string value of the first "key" after anchor is want
 * (enough JSON for a few checks, without a JSON library). */
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

/* The entries of the report's "ranks" array: each is an object whose
 * first key is "rank" (report.schema.json). */
static int json_rank_entries(const char *doc)
{
	const char *p = strstr(doc, "\"ranks\":[");
	int n = 0;
	while (p && (p = strstr(p + 1, "{\"rank\":")) != NULL)
		n++;
	return n;
}

static char *slurp(const char *path, uint64_t *len)
{
	FILE *fp = fopen(path, "r");
	if (!fp)
		die("cannot read '%s'", path);
	*len = file_size(path);
	char *buf = malloc(*len + 1);
	if (!buf || fread(buf, 1, *len, fp) != *len)
		die("cannot read '%s'", path);
	buf[*len] = '\0';
	fclose(fp);
	return buf;
}

/* The generated job must be diagnosed as what it is, or timing it is moot;
 * the report's run object gives the lines read and events stored. */
static void read_report(struct bundle *bd, const char *report)
{
	uint64_t n;
	char *doc = slurp(report, &n);
	bd->verdict_ok = json_value_is(doc, "\"verdict\"", "\"status\"", "\"failed\"") &&
			 json_value_is(doc, "\"likely_cause\"", "\"id\"", "\"gpu_oom\"");
	bd->lines = json_number(doc, "\"run\"", "\"lines\"");
	bd->events = json_number(doc, "\"run\"", "\"events\"");
	free(doc);
}

/* store_floor.sh on the kept store: the time that writing its rows takes
 * with nothing else (no reading, splitting or matching), a lower bound
 * for any ingest that stores them. Skipped without the sqlite3 shell. */
static void time_floor(const struct opts *o, const char *root, const char *db,
		       struct bundle *bd)
{
	static int have = -1;
	if (have < 0)
		have = system("command -v sqlite3 > /dev/null 2>&1") == 0;
	if (!have) {
		fprintf(stderr, "flbench: no sqlite3 shell, the store's floor is not timed\n");
		return;
	}
	char *scratch = xasprintf("%s/stores", root);
	char *argv[] = { "sh", FL_STORE_FLOOR, (char *)db, scratch, NULL };
	for (int r = 0; r < o->reps; r++)
		bd->b[B_FLOOR].s[bd->b[B_FLOOR].n++] = run(argv, NULL, false);
	free(scratch);
}

/* `faultline report last` of the kept store: time, size, ranks; then its
 * floor. */
static void time_report(const struct opts *o, const char *root, struct bundle *bd)
{
	char *db = xasprintf("%s/stores/kept/fl.db", root);
	char *out = xasprintf("%s/report-last.json", root);
	const char *fmts[2] = { "json", "text" };
	for (int f = 0; f < 2; f++) {
		struct bench b = { .name = "report" };
		char *argv[] = { (char *)o->faultline, "report",	"last", "--db", db,
				 "--format",	      (char *)fmts[f], NULL };
		for (int r = 0; r < o->reps; r++)
			b.s[b.n++] = run(argv, f ? NULL : out, false);
		bd->report_s[f] = med_wall(&b);
	}
	uint64_t n;
	char *doc = slurp(out, &n);
	bd->json_bytes = n;
	bd->json_ranks = json_rank_entries(doc);
	free(doc);
	time_floor(o, root, db, bd);
	char *cmd = xasprintf("rm -rf '%s/stores/kept' '%s'", root, out);
	sh(cmd);
	free(cmd);
	free(out);
	free(db);
}

static void run_round(const struct opts *o, const char *root, struct bundle *bd, bool first)
{
	struct bench *b = bd->b;
	char *dir = xasprintf("%s/dir", root), *tgz = xasprintf("%s/job.tar.gz", root);
	char *tzst = xasprintf("%s/job.tar.zst", root);
	/* -exec ... +: 65,536 paths on one command line are more than the
	 * kernel takes (E2BIG) */
	char *catcmd = xasprintf("find '%s' -type f -exec cat {} + > /dev/null", dir);
	char *report = xasprintf("%s/report.json", root);
	/* grep's counts go to a file: GNU grep stops at the first match when
	 * its output is /dev/null, which is not the work being compared */
	char *counts = xasprintf("%s/grep-counts", root);
	char *a_cat[] = { "sh", "-c", catcmd, NULL };
	char *a_gz[] = { "gzip", "-dc", tgz, NULL };
	char *a_zst[] = { "zstd", "-dcq", tzst, NULL };
	char *a_grep[] = { "grep", "-rcF", "NCCL WARN", dir, NULL };
	b[B_CAT].s[b[B_CAT].n++] = run(a_cat, NULL, false);
	b[B_GZIP].s[b[B_GZIP].n++] = run(a_gz, NULL, false);
	b[B_ZSTD].s[b[B_ZSTD].n++] = run(a_zst, NULL, false);
	b[B_GREP].s[b[B_GREP].n++] = run(a_grep, counts, true);
	const char *forms[3] = { dir, tgz, tzst };
	for (int k = 0; k < 3; k++) {
		struct bench *def = &b[B_DIR + k], *other = &b[B_DIR_CP + k];
		bool keep = first && !k;
		def->s[def->n++] = analyze(o, root, forms[k], NULL, keep ? report : NULL, keep);
		if (bd->other_modes)
			other->s[other->n++] = analyze(
				o, root, forms[k], k ? "--no-keep" : "--copy-dir", NULL, false);
	}
	if (first) {
		read_report(bd, report);
		time_report(o, root, bd);
	}
	free(counts);
	free(report);
	free(catcmd);
	free(tzst);
	free(tgz);
	free(dir);
}

static long bundle_rss(const struct bundle *bd)
{
	long rss = 0;
	for (int i = B_DIR; i < B_N; i++)
		rss = max_rss(&bd->b[i]) > rss ? max_rss(&bd->b[i]) : rss;
	return rss;
}

static void print_bundle(const struct bundle *bd)
{
	const char *n = bd->name;
	const struct bench *b = bd->b;
	print_header();
	for (int i = 0; i < B_N; i++)
		if (b[i].n)
			print_row(&b[i], bd->bytes);
	printf("\n%s: %lld lines, %lld events (%.1f%%); verdict (failed, gpu_oom) %s\n", n,
	       bd->lines, bd->events, 100.0 * (double)bd->events / (double)bd->lines,
	       bd->verdict_ok ? "ok" : "WRONG");
	printf("%s: `report last` json %.3f s (%.2f MiB, %d of %d ranks), text %.3f s\n", n,
	       bd->report_s[0], (double)bd->json_bytes / MIB, bd->json_ranks, bd->job.ranks,
	       bd->report_s[1]);
	ratio(n, "analyze .tar.gz / gzip -dc", &b[B_TGZ], &b[B_GZIP], 1.0);
	ratio(n, "analyze .tar.zst / zstd -dc", &b[B_TZST], &b[B_ZSTD], 2.5);
	ratio(n, "analyze dir / analyze .tar.gz", &b[B_DIR], &b[B_TGZ], 1.0);
	ratio(n, "analyze dir / cat", &b[B_DIR], &b[B_CAT], 0);
	ratio(n, "analyze dir / grep -rcF", &b[B_DIR], &b[B_GREP], 0);
	if (b[B_FLOOR].n) {
		ratio(n, "store floor / zstd -dc", &b[B_FLOOR], &b[B_ZSTD], 0);
		ratio(n, "store floor / gzip -dc", &b[B_FLOOR], &b[B_GZIP], 0);
		ratio(n, "analyze .tar.zst / store floor", &b[B_TZST], &b[B_FLOOR], 0);
	}
	if (bd->other_modes) {
		ratio(n, "dir --copy-dir / dir", &b[B_DIR_CP], &b[B_DIR], 0);
		ratio(n, ".tar.gz default / --no-keep", &b[B_TGZ], &b[B_TGZ_NK], 0);
		ratio(n, ".tar.zst default / --no-keep", &b[B_TZST], &b[B_TZST_NK], 0);
	}
	long rss = bundle_rss(bd);
	record(rss <= 64 * 1024, "%s: faultline peak RSS %.1f MiB (<= 64 MiB)", n,
	       (double)rss / 1024.0);
	record(bd->verdict_ok, "%s: verdict failed, gpu_oom", n);
	record(bd->report_s[0] < 1.0, "%s: report last --format json %.3f s (< 1 s)", n,
	       bd->report_s[0]);
	record(bd->json_bytes < 8 * 1024 * 1024 && bd->json_ranks == bd->job.ranks,
	       "%s: JSON report %.2f MiB (< 8 MiB), %d of %d ranks", n,
	       (double)bd->json_bytes / MIB, bd->json_ranks, bd->job.ranks);
}

static void bench_bundle(const struct opts *o, struct bundle *bd)
{
	char *root = xasprintf("%s/%s", o->out, bd->name);
	mkdirs(root);
	prepare(root, &bd->job, true, o->regen);
	char *dir = xasprintf("%s/dir", root), *tgz = xasprintf("%s/job.tar.gz", root);
	char *tzst = xasprintf("%s/job.tar.zst", root);
	bd->bytes = dir_bytes(dir);
	for (int i = 0; i < B_N; i++)
		bd->b[i].name = bench_names[i];
	printf("\n## %s: %.1f MiB in %d files (%d ranks on %d hosts); job.tar.gz %.1f MiB, "
	       "job.tar.zst %.1f MiB\n",
	       bd->name, (double)bd->bytes / MIB, bd->job.ranks, bd->job.ranks, bd->job.hosts,
	       (double)file_size(tgz) / MIB, (double)file_size(tzst) / MIB);
	for (int r = 0; r < o->reps; r++) {
		run_round(o, root, bd, r == 0);
		fprintf(stderr, "%s: round %d/%d done\n", bd->name, r + 1, o->reps);
	}
	print_bundle(bd);
	free(tzst);
	free(tgz);
	free(dir);
	free(root);
}

/* ---- complexity: how time and memory grow with ranks, events, bytes ---- */

static const struct bundle *find_bundle(const char *name)
{
	for (int i = 0; i < n_bundles; i++)
		if (!strcmp(bundles[i].name, name))
			return &bundles[i];
	return NULL;
}

/* Time of b over time of a, per form, against a limit. */
static void grows(const char *a, const char *b, const char *what, double limit)
{
	const struct bundle *x = find_bundle(a), *y = find_bundle(b);
	if (!x || !y)
		return;
	const int forms[3] = { B_DIR, B_TGZ, B_TZST };
	const char *fname[3] = { "dir", ".tar.gz", ".tar.zst" };
	for (int k = 0; k < 3; k++) {
		double r = med_wall(&y->b[forms[k]]) / med_wall(&x->b[forms[k]]);
		double c = med_cpu(&y->b[forms[k]]) / med_cpu(&x->b[forms[k]]);
		record(r <= limit, "%s -> %s (%s), %s: %.2fx the time (<= %.2fx; CPU %.2fx)", a, b,
		       what, fname[k], r, limit, c);
	}
}

/* Peak RSS of b against a's: flat is within 10%. */
static void flat(const char *a, const char *b)
{
	const struct bundle *x = find_bundle(a), *y = find_bundle(b);
	if (!x || !y)
		return;
	double r = (double)bundle_rss(y) / (double)bundle_rss(x);
	record(r >= 0.9 && r <= 1.1, "%s -> %s: peak RSS %.1f -> %.1f MiB, %.2fx (flat: 0.9-1.1x)",
	       a, b, (double)bundle_rss(x) / 1024.0, (double)bundle_rss(y) / 1024.0, r);
}

static void complexity(void)
{
	printf("\n## Complexity\n");
	grows("wide-8k", "wide-16k", "twice the ranks, same bytes", 1.15);
	grows("wide-16k", "wide-32k", "twice the ranks, same bytes", 1.15);
	/* storm-2x doubles the IB warnings and handled tracebacks, not the
	 * per-rank config dumps and teardowns: the limit is 1.1x the growth
	 * of the events actually stored (2.2x for twice the events) */
	const struct bundle *s1 = find_bundle("storm"), *s2 = find_bundle("storm-2x");
	if (s1 && s2) {
		double e = (double)s2->events / (double)s1->events;
		char what[48];
		snprintf(what, sizeof(what), "%.2fx the events, same bytes", e);
		grows("storm", "storm-2x", what, 1.1 * e);
	}
	grows("deep-1x", "deep-4x", "4x the bytes", 4.4);
	flat("deep-1x", "deep-4x");
	flat("storm", "wide-32k");
	flat("wide-8k", "wide-32k");
}

/* 100,000 ranks, extrapolated from how 16 -> 32 Ki ranks grew, per
 * doubling (log2(100000 / 32768) = 1.61 doublings more): the bytes stay
 * those of the wide bundles, so this is the cost of the ranks alone. The
 * JSON report lists every rank, so its size is taken as linear in them. */
static void projection(void)
{
	const struct bundle *a = find_bundle("wide-16k"), *b = find_bundle("wide-32k");
	if (!a || !b)
		return;
	double k = log2(100000.0 / 32768.0);
	printf("\n## Projection to 100,000 ranks (from wide-16k -> wide-32k, %.2f doublings)\n", k);
	const int forms[3] = { B_DIR, B_TGZ, B_TZST };
	const char *fname[3] = { "dir", ".tar.gz", ".tar.zst" };
	for (int i = 0; i < 3; i++) {
		double ta = med_wall(&a->b[forms[i]]), tb = med_wall(&b->b[forms[i]]);
		printf("  analyze %-8s %7.2f s at 32 Ki ranks, %.2fx per doubling -> %7.2f s\n",
		       fname[i], tb, tb / ta, tb * pow(tb / ta, k));
	}
	double ra = a->report_s[0], rb = b->report_s[0];
	printf("  report --format json %6.3f s at 32 Ki ranks, %.2fx per doubling -> %6.3f s\n",
	       rb, rb / ra, rb * pow(rb / ra, k));
	double ma = (double)bundle_rss(a) / 1024.0, mb = (double)bundle_rss(b) / 1024.0;
	printf("  peak RSS %.1f MiB at 32 Ki ranks, %.2fx per doubling -> %.1f MiB\n", mb, mb / ma,
	       mb * pow(mb / ma, k));
	printf("  JSON report %.2f MiB at 32 Ki ranks -> %.2f MiB (every rank listed)\n",
	       (double)b->json_bytes / MIB, (double)b->json_bytes / MIB * 100000.0 / 32768.0);
}

static void summary(void)
{
	int met = 0;
	for (int i = 0; i < n_checks; i++)
		met += checks[i].met;
	printf("\n## Summary: %d of %d checks met\n", met, n_checks);
	for (int i = 0; i < n_checks; i++)
		if (!checks[i].met)
			printf("  NOT MET: %s\n", checks[i].what);
}

/* ---- options ---- */

static void usage(int code)
{
	fputs("usage: flbench [--profile default|storm|wide|deep|all]... [--size S] [--reps 3]\n"
	      "               [--ranks 256] [--hosts 32] [--out DIR] [--faultline PATH] "
	      "[--regen]\n",
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

#define MAX_PROFILES 8

static int parse(struct opts *o, int argc, char **argv, const char **profiles)
{
	static const struct option lo[] = { { "profile", required_argument, NULL, 'p' },
					    { "size", required_argument, NULL, 's' },
					    { "ranks", required_argument, NULL, 'r' },
					    { "hosts", required_argument, NULL, 'H' },
					    { "reps", required_argument, NULL, 'n' },
					    { "out", required_argument, NULL, 'o' },
					    { "faultline", required_argument, NULL, 'f' },
					    { "regen", no_argument, NULL, 'g' },
					    { "help", no_argument, NULL, 'h' },
					    { NULL, 0, NULL, 0 } };
	*o = (struct opts){ .ranks = 256, .hosts = 32, .reps = 3, .out = "/tmp/flbench" };
	default_faultline(o);
	int np = 0, c;
	while ((c = getopt_long(argc, argv, "h", lo, NULL)) != -1) {
		switch (c) {
		case 'p':
			if (np == MAX_PROFILES)
				usage(2);
			profiles[np++] = optarg;
			break;
		case 's': o->size = parse_size(optarg); break;
		case 'r': o->ranks = atoi(optarg); break;
		case 'H': o->hosts = atoi(optarg); break;
		case 'n': o->reps = atoi(optarg); break;
		case 'o': o->out = optarg; break;
		case 'f': snprintf(o->faultline, sizeof(o->faultline), "%s", optarg); break;
		case 'g': o->regen = true; break;
		case 'h': usage(0); break;
		default: usage(2);
		}
	}
	if (optind != argc || o->ranks < 1 || o->hosts < 1 || o->hosts > o->ranks ||
	    o->ranks % o->hosts || o->reps < 1 || o->reps > MAX_REPS)
		usage(2);
	if (access(o->faultline, X_OK) != 0)
		die("no faultline binary at '%s' (use --faultline PATH)", o->faultline);
	if (!np)
		profiles[np++] = "default";
	return np;
}

int main(int argc, char **argv)
{
	struct opts o;
	const char *profiles[MAX_PROFILES];
	int np = parse(&o, argc, argv, profiles);
	mkdirs(o.out);
	setvbuf(stdout, NULL, _IOLBF, 0);
	for (int i = 0; i < np; i++)
		add_profile(&o, profiles[i]);
	printf("faultline: %s\n%d repetitions, medians; warm page cache. MB/s is uncompressed "
	       "bytes (10^6) per wall second.\n",
	       o.faultline, o.reps);
	for (int i = 0; i < n_bundles; i++)
		bench_bundle(&o, &bundles[i]);
	complexity();
	projection();
	summary();
	return 0;
}
