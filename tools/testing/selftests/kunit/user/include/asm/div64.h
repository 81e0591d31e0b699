/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-in for <asm/div64.h>: every architecture's do_div()
 * computes what the generic one does, and the generic one is C, so the
 * kernel tree's asm-generic version is the one taken.
 */
#ifndef _KUNIT_USER_ASM_DIV64_H
#define _KUNIT_USER_ASM_DIV64_H

#include <linux/bits.h>
#include <asm-generic/div64.h>

#endif /* _KUNIT_USER_ASM_DIV64_H */
