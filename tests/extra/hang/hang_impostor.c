// SPDX-License-Identifier: GPL-2.0
/*
 * Built on KASAN kernels only (tests/97-compat.sh's hang run): a case
 * starts a thread that calls itself "kunit_try_catch", as a case's thread
 * does, and reads past the end of an allocation there.  KASAN tells no
 * test of a report from a thread that runs no case; the log reader must
 * not take the name for a case's thread and leave the report to KASAN,
 * or the module passes.  It reads the process ids the kernel names its
 * case threads by.  The run boots with kasan_multi_shot (tests/97): since
 * 6.12 the kernel exports no switch for it without kasan's suite, and in
 * single-shot mode a report also counts as a warning
 * (warn_count), which fails the module whoever made it.
 */
#include <kunit/test.h>
#include <linux/completion.h>
#include <linux/compiler.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/slab.h>

struct hang_impostor_job {
	struct completion done;
	char *buffer;
	size_t size;
};

static int hang_impostor_reads_past_end(void *data)
{
	struct hang_impostor_job *job = data;
	size_t past_end = job->size;
	char *buffer = job->buffer;

	OPTIMIZER_HIDE_VAR(past_end);
	pr_info("hang_impostor: read %d\n", READ_ONCE(buffer[past_end]));
	complete(&job->done);
	return 0;
}

static void hang_impostor_thread(struct kunit *test)
{
	struct hang_impostor_job job = { .size = 13 };
	struct task_struct *task;

	init_completion(&job.done);
	job.buffer = kunit_kzalloc(test, job.size, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, job.buffer);
	task = kthread_run(hang_impostor_reads_past_end, &job, "kunit_try_catch");
	if (!IS_ERR(task))
		wait_for_completion(&job.done);
	KUNIT_EXPECT_FALSE(test, IS_ERR(task));
}

static struct kunit_case hang_impostor_cases[] = {
	KUNIT_CASE(hang_impostor_thread),
	{}
};

static struct kunit_suite hang_impostor_suite = {
	.name = "extra-impostor",
	.test_cases = hang_impostor_cases,
};

kunit_test_suite(hang_impostor_suite);

MODULE_DESCRIPTION("A thread named like a case's makes a KASAN report");
MODULE_LICENSE("GPL");
