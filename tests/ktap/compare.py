#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# Compares the trees that two KTAP readers made of the same inputs: the C
# reader's (kunit-report --tree) and kunit.py's (kunit-py-tree.py):
#
#   compare.py KUNIT_PY_DIR INPUT_DIR TREE_DIR
#
# For every INPUT_DIR/NAME, TREE_DIR holds NAME.c-tree, NAME.py-tree and
# NAME.py-info.  Prints, for diff.sh to turn into TAP lines, "pass TEXT"
# or "fail TEXT" per check, each followed by "# " lines for a failure, and
# writes TREE_DIR/report, one line per input.
#
# The checks:
#  - verdicts: the whole-input verdicts agree, or the input shows one of
#    the known deviations below and the pair of verdicts is one that the
#    deviation explains (the C reader the stricter: FAIL where kunit.py
#    says PASS or SKIP);
#  - no false pass: the C reader never says PASS or SKIP where kunit.py
#    says FAIL, deviation or not (but for after-empty-plan, below);
#  - trees: where kunit.py counted no error, the two trees are the same,
#    line for line, unless a deviation shows;
#  - inputs that kunit.py misreads (see "misread") are not compared, only
#    counted: one line says how many.
#
# Deviations, found in the input itself (and in where kunit.py stopped
# reading and at which depth it took each line, from NAME.py-info):
#   not-ok-skip    "not ok N name # SKIP": a failure for the C reader (as
#                  TAP::Parser has it), a skip for kunit.py;
#   after-plan     KTAP after the top-level plan was met, or after a line
#                  that ends kunit.py's reading ("reboot: System halted",
#                  a VFS panic...): kunit.py stops there, the C reader
#                  reads on, another document (so it may also PASS what
#                  kunit.py SKIPs);
#   unreadable     a "not ok" line, or a number, that the C reader cannot
#                  read (a failure) and kunit.py takes as a diagnostic;
#   version-cut    a "KTAP version" line at column 0 inside the document:
#                  a new document for the C reader (what was open did not
#                  finish), a nested test's header for kunit.py;
#   error-line     "Bail out!", "kunit executor:" or a kernel panic: the
#                  C reader fails the run and ends the document there,
#                  kunit.py reads on (it stops only at a VFS panic);
#   indentation    kunit.py took a header, plan or result line at a depth
#                  that its indentation does not give (kunit.py ignores
#                  indentation, the C reader goes by it);
#   indented-start the first "KTAP version" line is indented: kunit.py
#                  takes it as the main test's header;
#   too-deep       tests nested deeper than the C reader's KTAP_MAX_DEPTH
#                  (a failure for it), which kunit.py reads;
#   line-breaks    a character at which kunit.py (str.splitlines()) breaks
#                  a line and the C reader does not: a lone carriage
#                  return, which ends the line for the C reader, the rest
#                  of it lost; a vertical tab, a form feed, \x1c-\x1e,
#                  U+0085, U+2028, U+2029, which are text to it;
#   no-ktap        kunit.py found no "KTAP version" line and fails; the
#                  C reader may say NONE (which kunit-report fails too);
#   no-results     kunit.py read no result line ("0 tests run!", an
#                  error); the C reader may say NONE;
#   after-empty-plan  the top-level plan is "1..0", and KTAP follows:
#                  kunit.py fails ("0 tests run!") and reads no further,
#                  the C reader reads on, as stock KUnit's module suites
#                  come after an empty built-in document; the only
#                  deviation where it may PASS or SKIP what kunit.py fails.
# and inputs that kunit.py misreads, not compared at all:
#   misread        the first "KTAP version" line has a prefix (indentation,
#                  a timestamp) whose length kunit.py cuts off every later
#                  line, blindly: a later result, header or plan line
#                  without that prefix reads otherwise for kunit.py than
#                  for the C reader ("not ok 1 x" cut by four is "ok 1 x").
import os
import re
import sys

# kunit_parser's own patterns, set by main(): what starts and ends its
# reading, what it takes for a result line, for a skip.
KTAP_START = TAP_START = KTAP_END = TEST_RESULT = TEST_RESULT_SKIP = None

# As the C reader sees a line: without a printk timestamp.
TIMESTAMP = re.compile(r'^\[ *[0-9.]*\] ')
MAX_NUMBER = 1000000000
MAX_DEPTH = 16
KTAPISH = re.compile(r'^((not )?ok\b|K?TAP version|# Subtest:|1\.\.[0-9])')
ERROR_LINE = re.compile(r'^(Bail out!|kunit executor:)|Kernel panic - not syncing')

# Deviations where the C reader may FAIL what kunit.py PASSes or SKIPs.
STRICTER = ['error-line', 'version-cut', 'after-plan', 'not-ok-skip', 'unreadable',
            'too-deep', 'line-breaks', 'indentation', 'indented-start']
# Deviations where the C reader may say NONE where kunit.py FAILs.
NOTHING = ['no-ktap', 'no-results']
ORDER = ['after-empty-plan'] + NOTHING + STRICTER
LINE_BREAKS = re.compile('\r(?!\n)|[\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]')


def c_view(line):
    """The line as the C reader reads it: no timestamp, no trailing blanks."""
    match = TIMESTAMP.match(line)
    if match:
        line = line[match.end():]
    return line.rstrip(' \t')


def read_lines(path):
    # As kunit.py parse FILE reads it, so that line numbers match.
    with open(path, 'r', errors='backslashreplace') as f:
        return f.read().splitlines()


def raw_text(path):
    with open(path, 'r', errors='backslashreplace', newline='') as f:
        return f.read()


def read_info(path):
    info = {'errors': 0, 'status': '', 'unread': 0, 'depths': [], 'raised': ''}
    with open(path) as f:
        for line in f:
            word, _, rest = line.rstrip('\n').partition(' ')
            if word == 'depth':
                number, kind, depth = rest.split()
                info['depths'].append((int(number), kind, int(depth)))
            elif word in ('errors', 'unread'):
                info[word] = int(rest)
            else:
                info[word] = rest
    return info


def unreadable(text):
    """Would the C reader find this line (without indentation) unreadable?"""
    if re.match(r'not ok( |$)', text) and not TEST_RESULT.match(text):
        return True
    if re.match(r'(ok|not ok) [0-9]+([^0-9 ]|$)', text):
        return True
    for pattern in (r'(ok|not ok) ([0-9]+)', r'1\.\.([0-9]+)', r'K?TAP version ([0-9]+)$'):
        match = re.match(pattern, text)
        if match and int(match.group(match.lastindex)) > MAX_NUMBER:
            return True
    return False


def deviations(lines, info, raw):
    """The deviations that an input shows, in ORDER, and whether kunit.py misreads it."""
    found = set()
    misread = False
    if info['status'] == 'FAILURE_TO_PARSE_TESTS':
        found.add('no-ktap')
    if not any(kind == 'result' for _, kind, _ in info['depths']):
        found.add('no-results')

    # Where kunit.py started (and what prefix it cuts), and stopped.
    first = None
    prefix = ''
    for n, line in enumerate(lines, 1):
        if KTAP_START.search(line) or TAP_START.search(line):
            first = n
            prefix = line.split('KTAP version' if KTAP_START.search(line) else 'TAP version')[0]
            break
    end = len(lines) + 1
    if first:
        for n in range(first + 1, len(lines) + 1):
            if KTAP_END.search(lines[n - 1]):
                end = n
                break
    unread = info['unread'] or end

    if first and c_view(lines[first - 1]).startswith(' '):
        found.add('indented-start')
    for n, line in enumerate(lines, 1):
        text = c_view(line).lstrip(' ')
        read = first is not None and first <= n < unread
        if ERROR_LINE.search(text):
            found.add('error-line')
        if read and n > first and line[len(prefix):].strip() != c_view(line).strip() and \
                KTAPISH.match(text):
            misread = True
        if TEST_RESULT_SKIP.match(text) and text.startswith('not ok'):
            found.add('not-ok-skip')
        if unreadable(text):
            found.add('unreadable')
        if read and n > first and not c_view(line).startswith(' ') and \
                (KTAP_START.match(text) or TAP_START.match(text)):
            found.add('version-cut')
        if n >= unread and KTAPISH.match(text):
            found.add('after-plan')

    if LINE_BREAKS.search(raw):
        found.add('line-breaks')
    for n, kind, depth in info['depths']:
        view = c_view(lines[n - 1])
        level = (len(view) - len(view.lstrip(' '))) // 4
        if level != (depth - 1 if kind == 'result' else depth):
            found.add('indentation')
        if kind in ('version', 'subtest') and depth >= MAX_DEPTH:
            found.add('too-deep')
        if kind == 'plan' and depth == 0 and view == '1..0' and \
                info['status'] == 'NO_TESTS' and 'after-plan' in found:
            found.add('after-empty-plan')
    return [name for name in ORDER if name in found], misread


def allowed(c, py, found):
    """Does one of the deviations found explain C's verdict against kunit.py's?"""
    if c == 'FAIL' and py in ('PASS', 'SKIP'):
        return any(name in found for name in STRICTER)
    if c == 'PASS' and py == 'SKIP':
        return 'after-plan' in found
    if c == 'NONE' and py == 'FAIL':
        return any(name in found for name in NOTHING + ['after-empty-plan'])
    if c in ('PASS', 'SKIP') and py == 'FAIL':
        return 'after-empty-plan' in found
    return False


def read_tree(path):
    # Names are bytes as printed: read them as kunit.py reads its input.
    # A reader that died wrote no tree, or half of one.
    if not os.path.exists(path):
        return []
    with open(path, errors='backslashreplace') as f:
        return f.read().splitlines()


def verdict(tree):
    return tree[-1].partition('\t')[2] if tree and tree[-1].startswith('verdict\t') else '?'


def show(out, name, c_tree, py_tree, info, found, limit=12):
    out.append(f'# {name}: C reader {verdict(c_tree)}, kunit.py {verdict(py_tree)} '
               f'(kunit.py errors: {info["errors"]}{", " + info["raised"] if info["raised"] else ""}; '
               f'deviations: {", ".join(found) or "none"})')
    for label, tree in (('C reader', c_tree), ('kunit.py', py_tree)):
        out.append(f'#   {label}:')
        for line in tree[:limit]:
            out.append(f'#     {line}')
        if len(tree) > limit:
            out.append(f'#     ... ({len(tree) - limit} more lines)')


def main(argv):
    global KTAP_START, TAP_START, KTAP_END, TEST_RESULT, TEST_RESULT_SKIP
    if len(argv) != 3:
        sys.stderr.write('usage: compare.py KUNIT_PY_DIR INPUT_DIR TREE_DIR\n')
        return 2
    kunit_dir, inputs, trees = argv
    sys.path.insert(0, kunit_dir)
    import kunit_parser
    KTAP_START, TAP_START = kunit_parser.KTAP_START, kunit_parser.TAP_START
    KTAP_END = kunit_parser.KTAP_END
    TEST_RESULT, TEST_RESULT_SKIP = kunit_parser.TEST_RESULT, kunit_parser.TEST_RESULT_SKIP
    names = sorted(os.listdir(inputs))
    agree = 0
    counted = {name: 0 for name in ORDER}
    bad_verdicts, false_passes, bad_trees, misreads, raised = [], [], [], [], []
    well_formed = same_trees = 0
    report = []
    details = {}

    for name in names:
        base = os.path.join(trees, name)
        c_tree = read_tree(base + '.c-tree')
        py_tree = read_tree(base + '.py-tree')
        info = read_info(base + '.py-info')
        lines = read_lines(os.path.join(inputs, name))
        found, misread = deviations(lines, info, raw_text(os.path.join(inputs, name)))
        c, py = verdict(c_tree), verdict(py_tree)
        details[name] = (c_tree, py_tree, info, found)
        if info['raised']:
            raised.append(name)
            outcome = 'kunit.py raised, not compared'
        elif misread:
            misreads.append(name)
            outcome = 'misread, not compared'
        elif c == py:
            agree += 1
            outcome = 'agree'
        elif allowed(c, py, found):
            primary = next(d for d in found if allowed(c, py, [d]))
            counted[primary] += 1
            outcome = f'deviation {primary}'
        else:
            bad_verdicts.append(name)
            outcome = 'DISAGREE'
        skipped = misread or info['raised']
        if not skipped and c in ('PASS', 'SKIP') and py == 'FAIL' and \
                'after-empty-plan' not in found:
            false_passes.append(name)
            outcome += ', FALSE PASS'
        if not skipped and info['errors'] == 0:
            well_formed += 1
            if c_tree == py_tree:
                same_trees += 1
            elif found:
                outcome += ', trees differ (deviation)'
            else:
                bad_trees.append(name)
                outcome += ', TREES DIFFER'
        report.append(f'{name}\tC {c}\tkunit.py {py}\terrors {info["errors"]}\t'
                      f'{",".join(found) or "-"}\t{outcome}')

    with open(os.path.join(trees, 'report'), 'w') as f:
        f.write('\n'.join(report) + '\n')

    compared = len(names) - len(misreads) - len(raised)
    known = sum(counted.values())
    summary = ', '.join(f'{n} {name}' for name, n in counted.items() if n)
    out = []
    text = (f'{compared} inputs: verdicts agree ({agree} the same, '
            f'{known} known deviations{": " + summary if summary else ""})')
    if bad_verdicts:
        out.append(f'fail {text}: {len(bad_verdicts)} disagree')
        for name in bad_verdicts[:5]:
            show(out, name, *details[name])
    else:
        out.append(f'pass {text}')

    text = f'{compared} inputs: the C reader never passes what kunit.py fails'
    if false_passes:
        out.append(f'fail {text}: {len(false_passes)} false passes')
        for name in false_passes[:5]:
            show(out, name, *details[name])
    else:
        out.append(f'pass {text}')

    text = (f'{well_formed} inputs without a kunit.py error: trees identical '
            f'({same_trees} the same, {well_formed - same_trees - len(bad_trees)} '
            f'where a deviation shows differ)')
    if bad_trees:
        out.append(f'fail {text}: {len(bad_trees)} differ')
        for name in bad_trees[:5]:
            show(out, name, *details[name])
    elif well_formed == 0:
        out.append('fail no well-formed input to compare trees on')
    else:
        out.append(f'pass {text}')

    out.append(f'pass {len(raised) + len(misreads)} inputs not compared: kunit.py parse '
               f'raised on {len(raised)} (past the end of the input), misreads '
               f'{len(misreads)} (it cuts the first KTAP line\'s prefix off every line)')
    print('\n'.join(out))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
