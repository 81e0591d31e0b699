# SPDX-License-Identifier: GPL-2.0
# The original KUnit API (struct kunit_module, module_test(), kunit_stream)
# still works: the examples of the original documentation build and run.
. tests/lib.sh

"$USER_BUILD/samples/misc-example-test" > "$SCRATCH/misc.ktap" 2>&1
expect_status 1 $? "misc-example runs; its failure case fails, as documented"
expect_line "$SCRATCH/misc.ktap" "    ok 1 misc_example_add_test_basic" "misc-example's add test passes"
expect_line "$SCRATCH/misc.ktap" "    # This test never passes." "KUNIT_FAIL's message is printed"
expect_line "$SCRATCH/misc.ktap" "    not ok 2 misc_example_test_failure" "the failing case is not ok"

"$USER_BUILD/samples/eeprom-buffer-test" > "$SCRATCH/eeprom.ktap" 2>&1
expect_status 0 $? "the eeprom_buffer fake example passes"
expect_line "$SCRATCH/eeprom.ktap" "ok 1 eeprom-buffer" "all three eeprom_buffer cases pass"

# Under valgrind, each sample exits as it does without it (misc-example
# fails on purpose): no valgrind error (99), and no crash either.
for sample in misc-example-test:1 eeprom-buffer-test:0; do
	name=${sample%:*}
	valgrind -q --leak-check=full --errors-for-leak-kinds=all --error-exitcode=99 \
		"$USER_BUILD/samples/$name" > "$SCRATCH/$name.valgrind" 2>&1
	status=$?
	if [ $status -eq "${sample#*:}" ]; then
		pass "$name is clean under valgrind (exit $status, as without it)"
	else
		fail "$name under valgrind: exit $status, wanted ${sample#*:}"
		show "$SCRATCH/$name.valgrind"
	fi
done
