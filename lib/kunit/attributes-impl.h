/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Test attributes, private to KUnit's core (see attributes.c).
 */
#ifndef _KUNIT_ATTRIBUTES_IMPL_H
#define _KUNIT_ATTRIBUTES_IMPL_H

#include <kunit/test.h>

void kunit_log_attr(struct kunit_log_sink *log, const char *indent,
		    const struct kunit_suite *suite, const struct kunit_case *test_case);
const char *kunit_attr_filter_check(const char *filters);
bool kunit_attr_filters_left(char **rest);

#endif /* _KUNIT_ATTRIBUTES_IMPL_H */
