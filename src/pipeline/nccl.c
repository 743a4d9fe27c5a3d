/* SPDX-License-Identifier: MIT */
/*
 * nccl.c - NCCL's routine lines, folded per process instead of stored one
 * by one: channel lines (a few hundred per rank at init) become one
 * transports row per process, transport and GPUDirect flag; COLL traces
 * (one per collective with NCCL_DEBUG_SUBSYS=COLL) become one colls row
 * per process, communicator and op, with the last opCount, which is what
 * a hang analysis compares across ranks; Send and Recv one row per peer
 * as well, with the last call's line.
 * Tested by: tests/e2e
 */
#include "pipeline_int.h"

#include <stdlib.h>

enum { SAMPLE_MAX = 400 };

static void transport_release(void *val)
{
	struct transport_agg *t = val;
	free(t->host);
	free(t->transport);
	free(t->sample);
}

static void coll_release(void *val)
{
	struct coll_agg *c = val;
	free(c->host);
	free(c->comm);
	free(c->op);
	free(c->sample);
}

void nccl_aggs_init(struct nccl_aggs *n)
{
	keymap_init(&n->transports, sizeof(struct transport_agg), transport_release);
	keymap_init(&n->colls, sizeof(struct coll_agg), coll_release);
	fl_buf_init(&n->key);
}

void nccl_aggs_release(struct nccl_aggs *n)
{
	keymap_clear(&n->transports);
	keymap_clear(&n->colls);
	fl_buf_release(&n->key);
}

static const struct fl_capture *cap_get(const struct fl_event *ev, const char *name)
{
	for (size_t i = 0; i < ev->ncap; i++)
		if (!strcmp(ev->caps[i].name, name))
			return &ev->caps[i];
	return NULL;
}

/* The key of a process: "host|pid|rank|". */
static void process_key(struct fl_buf *key, const struct fl_attr *a)
{
	fl_buf_reset(key);
	fl_buf_add(key, a->host ? a->host : "", a->host_len);
	fl_buf_printf(key, "|%lld|%lld|", (long long)a->pid, (long long)a->rank);
}

/* "NET/IB/0" and "NET/IB" are one transport: the first two parts. */
static size_t transport_len(const struct fl_capture *t)
{
	const char *s1 = memchr(t->ptr, '/', t->len);
	const char *s2 = s1 ? memchr(s1 + 1, '/', t->len - (size_t)(s1 + 1 - t->ptr)) : NULL;
	return s2 ? (size_t)(s2 - t->ptr) : t->len;
}

void nccl_channel(struct nccl_aggs *n, const struct fl_event *ev, int64_t file_id)
{
	const struct fl_capture *t = cap_get(ev, "transport");
	const struct fl_capture *gdr = cap_get(ev, "gdr");
	if (!t)
		return;
	size_t tl = transport_len(t);
	int gd = gdr && gdr->len && !(gdr->len == 1 && gdr->ptr[0] == '0') ? 1 : 0;
	process_key(&n->key, &ev->attr);
	fl_buf_printf(&n->key, "%d|", gd);
	fl_buf_add(&n->key, t->ptr, tl);
	bool fresh;
	struct transport_agg *a = keymap_get(&n->transports, n->key.ptr, n->key.len, &fresh);
	if (fresh) {
		a->host = ev->attr.host ? fl_xstrndup(ev->attr.host, ev->attr.host_len) : NULL;
		a->pid = ev->attr.pid;
		a->rank = ev->attr.rank;
		a->transport = fl_xstrndup(t->ptr, tl);
		a->gdr = gd;
		a->file_id = file_id;
		a->line = (int64_t)ev->lineno;
		a->sample = fl_xstrndup(ev->text, ev->text_len < SAMPLE_MAX ? ev->text_len
									    : SAMPLE_MAX);
	}
	a->channels++;
}

/* A Send's or Recv's peer: its root, the peer's rank in the communicator
 * (NCCL's ncclSend/ncclRecv pass it there); -1 for a collective. */
static int64_t coll_peer(const struct fl_event *ev, const struct fl_capture *op)
{
	const struct fl_capture *root = cap_get(ev, "root");
	struct fl_value v;
	bool p2p = (op->len == 4 && (!memcmp(op->ptr, "Send", 4) || !memcmp(op->ptr, "Recv", 4)));
	if (!p2p || !root || fl_value_parse(FL_FT_INT, root->ptr, root->len, &v) != FL_OK)
		return -1;
	return v.i;
}

void nccl_coll(struct nccl_aggs *n, const struct fl_event *ev, int64_t file_id)
{
	const struct fl_capture *op = cap_get(ev, "op"), *comm = cap_get(ev, "comm");
	const struct fl_capture *cnt = cap_get(ev, "opcount"), *nr = cap_get(ev, "nranks");
	struct fl_value v;
	if (!op || !cnt || fl_value_parse(FL_FT_HEX, cnt->ptr, cnt->len, &v) != FL_OK)
		return;
	int64_t peer = coll_peer(ev, op);
	process_key(&n->key, &ev->attr);
	if (comm)
		fl_buf_add(&n->key, comm->ptr, comm->len);
	fl_buf_addc(&n->key, '|');
	fl_buf_add(&n->key, op->ptr, op->len);
	fl_buf_printf(&n->key, "|%lld", (long long)peer);
	bool fresh;
	struct coll_agg *c = keymap_get(&n->colls, n->key.ptr, n->key.len, &fresh);
	if (fresh) {
		c->host = ev->attr.host ? fl_xstrndup(ev->attr.host, ev->attr.host_len) : NULL;
		c->pid = ev->attr.pid;
		c->rank = ev->attr.rank;
		c->comm = comm ? fl_xstrndup(comm->ptr, comm->len) : NULL;
		c->op = fl_xstrndup(op->ptr, op->len);
		c->nranks = -1;
		c->last_ts = FL_TIME_NONE;
		c->peer = peer;
		struct fl_value nv;
		if (nr && fl_value_parse(FL_FT_INT, nr->ptr, nr->len, &nv) == FL_OK)
			c->nranks = nv.i;
	}
	c->calls++;
	if (v.i > c->last_opcount || fresh)
		c->last_opcount = v.i;
	if (ev->attr.ts != FL_TIME_NONE)
		c->last_ts = ev->attr.ts;
	if (peer >= 0) {
		c->file_id = file_id;
		c->line = (int64_t)ev->lineno;
		free(c->sample);
		c->sample = fl_xstrndup(ev->text, ev->text_len < SAMPLE_MAX ? ev->text_len : SAMPLE_MAX);
	}
}

int nccl_aggs_flush(struct nccl_aggs *n, struct fl_store *s, int64_t run_id, struct fl_err *err)
{
	for (size_t i = 0; i < n->transports.cap; i++) {
		const struct transport_agg *t = keymap_at(&n->transports, i);
		if (!t)
			continue;
		struct fl_transport_row r = { run_id, t->host, t->pid, t->rank, t->transport,
					      t->gdr, t->channels, t->file_id, t->line, t->sample };
		if (fl_store_transport_add(s, &r))
			return store_fail(s, err, "cannot store transports");
	}
	for (size_t i = 0; i < n->colls.cap; i++) {
		const struct coll_agg *c = keymap_at(&n->colls, i);
		if (!c)
			continue;
		struct fl_coll_row r = { run_id,  c->host,   c->pid,   c->rank,   c->comm,
					 c->op,   c->last_opcount, c->calls, c->nranks, c->last_ts,
					 c->peer, c->file_id, c->line, c->sample };
		if (fl_store_coll_add(s, &r))
			return store_fail(s, err, "cannot store collectives");
	}
	return 0;
}
