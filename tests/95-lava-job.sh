# SPDX-License-Identifier: GPL-2.0
# make lava's jobs, run by LAVA's own dispatcher (Debian's lava-run): the
# kernel with KUnit as modules and a test module whose cases pass, fail,
# skip and oops, with names and messages made to trouble LAVA
# (tests/extra/lava).  LAVA must record every result the project reads
# from the same run_kselftest.sh output, case by case, and nothing else;
# the job itself must complete.  The monitors job, for targets without a
# shell, must read a skipped case as a skip.
. tests/lib.sh
export KSELFTEST=all
unset KSRC

if [ -n "${KUNIT_CHECK_NO_KERNEL:-}" ]; then
	skip "make lava's jobs under lava-run" "KUNIT_CHECK_NO_KERNEL is set"
	exit 0
fi

make --no-print-directory run BUILD="$BUILD" KUNITCONFIG=scripts/configs/kunit_modules.config \
	KUNIT_EXTRA=tests/extra/lava > "$SCRATCH/run.out" 2>&1
expect_status 2 $? "make run with the LAVA fixture fails: its cases fail on purpose"
cp "$BUILD/last/kselftest.tap" "$SCRATCH/run.tap"
cp "$BUILD/last/results.ktap" "$SCRATCH/run.ktap"

make --no-print-directory lava BUILD="$BUILD" > "$SCRATCH/lava.out" 2>&1
expect_status 0 $? "make lava writes the jobs"
lava=$BUILD/lava
for file in kunit.yaml qemu-job.yaml board-job.yaml.in monitors-job.yaml device-qemu.yaml; do
	if [ -s "$lava/$file" ]; then
		pass "make lava wrote $file"
	else
		fail "make lava wrote no $file"
		show "$SCRATCH/lava.out"
	fi
done

# The board's template, filled in as ci.rst says, is a job that LAVA's own
# schema takes; the same job without its kernel is not (the check can fail).
lava_validate() {
	/usr/bin/python3 -c 'import sys, yaml
from lava_common.schemas import validate
validate(yaml.safe_load(open(sys.argv[1])))' "$1" > "$SCRATCH/validate.out" 2>&1
}
DEVICE_TYPE=beaglebone-black KERNEL_URL=https://example.org/zImage KERNEL_TYPE=zimage \
	DTB_URL=https://example.org/board.dtb RAMDISK_URL=https://example.org/initramfs.cpio.gz \
	RAMDISK_COMPRESSION=gz envsubst < "$lava/board-job.yaml.in" \
	> "$SCRATCH/board-job.yaml"
lava_validate "$SCRATCH/board-job.yaml"
expect_status 0 $? "the board's job, filled in, is valid for LAVA's schema"
sed -e '/^    kernel:$/,/^      type:/d' "$SCRATCH/board-job.yaml" > "$SCRATCH/board-nokernel.yaml"
lava_validate "$SCRATCH/board-nokernel.yaml"
expect_status 1 $? "and without its kernel, it is not"

# LAVA's results records ("lvl": "results") of a lava-run log, one
# record a line, as "DEFINITION CASE RESULT" lines.
lava_results() {
	grep '"lvl": "results"' "$1" | python3 -c '
import sys
import yaml

for line in sys.stdin:
    msg = (yaml.safe_load(line) or {}).get("msg")
    if isinstance(msg, dict):
        print(msg.get("definition"), msg.get("case"), msg.get("result"))
'
}

# The job, as a lab's dispatcher runs it.
rm -rf "$SCRATCH/qemu-job"
timeout 900 lava-run --device "$lava/device-qemu.yaml" --output-dir "$SCRATCH/qemu-job" \
	--job-id 1 "$lava/qemu-job.yaml" > "$SCRATCH/qemu-job.log" 2>&1
expect_status 0 $? "lava-run runs the qemu job"
lava_results "$SCRATCH/qemu-job.log" > "$SCRATCH/qemu-job.results" 2> "$SCRATCH/qemu-job.yaml-err"
expect_status 0 $? "lava-run's results records read as YAML"
expect_line "$SCRATCH/qemu-job.results" "lava job pass" "the job passes"
expect_line "$SCRATCH/qemu-job.results" "lava 0_kunit pass" "the test definition ran to its end"

# The project's own reading of the same kind of run, make run's: its
# kselftest output read into the same names.
"$BUILD/host/kunit-lava" < "$SCRATCH/run.tap" > "$SCRATCH/own" 2> /dev/null
echo "kunit-lava-exit pass" >> "$SCRATCH/own"
sed -n 's/^0_kunit //p' "$SCRATCH/qemu-job.results" > "$SCRATCH/recorded"
sort "$SCRATCH/own" > "$SCRATCH/own.sorted"
sort "$SCRATCH/recorded" > "$SCRATCH/recorded.sorted"
expect_same "$SCRATCH/own.sorted" "$SCRATCH/recorded.sorted" \
	"LAVA recorded the project's results, case by case: $(wc -l < "$SCRATCH/own") of them"

# And each kselftest test's verdict as make run's report gives it
# (kunit-report, not kunit-lava), so that the two readings are not one
# program's word.
"$BUILD/host/kunit-report" --results="$SCRATCH/report.results" "$SCRATCH/run.tap" > /dev/null 2>&1
awk '$1 == "selftests:" && $2 == "kunit:" && NF == 4 { print "kunit/" $3, tolower($4) }' \
	"$SCRATCH/report.results" | sort > "$SCRATCH/report.tests"
grep -E '^kunit/[^/ ]+ ' "$SCRATCH/recorded" | sort > "$SCRATCH/recorded.tests"
if [ "$(wc -l < "$SCRATCH/report.tests")" -ge 20 ]; then
	expect_same "$SCRATCH/report.tests" "$SCRATCH/recorded.tests" \
		"LAVA recorded each kselftest test as make run's report reads it: $(wc -l < "$SCRATCH/report.tests") tests"
else
	fail "make run's report gave $(wc -l < "$SCRATCH/report.tests") kselftest tests, not 20 or more"
	show "$SCRATCH/report.results"
fi

module=kunit/module-lava_kunit/lava-fixture
expect_line "$SCRATCH/recorded" "$module/lava_passes pass" "a passing case is a pass in LAVA"
expect_line "$SCRATCH/recorded" "$module/lava_fails fail" "a failing case is a fail"
expect_line "$SCRATCH/recorded" "$module/lava_skips skip" "a skipped case is a skip"
expect_line "$SCRATCH/recorded" "$module/lava_oopses fail" "a case that oopses is a fail"
expect_line "$SCRATCH/recorded" "kunit/module-lava_kunit fail" "and its module's test fails"
expect_line "$SCRATCH/recorded" "kunit/module-lava_kunit/lava-fixture-init fail" \
	"a suite whose init failed is a fail"
# What only a forged signal would record: the IDs the fixture's messages
# and names give.
if awk '$2 == "lava-forged" || $2 == "lava-param"' "$SCRATCH/qemu-job.results" | grep -q .; then
	fail "a message or a name that looks like LAVA's signal became a result"
	show "$SCRATCH/qemu-job.results"
else
	pass "no message or name that looks like LAVA's signal became a result"
fi
expect_no_line "$SCRATCH/qemu-job.results" "lava lava-test-shell fail" \
	"the test shell did not end early"

# The monitors job: the kernel's KTAP on the console, one monitor a suite.
rm -rf "$SCRATCH/monitors-job"
timeout 900 lava-run --device "$lava/device-qemu.yaml" --output-dir "$SCRATCH/monitors-job" \
	--job-id 2 "$lava/monitors-job.yaml" > "$SCRATCH/monitors-job.log" 2>&1
expect_status 0 $? "lava-run runs the monitors job"
lava_results "$SCRATCH/monitors-job.log" > "$SCRATCH/monitors-job.results" 2>&1
expect_line "$SCRATCH/monitors-job.results" "lava job pass" "the monitors job passes"
# Every case of every suite of the kernel's, and the suite itself, as
# make run read them.
awk '/^    # Subtest: /{ suite = $3 } /^    (not )?ok [0-9]+ /{ cases[suite]++ }
	/^(not )?ok [0-9]+ / { sub(/^(not )?ok [0-9]+ /, ""); sub(/ # .*/, "")
		if ($0 != "(outside the tests)") cases[$0]++ }
	END { for (s in cases) print cases[s], s }' "$SCRATCH/run.ktap" | sort -k2 > "$SCRATCH/own-cases"
grep -v '^lava ' "$SCRATCH/monitors-job.results" | awk '{ print $1 }' | sort | uniq -c |
	awk '{ print $1, $2 }' > "$SCRATCH/monitored-cases"
expect_same "$SCRATCH/own-cases" "$SCRATCH/monitored-cases" \
	"the monitors read every case, and the result, of the kernel's $(wc -l < "$SCRATCH/own-cases") suites"
expect_line "$SCRATCH/monitors-job.results" "lava-fixture lava_passes pass" \
	"a monitor reads a passing case as a pass"
expect_line "$SCRATCH/monitors-job.results" "lava-fixture lava_fails fail" "a failing one as a fail"
expect_line "$SCRATCH/monitors-job.results" "lava-fixture lava_skips skip" \
	"and a skipped one as a skip, not a pass"
expect_line "$SCRATCH/monitors-job.results" "lava-fixture lava_oopses fail" \
	"and one that oopses as a fail"
expect_line "$SCRATCH/monitors-job.results" "lava-fixture lava_fixture fail" \
	"a suite's own result is read: its failed case fails it"
expect_line "$SCRATCH/monitors-job.results" "lava-fixture-init lava_fixture_init fail" \
	"and a suite whose init failed, with no header, is a fail"
