/* SPDX-License-Identifier: MIT */
/*
 * budget.c - the decompression budget: how much a bundle may unpack.
 *
 * A crash bundle is untrusted input. A few KiB of gzip inside a zip inside
 * a gzip can unpack to terabytes, and every layer is read through
 * libarchive while it streams. The walker tells the budget what each open
 * reader produces as it produces it, and the budget answers at once
 * whether the bundle is still plausible:
 *
 *   - total bytes out, summed over every depth: what each reader's
 *     decompression produced (its filters' output, or the data of its
 *     entries when larger, as zip members inflate inside the format);
 *   - bytes out per byte read from disk, once more than RATIO_FLOOR is
 *     out: an honest log compresses 5 to 100 times, a bomb a thousand
 *     times per layer, and layers multiply;
 *   - members: archive entries at every depth.
 *
 * Nesting depth and line length are limits too, but they cost nothing to
 * exceed (the member is skipped, the line truncated), so ingest.c applies
 * them itself. Limits are in struct fl_ingest_opts; docs/internals/ingest.md
 * says why the defaults are what they are.
 * Tested by: tests/unit/test_ingest.c, tests/e2e/test_hostile.c
 */
#include "ingest_int.h"

#include <archive.h>
#include <stdlib.h>
#include <string.h>

/* Below this much output the ratio is not judged: a small, very
 * repetitive log may compress far better than a large one. */
#define RATIO_FLOOR (16ull << 20)

void budget_init(struct budget *b, const struct fl_ingest_opts *o)
{
	memset(b, 0, sizeof(*b));
	b->o = o;
	b->levels = fl_xcalloc((size_t)(o->max_depth > 0 ? o->max_depth : 0) + 1,
			       sizeof(*b->levels));
}

void budget_release(struct budget *b)
{
	free(b->levels);
	b->levels = NULL;
}

/* What one open reader has produced so far. */
static uint64_t level_out(const struct budget_level *l)
{
	int64_t f = archive_filter_bytes(l->a, 0);
	uint64_t filtered = f > 0 ? (uint64_t)f : 0;
	return filtered > l->entries ? filtered : l->entries;
}

static int budget_check(struct budget *b)
{
	if (b->tripped)
		return FL_ENOMEM;
	uint64_t out = b->done;
	for (int i = 0; i < b->depth; i++)
		out += level_out(&b->levels[i]);
	const struct fl_ingest_opts *o = b->o;
	if (o->max_total_bytes && out > o->max_total_bytes)
		snprintf(b->why, sizeof(b->why),
			 "unpacks to more than %llu bytes (--max-bytes)",
			 (unsigned long long)o->max_total_bytes);
	else if (o->max_ratio && out > RATIO_FLOOR && out / o->max_ratio > b->in)
		snprintf(b->why, sizeof(b->why),
			 "unpacks to over %llu bytes per byte read, a decompression bomb (--max-ratio)",
			 (unsigned long long)o->max_ratio);
	else if (o->max_members && b->members > o->max_members)
		snprintf(b->why, sizeof(b->why), "holds more than %llu members (--max-members)",
			 (unsigned long long)o->max_members);
	else
		return FL_OK;
	b->tripped = true;
	return FL_ENOMEM;
}

void budget_push(struct budget *b, struct archive *a)
{
	/* ingest.c opens at most max_depth + 1 readers (depth 0..max_depth). */
	b->levels[b->depth].a = a;
	b->levels[b->depth].entries = 0;
	b->depth++;
}

void budget_pop(struct budget *b)
{
	b->depth--;
	b->done += level_out(&b->levels[b->depth]);
}

int budget_in(struct budget *b, size_t n)
{
	b->in += n;
	return budget_check(b);
}

int budget_out(struct budget *b, int level, size_t n)
{
	b->levels[level].entries += n;
	return budget_check(b);
}

int budget_member(struct budget *b)
{
	b->members++;
	return budget_check(b);
}
