/* SPDX-License-Identifier: MIT */
/*
 * test_excerpts.c - real logs from public issue threads, each with the
 * cause the thread concluded (the .json sidecars in
 * ../shared/reference/excerpts/), must
 * get that cause as the likely cause.
 *
 * The table maps each excerpt to the contract cause id its sidecar's
 * conclusion names. Excerpts are cut from longer pastes; those whose
 * decisive line was cut away are listed at the end, with why, and are not
 * asserted: they document what a fragment cannot tell.
 */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fl_test.h"

#define EXCERPTS FL_SOURCE_DIR "/../shared/reference/excerpts"

struct excerpt {
	char file[96];
	char cause[32];
};

static const char *const TABLE[][2] = {
	{ "nccl-001-ib-err4-acs-h100", "network_error" },
	{ "nccl-003-ibplugin-ipv6gid-retry-exceeded", "network_error" },
	{ "nccl-005-ibplugin-err5-vendor249-gdr-hang", "network_error" },
	{ "nccl-007-ib-err4-service-thread-cascade", "network_error" },
	{ "nccl-011-torch-ncclutils-remote-error-conn-reset", "network_error" },
	{ "nccl-013-trtllm-enqueue-oom-invalid-handle", "gpu_oom" },
	{ "nccl-015-alpaca-torch113-ib-timeout-single-line", "network_error" },
	{ "nccl-017-horovod-shm-posix-fallocate-legacy-ring", "nccl_init_error" },
	{ "nccl-019-shm-attach-enoent-cumem-gdrdma-shared", "nccl_init_error" },
	{ "nccl-021-vllm-ts-prefix-ibv-reg-dmabuf-buffsize", "nccl_init_error" },
	{ "nccl-023-ncclras-mismatch-allgather-opcount", "collective_hang" },
	{ "nccl-025-nccl248-mismatched-collective-detected", "collective_hang" },
	{ "nccl-031-ray-coll-trace-opcount-skew-128ranks", "collective_hang" },
	{ "nccl-033-torch1x-communicator-aborted-torchelastic", "collective_hang" },
	{ "nccl-035-ray-first-collective-never-completed-fr-disabled", "collective_hang" },
	{ "nccl-037-ray-repeated-across-cluster-seqnum1", "collective_hang" },
	{ "nccl-045-torch23dev-no-rank-prefix-wrapped-dump-test", "collective_hang" },
	{ "nccl-051-sglang-no-route-to-host-bootstrap", "network_error" },
	{ "train-001-llamafactory-nccl-watchdog-allreduce", "collective_hang" },
	{ "train-003-llamafactory-nccl-watchdog-reducescatter", "collective_hang" },
	{ "train-007-megatron-llm-falcon-nan-loss-field-missing", "loss_divergence" },
	{ "train-009-megatron-deepspeed-grad-norm-nan-no-loss", "loss_divergence" },
	{ "train-015-deepspeed-fp16-overflow-cascade-tqdm", "fp16_overflow" },
	{ "train-021-dmesg-gpu-fallen-off-bus-multiline-noxid", "gpu_hardware" },
	{ "train-023-dmesg-ctime-xid13-xid109-pt-main-thread", "gpu_hardware" },
	{ "train-025-hf-trainer-grad-norm-nan-then-loss-zero", "loss_divergence" },
	{ "train-027-nanogpt-fp16-loss-nan-after-checkpoint", "loss_divergence" },
	{ "train-031-ddp-rtx5090-illegal-memory-access-watchdog", "cuda_error" },
	{ "train-033-deepspeed-pipe-rank1-illegal-memory-access-step61", "cuda_error" },
	{ "train-039-megatron-args-dump-then-sigsegv", "process_crash" },
	{ "train-041-megatron-deepspeed-sigbus-faulthandler", "process_crash" },
	{ "train-043-dmesg-oom-killer-with-call-trace", "host_oom" },
	{ "train-045-nccl-enqueue-cuda-failure-oom-unhandled-cuda-error", "gpu_oom" },
	{ "train-053-llama-cookbook-fsdp-oom-rank2-interleaved", "gpu_oom" },
	{ "train-059-slurm-step-cancelled-time-limit-task-ranges", "scheduler_kill" },
	{ "train-063-dmesg-xid119-gsp-rpc-timeout-xe9680", "gpu_hardware" },
	{ "train-065-metaseq-nccl-unhandled-cuda-error-version-2103", "cuda_error" },
};

/* Not asserted, because the excerpt lacks what decides it:
 *   nccl-009  only the survivor's "Broken pipe"; the remote segfault is not in it
 *   nccl-055  the connect retries are INFO lines; the final error was cut
 *   train-005, train-049  the watchdog lines themselves were cut
 *   train-017  interleaved tracebacks; the loss-scale exception line was cut
 *   train-035  the launcher's rich traceback only; the ECC message was cut
 *   train-037, train-055  OOM named only in the thread title
 *   train-011, -047, -051  SIGKILL without OOM evidence: ambiguous by contract */

ParameterizedTestParameters(excerpts, likely_cause)
{
	size_t n = sizeof(TABLE) / sizeof(TABLE[0]);
	struct excerpt *v = cr_malloc(sizeof(*v) * n);
	for (size_t i = 0; i < n; i++) {
		snprintf(v[i].file, sizeof(v[i].file), "%s", TABLE[i][0]);
		snprintf(v[i].cause, sizeof(v[i].cause), "%s", TABLE[i][1]);
	}
	return cr_make_param_array(struct excerpt, v, n);
}

ParameterizedTest(struct excerpt *x, excerpts, likely_cause, .timeout = 60)
{
	char log[4096];
	snprintf(log, sizeof(log), "%s/%s.log", EXCERPTS, x->file);
	struct stat sb;
	if (stat(log, &sb) != 0)
		cr_skip_test("shared/reference is not beside this checkout");
	struct fl_session t;
	fl_session_init(&t, x->file);
	json_t *r = fl_session_analyze(&t, log, "--no-keep", NULL);
	cr_expect_str_eq(fl_test_cause(r), x->cause, "%s", x->file);
	json_decref(r);
	fl_session_release(&t);
}

/* RAS lists the smaller side. Here that is the ranks ahead (NVIDIA/nccl
 * #1911): the hang point is the higher count, who is behind is unknown. */
Test(excerpts, ncclras_mismatch_names_the_ranks_ahead, .timeout = 60)
{
	char log[4096];
	snprintf(log, sizeof(log), "%s/nccl-023-ncclras-mismatch-allgather-opcount.log", EXCERPTS);
	char *text = fl_test_slurp(log, NULL);
	if (!text)
		cr_skip_test("shared/reference is not beside this checkout");
	json_t *r = fl_test_analyze("ras-ahead", text);
	free(text);
	json_t *h = fl_test_verdict(r, "hang");
	cr_expect_str_eq(json_string_value(fl_test_verdict(r, "status")),
			 "hung");
	cr_expect_str_eq(json_string_value(json_object_get(h, "collective")), "ALLGATHER");
	cr_expect_eq(json_integer_value(json_object_get(h, "seq")), 641);
	cr_expect_eq(json_array_size(json_object_get(h, "stuck_ranks")), 0);
	json_decref(r);
}

/* A single laggard, in the form NCCL 2.24+ prints for one outlier rank
 * (ras/client_support.cc): it is the rank that never arrived. */
Test(excerpts, ncclras_mismatch_names_the_rank_behind, .timeout = 60)
{
	json_t *r = fl_test_analyze("ras-behind",
				 "#0-0 (3c1f9a07d2e45b88) MISMATCH\n"
				 "  Communicator ranks have different AllReduce operation counts\n"
				 "  31 ranks have launched up to operation 1200\n"
				 "  Rank 17 has launched up to operation 1199 -- GPU 1 managed by "
				 "process 323041 on node 10.137.190.125\n");
	json_t *h = fl_test_verdict(r, "hang");
	cr_expect_str_eq(json_string_value(json_object_get(h, "collective")), "ALLREDUCE");
	cr_expect_eq(json_integer_value(json_object_get(h, "seq")), 1200);
	json_t *stuck = json_object_get(h, "stuck_ranks");
	cr_assert_eq(json_array_size(stuck), 1);
	cr_expect_eq(json_integer_value(json_array_get(stuck, 0)), 17);
	json_decref(r);
}
