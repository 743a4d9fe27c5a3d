/* SPDX-License-Identifier: MIT */
/*
 * cmd_serve.c - `faultline serve`: the store over HTTP, for uploads from
 * job epilogues and reports for people and tickets (src/serve/,
 * docs/commands/serve.md).
 *
 * The verb reads its options, writes the port file once listening, logs
 * the server's lines to stderr, and waits for SIGINT or SIGTERM. The
 * signals are blocked before the server's threads start, so that they
 * inherit the mask and only sigwait() here sees them.
 */
#include "cli.h"
#include "faultline/serve.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum {
	OPT_LISTEN = 256, OPT_PORT_FILE, OPT_MAX_UPLOAD, OPT_PUBLIC_READ, OPT_MAX_UPLOADS,
	OPT_MIN_RATE, OPT_MIN_RATE_AFTER, OPT_TOKEN_RATE, OPT_RESERVE, OPT_JOBS, OPT_TIMEOUT, OPT_MEMORY, OPT_RETAIN_DAYS, OPT_MAX_STORE, OPT_PUBLIC_URL, OPT_WEBHOOK,
};

struct serve_args {
	struct fl_serve_opts o;
	const char *port_file;
	char addr[64];
};

/* ADDR:PORT, [IPv6]:PORT */
static bool parse_listen(const char *arg, struct serve_args *a)
{
	const char *colon = strrchr(arg, ':');
	const char *host = arg, *end = colon;
	if (arg[0] == '[') {
		const char *close = strchr(arg, ']');
		if (!close || close[1] != ':')
			return false;
		host = arg + 1;
		end = close;
		colon = close + 1;
	}
	int64_t port;
	if (!colon || end == host || (size_t)(end - host) >= sizeof(a->addr) ||
	    !cli_parse_int(colon + 1, 0, &port) || port > 65535)
		return false;
	memcpy(a->addr, host, (size_t)(end - host));
	a->addr[end - host] = '\0';
	a->o.addr = a->addr;
	a->o.port = (unsigned)port;
	return true;
}

static int count_opt(const char *opt, const char *arg, int64_t min, int64_t max, int64_t *v)
{
	if (!cli_parse_int(arg, min, v) || *v > max)
		return cli_badarg(opt, arg, "a whole number in range");
	return CLI_CONTINUE;
}

static int size_opt(const char *opt, const char *arg, uint64_t *v)
{
	return fl_parse_size(arg, v) ? CLI_CONTINUE
				     : cli_badarg(opt, arg, "a size like 16G, 512M or 100K");
}

static int serve_opt(void *ctx, int opt, const char *arg)
{
	struct serve_args *a = ctx;
	int64_t v = 0;
	int rc;
	switch (opt) {
	case OPT_LISTEN:
		return parse_listen(arg, a) ? CLI_CONTINUE
					    : cli_badarg("--listen", arg, "ADDR:PORT, e.g. 127.0.0.1:8470");
	case OPT_PORT_FILE: a->port_file = arg; return CLI_CONTINUE;
	case OPT_PUBLIC_URL: a->o.public_url = arg; return CLI_CONTINUE;
	case OPT_WEBHOOK: a->o.webhook = arg; return CLI_CONTINUE;
	case OPT_PUBLIC_READ: a->o.public_read = true; return CLI_CONTINUE;
	case OPT_MAX_UPLOAD: return size_opt("--max-upload-size", arg, &a->o.max_upload);
	case OPT_MIN_RATE: return size_opt("--min-upload-rate", arg, &a->o.min_rate);
	case OPT_RESERVE: return size_opt("--reserve", arg, &a->o.reserve);
	case OPT_MEMORY: return size_opt("--analysis-memory", arg, &a->o.analysis_memory);
	case OPT_MAX_STORE: return size_opt("--max-store-bytes", arg, &a->o.max_store_bytes);
	case OPT_RETAIN_DAYS:
		rc = count_opt("--retain-days", arg, 0, 100000, &v);
		a->o.retain_days = (unsigned)v;
		return rc;
	case OPT_MAX_UPLOADS:
		rc = count_opt("--max-uploads", arg, 1, 1024, &v);
		a->o.max_uploads = (unsigned)v;
		return rc;
	case OPT_JOBS:
		rc = count_opt("--jobs", arg, 1, 256, &v);
		a->o.jobs = (unsigned)v;
		return rc;
	case OPT_TOKEN_RATE:
		rc = count_opt("--token-rate", arg, 0, 1000000, &v);
		a->o.token_rate = (double)v;
		return rc;
	case OPT_MIN_RATE_AFTER:
		if (!cli_parse_duration(arg, &v) || v < 1000000)
			return cli_badarg("--min-rate-after", arg, "a duration like 30s");
		a->o.min_rate_grace = (unsigned)(v / 1000000);
		return CLI_CONTINUE;
	case OPT_TIMEOUT:
		if (!cli_parse_duration(arg, &v) || v < 1000000)
			return cli_badarg("--analysis-timeout", arg, "a duration like 90s or 30m");
		a->o.analysis_timeout = (unsigned)(v / 1000000);
		return CLI_CONTINUE;
	}
	return CLI_NOT_OWN;
}

static void log_line(void *ctx, const char *line)
{
	fprintf(stderr, "faultline serve: %s\n", line);
}

/* The port, a newline, renamed into place: a reader never sees half. */
static int write_port_file(const char *path, unsigned port)
{
	char *tmp = fl_xasprintf("%s.tmp.%ld", path, (long)getpid());
	FILE *f = fopen(tmp, "w");
	bool ok = f && fprintf(f, "%u\n", port) > 0;
	if (f && fclose(f))
		ok = false;
	if (ok && rename(tmp, path))
		ok = false;
	if (!ok)
		unlink(tmp);
	free(tmp);
	return ok ? EXIT_OK : cli_failf("cannot write the port file '%s'", path);
}

static int run_server(struct serve_args *a, const struct cli_common *c)
{
	char *def = c->db ? NULL : fl_store_default_path();
	char *exe = realpath("/proc/self/exe", NULL);
	a->o.db = c->db ? c->db : def;
	a->o.no_wal = c->no_wal;
	a->o.exe = exe;
	a->o.patterns = c->patterns;
	a->o.npatterns = c->npatterns;
	sigset_t set;
	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	pthread_sigmask(SIG_BLOCK, &set, NULL);
	signal(SIGPIPE, SIG_IGN);
	struct fl_server *srv = NULL;
	struct fl_err err;
	fl_err_clear(&err);
	int rc = exe ? EXIT_OK : cli_failf("cannot find the faultline binary to run analyses");
	if (!rc && fl_serve_start(&a->o, &srv, &err))
		rc = cli_fail(&err);
	unsigned port = srv ? fl_serve_port(srv) : 0;
	if (!rc && a->port_file)
		rc = write_port_file(a->port_file, port);
	if (!rc) {
		fprintf(stderr, "faultline serve: listening on %s port %u, store %s\n", a->o.addr,
			port, a->o.db);
		int sig;
		sigwait(&set, &sig);
	}
	fl_serve_stop(srv);
	free(exe);
	free(def);
	return rc;
}

int cmd_serve(int argc, char **argv)
{
	static const struct option opts[] = {
		CLI_COMMON_OPTS,
		{ "listen", required_argument, NULL, OPT_LISTEN },
		{ "port-file", required_argument, NULL, OPT_PORT_FILE },
		{ "max-upload-size", required_argument, NULL, OPT_MAX_UPLOAD },
		{ "public-read", no_argument, NULL, OPT_PUBLIC_READ },
		{ "max-uploads", required_argument, NULL, OPT_MAX_UPLOADS },
		{ "min-upload-rate", required_argument, NULL, OPT_MIN_RATE },
		{ "min-rate-after", required_argument, NULL, OPT_MIN_RATE_AFTER },
		{ "token-rate", required_argument, NULL, OPT_TOKEN_RATE },
		{ "reserve", required_argument, NULL, OPT_RESERVE },
		{ "jobs", required_argument, NULL, OPT_JOBS },
		{ "analysis-timeout", required_argument, NULL, OPT_TIMEOUT },
		{ "analysis-memory", required_argument, NULL, OPT_MEMORY },
		{ "retain-days", required_argument, NULL, OPT_RETAIN_DAYS },
		{ "max-store-bytes", required_argument, NULL, OPT_MAX_STORE },
		{ "public-url", required_argument, NULL, OPT_PUBLIC_URL },
		{ "webhook", required_argument, NULL, OPT_WEBHOOK },
		{ NULL, 0, NULL, 0 },
	};
	struct serve_args a;
	memset(&a, 0, sizeof(a));
	fl_serve_opts_init(&a.o);
	a.o.version = FL_VERSION;
	a.o.log = log_line;
	const struct cli_syntax syn = { .verb = "serve", .shortopts = "h", .longopts = opts,
					.refuse = "fo", .own = serve_opt, .ctx = &a,
					.min = 0, .max = 0 };
	struct cli_common c;
	int rc = cli_parse_opts(argc, argv, &syn, &c);
	return rc != CLI_CONTINUE ? rc : run_server(&a, &c);
}
