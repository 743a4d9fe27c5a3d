/* SPDX-License-Identifier: MIT */
/*
 * test_order.c - which rank failed first when no failure line has a time:
 * the launcher's "Root Cause (first observed failure)" entry decides, not
 * the order the lines happen to stand in a combined log; and in a bundle
 * of per-process files, not the order its archive lists them in.
 */
#include <criterion/criterion.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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

/* ---- per-process files that no time orders ----
 * A bundle of the files srun --output=task-%t.out writes (srun --label
 * left on), packed as a tar in both orders of its members: the order an
 * archive lists its files in is how it was packed, not when its lines
 * were written, and the verdict must not follow it. */

struct member {
	const char *path;
	const char *text;
};

/* The report of the bundle of members[0..n), packed into a tar in the
 * order listed, or in the reverse (json_decref it). */
static json_t *analyze_packed(struct fl_session *t, const struct member *m, size_t n, int reverse)
{
	char *cmd = NULL, *p = fl_session_path(t, "job"), *more = NULL;
	mkdir(p, 0755);
	free(p);
	const char *tar = reverse ? "job-reversed.tar" : "job.tar";
	cr_assert(asprintf(&cmd, "cd '%s' && tar -cf %s", t->dir, tar) > 0);
	for (size_t i = 0; i < n; i++) {
		const struct member *e = &m[reverse ? n - 1 - i : i];
		cr_assert(asprintf(&p, "job/%s", e->path) > 0);
		char *path = fl_session_path(t, p);
		cr_assert(fl_test_write(path, e->text, strlen(e->text)));
		cr_assert(asprintf(&more, "%s '%s'", cmd, p) > 0);
		free(path);
		free(p);
		free(cmd);
		cmd = more;
	}
	cr_assert_eq(system(cmd), 0, "%s", cmd);
	free(cmd);
	p = fl_session_path(t, tar);
	json_t *r = fl_session_analyze(t, p, "--no-keep", NULL);
	free(p);
	return r;
}

static void expect_either_order(const char *name, const struct member *m, size_t n,
				const char *cause, int rank)
{
	struct fl_session t;
	fl_session_init(&t, name);
	for (int reverse = 0; reverse < 2; reverse++) {
		json_t *r = analyze_packed(&t, m, n, reverse);
		json_t *first = json_object_get(fl_test_verdict(r, "first_failure"), "rank");
		cr_expect_str_eq(fl_test_cause(r), cause, "%s, members %s", name,
				 reverse ? "reversed" : "as listed");
		cr_expect(json_is_integer(first) && json_integer_value(first) == rank,
			  "%s, members %s: first failure on rank %d", name,
			  reverse ? "reversed" : "as listed", rank);
		json_decref(r);
	}
	fl_session_release(&t);
}

/* NERSC's DDP test under Shifter (nersc-pytorch-testing, dev half): the
 * second node's ranks cannot reach the first's bootstrap, then srun
 * reports their tasks' segfaults. Neither line has a time; srun wrote
 * its line after the task's own. */
Test(order, a_workers_own_line_leads_srun_report_of_its_end, .timeout = 60)
{
	static const struct member m[] = {
		{ "slurm-1450334.out",
		  "+ srun -u -l shifter python test_ddp.py --gpu --backend nccl --init-method slurm --ranks-per-node 4\n"
		  "srun: error: cgpu14: task 4: Segmentation fault\n"
		  "srun: Terminating job step 1450334.1\n" },
		{ "task-4.out",
		  "4: Distributed init with master addr 128.55.144.51 port 29500\n"
		  "4: cgpu14:53622:53622 [0] NCCL INFO Bootstrap : Using ib0:192.168.184.85<0>\n"
		  "4: \n"
		  "4: cgpu14:53622:56536 [0] include/socket.h:406 NCCL WARN Connect to 192.168.184.61<42427> failed : No route to host\n"
		  "4: cgpu14:53622:56536 [0] NCCL INFO bootstrap.cc:354 -> 2\n" },
	};
	expect_either_order("order_srun_report", m, 2, "network_error", 4);
}

/* MLPerf's R-GAT on one node of eight H200s (training_results_v5_1, Dell,
 * dev half): rank 7's embedding thread runs out of GPU memory, its peers
 * time out ten minutes later, and the run script reports each task's
 * abort. The abort line has no stamp of its own; it inherits the watchdog
 * line's above it. Rank 7's file has no stamp at all. */
Test(order, a_stamp_inherited_by_an_end_report_does_not_lead, .timeout = 60)
{
	static const struct member m[] = {
		{ "task-2.out",
		  "2: [rank2]:[E1003 22:26:03.467156987 ProcessGroupNCCL.cpp:633] [Rank 2] Watchdog caught "
		  "collective operation timeout: WorkNCCL(SeqNum=92, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, "
		  "Timeout(ms)=600000) ran for 600000 milliseconds before timing out.\n"
		  "2: /workspace/gnn/run_and_time.sh: line 218: 47533 Aborted                 (core dumped) "
		  "${LOGGER:-} ${BINDCMD:-} ${COMMAND[@]}\n" },
		{ "task-7.out",
		  "7: Exception in thread Thread-33 (EmbedThread):\n"
		  "7: Traceback (most recent call last):\n"
		  "7:   File \"/workspace/gnn/common/helper.py\", line 65, in fp8_to_fp16\n"
		  "7:     x_fp16 = self.quantizer.create_tensor_from_data(x.to(self.device), fake_dtype=torch.float16, internal=True).dequantize(dtype=torch.float16)\n"
		  "7: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.16 GiB. GPU 7 has a total "
		  "capacity of 139.80 GiB of which 1.28 GiB is free. Including non-PyTorch memory, this process "
		  "has 138.51 GiB memory in use.\n" },
	};
	expect_either_order("order_inherited_stamp", m, 2, "gpu_oom", 7);
}
