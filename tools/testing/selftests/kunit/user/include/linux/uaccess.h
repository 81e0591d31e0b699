/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-in for <linux/uaccess.h>: a test program's "user"
 * memory (kunit_vm_mmap()) is its own, so copying to and from it is a
 * plain copy, which never leaves bytes uncopied.
 */
#ifndef _KUNIT_USER_LINUX_UACCESS_H
#define _KUNIT_USER_LINUX_UACCESS_H

#include <linux/compiler.h>
#include <string.h>

/* Return: the number of bytes not copied: always 0 here. */
static inline unsigned long copy_to_user(void __user *to, const void *from, unsigned long n)
{
	memcpy(to, from, n);
	return 0;
}

/* Return: the number of bytes not copied: always 0 here. */
static inline unsigned long copy_from_user(void *to, const void __user *from, unsigned long n)
{
	memcpy(to, from, n);
	return 0;
}

#endif /* _KUNIT_USER_LINUX_UACCESS_H */
