/* SPDX-License-Identifier: MIT */
/*
 * cli.h - the command table and what every verb shares.
 *
 * Adding a command:
 *   1. write src/cli/cmd_<name>.c with `int cmd_<name>(int argc, char **argv)`;
 *   2. add one line to the table in commands.c (name, function, summary);
 *   3. write docs/commands/<name>.md; tests/e2e checks every verb has a doc
 *      page and answers --help without a store.
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

int cli_usage(const struct fl_cmd *cmd);  /* prints usage to stderr, returns EXIT_USAGE */
int cli_help(const struct fl_cmd *cmd);   /* prints usage to stdout, returns EXIT_OK */
int cli_fail(const struct fl_err *err);   /* prints "faultline: msg", returns EXIT_FAIL */
int cli_failf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

int cli_open_store(const struct cli_common *c, bool write, struct fl_store **out);
int cli_load_patterns(const struct cli_common *c, struct fl_patterns **out);
/* Directory of the shipped patterns. */
const char *cli_patterns_dir(void);

/* Ingests one bundle (printing only errors); returns an exit code. */
int cli_ingest_one(struct fl_store *s, const struct fl_patterns *p, const char *path, bool keep,
		   struct fl_ingest_result *res);

/* Analyses run_id and writes the report where c says (stdout or -o). */
int cli_report(struct fl_store *s, int64_t run_id, const struct cli_common *c, bool save);
/* Writes buf to -o FILE (atomically) or stdout. */
int cli_write_output(const struct cli_common *c, const struct fl_buf *buf);

/* Listings: the rows of a statement as an aligned table, JSON or CSV. */
enum cli_rows { CLI_ROWS_TEXT, CLI_ROWS_JSON, CLI_ROWS_CSV };
int cli_rows_format(const char *name); /* -1 if unknown */
/* Steps st to the end and writes its rows where c says. Returns an exit code. */
int cli_print_rows(struct fl_stmt *st, enum cli_rows fmt, const struct cli_common *c);

int cmd_analyze(int argc, char **argv);
int cmd_ingest(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_runs(int argc, char **argv);
int cmd_patterns(int argc, char **argv);
int cmd_help(int argc, char **argv);
int cmd_version(int argc, char **argv);

#endif
