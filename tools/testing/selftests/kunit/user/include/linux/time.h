/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-in for <linux/time.h>: time64_t and the kernel's broken-down
 * time, for the tree's calendar code (kernel/time/timeconv.c).
 *
 * The kernel's struct tm is not the C library's: its tm_year is a long and
 * it has no tm_isdst.  Both cannot be "struct tm" in one program, and
 * <time.h> may come in through the C library's own headers, so the name
 * "tm" is a macro for the kernel's layout wherever this header is seen.
 */
#ifndef _KUNIT_USER_LINUX_TIME_H
#define _KUNIT_USER_LINUX_TIME_H

#include <linux/math64.h>
#include <linux/types.h>
#include <time.h>

typedef s64 time64_t;

#define NSEC_PER_USEC		1000L
#define NSEC_PER_MSEC		1000000L
#define NSEC_PER_SEC		1000000000L
#define USEC_PER_SEC		1000000L
#define MSEC_PER_SEC		1000L

#define tm __kunit_kernel_tm

/**
 * struct tm - the kernel's broken-down time
 * @tm_sec: seconds after the minute, 0 to 60.
 * @tm_min: minutes after the hour, 0 to 59.
 * @tm_hour: hours after midnight, 0 to 23.
 * @tm_mday: day of the month, 1 to 31.
 * @tm_mon: months since January, 0 to 11.
 * @tm_year: years since 1900.
 * @tm_wday: days since Sunday, 0 to 6.
 * @tm_yday: days since January 1, 0 to 365.
 */
struct tm {
	int tm_sec;
	int tm_min;
	int tm_hour;
	int tm_mday;
	int tm_mon;
	long tm_year;
	int tm_wday;
	int tm_yday;
};

void time64_to_tm(time64_t totalsecs, int offset, struct tm *result);

#endif /* _KUNIT_USER_LINUX_TIME_H */
