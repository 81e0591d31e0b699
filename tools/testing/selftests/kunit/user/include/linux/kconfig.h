/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-in for <linux/kconfig.h>.  A userspace KUnit program is
 * built as if CONFIG_KUNIT=y and CONFIG_KUNIT_DEFAULT_ENABLED=y, and with
 * CONFIG_BUG=y and CONFIG_DEBUG_BUGVERBOSE=y, which <linux/bug.h> here
 * stands in for (WARN() warns, and says where); every other option is off
 * unless the build defines it (-DCONFIG_FOO=1).
 */
#ifndef _KUNIT_USER_LINUX_KCONFIG_H
#define _KUNIT_USER_LINUX_KCONFIG_H

#ifndef CONFIG_KUNIT
#define CONFIG_KUNIT 1
#endif
#ifndef CONFIG_KUNIT_DEFAULT_ENABLED
#define CONFIG_KUNIT_DEFAULT_ENABLED 1
#endif
#ifndef CONFIG_BUG
#define CONFIG_BUG 1
#endif
#ifndef CONFIG_DEBUG_BUGVERBOSE
#define CONFIG_DEBUG_BUGVERBOSE 1
#endif

/*
 * IS_BUILTIN(CONFIG_FOO) is 1 when CONFIG_FOO is defined to 1 and 0 when it
 * is undefined: the 1 selects a token list in which the wanted value sits
 * in the second place.
 */
#define __KUNIT_ARG_PLACEHOLDER_1	0,
#define __kunit_take_second_arg(ignored, val, ...)	val
#define ___kunit_is_defined(val)	____kunit_is_defined(__KUNIT_ARG_PLACEHOLDER_##val)
#define ____kunit_is_defined(arg1_or_junk)	__kunit_take_second_arg(arg1_or_junk 1, 0)
#define __kunit_is_defined(x)		___kunit_is_defined(x)

#define IS_BUILTIN(option)		__kunit_is_defined(option)
/* A tristate option built as a module defines CONFIG_FOO_MODULE instead. */
#define IS_MODULE(option)		__kunit_is_defined(option##_MODULE)
#define IS_REACHABLE(option)		(IS_BUILTIN(option) ||			\
					 (IS_MODULE(option) && __kunit_is_defined(MODULE)))
#define __kunit_is_enabled(option)	(IS_BUILTIN(option) || IS_MODULE(option))
#define IS_ENABLED			__kunit_is_enabled

#endif /* _KUNIT_USER_LINUX_KCONFIG_H */
