# SPDX-License-Identifier: GPL-2.0
# make check's own checks, when what they need is missing: an optional
# input (README, "Optional inputs") that is not there skips what needs it,
# with the reason, and make check's summary lists it; one the user named
# fails; a validation without its schema is an error, never a pass.
. tests/lib.sh

"$USER_BUILD/kunit-example-test" > "$SCRATCH/console.log" 2>&1
"$BUILD/host/kunit-report" --color=never --kcidb="$SCRATCH/report.json" "$SCRATCH/console.log" \
	> /dev/null 2>&1
"$SCHEMA_PYTHON" tests/ktap/reports.py kcidb "$SCRATCH/report.json" "$SCRATCH/no-schema.json" \
	> "$SCRATCH/validate" 2>&1
status=$?
if [ $status -ne 0 ] && grep -q 'no-schema.json' "$SCRATCH/validate"; then
	pass "a KCIDB validation whose schema is missing fails, naming it (exit $status)"
else
	fail "a KCIDB validation whose schema is missing: exit $status"
	show "$SCRATCH/validate"
fi

# Without ../shared: each check that needs it skips, saying what is missing.
missing=$SCRATCH/no-shared
for check in 66-reports 71-seed-series; do
	KUNIT_SHARED=$missing CHECKS_DIR=$SCRATCH/inner sh "tests/$check.sh" \
		> "$SCRATCH/$check.out" 2>&1
	if grep -q "^ok - .* # SKIP optional input $missing/.* is missing (README, Optional inputs)$" \
		"$SCRATCH/$check.out" && ! grep -q '^not ok' "$SCRATCH/$check.out"; then
		pass "$check without ../shared: skips what needs it, naming what is missing"
	else
		fail "$check without ../shared: no skip names what is missing"
		show "$SCRATCH/$check.out"
	fi
done
# Named and missing, the same input fails (lib.sh decides for every check).
validate_with() {	# SCHEMA: expect_valid_kcidb of the report, with KUNIT_KCIDB_SCHEMA=SCHEMA
	KUNIT_KCIDB_SCHEMA=$1 CHECKS_DIR=$SCRATCH/inner \
		sh -c '. tests/lib.sh && expect_valid_kcidb "$1" "the report validates"' \
		named-schema "$SCRATCH/report.json" > "$SCRATCH/named.out" 2>&1
}
validate_with "$missing/schema.json"
expect_line "$SCRATCH/named.out" "not ok - the report validates: $missing/schema.json is missing" \
	"a KCIDB schema named in the environment and missing fails"
# Something by the schema's name that is not one fails too.
for bogus in /dev/null "$SCRATCH"; do
	validate_with "$bogus"
	if grep -q '^not ok - the report validates' "$SCRATCH/named.out"; then
		pass "a KCIDB schema that is $bogus fails the validation"
	else
		fail "a KCIDB schema that is $bogus does not fail the validation"
		show "$SCRATCH/named.out"
	fi
done
KUNIT_SEEDS=$missing CHECKS_DIR=$SCRATCH/inner sh tests/71-seed-series.sh > "$SCRATCH/seeds.out" 2>&1
expect_line "$SCRATCH/seeds.out" "not ok - the original series' test file: $missing is missing" \
	"seed patches named in the environment and missing fail"

# make check's summary lists each skip with its reason.
KUNIT_SHARED=$missing CHECKS=71-seed-series CHECKS_DIR=$SCRATCH/inner \
	scripts/run-checks.sh > "$SCRATCH/summary" 2>&1
expect_line "$SCRATCH/summary" \
	"#   the original series' test file # SKIP optional input $missing/seeds is missing (README, Optional inputs)" \
	"make check's summary lists a skipped check with its reason"
expect_line "$SCRATCH/summary" "check: 0 passed, 0 failed, 1 skipped" "and counts it as skipped"
# Each check's wall and CPU time, after its results.
if grep -qE '^# 71-seed-series: [0-9]+ s, CPU [0-9]+\.[0-9] s$' "$SCRATCH/summary"; then
	pass "make check says each check's wall and CPU time: $(grep '^# 71-seed-series: ' "$SCRATCH/summary")"
else
	fail "make check does not say the check's wall and CPU time"
	show "$SCRATCH/summary"
fi

# Results that cannot be kept fail make check, saying so.
mkdir -p "$SCRATCH/full"
if mount -t tmpfs -o size=16k tmpfs "$SCRATCH/full" 2> /dev/null; then
	: > "$SCRATCH/full/results"
	dd if=/dev/zero of="$SCRATCH/full/filler" bs=4k count=16 2> /dev/null
	CHECKS=30-cli CHECKS_DIR=$SCRATCH/full scripts/run-checks.sh > "$SCRATCH/full.out" 2>&1
	expect_status 1 $? "make check fails when its disk takes no more results"
	expect_line "$SCRATCH/full.out" \
		"check: cannot keep the checks' results in $SCRATCH/full: the run fails" "and says so"
	umount "$SCRATCH/full"
else
	skip "make check fails when it cannot keep its results" "cannot mount a tmpfs (not root)"
fi

# A check whose result cannot be written stops with a status that fails it.
CHECKS_DIR=$SCRATCH/inner sh -c '. tests/lib.sh && fail "a result" && echo "went on" >&2' \
	lost-result > /dev/full 2> "$SCRATCH/lost-result.err"
expect_status 97 $? "a check that cannot write its result stops, failing"
expect_no_line "$SCRATCH/lost-result.err" "went on" "and goes no further"

# Kernels built ahead (tests/kernels.list): each line's must be built,
# and booted by a check as it was built (its build keys); one that fails
# to build, or that no check boots so, fails make check.  A fake project:
# its make build makes a directory and its keys.
fake=$SCRATCH/ahead
mkdir -p "$fake/scripts" "$fake/tests" "$fake/build"
cp scripts/run-checks.sh "$fake/scripts/"
printf '#!/bin/sh\necho "%s"\n' "$SCRATCH" > "$fake/scripts/ref-tree.sh"
chmod +x "$fake/scripts/ref-tree.sh"
cat > "$fake/Makefile" <<'MAKE'
.PHONY: build
build:
	@mkdir -p $(BUILD)/last-build $(BUILD)/run/$(NAME)
	@echo $(BUILD)/run/$(NAME) > $(BUILD)/last-build/run-dir
	@echo "build log of $(NAME)" > $(BUILD)/last-build/build.log
	@sleep $(or $(SLEEP),0)
	@[ "$(NAME)" != broken ]
	@echo "$(NAME) $(KEY)" > $(BUILD)/run/$(NAME)/.kunit-built
MAKE
# The check boots "ran" as built, and "other" with other keys, once made.
cat > "$fake/tests/50-runs.sh" <<'CHECK'
for name in ran other; do
	i=0
	while [ ! -f "$BUILD/run/$name/.kunit-built" ] && [ $i -lt 100 ]; do
		sleep 0.1
		i=$((i + 1))
	done
done
echo "$KUNIT_CHECK_RUN ran 1 " >> "$BUILD/run/ran/.kunit-ran"
echo "$KUNIT_CHECK_RUN other 2 " >> "$BUILD/run/other/.kunit-ran"
echo "ok - ran"
CHECK
# What make check's command line (MAKEFLAGS) leaves the checks.
cat > "$fake/tests/40-env.sh" <<'CHECK'
echo "ok - env SUITES=${SUITES-unset} KSRC=${KSRC-unset} V=${V-unset}"
CHECK
# An old make check's boot of "unused" does not count in this one.
mkdir -p "$fake/build/run/unused"
echo "old unused 1 " > "$fake/build/run/unused/.kunit-ran"
printf '# kernels\nNAME=ran KEY=1\n\nNAME=unused KEY=1\nNAME=other KEY=1\nNAME=ran KEY=1 X=2\nNAME=broken' \
	> "$fake/kernels.list"
env -u CHECKS KERNELS_AHEAD=$fake/kernels.list BUILD=$fake/build CHECKS_DIR=$fake/checks \
	SUITES=x KSRC=y V=1 MAKEFLAGS=' -- SUITES=x KSRC=y V=1 odd\\ word' \
	sh "$fake/scripts/run-checks.sh" > "$SCRATCH/ahead.out" 2>&1
expect_status 1 $? "make check fails when a kernel built ahead failed or was not booted as built"
expect_line "$SCRATCH/ahead.out" \
	"not ok - make build NAME=broken failed (logs: $fake/checks/kernels/5)" \
	"a kernel of the list that did not build fails make check, the last line's too"
expect_line "$fake/checks/kernels/5/build.log" "build log of broken" "its logs are kept"
expect_line "$SCRATCH/ahead.out" \
	"not ok - the list's line 4, NAME=ran KEY=1 X=2, builds the kernel of its line 1" \
	"two lines of the list that build one kernel fail make check"
expect_line "$SCRATCH/ahead.out" "ok - env SUITES=unset KSRC=unset V=1" \
	"make check's command line reaches no check, but what make check takes (V)"
expect_line "$SCRATCH/ahead.out" "ok - a check booted the kernel built ahead with NAME=ran KEY=1" \
	"a kernel that a check booted as built passes"
expect_line "$SCRATCH/ahead.out" \
	"not ok - no check booted the kernel built ahead with NAME=unused KEY=1: the list and the checks disagree" \
	"a kernel built ahead that no check booted in this make check fails it"
expect_line "$SCRATCH/ahead.out" \
	"not ok - no check booted the kernel built ahead with NAME=other KEY=1: the list and the checks disagree" \
	"a kernel that a check booted only with other keys fails make check"
expect_line "$SCRATCH/ahead.out" "check: 3 passed, 4 failed, 0 skipped" "and is counted"
printf 'NAME=ran KEY=1\n' > "$fake/kernels.list"
env -u CHECKS KERNELS_AHEAD=$fake/kernels.list BUILD=$fake/build CHECKS_DIR=$fake/checks \
	sh "$fake/scripts/run-checks.sh" > "$SCRATCH/ahead.out" 2>&1
expect_status 0 $? "make check passes when every kernel built ahead was booted as built"

# make check's preparation (KUNIT_CHECK_PREPARE=1): the checks' packages
# are installed once the first kernel is building, and their programs
# are built, before any check runs.  The fake deps.sh says whether the
# builder's make build had begun when it was called.
cat > "$fake/scripts/deps.sh" <<'DEPS'
#!/bin/sh
i=0
while [ ! -f "$BUILD/last-build/run-dir" ] && [ $i -lt 50 ]; do
	sleep 0.1
	i=$((i + 1))
done
if [ -f "$BUILD/last-build/run-dir" ]; then
	echo "deps $1: the builder had started" >> "$BUILD/prepared"
else
	echo "deps $1: before the builder" >> "$BUILD/prepared"
fi
[ -z "${FAKE_DEPS_FAIL:-}" ]
DEPS
chmod +x "$fake/scripts/deps.sh"
cat >> "$fake/Makefile" <<'MAKE'
.PHONY: user-progs user-asan-progs
user-progs user-asan-progs:
	@echo "make $@" >> $(BUILD)/prepared
	@[ -z "$(FAKE_PROGS_FAIL)" ]
MAKE
cat > "$fake/tests/30-prepared.sh" <<'CHECK'
sed -e 's/^/ok - prepared: /' "$BUILD/prepared"
echo "ok - prepared: the checks see KUNIT_CHECK_PREPARE=${KUNIT_CHECK_PREPARE-unset}"
CHECK
rm -rf "$fake/build/last-build" "$fake/build/prepared"
env -u CHECKS KERNELS_AHEAD=$fake/kernels.list BUILD=$fake/build CHECKS_DIR=$fake/checks \
	KUNIT_CHECK_PREPARE=1 sh "$fake/scripts/run-checks.sh" > "$SCRATCH/prepared.out" 2>&1
expect_status 0 $? "make check with its preparation passes"
printf '%s\n' "ok - prepared: deps check: the builder had started" "ok - prepared: make user-progs" \
	"ok - prepared: make user-asan-progs" "ok - prepared: the checks see KUNIT_CHECK_PREPARE=unset" \
	> "$SCRATCH/prepared.expected"
grep '^ok - prepared: ' "$SCRATCH/prepared.out" > "$SCRATCH/prepared.lines"
expect_same "$SCRATCH/prepared.expected" "$SCRATCH/prepared.lines" \
	"the checks' packages come once the kernels are building, then their programs, then the checks, without the setting"
rm -rf "$fake/build/last-build" "$fake/build/prepared"
env -u CHECKS KERNELS_AHEAD=$fake/kernels.list BUILD=$fake/build CHECKS_DIR=$fake/checks \
	KUNIT_CHECK_PREPARE=1 FAKE_DEPS_FAIL=1 sh "$fake/scripts/run-checks.sh" \
	> "$SCRATCH/unprepared.out" 2>&1
expect_status 1 $? "make check fails when the checks' packages cannot be installed"
expect_line "$SCRATCH/unprepared.out" \
	"check: the checks' packages are not installed (scripts/deps.sh check): no check ran" "saying so"
expect_no_line "$SCRATCH/unprepared.out" "ok - prepared: make user-progs" "and goes no further"
rm -rf "$fake/build/last-build" "$fake/build/prepared"
env -u CHECKS KERNELS_AHEAD=$fake/kernels.list BUILD=$fake/build CHECKS_DIR=$fake/checks \
	KUNIT_CHECK_PREPARE=1 FAKE_PROGS_FAIL=1 sh "$fake/scripts/run-checks.sh" \
	> "$SCRATCH/unbuilt.out" 2>&1
expect_status 1 $? "make check fails when the checks' programs do not build"
expect_line "$SCRATCH/unbuilt.out" "check: the checks' programs do not build: no check ran" "saying so"
expect_no_line "$SCRATCH/unbuilt.out" "ok - prepared: make user-progs" "and runs no check"
rm -f "$fake/tests/30-prepared.sh" "$fake/scripts/deps.sh" "$fake/build/prepared"

# Stopping make check stops the builder, its make and what that runs.
printf 'NAME=slow SLEEP=3%s\n' "$$" > "$fake/kernels.list"
rm -f "$fake/tests/40-env.sh"
env -u CHECKS KERNELS_AHEAD=$fake/kernels.list BUILD=$fake/build CHECKS_DIR=$fake/checks \
	sh "$fake/scripts/run-checks.sh" > "$SCRATCH/stopped.out" 2>&1 &
checks=$!
i=0
while ! pgrep -f "sleep 3$$" > /dev/null && [ $i -lt 50 ]; do
	sleep 0.1
	i=$((i + 1))
done
kill -TERM $checks
wait $checks
status=$?
sleep 0.5
if [ $status = 143 ] && ! pgrep -f "sleep 3$$" > /dev/null && ! pgrep -f "NAME=slow" > /dev/null; then
	pass "make check stopped leaves no builder behind (exit $status)"
else
	fail "make check stopped: exit $status, builder left: $(pgrep -fa "sleep 3$$|NAME=slow" | head -n 3)"
	pkill -f "sleep 3$$"
fi
# Killed outright, it cannot stop the builder: the builder stops itself.
env -u CHECKS KERNELS_AHEAD=$fake/kernels.list BUILD=$fake/build CHECKS_DIR=$fake/checks \
	sh "$fake/scripts/run-checks.sh" > "$SCRATCH/killed.out" 2>&1 &
checks=$!
i=0
while ! pgrep -f "sleep 3$$" > /dev/null && [ $i -lt 50 ]; do
	sleep 0.1
	i=$((i + 1))
done
kill -KILL $checks
wait $checks 2> /dev/null
sleep 3
if ! pgrep -f "sleep 3$$" > /dev/null && ! pgrep -f "NAME=slow" > /dev/null; then
	pass "make check killed: its builder stops itself, mid-build"
else
	fail "make check killed left its builder running: $(pgrep -fa "sleep 3$$|NAME=slow" | head -n 3)"
	pkill -f "sleep 3$$"
fi
