/* SPDX-License-Identifier: MIT */
/*
 * cmd_steps.c - `faultline steps RUN`: the training loop's per-step
 * metrics (Megatron, DeepSpeed, HF, torchtitan, Lightning, nanoGPT lines
 * folded into tables by the pipeline).
 *
 * Three views: the rows the ranks logged (table steps: each rank's last
 * lines and every abnormal one), with --per-rank one row per rank from
 * those rows, or with --per-step the whole series as means over the ranks
 * (view v_step_stats). A loss or gradient norm that
 * was not finite is shown as logged ("nan", "inf"), since the REAL column
 * cannot hold it.
 */
#include "cli.h"

struct steps_opts {
	int64_t rank; /* -1: every rank */
	int64_t limit;
	bool per_step, per_rank;
};

/* Means over ranks have no rank to choose. */
static int per_step_and_rank(void)
{
	fprintf(stderr, "faultline: steps: --per-step shows means over all ranks; drop --rank and "
			"--per-rank\n");
	return EXIT_USAGE;
}

static int steps_opt(void *ctx, int opt, const char *arg)
{
	struct steps_opts *o = ctx;
	switch (opt) {
	case 'r':
		if (o->per_step)
			return per_step_and_rank();
		return cli_parse_int(arg, 0, &o->rank) ? CLI_CONTINUE
						       : cli_badarg("--rank", arg, "a rank");
	case 'n':
		return cli_parse_int(arg, 0, &o->limit) ? CLI_CONTINUE
							: cli_badarg("--limit", arg, "a count");
	case 'p':
		o->per_step = true;
		return o->rank < 0 && !o->per_rank ? CLI_CONTINUE : per_step_and_rank();
	case 'R':
		o->per_rank = true;
		return o->per_step ? per_step_and_rank() : CLI_CONTINUE;
	}
	return CLI_NOT_OWN;
}

static int print_steps(struct fl_store *s, int64_t run, const void *opts, enum cli_rows fmt,
		       const struct cli_common *c)
{
	const struct steps_opts *o = opts;
	struct fl_stmt *st;
	enum cli_sql_id which = o->per_step   ? CLI_SQL_STEPS_PER_STEP
			     : o->per_rank ? CLI_SQL_STEPS_PER_RANK
					   : CLI_SQL_STEPS;
	if (cli_prepare(s, cli_sql(which), &st))
		return EXIT_FAIL;
	fl_stmt_bind_int(st, 1, run);
	if (o->rank >= 0)
		fl_stmt_bind_int(st, 2, o->rank);
	fl_stmt_bind_int(st, 3, o->limit ? o->limit : -1);
	int rc = cli_print_rows(st, fmt, c);
	fl_stmt_free(st);
	return rc;
}

int cmd_steps(int argc, char **argv)
{
	static const struct option opts[] = { CLI_COMMON_OPTS,
					      { "rank", required_argument, NULL, 'r' },
					      { "limit", required_argument, NULL, 'n' },
					      { "per-step", no_argument, NULL, 'p' },
					      { "per-rank", no_argument, NULL, 'R' },
					      { NULL, 0, NULL, 0 } };
	enum cli_rows fmt = CLI_ROWS_TEXT;
	struct steps_opts o = { .rank = -1, .limit = 0 };
	const struct cli_syntax syn = { .verb = "steps", .shortopts = "o:f:hn:", .longopts = opts,
					.rows = &fmt, .own = steps_opt, .ctx = &o,
					.min = 1, .max = 1 };
	return cli_query_run(argc, argv, &syn, print_steps);
}
