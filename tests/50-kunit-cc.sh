# SPDX-License-Identifier: GPL-2.0
# A suite written outside the project, built with scripts/kunit-cc from
# other directories, prints KTAP that the kernel tree's own kunit.py
# parses with the right result for every case and parameter; a NULL
# dereference in one case leaves the later cases' results intact.
. tests/lib.sh

outside=$SCRATCH/elsewhere
mkdir -p "$outside/sub"
cp tests/external/outside_test.c "$outside/sub/"
export KUNIT_CC_CACHE="$SCRATCH/cache"

# A relative source path and a relative compiler path, from the suite's directory.
(cd "$outside/sub" && "$(realpath --relative-to=. "$TOP/scripts/kunit-cc")" \
	outside_test.c -o ../outside_test -Wall -Werror -O2) > "$SCRATCH/cc.log" 2>&1
expect_status 0 $? "kunit-cc builds a suite from a relative path, warnings as errors"
[ -s "$SCRATCH/cc.log" ] && show "$SCRATCH/cc.log"

# Absolute paths, from an unrelated directory, with the cache already filled.
(cd / && "$TOP/scripts/kunit-cc" "$outside/sub/outside_test.c" -o "$outside/outside_abs" -O1) \
	> "$SCRATCH/cc-abs.log" 2>&1
expect_status 0 $? "kunit-cc builds from absolute paths in another directory"

"$outside/outside_test" > "$SCRATCH/outside.ktap" 2>&1
expect_status 1 $? "the outside suite fails, as it should"
"$outside/outside_abs" > "$SCRATCH/outside-abs.ktap" 2>&1
expect_status 1 $? "the same suite built from absolute paths"

kunit_py_results "$SCRATCH/outside.ktap" "$SCRATCH/outside.results"
sort "$SCRATCH/outside.results" > "$SCRATCH/got"
sort tests/external/outside_test.expected > "$SCRATCH/wanted"
expect_same "$SCRATCH/wanted" "$SCRATCH/got" \
	"kunit.py parse reads every case and parameter with the right result"
if grep -q 'Testing complete. Ran 7 tests: passed: 4, failed: 2, skipped: 1' \
	"$SCRATCH/outside.results.log"; then
	pass "kunit.py counts 4 passed, 2 failed, 1 skipped"
else
	fail "kunit.py's summary"
	show "$SCRATCH/outside.results.log"
fi
expect_line "$SCRATCH/outside.ktap" \
	"    # null_dereference_test: crashed: killed by SIGSEGV (Segmentation fault)" \
	"the NULL dereference is reported"

# With sanitizers, every flag also reaches KUnit's own core.
"$TOP/scripts/kunit-cc" "$outside/sub/outside_test.c" -o "$outside/outside_asan" \
	-O1 -fsanitize=address,undefined > "$SCRATCH/cc-asan.log" 2>&1
expect_status 0 $? "kunit-cc with -fsanitize=address,undefined"
nm "$outside/outside_asan" | grep -q '__asan_report' &&
	pass "the sanitized program is instrumented" || fail "no ASan instrumentation"

"$TOP/scripts/kunit-cc" > "$SCRATCH/usage" 2>&1
expect_status 2 $? "kunit-cc without arguments"
"$TOP/scripts/kunit-cc" -O2 -o x > "$SCRATCH/nosrc" 2>&1
expect_status 2 $? "kunit-cc without a source"
expect_line "$SCRATCH/nosrc" \
	"kunit-cc: no C source given; usage: kunit-cc SRC.c [MORE.c ...] -o BIN [cc flags]" \
	"kunit-cc says what is missing"
"$TOP/scripts/kunit-cc" "$SCRATCH/missing.c" -o "$SCRATCH/x" > "$SCRATCH/missing" 2>&1
status=$?
if [ $status -ne 0 ] && grep -q 'missing.c' "$SCRATCH/missing"; then
	pass "kunit-cc names a missing source and fails"
else
	fail "kunit-cc on a missing source: exit $status"
fi

# What needs the driver model skips its case in userspace, saying so, as
# a case that needs what a kernel lacks: mainline's tests build unchanged.
cat > "$SCRATCH/driver.c" <<'EOT'
#include <kunit/device.h>
#include <kunit/test.h>

static void needs_a_driver(struct kunit *test)
{
	struct device_driver *drv = kunit_driver_create(test, "drv");

	KUNIT_FAIL(test, "ran on without a driver");
	KUNIT_EXPECT_NOT_ERR_OR_NULL(test, kunit_device_register_with_driver(test, "dev", drv));
}

static void needs_a_device(struct kunit *test)
{
	struct device *dev = kunit_device_register_with_driver(test, "dev", NULL);

	KUNIT_FAIL(test, "ran on without a device: %p", dev);
}

static struct kunit_case driver_cases[] = {
	KUNIT_CASE(needs_a_driver), KUNIT_CASE(needs_a_device), {}
};
static struct kunit_suite driver_suite = { .name = "driver", .test_cases = driver_cases };
kunit_test_suite(driver_suite);
EOT
"$TOP/scripts/kunit-cc" "$SCRATCH/driver.c" -o "$SCRATCH/driver" > "$SCRATCH/driver.out" 2>&1
expect_status 0 $? "a test that needs a driver builds in userspace"
"$SCRATCH/driver" > "$SCRATCH/driver.ktap" 2>&1
expect_status 4 $? "its cases skip, which fails nothing: the program exits as kselftest skips (4)"
expect_line "$SCRATCH/driver.ktap" \
	"    ok 1 needs_a_driver # SKIP kunit_driver_create(): userspace has no driver model; run this test in the kernel" \
	"kunit_driver_create() skips its case, saying why"
expect_line "$SCRATCH/driver.ktap" \
	"    ok 2 needs_a_device # SKIP kunit_device_register_with_driver(): userspace has no driver model; run this test in the kernel" \
	"kunit_device_register_with_driver() skips its case, saying why"

# The helpers of kernel subsystems that userspace does not have: a test
# that includes one stops at compile time, on the header's own message,
# before anything else of the kernel's is missed.
for header in "platform_device:no platform bus or driver model" "clk:no clock framework" \
	      "of:no device tree" "skbuff:no network stack (struct sk_buff)"; do
	name=${header%%:*}
	printf '#include <kunit/%s.h>\n#include <kunit/test.h>\n' "$name" > "$SCRATCH/$name.c"
	"$TOP/scripts/kunit-cc" "$SCRATCH/$name.c" -o "$SCRATCH/$name" > "$SCRATCH/$name.out" 2>&1
	status=$?
	errors=$(grep -c 'error:' "$SCRATCH/$name.out")
	if [ $status -ne 0 ] && [ "$errors" -eq 1 ] &&
	   grep -qF "error: #error \"<kunit/$name.h>: userspace has ${header#*:}; run this test in the kernel\"" \
		"$SCRATCH/$name.out"; then
		pass "<kunit/$name.h> in userspace: one compile-time error, saying why"
	else
		fail "<kunit/$name.h> in userspace: exit $status, $errors errors, not the header's own"
		show "$SCRATCH/$name.out"
	fi
done

# A test that stops on a kernel header first, before KUnit's can say
# anything (as drivers/clk's do on <asm/asm.h>): kunit-cc says it then.
printf '#include <asm/no-such-kernel-header.h>\n#include <kunit/clk.h>\n#include <kunit/test.h>\n' \
	> "$SCRATCH/clk-late.c"
"$TOP/scripts/kunit-cc" "$SCRATCH/clk-late.c" -o "$SCRATCH/clk-late" > "$SCRATCH/clk-late.out" 2>&1
status=$?
if [ $status -ne 0 ] && grep -qx 'kunit-cc: the test includes <kunit/clk.h>, which needs the kernel: run it in the kernel (make run KUNIT_EXTRA=...)' \
	"$SCRATCH/clk-late.out"; then
	pass "a test that stops on a kernel header before <kunit/clk.h>: kunit-cc names the header"
else
	fail "a test that stops on a kernel header before <kunit/clk.h>: exit $status, no word of it"
	show "$SCRATCH/clk-late.out"
fi

# EXPORT_SYMBOL_IF_KUNIT() spells the namespace as the tree wants it: a
# string literal where CONFIG_KUNIT_NAMESPACE_IS_STRING says so (6.13 on),
# a bare name otherwise (6.12 and before, whose macros stringify it).
# Preprocessed with an <linux/export.h> that shows its arguments.
mkdir -p "$SCRATCH/ns/linux"
printf '#define EXPORT_SYMBOL_NS(sym, ns) exported sym in ns\n' > "$SCRATCH/ns/linux/export.h"
printf '#include <kunit/visibility.h>\nEXPORT_SYMBOL_IF_KUNIT(f)\n' > "$SCRATCH/ns.c"
for setting in "string:-DCONFIG_KUNIT_NAMESPACE_IS_STRING=1:exported f in \"EXPORTED_FOR_KUNIT_TESTING\"" \
	       "name::exported f in EXPORTED_FOR_KUNIT_TESTING"; do
	what=${setting%%:*}
	rest=${setting#*:}
	define=${rest%%:*}
	want=${rest#*:}
	# shellcheck disable=SC2086
	gcc -E -P -DCONFIG_KUNIT=1 $define -I"$SCRATCH/ns" -I"$TOP/include" \
		-I"$TOP/tools/testing/selftests/kunit/user/include" "$SCRATCH/ns.c" \
		> "$SCRATCH/ns-$what.i" 2>&1
	if grep -qxF "$want" "$SCRATCH/ns-$what.i"; then
		pass "EXPORT_SYMBOL_IF_KUNIT() with the namespace as a $what: $want"
	else
		fail "EXPORT_SYMBOL_IF_KUNIT() with the namespace as a $what: not '$want'"
		show "$SCRATCH/ns-$what.i"
	fi
done

# A parameter generator of neither signature is a compile error, as in
# the kernel (-Werror=incompatible-pointer-types): never a program that
# calls it with the wrong arguments and skips the case.
cat > "$SCRATCH/wrong-generator.c" <<'C'
#include <kunit/test.h>
static const int values[] = { 7 };
static void *wrong_generator(const void *prev, char *desc)
{
	return prev ? NULL : (void *)&values[0];
}
static void wrong_case(struct kunit *test)
{
}
static struct kunit_case wrong_cases[] = {
	KUNIT_CASE_PARAM(wrong_case, wrong_generator),
	{}
};
static struct kunit_suite wrong_suite = { .name = "wrong", .test_cases = wrong_cases };
kunit_test_suite(wrong_suite);
C
"$TOP/scripts/kunit-cc" "$SCRATCH/wrong-generator.c" -o "$SCRATCH/wrong-generator" \
	> "$SCRATCH/wrong-generator.out" 2>&1
status=$?
if [ $status -ne 0 ] && grep -q 'error: initialization of .* from incompatible pointer type' \
	"$SCRATCH/wrong-generator.out"; then
	pass "a generator of the wrong type does not compile"
else
	fail "a generator of the wrong type: exit $status, no compile error"
	show "$SCRATCH/wrong-generator.out"
fi

# KUNIT_ARRAY_PARAM()'s generator names its context so that it hides no
# array of the test file's (one called "test" builds, as before 6.18).
cat > "$SCRATCH/array-named-test.c" <<'C'
#include <kunit/test.h>
static const int test[] = { 1, 2 };
KUNIT_ARRAY_PARAM(named, test, NULL);
static void positive(struct kunit *kt)
{
	KUNIT_EXPECT_GT(kt, *(const int *)kt->param_value, 0);
}
static struct kunit_case named_cases[] = {
	KUNIT_CASE_PARAM(positive, named_gen_params),
	{}
};
static struct kunit_suite named_suite = { .name = "named", .test_cases = named_cases };
kunit_test_suite(named_suite);
C
if "$TOP/scripts/kunit-cc" "$SCRATCH/array-named-test.c" -o "$SCRATCH/array-named-test" \
	> "$SCRATCH/array-named-test.out" 2>&1 &&
   "$SCRATCH/array-named-test" > "$SCRATCH/array-named-test.ktap" 2>&1; then
	pass "KUNIT_ARRAY_PARAM() of an array called test builds and passes"
else
	fail "KUNIT_ARRAY_PARAM() of an array called test"
	show "$SCRATCH/array-named-test.out"
fi

# A WARN() in suite code (suite_init, suite_exit) fails its suite, as the
# kernel's count of warnings does; a suite that warns nowhere passes.
cat > "$SCRATCH/suite-warns.c" <<'EOT'
#include <kunit/test.h>
#include <linux/bug.h>

static int init_warns(struct kunit_suite *suite)
{
	WARN(1, "suite_init warns\n");
	return 0;
}

static void exit_warns(struct kunit_suite *suite)
{
	WARN_ON(1);
}

static void passes(struct kunit *test)
{
	KUNIT_EXPECT_TRUE(test, true);
}

static struct kunit_case cases[] = { KUNIT_CASE(passes), {} };
static struct kunit_suite init_suite = { .name = "init-warns", .suite_init = init_warns,
					 .test_cases = cases };
static struct kunit_suite exit_suite = { .name = "exit-warns", .suite_exit = exit_warns,
					 .test_cases = cases };
static struct kunit_suite clean_suite = { .name = "clean", .test_cases = cases };
kunit_test_suites(&init_suite, &exit_suite, &clean_suite);
EOT
"$TOP/scripts/kunit-cc" "$SCRATCH/suite-warns.c" -o "$SCRATCH/suite-warns" > "$SCRATCH/suite-warns.cc" 2>&1
expect_status 0 $? "a program whose suite code warns builds"
"$SCRATCH/suite-warns" > "$SCRATCH/suite-warns.ktap" 2> /dev/null
expect_status 1 $? "a WARN() in suite code fails the program"
expect_line "$SCRATCH/suite-warns.ktap" "not ok 1 init-warns" "a WARN() in suite_init fails its suite"
expect_line "$SCRATCH/suite-warns.ktap" "not ok 2 exit-warns" "a WARN() in suite_exit fails its suite"
expect_line "$SCRATCH/suite-warns.ktap" \
	"    # exit-warns: the program's count of warnings gained W (a warning) outside its cases; see the WARNING printed" \
	"and says why"
expect_line "$SCRATCH/suite-warns.ktap" "ok 3 clean" "a suite after them that warns nowhere passes"

# In userspace a block expects its own thread's warnings, as upstream's
# its own task's: another thread's fails the case, though the block counts it.
cat > "$SCRATCH/thread-warns.c" <<'EOT'
#include <kunit/test.h>
#include <linux/bug.h>
#include <pthread.h>

static void *warn_in_thread(void *unused)
{
	WARN(1, "another thread warns\n");
	return NULL;
}

static void other_thread_warns(struct kunit *test)
{
	pthread_t thread;

	kunit_warning_suppress(test) {
		KUNIT_ASSERT_EQ(test, pthread_create(&thread, NULL, warn_in_thread, NULL), 0);
		pthread_join(thread, NULL);
		KUNIT_EXPECT_SUPPRESSED_WARNING_COUNT(test, 1);
	}
}

static void own_thread_warns(struct kunit *test)
{
	kunit_warning_suppress(test) {
		WARN(1, "this thread warns\n");
		KUNIT_EXPECT_SUPPRESSED_WARNING_COUNT(test, 1);
	}
}

static struct kunit_case cases[] = {
	KUNIT_CASE(other_thread_warns), KUNIT_CASE(own_thread_warns), {}
};
static struct kunit_suite suite = { .name = "thread-warns", .test_cases = cases };
kunit_test_suite(suite);
EOT
"$TOP/scripts/kunit-cc" "$SCRATCH/thread-warns.c" -o "$SCRATCH/thread-warns" -pthread \
	> "$SCRATCH/thread-warns.cc" 2>&1
expect_status 0 $? "a program whose case warns from a thread builds"
"$SCRATCH/thread-warns" > "$SCRATCH/thread-warns.ktap" 2> /dev/null
expect_line "$SCRATCH/thread-warns.ktap" "    not ok 1 other_thread_warns" \
	"another thread's warning in a block fails the case"
expect_line "$SCRATCH/thread-warns.ktap" "    ok 2 own_thread_warns" \
	"the block's own thread's warning does not"

# A process that a case forked is another task: its warning in the case's
# block fails the case, and the block counts it.
cat > "$SCRATCH/fork-warns.c" <<'EOT'
#include <kunit/test.h>
#include <linux/bug.h>
#include <sys/wait.h>
#include <unistd.h>

static void forked_warns(struct kunit *test)
{
	pid_t child;

	kunit_warning_suppress(test) {
		child = fork();
		KUNIT_ASSERT_GE(test, child, 0);
		if (!child) {
			WARN(1, "a forked process warns\n");
			_exit(0);
		}
		waitpid(child, NULL, 0);
		KUNIT_EXPECT_SUPPRESSED_WARNING_COUNT(test, 1);
	}
}

static struct kunit_case cases[] = { KUNIT_CASE(forked_warns), {} };
static struct kunit_suite suite = { .name = "fork-warns", .test_cases = cases };
kunit_test_suite(suite);
EOT
"$TOP/scripts/kunit-cc" "$SCRATCH/fork-warns.c" -o "$SCRATCH/fork-warns" > "$SCRATCH/fork-warns.cc" 2>&1
expect_status 0 $? "a program whose case forks a process that warns builds"
"$SCRATCH/fork-warns" > "$SCRATCH/fork-warns.ktap" 2> /dev/null
expect_line "$SCRATCH/fork-warns.ktap" "    not ok 1 forked_warns" \
	"a forked process's warning in the case's block fails the case"
expect_no_line "$SCRATCH/fork-warns.ktap" "    # forked_warns: EXPECTATION FAILED" \
	"and the block counted it"
