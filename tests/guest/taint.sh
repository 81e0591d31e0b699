# SPDX-License-Identifier: GPL-2.0
# Guest side of tests/95-make-run.sh's record run: the kernel's taint W
# (a warning), which root may add through /proc, with no report on the
# console: the record fails the run, not a pattern of the console.
echo 512 > /proc/sys/kernel/tainted || exit 1
echo "taint: $(cat /proc/sys/kernel/tainted)"
