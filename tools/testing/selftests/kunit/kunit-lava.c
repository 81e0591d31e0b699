// SPDX-License-Identifier: GPL-2.0
/*
 * kunit-lava: the results in what run_kselftest.sh prints, one line each,
 * "NAME RESULT", for a LAVA test definition to give lava-test-case:
 *
 *   ./run_kselftest.sh -c kunit 2>&1 | kunit-lava [--list=kselftest-list.txt] |
 *	while read -r name result; do lava-test-case "$name" --result "$result"; done
 *
 * Every kselftest test ("kunit/module-kunit-test") and every KUnit suite,
 * case and parameter nested in it ("kunit/module-kunit-test/kunit-status/
 * status_test_ends") is a result: pass, fail or skip, as the project's
 * KTAP reader gives it (ktap.h: a failed case fails its suite and its
 * test, a case that never finished failed).  A test's results come as
 * soon as the next test begins, so that a target that dies later has
 * given everything before; not at its own result line, which the test
 * itself may have printed (runner.sh gives it its own output): runner.sh's
 * line then comes second, and a test with two fails.  At the end of the
 * input, tests left open fail, and so does each test that --list names
 * and that printed no result (run_kselftest.sh stopped before it), and
 * each one more that runner.sh's plan promised ("kunit-lava-missing-N");
 * output with no program at all, more than the plan, or a result line of
 * no program fails "kunit-lava-output".  These names of its own are
 * one part each: a test's name has two at least (collection/test), so
 * that no output can take them.  A NUL byte in a line reads as '?'.
 *
 * NAME is made of [A-Za-z0-9._-] and '/' between its parts (any other
 * byte becomes '_'), no part empty or of dots only, nor "result",
 * "measurement" or "units" (which get a '_'), each at most
 * KUNIT_LAVA_PART_MAX bytes: lava-test-case puts it in a signal that
 * whitespace, '=' or '>' would break, and makes it a directory.  Names
 * are unique: a second one alike gets "-2", and so on.  Nothing else is
 * printed on standard output, so that nothing a test prints reaches LAVA
 * through this program.
 *
 * Exit status: 0 when every result was written, 1 when the input could
 * not be read or a line not written, 2 for a usage error.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ktap.h"

/* The longest part of a name: directory names stop at 255 bytes. */
#define KUNIT_LAVA_PART_MAX	200
/* More kselftest tests than any run has: a plan past it is taken as it. */
#define KUNIT_LAVA_PLAN_MAX	100000

static const char *program = "kunit-lava";

/* What is being read, and what was written of it. */
struct lava_state {
	struct ktap_kselftest output;
	struct ktap_names names;
	size_t programs_written;
	/* runner.sh's plan: how many programs it would run, or -1. */
	long planned;
	/* The names of the kselftest tests that printed a result. */
	char **seen;
	size_t num_seen;
	bool write_failed;
};

/* Remembers that kselftest test @name printed a result. */
static void add_seen(struct lava_state *state, const char *name)
{
	char **bigger = realloc(state->seen, (state->num_seen + 1) * sizeof(*bigger));
	char *copy = strdup(name);

	if (bigger)
		state->seen = bigger;
	if (!bigger || !copy) {
		free(copy);
		state->write_failed = true;
		return;
	}
	state->seen[state->num_seen++] = copy;
}

static bool was_seen(const struct lava_state *state, const char *name)
{
	size_t i;

	for (i = 0; i < state->num_seen; i++)
		if (!strcmp(state->seen[i], name))
			return true;
	return false;
}

/* Appends @part to @name, each byte outside [A-Za-z0-9._-] made '_'. */
static void append_part(char *name, size_t size, const char *part)
{
	size_t len = strlen(name), i, start, taken = 0;
	bool dots_only = true;

	if (len && len + 1 < size)
		name[len++] = '/';
	start = len;
	for (i = 0; part[i] && taken < KUNIT_LAVA_PART_MAX && len + 1 < size; i++, taken++) {
		char c = part[i];
		bool safe = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
			    (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-';

		name[len++] = safe ? c : '_';
		dots_only &= c == '.';
	}
	name[len] = '\0';
	/* "", "." and ".." would name no directory of its own. */
	if (dots_only) {
		for (i = start; i < len; i++)
			name[i] = '_';
		if (len == start && len + 1 < size) {
			name[len++] = '_';
			name[len] = '\0';
		}
	}
	/*
	 * lava-test-case keeps a test's result in the files "result",
	 * "measurement" and "units" of its directory: a child of that name
	 * would be a directory in their place.
	 */
	if ((!strcmp(name + start, "result") || !strcmp(name + start, "measurement") ||
	     !strcmp(name + start, "units")) && len + 1 < size) {
		name[len++] = '_';
		name[len] = '\0';
	}
}

static const char *lava_result(enum ktap_result verdict)
{
	switch (verdict) {
	case KTAP_PASS:
		return "pass";
	case KTAP_SKIP:
		return "skip";
	default:
		return "fail";
	}
}

/* Writes "@name RESULT"; @name is unique already. */
static void write_line(struct lava_state *state, const char *name, enum ktap_result verdict)
{
	if (printf("%s %s\n", name, lava_result(verdict)) < 0 || fflush(stdout))
		state->write_failed = true;
}

/* Writes "@name RESULT", @name made unique first. */
static void write_result(struct lava_state *state, const char *name, enum ktap_result verdict)
{
	char *unique = ktap_names_unique(&state->names, name);

	if (!unique)
		state->write_failed = true;
	else
		write_line(state, unique, verdict);
	free(unique);
}

/*
 * Writes @test's subtests, then @test, as parts of @parent.  @test's own
 * name is made unique first, so that its subtests are filed under it,
 * not under a test of the same name before it.
 */
static void write_tree(struct lava_state *state, const struct ktap_test *test,
		       const char *parent)
{
	char name[4096], *unique;
	size_t i;

	snprintf(name, sizeof(name), "%s", parent);
	append_part(name, sizeof(name), ktap_test_name(test));
	unique = ktap_names_unique(&state->names, name);
	if (!unique) {
		state->write_failed = true;
		return;
	}
	for (i = 0; i < test->num_subtests; i++)
		write_tree(state, test->subtests[i], unique);
	write_line(state, unique, test->verdict);
	free(unique);
}

/*
 * Writes the programs done since the last call: each one that another
 * has followed (until then a second result line of its, which a program
 * can print, may still fail it), every one if @all.
 */
static void write_closed(struct lava_state *state, bool all)
{
	const struct ktap_kselftest_program *program;
	char name[4096], *unique;
	size_t closed = state->output.count - (state->output.count && !all), i;

	for (; state->programs_written < closed; state->programs_written++) {
		program = &state->output.programs[state->programs_written];
		name[0] = '\0';
		append_part(name, sizeof(name), program->collection);
		append_part(name, sizeof(name), program->name);
		add_seen(state, name);
		unique = ktap_names_unique(&state->names, name);
		if (!unique) {
			state->write_failed = true;
			continue;
		}
		for (i = 0; i < program->run.num_suites; i++)
			write_tree(state, program->run.suites[i], unique);
		write_line(state, unique, ktap_kselftest_verdict(program));
		free(unique);
	}
}

/*
 * Fails each test of @list (kselftest-list.txt: "collection:test" lines)
 * that printed no result.  Returns -1 if the list cannot be read.
 */
static int write_unseen(struct lava_state *state, const char *list)
{
	char *line = NULL, name[4096], *colon;
	size_t size = 0;
	ssize_t len;
	FILE *file = fopen(list, "re");

	if (!file) {
		fprintf(stderr, "%s: cannot read %s: %s\n", program, list, strerror(errno));
		return -1;
	}
	while ((len = getline(&line, &size, file)) >= 0) {
		while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
			line[--len] = '\0';
		colon = strchr(line, ':');
		if (!len || !colon)
			continue;
		*colon = '\0';
		name[0] = '\0';
		append_part(name, sizeof(name), line);
		append_part(name, sizeof(name), colon + 1);
		if (!was_seen(state, name)) {
			fprintf(stderr, "%s: %s printed no result\n", program, name);
			write_result(state, name, KTAP_FAIL);
			add_seen(state, name);
		}
	}
	free(line);
	len = ferror(file);
	fclose(file);
	if (len) {
		fprintf(stderr, "%s: cannot read %s\n", program, list);
		return -1;
	}
	return 0;
}

static int print_usage(void)
{
	fprintf(stderr, "Usage: %s [--list=KSELFTEST_LIST] < RUN_KSELFTEST_OUTPUT\n", program);
	return 2;
}

int main(int argc, char **argv)
{
	struct lava_state state = { .planned = -1 };
	const char *list = NULL;
	char *line = NULL, name[64], *nul;
	size_t size = 0, i;
	ssize_t len;
	int err = 0, status = 0;
	long missing;

	for (i = 1; i < (size_t)argc; i++) {
		if (!strncmp(argv[i], "--list=", strlen("--list=")) && argv[i][strlen("--list=")])
			list = argv[i] + strlen("--list=");
		else
			return print_usage();
	}
	while (!err && (len = getline(&line, &size, stdin)) >= 0) {
		/* A NUL byte would end the line early, and hide its "# SKIP". */
		for (nul = line; (nul = memchr(nul, '\0', len - (nul - line))); )
			*nul = '?';
		/* runner.sh's own plan, outside every program. */
		if (!state.output.open && !strncmp(line, "1..", 3) && state.planned < 0) {
			state.planned = strtol(line + 3, NULL, 10);
			/* No more missing results than a run can have. */
			if (state.planned > KUNIT_LAVA_PLAN_MAX)
				state.planned = KUNIT_LAVA_PLAN_MAX;
		}
		err = ktap_kselftest_read_line(&state.output, line);
		if (!err)
			write_closed(&state, false);
	}
	free(line);
	if (!err && ferror(stdin))
		err = -EIO;
	if (err) {
		fprintf(stderr, "%s: cannot read the output: %s\n", program, strerror(-err));
		status = 1;
	}
	/* The program left open failed: the output ended before its result. */
	if (ktap_kselftest_finish(&state.output))
		status = 1;
	write_closed(&state, true);
	if (list && write_unseen(&state, list))
		status = 1;
	/* Programs the plan promised and nothing named, --list or none. */
	for (missing = state.planned - (long)state.num_seen; missing > 0; missing--) {
		snprintf(name, sizeof(name), "kunit-lava-missing-%ld", state.planned - missing + 1);
		write_result(&state, name, KTAP_FAIL);
	}
	/*
	 * Output with no program at all, unread, with more programs than
	 * runner.sh's plan (a header a program printed at the start of a
	 * line), or with a result line of no program, fails a result of
	 * its own.
	 */
	if (state.output.stray)
		fprintf(stderr, "%s: %zu result lines of no program\n", program,
			state.output.stray);
	write_result(&state, "kunit-lava-output",
		     err || !state.output.count || state.output.stray ||
		     (state.planned >= 0 && (long)state.output.count > state.planned) ?
		     KTAP_FAIL : KTAP_PASS);
	if (state.write_failed) {
		fprintf(stderr, "%s: cannot write the results\n", program);
		status = 1;
	}
	for (i = 0; i < state.num_seen; i++)
		free(state.seen[i]);
	free(state.seen);
	ktap_names_free(&state.names);
	ktap_kselftest_free(&state.output);
	return status;
}
