/* SPDX-License-Identifier: MIT */
/*
 * fl_test.h - helpers shared by the Criterion tests: temporary
 * directories, running the real binary, reading files.
 */
#ifndef FL_TEST_H
#define FL_TEST_H

#include <stdbool.h>
#include <stddef.h>

/* A fresh directory under FL_TEST_OUT/tmp; caller frees the path. */
char *fl_test_tmpdir(const char *name);

/* Runs the faultline binary with the given arguments (NULL-terminated),
 * capturing stdout and stderr into files. Returns the exit status, or -1. */
int fl_test_run(const char *out_path, const char *err_path, const char *const *args);

/* Reads a whole file; NULL if it cannot. Caller frees. */
char *fl_test_slurp(const char *path, size_t *len);

/* Writes data to path; returns false on failure. */
bool fl_test_write(const char *path, const char *data, size_t len);

/* cp -R src dst and rm -rf path; false when the command failed. */
bool fl_test_copy_tree(const char *src, const char *dst);
bool fl_test_remove_tree(const char *path);

#endif
