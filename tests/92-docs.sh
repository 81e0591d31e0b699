# SPDX-License-Identifier: GPL-2.0
# Documentation/dev-tools/kunit: its code examples come from files that
# make check builds and runs, the output it quotes is what the programs
# print, and it builds with the kernel's Sphinx setup without a warning.
. tests/lib.sh
# The kernel of 6.12, the default, which tests/95 shares, and its htmldocs build.
unset KSRC

docs=Documentation/dev-tools/kunit

# Every included file exists, is a sample that make check builds, and has
# the markers the page cuts it at.
python3 - "$docs" > "$SCRATCH/includes" 2>&1 <<'PY'
import glob, os, re, sys

problems = 0
for page in sorted(glob.glob(sys.argv[1] + "/**/*.rst", recursive=True)):
    text = open(page).read()
    for match in re.finditer(r"\.\. literalinclude:: (\S+)((?:\n   :[^\n]*)*)", text):
        path = os.path.normpath(os.path.join(os.path.dirname(page), match.group(1)))
        options = dict(re.findall(r":([a-z-]+): ([^\n]*)", match.group(2)))
        if not path.startswith("samples/kunit/") or not os.path.isfile(path):
            print(f"{page}: {path} is not a sample that make check builds")
            problems += 1
            continue
        source = open(path).read()
        for key in ("start-after", "end-before"):
            if key in options and options[key] not in source:
                print(f"{page}: {path} has no '{options[key]}'")
                problems += 1
        print(f"{page}: includes {path}")
sys.exit(1 if problems else 0)
PY
expect_status 0 $? "every example in the documentation is included from a sample, markers found"
count=$(grep -c 'includes' "$SCRATCH/includes")
if [ "$count" -ge 14 ]; then
	pass "the documentation includes $count examples from samples/kunit"
else
	fail "the documentation includes $count examples, fewer than 14"
	show "$SCRATCH/includes"
fi
if grep -n '^\.\. code-block:: c' $docs/*.rst $docs/api/*.rst > "$SCRATCH/inline"; then
	fail "C examples written in the pages, not included from a sample"
	show "$SCRATCH/inline"
else
	pass "no C example is written in the pages themselves"
fi

# The samples the pages show all run, and pass but for the one that fails
# on purpose.
for sample in parse-size-test eeprom-buffer-test shape-test sorted-table-test; do
	"$USER_BUILD/samples/$sample" > "$SCRATCH/$sample.ktap" 2>&1
	expect_status 0 $? "samples/kunit/$sample.c passes"
done

# The output that start.rst quotes is the program's.
(cd "$TOP" && "$USER_BUILD/samples/misc-example-test") > "$SCRATCH/misc.out" 2>&1
python3 - "$docs/start.rst" > "$SCRATCH/quoted" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
block = text.split("./misc-example-test\n", 1)[1].split(".. code-block:: none\n\n", 1)[1]
for line in block.split("\n"):
    if line and not line.startswith("\t"):
        break
    if line:
        print(line[1:])
PY
expect_same "$SCRATCH/quoted" "$SCRATCH/misc.out" "start.rst quotes what misc-example-test prints"

# The default kunitconfig that start.rst shows is the one make run uses.
python3 - "$docs/start.rst" > "$SCRATCH/kunitconfig" <<'PY'
import sys
text = open(sys.argv[1]).read()
block = text.split("``scripts/configs/kunit_defconfig``::\n\n", 1)[1]
for line in block.split("\n"):
    if not line.startswith("\t"):
        break
    print(line[1:])
PY
expect_same "$SCRATCH/kunitconfig" scripts/configs/kunit_defconfig \
	"start.rst shows the default kunitconfig as it is"

if [ -n "${KUNIT_CHECK_NO_KERNEL:-}" ]; then
	skip "the documentation's Sphinx build and the samples in the kernel" \
		"KUNIT_CHECK_NO_KERNEL is set"
	exit 0
fi

# The samples as kernel modules, through kselftest.
make --no-print-directory run BUILD="$BUILD" KUNIT_EXTRA=samples/kunit > "$SCRATCH/run.out" 2>&1
expect_status 2 $? "make run KUNIT_EXTRA=samples/kunit fails: misc-example fails on purpose"
ksft=$BUILD/last/kselftest.tap
for sample in parse-size-test eeprom-buffer-test shape-test sorted-table-test; do
	if grep -q "^ok [0-9]* selftests: kunit: module-$sample\$" "$ksft"; then
		pass "in the kernel, module $sample passes"
	else
		fail "in the kernel, module $sample does not pass"
	fi
done
if grep -q "^not ok [0-9]* selftests: kunit: module-misc-example-test # exit=1\$" "$ksft"; then
	pass "in the kernel, module misc-example-test fails as it should"
else
	fail "in the kernel, module misc-example-test did not fail"
fi

# The pages through the kernel's own documentation build, in the work tree.
run=$(cat "$BUILD/last/run-dir")
rm -rf "$SCRATCH/html"
env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -C "$run/src" O="$SCRATCH/html" htmldocs \
	SPHINXDIRS=dev-tools > "$SCRATCH/sphinx.log" 2>&1
sphinx_status=$?
expect_status 0 $sphinx_status "make htmldocs SPHINXDIRS=dev-tools builds"
grep -E 'WARNING|ERROR' "$SCRATCH/sphinx.log" |
	grep -E 'dev-tools/kunit|include/kunit|lib/kunit|samples/kunit' > "$SCRATCH/sphinx.warnings"
if [ $sphinx_status -ne 0 ]; then
	fail "no Sphinx build to look for warnings in"
	tail -n 10 "$SCRATCH/sphinx.log" | sed -e 's/^/#   /'
elif [ -s "$SCRATCH/sphinx.warnings" ]; then
	fail "Sphinx warns about KUnit's pages"
	show "$SCRATCH/sphinx.warnings"
else
	pass "Sphinx builds KUnit's pages without a warning"
fi
if [ -f "$SCRATCH/html/Documentation/output/dev-tools/kunit/usage.html" ] ||
   find "$SCRATCH/html" -name usage.html -path '*kunit*' | grep -q .; then
	pass "the pages are rendered to HTML"
else
	fail "no HTML for KUnit's pages"
fi
