// SPDX-License-Identifier: GPL-2.0
/*
 * A case that loads another KUnit test module, as a test of a driver's
 * firmware or helper loading may: the other module's suites run while
 * this case waits in request_module(), which must return, as in stock
 * KUnit, rather than wait for this run to end.  Only once load_inner is
 * set, in /sys/module (tests/guest/safety.sh, which runs the suite again
 * from debugfs): the other module's KTAP document comes in the middle of
 * this one on the console, which no reader of the console untangles, so
 * the wrapper's own load of this module leaves it out.
 */
#include <kunit/test.h>
#include <linux/kmod.h>
#include <linux/module.h>
#include <linux/moduleparam.h>

static bool load_inner;
module_param(load_inner, bool, 0644);

static void safety_loads_a_test_module(struct kunit *test)
{
	if (!load_inner)
		kunit_skip(test, "load_inner=0");
	KUNIT_EXPECT_EQ(test, request_module("safety_nest_inner"), 0);
}

static struct kunit_case safety_nest_cases[] = {
	KUNIT_CASE_TIMEOUT(safety_loads_a_test_module, 30),
	{}
};

static struct kunit_suite safety_nest_suite = {
	.name = "safety_nest",
	.test_cases = safety_nest_cases,
};
kunit_test_suite(safety_nest_suite);

MODULE_LICENSE("GPL");
