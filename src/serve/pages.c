/* SPDX-License-Identifier: MIT */
/*
 * pages.c - the pages for people: the list of runs with filters and an
 * upload form (GET /), and its script and style (GET /static/...).
 *
 * Plain HTML rendered on the server; every value from the store or the
 * query string goes through fl_html_escape(). The page's script and style
 * are files of their own, so that the Content-Security-Policy can allow
 * scripts from this origin only and nothing inline: a log line that
 * smuggles markup can never run. The script exists for the upload form
 * alone (a browser form cannot send a bearer token); the token typed
 * there is kept in sessionStorage, never in a cookie, so there is nothing
 * for a cross-site request to ride on. Run reports are the report stage's
 * own self-contained HTML (/runs/{id}.html).
 * Tested by: tests/e2e/test_serve.sh
 */
#include "serve_int.h"
#include "faultline/report.h"

#include <string.h>

/* The pages' policy: script and style from this origin only. */
const char PAGE_CSP[] = "default-src 'none'; script-src 'self'; style-src 'self';"
			" connect-src 'self'; img-src data:; form-action 'self';"
			" base-uri 'none'; frame-ancestors 'none'";

static const char APP_CSS[] =
	"body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#222}\n"
	"table{border-collapse:collapse;width:100%}\n"
	"th,td{text-align:left;padding:.25em .6em;border-bottom:1px solid #ddd}\n"
	"th{background:#f4f4f4}\n"
	"form{margin:.8em 0}input{margin-right:.5em}\n"
	".failed{color:#b00}.hung{color:#a60}.healthy{color:#070}\n"
	"#msg{font-family:monospace;white-space:pre-wrap}\n";

/* Uploads the chosen file with PUT and the typed token, then follows the
 * run until its report is ready. Text only goes through textContent. */
static const char APP_JS[] =
	"'use strict';\n"
	"const form = document.getElementById('upload');\n"
	"const msg = document.getElementById('msg');\n"
	"const tok = document.getElementById('token');\n"
	"tok.value = sessionStorage.getItem('faultline-token') || '';\n"
	"function say(t) { msg.textContent = t; }\n"
	"function auth() {\n"
	"  const t = tok.value.trim();\n"
	"  return t ? { 'Authorization': 'Bearer ' + t } : {};\n"
	"}\n"
	"async function follow(run) {\n"
	"  for (let i = 0; i < 600; i++) {\n"
	"    const r = await fetch(run.status_url, { headers: auth() });\n"
	"    if (!r.ok) { say('run ' + run.id + ' uploaded (' + r.status + ' reading its state)'); return; }\n"
	"    const s = await r.json();\n"
	"    if (s.status === 'done') { window.location.assign(run.report_url); return; }\n"
	"    if (s.status === 'failed') { say('run ' + run.id + ' failed: ' + s.error.message); return; }\n"
	"    say('run ' + run.id + ': ' + s.status + '...');\n"
	"    await new Promise((ok) => setTimeout(ok, 1000));\n"
	"  }\n"
	"}\n"
	"form.addEventListener('submit', async (ev) => {\n"
	"  ev.preventDefault();\n"
	"  const f = document.getElementById('bundle').files[0];\n"
	"  if (!f) { say('choose a bundle first'); return; }\n"
	"  sessionStorage.setItem('faultline-token', tok.value.trim());\n"
	"  say('uploading ' + f.name + '...');\n"
	"  try {\n"
	"    const r = await fetch('/api/v1/bundles?name=' + encodeURIComponent(f.name),\n"
	"                          { method: 'PUT', headers: auth(), body: f });\n"
	"    const body = await r.json();\n"
	"    if (!r.ok) { say('refused (' + r.status + '): ' + body.error.message); return; }\n"
	"    await follow(body);\n"
	"  } catch (e) { say('upload failed: ' + e); }\n"
	"});\n";

bool page_static(const char *path, const char **body, const char **type)
{
	if (!strcmp(path, "/static/faultline.js")) {
		*body = APP_JS;
		*type = "text/javascript; charset=utf-8";
	} else if (!strcmp(path, "/static/faultline.css")) {
		*body = APP_CSS;
		*type = "text/css; charset=utf-8";
	} else {
		return false;
	}
	return true;
}

static const char *const FILTERS[] = { "cause", "status", "host", "signature" };

static void esc(struct fl_buf *b, const char *s)
{
	fl_html_escape(b, s, strlen(s));
}

static void filter_form(struct fl_buf *b, const char *const *vals)
{
	fl_buf_adds(b, "<form method=\"get\" action=\"/\">");
	for (size_t i = 0; i < 4; i++) {
		fl_buf_printf(b, "<label>%s <input name=\"%s\" size=\"14\" value=\"", FILTERS[i],
			      FILTERS[i]);
		esc(b, vals[i] ? vals[i] : "");
		fl_buf_adds(b, "\"></label>");
	}
	fl_buf_adds(b, "<button>filter</button> <a href=\"/\">all</a></form>\n");
}

static void upload_form(struct fl_buf *b)
{
	fl_buf_adds(b, "<h2>Upload a bundle</h2>\n<form id=\"upload\">"
		       "<input type=\"file\" id=\"bundle\" name=\"bundle\" required>"
		       "<input type=\"password\" id=\"token\" placeholder=\"upload token\""
		       " autocomplete=\"off\"><button>upload</button></form>\n"
		       "<p id=\"msg\"></p>\n");
}

static void cell(struct fl_buf *b, struct fl_stmt *st, int col)
{
	fl_buf_adds(b, "<td>");
	if (!fl_stmt_null(st, col))
		fl_html_escape(b, fl_stmt_text(st, col), fl_stmt_bytes(st, col));
	fl_buf_adds(b, "</td>");
}

static int rows(struct fl_stmt *st, struct fl_buf *b)
{
	fl_buf_adds(b, "<table>\n<tr><th>run</th><th>ingested (UTC)</th><th>bundle</th>"
		       "<th>state</th><th>verdict</th><th>cause</th><th>first rank</th>"
		       "<th>first host</th><th>signature</th><th>job</th></tr>\n");
	int rc, n = 0;
	while ((rc = fl_stmt_step(st)) == 1) {
		long long id = (long long)fl_stmt_int(st, 0);
		const char *state = fl_stmt_text(st, 3);
		fl_buf_printf(b, "<tr><td><a href=\"/runs/%lld.html\">%lld</a></td>", id, id);
		cell(b, st, 1);
		cell(b, st, 2);
		fl_buf_adds(b, "<td>");
		esc(b, state);
		fl_buf_adds(b, "</td><td class=\"");
		esc(b, fl_stmt_text(st, 4));
		fl_buf_adds(b, "\">");
		esc(b, fl_stmt_text(st, 4));
		fl_buf_adds(b, "</td>");
		for (int c = 5; c <= 9; c++)
			cell(b, st, c);
		fl_buf_adds(b, "</tr>\n");
		n++;
	}
	fl_buf_printf(b, "</table>\n<p>%d run%s shown (at most 200, newest first).</p>\n", n,
		      n == 1 ? "" : "s");
	return rc < 0 ? FL_EDB : FL_OK;
}

int page_index(struct fl_store *s, const char *const *vals, struct fl_buf *b, struct fl_err *err)
{
	struct fl_stmt *st;
	if (fl_store_prepare(s, serve_sql(SERVE_Q_LIST), &st, err))
		return err->code;
	for (int i = 0; i < 4; i++)
		fl_stmt_bind_text(st, i + 1, vals[i] && *vals[i] ? vals[i] : NULL);
	fl_buf_adds(b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
		       "<title>faultline runs</title>\n"
		       "<link rel=\"stylesheet\" href=\"/static/faultline.css\">\n"
		       "<script src=\"/static/faultline.js\" defer></script>\n"
		       "</head>\n<body>\n<h1>faultline runs</h1>\n");
	filter_form(b, vals);
	int rc = rows(st, b);
	if (rc)
		fl_err_set(err, rc, "cannot list runs: %s", fl_stmt_errmsg(st));
	fl_stmt_free(st);
	upload_form(b);
	fl_buf_adds(b, "</body>\n</html>\n");
	return rc;
}
