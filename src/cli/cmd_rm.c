/* SPDX-License-Identifier: MIT */
/*
 * cmd_rm.c - `faultline rm RUN...`: forget runs and free their kept bundles.
 *
 * The store deletes the run and everything it owns in one transaction and
 * names the kept bundle when no other run refers to it; only then is the
 * file removed, so a failed delete never loses a bundle a run still needs.
 * Tested by: tests/e2e/test_maintenance.c
 */
#include "cli.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int rm_run(struct fl_store *s, const char *spec)
{
	struct fl_err err;
	fl_err_clear(&err);
	int64_t run;
	char *kept = NULL;
	if (fl_store_resolve_run(s, spec, &run, &err) || fl_store_run_delete(s, run, &kept, &err))
		return cli_fail(&err);
	if (!kept) {
		printf("removed run %lld\n", (long long)run);
		return EXIT_OK;
	}
	char *path = cli_kept_path(s, kept);
	struct stat sb;
	int rc = EXIT_OK;
	if (!path)
		rc = cli_failf("removed run %lld but not its bundle: '%s' is outside the store",
			       (long long)run, kept);
	else if (stat(path, &sb) != 0 || unlink(path) != 0) {
		if (errno == ENOENT)
			printf("removed run %lld (its bundle '%s' was already gone)\n",
			       (long long)run, kept);
		else
			rc = cli_failf("removed run %lld but cannot remove '%s': %s",
				       (long long)run, path, strerror(errno));
	} else {
		printf("removed run %lld and %s (%.1f KiB)\n", (long long)run, kept,
		       (double)sb.st_size / 1024);
	}
	free(path);
	free(kept);
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
