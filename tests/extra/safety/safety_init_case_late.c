// SPDX-License-Identifier: GPL-2.0
/*
 * An __init case that outlives its timeout (1 s) by two seconds: once the
 * module has started, its init code is freed, and the case would return
 * into freed memory.  The load must wait for it; and the suite, whose code
 * goes with init memory, has no debugfs run file.
 */
#include <kunit/test.h>
#include <linux/delay.h>
#include <linux/module.h>

static void __init safety_init_case(struct kunit *test)
{
	msleep(3000);
	pr_info("safety_init_case_late: the late __init case returned\n");
}

/* "_probe": modpost lets data of that name point into init code. */
static struct kunit_case safety_init_case_cases_probe[] = {
	KUNIT_CASE_TIMEOUT(safety_init_case, 1),
	{}
};

static struct kunit_suite safety_init_case_suite = {
	.name = "safety_init_case_late",
	.test_cases = safety_init_case_cases_probe,
};
kunit_test_init_section_suite(safety_init_case_suite);

MODULE_LICENSE("GPL");
