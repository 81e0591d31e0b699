// SPDX-License-Identifier: GPL-2.0
/*
 * A WARN_ON() in a work item that a case queued: the case's own checks
 * pass, the kernel's record (taint W, warn_count) fails it.  On a kernel
 * without CONFIG_BUG the warning would print nothing at all.
 */
#include <kunit/test.h>
#include <linux/bug.h>
#include <linux/delay.h>
#include <linux/module.h>
#include <linux/workqueue.h>

static void safety_warn_fn(struct work_struct *work)
{
	WARN_ON(work);
}

static DECLARE_WORK(safety_warn_item, safety_warn_fn);

static void safety_warns_in_work(struct kunit *test)
{
	schedule_work(&safety_warn_item);
	flush_work(&safety_warn_item);
	KUNIT_EXPECT_TRUE(test, true);
}

static struct kunit_case safety_warn_cases[] = {
	KUNIT_CASE(safety_warns_in_work),
	{}
};

static struct kunit_suite safety_warn_suite = {
	.name = "safety_warn",
	.test_cases = safety_warn_cases,
};
kunit_test_suite(safety_warn_suite);

MODULE_LICENSE("GPL");
