// SPDX-License-Identifier: GPL-2.0
/*
 * A work item that a case queued divides by zero: on x86 the worker dies
 * with "divide error", a report the console reader did not know.  The
 * kernel's oops_count tells the kselftest wrapper all the same.  Its
 * workqueue is bound and high priority: a worker pool that neither
 * safety_bug_work's (unbound) nor the kernel's shared queues use.
 */
#include <kunit/test.h>
#include <linux/delay.h>
#include <linux/module.h>
#include <linux/workqueue.h>

static struct workqueue_struct *safety_wq;
static unsigned int safety_zero;
static unsigned int safety_quotient;

static void safety_divide_fn(struct work_struct *work)
{
	/*
	 * Read and written at run time: the compiler may neither see the
	 * zero nor drop a division whose result no one reads.
	 */
	WRITE_ONCE(safety_quotient, 100 / READ_ONCE(safety_zero));
}

static DECLARE_WORK(safety_divide_item, safety_divide_fn);

static void safety_divide_in_work(struct kunit *test)
{
	safety_wq = alloc_workqueue("safety_divide", WQ_HIGHPRI, 1);
	KUNIT_ASSERT_NOT_NULL(test, safety_wq);
	queue_work(safety_wq, &safety_divide_item);
	msleep(500);
	KUNIT_EXPECT_TRUE(test, true);
}

static struct kunit_case safety_divide_cases[] = {
	KUNIT_CASE(safety_divide_in_work),
	{}
};

static struct kunit_suite safety_divide_suite = {
	.name = "safety_divide_work",
	.test_cases = safety_divide_cases,
};
kunit_test_suite(safety_divide_suite);

MODULE_LICENSE("GPL");
