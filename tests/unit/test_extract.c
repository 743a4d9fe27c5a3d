/* SPDX-License-Identifier: MIT */
/*
 * test_extract.c - typed values, loading pattern files, `patterns check`,
 * and the matcher (src/extract/).
 */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>

#include <dirent.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "extract/extract_int.h"
#include "faultline/extract.h"
#include "fl_test.h"
#include "match_ahead.h"

/* ---- fl_value_parse ---- */

enum fkind { F_NUM, F_NAN, F_PINF, F_NINF };

struct value_case {
	int type;
	char in[32];
	bool ok;
	int64_t i;
	double f;
	int fkind;
};

static struct value_case value_cases[] = {
	{ FL_FT_INT, "42", true, 42, 0, 0 },
	{ FL_FT_INT, "-17", true, -17, 0, 0 },
	{ FL_FT_INT, "1,234,567", true, 1234567, 0, 0 },
	{ FL_FT_INT, " 12 ", true, 12, 0, 0 },
	{ FL_FT_INT, "12abc", false, 0, 0, 0 },
	{ FL_FT_INT, "", false, 0, 0, 0 },
	{ FL_FT_INT, "1.5", false, 0, 0, 0 },
	{ FL_FT_FLOAT, "nan", true, 0, 0, F_NAN },
	{ FL_FT_FLOAT, "NaN", true, 0, 0, F_NAN },
	{ FL_FT_FLOAT, "-inf", true, 0, 0, F_NINF },
	{ FL_FT_FLOAT, "inf", true, 0, 0, F_PINF },
	{ FL_FT_FLOAT, "2.345678E+00", true, 0, 2.345678, F_NUM },
	{ FL_FT_FLOAT, "1.5e-3", true, 0, 0.0015, F_NUM },
	{ FL_FT_FLOAT, "45.2%", true, 0, 45.2, F_NUM },
	{ FL_FT_FLOAT, "1,234.5", true, 0, 1234.5, F_NUM },
	{ FL_FT_FLOAT, "-3", true, 0, -3.0, F_NUM },
	{ FL_FT_FLOAT, "abc", false, 0, 0, F_NUM },
	{ FL_FT_FLOAT, "1.5x", false, 0, 0, F_NUM },
	/* metric suffixes (nanotron), decimal; placeholders do not parse */
	{ FL_FT_FLOAT, "634K", true, 0, 634e3, F_NUM },
	{ FL_FT_FLOAT, "1.78K", true, 0, 1780, F_NUM },
	{ FL_FT_FLOAT, "75.2M", true, 0, 75.2e6, F_NUM },
	{ FL_FT_FLOAT, "85.8G", true, 0, 85.8e9, F_NUM },
	{ FL_FT_FLOAT, "1.1B", true, 0, 1.1e9, F_NUM },
	{ FL_FT_FLOAT, "3T", true, 0, 3e12, F_NUM },
	{ FL_FT_FLOAT, "12KB", false, 0, 0, F_NUM },
	{ FL_FT_FLOAT, "K", false, 0, 0, F_NUM },
	{ FL_FT_FLOAT, "-", false, 0, 0, F_NUM },
	{ FL_FT_FLOAT, "N/A", false, 0, 0, F_NUM },
	{ FL_FT_SIZE, "2.00 GiB", true, INT64_C(2147483648), 0, 0 },
	{ FL_FT_SIZE, "512 bytes", true, 512, 0, 0 },
	{ FL_FT_SIZE, "12.3GB", true, INT64_C(13207024435), 0, 0 },
	{ FL_FT_SIZE, "1024 kB", true, 1048576, 0, 0 },
	{ FL_FT_SIZE, "53312244kB", true, INT64_C(54591737856), 0, 0 },
	{ FL_FT_SIZE, "1.5 MiB", true, 1572864, 0, 0 },
	{ FL_FT_SIZE, "4096", true, 4096, 0, 0 },
	{ FL_FT_SIZE, "-1 GiB", false, 0, 0, 0 },
	{ FL_FT_SIZE, "5 parsecs", false, 0, 0, 0 },
	{ FL_FT_HEX, "0x1f", true, 31, 0, 0 },
	{ FL_FT_HEX, "1f", true, 31, 0, 0 },
	{ FL_FT_HEX, "0X1F", true, 31, 0, 0 },
	{ FL_FT_HEX, "0xdeadbeef", true, INT64_C(3735928559), 0, 0 },
	{ FL_FT_HEX, "xyz", false, 0, 0, 0 },
	{ FL_FT_HEX, "0x", false, 0, 0, 0 },
	{ FL_FT_TIME, "2024-03-25T20:57:27Z", true, INT64_C(1711400247000000), 0, 0 },
	{ FL_FT_TIME, "not a time", false, 0, 0, 0 },
	{ FL_FT_STR, "anything at all", true, 0, 0, 0 },
};

ParameterizedTestParameters(value, parse)
{
	return cr_make_param_array(struct value_case, value_cases,
				   sizeof(value_cases) / sizeof(value_cases[0]));
}

ParameterizedTest(struct value_case *c, value, parse)
{
	struct fl_value v;
	int rc = fl_value_parse((enum fl_ftype)c->type, c->in, strlen(c->in), &v);
	const char *tn = fl_ftype_name((enum fl_ftype)c->type);
	cr_assert_eq(v.ok, c->ok, "%s '%s': ok=%d", tn, c->in, v.ok);
	cr_assert_eq(rc, c->ok ? FL_OK : FL_EFORMAT, "%s '%s': rc=%d", tn, c->in, rc);
	cr_assert_eq((int)v.type, c->type);
	if (!c->ok)
		return;
	if (c->type == FL_FT_FLOAT) {
		switch (c->fkind) {
		case F_NAN: cr_assert(isnan(v.f), "'%s' -> %g", c->in, v.f); break;
		case F_PINF: cr_assert(isinf(v.f) && v.f > 0, "'%s' -> %g", c->in, v.f); break;
		case F_NINF: cr_assert(isinf(v.f) && v.f < 0, "'%s' -> %g", c->in, v.f); break;
		default: cr_assert_float_eq(v.f, c->f, 1e-12, "'%s' -> %.17g", c->in, v.f);
		}
	} else if (c->type != FL_FT_STR) {
		cr_assert_eq(v.i, c->i, "%s '%s' -> %lld, want %lld", tn, c->in, (long long)v.i,
			     (long long)c->i);
	}
}

Test(value, decimals_round_exactly_as_strtod)
{
	/* Plain decimals skip strtod(); the double must be the very same. */
	const char *in[] = { "0.1", "-0.3", "2.675", "126.60", "-0", "0.000000000000001", "1.", ".5",
			     "999999999999999", "1234567890.12345", "9007199254740993.5",
			     "12345678901234567", "0x1A", "1e3" };
	for (size_t i = 0; i < sizeof(in) / sizeof(in[0]); i++) {
		struct fl_value v;
		cr_assert_eq(fl_value_parse(FL_FT_FLOAT, in[i], strlen(in[i]), &v), FL_OK, "'%s'",
			     in[i]);
		double want = strtod(in[i], NULL);
		cr_assert(memcmp(&v.f, &want, sizeof(want)) == 0, "'%s' -> %.17g, strtod %.17g",
			  in[i], v.f, want);
	}
}

Test(value, integers_read_exactly_as_strtoll)
{
	/* Short plain integers skip strtoll(); sign, width, separators and
	 * white space must come out the same either way. */
	const char *in[] = { "0", "+7", "-0", "007", "123456789012345678", "999999999999999999",
			     "1234567890123456789", "9223372036854775807", "-9223372036854775808",
			     "\t42\n", "1,000", "-1,000,000" };
	for (size_t i = 0; i < sizeof(in) / sizeof(in[0]); i++) {
		struct fl_value v;
		cr_assert_eq(fl_value_parse(FL_FT_INT, in[i], strlen(in[i]), &v), FL_OK, "'%s'",
			     in[i]);
		char plain[32];
		size_t k = 0;
		for (const char *p = in[i]; *p; p++)
			if (*p != ',')
				plain[k++] = *p;
		plain[k] = '\0';
		cr_assert_eq(v.i, strtoll(plain, NULL, 10), "'%s' -> %lld", in[i], (long long)v.i);
	}
	const char *bad[] = { "-", "+", "1,", ",1", "1 2", "1-" };
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct fl_value v;
		cr_assert_eq(fl_value_parse(FL_FT_INT, bad[i], strlen(bad[i]), &v), FL_EFORMAT,
			     "'%s'", bad[i]);
	}
}

Test(value, explicit_length)
{
	struct fl_value v;
	cr_assert_eq(fl_value_parse(FL_FT_INT, "123456", 3, &v), FL_OK);
	cr_assert_eq(v.i, 123);
}

Test(value, type_names_round_trip)
{
	for (int t = FL_FT_STR; t <= FL_FT_TIME; t++)
		cr_assert_eq((int)fl_ftype_from_name(fl_ftype_name((enum fl_ftype)t)), t);
	cr_assert_eq(fl_ftype_from_name("bogus"), FL_FT_STR);
	cr_assert_str_eq(fl_severity_name(FL_SEV_FATAL), "fatal");
	cr_assert_str_eq(fl_severity_name(FL_SEV_WARNING), "warning");
}

/* ---- loading ---- */

static char *write_pat(const char *dir, const char *name, const char *text)
{
	char *path = fl_xasprintf("%s/%s", dir, name);
	cr_assert(fl_test_write(path, text, strlen(text)), "cannot write %s", path);
	return path;
}

static const char VALID[] = "# a comment\n"
			    "name:     t.ib.completion\n"
			    "kind:     nccl.ib_error\n"
			    "severity: error\n"
			    "literal:  Got completion from peer\n"
			    "regex:    NCCL WARN NET/IB ?: Got completion from peer (?<peer>\\S+) with "
			    "error (?<status>\\d+)\n"
			    "type:     status=int\n"
			    "priority: 3\n"
			    "doc:      IB work completion failed\n"
			    "example:  H100-2:19989:20082 [1] transport/net_ib.cc:1295 NCCL WARN NET/IB "
			    ": Got completion from peer fe80::1%ib0<53249> with error 4, opcode 1\n"
			    "expect:   peer=fe80::1%ib0<53249>\n"
			    "expect:   status=4\n"
			    "not:      H100-2:19989:20082 [1] NCCL INFO transport/net.cc:1008 -> 6\n";

static struct fl_patterns *load_one(const char *dir)
{
	struct fl_patterns *p = NULL;
	struct fl_err err = { 0 };
	const char *dirs[] = { dir };
	int rc = fl_patterns_load(&p, dirs, 1, &err);
	cr_assert_eq(rc, FL_OK, "load failed: %s", err.msg);
	cr_assert_not_null(p);
	return p;
}

Test(patterns_load, valid_file)
{
	char *dir = fl_test_tmpdir("pat-valid");
	char *path = write_pat(dir, "ib.pat", VALID);
	free(write_pat(dir, "ignored.txt", "not a pattern file at all\n"));
	struct fl_patterns *p = load_one(dir);
	cr_assert_eq(fl_patterns_count(p), 1);
	const struct fl_pattern_info *pi = fl_patterns_info(p, 0);
	cr_assert_str_eq(pi->name, "t.ib.completion");
	cr_assert_str_eq(pi->kind, "nccl.ib_error");
	cr_assert_str_eq(pi->doc, "IB work completion failed");
	cr_assert_str_eq(pi->file, path);
	cr_assert_eq(pi->line, 2);
	cr_assert_eq(pi->priority, 3);
	cr_assert_eq(pi->severity, FL_SEV_ERROR);
	cr_assert_eq(pi->block, false);
	cr_assert_null(fl_patterns_info(p, 1));
	cr_assert_eq(strlen(fl_patterns_digest(p)), 16);

	struct fl_check_result res;
	fl_patterns_check(p, &res);
	cr_assert_eq(res.failures, 0, "%s", res.report.ptr ? res.report.ptr : "");
	cr_assert_eq(res.patterns, 1);
	cr_assert_eq(res.examples, 1);
	fl_check_result_release(&res);
	fl_patterns_free(p);
	free(path);
	free(dir);
}

struct bad_case {
	char text[400];
	int line;        /* line named in the message */
	char needle[64]; /* and a word of the message */
};

static struct bad_case bad_cases[] = {
	{ "name: a\nkind: k\nseverity: error\nliteral: xxx\nregex: xxx\nbogus: 1\nexample: xxx\n", 6,
	  "unknown key 'bogus'" },
	{ "# missing severity\nname: a\nkind: k\nliteral: xxx\nregex: xxx\nexample: xxx\n", 2,
	  "severity" },
	{ "name: a\nkind: k\nseverity: error\nliteral: xxx\nregex: foo(bar\nexample: xxx\n", 5,
	  "offset 7" },
	{ "name: a\nkind: k\nseverity: error\nliteral: xxx\nregex: (?<n>x)\ntype: nope=int\n"
	  "example: xxx\n",
	  6, "unknown capture 'nope'" },
	{ "name: a\nkind: k\nseverity: error\nliteral: xxx\nregex: xxx\nexample: xxx\n\n"
	  "name: b\nkind: k\nseverity: error\nliteral: yyy\nregex: yyy\nexample: yyy\n\n"
	  "name: a\nkind: k\nseverity: error\nliteral: zzz\nregex: zzz\nexample: zzz\n",
	  15, "duplicate" },
	{ "name: a\nkind: k\nseverity: critical\nliteral: xxx\nregex: xxx\n", 3, "severity" },
	{ "name: a\nkind: k\nseverity: error\nliteral: xxx\nregex: (?<n>x)\ntype: n=bogus\n", 6,
	  "bad type" },
	{ "name: a\nkind: k\nseverity: error\nliteral: xxx\nregex: xxx\nexpect: n=1\n", 6,
	  "before any" },
	{ "name: a\nkind: k\nseverity: error\nliteral: xxx\nregex: xxx\nexample: xxx\n  indented\n", 7,
	  "continues no regex" },
	{ "name: a\nkind: k\nseverity: error\nregex: xxx\nexample: xxx\n", 1, "literal" },
	{ "name: a\nkind: k\nseverity: error\nliteral: xxx\nexample: xxx\n", 1, "regex" },
	{ "name: a\nname: b\n", 2, "twice" },
	{ "this is not a key value line\n", 1, "key: value" },
	{ "name: a\nkind: k\nseverity: info\nstore: twice\nliteral: xxx\nregex: xxx\n", 4,
	  "store must be once" },
	/* a warning says something of the rank that logged it */
	{ "name: a\nkind: k\nseverity: warning\nstore: once\nliteral: xxx\nregex: xxx\n", 1,
	  "needs severity info" },
};

ParameterizedTestParameters(patterns_load, refused)
{
	return cr_make_param_array(struct bad_case, bad_cases,
				   sizeof(bad_cases) / sizeof(bad_cases[0]));
}

ParameterizedTest(struct bad_case *c, patterns_load, refused)
{
	char *dir = fl_test_tmpdir("pat-bad");
	char *path = write_pat(dir, "bad.pat", c->text);
	struct fl_patterns *p = NULL;
	struct fl_err err = { 0 };
	const char *dirs[] = { dir };
	int rc = fl_patterns_load(&p, dirs, 1, &err);
	cr_assert_eq(rc, FL_EPATTERN, "accepted:\n%s", c->text);
	cr_assert_null(p);
	cr_assert_eq(err.code, FL_EPATTERN);
	char *where = fl_xasprintf("%s:%d: ", path, c->line);
	cr_assert_not_null(strstr(err.msg, where), "message '%s' lacks '%s'", err.msg, where);
	cr_assert_not_null(strstr(err.msg, c->needle), "message '%s' lacks '%s'", err.msg,
			   c->needle);
	free(where);
	free(path);
	free(dir);
}

Test(patterns_load, missing_or_empty_directory)
{
	struct fl_patterns *p = NULL;
	struct fl_err err = { 0 };
	const char *missing[] = { "/nonexistent/faultline/patterns" };
	cr_assert_eq(fl_patterns_load(&p, missing, 1, &err), FL_EPATTERN);
	cr_assert_not_null(strstr(err.msg, "/nonexistent/faultline/patterns"), "%s", err.msg);
	char *dir = fl_test_tmpdir("pat-empty");
	const char *empty[] = { dir };
	cr_assert_eq(fl_patterns_load(&p, empty, 1, &err), FL_EPATTERN);
	cr_assert_null(p);
	free(dir);
}

static const char *const OVERRIDE_BASE = "name: x.same\nkind: k.shipped\nseverity: info\n"
					 "literal: ALPHA\nregex: ALPHA\nexample: ALPHA\n\n"
					 "name: x.other\nkind: k.other\nseverity: info\n"
					 "literal: GAMMA\nregex: GAMMA\nexample: GAMMA\n";
static const char *const OVERRIDE_USER = "name: x.same\nkind: k.user\nseverity: fatal\n"
					 "literal: BETA\nregex: BETA\nexample: BETA\n";

struct got_event {
	char pat[64];
	char kind[64];
	uint64_t lineno;
	unsigned nlines;
	int64_t rank;
	char text[1024];
	size_t ncap;
	char cap_name[FL_MAX_CAPS][32];
	char cap_val[FL_MAX_CAPS][128];
};

struct events {
	struct got_event v[64];
	size_t n;
};

static int collect(void *ctx, const struct fl_event *ev)
{
	struct events *e = ctx;
	cr_assert_lt(e->n, 64);
	struct got_event *g = &e->v[e->n++];
	memset(g, 0, sizeof(*g));
	snprintf(g->pat, sizeof(g->pat), "%s", ev->pat->name);
	snprintf(g->kind, sizeof(g->kind), "%s", ev->pat->kind);
	g->lineno = ev->lineno;
	g->nlines = ev->nlines;
	g->rank = ev->attr.rank;
	snprintf(g->text, sizeof(g->text), "%.*s", (int)ev->text_len, ev->text);
	g->ncap = ev->ncap;
	for (size_t i = 0; i < ev->ncap; i++) {
		snprintf(g->cap_name[i], sizeof(g->cap_name[i]), "%s", ev->caps[i].name);
		snprintf(g->cap_val[i], sizeof(g->cap_val[i]), "%.*s", (int)ev->caps[i].len,
			 ev->caps[i].ptr);
	}
	return 0;
}

static const char *cap(const struct got_event *g, const char *name)
{
	for (size_t i = 0; i < g->ncap; i++)
		if (!strcmp(g->cap_name[i], name))
			return g->cap_val[i];
	return NULL;
}

/* Attributes and matches lines as one member would be. */
static void run_lines(const struct fl_patterns *p, const char *const *lines, size_t n,
		      struct events *out)
{
	struct fl_attr_bundle b = { 0, 0, 0 };
	struct fl_attr_file *f = fl_attr_file_new("train.log", &b);
	struct fl_matcher *m = fl_matcher_new(p);
	memset(out, 0, sizeof(*out));
	uint64_t off = 0;
	for (size_t i = 0; i < n; i++) {
		struct fl_attr a;
		size_t len = strlen(lines[i]);
		fl_attr_line(f, lines[i], len, &a);
		cr_assert_eq(fl_matcher_line(m, &a, lines[i], len, i + 1, off, collect, out), 0);
		off += len + 1;
	}
	cr_assert_eq(fl_matcher_flush(m, collect, out), 0);
	fl_matcher_free(m);
	fl_attr_file_free(f);
}

static size_t count_pat(const struct events *e, const char *name)
{
	size_t k = 0;
	for (size_t i = 0; i < e->n; i++)
		k += !strcmp(e->v[i].pat, name);
	return k;
}

Test(patterns_load, later_directory_overrides)
{
	char *base = fl_test_tmpdir("pat-base");
	char *user = fl_test_tmpdir("pat-user");
	free(write_pat(base, "a.pat", OVERRIDE_BASE));
	char *upath = write_pat(user, "mine.pat", OVERRIDE_USER);

	struct fl_patterns *shipped = load_one(base);
	cr_assert_eq(fl_patterns_count(shipped), 2);

	struct fl_patterns *p = NULL;
	struct fl_err err = { 0 };
	const char *dirs[] = { base, user };
	cr_assert_eq(fl_patterns_load(&p, dirs, 2, &err), FL_OK, "%s", err.msg);
	cr_assert_eq(fl_patterns_count(p), 2, "replaced, not added");
	const struct fl_pattern_info *same = NULL;
	for (size_t i = 0; i < fl_patterns_count(p); i++)
		if (!strcmp(fl_patterns_info(p, i)->name, "x.same"))
			same = fl_patterns_info(p, i);
	cr_assert_not_null(same);
	cr_assert_str_eq(same->kind, "k.user");
	cr_assert_eq(same->severity, FL_SEV_FATAL);
	cr_assert_str_eq(same->file, upath);
	cr_assert_str_neq(fl_patterns_digest(p), fl_patterns_digest(shipped));

	struct events ev;
	const char *lines[] = { "ALPHA", "BETA", "GAMMA" };
	run_lines(p, lines, 3, &ev);
	cr_assert_eq(ev.n, 2);
	cr_assert_str_eq(ev.v[0].kind, "k.user");
	cr_assert_eq(ev.v[0].lineno, 2);
	cr_assert_str_eq(ev.v[1].kind, "k.other");

	fl_patterns_free(shipped);
	fl_patterns_free(p);
	free(upath);
	free(base);
	free(user);
}

/* Names are unique within a set: two files of the same directory defining
 * the same name is a mistake, not an override. finish_stanza() in
 * src/extract/pat_load.c only refuses duplicates within one file, so the
 * second file silently replaces the first's pattern. Documents the bug. */
Test(patterns_load, duplicate_name_across_files_of_one_directory)
{
	char *dir = fl_test_tmpdir("pat-dup2");
	free(write_pat(dir, "a.pat", OVERRIDE_BASE));
	char *bpath = write_pat(dir, "b.pat", OVERRIDE_USER);
	struct fl_patterns *p = NULL;
	struct fl_err err = { 0 };
	const char *dirs[] = { dir };
	int rc = fl_patterns_load(&p, dirs, 1, &err);
	fl_patterns_free(p);
	cr_assert_eq(rc, FL_EPATTERN, "duplicate 'x.same' in a.pat and b.pat was accepted");
	char *where = fl_xasprintf("%s:1: ", bpath);
	cr_assert_not_null(strstr(err.msg, where), "%s", err.msg);
	free(where);
	free(bpath);
	free(dir);
}

/* ---- check ---- */

static const char CHECK_SET[] =
	"name: c.nomatch\n"          /* 1 */
	"kind: k\n"                  /* 2 */
	"severity: error\n"          /* 3 */
	"literal: Disk\n"            /* 4 */
	"regex: Disk (?<dev>\\w+) failed\n" /* 5 */
	"example: Disk sda is fine\n" /* 6: does not match */
	"\n"                         /* 7 */
	"name: c.wrongexpect\n"      /* 8 */
	"kind: k\n"                  /* 9 */
	"severity: error\n"          /* 10 */
	"literal: code\n"            /* 11 */
	"regex: exit code (?<code>\\d+)\n" /* 12 */
	"type: code=int\n"           /* 13 */
	"example: worker exit code 4\n" /* 14 */
	"expect: code=5\n"           /* 15: wrong */
	"\n"                         /* 16 */
	"name: c.badnot\n"           /* 17 */
	"kind: k\n"                  /* 18 */
	"severity: warning\n"        /* 19 */
	"literal: slow\n"            /* 20 */
	"regex: slow step (?<ms>\\d+)\n" /* 21 */
	"example: slow step 900 ms\n" /* 22 */
	"not: slow step 12 ms\n"      /* 23: matches */
	"\n"                         /* 24 */
	"name: c.good\n"             /* 25 */
	"kind: k\n"                  /* 26 */
	"severity: info\n"           /* 27 */
	"literal: loaded\n"          /* 28 */
	"regex: loaded (?<n>[\\d,]+) shards of (?<sz>.+)$\n" /* 29 */
	"type: n=int sz=size\n"      /* 30 */
	"example: [rank2]: loaded 1,024 shards of 2.00 GiB\n" /* 31 */
	"expect: n=1024\n"           /* 32 */
	"expect: sz=2147483648\n"    /* 33 */
	"expect: rank=2\n"           /* 34 */
	"not: unloaded nothing\n";   /* 35 */

Test(patterns_check, reports_each_failure_with_file_and_line)
{
	char *dir = fl_test_tmpdir("pat-check");
	char *path = write_pat(dir, "check.pat", CHECK_SET);
	struct fl_patterns *p = load_one(dir);
	struct fl_check_result res;
	fl_patterns_check(p, &res);
	const char *rep = res.report.ptr ? res.report.ptr : "";
	cr_assert_eq(res.patterns, 4);
	cr_assert_eq(res.examples, 4);
	cr_assert_eq(res.failures, 3, "report:\n%s", rep);

	char *a = fl_xasprintf("%s:6: pattern 'c.nomatch': example does not match", path);
	char *b = fl_xasprintf("%s:15: pattern 'c.wrongexpect': expected code=5, captured '4'", path);
	char *c = fl_xasprintf("%s:23: pattern 'c.badnot': counter-example matches", path);
	cr_assert_not_null(strstr(rep, a), "report lacks '%s':\n%s", a, rep);
	cr_assert_not_null(strstr(rep, b), "report lacks '%s':\n%s", b, rep);
	cr_assert_not_null(strstr(rep, c), "report lacks '%s':\n%s", c, rep);
	cr_assert_null(strstr(rep, "c.good"), "the good pattern was reported:\n%s", rep);
	free(a);
	free(b);
	free(c);
	fl_check_result_release(&res);
	fl_patterns_free(p);
	free(path);
	free(dir);
}

Test(patterns_check, shipped_set_passes, .timeout = 60)
{
	struct fl_patterns *p = load_one(FL_SOURCE_DIR "/patterns");
	cr_assert_gt(fl_patterns_count(p), 10);
	struct fl_check_result res;
	fl_patterns_check(p, &res);
	cr_assert_eq(res.patterns, fl_patterns_count(p));
	cr_assert_geq(res.examples, res.patterns);
	cr_assert_eq(res.failures, 0, "%zu failures:\n%s", res.failures,
		     res.report.ptr ? res.report.ptr : "");
	fl_check_result_release(&res);
	fl_patterns_free(p);
}

/* ---- matcher ---- */

static const char MATCH_SET[] =
	"name: t.tb\n"
	"kind: test.traceback\n"
	"severity: error\n"
	"literal: Traceback (most recent call last):\n"
	"start: ^Traceback \\(most recent call last\\):\\s*$\n"
	"continue: ^\\s+File \"(?<frame_file>[^\"]+)\", line (?<frame_line>\\d+), in "
	"(?<frame_func>\\S+)|^\\s{2,}\\S\n"
	"end: ^(?<exc_type>\\w+(?:Error|Exception)): (?<exc_msg>.*)$\n"
	"type: frame_line=int\n"
	"example: Traceback (most recent call last):\n"
	"example:   File \"a.py\", line 1, in main\n"
	"example: RuntimeError: x\n"
	"expect: frame_func=main\n"
	"\n"
	"name: t.low\n"
	"kind: test.low\n"
	"severity: warning\n"
	"literal: BOOM\n"
	"regex: BOOM (?<what>\\w+)\n"
	"priority: -5\n"
	"example: BOOM low\n"
	"\n"
	"name: t.high\n"
	"kind: test.high\n"
	"severity: error\n"
	"literal: BOOM\n"
	"regex: BOOM (?<what>\\w+) critical\n"
	"priority: 10\n"
	"example: BOOM x critical\n"
	"\n"
	"name: t.first\n"
	"kind: test.first\n"
	"severity: info\n"
	"literal: SAME\n"
	"regex: SAME\n"
	"example: SAME\n"
	"\n"
	"name: t.second\n"
	"kind: test.second\n"
	"severity: info\n"
	"literal: SAME\n"
	"regex: SAME (?<x>\\w+)\n"
	"example: SAME x\n"
	"\n"
	"name: t.gated\n"
	"kind: test.gated\n"
	"severity: info\n"
	"literal: Zebra\n"
	"regex: (?i)zebra (?<rank>\\d+)\n"
	"example: Zebra 4\n";

/* The patterns of text, loaded from a file of their own. */
static struct fl_patterns *load_text(const char *tag, const char *text)
{
	char *dir = fl_test_tmpdir(tag);
	free(write_pat(dir, "match.pat", text));
	struct fl_patterns *p = load_one(dir);
	free(dir);
	return p;
}

static struct fl_patterns *match_set(const char *tag)
{
	return load_text(tag, MATCH_SET);
}

Test(matcher, interleaved_tracebacks_of_two_ranks)
{
	struct fl_patterns *p = match_set("pat-tb");
	const char *lines[] = {
		"[rank0]:Traceback (most recent call last):",           /* 1 */
		"[rank1]:Traceback (most recent call last):",           /* 2 */
		"[rank0]:  File \"train.py\", line 10, in <module>",    /* 3 */
		"[rank1]:  File \"train.py\", line 10, in <module>",    /* 4 */
		"[rank1]:  File \"model.py\", line 77, in forward",     /* 5 */
		"[rank0]:  File \"loader.py\", line 5, in next_batch",  /* 6 */
		"[rank0]:    batch = q.get()",                          /* 7 */
		"[rank1]:    out = self.net(x)",                        /* 8 */
		"[rank1]:ValueError: shapes differ",                    /* 9 */
		"[rank0]:RuntimeError: DataLoader worker exited",       /* 10 */
		"[rank0]:an unrelated line",                            /* 11 */
	};
	struct events ev;
	run_lines(p, lines, sizeof(lines) / sizeof(lines[0]), &ev);
	cr_assert_eq(ev.n, 2, "got %zu events", ev.n);
	/* rank 1's block ends first */
	const struct got_event *r1 = &ev.v[0], *r0 = &ev.v[1];
	cr_assert_str_eq(r1->pat, "t.tb");
	cr_assert_str_eq(r0->pat, "t.tb");
	cr_assert_eq(r1->rank, 1);
	cr_assert_eq(r0->rank, 0);
	cr_assert_eq(r1->lineno, 2);
	cr_assert_eq(r0->lineno, 1);
	cr_assert_eq(r1->nlines, 5);
	cr_assert_eq(r0->nlines, 5);
	cr_assert_str_eq(cap(r1, "frame_file"), "model.py");
	cr_assert_str_eq(cap(r1, "frame_line"), "77");
	cr_assert_str_eq(cap(r1, "frame_func"), "forward");
	cr_assert_str_eq(cap(r1, "exc_type"), "ValueError");
	cr_assert_str_eq(cap(r1, "exc_msg"), "shapes differ");
	cr_assert_str_eq(cap(r0, "frame_file"), "loader.py");
	cr_assert_str_eq(cap(r0, "frame_line"), "5");
	cr_assert_str_eq(cap(r0, "frame_func"), "next_batch");
	cr_assert_str_eq(cap(r0, "exc_type"), "RuntimeError");
	/* each block's text holds only its own rank's lines */
	cr_assert_null(strstr(r0->text, "[rank1]"), "%s", r0->text);
	cr_assert_null(strstr(r1->text, "[rank0]"), "%s", r1->text);
	cr_assert_not_null(strstr(r0->text, "batch = q.get()"));
	fl_patterns_free(p);
}

Test(matcher, unterminated_block_is_emitted_at_flush)
{
	struct fl_patterns *p = match_set("pat-flush");
	const char *lines[] = {
		"Traceback (most recent call last):",
		"  File \"a.py\", line 3, in f",
	};
	struct events ev;
	run_lines(p, lines, 2, &ev);
	cr_assert_eq(ev.n, 1);
	cr_assert_eq(ev.v[0].nlines, 2);
	cr_assert_str_eq(cap(&ev.v[0], "frame_func"), "f");
	cr_assert_null(cap(&ev.v[0], "exc_type"), "a capture that did not participate is absent");
	fl_patterns_free(p);
}

Test(matcher, block_closed_by_unrelated_line_which_is_matched_itself)
{
	struct fl_patterns *p = match_set("pat-close");
	const char *lines[] = {
		"Traceback (most recent call last):",
		"  File \"a.py\", line 3, in f",
		"BOOM disk",
	};
	struct events ev;
	run_lines(p, lines, 3, &ev);
	cr_assert_eq(ev.n, 2);
	cr_assert_str_eq(ev.v[0].pat, "t.tb");
	cr_assert_eq(ev.v[0].nlines, 2);
	cr_assert_str_eq(ev.v[1].pat, "t.low");
	cr_assert_eq(ev.v[1].lineno, 3);
	fl_patterns_free(p);
}

/* A tentative block (a traceback read from its first frame) is made only
 * when its end: line closes it, and the lines it takes in are still
 * matched on their own. */
static const char TENTATIVE_SET[] =
	"name: t.frames\n"
	"kind: test.traceback\n"
	"severity: error\n"
	"literal: File \"\n"
	"priority: -10\n"
	"start: ^\\s*File \"(?<frame_file>[^\"]+)\", line (?<frame_line>\\d+), in (?<frame_func>\\S+)$\n"
	"continue: ^\\s*File \"(?<frame_file>[^\"]+)\", line (?<frame_line>\\d+), in "
	"(?<frame_func>\\S+)$|^\\s{2,}\\S\n"
	"end: ^(?<exc_type>\\w+(?:Error|Exception)): (?<exc_msg>.*)$\n"
	"tentative: yes\n"
	"example:   File \"a.py\", line 1, in main\n"
	"example: RuntimeError: x\n"
	"expect: frame_func=main\n"
	"\n"
	"name: t.low\n"
	"kind: test.low\n"
	"severity: warning\n"
	"literal: BOOM\n"
	"regex: BOOM (?<what>\\w+)\n"
	"example: BOOM low\n";

Test(matcher, tentative_block_made_by_its_end_and_hides_no_line)
{
	struct fl_patterns *p = load_text("pat-tent-end", TENTATIVE_SET);
	const char *lines[] = {
		"  File \"run.py\", line 12, in main",
		"    BOOM inner",
		"  File \"store.py\", line 143, in connect",
		"RuntimeError: Address already in use",
	};
	struct events ev;
	run_lines(p, lines, 4, &ev);
	cr_assert_eq(ev.n, 2, "got %zu events", ev.n);
	cr_assert_str_eq(ev.v[0].pat, "t.low");
	cr_assert_eq(ev.v[0].lineno, 2);
	cr_assert_str_eq(ev.v[1].pat, "t.frames");
	cr_assert_eq(ev.v[1].lineno, 1);
	cr_assert_eq(ev.v[1].nlines, 4);
	cr_assert_str_eq(cap(&ev.v[1], "frame_func"), "connect");
	cr_assert_str_eq(cap(&ev.v[1], "exc_msg"), "Address already in use");
	fl_patterns_free(p);
}

Test(matcher, tentative_block_without_its_end_makes_no_event)
{
	struct fl_patterns *p = load_text("pat-tent-open", TENTATIVE_SET);
	const char *lines[] = {
		"  File \"run.py\", line 12, in main",
		"    BOOM inner",
		"an unrelated line",
		"  File \"run.py\", line 30, in step",
	};
	struct events ev;
	run_lines(p, lines, 4, &ev);
	cr_assert_eq(ev.n, 1, "got %zu events", ev.n);
	cr_assert_str_eq(ev.v[0].pat, "t.low");
	fl_patterns_free(p);
}

Test(matcher, nothing_matches)
{
	struct fl_patterns *p = match_set("pat-none");
	const char *lines[] = { "epoch 3 step 100 loss 2.31", "", "BOOM", "Traceback is a word" };
	struct events ev;
	run_lines(p, lines, 4, &ev);
	cr_assert_eq(ev.n, 0, "first event: %s", ev.n ? ev.v[0].pat : "");
	fl_patterns_free(p);
}

Test(matcher, higher_priority_wins)
{
	struct fl_patterns *p = match_set("pat-prio");
	/* loaded order is priority order */
	cr_assert_str_eq(fl_patterns_info(p, 0)->name, "t.high");
	cr_assert_str_eq(fl_patterns_info(p, fl_patterns_count(p) - 1)->name, "t.low");
	const char *lines[] = { "BOOM disk critical", "BOOM disk" };
	struct events ev;
	run_lines(p, lines, 2, &ev);
	cr_assert_eq(ev.n, 2, "one event per line");
	cr_assert_str_eq(ev.v[0].pat, "t.high");
	cr_assert_str_eq(cap(&ev.v[0], "what"), "disk");
	cr_assert_str_eq(ev.v[1].pat, "t.low");
	fl_patterns_free(p);
}

Test(matcher, equal_priority_first_loaded_wins)
{
	struct fl_patterns *p = match_set("pat-order");
	const char *lines[] = { "SAME thing" };
	struct events ev;
	run_lines(p, lines, 1, &ev);
	cr_assert_eq(ev.n, 1);
	cr_assert_str_eq(ev.v[0].pat, "t.first");
	fl_patterns_free(p);
}

Test(matcher, literal_prefilter_gates_the_regex)
{
	struct fl_patterns *p = match_set("pat-gate");
	/* the regex is case-insensitive, the literal is not: no literal, no try */
	const char *lines[] = { "zebra 1", "ZEBRA 2", "a Zebra 3 here" };
	struct events ev;
	run_lines(p, lines, 3, &ev);
	cr_assert_eq(ev.n, 1);
	cr_assert_str_eq(ev.v[0].pat, "t.gated");
	cr_assert_eq(ev.v[0].lineno, 3);
	/* `rank` is canonical: it goes to the attribution, not the fields */
	cr_assert_eq(ev.v[0].rank, 3);
	cr_assert_null(cap(&ev.v[0], "rank"));
	fl_patterns_free(p);
}

Test(matcher, prefilter_finds_short_literals_at_every_offset)
{
	/* The scan tries every second window: a literal must be found at odd
	 * and even offsets alike, at either end of the line too. */
	char *dir = fl_test_tmpdir("pat-short");
	free(write_pat(dir, "short.pat",
		       "name: t.three\nkind: test.three\nseverity: info\nliteral: XID\n"
		       "regex: XID\nexample: XID\n\n"
		       "name: t.four\nkind: test.four\nseverity: info\nliteral: Zebr\n"
		       "regex: Zebr\nexample: Zebr\n"));
	struct fl_patterns *p = load_one(dir);
	free(dir);
	const char *lines[] = { "XID", "aXID", "abXID", "XIDa", "aXIDb", "abcXIDdefg",
				"Zebr", "aZebr", "abZebr", "Zebra", "aZebra", "abcZebradef" };
	size_t n = sizeof(lines) / sizeof(lines[0]);
	struct events ev;
	run_lines(p, lines, n, &ev);
	cr_assert_eq(ev.n, n, "%zu events of %zu lines", ev.n, n);
	for (size_t i = 0; i < n; i++)
		cr_assert_str_eq(ev.v[i].pat, i < 6 ? "t.three" : "t.four", "line %zu", i + 1);
	fl_patterns_free(p);
}

/* Every literal's line at every offset, and at its end: the pattern must
 * be among the candidates. */
static void expect_every_literal_found(const struct fl_patterns *p, char lits[][16], size_t nlit,
				       uint32_t seed)
{
	size_t words = fl_patterns_cand_words(p);
	uint64_t *cand = calloc(words, sizeof(uint64_t));
	char line[64];
	for (size_t i = 0; i < nlit; i++) {
		const char *name = fl_patterns_info(p, i)->name;
		const char *lit = lits[strtol(name + 3, NULL, 10)];
		size_t len = strlen(lit);
		for (size_t before = 0; before < 9; before++) {
			for (size_t after = 0; after < 4; after++) {
				for (size_t k = 0; k < before + after; k++) {
					seed = seed * 1103515245u + 12345u;
					line[k < before ? k : len + k] = (char)(seed >> 16);
				}
				memcpy(line + before, lit, len);
				memset(cand, 0, words * sizeof(uint64_t));
				bool any = fl_patterns_prefilter(p, line, before + len + after, cand);
				cr_assert(any && (cand[i / 64] >> (i % 64) & 1),
					  "'%s' missed with %zu bytes before and %zu after", lit,
					  before, after);
			}
		}
	}
	free(cand);
}

/* Every literal, of every length from 3 to 14, is found at every offset
 * of a line and at its end, whatever the bytes around it: the prefilter
 * may let through lines that lack a literal, never miss one that has it.
 * Both scans run: the one ac_build() chose for this CPU and the portable
 * one. */
Test(matcher, prefilter_never_misses_a_literal)
{
	enum { NLIT = 48 };
	static const char alpha[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
				    " .,:;=_-/[]()<>#%*~@!?'";
	char lits[NLIT][16];
	uint32_t seed = 12345;
	struct fl_buf set = FL_BUF_INIT;
	for (int i = 0; i < NLIT; i++) {
		size_t len = 3 + (size_t)i % 12;
		for (size_t k = 0; k < len; k++) {
			seed = seed * 1103515245u + 12345u;
			lits[i][k] = alpha[(seed >> 16) % (sizeof(alpha) - 1)];
		}
		lits[i][0] = lits[i][len - 1] = 'L'; /* no blank at either end */
		lits[i][len] = '\0';
		fl_buf_printf(&set, "name: t.l%02d\nkind: test.lit\nseverity: info\nliteral: %s\n"
			      "regex: \\Q%s\\E\nexample: %s\n\n", i, lits[i], lits[i], lits[i]);
	}
	char *dir = fl_test_tmpdir("pat-every");
	free(write_pat(dir, "lits.pat", set.ptr));
	fl_buf_release(&set);
	struct fl_patterns *p = load_one(dir);
	free(dir);
	cr_assert_eq(fl_patterns_count(p), NLIT);
	expect_every_literal_found(p, lits, NLIT, seed);
	ac_use_portable_scan(p->ac);
	expect_every_literal_found(p, lits, NLIT, seed + 1);
	fl_patterns_free(p);
}

/* The shipped literals share words ("NCCL", "rank", "memory"), which
 * ac_build() avoids as anchors: each is still found at every offset of
 * a line and at its end. */
Test(matcher, prefilter_finds_every_shipped_literal, .timeout = 60)
{
	struct fl_patterns *p = load_one(FL_SOURCE_DIR "/patterns");
	size_t words = fl_patterns_cand_words(p), checked = 0;
	uint64_t *cand = calloc(words, sizeof(uint64_t));
	uint32_t seed = 7;
	char line[512];
	for (size_t i = 0; i < p->n; i++) {
		for (size_t j = 0; j < p->pats[i].nlit; j++) {
			const char *lit = p->pats[i].literals[j];
			size_t len = strlen(lit);
			cr_assert_lt(len + 12, sizeof(line));
			for (size_t before = 0; before < 9; before++) {
				for (size_t k = 0; k < before + 3; k++) {
					seed = seed * 1103515245u + 12345u;
					line[k < before ? k : len + k] = (char)('a' + (seed >> 16) % 26);
				}
				memcpy(line + before, lit, len);
				for (size_t after = 0; after < 4; after++) {
					memset(cand, 0, words * sizeof(uint64_t));
					fl_patterns_prefilter(p, line, before + len + after, cand);
					cr_assert(cand[i / 64] >> (i % 64) & 1,
						  "%s: '%s' missed with %zu bytes before and %zu after",
						  p->pats[i].info.name, lit, before, after);
				}
			}
			checked++;
		}
	}
	cr_expect_gt(checked, 300, "%zu literals", checked);
	free(cand);
	fl_patterns_free(p);
}

Test(matcher, shipped_traceback_pattern_interleaved, .timeout = 60)
{
	struct fl_patterns *p = load_one(FL_SOURCE_DIR "/patterns");
	const char *lines[] = {
		"[rank0]:Traceback (most recent call last):",
		"[rank1]:Traceback (most recent call last):",
		"[rank0]:  File \"/w/train.py\", line 10, in <module>",
		"[rank1]:  File \"/w/train.py\", line 10, in <module>",
		"[rank0]:  File \"/w/train.py\", line 42, in step",
		"[rank1]:  File \"/w/model.py\", line 77, in forward",
		"[rank0]:    loss.backward()",
		"[rank1]:    return self.net(x)",
		"[rank0]:ValueError: rank zero failed",
		"[rank1]:KeyError: 'missing'",
	};
	struct events ev;
	run_lines(p, lines, sizeof(lines) / sizeof(lines[0]), &ev);
	cr_assert_eq(count_pat(&ev, "proc.traceback"), 2, "%zu events", ev.n);
	for (size_t i = 0; i < ev.n; i++) {
		const struct got_event *g = &ev.v[i];
		if (strcmp(g->pat, "proc.traceback") != 0)
			continue;
		cr_assert(g->rank == 0 || g->rank == 1);
		if (g->rank == 0) {
			cr_assert_eq(g->lineno, 1);
			cr_assert_str_eq(cap(g, "frame_line"), "42");
			cr_assert_str_eq(cap(g, "frame_func"), "step");
			cr_assert_str_eq(cap(g, "exc_type"), "ValueError");
		} else {
			cr_assert_eq(g->lineno, 2);
			cr_assert_str_eq(cap(g, "frame_file"), "/w/model.py");
			cr_assert_str_eq(cap(g, "frame_func"), "forward");
			cr_assert_str_eq(cap(g, "exc_type"), "KeyError");
		}
	}
	fl_patterns_free(p);
}

Test(matcher, looks_like_error)
{
	cr_assert(fl_looks_like_error("RuntimeError: x", 15));
	cr_assert(fl_looks_like_error("Watchdog caught collective operation TIMEOUT", 45));
	cr_assert(fl_looks_like_error("Segmentation fault (core dumped)", 32));
	cr_assert_not(fl_looks_like_error("epoch 3 step 100 loss 2.31", 26));
	cr_assert_not(fl_looks_like_error("", 0));
	/* any case, any place in the line, each word */
	static const char *const yes[] = { "FATAL: x", "task Killed", "Timed Out waiting", "CUDA OOM",
					   "an ExCePtIoN", "aborting", "Traceback (most", "fail" };
	for (size_t i = 0; i < sizeof(yes) / sizeof(yes[0]); i++)
		cr_expect(fl_looks_like_error(yes[i], strlen(yes[i])), "%s", yes[i]);
	/* a word cut by the length given, or past the first 512 bytes */
	cr_expect_not(fl_looks_like_error("erro", 4));
	char long_line[600];
	memset(long_line, '.', sizeof(long_line));
	memcpy(long_line + 520, "error", 5);
	cr_expect_not(fl_looks_like_error(long_line, sizeof(long_line)));
	memcpy(long_line + 100, "error", 5);
	cr_expect(fl_looks_like_error(long_line, sizeof(long_line)));
}

/* Every event as one line of text: pattern, place, rank, text, captures. */
static int trace_event(void *ctx, const struct fl_event *ev)
{
	struct fl_buf *t = ctx;
	fl_buf_printf(t, "%s %llu+%u r%lld [%.*s]", ev->pat->name, (unsigned long long)ev->lineno,
		      ev->nlines, (long long)ev->attr.rank, (int)ev->text_len, ev->text);
	for (size_t i = 0; i < ev->ncap; i++)
		fl_buf_printf(t, " %s=%.*s", ev->caps[i].name, (int)ev->caps[i].len, ev->caps[i].ptr);
	fl_buf_addc(t, '\n');
	return 0;
}

/* The events of one log, matched line by line either in one go
 * (fl_matcher_line) or as the pipeline does it: the prefilter and the
 * finder first (the scanner thread), the matcher in the line's turn. */
static void trace_log(const struct fl_patterns *p, const char *text, size_t size, bool ahead,
		      struct fl_buf *out)
{
	struct fl_attr_bundle b = { 0, 0, 0 };
	struct fl_attr_file *f = fl_attr_file_new("train.log", &b);
	struct fl_matcher *m = fl_matcher_new(p);
	struct fl_finder *fd = fl_finder_new(p);
	size_t words = fl_patterns_cand_words(p);
	uint64_t *cand = calloc(words ? words : 1, sizeof(uint64_t));
	uint64_t lineno = 0;
	for (const char *l = text, *end = text + size; l < end;) {
		const char *nl = memchr(l, '\n', (size_t)(end - l));
		size_t len = nl ? (size_t)(nl - l) : (size_t)(end - l);
		struct fl_attr a;
		fl_attr_line(f, l, len, &a);
		lineno++;
		uint64_t off = (uint64_t)(l - text);
		if (!ahead) {
			cr_assert_eq(fl_matcher_line(m, &a, l, len, lineno, off, trace_event, out), 0);
		} else {
			struct fl_found_cap caps[FL_MAX_CAPS];
			size_t n;
			int32_t pat;
			cr_assert_eq(match_ahead(p, fd, cand, m, &a, l, len, lineno, off, trace_event,
						 out, caps, &n, &pat), 0);
			for (size_t w = 0; w < words; w++)
				cr_assert_eq(cand[w], 0, "the finder leaves the candidates zeroed");
		}
		l += len + (nl != NULL);
	}
	cr_assert_eq(fl_matcher_flush(m, trace_event, out), 0);
	free(cand);
	fl_finder_free(fd);
	fl_matcher_free(m);
	fl_attr_file_free(f);
}

/* Finding a line's pattern ahead of the matcher changes nothing: over the
 * real logs of testdata/real/dev (tracebacks interleaved, blocks that a
 * matching line closes), the events are the same, byte for byte. */
Test(matcher, finding_ahead_makes_the_same_events, .timeout = 120)
{
	struct fl_patterns *p = load_one(FL_SOURCE_DIR "/patterns");
	const char *dir = FL_SOURCE_DIR "/testdata/real/dev";
	DIR *d = opendir(dir);
	cr_assert_not_null(d);
	struct dirent *de;
	size_t logs = 0, events = 0;
	while ((de = readdir(d))) {
		size_t n = strlen(de->d_name);
		if (n < 5 || strcmp(de->d_name + n - 4, ".log") != 0)
			continue;
		char *path = fl_xasprintf("%s/%s", dir, de->d_name);
		size_t size;
		char *text = fl_test_slurp(path, &size);
		cr_assert_not_null(text, "%s", path);
		struct fl_buf one = FL_BUF_INIT, two = FL_BUF_INIT;
		trace_log(p, text, size, false, &one);
		trace_log(p, text, size, true, &two);
		cr_expect(one.len == two.len && (!one.len || !memcmp(one.ptr, two.ptr, one.len)),
			  "%s: the events differ", path);
		for (size_t i = 0; i < one.len; i++)
			events += one.ptr[i] == '\n';
		logs++;
		fl_buf_release(&one);
		fl_buf_release(&two);
		free(text);
		free(path);
	}
	closedir(d);
	cr_assert_gt(logs, 100);
	cr_assert_gt(events, 500, "%zu events in %zu logs", events, logs);
	fl_patterns_free(p);
}
