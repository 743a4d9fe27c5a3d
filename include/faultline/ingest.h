/* SPDX-License-Identifier: MIT */
/*
 * ingest.h - stream any crash bundle as members and lines.
 *
 * First stage of the pipeline. A bundle is a directory, a single log
 * (plain or compressed), or an archive that may hold further archives.
 * Everything is read through libarchive as a stream: nothing is extracted
 * to disk, memory does not grow with the bundle, and the bundle's SHA-256
 * is computed from the same bytes as they pass.
 *
 * Ownership: every pointer handed to a sink callback (member paths, line
 * bytes) is borrowed and valid only during that callback. Copy what you keep.
 *
 * Damage is not fatal: a member that cannot be read is reported through
 * sink->skipped() and the walk goes on; only an unusable bundle (cannot be
 * opened, not a log or archive at all) fails the call.
 */
#ifndef FAULTLINE_INGEST_H
#define FAULTLINE_INGEST_H

#include "faultline/util.h"

/* Line flags: what the splitter did to the physical line. */
enum fl_line_flags {
	FL_LINE_TRUNCATED = 1 << 0, /* longer than the line limit; the rest was dropped */
	FL_LINE_HAD_NUL = 1 << 1,   /* NUL bytes were replaced by spaces */
	FL_LINE_CR_PART = 1 << 2,   /* one of several parts split at a lone CR (progress bars) */
	FL_LINE_HAD_ANSI = 1 << 3,  /* ANSI escape sequences were removed */
	FL_LINE_NO_EOL = 1 << 4,    /* last line of the member, without a newline */
	FL_LINE_JOINED = 1 << 5,    /* several physical lines made one: a backslash
				     * continuation or a terminal's hard wrap; lineno
				     * and offset are the first one's */
	FL_LINE_GLUED = 1 << 6,     /* one of several records glued onto one line
				     * after a progress bar; they share its lineno */
};

/* One line of a member, cleaned: no EOL, no ANSI escapes, no NUL bytes. */
struct fl_line {
	const char *ptr;
	size_t len;
	uint64_t lineno; /* 1-based physical line number; CR parts share it */
	uint64_t offset; /* byte offset of the physical line in the member */
	unsigned flags;
};

struct fl_member {
	const char *path; /* path inside the bundle; nested archives joined with '/' */
	int depth;        /* 0 for top-level members */
	int64_t mtime;    /* modification time, seconds since the epoch; 0 unknown */
};

struct fl_member_stats {
	uint64_t bytes;
	uint64_t lines;
	uint64_t truncated_lines;
};

/* Callbacks; a non-zero return from any of them stops the walk and is
 * returned by fl_ingest_bundle() (use FL_ECANCEL or a real status). */
struct fl_ingest_sink {
	void *ctx;
	int (*member_begin)(void *ctx, const struct fl_member *m);
	int (*line)(void *ctx, const struct fl_line *l);
	int (*member_end)(void *ctx, const struct fl_member *m, const struct fl_member_stats *st);
	/* A member not read as text: binary content, damaged data, nesting
	 * too deep. `why` is a short lower-case reason. */
	void (*skipped)(void *ctx, const char *path, const char *why);
	/* If set, members' decompressed bytes are handed over as they come
	 * (borrowed, at most 256 KiB at a time) instead of split into lines:
	 * the caller splits them, e.g. in another thread. `line` is not called
	 * and the line counts in the stats stay 0. */
	int (*chunk)(void *ctx, const char *p, size_t n);
	/* If set, a member that looks like a Flight Recorder dump
	 * (fl_frdump_sniff) is read whole, up to FL_FRDUMP_MAX_BYTES (a
	 * larger one is skipped), and handed over in one piece, borrowed,
	 * instead of as lines or chunks; member_begin and member_end are not
	 * called for it. Unset, such a member is read as any other: a pickle
	 * is binary, JSON is text. */
	int (*dump)(void *ctx, const struct fl_member *m, const char *p, size_t n);
};

/* Limits on hostile input (docs/internals/ingest.md). Passing one of the
 * first three refuses the whole bundle: fl_ingest_bundle() stops at once
 * and fails with FL_ENOMEM. Passing the last two costs nothing, so the
 * member is skipped or the line truncated. 0 turns off one of the first
 * three. */
struct fl_ingest_opts {
	uint64_t max_total_bytes; /* bytes unpacked, summed over every depth (64 GiB) */
	uint64_t max_ratio;       /* bytes unpacked per byte read from disk (1000) */
	uint64_t max_members;     /* archive entries at every depth (100000) */
	int max_depth;            /* archives inside archives (default 4) */
	size_t max_line;          /* bytes kept of one line (default 64 KiB) */
	const char *keep_path;    /* if set, a copy of the bundle's bytes is written
	                             here (a file bundle as is, a directory as .tar) */
	const char *name;         /* the bundle's name when path is a copy of it
	                             (NULL: path's base name): a single compressed
	                             log's member is named after it (rank3.log.gz
	                             -> rank3.log) */
	const char *const *own;   /* NULL-terminated paths (files or directories,
	                             which need not exist) a directory bundle may
	                             hold but that are not part of it: the store's
	                             own files when it lives in the directory
	                             read. Passed over as skipped members, not
	                             hashed: they change while the walk reads. */
};

struct fl_ingest_stats {
	char sha256[65];       /* of the bundle bytes (directory: of paths and contents) */
	uint64_t bytes_in;     /* bytes read from disk */
	uint64_t bytes_out;    /* decompressed bytes of text members */
	uint64_t members;      /* text members and Flight Recorder dumps read */
	uint64_t skipped;      /* members skipped */
	uint64_t lines;
	bool is_directory;
};

void fl_ingest_opts_init(struct fl_ingest_opts *o);

/* Walks the bundle at path, calling sink for each member and line. */
int fl_ingest_bundle(const char *path, const struct fl_ingest_opts *opts,
		     const struct fl_ingest_sink *sink, struct fl_ingest_stats *stats,
		     struct fl_err *err);

/* The bytes a bundle takes on disk: a file's size, or the sum of the
 * regular files under a directory (symbolic links not followed, and own
 * (as fl_ingest_opts.own, may be NULL) left out, as fl_ingest_bundle()
 * reads it). For a progress display. */
int fl_ingest_size(const char *path, const char *const *own, uint64_t *bytes);

/* Computes the SHA-256 of a bundle without parsing it (same value as
 * fl_ingest_bundle() reports). */
int fl_ingest_hash(const char *path, char out[65], struct fl_err *err);

/* ---- streaming SHA-256 (sha_stream.c) ----
 * For bytes that arrive in pieces (an upload being spooled): the digest is
 * the one fl_ingest_bundle() records for a file bundle of those bytes.
 * fl_hash_hex() finishes the hash (64 lower-case hex digits and a NUL); the
 * handle may then only be freed. fl_hash_free() accepts NULL. */
struct fl_hash;
struct fl_hash *fl_hash_new(void);
void fl_hash_add(struct fl_hash *h, const void *p, size_t n);
void fl_hash_hex(struct fl_hash *h, char out[65]);
void fl_hash_free(struct fl_hash *h);

/* ---- a directory as one stream (pack.c) ----
 * Writes the regular files under dir as a zstd-compressed tar to fd (not
 * closed), entries sorted and normalised so that the same files always
 * give the same bytes. */
int fl_ingest_pack_dir(const char *dir, int fd, struct fl_err *err);

/* ---- line splitter (exposed for tests and for `patterns test`) ---- */
struct fl_linesplit;
struct fl_linesplit *fl_linesplit_new(size_t max_line);
void fl_linesplit_free(struct fl_linesplit *ls);
/* Feeds n bytes; calls line_cb for each complete line. */
int fl_linesplit_feed(struct fl_linesplit *ls, const char *p, size_t n,
		      int (*line_cb)(void *ctx, const struct fl_line *l), void *ctx);
/* Flushes a last line without EOL. */
int fl_linesplit_finish(struct fl_linesplit *ls, int (*line_cb)(void *ctx, const struct fl_line *l),
			void *ctx);
uint64_t fl_linesplit_truncated(const struct fl_linesplit *ls);
/* column(p, n) gives the length of a log collector's column at the start
 * of a line (0: none; attrib's fl_attr_column). Joining a wrapped line
 * then looks past the column of the next line and leaves it out of the
 * joined one. Without it (the default) lines are joined as they are. */
void fl_linesplit_set_column(struct fl_linesplit *ls, size_t (*column)(const char *, size_t));

/* ---- content sniffing ---- */
enum fl_sniff { FL_SNIFF_TEXT, FL_SNIFF_BINARY, FL_SNIFF_ARCHIVE };
/* Classifies the first n bytes of a member (n may be small). */
enum fl_sniff fl_sniff(const unsigned char *p, size_t n);

/* ---- Python values: pickle and JSON decoded as data (pyval.c, pickle.c,
 * jsonval.c) ----
 * Flight Recorder dumps (docs/FLIGHT_RECORDER.md) are a pickle, or JSON,
 * of plain containers. Both decoders build the same tree of values and
 * never run anything: pickle opcodes that name or call code (GLOBAL,
 * REDUCE, BUILD, INST, OBJ, NEWOBJ, PERSID...) are refused, with one
 * exception that is data in disguise (pickle.c). The tree is bounded:
 * FL_PV_MAX_DEPTH nesting, FL_PV_MAX_NODES values, FL_PV_MAX_STR bytes
 * per string; past a limit the decode fails with FL_EFORMAT and a reason.
 * Memo references may share a value between containers (a DAG, never a
 * cycle: a container cannot be changed once it is inside another). */
#define FL_PV_MAX_DEPTH 32
#define FL_PV_MAX_NODES (4u << 20)
#define FL_PV_MAX_STR (1u << 20)

enum fl_pv_type {
	FL_PV_NONE, FL_PV_BOOL, FL_PV_INT, FL_PV_FLOAT, FL_PV_STR, FL_PV_BYTES,
	FL_PV_LIST, FL_PV_TUPLE, FL_PV_DICT
};

struct fl_pv {
	enum fl_pv_type type;
	bool sealed;          /* inside a container or shared: no longer changed */
	int depth;            /* 0 for a scalar, 1 + the deepest item's otherwise */
	bool b;
	int64_t i;
	double f;
	char *s;              /* STR (UTF-8 as written), BYTES; NUL-terminated */
	size_t len;
	struct fl_pv **items; /* LIST, TUPLE: n items; DICT: n/2 key, value pairs */
	size_t n, cap;
};

/* Owns every value of one decoded document. */
struct fl_pv_doc;

/* Decodes one pickle (protocols 2 to 5) from p. On success *out owns the
 * tree; on failure nothing is left and err says why, naming the opcode
 * and its offset where one is to blame. */
int fl_pickle_parse(const void *p, size_t n, struct fl_pv_doc **out, struct fl_err *err);
/* Decodes one JSON text (RFC 8259; numbers that are integers become
 * FL_PV_INT, others FL_PV_FLOAT; arrays FL_PV_LIST). */
int fl_pv_json_parse(const void *p, size_t n, struct fl_pv_doc **out, struct fl_err *err);
const struct fl_pv *fl_pv_root(const struct fl_pv_doc *d);
void fl_pv_doc_free(struct fl_pv_doc *d);
/* The value of a string key in a dict; NULL when v is not a dict or has
 * no such key. */
const struct fl_pv *fl_pv_get(const struct fl_pv *v, const char *key);

/* ---- Flight Recorder dumps (frdump.c) ----
 * PyTorch's Flight Recorder writes, per rank, a ring buffer of that
 * rank's collectives: one file named by a prefix plus the rank
 * (nccl_trace_rank_3), a pickle of plain containers, or JSON when a
 * framework saved torch's JSON dump. fl_frdump_parse() reads the fields
 * faultline uses, in dump versions 2.3 to 2.10; unknown keys are
 * ignored. Strings are owned by the dump. */
#define FL_FRDUMP_MAX_BYTES (256u << 20) /* a larger member is skipped */
#define FL_FRDUMP_MAX_ENTRIES 65536
#define FL_FRDUMP_MAX_FRAMES 32 /* Python frames kept per entry, innermost first */

struct fl_fr_entry {
	int64_t record_id, pg_id, collective_seq_id, p2p_seq_id, op_id; /* -1 absent */
	char *pg_name, *pg_desc;   /* process_group: (name, desc) */
	char *profiling_name;      /* "nccl:all_reduce", "nccl:send 0->1" */
	char *state;               /* scheduled, started, completed */
	/* sizes as compact JSON ([[1024,4],[8]]), dtypes likewise (["Float"]) */
	char *input_sizes, *input_dtypes, *output_sizes, *output_dtypes;
	int64_t time_created_ns, time_started_ns, time_completed_ns; /* -1: none */
	int64_t timeout_ms;        /* -1 absent */
	int retired, is_p2p;       /* 0, 1; -1 absent */
	char *frames;              /* "name (file:line)" per line, NULL: none */
};

struct fl_fr_pg {
	char *name, *desc;
	char *ranks; /* as written: "[0, 1, 2, 3]" */
	/* pg_status (2.3 on): this rank's last collective seq enqueued,
	 * started and completed in the group; -1 when not stated */
	int64_t last_enqueued, last_started, last_completed;
};

struct fl_frdump {
	char *version; /* "2.4"; NULL when absent */
	struct fl_fr_entry *entries;
	size_t nentries;
	struct fl_fr_pg *pgs;
	size_t npgs;
};

/* Whether the first n bytes of a member look like a dump: a pickle or a
 * JSON object that names the dump's top-level keys. */
bool fl_frdump_sniff(const unsigned char *p, size_t n);
/* The rank in a dump's file name: the digits that end its base name,
 * before any extension (nccl_trace_rank_12, fr_7.json); -1 if none. */
int64_t fl_frdump_rank(const char *path);
/* Decodes a whole dump. FL_EFORMAT (err says why) when it is not one. */
int fl_frdump_parse(const void *p, size_t n, struct fl_frdump **out, struct fl_err *err);
void fl_frdump_free(struct fl_frdump *d);

#endif
