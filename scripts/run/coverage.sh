# SPDX-License-Identifier: GPL-2.0
#
# scripts/kunit-run's coverage stage (COVERAGE=1): the kernel was built
# with gcov (GCOV_KERNEL, GCOV_PROFILE_ALL), the guest sent what it
# counted on the results port ($LAST/gcov.b64); the userspace programs of
# KUnit's own suites are built with --coverage and run on the host.  Both
# are read with Debian's lcov into $BUILD/coverage/index.html, with one
# line per file of lib/kunit and of the code under test.  Sourced, not run.

# The options a COVERAGE=1 kernel is configured with, after the others.
COVERAGE_OPTIONS="CONFIG_GCOV_KERNEL=y CONFIG_GCOV_PROFILE_ALL=y"

# The kernel's .gcda files, from the guest, beside the .gcno files that
# its build left in $OBJ; only files of $OBJ are taken.
unpack_kernel_coverage() {
	[ -s "$LAST/gcov.b64" ] || {
		echo "kunit-run: COVERAGE=1: the guest sent no coverage data"
		return 1
	}
	grep -qx 'gcov end' "$LAST/guest.lines" || {
		echo "kunit-run: COVERAGE=1: the coverage data did not all come (no \"gcov end\")"
		return 1
	}
	# The guest runs the tests' code: what it sent is data, no more.  A
	# tar of directories and regular files only, unpacked as plain files
	# of this user; base64's own failure is one.
	rm -rf "$LAST/gcov" "$LAST/gcov.tar.gz" && mkdir -p "$LAST/gcov" &&
	base64 -d < "$LAST/gcov.b64" > "$LAST/gcov.tar.gz" || {
		echo "kunit-run: COVERAGE=1: the coverage data is not base64 ($LAST/gcov.b64)"
		return 1
	}
	kinds=$(tar -tvzf "$LAST/gcov.tar.gz" | cut -c1 | sort -u | tr -d '\n') || kinds=bad
	case $kinds in
	'' | *[!-d]*)
		echo "kunit-run: COVERAGE=1: the coverage data holds more than directories and files (${kinds:-nothing})"
		return 1
		;;
	esac
	tar -C "$LAST/gcov" --no-same-owner --no-same-permissions -xzf "$LAST/gcov.tar.gz" || {
		echo "kunit-run: COVERAGE=1: cannot unpack the coverage data ($LAST/gcov.tar.gz)"
		return 1
	}
	find "$OBJ" -name '*.gcda' -delete
	# The guest names each file by where it was built: $OBJ/...
	found=0
	for gcda in $(cd "$LAST/gcov" && find . -path "./${OBJ#/}/*" -type f -name '*.gcda'); do
		rel=${gcda#./"${OBJ#/}"/}
		[ -f "$OBJ/${rel%.gcda}.gcno" ] || continue
		cp "$LAST/gcov/$gcda" "$OBJ/$rel" || {
			echo "kunit-run: COVERAGE=1: cannot copy $gcda into $OBJ"
			return 1
		}
		found=$((found + 1))
	done
	[ "$found" -gt 0 ] || {
		echo "kunit-run: COVERAGE=1: no coverage data for $OBJ in what the guest sent"
		return 1
	}
}

# The userspace programs of KUnit's own suites, built with --coverage
# and run; their counts in $BUILD/user-cov.
user_coverage() {
	make -s -C "$TOP" --no-print-directory BUILD="$BUILD" "$BUILD/user-cov/kunit-test" \
		"$BUILD/user-cov/kunit-example-test" \
		> "$LAST/coverage-user.log" 2>&1 || return 1
	find "$BUILD/user-cov" -name '*.gcda' -delete
	for prog in kunit-test kunit-example-test; do
		"$BUILD/user-cov/$prog" >> "$LAST/coverage-user.log" 2>&1 || return 1
	done
}

stage_coverage() {
	[ -n "$COVERAGE" ] || return 0
	stage coverage "Reading the coverage (lcov)"
	coverage=$BUILD/coverage
	rm -rf "$coverage" "$LAST/coverage.info" "$LAST/coverage-kernel.info" "$LAST/coverage-user.info"
	if ! unpack_kernel_coverage; then
		report_status=1
		return 0
	fi
	gcov_tool=${cross}gcov
	command -v "$gcov_tool" > /dev/null 2>&1 || gcov_tool=gcov
	if ! lcov --quiet --capture --directory "$OBJ" --base-directory "$OBJ" \
		--gcov-tool "$gcov_tool" --output-file "$LAST/coverage-kernel.info" \
		> "$LAST/coverage.log" 2>&1; then
		echo "kunit-run: COVERAGE=1: lcov cannot read the kernel's coverage; see $LAST/coverage.log"
		report_status=1
		return 0
	fi
	if ! user_coverage || ! lcov --quiet --capture --directory "$BUILD/user-cov" \
		--base-directory "$TOP" --output-file "$LAST/coverage-user.info" \
		>> "$LAST/coverage.log" 2>&1; then
		echo "kunit-run: COVERAGE=1: the userspace programs' coverage failed; see $LAST/coverage-user.log and $LAST/coverage.log"
		report_status=1
		return 0
	fi
	lcov --quiet --add-tracefile "$LAST/coverage-kernel.info" \
		--add-tracefile "$LAST/coverage-user.info" --output-file "$LAST/coverage.info" \
		>> "$LAST/coverage.log" 2>&1 &&
	genhtml --quiet --output-directory "$coverage" --title "KUnit coverage" \
		"$LAST/coverage.info" >> "$LAST/coverage.log" 2>&1 || {
		echo "kunit-run: COVERAGE=1: cannot write the coverage page; see $LAST/coverage.log"
		report_status=1
		return 0
	}
	echo "Coverage of lib/kunit and of the code under test:"
	coverage_summary "$LAST/coverage-kernel.info" kernel "$WORK"
	coverage_summary "$LAST/coverage-user.info" user "$TOP"
	echo "Coverage: $coverage/index.html ($LAST/coverage.info)"
}

# One line per file of lib/kunit and of the code under test (the files
# of the directories that hold a test: a file named *test* or *kunit*),
# from the tracefile $1 of world $2, its paths shown below $3: the
# percentage of lines and of functions run, counted from the tracefile's
# DA: (line,count) and FN:/FNDA: (function, count) records.
coverage_summary() {
	awk -v world="$2" -v top="$3/" '
		/^SF:/ { file = substr($0, 4); if (index(file, top) == 1) file = substr(file, length(top) + 1) }
		/^DA:/ {
			split(substr($0, 4), v, ",")
			key = file SUBSEP v[1]
			if (!(key in line)) { line[key] = 0; found[file]++ }
			if (v[2] > 0 && !line[key]) { line[key] = 1; hit[file]++ }
		}
		/^FN:/ {
			split(substr($0, 4), v, ",")
			key = file SUBSEP v[2]
			if (!(key in fn)) { fn[key] = 0; funcs[file]++ }
		}
		/^FNDA:/ {
			split(substr($0, 6), v, ",")
			key = file SUBSEP v[2]
			if (v[1] > 0 && (key in fn) && !fn[key]) { fn[key] = 1; fhit[file]++ }
		}
		END {
			for (f in found) {
				dir = f; sub(/\/[^\/]*$/, "", dir)
				base = f; sub(/.*\//, "", base)
				if (base ~ /test|kunit/) tested[dir] = 1
			}
			for (f in found) {
				dir = f; sub(/\/[^\/]*$/, "", dir)
				if (!(dir in tested) && f !~ /^lib\/kunit\//) continue
				if (funcs[f])
					fns = sprintf("%5.1f%% of %4d functions", 100 * fhit[f] / funcs[f], funcs[f])
				else
					fns = sprintf("%22s", "no functions")
				printf "  %-6s %5.1f%% of %5d lines, %s  %s\n", world,
					100 * hit[f] / found[f], found[f], fns, f
			}
		}' "$1" | sort -k9
}
