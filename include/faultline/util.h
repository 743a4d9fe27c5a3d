/* SPDX-License-Identifier: MIT */
/*
 * util.h - status codes, error reports, growable buffers, time conversion.
 *
 * The bottom layer: every other module includes it, it includes only libc.
 *
 * Error convention: a fallible function returns FL_OK (0) or a negative
 * enum fl_status, and fills the optional struct fl_err *err with a message
 * the caller may print. Library code never prints and never exits.
 *
 * Allocation: fl_xmalloc() and friends abort with a message when memory is
 * exhausted; a CLI gains nothing from unwinding every allocation failure.
 */
#ifndef FAULTLINE_UTIL_H
#define FAULTLINE_UTIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum fl_status {
	FL_OK = 0,
	FL_ENOMEM = -1,    /* out of memory or a size limit hit */
	FL_EIO = -2,       /* cannot read or write a file */
	FL_EFORMAT = -3,   /* input is not in a usable format */
	FL_EPATTERN = -4,  /* a pattern file is invalid */
	FL_EDB = -5,       /* the store failed */
	FL_EUSAGE = -6,    /* the caller asked for something impossible */
	FL_ENOTFOUND = -7, /* no such run, event, file */
	FL_ECANCEL = -8,   /* stopped on request */
	FL_ECHANGED = -9,  /* a bundle is no longer what was ingested */
};

/* A message for the user, lower-case, no trailing full stop. */
struct fl_err {
	int code;
	char msg[1024];
};

const char *fl_strstatus(int code);

/* Fill err (which may be NULL) and return code, so that callers can write
 * `return fl_err_set(err, FL_EIO, "cannot open '%s'", path);`. */
int fl_err_set(struct fl_err *err, int code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void fl_err_clear(struct fl_err *err);

/* ---- memory ---- */
void *fl_xmalloc(size_t n);
void *fl_xcalloc(size_t n, size_t size);
void *fl_xrealloc(void *p, size_t n);
char *fl_xstrdup(const char *s);
char *fl_xstrndup(const char *s, size_t n);
char *fl_xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Grow *arr (of *cap elements of size elem) to hold at least need elements. */
void fl_grow(void **arr, size_t *cap, size_t need, size_t elem);
/* A statement; need is evaluated twice. The check is inline because most
 * calls, one per element appended (a line of a batch), find room. */
#define FL_GROW(arr, cap, need)                                                   \
	do {                                                                      \
		if ((size_t)(need) > (size_t)(cap))                               \
			fl_grow((void **)&(arr), &(cap), (need), sizeof(*(arr))); \
	} while (0)

/* ---- byte buffer ----
 * A growable, always NUL-terminated byte string (curl's dynbuf, git's
 * strbuf). Initialise with FL_BUF_INIT or fl_buf_init(); fl_buf_release()
 * frees and resets it; fl_buf_detach() hands the string to the caller. */
struct fl_buf {
	char *ptr;
	size_t len;
	size_t cap;
};
#define FL_BUF_INIT { NULL, 0, 0 }

void fl_buf_init(struct fl_buf *b);
void fl_buf_release(struct fl_buf *b);
void fl_buf_reset(struct fl_buf *b);
void fl_buf_add(struct fl_buf *b, const void *p, size_t n);
void fl_buf_addc(struct fl_buf *b, char c);
void fl_buf_adds(struct fl_buf *b, const char *s);
void fl_buf_printf(struct fl_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void fl_buf_vprintf(struct fl_buf *b, const char *fmt, va_list ap) __attribute__((format(printf, 2, 0)));
char *fl_buf_detach(struct fl_buf *b);

/* The last component of a path ("a/b/" -> "b/"): points into path. */
const char *fl_base_name(const char *path);

/* ---- hashing (hash.c) ----
 * 64-bit FNV-1a: for hash maps, digests that name a pattern set and
 * incident signatures. Not for anything an adversary may choose to
 * collide (bundle identity is SHA-256). Start with FL_FNV1A_INIT and
 * chain calls to hash several parts as one. */
/* Not the published offset basis (14695981039346656037): the first
 * version lost its last digit, and the pattern-set digests and incident
 * signatures stored since then are made with this one. Any basis works
 * as well for hashing. */
#define FL_FNV1A_INIT 1469598103934665603ull
uint64_t fl_fnv1a(uint64_t h, const void *p, size_t n);
/* One 64-bit word as a single step (not byte by byte): for keys made of
 * ids, where a step per byte would cost eight. */
uint64_t fl_fnv1a_word(uint64_t h, uint64_t v);
/* A key's hash for maps in memory, eight bytes a step where FNV-1a takes
 * one: keys hashed once per event or line. Its values are not stored
 * anywhere and may change between versions. */
uint64_t fl_hash_key(const void *p, size_t n);

/* ---- JSON writing ----
 * Appends s (n bytes, any bytes at all) as a JSON string literal with
 * quotes. Control characters are escaped, invalid UTF-8 becomes U+FFFD,
 * so log text can never break the document. */
void fl_json_str(struct fl_buf *b, const char *s, size_t n);
/* Appends a double as JSON; NaN and infinities become null. */
void fl_json_num(struct fl_buf *b, double v);
/* Appends an integer as JSON. */
void fl_json_int(struct fl_buf *b, int64_t v);

/* ---- JSON reading: the pieces its two readers share (ingest's
 * jsonval.c, analyze's fields.c) ----
 * The code point of the 4 hex digits at p (a \u escape's); false when
 * one is not a hex digit (a NUL among them included). */
bool fl_json_hex4(const char *p, uint32_t *cp);
/* Appends code point cp (< 0x110000) as UTF-8; a surrogate is encoded
 * as any other code point: a caller that wants U+FFFD passes that. */
void fl_utf8_put(struct fl_buf *b, uint32_t cp);

/* Copies s to out replacing invalid UTF-8 by U+FFFD and control
 * characters other than tab by U+FFFD too (for text and Markdown output). */
void fl_utf8_sanitize(struct fl_buf *out, const char *s, size_t n);

/* ---- SHA-256 for small inputs (ingest uses libcrypto for bundles) ---- */
struct fl_sha256 {
	uint32_t h[8];
	unsigned char blk[64];
	size_t n;
	uint64_t bits;
};
void fl_sha256_init(struct fl_sha256 *c);
void fl_sha256_add(struct fl_sha256 *c, const void *p, size_t n);
/* Finishes and writes 64 lower-case hex digits and a NUL. */
void fl_sha256_hex(struct fl_sha256 *c, char out[65]);

/* ---- time ----
 * Times are int64 microseconds since the Unix epoch, UTC. */
#define FL_TIME_NONE INT64_MIN

/* Days-from-civil: converts a proleptic Gregorian UTC date-time to µs.
 * Returns FL_TIME_NONE when a field is out of range. */
int64_t fl_time_from_civil(int year, int mon, int day, int hour, int min, int sec, int usec);
/* Breaks t into its UTC parts (month 1-12). */
void fl_time_to_civil(int64_t t, int *year, int *mon, int *day, int *hour, int *min, int *sec,
		      int *usec);
/* Year used for year-less stamps until the bundle's year is known; 2000 is
 * a leap year so that Feb 29 parses. fl_time_set_year() converts. */
#define FL_PROVISIONAL_YEAR 2000

/* The same month, day and time of day in another year (Feb 29 of a year
 * without one becomes Mar 1): fixes year-less stamps once the year is known. */
int64_t fl_time_set_year(int64_t t, int year);
/* Writes RFC 3339 with microseconds and Z, e.g. 2024-03-21T02:07:08.408271Z. */
void fl_time_format(struct fl_buf *b, int64_t t);

/* The wall clock now, µs. */
int64_t fl_now_us(void);

/* ISO 8601 as a person types it (options such as --since), the whole
 * string: 2026-11-30, 2026-11-30T14:02:07[.123][Z|+01:00] ('t' or a blank
 * may stand for 'T'). Sets *out (µs UTC) and, when whole_second is not
 * NULL, whether no fraction was given. Log stamps are read by
 * fl_parse_time() (attrib.h), which takes a stamp at the start of a line
 * in any of the shapes logs use. */
bool fl_time_parse_iso(const char *s, int64_t *out, bool *whole_second);
/* "HH:MM:SS[.frac]" at the start of s: returns the characters read (0:
 * none) and the parts; the fraction is cut to µs. */
int fl_time_scan_clock(const char *s, int *h, int *mi, int *sec, int *us);

#endif
