// SPDX-License-Identifier: GPL-2.0
/*
 * main() of a userspace KUnit program.  It lives alone in its file so that
 * the linker takes it from libkunit.a only when the program has no main()
 * of its own.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "attributes-impl.h"
#include "executor.h"

#include "kunit-user.h"

/* Command-line mistakes; kselftest reads any other non-zero exit as a failure. */
#define KUNIT_USER_USAGE_ERROR	2

static void print_usage(FILE *out, const char *prog)
{
	fprintf(out,
		"Usage: %s [OPTION]... [FILTER]\n"
		"Run the KUnit suites built into this program and print KTAP.\n"
		"\n"
		"  FILTER, -f, --filter=GLOB  run only matching cases: \"suite_glob\" or\n"
		"                             \"suite_glob.case_glob\" (as kunit.filter_glob)\n"
		"  -a, --attr=FILTER          run only the cases whose attributes match:\n"
		"                             \"speed>slow, module=foo\" (as kunit.filter)\n"
		"      --filter-action=skip   keep the cases that --attr leaves out, as\n"
		"                             skipped (as kunit.filter_action)\n"
		"  -l, --list                 list the cases as suite.case, do not run them\n"
		"  -L, --list-attr            list the cases with their attributes\n"
		"  -t, --timeout=SEC          fail a case that runs longer than SEC seconds\n"
		"                             (default %d, 0 for no limit)\n"
		"  -n, --no-fork              run in this process, for a debugger: a crash\n"
		"                             stops the program, no timeout applies\n"
		"  -k, --kselftest            nest with \"# \" instead of four spaces, for\n"
		"                             the CI parsers of kselftest output; the\n"
		"                             default under kselftest's runner.sh\n"
		"  -h, --help                 show this help\n"
		"\n"
		"Exit status: 0 if nothing failed, 1 if something failed, 4 if every\n"
		"result was skipped (kselftest's codes), 2 for a usage error.\n",
		prog, KUNIT_USER_DEFAULT_TIMEOUT);
}

static int parse_timeout(const char *arg, unsigned int *timeout)
{
	unsigned long value;
	char *end;

	errno = 0;
	value = strtoul(arg, &end, 10);
	if (!*arg || *end || errno || value > 24 * 60 * 60 || arg[0] == '-')
		return -1;
	*timeout = value;
	return 0;
}

int main(int argc, char **argv)
{
	static const struct option long_options[] = {
		{ "filter", required_argument, NULL, 'f' },
		{ "attr", required_argument, NULL, 'a' },
		{ "filter-action", required_argument, NULL, 'A' },
		{ "list", no_argument, NULL, 'l' },
		{ "list-attr", no_argument, NULL, 'L' },
		{ "timeout", required_argument, NULL, 't' },
		{ "no-fork", no_argument, NULL, 'n' },
		{ "kselftest", no_argument, NULL, 'k' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct kunit_user_options options = {
		.timeout = KUNIT_USER_DEFAULT_TIMEOUT,
		.fork = true,
		/* runner.sh exports its timeout to every test it runs. */
		.kselftest_nesting = !!getenv("kselftest_timeout"),
	};
	const char *problem;
	int opt;

	while ((opt = getopt_long(argc, argv, "f:a:lLt:nkh", long_options, NULL)) != -1) {
		switch (opt) {
		case 'f':
			if (options.filter_glob) {
				fprintf(stderr, "%s: only one filter may be given\n", argv[0]);
				return KUNIT_USER_USAGE_ERROR;
			}
			options.filter_glob = optarg;
			break;
		case 'a':
			if (options.filters) {
				fprintf(stderr, "%s: only one --attr may be given: join its conditions with ','\n",
					argv[0]);
				return KUNIT_USER_USAGE_ERROR;
			}
			options.filters = optarg;
			break;
		case 'A':
			if (strcmp(optarg, "skip")) {
				fprintf(stderr, "%s: bad --filter-action '%s': give skip\n", argv[0], optarg);
				return KUNIT_USER_USAGE_ERROR;
			}
			options.filter_action = optarg;
			break;
		case 'l':
			options.action = "list";
			break;
		case 'L':
			options.action = "list_attr";
			break;
		case 't':
			if (parse_timeout(optarg, &options.timeout)) {
				fprintf(stderr, "%s: bad timeout '%s': give whole seconds, 0 to 86400\n",
					argv[0], optarg);
				return KUNIT_USER_USAGE_ERROR;
			}
			break;
		case 'n':
			options.fork = false;
			break;
		case 'k':
			options.kselftest_nesting = true;
			break;
		case 'h':
			print_usage(stdout, argv[0]);
			return 0;
		default:
			print_usage(stderr, argv[0]);
			return KUNIT_USER_USAGE_ERROR;
		}
	}
	if (optind < argc) {
		if (options.filter_glob || optind + 1 < argc) {
			fprintf(stderr, "%s: only one filter may be given\n", argv[0]);
			return KUNIT_USER_USAGE_ERROR;
		}
		options.filter_glob = argv[optind];
	}
	if (options.filter_glob) {
		problem = kunit_filter_glob_check(options.filter_glob);
		if (problem) {
			fprintf(stderr, "%s: bad filter '%s': %s\n", argv[0],
				options.filter_glob, problem);
			return KUNIT_USER_USAGE_ERROR;
		}
	}

	if (options.filters) {
		problem = kunit_attr_filter_check(options.filters);
		if (problem) {
			fprintf(stderr, "%s: bad --attr '%s': %s\n", argv[0], options.filters, problem);
			return KUNIT_USER_USAGE_ERROR;
		}
	}

	return kunit_user_run(&options);
}
