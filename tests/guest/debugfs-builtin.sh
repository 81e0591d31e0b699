# SPDX-License-Identifier: GPL-2.0
# Guest side of tests/95-make-run.sh (GUEST_SCRIPT): KUnit's debugfs files
# for built-in suites.  Each line it prints starts with a tag the host
# checks.
dir=/sys/kernel/debug/kunit
echo "debugfs-dirs: $(ls "$dir" | tr '\n' ' ')"
echo "debugfs-modes: $(stat -c '%a' "$dir/example/results" "$dir/example/run" | tr '\n' ' ')"
sed -e 's/^/results| /' "$dir/example/results"
if echo 1 > "$dir/kunit-status/run"; then
	echo "debugfs-run: ok"
else
	echo "debugfs-run: failed"
fi
sed -e 's/^/rerun| /' "$dir/kunit-status/results"
