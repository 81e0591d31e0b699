// SPDX-License-Identifier: GPL-2.0
/*
 * Loaded by safety_nest's case, and by the wrapper on its own: a suite
 * that passes and says on the console that it ran, and takes two seconds,
 * in which tests/guest/safety.sh tries its debugfs files.
 */
#include <kunit/test.h>
#include <linux/delay.h>
#include <linux/module.h>
#include <linux/printk.h>

static void safety_inner_runs(struct kunit *test)
{
	pr_info("safety_nest_inner: its case ran\n");
	msleep(2000);
	KUNIT_SUCCEED(test);
}

static struct kunit_case safety_inner_cases[] = {
	KUNIT_CASE(safety_inner_runs),
	{}
};

static struct kunit_suite safety_inner_suite = {
	.name = "safety_nest_inner",
	.test_cases = safety_inner_cases,
};
kunit_test_suite(safety_inner_suite);

MODULE_LICENSE("GPL");
