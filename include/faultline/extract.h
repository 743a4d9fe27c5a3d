/* SPDX-License-Identifier: MIT */
/*
 * extract.h - patterns as data, and matching them against attributed lines.
 *
 * Third stage. A pattern set is loaded once from the `.pat` files in
 * patterns/ (format: docs/patterns.md), compiled with PCRE2 JIT, and
 * indexed by a literal prefilter (every pattern's `literal:` strings,
 * found by a three-byte anchor), so a line that matches nothing costs one
 * pass over its bytes and no regex.
 * Only this module includes pcre2.h.
 *
 * Threads: a loaded struct fl_patterns is read-only and may be shared; a
 * struct fl_matcher (match data, open multi-line blocks) belongs to one
 * thread and one member at a time.
 *
 * Ownership: a struct fl_event handed to the callback, with its captures
 * and text, is borrowed for the duration of the callback.
 */
#ifndef FAULTLINE_EXTRACT_H
#define FAULTLINE_EXTRACT_H

#include "faultline/attrib.h"

enum fl_severity { FL_SEV_INFO = 0, FL_SEV_WARNING = 1, FL_SEV_ERROR = 2, FL_SEV_FATAL = 3 };
const char *fl_severity_name(enum fl_severity s);

enum fl_ftype { FL_FT_STR, FL_FT_INT, FL_FT_FLOAT, FL_FT_SIZE, FL_FT_HEX, FL_FT_TIME };

struct fl_pattern_info {
	const char *name;
	const char *kind;
	const char *doc;  /* may be NULL */
	const char *file; /* where it was defined */
	int line;
	int priority;
	enum fl_severity severity;
	bool block;
	/* `store: once`: a line every rank prints alike; the first with the
	 * same captures is stored, later ones in the run are only counted
	 * (events.copies) */
	bool once;
};

struct fl_patterns;

/* Loads every *.pat file of each directory, in order; a pattern in a later
 * directory replaces the one of the same name from an earlier one. A file
 * that cannot be parsed or a regex that does not compile fails the load,
 * with "file:line: message" in err. */
int fl_patterns_load(struct fl_patterns **out, const char *const *dirs, size_t ndirs,
		     struct fl_err *err);
void fl_patterns_free(struct fl_patterns *p);
size_t fl_patterns_count(const struct fl_patterns *p);
const struct fl_pattern_info *fl_patterns_info(const struct fl_patterns *p, size_t i);
/* A short hex digest of the loaded set (names, regexes, kinds), recorded
 * with every run so that a re-analysis can tell the patterns changed. */
const char *fl_patterns_digest(const struct fl_patterns *p);

/* ---- typed values ---- */
struct fl_value {
	enum fl_ftype type;
	bool ok;       /* false: the text did not parse as its type */
	int64_t i;     /* INT, SIZE (bytes), HEX, TIME (µs) */
	double f;      /* FLOAT (may be NaN or infinite) */
};
int fl_value_parse(enum fl_ftype type, const char *s, size_t n, struct fl_value *out);
enum fl_ftype fl_ftype_from_name(const char *name);
const char *fl_ftype_name(enum fl_ftype t);

/* ---- matching ---- */
#define FL_MAX_CAPS 48

struct fl_capture {
	const char *name;
	enum fl_ftype type;
	const char *ptr;
	size_t len;
};

struct fl_event {
	const struct fl_pattern_info *pat;
	uint64_t lineno;   /* first line of the event */
	uint64_t offset;
	unsigned nlines;   /* > 1 for block events */
	struct fl_attr attr; /* of the first line, canonical captures applied */
	const char *text;  /* the line, or the block's lines joined by '\n' (bounded) */
	size_t text_len;
	size_t ncap;
	struct fl_capture caps[FL_MAX_CAPS];
};

typedef int (*fl_event_cb)(void *ctx, const struct fl_event *ev);

struct fl_matcher;
struct fl_matcher *fl_matcher_new(const struct fl_patterns *p);
void fl_matcher_free(struct fl_matcher *m);

/* Matches one attributed line (a->body) of the current member. Calls cb
 * for each event completed by this line: a multi-line block that this line
 * closes, then the line's own event. Lines continuing an open block of the
 * same stream are absorbed into it. Returns cb's first non-zero result. */
int fl_matcher_line(struct fl_matcher *m, const struct fl_attr *a, const char *line, size_t len,
		    uint64_t lineno, uint64_t offset, fl_event_cb cb, void *ctx);
/* The literal prefilter on its own, so that a thread can run it ahead of
 * the matcher: marks in cand (fl_patterns_cand_words() words, zeroed by
 * the caller) the patterns worth trying on a line's body; false when
 * there are none. Reads only p: any number of threads may call it. */
size_t fl_patterns_cand_words(const struct fl_patterns *p);
bool fl_patterns_prefilter(const struct fl_patterns *p, const char *body, size_t n, uint64_t *cand);

/* The regexes of a line, run ahead of the matcher as well (the scanner
 * thread does): which candidate is the line's pattern depends on the line
 * alone; what it makes (an event, a block, nothing when an open block
 * absorbs the line) is the matcher's, in the line's turn. A finder is one
 * thread's: its own match data over the shared, read-only pattern set. */
struct fl_found_cap {
	uint32_t cap;      /* which of the pattern's captures */
	uint32_t off, len; /* where in the body */
};
struct fl_finder;
struct fl_finder *fl_finder_new(const struct fl_patterns *p);
void fl_finder_free(struct fl_finder *f);
/* Tries cand's patterns (as fl_patterns_prefilter() marked them; all
 * zero on return) in priority order on body: the first that matches, its
 * captures in caps (FL_MAX_CAPS room) and *ncap; -1 when none does. */
int32_t fl_finder_run(struct fl_finder *f, const char *body, size_t n, uint64_t *cand,
		      struct fl_found_cap *caps, size_t *ncap);
/* fl_matcher_line() for a line a finder ran on: pat and caps as
 * fl_finder_run() found them on a->body (pat -1: no pattern). */
int fl_matcher_line_found(struct fl_matcher *m, const struct fl_attr *a, const char *line,
			  size_t len, uint64_t lineno, uint64_t offset, int32_t pat,
			  const struct fl_found_cap *caps, size_t ncap, fl_event_cb cb, void *ctx);
/* True when the last line given to fl_matcher_line() made an event or
 * opened, continued or closed a block (its event may come later). */
bool fl_matcher_claimed(const struct fl_matcher *m);
/* Ends the member: emits blocks still open. */
int fl_matcher_flush(struct fl_matcher *m, fl_event_cb cb, void *ctx);

/* True when the body looks like an error (error, fail, exception...), for
 * `patterns test` to list lines that no pattern explains. */
bool fl_looks_like_error(const char *s, size_t n);

/* ---- checking: `faultline patterns check` ---- */
struct fl_check_result {
	size_t patterns;
	size_t examples;
	size_t failures;
	struct fl_buf report; /* "file:line: message\n" per failure */
};
/* Verifies every example, expectation and counter-example. */
void fl_patterns_check(const struct fl_patterns *p, struct fl_check_result *res);
/* Adds to res a failure for every kind of vocab.h that no pattern of p
 * produces and every field that none captures (for the whole set the
 * binary uses: `faultline patterns check` runs both checks). */
void fl_patterns_check_vocab(const struct fl_patterns *p, struct fl_check_result *res);
void fl_check_result_release(struct fl_check_result *res);

#endif
