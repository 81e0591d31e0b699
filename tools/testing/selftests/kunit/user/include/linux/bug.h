/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-in for <linux/bug.h>.  BUG() raises SIGABRT, which a
 * userspace KUnit program reports against the running case.  WARN_ON()
 * prints and carries on, as in the kernel, and fails the running case
 * unless a kunit_warning_suppress() block of the case's is open: in the
 * kernel, the case in whose window the kernel's count of warnings grew
 * fails, and a case must give the same result in both worlds.
 */
#ifndef _KUNIT_USER_LINUX_BUG_H
#define _KUNIT_USER_LINUX_BUG_H

#include <kunit/test-bug.h>
#include <linux/compiler.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#define BUG() do {							\
	fprintf(stderr, "kernel BUG at %s:%d!\n", __FILE__, __LINE__);	\
	abort();							\
} while (0)

#define BUG_ON(condition) do {						\
	if (unlikely(condition))					\
		BUG();							\
} while (0)

#define WARN_ON(condition) ({						\
	int __ret_warn_on = !!(condition);				\
	if (unlikely(__ret_warn_on)) {					\
		fprintf(stderr, "WARNING: at %s:%d\n", __FILE__, __LINE__); \
		kunit_platform_warned(__FILE__, __LINE__);		\
	}								\
	unlikely(__ret_warn_on);					\
})

#define WARN(condition, format...) ({					\
	int __ret_warn_on = !!(condition);				\
	if (unlikely(__ret_warn_on)) {					\
		fprintf(stderr, format);				\
		kunit_platform_warned(__FILE__, __LINE__);		\
	}								\
	unlikely(__ret_warn_on);					\
})

/* Once per call site, as in the kernel; each still returns the condition. */
#define __KUNIT_ONCE(action) do {					\
	static bool __kunit_done;					\
	if (!__atomic_exchange_n(&__kunit_done, true, __ATOMIC_RELAXED))	\
		action;							\
} while (0)

#define WARN_ON_ONCE(condition) ({					\
	int __ret_warn_once = !!(condition);				\
	if (unlikely(__ret_warn_once))					\
		__KUNIT_ONCE(WARN_ON(1));				\
	unlikely(__ret_warn_once);					\
})

#define WARN_ONCE(condition, format...) ({				\
	int __ret_warn_once = !!(condition);				\
	if (unlikely(__ret_warn_once))					\
		__KUNIT_ONCE(WARN(1, format));				\
	unlikely(__ret_warn_once);					\
})

#endif /* _KUNIT_USER_LINUX_BUG_H */
