# SPDX-License-Identifier: GPL-2.0
# Guest side of tests/95-make-run.sh (GUEST_SCRIPT) with KUnit built as
# kunit.ko and its suites as modules: a module's results are readable
# while it is loaded, its suites run again from debugfs, and everything
# goes away with the modules.  The kselftest wrapper unloaded the modules
# after their tests, so this loads the ones it looks at again.
dir=/sys/kernel/debug/kunit
modprobe kunit-test && modprobe string-stream-test || echo "modprobe: failed"
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
rmmod string_stream_test || echo "rmmod string_stream_test: failed"
rmmod kunit && echo "rmmod kunit: ok"
[ -e "$dir" ] && echo "after rmmod kunit: $dir still there"
echo "module-script: done"
