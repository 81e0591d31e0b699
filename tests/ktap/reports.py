#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Read KUnit's reports as the CI systems that take them read them.

  reports.py flatten FILE        a line-based kselftest parser: one
                                 "program.name STATUS" line per result line
                                 at any depth of "# ", then "duplicates: N"
  reports.py counts FORMAT FILE  "passed P failed F skipped S", counted from
                                 the leaves as kunit.py counts them;
                                 FORMAT is ktap, kselftest, junit, json or
                                 kcidb
  reports.py kcidb FILE [SCHEMA] check a KCIDB report: valid (when SCHEMA
                                 exists), unique ids and paths, one
                                 "path STATUS" line per test

Each reader is written from the format alone, apart from the project's own
C reader, so that it can disagree with it.
"""
import json
import re
import sys
import xml.etree.ElementTree as ET

RESULT = re.compile(r'^((?:# )*)(not )?ok \d+ ?(.*)$')
HEADER = re.compile(r'^# selftests: ([^:]+): (.*)$')


def fold(name):
    """A name as the kselftest parsers of CI labs (LAVA, KernelCI) file it."""
    return re.sub(r'[^A-Za-z0-9]+', '_', name).strip('_')


def kselftest_lines(path):
    """(depth, status, name, program) for each result line of a program."""
    program = None
    for line in open(path, encoding='utf-8', errors='replace'):
        line = line.rstrip('\n')
        header = HEADER.match(line)
        if header:
            program = f'{header.group(1)}.{header.group(2)}'
            continue
        match = RESULT.match(line)
        if not match:
            continue
        depth = len(match.group(1)) // 2
        rest = match.group(3)
        status = 'FAIL' if match.group(2) else 'PASS'
        skip = re.search(r'\s#\s*SKIP\b', rest, re.IGNORECASE)
        if skip:
            status = 'FAIL' if match.group(2) else 'SKIP'
            rest = rest[:skip.start()]
        rest = re.sub(r'\s#.*$', '', rest)
        yield depth, status, rest, program


def flatten(path):
    seen = {}
    duplicates = 0
    for depth, status, name, program in kselftest_lines(path):
        if depth == 0:
            # run_kselftest.sh's own line for the program.
            continue
        key = f'{fold(program or "")}.{fold(name)}'
        if key in seen:
            duplicates += 1
            print(f'duplicate: {key} (was {seen[key]}, now {status})')
        seen[key] = status
        print(f'{key} {status}')
    print(f'duplicates: {duplicates}')


def count_tree(results, counts):
    """results: [(depth, status)] in output order, children before parent."""
    # Whether a parent failed with none of its children to blame.
    stack = []
    for depth, status in results:
        while len(stack) <= depth + 1:
            stack.append(None)
        children = stack[depth + 1]
        stack[depth + 1] = None
        for deeper in range(depth + 2, len(stack)):
            stack[deeper] = None
        if children is None:
            counts[status] += 1
            failed = status == 'FAIL'
        else:
            failed = children or status == 'FAIL'
            if status == 'FAIL' and not children:
                counts['FAIL'] += 1
        stack[depth] = bool(stack[depth]) or failed


def counts_kselftest(path):
    """Leaves of "# "-nested output, whether the program's or the runner's."""
    counts = {'PASS': 0, 'FAIL': 0, 'SKIP': 0}
    results = [(depth, status) for depth, status, _, _ in kselftest_lines(path)]
    count_tree(results, counts)
    return counts


def counts_ktap(path):
    counts = {'PASS': 0, 'FAIL': 0, 'SKIP': 0}
    results = []
    for line in open(path, encoding='utf-8', errors='replace'):
        line = line.rstrip('\n')
        spaces = len(line) - len(line.lstrip(' '))
        match = re.match(r'^(not )?ok \d+ ?(.*)$', line.lstrip(' '))
        if not match:
            continue
        status = 'FAIL' if match.group(1) else 'PASS'
        if re.search(r'\s#\s*SKIP\b', match.group(2)) and not match.group(1):
            status = 'SKIP'
        results.append((spaces // 4, status))
    count_tree(results, counts)
    return counts


def counts_junit(path):
    counts = {'PASS': 0, 'FAIL': 0, 'SKIP': 0}
    for case in ET.parse(path).getroot().iter('testcase'):
        if case.find('failure') is not None or case.find('error') is not None:
            counts['FAIL'] += 1
        elif case.find('skipped') is not None:
            counts['SKIP'] += 1
        else:
            counts['PASS'] += 1
    return counts


def counts_json(path):
    counts = {'PASS': 0, 'FAIL': 0, 'SKIP': 0}

    def walk(group):
        for case in group.get('test_cases', []):
            status = case['status']
            counts[status if status in ('PASS', 'SKIP') else 'FAIL'] += 1
        for sub in group.get('sub_groups', []):
            walk(sub)
    walk(json.load(open(path)))
    return counts


def counts_kcidb(path):
    """Leaves by path, and tests that failed with no failed test below."""
    counts = {'PASS': 0, 'FAIL': 0, 'SKIP': 0}
    tests = json.load(open(path)).get('tests', [])
    failing = {'FAIL', 'ERROR', 'MISS'}
    paths = {t['path']: t['status'] for t in tests}
    for test in tests:
        path, status = test['path'], test['status']
        if path == 'boot':
            if status != 'PASS':
                counts['FAIL'] += 1
            continue
        below = [s for p, s in paths.items() if p.startswith(path + '.')]
        bucket = status if status in ('PASS', 'SKIP') else 'FAIL'
        if not below:
            counts[bucket] += 1
        elif status in failing and not any(s in failing for s in below):
            counts['FAIL'] += 1
    return counts


def check_kcidb(path, schema_path):
    report = json.load(open(path))
    if schema_path:
        # A schema that cannot be read is an error, never a report that passes.
        schema = json.load(open(schema_path))
        import jsonschema
        jsonschema.validate(report, schema,
                            format_checker=jsonschema.FormatChecker())
        print('valid: schema v%d.%d' % (report['version']['major'],
                                        report['version']['minor']))
    problems = 0
    for kind in ('checkouts', 'builds', 'tests'):
        ids = [o['id'] for o in report.get(kind, [])]
        if len(ids) != len(set(ids)):
            print(f'problem: {kind} share ids')
            problems += 1
    paths = [t['path'] for t in report.get('tests', [])]
    if len(paths) != len(set(paths)):
        print('problem: tests share paths')
        problems += 1
    for test in report.get('tests', []):
        excerpt = test.get('log_excerpt', '')
        if len(excerpt) > 16384:
            print(f'problem: {test["path"]}: log_excerpt of {len(excerpt)} characters')
            problems += 1
        print(f'{test["path"]} {test["status"]}')
    print(f'problems: {problems}')


def main():
    if len(sys.argv) >= 3 and sys.argv[1] == 'flatten':
        flatten(sys.argv[2])
    elif len(sys.argv) == 4 and sys.argv[1] == 'counts':
        reader = {'ktap': counts_ktap, 'kselftest': counts_kselftest,
                  'junit': counts_junit, 'json': counts_json,
                  'kcidb': counts_kcidb}[sys.argv[2]]
        counts = reader(sys.argv[3])
        print(f'passed {counts["PASS"]} failed {counts["FAIL"]} skipped {counts["SKIP"]}')
    elif len(sys.argv) in (3, 4) and sys.argv[1] == 'kcidb':
        check_kcidb(sys.argv[2], sys.argv[3] if len(sys.argv) == 4 else None)
    else:
        print(__doc__, file=sys.stderr)
        sys.exit(2)


if __name__ == '__main__':
    main()
