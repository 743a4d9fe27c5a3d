/* SPDX-License-Identifier: MIT */
/*
 * prefix.c - the wrappers and headers in front of a log message.
 *
 * Launchers and loggers stack prefixes: a log viewer's `[80746] `, then
 * torchrun's `[default3]:`, then torch's `[rank3]:`, then a c10 header
 * `[E321 02:07:08.408271257 ProcessGroupNCCL.cpp:607] `, or NCCL's
 * `[2025-01-02 10:00:00] node3:123:456 [1] `. fl_prefix_one() recognises
 * one of them at a time; attrib.c calls it until none is left. Each
 * recogniser is a few byte comparisons, no regex, so a line that has no
 * prefix at all costs a handful of branches.
 * Tested by: tests/unit/test_attrib.c
 */
#include "attrib_int.h"

#include <string.h>

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static bool is_alpha(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static size_t skip_spaces(const char *s, size_t n, size_t i)
{
	while (i < n && s[i] == ' ')
		i++;
	return i;
}

/* Reads a decimal integer of at most maxd digits at s[*i]. */
static bool read_int(const char *s, size_t n, size_t *i, int maxd, int64_t *out)
{
	size_t j = *i;
	int64_t v = 0;
	while (j < n && is_digit(s[j]) && (int)(j - *i) < maxd)
		v = v * 10 + (s[j++] - '0');
	if (j == *i || (j < n && is_digit(s[j])))
		return false;
	*i = j;
	*out = v;
	return true;
}

static void set_time(struct fl_attr *a, int64_t ts, enum fl_ts_kind kind)
{
	if (a->ts_kind == FL_TS_NONE || (a->ts_kind == FL_TS_YEARLESS && kind == FL_TS_FULL)) {
		a->ts = ts;
		a->ts_kind = kind;
	}
}

/* `[rank3]:` (torch, global) or `[default3]:` (torchrun --tee, local). */
static size_t role_tag(const char *s, size_t n, struct fl_attr *a)
{
	size_t i = 1;
	while (i < n && (is_alpha(s[i]) || s[i] == '_'))
		i++;
	size_t word = i - 1;
	int64_t v;
	if (word == 0 || !read_int(s, n, &i, 7, &v) || i + 1 >= n || s[i] != ']' || s[i + 1] != ':')
		return 0;
	if (word == 4 && memcmp(s + 1, "rank", 4) == 0)
		a->rank = v;
	else
		a->local_rank = v;
	i += 2;
	if (i < n && s[i] == ' ')
		i++;
	return i;
}

/* `[pod/<name>/<container>] ` from `kubectl logs --prefix`. */
static size_t kubectl_prefix(const char *s, size_t n, struct fl_attr *a)
{
	if (n < 8 || memcmp(s, "[pod/", 5) != 0)
		return 0;
	const char *slash = memchr(s + 5, '/', n - 5);
	const char *close = memchr(s + 5, ']', n - 5);
	if (!slash || !close || slash > close)
		return 0;
	a->host = s + 5;
	a->host_len = (size_t)(slash - (s + 5));
	return skip_spaces(s, n, (size_t)(close - s) + 1);
}

/* c10/glog header, bracketed `[E321 02:07:08.408271257 file.cpp:607] ` or
 * bare `E0325 20:57:27.620000 2606 path/api.py:869] `, and the old
 * `[E ProcessGroupNCCL.cpp:475] `. */
static size_t glog(const char *s, size_t n, int year, struct fl_attr *a)
{
	bool br = s[0] == '[';
	size_t i = br ? 1 : 0;
	if (i >= n || (s[i] != 'F' && s[i] != 'E' && s[i] != 'W' && s[i] != 'I' && s[i] != 'V'))
		return 0;
	char level = s[i++];
	int64_t ts = FL_TIME_NONE;
	if (br && i < n && s[i] == ' ') {
		/* old form: no time at all */
	} else {
		size_t d0 = i;
		while (i < n && is_digit(s[i]) && i - d0 < 5)
			i++;
		size_t nd = i - d0;
		if ((nd != 3 && nd != 4) || i >= n || s[i] != ' ')
			return 0;
		int mo, day;
		fl_digits(s + d0, n - d0, nd - 2, &mo);
		fl_digits(s + d0 + nd - 2, n - d0 - nd + 2, 2, &day);
		i++;
		int h, mi, sec, us, fd;
		if (!fl_parse_hms(s + i, n - i, &h, &mi, &sec))
			return 0;
		i += 8;
		i += fl_parse_frac(s + i, n - i, &us, &fd);
		/* c10's 9-digit fraction is CLOCK_MONOTONIC nanoseconds, not the
		 * wall clock's: only the whole seconds are true. */
		if (fd == 9)
			us = 0;
		ts = fl_time_from_civil(year ? year : FL_PROVISIONAL_YEAR, mo, day, h, mi,
					sec > 59 ? 59 : sec, us);
		if (ts == FL_TIME_NONE)
			return 0;
		if (!br) { /* bare glog: thread or process id follows */
			int64_t pid;
			if (i >= n || s[i] != ' ')
				return 0;
			i++;
			if (!read_int(s, n, &i, 10, &pid))
				return 0;
			a->pid = pid;
		}
	}
	if (i >= n || s[i] != ' ')
		return 0;
	/* `file:line]` ends the header, within a bounded distance. */
	size_t lim = n < i + 400 ? n : i + 400;
	const char *close = memchr(s + i, ']', lim - i);
	if (!close || close == s + i + 1)
		return 0;
	const char *colon = memchr(s + i, ':', (size_t)(close - (s + i)));
	if (!colon || !is_digit(close[-1]))
		return 0;
	a->level = level;
	if (ts != FL_TIME_NONE)
		set_time(a, ts, year ? FL_TS_FULL : FL_TS_YEARLESS);
	return skip_spaces(s, n, (size_t)(close - s) + 1);
}

/* NCCL: `host:pid:tid [dev] ` (and `host:pid:tid NCCL CALL`). */
static size_t nccl_prefix(const char *s, size_t n, struct fl_attr *a)
{
	size_t i = 0;
	while (i < n && s[i] != ':' && s[i] != ' ' && s[i] != '\t' && i < 256)
		i++;
	if (i == 0 || i >= n || s[i] != ':')
		return 0;
	size_t host_len = i++;
	int64_t pid, tid, dev = -1;
	if (!read_int(s, n, &i, 10, &pid) || i >= n || s[i] != ':')
		return 0;
	i++;
	if (!read_int(s, n, &i, 10, &tid) || i >= n || s[i] != ' ')
		return 0;
	i++;
	if (i < n && s[i] == '[') {
		size_t j = i + 1;
		if (!read_int(s, n, &j, 4, &dev) || j >= n || s[j] != ']')
			return 0;
		i = j + 1;
		if (i < n && s[i] == ' ')
			i++;
	} else if (!(n - i >= 5 && memcmp(s + i, "NCCL ", 5) == 0)) {
		return 0;
	}
	a->host = s;
	a->host_len = host_len;
	a->pid = pid;
	a->dev = (int)dev;
	return i;
}

/* `[ 1843.308145] ` dmesg uptime. */
static size_t dmesg_uptime(const char *s, size_t n, struct fl_attr *a)
{
	size_t i = skip_spaces(s, n, 1);
	size_t d0 = i;
	while (i < n && is_digit(s[i]))
		i++;
	if (i == d0 || i - d0 > 10 || i >= n || s[i] != '.')
		return 0;
	size_t f0 = ++i;
	while (i < n && is_digit(s[i]))
		i++;
	if (i - f0 != 6 || i >= n)
		return 0;
	size_t frac_end = i;
	if (s[i] == ' ' && i + 1 < n && s[i + 1] == '<') {
		/* dmesg -d: `[17159596.699613 <    0.000000>] `, the delta after */
		const char *gt = memchr(s + i, '>', n - i < 24 ? n - i : 24);
		if (!gt)
			return 0;
		i = (size_t)(gt - s) + 1;
	}
	if (i >= n || s[i] != ']')
		return 0;
	double secs = 0;
	for (size_t k = d0; k < f0 - 1; k++)
		secs = secs * 10 + (s[k] - '0');
	double frac = 0, scale = 1;
	for (size_t k = f0; k < frac_end; k++) {
		frac = frac * 10 + (s[k] - '0');
		scale *= 10;
	}
	a->uptime = secs + frac / scale;
	return skip_spaces(s, n, i + 1);
}

/* sglang's parallel coordinates after the time inside the bracket,
 * `[2025-08-29 20:35:50 DP2 TP2 EP2 PP0]`: s[i] is the space before them.
 * The TP rank is the global rank only when no data-parallel replica and no
 * later pipeline stage is named. Returns the index of the `]`, or i
 * unchanged when the bracket holds something else. */
static size_t coords(const char *s, size_t n, size_t i, struct fl_attr *a)
{
	int64_t tp = -1, pp = -1;
	bool dp = false;
	size_t j = i;
	while (j + 3 < n && s[j] == ' ' && s[j + 1] >= 'A' && s[j + 1] <= 'Z' &&
	       s[j + 2] == 'P') {
		char c = s[j + 1];
		size_t k = j + 3;
		int64_t v;
		if (!read_int(s, n, &k, 6, &v))
			return i;
		if (c == 'T')
			tp = v;
		else if (c == 'P')
			pp = v;
		else if (c == 'D')
			dp = true;
		j = k;
	}
	if (j == i || j >= n || s[j] != ']')
		return i;
	if (tp >= 0 && !dp && pp <= 0)
		a->rank = tp;
	return j;
}

/* containerd / CRI-O log files: `<RFC 3339> stdout F <message>` (P: a
 * partial line that the next record continues). The stamp is gone; this
 * is what is left of the record header. */
static inline size_t cri_stream(const char *s, size_t n)
{
	if (n < 10 || memcmp(s, "std", 3) != 0 || s[6] != ' ' || (s[7] != 'F' && s[7] != 'P') ||
	    s[8] != ' ' || (memcmp(s + 3, "out", 3) != 0 && memcmp(s + 3, "err", 3) != 0))
		return 0;
	return 9;
}

/* SageMaker's mpirun tag `[1,mpirank:3,algo-2]`: the rank after
 * `mpirank:`, then the host (its offset in *host). Returns the rank's
 * offset, 0 if not this form. */
static size_t sagemaker_rank(const char *s, size_t end, size_t *host)
{
	static const char key[] = ",mpirank:";
	for (size_t k = 1; k + sizeof(key) - 1 < end; k++) {
		if (memcmp(s + k, key, sizeof(key) - 1) != 0)
			continue;
		size_t r = k + sizeof(key) - 1, h = r;
		while (h < end && is_digit(s[h]))
			h++;
		if (h == r || h >= end || s[h] != ',' || h + 1 == end)
			return 0;
		*host = h + 1;
		return r;
	}
	return 0;
}

/* `rank/world` at s[i] and then `close` and a blank, the rank below the
 * world: both are the line's. Returns the index after the blank, or 0. */
static size_t rank_of_world(const char *s, size_t n, size_t i, char close, struct fl_attr *a)
{
	int64_t rank, world;
	if (!read_int(s, n, &i, 7, &rank) || i >= n || s[i++] != '/' ||
	    !read_int(s, n, &i, 7, &world) || i + 1 >= n || s[i] != close || s[i + 1] != ' ' ||
	    rank >= world)
		return 0;
	a->rank = rank;
	a->world = (int32_t)world;
	return i + 2;
}

/* espnet2's prefix on a distributed run, `[host:rank/world_size] `
 * (espnet2/tasks/abs_task.py: the short host name, the global rank and
 * the world size), before its own `%(asctime)s (module:line) LEVEL:`. */
static size_t espnet_tag(const char *s, size_t n, struct fl_attr *a)
{
	size_t i = 1;
	while (i < n && i < 80 && (is_alpha(s[i]) || is_digit(s[i]) || s[i] == '-' || s[i] == '_'))
		i++;
	if (i == 1 || i >= n || s[i] != ':')
		return 0;
	size_t host_end = i++;
	if (!(i = rank_of_world(s, n, i, ']', a)))
		return 0;
	a->host = s + 1;
	a->host_len = host_end - 1;
	return i;
}

/* Open MPI `--tag-output` `[1,3]<stderr>:`, PRRTE's `--output tag`
 * `[prterun-f5n18-100629@1,3]<stdout>: `, horovodrun's `[3]<stderr>:` and
 * SageMaker's `[1,mpirank:3,algo-2]<stderr>:`: the number before `]` (or
 * after `mpirank:`) is the rank in MPI_COMM_WORLD. */
static size_t mpi_tag(const char *s, size_t n, struct fl_attr *a)
{
	const char *close = memchr(s, ']', n < 96 ? n : 96);
	if (!close)
		return 0;
	size_t end = (size_t)(close - s), j = end;
	while (j > 1 && is_digit(s[j - 1]))
		j--;
	size_t sm = 0, host = 0;
	if ((j == end || (s[j - 1] != ',' && s[j - 1] != '[')) && !(sm = sagemaker_rank(s, end, &host)))
		return 0;
	if (sm)
		j = sm;
	size_t i = end + 1;
	if (n - i < 10 || memcmp(s + i, "<std", 4) != 0)
		return 0;
	i += 4;
	if (memcmp(s + i, "out>:", 5) == 0 || memcmp(s + i, "err>:", 5) == 0)
		i += 5;
	else if (n - i >= 6 && memcmp(s + i, "diag>:", 6) == 0)
		i += 6;
	else
		return 0;
	int64_t r;
	if (!read_int(s, n, &j, 7, &r))
		return 0;
	a->rank = r;
	if (host) {
		a->host = s + host;
		a->host_len = end - host;
	}
	/* PRRTE puts a space after the tag; the older tags do not, and a
	 * space there is the message's own indentation. */
	bool prrte = memchr(s, '@', end) != NULL;
	return prrte && i < n && s[i] == ' ' ? i + 1 : i;
}

static char level_letter(const char *s, size_t len)
{
	if (len == 8 && memcmp(s, "CRITICAL", 8) == 0)
		return 'F';
	if (len == 5 && memcmp(s, "DEBUG", 5) == 0)
		return 0;
	return (len == 4 || len == 5 || len == 7) && (s[0] == 'I' || s[0] == 'W' || s[0] == 'E') ?
		       s[0] : 0;
}

/* nanotron's `[INFO|DP=0|PP=1|TP=0]: ` and `[WARNING|DP=0|PP=0|TP=0|ip-26-0-161-142]: `:
 * level, parallel coordinates and, on multi-node runs, the host. Without
 * the group sizes only the all-zero coordinate names a global rank (0). */
static size_t level_coords(const char *s, size_t n, struct fl_attr *a)
{
	size_t i = 1;
	while (i < n && i < 10 && s[i] >= 'A' && s[i] <= 'Z')
		i++;
	size_t lvl = i - 1;
	if (lvl < 4 || i >= n || s[i] != '|')
		return 0;
	bool zero = true;
	int ncoords = 0;
	size_t h0 = 0, h1 = 0;
	while (i < n && s[i] == '|') {
		size_t k = i + 1;
		int64_t v;
		if (k + 3 < n && s[k] >= 'A' && s[k] <= 'Z' && s[k + 1] == 'P' && s[k + 2] == '=') {
			k += 3;
			if (!read_int(s, n, &k, 6, &v))
				return 0;
			zero = zero && v == 0;
			ncoords++;
		} else {
			h0 = k;
			while (k < n && k - h0 < 128 && s[k] != '|' && s[k] != ']' && s[k] != ' ')
				k++;
			h1 = k;
		}
		i = k;
	}
	if (!ncoords || i + 1 >= n || s[i] != ']' || s[i + 1] != ':')
		return 0;
	a->level = level_letter(s + 1, lvl);
	if (zero)
		a->rank = 0;
	if (h1 > h0) {
		a->host = s + h0;
		a->host_len = h1 - h0;
	}
	return skip_spaces(s, n, i + 2);
}

/* icefall's logger on a distributed run (icefall/utils.py setup_logger,
 * copied by other k2-fsa recipes and beyond), after its `%(asctime)s`:
 * `LEVEL [file.py:line] (rank/world_size) `. The rank is global. */
static size_t k2_tag(const char *s, size_t n, struct fl_attr *a)
{
	size_t i = 0;
	while (i < n && i < 9 && s[i] >= 'A' && s[i] <= 'Z')
		i++;
	size_t lvl = i;
	if (lvl < 4 || i + 2 >= n || s[i] != ' ' || s[i + 1] != '[')
		return 0;
	size_t lim = n < 256 ? n : 256;
	const char *close = memchr(s + i + 2, ']', lim - (i + 2));
	if (!close || !is_digit(close[-1]) || !memchr(s + i + 2, ':', (size_t)(close - s) - (i + 2)))
		return 0;
	i = (size_t)(close - s) + 1;
	if (i + 2 >= n || s[i] != ' ' || s[i + 1] != '(' || !(i = rank_of_world(s, n, i + 2, ')', a)))
		return 0;
	a->level = level_letter(s, lvl);
	return i;
}

/* Metaflow's task prefix `[7637/hello/92219 (pid 66823)] `, after its own
 * timestamp, and the AWS Batch job id `[24616654-4aca-42ad-9d86-c1133f519cb9] `
 * it adds for remote tasks. */
static size_t metaflow_task(const char *s, size_t n, struct fl_attr *a)
{
	const char *close = memchr(s, ']', n < 200 ? n : 200);
	if (!close || close - s < 12 || close[-1] != ')')
		return 0;
	const char *pid = memmem(s, (size_t)(close - s), " (pid ", 6);
	if (!pid || !memchr(s, '/', (size_t)(pid - s)))
		return 0;
	size_t i = (size_t)(pid - s) + 6;
	int64_t v;
	if (!read_int(s, n, &i, 10, &v) || s + i + 1 != close)
		return 0;
	a->pid = v;
	i = skip_spaces(s, n, i + 2);
	if (n - i > 38 && s[i] == '[' && s[i + 37] == ']' && s[i + 9] == '-' && s[i + 14] == '-')
		i = skip_spaces(s, n, i + 38);
	return i;
}

/* dmesg --reltime (`dmesg -e`): `[Mar16 11:46] ` when the minute changes,
 * then `[  +0.011147] ` - seconds since the previous message. */
static size_t dmesg_reltime(const char *s, size_t n, int year, struct fl_attr *a)
{
	size_t i = skip_spaces(s, n, 1);
	if (i < n && s[i] == '+') {
		size_t d0 = ++i;
		while (i < n && is_digit(s[i]))
			i++;
		if (i == d0 || i - d0 > 9 || i >= n || s[i] != '.')
			return 0;
		size_t f0 = ++i;
		while (i < n && is_digit(s[i]))
			i++;
		if (i - f0 != 6 || i >= n || s[i] != ']')
			return 0;
		double secs = 0;
		for (size_t k = d0; k < i; k++)
			if (k != f0 - 1)
				secs = secs * 10 + (s[k] - '0');
		a->delta = secs / 1e6;
		return skip_spaces(s, n, i + 1);
	}
	int mo = fl_month_from_name(s + 1, n - 1), day, h, mi;
	if (!mo || n < 14)
		return 0;
	i = 4;
	if (s[i] == ' ')
		i++;
	size_t d0 = i;
	while (i < n && is_digit(s[i]) && i - d0 < 2)
		i++;
	if (i == d0 || i + 7 > n || s[i] != ' ' || s[i + 3] != ':' || s[i + 6] != ']')
		return 0;
	fl_digits(s + d0, n - d0, i - d0, &day);
	if (!fl_digits(s + i + 1, n - i - 1, 2, &h) || !fl_digits(s + i + 4, n - i - 4, 2, &mi))
		return 0;
	int64_t ts = fl_time_from_civil(year ? year : FL_PROVISIONAL_YEAR, mo, day, h, mi, 0, 0);
	if (ts == FL_TIME_NONE)
		return 0;
	set_time(a, ts, year ? FL_TS_FULL : FL_TS_YEARLESS);
	return skip_spaces(s, n, i + 7);
}

/* Whether s[0..end) is an RFC 3339 stamp with its zone (`...T12:00:00.1Z`,
 * `...+02:00`): a collector's (kubectl --timestamps, docker logs -t, CI
 * runners), put one space before the line it stamps, whose own
 * indentation (a traceback's) is the line's. */
static bool collector_stamp(const char *s, size_t end)
{
	if (end < 20 || s[10] != 'T')
		return false;
	return s[end - 1] == 'Z' ||
	       (end >= 26 && (s[end - 6] == '+' || s[end - 6] == '-') && s[end - 3] == ':');
}

/* A bracketed or bare timestamp; after a syslog stamp the host and the
 * `tag[pid]: ` that follow it. */
static size_t stamp(const char *s, size_t n, int year, struct fl_attr *a)
{
	bool br = s[0] == '[';
	size_t i = br ? 1 : 0;
	int64_t ts;
	enum fl_ts_kind kind;
	size_t used = fl_parse_time(s + i, n - i, year, &ts, &kind);
	if (!used)
		return 0;
	bool syslog = !is_digit(s[i]);
	i += used;
	if (br) {
		if (i < n && s[i] == ' ')
			i = coords(s, n, i, a);
		if (i >= n || s[i] != ']')
			return 0;
		i++;
	} else if (i < n && s[i] != ' ' && s[i] != '|' && s[i] != ']' && s[i] != ':' &&
		   s[i] != '\t') {
		if (s[i] != '[' || !syslog)
			return 0;
		/* Open MPI's --timestamp-output: `Mon Sep 24 14:28:29 2018[1,0]<stderr>:`,
		 * the rank tag glued to the stamp's year */
		set_time(a, ts, kind);
		return i;
	}
	set_time(a, ts, kind);
	if (!br && i + 1 < n && s[i] == ' ' && s[i + 1] == ' ' && collector_stamp(s, i))
		i++;
	else
		while (i < n && (s[i] == ' ' || s[i] == '\t'))
			i++;
	size_t cri = br ? 0 : cri_stream(s + i, n - i);
	if (cri) {
		a->cri_msg = s + i + cri;
		a->cri_partial = s[i + 7] == 'P';
		i += cri;
	}
	if (syslog && !br) {
		/* `Dec  3 12:00:00 node07 kernel: ` */
		size_t h0 = i;
		while (i < n && s[i] != ' ' && s[i] != ':')
			i++;
		if (i < n && s[i] == ' ' && i > h0) {
			a->host = s + h0;
			a->host_len = i - h0;
			size_t t0 = ++i;
			while (i < n && s[i] != ' ' && s[i] != ':')
				i++;
			if (i + 1 < n && s[i] == ':' && s[i + 1] == ' ' && i > t0)
				return i + 2;
			return t0;
		}
		return h0;
	}
	if (i + 2 < n && s[i] == '-' && s[i + 1] == ' ')
		i += 2;
	return i;
}

/* `(RayTrainWorker pid=123, ip=10.0.0.1) ` */
static size_t ray_prefix(const char *s, size_t n, struct fl_attr *a)
{
	const char *close = memchr(s, ')', n < 160 ? n : 160);
	if (!close)
		return 0;
	size_t end = (size_t)(close - s);
	/* `(pid=123)`, a task rather than an actor, has no name before it */
	const char *pid = n > 5 && memcmp(s + 1, "pid=", 4) == 0 ? s : memmem(s, end, " pid=", 5);
	if (!pid)
		return 0;
	size_t i = (size_t)(pid - s) + 5;
	int64_t v;
	if (!read_int(s, n, &i, 10, &v))
		return 0;
	a->pid = v;
	const char *ip = memmem(s, end, "ip=", 3);
	if (ip) {
		a->host = ip + 3;
		a->host_len = (size_t)(close - (ip + 3));
	}
	return skip_spaces(s, n, end + 1);
}

/* pdsh / deepspeed / mpirun `host: ` with a host-like token: an IPv4
 * address, or lower-case letters, digits, '-' and '.' with at least one
 * letter and one digit (so `RuntimeError: ` and `srun: ` are not hosts).
 * `python3: can't open file` is the interpreter naming itself. */
static size_t host_colon(const char *s, size_t n, struct fl_attr *a)
{
	size_t i = 0;
	int letters = 0, digits = 0, dots = 0;
	while (i < n && i < 64) {
		char c = s[i];
		if (c >= 'a' && c <= 'z')
			letters++;
		else if (is_digit(c))
			digits++;
		else if (c == '.')
			dots++;
		else if (c != '-')
			break;
		i++;
	}
	if (i == 0 || i + 1 >= n || s[i] != ':' || s[i + 1] != ' ' || !digits)
		return 0;
	if (!letters && !(dots == 3 && s[0] != '.'))
		return 0;
	if (i >= 7 && memcmp(s, "python", 6) == 0)
		return 0;
	a->host = s;
	a->host_len = i;
	return i + 2;
}

/* `srun --label`: `  3: ` */
static size_t srun_label(const char *s, size_t n, struct fl_attr *a)
{
	size_t i = skip_spaces(s, n, 0);
	int64_t v;
	if (!read_int(s, n, &i, 6, &v) || i + 1 >= n || s[i] != ':' || s[i + 1] != ' ')
		return 0;
	a->rank = v;
	return i + 2;
}

/* `docker compose logs`: the container, `<service>-<n>` (`_<n>` before
 * Compose v2; Compose's names are lower case), padded to the widest, then
 * `| `. The container is the host, as a pod is. The number is required,
 * so a table's row (`name  | value`) is not taken for one. */
static inline size_t compose_prefix(const char *s, size_t n, struct fl_attr *a)
{
	size_t i = 0;
	while (i < n && i < 64 &&
	       ((s[i] >= 'a' && s[i] <= 'z') || is_digit(s[i]) || s[i] == '-' || s[i] == '_' ||
		s[i] == '.'))
		i++;
	size_t end = i, d = i;
	while (d > 0 && is_digit(s[d - 1]))
		d--;
	if (d == end || d < 2 || (s[d - 1] != '-' && s[d - 1] != '_'))
		return 0;
	i = skip_spaces(s, n, end);
	if (i == end || i + 1 >= n || s[i] != '|' || s[i + 1] != ' ')
		return 0;
	a->host = s;
	a->host_len = end;
	return i + 2;
}

/* Slurm built with several slurmd per host names its step daemon after the
 * node: `slurmstepd-irene1112: error: ...`. The node is the host. */
static size_t slurmstepd_node(const char *s, size_t n, struct fl_attr *a)
{
	if (n < 14 || memcmp(s, "slurmstepd-", 11) != 0)
		return 0;
	size_t i = 11;
	while (i < n && i < 11 + 64 && s[i] != ':' && s[i] != ' ')
		i++;
	if (i == 11 || i + 1 >= n || s[i] != ':' || s[i + 1] != ' ')
		return 0;
	a->host = s + 11;
	a->host_len = i - 11;
	return i + 2;
}

/* A scheduler's role/replica tag in front of a worker's output: TorchX
 * `ray/0 (CommandActor pid=494377) `, NeMo-Run `llama32_1b/0 I0601 ...`.
 * Only taken when another prefix follows, so a path at the start of a
 * message is left alone. */
static size_t replica_tag(const char *s, size_t n)
{
	size_t i = 0;
	while (i < n && i < 64 && (is_alpha(s[i]) || is_digit(s[i]) || s[i] == '_' || s[i] == '-'))
		i++;
	if (i == 0 || i >= n || s[i] != '/')
		return 0;
	int64_t v;
	size_t j = i + 1;
	if (!read_int(s, n, &j, 6, &v) || j + 2 >= n || s[j] != ' ')
		return 0;
	char c = s[j + 1];
	if (c == '(' || ((c == 'I' || c == 'W' || c == 'E' || c == 'F') && is_digit(s[j + 2])))
		return j + 1;
	return 0;
}

/* A tqdm bar that a message was glued to: tqdm ends each update with a
 * carriage return, not a newline, so the next line a process logs
 * follows its last bar (` 94%|████▉ | 837/888 [9:42:50<34:08, 40.17s/it]`
 * then `[rank7]:[E ProcessGroupNCCL.cpp:1182] ...`: axolotl#1473,
 * LLaMA-Factory#2902 and #8261). Peeled only when a bracket
 * follows the bar's own, so a bar alone (whose postfix a pattern may
 * read) stays the message. tqdm pads the percentage to three places, so
 * a bar that starts the line has its `%|` at [3]: TQDM_AT() turns away
 * every other line starting with a digit or a blank before any call. */
#define TQDM_BAR_MAX 4096
#define TQDM_AT(s, n) ((n) > 5 && (s)[3] == '%' && (s)[4] == '|')

static size_t tqdm_bar(const char *s, size_t n)
{
	size_t i = skip_spaces(s, n, 0);
	int64_t pct;
	if (!read_int(s, n, &i, 3, &pct) || i + 1 >= n || s[i] != '%' || s[i + 1] != '|')
		return 0;
	size_t lim = n < TQDM_BAR_MAX ? n : TQDM_BAR_MAX;
	const char *bar_end = memchr(s + i + 2, '|', lim - (i + 2));
	if (!bar_end)
		return 0;
	i = (size_t)(bar_end - s) + 1;
	int64_t v;
	i = skip_spaces(s, n, i);
	if (!read_int(s, n, &i, 12, &v) || i >= lim || s[i] != '/')
		return 0;
	const char *open = memchr(s + i, '[', lim - i);
	const char *close = open ? memchr(open, ']', lim - (size_t)(open - s)) : NULL;
	if (!close || (size_t)(close - s) + 1 >= n || close[1] != '[')
		return 0;
	return (size_t)(close - s) + 1;
}

size_t fl_attr_column(const char *s, size_t n)
{
	struct fl_attr a = { .ts_kind = FL_TS_NONE };
	if (n < 3)
		return 0;
	if (s[0] >= 'a' && s[0] <= 'z')
		return compose_prefix(s, n, &a);
	if (is_digit(s[0])) {
		const char *sp = memchr(s, ' ', n < 40 ? n : 40);
		size_t i = sp ? (size_t)(sp - s) : 0;
		int64_t ts;
		enum fl_ts_kind kind;
		if (!collector_stamp(s, i) || fl_parse_time(s, i, 0, &ts, &kind) != i)
			return 0;
		i++;
		return i + cri_stream(s + i, n - i);
	}
	/* journald's `Dec 06 04:23:37.123456 node07 python3[4242]: `: a
	 * syslog stamp counts only with its host and tag. */
	size_t used = is_alpha(s[0]) ? stamp(s, n, 0, &a) : 0;
	return used > 2 && s[used - 2] == ':' && s[used - 1] == ' ' ? used : 0;
}

size_t fl_prefix_one(const char *s, size_t n, bool first, int year, struct fl_attr *a)
{
	if (n < 3)
		return 0;
	size_t used;
	switch (s[0]) {
	case '[':
		/* torchtitan's tag first: on its jobs it starts nearly every
		 * line, and no other prefix can start with it. */
		if (n > 8 && memcmp(s, "[titan] ", 8) == 0)
			return 8;
		if ((used = role_tag(s, n, a)) || (used = kubectl_prefix(s, n, a)) ||
		    (used = glog(s, n, year, a)) || (used = stamp(s, n, year, a)) ||
		    (used = dmesg_uptime(s, n, a)))
			return used;
		/* Rarer shapes, tried only when the common ones failed. */
		if ((used = mpi_tag(s, n, a)) || (used = espnet_tag(s, n, a)) ||
		    (used = level_coords(s, n, a)) ||
		    (used = metaflow_task(s, n, a)) || (used = dmesg_reltime(s, n, year, a)))
			return used;
		if (first && is_digit(s[1])) { /* log viewer line numbers `[80746] ` */
			size_t i = 1;
			int64_t v;
			if (read_int(s, n, &i, 9, &v) && i + 1 < n && s[i] == ']' && s[i + 1] == ' ')
				return i + 2;
		}
		return 0;
	case '(':
		return ray_prefix(s, n, a);
	case '>':
		/* A log pasted as a markdown quote (`> host:pid:tid [0] NCCL
		 * WARN ...`): the quote mark is the paste's, not the log's. */
		return first && s[1] == ' ' ? 2 : 0;
	case ' ':
		if (TQDM_AT(s, n) && (used = tqdm_bar(s, n)))
			return used;
		if (first) {
			if ((used = srun_label(s, n, a)))
				return used;
			/* A log pasted indented (a markdown list, a quote): a
			 * rank tag behind the blanks is still the line's;
			 * nothing else is taken, since tracebacks are indented. */
			size_t k = skip_spaces(s, n, 0);
			if (k < n && s[k] == '[' && (used = role_tag(s + k, n - k, a)))
				return k + used;
			return 0;
		}
		/* `15:  [2024-06-18 09:42:41] iteration ...`: Megatron's stamp
		 * after a label, behind the space Megatron puts first. Other
		 * leading blanks are kept: tracebacks are indented. */
		size_t j = skip_spaces(s, n, 0);
		if (j < n && s[j] == '[' && a->ts_kind == FL_TS_NONE && (used = stamp(s + j, n - j, year, a)))
			return j + used;
		return 0;
	}
	if (a->ts_kind == FL_TS_NONE && (used = glog(s, n, year, a)))
		return used;
	if (TQDM_AT(s, n) && is_digit(s[0]) && (used = tqdm_bar(s, n)))
		return used;
	if (a->ts_kind != FL_TS_NONE && s[0] >= 'A' && s[0] <= 'Z' && (used = k2_tag(s, n, a)))
		return used;
	/* A second stamp is peeled too: a collector's before the program's
	 * own (CRI, CI runners), and where the program's line starts behind
	 * a collector's column, a named one (mpirun --timestamp-output's
	 * `Mon Sep 24 14:28:29 2018[1,0]<stderr>:` behind kubectl's stamp;
	 * the fourth byte's blank ends its three-letter name). The first one
	 * seen keeps the time. */
	if ((a->ts_kind == FL_TS_NONE || is_digit(s[0]) ||
	     (first && n > 4 && s[3] == ' ' && s[0] >= 'A' && s[0] <= 'Z')) &&
	    (used = stamp(s, n, year, a)))
		return used;
	if ((used = nccl_prefix(s, n, a)))
		return used;
	if (first && is_digit(s[0]) && (used = srun_label(s, n, a)))
		return used;
	if (s[0] == 's' && (used = slurmstepd_node(s, n, a)))
		return used;
	if (first && (used = host_colon(s, n, a)))
		return used;
	if (first && (used = replica_tag(s, n)))
		return used;
	if (first && (used = compose_prefix(s, n, a)))
		return used;
	/* `dmesg --raw`: the syslog priority before the uptime, `<6>[ 0.0] ` */
	if (first && s[0] == '<' && is_digit(s[1]) && s[2] == '>' && n > 3 && s[3] == '[')
		return 3;
	if (n > 8 && (memcmp(s, "stderr: ", 8) == 0 || memcmp(s, "stdout: ", 8) == 0))
		return 8;
	return 0;
}
