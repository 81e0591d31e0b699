# SPDX-License-Identifier: GPL-2.0
# The kernel's own suites build unchanged against this KUnit and give,
# case by case, the results that stock KUnit gives: as recorded in
# scripts/compat for this very build (tests/59 checks the record's use;
# `make compat` checks the record against stock KUnit), or as a stock
# kernel built here gives them when there is no such record.  On 6.12,
# 6.12's list under KASAN, the dearest kernel of make check; on 6.1,
# every suite that KUNIT_ALL_TESTS enables on x86_64 outside lib/kunit,
# in the kernel tests/94 ran.
. tests/lib.sh
# The kselftest target as tests/94 built it for 6.1's x86_64 kernel.
export KSELFTEST=all
export KSRC=6.1

# scan_consoles WHAT: both kernels' consoles, read by the one reading
# rule: no case fails, and the kernel reports no trouble KUnit was not
# told of.  Stock's only when a stock kernel ran.
scan_consoles() {
	for side in ours stock; do
		[ -f "$BUILD/compat/$side.console.log" ] || continue
		"$BUILD/host/kunit-report" --color=never "$BUILD/compat/$side.console.log" \
			> "$SCRATCH/$side.report" 2>&1
		status=$?
		expect_status 0 $status "$1: the suites pass with $side KUnit, and its kernel reports nothing else"
		[ $status -eq 0 ] || grep -E 'FAIL|trouble|MISSING|UNFINISHED' "$SCRATCH/$side.report" |
			head -n 10 | sed -e 's/^/#   /'
	done
}

if [ -n "${KUNIT_CHECK_NO_KERNEL:-}" ]; then
	skip "make compat" "KUNIT_CHECK_NO_KERNEL is set"
	exit 0
fi

# The record is what keeps this check to one kernel per configuration:
# a record that no longer matches the build (a new Debian 6.1, a changed
# configuration) doubles its time, so it fails here, saying what to do.
expect_record_used() {
	if grep -q '^== stock KUnit: as recorded in' "$1"; then
		pass "$2: stock KUnit's results are taken from the record"
	else
		fail "$2: no record of stock KUnit for this build; a stock kernel was built." \
			"Write it again: make compat COMPAT_RECORD=1 KUNITCONFIG=..."
		grep '^compat: no record' "$1" | sed -e 's/^/#   /'
	fi
}
# compare_tree_suites WHERE NOT-IN-KERNEL: the tree's suites that make
# tree-suites runs in userspace give there, case by case, what they gave
# in the kernel make compat just ran; NOT-IN-KERNEL lists the suites of
# the list that no option of the configuration builds, as " a b".
compare_tree_suites() {
	cp "$BUILD/compat/ours.results" "$SCRATCH/kernel-all.results"
	rm -f "$BUILD/tree-suites/console.log"
	make --no-print-directory tree-suites BUILD="$BUILD" > "$SCRATCH/tree-suites.out" 2>&1
	expect_status 0 $? "$1: make tree-suites passes"
	"$BUILD/host/kunit-report" --results="$SCRATCH/user.results" \
		"$BUILD/tree-suites/console.log" > /dev/null 2>&1
	sort "$SCRATCH/user.results" -o "$SCRATCH/user.results"
	: > "$SCRATCH/kernel.results"
	: > "$SCRATCH/compared.results"
	uncompared=
	for suite in $(cut -d. -f1 "$SCRATCH/user.results" | sort -u); do
		if ! grep -q "^$suite\." "$SCRATCH/kernel-all.results"; then
			uncompared="$uncompared $suite"
			continue
		fi
		grep "^$suite\." "$SCRATCH/kernel-all.results" >> "$SCRATCH/kernel.results"
		grep "^$suite\." "$SCRATCH/user.results" >> "$SCRATCH/compared.results"
	done
	compared=$(cut -d. -f1 "$SCRATCH/compared.results" | sort -u | tr '\n' ' ')
	expect_same "$SCRATCH/kernel.results" "$SCRATCH/compared.results" \
		"$1: in userspace, the tree's suites give the kernel's results case by case: $compared"
	if [ "$uncompared" = "$2" ] && [ "$(echo "$compared" | wc -w)" -ge 12 ]; then
		pass "$1: $(echo "$compared" | wc -w) suites compared, $(wc -l < "$SCRATCH/compared.results") results; not in the kernel:${uncompared:- none}"
	else
		fail "$1: suites of make tree-suites with no kernel outcome to compare with:${uncompared:- none} (expected:${2:- none}); compared: $compared"
	fi
}
# Linux 6.1: every suite that KUNIT_ALL_TESTS enables on x86_64 outside
# lib/kunit, in the kernel tests/94 ran.
make --no-print-directory compat BUILD="$BUILD" STOCK_RESULTS=recorded > "$SCRATCH/compat.out" 2>&1
expect_status 0 $? "make compat finds no difference with stock KUnit"
if grep -q '^compat: the same [0-9]* results' "$SCRATCH/compat.out"; then
	pass "$(grep '^compat:' "$SCRATCH/compat.out")"
else
	fail "make compat"
	tail -n 30 "$SCRATCH/compat.out" | sed -e 's/^/#   /'
fi
expect_record_used "$SCRATCH/compat.out" "the in-tree suites"
scan_consoles "the in-tree suites"
suites=$(cut -d. -f1 "$BUILD/compat/ours.results" | sort -u | wc -l)
if [ "$suites" -eq 22 ]; then
	pass "all 22 in-tree suites ran"
else
	fail "$suites in-tree suites ran, not 22"
fi

# On 6.1, only rational-test has no kernel run: nothing in the
# configuration selects RATIONAL (all_tests.config says so).
compare_tree_suites 6.1 " rational"

# Linux 6.12: 6.12's list of in-tree suites under KASAN and SLUB
# debugging: every suite gives the results it gives with stock KUnit,
# slub's included, whose SLUB reports go to the running case through
# KUnit's named resource "slab_errors".  (Not kasan's own suite: see the
# list's comment.)
unset KSRC
kasan_config=scripts/configs/6.12/all_tests_kasan.config
make --no-print-directory compat BUILD="$BUILD" KUNITCONFIG=$kasan_config \
	STOCK_RESULTS=recorded > "$SCRATCH/kasan.out" 2>&1
expect_status 0 $? "6.12, with KASAN: make compat finds no difference with stock KUnit"
if grep -q '^compat: the same [0-9]* results' "$SCRATCH/kasan.out"; then
	pass "6.12, with KASAN: $(grep '^compat:' "$SCRATCH/kasan.out")"
else
	fail "6.12, with KASAN: make compat"
	tail -n 30 "$SCRATCH/kasan.out" | sed -e 's/^/#   /'
fi
expect_record_used "$SCRATCH/kasan.out" "6.12, with KASAN"
scan_consoles "6.12, with KASAN (KASAN's reports are the cases')"
for suite in slub_test; do
	count=$(grep -c "^$suite\\." "$BUILD/compat/ours.results")
	if [ "$count" -gt 1 ]; then
		pass "with KASAN, the $suite suite ran: $count results, as with stock KUnit"
	else
		fail "with KASAN, the $suite suite did not run"
		tail -n 20 "$SCRATCH/kasan.out" | sed -e 's/^/#   /'
	fi
done
# Every suite option of the list gives a suite: the record cannot shrink
# unseen.
suites=$(cut -d. -f1 "$BUILD/compat/ours.results" | sort -u | wc -l)
if [ "$suites" -eq 33 ]; then
	pass "6.12, with KASAN: all 33 in-tree suites ran"
else
	fail "6.12, with KASAN: $suites in-tree suites ran, not 33"
fi
compare_tree_suites 6.12 " rational"

# On the KASAN kernel, the hang run of 95-make-run: the case that returns
# after its timeout, its clean-up and the end of its thread touch no memory
# that the runner freed when its suite ended (with a filter, the suite is a
# copy, freed then).  Without KASAN, such a read crashes only sometimes.
make --no-print-directory run BUILD="$BUILD" KUNITCONFIG=$kasan_config \
	KUNIT_EXTRA=tests/extra/hang CASE_TIMEOUT=3 FILTER='extra*' KERNEL_ARGS=kasan_multi_shot \
	GUEST_SCRIPT=tests/guest/late-return.sh > "$SCRATCH/kasan-hang.out" 2>&1
expect_status 2 $? "with KASAN, make run with a case that returns late fails"
cp "$BUILD/last/results.kcidb.json" "$SCRATCH/kasan.kcidb.json"
expect_valid_kcidb "$SCRATCH/kasan.kcidb.json" "with KASAN, results.kcidb.json is a valid KCIDB report"
expect_line "$BUILD/last/console.log" "late-return: hang_kunit refcnt 3" \
	"with KASAN, the late case returns and lets go of its module"
expect_line "$BUILD/last/console.log" "hang_kunit: the exit of hang_returns_late ran" \
	"with KASAN, the late case's exit function ran"
# hang_impostor (built on KASAN kernels only) starts a thread named like a
# case's, which reads past an allocation: KASAN tells no test, so the
# reader, which knows the case threads' ids, fails the module.
if grep -q '^not ok [0-9]* selftests: kunit: module-hang_impostor' "$BUILD/last/kselftest.tap" &&
	grep -q 'trouble in task kunit_try_catch, which runs no test: BUG: KASAN: slab-out-of-bounds in hang_impostor_reads_past_end' \
		"$BUILD/last/kselftest.tap"; then
	pass "with KASAN, a report of a thread only named like a case's fails its module"
else
	fail "with KASAN, a report of a thread only named like a case's did not fail its module"
	grep -n 'impostor' "$BUILD/last/kselftest.tap" | sed -e 's/^/#   /'
fi
# The kernel names the threads of suite code (suite_init, here) too: a
# reader knows from the first one on that ids, not names, tell.
if grep -q '^kunit: suite thread [0-9]*$' "$BUILD/last/console.log" &&
	grep -q '^kunit: case thread [0-9]*$' "$BUILD/last/console.log"; then
	pass "with KASAN, the kernel names the threads of cases and of suite code"
else
	fail "with KASAN, the kernel does not name the threads of cases and of suite code"
fi
if grep -nE 'BUG: |KASAN|Oops|unable to handle|general protection|WARNING: ' \
	"$BUILD/last/console.log" | grep -v 'in hang_impostor_reads_past_end' \
	> "$SCRATCH/kasan-hang-reports"; then
	fail "with KASAN, the hang run's kernel reported a problem"
	show "$SCRATCH/kasan-hang-reports"
else
	pass "with KASAN, no report in the hang run's console: the late case touched no freed memory"
fi
