/* SPDX-License-Identifier: MIT */
/*
 * cmd_rm.c - `faultline rm RUN...`: forget runs and free their kept bundles.
 *
 * The store deletes the run and everything it owns in one transaction,
 * then its kept bundle when no other run refers to it
 * (fl_store_run_delete); this verb reads the arguments and says what
 * happened.
 * Tested by: tests/e2e/test_maintenance.c
 */
#include "cli.h"

#include <stdio.h>

static int rm_run(struct fl_store *s, const char *spec)
{
	struct fl_err err;
	fl_err_clear(&err);
	int64_t run;
	struct fl_deleted d = { 0 };
	if (fl_store_resolve_run(s, spec, &run, &err) || fl_store_run_delete(s, run, &d, &err)) {
		fl_deleted_release(&d);
		return cli_fail(&err);
	}
	int rc = EXIT_OK;
	switch (d.fate) {
	case FL_KEPT_NONE:
		printf("removed run %lld\n", (long long)run);
		break;
	case FL_KEPT_REMOVED:
		printf("removed run %lld and %s (%.1f KiB)\n", (long long)run, d.kept,
		       (double)d.bytes / 1024);
		break;
	case FL_KEPT_GONE:
		printf("removed run %lld (its bundle '%s' was already gone)\n", (long long)run,
		       d.kept);
		break;
	case FL_KEPT_OUTSIDE:
		rc = cli_failf("removed run %lld but not its bundle: %s", (long long)run, d.why);
		break;
	case FL_KEPT_FAILED:
		rc = cli_failf("removed run %lld but %s", (long long)run, d.why);
		break;
	}
	fl_deleted_release(&d);
	return rc;
}

int cmd_rm(int argc, char **argv)
{
	static const struct option opts[] = { CLI_COMMON_OPTS, { NULL, 0, NULL, 0 } };
	const struct cli_syntax syn = { .verb = "rm", .shortopts = "h", .longopts = opts,
					.refuse = "foP", .min = 1, .max = -1 };
	struct cli_common c;
	int rc = cli_parse_opts(argc, argv, &syn, &c);
	if (rc != CLI_CONTINUE)
		return rc;
	struct fl_store *s;
	if (cli_open_store_existing(&c, &s))
		return EXIT_FAIL;
	rc = EXIT_OK;
	for (int i = optind; i < argc; i++)
		if (rm_run(s, argv[i]))
			rc = EXIT_FAIL;
	fl_store_close(s);
	return rc;
}
