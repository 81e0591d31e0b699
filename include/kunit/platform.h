/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The seam between the kernel and userspace builds of KUnit.
 *
 * The shared core (lib/kunit: test.c, assert.c, resource.c, string-stream.c,
 * kunit-stream.c, executor.c) is written against the kernel's own API:
 * kmalloc(), spinlock_t, struct list_head, struct kref, vsnprintf() and
 * glob_match().  In userspace, the headers under
 * tools/testing/selftests/kunit/user/include supply that API on top of the
 * C library.  The few services that the kernel API cannot express are
 * declared here, once for each world:
 *
 *  - where a finished line of output goes: kunit_platform_emit();
 *  - which test the running code belongs to: kunit_platform_current_test()
 *    and kunit_platform_set_current_test(), and whether KUnit runs at all:
 *    kunit_platform_tests_running();
 *  - how a failure reaches the case from wherever it happened:
 *    kunit_platform_note_failure();
 *  - how a case runs and how a failed assertion stops it: the members of
 *    struct kunit_platform_try_catch, used by kunit_try_catch_run() and
 *    kunit_try_catch_throw() (see <kunit/try-catch.h>);
 *  - where kunit_test_suites() puts its suites, and where they start and
 *    end: KUNIT_SUITE_SECTION, KUNIT_BUILTIN_SUITES_START/_END (not
 *    defined where there are none);
 *  - why an earlier run died where the executor stands, for a platform
 *    that starts a new run where a dead one stopped:
 *    kunit_platform_death_reason();
 *  - what a case started beside its own code, which its result waits for:
 *    kunit_platform_case_start() and kunit_platform_case_end();
 *  - whether the platform's own record says something went wrong since
 *    the core last looked: kunit_platform_new_trouble(), into a
 *    &struct kunit_trouble;
 *  - how many warnings the platform counted, and which of them KUnit
 *    expected (kunit_warning_suppress()): kunit_platform_warnings_recorded()
 *    and kunit_platform_expect_warnings(); and which task runs:
 *    kunit_platform_task();
 *  - whether a string lasts as long as the program: kunit_platform_is_rodata();
 *  - what a check that passes notes of where it is: KUNIT_PLATFORM_REACHED();
 *  - how long a case may run unless it or its suite says otherwise:
 *    kunit_platform_default_timeout();
 *  - whether there are a driver model (devices, drivers, platform bus,
 *    clocks, device tree) and a network stack for tests to use:
 *    KUNIT_PLATFORM_HAS_DRIVERS and KUNIT_PLATFORM_HAS_NETWORK;
 *  - whether a test can map user memory (kunit_vm_mmap()):
 *    KUNIT_PLATFORM_HAS_USER_MEMORY;
 *  - whether code can run in hardirq and softirq context
 *    (kunit_run_irq_test()): KUNIT_PLATFORM_HAS_IRQ_CONTEXT.
 *
 * This is the only file of KUnit's core that tests __KERNEL__.
 */
#ifndef _KUNIT_PLATFORM_H
#define _KUNIT_PLATFORM_H

struct kunit;
struct kunit_progress;
struct kunit_suite;
struct module;

/**
 * struct kunit_trouble - what the platform's record of trouble held when looked at
 * @taints: the kernel's trouble flags (see lib/kunit/kernel.c).
 * @warnings: the platform's count of warnings.
 * @expected: how many of them KUnit expected (kunit_platform_expect_warnings()).
 */
struct kunit_trouble {
	unsigned long taints;
	unsigned long warnings;
	unsigned long expected;
};

#ifdef __KERNEL__

#include <linux/jump_label.h>
#include <linux/printk.h>
#include <linux/sched.h>

/* The section that vmlinux.lds.h collects and that the module loader reads. */
#define KUNIT_SUITE_SECTION		".kunit_test_suites"

#if IS_BUILTIN(CONFIG_KUNIT)
extern struct kunit_suite * const __kunit_suites_start[];
extern struct kunit_suite * const __kunit_suites_end[];
#define KUNIT_BUILTIN_SUITES_START	__kunit_suites_start
#define KUNIT_BUILTIN_SUITES_END	__kunit_suites_end
#endif
/*
 * kunit.ko has no built-in suites (with KUNIT=m every suite is a module's),
 * hence no KUNIT_BUILTIN_SUITES_START: the executor leaves out their run.
 */

struct kunit_worker;

/**
 * struct kunit_platform_try_catch - the kernel's way to run a case
 * @worker: the kernel thread that runs the case (see lib/kunit/try-catch.c).
 */
struct kunit_platform_try_catch {
	struct kunit_worker *worker;
};

void kunit_platform_emit(const char *level, const char *line);

/**
 * kunit_platform_current_test() - the test that the running task serves
 *
 * Return: the &struct kunit set by kunit_platform_set_current_test(), or
 * NULL outside a test case.
 */
static inline struct kunit *kunit_platform_current_test(void)
{
	return current->kunit_test;
}

/* On while KUnit is loaded: kunit_get_current_test() costs a nop without. */
DECLARE_STATIC_KEY_FALSE(kunit_running);

/**
 * kunit_platform_tests_running() - whether KUnit may be running tests now
 *
 * Return: true from KUnit's start to its end (see lib/kunit/hooks.c).
 */
static inline bool kunit_platform_tests_running(void)
{
	return static_branch_unlikely(&kunit_running);
}

/**
 * kunit_platform_set_current_test() - mark the running task as serving a test
 * @test: the test, or NULL when the case is over.
 */
static inline void kunit_platform_set_current_test(struct kunit *test)
{
	current->kunit_test = test;
}

/*
 * A check of @test, at @site, is reached: the report of a crash or a hang
 * that follows names it (kunit_report_stop()).  One store, on the path of
 * every check that passes.
 */
#define KUNIT_PLATFORM_REACHED(test, site)	WRITE_ONCE((test)->last_check, (site))

/**
 * kunit_platform_note_failure() - a check of @test failed in the running task
 * @test: the test.
 *
 * The kernel's threads share @test, whose status says it all: nothing
 * more to do.
 */
static inline void kunit_platform_note_failure(struct kunit *test)
{
}

/**
 * kunit_platform_death_reason() - why an earlier run died at this point
 * @progress: where the executor stands: a suite or a case starting.
 *
 * A kernel that dies does not start again where it stopped.
 *
 * Return: NULL.
 */
static inline const char *kunit_platform_death_reason(const struct kunit_progress *progress)
{
	return NULL;
}

/**
 * kunit_platform_case_start() - a case (init, body and exit) starts
 * @test: its test.
 * @progress: where the executor stands.
 *
 * The kernel follows nothing a case starts here: nothing to do.
 */
static inline void kunit_platform_case_start(struct kunit *test,
					     const struct kunit_progress *progress)
{
}

/**
 * kunit_platform_case_end() - a case's code, its exit included, is over
 * @test: its test, which fails for what the case started.
 * @timeout: the case's timeout in seconds, 0 for the default.
 *
 * Nothing to do in the kernel.
 */
static inline void kunit_platform_case_end(struct kunit *test, unsigned long timeout)
{
}

bool kunit_platform_new_trouble(struct kunit_trouble *seen, bool in_case, char *text,
				size_t size);

/* What kunit_platform_new_trouble() reads, and where what it found is told. */
#define KUNIT_PLATFORM_RECORD	"the kernel's record"
#define KUNIT_PLATFORM_REPORT	"the kernel's report"

bool kunit_platform_warnings_recorded(unsigned long *count);

void kunit_platform_expect_warnings(unsigned long count);

/* Which task runs: kunit_has_active_suppress_warning() matches it. */
#define kunit_platform_task()	((const void *)current)

bool kunit_platform_is_rodata(const void *p);

void kunit_platform_adopt_suite(struct kunit_suite *suite, struct module *owner);

bool kunit_platform_late_code_runs(const void *tag);

/*
 * Devices have drivers to bind (see <kunit/device.h>, platform_device.h,
 * clk.h, of.h), and there are socket buffers (<kunit/skbuff.h>).
 */
#define KUNIT_PLATFORM_HAS_DRIVERS		1
#define KUNIT_PLATFORM_HAS_NETWORK		1

/* kunit_vm_mmap() is built (lib/kunit/Kconfig, KUNIT_USER_ALLOC). */
#define KUNIT_PLATFORM_HAS_USER_MEMORY		IS_ENABLED(CONFIG_KUNIT_USER_ALLOC)

/* Hardirq and softirq context, for kunit_run_irq_test(). */
#define KUNIT_PLATFORM_HAS_IRQ_CONTEXT		1

int kunit_bus_init(void);
void kunit_bus_shutdown(void);

#else /* !__KERNEL__ */

#include <kunit/platform-user.h>

#endif /* __KERNEL__ */

unsigned long kunit_platform_default_timeout(void);

#endif /* _KUNIT_PLATFORM_H */
