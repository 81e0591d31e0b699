/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A KTAP reader for KUnit's output, as it appears on a console: among
 * other kernel messages, in several documents (the built-in suites, then
 * one per test module), and cut short when the kernel dies.
 *
 * ktap_read_line() takes the console line by line and builds a list of
 * suites; each suite keeps its KTAP lines, to write them out again as one
 * document, and its parsed cases, to report on.
 */
#ifndef _KUNIT_KTAP_H
#define _KUNIT_KTAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/**
 * enum ktap_result - the result of a test
 * @KTAP_PASS: "ok".
 * @KTAP_FAIL: "not ok".
 * @KTAP_SKIP: "ok ... # SKIP".
 * @KTAP_UNFINISHED: planned or started, but no result line came.
 */
enum ktap_result {
	KTAP_PASS,
	KTAP_FAIL,
	KTAP_SKIP,
	KTAP_UNFINISHED,
};

/**
 * struct ktap_lines - a growing array of lines
 * @line: the lines, each allocated.
 * @count: how many.
 * @capacity: room allocated.
 */
struct ktap_lines {
	char **line;
	size_t count;
	size_t capacity;
};

/**
 * struct ktap_case - a test case of a suite, or a parameter of a case
 * @name: its name.
 * @result: its result.
 * @reason: the SKIP reason, or NULL.
 * @log: the diagnostic lines printed before its result.
 * @params: for a parameterised case, its parameters.
 * @num_params: how many.
 */
struct ktap_case {
	char *name;
	enum ktap_result result;
	char *reason;
	struct ktap_lines log;
	struct ktap_case *params;
	size_t num_params;
};

/**
 * struct ktap_suite - a suite, one subtest of a KTAP document
 * @name: its name, from "# Subtest:" or its result line.
 * @result: its result.
 * @reason: the SKIP reason, or NULL.
 * @plan: the number of cases it announced, or -1.
 * @cases: its cases, in order.
 * @num_cases: how many.
 * @lines: its KTAP lines, result line excluded, as printed.
 * @noise: console lines that are not KTAP and came while it ran.
 */
struct ktap_suite {
	char *name;
	enum ktap_result result;
	char *reason;
	int plan;
	struct ktap_case *cases;
	size_t num_cases;
	struct ktap_lines lines;
	struct ktap_lines noise;
};

/**
 * struct ktap_run - what a console held
 * @suites: every suite seen, finished or not.
 * @num_suites: how many.
 * @documents: KTAP documents seen ("KTAP version" at the top level).
 * @planned: suites announced by the documents' plans.
 * @errors: lines that say something went wrong outside the suites:
 *	    executor errors, a kernel panic, "Bail out!".
 * @in_suite: a suite is open, its result line not yet seen.
 * @pending: diagnostic lines waiting for the result they belong to.
 * @pending_params: parameters waiting for the case they belong to.
 * @num_pending_params: how many.
 */
struct ktap_run {
	struct ktap_suite *suites;
	size_t num_suites;
	int documents;
	int planned;
	struct ktap_lines errors;
	bool in_suite;
	struct ktap_lines pending;
	struct ktap_case *pending_params;
	size_t num_pending_params;
};

/**
 * struct ktap_counts - results, counted as kunit.py counts them
 * @passed: leaves that passed.
 * @failed: leaves that failed or did not finish.
 * @skipped: leaves that were skipped.
 *
 * A leaf is a case, or a parameter of a parameterised case; a suite that
 * failed or did not finish without a case to blame counts as one failure.
 */
struct ktap_counts {
	unsigned long passed, failed, skipped;
};

void ktap_run_init(struct ktap_run *run);
int ktap_read_line(struct ktap_run *run, const char *line);
int ktap_read_file(struct ktap_run *run, FILE *file);
void ktap_run_finish(struct ktap_run *run);
void ktap_run_free(struct ktap_run *run);
int ktap_write_document(const struct ktap_run *run, FILE *out);
int ktap_write_kselftest(const struct ktap_run *run, FILE *out);
void ktap_count_suite(struct ktap_counts *counts, const struct ktap_suite *suite);
int ktap_write_junit(const struct ktap_run *run, FILE *out);
int ktap_write_json(const struct ktap_run *run, FILE *out, const char *arch);
const char *ktap_result_name(enum ktap_result result);

#endif /* _KUNIT_KTAP_H */
