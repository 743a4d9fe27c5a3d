/* SPDX-License-Identifier: MIT */
/*
 * hca.c - a failed InfiniBand device and the ranks whose traffic goes
 * through it.
 *
 * An IB failure line often names the local device: the async event
 * thread's "NET/IB : mlx5_1:1 Got async event : port error" or "async
 * fatal event", the completion error's "... hca mlx5_1" (2.22+). That
 * ties the failure to a host, and at most to the one rank that printed
 * it; the ranks whose channels use the device are the ones it cut off.
 * NCCL says which those are: each process lists its devices by index
 * ("NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_1:1/IB"), and each channel line
 * names the index it goes through ("via NET/IB/1/GDRDMA"); the pipeline
 * folds the two into table hcas (docs/SCHEMA.md). Here the devices the
 * network_error cause's events name are looked up there, host by host, in
 * one read of the table; a device no channel line maps to a rank names
 * no rank.
 * Tested by: tests/e2e (scenario 57), tests/e2e/test_layout.c
 */
#include "analyze_int.h"

#include <stdlib.h>
#include <string.h>

/* Failed devices named, and ranks shown, at most. */
enum { HCA_MAX = 8, HCA_RANKS_SHOWN = 16 };

struct failed {
	const char *host;
	char *device;
	int64_t *ranks;
	size_t nranks, cap;
	char *file, *sample; /* the first channel line through it */
	int64_t line, rank;
};

void cause_hcas_release(struct fl_cause *k)
{
	for (size_t i = 0; i < k->nhcas; i++) {
		free(k->hcas[i].host);
		free(k->hcas[i].device);
		free(k->hcas[i].ranks);
	}
	free(k->hcas);
	k->hcas = NULL;
	k->nhcas = 0;
}

/* "mlx5_1" of "mlx5_1" or "mlx5_1:1": the device without its port. */
static bool failed_device(const struct ev *e, struct fl_buf *dev)
{
	if (!ev_field(e, "ib_dev", dev) && !ev_field(e, "hca", dev))
		return false;
	dev->len = strcspn(dev->ptr, ":");
	dev->ptr[dev->len] = '\0';
	return dev->len > 0;
}

/* The devices the cause's own events name, each host and device once, in
 * the events' order. */
static size_t collect_failed(struct ctx *c, struct failed *f)
{
	struct fl_buf dev = FL_BUF_INIT;
	size_t n = 0;
	for (size_t i = 0; i < c->nev && n < HCA_MAX; i++) {
		const struct ev *e = &c->ev[i];
		if (!e->cause || strcmp(e->cause, "network_error") != 0 ||
		    e->role == ROLE_SECONDARY || !e->host || !failed_device(e, &dev))
			continue;
		bool seen = false;
		for (size_t k = 0; k < n && !seen; k++)
			seen = !strcmp(f[k].host, e->host) && !strcmp(f[k].device, dev.ptr);
		if (seen)
			continue;
		memset(&f[n], 0, sizeof(f[n]));
		f[n].host = e->host;
		f[n].device = fl_xstrdup(dev.ptr);
		f[n].rank = -1;
		n++;
	}
	fl_buf_release(&dev);
	return n;
}

/* One read of the table: each row whose host and device failed adds its
 * rank (rows come in host, device, rank order). */
static int read_ranks(struct ctx *c, struct failed *f, size_t n)
{
	struct fl_stmt *st;
	int rc = q_open(c, Q_HCA_RANKS, &st);
	if (rc)
		return rc;
	while ((rc = q_step(c, Q_HCA_RANKS, st)) == 1) {
		const char *host = fl_stmt_text(st, 0), *device = fl_stmt_text(st, 1);
		int64_t rank = fl_stmt_int(st, 2);
		for (size_t k = 0; k < n; k++) {
			struct failed *x = &f[k];
			if (strcmp(x->host, host) != 0 || strcmp(x->device, device) != 0)
				continue;
			if (x->nranks && x->ranks[x->nranks - 1] == rank)
				break;
			FL_GROW(x->ranks, x->cap, x->nranks + 1);
			x->ranks[x->nranks++] = rank;
			if (!x->sample && !fl_stmt_null(st, 3)) {
				x->file = fl_xstrdup(fl_stmt_text(st, 3));
				x->line = fl_stmt_int(st, 4);
				x->rank = rank;
				x->sample = dup_or_null(st, 5);
			}
			break;
		}
	}
	fl_stmt_free(st);
	return rc < 0 ? rc : FL_OK;
}

/* "; mlx5_1 on gpu-b carries the NCCL traffic of ranks 10, 11". */
static void explain(struct fl_buf *b, const struct failed *x)
{
	fl_buf_printf(b, "; %s on %s carries the NCCL traffic of rank%s ", x->device, x->host,
		      x->nranks > 1 ? "s" : "");
	for (size_t i = 0; i < x->nranks && i < HCA_RANKS_SHOWN; i++)
		fl_buf_printf(b, "%s%lld", i ? ", " : "", (long long)x->ranks[i]);
	if (x->nranks > HCA_RANKS_SHOWN)
		fl_buf_printf(b, ", ... (%zu ranks)", x->nranks);
	fl_buf_adds(b, " (NCCL's NET/IB channel lines)");
}

static void attach(struct fl_cause *k, const struct failed *f, size_t n)
{
	struct fl_buf b = FL_BUF_INIT;
	fl_buf_adds(&b, k->explanation ? k->explanation : "");
	for (size_t i = 0; i < n; i++) {
		const struct failed *x = &f[i];
		if (!x->nranks)
			continue;
		k->hcas = fl_xrealloc(k->hcas, (k->nhcas + 1) * sizeof(*k->hcas));
		struct fl_cause_hca *h = &k->hcas[k->nhcas++];
		h->host = fl_xstrdup(x->host);
		h->device = fl_xstrdup(x->device);
		h->ranks = fl_xmalloc(x->nranks * sizeof(*h->ranks));
		memcpy(h->ranks, x->ranks, x->nranks * sizeof(*h->ranks));
		h->nranks = x->nranks;
		explain(&b, x);
		if (x->sample)
			evidence_add_raw(&k->evidence, x->file, x->line, x->rank, x->host,
					 FL_TIME_NONE, x->sample);
	}
	free(k->explanation);
	k->explanation = fl_buf_detach(&b);
	fl_buf_release(&b);
}

int hca_ranks(struct ctx *c)
{
	struct fl_analysis *a = c->a;
	bool any = a->likely.id && !strcmp(a->likely.id, "network_error");
	for (size_t i = 0; i < a->nothers && !any; i++)
		any = !strcmp(a->others[i].id, "network_error");
	if (!any)
		return FL_OK;
	struct failed f[HCA_MAX];
	size_t n = collect_failed(c, f);
	int rc = n ? read_ranks(c, f, n) : FL_OK;
	if (!rc) {
		if (a->likely.id && !strcmp(a->likely.id, "network_error"))
			attach(&a->likely, f, n);
		for (size_t i = 0; i < a->nothers; i++)
			if (!strcmp(a->others[i].id, "network_error"))
				attach(&a->others[i], f, n);
	}
	for (size_t i = 0; i < n; i++) {
		free(f[i].device);
		free(f[i].ranks);
		free(f[i].file);
		free(f[i].sample);
	}
	return rc;
}
