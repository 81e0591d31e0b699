// SPDX-License-Identifier: GPL-2.0
/*
 * The userspace side of KUnit's seam (see <kunit/platform.h> and
 * <kunit/platform-user.h>).
 *
 * kunit_user_run() forks a child that runs the executor while the parent
 * supervises it.  Cases run one after the other in that child, so a case
 * costs no more than its own code; a failed assertion leaves its case by
 * siglongjmp().  When the child dies (a signal, an unexpected exit) or
 * makes no progress for the timeout, the parent records why in the shared
 * &struct kunit_progress and starts a new child, which reports the case as
 * failed and resumes after it.  The dead child's memory, and so the case's
 * resources, go with it.
 */
#include <kunit/executor.h>
#include <kunit/platform.h>
#include <kunit/progress.h>
#include <kunit/test.h>

#include <linux/kernel.h>
#include <linux/string.h>

#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "kunit-user.h"

/* Memory shared by the supervisor and the child that runs the tests. */
struct kunit_user_shared {
	struct kunit_progress progress;
	u64 stamp_ns;		/* CLOCK_MONOTONIC time of the last progress */
	unsigned int timeout;	/* seconds the run may go on from there; 0: no limit */
	bool finished;		/* the executor returned */
	int exec_err;		/* and this is what it returned */
};

static struct kunit_user_shared *shared;
/* Not thread-local: threads a case starts belong to its test, as in the kernel. */
static struct kunit *current_test;

void kfree(const void *p)
{
	free((void *)p);
}

/* Whether nesting is printed "# " per level, for kselftest. */
static bool kselftest_nesting;

/* Output goes through stdio, so that it stays in order with printf(). */
void kunit_platform_emit(const char *level, const char *line)
{
	if (kselftest_nesting)
		for (; !strncmp(line, "    ", 4); line += 4)
			fputs("# ", stdout);
	fputs(line, stdout);
	fputc('\n', stdout);
	/* Flushed at once: a case that crashes next must not take it along. */
	fflush(stdout);
}

/* Skips a printk level prefix: the console of a userspace program has none. */
static const char *kunit_user_skip_level(const char *fmt)
{
	while (fmt[0] == '\001' && fmt[1])
		fmt += 2;
	return fmt;
}

int vprintk(const char *fmt, va_list args)
{
	int len = vprintf(kunit_user_skip_level(fmt), args);

	fflush(stdout);
	return len;
}

int _printk(const char *fmt, ...)
{
	va_list args;
	int len;

	va_start(args, fmt);
	len = vprintk(fmt, args);
	va_end(args);
	return len;
}

struct kunit *kunit_platform_current_test(void)
{
	return current_test;
}

void kunit_platform_set_current_test(struct kunit *test)
{
	current_test = test;
}

struct kunit_progress *kunit_platform_progress(void)
{
	return shared ? &shared->progress : NULL;
}

static u64 kunit_user_now_ns(void)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (u64)now.tv_sec * 1000000000ULL + now.tv_nsec;
}

/* Tells the supervisor that the run moves: its timeout starts again. */
static void kunit_user_stamp(void)
{
	if (shared)
		__atomic_store_n(&shared->stamp_ns, kunit_user_now_ns(), __ATOMIC_RELEASE);
}

/* The --timeout of the run, for code with no timeout of its own. */
static unsigned int default_timeout;

void kunit_try_catch_run(struct kunit_try_catch *try_catch, void *context)
{
	unsigned int outer_timeout = shared ? shared->timeout : 0;

	try_catch->context = context;
	try_catch->result = 0;
	try_catch->reason[0] = '\0';
	if (shared)
		shared->timeout = try_catch->timeout ? try_catch->timeout : default_timeout;
	kunit_user_stamp();

	if (sigsetjmp(try_catch->platform.env, 0) == 0) {
		try_catch->platform.armed = true;
		try_catch->try_fn(context);
		try_catch->platform.armed = false;
	} else {
		try_catch->platform.armed = false;
		try_catch->result = -EINTR;
		if (try_catch->catch_fn)
			try_catch->catch_fn(context);
	}
	if (shared)
		shared->timeout = outer_timeout;
	kunit_user_stamp();
}

void kunit_try_catch_throw(struct kunit_try_catch *try_catch)
{
	if (!try_catch->platform.armed) {
		fprintf(stderr, "kunit: a failed assertion or kunit_skip() outside a running test case\n");
		fflush(NULL);
		abort();
	}
	siglongjmp(try_catch->platform.env, 1);
}

/* The names of the signals that end test processes, for reports. */
static const char *kunit_user_signal_name(int sig)
{
	switch (sig) {
	case SIGSEGV: return "SIGSEGV";
	case SIGBUS: return "SIGBUS";
	case SIGFPE: return "SIGFPE";
	case SIGILL: return "SIGILL";
	case SIGABRT: return "SIGABRT";
	case SIGTRAP: return "SIGTRAP";
	case SIGSYS: return "SIGSYS";
	case SIGKILL: return "SIGKILL";
	case SIGTERM: return "SIGTERM";
	case SIGINT: return "SIGINT";
	case SIGALRM: return "SIGALRM";
	case SIGPIPE: return "SIGPIPE";
	case SIGXCPU: return "SIGXCPU";
	case SIGXFSZ: return "SIGXFSZ";
	default: return NULL;
	}
}

static void kunit_user_describe(char *buf, size_t size, int status, bool timed_out,
				unsigned int timeout)
{
	const char *name;

	if (timed_out) {
		snprintf(buf, size, "timed out after %u s, killed", timeout);
	} else if (WIFSIGNALED(status)) {
		name = kunit_user_signal_name(WTERMSIG(status));
		if (name)
			snprintf(buf, size, "crashed: killed by %s (%s)", name,
				 strsignal(WTERMSIG(status)));
		else
			snprintf(buf, size, "crashed: killed by signal %d (%s)",
				 WTERMSIG(status), strsignal(WTERMSIG(status)));
	} else if (WIFEXITED(status)) {
		snprintf(buf, size, "the test process exited with status %d",
			 WEXITSTATUS(status));
	} else {
		snprintf(buf, size, "the test process ended with wait status %#x", status);
	}
}

/*
 * Waits for the child to end, killing it when the run has not moved for
 * shared->timeout seconds (0: no limit), which the child changes while a
 * case with a timeout of its own runs.  SIGCHLD is blocked, so that one
 * sent before sigtimedwait() is not missed.  Returns the child's wait
 * status, or -1 if waitpid() fails.
 */
static int kunit_user_wait(pid_t pid, bool *timed_out)
{
	unsigned int timeout;
	sigset_t sigchld;
	struct timespec wait;
	u64 deadline, now;
	int status;
	pid_t ret;

	*timed_out = false;
	sigemptyset(&sigchld);
	sigaddset(&sigchld, SIGCHLD);
	for (;;) {
		timeout = __atomic_load_n(&shared->timeout, __ATOMIC_ACQUIRE);
		ret = waitpid(pid, &status, WNOHANG);
		if (ret == pid)
			return status;
		if (ret < 0 && errno != EINTR) {
			/* The child cannot be followed: stop it, say so. */
			perror("kunit: waitpid");
			kill(pid, SIGKILL);
			return -1;
		}
		if (ret == 0 && !timeout) {
			/* No limit now, but a case may set one: look again soon. */
			wait.tv_sec = 0;
			wait.tv_nsec = 100000000;
			sigtimedwait(&sigchld, NULL, &wait);
			continue;
		}
		if (ret < 0)
			continue;

		deadline = __atomic_load_n(&shared->stamp_ns, __ATOMIC_ACQUIRE) +
			   timeout * 1000000000ULL;
		now = kunit_user_now_ns();
		if (now >= deadline) {
			*timed_out = true;
			kill(pid, SIGKILL);
			while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
				;
			return status;
		}
		wait.tv_sec = (deadline - now) / 1000000000ULL;
		wait.tv_nsec = (deadline - now) % 1000000000ULL;
		sigtimedwait(&sigchld, NULL, &wait);
	}
}

/* kselftest's exit codes, from the results of a run. */
static int kunit_user_exit_code(int exec_err, const struct kunit_progress *progress,
				const char *action)
{
	if (exec_err)
		return KSFT_FAIL;
	if (action && !strcmp(action, "list"))
		return KSFT_PASS;
	if (progress->run_stats.failed)
		return KSFT_FAIL;
	if (!progress->run_stats.passed)
		return KSFT_SKIP;
	return KSFT_PASS;
}

/* Where the run stood, to tell a second death at the same place. */
struct kunit_user_position {
	size_t suite_index, case_index;
	int param_index;
	enum kunit_phase phase;
};

static bool kunit_user_same_position(const struct kunit_user_position *pos,
				     const struct kunit_progress *progress)
{
	return pos->suite_index == progress->suite_index &&
	       pos->case_index == progress->case_index &&
	       pos->param_index == progress->param_index && pos->phase == progress->phase;
}

static void kunit_user_run_child(const struct kunit_user_options *options,
				 const sigset_t *mask)
{
	int err;

	sigprocmask(SIG_SETMASK, mask, NULL);
	kunit_user_stamp();
	err = kunit_executor_run(options->filter_glob, options->action, &shared->progress);
	shared->exec_err = err;
	__atomic_store_n(&shared->finished, true, __ATOMIC_RELEASE);
	fflush(NULL);
	_exit(0);
}

static int kunit_user_supervise(const struct kunit_user_options *options)
{
	struct kunit_user_position last_death = { .phase = KUNIT_PHASE_IDLE };
	struct kunit_progress *progress;
	char reason[KUNIT_TRY_CATCH_REASON_SIZE];
	sigset_t sigchld, old_mask;
	bool timed_out, died_before = false;
	int status;
	pid_t pid;

	shared = mmap(NULL, sizeof(*shared), PROT_READ | PROT_WRITE,
		      MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (shared == MAP_FAILED) {
		perror("kunit: mmap");
		shared = NULL;
		return KSFT_FAIL;
	}
	progress = &shared->progress;
	progress->phase = KUNIT_PHASE_IDLE;
	default_timeout = options->timeout;

	sigemptyset(&sigchld);
	sigaddset(&sigchld, SIGCHLD);
	sigprocmask(SIG_BLOCK, &sigchld, &old_mask);

	for (;;) {
		fflush(NULL);
		/* The child's timeout starts now, whatever it does first. */
		shared->timeout = default_timeout;
		shared->stamp_ns = kunit_user_now_ns();
		pid = fork();
		if (pid < 0) {
			perror("kunit: fork");
			return KSFT_FAIL;
		}
		if (pid == 0)
			kunit_user_run_child(options, &old_mask);

		status = kunit_user_wait(pid, &timed_out);
		if (status < 0) {
			printf("Bail out! kunit: cannot wait for the test process\n");
			return KSFT_FAIL;
		}
		if (__atomic_load_n(&shared->finished, __ATOMIC_ACQUIRE)) {
			if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
				break;
			kunit_user_describe(reason, sizeof(reason), status, timed_out,
					    shared->timeout);
			printf("# kunit: after the last suite: %s\n", reason);
			return KSFT_FAIL;
		}

		kunit_user_describe(reason, sizeof(reason), status, timed_out, shared->timeout);
		if (progress->phase == KUNIT_PHASE_IDLE ||
		    (died_before && kunit_user_same_position(&last_death, progress))) {
			/* Nothing to resume from, or no progress since the last death. */
			printf("Bail out! kunit: outside any test case: %s\n", reason);
			return KSFT_FAIL;
		}
		last_death = (struct kunit_user_position) {
			.suite_index = progress->suite_index,
			.case_index = progress->case_index,
			.param_index = progress->param_index,
			.phase = progress->phase,
		};
		died_before = true;
		strscpy(progress->crash_reason, reason, sizeof(progress->crash_reason));
		progress->resume = true;
	}
	sigprocmask(SIG_SETMASK, &old_mask, NULL);
	return kunit_user_exit_code(shared->exec_err, progress, options->action);
}

/**
 * kunit_user_run() - run the program's suites and return its exit code
 * @options: what to run and how.
 *
 * Return: KSFT_PASS, KSFT_FAIL or KSFT_SKIP (every result skipped, or none).
 */
int kunit_user_run(const struct kunit_user_options *options)
{
	struct kunit_progress progress = { .phase = KUNIT_PHASE_IDLE };
	int err;

	kselftest_nesting = options->kselftest_nesting;
	if (options->fork)
		return kunit_user_supervise(options);

	err = kunit_executor_run(options->filter_glob, options->action, &progress);
	return kunit_user_exit_code(err, &progress, options->action);
}
