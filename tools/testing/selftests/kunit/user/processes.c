// SPDX-License-Identifier: GPL-2.0
/*
 * The processes that a userspace case forks, and the checks that fail in
 * them.
 *
 * A process that a case forks runs KUnit code on a copy of the case's
 * memory: a check that fails there cannot mark the case's struct kunit,
 * so it is recorded here, in memory shared by every process of the run,
 * under the serial number of the case that forked it (each process keeps
 * the serial it was forked with, its children too).  Each forked process
 * also registers itself, from a pthread_atfork() handler, before fork()
 * returns to the case; the process that runs the cases is a child
 * subreaper, so that the processes it waits for and kills end up as its
 * children whatever their parents do.
 *
 * A case's result is final only when every process it forked has ended:
 * kunit_procs_end() waits for them, within the case's timeout, kills what
 * is left (naming it) and fails the case with the failures its processes
 * recorded.  A failure that is recorded later (by a process that escaped
 * the wait) is never dropped: kunit_procs_take_late() fails the suite that
 * is running, naming the case that started the process, and what is left
 * when the run ends fails the run (kunit_procs_end_of_run(),
 * kunit_procs_sweep()).
 *
 * Processes that exec another program (system(), posix_spawn()) register
 * nothing and cannot fail a check; one that a case makes with a bare
 * clone() is not known here, and dies with the test process's group.
 */
#define _GNU_SOURCE		/* getpgid() */

#include "processes.h"
#include "progress.h"
#include <kunit/test.h>

#include <linux/kernel.h>
#include <linux/string.h>

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* Forked processes alive or unreaped at once that a run can wait for. */
#define KUNIT_PROCS_SLOTS	4096
/* Cases with failures of their processes not taken yet. */
#define KUNIT_PROCS_FAILURES	64
/* The last cases that a late failure can be named after. */
#define KUNIT_PROCS_ORIGINS	256
/* Forks under way at once, for the handshake of kunit_procs_after_fork(). */
#define KUNIT_PROCS_ACKS	64
/* Cases that run inside cases (KUnit's self-tests run suites of their own). */
#define KUNIT_PROCS_DEPTH	16

/* A slot of a table: a serial and a pid in one word, 0 when free. */
#define KUNIT_PROCS_ENTRY(serial, pid)	((u64)(serial) << 32 | (u32)(pid))
#define KUNIT_PROCS_SERIAL(entry)	((u32)((entry) >> 32))
#define KUNIT_PROCS_PID(entry)		((pid_t)(u32)(entry))

#define KUNIT_PROCS_NS			1000000000ULL

/* Where a case ran, to name it in a failure that comes after its result. */
struct kunit_procs_origin {
	u32 serial;
	size_t suite_index;
	size_t case_index;
	char name[64];
};

/* Shared by the supervisor, the test processes and what the cases fork. */
struct kunit_procs_shared {
	u64 procs[KUNIT_PROCS_SLOTS];
	u64 failures[KUNIT_PROCS_FAILURES];
	u32 live;		/* slots of @procs in use */
	u32 pending;		/* slots of @failures in use */
	bool failures_lost;	/* @failures was full: a case is unknown */
	u32 last_serial;
	u32 running;		/* serial of the innermost running case, 0 if none */
	u32 last_token;
	u32 acks[KUNIT_PROCS_ACKS];
	struct kunit_procs_origin origins[KUNIT_PROCS_ORIGINS];
};

static struct kunit_procs_shared *procs;

/* The process that runs the cases; 0 in the supervisor. */
static pid_t test_process;
/* The case this process runs, or that forked it (or its parent); 0 if none. */
static u32 serial;
/* The serials of the cases running in the test process, outermost first. */
static u32 active[KUNIT_PROCS_DEPTH];
static int depth;

/*
 * The process group whose members this process may kill besides its
 * children: the test process's.
 */
static pid_t kill_group;

/* A fork under way in this thread: its token, and the caller's errno. */
static __thread u32 fork_token;
static __thread int fork_errno;

static u64 kunit_procs_now(void)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (u64)now.tv_sec * KUNIT_PROCS_NS + now.tv_nsec;
}

static void kunit_procs_nap(unsigned int *us)
{
	struct timespec pause = { .tv_nsec = *us * 1000L };

	nanosleep(&pause, NULL);
	*us = min(*us * 2, 10000U);
}

/* Registers the calling process under @of, before fork() returns in it. */
static void kunit_procs_register(u32 of)
{
	u64 entry = KUNIT_PROCS_ENTRY(of, getpid()), old;
	size_t i;

	for (i = 0; i < KUNIT_PROCS_SLOTS; i++) {
		old = 0;
		if (__atomic_compare_exchange_n(&procs->procs[i], &old, entry, false,
						__ATOMIC_ACQ_REL, __ATOMIC_RELAXED)) {
			__atomic_add_fetch(&procs->live, 1, __ATOMIC_RELEASE);
			return;
		}
	}
	/* Full of processes a case forked and reaped itself: take one's slot. */
	for (i = 0; i < KUNIT_PROCS_SLOTS; i++) {
		old = __atomic_load_n(&procs->procs[i], __ATOMIC_ACQUIRE);
		if (old && kill(KUNIT_PROCS_PID(old), 0) < 0 && errno == ESRCH &&
		    __atomic_compare_exchange_n(&procs->procs[i], &old, entry, false,
						__ATOMIC_ACQ_REL, __ATOMIC_RELAXED))
			return;
	}
	/* Not waited for: a failure of this process is still taken, late. */
}

static void kunit_procs_before_fork(void)
{
	fork_token = 0;
	if (!procs || !serial)
		return;
	do {
		fork_token = __atomic_add_fetch(&procs->last_token, 1, __ATOMIC_ACQ_REL);
	} while (!fork_token);
	fork_errno = errno;
	errno = 0;
}

/*
 * In the parent: the new process is registered before fork() returns, so
 * that a case that returns (or kills it) at once still has it waited for.
 * A failed fork set errno, which kunit_procs_before_fork() cleared.
 */
static void kunit_procs_after_fork(void)
{
	u32 token = fork_token;
	u64 until;

	if (!token)
		return;
	fork_token = 0;
	if (errno)
		return;
	errno = fork_errno;
	until = kunit_procs_now() + KUNIT_PROCS_NS;
	while (__atomic_load_n(&procs->acks[token % KUNIT_PROCS_ACKS], __ATOMIC_ACQUIRE) != token &&
	       kunit_procs_now() < until)
		sched_yield();
}

static void kunit_procs_in_child(void)
{
	u32 token = fork_token;

	if (!token)
		return;
	fork_token = 0;
	kunit_procs_register(serial);
	__atomic_store_n(&procs->acks[token % KUNIT_PROCS_ACKS], token, __ATOMIC_RELEASE);
	errno = fork_errno;
}

/**
 * kunit_procs_init() - get ready to follow what the cases fork
 *
 * Once, in the process that supervises the run, before the first test
 * process: it becomes a child subreaper too, so that a process left
 * behind by a dead test process is its child, to kill and reap.
 *
 * Return: 0, or -1 (said on stderr).
 */
int kunit_procs_init(void)
{
	if (procs)
		return 0;
	procs = mmap(NULL, sizeof(*procs), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
		     -1, 0);
	if (procs == MAP_FAILED) {
		procs = NULL;
		perror("kunit: mmap");
		return -1;
	}
	if (pthread_atfork(kunit_procs_before_fork, kunit_procs_after_fork,
			   kunit_procs_in_child)) {
		fprintf(stderr, "kunit: pthread_atfork failed\n");
		return -1;
	}
	prctl(PR_SET_CHILD_SUBREAPER, 1);
	return 0;
}

/**
 * kunit_procs_enter_test_process() - the calling process runs the cases
 */
void kunit_procs_enter_test_process(void)
{
	test_process = getpid();
	kill_group = getpgrp();
	serial = 0;
	depth = 0;
	if (procs)
		procs->running = 0;
	prctl(PR_SET_CHILD_SUBREAPER, 1);
}

/* Whether this is a process that a case forked. */
static bool kunit_procs_in_forked(void)
{
	return test_process && getpid() != test_process;
}

/**
 * kunit_procs_begin() - a case (or its clean-up) starts in the test process
 * @name: the case's name, for messages.
 * @progress: where the run stands.
 *
 * Return: the serial of the case it runs inside, for kunit_procs_end().
 */
u32 kunit_procs_begin(const char *name, const struct kunit_progress *progress)
{
	struct kunit_procs_origin *origin;
	u32 outer = serial;

	if (!procs)
		return outer;
	do {
		serial = __atomic_add_fetch(&procs->last_serial, 1, __ATOMIC_ACQ_REL);
	} while (!serial);
	origin = &procs->origins[serial % KUNIT_PROCS_ORIGINS];
	origin->serial = serial;
	origin->suite_index = progress->suite_index;
	origin->case_index = progress->case_index;
	strscpy(origin->name, name ? name : "", sizeof(origin->name));
	if (depth < KUNIT_PROCS_DEPTH)
		active[depth] = serial;
	depth++;
	__atomic_store_n(&procs->running, serial, __ATOMIC_RELEASE);
	return outer;
}

/* Says which case @of is, in @buf. */
static void kunit_procs_name(u32 of, char *buf, size_t size)
{
	const struct kunit_procs_origin *origin = &procs->origins[of % KUNIT_PROCS_ORIGINS];

	if (!of)
		snprintf(buf, size, "code outside any case");
	else if (origin->serial == of)
		snprintf(buf, size, "case %zu (%s) of suite %zu", origin->case_index + 1,
			 origin->name, origin->suite_index + 1);
	else
		snprintf(buf, size, "an earlier case (serial %u)", of);
}

/*
 * Whether process @pid is this process's to wait for and kill: its child
 * (forked by a case, or an orphan that came to it as child subreaper), or
 * one of the test process's group.  A pid used again by a process that is none
 * of these is left alone.
 */
static bool kunit_procs_ours(pid_t pid)
{
	siginfo_t info = { .si_pid = 0 };

	if (!waitid(P_PID, pid, &info, WEXITED | WNOHANG | WNOWAIT))
		return true;
	return kill_group > 0 && getpgid(pid) == kill_group;
}

/*
 * Whether registered process @pid runs on.  One that ended as this
 * process's child is reaped here: its case is over.  One that ended as
 * the child of another process of the case runs on until that process
 * reaps it or dies (and hands it here).
 */
static bool kunit_procs_alive(pid_t pid)
{
	siginfo_t info = { .si_pid = 0 };

	if (!waitid(P_PID, pid, &info, WEXITED | WNOHANG | WNOWAIT)) {
		if (info.si_pid != pid)
			return true;
		waitpid(pid, NULL, WNOHANG);
		return false;
	}
	return !kill(pid, 0) || errno == EPERM;
}

static void kunit_procs_free_slot(size_t i, u64 entry)
{
	if (__atomic_compare_exchange_n(&procs->procs[i], &entry, 0, false, __ATOMIC_ACQ_REL,
					__ATOMIC_RELAXED))
		__atomic_sub_fetch(&procs->live, 1, __ATOMIC_RELEASE);
}

/*
 * The first process registered under @of (under any serial if @of is 0)
 * that still runs, or 0; forgets those that ended.  With @kill_them,
 * kills each one that is this process's to kill, and forgets the others.
 */
static pid_t kunit_procs_running(u32 of, bool kill_them)
{
	pid_t first = 0, pid;
	u64 entry;
	size_t i;

	if (!__atomic_load_n(&procs->live, __ATOMIC_ACQUIRE))
		return 0;
	for (i = 0; i < KUNIT_PROCS_SLOTS; i++) {
		entry = __atomic_load_n(&procs->procs[i], __ATOMIC_ACQUIRE);
		if (!entry || (of && KUNIT_PROCS_SERIAL(entry) != of))
			continue;
		pid = KUNIT_PROCS_PID(entry);
		if (!kunit_procs_alive(pid)) {
			kunit_procs_free_slot(i, entry);
			continue;
		}
		if (kill_them) {
			if (kunit_procs_ours(pid))
				kill(pid, SIGKILL);
			else
				kunit_procs_free_slot(i, entry);
		}
		if (!first)
			first = pid;
	}
	return first;
}

/* Kills the processes registered under @of (0: all) until none runs, 1 s at most. */
static void kunit_procs_kill(u32 of)
{
	u64 until = kunit_procs_now() + KUNIT_PROCS_NS;
	unsigned int nap = 50;

	while (kunit_procs_running(of, true) && kunit_procs_now() < until)
		kunit_procs_nap(&nap);
}

/*
 * Waits until no process registered under @of (0: any) runs, or until
 * @deadline_ns (0: none), when they are killed.  Returns 0, or the pid of
 * the first one that had to be killed.
 */
static pid_t kunit_procs_wait(u32 of, u64 deadline_ns)
{
	unsigned int nap = 50;
	pid_t pid;

	while ((pid = kunit_procs_running(of, false))) {
		if (deadline_ns && kunit_procs_now() >= deadline_ns) {
			kunit_procs_kill(of);
			return pid;
		}
		kunit_procs_nap(&nap);
	}
	return 0;
}

/*
 * Takes the first recorded failure of a process of case @of (with @any,
 * of any case not running now): its pid and its case.  Returns false if
 * there is none.
 */
static bool kunit_procs_take(u32 of, bool any, u32 *taken, pid_t *pid)
{
	u64 entry;
	size_t i;
	int level;
	bool running;

	if (!__atomic_load_n(&procs->pending, __ATOMIC_ACQUIRE))
		return false;
	for (i = 0; i < KUNIT_PROCS_FAILURES; i++) {
		entry = __atomic_load_n(&procs->failures[i], __ATOMIC_ACQUIRE);
		if (!entry)
			continue;
		if (any) {
			running = KUNIT_PROCS_SERIAL(entry) == serial && serial;
			for (level = 0; level < min(depth, KUNIT_PROCS_DEPTH); level++)
				running |= active[level] == KUNIT_PROCS_SERIAL(entry);
			if (running)
				continue;
		} else if (KUNIT_PROCS_SERIAL(entry) != of) {
			continue;
		}
		if (!__atomic_compare_exchange_n(&procs->failures[i], &entry, 0, false,
						 __ATOMIC_ACQ_REL, __ATOMIC_RELAXED))
			continue;
		__atomic_sub_fetch(&procs->pending, 1, __ATOMIC_RELEASE);
		*taken = KUNIT_PROCS_SERIAL(entry);
		*pid = KUNIT_PROCS_PID(entry);
		return true;
	}
	return false;
}

/**
 * kunit_procs_end() - a case (or its clean-up) returned in the test process
 * @test: its test, which fails for what its processes did.
 * @outer: what kunit_procs_begin() returned.
 * @deadline_ns: CLOCK_MONOTONIC time at which the processes it forked are
 *		 killed if they still run; 0 for none.
 *
 * The case's result is final only when every process it forked has
 * ended: a check that failed in any of them fails it.
 */
void kunit_procs_end(struct kunit *test, u32 outer, u64 deadline_ns)
{
	u32 mine = serial, taken;
	pid_t pid;

	if (!procs)
		return;
	pid = kunit_procs_wait(mine, deadline_ns);
	if (pid) {
		WRITE_ONCE(test->status, KUNIT_FAILURE);
		kunit_err(test, "process %d, which the case forked, still ran at the case's timeout: killed",
			  pid);
	}
	while (kunit_procs_take(mine, false, &taken, &pid)) {
		WRITE_ONCE(test->status, KUNIT_FAILURE);
		kunit_err(test, "a check failed in process %d, which the case forked", pid);
	}
	depth--;
	serial = outer;
	__atomic_store_n(&procs->running, outer, __ATOMIC_RELEASE);
}

/* Says each failure that has no case to fail any more, on a line of its own. */
static int kunit_procs_say_late(const char *prefix, const char *when)
{
	char line[256], origin[128];
	u32 taken;
	pid_t pid;
	int count = 0;

	while (kunit_procs_take(0, true, &taken, &pid)) {
		kunit_procs_name(taken, origin, sizeof(origin));
		snprintf(line, sizeof(line), "%skunit: a check failed in process %d, which %s forked, %s",
			 prefix, pid, origin, when);
		kunit_platform_emit(KERN_ERR, line);
		count++;
	}
	if (__atomic_exchange_n(&procs->failures_lost, false, __ATOMIC_ACQ_REL)) {
		snprintf(line, sizeof(line), "%skunit: checks failed in processes of more than %d cases, %s",
			 prefix, KUNIT_PROCS_FAILURES, when);
		kunit_platform_emit(KERN_ERR, line);
		count++;
	}
	return count;
}

/**
 * kunit_procs_take_late() - fail the running suite for late failures
 * @progress: where the run stands.
 *
 * A failure recorded by a process of a case that is over (one that left
 * the case's wait, a dead test process's) fails the suite that runs now,
 * with a line that names the case it came from.
 */
void kunit_procs_take_late(struct kunit_progress *progress)
{
	if (!procs || (!__atomic_load_n(&procs->pending, __ATOMIC_ACQUIRE) &&
		       !__atomic_load_n(&procs->failures_lost, __ATOMIC_ACQUIRE)))
		return;
	if (kunit_procs_say_late(KUNIT_SUBTEST_INDENT "# ",
				 "after the case's result: its suite fails"))
		progress->suite_failed = true;
}

/**
 * kunit_procs_note_failure() - a check failed in this process
 *
 * In a process that a case forked, the failure is recorded for that case.
 */
void kunit_procs_note_failure(void)
{
	u64 entry, old;
	size_t i;

	if (!procs || !kunit_procs_in_forked())
		return;
	entry = KUNIT_PROCS_ENTRY(serial, getpid());
	for (i = 0; i < KUNIT_PROCS_FAILURES; i++) {
		old = __atomic_load_n(&procs->failures[i], __ATOMIC_ACQUIRE);
		/* One failure a case is enough to fail it. */
		if (old && KUNIT_PROCS_SERIAL(old) == serial)
			return;
		if (old)
			continue;
		if (__atomic_compare_exchange_n(&procs->failures[i], &old, entry, false,
						__ATOMIC_ACQ_REL, __ATOMIC_RELAXED)) {
			__atomic_add_fetch(&procs->pending, 1, __ATOMIC_RELEASE);
			return;
		}
		/* Taken meanwhile: look at it again. */
		i--;
	}
	__atomic_store_n(&procs->failures_lost, true, __ATOMIC_RELEASE);
}

/**
 * kunit_procs_end_of_run() - the executor returned in the test process
 * @deadline_ns: when what the cases forked is killed; 0 for no limit.
 *
 * Waits for every registered process, then says each failure that no case
 * took as a "Bail out!" line, which fails the run.
 *
 * Return: how many lines it said.
 */
int kunit_procs_end_of_run(u64 deadline_ns)
{
	if (!procs)
		return 0;
	kunit_procs_wait(0, deadline_ns);
	return kunit_procs_say_late("Bail out! ", "after its case's result");
}

/**
 * kunit_procs_forget() - forget the failures of the case that a test
 *			  process died in
 *
 * In the supervisor: that case fails for its death anyway.
 */
void kunit_procs_forget(void)
{
	u32 dead = __atomic_load_n(&procs->running, __ATOMIC_ACQUIRE), taken;
	pid_t pid;

	while (dead && kunit_procs_take(dead, false, &taken, &pid))
		;
	procs->running = 0;
}

/**
 * kunit_procs_sweep() - after a test process ended, kill what it left
 * @pgid: its process group.
 *
 * In the supervisor.  Kills the test process's group and every registered
 * process that is left (as child subreaper, they come here as orphans),
 * so that none can record a failure after kunit_procs_take_left() reads.
 */
void kunit_procs_sweep(pid_t pgid)
{
	u64 until = kunit_procs_now() + KUNIT_PROCS_NS;
	unsigned int nap = 50;
	pid_t pid;

	if (!procs)
		return;
	kill_group = pgid;
	do {
		kill(-pgid, SIGKILL);
		pid = kunit_procs_running(0, true);
		while (waitpid(-1, NULL, WNOHANG) > 0)
			;
		if (pid)
			kunit_procs_nap(&nap);
	} while (pid && kunit_procs_now() < until);
}

/**
 * kunit_procs_take_left() - the failures that no case took, at the end
 * @why: where to say the first one.
 * @size: the size of @why.
 *
 * In the supervisor, after kunit_procs_sweep().
 *
 * Return: how many there were.
 */
int kunit_procs_take_left(char *why, size_t size)
{
	char origin[128];
	int count = 0;
	u32 taken;
	pid_t pid;

	if (!procs)
		return 0;
	while (kunit_procs_take(0, true, &taken, &pid)) {
		if (!count++) {
			kunit_procs_name(taken, origin, sizeof(origin));
			snprintf(why, size, "a check failed in process %d, which %s forked, after its case's result",
				 pid, origin);
		}
	}
	if (__atomic_exchange_n(&procs->failures_lost, false, __ATOMIC_ACQ_REL) && !count++)
		snprintf(why, size, "checks failed in processes of more than %d cases",
			 KUNIT_PROCS_FAILURES);
	return count;
}

/* Kills this process's children that /proc lists; returns the first, or 0. */
static pid_t kunit_procs_kill_children(void)
{
	char path[64];
	pid_t first = 0;
	FILE *list;
	int pid;

	snprintf(path, sizeof(path), "/proc/self/task/%d/children", (int)getpid());
	list = fopen(path, "r");
	if (!list)
		return 0;
	while (fscanf(list, "%d", &pid) == 1) {
		kill(pid, SIGKILL);
		if (!first)
			first = pid;
	}
	fclose(list);
	return first;
}

/**
 * kunit_procs_wait_orphans() - wait for what no one knew a case started
 * @deadline_ns: when to stop waiting; 0 for no limit.
 * @why: where to say what was killed.
 * @size: the size of @why.
 *
 * In the supervisor, after the last test process and kunit_procs_sweep():
 * a process that left the test process's group without registering (made
 * by a bare clone()) came here as an orphan, and may still fail a check.
 * The run's result waits for it, until @deadline_ns, when it is killed.
 *
 * Return: true if one had to be killed (said in @why), which fails the run.
 */
bool kunit_procs_wait_orphans(u64 deadline_ns, char *why, size_t size)
{
	unsigned int nap = 50;
	pid_t pid;

	for (;;) {
		pid = waitpid(-1, NULL, WNOHANG);
		if (pid > 0)
			continue;
		if (pid < 0 && errno == EINTR)
			continue;
		if (pid < 0)
			return false;
		if (deadline_ns && kunit_procs_now() >= deadline_ns)
			break;
		kunit_procs_nap(&nap);
	}
	pid = kunit_procs_kill_children();
	if (pid)
		snprintf(why, size, "process %d, which a case started, still ran at the end of the run: killed",
			 (int)pid);
	else
		snprintf(why, size, "a process that a case started still ran at the end of the run, and /proc cannot say which");
	while (waitpid(-1, NULL, WNOHANG) > 0)
		;
	return true;
}
