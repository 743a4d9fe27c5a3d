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
	if (i - f0 != 6 || i >= n || s[i] != ']')
		return 0;
	double secs = 0;
	for (size_t k = d0; k < f0 - 1; k++)
		secs = secs * 10 + (s[k] - '0');
	double frac = 0, scale = 1;
	for (size_t k = f0; k < i; k++) {
		frac = frac * 10 + (s[k] - '0');
		scale *= 10;
	}
	a->uptime = secs + frac / scale;
	return skip_spaces(s, n, i + 1);
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
		if (i >= n || s[i] != ']')
			return 0;
		i++;
	} else if (i < n && s[i] != ' ' && s[i] != '|' && s[i] != ']' && s[i] != ':') {
		return 0;
	}
	set_time(a, ts, kind);
	i = skip_spaces(s, n, i);
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
	const char *pid = memmem(s, end, " pid=", 5);
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
 * letter and one digit (so `RuntimeError: ` and `srun: ` are not hosts). */
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
		if (first && is_digit(s[1])) { /* log viewer line numbers `[80746] ` */
			size_t i = 1;
			int64_t v;
			if (read_int(s, n, &i, 9, &v) && i + 1 < n && s[i] == ']' && s[i + 1] == ' ')
				return i + 2;
		}
		return 0;
	case '(':
		return ray_prefix(s, n, a);
	case ' ':
		if (first)
			return srun_label(s, n, a);
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
	if (a->ts_kind == FL_TS_NONE && (used = stamp(s, n, year, a)))
		return used;
	if ((used = nccl_prefix(s, n, a)))
		return used;
	if (first && is_digit(s[0]) && (used = srun_label(s, n, a)))
		return used;
	if (first && (used = host_colon(s, n, a)))
		return used;
	if (n > 8 && (memcmp(s, "stderr: ", 8) == 0 || memcmp(s, "stdout: ", 8) == 0))
		return 8;
	return 0;
}
