/* SPDX-License-Identifier: GPL-2.0 */
/*
 * KUnit for code that has no &struct kunit at hand: the code under test,
 * a sanitizer's report, a WARN.  It finds the test the running task
 * serves, and fails it, through a table of hooks that KUnit fills in when
 * it starts: code built into the kernel reaches a KUnit built as a module
 * that way.
 */
#ifndef _KUNIT_CURRENT_TEST_H
#define _KUNIT_CURRENT_TEST_H

#include <linux/kconfig.h>
#include <linux/printk.h>

struct kunit;

/*
 * Whether the hooks can be reached from here: with KUnit built in, or
 * with its hooks built in (Kbuild links lib/kunit/hooks.o into the kernel
 * when the tree's lib/Makefile enters lib/kunit for built-in objects, as
 * since 6.3), or from a module, which may link against kunit.ko.
 */
#if IS_BUILTIN(CONFIG_KUNIT) || (IS_MODULE(CONFIG_KUNIT) && \
	(IS_ENABLED(CONFIG_KUNIT_HOOKS_BUILTIN) || defined(MODULE)))

#include <kunit/platform.h>

/* For <kunit/static_stub.h>: the hooks can be called from here. */
#define __KUNIT_HOOKS_REACHABLE	1

/**
 * struct kunit_hooks_table - KUnit's functions, for code that cannot link to them
 * @fail_current_test: fails the running test, see kunit_fail_current_test().
 * @get_static_stub_address: the replacement that a test set for a
 *			     function, see KUNIT_STATIC_STUB_REDIRECT().
 *
 * Empty until KUnit starts, and again once it is gone: callers check
 * kunit_platform_tests_running() first.
 */
extern struct kunit_hooks_table {
	__printf(3, 4) void (*fail_current_test)(const char *file, int line,
						 const char *fmt, ...);
	void *(*get_static_stub_address)(struct kunit *test, void *real_fn_addr);
} kunit_hooks;

/**
 * kunit_get_current_test() - the test that the running task serves
 *
 * Return: its &struct kunit, or NULL outside a test case (and whenever
 * KUnit is not running).
 */
static inline struct kunit *kunit_get_current_test(void)
{
	if (!kunit_platform_tests_running())
		return NULL;
	return kunit_platform_current_test();
}

/**
 * kunit_fail_current_test() - fail the test case the caller runs in
 * @fmt: printf-style reason.
 * @...: arguments for @fmt.
 *
 * Does nothing outside a test case.
 */
#define kunit_fail_current_test(fmt, ...) do {					\
		if (kunit_platform_tests_running() && kunit_hooks.fail_current_test) \
			kunit_hooks.fail_current_test(__FILE__, __LINE__,	\
						      fmt, ##__VA_ARGS__);	\
	} while (0)

#else

static inline struct kunit *kunit_get_current_test(void)
{
	return NULL;
}

#define kunit_fail_current_test(fmt, ...) no_printk(fmt, ##__VA_ARGS__)

#endif

#endif /* _KUNIT_CURRENT_TEST_H */
