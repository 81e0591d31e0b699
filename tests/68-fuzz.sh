# SPDX-License-Identifier: GPL-2.0
# The KTAP reader and every writer under libFuzzer, with ASan and UBSan
# (tests/fuzz/ktap-fuzz.c says what it checks): every input that once
# broke an invariant (tests/fuzz/regressions), then a fuzz run of
# FUZZ_TIME seconds (default 60; make fuzz runs longer) from a seed corpus
# of KTAP that the project and the corpus of tests/ktap hold.  Python's
# xml and json modules must then parse kunit-report's JUnit XML and JSON
# for every input the run kept.
. tests/lib.sh

fuzzer=$SCRATCH/ktap-fuzz
ksft=tools/testing/selftests/kunit
host=tools/testing/kunit
time=${FUZZ_TIME:-60}

if ! clang -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
	-I"$host" -Ilib/kunit \
	tests/fuzz/ktap-fuzz.c "$ksft/ktap.c" "$host/ktap-junit.c" "$host/ktap-json.c" \
	"$host/ktap-kcidb.c" \
	-o "$fuzzer" > "$SCRATCH/build.log" 2>&1; then
	fail "the fuzzer builds with clang -fsanitize=fuzzer,address,undefined"
	show "$SCRATCH/build.log"
	exit 0
fi
pass "the fuzzer builds with clang -fsanitize=fuzzer,address,undefined"

count=$(find tests/fuzz/regressions -type f | wc -l)
if "$fuzzer" tests/fuzz/regressions/* > "$SCRATCH/regressions.log" 2>&1; then
	pass "$count inputs that once broke an invariant hold it now"
else
	fail "an input of tests/fuzz/regressions breaks an invariant again"
	grep -E '^ktap-fuzz:|SUMMARY|ERROR' "$SCRATCH/regressions.log" | head -n 5 | sed -e 's/^/#   /'
fi

# Seeds: the corpus of hand-written cases, and what the programs print.
seeds=$SCRATCH/seeds
corpus=$SCRATCH/corpus
mkdir -p "$seeds" "$corpus"
cp tests/ktap/corpus/*.ktap "$seeds/" 2>/dev/null
for program in "$USER_BUILD/kunit-test" "$USER_BUILD/kunit-example-test" \
	       "$USER_BUILD"/fixtures/*; do
	[ -x "$program" ] || continue
	"$program" --timeout=1 > "$seeds/$(basename "$program").ktap" 2>&1
done
"$fuzzer" -max_total_time="$time" -seed="${FUZZ_SEED:-1}" -timeout=10 -rss_limit_mb=2048 \
	-artifact_prefix="$SCRATCH/" "$corpus" "$seeds" > "$SCRATCH/fuzz.log" 2>&1
status=$?
runs=$(sed -n 's/^Done \([0-9]*\) runs.*/\1/p' "$SCRATCH/fuzz.log")
if [ $status -eq 0 ] && [ -n "$runs" ]; then
	pass "$time s of fuzzing from $(ls "$seeds" | wc -l) seeds: $runs inputs, no invariant broken"
else
	fail "the fuzzer found an input that breaks an invariant (keep it in tests/fuzz/regressions)"
	grep -E '^ktap-fuzz:|SUMMARY|ERROR|runtime error' "$SCRATCH/fuzz.log" | head -n 5 |
		sed -e 's/^/#   /'
	ls "$SCRATCH"/crash-* "$SCRATCH"/leak-* "$SCRATCH"/timeout-* 2>/dev/null | sed -e 's/^/#   /'
fi

# The writers' output for what the run kept, read by Python's parsers;
# the KCIDB report validated against the schema (when it is there), the
# kselftest form read as a flattening CI parser reads it.
have_kcidb_schema "the fuzz inputs' KCIDB reports validate against the schema" || :
if "$SCHEMA_PYTHON" - "$BUILD/host/kunit-report" "$KCIDB_SCHEMA_ARG" \
	"$corpus" "$seeds" tests/fuzz/regressions > "$SCRATCH/parse.log" 2>&1 <<'PY'
import json, os, re, subprocess, sys, tempfile
import xml.etree.ElementTree as ET

report, schema_path, dirs = sys.argv[1], sys.argv[2], sys.argv[3:]
validator = None
if schema_path:
    import jsonschema
    validator = jsonschema.Draft202012Validator(json.load(open(schema_path)))
files = sorted(os.path.join(d, f) for d in dirs for f in os.listdir(d))[:3000]
bad = []
result = re.compile(r'^(?:# )*(?:not )?ok \d+ ?(.*)$')
with tempfile.TemporaryDirectory() as tmp:
    xml_path, json_path = os.path.join(tmp, "r.xml"), os.path.join(tmp, "r.json")
    kcidb_path, ksft_path = os.path.join(tmp, "k.json"), os.path.join(tmp, "k.tap")
    for path in files:
        subprocess.run([report, "--color=never", "--junit=" + xml_path,
                        "--json=" + json_path, "--kcidb=" + kcidb_path,
                        "--kselftest=" + ksft_path, path],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            ET.parse(xml_path)
            with open(json_path, "rb") as f:
                json.loads(f.read().decode("utf-8"))
            with open(kcidb_path, "rb") as f:
                kcidb = json.loads(f.read().decode("utf-8"))
            if validator:
                validator.validate(kcidb)
            paths = [t["path"] for t in kcidb["tests"]]
            if len(paths) != len(set(paths)):
                raise ValueError("two KCIDB tests share a path")
            names = []
            for line in open(ksft_path, encoding="utf-8", errors="replace"):
                match = result.match(line.rstrip("\n"))
                if match and line.startswith("#"):
                    name = re.sub(r"\s#.*$", "", match.group(1))
                    names.append(re.sub(r"[^A-Za-z0-9]+", "_", name).strip("_").lower())
            if len(names) != len(set(names)):
                raise ValueError("two kselftest results flatten to one name")
        except Exception as e:
            bad.append(f"{path}: {str(e)[:300]}")
print(len(files))
for b in bad[:5]:
    print(b)
sys.exit(1 if bad else 0)
PY
then
	pass "JUnit XML, JSON, KCIDB (valid, unique paths) and kselftest (unique names) of all $(head -n 1 "$SCRATCH/parse.log") inputs"
else
	fail "the JUnit XML or the JSON of an input does not parse"
	show "$SCRATCH/parse.log"
fi
