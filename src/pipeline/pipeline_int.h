/* SPDX-License-Identifier: MIT */
/*
 * pipeline_int.h - private to src/pipeline: the three threads of an
 * ingest and what passes between them.
 *
 *   reader (reader.c)   disk, decompression, SHA-256, the kept copy
 *      | chunks of member bytes, in order
 *   scanner (scan.c)    lines split, attributed and prefiltered
 *      | batches of lines, in order
 *   caller (pipeline.c) blocks, events, aggregates, the store
 *
 * Each stage hands fixed slots to the next through a bounded ring, so
 * memory does not grow with the bundle; order is kept, so a run is the
 * same whatever the timing. Only the calling thread touches SQLite.
 */
#ifndef FAULTLINE_PIPELINE_INT_H
#define FAULTLINE_PIPELINE_INT_H

#include <pthread.h>
#include <string.h>

#include "faultline/attrib.h"
#include "faultline/pipeline.h"
#include "faultline/store.h"

/* ---- handoff.c: a bounded ring of slots between two threads ---- */

struct handoff {
	pthread_mutex_t mu;
	pthread_cond_t not_empty, not_full;
	size_t n, head, count;
	bool done;   /* the producer has published its last slot */
	bool cancel; /* the consumer gave up: the producer stops */
};

void handoff_init(struct handoff *h, size_t nslots);
void handoff_release(struct handoff *h);
/* Producer: index of the next free slot, waiting for one; -1 when the
 * consumer cancelled. */
long handoff_reserve(struct handoff *h);
void handoff_publish(struct handoff *h);
void handoff_finish(struct handoff *h);
/* Consumer: index of the oldest published slot, waiting for one; -1
 * when the producer finished and every slot was taken. */
long handoff_take(struct handoff *h);
/* Consumer: the slot from handoff_take() may be reused. */
void handoff_taken(struct handoff *h);
void handoff_cancel(struct handoff *h);

/* ---- reader.c: the ingest in its own thread ---- */

enum msg_type { MSG_BEGIN, MSG_DATA, MSG_END, MSG_SKIPPED };

struct msg {
	enum msg_type type;
	char *text; /* member path; for MSG_SKIPPED "path\0why" */
	size_t text_len;
	char *buf;  /* MSG_DATA: the slot's own buffer */
	size_t len;
	struct fl_member_stats st; /* MSG_END */
	int depth;
	int64_t mtime;
};

struct reader;
/* Starts reading path; NULL (and err) when the thread cannot start. */
struct reader *reader_start(const char *path, const struct fl_ingest_opts *io,
			    struct fl_ingest_stats *stats, struct fl_err *err);
/* The next message, waiting for it; NULL after the last one. */
struct msg *reader_next(struct reader *r);
void reader_done_with(struct reader *r);
/* Bytes of the bundle read from disk so far (any thread). */
uint64_t reader_bytes_read(struct reader *r);
/* The reader stops at its next message; reader_next() drains the rest. */
void reader_cancel(struct reader *r);
/* Waits for the thread and frees r; the ingest's status, its error in err. */
int reader_join(struct reader *r, struct fl_err *err);

/* ---- scan.c: lines split, attributed and prefiltered ---- */

enum batch_type { B_BEGIN, B_LINES, B_END, B_SKIPPED };

struct scan_line {
	uint64_t lineno, offset;
	uint32_t off, len;     /* the line's bytes in the arena */
	uint32_t host_off;     /* a.host in the arena; UINT32_MAX: none */
	uint32_t body_off;     /* a.body in the arena */
	int32_t cand;          /* row of prefilter candidates; -1: nothing to try */
	struct fl_attr a;      /* host and body are set by batch_line() */
};

struct batch {
	enum batch_type type;
	char *path;                /* B_BEGIN, B_END, B_SKIPPED (owned) */
	char *why;                 /* B_SKIPPED (owned) */
	struct fl_member mem;      /* B_BEGIN, B_END; mem.path is path */
	struct fl_path_attr pa;    /* B_BEGIN: what the path says */
	struct fl_member_stats st; /* B_END, with the splitter's truncated lines */
	int64_t boot;              /* B_END: fl_attr_file_boot() */
	struct fl_buf arena;       /* B_LINES: line bytes, and hosts not inside them */
	struct scan_line *lines;
	size_t nlines, lines_cap;
	uint64_t *cand; /* rows of fl_patterns_cand_words() words */
	size_t ncand, cand_cap, words;
};

/* Line i of a B_LINES batch; *cand is NULL when no pattern needs trying. */
void batch_line(const struct batch *b, size_t i, struct fl_line *l, struct fl_attr *a,
		const uint64_t **cand);

struct scanner;
/* Starts the scanner over r's messages. Attribution's bundle-wide state
 * (the year) is kept in *bundle, which the caller reads only after
 * scanner_join(). NULL (and err) when the thread cannot start. */
struct scanner *scanner_start(struct reader *r, const struct fl_patterns *p,
			      struct fl_attr_bundle *bundle, size_t max_line, struct fl_err *err);
/* The next batch, waiting for it; NULL after the last one. */
struct batch *scanner_next(struct scanner *sc);
void scanner_done_with(struct scanner *sc);
/* The scanner stops (and cancels the reader); scanner_next() drains the rest. */
void scanner_cancel(struct scanner *sc);
/* Waits for the thread (which has drained the reader) and frees sc. */
void scanner_join(struct scanner *sc);

/* ---- pipeline.c ---- */

/* Points a row's host at a copy in buf (cap bytes, truncated), for a row
 * kept beyond the line it came from. */
void row_attr_own_host(struct fl_row_attr *a, char *buf, size_t cap);

/* ---- steps.c: step lines, summed per step, kept as rows where it matters ---- */

struct fl_steps;
struct fl_steps *steps_new(struct fl_store *s, int64_t run_id);
void steps_free(struct fl_steps *st);
/* Takes one step line of the current file; sets r->loss_missing. */
int steps_add(struct fl_steps *st, struct fl_step_row *r);
/* Writes the current file's kept rows; the next line starts a new file. */
int steps_file_end(struct fl_steps *st);
/* Writes the per-step sums; called once, after the last file. */
int steps_run_end(struct fl_steps *st);

#endif
