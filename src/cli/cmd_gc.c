/* SPDX-License-Identifier: MIT */
/*
 * cmd_gc.c - `faultline gc`: remove kept bundles no run refers to, then
 * compact the database.
 *
 * Orphans come from runs deleted by hand in SQL, from stores merged or
 * restored, and from ingests killed mid-way (`incoming-PID` and
 * `*.tmp.PID` files). The scan runs under the store's write lock: an
 * ingest holds that lock from its first row until it commits, and moves
 * its bundle into place inside it, so no live ingest can own a file the
 * scan sees as unreferenced. A temporary file whose process is still
 * alive is spared all the same, in case another store shares the
 * directory.
 * Tested by: tests/e2e/test_maintenance.c
 */
#include "cli.h"

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct gc {
	char *dir; /* <store dir>/bundles */
	char **kept; /* referenced names, sorted */
	size_t nkept, cap;
	uint64_t files, bytes;
	int failed;
	struct fl_err *err;
};

static int cmp_str(const void *x, const void *y)
{
	return strcmp(*(const char *const *)x, *(const char *const *)y);
}

static bool referenced(const struct gc *g, const char *name)
{
	return bsearch(&name, g->kept, g->nkept, sizeof(char *), cmp_str) != NULL;
}

/* The pid an ingest's temporary file carries, or 0 for other files. */
static long temp_pid(const char *name)
{
	const char *p = strstr(name, ".tmp.");
	if (p)
		p += 5;
	else if (!strncmp(name, "incoming-", 9))
		p = name + 9;
	else
		return 0;
	char *end;
	long pid = strtol(p, &end, 10);
	return *end || pid <= 0 ? 0 : pid;
}

static bool alive(long pid)
{
	return kill((pid_t)pid, 0) == 0 || errno == EPERM;
}

static int load_kept(struct fl_store *s, struct gc *g)
{
	struct fl_stmt *st;
	if (fl_store_prepare(s, "SELECT DISTINCT kept FROM runs WHERE kept IS NOT NULL", &st,
			     g->err))
		return g->err->code;
	int rc;
	while ((rc = fl_stmt_step(st)) == 1) {
		const char *k = fl_stmt_text(st, 0);
		if (strncmp(k, "bundles/", 8))
			continue;
		FL_GROW(g->kept, g->cap, g->nkept + 1);
		g->kept[g->nkept++] = fl_xstrdup(k + 8);
	}
	fl_stmt_free(st);
	if (rc < 0)
		return fl_err_set(g->err, FL_EDB, "cannot list kept bundles: %s",
				  fl_store_errmsg(s));
	qsort(g->kept, g->nkept, sizeof(char *), cmp_str);
	return FL_OK;
}

static void sweep_one(struct gc *g, const char *name)
{
	long pid = temp_pid(name);
	if (referenced(g, name) || (pid && pid != (long)getpid() && alive(pid)))
		return;
	char *path = fl_xasprintf("%s/%s", g->dir, name);
	struct stat sb;
	if (lstat(path, &sb) == 0 && S_ISREG(sb.st_mode)) {
		if (unlink(path) == 0) {
			printf("removed %s (%.1f KiB)\n", name, (double)sb.st_size / 1024);
			g->files++;
			g->bytes += (uint64_t)sb.st_size;
		} else {
			cli_failf("cannot remove '%s': %s", path, strerror(errno));
			g->failed = 1;
		}
	}
	free(path);
}

/* Runs inside the write lock (fl_store_write). */
static int sweep(struct fl_store *s, void *ctx)
{
	struct gc *g = ctx;
	int rc = load_kept(s, g);
	if (rc)
		return rc;
	DIR *d = opendir(g->dir);
	if (!d)
		return errno == ENOENT ? FL_OK
				       : fl_err_set(g->err, FL_EIO, "cannot read '%s': %s", g->dir,
						    strerror(errno));
	struct dirent *de;
	while ((de = readdir(d)) != NULL)
		if (de->d_name[0] != '.')
			sweep_one(g, de->d_name);
	closedir(d);
	return FL_OK;
}

static int64_t db_bytes(struct fl_store *s)
{
	struct fl_stmt *st;
	struct fl_err err;
	int64_t n = -1;
	if (fl_store_prepare(s,
			     "SELECT page_count * page_size"
			     " FROM pragma_page_count(), pragma_page_size()",
			     &st, &err))
		return -1;
	if (fl_stmt_step(st) == 1)
		n = fl_stmt_int(st, 0);
	fl_stmt_free(st);
	return n;
}

static int collect(struct fl_store *s)
{
	struct fl_err err;
	fl_err_clear(&err);
	struct gc g = { .err = &err };
	g.dir = fl_xasprintf("%s/bundles", fl_store_dir(s));
	int rc = fl_store_write(s, sweep, &g, &err) ? cli_fail(&err) : g.failed;
	for (size_t i = 0; i < g.nkept; i++)
		free(g.kept[i]);
	free(g.kept);
	free(g.dir);
	if (rc)
		return EXIT_FAIL;
	int64_t before = db_bytes(s);
	if (fl_store_exec(s, "VACUUM", &err))
		return cli_fail(&err);
	int64_t after = db_bytes(s);
	printf("%llu orphaned file%s removed (%.1f KiB)", (unsigned long long)g.files,
	       g.files == 1 ? "" : "s", (double)g.bytes / 1024);
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
