/* SPDX-License-Identifier: MIT */
/*
 * test_layout.c - NCCL communicators and the parallel groups inferred
 * from their members (src/analyze/layout.c, `faultline comms`), on small
 * NCCL_DEBUG=INFO logs written by the test: a tensor-parallel layout that
 * crosses hosts without any configuration line saying so, and its control
 * that stays inside each host.
 */
#include <criterion/criterion.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fl_test.h"

enum { HOSTS = 4, PER_HOST = 2, WORLD = HOSTS * PER_HOST };

static const char *const BUS[PER_HOST] = { "7000", "f000" };

/* One rank's Init COMPLETE line (NCCL 2.21 form) of a communicator. */
static void complete(FILE *fp, int host, int local, const char *comm_id, int comm_rank, int nranks)
{
	fprintf(fp,
		"gpu-h%d:%d:%d [%d] NCCL INFO ncclCommInitRank comm 0x55d0%04x%02x rank %d nranks %d "
		"cudaDev %d nvmlDev %d busId %s commId %s - Init COMPLETE\n",
		host, 4100 + local, 4100 + local, local, (unsigned)nranks, (unsigned)local, comm_rank,
		nranks, local, local, BUS[local], comm_id);
}

/* Per host a log with the world communicator, then groups of `tp`
 * consecutive ranks (commId 0x7...<group>) and groups of the ranks `tp`
 * apart (commId 0xd...<group>). */
static char *write_job(struct fl_session *t, int tp)
{
	char *dir = fl_session_path(t, "bundle");
	cr_assert_eq(mkdir(dir, 0755), 0);
	for (int h = 0; h < HOSTS; h++) {
		char path[4096];
		snprintf(path, sizeof(path), "%s/gpu-h%d.log", dir, h);
		FILE *fp = fopen(path, "w");
		cr_assert(fp);
		for (int l = 0; l < PER_HOST; l++) {
			int r = h * PER_HOST + l;
			char id[32];
			complete(fp, h, l, "0x1111111111111111", r, WORLD);
			snprintf(id, sizeof(id), "0x70000000000000%02d", r / tp);
			complete(fp, h, l, id, r % tp, tp);
			snprintf(id, sizeof(id), "0xd0000000000000%02d", r % tp);
			complete(fp, h, l, id, r / tp, WORLD / tp);
		}
		fclose(fp);
	}
	return dir;
}

static bool has_finding(json_t *r, const char *id)
{
	size_t i;
	json_t *f;
	json_array_foreach(json_object_get(r, "findings"), i, f)
		if (!strcmp(json_string_value(json_object_get(f, "id")), id))
			return true;
	return false;
}

/* `faultline comms last`'s rows as JSON. */
static json_t *comms(struct fl_session *t)
{
	cr_assert_eq(fl_session_run(t, "comms", "last", "--db", t->db, "--format", "json", NULL), 0,
		     "%s", t->err);
	json_t *j = json_loads(t->out, 0, NULL);
	cr_assert(json_is_array(j), "comms: no JSON rows: %s", t->out);
	return j;
}

static size_t count_group(json_t *rows, const char *group, const char *crosses)
{
	size_t i, n = 0;
	json_t *row;
	json_array_foreach(rows, i, row) {
		const char *g = json_string_value(json_object_get(row, "group_inferred"));
		const char *x = json_string_value(json_object_get(row, "crosses_hosts"));
		n += g && !strcmp(g, group) && (!crosses || !strcmp(x, crosses));
	}
	return n;
}

Test(layout, tp_groups_that_span_hosts_are_found_from_membership, .timeout = 60)
{
	struct fl_session t;
	fl_session_init(&t, "layout-cross");
	char *dir = write_job(&t, 4); /* 4 consecutive ranks on 2-GPU hosts */
	json_t *r = fl_session_analyze(&t, dir, "--no-keep", NULL);
	cr_expect(has_finding(r, "tp_crosses_nodes"));
	json_t *rows = comms(&t);
	cr_expect_eq(json_array_size(rows), 1 + WORLD / 4 + 4);
	cr_expect_eq(count_group(rows, "world", NULL), 1);
	cr_expect_eq(count_group(rows, "tp", "yes"), WORLD / 4);
	cr_expect_eq(count_group(rows, "dp", NULL), 4);
	json_decref(rows);
	json_decref(r);
	free(dir);
	fl_session_release(&t);
}

Test(layout, tp_groups_inside_hosts_are_not_a_finding, .timeout = 60)
{
	struct fl_session t;
	fl_session_init(&t, "layout-inside");
	char *dir = write_job(&t, 2); /* 2 consecutive ranks: one host each */
	json_t *r = fl_session_analyze(&t, dir, "--no-keep", NULL);
	cr_expect(!has_finding(r, "tp_crosses_nodes"));
	json_t *rows = comms(&t);
	cr_expect_eq(count_group(rows, "tp", "no"), WORLD / 2);
	cr_expect_eq(count_group(rows, "tp", "yes"), 0);
	json_decref(rows);
	json_decref(r);
	free(dir);
	fl_session_release(&t);
}

/* The message of finding id in report r, or NULL. */
static const char *finding_message(json_t *r, const char *id)
{
	size_t i;
	json_t *f;
	json_array_foreach(json_object_get(r, "findings"), i, f)
		if (!strcmp(json_string_value(json_object_get(f, "id")), id))
			return json_string_value(json_object_get(f, "message"));
	return NULL;
}

Test(layout, socket_fallback_names_the_interface_and_hosts, .timeout = 60)
{
	struct fl_session t;
	fl_session_init(&t, "layout-socket");
	json_t *r = fl_session_analyze(&t, FL_TESTDATA_DIR "/scenarios/13-slow-transport/bundle",
				       "--no-keep", NULL);
	const char *m = finding_message(r, "socket_fallback");
	cr_assert(m);
	cr_expect(strstr(m, "NET/Socket on eth0") != NULL, "%s", m);
	cr_expect(strstr(m, "hosts node-1, node-2") != NULL, "%s", m);
	json_decref(r);
	fl_session_release(&t);
}

/* NCCL found no IB device and named sockets, with no channel lines: the
 * fallback is found, but as the weaker cause while nothing shows nodes. */
Test(layout, socket_fallback_from_no_ib_without_channel_lines, .timeout = 60)
{
	struct fl_session t;
	fl_session_init(&t, "layout-no-ib");
	json_t *r = fl_session_analyze(
		&t, FL_TESTDATA_DIR "/real/dev/nccl-451-docker-ib-unopened-socket-extremely-slow.log",
		"--no-keep", NULL);
	const char *m = finding_message(r, "socket_fallback");
	cr_assert(m);
	cr_expect(strstr(m, "NET/Socket on bond0") != NULL, "%s", m);
	cr_expect(strstr(m, "do not show whether the job spans nodes") != NULL, "%s", m);
	json_t *lc = fl_test_verdict(r, "likely_cause");
	cr_expect_str_eq(json_string_value(json_object_get(lc, "id")), "slow_transport");
	cr_expect_str_eq(json_string_value(json_object_get(lc, "confidence")), "low");
	json_decref(r);
	fl_session_release(&t);
}

/* The same no-IB lines on one node are not a fallback: sockets carry no
 * traffic there. tail is what shows the single node. */
static json_t *one_node_no_ib(struct fl_session *t, const char *tail)
{
	char *path;
	FILE *fp = fl_session_create(t, "one-node.log", &path);
	for (int r = 0; r < 2; r++)
		fprintf(fp,
			"gpu-node-07:4821%d:4821%d [%d] NCCL INFO NET/IB : No device found.\n"
			"gpu-node-07:4821%d:4821%d [%d] NCCL INFO NET/Socket : Using [0]eth0:10.12.4.17<0>\n"
			"gpu-node-07:4821%d:4821%d [%d] NCCL INFO Using network Socket\n",
			r, r, r, r, r, r, r, r, r);
	fputs(tail, fp);
	fclose(fp);
	json_t *rep = fl_session_analyze(t, path, "--no-keep", NULL);
	free(path);
	return rep;
}

Test(layout, no_ib_on_one_node_is_not_a_socket_fallback, .timeout = 60)
{
	struct fl_session a, b, c;
	fl_session_init(&a, "no-ib-p2p");
	json_t *r = one_node_no_ib(&a, "gpu-node-07:48210:48401 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/IPC/read\n"
				       "gpu-node-07:48211:48402 [1] NCCL INFO Channel 00/0 : 1[1] -> 0[0] via P2P/IPC/read\n");
	cr_expect(!finding_message(r, "socket_fallback"));
	json_decref(r);
	fl_session_init(&b, "no-ib-nnodes1");
	r = one_node_no_ib(&b, "gpu-node-07:48210:48401 [0] NCCL INFO comm 0x5612f3a0c8d0 rank 0 nRanks 2 nNodes 1 localRanks 2 localRank 0 MNNVL 0\n");
	cr_expect(!finding_message(r, "socket_fallback"));
	json_decref(r);
	/* every rank of the stated world (nranks 4) on the one host: NCCL 2.3
	 * without a verbs library, its sockets carry nothing between nodes */
	struct fl_session d;
	fl_session_init(&d, "no-ib-all-ranks-one-host");
	r = fl_session_analyze(
		&d,
		FL_TESTDATA_DIR "/real/dev/maskrcnn-benchmark-628-two-machines-slower-nccl237-socket.log",
		"--no-keep", NULL);
	cr_expect(!finding_message(r, "socket_fallback"));
	json_decref(r);
	fl_session_release(&d);
	/* two nodes named: the fallback, and no doubt about nodes */
	fl_session_init(&c, "no-ib-nnodes2");
	r = one_node_no_ib(&c, "gpu-node-07:48210:48401 [0] NCCL INFO comm 0x5612f3a0c8d0 rank 0 nRanks 16 nNodes 2 localRanks 8 localRank 0 MNNVL 0\n");
	const char *m = finding_message(r, "socket_fallback");
	cr_assert(m);
	cr_expect(strstr(m, "2 nodes") != NULL && !strstr(m, "do not show"), "%s", m);
	json_decref(r);
	fl_session_release(&a);
	fl_session_release(&b);
	fl_session_release(&c);
}

/* Two hosts whose rank prints NCCL's version line v0, v1 (NULL: prints
 * none, as a node does before NCCL 2.22 when its rank is not rank 0). */
static json_t *versions_job(struct fl_session *t, const char *v0, const char *v1)
{
	char *dir = fl_session_path(t, "bundle");
	cr_assert_eq(mkdir(dir, 0755), 0);
	for (int h = 0; h < 2; h++) {
		char path[4096];
		snprintf(path, sizeof(path), "%s/gpu-h%d.log", dir, h);
		FILE *fp = fopen(path, "w");
		cr_assert(fp);
		const char *v = h ? v1 : v0;
		if (v)
			fprintf(fp, "gpu-h%d:4100:4100 [0] NCCL INFO NCCL version %s+cuda12.1\n", h, v);
		complete(fp, h, 0, "0x1111111111111111", h, 2);
		fclose(fp);
	}
	json_t *r = fl_session_analyze(t, dir, "--no-keep", NULL);
	free(dir);
	return r;
}

Test(layout, nccl_version_mismatch_needs_two_versions_not_every_node, .timeout = 60)
{
	struct fl_session a, b, c;
	fl_session_init(&a, "versions-one-prints");
	json_t *r = versions_job(&a, "2.18.1", NULL); /* only one node printed it */
	cr_expect(!finding_message(r, "nccl_version_mismatch"));
	json_decref(r);
	fl_session_release(&a);
	fl_session_init(&b, "versions-same");
	r = versions_job(&b, "2.18.1", "2.18.1");
	cr_expect(!finding_message(r, "nccl_version_mismatch"));
	json_decref(r);
	fl_session_release(&b);
	fl_session_init(&c, "versions-differ");
	r = versions_job(&c, "2.18.1", "2.19.3");
	cr_expect(finding_message(r, "nccl_version_mismatch") != NULL);
	json_decref(r);
	fl_session_release(&c);
}

/* Three hosts, one rank each (NCCL 2.21 lines): host h lists hcas[h] IB
 * devices and sends to the next host's rank over NET/IB, with GPUDirect
 * RDMA where gdr[h]. */
static json_t *ib_job(struct fl_session *t, const bool gdr[3], const int hcas[3])
{
	char *dir = fl_session_path(t, "bundle");
	cr_assert_eq(mkdir(dir, 0755), 0);
	for (int h = 0; h < 3; h++) {
		char path[4096];
		snprintf(path, sizeof(path), "%s/gpu-h%d.log", dir, h);
		FILE *fp = fopen(path, "w");
		cr_assert(fp);
		fprintf(fp, "gpu-h%d:4100:4188 [0] NCCL INFO NET/IB : Using", h);
		for (int d = 0; d < hcas[h]; d++)
			fprintf(fp, " [%d]mlx5_%d:1/IB", d, d);
		fprintf(fp, " [RO]; OOB eth0:10.0.0.%d<0>\n", 11 + h);
		for (int ch = 0; ch < 2; ch++)
			fprintf(fp,
				"gpu-h%d:4100:4188 [0] NCCL INFO Channel %02d/0 : %d[0] -> %d[0] [send] via "
				"NET/IB/0%s\n",
				h, ch, h, (h + 1) % 3, gdr[h] ? "/GDRDMA" : "");
		complete(fp, h, 0, "0x1111111111111111", h, 3);
		fclose(fp);
	}
	json_t *r = fl_session_analyze(t, dir, "--no-keep", NULL);
	free(dir);
	return r;
}

Test(layout, gdrdma_missing_only_where_other_hosts_use_it, .timeout = 60)
{
	const int hcas[3] = { 4, 4, 4 };
	struct fl_session a, b, c;
	fl_session_init(&a, "gdr-all");
	json_t *r = ib_job(&a, (const bool[3]){ true, true, true }, hcas);
	cr_expect(!finding_message(r, "gdrdma_missing"));
	cr_expect(!finding_message(r, "hca_count_mismatch"));
	json_decref(r);
	fl_session_release(&a);
	/* no host uses it (GDR off job-wide, or a topology without it): not
	 * expected anywhere, so not missing */
	fl_session_init(&b, "gdr-none");
	r = ib_job(&b, (const bool[3]){ false, false, false }, hcas);
	cr_expect(!finding_message(r, "gdrdma_missing"));
	json_decref(r);
	fl_session_release(&b);
	fl_session_init(&c, "gdr-one-host");
	r = ib_job(&c, (const bool[3]){ true, false, true }, hcas);
	const char *m = finding_message(r, "gdrdma_missing");
	cr_assert(m);
	cr_expect(strstr(m, "host gpu-h1 do not use") != NULL, "%s", m);
	json_decref(r);
	fl_session_release(&c);
}

Test(layout, hca_count_mismatch_names_the_odd_host, .timeout = 60)
{
	const bool gdr[3] = { true, true, true };
	struct fl_session a;
	fl_session_init(&a, "hca-odd");
	json_t *r = ib_job(&a, gdr, (const int[3]){ 8, 8, 7 });
	const char *m = finding_message(r, "hca_count_mismatch");
	cr_assert(m);
	cr_expect(strstr(m, "gpu-h2 lists 7, where the other hosts list 8") != NULL, "%s", m);
	cr_expect(!finding_message(r, "gdrdma_missing"));
	json_decref(r);
	fl_session_release(&a);
}
