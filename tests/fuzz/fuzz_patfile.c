/* SPDX-License-Identifier: MIT */
/*
 * fuzz_patfile.c - the pattern-file loader (src/extract/pat_load.c) and
 * `patterns check` (pat_check.c).
 *
 * The input is written as the one .pat file of a private directory and
 * loaded: a file that loads is checked (its examples matched against its
 * regexes) and freed; a file that fails must say why in err.
 */
#include "fuzz.h"

#include <string.h>
#include <unistd.h>

#include "faultline/extract.h"

static char dir[] = "/tmp/fl-fuzz-patfile-XXXXXX";
static char file[sizeof(dir) + 16];

static void cleanup(void)
{
	unlink(file);
	rmdir(dir);
}

static void setup(void)
{
	if (file[0])
		return;
	if (!mkdtemp(dir))
		abort();
	snprintf(file, sizeof(file), "%s/f.pat", dir);
	atexit(cleanup);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	setup();
	FILE *fp = fopen(file, "wb");
	FUZZ_ASSERT(fp && fwrite(data, 1, size, fp) == size && fclose(fp) == 0);
	const char *d = dir;
	struct fl_patterns *p = NULL;
	struct fl_err err;
	fl_err_clear(&err);
	int rc = fl_patterns_load(&p, &d, 1, &err);
	if (rc) {
		FUZZ_ASSERT(rc == FL_EPATTERN && err.msg[0]);
		return 0;
	}
	struct fl_check_result res;
	fl_patterns_check(p, &res);
	FUZZ_ASSERT(res.failures == 0 || res.report.len > 0);
	fl_check_result_release(&res);
	for (size_t i = 0; i < fl_patterns_count(p); i++)
		FUZZ_ASSERT(fl_patterns_info(p, i)->name);
	fl_patterns_free(p);
	return 0;
}
