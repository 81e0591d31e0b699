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
echo "safety-script: done"
