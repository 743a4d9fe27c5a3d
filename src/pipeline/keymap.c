/* SPDX-License-Identifier: MIT */
/*
 * keymap.c - an open-addressing hash map from a byte key to a record of
 * the caller's type, for the aggregates of an ingest (streams of a file,
 * NCCL transports and collectives of a run).
 *
 * Each record is allocated on its own, so a pointer to it stays valid
 * while the map grows (the activity of the previous line is kept by
 * pointer). Iteration follows the slots, which depend only on the keys,
 * their order of arrival and the hash: rows are written in the same
 * order on every run. Maps that are only looked up, or whose records
 * only update rows by id, use the faster hash (keymap_init()).
 * An idmap keeps only a key's hash and a row id, for records already
 * written and freed.
 * Tested by: tests/e2e (every bundle's activity, transports and colls),
 * tests/e2e/test_hca.c (a process over two files)
 */
#include "pipeline_int.h"

#include <stdlib.h>

void keymap_init(struct keymap *m, size_t elem, void (*release)(void *val), bool order_free)
{
	memset(m, 0, sizeof(*m));
	m->elem = elem;
	m->release = release;
	m->order_free = order_free;
}

static uint64_t key_hash(const struct keymap *m, const void *key, size_t klen)
{
	return m->order_free ? fl_hash_key(key, klen) : fl_fnv1a(FL_FNV1A_INIT, key, klen);
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
	m->slots = NULL;
	m->cap = m->used = 0;
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
	struct keyslot *k = probe(m, key, klen, key_hash(m, key, klen));
	return k->key ? k->val : NULL;
}

void *keymap_get(struct keymap *m, const void *key, size_t klen, bool *fresh)
{
	if ((m->used + 1) * 2 > m->cap)
		grow(m);
	uint64_t h = key_hash(m, key, klen);
	struct keyslot *k = probe(m, key, klen, h);
	if (k->key) {
		*fresh = false;
		return k->val;
	}
	m->used++;
	k->key = fl_xstrndup(key, klen);
	k->klen = klen;
	k->hash = h;
	k->val = fl_xcalloc(1, m->elem);
	*fresh = true;
	return k->val;
}

void *keymap_at(const struct keymap *m, size_t i)
{
	return m->slots[i].key ? m->slots[i].val : NULL;
}

uint64_t keymap_hash_at(const struct keymap *m, size_t i)
{
	return m->slots[i].hash;
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
