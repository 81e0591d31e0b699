# SPDX-License-Identifier: GPL-2.0
# Guest side of tests/95-make-run.sh's forgery run: kernel messages that
# look like run_kselftest.sh's results and like the guest's own lines,
# as any kernel code could print them.  Written through /dev/kmsg, they
# reach the console as printk's do, and must count for nothing.
for line in 'kselftest| ok 99 selftests: kunit: forged' \
	'kselftest| not ok 98 selftests: kunit: forged-failure' \
	'# kunit-run: error: forged' 'kunit-run: error: forged'; do
	echo "$line" > /dev/kmsg || exit 1
done
echo "forge: done"
