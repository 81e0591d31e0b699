// SPDX-License-Identifier: GPL-2.0
/*
 * The userspace side of KUnit's seam (see <kunit/platform.h> and
 * <kunit/platform-user.h>).
 *
 * kunit_user_run() forks a child that runs the executor while the parent
 * supervises it.  Cases run one after the other in that child, so a case
 * costs no more than its own code; a failed assertion leaves its case by
 * siglongjmp().  When the child dies (a signal, an unexpected exit) or
 * makes no progress for the timeout, the parent records where and why in
 * memory shared with the children, and starts a new child.  The new child
 * goes on from the shared &struct kunit_progress, and
 * kunit_platform_death_reason() makes the core report the dead case (or
 * suite) as failed instead of running it again.  The dead child's memory,
 * and so the case's resources, go with it.
 *
 * The supervisor alone writes the program's stdout.  The child sends its
 * KTAP lines on a pipe of their own, and its stdout and stderr, where the
 * cases print, are two more pipes: whatever a case prints, closes or
 * leaves running cannot cut, glue or lose a result line.  The child runs
 * in a process group of its own, which the supervisor kills whole when
 * the child ends, so that no process a case started outlives it.
 */
#define _GNU_SOURCE		/* ppoll() */

#include "executor.h"
#include "hooks-impl.h"
#include <kunit/platform.h>
#include "progress.h"
#include <kunit/test.h>

#include <linux/kernel.h>
#include <linux/string.h>

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/uio.h>

#include "processes.h"
/* Built with AddressSanitizer or LeakSanitizer: the leak checker is there. */
#ifdef KUNIT_USER_SANITIZER
#include <sanitizer/lsan_interface.h>
#endif

/* How the child ends when the cases leaked memory: LeakSanitizer's code. */
#define KUNIT_USER_LEAKED	23
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "kunit-user.h"
#include "line-break.h"
#include "../ktap.h"

/* Where a run stood: in a suite's code, or in a case. */
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

/* Memory shared by the supervisor and the child that runs the tests. */
struct kunit_user_shared {
	struct kunit_progress progress;
	u64 stamp_ns;		/* CLOCK_MONOTONIC time of the last progress */
	unsigned int timeout;	/* seconds the run may go on from there; 0: no limit */
	bool finished;		/* the executor returned */
	int exec_err;		/* and this is what it returned */
	/* The last child died at @death, for @death_reason, not yet reported. */
	bool death_pending;
	struct kunit_user_position death;
	char death_reason[KUNIT_TRY_CATCH_REASON_SIZE];
	/* The last child ended because a case closed or replaced its pipe @lost_fd. */
	bool pipe_lost;
	int lost_fd;
	/* WARN()s given where no case ran: suite code's. */
	unsigned long unowned_warnings;
	/* Every WARN() (kunit_platform_warnings_recorded()). */
	unsigned long warnings_given;
};

/*
 * The process that runs the cases.  A case may fork: its processes share
 * the case's struct kunit only as a copy, so their failures reach the case
 * through @shared, and they end where they would leave the case.
 */
static pid_t runner_pid;

static struct kunit_user_shared *shared;
/*
 * The program's one task, whose test is the running case's (current->kunit_test).
 * Not thread-local: threads a case starts belong to its test, as in the kernel.
 */
struct task_struct kunit_user_task;

void kfree(const void *p)
{
	if (!ZERO_OR_NULL_PTR(p))
		free((void *)p);
}

/* Whether nesting is printed "# " per level, for kselftest. */
static bool kselftest_nesting;
/* The result names printed so far, when it is. */
static struct ktap_names kselftest_names;

/*
 * In the child of a supervised run: the pipe that takes its KTAP lines to
 * the supervisor, and the one on which the supervisor says that a line is
 * out.  Both are close-on-exec and none of 0, 1 and 2, which a case may
 * close or redirect.  -1 with --no-fork.
 */
static int ktap_fd = -1, ack_fd = -1;

/* What ktap_fd and ack_fd are open on, to see that they still are. */
struct kunit_user_file_id {
	dev_t dev;
	ino_t ino;
};

static struct kunit_user_file_id ktap_id, ack_id;

static int kunit_user_file_id(int fd, struct kunit_user_file_id *id)
{
	struct stat st;

	if (fstat(fd, &st))
		return -1;
	*id = (struct kunit_user_file_id) { .dev = st.st_dev, .ino = st.st_ino };
	return 0;
}

static bool kunit_user_same_file(int fd, const struct kunit_user_file_id *id)
{
	struct kunit_user_file_id now;

	return !kunit_user_file_id(fd, &now) && now.dev == id->dev && now.ino == id->ino;
}

/*
 * The pipe to or from the supervisor that a case closed (closing every
 * descriptor above 2, say) or opened something else in place of, or -1.
 */
static int kunit_user_lost_pipe(void)
{
	if (!kunit_user_same_file(ktap_fd, &ktap_id))
		return ktap_fd;
	if (!kunit_user_same_file(ack_fd, &ack_id))
		return ack_fd;
	return -1;
}

/*
 * No line of the test process can go out in order any more: it ends, and
 * the supervisor fails the case (or the suite code) that ran, for this
 * reason, and goes on after it in a new process.  Only the process that
 * runs the cases gets here: in one that a case forked, the lines are
 * lost, and its failures still reach the case (kunit_platform_note_failure()).
 */
static void __noreturn kunit_user_end_for_lost_pipe(int fd)
{
	fflush(NULL);
	shared->lost_fd = fd;
	__atomic_store_n(&shared->pipe_lost, true, __ATOMIC_RELEASE);
	_exit(KSFT_FAIL);
}

/*
 * Writes all of @iov to @fd, going on after a signal or a partial write,
 * and waiting if @fd was handed to the program non-blocking.  Returns 0,
 * or -1 if @fd takes no more.
 */
static int kunit_user_write_all(int fd, struct iovec *iov, int count)
{
	struct pollfd writable = { .fd = fd, .events = POLLOUT };
	ssize_t done;

	while (count > 0) {
		done = writev(fd, iov, count);
		if (done < 0 && errno == EAGAIN) {
			poll(&writable, 1, -1);
			continue;
		}
		if (done < 0 && errno == EINTR)
			continue;
		if (done <= 0)
			return -1;
		for (; count > 0 && (size_t)done >= iov->iov_len; iov++, count--)
			done -= iov->iov_len;
		if (count > 0) {
			iov->iov_base = (char *)iov->iov_base + done;
			iov->iov_len -= done;
		}
	}
	return 0;
}

/*
 * The program's verdict is read from the KTAP it prints, by the reader
 * that every KUnit tool uses (tools/testing/selftests/kunit/ktap.c), so
 * that its exit status says what a CI that reads its output will say.
 */
static struct ktap_run reader;
static bool reader_failed;

static void kunit_user_read_ktap_line(const char *line)
{
	if (ktap_read_line(&reader, line))
		reader_failed = true;
}

/*
 * The program's stdout or stderr took a line only in part, or not at all
 * (a full disk, /dev/full, a closed descriptor): its results, or what a
 * case printed, are lost, so the run fails (see kunit_user_exit_code()).
 * Said once on stderr, which may work still.
 */
static int stdout_errno, stderr_errno;

/*
 * Where the run's KTAP goes: stdout, or with --no-fork a copy of it above
 * 2, so that a case that redirects or closes its stdout cannot take the
 * results with it (results_id: what the copy is open on).
 */
static int results_fd = STDOUT_FILENO;
static struct kunit_user_file_id results_id;

static void kunit_user_output_failed(int fd)
{
	int err = errno ? errno : EIO;

	if (fd == results_fd && !stdout_errno) {
		stdout_errno = err;
		fprintf(stderr, "kunit: cannot write the results to standard output: %s; the run fails\n",
			strerror(err));
	} else if (fd == STDERR_FILENO && !stderr_errno) {
		stderr_errno = err;
	}
}

/*
 * Levels of nesting that --kselftest converts; deeper ones stay spaces.
 * The hashes are KTAP_KSELFTEST_INDENT over and over, for writev().
 */
#define KUNIT_USER_HASH_LEVELS	16
#define KUNIT_USER_MAX_LEVELS	(4 * KUNIT_USER_HASH_LEVELS)

static const char kunit_user_hashes[2 * KUNIT_USER_HASH_LEVELS + 1] =
	"# # # # # # # # # # # # # # # # ";
static_assert(sizeof(KTAP_KSELFTEST_INDENT) == 3, "kunit_user_hashes: two bytes a level");
static const char kunit_user_newline[] = "\n";

/*
 * Prints @line and a newline on @fd in one writev().  This is the one place
 * where KTAP nesting is converted: with --kselftest, each four spaces that
 * start @line are printed "# ", the nesting that kselftest's CI parsers read.
 */
static int kunit_user_put_line(int fd, const char *line)
{
	struct iovec iov[KUNIT_USER_MAX_LEVELS / KUNIT_USER_HASH_LEVELS + 4];
	size_t levels = 0, chunk, escape = 0;
	char *renamed = NULL;
	int count = 0, err;

	if (kselftest_nesting) {
		while (levels < KUNIT_USER_MAX_LEVELS &&
		       !strncmp(line, KTAP_INDENT, KTAP_INDENT_LEN)) {
			line += KTAP_INDENT_LEN;
			levels++;
		}
		/* A diagnostic that would read "# # ok 1 x": see ktap_kselftest_escape(). */
		escape = ktap_kselftest_escape(line);
		/* A result whose name the program used already: see ktap_names_claim(). */
		if (fd == results_fd)
			renamed = ktap_names_rewrite(&kselftest_names, line, levels);
		if (renamed)
			line = renamed;
	}
	for (; levels; levels -= chunk) {
		chunk = min_t(size_t, levels, KUNIT_USER_HASH_LEVELS);
		iov[count].iov_base = (void *)kunit_user_hashes;
		iov[count++].iov_len = 2 * chunk;
	}
	if (escape) {
		iov[count].iov_base = (void *)line;
		iov[count++].iov_len = escape;
		iov[count].iov_base = (void *)" ";
		iov[count++].iov_len = 1;
		line += escape;
	}
	iov[count].iov_base = (void *)line;
	iov[count++].iov_len = strlen(line);
	iov[count].iov_base = (void *)kunit_user_newline;
	iov[count++].iov_len = 1;
	err = kunit_user_write_all(fd, iov, count);
	free(renamed);
	if (err)
		kunit_user_output_failed(fd);
	return err;
}

/**
 * kunit_platform_emit() - print one line of KTAP
 * @level: the printk level of the line, which userspace does not print.
 * @line: the line, without its newline.
 *
 * In a supervised run, the line goes to the supervisor, which prints it
 * (see kunit_user_write_ktap_line()); what the case printed before goes
 * first, and the case goes on once the supervisor has printed the line,
 * so that what it prints next comes after it.  With --no-fork, the line
 * goes straight to stdout.
 */
void kunit_platform_emit(const char *level, const char *line)
{
	struct iovec iov[2];
	int lost;
	char ack;

	if (ktap_fd < 0) {
		/* After what the case printed through stdio. */
		fflush(stdout);
		/* A copy of stdout that a case closed or replaced: no result can go out. */
		if (results_fd != STDOUT_FILENO && !kunit_user_same_file(results_fd, &results_id) &&
		    getpid() == runner_pid)
			kunit_user_end_for_lost_pipe(results_fd);
		kunit_user_put_line(results_fd, line);
		kunit_user_read_ktap_line(line);
		return;
	}

	/* What the case printed is in its pipe before the line is in this one. */
	fflush(NULL);
	iov[0].iov_base = (void *)line;
	iov[0].iov_len = strlen(line);
	iov[1].iov_base = (void *)kunit_user_newline;
	iov[1].iov_len = 1;
	lost = kunit_user_lost_pipe();
	if (lost < 0 && kunit_user_write_all(ktap_fd, iov, ARRAY_SIZE(iov)))
		lost = ktap_fd;
	while (lost < 0 && read(ack_fd, &ack, 1) < 0) {
		/* A case may make the pipe non-blocking (the flag is shared): wait. */
		if (errno == EAGAIN)
			poll(&(struct pollfd){ .fd = ack_fd, .events = POLLIN }, 1, -1);
		else if (errno != EINTR)
			lost = ack_fd;
	}
	if (lost >= 0 && getpid() == runner_pid)
		kunit_user_end_for_lost_pipe(lost);
}

/* Skips a printk level prefix: the console of a userspace program has none. */
static const char *kunit_user_skip_level(const char *fmt)
{
	while (fmt[0] == '\001' && fmt[1])
		fmt += 2;
	return fmt;
}

/*
 * Spells @fmt, a kernel printf format, for the C library into @out, which
 * holds twice @fmt's length and its NUL: %px becomes the hex of an
 * unsigned long (a pointer's size on Linux), as the kernel prints it:
 * never with "0x" but for the '#' flag, zero-padded to the pointer's
 * width when the conversion gives no width of its own (then a precision
 * is dropped: the padding has the digits), and the letters and digits
 * after it skipped, as the kernel skips those of any %p extension.  A
 * length qualifier before the p means nothing to the kernel.  Every other
 * conversion means the same to both.
 */
static const char *kunit_user_spell_format(const char *fmt, char *out)
{
	const char *from = fmt, *flags_end, *width_end, *spec;
	char *to = out;

	while (*from) {
		if (*from != '%') {
			*to++ = *from++;
			continue;
		}
		/* Flags, width, precision and qualifier, then the conversion. */
		spec = from + 1;
		while (*spec && strchr("-+ #0", *spec))
			spec++;
		flags_end = spec;
		while (isdigit((unsigned char)*spec) || *spec == '*')
			spec++;
		width_end = spec;
		while (isdigit((unsigned char)*spec) || *spec == '*' || *spec == '.')
			spec++;
		while (*spec && strchr("hlLqjzt", *spec))
			spec++;
		if (*spec == '%') {
			/* "%%", or a "%5%": a percent sign, copied whole. */
			memcpy(to, from, spec + 1 - from);
			to += spec + 1 - from;
			from = spec + 1;
			continue;
		}
		if (spec[0] != 'p' || spec[1] != 'x') {
			*to++ = *from++;
			continue;
		}
		memcpy(to, from, flags_end - from);
		to += flags_end - from;
		if (width_end == flags_end) {
			to += (sprintf)(to, "0%zu", 2 * sizeof(void *));
		} else {
			memcpy(to, flags_end, spec - flags_end);
			to += spec - flags_end;
			/* A qualifier of the source is not the C library's. */
			while (to > out && strchr("hlLqjzt", to[-1]))
				to--;
		}
		*to++ = 'l';
		*to++ = 'x';
		from = spec + 2;
		while (isalnum((unsigned char)*from))
			from++;
	}
	*to = '\0';
	return out;
}

/*
 * Runs @print with @fmt spelled for the C library.  Without memory for
 * a long format, @fmt goes as it is: a %px then prints as the C
 * library's %p and an "x", and nothing else changes.
 */
#define KUNIT_USER_PRINT(fmt, print)					\
({									\
	char __local[256], *__spelled = NULL;				\
	const char *__fmt = (fmt);					\
	size_t __need = 2 * strlen(__fmt) + 1;				\
	int __len;							\
									\
	if (strstr(__fmt, "px")) {					\
		__spelled = __need <= sizeof(__local) ? __local : malloc(__need); \
		if (__spelled)						\
			__fmt = kunit_user_spell_format(__fmt, __spelled); \
	}								\
	__len = print;							\
	if (__spelled != __local)					\
		free(__spelled);					\
	__len;								\
})

int kunit_user_vsnprintf(char *buf, size_t size, const char *fmt, va_list args)
{
	return KUNIT_USER_PRINT(fmt, (vsnprintf)(buf, size, __fmt, args));
}

int kunit_user_snprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list args;
	int len;

	va_start(args, fmt);
	len = kunit_user_vsnprintf(buf, size, fmt, args);
	va_end(args);
	return len;
}

int kunit_user_sprintf(char *buf, const char *fmt, ...)
{
	va_list args;
	int len;

	va_start(args, fmt);
	len = KUNIT_USER_PRINT(fmt, vsprintf(buf, __fmt, args));
	va_end(args);
	return len;
}

int vprintk(const char *fmt, va_list args)
{
	int len = KUNIT_USER_PRINT(kunit_user_skip_level(fmt), vprintf(__fmt, args));

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
	return current->kunit_test;
}

void kunit_platform_set_current_test(struct kunit *test)
{
	current->kunit_test = test;
}

/*
 * Every WARN() of the program so far (<linux/bug.h>), of the processes a
 * case forks too: in shared memory where there is some.
 */
static unsigned long warnings_given_here;

static unsigned long *kunit_user_warnings(void)
{
	return shared ? &shared->warnings_given : &warnings_given_here;
}

/**
 * kunit_platform_warned() - WARN() fired
 * @file: where.
 * @line: there.
 *
 * Counted, for kunit_warning_suppress() blocks; and it fails the running
 * case, naming @file:@line, unless a block of the case's is open, as the
 * kernel's count of warnings fails the case in whose window it grew.
 */
void kunit_platform_warned(const char *file, int line)
{
	struct kunit *test = kunit_get_current_test();

	__atomic_add_fetch(kunit_user_warnings(), 1, __ATOMIC_SEQ_CST);
	/* Suite code's: its suite fails on it (kunit_platform_new_trouble()). */
	if (!test) {
		if (shared)
			__atomic_add_fetch(&shared->unowned_warnings, 1, __ATOMIC_SEQ_CST);
		return;
	}
	if (kunit_warning_expected_by(test))
		return;
	if (kunit_hooks.fail_current_test)
		kunit_hooks.fail_current_test(file, line, "a WARNING, which fails the case");
}

/**
 * kunit_platform_new_trouble() - whether suite code warned since the last look
 * @seen: the count when last looked at; updated.
 * @in_case: unused: a case's own warnings failed it as they came.
 * @text: where to say how many, "W (a warning)".
 * @size: the size of @text.
 *
 * Return: true when WARN() fired where no case ran, since @seen.
 */
bool kunit_platform_new_trouble(struct kunit_trouble *seen, bool in_case, char *text,
				size_t size)
{
	unsigned long given, count;

	if (!shared)
		return false;
	given = __atomic_load_n(&shared->unowned_warnings, __ATOMIC_SEQ_CST);
	count = given - seen->warnings;
	seen->warnings = given;
	if (!count)
		return false;
	if (count == 1)
		snprintf(text, size, "W (a warning)");
	else
		snprintf(text, size, "W (%lu warnings)", count);
	return true;
}

/**
 * kunit_platform_warnings_recorded() - how many warnings the program gave
 * @count: set to that number.
 *
 * Return: true: the program counts every WARN().
 */
bool kunit_platform_warnings_recorded(unsigned long *count)
{
	*count = __atomic_load_n(kunit_user_warnings(), __ATOMIC_SEQ_CST);
	return true;
}

/**
 * kunit_platform_task() - which thread runs
 *
 * Its thread id: a process that a case forked is another task, as in the
 * kernel (a thread-local address would be the same in the fork).
 *
 * Return: a value that is the calling thread's alone.
 */
const void *kunit_platform_task(void)
{
	return (const void *)(uintptr_t)gettid();
}

/*
 * The child that follows a dead one runs the suites from where the shared
 * progress stands, and asks here when it enters a suite and when it
 * starts a case: the one position the last child died at has failed, once.
 * A run of its own that a case starts (KUnit's self-tests do) keeps its
 * progress elsewhere and never matches.
 */
const char *kunit_platform_death_reason(const struct kunit_progress *progress)
{
	if (!shared || progress != &shared->progress || !shared->death_pending ||
	    !kunit_user_same_position(&shared->death, progress))
		return NULL;
	shared->death_pending = false;
	return shared->death_reason;
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

/**
 * kunit_platform_default_timeout() - seconds a case may run unless it says otherwise
 *
 * Return: the run's --timeout (0: no limit).
 */
unsigned long kunit_platform_default_timeout(void)
{
	return default_timeout;
}

/**
 * kunit_platform_note_failure() - a check of @test failed in this process
 * @test: the test.
 *
 * In a process that a case forked, the failure is recorded for the case
 * that forked it (see processes.c).
 */
void kunit_platform_note_failure(struct kunit *test)
{
	kunit_procs_note_failure();
}

/* A process that a case forked, and that would leave the case: it ends. */
static void kunit_user_end_forked(int status)
{
	if (!runner_pid || getpid() == runner_pid)
		return;
	fflush(NULL);
	_exit(status);
}

/*
 * The time at which what a case forked is killed: within its timeout,
 * early enough that the supervisor, which kills the test process at the
 * timeout, hears the case's own account first.  0: no limit.
 */
static u64 kunit_user_case_deadline(unsigned int timeout)
{
	u64 limit = timeout * 1000000000ULL;

	if (!timeout)
		return 0;
	return kunit_user_now_ns() + limit - min(limit / 4, 500000000ULL);
}

/* Runs the case until it returns or throws; alone, for sigsetjmp()'s sake. */
static noinline void kunit_user_try(struct kunit_try_catch *try_catch, void *context)
{
	if (sigsetjmp(try_catch->platform.env, 0) == 0) {
		try_catch->platform.armed = true;
		try_catch->try_fn(context);
		try_catch->platform.armed = false;
	} else {
		try_catch->platform.armed = false;
		/* As in the original series and in Linux 6.1, a throw is no error. */
		try_catch->thrown = true;
		if (try_catch->catch_fn)
			try_catch->catch_fn(context);
	}
}

void kunit_try_catch_run(struct kunit_try_catch *try_catch, void *context)
{
	unsigned int outer_timeout = shared ? shared->timeout : 0;
	unsigned int timeout = try_catch->timeout ? try_catch->timeout : default_timeout;
	int lost;

	try_catch->context = context;
	try_catch->result = 0;
	try_catch->thrown = false;
	try_catch->reason[0] = '\0';
	if (shared)
		shared->timeout = timeout;
	kunit_user_stamp();

	kunit_user_try(try_catch, context);
	kunit_user_end_forked(0);
	/* Still in the case: a pipe it closed is its failure, not its suite's. */
	lost = ktap_fd < 0 ? -1 : kunit_user_lost_pipe();
	if (lost >= 0)
		kunit_user_end_for_lost_pipe(lost);
	if (shared)
		shared->timeout = outer_timeout;
	kunit_user_stamp();
}

/**
 * kunit_platform_case_start() - a case (init, body and exit) starts
 * @test: its test.
 * @progress: where the executor stands.
 *
 * The processes the case forks from now on are its own (see processes.c).
 */
void kunit_platform_case_start(struct kunit *test, const struct kunit_progress *progress)
{
	if (!shared)
		return;
	/* What a case before this one forked and failed late fails the suite. */
	kunit_procs_take_late(&shared->progress);
	kunit_procs_begin(test->name, progress);
}

/**
 * kunit_platform_case_end() - a case's code, its exit included, is over
 * @test: its test, which fails for what its processes did.
 * @timeout: the case's timeout in seconds, 0 for the default.
 *
 * The case's result is final only when the processes it forked have
 * ended: they get a timeout of their own from here, within which the
 * test process waits for them, and kills what is left.
 */
void kunit_platform_case_end(struct kunit *test, unsigned long timeout)
{
	unsigned int outer_timeout;

	if (!shared)
		return;
	outer_timeout = shared->timeout;
	shared->timeout = timeout ? timeout : default_timeout;
	kunit_user_stamp();
	kunit_procs_end(test, kunit_user_case_deadline(shared->timeout));
	kunit_procs_take_late(&shared->progress);
	shared->timeout = outer_timeout;
	kunit_user_stamp();
}

/* A forked case cannot outlive its run here: nothing to forget. */
void kunit_try_catch_forget(struct kunit_try_catch *try_catch)
{
}

void kunit_try_catch_throw(struct kunit_try_catch *try_catch)
{
	/* An assertion in a forked process: the failure is noted; it ends. */
	kunit_user_end_forked(KSFT_FAIL);
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
 * The supervisor's side of the output.  A case's stdout and stderr are cut
 * into lines, each printed as a KTAP diagnostic, on stdout and on stderr.
 * A line longer than this is printed in pieces.
 */
#define KUNIT_USER_LINE_SIZE	4096
/*
 * Reads of a pipe of case output in one go: when it is readable, and
 * before a KTAP line goes out (up to 256 MiB: more than any pipe holds).
 */
#define KUNIT_USER_POLL_READS	64
#define KUNIT_USER_DRAIN_READS	65536
/* The deepest indentation a case's output gets, in spaces. */
#define KUNIT_USER_MAX_INDENT	64

/*
 * A line of a case's stdout or stderr, as far as it came.  @cut: the line
 * before was ended early, when a KTAP line had to go out, or at a '\r': a
 * newline that comes next only finishes that line.
 */
struct kunit_user_lines {
	char text[KUNIT_USER_LINE_SIZE];
	size_t len;
	int fd;		/* where its lines go: stdout or stderr */
	bool cut;
	/* The line as printed; one each, as ending one can end the other. */
	char diagnostic[KUNIT_USER_MAX_INDENT + 2 + KUNIT_USER_LINE_SIZE + 1];
};

static struct kunit_user_lines case_stdout = { .fd = STDOUT_FILENO };
static struct kunit_user_lines case_stderr = { .fd = STDERR_FILENO };

/* The leading spaces of the last KTAP line printed; diagnostics get them. */
static size_t ktap_indent;

static void kunit_user_end_line(struct kunit_user_lines *lines);

/* Ends the line that @lines holds, if any, as if a newline came. */
static void kunit_user_end_partial_line(struct kunit_user_lines *lines)
{
	if (lines->len) {
		kunit_user_end_line(lines);
		lines->cut = true;
	}
}

/*
 * kunit_user_write_ktap_line() - print a line of the run's KTAP on stdout
 * @line: the line, without its newline, as the core or the supervisor
 *	  wrote it (nesting as four spaces a level).
 *
 * Every line that the supervisor prints on stdout passes here, and nothing
 * else writes to its stdout: the child's KTAP lines, a case's output made
 * diagnostics, and the supervisor's own "Bail out!" and notes.  This is
 * where a reader of the run's KTAP would take each line.
 */
static void kunit_user_write_ktap_line(const char *line)
{
	/* Under runner.sh, stderr and stdout end in one file: no gluing. */
	kunit_user_end_partial_line(&case_stderr);
	ktap_indent = strspn(line, " ");
	kunit_user_put_line(results_fd, line);
	kunit_user_read_ktap_line(line);
}

/* A KTAP line of the core or of the supervisor: after what a case printed. */
static void kunit_user_print_ktap(const char *line)
{
	kunit_user_end_partial_line(&case_stdout);
	kunit_user_write_ktap_line(line);
}

static __printf(1, 2) void kunit_user_say(const char *fmt, ...)
{
	char line[512];
	va_list args;

	va_start(args, fmt);
	vsnprintf(line, sizeof(line), fmt, args);
	va_end(args);
	kunit_user_print_ktap(line);
}

/*
 * Prints the line that @lines holds as a diagnostic at the indentation of
 * the KTAP around it, so that nothing a case prints reads as a result: on
 * stdout, among the KTAP lines; on stderr, which runner.sh and most logs
 * merge into the same file (a sanitizer's report stays on stderr).
 */
static void kunit_user_end_line(struct kunit_user_lines *lines)
{
	int indent = min_t(size_t, ktap_indent, KUNIT_USER_MAX_INDENT);
	int len = lines->len;

	lines->len = 0;
	lines->cut = false;
	snprintf(lines->diagnostic, sizeof(lines->diagnostic), "%*s# %.*s", indent, "", len,
		 lines->text);
	if (lines->fd == STDOUT_FILENO)
		kunit_user_write_ktap_line(lines->diagnostic);
	else
		kunit_user_put_line(lines->fd, lines->diagnostic);
}

/*
 * Ends the line when it ends with U+0085, U+2028 or U+2029, which break
 * lines for kunit.py (see kunit_line_break()); they may come a byte at a
 * time.
 */
static void kunit_user_end_at_break(struct kunit_user_lines *lines)
{
	size_t len = lines->len, brk;

	lines->text[len] = '\0';
	for (brk = 2; brk <= 3; brk++) {
		if (len < brk || kunit_line_break(lines->text + len - brk) != brk)
			continue;
		/* "\r\n" and the like are single bytes, handled before. */
		if ((unsigned char)lines->text[len - brk] < 0x80)
			continue;
		lines->len -= brk;
		kunit_user_end_line(lines);
		return;
	}
}

/*
 * Adds what a case wrote to its stdout or stderr.  Whatever breaks lines
 * for a reader of KTAP ends a line too (see kunit_line_break()), and a NUL
 * byte, which would end the C string, is shown as "^@".
 */
static void kunit_user_add_output(struct kunit_user_lines *lines, const char *text, size_t len)
{
	size_t i;
	char c;

	for (i = 0; i < len; i++) {
		c = text[i];
		if (lines->cut && c == '\n') {
			lines->cut = false;
			continue;
		}
		lines->cut = false;
		if (c && strchr("\n\r\v\f\x1c\x1d\x1e", c)) {
			kunit_user_end_line(lines);
			lines->cut = c == '\r';
			continue;
		}
		if (lines->len + 2 > sizeof(lines->text))
			kunit_user_end_line(lines);
		if (!c) {
			lines->text[lines->len++] = '^';
			c = '@';
		}
		lines->text[lines->len++] = c;
		kunit_user_end_at_break(lines);
	}
}

/* The supervisor's ends of one child's pipes, -1 once closed. */
struct kunit_user_child {
	pid_t pid;		/* and its process group */
	int ktap;		/* the KTAP lines from kunit_platform_emit() */
	int output;		/* the child's stdout */
	int errors;		/* the child's stderr */
	int ack;		/* a byte for each KTAP line printed */
	int ack_reader;		/* kept open: an ack never raises SIGPIPE */
	char *line;		/* a KTAP line as far as it came */
	size_t len, size;
};

/* The child's ends of its pipes. */
struct kunit_user_child_ends {
	int ktap, output, errors, ack;
};

static void kunit_user_close(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

/*
 * Opens a pipe whose ends are close-on-exec and none of 0, 1 and 2, which
 * may be closed when the program starts.  Returns 0 or -1.
 */
static int kunit_user_pipe(int *read_end, int *write_end)
{
	int ends[2], i, fd;

	if (pipe(ends))
		return -1;
	for (i = 0; i < 2; i++) {
		fd = fcntl(ends[i], F_DUPFD_CLOEXEC, STDERR_FILENO + 1);
		close(ends[i]);
		ends[i] = fd;
	}
	if (ends[0] < 0 || ends[1] < 0) {
		kunit_user_close(&ends[0]);
		kunit_user_close(&ends[1]);
		return -1;
	}
	*read_end = ends[0];
	*write_end = ends[1];
	return 0;
}

/* The supervisor's ends of a test process's pipes. */
static void kunit_user_close_supervisor_ends(struct kunit_user_child *child)
{
	kunit_user_close(&child->ktap);
	kunit_user_close(&child->output);
	kunit_user_close(&child->errors);
	kunit_user_close(&child->ack);
	kunit_user_close(&child->ack_reader);
}

static void kunit_user_close_pipes(struct kunit_user_child *child,
				   struct kunit_user_child_ends *ends)
{
	kunit_user_close_supervisor_ends(child);
	kunit_user_close(&ends->ktap);
	kunit_user_close(&ends->output);
	kunit_user_close(&ends->errors);
	kunit_user_close(&ends->ack);
}

/*
 * Opens the pipes for a child: three that the supervisor reads without
 * waiting, and one that the child reads.  The child's stderr has a pipe of
 * its own rather than sharing its stdout's: what a case writes to stderr
 * stays on stderr, where sanitizer reports are looked for and where a
 * user may have sent them apart, and is still printed a whole line at a
 * time.  Returns 0 or -1.
 */
static int kunit_user_open_pipes(struct kunit_user_child *child,
				 struct kunit_user_child_ends *ends)
{
	*child = (struct kunit_user_child) {
		.ktap = -1, .output = -1, .errors = -1, .ack = -1, .ack_reader = -1,
	};
	*ends = (struct kunit_user_child_ends) {
		.ktap = -1, .output = -1, .errors = -1, .ack = -1,
	};
	if (kunit_user_pipe(&child->ktap, &ends->ktap) ||
	    kunit_user_pipe(&child->output, &ends->output) ||
	    kunit_user_pipe(&child->errors, &ends->errors) ||
	    kunit_user_pipe(&ends->ack, &child->ack) ||
	    fcntl(child->ktap, F_SETFL, O_NONBLOCK) ||
	    fcntl(child->output, F_SETFL, O_NONBLOCK) ||
	    fcntl(child->errors, F_SETFL, O_NONBLOCK) ||
	    fcntl(child->ack, F_SETFL, O_NONBLOCK)) {
		kunit_user_close_pipes(child, ends);
		return -1;
	}
	/*
	 * A child that dies while the supervisor acknowledges a line must not
	 * take the supervisor with it: the ack pipe always has a reader.
	 */
	child->ack_reader = fcntl(ends->ack, F_DUPFD_CLOEXEC, STDERR_FILENO + 1);
	if (child->ack_reader < 0) {
		kunit_user_close_pipes(child, ends);
		return -1;
	}
	return 0;
}

/*
 * Reads what a pipe of the case's output holds now, without waiting; a
 * short read empties a pipe.  Closes the pipe at its end.
 */
static void kunit_user_read_output(int *fd, struct kunit_user_lines *lines, int max_reads)
{
	char buf[KUNIT_USER_LINE_SIZE];
	ssize_t len;
	int reads;

	for (reads = 0; *fd >= 0 && reads < max_reads; reads++) {
		len = read(*fd, buf, sizeof(buf));
		if (len < 0 && errno == EINTR)
			continue;
		if (len < 0 && errno == EAGAIN)
			return;
		if (len <= 0) {
			kunit_user_close(fd);
			return;
		}
		kunit_user_add_output(lines, buf, len);
		if ((size_t)len < sizeof(buf))
			return;
	}
}

/* Keeps @len more bytes of the KTAP line being read. */
static void kunit_user_keep_ktap(struct kunit_user_child *child, const char *text, size_t len)
{
	size_t size = max_t(size_t, child->size, 256);
	char *line;

	while (size < child->len + len + 1)
		size *= 2;
	if (size > child->size) {
		line = realloc(child->line, size);
		if (!line) {
			fprintf(stderr, "kunit: out of memory: a KTAP line is cut\n");
			return;
		}
		child->line = line;
		child->size = size;
	}
	memcpy(child->line + child->len, text, len);
	child->len += len;
}

/*
 * Reads the child's KTAP lines and prints each whole one, after what its
 * stdout and stderr pipes hold: the case printed that before the line.
 * Each line printed is acknowledged, for the child to go on.
 */
static void kunit_user_read_ktap(struct kunit_user_child *child)
{
	char buf[KUNIT_USER_LINE_SIZE], *start, *newline;
	ssize_t len;

	/*
	 * All the child wrote before the KTAP line is in the pipes, whatever
	 * their size (F_SETPIPE_SZ): empty them, within a bound for output
	 * that a forked process keeps writing.
	 */
	kunit_user_read_output(&child->output, &case_stdout, KUNIT_USER_DRAIN_READS);
	kunit_user_read_output(&child->errors, &case_stderr, KUNIT_USER_DRAIN_READS);

	len = read(child->ktap, buf, sizeof(buf));
	if (len < 0 && (errno == EINTR || errno == EAGAIN))
		return;
	if (len <= 0) {
		kunit_user_close(&child->ktap);
		return;
	}
	for (start = buf; start < buf + len; start = newline + 1) {
		newline = memchr(start, '\n', buf + len - start);
		if (!newline) {
			kunit_user_keep_ktap(child, start, buf + len - start);
			break;
		}
		kunit_user_keep_ktap(child, start, newline - start);
		if (child->line) {
			child->line[child->len] = '\0';
			kunit_user_print_ktap(child->line);
		}
		child->len = 0;
		/* Nothing waits for it if the child is gone: the pipe may fill. */
		if (write(child->ack, "", 1) < 0 && errno != EAGAIN)
			perror("kunit: acknowledging a KTAP line");
	}
}

/* What poll() found readable: each pipe that has data or has ended. */
static void kunit_user_read_pipes(struct kunit_user_child *child, const struct pollfd *fds)
{
	const short ready = POLLIN | POLLHUP | POLLERR | POLLNVAL;

	if (fds[0].revents & ready)
		kunit_user_read_ktap(child);
	if (fds[1].revents & ready)
		kunit_user_read_output(&child->output, &case_stdout, KUNIT_USER_POLL_READS);
	if (fds[2].revents & ready)
		kunit_user_read_output(&child->errors, &case_stderr, KUNIT_USER_POLL_READS);
}

static void kunit_user_poll_set(const struct kunit_user_child *child, struct pollfd *fds)
{
	fds[0] = (struct pollfd) { .fd = child->ktap, .events = POLLIN };
	fds[1] = (struct pollfd) { .fd = child->output, .events = POLLIN };
	fds[2] = (struct pollfd) { .fd = child->errors, .events = POLLIN };
}

/*
 * The wait status of test process @pid once it has ended, which is left
 * unreaped: while it is, the id of its process group, where what the
 * cases left may be, cannot be anyone else's (kunit_user_reap() reaps
 * it).  Returns -1 if it cannot be waited for.
 */
static int kunit_user_exit_status(pid_t pid)
{
	siginfo_t info;

	for (;;) {
		info.si_pid = 0;
		if (!waitid(P_PID, pid, &info, WEXITED | WNOWAIT))
			break;
		if (errno != EINTR) {
			perror("kunit: waitid");
			return -1;
		}
	}
	switch (info.si_code) {
	case CLD_EXITED:
		return (info.si_status & 0xff) << 8;
	case CLD_DUMPED:
		return (info.si_status & 0x7f) | 0x80;
	default:
		return info.si_status & 0x7f;
	}
}

static void kunit_user_reap(pid_t pid)
{
	while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
		;
}

/* How often the supervisor looks again at a timeout that the child may change. */
#define KUNIT_USER_LOOK_NS	100000000ULL

/*
 * Follows the child until it ends, printing what it sends, and kills it
 * when the run has not moved for shared->timeout seconds (0: no limit),
 * which the child changes while a case with a timeout of its own runs.
 * Whatever happens, its whole process group is killed before the child is
 * reaped, when the group's id cannot be anyone else's yet.  SIGCHLD is
 * blocked but for ppoll(), so that one sent before is not missed.
 * Returns the child's wait status, or -1 if it cannot be waited for.
 */
static int kunit_user_follow(struct kunit_user_child *child, const sigset_t *wait_mask,
			     bool *timed_out)
{
	struct pollfd fds[3];
	struct timespec wait;
	unsigned int timeout;
	u64 deadline, now, left;
	siginfo_t info;

	*timed_out = false;
	for (;;) {
		info.si_pid = 0;
		if (waitid(P_PID, child->pid, &info, WEXITED | WNOHANG | WNOWAIT) < 0 &&
		    errno != EINTR) {
			/* The child cannot be followed: stop it, say so. */
			perror("kunit: waitid");
			kill(-child->pid, SIGKILL);
			kill(child->pid, SIGKILL);
			return -1;
		}
		if (info.si_pid == child->pid)
			break;

		timeout = __atomic_load_n(&shared->timeout, __ATOMIC_ACQUIRE);
		now = kunit_user_now_ns();
		left = KUNIT_USER_LOOK_NS;
		if (timeout) {
			deadline = __atomic_load_n(&shared->stamp_ns, __ATOMIC_ACQUIRE) +
				   timeout * 1000000000ULL;
			if (now >= deadline) {
				*timed_out = true;
				break;
			}
			left = min(left, deadline - now);
		}
		wait.tv_sec = left / 1000000000ULL;
		wait.tv_nsec = left % 1000000000ULL;
		kunit_user_poll_set(child, fds);
		if (ppoll(fds, ARRAY_SIZE(fds), &wait, wait_mask) > 0)
			kunit_user_read_pipes(child, fds);
		/* An orphan that ended is gone for the test process's waits once reaped. */
		kunit_procs_reap(child->pid);
	}

	/*
	 * A run that finished keeps its group: what the cases left in it is
	 * waited for (kunit_user_take_left()), not killed unseen.
	 */
	if (*timed_out || !__atomic_load_n(&shared->finished, __ATOMIC_ACQUIRE)) {
		kill(-child->pid, SIGKILL);
		kill(child->pid, SIGKILL);
	}
	return kunit_user_exit_status(child->pid);
}

/* How long the pipes are read once the child is gone, at most. */
#define KUNIT_USER_DRAIN_NS	1000000000ULL

/*
 * Once the child is gone: prints what is left in its pipes, until no
 * process holds them open.  The processes of its group were killed and
 * close them as they die; one that left the group may hold them for as
 * long as it likes, so the pipes are read for a second at most, and once
 * the group is empty, only while they have data.
 */
static void kunit_user_drain(struct kunit_user_child *child)
{
	u64 end = kunit_user_now_ns() + KUNIT_USER_DRAIN_NS;
	struct pollfd fds[3];
	bool gone;
	int ready;

	while (child->ktap >= 0 || child->output >= 0 || child->errors >= 0) {
		gone = kill(-child->pid, 0) < 0 && errno == ESRCH;
		kunit_user_poll_set(child, fds);
		ready = poll(fds, ARRAY_SIZE(fds), gone ? 0 : 10);
		if (ready > 0)
			kunit_user_read_pipes(child, fds);
		else if (gone && ready == 0)
			break;
		if (kunit_user_now_ns() >= end)
			break;
	}
	if (child->len) {
		child->line[child->len] = '\0';
		kunit_user_print_ktap(child->line);
	}
	free(child->line);
	child->line = NULL;
	child->len = 0;
	child->size = 0;
	kunit_user_end_partial_line(&case_stdout);
	kunit_user_end_partial_line(&case_stderr);
	case_stdout.cut = false;
	case_stderr.cut = false;
}

/*
 * The signals that end the supervisor: it takes the child's process group
 * with it, then dies of the signal as it would have.  SIGPIPE is one: a
 * reader of the output that went away.
 */
static const int kunit_user_fatal_signals[] = { SIGHUP, SIGINT, SIGTERM, SIGPIPE };
static struct sigaction saved_fatal_actions[ARRAY_SIZE(kunit_user_fatal_signals)];
static struct sigaction saved_sigchld_action;

/* The running child's process group, 0 if none; atomic for the handler. */
static pid_t child_pgid;

static void kunit_user_on_fatal_signal(int sig)
{
	struct sigaction action = { .sa_handler = SIG_DFL };
	pid_t pgid = __atomic_load_n(&child_pgid, __ATOMIC_ACQUIRE);

	if (pgid > 0)
		kill(-pgid, SIGKILL);
	sigaction(sig, &action, NULL);
	/* Delivered when the handler returns: the signal is blocked until then. */
	raise(sig);
}

/* SIGCHLD only has to interrupt ppoll(). */
static void kunit_user_on_sigchld(int sig)
{
}

static void kunit_user_catch_signals(void)
{
	struct sigaction action = { .sa_handler = kunit_user_on_fatal_signal };
	size_t i;

	sigemptyset(&action.sa_mask);
	for (i = 0; i < ARRAY_SIZE(kunit_user_fatal_signals); i++) {
		sigaction(kunit_user_fatal_signals[i], NULL, &saved_fatal_actions[i]);
		/* One ignored from the start, as under nohup, stays ignored. */
		if (saved_fatal_actions[i].sa_handler != SIG_IGN)
			sigaction(kunit_user_fatal_signals[i], &action, NULL);
	}
	action.sa_handler = kunit_user_on_sigchld;
	action.sa_flags = SA_NOCLDSTOP;
	sigaction(SIGCHLD, &action, &saved_sigchld_action);
}

static void kunit_user_restore_signals(void)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(kunit_user_fatal_signals); i++)
		sigaction(kunit_user_fatal_signals[i], &saved_fatal_actions[i], NULL);
	sigaction(SIGCHLD, &saved_sigchld_action, NULL);
}

/* What <kunit/test-bug.h> calls KUnit through; kunit_user_run() fills it in. */
struct kunit_hooks_table kunit_hooks;

/* Runs the executor as the options say, as the kernel's parameters would. */
static int kunit_user_executor_run(const struct kunit_user_options *options,
				   struct kunit_progress *progress)
{
	struct kunit_selection selection = {
		.glob = options->filter_glob,
		.filters = options->filters,
		.filter_action = options->filter_action,
		.action = options->action,
	};

	return kunit_executor_run(&selection, progress);
}

/*
 * kselftest's exit codes, from the verdict of the KTAP the run printed.
 * The core's own counts and errors can add a failure to it, never remove
 * one.  A list of the cases is no KTAP result: it passes unless it failed.
 */
static int kunit_user_exit_code(int exec_err, const struct kunit_progress *progress,
				const char *action)
{
	enum ktap_result verdict;

	/*
	 * What a case wrote to stderr through stdio with --no-fork, say (its
	 * stdout is its own: the results go to results_fd).
	 */
	fflush(stdout);
	if (fflush(stderr) || ferror(stderr))
		kunit_user_output_failed(STDERR_FILENO);
	/* On stdout too, so that a reader of the results fails with the program. */
	if (stderr_errno)
		kunit_user_say("Bail out! kunit: what the cases wrote to standard error was lost: %s",
			       strerror(stderr_errno));
	if (ktap_run_finish(&reader))
		reader_failed = true;
	verdict = ktap_run_verdict(&reader);
	ktap_run_free(&reader);
	ktap_names_free(&kselftest_names);
	if (exec_err || reader_failed || progress->run_stats.failed || stdout_errno || stderr_errno)
		return KSFT_FAIL;
	if (action && (!strcmp(action, "list") || !strcmp(action, "list_attr")))
		return KSFT_PASS;
	return ktap_exit_code(verdict);
}

#ifdef KUNIT_USER_SANITIZER
/* Whether LeakSanitizer finds leaked memory now. */
static bool kunit_user_leaked(void)
{
	return __lsan_do_recoverable_leak_check() != 0;
}

static const char kunit_user_leak_reason[] =
	"LeakSanitizer found memory that the cases leaked (its report is above)";
#else
static bool kunit_user_leaked(void)
{
	return false;
}

static const char kunit_user_leak_reason[] = "";
#endif

#ifdef KUNIT_USER_COVERAGE
void __gcov_dump(void);

/*
 * make run COVERAGE=1 builds the programs with --coverage: gcov writes
 * its counts at exit(), which the processes that run cases leave by
 * _exit().  They write them first.
 */
static void kunit_user_write_coverage(void)
{
	__gcov_dump();
}
#else
static void kunit_user_write_coverage(void)
{
}
#endif

/*
 * The child: in a process group of its own, its stdout and stderr in the
 * pipes that the supervisor reads, its KTAP lines in another.
 */
static void __noreturn kunit_user_run_child(const struct kunit_user_options *options,
					    struct kunit_user_child *child,
					    struct kunit_user_child_ends *ends,
					    const sigset_t *mask)
{
	int err;

	setpgid(0, 0);
	kunit_user_restore_signals();
	if (dup2(ends->output, STDOUT_FILENO) < 0 || dup2(ends->errors, STDERR_FILENO) < 0) {
		perror("kunit: dup2");
		_exit(KSFT_FAIL);
	}
	kunit_user_close(&ends->output);
	kunit_user_close(&ends->errors);
	kunit_user_close_supervisor_ends(child);
	runner_pid = getpid();
	kunit_procs_enter_test_process();
	ktap_fd = ends->ktap;
	ack_fd = ends->ack;
	if (kunit_user_file_id(ktap_fd, &ktap_id) || kunit_user_file_id(ack_fd, &ack_id)) {
		perror("kunit: fstat");
		_exit(KSFT_FAIL);
	}
	/* A case's whole lines reach the pipe even if it crashes next. */
	setvbuf(stdout, NULL, _IOLBF, 0);
	sigprocmask(SIG_SETMASK, mask, NULL);

	kunit_user_stamp();
	err = kunit_user_executor_run(options, &shared->progress);
	kunit_procs_end_of_run(kunit_user_case_deadline(default_timeout));
	shared->exec_err = err;
	__atomic_store_n(&shared->finished, true, __ATOMIC_RELEASE);
	fflush(NULL);
	/*
	 * _exit() skips the leak check that LeakSanitizer runs at exit: run it
	 * here, on what the cases left behind.
	 */
	kunit_user_write_coverage();
	_exit(kunit_user_leaked() ? KUNIT_USER_LEAKED : 0);
}

/* Starts a child in a process group of its own; returns its pid or -1. */
/*
 * Whether the last death is still to be reported: the new process never
 * came back to where the old one died (a suite_init that makes other
 * cases, say).  It is said here, and fails the run.
 */
static bool kunit_user_death_lost(void)
{
	if (!shared->death_pending)
		return false;
	kunit_user_say("# kunit: suite %zu, case %zu, where a test process died, was not reached again: %s",
		       shared->death.suite_index + 1, shared->death.case_index + 1,
		       shared->death_reason);
	shared->death_pending = false;
	return true;
}

static pid_t kunit_user_start_child(const struct kunit_user_options *options,
				    struct kunit_user_child *child, const sigset_t *mask)
{
	struct kunit_user_child_ends ends;
	sigset_t fatal, unblocked;
	size_t i;

	if (kunit_user_open_pipes(child, &ends)) {
		perror("kunit: pipe");
		return -1;
	}

	/* No fatal signal until the child's group is known to the handler. */
	sigemptyset(&fatal);
	for (i = 0; i < ARRAY_SIZE(kunit_user_fatal_signals); i++)
		sigaddset(&fatal, kunit_user_fatal_signals[i]);
	sigprocmask(SIG_BLOCK, &fatal, &unblocked);
	child->pid = fork();
	if (child->pid == 0)
		kunit_user_run_child(options, child, &ends, mask);
	if (child->pid > 0) {
		/* As the child does: whichever comes first, the group exists. */
		setpgid(child->pid, child->pid);
		__atomic_store_n(&child_pgid, child->pid, __ATOMIC_RELEASE);
	} else {
		perror("kunit: fork");
	}
	sigprocmask(SIG_SETMASK, &unblocked, NULL);

	kunit_user_close(&ends.ktap);
	kunit_user_close(&ends.output);
	kunit_user_close(&ends.errors);
	kunit_user_close(&ends.ack);
	if (child->pid < 0)
		kunit_user_close_pipes(child, &ends);
	return child->pid;
}

/*
 * The memory shared with the processes the cases fork, and with the
 * children of a supervised run.  Returns 0, or -1 without it.
 */
static int kunit_user_map_shared(void)
{
	shared = mmap(NULL, sizeof(*shared), PROT_READ | PROT_WRITE,
		      MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (shared == MAP_FAILED) {
		perror("kunit: mmap");
		shared = NULL;
		return -1;
	}
	return 0;
}

/*
 * Once the last test process (of group @pgid, not reaped yet) has ended:
 * what the cases started that is left may still fail a check or crash, so
 * the run waits for it, within the timeout, reading what it writes to
 * @child's pipes (NULL with --no-fork) meanwhile, then kills it and fails.
 * Each failure that no case took fails the run too.  Returns true if the
 * run fails.
 */
static bool kunit_user_take_left(pid_t pgid, struct kunit_user_child *child)
{
	u64 deadline = kunit_user_case_deadline(default_timeout);
	struct timespec pause = { .tv_nsec = 10000000 };
	bool failed = false;
	struct pollfd fds[3];
	char why[256];
	pid_t pid;

	/* Without /proc, what no fork handler saw cannot be told apart: it goes unwaited. */
	if (access("/proc/self/stat", R_OK))
		kunit_user_say("# kunit: /proc cannot be read: what the cases left and did not register is killed at the end, not waited for");

	while ((pid = kunit_procs_left(pgid))) {
		if (deadline && kunit_user_now_ns() >= deadline) {
			if (pid > 0)
				kunit_user_say("Bail out! kunit: process %d, which a case started, still ran at the end of the run: killed",
					       pid);
			else
				kunit_user_say("Bail out! kunit: a process that a case started still ran at the end of the run: killed");
			kunit_procs_kill_left(pgid);
			failed = true;
			break;
		}
		if (!child) {
			nanosleep(&pause, NULL);
			continue;
		}
		kunit_user_poll_set(child, fds);
		if (poll(fds, ARRAY_SIZE(fds), 10) > 0)
			kunit_user_read_pipes(child, fds);
	}
	if (kunit_procs_take_left(why, sizeof(why))) {
		kunit_user_say("Bail out! kunit: %s", why);
		failed = true;
	}
	return failed;
}

static int kunit_user_supervise(const struct kunit_user_options *options)
{
	struct kunit_user_position last_death = { .phase = KUNIT_PHASE_IDLE }, death;
	struct kunit_progress *progress;
	struct kunit_user_child child;
	char reason[KUNIT_TRY_CATCH_REASON_SIZE];
	sigset_t sigchld, old_mask, wait_mask;
	bool timed_out, finished, left_failed, died_before = false, lost_death = false;
	int status, ret = KSFT_FAIL;

	if (kunit_user_map_shared())
		return KSFT_FAIL;
	progress = &shared->progress;

	sigemptyset(&sigchld);
	sigaddset(&sigchld, SIGCHLD);
	sigprocmask(SIG_BLOCK, &sigchld, &old_mask);
	wait_mask = old_mask;
	sigdelset(&wait_mask, SIGCHLD);
	kunit_user_catch_signals();

	for (;;) {
		fflush(NULL);
		/* The child's timeout starts now, whatever it does first. */
		shared->timeout = default_timeout;
		shared->stamp_ns = kunit_user_now_ns();
		if (kunit_user_start_child(options, &child, &old_mask) < 0)
			goto out;

		status = kunit_user_follow(&child, &wait_mask, &timed_out);
		finished = __atomic_load_n(&shared->finished, __ATOMIC_ACQUIRE);
		/* With its pipes open: what is left may still write, then fail. */
		left_failed = finished && status >= 0 && kunit_user_take_left(child.pid, &child);
		kunit_user_drain(&child);
		kunit_user_close(&child.ktap);
		kunit_user_close(&child.output);
		kunit_user_close(&child.errors);
		kunit_user_close(&child.ack);
		kunit_user_close(&child.ack_reader);
		__atomic_store_n(&child_pgid, 0, __ATOMIC_RELEASE);
		/*
		 * What a dead test process left is killed: its case failed
		 * already.  What a finished one left was waited for, and what
		 * no one could tell of (without /proc) goes with its group.
		 */
		kunit_procs_sweep(child.pid);
		kunit_user_reap(child.pid);
		if (status < 0) {
			kunit_user_say("Bail out! kunit: cannot wait for the test process");
			goto out;
		}
		if (__atomic_load_n(&shared->finished, __ATOMIC_ACQUIRE)) {
			if (kunit_user_death_lost() || lost_death) {
				kunit_user_say("Bail out! kunit: a case that a test process died in was not reported");
				goto out;
			}
			if (left_failed)
				goto out;
			if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
				break;
			kunit_user_describe(reason, sizeof(reason), status, timed_out,
					    shared->timeout);
			if (*kunit_user_leak_reason && WIFEXITED(status) &&
			    WEXITSTATUS(status) == KUNIT_USER_LEAKED)
				strscpy(reason, kunit_user_leak_reason, sizeof(reason));
			kunit_user_say("Bail out! kunit: after the last suite: %s", reason);
			goto out;
		}

		kunit_user_describe(reason, sizeof(reason), status, timed_out, shared->timeout);
		if (__atomic_exchange_n(&shared->pipe_lost, false, __ATOMIC_ACQ_REL))
			snprintf(reason, sizeof(reason),
				 "closed or replaced descriptor %d, a pipe to KUnit's supervisor",
				 shared->lost_fd);
		/* The case it died in fails for that; what its processes did adds nothing. */
		kunit_procs_forget();
		if (progress->phase == KUNIT_PHASE_IDLE) {
			/* Nothing to resume from. */
			kunit_user_say("Bail out! kunit: outside any test case: %s", reason);
			goto out;
		}
		death = (struct kunit_user_position) {
			.suite_index = progress->suite_index,
			.case_index = progress->case_index,
			.param_index = progress->param_index,
			.phase = progress->phase,
		};
		if (died_before && kunit_user_same_position(&last_death, progress)) {
			/*
			 * The new process died where the last one did, before it
			 * could say so: what it replays to get there (a parameter
			 * generator, say) does it again.  Once, in a case, the
			 * death moves to its suite, which the next process fails
			 * on entry; then there is nowhere left to go.
			 */
			if (death.phase != KUNIT_PHASE_CASE) {
				kunit_user_say("Bail out! kunit: died again at the same place: %s",
					       reason);
				goto out;
			}
			death.phase = KUNIT_PHASE_SUITE;
			strncat(reason, " (twice: the suite stops)",
				sizeof(reason) - strlen(reason) - 1);
		}
		last_death = death;
		died_before = true;
		lost_death |= kunit_user_death_lost();
		shared->death = last_death;
		strscpy(shared->death_reason, reason, sizeof(shared->death_reason));
		shared->death_pending = true;
	}
	ret = kunit_user_exit_code(shared->exec_err, progress, options->action);
out:
	ktap_run_free(&reader);
	ktap_names_free(&kselftest_names);
	kunit_user_restore_signals();
	sigprocmask(SIG_SETMASK, &old_mask, NULL);
	return ret;
}

/*
 * With --no-fork: the test process runs every case itself, on the
 * program's own stdout and stderr, and says its exit code in shared
 * memory before it exits.
 */
static void __noreturn kunit_user_run_alone(const struct kunit_user_options *options,
					    const sigset_t *mask)
{
	int err, code;

	setpgid(0, 0);
	kunit_user_restore_signals();
	sigprocmask(SIG_SETMASK, mask, NULL);
	runner_pid = getpid();
	kunit_procs_enter_test_process();
	results_fd = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, STDERR_FILENO + 1);
	if (results_fd < 0 || kunit_user_file_id(results_fd, &results_id)) {
		perror("kunit: standard output");
		_exit(KSFT_FAIL);
	}
	err = kunit_user_executor_run(options, &shared->progress);
	kunit_procs_end_of_run(kunit_user_case_deadline(default_timeout));
	code = kunit_user_exit_code(err, &shared->progress, options->action);
	shared->exec_err = code;
	__atomic_store_n(&shared->finished, true, __ATOMIC_RELEASE);
	/* exit(), not _exit(): LeakSanitizer's check at exit may still fail it. */
	exit(code);
}

/*
 * Waits for the test process @pid to end, reaping the orphans that end
 * meanwhile (see kunit_procs_reap()).  Returns its wait status, or -1.
 */
static int kunit_user_wait_alone(pid_t pid)
{
	siginfo_t info;
	int status;

	for (;;) {
		info.si_pid = 0;
		if (waitid(P_ALL, 0, &info, WEXITED | WNOWAIT) < 0) {
			if (errno == EINTR)
				continue;
			perror("kunit: waitid");
			kill(-pid, SIGKILL);
			return -1;
		}
		if (info.si_pid != pid) {
			if (waitpid(info.si_pid, &status, WNOHANG) == info.si_pid)
				kunit_procs_reaped(info.si_pid, status);
			continue;
		}
		/* Left unreaped, as the supervisor leaves its test processes. */
		return kunit_user_exit_status(pid);
	}
}

/*
 * --no-fork: the cases run one after another in one test process, which
 * a crash ends.  This process only waits for it: a test process that
 * ends before the run does (a case that calls exit() or _exit(), in any
 * thread) or that exits with another code than the one it said, fails
 * the program, which never ends with a plan that was not met.
 */
static int kunit_user_guard(const struct kunit_user_options *options)
{
	char reason[KUNIT_TRY_CATCH_REASON_SIZE];
	sigset_t fatal, old_mask;
	int status, ret;
	size_t i;
	pid_t pid;

	if (kunit_user_map_shared())
		return KSFT_FAIL;
	fflush(NULL);
	kunit_user_catch_signals();
	sigemptyset(&fatal);
	for (i = 0; i < ARRAY_SIZE(kunit_user_fatal_signals); i++)
		sigaddset(&fatal, kunit_user_fatal_signals[i]);
	sigprocmask(SIG_BLOCK, &fatal, &old_mask);
	pid = fork();
	if (pid == 0)
		kunit_user_run_alone(options, &old_mask);
	if (pid > 0) {
		setpgid(pid, pid);
		__atomic_store_n(&child_pgid, pid, __ATOMIC_RELEASE);
	}
	sigprocmask(SIG_SETMASK, &old_mask, NULL);
	if (pid < 0) {
		perror("kunit: fork");
		kunit_user_restore_signals();
		return KSFT_FAIL;
	}

	status = kunit_user_wait_alone(pid);
	__atomic_store_n(&child_pgid, 0, __ATOMIC_RELEASE);
	/* A test process that died leaves nothing to wait for (kunit_user_take_left()). */
	if (!__atomic_load_n(&shared->finished, __ATOMIC_ACQUIRE) || status < 0)
		kunit_procs_sweep(pid);
	kunit_user_restore_signals();

	if (!__atomic_load_n(&shared->finished, __ATOMIC_ACQUIRE)) {
		kunit_user_describe(reason, sizeof(reason), status, false, 0);
		if (__atomic_load_n(&shared->pipe_lost, __ATOMIC_ACQUIRE))
			snprintf(reason, sizeof(reason),
				 "closed or replaced descriptor %d, its copy of standard output",
				 shared->lost_fd);
		kunit_user_say("Bail out! kunit: the test process ended in the middle of the run, in suite %zu, case %zu (--no-fork): %s",
			       shared->progress.suite_index + 1, shared->progress.case_index + 1,
			       reason);
		ret = KSFT_FAIL;
	} else if (!WIFEXITED(status) || WEXITSTATUS(status) != shared->exec_err) {
		kunit_user_describe(reason, sizeof(reason), status, false, 0);
		if (*kunit_user_leak_reason && WIFEXITED(status) &&
		    WEXITSTATUS(status) == KUNIT_USER_LEAKED)
			strscpy(reason, kunit_user_leak_reason, sizeof(reason));
		kunit_user_say("Bail out! kunit: after the last suite: %s", reason);
		ret = KSFT_FAIL;
	} else {
		ret = shared->exec_err;
	}
	if (kunit_user_take_left(pid, NULL))
		ret = KSFT_FAIL;
	kunit_procs_sweep(pid);
	kunit_user_reap(pid);
	if (stdout_errno)
		ret = KSFT_FAIL;
	return ret;
}

/* The process that runs the run, for the program's own to pass signals to. */
static pid_t run_below;

static void kunit_user_pass_signal(int sig)
{
	pid_t pid = __atomic_load_n(&run_below, __ATOMIC_ACQUIRE);

	if (pid > 0)
		kill(pid, sig);
}

/*
 * The process that adopts what the cases leave (a child subreaper) must
 * have no child from before the run: a shell's job that the program got
 * across exec, and that job's own children, are no case's.  So the run
 * runs in a child of the program's process, which only passes it the
 * signals that end a run, waits for it and ends as it ended.
 */
static int kunit_user_run_below(const struct kunit_user_options *options)
{
	struct sigaction pass = { .sa_handler = kunit_user_pass_signal };
	struct sigaction saved[ARRAY_SIZE(kunit_user_fatal_signals)];
	struct sigaction reap = { .sa_handler = SIG_DFL }, saved_reap;
	sigset_t fatal, old_mask;
	int status = -1, ret;
	pid_t pid, parent;
	size_t i;

	fflush(NULL);
	/* An ignored SIGCHLD (kept across exec) would reap the run unread. */
	sigemptyset(&reap.sa_mask);
	sigaction(SIGCHLD, &reap, &saved_reap);
	parent = getpid();
	sigemptyset(&fatal);
	for (i = 0; i < ARRAY_SIZE(kunit_user_fatal_signals); i++)
		sigaddset(&fatal, kunit_user_fatal_signals[i]);
	sigprocmask(SIG_BLOCK, &fatal, &old_mask);
	pid = fork();
	if (pid == 0) {
		/* The program's process killed (SIGKILL): the run ends too. */
		prctl(PR_SET_PDEATHSIG, SIGTERM);
		if (getppid() != parent)
			raise(SIGTERM);
		sigprocmask(SIG_SETMASK, &old_mask, NULL);
		kunit_procs_adopt();
		ret = options->fork ? kunit_user_supervise(options) : kunit_user_guard(options);
		fflush(NULL);
		/* _exit(): the program's exit handlers are its own process's. */
		kunit_user_write_coverage();
		_exit(kunit_user_leaked() ? KUNIT_USER_LEAKED : ret);
	}
	if (pid < 0) {
		perror("kunit: fork");
		sigprocmask(SIG_SETMASK, &old_mask, NULL);
		sigaction(SIGCHLD, &saved_reap, NULL);
		return KSFT_FAIL;
	}
	__atomic_store_n(&run_below, pid, __ATOMIC_RELEASE);
	sigemptyset(&pass.sa_mask);
	for (i = 0; i < ARRAY_SIZE(kunit_user_fatal_signals); i++) {
		sigaction(kunit_user_fatal_signals[i], NULL, &saved[i]);
		/* One ignored from the start, as under nohup, stays ignored. */
		if (saved[i].sa_handler != SIG_IGN)
			sigaction(kunit_user_fatal_signals[i], &pass, NULL);
	}
	sigprocmask(SIG_SETMASK, &old_mask, NULL);
	while (waitpid(pid, &status, 0) < 0) {
		if (errno != EINTR) {
			/* Reaped by another (a handler of the program's): no status. */
			perror("kunit: the run's status is lost: waitpid");
			status = -1;
			break;
		}
	}
	__atomic_store_n(&run_below, 0, __ATOMIC_RELEASE);
	for (i = 0; i < ARRAY_SIZE(kunit_user_fatal_signals); i++)
		sigaction(kunit_user_fatal_signals[i], &saved[i], NULL);
	sigaction(SIGCHLD, &saved_reap, NULL);
	if (status != -1 && WIFSIGNALED(status)) {
		/* Ended by a signal, as the run was. */
		signal(WTERMSIG(status), SIG_DFL);
		raise(WTERMSIG(status));
	}
	return status != -1 && WIFEXITED(status) ? WEXITSTATUS(status) : KSFT_FAIL;
}

/**
 * kunit_user_run() - run the program's suites and return its exit code
 * @options: what to run and how.
 *
 * Return: KSFT_PASS, KSFT_FAIL or KSFT_SKIP (every result skipped, or none).
 */
int kunit_user_run(const struct kunit_user_options *options)
{
	kselftest_nesting = options->kselftest_nesting;
	default_timeout = options->timeout;
	kunit_install_hooks();
	/* What the cases fork is followed, in either mode. */
	if (kunit_procs_init())
		return KSFT_FAIL;
	return kunit_user_run_below(options);
}
