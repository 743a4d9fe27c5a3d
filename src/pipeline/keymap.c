/* SPDX-License-Identifier: MIT */
/*
 * keymap.c - a hash map from a byte key to a record of the caller's type,
 * for the aggregates of an ingest (streams of a file, NCCL transports and
 * collectives of a run).
 *
 * Each record is allocated on its own, so a pointer to it stays valid
 * while the map grows (the activity of the previous line is kept by
 * pointer). Iteration follows the order in which keys arrived, kept in an
 * array beside the open-addressing table, which a look-up never reads
 * (a table of indexes into that array would cost a dependent load per
 * probe): the rows
 * a map writes come in the order of the lines that made them, whatever
 * the hash, so the reports whose ties follow rowid do too. (Iterating
 * the slots tied row order to the hash: one map moved to a faster hash
 * changed which line a finding quoted.)
 * An idmap keeps only a key's hash and a row id, for records already
 * written and freed.
 * Tested by: tests/unit/test_keymap.c, tests/e2e (every bundle's activity,
 * transports and colls), tests/e2e/test_hca.c (a process over two files)
 */
#include "pipeline_int.h"

#include <stdlib.h>

void keymap_init(struct keymap *m, size_t elem, void (*release)(void *val))
{
	memset(m, 0, sizeof(*m));
	m->elem = elem;
	m->release = release;
}

void keymap_clear(struct keymap *m)
{
	for (size_t i = 0; i < m->cap; i++) {
		if (!m->slots[i].key)
			continue;
		free(m->slots[i].key);
		if (m->release)
			m->release(m->slots[i].val);
		free(m->slots[i].val);
	}
	free(m->slots);
	free(m->order);
	m->slots = NULL;
	m->order = NULL;
	m->cap = m->used = m->order_cap = 0;
}

static void grow(struct keymap *m)
{
	struct keyslot *old = m->slots;
	size_t old_cap = m->cap;
	m->cap = old_cap ? old_cap * 2 : 64;
	m->slots = fl_xcalloc(m->cap, sizeof(*m->slots));
	for (size_t i = 0; i < old_cap; i++) {
		if (!old[i].key)
			continue;
		size_t j = old[i].hash & (m->cap - 1);
		while (m->slots[j].key)
			j = (j + 1) & (m->cap - 1);
		m->slots[j] = old[i];
	}
	free(old);
}

/* The slot of key, or the empty slot where it would go; m->cap > 0. */
static struct keyslot *probe(const struct keymap *m, const void *key, size_t klen, uint64_t h)
{
	size_t j = h & (m->cap - 1);
	for (; m->slots[j].key; j = (j + 1) & (m->cap - 1)) {
		struct keyslot *k = &m->slots[j];
		if (k->hash == h && k->klen == klen && !memcmp(k->key, key, klen))
			break;
	}
	return &m->slots[j];
}

void *keymap_find(const struct keymap *m, const void *key, size_t klen)
{
	if (!m->cap)
		return NULL;
	struct keyslot *k = probe(m, key, klen, fl_hash_key(key, klen));
	return k->key ? k->val : NULL;
}

void *keymap_get(struct keymap *m, const void *key, size_t klen, bool *fresh)
{
	if ((m->used + 1) * 2 > m->cap)
		grow(m);
	uint64_t h = fl_hash_key(key, klen);
	struct keyslot *k = probe(m, key, klen, h);
	if (k->key) {
		*fresh = false;
		return k->val;
	}
	k->key = fl_xstrndup(key, klen);
	k->klen = klen;
	k->hash = h;
	k->val = fl_xcalloc(1, m->elem);
	FL_GROW(m->order, m->order_cap, m->used + 1);
	m->order[m->used++] = (struct keyorder){ k->val, h };
	*fresh = true;
	return k->val;
}

void *keymap_at(const struct keymap *m, size_t i)
{
	return m->order[i].val;
}

uint64_t keymap_hash_at(const struct keymap *m, size_t i)
{
	return m->order[i].hash;
}

void idmap_release(struct idmap *m)
{
	free(m->slots);
	memset(m, 0, sizeof(*m));
}

/* 0 marks an empty slot */
static uint64_t id_hash(uint64_t h)
{
	return h ? h : 1;
}

static struct idslot *id_probe(const struct idmap *m, uint64_t h)
{
	size_t j = h & (m->cap - 1);
	while (m->slots[j].hash && m->slots[j].hash != h)
		j = (j + 1) & (m->cap - 1);
	return &m->slots[j];
}

int64_t idmap_get(const struct idmap *m, uint64_t hash)
{
	return m->cap ? id_probe(m, id_hash(hash))->id : 0;
}

void idmap_put(struct idmap *m, uint64_t hash, int64_t id)
{
	if ((m->used + 1) * 2 > m->cap) {
		struct idmap g = { fl_xcalloc(m->cap ? m->cap * 2 : 64, sizeof(*g.slots)),
				   m->cap ? m->cap * 2 : 64, m->used };
		for (size_t i = 0; i < m->cap; i++)
			if (m->slots[i].hash)
				*id_probe(&g, m->slots[i].hash) = m->slots[i];
		free(m->slots);
		*m = g;
	}
	struct idslot *k = id_probe(m, id_hash(hash));
	m->used += !k->hash;
	*k = (struct idslot){ id_hash(hash), id };
}
