/* SPDX-License-Identifier: MIT */
/*
 * replay.c - main() for a fuzz target outside libFuzzer: runs the target
 * once on each file named, or on each file of each directory named, in
 * name order. ctest uses it to replay tests/fuzz/regress/ and the seed
 * corpora under the ordinary and the sanitizer builds; a crash or a
 * sanitizer report fails the test.
 */
#include "fuzz.h"

#include <dirent.h>
#include <errno.h>
#include <string.h>
#include <sys/stat.h>

static int replay_file(const char *path)
{
	FILE *fp = fopen(path, "rb");
	if (!fp) {
		fprintf(stderr, "cannot open '%s': %s\n", path, strerror(errno));
		return 1;
	}
	size_t cap = 4096, n = 0;
	uint8_t *buf = malloc(cap);
	size_t got;
	while (buf && (got = fread(buf + n, 1, cap - n, fp)) > 0) {
		n += got;
		if (n == cap)
			buf = realloc(buf, cap *= 2);
	}
	fclose(fp);
	if (!buf)
		return 1;
	LLVMFuzzerTestOneInput(buf, n);
	free(buf);
	return 0;
}

/* Returns the number of inputs replayed, or -1 when one could not be read. */
static long replay_dir(const char *dir)
{
	struct dirent **ents;
	int n = scandir(dir, &ents, NULL, alphasort);
	if (n < 0) {
		fprintf(stderr, "cannot read directory '%s': %s\n", dir, strerror(errno));
		return -1;
	}
	long done = 0;
	for (int i = 0; i < n; i++) {
		if (ents[i]->d_name[0] != '.' && done >= 0) {
			size_t len = strlen(dir) + strlen(ents[i]->d_name) + 2;
			char *path = malloc(len);
			snprintf(path, len, "%s/%s", dir, ents[i]->d_name);
			done = replay_file(path) ? -1 : done + 1;
			free(path);
		}
		free(ents[i]);
	}
	free(ents);
	return done;
}

int main(int argc, char **argv)
{
	long total = 0;
	for (int i = 1; i < argc; i++) {
		struct stat sb;
		long k = stat(argv[i], &sb) == 0 && S_ISDIR(sb.st_mode) ? replay_dir(argv[i])
									: (replay_file(argv[i]) ? -1 : 1);
		if (k < 0)
			return 1;
		total += k;
	}
	printf("replayed %ld inputs\n", total);
	return 0;
}
