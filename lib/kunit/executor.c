// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit's executor: finds the registered suites, filters them, and runs
 * or lists them as one KTAP document.
 *
 * In the kernel it runs the built-in suites at boot, from
 * kunit_run_all_tests(), and the suites of each module as the module
 * loads.  In userspace, the program's main() runs it in a supervised
 * child process (tools/testing/selftests/kunit/user).
 *
 * Filtering and listing happen once per run, before any case: they are
 * __cold, compiled for size and kept away from the code cases run through.
 */
#include "attributes-impl.h"
#include "executor.h"
#include "progress.h"
#include "tests-only-export.h"
#include <kunit/attributes.h>
#include <kunit/test.h>

#include <linux/glob.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>

/*
 * kunit.ko has no built-in suites, and the platform then gives no
 * KUNIT_BUILTIN_SUITES_START: what runs them at boot is not compiled in.
 */
#ifdef KUNIT_BUILTIN_SUITES_START
/**
 * kunit_builtin_suites() - the suites registered in this image
 *
 * Return: the kernel's built-in suites, or a userspace program's suites.
 */
struct kunit_suite_set kunit_builtin_suites(void)
{
	struct kunit_suite_set set = {
		.start = KUNIT_BUILTIN_SUITES_START,
		.end = KUNIT_BUILTIN_SUITES_END,
	};

	if (!set.start || !set.end) {
		set.start = NULL;
		set.end = NULL;
	}
	return set;
}
#endif /* KUNIT_BUILTIN_SUITES_START */

/* Whether @pattern has a '[' without its ']'. */
static bool __cold kunit_glob_has_open_bracket(const char *pattern, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++) {
		if (pattern[i] != '[')
			continue;
		/* A ']' right after '[' or "[!" belongs to the set. */
		i++;
		if (i < len && pattern[i] == '!')
			i++;
		if (i < len && pattern[i] == ']')
			i++;
		while (i < len && pattern[i] != ']')
			i++;
		if (i >= len)
			return true;
	}
	return false;
}

/**
 * kunit_filter_glob_check() - tell whether a filter glob is well formed
 * @glob: "suite_glob" or "suite_glob.case_glob".
 *
 * Return: NULL if @glob is well formed, otherwise what is wrong with it.
 */
__cold const char *kunit_filter_glob_check(const char *glob)
{
	const char *dot;

	if (!glob || !*glob)
		return "the filter is empty";
	dot = strchr(glob, '.');
	if (dot == glob)
		return "the suite part, before the '.', is empty";
	if (dot && !dot[1])
		return "the case part, after the '.', is empty";
	if (kunit_glob_has_open_bracket(glob, dot ? (size_t)(dot - glob) : strlen(glob)) ||
	    (dot && kunit_glob_has_open_bracket(dot + 1, strlen(dot + 1))))
		return "a '[' has no matching ']'";
	return NULL;
}
EXPORT_SYMBOL_FOR_KUNIT_TESTS(kunit_filter_glob_check);

/**
 * kunit_parse_glob_filter() - split a filter glob at its first '.'
 * @parsed: gets a copy of the suites' glob, and of the cases' glob (NULL
 *	    when there is no '.'); the caller kfree()s both.
 * @filter_glob: "suite_glob" or "suite_glob.case_glob".
 *
 * Return: 0, or -ENOMEM with nothing allocated.
 */
__cold int kunit_parse_glob_filter(struct kunit_glob_filter *parsed, const char *filter_glob)
{
	const char *dot = strchr(filter_glob, '.');

	parsed->test_glob = NULL;
	parsed->suite_glob = kstrndup(filter_glob, dot ? (size_t)(dot - filter_glob) :
				      strlen(filter_glob), GFP_KERNEL);
	if (!parsed->suite_glob)
		return -ENOMEM;
	if (!dot)
		return 0;
	parsed->test_glob = kstrdup(dot + 1, GFP_KERNEL);
	if (parsed->test_glob)
		return 0;
	kfree(parsed->suite_glob);
	parsed->suite_glob = NULL;
	return -ENOMEM;
}
EXPORT_SYMBOL_FOR_KUNIT_TESTS(kunit_parse_glob_filter);

/*
 * A copy of @suite that keeps only the cases matching @case_glob (NULL:
 * every case); its results are @suite's (see kunit_suite_results()).  A
 * suite that a case glob leaves without cases is left out; one that has
 * none at all is kept, whatever the glob (6.12 drops it): its suite_init
 * may still fail, and "*" and "*.*" must not give two verdicts.
 */
static struct kunit_suite *__cold kunit_filter_cases(struct kunit_suite *suite,
						     const char *case_glob)
{
	struct kunit_case *test_case, *kept;
	struct kunit_suite *copy;
	size_t count = 0;

	kunit_suite_for_each_test_case(suite, test_case)
		if (!case_glob || glob_match(case_glob, test_case->name))
			count++;
	if (!count && kunit_suite_num_test_cases(suite))
		return NULL;

	copy = kmemdup(suite, sizeof(*suite), GFP_KERNEL);
	kept = kcalloc(count + 1, sizeof(*kept), GFP_KERNEL);
	if (!copy || !kept) {
		kfree(copy);
		kfree(kept);
		return ERR_PTR(-ENOMEM);
	}
	count = 0;
	kunit_suite_for_each_test_case(suite, test_case)
		if (!case_glob || glob_match(case_glob, test_case->name))
			kept[count++] = *test_case;
	copy->test_cases = kept;
	copy->origin = suite->origin ? suite->origin : suite;
	copy->running_late = false;
	return copy;
}

/*
 * Narrows @copy, a copy made by kunit_filter_cases(), by each condition of
 * @filters in turn (see kunit_filter_attr_tests()).  Return: the copy
 * that is left, NULL when no case is, or an ERR_PTR().
 */
static struct kunit_suite *__cold kunit_filter_by_attrs(struct kunit_suite *copy,
							const char *filters, char *action)
{
	struct kunit_attr_filter filter;
	struct kunit_suite *narrower;
	char *conditions, *rest;
	int err = 0;

	conditions = kstrdup(filters, GFP_KERNEL);
	if (!conditions) {
		err = -ENOMEM;
		goto fail;
	}
	for (rest = conditions; copy && kunit_attr_filters_left(&rest); ) {
		filter = kunit_next_attr_filter(&rest, &err);
		narrower = err ? NULL : kunit_filter_attr_tests(copy, filter, action, &err);
		kfree(copy->test_cases);
		kfree(copy);
		copy = narrower;
		if (err)
			break;
	}
	kfree(conditions);
	if (!err)
		return copy;
fail:
	if (copy) {
		kfree(copy->test_cases);
		kfree(copy);
	}
	return ERR_PTR(err);
}

/**
 * kunit_filter_suites() - the suites and cases that a filter chooses
 * @set: the suites to choose from.
 * @glob: NULL, or "suite_glob" or "suite_glob.case_glob"; see
 *	  kunit_filter_glob_check().
 * @filters: NULL, or attribute conditions, as kunit.filter takes them:
 *	     "speed>slow, module=foo" (see kunit_attr_filter_check()).
 * @action: NULL to leave out the cases that @filters does not choose,
 *	    "skip" to keep them, skipped without running.
 * @err: set to 0, or to a negative error when the result is empty because
 *	 of one: -EINVAL for a malformed @glob or @filters, -ENOMEM.
 *
 * Return: a new set to free with kunit_free_suite_set().  Its suites are
 * copies, each with the chosen cases only.
 */
struct kunit_suite_set __cold kunit_filter_suites(const struct kunit_suite_set *set,
						  const char *glob, char *filters,
						  char *action, int *err)
{
	struct kunit_suite_set result = { NULL, NULL };
	struct kunit_suite * const *suite;
	struct kunit_suite **chosen;
	const char *dot, *case_glob = NULL;
	char *suite_glob = NULL;
	size_t count = 0;

	*err = 0;
	if (glob && *glob && kunit_filter_glob_check(glob)) {
		*err = -EINVAL;
		return result;
	}
	if (filters && *filters && kunit_attr_filter_check(filters)) {
		*err = -EINVAL;
		return result;
	}
	if (glob && *glob) {
		dot = strchr(glob, '.');
		if (dot) {
			suite_glob = kstrndup(glob, dot - glob, GFP_KERNEL);
			case_glob = dot + 1;
		} else {
			suite_glob = kstrdup(glob, GFP_KERNEL);
		}
	} else {
		suite_glob = kstrdup("*", GFP_KERNEL);
	}
	chosen = kcalloc(set->end - set->start + 1, sizeof(*chosen), GFP_KERNEL);
	if (!suite_glob || !chosen) {
		*err = -ENOMEM;
		goto out;
	}

	for (suite = set->start; suite < set->end; suite++) {
		struct kunit_suite *copy;

		if (!glob_match(suite_glob, (*suite)->name))
			continue;
		copy = kunit_filter_cases(*suite, case_glob);
		if (!IS_ERR_OR_NULL(copy) && filters && *filters)
			copy = kunit_filter_by_attrs(copy, filters, action);
		if (IS_ERR(copy)) {
			*err = PTR_ERR(copy);
			break;
		}
		if (copy)
			chosen[count++] = copy;
	}

	result.start = chosen;
	result.end = chosen + count;
	if (*err) {
		kunit_free_suite_set(result);
		result.start = NULL;
		result.end = NULL;
	}
	chosen = NULL;
out:
	kfree(suite_glob);
	kfree(chosen);
	return result;
}
EXPORT_SYMBOL_FOR_KUNIT_TESTS(kunit_filter_suites);

/**
 * kunit_free_suite_set() - free a set made by kunit_filter_suites()
 * @set: the set.
 *
 * A copy whose code still runs past its timeout is left to that code.
 */
void __cold kunit_free_suite_set(struct kunit_suite_set set)
{
	struct kunit_suite * const *suite;

	for (suite = set.start; suite < set.end; suite++) {
		if (kunit_suite_running_late(*suite))
			continue;
		kfree((*suite)->test_cases);
		kfree(*suite);
	}
	kfree(set.start);
}
EXPORT_SYMBOL_FOR_KUNIT_TESTS(kunit_free_suite_set);

/* Warns, in the KTAP output, about suites that share a name. */
static void __cold kunit_warn_duplicate_names(const struct kunit_suite_set *set,
					      struct kunit_log_sink *console)
{
	struct kunit_suite * const *suite, * const *other;

	for (suite = set->start; suite < set->end; suite++) {
		for (other = set->start; other < suite; other++)
			if (!strncmp((*other)->name, (*suite)->name, sizeof((*suite)->name)))
				break;
		if (other < suite)
			kunit_log_printf(console, KERN_WARNING,
					 "# warning: more than one suite is named %.*s",
					 (int)sizeof((*suite)->name), (*suite)->name);
	}
}

/**
 * kunit_exec_run_tests() - run a set of suites as one KTAP document
 * @set: the suites.
 * @progress: where the run stands: zeroed for a new run; a run that an
 *	      earlier one left goes on from where that one stopped.
 */
void kunit_exec_run_tests(const struct kunit_suite_set *set, struct kunit_progress *progress)
{
	size_t num_suites = set->end - set->start;
	struct kunit_log_sink console = { };

	if (!progress->run_begun) {
		progress->run_begun = true;
		kunit_log_printf(&console, KERN_INFO, "KTAP version 1");
		kunit_log_printf(&console, KERN_INFO, "1..%zu", num_suites);
		kunit_warn_duplicate_names(set, &console);
	}
	for (; progress->suite_index < num_suites; progress->suite_index++)
		__kunit_run_suite(set->start[progress->suite_index],
				  progress->suite_index + 1, progress);
}

/* The longest reason kunit_exec_error() gives; a longer one is cut. */
#define KUNIT_EXEC_ERROR_SIZE	256

/*
 * Says why the executor runs none of @set's suites, as a "kunit
 * executor: ..." line on the console and in each suite's kept lines (its
 * debugfs results): every reader of either then fails the run.  A reader
 * of debugfs alone would otherwise find suites that did not run, as a
 * filter that chose nothing leaves them, and take them for skipped.
 */
static void __cold __printf(2, 3) kunit_exec_error(const struct kunit_suite_set *set,
						   const char *fmt, ...)
{
	struct kunit_log_sink console = { };
	struct kunit_suite * const *suite;
	char reason[KUNIT_EXEC_ERROR_SIZE];
	va_list args;

	va_start(args, fmt);
	vsnprintf(reason, sizeof(reason), fmt, args);
	va_end(args);
	kunit_log_printf(&console, KERN_ERR, "kunit executor: %s", reason);
	for (suite = set->start; suite < set->end; suite++) {
		struct kunit_log_sink kept = { .stream = (*suite)->log.stream, .quiet = true };

		if (kept.stream)
			kunit_log_printf(&kept, KERN_ERR, "kunit executor: %s", reason);
	}
}

/* Whether @selection leaves any suite or case out. */
static bool kunit_selection_filters(const struct kunit_selection *selection)
{
	return (selection->glob && *selection->glob) ||
	       (selection->filters && *selection->filters);
}

/**
 * kunit_exec_select() - the suites of a set that a selection chooses, or why not
 * @set: the suites to choose from.
 * @selection: the filters, any of them NULL or empty.
 * @err: set to 0, or to -EINVAL or -ENOMEM.
 *
 * As kunit_filter_suites(), but a filter that cannot be used is said
 * (see kunit_exec_error()): a run whose suites were left out for it then
 * fails, where it would otherwise look like one the filter chose nothing
 * of.  So is a filter_action other than skip, which would otherwise leave
 * out what its author meant to see skipped; alone, it filters nothing.
 *
 * Return: @set itself when nothing filters, or the chosen suites; either
 * goes to kunit_exec_release() when done.
 */
struct kunit_suite_set __cold kunit_exec_select(const struct kunit_suite_set *set,
						const struct kunit_selection *selection,
						int *err)
{
	const char *glob = selection->glob, *filters = selection->filters;
	char *action = selection->filter_action;
	struct kunit_suite_set chosen = { NULL, NULL };

	*err = -EINVAL;
	if (action && *action && strcmp(action, "skip"))
		kunit_exec_error(set, "unknown filter_action '%s': use skip, or give none", action);
	else if (glob && *glob && kunit_filter_glob_check(glob))
		kunit_exec_error(set, "bad filter '%s': %s", glob, kunit_filter_glob_check(glob));
	else if (filters && *filters && kunit_attr_filter_check(filters))
		kunit_exec_error(set, "bad attribute filter '%s': %s", filters,
				 kunit_attr_filter_check(filters));
	else if (!kunit_selection_filters(selection))
		*err = 0;
	else
		chosen = kunit_filter_suites(set, glob, selection->filters,
					     action && *action ? action : NULL, err);
	if (*err && *err != -EINVAL)
		kunit_exec_error(set, "cannot filter suites: error %d", *err);
	return !*err && !kunit_selection_filters(selection) ? *set : chosen;
}

/**
 * kunit_exec_release() - done with a set from kunit_exec_select()
 * @set: the set it returned.
 * @selection: the selection it was given.
 */
void __cold kunit_exec_release(struct kunit_suite_set set,
			       const struct kunit_selection *selection)
{
	if (kunit_selection_filters(selection))
		kunit_free_suite_set(set);
}

/**
 * kunit_exec_list_tests() - print the names of the cases of a set
 * @set: the suites.
 * @include_attr: print their attributes too (kunit.action=list_attr).
 *
 * One "suite.case" per line, after a KTAP version line, as
 * kunit.action=list prints them; with @include_attr, each suite's
 * attributes before its first case, and each case's after it.
 */
void __cold kunit_exec_list_tests(struct kunit_suite_set *set, bool include_attr)
{
	struct kunit_suite * const *suite;
	struct kunit_case *test_case;
	struct kunit_log_sink console = { };

	kunit_log_printf(&console, KERN_INFO, "KTAP version 1");
	for (suite = set->start; suite < set->end; suite++) {
		if (include_attr)
			kunit_log_attr(&console, "", *suite, NULL);
		kunit_suite_for_each_test_case(*suite, test_case) {
			kunit_log_printf(&console, KERN_INFO, "%.*s.%s",
					 (int)sizeof((*suite)->name), (*suite)->name,
					 test_case->name);
			if (include_attr)
				kunit_log_attr(&console, "", *suite, test_case);
		}
	}
}

#ifdef KUNIT_BUILTIN_SUITES_START
/**
 * kunit_executor_run() - run or list the registered suites
 * @selection: the filters and the action: NULL or "run" to run the
 *	       suites, "list" to list the cases, "list_attr" to list them
 *	       with their attributes.
 * @progress: where the run stands; see &struct kunit_progress.
 *
 * Errors are printed as "kunit executor: ..." lines, which kunit.py reports.
 *
 * Return: 0, or -EINVAL for a bad filter or action, -ENOMEM.
 */
int __cold kunit_executor_run(const struct kunit_selection *selection,
			      struct kunit_progress *progress)
{
	struct kunit_suite_set all = kunit_builtin_suites(), set;
	const char *action = selection->action;
	int err = 0;

	if (action && strcmp(action, "run") && strcmp(action, "list") &&
	    strcmp(action, "list_attr")) {
		kunit_exec_error(&all, "unknown action '%s': use run, list or list_attr", action);
		return -EINVAL;
	}
	set = kunit_exec_select(&all, selection, &err);
	if (err)
		return err;

	if (action && !strcmp(action, "list"))
		kunit_exec_list_tests(&set, false);
	else if (action && !strcmp(action, "list_attr"))
		kunit_exec_list_tests(&set, true);
	else
		kunit_exec_run_tests(&set, progress);

	kunit_exec_release(set, selection);
	return 0;
}
#endif /* KUNIT_BUILTIN_SUITES_START */
