# SPDX-License-Identifier: GPL-2.0
# The original KUnit series' own test file, kunit/test-test.c as patches
# 006, 007 and 008 of ../shared/seeds leave it, builds unchanged against
# this project, in userspace (scripts/kunit-cc) and as a kernel module
# (make run), and every case passes in both.  The file is assembled from
# the patches here, at test time: it is not part of the project.
. tests/lib.sh

optional_input "$SEEDS" "$SEEDS_NAMED" "the original series' test file" || exit 0
src=$SCRATCH/series
mkdir -p "$src"
applied=0
for patch in 006 007 008; do
	file=$(ls "$SEEDS"/$patch-*.patch 2>/dev/null | head -n 1)
	if [ -z "$file" ]; then
		echo "# no seed patch $patch in $SEEDS" >> "$SCRATCH/apply.log"
		continue
	fi
	# Only the test file: the rest of each patch is the series' own core.
	# Outside any repository: git apply is then a plain patch tool.
	if GIT_CEILING_DIRECTORIES=$SCRATCH git -C "$src" apply --include=kunit/test-test.c \
		"$file" >> "$SCRATCH/apply.log" 2>&1; then
		applied=$((applied + 1))
	fi
done
if [ $applied -eq 3 ] && [ -s "$src/kunit/test-test.c" ]; then
	pass "kunit/test-test.c assembled from the seed patches 006, 007 and 008"
else
	fail "kunit/test-test.c could not be assembled from the seed patches ($applied of 3 applied)"
	show "$SCRATCH/apply.log"
	exit 0
fi

# The eight cases of the two suites, in the file's order.
expect_series_results() {	# KTAP-FILE WHERE
	for line in "    ok 1 kunit_test_try_catch_successful_try_no_catch" \
		"    ok 2 kunit_test_try_catch_unsuccessful_try_does_catch" \
		"    ok 3 kunit_test_generic_try_catch_successful_try_no_catch" \
		"    ok 4 kunit_test_generic_try_catch_unsuccessful_try_does_catch" \
		"    ok 1 kunit_resource_test_init_resources" \
		"    ok 2 kunit_resource_test_alloc_resource" \
		"    ok 3 kunit_resource_test_free_resource" \
		"    ok 4 kunit_resource_test_cleanup_resources"; do
		expect_line "$1" "$line" "$2: ${line#    ok [0-9] } passes"
	done
	grep -E '^ *# Subtest: kunit-(try-catch|resource)-test$' "$1" | sed -e 's/^ *//' \
		> "$1.order"
	printf '# Subtest: kunit-try-catch-test\n# Subtest: kunit-resource-test\n' > "$1.wanted"
	if cmp -s "$1.order" "$1.wanted"; then
		pass "$2: the file's two suites run in the file's order"
	else
		fail "$2: the file's two suites do not run in the file's order"
		show "$1.order"
	fi
}

# Userspace, optimised (GCC then reorders a file's variables) and with
# every warning: the series' code must compile cleanly as it is.
KUNIT_CC_CACHE=none CC=$CC "$TOP/scripts/kunit-cc" "$src/kunit/test-test.c" -O2 -Wall \
	-o "$SCRATCH/test-test" > "$SCRATCH/cc.log" 2>&1
expect_status 0 $? "scripts/kunit-cc builds the series' test file unchanged"
if grep -q 'warning:' "$SCRATCH/cc.log"; then
	fail "the series' test file compiles with warnings"
	show "$SCRATCH/cc.log"
else
	pass "the series' test file compiles without a warning (-Wall)"
fi
# clang too, which warns about more (function pointers ordered, say).
KUNIT_CC_CACHE=none CC=clang "$TOP/scripts/kunit-cc" "$src/kunit/test-test.c" -O2 -Wall \
	-o "$SCRATCH/test-test-clang" > "$SCRATCH/cc-clang.log" 2>&1 &&
	"$SCRATCH/test-test-clang" > "$SCRATCH/clang.ktap" 2>&1
expect_status 0 $? "built with clang, the series' test program passes"
if grep -q 'warning:' "$SCRATCH/cc-clang.log"; then
	fail "with clang, the series' test file compiles with warnings"
	show "$SCRATCH/cc-clang.log"
else
	pass "with clang, the series' test file compiles without a warning (-Wall)"
fi
"$SCRATCH/test-test" > "$SCRATCH/user.ktap" 2>&1
expect_status 0 $? "in userspace, the series' test program passes"
expect_series_results "$SCRATCH/user.ktap" "in userspace"

KUNIT_CC_CACHE=none CC=$CC "$TOP/scripts/kunit-cc" "$src/kunit/test-test.c" -g \
	-fsanitize=address,undefined -fno-sanitize-recover=all \
	-o "$SCRATCH/test-test-asan" > "$SCRATCH/cc-asan.log" 2>&1 &&
	"$SCRATCH/test-test-asan" > "$SCRATCH/asan.ktap" 2>&1
expect_status 0 $? "under ASan and UBSan, the series' test program passes"

if [ -n "${KUNIT_CHECK_NO_KERNEL:-}" ]; then
	skip "the series' test file in the kernel" "KUNIT_CHECK_NO_KERNEL is set"
	exit 0
fi

# In the kernel, as a module of its own.  The series built the file into
# the kernel, so it has no MODULE_LICENSE(): a second object gives the
# module one, and the file stays as the patches leave it.
mod=$SCRATCH/module
mkdir -p "$mod/kunit"
cp "$src/kunit/test-test.c" "$mod/kunit/"
cat > "$mod/Kbuild" <<'EOF'
obj-m += series-test.o
series-test-y := kunit/test-test.o series-license.o
EOF
printf '#include <linux/module.h>\nMODULE_LICENSE("GPL");\n' > "$mod/series-license.c"
make --no-print-directory run BUILD="$BUILD" KUNIT_EXTRA="$mod" FILTER='kunit-*-test' \
	> "$SCRATCH/run.out" 2>&1
expect_status 0 $? "make run with the series' test file as a module passes"
expect_line "$BUILD/last/kselftest.tap" "ok 2 selftests: kunit: module-series-test" \
	"the kselftest wrapper passes the module"
expect_series_results "$BUILD/last/results.ktap" "in the kernel"
# Since 6.8 Kbuild warns of a global function without a prototype: the
# series' file has four, its own matter, not this KUnit's.
if grep 'warning:' "$BUILD/last/extra.log" |
	grep -qvE "(^|/)extra/kunit/test-test\.c:[0-9]+:[0-9]+: warning: no previous prototype for [^ ]*kunit_test_[a-z_]+[^ ]* \[-Wmissing-prototypes\]$"; then
	fail "the series' test module builds with warnings"
	show "$BUILD/last/extra.log"
else
	pass "the series' test module builds without a warning"
fi
