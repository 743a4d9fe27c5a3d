/* SPDX-License-Identifier: MIT */
/*
 * test_fields.c - the analysis reads an event's fields (src/analyze/
 * fields.c) as SQLite's json_each gives them: the same keys and values,
 * in the same order, for what the pipeline writes (fl_json_str,
 * fl_json_int and fl_json_num over random text and numbers) and for the
 * rest of JSON a store from elsewhere may hold.
 */
#include <criterion/criterion.h>

#include <stdlib.h>
#include <string.h>

#include "analyze/analyze_int.h"
#include "faultline/store.h"
#include "fl_test.h"

static struct fl_store *g_store;
static char *g_dir;

static void setup(void)
{
	g_dir = fl_test_tmpdir("fields");
	char *path = fl_xasprintf("%s/faultline.db", g_dir);
	struct fl_err err = { 0 };
	cr_assert_eq(fl_store_open(&g_store, path, FL_STORE_CREATE, &err), FL_OK, "%s", err.msg);
	free(path);
}

static void teardown(void)
{
	fl_store_close(g_store);
	free(g_dir);
}

TestSuite(fields, .init = setup, .fini = teardown, .timeout = 60);

/* "key=value\n" for each field, as fields_parse() gives them. */
static void seen(void *arg, const char *key, const char *value)
{
	fl_buf_printf(arg, "%s=%s\n", key, value);
}

static void parsed(const char *json, struct fl_buf *out)
{
	struct fields_scratch s = { FL_BUF_INIT, FL_BUF_INIT };
	fl_buf_reset(out);
	fields_parse(json, &s, seen, out);
	fields_scratch_release(&s);
}

/* The same, as json_each gives them (null values are no field). */
static void by_sqlite(const char *json, struct fl_buf *out)
{
	struct fl_stmt *st = NULL;
	struct fl_err err = { 0 };
	fl_buf_reset(out);
	cr_assert_eq(fl_store_prepare(g_store,
				      "SELECT key, value FROM json_each(?1) WHERE type <> 'null'"
				      " ORDER BY id",
				      &st, &err),
		     FL_OK, "%s", err.msg);
	fl_stmt_bind_text(st, 1, json);
	while (fl_stmt_step(st) == 1)
		fl_buf_printf(out, "%s=%s\n", fl_stmt_text(st, 0), fl_stmt_text(st, 1));
	fl_stmt_free(st);
}

static void same_as_sqlite(const char *json)
{
	struct fl_buf a = FL_BUF_INIT, b = FL_BUF_INIT;
	parsed(json, &a);
	by_sqlite(json, &b);
	cr_expect_str_eq(a.ptr ? a.ptr : "", b.ptr ? b.ptr : "", "fields %s", json);
	fl_buf_release(&a);
	fl_buf_release(&b);
}

Test(fields, every_kind_of_value)
{
	same_as_sqlite("{\"op\":\"ALLREDUCE\",\"seq\":31,\"timeout_ms\":600000,\"neg\":-7}");
	same_as_sqlite("{\"a\":0.10000000000000001,\"b\":1.0000000000000001e-05,\"c\":2.5,"
		       "\"d\":123456789.12345679,\"e\":1e300,\"f\":-0.5,\"g\":2.0,\"h\":3E2}");
	same_as_sqlite("{\"t\":true,\"f\":false,\"n\":null,\"x\":\"after null\"}");
	same_as_sqlite("{\"arr\":[1,2,\"]\"],\"obj\":{\"k\":\"v}\"},\"after\":1}");
	same_as_sqlite("{\"q\":\"say \\\"hi\\\" \\\\ / \\/ \\b\\f\\n\\r\\t\",\"u\":\"\\u00e9\\u20ac\","
		       "\"pair\":\"\\ud83d\\ude00\",\"ctl\":\"a\\u0001b\"}");
	/* a surrogate alone is encoded as any code point, as SQLite does */
	same_as_sqlite("{\"hi\":\"\\ud800x\",\"lo\":\"\\udc00\",\"hi_then\":\"\\ud800\\u0041\"}");
	same_as_sqlite("{ \"spaced\" : 1 , \"out\" : \"x\" }");
	same_as_sqlite("{\"big\":123456789012345678901,\"edge\":999999999999999999,"
		       "\"max\":9223372036854775807,\"over\":9223372036854775808,\"min\":-9223372036854775808,"
		       "\"tie\":124375257233332.5}");
	same_as_sqlite("{\"z\":0,\"nz\":-0,\"one\":-1,\"f\":-0.0}");
	same_as_sqlite("{}");
}

/* Random objects as events.c writes them: strings of any bytes (control
 * bytes, quotes, backslashes, UTF-8 and bytes that are not), integers,
 * floats of every magnitude. */
Test(fields, what_the_pipeline_writes)
{
	srand(12345);
	struct fl_buf json = FL_BUF_INIT;
	for (int round = 0; round < 2000; round++) {
		fl_buf_reset(&json);
		fl_buf_addc(&json, '{');
		int n = rand() % 6;
		for (int i = 0; i < n; i++) {
			char key[16];
			snprintf(key, sizeof(key), "k%d", i);
			if (i)
				fl_buf_addc(&json, ',');
			fl_json_str(&json, key, strlen(key));
			fl_buf_addc(&json, ':');
			switch (rand() % 3) {
			case 0: {
				unsigned char s[24];
				size_t len = (size_t)(rand() % (int)sizeof(s));
				for (size_t k = 0; k < len; k++)
					s[k] = (unsigned char)(rand() % 4 ? 0x20 + rand() % 0x5f
									: 1 + rand() % 255);
				fl_json_str(&json, (const char *)s, len);
				break;
			}
			case 1:
				fl_json_int(&json, (int64_t)rand() * (rand() % 2 ? 1 : -1) *
							   (rand() % 2 ? 1 : 1000003));
				break;
			default: {
				double mant = (double)rand() / RAND_MAX * (rand() % 2 ? 1 : -1);
				int exp = rand() % 40 - 20;
				double v = mant;
				for (int k = 0; k < (exp < 0 ? -exp : exp); k++)
					v = exp < 0 ? v / 10 : v * 10;
				fl_json_num(&json, v);
				break;
			}
			}
		}
		fl_buf_addc(&json, '}');
		same_as_sqlite(json.ptr);
	}
	fl_buf_release(&json);
}

/* Damaged JSON keeps the fields before the damage, and never reads past
 * the end of the text. */
Test(fields, damage_ends_the_fields)
{
	struct fl_buf out = FL_BUF_INIT;
	parsed("{\"a\":1,\"b\":\"unterminated", &out);
	cr_expect_str_eq(out.ptr, "a=1\n");
	parsed("{\"a\":\"x\\", &out);
	cr_expect(!out.ptr || !*out.ptr);
	parsed("{\"a\":[1,2", &out);
	cr_expect(!out.ptr || !*out.ptr);
	parsed("{\"a\":\"\\u12\"}", &out);
	cr_expect(!out.ptr || !*out.ptr);
	parsed("not json", &out);
	cr_expect(!out.ptr || !*out.ptr);
	fl_buf_release(&out);
}
