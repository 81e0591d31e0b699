/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace stand-in for <linux/kref.h>, on the compiler's atomics. */
#ifndef _KUNIT_USER_LINUX_KREF_H
#define _KUNIT_USER_LINUX_KREF_H

#include <linux/compiler.h>

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

static inline void kref_get(struct kref *kref)
{
	__atomic_add_fetch(&kref->refcount, 1, __ATOMIC_RELAXED);
}

/**
 * kref_put - drop a reference, releasing the object with the last one
 * @kref: the reference count.
 * @release: called once the count reaches zero.
 *
 * Return: 1 if @release was called, 0 otherwise.
 */
static inline int kref_put(struct kref *kref, void (*release)(struct kref *kref))
{
	if (__atomic_sub_fetch(&kref->refcount, 1, __ATOMIC_ACQ_REL) == 0) {
		release(kref);
		return 1;
	}
	return 0;
}

#endif /* _KUNIT_USER_LINUX_KREF_H */
