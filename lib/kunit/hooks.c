// SPDX-License-Identifier: GPL-2.0
/*
 * What code outside KUnit calls KUnit through (<kunit/test-bug.h>): a
 * static key that is on while KUnit is loaded, and the table of its
 * functions that KUnit fills in as it starts.  Built into the kernel even
 * when KUnit is a module, where the tree allows (CONFIG_KUNIT_HOOKS_BUILTIN),
 * so that built-in code reaches a modular KUnit.
 */
#include <kunit/test-bug.h>

#include <linux/export.h>
#include <linux/jump_label.h>

/* DEFINE_STATIC_KEY_FALSE(), spelt out so that the export follows it. */
struct static_key_false kunit_running = STATIC_KEY_FALSE_INIT;
EXPORT_SYMBOL(kunit_running);	/* As 6.12: modules of any licence may test it. */

struct kunit_hooks_table kunit_hooks;
EXPORT_SYMBOL(kunit_hooks);
