/* SPDX-License-Identifier: MIT */
/*
 * pickle.c - a pickle decoded as data, never executed.
 *
 * Flight Recorder dumps are written by torch's C++ pickler (the jit
 * Pickler with type tags off: protocol 2, EMPTY_DICT / EMPTY_LIST filled
 * between MARK and SETITEMS / APPENDS, TUPLE1..3, BINUNICODE, BININT*,
 * LONG1, BINFLOAT, NEWTRUE/NEWFALSE, NONE, and BINPUT / BINGET for
 * strings and shared values), or re-saved by Python's pickle (protocols
 * 2 to 5 add FRAME, MEMOIZE, SHORT_BINUNICODE...). This decoder knows
 * exactly the opcodes that build plain values. Everything that names or
 * calls code - GLOBAL, STACK_GLOBAL, REDUCE, BUILD, INST, OBJ, NEWOBJ,
 * PERSID, EXT - is refused with its name and offset, except one pair
 * that is data: the jit Pickler writes a list of ints, floats or bools
 * as GLOBAL torch.jit._pickle build_intlist (build_doublelist,
 * build_boollist) applied by REDUCE to a one-list tuple, and, with type
 * tags on, a container as restore_type_tag applied to (container, type
 * name); the container is taken as is and nothing is looked up.
 *
 * Bounds: the stack and the mark stack are limited, the memo index to
 * twice the value limit, and every length is checked against what is
 * left of the input before it is read.
 * Tested by: tests/unit/test_pickle.c, tests/fuzz/fuzz_pickle.c
 */
#include "ingest_int.h"

#include <stdlib.h>
#include <string.h>

#define MAX_STACK (1u << 20)
#define MAX_MARKS 4096

struct dec {
	const unsigned char *p;
	size_t n, pos;
	size_t op_at; /* offset of the opcode being decoded */
	struct fl_pv_doc *doc;
	struct fl_pv **stack;
	size_t sp, scap;
	size_t *marks;
	size_t nmarks, mcap;
	struct fl_pv **memo;
	size_t mlen;   /* slots of memo */
	size_t mcount; /* slots set: MEMOIZE's index, as in Python */
	struct fl_err *err;
};

/* Markers on the stack for the GLOBALs taken as data (see top). */
static struct fl_pv listfn, tagfn;

static int fail(struct dec *d, const char *why)
{
	return fl_err_set(d->err, FL_EFORMAT, "pickle: %s at byte %zu", why, d->op_at);
}

static int need(struct dec *d, size_t k, const unsigned char **at)
{
	if (d->n - d->pos < k)
		return fail(d, "data cut short");
	*at = d->p + d->pos;
	d->pos += k;
	return 0;
}

static uint64_t le(const unsigned char *b, size_t k)
{
	uint64_t v = 0;
	for (size_t i = k; i > 0; i--)
		v = v << 8 | b[i - 1];
	return v;
}

static int push(struct dec *d, struct fl_pv *v)
{
	if (!v)
		return fail(d, "too many values");
	if (d->sp >= MAX_STACK)
		return fail(d, "stack too deep");
	FL_GROW(d->stack, d->scap, d->sp + 1);
	d->stack[d->sp++] = v;
	return 0;
}

static struct fl_pv *pop(struct dec *d)
{
	size_t floor = d->nmarks ? d->marks[d->nmarks - 1] : 0;
	return d->sp > floor ? d->stack[--d->sp] : NULL;
}

static struct fl_pv *top(struct dec *d)
{
	size_t floor = d->nmarks ? d->marks[d->nmarks - 1] : 0;
	return d->sp > floor ? d->stack[d->sp - 1] : NULL;
}

static int new_value(struct dec *d, enum fl_pv_type t, struct fl_pv **out)
{
	*out = pv_new(d->doc, t);
	return *out ? 0 : fail(d, "too many values");
}

static int scalar_int(struct dec *d, int64_t v)
{
	struct fl_pv *x;
	int rc = new_value(d, FL_PV_INT, &x);
	if (rc)
		return rc;
	x->i = v;
	x->sealed = true;
	return push(d, x);
}

/* LONG1: a little-endian two's complement integer of k bytes. */
static int long_int(struct dec *d, size_t k)
{
	const unsigned char *b = NULL;
	if (k > 8)
		return fail(d, "integer wider than 64 bits");
	int rc = need(d, k, &b);
	if (rc)
		return rc;
	uint64_t u = le(b, k);
	if (k && k < 8 && (b[k - 1] & 0x80))
		u |= ~(uint64_t)0 << (8 * k);
	return scalar_int(d, (int64_t)u);
}

static int binfloat(struct dec *d)
{
	const unsigned char *b = NULL;
	int rc = need(d, 8, &b);
	if (rc)
		return rc;
	uint64_t u = 0;
	for (int i = 0; i < 8; i++)
		u = u << 8 | b[i];
	struct fl_pv *x;
	if ((rc = new_value(d, FL_PV_FLOAT, &x)))
		return rc;
	memcpy(&x->f, &u, sizeof(x->f));
	x->sealed = true;
	return push(d, x);
}

/* A string or bytes value whose length is a k-byte little-endian count. */
static int sized(struct dec *d, size_t k, enum fl_pv_type t)
{
	const unsigned char *b = NULL, *s = NULL;
	int rc = need(d, k, &b);
	if (rc)
		return rc;
	uint64_t len = le(b, k);
	if (len > FL_PV_MAX_STR)
		return fail(d, "string longer than the limit");
	if ((rc = need(d, (size_t)len, &s)))
		return rc;
	struct fl_pv *x = pv_new_str(d->doc, t, (const char *)s, (size_t)len);
	return push(d, x);
}

static int append_or_fail(struct dec *d, struct fl_pv *c, struct fl_pv *item)
{
	if (item == &listfn || c == &listfn || item == &tagfn || c == &tagfn)
		return fail(d, "a list builder used as a value");
	const char *why = pv_append(c, item);
	return why ? fail(d, why) : 0;
}

/* Items from the last mark to the top, removed with the mark, into c
 * (pairs for a dict). */
static int fill_from_mark(struct dec *d, struct fl_pv *c)
{
	if (!d->nmarks)
		return fail(d, "no mark");
	size_t from = d->marks[--d->nmarks];
	if (c->type == FL_PV_DICT && (d->sp - from) % 2)
		return fail(d, "a key without a value");
	for (size_t i = from; i < d->sp; i++) {
		int rc = append_or_fail(d, c, d->stack[i]);
		if (rc)
			return rc;
	}
	d->sp = from;
	return 0;
}

static int container(struct dec *d, enum fl_pv_type t)
{
	struct fl_pv *x;
	int rc = new_value(d, t, &x);
	return rc ? rc : push(d, x);
}

/* APPENDS, SETITEMS: the container is just below the mark. */
static int fill_below_mark(struct dec *d, enum fl_pv_type t)
{
	if (!d->nmarks)
		return fail(d, "no mark");
	if (d->marks[d->nmarks - 1] == 0)
		return fail(d, "no container below the mark");
	struct fl_pv *c = d->stack[d->marks[d->nmarks - 1] - 1];
	if (c->type != t)
		return fail(d, "items added to a value of another type");
	return fill_from_mark(d, c);
}

/* APPEND (k = 1) and SETITEM (k = 2): the container is below k values. */
static int fill_top(struct dec *d, size_t k, enum fl_pv_type t)
{
	size_t floor = d->nmarks ? d->marks[d->nmarks - 1] : 0;
	if (d->sp < floor + k + 1)
		return fail(d, "stack underflow");
	struct fl_pv *c = d->stack[d->sp - k - 1];
	if (c->type != t)
		return fail(d, "items added to a value of another type");
	for (size_t i = d->sp - k; i < d->sp; i++) {
		int rc = append_or_fail(d, c, d->stack[i]);
		if (rc)
			return rc;
	}
	d->sp -= k;
	return 0;
}

/* TUPLE1..3: the top k values. */
static int tuple_top(struct dec *d, size_t k)
{
	size_t floor = d->nmarks ? d->marks[d->nmarks - 1] : 0;
	if (d->sp < floor + k)
		return fail(d, "stack underflow");
	struct fl_pv *x;
	int rc = new_value(d, FL_PV_TUPLE, &x);
	for (size_t i = d->sp - k; !rc && i < d->sp; i++)
		rc = append_or_fail(d, x, d->stack[i]);
	if (rc)
		return rc;
	x->sealed = true;
	d->sp -= k;
	return push(d, x);
}

static int mark(struct dec *d)
{
	if (d->nmarks >= MAX_MARKS)
		return fail(d, "too many marks");
	FL_GROW(d->marks, d->mcap, d->nmarks + 1);
	d->marks[d->nmarks++] = d->sp;
	return 0;
}

static int memo_put(struct dec *d, uint64_t idx)
{
	struct fl_pv *v = top(d);
	if (!v)
		return fail(d, "memo of an empty stack");
	if (idx >= 2 * (uint64_t)FL_PV_MAX_NODES)
		return fail(d, "memo index beyond the limit");
	if (idx >= d->mlen) {
		size_t cap = d->mlen;
		FL_GROW(d->memo, cap, (size_t)idx + 1);
		memset(d->memo + d->mlen, 0, (cap - d->mlen) * sizeof(*d->memo));
		d->mlen = cap;
	}
	if (!d->memo[idx])
		d->mcount++;
	d->memo[idx] = v;
	return 0;
}

static int memo_get(struct dec *d, uint64_t idx)
{
	if (idx >= d->mlen || !d->memo[idx])
		return fail(d, "memo reference to nothing");
	struct fl_pv *v = d->memo[idx];
	if (v == &listfn || v == &tagfn)
		return push(d, v);
	/* Shared from now on: see pv_append(). */
	v->sealed = true;
	return push(d, v);
}

static int memo_k(struct dec *d, size_t k, bool put)
{
	const unsigned char *b = NULL;
	int rc = need(d, k, &b);
	if (rc)
		return rc;
	return put ? memo_put(d, le(b, k)) : memo_get(d, le(b, k));
}

/* GLOBAL "module\nname\n": only torch.jit._pickle's list builders. */
static int global(struct dec *d)
{
	static const char *const ok[] = { "torch.jit._pickle\nbuild_intlist\n",
					  "torch.jit._pickle\nbuild_doublelist\n",
					  "torch.jit._pickle\nbuild_boollist\n" };
	static const char tag[] = "torch.jit._pickle\nrestore_type_tag\n";
	for (size_t i = 0; i < sizeof(ok) / sizeof(*ok); i++) {
		size_t k = strlen(ok[i]);
		if (d->n - d->pos >= k && memcmp(d->p + d->pos, ok[i], k) == 0) {
			d->pos += k;
			return push(d, &listfn);
		}
	}
	if (d->n - d->pos >= sizeof(tag) - 1 && memcmp(d->p + d->pos, tag, sizeof(tag) - 1) == 0) {
		d->pos += sizeof(tag) - 1;
		return push(d, &tagfn);
	}
	return fail(d, "opcode GLOBAL refused (it names code to run)");
}

/* REDUCE of a list builder on (list,), or of restore_type_tag on
 * (container, type name): the container itself. */
static int reduce(struct dec *d)
{
	struct fl_pv *args = pop(d), *fn = pop(d);
	if ((fn != &listfn && fn != &tagfn) || !args)
		return fail(d, "opcode REDUCE refused (it calls code)");
	if (args->type != FL_PV_TUPLE || !args->n)
		return fail(d, "a list builder applied to something else than a tuple");
	struct fl_pv *c = args->items[0];
	bool ok = fn == &listfn ? args->n == 1 && c->type == FL_PV_LIST
				: args->n == 2 && (c->type == FL_PV_LIST || c->type == FL_PV_DICT);
	if (!ok)
		return fail(d, "a list builder applied to something else than a list");
	return push(d, c);
}

static int simple(struct dec *d, enum fl_pv_type t, bool b)
{
	struct fl_pv *x;
	int rc = new_value(d, t, &x);
	if (rc)
		return rc;
	x->b = b;
	x->sealed = true;
	return push(d, x);
}

static int fixed_int(struct dec *d, size_t k, bool is_signed)
{
	const unsigned char *b = NULL;
	int rc = need(d, k, &b);
	if (rc)
		return rc;
	uint64_t u = le(b, k);
	return scalar_int(d, is_signed ? (int64_t)(int32_t)(uint32_t)u : (int64_t)u);
}

static int op_name_fail(struct dec *d, unsigned op)
{
	const char *name = NULL;
	switch (op) {
	case 'c': name = "GLOBAL"; break;
	case 0x93: name = "STACK_GLOBAL"; break;
	case 'R': name = "REDUCE"; break;
	case 'b': name = "BUILD"; break;
	case 'i': name = "INST"; break;
	case 'o': name = "OBJ"; break;
	case 0x81: name = "NEWOBJ"; break;
	case 0x92: name = "NEWOBJ_EX"; break;
	case 'P': name = "PERSID"; break;
	case 'Q': name = "BINPERSID"; break;
	case 0x82: case 0x83: case 0x84: name = "EXT"; break;
	default: break;
	}
	char why[96];
	if (name)
		snprintf(why, sizeof(why), "opcode %s refused (it runs code)", name);
	else
		snprintf(why, sizeof(why), "unknown opcode 0x%02x", op);
	return fail(d, why);
}

/* One opcode; 1 at STOP. */
static int step(struct dec *d)
{
	const unsigned char *b = NULL;
	d->op_at = d->pos;
	int rc = need(d, 1, &b);
	if (rc)
		return rc;
	unsigned op = b[0];
	switch (op) {
	case 0x80: /* PROTO */
		if ((rc = need(d, 1, &b)))
			return rc;
		return b[0] >= 2 && b[0] <= 5 ? 0 : fail(d, "pickle protocol not 2 to 5");
	case 0x95: /* FRAME: a length hint only */
		return need(d, 8, &b);
	case '.': return 1;
	case 'N': return simple(d, FL_PV_NONE, false);
	case 0x88: return simple(d, FL_PV_BOOL, true);
	case 0x89: return simple(d, FL_PV_BOOL, false);
	case 'K': return fixed_int(d, 1, false);
	case 'M': return fixed_int(d, 2, false);
	case 'J': return fixed_int(d, 4, true);
	case 0x8a: /* LONG1 */
		if ((rc = need(d, 1, &b)))
			return rc;
		return long_int(d, b[0]);
	case 'G': return binfloat(d);
	case 'X': return sized(d, 4, FL_PV_STR);
	case 0x8c: return sized(d, 1, FL_PV_STR);
	case 0x8d: return sized(d, 8, FL_PV_STR);
	case 'T': case 'B': return sized(d, 4, FL_PV_BYTES);
	case 'U': case 'C': return sized(d, 1, FL_PV_BYTES);
	case 0x8e: case 0x96: return sized(d, 8, FL_PV_BYTES);
	case ']': return container(d, FL_PV_LIST);
	case '}': return container(d, FL_PV_DICT);
	case ')': return tuple_top(d, 0);
	case 0x85: return tuple_top(d, 1);
	case 0x86: return tuple_top(d, 2);
	case 0x87: return tuple_top(d, 3);
	case '(': return mark(d);
	case 'a': return fill_top(d, 1, FL_PV_LIST);
	case 's': return fill_top(d, 2, FL_PV_DICT);
	case 'e': return fill_below_mark(d, FL_PV_LIST);
	case 'u': return fill_below_mark(d, FL_PV_DICT);
	case 'l': case 't': case 'd': {
		enum fl_pv_type t = op == 'l' ? FL_PV_LIST : op == 't' ? FL_PV_TUPLE : FL_PV_DICT;
		struct fl_pv *x;
		if ((rc = new_value(d, t, &x)) || (rc = fill_from_mark(d, x)))
			return rc;
		x->sealed = t == FL_PV_TUPLE;
		return push(d, x);
	}
	case '0': return pop(d) ? 0 : fail(d, "stack underflow");
	case '1':
		if (!d->nmarks)
			return fail(d, "no mark");
		d->sp = d->marks[--d->nmarks];
		return 0;
	case 'q': return memo_k(d, 1, true);
	case 'r': return memo_k(d, 4, true);
	case 0x94: return memo_put(d, d->mcount);
	case 'h': return memo_k(d, 1, false);
	case 'j': return memo_k(d, 4, false);
	case 'c': return global(d);
	case 'R': return reduce(d);
	default: return op_name_fail(d, op);
	}
}

static void dec_release(struct dec *d)
{
	free(d->stack);
	free(d->marks);
	free(d->memo);
}

int fl_pickle_parse(const void *p, size_t n, struct fl_pv_doc **out, struct fl_err *err)
{
	struct dec d = { .p = p, .n = n, .doc = pv_doc_new(), .err = err };
	*out = NULL;
	int rc;
	while ((rc = step(&d)) == 0)
		;
	if (rc == 1) {
		d.op_at = d.pos;
		if (d.nmarks || d.sp != 1 || d.stack[0] == &listfn || d.stack[0] == &tagfn)
			rc = fail(&d, "STOP with other than one value on the stack");
		else
			rc = 0;
	}
	if (rc == 0) {
		d.doc->root = d.stack[0];
		*out = d.doc;
	} else {
		fl_pv_doc_free(d.doc);
	}
	dec_release(&d);
	return rc;
}
