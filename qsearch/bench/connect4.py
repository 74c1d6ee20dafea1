"""Speed tables: compiled alpha-beta against its twins and OpenSpiel; the exact solver, alone
and (with ``--pons PATH``) side by side with Pascal Pons' C++ solver on the same positions.

``python -m qsearch bench`` prints them (``--output FILE`` also writes them as markdown).
Every number comes from the run that prints it, every side is timed best of the same N, and
no ratio against Pons is printed unless his solver ran in that run.

Pons' solver is not part of qsearch: build it yourself from his repository
(``PascalPons/connect4``, ``make c4solver``) and pass the binary with ``--pons``. Its ``main``
reads positions (``moves``, one per line) on stdin and prints ``moves score`` for each,
keeping its transposition table between positions; it is run with ``-b /dev/null`` (no
opening book) and ``-w`` for weak solving. Timing it per position with its table reset needs
a driver that resets the table before every position and prints ``moves score nodes
microseconds`` (the columns the comment of his ``main.cpp`` describes); pass one with
``--pons-reset PATH``. Without it, the per-position table runs his ``main`` once per position
and subtracts the measured start-up time of an idle run (its 2**24-entry table is allocated
and cleared at start-up), which is only meaningful for positions that take far longer than
that.

The published positions come from ``qsearch/data/connect4/`` (300-line copies of two sets) or
from ``--data DIR`` (e.g. the full files); nothing outside the checkout is read otherwise.
"""
from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

from qsearch.bench._timing import (
    Load,
    children_cpu_clock,
    cpu_time,
    interleave,
    ratio,
    repeats_of,
)
from qsearch.core.tables import format_seconds
from qsearch.games import Connect4
from qsearch.i18n import _, number
from qsearch.reference import alphabeta as twin_alphabeta
from qsearch.reference.connect4 import PyConnect4
from qsearch.search import alphabeta

# Empty board at depth 8, then three middle-game positions (the first three of the
# published set Test_L2_R2) at depth 10, all with a zero evaluation.
SEARCH_POSITIONS = [("", 8), ("274552224131661", 10), ("5455174361263362", 10),
                    ("2531276566711153", 10)]

SOLVE_SETS = ["Test_L3_R1", "Test_L2_R1", "Test_L2_R2", "Test_L1_R1", "Test_L1_R2",
              "Test_L1_R3"]
SLOW_SETS = {"Test_L2_R2", "Test_L1_R2"}     # --solve-limit positions each
HARD_SET = "Test_L1_R3"                          # --hard-limit positions (seconds each)
# The per-position comparison of issue 8: these sets, at most this many positions of each.
RESET_SETS = [("Test_L1_R1", 1000), ("Test_L2_R2", 1000), ("Test_L1_R2", 1000),
              ("Test_L1_R3", 30)]
# The two 300-line sets shipped with the package (a copy of tests/data/connect4), so that an
# installed copy benchmarks too.
REPO_DATA = Path(__file__).resolve().parent.parent / "data" / "connect4"


def progress(message: str) -> None:
    """One line of progress on stderr (the tables go to stdout)."""
    print("  " + message, file=sys.stderr, flush=True)


# ------------------------------------------------------------------------ alpha-beta
def _openspiel_alphabeta(moves: str, depth: int):
    """OpenSpiel's Python ``alpha_beta_search`` on OpenSpiel's C++ ``connect_four`` game,
    zero evaluation: (value, leaves evaluated)."""
    import pyspiel
    from open_spiel.python.algorithms.minimax import alpha_beta_search

    game = pyspiel.load_game("connect_four")
    state = game.new_initial_state()
    for ch in moves:
        state.apply_action(int(ch) - 1)
    leaves = [0]

    def zero(_state) -> float:
        leaves[0] += 1
        return 0.0

    value, _ = alpha_beta_search(game, state=state, maximum_depth=depth, value_function=zero,
                                 maximizing_player_id=state.current_player())
    return value, leaves[0]


def search_table(repeats: int = 3) -> list[dict]:
    """Nodes per second of compiled alpha-beta against the readable twin (on the compiled
    game and on the all-Python game) and OpenSpiel, same trees, every side best of
    ``repeats`` by CPU time, the sides timed in turn (:func:`interleave`: twin, all-Python,
    OpenSpiel, compiled, twin, ...), the compiled search in batches of about the longest
    peer's time."""
    try:
        import pyspiel  # noqa: F401
        have_openspiel = True
    except ImportError:
        have_openspiel = False
    rows = []
    for moves, depth in SEARCH_POSITIONS:
        load = Load()
        state = Connect4.from_moves(moves)
        py_state = PyConnect4.from_moves(moves)
        sides = [lambda s=state, d=depth: twin_alphabeta(s, d),
                 lambda s=py_state, d=depth: twin_alphabeta(s, d)]
        if have_openspiel:
            sides.append(lambda m=moves, d=depth: _openspiel_alphabeta(m, d))
        sides.append(lambda s=state, d=depth: alphabeta(s, d))
        timings = interleave(sides, repeats, batched=[False] * (len(sides) - 1) + [True])
        twin, py, ours = timings[0], timings[1], timings[-1]
        fast, t_fast = ours.result, ours.seconds
        assert twin.result.nodes == py.result.nodes == fast.nodes
        assert twin.result.value == fast.value
        row = {"position": moves or _("(empty)"), "depth": depth, "nodes": fast.nodes,
               "compiled Mn/s": fast.nodes / t_fast / 1e6, "compiled runs": ours.runs,
               "twin kn/s": fast.nodes / twin.seconds / 1e3,
               "x twin": ratio(twin.seconds, t_fast),
               "all-Python kn/s": fast.nodes / py.seconds / 1e3,
               "x all-Python": ratio(py.seconds, t_fast)}
        if have_openspiel:
            spiel = timings[2]
            value, leaves = spiel.result
            assert leaves == fast.leaves and value == fast.value, (leaves, fast.leaves)
            row["OpenSpiel kn/s"] = fast.nodes / spiel.seconds / 1e3
            row["x OpenSpiel"] = ratio(spiel.seconds, t_fast)
        row.update(load.cells())
        rows.append(row)
    return rows


# ------------------------------------------------------------------------ published sets
def data_dir(data: str | os.PathLike | None = None) -> Path:
    """Where the published sets are read: ``data`` if given, else the repository's copies."""
    path = Path(data) if data is not None else REPO_DATA
    if not path.is_dir():
        raise ValueError(_("--data: {path} is not a directory").format(path=path))
    return path


def read_set(path: Path, limit: int | None = None) -> list[tuple[str, int]]:
    """The first ``limit`` ``(moves, score)`` pairs of a published file."""
    pairs = []
    for line in path.read_text().splitlines():
        if line.strip():
            moves, score = line.split()
            pairs.append((moves, int(score)))
            if limit is not None and len(pairs) >= limit:
                break
    return pairs


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)


# ------------------------------------------------------------------------ Pons' solver
def _after_moves(path, line: str, moves: str) -> list[str]:
    """The fields of an output line after its echoed moves (none for the empty board)."""
    fields = line.split()
    if moves:
        if fields[:1] != [moves]:
            raise RuntimeError(f"{path}: unexpected output {line!r} for {moves!r}")
        fields = fields[1:]
    if not fields:
        raise RuntimeError(f"{path}: no score in {line!r} for {moves!r}")
    return fields


class Pons:
    """Pascal Pons' ``c4solver`` run as a subprocess (no opening book: ``-b /dev/null``),
    timed by the child's CPU time (``clock``: :func:`children_cpu_clock`)."""

    def __init__(self, path: str | os.PathLike, clock: Callable[[], float] = children_cpu_clock):
        self.path = Path(path)
        self.clock = clock
        if not (self.path.is_file() and os.access(self.path, os.X_OK)):
            raise ValueError(_("--pons: {path} is not an executable file").format(path=self.path))

    def command(self, weak: bool = False) -> list[str]:
        return [str(self.path), "-b", "/dev/null"] + (["-w"] if weak else [])

    def run(self, lines: list[str], weak: bool = False) -> tuple[float, list[list[str]]]:
        """One process solving ``lines`` in order: (its CPU time, output fields of each
        line)."""
        text = "".join(m + "\n" for m in lines)
        start = self.clock()
        done = subprocess.run(self.command(weak), input=text, capture_output=True, text=True,
                              check=True)
        elapsed = self.clock() - start
        out = done.stdout.splitlines()
        if len(out) != len(lines):
            raise RuntimeError(f"{self.path}: {len(out)} output lines for {len(lines)} "
                               f"positions (stderr {done.stderr[:200]!r})")
        return elapsed, [_after_moves(self.path, ln, m) for ln, m in zip(out, lines, strict=True)]

    def startup(self, repeats: int) -> float:
        """Least CPU time of a run with no position: start, table allocation, exit."""
        return min(self.run([])[0] for _i in range(repeats))


class PonsDriver:
    """A ``c4solver`` build that resets its table before every position and prints
    ``moves score nodes microseconds``, the microseconds being the process CPU time of the
    solve (``clock_gettime(CLOCK_PROCESS_CPUTIME_ID)``); kept running, fed one position at a
    time."""

    def __init__(self, path: str | os.PathLike):
        Pons(path)      # the same checks
        self.path = str(path)
        self.proc = subprocess.Popen([self.path, "-b", "/dev/null"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, bufsize=1)
        try:
            self._check()
        except ValueError:
            self.close()
            raise

    def _check(self) -> None:
        """Start-up check on a position both solvers settle in microseconds (the first of
        the shipped ``Test_L3_R1``): the output has the driver's columns and the score is the
        published one and ours."""
        from qsearch.search.connect4_solver import solve

        ((moves, published),) = read_set(REPO_DATA / "Test_L3_R1", 1)
        fields = self.solve(moves)
        if len(fields) != 3:
            raise ValueError(_("--pons-reset: {path} prints {fields} after the moves, not "
                               "'score nodes microseconds'").format(path=self.path,
                                                                     fields=repr(fields)))
        ours = solve(Connect4.from_moves(moves)).score
        if not int(fields[0]) == published == ours:
            raise ValueError(_("--pons-reset: {path} scores {moves} {score}, published "
                               "{published}, ours {ours}").format(
                path=self.path, moves=moves, score=fields[0], published=published, ours=ours))

    def solve(self, moves: str) -> list[str]:
        self.proc.stdin.write(moves + "\n")
        self.proc.stdin.flush()
        return _after_moves(self.path, self.proc.stdout.readline(), moves)

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait()


# ------------------------------------------------------------------------ solver tables
def set_limits(fast: int = 1000, slow: int = 100, hard: int = 10) -> dict[str, int]:
    """How many positions of each published set the tables use."""
    return {name: hard if name == HARD_SET else slow if name in SLOW_SETS else fast
            for name in SOLVE_SETS}


def solve_table(data: Path, limits: dict[str, int], repeats: int = 1) -> list[dict]:
    """Our solver alone, table reset before every position (reset not timed): mean time (each
    position's best of ``repeats``) and nodes per position on each published set found in
    ``data``, scores checked."""
    from qsearch.search.connect4_solver import Solver

    solver = Solver()
    rows = []
    for name, limit in limits.items():
        path = data / name
        if not path.exists():
            continue
        load = Load()
        pairs = read_set(path, limit)
        times, nodes = [], 0
        for moves, score in pairs:
            state = Connect4.from_moves(moves)
            best = float("inf")
            for _i in range(repeats):
                solver.reset()
                t, res = cpu_time(lambda s=state: solver.solve(s), 1)[:2]
                best = min(best, t)
            if res.score != score:
                raise AssertionError(f"{name}: solve({moves}) = {res.score}, published {score}")
            times.append(best)
            nodes += res.nodes
        rows.append({"set": name, "positions": len(pairs), "mean time": sum(times) / len(pairs),
                     "max time": max(times), "mean nodes": nodes / len(pairs),
                     "ns/node": 1e9 * sum(times) / max(nodes, 1), **load.cells()})
        progress(_("{set}: {n} positions, mean {time}").format(
            set=name, n=len(pairs), time=format_seconds(rows[-1]["mean time"])))
    return rows


def _our_stream(pairs: list[tuple[str, int]], solver) -> tuple[list[int], int]:
    """Solve every position in order with one table (reset once, before the first)."""
    solver.reset()
    scores, nodes = [], 0
    for moves, _score in pairs:
        res = solver.solve(Connect4.from_moves(moves))
        scores.append(res.score)
        nodes += res.nodes
    return scores, nodes


def pons_stream_table(data: Path, pons: Pons, limits: dict[str, int],
                      repeats: int = 3) -> list[dict]:
    """Both solvers on the same stream of positions, each keeping its table from one position
    to the next (as Pons' ``main`` does); the whole stream timed by CPU time, best of
    ``repeats``, runs interleaved (his run, then ours in a batch of about his time); Pons'
    time is his process's CPU time minus that of an idle start-up."""
    from qsearch.search.connect4_solver import Solver

    solver = Solver()
    startup = pons.startup(repeats)
    rows = []
    for name, limit in limits.items():
        path = data / name
        if not path.exists():
            continue
        load = Load()
        pairs = read_set(path, limit)
        lines = [m for m, _score in pairs]
        t_ours = t_pons = float("inf")
        for _round in range(repeats):
            t, out = pons.run(lines)
            t_pons = min(t_pons, t - startup)
            t, (scores, nodes), runs = cpu_time(lambda p=pairs: _our_stream(p, solver), 1,
                                                t - startup)[:3]
            t_ours = min(t_ours, t)
        published = [s for _moves, s in pairs]
        theirs = [int(f[0]) for f in out]
        if scores != published or theirs != published:
            bad = next(i for i in range(len(pairs))
                       if (scores[i], theirs[i]) != (published[i], published[i]))
            raise AssertionError(f"{name}: {lines[bad]}: ours {scores[bad]}, Pons "
                                 f"{theirs[bad]}, published {published[bad]}")
        rows.append({"set": name, "positions": len(pairs), "scores": _("all equal"),
                     "our time": t_ours, "our runs": runs, "our nodes": nodes,
                     "Pons time": t_pons, "x Pons": t_ours / t_pons, **load.cells()})
        progress(_("{set}: ours {ours}, Pons {pons}").format(
            set=name, ours=format_seconds(t_ours), pons=format_seconds(t_pons)))
    for row in rows:
        row["Pons start-up time"] = startup
    return rows


def pons_reset_table(data: Path, pons: Pons | None, driver: PonsDriver | None,
                     sets=RESET_SETS, limits: dict[str, int] | None = None,
                     repeats: int = 3) -> list[dict]:
    """Both solvers on the same positions, each table reset before every position (resets not
    timed), position by position: ours best of ``repeats``, then Pons' best of ``repeats``
    (interleaved), CPU times, one solve per timing (a reset cannot go inside a batch
    untimed; both sides' solves of a position take about as long). Times and nodes are
    summed over the positions of a set.

    Pons runs as ``driver`` (his own per-position CPU time and node count) if given, else as
    one process per position, its CPU time less that of the idle start-up.
    """
    from qsearch.search.connect4_solver import Solver

    solver = Solver()
    startup = pons.startup(repeats) if driver is None else None
    rows = []
    for name, most in sets:
        path = data / name
        if not path.exists():
            continue
        load = Load()
        pairs = read_set(path, most if limits is None else min(most, limits[name]))
        t_ours = t_pons = 0.0
        n_ours = n_pons = 0
        for moves, score in pairs:
            state = Connect4.from_moves(moves)
            best_ours = best_pons = float("inf")
            for _round in range(repeats):
                solver.reset()
                t, res = cpu_time(lambda s=state: solver.solve(s), 1)[:2]
                best_ours = min(best_ours, t)
                if driver is not None:
                    theirs, nodes, micro = (int(f) for f in driver.solve(moves))
                    best_pons = min(best_pons, micro * 1e-6)
                else:
                    t, out = pons.run([moves])
                    theirs, nodes = int(out[0][0]), None
                    best_pons = min(best_pons, t - startup)
            if not res.score == theirs == score:
                raise AssertionError(f"{name}: {moves}: ours {res.score}, Pons {theirs}, "
                                     f"published {score}")
            t_ours += best_ours
            t_pons += best_pons
            n_ours += res.nodes
            n_pons = None if nodes is None else n_pons + nodes
        row = {"set": name, "positions": len(pairs), "scores": _("all equal"),
               "our time": t_ours, "Pons time": t_pons, "x Pons": t_ours / t_pons,
               "our nodes": n_ours}
        if n_pons is not None:
            row["Pons nodes"] = n_pons
            row["nodes ours/Pons"] = n_ours / n_pons
        else:
            row["Pons start-up time"] = startup
        row.update(load.cells())
        rows.append(row)
        progress(_("{set}: ours {ours}, Pons {pons}").format(
            set=name, ours=format_seconds(t_ours), pons=format_seconds(t_pons)))
    return rows


# ------------------------------------------------------------------------ the empty board
def _with_ticker(label: str, run: Callable[[], object], every: float = 15.0):
    """``run`` timed once by CPU time ``(seconds, result)``, printing the elapsed wall time
    on stderr every ``every`` seconds."""
    done = threading.Event()
    start = time.perf_counter()

    def tick():
        while not done.wait(every):
            seconds = number(time.perf_counter() - start, 0, grouped=False)
            progress(_("{label}: {seconds} s ...").format(label=label, seconds=seconds))

    ticker = threading.Thread(target=tick, daemon=True)
    ticker.start()
    try:
        return cpu_time(run, 1)[:2]
    finally:
        done.set()
        ticker.join()


def empty_board_table(pons: Pons | None, driver: PonsDriver | None = None,
                      modes=("weak", "strong"), repeats: int = 1) -> list[dict]:
    """The empty board solved weakly and strongly: ours, and Pons' if given (best of
    ``repeats`` each, ours then his; it takes minutes), CPU times. Pons' time: his driver's
    own (CPU), else his process's CPU time minus that of the idle start-up."""
    from qsearch.search.connect4_solver import Solver

    solver = Solver()
    startup = pons.startup(3) if pons is not None else None
    rows = []
    for mode in modes:
        weak = mode == "weak"
        load = Load()
        t_ours = t_pons = float("inf")
        for k in range(repeats):            # ours, his, ours, his, ...: best of each
            run = _("{mode}, run {k} of {n}").format(mode=_("weak") if weak else _("strong"),
                                                     k=k + 1, n=repeats)
            progress(_("empty board, {run}: ours ...").format(run=run))
            solver.reset()
            t, res = _with_ticker(_("ours, {run}").format(run=run),
                                  lambda w=weak: solver.solve(Connect4(), weak=w))
            t_ours = min(t_ours, t)
            progress(_("empty board, {run}: ours {score} in {time}").format(
                run=run, score=f"{res.score:+d}", time=format_seconds(t)))
            row = {"position": _("(empty)"), "solve": _("weak") if weak else _("strong"),
                   "our score": res.score, "our time": t_ours, "our nodes": res.nodes}
            if pons is None:
                continue
            progress(_("empty board, {run}: Pons ...").format(run=run))
            if driver is not None and not weak:
                theirs, nodes, micro = (int(f) for f in driver.solve(""))
                t = micro * 1e-6
                row["Pons nodes"] = nodes
            else:
                _seconds, (elapsed, out) = _with_ticker(
                    _("Pons, {run}").format(run=run), lambda w=weak: pons.run([""], weak=w))
                theirs, t = int(out[0][0]), elapsed - startup
            same = _sign(theirs) == _sign(res.score) if weak else theirs == res.score
            if not same:
                raise AssertionError(f"empty board, {mode}: ours {res.score}, Pons {theirs}")
            t_pons = min(t_pons, t)
            row.update({"Pons score": theirs, "Pons time": t_pons,
                        "x Pons": t_ours / t_pons})
            progress(_("empty board, {run}: Pons {score} in {time}").format(
                run=run, score=f"{theirs:+d}", time=format_seconds(t)))
        row.update(load.cells())
        rows.append(row)
    return rows


# ------------------------------------------------------------------------ sections
def sections(options) -> list[tuple]:
    """The Connect-4 tables for ``python -m qsearch bench`` (``empty-board`` only when named
    in ``--only``: it takes minutes)."""
    quick = options.quick
    repeats = repeats_of(options)
    solve_repeats = repeats_of(options, full=1)        # thousands of positions: once each
    slow = getattr(options, "solve_limit", None)
    hard = getattr(options, "hard_limit", None)
    slow = slow if slow is not None else (5 if quick else 100)
    hard = hard if hard is not None else (1 if quick else 10)
    if slow < 1 or hard < 1:
        raise ValueError(_("--solve-limit and --hard-limit must be >= 1"))
    limits = set_limits(fast=100 if quick else 1000, slow=slow, hard=hard)
    data = data_dir(getattr(options, "data", None))
    pons_path = getattr(options, "pons", None)
    reset_path = getattr(options, "pons_reset", None)
    pons = Pons(pons_path) if pons_path else None
    if reset_path and pons is None:
        raise ValueError(_("--pons-reset needs --pons as well"))
    found = ", ".join(f"{s} ({limits[s]})" for s in SOLVE_SETS
                      if (data / s).exists()) or _("none")
    out = [
        ("search", _("Compiled alpha-beta on Connect-4 (zero evaluation): nodes per second. "
                     "`x twin`: qsearch's readable Python alpha-beta on the compiled game; "
                     "`x all-Python`: the same twin on the pure-Python game; `x OpenSpiel`: "
                     "OpenSpiel's Python `alpha_beta_search` on OpenSpiel's C++ "
                     "`connect_four`. Same trees (node and leaf counts checked), CPU times "
                     "(process time: every side in this process), every side best of "
                     "{repeats}, the sides timed in turn, the compiled search in batches of "
                     "about the longest peer's time (`compiled runs` a batch)")
         .format(repeats=repeats),
         lambda: search_table(repeats=repeats)),
        ("solve", _("Exact solver alone on the published positions in `{folder}/` (first N of "
                    "each set: {found}), table reset before every position (not timed), CPU "
                    "times, best of {repeats} per position, scores checked")
         .format(folder=data.name, found=found, repeats=solve_repeats),
         lambda: solve_table(data, limits, repeats=solve_repeats)),
    ]
    if pons is not None:
        out.append((
            "pons-stream", _("Our solver and Pascal Pons' C++ `c4solver` (his `main`, no "
                             "opening book) on the same stream of positions (as in the `solve` "
                             "table), each keeping its table from one position to the next; "
                             "whole stream timed by CPU time, best of {repeats} on both sides, "
                             "runs interleaved, ours in batches of about his time (`our "
                             "runs`); his time = his process's CPU time - an idle start-up's; "
                             "x Pons = our time / his").format(repeats=repeats),
            lambda: pons_stream_table(data, pons, limits, repeats=repeats)))
        how = (_("his own CPU time of each solve (a driver that resets his table per "
                 "position)") if reset_path else
               _("one process per position, its CPU time less an idle start-up's"))
        caps = ", ".join(f"{n} ({min(c, limits[n])})" for n, c in RESET_SETS)
        out.append((
            "pons-reset", _("Our solver and Pons' on the same positions ({sets}), each table "
                            "reset before every position (resets not timed), CPU times, best "
                            "of {repeats} single solves per position on both sides, "
                            "interleaved; Pons: {how}; times and nodes summed over the "
                            "positions; x Pons = our time / his")
            .format(sets=caps, repeats=repeats, how=how),
            lambda: _reset_rows(data, pons, reset_path, limits, repeats)))
    only = (getattr(options, "only", None) or "").split(",")
    empty_repeats = repeats_of(options, full=1)        # minutes a solve: once by default
    if "empty-board" in only:
        out.append((
            "empty-board", (_("The empty board, solved weakly (win/draw/loss) and strongly, "
                              "best of {repeats} each, CPU times beside Pons' solver") if pons
                            else _("The empty board, solved weakly (win/draw/loss) and "
                                   "strongly, best of {repeats} each, CPU times (no --pons: "
                                   "ours only)")).format(repeats=empty_repeats),
            lambda: _empty_rows(pons, reset_path, empty_repeats)))
    return out


def _reset_rows(data, pons, reset_path, limits, repeats):
    driver = PonsDriver(reset_path) if reset_path else None
    try:
        return pons_reset_table(data, pons, driver, limits=limits, repeats=repeats)
    finally:
        if driver is not None:
            driver.close()


def _empty_rows(pons, reset_path, repeats=1):
    driver = PonsDriver(reset_path) if reset_path else None
    try:
        return empty_board_table(pons, driver, repeats=repeats)
    finally:
        if driver is not None:
            driver.close()
