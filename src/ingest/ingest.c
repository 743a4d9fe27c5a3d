/* SPDX-License-Identifier: MIT */
/*
 * ingest.c - walk a bundle: directories, archives, archives in archives.
 *
 * Every file is read through libarchive from our own read callback, which
 * is where the bundle's bytes are hashed and copied to the kept bundle, so
 * the bundle is read from disk exactly once. The raw format is enabled next
 * to the archive formats so that a single compressed log (rank3.log.gz) is
 * one member; archive formats out-bid raw whenever the data really is an
 * archive.
 *
 * A member is sniffed by content (sniff.c): text goes to the line splitter,
 * binaries are skipped and counted, archives are opened again with a
 * reader whose read callback pulls from the parent member, so nesting
 * costs no temporary files. Damage inside an archive ends that archive's
 * walk with a `skipped` report; what was read before stays.
 * Tested by: tests/unit/test_ingest.c, tests/e2e
 */
#include "ingest_int.h"

#include <archive.h>
#include <archive_entry.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <openssl/evp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define READ_BLOCK (1u << 20)
#define PEEK_SIZE (16u << 10)
#define HOLE_BLOCK (64u << 10)

/* Paths a directory bundle may hold that are not part of it
 * (fl_ingest_opts.own), as real paths, and the bundle's real path: an
 * entry is compared by its path relative to the bundle. */
struct own_set {
	char *root;
	char **paths; /* NULL-terminated; NULL when there are none */
};

struct walker {
	const struct fl_ingest_opts *o;
	const struct fl_ingest_sink *sink;
	struct fl_ingest_stats *st;
	EVP_MD_CTX *sha;      /* the bundle (file) or the current file (directory) */
	struct keep *keep;
	unsigned char *rbuf;  /* raw bytes from disk */
	struct budget bud;    /* refuses bombs while they stream (budget.c) */
	int64_t file_mtime;   /* of the file on disk being read */
	struct own_set own;   /* opts->own, in a directory bundle */
};

void fl_ingest_opts_init(struct fl_ingest_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->max_line = 64u << 10;
	o->max_total_bytes = 64ull << 30;
	o->max_ratio = 1000;
	o->max_members = 100000;
	o->max_depth = 4;
}

/* Once the budget refused the bundle, what failed next is a consequence,
 * not damage worth a note: nothing more is reported. */
static bool refused(const struct walker *w)
{
	return w->bud.tripped;
}

static void skipped(struct walker *w, const char *path, const char *why)
{
	if (refused(w))
		return;
	w->st->skipped++;
	if (w->sink->skipped)
		w->sink->skipped(w->sink->ctx, path, why);
}

static void hex(const unsigned char *d, unsigned n, char *out)
{
	static const char digits[] = "0123456789abcdef";
	for (unsigned i = 0; i < n; i++) {
		out[2 * i] = digits[d[i] >> 4];
		out[2 * i + 1] = digits[d[i] & 15];
	}
	out[2 * n] = '\0';
}

static void sha_hex(EVP_MD_CTX *c, char out[65])
{
	unsigned char d[EVP_MAX_MD_SIZE];
	unsigned n = 0;
	EVP_DigestFinal_ex(c, d, &n);
	hex(d, n, out);
}

/* ---- sources: a file on disk, or a member of a parent archive ---- */

struct file_src {
	struct walker *w;
	int fd;
	uint64_t got; /* bytes read from fd */
};

static la_ssize_t file_read(struct archive *a, void *cd, const void **buf)
{
	struct file_src *s = cd;
	ssize_t n;
	do
		n = read(s->fd, s->w->rbuf, READ_BLOCK);
	while (n < 0 && errno == EINTR);
	if (n < 0) {
		archive_set_error(a, errno, "read error: %s", strerror(errno));
		return -1;
	}
	if (budget_in(&s->w->bud, (size_t)n)) {
		archive_set_error(a, -1, "decompression budget exceeded");
		return -1;
	}
	EVP_DigestUpdate(s->w->sha, s->w->rbuf, (size_t)n);
	keep_write(s->w->keep, s->w->rbuf, (size_t)n);
	s->w->st->bytes_in += (uint64_t)n;
	s->got += (uint64_t)n;
	*buf = s->w->rbuf;
	return n;
}

/* The data of the current entry of an archive, in libarchive's own
 * blocks: archive_read_data() would copy each into a buffer of ours first,
 * which cost a tenth of the reader thread. A piece stays valid until the
 * next call. The holes of a sparse entry read as zeros. */
struct blocks {
	struct archive *a;
	struct budget *bud; /* every piece handed out is charged to it */
	int level;          /* the reader's place in the budget */
	const char *p;  /* the rest of the current block */
	size_t n;
	int64_t pos;    /* entry offset of the next byte handed out */
	int64_t hole;   /* zeros owed before p */
};

/* The next piece, at most max bytes, at *p: its length, 0 at the end of
 * the entry, -1 when it cannot be read (archive_error_string(b->a)). */
static la_ssize_t blocks_next(struct blocks *b, const char **p, size_t max)
{
	static const char zeros[HOLE_BLOCK];
	if (!b->n && !b->hole) {
		const void *blk;
		size_t size;
		la_int64_t off;
		int r = archive_read_data_block(b->a, &blk, &size, &off);
		if (r == ARCHIVE_EOF)
			return 0;
		if (r < ARCHIVE_OK)
			return -1;
		/* An empty block ends the entry; blk may then be NULL, which
		 * must not be offset (found by tests/fuzz/fuzz_bundle.c). */
		if (size == 0 && off <= b->pos)
			return 0;
		b->p = blk;
		b->n = size;
		b->hole = off > b->pos ? off - b->pos : 0;
	}
	size_t k;
	if (b->hole) {
		k = (uint64_t)b->hole < sizeof(zeros) ? (size_t)b->hole : sizeof(zeros);
		k = k < max ? k : max;
		*p = zeros;
		b->hole -= (int64_t)k;
	} else {
		k = b->n < max ? b->n : max;
		*p = b->p;
		b->p += k;
		b->n -= k;
	}
	b->pos += (int64_t)k;
	if (budget_out(b->bud, b->level, k)) {
		archive_set_error(b->a, -1, "decompression budget exceeded");
		return -1;
	}
	return (la_ssize_t)k;
}

struct member_src {
	struct blocks *parent;
	const char *peek;
	size_t peek_len;
};

static la_ssize_t member_read(struct archive *a, void *cd, const void **buf)
{
	struct member_src *s = cd;
	if (s->peek) {
		*buf = s->peek;
		s->peek = NULL;
		return (la_ssize_t)s->peek_len;
	}
	const char *p = NULL;
	la_ssize_t n = blocks_next(s->parent, &p, SIZE_MAX);
	if (n < 0) {
		archive_set_error(a, -1, "%s", archive_error_string(s->parent->a));
		return -1;
	}
	*buf = p;
	return n;
}

/* The archive formats bundles come in. Not format_all: some of its
 * formats (mtree, warc, lha) bid on plain text, so a log that says only
 * "Killed" would be read as an empty mtree listing. */
static struct archive *reader_new(void)
{
	struct archive *a = archive_read_new();
	archive_read_support_filter_all(a);
	archive_read_support_format_tar(a);
	archive_read_support_format_gnutar(a);
	archive_read_support_format_zip(a);
	archive_read_support_format_7zip(a);
	archive_read_support_format_cpio(a);
	archive_read_support_format_raw(a);
	archive_read_support_format_empty(a);
	return a;
}

/* A reader for a file that is plain text: raw format, no filters. The
 * bids of every filter and format cost more than reading a small file
 * (32 Ki rank logs of 8 KiB: 1.3 s of 14 s CPU). */
static struct archive *reader_raw(void)
{
	struct archive *a = archive_read_new();
	archive_read_support_format_raw(a);
	return a;
}

/* Magic numbers that reader_new()'s filters and formats know and that
 * fl_sniff() may still call text: those made of text bytes (lrzip, lzip,
 * grzip, uuencode, cpio's ASCII headers), and those of a few binary bytes
 * that a tenth of bad bytes lets through on a short file. */
static bool archive_magic(const unsigned char *p, size_t n)
{
	static const struct {
		const char *m;
		size_t len;
	} magic[] = {
		{ "LRZI", 4 },		 { "LZIP", 4 },		    { "GRZipII", 7 },
		{ "begin ", 6 },	 { "070707", 6 },	    { "070701", 6 },
		{ "070702", 6 },	 { "\x04\x22\x4d\x18", 4 }, { "\x02\x21\x4c\x18", 4 },
		{ "\x1f\x9d", 2 },	 { "\x1f\xa0", 2 },	    { "\x89LZO", 4 },
		{ "\xed\xab\xee\xdb", 4 }, { "\x5d\x00\x00", 3 },    { "\xc7\x71", 2 },
		{ "\x71\xc7", 2 },
	};
	for (size_t i = 0; i < sizeof(magic) / sizeof(magic[0]); i++)
		if (n >= magic[i].len && !memcmp(p, magic[i].m, magic[i].len))
			return true;
	return false;
}

/* The reader for the file at fd: raw when its first bytes are plain
 * text, else one that recognises archives and compression. */
static struct archive *reader_for(int fd)
{
	unsigned char head[512];
	ssize_t n = pread(fd, head, sizeof(head), 0);
	if (n > 0 && !archive_magic(head, (size_t)n) && fl_sniff(head, (size_t)n) == FL_SNIFF_TEXT)
		return reader_raw();
	return reader_new();
}

/* ---- members ---- */

static int walk_archive(struct walker *w, struct archive *a, const char *prefix,
			const char *outer, int depth);

static int line_cb(void *ctx, const struct fl_line *l)
{
	struct walker *w = ctx;
	w->st->lines++;
	return w->sink->line ? w->sink->line(w->sink->ctx, l) : 0;
}

/* "node1/rank3.log.gz" -> "node1/rank3.log": the name of a raw member. */
static char *strip_compression(const char *name)
{
	static const char *const ext[] = { ".gz", ".zst", ".xz", ".bz2", ".lz4", ".z", ".Z" };
	size_t n = strlen(name);
	for (size_t i = 0; i < sizeof(ext) / sizeof(ext[0]); i++) {
		size_t e = strlen(ext[i]);
		if (n > e && strcmp(name + n - e, ext[i]) == 0)
			return fl_xstrndup(name, n - e);
	}
	return fl_xstrdup(name);
}

static int stream_text(struct walker *w, struct blocks *b, const char *name, int depth,
		       int64_t mtime, const char *peek, size_t peek_len)
{
	struct fl_member m = { name, depth, mtime };
	struct fl_member_stats ms = { 0, 0, 0 };
	/* In chunk mode the sink splits lines itself (in another thread). */
	struct fl_linesplit *ls = w->sink->chunk ? NULL : fl_linesplit_new(w->o->max_line);
	int rc = w->sink->member_begin ? w->sink->member_begin(w->sink->ctx, &m) : 0;
	uint64_t lines0 = w->st->lines;
	const char *p = peek;
	la_ssize_t n = (la_ssize_t)peek_len;
	while (!rc && n > 0) {
		ms.bytes += (uint64_t)n;
		w->st->bytes_out += (uint64_t)n;
		rc = ls ? fl_linesplit_feed(ls, p, (size_t)n, line_cb, w)
			: w->sink->chunk(w->sink->ctx, p, (size_t)n);
		if (rc)
			break;
		n = blocks_next(b, &p, SIZE_MAX);
	}
	if (n < 0 && refused(w)) {
		rc = FL_ENOMEM;
	} else if (n < 0) {
		char *why = fl_xasprintf("member cut short: %s", archive_error_string(b->a));
		skipped(w, name, why);
		free(why);
	}
	if (!rc && ls)
		rc = fl_linesplit_finish(ls, line_cb, w);
	ms.lines = w->st->lines - lines0;
	ms.truncated_lines = ls ? fl_linesplit_truncated(ls) : 0;
	fl_linesplit_free(ls);
	w->st->members++;
	if (!rc && w->sink->member_end)
		rc = w->sink->member_end(w->sink->ctx, &m, &ms);
	return rc;
}

/* A Flight Recorder dump is decoded as a whole (a pickle's meaning is at
 * its end), so it is gathered in memory, within FL_FRDUMP_MAX_BYTES. */
static int stream_dump(struct walker *w, struct blocks *b, const char *name, int depth,
		       int64_t mtime, const char *peek, size_t peek_len)
{
	struct fl_buf all = FL_BUF_INIT;
	fl_buf_add(&all, peek, peek_len);
	const char *p;
	la_ssize_t n;
	while ((n = blocks_next(b, &p, SIZE_MAX)) > 0 && all.len <= FL_FRDUMP_MAX_BYTES)
		fl_buf_add(&all, p, (size_t)n);
	int rc = 0;
	if (n < 0 && refused(w)) {
		rc = FL_ENOMEM;
	} else if (n < 0) {
		char *why = fl_xasprintf("flight recorder dump cut short: %s",
					 archive_error_string(b->a));
		skipped(w, name, why);
		free(why);
	} else if (all.len > FL_FRDUMP_MAX_BYTES) {
		skipped(w, name, "flight recorder dump larger than 256 MiB");
	} else {
		struct fl_member m = { name, depth, mtime };
		w->st->members++;
		w->st->bytes_out += all.len;
		rc = w->sink->dump(w->sink->ctx, &m, all.ptr ? all.ptr : "", all.len);
	}
	fl_buf_release(&all);
	return rc;
}

static int stream_nested(struct walker *w, struct blocks *parent, const char *name, int depth,
			 const char *peek, size_t peek_len)
{
	if (depth + 1 > w->o->max_depth) {
		skipped(w, name, "archive nested too deep");
		return 0;
	}
	struct member_src src = { parent, peek, peek_len };
	struct archive *a = reader_new();
	budget_push(&w->bud, a);
	int rc = 0;
	if (archive_read_open(a, &src, NULL, member_read, NULL) != ARCHIVE_OK) {
		char *why = fl_xasprintf("unreadable archive: %s", archive_error_string(a));
		skipped(w, name, why);
		free(why);
	} else {
		rc = walk_archive(w, a, name, name, depth + 1);
	}
	budget_pop(&w->bud);
	archive_read_free(a);
	return refused(w) ? FL_ENOMEM : rc;
}

static int stream_entry(struct walker *w, struct archive *a, const char *name, int depth,
			int64_t mtime)
{
	char *peek = fl_xmalloc(PEEK_SIZE);
	struct blocks b = { .a = a, .bud = &w->bud, .level = depth };
	size_t have = 0;
	la_ssize_t n = 1;
	const char *p;
	while (have < PEEK_SIZE && (n = blocks_next(&b, &p, PEEK_SIZE - have)) > 0) {
		memcpy(peek + have, p, (size_t)n);
		have += (size_t)n;
	}
	int rc = 0;
	if (refused(w)) {
		rc = FL_ENOMEM;
	} else if (n < 0 && have == 0) {
		char *why = fl_xasprintf("unreadable: %s", archive_error_string(a));
		skipped(w, name, why);
		free(why);
	} else if (w->sink->dump && fl_frdump_sniff((const unsigned char *)peek, have)) {
		rc = stream_dump(w, &b, name, depth, mtime, peek, have);
	} else {
		switch (fl_sniff((const unsigned char *)peek, have)) {
		case FL_SNIFF_BINARY:
			skipped(w, name, "binary content");
			break;
		case FL_SNIFF_ARCHIVE:
			rc = stream_nested(w, &b, name, depth, peek, have);
			break;
		case FL_SNIFF_TEXT:
			rc = stream_text(w, &b, name, depth, mtime, peek, have);
			break;
		}
	}
	free(peek);
	return rc;
}

static char *member_name(struct archive *a, struct archive_entry *e, const char *prefix,
			 const char *outer)
{
	if (archive_format(a) == ARCHIVE_FORMAT_RAW)
		return strip_compression(outer);
	const char *p = archive_entry_pathname(e);
	if (!p || !*p)
		p = "(unnamed)";
	while (p[0] == '.' && p[1] == '/')
		p += 2;
	return *prefix ? fl_xasprintf("%s/%s", prefix, p) : fl_xstrdup(p);
}

static int walk_archive(struct walker *w, struct archive *a, const char *prefix,
			const char *outer, int depth)
{
	struct archive_entry *e;
	int retries = 0;
	for (;;) {
		int r = archive_read_next_header(a, &e);
		if (refused(w) || ((r == ARCHIVE_OK || r == ARCHIVE_WARN) && budget_member(&w->bud)))
			return FL_ENOMEM;
		if (r == ARCHIVE_EOF)
			return 0;
		if (r == ARCHIVE_FATAL || (r == ARCHIVE_RETRY && ++retries > 16)) {
			char *why = fl_xasprintf("damaged archive, rest not read: %s",
						 archive_error_string(a));
			skipped(w, *prefix ? prefix : outer, why);
			free(why);
			return 0;
		}
		if (r == ARCHIVE_RETRY)
			continue;
		if (archive_entry_filetype(e) != AE_IFREG)
			continue;
		char *name = member_name(a, e, prefix, outer);
		int64_t mtime = archive_entry_mtime_is_set(e) ? (int64_t)archive_entry_mtime(e)
							      : w->file_mtime;
		int rc = stream_entry(w, a, name, depth, mtime);
		free(name);
		if (rc)
			return rc;
	}
}

/* Reads one file on disk as a (possible) archive. display is its name in
 * the bundle: "" for a top-level archive, the relative path in a directory. */
/* A file listed or stat'ed a moment ago that is gone now was removed
 * while the bundle was read: the report would silently lack it. */
static int vanished(const char *path, struct fl_err *err)
{
	return fl_err_set(err, FL_ECHANGED, "'%s' vanished while it was read", path);
}

/* Whether the file read through fd is still what it was when opened
 * (before) and was read whole (got bytes): a log still being written, a
 * bundle replaced or truncated mid-read would give a report of bytes that
 * never existed together. */
static bool unchanged(int fd, const struct stat *before, uint64_t got)
{
	struct stat now;
	return fstat(fd, &now) == 0 && now.st_ino == before->st_ino &&
	       now.st_dev == before->st_dev && now.st_size == before->st_size &&
	       now.st_mtim.tv_sec == before->st_mtim.tv_sec &&
	       now.st_mtim.tv_nsec == before->st_mtim.tv_nsec &&
	       (!S_ISREG(now.st_mode) || got == (uint64_t)now.st_size);
}

static int walk_file(struct walker *w, const char *path, const char *display, const char *outer,
		     struct fl_err *err)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0 && errno == ENOENT)
		return vanished(path, err);
	if (fd < 0)
		return fl_err_set(err, FL_EIO, "cannot open '%s': %s", path, strerror(errno));
	struct file_src src = { w, fd, 0 };
	struct stat sb;
	if (fstat(fd, &sb) != 0) {
		int rc = fl_err_set(err, FL_EIO, "cannot stat '%s': %s", path, strerror(errno));
		close(fd);
		return rc;
	}
	w->file_mtime = (int64_t)sb.st_mtime;
	struct archive *a = reader_for(fd);
	budget_push(&w->bud, a);
	int rc = 0;
	if (refused(w)) {
		rc = FL_ENOMEM;
	} else if (archive_read_open(a, &src, NULL, file_read, NULL) != ARCHIVE_OK) {
		rc = fl_err_set(err, FL_EFORMAT, "cannot read '%s': %s", path,
				archive_error_string(a));
	} else {
		rc = walk_archive(w, a, display, outer, 0);
		if (rc)
			fl_err_set(err, rc, "stopped while reading '%s'", path);
	}
	/* Drain what libarchive did not need, so the hash and the kept copy
	 * cover the whole file. */
	const void *dummy;
	while (!rc && file_read(a, &src, &dummy) > 0)
		;
	if (!rc && !unchanged(fd, &sb, src.got))
		rc = fl_err_set(err, FL_ECHANGED, "'%s' changed while it was read", path);
	budget_pop(&w->bud);
	archive_read_free(a);
	close(fd);
	return rc;
}

/* ---- directories ---- */

/* own as real paths: a store named ./fl.db is found again under
 * /home/u/bundle/fl.db. A path whose directory does not exist cannot be
 * in the bundle and is left out. */
static void own_init(struct own_set *o, const char *root, const char *const *own)
{
	size_t n = 0;
	while (own && own[n])
		n++;
	memset(o, 0, sizeof(*o));
	o->root = n ? realpath(root, NULL) : NULL;
	if (!o->root)
		return;
	if (!strcmp(o->root, "/"))
		o->root[0] = '\0'; /* entries are "/name" as the paths below */
	o->paths = fl_xcalloc(n + 1, sizeof(*o->paths));
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		const char *slash = strrchr(own[i], '/');
		char *dir = slash ? fl_xstrndup(own[i], slash == own[i] ? 1 : (size_t)(slash - own[i]))
				  : fl_xstrdup(".");
		char *real = realpath(dir, NULL);
		if (real)
			o->paths[k++] = fl_xasprintf("%s/%s", strcmp(real, "/") ? real : "",
						     slash ? slash + 1 : own[i]);
		free(real);
		free(dir);
	}
}

static void own_release(struct own_set *o)
{
	for (char **p = o->paths; p && *p; p++)
		free(*p);
	free(o->paths);
	free(o->root);
}

/* Whether the entry at rel (relative to the bundle) is one of o's:
 * root "/" rel, compared in place (it is asked for every entry). */
static bool own_has(const struct own_set *o, const char *rel)
{
	if (!o->paths)
		return false;
	size_t n = strlen(o->root);
	for (char **p = o->paths; *p; p++)
		if (!strncmp(*p, o->root, n) && (*p)[n] == '/' && !strcmp(*p + n + 1, rel))
			return true;
	return false;
}

static int walk_dir(struct walker *w, EVP_MD_CTX *dir_sha, const char *root, const char *rel,
		    struct fl_err *err)
{
	char *dpath = *rel ? fl_xasprintf("%s/%s", root, rel) : fl_xstrdup(root);
	struct dirent **ents = NULL;
	int n = scandir(dpath, &ents, NULL, alphasort);
	if (n < 0) {
		int rc = errno == ENOENT ? vanished(dpath, err)
					 : fl_err_set(err, FL_EIO, "cannot read directory '%s': %s",
						      dpath, strerror(errno));
		free(dpath);
		return rc;
	}
	int rc = 0;
	for (int i = 0; i < n; i++) {
		const char *nm = ents[i]->d_name;
		if (rc || !strcmp(nm, ".") || !strcmp(nm, ".."))
			continue;
		char *crel = *rel ? fl_xasprintf("%s/%s", rel, nm) : fl_xstrdup(nm);
		char *full = fl_xasprintf("%s/%s", dpath, nm);
		struct stat sb;
		int st = lstat(full, &sb);
		if (own_has(&w->own, crel)) {
			skipped(w, crel, "faultline's own store, not part of the bundle");
		} else if (st != 0 && errno == ENOENT) {
			rc = vanished(full, err);
		} else if (st != 0) {
			skipped(w, crel, "cannot stat");
		} else if (S_ISDIR(sb.st_mode)) {
			rc = walk_dir(w, dir_sha, root, crel, err);
		} else if (S_ISREG(sb.st_mode)) {
			EVP_DigestInit_ex(w->sha, EVP_sha256(), NULL);
			keep_entry(w->keep, crel, (int64_t)sb.st_size, sb.st_mtime);
			struct fl_err ferr;
			int frc = walk_file(w, full, crel, crel, &ferr);
			char fhex[65];
			sha_hex(w->sha, fhex);
			EVP_DigestUpdate(dir_sha, crel, strlen(crel) + 1);
			EVP_DigestUpdate(dir_sha, fhex, 64);
			if (frc == FL_EIO || frc == FL_EFORMAT) {
				skipped(w, crel, ferr.msg);
			} else if (frc) {
				rc = frc;
				if (err)
					*err = ferr;
			}
		} else if (S_ISLNK(sb.st_mode)) {
			skipped(w, crel, "symbolic link not followed");
		}
		free(crel);
		free(full);
	}
	for (int i = 0; i < n; i++)
		free(ents[i]);
	free(ents);
	free(dpath);
	return rc;
}

int fl_ingest_bundle(const char *path, const struct fl_ingest_opts *opts,
		     const struct fl_ingest_sink *sink, struct fl_ingest_stats *stats,
		     struct fl_err *err)
{
	struct fl_ingest_opts defaults;
	if (!opts) {
		fl_ingest_opts_init(&defaults);
		opts = &defaults;
	}
	memset(stats, 0, sizeof(*stats));
	struct stat sb;
	if (stat(path, &sb) != 0)
		return fl_err_set(err, FL_EIO, "cannot open '%s': %s", path, strerror(errno));
	if (!S_ISDIR(sb.st_mode) && !S_ISREG(sb.st_mode))
		return fl_err_set(err, FL_EFORMAT, "'%s' is not a file or directory", path);
	struct walker w = { .o = opts, .sink = sink, .st = stats };
	budget_init(&w.bud, opts);
	w.sha = EVP_MD_CTX_new();
	w.rbuf = fl_xmalloc(READ_BLOCK);
	stats->is_directory = S_ISDIR(sb.st_mode);
	int rc = FL_OK;
	if (opts->keep_path)
		rc = keep_open(&w.keep, opts->keep_path, stats->is_directory, err);
	if (!rc && stats->is_directory) {
		EVP_MD_CTX *dir_sha = EVP_MD_CTX_new();
		EVP_DigestInit_ex(dir_sha, EVP_sha256(), NULL);
		own_init(&w.own, path, opts->own);
		rc = walk_dir(&w, dir_sha, path, "", err);
		sha_hex(dir_sha, stats->sha256);
		EVP_MD_CTX_free(dir_sha);
	} else if (!rc) {
		EVP_DigestInit_ex(w.sha, EVP_sha256(), NULL);
		rc = walk_file(&w, path, "", opts->name ? opts->name : fl_base_name(path), err);
		sha_hex(w.sha, stats->sha256);
	}
	if (refused(&w))
		rc = fl_err_set(err, FL_ENOMEM, "refusing '%s': it %s", path, w.bud.why);
	if (!rc && stats->members == 0)
		rc = fl_err_set(err, FL_EFORMAT, "'%s' holds no readable log text (%llu members skipped)",
				path, (unsigned long long)stats->skipped);
	if (w.keep) {
		int krc = keep_close(w.keep, rc == FL_OK, rc ? NULL : err);
		if (!rc)
			rc = krc;
	}
	free(w.rbuf);
	EVP_MD_CTX_free(w.sha);
	budget_release(&w.bud);
	own_release(&w.own);
	return rc;
}

/* Adds the sizes of the regular files under root/rel but o's; unreadable
 * entries count nothing (the walk reports them when it gets there). */
static void dir_size(const struct own_set *o, const char *root, const char *rel, uint64_t *bytes)
{
	char *dpath = *rel ? fl_xasprintf("%s/%s", root, rel) : fl_xstrdup(root);
	DIR *d = opendir(dpath);
	for (struct dirent *e; d && (e = readdir(d)) != NULL;) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		char *crel = *rel ? fl_xasprintf("%s/%s", rel, e->d_name) : fl_xstrdup(e->d_name);
		char *full = fl_xasprintf("%s/%s", dpath, e->d_name);
		struct stat sb;
		if (own_has(o, crel) || lstat(full, &sb) != 0)
			sb.st_mode = 0;
		if (S_ISDIR(sb.st_mode))
			dir_size(o, root, crel, bytes);
		else if (S_ISREG(sb.st_mode))
			*bytes += (uint64_t)sb.st_size;
		free(crel);
		free(full);
	}
	if (d)
		closedir(d);
	free(dpath);
}

int fl_ingest_size(const char *path, const char *const *own, uint64_t *bytes)
{
	struct stat sb;
	*bytes = 0;
	if (stat(path, &sb) != 0)
		return FL_EIO;
	if (S_ISDIR(sb.st_mode)) {
		struct own_set o;
		own_init(&o, path, own);
		dir_size(&o, path, "", bytes);
		own_release(&o);
	} else {
		*bytes = (uint64_t)sb.st_size;
	}
	return FL_OK;
}

static int no_line(void *ctx, const struct fl_line *l)
{
	return 0;
}

int fl_ingest_hash(const char *path, char out[65], struct fl_err *err)
{
	/* Hashing walks the same code path so that the value cannot drift
	 * from what fl_ingest_bundle() records. */
	struct fl_ingest_sink sink = { .line = no_line };
	struct fl_ingest_stats st;
	int rc = fl_ingest_bundle(path, NULL, &sink, &st, err);
	if (rc == FL_OK)
		memcpy(out, st.sha256, 65);
	return rc;
}
