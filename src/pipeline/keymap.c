/* SPDX-License-Identifier: MIT */
/*
 * keymap.c - a hash map from a byte key to a record of the caller's type,
 * for the aggregates of an ingest (streams of a file, NCCL transports and
 * collectives of a run).
 *
 * Each record is allocated on its own, so a pointer to it stays valid
 * while the map grows (the activity of the previous line is kept by
 * pointer). Iteration follows the order in which keys arrived, kept in a
 * dense array beside the open-addressing table of its indexes: the rows
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
	for (size_t i = 0; i < m->used; i++) {
		free(m->ents[i].key);
		if (m->release)
			m->release(m->ents[i].val);
		free(m->ents[i].val);
	}
	free(m->ents);
	free(m->table);
	m->ents = NULL;
	m->table = NULL;
	m->cap = m->used = m->ents_cap = 0;
}

static void grow(struct keymap *m)
{
	free(m->table);
	m->cap = m->cap ? m->cap * 2 : 64;
	m->table = fl_xcalloc(m->cap, sizeof(*m->table));
	for (size_t i = 0; i < m->used; i++) {
		size_t j = m->ents[i].hash & (m->cap - 1);
		while (m->table[j])
			j = (j + 1) & (m->cap - 1);
		m->table[j] = i + 1;
	}
}

/* The table slot of key, or the empty one where it would go; m->cap > 0. */
static size_t probe(const struct keymap *m, const void *key, size_t klen, uint64_t h)
{
	size_t j = h & (m->cap - 1);
	for (; m->table[j]; j = (j + 1) & (m->cap - 1)) {
		const struct keyslot *k = &m->ents[m->table[j] - 1];
		if (k->hash == h && k->klen == klen && !memcmp(k->key, key, klen))
			break;
	}
	return j;
}

void *keymap_find(const struct keymap *m, const void *key, size_t klen)
{
	if (!m->cap)
		return NULL;
	size_t e = m->table[probe(m, key, klen, fl_hash_key(key, klen))];
	return e ? m->ents[e - 1].val : NULL;
}

void *keymap_get(struct keymap *m, const void *key, size_t klen, bool *fresh)
{
	if ((m->used + 1) * 2 > m->cap)
		grow(m);
	uint64_t h = fl_hash_key(key, klen);
	size_t j = probe(m, key, klen, h);
	if (m->table[j]) {
		*fresh = false;
		return m->ents[m->table[j] - 1].val;
	}
	FL_GROW(m->ents, m->ents_cap, m->used + 1);
	struct keyslot *k = &m->ents[m->used];
	k->key = fl_xstrndup(key, klen);
	k->klen = klen;
	k->hash = h;
	k->val = fl_xcalloc(1, m->elem);
	m->table[j] = ++m->used;
	*fresh = true;
	return k->val;
}

void *keymap_at(const struct keymap *m, size_t i)
{
	return m->ents[i].val;
}

uint64_t keymap_hash_at(const struct keymap *m, size_t i)
{
	return m->ents[i].hash;
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
