// SPDX-License-Identifier: GPL-2.0
/*
 * A thread that a case started fails an assertion on the case's test: that
 * thread ends, the case's own thread goes on to its end, the case fails,
 * and its exit runs once, in its own thread, before the next case starts.
 */
#include <kunit/test.h>
#include <linux/delay.h>
#include <linux/kthread.h>
#include <linux/module.h>

static int safety_exits;

static int safety_asserting_thread(void *data)
{
	struct kunit *test = data;

	KUNIT_ASSERT_TRUE(test, false);
	return 0;
}

static void safety_helper_asserts(struct kunit *test)
{
	struct task_struct *helper;

	helper = kthread_run(safety_asserting_thread, test, "safety_helper");
	KUNIT_ASSERT_FALSE(test, IS_ERR(helper));
	msleep(500);
}

static void safety_exit_ran_once(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, safety_exits, 1);
}

static void safety_count_exit(struct kunit *test)
{
	safety_exits++;
}

static struct kunit_case safety_foreign_cases[] = {
	KUNIT_CASE(safety_helper_asserts),
	KUNIT_CASE(safety_exit_ran_once),
	{}
};

static struct kunit_suite safety_foreign_suite = {
	.name = "safety_foreign_assert",
	.exit = safety_count_exit,
	.test_cases = safety_foreign_cases,
};
kunit_test_suite(safety_foreign_suite);

MODULE_LICENSE("GPL");
