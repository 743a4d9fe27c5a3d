/* SPDX-License-Identifier: MIT */
/*
 * cmd_token.c - `faultline token add|list|revoke`: the bearer tokens of
 * `faultline serve`.
 *
 * `add` prints a new token once, the last line of standard output, alone,
 * so that scripts can take it with `tail -n 1`; the store keeps only its
 * SHA-256 (src/serve/token.c). `list` shows what an operator needs to pick
 * one to revoke (id, scope, name, created, state), never a token or a
 * hash; `revoke ID` stops it at the server's next request.
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

static int token_add(struct fl_store *s, const struct token_args *t)
{
	struct fl_err err;
	fl_err_clear(&err);
	char *tok = NULL;
	if (fl_token_add(s, t->scope, t->name, &tok, &err))
		return cli_fail(&err);
	printf("a %s token%s%s; it is shown only this once:\n%s\n", fl_scope_name(t->scope),
	       t->name ? " named " : "", t->name ? t->name : "", tok);
	free(tok);
	return EXIT_OK;
}

/* One row per token, oldest first, in the listings' formats (a name is
 * anyone's text: the table sanitizes it for the terminal). */
static int token_list(struct fl_store *s, enum cli_rows fmt, const struct cli_common *c)
{
	struct fl_err err;
	fl_err_clear(&err);
	struct fl_token_info *v;
	size_t n;
	if (fl_token_list(s, &v, &n, &err))
		return cli_fail(&err);
	struct cli_rowset rs;
	cli_rowset_init(&rs, CLI_SQL_TOKEN_ROWS, 5);
	for (size_t i = 0; i < n; i++) {
		cli_rowset_int(&rs, v[i].id);
		cli_rowset_text(&rs, fl_scope_name(v[i].scope));
		cli_rowset_text(&rs, v[i].revoked ? "revoked" : "live");
		cli_rowset_time(&rs, v[i].created_at);
		cli_rowset_text(&rs, v[i].name);
	}
	int rc = cli_rowset_print(&rs, s, fmt, c);
	cli_rowset_release(&rs);
	fl_token_list_free(v, n);
	return rc;
}

static int token_revoke(struct fl_store *s, const char *arg)
{
	char *end;
	long long id = strtoll(arg, &end, 10);
	if (*arg < '0' || *arg > '9' || *end || id <= 0)
		return cli_badarg("revoke", arg, "a token id from `faultline token list`");
	struct fl_err err;
	fl_err_clear(&err);
	if (fl_token_revoke(s, id, &err))
		return cli_fail(&err);
	printf("token %lld revoked\n", id);
	return EXIT_OK;
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
	enum cli_rows fmt = CLI_ROWS_TEXT;
	const struct cli_syntax syn = { .verb = "token", .shortopts = "o:f:h", .longopts = opts,
					.refuse = "P", .rows = &fmt, .own = token_opt, .ctx = &t,
					.min = 1, .max = 2 };
	struct cli_common c;
	int rc = cli_parse_opts(argc, argv, &syn, &c);
	if (rc != CLI_CONTINUE)
		return rc;
	const char *sub = argv[optind], *arg = optind + 1 < argc ? argv[optind + 1] : NULL;
	bool add = !strcmp(sub, "add"), list = !strcmp(sub, "list"), revoke = !strcmp(sub, "revoke");
	/* --scope and --name belong to add, --format and -o to list; revoke
	 * takes an id, the others none */
	if ((!add && !list && !revoke) || (add != (t.scope != FL_SCOPE_NONE)) ||
	    (t.name && !add) || (revoke != (arg != NULL)) ||
	    (!list && (fmt != CLI_ROWS_TEXT || c.out)))
		return cli_usage(cli_find("token"));
	struct fl_store *s;
	if (cli_open_store(&c, add || revoke, &s))
		return EXIT_FAIL;
	rc = add ? token_add(s, &t) : list ? token_list(s, fmt, &c) : token_revoke(s, arg);
	fl_store_close(s);
	return rc;
}
