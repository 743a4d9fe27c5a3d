/* SPDX-License-Identifier: MIT */
/* report.c - choose a renderer; helpers the renderers share. */
#include "faultline/report.h"

#include <string.h>

int fl_format_from_name(const char *name)
{
	static const char *const names[] = { "text", "md", "json", "html", "jira", "github",
					     "slack" };
	for (int i = 0; i < 7; i++)
		if (!strcmp(name, names[i]))
			return i;
	if (!strcmp(name, "markdown"))
		return FL_FMT_MD;
	return -1;
}

void fl_report_time(struct fl_buf *b, int64_t ts)
{
	if (ts == FL_TIME_NONE)
		fl_buf_addc(b, '-');
	else
		fl_time_format(b, ts);
}

void fl_report_render(const struct fl_analysis *a, const struct fl_report_opts *o,
		      struct fl_buf *out)
{
	switch (o->format) {
	case FL_FMT_TEXT:
		fl_report_text(a, o->color, out);
		break;
	case FL_FMT_MD:
		fl_report_md(a, out);
		break;
	case FL_FMT_JSON:
		fl_report_json(a, out);
		break;
	case FL_FMT_HTML:
		fl_report_html(a, out);
		break;
	case FL_FMT_JIRA:
	case FL_FMT_GITHUB:
	case FL_FMT_SLACK:
		fl_report_ticket(a, o->format, o->link, out);
		break;
	}
}
