# SPDX-License-Identifier: GPL-2.0
# KUNIT_CASE_TIMEOUT() and a suite's .timeout override --timeout, both
# ways: a longer limit lets a slow case pass, a shorter one cuts a hang
# even when --timeout=0 sets no limit at all.
. tests/lib.sh

for limit in 0 1; do
	out=$SCRATCH/timeouts-$limit.ktap
	# The outer timeout only guards the check against an override that
	# does not work: the program itself must end in about 6 s.
	timeout 60 "$USER_BUILD/fixtures/timeouts" --timeout=$limit > "$out" 2>&1
	expect_status 1 $? "--timeout=$limit: the program with hanging cases fails"
	expect_line "$out" "    ok 1 sleeps_two_seconds" \
		"--timeout=$limit: a case's own 5 s lets it sleep 2 s"
	expect_line "$out" "    # hangs: timed out after 1 s, killed" \
		"--timeout=$limit: a case's own 1 s cuts its hang"
	expect_line "$out" "    ok 3 quick" "--timeout=$limit: the case after the hang runs"
	expect_line "$out" "    not ok 1 hangs" \
		"--timeout=$limit: a suite's .timeout = 1 cuts its case's hang"
	expect_line "$out" "    ok 2 sleeps_two_seconds" \
		"--timeout=$limit: a case's own 4 s wins over its suite's 1 s"
done
