/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The host's report writers, over the KTAP reader that the kselftest
 * target shares (tools/testing/selftests/kunit/ktap.h): JUnit XML,
 * kunit.py's JSON and KCIDB JSON, which kunit-report writes from a
 * console.  None of this runs on the system under test.
 */
#ifndef _KUNIT_KTAP_REPORT_H
#define _KUNIT_KTAP_REPORT_H

#include "../selftests/kunit/ktap.h"

/**
 * struct ktap_kcidb - what a KCIDB report says besides the results
 * @origin: the submitter's name, [a-z0-9_]+.
 * @run_hash: tells this run from every other (see ktap_hash()).
 * @prefix: the first part of the tests' paths ("kunit").
 * @architecture: the kernel's, [a-z0-9_]*, or NULL.
 * @tree_name: the kernel tree's usual name, or NULL.
 * @git_url: its repository, an https:// URL, or NULL.
 * @git_branch: the branch, or NULL.
 * @git_commit: the commit, 40 lowercase hex digits, or NULL.
 * @git_commit_name: what git describe calls it, or NULL.
 * @checkout_comment: a sentence about the source, or NULL.
 * @config_name: the configuration's name, or NULL.
 * @compiler: the compiler's name and version, or NULL.
 * @build_command: the command that built the kernel, or NULL.
 * @build_duration: the build's seconds, a JSON number, or NULL.
 * @start_time: when the build began, RFC 3339, or NULL.
 * @environment: where the tests ran ("QEMU x86_64, TCG"), or NULL.
 * @programs: kselftest programs whose results the report holds too, as
 *	      tests "kselftest.<collection>.<name>...".
 * @num_programs: how many.
 *
 * A NULL or empty string leaves its field out of the report.
 */
struct ktap_kcidb {
	const char *origin;
	unsigned long long run_hash;
	const char *prefix;
	const char *architecture;
	const char *tree_name;
	const char *git_url;
	const char *git_branch;
	const char *git_commit;
	const char *git_commit_name;
	const char *checkout_comment;
	const char *config_name;
	const char *compiler;
	const char *build_command;
	const char *build_duration;
	const char *start_time;
	const char *environment;
	const struct ktap_kselftest_program *programs;
	size_t num_programs;
};

int ktap_write_junit(const struct ktap_run *run, FILE *out);
int ktap_write_json(const struct ktap_run *run, FILE *out, const char *arch);
int ktap_write_kcidb(const struct ktap_run *run, FILE *out, const struct ktap_kcidb *info);

#endif /* _KUNIT_KTAP_REPORT_H */
