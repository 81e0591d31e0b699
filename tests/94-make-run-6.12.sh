# SPDX-License-Identifier: GPL-2.0
# make run on Linux 6.12, the default tree (Debian's linux-source-6.12):
# this KUnit builds into it, boots, and its suites give what they give in
# userspace; the kselftest target runs whole in the guest, the tree's
# suites of 6.12's list included; 6.12's own kunit.py reads the results,
# attribute lines and all.  Beside it, the one run of make run on 6.1.
. tests/lib.sh
export KSELFTEST=all
unset KSRC

if [ -n "${KUNIT_CHECK_NO_KERNEL:-}" ]; then
	skip "make run on 6.12" "KUNIT_CHECK_NO_KERNEL is set"
	exit 0
fi

make --no-print-directory run BUILD="$BUILD" > "$SCRATCH/run.out" 2>&1
expect_status 0 $? "make run, without KSRC, builds Linux 6.12 with this KUnit, boots it and passes"
if grep -q '^\[[0-9:]*\] Preparing the work tree (6\.12\.[0-9]*, this KUnit)$' "$SCRATCH/run.out"; then
	pass "the default tree is 6.12"
else
	fail "the default tree is not 6.12"
	show "$SCRATCH/run.out"
fi
expect_own_suites "$BUILD/last/results.ktap" "in 6.12"
summary=$own_summary
expect_line "$SCRATCH/run.out" "$summary" "in 6.12, make run sums them up: $summary"

# The attributes that 6.12 prints, as this KUnit prints them in the kernel.
expect_line "$BUILD/last/results.ktap" "    # module: kunit_test" \
	"results.ktap: a suite names its module, as in 6.12"
kunit_py_results "$BUILD/last/results.ktap" "$SCRATCH/results"
total=$(echo "$summary" | sed -n 's/.* \([0-9]*\) results: \([0-9]*\) passed.*/Ran \1 tests: passed: \2, skipped: 1/p')
if [ -n "$total" ] && grep -q "$total" "$SCRATCH/results.log"; then
	pass "6.12's kunit.py parse reads results.ktap: $total"
else
	fail "6.12's kunit.py parse on results.ktap"
	tail -n 3 "$SCRATCH/results.log" | sed -e 's/^/#   /'
fi

# The tree's suites of 6.12's list, as programs of the guest.
ksft=$BUILD/last/kselftest.tap
tree_suites=$(sh tools/testing/selftests/kunit/tree-suites-select.sh "$(scripts/ksrc.sh "$BUILD")" \
	tools/testing/selftests/kunit/tree-suites.list | sed -n 's/^\([a-z_][a-z0-9_]*\)[[:space:]].*/\1/p')
missing=
for name in $tree_suites; do
	grep -qE "^ok [0-9]+ selftests: kunit: tree-$name\$" "$ksft" || missing="$missing $name"
done
case " $(echo $tree_suites) " in
*" int_pow "*) ;;
*) missing="$missing int_pow(not-selected)" ;;
esac
if [ -z "$missing" ]; then
	pass "kselftest.tap: 6.12's tree suites pass in the guest: $(echo $tree_suites)"
else
	fail "kselftest.tap: tree suites missing or failing:$missing"
	grep 'selftests: kunit: tree-' "$ksft" | sed -e 's/^/#   /'
fi
expect_line "$ksft" "ok 2 selftests: kunit: kunit-example-test" \
	"kselftest.tap: the example, built for the guest"

# The same suites in userspace on the host, from 6.12's tree.
make --no-print-directory tree-suites BUILD="$BUILD" > "$SCRATCH/tree-suites.out" 2>&1
expect_status 0 $? "make tree-suites on 6.12 (the default) builds and passes"
listed=$(echo "$tree_suites" | wc -w)
expect_line "$SCRATCH/tree-suites.out" \
	"tree-suites: $listed programs from $BUILD/src/linux-source-6.12; $BUILD/last/tree-suites.ktap" \
	"every suite of 6.12's list ran: $listed programs"

# 6.1 and 6.12 build side by side in one build directory: neither tree's
# objects meet the other's, and going back rebuilds nothing.  6.1's run
# is its in-tree suites on x86_64 (scripts/configs/all_tests.config), the
# kernel that tests/97 then compares with stock 6.1 KUnit.  With
# KUNIT_CHECK_MORE=1, also 6.12 and 6.1 on User Mode Linux, as kunit.py
# runs them by default: KUnit's own suites give there what they give in
# userspace.
dir612=$(cat "$BUILD/last/run-dir")
make --no-print-directory run BUILD="$BUILD" KSRC=6.1 \
	KUNITCONFIG=scripts/configs/all_tests.config > "$SCRATCH/run61.out" 2>&1
expect_status 0 $? "make run KSRC=6.1 with 6.1's in-tree suites, in the same build directory, passes"
if grep -q '^\[[0-9:]*\] Preparing the work tree (6\.1\.[0-9]*, this KUnit)$' "$SCRATCH/run61.out"; then
	pass "KSRC=6.1 is Linux 6.1"
else
	fail "KSRC=6.1 did not build Linux 6.1"
	show "$SCRATCH/run61.out"
fi
cp "$BUILD/last/results.kcidb.json" "$SCRATCH/x8661.kcidb.json"
expect_valid_kcidb "$SCRATCH/x8661.kcidb.json" "6.1: results.kcidb.json is a valid KCIDB report"
expect_line "$SCRATCH/x8661.kcidb.json.tests" "boot PASS" "6.1: KCIDB: the boot passed"
record61=$TOP/scripts/compat/all_tests-6.1.results
summary61="22 suites, $(tail -n +2 "$record61" | wc -l) results: $(grep -c ' PASS$' "$record61") passed, 0 failed, $(grep -c ' SKIP$' "$record61") skipped"
expect_line "$SCRATCH/run61.out" "$summary61" \
	"6.1: as many results, passed and skipped, as stock 6.1 KUnit's on record: $summary61"
dir61=$(cat "$BUILD/last/run-dir")
if [ -n "$dir61" ] && [ "$dir61" != "$dir612" ]; then
	pass "6.1 builds in a directory of its own: $(basename "$dir61"), not $(basename "$dir612")"
else
	fail "6.1 and 6.12 share the build directory $dir61"
fi
# 6.12 on User Mode Linux is tests/96's (with KUNIT_CHECK_MORE=1).
if [ "${KUNIT_CHECK_MORE:-}" = 1 ]; then
	make --no-print-directory run BUILD="$BUILD" KSRC=6.1 ARCH=um > "$SCRATCH/um61.out" 2>&1
	expect_status 0 $? "make run KSRC=6.1 ARCH=um passes"
	cp "$BUILD/last/results.kcidb.json" "$SCRATCH/um61.kcidb.json"
	expect_valid_kcidb "$SCRATCH/um61.kcidb.json" "6.1, ARCH=um: results.kcidb.json is a valid KCIDB report"
	expect_line "$SCRATCH/um61.kcidb.json.tests" "boot PASS" "6.1, ARCH=um: KCIDB: the boot passed"
	expect_own_suites "$BUILD/last/results.ktap" "in 6.1 (ARCH=um)"
	expect_line "$SCRATCH/um61.out" "$own_summary" "in 6.1 (ARCH=um), make run sums them up: $own_summary"
else
	skip "make run KSRC=6.1 ARCH=um (KUnit's own suites on UML)" \
		"not in make check's time; KUNIT_CHECK_MORE=1 runs it"
fi
make --no-print-directory run BUILD="$BUILD" > "$SCRATCH/back.out" 2>&1
expect_status 0 $? "back to 6.12: make run passes"
if grep -q 'Building bzImage modules (-j[0-9]*): nothing changed since it was last made$' "$SCRATCH/back.out"; then
	pass "and rebuilds nothing"
else
	fail "going back to 6.12 rebuilt the kernel"
	show "$SCRATCH/back.out"
fi
