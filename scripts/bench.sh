#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# make bench: the framework's costs next to their anchors, measured in the
# same run on the same machine, as medians of repeated runs:
#
#   expect_user  passing KUNIT_EXPECT_EQ / the same compare written by hand
#   case_user    1000 empty cases, end to end / 1000 TEST()s of the kernel
#                tree's kselftest_harness.h
#
# Writes $BUILD/last/bench.txt and ends with the "bench: ..." line.

set -eu

TOP=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-build}
case $BUILD in
/*) ;;
*) BUILD=$TOP/$BUILD ;;
esac
CC=${CC:-cc}
REF=$("$TOP/scripts/ref-tree.sh" "$BUILD")
work=$BUILD/bench
mkdir -p "$work" "$BUILD/last"
lib=$BUILD/user/libkunit.a
flags="-std=gnu11 -O2 -I$TOP/include -I$TOP/tools/testing/selftests/kunit/user/include"
runs=${BENCH_RUNS:-7}
cases=1000

# median FILE: the median of the numbers in FILE, one a line.
median() {
	sort -g "$1" | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

# spread FILE: "min-max" of the numbers in FILE.
spread() {
	sort -g "$1" | awk 'NR == 1 { lo = $1 } { hi = $1 } END { printf "%s-%s", lo, hi }'
}

echo "bench: building"
# shellcheck disable=SC2086
$CC $flags "$TOP/tests/bench/expect-bench.c" "$lib" -o "$work/expect-bench"

# 1000 empty KUnit cases, and 1000 empty kselftest_harness TEST()s.
{
	echo '#include <kunit/test.h>'
	i=0
	while [ $i -lt $cases ]; do
		echo "static void empty_$i(struct kunit *test) { }"
		i=$((i + 1))
	done
	echo 'static struct kunit_case empty_cases[] = {'
	i=0
	while [ $i -lt $cases ]; do
		echo "	KUNIT_CASE(empty_$i),"
		i=$((i + 1))
	done
	echo '	{}'
	echo '};'
	echo 'static struct kunit_suite empty_suite = { .name = "empty", .test_cases = empty_cases };'
	echo 'kunit_test_suite(empty_suite);'
} > "$work/kunit-cases.c"
{
	echo '#include "kselftest_harness.h"'
	i=0
	while [ $i -lt $cases ]; do
		echo "TEST(empty_$i) { }"
		i=$((i + 1))
	done
	echo 'TEST_HARNESS_MAIN'
} > "$work/harness-cases.c"
# shellcheck disable=SC2086
$CC $flags "$work/kunit-cases.c" "$lib" -o "$work/kunit-cases"
$CC -O2 -I"$REF/tools/testing/selftests" "$work/harness-cases.c" -o "$work/harness-cases" \
	2> "$work/harness-cc.log"

# Wall time of a command in microseconds, output discarded.
time_us() {
	start=$(date +%s%N)
	"$@" > /dev/null 2>&1 || true
	end=$(date +%s%N)
	echo $(((end - start) / 1000))
}

echo "bench: measuring ($runs runs each)"
: > "$work/bare"; : > "$work/expect"; : > "$work/failing"
: > "$work/kunit-e2e"; : > "$work/harness-e2e"
r=0
while [ $r -lt "$runs" ]; do
	"$work/expect-bench" > "$work/expect-run" || {
		echo "bench: expect-bench failed" >&2
		exit 1
	}
	awk '$1 == "bare_compare" { print $2 }' "$work/expect-run" >> "$work/bare"
	awk '$1 == "passing_expect" { print $2 }' "$work/expect-run" >> "$work/expect"
	awk '$1 == "failing_expect" { print $2 / 1000 }' "$work/expect-run" >> "$work/failing"
	time_us "$work/kunit-cases" >> "$work/kunit-e2e"
	time_us "$work/harness-cases" >> "$work/harness-e2e"
	r=$((r + 1))
done

bare=$(median "$work/bare")
expect=$(median "$work/expect")
failing=$(median "$work/failing")
kunit_e2e=$(median "$work/kunit-e2e")
harness_e2e=$(median "$work/harness-e2e")
expect_ratio=$(awk -v a="$expect" -v b="$bare" 'BEGIN { printf "%.2f", a / b }')
case_ratio=$(awk -v a="$kunit_e2e" -v b="$harness_e2e" 'BEGIN { printf "%.3f", a / b }')
per_case=$(awk -v t="$kunit_e2e" -v n=$cases 'BEGIN { printf "%.2f", t / n }')
per_test=$(awk -v t="$harness_e2e" -v n=$cases 'BEGIN { printf "%.2f", t / n }')

{
	echo "measure                                  median      spread        unit"
	printf '%-40s %-11s %-13s %s\n' "bare compare loop (anchor)" "$bare" "$(spread "$work/bare")" "ns/iteration"
	printf '%-40s %-11s %-13s %s\n' "passing KUNIT_EXPECT_EQ" "$expect" "$(spread "$work/expect")" "ns/check"
	printf '%-40s %-11s %-13s %s\n' "failing KUNIT_EXPECT_EQ, formatted" "$failing" "$(spread "$work/failing")" "us/check"
	printf '%-40s %-11s %-13s %s\n' "$cases harness TEST()s, end to end (anchor)" "$harness_e2e" "$(spread "$work/harness-e2e")" "us"
	printf '%-40s %-11s %-13s %s\n' "$cases KUnit cases, end to end" "$kunit_e2e" "$(spread "$work/kunit-e2e")" "us"
	printf '%-40s %-11s %-13s %s\n' "per empty case: KUnit / harness" "$per_case / $per_test" "" "us"
	echo
	echo "bench: expect_user=$expect_ratio case_user=$case_ratio expect_kernel=n/a case_kernel=n/a failing_expect_us=$failing case_us=$per_case harness_test_us=$per_test"
} | tee "$BUILD/last/bench.txt"
