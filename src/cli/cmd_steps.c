/* SPDX-License-Identifier: MIT */
/*
 * cmd_steps.c - `faultline steps RUN`: the training loop's per-step
 * metrics as the ranks logged them (Megatron, DeepSpeed, HF, torchtitan,
 * Lightning, nanoGPT lines folded into table steps by the pipeline).
 *
 * A loss or gradient norm that was not finite is shown as logged ("nan",
 * "inf"), since the REAL column cannot hold it.
 */
#include "cli.h"

static const char STEPS_SQL[] =
	"SELECT s.step, s.rank, s.host, " CLI_SQL_TIME("s.ts") " AS time,"
	" COALESCE(s.loss_text, s.loss) AS loss,"
	" COALESCE(s.grad_norm_text, s.grad_norm) AS grad_norm,"
	" s.loss_scale, s.lr, s.tokens_per_s, s.tflops, s.mfu, s.iter_ms"
	" FROM steps s WHERE s.run_id = ?1 AND (?2 IS NULL OR s.rank = ?2)"
	" ORDER BY s.step, s.rank, s.ts LIMIT ?3";

static int print_steps(struct fl_store *s, int64_t run, const int64_t *rank, int64_t limit,
		       enum cli_rows fmt, const struct cli_common *c)
{
	struct fl_stmt *st;
	struct fl_err err;
	fl_err_clear(&err);
	if (fl_store_prepare(s, STEPS_SQL, &st, &err))
		return cli_fail(&err);
	fl_stmt_bind_int(st, 1, run);
	if (rank)
		fl_stmt_bind_int(st, 2, *rank);
	fl_stmt_bind_int(st, 3, limit ? limit : -1);
	int rc = cli_print_rows(st, fmt, c);
	fl_stmt_free(st);
	return rc;
}

int cmd_steps(int argc, char **argv)
{
	const struct fl_cmd *cmd = cli_find("steps");
	static const struct option opts[] = { CLI_COMMON_OPTS,
					      { "rank", required_argument, NULL, 'r' },
					      { "limit", required_argument, NULL, 'n' },
					      { NULL, 0, NULL, 0 } };
	struct cli_common c;
	cli_common_init(&c);
	enum cli_rows fmt = CLI_ROWS_TEXT;
	int64_t rank = -1, limit = 0;
	int opt;
	optind = 1;
	while ((opt = getopt_long(argc, argv, "o:f:hn:", opts, NULL)) != -1) {
		switch (opt) {
		case 'h':
			return cli_help(cmd);
		case 'r':
			if (!cli_parse_int(optarg, 0, &rank))
				return cli_badarg("--rank", optarg, "a rank");
			continue;
		case 'n':
			if (!cli_parse_int(optarg, 0, &limit))
				return cli_badarg("--limit", optarg, "a count");
			continue;
		}
		int r = cli_rows_opt(&c, &fmt, opt, optarg);
		if (r < 0)
			return EXIT_USAGE;
		if (r == 0)
			return cli_usage(cmd);
	}
	if (optind + 1 != argc)
		return cli_usage(cmd);
	struct fl_store *s;
	int64_t run;
	if (cli_open_run(&c, argv[optind], &s, &run))
		return EXIT_FAIL;
	int rc = print_steps(s, run, rank >= 0 ? &rank : NULL, limit, fmt, &c);
	fl_store_close(s);
	return rc;
}
