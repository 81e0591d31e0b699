/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-in for <linux/init.h>.  Initcalls are not run: KUnit
 * finds its suites through their ELF section, not through an initcall.
 */
#ifndef _KUNIT_USER_LINUX_INIT_H
#define _KUNIT_USER_LINUX_INIT_H

#include <linux/compiler.h>

#define __kunit_user_initcall(fn)					\
	static int (*__UNIQUE_ID(initcall))(void) __maybe_unused = (fn)

#define core_initcall(fn)	__kunit_user_initcall(fn)
#define subsys_initcall(fn)	__kunit_user_initcall(fn)
#define fs_initcall(fn)		__kunit_user_initcall(fn)
#define device_initcall(fn)	__kunit_user_initcall(fn)
#define late_initcall(fn)	__kunit_user_initcall(fn)

#endif /* _KUNIT_USER_LINUX_INIT_H */
