/* SPDX-License-Identifier: MIT */
/*
 * test_pickle.c - pickles and JSON decoded as data (src/ingest/pickle.c,
 * jsonval.c, pyval.c) and Flight Recorder dumps read from them
 * (frdump.c): what torch's writer and Python's pickle emit, and hostile
 * bytes that must be refused with a reason, never run or crash.
 */
#include <criterion/criterion.h>

#include <stdlib.h>
#include <string.h>

#include "faultline/ingest.h"

#define PK(lit) pk(lit, sizeof(lit) - 1)

static struct fl_err last;

static struct fl_pv_doc *pk(const char *p, size_t n)
{
	struct fl_pv_doc *d = NULL;
	fl_err_clear(&last);
	int rc = fl_pickle_parse(p, n, &d, &last);
	cr_assert((rc == 0) == (d != NULL));
	return d;
}

static void refused(const char *p, size_t n, const char *why)
{
	struct fl_pv_doc *d = pk(p, n);
	cr_assert_null(d, "accepted what should be refused (%s)", why);
	cr_assert_eq(last.code, FL_EFORMAT);
	cr_assert(strstr(last.msg, why), "reason '%s' lacks '%s'", last.msg, why);
}

#define REFUSED(lit, why) refused(lit, sizeof(lit) - 1, why)

/* Python 3 pickle.dumps({'a': [1, -2, 70000, 2**40], 'b': (None, True, 1.5),
 * 'c': 'é'}, protocol=4): FRAME, MEMOIZE, SHORT_BINUNICODE, LONG1. */
static const char py4[] =
	"\x80\x04\x95\x3b\x00\x00\x00\x00\x00\x00\x00\x7d\x94\x28\x8c\x01\x61\x94\x5d\x94\x28\x4b"
	"\x01\x4a\xfe\xff\xff\xff\x4a\x70\x11\x01\x00\x8a\x06\x00\x00\x00\x00\x00\x01\x65\x8c\x01"
	"\x62\x94\x4e\x88\x47\x3f\xf8\x00\x00\x00\x00\x00\x00\x87\x94\x8c\x01\x63\x94\x8c\x02\xc3"
	"\xa9\x94\x75\x2e";

Test(pickle, python_protocol_4)
{
	struct fl_pv_doc *d = PK(py4);
	cr_assert_not_null(d, "%s", last.msg);
	const struct fl_pv *r = fl_pv_root(d);
	cr_assert_eq(r->type, FL_PV_DICT);
	const struct fl_pv *a = fl_pv_get(r, "a"), *b = fl_pv_get(r, "b"), *c = fl_pv_get(r, "c");
	cr_assert_eq(a->type, FL_PV_LIST);
	cr_assert_eq(a->n, 4);
	cr_assert_eq(a->items[0]->i, 1);
	cr_assert_eq(a->items[1]->i, -2);
	cr_assert_eq(a->items[2]->i, 70000);
	cr_assert_eq(a->items[3]->i, (int64_t)1 << 40);
	cr_assert_eq(b->type, FL_PV_TUPLE);
	cr_assert_eq(b->items[0]->type, FL_PV_NONE);
	cr_assert(b->items[1]->type == FL_PV_BOOL && b->items[1]->b);
	cr_assert_float_eq(b->items[2]->f, 1.5, 1e-12);
	cr_assert_str_eq(c->s, "\xc3\xa9");
	cr_assert_null(fl_pv_get(r, "missing"));
	fl_pv_doc_free(d);
}

/* What torch's jit Pickler writes: PROTO 2, EMPTY_DICT MARK ... SETITEMS,
 * BINUNICODE memoised by value, TUPLE2, a negative LONG1, BINFLOAT. */
Test(pickle, torch_jit_writer)
{
	static const char b[] =
		"\x80\x02}(X\x07\x00\x00\x00versionq\x00X\x03\x00\x00\x00" "2.4q\x01"
		"X\x07\x00\x00\x00" "entriesq\x02](}(X\x0d\x00\x00\x00process_groupq\x03"
		"X\x01\x00\x00\x00" "0q\x04X\x0a\x00\x00\x00" "default_pgq\x05\x86"
		"X\x02\x00\x00\x00idq\x06\x8a\x08\xff\xff\xff\xff\xff\xff\xff\xff"
		"X\x01\x00\x00\x00gq\x07G\xc0\x04\x00\x00\x00\x00\x00\x00uh\x04h\x04\x86" "e"
		"u.";
	struct fl_pv_doc *d = PK(b);
	cr_assert_not_null(d, "%s", last.msg);
	const struct fl_pv *r = fl_pv_root(d);
	cr_assert_str_eq(fl_pv_get(r, "version")->s, "2.4");
	const struct fl_pv *e = fl_pv_get(r, "entries");
	cr_assert_eq(e->n, 2);
	const struct fl_pv *pg = fl_pv_get(e->items[0], "process_group");
	cr_assert_eq(pg->type, FL_PV_TUPLE);
	cr_assert_str_eq(pg->items[1]->s, "default_pg");
	cr_assert_eq(fl_pv_get(e->items[0], "id")->i, -1);
	cr_assert_float_eq(fl_pv_get(e->items[0], "g")->f, -2.5, 1e-12);
	/* BINGET shares the memoised string "0" */
	cr_assert_eq(e->items[1]->items[0], pg->items[0]);
	fl_pv_doc_free(d);
}

/* GLOBAL torch.jit._pickle build_intlist, REDUCE on (list,): the list. */
Test(pickle, jit_intlist_is_data)
{
	static const char b[] = "\x80\x02" "ctorch.jit._pickle\nbuild_intlist\nq\x00"
				"(](K\x01K\x02" "et" "R.";
	struct fl_pv_doc *d = PK(b);
	cr_assert_not_null(d, "%s", last.msg);
	const struct fl_pv *r = fl_pv_root(d);
	cr_assert_eq(r->type, FL_PV_LIST);
	cr_assert_eq(r->n, 2);
	cr_assert_eq(r->items[1]->i, 2);
	fl_pv_doc_free(d);
}

Test(pickle, code_is_refused)
{
	REFUSED("\x80\x02" "cos\nsystem\nX\x02\x00\x00\x00id\x85R.", "GLOBAL");
	REFUSED("\x80\x04\x8c\x02os\x8c\x06system\x93.", "STACK_GLOBAL");
	REFUSED("\x80\x02}b.", "BUILD");
	REFUSED("\x80\x02(iposix\nsystem\n.", "INST");
	REFUSED("\x80\x02(o.", "OBJ");
	REFUSED("\x80\x02N\x85\x81.", "NEWOBJ");
	REFUSED("\x80\x02X\x01\x00\x00\x00" "aQ.", "BINPERSID");
	REFUSED("\x80\x02\x82\x01.", "EXT");
	/* a list builder name does not make any GLOBAL acceptable */
	REFUSED("\x80\x02" "ctorch.jit._pickle\nbuild_intlistX\n", "GLOBAL");
	/* the builder applied to something else than (list,) */
	REFUSED("\x80\x02" "ctorch.jit._pickle\nbuild_intlist\nK\x01\x85R.", "list builder");
	REFUSED("\x80\x02" "ctorch.jit._pickle\nbuild_intlist\n.", "STOP");
}

Test(pickle, damaged_is_refused)
{
	REFUSED("", "cut short");
	REFUSED("\x80\x02}", "cut short");
	REFUSED("\x80\x09}.", "protocol");
	REFUSED("\x80\x02\xff.", "unknown opcode 0xff");
	REFUSED("\x80\x02X\xff\xff\xff\x7f" "abc.", "longer than the limit");
	REFUSED("\x80\x02X\x10\x00\x00\x00" "abc.", "cut short");
	REFUSED("\x80\x02h\x05.", "memo reference to nothing");
	REFUSED("\x80\x02K", "cut short");
	REFUSED("\x80\x02K\x01K\x02.", "STOP with other than one value");
	REFUSED("\x80\x02(K\x01.", "STOP with other than one value");
	REFUSED("\x80\x02K\x01K\x02u.", "no mark");
	REFUSED("\x80\x02}(K\x01u.", "key without a value");
	REFUSED("\x80\x02K\x01(K\x02" "e.", "another type");
	REFUSED("\x80\x02(K\x02" "e.", "no container below the mark");
	REFUSED("\x80\x02" "a.", "stack underflow");
	REFUSED("\x80\x02\x8a\x09\x00\x00\x00\x00\x00\x00\x00\x00\x00.", "wider than 64 bits");
	REFUSED("\x80\x02r\xff\xff\xff\xff.", "memo of an empty stack");
	REFUSED("\x80\x02Nr\xff\xff\xff\xff.", "memo index beyond the limit");
}

/* A container placed or shared cannot change: no cycle can be built. */
Test(pickle, no_cycles)
{
	/* L = []; L.append(L) through the memo */
	REFUSED("\x80\x02]q\x00h\x00" "a.", "changed after it was placed");
	/* M = [L]; then L.append(M) */
	REFUSED("\x80\x02]q\x00]q\x01h\x00" "a0h\x00h\x01" "a.", "changed after it was placed");
}

Test(pickle, depth_is_bounded)
{
	char b[512];
	size_t n = 0;
	b[n++] = '\x80';
	b[n++] = 2;
	for (int i = 0; i < FL_PV_MAX_DEPTH + 5; i++)
		b[n++] = ']';
	for (int i = 0; i < FL_PV_MAX_DEPTH + 4; i++)
		b[n++] = 'a';
	b[n++] = '.';
	refused(b, n, "nested too deep");
}

/* ---- JSON ---- */

static struct fl_pv_doc *js(const char *s)
{
	struct fl_pv_doc *d = NULL;
	fl_err_clear(&last);
	fl_pv_json_parse(s, strlen(s), &d, &last);
	return d;
}

Test(jsonval, values)
{
	struct fl_pv_doc *d = js(" {\"a\": [1, -2, 2.5e1, true, false, null], "
				 "\"s\": \"x\\u00e9\\ud83d\\ude00\\n\\\"\", \"o\": {}} ");
	cr_assert_not_null(d, "%s", last.msg);
	const struct fl_pv *r = fl_pv_root(d), *a = fl_pv_get(r, "a");
	cr_assert_eq(a->n, 6);
	cr_assert_eq(a->items[1]->type, FL_PV_INT);
	cr_assert_eq(a->items[1]->i, -2);
	cr_assert_eq(a->items[2]->type, FL_PV_FLOAT);
	cr_assert_float_eq(a->items[2]->f, 25.0, 1e-12);
	cr_assert(a->items[3]->b && !a->items[4]->b);
	cr_assert_eq(a->items[5]->type, FL_PV_NONE);
	cr_assert_str_eq(fl_pv_get(r, "s")->s, "x\xc3\xa9\xf0\x9f\x98\x80\n\"");
	cr_assert_eq(fl_pv_get(r, "o")->type, FL_PV_DICT);
	fl_pv_doc_free(d);
}

Test(jsonval, damaged)
{
	const char *bad[] = { "", "{", "[1,]", "{\"a\" 1}", "[1] x", "\"abc", "[tru]",
			      "{1: 2}", "[\"\\x\"]", "[\"a\x01\"]", "[1e999999999999999999999]" };
	for (size_t i = 0; i < sizeof(bad) / sizeof(*bad); i++) {
		struct fl_pv_doc *d = js(bad[i]);
		cr_assert_null(d, "accepted '%s'", bad[i]);
		cr_assert_eq(last.code, FL_EFORMAT);
	}
	char deep[200];
	memset(deep, '[', sizeof(deep) - 1);
	deep[sizeof(deep) - 1] = 0;
	cr_assert_null(js(deep));
	cr_assert(strstr(last.msg, "too deep"), "%s", last.msg);
}

/* ---- Flight Recorder dumps ---- */

Test(frdump, rank_from_name)
{
	cr_assert_eq(fl_frdump_rank("nccl_trace_rank_12"), 12);
	cr_assert_eq(fl_frdump_rank("node1/dumps/job7_fr_3.json"), 3);
	cr_assert_eq(fl_frdump_rank("dir9/trace"), -1);
	cr_assert_eq(fl_frdump_rank("rank_12345678901"), -1);
}

Test(frdump, sniff)
{
	static const char pk2[] = "\x80\x02}(X\x07\x00\x00\x00versionX\x03\x00\x00\x00" "2.4"
				  "X\x09\x00\x00\x00pg_config";
	cr_assert(fl_frdump_sniff((const unsigned char *)pk2, sizeof(pk2) - 1));
	cr_assert_not(fl_frdump_sniff((const unsigned char *)py4, sizeof(py4) - 1));
	static const char j[] = "{\"entries\":[{\"collective_seq_id\":1,\"profiling_name\":\"nccl:all_reduce\"";
	cr_assert(fl_frdump_sniff((const unsigned char *)j, sizeof(j) - 1));
	static const char log[] = "{\"level\": \"info\", \"entries\": 3}";
	cr_assert_not(fl_frdump_sniff((const unsigned char *)log, sizeof(log) - 1));
}

/* torch's dump_json(): sorted keys, 0 for a time not discovered. */
Test(frdump, json_form)
{
	static const char j[] =
		"{\"entries\":[{\"collective_seq_id\":7,\"input_dtypes\":[\"Float\"],"
		"\"input_sizes\":[[1024,4]],\"is_p2p\":false,\"op_id\":7,\"output_dtypes\":[\"Float\"],"
		"\"output_sizes\":[[1024,4]],\"p2p_seq_id\":0,\"pg_id\":0,"
		"\"process_group\":[\"0\",\"default_pg\"],\"profiling_name\":\"nccl:all_reduce\","
		"\"record_id\":6,\"retired\":false,\"state\":\"scheduled\",\"time_created_ns\":17,"
		"\"time_discovered_completed_ns\":0,\"time_discovered_started_ns\":0,"
		"\"timeout_ms\":600000}],\"pg_config\":{\"0\":{\"desc\":\"default_pg\",\"name\":\"0\","
		"\"ranks\":\"[0, 1]\"}},\"pg_status\":{\"0\":{\"last_completed_collective\":\"6\","
		"\"last_enqueued_collective\":\"7\",\"last_started_collective\":\"6\"}},"
		"\"version\":\"2.4\"}";
	struct fl_frdump *d = NULL;
	struct fl_err err;
	cr_assert_eq(fl_frdump_parse(j, sizeof(j) - 1, &d, &err), 0, "%s", err.msg);
	cr_assert_str_eq(d->version, "2.4");
	cr_assert_eq(d->nentries, 1);
	const struct fl_fr_entry *e = &d->entries[0];
	cr_assert_eq(e->collective_seq_id, 7);
	cr_assert_str_eq(e->pg_name, "0");
	cr_assert_str_eq(e->pg_desc, "default_pg");
	cr_assert_str_eq(e->input_sizes, "[[1024,4]]");
	cr_assert_str_eq(e->input_dtypes, "[\"Float\"]");
	cr_assert_eq(e->time_started_ns, -1);
	cr_assert_eq(e->is_p2p, 0);
	cr_assert_null(e->frames);
	cr_assert_eq(d->npgs, 1);
	cr_assert_str_eq(d->pgs[0].ranks, "[0, 1]");
	/* pg_status, keyed by pg_id, lands on the group its entries name */
	cr_assert_eq(d->pgs[0].last_enqueued, 7);
	cr_assert_eq(d->pgs[0].last_started, 6);
	cr_assert_eq(d->pgs[0].last_completed, 6);
	fl_frdump_free(d);
}

Test(frdump, not_a_dump)
{
	struct fl_frdump *d = NULL;
	struct fl_err err;
	cr_assert_eq(fl_frdump_parse("[1]", 3, &d, &err), FL_EFORMAT);
	cr_assert_eq(fl_frdump_parse("{\"a\":1}", 7, &d, &err), FL_EFORMAT);
	cr_assert(strstr(err.msg, "no entries"), "%s", err.msg);
	cr_assert_eq(fl_frdump_parse("{\"entries\":5}", 13, &d, &err), FL_EFORMAT);
	cr_assert_null(d);
}
