/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Failing the running KUnit test from code that has no &struct kunit at
 * hand: a sanitizer report, a WARN in the code under test.
 */
#ifndef _KUNIT_TEST_BUG_H
#define _KUNIT_TEST_BUG_H

#include <linux/compiler.h>
#include <linux/kconfig.h>

/**
 * kunit_fail_current_test() - fail the test case the caller runs in
 * @fmt: printf-style reason.
 * @...: arguments for @fmt.
 *
 * Does nothing outside a test case, and without built-in KUnit.
 */
#define kunit_fail_current_test(fmt, ...)				\
	__kunit_fail_current_test(__FILE__, __LINE__, fmt, ##__VA_ARGS__)

#if IS_BUILTIN(CONFIG_KUNIT)

void __printf(3, 4) __kunit_fail_current_test(const char *file, int line,
					      const char *fmt, ...);

#else

static inline __printf(3, 4) void __kunit_fail_current_test(const char *file, int line,
							    const char *fmt, ...)
{
}

#endif

#endif /* _KUNIT_TEST_BUG_H */
