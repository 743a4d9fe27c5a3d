/* SPDX-License-Identifier: MIT */
/*
 * row.c - a line's attribution as the store's row attribution, and the
 * one way the pipeline words a failed write.
 * Tested by: tests/e2e
 */
#include "pipeline_int.h"

void row_attr(const struct fl_attr *a, struct fl_row_attr *r)
{
	r->rank = a->rank;
	r->local_rank = a->local_rank;
	r->pid = a->pid;
	r->dev = a->dev;
	r->host = a->host;
	r->host_len = a->host_len;
	r->ts = a->ts;
	r->ts_kind = a->ts_kind;
	r->uptime = a->uptime;
}

void row_attr_own_host(struct fl_row_attr *a, char *buf, size_t cap)
{
	if (!a->host)
		return;
	size_t k = a->host_len < cap - 1 ? a->host_len : cap - 1;
	memcpy(buf, a->host, k);
	buf[k] = '\0';
	a->host = buf;
	a->host_len = k;
}

int store_fail(struct fl_store *s, struct fl_err *err, const char *what)
{
	return fl_err_set(err, FL_EDB, "%s: %s", what, fl_store_errmsg(s));
}
