/* SPDX-License-Identifier: MIT */
/*
 * cmd_patterns.c - `faultline patterns check|test|list`: tools for pattern
 * authors, so that nobody needs C to add or fix a pattern.
 */
#include "cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int patterns_check(struct cli_common *c)
{
	struct fl_patterns *p;
	if (cli_load_patterns(c, &p))
		return EXIT_FAIL;
	struct fl_check_result r;
	fl_patterns_check(p, &r);
	fl_patterns_check_vocab(p, &r);
	if (r.report.len)
		fputs(r.report.ptr, stdout);
	printf("%zu patterns, %zu examples: %zu passed, %zu failed\n", r.patterns, r.examples,
	       r.examples - (r.failures > r.examples ? r.examples : r.failures), r.failures);
	int rc = r.failures ? EXIT_FAIL : EXIT_OK;
	fl_check_result_release(&r);
	fl_patterns_free(p);
	return rc;
}

static int patterns_list(struct cli_common *c)
{
	struct fl_patterns *p;
	if (cli_load_patterns(c, &p))
		return EXIT_FAIL;
	for (size_t i = 0; i < fl_patterns_count(p); i++) {
		const struct fl_pattern_info *in = fl_patterns_info(p, i);
		printf("%-44s %-28s %-7s %s:%d\n", in->name, in->kind, fl_severity_name(in->severity),
		       in->file, in->line);
	}
	fl_patterns_free(p);
	return EXIT_OK;
}

/* ---- test: which pattern explains each line ---- */

struct tester {
	struct fl_matcher *m;
	struct fl_attr_bundle bundle;
	struct fl_attr_file *af;
	const char *member;
	bool matched;
	struct fl_buf unmatched;
	size_t nunmatched, events;
};

static int print_event(void *ctx, const struct fl_event *ev)
{
	struct tester *t = ctx;
	struct fl_buf b = FL_BUF_INIT;
	fl_buf_printf(&b, "%s:%llu: %s [%s]", t->member, (unsigned long long)ev->lineno,
		      ev->pat->name, ev->pat->kind);
	if (ev->attr.rank >= 0)
		fl_buf_printf(&b, " rank=%lld", (long long)ev->attr.rank);
	if (ev->attr.host) {
		fl_buf_adds(&b, " host=");
		fl_utf8_sanitize(&b, ev->attr.host, ev->attr.host_len);
	}
	for (size_t i = 0; i < ev->ncap; i++) {
		fl_buf_printf(&b, " %s=", ev->caps[i].name);
		fl_utf8_sanitize(&b, ev->caps[i].ptr, ev->caps[i].len > 200 ? 200 : ev->caps[i].len);
	}
	puts(b.ptr);
	fl_buf_release(&b);
	t->matched = true;
	t->events++;
	return 0;
}

static int test_begin(void *ctx, const struct fl_member *m)
{
	struct tester *t = ctx;
	t->af = fl_attr_file_new(m->path, &t->bundle);
	t->member = m->path;
	return 0;
}

static int test_line(void *ctx, const struct fl_line *l)
{
	struct tester *t = ctx;
	struct fl_attr a;
	fl_attr_line(t->af, l->ptr, l->len, &a);
	t->matched = false;
	fl_matcher_line(t->m, &a, l->ptr, l->len, l->lineno, l->offset, print_event, t);
	if (!t->matched && !fl_matcher_claimed(t->m) && fl_looks_like_error(a.body, a.body_len)) {
		fl_buf_printf(&t->unmatched, "%s:%llu: ", t->member, (unsigned long long)l->lineno);
		fl_utf8_sanitize(&t->unmatched, l->ptr, l->len > 300 ? 300 : l->len);
		fl_buf_addc(&t->unmatched, '\n');
		t->nunmatched++;
	}
	return 0;
}

static int test_end(void *ctx, const struct fl_member *m, const struct fl_member_stats *st)
{
	struct tester *t = ctx;
	fl_matcher_flush(t->m, print_event, t);
	fl_attr_file_free(t->af);
	t->af = NULL;
	return 0;
}

static void test_skipped(void *ctx, const char *path, const char *why)
{
	printf("%s: skipped: %s\n", path, why);
}

static int patterns_test(struct cli_common *c, const char *path)
{
	struct fl_patterns *p;
	if (cli_load_patterns(c, &p))
		return EXIT_FAIL;
	struct tester t;
	memset(&t, 0, sizeof(t));
	t.m = fl_matcher_new(p);
	struct fl_ingest_sink sink = { .ctx = &t, .member_begin = test_begin, .line = test_line,
				       .member_end = test_end, .skipped = test_skipped };
	struct fl_ingest_stats st;
	struct fl_err err;
	fl_err_clear(&err);
	int rc = fl_ingest_bundle(path, NULL, &sink, &st, &err);
	if (rc == FL_OK) {
		printf("\n%zu events from %llu lines\n", t.events, (unsigned long long)st.lines);
		if (t.nunmatched)
			printf("\n%zu lines look like errors but matched no pattern:\n%s", t.nunmatched,
			       t.unmatched.ptr);
	}
	fl_attr_file_free(t.af);
	fl_matcher_free(t.m);
	fl_buf_release(&t.unmatched);
	fl_patterns_free(p);
	return rc ? cli_fail(&err) : EXIT_OK;
}

int cmd_patterns(int argc, char **argv)
{
	static const struct option opts[] = { CLI_COMMON_OPTS, { NULL, 0, NULL, 0 } };
	const struct cli_syntax syn = { .verb = "patterns", .shortopts = "o:f:h", .longopts = opts,
					.min = 1, .max = 2 };
	struct cli_common c;
	int rc = cli_parse_opts(argc, argv, &syn, &c);
	if (rc != CLI_CONTINUE)
		return rc;
	const char *sub = argv[optind];
	if (!strcmp(sub, "check")) {
		if (optind + 1 < argc && cli_common_opt(&c, 'P', argv[optind + 1]) < 0)
			return EXIT_USAGE;
		return patterns_check(&c);
	}
	if (!strcmp(sub, "test") && optind + 2 == argc)
		return patterns_test(&c, argv[optind + 1]);
	if (!strcmp(sub, "list") && optind + 1 == argc)
		return patterns_list(&c);
	return cli_usage(cli_find("patterns"));
}
