# SPDX-License-Identifier: GPL-2.0
# Guest side of tests/95-make-run.sh (GUEST_SCRIPT) with KUnit built as
# kunit.ko and its suites as modules: a module's results are readable
# while it is loaded, its suites run again from debugfs, and everything
# goes away with the modules.
dir=/sys/kernel/debug/kunit
sed -e 's/^/module-results| /' "$dir/kunit-runner/results"
if echo 1 > "$dir/kunit-runner/run"; then
	echo "module-run: ok"
else
	echo "module-run: failed"
fi
sed -e 's/^/module-rerun| /' "$dir/kunit-runner/results"
rmmod kunit_test && echo "rmmod kunit_test: ok"
[ -e "$dir/kunit-runner" ] && echo "after rmmod: kunit-runner still there"
[ -e "$dir/string-stream" ] && echo "after rmmod: string-stream kept"
for module in string_stream_test assert_test executor_test kunit_example_test; do
	rmmod "$module" || echo "rmmod $module: failed"
done
rmmod kunit && echo "rmmod kunit: ok"
[ -e "$dir" ] && echo "after rmmod kunit: $dir still there"
echo "module-script: done"
