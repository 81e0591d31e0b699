# SPDX-License-Identifier: GPL-2.0
# Guest side of tests/95-make-run.sh's forged end: kernel messages that
# say the guest finished, then a machine that ends without the guest's
# init saying so on its results port.
echo '# kunit-run: done' > /dev/kmsg || exit 1
echo 'kunit-run: done' > /dev/kmsg || exit 1
echo "forge-done: rebooting"
reboot -f
