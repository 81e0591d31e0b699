#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# Writes KTAP documents shaped as KUnit prints them, then damaged as
# consoles damage them, for comparing KTAP readers:
#
#   gen.py SEED COUNT OUTDIR
#
# writes OUTDIR/gen-SEED-0.ktap ... OUTDIR/gen-SEED-(COUNT-1).ktap, and
# OUTDIR/gen-SEED.manifest, one line per document saying what it holds
# and which mutations it underwent.  Document N depends only on SEED and
# N (its generator is random.Random("SEED:N")), so that one of them can be
# written again alone.
#
# A document: "KTAP version 1", a plan, 1 to 4 suites; a suite has 0 to 6
# cases, some parameterised (a nested header and parameter results
# without a plan), with passes, failures (and their expectation logs, in
# the old style or with "# " after the indentation), skips, diagnostics,
# stats lines, and a result that agrees with its cases or, now and then,
# does not.  Now and then the last suites come after the top-level plan,
# as a test module's suites come after the built-in ones (whose plan may
# be "1..0").  Then 0 to 3 mutations: a line deleted or duplicated, the
# document cut (a crashed kernel), ok and not ok swapped, a result
# renumbered or renamed, a plan deleted or changed, a kernel message at
# column 0, a diagnostic, "Bail out!" or a kernel panic, results after
# the top-level plan, a "KTAP version 1" line inside, a line indented
# four spaces more or less.  A few documents carry printk timestamps on
# every line.
#
# No plan goes above 100: kunit.py adds one test per number a plan
# misses, in a loop.
import os
import sys
import random

SUITE_WORDS = ['list', 'bitmap', 'string', 'sysctl', 'time', 'rational', 'mem',
               'hash', 'overflow', 'resource', 'kunit', 'slub', 'fortify']
CASE_WORDS = ['init', 'add', 'remove', 'lookup', 'empty', 'full', 'wraps',
              'parse', 'format', 'round', 'copy', 'compare', 'shift', 'free']
PARAM_DESCS = ['value 1', 'value 2', '1 + 2', '-1 + 1', '0x10', 'size 4096',
               'empty string', 'param-0', 'param-1', 'param-2', 'u8', 's64',
               'mode rw', 'zero', 'max', '2147483647 + 0']
SKIP_REASONS = ['', 'not on this machine', 'needs CONFIG_FOO',
                'this test is always skipped', 'no hardware']
NOISE = ['clocksource: Switched to clocksource tsc',
         'random: crng init done',
         'usb 1-1: new high-speed USB device number 2 using ehci-pci',
         'ACPI: bus type PCI registered',
         'audit: type=2000 audit(0.512:1): state=initialized',
         'Freeing unused kernel image (initmem) memory: 2048K',
         'Run /sbin/init as init process',
         'ok, this is not a result',
         'not okay either',
         'KTAP is read here']
DIAGNOSTICS = ['note: retrying once', 'allocated 128 bytes',
               'the slow path was taken', 'ran 3 iterations', 'checking 42 entries']

PASS, FAIL, SKIP = 'PASS', 'FAIL', 'SKIP'


def combine(statuses):
    """As KUnit combines results: any failure fails, any pass passes."""
    if FAIL in statuses:
        return FAIL
    if PASS in statuses:
        return PASS
    return SKIP


def other_status(rng, status):
    return rng.choice([s for s in (PASS, FAIL, SKIP) if s != status])


def result_line(rng, indent, status, number, name, reason, dash=False):
    word = 'not ok' if status == FAIL else 'ok'
    text = f'{indent}{word} {number} {"- " if dash else ""}{name}'
    if status == SKIP:
        text += f' # SKIP{" " + reason if reason else ""}'
    return text


def failure_lines(rng, indent, name, new_style):
    file = f'lib/{rng.choice(SUITE_WORDS)}_kunit.c'
    line = rng.randint(10, 900)
    a, b = rng.randint(0, 9), rng.randint(10, 99)
    kind = rng.choice(['EXPECTATION', 'ASSERTION'])
    more = '# ' if new_style else ''
    lines = [f'{indent}# {name}: {kind} FAILED at {file}:{line}',
             f'{indent}{more}Expected a == b, but']
    if rng.random() < 0.7:
        lines.append(f'{indent}{more}    a == {a} ({hex(a)})')
        lines.append(f'{indent}{more}    b == {b} ({hex(b)})')
    if rng.random() < 0.2:
        lines.append(f'{indent}{more}the message of the test')
    return lines


def stats_line(indent, name, statuses):
    return (f'{indent}# {name}: pass:{statuses.count(PASS)} fail:{statuses.count(FAIL)} '
            f'skip:{statuses.count(SKIP)} total:{len(statuses)}')


def make_case(rng, suite_name, number, new_style, weights, notes):
    name = f'{suite_name}_{rng.choice(CASE_WORDS)}_test'
    if rng.random() < 0.15:
        name = f'{rng.choice(CASE_WORDS)}_{number}'
    lines = []
    if rng.random() < 0.15:
        lines.append(f'    # {name}: {rng.choice(DIAGNOSTICS)}')
    if rng.random() < 0.3:
        # A parameterised case: a header, the parameters' results, no plan.
        count = rng.choice([0, 1, 2, 3, 3, 4, 5])
        descs = rng.sample(PARAM_DESCS, count)
        statuses = [rng.choices([PASS, FAIL, SKIP], weights)[0] for _ in descs]
        lines += ['        KTAP version 1', f'        # Subtest: {name}']
        for k, (desc, status) in enumerate(zip(descs, statuses), 1):
            if status == FAIL:
                lines += failure_lines(rng, rng.choice(['    ', '        ']), name, new_style)
            if status == SKIP and rng.random() < 0.5:
                status = PASS  # stock 6.1 prints a skipped parameter as "ok"
                statuses[k - 1] = PASS
            lines.append(result_line(rng, '        ', status, k, desc,
                                     rng.choice(SKIP_REASONS)))
        if statuses:
            lines.append(stats_line('    ', name, statuses))
        status = combine(statuses)
        if rng.random() < 0.1:
            status = other_status(rng, status)
            notes.append(f'param case {name} says {status}')
    else:
        status = rng.choices([PASS, FAIL, SKIP], weights)[0]
        if status == FAIL:
            lines += failure_lines(rng, '    ', name, new_style)
    if rng.random() < 0.1:
        lines.append(f'    {rng.choice(DIAGNOSTICS)}')
    lines.append(result_line(rng, '    ', status, number, name, rng.choice(SKIP_REASONS),
                             dash=rng.random() < 0.05))
    return status, lines


def make_suite(rng, number, new_style, weights, notes):
    name = rng.choice(SUITE_WORDS) + rng.choice(['', '-test', '_kunit', str(number)])
    if rng.random() < 0.05:
        # A suite whose init failed: stock prints no header.
        return [f'    # failed to initialize ({-rng.randint(1, 30)})', f'not ok {number} {name}']
    count = rng.choice([0, 1, 2, 3, 3, 4, 4, 5, 6])
    lines = ['    KTAP version 1', f'    # Subtest: {name}', f'    1..{count}']
    statuses = []
    for j in range(1, count + 1):
        status, case_lines = make_case(rng, name, j, new_style, weights, notes)
        statuses.append(status)
        lines += case_lines
    if statuses and rng.random() < 0.8:
        lines.append(stats_line('', name, statuses))
        lines.append(stats_line('', 'Totals', statuses))
    status = combine(statuses)
    if rng.random() < 0.1:
        status = other_status(rng, status)
        notes.append(f'suite {name} says {status}')
    lines.append(result_line(rng, '', status, number, name, ''))
    return lines


def document(rng, notes):
    new_style = rng.random() < 0.5
    # How often cases pass, fail and skip: many documents pass.
    weights = rng.choice([(20, 0, 1), (20, 1, 1), (10, 1, 2), (6, 2, 1), (1, 0, 3)])
    count = rng.randint(1, 4)
    # Stock KUnit prints a module's suites after the built-in ones' plan,
    # numbered on; with no built-in suite, that plan is "1..0".
    modules = rng.choice([0] * 8 + [1, 2])
    builtin = count - modules if modules < count or rng.random() < 0.5 else count
    if builtin != count:
        notes.append(f'{count - builtin} module suites')
    lines = ['KTAP version 1', f'1..{builtin}']
    for i in range(1, count + 1):
        if i == builtin + 1 and rng.random() < 0.5:
            lines.append(rng.choice(NOISE))
        lines += make_suite(rng, i, new_style, weights, notes)
    return lines


RESULT_START = ('ok ', 'not ok ')


def is_result(line):
    return line.lstrip(' ').startswith(RESULT_START)


def is_plan(line):
    return line.lstrip(' ').startswith('1..')


def pick(rng, lines, test):
    where = [i for i, line in enumerate(lines) if test(line)]
    return rng.choice(where) if where else None


def mutate(rng, lines, notes):
    kind = rng.choice(['delete', 'duplicate', 'cut', 'flip', 'renumber', 'no-plan',
                       'plan-count', 'noise', 'diagnostic', 'bail-or-panic', 'rename',
                       'after-plan', 'version', 'reindent'])
    at = rng.randrange(len(lines)) if lines else 0
    if kind == 'delete' and lines:
        del lines[at]
    elif kind == 'duplicate' and lines:
        lines.insert(at, lines[at])
    elif kind == 'cut':
        del lines[at:]
    elif kind == 'flip':
        at = pick(rng, lines, is_result)
        if at is None:
            return
        line = lines[at]
        spaces = len(line) - len(line.lstrip(' '))
        text = line[spaces:]
        text = text[4:] if text.startswith('not ok') else 'not ' + text
        lines[at] = line[:spaces] + text
    elif kind == 'renumber':
        at = pick(rng, lines, is_result)
        if at is None:
            return
        head, _, rest = lines[at].partition('ok ')
        number, _, name = rest.partition(' ')
        new = rng.choice([0, 1, 2, 3, 7, int(number) + 1, int(number) - 1])
        lines[at] = f'{head}ok {max(new, 0)} {name}'
    elif kind == 'no-plan':
        at = pick(rng, lines, is_plan)
        if at is None:
            return
        del lines[at]
    elif kind == 'plan-count':
        at = pick(rng, lines, is_plan)
        if at is None:
            return
        spaces = len(lines[at]) - len(lines[at].lstrip(' '))
        lines[at] = ' ' * spaces + f'1..{rng.randint(0, 9)}'
    elif kind == 'noise':
        lines.insert(at, rng.choice(NOISE))
    elif kind == 'diagnostic':
        lines.insert(at, rng.choice(['', '    ', '        ']) + '# ' + rng.choice(DIAGNOSTICS))
    elif kind == 'bail-or-panic':
        lines.insert(at, rng.choice(['Bail out!', 'Bail out! the machine is on fire',
                                     'Kernel panic - not syncing: Fatal exception']))
    elif kind == 'rename':
        at = pick(rng, lines, is_result)
        if at is None:
            return
        head, _, rest = lines[at].partition('ok ')
        number, _, name = rest.partition(' ')
        lines[at] = f'{head}ok {number} {name.split(" # ")[0]}_renamed'
    elif kind == 'after-plan':
        last = max([i for i, line in enumerate(lines) if line.startswith(RESULT_START)],
                   default=len(lines) - 1)
        extra = []
        for k in range(rng.randint(1, 2)):
            word = rng.choice(['ok', 'ok', 'not ok'])
            if rng.random() < 0.5:
                extra += [f'    {word} 1 extra_case', f'{word} {k + 5} extra_suite{k}']
            else:
                extra.append(f'{word} {k + 5} extra{k}')
        lines[last + 1:last + 1] = extra
    elif kind == 'version':
        lines.insert(at, rng.choice(['', '    ', '        ']) + 'KTAP version 1')
    elif kind == 'reindent' and lines:
        line = lines[at]
        if line.startswith('    ') and rng.random() < 0.6:
            lines[at] = line[4:]
        else:
            lines[at] = '    ' + line
    notes.append(kind)


def timestamped(rng, lines):
    seconds = rng.uniform(0.5, 9.0)
    out = []
    for line in lines:
        seconds += rng.uniform(0.0, 0.01)
        out.append(f'[{seconds:12.6f}] {line}')
    return out


def generate(seed, n):
    rng = random.Random(f'{seed}:{n}')
    notes = []
    lines = document(rng, notes)
    for _ in range(rng.choice([0, 0, 1, 1, 2, 3])):
        mutate(rng, lines, notes)
    if rng.random() < 0.08:
        lines = timestamped(rng, lines)
        notes.append('timestamps')
    return lines, notes


def main(argv):
    if len(argv) != 3:
        sys.stderr.write('usage: gen.py SEED COUNT OUTDIR\n')
        return 2
    seed, count, outdir = argv[0], int(argv[1]), argv[2]
    os.makedirs(outdir, exist_ok=True)
    with open(os.path.join(outdir, f'gen-{seed}.manifest'), 'w') as manifest:
        for n in range(count):
            lines, notes = generate(seed, n)
            name = f'gen-{seed}-{n}.ktap'
            with open(os.path.join(outdir, name), 'w') as f:
                f.write(''.join(line + '\n' for line in lines))
            manifest.write(f'{name}: {", ".join(notes) or "as printed"}\n')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
