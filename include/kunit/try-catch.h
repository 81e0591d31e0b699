/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Running a piece of test code so that it can be stopped part-way.
 *
 * KUnit runs every test case through kunit_try_catch_run().  The case may
 * stop early on purpose (a failed assertion, kunit_skip()) through
 * kunit_try_catch_throw(), or against its will (a crash, a timeout).  How
 * either happens is the platform's business (see <kunit/platform.h>):
 * the kernel runs the case in a kernel thread of its own, userspace in a
 * supervised process with a jump buffer.
 */
#ifndef _KUNIT_TRY_CATCH_H
#define _KUNIT_TRY_CATCH_H

#include <kunit/platform.h>
#include <linux/jiffies.h>
#include <linux/types.h>

struct kunit;
struct module;

/* Room for the description of why a case stopped, "killed by SIGSEGV ...". */
#define KUNIT_TRY_CATCH_REASON_SIZE	176

typedef void (*kunit_try_catch_func_t)(void *context);

/* How many addresses of the code under test a run keeps (&kunit_try_catch.code). */
#define KUNIT_TRY_CATCH_CODE	4

/**
 * struct kunit_try_catch - one protected run of test code
 * @test: the test the code belongs to.
 * @try_fn: the code to run.
 * @try: the original name of @try_fn.
 * @catch_fn: called instead of returning normally when @try_fn did not
 *	      finish: it was thrown out of, it crashed or it timed out.
 * @catch: the original name of @catch_fn.
 * @context: passed to @try_fn and @catch_fn.
 * @timeout: seconds @try_fn may run; 0 for the platform's default.
 * @owner: the module of the code under test, or NULL: where a run may
 *	   outlive its timeout (the kernel), it stays loaded until the run
 *	   ends.
 * @tag: what the run belongs to (its suite), for kunit_platform_late_code_runs().
 * @code: where the code under test lies (its functions, its suite): no
 *	  module any of them lies in may go while a run that outlived its
 *	  timeout may still use it.
 * @thread_name: NULL, or where the platform runs @try_fn in a thread of its
 *		 own, that thread's name: suite code runs in one named apart
 *		 from a case's, so that the kernel's reports tell them apart.
 * @release: NULL, or called with @context by the platform when a run that
 *	     outlived its timeout ends at last: @context belongs to the run
 *	     from its timeout on, and this frees it, having called
 *	     kunit_try_catch_forget() first if this structure goes with it.
 * @result: 0 if @try_fn returned or was thrown out of, -EFAULT if it
 *	    crashed, -ETIMEDOUT if it ran out of time, -ENOTRECOVERABLE if it
 *	    returned but left its thread changed (the kernel: interrupts
 *	    disabled, a lock held...).
 * @try_result: @result, by upstream's name.
 * @thrown: @try_fn was thrown out of (kunit_try_catch_throw()).
 * @reason: for the errors, what happened, in words.
 * @platform: the platform's own state.
 *
 * Every member is private to KUnit, but for code written against the
 * original series, which set @try and @catch itself after
 * kunit_generic_try_catch_init().  A run that timed out may still be going
 * on where the platform cannot stop it (a kernel thread cannot be killed):
 * its caller must then leave @context, and this structure if it lies in
 * @context, to @release.
 */
struct kunit_try_catch {
	struct kunit *test;
	union {
		kunit_try_catch_func_t try_fn;
		kunit_try_catch_func_t try;
	};
	union {
		kunit_try_catch_func_t catch_fn;
		kunit_try_catch_func_t catch;
	};
	void *context;
	unsigned long timeout;
	struct module *owner;
	const void *tag;
	const void *code[KUNIT_TRY_CATCH_CODE];
	const char *thread_name;
	kunit_try_catch_func_t release;
	union {
		int result;
		int try_result;		/* upstream's name */
	};
	bool thrown;
	char reason[KUNIT_TRY_CATCH_REASON_SIZE];
	struct kunit_platform_try_catch platform;
};

/**
 * kunit_generic_try_catch_init() - reset a run, but for its test and code
 * @try_catch: the run; its @test, @try_fn and @catch_fn are kept.
 *
 * The original series' way to prepare a run: set &kunit_try_catch.test,
 * call this, then set &kunit_try_catch.try and &kunit_try_catch.catch.
 */
static inline void kunit_generic_try_catch_init(struct kunit_try_catch *try_catch)
{
	*try_catch = (struct kunit_try_catch) {
		.test = try_catch->test,
		.try_fn = try_catch->try_fn,
		.catch_fn = try_catch->catch_fn,
	};
}

/* Four arguments, as up to Linux 6.16; see kunit_try_catch_init(). */
static inline void __kunit_try_catch_init(struct kunit_try_catch *try_catch, struct kunit *test,
					  kunit_try_catch_func_t try_fn,
					  kunit_try_catch_func_t catch_fn)
{
	*try_catch = (struct kunit_try_catch) {
		.test = test,
		.try_fn = try_fn,
		.catch_fn = catch_fn,
	};
}

/* Five, the last a time limit in jiffies, as since 6.17. */
static inline void __kunit_try_catch_init_jiffies(struct kunit_try_catch *try_catch,
						  struct kunit *test,
						  kunit_try_catch_func_t try_fn,
						  kunit_try_catch_func_t catch_fn,
						  unsigned long timeout_jiffies)
{
	__kunit_try_catch_init(try_catch, test, try_fn, catch_fn);
	/* Whole seconds, rounded up: a limit never comes earlier than asked. */
	try_catch->timeout = timeout_jiffies / HZ + !!(timeout_jiffies % HZ);
}

#define __KUNIT_TRY_CATCH_INIT_PICK(_1, _2, _3, _4, _5, init, ...)	init

/**
 * kunit_try_catch_init() - prepare a protected run
 * @...: ``try_catch, test, try_fn, catch_fn`` and, as upstream since
 *	 Linux 6.17, ``timeout_jiffies``: the run to prepare, the test that
 *	 the code belongs to, the code to run, what to call when @try_fn does
 *	 not finish (or NULL), and how long it may run (rounded up to whole
 *	 seconds; without it, or 0, the platform's default).
 */
#define kunit_try_catch_init(...)					\
	__KUNIT_TRY_CATCH_INIT_PICK(__VA_ARGS__, __kunit_try_catch_init_jiffies, \
				    __kunit_try_catch_init,			\
				    __kunit_try_catch_init_takes_4_or_5_arguments)(__VA_ARGS__)

/**
 * kunit_try_catch_run() - run the code of a prepared try-catch
 * @try_catch: a run prepared with kunit_try_catch_init().
 * @context: passed to the try and catch functions.
 *
 * Returns once the try function has returned, or once the catch function
 * has run after the try function was thrown out of, crashed or timed out.
 * Runs may nest: a try function may start a run of its own.
 * Implemented by the platform.
 */
void kunit_try_catch_run(struct kunit_try_catch *try_catch, void *context);

/**
 * kunit_try_catch_forget() - end a run for good
 * @try_catch: a run that has ended, whose structure is about to go.
 *
 * A thread that the code under test left running may still call
 * kunit_try_catch_throw() on @try_catch: after this, that only ends the
 * thread.  Called by a run's &kunit_try_catch.release before it frees.
 */
void kunit_try_catch_forget(struct kunit_try_catch *try_catch);

/**
 * kunit_try_catch_throw() - leave the try function at once
 * @try_catch: the run in progress.
 *
 * Called from within the try function only.  Implemented by the platform.
 */
void __noreturn kunit_try_catch_throw(struct kunit_try_catch *try_catch);

/**
 * kunit_try_catch_get_result() - how the last run ended
 * @try_catch: a run that has finished.
 *
 * Return: 0 when the try function returned or was thrown out of (the
 * catch function then ran), -EFAULT, -ETIMEDOUT or -ENOTRECOVERABLE, as in
 * &struct kunit_try_catch.
 */
static inline int kunit_try_catch_get_result(struct kunit_try_catch *try_catch)
{
	return try_catch->result;
}

#endif /* _KUNIT_TRY_CATCH_H */
