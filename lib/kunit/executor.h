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
 * struct kunit_suite_set - an array of suite pointers
 * @start: the first suite.
 * @end: one past the last suite.
 */
struct kunit_suite_set {
	struct kunit_suite * const *start;
	struct kunit_suite * const *end;
};

#ifdef KUNIT_BUILTIN_SUITES_START
struct kunit_suite_set kunit_builtin_suites(void);
int kunit_executor_run(const char *filter_glob, const char *action,
		       struct kunit_progress *progress);
#endif
const char *kunit_filter_glob_check(const char *glob);
struct kunit_suite_set kunit_filter_suites(const struct kunit_suite_set *set,
					   const char *glob, int *err);
void kunit_free_suite_set(struct kunit_suite_set set);
struct kunit_suite_set kunit_exec_filter(const struct kunit_suite_set *set,
					 const char *filter_glob, int *err);
void kunit_exec_run_tests(const struct kunit_suite_set *set, struct kunit_progress *progress);

#endif /* _KUNIT_EXECUTOR_H */
