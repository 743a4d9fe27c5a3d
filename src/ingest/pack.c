/* SPDX-License-Identifier: MIT */
/*
 * pack.c - a directory written as one tar.zst stream, for sending it.
 *
 * `faultline upload` sends a job's log directory as a single bundle
 * without a temporary archive on the node: the tar is written into a pipe
 * that the HTTP client reads. The output is a function of the files alone
 * (entries sorted by name, owner 0, mode 0644, the files' own mtimes), so
 * the same directory uploaded twice has the same SHA-256 and the server
 * recognises the duplicate. Only regular files are packed; symbolic links
 * and special files are skipped, as ingest skips them.
 * Tested by: tests/e2e/test_upload.sh
 */
#include "ingest_int.h"

#include <archive.h>
#include <archive_entry.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Directories deeper than this are not followed (a loop through bind
 * mounts, or a hostile tree). */
#define PACK_MAX_DEPTH 32

struct pack {
	struct archive *ar;
	char buf[64 << 10];
	struct fl_err *err;
};

static int pack_fail(struct pack *p, const char *what, const char *path)
{
	return fl_err_set(p->err, FL_EIO, "cannot %s '%s': %s", what, path,
			  archive_errno(p->ar) ? archive_error_string(p->ar) : strerror(errno));
}

static int pack_file(struct pack *p, const char *abs, const char *rel, const struct stat *sb)
{
	int fd = open(abs, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return fl_err_set(p->err, FL_EIO, "cannot open '%s': %s", abs, strerror(errno));
	struct archive_entry *e = archive_entry_new();
	archive_entry_set_pathname(e, rel);
	archive_entry_set_size(e, sb->st_size);
	archive_entry_set_filetype(e, AE_IFREG);
	archive_entry_set_perm(e, 0644);
	archive_entry_set_mtime(e, sb->st_mtime, 0);
	int rc = archive_write_header(p->ar, e) == ARCHIVE_OK ? FL_OK
							     : pack_fail(p, "write the entry of", rel);
	archive_entry_free(e);
	/* A file that changes size while it is read keeps the size its header
	 * announced: cut, or padded by libarchive. */
	int64_t left = sb->st_size;
	while (!rc && left > 0) {
		ssize_t n = read(fd, p->buf, left < (int64_t)sizeof(p->buf) ? (size_t)left
									      : sizeof(p->buf));
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		if (archive_write_data(p->ar, p->buf, (size_t)n) < 0)
			rc = pack_fail(p, "write", rel);
		left -= n;
	}
	close(fd);
	return rc;
}

static int pack_dir(struct pack *p, const char *abs, const char *rel, int depth)
{
	struct dirent **names;
	int n = scandir(abs, &names, NULL, alphasort);
	if (n < 0)
		return fl_err_set(p->err, FL_EIO, "cannot read '%s': %s", abs, strerror(errno));
	int rc = FL_OK;
	for (int i = 0; i < n; i++) {
		const char *nm = names[i]->d_name;
		if (!rc && strcmp(nm, ".") && strcmp(nm, "..")) {
			char *a = fl_xasprintf("%s/%s", abs, nm);
			char *r = *rel ? fl_xasprintf("%s/%s", rel, nm) : fl_xstrdup(nm);
			struct stat sb;
			if (lstat(a, &sb) == 0 && S_ISREG(sb.st_mode))
				rc = pack_file(p, a, r, &sb);
			else if (lstat(a, &sb) == 0 && S_ISDIR(sb.st_mode) && depth < PACK_MAX_DEPTH)
				rc = pack_dir(p, a, r, depth + 1);
			free(a);
			free(r);
		}
		free(names[i]);
	}
	free(names);
	return rc;
}

int fl_ingest_pack_dir(const char *dir, int fd, struct fl_err *err)
{
	struct pack *p = fl_xcalloc(1, sizeof(*p));
	p->err = err;
	p->ar = archive_write_new();
	archive_write_set_format_pax_restricted(p->ar);
	archive_write_add_filter_zstd(p->ar);
	/* libarchive pads the output to whole 10 KiB blocks when it is not a
	 * regular file: the same files sent through a pipe and written to the
	 * spool would then differ, and zstd rejects the trailing zeros. */
	archive_write_set_bytes_in_last_block(p->ar, 1);
	int rc = FL_OK;
	if (archive_write_open_fd(p->ar, fd) != ARCHIVE_OK)
		rc = pack_fail(p, "write to", "the output");
	if (!rc)
		rc = pack_dir(p, dir, "", 0);
	if (archive_write_close(p->ar) != ARCHIVE_OK && !rc)
		rc = pack_fail(p, "finish", "the archive");
	archive_write_free(p->ar);
	free(p);
	return rc;
}
