/* SPDX-License-Identifier: MIT */
/* attrib_int.h - private to src/attrib: parsing helpers shared by its files. */
#ifndef FAULTLINE_ATTRIB_INT_H
#define FAULTLINE_ATTRIB_INT_H

#include "faultline/attrib.h"

int fl_digits(const char *s, size_t n, size_t count, int *out);
size_t fl_parse_hms(const char *s, size_t n, int *h, int *m, int *sec);
size_t fl_parse_frac(const char *s, size_t n, int *us, int *ndig);
int fl_month_from_name(const char *s, size_t n);

/* One prefix recogniser: consumes a prefix at s and records what it says
 * in *a. `first` is true at the start of the line. Returns bytes consumed. */
size_t fl_prefix_one(const char *s, size_t n, bool first, int year, struct fl_attr *a);

#endif
