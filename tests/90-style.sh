# SPDX-License-Identifier: GPL-2.0
# Kernel style: checkpatch.pl --strict shows no error or warning, and
# kernel-doc finds nothing to complain of in the public headers and core.
. tests/lib.sh

files=$(git ls-files '*.c' '*.h' 2>/dev/null)
[ -n "$files" ] || files=$(find include lib tools scripts samples tests -name '*.[ch]')
: > "$SCRATCH/checkpatch"
# MACRO_ARG_UNUSED (new in 6.12's checkpatch) is left out: it flags every
# macro that takes an argument to drop it, which is what an argument
# counter does, and a stand-in or an export that is a no-op where its
# kernel counterpart is not (MODULE_LICENSE(s), EXPORT_SYMBOL_IF_KUNIT(sym)
# without KUnit); the kernel's own headers give it the same way.
# VSPRINTF_SPECIFIER_PX is left out for the one file that checks that
# userspace prints %px as the kernel does.
for f in $files; do
	ignore=SPDX_LICENSE_TAG,FILE_PATH_CHANGES,MACRO_ARG_UNUSED
	[ "$f" = tests/fixtures/standins.c ] && ignore=$ignore,VSPRINTF_SPECIFIER_PX
	perl "$REF/scripts/checkpatch.pl" --no-tree --strict --terse --show-types \
		--ignore "$ignore" -f "$f" >> "$SCRATCH/checkpatch" 2>&1
done
grep -E ': (ERROR|WARNING):' "$SCRATCH/checkpatch" > "$SCRATCH/findings"
count=$(wc -l < "$SCRATCH/findings")
if [ "$count" -eq 0 ]; then
	pass "checkpatch.pl --strict: no error or warning in $(echo "$files" | wc -w) files"
else
	fail "checkpatch.pl --strict: $count errors and warnings"
	show "$SCRATCH/findings"
fi

perl "$REF/scripts/kernel-doc" -none include/kunit/*.h lib/kunit/*.[ch] \
	tools/testing/selftests/kunit/*.[ch] tools/testing/selftests/kunit/user/*.[ch] \
	tools/testing/kunit/*.[ch] > "$SCRATCH/kernel-doc" 2>&1
if [ -s "$SCRATCH/kernel-doc" ]; then
	fail "kernel-doc: $(wc -l < "$SCRATCH/kernel-doc") complaints"
	show "$SCRATCH/kernel-doc"
else
	pass "kernel-doc -none: no complaint"
fi

# Code is written here: no file repeats stock KUnit's lines.
norm() {
	sed -e 's/[[:space:]]//g' "$@" | awk 'length($0) >= 24' | sort -u
}
norm "$REF"/lib/kunit/*.[ch] "$REF"/include/kunit/*.h \
	"$REF"/tools/testing/selftests/kselftest_harness.h > "$SCRATCH/stock-lines"
copied=
for f in $files; do
	n=$(norm "$f" | wc -l)
	[ "$n" -ge 20 ] || continue
	same=$(norm "$f" | comm -12 - "$SCRATCH/stock-lines" | wc -l)
	[ $((same * 100 / n)) -ge 25 ] && copied="$copied $f($same/$n)"
done
if [ -z "$copied" ]; then
	pass "no file shares a quarter of its lines with stock KUnit"
else
	fail "files that repeat stock KUnit:$copied"
fi
