/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Running a test's check in task, softirq and hardirq context at once
 * (mainline since 6.18): for code with a path of its own where the FPU
 * or a vector unit is taken, or where it runs in an interrupt.
 *
 * An hrtimer in hard-interrupt mode gives hardirq context; a tasklet that
 * each expiry schedules gives softirq context (mainline queues BH work,
 * which kernels before 6.9 lack; both run as softirqs).  Userspace has
 * neither: there, kunit_run_irq_test() skips the case.
 */
#ifndef _KUNIT_RUN_IN_IRQ_CONTEXT_H
#define _KUNIT_RUN_IN_IRQ_CONTEXT_H

#include <kunit/test.h>

#if KUNIT_PLATFORM_HAS_IRQ_CONTEXT

#include <linux/atomic.h>
#include <linux/hrtimer.h>
#include <linux/interrupt.h>
#include <linux/jiffies.h>
#include <linux/ktime.h>

/**
 * struct kunit_irq_test_state - one kunit_run_irq_test() in progress
 * @func: the check; false says it failed.
 * @test_specific_state: what @func is given.
 * @task_func_reported_failure: @func failed in the task.
 * @hardirq_func_reported_failure: @func failed in hardirq context.
 * @softirq_func_reported_failure: @func failed in softirq context.
 * @task_func_calls: calls of @func in the task.
 * @hardirq_func_calls: calls of @func in hardirq context.
 * @softirq_func_calls: calls of @func in softirq context.
 * @interval: the timer's period, which grows while the task or the
 *	      softirq gets no turn (a slow machine, an emulator).
 * @timer: the hardirq side.
 * @tasklet: the softirq side.
 */
struct kunit_irq_test_state {
	bool (*func)(void *test_specific_state);
	void *test_specific_state;
	bool task_func_reported_failure;
	bool hardirq_func_reported_failure;
	bool softirq_func_reported_failure;
	atomic_t task_func_calls;
	atomic_t hardirq_func_calls;
	atomic_t softirq_func_calls;
	ktime_t interval;
	struct hrtimer timer;
	struct tasklet_struct tasklet;
};

static inline void kunit_irq_test_softirq(struct tasklet_struct *tasklet)
{
	struct kunit_irq_test_state *state = container_of(tasklet, typeof(*state), tasklet);

	atomic_inc(&state->softirq_func_calls);
	if (!state->func(state->test_specific_state))
		WRITE_ONCE(state->softirq_func_reported_failure, true);
}

static inline enum hrtimer_restart kunit_irq_test_hardirq(struct hrtimer *timer)
{
	struct kunit_irq_test_state *state = container_of(timer, typeof(*state), timer);
	int hardirq_calls = atomic_inc_return(&state->hardirq_func_calls);

	/* The timer leaves the other two no time: give them some. */
	if (hardirq_calls >= 20 && (!atomic_read(&state->task_func_calls) ||
				    !atomic_read(&state->softirq_func_calls)))
		state->interval = ktime_add_ns(state->interval, 250);
	if (!state->func(state->test_specific_state))
		WRITE_ONCE(state->hardirq_func_reported_failure, true);
	tasklet_schedule(&state->tasklet);
	hrtimer_forward_now(timer, state->interval);
	return HRTIMER_RESTART;
}

/*
 * The one place where kernels differ here: hrtimer_setup_on_stack() took
 * the place of hrtimer_init_on_stack() and a store to ->function (6.15).
 */
static inline void kunit_irq_test_timer_setup(struct hrtimer *timer)
{
#ifdef CONFIG_KUNIT_HRTIMER_SETUP
	hrtimer_setup_on_stack(timer, kunit_irq_test_hardirq, CLOCK_MONOTONIC,
			       HRTIMER_MODE_REL_HARD);
#else
	hrtimer_init_on_stack(timer, CLOCK_MONOTONIC, HRTIMER_MODE_REL_HARD);
	timer->function = kunit_irq_test_hardirq;
#endif
}

/**
 * kunit_run_irq_test() - run a check in task, softirq and hardirq context at once
 * @test: the running test, which fails if the check fails anywhere.
 * @func: the check; it returns false when it failed.  It must be safe to
 *	  call in any context, up to three calls at a time, and must not
 *	  fail an assertion or skip (KUNIT_ASSERT_*(), kunit_skip()): that
 *	  ends the task while the timer still fires, as upstream.
 * @max_iterations: how many calls, counting all three contexts, are enough
 *		    once each context had one.
 * @test_specific_state: what @func is given.
 *
 * The task calls @func over and over while a timer interrupts it and
 * schedules a softirq that calls it too, until @max_iterations calls with
 * at least one in each context, or a second.  The test fails if a context
 * never got its turn, or if a call in any of them failed.
 */
static inline void kunit_run_irq_test(struct kunit *test, bool (*func)(void *),
				      int max_iterations, void *test_specific_state)
{
	struct kunit_irq_test_state state = {
		.func = func,
		.test_specific_state = test_specific_state,
		.interval = ns_to_ktime(5 * NSEC_PER_USEC),
	};
	unsigned long deadline = jiffies + HZ;
	int task_calls, hardirq_calls, softirq_calls;

	kunit_irq_test_timer_setup(&state.timer);
	tasklet_setup(&state.tasklet, kunit_irq_test_softirq);
	hrtimer_start(&state.timer, state.interval, HRTIMER_MODE_REL_HARD);
	do {
		if (!func(test_specific_state))
			state.task_func_reported_failure = true;
		task_calls = atomic_inc_return(&state.task_func_calls);
		hardirq_calls = atomic_read(&state.hardirq_func_calls);
		softirq_calls = atomic_read(&state.softirq_func_calls);
	} while ((task_calls + hardirq_calls + softirq_calls < max_iterations ||
		  !hardirq_calls || !softirq_calls) && time_before_eq(jiffies, deadline));
	/* The timer first: it schedules the tasklet. */
	hrtimer_cancel(&state.timer);
	tasklet_kill(&state.tasklet);
	destroy_hrtimer_on_stack(&state.timer);

	KUNIT_EXPECT_GT_MSG(test, atomic_read(&state.hardirq_func_calls), 0,
			    "Timer function was not called");
	KUNIT_EXPECT_GT_MSG(test, atomic_read(&state.softirq_func_calls), 0,
			    "BH work function was not called");
	KUNIT_EXPECT_FALSE_MSG(test, state.task_func_reported_failure,
			       "Failure reported from task context");
	KUNIT_EXPECT_FALSE_MSG(test, READ_ONCE(state.hardirq_func_reported_failure),
			       "Failure reported from hardirq context");
	KUNIT_EXPECT_FALSE_MSG(test, READ_ONCE(state.softirq_func_reported_failure),
			       "Failure reported from softirq context");
}

#else /* !KUNIT_PLATFORM_HAS_IRQ_CONTEXT */

/**
 * kunit_run_irq_test() - skips the case: a program has no interrupt context
 * @test: the running test.
 * @func: not called.
 * @max_iterations: unused.
 * @test_specific_state: unused.
 */
static inline void kunit_run_irq_test(struct kunit *test, bool (*func)(void *),
				      int max_iterations, void *test_specific_state)
{
	kunit_skip(test, "kunit_run_irq_test(): there is no hardirq or softirq context in userspace");
}

#endif /* KUNIT_PLATFORM_HAS_IRQ_CONTEXT */

#endif /* _KUNIT_RUN_IN_IRQ_CONTEXT_H */
