# SPDX-License-Identifier: GPL-2.0
# The C KTAP reader (kunit-report --tree) against the kernel tree's own
# parser (kunit.py parse, kunit_parser.py from Linux 6.1), on hand-written
# edge cases (tests/ktap/corpus), generated documents (tests/ktap/gen.py)
# and what the project's own programs print.  tests/ktap/compare.py says
# what is compared and which deviations are known.
#
#   sh tests/ktap/diff.sh
#
# from the top of the project, with BUILD, REF and TOP as
# scripts/run-checks.sh sets them (or the defaults below).  KTAP_REPORT
# names another kunit-report to check (default: $BUILD/host/kunit-report);
# KTAP_SEEDS and KTAP_COUNT the generated documents (seeds 1 2 3, 100
# each).

if [ -z "${BUILD:-}" ]; then
	TOP=$(pwd)
	BUILD=$TOP/build
	REF=$("$TOP/scripts/ref-tree.sh" "$BUILD") || exit 1
	export TOP BUILD REF
fi
. tests/lib.sh

here=tests/ktap
report=${KTAP_REPORT:-$BUILD/host/kunit-report}
asan_report=$BUILD/host-asan/kunit-report
kunit_dir=$(dirname "$KUNIT_PY")
inputs=$SCRATCH/inputs
trees=$SCRATCH/trees
mkdir -p "$inputs" "$trees"

if [ ! -x "$report" ] || [ ! -f "$KUNIT_PY" ]; then
	fail "KTAP differential test: no $report or no $KUNIT_PY"
	exit 0
fi

# verdict TREE: the whole input's verdict, on the last line of a tree.
verdict() {
	tail -n 1 "$1" | awk -F '\t' '$1 == "verdict" { print $2 }'
}

# The inputs: the corpus, generated documents, the project's outputs.
cp "$here"/corpus/*.ktap "$inputs"/
for seed in ${KTAP_SEEDS:-1 2 3}; do
	python3 "$here/gen.py" "$seed" "${KTAP_COUNT:-100}" "$SCRATCH/gen" || fail "gen.py $seed"
done
mv "$SCRATCH"/gen/*.ktap "$inputs"/
for program in "$USER_BUILD/kunit-test" "$USER_BUILD/kunit-example-test" "$USER_BUILD"/fixtures/*; do
	if [ ! -f "$program" ] || [ ! -x "$program" ]; then
		continue
	fi
	"$program" --timeout=2 > "$inputs/project-$(basename "$program").ktap" 2>&1 < /dev/null
done

# Both readers' trees.
: > "$SCRATCH/crashed"
count=0
for input in "$inputs"/*; do
	count=$((count + 1))
	"$report" --color=never --tree="$trees/${input##*/}.c-tree" "$input" > /dev/null 2>&1
	status=$?
	[ $status -le 1 ] || echo "${input##*/}: exit status $status" >> "$SCRATCH/crashed"
done
if [ -s "$SCRATCH/crashed" ]; then
	fail "kunit-report crashed on $(wc -l < "$SCRATCH/crashed") inputs"
	show "$SCRATCH/crashed"
else
	pass "kunit-report reads all $count inputs, exit status 0 or 1"
fi
if ! python3 "$here/kunit-py-tree.py" "$kunit_dir" --batch "$trees" "$inputs"/* \
	> "$SCRATCH/py-tree.out" 2>&1; then
	fail "kunit-py-tree.py failed"
	show "$SCRATCH/py-tree.out"
	exit 0
fi

# The corpus' expected verdicts.
: > "$SCRATCH/corpus.bad"
total=0
for expected in "$here"/corpus/*.verdict; do
	name=$(basename "$expected" .verdict)
	total=$((total + 1))
	got=$(verdict "$trees/$name.ktap.c-tree")
	if [ "$got" != "$(cat "$expected")" ]; then
		echo "$name: expected $(cat "$expected"), the C reader says ${got:-nothing}" >> "$SCRATCH/corpus.bad"
		sed -e 's/^/    /' "$trees/$name.ktap.c-tree" | head -n 8 >> "$SCRATCH/corpus.bad"
	fi
done
if [ -s "$SCRATCH/corpus.bad" ]; then
	fail "corpus: $(grep -c '^[^ ]' "$SCRATCH/corpus.bad") of $total files do not give their expected verdict"
	show "$SCRATCH/corpus.bad" 60
else
	pass "corpus: the C reader gives the expected verdict for all $total files"
fi

# The comparison, one TAP line per check.
python3 "$here/compare.py" "$kunit_dir" "$inputs" "$trees" > "$SCRATCH/compare.out" 2>&1
compared=$?
while IFS= read -r line; do
	case $line in
	"pass "*) pass "${line#pass }" ;;
	"fail "*) fail "${line#fail }" ;;
	*) printf '%s\n' "$line" ;;
	esac
done < "$SCRATCH/compare.out"
[ $compared -eq 0 ] || fail "compare.py exited with status $compared"

# The oracle itself: kunit.py parse (its own main(), one process for all
# files) gives the exit status and counts that kunit-py-tree.py read
# through kunit_parser; and where the comparison found the readers
# agreeing, kunit.py parse and kunit-report agree on whether anything
# failed.  Not for a plan that kunit-py-tree.py had to cut down: kunit.py
# would loop for ever.
: > "$SCRATCH/oracle.bad"
: > "$SCRATCH/failed.bad"
ran=0
agreed=0
mkdir -p "$SCRATCH/cli"
for input in "$here"/corpus/*.ktap; do
	grep -q '^clamped ' "$trees/${input##*/}.py-info" || echo "$input"
done > "$SCRATCH/cli.list"
# shellcheck disable=SC2046
python3 "$here/kunit-py-tree.py" --cli "$kunit_dir" "$SCRATCH/cli" $(cat "$SCRATCH/cli.list") \
	> "$SCRATCH/cli.log" 2>&1 || fail "kunit.py parse, in-process: $(tail -n 1 "$SCRATCH/cli.log")"
while read -r input; do
	name=${input##*/}
	info=$trees/$name.py-info
	ran=$((ran + 1))
	cli=$(sed -n 's/^exit //p' "$SCRATCH/cli/$name.cli")
	summary=$(sed -n 's/.*Testing complete\. //p' "$SCRATCH/cli/$name.cli")
	status=$(sed -n 's/^status //p' "$info")
	counts=$(sed -n 's/^counts //p' "$info")
	if [ "$status" = RAISED ]; then
		grep -q '^Traceback' "$SCRATCH/cli/$name.cli" && [ "$cli" -ne 0 ] ||
			echo "$name: kunit_parser raised, kunit.py parse exits $cli" >> "$SCRATCH/oracle.bad"
		continue
	fi
	want=1
	[ "$status" = SUCCESS ] && want=0
	if [ "$summary" != "$counts" ] || [ "$cli" != $want ]; then
		echo "$name: kunit.py parse exits $cli, '$summary'; kunit-py-tree.py: $status, '$counts'" \
			>> "$SCRATCH/oracle.bad"
	fi
	awk -F '\t' -v name="$name" '$1 == name && $6 == "agree" { found = 1 } END { exit !found }' \
		"$trees/report" || continue
	agreed=$((agreed + 1))
	"$report" --color=never "$input" > /dev/null 2>&1
	c_failed=$?
	# Its exit status and summary count leaves only: a suite's own "not
	# ok" over passing cases is a "[FAILED]" line, and an exit status 0.
	py_failed=0
	grep -qE '\[(FAILED|CRASHED|ERROR)\]|^Traceback' "$SCRATCH/cli/$name.cli" && py_failed=1
	# kunit-report fails a run without results too.
	[ "$(verdict "$trees/$name.c-tree")" = NONE ] && c_failed=$py_failed
	if [ $c_failed -ne $py_failed ]; then
		echo "$name: kunit-report exits $c_failed, kunit.py parse says '$summary'," \
			"$(grep -cE '\[(FAILED|CRASHED|ERROR)\]' "$SCRATCH/cli/$name.cli") failures" >> "$SCRATCH/failed.bad"
	fi
done < "$SCRATCH/cli.list"
if [ -s "$SCRATCH/oracle.bad" ]; then
	fail "kunit.py parse and kunit-py-tree.py differ on $(wc -l < "$SCRATCH/oracle.bad") of $ran corpus files"
	show "$SCRATCH/oracle.bad"
else
	pass "kunit.py parse gives the status and counts kunit-py-tree.py read, on $ran corpus files"
fi
if [ -s "$SCRATCH/failed.bad" ]; then
	fail "kunit.py parse and kunit-report disagree on failing $(wc -l < "$SCRATCH/failed.bad") of $agreed corpus files"
	show "$SCRATCH/failed.bad"
else
	pass "kunit.py parse and kunit-report agree on failing or not, on the $agreed corpus files whose verdicts agree"
fi

# The sanitised build reads the corpus and the project's outputs alike,
# without a report (all the inputs would take too long).
if [ -n "${KTAP_REPORT:-}" ]; then
	skip "the ASan build of kunit-report" "KTAP_REPORT names another kunit-report"
elif [ -x "$asan_report" ]; then
	: > "$SCRATCH/asan.bad"
	asan_inputs=0
	for input in "$inputs"/*; do
		case ${input##*/} in gen-*) continue ;; esac
		asan_inputs=$((asan_inputs + 1))
		name=${input##*/}
		"$asan_report" --color=never --tree="$SCRATCH/asan.tree" "$input" > /dev/null 2> "$SCRATCH/asan.err"
		if [ $? -gt 1 ] || grep -qE 'Sanitizer|runtime error' "$SCRATCH/asan.err" ||
		   ! cmp -s "$SCRATCH/asan.tree" "$trees/$name.c-tree"; then
			echo "$name" >> "$SCRATCH/asan.bad"
			grep -E 'Sanitizer|runtime error|^ *#[0-9]' "$SCRATCH/asan.err" | head -n 8 \
				>> "$SCRATCH/asan.bad"
		fi
	done
	if [ -s "$SCRATCH/asan.bad" ]; then
		fail "the ASan build of kunit-report differs or reports errors"
		show "$SCRATCH/asan.bad"
	else
		pass "the ASan build of kunit-report reads the $asan_inputs inputs of the corpus and the project alike, cleanly"
	fi
else
	skip "the ASan build of kunit-report on every input" "no $asan_report"
fi
