# SPDX-License-Identifier: GPL-2.0
# A passing check costs what the compare written by hand costs: compiled
# at -O2 (the kselftest target) and -Os (the kernel of make run), each
# expect_NAME() of tests/bench/expect-code.c runs no more instructions on
# its passing path than bare_NAME(), and none that widens an operand; a
# loop of checks over arrays runs no more instructions an iteration than
# the same loop written by hand.  The paths are read from objdump's
# disassembly by tests/bench/passing-path.awk (x86_64 only).
. tests/lib.sh

if [ "$(uname -m)" != x86_64 ] || ! command -v objdump > /dev/null; then
	skip "the passing path of a check" "needs x86_64 and objdump"
	exit 0
fi
source_file=tests/bench/expect-code.c
for level in -O2 -Os; do
	object=$SCRATCH/expect-code$level.o
	paths=$SCRATCH/paths$level
	if ! ${CC:-cc} $level -std=gnu11 -ffunction-sections -Iinclude \
		-Itools/testing/selftests/kunit/user/include -c "$source_file" -o "$object" \
		2> "$SCRATCH/cc.log"; then
		fail "$source_file compiles at $level"
		show "$SCRATCH/cc.log"
		continue
	fi
	objdump -dr --no-show-raw-insn "$object" | awk -f tests/bench/passing-path.awk > "$paths"
	for pair in int unsigned_char short unsigned_int long u64 pointer assert_int; do
		set -- $(awk -v f="expect_$pair" '$1 == f { print $2, $4 }' "$paths") \
			$(awk -v f="bare_$pair" '$1 == f { print $2, $4 }' "$paths")
		if [ $# -ne 4 ] || [ "$1" -eq 0 ] || [ "$3" -eq 0 ]; then
			fail "$level: expect_$pair and bare_$pair have a passing path"
			show "$paths"
		elif [ "$1" -gt "$3" ]; then
			fail "$level: a passing check of $pair runs $1 instructions ($2), the compare by hand $3 ($4)"
		elif echo "$2" | grep -Eq '(^|,)(movs|movz|cltq|cqto|cltd|cwtl|cbtw)'; then
			fail "$level: a passing check of $pair widens an operand: $2"
		else
			pass "$level: a passing check of $pair runs $1 instructions ($2), as many as the compare by hand"
		fi
	done
	set -- $(awk '$1 == "loop_expect" { print $3 }' "$paths") \
		$(awk '$1 == "loop_bare" { print $3 }' "$paths")
	if [ $# -ne 2 ] || [ "$1" -eq 0 ] || [ "$2" -eq 0 ]; then
		fail "$level: loop_expect and loop_bare have a loop"
		show "$paths"
	elif [ "$1" -gt "$2" ]; then
		fail "$level: an iteration of checks over arrays runs $1 instructions, by hand $2"
	else
		pass "$level: an iteration of checks over arrays runs $1 instructions, as many as by hand"
	fi
done
