#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Runs the project's checks (tests/*.sh) and counts their results.  Each
# check script prints TAP lines; this prints them all, then one line:
#
#   check: N passed, N failed, N skipped
#
# and exits 1 if anything failed.  CHECKS=glob runs only the checks whose
# names match, for instance CHECKS=68-fuzz.

set -u

TOP=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-build}
case $BUILD in
/*) ;;
*) BUILD=$TOP/$BUILD ;;
esac
REF=$("$TOP/scripts/ref-tree.sh" "$BUILD") || exit 1
export TOP BUILD REF

# The checks choose make run's settings themselves: none comes from the
# caller's environment.
unset KSRC ARCH KUNITCONFIG FILTER KUNIT_EXTRA STOCK TIMEOUT CASE_TIMEOUT RAW GUEST_SCRIPT \
	KERNEL_ARGS JOBS

# CHECKS_DIR: where the checks' output and results go, $BUILD/checks by default.
CHECKS_DIR=${CHECKS_DIR:-$BUILD/checks}
results=$CHECKS_DIR/results
mkdir -p "$CHECKS_DIR"
: > "$results" || { echo "check: cannot write $results" >&2; exit 1; }
unwritten=

for script in "$TOP"/tests/${CHECKS:-[0-9]*}.sh; do
	[ -f "$script" ] || continue
	name=$(basename "$script" .sh)
	echo "# $name"
	start=$(date +%s)
	(cd "$TOP" && sh "$script") > "$CHECKS_DIR/$name.out" 2>&1
	status=$?
	cat "$CHECKS_DIR/$name.out"
	# Where make check's time goes, for a run on a slower machine.
	echo "# $name: $(($(date +%s) - start)) s"
	grep -E '^(not )?ok ' "$CHECKS_DIR/$name.out" >> "$results"
	case $? in
	0) ;;
	1) [ "$status" -ne 0 ] || status="0 and printed no result" ;;
	*) unwritten=1 ;;
	esac
	if [ "$status" != 0 ]; then
		echo "not ok - $name: the script itself exited with status $status"
		echo "not ok - $name: script exit $status" >> "$results" || unwritten=1
	fi
done

skipped=$(grep -c '^ok .*# SKIP' "$results")
# What did not run, and why: the summary says it, not only the checks' output.
if [ "$skipped" -gt 0 ]; then
	echo "# skipped, each with its reason:"
	grep '^ok .*# SKIP' "$results" | sed -e 's/^ok - /#   /'
fi
passed=$(($(grep -c '^ok ' "$results") - skipped))
failed=$(grep -c '^not ok ' "$results")
# Results that could not be kept are lost results: the run fails.
if [ -n "$unwritten" ]; then
	echo "check: cannot keep the checks' results in $CHECKS_DIR: the run fails"
	failed=$((failed + 1))
elif ! [ -s "$results" ]; then
	echo "check: no check ran (CHECKS='${CHECKS:-}'): the run fails"
	failed=$((failed + 1))
fi
echo "check: $passed passed, $failed failed, $skipped skipped" || exit 1
[ "$failed" -eq 0 ]
