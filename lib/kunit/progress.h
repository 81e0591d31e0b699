/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Where a run of the executor stands: private to KUnit's core and to the
 * platform code behind <kunit/platform.h>.
 *
 * The core updates a &struct kunit_progress as it goes through suites,
 * cases and parameters, and runs from wherever it stands: a zeroed one is
 * the start of a run.  Each level clears its part when it ends, so that
 * the next one starts from nothing.  In the kernel it lives on the
 * executor's stack.  In userspace it lives in memory shared with a
 * supervisor process, which starts a new process where a dead one
 * stopped (see kunit_platform_death_reason()).
 */
#ifndef _KUNIT_PROGRESS_H
#define _KUNIT_PROGRESS_H

#include <kunit/test.h>
#include <linux/types.h>

/**
 * struct kunit_result_stats - counts of results
 * @passed: results that passed.
 * @skipped: results that were skipped.
 * @failed: results that failed.
 * @total: all results.
 */
struct kunit_result_stats {
	unsigned long passed;
	unsigned long skipped;
	unsigned long failed;
	unsigned long total;
};

/**
 * enum kunit_phase - what the executor is doing
 * @KUNIT_PHASE_IDLE: nothing that belongs to a suite.
 * @KUNIT_PHASE_SUITE: suite code outside any case: suite_init,
 *		       suite_exit, a parameter generator, reporting.
 * @KUNIT_PHASE_CASE: a case, with its init, exit and resource clean-up.
 * @KUNIT_PHASE_PARAMS: the context of a parameterised case: its
 *			param_init, or its param_exit and the clean-up of
 *			what the context holds.
 */
enum kunit_phase {
	KUNIT_PHASE_IDLE,
	KUNIT_PHASE_SUITE,
	KUNIT_PHASE_CASE,
	KUNIT_PHASE_PARAMS,
};

/**
 * struct kunit_progress - the position and results of a run
 * @suite_index: index of the running suite in the executor's suite set.
 * @case_index: index of the running case in its suite.
 * @param_index: index of the running parameter of that case.
 * @phase: what is running.
 * @run_begun: the run's KTAP header is out.
 * @suite_begun: the running suite's header is out.
 * @case_begun: the running case has started.
 * @params_begun: the running case's parameters' header is out: its
 *		  param_init succeeded (in this run or an earlier one).
 * @param_plan: the number of parameters that header announced; 0 for none.
 * @case_status: result of the running case so far, over its parameters.
 * @suite_failed: the suite failed outside its cases.
 * @suite_stats: results of the running suite's cases.
 * @param_stats: results of the running case's parameters.
 * @suite_total_stats: results of the running suite's parameters and cases
 *		       together (@run_stats is the whole run's).
 * @run_stats: results of every case and parameter of the run, plus one
 *	       failure per suite that failed outside its cases.
 * @trouble_primed: @trouble_seen holds the platform's record.
 * @trouble_seen: what the platform's record of trouble held when the core
 *		  last looked (see kunit_platform_new_trouble()).
 */
struct kunit_progress {
	size_t suite_index;
	size_t case_index;
	int param_index;
	enum kunit_phase phase;
	bool run_begun;
	bool suite_begun;
	bool case_begun;
	bool params_begun;
	size_t param_plan;
	enum kunit_status case_status;
	bool suite_failed;
	struct kunit_result_stats suite_stats;
	struct kunit_result_stats param_stats;
	struct kunit_result_stats suite_total_stats;
	struct kunit_result_stats run_stats;
	bool trouble_primed;
	struct kunit_trouble trouble_seen;
};

void __kunit_run_suite(struct kunit_suite *suite, size_t number,
		       struct kunit_progress *progress);
char *kunit_suite_results(struct kunit_suite *suite);
bool kunit_suite_running_late(struct kunit_suite *suite);
unsigned long kunit_case_timeout(const struct kunit_suite *suite,
				 const struct kunit_case *test_case);
void kunit_suite_clear_results(struct kunit_suite *suite);

#endif /* _KUNIT_PROGRESS_H */
