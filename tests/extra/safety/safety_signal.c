// SPDX-License-Identifier: GPL-2.0
/*
 * A case that lets a signal in and leaves it pending on its thread, as a
 * test of an interruptible sleep may, one that leaves a signal blocked and
 * one that leaves page faults disabled: the cases after them must run in
 * a new thread, and all pass, as in stock KUnit, where every case has a
 * thread of its own.
 */
#include <kunit/test.h>
#include <linux/module.h>
#include <linux/sched/signal.h>
#include <linux/uaccess.h>

static pid_t safety_signal_pid;

static void safety_leaves_signal(struct kunit *test)
{
	allow_signal(SIGUSR1);
	send_sig(SIGUSR1, current, 0);
	KUNIT_EXPECT_TRUE(test, signal_pending(current));
	safety_signal_pid = current->pid;
}

static void safety_fresh_thread(struct kunit *test)
{
	KUNIT_EXPECT_FALSE(test, signal_pending(current));
	KUNIT_EXPECT_NE(test, current->pid, safety_signal_pid);
	KUNIT_EXPECT_TRUE(test, current->sighand->action[SIGUSR1 - 1].sa.sa_handler == SIG_IGN);
}

static void safety_blocks_signal(struct kunit *test)
{
	sigset_t block;

	siginitset(&block, sigmask(SIGUSR2));
	sigprocmask(SIG_BLOCK, &block, NULL);
	safety_signal_pid = current->pid;
}

static void safety_nothing_blocked(struct kunit *test)
{
	KUNIT_EXPECT_FALSE(test, sigismember(&current->blocked, SIGUSR2));
	KUNIT_EXPECT_NE(test, current->pid, safety_signal_pid);
}

/* Leaves page faults disabled, which preempt_count does not show without PREEMPT_COUNT. */
static void safety_leaves_pagefaults_off(struct kunit *test)
{
	pagefault_disable();
	KUNIT_EXPECT_TRUE(test, pagefault_disabled());
	safety_signal_pid = current->pid;
}

static void safety_pagefaults_on(struct kunit *test)
{
	KUNIT_EXPECT_FALSE(test, pagefault_disabled());
	KUNIT_EXPECT_NE(test, current->pid, safety_signal_pid);
}

static struct kunit_case safety_signal_cases[] = {
	KUNIT_CASE(safety_leaves_signal),
	KUNIT_CASE(safety_fresh_thread),
	KUNIT_CASE(safety_blocks_signal),
	KUNIT_CASE(safety_nothing_blocked),
	KUNIT_CASE(safety_leaves_pagefaults_off),
	KUNIT_CASE(safety_pagefaults_on),
	{}
};

static struct kunit_suite safety_signal_suite = {
	.name = "safety_signal",
	.test_cases = safety_signal_cases,
};
kunit_test_suite(safety_signal_suite);

MODULE_LICENSE("GPL");
