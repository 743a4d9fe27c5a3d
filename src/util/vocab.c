/* SPDX-License-Identifier: MIT */
/*
 * vocab.c - the declared kinds and fields of vocab.h as sorted tables.
 * Tested by: tests/unit/test_vocab.c
 */
#include "faultline/vocab.h"

#include <stdlib.h>
#include <string.h>

#define KIND_NAME(name) name,
#define FIELD_NAME(id, name) name,
static const char *const KINDS[] = { FL_VOCAB_KINDS(KIND_NAME) };
static const char *const FIELDS[FL_F_N] = { FL_VOCAB_FIELDS(FIELD_NAME) };
#define NKINDS (sizeof(KINDS) / sizeof(KINDS[0]))

size_t fl_vocab_kinds(const char *const **out)
{
	*out = KINDS;
	return NKINDS;
}

size_t fl_vocab_fields(const char *const **out)
{
	*out = FIELDS;
	return FL_F_N;
}

static int by_name(const void *key, const void *elem)
{
	return strcmp(key, *(const char *const *)elem);
}

int fl_vocab_field(const char *name)
{
	const char *const *f = bsearch(name, FIELDS, FL_F_N, sizeof(*FIELDS), by_name);
	return f ? (int)(f - FIELDS) : -1;
}

bool fl_vocab_kind(const char *name)
{
	return bsearch(name, KINDS, NKINDS, sizeof(*KINDS), by_name) != NULL;
}
