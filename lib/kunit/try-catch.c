// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's way to run a test case (see <kunit/try-catch.h>): in a
 * kernel thread, which a failed assertion ends early.
 *
 * Every case gets a kernel thread of its own, as in stock KUnit: a
 * thread that ran one case is never given another, since what a case can
 * leave in its thread (a signal pending, page faults or KASAN disabled,
 * task work queued, credentials...) has no end, and the next case would
 * inherit it.  A case that returns leaving its thread changed in a way
 * that is a bug (interrupts or preemption disabled, a lock or the RCU
 * read lock held, another scheduling policy, nice level or CPU affinity)
 * fails, saying so.
 *
 * A case that runs out of time cannot be stopped: its thread is abandoned
 * to it.  Until it returns, the code it runs must stay: it holds its
 * module, and kunit_try_catch_wait_abandoned() lets the kernel side wait
 * for it before a module is freed or init memory goes.
 *
 * The runner waits for the worker in short slices, so that it notices
 * within a fraction of a second when the thread dies in an oops, a BUG()
 * or a NULL dereference, instead of waiting for the timeout.
 */
#include <kunit/test.h>
#include <kunit/try-catch.h>

#include <linux/atomic.h>
#include <linux/completion.h>
#include <linux/irqflags.h>
#include <linux/jiffies.h>
#include <linux/kthread.h>
#include <linux/list.h>
#include <linux/module.h>
#include <linux/pid.h>
#include <linux/preempt.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/sched/task.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/wait.h>

#include "kernel-internal.h"
#include "tests-only-export.h"

static unsigned long kunit_timeout = CONFIG_KUNIT_DEFAULT_TIMEOUT;
module_param_named(timeout, kunit_timeout, ulong, 0644);
MODULE_PARM_DESC(timeout,
		 "Seconds a test case may run before it is failed (CONFIG_KUNIT_DEFAULT_TIMEOUT, 300); times 3 for a slow case, 12 for a very slow one");

/**
 * kunit_platform_default_timeout() - seconds a case may run unless it says otherwise
 *
 * Return: the kunit.timeout parameter.
 */
unsigned long kunit_platform_default_timeout(void)
{
	return READ_ONCE(kunit_timeout);
}
EXPORT_SYMBOL_FOR_KUNIT_TESTS(kunit_platform_default_timeout);

/* How often the runner looks whether the case's thread died. */
#define KUNIT_WATCH_INTERVAL	(HZ / 10)

/* What a case that returned may have left changed in its thread, by mistake. */
struct kunit_thread_state {
	int preempt_count;
	int rcu_depth;
	int lock_depth;
	int policy;
	int nice;
	unsigned int nr_cpus;
	bool irqs_off;
};

static void kunit_thread_state_get(struct kunit_thread_state *state)
{
	*state = (struct kunit_thread_state) {
		.preempt_count = preempt_count(),
		.rcu_depth = rcu_preempt_depth(),
#ifdef CONFIG_LOCKDEP
		.lock_depth = current->lockdep_depth,
#endif
		.policy = current->policy,
		.nice = task_nice(current),
		.nr_cpus = current->nr_cpus_allowed,
		.irqs_off = irqs_disabled(),
	};
}

/*
 * What the case that just returned left changed in its thread, in words,
 * or NULL.  Interrupts are enabled again, so that the thread can end.
 */
static const char *kunit_thread_state_leak(const struct kunit_thread_state *before)
{
	struct kunit_thread_state now;

	kunit_thread_state_get(&now);
	if (now.irqs_off != before->irqs_off) {
		local_irq_enable();
		return "returned with interrupts disabled";
	}
	if (now.preempt_count != before->preempt_count)
		return "returned with preemption disabled";
	if (now.rcu_depth != before->rcu_depth)
		return "returned inside an RCU read-side critical section";
	if (now.lock_depth != before->lock_depth)
		return "returned holding a lock";
	if (now.policy != before->policy || now.nice != before->nice)
		return "returned with its thread's scheduling policy or nice level changed";
	if (now.nr_cpus != before->nr_cpus)
		return "returned with its thread's CPU affinity changed";
	return NULL;
}

/* Where a worker's current job stands; see kunit_worker_fn(). */
enum kunit_job_state {
	KUNIT_JOB_RUNNING,
	KUNIT_JOB_RETURNED,
	KUNIT_JOB_THROWN,
	KUNIT_JOB_ABANDONED,
};

/**
 * struct kunit_worker - the kernel thread that runs one case
 * @task: the thread, with a reference held by the runner.
 * @done: completed by the thread when the job returned or was thrown out of.
 * @job: the try-catch being run.
 * @state: a &enum kunit_job_state; the runner and the thread both set it.
 * @node: in kunit_abandoned_workers while its job runs after the runner
 *	  gave up on it.
 * @before: the thread's state when its job started.
 * @owner: for an abandoned job, the module of the code under test, which
 *	   stays loaded until the job ends; NULL for built-in code.
 * @tag: for an abandoned job, what it belongs to (&kunit_try_catch.tag).
 * @code: for an abandoned job, where its code lies (&kunit_try_catch.code).
 * @release: for an abandoned job, what to call when it ends (the job's
 *	     &kunit_try_catch.release), with @context.
 * @context: the job's context.
 * @thrown_elsewhere: another thread (one the job started, a work item)
 *		      failed an assertion of the job's and ended there.
 * @thrower: that thread's name.
 * @rcu: the worker is freed after a grace period: such a thread may have
 *	 read the job's pointer to it just before it was forgotten.
 *
 * A job that runs out of time is abandoned, with its worker, to its
 * thread: the thread frees the worker when the job ends.
 */
struct kunit_worker {
	struct kunit_thread_state before;
	struct task_struct *task;
	struct completion done;
	struct kunit_try_catch *job;
	atomic_t state;
	struct list_head node;
	struct module *owner;
	const void *tag;
	const void *code[KUNIT_TRY_CATCH_CODE];
	kunit_try_catch_func_t release;
	void *context;
	struct rcu_head rcu;
	bool thrown_elsewhere;
	char thrower[TASK_COMM_LEN];
};

/*
 * How long a job's thread has to return after another thread failed one
 * of its assertions and ended: it may wait for that thread, or for a work
 * item that will now never finish, forever; or it may have work of its
 * own left, which a few seconds usually see done.  Giving up on it skips
 * the rest of its suite.
 */
#define KUNIT_THROWN_ELSEWHERE_GRACE	(5 * HZ)

static LIST_HEAD(kunit_abandoned_workers);
/* Protects kunit_abandoned_workers. */
static DEFINE_SPINLOCK(kunit_workers_lock);
/* Woken when an abandoned job ends. */
static DECLARE_WAIT_QUEUE_HEAD(kunit_abandoned_wait);

/*
 * The end of a job that the runner gave up on, in its thread, once the job
 * returned or was thrown out of at last: what the job holds is released,
 * then its module, and the thread ends with the worker.
 */
static void __cold __noreturn kunit_worker_end_abandoned(struct kunit_worker *worker)
{
	struct module *owner = worker->owner;

	kunit_platform_set_current_test(NULL);
	/*
	 * The release forgets the job's worker (kunit_try_catch_forget()) once
	 * its clean-up ran: until then, a throw from this thread is its own.
	 */
	if (worker->release)
		worker->release(worker->context);
	else
		kunit_try_catch_forget(worker->job);
	/* The module may be freed as soon as it is let go of: not touched after. */
	module_put(owner);
	spin_lock(&kunit_workers_lock);
	list_del(&worker->node);
	spin_unlock(&kunit_workers_lock);
	wake_up_all(&kunit_abandoned_wait);
	/* The thread's own reference keeps it until it has ended. */
	put_task_struct(worker->task);
	kfree_rcu(worker, rcu);
	/* This code is kunit.ko's when KUnit is a module: it stays until here. */
	module_put_and_kthread_exit(0);
}

/*
 * Whether @worker's job may run code of @owner: its owner, or, where the
 * owner is a guess (a suite that no module registered, run through
 * kunit_run_tests() or __kunit_test_suites_init()), any of its functions
 * or its suite lying in @owner.
 */
static bool kunit_worker_uses(const struct kunit_worker *worker, struct module *owner)
{
	size_t i;

	if (worker->owner == owner)
		return true;
#ifdef CONFIG_MODULES
	for (i = 0; owner && i < ARRAY_SIZE(worker->code); i++)
		if (worker->code[i] && within_module((unsigned long)worker->code[i], owner))
			return true;
#endif
	return false;
}

static bool kunit_abandoned_busy(struct module *owner)
{
	struct kunit_worker *worker;
	bool busy = false;

	spin_lock(&kunit_workers_lock);
	list_for_each_entry(worker, &kunit_abandoned_workers, node)
		/* One that died in an oops runs nothing any more. */
		if (kunit_worker_uses(worker, owner) &&
		    !(READ_ONCE(worker->task->flags) & PF_EXITING))
			busy = true;
	spin_unlock(&kunit_workers_lock);
	return busy;
}

/**
 * kunit_platform_late_code_runs() - whether code given up on still runs for @tag
 * @tag: what the runs belong to (&kunit_try_catch.tag: a suite).
 *
 * Return: true while a run of @tag that outlived its timeout has not ended.
 */
bool kunit_platform_late_code_runs(const void *tag)
{
	struct kunit_worker *worker;
	bool runs = false;

	spin_lock(&kunit_workers_lock);
	list_for_each_entry(worker, &kunit_abandoned_workers, node)
		if (worker->tag == tag && !(READ_ONCE(worker->task->flags) & PF_EXITING))
			runs = true;
	spin_unlock(&kunit_workers_lock);
	return runs;
}

/**
 * kunit_try_catch_wait_abandoned() - wait for the cases given up on that run a module's code
 * @owner: the module, or NULL for the built-in suites.
 * @what: what the wait holds up, for the kernel log: "the load".
 *
 * A case that outlived its timeout still runs code that must not be freed
 * under it: the module's, when the module goes (a module_init that
 * failed frees it whatever its references), and its init code, which goes
 * once the module or the kernel has started.  Any case may call init code
 * (through a __ref function): every one is waited for.  Only @owner's: a
 * late case may be waiting for another module's load (request_module()).  The wait is not
 * interruptible, as stock KUnit's kthread_stop() of a hung case is not;
 * the kernel log says who waits.
 *
 * Return: true if it had to wait.
 */
bool kunit_try_catch_wait_abandoned(struct module *owner, const char *what)
{
	if (!kunit_abandoned_busy(owner))
		return false;
	pr_err("kunit: %s: a case that timed out still runs: %s waits for it to return\n",
	       owner ? module_name(owner) : "built-in suites", what);
	/* A thread that dies does not wake the queue: look again now and then. */
	while (!wait_event_idle_timeout(kunit_abandoned_wait, !kunit_abandoned_busy(owner),
					KUNIT_WATCH_INTERVAL))
		;
	return true;
}

static int kunit_worker_fn(void *data)
{
	struct kunit_worker *worker = data;
	struct kunit_try_catch *job = worker->job;
	const char *leak;

	kunit_thread_state_get(&worker->before);
	job->try_fn(job->context);
	kunit_platform_set_current_test(NULL);
	/* The runner gave up on this job: the worker is the thread's now. */
	if (atomic_cmpxchg(&worker->state, KUNIT_JOB_RUNNING,
			   KUNIT_JOB_RETURNED) != KUNIT_JOB_RUNNING)
		kunit_worker_end_abandoned(worker);
	leak = kunit_thread_state_leak(&worker->before);
	if (leak) {
		job->result = -ENOTRECOVERABLE;
		scnprintf(job->reason, sizeof(job->reason), "%s", leak);
	}
	/* The runner frees the worker once this completes: not touched after. */
	kthread_complete_and_exit(&worker->done, 0);
}

void kunit_try_catch_forget(struct kunit_try_catch *try_catch)
{
	WRITE_ONCE(try_catch->platform.worker, NULL);
}
EXPORT_SYMBOL_GPL(kunit_try_catch_forget);

void kunit_try_catch_throw(struct kunit_try_catch *try_catch)
{
	struct kunit_worker *worker;
	bool own_thread;

	/* The worker is freed after a grace period once the job forgot it. */
	rcu_read_lock();
	worker = READ_ONCE(try_catch->platform.worker);
	own_thread = worker && current == worker->task;
	if (worker && !own_thread) {
		/* The runner gives up on the job unless it returns soon after. */
		get_task_comm(worker->thrower, current);
		/* The name is written before the flag the runner reads it by. */
		smp_store_release(&worker->thrown_elsewhere, true);
	}
	rcu_read_unlock();

	/*
	 * A thread the case started failed an assertion: that thread ends,
	 * as in stock (its failure is the test's already), and so does one
	 * that the case left running after it ended; the case's own thread
	 * goes on, and only its end, or the runner giving up on it a few
	 * seconds later, tells the runner the case is over.
	 */
	if (!own_thread)
		kthread_complete_and_exit(NULL, 0);
	/* A job given up on ends here; its try-catch is no longer the runner's. */
	if (atomic_cmpxchg(&worker->state, KUNIT_JOB_RUNNING,
			   KUNIT_JOB_THROWN) != KUNIT_JOB_RUNNING)
		kunit_worker_end_abandoned(worker);
	/* As in the original series and in Linux 6.1, a throw is no error. */
	WRITE_ONCE(try_catch->thrown, true);
	kthread_complete_and_exit(&worker->done, 0);
}
EXPORT_SYMBOL_GPL(kunit_try_catch_throw);

/*
 * KASAN and UBSAN leave the reports of a case's thread to KUnit, which may
 * expect them, and a log reader can tell that thread only by its process
 * id (any thread can take the name "kunit_try_catch").  On kernels with
 * either checker, each thread of KUnit's code is named as it starts,
 * before it can report: a case's, whose reports are the case's until its
 * result, and a suite's own (suite_init, suite_exit, the parameter
 * generator), whose are no case's.  The readers
 * (tools/testing/selftests/kunit/ktap.c) match the report's "PID:".
 */
static void kunit_name_thread(const struct kunit_try_catch *try_catch, struct task_struct *task)
{
	if (IS_ENABLED(CONFIG_KASAN) || IS_ENABLED(CONFIG_UBSAN))
		pr_info("kunit: %s thread %d\n", try_catch->thread_name ? "suite" : "case",
			task_pid_nr(task));
}

static struct kunit_worker *kunit_worker_create(struct kunit_try_catch *try_catch)
{
	struct kunit_worker *worker = kzalloc(sizeof(*worker), GFP_KERNEL);
	struct task_struct *task;

	if (!worker) {
		try_catch->result = -ENOMEM;
		scnprintf(try_catch->reason, sizeof(try_catch->reason),
			  "no memory to start the test thread");
		return NULL;
	}
	init_completion(&worker->done);
	INIT_LIST_HEAD(&worker->node);
	worker->job = try_catch;
	atomic_set(&worker->state, KUNIT_JOB_RUNNING);

	task = kthread_create(kunit_worker_fn, worker, "%s",
			      try_catch->thread_name ?: "kunit_try_catch_thread");
	if (IS_ERR(task)) {
		kfree(worker);
		try_catch->result = PTR_ERR(task);
		scnprintf(try_catch->reason, sizeof(try_catch->reason),
			  "could not start the test thread: %ld", PTR_ERR(task));
		return NULL;
	}
	get_task_struct(task);
	worker->task = task;
	try_catch->platform.worker = worker;
	kunit_name_thread(try_catch, task);
	wake_up_process(task);
	return worker;
}

/*
 * Gets the worker ready to be given up on: the code under test keeps its
 * module, and this code kunit.ko, until the job ends in its thread.
 */
static void kunit_worker_hold(struct kunit_worker *worker, struct kunit_try_catch *try_catch)
{
	/* Live: its suites are running, from its notifier or from debugfs. */
	if (try_catch->owner)
		__module_get(try_catch->owner);
	__module_get(THIS_MODULE);
	worker->owner = try_catch->owner;
	worker->tag = try_catch->tag;
	memcpy(worker->code, try_catch->code, sizeof(worker->code));
	worker->release = try_catch->release;
	worker->context = try_catch->context;
	spin_lock(&kunit_workers_lock);
	list_add(&worker->node, &kunit_abandoned_workers);
	spin_unlock(&kunit_workers_lock);
}

/* Undoes kunit_worker_hold(): the job ended before the runner gave up. */
static void kunit_worker_unhold(struct kunit_worker *worker)
{
	spin_lock(&kunit_workers_lock);
	list_del_init(&worker->node);
	spin_unlock(&kunit_workers_lock);
	module_put(worker->owner);
	module_put(THIS_MODULE);
	worker->owner = NULL;
}

/*
 * Waits for the job: 0 when it returned or was thrown out of, -EFAULT when
 * the thread died, -ETIMEDOUT when it ran out of time, or had not returned
 * KUNIT_THROWN_ELSEWHERE_GRACE after another thread failed its assertion
 * (@thrower then says which), and was given up on; then the worker is the
 * thread's, which may free it at any time, and @kept says whether a module
 * is kept for it.
 */
static int kunit_worker_wait(struct kunit_worker *worker, struct kunit_try_catch *try_catch,
			     unsigned long timeout, bool *kept, char *thrower)
{
	unsigned long deadline, thrown_deadline = 0;

	/* A limit past what jiffies can count ahead is no limit. */
	if (timeout > LONG_MAX / HZ / 2)
		timeout = 0;
	deadline = jiffies + timeout * HZ;
	for (;;) {
		if (wait_for_completion_timeout(&worker->done, KUNIT_WATCH_INTERVAL))
			return 0;
		/* Exiting without completing: it died in an oops or a BUG(). */
		if ((READ_ONCE(worker->task->flags) & PF_EXITING) &&
		    !completion_done(&worker->done))
			return -EFAULT;
		/* Pairs with kunit_try_catch_throw(): the name is there once the flag is. */
		if (!thrown_deadline && smp_load_acquire(&worker->thrown_elsewhere)) {
			thrown_deadline = jiffies + KUNIT_THROWN_ELSEWHERE_GRACE;
			memcpy(thrower, worker->thrower, TASK_COMM_LEN);
		}
		if ((timeout && time_after(jiffies, deadline)) ||
		    (thrown_deadline && time_after(jiffies, thrown_deadline))) {
			/* Ready before the thread can see it abandoned. */
			kunit_worker_hold(worker, try_catch);
			*kept = worker->owner;
			if (atomic_cmpxchg(&worker->state, KUNIT_JOB_RUNNING,
					   KUNIT_JOB_ABANDONED) == KUNIT_JOB_RUNNING)
				return -ETIMEDOUT;
			/* It returned or was thrown out of just now. */
			kunit_worker_unhold(worker);
			wait_for_completion(&worker->done);
			return 0;
		}
	}
}

void kunit_try_catch_run(struct kunit_try_catch *try_catch, void *context)
{
	char thrower[TASK_COMM_LEN] = "";
	struct kunit_worker *worker;
	unsigned long timeout;
	bool kept = false;
	int err;

	try_catch->context = context;
	try_catch->result = 0;
	try_catch->thrown = false;
	try_catch->reason[0] = '\0';
	worker = kunit_worker_create(try_catch);
	if (!worker)
		return;

	timeout = try_catch->timeout ? try_catch->timeout : READ_ONCE(kunit_timeout);
	err = kunit_worker_wait(worker, try_catch, timeout, &kept, thrower);
	if (err == -ETIMEDOUT && *thrower) {
		/* Given up on as after a timeout: what follows is the same. */
		try_catch->result = -ETIMEDOUT;
		scnprintf(try_catch->reason, sizeof(try_catch->reason),
			  "an assertion failed in thread %s, which ended there; the case's own thread did not return: given up on%s",
			  thrower, kept ? "; its module stays loaded until it returns" : "");
	} else if (err == -ETIMEDOUT) {
		try_catch->result = -ETIMEDOUT;
		scnprintf(try_catch->reason, sizeof(try_catch->reason),
			  "timed out after %lu s%s", timeout,
			  kept ? "; its module stays loaded until it returns" : "");
		/*
		 * The thread, still running the job, owns the worker now; the
		 * reference to it stays with the worker, so that waiters can
		 * tell when it dies (see kunit_abandoned_busy()).
		 */
	} else {
		/* It returned, was thrown out of, or died: its thread ends. */
		if (err == -EFAULT) {
			try_catch->result = -EFAULT;
			scnprintf(try_catch->reason, sizeof(try_catch->reason),
				  "crashed: the test thread died (oops, BUG or bad access; see above)");
		}
		/* A thread the case left behind may still throw: see kunit_try_catch_throw(). */
		WRITE_ONCE(try_catch->platform.worker, NULL);
		put_task_struct(worker->task);
		kfree_rcu(worker, rcu);
	}

	if ((try_catch->result || try_catch->thrown) && try_catch->catch_fn)
		try_catch->catch_fn(context);
}
EXPORT_SYMBOL_GPL(kunit_try_catch_run);
