/* SPDX-License-Identifier: MIT */
/*
 * fuzz_telemetry.c - the GPU telemetry readers (src/pipeline/telemetry.c):
 * nvidia-smi CSV with its header, nvidia-smi -q dumps (text and -x XML),
 * DCGM exporter text.
 *
 * The input is one member, split into lines; its first line decides the
 * format as in an ingest. Whatever the bytes, every line is either read
 * or left to the patterns, and the fold keeps its bound: at most 512
 * buckets per GPU, never more samples than lines.
 */
#include "fuzz.h"

#include <string.h>

#include "pipeline/pipeline_int.h"

static void line(struct telemetry *t, const char *p, size_t n, uint64_t lineno)
{
	struct fl_line l = { 0 };
	l.ptr = p;
	l.len = n;
	l.lineno = lineno;
	struct fl_attr a = { 0 };
	a.rank = a.local_rank = a.pid = -1;
	a.host = "node1";
	a.host_len = 5;
	telemetry_line(t, &l, &a);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct telemetry t;
	telemetry_init(&t);
	telemetry_file_begin(&t, 1);
	const char *p = (const char *)data, *end = p + size;
	uint64_t lines = 0;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		line(&t, p, n, ++lines);
		p += n + (nl != NULL);
	}
	telemetry_file_end(&t);
	int64_t samples = 0;
	for (size_t i = 0; i < t.gpus.used; i++) {
		int64_t n = 0;
		size_t buckets = 0;
		telemetry_gpu_counts(&t, i, &buckets, &n);
		FUZZ_ASSERT(buckets <= 512);
		samples += n;
	}
	/* each sample starts on a line of its own: a CSV row, a -q dump's
	 * GPU line, a GPU's first value in a DCGM scrape */
	FUZZ_ASSERT(samples <= (int64_t)lines);
	telemetry_release(&t);
	return 0;
}
