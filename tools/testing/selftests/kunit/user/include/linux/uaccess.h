/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-in for <linux/uaccess.h>.  A test program's user memory
 * is what kunit_vm_mmap() mapped for it: the copies go as far as that
 * memory allows (PROT_WRITE to copy to it, PROT_READ to copy from it),
 * and, as the kernel's, return the number of bytes they did not copy.
 * Any other address, the program's own stack or data included, is no
 * user memory, as a kernel address is not.
 */
#ifndef _KUNIT_USER_LINUX_UACCESS_H
#define _KUNIT_USER_LINUX_UACCESS_H

#include <linux/compiler.h>
#include <string.h>
#include <sys/mman.h>

/**
 * kunit_user_memory_span() - how much of a range is user memory
 * @start: the range's first byte.
 * @n: its length.
 * @prot: the protection bits (PROT_READ, PROT_WRITE) the memory must allow.
 *
 * Return: the number of bytes from @start on that lie in live mappings of
 * kunit_vm_mmap() allowing @prot.
 */
unsigned long kunit_user_memory_span(const void *start, unsigned long n, int prot);

/* Return: the number of bytes not copied. */
static inline unsigned long copy_to_user(void __user *to, const void *from, unsigned long n)
{
	unsigned long span = kunit_user_memory_span(to, n, PROT_WRITE);

	memcpy(to, from, span);
	return n - span;
}

/* Return: the number of bytes not copied (the rest of @to is zeroed, as in the kernel). */
static inline unsigned long copy_from_user(void *to, const void __user *from, unsigned long n)
{
	unsigned long span = kunit_user_memory_span(from, n, PROT_READ);

	memcpy(to, from, span);
	memset((char *)to + span, 0, n - span);
	return n - span;
}

#endif /* _KUNIT_USER_LINUX_UACCESS_H */
