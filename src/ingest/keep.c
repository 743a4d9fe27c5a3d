/* SPDX-License-Identifier: MIT */
/*
 * keep.c - the copy of a bundle kept beside the store.
 *
 * The store keeps a copy of a bundle, content-addressed, so that a run
 * can be analysed again when the patterns improve (archives and single
 * logs by default, directories on request: enum fl_keep in pipeline.h).
 * The copy is written from the same bytes the analysis reads (no second
 * pass over a multi-GB bundle).
 * A file bundle is copied as is; a directory becomes a zstd tar whose
 * entries are written as the files stream past.
 */
#include "ingest_int.h"

#include <archive.h>
#include <archive_entry.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct keep {
	char *path;
	char *tmp;
	FILE *fp;              /* file bundles */
	struct archive *ar;    /* directory bundles */
	int64_t entry_left;    /* bytes still owed to the current tar entry */
	bool failed;
	int errnum;            /* errno of the first failed write, 0 unknown */
};

/* Remembers the first failure and why: a full disk must say so. */
static void keep_failed(struct keep *k, int errnum)
{
	if (!k->failed)
		k->errnum = errnum;
	k->failed = true;
}

int keep_open(struct keep **out, const char *path, bool as_tar, struct fl_err *err)
{
	struct keep *k = fl_xcalloc(1, sizeof(*k));
	k->path = fl_xstrdup(path);
	k->tmp = fl_xasprintf("%s.tmp.%ld", path, (long)getpid());
	if (as_tar) {
		k->ar = archive_write_new();
		archive_write_set_format_pax_restricted(k->ar);
		archive_write_add_filter_zstd(k->ar);
		/* zstd's fast negative levels: a directory's copy is written on
		 * the reader thread while the bundle is analysed, and level 1
		 * cost more than splitting and matching the lines. At -3 the
		 * copy is about a fifth of the logs' size (level 1: an eighth)
		 * at two thirds of the CPU. */
		archive_write_set_filter_option(k->ar, "zstd", "compression-level", "-3");
		if (archive_write_open_filename(k->ar, k->tmp) != ARCHIVE_OK) {
			int rc = fl_err_set(err, FL_EIO, "cannot write '%s': %s", k->tmp,
					    archive_error_string(k->ar));
			archive_write_free(k->ar);
			k->ar = NULL;
			keep_close(k, false, NULL);
			return rc;
		}
	} else {
		k->fp = fopen(k->tmp, "wb");
		if (!k->fp) {
			int rc = fl_err_set(err, FL_EIO, "cannot write '%s': %s", k->tmp,
					    strerror(errno));
			keep_close(k, false, NULL);
			return rc;
		}
	}
	*out = k;
	return FL_OK;
}

static void pad_entry(struct keep *k)
{
	static const char zeros[4096];
	while (k->entry_left > 0) {
		size_t n = k->entry_left > (int64_t)sizeof(zeros) ? sizeof(zeros)
								   : (size_t)k->entry_left;
		if (archive_write_data(k->ar, zeros, n) < 0)
			k->failed = true;
		k->entry_left -= (int64_t)n;
	}
}

int keep_entry(struct keep *k, const char *relpath, int64_t size, time_t mtime)
{
	if (!k || !k->ar)
		return FL_OK;
	pad_entry(k);
	struct archive_entry *e = archive_entry_new();
	archive_entry_set_pathname(e, relpath);
	archive_entry_set_size(e, size);
	archive_entry_set_filetype(e, AE_IFREG);
	archive_entry_set_perm(e, 0644);
	archive_entry_set_mtime(e, mtime, 0);
	if (archive_write_header(k->ar, e) != ARCHIVE_OK)
		k->failed = true;
	archive_entry_free(e);
	k->entry_left = size;
	return FL_OK;
}

int keep_write(struct keep *k, const void *p, size_t n)
{
	if (!k || k->failed)
		return FL_OK;
	if (k->fp) {
		if (fwrite(p, 1, n, k->fp) != n)
			keep_failed(k, errno);
		return FL_OK;
	}
	/* A file that grew while being read: the tar entry keeps its size. */
	if ((int64_t)n > k->entry_left)
		n = (size_t)k->entry_left;
	if (n && archive_write_data(k->ar, p, n) < 0)
		keep_failed(k, archive_errno(k->ar));
	k->entry_left -= (int64_t)n;
	return FL_OK;
}

int keep_close(struct keep *k, bool commit, struct fl_err *err)
{
	if (!k)
		return FL_OK;
	int rc = FL_OK;
	if (k->ar) {
		pad_entry(k);
		if (archive_write_close(k->ar) != ARCHIVE_OK)
			keep_failed(k, archive_errno(k->ar));
		archive_write_free(k->ar);
	}
	if (k->fp && fclose(k->fp) != 0)
		keep_failed(k, errno);
	if (commit && k->failed)
		rc = fl_err_set(err, FL_EIO, "cannot write the kept copy '%s': %s", k->path,
				k->errnum == ENOSPC ? "the disk is full; the store is as it was before"
				: k->errnum > 0 ? strerror(k->errnum) : "write error");
	if (commit && !k->failed && rename(k->tmp, k->path) != 0)
		rc = fl_err_set(err, FL_EIO, "cannot rename '%s': %s", k->tmp, strerror(errno));
	if (!commit || rc)
		unlink(k->tmp);
	free(k->tmp);
	free(k->path);
	free(k);
	return rc;
}
