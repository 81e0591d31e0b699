// SPDX-License-Identifier: GPL-2.0
/*
 * A case that lets a signal in and leaves it pending on its thread, as a
 * test of an interruptible sleep may: the cases after it must run in a
 * thread like a new one (no signal pending or let in), and all pass, as
 * in stock KUnit, where every case has a thread of its own.
 */
#include <kunit/test.h>
#include <linux/module.h>
#include <linux/sched/signal.h>

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

static struct kunit_case safety_signal_cases[] = {
	KUNIT_CASE(safety_leaves_signal),
	KUNIT_CASE(safety_fresh_thread),
	KUNIT_CASE(safety_blocks_signal),
	KUNIT_CASE(safety_nothing_blocked),
	{}
};

static struct kunit_suite safety_signal_suite = {
	.name = "safety_signal",
	.test_cases = safety_signal_cases,
};
kunit_test_suite(safety_signal_suite);

MODULE_LICENSE("GPL");
