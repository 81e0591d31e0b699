// SPDX-License-Identifier: GPL-2.0
/*
 * A KUnit run as JSON in the shape that "kunit.py --json" writes and
 * KernelCI reads: a group per test with subtests (a suite, a parameterised
 * case) with "name", "sub_groups", "test_cases" and the common fields, and
 * a leaf {"name", "status"} per test without subtests, status PASS, FAIL,
 * SKIP or ERROR (did not finish, or never reported).  As in kunit.py, a
 * suite without cases is a leaf of the top group.  Where kunit.py's JSON
 * would lose a failure, a test with subtests that failed while none of
 * them did gets a FAIL leaf "(suite)" or "(itself)" in its group.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "ktap-report.h"

static const char *status_name(const struct ktap_test *test)
{
	switch (test->verdict) {
	case KTAP_PASS:
		return "PASS";
	case KTAP_SKIP:
		return "SKIP";
	default:
		if (test->result == KTAP_UNFINISHED || test->result == KTAP_MISSING)
			return "ERROR";
		return "FAIL";
	}
}

static void write_indent(FILE *out, size_t depth)
{
	while (depth--)
		fputc('\t', out);
}

static void write_common_fields(FILE *out, size_t depth, const char *arch)
{
	static const char * const null_fields[] = {
		"defconfig", "build_environment", "lab_name", "kernel", "job", NULL,
	};
	size_t i;

	fputs(",\n", out);
	write_indent(out, depth);
	fputs("\"arch\": ", out);
	ktap_write_json_string(out, arch);
	for (i = 0; null_fields[i]; i++) {
		fputs(",\n", out);
		write_indent(out, depth);
		fprintf(out, "\"%s\": null", null_fields[i]);
	}
	fputs(",\n", out);
	write_indent(out, depth);
	fputs("\"git_branch\": \"kselftest\"", out);
}

static void write_leaf(FILE *out, size_t depth, const char *name, const char *status,
		       bool *first)
{
	fputs(*first ? "\n" : ",\n", out);
	*first = false;
	write_indent(out, depth);
	fputs("{\"name\": ", out);
	ktap_write_json_string(out, name);
	fprintf(out, ", \"status\": \"%s\"}", status);
}

/* Whether @test failed with none of its subtests to blame. */
static bool failed_itself(const struct ktap_test *test)
{
	struct ktap_counts counts = { 0 };
	size_t i;

	if (test->verdict != KTAP_FAIL)
		return false;
	for (i = 0; i < test->num_subtests; i++)
		ktap_count(&counts, test->subtests[i]);
	return !counts.failed;
}

static void write_group(FILE *out, size_t depth, const char *name,
			struct ktap_test * const *subtests, size_t count,
			const char *itself, const char *arch)
{
	bool first = true;
	char missing[48];
	const char *leaf;
	size_t i, j;

	write_indent(out, depth);
	fputs("{\n", out);
	write_indent(out, depth + 1);
	fputs("\"name\": ", out);
	ktap_write_json_string(out, name);
	fputs(",\n", out);
	write_indent(out, depth + 1);
	fputs("\"sub_groups\": [", out);
	for (i = 0; i < count; i++) {
		if (!subtests[i]->num_subtests)
			continue;
		fputs(first ? "\n" : ",\n", out);
		first = false;
		write_group(out, depth + 2, ktap_test_name(subtests[i]), subtests[i]->subtests,
			    subtests[i]->num_subtests,
			    failed_itself(subtests[i]) ? depth ? "(itself)" : "(suite)" : NULL,
			    arch);
	}
	if (!first) {
		fputc('\n', out);
		write_indent(out, depth + 1);
	}
	fputs("],\n", out);
	write_indent(out, depth + 1);
	fputs("\"test_cases\": [", out);
	first = true;
	for (i = 0; i < count; i++) {
		if (subtests[i]->num_subtests)
			continue;
		for (j = 0; j < ktap_written_count(subtests[i]); j++) {
			leaf = ktap_written_name(subtests[i], j, missing, sizeof(missing));
			write_leaf(out, depth + 2, leaf, status_name(subtests[i]), &first);
		}
	}
	if (itself)
		write_leaf(out, depth + 2, itself, depth ? "FAIL" : "ERROR", &first);
	if (!first) {
		fputc('\n', out);
		write_indent(out, depth + 1);
	}
	fputc(']', out);
	write_common_fields(out, depth + 1, arch);
	fputc('\n', out);
	write_indent(out, depth);
	fputc('}', out);
}

/**
 * ktap_write_json() - write a run as kunit.py's --json does
 * @run: a finished run.
 * @out: where to write.
 * @arch: the architecture the run was on, for the "arch" fields.
 *
 * Errors outside the suites (a panic, "Bail out!") add an ERROR leaf
 * "(outside the tests)" to the top group.  The JSON is valid whatever
 * bytes the tests printed (see ktap_write_text()).
 *
 * Return: 0, or -EIO.
 */
int ktap_write_json(const struct ktap_run *run, FILE *out, const char *arch)
{
	write_group(out, 0, "KUnit Test Group", run->suites, run->num_suites,
		    ktap_run_failed_outside(run) ? KTAP_OUTSIDE_NAME : NULL, arch);
	fputc('\n', out);
	return ferror(out) ? -EIO : 0;
}
