/* SPDX-License-Identifier: MIT */
/*
 * pyval.c - the tree of plain values that pickle.c and jsonval.c build.
 *
 * Flight Recorder dumps are decoded into this tree before frdump.c reads
 * the fields it knows. Every value belongs to its document, which frees
 * them all at once: memo references let a value sit in several
 * containers, so no container owns its items.
 * Tested by: tests/unit/test_pickle.c
 */
#include "ingest_int.h"

#include <stdlib.h>
#include <string.h>

struct fl_pv_doc *pv_doc_new(void)
{
	return fl_xcalloc(1, sizeof(struct fl_pv_doc));
}

struct fl_pv *pv_new(struct fl_pv_doc *d, enum fl_pv_type t)
{
	if (d->n >= FL_PV_MAX_NODES)
		return NULL;
	struct fl_pv *v = fl_xcalloc(1, sizeof(*v));
	v->type = t;
	FL_GROW(d->nodes, d->cap, d->n + 1);
	d->nodes[d->n++] = v;
	return v;
}

struct fl_pv *pv_new_str(struct fl_pv_doc *d, enum fl_pv_type t, const char *p, size_t n)
{
	if (n > FL_PV_MAX_STR)
		return NULL;
	struct fl_pv *v = pv_new(d, t);
	if (!v)
		return NULL;
	v->s = fl_xmalloc(n + 1);
	if (n)
		memcpy(v->s, p, n);
	v->s[n] = 0;
	v->len = n;
	v->sealed = true;
	return v;
}

const char *pv_append(struct fl_pv *c, struct fl_pv *item)
{
	if (c->type != FL_PV_LIST && c->type != FL_PV_TUPLE && c->type != FL_PV_DICT)
		return "items added to a value that is not a container";
	/* A sealed container is inside another one or shared through the
	 * memo: changing it could make a cycle. Writers fill a container
	 * before they place it. */
	if (c->sealed)
		return "a container changed after it was placed";
	if (item->depth + 1 > FL_PV_MAX_DEPTH)
		return "values nested too deep";
	item->sealed = true;
	FL_GROW(c->items, c->cap, c->n + 1);
	c->items[c->n++] = item;
	if (item->depth + 1 > c->depth)
		c->depth = item->depth + 1;
	return NULL;
}

const struct fl_pv *fl_pv_root(const struct fl_pv_doc *d)
{
	return d->root;
}

void fl_pv_doc_free(struct fl_pv_doc *d)
{
	if (!d)
		return;
	for (size_t i = 0; i < d->n; i++) {
		free(d->nodes[i]->s);
		free(d->nodes[i]->items);
		free(d->nodes[i]);
	}
	free(d->nodes);
	free(d);
}

const struct fl_pv *fl_pv_get(const struct fl_pv *v, const char *key)
{
	if (!v || v->type != FL_PV_DICT)
		return NULL;
	/* The last of repeated keys wins, as in Python. */
	size_t kl = strlen(key);
	for (size_t i = v->n & ~(size_t)1; i >= 2; i -= 2) {
		const struct fl_pv *k = v->items[i - 2];
		if (k->type == FL_PV_STR && k->len == kl && memcmp(k->s, key, kl) == 0)
			return v->items[i - 1];
	}
	return NULL;
}
