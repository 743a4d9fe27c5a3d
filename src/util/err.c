/* SPDX-License-Identifier: MIT */
/* err.c - status names and the fl_err message carrier. */
#include "faultline/util.h"

#include <string.h>

const char *fl_strstatus(int code)
{
	switch (code) {
	case FL_OK: return "ok";
	case FL_ENOMEM: return "out of memory or size limit";
	case FL_EIO: return "input/output error";
	case FL_EFORMAT: return "unusable input";
	case FL_EPATTERN: return "invalid pattern";
	case FL_EDB: return "store error";
	case FL_EUSAGE: return "usage error";
	case FL_ENOTFOUND: return "not found";
	case FL_ECANCEL: return "cancelled";
	case FL_ECHANGED: return "changed since it was ingested";
	}
	return "unknown error";
}

int fl_err_set(struct fl_err *err, int code, const char *fmt, ...)
{
	if (err) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
		va_end(ap);
		err->code = code;
	}
	return code;
}

void fl_err_clear(struct fl_err *err)
{
	if (err) {
		err->code = FL_OK;
		err->msg[0] = '\0';
	}
}
