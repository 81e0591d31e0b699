/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace stand-in for <linux/kref.h>, on the compiler's atomics. */
#ifndef _KUNIT_USER_LINUX_KREF_H
#define _KUNIT_USER_LINUX_KREF_H

#include <linux/bug.h>
#include <linux/compiler.h>
#include <limits.h>

/**
 * struct kref - a reference count
 * @refcount: number of references held.
 */
struct kref {
	int refcount;
};

static inline void kref_init(struct kref *kref)
{
	__atomic_store_n(&kref->refcount, 1, __ATOMIC_RELAXED);
}

static inline unsigned int kref_read(const struct kref *kref)
{
	return __atomic_load_n(&kref->refcount, __ATOMIC_RELAXED);
}

/* Where a count that went wrong stays, as the kernel's refcount_t does. */
#define KUNIT_REFCOUNT_SATURATED	(INT_MIN / 2)

/*
 * A count that reached the top, or went below zero, stays saturated: the
 * object leaks rather than being freed while a reference may be left.
 * Only the first step into saturation warns.
 */
static inline void kref_get(struct kref *kref)
{
	int old = __atomic_fetch_add(&kref->refcount, 1, __ATOMIC_RELAXED);

	if (old > 0 && old < INT_MAX)
		return;
	__atomic_store_n(&kref->refcount, KUNIT_REFCOUNT_SATURATED, __ATOMIC_RELAXED);
	if (old == KUNIT_REFCOUNT_SATURATED)
		return;
	if (old == INT_MAX)
		WARN(1, "refcount_t: saturated; leaking memory.\n");
	else
		WARN(1, "refcount_t: addition on 0; use-after-free.\n");
}

/**
 * kref_put - drop a reference, releasing the object with the last one
 * @kref: the reference count.
 * @release: called once the count reaches zero.
 *
 * A put on a count already at zero is a use after free: it warns, as the
 * kernel's refcount_t does, and releases nothing; nor does a put on a
 * saturated count.
 *
 * Return: 1 if @release was called, 0 otherwise.
 */
static inline int kref_put(struct kref *kref, void (*release)(struct kref *kref))
{
	int old = __atomic_fetch_sub(&kref->refcount, 1, __ATOMIC_ACQ_REL);

	if (old == 1) {
		release(kref);
		return 1;
	}
	if (old <= 0) {
		__atomic_store_n(&kref->refcount, KUNIT_REFCOUNT_SATURATED, __ATOMIC_RELAXED);
		WARN(old != KUNIT_REFCOUNT_SATURATED, "refcount_t: underflow; use-after-free.\n");
	}
	return 0;
}

#endif /* _KUNIT_USER_LINUX_KREF_H */
