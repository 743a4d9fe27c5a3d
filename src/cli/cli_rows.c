/* SPDX-License-Identifier: MIT */
/*
 * cli_rows.c - rows computed in C (from an analysis) printed exactly like
 * rows of a query.
 *
 * Some listings come from the analysis, not from a table: a rank's state
 * and first error exist only in struct fl_analysis. Rather than a second
 * table printer that would drift from cli_print_rows(), the cells are
 * collected as a JSON array of arrays and read back through SQLite's
 * json_each(), so that the same printer formats them: same alignment,
 * colours, JSON typing and CSV quoting, whatever the verb.
 */
#include "cli.h"

#include <assert.h>
#include <string.h>

void cli_rowset_init(struct cli_rowset *r, enum cli_sql_id sql, int ncols)
{
	memset(r, 0, sizeof(*r));
	r->sql = sql;
	r->ncols = ncols;
	fl_buf_addc(&r->json, '[');
}

void cli_rowset_release(struct cli_rowset *r)
{
	fl_buf_release(&r->json);
}

static void cell_begin(struct cli_rowset *r)
{
	if (r->col == 0)
		fl_buf_adds(&r->json, r->nrows ? ",[" : "[");
	else
		fl_buf_addc(&r->json, ',');
}

static void cell_end(struct cli_rowset *r)
{
	if (++r->col < r->ncols)
		return;
	fl_buf_addc(&r->json, ']');
	r->col = 0;
	r->nrows++;
}

void cli_rowset_null(struct cli_rowset *r)
{
	cell_begin(r);
	fl_buf_adds(&r->json, "null");
	cell_end(r);
}

void cli_rowset_int(struct cli_rowset *r, int64_t v)
{
	cell_begin(r);
	fl_buf_printf(&r->json, "%lld", (long long)v);
	cell_end(r);
}

void cli_rowset_text(struct cli_rowset *r, const char *s)
{
	if (!s) {
		cli_rowset_null(r);
		return;
	}
	cell_begin(r);
	fl_json_str(&r->json, s, strlen(s));
	cell_end(r);
}

/* The same text as TIME() in cli_sql.c, so that times from SQL and from C match. */
void cli_rowset_time(struct cli_rowset *r, int64_t ts)
{
	if (ts == FL_TIME_NONE) {
		cli_rowset_null(r);
		return;
	}
	int y, mo, d, h, mi, s, us;
	fl_time_to_civil(ts, &y, &mo, &d, &h, &mi, &s, &us);
	cell_begin(r);
	fl_buf_printf(&r->json, "\"%04d-%02d-%02dT%02d:%02d:%02d.%03dZ\"", y, mo, d, h, mi, s,
		      us / 1000);
	cell_end(r);
}

int cli_rowset_print(struct cli_rowset *r, struct fl_store *s, enum cli_rows fmt,
		     const struct cli_common *c)
{
	struct fl_stmt *st;
	int rc = cli_prepare(s, cli_sql(r->sql), &st);
	if (rc)
		return rc;
	assert(fl_stmt_columns(st) == r->ncols);
	fl_buf_addc(&r->json, ']');
	fl_stmt_bind_text(st, 1, r->json.ptr);
	rc = cli_print_rows(st, fmt, c);
	fl_stmt_free(st);
	return rc;
}
