/* SPDX-License-Identifier: MIT */
/*
 * cmd_rm.c - `faultline rm RUN...`: forget runs and free their kept bundles.
 *
 * The store deletes the run and everything it owns in one transaction and
 * names the kept bundle when no other run refers to it; only then is the
 * file removed, so a failed delete never loses a bundle a run still needs.
 * Also holds the helpers the other maintenance verbs (gc, reanalyze)
 * share: opening a store that must already exist, and resolving a kept
 * path safely.
 * Tested by: tests/e2e/test_maintenance.c
 */
#include "cli.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int cli_open_store_existing(const struct cli_common *c, struct fl_store **out)
{
	char *def = c->db ? NULL : fl_store_default_path();
	const char *path = c->db ? c->db : def;
	struct stat sb;
	int rc = stat(path, &sb) == 0
			 ? cli_open_store(c, true, out)
			 : cli_failf("no store at '%s' (ingest a bundle first)", path);
	free(def);
	return rc;
}

char *cli_kept_path(struct fl_store *s, const char *kept)
{
	/* A store may come from elsewhere: never follow a kept name out of
	 * its bundles/ directory. */
	if (strncmp(kept, "bundles/", 8) || strchr(kept + 8, '/') || !kept[8] || kept[8] == '.')
		return NULL;
	return fl_xasprintf("%s/%s", fl_store_dir(s), kept);
}

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
	const struct fl_cmd *cmd = cli_find("rm");
	static const struct option opts[] = { CLI_COMMON_OPTS, { NULL, 0, NULL, 0 } };
	struct cli_common c;
	cli_common_init(&c);
	int opt;
	optind = 1;
	while ((opt = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		if (opt == 'h')
			return cli_help(cmd);
		if (opt == 'f' || opt == 'o' || opt == 'P')
			return cli_usage(cmd);
		int r = cli_common_opt(&c, opt, optarg);
		if (r < 0)
			return EXIT_USAGE;
		if (r == 0)
			return cli_usage(cmd);
	}
	if (optind >= argc)
		return cli_usage(cmd);
	struct fl_store *s;
	if (cli_open_store_existing(&c, &s))
		return EXIT_FAIL;
	int rc = EXIT_OK;
	for (int i = optind; i < argc; i++)
		if (rm_run(s, argv[i]))
			rc = EXIT_FAIL;
	fl_store_close(s);
	return rc;
}
