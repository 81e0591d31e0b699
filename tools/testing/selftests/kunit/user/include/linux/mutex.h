/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace stand-in for <linux/mutex.h>: a sleeping lock is a yielding one here. */
#ifndef _KUNIT_USER_LINUX_MUTEX_H
#define _KUNIT_USER_LINUX_MUTEX_H

#include <linux/spinlock.h>

/**
 * struct mutex - a lock that may be held across sleeps
 * @lock: the lock word.
 */
struct mutex {
	spinlock_t lock;
};

#define DEFINE_MUTEX(name)	struct mutex name = { __SPIN_LOCK_UNLOCKED(name) }
#define mutex_init(m)		spin_lock_init(&(m)->lock)
#define mutex_lock(m)		spin_lock(&(m)->lock)
#define mutex_unlock(m)		spin_unlock(&(m)->lock)
#define mutex_destroy(m)	do { } while (0)

#endif /* _KUNIT_USER_LINUX_MUTEX_H */
