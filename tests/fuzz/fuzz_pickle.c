/* SPDX-License-Identifier: MIT */
/*
 * fuzz_pickle.c - Flight Recorder dumps: the pickle decoder, the JSON
 * decoder and the dump reader on top (src/ingest/pickle.c, jsonval.c,
 * frdump.c).
 *
 * Input: the bytes of a dump member. Each decoder either fails with
 * FL_EFORMAT and a reason, or returns a tree within the limits that
 * ingest.h promises: no value nested deeper than FL_PV_MAX_DEPTH, every
 * dict of key-value pairs, every string NUL-terminated at its length.
 * The tree is walked with a budget, since memo references may share
 * values (a DAG).
 */
#include "fuzz.h"

#include <string.h>

#include "faultline/ingest.h"

static void walk(const struct fl_pv *v, int depth, size_t *budget)
{
	FUZZ_ASSERT(depth <= FL_PV_MAX_DEPTH);
	FUZZ_ASSERT(v->depth <= FL_PV_MAX_DEPTH);
	if (*budget == 0)
		return;
	(*budget)--;
	switch (v->type) {
	case FL_PV_STR:
	case FL_PV_BYTES:
		FUZZ_ASSERT(v->s && v->s[v->len] == 0 && v->len <= FL_PV_MAX_STR);
		break;
	case FL_PV_DICT:
		FUZZ_ASSERT(v->n % 2 == 0);
		/* fall through */
	case FL_PV_LIST:
	case FL_PV_TUPLE:
		for (size_t i = 0; i < v->n; i++) {
			FUZZ_ASSERT(v->items[i]->depth < v->depth);
			walk(v->items[i], depth + 1, budget);
		}
		break;
	default:
		break;
	}
}

static void check_doc(int rc, struct fl_pv_doc *d, const struct fl_err *err)
{
	if (rc) {
		FUZZ_ASSERT(rc == FL_EFORMAT && d == NULL && err->msg[0]);
		return;
	}
	size_t budget = 100000;
	walk(fl_pv_root(d), 0, &budget);
	fl_pv_doc_free(d);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fl_err err;
	struct fl_pv_doc *d = NULL;
	fl_err_clear(&err);
	int rc = fl_pickle_parse(data, size, &d, &err);
	check_doc(rc, d, &err);
	d = NULL;
	fl_err_clear(&err);
	rc = fl_pv_json_parse(data, size, &d, &err);
	check_doc(rc, d, &err);

	struct fl_frdump *fr = NULL;
	rc = fl_frdump_parse(data, size, &fr, &err);
	FUZZ_ASSERT((rc == 0) == (fr != NULL));
	if (fr) {
		FUZZ_ASSERT(fr->nentries <= FL_FRDUMP_MAX_ENTRIES);
		for (size_t i = 0; i < fr->nentries; i++)
			FUZZ_ASSERT(!fr->entries[i].input_sizes ||
				    strlen(fr->entries[i].input_sizes) <= 1024);
		fl_frdump_free(fr);
	}
	(void)fl_frdump_sniff(data, size);
	return 0;
}
