/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Making static functions reachable from their KUnit tests.
 *
 * Mark a function VISIBLE_IF_KUNIT instead of static and export it with
 * EXPORT_SYMBOL_IF_KUNIT(): with KUnit enabled it is global and exported
 * to the EXPORTED_FOR_KUNIT_TESTING namespace, which a test module imports
 * with MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING) up to Linux 6.12, and
 * with MODULE_IMPORT_NS("EXPORTED_FOR_KUNIT_TESTING") from 6.13 on, as the
 * tree's <linux/module.h> wants it (CONFIG_KUNIT_NAMESPACE_IS_STRING says
 * which); without KUnit it stays static and unexported.
 */
#ifndef KUNIT_VISIBILITY_H
#define KUNIT_VISIBILITY_H

#include <linux/export.h>
#include <linux/kconfig.h>

#if IS_ENABLED(CONFIG_KUNIT)
/**
 * VISIBLE_IF_KUNIT - "static", unless KUnit is enabled
 *
 * Written where a function would say static, so that its tests can call it
 * when CONFIG_KUNIT is on.
 */
#define VISIBLE_IF_KUNIT
/**
 * EXPORT_SYMBOL_IF_KUNIT() - export a symbol to test modules only
 * @symbol: the function or variable.
 *
 * With KUnit enabled, exports @symbol to the EXPORTED_FOR_KUNIT_TESTING
 * namespace, which a test module imports; otherwise does nothing.
 */
#if IS_ENABLED(CONFIG_KUNIT_NAMESPACE_IS_STRING)
/* Linux 6.13 on: a namespace is a string literal, imported as one. */
#define EXPORT_SYMBOL_IF_KUNIT(symbol)					\
	EXPORT_SYMBOL_NS(symbol, "EXPORTED_FOR_KUNIT_TESTING")
#else
/* Up to 6.12, the tree's macros make the namespace a string themselves. */
#define EXPORT_SYMBOL_IF_KUNIT(symbol)					\
	EXPORT_SYMBOL_NS(symbol, EXPORTED_FOR_KUNIT_TESTING)
#endif
#else
#define VISIBLE_IF_KUNIT static
/* Not exported at all. */
#define EXPORT_SYMBOL_IF_KUNIT(symbol)
#endif

#endif /* KUNIT_VISIBILITY_H */
