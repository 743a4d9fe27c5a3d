/* SPDX-License-Identifier: MIT */
/*
 * client_spool.c - bundles an epilogue could not send, kept to be sent
 * later.
 *
 * A Slurm Epilog that fails or hangs drains the node, so `faultline upload
 * --epilogue` never waits long and never fails: a bundle the server could
 * not take now (no answer, 408, 429, 5xx) is put here and sent by a later
 * `faultline upload --flush` (the next epilogue, or a timer). An entry is
 * two files: <id>.bundle, then <id>.meta, written last by rename, so an
 * entry without its .meta is one whose writer died, and is removed after
 * an hour. The token is not kept: the flushing process brings its own.
 * Tested by: tests/e2e/test_upload.sh
 */
#include "faultline/client.h"
#include "faultline/ingest.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* After this many failed attempts an entry is dropped (about four days
 * of doubling delays capped at six hours). */
#define SPOOL_MAX_ATTEMPTS 24

struct entry {
	char url[1024], name[256], job[128], cluster[128];
	unsigned attempts;
	int64_t not_before; /* Unix seconds */
};

static int64_t wall_now(void)
{
	return (int64_t)time(NULL);
}

static int mkdirs(const char *dir)
{
	char *p = fl_xstrdup(dir);
	for (char *s = p + 1; *s; s++)
		if (*s == '/') {
			*s = '\0';
			if (mkdir(p, 0700) && errno != EEXIST) {
				free(p);
				return -1;
			}
			*s = '/';
		}
	free(p);
	return mkdir(dir, 0700) && errno != EEXIST ? -1 : 0;
}

static int copy_file(const char *src, const char *dst)
{
	if (link(src, dst) == 0)
		return 0;
	int in = open(src, O_RDONLY | O_CLOEXEC);
	int out = in < 0 ? -1 : open(dst, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	char buf[64 << 10];
	ssize_t n = 0;
	while (out >= 0 && (n = read(in, buf, sizeof(buf))) > 0)
		if (write(out, buf, (size_t)n) != n) {
			n = -1;
			break;
		}
	int rc = in < 0 || out < 0 || n < 0 ? -1 : 0;
	if (in >= 0)
		close(in);
	if (out >= 0 && close(out))
		rc = -1;
	return rc;
}

static int write_meta(const char *path, const struct entry *e)
{
	char *tmp = fl_xasprintf("%s.tmp", path);
	FILE *f = fopen(tmp, "w");
	bool ok = f && fprintf(f, "url=%s\nname=%s\njob=%s\ncluster=%s\nattempts=%u\n"
			       "not_before=%lld\n", e->url, e->name, e->job, e->cluster,
			       e->attempts, (long long)e->not_before) > 0;
	if (f && fclose(f))
		ok = false;
	ok = ok && rename(tmp, path) == 0;
	if (!ok)
		unlink(tmp);
	free(tmp);
	return ok ? 0 : -1;
}

static void set_field(char *dst, size_t cap, const char *v)
{
	snprintf(dst, cap, "%s", v ? v : "");
	dst[strcspn(dst, "\n")] = '\0';
}

int fl_spool_add(const char *dir, const struct fl_send_opts *o, const char *path, double delay,
		 struct fl_err *err)
{
	if (mkdirs(dir))
		return fl_err_set(err, FL_EIO, "cannot create the spool '%s': %s", dir,
				  strerror(errno));
	char id[64];
	snprintf(id, sizeof(id), "%lld-%ld", (long long)wall_now(), (long)getpid());
	char *bundle = fl_xasprintf("%s/%s.bundle", dir, id);
	char *meta = fl_xasprintf("%s/%s.meta", dir, id);
	struct stat sb;
	int rc = FL_OK;
	if (stat(path, &sb) == 0 && S_ISDIR(sb.st_mode)) {
		int fd = open(bundle, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
		rc = fd < 0 ? fl_err_set(err, FL_EIO, "cannot write '%s': %s", bundle,
					 strerror(errno))
			    : fl_ingest_pack_dir(path, fd, err);
		if (fd >= 0 && close(fd) && !rc)
			rc = fl_err_set(err, FL_EIO, "cannot write '%s'", bundle);
	} else if (copy_file(path, bundle)) {
		rc = fl_err_set(err, FL_EIO, "cannot copy '%s' to the spool: %s", path,
				strerror(errno));
	}
	struct entry e = { .attempts = 1, .not_before = wall_now() + (int64_t)delay };
	set_field(e.url, sizeof(e.url), o->url);
	set_field(e.name, sizeof(e.name), o->name);
	set_field(e.job, sizeof(e.job), o->job);
	set_field(e.cluster, sizeof(e.cluster), o->cluster);
	if (!rc && write_meta(meta, &e))
		rc = fl_err_set(err, FL_EIO, "cannot write '%s'", meta);
	if (rc)
		unlink(bundle);
	free(bundle);
	free(meta);
	return rc;
}

static bool read_meta(const char *path, struct entry *e)
{
	FILE *f = fopen(path, "r");
	if (!f)
		return false;
	memset(e, 0, sizeof(*e));
	char line[1200];
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		char *v = strchr(line, '=');
		if (!v)
			continue;
		*v++ = '\0';
		if (!strcmp(line, "url"))
			set_field(e->url, sizeof(e->url), v);
		else if (!strcmp(line, "name"))
			set_field(e->name, sizeof(e->name), v);
		else if (!strcmp(line, "job"))
			set_field(e->job, sizeof(e->job), v);
		else if (!strcmp(line, "cluster"))
			set_field(e->cluster, sizeof(e->cluster), v);
		else if (!strcmp(line, "attempts"))
			e->attempts = (unsigned)strtoul(v, NULL, 10);
		else if (!strcmp(line, "not_before"))
			e->not_before = strtoll(v, NULL, 10);
	}
	fclose(f);
	return *e->url != '\0';
}

static void remove_entry(const char *dir, const char *id)
{
	char *b = fl_xasprintf("%s/%s.bundle", dir, id);
	char *m = fl_xasprintf("%s/%s.meta", dir, id);
	unlink(b);
	unlink(m);
	free(b);
	free(m);
}

/* Doubling from a minute, at most six hours. */
static int64_t backoff(unsigned attempts)
{
	int64_t d = 60;
	for (unsigned i = 1; i < attempts && d < 6 * 3600; i++)
		d *= 2;
	return d < 6 * 3600 ? d : 6 * 3600;
}

/* One entry; id is the file name without .meta. */
static void flush_one(const char *dir, const char *id, const char *token, double deadline,
		      struct fl_flush_stats *st)
{
	char *meta = fl_xasprintf("%s/%s.meta", dir, id);
	char *bundle = fl_xasprintf("%s/%s.bundle", dir, id);
	struct entry e;
	double left = deadline - fl_send_now();
	if (!read_meta(meta, &e) || access(bundle, R_OK)) {
		remove_entry(dir, id);
		st->dropped++;
	} else if (e.not_before > wall_now()) {
		st->waiting++;
	} else if (left < 1) {
		st->kept++;
	} else {
		struct fl_send_opts o = { e.url, token, e.name, e.job, e.cluster, left };
		struct fl_send_answer ans;
		struct fl_err err;
		fl_err_clear(&err);
		int rc = fl_send_bundle(&o, bundle, &ans, &err);
		if (!rc && ans.status >= 200 && ans.status < 300) {
			remove_entry(dir, id);
			st->sent++;
		} else if ((!rc && !fl_send_retryable(&ans)) || e.attempts + 1 > SPOOL_MAX_ATTEMPTS) {
			remove_entry(dir, id);
			st->dropped++;
		} else {
			e.attempts++;
			e.not_before = wall_now() + (ans.retry_after ? ans.retry_after
								      : backoff(e.attempts));
			write_meta(meta, &e);
			st->kept++;
		}
	}
	free(meta);
	free(bundle);
}

/* A .bundle without its .meta an hour old: its writer died. */
static void sweep_orphan(const char *dir, const char *name)
{
	size_t n = strlen(name);
	if (n < 8 || strcmp(name + n - 7, ".bundle"))
		return;
	char *meta = fl_xasprintf("%s/%.*s.meta", dir, (int)(n - 7), name);
	char *bundle = fl_xasprintf("%s/%s", dir, name);
	struct stat sb;
	if (access(meta, F_OK) && stat(bundle, &sb) == 0 && sb.st_mtime + 3600 < wall_now())
		unlink(bundle);
	free(meta);
	free(bundle);
}

int fl_spool_flush(const char *dir, const char *token, double deadline,
		   struct fl_flush_stats *st, struct fl_err *err)
{
	memset(st, 0, sizeof(*st));
	struct dirent **names;
	int n = scandir(dir, &names, NULL, alphasort);
	if (n < 0)
		return errno == ENOENT ? FL_OK
				       : fl_err_set(err, FL_EIO, "cannot read the spool '%s': %s",
						    dir, strerror(errno));
	for (int i = 0; i < n; i++) {
		const char *nm = names[i]->d_name;
		size_t len = strlen(nm);
		if (len > 5 && !strcmp(nm + len - 5, ".meta")) {
			char *id = fl_xstrndup(nm, len - 5);
			flush_one(dir, id, token, deadline, st);
			free(id);
		} else {
			sweep_orphan(dir, nm);
		}
		free(names[i]);
	}
	free(names);
	return FL_OK;
}
