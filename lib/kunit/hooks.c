// SPDX-License-Identifier: GPL-2.0
/*
 * What code outside KUnit calls KUnit through (<kunit/test-bug.h>): a
 * static key that is on while KUnit is loaded, and the table of its
 * functions that KUnit fills in as it starts.  Built into the kernel even
 * when KUnit is a module, where the tree allows (CONFIG_KUNIT_HOOKS_BUILTIN),
 * so that built-in code reaches a modular KUnit.
 */
#include <kunit/test-bug.h>

#include <linux/atomic.h>
#include <linux/export.h>
#include <linux/init.h>
#include <linux/jump_label.h>
#include <linux/kobject.h>
#include <linux/sysfs.h>

#include "hooks-impl.h"

/* DEFINE_STATIC_KEY_FALSE(), spelt out so that the export follows it. */
struct static_key_false kunit_running = STATIC_KEY_FALSE_INIT;
EXPORT_SYMBOL(kunit_running);	/* As 6.12: modules of any licence may test it. */

struct kunit_hooks_table kunit_hooks;
EXPORT_SYMBOL(kunit_hooks);

/*
 * The warnings that KUnit's tests expected (kunit_warning_suppress()),
 * which the kernel's warn_count holds too: kept here, built into the
 * kernel where the tree allows, so that the count outlives kunit.ko as
 * the kernel's own count does.  Readable as
 * /sys/kernel/kunit_expected_warnings, beside warn_count, for the
 * kselftest wrapper and make run, which subtract them.
 */
atomic_long_t kunit_expected_warnings = ATOMIC_LONG_INIT(0);
EXPORT_SYMBOL_GPL(kunit_expected_warnings);

static ssize_t kunit_expected_warnings_show(struct kobject *kobj, struct kobj_attribute *attr,
					    char *page)
{
	return sysfs_emit(page, "%ld\n", atomic_long_read(&kunit_expected_warnings));
}

static struct kobj_attribute kunit_expected_warnings_attr =
	__ATTR(kunit_expected_warnings, 0444, kunit_expected_warnings_show, NULL);

/**
 * kunit_show_expected_warnings() - make /sys/kernel/kunit_expected_warnings
 *
 * Return: 0, or an error from sysfs.
 */
int kunit_show_expected_warnings(void)
{
	return kernel_kobj ? sysfs_create_file(kernel_kobj, &kunit_expected_warnings_attr.attr) :
			     -ENODEV;
}

/**
 * kunit_hide_expected_warnings() - remove /sys/kernel/kunit_expected_warnings
 */
void kunit_hide_expected_warnings(void)
{
	if (kernel_kobj)
		sysfs_remove_file(kernel_kobj, &kunit_expected_warnings_attr.attr);
}

#ifdef CONFIG_KUNIT_HOOKS_BUILTIN
/* Built in: the file lasts as long as the kernel, whether kunit.ko comes and goes. */
static int __init kunit_hooks_setup(void)
{
	if (kunit_show_expected_warnings())
		pr_warn("kunit: cannot make /sys/kernel/kunit_expected_warnings\n");
	return 0;
}
late_initcall(kunit_hooks_setup);
#endif
