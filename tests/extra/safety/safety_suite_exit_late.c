// SPDX-License-Identifier: GPL-2.0
/*
 * A case that outlives its timeout (1 s) and then uses the fixture that
 * suite_exit frees: suite_exit must not run while the case still runs.
 */
#include <kunit/test.h>
#include <linux/delay.h>
#include <linux/module.h>
#include <linux/slab.h>

static int *safety_fixture;

static int safety_suite_init(struct kunit_suite *suite)
{
	safety_fixture = kzalloc(sizeof(*safety_fixture), GFP_KERNEL);
	return safety_fixture ? 0 : -ENOMEM;
}

static void safety_suite_exit(struct kunit_suite *suite)
{
	kfree(safety_fixture);
	safety_fixture = NULL;
}

static void safety_uses_fixture_late(struct kunit *test)
{
	msleep(3000);
	WRITE_ONCE(*safety_fixture, 1);
	pr_info("safety_suite_exit_late: the late case used its fixture\n");
}

static struct kunit_case safety_suite_exit_cases[] = {
	KUNIT_CASE_TIMEOUT(safety_uses_fixture_late, 1),
	{}
};

static struct kunit_suite safety_suite_exit_suite = {
	.name = "safety_suite_exit_late",
	.suite_init = safety_suite_init,
	.suite_exit = safety_suite_exit,
	.test_cases = safety_suite_exit_cases,
};
kunit_test_suite(safety_suite_exit_suite);

MODULE_LICENSE("GPL");
