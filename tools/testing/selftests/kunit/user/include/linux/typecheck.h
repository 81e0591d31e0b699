/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-in for <linux/typecheck.h>: build-time checks that an
 * expression has the type a macro needs.
 */
#ifndef _KUNIT_USER_LINUX_TYPECHECK_H
#define _KUNIT_USER_LINUX_TYPECHECK_H

/* 1, with a warning (an error under -Werror) when @x is not of @type. */
#define typecheck(type, x)						\
({									\
	type __kunit_dummy;						\
	typeof(x) __kunit_dummy2;					\
	(void)(&__kunit_dummy == &__kunit_dummy2);			\
	1;								\
})

/* Assigns @function to a @type: the compiler checks the two agree. */
#define typecheck_fn(type, function)					\
({									\
	typeof(type) __kunit_fn = function;				\
	(void)__kunit_fn;						\
})

/* Whether @x is a pointer, at build time. */
#define typecheck_pointer(x)						\
({									\
	typeof(x) __kunit_ptr;						\
	(void)sizeof(*__kunit_ptr);					\
	1;								\
})

#endif /* _KUNIT_USER_LINUX_TYPECHECK_H */
