/* SPDX-License-Identifier: MIT */
/*
 * test_remedy.c - the configuration's derived values (config_derive) and
 * remediation in the run's own numbers (remedy_build): the playbook
 * GBS = MBS x GAS x DP applied, and which generic items each line replaces.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "analyze/analyze_int.h"

static struct fl_config cfg(void)
{
	struct fl_config k;
	memset(&k, 0, sizeof(k));
	k.micro_batch_size = k.grad_accum_steps = k.global_batch_size = k.data_parallel_size = -1;
	k.tensor_parallel_size = k.pipeline_parallel_size = k.seq_length = k.world_size = -1;
	k.context_parallel_size = k.expert_parallel_size = -1;
	return k;
}

static struct remedy_in input(const struct fl_config *k)
{
	struct remedy_in in = { .config = k, .lr = NAN, .first_nonfinite_step = -1 };
	return in;
}

/* The line of r that contains needle, or NULL. */
static const char *line_with(const struct remedy *r, const char *needle)
{
	for (size_t i = 0; i < r->n; i++)
		if (strstr(r->line[i], needle))
			return r->line[i];
	return NULL;
}

Test(derive, dp_from_world_and_model_parallel)
{
	struct fl_config k = cfg();
	k.world_size = 64;
	k.tensor_parallel_size = 4;
	k.pipeline_parallel_size = 2;
	k.context_parallel_size = 2;
	config_derive(&k);
	cr_expect_eq(k.data_parallel_size, 4);
	cr_expect(k.derived & FL_CFG_DERIVED_DP);
}

Test(derive, gas_from_gbs_and_no_overwrite)
{
	struct fl_config k = cfg();
	k.world_size = 16;
	k.micro_batch_size = 4;
	k.global_batch_size = 1024;
	config_derive(&k);
	cr_expect_eq(k.data_parallel_size, 16, "pure data parallel when no model-parallel size is stated");
	cr_expect_eq(k.grad_accum_steps, 16);
	cr_expect_eq(k.derived, FL_CFG_DERIVED_DP | FL_CFG_DERIVED_GAS);

	struct fl_config l = cfg();
	l.micro_batch_size = 4;
	l.grad_accum_steps = 3;
	l.global_batch_size = 1000; /* logged, inconsistent: left for gbs_mismatch */
	l.data_parallel_size = 8;
	config_derive(&l);
	cr_expect_eq(l.grad_accum_steps, 3);
	cr_expect_eq(l.global_batch_size, 1000);
	cr_expect_eq(l.derived, 0u);
}

Test(derive, gbs_from_the_others_and_nothing_from_an_odd_split)
{
	struct fl_config k = cfg();
	k.micro_batch_size = 2;
	k.grad_accum_steps = 8;
	k.data_parallel_size = 64;
	config_derive(&k);
	cr_expect_eq(k.global_batch_size, 1024);
	cr_expect_eq(k.derived, FL_CFG_DERIVED_GBS);

	struct fl_config o = cfg();
	o.world_size = 12;
	o.tensor_parallel_size = 8; /* 12 is not a multiple of 8 */
	config_derive(&o);
	cr_expect_eq(o.data_parallel_size, -1);
	cr_expect_eq(o.derived, 0u);
}

Test(remedy, oom_halves_mbs_and_keeps_gbs)
{
	struct fl_config k = cfg();
	k.micro_batch_size = 4;
	k.grad_accum_steps = 4;
	k.global_batch_size = 1024;
	k.data_parallel_size = 64;
	k.activation_checkpointing = "none";
	k.sharding = "ddp";
	struct remedy_in in = input(&k);
	struct remedy r;
	remedy_build("gpu_oom", &in, &r);
	const char *b = line_with(&r, "micro batch size 2");
	cr_assert(b, "no micro batch line");
	cr_expect(strstr(b, "gradient accumulation 8 (now 4)"), "%s", b);
	cr_expect(strstr(b, "global batch of 1024"), "%s", b);
	cr_expect(line_with(&r, "activation checkpointing is off"));
	cr_expect(line_with(&r, "FSDP2"));
	cr_expect_eq(r.settled, 1u << REM_GPU_OOM_BATCH | 1u << REM_GPU_OOM_RECOMPUTE |
					1u << REM_GPU_OOM_SHARDING);
	cr_expect_eq(r.n, 3);
	remedy_release(&r);
}

Test(remedy, oom_zero_stage_and_full_recompute)
{
	struct fl_config k = cfg();
	k.micro_batch_size = 1;
	k.seq_length = 8192;
	k.activation_checkpointing = "full";
	k.sharding = "zero2";
	struct remedy_in in = input(&k);
	struct remedy r;
	remedy_build("gpu_oom", &in, &r);
	cr_expect(line_with(&r, "already 1: shorten the sequence (now 8192)"));
	cr_expect(line_with(&r, "from 2 to 3"));
	/* full recompute is on: nothing to say, and the generic item is settled */
	cr_expect_null(line_with(&r, "checkpointing"));
	cr_expect(r.settled & (1u << REM_GPU_OOM_RECOMPUTE));
	remedy_release(&r);
}

Test(remedy, oom_without_config_leaves_generic_items)
{
	struct fl_config k = cfg();
	struct remedy_in in = input(&k);
	struct remedy r;
	remedy_build("gpu_oom", &in, &r);
	cr_expect_eq(r.n, 0);
	cr_expect_eq(r.settled, 0u);
	remedy_release(&r);
}

Test(remedy, nan_names_lr_step_and_bf16)
{
	struct fl_config k = cfg();
	k.dtype = "fp16";
	struct remedy_in in = input(&k);
	in.lr = 3e-4;
	in.first_nonfinite_step = 1843;
	in.fp16 = true;
	struct remedy r;
	remedy_build("loss_divergence", &in, &r);
	const char *lr = line_with(&r, "learning rate");
	cr_assert(lr);
	cr_expect(strstr(lr, "before step 1843") && strstr(lr, "0.0003") && strstr(lr, "0.00015"), "%s",
		  lr);
	cr_expect(line_with(&r, "step 1843 read"));
	cr_expect(line_with(&r, "from fp16 to bf16"));
	cr_expect_eq(r.settled, 1u << REM_LOSS_DIVERGENCE_LR | 1u << REM_LOSS_DIVERGENCE_DATA |
					1u << REM_LOSS_DIVERGENCE_FP16);
	remedy_release(&r);

	/* bf16 already: the fp16 item is settled without a line */
	k.dtype = "bf16";
	in.fp16 = false;
	remedy_build("loss_divergence", &in, &r);
	cr_expect_null(line_with(&r, "bf16"));
	cr_expect(r.settled & (1u << REM_LOSS_DIVERGENCE_FP16));
	remedy_release(&r);
}

/* The overflow's lr line keeps what its generic item said of the batches. */
Test(remedy, fp16_overflow_lr_line)
{
	struct fl_config k = cfg();
	struct remedy_in in = input(&k);
	in.lr = 1.6e-05;
	struct remedy r;
	remedy_build("fp16_overflow", &in, &r);
	cr_expect_str_eq(line_with(&r, "learning rate"),
			 "resume from the last good checkpoint with a learning rate below the logged "
			 "1.6e-05 (try 8e-06) or a longer warm-up; check for bad batches near the first "
			 "overflow");
	cr_expect(r.settled & (1u << REM_FP16_OVERFLOW_LR));
	remedy_release(&r);
	remedy_build("loss_divergence", &in, &r);
	cr_expect_null(line_with(&r, "overflow"));
	remedy_release(&r);
}

Test(remedy, bf16_line_is_one_sentence_for_both_causes)
{
	struct fl_config k = cfg();
	struct remedy_in in = input(&k);
	in.fp16 = true;
	struct remedy a, b;
	remedy_build("fp16_overflow", &in, &a);
	remedy_build("loss_divergence", &in, &b);
	cr_assert(line_with(&a, "bf16") && line_with(&b, "bf16"));
	cr_expect_str_eq(line_with(&a, "bf16"), line_with(&b, "bf16"),
			 "causes.c drops a repeat only when the text is the same");
	remedy_release(&a);
	remedy_release(&b);
}

Test(remedy, slow_names_interface_and_gas)
{
	struct fl_config k = cfg();
	k.micro_batch_size = 2;
	k.grad_accum_steps = 4;
	k.data_parallel_size = 32;
	struct remedy_in in = input(&k);
	in.socket_if = "eth0";
	struct remedy r;
	remedy_build("slow_transport", &in, &r);
	cr_expect(line_with(&r, "interface eth0"));
	cr_expect(line_with(&r, "NCCL_DEBUG=INFO"));
	cr_expect(line_with(&r, "from 4 to 8"));
	cr_expect(line_with(&r, "global batch 256 -> 512"));
	cr_expect_eq(r.settled, 1u << REM_SLOW_TRANSPORT_RDMA | 1u << REM_SLOW_TRANSPORT_IFNAME |
					1u << REM_SLOW_TRANSPORT_GAS);
	remedy_release(&r);
}

Test(remedy, config_error_batch_and_layout)
{
	struct fl_config k = cfg();
	k.micro_batch_size = 4;
	k.grad_accum_steps = 8;
	k.global_batch_size = 256;
	k.data_parallel_size = 16;
	struct remedy_in in = input(&k);
	struct remedy r;
	remedy_build("config_error", &in, &r);
	cr_expect(line_with(&r, "keep the global batch of 256 with gradient accumulation 4"));
	cr_expect(line_with(&r, "set the global batch to 512"));
	cr_expect_eq(r.settled, 1u << REM_CONFIG_ERROR_BATCH);
	remedy_release(&r);

	/* 250 is not a multiple of 4 x 16: only the global batch can change */
	k.global_batch_size = 250;
	remedy_build("config_error", &in, &r);
	cr_expect(line_with(&r, "set the global batch to 512 (4 x 8 x 16): 250 is not a multiple"));
	cr_expect_null(line_with(&r, "keep the global batch"));
	remedy_release(&r);

	struct fl_config l = cfg();
	l.world_size = 24;
	l.tensor_parallel_size = 8;
	l.pipeline_parallel_size = 2;
	in = input(&l);
	remedy_build("config_error", &in, &r);
	cr_expect(line_with(&r, "24 ranks is not a multiple of tensor 8 x pipeline 2 x context 1 = 16"));
	cr_expect_eq(r.settled, 1u << REM_CONFIG_ERROR_LAYOUT);
	remedy_release(&r);

	/* the batch disagrees and the world (16, data parallel only) divides:
	 * the generic layout item is left out, not said */
	k.global_batch_size = 256;
	k.world_size = 16;
	in = input(&k);
	remedy_build("config_error", &in, &r);
	cr_expect_eq(r.n, 1);
	cr_expect_eq(r.settled, 1u << REM_CONFIG_ERROR_BATCH | 1u << REM_CONFIG_ERROR_LAYOUT);
	remedy_release(&r);
	k.world_size = -1;

	/* consistent: nothing to say, the generic items stay */
	k.global_batch_size = 512;
	in = input(&k);
	remedy_build("config_error", &in, &r);
	cr_expect_eq(r.n, 0);
	cr_expect_eq(r.settled, 0u);
	remedy_release(&r);
}
