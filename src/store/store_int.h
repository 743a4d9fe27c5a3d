/* SPDX-License-Identifier: MIT */
/* store_int.h - private to src/store. */
#ifndef FAULTLINE_STORE_INT_H
#define FAULTLINE_STORE_INT_H

#include <sqlite3.h>

#include "faultline/store.h"

enum hot_stmt {
	ST_EVENT, ST_STEP, ST_TAIL, ST_FILE, ST_FILE_DONE, ST_SKIPPED, ST_TRANSPORT, ST_COLL,
	ST_ACTIVITY, ST_N
};

struct fl_store {
	sqlite3 *db;
	char *path;
	char *dir;
	sqlite3_stmt *hot[ST_N];
	bool in_run;
};

struct fl_stmt {
	struct fl_store *s;
	sqlite3_stmt *st;
};

int store_migrate(struct fl_store *s, bool readonly, struct fl_err *err);
int store_err(struct fl_store *s, struct fl_err *err, const char *what);
sqlite3_stmt *store_hot(struct fl_store *s, enum hot_stmt which);
void store_finalize_hot(struct fl_store *s);
void store_bind_attr(sqlite3_stmt *st, int first, const struct fl_row_attr *a);

#endif
