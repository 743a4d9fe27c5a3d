/* SPDX-License-Identifier: MIT */
/*
 * sha_stream.c - a streaming SHA-256 of bytes that arrive in pieces.
 *
 * The upload service hashes a bundle while it is written to the spool, so
 * that a duplicate is known without reading gigabytes a second time. The
 * value is the one fl_ingest_bundle() records for a file bundle (both are
 * libcrypto's SHA-256 of the file's bytes), which is what makes the
 * service's dedupe agree with the store's. libcrypto belongs to ingest,
 * hence the function lives here.
 * Tested by: tests/unit/test_ingest.c
 */
#include "faultline/ingest.h"

#include <openssl/evp.h>
#include <stdlib.h>

struct fl_hash {
	EVP_MD_CTX *ctx;
};

struct fl_hash *fl_hash_new(void)
{
	struct fl_hash *h = fl_xcalloc(1, sizeof(*h));
	h->ctx = EVP_MD_CTX_new();
	if (!h->ctx || EVP_DigestInit_ex(h->ctx, EVP_sha256(), NULL) != 1) {
		/* Only allocation can fail here: treat it as the x* family does. */
		fprintf(stderr, "faultline: out of memory\n");
		abort();
	}
	return h;
}

void fl_hash_add(struct fl_hash *h, const void *p, size_t n)
{
	EVP_DigestUpdate(h->ctx, p, n);
}

void fl_hash_hex(struct fl_hash *h, char out[65])
{
	static const char digits[] = "0123456789abcdef";
	unsigned char d[EVP_MAX_MD_SIZE];
	unsigned n = 0;
	EVP_DigestFinal_ex(h->ctx, d, &n);
	for (unsigned i = 0; i < n && i < 32; i++) {
		out[2 * i] = digits[d[i] >> 4];
		out[2 * i + 1] = digits[d[i] & 15];
	}
	out[64] = '\0';
}

void fl_hash_free(struct fl_hash *h)
{
	if (!h)
		return;
	EVP_MD_CTX_free(h->ctx);
	free(h);
}
