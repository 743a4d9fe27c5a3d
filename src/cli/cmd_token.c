/* SPDX-License-Identifier: MIT */
/*
 * cmd_token.c - `faultline token add --scope upload|read|admin`: a bearer
 * token for `faultline serve`, printed once.
 *
 * The token is the last line of standard output, alone, so that scripts
 * can take it with `tail -n 1`; the store keeps only its SHA-256
 * (src/serve/token.c).
 */
#include "cli.h"
#include "faultline/serve.h"

#include <stdlib.h>
#include <string.h>

struct token_args {
	enum fl_scope scope;
	const char *name;
};

static int token_opt(void *ctx, int opt, const char *arg)
{
	struct token_args *t = ctx;
	switch (opt) {
	case 's':
		t->scope = fl_scope_parse(arg);
		return t->scope ? CLI_CONTINUE : cli_badarg("--scope", arg, "upload, read or admin");
	case 'n':
		t->name = arg;
		return CLI_CONTINUE;
	}
	return CLI_NOT_OWN;
}

int cmd_token(int argc, char **argv)
{
	static const struct option opts[] = {
		CLI_COMMON_OPTS,
		{ "scope", required_argument, NULL, 's' },
		{ "name", required_argument, NULL, 'n' },
		{ NULL, 0, NULL, 0 },
	};
	struct token_args t = { FL_SCOPE_NONE, NULL };
	const struct cli_syntax syn = { .verb = "token", .shortopts = "h", .longopts = opts,
					.refuse = "foP", .own = token_opt, .ctx = &t,
					.min = 1, .max = 1 };
	struct cli_common c;
	int rc = cli_parse_opts(argc, argv, &syn, &c);
	if (rc != CLI_CONTINUE)
		return rc;
	if (strcmp(argv[optind], "add") || !t.scope)
		return cli_usage(cli_find("token"));
	struct fl_store *s;
	if (cli_open_store(&c, true, &s))
		return EXIT_FAIL;
	struct fl_err err;
	fl_err_clear(&err);
	char *tok = NULL;
	rc = fl_token_add(s, t.scope, t.name, &tok, &err) ? cli_fail(&err) : EXIT_OK;
	fl_store_close(s);
	if (!rc) {
		printf("a %s token%s%s; it is shown only this once:\n%s\n", fl_scope_name(t.scope),
		       t.name ? " named " : "", t.name ? t.name : "", tok);
		free(tok);
	}
	return rc;
}
