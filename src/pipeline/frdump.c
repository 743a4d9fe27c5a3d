/* SPDX-License-Identifier: MIT */
/*
 * frdump.c - a decoded Flight Recorder dump, written as rows.
 *
 * The dump is a member of the bundle like a log: it gets a files row
 * (its path, the rank its name ends with), so evidence can point at it,
 * then one fr_dumps row, its pg_config as fr_pgs rows and its ring
 * buffer as fr_entries rows in order. analyze/fr.c matches them across
 * ranks. Tested by: tests/e2e (flight recorder scenarios)
 */
#include "pipeline_int.h"

static void entry_row(const struct fl_fr_entry *e, struct fl_fr_entry_row *r)
{
	r->record_id = e->record_id;
	r->pg_id = e->pg_id;
	r->collective_seq_id = e->collective_seq_id;
	r->p2p_seq_id = e->p2p_seq_id;
	r->op_id = e->op_id;
	r->pg_name = e->pg_name;
	r->pg_desc = e->pg_desc;
	r->profiling_name = e->profiling_name;
	r->state = e->state;
	r->input_sizes = e->input_sizes;
	r->input_dtypes = e->input_dtypes;
	r->output_sizes = e->output_sizes;
	r->output_dtypes = e->output_dtypes;
	r->time_created_ns = e->time_created_ns;
	r->time_started_ns = e->time_started_ns;
	r->time_completed_ns = e->time_completed_ns;
	r->timeout_ms = e->timeout_ms;
	r->retired = e->retired;
	r->is_p2p = e->is_p2p;
	r->frames = e->frames;
}

int frdump_store(struct fl_store *s, int64_t run_id, const char *path,
		 const struct fl_frdump *d, uint64_t bytes, struct fl_err *err)
{
	/* the host and attempt as the path says; the rank as the dump's name does */
	struct fl_path_attr pa;
	fl_attr_path(path, &pa);
	int64_t rank = fl_frdump_rank(path), file_id;
	struct fl_file_meta fm = { path, rank, -1, -1, pa.host[0] ? pa.host : NULL, pa.attempt };
	if (fl_store_file_add(s, run_id, &fm, &file_id))
		return store_fail(s, err, "cannot store file");
	struct fl_file_totals t = { (int64_t)bytes, 0, 0, 0, FL_TIME_NONE };
	if (fl_store_file_done(s, file_id, &t))
		return store_fail(s, err, "cannot store file");
	struct fl_fr_dump_row dr = { run_id, file_id, rank, d->version, (int64_t)d->nentries };
	if (fl_store_fr_dump_add(s, &dr))
		return store_fail(s, err, "cannot store flight recorder dump");
	for (size_t i = 0; i < d->npgs; i++) {
		const struct fl_fr_pg *g = &d->pgs[i];
		struct fl_fr_pg_row pr = { .run_id = run_id,
					   .file_id = file_id,
					   .rank = rank,
					   .name = g->name,
					   .desc = g->desc,
					   .ranks = g->ranks,
					   .last_enqueued = g->last_enqueued,
					   .last_started = g->last_started,
					   .last_completed = g->last_completed };
		if (fl_store_fr_pg_add(s, &pr))
			return store_fail(s, err, "cannot store flight recorder dump");
	}
	for (size_t i = 0; i < d->nentries; i++) {
		struct fl_fr_entry_row er = { .run_id = run_id, .file_id = file_id, .rank = rank,
					      .idx = (int64_t)i };
		entry_row(&d->entries[i], &er);
		if (fl_store_fr_entry_add(s, &er))
			return store_fail(s, err, "cannot store flight recorder dump");
	}
	return 0;
}
