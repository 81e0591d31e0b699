// SPDX-License-Identifier: GPL-2.0
/*
 * A case starts a thread and returns without waiting for it; the thread
 * then fails an assertion on the case's test while the next case runs.
 * Stock KUnit keeps one struct kunit for the whole suite, so the failure
 * lands on the case running then, which fails.  KUnit here must do no
 * worse: no write into freed memory, and no pass.  In the second suite
 * the thread fails after the last case, while suite_exit runs: the suite
 * fails, naming the case.
 */
#include <kunit/test.h>
#include <linux/delay.h>
#include <linux/kthread.h>
#include <linux/module.h>

static int safety_late_asserting_thread(void *data)
{
	struct kunit *test = data;

	msleep(200);
	KUNIT_ASSERT_EQ(test, 1, 2);
	return 0;
}

static void safety_leaves_helper(struct kunit *test)
{
	struct task_struct *helper;

	helper = kthread_run(safety_late_asserting_thread, test, "safety_late");
	KUNIT_EXPECT_FALSE(test, IS_ERR(helper));
}

static void safety_runs_meanwhile(struct kunit *test)
{
	msleep(600);
	KUNIT_SUCCEED(test);
}

static struct kunit_case safety_late_assert_cases[] = {
	KUNIT_CASE(safety_leaves_helper),
	KUNIT_CASE(safety_runs_meanwhile),
	{}
};

static struct kunit_suite safety_late_assert_suite = {
	.name = "safety_late_assert",
	.test_cases = safety_late_assert_cases,
};

static void safety_slow_suite_exit(struct kunit_suite *suite)
{
	msleep(600);
}

static struct kunit_case safety_late_assert_last_cases[] = {
	KUNIT_CASE(safety_leaves_helper),
	{}
};

static struct kunit_suite safety_late_assert_last_suite = {
	.name = "safety_late_assert_last",
	.suite_exit = safety_slow_suite_exit,
	.test_cases = safety_late_assert_last_cases,
};

kunit_test_suites(&safety_late_assert_suite, &safety_late_assert_last_suite);

MODULE_DESCRIPTION("A thread a case left running fails an assertion later");
MODULE_LICENSE("GPL");
