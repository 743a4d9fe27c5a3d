/* SPDX-License-Identifier: MIT */
/*
 * nccl.c - NCCL's routine lines, folded per process instead of stored one
 * by one: channel lines (a few hundred per rank at init) become one
 * transports row per process, transport and GPUDirect flag; COLL traces
 * (one per collective with NCCL_DEBUG_SUBSYS=COLL) become one colls row
 * per process, communicator and op, with the last opCount, which is what
 * a hang analysis compares across ranks; Send and Recv one row per peer
 * as well, with the last call's line. Each Init COMPLETE line makes a
 * comm_members row: the communicator's member, with the transports its
 * process's channel lines used since the previous one completed (NCCL
 * prints a communicator's channels while setting it up, before its
 * Init COMPLETE, in every version). A channel line through NET/IB names
 * the process's device by its index in the process's "NET/IB : Using
 * [0]mlx5_0:1/IB ..." list (net.cc prints req.netDev, the same index):
 * one hcas row per process and index, the device looked up at flush.
 * Tested by: tests/e2e
 */
#include "pipeline_int.h"

#include <stdio.h>
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

static void proc_release(void *val)
{
	struct proc_comms *p = val;
	for (int i = 0; i < p->ntrans; i++)
		free(p->trans[i]);
	free(p->sizes);
}

static void ib_table_release(void *val)
{
	struct ib_table *t = val;
	for (int i = 0; i < PROC_IB_DEVS; i++)
		free(t->dev[i]);
}

static void hca_release(void *val)
{
	struct hca_agg *h = val;
	free(h->host);
	free(h->sample);
}

void nccl_aggs_init(struct nccl_aggs *n)
{
	memset(n, 0, sizeof(*n));
	keymap_init(&n->transports, sizeof(struct transport_agg), transport_release);
	keymap_init(&n->colls, sizeof(struct coll_agg), coll_release);
	keymap_init(&n->procs, sizeof(struct proc_comms), proc_release);
	keymap_init(&n->hcas, sizeof(struct hca_agg), hca_release);
	keymap_init(&n->ib_tables, sizeof(struct ib_table), ib_table_release);
	fl_buf_init(&n->key);
}

static void members_clear(struct nccl_aggs *n)
{
	for (size_t i = 0; i < n->nmembers; i++) {
		struct comm_member *m = &n->members[i];
		free(m->comm);
		free(m->ptr);
		free(m->host);
		free(m->bus);
		free(m->transports);
	}
	n->nmembers = 0;
}

void nccl_aggs_release(struct nccl_aggs *n)
{
	keymap_clear(&n->transports);
	keymap_clear(&n->colls);
	keymap_clear(&n->procs);
	keymap_clear(&n->hcas);
	keymap_clear(&n->ib_tables);
	idmap_release(&n->transport_rows);
	idmap_release(&n->coll_rows);
	idmap_release(&n->hca_rows);
	members_clear(n);
	free(n->members);
	fl_buf_release(&n->key);
}

static const struct fl_capture *cap_get(const struct fl_event *ev, const char *name)
{
	for (size_t i = 0; i < ev->ncap; i++)
		if (!strcmp(ev->caps[i].name, name))
			return &ev->caps[i];
	return NULL;
}

/* Keys are built for every channel line and COLL trace: the digits are
 * written by fl_json_int(), not printf, which was a third of the ingest
 * of a bundle of channel lines. */
/* The key of a process's state: "host|pid". */
static void proc_key(struct fl_buf *key, const char *host, size_t host_len, int64_t pid)
{
	fl_buf_reset(key);
	fl_buf_add(key, host ? host : "", host_len);
	fl_buf_addc(key, '|');
	fl_json_int(key, pid);
}

/* The key of a line's process and rank, the start of its aggregates'
 * keys: "host|pid|rank|". */
static void process_key(struct fl_buf *key, const struct fl_attr *a)
{
	proc_key(key, a->host, a->host_len, a->pid);
	fl_buf_addc(key, '|');
	fl_json_int(key, a->rank);
	fl_buf_addc(key, '|');
}

/* "NET/IB/0" and "NET/IB" are one transport: the first two parts. */
static size_t transport_len(const struct fl_capture *t)
{
	const char *s1 = memchr(t->ptr, '/', t->len);
	const char *s2 = s1 ? memchr(s1 + 1, '/', t->len - (size_t)(s1 + 1 - t->ptr)) : NULL;
	return s2 ? (size_t)(s2 - t->ptr) : t->len;
}

/* The process of a line: its host and pid. */
static struct proc_comms *proc_of(struct nccl_aggs *n, const struct fl_attr *a)
{
	proc_key(&n->key, a->host, a->host_len, a->pid);
	bool fresh;
	return keymap_get(&n->procs, n->key.ptr, n->key.len, &fresh);
}

/* The transport joins the set the process's next communicator takes. */
static void proc_transport(struct proc_comms *p, const char *t, size_t tl, int gdr)
{
	char name[64];
	snprintf(name, sizeof(name), "%.*s%s", (int)(tl < 48 ? tl : 48), t, gdr ? "+GDRDMA" : "");
	for (int i = 0; i < p->ntrans; i++)
		if (!strcmp(p->trans[i], name))
			return;
	if (p->ntrans < PROC_TRANSPORTS)
		p->trans[p->ntrans++] = fl_xstrdup(name);
}

static int64_t cap_int(const struct fl_event *ev, const char *name);

/* "NET/IB" and the IB plugins' "NET/IBext", "NET/IBext_v8". */
static bool is_net_ib(const struct fl_capture *t, size_t tl)
{
	return tl >= 6 && !memcmp(t->ptr, "NET/IB", 6);
}

/* A channel through NET/IB: the process used that device index. */
static void hca_channel(struct nccl_aggs *n, const struct fl_event *ev, int64_t file_id)
{
	int64_t dev = cap_int(ev, "net_dev");
	if (dev < 0 || !ev->attr.host)
		return;
	process_key(&n->key, &ev->attr);
	fl_json_int(&n->key, dev);
	bool fresh;
	struct hca_agg *h = keymap_get(&n->hcas, n->key.ptr, n->key.len, &fresh);
	if (fresh) {
		h->host = fl_xstrndup(ev->attr.host, ev->attr.host_len);
		h->pid = ev->attr.pid;
		h->rank = ev->attr.rank;
		h->net_dev = dev;
		h->file_id = file_id;
		h->line = (int64_t)ev->lineno;
		h->sample = fl_xstrndup(ev->text, ev->text_len < SAMPLE_MAX ? ev->text_len
									    : SAMPLE_MAX);
	}
	h->channels++;
}

/* The rank of the process that printed a channel line, in the
 * communicator being set up: NCCL's transports print their own rank on
 * the left of a send (and of every P2P and SHM line, which only senders
 * print) and on the right of a [receive]; a CollNet line names only its
 * own. -1 when not stated. */
static int64_t printer_rank(const struct fl_event *ev)
{
	const struct fl_capture *d = cap_get(ev, "direction");
	bool recv = d && d->len == 7 && !memcmp(d->ptr, "receive", 7);
	int64_t dst = recv ? cap_int(ev, "dst_rank") : -1;
	return dst >= 0 ? dst : cap_int(ev, "src_rank");
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
	fl_buf_addc(&n->key, gd ? '1' : '0');
	fl_buf_addc(&n->key, '|');
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
		a->comm_rank = printer_rank(ev);
	} else if (a->comm_rank != printer_rank(ev)) {
		a->comm_rank = -1;
	}
	a->channels++;
	proc_transport(proc_of(n, &ev->attr), t->ptr, tl, gd);
	if (is_net_ib(t, tl))
		hca_channel(n, ev, file_id);
}

/* One entry of a Using list as read: the device's name in the line. */
struct ib_entry {
	const char *name; /* NULL: the index was not listed */
	size_t len;
	int port;
};

/* The shared table with exactly these entries. */
static const struct ib_table *ib_table_of(struct nccl_aggs *n, const struct ib_entry *ent)
{
	fl_buf_reset(&n->key);
	for (int i = 0; i < PROC_IB_DEVS; i++) {
		fl_buf_add(&n->key, &ent[i].len, sizeof(ent[i].len));
		fl_buf_add(&n->key, ent[i].name ? ent[i].name : "", ent[i].len);
		fl_buf_add(&n->key, &ent[i].port, sizeof(ent[i].port));
	}
	bool fresh;
	struct ib_table *t = keymap_get(&n->ib_tables, n->key.ptr, n->key.len, &fresh);
	for (int i = 0; fresh && i < PROC_IB_DEVS; i++)
		if (ent[i].name) {
			t->dev[i] = fl_xstrndup(ent[i].name, ent[i].len);
			t->port[i] = ent[i].port;
		}
	return t;
}

/* "[0]mlx5_1:1/IB [1]mlx5_3:1/IB" (master adds ":<rail>:<plane>" after
 * the port): each index's device and port. A later list of the same
 * process replaces the earlier one's entries. */
void nccl_ib_devices(struct nccl_aggs *n, const struct fl_event *ev)
{
	const struct fl_capture *d = cap_get(ev, "devices");
	if (!d || !ev->attr.host)
		return;
	struct proc_comms *p = proc_of(n, &ev->attr);
	/* the entries so far, then this line's over them */
	struct ib_entry ent[PROC_IB_DEVS] = { { 0 } };
	for (int i = 0; p->ib && i < PROC_IB_DEVS; i++)
		if (p->ib->dev[i])
			ent[i] = (struct ib_entry){ p->ib->dev[i], strlen(p->ib->dev[i]), p->ib->port[i] };
	const char *s = d->ptr, *end = d->ptr + d->len;
	while (s < end) {
		const char *b = memchr(s, '[', (size_t)(end - s));
		if (!b)
			break;
		char *e;
		long idx = strtol(b + 1, &e, 10);
		if (e == b + 1 || e >= end || *e != ']') {
			s = b + 1;
			continue;
		}
		const char *name = e + 1, *q = name;
		while (q < end && *q != ':' && *q != ' ' && *q != '[')
			q++;
		s = q;
		if (q == name || q >= end || *q != ':' || idx < 0 || idx >= PROC_IB_DEVS)
			continue;
		ent[idx].name = name;
		ent[idx].len = (size_t)(q - name);
		ent[idx].port = (int)strtol(q + 1, NULL, 10);
	}
	p->ib = ib_table_of(n, ent);
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
	fl_buf_addc(&n->key, '|');
	fl_json_int(&n->key, peer);
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

static int64_t cap_int(const struct fl_event *ev, const char *name)
{
	const struct fl_capture *c = cap_get(ev, name);
	struct fl_value v;
	return c && fl_value_parse(FL_FT_INT, c->ptr, c->len, &v) == FL_OK ? v.i : -1;
}

static char *cap_dup(const struct fl_event *ev, const char *name)
{
	const struct fl_capture *c = cap_get(ev, name);
	return c && c->len ? fl_xstrndup(c->ptr, c->len) : NULL;
}

/* Without a commId (NCCL before 2.16), a communicator is known by its
 * size and order: every member creates its communicators in the same
 * order, so the k-th of size N on each process is the same one. */
static char *comm_key(struct proc_comms *p, const struct fl_event *ev, int64_t nranks)
{
	char *id = cap_dup(ev, "comm_id");
	if (id)
		return id;
	if (!p->sizes)
		p->sizes = fl_xcalloc(1, sizeof(*p->sizes));
	struct comm_sizes *z = p->sizes;
	int i = 0;
	while (i < z->n && z->size[i] != nranks)
		i++;
	if (i == z->n && z->n < PROC_SIZES) {
		z->size[z->n] = nranks;
		z->made[z->n++] = 0;
	}
	int64_t k = i < PROC_SIZES ? z->made[i]++ : 0;
	return fl_xasprintf("n%lld#%lld", (long long)nranks, (long long)k);
}

void nccl_comm(struct nccl_aggs *n, const struct fl_event *ev, int64_t file_id)
{
	struct proc_comms *p = proc_of(n, &ev->attr);
	int64_t nranks = cap_int(ev, "nranks");
	FL_GROW(n->members, n->cap_members, n->nmembers + 1);
	struct comm_member *m = &n->members[n->nmembers++];
	m->comm = comm_key(p, ev, nranks);
	m->ptr = cap_dup(ev, "comm");
	m->host = ev->attr.host ? fl_xstrndup(ev->attr.host, ev->attr.host_len) : NULL;
	m->bus = cap_dup(ev, "bus_id");
	m->pid = ev->attr.pid;
	m->rank = ev->attr.rank;
	m->comm_rank = cap_int(ev, "comm_rank");
	m->nranks = nranks;
	m->cuda_dev = cap_int(ev, "cuda_dev");
	m->file_id = file_id;
	m->line = (int64_t)ev->lineno;
	struct fl_buf t = FL_BUF_INIT;
	for (int i = 0; i < p->ntrans; i++) {
		fl_buf_printf(&t, "%s%s", i ? " " : "", p->trans[i]);
		free(p->trans[i]);
	}
	p->ntrans = 0;
	m->transports = t.len ? fl_buf_detach(&t) : NULL;
	fl_buf_release(&t);
}

static int flush_transports(struct nccl_aggs *n, struct fl_store *s, int64_t run_id)
{
	for (size_t i = 0; i < n->transports.used; i++) {
		const struct transport_agg *t = keymap_at(&n->transports, i);
		struct fl_transport_row r = { run_id,	   t->host, t->pid,  t->rank,
					      t->transport, t->gdr,  t->channels, t->file_id,
					      t->line,	   t->sample, t->comm_rank };
		uint64_t h = keymap_hash_at(&n->transports, i);
		int64_t id = idmap_get(&n->transport_rows, h);
		if (id ? fl_store_transport_more(s, id, &r) : fl_store_transport_add(s, &r, &id))
			return FL_EDB;
		idmap_put(&n->transport_rows, h, id);
	}
	keymap_clear(&n->transports);
	return 0;
}

/* The device is looked up in the process's NET/IB : Using list as it
 * stands when the file ends. */
static int flush_hcas(struct nccl_aggs *n, struct fl_store *s, int64_t run_id)
{
	for (size_t i = 0; i < n->hcas.used; i++) {
		const struct hca_agg *h = keymap_at(&n->hcas, i);
		proc_key(&n->key, h->host, strlen(h->host), h->pid);
		const struct proc_comms *p = keymap_find(&n->procs, n->key.ptr, n->key.len);
		bool known = p && p->ib && h->net_dev < PROC_IB_DEVS && p->ib->dev[h->net_dev];
		struct fl_hca_row r = { run_id,	 h->host,   h->pid,	 h->rank,
					h->net_dev, known ? p->ib->dev[h->net_dev] : NULL,
					known ? p->ib->port[h->net_dev] : -1,
					h->channels, h->file_id, h->line, h->sample };
		uint64_t hh = keymap_hash_at(&n->hcas, i);
		int64_t id = idmap_get(&n->hca_rows, hh);
		if (id ? fl_store_hca_more(s, id, &r) : fl_store_hca_add(s, &r, &id))
			return FL_EDB;
		idmap_put(&n->hca_rows, hh, id);
	}
	keymap_clear(&n->hcas);
	return 0;
}

static int flush_colls(struct nccl_aggs *n, struct fl_store *s, int64_t run_id)
{
	for (size_t i = 0; i < n->colls.used; i++) {
		const struct coll_agg *c = keymap_at(&n->colls, i);
		struct fl_coll_row r = { run_id,  c->host,   c->pid,   c->rank,   c->comm,
					 c->op,   c->last_opcount, c->calls, c->nranks, c->last_ts,
					 c->peer, c->file_id, c->line, c->sample };
		uint64_t h = keymap_hash_at(&n->colls, i);
		int64_t id = idmap_get(&n->coll_rows, h);
		if (id ? fl_store_coll_more(s, id, &r) : fl_store_coll_add(s, &r, &id))
			return FL_EDB;
		idmap_put(&n->coll_rows, h, id);
	}
	keymap_clear(&n->colls);
	return 0;
}

int nccl_aggs_flush(struct nccl_aggs *n, struct fl_store *s, int64_t run_id, struct fl_err *err)
{
	for (size_t i = 0; i < n->nmembers; i++) {
		const struct comm_member *m = &n->members[i];
		struct fl_comm_member_row r = { run_id,	      m->comm,	    m->ptr,    m->host,
						m->pid,	      m->rank,	    m->comm_rank, m->nranks,
						m->cuda_dev,  m->bus,	    m->transports, m->file_id,
						m->line };
		if (fl_store_comm_member_add(s, &r))
			return store_fail(s, err, "cannot store communicators");
	}
	members_clear(n);
	if (flush_transports(n, s, run_id))
		return store_fail(s, err, "cannot store transports");
	if (flush_hcas(n, s, run_id))
		return store_fail(s, err, "cannot store HCAs");
	if (flush_colls(n, s, run_id))
		return store_fail(s, err, "cannot store collectives");
	return 0;
}
