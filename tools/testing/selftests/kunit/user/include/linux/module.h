/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-in for <linux/module.h>: module metadata is accepted and
 * dropped; module_init() and module_exit() functions are not run.
 */
#ifndef _KUNIT_USER_LINUX_MODULE_H
#define _KUNIT_USER_LINUX_MODULE_H

#include_next <linux/module.h>
#include <linux/export.h>
#include <linux/init.h>
#include <linux/kernel.h>

#define THIS_MODULE			((struct module *)0)

#define MODULE_LICENSE(s)		extern int __kunit_user_no_modinfo
#define MODULE_AUTHOR(s)		extern int __kunit_user_no_modinfo
#define MODULE_DESCRIPTION(s)		extern int __kunit_user_no_modinfo
#define MODULE_ALIAS(s)			extern int __kunit_user_no_modinfo
#define MODULE_IMPORT_NS(ns)		extern int __kunit_user_no_modinfo
#define MODULE_PARM_DESC(p, s)		extern int __kunit_user_no_modinfo
#define module_param(n, t, p)		extern int __kunit_user_no_modinfo
#define module_param_named(n, v, t, p)	extern int __kunit_user_no_modinfo

#define module_init(fn)			__kunit_user_initcall(fn)
#define module_exit(fn)							\
	static void (*__UNIQUE_ID(exitcall))(void) __maybe_unused = (fn)

struct module;

#endif /* _KUNIT_USER_LINUX_MODULE_H */
