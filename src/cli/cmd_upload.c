/* SPDX-License-Identifier: MIT */
/*
 * cmd_upload.c - `faultline upload URL BUNDLE`: send a bundle to
 * `faultline serve` from a job's epilogue or post-step (src/client/,
 * docs/commands/upload.md).
 *
 * Plain mode reports failure like any verb. --epilogue is for Slurm's
 * Epilog and Kubernetes post-steps, where a failing or slow step does
 * harm (Slurm drains the node): the whole run, sending older spooled
 * bundles included, fits in --max-time, every outcome exits 0, and a
 * bundle the server could not take now is spooled for a later --flush.
 */
#include "cli.h"
#include "faultline/client.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum { OPT_TOKEN = 256, OPT_NAME, OPT_JOB, OPT_CLUSTER, OPT_MAX_TIME, OPT_EPILOGUE, OPT_SPOOL,
       OPT_FLUSH };

struct upload_args {
	struct fl_send_opts o;
	bool epilogue, flush;
	const char *spool;
	char *name; /* allocated default name */
};

static int upload_opt(void *ctx, int opt, const char *arg)
{
	struct upload_args *a = ctx;
	int64_t us;
	switch (opt) {
	case OPT_TOKEN: a->o.token = arg; return CLI_CONTINUE;
	case OPT_NAME: a->o.name = arg; return CLI_CONTINUE;
	case OPT_JOB: a->o.job = arg; return CLI_CONTINUE;
	case OPT_CLUSTER: a->o.cluster = arg; return CLI_CONTINUE;
	case OPT_SPOOL: a->spool = arg; return CLI_CONTINUE;
	case OPT_EPILOGUE: a->epilogue = true; return CLI_CONTINUE;
	case OPT_FLUSH: a->flush = true; return CLI_CONTINUE;
	case OPT_MAX_TIME:
		if (!cli_parse_duration(arg, &us) || us < 1000000)
			return cli_badarg("--max-time", arg, "a duration like 60s or 5m");
		a->o.max_time = (double)us / 1e6;
		return CLI_CONTINUE;
	}
	return CLI_NOT_OWN;
}

/* $FAULTLINE_SPOOL, else $XDG_STATE_HOME/faultline/spool, else
 * ~/.local/state/faultline/spool (caller frees). */
static char *default_spool(void)
{
	const char *e = getenv("FAULTLINE_SPOOL");
	if (e && *e)
		return fl_xstrdup(e);
	e = getenv("XDG_STATE_HOME");
	if (e && *e == '/')
		return fl_xasprintf("%s/faultline/spool", e);
	e = getenv("HOME");
	return fl_xasprintf("%s/.local/state/faultline/spool", e && *e ? e : "/tmp");
}

static void default_name(struct upload_args *a, const char *path)
{
	if (a->o.name)
		return;
	struct stat sb;
	bool dir = stat(path, &sb) == 0 && S_ISDIR(sb.st_mode);
	char *base = fl_xstrdup(fl_base_name(path));
	size_t n = strlen(base);
	while (n > 1 && base[n - 1] == '/')
		base[--n] = '\0';
	a->name = dir ? fl_xasprintf("%s.tar.zst", base) : fl_xstrdup(base);
	a->o.name = a->name;
	free(base);
}

/* Sends; prints the server's answer on success. An exit code for plain
 * mode; *retry says whether the epilogue should spool it. */
static int send_now(struct upload_args *a, const char *path, double max_time, bool *retry,
		    unsigned *after)
{
	struct fl_send_answer ans;
	struct fl_err err;
	fl_err_clear(&err);
	a->o.max_time = max_time;
	int rc = fl_send_bundle(&a->o, path, &ans, &err);
	*after = ans.retry_after;
	*retry = rc ? ans.status == 0 : fl_send_retryable(&ans);
	if (rc)
		return cli_fail(&err);
	if (ans.status >= 200 && ans.status < 300) {
		fputs(ans.body, stdout);
		return EXIT_OK;
	}
	char *nl = strchr(ans.body, '\n');
	if (nl)
		*nl = '\0';
	return cli_failf("the server answered %d: %s", ans.status, ans.body);
}

static int flush_spool(const char *spool, const char *token, double deadline)
{
	struct fl_flush_stats st;
	struct fl_err err;
	fl_err_clear(&err);
	if (fl_spool_flush(spool, token, deadline, &st, &err))
		return cli_fail(&err);
	if (st.sent || st.dropped || st.kept || st.waiting)
		fprintf(stderr, "faultline: spool '%s': %u sent, %u dropped, %u kept, %u waiting\n",
			spool, st.sent, st.dropped, st.kept, st.waiting);
	return EXIT_OK;
}

/* The epilogue's run: the new bundle first, then older ones; always 0. */
static int epilogue(struct upload_args *a, const char *path, const char *spool)
{
	double deadline = fl_send_now() + a->o.max_time;
	bool retry = false;
	unsigned after = 0;
	/* Keep a fifth of the time for spooling and the older bundles. */
	if (send_now(a, path, a->o.max_time * 0.8, &retry, &after) != EXIT_OK && retry) {
		struct fl_err err;
		fl_err_clear(&err);
		if (fl_spool_add(spool, &a->o, path, after ? after : 60, &err))
			cli_fail(&err);
		else
			fprintf(stderr, "faultline: '%s' spooled in '%s' to be sent later\n", path,
				spool);
	}
	flush_spool(spool, a->o.token, deadline);
	return EXIT_OK;
}

static int run_upload(struct upload_args *a, int argc, char **argv)
{
	int n = argc - optind;
	if (a->flush ? n != 0 : n != 2)
		return cli_usage(cli_find("upload"));
	if (!a->o.token) {
		const char *t = getenv("FAULTLINE_TOKEN");
		a->o.token = t && *t ? t : NULL;
	}
	signal(SIGPIPE, SIG_IGN); /* a directory's packer writes into a pipe */
	char *spool = a->spool ? fl_xstrdup(a->spool) : default_spool();
	int rc;
	if (a->flush) {
		rc = flush_spool(spool, a->o.token, fl_send_now() + a->o.max_time);
	} else {
		a->o.url = argv[optind];
		default_name(a, argv[optind + 1]);
		bool retry;
		unsigned after;
		rc = a->epilogue ? epilogue(a, argv[optind + 1], spool)
				 : send_now(a, argv[optind + 1], a->o.max_time, &retry, &after);
	}
	free(spool);
	free(a->name);
	return a->epilogue ? EXIT_OK : rc;
}

int cmd_upload(int argc, char **argv)
{
	static const struct option opts[] = {
		CLI_COMMON_OPTS,
		{ "token", required_argument, NULL, OPT_TOKEN },
		{ "name", required_argument, NULL, OPT_NAME },
		{ "job", required_argument, NULL, OPT_JOB },
		{ "cluster", required_argument, NULL, OPT_CLUSTER },
		{ "max-time", required_argument, NULL, OPT_MAX_TIME },
		{ "epilogue", no_argument, NULL, OPT_EPILOGUE },
		{ "spool", required_argument, NULL, OPT_SPOOL },
		{ "flush", no_argument, NULL, OPT_FLUSH },
		{ NULL, 0, NULL, 0 },
	};
	struct upload_args a;
	memset(&a, 0, sizeof(a));
	a.o.max_time = 60;
	const struct cli_syntax syn = { .verb = "upload", .shortopts = "h", .longopts = opts,
					.refuse = "foDPJ", .own = upload_opt, .ctx = &a,
					.min = 0, .max = 2 };
	struct cli_common c;
	int rc = cli_parse_opts(argc, argv, &syn, &c);
	if (rc != CLI_CONTINUE) {
		/* Even a wrong command line must not drain a node. */
		for (int i = 1; i < argc; i++)
			if (!strcmp(argv[i], "--epilogue"))
				return EXIT_OK;
		return rc;
	}
	return run_upload(&a, argc, argv);
}
