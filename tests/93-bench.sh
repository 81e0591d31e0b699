# SPDX-License-Identifier: GPL-2.0
# make bench works: its userspace half, once (the figures themselves are
# not checked: they are benchmarks, not tests), and its kernel module runs
# in this KUnit's kernel and prints its figures.
. tests/lib.sh
# On Linux 6.12, the default tree (tests/94 and 97 keep one run on 6.1).
unset KSRC

BENCH_KERNEL=0 BENCH_RUNS=1 make --no-print-directory bench BUILD="$BUILD" \
	> "$SCRATCH/bench.out" 2>&1
expect_status 0 $? "make bench BENCH_KERNEL=0"
if grep -Eq '^bench: tree=none expect_user=[0-9.]+ expect_user_values=[0-9.]+ case_user=[0-9.]+ expect_user_insn=[0-9.]+ expect_user_values_insn=[0-9.]+ case_user_insn=[0-9.]+ expect_kernel=n/a case_kernel=n/a ko_size=n/a tree_suites=n/a tree_suites_O2=n/a ' \
	"$SCRATCH/bench.out"; then
	pass "make bench ends with its closing line"
else
	fail "make bench has no closing line"
	tail -n 5 "$SCRATCH/bench.out" | sed -e 's/^/#   /'
fi
if [ "$(tail -n 1 "$BUILD/last/bench.txt")" = "$(grep '^bench: tree=' "$SCRATCH/bench.out")" ]; then
	pass "make bench writes its table and closing line to build/last/bench.txt"
else
	fail "build/last/bench.txt does not end with the closing line"
fi

# Counted by callgrind, a passing KUNIT_EXPECT_EQ runs exactly the
# instructions of the compare by hand that keeps both values (tests/54
# reads them from objdump; this counts them running).
if grep -q ' expect_user_values_insn=1\.00 ' "$SCRATCH/bench.out" &&
	grep -Eq '^passing KUNIT_EXPECT_EQ +9\.00 +instructions/check' "$SCRATCH/bench.out"; then
	pass "a passing KUNIT_EXPECT_EQ runs the 9 instructions of the compare by hand (callgrind)"
else
	fail "a passing KUNIT_EXPECT_EQ runs more instructions than the compare by hand"
	grep -A 6 '^in instructions' "$SCRATCH/bench.out" | sed -e 's/^/#   /'
fi

bench_build=$SCRATCH/build
mkdir -p "$bench_build/last"
ln -s "$BUILD/user" "$bench_build/user"
ln -s "$BUILD/ref" "$bench_build/ref"
ln -s "$BUILD/host" "$bench_build/host"

# A count that callgrind did not write ends the bench: a valgrind that
# runs the program and writes nothing.
mkdir -p "$SCRATCH/bin"
cat > "$SCRATCH/bin/valgrind" << 'EOF'
#!/bin/sh
while [ "${1#--}" != "$1" ]; do shift; done
"$@"
EOF
chmod +x "$SCRATCH/bin/valgrind"
PATH=$SCRATCH/bin:$PATH BUILD=$bench_build BENCH_RUNS=1 BENCH_KERNEL=0 sh scripts/bench.sh \
	> "$SCRATCH/novalgrind.out" 2>&1
status=$?
if [ $status -eq 1 ] && grep -q '^bench: callgrind wrote no count for ' "$SCRATCH/novalgrind.out" &&
	! grep -q '^bench: tree=' "$SCRATCH/novalgrind.out"; then
	pass "make bench fails when callgrind writes no count (exit 1)"
else
	fail "make bench went on without callgrind's count (exit $status)"
	show "$SCRATCH/novalgrind.out"
fi

# BENCH_E2E=1 with stand-ins for make run and kunit.py, in a tree of a
# Makefile and one test file: each side runs cold, warm, then after the
# test file is touched, in a copy of the tree (the tree itself untouched);
# the closing line names the tree's release and the three ratios.
tree=$SCRATCH/linux
mkdir -p "$tree/lib"
printf 'VERSION = 6\nPATCHLEVEL = 12\nSUBLEVEL = 99\n' > "$tree/Makefile"
echo '/* a test */' > "$tree/lib/list-test.c"
touch -d 2001-01-01 "$tree/lib/list-test.c"
cat > "$SCRATCH/e2e-run" << 'EOF'
#!/bin/sh
echo "ours $KSRC $(stat -c %.9Y "$KSRC/lib/list-test.c" | tr -d .)" >> "$E2E_RECORD"
sleep 0.2
echo "2 suites, 7 results"
EOF
cat > "$SCRATCH/e2e-kunit.py" << 'EOF'
import os, time
time.sleep(0.2)
print("kunit.py", os.getcwd(), os.stat("lib/list-test.c").st_mtime_ns,
      file=open(os.environ["E2E_RECORD"], "a"))
print("Testing complete. Ran 7 tests: passed: 7")
EOF
chmod +x "$SCRATCH/e2e-run"
E2E_RECORD=$SCRATCH/e2e.record KSRC=$tree BUILD=$bench_build BENCH_RUNS=1 BENCH_KERNEL=0 \
	BENCH_E2E=1 BENCH_KUNIT_RUN=$SCRATCH/e2e-run BENCH_KUNIT_PY=$SCRATCH/e2e-kunit.py \
	sh scripts/bench.sh > "$SCRATCH/e2e.out" 2>&1
expect_status 0 $? "make bench BENCH_E2E=1 with stand-ins"
copy=$bench_build/bench/e2e/linux
if awk -v copy="$copy" '
	$2 != copy { bad = 1 }
	{ side[NR] = $1; mtime[NR] = $3 }
	END {
		if (NR != 6 || bad) exit 1
		for (i = 1; i <= 6; i++)
			if (side[i] != (i <= 3 ? "ours" : "kunit.py")) exit 1
		# cold and warm see the file as it was; the edit run, touched.
		exit !(mtime[1] == mtime[2] && mtime[3] > mtime[2] && mtime[6] > mtime[4])
	}' "$SCRATCH/e2e.record" &&
	[ "$(stat -c %Y "$tree/lib/list-test.c")" = "$(date -d 2001-01-01 +%s)" ]; then
	pass "BENCH_E2E=1: both sides run cold, warm, then after the touch, in a copy of the tree"
else
	fail "BENCH_E2E=1 did not run both sides cold, warm and edited in the copy"
	show "$SCRATCH/e2e.record"
fi
if grep -Eq '^bench: tree=6\.12\.99 .* e2e_cold=[0-9.]+ e2e_warm=[0-9.]+ e2e_edit=[0-9.]+$' "$SCRATCH/e2e.out"; then
	pass "BENCH_E2E=1's closing line names the tree and e2e_cold, e2e_warm, e2e_edit"
else
	fail "BENCH_E2E=1's closing line lacks the tree or an end-to-end figure"
	tail -n 3 "$SCRATCH/e2e.out" | sed -e 's/^/#   /'
fi

# A file that make run lays the project's own over is no edit of the tree,
# however the path is spelt; refused before anything is measured.
mkdir -p "$tree/lib/kunit" && : > "$tree/lib/kunit/test.c"
for spelt in lib/kunit/test.c ./lib//kunit/test.c lib/./kunit/test.c; do
	KSRC=$tree BUILD=$bench_build BENCH_RUNS=1 BENCH_KERNEL=0 BENCH_E2E=1 BENCH_EDIT=$spelt \
		sh scripts/bench.sh > "$SCRATCH/e2e-overlaid.out" 2>&1
	status=$?
	if [ $status -eq 1 ] && grep -q "^bench: BENCH_EDIT=$spelt is in a directory of this project" \
		"$SCRATCH/e2e-overlaid.out" && ! grep -q '^bench: building' "$SCRATCH/e2e-overlaid.out"; then
		pass "BENCH_EDIT=$spelt, in a directory make run lays over the tree, is refused at once"
	else
		fail "BENCH_EDIT=$spelt was not refused at once (exit $status)"
		show "$SCRATCH/e2e-overlaid.out"
	fi
done

# callgrind's counts that cannot be right end the bench: a process that
# said something and wrote no count, and a loop's count below one
# instruction an iteration (a name that matched no function).
fake_valgrind() {
	mkdir -p "$SCRATCH/bin-$1"
	{
		echo '#!/bin/sh'
		echo 'for arg; do case $arg in --callgrind-out-file=*) out=${arg#*=} ;; esac; done'
		echo 'echo "totals: 5" > "$(echo "$out" | sed "s/%p/1/")"'
		echo "printf '$2' >&2"
	} > "$SCRATCH/bin-$1/valgrind"
	chmod +x "$SCRATCH/bin-$1/valgrind"
	PATH=$SCRATCH/bin-$1:$PATH BUILD=$bench_build BENCH_RUNS=1 BENCH_KERNEL=0 sh scripts/bench.sh \
		> "$SCRATCH/valgrind-$1.out" 2>&1
}
fake_valgrind lost '==1== one\n==2== two\n'
status=$?
if [ $status -eq 1 ] && grep -q '^bench: callgrind wrote no count for a process of ' \
	"$SCRATCH/valgrind-lost.out"; then
	pass "a process that valgrind ran without its count ends the bench (exit 1)"
else
	fail "the bench went on without a process's count (exit $status)"
	show "$SCRATCH/valgrind-lost.out"
fi
fake_valgrind few '==1== one\n'
status=$?
if [ $status -eq 1 ] && grep -q '^bench: callgrind counted 5 instructions in bare_loop, fewer than its ' \
	"$SCRATCH/valgrind-few.out"; then
	pass "a loop counted at fewer instructions than iterations ends the bench (exit 1)"
else
	fail "the bench took a loop's count below its iterations (exit $status)"
	show "$SCRATCH/valgrind-few.out"
fi

# A boot whose clock is coarse (a guest that lost its TSC) gives no figure:
# bench.sh boots again, and gives up after three such boots.  A stand-in
# for kunit-run writes the consoles, with the clock steps of $BUILD/steps,
# one a boot; the stock side prints no figures, which ends the bench there.
cat > "$SCRATCH/fake-run" << 'EOF'
#!/bin/sh
echo boot >> "$BUILD/boots"
echo "$BUILD/run" > "$BUILD/last/run-dir"
if [ -n "${STOCK:-}" ]; then
	echo "no figures" > "$BUILD/last/console.log"
	exit 0
fi
step=$(sed -n "$(wc -l < "$BUILD/boots")p" "$BUILD/steps")
pass=$([ "$step" -gt 1000 ] && echo 0 || echo 700)
cat > "$BUILD/last/console.log" << END
kunit-bench: clock_step median=$step min=$step max=$step unit=ns
kunit-bench: expect_pass median=$pass min=$pass max=$pass unit=ps
kunit-bench: empty_case median=90 min=90 max=90 unit=ns
END
EOF
chmod +x "$SCRATCH/fake-run"
# bench_steps STEP...: runs the bench, its boots' clocks stepping so.
bench_steps() {
	printf '%s\n' "$@" > "$bench_build/steps"
	rm -f "$bench_build/boots"
	BUILD=$bench_build BENCH_RUNS=1 BENCH_BOOTS=2 BENCH_KUNIT_RUN=$SCRATCH/fake-run \
		sh scripts/bench.sh > "$SCRATCH/coarse.out" 2>&1
}
bench_steps 4000250 25 31
if grep -q "the ours kernel's clock steps by 4000250 ns, more than 1000 ns" "$SCRATCH/coarse.out" &&
	[ "$(grep -c . "$bench_build/boots")" = 4 ] &&
	[ "$(tr '\n' ' ' < "$bench_build/bench/kernel-ours.expect_pass")" = "700 700 " ]; then
	pass "make bench leaves out a boot whose clock is coarse and boots again"
else
	fail "make bench read a boot whose clock is coarse"
	show "$SCRATCH/coarse.out"
fi
bench_steps 4000250 4000250 4000250 25
status=$?
if [ $status -eq 1 ] && grep -q "3 boots of the ours kernel had a coarse clock; no figure" \
	"$SCRATCH/coarse.out" && [ "$(grep -c . "$bench_build/boots")" = 3 ]; then
	pass "make bench gives up after three boots with a coarse clock (exit 1)"
else
	fail "make bench did not give up on a coarse clock (exit $status)"
	show "$SCRATCH/coarse.out"
fi

if [ -n "${KUNIT_CHECK_NO_KERNEL:-}" ]; then
	skip "the kernel bench module" "KUNIT_CHECK_NO_KERNEL is set"
	exit 0
fi
make --no-print-directory run BUILD="$BUILD" KUNIT_EXTRA=tests/bench/kernel KERNEL_ARGS=quiet \
	> "$SCRATCH/kernel.out" 2>&1
# Its failing-expectation case fails on purpose, and only that one.
expect_status 2 $? "make run with the kernel bench module: its failing-expectation case fails"
grep -E '^(# )+not ok ' "$BUILD/last/kselftest.tap" > "$SCRATCH/bench-failures"
if [ "$(cat "$SCRATCH/bench-failures")" = "# # not ok 3 bench_expect_fail
# not ok 1 kunit-bench" ]; then
	pass "bench_expect_fail is the bench module's only failed case"
else
	fail "the bench module's failed cases are not just bench_expect_fail"
	show "$SCRATCH/bench-failures"
fi
for figure in clock_step expect_pass bare_compare expect_fail empty_case module_suites; do
	if grep -Eq "^kunit-bench: $figure median=[0-9]+ min=[0-9]+ max=[0-9]+ unit=" \
		"$BUILD/last/console.log"; then
		pass "the kernel bench module prints $figure"
	else
		fail "the kernel bench module did not print $figure"
		tail -n 20 "$SCRATCH/kernel.out" | sed -e 's/^/#   /'
	fi
done
