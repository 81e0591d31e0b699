// SPDX-License-Identifier: GPL-2.0
/*
 * kunit-report: read a console that KUnit printed on, write its results
 * as one KTAP document and summarise them for a person.
 *
 *   kunit-report [--ktap=FILE] [--results=FILE] [--junit=FILE] [--json=FILE]
 *                [--arch=ARCH] [--color=auto|always|never] CONSOLE
 *
 * --junit writes JUnit XML (Jenkins, GitLab); --json writes the JSON that
 * kunit.py --json writes (KernelCI), with ARCH in its "arch" fields.
 *
 * --results writes one line per result, "suite.case RESULT" or, for a
 * parameter, "suite.case.param RESULT", for comparing two runs.
 *
 * Exit status: 0 when results were found and none failed, 1 when a case
 * or a suite failed or did not finish or when no result was found, 2 for
 * a usage error.
 */
#include <errno.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ktap.h"

/* At most this many lines of a failure's log, or of what a crash printed. */
#define LOG_LINES_SHOWN		40

static bool use_color;

static const char *color(enum ktap_result result)
{
	if (!use_color)
		return "";
	switch (result) {
	case KTAP_PASS:
		return "\033[32m";
	case KTAP_SKIP:
		return "\033[33m";
	default:
		return "\033[31m";
	}
}

static const char *no_color(void)
{
	return use_color ? "\033[0m" : "";
}

static void print_lines(const struct ktap_lines *lines, const char *indent, size_t limit)
{
	size_t first = lines->count > limit ? lines->count - limit : 0;
	size_t i;

	if (first)
		printf("%s... (%zu lines before these)\n", indent, first);
	for (i = first; i < lines->count; i++)
		printf("%s%s\n", indent, lines->line[i]);
}

static void print_case_failure(const struct ktap_case *test_case, const char *indent)
{
	size_t i;

	printf("%s%s%s %s%s\n", indent, color(test_case->result),
	       ktap_result_name(test_case->result), test_case->name, no_color());
	print_lines(&test_case->log, "          ", LOG_LINES_SHOWN);
	for (i = 0; i < test_case->num_params; i++)
		if (test_case->params[i].result == KTAP_FAIL)
			print_case_failure(&test_case->params[i], "        ");
}

static void print_suite(const struct ktap_suite *suite, struct ktap_counts *total)
{
	struct ktap_counts counts = { 0 };
	char figures[96];
	size_t i;
	int len;

	ktap_count_suite(&counts, suite);

	if (!suite->num_cases && suite->result == KTAP_SKIP)
		snprintf(figures, sizeof(figures), "skipped%s%s",
			 suite->reason && *suite->reason ? ": " : "",
			 suite->reason ? suite->reason : "");
	else
		snprintf(figures, sizeof(figures), "%lu passed, %lu failed, %lu skipped",
			 counts.passed, counts.failed, counts.skipped);
	len = printf("%s[%s]%s %s ", color(suite->result), ktap_result_name(suite->result),
		     no_color(), suite->name ? suite->name : "(unnamed)");
	printf("%*s\n", len < 50 ? 50 - len + (int)strlen(figures) : (int)strlen(figures) + 1,
	       figures);

	for (i = 0; i < suite->num_cases; i++)
		if (suite->cases[i].result == KTAP_FAIL)
			print_case_failure(&suite->cases[i], "    ");
	if (suite->result == KTAP_FAIL && !suite->num_cases)
		print_lines(&suite->lines, "    ", LOG_LINES_SHOWN);
	if (suite->result == KTAP_UNFINISHED) {
		printf("    did not finish: the kernel crashed or hung after %zu of %d cases\n",
		       suite->num_cases, suite->plan);
		print_lines(&suite->noise, "      | ", LOG_LINES_SHOWN);
	}

	total->passed += counts.passed;
	total->failed += counts.failed;
	total->skipped += counts.skipped;
}

static void write_results(const struct ktap_run *run, FILE *out)
{
	size_t i, j, k;

	for (i = 0; i < run->num_suites; i++) {
		const struct ktap_suite *suite = &run->suites[i];
		const char *name = suite->name ? suite->name : "(unnamed)";

		if (suite->result == KTAP_UNFINISHED || !suite->num_cases)
			fprintf(out, "%s %s\n", name, ktap_result_name(suite->result));
		for (j = 0; j < suite->num_cases; j++) {
			const struct ktap_case *test_case = &suite->cases[j];

			if (!test_case->num_params)
				fprintf(out, "%s.%s %s\n", name, test_case->name,
					ktap_result_name(test_case->result));
			for (k = 0; k < test_case->num_params; k++)
				fprintf(out, "%s.%s.%s %s\n", name, test_case->name,
					test_case->params[k].name,
					ktap_result_name(test_case->params[k].result));
		}
	}
}

static void print_usage(FILE *out, const char *prog)
{
	fprintf(out, "Usage: %s [OPTION]... CONSOLE\n"
		"Summarise the KUnit results in a console log, and write them to files:\n"
		"  --ktap=FILE     as one KTAP document\n"
		"  --results=FILE  one \"suite.case RESULT\" line per result\n"
		"  --junit=FILE    as JUnit XML (Jenkins, GitLab)\n"
		"  --json=FILE     as kunit.py --json writes them (KernelCI)\n"
		"  --arch=ARCH     the architecture named in the JSON (default UM, as kunit.py)\n"
		"  --color=auto|always|never\n"
		"Exit 0 if none failed, 1 if one did or none was found.\n",
		prog);
}

int main(int argc, char **argv)
{
	static const struct option long_options[] = {
		{ "ktap", required_argument, NULL, 'k' },
		{ "results", required_argument, NULL, 'r' },
		{ "color", required_argument, NULL, 'c' },
		{ "junit", required_argument, NULL, 'j' },
		{ "json", required_argument, NULL, 'J' },
		{ "arch", required_argument, NULL, 'a' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *ktap_path = NULL, *results_path = NULL, *color_mode = "auto";
	const char *junit_path = NULL, *json_path = NULL, *arch = "UM";
	struct ktap_counts total = { 0 };
	struct ktap_run run;
	FILE *console, *out;
	int opt, err;
	size_t i;

	while ((opt = getopt_long(argc, argv, "k:r:c:j:J:a:h", long_options, NULL)) != -1) {
		switch (opt) {
		case 'k':
			ktap_path = optarg;
			break;
		case 'r':
			results_path = optarg;
			break;
		case 'c':
			color_mode = optarg;
			break;
		case 'j':
			junit_path = optarg;
			break;
		case 'J':
			json_path = optarg;
			break;
		case 'a':
			arch = optarg;
			break;
		case 'h':
			print_usage(stdout, argv[0]);
			return 0;
		default:
			print_usage(stderr, argv[0]);
			return 2;
		}
	}
	if (optind + 1 != argc) {
		print_usage(stderr, argv[0]);
		return 2;
	}
	if (!strcmp(color_mode, "always")) {
		use_color = true;
	} else if (!strcmp(color_mode, "auto")) {
		use_color = isatty(STDOUT_FILENO);
	} else if (strcmp(color_mode, "never")) {
		fprintf(stderr, "%s: --color takes auto, always or never\n", argv[0]);
		return 2;
	}

	console = fopen(argv[optind], "r");
	if (!console) {
		fprintf(stderr, "%s: %s: %s\n", argv[0], argv[optind], strerror(errno));
		return 1;
	}
	ktap_run_init(&run);
	err = ktap_read_file(&run, console);
	fclose(console);
	ktap_run_finish(&run);
	if (err) {
		fprintf(stderr, "%s: out of memory reading %s\n", argv[0], argv[optind]);
		ktap_run_free(&run);
		return 1;
	}

	if (ktap_path) {
		out = fopen(ktap_path, "w");
		if (!out || ktap_write_document(&run, out) || fclose(out)) {
			fprintf(stderr, "%s: cannot write %s\n", argv[0], ktap_path);
			ktap_run_free(&run);
			return 1;
		}
	}

	if (junit_path) {
		out = fopen(junit_path, "w");
		if (!out || ktap_write_junit(&run, out) || fclose(out)) {
			fprintf(stderr, "%s: cannot write %s\n", argv[0], junit_path);
			ktap_run_free(&run);
			return 1;
		}
	}

	if (json_path) {
		out = fopen(json_path, "w");
		if (!out || ktap_write_json(&run, out, arch) || fclose(out)) {
			fprintf(stderr, "%s: cannot write %s\n", argv[0], json_path);
			ktap_run_free(&run);
			return 1;
		}
	}

	if (results_path) {
		out = fopen(results_path, "w");
		if (out)
			write_results(&run, out);
		if (!out || fclose(out)) {
			fprintf(stderr, "%s: cannot write %s\n", argv[0], results_path);
			ktap_run_free(&run);
			return 1;
		}
	}

	for (i = 0; i < run.num_suites; i++)
		print_suite(&run.suites[i], &total);
	for (i = 0; i < run.errors.count; i++)
		printf("%s%s%s\n", color(KTAP_FAIL), run.errors.line[i], no_color());
	if (run.planned > (int)run.num_suites)
		printf("%s%d of %d announced suites did not report%s\n", color(KTAP_FAIL),
		       run.planned - (int)run.num_suites, run.planned, no_color());

	if (!run.num_suites) {
		printf("%sno KUnit results in %s: the kernel has no KUnit, ran no suite, or died before%s\n",
		       color(KTAP_FAIL), argv[optind], no_color());
		ktap_run_free(&run);
		return 1;
	}
	printf("%lu suites, %lu results: %s%lu passed%s, %s%lu failed%s, %s%lu skipped%s\n",
	       run.num_suites, total.passed + total.failed + total.skipped,
	       color(KTAP_PASS), total.passed, no_color(),
	       total.failed ? color(KTAP_FAIL) : "", total.failed, total.failed ? no_color() : "",
	       total.skipped ? color(KTAP_SKIP) : "", total.skipped,
	       total.skipped ? no_color() : "");

	err = total.failed || run.errors.count || run.planned > (int)run.num_suites;
	ktap_run_free(&run);
	return err ? 1 : 0;
}
