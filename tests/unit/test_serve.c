/* SPDX-License-Identifier: MIT */
/*
 * test_serve.c - the upload service's pure parts (src/serve/): routing and
 * header parsing, token hashing and lookup, the rate limiter, the metrics
 * text. The HTTP side is tested with curl by tests/e2e/test_serve.sh.
 */
#include <criterion/criterion.h>

#include <stdlib.h>
#include <string.h>

#include "faultline/report.h"
#include "faultline/serve.h"
#include "fl_test.h"

/* ---- routing ---- */

Test(route, known_paths)
{
	struct fl_route r;
	cr_assert_eq(fl_route_parse("GET", "/healthz", &r), 200);
	cr_assert_eq(r.kind, FL_ROUTE_HEALTHZ);
	cr_assert_eq(fl_route_parse("GET", "/metrics", &r), 200);
	cr_assert_eq(r.kind, FL_ROUTE_METRICS);
	cr_assert_eq(fl_route_parse("PUT", "/api/v1/bundles", &r), 200);
	cr_assert_eq(r.kind, FL_ROUTE_UPLOAD);
	cr_assert_not(r.multipart);
	cr_assert_eq(fl_route_parse("POST", "/api/v1/bundles", &r), 200);
	cr_assert(r.multipart);
	cr_assert_eq(fl_route_parse("GET", "/api/v1/runs/42", &r), 200);
	cr_assert_eq(r.kind, FL_ROUTE_RUN);
	cr_assert_eq(r.run_id, 42);
	cr_assert_eq(fl_route_parse("GET", "/", &r), 200);
	cr_assert_eq(r.kind, FL_ROUTE_INDEX);
	cr_assert_eq(fl_route_parse("GET", "/static/faultline.js", &r), 200);
	cr_assert_eq(r.kind, FL_ROUTE_STATIC);
}

/* The admin routes: DELETE on a run's resource, POST to its reanalyze. */
Test(route, admin_routes)
{
	struct fl_route r;
	cr_assert_eq(fl_route_parse("DELETE", "/api/v1/runs/42", &r), 200);
	cr_assert_eq(r.kind, FL_ROUTE_DELETE);
	cr_assert_eq(r.run_id, 42);
	cr_assert_eq(fl_route_parse("POST", "/api/v1/runs/42/reanalyze", &r), 200);
	cr_assert_eq(r.kind, FL_ROUTE_REANALYZE);
	cr_assert_eq(r.run_id, 42);
	cr_assert_eq(fl_route_parse("GET", "/api/v1/runs/42/reanalyze", &r), 405);
	cr_assert_eq(fl_route_parse("DELETE", "/api/v1/runs/42/reanalyze", &r), 405);
	cr_assert_eq(fl_route_parse("POST", "/api/v1/runs/42", &r), 405);
	cr_assert_eq(fl_route_parse("DELETE", "/runs/42.html", &r), 405);
	cr_assert_eq(fl_route_parse("POST", "/api/v1/runs/042/reanalyze", &r), 404);
	cr_assert_eq(fl_route_parse("POST", "/api/v1/runs/42/reanalyze/", &r), 404);
	cr_assert_str_eq(fl_route_name(FL_ROUTE_DELETE), "delete");
	cr_assert_str_eq(fl_route_name(FL_ROUTE_REANALYZE), "reanalyze");
}

Test(route, report_formats)
{
	static const struct {
		const char *path;
		int fmt;
	} cases[] = {
		{ "/runs/7.json", FL_FMT_JSON }, { "/runs/7.md", FL_FMT_MD },
		{ "/runs/7.html", FL_FMT_HTML }, { "/runs/7.txt", FL_FMT_TEXT },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct fl_route r;
		cr_assert_eq(fl_route_parse("GET", cases[i].path, &r), 200, "%s", cases[i].path);
		cr_assert_eq(r.kind, FL_ROUTE_REPORT);
		cr_assert_eq(r.run_id, 7);
		cr_assert_eq(r.format, cases[i].fmt, "%s", cases[i].path);
	}
}

Test(route, unknown_paths_are_404)
{
	static const char *const bad[] = {
		"/index.html", "/static/", "/static/a/b.js", "/runs/7", "/runs/7.pdf", "/runs/07.json", "/runs/-1.json", "/runs/.json",
		"/api/v1/runs/", "/api/v1/runs/1/", "/api/v1/runs/1x", "/api/v1/runs/0",
		"/api/v1/runs/1234567890123456789", "/api/v1/bundles/", "/healthz/", "//healthz",
		"/api/v1/runs/../bundles", "/runs/1.json/..", "",
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct fl_route r;
		cr_assert_eq(fl_route_parse("GET", bad[i], &r), 404, "'%s'", bad[i]);
		cr_assert_eq(r.kind, FL_ROUTE_NONE);
	}
}

Test(route, wrong_method_is_405)
{
	struct fl_route r;
	cr_assert_eq(fl_route_parse("GET", "/api/v1/bundles", &r), 405);
	cr_assert_eq(fl_route_parse("DELETE", "/api/v1/bundles", &r), 405);
	cr_assert_eq(fl_route_parse("POST", "/metrics", &r), 405);
	cr_assert_eq(fl_route_parse("PUT", "/runs/1.json", &r), 405);
	cr_assert_eq(fl_route_parse("HEAD", "/healthz", &r), 200);
}

Test(route, sizes)
{
	uint64_t v;
	cr_assert(fl_parse_size("123", &v));
	cr_assert_eq(v, 123);
	cr_assert(fl_parse_size("100K", &v));
	cr_assert_eq(v, 102400);
	cr_assert(fl_parse_size("16G", &v));
	cr_assert_eq(v, (uint64_t)16 << 30);
	cr_assert(fl_parse_size("3m", &v));
	cr_assert_eq(v, (uint64_t)3 << 20);
	static const char *const bad[] = { "", "K", "1.5G", "-1", "12KB", "1 G",
					   "99999999999999999999", "17179869184G" };
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		cr_assert_not(fl_parse_size(bad[i], &v), "'%s'", bad[i]);
}

Test(route, bearer)
{
	const char *t;
	size_t n;
	cr_assert(fl_bearer_token("Bearer flt_abc123", &t, &n));
	cr_assert_eq(n, 10);
	cr_assert_eq(strncmp(t, "flt_abc123", n), 0);
	cr_assert(fl_bearer_token("bearer  x-y.z~+/=  ", &t, &n));
	cr_assert_eq(n, 9);
	cr_assert_not(fl_bearer_token(NULL, &t, &n));
	cr_assert_not(fl_bearer_token("Basic dXNlcjpwYXNz", &t, &n));
	cr_assert_not(fl_bearer_token("Bearer ", &t, &n));
	cr_assert_not(fl_bearer_token("Bearer a b", &t, &n));
	cr_assert_not(fl_bearer_token("Bearer a\"b", &t, &n));
}

Test(route, disposition_filename)
{
	char out[64];
	cr_assert(fl_disposition_filename("attachment; filename=\"job 7.tar.gz\"", out,
					  sizeof(out)));
	cr_assert_str_eq(out, "job 7.tar.gz");
	cr_assert(fl_disposition_filename("attachment;filename=a.log; size=3", out, sizeof(out)));
	cr_assert_str_eq(out, "a.log");
	cr_assert(fl_disposition_filename("attachment; filename=\"a\\\"b\"", out, sizeof(out)));
	cr_assert_str_eq(out, "a\"b");
	cr_assert_not(fl_disposition_filename("attachment", out, sizeof(out)));
	cr_assert_not(fl_disposition_filename("attachment; filename*=UTF-8''x", out, sizeof(out)));
	cr_assert_not(fl_disposition_filename("attachment; filename=\"open", out, sizeof(out)));
	char tiny[4];
	cr_assert_not(fl_disposition_filename("a; filename=long.log", tiny, sizeof(tiny)));
}

Test(route, upload_names)
{
	char out[256];
	fl_upload_name("../../etc/passwd", out, sizeof(out));
	cr_assert_str_eq(out, "passwd");
	fl_upload_name("C:\\logs\\job.zip", out, sizeof(out));
	cr_assert_str_eq(out, "job.zip");
	fl_upload_name("..", out, sizeof(out));
	cr_assert_str_eq(out, "bundle");
	fl_upload_name(NULL, out, sizeof(out));
	cr_assert_str_eq(out, "bundle");
	fl_upload_name("a\nb\033[31m.log", out, sizeof(out));
	cr_assert_str_eq(out, "ab[31m.log");
	char longname[400];
	memset(longname, 'x', sizeof(longname) - 1);
	longname[sizeof(longname) - 1] = '\0';
	fl_upload_name(longname, out, sizeof(out));
	cr_assert_eq(strlen(out), 200);
	/* a two-byte character cut by the cap goes whole */
	memset(longname, 'x', 199);
	strcpy(longname + 199, "\xc3\xa9");
	fl_upload_name(longname, out, sizeof(out));
	cr_assert_eq(strlen(out), 199);
}

/* ---- tokens ---- */

Test(token, hash_is_sha256)
{
	char hex[65];
	fl_token_hash("abc", 3, hex);
	cr_assert_str_eq(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

Test(token, equal)
{
	cr_assert(fl_token_equal("abcdef", "abcdef", 6));
	cr_assert_not(fl_token_equal("abcdef", "abcdeg", 6));
	cr_assert_not(fl_token_equal("xbcdef", "abcdef", 6));
	cr_assert(fl_token_equal("abcX", "abcY", 3));
}

Test(token, scopes)
{
	cr_assert_eq(fl_scope_parse("upload"), FL_SCOPE_UPLOAD);
	cr_assert_eq(fl_scope_parse("read"), FL_SCOPE_READ);
	cr_assert_eq(fl_scope_parse("admin"), FL_SCOPE_ADMIN);
	cr_assert_eq(fl_scope_parse("root"), FL_SCOPE_NONE);
	cr_assert(fl_scope_allows(FL_SCOPE_ADMIN, FL_SCOPE_UPLOAD));
	cr_assert(fl_scope_allows(FL_SCOPE_ADMIN, FL_SCOPE_READ));
	cr_assert(fl_scope_allows(FL_SCOPE_UPLOAD, FL_SCOPE_UPLOAD));
	cr_assert_not(fl_scope_allows(FL_SCOPE_UPLOAD, FL_SCOPE_READ));
	cr_assert_not(fl_scope_allows(FL_SCOPE_READ, FL_SCOPE_UPLOAD));
	cr_assert_not(fl_scope_allows(FL_SCOPE_READ, FL_SCOPE_ADMIN));
	cr_assert_not(fl_scope_allows(FL_SCOPE_NONE, FL_SCOPE_NONE));
}

static struct fl_store *temp_store(const char *name)
{
	char *dir = fl_test_tmpdir(name);
	char *path = fl_xasprintf("%s/s.db", dir);
	struct fl_store *s;
	cr_assert_eq(fl_store_open(&s, path, FL_STORE_CREATE, NULL), FL_OK);
	free(path);
	free(dir);
	return s;
}

Test(token, stored_as_hash_only)
{
	struct fl_store *s = temp_store("token_hash");
	char *tok;
	cr_assert_eq(fl_token_add(s, FL_SCOPE_READ, "ci", &tok, NULL), FL_OK);
	cr_assert_eq(strlen(tok), 44);
	cr_assert_eq(strncmp(tok, "flt_", 4), 0);
	char hex[65];
	fl_token_hash(tok, strlen(tok), hex);
	struct fl_stmt *st;
	cr_assert_eq(fl_store_prepare(s, "SELECT hash, scope, name FROM tokens", &st, NULL), FL_OK);
	cr_assert_eq(fl_stmt_step(st), 1);
	cr_assert_str_eq(fl_stmt_text(st, 0), hex);
	cr_assert_str_eq(fl_stmt_text(st, 1), "read");
	cr_assert_str_eq(fl_stmt_text(st, 2), "ci");
	fl_stmt_free(st);

	enum fl_scope scope;
	int64_t id = 0;
	cr_assert_eq(fl_token_check(s, tok, strlen(tok), &scope, &id, NULL), FL_OK);
	cr_assert_eq(scope, FL_SCOPE_READ);
	cr_assert_eq(id, 1);
	/* the hash itself is not a credential */
	cr_assert_eq(fl_token_check(s, hex, 64, &scope, &id, NULL), FL_ENOTFOUND);
	tok[10] ^= 1;
	cr_assert_eq(fl_token_check(s, tok, strlen(tok), &scope, &id, NULL), FL_ENOTFOUND);
	tok[10] ^= 1;
	cr_assert_eq(fl_store_exec(s, "UPDATE tokens SET revoked = 1", NULL), FL_OK);
	cr_assert_eq(fl_token_check(s, tok, strlen(tok), &scope, &id, NULL), FL_ENOTFOUND);
	free(tok);
	fl_store_close(s);
}

Test(token, tokens_differ)
{
	struct fl_store *s = temp_store("token_differ");
	char *a, *b;
	cr_assert_eq(fl_token_add(s, FL_SCOPE_UPLOAD, NULL, &a, NULL), FL_OK);
	cr_assert_eq(fl_token_add(s, FL_SCOPE_ADMIN, NULL, &b, NULL), FL_OK);
	cr_assert_str_neq(a, b);
	enum fl_scope scope;
	int64_t id;
	cr_assert_eq(fl_token_check(s, b, strlen(b), &scope, &id, NULL), FL_OK);
	cr_assert_eq(scope, FL_SCOPE_ADMIN);
	cr_assert_eq(id, 2);
	free(a);
	free(b);
	fl_store_close(s);
}

/* ---- rate limiter ---- */

Test(ratelimit, burst_then_refill)
{
	struct fl_ratelimit *rl = malloc(sizeof(*rl));
	fl_ratelimit_init(rl, 60, 3); /* one a minute, three at once */
	double retry = 0;
	for (int i = 0; i < 3; i++)
		cr_assert(fl_ratelimit_take(rl, 1, 100.0, &retry), "take %d", i);
	cr_assert_not(fl_ratelimit_take(rl, 1, 100.0, &retry));
	cr_assert_float_eq(retry, 60.0, 1e-6);
	/* another key has its own bucket */
	cr_assert(fl_ratelimit_take(rl, 2, 100.0, &retry));
	cr_assert_not(fl_ratelimit_take(rl, 1, 130.0, &retry));
	cr_assert_float_eq(retry, 30.0, 1e-6);
	cr_assert(fl_ratelimit_take(rl, 1, 160.0, &retry));
	cr_assert_not(fl_ratelimit_take(rl, 1, 160.0, &retry));
	/* a long pause refills only up to the burst */
	for (int i = 0; i < 3; i++)
		cr_assert(fl_ratelimit_take(rl, 1, 100000.0, &retry));
	cr_assert_not(fl_ratelimit_take(rl, 1, 100000.0, &retry));
	free(rl);
}

Test(ratelimit, zero_is_unlimited)
{
	struct fl_ratelimit *rl = malloc(sizeof(*rl));
	fl_ratelimit_init(rl, 0, 1);
	double retry;
	for (int i = 0; i < 1000; i++)
		cr_assert(fl_ratelimit_take(rl, 1, 1.0, &retry));
	free(rl);
}

Test(ratelimit, table_is_bounded)
{
	struct fl_ratelimit *rl = malloc(sizeof(*rl));
	fl_ratelimit_init(rl, 1, 1);
	double retry;
	cr_assert(fl_ratelimit_take(rl, 0, 0.0, &retry));
	cr_assert_not(fl_ratelimit_take(rl, 0, 1.0, &retry));
	/* FL_RATELIMIT_KEYS newer keys push key 0 out: it starts full again */
	for (int64_t k = 1; k <= FL_RATELIMIT_KEYS; k++)
		cr_assert(fl_ratelimit_take(rl, k, 2.0 + (double)k, &retry));
	cr_assert(fl_ratelimit_take(rl, 0, 1000.0, &retry));
	free(rl);
}

/* ---- metrics ---- */

static char *render(const struct fl_metrics *m)
{
	struct fl_buf b = FL_BUF_INIT;
	fl_metrics_render(m, "9.9.9", &b);
	return fl_buf_detach(&b);
}

Test(metrics, samples)
{
	struct fl_metrics m;
	memset(&m, 0, sizeof(m));
	m.resident_bytes = 4096;
	m.start_time = 1700000000.5;
	fl_metrics_request(&m, FL_ROUTE_UPLOAD, 202);
	fl_metrics_request(&m, FL_ROUTE_UPLOAD, 202);
	fl_metrics_request(&m, FL_ROUTE_REPORT, 404);
	fl_metrics_request(&m, FL_ROUTE_REPORT, 418);
	m.uploads[FL_UP_TOO_LARGE] = 3;
	m.upload_bytes = 12345;
	m.analyses[FL_AN_TIMEOUT] = 1;
	m.queue_length = 5;
	char *t = render(&m);
	static const char *const want[] = {
		"faultline_build_info{version=\"9.9.9\"} 1\n",
		"faultline_http_requests_total{handler=\"upload\",code=\"202\"} 2\n",
		"faultline_http_requests_total{handler=\"report\",code=\"404\"} 1\n",
		"faultline_http_requests_total{handler=\"report\",code=\"other\"} 1\n",
		"faultline_uploads_total{result=\"too_large\"} 3\n",
		"faultline_uploads_total{result=\"accepted\"} 0\n",
		"faultline_upload_bytes_total 12345\n",
		"faultline_analyses_total{result=\"timeout\"} 1\n",
		"faultline_analysis_queue_length 5\n",
		"faultline_process_start_time_seconds 1700000000.500\n",
		"faultline_process_resident_memory_bytes 4096\n",
	};
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++)
		cr_assert(strstr(t, want[i]), "missing %s", want[i]);
	cr_assert_null(strstr(t, "handler=\"metrics\""), "routes without requests have no series");
	free(t);
}

/* Every sample line belongs to the family whose # TYPE came last, and
 * every name is prefixed faultline_ (text format 0.0.4). */
Test(metrics, families_are_declared_before_samples)
{
	struct fl_metrics m;
	memset(&m, 0, sizeof(m));
	m.resident_bytes = -1;
	fl_metrics_request(&m, FL_ROUTE_HEALTHZ, 200);
	char *t = render(&m);
	cr_assert_null(strstr(t, "resident_memory"), "unknown RSS is left out");
	char family[128] = "", *save;
	int samples = 0;
	for (char *line = strtok_r(t, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		if (!strncmp(line, "# HELP ", 7))
			continue;
		if (!strncmp(line, "# TYPE ", 7)) {
			cr_assert_eq(sscanf(line + 7, "%127s", family), 1);
			cr_assert_eq(strncmp(family, "faultline_", 10), 0, "%s", family);
			continue;
		}
		size_t n = strlen(family);
		cr_assert(n && !strncmp(line, family, n) && (line[n] == ' ' || line[n] == '{'),
			  "'%s' outside its family '%s'", line, family);
		samples++;
	}
	cr_assert_gt(samples, 10);
	free(t);
}
