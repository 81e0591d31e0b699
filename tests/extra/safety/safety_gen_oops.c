// SPDX-License-Identifier: GPL-2.0
/*
 * A parameterised case whose generator dereferences NULL on its second
 * call.  Run in the task that loads the module, it would kill modprobe
 * while it holds KUnit's run lock: no later module's suites would run.
 * The case fails, after its first parameter passed; the modules after it
 * run.
 */
#include <kunit/test.h>
#include <linux/module.h>

static const int safety_values[] = { 1 };
static int *safety_nowhere;

static const void *safety_gen(const void *prev, char *desc)
{
	if (prev)
		return (const void *)(long)READ_ONCE(*safety_nowhere);
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "first");
	return &safety_values[0];
}

static void safety_param_case(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, *(const int *)test->param_value, 1);
}

static struct kunit_case safety_gen_cases[] = {
	KUNIT_CASE_PARAM(safety_param_case, safety_gen),
	{}
};

static struct kunit_suite safety_gen_suite = {
	.name = "safety_gen_oops",
	.test_cases = safety_gen_cases,
};
kunit_test_suite(safety_gen_suite);

MODULE_LICENSE("GPL");
