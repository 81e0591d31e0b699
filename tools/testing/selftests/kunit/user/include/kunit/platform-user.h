/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The userspace side of KUnit's seam (see <kunit/platform.h>), implemented
 * in tools/testing/selftests/kunit/user/platform.c.
 *
 * A userspace KUnit program runs its suites in a child process that a
 * supervisor watches.  A failed assertion leaves the case through
 * siglongjmp(); a case that crashes or hangs takes the child down, and the
 * supervisor starts a new child that goes on from the progress the core
 * keeps in memory shared between the two, where
 * kunit_platform_death_reason() reports the dead case as failed.
 */
#ifndef _KUNIT_PLATFORM_USER_H
#define _KUNIT_PLATFORM_USER_H

#include <linux/compiler.h>
#include <setjmp.h>
#include <stdbool.h>
#include <stddef.h>

struct kunit;
struct kunit_progress;

/*
 * Sections named like C identifiers get __start_ and __stop_ symbols from
 * the linker; weak references keep a program without suites linkable.
 */
#define KUNIT_SUITE_SECTION		"kunit_test_suites"

extern struct kunit_suite * const __start_kunit_test_suites[] __weak;
extern struct kunit_suite * const __stop_kunit_test_suites[] __weak;
#define KUNIT_BUILTIN_SUITES_START	__start_kunit_test_suites
#define KUNIT_BUILTIN_SUITES_END	__stop_kunit_test_suites

/**
 * struct kunit_platform_try_catch - userspace's way to run a case
 * @env: where kunit_try_catch_throw() returns to.
 * @armed: true while @env is valid, that is while the case runs.
 */
struct kunit_platform_try_catch {
	sigjmp_buf env;
	bool armed;
};

void kunit_platform_emit(const char *level, const char *line);

/*
 * The kernel's running task, as far as tests look at it (mainline's
 * kunit-test.c reads and sets current->kunit_test): one for the whole
 * program, whose test is the running case's.
 */
struct task_struct {
	struct kunit *kunit_test;
};

extern struct task_struct kunit_user_task;
#define current (&kunit_user_task)

struct kunit *kunit_platform_current_test(void);

/* A KUnit program runs its tests from its start. */
static inline bool kunit_platform_tests_running(void)
{
	return true;
}

void kunit_platform_set_current_test(struct kunit *test);
void kunit_platform_note_failure(struct kunit *test);

/*
 * A crash or a hang ends the test process, and the process's memory with
 * it: nothing could read where the case was, and a passing check stays
 * one compare.
 */
#define KUNIT_PLATFORM_REACHED(test, site)	((void)0)
const char *kunit_platform_death_reason(const struct kunit_progress *progress);
void kunit_platform_case_start(struct kunit *test, const struct kunit_progress *progress);
void kunit_platform_case_end(struct kunit *test, unsigned long timeout);

/*
 * A process has no record like the kernel's taint: what goes wrong in it
 * (a crash, a sanitizer's report) fails the case through its supervisor.
 */
/* A program cannot tell its read-only data from the rest: every string is copied. */
static inline bool kunit_platform_is_rodata(const void *p)
{
	return false;
}

/*
 * Of that, the program keeps the count of the warnings that no case's
 * code gave (suite_init, suite_exit), which fail their suite as in the
 * kernel; a case's own fail it at once.
 */
bool kunit_platform_new_trouble(struct kunit_trouble *seen, bool in_case, char *text,
				size_t size);
#define KUNIT_PLATFORM_RECORD	"the program's count of warnings"
#define KUNIT_PLATFORM_REPORT	"the WARNING printed"

/*
 * WARN() (<linux/bug.h> here) counts each warning, and fails the running
 * case at once unless a kunit_warning_suppress() block of its is open:
 * kunit_platform_warned().
 */
void kunit_platform_warned(const char *file, int line);
bool kunit_platform_warnings_recorded(unsigned long *count);

/* The count decides at each warning: nothing to keep. */
static inline void kunit_platform_expect_warnings(unsigned long count)
{
}

const void *kunit_platform_task(void);

/**
 * kunit_platform_adopt_suite() - note whose code a suite run on its own is
 * @suite: the suite, given to kunit_run_tests().
 * @owner: the caller's module.
 *
 * A userspace case that outlives its timeout is killed: nothing of its
 * program is freed under it, nothing to note.
 */
static inline void kunit_platform_adopt_suite(struct kunit_suite *suite, struct module *owner)
{
}

/**
 * kunit_platform_late_code_runs() - whether code given up on still runs for @tag
 * @tag: what the runs belong to (a suite).
 *
 * A userspace run that outlives its timeout is killed: none runs late.
 *
 * Return: false.
 */
static inline bool kunit_platform_late_code_runs(const void *tag)
{
	return false;
}

/*
 * A device is the stand-in of <linux/device.h>: no driver binds to it, and
 * there is no platform bus, clock framework, device tree or network stack.
 */
#define KUNIT_PLATFORM_HAS_DRIVERS		0
#define KUNIT_PLATFORM_HAS_NETWORK		0

/* kunit_vm_mmap() maps the program's own memory. */
#define KUNIT_PLATFORM_HAS_USER_MEMORY		1

/* A program has no interrupt context: kunit_run_irq_test() skips. */
#define KUNIT_PLATFORM_HAS_IRQ_CONTEXT		0

#endif /* _KUNIT_PLATFORM_USER_H */
