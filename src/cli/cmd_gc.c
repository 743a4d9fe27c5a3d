/* SPDX-License-Identifier: MIT */
/*
 * cmd_gc.c - `faultline gc`: remove kept bundles no run refers to, then
 * compact the database.
 *
 * The store finds and removes the orphans under its write lock
 * (fl_store_bundles_collect, which says where they come from and why a
 * live ingest's files are safe) and compacts itself (fl_store_compact);
 * this verb reads the arguments and prints what was done.
 * Tested by: tests/e2e/test_maintenance.c
 */
#include "cli.h"

#include <stdio.h>

/* One line per file found; the number of files and bytes removed. */
static bool print_collected(const struct fl_collected *c, size_t n, uint64_t *files,
			    uint64_t *bytes)
{
	bool failed = false;
	*files = *bytes = 0;
	for (size_t i = 0; i < n; i++) {
		if (c[i].why) {
			cli_failf("%s", c[i].why);
			failed = true;
			continue;
		}
		printf("removed %s (%.1f KiB)\n", c[i].name, (double)c[i].bytes / 1024);
		(*files)++;
		*bytes += (uint64_t)c[i].bytes;
	}
	return failed;
}

static int collect(struct fl_store *s)
{
	struct fl_err err;
	fl_err_clear(&err);
	struct fl_collected *c;
	size_t n;
	uint64_t files, bytes;
	int rc = fl_store_bundles_collect(s, &c, &n, &err);
	bool failed = print_collected(c, n, &files, &bytes);
	fl_collected_free(c, n);
	if (rc)
		return cli_fail(&err);
	if (failed)
		return EXIT_FAIL;
	int64_t before, after;
	if (fl_store_compact(s, &before, &after, &err))
		return cli_fail(&err);
	printf("%llu orphaned file%s removed (%.1f KiB)", (unsigned long long)files,
	       files == 1 ? "" : "s", (double)bytes / 1024);
	if (before >= 0 && after >= 0)
		printf("; database %.1f KiB -> %.1f KiB", (double)before / 1024,
		       (double)after / 1024);
	printf("\n");
	return EXIT_OK;
}

int cmd_gc(int argc, char **argv)
{
	static const struct option opts[] = { CLI_COMMON_OPTS, { NULL, 0, NULL, 0 } };
	const struct cli_syntax syn = { .verb = "gc", .shortopts = "h", .longopts = opts,
					.refuse = "foP", .min = 0, .max = 0 };
	struct cli_common c;
	int rc = cli_parse_opts(argc, argv, &syn, &c);
	if (rc != CLI_CONTINUE)
		return rc;
	struct fl_store *s;
	if (cli_open_store_existing(&c, &s))
		return EXIT_FAIL;
	rc = collect(s);
	fl_store_close(s);
	return rc;
}
