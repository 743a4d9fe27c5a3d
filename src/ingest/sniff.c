/* SPDX-License-Identifier: MIT */
/*
 * sniff.c - is this member a log, a binary, or an archive to descend into?
 *
 * Decided by content, never by name: bundles hold core dumps named
 * "core", checkpoints named "*.log.bak", and logs compressed without an
 * extension. Archives and compressed streams are recognised by magic
 * numbers; binaries by known magics (ELF, zip-based .pt, pickle, CUDA
 * fatbins) or by a share of non-text bytes that no log has. A stray NUL
 * in a log (a crashed writer) does not make it binary.
 * Tested by: tests/unit/test_ingest.c
 */
#include "faultline/ingest.h"

#include <stdint.h>
#include <string.h>

static bool has_prefix(const unsigned char *p, size_t n, const char *magic, size_t m)
{
	return n >= m && memcmp(p, magic, m) == 0;
}

/* Length of a valid UTF-8 sequence at p, 0 if invalid; a sequence cut
 * by the end of the sample counts as valid. */
static size_t utf8_len(const unsigned char *p, size_t n)
{
	size_t len = p[0] >= 0xF0 && p[0] <= 0xF4 ? 4 : p[0] >= 0xE0 ? 3 : p[0] >= 0xC2 ? 2 : 0;
	if (len == 0 || p[0] >= 0xF5)
		return 0;
	for (size_t i = 1; i < len; i++) {
		if (i >= n)
			return i;
		if ((p[i] & 0xC0) != 0x80)
			return 0;
	}
	return len;
}

/* Whether none of the 8 bytes at p is a control byte (< 0x20) or
 * beyond ASCII (>= 0x80): the bytes the loop below needs to look at. */
static bool plain_ascii8(const unsigned char *p)
{
	uint64_t w;
	memcpy(&w, p, sizeof(w));
	const uint64_t ones = 0x0101010101010101u, highs = 0x8080808080808080u;
	/* a byte below 0x20 borrows into its high bit when 0x20 is taken
	 * from it; w's own high bits are the bytes beyond ASCII */
	return (((w - 0x20 * ones) | w) & highs) == 0;
}

enum fl_sniff fl_sniff(const unsigned char *p, size_t n)
{
	if (has_prefix(p, n, "\x1f\x8b", 2) || has_prefix(p, n, "\x28\xb5\x2f\xfd", 4) ||
	    has_prefix(p, n, "\xfd" "7zXZ", 5) || has_prefix(p, n, "BZh", 3) ||
	    has_prefix(p, n, "7z\xbc\xaf", 4) || (n >= 262 && memcmp(p + 257, "ustar", 5) == 0))
		return FL_SNIFF_ARCHIVE;
	/* A zip is an archive unless it is a PyTorch checkpoint (a zip whose
	 * first entry lives in "archive/" or "<name>/data.pkl"). */
	if (has_prefix(p, n, "PK\x03\x04", 4)) {
		if (n > 30 && (memmem(p, n < 200 ? n : 200, "data.pkl", 8) ||
			       memmem(p, n < 200 ? n : 200, "archive/", 8)))
			return FL_SNIFF_BINARY;
		return FL_SNIFF_ARCHIVE;
	}
	if (has_prefix(p, n, "\x7f" "ELF", 4) || has_prefix(p, n, "\x80\x02", 2) ||
	    has_prefix(p, n, "\x80\x03", 2) || has_prefix(p, n, "\x80\x04", 2) ||
	    has_prefix(p, n, "\x80\x05", 2) || has_prefix(p, n, "\x89HDF", 4) ||
	    has_prefix(p, n, "\x93NUMPY", 6) || has_prefix(p, n, "\x89PNG", 4))
		return FL_SNIFF_BINARY;
	/* Logs are text: control bytes and bytes that are not UTF-8 (nor
	 * part of it) are rare in them; a tenth is far beyond any log. */
	size_t bad = 0;
	for (size_t i = 0; i < n; i++) {
		/* Eight printable ASCII bytes at a time: the sample is most of
		 * a small member, and a bundle of 32 Ki rank logs had this loop
		 * at a twentieth of its CPU byte by byte. */
		while (n - i >= 8 && plain_ascii8(p + i))
			i += 8;
		if (i >= n)
			break;
		unsigned c = p[i];
		if (c < 0x20 && c != '\n' && c != '\r' && c != '\t' && c != 0x1b && c != '\f' &&
		    c != '\b') {
			bad++;
		} else if (c >= 0x80) {
			size_t k = utf8_len(p + i, n - i);
			if (k == 0)
				bad++;
			else
				i += k - 1;
		}
	}
	return bad * 10 > n ? FL_SNIFF_BINARY : FL_SNIFF_TEXT;
}
