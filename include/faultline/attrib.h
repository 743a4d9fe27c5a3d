/* SPDX-License-Identifier: MIT */
/*
 * attrib.h - who wrote a line, where, and when.
 *
 * Second stage. For every line it finds the global rank, local rank, host,
 * pid, NCCL device and time that the bundle tells, and the *body*: the
 * message left after wrapper prefixes (torchrun `[default3]:`, torch
 * `[rank3]:`, srun `3: `, pdsh `host: `, mpirun `[1,3]<stderr>:`, Ray
 * `(Worker pid=N) `, Metaflow, CRI; docs/internals/attrib.md) and one
 * header (timestamps of every common format, NCCL's `host:pid:tid [dev] `,
 * glog/c10 `E0321 02:07:08.408 …] `) are peeled off. Patterns match the
 * body. Sources, from least to most specific: the member path, then the
 * line's own prefixes; a line prefix overrides the path and the
 * disagreement is counted.
 *
 * What the bundle does not say stays unknown (-1 / NULL / FL_TIME_NONE).
 * No external library: prefixes are parsed by hand, which is several times
 * faster than a regex per line and keeps the hot path allocation-free.
 *
 * Ownership: struct fl_attr points into the line it was computed from or
 * into the fl_attr_file; both views live until the next call.
 */
#ifndef FAULTLINE_ATTRIB_H
#define FAULTLINE_ATTRIB_H

#include "faultline/util.h"

enum fl_ts_kind {
	FL_TS_NONE = 0,     /* no time known */
	FL_TS_FULL = 1,     /* the line carries a complete date and time */
	FL_TS_YEARLESS = 2, /* month/day without year; year taken from the bundle */
	FL_TS_INHERITED = 3,/* no stamp: the previous stamped line's time in this file */
	FL_TS_UPTIME = 4,   /* dmesg seconds since boot, anchored to wall time */
};

/* Attributes of a member taken from its path (torchrun log dirs, rankN.log,
 * node07/, pod names, NCCL_DEBUG_FILE names). */
struct fl_path_attr {
	int64_t rank;
	int64_t local_rank;
	int64_t pid;
	char host[128]; /* "" when unknown */
	int attempt;    /* torchrun restart count, -1 unknown */
};

void fl_attr_path(const char *member_path, struct fl_path_attr *out);

struct fl_attr {
	int64_t rank;       /* global rank, -1 */
	int64_t local_rank; /* -1 */
	int64_t pid;        /* -1 */
	int dev;            /* NCCL cudaDev, -1 */
	int32_t world;      /* the world size a prefix states with the rank, -1 */
	const char *host;   /* NULL when unknown */
	size_t host_len;
	int64_t ts;         /* UTC µs or FL_TIME_NONE */
	enum fl_ts_kind ts_kind;
	double uptime;      /* dmesg seconds, when the line had an uptime stamp; else -1 */
	double delta;       /* dmesg --reltime `[  +0.011147]`: seconds after the previous line; else -1 */
	char level;         /* glog severity letter (F, E, W, I) or 0 */
	const char *body;   /* the message: inside the line, not always up to its end
			     * (the right side of a rich box is cut off) */
	size_t body_len;
	bool conflict;      /* a line prefix disagreed with the path */
	const char *cri_msg; /* a containerd/CRI record: where its message starts in the
			      * line (before any prefix of the program's own); else NULL */
	bool cri_partial;   /* that record is partial (`P`): the next record continues
			     * its message */
};

/* Bundle-wide time context: the year for year-less stamps. */
struct fl_attr_bundle {
	int year;            /* latest year seen in a full stamp; 0 unknown */
	int64_t year_end;    /* start of the year after `year`; 0 initially */
	uint64_t yearless;   /* lines stamped with a provisional year */
};

struct fl_attr_file;

struct fl_attr_file *fl_attr_file_new(const char *member_path, struct fl_attr_bundle *bundle);
void fl_attr_file_free(struct fl_attr_file *f);
const struct fl_path_attr *fl_attr_file_path(const struct fl_attr_file *f);

/* Attributes one line (borrowed bytes) of the file. */
void fl_attr_line(struct fl_attr_file *f, const char *line, size_t len, struct fl_attr *out);

/* The length of a log collector's column at the start of a line, 0 when
 * there is none: `kubectl logs --timestamps`' or `docker logs -t`' RFC 3339
 * stamp and its one space (and a CRI record's `stdout F `), journald's
 * stamp, host and `tag[pid]: `, docker compose's `<service>-<n>  | `.
 * The collector put it in front of every physical line, so a line the
 * program wrapped carries one inside it; fl_linesplit looks past it
 * (fl_linesplit_set_column). */
size_t fl_attr_column(const char *s, size_t n);

/* Wall time of boot for this file's dmesg stamps, FL_TIME_NONE if never
 * seen (a line carrying both a wall time and an uptime anchors it). */
int64_t fl_attr_file_boot(const struct fl_attr_file *f);

/* ---- timestamp parsing (exposed for typed captures and tests) ---- */

/* Parses a timestamp at the start of s. Returns the bytes consumed (0 if
 * none) and fills *ts / *kind. Knows ISO 8601 (zone, fraction, T or space,
 * torchelastic's `_`), Python logging `,mmm`, `MM/DD/YYYY HH:MM:SS`,
 * bracketed forms, glog
 * `I1203 12:00:00.123456`, syslog `Dec  3 12:00:00`, dmesg -T
 * `Fri Aug 30 11:43:09 2024`, epoch seconds. year is used for year-less
 * forms (0: FL_PROVISIONAL_YEAR). */
size_t fl_parse_time(const char *s, size_t n, int year, int64_t *ts, enum fl_ts_kind *kind);

#endif
