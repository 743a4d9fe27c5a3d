/* SPDX-License-Identifier: MIT */
/*
 * analyze.c - the verdict: status, first failure, likely cause, ranks.
 *
 * Order of work:
 *   1. load the run's events and classify each (rules.c): primary
 *      failures, secondary consequences, signals;
 *   2. estimate host clock offsets (clock.c) and correct every time;
 *   3. find the hang point (hang.c), the training state and configuration,
 *      and the findings (findings.c);
 *   4. the first failure is the earliest primary event in corrected time
 *      (priority breaks ties): consequences - timeouts, SIGTERMs, peers'
 *      socket errors - never qualify while a primary exists;
 *   5. rank the candidate causes and write the summary and signature.
 * Tested by: tests/e2e (every scenario's expected verdict)
 */
#include "analyze_int.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

int prepare(struct ctx *c, const char *sql, struct fl_stmt **st)
{
	return fl_store_prepare(c->s, sql, st, c->err);
}

char *dup_or_null(struct fl_stmt *st, int col)
{
	return fl_stmt_null(st, col) ? NULL : fl_xstrdup(fl_stmt_text(st, col));
}

/* ---- fields: our own flat JSON objects {"k":"v","n":1} ---- */

static const char *skip_string(const char *p)
{
	for (p++; *p && *p != '"'; p++)
		if (*p == '\\' && p[1])
			p++;
	return *p ? p + 1 : p;
}

bool ev_field(const struct ev *e, const char *key, struct fl_buf *out)
{
	const char *p = e->fields;
	size_t klen = strlen(key);
	if (!p || *p != '{')
		return false;
	p++;
	while (*p == '"') {
		const char *k = p + 1;
		const char *kend = skip_string(p) - 1;
		p = kend + 1;
		if (*p != ':')
			return false;
		p++;
		bool hit = (size_t)(kend - k) == klen && !memcmp(k, key, klen);
		const char *v = p;
		p = *p == '"' ? skip_string(p) : p + strcspn(p, ",}");
		if (hit) {
			fl_buf_reset(out);
			if (*v != '"') {
				fl_buf_add(out, v, (size_t)(p - v));
				return true;
			}
			for (const char *q = v + 1; q < p - 1; q++) {
				if (*q != '\\') {
					fl_buf_addc(out, *q);
					continue;
				}
				q++;
				switch (*q) {
				case 'n': fl_buf_addc(out, '\n'); break;
				case 't': fl_buf_addc(out, '\t'); break;
				case 'r': fl_buf_addc(out, '\r'); break;
				case 'u': q += 4; fl_buf_addc(out, '?'); break;
				default: fl_buf_addc(out, *q);
				}
			}
			return true;
		}
		if (*p == ',')
			p++;
	}
	return false;
}

bool ev_field_int(const struct ev *e, const char *key, int64_t *out)
{
	struct fl_buf b = FL_BUF_INIT;
	bool ok = ev_field(e, key, &b);
	char *end = NULL;
	if (ok) {
		*out = strtoll(b.ptr, &end, 10);
		ok = end != b.ptr && *end == '\0';
	}
	fl_buf_release(&b);
	return ok;
}

/* ---- loading ---- */

static int load_run(struct ctx *c)
{
	struct fl_stmt *st;
	int rc = prepare(c, "SELECT bundle, sha256, ranks, hosts, files, lines, events, ingested_at"
			    " FROM runs WHERE id = ?1 AND sha256 IS NOT NULL", &st);
	if (rc)
		return rc;
	fl_stmt_bind_int(st, 1, c->run);
	if (fl_stmt_step(st) != 1) {
		fl_stmt_free(st);
		return fl_err_set(c->err, FL_ENOTFOUND, "no run %lld in the store", (long long)c->run);
	}
	struct fl_analysis *a = c->a;
	a->run_id = c->run;
	a->bundle = fl_xstrdup(fl_stmt_text(st, 0));
	a->sha256 = fl_xstrdup(fl_stmt_text(st, 1));
	a->nranks = fl_stmt_int(st, 2);
	a->nhosts = fl_stmt_int(st, 3);
	a->nfiles = fl_stmt_int(st, 4);
	a->nlines = fl_stmt_int(st, 5);
	a->nevents = fl_stmt_int(st, 6);
	a->ingested_at = fl_stmt_int(st, 7);
	fl_stmt_free(st);
	if (prepare(c, "SELECT path, reason FROM skipped WHERE run_id = ?1 ORDER BY rowid", &st) == 0) {
		fl_stmt_bind_int(st, 1, c->run);
		size_t cap = 0;
		while (fl_stmt_step(st) == 1) {
			FL_GROW(a->skipped, cap, a->nskipped + 1);
			a->skipped[a->nskipped].path = fl_xstrdup(fl_stmt_text(st, 0));
			a->skipped[a->nskipped++].reason = fl_xstrdup(fl_stmt_text(st, 1));
		}
		fl_stmt_free(st);
	}
	return FL_OK;
}

/* Events that can matter for a verdict: everything but routine info, the
 * most severe first when a bundle has more than MAX_EVENTS of them (a
 * warning storm must not make the analysis' memory grow without bound). */
#define MAX_EVENTS 200000

static int load_events(struct ctx *c)
{
	struct fl_stmt *st;
	int rc = prepare(c,
			 "SELECT e.id, f.path, e.line, IFNULL(e.rank, -1), IFNULL(e.local_rank, -1),"
			 " IFNULL(e.pid, -1), e.host, e.ts, e.ts_kind, e.kind, e.pattern, e.fields, e.text,"
			 " e.severity FROM events e JOIN files f ON f.id = e.file_id WHERE e.id IN"
			 " (SELECT id FROM events WHERE run_id = ?1"
			 "  AND (severity >= 1 OR kind IN ('nccl.init_start', 'nccl.init_complete',"
			 "  'train.overflow', 'launcher.child_failed', 'launcher.root_cause'))"
			 "  ORDER BY severity DESC, id LIMIT ?2)"
			 " ORDER BY e.id",
			 &st);
	if (rc)
		return rc;
	fl_stmt_bind_int(st, 1, c->run);
	fl_stmt_bind_int(st, 2, MAX_EVENTS);
	size_t cap = 0;
	while (fl_stmt_step(st) == 1) {
		FL_GROW(c->ev, cap, c->nev + 1);
		struct ev *e = &c->ev[c->nev++];
		memset(e, 0, sizeof(*e));
		e->id = fl_stmt_int(st, 0);
		e->file = fl_xstrdup(fl_stmt_text(st, 1));
		e->line = fl_stmt_int(st, 2);
		e->rank = fl_stmt_int(st, 3);
		e->local_rank = fl_stmt_int(st, 4);
		e->pid = fl_stmt_int(st, 5);
		e->host = dup_or_null(st, 6);
		e->ts = fl_stmt_null(st, 7) ? FL_TIME_NONE : fl_stmt_int(st, 7);
		e->ts_kind = (int)fl_stmt_int(st, 8);
		e->kind = fl_xstrdup(fl_stmt_text(st, 9));
		e->pattern = fl_xstrdup(fl_stmt_text(st, 10));
		e->fields = dup_or_null(st, 11);
		e->text = fl_xstrdup(fl_stmt_text(st, 12));
		e->severity = (int)fl_stmt_int(st, 13);
		rules_classify(e);
	}
	fl_stmt_free(st);
	return FL_OK;
}

/* Host and rank of the GPU an Xid names, via NCCL's busId of each rank:
 * PCI "0000:9b:00.0" (or the Xid's "0000:9b:00") is NCCL's "9b000":
 * bus, device and function digits, leading zeros dropped. */
static void bus_key(const char *pci, char *key, size_t cap)
{
	const char *p = pci;
	if (strchr(p, ':') && strchr(strchr(p, ':') + 1, ':'))
		p = strchr(p, ':') + 1; /* drop the PCI domain */
	size_t k = 0;
	bool func = false;
	for (; *p && k + 2 < cap; p++) {
		if (*p == '.')
			func = true;
		else if (*p != ':')
			key[k++] = (char)tolower((unsigned char)*p);
	}
	if (!func && k + 1 < cap)
		key[k++] = '0';
	key[k] = '\0';
	size_t z = strspn(key, "0");
	if (z == k)
		z = k ? k - 1 : 0;
	memmove(key, key + z, k - z + 1);
}

static void resolve_bus(struct ctx *c, struct ev *e)
{
	struct fl_buf bus = FL_BUF_INIT;
	if (e->rank >= 0 || !e->host || !ev_field(e, "bus", &bus)) {
		fl_buf_release(&bus);
		return;
	}
	char key[32];
	bus_key(bus.ptr, key, sizeof(key));
	struct fl_stmt *st;
	if (prepare(c, "SELECT rank FROM procs WHERE run_id = ?1 AND host = ?2 AND rank IS NOT NULL"
		       " AND ltrim(lower(bus_id), '0') = ?3", &st) == 0) {
		fl_stmt_bind_int(st, 1, c->run);
		fl_stmt_bind_text(st, 2, e->host);
		fl_stmt_bind_text(st, 3, key);
		if (fl_stmt_step(st) == 1)
			e->rank = fl_stmt_int(st, 0);
		fl_stmt_free(st);
	}
	fl_buf_release(&bus);
}

/* A kernel OOM kill names a pid; NCCL prefixes and launcher lines tie
 * pids to ranks. */
static void resolve_pid(struct ctx *c, struct ev *e)
{
	int64_t pid;
	if (e->rank >= 0 || !ev_field_int(e, "victim_pid", &pid))
		return;
	struct fl_stmt *st;
	if (prepare(c, "SELECT rank FROM procs WHERE run_id = ?1 AND pid = ?2 AND rank IS NOT NULL"
		       " AND (?3 IS NULL OR host = ?3) UNION ALL SELECT rank FROM events WHERE"
		       " run_id = ?1 AND kind IN ('launcher.worker_failed', 'launcher.child_failed')"
		       " AND pid = ?2 AND rank IS NOT NULL LIMIT 1", &st))
		return;
	fl_stmt_bind_int(st, 1, c->run);
	fl_stmt_bind_int(st, 2, pid);
	fl_stmt_bind_text(st, 3, e->host);
	if (fl_stmt_step(st) == 1)
		e->rank = fl_stmt_int(st, 0);
	fl_stmt_free(st);
}

/* The host behind the peer address an IB or socket error names
 * ("10.50.0.48<52277>"), from the addresses NCCL printed for each host
 * (NET/IB OOB, NET/Socket and Bootstrap interface lines). */
static char *peer_host(struct ctx *c, const struct ev *e)
{
	struct fl_buf peer = FL_BUF_INIT;
	char *host = NULL;
	if (ev_field(e, "peer", &peer) && peer.len) {
		size_t n = strcspn(peer.ptr, "<");
		peer.ptr[n] = '\0';
		struct fl_stmt *st;
		if (n && prepare(c, "SELECT host FROM events WHERE run_id = ?1 AND host IS NOT NULL AND kind"
				    " IN ('nccl.ib_devices', 'nccl.socket_devices', 'nccl.bootstrap_if') AND"
				    " (instr(json_extract(fields, '$.oob_addr'), ?2 || '<') = 1 OR"
				    "  instr(json_extract(fields, '$.addr'), ?2 || '<') = 1) LIMIT 1", &st) == 0) {
			fl_stmt_bind_int(st, 1, c->run);
			fl_stmt_bind_text(st, 2, peer.ptr);
			if (fl_stmt_step(st) == 1)
				host = dup_or_null(st, 0);
			fl_stmt_free(st);
		}
	}
	fl_buf_release(&peer);
	return host;
}

/* A traceback or exception after which the same file went on logging
 * training steps was handled (or only logged): it did not end the job. */
static void demote_handled(struct ctx *c, struct ev *e)
{
	if (e->role != ROLE_PRIMARY ||
	    (strcmp(e->kind, "proc.traceback") != 0 && strcmp(e->kind, "proc.exception") != 0))
		return;
	struct fl_stmt *st;
	if (prepare(c, "SELECT 1 FROM steps s JOIN files f ON f.id = s.file_id WHERE s.run_id = ?1"
		       " AND f.path = ?2 AND s.line > ?3 LIMIT 1", &st))
		return;
	fl_stmt_bind_int(st, 1, c->run);
	fl_stmt_bind_text(st, 2, e->file);
	fl_stmt_bind_int(st, 3, e->line);
	if (fl_stmt_step(st) == 1)
		e->role = ROLE_SIGNAL;
	fl_stmt_free(st);
}

/* Host of a rank, from the ranks table. */
static char *rank_host(struct ctx *c, int64_t rank)
{
	struct fl_stmt *st;
	char *h = NULL;
	if (rank < 0 || prepare(c, "SELECT host FROM ranks WHERE run_id = ?1 AND rank = ?2", &st))
		return NULL;
	fl_stmt_bind_int(st, 1, c->run);
	fl_stmt_bind_int(st, 2, rank);
	if (fl_stmt_step(st) == 1)
		h = dup_or_null(st, 0);
	fl_stmt_free(st);
	return h;
}

static void correct_times(struct ctx *c)
{
	for (size_t i = 0; i < c->nev; i++) {
		struct ev *e = &c->ev[i];
		if (!e->host && e->rank >= 0)
			e->host = rank_host(c, e->rank);
		e->cts = clock_correct(c, e->host, e->ts);
	}
}

/* ---- first failure and causes ---- */

/* Earlier in corrected time; unknown times sort last; then priority. */
static bool before(const struct ev *x, const struct ev *y)
{
	if (x->cts != FL_TIME_NONE && y->cts != FL_TIME_NONE && x->cts != y->cts)
		return x->cts < y->cts;
	if ((x->cts == FL_TIME_NONE) != (y->cts == FL_TIME_NONE))
		return x->cts != FL_TIME_NONE;
	if (x->priority != y->priority)
		return x->priority > y->priority;
	return x->id < y->id;
}

/* The rank torchrun names under "Root Cause (first observed failure)":
 * the ChildFailedError entry that follows that header in the same file. */
static int64_t launcher_root_rank(const struct ctx *c)
{
	for (size_t i = 0; i < c->nev; i++) {
		if (strcmp(c->ev[i].kind, "launcher.root_cause") != 0)
			continue;
		for (size_t j = i + 1; j < c->nev; j++)
			if (!strcmp(c->ev[j].kind, "launcher.child_failed") &&
			    !strcmp(c->ev[j].file, c->ev[i].file) && c->ev[j].line > c->ev[i].line)
				return c->ev[j].rank;
	}
	return -1;
}

static const struct ev *first_primary(struct ctx *c)
{
	const struct ev *best = NULL;
	for (size_t i = 0; i < c->nev; i++)
		if (c->ev[i].role == ROLE_PRIMARY && (!best || before(&c->ev[i], best)))
			best = &c->ev[i];
	if (!best || best->cts != FL_TIME_NONE)
		return best;
	/* No primary has a time: order evidence instead. The launcher saw
	 * which worker failed first. */
	int64_t root = launcher_root_rank(c);
	for (size_t i = 0; root >= 0 && i < c->nev; i++)
		if (c->ev[i].role == ROLE_PRIMARY && c->ev[i].rank == root)
			return &c->ev[i];
	return best;
}

static char *first_line(const char *text)
{
	size_t n = strcspn(text, "\n");
	return fl_xstrndup(text, n > 2000 ? 2000 : n);
}

static void set_first(struct ctx *c, const struct ev *e)
{
	struct fl_first_failure *f = &c->a->first;
	f->set = true;
	f->rank = e->rank;
	f->host = e->host ? fl_xstrdup(e->host) : rank_host(c, e->rank);
	f->ts = e->cts;
	f->kind = fl_xstrdup(e->kind);
	f->message = first_line(e->text);
	f->file = fl_xstrdup(e->file);
	f->line = e->line;
}

struct cand {
	const char *cause;
	int score;
	const struct ev *lead; /* the event the explanation is about */
	size_t nev;
};

static struct cand *cand_get(struct cand *v, size_t *n, const char *cause)
{
	for (size_t i = 0; i < *n; i++)
		if (!strcmp(v[i].cause, cause))
			return &v[i];
	memset(&v[*n], 0, sizeof(v[*n]));
	v[*n].cause = cause;
	return &v[(*n)++];
}

static void cause_init(struct fl_cause *k, const char *id, const char *confidence, char *expl)
{
	memset(k, 0, sizeof(*k));
	k->id = id;
	k->confidence = confidence;
	k->explanation = expl;
}

static void remediation_add(struct fl_cause *k, char *step)
{
	FL_GROW(k->remediation, k->caprem, k->nrem + 1);
	k->remediation[k->nrem++] = step;
}

static void cause_evidence(struct ctx *c, struct fl_cause *k, const struct ev *lead)
{
	if (lead)
		evidence_add(&k->evidence, lead);
	for (size_t i = 0; i < c->nev && k->evidence.n < 5; i++) {
		const struct ev *e = &c->ev[i];
		if (e != lead && e->cause && !strcmp(e->cause, k->id) && e->role != ROLE_SECONDARY)
			evidence_add(&k->evidence, e);
	}
}

static const char *size_text(int64_t b, char *buf, size_t n)
{
	if (b >= (1ll << 30))
		snprintf(buf, n, "%.2f GiB", b / 1073741824.0);
	else
		snprintf(buf, n, "%.2f MiB", b / 1048576.0);
	return buf;
}

/* Cause-specific remediation that names what the evidence shows. */
static void specific_remediation(struct ctx *c, struct fl_cause *k, const struct ev *lead)
{
	char b1[32], b2[32], b3[32];
	int64_t req, fr, unalloc;
	if (!strcmp(k->id, "gpu_oom") && lead && ev_field_int(lead, "requested", &req)) {
		bool has_free = ev_field_int(lead, "free", &fr);
		bool has_un = ev_field_int(lead, "reserved_unallocated", &unalloc);
		remediation_add(k, fl_xasprintf(
					   "the allocation of %s failed with %s free%s%s", size_text(req, b1, sizeof(b1)),
					   has_free ? size_text(fr, b2, sizeof(b2)) : "unknown",
					   has_un ? " and reserved-but-unallocated " : "",
					   has_un ? size_text(unalloc, b3, sizeof(b3)) : ""));
		if (has_un && unalloc >= req)
			remediation_add(k, fl_xstrdup("reserved-but-unallocated memory exceeds the request: "
						      "this is fragmentation; set "
						      "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True first"));
	}
	if (!strcmp(k->id, "gpu_hardware") && lead) {
		struct fl_buf bus = FL_BUF_INIT;
		bool has_bus = ev_field(lead, "bus", &bus);
		remediation_add(k, fl_xasprintf("drain host %s%s%s now", lead->host ? lead->host : "(unknown)",
						has_bus ? ", GPU at PCI " : "", has_bus ? bus.ptr : ""));
		fl_buf_release(&bus);
		int64_t xid;
		if (ev_field_int(lead, "xid", &xid))
			remediation_add(k, rules_xid_text(xid));
	}
	if (!strcmp(k->id, "network_error") && lead && lead->host)
		remediation_add(k, fl_xasprintf("start with host %s: its error came first", lead->host));
	char *peer = lead ? peer_host(c, lead) : NULL;
	if (peer) {
		remediation_add(k, fl_xasprintf("the error names its peer, host %s: check that host's "
						"link and logs too", peer));
		free(peer);
	}
	if (!strcmp(k->id, "collective_hang") && c->a->hang.nstuck) {
		struct fl_buf b = FL_BUF_INIT;
		for (size_t i = 0; i < c->a->hang.nstuck && i < 8; i++) {
			char *h = rank_host(c, c->a->hang.stuck[i]);
			fl_buf_printf(&b, "%srank %lld (%s)", i ? ", " : "", (long long)c->a->hang.stuck[i],
				      h ? h : "host unknown");
			free(h);
		}
		remediation_add(k, fl_xasprintf("inspect %s: the others waited for it", b.ptr));
		fl_buf_release(&b);
	}
	if (!strcmp(k->id, "loss_divergence") && c->a->config.dtype && !strcmp(c->a->config.dtype, "fp16"))
		remediation_add(k, fl_xstrdup("the run uses fp16: move to bf16"));
}

/* The last line each stuck rank wrote: a stuck rank is often silent, and
 * where it fell silent is the evidence. */
static void stuck_last_lines(struct ctx *c, struct fl_cause *k)
{
	struct fl_stmt *st;
	if (prepare(c, "SELECT f.path, a.last_line, a.host, a.last_ts, a.last_text FROM activity a"
		       " JOIN files f ON f.id = a.file_id WHERE a.run_id = ?1 AND a.rank = ?2"
		       " AND a.last_text IS NOT NULL ORDER BY a.last_ts DESC, a.last_line DESC LIMIT 1",
		       &st))
		return;
	for (size_t i = 0; i < c->a->hang.nstuck && i < 4; i++) {
		fl_stmt_reset(st);
		fl_stmt_bind_int(st, 1, c->run);
		fl_stmt_bind_int(st, 2, c->a->hang.stuck[i]);
		if (fl_stmt_step(st) != 1)
			continue;
		const char *host = fl_stmt_null(st, 2) ? NULL : fl_stmt_text(st, 2);
		int64_t ts = fl_stmt_null(st, 3) ? FL_TIME_NONE : fl_stmt_int(st, 3);
		evidence_add_raw(&k->evidence, fl_stmt_text(st, 0), fl_stmt_int(st, 1),
				 c->a->hang.stuck[i], host, clock_correct(c, host, ts),
				 fl_stmt_text(st, 4));
	}
	fl_stmt_free(st);
}

/* A hang's evidence: where the others waited, and where the stuck fell
 * silent. */
static void hang_evidence(struct ctx *c, struct fl_cause *k)
{
	const struct fl_evidence_list *h = &c->a->hang.evidence;
	for (size_t i = 0; i < h->n && i < 3; i++)
		evidence_add_raw(&k->evidence, h->v[i].file, h->v[i].line, h->v[i].rank, h->v[i].host,
				 h->v[i].ts, h->v[i].text);
	stuck_last_lines(c, k);
}

static char *explain_hang(struct ctx *c)
{
	const struct fl_hang *h = &c->a->hang;
	struct fl_buf b = FL_BUF_INIT;
	fl_buf_printf(&b, "%zu rank(s) waited in %s", c->nwaiting, h->collective ? h->collective : "a collective");
	if (h->seq >= 0)
		fl_buf_printf(&b, " seq %lld", (long long)h->seq);
	if (h->process_group)
		fl_buf_printf(&b, " (process group %s)", h->process_group);
	if (h->timeout_ms >= 0)
		fl_buf_printf(&b, " until its %lld ms timeout", (long long)h->timeout_ms);
	if (h->nstuck) {
		fl_buf_adds(&b, h->nstuck == 1 ? "; rank " : "; ranks ");
		for (size_t i = 0; i < h->nstuck && i < 8; i++)
			fl_buf_printf(&b, "%s%lld", i ? ", " : "", (long long)h->stuck[i]);
		fl_buf_adds(&b, h->nstuck > 8 ? ", ... never arrived" : " never arrived");
	} else {
		fl_buf_adds(&b, "; which rank held it up is not in the logs");
	}
	return fl_buf_detach(&b);
}

static void cause_fill(struct ctx *c, struct fl_cause *k, const char *id, const char *conf,
		       const struct ev *lead, char *expl)
{
	bool hang = !strcmp(id, "collective_hang") && !lead && c->a->hang.set;
	if (hang) {
		free(expl);
		expl = explain_hang(c);
	}
	cause_init(k, id, conf, expl);
	if (hang)
		hang_evidence(c, k);
	else
		cause_evidence(c, k, lead);
	specific_remediation(c, k, lead);
	const struct fl_cause_rule *r = rules_cause(id);
	for (size_t i = 0; r && i < 6 && r->remediation[i]; i++)
		remediation_add(k, fl_xstrdup(r->remediation[i]));
}

static char *explain(struct ctx *c, const char *cause, const struct ev *lead)
{
	const struct fl_cause_rule *r = rules_cause(cause);
	const char *title = r ? r->title : cause;
	if (!lead)
		return fl_xstrdup(title);
	char *line = first_line(lead->text);
	char *rank = lead->rank >= 0 ? fl_xasprintf("rank %lld", (long long)lead->rank)
				     : fl_xstrdup("a process");
	char *s = fl_xasprintf("%s: %s%s%s reported %s (%s:%lld)", title, rank,
			       lead->host ? " on " : "", lead->host ? lead->host : "", lead->kind,
			       lead->file, (long long)lead->line);
	free(line);
	free(rank);
	return s;
}

static bool has_finding(const struct fl_analysis *a, const char *id)
{
	for (size_t i = 0; i < a->nfindings; i++)
		if (!strcmp(a->findings[i].id, id))
			return true;
	return false;
}

static int rule_priority(const char *cause)
{
	const struct fl_cause_rule *r = rules_cause(cause);
	return r ? r->priority : 0;
}

static int cmp_cand(const void *x, const void *y)
{
	const struct cand *a = x, *b = y;
	if (a->score != b->score)
		return b->score - a->score;
	return rule_priority(b->cause) - rule_priority(a->cause);
}

/* What the bundle lacked, for a verdict made on thin evidence. */
static char *missing_evidence(struct ctx *c)
{
	struct fl_buf b = FL_BUF_INIT;
	bool init = false, timed = false, ranked = false;
	for (size_t i = 0; i < c->nev; i++) {
		init = init || !strcmp(c->ev[i].kind, "nccl.init_complete");
		timed = timed || c->ev[i].ts_kind == 1;
		ranked = ranked || c->ev[i].rank >= 0;
	}
	if (!ranked)
		fl_buf_adds(&b, "no line could be tied to a rank (keep per-rank logs: torchrun --log-dir, "
				"or the [rankN]: prefixes); ");
	if (!init)
		fl_buf_adds(&b, "no NCCL init lines (run with NCCL_DEBUG=INFO); ");
	if (!timed)
		fl_buf_adds(&b, "no dated timestamps, so ranks cannot be ordered in time; ");
	if (c->a->nranks <= 1)
		fl_buf_adds(&b, "logs of only one rank or none; ");
	if (!b.len) {
		fl_buf_release(&b);
		return NULL;
	}
	b.len -= 2; /* the last "; " */
	b.ptr[b.len] = '\0';
	return fl_buf_detach(&b);
}

/* Primary causes, then derived ones; the first becomes likely_cause. */
static void rank_causes(struct ctx *c, const struct ev *first)
{
	struct cand v[32];
	size_t n = 0;
	for (size_t i = 0; i < c->nev && n < 24; i++) {
		const struct ev *e = &c->ev[i];
		if (!e->cause || (e->role != ROLE_PRIMARY && e->role != ROLE_SIGNAL))
			continue;
		struct cand *k = cand_get(v, &n, e->cause);
		int score = (e->role == ROLE_PRIMARY ? 100 : 40) + e->priority / 10;
		if (score > k->score || (score == k->score && before(e, k->lead))) {
			k->score = score;
			k->lead = e;
		}
		k->nev++;
	}
	/* Numerics seen only in step lines. */
	if (c->a->training.first_nonfinite_step >= 0 || has_finding(c->a, "nonfinite_loss"))
		cand_get(v, &n, "loss_divergence")->score += 160;
	/* Nothing but consequences: the root is not in the bundle, but what
	 * the consequences point at is still the best lead. */
	if (n == 0 && !first && !c->a->hang.set) {
		for (size_t i = 0; i < c->nev && n < 24; i++) {
			const struct ev *e = &c->ev[i];
			if (e->role != ROLE_SECONDARY || !e->cause || e->severity < 2 ||
			    !strcmp(e->cause, "collective_hang"))
				continue;
			struct cand *k = cand_get(v, &n, e->cause);
			if (10 + e->priority / 10 > k->score) {
				k->score = 10 + e->priority / 10;
				k->lead = e;
			}
		}
	}
	struct cand *fp = NULL, *ld = NULL;
	for (size_t i = 0; i < n; i++) {
		if (!strcmp(v[i].cause, "fp16_overflow"))
			fp = &v[i];
		if (!strcmp(v[i].cause, "loss_divergence"))
			ld = &v[i];
	}
	/* NaN with loss-scale trouble is an fp16 problem, not divergence. */
	if (fp && ld && has_finding(c->a, "loss_scale_collapse"))
		fp->score = ld->score + 1;
	if (first) {
		struct cand *k = cand_get(v, &n, first->cause);
		k->score = 1000;
		k->lead = first;
	}
	/* With a primary failure, timeouts are its consequence, not a cause. */
	if (c->a->hang.set && !first)
		cand_get(v, &n, "collective_hang")->score += 150;
	if (has_finding(c->a, "socket_fallback"))
		cand_get(v, &n, "slow_transport")->score += first || c->a->hang.set ? 30 : 120;
	if (n)
		qsort(v, n, sizeof(v[0]), cmp_cand);
	const char *conf_first = "high";
	/* A second primary of another cause within 5 s lowers confidence. */
	for (size_t i = 0; first && i < c->nev; i++) {
		const struct ev *e = &c->ev[i];
		if (e->role == ROLE_PRIMARY && e != first && strcmp(e->cause, first->cause) != 0 &&
		    e->cts != FL_TIME_NONE && first->cts != FL_TIME_NONE &&
		    llabs(e->cts - first->cts) <= 5000000)
			conf_first = "medium";
	}
	size_t out = 0;
	c->a->others = fl_xcalloc(n ? n : 1, sizeof(struct fl_cause));
	for (size_t i = 0; i < n; i++) {
		if (v[i].score <= 0)
			continue;
		const char *conf = v[i].score >= 1000 ? conf_first : v[i].score >= 150 ? "medium" : "low";
		if (!strcmp(v[i].cause, "collective_hang") && !first)
			conf = c->a->hang.nstuck ? "high" : "medium";
		struct fl_cause *k = out == 0 ? &c->a->likely : &c->a->others[c->a->nothers++];
		cause_fill(c, k, v[i].cause, conf, v[i].lead, explain(c, v[i].cause, v[i].lead));
		k->score = v[i].score;
		out++;
	}
	if (out == 0 || !strcmp(c->a->likely.confidence, "low"))
		c->a->missing = missing_evidence(c);
	if (out == 0) {
		bool healthy = !strcmp(c->a->status, "healthy");
		cause_init(&c->a->likely, "none", healthy ? "high" : "low",
			   fl_xstrdup(healthy ? "no failure, hang or anomaly was found in the logs"
					      : "no cause could be identified from the logs"));
		if (!healthy)
			remediation_add(&c->a->likely,
					fl_xstrdup("collect NCCL_DEBUG=INFO, TORCH_NCCL_TRACE_BUFFER_SIZE and "
						   "per-rank logs (torchrun --log-dir) next time"));
	}
}

/* ---- status, ranks, timeline, summary ---- */

static bool any_finding_of(const struct fl_analysis *a, const char *sev)
{
	for (size_t i = 0; i < a->nfindings; i++)
		if (!strcmp(a->findings[i].severity, sev))
			return true;
	return false;
}

static const char *decide_status(struct ctx *c, const struct ev *first)
{
	if (first)
		return "failed";
	if (c->a->hang.set)
		return "hung";
	/* The job was ended from outside, a launcher saw a worker die, or
	 * errors were logged whose root is not in the bundle. */
	bool signal = false;
	for (size_t i = 0; i < c->nev; i++) {
		const struct ev *e = &c->ev[i];
		if (!strcmp(e->kind, "slurm.cancelled") || !strcmp(e->kind, "k8s.evicted") ||
		    !strcmp(e->kind, "launcher.worker_failed") ||
		    !strcmp(e->kind, "launcher.child_failed") ||
		    (e->role != ROLE_NONE && e->severity >= 2))
			return "failed";
		signal = signal || (e->role == ROLE_SIGNAL && e->cause);
	}
	if (signal || any_finding_of(c->a, "error") || any_finding_of(c->a, "warning"))
		return "degraded";
	return "healthy";
}

static bool in_list(const int64_t *v, size_t n, int64_t r)
{
	for (size_t i = 0; i < n; i++)
		if (v[i] == r)
			return true;
	return false;
}

static void rank_states(struct ctx *c)
{
	struct fl_stmt *st;
	if (prepare(c, "SELECT rank, host, IFNULL(local_rank, -1), IFNULL(last_ts, -1), lines"
		       " FROM ranks WHERE run_id = ?1 ORDER BY rank", &st))
		return;
	fl_stmt_bind_int(st, 1, c->run);
	size_t cap = 0;
	struct fl_analysis *a = c->a;
	while (fl_stmt_step(st) == 1) {
		FL_GROW(a->ranks, cap, a->nranks_state + 1);
		struct fl_rank_state *r = &a->ranks[a->nranks_state++];
		memset(r, 0, sizeof(*r));
		r->rank = fl_stmt_int(st, 0);
		r->host = dup_or_null(st, 1);
		r->local_rank = fl_stmt_int(st, 2);
		int64_t last = fl_stmt_int(st, 3);
		r->last_ts = last < 0 ? FL_TIME_NONE : clock_correct(c, r->host, last);
		r->lines = fl_stmt_int(st, 4);
		r->last_seq = -1;
		r->first_error_ts = FL_TIME_NONE;
		bool primary = false, sigterm = false;
		const struct ev *ferr = NULL;
		for (size_t i = 0; i < c->nev; i++) {
			const struct ev *e = &c->ev[i];
			if (e->rank != r->rank)
				continue;
			if (e->role == ROLE_PRIMARY)
				primary = true;
			if (!strcmp(e->kind, "launcher.sigterm") || !strcmp(e->kind, "proc.signal"))
				sigterm = true;
			int64_t v;
			if (!strcmp(e->kind, "torch.watchdog_summary") && ev_field_int(e, "last_completed", &v) &&
			    v > r->last_seq)
				r->last_seq = v;
			if (e->severity >= 2 && e->role != ROLE_NONE && (!ferr || before(e, ferr)))
				ferr = e;
		}
		if (ferr) {
			char *line = first_line(ferr->text);
			r->first_error = fl_xasprintf("%s: %s", ferr->kind, line);
			free(line);
			r->first_error_ts = ferr->cts;
		}
		if (primary)
			r->state = "failed";
		else if (in_list(a->hang.stuck, a->hang.nstuck, r->rank))
			r->state = "stuck";
		else if (in_list(c->waiting, c->nwaiting, r->rank))
			r->state = "waiting";
		else if (sigterm)
			r->state = "killed";
		else if (!strcmp(a->status, "healthy") || !strcmp(a->status, "degraded"))
			r->state = "ok";
		else
			r->state = ferr ? "errored" : "unknown";
	}
	fl_stmt_free(st);
}

static int cmp_timeline(const void *x, const void *y)
{
	const struct fl_timeline_entry *a = x, *b = y;
	if ((a->ts == FL_TIME_NONE) != (b->ts == FL_TIME_NONE))
		return a->ts == FL_TIME_NONE ? 1 : -1;
	if (a->ts != b->ts)
		return a->ts < b->ts ? -1 : 1;
	return a->line < b->line ? -1 : a->line > b->line;
}

#define TIMELINE_MAX 60

static void timeline(struct ctx *c)
{
	struct fl_analysis *a = c->a;
	size_t cap = 0;
	for (size_t i = 0; i < c->nev; i++) {
		const struct ev *e = &c->ev[i];
		if (e->role == ROLE_NONE && e->severity < 2)
			continue;
		FL_GROW(a->timeline, cap, a->ntimeline + 1);
		struct fl_timeline_entry *t = &a->timeline[a->ntimeline++];
		t->ts = e->cts;
		t->rank = e->rank;
		t->host = e->host ? fl_xstrdup(e->host) : NULL;
		t->kind = fl_xstrdup(e->kind);
		t->severity = e->severity;
		t->primary = e->role == ROLE_PRIMARY;
		t->file = fl_xstrdup(e->file);
		t->line = e->line;
		t->text = first_line(e->text);
	}
	if (a->ntimeline)
		qsort(a->timeline, a->ntimeline, sizeof(*a->timeline), cmp_timeline);
	for (size_t i = TIMELINE_MAX; i < a->ntimeline; i++) {
		free(a->timeline[i].host);
		free(a->timeline[i].kind);
		free(a->timeline[i].file);
		free(a->timeline[i].text);
	}
	if (a->ntimeline > TIMELINE_MAX)
		a->ntimeline = TIMELINE_MAX;
}

static void summarize(struct ctx *c)
{
	struct fl_analysis *a = c->a;
	struct fl_buf b = FL_BUF_INIT;
	const struct fl_cause_rule *r = rules_cause(a->likely.id);
	if (a->first.set) {
		fl_buf_printf(&b, "%s: ", a->likely.id);
		if (a->first.rank >= 0)
			fl_buf_printf(&b, "rank %lld", (long long)a->first.rank);
		else
			fl_buf_adds(&b, "a process");
		if (a->first.host)
			fl_buf_printf(&b, " on %s", a->first.host);
		fl_buf_printf(&b, " failed first (%s)", a->first.kind);
	} else {
		fl_buf_printf(&b, "%s: %s", a->likely.id, r ? r->title : a->likely.id);
	}
	if (a->hang.set && a->hang.collective)
		fl_buf_printf(&b, "; %zu rank(s) waited in %s seq %lld", c->nwaiting, a->hang.collective,
			      (long long)a->hang.seq);
	if (a->hang.nstuck) {
		fl_buf_adds(&b, a->hang.nstuck == 1 ? "; rank " : "; ranks ");
		for (size_t i = 0; i < a->hang.nstuck && i < 8; i++)
			fl_buf_printf(&b, "%s%lld", i ? "," : "", (long long)a->hang.stuck[i]);
		fl_buf_adds(&b, a->hang.nstuck > 8 ? ",... never arrived" : " never arrived");
	}
	a->summary = fl_buf_detach(&b);
}

/* A short stable hash of what kind of incident this is: cause, failing
 * event kind and the message with numbers, hex, paths and addresses
 * removed, so that the same failure on other ranks or days matches. */
static void sign(struct ctx *c)
{
	struct fl_analysis *a = c->a;
	struct fl_buf b = FL_BUF_INIT;
	fl_buf_printf(&b, "%s|%s|", a->likely.id, a->first.set ? a->first.kind : "");
	const char *m = a->first.set ? a->first.message : a->hang.collective ? a->hang.collective : "";
	bool gap = false;
	for (const char *p = m; *p; p++) {
		unsigned char ch = (unsigned char)*p;
		if (*p == '/' || isdigit(ch) || (ch == '0' && p[1] == 'x')) {
			/* a path, number or address: one placeholder for the whole token */
			while (*p && !isspace((unsigned char)*p) && *p != ',' && *p != ')' && *p != '\'')
				p++;
			if (!gap)
				fl_buf_addc(&b, '#');
			gap = true;
			if (!*p)
				break;
			continue;
		}
		if (isalpha(ch)) {
			fl_buf_addc(&b, (char)tolower(ch));
			gap = false;
		}
	}
	uint64_t h = 1469598103934665603ull;
	for (size_t i = 0; i < b.len; i++)
		h = (h ^ (unsigned char)b.ptr[i]) * 1099511628211ull;
	a->signature = fl_xasprintf("%012llx", (unsigned long long)(h & 0xffffffffffffull));
	fl_buf_release(&b);
}

static void ctx_release(struct ctx *c)
{
	for (size_t i = 0; i < c->nev; i++) {
		struct ev *e = &c->ev[i];
		free(e->file);
		free(e->host);
		free(e->kind);
		free(e->pattern);
		free(e->fields);
		free(e->text);
	}
	free(c->ev);
	free(c->waiting);
}

int fl_analyze_run(struct fl_store *s, int64_t run_id, struct fl_analysis **out,
		   struct fl_err *err)
{
	struct fl_analysis *a = fl_xcalloc(1, sizeof(*a));
	a->hang.seq = a->hang.timeout_ms = -1;
	a->first.rank = -1;
	struct ctx c = { .s = s, .run = run_id, .a = a, .world = -1, .err = err };
	int rc = load_run(&c);
	if (!rc)
		rc = load_events(&c);
	if (!rc) {
		for (size_t i = 0; i < c.nev; i++) {
			resolve_bus(&c, &c.ev[i]);
			resolve_pid(&c, &c.ev[i]);
			demote_handled(&c, &c.ev[i]);
		}
		clock_offsets(&c);
		correct_times(&c);
		config_collect(&c);
		training_collect(&c);
		const struct ev *first = first_primary(&c);
		c.first = first;
		if (first)
			set_first(&c, first);
		hang_analyze(&c);
		findings_collect(&c);
		a->status = decide_status(&c, first);
		rank_causes(&c, first);
		rank_states(&c);
		timeline(&c);
		summarize(&c);
		sign(&c);
	}
	ctx_release(&c);
	if (rc) {
		fl_analysis_free(a);
		return rc;
	}
	*out = a;
	return FL_OK;
}

static void cause_release(struct fl_cause *k)
{
	free(k->explanation);
	evidence_release(&k->evidence);
	for (size_t i = 0; i < k->nrem; i++)
		free(k->remediation[i]);
	free(k->remediation);
}

void fl_analysis_free(struct fl_analysis *a)
{
	if (!a)
		return;
	free(a->bundle);
	free(a->sha256);
	for (size_t i = 0; i < a->nskipped; i++) {
		free(a->skipped[i].path);
		free(a->skipped[i].reason);
	}
	free(a->skipped);
	free(a->summary);
	free(a->signature);
	free(a->first.host);
	free(a->first.kind);
	free(a->first.message);
	free(a->first.file);
	free(a->hang.collective);
	free(a->hang.process_group);
	free(a->hang.stuck);
	evidence_release(&a->hang.evidence);
	cause_release(&a->likely);
	for (size_t i = 0; i < a->nothers; i++)
		cause_release(&a->others[i]);
	free(a->others);
	for (size_t i = 0; i < a->nfindings; i++) {
		free(a->findings[i].message);
		evidence_release(&a->findings[i].evidence);
	}
	free(a->findings);
	for (size_t i = 0; i < a->nranks_state; i++) {
		free(a->ranks[i].host);
		free(a->ranks[i].first_error);
	}
	free(a->ranks);
	for (size_t i = 0; i < a->noffsets; i++)
		free(a->offsets[i].host);
	free(a->offsets);
	for (size_t i = 0; i < a->ntimeline; i++) {
		free(a->timeline[i].host);
		free(a->timeline[i].kind);
		free(a->timeline[i].file);
		free(a->timeline[i].text);
	}
	free(a->timeline);
	free(a->config.dtype);
	free(a->config.activation_checkpointing);
	free(a->config.nccl_version);
	free(a->missing);
	free(a);
}

struct save_ctx {
	const struct fl_analysis *a;
};

static int save_fn(struct fl_store *s, void *p)
{
	const struct fl_analysis *a = ((struct save_ctx *)p)->a;
	struct fl_stmt *st;
	struct fl_err err;
	if (fl_store_prepare(s, "UPDATE runs SET status=?2, cause=?3, confidence=?4, first_rank=?5,"
			     " first_host=?6, first_kind=?7, signature=?8, summary=?9 WHERE id=?1",
			     &st, &err))
		return err.code;
	fl_stmt_bind_int(st, 1, a->run_id);
	fl_stmt_bind_text(st, 2, a->status);
	fl_stmt_bind_text(st, 3, a->likely.id);
	fl_stmt_bind_text(st, 4, a->likely.confidence);
	if (a->first.set && a->first.rank >= 0)
		fl_stmt_bind_int(st, 5, a->first.rank);
	fl_stmt_bind_text(st, 6, a->first.set ? a->first.host : NULL);
	fl_stmt_bind_text(st, 7, a->first.set ? a->first.kind : NULL);
	fl_stmt_bind_text(st, 8, a->signature);
	fl_stmt_bind_text(st, 9, a->summary);
	int rc = fl_stmt_step(st) < 0 ? FL_EDB : FL_OK;
	fl_stmt_free(st);
	if (rc || fl_store_prepare(s, "UPDATE hosts SET offset_us = ?3 WHERE run_id = ?1 AND host = ?2",
				   &st, &err))
		return rc ? rc : err.code;
	for (size_t i = 0; !rc && i < a->noffsets; i++) {
		fl_stmt_reset(st);
		fl_stmt_bind_int(st, 1, a->run_id);
		fl_stmt_bind_text(st, 2, a->offsets[i].host);
		fl_stmt_bind_int(st, 3, a->offsets[i].offset_us);
		rc = fl_stmt_step(st) < 0 ? FL_EDB : FL_OK;
	}
	fl_stmt_free(st);
	return rc;
}

int fl_analysis_save(struct fl_store *s, const struct fl_analysis *a, struct fl_err *err)
{
	struct save_ctx sc = { a };
	return fl_store_write(s, save_fn, &sc, err);
}
