/* SPDX-License-Identifier: MIT */
/*
 * path.c - what a member's path says about who wrote it.
 *
 * Layouts recognised (each from a real launcher):
 *   torchrun --log-dir   <dir>/<run>_<rand>/attempt_<n>/<local_rank>/stdout.log
 *   per-rank files       rank3.log, rank_00003.out, rank-3.txt, log_rank3.txt
 *   per-node dirs        node07/, host-a/, gpu-worker-3/, nid001234/ (also
 *                        node07.tar.gz/ when nested archives are joined)
 *   Kubernetes           <job>-worker-3.log, pods/<ns>_<pod>_<uid>/<c>/0.log
 *   NCCL_DEBUG_FILE      nccl.<host>.<pid>.log, nccl_<host>_<pid>.txt
 * Anything else leaves the field unknown.
 * Tested by: tests/unit/test_attrib.c
 */
#include "attrib_int.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static bool all_digits(const char *s, size_t n)
{
	if (n == 0)
		return false;
	for (size_t i = 0; i < n; i++)
		if (!isdigit((unsigned char)s[i]))
			return false;
	return true;
}

/* Length of name without archive and log extensions. */
static size_t stem_len(const char *s, size_t n)
{
	static const char *const ext[] = { ".gz", ".zst", ".xz", ".bz2", ".tgz", ".tar", ".zip",
					   ".log", ".txt", ".out", ".err", ".json" };
	bool again = true;
	while (again) {
		again = false;
		for (size_t i = 0; i < sizeof(ext) / sizeof(ext[0]); i++) {
			size_t e = strlen(ext[i]);
			if (n > e && strncasecmp(s + n - e, ext[i], e) == 0) {
				n -= e;
				again = true;
			}
		}
	}
	return n;
}

static void set_host(struct fl_path_attr *pa, const char *s, size_t n)
{
	if (n == 0 || n >= sizeof(pa->host))
		return;
	memcpy(pa->host, s, n);
	pa->host[n] = '\0';
}

/* `rank3`, `rank_00003`, `rank-3` inside a name; `local_rank3`,
 * `local-rank-3` and `localrank3` are local. */
static void rank_in_name(const char *s, size_t n, struct fl_path_attr *pa)
{
	for (size_t i = 0; i + 4 < n; i++) {
		if (strncasecmp(s + i, "rank", 4) != 0)
			continue;
		bool local = (i >= 6 && (strncasecmp(s + i - 6, "local_", 6) == 0 ||
					 strncasecmp(s + i - 6, "local-", 6) == 0)) ||
			     (i >= 5 && strncasecmp(s + i - 5, "local", 5) == 0);
		if (!local && i > 0 && isalnum((unsigned char)s[i - 1]))
			continue;
		size_t j = i + 4;
		if (j < n && (s[j] == '_' || s[j] == '-'))
			j++;
		size_t d0 = j;
		while (j < n && isdigit((unsigned char)s[j]))
			j++;
		if (j == d0 || j - d0 > 7 || (j < n && isalpha((unsigned char)s[j])))
			continue;
		int64_t v = strtoll(s + d0, NULL, 10);
		if (local)
			pa->local_rank = v;
		else
			pa->rank = v;
		return;
	}
}

static bool host_like(const char *s, size_t n)
{
	static const char *const pre[] = { "node", "host", "worker", "gpu", "compute", "nid" };
	for (size_t i = 0; i < sizeof(pre) / sizeof(pre[0]); i++) {
		size_t p = strlen(pre[i]);
		if (n > p && strncasecmp(s, pre[i], p) == 0 &&
		    (isdigit((unsigned char)s[p]) || s[p] == '-' || s[p] == '_'))
			return true;
	}
	return false;
}

/* `<job>-worker-3`, `<job>-master-0`, `<job>-launcher` pod names. */
static bool pod_like(const char *s, size_t n)
{
	static const char *const role[] = { "-worker-", "-master-", "-launcher" };
	for (size_t i = 0; i < sizeof(role) / sizeof(role[0]); i++) {
		size_t r = strlen(role[i]);
		for (size_t k = 1; k + r <= n; k++)
			if (memcmp(s + k, role[i], r) == 0)
				return true;
	}
	return false;
}

/* NCCL_DEBUG_FILE=nccl.%h.%p: `nccl.<host>.<pid>` with . _ or - */
static bool nccl_debug_file(const char *s, size_t n, struct fl_path_attr *pa)
{
	if (n < 8 || strncasecmp(s, "nccl", 4) != 0 || !strchr("._-", s[4]))
		return false;
	char sep = s[4];
	size_t e = n;
	while (e > 5 && isdigit((unsigned char)s[e - 1]))
		e--;
	if (e == n || e <= 6 || s[e - 1] != sep)
		return false;
	set_host(pa, s + 5, e - 1 - 5);
	pa->pid = strtoll(s + e, NULL, 10);
	return true;
}

void fl_attr_path(const char *path, struct fl_path_attr *pa)
{
	pa->rank = pa->local_rank = pa->pid = -1;
	pa->attempt = -1;
	pa->host[0] = '\0';
	const char *comp[64];
	size_t len[64];
	size_t nc = 0;
	for (const char *p = path; *p && nc < 64;) {
		const char *q = strchr(p, '/');
		size_t l = q ? (size_t)(q - p) : strlen(p);
		if (l) {
			comp[nc] = p;
			len[nc++] = l;
		}
		p += l + (q ? 1 : 0);
	}
	for (size_t i = 0; i < nc; i++) {
		const char *c = comp[i];
		size_t l = stem_len(c, len[i]);
		bool last = i + 1 == nc;
		if (l > 8 && strncmp(c, "attempt_", 8) == 0 && all_digits(c + 8, l - 8)) {
			pa->attempt = atoi(c + 8);
			if (i + 1 < nc && all_digits(comp[i + 1], len[i + 1]))
				pa->local_rank = strtoll(comp[i + 1], NULL, 10);
			continue;
		}
		if (last && nccl_debug_file(c, l, pa))
			continue;
		if (i >= 1 && l && strncmp(comp[i - 1], "pods", 4) == 0 && len[i - 1] == 4) {
			/* kubelet: pods/<namespace>_<pod>_<uid>/ */
			const char *a = memchr(c, '_', l);
			const char *b = a ? memchr(a + 1, '_', l - (size_t)(a + 1 - c)) : NULL;
			if (a && b)
				set_host(pa, a + 1, (size_t)(b - a - 1));
			continue;
		}
		if (host_like(c, l) || pod_like(c, l)) {
			char tmp[128];
			size_t k = l < sizeof(tmp) ? l : sizeof(tmp) - 1;
			memcpy(tmp, c, k);
			tmp[k] = '\0';
			/* `worker_rank3.log` is a rank file, not a host. */
			struct fl_path_attr probe = { -1, -1, -1, "", -1 };
			rank_in_name(tmp, k, &probe);
			if (probe.rank < 0 && probe.local_rank < 0) {
				set_host(pa, c, l);
				continue;
			}
		}
		rank_in_name(c, l, pa);
	}
}
