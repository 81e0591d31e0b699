// SPDX-License-Identifier: GPL-2.0
/*
 * The processes that a userspace case forks, and how they end.
 *
 * A process that a case forks runs KUnit code on a copy of the case's
 * memory: a check that fails there cannot mark the case's struct kunit,
 * so it is recorded here, in memory shared by every process of the run,
 * under the serial number of the case that forked it (each process keeps
 * the serial it was forked with, its children too).  Each forked process
 * also registers itself, from a pthread_atfork() handler, before fork()
 * returns to the case.  A process that crashes (a signal that dumps core)
 * or ends with a sanitizer's report is recorded the same way, by whoever
 * reaps it: the test process for its own children, the supervisor, a
 * child subreaper, for the orphans that come to it.  The test process is
 * no subreaper: a case's wait() sees its own children only.
 *
 * A case's result is final only when every process it forked has ended:
 * kunit_procs_end() waits for them, within the case's timeout, kills what
 * is left (naming it) and fails the case for what its processes recorded.
 * A failure recorded later (by a process that escaped the wait) is never
 * dropped: kunit_procs_take_late() fails the suite that is running,
 * naming the case that started the process.  When the run ends, the
 * supervisor waits for whatever the cases left (registered or not: in the
 * test process's group, or an orphan that came to it), kills it at the
 * timeout and fails the run (kunit_procs_left(), kunit_procs_kill_left()),
 * and what no case took fails the run too (kunit_procs_take_left()).  The
 * test process stays unreaped until then: its group's id is no one
 * else's.
 *
 * Processes that exec another program (system(), posix_spawn()) register
 * nothing and cannot fail a check.  A thread of a case that forks after
 * the case ended gives its process the serial of the case running then.
 */
#define _GNU_SOURCE		/* getpgid() */

#include "processes.h"
#include "progress.h"
#include <kunit/test.h>

#include <linux/kernel.h>
#include <linux/string.h>

#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#ifdef KUNIT_USER_SANITIZER
#include <dlfcn.h>
#include <sanitizer/common_interface_defs.h>
#endif

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

/* A registered process: its case's serial and its pid in one word; 0 when free. */
#define KUNIT_PROCS_ENTRY(serial, pid)	((u64)(serial) << 32 | (u32)(pid))
#define KUNIT_PROCS_SERIAL(entry)	((u32)((entry) >> 32))
#define KUNIT_PROCS_PID(entry)		((pid_t)((entry) & 0xffffff))

/*
 * A failure: the same, with what happened in bits 24 to 31 of the low
 * word (pids are below 2^22): a failed check, the signal that crashed the
 * process, a sanitizer's report, or a process that could not register.
 */
#define KUNIT_PROCS_FAILURE(serial, pid, kind) \
	(KUNIT_PROCS_ENTRY(serial, pid) | (u64)(u8)(kind) << 24)
#define KUNIT_PROCS_KIND(entry)		((u8)((entry) >> 24))
#define KUNIT_PROCS_CHECK		0
#define KUNIT_PROCS_SANITIZER		0xff
#define KUNIT_PROCS_UNREGISTERED	0xfe

#define KUNIT_PROCS_NS			1000000000ULL

/* Where a case ran, to name it in a failure that comes after its result. */
struct kunit_procs_origin {
	u32 serial;
	u32 outer;		/* the case it ran inside, 0 if none */
	size_t suite_index;
	size_t case_index;
	char name[64];
};

/* Shared by the supervisor, the test processes and what the cases fork. */
struct kunit_procs_shared {
	u64 procs[KUNIT_PROCS_SLOTS];
	/* When each process of @procs started (0: not known), against pid reuse. */
	u64 starts[KUNIT_PROCS_SLOTS];
	/* The entry of @procs whose process ended with a sanitizer's report. */
	u64 sanitized[KUNIT_PROCS_SLOTS];
	u64 failures[KUNIT_PROCS_FAILURES];
	/* The first failure of the running case: it needs no slot of @failures. */
	u64 running_failure;
	u32 live;		/* slots of @procs in use */
	u32 pending;		/* slots of @failures in use */
	u32 generation;		/* registrations so far */
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
/* Where this process registered: its slot of procs->procs, its entry there. */
static size_t own_slot;
static u64 own_entry;
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

/*
 * Records a failure of process @pid of case @of: in the running case's own
 * place if it is that case's, else in a slot of the table; one a case is
 * enough.  A full table is said as lost failures, which fail the run.
 */
static void kunit_procs_record(u32 of, pid_t pid, u8 kind)
{
	u64 entry = KUNIT_PROCS_FAILURE(of, pid, kind), old = 0;
	size_t i;

	if (of && of == __atomic_load_n(&procs->running, __ATOMIC_ACQUIRE)) {
		if (__atomic_compare_exchange_n(&procs->running_failure, &old, entry, false,
						__ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE) ||
		    KUNIT_PROCS_SERIAL(old) == of)
			return;
	}
	for (i = 0; i < KUNIT_PROCS_FAILURES; i++) {
		old = __atomic_load_n(&procs->failures[i], __ATOMIC_ACQUIRE);
		if (old && KUNIT_PROCS_SERIAL(old) == of)
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

/* /proc/PID/stat after the name: fields 3 to 21, then the start time. */
static const char kunit_procs_stat_start[] =
	" %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %*u %*u %*d %*d %*d %*d %*d %*d %llu";

/* The start time of process @pid, in clock ticks since boot; 0 if unknown. */
static u64 kunit_procs_start_time(pid_t pid)
{
	char path[64], text[1024], *field;
	unsigned long long start = 0;
	FILE *stat;
	size_t len;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	stat = fopen(path, "r");
	if (!stat)
		return 0;
	len = fread(text, 1, sizeof(text) - 1, stat);
	fclose(stat);
	text[len] = '\0';
	/* After the name, which may hold anything: fields 3 to 21, then the start. */
	field = strrchr(text, ')');
	if (!field || sscanf(field + 1, kunit_procs_stat_start, &start) != 1)
		return 0;
	return start;
}

/* Registers the calling process under @of, before fork() returns in it. */
static void kunit_procs_register(u32 of)
{
	u64 entry = KUNIT_PROCS_ENTRY(of, getpid()), old;
	size_t i;

	__atomic_add_fetch(&procs->generation, 1, __ATOMIC_ACQ_REL);
	for (i = 0; i < KUNIT_PROCS_SLOTS; i++) {
		old = 0;
		if (__atomic_compare_exchange_n(&procs->procs[i], &old, entry, false,
						__ATOMIC_ACQ_REL, __ATOMIC_RELAXED)) {
			__atomic_add_fetch(&procs->live, 1, __ATOMIC_RELEASE);
			goto registered;
		}
	}
	/* Full of processes a case forked and reaped itself: take one's slot. */
	for (i = 0; i < KUNIT_PROCS_SLOTS; i++) {
		old = __atomic_load_n(&procs->procs[i], __ATOMIC_ACQUIRE);
		if (old && kill(KUNIT_PROCS_PID(old), 0) < 0 && errno == ESRCH &&
		    __atomic_compare_exchange_n(&procs->procs[i], &old, entry, false,
						__ATOMIC_ACQ_REL, __ATOMIC_RELAXED))
			goto registered;
	}
	/* It cannot be waited for: its case fails, saying so. */
	kunit_procs_record(of, getpid(), KUNIT_PROCS_UNREGISTERED);
	return;
registered:
	own_slot = i;
	own_entry = entry;
	/* Its pid may be another's once it is reaped: its start time tells. */
	__atomic_store_n(&procs->starts[i], kunit_procs_start_time(getpid()), __ATOMIC_RELEASE);
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

/* Whether this is a process that a case forked. */
static bool kunit_procs_in_forked(void)
{
	return test_process && getpid() != test_process;
}

#ifdef KUNIT_USER_SANITIZER
/*
 * A forked process that exit()s: LeakSanitizer's check at exit runs after
 * this, on a copy of the test process's heap, in which a thread of the
 * test process's is missing: its reports there are not the case's.
 */
static bool exiting;

static void kunit_procs_exiting(void)
{
	exiting = true;
}

/*
 * A sanitizer's report ends a process with a status a case may give too:
 * it is said beside the process's registration, and fails its case if the
 * run reaps it (kunit_procs_ended()), as a crash does; a case that reaps
 * it itself (a death test) has its status.
 */
static void kunit_procs_sanitizer_died(void)
{
	if (procs && kunit_procs_in_forked() && !exiting && own_entry)
		__atomic_store_n(&procs->sanitized[own_slot], own_entry, __ATOMIC_RELEASE);
}

/*
 * Every sanitizer runtime of the program calls kunit_procs_sanitizer_died()
 * as it ends a process: gcc links UBSan's apart from ASan's, each with a
 * death callback of its own, which the dynamic linker hides behind ASan's.
 */
static void kunit_procs_on_sanitizer_death(void)
{
	void (*set_callback)(void (*)(void));
	void *ubsan;

	__sanitizer_set_death_callback(kunit_procs_sanitizer_died);
	ubsan = dlopen("libubsan.so.1", RTLD_NOW | RTLD_NOLOAD);
	if (!ubsan)
		return;
	set_callback = (void (*)(void (*)(void)))dlsym(ubsan, "__sanitizer_set_death_callback");
	if (set_callback && set_callback != __sanitizer_set_death_callback)
		set_callback(kunit_procs_sanitizer_died);
	dlclose(ubsan);
}
#endif

/* The pid namespace's inode, 0 where /proc cannot say. */
static ino_t kunit_procs_pid_namespace(void)
{
	struct stat st;

	return stat("/proc/self/ns/pid", &st) ? 0 : st.st_ino;
}

/* The test process's pid namespace: a pid from another one is no pid here. */
static ino_t test_pid_namespace;

static void kunit_procs_in_child(void)
{
	u32 token = fork_token;

	if (!token)
		return;
	fork_token = 0;
	own_entry = 0;
	/* Its getpid() is another namespace's: it is followed as an unknown process. */
	if (kunit_procs_pid_namespace() == test_pid_namespace)
		kunit_procs_register(serial);
#ifdef KUNIT_USER_SANITIZER
	atexit(kunit_procs_exiting);
#endif
	__atomic_store_n(&procs->acks[token % KUNIT_PROCS_ACKS], token, __ATOMIC_RELEASE);
	errno = fork_errno;
}

/*
 * The children that /proc lists for this process: @count of them in
 * @pids, or NULL if /proc cannot say (or memory runs out).
 */
static pid_t *kunit_procs_children(size_t *count)
{
	pid_t *pids = NULL, *more;
	size_t size = 0;
	char path[64];
	FILE *list;
	int pid;

	*count = 0;
	snprintf(path, sizeof(path), "/proc/self/task/%d/children", (int)getpid());
	list = fopen(path, "r");
	if (!list)
		return NULL;
	pids = malloc(sizeof(*pids));
	while (pids && fscanf(list, "%d", &pid) == 1) {
		if (*count == size) {
			size = size ? 2 * size : 16;
			more = realloc(pids, size * sizeof(*pids));
			if (!more) {
				free(pids);
				pids = NULL;
				break;
			}
			pids = more;
		}
		pids[(*count)++] = pid;
	}
	fclose(list);
	return pids;
}

/**
 * kunit_procs_init() - get ready to follow what the cases fork
 *
 * Once, before the process that supervises the run starts.
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
#ifdef KUNIT_USER_SANITIZER
	kunit_procs_on_sanitizer_death();
#endif
	return 0;
}

/**
 * kunit_procs_adopt() - the calling process supervises the run
 *
 * It becomes a child subreaper, so that a process the cases left is its
 * child when its parent is gone, to reap, wait for and kill.  It must have
 * no child of its own from before the run (see kunit_user_run()): every
 * child it has, but its test processes, is what the cases left.
 */
void kunit_procs_adopt(void)
{
	prctl(PR_SET_CHILD_SUBREAPER, 1);
}

/**
 * kunit_procs_enter_test_process() - the calling process runs the cases
 */
void kunit_procs_enter_test_process(void)
{
	test_process = getpid();
	test_pid_namespace = kunit_procs_pid_namespace();
	kill_group = getpgrp();
	serial = 0;
	depth = 0;
	/* Only the supervisor adopts orphans: a case's wait() sees its own children. */
	prctl(PR_SET_CHILD_SUBREAPER, 0);
	if (procs)
		procs->running = 0;
}

/**
 * kunit_procs_begin() - a case starts in the test process
 * @name: the case's name, for messages.
 * @progress: where the run stands.
 *
 * Until kunit_procs_end(), what this process forks is the case's.
 */
void kunit_procs_begin(const char *name, const struct kunit_progress *progress)
{
	struct kunit_procs_origin *origin;
	u32 outer = serial;

	if (!procs)
		return;
	do {
		serial = __atomic_add_fetch(&procs->last_serial, 1, __ATOMIC_ACQ_REL);
	} while (!serial);
	origin = &procs->origins[serial % KUNIT_PROCS_ORIGINS];
	origin->serial = serial;
	origin->outer = outer;
	origin->suite_index = progress->suite_index;
	origin->case_index = progress->case_index;
	strscpy(origin->name, name ? name : "", sizeof(origin->name));
	if (depth < KUNIT_PROCS_DEPTH)
		active[depth] = serial;
	depth++;
	__atomic_store_n(&procs->running, serial, __ATOMIC_RELEASE);
}

/* Says which case @of is, in @buf. */
static void kunit_procs_name(u32 of, char *buf, size_t size)
{
	const struct kunit_procs_origin *origin = &procs->origins[of % KUNIT_PROCS_ORIGINS];
	const struct kunit_procs_origin *outer;
	size_t len;

	if (!of || origin->serial != of) {
		snprintf(buf, size, "a case no longer known");
		return;
	}
	/* A case of a suite that a case runs: the outer case's position is the run's. */
	while (origin->outer) {
		outer = &procs->origins[origin->outer % KUNIT_PROCS_ORIGINS];
		if (outer->serial != origin->outer)
			break;
		len = snprintf(buf, size, "case %s, run inside ", origin->name);
		if (len >= size)
			return;
		buf += len;
		size -= len;
		origin = outer;
	}
	snprintf(buf, size, "case %zu (%s) of suite %zu", origin->case_index + 1, origin->name,
		 origin->suite_index + 1);
}

/* Says what a failure's process did, in @buf. */
static void kunit_procs_what(u64 entry, char *buf, size_t size)
{
	pid_t pid = KUNIT_PROCS_PID(entry);
	u8 kind = KUNIT_PROCS_KIND(entry);

	if (kind == KUNIT_PROCS_CHECK)
		snprintf(buf, size, "a check failed in process %d", pid);
	else if (kind == KUNIT_PROCS_SANITIZER)
		snprintf(buf, size, "process %d ended with a sanitizer's report (on stderr)", pid);
	else if (kind == KUNIT_PROCS_UNREGISTERED)
		snprintf(buf, size, "process %d could not be followed (over %d processes at once)",
			 pid, KUNIT_PROCS_SLOTS);
	else
		snprintf(buf, size, "process %d crashed: killed by signal %d (%s)", pid, kind,
			 strsignal(kind));
}

/* Whether @status is a crash: a fault's signal, or abort()'s. */
static bool kunit_procs_crashed(int status, u8 *sig)
{
	if (!WIFSIGNALED(status))
		return false;
	/* The signals of faults and abort(); SIGQUIT and the limits' are sent. */
	switch (WTERMSIG(status)) {
	case SIGILL: case SIGTRAP: case SIGABRT: case SIGBUS: case SIGFPE: case SIGSEGV:
	case SIGSYS:
		*sig = WTERMSIG(status);
		return true;
	default:
		return false;
	}
}

static void kunit_procs_free_slot(size_t i, u64 entry)
{
	__atomic_store_n(&procs->starts[i], 0, __ATOMIC_RELEASE);
	__atomic_store_n(&procs->sanitized[i], 0, __ATOMIC_RELEASE);
	if (__atomic_compare_exchange_n(&procs->procs[i], &entry, 0, false, __ATOMIC_ACQ_REL,
					__ATOMIC_RELAXED))
		__atomic_sub_fetch(&procs->live, 1, __ATOMIC_RELEASE);
}

/* Forgets the registration of @pid, which ended with @status; records a crash. */
static void kunit_procs_ended(pid_t pid, int status)
{
	u64 entry = 0;
	u32 of = 0;
	size_t i;
	u8 sig;

	for (i = 0; i < KUNIT_PROCS_SLOTS && __atomic_load_n(&procs->live, __ATOMIC_ACQUIRE); i++) {
		entry = __atomic_load_n(&procs->procs[i], __ATOMIC_ACQUIRE);
		if (!entry || KUNIT_PROCS_PID(entry) != pid)
			continue;
		of = KUNIT_PROCS_SERIAL(entry);
		break;
	}
	/*
	 * Recorded before the slot goes: a wait that sees it gone finds the
	 * failure.  A process that never registered is no case's to fail.
	 */
	if (of && kunit_procs_crashed(status, &sig))
		kunit_procs_record(of, pid, sig);
	else if (of && __atomic_load_n(&procs->sanitized[i], __ATOMIC_ACQUIRE) == entry)
		kunit_procs_record(of, pid, KUNIT_PROCS_SANITIZER);
	if (of)
		kunit_procs_free_slot(i, entry);
}

/*
 * Whether process @pid is this process's to wait for and kill: its child,
 * or one of the test process's group.  A pid used again by a process that
 * is neither is left alone.
 */
static bool kunit_procs_ours(pid_t pid, u64 start)
{
	siginfo_t info = { .si_pid = 0 };
	u64 now;

	if (!waitid(P_PID, pid, &info, WEXITED | WNOHANG | WNOWAIT))
		return true;
	now = start ? kunit_procs_start_time(pid) : 0;
	return kill_group > 0 && getpgid(pid) == kill_group && (!now || now == start);
}

/*
 * Whether registered process @pid runs on.  One that ended as this
 * process's child is reaped here, and a crash recorded: its case is over.
 * Any other runs on until its parent reaps it, or the supervisor does.
 */
static bool kunit_procs_alive(pid_t pid, u64 start)
{
	siginfo_t info = { .si_pid = 0 };
	int status;
	u64 now;

	if (!waitid(P_PID, pid, &info, WEXITED | WNOHANG | WNOWAIT)) {
		if (info.si_pid != pid)
			return true;
		if (waitpid(pid, &status, WNOHANG) == pid)
			kunit_procs_ended(pid, status);
		return false;
	}
	if (kill(pid, 0) && errno != EPERM)
		return false;
	/* Reaped by its parent (the case, say), its pid given to another. */
	now = start ? kunit_procs_start_time(pid) : 0;
	return !now || now == start;
}

/*
 * The first process registered under @of (under any serial if @of is 0)
 * that still runs, or 0; forgets those that ended.  With @kill_them,
 * kills each one that is this process's to kill.  A process that
 * registered during the scan may sit in a slot the scan had passed: then
 * -1, to look again.
 */
static pid_t kunit_procs_running(u32 of, bool kill_them)
{
	u32 generation = __atomic_load_n(&procs->generation, __ATOMIC_ACQUIRE);
	pid_t first = 0, pid;
	u64 entry, start;
	size_t i;

	for (i = 0; i < KUNIT_PROCS_SLOTS; i++) {
		if (!__atomic_load_n(&procs->live, __ATOMIC_ACQUIRE))
			break;
		entry = __atomic_load_n(&procs->procs[i], __ATOMIC_ACQUIRE);
		if (!entry || (of && KUNIT_PROCS_SERIAL(entry) != of))
			continue;
		pid = KUNIT_PROCS_PID(entry);
		start = __atomic_load_n(&procs->starts[i], __ATOMIC_ACQUIRE);
		if (!kunit_procs_alive(pid, start)) {
			kunit_procs_free_slot(i, entry);
			continue;
		}
		if (kill_them && kunit_procs_ours(pid, start))
			kill(pid, SIGKILL);
		if (!first)
			first = pid;
	}
	if (!first && generation != __atomic_load_n(&procs->generation, __ATOMIC_ACQUIRE))
		first = -1;
	return first;
}

/*
 * Kills the processes registered under @of (0: all) that are this
 * process's to kill, until none runs, 1 s at most.  Returns the first
 * one that still runs (not this process's to kill), or 0.
 */
static pid_t kunit_procs_kill(u32 of)
{
	/* Within the margin that kunit_user_case_deadline() leaves. */
	u64 until = kunit_procs_now() + KUNIT_PROCS_NS / 5;
	unsigned int nap = 50;
	pid_t pid;

	while ((pid = kunit_procs_running(of, true)) && kunit_procs_now() < until)
		kunit_procs_nap(&nap);
	return pid;
}

/*
 * Waits until no process registered under @of (0: any) runs, or until
 * @deadline_ns (0: none), when they are killed (@killed: all of them,
 * none being another's to kill).  Returns 0, or the pid of the first one
 * that still ran then.
 */
static pid_t kunit_procs_wait(u32 of, u64 deadline_ns, bool *killed)
{
	unsigned int nap = 50;
	pid_t pid, named = 0;

	while ((pid = kunit_procs_running(of, false))) {
		if (pid > 0)
			named = pid;
		if (deadline_ns && kunit_procs_now() >= deadline_ns) {
			*killed = !kunit_procs_kill(of);
			return named ?: -1;
		}
		if (pid > 0)
			kunit_procs_nap(&nap);
	}
	return 0;
}

/* Whether case @of runs in this test process now. */
static bool kunit_procs_active(u32 of)
{
	int level;

	for (level = 0; level < min(depth, KUNIT_PROCS_DEPTH); level++)
		if (active[level] == of)
			return true;
	return false;
}

/*
 * Takes a recorded failure of case @of (with @late, of any case that is
 * not running now).  Returns it, or 0 if there is none.
 */
static u64 kunit_procs_take(u32 of, bool late)
{
	u64 entry;
	size_t i;

	entry = __atomic_load_n(&procs->running_failure, __ATOMIC_ACQUIRE);
	if (entry && (late ? !kunit_procs_active(KUNIT_PROCS_SERIAL(entry)) :
			     KUNIT_PROCS_SERIAL(entry) == of) &&
	    __atomic_compare_exchange_n(&procs->running_failure, &entry, 0, false,
					__ATOMIC_ACQ_REL, __ATOMIC_RELAXED))
		return entry;
	if (!__atomic_load_n(&procs->pending, __ATOMIC_ACQUIRE))
		return 0;
	for (i = 0; i < KUNIT_PROCS_FAILURES; i++) {
		entry = __atomic_load_n(&procs->failures[i], __ATOMIC_ACQUIRE);
		if (!entry)
			continue;
		if (late ? kunit_procs_active(KUNIT_PROCS_SERIAL(entry)) :
			   KUNIT_PROCS_SERIAL(entry) != of)
			continue;
		if (!__atomic_compare_exchange_n(&procs->failures[i], &entry, 0, false,
						 __ATOMIC_ACQ_REL, __ATOMIC_RELAXED))
			continue;
		__atomic_sub_fetch(&procs->pending, 1, __ATOMIC_RELEASE);
		return entry;
	}
	return 0;
}

/**
 * kunit_procs_end() - a case's code, its exit included, is over
 * @test: its test, which fails for what its processes did.
 * @deadline_ns: CLOCK_MONOTONIC time at which the processes it forked are
 *		 killed if they still run; 0 for none.
 *
 * The case's result is final only when every process it forked has
 * ended: a check that failed in any of them, or a crash, fails it.
 */
void kunit_procs_end(struct kunit *test, u64 deadline_ns)
{
	u32 mine = serial, outer;
	bool killed = true;
	char what[160];
	u64 entry;
	pid_t pid;

	if (!procs)
		return;
	pid = kunit_procs_wait(mine, deadline_ns, &killed);
	if (pid) {
		WRITE_ONCE(test->status, KUNIT_FAILURE);
		kunit_err(test, "process %d, which the case forked, still ran at the case's timeout%s",
			  max(pid, 0), killed ? ": killed" : "; it is killed when the run ends");
	}
	while ((entry = kunit_procs_take(mine, false))) {
		WRITE_ONCE(test->status, KUNIT_FAILURE);
		kunit_procs_what(entry, what, sizeof(what));
		kunit_err(test, "%s, which the case forked", what);
	}
	depth--;
	outer = depth > 0 ? active[min(depth, KUNIT_PROCS_DEPTH) - 1] : 0;
	serial = outer;
	__atomic_store_n(&procs->running, outer, __ATOMIC_RELEASE);
}

/* Says each failure that has no case to fail any more, on a line of its own. */
static int kunit_procs_say_late(const char *prefix, const char *when)
{
	char line[384], origin[160], what[160];
	int count = 0;
	u64 entry;

	while ((entry = kunit_procs_take(0, true))) {
		kunit_procs_name(KUNIT_PROCS_SERIAL(entry), origin, sizeof(origin));
		kunit_procs_what(entry, what, sizeof(what));
		snprintf(line, sizeof(line), "%skunit: %s, which %s forked, %s", prefix, what,
			 origin, when);
		kunit_platform_emit(KERN_ERR, line);
		count++;
	}
	if (__atomic_exchange_n(&procs->failures_lost, false, __ATOMIC_ACQ_REL)) {
		snprintf(line, sizeof(line), "%skunit: processes of more than %d cases failed, %s",
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
		       !__atomic_load_n(&procs->running_failure, __ATOMIC_ACQUIRE) &&
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
	if (procs && kunit_procs_in_forked())
		kunit_procs_record(serial, getpid(), KUNIT_PROCS_CHECK);
}

/**
 * kunit_procs_end_of_run() - the executor returned in the test process
 * @deadline_ns: when what the cases forked is killed; 0 for no limit.
 *
 * Waits for every registered process, then says each failure that no case
 * took as a "Bail out!" line, which fails the run.
 */
void kunit_procs_end_of_run(u64 deadline_ns)
{
	bool killed;

	if (!procs)
		return;
	kunit_procs_wait(0, deadline_ns, &killed);
	kunit_procs_say_late("Bail out! ", "after its case's result");
}

/**
 * kunit_procs_forget() - forget the failures of the case that a test
 *			  process died in
 *
 * In the supervisor: that case fails for its death anyway.
 */
void kunit_procs_forget(void)
{
	u32 dead = __atomic_load_n(&procs->running, __ATOMIC_ACQUIRE);

	while (dead && kunit_procs_take(dead, false))
		;
	procs->running = 0;
}

/**
 * kunit_procs_reaped() - the supervisor reaped a process that ended
 * @pid: the process.
 * @status: how it ended.
 */
void kunit_procs_reaped(pid_t pid, int status)
{
	if (procs)
		kunit_procs_ended(pid, status);
}

/**
 * kunit_procs_reap() - reap the orphans that ended, in the supervisor
 * @keep: the test process, which is left for its supervisor to reap.
 *
 * A registered process ends for the waits of the test process only once
 * it is reaped; a crash is recorded for its case.
 */
void kunit_procs_reap(pid_t keep)
{
	siginfo_t info;
	size_t count, i;
	pid_t *pids;
	int status;

	if (!procs)
		return;
	for (;;) {
		info.si_pid = 0;
		if (waitid(P_ALL, 0, &info, WEXITED | WNOHANG | WNOWAIT) || !info.si_pid)
			return;
		if (info.si_pid == keep)
			break;
		if (waitpid(info.si_pid, &status, WNOHANG) == info.si_pid)
			kunit_procs_ended(info.si_pid, status);
	}
	/* @keep ended and hides the others from waitid(): each by its pid. */
	pids = kunit_procs_children(&count);
	for (i = 0; pids && i < count; i++)
		if (pids[i] != keep && waitpid(pids[i], &status, WNOHANG) == pids[i])
			kunit_procs_ended(pids[i], status);
	free(pids);
}

/**
 * kunit_procs_sweep() - after a test process ended, kill what it left
 * @pgid: its process group: the test process, which its supervisor reaps
 *	  only afterwards, so that the group's id is no one else's meanwhile.
 *
 * In the supervisor.  Kills the test process's group and every registered
 * process that is left (as child subreaper, they come here as orphans),
 * and reaps them.
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
		kunit_procs_reap(pgid);
		if (pid)
			kunit_procs_nap(&nap);
	} while (pid && kunit_procs_now() < until);
}

/*
 * A child of this process (the supervisor) other than @keep: what the
 * cases left.  Returns its pid, or 0; /proc tells, where it can.
 */
static pid_t kunit_procs_left_child(pid_t keep)
{
	pid_t *pids, found = 0;
	size_t count, i;

	pids = kunit_procs_children(&count);
	for (i = 0; pids && !found && i < count; i++)
		found = pids[i] == keep ? 0 : pids[i];
	free(pids);
	return found;
}

/*
 * A live member of process group @pgid other than its leader, from /proc;
 * 0 if none is found (or /proc cannot say).
 */
static pid_t kunit_procs_group_member(pid_t pgid)
{
	char path[300], text[1024], state, *field;
	struct dirent *entry;
	pid_t found = 0, pid;
	FILE *stat;
	size_t len;
	int group;
	DIR *dir;

	dir = opendir("/proc");
	while (dir && !found && (entry = readdir(dir))) {
		if (entry->d_name[0] < '1' || entry->d_name[0] > '9')
			continue;
		pid = atoi(entry->d_name);
		if (pid == pgid)
			continue;
		snprintf(path, sizeof(path), "/proc/%s/stat", entry->d_name);
		stat = fopen(path, "r");
		if (!stat)
			continue;
		len = fread(text, 1, sizeof(text) - 1, stat);
		fclose(stat);
		text[len] = '\0';
		/* After the name: the state, the parent, the process group. */
		field = strrchr(text, ')');
		if (field && sscanf(field + 1, " %c %*d %d", &state, &group) == 2 &&
		    group == pgid && state != 'Z')
			found = pid;
	}
	if (dir)
		closedir(dir);
	return found;
}

/**
 * kunit_procs_left() - something that the cases left runs on
 * @pgid: the last test process's group, whose leader has ended.
 *
 * Reaps the orphans that ended first.
 *
 * Return: its pid, -1 if it is not known which, 0 if nothing is left.
 */
pid_t kunit_procs_left(pid_t pgid)
{
	pid_t pid;

	if (!procs)
		return 0;
	kill_group = pgid;
	kunit_procs_reap(pgid);
	pid = kunit_procs_running(0, false);
	if (pid)
		return pid;
	pid = kunit_procs_group_member(pgid);
	if (pid)
		return pid;
	return kunit_procs_left_child(pgid);
}

/**
 * kunit_procs_kill_left() - kill what the cases left, at the end
 * @pgid: the last test process's group, whose leader has ended and is
 *	  not reaped yet.
 *
 * The group, what registered, and the orphans /proc names, until none is
 * left (a second at most).
 */
void kunit_procs_kill_left(pid_t pgid)
{
	u64 until = kunit_procs_now() + KUNIT_PROCS_NS;
	pid_t pid;

	if (!procs)
		return;
	do {
		kunit_procs_sweep(pgid);
		pid = kunit_procs_left_child(pgid);
		if (pid > 0)
			kill(pid, SIGKILL);
	} while (pid > 0 && kunit_procs_now() < until);
	kunit_procs_reap(pgid);
}

/**
 * kunit_procs_take_left() - the failures that no case took, at the end
 * @why: where to say the first one.
 * @size: the size of @why.
 *
 * In the supervisor, once nothing is left (kunit_procs_left()).
 *
 * Return: how many there were.
 */
int kunit_procs_take_left(char *why, size_t size)
{
	char origin[160], what[160];
	int count = 0;
	u64 entry;

	if (!procs)
		return 0;
	while ((entry = kunit_procs_take(0, true))) {
		if (!count++) {
			kunit_procs_name(KUNIT_PROCS_SERIAL(entry), origin, sizeof(origin));
			kunit_procs_what(entry, what, sizeof(what));
			snprintf(why, size, "%s, which %s forked, after its case's result", what,
				 origin);
		}
	}
	if (__atomic_exchange_n(&procs->failures_lost, false, __ATOMIC_ACQ_REL) && !count++)
		snprintf(why, size, "processes of more than %d cases failed", KUNIT_PROCS_FAILURES);
	return count;
}
