// SPDX-License-Identifier: GPL-2.0
/*
 * The first example of the original KUnit documentation, in its original
 * API: a &struct kunit_module registered with module_test().  One case
 * fails on purpose, to show what a failure looks like.
 *
 * In the documentation, misc_example_add() lived in drivers/misc/example.c;
 * it is here to keep the sample in one file.
 */
#include <kunit/test.h>

#include <linux/kernel.h>

static int misc_example_add(int left, int right)
{
	return left + right;
}

static void misc_example_add_test_basic(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, 1, misc_example_add(1, 0));
	KUNIT_EXPECT_EQ(test, 2, misc_example_add(1, 1));
	KUNIT_EXPECT_EQ(test, 0, misc_example_add(-1, 1));
	KUNIT_EXPECT_EQ(test, INT_MAX, misc_example_add(0, INT_MAX));
	KUNIT_EXPECT_EQ(test, -1, misc_example_add(INT_MAX, INT_MIN));
}

static void misc_example_test_failure(struct kunit *test)
{
	KUNIT_FAIL(test, "This test never passes.");
}

static struct kunit_case misc_example_test_cases[] = {
	KUNIT_CASE(misc_example_add_test_basic),
	KUNIT_CASE(misc_example_test_failure),
	{}
};

static struct kunit_module misc_example_test_module = {
	.name = "misc-example",
	.test_cases = misc_example_test_cases,
};
module_test(misc_example_test_module);

MODULE_LICENSE("GPL v2");
