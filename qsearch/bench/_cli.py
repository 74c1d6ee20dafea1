"""``python -m qsearch bench``: run the chosen tables one by one, each shown as it finishes.

A table is printed, and added to ``--output``'s file, as soon as it is done: a long run shows
its progress table by table, and Ctrl-C (KeyboardInterrupt) keeps every finished table, on
the terminal and in the file, which then says which tables were not run.
"""
from __future__ import annotations

import sys

from qsearch.i18n import _

# options of qsearch's own tables, which bench --game does not take
BENCH_TABLE_OPTIONS = ("only", "no_solve", "solve_limit", "hard_limit", "data", "pons",
                       "pons_reset")


def run_bench(args) -> int:
    """``bench``: the tables ``--only`` names (default: all but the slow ones), or with
    ``--game`` one game's search speed. Returns the exit status: 0, 2 for an unknown table
    name, 130 after Ctrl-C."""
    from qsearch.bench import all_sections

    if args.game is not None:
        return _bench_game(args)
    sections = all_sections(args)
    names = [sec.name for sec in sections]
    wanted = args.only.split(",") if args.only else names
    unknown = [w for w in wanted if w not in names]
    if unknown:
        print(_("error: unknown table {names}; choose from {choices}").format(
            names=", ".join(unknown), choices=", ".join(names)), file=sys.stderr)
        return 2
    return run_tables(args, [sec for sec in sections if sec.name in wanted
                             and not (args.no_solve and sec.name == "solve")])


def _bench_game(args) -> int:
    """``bench --game GAME``: one game's search speed (:mod:`qsearch.bench.game`)."""
    from qsearch.bench import Section
    from qsearch.bench.game import sections

    given = [f"--{o.replace('_', '-')}" for o in BENCH_TABLE_OPTIONS
             if getattr(args, o) not in (None, False)]
    if given:
        raise ValueError(_("{options}: qsearch's own tables' options, which do not take "
                           "--game; with --game, bench times searches on that one game")
                         .format(options=", ".join(given)))
    from qsearch.games import load

    load(args.game)                     # an unknown name: one line, before any table
    return run_tables(args, [Section(*s) for s in sections(args)])


def run_tables(args, sections, out=None, err=None) -> int:
    """Run ``sections`` (:class:`qsearch.bench.Section`) in turn: ``name ...`` on ``err``
    (stderr) when one starts, its markdown on ``out`` (stdout) and in ``args.output``'s file
    (headed by the command that made it) as soon as it is done. After Ctrl-C the finished
    tables stay, and ``err`` and the file say which were not run; returns 130 then, else 0."""
    from qsearch.bench._words import table as markdown  # its header in the language in use

    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    file = None
    if args.output:
        try:
            file = open(args.output, "w")
        except OSError as err:          # before any table runs, not after minutes of them
            raise ValueError(_("cannot write --output {path}: {error}").format(
                path=args.output, error=err.strerror or err)) from None
        command = " ".join(["python -m qsearch"] + list(args.argv))
        file.write(_("Measured by `{command}`.").format(command=command) + "\n\n")
    done = 0
    try:
        for sec in sections:
            print(f"{sec.name} ...", file=err, flush=True)
            table = f"### {sec.title}\n\n{markdown(sec.rows())}"
            print(table, file=out, flush=True)
            if file is not None:
                file.write(("\n" if done else "") + table)
                file.flush()
            done += 1
    except KeyboardInterrupt:
        missing = ", ".join(sec.name for sec in sections[done:])
        note = _("stopped: {done} of {total} tables finished; not run: {missing}").format(
            done=done, total=len(sections), missing=missing)
        print("\n" + note, file=err, flush=True)
        if file is not None:
            file.write(("\n" if done else "") + note + "\n")
        return 130
    finally:
        if file is not None:
            file.close()
    return 0


__all__ = ["BENCH_TABLE_OPTIONS", "run_bench", "run_tables"]
