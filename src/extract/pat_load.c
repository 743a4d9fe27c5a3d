/* SPDX-License-Identifier: MIT */
/*
 * pat_load.c - read, validate and compile pattern files.
 *
 * The format (docs/patterns.md) is line-oriented stanzas, so that a regex
 * is written once, verbatim. Loading refuses anything that makes a
 * pattern unusable - unknown key, missing required key, bad severity or
 * type, a regex that does not compile, a duplicate name - with the file
 * and line. Whether the examples hold is `patterns check` (pat_check.c).
 * Tested by: tests/unit/test_extract.c
 */
#include "extract_int.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

const char *fl_severity_name(enum fl_severity s)
{
	static const char *const names[] = { "info", "warning", "error", "fatal" };
	return (unsigned)s < 4 ? names[s] : "info";
}

static int severity_from_name(const char *s)
{
	for (int i = 0; i < 4; i++)
		if (!strcmp(s, fl_severity_name((enum fl_severity)i)))
			return i;
	return -1;
}

void pattern_release(struct pattern *pt)
{
	free((char *)pt->info.name);
	free((char *)pt->info.kind);
	free((char *)pt->info.doc);
	free((char *)pt->info.file);
	for (int r = 0; r < RE_N; r++) {
		free(pt->re[r].src);
		pcre2_code_free(pt->re[r].code);
		free(pt->re[r].caps);
	}
	for (size_t i = 0; i < pt->nlit; i++)
		free(pt->literals[i]);
	free(pt->literals);
	for (size_t i = 0; i < pt->ntypes; i++)
		free(pt->types[i].name);
	free(pt->types);
	for (size_t i = 0; i < pt->nex; i++) {
		fl_buf_release(&pt->examples[i].text);
		for (size_t j = 0; j < pt->examples[i].nexp; j++) {
			free(pt->examples[i].expects[j].key);
			free(pt->examples[i].expects[j].val);
		}
		free(pt->examples[i].expects);
	}
	free(pt->examples);
	for (size_t i = 0; i < pt->nnot; i++)
		free(pt->nots[i].text);
	free(pt->nots);
	memset(pt, 0, sizeof(*pt));
}

void fl_patterns_free(struct fl_patterns *p)
{
	if (!p)
		return;
	for (size_t i = 0; i < p->n; i++)
		pattern_release(&p->pats[i]);
	free(p->pats);
	ac_free(p->ac);
	free(p);
}

size_t fl_patterns_count(const struct fl_patterns *p)
{
	return p->n;
}

const struct fl_pattern_info *fl_patterns_info(const struct fl_patterns *p, size_t i)
{
	return i < p->n ? &p->pats[i].info : NULL;
}

const char *fl_patterns_digest(const struct fl_patterns *p)
{
	return p->digest;
}

/* ---- parsing one file ---- */

struct parser {
	const char *file;
	int line;
	struct pattern cur;
	bool in_stanza;
	int stanza_line;
	int last_key; /* regex slot that a continuation line extends, or -1 */
	bool last_was_example;
	struct fl_err *err;
};

static enum canon canon_of(const char *name)
{
	static const struct {
		const char *name;
		enum canon c;
	} tab[] = { { "ts", CANON_TS },	    { "host", CANON_HOST },
		    { "pid", CANON_PID },   { "rank", CANON_RANK },
		    { "local_rank", CANON_LOCAL_RANK }, { "dev", CANON_DEV } };
	for (size_t i = 0; i < sizeof(tab) / sizeof(tab[0]); i++)
		if (!strcmp(name, tab[i].name))
			return tab[i].c;
	return CANON_NONE;
}

static enum fl_ftype declared_type(const struct pattern *pt, const char *name)
{
	for (size_t i = 0; i < pt->ntypes; i++)
		if (!strcmp(pt->types[i].name, name))
			return pt->types[i].type;
	return canon_of(name) == CANON_TS ? FL_FT_TIME : FL_FT_STR;
}

static int compile_regex(struct parser *ps, struct pattern *pt, struct pat_regex *re)
{
	int ec;
	PCRE2_SIZE eo;
	re->code = pcre2_compile((PCRE2_SPTR)re->src, PCRE2_ZERO_TERMINATED, PCRE2_DUPNAMES, &ec,
				 &eo, NULL);
	if (!re->code) {
		PCRE2_UCHAR msg[256];
		pcre2_get_error_message(ec, msg, sizeof(msg));
		return fl_err_set(ps->err, FL_EPATTERN, "%s:%d: pattern '%s': regex error at offset %zu: %s",
				  ps->file, re->line, pt->info.name, (size_t)eo, (char *)msg);
	}
	/* JIT is a speed-up, not a requirement (it may be refused executable
	 * memory); the interpreter gives the same answers. */
	pcre2_jit_compile(re->code, PCRE2_JIT_COMPLETE);
	uint32_t count, size;
	PCRE2_SPTR table;
	pcre2_pattern_info(re->code, PCRE2_INFO_NAMECOUNT, &count);
	pcre2_pattern_info(re->code, PCRE2_INFO_NAMEENTRYSIZE, &size);
	pcre2_pattern_info(re->code, PCRE2_INFO_NAMETABLE, &table);
	re->caps = fl_xcalloc(count ? count : 1, sizeof(*re->caps));
	re->ncaps = count;
	for (uint32_t i = 0; i < count; i++) {
		PCRE2_SPTR e = table + (size_t)i * size;
		struct pat_cap *c = &re->caps[i];
		c->group = ((uint32_t)e[0] << 8) | e[1];
		c->name = (const char *)(e + 2);
		c->type = declared_type(pt, c->name);
		c->canon = canon_of(c->name);
		for (uint32_t j = 0; j < i; j++)
			if (!strcmp(re->caps[j].name, c->name))
				re->dup_names = true;
	}
	return FL_OK;
}

static bool has_capture(const struct pattern *pt, const char *name)
{
	for (int r = 0; r < RE_N; r++)
		for (size_t i = 0; i < pt->re[r].ncaps; i++)
			if (!strcmp(pt->re[r].caps[i].name, name))
				return true;
	return false;
}

/* Validates and compiles the stanza in ps->cur; appends it to set. */
static int finish_stanza(struct parser *ps, struct fl_patterns *set, size_t *order)
{
	struct pattern *pt = &ps->cur;
	int at = ps->stanza_line;
	const char *miss = !pt->info.name ? "name" : !pt->info.kind ? "kind"
				: !pt->has_severity ? "severity" : pt->nlit == 0 ? "literal" : NULL;
	if (!miss && !pt->re[RE_LINE].src)
		miss = "regex (or start)";
	if (miss)
		return fl_err_set(ps->err, FL_EPATTERN, "%s:%d: stanza lacks '%s:'", ps->file, at, miss);
	/* Warnings and errors say something of the rank that logged them. */
	if (pt->info.once && pt->info.severity != FL_SEV_INFO)
		return fl_err_set(ps->err, FL_EPATTERN, "%s:%d: pattern '%s': store: once needs severity info",
				  ps->file, at, pt->info.name);
	for (int r = 0; r < RE_N; r++) {
		if (pt->re[r].src) {
			int rc = compile_regex(ps, pt, &pt->re[r]);
			if (rc)
				return rc;
		}
	}
	for (size_t i = 0; i < pt->ntypes; i++)
		if (!has_capture(pt, pt->types[i].name))
			return fl_err_set(ps->err, FL_EPATTERN, "%s:%d: pattern '%s': type for unknown capture '%s'",
					  ps->file, pt->types[i].line, pt->info.name, pt->types[i].name);
	/* A name is unique within a directory; a later directory overrides. */
	for (size_t i = 0; i < set->n; i++)
		if (!strcmp(set->pats[i].info.name, pt->info.name) && set->pats[i].dir == set->cur_dir)
			return fl_err_set(ps->err, FL_EPATTERN, "%s:%d: duplicate pattern name '%s' (first at %s:%d)",
					  ps->file, at, pt->info.name, set->pats[i].info.file,
					  set->pats[i].info.line);
	pt->order = (*order)++;
	pt->dir = set->cur_dir;
	/* A later directory's pattern of the same name replaces the shipped one. */
	for (size_t i = 0; i < set->n; i++) {
		if (!strcmp(set->pats[i].info.name, pt->info.name)) {
			pattern_release(&set->pats[i]);
			set->pats[i] = *pt;
			memset(pt, 0, sizeof(*pt));
			return FL_OK;
		}
	}
	FL_GROW(set->pats, set->cap, set->n + 1);
	set->pats[set->n++] = *pt;
	memset(pt, 0, sizeof(*pt));
	return FL_OK;
}

static char *trimmed(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	size_t n = strlen(s);
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	return fl_xstrndup(s, n);
}

static int parse_types(struct parser *ps, const char *v)
{
	struct pattern *pt = &ps->cur;
	char *copy = fl_xstrdup(v);
	int rc = FL_OK;
	char *save = NULL;
	for (char *tok = strtok_r(copy, " \t", &save); tok; tok = strtok_r(NULL, " \t", &save)) {
		char *eq = strchr(tok, '=');
		enum fl_ftype t = eq ? fl_ftype_from_name(eq + 1) : FL_FT_STR;
		if (!eq || (t == FL_FT_STR && strcmp(eq + 1, "str") != 0)) {
			rc = fl_err_set(ps->err, FL_EPATTERN,
					"%s:%d: bad type declaration '%s' (want capture=int|float|size|hex|time|str)",
					ps->file, ps->line, tok);
			break;
		}
		FL_GROW(pt->types, pt->captypes, pt->ntypes + 1);
		pt->types[pt->ntypes].name = fl_xstrndup(tok, (size_t)(eq - tok));
		pt->types[pt->ntypes].type = t;
		pt->types[pt->ntypes++].line = ps->line;
	}
	free(copy);
	return rc;
}

static int set_once(struct parser *ps, const char **slot, const char *key, const char *v)
{
	if (*slot)
		return fl_err_set(ps->err, FL_EPATTERN, "%s:%d: '%s:' given twice", ps->file, ps->line, key);
	*slot = trimmed(v);
	return FL_OK;
}

static int add_example(struct parser *ps, const char *v)
{
	struct pattern *pt = &ps->cur;
	/* Consecutive example lines of a block pattern form one example. */
	bool block = pt->re[RE_CONT].src || pt->re[RE_END].src || pt->info.block;
	if (block && ps->last_was_example && pt->nex) {
		struct pat_example *ex = &pt->examples[pt->nex - 1];
		fl_buf_addc(&ex->text, '\n');
		fl_buf_adds(&ex->text, v);
		return FL_OK;
	}
	FL_GROW(pt->examples, pt->capex, pt->nex + 1);
	struct pat_example *ex = &pt->examples[pt->nex++];
	memset(ex, 0, sizeof(*ex));
	fl_buf_adds(&ex->text, v);
	ex->line = ps->line;
	return FL_OK;
}

static int add_expect(struct parser *ps, const char *v)
{
	struct pattern *pt = &ps->cur;
	const char *eq = strchr(v, '=');
	if (!pt->nex)
		return fl_err_set(ps->err, FL_EPATTERN, "%s:%d: 'expect:' before any 'example:'", ps->file,
				  ps->line);
	if (!eq || eq == v)
		return fl_err_set(ps->err, FL_EPATTERN, "%s:%d: 'expect:' wants capture=value", ps->file,
				  ps->line);
	struct pat_example *ex = &pt->examples[pt->nex - 1];
	FL_GROW(ex->expects, ex->capexp, ex->nexp + 1);
	struct pat_expect *e = &ex->expects[ex->nexp++];
	char *k = fl_xstrndup(v, (size_t)(eq - v));
	e->key = trimmed(k);
	free(k);
	e->val = fl_xstrdup(eq + 1);
	e->line = ps->line;
	return FL_OK;
}

static int set_regex(struct parser *ps, int slot, const char *v)
{
	struct pat_regex *re = &ps->cur.re[slot];
	if (re->src)
		return fl_err_set(ps->err, FL_EPATTERN, "%s:%d: regex given twice", ps->file, ps->line);
	re->src = fl_xstrdup(v);
	re->line = ps->line;
	ps->last_key = slot;
	if (slot != RE_LINE)
		ps->cur.info.block = true;
	return FL_OK;
}

/* A key whose one allowed value sets a flag (`store: once`, `tentative: yes`). */
static int set_flag(struct parser *ps, const char *key, const char *v, const char *want,
		    bool *flag)
{
	char *t = trimmed(v);
	bool ok = !strcmp(t, want);
	free(t);
	if (!ok)
		return fl_err_set(ps->err, FL_EPATTERN, "%s:%d: %s must be %s", ps->file, ps->line,
				  key, want);
	*flag = true;
	return FL_OK;
}

static int key_value(struct parser *ps, const char *key, const char *v)
{
	struct pattern *pt = &ps->cur;
	ps->last_key = -1;
	bool was_example = ps->last_was_example;
	ps->last_was_example = false;
	if (!strcmp(key, "name"))
		return set_once(ps, &pt->info.name, key, v);
	if (!strcmp(key, "kind"))
		return set_once(ps, &pt->info.kind, key, v);
	if (!strcmp(key, "doc"))
		return set_once(ps, &pt->info.doc, key, v);
	if (!strcmp(key, "severity")) {
		char *t = trimmed(v);
		int s = severity_from_name(t);
		free(t);
		if (s < 0)
			return fl_err_set(ps->err, FL_EPATTERN,
					  "%s:%d: severity must be info, warning, error or fatal", ps->file,
					  ps->line);
		pt->info.severity = (enum fl_severity)s;
		pt->has_severity = true;
		return FL_OK;
	}
	if (!strcmp(key, "priority") || !strcmp(key, "max_lines")) {
		char *end;
		long n = strtol(v, &end, 10);
		if (end == v)
			return fl_err_set(ps->err, FL_EPATTERN, "%s:%d: '%s:' wants an integer", ps->file,
					  ps->line, key);
		if (key[0] == 'p')
			pt->info.priority = (int)n;
		else
			pt->max_lines = (int)n;
		return FL_OK;
	}
	if (!strcmp(key, "store"))
		return set_flag(ps, key, v, "once", &pt->info.once);
	if (!strcmp(key, "tentative"))
		return set_flag(ps, key, v, "yes", &pt->tentative);
	if (!strcmp(key, "literal")) {
		/* The prefilter finds literals of three bytes or more. */
		if (strlen(v) < 3)
			return fl_err_set(ps->err, FL_EPATTERN, "%s:%d: a literal needs three bytes or more",
					  ps->file, ps->line);
		FL_GROW(pt->literals, pt->caplit, pt->nlit + 1);
		pt->literals[pt->nlit++] = fl_xstrdup(v);
		return FL_OK;
	}
	if (!strcmp(key, "start"))
		pt->info.block = true;
	if (!strcmp(key, "regex") || !strcmp(key, "start"))
		return set_regex(ps, RE_LINE, v);
	if (!strcmp(key, "continue"))
		return set_regex(ps, RE_CONT, v);
	if (!strcmp(key, "end"))
		return set_regex(ps, RE_END, v);
	if (!strcmp(key, "type"))
		return parse_types(ps, v);
	if (!strcmp(key, "example")) {
		ps->last_was_example = was_example;
		int rc = add_example(ps, v);
		ps->last_was_example = true;
		return rc;
	}
	if (!strcmp(key, "expect"))
		return add_expect(ps, v);
	if (!strcmp(key, "not")) {
		FL_GROW(pt->nots, pt->capnot, pt->nnot + 1);
		pt->nots[pt->nnot].text = fl_xstrdup(v);
		pt->nots[pt->nnot++].line = ps->line;
		return FL_OK;
	}
	return fl_err_set(ps->err, FL_EPATTERN, "%s:%d: unknown key '%s'", ps->file, ps->line, key);
}

static int parse_line(struct parser *ps, char *ln, struct fl_patterns *set, size_t *order)
{
	size_t n = strlen(ln);
	if (n && ln[n - 1] == '\r')
		ln[--n] = '\0';
	bool blank = true;
	for (size_t i = 0; i < n; i++)
		if (ln[i] != ' ' && ln[i] != '\t')
			blank = false;
	if (blank) {
		if (ps->in_stanza) {
			ps->in_stanza = false;
			return finish_stanza(ps, set, order);
		}
		return FL_OK;
	}
	if (ln[0] == '#')
		return FL_OK;
	if ((ln[0] == ' ' || ln[0] == '\t') && ps->in_stanza) {
		if (ps->last_key < 0)
			return fl_err_set(ps->err, FL_EPATTERN,
					  "%s:%d: indented line continues no regex", ps->file, ps->line);
		char *t = trimmed(ln);
		struct pat_regex *re = &ps->cur.re[ps->last_key];
		char *joined = fl_xasprintf("%s\n%s", re->src, t);
		free(re->src);
		free(t);
		re->src = joined;
		return FL_OK;
	}
	char *colon = strchr(ln, ':');
	size_t klen = colon ? (size_t)(colon - ln) : 0;
	for (size_t i = 0; i < klen; i++)
		if (!((ln[i] >= 'a' && ln[i] <= 'z') || ln[i] == '_'))
			klen = 0;
	if (!klen)
		return fl_err_set(ps->err, FL_EPATTERN, "%s:%d: expected 'key: value'", ps->file, ps->line);
	*colon = '\0';
	const char *v = colon + 1;
	while (*v == ' ' || *v == '\t')
		v++;
	if (!ps->in_stanza) {
		ps->in_stanza = true;
		ps->stanza_line = ps->line;
		memset(&ps->cur, 0, sizeof(ps->cur));
		ps->cur.info.file = fl_xstrdup(ps->file);
		ps->cur.info.line = ps->line;
		ps->cur.max_lines = 64;
	}
	return key_value(ps, ln, v);
}

static int load_file(const char *path, struct fl_patterns *set, size_t *order, struct fl_err *err)
{
	FILE *fp = fopen(path, "r");
	if (!fp)
		return fl_err_set(err, FL_EPATTERN, "cannot open pattern file '%s': %s", path,
				  strerror(errno));
	struct parser ps = { .file = path, .err = err, .last_key = -1 };
	char *ln = NULL;
	size_t cap = 0;
	int rc = FL_OK;
	while (rc == FL_OK && getline(&ln, &cap, fp) >= 0) {
		ps.line++;
		size_t n = strlen(ln);
		if (n && ln[n - 1] == '\n')
			ln[n - 1] = '\0';
		rc = parse_line(&ps, ln, set, order);
	}
	if (rc == FL_OK && ps.in_stanza) {
		ps.line++;
		rc = finish_stanza(&ps, set, order);
	}
	pattern_release(&ps.cur);
	free(ln);
	fclose(fp);
	return rc;
}

static int has_suffix(const char *s, const char *suf)
{
	size_t n = strlen(s), m = strlen(suf);
	return n > m && !strcmp(s + n - m, suf);
}

static int load_dir(const char *dir, struct fl_patterns *set, size_t *order, struct fl_err *err)
{
	struct dirent **ents;
	int n = scandir(dir, &ents, NULL, alphasort);
	if (n < 0)
		return fl_err_set(err, FL_EPATTERN, "cannot read pattern directory '%s': %s", dir,
				  strerror(errno));
	int rc = FL_OK;
	for (int i = 0; i < n; i++) {
		if (rc == FL_OK && has_suffix(ents[i]->d_name, ".pat")) {
			char *path = fl_xasprintf("%s/%s", dir, ents[i]->d_name);
			rc = load_file(path, set, order, err);
			free(path);
		}
		free(ents[i]);
	}
	free(ents);
	return rc;
}

static int by_priority(const void *a, const void *b)
{
	const struct pattern *x = a, *y = b;
	if (x->info.priority != y->info.priority)
		return x->info.priority > y->info.priority ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

static void digest(struct fl_patterns *set)
{
	uint64_t h = FL_FNV1A_INIT;
	for (size_t i = 0; i < set->n; i++) {
		const struct pattern *pt = &set->pats[i];
		const char *parts[] = { pt->info.name, pt->info.kind, pt->re[0].src ? pt->re[0].src : "",
					pt->re[1].src ? pt->re[1].src : "",
					pt->re[2].src ? pt->re[2].src : "", pt->info.once ? "once" : "" };
		/* With each NUL, so that parts cannot run into each other. */
		for (size_t k = 0; k < sizeof(parts) / sizeof(parts[0]); k++)
			h = fl_fnv1a(h, parts[k], strlen(parts[k]) + 1);
	}
	snprintf(set->digest, sizeof(set->digest), "%016llx", (unsigned long long)h);
}

int fl_patterns_load(struct fl_patterns **out, const char *const *dirs, size_t ndirs,
		     struct fl_err *err)
{
	struct fl_patterns *set = fl_xcalloc(1, sizeof(*set));
	size_t order = 0;
	for (size_t i = 0; i < ndirs; i++) {
		set->cur_dir = (int)i;
		int rc = load_dir(dirs[i], set, &order, err);
		if (rc) {
			fl_patterns_free(set);
			return rc;
		}
	}
	if (set->n == 0) {
		fl_patterns_free(set);
		return fl_err_set(err, FL_EPATTERN, "no patterns found in '%s'", ndirs ? dirs[0] : "");
	}
	qsort(set->pats, set->n, sizeof(set->pats[0]), by_priority);
	set->ac = ac_build(set);
	digest(set);
	*out = set;
	return FL_OK;
}
