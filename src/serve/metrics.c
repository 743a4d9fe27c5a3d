/* SPDX-License-Identifier: MIT */
/*
 * metrics.c - the service's counters in the Prometheus text format 0.0.4.
 *
 * Written by hand: Debian has no C client library, and the format is a few
 * lines per family (# HELP, # TYPE, then samples). Label values come only
 * from fixed lists (routes, result names, status codes), never from
 * requests, so the number of series is bounded and nothing needs escaping.
 * Tested by: tests/unit/test_serve.c
 */
#include "faultline/serve.h"

#include <inttypes.h>

static const int CODES[FL_METRIC_NCODES] = { 200, 202, 400, 401, 403, 404, 405, 409,
					     411, 413, 415, 429, 500, 503, 507, 0 };

static const char *const UPLOAD_RESULTS[FL_UP_NRESULTS] = {
	[FL_UP_ACCEPTED] = "accepted",     [FL_UP_DUPLICATE] = "duplicate",
	[FL_UP_UNAUTHORIZED] = "unauthorized", [FL_UP_FORBIDDEN] = "forbidden",
	[FL_UP_TOO_LARGE] = "too_large",   [FL_UP_BUSY] = "busy",
	[FL_UP_RATE_LIMITED] = "rate_limited", [FL_UP_NO_SPACE] = "no_space",
	[FL_UP_BAD_REQUEST] = "bad_request", [FL_UP_ABORTED] = "aborted",
	[FL_UP_SLOW_CLIENT] = "slow_client", [FL_UP_ERROR] = "error",
};

static const char *const ANALYSIS_RESULTS[FL_AN_NRESULTS] = {
	[FL_AN_DONE] = "done", [FL_AN_FAILED] = "failed",
	[FL_AN_TIMEOUT] = "timeout", [FL_AN_KILLED] = "killed",
};

void fl_metrics_request(struct fl_metrics *m, enum fl_route_kind k, int code)
{
	size_t i = 0;
	while (i + 1 < FL_METRIC_NCODES && CODES[i] != code)
		i++;
	if ((unsigned)k < FL_ROUTE_NKINDS)
		m->requests[k][i]++;
}

static void family(struct fl_buf *b, const char *name, const char *type, const char *help)
{
	fl_buf_printf(b, "# HELP faultline_%s %s\n# TYPE faultline_%s %s\n", name, help, name,
		      type);
}

static void requests(const struct fl_metrics *m, struct fl_buf *b)
{
	family(b, "http_requests_total", "counter", "HTTP requests answered, by route and status");
	for (int k = 0; k < FL_ROUTE_NKINDS; k++)
		for (int i = 0; i < FL_METRIC_NCODES; i++) {
			if (!m->requests[k][i])
				continue;
			fl_buf_printf(b, "faultline_http_requests_total{handler=\"%s\",code=\"",
				      fl_route_name((enum fl_route_kind)k));
			if (CODES[i])
				fl_buf_printf(b, "%d", CODES[i]);
			else
				fl_buf_adds(b, "other");
			fl_buf_printf(b, "\"} %" PRIu64 "\n", m->requests[k][i]);
		}
}

static void results(struct fl_buf *b, const char *name, const char *help,
		    const char *const *names, const uint64_t *v, int n)
{
	family(b, name, "counter", help);
	for (int i = 0; i < n; i++)
		fl_buf_printf(b, "faultline_%s{result=\"%s\"} %" PRIu64 "\n", name, names[i], v[i]);
}

static void gauge(struct fl_buf *b, const char *name, const char *help, int64_t v)
{
	family(b, name, "gauge", help);
	fl_buf_printf(b, "faultline_%s %" PRId64 "\n", name, v);
}

void fl_metrics_render(const struct fl_metrics *m, const char *version, struct fl_buf *b)
{
	family(b, "build_info", "gauge", "the running faultline");
	fl_buf_printf(b, "faultline_build_info{version=\"%s\"} 1\n", version);
	requests(m, b);
	results(b, "uploads_total", "uploads by outcome", UPLOAD_RESULTS, m->uploads,
		FL_UP_NRESULTS);
	family(b, "upload_bytes_total", "counter", "bytes received in accepted uploads");
	fl_buf_printf(b, "faultline_upload_bytes_total %" PRIu64 "\n", m->upload_bytes);
	gauge(b, "uploads_in_progress", "uploads being received", m->uploads_in_progress);
	results(b, "analyses_total", "finished analyses by outcome", ANALYSIS_RESULTS,
		m->analyses, FL_AN_NRESULTS);
	gauge(b, "analysis_queue_length", "uploads waiting for an analysis", m->queue_length);
	gauge(b, "analyses_running", "analyses running now", m->analyses_running);
	family(b, "webhooks_total", "counter", "analysis summaries posted to --webhook");
	fl_buf_printf(b, "faultline_webhooks_total{result=\"delivered\"} %" PRIu64 "\n"
		      "faultline_webhooks_total{result=\"failed\"} %" PRIu64 "\n",
		      m->webhooks[0], m->webhooks[1]);
	family(b, "retention_deleted_runs_total", "counter", "runs deleted by retention");
	fl_buf_printf(b, "faultline_retention_deleted_runs_total %" PRIu64 "\n",
		      m->retention_deleted);
	if (m->store_bytes > 0)
		gauge(b, "store_bytes", "live database pages and kept bundles", m->store_bytes);
	family(b, "process_start_time_seconds", "gauge", "start of the server, Unix time");
	fl_buf_printf(b, "faultline_process_start_time_seconds %.3f\n", m->start_time);
	if (m->resident_bytes >= 0)
		gauge(b, "process_resident_memory_bytes", "resident set size of the server",
		      m->resident_bytes);
}
