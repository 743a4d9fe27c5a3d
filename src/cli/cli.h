/* SPDX-License-Identifier: MIT */
/*
 * cli.h - the command table and what every verb shares.
 *
 * Adding a command:
 *   1. write src/cli/cmd_<name>.c with `int cmd_<name>(int argc, char **argv)`;
 *   2. add one line to the table in commands.c (name, function, summary,
 *      usage: the one place its syntax is written);
 *   3. any SQL it runs: an id in enum cli_sql_id below, the text in
 *      cli_sql.c (tests/unit/test_sql.c prepares it against a fresh store);
 *   4. write docs/commands/<name>.md showing the synopsis of --help, and its
 *      entry in docs/faultline.1; tests/e2e checks both against --help.
 * Design: docs/internals/cli.md.
 * Only the CLI prints and chooses exit codes; library calls fill a
 * struct fl_err and the verb prints its message with cli_fail().
 */
#ifndef FAULTLINE_CLI_H
#define FAULTLINE_CLI_H

#include <getopt.h>

#include "faultline/pipeline.h"
#include "faultline/report.h"

/* Exit codes (docs/commands/README.md). */
enum { EXIT_OK = 0, EXIT_FAIL = 1, EXIT_USAGE = 2 };

struct fl_cmd {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *summary;
	const char *usage;
};

extern const struct fl_cmd fl_commands[];
extern const size_t fl_ncommands;
const struct fl_cmd *cli_find(const char *name);

/* ---- SQL (cli_sql.c) ----
 * Every statement the verbs run has a name and an id here, and its text in
 * the table of cli_sql.c, so that tests/unit/test_cli_sql.c can prepare
 * each one against a fresh store. Only `faultline sql` runs other SQL: the
 * user's. */
enum cli_sql_id {
	CLI_SQL_RUN_IDS,
	CLI_SQL_RUNS,
	CLI_SQL_EVENTS,
	CLI_SQL_EVENTS_RUN_START,
	CLI_SQL_TIMELINE,
	CLI_SQL_STEPS,
	CLI_SQL_STEPS_PER_STEP,
	CLI_SQL_STEPS_PER_RANK,
	CLI_SQL_TAIL,
	CLI_SQL_TAIL_HAS_RANK,
	CLI_SQL_TRANSPORTS,
	CLI_SQL_HOSTS,
	CLI_SQL_HOSTS_DEEP,
	CLI_SQL_RANKS_ROWS,
	CLI_SQL_COMMS_ROWS,
	CLI_SQL_TOKEN_ROWS,
	CLI_SQL_SHOW_EVENT,
	CLI_SQL_SHOW_FIELDS,
	CLI_SQL_SHOW_LINES,
	CLI_SQL_REANALYZE_VERDICT,
	CLI_SQL_DIFF_HOSTS_ONLY_HERE,
	CLI_SQL_DIFF_NCCL_VERSIONS,
	CLI_SQL_DIFF_TORCH_NCCL_VERSIONS,
	CLI_SQL_DIFF_NETWORK,
	CLI_SQL_DIFF_TRANSPORTS,
	CLI_SQL_DIFF_IB_DEVICES,
	CLI_SQL_DIFF_IB_OOB_INTERFACES,
	CLI_SQL_DIFF_SOCKET_INTERFACES,
	CLI_SQL_DIFF_BOOTSTRAP_INTERFACES,
	CLI_SQL_N
};
/* The text of a statement. */
const char *cli_sql(enum cli_sql_id id);
/* The whole table, CLI_SQL_N entries indexed by enum cli_sql_id. */
size_t cli_sql_table(const struct fl_sql_def **out);

/* Options most verbs accept. */
struct cli_common {
	const char *db;
	const char *patterns[8];
	size_t npatterns;
	int format;      /* enum fl_format, or -1 for the default */
	const char *out; /* -o FILE */
	bool no_wal;
};

/* getopt_long entries for the common options; verbs append their own. */
#define CLI_COMMON_OPTS                                                    \
	{ "db", required_argument, NULL, 'D' },                            \
	{ "patterns", required_argument, NULL, 'P' },                      \
	{ "format", required_argument, NULL, 'f' },                        \
	{ "output", required_argument, NULL, 'o' },                        \
	{ "journal-delete", no_argument, NULL, 'J' },                      \
	{ "help", no_argument, NULL, 'h' }

/* Handles a common option; returns 1 if handled, 0 if not, -1 on error. */
int cli_common_opt(struct cli_common *c, int opt, const char *arg);
void cli_common_init(struct cli_common *c);

/* How a listing prints its rows (--format of the listing verbs). */
enum cli_rows { CLI_ROWS_TEXT, CLI_ROWS_JSON, CLI_ROWS_CSV };

/* What cli_parse_opts() and the verbs' option handlers return besides an exit code:
 * go on; and, from a handler only, the option is not one of the verb's own. */
enum { CLI_CONTINUE = -1, CLI_NOT_OWN = -2 };

/* What a verb accepts on its command line. */
struct cli_syntax {
	const char *verb;
	const char *shortopts;
	const struct option *longopts; /* CLI_COMMON_OPTS, then the verb's own */
	const char *refuse;            /* common options the verb has no use for: usage error */
	enum cli_rows *rows;           /* a listing: --format is text|json|csv, kept here */
	/* The verb's own options: CLI_CONTINUE, CLI_NOT_OWN or an exit code. */
	int (*own)(void *ctx, int opt, const char *arg);
	void *ctx;
	int min, max; /* operands after the options; max -1: no limit */
};
/* Inits c and reads the options into it; CLI_CONTINUE with optind at the first operand,
 * or the exit code to return (--help, a bad option, a wrong count of operands). */
int cli_parse_opts(int argc, char **argv, const struct cli_syntax *syn, struct cli_common *c);

int cli_usage(const struct fl_cmd *cmd);  /* prints usage to stderr, returns EXIT_USAGE */
int cli_help(const struct fl_cmd *cmd);   /* prints usage to stdout, returns EXIT_OK */
int cli_fail(const struct fl_err *err);   /* prints "faultline: msg", returns EXIT_FAIL */
int cli_failf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Analyses a run just stored and saves the analysis, so that `runs` lists its
 * verdict and `report` need not redo it; an exit code, with one line on failure
 * (the run itself stays stored). */
int cli_save_analysis(struct fl_store *s, int64_t run_id);

int cli_open_store(const struct cli_common *c, bool write, struct fl_store **out);
/* Opens for writing a store that must already exist (never creates one); an exit code. */
int cli_open_store_existing(const struct cli_common *c, struct fl_store **out);
int cli_load_patterns(const struct cli_common *c, struct fl_patterns **out);
/* Loads the patterns and opens the store for writing, one that must exist when must_exist;
 * an exit code, with nothing left open on failure. */
int cli_open_writable(const struct cli_common *c, bool must_exist, struct fl_patterns **p,
		      struct fl_store **s);
/* Directory of the shipped patterns. */
const char *cli_patterns_dir(void);

/* The options analyze and ingest add to the common ones. */
struct cli_ingest {
	enum fl_keep keep; /* --no-keep, --copy-dir */
	bool quiet;        /* --quiet: no progress line */
	int shard, shards; /* ingest --shard I/N; shards 0: not a shard */
	/* the limits on hostile input: --max-bytes, --max-ratio, --max-members,
	 * --max-depth, --max-line (docs/commands/analyze.md) */
	struct fl_ingest_opts limits;
};

/* Reads the options of analyze and ingest (--shard: ingest's only, when
 * max is -1) and checks for one to max BUNDLE operands, exactly one
 * with --shard; CLI_CONTINUE or an exit code, as cli_parse_opts(). */
int cli_ingest_args(int argc, char **argv, const char *verb, int max, struct cli_common *c,
		    struct cli_ingest *in);
/* Ingests bundle index of count (1-based; for the progress line),
 * printing only errors and the progress line; returns an exit code. */
int cli_ingest_one(struct fl_store *s, const struct fl_patterns *p, const char *path,
		   const struct cli_ingest *in, int index, int count,
		   struct fl_ingest_result *res);

/* The progress line on standard error (cli_progress.c): on only when it
 * is a terminal and not quiet; cleared before anything else is printed. */
struct cli_progress {
	bool on, shown;
	int index, count; /* bundle index of count */
	int width;        /* terminal columns */
};
void cli_progress_init(struct cli_progress *pr, bool quiet, int index, int count);
/* Sets o->progress to print on pr, when pr is on. */
void cli_progress_attach(struct cli_progress *pr, struct fl_pipeline_opts *o);
void cli_progress_clear(struct cli_progress *pr);

/* Analyses run_id and writes the report where c says (stdout or -o); link:
 * the full report's URL in a ticket format, or NULL. */
int cli_report(struct fl_store *s, int64_t run_id, const struct cli_common *c, bool save,
	       const char *link);
/* Writes buf to -o FILE (atomically) or stdout. */
int cli_write_output(const struct cli_common *c, const struct fl_buf *buf);

/* Listings: the rows of a statement as an aligned table, JSON or CSV (enum cli_rows). */
int cli_rows_format(const char *name); /* -1 if unknown */
/* Steps st to the end and writes its rows where c says. Returns an exit code. */
int cli_print_rows(struct fl_stmt *st, enum cli_rows fmt, const struct cli_common *c);
/* Text of cells for the terminal and JSON (cli_table.c). */
size_t cli_width(const char *s);                         /* columns: UTF-8 code points */
void cli_pad(struct fl_buf *b, const char *s, size_t w); /* s, then blanks to width w */
void cli_clip(struct fl_buf *b, size_t max);             /* cut to max code points + "..." */
/* A column of st's current row as a typed JSON value: null, integer, number or string. */
void cli_json_cell(struct fl_buf *b, struct fl_stmt *st, int col);

/* Rows computed in C, printed by cli_print_rows() (cli_rows.c): add
 * ncols cells per row, in column order. The statement sql reads them back
 * and names the columns: SELECT json_extract(value, '$[k]') AS "name", ...
 * FROM json_each(?1) ORDER BY key, ncols of them. */
struct cli_rowset {
	enum cli_sql_id sql;
	int ncols, col;
	size_t nrows;
	struct fl_buf json;
};
void cli_rowset_init(struct cli_rowset *r, enum cli_sql_id sql, int ncols);
void cli_rowset_null(struct cli_rowset *r);
void cli_rowset_int(struct cli_rowset *r, int64_t v);
void cli_rowset_text(struct cli_rowset *r, const char *s);  /* NULL: null */
void cli_rowset_time(struct cli_rowset *r, int64_t ts);     /* FL_TIME_NONE: null */
int cli_rowset_print(struct cli_rowset *r, struct fl_store *s, enum cli_rows fmt,
		     const struct cli_common *c);
void cli_rowset_release(struct cli_rowset *r);

/* The query verbs' helpers (cli_query.c). */
/* Opens the store read-only and resolves n RUN arguments (an id or 'last'); an exit code. */
int cli_open_runs(const struct cli_common *c, char *const *specs, int n, struct fl_store **s,
		  int64_t *runs);
/* A verb on one stored run: its options read (cli_parse_opts), the store opened
 * read-only and RUN (the first operand) resolved, returns fn(s, run, syn->ctx, format, c). */
int cli_query_run(int argc, char **argv, const struct cli_syntax *syn,
		  int (*fn)(struct fl_store *s, int64_t run, const void *opts, enum cli_rows fmt,
			    const struct cli_common *c));
/* Prepares sql against s, printing why it failed; an exit code. */
int cli_prepare(struct fl_store *s, const char *sql, struct fl_stmt **st);
/* "faultline: OPT wants WANT, not 'ARG'"; returns EXIT_USAGE. */
int cli_badarg(const char *opt, const char *arg, const char *want);
bool cli_color(const struct cli_common *c); /* stdout is a terminal and NO_COLOR unset */
bool cli_parse_int(const char *s, int64_t min, int64_t *out);
bool cli_parse_clock(const char *s, int64_t *us_of_day, bool *whole_second); /* HH:MM:SS */
bool cli_parse_duration(const char *s, int64_t *out); /* 90s 30m 12h 7d 2w */
int cli_parse_severity(const char *s);                 /* info..fatal, -1 if unknown */
int cmd_analyze(int argc, char **argv);
int cmd_ingest(int argc, char **argv);
int cmd_merge(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_runs(int argc, char **argv);
int cmd_events(int argc, char **argv);
int cmd_ranks(int argc, char **argv);
int cmd_show(int argc, char **argv);
int cmd_sql(int argc, char **argv);
int cmd_steps(int argc, char **argv);
int cmd_tail(int argc, char **argv);
int cmd_timeline(int argc, char **argv);
int cmd_transports(int argc, char **argv);
int cmd_comms(int argc, char **argv);
int cmd_diff(int argc, char **argv);
int cmd_gc(int argc, char **argv);
int cmd_hosts(int argc, char **argv);
int cmd_reanalyze(int argc, char **argv);
int cmd_rm(int argc, char **argv);
int cmd_serve(int argc, char **argv);
int cmd_token(int argc, char **argv);
int cmd_upload(int argc, char **argv);
int cmd_patterns(int argc, char **argv);
int cmd_help(int argc, char **argv);
int cmd_version(int argc, char **argv);

#endif
