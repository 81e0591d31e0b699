// SPDX-License-Identifier: GPL-2.0
/*
 * Loaded after the others (the wrapper loads modules in name order): its
 * suites run and pass, and the kernel's shared workqueue still runs work,
 * whatever the modules before it did.
 */
#include <kunit/test.h>
#include <linux/module.h>
#include <linux/workqueue.h>

static bool safety_work_ran;

static void safety_after_fn(struct work_struct *work)
{
	WRITE_ONCE(safety_work_ran, true);
}

static DECLARE_WORK(safety_after_item, safety_after_fn);

static void safety_after_runs_work(struct kunit *test)
{
	schedule_work(&safety_after_item);
	flush_work(&safety_after_item);
	KUNIT_EXPECT_TRUE(test, READ_ONCE(safety_work_ran));
}

static struct kunit_case safety_after_cases[] = {
	KUNIT_CASE_TIMEOUT(safety_after_runs_work, 10),
	{}
};

static struct kunit_suite safety_after_suite = {
	.name = "safety_zz_after",
	.test_cases = safety_after_cases,
};
kunit_test_suite(safety_after_suite);

MODULE_LICENSE("GPL");
