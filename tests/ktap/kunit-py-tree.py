#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# The tree that the kernel tree's own KTAP parser (kunit_parser.py, as
# "kunit.py parse" runs it) reads from a file, in kunit-report --tree's
# format, so that the two readers can be compared line for line:
#
#   kunit-py-tree.py [--info] KUNIT_PY_DIR FILE
#   kunit-py-tree.py KUNIT_PY_DIR --batch OUTDIR FILE...
#   kunit-py-tree.py --cli KUNIT_PY_DIR OUTDIR FILE...
#
# One line per test below the main test, depth first, in order:
# "suite.case.param<TAB>VERDICT"; a subtest that kunit.py adds for a plan
# not met (status TEST_CRASHED, no name) is "parent.<TAB>FAIL".  Then
# "verdict<TAB>PASS|FAIL|SKIP|NONE" for the whole input.
#
# A test's verdict is kunit.py's tree read strictly: FAIL if its status is
# FAILURE, TEST_CRASHED or FAILURE_TO_PARSE_TESTS, if kunit.py counted an
# error in it or below it, or if a subtest is FAIL; else SKIP if it was
# skipped, NONE if kunit.py found no tests in it, PASS otherwise.  The
# last line is FAIL if the main test is FAIL so; else PASS if a test
# passed, SKIP if they were all skipped, NONE if there was none.  (Read
# so, a suite's own "not ok" fails it even when its cases all passed,
# which kunit.py's summary and exit status do not show: they count
# leaves.)
#
# What the comparison needs besides goes to stderr (to stdout after the
# tree with --info; to OUTDIR/NAME.py-info with --batch, the tree to
# OUTDIR/NAME.py-tree):
#   errors N       kunit.py's error count for the whole input;
#   status NAME    the main test's status ("kunit.py parse" exits 0 only
#                  for SUCCESS);
#   unread N       the first line that kunit.py left unread, its top-level
#                  plan met (0: it read to the end);
#   counts TEXT    the main test's counts, as the summary line of
#                  "kunit.py parse" gives them ("Ran 3 tests: ...");
#   clamped N      a plan of N that was cut down (see below);
#   depth N KIND D for each line N that kunit.py took as a header
#                  (KIND version or subtest), a plan or a result: D is the
#                  depth of the test it gave the line to, 0 for the main
#                  test (a result line closes the test at depth D);
#   raised TEXT    kunit_parser raised an exception: "kunit.py parse" dies
#                  with a traceback and exits 1.  It does, for one, when
#                  a test opened by a "KTAP version" line without a
#                  "# Subtest:" line right after it is still open at the
#                  end of the input (LineStream.pop() past the end).  The
#                  tree is then only "verdict<TAB>FAIL", with "errors 1"
#                  and "status RAISED".
#
# What this does to kunit_parser, and why:
#  - its printer writes to /dev/null;
#  - a plan above the number of lines in the input is cut down to that
#    number plus one: kunit.py adds one crashed subtest per missing number
#    in a loop, which never ends for a plan of 99999999999999999999.  Such
#    a plan cannot be met either way, so the errors and the verdict are the
#    same; only the number of placeholders differs;
#  - parse_test(), extract_tap_lines() and the header, plan and result
#    parsers are wrapped, to see where it stopped and at which depth it
#    took each line; they return what they did.
#
# --cli runs kunit.py's own main(["parse", FILE]) on each file, unchanged,
# in one process: OUTDIR/NAME.cli gets what it printed and "exit N".
import os
import sys
import traceback


def load_parser(kunit_dir):
    sys.path.insert(0, kunit_dir)
    import kunit_parser
    import kunit_printer
    kunit_parser.stdout = kunit_printer.Printer(open(os.devnull, 'w'))
    return kunit_parser


class Recorder:
    """Wraps kunit_parser's functions to see what it read, and where."""

    def __init__(self, kp):
        self.kp = kp
        self.depth = -1
        self.limit = 0
        self.structure = []
        self.clamped = []
        self.stream = None
        orig_parse_test = kp.parse_test
        orig_extract = kp.extract_tap_lines

        def parse_test(lines, expected_num, log, is_subtest):
            self.depth += 1
            try:
                return orig_parse_test(lines, expected_num, log, is_subtest)
            finally:
                self.depth -= 1

        def extract_tap_lines(kernel_output):
            self.stream = orig_extract(kernel_output)
            return self.stream

        kp.parse_test = parse_test
        kp.extract_tap_lines = extract_tap_lines
        for name, kind in (('parse_ktap_header', 'version'),
                           ('parse_test_header', 'subtest'),
                           ('parse_test_plan', 'plan'),
                           ('parse_test_result', 'result')):
            setattr(kp, name, self.wrap(getattr(kp, name), kind))

    def wrap(self, func, kind):
        def wrapped(lines, test, *args):
            number = lines.line_number() if lines else 0
            done = func(lines, test, *args)
            if done:
                # A result line closes the test at self.depth; the others
                # open it.
                self.structure.append((number, kind, self.depth))
                if kind == 'plan' and test.expected_count > self.limit:
                    self.clamped.append(test.expected_count)
                    test.expected_count = self.limit + 1
            return done
        return wrapped

    def parse(self, lines):
        self.depth = -1
        self.structure = []
        self.clamped = []
        self.stream = None
        self.limit = len(lines)
        return self.kp.parse_run_tests(lines)

    def unread(self):
        """The first line that kunit.py left unread, or 0."""
        if self.stream is None or not self.stream:
            return 0
        return self.stream.line_number()


def verdict_of(kp, test):
    """The verdict of a test and its subtests, read strictly."""
    status = kp.TestStatus
    verdicts = [verdict_of(kp, sub) for sub in test.subtests]
    if (test.status in (status.FAILURE, status.TEST_CRASHED,
                        status.FAILURE_TO_PARSE_TESTS) or
            test.counts.errors > 0 or 'FAIL' in verdicts):
        return 'FAIL'
    if test.status == status.SKIPPED:
        return 'SKIP'
    if test.status == status.NO_TESTS:
        return 'NONE'
    return 'PASS'


def tree_lines(kp, test, prefix, out):
    path = prefix + test.name
    out.append(f'{path}\t{verdict_of(kp, test)}')
    for sub in test.subtests:
        tree_lines(kp, sub, path + '.', out)


def read_file(path):
    # As kunit.py parse FILE reads it.
    with open(path, 'r', errors='backslashreplace') as f:
        return f.read().splitlines()


def describe(kp, recorder, path):
    """The tree's lines and the information lines for one file."""
    try:
        main = recorder.parse(read_file(path))
    except Exception as e:  # pylint: disable=broad-except
        # kunit.py parse dies with a traceback (exit 1): a failure, whose
        # tree nobody can see.
        return ['verdict\tFAIL'], ['errors 1', 'status RAISED',
                                    f'raised {type(e).__name__}: {e}']
    tree = []
    for sub in main.subtests:
        tree_lines(kp, sub, '', tree)
    if verdict_of(kp, main) == 'FAIL':
        whole = 'FAIL'
    elif main.counts.passed:
        whole = 'PASS'
    elif main.counts.skipped:
        whole = 'SKIP'
    else:
        whole = 'NONE'
    tree.append(f'verdict\t{whole}')
    info = [f'errors {main.counts.errors}', f'status {main.status.name}',
            f'unread {recorder.unread()}', f'counts {main.counts}']
    info += [f'clamped {plan}' for plan in recorder.clamped]
    info += [f'depth {n} {kind} {depth}' for n, kind, depth in recorder.structure]
    return tree, info


def run_cli(kunit_dir, outdir, paths):
    """Runs kunit.py's own main(['parse', FILE]) on each file, in this process.

    OUTDIR/NAME.cli gets what it printed (a traceback, if it raised) and a
    last line "exit N", its exit status.  It is what "python3 kunit.py parse
    FILE" does, without starting Python and importing kunit.py again for
    each file.
    """
    sys.path.insert(0, kunit_dir)
    import kunit
    outdir = os.path.abspath(outdir)
    cwd = os.getcwd()
    for path in paths:
        path = os.path.abspath(os.path.join(cwd, path))
        with open(os.path.join(outdir, os.path.basename(path) + '.cli'), 'w') as out:
            sys.stdout.flush()
            saved = os.dup(1)
            os.dup2(out.fileno(), 1)
            try:
                kunit.main(['parse', path])
                code = 0
            except SystemExit as e:
                code = e.code if isinstance(e.code, int) else 1
            except Exception:  # pylint: disable=broad-except
                traceback.print_exc(file=sys.stdout)
                code = 1
            sys.stdout.flush()
            os.dup2(saved, 1)
            os.close(saved)
            out.write(f'exit {code}\n')
    return 0


def main(argv):
    if argv and argv[0] == '--cli' and len(argv) >= 3:
        return run_cli(argv[1], argv[2], argv[3:])
    show_info = False
    if argv and argv[0] == '--info':
        show_info = True
        argv = argv[1:]
    if len(argv) < 2:
        sys.stderr.write('usage: kunit-py-tree.py [--info] KUNIT_PY_DIR FILE\n'
                         '       kunit-py-tree.py [--info] KUNIT_PY_DIR --batch OUTDIR FILE...\n'
                         '       kunit-py-tree.py --cli KUNIT_PY_DIR OUTDIR FILE...\n')
        return 2
    kp = load_parser(argv[0])
    recorder = Recorder(kp)
    if argv[1] != '--batch':
        tree, info = describe(kp, recorder, argv[1])
        print('\n'.join(tree))
        (sys.stdout if show_info else sys.stderr).write('\n'.join(info) + '\n')
        return 0
    outdir = argv[2]
    for path in argv[3:]:
        name = os.path.join(outdir, os.path.basename(path))
        tree, info = describe(kp, recorder, path)
        with open(name + '.py-tree', 'w') as f:
            f.write('\n'.join(tree) + '\n' if tree else '')
        with open(name + '.py-info', 'w') as f:
            f.write('\n'.join(info) + '\n')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
