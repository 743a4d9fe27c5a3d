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
#include <sys/types.h>

#include "faultline/attrib.h"
#include "faultline/pipeline.h"
#include "faultline/store.h"
#include "faultline/vocab.h"

/* ---- handoff.c: a bounded ring of slots between two threads ---- */

struct handoff {
	pthread_mutex_t mu;
	pthread_cond_t not_empty, not_full;
	size_t n, head, count;
	bool taker_waits, giver_waits; /* woken when a quarter of the ring is ready for them */
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

enum msg_type { MSG_BEGIN, MSG_DATA, MSG_END, MSG_SKIPPED, MSG_DUMP };

struct msg {
	enum msg_type type;
	char *text; /* member path; for MSG_SKIPPED "path\0why" */
	size_t text_len;
	char *buf;  /* MSG_DATA: the slot's own buffer */
	size_t len;
	char *blob; /* MSG_DUMP: a Flight Recorder dump's bytes (owned; the
		     * scanner frees them) */
	size_t blob_len;
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

enum batch_type { B_BEGIN, B_LINES, B_END, B_SKIPPED, B_DUMP };

/* A line's attribution as batch_line() gives it back (struct fl_attr),
 * in 112 bytes instead of 184: a batch of short lines held more bytes
 * of these than of text (deep-1x's peak RSS 41.3 -> 40.1 MiB; the CPU
 * time did not change). The CRI fields are the scanner's own and stay
 * behind. */
struct scan_line {
	uint64_t lineno, offset;
	int64_t rank, local_rank, pid, ts;
	double uptime, delta;
	uint32_t off, len;     /* the line's bytes in the arena */
	uint32_t host_off;     /* the host in the arena; UINT32_MAX: none */
	uint32_t host_len;
	uint32_t body_off;     /* the body in the arena */
	uint32_t body_len;
	int32_t pat;           /* the pattern the finder found; -1: none */
	int32_t dev;
	int32_t world;         /* what a prefix stated, -1 */
	uint32_t cap0;         /* its captures: caps[cap0 .. cap0 + ncap) of the batch */
	uint16_t ncap;         /* at most FL_MAX_CAPS */
	uint8_t ts_kind;       /* enum fl_ts_kind */
	char level;
	bool conflict;
};

struct batch {
	enum batch_type type;
	char *path;                /* B_BEGIN, B_END, B_SKIPPED (owned) */
	char *why;                 /* B_SKIPPED (owned) */
	struct fl_frdump *dump;    /* B_DUMP: decoded (owned by the batch) */
	uint64_t dump_bytes;       /* B_DUMP */
	struct fl_member mem;      /* B_BEGIN, B_END; mem.path is path */
	struct fl_path_attr pa;    /* B_BEGIN: what the path says */
	struct fl_member_stats st; /* B_END, with the splitter's truncated lines */
	int64_t boot;              /* B_END: fl_attr_file_boot() */
	struct fl_buf arena;       /* B_LINES: line bytes, and hosts not inside them */
	struct scan_line *lines;
	size_t nlines, lines_cap;
	struct fl_found_cap *caps; /* the lines' found captures */
	size_t ncaps, caps_cap;
};

/* Line i of a B_LINES batch, and the pattern found on it (-1: none)
 * with its captures. */
int32_t batch_line(const struct batch *b, size_t i, struct fl_line *l, struct fl_attr *a,
		   const struct fl_found_cap **caps, size_t *ncap);

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

/* ---- keymap.c: byte key -> a record of the caller's type ---- */

struct keyslot {
	char *key; /* NULL: empty slot; klen bytes, any bytes */
	size_t klen;
	uint64_t hash;
	void *val;
};

/* An open-addressing table of the records, and the records again in
 * order of arrival (for iteration; a look-up never reads it). */
struct keymap {
	struct keyslot *slots;
	size_t cap, used;
	struct keyorder {
		void *val;
		uint64_t hash;
	} *order;                    /* used of them */
	size_t order_cap;
	size_t elem;                 /* size of a record */
	void (*release)(void *val);  /* frees what a record owns, not the record */
};

void keymap_init(struct keymap *m, size_t elem, void (*release)(void *val));
/* Frees every record; the map stays usable, empty. */
void keymap_clear(struct keymap *m);
/* The record of key, created zeroed (*fresh true) when new. It stays at
 * its address until keymap_clear(). */
void *keymap_get(struct keymap *m, const void *key, size_t klen, bool *fresh);
/* The record of key, or NULL when there is none. */
void *keymap_find(const struct keymap *m, const void *key, size_t klen);
/* Iteration in order of arrival: the record i < m->used. */
void *keymap_at(const struct keymap *m, size_t i);
/* The hash of record i's key. */
uint64_t keymap_hash_at(const struct keymap *m, size_t i);

/* A key's hash -> the id of the row written for it: an aggregate whose
 * record was written and freed when its file ended finds its row when
 * its process goes on in a later file. 16 bytes per key instead of the
 * record. */
struct idmap {
	struct idslot {
		uint64_t hash; /* 0: empty */
		int64_t id;
	} *slots;
	size_t cap, used;
};

void idmap_release(struct idmap *m);
/* The id put for hash; 0 when none. */
int64_t idmap_get(const struct idmap *m, uint64_t hash);
void idmap_put(struct idmap *m, uint64_t hash, int64_t id);

/* ---- row.c: attribution carried into rows ---- */

/* A row's attribution from a line's. The host is borrowed from the line. */
void row_attr(const struct fl_attr *a, struct fl_row_attr *r);
/* Points a row's host at a copy in buf (cap bytes, truncated), for a row
 * kept beyond the line it came from. */
void row_attr_own_host(struct fl_row_attr *a, char *buf, size_t cap);
/* FL_EDB with "what: <the store's message>". */
int store_fail(struct fl_store *s, struct fl_err *err, const char *what);

/* ---- streams.c: who wrote lines in a file, and its last lines ---- */

/* One stream of a file: the lines of one (rank, local rank, pid, host). */
struct activity {
	int64_t rank, local_rank, pid;
	char *host;         /* NULL: none */
	size_t host_key;    /* bytes of host in the map key (at most 256) */
	int64_t lines, first_ts, last_ts, last_line;
	struct fl_buf text; /* the stream's last line */
	struct tail_ring *ring; /* its own last lines, in a file of many ranks; else NULL */
};

/* A kept last line. While its batch is being consumed it borrows the
 * batch's bytes; streams_batch_done() copies what is still kept when the
 * batch is done, so a file's lines are copied twenty at a time, not each
 * one. */
struct tail_slot {
	const char *ptr; /* text: the batch's, or text.ptr */
	size_t len;
	bool borrowed;
	struct fl_buf text;
	uint64_t lineno, offset;
	uint32_t body, body_len; /* the message inside the text (fl_attr's body) */
	uint64_t seq; /* the file's kept lines before it: one line in two rings */
	bool known;   /* a pattern read it, or a block took it (fl_matcher_claimed()) */
	struct fl_row_attr a;
	char host[128];
};

/* The last tail_n lines of a file, or of one stream in it. */
struct tail_ring {
	struct tail_slot *slot;
	size_t n;    /* slots */
	size_t pos;  /* lines kept */
	size_t next; /* pos % n, without a division per line */
	bool dirty;  /* a stream's ring holding lines of the current batch */
};

/* STREAMS_RECENT: see recent below. UNRECOGNISED_MAX: the run's
 * unrecognised error lines kept (the analysis quotes five; a message that
 * thousands of ranks print alike is stored once). */
enum { STREAMS_RECENT = 4, UNRECOGNISED_MAX = 64 };

struct streams {
	struct keymap activity;   /* struct activity, per file */
	struct activity *prev;    /* the previous line's stream */
	/* The streams of the lines before, most recent first: a file whose
	 * lines alternate between a few streams (a program's own lines and
	 * NCCL's, with their pid and host) finds them without a hash. */
	struct activity *recent[STREAMS_RECENT];
	bool prev_empty;          /* the previous line was empty */
	size_t tail_n;
	struct tail_ring tail;    /* the file's */
	/* A file that no one rank wrote (a node's or a pod's combined log, a
	 * Slurm output of every task) keeps each stream's last lines too:
	 * its own last lines are often the launcher's, which name no rank. */
	bool per_stream;
	size_t nrings;
	/* The run's FL_KIND_UNRECOGNISED events so far, by their bodies' hash */
	uint64_t unrecognised[UNRECOGNISED_MAX];
	size_t nunrecognised;
	struct tail_ring **dirty; /* stream rings that borrow the batch's lines */
	size_t ndirty, dirty_cap;
};

/* tail_n: last lines kept per file (and per stream of a shared file), 0
 * for none. */
void streams_init(struct streams *t, size_t tail_n);
void streams_release(struct streams *t);
/* shared: the file is not one rank's (its path names no rank or local
 * rank). */
void streams_file_begin(struct streams *t, bool shared);
/* Counts a line toward its stream and keeps it as a candidate tail line;
 * l is borrowed until streams_batch_done(). known: a pattern read the
 * line (streams_file_end() says which of the others look like errors). */
void streams_line(struct streams *t, const struct fl_line *l, const struct fl_attr *a,
		  bool known);
/* The batch the lines came from is about to go: copies what is kept. */
void streams_batch_done(struct streams *t);
/* Writes the file's activity and tails rows, and an FL_KIND_UNRECOGNISED
 * event for each tail line that no pattern read and that looks like an
 * error (at most UNRECOGNISED_MAX a run, each text once), then forgets
 * the file. */
int streams_file_end(struct streams *t, struct fl_store *s, int64_t run_id, int64_t file_id,
		     struct fl_err *err);

/* ---- nccl.c: channel lines and COLL traces, aggregated per run ---- */

/* Channel lines of one process, transport and GPUDirect flag. */
struct transport_agg {
	char *host;
	int64_t pid, rank;
	char *transport; /* first two parts: NET/IB, P2P/CUMEM, SHM */
	int gdr;
	int64_t channels;
	int64_t file_id, line; /* the first such line */
	char *sample;
	int64_t comm_rank; /* the printer's, while all its lines agree; else -1 */
};

/* COLL traces of one process, communicator and op. */
struct coll_agg {
	char *host;
	int64_t pid, rank;
	char *comm, *op;
	int64_t calls, last_opcount, nranks; /* nranks -1: not logged */
	int64_t last_ts;
	int64_t peer;          /* Send/Recv: the peer's rank in comm; -1 otherwise */
	int64_t file_id, line; /* the last call's line */
	char *sample;          /* its text, bounded */
};

/* What a process's channel lines used since its last communicator
 * completed, and how many communicators of each size it created: its
 * next Init COMPLETE takes both. */
enum { PROC_TRANSPORTS = 8, PROC_SIZES = 16, PROC_IB_DEVS = 32 };
struct proc_comms {
	char *trans[PROC_TRANSPORTS]; /* "NET/IB+GDRDMA", "P2P/CUMEM", ... */
	int ntrans;
	struct comm_sizes *sizes;  /* only for communicators without a commId */
	const struct ib_table *ib; /* its NET/IB : Using list, or NULL */
};

/* The communicators a process made of each size (NCCL before 2.16). */
struct comm_sizes {
	int64_t size[PROC_SIZES], made[PROC_SIZES];
	int n;
};

/* A NET/IB : Using list: index -> device ("mlx5_1"), port. Processes
 * that print the same list (all of a host's, usually all of a job's)
 * share one, so that 32 Ki processes do not hold 32 Ki copies (24 MB). */
struct ib_table {
	char *dev[PROC_IB_DEVS];
	int port[PROC_IB_DEVS];
};

/* The NET/IB device one process's channel lines went through, with the
 * NCCL index they name (NET/IB/<index>); the device is looked up in the
 * process's NET/IB : Using list when the rows are written. */
struct hca_agg {
	char *host;
	int64_t pid, rank, net_dev, channels;
	int64_t file_id, line; /* the first such line */
	char *sample;
};

/* One member of a communicator, from its Init COMPLETE line. */
struct comm_member {
	char *comm, *ptr, *host, *bus, *transports;
	int64_t pid, rank, comm_rank, nranks, cuda_dev, file_id, line;
};

/* The transports, colls and hcas records and the members hold the
 * current file's lines: nccl_aggs_flush() writes them when it ends, and
 * the written rows' ids stay in the idmaps. procs lasts the run. */
struct nccl_aggs {
	struct keymap transports; /* struct transport_agg */
	struct keymap colls;      /* struct coll_agg */
	struct keymap procs;      /* struct proc_comms, per host and pid */
	struct keymap hcas;       /* struct hca_agg, per process and NET/IB index */
	struct keymap ib_tables;  /* struct ib_table, by its entries */
	struct idmap transport_rows, coll_rows, hca_rows;
	struct comm_member *members;
	size_t nmembers, cap_members;
	struct fl_buf key;
};

void nccl_aggs_init(struct nccl_aggs *n);
void nccl_aggs_release(struct nccl_aggs *n);
void nccl_channel(struct nccl_aggs *n, const struct fl_event *ev, int64_t file_id);
void nccl_coll(struct nccl_aggs *n, const struct fl_event *ev, int64_t file_id);
/* A NET/IB : Using line: the process's index -> device table (the line is
 * also an event). */
void nccl_ib_devices(struct nccl_aggs *n, const struct fl_event *ev);
/* An Init COMPLETE line: a communicator member (the line is also an event). */
void nccl_comm(struct nccl_aggs *n, const struct fl_event *ev, int64_t file_id);
/* Writes the transports, colls, comm_members and hcas rows of the lines
 * since the last flush (a file's), adding to the rows of processes
 * written before, and frees their records: memory holds one file's
 * processes, not the run's. */
int nccl_aggs_flush(struct nccl_aggs *n, struct fl_store *s, int64_t run_id,
		    struct fl_err *err);

/* ---- telemetry.c: GPU telemetry members, folded per GPU ---- */

enum tele_format {
	TELE_UNDECIDED, TELE_NONE, TELE_CSV, TELE_SMI_Q, TELE_DCGM,
	TELE_XML_PROLOG, /* "<?xml ...": nvidia-smi -q -x when the next line says so */
	TELE_SMI_XML,
};
enum tele_col { COL_OTHER, COL_TS, COL_INDEX, COL_BUS, COL_POWER, COL_POWER_ALT, COL_UTIL, COL_MEM };
enum tele_qsection { QS_OTHER, QS_POWER, QS_UTIL, QS_MEM };
enum { TELE_MAX_COLS = 64, TELE_PENDING = 64 };

/* One sample as read; NaN: not in it. */
struct tele_sample {
	int64_t ts, gpu;
	double power, util, mem;
	double gr_active; /* DCGM's graphics engine active ratio: utilisation where GPU_UTIL is absent */
	char bus[32];
	char host[128]; /* DCGM's Hostname label, for a member without a host */
	uint64_t line;
};

struct telemetry {
	struct keymap gpus; /* struct gpu_agg (telemetry.c), per host and GPU, for the run */
	struct fl_buf key;
	/* the current member */
	enum tele_format fmt;
	int64_t file_id;
	char *host; /* of its first line's attribution */
	enum tele_col cols[TELE_MAX_COLS]; /* CSV: its header */
	int ncols;
	int64_t csv_last_ts, csv_seq;
	int64_t q_ts, q_gpu; /* -q, -q -x: the dump's time, the GPU's ordinal in it */
	enum tele_qsection q_section;
	struct tele_sample cur;                  /* -q: the GPU being read */
	struct tele_sample pending[TELE_PENDING]; /* DCGM: each GPU's scrape */
};

void telemetry_init(struct telemetry *t);
void telemetry_release(struct telemetry *t);
void telemetry_file_begin(struct telemetry *t, int64_t file_id);
/* True when the line belongs to a telemetry member and was read here
 * (the member's first non-blank line decides); false: a log line. */
bool telemetry_line(struct telemetry *t, const struct fl_line *l, const struct fl_attr *a);
void telemetry_file_end(struct telemetry *t);
/* GPU i < t->gpus.used: its buckets and samples; for
 * tests/fuzz/fuzz_telemetry.c, which checks the fold's bound. */
void telemetry_gpu_counts(const struct telemetry *t, size_t i, size_t *buckets, int64_t *samples);
/* Writes the run's gpu_samples rows. */
int telemetry_flush(struct telemetry *t, struct fl_store *s, int64_t run_id, struct fl_err *err);

/* ---- steps.c: step lines, summed per step, kept as rows where it matters ---- */

struct fl_steps;
/* How much of the per-step sums is held at once: the steps in memory
 * before an early flush, and the runs of one level spilled to a
 * temporary file before they are merged into one. NULL in steps_new():
 * the defaults; tests make them small. */
struct steps_limits {
	size_t stats_max, merge_max;
};
struct fl_steps *steps_new(struct fl_store *s, int64_t run_id, const struct steps_limits *lim);
void steps_free(struct fl_steps *st);
/* Takes one step line of the current file; sets r->loss_missing. */
int steps_add(struct fl_steps *st, struct fl_step_row *r);
/* Writes the current file's kept rows; the next line starts a new file. */
int steps_file_end(struct fl_steps *st);
/* Writes the per-step sums; called once, after the last file. */
int steps_run_end(struct fl_steps *st);
/* Entries (sums of one step) written to the spill file so far, merges
 * included (0: none was needed, or none could be made). */
size_t steps_spilled(const struct fl_steps *st);
/* Their bytes in the file (encoded: far fewer than a step_sum each). */
size_t steps_spilled_bytes(const struct fl_steps *st);

/* ---- events.c: where a matched event goes ---- */

/* What events.c needs of the ingest. */
struct event_sink {
	struct fl_store *store;
	int64_t run_id, file_id;
	struct fl_steps *steps;
	struct nccl_aggs *nccl;
	struct fl_buf fields;
	struct keymap repeats; /* struct repeat (events.c), of the current file */
	struct keymap alike;   /* struct alike (events.c), of the run */
	struct fl_buf key;
	/* the step column of each capture name met (by the pattern's pointer) */
	struct step_col {
		const char *name;
		int col;
		double scale;
	} step_cols[32];
	size_t nstep_cols;
	uint64_t events; /* events matched, folded repeats included */
	/* fl_run_totals' two sizes of the job, over the stored events (a
	 * folded event has the captures of the one stored) */
	int64_t world_size_max, nccl_nranks_max;
	struct fl_err *err;
};

void events_init(struct event_sink *k);
void events_release(struct event_sink *k);
/* After the run's last file: the counts of the `store: once` rows. */
int events_run_end(struct event_sink *k);

/* The fl_event_cb of the matcher, ctx a struct event_sink: train.step to
 * steps, nccl.channel and nccl.coll to their aggregates, any other kind
 * to an events row. */
int events_route(void *ctx, const struct fl_event *ev);
/* The current file is done: writes the counts of its folded repeats. */
int events_file_end(struct event_sink *k);

/* ---- frdump.c: a Flight Recorder dump to its rows ---- */

/* Writes the dump's files, fr_dumps, fr_pgs and fr_entries rows. */
int frdump_store(struct fl_store *s, int64_t run_id, const char *path,
		 const struct fl_frdump *d, uint64_t bytes, struct fl_err *err);

#endif
