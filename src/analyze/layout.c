/* SPDX-License-Identifier: MIT */
/*
 * layout.c - what NCCL's set-up lines say of the job's network layout,
 * host by host: GPUDirect RDMA used on some hosts and not on others
 * (gdrdma_missing), hosts listing different numbers of IB devices
 * (hca_count_mismatch).
 *
 * Both compare hosts with each other rather than with a rule of thumb:
 * a job whose hosts all lack GDRDMA, or all list two HCAs, may be built
 * that way; one host unlike the others has a missing kernel module, a
 * dead port or a wrong NCCL_IB_HCA. Each is one grouped query over the
 * run's transports or events. docs/CAUSES.md, "Findings".
 * Tested by: tests/e2e (scenarios 38, 39)
 */
#include "analyze_int.h"

#include <stdlib.h>
#include <string.h>

/* Hosts whose NET/IB channels never use GDRDMA while other hosts' do. */
static int gdrdma_missing(struct ctx *c)
{
	struct fl_stmt *st;
	int rc = q_open(c, Q_GDR_MISSING, &st);
	if (rc)
		return rc;
	struct fl_buf hosts = FL_BUF_INIT;
	struct fl_evidence_list ev = { 0 };
	size_t n = 0;
	while ((rc = q_step(c, Q_GDR_MISSING, st)) == 1) {
		const char *host = fl_stmt_text(st, 3);
		if (n < 4)
			fl_buf_printf(&hosts, "%s%s", n ? ", " : "", host);
		if (n < 4)
			evidence_add_raw(&ev, fl_stmt_text(st, 0), fl_stmt_int(st, 1), col_int(st, 2, -1),
					 host, FL_TIME_NONE, fl_stmt_text(st, 5));
		n++;
	}
	fl_stmt_free(st);
	if (rc >= 0 && n) {
		finding_add(c->a, "gdrdma_missing", "warning",
			    fl_xasprintf("NCCL's InfiniBand channels on host%s %s%s do not use GPUDirect "
					 "RDMA (no GDRDMA), while other hosts' do: traffic is staged "
					 "through host memory there",
					 n > 1 ? "s" : "", hosts.ptr, n > 4 ? ", ..." : ""));
		c->a->findings[c->a->nfindings - 1].evidence = ev;
	} else {
		evidence_release(&ev);
	}
	fl_buf_release(&hosts);
	return rc < 0 ? rc : FL_OK;
}

struct hca_host {
	int64_t n;
	char *host, *file, *text;
	int64_t line, rank, ts;
};

static int cmp_n(const void *x, const void *y)
{
	int64_t a = ((const struct hca_host *)x)->n, b = ((const struct hca_host *)y)->n;
	return (a > b) - (a < b);
}

/* The count most hosts list (the median host's, when they disagree). */
static int64_t usual_count(struct hca_host *h, size_t n)
{
	struct hca_host *tmp = fl_xmalloc(n * sizeof(*tmp));
	memcpy(tmp, h, n * sizeof(*tmp));
	qsort(tmp, n, sizeof(*tmp), cmp_n);
	int64_t best = tmp[n / 2].n;
	size_t run = 0, best_run = 0;
	for (size_t i = 0; i < n; i++) {
		run = i && tmp[i].n == tmp[i - 1].n ? run + 1 : 1;
		if (run > best_run) {
			best_run = run;
			best = tmp[i].n;
		}
	}
	free(tmp);
	return best;
}

static void hca_report(struct ctx *c, struct hca_host *h, size_t n)
{
	int64_t usual = usual_count(h, n);
	struct fl_buf m = FL_BUF_INIT;
	struct fl_evidence_list ev = { 0 };
	size_t odd = 0;
	for (size_t i = 0; i < n; i++) {
		if (h[i].n == usual)
			continue;
		if (odd < 4) {
			fl_buf_printf(&m, "%s%s lists %lld", odd ? ", " : "", h[i].host,
				      (long long)h[i].n);
			evidence_add_raw(&ev, h[i].file, h[i].line, h[i].rank, h[i].host,
					 clock_correct(c, h[i].host, h[i].ts), h[i].text);
		}
		odd++;
	}
	if (!odd) {
		fl_buf_release(&m);
		return;
	}
	finding_add(c->a, "hca_count_mismatch", "warning",
		    fl_xasprintf("hosts list different numbers of InfiniBand devices (NET/IB : Using "
				 "...): %s%s, where the other hosts list %lld",
				 m.ptr, odd > 4 ? ", ..." : "", (long long)usual));
	c->a->findings[c->a->nfindings - 1].evidence = ev;
	fl_buf_release(&m);
}

static int hca_count_mismatch(struct ctx *c)
{
	struct fl_stmt *st;
	int rc = q_open(c, Q_HCA_COUNTS, &st);
	if (rc)
		return rc;
	struct hca_host *h = NULL;
	size_t n = 0, cap = 0;
	while ((rc = q_step(c, Q_HCA_COUNTS, st)) == 1) {
		FL_GROW(h, cap, n + 1);
		h[n].host = fl_xstrdup(fl_stmt_text(st, 0));
		h[n].n = fl_stmt_int(st, 1);
		h[n].file = fl_xstrdup(fl_stmt_text(st, 2));
		h[n].line = fl_stmt_int(st, 3);
		h[n].rank = col_int(st, 4, -1);
		h[n].ts = col_int(st, 5, FL_TIME_NONE);
		h[n].text = fl_xstrdup(fl_stmt_text(st, 6));
		n++;
	}
	fl_stmt_free(st);
	if (rc >= 0 && n >= 2)
		hca_report(c, h, n);
	for (size_t i = 0; i < n; i++) {
		free(h[i].host);
		free(h[i].file);
		free(h[i].text);
	}
	free(h);
	return rc < 0 ? rc : FL_OK;
}

int layout_collect(struct ctx *c)
{
	int rc = gdrdma_missing(c);
	return rc ? rc : hca_count_mismatch(c);
}
