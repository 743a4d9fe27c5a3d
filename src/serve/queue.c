/* SPDX-License-Identifier: MIT */
/*
 * queue.c - the analysis queue: queued uploads run, a few at a time, as
 * child `faultline reanalyze RUN` processes.
 *
 * A child process, not a thread: a bundle that crashes, hangs or eats the
 * memory of its analysis takes only that process down. Each child gets an
 * address-space limit (RLIMIT_AS) and a deadline after which it is killed,
 * and dies with the server (PR_SET_PDEATHSIG). reanalyze replaces the
 * upload's placeholder run under the same id in one transaction, so a
 * killed child leaves the run as it was: 'analyzing' rows found at start
 * are simply queued again (queue_recover).
 *
 * States of uploads.status:  queued -> analyzing -> done | failed
 * The queue is the uploads table itself, oldest first: nothing is lost
 * with the process.
 * Tested by: tests/e2e/test_serve.sh
 */
#include "serve_int.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int queue_recover(struct fl_store *s, struct fl_err *err)
{
	return fl_store_exec(s, serve_sql(SERVE_Q_RECOVER), err);
}

static int set_status(struct fl_server *srv, int64_t id, const char *status, const char *code,
		      const char *msg)
{
	struct fl_stmt *st;
	enum serve_q q = !strcmp(status, "analyzing") ? SERVE_Q_STARTED : SERVE_Q_FINISHED;
	if (fl_store_prepare(srv->qstore, serve_sql(q), &st, NULL))
		return FL_EDB;
	fl_stmt_bind_int(st, 1, id);
	fl_stmt_bind_text(st, 2, status);
	fl_stmt_bind_int(st, 3, serve_wall_us());
	fl_stmt_bind_text(st, 4, code);
	fl_stmt_bind_text(st, 5, msg);
	int rc = fl_stmt_step(st) < 0 ? FL_EDB : FL_OK;
	fl_stmt_free(st);
	return rc;
}

/* The oldest queued upload not being analysed; 0 when none. Also counts
 * the queue for the metrics. */
static int64_t next_queued(struct fl_server *srv)
{
	struct fl_stmt *st;
	int64_t id = 0, n = 0;
	if (fl_store_prepare(srv->qstore, serve_sql(SERVE_Q_NEXT_QUEUED), &st, NULL))
		return 0;
	if (fl_stmt_step(st) == 1) {
		id = fl_stmt_int(st, 0);
		n = fl_stmt_int(st, 1);
	}
	fl_stmt_free(st);
	pthread_mutex_lock(&srv->lock);
	srv->m.queue_length = n;
	pthread_mutex_unlock(&srv->lock);
	return id;
}

/* argv of the child, built before fork (nothing may allocate after it). */
static char **child_argv(const struct fl_server *srv, int64_t id, char *idbuf, size_t cap)
{
	snprintf(idbuf, cap, "%lld", (long long)id);
	size_t n = 0, max = 8 + 2 * srv->o.npatterns;
	char **av = fl_xcalloc(max, sizeof(*av));
	av[n++] = (char *)srv->o.exe;
	av[n++] = (char *)"reanalyze";
	av[n++] = idbuf;
	av[n++] = (char *)"--db";
	av[n++] = (char *)srv->o.db;
	if (srv->o.no_wal)
		av[n++] = (char *)"--journal-delete";
	for (size_t i = 0; i < srv->o.npatterns; i++) {
		av[n++] = (char *)"--patterns";
		av[n++] = (char *)srv->o.patterns[i];
	}
	return av;
}

/* In the child: only async-signal-safe calls until exec. */
static void child(const struct fl_server *srv, char **av, int errfd, pid_t parent)
{
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)
		_exit(127);
	int null = open("/dev/null", O_RDWR);
	if (null >= 0) {
		dup2(null, STDIN_FILENO);
		dup2(null, STDOUT_FILENO);
	}
	dup2(errfd, STDERR_FILENO);
	if (srv->o.analysis_memory) {
		struct rlimit rl = { srv->o.analysis_memory, srv->o.analysis_memory };
		setrlimit(RLIMIT_AS, &rl);
	}
	/* Cores of a crashed analysis would be the bundle again, on disk. */
	struct rlimit core = { 0, 0 };
	setrlimit(RLIMIT_CORE, &core);
	execv(srv->o.exe, av);
	_exit(127);
}

static int spawn(struct fl_server *srv, struct job *j, int64_t id)
{
	int p[2];
	if (pipe2(p, O_CLOEXEC))
		return FL_EIO;
	char idbuf[24];
	char **av = child_argv(srv, id, idbuf, sizeof(idbuf));
	pid_t parent = getpid();
	pid_t pid = fork();
	if (pid == 0)
		child(srv, av, p[1], parent);
	free(av);
	close(p[1]);
	if (pid < 0) {
		close(p[0]);
		return FL_EIO;
	}
	fcntl(p[0], F_SETFL, O_NONBLOCK);
	memset(j, 0, sizeof(*j));
	j->pid = pid;
	j->run_id = id;
	j->errfd = p[0];
	j->deadline = serve_now() + srv->o.analysis_timeout;
	return FL_OK;
}

/* Keeps the first bytes the child wrote to stderr, drops the rest so that
 * it never blocks on a full pipe. */
static void drain(struct job *j)
{
	char buf[4096];
	ssize_t n;
	while ((n = read(j->errfd, buf, sizeof(buf))) > 0) {
		size_t room = sizeof(j->msg) - 1 - j->msglen;
		size_t k = (size_t)n < room ? (size_t)n : room;
		memcpy(j->msg + j->msglen, buf, k);
		j->msglen += k;
	}
	j->msg[j->msglen] = '\0';
}

/* The child's first line of complaint, without the "faultline: " prefix. */
static const char *reason(struct job *j)
{
	char *nl = strchr(j->msg, '\n');
	if (nl)
		*nl = '\0';
	const char *m = j->msg;
	if (!strncmp(m, "faultline: ", 11))
		m += 11;
	return *m ? m : "the analysis failed";
}

static void finish(struct fl_server *srv, struct job *j, int wstatus)
{
	drain(j);
	close(j->errfd);
	enum fl_analysis_result res;
	const char *code = NULL;
	char msg[600];
	if (WIFEXITED(wstatus) && WEXITSTATUS(wstatus) == 0) {
		res = FL_AN_DONE;
	} else if (j->timed_out) {
		res = FL_AN_TIMEOUT;
		code = "analysis_timeout";
		snprintf(msg, sizeof(msg), "the analysis took longer than %u s and was stopped",
			 srv->o.analysis_timeout);
	} else if (WIFSIGNALED(wstatus)) {
		res = FL_AN_KILLED;
		code = "analysis_crashed";
		snprintf(msg, sizeof(msg), "the analysis was killed by signal %d (%s)",
			 WTERMSIG(wstatus), strsignal(WTERMSIG(wstatus)));
	} else {
		res = FL_AN_FAILED;
		code = "analysis_failed";
		snprintf(msg, sizeof(msg), "%s", reason(j));
	}
	/* Counted before the store shows it: a client that sees the run's
	 * status and then reads /metrics finds it counted. */
	pthread_mutex_lock(&srv->lock);
	srv->m.analyses[res]++;
	srv->m.analyses_running--;
	pthread_mutex_unlock(&srv->lock);
	set_status(srv, j->run_id, code ? "failed" : "done", code, code ? msg : NULL);
	serve_log(srv, "analysis of run %lld: %s", (long long)j->run_id,
		  res == FL_AN_DONE ? "done" : "failed");
	struct fl_buf summary = FL_BUF_INIT;
	if (srv->wh && run_summary(srv->qstore, j->run_id, &summary) == 1)
		webhook_post(srv, fl_buf_detach(&summary));
	fl_buf_release(&summary);
	j->pid = 0;
}

static void reap(struct fl_server *srv)
{
	double now = serve_now();
	for (unsigned i = 0; i < srv->o.jobs; i++) {
		struct job *j = &srv->jobs[i];
		if (!j->pid)
			continue;
		drain(j);
		int ws;
		if (waitpid(j->pid, &ws, WNOHANG) == j->pid) {
			finish(srv, j, ws);
		} else if (now > j->deadline && !j->timed_out) {
			j->timed_out = true;
			kill(j->pid, SIGKILL);
		}
	}
}

static void start_more(struct fl_server *srv)
{
	for (unsigned i = 0; i < srv->o.jobs; i++) {
		struct job *j = &srv->jobs[i];
		if (j->pid)
			continue;
		int64_t id = next_queued(srv);
		if (!id)
			return;
		if (set_status(srv, id, "analyzing", NULL, NULL) || spawn(srv, j, id)) {
			set_status(srv, id, "failed", "analysis_error", "cannot start the analysis");
			continue;
		}
		pthread_mutex_lock(&srv->lock);
		srv->m.analyses_running++;
		pthread_mutex_unlock(&srv->lock);
	}
	next_queued(srv); /* the queue's length after the starts */
}

static void *loop(void *arg)
{
	struct fl_server *srv = arg;
	pthread_mutex_lock(&srv->lock);
	while (!srv->stopping) {
		srv->wake = false;
		pthread_mutex_unlock(&srv->lock);
		reap(srv);
		start_more(srv);
		if (serve_now() >= srv->next_retention) {
			retention_run(srv);
			srv->next_retention = serve_now() + 60;
		}
		pthread_mutex_lock(&srv->lock);
		if (srv->wake || srv->stopping)
			continue;
		/* Children are polled: 100 ms is nothing next to an analysis. */
		struct timespec ts;
		clock_gettime(CLOCK_REALTIME, &ts);
		ts.tv_nsec += 100 * 1000000L;
		if (ts.tv_nsec >= 1000000000L) {
			ts.tv_sec++;
			ts.tv_nsec -= 1000000000L;
		}
		pthread_cond_timedwait(&srv->cond, &srv->lock, &ts);
	}
	pthread_mutex_unlock(&srv->lock);
	return NULL;
}

void queue_wake(struct fl_server *srv)
{
	pthread_mutex_lock(&srv->lock);
	srv->wake = true;
	pthread_cond_signal(&srv->cond);
	pthread_mutex_unlock(&srv->lock);
}

int queue_start(struct fl_server *srv, struct fl_err *err)
{
	unsigned flags = srv->o.no_wal ? FL_STORE_NO_WAL : 0;
	int rc = fl_store_open(&srv->qstore, srv->o.db, flags, err);
	if (rc)
		return rc;
	if (!srv->o.jobs)
		srv->o.jobs = 1;
	srv->jobs = fl_xcalloc(srv->o.jobs, sizeof(*srv->jobs));
	if (pthread_create(&srv->qthread, NULL, loop, srv))
		return fl_err_set(err, FL_EIO, "cannot start the analysis thread");
	srv->qstarted = true;
	return FL_OK;
}

void queue_stop(struct fl_server *srv)
{
	if (srv->qstarted) {
		pthread_mutex_lock(&srv->lock);
		srv->stopping = true;
		pthread_cond_signal(&srv->cond);
		pthread_mutex_unlock(&srv->lock);
		pthread_join(srv->qthread, NULL);
	}
	/* Analyses cut short run again at the next start. */
	for (unsigned i = 0; srv->jobs && i < srv->o.jobs; i++) {
		struct job *j = &srv->jobs[i];
		if (!j->pid)
			continue;
		kill(j->pid, SIGKILL);
		waitpid(j->pid, NULL, 0);
		close(j->errfd);
	}
	if (srv->qstore)
		queue_recover(srv->qstore, NULL);
	free(srv->jobs);
	fl_store_close(srv->qstore);
}
