// SPDX-License-Identifier: GPL-2.0
/*
 * A work item that a case queued dies in BUG(): the case's own checks
 * pass, but the kernel's taint (D) says a task died while it ran, which
 * fails it; the kselftest wrapper sees oops_count rise and fails the
 * module.  The work runs on a workqueue of its own (unbound, high
 * priority), whose worker pool no other module here uses, so that the
 * dead worker stalls nothing else.
 */
#include <kunit/test.h>
#include <linux/bug.h>
#include <linux/delay.h>
#include <linux/module.h>
#include <linux/workqueue.h>

static struct workqueue_struct *safety_wq;

static void safety_bug_fn(struct work_struct *work)
{
	BUG();
}

static DECLARE_WORK(safety_bug_item, safety_bug_fn);

static void safety_bug_in_work(struct kunit *test)
{
	safety_wq = alloc_workqueue("safety_bug", WQ_UNBOUND | WQ_HIGHPRI, 1);
	KUNIT_ASSERT_NOT_NULL(test, safety_wq);
	queue_work(safety_wq, &safety_bug_item);
	/* Not flushed: the worker dies, and would never let a flush return. */
	msleep(500);
	KUNIT_EXPECT_TRUE(test, true);
}

static struct kunit_case safety_bug_cases[] = {
	KUNIT_CASE(safety_bug_in_work),
	{}
};

static struct kunit_suite safety_bug_suite = {
	.name = "safety_bug_work",
	.test_cases = safety_bug_cases,
};
kunit_test_suite(safety_bug_suite);

MODULE_LICENSE("GPL");
