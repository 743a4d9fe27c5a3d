/* SPDX-License-Identifier: MIT */
/*
 * remedy.c - remediation in the run's own numbers: the on-call playbook
 * (GBS = MBS x GAS x DP) applied to the configuration the logs state.
 * Each line replaces the generic item of the cause's rule that it makes
 * concrete (rules.c, REM_*), so the report never says a thing twice.
 * Pure: no store, no context; causes.c passes what the analysis found.
 * Tested by: tests/unit/test_remedy.c, tests/e2e (scenarios 33-35)
 */
#include "analyze_int.h"

#include <stdlib.h>
#include <string.h>

/* Said alike by every cause that has it, so that the report can drop the
 * repeats (causes.c). */
#define BF16_LINE \
	"move from fp16 to bf16 on GPUs that have it (A100, H100 and newer): it needs no loss scaling"

static void add(struct remedy *r, char *line)
{
	if (r->n < REMEDY_MAX)
		r->line[r->n++] = line;
	else
		free(line);
}

static bool known(int64_t v)
{
	return v > 0;
}

/* The micro batch to try and the accumulation that keeps the global batch. */
static void oom_batch(const struct fl_config *k, struct remedy *r)
{
	int64_t mbs = k->micro_batch_size, gas = k->grad_accum_steps, gbs = k->global_batch_size;
	if (!known(mbs))
		return;
	r->settled |= 1u << REM_GPU_OOM_BATCH;
	if (mbs == 1) {
		add(r, known(k->seq_length)
			       ? fl_xasprintf("the micro batch size is already 1: shorten the sequence "
					      "(now %lld) or shard the model further",
					      (long long)k->seq_length)
			       : fl_xstrdup("the micro batch size is already 1: shorten the sequence "
					    "or shard the model further"));
		return;
	}
	int64_t half = mbs / 2;
	if (known(gas) && (gas * mbs) % half == 0) {
		int64_t gas2 = gas * mbs / half;
		add(r, known(gbs) ? fl_xasprintf("try micro batch size %lld (now %lld) with gradient "
						 "accumulation %lld (now %lld) to keep the global batch "
						 "of %lld",
						 (long long)half, (long long)mbs, (long long)gas2,
						 (long long)gas, (long long)gbs)
				  : fl_xasprintf("try micro batch size %lld (now %lld) with gradient "
						 "accumulation %lld (now %lld) to keep the global batch",
						 (long long)half, (long long)mbs, (long long)gas2,
						 (long long)gas));
		return;
	}
	add(r, fl_xasprintf("try micro batch size %lld (now %lld), and raise gradient "
			    "accumulation to keep the global batch",
			    (long long)half, (long long)mbs));
}

static void oom_checkpointing(const struct fl_config *k, struct remedy *r)
{
	const char *ac = k->activation_checkpointing;
	if (!ac)
		return;
	r->settled |= 1u << REM_GPU_OOM_RECOMPUTE;
	if (!strcmp(ac, "none"))
		add(r, fl_xstrdup("activation checkpointing is off: turn it on (Megatron "
				  "--recompute-granularity selective or full, HF "
				  "gradient_checkpointing=True, torchtitan activation_checkpoint.mode)"));
	else if (!strcmp(ac, "selective"))
		add(r, fl_xstrdup("activation checkpointing is selective: full recompute frees "
				  "more memory for more compute"));
}

static void oom_sharding(const struct fl_config *k, struct remedy *r)
{
	const char *s = k->sharding;
	if (!s)
		return;
	r->settled |= 1u << REM_GPU_OOM_SHARDING;
	if (!strcmp(s, "ddp"))
		add(r, fl_xstrdup("every rank holds the whole model, gradients and optimizer state "
				  "(no sharding): move to FSDP2 (fully_shard), HSDP across nodes, "
				  "a ZeRO stage (DeepSpeed) or Megatron's --use-distributed-optimizer"));
	else if (!strcmp(s, "zero1") || !strcmp(s, "zero2"))
		add(r, fl_xasprintf("raise the ZeRO stage from %c to %c: it shards %s too", s[4],
				    s[4] + 1, s[4] == '1' ? "the gradients" : "the parameters"));
	else if (!strcmp(s, "hsdp"))
		add(r, fl_xstrdup("HSDP replicates the model across shard groups: shard over more "
				  "ranks (a larger shard group, or FSDP2 over all of them)"));
	else
		add(r, fl_xasprintf("the model state is already fully sharded (%s): offload "
				    "optimizer state to CPU, or add tensor or pipeline parallelism",
				    s));
}

static void divergence(const struct fl_config *k, const struct remedy_in *in, struct remedy *r,
		       unsigned lr_item, unsigned bf16_item)
{
	int64_t step = in->first_nonfinite_step;
	if (in->lr == in->lr && in->lr > 0) {
		r->settled |= 1u << lr_item;
		/* the overflow cause's generic item also points at the batches */
		const char *batches = lr_item == REM_FP16_OVERFLOW_LR
					      ? "; check for bad batches near the first overflow"
					      : "";
		add(r, step >= 0 ? fl_xasprintf("resume from the last checkpoint before step %lld with "
						"a learning rate below the logged %g (try %g) or a "
						"longer warm-up%s",
						(long long)step, in->lr, in->lr / 2, batches)
				 : fl_xasprintf("resume from the last good checkpoint with a learning "
						"rate below the logged %g (try %g) or a longer warm-up%s",
						in->lr, in->lr / 2, batches));
	}
	if (in->fp16 || k->dtype) {
		r->settled |= 1u << bf16_item;
		if (in->fp16)
			add(r, fl_xstrdup(BF16_LINE));
	}
}

static void nonfinite_step(const struct remedy_in *in, struct remedy *r)
{
	if (in->first_nonfinite_step < 0)
		return;
	r->settled |= 1u << REM_LOSS_DIVERGENCE_DATA;
	add(r, fl_xasprintf("enable gradient clipping, and check the batches step %lld read "
			    "(its data shard and samples) and the steps just before it",
			    (long long)in->first_nonfinite_step));
}

static void slow(const struct fl_config *k, const struct remedy_in *in, struct remedy *r)
{
	if (in->socket_if) {
		r->settled |= 1u << REM_SLOW_TRANSPORT_RDMA | 1u << REM_SLOW_TRANSPORT_IFNAME;
		add(r, fl_xasprintf("NCCL sent inter-node traffic over TCP on interface %s: if the "
				    "hosts have InfiniBand or RoCE, make NCCL see it (NCCL_IB_HCA, the "
				    "IB plugin in the container, NCCL_DEBUG=INFO to confirm NET/IB); if "
				    "sockets are meant, set NCCL_SOCKET_IFNAME to the fastest interface",
				    in->socket_if));
	}
	int64_t gas = k->grad_accum_steps, mbs = k->micro_batch_size, dp = k->data_parallel_size;
	if (!known(gas))
		return;
	r->settled |= 1u << REM_SLOW_TRANSPORT_GAS;
	if (known(mbs) && known(dp))
		add(r, fl_xasprintf("raise gradient accumulation from %lld to %lld to all-reduce "
				    "gradients half as often per sample (global batch %lld -> %lld: "
				    "retune the learning rate)",
				    (long long)gas, (long long)gas * 2, (long long)(mbs * gas * dp),
				    (long long)(mbs * gas * dp * 2)));
	else
		add(r, fl_xasprintf("raise gradient accumulation from %lld to %lld to all-reduce "
				    "gradients half as often per sample (it doubles the global batch: "
				    "retune the learning rate)",
				    (long long)gas, (long long)gas * 2));
}

/* Two ways to make the batch sizes agree; the gbs_mismatch finding says
 * how they disagree. */
static void config_batch(const struct fl_config *k, struct remedy *r)
{
	int64_t mbs = k->micro_batch_size, gas = k->grad_accum_steps, gbs = k->global_batch_size,
		dp = k->data_parallel_size;
	if (!known(mbs) || !known(gas) || !known(gbs) || !known(dp) || gbs == mbs * gas * dp)
		return;
	r->settled |= 1u << REM_CONFIG_ERROR_BATCH;
	if (gbs % (mbs * dp) == 0)
		add(r, fl_xasprintf("keep the global batch of %lld with gradient accumulation %lld "
				    "(%lld / (%lld x %lld)), or set the global batch to %lld (%lld x %lld x "
				    "%lld)",
				    (long long)gbs, (long long)(gbs / (mbs * dp)), (long long)gbs,
				    (long long)mbs, (long long)dp, (long long)(mbs * gas * dp),
				    (long long)mbs, (long long)gas, (long long)dp));
	else
		add(r, fl_xasprintf("set the global batch to %lld (%lld x %lld x %lld): %lld is not a "
				    "multiple of micro batch x data parallel (%lld)",
				    (long long)(mbs * gas * dp), (long long)mbs, (long long)gas, (long long)dp,
				    (long long)gbs, (long long)(mbs * dp)));
}

/* Model-parallel sizes that do not divide the world. */
static void config_layout(const struct fl_config *k, struct remedy *r)
{
	int64_t tp = known(k->tensor_parallel_size) ? k->tensor_parallel_size : 1,
		pp = known(k->pipeline_parallel_size) ? k->pipeline_parallel_size : 1,
		cp = known(k->context_parallel_size) ? k->context_parallel_size : 1;
	if (!known(k->world_size) || k->world_size % (tp * pp * cp) == 0)
		return;
	r->settled |= 1u << REM_CONFIG_ERROR_LAYOUT;
	add(r, fl_xasprintf("the world of %lld ranks is not a multiple of tensor %lld x pipeline %lld x "
			    "context %lld = %lld: launch a multiple of %lld ranks or choose sizes whose "
			    "product divides %lld (and that divide layers, heads and vocabulary)",
			    (long long)k->world_size, (long long)tp, (long long)pp, (long long)cp,
			    (long long)(tp * pp * cp), (long long)(tp * pp * cp), (long long)k->world_size));
}

void remedy_build(const char *cause, const struct remedy_in *in, struct remedy *r)
{
	const struct fl_config *k = in->config;
	memset(r, 0, sizeof(*r));
	if (!strcmp(cause, "gpu_oom")) {
		oom_batch(k, r);
		oom_checkpointing(k, r);
		oom_sharding(k, r);
	} else if (!strcmp(cause, "loss_divergence")) {
		divergence(k, in, r, REM_LOSS_DIVERGENCE_LR, REM_LOSS_DIVERGENCE_FP16);
		nonfinite_step(in, r);
	} else if (!strcmp(cause, "fp16_overflow")) {
		divergence(k, in, r, REM_FP16_OVERFLOW_LR, REM_FP16_OVERFLOW_BF16);
	} else if (!strcmp(cause, "config_error")) {
		config_batch(k, r);
		config_layout(k, r);
		/* the batch sizes are what disagrees, and the world divides into
		 * the model-parallel sizes: the generic layout item would send
		 * the reader after a problem the run does not have */
		if ((r->settled & 1u << REM_CONFIG_ERROR_BATCH) && known(k->world_size))
			r->settled |= 1u << REM_CONFIG_ERROR_LAYOUT;
	} else if (!strcmp(cause, "slow_transport")) {
		slow(k, in, r);
	}
}

void remedy_release(struct remedy *r)
{
	for (size_t i = 0; i < r->n; i++)
		free(r->line[i]);
	r->n = 0;
}
