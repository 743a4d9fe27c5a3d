/* SPDX-License-Identifier: MIT */
/*
 * test_hca.c - a failed InfiniBand device names the ranks whose NCCL
 * channels go through it (src/analyze/hca.c, table hcas), and no rank
 * when the logs do not say which ranks use it: on small NCCL_DEBUG=INFO
 * logs written by the test, two hosts of two ranks, each rank on the HCA
 * of its own index (NCCL 2.21 forms: the NET/IB : Using list, channel
 * lines via NET/IB/<index>/GDRDMA, the async event thread's port error;
 * 2.22+ for a completion error that ends in "hca <device>").
 */
#include <criterion/criterion.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fl_test.h"

enum { HOSTS = 2, PER_HOST = 2, WORLD = HOSTS * PER_HOST };

struct job {
	bool lists;        /* each process prints its NET/IB : Using list */
	bool channels;     /* and its channel lines */
	const char *async; /* the device the port error names on gpu-h1, NULL: none */
	const char *hca;   /* the device rank 3's completion error names (2.22+), NULL: 2.21 form */
	bool rails;        /* the list in NCCL master's form, with rail and plane after the port */
};

/* Rank r = host * 2 + local sends to the same local rank of the other host
 * and receives from it, both through device <local>. */
static void process(FILE *fp, const struct job *j, int h, int l)
{
	int r = h * PER_HOST + l, peer = (1 - h) * PER_HOST + l, pid = 4100 + l;
	if (j->lists)
		fprintf(fp,
			"gpu-h%d:%d:%d [%d] NCCL INFO NET/IB : Using [0]mlx5_0:1%s/IB [1]mlx5_1:1%s/IB [RO]; "
			"OOB eth0:10.0.0.%d<0>\n",
			h, pid, pid + 88, l, j->rails ? ":0:0" : "", j->rails ? ":1:0" : "", 11 + h);
	if (j->channels) {
		fprintf(fp, "gpu-h%d:%d:%d [%d] NCCL INFO Channel 00/0 : %d[%d] -> %d[%d] via P2P/CUMEM/read\n",
			h, pid, pid + 88, l, r, l, h * PER_HOST + 1 - l, 1 - l);
		fprintf(fp,
			"gpu-h%d:%d:%d [%d] NCCL INFO Channel 01/0 : %d[%d] -> %d[%d] [send] via NET/IB/%d/GDRDMA\n",
			h, pid, pid + 88, l, r, l, peer, l, l);
		fprintf(fp,
			"gpu-h%d:%d:%d [%d] NCCL INFO Channel 01/0 : %d[%d] -> %d[%d] [receive] via NET/IB/%d/GDRDMA\n",
			h, pid, pid + 88, l, peer, l, r, l, l);
	}
	fprintf(fp,
		"gpu-h%d:%d:%d [%d] NCCL INFO ncclCommInitRank comm 0x55d0%04x rank %d nranks %d cudaDev %d "
		"nvmlDev %d busId %s commId 0x1111111111111111 - Init COMPLETE\n",
		h, pid, pid, l, (unsigned)r, r, WORLD, l, l, l ? "f000" : "7000");
}

static json_t *run_job(struct fl_session *t, const struct job *j, bool keep)
{
	char *dir = fl_session_path(t, "bundle");
	cr_assert_eq(mkdir(dir, 0755), 0);
	for (int h = 0; h < HOSTS; h++) {
		char path[4096];
		snprintf(path, sizeof(path), "%s/gpu-h%d.log", dir, h);
		FILE *fp = fopen(path, "w");
		cr_assert(fp);
		for (int l = 0; l < PER_HOST; l++)
			process(fp, j, h, l);
		if (h == 1) {
			for (int l = 0; j->async && l < PER_HOST; l++)
				fprintf(fp,
					"gpu-h1:%d:%d [%d] transport/net_ib.cc:101 NCCL WARN NET/IB : %s:1 Got "
					"async event : port error\n",
					4100 + l, 4130 + l, l, j->async);
			fprintf(fp,
				"gpu-h1:4101:4190 [1] transport/net_ib.cc:%s NCCL WARN NET/IB%s Got completion "
				"from peer 10.0.0.11<43211> with status=12 opcode=0 len=0 vendor err 129 (Send)%s%s\n",
				j->hca ? "2121" : "1696", j->hca ? ":" : " :", j->hca ? " hca " : "",
				j->hca ? j->hca : "");
		}
		fclose(fp);
	}
	json_t *r = fl_session_analyze(t, dir, keep ? NULL : "--no-keep", NULL);
	free(dir);
	return r;
}

static json_t *likely(json_t *r)
{
	json_t *k = fl_test_verdict(r, "likely_cause");
	cr_assert(k);
	cr_assert_str_eq(json_string_value(json_object_get(k, "id")), "network_error");
	return k;
}

/* "host device r1 r2 ..." of the cause's one failed HCA. */
static char *hca_text(json_t *k)
{
	json_t *hcas = json_object_get(k, "hcas");
	cr_assert(json_is_array(hcas) && json_array_size(hcas) == 1, "hcas: %s",
		  hcas ? json_dumps(hcas, 0) : "(none)");
	json_t *h = json_array_get(hcas, 0);
	char buf[256];
	int n = snprintf(buf, sizeof(buf), "%s %s", json_string_value(json_object_get(h, "host")),
			 json_string_value(json_object_get(h, "device")));
	size_t i;
	json_t *v;
	json_array_foreach(json_object_get(h, "ranks"), i, v)
		n += snprintf(buf + n, sizeof(buf) - (size_t)n, " %lld", (long long)json_integer_value(v));
	return strdup(buf);
}

Test(hca, port_error_names_the_ranks_on_that_device, .timeout = 60)
{
	struct fl_session t;
	fl_session_init(&t, "hca-port");
	json_t *r = run_job(&t, &(struct job){ true, true, "mlx5_1", NULL, false }, true);
	json_t *k = likely(r);
	char *h = hca_text(k);
	/* both processes of gpu-h1 print the port error; only rank 3 uses mlx5_1 */
	cr_expect_str_eq(h, "gpu-h1 mlx5_1 3");
	const char *e = json_string_value(json_object_get(k, "explanation"));
	cr_expect(strstr(e, "mlx5_1 on gpu-h1 carries the NCCL traffic of rank 3 ") != NULL, "%s", e);
	/* the channel line that shows it is evidence */
	bool quoted = false;
	size_t i;
	json_t *v;
	json_array_foreach(json_object_get(k, "evidence"), i, v)
		quoted |= strstr(json_string_value(json_object_get(v, "text")), "via NET/IB/1/GDRDMA") != NULL;
	cr_expect(quoted);
	/* the saved analysis gives it back */
	cr_assert_eq(fl_session_run(&t, "report", "last", "--db", t.db, "--format", "json", NULL), 0,
		     "%s", t.err);
	json_t *saved = json_loads(t.out, 0, NULL);
	cr_assert(saved);
	char *h2 = hca_text(likely(saved));
	cr_expect_str_eq(h2, h);
	free(h2);
	free(h);
	json_decref(saved);
	json_decref(r);
	fl_session_release(&t);
}

Test(hca, completion_error_hca_names_its_ranks, .timeout = 60)
{
	struct fl_session t;
	fl_session_init(&t, "hca-cqe");
	json_t *r = run_job(&t, &(struct job){ true, true, NULL, "mlx5_1", false }, false);
	char *h = hca_text(likely(r));
	cr_expect_str_eq(h, "gpu-h1 mlx5_1 3");
	free(h);
	json_decref(r);
	fl_session_release(&t);
}

/* The list with rails and planes (NCCL master: "[1]mlx5_1:1:1:0/IB") maps
 * the same, and counts the same devices per host for hca_count_mismatch
 * (layout.c reads the same lists): two on each host, no finding. */
Test(hca, rail_plane_list_maps_and_counts_alike, .timeout = 60)
{
	struct fl_session t;
	fl_session_init(&t, "hca-rails");
	json_t *r = run_job(&t, &(struct job){ true, true, "mlx5_0", NULL, true }, false);
	char *h = hca_text(likely(r));
	cr_expect_str_eq(h, "gpu-h1 mlx5_0 2");
	free(h);
	size_t i;
	json_t *f;
	json_array_foreach(json_object_get(r, "findings"), i, f)
		cr_expect_str_neq(json_string_value(json_object_get(f, "id")), "hca_count_mismatch");
	json_decref(r);
	fl_session_release(&t);
}

/* A device no channel line goes through, channel lines without the
 * process's device list, no channel lines at all, a failure that names no
 * device: no ranks are named. */
Test(hca, no_ranks_without_the_mapping, .timeout = 60)
{
	const struct job jobs[] = {
		{ true, true, "mlx5_3", NULL, false },
		{ false, true, "mlx5_1", NULL, false },
		{ true, false, "mlx5_1", NULL, false },
		{ true, true, NULL, NULL, false },
	};
	for (size_t i = 0; i < sizeof(jobs) / sizeof(jobs[0]); i++) {
		struct fl_session t;
		char name[32];
		snprintf(name, sizeof(name), "hca-none-%zu", i);
		fl_session_init(&t, name);
		json_t *r = run_job(&t, &jobs[i], false);
		json_t *k = likely(r);
		cr_expect(!json_object_get(k, "hcas"), "case %zu: %s", i,
			  json_dumps(json_object_get(k, "hcas"), 0));
		const char *e = json_string_value(json_object_get(k, "explanation"));
		cr_expect(!strstr(e, "carries the NCCL traffic"), "case %zu: %s", i, e);
		json_decref(r);
		fl_session_release(&t);
	}
}

/* The NCCL aggregates are written as each file ends (src/pipeline/nccl.c).
 * A process whose log goes on in a second file (a rotated log: the
 * channels of a second communicator, then COLL traces) keeps one row per
 * transport, device and op, the counts of both files summed, the device
 * found from the first file's Using list, and its last opCount. */
Test(hca, a_process_over_two_files_keeps_one_row_each, .timeout = 60)
{
	struct fl_session t;
	fl_session_init(&t, "hca-two-files");
	char *dir = fl_session_path(&t, "bundle");
	cr_assert_eq(mkdir(dir, 0755), 0);
	static const char *const part[2] = {
		"gpu-h0:4100:4188 [0] NCCL INFO NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_1:1/IB [RO]; "
		"OOB eth0:10.0.0.11<0>\n"
		"gpu-h0:4100:4188 [0] NCCL INFO Channel 00/0 : 0[0] -> 2[0] [send] via NET/IB/1/GDRDMA\n"
		"gpu-h0:4100:4188 [0] NCCL INFO Channel 01/0 : 0[0] -> 2[0] [send] via NET/IB/1/GDRDMA\n"
		"gpu-h0:4100:4188 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/CUMEM/read\n"
		"gpu-h0:4100:4100 [0] NCCL INFO AllReduce: opCount 1a sendbuff 0x7f0 recvbuff 0x7f0 "
		"count 1024 datatype 7 op 0 root 0 comm 0x55d0 [nranks=4] stream 0x5d\n",
		"gpu-h0:4100:4190 [0] NCCL INFO Channel 02/0 : 0[0] -> 2[0] [send] via NET/IB/1/GDRDMA\n"
		"gpu-h0:4100:4100 [0] NCCL INFO AllReduce: opCount 2b sendbuff 0x7f0 recvbuff 0x7f0 "
		"count 1024 datatype 7 op 0 root 0 comm 0x55d0 [nranks=4] stream 0x5d\n"
		"gpu-h0:4100:4100 [0] NCCL INFO AllReduce: opCount 2c sendbuff 0x7f0 recvbuff 0x7f0 "
		"count 1024 datatype 7 op 0 root 0 comm 0x55d0 [nranks=4] stream 0x5d\n",
	};
	for (int i = 0; i < 2; i++) {
		char path[4096];
		snprintf(path, sizeof(path), "%s/rank0.log%s", dir, i ? ".1" : "");
		cr_assert(fl_test_write(path, part[i], strlen(part[i])));
	}
	fl_session_ingest(&t, dir, NULL);
	const char *const q[] = {
		"sql",
		"SELECT 't' AS k, transport AS a, gdr AS b, channels AS n FROM transports UNION ALL"
		" SELECT 'h', device, net_dev, channels FROM hcas UNION ALL"
		" SELECT 'c', op, printf('%x', last_opcount), calls FROM colls ORDER BY 1, 2",
		NULL
	};
	json_t *rows = fl_session_json(&t, q);
	char *got = json_dumps(rows, JSON_COMPACT);
	cr_expect_str_eq(got, "[{\"k\":\"c\",\"a\":\"AllReduce\",\"b\":\"2c\",\"n\":3},"
			      "{\"k\":\"h\",\"a\":\"mlx5_1\",\"b\":1,\"n\":3},"
			      "{\"k\":\"t\",\"a\":\"NET/IB\",\"b\":1,\"n\":3},"
			      "{\"k\":\"t\",\"a\":\"P2P/CUMEM\",\"b\":0,\"n\":1}]");
	free(got);
	json_decref(rows);
	free(dir);
	fl_session_release(&t);
}
