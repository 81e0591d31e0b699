/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-in for <linux/jiffies.h>: a tick of a millisecond, so
 * that code which states a time in jiffies (a try-catch's time limit, say)
 * means the same time here.  There is no jiffies counter.
 */
#ifndef _KUNIT_USER_LINUX_JIFFIES_H
#define _KUNIT_USER_LINUX_JIFFIES_H

#include <linux/time.h>

#define HZ	1000

/**
 * msecs_to_jiffies() - milliseconds as ticks
 * @m: the milliseconds.
 *
 * Return: @m, a tick being a millisecond here.
 */
static inline unsigned long msecs_to_jiffies(unsigned int m)
{
	return m;
}

/**
 * jiffies_to_msecs() - ticks as milliseconds
 * @j: the ticks.
 *
 * Return: @j.
 */
static inline unsigned int jiffies_to_msecs(unsigned long j)
{
	return j;
}

#endif /* _KUNIT_USER_LINUX_JIFFIES_H */
