/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-in for <linux/printk.h>.  The level strings are the
 * kernel's; printk() drops the level and writes through the same sink as
 * KUnit's own output, so the two stay in order.
 */
#ifndef _KUNIT_USER_LINUX_PRINTK_H
#define _KUNIT_USER_LINUX_PRINTK_H

#include <linux/compiler.h>
#include <stdarg.h>
#include <stdbool.h>

#define KERN_SOH	"\001"
#define KERN_EMERG	KERN_SOH "0"
#define KERN_ALERT	KERN_SOH "1"
#define KERN_CRIT	KERN_SOH "2"
#define KERN_ERR	KERN_SOH "3"
#define KERN_WARNING	KERN_SOH "4"
#define KERN_NOTICE	KERN_SOH "5"
#define KERN_INFO	KERN_SOH "6"
#define KERN_DEBUG	KERN_SOH "7"
#define KERN_DEFAULT	""

/**
 * struct va_format - a format string and its arguments, passed as one
 * @fmt: printf-style format.
 * @va: the arguments for @fmt.
 */
struct va_format {
	const char *fmt;
	va_list *va;
};

int __printf(1, 2) _printk(const char *fmt, ...);
int vprintk(const char *fmt, va_list args);

#define printk			_printk

#ifndef pr_fmt
#define pr_fmt(fmt) fmt
#endif

#define pr_emerg(fmt, ...)	_printk(KERN_EMERG pr_fmt(fmt), ##__VA_ARGS__)
#define pr_alert(fmt, ...)	_printk(KERN_ALERT pr_fmt(fmt), ##__VA_ARGS__)
#define pr_crit(fmt, ...)	_printk(KERN_CRIT pr_fmt(fmt), ##__VA_ARGS__)
#define pr_err(fmt, ...)	_printk(KERN_ERR pr_fmt(fmt), ##__VA_ARGS__)
#define pr_warn(fmt, ...)	_printk(KERN_WARNING pr_fmt(fmt), ##__VA_ARGS__)
#define pr_notice(fmt, ...)	_printk(KERN_NOTICE pr_fmt(fmt), ##__VA_ARGS__)
#define pr_info(fmt, ...)	_printk(KERN_INFO pr_fmt(fmt), ##__VA_ARGS__)
/* Prints nothing, but checks the format against its arguments, as the kernel's. */
#define no_printk(fmt, ...) ({						\
	if (0)								\
		_printk(fmt, ##__VA_ARGS__);				\
	0;								\
})
#define pr_debug(fmt, ...)	no_printk(KERN_DEBUG pr_fmt(fmt), ##__VA_ARGS__)
#define pr_devel(fmt, ...)	no_printk(KERN_DEBUG pr_fmt(fmt), ##__VA_ARGS__)
/* Once per call site, as in the kernel. */
#define __kunit_print_once(fmt, ...) ({				\
	static bool __kunit_printed;					\
	if (!__atomic_exchange_n(&__kunit_printed, true, __ATOMIC_RELAXED))	\
		_printk(fmt, ##__VA_ARGS__);				\
	true;								\
})
#define __kunit_pr_once(level, fmt, ...)				\
	__kunit_print_once(KERN_##level pr_fmt(fmt), ##__VA_ARGS__)
#define printk_once		__kunit_print_once
#define pr_emerg_once(fmt, ...)	__kunit_pr_once(EMERG, fmt, ##__VA_ARGS__)
#define pr_alert_once(fmt, ...)	__kunit_pr_once(ALERT, fmt, ##__VA_ARGS__)
#define pr_crit_once(fmt, ...)	__kunit_pr_once(CRIT, fmt, ##__VA_ARGS__)
#define pr_err_once(fmt, ...)	__kunit_pr_once(ERR, fmt, ##__VA_ARGS__)
#define pr_warn_once(fmt, ...)	__kunit_pr_once(WARNING, fmt, ##__VA_ARGS__)
#define pr_notice_once(fmt, ...)	__kunit_pr_once(NOTICE, fmt, ##__VA_ARGS__)
#define pr_info_once(fmt, ...)	__kunit_pr_once(INFO, fmt, ##__VA_ARGS__)

#endif /* _KUNIT_USER_LINUX_PRINTK_H */
