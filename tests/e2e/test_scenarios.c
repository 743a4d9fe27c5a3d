/* SPDX-License-Identifier: MIT */
/*
 * test_scenarios.c - every scenario bundle in testdata/scenarios/ through
 * the real binary, compared field by field with its expected.json.
 *
 * expected.json maps paths into the JSON report to values:
 *   "verdict.first_failure.rank": 11     the value must be equal
 *   "findings[].id": ["clock_skew"]      the values found across the array
 *                                        must include each listed value
 *   "!findings[].id": ["gpu_xid"]        ... and must include none of these
 * Each report is also kept in test-out/reports/ for the schema check, and
 * rendered as Markdown and HTML, which must not let log text through
 * unescaped.
 */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <dirent.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fl_test.h"

struct scenario {
	char name[256];
};

ParameterizedTestParameters(scenarios, expected)
{
	char dir[4096];
	snprintf(dir, sizeof(dir), "%s/scenarios", FL_TESTDATA_DIR);
	struct dirent **ents;
	int n = scandir(dir, &ents, NULL, alphasort);
	struct scenario *v = cr_malloc(sizeof(*v) * (size_t)(n > 0 ? n : 1));
	size_t k = 0;
	for (int i = 0; i < n; i++) {
		char path[8192];
		struct stat sb;
		snprintf(path, sizeof(path), "%s/%s/expected.json", dir, ents[i]->d_name);
		if (ents[i]->d_name[0] != '.' && stat(path, &sb) == 0)
			snprintf(v[k++].name, sizeof(v[0].name), "%s", ents[i]->d_name);
		free(ents[i]);
	}
	free(ents);
	return cr_make_param_array(struct scenario, v, k);
}

/* Values at a dotted path; a segment ending in [] fans out over an array. */
static void collect(json_t *node, char **segs, size_t n, json_t *out)
{
	if (n == 0) {
		json_array_append(out, node);
		return;
	}
	char name[256];
	snprintf(name, sizeof(name), "%s", segs[0]);
	size_t len = strlen(name);
	bool fan = len >= 2 && !strcmp(name + len - 2, "[]");
	if (fan)
		name[len - 2] = '\0';
	json_t *child = name[0] ? json_object_get(node, name) : node;
	if (!child)
		return;
	if (!fan) {
		collect(child, segs + 1, n - 1, out);
		return;
	}
	size_t i;
	json_t *el;
	json_array_foreach(child, i, el)
		collect(el, segs + 1, n - 1, out);
}

static json_t *values_at(json_t *root, const char *path)
{
	char *copy = strdup(path);
	char *segs[32];
	size_t n = 0;
	for (char *save = NULL, *s = strtok_r(copy, ".", &save); s && n < 32;
	     s = strtok_r(NULL, ".", &save))
		segs[n++] = s;
	json_t *out = json_array();
	collect(root, segs, n, out);
	free(copy);
	return out;
}

static bool same(json_t *a, json_t *b)
{
	if (json_is_number(a) && json_is_number(b))
		return json_number_value(a) == json_number_value(b);
	return json_equal(a, b);
}

static bool contains(json_t *arr, json_t *v)
{
	size_t i;
	json_t *el;
	json_array_foreach(arr, i, el)
		if (same(el, v))
			return true;
	return false;
}

static void check_key(const char *scen, json_t *report, const char *key, json_t *want)
{
	bool negate = key[0] == '!';
	const char *path = negate ? key + 1 : key;
	json_t *got = values_at(report, path);
	bool fan = strstr(path, "[]") != NULL;
	if (fan) {
		size_t i;
		json_t *w;
		json_array_foreach(want, i, w) {
			char *ws = json_dumps(w, JSON_ENCODE_ANY);
			char *gs = json_dumps(got, JSON_COMPACT);
			if (negate)
				cr_expect(!contains(got, w), "%s: %s must not include %s (got %s)", scen,
					  path, ws, gs);
			else
				cr_expect(contains(got, w), "%s: %s must include %s (got %s)", scen, path,
					  ws, gs);
			free(ws);
			free(gs);
		}
	} else {
		char *ws = json_dumps(want, JSON_ENCODE_ANY);
		json_t *g = json_array_size(got) ? json_array_get(got, 0) : NULL;
		char *gs = g ? json_dumps(g, JSON_ENCODE_ANY) : strdup("(missing)");
		cr_expect(g && same(g, want), "%s: %s: expected %s, got %s", scen, path, ws, gs);
		free(ws);
		free(gs);
	}
	json_decref(got);
}

/* Length of a backtick fence at the start of a line, 0 if none. */
static size_t fence_len(const char *p)
{
	size_t n = 0;
	while (p[n] == '`')
		n++;
	return n >= 3 ? n : 0;
}

/* True when raw `tag` appears in Markdown outside code blocks and spans,
 * where a renderer would take it for HTML. */
static bool md_raw_tag(const char *doc, const char *tag)
{
	size_t open = 0;
	for (const char *ln = doc; *ln;) {
		const char *nl = strchr(ln, '\n');
		size_t len = nl ? (size_t)(nl - ln) : strlen(ln);
		size_t f = fence_len(ln);
		if (f && (open == 0 || f >= open)) {
			open = open ? 0 : f;
		} else if (!open) {
			/* drop inline code spans: text between matching backtick runs */
			char *line = strndup(ln, len);
			char *w = line;
			for (char *r = line; *r;) {
				if (*r == '`') {
					size_t run = strspn(r, "`");
					char *close = r + run;
					while ((close = strchr(close, '`')) && strspn(close, "`") != run)
						close += strspn(close, "`");
					if (close) {
						r = close + run;
						continue;
					}
				}
				*w++ = *r++;
			}
			*w = '\0';
			bool hit = strstr(line, tag) != NULL;
			free(line);
			if (hit)
				return true;
		}
		ln += len + (nl ? 1 : 0);
	}
	return false;
}

/* Markdown and HTML must carry log text only as escaped data. */
static void check_rendering(const char *scen, struct fl_session *t)
{
	static const char *const fmts[] = { "md", "html", "text" };
	for (size_t i = 0; i < 3; i++) {
		char name[32];
		snprintf(name, sizeof(name), "report.%s", fmts[i]);
		char *out = fl_session_path(t, name);
		cr_expect_eq(fl_session_run(t, "report", "last", "--db", t->db, "--format", fmts[i],
					    "-o", out, NULL),
			     0, "%s: report --format %s failed: %s", scen, fmts[i], t->err);
		size_t len;
		char *doc = fl_test_slurp(out, &len);
		cr_assert(doc && len > 100, "%s: empty %s report", scen, fmts[i]);
		if (!strcmp(fmts[i], "html")) {
			cr_expect(!strstr(doc, "<script"), "%s: raw <script in html report", scen);
			cr_expect(!strstr(doc, "<img"), "%s: raw <img in html report", scen);
		} else if (!strcmp(fmts[i], "md")) {
			cr_expect(!md_raw_tag(doc, "<script"), "%s: raw <script in md report", scen);
			cr_expect(!md_raw_tag(doc, "<img"), "%s: raw <img in md report", scen);
		}
		cr_expect(strlen(doc) == len, "%s: NUL byte in %s report", scen, fmts[i]);
		free(doc);
		free(out);
	}
}

/* The job's sizes the pipeline keeps as it writes the events
 * (runs.world_size_max, nccl_nranks_max) are what the stored events
 * state, read as the analysis read them before it kept them. */
static void check_kept_sizes(const char *name, struct fl_session *t)
{
	json_t *rows = fl_session_json(
		t, (const char *[]){
			   "sql",
			   "SELECT world_size_max AS kept, (SELECT MAX(json_extract(fields,"
			   " '$.world_size')) FROM events WHERE run_id = r.id AND"
			   " json_extract(fields, '$.world_size') > 0) AS said, nccl_nranks_max AS"
			   " kept_n, (SELECT MAX(json_extract(fields, '$.nranks')) FROM events WHERE"
			   " run_id = r.id AND kind IN ('nccl.init_complete', 'nccl.init_start',"
			   " 'nccl.comm_topo', 'nccl.init_timings')) AS said_n FROM runs r",
			   NULL });
	cr_assert_eq(json_array_size(rows), 1, "%s", name);
	json_t *row = json_array_get(rows, 0);
	cr_expect(json_equal(json_object_get(row, "kept"), json_object_get(row, "said")),
		  "%s: world_size kept %lld, the events say %lld (0: none)", name,
		  json_integer_value(json_object_get(row, "kept")),
		  json_integer_value(json_object_get(row, "said")));
	cr_expect(json_equal(json_object_get(row, "kept_n"), json_object_get(row, "said_n")),
		  "%s: NCCL nranks kept %lld, the events say %lld (0: none)", name,
		  json_integer_value(json_object_get(row, "kept_n")),
		  json_integer_value(json_object_get(row, "said_n")));
	json_decref(rows);
}

ParameterizedTest(struct scenario *sc, scenarios, expected, .timeout = 120)
{
	struct fl_session t;
	fl_session_init(&t, sc->name);
	char bundle[4096], expected[4096], keep[4096];
	snprintf(bundle, sizeof(bundle), "%s/scenarios/%s/bundle", FL_TESTDATA_DIR, sc->name);
	snprintf(expected, sizeof(expected), "%s/scenarios/%s/expected.json", FL_TESTDATA_DIR,
		 sc->name);
	json_t *got = fl_session_analyze(&t, bundle, NULL, NULL);
	check_kept_sizes(sc->name, &t);
	json_error_t jerr;
	json_t *want = json_load_file(expected, 0, &jerr);
	cr_assert(want, "%s: bad expected.json: %s", sc->name, jerr.text);
	const char *key;
	json_t *val;
	json_object_foreach(want, key, val)
		check_key(sc->name, got, key, val);
	/* kept for the schema test */
	snprintf(keep, sizeof(keep), "%s/reports", FL_TEST_OUT);
	mkdir(keep, 0755);
	snprintf(keep, sizeof(keep), "%s/reports/%s.json", FL_TEST_OUT, sc->name);
	json_dump_file(got, keep, JSON_INDENT(1));
	check_rendering(sc->name, &t);
	json_decref(got);
	json_decref(want);
	fl_session_release(&t);
}
