// SPDX-License-Identifier: GPL-2.0
/*
 * A case that outlives its timeout (1 s) by two seconds, in a module whose
 * init function then fails: the module loader frees a module whose init
 * failed whatever holds it, so the case would wake up in freed code.  The
 * load must wait for the case instead.
 */
#include <kunit/test.h>
#include <linux/delay.h>
#include <linux/module.h>

static int safety_late_count;

static void safety_returns_late(struct kunit *test)
{
	msleep(3000);
	WRITE_ONCE(safety_late_count, safety_late_count + 1);
	pr_info("safety_init_fails_late: the late case returned\n");
}

static struct kunit_case safety_init_fails_cases[] = {
	KUNIT_CASE_TIMEOUT(safety_returns_late, 1),
	{}
};

static struct kunit_suite safety_init_fails_suite = {
	.name = "safety_init_fails_late",
	.test_cases = safety_init_fails_cases,
};
kunit_test_suite(safety_init_fails_suite);

static int __init safety_init(void)
{
	return -EINVAL;
}
module_init(safety_init);

MODULE_LICENSE("GPL");
