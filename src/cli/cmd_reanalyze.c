/* SPDX-License-Identifier: MIT */
/*
 * cmd_reanalyze.c - `faultline reanalyze RUN...|--all`: run stored bundles
 * through the current patterns and analysis again.
 *
 * After the pattern library learns a new log format, old incidents should
 * benefit. fl_pipeline_reingest() reads the bundle again where the store
 * says it can be read (the kept copy, or, where none was kept, the bundle
 * where it was ingested from as long as its content has the run's
 * sha256) and replaces the run in one transaction, so a failure leaves
 * the old analysis as it was; the store keeps the run's id, name, path,
 * ingest time and sha256. This verb picks the runs, saves the new
 * verdict and says what changed.
 * Tested by: tests/e2e/test_maintenance.c
 */
#include "cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What the run row said before re-analysis. */
struct old_verdict {
	char *status, *cause;
};

static char *col(struct fl_stmt *st, int k)
{
	return fl_stmt_null(st, k) ? NULL : fl_xstrdup(fl_stmt_text(st, k));
}

static int old_load(struct fl_store *s, int64_t id, struct old_verdict *o, struct fl_err *err)
{
	struct fl_stmt *st;
	memset(o, 0, sizeof(*o));
	if (fl_store_prepare(s, cli_sql(CLI_SQL_REANALYZE_VERDICT), &st, err))
		return err->code;
	fl_stmt_bind_int(st, 1, id);
	int rc = fl_stmt_step(st);
	if (rc == 1) {
		o->status = col(st, 0);
		o->cause = col(st, 1);
	}
	fl_stmt_free(st);
	if (rc < 0)
		return fl_err_set(err, FL_EDB, "cannot read run %lld: %s", (long long)id,
				  fl_store_errmsg(s));
	if (rc != 1)
		return fl_err_set(err, FL_ENOTFOUND, "no run %lld in the store", (long long)id);
	return FL_OK;
}

static void old_release(struct old_verdict *o)
{
	free(o->status);
	free(o->cause);
}

static int reingest(struct fl_store *s, const struct fl_patterns *p, int64_t id,
		    struct fl_analysis **a, struct fl_err *err)
{
	struct fl_ingest_result res;
	int rc = fl_pipeline_reingest(s, p, id, NULL, &res, err);
	char why[sizeof(err->msg)];
	snprintf(why, sizeof(why), "%s", err->msg);
	if (rc == FL_ENOTFOUND)
		rc = fl_err_set(err, rc, "run %lld: %s; skipped", (long long)id, why);
	else if (rc == FL_ECHANGED)
		rc = fl_err_set(err, rc, "run %lld: %s and no copy was kept; skipped",
				(long long)id, why);
	if (!rc)
		rc = fl_analyze_run(s, id, a, err);
	if (!rc && (rc = fl_analysis_save(s, *a, err)) != FL_OK) {
		fl_analysis_free(*a);
		*a = NULL;
	}
	return rc;
}

static int reanalyze_one(struct fl_store *s, const struct fl_patterns *p, int64_t id)
{
	struct fl_err err;
	fl_err_clear(&err);
	struct old_verdict o;
	struct fl_analysis *a = NULL;
	int rc = old_load(s, id, &o, &err);
	if (!rc)
		rc = reingest(s, p, id, &a, &err);
	if (rc) {
		old_release(&o);
		return cli_fail(&err);
	}
	const char *cause = a->likely.id ? a->likely.id : "none";
	if (o.status && o.cause && !strcmp(o.status, a->status) && !strcmp(o.cause, cause))
		printf("%lld %s %s (unchanged)\n", (long long)id, a->status, cause);
	else
		printf("%lld %s %s (was %s %s)\n", (long long)id, a->status, cause,
		       o.status ? o.status : "-", o.cause ? o.cause : "-");
	fflush(stdout); /* keep progress and the failures on stderr in order */
	fl_analysis_free(a);
	old_release(&o);
	return EXIT_OK;
}

/* Every run id, fixed before the first one is replaced. */
static int all_runs(struct fl_store *s, int64_t **ids, size_t *n)
{
	struct fl_err err;
	fl_err_clear(&err);
	struct fl_stmt *st;
	size_t cap = 0;
	*ids = NULL;
	*n = 0;
	if (fl_store_prepare(s, cli_sql(CLI_SQL_RUN_IDS), &st, &err))
		return cli_fail(&err);
	int rc;
	while ((rc = fl_stmt_step(st)) == 1) {
		FL_GROW(*ids, cap, *n + 1);
		(*ids)[(*n)++] = fl_stmt_int(st, 0);
	}
	fl_stmt_free(st);
	return rc < 0 ? cli_failf("cannot list runs: %s", fl_store_errmsg(s)) : EXIT_OK;
}

static int reanalyze(struct fl_store *s, const struct fl_patterns *p, bool all, char **specs,
		     int nspecs)
{
	int64_t *ids = NULL;
	size_t n = 0;
	int rc = EXIT_OK;
	if (all) {
		rc = all_runs(s, &ids, &n);
	} else {
		ids = fl_xcalloc((size_t)nspecs, sizeof(*ids));
		for (int i = 0; i < nspecs; i++) {
			struct fl_err err;
			fl_err_clear(&err);
			if (fl_store_resolve_run(s, specs[i], &ids[n], &err))
				rc = cli_fail(&err);
			else
				n++;
		}
	}
	for (size_t i = 0; i < n; i++)
		if (reanalyze_one(s, p, ids[i]))
			rc = EXIT_FAIL;
	free(ids);
	return rc;
}

static int all_opt(void *all, int opt, const char *arg)
{
	if (opt != 'a')
		return CLI_NOT_OWN;
	*(bool *)all = true;
	return CLI_CONTINUE;
}

int cmd_reanalyze(int argc, char **argv)
{
	static const struct option opts[] = { CLI_COMMON_OPTS, { "all", no_argument, NULL, 'a' },
					      { NULL, 0, NULL, 0 } };
	bool all = false;
	const struct cli_syntax syn = { .verb = "reanalyze", .shortopts = "ha", .longopts = opts,
					.refuse = "fo", .own = all_opt, .ctx = &all,
					.min = 0, .max = -1 };
	struct cli_common c;
	int rc = cli_parse_opts(argc, argv, &syn, &c);
	if (rc != CLI_CONTINUE)
		return rc;
	if (all == (optind < argc))
		return cli_usage(cli_find("reanalyze"));
	struct fl_patterns *p;
	struct fl_store *s;
	if (cli_open_writable(&c, true, &p, &s))
		return EXIT_FAIL;
	rc = reanalyze(s, p, all, argv + optind, argc - optind);
	fl_store_close(s);
	fl_patterns_free(p);
	return rc;
}
