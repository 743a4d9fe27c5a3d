/* SPDX-License-Identifier: MIT */
/*
 * stamp.c - timestamps of every shape that training logs carry.
 *
 * All results are UTC microseconds. A stamp without a zone is taken as
 * UTC: logs rarely say which zone they are in, and clock-skew correction
 * in the analysis absorbs a constant offset per host anyway.
 * Tested by: tests/unit/test_attrib.c
 */
#include "attrib_int.h"

#include <string.h>

int fl_digits(const char *s, size_t n, size_t count, int *out)
{
	if (n < count)
		return 0;
	int v = 0;
	for (size_t i = 0; i < count; i++) {
		if (s[i] < '0' || s[i] > '9')
			return 0;
		v = v * 10 + (s[i] - '0');
	}
	*out = v;
	return 1;
}

/* "HH:MM:SS" -> seconds of day; returns bytes consumed or 0. */
size_t fl_parse_hms(const char *s, size_t n, int *h, int *m, int *sec)
{
	if (n < 8 || s[2] != ':' || s[5] != ':')
		return 0;
	if (!fl_digits(s, n, 2, h) || !fl_digits(s + 3, n - 3, 2, m) ||
	    !fl_digits(s + 6, n - 6, 2, sec))
		return 0;
	return 8;
}

/* ".123" or ",123456789": consumes the fraction, returns µs in *us and
 * the digit count in *ndig. */
size_t fl_parse_frac(const char *s, size_t n, int *us, int *ndig)
{
	static const int scale[7] = { 1000000, 100000, 10000, 1000, 100, 10, 1 };
	*us = 0;
	*ndig = 0;
	if (n < 2 || (s[0] != '.' && s[0] != ','))
		return 0;
	size_t i = 1, lim = n < 7 ? n : 7;
	int v = 0;
	while (i < lim && s[i] >= '0' && s[i] <= '9')
		v = v * 10 + (s[i++] - '0');
	size_t used = i - 1;
	/* Digits past the sixth are below a microsecond: counted, not kept. */
	while (i < n && s[i] >= '0' && s[i] <= '9')
		i++;
	if (i == 1)
		return 0;
	*ndig = (int)(i - 1);
	*us = v * scale[used];
	return i;
}

int fl_month_from_name(const char *s, size_t n)
{
	static const char names[] = "JanFebMarAprMayJunJulAugSepOctNovDec";
	if (n < 3)
		return 0;
	for (int i = 0; i < 12; i++)
		if (memcmp(s, names + 3 * i, 3) == 0)
			return i + 1;
	return 0;
}

static bool is_weekday(const char *s, size_t n)
{
	static const char names[] = "MonTueWedThuFriSatSun";
	if (n < 3)
		return false;
	for (int i = 0; i < 7; i++)
		if (memcmp(s, names + 3 * i, 3) == 0)
			return true;
	return false;
}

/* Zone suffix: Z, +hh:mm, +hhmm, -hh. Returns consumed bytes, offset in µs. */
static size_t parse_zone(const char *s, size_t n, int64_t *off)
{
	*off = 0;
	if (n >= 1 && s[0] == 'Z')
		return 1;
	if (n < 3 || (s[0] != '+' && s[0] != '-'))
		return 0;
	int hh, mm = 0;
	if (!fl_digits(s + 1, n - 1, 2, &hh))
		return 0;
	size_t used = 3;
	if (n >= 6 && s[3] == ':' && fl_digits(s + 4, n - 4, 2, &mm))
		used = 6;
	else if (n >= 5 && fl_digits(s + 3, n - 3, 2, &mm))
		used = 5;
	if (hh > 14 || mm > 59)
		return 0;
	*off = ((int64_t)hh * 3600 + mm * 60) * 1000000 * (s[0] == '-' ? -1 : 1);
	return used;
}

/* The text of an ISO stamp up to its minute, and the time it comes to
 * (FL_TIME_NONE for an impossible date): consecutive lines nearly always
 * repeat it, so its digits are read once. Per thread: stamps may be
 * parsed on several at once. */
static _Thread_local struct {
	char text[16];
	int64_t t;
} iso_minute;

/* "YYYY-MM-DD[T _]HH:MM" -> *t; false if it is not that shape. */
static bool iso_minute_parse(const char *s, size_t n, int64_t *t)
{
	int y, mo, d, h, mi;
	if (!fl_digits(s, n, 4, &y) || (s[4] != '-' && s[4] != '/') || s[7] != s[4] ||
	    !fl_digits(s + 5, n - 5, 2, &mo) || !fl_digits(s + 8, n - 8, 2, &d))
		return false;
	if (s[10] != 'T' && s[10] != ' ' && s[10] != '_')
		return false;
	if (!fl_digits(s + 11, n - 11, 2, &h) || s[13] != ':' || !fl_digits(s + 14, n - 14, 2, &mi))
		return false;
	*t = fl_time_from_civil(y, mo, d, h, mi, 0, 0);
	return true;
}

/* YYYY-MM-DD[T _]HH:MM:SS[.frac][zone], also YYYY/MM/DD. */
static size_t parse_iso(const char *s, size_t n, int64_t *ts)
{
	if (n < 19)
		return 0;
	/* Zeroed at first, the cached text cannot match: s starts with a digit. */
	if (memcmp(s, iso_minute.text, sizeof(iso_minute.text)) != 0) {
		int64_t t;
		if (!iso_minute_parse(s, n, &t))
			return 0;
		memcpy(iso_minute.text, s, sizeof(iso_minute.text));
		iso_minute.t = t;
	}
	int sec, us = 0, nd;
	if (s[16] != ':' || !fl_digits(s + 17, n - 17, 2, &sec))
		return 0;
	size_t i = 19;
	i += fl_parse_frac(s + i, n - i, &us, &nd);
	int64_t off = 0;
	i += parse_zone(s + i, n - i, &off);
	if (iso_minute.t == FL_TIME_NONE)
		return 0;
	*ts = iso_minute.t + (int64_t)(sec > 59 ? 59 : sec) * 1000000 + us - off;
	return i;
}

/* "Dec  3 12:00:00" (syslog, year-less) or "Fri Aug 30 11:43:09 2024"
 * (dmesg -T, ctime) with its optional weekday; the year may have Open
 * MPI's rank tag glued to it ("...2018[1,0]<stderr>:"). */
static size_t parse_syslog(const char *s, size_t n, int year, int64_t *ts, enum fl_ts_kind *kind)
{
	/* Names of months and weekdays are capitalised: most text is out at once. */
	if (s[0] < 'A' || s[0] > 'Z')
		return 0;
	size_t i = 0;
	if (is_weekday(s, n) && n > 4 && s[3] == ' ')
		i = 4;
	int mo = fl_month_from_name(s + i, n - i);
	if (!mo || n < i + 15 || s[i + 3] != ' ')
		return 0;
	i += 4;
	int d;
	if (s[i] == ' ' && fl_digits(s + i + 1, n - i - 1, 1, &d))
		i += 2;
	else if (fl_digits(s + i, n - i, 2, &d))
		i += 2;
	else if (fl_digits(s + i, n - i, 1, &d) && s[i + 1] == ' ')
		i += 1;
	else
		return 0;
	if (s[i] != ' ')
		return 0;
	i++;
	int h, mi, sec, us = 0, nd;
	if (!fl_parse_hms(s + i, n - i, &h, &mi, &sec))
		return 0;
	i += 8;
	i += fl_parse_frac(s + i, n - i, &us, &nd);
	int y;
	if (i + 5 <= n && s[i] == ' ' && fl_digits(s + i + 1, n - i - 1, 4, &y) &&
	    (i + 5 == n || s[i + 5] == ']' || s[i + 5] == ' ' || s[i + 5] == '[')) {
		i += 5;
		*kind = FL_TS_FULL;
	} else {
		y = year ? year : FL_PROVISIONAL_YEAR;
		*kind = year ? FL_TS_FULL : FL_TS_YEARLESS;
	}
	int64_t t = fl_time_from_civil(y, mo, d, h, mi, sec > 59 ? 59 : sec, us);
	if (t == FL_TIME_NONE)
		return 0;
	*ts = t;
	return i;
}

/* 10-digit epoch seconds with optional fraction, then a non-digit. */
/* "MM/DD/YYYY HH:MM:SS[,frac]": Python logging's datefmt "%m/%d/%Y %H:%M:%S"
 * (Hugging Face examples, nanotron). A first number above 12 can only be a
 * day, so "DD/MM/YYYY" is read too; where both fit, the US order wins. */
static size_t parse_us_date(const char *s, size_t n, int64_t *ts)
{
	int a, b, y, h, mi, sec, us = 0, nd;
	if (n < 19 || s[2] != '/' || s[5] != '/' || s[10] != ' ' || !fl_digits(s, n, 2, &a) ||
	    !fl_digits(s + 3, n - 3, 2, &b) || !fl_digits(s + 6, n - 6, 4, &y) ||
	    !fl_parse_hms(s + 11, n - 11, &h, &mi, &sec))
		return 0;
	size_t i = 19;
	i += fl_parse_frac(s + i, n - i, &us, &nd);
	int mo = a > 12 ? b : a, d = a > 12 ? a : b;
	int64_t t = fl_time_from_civil(y, mo, d, h, mi, sec > 59 ? 59 : sec, us);
	if (t == FL_TIME_NONE)
		return 0;
	*ts = t;
	return i;
}

static size_t parse_epoch(const char *s, size_t n, int64_t *ts)
{
	int hi, lo;
	if (!fl_digits(s, n, 5, &hi) || !fl_digits(s + 5, n - 5, 5, &lo))
		return 0;
	if (hi < 10000) /* before 2001: not a plausible log stamp */
		return 0;
	size_t i = 10;
	if (i < n && s[i] >= '0' && s[i] <= '9')
		return 0;
	int us = 0, nd;
	i += fl_parse_frac(s + i, n - i, &us, &nd);
	*ts = ((int64_t)hi * 100000 + lo) * 1000000 + us;
	return i;
}

size_t fl_parse_time(const char *s, size_t n, int year, int64_t *ts, enum fl_ts_kind *kind)
{
	size_t used;
	*kind = FL_TS_FULL;
	if (n == 0)
		return 0;
	if (s[0] >= '0' && s[0] <= '9') {
		if ((used = parse_iso(s, n, ts)))
			return used;
		if (n > 2 && s[2] == '/')
			return parse_us_date(s, n, ts);
		return parse_epoch(s, n, ts);
	}
	return parse_syslog(s, n, year, ts, kind);
}
