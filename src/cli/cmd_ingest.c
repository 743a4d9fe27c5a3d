/* SPDX-License-Identifier: MIT */
/*
 * cmd_ingest.c - `faultline ingest BUNDLE...` and the ingest step that
 * `analyze` shares.
 */
#include "cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int cli_ingest_one(struct fl_store *s, const struct fl_patterns *p, const char *path,
		   const struct cli_ingest *in, int index, int count,
		   struct fl_ingest_result *res)
{
	struct fl_pipeline_opts o;
	fl_pipeline_opts_init(&o);
	o.keep = in->keep;
	o.limits = &in->limits;
	o.shard = in->shard;
	o.shards = in->shards;
	struct cli_progress pr;
	cli_progress_init(&pr, in->quiet, index, count);
	cli_progress_attach(&pr, &o);
	struct fl_err err;
	fl_err_clear(&err);
	int rc = fl_pipeline_ingest(s, p, path, &o, res, &err);
	cli_progress_clear(&pr);
	if (!rc && res->stale)
		fprintf(stderr,
			"faultline: note: run %lld holds these bytes, read with another pattern"
			" library; `faultline reanalyze %lld` reads them with this one\n",
			(long long)res->run_id, (long long)res->run_id);
	return rc ? cli_fail(&err) : EXIT_OK;
}

/* The most shards of one job: a node each, with room to spare. */
#define MAX_SHARDS (1 << 20)

/* "I/N", 0 <= I < N: shard I of N. */
static bool parse_shard(const char *arg, int *shard, int *shards)
{
	char *end;
	long i = strtol(arg, &end, 10);
	if (end == arg || *end != '/' || i < 0)
		return false;
	const char *p = end + 1;
	long n = strtol(p, &end, 10);
	if (end == p || *end || n < 1 || n > MAX_SHARDS || i >= n)
		return false;
	*shard = (int)i;
	*shards = (int)n;
	return true;
}

enum { OPT_MAX_BYTES = 256, OPT_MAX_RATIO, OPT_MAX_MEMBERS, OPT_MAX_DEPTH, OPT_MAX_LINE };

/* A count or a size: digits with an optional K, M, G or T (powers of 1024). */
static bool parse_size(const char *s, uint64_t max, uint64_t *out)
{
	char *end;
	if (*s < '0' || *s > '9')
		return false;
	unsigned long long v = strtoull(s, &end, 10);
	static const char units[] = "KMGT";
	const char *u = *end ? strchr(units, *end) : NULL;
	if (*end && (!u || end[1]))
		return false;
	for (int shift = u ? 10 * (int)(u - units + 1) : 0; shift > 0; shift -= 10) {
		if (v > max >> 10)
			return false;
		v <<= 10;
	}
	if (v > max)
		return false;
	*out = v;
	return true;
}

/* --max-bytes, --max-ratio, --max-members, --max-depth, --max-line. */
static int limit_opt(struct fl_ingest_opts *l, int opt, const char *arg)
{
	static const char *const names[] = { "--max-bytes", "--max-ratio", "--max-members",
					     "--max-depth", "--max-line" };
	uint64_t v;
	bool small = opt == OPT_MAX_DEPTH || opt == OPT_MAX_LINE;
	if (!parse_size(arg, small ? (1u << 30) : UINT64_MAX, &v) ||
	    (opt == OPT_MAX_LINE && v == 0))
		return cli_badarg(names[opt - OPT_MAX_BYTES], arg,
				  opt == OPT_MAX_LINE ? "a size of at least 1" : "a number");
	switch (opt) {
	case OPT_MAX_BYTES: l->max_total_bytes = v; break;
	case OPT_MAX_RATIO: l->max_ratio = v; break;
	case OPT_MAX_MEMBERS: l->max_members = v; break;
	case OPT_MAX_DEPTH: l->max_depth = (int)v; break;
	default: l->max_line = (size_t)v; break;
	}
	return CLI_CONTINUE;
}

/* --no-keep and --copy-dir (the last one given counts), --quiet, --shard,
 * the limits. */
static int ingest_opt(void *ctx, int opt, const char *arg)
{
	struct cli_ingest *in = ctx;
	if (opt >= OPT_MAX_BYTES && opt <= OPT_MAX_LINE)
		return limit_opt(&in->limits, opt, arg);
	switch (opt) {
	case 'K': in->keep = FL_KEEP_NONE; return CLI_CONTINUE;
	case 'C': in->keep = FL_KEEP_ALL; return CLI_CONTINUE;
	case 'q': in->quiet = true; return CLI_CONTINUE;
	case 'S':
		if (parse_shard(arg, &in->shard, &in->shards))
			return CLI_CONTINUE;
		fprintf(stderr, "faultline: --shard wants I/N with 0 <= I < N, not '%s'\n",
			arg);
		return EXIT_USAGE;
	default: return CLI_NOT_OWN;
	}
}

int cli_ingest_args(int argc, char **argv, const char *verb, int max, struct cli_common *c,
		    struct cli_ingest *in)
{
#define INGEST_OPTS                                           \
	CLI_COMMON_OPTS, { "no-keep", no_argument, NULL, 'K' }, \
		{ "copy-dir", no_argument, NULL, 'C' },         \
		{ "quiet", no_argument, NULL, 'q' },            \
		{ "max-bytes", required_argument, NULL, OPT_MAX_BYTES }, \
		{ "max-ratio", required_argument, NULL, OPT_MAX_RATIO }, \
		{ "max-members", required_argument, NULL, OPT_MAX_MEMBERS }, \
		{ "max-depth", required_argument, NULL, OPT_MAX_DEPTH }, \
		{ "max-line", required_argument, NULL, OPT_MAX_LINE }
	static const struct option analyze_opts[] = { INGEST_OPTS, { NULL, 0, NULL, 0 } };
	static const struct option ingest_opts[] = { INGEST_OPTS,
						     { "shard", required_argument, NULL, 'S' },
						     { NULL, 0, NULL, 0 } };
#undef INGEST_OPTS
	const struct cli_syntax syn = { .verb = verb,
					.shortopts = "o:f:qh",
					.longopts = max < 0 ? ingest_opts : analyze_opts,
					.own = ingest_opt,
					.ctx = in,
					.min = 1,
					.max = max };
	*in = (struct cli_ingest){ .keep = FL_KEEP_FILES };
	fl_ingest_opts_init(&in->limits);
	int rc = cli_parse_opts(argc, argv, &syn, c);
	if (rc == CLI_CONTINUE && in->shards && argc - optind != 1) {
		fputs("faultline: --shard takes one BUNDLE (a shard store holds one run)\n", stderr);
		return EXIT_USAGE;
	}
	return rc;
}

int cmd_ingest(int argc, char **argv)
{
	struct cli_common c;
	struct cli_ingest in;
	int rc = cli_ingest_args(argc, argv, "ingest", -1, &c, &in);
	if (rc != CLI_CONTINUE)
		return rc;
	struct fl_patterns *p;
	struct fl_store *s;
	if (cli_open_writable(&c, false, &p, &s))
		return EXIT_FAIL;
	rc = EXIT_OK;
	for (int i = optind; i < argc; i++) {
		struct fl_ingest_result res;
		if (cli_ingest_one(s, p, argv[i], &in, i - optind + 1, argc - optind, &res)) {
			rc = EXIT_FAIL;
			continue;
		}
		printf("%lld%s\n", (long long)res.run_id, res.existed ? " (already stored)" : "");
		fflush(stdout);
		if (cli_save_analysis(s, res.run_id))
			rc = EXIT_FAIL;
	}
	fl_store_close(s);
	fl_patterns_free(p);
	return rc;
}
