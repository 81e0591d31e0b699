// SPDX-License-Identifier: GPL-2.0
/*
 * A module that runs a suite itself, with kunit_run_tests() from its init
 * function, and no suite registered: its case outlives its one-second
 * timeout, and the init function then fails.  The module must not be
 * freed under the case, which returns into this module's code two
 * seconds later.  A second suite is run through a pointer to
 * kunit_run_tests(), which cannot tell its caller's module (KUnit finds it
 * from the suite's address).  Not a test
 * module for the wrapper (no kunit_test_suite()): tests/guest/safety.sh
 * loads it.
 */
#include <kunit/test.h>
#include <linux/delay.h>
#include <linux/kmod.h>
#include <linux/module.h>
#include <linux/printk.h>

static noinline void safety_late_note(void)
{
	pr_info("safety_run_tests_late: the late case returned\n");
}

static void safety_sleeps_past_timeout(struct kunit *test)
{
	msleep(3000);
	safety_late_note();
}

static struct kunit_case safety_run_tests_cases[] = {
	KUNIT_CASE(safety_sleeps_past_timeout),
	{}
};

static struct kunit_suite safety_run_tests_suite = {
	.name = "safety_run_tests_late",
	.timeout = 1,
	.test_cases = safety_run_tests_cases,
};

/*
 * Late, it loads another test module: that module's load must not wait
 * for this case, which waits for it.
 */
static void safety_late_through_pointer(struct kunit *test)
{
	int err;

	msleep(3000);
	err = request_module("safety_nest_inner");
	pr_info("safety_run_tests_late: the late case run through a pointer returned, request_module() gave %d\n",
		err);
}

static struct kunit_case safety_pointer_cases[] = {
	KUNIT_CASE(safety_late_through_pointer),
	{}
};

/* Run by the function itself, which cannot know its caller's module. */
static struct kunit_suite safety_pointer_suite = {
	.name = "safety_run_tests_pointer",
	.timeout = 1,
	.test_cases = safety_pointer_cases,
};

static int __init safety_run_tests_init(void)
{
	int (*run_tests)(struct kunit_suite *suite) = kunit_run_tests;

	kunit_run_tests(&safety_run_tests_suite);
	run_tests(&safety_pointer_suite);
	return -ENODEV;
}
module_init(safety_run_tests_init);

MODULE_LICENSE("GPL");
