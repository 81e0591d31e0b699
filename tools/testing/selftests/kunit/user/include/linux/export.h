/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-in for <linux/export.h>.  A userspace program has no
 * symbol table to export to: each macro becomes a declaration with no
 * effect, so that it is still valid wherever the kernel's is.
 */
#ifndef _KUNIT_USER_LINUX_EXPORT_H
#define _KUNIT_USER_LINUX_EXPORT_H

#define __kunit_user_no_export(...)	extern int __kunit_user_no_export_decl

#define EXPORT_SYMBOL			__kunit_user_no_export
#define EXPORT_SYMBOL_GPL		__kunit_user_no_export
#define EXPORT_SYMBOL_NS		__kunit_user_no_export
#define EXPORT_SYMBOL_NS_GPL		__kunit_user_no_export

#endif /* _KUNIT_USER_LINUX_EXPORT_H */
