/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-in for <asm/barrier.h>: the kernel's memory barriers as
 * the C11 fences and atomics of the compiler, which mean the same on every
 * architecture.  tools/include's version goes through per-architecture
 * headers that need more of tools/include than the stand-ins give.
 */
#ifndef _KUNIT_USER_ASM_BARRIER_H
#define _KUNIT_USER_ASM_BARRIER_H

#include <linux/compiler.h>

/* Orders every access before it against every access after it. */
#define mb()			__atomic_thread_fence(__ATOMIC_SEQ_CST)
/* Orders loads before it against accesses after it (and more). */
#define rmb()			__atomic_thread_fence(__ATOMIC_ACQUIRE)
/* Orders accesses before it against stores after it (and more). */
#define wmb()			__atomic_thread_fence(__ATOMIC_RELEASE)
/* Between threads, as the three above: a process is one machine here. */
#define smp_mb()		mb()
/* As rmb(), between threads. */
#define smp_rmb()		rmb()
/* As wmb(), between threads. */
#define smp_wmb()		wmb()

/* Loads *@p; no later access is done before it. */
#define smp_load_acquire(p)	__atomic_load_n(p, __ATOMIC_ACQUIRE)
/* Stores @v to *@p; no earlier access is done after it. */
#define smp_store_release(p, v)	__atomic_store_n(p, v, __ATOMIC_RELEASE)

#endif /* _KUNIT_USER_ASM_BARRIER_H */
