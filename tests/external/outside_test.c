// SPDX-License-Identifier: GPL-2.0
/*
 * A suite as someone outside the project writes it, to build with
 * scripts/kunit-cc from anywhere: parameters, the kernel types and helpers
 * a test commonly uses, a case that dereferences NULL, and cases after it.
 */
#include <kunit/test.h>

#include <linux/err.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>

struct range {
	int low, high;
};

static const struct range ranges[] = {
	{ 1, 2 },
	{ 3, 4 },
	{ 5, 5 },
};

static void range_desc(const struct range *range, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%d..%d", range->low, range->high);
}

KUNIT_ARRAY_PARAM(ranges, ranges, range_desc);

static void ordered_test(struct kunit *test)
{
	const struct range *range = test->param_value;

	KUNIT_EXPECT_LT(test, range->low, range->high);
}

static void kernel_helpers_test(struct kunit *test)
{
	u8 byte = U8_MAX;
	s64 lowest = S64_MIN;
	void *error = ERR_PTR(-ENOMEM);
	char *copy = kmalloc(8, GFP_KERNEL);
	char text[8];

	KUNIT_ASSERT_NOT_NULL(test, copy);
	KUNIT_EXPECT_EQ(test, byte, 255);
	KUNIT_EXPECT_LT(test, lowest, 0);
	KUNIT_EXPECT_EQ(test, ARRAY_SIZE(ranges), 3);
	KUNIT_EXPECT_TRUE(test, IS_ERR(error));
	KUNIT_EXPECT_EQ(test, PTR_ERR(error), -ENOMEM);
	KUNIT_EXPECT_EQ(test, min(3, 4), 3);
	KUNIT_EXPECT_EQ(test, max(3, 4), 4);
	snprintf(text, sizeof(text), "%d", 42);
	KUNIT_EXPECT_STREQ(test, text, "42");
	KUNIT_EXPECT_EQ(test, strlen(text), 2);
	KUNIT_EXPECT_EQ(test, strcmp(text, "42"), 0);
	KUNIT_EXPECT_EQ(test, memcmp(text, "42", 2), 0);
	kfree(copy);
}

static void null_dereference_test(struct kunit *test)
{
	/* test->priv is NULL here; the compiler cannot know. */
	int *nowhere = test->priv;

	WRITE_ONCE(*nowhere, 1);
}

static void after_crash_test(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, 2 + 2, 4);
}

static void skipped_test(struct kunit *test)
{
	kunit_skip(test, "not on this machine");
}

static struct kunit_case outside_cases[] = {
	KUNIT_CASE_PARAM(ordered_test, ranges_gen_params),
	KUNIT_CASE(kernel_helpers_test),
	KUNIT_CASE(null_dereference_test),
	KUNIT_CASE(after_crash_test),
	KUNIT_CASE(skipped_test),
	{}
};

static struct kunit_suite outside_suite = {
	.name = "outside",
	.test_cases = outside_cases,
};

kunit_test_suite(outside_suite);
