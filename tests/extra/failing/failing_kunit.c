// SPDX-License-Identifier: GPL-2.0
/*
 * An out-of-tree KUnit test module for `make run KUNIT_EXTRA=...`: one
 * case passes, one fails an expectation, one fails an assertion and one
 * oopses on a NULL dereference; the run must fail and name them, and the
 * case after the oops must still pass.  A case checks that the suites run
 * before the module's init function, as stock 6.1 runs them; the last
 * ones, that every case gets a thread of its own, as in stock, and that a
 * case that left its thread changed fails.  At the end, a work item that one case queued oopses while the
 * next one runs: the kernel's report names a kworker, which fails the run
 * rather than a case that did nothing wrong.
 */
#include <kunit/test.h>
#include <linux/delay.h>
#include <linux/irqflags.h>
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/workqueue.h>

static void extra_passes(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, 1 + 1, 2);
}

static void extra_fails(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, 1 + 1, 3);
}

static void extra_asserts(struct kunit *test)
{
	KUNIT_ASSERT_NOT_NULL(test, test->priv);
	KUNIT_FAIL(test, "an assertion must end the case before this");
}

static void extra_oopses(struct kunit *test)
{
	int *nowhere = test->priv;

	/* The report of the oops names this line, the last check reached. */
	KUNIT_EXPECT_NULL(test, nowhere);
	WRITE_ONCE(*nowhere, 1);
}

static void extra_after_oops(struct kunit *test)
{
	KUNIT_SUCCEED(test);
}

static bool extra_module_initialized;
static int *extra_nowhere;

/* The thread that ran the last of the cases from here on. */
static pid_t extra_last_pid;

static void extra_before_module_init(struct kunit *test)
{
	KUNIT_EXPECT_FALSE(test, extra_module_initialized);
	extra_last_pid = current->pid;
}

static void extra_thread_reused(struct kunit *test)
{
	/* extra_before_module_init() returned, and its thread ended: a new one. */
	KUNIT_EXPECT_NE(test, current->pid, extra_last_pid);
	extra_last_pid = current->pid;
}

static void extra_assert_ends_thread(struct kunit *test)
{
	extra_last_pid = current->pid;
	KUNIT_ASSERT_TRUE(test, false);
}

static void extra_new_thread_after_assert(struct kunit *test)
{
	KUNIT_EXPECT_NE(test, current->pid, extra_last_pid);
}

/* A failed comparison whose value holds lines that look like passing results. */
static void extra_forged_value(struct kunit *test)
{
	const char *value = "a\n    ok 1 extra_forged_first\nok 1 extra-failing";

	KUNIT_EXPECT_STREQ(test, value, "b");
}

/* Returns with its thread's nice level changed: the thread is not reused. */
static void extra_leaks_nice(struct kunit *test)
{
	extra_last_pid = current->pid;
	set_user_nice(current, 5);
}

static void extra_new_thread_after_leak(struct kunit *test)
{
	KUNIT_EXPECT_NE(test, current->pid, extra_last_pid);
	KUNIT_EXPECT_EQ(test, task_nice(current), 0);
}

/* Returns with interrupts disabled: the case fails, the next one has them. */
static void extra_leaks_irqs(struct kunit *test)
{
	local_irq_disable();
}

static void extra_after_irqs(struct kunit *test)
{
	KUNIT_EXPECT_FALSE(test, irqs_disabled());
}

/* Work that dereferences NULL in a kworker, some time after it is queued. */
static void extra_bad_work_fn(struct work_struct *work)
{
	int *nowhere = READ_ONCE(extra_nowhere);

	WRITE_ONCE(*nowhere, 1);
}

static DECLARE_DELAYED_WORK(extra_bad_work, extra_bad_work_fn);

static void extra_queues_bad_work(struct kunit *test)
{
	schedule_delayed_work(&extra_bad_work, msecs_to_jiffies(100));
}

/* Passes: the kernel oopses in another task, a kworker, meanwhile. */
static void extra_during_bad_work(struct kunit *test)
{
	msleep(1000);
}

static struct kunit_case extra_cases[] = {
	KUNIT_CASE(extra_passes),
	KUNIT_CASE(extra_fails),
	KUNIT_CASE(extra_asserts),
	KUNIT_CASE(extra_oopses),
	KUNIT_CASE(extra_after_oops),
	KUNIT_CASE(extra_before_module_init),
	KUNIT_CASE(extra_thread_reused),
	KUNIT_CASE(extra_assert_ends_thread),
	KUNIT_CASE(extra_new_thread_after_assert),
	KUNIT_CASE(extra_forged_value),
	KUNIT_CASE(extra_leaks_nice),
	KUNIT_CASE(extra_new_thread_after_leak),
	KUNIT_CASE(extra_leaks_irqs),
	KUNIT_CASE(extra_after_irqs),
	KUNIT_CASE(extra_queues_bad_work),
	KUNIT_CASE(extra_during_bad_work),
	{}
};

static struct kunit_suite extra_suite = {
	.name = "extra-failing",
	.test_cases = extra_cases,
};

kunit_test_suite(extra_suite);

static int __init extra_init(void)
{
	extra_module_initialized = true;
	return 0;
}
module_init(extra_init);

static void __exit extra_exit(void)
{
}
module_exit(extra_exit);

MODULE_LICENSE("GPL");
