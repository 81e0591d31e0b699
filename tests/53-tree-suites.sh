# SPDX-License-Identifier: GPL-2.0
# make tree-suites: the kernel tree's own suites (tools/testing/selftests/kunit/tree-suites.list),
# from the tree unchanged, as userspace programs under ASan and UBSan.
. tests/lib.sh
# On 6.1's tree, whose list is the longest; tests/94 runs 6.12's.
export KSRC=6.1
ksrc=$BUILD/src/linux-source-6.1

make --no-print-directory tree-suites BUILD="$BUILD" > "$SCRATCH/out" 2>&1
expect_status 0 $? "make tree-suites builds and passes the tree's suites"
sh tools/testing/selftests/kunit/tree-suites-select.sh "$ksrc" \
	tools/testing/selftests/kunit/tree-suites.list > "$SCRATCH/selected.list"
listed=$(grep -c '^[a-z]' "$SCRATCH/selected.list")
expect_line "$SCRATCH/out" "tree-suites: $listed programs from $BUILD/src/linux-source-6.1; $BUILD/last/tree-suites.ktap" \
	"every suite of the list ran: $listed programs"
for suite in rational linear-ranges-test list_sort bits-test lib_sort is_signed_type \
	list-kunit-test hlist bitfields cmdline time_test_cases overflow stackinit; do
	if grep -q "^\[PASS\] $suite " "$SCRATCH/out"; then
		pass "the tree's suite $suite passes in userspace"
	else
		fail "the tree's suite $suite does not pass in userspace"
		grep -A3 "\] $suite " "$SCRATCH/out" | sed -e 's/^/#   /'
	fi
done
kunit_py_results "$BUILD/last/tree-suites.ktap" "$SCRATCH/py"
if grep -q 'Ran 165 tests: passed: 160, skipped: 5' "$SCRATCH/py.log"; then
	pass "kunit.py parse reads tree-suites.ktap: 165 tests, 160 passed, 5 skipped"
else
	fail "kunit.py parse on tree-suites.ktap"
	tail -n 2 "$SCRATCH/py.log" | sed -e 's/^/#   /'
fi
# The suites and the code they test come from the tree, not from copies.
copies=
for file in $(sed -n 's/^[a-z_][a-z_0-9]*[[:space:]]\{1,\}\([^#]*\)/\1/p' "$SCRATCH/selected.list" |
	sed -e 's/ --.*//'); do
	blob=$(git hash-object "$ksrc/$file")
	git ls-files -s | grep -q " $blob " && copies="$copies $file"
done
if [ -n "$copies" ]; then
	fail "the project holds copies of the tree's files:$copies"
else
	pass "the project holds no copy of the suites' files or of the code they test"
fi

# run_list NAME [LINE...]: make tree-suites on the list $SCRATCH/NAME.list,
# made of the LINEs if any are given; its status in $?, its output in
# $SCRATCH/NAME.out.
run_list() {
	list=$1
	shift
	[ $# -eq 0 ] || printf '%s\n' "$@" > "$SCRATCH/$list.list"
	make --no-print-directory tree-suites BUILD="$BUILD" SUITES="$SCRATCH/$list.list" \
		> "$SCRATCH/$list.out" 2>&1
}

# Failures reach the exit status: a suite built unlike the kernel fails,
# and so does one that does not build.
run_list unlike "stackinit lib/stackinit_kunit.c"
expect_status 2 $? "a suite whose cases fail fails make tree-suites"
if grep -q '^\[FAIL\] stackinit ' "$SCRATCH/unlike.out"; then
	pass "and is named"
else
	fail "the failing suite is not named"
	show "$SCRATCH/unlike.out"
fi
run_list nobuild "list lib/list-test.c"
expect_status 2 $? "a suite that does not build fails make tree-suites"
expect_line "$SCRATCH/nobuild.out" \
	"tree-suites: list: lib/list-test.c does not build (whole log: $BUILD/tree-suites/list.build.log)" \
	"and says which"
expect_line "$BUILD/last/tree-suites.ktap" "not ok 1 tree-list" \
	"and tree-suites.ktap holds it as a failed result"

# What a list cannot do: hide a suite in a last line without a newline,
# pass with a program that reports no suite, tell a checker to look away,
# use a name the kselftest Makefile would not read, or name one twice.
printf 'bits lib/test_bits.c\nstackinit lib/stackinit_kunit.c' > "$SCRATCH/nonl.list"
run_list nonl
expect_status 2 $? "a last line without its newline is read, and its failing suite fails the run"
run_list nosuite "bits lib/test_bits.c" "nosuite lib/sort.c"
expect_status 2 $? "a program that reports no suite fails the run"
expect_line "$SCRATCH/nosuite.out" "tree-suites: nosuite: reported no suite" "saying so"
# After --, only what builds a suite as the kernel does.
for flag in -fno-sanitize=all -fsanitize-recover=all --valgrind-error-exitcode=0 \
	@/dev/null --param=asan-instrument-writes=0 -U__SANITIZE_ADDRESS__ \
	--valgrind-suppressions=/dev/null --valgrind-leak-check=no -O0 -Wl,--wrap=main; do
	run_list refused "lib_sort lib/test_sort.c lib/sort.c -- $flag"
	expect_status 2 $? "a list may not give $flag"
	if grep -q "^tree-suites: $SCRATCH/refused.list: lib_sort: $flag is not allowed; " \
		"$SCRATCH/refused.out"; then
		pass "saying so"
	else
		fail "without saying why"
		show "$SCRATCH/refused.out"
	fi
done
for line in "Bits lib/test_bits.c" "bits"; do
	run_list badname "$line"
	expect_status 2 $? "the list line \"$line\" is refused"
	expect_line "$SCRATCH/badname.out" \
		"tree-suites: $SCRATCH/badname.list: \"$line\": a name is [a-z_][a-z0-9_]*, then a test file" \
		"saying so"
done
run_list twice "bits lib/test_bits.c" "bits lib/test_bits.c"
expect_status 2 $? "a name given twice is refused"
expect_line "$SCRATCH/twice.out" "tree-suites: $SCRATCH/twice.list: bits is named twice" "saying so"
for line in "bits lib/../lib/test_bits.c" "bits /etc/passwd" "bits lib/test_bits.c --tree-header=linux/list.h" \
	"bits -- -DX=1" "bits lib/test_bits.c -- --tree-header=linux/bits.h --tree-header=linux/bits.h"; do
	run_list badline "$line"
	expect_status 2 $? "the list line \"$line\" is refused"
	if grep -q "^tree-suites: $SCRATCH/badline.list: bits: " "$SCRATCH/badline.out"; then
		pass "saying why: $(sed -n "s|^tree-suites: $SCRATCH/badline.list: bits: ||p" "$SCRATCH/badline.out")"
	else
		fail "without saying why"
		show "$SCRATCH/badline.out"
	fi
done
printf 'bits lib/test_bits.c\r\n' > "$SCRATCH/crlf.list"
run_list crlf
expect_status 0 $? "a list with CRLF line ends is read"
make --no-print-directory tree-suites BUILD="$BUILD" SUITES="$SCRATCH/crlf.list" TIMEOUT=abc \
	> "$SCRATCH/timeout.out" 2>&1
expect_status 2 $? "TIMEOUT=abc is refused"
expect_line "$SCRATCH/timeout.out" "tree-suites: TIMEOUT=abc: a number of seconds, 1 or more" "saying so"

# Programs that must not pass, in a tree of links to the real one with
# files of our own: a code file with its own main(), a suite of skips
# only, a file the tree lacks, a leak that the environment would hide.
ktree=$SCRATCH/ktree
rm -rf "$ktree"
mkdir -p "$ktree/own"
ln -s "$ksrc"/* "$ktree/"
cat > "$ktree/own/fake_main.c" <<'EOF'
#include <stdio.h>

int main(void)
{
	printf("KTAP version 1\n1..1\nok 1 fake\n");
	return 0;
}
EOF
cat > "$ktree/own/skips.c" <<'EOF'
#include <kunit/test.h>

static void skipped(struct kunit *test)
{
	kunit_skip(test, "nothing to do here");
}

static struct kunit_case skips_cases[] = { KUNIT_CASE(skipped), {} };
static struct kunit_suite skips_suite = { .name = "skips", .test_cases = skips_cases };
kunit_test_suite(skips_suite);
EOF
cat > "$ktree/own/leaks.c" <<'EOF'
#include <kunit/test.h>

static void leaks(struct kunit *test)
{
	KUNIT_EXPECT_NOT_NULL(test, kmalloc(64, GFP_KERNEL));
}

static struct kunit_case leaks_cases[] = { KUNIT_CASE(leaks), {} };
static struct kunit_suite leaks_suite = { .name = "leaks", .test_cases = leaks_cases };
kunit_test_suite(leaks_suite);
EOF
# own_list NAME LINE: make tree-suites on the tree $ktree and the one LINE.
own_list() {
	printf '%s\n' "$2" > "$SCRATCH/$1.list"
	make --no-print-directory tree-suites BUILD="$BUILD" KSRC="$ktree" SUITES="$SCRATCH/$1.list" \
		> "$SCRATCH/$1.out" 2>&1
}
cat > "$ktree/own/shifts.c" <<'EOF'
#include <kunit/test.h>

static void shifts_too_far(struct kunit *test)
{
	volatile int bits = 40;

	KUNIT_EXPECT_NE(test, 1 << bits, 0);
}

static struct kunit_case shifts_cases[] = { KUNIT_CASE(shifts_too_far), {} };
static struct kunit_suite shifts_suite = { .name = "shifts", .test_cases = shifts_cases };
kunit_test_suite(shifts_suite);
EOF
own_list ubsan "shifts own/shifts.c"
expect_status 2 $? "a UBSan report fails the run"
if grep -q 'runtime error: shift exponent 40 is too large' "$SCRATCH/ubsan.out"; then
	pass "and shows the report"
else
	fail "the UBSan report is not shown"
	show "$SCRATCH/ubsan.out"
fi
own_list ownmain "ownmain own/skips.c own/fake_main.c"
expect_status 2 $? "a code file with its own main() fails the run"
expect_line "$SCRATCH/ownmain.out" "tree-suites: ownmain: main() is not KUnit's runner: a code file defines its own" \
	"saying so"
own_list skips "skips own/skips.c"
expect_status 2 $? "a program that passes nothing, every result a skip, fails the run"
expect_line "$SCRATCH/skips.out" "tree-suites: skips: passed nothing: every result was a skip, or there was none" \
	"saying so"
expect_line "$BUILD/last/tree-suites.ktap" "not ok 2 tree-skips" "and tree-suites.ktap holds it as a failed result"
own_list absent "absent own/absent.c"
expect_status 2 $? "a file the tree lacks fails the run"
expect_line "$SCRATCH/absent.out" "tree-suites: absent: KSRC=$ktree has no own/absent.c" "saying so"
printf 'leaks own/leaks.c\n' > "$SCRATCH/leaks.list"
ASAN_OPTIONS=detect_leaks=0 LSAN_OPTIONS=exitcode=0 make --no-print-directory tree-suites \
	BUILD="$BUILD" KSRC="$ktree" SUITES="$SCRATCH/leaks.list" > "$SCRATCH/leaks.out" 2>&1
expect_status 2 $? "a leak fails the run, whatever ASAN_OPTIONS and LSAN_OPTIONS say"
if grep -q 'LeakSanitizer' "$SCRATCH/leaks.out"; then
	pass "and LeakSanitizer's report is named"
else
	fail "the leak is not reported"
	show "$SCRATCH/leaks.out"
fi

"$TOP/scripts/kunit-cc" --ksrc="$SCRATCH" "$BUILD/src/linux-source-6.1/lib/test_bits.c" \
	-o "$SCRATCH/bits" > "$SCRATCH/badksrc.out" 2>&1
expect_status 2 $? "kunit-cc --ksrc refuses a directory that is no kernel tree"
expect_line "$SCRATCH/badksrc.out" \
	"kunit-cc: --ksrc=$SCRATCH is not a kernel tree (no include/linux, tools/include)" "saying so"

# --tree-header: the tree's own header, before the project's stand-in for
# it; without it, lib/list-test.c does not build (above).
cat > "$SCRATCH/which-list.c" <<'EOF'
#include <kunit/test.h>
#include <linux/list.h>

static void which_list_h(struct kunit *test)
{
#ifdef _LINUX_LIST_H
	kunit_info(test, "the tree's list.h");
#else
	kunit_info(test, "the stand-in list.h");
#endif
}

static struct kunit_case which_cases[] = { KUNIT_CASE(which_list_h), {} };
static struct kunit_suite which_suite = { .name = "which", .test_cases = which_cases };
kunit_test_suite(which_suite);
EOF
: > "$SCRATCH/which.out"
for flag in --tree-header=linux/list.h "" "--tree-header=linux/list.h --tree-header=linux/list.h"; do
	# shellcheck disable=SC2086
	"$TOP/scripts/kunit-cc" --ksrc="$ksrc" $flag "$SCRATCH/which-list.c" -o "$SCRATCH/which" \
		>> "$SCRATCH/which.out" 2>&1 && "$SCRATCH/which" >> "$SCRATCH/which.out" 2>&1
	expect_status 0 $? "kunit-cc ${flag:-without --tree-header} builds a program that runs"
done
if [ "$(grep -c "# which_list_h: the tree's list.h" "$SCRATCH/which.out")" = 2 ] &&
	grep -q "# which_list_h: the stand-in list.h" "$SCRATCH/which.out"; then
	pass "--tree-header=linux/list.h takes the tree's list.h, and only with it"
else
	fail "--tree-header=linux/list.h does not choose the header"
	show "$SCRATCH/which.out"
fi
for header in ../Makefile /etc/passwd linux/no-such-header.h; do
	"$TOP/scripts/kunit-cc" --ksrc="$ksrc" --tree-header=$header "$SCRATCH/which-list.c" \
		-o "$SCRATCH/which" > "$SCRATCH/badheader.out" 2>&1
	expect_status 2 $? "kunit-cc refuses --tree-header=$header"
	if grep -q "^kunit-cc: --tree-header=$header: " "$SCRATCH/badheader.out"; then
		pass "saying so"
	else
		fail "without saying why"
		show "$SCRATCH/badheader.out"
	fi
done
"$TOP/scripts/kunit-cc" --tree-header=linux/list.h "$SCRATCH/which-list.c" -o "$SCRATCH/which" \
	> "$SCRATCH/noksrc.out" 2>&1
expect_status 2 $? "kunit-cc refuses --tree-header without --ksrc"
expect_line "$SCRATCH/noksrc.out" "kunit-cc: --tree-header needs --ksrc" "saying so"

# The tree's compiler rules: a tree whose Makefile says -funsigned-char
# (6.2 and later) builds its code with unsigned char, one that does not
# with the compiler's default (signed on x86); an undeclared helper is a
# build error, as in Kbuild; IS_ENABLED() needs no #include, as in Kbuild.
rules_tree() {
	rm -rf "$SCRATCH/$1"
	mkdir -p "$SCRATCH/$1"
	ln -s "$ksrc"/* "$SCRATCH/$1/"
	rm "$SCRATCH/$1/Makefile"
	sed -e "s/^PATCHLEVEL = .*/PATCHLEVEL = $2/" "$ksrc/Makefile" > "$SCRATCH/$1/Makefile"
}
rules_tree unsigned 12
sed -i 's/^KBUILD_CFLAGS[[:space:]]*+= -fno-strict-overflow$/&\nKBUILD_CFLAGS += -funsigned-char/' \
	"$SCRATCH/unsigned/Makefile"
grep -q '^KBUILD_CFLAGS += -funsigned-char$' "$SCRATCH/unsigned/Makefile" ||
	fail "the test's tree has no -funsigned-char line: the test itself is broken"
cat > "$SCRATCH/chars.c" <<'EOF2'
#include <kunit/test.h>

static void char_signedness(struct kunit *test)
{
	char c = (char)0xff;

	kunit_info(test, "char is %s", c < 0 ? "signed" : "unsigned");
	KUNIT_EXPECT_TRUE(test, IS_ENABLED(CONFIG_KUNIT));
}

static struct kunit_case chars_cases[] = { KUNIT_CASE(char_signedness), {} };
static struct kunit_suite chars_suite = { .name = "chars", .test_cases = chars_cases };
kunit_test_suite(chars_suite);
EOF2
for tree in "$SCRATCH/unsigned":unsigned "$ksrc":signed; do
	"$TOP/scripts/kunit-cc" --ksrc="${tree%%:*}" "$SCRATCH/chars.c" -o "$SCRATCH/chars" \
		> "$SCRATCH/chars.out" 2>&1 && "$SCRATCH/chars" >> "$SCRATCH/chars.out" 2>&1
	expect_status 0 $? "kunit-cc --ksrc=${tree%%:*}: a source that uses IS_ENABLED() without #include builds and passes"
	expect_line "$SCRATCH/chars.out" "    # char_signedness: char is ${tree#*:}" \
		"and its char is ${tree#*:}, as the tree's Makefile says"
done
cat > "$SCRATCH/undeclared.c" <<'EOF2'
#include <kunit/test.h>

static void calls_undeclared(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, helper_nobody_declared(2), 0);
}

static struct kunit_case undeclared_cases[] = { KUNIT_CASE(calls_undeclared), {} };
static struct kunit_suite undeclared_suite = { .name = "undeclared", .test_cases = undeclared_cases };
kunit_test_suite(undeclared_suite);

int helper_nobody_declared(int x)
{
	return 0;
}
EOF2
"$TOP/scripts/kunit-cc" --ksrc="$SCRATCH/unsigned" "$SCRATCH/undeclared.c" -o "$SCRATCH/undeclared" \
	> "$SCRATCH/undeclared.out" 2>&1
expect_status 1 $? "kunit-cc --ksrc: a call of an undeclared function does not build, as in Kbuild"
if grep -q "error: implicit declaration of function .helper_nobody_declared." "$SCRATCH/undeclared.out"; then
	pass "the compiler says which"
else
	fail "no implicit-declaration error"
	show "$SCRATCH/undeclared.out"
fi
rules_tree norules 1
sed -i -e 's/-Werror=implicit-function-declaration//' "$SCRATCH/norules/Makefile"
rm "$SCRATCH/norules/scripts"
mkdir -p "$SCRATCH/norules/scripts"
"$TOP/scripts/kunit-cc" --ksrc="$SCRATCH/norules" "$SCRATCH/chars.c" -o "$SCRATCH/chars" \
	> "$SCRATCH/norules.out" 2>&1
expect_status 2 $? "kunit-cc refuses a tree whose compiler rules it cannot read"
expect_line "$SCRATCH/norules.out" "tree-cflags.sh: cannot read the compiler rules of $SCRATCH/norules from its Makefile (no -Werror=implicit-function-declaration in KBUILD_CFLAGS)" \
	"saying so"

# A list's lines by the tree's version: --since and --before.
rm -rf "$ktree/Makefile"
sed -e 's/^PATCHLEVEL = .*/PATCHLEVEL = 12/' "$ksrc/Makefile" > "$ktree/Makefile"
cp "$SCRATCH/chars.c" "$ktree/own/chars.c"
printf '%s\n' 'chars_new own/chars.c -- --since=6.12' 'chars_old own/chars.c -- --before=6.12' \
	'chars_later own/chars.c -- --since=6.13' 'chars_range own/chars.c -- --since=6.2 --before=6.13' \
	> "$SCRATCH/since.list"
make --no-print-directory tree-suites BUILD="$BUILD" KSRC="$ktree" SUITES="$SCRATCH/since.list" \
	> "$SCRATCH/since.out" 2>&1
expect_status 0 $? "make tree-suites with --since and --before on a 6.12 tree"
expect_line "$SCRATCH/since.out" "tree-suites: 2 programs from $ktree; $BUILD/last/tree-suites.ktap" \
	"runs the lines for 6.12 only: 2 programs"
if [ "$(grep -c '^ok [0-9]* chars$' "$BUILD/last/tree-suites.ktap")" = 2 ] &&
	! grep -q 'chars_old\|chars_later' "$SCRATCH/since.out"; then
	pass "chars_new and chars_range ran; chars_old and chars_later did not"
else
	fail "the wrong lines ran"
	show "$SCRATCH/since.out"
fi
printf '%s\n' 'twice own/chars.c -- --since=6.2' 'twice own/chars.c -- --before=6.13' > "$SCRATCH/twice.list"
make --no-print-directory tree-suites BUILD="$BUILD" KSRC="$ktree" SUITES="$SCRATCH/twice.list" \
	> "$SCRATCH/twice.out" 2>&1
expect_status 2 $? "two lines of one name that both apply are refused"
expect_line "$SCRATCH/twice.out" "tree-suites: $SCRATCH/twice.list: twice is named twice" "saying so"
printf '%s\n' 'badver own/chars.c -- --since=six' > "$SCRATCH/badver.list"
make --no-print-directory tree-suites BUILD="$BUILD" KSRC="$ktree" SUITES="$SCRATCH/badver.list" \
	> "$SCRATCH/badver.out" 2>&1
expect_status 2 $? "a version that is not X.Y is refused"
expect_line "$SCRATCH/badver.out" \
	"tree-suites-select.sh: $SCRATCH/badver.list: \"--since=six\": a version is X.Y, as 6.12" "saying so"
# A line no version takes, a version sh would read as octal, a comment at
# the end of a line: refused, where they would drop or keep a suite silently.
for bad in 'range own/chars.c -- --since=6.12 --before=6.2' 'octal own/chars.c -- --since=6.013' \
	'comment own/chars.c # not yet' 'twice own/chars.c -- --since=6.13 --since=6.1 --before=6.12' \
	'wide own/chars.c -- --since=5.1012' "quote own/chars.c -- -DQ='x'" 'pipe own/chars.c -- -Da|b'; do
	printf '%s\n' "$bad" > "$SCRATCH/badline.list"
	make --no-print-directory tree-suites BUILD="$BUILD" KSRC="$ktree" SUITES="$SCRATCH/badline.list" \
		> "$SCRATCH/badline.out" 2>&1
	expect_status 2 $? "the list line \"$bad\" is refused"
	if grep -q "^tree-suites-select.sh: $SCRATCH/badline.list: " "$SCRATCH/badline.out"; then
		pass "saying why"
	else
		fail "without saying why"
		show "$SCRATCH/badline.out"
	fi
done
# A top Makefile with CRLF line ends says the same.
rules_tree crlf 12
sed -i 's/^KBUILD_CFLAGS[[:space:]]*+= -fno-strict-overflow$/&\nKBUILD_CFLAGS += -funsigned-char/; s/$/\r/' \
	"$SCRATCH/crlf/Makefile"
"$TOP/scripts/kunit-cc" --ksrc="$SCRATCH/crlf" "$SCRATCH/chars.c" -o "$SCRATCH/chars" \
	> "$SCRATCH/crlf.out" 2>&1 && "$SCRATCH/chars" >> "$SCRATCH/crlf.out" 2>&1
expect_status 0 $? "kunit-cc --ksrc with a CRLF Makefile builds"
expect_line "$SCRATCH/crlf.out" "    # char_signedness: char is unsigned" "and takes its -funsigned-char"

# One reader of a tree's series (tree-version.sh) for the list's lines and
# for make compat's all-tests list: they agree on a Makefile as make reads
# it, spaces around the values and CRLF line ends.
mkdir -p "$SCRATCH/spaced"
printf 'VERSION =  6 \r\nPATCHLEVEL\t= 12  \r\nSUBLEVEL = 3\r\n' > "$SCRATCH/spaced/Makefile"
printf '%s\n' 'new own/chars.c -- --since=6.12' 'old own/chars.c -- --before=6.12' > "$SCRATCH/spaced.list"
selected=$(sh tools/testing/selftests/kunit/tree-suites-select.sh "$SCRATCH/spaced" "$SCRATCH/spaced.list" |
	cut -d' ' -f1)
if [ "$selected" = new ] &&
   [ "$("$TOP/scripts/all-tests-config" "$SCRATCH/spaced")" = "$TOP/scripts/configs/6.12/all_tests.config" ]; then
	pass "the list and make compat read 6.12 from a Makefile with spaces and CRLF line ends"
else
	fail "a Makefile with spaces and CRLF: the list took '$selected', make compat" \
		"$("$TOP/scripts/all-tests-config" "$SCRATCH/spaced" 2>&1)"
fi
# The last assignment, as make takes it, ":=" and a comment after it too.
printf 'VERSION = 5\nPATCHLEVEL = 4\nVERSION = 6\nPATCHLEVEL := 12 # the series\r\n' \
	> "$SCRATCH/spaced/Makefile"
expect_same_text() {
	if [ "$1" = "$2" ]; then pass "$3"; else fail "$3: '$1', not '$2'"; fi
}
expect_same_text "$(sh tools/testing/selftests/kunit/tree-version.sh "$SCRATCH/spaced" 2>&1)" 6.12 \
	"tree-version.sh takes the last assignment, as make does"
rm "$SCRATCH/spaced/Makefile"
sh tools/testing/selftests/kunit/tree-suites-select.sh "$SCRATCH/spaced" "$SCRATCH/spaced.list" \
	> "$SCRATCH/spaced.out" 2>&1
expect_status 2 $? "a tree without a Makefile is refused"
"$TOP/scripts/all-tests-config" "$SCRATCH/spaced" > "$SCRATCH/spaced-compat.out" 2>&1
expect_line "$SCRATCH/spaced-compat.out" "tree-version.sh: $SCRATCH/spaced/Makefile: cannot read it" \
	"make compat's list too, saying why"
