/* SPDX-License-Identifier: MIT */
/* fl_test.c - see fl_test.h. */
#include "fl_test.h"

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

static void mkdirs(const char *dir)
{
	char *p = strdup(dir);
	for (char *q = p + 1; *q; q++) {
		if (*q == '/') {
			*q = '\0';
			mkdir(p, 0755);
			*q = '/';
		}
	}
	mkdir(p, 0755);
	free(p);
}

/* Runs cmd (which it frees) in the shell; true when it succeeded. */
static bool shell(char *cmd)
{
	bool ok = system(cmd) == 0;
	free(cmd);
	return ok;
}

bool fl_test_copy_tree(const char *src, const char *dst)
{
	size_t n = strlen(src) + strlen(dst) + 16;
	char *cmd = malloc(n);
	snprintf(cmd, n, "cp -R '%s' '%s'", src, dst);
	return shell(cmd);
}

bool fl_test_remove_tree(const char *path)
{
	size_t n = strlen(path) + 16;
	char *cmd = malloc(n);
	snprintf(cmd, n, "rm -rf '%s'", path);
	return shell(cmd);
}

char *fl_test_tmpdir(const char *name)
{
	size_t n = strlen(FL_TEST_OUT) + strlen(name) + 64;
	char *dir = malloc(n);
	snprintf(dir, n, "%s/tmp/%s-%ld", FL_TEST_OUT, name, (long)getpid());
	if (!fl_test_remove_tree(dir))
		perror("rm");
	mkdirs(dir);
	return dir;
}

int fl_test_run(const char *out_path, const char *err_path, const char *const *args)
{
	const char *argv[64];
	size_t n = 0;
	argv[n++] = FL_BINARY;
	for (size_t i = 0; args[i] && n < 63; i++)
		argv[n++] = args[i];
	argv[n] = NULL;
	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 1, out_path ? out_path : "/dev/null",
					 O_WRONLY | O_CREAT | O_TRUNC, 0644);
	posix_spawn_file_actions_addopen(&fa, 2, err_path ? err_path : "/dev/null",
					 O_WRONLY | O_CREAT | O_TRUNC, 0644);
	pid_t pid;
	int rc = posix_spawn(&pid, FL_BINARY, &fa, NULL, (char *const *)argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (rc != 0)
		return -1;
	int st;
	if (waitpid(pid, &st, 0) < 0)
		return -1;
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

char *fl_test_slurp(const char *path, size_t *len)
{
	FILE *fp = fopen(path, "rb");
	if (!fp)
		return NULL;
	size_t cap = 65536, n = 0;
	char *buf = malloc(cap + 1);
	size_t r;
	while ((r = fread(buf + n, 1, cap - n, fp)) > 0) {
		n += r;
		if (n == cap) {
			cap *= 2;
			buf = realloc(buf, cap + 1);
		}
	}
	fclose(fp);
	buf[n] = '\0';
	if (len)
		*len = n;
	return buf;
}

bool fl_test_write(const char *path, const char *data, size_t len)
{
	FILE *fp = fopen(path, "wb");
	if (!fp)
		return false;
	bool ok = fwrite(data, 1, len, fp) == len;
	return (fclose(fp) == 0) && ok;
}
