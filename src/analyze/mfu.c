/* SPDX-License-Identifier: MIT */
/*
 * mfu.c - model FLOPs utilisation when the framework does not log it.
 *
 *   MFU = 6 x params x tokens/s per GPU / dense peak FLOPS of the GPU
 *
 * 6 FLOPs per parameter and token: 2 forward, 4 backward (the usual
 * estimate; it leaves out attention's sequence-length term and counts no
 * recomputation, so it reads a little low for long sequences and is the
 * model's, not the hardware's, utilisation). Without a model size, the
 * framework's logged TFLOPS per GPU over the same peak. The peak is the vendor's
 * dense (not 2:4 sparse) tensor peak for the run's dtype, from the table
 * below (docs/TRAINING.md cites the datasheets). Nothing is guessed: no
 * GPU named, or no model size, or no tokens/s, and there is no MFU.
 * Tested by: tests/e2e/test_findings.c, testdata/scenarios/31-*
 */
#include "analyze_int.h"

#include <math.h>
#include <string.h>

/* Dense tensor peaks in TFLOPS. First match wins: the specific names
 * (H100 PCIe, H100 NVL, GH200, GB200) come before the family's. fp8 0: the
 * GPU has no fp8 tensor cores, and an fp8 run there runs in 16 bits. bf16
 * 0: a name whose peak the table does not know (no MFU rather than the
 * family's wrong one). */
static const struct peak {
	const char *name; /* as the GPU's name contains it */
	double bf16, fp8;
} PEAKS[] = {
	{ "GH200", 989.4, 1978.9 },
	{ "H100 PCIe", 756.5, 1513 },
	{ "H100 NVL", 835.5, 1670.5 },
	{ "H100", 989.4, 1978.9 },
	{ "H200", 989.4, 1978.9 },
	{ "H800 PCIe", 0, 0 },
	{ "H800", 989.4, 1978.9 },
	{ "GB200", 2500, 5000 },
	{ "B200", 2250, 4500 },
	{ "A100", 311.9, 0 },
	{ "MI300X", 1307.4, 2614.9 },
};

static const struct peak *peak_of(const char *gpu)
{
	for (size_t i = 0; gpu && i < sizeof(PEAKS) / sizeof(PEAKS[0]); i++)
		if (strstr(gpu, PEAKS[i].name))
			return PEAKS[i].bf16 > 0 ? &PEAKS[i] : NULL;
	return NULL;
}

static bool known(double v)
{
	return v == v && v > 0 && !isinf(v);
}

/* Tokens/s per GPU from the batch when the framework logs only its
 * iteration time (Megatron): global batch x sequence length per
 * iteration, over the GPUs. */
static double tokens_from_batch(const struct ctx *c)
{
	const struct fl_config *k = &c->a->config;
	double iter_ms = c->a->training.iter_ms_last;
	int64_t world = k->world_size > 0 ? k->world_size : c->a->nranks;
	if (k->global_batch_size <= 0 || k->seq_length <= 0 || world <= 0 || !known(iter_ms))
		return NAN;
	return (double)k->global_batch_size * (double)k->seq_length / (iter_ms / 1000.0) /
	       (double)world;
}

void mfu_compute(struct ctx *c)
{
	struct fl_training *t = &c->a->training;
	if (t->mfu == t->mfu) {
		t->mfu_source = "logged";
		return;
	}
	double tokens = known(t->tokens_per_s_per_gpu) ? t->tokens_per_s_per_gpu
						       : tokens_from_batch(c);
	const struct peak *p = peak_of(t->gpu);
	bool by_params = known(t->params) && known(tokens);
	if (!p || (!by_params && !known(t->tflops_per_gpu)))
		return;
	const char *dtype = c->a->config.dtype;
	bool fp8 = dtype && !strcmp(dtype, "fp8") && p->fp8 > 0;
	t->mfu_peak_tflops = fp8 ? p->fp8 : p->bf16;
	t->mfu_peak_dtype = fp8 ? "fp8" : "bf16/fp16";
	/* The framework's own model TFLOPS per GPU (Megatron's counts
	 * attention too) when there is no model size to count from. */
	t->mfu = by_params ? 6.0 * t->params * tokens / (t->mfu_peak_tflops * 1e12)
			   : t->tflops_per_gpu / t->mfu_peak_tflops;
	t->mfu_source = by_params ? "params" : "tflops";
}
