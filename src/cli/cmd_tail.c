/* SPDX-License-Identifier: MIT */
/*
 * cmd_tail.c - `faultline tail RUN RANK`: the last lines a rank wrote, the
 * first thing an engineer reads after a crash.
 *
 * The pipeline keeps the last lines of every file in table tails (20 by
 * default), and in a file no one rank wrote the last lines of each of its
 * ranks too (src/pipeline/streams.c), so this works without the bundle.
 * A rank's lines are those of the files attributed to it
 * (rank3/stderr.log) and its lines in shared files ([default3]: prefixes
 * in a node's combined log). Text output reads like tail(1) on several
 * files; JSON and CSV give one row per line.
 */
#include "cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool has_rank(struct fl_store *s, int64_t run, int64_t rank)
{
	struct fl_stmt *st;
	if (fl_store_prepare(s, cli_sql(CLI_SQL_TAIL_HAS_RANK), &st, NULL))
		return false;
	fl_stmt_bind_int(st, 1, run);
	fl_stmt_bind_int(st, 2, rank);
	bool found = fl_stmt_step(st) == 1;
	fl_stmt_free(st);
	return found;
}

/* tail(1) style: a header per file, then its lines numbered. A rank
 * none of whose lines were kept is said so on stderr, not left as an
 * empty answer. */
static int print_text(struct fl_stmt *st, int64_t run, int64_t rank, const struct cli_common *c)
{
	struct fl_buf out = FL_BUF_INIT, text = FL_BUF_INIT;
	bool bold = cli_color(c);
	char *file = NULL;
	int rc;
	while ((rc = fl_stmt_step(st)) == 1) {
		const char *path = fl_stmt_text(st, 0);
		if (!file || strcmp(file, path)) {
			free(file);
			file = fl_xstrdup(path);
			fl_buf_reset(&text);
			fl_utf8_sanitize(&text, path, strlen(path));
			fl_buf_printf(&out, "%s%s==> %s <==%s\n", out.len ? "\n" : "",
				      bold ? "\x1b[1m" : "", text.ptr, bold ? "\x1b[0m" : "");
		}
		fl_buf_reset(&text);
		fl_utf8_sanitize(&text, fl_stmt_text(st, 3), fl_stmt_bytes(st, 3));
		fl_buf_printf(&out, "%6lld  %s\n", (long long)fl_stmt_int(st, 1),
			      text.ptr ? text.ptr : "");
	}
	if (rc == 0 && !file)
		fprintf(stderr,
			"faultline: tail: run %lld kept none of rank %lld's lines (the last ones of "
			"each file, and of each rank in a shared file); try 'faultline events "
			"%lld --rank %lld'\n",
			(long long)run, (long long)rank, (long long)run, (long long)rank);
	free(file);
	fl_buf_release(&text);
	if (rc == 0)
		rc = cli_write_output(c, &out);
	else
		rc = cli_failf("cannot read the kept lines");
	fl_buf_release(&out);
	return rc;
}

static int print_tail(struct fl_store *s, int64_t run, int64_t rank, int64_t n,
		      enum cli_rows fmt, const struct cli_common *c)
{
	if (!has_rank(s, run, rank))
		return cli_failf("run %lld has no rank %lld", (long long)run, (long long)rank);
	struct fl_stmt *st;
	if (cli_prepare(s, cli_sql(CLI_SQL_TAIL), &st))
		return EXIT_FAIL;
	fl_stmt_bind_int(st, 1, run);
	fl_stmt_bind_int(st, 2, rank);
	fl_stmt_bind_int(st, 3, n);
	int rc = fmt == CLI_ROWS_TEXT ? print_text(st, run, rank, c) : cli_print_rows(st, fmt, c);
	fl_stmt_free(st);
	return rc;
}

static int lines_opt(void *n, int opt, const char *arg)
{
	if (opt != 'n')
		return CLI_NOT_OWN;
	return cli_parse_int(arg, 1, n) ? CLI_CONTINUE : cli_badarg("-n", arg, "a count of lines");
}

int cmd_tail(int argc, char **argv)
{
	static const struct option opts[] = { CLI_COMMON_OPTS, { NULL, 0, NULL, 0 } };
	enum cli_rows fmt = CLI_ROWS_TEXT;
	int64_t n = 20, rank;
	const struct cli_syntax syn = { .verb = "tail", .shortopts = "o:f:hn:", .longopts = opts,
					.rows = &fmt, .own = lines_opt, .ctx = &n,
					.min = 2, .max = 2 };
	struct cli_common c;
	int rc = cli_parse_opts(argc, argv, &syn, &c);
	if (rc != CLI_CONTINUE)
		return rc;
	if (!cli_parse_int(argv[optind + 1], 0, &rank))
		return cli_badarg("RANK", argv[optind + 1], "a global rank");
	struct fl_store *s;
	int64_t run;
	if (cli_open_runs(&c, argv + optind, 1, &s, &run))
		return EXIT_FAIL;
	rc = print_tail(s, run, rank, n, fmt, &c);
	fl_store_close(s);
	return rc;
}
