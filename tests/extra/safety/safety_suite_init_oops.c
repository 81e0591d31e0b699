// SPDX-License-Identifier: GPL-2.0
/*
 * A suite whose suite_init dereferences NULL.  Run in the task that loads
 * the module, it would kill modprobe while it holds KUnit's run lock, and
 * no later module's suites would ever run.  The suite fails; the modules
 * after it run.
 */
#include <kunit/test.h>
#include <linux/module.h>

static int *safety_nowhere;

static int safety_suite_init(struct kunit_suite *suite)
{
	WRITE_ONCE(*safety_nowhere, 1);
	return 0;
}

static void safety_never_runs(struct kunit *test)
{
	KUNIT_FAIL(test, "a suite whose suite_init crashed has no case to run");
}

static struct kunit_case safety_suite_init_cases[] = {
	KUNIT_CASE(safety_never_runs),
	{}
};

static struct kunit_suite safety_suite_init_suite = {
	.name = "safety_suite_init_oops",
	.suite_init = safety_suite_init,
	.test_cases = safety_suite_init_cases,
};
kunit_test_suite(safety_suite_init_suite);

MODULE_LICENSE("GPL");
