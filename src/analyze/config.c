/* SPDX-License-Identifier: MIT */
/*
 * config.c - the run's configuration: micro and global batch, gradient
 * accumulation, the parallel sizes, sequence length, dtype, activation
 * checkpointing and sharding, merged from every source that states them
 * (Megatron, DeepSpeed and HF dumps, torchtitan and Lightning start-up
 * lines, command lines), normalised, and completed by the identities
 * GBS = MBS x GAS x DP and world = TP x PP x CP x DP.
 * Tested by: tests/unit/test_remedy.c (derivation), tests/e2e (scenarios
 * 33-35)
 */
#include "analyze_int.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static bool truthy(const char *v)
{
	return v && (!strcmp(v, "true") || !strcmp(v, "1"));
}

static bool is_off(const char *v)
{
	return !strcasecmp(v, "none") || !strcasecmp(v, "null") || !strcasecmp(v, "false") ||
	       !strcmp(v, "0");
}

/* bf16, fp16 or fp32 from a dtype as printed: torch.bfloat16 (Megatron),
 * bfloat16 / 16bit (Lightning), bf16 / fp16 (command lines), NeMo's
 * trainer precision (bf16, bf16-mixed, 16, 16-mixed, 32, 32-true). */
static const char *dtype_name(const char *v)
{
	static const struct {
		const char *printed, *name;
	} names[] = { { "bfloat16", "bf16" }, { "bf16", "bf16" },    { "bf16-mixed", "bf16" },
		      { "float16", "fp16" },  { "half", "fp16" },    { "16bit", "fp16" },
		      { "fp16", "fp16" },     { "16", "fp16" },      { "16-mixed", "fp16" },
		      { "float32", "fp32" },  { "float", "fp32" },   { "fp32", "fp32" },
		      { "32", "fp32" },       { "32-true", "fp32" } };
	for (size_t i = 0; v && i < sizeof(names) / sizeof(names[0]); i++)
		if (!strcmp(v, names[i].printed))
			return names[i].name;
	return NULL;
}

/* none, selective or full from what the frameworks print: Megatron's
 * recompute granularity (full, selective, None) or method (uniform and
 * block are full recompute), its old checkpoint_activations flag, HF's
 * gradient_checkpointing and torchtitan's mode (True means whole layers). */
static char *checkpointing_name(const char *v)
{
	if (!v)
		return NULL;
	if (is_off(v))
		return fl_xstrdup("none");
	if (!strcasecmp(v, "selective") || !strcasecmp(v, "op"))
		return fl_xstrdup("selective");
	return fl_xstrdup("full");
}

/* The sharding scheme, from the most specific statement: torchtitan's
 * wrapper (its FSDP is FSDP2), HF's FSDP option, the ZeRO stage (0 is
 * plain data parallelism), Megatron's distributed optimizer (optimizer
 * state sharded: ZeRO-1). */
static char *sharding_name(const char *wrapper, const char *fsdp_option, int64_t zero_stage,
			   const char *distributed_optimizer)
{
	if (wrapper) {
		if (!strcmp(wrapper, "FSDP"))
			return fl_xstrdup("fsdp2");
		return fl_xstrdup(!strcmp(wrapper, "HSDP") ? "hsdp" : "ddp");
	}
	if (fsdp_option)
		return fl_xstrdup(strstr(fsdp_option, "HYBRID") ? "hsdp" : "fsdp");
	if (zero_stage >= 1 && zero_stage <= 3)
		return fl_xasprintf("zero%lld", (long long)zero_stage);
	if (zero_stage == 0)
		return fl_xstrdup("ddp");
	if (distributed_optimizer)
		return fl_xstrdup(truthy(distributed_optimizer) ? "zero1" : "ddp");
	return NULL;
}

void config_derive(struct fl_config *k)
{
	int64_t tp = k->tensor_parallel_size, pp = k->pipeline_parallel_size,
		cp = k->context_parallel_size;
	/* Data parallel: what the world leaves after the model-parallel
	 * dimensions; a job that states none of them is data parallel only. */
	if (k->data_parallel_size <= 0 && k->world_size > 0) {
		int64_t mp = (tp > 0 ? tp : 1) * (pp > 0 ? pp : 1) * (cp > 0 ? cp : 1);
		bool training = k->micro_batch_size > 0 || k->global_batch_size > 0;
		if ((tp > 0 || pp > 0 || cp > 0 || training) && k->world_size % mp == 0) {
			k->data_parallel_size = k->world_size / mp;
			k->derived |= FL_CFG_DERIVED_DP;
		}
	}
	int64_t mbs = k->micro_batch_size, dp = k->data_parallel_size;
	if (mbs <= 0 || dp <= 0)
		return;
	if (k->grad_accum_steps <= 0 && k->global_batch_size > 0 &&
	    k->global_batch_size % (mbs * dp) == 0) {
		k->grad_accum_steps = k->global_batch_size / (mbs * dp);
		k->derived |= FL_CFG_DERIVED_GAS;
	} else if (k->global_batch_size <= 0 && k->grad_accum_steps > 0) {
		k->global_batch_size = mbs * k->grad_accum_steps * dp;
		k->derived |= FL_CFG_DERIVED_GBS;
	}
}

static const char *text_or_null(struct fl_stmt *st, int col)
{
	return fl_stmt_null(st, col) ? NULL : fl_stmt_text(st, col);
}

int config_collect(struct ctx *c)
{
	struct fl_config *k = &c->a->config;
	struct fl_stmt *st;
	int rc = q_row(c, Q_CONFIG, &st);
	if (rc)
		return rc;
	int64_t *ints[] = { &k->micro_batch_size, &k->grad_accum_steps, &k->global_batch_size,
			    &k->data_parallel_size, &k->tensor_parallel_size,
			    &k->pipeline_parallel_size, &k->seq_length, &k->world_size };
	int col = 0;
	for (; col < (int)(sizeof(ints) / sizeof(ints[0])); col++)
		*ints[col] = col_int(st, col, -1);
	c->config_tp = k->tensor_parallel_size;
	/* an explicit fp16 or bf16 switch first, then a printed dtype */
	const char *fp16 = text_or_null(st, col++);
	const char *bf16 = text_or_null(st, col++);
	const char *ac = text_or_null(st, col++);
	k->context_parallel_size = col_int(st, col++, -1);
	k->expert_parallel_size = col_int(st, col++, -1);
	const char *dtype = truthy(fp16) ? "fp16" : truthy(bf16) ? "bf16" : dtype_name(text_or_null(st, col));
	col++;
	k->dtype = dtype ? fl_xstrdup(dtype) : NULL;
	k->activation_checkpointing = checkpointing_name(ac);
	const char *wrapper = text_or_null(st, col++);
	const char *fsdp_option = text_or_null(st, col++);
	int64_t zero_stage = col_int(st, col++, -1);
	k->sharding = sharding_name(wrapper, fsdp_option, zero_stage, text_or_null(st, col++));
	/* world size: the configuration's, else NCCL's, else the process group's */
	if (k->world_size < 0)
		k->world_size = col_int(st, col, -1);
	col++;
	if (k->world_size < 0)
		k->world_size = col_int(st, col, -1);
	col++;
	k->nccl_version = dup_or_null(st, col++);
	assert(col == fl_stmt_columns(st));
	fl_stmt_free(st);
	return FL_OK;
}
