// SPDX-License-Identifier: GPL-2.0
/*
 * An example KUnit suite: a tour of what a test file can use.  Every case
 * passes or is skipped; the same file runs in the kernel and, built with
 * scripts/kunit-cc, as a userspace program.
 */
#include <kunit/resource.h>
#include <kunit/test.h>

#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>

/* The code under test: a bounded stack of integers. */
struct int_stack {
	int *items;
	size_t depth;
	size_t capacity;
};

static int int_stack_push(struct int_stack *stack, int value)
{
	if (stack->depth == stack->capacity)
		return -ENOSPC;
	stack->items[stack->depth++] = value;
	return 0;
}

static int int_stack_pop(struct int_stack *stack, int *value)
{
	if (!stack->depth)
		return -ENODATA;
	*value = stack->items[--stack->depth];
	return 0;
}

/* Runs before every case: each case gets a fresh stack in test->priv. */
static int example_init(struct kunit *test)
{
	struct int_stack *stack = kunit_kzalloc(test, sizeof(*stack), GFP_KERNEL);

	if (!stack)
		return -ENOMEM;
	stack->capacity = 4;
	stack->items = kunit_kcalloc(test, stack->capacity, sizeof(int), GFP_KERNEL);
	if (!stack->items)
		return -ENOMEM;
	test->priv = stack;
	return 0;
}

/* Expectations: a failed one fails the case and lets it go on. */
static void example_push_pop_test(struct kunit *test)
{
	struct int_stack *stack = test->priv;
	int value = 0;

	KUNIT_EXPECT_EQ(test, int_stack_push(stack, 1), 0);
	KUNIT_EXPECT_EQ(test, int_stack_push(stack, 2), 0);
	KUNIT_EXPECT_EQ(test, stack->depth, 2);
	KUNIT_EXPECT_EQ(test, int_stack_pop(stack, &value), 0);
	KUNIT_EXPECT_EQ(test, value, 2);
}

/* Assertions: a failed one ends the case, so what follows may rely on it. */
static void example_full_stack_test(struct kunit *test)
{
	struct int_stack *stack = test->priv;
	int i;

	for (i = 0; i < 4; i++)
		KUNIT_ASSERT_EQ(test, int_stack_push(stack, i), 0);
	KUNIT_EXPECT_EQ(test, int_stack_push(stack, 4), -ENOSPC);
	KUNIT_EXPECT_EQ_MSG(test, stack->depth, 4, "a full stack must not grow");
}

static void example_empty_stack_test(struct kunit *test)
{
	struct int_stack *stack = test->priv;
	int value = 42;

	KUNIT_EXPECT_EQ(test, int_stack_pop(stack, &value), -ENODATA);
	KUNIT_EXPECT_EQ(test, value, 42);
}

/* Every family of checks, passing. */
static void example_all_checks_test(struct kunit *test)
{
	const char *name = "kunit";
	u8 bytes[] = { 0xde, 0xad };
	void *memory = kunit_kmalloc(test, 16, GFP_KERNEL);

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, memory);
	KUNIT_EXPECT_TRUE(test, strlen(name) == 5);
	KUNIT_EXPECT_FALSE(test, IS_ERR(memory));
	KUNIT_EXPECT_NE(test, 1, 2);
	KUNIT_EXPECT_LT(test, 1, 2);
	KUNIT_EXPECT_LE(test, 2, 2);
	KUNIT_EXPECT_GT(test, 3, 2);
	KUNIT_EXPECT_GE(test, 3, 3);
	KUNIT_EXPECT_PTR_EQ(test, memory, memory);
	KUNIT_EXPECT_PTR_NE(test, memory, (void *)name);
	KUNIT_EXPECT_NULL(test, NULL);
	KUNIT_EXPECT_NOT_NULL(test, memory);
	KUNIT_EXPECT_STREQ(test, name, "kunit");
	KUNIT_EXPECT_STRNEQ(test, name, "kselftest");
	KUNIT_EXPECT_MEMEQ(test, bytes, "\xde\xad", sizeof(bytes));
	KUNIT_EXPECT_MEMNEQ(test, bytes, "\xbe\xef", sizeof(bytes));
	kunit_info(test, "all %d families passed", 16);
}

/* Skipping: for what cannot be tested here. */
static void example_skip_test(struct kunit *test)
{
	kunit_skip(test, "this example is always skipped");
	KUNIT_FAIL(test, "a skipped case stops where it is skipped");
}

/* Parameterised: one case, one result per element of an array. */
struct example_sum {
	int a, b, sum;
};

static const struct example_sum example_sums[] = {
	{ 1, 2, 3 },
	{ -1, 1, 0 },
	{ INT_MAX, 0, INT_MAX },
};

static void example_sum_desc(const struct example_sum *param, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%d + %d", param->a, param->b);
}

KUNIT_ARRAY_PARAM(example_sums, example_sums, example_sum_desc);

static void example_params_test(struct kunit *test)
{
	const struct example_sum *param = test->param_value;

	KUNIT_EXPECT_EQ(test, param->a + param->b, param->sum);
}

static struct kunit_case example_test_cases[] = {
	KUNIT_CASE(example_push_pop_test),
	KUNIT_CASE(example_full_stack_test),
	KUNIT_CASE(example_empty_stack_test),
	KUNIT_CASE(example_all_checks_test),
	KUNIT_CASE(example_skip_test),
	KUNIT_CASE_PARAM(example_params_test, example_sums_gen_params),
	{}
};

static struct kunit_suite example_test_suite = {
	.name = "example",
	.init = example_init,
	.test_cases = example_test_cases,
};

kunit_test_suites(&example_test_suite);

MODULE_LICENSE("GPL v2");
MODULE_DESCRIPTION("An example of KUnit tests");
