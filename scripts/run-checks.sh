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

# A whole make check builds the kernels of tests/kernels.list ahead, in
# the background and at the lowest priority: the checks' make runs find
# them made, or wait for them (kunit-run takes turns on a build).
# KERNELS_AHEAD names another list; empty, none.
if [ -z "${KERNELS_AHEAD+set}" ]; then
	KERNELS_AHEAD=
	[ -n "${CHECKS:-}" ] || [ -n "${KUNIT_CHECK_NO_KERNEL:-}" ] ||
		KERNELS_AHEAD=$TOP/tests/kernels.list
fi
prebuild_pid=
stop_prebuild() {
	[ -n "$prebuild_pid" ] && kill -TERM -- "-$prebuild_pid" 2> /dev/null
	prebuild_pid=
}
if [ -n "$KERNELS_AHEAD" ]; then
	[ -r "$KERNELS_AHEAD" ] || { echo "check: cannot read $KERNELS_AHEAD" >&2; exit 1; }
	: > "$CHECKS_DIR/kernels.built" && touch "$CHECKS_DIR/kernels.start" ||
		{ echo "check: cannot write $CHECKS_DIR/kernels.built" >&2; exit 1; }
	# A session of its own, so that stopping it stops its makes too.
	setsid sh -c '
		sed -e "/^[[:space:]]*#/d" -e "/^[[:space:]]*\$/d" "$4" |
		while read -r settings; do
			echo "# make build $settings"
			# shellcheck disable=SC2086
			if env $settings nice -n 19 make -C "$1" --no-print-directory build \
				BUILD="$2" < /dev/null; then
				echo "$(cat "$2/last-build/run-dir") $settings" >> "$3/kernels.built"
			else
				echo "failed $settings" >> "$3/kernels.built"
			fi
		done' kernels "$TOP" "$BUILD" "$CHECKS_DIR" "$KERNELS_AHEAD" \
		> "$CHECKS_DIR/kernels.out" 2>&1 &
	prebuild_pid=$!
	trap 'stop_prebuild; exit 130' INT TERM HUP
fi

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

# Every kernel built ahead was built, and run by a check: a line of
# tests/kernels.list that no check needs any more is a build too many.
if [ -n "$prebuild_pid" ]; then
	wait "$prebuild_pid"
	prebuild_pid=
	echo "# kernels built ahead ($KERNELS_AHEAD): $CHECKS_DIR/kernels.out"
	listed=$(sed -e '/^[[:space:]]*#/d' -e '/^[[:space:]]*$/d' "$KERNELS_AHEAD" | wc -l)
	built=$(grep -c '^/' "$CHECKS_DIR/kernels.built")
	if [ "$built" -eq "$listed" ]; then
		line="ok - make build made the $listed kernels of the list"
	else
		line="not ok - make build made $built of the $listed kernels of the list"
		grep '^failed ' "$CHECKS_DIR/kernels.built" | sed -e 's/^failed /#   failed: /'
	fi
	echo "$line"
	echo "$line" >> "$results" || unwritten=1
	while read -r dir settings; do
		case $dir in
		/*) ;;
		*) continue ;;
		esac
		if [ "$dir/.kunit-ran" -nt "$CHECKS_DIR/kernels.start" ]; then
			line="ok - a check ran the kernel built ahead with $settings"
		else
			line="not ok - no check ran the kernel built ahead with $settings: the list and the checks disagree"
		fi
		echo "$line"
		echo "$line" >> "$results" || unwritten=1
	done < "$CHECKS_DIR/kernels.built"
fi

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
