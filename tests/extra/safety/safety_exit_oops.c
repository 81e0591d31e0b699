// SPDX-License-Identifier: GPL-2.0
/*
 * A test module whose module_exit dereferences NULL: its one case passes,
 * the unload dies, and the kselftest wrapper must fail the module.
 */
#include <kunit/test.h>
#include <linux/module.h>

static int *safety_nowhere;

static void safety_exit_case_passes(struct kunit *test)
{
	KUNIT_EXPECT_TRUE(test, true);
}

static struct kunit_case safety_exit_cases[] = {
	KUNIT_CASE(safety_exit_case_passes),
	{}
};

static struct kunit_suite safety_exit_suite = {
	.name = "safety_exit_oops",
	.test_cases = safety_exit_cases,
};
kunit_test_suite(safety_exit_suite);

static void __exit safety_exit(void)
{
	WRITE_ONCE(*safety_nowhere, 1);
}
module_exit(safety_exit);

MODULE_LICENSE("GPL");
