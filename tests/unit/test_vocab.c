/* SPDX-License-Identifier: MIT */
/*
 * test_vocab.c - the code names only the kinds and fields that vocab.h
 * declares, and `patterns check` holds the patterns to them.
 *
 * Two halves of one contract (include/faultline/vocab.h): a kind or field
 * that the code names but vocab.h lacks fails here, by file and line; a
 * declared kind or field that no pattern produces fails `patterns check`
 * (the patterns_check test, and the last test below shows that it can).
 */
#include <criterion/criterion.h>
#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "faultline/analyze.h"
#include "faultline/extract.h"
#include "faultline/vocab.h"
#include "fl_test.h"

/* Where code names kinds and fields. */
static const char *const SOURCE_DIRS[] = { "src/analyze", "src/store", "src/pipeline", "src/cli",
					   "src/report" };

/* Kind families: the part before the dot of every pattern's kind. */
struct families {
	char v[64][16];
	size_t n;
};

static void load_families(struct families *f)
{
	const char *dirs[] = { FL_SOURCE_DIR "/patterns" };
	struct fl_patterns *p;
	struct fl_err err;
	cr_assert_eq(fl_patterns_load(&p, dirs, 1, &err), FL_OK, "%s", err.msg);
	f->n = 0;
	for (size_t i = 0; i < fl_patterns_count(p); i++) {
		const char *kind = fl_patterns_info(p, i)->kind;
		size_t len = strcspn(kind, ".");
		bool seen = false;
		for (size_t k = 0; k < f->n && !seen; k++)
			seen = strlen(f->v[k]) == len && !strncmp(f->v[k], kind, len);
		if (!seen && len < sizeof(f->v[0]) && f->n < 64)
			snprintf(f->v[f->n++], sizeof(f->v[0]), "%.*s", (int)len, kind);
	}
	fl_patterns_free(p);
	cr_assert_gt(f->n, 5);
}

static bool word_char(char c)
{
	return islower((unsigned char)c) || isdigit((unsigned char)c) || c == '_';
}

/* Every "family.word" token in text names a declared kind. */
static void check_kinds(const struct families *f, const char *text, const char *where)
{
	for (const char *p = text; *p; p++) {
		if (p > text && (word_char(p[-1]) || p[-1] == '.'))
			continue;
		for (size_t k = 0; k < f->n; k++) {
			size_t len = strlen(f->v[k]);
			if (strncmp(p, f->v[k], len) != 0 || p[len] != '.' || !islower((unsigned char)p[len + 1]))
				continue;
			size_t n = len + 1;
			while (word_char(p[n]))
				n++;
			char kind[96];
			snprintf(kind, sizeof(kind), "%.*s", (int)n, p);
			cr_expect(fl_vocab_kind(kind), "%s names kind '%s', which vocab.h does not declare",
				  where, kind);
		}
	}
}

/* Every '$.name' (a JSON path into an event's fields) is a declared field. */
static void check_paths(const char *text, const char *where)
{
	for (const char *p = strstr(text, "'$."); p; p = strstr(p + 1, "'$.")) {
		size_t n = 0;
		while (word_char(p[3 + n]))
			n++;
		if (p[3 + n] != '\'')
			continue; /* built by a macro: its argument is checked as a call */
		char field[64];
		snprintf(field, sizeof(field), "%.*s", (int)n, p + 3);
		cr_expect(fl_vocab_field(field) >= 0,
			  "%s reads field '%s', which vocab.h does not declare", where, field);
	}
}

/* The string literal that starts at s (after its quote), unescaped
 * enough for the checks; *end gets the closing quote. */
static char *literal(const char *s, const char **end)
{
	size_t n = 0;
	while (s[n] && s[n] != '"' && s[n] != '\n')
		n += s[n] == '\\' && s[n + 1] ? 2 : 1;
	*end = s + n;
	return strndup(s, n);
}

static int line_of(const char *start, const char *p)
{
	int line = 1;
	for (; start < p; start++)
		line += *start == '\n';
	return line;
}

/* A field named as the second argument of one of the analysis' field
 * accessors, or as the field of a classification row ({ "kind", "field", ...). */
static void check_field_args(const char *src, const char *file)
{
	static const char *const calls[] = { "ev_field(", "ev_field_int(", "field_dup(", "{ \"" };
	for (size_t c = 0; c < sizeof(calls) / sizeof(calls[0]); c++) {
		for (const char *p = strstr(src, calls[c]); p; p = strstr(p + 1, calls[c])) {
			const char *q = p + strlen(calls[c]);
			if (c == 3) { /* skip the row's kind */
				q = strchr(q, '"');
				if (!q || strncmp(q, "\", \"", 4) != 0)
					continue;
				q += 4;
			} else {
				q = strchr(q, ',');
				if (!q || strncmp(q, ", \"", 3) != 0)
					continue;
				q += 3;
			}
			size_t n = 0;
			while (word_char(q[n]))
				n++;
			if (q[n] != '"' || !n)
				continue;
			char field[64], where[4200];
			snprintf(field, sizeof(field), "%.*s", (int)n, q);
			snprintf(where, sizeof(where), "%s:%d", file, line_of(src, p));
			/* classification rows of other tables ({ "gpu_oom", "mem..." ) are not field rows */
			if (c == 3 && strcmp(file + strlen(file) - 7, "rules.c") != 0)
				continue;
			if (c == 3 && !strstr(p, "ROLE_"))
				continue;
			cr_expect(fl_vocab_field(field) >= 0,
				  "%s reads field '%s', which vocab.h does not declare", where, field);
		}
	}
}

static void check_file(const struct families *f, const char *path, const char *rel)
{
	char *src = fl_test_slurp(path, NULL);
	cr_assert(src, "cannot read %s", path);
	for (const char *p = src; *p; p++) {
		if (p[0] == '/' && p[1] == '*') {
			const char *e = strstr(p + 2, "*/");
			p = e ? e + 1 : p + strlen(p) - 1;
		} else if (p[0] == '/' && p[1] == '/') {
			p += strcspn(p, "\n");
			if (!*p)
				break;
		} else if (*p == '\'' && p[1] && p[2] == '\'') {
			p += 2; /* a character constant */
		} else if (*p == '"') {
			const char *end;
			char *lit = literal(p + 1, &end);
			char where[4200];
			snprintf(where, sizeof(where), "%s:%d", rel, line_of(src, p));
			check_kinds(f, lit, where);
			check_paths(lit, where);
			free(lit);
			p = *end ? end : end - 1;
		}
	}
	check_field_args(src, rel);
	free(src);
}

Test(vocab, the_code_names_only_declared_kinds_and_fields)
{
	struct families f;
	load_families(&f);
	size_t files = 0;
	for (size_t d = 0; d < sizeof(SOURCE_DIRS) / sizeof(SOURCE_DIRS[0]); d++) {
		char dir[4096];
		snprintf(dir, sizeof(dir), "%s/%s", FL_SOURCE_DIR, SOURCE_DIRS[d]);
		DIR *dh = opendir(dir);
		cr_assert(dh, "cannot open %s", dir);
		struct dirent *de;
		while ((de = readdir(dh))) {
			size_t n = strlen(de->d_name);
			if (n < 3 || strcmp(de->d_name + n - 2, ".c") != 0)
				continue;
			char path[8192], rel[4096];
			snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
			snprintf(rel, sizeof(rel), "%s/%s", SOURCE_DIRS[d], de->d_name);
			check_file(&f, path, rel);
			files++;
		}
		closedir(dh);
	}
	cr_expect_gt(files, 20);
}

/* The analysis' SQL as it runs (macros expanded): its kinds and paths. */
Test(vocab, the_analysis_sql_names_only_declared_kinds_and_fields)
{
	struct families f;
	load_families(&f);
	const struct fl_sql_def *d;
	size_t n = fl_analyze_sql(&d);
	for (size_t i = 0; i < n; i++) {
		char where[256];
		snprintf(where, sizeof(where), "analyze_sql.c statement '%s'", d[i].name);
		check_kinds(&f, d[i].text, where);
		check_paths(d[i].text, where);
	}
}

/* The check must be able to fail: families and the scan see a kind that
 * is not declared. */
Test(vocab, an_undeclared_kind_is_seen)
{
	cr_assert(fl_vocab_kind("proc.traceback"));
	cr_assert_not(fl_vocab_kind("proc.no_such_kind"));
	cr_assert_geq(fl_vocab_field("bus"), 0);
	cr_assert_lt(fl_vocab_field("no_such_field"), 0);
}

/* The declared lists are sorted and without duplicates (they are
 * searched by bisection). */
Test(vocab, declarations_are_sorted)
{
	const char *const *v;
	size_t n = fl_vocab_kinds(&v);
	for (size_t i = 1; i < n; i++)
		cr_expect_lt(strcmp(v[i - 1], v[i]), 0, "kinds: '%s' before '%s'", v[i - 1], v[i]);
	n = fl_vocab_fields(&v);
	cr_expect_eq(n, FL_F_N);
	for (size_t i = 1; i < n; i++)
		cr_expect_lt(strcmp(v[i - 1], v[i]), 0, "fields: '%s' before '%s'", v[i - 1], v[i]);
}

/* The vocabulary check over a pattern set that produces none of the
 * declared kinds and fields names each of them. */
Test(vocab, patterns_check_fails_on_a_declared_kind_no_pattern_produces)
{
	char *dir = fl_test_tmpdir("vocab-patterns");
	char path[4096];
	snprintf(path, sizeof(path), "%s/one.pat", dir);
	static const char pat[] =
		"name:     test.only\n"
		"kind:     test.only\n"
		"severity: info\n"
		"literal:  hello\n"
		"regex:    ^hello (?<who>\\w+)$\n"
		"example:  hello world\n"
		"expect:   who=world\n";
	cr_assert(fl_test_write(path, pat, sizeof(pat) - 1));
	const char *dirs[] = { dir };
	struct fl_patterns *p;
	struct fl_err err;
	cr_assert_eq(fl_patterns_load(&p, dirs, 1, &err), FL_OK, "%s", err.msg);
	struct fl_check_result r;
	fl_patterns_check(p, &r);
	cr_expect_eq(r.failures, 0, "the pattern itself is sound: %s", r.report.ptr ? r.report.ptr : "");
	fl_patterns_check_vocab(p, &r);
	const char *const *k;
	size_t nk = fl_vocab_kinds(&k), nf = fl_vocab_fields((const char *const **)&k);
	cr_expect_eq(r.failures, nk + nf, "%zu failures for %zu kinds and %zu fields", r.failures, nk,
		     nf);
	cr_expect(r.report.ptr && strstr(r.report.ptr, "kind 'proc.traceback' is produced by no pattern"),
		  "%s", r.report.ptr ? r.report.ptr : "");
	cr_expect(r.report.ptr && strstr(r.report.ptr, "field 'bus' is captured by no pattern"));
	fl_check_result_release(&r);
	fl_patterns_free(p);
	free(dir);
}
