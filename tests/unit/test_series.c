/* SPDX-License-Identifier: MIT */
/*
 * test_series.c - the spans the step series is cut into for pictures:
 * equal in count as SQL's NTILE makes them, the larger ones first, every
 * step in exactly one span.
 */
#include <criterion/criterion.h>

#include "analyze/analyze_int.h"

/* Sum of the span sizes, checking that they never grow along the way
 * and differ by at most one. */
static size_t total(int64_t count, size_t spans_max, size_t *spans)
{
	size_t sum = 0, first = series_span_size(count, spans_max, 0), i = 0;
	for (size_t size; (size = series_span_size(count, spans_max, i)) && sum < (size_t)count; i++) {
		cr_assert(size <= first && first - size <= 1, "span %zu of %lld: %zu", i,
			  (long long)count, size);
		sum += size;
	}
	*spans = i;
	return sum;
}

Test(series, spans_cover_every_step_once)
{
	const int64_t counts[] = { 1, 5, 599, 600, 601, 1000, 1799, 290000 };
	for (size_t k = 0; k < sizeof(counts) / sizeof(counts[0]); k++) {
		size_t spans;
		cr_expect_eq(total(counts[k], 600, &spans), (size_t)counts[k], "count %lld",
			     (long long)counts[k]);
		cr_expect_eq(spans, counts[k] < 600 ? (size_t)counts[k] : 600u);
	}
}

Test(series, larger_spans_come_first)
{
	/* 1000 steps in 600 spans: 400 of two steps, then 200 of one */
	cr_expect_eq(series_span_size(1000, 600, 0), 2u);
	cr_expect_eq(series_span_size(1000, 600, 399), 2u);
	cr_expect_eq(series_span_size(1000, 600, 400), 1u);
	cr_expect_eq(series_span_size(1000, 600, 599), 1u);
	cr_expect_eq(series_span_size(0, 600, 0), 0u);
}
