# SPDX-License-Identifier: GPL-2.0
# make run COVERAGE=1's coverage stage, whole, with real counts and no
# kernel: a stand-in guest sends what gcov counted of objects built with
# --coverage (the .gcda format a kernel's gcov gives back is gcc's own),
# and the stage reads them, runs the userspace programs, and writes lcov's
# page, which a real browser (Debian's Chromium, headless) then loads.
. tests/lib.sh

# The "kernel" objects: the coverage variant of the userspace programs,
# built in a directory of their own and run once to count.  Their sources
# and headers are named by absolute paths, as Kbuild names them when the
# objects are not in the tree (O=), so that lcov finds them from the objects.
obj=$SCRATCH/kernel-obj
cat > "$SCRATCH/cc-absolute" << 'EOF'
#!/bin/sh
for arg; do
	shift
	case $arg in
	/* | -I/*) ;;
	-I*) arg=-I$PWD/${arg#-I} ;;
	-*) ;;
	*.c) arg=$PWD/$arg ;;
	esac
	set -- "$@" "$arg"
done
exec cc "$@"
EOF
chmod +x "$SCRATCH/cc-absolute"
make -s -C "$TOP" --no-print-directory BUILD="$obj" CC="$SCRATCH/cc-absolute" \
	"$obj/user-cov/kunit-example-test" > "$SCRATCH/obj-build.log" 2>&1 &&
	"$obj/user-cov/kunit-example-test" > "$SCRATCH/obj-run.log" 2>&1
expect_status 0 $? "the stand-in kernel's objects are built with --coverage and run"
gcdas=$(cd / && find "${obj#/}/user-cov" -name '*.gcda' | sort)
if [ -z "$gcdas" ]; then
	fail "gcov counted nothing in the stand-in kernel's objects"
	exit 0
fi
# As the guest sends them: a tar of the .gcda files named by where they
# were built, base64 a line, and the end mark among the init's lines.
mkdir -p "$SCRATCH/last"
# shellcheck disable=SC2086
tar -C / -czf - $gcdas | base64 > "$SCRATCH/last/gcov.b64"
echo 'gcov end' > "$SCRATCH/last/guest.lines"

stages "COVERAGE=1 OBJ=$obj/user-cov/obj WORK=$TOP cross= report_status=0
	stage_coverage; echo status=\$report_status" x86_64
expect_line "$SCRATCH/out" "status=0" "the coverage stage reads the counts and writes the page"
expect_match "$SCRATCH/out" '^  kernel +[0-9.]+% of +[0-9]+ lines, .* lib/kunit/test\.c$' \
	"its summary names lib/kunit/test.c in the kernel's counts"
expect_match "$SCRATCH/out" '^  user +[0-9.]+% of +[0-9]+ lines, .* lib/kunit/test\.c$' \
	"and in the userspace programs'"
page=$SCRATCH/build/coverage/index.html
expect_line "$SCRATCH/out" "Coverage: $page ($SCRATCH/last/coverage.info)" "it names its page"

# dump_dom FILE: the document Chromium made of FILE once it loaded, in
# $SCRATCH/dom (the flags a headless Chromium needs without a network).
dump_dom() {
	chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
		--disable-background-networking --disable-component-update --disable-sync \
		--user-data-dir="$SCRATCH/chromium" --dump-dom "file://$1" \
		> "$SCRATCH/dom" 2> "$SCRATCH/chromium.log"
}
if ! command -v chromium > /dev/null; then
	fail "Chromium is missing: apt-get install chromium"
	exit 0
fi
# Chromium gives 0 for a file that is not there too: what it made of the
# page is the check.
if [ -f "$page" ] && dump_dom "$page" && grep -q '<title>[^<]*KUnit coverage' "$SCRATCH/dom"; then
	pass "Chromium loads the coverage page, lcov's, with its title"
else
	fail "Chromium did not load a coverage page"
	show "$SCRATCH/chromium.log"
fi
# genhtml lists directories on its first page; lib/kunit's links to the
# page of its files.
dir=$(sed -n 's|.*href="\([^"]*lib/kunit/index\.html\)".*|\1|p' "$SCRATCH/dom" | head -n 1)
if [ -n "$dir" ] && [ -f "$SCRATCH/build/coverage/$dir" ]; then
	pass "the page names lib/kunit, a link to its files' page"
	dump_dom "$SCRATCH/build/coverage/$dir"
	expect_match "$SCRATCH/dom" 'href="test\.c\.gcov\.html"' \
		"lib/kunit's page, in Chromium, names test.c and links to its lines"
else
	fail "the page Chromium loaded does not name lib/kunit"
	show "$SCRATCH/dom"
fi

# Counts that come from the guest broken: no page, and the run fails.
echo 'not base64 at all !!!' > "$SCRATCH/last/gcov.b64"
stages "COVERAGE=1 OBJ=$obj/user-cov/obj WORK=$TOP cross= report_status=0
	stage_coverage; echo status=\$report_status" x86_64
if grep -qx status=1 "$SCRATCH/out" && [ ! -e "$page" ]; then
	pass "coverage data that cannot be read fails the run and leaves no page"
else
	fail "unreadable coverage data gave a page or a passing run"
	show "$SCRATCH/out"
fi
