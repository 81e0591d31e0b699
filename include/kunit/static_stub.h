/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Static stubs: a test replaces a function of the code under test, for
 * its own task only, without function pointers in that code.  The
 * function says where it may be replaced:
 *
 * .. code-block:: c
 *
 *	int read_sensor(struct sensor *s)
 *	{
 *		KUNIT_STATIC_STUB_REDIRECT(read_sensor, s);
 *		return readl(s->reg);
 *	}
 *
 * and the test, kunit_activate_static_stub(test, read_sensor, fake_read):
 * from there to the end of the case, a call of read_sensor() from the
 * case's task returns fake_read(s).  Without CONFIG_KUNIT the redirection
 * is gone.
 */
#ifndef _KUNIT_STATIC_STUB_API_H
#define _KUNIT_STATIC_STUB_API_H

#include <linux/kconfig.h>

#if IS_ENABLED(CONFIG_KUNIT)

#include <kunit/test-bug.h>
#include <kunit/test.h>
#include <linux/typecheck.h>

/**
 * KUNIT_STATIC_STUB_REDIRECT() - call the test's replacement, if it set one
 * @real_fn_name: the function this is the first statement of.
 * @args: its arguments, passed on to the replacement.
 *
 * Returns from the function with what the replacement returns when the
 * running task serves a test that activated one for @real_fn_name; does
 * nothing otherwise.
 */
#ifdef __KUNIT_HOOKS_REACHABLE
#define KUNIT_STATIC_STUB_REDIRECT(real_fn_name, args...)			\
do {										\
	/* Named after the function: a debugger then says whose stub it is. */	\
	typeof(&real_fn_name) __kunit_stub_##real_fn_name;			\
	struct kunit *__kunit_test = kunit_get_current_test();			\
										\
	if (likely(!__kunit_test))						\
		break;								\
	__kunit_stub_##real_fn_name =						\
		kunit_hooks.get_static_stub_address(__kunit_test, &real_fn_name); \
	if (unlikely(__kunit_stub_##real_fn_name))				\
		return __kunit_stub_##real_fn_name(args);			\
} while (0)
#else
/*
 * Built-in code, with KUnit a module of a tree that has no built-in hooks
 * (before 6.3): only modules reach KUnit, and nothing replaces this.
 */
#define KUNIT_STATIC_STUB_REDIRECT(real_fn_name, args...) ((void)(real_fn_name))
#endif

void __kunit_activate_static_stub(struct kunit *test, void *real_fn_addr,
				  void *replacement_addr);

/**
 * kunit_activate_static_stub() - replace a function until the case ends
 * @test: the test.
 * @real_fn_addr: the function, which calls KUNIT_STATIC_STUB_REDIRECT().
 * @replacement_addr: the function to call instead, of the same type.
 *
 * Activating a stub again replaces its replacement;
 * __kunit_activate_static_stub() with a NULL replacement deactivates it.
 */
#define kunit_activate_static_stub(test, real_fn_addr, replacement_addr) do {	\
	typecheck_fn(typeof(&replacement_addr), real_fn_addr);		\
	__kunit_activate_static_stub((test), (real_fn_addr), (replacement_addr)); \
} while (0)

/**
 * kunit_deactivate_static_stub() - call the real function again
 * @test: the test.
 * @real_fn_addr: the function; a stub must be active for it, or the case
 *		  fails.
 */
void kunit_deactivate_static_stub(struct kunit *test, void *real_fn_addr);

#else

/* Without KUnit, nothing can replace the function. */
#define KUNIT_STATIC_STUB_REDIRECT(real_fn_name, args...) ((void)(real_fn_name))

#endif

#endif /* _KUNIT_STATIC_STUB_API_H */
