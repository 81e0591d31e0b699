// SPDX-License-Identifier: GPL-2.0
/*
 * A KUnit run as JSON in the shape that "kunit.py --json" writes and
 * KernelCI reads: a group per suite (and per parameterised case) with
 * "name", "sub_groups", "test_cases" and the common fields, and each leaf
 * {"name", "status"} with status PASS, FAIL, SKIP or ERROR (a suite that
 * did not finish).  As in kunit.py, a suite without cases is a leaf of the
 * top group.
 */
#include <errno.h>
#include <stdio.h>

#include "ktap.h"

static void write_string(FILE *out, const char *text)
{
	fputc('"', out);
	for (; *text; text++) {
		if (*text == '"' || *text == '\\')
			fprintf(out, "\\%c", *text);
		else if ((unsigned char)*text < 0x20)
			fprintf(out, "\\u%04x", *text);
		else
			fputc(*text, out);
	}
	fputc('"', out);
}

static const char *status_name(enum ktap_result result)
{
	switch (result) {
	case KTAP_PASS:
		return "PASS";
	case KTAP_SKIP:
		return "SKIP";
	case KTAP_FAIL:
		return "FAIL";
	default:
		return "ERROR";
	}
}

static void write_common_fields(FILE *out, const char *indent, const char *arch)
{
	fprintf(out, ",\n%s\"arch\": ", indent);
	write_string(out, arch);
	fprintf(out, ",\n%s\"defconfig\": null,\n%s\"build_environment\": null,\n"
		"%s\"lab_name\": null,\n%s\"kernel\": null,\n%s\"job\": null,\n"
		"%s\"git_branch\": \"kselftest\"", indent, indent, indent, indent, indent, indent);
}

static void write_leaf(FILE *out, const char *indent, const char *name,
		       enum ktap_result result, bool first)
{
	fprintf(out, "%s\n%s{\"name\": ", first ? "" : ",", indent);
	write_string(out, name ? name : "unnamed");
	fprintf(out, ", \"status\": \"%s\"}", status_name(result));
}

/* A parameterised case: a group of its own, its parameters the leaves. */
static void write_param_group(FILE *out, const struct ktap_case *test_case, const char *arch,
			      bool first)
{
	size_t i;

	fprintf(out, "%s\n\t\t\t{\n\t\t\t\t\"name\": ", first ? "" : ",");
	write_string(out, test_case->name);
	fputs(",\n\t\t\t\t\"sub_groups\": [],\n\t\t\t\t\"test_cases\": [", out);
	for (i = 0; i < test_case->num_params; i++)
		write_leaf(out, "\t\t\t\t\t", test_case->params[i].name,
			   test_case->params[i].result, i == 0);
	fputs("\n\t\t\t\t]", out);
	write_common_fields(out, "\t\t\t\t", arch);
	fputs("\n\t\t\t}", out);
}

static void write_suite(FILE *out, const struct ktap_suite *suite, const char *arch, bool first)
{
	bool first_group = true, first_leaf = true;
	size_t i;

	fprintf(out, "%s\n\t\t{\n\t\t\t\"name\": ", first ? "" : ",");
	write_string(out, suite->name ? suite->name : "unnamed");
	fputs(",\n\t\t\t\"sub_groups\": [", out);
	for (i = 0; i < suite->num_cases; i++) {
		if (!suite->cases[i].num_params)
			continue;
		write_param_group(out, &suite->cases[i], arch, first_group);
		first_group = false;
	}
	fputs(first_group ? "],\n\t\t\t\"test_cases\": [" : "\n\t\t\t],\n\t\t\t\"test_cases\": [",
	      out);
	for (i = 0; i < suite->num_cases; i++) {
		if (suite->cases[i].num_params)
			continue;
		write_leaf(out, "\t\t\t\t", suite->cases[i].name, suite->cases[i].result,
			   first_leaf);
		first_leaf = false;
	}
	if (suite->result == KTAP_UNFINISHED) {
		write_leaf(out, "\t\t\t\t", "(suite)", KTAP_UNFINISHED, first_leaf);
		first_leaf = false;
	}
	fputs(first_leaf ? "]" : "\n\t\t\t]", out);
	write_common_fields(out, "\t\t\t", arch);
	fputs("\n\t\t}", out);
}

/**
 * ktap_write_json() - write a run as kunit.py's --json does
 * @run: the run.
 * @out: where to write.
 * @arch: the architecture the run was on, for the "arch" fields.
 *
 * Return: 0, or -EIO.
 */
int ktap_write_json(const struct ktap_run *run, FILE *out, const char *arch)
{
	const struct ktap_suite *suite;
	bool first = true;
	size_t i;

	fputs("{\n\t\"name\": \"KUnit Test Group\",\n\t\"sub_groups\": [", out);
	for (i = 0; i < run->num_suites; i++) {
		if (!run->suites[i].num_cases)
			continue;
		write_suite(out, &run->suites[i], arch, first);
		first = false;
	}
	fputs(first ? "],\n\t\"test_cases\": [" : "\n\t],\n\t\"test_cases\": [", out);
	/* A suite without cases (its suite_init failed) is a leaf itself. */
	first = true;
	for (i = 0; i < run->num_suites; i++) {
		suite = &run->suites[i];
		if (suite->num_cases)
			continue;
		write_leaf(out, "\t\t", suite->name, suite->result, first);
		first = false;
	}
	fputs(first ? "]" : "\n\t]", out);
	write_common_fields(out, "\t", arch);
	fputs("\n}\n", out);
	return ferror(out) ? -EIO : 0;
}
