/* SPDX-License-Identifier: MIT */
/*
 * timeconv.c - civil date-time <-> microseconds since the epoch, UTC.
 *
 * Hand-written rather than timegm()/gmtime_r() because those are not C17,
 * depend on the TZ database and cannot report out-of-range fields. The
 * algorithm is Howard Hinnant's days_from_civil.
 */
#include "faultline/util.h"

#include <ctype.h>
#include <time.h>

static int64_t days_from_civil(int64_t y, unsigned m, unsigned d)
{
	y -= m <= 2;
	int64_t era = (y >= 0 ? y : y - 399) / 400;
	unsigned yoe = (unsigned)(y - era * 400);
	unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + (int64_t)doe - 719468;
}

static int days_in_month(int y, int m)
{
	static const int dm[] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
	if (m == 2 && ((y % 4 == 0 && y % 100 != 0) || y % 400 == 0))
		return 29;
	return dm[m - 1];
}

int64_t fl_time_from_civil(int year, int mon, int day, int hour, int min, int sec, int usec)
{
	if (year < 1900 || year > 9999 || mon < 1 || mon > 12 || day < 1 ||
	    day > days_in_month(year, mon) || hour < 0 || hour > 23 || min < 0 || min > 59 ||
	    sec < 0 || sec > 60 || usec < 0 || usec > 999999)
		return FL_TIME_NONE;
	int64_t days = days_from_civil(year, (unsigned)mon, (unsigned)day);
	return ((days * 86400 + hour * 3600 + min * 60 + sec) * 1000000) + usec;
}

void fl_time_to_civil(int64_t t, int *year, int *mon, int *day, int *hour, int *min, int *sec,
		      int *usec)
{
	int64_t us = t % 1000000;
	int64_t s = t / 1000000;
	if (us < 0) {
		us += 1000000;
		s--;
	}
	int64_t days = s / 86400;
	int64_t rem = s % 86400;
	if (rem < 0) {
		rem += 86400;
		days--;
	}
	/* civil_from_days */
	int64_t z = days + 719468;
	int64_t era = (z >= 0 ? z : z - 146096) / 146097;
	unsigned doe = (unsigned)(z - era * 146097);
	unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	int64_t y = (int64_t)yoe + era * 400;
	unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	unsigned mp = (5 * doy + 2) / 153;
	unsigned d = doy - (153 * mp + 2) / 5 + 1;
	unsigned m = mp < 10 ? mp + 3 : mp - 9;
	*year = (int)(y + (m <= 2));
	*mon = (int)m;
	*day = (int)d;
	*hour = (int)(rem / 3600);
	*min = (int)(rem / 60 % 60);
	*sec = (int)(rem % 60);
	*usec = (int)us;
}

/* v's last w digits at p (v >= 0) */
static void digits(char *p, int v, int w)
{
	while (w--) {
		p[w] = (char)('0' + v % 10);
		v /= 10;
	}
}

void fl_time_format(struct fl_buf *b, int64_t t)
{
	int y, mo, d, h, mi, s, us;
	fl_time_to_civil(t, &y, &mo, &d, &h, &mi, &s, &us);
	if (y < 0 || y > 9999) {
		fl_buf_printf(b, "%04d-%02d-%02dT%02d:%02d:%02d.%06dZ", y, mo, d, h, mi, s, us);
		return;
	}
	/* by hand: a report of many ranks formats a time or two per rank */
	char out[] = "0000-00-00T00:00:00.000000Z";
	digits(out, y, 4);
	digits(out + 5, mo, 2);
	digits(out + 8, d, 2);
	digits(out + 11, h, 2);
	digits(out + 14, mi, 2);
	digits(out + 17, s, 2);
	digits(out + 20, us, 6);
	fl_buf_add(b, out, sizeof(out) - 1);
}

int64_t fl_time_set_year(int64_t t, int year)
{
	int y, mo, d, h, mi, s, us;
	fl_time_to_civil(t, &y, &mo, &d, &h, &mi, &s, &us);
	int64_t r = fl_time_from_civil(year, mo, d, h, mi, s, us);
	if (r == FL_TIME_NONE)
		r = fl_time_from_civil(year, 3, 1, h, mi, s, us);
	return r;
}

int64_t fl_now_us(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

int fl_time_scan_clock(const char *s, int *h, int *mi, int *sec, int *us)
{
	int n = 0;
	if (sscanf(s, "%2d:%2d:%2d%n", h, mi, sec, &n) != 3 || n != 8)
		return 0;
	*us = 0;
	if (s[n] != '.' && s[n] != ',')
		return n;
	n++;
	int digits = 0;
	for (; isdigit((unsigned char)s[n]); n++, digits++)
		if (digits < 6)
			*us = *us * 10 + (s[n] - '0');
	if (!digits)
		return 0;
	for (; digits < 6; digits++)
		*us *= 10;
	return n;
}

/* "Z", "+HH:MM" or "-HH:MM" at p, or nothing: the offset east of UTC in
 * *off; returns the characters read, -1 when malformed. */
static int scan_zone(const char *p, int64_t *off)
{
	*off = 0;
	if (*p == 'Z' || *p == 'z')
		return 1;
	if (*p != '+' && *p != '-')
		return 0;
	int oh, om, k = 0;
	if (sscanf(p + 1, "%2d:%2d%n", &oh, &om, &k) != 2 || k != 5)
		return -1;
	*off = ((int64_t)oh * 3600 + om * 60) * 1000000 * (*p == '-' ? -1 : 1);
	return 6;
}

bool fl_time_parse_iso(const char *s, int64_t *out, bool *whole_second)
{
	int y, mo, d, n = 0;
	if (sscanf(s, "%4d-%2d-%2d%n", &y, &mo, &d, &n) != 3 || n != 10)
		return false;
	int h = 0, mi = 0, sec = 0, us = 0;
	const char *p = s + n;
	bool whole = true;
	if (*p == 'T' || *p == 't' || *p == ' ') {
		int k = fl_time_scan_clock(p + 1, &h, &mi, &sec, &us);
		if (!k)
			return false;
		whole = p[9] != '.' && p[9] != ',';
		p += 1 + k;
	}
	int64_t off;
	int z = scan_zone(p, &off);
	if (z < 0 || p[z])
		return false;
	int64_t t = fl_time_from_civil(y, mo, d, h, mi, sec, us);
	if (t == FL_TIME_NONE)
		return false;
	*out = t - off;
	if (whole_second)
		*whole_second = whole;
	return true;
}
