/* SPDX-License-Identifier: MIT */
/*
 * test_report.c - the escapers every report format relies on: log text
 * must come out as text, whatever bytes it holds.
 */
#include <criterion/criterion.h>
#include <string.h>

#include "faultline/report.h"
#include "report/report_int.h"

static char *md_fenced(const char *s)
{
	struct fl_buf b = FL_BUF_INIT;
	fl_md_fenced(&b, s, strlen(s));
	return fl_buf_detach(&b);
}

Test(report_escape, fence_outlives_backtick_runs_inside)
{
	char *out = md_fenced("a\n````\n``` not a fence\nb");
	/* the text's longest run is 4, so the fence is 5 backticks */
	cr_expect(!strncmp(out, "`````\n", 6), "got: %s", out);
	cr_expect(strstr(out, "\n````\n``` not a fence\nb\n`````\n") != NULL, "lines kept: %s", out);
	free(out);
}

Test(report_escape, fenced_block_normalises_line_ends)
{
	char *out = md_fenced("one\r\ntwo\rthree\x01");
	cr_expect(strstr(out, "one\ntwo\nthree\xEF\xBF\xBD\n") != NULL, "got: %s", out);
	free(out);
}

Test(report_escape, html_lines_are_escaped_and_kept)
{
	struct fl_buf b = FL_BUF_INIT;
	const char *s = "<script>alert(1)</script>\n\"quoted\" & 'single'\xff";
	fl_html_escape_lines(&b, s, strlen(s));
	cr_expect(!strstr(b.ptr, "<script"), "got: %s", b.ptr);
	cr_expect(strstr(b.ptr, "&lt;script&gt;") != NULL, "got: %s", b.ptr);
	cr_expect(strchr(b.ptr, '\n') != NULL, "the line break is kept");
	cr_expect(strstr(b.ptr, "&amp;") != NULL);
	cr_expect(strstr(b.ptr, "\xEF\xBF\xBD") != NULL, "invalid UTF-8 replaced");
	fl_buf_release(&b);
}

Test(report_escape, markdown_text_cannot_open_markup)
{
	struct fl_buf b = FL_BUF_INIT;
	const char *s = "**bold** [link](http://x) <img src=x> | pipe `code`";
	fl_md_escape(&b, s, strlen(s));
	cr_expect(!strstr(b.ptr, "<img"), "got: %s", b.ptr);
	cr_expect(!strstr(b.ptr, "**bold**"), "got: %s", b.ptr);
	cr_expect(strstr(b.ptr, "\\|") != NULL, "pipes escaped: %s", b.ptr);
	fl_buf_release(&b);
}

Test(report_escape, code_span_pipes_and_backticks)
{
	struct fl_buf b = FL_BUF_INIT;
	const char *s = "a|b``c";
	fl_md_code(&b, s, strlen(s));
	cr_expect_str_eq(b.ptr, "```a\\|b``c```");
	fl_buf_release(&b);
}
