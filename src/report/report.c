/* SPDX-License-Identifier: MIT */
/* report.c - choose a renderer; helpers the renderers share. */
#include "report_int.h"

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

void fl_report_gpu_numbers(struct fl_buf *b, const struct fl_gpu *g)
{
	if (g->power_mean == g->power_mean)
		fl_buf_printf(b, "%.0f W mean, %.0f W max, ", g->power_mean, g->power_max);
	if (g->util_mean == g->util_mean)
		fl_buf_printf(b, "%.0f%% utilisation, ", g->util_mean);
	fl_buf_printf(b, "%lld sample%s", (long long)g->samples, g->samples == 1 ? "" : "s");
}

/* "0, 4-7, 12": ranges keep a silent node of 8 ranks one item long. */
size_t fl_report_silent(struct fl_buf *b, const struct fl_analysis *a)
{
	size_t n = 0;
	for (size_t i = 0; i < a->nranks_state; i++) {
		const struct fl_rank_state *r = &a->ranks[i];
		if (strcmp(r->state, "silent") != 0)
			continue;
		size_t j = i;
		while (j + 1 < a->nranks_state && !strcmp(a->ranks[j + 1].state, "silent") &&
		       a->ranks[j + 1].rank == a->ranks[j].rank + 1)
			j++;
		fl_buf_printf(b, n ? ", %lld" : "%lld", (long long)r->rank);
		if (j > i)
			fl_buf_printf(b, "-%lld", (long long)a->ranks[j].rank);
		n += j - i + 1;
		i = j;
	}
	return n;
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
