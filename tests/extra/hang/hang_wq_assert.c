// SPDX-License-Identifier: GPL-2.0
/*
 * A careless assertion in a work item that the case waits for: the
 * kworker that fails it ends there, the work never finishes, and the
 * case's own thread waits in flush_work() for good.  KUnit must not wait
 * for the suite's long limit: the case fails once its thread has had a
 * few seconds to return, and is given up on as after a timeout (what
 * follows in its suite is not run, its module stays), as stock KUnit
 * ends such a case at once.
 */
#include <kunit/test.h>
#include <linux/module.h>
#include <linux/workqueue.h>

struct hang_wq_job {
	struct work_struct work;
	struct kunit *test;
};

static void hang_wq_asserts(struct work_struct *work)
{
	struct hang_wq_job *job = container_of(work, struct hang_wq_job, work);

	KUNIT_ASSERT_EQ(job->test, 1, 2);
}

static void hang_wq_flushes(struct kunit *test)
{
	struct hang_wq_job *job = kunit_kzalloc(test, sizeof(*job), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, job);
	job->test = test;
	INIT_WORK(&job->work, hang_wq_asserts);
	/* A workqueue of its own: system_wq's other work goes on. */
	queue_work(system_unbound_wq, &job->work);
	flush_work(&job->work);
}

static void hang_wq_after(struct kunit *test)
{
	KUNIT_SUCCEED(test);
}

static struct kunit_case hang_wq_cases[] = {
	KUNIT_CASE(hang_wq_flushes),
	KUNIT_CASE(hang_wq_after),
	{}
};

static struct kunit_suite hang_wq_suite = {
	.name = "extra-wq-assert",
	/* Far past the run's limit: the case must end long before. */
	.timeout = 600,
	.test_cases = hang_wq_cases,
};

kunit_test_suite(hang_wq_suite);

MODULE_DESCRIPTION("An assertion fails in a work item that the case flushes");
MODULE_LICENSE("GPL");
