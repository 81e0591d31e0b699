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

/**
 * KUNIT_NAMESPACE() - a symbol namespace, spelled as the kernel tree wants it
 * @name: the namespace, a bare name.
 *
 * A string literal from Linux 6.13 on; the bare name up to 6.12, whose
 * EXPORT_SYMBOL_NS() and MODULE_IMPORT_NS() make it a string themselves.
 * CONFIG_KUNIT_NAMESPACE_IS_STRING says which the tree is.  A test module
 * that must build on both imports with
 * ``MODULE_IMPORT_NS(KUNIT_NAMESPACE(EXPORTED_FOR_KUNIT_TESTING))``.
 */
#if IS_ENABLED(CONFIG_KUNIT_NAMESPACE_IS_STRING)
#define KUNIT_NAMESPACE(name)	#name
#else
#define KUNIT_NAMESPACE(name)	name
#endif

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
#define EXPORT_SYMBOL_IF_KUNIT(symbol)					\
	EXPORT_SYMBOL_NS(symbol, KUNIT_NAMESPACE(EXPORTED_FOR_KUNIT_TESTING))
#else
#define VISIBLE_IF_KUNIT static
/* Not exported at all. */
#define EXPORT_SYMBOL_IF_KUNIT(symbol)
#endif

#endif /* KUNIT_VISIBILITY_H */
