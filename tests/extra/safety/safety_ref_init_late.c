// SPDX-License-Identifier: GPL-2.0
/*
 * A case, not itself in init memory, that outlives its timeout and then
 * calls the module's init code through a __ref function, which KUnit
 * cannot see: the module's init memory must stay until the case returns
 * (the load waits), and the call must find its code.
 */
#include <kunit/test.h>
#include <linux/delay.h>
#include <linux/init.h>
#include <linux/module.h>
#include <linux/printk.h>

static noinline int __init safety_init_helper(void)
{
	return 42;
}

static noinline int __ref safety_call_init_helper(void)
{
	return safety_init_helper();
}

static void safety_calls_init_code_late(struct kunit *test)
{
	msleep(3000);
	pr_info("safety_ref_init_late: the late case called init code: %d\n",
		safety_call_init_helper());
}

static struct kunit_case safety_ref_cases[] = {
	KUNIT_CASE(safety_calls_init_code_late),
	{}
};

static struct kunit_suite safety_ref_suite = {
	.name = "safety_ref_init_late",
	.timeout = 1,
	.test_cases = safety_ref_cases,
};
kunit_test_suite(safety_ref_suite);

MODULE_LICENSE("GPL");
