// SPDX-License-Identifier: GPL-2.0
/*
 * A suite whose suite_exit leaves the kernel tainted B, as a bad page or a
 * memory checker's report does: outside any case, where no case can have
 * expected it, the suite fails.  The taint is set directly: a real bad
 * page would leak a page and say the same.
 */
#include <kunit/test.h>
#include <linux/module.h>
#include <linux/panic.h>
#include <linux/printk.h>

static void safety_passes(struct kunit *test)
{
	KUNIT_SUCCEED(test);
}

static void safety_bad_page_suite_exit(struct kunit_suite *suite)
{
	pr_info("safety_bad_page_exit: suite_exit taints the kernel B\n");
	add_taint(TAINT_BAD_PAGE, LOCKDEP_STILL_OK);
}

static struct kunit_case safety_bad_page_cases[] = {
	KUNIT_CASE(safety_passes),
	{}
};

static struct kunit_suite safety_bad_page_suite = {
	.name = "safety_bad_page_exit",
	.suite_exit = safety_bad_page_suite_exit,
	.test_cases = safety_bad_page_cases,
};
kunit_test_suite(safety_bad_page_suite);

MODULE_LICENSE("GPL");
