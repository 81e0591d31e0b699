/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-in for <linux/compiler.h>: the attribute and access
 * helpers that KUnit and the test files written for it use.
 */
#ifndef _KUNIT_USER_LINUX_COMPILER_H
#define _KUNIT_USER_LINUX_COMPILER_H

/* The C library defines some of the same names; it comes first. */
#include <sys/cdefs.h>

/*
 * The kernel spells GCC attributes through short macros.  They are defined
 * here on top of __kunit_attr() so that this file is the only place where
 * the raw attribute syntax appears.
 */
#define __kunit_attr(list)	__attribute__(list)

#ifndef __always_inline
#define __always_inline		inline
#endif
#define noinline		__kunit_attr((__noinline__))
#define __noreturn		__kunit_attr((__noreturn__))
#define __cold			__kunit_attr((__cold__))
#define __used			__kunit_attr((__used__))
#define __maybe_unused		__kunit_attr((__unused__))
#define __always_unused		__kunit_attr((__unused__))
#define __weak			__kunit_attr((__weak__))
#define __packed		__kunit_attr((__packed__))
#define __pure			__kunit_attr((__pure__))
#define __must_check		__kunit_attr((__warn_unused_result__))
#define __aligned(x)		__kunit_attr((__aligned__(x)))
#define __section(s)		__kunit_attr((__section__(s)))
#define __printf(a, b)		__kunit_attr((__format__(printf, a, b)))
#define __scanf(a, b)		__kunit_attr((__format__(scanf, a, b)))
#define __malloc		__kunit_attr((__malloc__))
#define __visible		__kunit_attr((__externally_visible__))
#define __init
#define __refdata
#define __exit
#define __initdata
#define __exitdata
#define __ro_after_init
#define __user
#define __iomem
#define __force
#define __rcu
#define __percpu
/*
 * The bound of a flexible array, which only some compilers check.  The C
 * library's <linux/stddef.h> has it since Linux 6.6's headers, which a
 * cross toolchain's (Debian 12's for arm64) may be older than.
 */
#ifndef __counted_by
#define __counted_by(member)
#endif
#ifndef __counted_by_le
#define __counted_by_le(member)
#endif
#ifndef __counted_by_be
#define __counted_by_be(member)
#endif

#define likely(x)		__builtin_expect(!!(x), 1)
#define unlikely(x)		__builtin_expect(!!(x), 0)
#define barrier()		__atomic_signal_fence(__ATOMIC_SEQ_CST)

#define ___PASTE(a, b)		a##b
#define __PASTE(a, b)		___PASTE(a, b)
#define __UNIQUE_ID(prefix)	__PASTE(__PASTE(__UNIQUE_ID_, prefix), __COUNTER__)

/* Relaxed atomics give the single, untorn access that the kernel's need. */
#define READ_ONCE(x)		__atomic_load_n(&(x), __ATOMIC_RELAXED)
#define WRITE_ONCE(x, val)	__atomic_store_n(&(x), (val), __ATOMIC_RELAXED)

#define __same_type(a, b)	__builtin_types_compatible_p(typeof(a), typeof(b))

/* A call to a function so marked, left after optimisation, fails the build. */
#if defined(__clang__) && __clang_major__ < 14
#define __compiletime_error(message)
#else
#define __compiletime_error(message)	__kunit_attr((__error__(message)))
#endif

/* Whether @type is signed: -1 converted to it is below 1. */
#define is_signed_type(type)	(((type)(-1)) < (type)1)
#define is_unsigned_type(type)	(!is_signed_type(type))

/*
 * The size of the object @p points into, from @p to its end (or of the
 * member it points to): what the compiler can tell, at run time if it can.
 */
#if __has_builtin(__builtin_dynamic_object_size)
#define __struct_size(p)	__builtin_dynamic_object_size(p, 0)
#define __member_size(p)	__builtin_dynamic_object_size(p, 1)
#else
#define __struct_size(p)	__builtin_object_size(p, 0)
#define __member_size(p)	__builtin_object_size(p, 1)
#endif

/* Keeps the compiler from knowing @var's value: it may have changed. */
#define OPTIMIZER_HIDE_VAR(var)	({ __asm__ ("" : "=r" (var) : "0" (var)); })

#define fallthrough		__kunit_attr((__fallthrough__))

#define BUILD_BUG_ON_ZERO(e)	((int)(sizeof(struct { int:(-!!(e)); })))
#define BUILD_BUG_ON(e)		((void)sizeof(char[1 - 2 * !!(e)]))
/* static_assert(cond) or static_assert(cond, msg): the text of cond by default. */
/* 0, or a build error when @a is a pointer rather than an array. */
#define __must_be_array(a)	BUILD_BUG_ON_ZERO(__same_type((a), &(a)[0]))
/*
 * Whether @x is an integer constant expression, as a constant itself: only
 * then is (void *)(x * 0) a null pointer constant, which makes the
 * conditional's type int * rather than void *.
 */
#define __is_constexpr(x)	\
	(sizeof(*(1 ? (int *)8 : (void *)((long)(x) * 0l))) == sizeof(int))
#define static_assert(...)	__kunit_static_assert(__VA_ARGS__, #__VA_ARGS__)
#define __kunit_static_assert(cond, msg, ...)	_Static_assert(cond, msg)

#endif /* _KUNIT_USER_LINUX_COMPILER_H */
