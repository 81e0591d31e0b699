// SPDX-License-Identifier: GPL-2.0
/*
 * A case that outlives its one-second limit by half a second, whose exit
 * function fails an assertion: the exit runs once, in the late thread's
 * clean-up, and the thread's end still lets go of the module, which then
 * unloads.
 */
#include <kunit/test.h>
#include <linux/delay.h>
#include <linux/module.h>
#include <linux/printk.h>

static void hang_exit_sleeps_past_limit(struct kunit *test)
{
	msleep(1500);
}

static void hang_exit_asserts(struct kunit *test)
{
	pr_info("hang_exit: exit ran\n");
	KUNIT_ASSERT_EQ(test, 1, 2);
}

static struct kunit_case hang_exit_cases[] = {
	KUNIT_CASE(hang_exit_sleeps_past_limit),
	{}
};

static struct kunit_suite hang_exit_suite = {
	.name = "extra-exit-asserts",
	.timeout = 1,
	.exit = hang_exit_asserts,
	.test_cases = hang_exit_cases,
};

kunit_test_suite(hang_exit_suite);

MODULE_DESCRIPTION("A late case whose exit function fails an assertion");
MODULE_LICENSE("GPL");
