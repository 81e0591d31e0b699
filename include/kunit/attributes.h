/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Test attributes: what a case or a suite says about itself (its speed,
 * its module, whether it lies in init memory), printed in the results and
 * matched by kunit.filter ("speed>slow", "module=ext4_inode_test").
 */
#ifndef _KUNIT_ATTRIBUTES_API_H
#define _KUNIT_ATTRIBUTES_API_H

#include <linux/types.h>

struct kunit_attr;
struct kunit_suite;

/**
 * struct kunit_attr_filter - one condition of a kunit.filter
 * @attr: the attribute it is about.
 * @input: the rest of the condition: an operator and a value, as "<=slow".
 */
struct kunit_attr_filter {
	struct kunit_attr *attr;
	char *input;
};

/**
 * kunit_attr_filter_name() - the name of the attribute a condition is about
 * @filter: the condition, from kunit_next_attr_filter().
 *
 * Return: "speed", "module" or "is_init".
 */
const char *kunit_attr_filter_name(struct kunit_attr_filter filter);

/**
 * kunit_print_attr() - print the attributes of a case or a suite
 * @test_or_suite: a &struct kunit_case or a &struct kunit_suite.
 * @is_test: true for a case.
 * @test_level: how deep the lines nest: 0 for a top-level test, 1 for
 *		the cases of a suite.
 *
 * Prints one diagnostic line per attribute that has a value: "# speed:
 * slow" and "# module: NAME" for a suite, "# CASE.speed: slow" for a case.
 */
void kunit_print_attr(void *test_or_suite, bool is_test, unsigned int test_level);

/**
 * kunit_get_filter_count() - count the conditions of a kunit.filter
 * @input: conditions separated by commas, as "speed>slow, module=foo".
 *
 * Return: how many; empty parts between commas do not count.
 */
int kunit_get_filter_count(char *input);

/**
 * kunit_next_attr_filter() - take the first condition off a kunit.filter
 * @filters: the conditions left; set to the rest, or to NULL after the
 *	     last.  The string is cut where a condition ends.
 * @err: set to -EINVAL when the condition names no attribute or has no
 *	 operator.
 *
 * Return: the condition.
 */
struct kunit_attr_filter kunit_next_attr_filter(char **filters, int *err);

/**
 * kunit_filter_attr_tests() - the cases of a suite that a condition keeps
 * @suite: the suite.
 * @filter: the condition.
 * @action: NULL to leave the other cases out, "skip" to keep them as
 *	    skipped without running them.
 * @err: set to -EINVAL for a value the attribute does not take, -ENOMEM.
 *
 * A case is matched on its own value of the attribute, or its suite's
 * when it has none, or the attribute's default (speed: normal).
 *
 * Return: a copy of @suite with those cases, to free with the rest of
 * the suite set; NULL when the suite had cases and none is kept, or on an
 * error.  A suite without cases is kept: its suite_init may still fail.
 */
struct kunit_suite *kunit_filter_attr_tests(const struct kunit_suite *const suite,
					    struct kunit_attr_filter filter, char *action,
					    int *err);

#endif /* _KUNIT_ATTRIBUTES_API_H */
