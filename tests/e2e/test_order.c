/* SPDX-License-Identifier: MIT */
/*
 * test_order.c - which rank failed first when no failure line has a time:
 * the launcher's "Root Cause (first observed failure)" entry decides, not
 * the order the lines happen to stand in a combined log.
 */
#include <criterion/criterion.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fl_test.h"

/* A torchrun --tee combined log (torch 2.4 era, lines without stamps):
 * rank 1's ECC error is printed before rank 0's OOM and would win on
 * priority (hardware explains more), but torchrun's summary names rank 0
 * as the first observed failure. */
static const char LOG[] =
	"[default1]:[rank1]: Traceback (most recent call last):\n"
	"[default1]:[rank1]:   File \"/workspace/train.py\", line 212, in <module>\n"
	"[default1]:[rank1]:     loss.backward()\n"
	"[default1]:[rank1]: RuntimeError: CUDA error: uncorrectable ECC error encountered\n"
	"[default0]:[rank0]: Traceback (most recent call last):\n"
	"[default0]:[rank0]:   File \"/workspace/train.py\", line 207, in <module>\n"
	"[default0]:[rank0]:     out = model(batch)\n"
	"[default0]:[rank0]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. "
	"GPU 0 has a total capacity of 79.11 GiB of which 1.19 GiB is free. Including non-PyTorch "
	"memory, this process has 77.91 GiB memory in use. Of the allocated memory 74.20 GiB is "
	"allocated by PyTorch, and 2.12 GiB is reserved by PyTorch but unallocated. If reserved but "
	"unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to "
	"avoid fragmentation.  See documentation for Memory Management  "
	"(https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)\n"
	"torch.distributed.elastic.multiprocessing.errors.ChildFailedError: \n"
	"============================================================\n"
	"train.py FAILED\n"
	"------------------------------------------------------------\n"
	"Failures:\n"
	"[1]:\n"
	"  time      : 2024-09-12_08:14:41\n"
	"  host      : node1\n"
	"  rank      : 1 (local_rank: 1)\n"
	"  exitcode  : 1 (pid: 48213)\n"
	"  error_file: <N/A>\n"
	"  traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html\n"
	"------------------------------------------------------------\n"
	"Root Cause (first observed failure):\n"
	"[0]:\n"
	"  time      : 2024-09-12_08:14:39\n"
	"  host      : node1\n"
	"  rank      : 0 (local_rank: 0)\n"
	"  exitcode  : 1 (pid: 48212)\n"
	"  error_file: <N/A>\n"
	"  traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html\n"
	"============================================================\n";

Test(order, launcher_root_cause_decides_without_times, .timeout = 60)
{
	json_t *r = fl_test_analyze_file("order", "train.log", LOG);
	json_t *first = fl_test_verdict(r, "first_failure");
	cr_expect_eq(json_integer_value(json_object_get(first, "rank")), 0);
	cr_expect_str_eq(fl_test_cause(r), "gpu_oom");
	json_decref(r);
}

/* The same summary after tracebacks that no prefix ties to a rank
 * (Accelerate under srun, Ankush610/Distributed-Training-Lab, dev half):
 * the failure is placed on the rank the launcher saw fail first. */
Test(order, launcher_root_cause_ranks_an_unranked_failure, .timeout = 60)
{
	static const char tb[] =
		"Traceback (most recent call last):\n"
		"  File \"/home/cdacapp01/.conda/envs/tutorial/lib/python3.11/site-packages/accelerate/accelerator.py\", line 384, in __init__\n"
		"    raise ValueError(f\"FSDP requires PyTorch >= {FSDP_PYTORCH_VERSION}\")\n"
		"ValueError: FSDP requires PyTorch >= 2.1.0.a0+32f93b1\n";
	const char *table = strstr(LOG, "torch.distributed.elastic.multiprocessing.errors.ChildFailedError");
	cr_assert(table);
	char text[8192];
	snprintf(text, sizeof(text), "%s%s", tb, table);
	json_t *r = fl_test_analyze_file("order_unranked", "train.log", text);
	json_t *rank = json_object_get(fl_test_verdict(r, "first_failure"), "rank");
	cr_expect(json_is_integer(rank) && json_integer_value(rank) == 0, "first failure on rank 0");
	cr_expect_str_eq(fl_test_cause(r), "config_error");
	json_decref(r);
}
