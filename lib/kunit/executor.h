/* SPDX-License-Identifier: GPL-2.0 */
/*
 * KUnit's executor, private to KUnit: what runs the registered suites in
 * the kernel at boot, and in a userspace KUnit program.
 */
#ifndef _KUNIT_EXECUTOR_H
#define _KUNIT_EXECUTOR_H

#include <kunit/test.h>

struct kunit_progress;

/**
 * struct kunit_selection - which of the suites a run takes, and what it does
 * @glob: kunit.filter_glob: NULL, or "suite_glob[.case_glob]".
 * @filters: kunit.filter: NULL, or attribute conditions, "speed>slow".
 * @filter_action: kunit.filter_action: NULL, or "skip" to keep the cases
 *		   that @filters leaves out, skipped.
 * @action: kunit.action: NULL or "run", "list", "list_attr".
 */
struct kunit_selection {
	const char *glob;
	char *filters;
	char *filter_action;
	const char *action;
};

#ifdef KUNIT_BUILTIN_SUITES_START
struct kunit_suite_set kunit_builtin_suites(void);
int kunit_executor_run(const struct kunit_selection *selection,
		       struct kunit_progress *progress);
#endif
const char *kunit_filter_glob_check(const char *glob);
struct kunit_suite_set kunit_exec_select(const struct kunit_suite_set *set,
					 const struct kunit_selection *selection, int *err);
void kunit_exec_release(struct kunit_suite_set set, const struct kunit_selection *selection);
void kunit_exec_run_tests(const struct kunit_suite_set *set, struct kunit_progress *progress);

#endif /* _KUNIT_EXECUTOR_H */
