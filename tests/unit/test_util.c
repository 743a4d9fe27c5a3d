/* SPDX-License-Identifier: MIT */
/*
 * test_util.c - JSON escaping, UTF-8 sanitising, civil time conversion and
 * the byte buffer (src/util/).
 */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>

#include <math.h>
#include <string.h>

#include "faultline/util.h"
#include "fl_test.h"

/* Escapes n bytes of s as a JSON string and returns the literal (caller frees). */
static char *json_of(const char *s, size_t n)
{
	struct fl_buf b = FL_BUF_INIT;
	fl_json_str(&b, s, n);
	return fl_buf_detach(&b);
}

static char *num_of(double v)
{
	struct fl_buf b = FL_BUF_INIT;
	fl_json_num(&b, v);
	return fl_buf_detach(&b);
}

static char *sanitize_of(const char *s, size_t n)
{
	struct fl_buf b = FL_BUF_INIT;
	fl_utf8_sanitize(&b, s, n);
	return fl_buf_detach(&b);
}

/* ---- fl_json_str ---- */

/* Parameters are copied into the test's process: no pointers, only arrays
 * (Criterion re-executes the binary, so static addresses differ). */
struct json_case {
	char in[48];
	size_t n;
	char want[96];
};

#define JC(lit, want) { lit, sizeof(lit) - 1, want }

static struct json_case json_cases[] = {
	JC("", "\"\""),
	JC("plain text", "\"plain text\""),
	JC("say \"hi\"", "\"say \\\"hi\\\"\""),
	JC("C:\\path\\x", "\"C:\\\\path\\\\x\""),
	JC("a\nb\rc\td", "\"a\\nb\\rc\\td\""),
	JC("\x01", "\"\\u0001\""),
	JC("\x1b[31m", "\"\\u001b[31m\""),
	JC("\x1f", "\"\\u001f\""),
	JC("\x08\x0c", "\"\\u0008\\u000c\""),
	/* invalid UTF-8 */
	JC("\xff", "\"\xEF\xBF\xBD\""),
	JC("a\x80z", "\"a\xEF\xBF\xBDz\""),
	JC("\xC0\xAF", "\"\xEF\xBF\xBD\xEF\xBF\xBD\""),         /* overlong '/' */
	JC("\xED\xA0\x80", "\"\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\""), /* surrogate */
	JC("\xF5\x80\x80\x80", "\"\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\""),
	JC("\xE2\x82", "\"\xEF\xBF\xBD\xEF\xBF\xBD\""),         /* truncated euro sign */
	/* valid multibyte kept as is */
	JC("caf\xC3\xA9", "\"caf\xC3\xA9\""),
	JC("\xE2\x82\xAC 5", "\"\xE2\x82\xAC 5\""),
	JC("\xF0\x9F\x94\xA5", "\"\xF0\x9F\x94\xA5\""),
	JC("\xEF\xBF\xBD", "\"\xEF\xBF\xBD\""),
	/* embedded NUL with an explicit length */
	JC("a\0b", "\"a\\u0000b\""),
	JC("\0", "\"\\u0000\""),
};

ParameterizedTestParameters(json, escape)
{
	return cr_make_param_array(struct json_case, json_cases,
				   sizeof(json_cases) / sizeof(json_cases[0]));
}

ParameterizedTest(struct json_case *c, json, escape)
{
	char *got = json_of(c->in, c->n);
	cr_assert_str_eq(got, c->want, "input of %zu bytes", c->n);
	free(got);
}

/* DEL is a control character and json.c has a branch to escape it as
 * \u007f, but the printable-ASCII fast path (c >= 0x20 && c < 0x80) copies
 * it raw first, so that branch is dead. Documents the bug. */
Test(json, del_is_escaped)
{
	char *got = json_of("a\x7f", 2);
	cr_assert_str_eq(got, "\"a\\u007f\"");
	free(got);
}

Test(json, explicit_length_stops_early)
{
	char *got = json_of("abcdef", 3);
	cr_assert_str_eq(got, "\"abc\"");
	free(got);
}

Test(json, appends_to_existing_content)
{
	struct fl_buf b = FL_BUF_INIT;
	fl_buf_adds(&b, "{\"k\":");
	fl_json_str(&b, "v", 1);
	fl_buf_addc(&b, '}');
	cr_assert_str_eq(b.ptr, "{\"k\":\"v\"}");
	cr_assert_eq(b.len, strlen(b.ptr));
	fl_buf_release(&b);
}

Test(json, every_byte_yields_valid_output)
{
	/* All 256 byte values: the literal must never contain a raw control
	 * character, and quotes inside must be escaped. */
	char in[256];
	for (int i = 0; i < 256; i++)
		in[i] = (char)i;
	char *got = json_of(in, sizeof(in));
	size_t n = strlen(got);
	cr_assert_gt(n, 2);
	cr_assert_eq(got[0], '"');
	cr_assert_eq(got[n - 1], '"');
	for (size_t i = 1; i + 1 < n; i++) {
		unsigned char c = (unsigned char)got[i];
		cr_assert(c >= 0x20, "raw control byte 0x%02x at %zu", c, i);
		if (c == '\\') {
			i++; /* skip the escaped character */
			continue;
		}
		cr_assert_neq(c, '"', "unescaped quote at %zu", i);
	}
	free(got);
}

Test(json, special_byte_at_every_offset_of_a_plain_run)
{
	/* The escaper takes plain text eight bytes at a time: a byte to
	 * escape (or a UTF-8 sequence) must be seen wherever it falls in or
	 * after a word, and the bytes around it copied as they are. */
	static const struct {
		const char *in, *out;
	} special[] = {
		{ "\"", "\\\"" }, { "\\", "\\\\" }, { "\x7f", "\\u007f" },
		{ "\n", "\\n" },  { "\x01", "\\u0001" }, { "\x80", "\xEF\xBF\xBD" },
		{ "\xC3\xA9", "\xC3\xA9" }, { " ", " " }, { "~", "~" },
	};
	for (size_t k = 0; k < sizeof(special) / sizeof(special[0]); k++) {
		for (size_t at = 0; at <= 24; at++) {
			char in[64], want[96];
			size_t sl = strlen(special[k].in);
			memset(in, 'a', sizeof(in));
			memcpy(in + at, special[k].in, sl);
			size_t n = 24 + sl;
			snprintf(want, sizeof(want), "\"%.*s%s%.*s\"", (int)at, in, special[k].out,
				 (int)(24 - at), in + at + sl);
			char *got = json_of(in, n);
			cr_assert_str_eq(got, want, "special %zu at %zu", k, at);
			free(got);
		}
	}
}

/* ---- fl_json_num ---- */

struct num_case {
	double v;
	char want[32];
};

static struct num_case num_cases[] = {
	{ 0.0, "0" },
	{ 42.0, "42" },
	{ -7.0, "-7" },
	{ 1.5, "1.5" },
	{ 0.25, "0.25" },
	{ 1e20, "1e+20" },
};

ParameterizedTestParameters(json, num)
{
	return cr_make_param_array(struct num_case, num_cases,
				   sizeof(num_cases) / sizeof(num_cases[0]));
}

ParameterizedTest(struct num_case *c, json, num)
{
	char *got = num_of(c->v);
	cr_assert_str_eq(got, c->want);
	free(got);
}

Test(json, num_not_finite_is_null)
{
	double vals[] = { NAN, -NAN, INFINITY, -INFINITY };
	for (size_t i = 0; i < sizeof(vals) / sizeof(vals[0]); i++) {
		char *got = num_of(vals[i]);
		cr_assert_str_eq(got, "null", "value #%zu", i);
		free(got);
	}
}

Test(json, num_round_trips)
{
	double vals[] = { 0.1, 3.141592653589793, -2.345678, 1e-300, 123456789.125 };
	for (size_t i = 0; i < sizeof(vals) / sizeof(vals[0]); i++) {
		char *got = num_of(vals[i]);
		cr_assert_eq(strtod(got, NULL), vals[i], "%s", got);
		free(got);
	}
}

/* ---- fl_utf8_sanitize ---- */

static struct json_case san_cases[] = {
	JC("", ""),
	JC("plain \"text\" \\ ok", "plain \"text\" \\ ok"),
	JC("tab\tkept", "tab\tkept"),
	JC("nl\nx", "nl\xEF\xBF\xBDx"),
	JC("cr\r", "cr\xEF\xBF\xBD"),
	JC("\x1b[0m", "\xEF\xBF\xBD[0m"),
	JC("del\x7f", "del\xEF\xBF\xBD"),
	JC("nul\0!", "nul\xEF\xBF\xBD!"),
	JC("bad\xff", "bad\xEF\xBF\xBD"),
	JC("\xC3", "\xEF\xBF\xBD"),
	JC("caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x94\xA5", "caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x94\xA5"),
};

ParameterizedTestParameters(sanitize, cases)
{
	return cr_make_param_array(struct json_case, san_cases,
				   sizeof(san_cases) / sizeof(san_cases[0]));
}

ParameterizedTest(struct json_case *c, sanitize, cases)
{
	char *got = sanitize_of(c->in, c->n);
	cr_assert_str_eq(got, c->want, "input of %zu bytes", c->n);
	free(got);
}

/* ---- time ---- */

struct civil {
	int y, mo, d, h, mi, s, us;
};

static struct civil rt_cases[] = {
	{ 1970, 1, 1, 0, 0, 0, 0 },
	{ 1900, 1, 1, 0, 0, 0, 0 },
	{ 1969, 12, 31, 23, 59, 59, 999999 },
	{ 2000, 2, 29, 12, 30, 45, 123456 },
	{ 2024, 2, 29, 23, 59, 59, 999999 },
	{ 2024, 3, 1, 0, 0, 0, 0 },
	{ 2023, 12, 31, 23, 59, 59, 0 },
	{ 2024, 3, 21, 2, 7, 8, 408271 },
	{ 2100, 2, 28, 1, 2, 3, 4 },
	{ 2400, 2, 29, 0, 0, 0, 1 },
	{ 9999, 12, 31, 23, 59, 59, 999999 },
};

ParameterizedTestParameters(time, round_trip)
{
	return cr_make_param_array(struct civil, rt_cases, sizeof(rt_cases) / sizeof(rt_cases[0]));
}

ParameterizedTest(struct civil *c, time, round_trip)
{
	int64_t t = fl_time_from_civil(c->y, c->mo, c->d, c->h, c->mi, c->s, c->us);
	cr_assert_neq(t, FL_TIME_NONE);
	struct civil o;
	fl_time_to_civil(t, &o.y, &o.mo, &o.d, &o.h, &o.mi, &o.s, &o.us);
	cr_assert_eq(o.y, c->y);
	cr_assert_eq(o.mo, c->mo);
	cr_assert_eq(o.d, c->d);
	cr_assert_eq(o.h, c->h);
	cr_assert_eq(o.mi, c->mi);
	cr_assert_eq(o.s, c->s);
	cr_assert_eq(o.us, c->us);
}

Test(time, known_values)
{
	cr_assert_eq(fl_time_from_civil(1970, 1, 1, 0, 0, 0, 0), 0);
	cr_assert_eq(fl_time_from_civil(1970, 1, 1, 0, 0, 1, 5), 1000005);
	cr_assert_eq(fl_time_from_civil(1969, 12, 31, 23, 59, 59, 0), -1000000);
	/* date -u -d 2024-03-21T02:07:08Z +%s -> 1710986828 */
	cr_assert_eq(fl_time_from_civil(2024, 3, 21, 2, 7, 8, 408271),
		     INT64_C(1710986828) * 1000000 + 408271);
	/* 2000-03-01 - 2000-02-28 is two days in a leap year */
	int64_t a = fl_time_from_civil(2000, 2, 28, 0, 0, 0, 0);
	int64_t b = fl_time_from_civil(2000, 3, 1, 0, 0, 0, 0);
	cr_assert_eq(b - a, INT64_C(2) * 86400 * 1000000);
	a = fl_time_from_civil(1900, 2, 28, 0, 0, 0, 0);
	b = fl_time_from_civil(1900, 3, 1, 0, 0, 0, 0);
	cr_assert_eq(b - a, INT64_C(86400) * 1000000);
}

Test(time, negative_times_to_civil)
{
	int y, mo, d, h, mi, s, us;
	fl_time_to_civil(-1, &y, &mo, &d, &h, &mi, &s, &us);
	cr_assert_eq(y, 1969);
	cr_assert_eq(mo, 12);
	cr_assert_eq(d, 31);
	cr_assert_eq(h, 23);
	cr_assert_eq(mi, 59);
	cr_assert_eq(s, 59);
	cr_assert_eq(us, 999999);
}

static struct civil bad_cases[] = {
	{ 2023, 2, 29, 0, 0, 0, 0 }, /* not a leap year */
	{ 1900, 2, 29, 0, 0, 0, 0 }, /* century, not leap */
	{ 2100, 2, 29, 0, 0, 0, 0 },
	{ 2024, 2, 30, 0, 0, 0, 0 },
	{ 2024, 4, 31, 0, 0, 0, 0 },
	{ 2024, 0, 1, 0, 0, 0, 0 },
	{ 2024, 13, 1, 0, 0, 0, 0 },
	{ 2024, 1, 0, 0, 0, 0, 0 },
	{ 2024, 1, 32, 0, 0, 0, 0 },
	{ 2024, 1, 1, 24, 0, 0, 0 },
	{ 2024, 1, 1, -1, 0, 0, 0 },
	{ 2024, 1, 1, 0, 60, 0, 0 },
	{ 2024, 1, 1, 0, 0, 61, 0 },
	{ 2024, 1, 1, 0, 0, 0, 1000000 },
	{ 2024, 1, 1, 0, 0, 0, -1 },
	{ 1899, 12, 31, 0, 0, 0, 0 },
	{ 10000, 1, 1, 0, 0, 0, 0 },
};

ParameterizedTestParameters(time, invalid)
{
	return cr_make_param_array(struct civil, bad_cases,
				   sizeof(bad_cases) / sizeof(bad_cases[0]));
}

ParameterizedTest(struct civil *c, time, invalid)
{
	cr_assert_eq(fl_time_from_civil(c->y, c->mo, c->d, c->h, c->mi, c->s, c->us),
		     FL_TIME_NONE, "%04d-%02d-%02d %02d:%02d:%02d.%d accepted", c->y, c->mo, c->d,
		     c->h, c->mi, c->s, c->us);
}

static char *fmt_of(int64_t t)
{
	struct fl_buf b = FL_BUF_INIT;
	fl_time_format(&b, t);
	return fl_buf_detach(&b);
}

Test(time, format)
{
	char *s = fmt_of(fl_time_from_civil(2024, 3, 21, 2, 7, 8, 408271));
	cr_assert_str_eq(s, "2024-03-21T02:07:08.408271Z");
	free(s);
	s = fmt_of(0);
	cr_assert_str_eq(s, "1970-01-01T00:00:00.000000Z");
	free(s);
	s = fmt_of(fl_time_from_civil(2000, 2, 29, 23, 59, 59, 1));
	cr_assert_str_eq(s, "2000-02-29T23:59:59.000001Z");
	free(s);
}

Test(time, format_is_the_civil_fields_printed)
{
	/* Digits are written by hand: every field at its width, for times
	 * from before the epoch to beyond year 9999 (printed as printf would). */
	uint64_t x = 88172645463325252u;
	for (int i = 0; i < 20000; i++) {
		x ^= x << 13, x ^= x >> 7, x ^= x << 17;
		int64_t t = (int64_t)(x % 600000000000000000u) - 100000000000000000;
		int y, mo, d, h, mi, sec, us;
		fl_time_to_civil(t, &y, &mo, &d, &h, &mi, &sec, &us);
		char want[64];
		snprintf(want, sizeof(want), "%04d-%02d-%02dT%02d:%02d:%02d.%06dZ", y, mo, d, h, mi,
			 sec, us);
		char *got = fmt_of(t);
		cr_assert_str_eq(got, want, "t = %lld", (long long)t);
		free(got);
	}
}

Test(time, set_year)
{
	int64_t t = fl_time_from_civil(FL_PROVISIONAL_YEAR, 12, 3, 12, 0, 0, 250);
	cr_assert_eq(fl_time_set_year(t, 2024), fl_time_from_civil(2024, 12, 3, 12, 0, 0, 250));
	cr_assert_eq(fl_time_set_year(t, 2023), fl_time_from_civil(2023, 12, 3, 12, 0, 0, 250));
	/* the provisional year is a leap year so Feb 29 can be held ... */
	int64_t leap = fl_time_from_civil(FL_PROVISIONAL_YEAR, 2, 29, 8, 9, 10, 11);
	cr_assert_neq(leap, FL_TIME_NONE);
	/* ... and survives in a leap year ... */
	cr_assert_eq(fl_time_set_year(leap, 2024), fl_time_from_civil(2024, 2, 29, 8, 9, 10, 11));
	/* ... and becomes Mar 1 (same time of day) in a year without one */
	cr_assert_eq(fl_time_set_year(leap, 2023), fl_time_from_civil(2023, 3, 1, 8, 9, 10, 11));
	cr_assert_eq(fl_time_set_year(leap, 2100), fl_time_from_civil(2100, 3, 1, 8, 9, 10, 11));
	/* same year is the identity */
	cr_assert_eq(fl_time_set_year(t, FL_PROVISIONAL_YEAR), t);
}

/* ---- fl_buf ---- */

Test(buf, init_empty_detach)
{
	struct fl_buf b;
	fl_buf_init(&b);
	cr_assert_null(b.ptr);
	cr_assert_eq(b.len, 0);
	char *s = fl_buf_detach(&b);
	cr_assert_not_null(s);
	cr_assert_str_eq(s, "");
	free(s);
}

Test(buf, add_variants_keep_nul_terminated)
{
	struct fl_buf b = FL_BUF_INIT;
	fl_buf_add(&b, "ab", 2);
	cr_assert_eq(b.len, 2);
	cr_assert_eq(b.ptr[2], '\0');
	fl_buf_addc(&b, 'c');
	fl_buf_adds(&b, "def");
	fl_buf_printf(&b, "-%d-%s", 42, "x");
	cr_assert_str_eq(b.ptr, "abcdef-42-x");
	cr_assert_eq(b.len, 11);
	cr_assert_geq(b.cap, b.len + 1);
	fl_buf_add(&b, "", 0);
	cr_assert_eq(b.len, 11);
	fl_buf_release(&b);
	cr_assert_null(b.ptr);
	cr_assert_eq(b.len, 0);
	cr_assert_eq(b.cap, 0);
}

Test(buf, binary_content)
{
	struct fl_buf b = FL_BUF_INIT;
	fl_buf_add(&b, "a\0b", 3);
	cr_assert_eq(b.len, 3);
	cr_assert_eq(memcmp(b.ptr, "a\0b", 4), 0);
	fl_buf_release(&b);
}

Test(buf, grows_large)
{
	struct fl_buf b = FL_BUF_INIT;
	for (int i = 0; i < 100000; i++)
		fl_buf_addc(&b, (char)('a' + i % 26));
	cr_assert_eq(b.len, 100000);
	cr_assert_eq(strlen(b.ptr), 100000);
	for (int i = 0; i < 100000; i += 9973)
		cr_assert_eq(b.ptr[i], (char)('a' + i % 26));
	fl_buf_printf(&b, "%s", "");
	cr_assert_eq(b.len, 100000);
	fl_buf_release(&b);
}

Test(buf, reset_keeps_capacity)
{
	struct fl_buf b = FL_BUF_INIT;
	fl_buf_adds(&b, "hello world");
	size_t cap = b.cap;
	fl_buf_reset(&b);
	cr_assert_eq(b.len, 0);
	cr_assert_str_eq(b.ptr, "");
	cr_assert_eq(b.cap, cap);
	fl_buf_adds(&b, "x");
	cr_assert_str_eq(b.ptr, "x");
	fl_buf_release(&b);
	/* reset on a never-used buffer is harmless */
	fl_buf_reset(&b);
	cr_assert_eq(b.len, 0);
}

Test(buf, detach_hands_over)
{
	struct fl_buf b = FL_BUF_INIT;
	fl_buf_printf(&b, "%05d", 7);
	char *s = fl_buf_detach(&b);
	cr_assert_str_eq(s, "00007");
	cr_assert_null(b.ptr);
	cr_assert_eq(b.len, 0);
	free(s);
}

Test(buf, printf_long)
{
	struct fl_buf b = FL_BUF_INIT;
	fl_buf_adds(&b, "x");
	fl_buf_printf(&b, "%2000d|", 1);
	cr_assert_eq(b.len, 1 + 2000 + 1);
	cr_assert_eq(b.ptr[b.len - 1], '|');
	cr_assert_eq(b.ptr[b.len - 2], '1');
	fl_buf_release(&b);
}

/* FIPS 180-2 test vectors. */
Test(sha256, known_vectors)
{
	struct fl_sha256 c;
	char out[65];
	fl_sha256_init(&c);
	fl_sha256_add(&c, "abc", 3);
	fl_sha256_hex(&c, out);
	cr_expect_str_eq(out, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
	fl_sha256_init(&c);
	const char *two = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
	fl_sha256_add(&c, two, strlen(two));
	fl_sha256_hex(&c, out);
	cr_expect_str_eq(out, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
	fl_sha256_init(&c);
	fl_sha256_hex(&c, out);
	cr_expect_str_eq(out, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

/* ---- fl_fnv1a ---- */

Test(hash, fnv1a_known_values)
{
	/* FNV-1a 64 from faultline's own basis (see util.h): stored pattern
	 * digests and incident signatures depend on these exact values. With
	 * the published basis the same steps give the published vectors. */
	cr_assert_eq(fl_fnv1a(FL_FNV1A_INIT, "", 0), FL_FNV1A_INIT);
	cr_assert_eq(fl_fnv1a(FL_FNV1A_INIT, "a", 1), 0x44bd8ad473cd9906ull);
	cr_assert_eq(fl_fnv1a(FL_FNV1A_INIT, "foobar", 6), 0x88fad7c0a8ff07f2ull);
	cr_assert_eq(fl_fnv1a(0xcbf29ce484222325ull, "a", 1), 0xaf63dc4c8601ec8cull);
	cr_assert_eq(fl_fnv1a(0xcbf29ce484222325ull, "foobar", 6), 0x85944171f73967e8ull);
}

Test(hash, fnv1a_chains)
{
	uint64_t h = fl_fnv1a(fl_fnv1a(FL_FNV1A_INIT, "foo", 3), "bar", 3);
	cr_assert_eq(h, fl_fnv1a(FL_FNV1A_INIT, "foobar", 6));
}

Test(hash, fnv1a_word_is_one_step)
{
	cr_assert_eq(fl_fnv1a_word(FL_FNV1A_INIT, 'a'), fl_fnv1a(FL_FNV1A_INIT, "a", 1));
	cr_assert_neq(fl_fnv1a_word(FL_FNV1A_INIT, 1), fl_fnv1a_word(FL_FNV1A_INIT, 2));
}

/* ---- fl_hash_key ---- */

/* Keys that differ in any one bit, or only by trailing zero bytes, hash
 * apart; equal keys hash alike wherever they lie in memory. */
Test(hash, key_hash_tells_keys_apart)
{
	unsigned char a[40] = { 0 }, b[41] = { 0 };
	cr_assert_eq(fl_hash_key(a, 19), fl_hash_key(b + 1, 19));
	for (size_t n = 0; n < 17; n++)
		cr_assert_neq(fl_hash_key(a, n), fl_hash_key(a, n + 1), "%zu and %zu zero bytes", n,
			      n + 1);
	uint64_t h0 = fl_hash_key(a, sizeof(a));
	for (size_t bit = 0; bit < 8 * sizeof(a); bit++) {
		a[bit / 8] ^= (unsigned char)(1u << bit % 8);
		cr_assert_neq(fl_hash_key(a, sizeof(a)), h0, "bit %zu", bit);
		a[bit / 8] ^= (unsigned char)(1u << bit % 8);
	}
}

/* A map indexes by the low bits: keys that are consecutive ids (ranks,
 * pids) spread over them as random ones would (4096 keys into 4096
 * slots fill about 63% of them). */
Test(hash, key_hash_spreads_ids_over_low_bits)
{
	static bool used[4096];
	size_t distinct = 0;
	for (int64_t id = 0; id < 4096; id++) {
		int64_t key[3] = { id, -1, 4100 + id };
		size_t slot = (size_t)fl_hash_key(key, sizeof(key)) & 4095;
		distinct += !used[slot];
		used[slot] = true;
	}
	cr_assert_gt(distinct, 2400, "%zu slots of 4096", distinct);
	cr_assert_lt(distinct, 2800, "%zu slots of 4096", distinct);
}

/* ---- fl_time_parse_iso ---- */

struct iso_case {
	char in[40]; /* an array: Criterion copies parameters into the test's process */
	bool ok;
	int64_t us; /* when ok */
	bool whole;
};

static struct iso_case iso_cases[] = {
	{ "2026-11-30", true, 1795996800000000LL, true },
	{ "2026-11-30T14:02:07", true, 1796047327000000LL, true },
	{ "2026-11-30t14:02:07Z", true, 1796047327000000LL, true },
	{ "2026-11-30 14:02:07.5", true, 1796047327500000LL, false },
	{ "2026-11-30T14:02:07,123456789", true, 1796047327123456LL, false },
	{ "2026-11-30T15:02:07+01:00", true, 1796047327000000LL, true },
	{ "2026-11-30T13:02:07-01:00", true, 1796047327000000LL, true },
	{ "2026-11-30T14:02", false, 0, false },
	{ "2026-11-30T14:02:07.", false, 0, false },
	{ "2026-11-30T14:02:07+0100", false, 0, false },
	{ "2026-11-30T14:02:07 ", false, 0, false },
	{ "2026-02-30", false, 0, false },
	{ "26-11-30", false, 0, false },
	{ "noon", false, 0, false },
};

ParameterizedTestParameters(time, parse_iso)
{
	return cr_make_param_array(struct iso_case, iso_cases,
				   sizeof(iso_cases) / sizeof(iso_cases[0]));
}

ParameterizedTest(struct iso_case *c, time, parse_iso)
{
	int64_t t = -1;
	bool whole = !c->whole;
	cr_assert_eq(fl_time_parse_iso(c->in, &t, &whole), c->ok, "%s", c->in);
	if (!c->ok)
		return;
	cr_expect_eq(t, c->us, "%s: %lld", c->in, (long long)t);
	cr_expect_eq(whole, c->whole, "%s", c->in);
}

Test(time, now_is_now)
{
	int64_t a = fl_now_us();
	cr_assert_gt(a, fl_time_from_civil(2024, 1, 1, 0, 0, 0, 0));
	cr_assert_geq(fl_now_us(), a);
}

/* The runner's leaks are not checked (fl_test.c); this test's own
 * worker must be, or no test would catch a leak of faultline's. */
Test(fl_test, leak_checks_run_in_workers)
{
	cr_assert_eq(__lsan_is_turned_off(), 0,
		     "LeakSanitizer is off in a test worker: Criterion no longer sets BXFI_MAP");
}
