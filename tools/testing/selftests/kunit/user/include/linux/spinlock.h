/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-in for <linux/spinlock.h>: a test-and-set lock on the
 * compiler's atomics, so that no thread library is needed.  The irqsave
 * variants keep their kernel signatures; there are no interrupts to mask.
 */
#ifndef _KUNIT_USER_LINUX_SPINLOCK_H
#define _KUNIT_USER_LINUX_SPINLOCK_H

#include <linux/compiler.h>
#include <sched.h>

/**
 * struct kunit_user_spinlock - a lock word
 * @locked: non-zero while held.
 */
struct kunit_user_spinlock {
	int locked;
};

#define spinlock_t			struct kunit_user_spinlock

#define __SPIN_LOCK_UNLOCKED(name)	{ 0 }
#define DEFINE_SPINLOCK(name)		spinlock_t name = __SPIN_LOCK_UNLOCKED(name)

static inline void spin_lock_init(spinlock_t *lock)
{
	__atomic_store_n(&lock->locked, 0, __ATOMIC_RELAXED);
}

static inline void spin_lock(spinlock_t *lock)
{
	while (__atomic_exchange_n(&lock->locked, 1, __ATOMIC_ACQUIRE))
		sched_yield();
}

static inline void spin_unlock(spinlock_t *lock)
{
	__atomic_store_n(&lock->locked, 0, __ATOMIC_RELEASE);
}

#define spin_lock_irqsave(lock, flags)	do { (flags) = 0; spin_lock(lock); } while (0)
#define spin_unlock_irqrestore(lock, flags)	do { (void)(flags); spin_unlock(lock); } while (0)
#define spin_lock_irq(lock)		spin_lock(lock)
#define spin_unlock_irq(lock)		spin_unlock(lock)
#define spin_lock_bh(lock)		spin_lock(lock)
#define spin_unlock_bh(lock)		spin_unlock(lock)

#endif /* _KUNIT_USER_LINUX_SPINLOCK_H */
