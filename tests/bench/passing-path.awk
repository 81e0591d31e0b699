# SPDX-License-Identifier: GPL-2.0
#
# Reads `objdump -dr --no-show-raw-insn` of an x86_64 object and prints,
# for each function, the instructions a passing check runs:
#
#   NAME PATH CYCLE MNEMONICS
#
# PATH is the most instructions from the function's entry to a ret, and
# CYCLE the most of one iteration of a loop (0 without a loop), on paths
# that call nothing and do not leave the function: a failed check calls
# out, or jumps to its .cold part, so what is left is the passing path.
# The most, not the fewest: a way out that skips the compare must not
# hide a longer passing path.  MNEMONICS are those of that longest
# entry-to-ret path, comma-separated.

function flush_function() {
	if (name != "" && name !~ /\.cold$/)
		analyse()
	count = 0
}

function analyse(    i, path, cycle, list) {
	# Successors along a passing path; none for what ends one.
	for (i = 0; i < count; i++) {
		nsucc[i] = 0
		if (mnem[i] ~ /^ret/ || mnem[i] ~ /^call/ || mnem[i] ~ /^(ud2|int3|hlt)/)
			continue
		if (mnem[i] ~ /^j/) {
			if (!external[i] && (target[i] in index_of))
				succ[i, nsucc[i]++] = index_of[target[i]]
			if (mnem[i] ~ /^jmp/)
				continue
		}
		if (i + 1 < count)
			succ[i, nsucc[i]++] = i + 1
	}
	# Depth first from the entry: the longest way to a ret that visits
	# no instruction twice.
	split("", on_path)
	best_path = 0
	best_list = ""
	longest_to_ret(0, 1, mnem[0])
	path = best_path
	list = best_list
	# The longest cycle through the first instruction of any loop.
	cycle = 0
	for (i = 0; i < count; i++) {
		best_cycle = 0
		split("", on_path)
		on_path[i] = 1
		longest_back(i, i, 1)
		if (best_cycle > cycle)
			cycle = best_cycle
	}
	printf "%s %d %d %s\n", name, path, cycle, list == "" ? "-" : list
}

function longest_to_ret(node, steps, list,    j, next_node) {
	if (mnem[node] ~ /^ret/) {
		if (steps > best_path) {
			best_path = steps
			best_list = list
		}
		return
	}
	on_path[node] = 1
	for (j = 0; j < nsucc[node]; j++) {
		next_node = succ[node, j]
		if (!on_path[next_node])
			longest_to_ret(next_node, steps + 1, list "," mnem[next_node])
	}
	on_path[node] = 0
}

function longest_back(start, node, steps,    j, next_node) {
	for (j = 0; j < nsucc[node]; j++) {
		next_node = succ[node, j]
		if (next_node == start) {
			if (steps > best_cycle)
				best_cycle = steps
		} else if (!on_path[next_node]) {
			on_path[next_node] = 1
			longest_back(start, next_node, steps + 1)
			on_path[next_node] = 0
		}
	}
}

/^[0-9a-f]+ <[^>]*>:$/ {
	flush_function()
	name = $2
	gsub(/[<>:]/, "", name)
	split("", index_of)
	next
}

# A relocation: the instruction before it reaches outside the function.
/^\t+[0-9a-f]+: R_/ {
	if (count)
		external[count - 1] = 1
	next
}

/^ *[0-9a-f]+:\t/ {
	addr = $1
	sub(/:$/, "", addr)
	line = $0
	sub(/^ *[0-9a-f]+:\t/, "", line)
	split(line, word, /[ \t]+/)
	if (word[1] == "" || word[1] ~ /^(nop|xchg %ax,%ax|data16|cs)/ && line ~ /nop/)
		kind = "nop"
	else
		kind = word[1]
	# Prefixes such as "rep" or "notrack" are not the instruction.
	if (kind ~ /^(rep|repz|notrack|bnd|lock)$/)
		kind = word[2]
	index_of[addr] = count
	mnem[count] = kind
	external[count] = 0
	target[count] = ""
	if (kind ~ /^(j|call)/ && match(line, /[ \t][0-9a-f]+ </)) {
		target[count] = substr(line, RSTART + 1, RLENGTH - 3)
	}
	count++
	next
}

END {
	flush_function()
}
