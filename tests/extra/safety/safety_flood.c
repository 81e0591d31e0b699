// SPDX-License-Identifier: GPL-2.0
/*
 * A case that passes but logs more than the kernel's log buffer holds (a
 * megabyte at debug level, which the console does not print): whatever
 * else went in the log meanwhile, a report included, is lost, so the
 * wrapper cannot vouch for the module.
 */
/* pr_debug() logs, whatever the kernel's dynamic debug says. */
#define DEBUG

#include <kunit/test.h>
#include <linux/module.h>
#include <linux/printk.h>

static void safety_floods_the_log(struct kunit *test)
{
	int i;

	for (i = 0; i < 10000; i++)
		pr_debug("safety_flood: line %05d of a log that outgrows the kernel's buffer ..............\n",
			 i);
	KUNIT_SUCCEED(test);
}

static struct kunit_case safety_flood_cases[] = {
	KUNIT_CASE(safety_floods_the_log),
	{}
};

static struct kunit_suite safety_flood_suite = {
	.name = "safety_flood",
	.test_cases = safety_flood_cases,
};
kunit_test_suite(safety_flood_suite);

MODULE_LICENSE("GPL");
