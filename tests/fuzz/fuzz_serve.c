/* SPDX-License-Identifier: MIT */
/*
 * fuzz_serve.c - the upload service's request and metadata parsing
 * (src/serve/route.c, upload.c): the request line's method and path, an
 * Authorization header, a Content-Disposition header, the file name made
 * of it, and a size.
 *
 * Input: up to five NUL- or newline-separated fields, in that order; a
 * missing field is empty. A route must be one of the three answers, a
 * bearer token a view inside its header, a file name NUL-terminated
 * within its buffer, and an upload name at most 200 bytes, never empty,
 * without '/' or control bytes.
 */
#include "fuzz.h"

#include <string.h>

#include "faultline/serve.h"

/* The next field of [*p, end) as a NUL-terminated copy (caller frees). */
static char *field(const char **p, const char *end)
{
	const char *s = *p;
	const char *e = s;
	while (e < end && *e != '\n' && *e != '\0')
		e++;
	*p = e < end ? e + 1 : end;
	return fl_xstrndup(s, (size_t)(e - s));
}

static void check_upload_name(const char *name)
{
	char out[256];
	memset(out, 'x', sizeof(out));
	fl_upload_name(name, out, 201);
	size_t n = strnlen(out, 201);
	FUZZ_ASSERT(n > 0 && n <= 200);
	FUZZ_ASSERT(!strchr(out, '/') && strcmp(out, ".") && strcmp(out, ".."));
	for (size_t i = 0; i < n; i++)
		FUZZ_ASSERT((unsigned char)out[i] >= 0x20 && out[i] != 0x7f);
	FUZZ_ASSERT(out[201] == 'x'); /* nothing written past cap */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *p = (const char *)data, *end = p + size;
	char *method = field(&p, end), *path = field(&p, end), *auth = field(&p, end);
	char *disp = field(&p, end), *sz = field(&p, end);

	struct fl_route r;
	int code = fl_route_parse(method, path, &r);
	FUZZ_ASSERT(code == 200 || code == 404 || code == 405);
	FUZZ_ASSERT(r.kind >= FL_ROUTE_NONE && r.kind < FL_ROUTE_NKINDS);
	FUZZ_ASSERT(fl_route_name(r.kind));

	const char *tok;
	size_t len;
	if (fl_bearer_token(auth, &tok, &len))
		FUZZ_ASSERT(tok >= auth && tok + len <= auth + strlen(auth));

	char name[64];
	memset(name, 'x', sizeof(name));
	if (fl_disposition_filename(disp, name, 48)) {
		FUZZ_ASSERT(memchr(name, '\0', 48));
		check_upload_name(name);
	}
	FUZZ_ASSERT(name[48] == 'x');
	check_upload_name(disp);

	uint64_t v;
	fl_parse_size(sz, &v);

	free(method);
	free(path);
	free(auth);
	free(disp);
	free(sz);
	return 0;
}
