/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The userspace KUnit executor: what main() hands to the supervisor.
 */
#ifndef _KUNIT_USER_H
#define _KUNIT_USER_H

#include <stdbool.h>

/* Per-case time limit when none is given; kselftest's own is 45 s a program. */
#define KUNIT_USER_DEFAULT_TIMEOUT	30

/**
 * struct kunit_user_options - how to run a userspace KUnit program
 * @filter_glob: NULL, or which suites and cases to run, "suite[.case]".
 * @filters: NULL, or attribute conditions, "speed>slow" (as kunit.filter).
 * @filter_action: NULL, or "skip" to keep the cases that @filters leaves
 *		   out, skipped (as kunit.filter_action).
 * @action: NULL or "run" to run, "list" to list the cases, "list_attr" to
 *	    list them with their attributes.
 * @timeout: seconds a case may run (0 for no limit); only with @fork.
 * @fork: run the tests in a supervised child process, so that a crash or
 *	  a hang fails one case; false runs them in this process, for a
 *	  debugger.
 * @kselftest_nesting: print each level of KTAP nesting as "# " rather than
 *		       four spaces, as kselftest's CI parsers read it.
 */
struct kunit_user_options {
	const char *filter_glob;
	char *filters;
	char *filter_action;
	const char *action;
	unsigned int timeout;
	bool fork;
	bool kselftest_nesting;
};

int kunit_user_run(const struct kunit_user_options *options);

#endif /* _KUNIT_USER_H */
