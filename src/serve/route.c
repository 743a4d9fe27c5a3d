/* SPDX-License-Identifier: MIT */
/*
 * route.c - what a request asks for, and the small header parsers.
 *
 * Everything here takes plain strings and touches no socket, so that a
 * fuzzer can feed it any bytes (docs/internals/serve.md). Paths are
 * matched exactly: no percent-decoding, no dot segments, no trailing
 * slashes; anything else is a 404.
 * Tested by: tests/unit/test_serve.c
 */
#include "faultline/serve.h"
#include "faultline/report.h"

#include <string.h>

static const char *const ROUTE_NAMES[FL_ROUTE_NKINDS] = {
	[FL_ROUTE_NONE] = "none",       [FL_ROUTE_HEALTHZ] = "healthz",
	[FL_ROUTE_METRICS] = "metrics", [FL_ROUTE_UPLOAD] = "upload",
	[FL_ROUTE_RUN] = "run",         [FL_ROUTE_REPORT] = "report",
	[FL_ROUTE_INDEX] = "index",     [FL_ROUTE_STATIC] = "static",
	[FL_ROUTE_TICKET] = "ticket",   [FL_ROUTE_DELETE] = "delete",
	[FL_ROUTE_REANALYZE] = "reanalyze",
};

const char *fl_route_name(enum fl_route_kind k)
{
	return (unsigned)k < FL_ROUTE_NKINDS ? ROUTE_NAMES[k] : "none";
}

/* A run id: 1 to 18 decimal digits, no sign, no leading zero; the length
 * of the digits read, 0 when there is none. */
static size_t parse_id(const char *s, int64_t *id)
{
	size_t n = 0;
	int64_t v = 0;
	while (s[n] >= '0' && s[n] <= '9' && n < 18)
		v = v * 10 + (s[n++] - '0');
	if (n == 0 || (s[0] == '0') || (s[n] >= '0' && s[n] <= '9'))
		return 0;
	*id = v;
	return n;
}

static const struct {
	const char *ext;
	enum fl_format fmt;
} REPORT_EXTS[] = {
	{ ".json", FL_FMT_JSON }, { ".md", FL_FMT_MD },
	{ ".html", FL_FMT_HTML }, { ".txt", FL_FMT_TEXT },
};

static bool parse_report(const char *rest, struct fl_route *r)
{
	size_t n = parse_id(rest, &r->run_id);
	if (!n)
		return false;
	if (!strcmp(rest + n, "/ticket")) {
		r->kind = FL_ROUTE_TICKET;
		return true;
	}
	for (size_t i = 0; i < sizeof(REPORT_EXTS) / sizeof(REPORT_EXTS[0]); i++)
		if (!strcmp(rest + n, REPORT_EXTS[i].ext)) {
			r->kind = FL_ROUTE_REPORT;
			r->format = REPORT_EXTS[i].fmt;
			return true;
		}
	return false;
}

/* The route of path alone, whatever the method. */
static void match_path(const char *path, struct fl_route *r)
{
	static const char runs_api[] = "/api/v1/runs/", runs_page[] = "/runs/";
	if (!strcmp(path, "/")) {
		r->kind = FL_ROUTE_INDEX;
	} else if (!strncmp(path, "/static/", 8) && path[8] && !strchr(path + 8, '/')) {
		r->kind = FL_ROUTE_STATIC;
	} else if (!strcmp(path, "/healthz")) {
		r->kind = FL_ROUTE_HEALTHZ;
	} else if (!strcmp(path, "/metrics")) {
		r->kind = FL_ROUTE_METRICS;
	} else if (!strcmp(path, "/api/v1/bundles")) {
		r->kind = FL_ROUTE_UPLOAD;
	} else if (!strncmp(path, runs_api, sizeof(runs_api) - 1)) {
		const char *rest = path + sizeof(runs_api) - 1;
		size_t n = parse_id(rest, &r->run_id);
		if (n && !rest[n])
			r->kind = FL_ROUTE_RUN;
		else if (n && !strcmp(rest + n, "/reanalyze"))
			r->kind = FL_ROUTE_REANALYZE;
	} else if (!strncmp(path, runs_page, sizeof(runs_page) - 1)) {
		parse_report(path + sizeof(runs_page) - 1, r);
	}
}

int fl_route_parse(const char *method, const char *path, struct fl_route *r)
{
	memset(r, 0, sizeof(*r));
	match_path(path, r);
	if (r->kind == FL_ROUTE_NONE)
		return 404;
	if (r->kind == FL_ROUTE_UPLOAD) {
		if (!strcmp(method, "PUT"))
			return 200;
		r->multipart = true;
		return strcmp(method, "POST") ? 405 : 200;
	}
	if (r->kind == FL_ROUTE_REANALYZE)
		return strcmp(method, "POST") ? 405 : 200;
	/* a run's resource: read with GET, removed with DELETE */
	if (r->kind == FL_ROUTE_RUN && !strcmp(method, "DELETE")) {
		r->kind = FL_ROUTE_DELETE;
		return 200;
	}
	/* HEAD is answered by the HTTP library from the GET response. */
	return strcmp(method, "GET") && strcmp(method, "HEAD") ? 405 : 200;
}

bool fl_parse_size(const char *s, uint64_t *out)
{
	uint64_t v = 0;
	size_t i = 0;
	for (; s[i] >= '0' && s[i] <= '9'; i++) {
		if (v > (UINT64_MAX - 9) / 10)
			return false;
		v = v * 10 + (uint64_t)(s[i] - '0');
	}
	if (i == 0)
		return false;
	int shift = 0;
	switch (s[i]) {
	case '\0': break;
	case 'K': case 'k': shift = 10; break;
	case 'M': case 'm': shift = 20; break;
	case 'G': case 'g': shift = 30; break;
	case 'T': case 't': shift = 40; break;
	default: return false;
	}
	if (shift && s[i + 1])
		return false;
	if (shift && v > (UINT64_MAX >> shift))
		return false;
	*out = v << shift;
	return true;
}

bool fl_bearer_token(const char *hdr, const char **tok, size_t *len)
{
	if (!hdr || strncasecmp(hdr, "Bearer ", 7))
		return false;
	const char *p = hdr + 7;
	while (*p == ' ')
		p++;
	size_t n = 0;
	/* RFC 6750 token68 characters only: a token never needs quoting. */
	while (p[n] && (strchr("-._~+/=", p[n]) || (p[n] >= '0' && p[n] <= '9') ||
			((p[n] | 0x20) >= 'a' && (p[n] | 0x20) <= 'z')))
		n++;
	size_t end = n;
	while (p[end] == ' ')
		end++;
	if (!n || p[end])
		return false;
	*tok = p;
	*len = n;
	return true;
}

bool fl_disposition_filename(const char *hdr, char *out, size_t cap)
{
	if (!hdr || !cap)
		return false;
	/* filename= as a parameter: after ';' and blanks, not inside filename*= */
	for (const char *p = strchr(hdr, ';'); p; p = strchr(p + 1, ';')) {
		const char *q = p + 1;
		while (*q == ' ' || *q == '\t')
			q++;
		if (strncasecmp(q, "filename=", 9))
			continue;
		q += 9;
		size_t n = 0;
		if (*q == '"') {
			for (q++; *q && *q != '"'; q++) {
				if (*q == '\\' && q[1])
					q++;
				if (n + 1 >= cap)
					return false;
				out[n++] = *q;
			}
			if (*q != '"')
				return false;
		} else {
			for (; *q && *q != ';' && *q != ' ' && *q != '\t'; q++) {
				if (n + 1 >= cap)
					return false;
				out[n++] = *q;
			}
		}
		out[n] = '\0';
		return n > 0;
	}
	return false;
}

void fl_upload_name(const char *name, char *out, size_t cap)
{
	const char *base = name ? name : "";
	for (const char *p = base; *p; p++)
		if (*p == '/' || *p == '\\')
			base = p + 1;
	size_t n = 0;
	for (const unsigned char *p = (const unsigned char *)base; *p && n + 1 < cap && n < 200;
	     p++)
		if (*p >= 0x20 && *p != 0x7f)
			out[n++] = (char)*p;
	/* Cut a UTF-8 sequence the length cap split. */
	while (n > 0 && ((unsigned char)out[n - 1] & 0x80)) {
		size_t start = n - 1;
		while (start > 0 && ((unsigned char)out[start] & 0xc0) == 0x80)
			start--;
		unsigned char lead = (unsigned char)out[start];
		size_t want = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 0;
		if (want && n - start == want)
			break;
		n = start;
	}
	out[n] = '\0';
	if (!n || !strcmp(out, ".") || !strcmp(out, ".."))
		snprintf(out, cap, "bundle");
}
