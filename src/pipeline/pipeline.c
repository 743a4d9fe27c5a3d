/* SPDX-License-Identifier: MIT */
/*
 * pipeline.c - one pass from bundle to store: the stage itself.
 *
 * The reader (reader.c) and the scanner (scan.c) run in threads of their
 * own and hand this thread batches: a member begins, lines (split,
 * attributed, prefiltered), a member ends, a member was skipped. Here
 * each line is counted toward its stream (streams.c) and matched; each
 * event goes where its kind says (events.c: rows, steps.c, nccl.c). At
 * the end of the bundle the run's aggregates are written and the run is
 * committed, with its kept copy placed by the store, or rolled back.
 *
 *   fl_pipeline_ingest / fl_pipeline_reingest
 *     -> ingest_job: run_begin, read_bundle (consume each batch), finish
 *     -> commit (place the copy) | same bytes already a run | rollback
 *
 * Tested by: tests/e2e, tests/unit/test_pipeline.c
 */
#include "pipeline_int.h"

#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>

/* The ingest: what the calling thread keeps while batches come in. */
struct ing {
	struct fl_store *store;
	const struct fl_patterns *pats;
	struct fl_matcher *matcher;
	struct fl_attr_bundle bundle;
	struct event_sink sink;  /* run, current file, steps, NCCL aggregates */
	struct streams streams;  /* per file: activity, tails */
	struct nccl_aggs nccl;   /* per run */
	struct telemetry tele;   /* per run, and the current member's format */
	uint64_t lines;          /* of the whole bundle */
	uint64_t files;
	uint64_t file_lines, conflicts;
	int64_t max_mtime; /* newest member, for a bundle without a dated stamp */
	struct fl_err *err;
	/* the progress display (o->progress) */
	const struct fl_pipeline_opts *o;
	struct fl_progress prog;
	double prog_start, prog_last; /* monotonic seconds; prog_last < 0: none shown */
};

static int on_line(struct ing *g, const struct fl_line *l, const struct fl_attr *a, int32_t pat,
		   const struct fl_found_cap *caps, size_t ncap)
{
	g->lines++;
	g->file_lines++;
	if (a->conflict)
		g->conflicts++;
	/* espnet's and icefall's prefixes state the world on every line */
	if (a->world > g->sink.world_size_max)
		g->sink.world_size_max = a->world;
	if (telemetry_line(&g->tele, l, a))
		return 0;
	int rc = fl_matcher_line_found(g->matcher, a, l->ptr, l->len, l->lineno, l->offset, pat,
				       caps, ncap, events_route, &g->sink);
	streams_line(&g->streams, l, a, fl_matcher_claimed(g->matcher));
	return rc;
}

static int member_begin(struct ing *g, const struct batch *b)
{
	if (b->mem.mtime > g->max_mtime)
		g->max_mtime = b->mem.mtime;
	const struct fl_path_attr *pa = &b->pa;
	struct fl_file_meta fm = { b->path, pa->rank, pa->local_rank, pa->pid, pa->host, pa->attempt };
	if (fl_store_file_add(g->store, g->sink.run_id, &fm, &g->sink.file_id))
		return store_fail(g->store, g->err, "cannot store file");
	g->conflicts = 0;
	g->file_lines = 0;
	streams_file_begin(&g->streams, pa->rank < 0 && pa->local_rank < 0);
	telemetry_file_begin(&g->tele, g->sink.file_id);
	g->files++;
	return 0;
}

static int member_lines(struct ing *g, const struct batch *b)
{
	int rc = 0;
	for (size_t i = 0; !rc && i < b->nlines; i++) {
		struct fl_line l;
		struct fl_attr a;
		const struct fl_found_cap *caps;
		size_t ncap;
		int32_t pat = batch_line(b, i, &l, &a, &caps, &ncap);
		rc = on_line(g, &l, &a, pat, caps, ncap);
	}
	streams_batch_done(&g->streams);
	return rc;
}

static int member_end(struct ing *g, const struct batch *b)
{
	int rc = fl_matcher_flush(g->matcher, events_route, &g->sink);
	if (!rc)
		rc = events_file_end(&g->sink);
	telemetry_file_end(&g->tele);
	if (!rc)
		rc = streams_file_end(&g->streams, g->store, g->sink.run_id, g->sink.file_id,
				      g->err);
	if (!rc && steps_file_end(g->sink.steps))
		rc = store_fail(g->store, g->err, "cannot store steps");
	if (!rc)
		rc = nccl_aggs_flush(&g->nccl, g->store, g->sink.run_id, g->err);
	struct fl_file_totals t = { (int64_t)b->st.bytes, (int64_t)g->file_lines,
				    (int64_t)b->st.truncated_lines, (int64_t)g->conflicts, b->boot };
	if (!rc && fl_store_file_done(g->store, g->sink.file_id, &t))
		rc = store_fail(g->store, g->err, "cannot store file");
	return rc;
}

static int consume(struct ing *g, const struct batch *b)
{
	switch (b->type) {
	case B_BEGIN:
		return member_begin(g, b);
	case B_LINES:
		return member_lines(g, b);
	case B_END:
		return member_end(g, b);
	case B_SKIPPED:
		return fl_store_skipped_add(g->store, g->sink.run_id, b->path, b->why)
			       ? store_fail(g->store, g->err, "cannot store skipped member")
			       : 0;
	case B_DUMP:
		g->files++;
		return frdump_store(g->store, g->sink.run_id, b->path, b->dump, b->dump_bytes,
				    g->err);
	}
	return 0;
}

static double mono_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Tells o->progress where the ingest stands: at the first batch, then at
 * most every FL_PROGRESS_MS (a clock read per batch of lines). */
static void progress_tick(struct ing *g, struct reader *r)
{
	double now = mono_s();
	if (g->prog_last >= 0 && now - g->prog_last < FL_PROGRESS_MS / 1000.0)
		return;
	g->prog_last = now;
	g->prog.bytes_read = reader_bytes_read(r);
	g->prog.members = g->files;
	g->prog.lines = g->lines;
	g->prog.events = g->sink.events;
	g->prog.elapsed_s = now - g->prog_start;
	g->o->progress(g->o->progress_ctx, &g->prog);
}

static void progress_start(struct ing *g, const char *path)
{
	g->prog_start = mono_s();
	g->prog_last = -1;
	if (g->o->progress &&
	    fl_ingest_size(path, fl_store_files(g->store), &g->prog.bytes_total) != FL_OK)
		g->prog.bytes_total = 0;
}

/* Runs the reader and the scanner threads and consumes their batches here. */
static int read_bundle(struct ing *g, const char *path, const struct fl_ingest_opts *io,
		       struct fl_ingest_stats *stats, struct fl_err *err)
{
	struct reader *r = reader_start(path, io, stats, err);
	if (!r)
		return FL_ENOMEM;
	struct scanner *sc = scanner_start(r, g->pats, &g->bundle, io->max_line, err);
	if (!sc) {
		reader_cancel(r);
		while (reader_next(r))
			reader_done_with(r);
		reader_join(r, NULL);
		return FL_ENOMEM;
	}
	int rc = 0;
	struct batch *b;
	while ((b = scanner_next(sc))) {
		if (!rc && (rc = consume(g, b)) != 0)
			scanner_cancel(sc);
		scanner_done_with(sc);
		if (!rc && g->o->progress)
			progress_tick(g, r);
	}
	scanner_join(sc);
	/* The consumer's own error explains a cancelled reader best. */
	struct fl_err rerr;
	int rrc = reader_join(r, &rerr);
	if (!rc && rrc) {
		rc = rrc;
		if (err)
			*err = rerr;
	}
	return rc;
}

/* After the last member: the run-wide sums and aggregates. */
static int finish_run(struct ing *g)
{
	/* the NCCL aggregates were written as each member ended (member_end) */
	int rc = steps_run_end(g->sink.steps);
	if (rc == FL_EIO)
		return fl_err_set(g->err, rc, "cannot read back the step sums spilled to $TMPDIR");
	if (rc)
		return store_fail(g->store, g->err, "cannot store step sums");
	rc = events_run_end(&g->sink);
	if (rc)
		return rc;
	return telemetry_flush(&g->tele, g->store, g->sink.run_id, g->err);
}

void fl_pipeline_opts_init(struct fl_pipeline_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->keep = FL_KEEP_FILES;
	o->tail_lines = 20;
}

/* The year for year-less stamps: the latest dated stamp's, else that of
 * the newest member's modification time. */
static int bundle_year(const struct ing *g)
{
	if (g->bundle.year || g->max_mtime <= 0)
		return g->bundle.year;
	int y, mo, d, h, mi, s, us;
	fl_time_to_civil(g->max_mtime * 1000000, &y, &mo, &d, &h, &mi, &s, &us);
	return y;
}

static void ing_init(struct ing *g, struct fl_store *s, const struct fl_patterns *p,
		     const struct fl_pipeline_opts *o, struct fl_err *err)
{
	memset(g, 0, sizeof(*g));
	g->store = s;
	g->pats = p;
	g->err = err;
	g->o = o;
	g->matcher = fl_matcher_new(p);
	streams_init(&g->streams, o->tail_lines);
	nccl_aggs_init(&g->nccl);
	telemetry_init(&g->tele);
	g->sink.store = s;
	g->sink.nccl = &g->nccl;
	g->sink.err = err;
	events_init(&g->sink);
}

static void ing_release(struct ing *g)
{
	fl_matcher_free(g->matcher);
	streams_release(&g->streams);
	nccl_aggs_release(&g->nccl);
	telemetry_release(&g->tele);
	steps_free(g->sink.steps);
	events_release(&g->sink);
}

/* One ingest as the entry points describe it. */
struct job {
	const char *path;          /* what is read */
	const char *name;          /* the bundle's name: runs.bundle, member names */
	int64_t replace;           /* re-analysis of this run */
	const char *expect_sha256; /* the original read in place must still be this */
	const char *kept;          /* re-analysis of a kept copy: its name */
	bool copy;                 /* write a kept copy */
};

static int commit(struct ing *g, const struct job *job, char *incoming,
		  struct fl_ingest_result *res)
{
	char *kept = incoming ? fl_store_bundle_place(g->store, incoming, res->stats.sha256,
						      job->name, res->stats.is_directory)
		     : job->kept ? fl_xstrdup(job->kept) : NULL;
	struct fl_run_totals t = { res->stats.sha256, kept, (int64_t)g->files,
				   (int64_t)res->stats.lines, (int64_t)res->stats.bytes_out,
				   (int64_t)res->stats.skipped, (int64_t)g->sink.events,
				   bundle_year(g), g->bundle.yearless > 0,
				   g->sink.world_size_max, g->sink.nccl_nranks_max };
	int rc = fl_store_run_commit(g->store, g->sink.run_id, &t, g->err);
	res->run_id = g->sink.run_id;
	res->events = g->sink.events;
	free(kept);
	return rc;
}

static int ingest_job(struct fl_store *s, const struct fl_patterns *p, const struct job *job,
		      const struct fl_pipeline_opts *o, struct fl_ingest_result *res,
		      struct fl_err *err)
{
	memset(res, 0, sizeof(*res));
	struct ing g;
	ing_init(&g, s, p, o, err);
	char *abs = realpath(job->path, NULL);
	struct fl_run_meta meta = { job->replace, job->name, abs ? abs : job->path,
				    fl_patterns_digest(p), fl_now_us(), o->shard, o->shards };
	struct fl_ingest_opts io;
	fl_ingest_opts_init(&io);
	if (o->limits)
		io = *o->limits;
	if (o->max_line)
		io.max_line = o->max_line;
	io.name = job->name;
	io.own = fl_store_files(s);
	char *incoming = NULL;
	int rc = fl_store_run_begin(s, &meta, &g.sink.run_id, err);
	g.sink.steps = steps_new(s, g.sink.run_id, NULL);
	if (!rc && job->copy && (rc = fl_store_bundle_incoming(s, &incoming, err)) == FL_OK)
		io.keep_path = incoming;
	if (!rc) {
		progress_start(&g, job->path);
		rc = read_bundle(&g, job->path, &io, &res->stats, err);
	}
	res->stats.lines = g.lines;
	if (!rc && job->expect_sha256 && strcmp(res->stats.sha256, job->expect_sha256))
		rc = fl_err_set(err, FL_ECHANGED, "'%s' has changed since it was ingested",
				job->path);
	if (!rc)
		rc = finish_run(&g);
	char *digest = NULL;
	if (!rc && !job->replace &&
	    fl_store_run_by_sha(s, res->stats.sha256, &res->run_id, &digest) == FL_OK) {
		/* The same bytes are already a run: keep that one, and say
		 * when its events came from another pattern library. */
		res->existed = true;
		res->stale = !digest || strcmp(digest, meta.patterns_digest);
		free(digest);
		fl_store_run_rollback(s);
		fl_store_bundle_discard(incoming);
	} else if (!rc) {
		rc = commit(&g, job, incoming, res);
	} else {
		fl_store_run_rollback(s);
		fl_store_bundle_discard(incoming);
	}
	free(incoming);
	free(abs);
	ing_release(&g);
	return rc;
}

/* Whether path is copied beside the store: a directory only with
 * FL_KEEP_ALL (see enum fl_keep). */
static bool wants_copy(const char *path, enum fl_keep keep)
{
	struct stat sb;
	if (keep == FL_KEEP_NONE)
		return false;
	return keep == FL_KEEP_ALL || stat(path, &sb) != 0 || !S_ISDIR(sb.st_mode);
}

int fl_pipeline_ingest(struct fl_store *s, const struct fl_patterns *p, const char *path,
		       const struct fl_pipeline_opts *o, struct fl_ingest_result *res,
		       struct fl_err *err)
{
	struct fl_pipeline_opts defaults;
	if (!o) {
		fl_pipeline_opts_init(&defaults);
		o = &defaults;
	}
	struct job job = { .path = path, .name = fl_base_name(path),
			   .copy = wants_copy(path, o->keep) };
	return ingest_job(s, p, &job, o, res, err);
}

int fl_pipeline_reingest(struct fl_store *s, const struct fl_patterns *p, int64_t run_id,
			 const struct fl_pipeline_opts *o, struct fl_ingest_result *res,
			 struct fl_err *err)
{
	struct fl_pipeline_opts defaults;
	if (!o) {
		fl_pipeline_opts_init(&defaults);
		o = &defaults;
	}
	struct fl_bundle_source src;
	memset(res, 0, sizeof(*res));
	int rc = fl_store_bundle_source(s, run_id, &src, err);
	if (rc)
		return rc;
	/* The kept copy of a directory is a tar, whose hash is not the
	 * directory's: it is trusted as the store's own. A bundle read where
	 * it lies must still be the bytes that were ingested. */
	struct job job = { .path = src.path, .name = src.name, .replace = run_id,
			   .expect_sha256 = src.in_place ? src.sha256 : NULL,
			   .kept = src.in_place ? NULL : src.kept };
	rc = ingest_job(s, p, &job, o, res, err);
	fl_bundle_source_release(&src);
	return rc;
}
