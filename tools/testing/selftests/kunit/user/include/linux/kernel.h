/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-in for <linux/kernel.h>: what test files most often take
 * from it, from the integer types to ARRAY_SIZE(), min() and snprintf().
 */
#ifndef _KUNIT_USER_LINUX_KERNEL_H
#define _KUNIT_USER_LINUX_KERNEL_H

#include_next <linux/kernel.h>
#include <linux/bitops.h>
#include <linux/bits.h>
#include <linux/bug.h>
#include <linux/compiler.h>
#include <linux/container_of.h>
#include <linux/err.h>
#include <linux/kconfig.h>
#include <linux/kstrtox.h>
#include <linux/limits.h>
#include <linux/log2.h>
#include <linux/minmax.h>
#include <linux/printk.h>
#include <linux/stddef.h>
#include <linux/stringify.h>
#include <linux/types.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#define ARRAY_SIZE(arr)		(sizeof(arr) / sizeof((arr)[0]) + __must_be_array(arr))

/*
 * The kernel's abs() takes any integer type, where the C library's takes an
 * int and would cut a 64-bit value.
 */
#undef abs
#define abs(x)	({ typeof(x) __kunit_x = (x); __kunit_x < 0 ? -__kunit_x : __kunit_x; })

#define DIV_ROUND_UP(n, d)	(((n) + (d) - 1) / (d))
#define ALIGN(x, a)		(((x) + ((typeof(x))(a) - 1)) & ~((typeof(x))(a) - 1))
#define IS_ALIGNED(x, a)	(((x) & ((typeof(x))(a) - 1)) == 0)
#define round_up(x, y)		((((x) - 1) | ((typeof(x))((y) - 1))) + 1)
#define round_down(x, y)	((x) & ~((typeof(x))((y) - 1)))
#define roundup(x, y)		((((x) + ((y) - 1)) / (y)) * (y))
#define upper_32_bits(n)	((u32)(((n) >> 16) >> 16))
#define lower_32_bits(n)	((u32)((n) & 0xffffffff))

/* Command-line parsing, from the tree's lib/cmdline.c when a program has it. */
int get_option(char **str, int *pint);
char *get_options(const char *str, int nints, int *ints);
unsigned long long memparse(const char *ptr, char **retptr);
bool parse_option_str(const char *str, const char *option);
char *next_arg(char *args, char **param, char **val);

/*
 * The kernel's printf functions know %px (a pointer in zero-padded hex, as
 * the kernel prints it), which the C library's would print as %p and an
 * "x".  These take kernel formats; see tools/testing/selftests/kunit/user.
 */
int __printf(3, 4) kunit_user_snprintf(char *buf, size_t size, const char *fmt, ...);
int __printf(3, 0) kunit_user_vsnprintf(char *buf, size_t size, const char *fmt, va_list args);
int __printf(2, 3) kunit_user_sprintf(char *buf, const char *fmt, ...);
#define snprintf(buf, size, ...)	kunit_user_snprintf(buf, size, __VA_ARGS__)
#define vsnprintf(buf, size, fmt, args)	kunit_user_vsnprintf(buf, size, fmt, args)
#define sprintf(buf, ...)		kunit_user_sprintf(buf, __VA_ARGS__)

#define might_sleep()		do { } while (0)
#define cond_resched()		do { } while (0)

/**
 * vscnprintf - format into a buffer, returning what was really written
 * @buf: destination.
 * @size: size of @buf, terminator included.
 * @fmt: printf-style format.
 * @args: arguments for @fmt.
 *
 * Return: the number of characters written to @buf, without the terminator.
 */
static inline int vscnprintf(char *buf, size_t size, const char *fmt, va_list args)
{
	int len;

	if (!size)
		return 0;
	len = vsnprintf(buf, size, fmt, args);
	if (len < 0)
		return 0;
	return (size_t)len >= size ? (int)size - 1 : len;
}

static inline __printf(3, 4) int scnprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list args;
	int len;

	va_start(args, fmt);
	len = vscnprintf(buf, size, fmt, args);
	va_end(args);
	return len;
}

#endif /* _KUNIT_USER_LINUX_KERNEL_H */
