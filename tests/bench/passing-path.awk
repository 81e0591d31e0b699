# SPDX-License-Identifier: GPL-2.0
#
# Reads `objdump -dr --no-show-raw-insn` of an x86_64 object and prints,
# for each function, the instructions a passing check runs:
#
#   NAME PATH CYCLE MNEMONICS
#
# PATH is the fewest instructions from the function's entry to a ret and
# CYCLE the fewest of a loop's iteration (0 without a loop), on paths
# that call nothing and do not leave the function: a failed check calls
# out, or jumps to its .cold part, so what is left is the passing path.
# MNEMONICS are those of the shortest entry-to-ret path, comma-separated.

function flush_function() {
	if (name != "" && name !~ /\.cold$/)
		analyse()
	count = 0
}

function analyse(    i, j, head, tail, node, best, path, cycle, list) {
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
	# Breadth first from the entry: the shortest way to a ret.
	split("", dist)
	split("", from)
	dist[0] = 1
	queue[0] = 0
	head = 0
	tail = 1
	path = 0
	while (head < tail) {
		node = queue[head++]
		if (mnem[node] ~ /^ret/) {
			path = dist[node]
			break
		}
		for (j = 0; j < nsucc[node]; j++)
			if (!(succ[node, j] in dist)) {
				dist[succ[node, j]] = dist[node] + 1
				from[succ[node, j]] = node
				queue[tail++] = succ[node, j]
			}
	}
	list = ""
	if (path)
		for (i = node; ; i = from[i]) {
			list = mnem[i] (list == "" ? "" : ",") list
			if (!(i in from))
				break
		}
	# The shortest cycle through any instruction.
	cycle = 0
	for (i = 0; i < count; i++) {
		best = shortest_back(i)
		if (best && (!cycle || best < cycle))
			cycle = best
	}
	printf "%s %d %d %s\n", name, path, cycle, list == "" ? "-" : list
}

# The fewest instructions from @start back to @start, 0 if it is in no loop.
function shortest_back(start,    seen, q, h, t, node, j, next_node) {
	split("", seen)
	h = 0
	t = 0
	for (j = 0; j < nsucc[start]; j++) {
		next_node = succ[start, j]
		if (next_node == start)
			return 1
		if (!(next_node in seen)) {
			seen[next_node] = 2
			q[t++] = next_node
		}
	}
	while (h < t) {
		node = q[h++]
		for (j = 0; j < nsucc[node]; j++) {
			next_node = succ[node, j]
			if (next_node == start)
				return seen[node]
			if (!(next_node in seen)) {
				seen[next_node] = seen[node] + 1
				q[t++] = next_node
			}
		}
	}
	return 0
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
