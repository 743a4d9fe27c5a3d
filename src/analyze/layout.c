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

/* ---- communicators ---- */

/* The stride of an arithmetic run of ranks first, first+s, ...; 0 when
 * the members are not one (or fewer than two are known). */
static int64_t stride_of(int64_t members, int64_t first, int64_t last, int64_t sum)
{
	if (members < 2 || first < 0 || (last - first) % (members - 1))
		return 0;
	int64_t s = (last - first) / (members - 1);
	return s > 0 && sum == members * first + s * members * (members - 1) / 2 ? s : 0;
}

/* "NET/IB+GDRDMA P2P/CUMEM,P2P/CUMEM NET/IB": the members' sets, merged. */
static char *distinct_words(const char *s)
{
	if (!s)
		return NULL;
	struct fl_buf out = FL_BUF_INIT;
	while (*s) {
		size_t n = strcspn(s, " ,");
		bool seen = false;
		for (const char *p = out.ptr; p && *p && !seen;) {
			size_t k = strcspn(p, " ");
			seen = k == n && !memcmp(p, s, n);
			p += k + (p[k] == ' ');
		}
		if (n && !seen)
			fl_buf_printf(&out, "%s%.*s", out.len ? " " : "", (int)n, s);
		s += n + (s[n] != '\0');
	}
	return fl_buf_detach(&out);
}

/* The tensor-parallel size: the configured one, else the size of the
 * smallest full consecutive communicators that partition the world. */
static int64_t tp_size(const struct fl_comm *v, size_t n, int64_t configured)
{
	if (configured > 1)
		return configured;
	int64_t world = n ? v[0].nranks : 0, best = 0;
	for (size_t i = 0; i < n; i++) {
		const struct fl_comm *k = &v[i];
		if (k->stride != 1 || k->members != k->nranks || k->nranks >= world || k->nranks < 2)
			continue;
		int64_t same = 0;
		for (size_t j = 0; j < n; j++)
			same += v[j].stride == 1 && v[j].nranks == k->nranks && v[j].members == k->nranks;
		if (same * k->nranks == world && (!best || k->nranks < best))
			best = k->nranks;
	}
	return best;
}

static void infer_groups(struct fl_comm *v, size_t n, int64_t configured_tp)
{
	int64_t t = tp_size(v, n, configured_tp), world = n ? v[0].nranks : 0;
	for (size_t i = 0; i < n; i++) {
		struct fl_comm *k = &v[i];
		if (k->nranks == world)
			k->group = "world";
		else if (t > 1 && k->stride == 1 && k->nranks == t && k->members == t)
			k->group = "tp";
		else if (t > 1 && k->stride == t)
			k->group = "dp";
		else if (t > 1 && k->stride > t)
			k->group = "pp";
	}
}

static int comms_read(struct ctx *c, struct fl_comm **out, size_t *n)
{
	int64_t configured = c->config_tp;
	struct fl_stmt *st;
	int rc = q_open(c, Q_COMMS, &st);
	if (rc)
		return rc;
	size_t cap = 0;
	while ((rc = q_step(c, Q_COMMS, st)) == 1) {
		FL_GROW(*out, cap, *n + 1);
		struct fl_comm *k = &(*out)[(*n)++];
		memset(k, 0, sizeof(*k));
		k->comm = fl_xstrdup(fl_stmt_text(st, 0));
		k->nranks = col_int(st, 1, -1);
		k->members = fl_stmt_int(st, 2);
		k->hosts = fl_stmt_int(st, 3);
		k->first_rank = col_int(st, 4, -1);
		k->last_rank = col_int(st, 5, -1);
		k->stride = stride_of(k->members, k->first_rank, k->last_rank, col_int(st, 6, -1));
		k->host_list = dup_or_null(st, 7);
		k->transports = distinct_words(fl_stmt_null(st, 8) ? NULL : fl_stmt_text(st, 8));
		k->file = dup_or_null(st, 9);
		k->line = col_int(st, 10, 0);
	}
	fl_stmt_free(st);
	if (rc >= 0)
		infer_groups(*out, *n, configured);
	return rc < 0 ? rc : FL_OK;
}

void fl_comms_free(struct fl_comm *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(v[i].comm);
		free(v[i].host_list);
		free(v[i].transports);
		free(v[i].file);
	}
	free(v);
}

int fl_comms_load(struct fl_store *s, int64_t run_id, struct fl_comm **out, size_t *n,
		  struct fl_err *err)
{
	struct ctx c = { .s = s, .run = run_id, .err = err };
	*out = NULL;
	*n = 0;
	int rc = comms_read(&c, out, n);
	if (rc) {
		fl_comms_free(*out, *n);
		*out = NULL;
		*n = 0;
	}
	return rc;
}

/* A communicator inferred tensor-parallel whose members span hosts: the
 * layout itself shows what the configuration only suggests. */
static int tp_layout(struct ctx *c)
{
	struct fl_comm *v = NULL;
	size_t n = 0;
	int rc = comms_read(c, &v, &n);
	struct fl_finding *f = NULL;
	for (size_t i = 0; !rc && i < c->a->nfindings && !f; i++)
		if (!strcmp(c->a->findings[i].id, "tp_crosses_nodes"))
			f = &c->a->findings[i];
	size_t crossing = 0;
	for (size_t i = 0; !rc && i < n; i++) {
		const struct fl_comm *k = &v[i];
		if (!k->group || strcmp(k->group, "tp") || k->hosts < 2)
			continue;
		if (!f && !crossing) {
			finding_add(c->a, "tp_crosses_nodes", "warning",
				    fl_xasprintf("tensor-parallel communicators (inferred: %lld consecutive "
						 "ranks each) span hosts: ranks %lld-%lld on %s",
						 (long long)k->nranks, (long long)k->first_rank,
						 (long long)k->last_rank, k->host_list ? k->host_list : "?"));
			f = &c->a->findings[c->a->nfindings - 1];
		}
		if (crossing++ < 3) {
			char *text = fl_xasprintf("communicator %s: %lld ranks (%lld-%lld) on %lld hosts (%s)",
						  k->comm, (long long)k->nranks, (long long)k->first_rank,
						  (long long)k->last_rank, (long long)k->hosts,
						  k->host_list ? k->host_list : "?");
			evidence_add_raw(&f->evidence, k->file, k->line, k->first_rank, NULL,
					 FL_TIME_NONE, text);
			free(text);
		}
	}
	fl_comms_free(v, n);
	return rc;
}

int layout_collect(struct ctx *c)
{
	int rc = tp_layout(c);
	if (!rc)
		rc = gdrdma_missing(c);
	return rc ? rc : hca_count_mismatch(c);
}
