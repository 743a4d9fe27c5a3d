/* SPDX-License-Identifier: MIT */
/* ingest_int.h - private to src/ingest: the kept copy of a bundle. */
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

#endif
