/* SPDX-License-Identifier: MIT */
/*
 * token.c - bearer tokens: made once, kept as a hash, checked in
 * constant time.
 *
 * A token is "flt_" and 40 hex digits of getrandom(2) (160 bits). Only
 * its SHA-256 is stored, so a copy of the store gives no one upload or
 * read rights. A presented token is hashed and compared with every stored
 * hash without an early exit, so response times say nothing about how
 * close a guess came.
 * Tested by: tests/unit/test_serve.c, tests/e2e/test_serve.sh
 */
#include "serve_int.h"

#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

static const char *const SCOPES[] = {
	[FL_SCOPE_NONE] = "none", [FL_SCOPE_UPLOAD] = "upload",
	[FL_SCOPE_READ] = "read", [FL_SCOPE_ADMIN] = "admin",
};

enum fl_scope fl_scope_parse(const char *s)
{
	for (int i = FL_SCOPE_UPLOAD; i <= FL_SCOPE_ADMIN; i++)
		if (s && !strcmp(s, SCOPES[i]))
			return (enum fl_scope)i;
	return FL_SCOPE_NONE;
}

const char *fl_scope_name(enum fl_scope s)
{
	return (unsigned)s <= FL_SCOPE_ADMIN ? SCOPES[s] : "none";
}

bool fl_scope_allows(enum fl_scope have, enum fl_scope need)
{
	return have != FL_SCOPE_NONE && (have == FL_SCOPE_ADMIN || have == need);
}

void fl_token_hash(const char *tok, size_t len, char out[65])
{
	struct fl_sha256 c;
	fl_sha256_init(&c);
	fl_sha256_add(&c, tok, len);
	fl_sha256_hex(&c, out);
}

bool fl_token_equal(const char *a, const char *b, size_t n)
{
	volatile unsigned char diff = 0;
	for (size_t i = 0; i < n; i++)
		diff |= (unsigned char)a[i] ^ (unsigned char)b[i];
	return diff == 0;
}

static int64_t now_us(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

int fl_token_add(struct fl_store *s, enum fl_scope scope, const char *name, char **token,
		 struct fl_err *err)
{
	unsigned char raw[20];
	if (getrandom(raw, sizeof(raw), 0) != (ssize_t)sizeof(raw))
		return fl_err_set(err, FL_EIO, "cannot read random bytes for a token");
	static const char hex[] = "0123456789abcdef";
	char tok[4 + 2 * sizeof(raw) + 1] = "flt_";
	for (size_t i = 0; i < sizeof(raw); i++) {
		tok[4 + 2 * i] = hex[raw[i] >> 4];
		tok[5 + 2 * i] = hex[raw[i] & 15];
	}
	tok[sizeof(tok) - 1] = '\0';
	char digest[65];
	fl_token_hash(tok, strlen(tok), digest);
	struct fl_stmt *st;
	if (fl_store_prepare(s, serve_sql(SERVE_Q_TOKEN_ADD), &st, err))
		return err ? err->code : FL_EDB;
	fl_stmt_bind_text(st, 1, digest);
	fl_stmt_bind_text(st, 2, fl_scope_name(scope));
	fl_stmt_bind_text(st, 3, name);
	fl_stmt_bind_int(st, 4, now_us());
	int rc = fl_stmt_step(st);
	if (rc < 0)
		rc = fl_err_set(err, FL_EDB, "cannot store the token: %s", fl_stmt_errmsg(st));
	fl_stmt_free(st);
	if (rc < 0)
		return rc;
	*token = fl_xstrdup(tok);
	return FL_OK;
}

int fl_token_check(struct fl_store *s, const char *tok, size_t len, enum fl_scope *scope,
		   int64_t *id, struct fl_err *err)
{
	char digest[65];
	fl_token_hash(tok, len, digest);
	struct fl_stmt *st;
	if (fl_store_prepare(s, serve_sql(SERVE_Q_TOKEN_CHECK), &st, err))
		return err ? err->code : FL_EDB;
	*scope = FL_SCOPE_NONE;
	int rc;
	while ((rc = fl_stmt_step(st)) == 1) {
		const char *h = fl_stmt_text(st, 1);
		/* Every row is compared in full: no exit at the first match. */
		if (strlen(h) == 64 && fl_token_equal(h, digest, 64)) {
			*id = fl_stmt_int(st, 0);
			*scope = fl_scope_parse(fl_stmt_text(st, 2));
		}
	}
	if (rc < 0)
		rc = fl_err_set(err, FL_EDB, "cannot read tokens: %s", fl_stmt_errmsg(st));
	fl_stmt_free(st);
	if (rc < 0)
		return rc;
	return *scope == FL_SCOPE_NONE ? FL_ENOTFOUND : FL_OK;
}

int fl_token_list(struct fl_store *s, struct fl_token_info **out, size_t *n, struct fl_err *err)
{
	*out = NULL;
	*n = 0;
	struct fl_stmt *st;
	if (fl_store_prepare(s, serve_sql(SERVE_Q_TOKEN_LIST), &st, err))
		return err ? err->code : FL_EDB;
	size_t cap = 0;
	int rc;
	while ((rc = fl_stmt_step(st)) == 1) {
		FL_GROW(*out, cap, *n + 1);
		struct fl_token_info *t = &(*out)[(*n)++];
		t->id = fl_stmt_int(st, 0);
		t->scope = fl_scope_parse(fl_stmt_text(st, 1));
		t->name = fl_stmt_null(st, 2) ? NULL : fl_xstrdup(fl_stmt_text(st, 2));
		t->created_at = fl_stmt_int(st, 3);
		t->revoked = fl_stmt_int(st, 4) != 0;
	}
	if (rc < 0)
		rc = fl_err_set(err, FL_EDB, "cannot read tokens: %s", fl_stmt_errmsg(st));
	fl_stmt_free(st);
	return rc < 0 ? rc : FL_OK;
}

void fl_token_list_free(struct fl_token_info *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i].name);
	free(v);
}

int fl_token_revoke(struct fl_store *s, int64_t id, struct fl_err *err)
{
	struct fl_stmt *st;
	if (fl_store_prepare(s, serve_sql(SERVE_Q_TOKEN_REVOKE), &st, err))
		return err ? err->code : FL_EDB;
	fl_stmt_bind_int(st, 1, id);
	int rc = fl_stmt_step(st);
	if (rc < 0)
		rc = fl_err_set(err, FL_EDB, "cannot revoke token %lld: %s", (long long)id,
				fl_stmt_errmsg(st));
	else if (rc == 0)
		rc = fl_err_set(err, FL_ENOTFOUND, "no live token %lld", (long long)id);
	else
		rc = FL_OK;
	fl_stmt_free(st);
	return rc;
}
