// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's way to run a test case (see <kunit/try-catch.h>): in a
 * kernel thread of its own, which a failed assertion ends early.
 *
 * The runner waits for the thread in short slices, so that it notices
 * within a fraction of a second when the thread dies in an oops, a BUG()
 * or a NULL dereference, instead of waiting for the timeout.
 */
#include <kunit/test.h>
#include <kunit/try-catch.h>

#include <linux/completion.h>
#include <linux/jiffies.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/sched/task.h>

static unsigned long kunit_timeout = 300;
module_param_named(timeout, kunit_timeout, ulong, 0644);
MODULE_PARM_DESC(timeout, "Seconds a test case may run before it is failed (300)");

/* How often the runner looks whether the case's thread died. */
#define KUNIT_WATCH_INTERVAL	(HZ / 10)

static int kunit_try_catch_thread(void *data)
{
	struct kunit_try_catch *try_catch = data;

	try_catch->try_fn(try_catch->context);
	kthread_complete_and_exit(try_catch->platform.done, 0);
}

void kunit_try_catch_throw(struct kunit_try_catch *try_catch)
{
	try_catch->result = -EINTR;
	kthread_complete_and_exit(try_catch->platform.done, -EINTR);
}
EXPORT_SYMBOL_GPL(kunit_try_catch_throw);

/* Waits for the thread: 0, or -EFAULT if it died, -ETIMEDOUT if it ran out of time. */
static int kunit_try_catch_wait(struct kunit_try_catch *try_catch, struct task_struct *task,
				unsigned long timeout)
{
	unsigned long deadline = jiffies + timeout * HZ;

	for (;;) {
		if (wait_for_completion_timeout(try_catch->platform.done, KUNIT_WATCH_INTERVAL))
			return 0;
		/* Exiting without completing: it died in an oops or a BUG(). */
		if ((READ_ONCE(task->flags) & PF_EXITING) &&
		    !completion_done(try_catch->platform.done))
			return -EFAULT;
		if (timeout && time_after(jiffies, deadline))
			return -ETIMEDOUT;
	}
}

void kunit_try_catch_run(struct kunit_try_catch *try_catch, void *context)
{
	struct completion *done = kmalloc(sizeof(*done), GFP_KERNEL);
	struct task_struct *task;
	unsigned long timeout;
	int err;

	try_catch->context = context;
	try_catch->result = 0;
	try_catch->reason[0] = '\0';
	if (!done) {
		try_catch->result = -ENOMEM;
		scnprintf(try_catch->reason, sizeof(try_catch->reason),
			  "no memory to start the test thread");
		return;
	}
	init_completion(done);
	try_catch->platform.done = done;

	task = kthread_create(kunit_try_catch_thread, try_catch, "kunit_try_catch_thread");
	if (IS_ERR(task)) {
		kfree(done);
		try_catch->result = PTR_ERR(task);
		scnprintf(try_catch->reason, sizeof(try_catch->reason),
			  "could not start the test thread: %ld", PTR_ERR(task));
		return;
	}
	get_task_struct(task);
	try_catch->platform.task = task;
	wake_up_process(task);

	timeout = try_catch->timeout ? try_catch->timeout : READ_ONCE(kunit_timeout);
	err = kunit_try_catch_wait(try_catch, task, timeout);
	if (err == -EFAULT) {
		try_catch->result = -EFAULT;
		scnprintf(try_catch->reason, sizeof(try_catch->reason),
			  "crashed: the test thread died (oops, BUG or bad access; see above)");
	} else if (err == -ETIMEDOUT) {
		try_catch->result = -ETIMEDOUT;
		scnprintf(try_catch->reason, sizeof(try_catch->reason),
			  "timed out after %lu s", timeout);
		/*
		 * A kernel thread cannot be killed: this one may still finish
		 * and complete @done, which must then still exist.
		 */
		done = NULL;
	}
	put_task_struct(task);
	kfree(done);

	if (try_catch->result && try_catch->catch_fn)
		try_catch->catch_fn(context);
}
EXPORT_SYMBOL_GPL(kunit_try_catch_run);
