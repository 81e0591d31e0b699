/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-in for <linux/kstrtox.h>: the simple_strto*() family with
 * the kernel's rules, which are not strtoull()'s.  They skip no leading
 * space, take no '+', and only simple_strtol() and simple_strtoll() take a
 * '-'; a base of 0 reads "0x" as hexadecimal only when a hexadecimal digit
 * follows it, and a lone "0" as octal.  The end pointer stops after the
 * last digit read, or after the "-" of a number without digits.
 */
#ifndef _KUNIT_USER_LINUX_KSTRTOX_H
#define _KUNIT_USER_LINUX_KSTRTOX_H

#include <linux/types.h>
#include <limits.h>

/* The kernel's names, for the functions below. */
#define simple_strtoull		__kunit_simple_strtoull
#define simple_strtoul		__kunit_simple_strtoul
#define simple_strtoll		__kunit_simple_strtoll
#define simple_strtol		__kunit_simple_strtol

/*
 * The value of digit @c, or UINT_MAX when @c is none: the kernel takes
 * 0-9 and a-f only, whatever the base.
 */
static inline unsigned int __kunit_digit_value(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c |= 0x20;
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return UINT_MAX;
}

/**
 * __kunit_simple_strtoull - read an unsigned number as the kernel does
 * @cp: the text; read from its first byte.
 * @endp: if not NULL, set to the first byte not read.
 * @base: 0 to take it from a "0x" or "0" prefix, else the base; digits are
 *	0-9 and a-f (either case) only, even for a base above 16.
 *
 * Too many digits wrap around, as in the kernel.
 *
 * Return: the number, 0 when @cp starts with no digit.
 */
static inline unsigned long long __kunit_simple_strtoull(const char *cp, char **endp,
							 unsigned int base)
{
	unsigned long long value = 0;
	unsigned int digit;

	if (base == 0) {
		if (cp[0] != '0')
			base = 10;
		else if ((cp[1] | 0x20) == 'x' && __kunit_digit_value(cp[2]) != UINT_MAX)
			base = 16;
		else
			base = 8;
	}
	if (base == 16 && cp[0] == '0' && (cp[1] | 0x20) == 'x')
		cp += 2;
	while ((digit = __kunit_digit_value(*cp)) < base) {
		value = value * base + digit;
		cp++;
	}
	if (endp)
		*endp = (char *)cp;
	return value;
}

/**
 * __kunit_simple_strtoul - __kunit_simple_strtoull(), as an unsigned long
 * @cp: the text.
 * @endp: if not NULL, set to the first byte not read.
 * @base: 2 to 16, or 0.
 *
 * Return: the number.
 */
static inline unsigned long __kunit_simple_strtoul(const char *cp, char **endp, unsigned int base)
{
	return __kunit_simple_strtoull(cp, endp, base);
}

/**
 * __kunit_simple_strtoll - a signed number as the kernel reads it
 * @cp: the text; a leading '-' negates.
 * @endp: if not NULL, set to the first byte not read.
 * @base: 2 to 16, or 0.
 *
 * Return: the number.
 */
static inline long long __kunit_simple_strtoll(const char *cp, char **endp, unsigned int base)
{
	if (*cp == '-')
		return -__kunit_simple_strtoull(cp + 1, endp, base);
	return __kunit_simple_strtoull(cp, endp, base);
}

/**
 * __kunit_simple_strtol - __kunit_simple_strtoll(), as a long
 * @cp: the text; a leading '-' negates.
 * @endp: if not NULL, set to the first byte not read.
 * @base: 2 to 16, or 0.
 *
 * Return: the number.
 */
static inline long __kunit_simple_strtol(const char *cp, char **endp, unsigned int base)
{
	if (*cp == '-')
		return -__kunit_simple_strtoul(cp + 1, endp, base);
	return __kunit_simple_strtoul(cp, endp, base);
}

#endif /* _KUNIT_USER_LINUX_KSTRTOX_H */
