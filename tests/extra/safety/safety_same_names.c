// SPDX-License-Identifier: GPL-2.0
/*
 * Two suites of one name in one module, the second failing: both run and
 * report, the second as safety_same-2, and its failure fails the module.
 */
#include <kunit/test.h>
#include <linux/module.h>

static void safety_same_passes(struct kunit *test)
{
	KUNIT_EXPECT_TRUE(test, true);
}

static void safety_same_fails(struct kunit *test)
{
	KUNIT_EXPECT_TRUE(test, false);
}

static struct kunit_case safety_same_first_cases[] = {
	KUNIT_CASE(safety_same_passes),
	{}
};

static struct kunit_case safety_same_second_cases[] = {
	KUNIT_CASE(safety_same_fails),
	{}
};

static struct kunit_suite safety_same_first = {
	.name = "safety_same",
	.test_cases = safety_same_first_cases,
};

static struct kunit_suite safety_same_second = {
	.name = "safety_same",
	.test_cases = safety_same_second_cases,
};
kunit_test_suites(&safety_same_first, &safety_same_second);

MODULE_LICENSE("GPL");
