/* SPDX-License-Identifier: MIT */
/*
 * fuzz_bundle.c - the bundle reader (src/ingest/ingest.c, sniff.c) over
 * libarchive: tar, zip, cpio, 7z, gzip, zstd, xz, bzip2, nested.
 *
 * The input is the bundle. It lives in memory (a memfd) and is read
 * through its /proc/self/fd path, by the same code as a file on disk. The
 * budget is small so that a bomb the fuzzer builds is refused in
 * milliseconds; a refusal, like any other failure, must come with a
 * message. Every member path and line the sink sees must be readable.
 */
#include "fuzz.h"

#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "faultline/ingest.h"

struct tally {
	unsigned sum;
	int depth_max;
	uint64_t lines;
};

static int on_begin(void *ctx, const struct fl_member *m)
{
	struct tally *t = ctx;
	FUZZ_ASSERT(m->path && m->depth >= 0 && m->depth <= t->depth_max);
	for (const char *c = m->path; *c; c++)
		t->sum += (unsigned char)*c;
	return 0;
}

static int on_line(void *ctx, const struct fl_line *l)
{
	struct tally *t = ctx;
	for (size_t i = 0; i < l->len; i++)
		t->sum += (unsigned char)l->ptr[i];
	t->lines++;
	return 0;
}

static void on_skipped(void *ctx, const char *path, const char *why)
{
	struct tally *t = ctx;
	FUZZ_ASSERT(path && why && *why);
	t->sum += (unsigned char)path[0];
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	int fd = memfd_create("bundle", MFD_CLOEXEC);
	FUZZ_ASSERT(fd >= 0 && write(fd, data, size) == (ssize_t)size);
	char path[64];
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	struct fl_ingest_opts o;
	fl_ingest_opts_init(&o);
	o.max_total_bytes = 16u << 20;
	struct tally t = { 0, o.max_depth, 0 };
	struct fl_ingest_sink sink = { .ctx = &t, .member_begin = on_begin, .line = on_line,
				       .skipped = on_skipped };
	struct fl_ingest_stats st;
	struct fl_err err;
	fl_err_clear(&err);
	int rc = fl_ingest_bundle(path, &o, &sink, &st, &err);
	FUZZ_ASSERT(rc <= 0);
	FUZZ_ASSERT(rc == 0 || err.msg[0]);
	FUZZ_ASSERT(rc != 0 || (st.members > 0 && st.lines == t.lines));
	FUZZ_ASSERT(rc != 0 || st.bytes_in == size);
	close(fd);
	return t.sum == 1 ? 1 : 0;
}
