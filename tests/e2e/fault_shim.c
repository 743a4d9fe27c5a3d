/* SPDX-License-Identifier: MIT */
/*
 * fault_shim.c - faults injected under the real binary, by LD_PRELOAD
 * (jq's inject_errors.c habit), for tests/e2e/test_faults.c. No mount and
 * no root needed. Each fault is asked for by an environment variable:
 *
 *   FL_SHIM_ENOSPC_DIR=D, FL_SHIM_ENOSPC_AFTER=N
 *       writes to files under D fail with ENOSPC once N bytes were
 *       written there: a disk that fills during an ingest;
 *   FL_SHIM_CHANGE=F
 *       after the first read of file F, a line is appended to it: a log
 *       still being written while the bundle is read;
 *   FL_SHIM_VANISH=D
 *       after the first read of a file under D, D is renamed away: a
 *       bundle deleted while it is read.
 */
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <unistd.h>

ssize_t write(int fd, const void *buf, size_t n);
ssize_t pwrite(int fd, const void *buf, size_t n, off_t off);
ssize_t pwrite64(int fd, const void *buf, size_t n, off_t off);
ssize_t writev(int fd, const struct iovec *iov, int cnt);
ssize_t read(int fd, void *buf, size_t n);

static bool under(int fd, const char *dir)
{
	char link[64], path[4096];
	snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
	ssize_t k = readlink(link, path, sizeof(path) - 1);
	if (k < 0)
		return false;
	path[k] = '\0';
	size_t d = strlen(dir);
	return !strncmp(path, dir, d) && (path[d] == '/' || path[d] == '\0');
}

/* True when a write of n bytes to fd must fail with ENOSPC. */
static bool disk_full(int fd, size_t n)
{
	static unsigned long long written;
	const char *dir = getenv("FL_SHIM_ENOSPC_DIR");
	const char *after = getenv("FL_SHIM_ENOSPC_AFTER");
	if (!dir || !after || !under(fd, dir))
		return false;
	if (written + n > strtoull(after, NULL, 10)) {
		errno = ENOSPC;
		return true;
	}
	written += n;
	return false;
}

#define REAL(name) ((__typeof__(&name))dlsym(RTLD_NEXT, #name))

ssize_t write(int fd, const void *buf, size_t n)
{
	return disk_full(fd, n) ? -1 : REAL(write)(fd, buf, n);
}

ssize_t pwrite(int fd, const void *buf, size_t n, off_t off)
{
	return disk_full(fd, n) ? -1 : REAL(pwrite)(fd, buf, n, off);
}

ssize_t pwrite64(int fd, const void *buf, size_t n, off_t off)
{
	return disk_full(fd, n) ? -1 : REAL(pwrite64)(fd, buf, n, off);
}

ssize_t writev(int fd, const struct iovec *iov, int cnt)
{
	size_t n = 0;
	for (int i = 0; i < cnt; i++)
		n += iov[i].iov_len;
	return disk_full(fd, n) ? -1 : REAL(writev)(fd, iov, cnt);
}

/* After the first read from the file or directory named by var, act once. */
static void after_read(int fd, const char *var, bool *done, void (*act)(const char *))
{
	const char *target = getenv(var);
	if (*done || !target || !under(fd, target))
		return;
	*done = true;
	act(target);
}

static void append_line(const char *path)
{
	static const char line[] = "[rank0]: still being written\n";
	int fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC);
	if (fd >= 0) {
		if (REAL(write)(fd, line, sizeof(line) - 1) < 0)
			perror("fault_shim: append");
		close(fd);
	}
}

static void move_away(const char *dir)
{
	char gone[4096];
	snprintf(gone, sizeof(gone), "%s.gone", dir);
	if (rename(dir, gone) != 0)
		perror("fault_shim: rename");
}

ssize_t read(int fd, void *buf, size_t n)
{
	static bool changed, moved;
	ssize_t r = REAL(read)(fd, buf, n);
	if (r > 0) {
		after_read(fd, "FL_SHIM_CHANGE", &changed, append_line);
		after_read(fd, "FL_SHIM_VANISH", &moved, move_away);
	}
	return r;
}
