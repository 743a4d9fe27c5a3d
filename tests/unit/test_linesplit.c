/* SPDX-License-Identifier: MIT */
/*
 * test_linesplit.c - the line splitter (src/ingest/linesplit.c): line ends,
 * progress-bar CRs, ANSI and NUL cleaning, truncation, offsets, and the
 * same input fed in unpleasant chunk sizes.
 */
#include <criterion/criterion.h>

#include <string.h>

#include "faultline/ingest.h"

struct got_line {
	char *text;
	size_t len;
	uint64_t lineno;
	uint64_t offset;
	unsigned flags;
};

struct collect {
	struct got_line *v;
	size_t n, cap;
	size_t stop_after; /* 0: never stop */
};

static int collect_cb(void *ctx, const struct fl_line *l)
{
	struct collect *c = ctx;
	FL_GROW(c->v, c->cap, c->n + 1);
	struct got_line *g = &c->v[c->n++];
	g->text = fl_xstrndup(l->ptr, l->len);
	g->len = l->len;
	g->lineno = l->lineno;
	g->offset = l->offset;
	g->flags = l->flags;
	if (c->stop_after && c->n >= c->stop_after)
		return FL_ECANCEL;
	return 0;
}

static void collect_free(struct collect *c)
{
	for (size_t i = 0; i < c->n; i++)
		free(c->v[i].text);
	free(c->v);
	memset(c, 0, sizeof(*c));
}

/* Feeds in chunks of `chunk` bytes (0: all at once), then finishes;
 * column: the collector's column the splitter is given, or NULL. */
static uint64_t split_with(const char *p, size_t n, size_t max_line, size_t chunk,
			   size_t (*column)(const char *, size_t), struct collect *c)
{
	struct fl_linesplit *ls = fl_linesplit_new(max_line);
	if (column)
		fl_linesplit_set_column(ls, column);
	if (chunk == 0)
		chunk = n ? n : 1;
	for (size_t i = 0; i < n; i += chunk) {
		size_t k = n - i < chunk ? n - i : chunk;
		cr_assert_eq(fl_linesplit_feed(ls, p + i, k, collect_cb, c), 0);
	}
	cr_assert_eq(fl_linesplit_finish(ls, collect_cb, c), 0);
	uint64_t t = fl_linesplit_truncated(ls);
	fl_linesplit_free(ls);
	return t;
}

static uint64_t split(const char *p, size_t n, size_t max_line, size_t chunk, struct collect *c)
{
	return split_with(p, n, max_line, chunk, NULL, c);
}

#define SPLIT(lit, max, chunk, c) split(lit, sizeof(lit) - 1, max, chunk, c)

static void expect_line(const struct collect *c, size_t i, const char *text, uint64_t lineno,
			uint64_t offset, unsigned flags)
{
	cr_assert_lt(i, c->n, "line %zu missing (got %zu lines)", i, c->n);
	const struct got_line *g = &c->v[i];
	cr_assert_eq(g->len, strlen(text), "line %zu: length %zu, want %zu ('%s')", i, g->len,
		     strlen(text), g->text);
	cr_assert_str_eq(g->text, text, "line %zu", i);
	cr_assert_eq(g->lineno, lineno, "line %zu: lineno %llu, want %llu", i,
		     (unsigned long long)g->lineno, (unsigned long long)lineno);
	cr_assert_eq(g->offset, offset, "line %zu: offset %llu, want %llu", i,
		     (unsigned long long)g->offset, (unsigned long long)offset);
	cr_assert_eq(g->flags, flags, "line %zu: flags 0x%x, want 0x%x", i, g->flags, flags);
}

TestSuite(linesplit, .timeout = 30);

Test(linesplit, lf)
{
	struct collect c = { 0 };
	SPLIT("one\ntwo\nthree\n", 0, 0, &c);
	cr_assert_eq(c.n, 3);
	expect_line(&c, 0, "one", 1, 0, 0);
	expect_line(&c, 1, "two", 2, 4, 0);
	expect_line(&c, 2, "three", 3, 8, 0);
	collect_free(&c);
}

Test(linesplit, crlf)
{
	struct collect c = { 0 };
	SPLIT("one\r\ntwo\r\n\r\nfour\r\n", 0, 0, &c);
	cr_assert_eq(c.n, 4);
	expect_line(&c, 0, "one", 1, 0, 0);
	expect_line(&c, 1, "two", 2, 5, 0);
	expect_line(&c, 2, "", 3, 10, 0);
	expect_line(&c, 3, "four", 4, 12, 0);
	collect_free(&c);
}

Test(linesplit, crlf_split_across_chunks)
{
	struct collect c = { 0 };
	struct fl_linesplit *ls = fl_linesplit_new(0);
	cr_assert_eq(fl_linesplit_feed(ls, "abc\r", 4, collect_cb, &c), 0);
	cr_assert_eq(c.n, 0, "no line before its LF arrives");
	cr_assert_eq(fl_linesplit_feed(ls, "\nxyz\n", 5, collect_cb, &c), 0);
	cr_assert_eq(fl_linesplit_finish(ls, collect_cb, &c), 0);
	fl_linesplit_free(ls);
	cr_assert_eq(c.n, 2);
	expect_line(&c, 0, "abc", 1, 0, 0);
	expect_line(&c, 1, "xyz", 2, 5, 0);
	collect_free(&c);
}

Test(linesplit, lone_cr_parts_share_lineno)
{
	struct collect c = { 0 };
	SPLIT("before\n 10%|#  \r 50%|#####  \r100%|##########\rTraceback here\nafter\n", 0, 0,
	      &c);
	cr_assert_eq(c.n, 6);
	expect_line(&c, 0, "before", 1, 0, 0);
	expect_line(&c, 1, " 10%|#  ", 2, 7, FL_LINE_CR_PART);
	expect_line(&c, 2, " 50%|#####  ", 2, 7, FL_LINE_CR_PART);
	expect_line(&c, 3, "100%|##########", 2, 7, FL_LINE_CR_PART);
	expect_line(&c, 4, "Traceback here", 2, 7, FL_LINE_CR_PART);
	expect_line(&c, 5, "after", 3, 60, 0);
	collect_free(&c);
}

Test(linesplit, cr_parts_with_crlf_end_and_empty_parts)
{
	struct collect c = { 0 };
	SPLIT("a\r\rb\r\nc\n", 0, 0, &c);
	cr_assert_eq(c.n, 3);
	expect_line(&c, 0, "a", 1, 0, FL_LINE_CR_PART);
	expect_line(&c, 1, "b", 1, 0, FL_LINE_CR_PART);
	expect_line(&c, 2, "c", 2, 6, 0);
	collect_free(&c);
}

Test(linesplit, ansi_removed)
{
	struct collect c = { 0 };
	SPLIT("\x1b[31mERROR\x1b[0m: boom\n"
	      "\x1b[1;32m(RayTrainWorker pid=1)\x1b[0m ok\n"
	      "\x1b]0;title\x07osc gone\n"
	      "plain\n",
	      0, 0, &c);
	cr_assert_eq(c.n, 4);
	expect_line(&c, 0, "ERROR: boom", 1, 0, FL_LINE_HAD_ANSI);
	expect_line(&c, 1, "(RayTrainWorker pid=1) ok", 2, 21, FL_LINE_HAD_ANSI);
	expect_line(&c, 2, "osc gone", 3, 58, FL_LINE_HAD_ANSI);
	expect_line(&c, 3, "plain", 4, 77, 0);
	collect_free(&c);
}

Test(linesplit, nul_becomes_space)
{
	struct collect c = { 0 };
	SPLIT("a\0b\0\0c\nok\n", 0, 0, &c);
	cr_assert_eq(c.n, 2);
	expect_line(&c, 0, "a b  c", 1, 0, FL_LINE_HAD_NUL);
	expect_line(&c, 1, "ok", 2, 7, 0);
	collect_free(&c);
}

Test(linesplit, ansi_and_nul_and_cr_together)
{
	struct collect c = { 0 };
	SPLIT("\x1b[2Kx\0y\rz\n", 0, 0, &c);
	cr_assert_eq(c.n, 2);
	expect_line(&c, 0, "x y", 1, 0, FL_LINE_CR_PART | FL_LINE_HAD_ANSI | FL_LINE_HAD_NUL);
	expect_line(&c, 1, "z", 1, 0, FL_LINE_CR_PART);
	collect_free(&c);
}

Test(linesplit, truncated_rest_skipped_lineno_kept)
{
	struct collect c = { 0 };
	uint64_t t = SPLIT("short\n0123456789ABCDEF\nnext\n0123456789\n", 10, 0, &c);
	cr_assert_eq(c.n, 4);
	expect_line(&c, 0, "short", 1, 0, 0);
	expect_line(&c, 1, "0123456789", 2, 6, FL_LINE_TRUNCATED);
	expect_line(&c, 2, "next", 3, 23, 0);
	expect_line(&c, 3, "0123456789", 4, 28, 0); /* exactly max_line: kept whole */
	cr_assert_eq(t, 1);
	collect_free(&c);
}

/* A CRLF line whose text is exactly max_line bytes loses nothing: its CR is
 * part of the line end, not of the text. linesplit.c counts the CR against
 * the limit (seg > room in fl_linesplit_feed), so the line is flagged
 * FL_LINE_TRUNCATED and counted as truncated. Documents the bug. */
Test(linesplit, crlf_line_of_exactly_max_line_is_not_truncated)
{
	struct collect c = { 0 };
	uint64_t t = SPLIT("abcd\r\nxy\n", 4, 0, &c);
	cr_assert_eq(c.n, 2);
	expect_line(&c, 0, "abcd", 1, 0, 0);
	expect_line(&c, 1, "xy", 2, 6, 0);
	cr_assert_eq(t, 0);
	collect_free(&c);
}

Test(linesplit, truncated_huge_line_in_small_chunks)
{
	/* 1 MiB line, limit 64 bytes, fed 4093 bytes at a time: kept prefix only */
	size_t big = 1 << 20;
	char *in = fl_xmalloc(big + 16);
	memset(in, 'x', big);
	memcpy(in + big, "\nafter\n", 7);
	struct collect c = { 0 };
	uint64_t t = split(in, big + 7, 64, 4093, &c);
	cr_assert_eq(c.n, 2);
	cr_assert_eq(c.v[0].len, 64);
	cr_assert_eq(c.v[0].flags, FL_LINE_TRUNCATED);
	expect_line(&c, 1, "after", 2, big + 1, 0);
	cr_assert_eq(t, 1);
	collect_free(&c);
	free(in);
}

Test(linesplit, last_line_without_eol)
{
	struct collect c = { 0 };
	SPLIT("first\nlast words", 0, 0, &c);
	cr_assert_eq(c.n, 2);
	expect_line(&c, 0, "first", 1, 0, 0);
	expect_line(&c, 1, "last words", 2, 6, FL_LINE_NO_EOL);
	collect_free(&c);
}

Test(linesplit, truncated_last_line_without_eol)
{
	struct collect c = { 0 };
	uint64_t t = SPLIT("ok\nabcdefghijkl", 4, 0, &c);
	cr_assert_eq(c.n, 2);
	expect_line(&c, 1, "abcd", 2, 3, FL_LINE_TRUNCATED | FL_LINE_NO_EOL);
	cr_assert_eq(t, 1);
	collect_free(&c);
}

Test(linesplit, empty_lines_and_empty_input)
{
	struct collect c = { 0 };
	SPLIT("\n\nx\n\n", 0, 0, &c);
	cr_assert_eq(c.n, 4);
	expect_line(&c, 0, "", 1, 0, 0);
	expect_line(&c, 1, "", 2, 1, 0);
	expect_line(&c, 2, "x", 3, 2, 0);
	expect_line(&c, 3, "", 4, 4, 0);
	collect_free(&c);

	SPLIT("", 0, 0, &c);
	cr_assert_eq(c.n, 0, "no line from no bytes");
	collect_free(&c);
}

Test(linesplit, callback_rc_stops)
{
	struct collect c = { .stop_after = 2 };
	struct fl_linesplit *ls = fl_linesplit_new(0);
	int rc = fl_linesplit_feed(ls, "a\nb\nc\nd\n", 8, collect_cb, &c);
	cr_assert_eq(rc, FL_ECANCEL);
	cr_assert_eq(c.n, 2);
	fl_linesplit_free(ls);
	collect_free(&c);
}

/* ---- adversarial chunking ---- */

static char *build_nasty(size_t *len)
{
	struct fl_buf b = FL_BUF_INIT;
	for (int i = 0; i < 400; i++) {
		switch (i % 11) {
		case 0: fl_buf_printf(&b, "[rank%d]: plain line %d\n", i % 8, i); break;
		case 1: fl_buf_printf(&b, "windows line %d\r\n", i); break;
		case 2: fl_buf_printf(&b, "%3d%%|###\r%3d%%|######\rdone %d\n", i, i + 1, i); break;
		case 3: fl_buf_printf(&b, "\x1b[31mERROR\x1b[0m colored %d\n", i); break;
		case 4:
			fl_buf_printf(&b, "nul%d", i);
			fl_buf_add(&b, "\0\0", 2);
			fl_buf_adds(&b, "after nul\n");
			break;
		case 5: fl_buf_adds(&b, "\n"); break;
		case 6:
			for (int k = 0; k < 700 + i; k++)
				fl_buf_addc(&b, (char)('a' + k % 26));
			fl_buf_adds(&b, "\n");
			break;
		case 7:
			for (int k = 0; k < 300; k++)
				fl_buf_adds(&b, "\x1b[K");
			fl_buf_printf(&b, "long escapes %d\r\n", i);
			break;
		case 8: fl_buf_adds(&b, "\r\r\r\n"); break;
		case 9: fl_buf_printf(&b, "\x1b]0;title %d\x07osc\n", i); break;
		default: fl_buf_printf(&b, "tail %d\r\n", i); break;
		}
	}
	fl_buf_adds(&b, "no newline at the end");
	*len = b.len;
	return fl_buf_detach(&b);
}

static void same_lines(const struct collect *a, const struct collect *b, size_t chunk)
{
	cr_assert_eq(a->n, b->n, "chunk %zu: %zu lines, whole: %zu", chunk, b->n, a->n);
	for (size_t i = 0; i < a->n; i++) {
		cr_assert_eq(a->v[i].len, b->v[i].len, "chunk %zu line %zu", chunk, i);
		cr_assert_eq(memcmp(a->v[i].text, b->v[i].text, a->v[i].len), 0,
			     "chunk %zu line %zu: '%s' vs '%s'", chunk, i, b->v[i].text,
			     a->v[i].text);
		cr_assert_eq(a->v[i].lineno, b->v[i].lineno, "chunk %zu line %zu", chunk, i);
		cr_assert_eq(a->v[i].offset, b->v[i].offset, "chunk %zu line %zu", chunk, i);
		cr_assert_eq(a->v[i].flags, b->v[i].flags, "chunk %zu line %zu: 0x%x vs 0x%x", chunk,
			     i, b->v[i].flags, a->v[i].flags);
	}
}

static void check_chunking(size_t max_line)
{
	size_t len;
	char *in = build_nasty(&len);
	cr_assert_gt(len, 3 * 4093, "input must span several big chunks");
	struct collect whole = { 0 };
	uint64_t tw = split(in, len, max_line, 0, &whole);
	cr_assert_gt(whole.n, 400);
	/* sanity of the reference: the flags we built in actually appear */
	unsigned seen = 0;
	for (size_t i = 0; i < whole.n; i++)
		seen |= whole.v[i].flags;
	cr_assert_eq(seen & FL_LINE_CR_PART, FL_LINE_CR_PART);
	cr_assert_eq(seen & FL_LINE_HAD_ANSI, FL_LINE_HAD_ANSI);
	cr_assert_eq(seen & FL_LINE_HAD_NUL, FL_LINE_HAD_NUL);
	cr_assert_eq(seen & FL_LINE_NO_EOL, FL_LINE_NO_EOL);
	cr_assert_eq(whole.v[whole.n - 1].lineno, 401);

	static const size_t chunks[] = { 1, 7, 4093 };
	for (size_t k = 0; k < sizeof(chunks) / sizeof(chunks[0]); k++) {
		struct collect c = { 0 };
		uint64_t t = split(in, len, max_line, chunks[k], &c);
		same_lines(&whole, &c, chunks[k]);
		cr_assert_eq(t, tw, "chunk %zu: truncated %llu vs %llu", chunks[k],
			     (unsigned long long)t, (unsigned long long)tw);
		collect_free(&c);
	}
	collect_free(&whole);
	free(in);
}

Test(linesplit, chunking_default_limit)
{
	check_chunking(0);
}

Test(linesplit, chunking_small_limit_truncates)
{
	/* 512 bytes: the long lines (case 6) and the escape-heavy lines (case 7,
	 * raw length ~900) are truncated; truncation must not depend on where
	 * the chunks fall either */
	size_t len;
	char *in = build_nasty(&len);
	struct collect whole = { 0 };
	uint64_t t = split(in, len, 512, 0, &whole);
	cr_assert_gt(t, 0);
	collect_free(&whole);
	free(in);
	check_chunking(512);
}

/* ---- lines as they really arrive ---- */

/* A shell continuation: one logical line, numbered as its first physical
 * line, whatever the chunking (pysot issue 88, the second node's command). */
#define LAUNCH_CMD                                                                 \
	"python -m torch.distributed.launch \\\n"                                  \
	"    --nnodes=2 \\\n"                                                      \
	"    --node_rank=1 \\\n"                                                   \
	"    --nproc_per_node=8 \\\n"                                              \
	"    --master_addr=192.168.1.1 \\\n"                                       \
	"    --master_port=2333 \\\n"                                              \
	"    ../../tools/train.py\n"                                               \
	"next\n"

Test(linesplit, backslash_continuation_is_one_line)
{
	static const size_t chunks[] = { 0, 1, 7, 33 };
	for (size_t k = 0; k < sizeof(chunks) / sizeof(chunks[0]); k++) {
		struct collect c = { 0 };
		SPLIT(LAUNCH_CMD, 0, chunks[k], &c);
		cr_assert_eq(c.n, 2, "chunk %zu: %zu lines", chunks[k], c.n);
		expect_line(&c, 0,
			    "python -m torch.distributed.launch --nnodes=2 --node_rank=1 "
			    "--nproc_per_node=8 --master_addr=192.168.1.1 --master_port=2333 "
			    "../../tools/train.py",
			    1, 0, FL_LINE_JOINED);
		expect_line(&c, 1, "next", 8, sizeof(LAUNCH_CMD) - 1 - 5, 0);
		collect_free(&c);
	}
}

Test(linesplit, backslash_at_the_end_of_a_member_is_kept)
{
	struct collect c = { 0 };
	SPLIT("python -m torch.distributed.launch --nproc_per_node=8 --nnodes=8 --node_rank=0 \\\n", 0,
	      0, &c);
	cr_assert_eq(c.n, 1);
	expect_line(&c, 0,
		    "python -m torch.distributed.launch --nproc_per_node=8 --nnodes=8 --node_rank=0 \\", 1,
		    0, 0);
	collect_free(&c);
}

/* tqdm's last redraw and the agent's warning written without a newline
 * between them (pytorch/pytorch#91278): two records on one line. */
Test(linesplit, record_glued_after_a_progress_bar)
{
	struct collect c = { 0 };
	SPLIT(" 99%|\xe2\x96\x88\xe2\x96\x88| 2208/2209 [39:02<00:01,  1.06s/it]\r"
	      "100%|\xe2\x96\x88\xe2\x96\x88| 2209/2209 [39:03<00:00,  1.06s/it]"
	      "WARNING:torch.distributed.elastic.multiprocessing.api:Sending process 4041 closing "
	      "signal SIGTERM\n",
	      0, 0, &c);
	cr_assert_eq(c.n, 3);
	expect_line(&c, 0, " 99%|\xe2\x96\x88\xe2\x96\x88| 2208/2209 [39:02<00:01,  1.06s/it]", 1, 0,
		    FL_LINE_CR_PART);
	expect_line(&c, 1, "100%|\xe2\x96\x88\xe2\x96\x88| 2209/2209 [39:03<00:00,  1.06s/it]", 1, 0,
		    FL_LINE_CR_PART | FL_LINE_GLUED);
	expect_line(&c, 2,
		    "WARNING:torch.distributed.elastic.multiprocessing.api:Sending process 4041 "
		    "closing signal SIGTERM",
		    1, 0, FL_LINE_CR_PART | FL_LINE_GLUED);
	collect_free(&c);
}

/* nanotron's tokenizer warning after a datasets bar (nanotron issue log);
 * a bar followed by a blank and Ray's dedup note is not glued. */
Test(linesplit, glued_record_after_an_examples_bar)
{
	struct collect c = { 0 };
	SPLIT("x\rGrouping texts in chunks of 257:   0%|          | 0/10000 [00:00<?, ? examples/s]"
	      "Token indices sequence length is longer than the specified maximum sequence length\n"
	      "x\r100%|\xe2\x96\x88| 97.8M/97.8M [00:00<00:00, 231MB/s] [repeated 11x across cluster]\n",
	      0, 0, &c);
	cr_assert_eq(c.n, 5);
	expect_line(&c, 1, "Grouping texts in chunks of 257:   0%|          | 0/10000 [00:00<?, ? examples/s]",
		    1, 0, FL_LINE_CR_PART | FL_LINE_GLUED);
	expect_line(&c, 2,
		    "Token indices sequence length is longer than the specified maximum sequence length",
		    1, 0, FL_LINE_CR_PART | FL_LINE_GLUED);
	cr_assert_str_eq(c.v[4].text,
			 "100%|\xe2\x96\x88| 97.8M/97.8M [00:00<00:00, 231MB/s] [repeated 11x across cluster]");
	cr_assert_eq(c.v[4].flags, FL_LINE_CR_PART);
	collect_free(&c);
}

/* A terminal of 166 columns wrapped these (ai4d-iasc/trixie issue 87): the
 * width shows once two lines reach it; the wrap inside `line` + ` 345` is
 * then rejoined. The second `ERROR:torch...` line starts like the first,
 * as a run of equal records would, so it is left as it is. */
#define WRAPPED                                                                                        \
	"ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: 1) local_rank: 0 (pid: "  \
	"20327) of binary: /gpfs/projects/DT/mtp/Project_SamuelL/pytorch.distribut\n"                     \
	"ed/main.py\n"                                                                                  \
	"ERROR:torch.distributed.elastic.multiprocessing.errors.error_handler:no error file defined for " \
	"parent, to copy child error file (/tmp/torchelastic_dj__qkuc/none_q4s99\n"                       \
	"mna/attempt_0/0/error.json)\n"                                                                 \
	"Traceback (most recent call last):\n"                                                          \
	"  File \"/gpfs/projects/DT/mtp/WMT20/opt/miniconda3/envs/pytorch-1.12.0/lib/python3.8/"        \
	"site-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py\", line\n"           \
	" 345, in wrapper\n"                                                                            \
	"    return f(*args, **kwargs)\n"

Test(linesplit, terminal_hard_wrap_is_rejoined)
{
	struct collect c = { 0 };
	SPLIT(WRAPPED, 0, 0, &c);
	cr_assert_eq(c.n, 6, "%zu lines", c.n);
	/* the first wrap comes before the width is known; the second has the
	 * same shape as the first line (two records of one logger?), but is
	 * cut just after a parenthesis it never closes */
	cr_assert_str_eq(c.v[1].text, "ed/main.py");
	cr_assert_str_eq(c.v[2].text,
			 "ERROR:torch.distributed.elastic.multiprocessing.errors.error_handler:no error "
			 "file defined for parent, to copy child error file (/tmp/torchelastic_dj__qkuc/"
			 "none_q4s99mna/attempt_0/0/error.json)");
	cr_assert_eq(c.v[2].lineno, 3);
	cr_assert_str_eq(c.v[4].text,
			 "  File \"/gpfs/projects/DT/mtp/WMT20/opt/miniconda3/envs/pytorch-1.12.0/lib/"
			 "python3.8/site-packages/torch/distributed/elastic/multiprocessing/errors/"
			 "__init__.py\", line 345, in wrapper");
	cr_assert_eq(c.v[4].lineno, 6);
	cr_assert_eq(c.v[4].flags, FL_LINE_JOINED);
	cr_assert_str_eq(c.v[5].text, "    return f(*args, **kwargs)");
	cr_assert_eq(c.v[5].lineno, 8);
	collect_free(&c);
}

/* Equal-length records of one writer are not wraps: srun-labelled lines
 * (testdata 20-single-file-oom) stay apart. */
/* A long line cut a few bytes after a parenthesis it never closes is a
 * wrap even when no line shows the width yet (sgl-project/sglang#3424,
 * OpenRLHF/OpenRLHF#265: testdata/real/dev); a closed one, or one far
 * from the end, is not. */
Test(linesplit, a_wrap_inside_open_parenthesis_is_rejoined)
{
	struct collect c = { 0 };
	SPLIT("[rank2]:[E210 02:06:33.394775308 ProcessGroupNCCL.cpp:1595] [PG ID 2 PG GUID 3 Rank 2] "
	      "Process group watchdog thread terminated with exception: [Rank 2] Watchdog caught "
	      "collective operation timeout: WorkNCCL(S\n"
	      "eqNum=1522789, OpType=_ALLGATHER_BASE, NumelIn=298960, NumelOut=4783360, "
	      "Timeout(ms)=600000) ran for 600094 milliseconds before timing out.\n"
	      "(RayWorkerVllm pid=207931, ip=10.0.1.75) [E socket.cpp:922] [c10d] The client socket "
	      "has timed out after 1800s while trying to connect to (172.17.0.2\n"
	      ", 44737).\n"
	      "(RayWorkerVllm pid=207931, ip=10.0.1.75) loading (3 of 4 shards) took 10.5 s, "
	      "checkpoint /mnt/models/qwen-72b-chat-v1.5\n"
	      "Epoch 1\n",
	      0, 0, &c);
	cr_assert_eq(c.n, 4, "%zu lines", c.n);
	cr_assert(strstr(c.v[0].text, "WorkNCCL(SeqNum=1522789, OpType=_ALLGATHER_BASE"));
	cr_assert_eq(c.v[0].flags, FL_LINE_JOINED);
	cr_assert(strstr(c.v[1].text, "to (172.17.0.2, 44737)."));
	cr_assert_str_eq(c.v[3].text, "Epoch 1");
	collect_free(&c);
}

Test(linesplit, equal_records_are_not_wraps)
{
	struct collect c = { 0 };
	SPLIT("5:   File \"/home/jdoe/miniconda3/envs/seg/lib/python3.11/site-packages/lightning/pytorch/"
	      "trainer/call.py\", line 43, in _call_and_handle_interrupt\n"
	      "6:   File \"/home/jdoe/miniconda3/envs/seg/lib/python3.11/site-packages/lightning/pytorch/"
	      "trainer/call.py\", line 43, in _call_and_handle_interrupt\n"
	      "5:     return trainer.strategy.launcher.launch(trainer_fn, *args, trainer=trainer, **kwargs)\n",
	      0, 0, &c);
	cr_assert_eq(c.n, 3);
	for (size_t i = 0; i < 3; i++)
		cr_assert_eq(c.v[i].flags, 0, "line %zu joined", i);
	collect_free(&c);
}

/* ---- wraps inside a collector's column ---- */

/* kubectl logs --timestamps' column, as fl_attr_column() finds it (the
 * splitter only calls it; attrib's own cases are in test_attrib.c). */
static size_t kubectl_column(const char *p, size_t n)
{
	return n > 31 && p[4] == '-' && p[10] == 'T' && p[29] == 'Z' && p[30] == ' ' ? 31 : 0;
}

/* The wraps of a_wrap_inside_open_parenthesis_is_rejoined and the shell
 * continuation, each physical line behind kubectl's stamp: the same
 * logical lines, the continuations' stamps left out. */
#define KTS "2026-12-06T04:00:00.000001123Z "
#define STAMPED_WRAPS                                                                              \
	KTS "[rank2]:[E210 02:06:33.394775308 ProcessGroupNCCL.cpp:1595] [PG ID 2 PG GUID 3 Rank 2] "  \
	    "Process group watchdog thread terminated with exception: [Rank 2] Watchdog caught "       \
	    "collective operation timeout: WorkNCCL(S\n" KTS                                           \
	    "eqNum=1522789, OpType=_ALLGATHER_BASE, NumelIn=298960, NumelOut=4783360, "                \
	    "Timeout(ms)=600000) ran for 600094 milliseconds before timing out.\n" KTS                 \
	    "torchrun --nnodes=2 \\\n" KTS "    --node_rank=1 train.py\n" KTS                          \
	    "    assert numerator % denominator == 0, \\\n" KTS                                        \
	    "AssertionError: 96 is not divisible by 64\n" KTS "Epoch 1\n"

Test(linesplit, a_wrap_behind_a_collector_column_is_rejoined_without_it)
{
	static const size_t chunks[] = { sizeof(STAMPED_WRAPS), 1, 29 };
	for (size_t k = 0; k < sizeof(chunks) / sizeof(chunks[0]); k++) {
		struct collect c = { 0 };
		split_with(STAMPED_WRAPS, sizeof(STAMPED_WRAPS) - 1, 0, chunks[k], kubectl_column, &c);
		cr_assert_eq(c.n, 4, "chunk %zu: %zu lines", chunks[k], c.n);
		cr_assert(strstr(c.v[0].text, "WorkNCCL(SeqNum=1522789, OpType=_ALLGATHER_BASE"));
		cr_assert_eq(strncmp(c.v[0].text, KTS "[rank2]:", sizeof(KTS) + 7), 0);
		cr_assert_eq(c.v[0].flags, FL_LINE_JOINED);
		expect_line(&c, 1, KTS "torchrun --nnodes=2 --node_rank=1 train.py", 3,
			    c.v[1].offset, FL_LINE_JOINED);
		expect_line(&c, 2,
			    KTS "    assert numerator % denominator == 0, AssertionError: 96 is not "
				"divisible by 64",
			    5, c.v[2].offset, FL_LINE_JOINED);
		expect_line(&c, 3, KTS "Epoch 1", 7, c.v[3].offset, 0);
		collect_free(&c);
	}
}

/* Without the column, a stamped line starts a record of its own: the
 * wrap stays cut (how every collected log was split before). */
Test(linesplit, without_a_column_a_stamped_line_is_a_record)
{
	struct collect c = { 0 };
	SPLIT(STAMPED_WRAPS, 0, 0, &c);
	cr_assert(strstr(c.v[0].text, "WorkNCCL(S") && !strstr(c.v[0].text, "eqNum"));
	cr_assert_str_eq(c.v[1].text, KTS "eqNum=1522789, OpType=_ALLGATHER_BASE, NumelIn=298960, "
					  "NumelOut=4783360, Timeout(ms)=600000) ran for 600094 "
					  "milliseconds before timing out.");
	collect_free(&c);
}

/* Two stamped records of one writer are not a wrap, even past the column:
 * the second starts a record (`[rank3]:`) or begins as the first did. */
Test(linesplit, stamped_records_stay_apart)
{
	static const char in[] =
		KTS "[rank2]:[E210 02:06:33.394775308 ProcessGroupNCCL.cpp:1595] [PG ID 2 PG GUID 3 "
		    "Rank 2] Watchdog caught collective operation timeout: WorkNCCL(S\n" KTS
		    "[rank3]:[E210 02:06:33.394775308 ProcessGroupNCCL.cpp:1595] Watchdog\n" KTS
		    "NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/IPC with a long enough tail (S\n" KTS
		    "NCCL INFO Channel 01/0 : 0[0] -> 1[1] via P2P/IPC\n";
	struct collect c = { 0 };
	split_with(in, sizeof(in) - 1, 0, 0, kubectl_column, &c);
	cr_assert_eq(c.n, 4, "%zu lines", c.n);
	for (size_t i = 0; i < c.n; i++)
		cr_assert_eq(c.v[i].flags, 0, "line %zu joined", i);
	collect_free(&c);
}
