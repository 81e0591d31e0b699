/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The functions behind <kunit/test-bug.h>'s hooks, private to KUnit.
 */
#ifndef _KUNIT_HOOKS_IMPL_H
#define _KUNIT_HOOKS_IMPL_H

#include <kunit/test-bug.h>

void *__kunit_get_static_stub_address_impl(struct kunit *test, void *real_fn_addr);
void kunit_install_hooks(void);
void kunit_remove_hooks(void);

#ifdef __KERNEL__
#include <linux/atomic.h>

extern atomic_long_t kunit_expected_warnings;
int kunit_show_expected_warnings(void);
void kunit_hide_expected_warnings(void);
#endif

#endif /* _KUNIT_HOOKS_IMPL_H */
