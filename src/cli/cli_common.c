/* SPDX-License-Identifier: MIT */
/* cli_common.c - option handling, store and pattern set-up, output. */
#include "cli.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void cli_common_init(struct cli_common *c)
{
	memset(c, 0, sizeof(*c));
	c->format = -1;
}

int cli_common_opt(struct cli_common *c, int opt, const char *arg)
{
	switch (opt) {
	case 'D':
		c->db = arg;
		return 1;
	case 'P':
		if (c->npatterns == sizeof(c->patterns) / sizeof(c->patterns[0])) {
			cli_failf("too many --patterns directories");
			return -1;
		}
		c->patterns[c->npatterns++] = arg;
		return 1;
	case 'f':
		c->format = fl_format_from_name(arg);
		if (c->format < 0) {
			cli_failf("unknown format '%s' (text, md, json, html, jira, github or slack)",
				  arg);
			return -1;
		}
		return 1;
	case 'o':
		c->out = arg;
		return 1;
	case 'J':
		c->no_wal = true;
		return 1;
	}
	return 0;
}

/* --format text|json|csv, else the common options: 1 handled, 0 not, -1 error. */
static int rows_opt(struct cli_common *c, enum cli_rows *fmt, int opt, const char *arg)
{
	if (opt != 'f')
		return cli_common_opt(c, opt, arg);
	int f = cli_rows_format(arg);
	if (f < 0) {
		cli_failf("unknown format '%s' (text, json or csv)", arg);
		return -1;
	}
	*fmt = (enum cli_rows)f;
	return 1;
}

/* One option: --help, then the verb's own, then the refused and the common ones. */
static int parse_opt(const struct fl_cmd *cmd, const struct cli_syntax *syn,
		     struct cli_common *c, int opt, const char *arg)
{
	if (opt == 'h')
		return cli_help(cmd);
	int r = syn->own ? syn->own(syn->ctx, opt, arg) : CLI_NOT_OWN;
	if (r != CLI_NOT_OWN)
		return r;
	if (syn->refuse && strchr(syn->refuse, opt))
		return cli_usage(cmd);
	r = syn->rows ? rows_opt(c, syn->rows, opt, arg) : cli_common_opt(c, opt, arg);
	if (r < 0)
		return EXIT_USAGE;
	return r ? CLI_CONTINUE : cli_usage(cmd);
}

int cli_parse_opts(int argc, char **argv, const struct cli_syntax *syn, struct cli_common *c)
{
	const struct fl_cmd *cmd = cli_find(syn->verb);
	cli_common_init(c);
	int opt, rc = CLI_CONTINUE;
	optind = 1;
	while (rc == CLI_CONTINUE &&
	       (opt = getopt_long(argc, argv, syn->shortopts, syn->longopts, NULL)) != -1)
		rc = parse_opt(cmd, syn, c, opt, optarg);
	int n = argc - optind;
	if (rc == CLI_CONTINUE && (n < syn->min || (syn->max >= 0 && n > syn->max)))
		return cli_usage(cmd);
	return rc;
}

int cli_usage(const struct fl_cmd *cmd)
{
	fprintf(stderr, "usage: %s\n", cmd->usage);
	return EXIT_USAGE;
}

int cli_help(const struct fl_cmd *cmd)
{
	printf("usage: %s\n\n%s\n", cmd->usage, cmd->summary);
	return EXIT_OK;
}

int cli_fail(const struct fl_err *err)
{
	fprintf(stderr, "faultline: %s\n", err->msg[0] ? err->msg : fl_strstatus(err->code));
	return EXIT_FAIL;
}

int cli_failf(const char *fmt, ...)
{
	va_list ap;
	fputs("faultline: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return EXIT_FAIL;
}

int cli_save_analysis(struct fl_store *s, int64_t run_id)
{
	struct fl_analysis *a;
	struct fl_err err;
	fl_err_clear(&err);
	int rc = fl_analyze_run(s, run_id, &a, &err);
	if (!rc) {
		rc = fl_analysis_save(s, a, &err);
		fl_analysis_free(a);
	}
	if (!rc)
		return EXIT_OK;
	return cli_failf("run %lld is stored, but its analysis failed: %s", (long long)run_id,
			 err.msg[0] ? err.msg : fl_strstatus(err.code));
}

int cli_open_store(const struct cli_common *c, bool write, struct fl_store **out)
{
	char *def = c->db ? NULL : fl_store_default_path();
	const char *path = c->db ? c->db : def;
	unsigned flags = write ? FL_STORE_CREATE : FL_STORE_READONLY;
	if (c->no_wal)
		flags |= FL_STORE_NO_WAL;
	struct fl_err err;
	fl_err_clear(&err);
	int rc = fl_store_open(out, path, flags, &err);
	free(def);
	return rc ? cli_fail(&err) : EXIT_OK;
}

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

static bool is_dir(const char *p)
{
	struct stat sb;
	return stat(p, &sb) == 0 && S_ISDIR(sb.st_mode);
}

/* Shipped patterns: $FAULTLINE_PATTERNS_DIR, then beside the installed
 * binary (<prefix>/share/faultline/patterns), then the source tree the
 * binary was built from, then the configured install directory. */
const char *cli_patterns_dir(void)
{
	static char found[4096];
	if (found[0])
		return found;
	const char *env = getenv("FAULTLINE_PATTERNS_DIR");
	if (env && is_dir(env)) {
		snprintf(found, sizeof(found), "%s", env);
		return found;
	}
	char exe[2048];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n > 0) {
		exe[n] = '\0';
		char *slash = strrchr(exe, '/');
		if (slash) {
			*slash = '\0';
			snprintf(found, sizeof(found), "%s/../share/faultline/patterns", exe);
			if (is_dir(found))
				return found;
		}
	}
	if (is_dir(FL_PATTERNS_SOURCE_DIR))
		snprintf(found, sizeof(found), "%s", FL_PATTERNS_SOURCE_DIR);
	else
		snprintf(found, sizeof(found), "%s", FL_PATTERNS_INSTALL_DIR);
	return found;
}

int cli_load_patterns(const struct cli_common *c, struct fl_patterns **out)
{
	const char *dirs[9];
	size_t n = 0;
	dirs[n++] = cli_patterns_dir();
	for (size_t i = 0; i < c->npatterns; i++)
		dirs[n++] = c->patterns[i];
	struct fl_err err;
	fl_err_clear(&err);
	if (fl_patterns_load(out, dirs, n, &err))
		return cli_fail(&err);
	return EXIT_OK;
}

int cli_open_writable(const struct cli_common *c, bool must_exist, struct fl_patterns **p,
		      struct fl_store **s)
{
	if (cli_load_patterns(c, p))
		return EXIT_FAIL;
	if (must_exist ? cli_open_store_existing(c, s) : cli_open_store(c, true, s)) {
		fl_patterns_free(*p);
		return EXIT_FAIL;
	}
	return EXIT_OK;
}

int cli_write_output(const struct cli_common *c, const struct fl_buf *buf)
{
	const char *data = buf->ptr ? buf->ptr : "";
	if (!c->out || !strcmp(c->out, "-")) {
		if (fwrite(data, 1, buf->len, stdout) != buf->len || fflush(stdout) != 0)
			return cli_failf("cannot write the report: %s", strerror(errno));
		return EXIT_OK;
	}
	/* A device or pipe (-o /dev/null, -o /dev/stdout) is written as is:
	 * renaming over it would replace the device with a file. */
	struct stat sb;
	if (stat(c->out, &sb) == 0 && !S_ISREG(sb.st_mode)) {
		FILE *dev = fopen(c->out, "wb");
		bool ok = dev && fwrite(data, 1, buf->len, dev) == buf->len;
		if (dev)
			ok = (fclose(dev) == 0) && ok;
		return ok ? EXIT_OK : cli_failf("cannot write '%s': %s", c->out, strerror(errno));
	}
	/* Write beside the target and rename: no half-written report. */
	char *tmp = fl_xasprintf("%s.tmp.%ld", c->out, (long)getpid());
	FILE *fp = fopen(tmp, "wb");
	int rc = EXIT_OK;
	if (!fp) {
		rc = cli_failf("cannot write '%s': %s", c->out, strerror(errno));
	} else {
		bool ok = fwrite(data, 1, buf->len, fp) == buf->len;
		ok = (fclose(fp) == 0) && ok;
		if (!ok || rename(tmp, c->out) != 0) {
			rc = cli_failf("cannot write '%s': %s", c->out, strerror(errno));
			unlink(tmp);
		}
	}
	free(tmp);
	return rc;
}

int cli_report(struct fl_store *s, int64_t run_id, const struct cli_common *c, bool save,
	       const char *link)
{
	struct fl_err err;
	fl_err_clear(&err);
	struct fl_analysis *a;
	/* A stored run's report reads its saved analysis; one saved by another
	 * build, or none, is analysed afresh. */
	int rc = save ? fl_analyze_run(s, run_id, &a, &err) : fl_analysis_get(s, run_id, &a, &err);
	if (rc)
		return cli_fail(&err);
	if (save && fl_analysis_save(s, a, &err)) {
		fl_analysis_free(a);
		return cli_fail(&err);
	}
	struct fl_report_opts ro = { c->format < 0 ? FL_FMT_TEXT : (enum fl_format)c->format, false,
				     link };
	const char *nc = getenv("NO_COLOR");
	ro.color = ro.format == FL_FMT_TEXT && !c->out && isatty(STDOUT_FILENO) && !(nc && *nc);
	struct fl_buf out = FL_BUF_INIT;
	fl_report_render(a, &ro, &out);
	rc = cli_write_output(c, &out);
	fl_buf_release(&out);
	fl_analysis_free(a);
	return rc;
}
