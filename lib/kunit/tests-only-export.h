/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Exports that only KUnit's own suites (kunit-test.c and the like) use.
 *
 * A test module has no use for KUnit's internals (the string_stream, the
 * executor's filter, a suite's results), but KUnit's own suites test
 * them, from modules of their own when CONFIG_KUNIT_TEST=m.  So they are
 * exported, to the KUNIT_INTERNALS namespace that those suites import,
 * only when CONFIG_KUNIT_TEST is on: kunit.ko carries no symbol table
 * entries that nothing loads against.
 */
#ifndef _KUNIT_TESTS_ONLY_EXPORT_H
#define _KUNIT_TESTS_ONLY_EXPORT_H

#include <kunit/visibility.h>
#include <linux/export.h>
#include <linux/kconfig.h>

#if IS_ENABLED(CONFIG_KUNIT_TEST)
/**
 * EXPORT_SYMBOL_FOR_KUNIT_TESTS() - export a symbol to KUnit's own suites
 * @symbol: the function.
 *
 * Exports @symbol to the KUNIT_INTERNALS namespace when KUnit's own suites
 * are built; otherwise does nothing.
 */
#define EXPORT_SYMBOL_FOR_KUNIT_TESTS(symbol)				\
	EXPORT_SYMBOL_NS_GPL(symbol, KUNIT_NAMESPACE(KUNIT_INTERNALS))
#else
#define EXPORT_SYMBOL_FOR_KUNIT_TESTS(symbol)
#endif

#endif /* _KUNIT_TESTS_ONLY_EXPORT_H */
