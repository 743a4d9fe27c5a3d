/* SPDX-License-Identifier: MIT */
/* ingest_int.h - private to src/ingest: the kept copy of a bundle and
 * the decompression budget. */
#ifndef FAULTLINE_INGEST_INT_H
#define FAULTLINE_INGEST_INT_H

#include "faultline/ingest.h"

#include <time.h>

/* A copy of the bundle written while it is read: a file bundle byte for
 * byte, a directory as a tar (zstd) so it can be re-read as one bundle.
 * Written to a temporary name and renamed by keep_close(commit=true). */
struct keep;

int keep_open(struct keep **out, const char *path, bool as_tar, struct fl_err *err);
int keep_entry(struct keep *k, const char *relpath, int64_t size, time_t mtime);
int keep_write(struct keep *k, const void *p, size_t n);
/* Finishes the copy; on commit renames it into place, otherwise removes it. */
int keep_close(struct keep *k, bool commit, struct fl_err *err);

/* The decompression budget (budget.c): one per bundle. Each archive
 * reader is pushed while it is open; every byte read from disk, every byte
 * of entry data handed out and every member is reported as it passes, and
 * the report's FL_ENOMEM means the bundle is refused (why says why). */
struct archive;

struct budget_level {
	struct archive *a;
	uint64_t entries; /* entry data this reader handed out */
};

struct budget {
	const struct fl_ingest_opts *o;
	struct budget_level *levels; /* max_depth + 1 */
	int depth;                   /* readers open */
	uint64_t in;                 /* bytes read from disk */
	uint64_t done;               /* output of readers already closed */
	uint64_t members;
	bool tripped;
	char why[160];
};

void budget_init(struct budget *b, const struct fl_ingest_opts *o);
void budget_release(struct budget *b);
/* A reader opens (at level b->depth, which is its nesting depth) or closes. */
void budget_push(struct budget *b, struct archive *a);
void budget_pop(struct budget *b);
/* Each returns FL_OK, or FL_ENOMEM once a limit is passed (and ever after). */
int budget_in(struct budget *b, size_t n);
int budget_out(struct budget *b, int level, size_t n);
int budget_member(struct budget *b);

/* ---- the value tree of pickle.c and jsonval.c (pyval.c) ---- */

struct fl_pv_doc {
	struct fl_pv **nodes; /* every value, for freeing */
	size_t n, cap;
	struct fl_pv *root;
};

struct fl_pv_doc *pv_doc_new(void);
/* A new value of type t owned by d; NULL past FL_PV_MAX_NODES. */
struct fl_pv *pv_new(struct fl_pv_doc *d, enum fl_pv_type t);
/* A string or bytes value holding a copy of (p, n); NULL past a limit. */
struct fl_pv *pv_new_str(struct fl_pv_doc *d, enum fl_pv_type t, const char *p, size_t n);
/* Appends item to container c, sealing item. Returns NULL on success, else
 * why not: c is sealed or not a container, or the tree grows too deep. */
const char *pv_append(struct fl_pv *c, struct fl_pv *item);

#endif
