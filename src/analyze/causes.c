/* SPDX-License-Identifier: MIT */
/*
 * causes.c - ranking the candidate causes and writing what they say.
 *
 * Every primary or signal event votes for its cause; the first failure's
 * cause wins outright; a hang without a failure is collective_hang; the
 * findings add the causes only they can show (non-finite loss, sockets
 * instead of RDMA). Each cause gets its explanation, evidence lines and
 * remediation: the table's generic steps after the specific ones the
 * evidence supports (the sizes of an OOM, the host and GPU to drain, the
 * stuck ranks to inspect, the peer of a network error).
 * Tested by: tests/e2e (every scenario's expected cause), test_excerpts
 */
#include "analyze_int.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The host behind the peer address an IB or socket error names
 * ("10.50.0.48<52277>"), from the addresses NCCL printed for each host
 * (NET/IB OOB, NET/Socket and Bootstrap interface lines). */
static int peer_host(struct ctx *c, const struct ev *e, char **host)
{
	struct fl_buf peer = FL_BUF_INIT;
	*host = NULL;
	int rc = FL_OK;
	if (ev_field(e, "peer", &peer) && peer.len) {
		size_t n = strcspn(peer.ptr, "<");
		peer.ptr[n] = '\0';
		struct fl_stmt *st;
		if (n && !(rc = q_open(c, Q_PEER_HOST, &st))) {
			fl_stmt_bind_text(st, 2, peer.ptr);
			if ((rc = q_step(c, Q_PEER_HOST, st)) == 1)
				*host = dup_or_null(st, 0);
			fl_stmt_free(st);
			rc = rc < 0 ? rc : FL_OK;
		}
	}
	fl_buf_release(&peer);
	return rc;
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

/* A line whose text is already quoted (the same line printed twice, or
 * again by another process of the host) adds nothing. The texts are read
 * from the store one by one, so a storm of one line is looked at only so
 * far. */
#define EVIDENCE_TRIES 64

static bool quoted(const struct fl_evidence_list *l, const char *text)
{
	for (size_t i = 0; i < l->n; i++)
		if (!strcmp(l->v[i].text, text))
			return true;
	return false;
}

/* Quotes e unless its text is quoted already; *tries counts the texts
 * read, and none is read beyond EVIDENCE_TRIES or a full list. */
static void evidence_add_new(struct ctx *c, struct fl_evidence_list *l, const struct ev *e,
			     size_t *tries)
{
	if (l->n >= CAUSE_EVIDENCE_MAX || *tries >= EVIDENCE_TRIES)
		return;
	(*tries)++;
	if (!quoted(l, ev_text(c, e)))
		evidence_add(c, l, e);
}

static void cause_evidence(struct ctx *c, struct fl_cause *k, const struct ev *lead)
{
	if (lead)
		evidence_add(c, &k->evidence, lead);
	size_t tries = 0;
	for (size_t i = 0; i < c->nev && k->evidence.n < CAUSE_EVIDENCE_MAX && tries < EVIDENCE_TRIES;
	     i++) {
		const struct ev *e = &c->ev[i];
		if (e != lead && e->cause && !strcmp(e->cause, k->id) && e->role != ROLE_SECONDARY)
			evidence_add_new(c, &k->evidence, e, &tries);
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

/* Did the lead say that shared memory ran out (the worker's own SIGBUS
 * line, or the DataLoader's report of it)? */
static bool shm_full(const struct ev *lead)
{
	if (!strcmp(lead->kind, "mem.shm_exhausted"))
		return true;
	struct fl_buf sig = FL_BUF_INIT;
	bool bus = ev_field(lead, "sigdesc", &sig) && !strcmp(sig.ptr, "Bus error");
	fl_buf_release(&sig);
	return bus;
}

/* Does the lead's own error message hold WORDS? */
static bool error_says(const struct ev *lead, const char *words)
{
	struct fl_buf err = FL_BUF_INIT;
	bool says = ev_field(lead, "error", &err) && strstr(err.ptr, words);
	fl_buf_release(&err);
	return says;
}

/* A WARN no pattern names ended set-up: its own message is the reason.
 * One from NCCL's topology code (graph/) most often means a topology or
 * graph file that does not describe the node, or a node NCCL cannot read. */
static void nccl_warn_remediation(struct ctx *c, struct fl_cause *k, const struct ev *lead)
{
	const char *text = ev_text(c, lead);
	remediation_add(k, fl_xstrdup("NCCL's WARN, quoted in the evidence, says why set-up "
				      "stopped; the frames under it are the calls its error returned through"));
	if (!strncmp(text, "graph/", 6) || strstr(text, " graph/") || strstr(text, "/src/graph/"))
		remediation_add(k, fl_xstrdup(
					   "it came from NCCL's topology detection: if NCCL_TOPO_FILE or "
					   "NCCL_GRAPH_FILE is set, check that the file describes this node's GPUs "
					   "and NICs (or unset it); else rerun with NCCL_DEBUG_SUBSYS=INIT,GRAPH "
					   "and compare with nvidia-smi topo -m"));
}

/* An error of a TCP connection between processes, where the network
 * cause's InfiniBand items (link counters, IB statuses) do not apply. */
static bool tcp_error(const struct ev *e)
{
	return !strcmp(e->kind, "nccl.connect_error") || !strcmp(e->kind, "nccl.socket_error") ||
	       !strcmp(e->kind, "gloo.pair_error");
}

/* Cause-specific remediation that names what the evidence shows: advice
 * from the lead event's own numbers, first. Sets *settled to the generic
 * items of the cause's rule that those numbers settle (bit i: item i). */
static int specific_remediation(struct ctx *c, struct fl_cause *k, const struct ev *lead,
				unsigned *settled_out)
{
	char b1[32], b2[32], b3[32];
	int64_t req, fr, unalloc;
	unsigned settled = 0;
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
		/* Known either way: fragmentation was named, or ruled out. */
		if (has_un)
			settled |= 1u << REM_GPU_OOM_FRAGMENTATION;
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
	int64_t from;
	if (lead && !strcmp(lead->kind, "torch.uniqueid_timeout") &&
	    ev_field_int(lead, "from_rank", &from))
		remediation_add(k, fl_xasprintf(
					   "rank %lld of that process group publishes the new communicator's id "
					   "and did not reach the collective in time: read its log first "
					   "(start-up work on that rank alone, such as preprocessing a dataset "
					   "or loading a model, a hang, or a crash); raise the process group's "
					   "timeout only for a start-up known to be slow",
					   (long long)from));
	if (!strcmp(k->id, "host_oom") && lead && shm_full(lead))
		remediation_add(k, fl_xstrdup(
					   "the DataLoader's workers filled /dev/shm: give the container more "
					   "shared memory (docker run --shm-size=16g; in Kubernetes an emptyDir "
					   "with medium: Memory mounted at /dev/shm) or lower num_workers"));
	if (!strcmp(k->id, "config_error") && lead && error_says(lead, "invalid device ordinal")) {
		remediation_add(k, fl_xstrdup(
					   "a process asked for a GPU it cannot see (invalid device ordinal): "
					   "start no more processes a node than it has GPUs (--nproc_per_node), "
					   "and check CUDA_VISIBLE_DEVICES and how local ranks map to devices"));
		settled |= 1u << REM_CONFIG_ERROR_BATCH | 1u << REM_CONFIG_ERROR_LAYOUT;
	}
	if (!strcmp(k->id, "nccl_init_error") && lead && error_says(lead, "NCCL built in")) {
		remediation_add(k, fl_xstrdup(
					   "this PyTorch has no NCCL (Windows, macOS or a CPU-only build): use "
					   "the gloo backend there (init_process_group(backend=\"gloo\"), or "
					   "the launcher's own choice on Windows), or run on Linux with a CUDA "
					   "build of PyTorch"));
		settled |= 1u << REM_NCCL_INIT_SHM | 1u << REM_NCCL_INIT_SAME_NCCL |
			   1u << REM_NCCL_INIT_OWN_GPU | 1u << REM_NCCL_INIT_IFNAME;
	}
	if (!strcmp(k->id, "nccl_init_error") && lead && !strcmp(lead->kind, "nccl.warn"))
		nccl_warn_remediation(c, k, lead);
	if (!strcmp(k->id, "network_error") && lead && lead->host)
		remediation_add(k, fl_xasprintf("start with host %s: its error came first", lead->host));
	if (!strcmp(k->id, "network_error") && lead && tcp_error(lead)) {
		remediation_add(k, fl_xstrdup(
					   "the connection that failed is TCP (NCCL's bootstrap or socket "
					   "transport, or gloo), not InfiniBand: a refused or reset connection "
					   "most often means the peer process had already exited, so read its "
					   "log first; otherwise check that the interface NCCL_SOCKET_IFNAME "
					   "(GLOO_SOCKET_IFNAME for gloo) selects reaches the other hosts, and "
					   "that no firewall or security group blocks the ports between them"));
		settled |= 1u << REM_NETWORK_ERROR_LINK | 1u << REM_NETWORK_ERROR_IB_RETRY |
			   1u << REM_NETWORK_ERROR_IB_PROTECTION;
	}
	char *peer = NULL;
	int rc = lead ? peer_host(c, lead, &peer) : FL_OK;
	if (peer) {
		remediation_add(k, fl_xasprintf("the error names its peer, host %s: check that host's "
						"link and logs too", peer));
		free(peer);
	}
	if (!strcmp(k->id, "collective_hang") && c->mismatch.op) {
		struct fl_buf b = FL_BUF_INIT;
		hang_mismatch_ranks(&b, &c->mismatch);
		remediation_add(k, fl_xasprintf(
					   "%s called %s where the others called %s: find where their code paths "
					   "part (a collective under a rank- or data-dependent condition, an uneven "
					   "number of batches per rank); TORCH_DISTRIBUTED_DEBUG=DETAIL checks every "
					   "collective across ranks",
					   b.ptr, c->mismatch.op, c->mismatch.with_op));
		fl_buf_release(&b);
		settled |= 1u << REM_COLLECTIVE_HANG_CONTROL_FLOW;
	}
	if ((!strcmp(k->id, "collective_hang") || (c->hang_in_init && !strcmp(k->id, "nccl_init_error"))) &&
	    c->a->hang.nstuck) {
		struct fl_buf b = FL_BUF_INIT;
		for (size_t i = 0; i < c->a->hang.nstuck && i < 8; i++) {
			const char *h = rank_host(c, c->a->hang.stuck[i]);
			fl_buf_printf(&b, "%srank %lld (%s)", i ? ", " : "", (long long)c->a->hang.stuck[i],
				      h ? h : "host unknown");
		}
		remediation_add(k, fl_xasprintf("inspect %s: the others waited for it", b.ptr));
		fl_buf_release(&b);
	}
	if (!strcmp(k->id, "collective_hang") && c->a->hang.set && !c->a->hang.dumps)
		remediation_add(k, fl_xstrdup(
			"the bundle has no Flight Recorder dumps: run with TORCH_NCCL_TRACE_BUFFER_SIZE=2000"
			" and TORCH_NCCL_DUMP_ON_TIMEOUT=1, and collect each rank's dump"
			" (TORCH_NCCL_DEBUG_INFO_TEMP_FILE or TORCH_FR_DUMP_TEMP_FILE; default"
			" /tmp/nccl_trace_rank_<rank>, ~/.cache/torch/comm_lib_trace_rank_<rank> in newer"
			" releases) with the logs: the dumps name the rank that never joined and where it was"));
	*settled_out = settled;
	return rc;
}

/* A stuck rank's last line may be its own timeout, already quoted. */
static bool in_evidence(const struct fl_evidence_list *l, const char *file, int64_t line)
{
	for (size_t i = 0; i < l->n; i++)
		if (l->v[i].line == line && !strcmp(l->v[i].file, file))
			return true;
	return false;
}

/* The last line each stuck rank wrote (the first four): a stuck rank is
 * often silent, and where it fell silent is the evidence. */
static int stuck_last_lines(struct ctx *c, struct fl_cause *k)
{
	struct fl_buf ranks = FL_BUF_INIT;
	fl_buf_addc(&ranks, '[');
	for (size_t i = 0; i < c->a->hang.nstuck && i < 4; i++)
		fl_buf_printf(&ranks, "%s%lld", i ? "," : "", (long long)c->a->hang.stuck[i]);
	fl_buf_addc(&ranks, ']');
	struct fl_stmt *st;
	int rc = q_open(c, Q_STUCK_LAST_LINES, &st);
	if (!rc) {
		fl_stmt_bind_text(st, 2, ranks.ptr);
		while ((rc = q_step(c, Q_STUCK_LAST_LINES, st)) == 1) {
			if (in_evidence(&k->evidence, fl_stmt_text(st, 0), fl_stmt_int(st, 1)))
				continue;
			const char *host = fl_stmt_null(st, 2) ? NULL : fl_stmt_text(st, 2);
			int64_t ts = col_int(st, 3, FL_TIME_NONE);
			evidence_add_raw(&k->evidence, fl_stmt_text(st, 0), fl_stmt_int(st, 1),
					 fl_stmt_int(st, 5), host, clock_correct(c, host, ts),
					 fl_stmt_text(st, 4));
		}
		fl_stmt_free(st);
	}
	fl_buf_release(&ranks);
	return rc;
}

/* A hang's evidence: where the others waited, and where the stuck fell
 * silent. */
static int hang_evidence(struct ctx *c, struct fl_cause *k)
{
	const struct fl_evidence_list *h = &c->a->hang.evidence;
	for (size_t i = 0; i < h->n && i < 3; i++)
		evidence_add_raw(&k->evidence, h->v[i].file, h->v[i].line, h->v[i].rank, h->v[i].host,
				 h->v[i].ts, h->v[i].text);
	return stuck_last_lines(c, k);
}

/* What the Flight Recorder dumps add: who diverged, and how. */
static void fr_explain(struct fl_buf *b, const struct fl_hang *h)
{
	const struct fl_hang_frames *d = &h->diverging, *m = &h->majority;
	if (!h->mismatch || d->rank < 0)
		return;
	if (!strcmp(h->mismatch, "collective_type") && m->rank >= 0)
		fl_buf_printf(b, "; Flight Recorder: rank %lld called %s where the others called %s",
			      (long long)d->rank, d->collective ? d->collective : "another collective",
			      m->collective ? m->collective : "another");
	else if (!strcmp(h->mismatch, "size") || !strcmp(h->mismatch, "dtype"))
		fl_buf_printf(b, "; Flight Recorder: rank %lld called it with another %s than the others",
			      (long long)d->rank, !strcmp(h->mismatch, "size") ? "size" : "dtype");
	else if (!strcmp(h->mismatch, "not_joined") && d->seq >= 0)
		fl_buf_printf(b, "; Flight Recorder: rank %lld's newest entry is %s seq %lld",
			      (long long)d->rank, d->collective ? d->collective : "?", (long long)d->seq);
}

/* What the ranks' own lines show of a mismatch (the dumps' is fr_explain's). */
static void mismatch_explain(struct fl_buf *b, const struct hang_mismatch *m)
{
	fl_buf_adds(b, "; ");
	hang_mismatch_ranks(b, m);
	fl_buf_printf(b, " reached that seq in %s instead: the ranks called different collectives",
		      m->op);
}

static char *explain_hang(struct ctx *c)
{
	const struct fl_hang *h = &c->a->hang;
	struct fl_buf b = FL_BUF_INIT;
	hang_waiters(&b, c->nwaiting);
	fl_buf_printf(&b, " in %s", h->collective ? h->collective : "a collective");
	if (h->seq >= 0)
		fl_buf_printf(&b, " seq %lld", (long long)h->seq);
	if (h->process_group)
		fl_buf_printf(&b, " (process group %s)", h->process_group);
	if (h->timeout_ms >= 0)
		fl_buf_printf(&b, " until its %lld ms timeout", (long long)h->timeout_ms);
	/* the lines' mismatched ranks did arrive, at another collective */
	const struct hang_mismatch *m = hang_lines_mismatch(c);
	hang_absent(&b, h, m, ", ");
	if (!h->nstuck)
		fl_buf_adds(&b, "; which rank held it up is not in the logs");
	fr_explain(&b, h);
	if (m)
		mismatch_explain(&b, m);
	return fl_buf_detach(&b);
}

/* A communicator that some ranks never finished setting up. */
static char *explain_init_hang(struct ctx *c)
{
	const struct fl_hang *h = &c->a->hang;
	struct fl_buf b = FL_BUF_INIT;
	fl_buf_adds(&b, "communicator set-up never completed");
	for (size_t i = 0; i < h->nstuck && i < 8; i++)
		fl_buf_printf(&b, "%s%lld", i ? ", " : h->nstuck == 1 ? " on rank " : " on ranks ",
			      (long long)h->stuck[i]);
	fl_buf_adds(&b, h->nstuck ? " (Init START without Init COMPLETE) while the others waited"
				  : " (Init START without Init COMPLETE)");
	return fl_buf_detach(&b);
}

static int cause_fill(struct ctx *c, struct fl_cause *k, const char *id, const char *conf,
		      const struct ev *lead, char *expl, const struct remedy_in *rin)
{
	bool init = c->hang_in_init && !strcmp(id, "nccl_init_error") && !lead && c->a->hang.set;
	bool hang = (init || !strcmp(id, "collective_hang")) && !lead && c->a->hang.set;
	if (hang) {
		free(expl);
		expl = init ? explain_init_hang(c) : explain_hang(c);
	}
	cause_init(k, id, conf, expl);
	int rc = FL_OK;
	if (hang)
		rc = hang_evidence(c, k);
	else
		cause_evidence(c, k, lead);
	unsigned settled = 0;
	if (!rc)
		rc = specific_remediation(c, k, lead, &settled);
	struct remedy own;
	remedy_build(id, rin, &own);
	for (size_t i = 0; i < own.n; i++)
		remediation_add(k, own.line[i]);
	settled |= own.settled;
	const struct fl_cause_rule *r = rules_cause(id);
	for (size_t i = 0; r && i < 6 && r->remediation[i]; i++)
		if (!(settled & (1u << i)))
			remediation_add(k, fl_xstrdup(r->remediation[i]));
	return rc;
}

static char *explain(struct ctx *c, const char *cause, const struct ev *lead)
{
	const struct fl_cause_rule *r = rules_cause(cause);
	const char *title = r ? r->title : cause;
	if (!lead)
		return fl_xstrdup(title);
	char *rank = lead->rank >= 0 ? fl_xasprintf("rank %lld", (long long)lead->rank)
				     : fl_xstrdup("a process");
	char *s = fl_xasprintf("%s: %s%s%s reported %s (%s:%lld)", title, rank,
			       lead->host ? " on " : "", lead->host ? lead->host : "", lead->kind,
			       lead->file, (long long)lead->line);
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
static int missing_evidence(struct ctx *c, char **out)
{
	struct fl_stmt *st;
	int rc = q_row(c, Q_INIT_LINES, &st);
	if (rc)
		return rc;
	bool init = fl_stmt_int(st, 0), timed = fl_stmt_int(st, 1), ranked = fl_stmt_int(st, 2);
	fl_stmt_free(st);
	struct fl_buf b = FL_BUF_INIT;
	timed = timed || c->any_timed;
	ranked = ranked || c->any_ranked;
	if (!ranked)
		fl_buf_adds(&b, "no line could be tied to a rank (keep per-rank logs: torchrun --log-dir, "
				"or the [rankN]: prefixes); ");
	if (!init)
		fl_buf_adds(&b, "no NCCL init lines (run with NCCL_DEBUG=INFO); ");
	if (!timed)
		fl_buf_adds(&b, "no dated timestamps, so ranks cannot be ordered in time; ");
	if (c->a->nranks <= 1)
		fl_buf_adds(&b, "logs of only one rank or none; ");
	*out = NULL;
	if (!b.len) {
		fl_buf_release(&b);
		return FL_OK;
	}
	b.len -= 2; /* the last "; " */
	b.ptr[b.len] = '\0';
	*out = fl_buf_detach(&b);
	return FL_OK;
}

/* What remedy_build() needs beyond the configuration, read once. */
static int remedy_inputs(struct ctx *c, struct remedy_in *in, char **socket_if)
{
	memset(in, 0, sizeof(*in));
	in->config = &c->a->config;
	in->first_nonfinite_step = c->a->training.first_nonfinite_step;
	in->fp16 = has_finding(c->a, "fp16_in_use") ||
		   (c->a->config.dtype && !strcmp(c->a->config.dtype, "fp16"));
	in->lr = NAN;
	struct fl_stmt *st;
	int rc = q_open(c, Q_REMEDY, &st);
	if (rc)
		return rc;
	/* Without a non-finite step the learning rate is the last one, which
	 * training_collect() has read already: no step is below INT64_MIN,
	 * so the index gives none at once instead of every step of a run
	 * that never logged one. */
	fl_stmt_bind_int(st, 2, in->first_nonfinite_step >= 0 ? in->first_nonfinite_step : INT64_MIN);
	if ((rc = q_step(c, Q_REMEDY, st)) == 1) {
		in->lr = col_double(st, 0);
		/* without a non-finite step, the last logged one (from the
		 * steps' means, or the last line of logs without step numbers,
		 * DeepSpeed's, HF's) */
		if (in->lr != in->lr && in->first_nonfinite_step < 0)
			in->lr = c->a->training.lr_last;
		*socket_if = dup_or_null(st, 1);
		in->socket_if = *socket_if;
	}
	fl_stmt_free(st);
	return rc < 0 ? rc : FL_OK;
}

/* A step said by an earlier cause is not said again by a later one: the
 * reader goes down the list, and the repeat adds nothing. */
static void drop_repeats(struct fl_analysis *a)
{
	for (size_t i = 0; i < a->nothers; i++) {
		struct fl_cause *k = &a->others[i];
		size_t kept = 0;
		for (size_t j = 0; j < k->nrem; j++) {
			bool seen = false;
			for (size_t p = 0; p <= i && !seen; p++) {
				const struct fl_cause *e = p == 0 ? &a->likely : &a->others[p - 1];
				for (size_t q = 0; q < e->nrem && !seen; q++)
					seen = e->remediation[q] && !strcmp(e->remediation[q], k->remediation[j]);
			}
			if (seen)
				free(k->remediation[j]);
			else
				k->remediation[kept++] = k->remediation[j];
		}
		k->nrem = kept;
	}
}

/* The score of process_crash when the first failure names no cause: above
 * any signal's (100 + priority / 10 for a primary, 40 + ... for a signal),
 * below what a finding adds (150). */
#define UNNAMED_FIRST 100

/* Whether torch's watchdog said it takes the process down. */
static bool taken_down(const struct ctx *c)
{
	for (size_t i = 0; i < c->nev; i++)
		if (!strcmp(c->ev[i].kind, "torch.teardown"))
			return true;
	return false;
}

/* Lines that look wrong although no cause was found: what the pipeline
 * kept as error-looking lines that no pattern read (FL_KIND_UNRECOGNISED),
 * and known lines that follow a failure elsewhere (a peer that closed its
 * socket). The training loop's own warnings are left out: their findings
 * say what they mean (an overflow while the loss scale settles). */
static bool looks_wrong(const struct ev *e)
{
	if (!strcmp(e->kind, FL_KIND_UNRECOGNISED))
		return true;
	return (e->role == ROLE_SECONDARY || e->role == ROLE_SIGNAL) && e->cause &&
	       strcmp(e->cause, "fp16_overflow") != 0 && strcmp(e->cause, "loss_divergence") != 0;
}

/* The verdict when no candidate cause scored: `none`, confident only
 * when the run is healthy and nothing looked wrong; otherwise the lines
 * that did are its evidence, for the reader to judge. */
static void no_cause(struct ctx *c)
{
	bool healthy = !strcmp(c->a->status, "healthy");
	struct fl_cause *k = &c->a->likely;
	cause_init(k, "none", "low", NULL);
	size_t wrong = 0, tries = 0;
	for (size_t i = 0; i < c->nev; i++) {
		if (!looks_wrong(&c->ev[i]))
			continue;
		evidence_add_new(c, &k->evidence, &c->ev[i], &tries);
		wrong++;
	}
	if (healthy && !wrong)
		k->confidence = "high";
	k->explanation = !wrong ? fl_xstrdup(healthy ? "no failure, hang or anomaly was found in the logs"
						      : "no cause could be identified from the logs")
				: fl_xasprintf("%s, but %zu line%s point%s at trouble it cannot place: read %s",
					       healthy ? "no failure faultline knows was found"
						       : "no cause could be identified from the logs",
					       wrong, wrong == 1 ? "" : "s", wrong == 1 ? "s" : "",
					       wrong == 1 ? "it" : "them");
	if (wrong)
		remediation_add(k, fl_xstrdup("read the lines quoted: if one of them is the failure, add "
					      "a pattern for its format (docs/patterns.md) and analyze the "
					      "bundle again"));
	if (!healthy)
		remediation_add(k, fl_xstrdup("collect NCCL_DEBUG=INFO, TORCH_NCCL_TRACE_BUFFER_SIZE and "
					      "per-rank logs (torchrun --log-dir) next time"));
}

/* Primary causes, then derived ones; the first becomes likely_cause. */
int rank_causes(struct ctx *c, const struct ev *first)
{
	hang_check_init(c);
	struct cand v[32];
	size_t n = 0;
	for (size_t i = 0; i < c->nev && n < 24; i++) {
		const struct ev *e = &c->ev[i];
		if (!e->cause || (e->role != ROLE_PRIMARY && e->role != ROLE_SIGNAL))
			continue;
		/* a job cancelled after a rank failed was ended by the failure */
		if (first && !strcmp(e->cause, "scheduler_kill") && ev_before(first, e))
			continue;
		struct cand *k = cand_get(v, &n, e->cause);
		int score = (e->role == ROLE_PRIMARY ? 100 : 40) + e->priority / 10;
		if (score > k->score || (score == k->score && ev_before(e, k->lead))) {
			k->score = score;
			k->lead = e;
		}
		k->nev++;
	}
	/* Numerics seen only in step lines. */
	if (c->a->training.first_nonfinite_step >= 0 || has_finding(c->a, "nonfinite_loss"))
		cand_get(v, &n, "loss_divergence")->score += 160;
	/* Nothing but consequences: the root is not in the bundle, but what
	 * the consequences point at is still the best lead. Warnings count
	 * once torch says it is taking the process down: the job did die. */
	if (n == 0 && !first && !c->a->hang.set) {
		int min_severity = taken_down(c) ? 1 : 2;
		for (size_t i = 0; i < c->nev && n < 24; i++) {
			const struct ev *e = &c->ev[i];
			if (e->role != ROLE_SECONDARY || !e->cause || e->severity < min_severity ||
			    !strcmp(e->cause, "collective_hang"))
				continue;
			struct cand *k = cand_get(v, &n, e->cause);
			if (10 + e->priority / 10 > k->score) {
				k->score = 10 + e->priority / 10;
				k->lead = e;
			}
		}
	}
	/* Overflows are normal while the scale settles; only a collapse is a
	 * cause (findings.c decides what a collapse is). */
	if (has_finding(c->a, "loss_scale_collapse"))
		cand_get(v, &n, "fp16_overflow")->score += 150;
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
	/* The first failure's cause wins outright; a first failure that names
	 * no cause (a cut traceback) is a crash only if nothing else explains
	 * it. */
	if (first) {
		struct cand *k = cand_get(v, &n, first->cause ? first->cause : "process_crash");
		k->score = first->cause ? 1000 : k->score > UNNAMED_FIRST ? k->score : UNNAMED_FIRST;
		k->lead = first;
	}
	/* With a primary failure, timeouts are its consequence, not a cause.
	 * A hang in communicator set-up is a set-up failure. */
	if (c->a->hang.set && !first)
		cand_get(v, &n, c->hang_in_init ? "nccl_init_error" : "collective_hang")->score += 150;
	if (has_finding(c->a, "socket_fallback"))
		cand_get(v, &n, "slow_transport")->score += first || c->a->hang.set ? 30
							    : c->socket_unsure ? 60 : 120;
	if (n)
		qsort(v, n, sizeof(v[0]), cmp_cand);
	const char *conf_first = "high";
	/* A second primary of another cause within 5 s lowers confidence. */
	for (size_t i = 0; first && i < c->nev; i++) {
		const struct ev *e = &c->ev[i];
		if (e->role == ROLE_PRIMARY && e != first && e->cause && first->cause &&
		    strcmp(e->cause, first->cause) != 0 &&
		    e->cts != FL_TIME_NONE && first->cts != FL_TIME_NONE &&
		    llabs(e->cts - first->cts) <= 5000000)
			conf_first = "medium";
	}
	size_t out = 0;
	char *socket_if = NULL;
	struct remedy_in rin;
	int rc = remedy_inputs(c, &rin, &socket_if);
	c->a->others = fl_xcalloc(n ? n : 1, sizeof(struct fl_cause));
	for (size_t i = 0; !rc && i < n; i++) {
		if (v[i].score <= 0)
			continue;
		const char *conf = v[i].score >= 1000 ? conf_first : v[i].score >= 150 ? "medium" : "low";
		if ((!strcmp(v[i].cause, "collective_hang") ||
		     (c->hang_in_init && !strcmp(v[i].cause, "nccl_init_error"))) &&
		    !first && c->a->hang.set)
			conf = c->a->hang.nstuck ? "high" : "medium";
		struct fl_cause *k = out == 0 ? &c->a->likely : &c->a->others[c->a->nothers++];
		rc = cause_fill(c, k, v[i].cause, conf, v[i].lead, explain(c, v[i].cause, v[i].lead),
				&rin);
		k->score = v[i].score;
		out++;
	}
	free(socket_if);
	if (!rc)
		drop_repeats(c->a);
	if (!rc && (out == 0 || !strcmp(c->a->likely.confidence, "low")))
		rc = missing_evidence(c, &c->a->missing);
	if (out == 0)
		no_cause(c);
	return rc;
}

/* ---- status, ranks, timeline, summary ---- */
