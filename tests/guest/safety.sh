# SPDX-License-Identifier: GPL-2.0
# Guest side of tests/95-make-run.sh's safety run, after the kselftest
# wrapper ran every module of tests/extra/safety: load two again and look
# at their debugfs directories while they are loaded.
kunit=/sys/kernel/debug/kunit
modprobe safety_init_case_late 2> /dev/null
echo "safety-init-files: $(ls "$kunit/safety_init_case_late" 2> /dev/null | tr '\n' ' ')"
modprobe safety_same_names 2> /dev/null
echo "safety-same-dirs: $(cd "$kunit" && ls -d safety_same* 2> /dev/null | tr '\n' ' ')"
sed -e 's/^/safety-same-2| /' "$kunit/safety_same-2/results" 2> /dev/null
# A case that loads another test module: request_module() returns, and
# the case passes (its results in debugfs; the console mixes the two).
modprobe -r safety_nest_inner 2> /dev/null
modprobe safety_nest 2> /dev/null
echo 1 > /sys/module/safety_nest/parameters/load_inner
echo 1 > "$kunit/safety_nest/run"
sed -n 's/^    \(.*ok 1 safety_loads_a_test_module.*\)/safety-nest| \1/p' \
	"$kunit/safety_nest/results" 2> /dev/null
# A second run of a suite while one goes on is refused; its results then
# have no result line yet.
inner=$kunit/safety_nest_inner
echo 1 > "$inner/run" &
sleep 1
if echo 1 2> /dev/null > "$inner/run"; then
	echo "safety-busy: second run accepted"
else
	echo "safety-busy: second run refused"
fi
sed -e 's/^/safety-during| /' "$inner/results" 2> /dev/null
wait
sed -e 's/^/safety-after| /' "$inner/results" 2> /dev/null
# A module that runs a suite with kunit_run_tests() from its init
# function, which fails while the suite's case runs late.
modprobe safety_run_tests_late 2> /dev/null
echo "safety-run-tests: modprobe ended with $?"
echo "safety-script: done"
