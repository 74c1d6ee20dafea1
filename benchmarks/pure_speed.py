"""What the no-install paths cost: the same searches compiled, pure CPython and pure in Pyodide.

``python benchmarks/pure_speed.py`` (from the repository root, with the compiled build in
place) times four searches, by CPU time (``time.process_time``: the worker's own, so other
jobs on the machine are not counted), the median of ``--repeat`` runs each, in three runs of
this file, one after the other on the same machine:

* **compiled**: CPython with the compiled engines and searches;
* **pure CPython**: the same interpreter with ``QSEARCH_PURE=1`` (the ``.py`` stand-ins);
* **pure Pyodide**: the pure wheel inside Pyodide under Node.js (``tests/pyodide/run.sh``).

It checks that the three did the same work (the same value, move and node count: the pure code
is the compiled code's twin) and writes the table to ``benchmarks/pure_speed.md``. The fourth
search (alpha-beta with a zero evaluation on the four positions of ``bench --only search``)
has a peer: OpenSpiel's Python ``alpha_beta_search`` on its C++ ``connect_four``, the same
tree (leaf counts checked), timed in turn with ours (ours, OpenSpiel, ours, ...) in every
CPython column where OpenSpiel is installed, so the table says how the pure search compares
with OpenSpiel's Python one. Each column records the load average per core during its run.
``--worker`` times the searches in this interpreter and prints one ``PURE_SPEED`` JSON line.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TAG = "PURE_SPEED "
CONNECT4_MOVES = "4453"      # notebook 10's position: x in column 4, o 4, x 5, o 3
COLUMNS = (("compiled", "compiled"), ("pure", "pure CPython"), ("pyodide", "pure Pyodide (Node)"))


def connect4_alphabeta():
    """Alpha-beta, depth 8, on Connect-4 after ``4453`` with document 001's evaluation table."""
    from qsearch.games import Connect4
    from qsearch.heuristics.connect4 import evaluation_table
    from qsearch.search import alphabeta

    res = alphabeta(Connect4.from_moves(CONNECT4_MOVES), 8, evaluation_table)
    return {"value": res.value, "action": res.action, "nodes": res.nodes}


def tictactoe_mcts():
    """MCTS (UCT), 10,000 iterations from the empty tic-tac-toe board, seed 0."""
    from qsearch.games import TicTacToe
    from qsearch.search import mcts

    res = mcts(TicTacToe(), 10_000, seed=0)
    return {"action": res.action, "nodes": res.nodes, "visits": [c[1] for c in res.children]}


def tictactoe_solved():
    """Alpha-beta to the end of tic-tac-toe with a transposition table (a draw)."""
    from qsearch.games import TicTacToe
    from qsearch.search import alphabeta

    res = alphabeta(TicTacToe(), None, tt=True)
    return {"value": res.value, "action": res.action, "nodes": res.nodes}


def connect4_zero():
    """Alpha-beta with a zero evaluation on the four positions of ``bench --only search``
    (the empty board at depth 8, three mid-game positions at depth 10), nodes summed."""
    from qsearch.bench.connect4 import SEARCH_POSITIONS
    from qsearch.games import Connect4
    from qsearch.search import alphabeta

    results = [alphabeta(Connect4.from_moves(m), d) for m, d in SEARCH_POSITIONS]
    return {"values": [r.value for r in results], "nodes": sum(r.nodes for r in results),
            "leaves": sum(r.leaves for r in results)}


def openspiel_connect4_zero():
    """OpenSpiel's Python ``alpha_beta_search`` on the same positions and depths, zero
    evaluation: the same trees (its leaves counted)."""
    from qsearch.bench.connect4 import SEARCH_POSITIONS, _openspiel_alphabeta

    found = [_openspiel_alphabeta(m, d) for m, d in SEARCH_POSITIONS]
    return {"values": [v for v, _ in found], "leaves": sum(n for _, n in found)}


ZERO = "alpha-beta, Connect-4, zero evaluation, bench's 4 positions"
WORKLOADS = {
    "alpha-beta, Connect-4, depth 8": connect4_alphabeta,
    "MCTS, tic-tac-toe, 10,000 iterations": tictactoe_mcts,
    "tic-tac-toe solved (alpha-beta + table)": tictactoe_solved,
    ZERO: connect4_zero,
}
PEER = "OpenSpiel Python alpha_beta_search"
PEERS = {ZERO: openspiel_connect4_zero}         # timed in turn with ours where installed


def has_openspiel() -> bool:
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        return False
    return True


def cpu_seconds(run) -> tuple[float, object]:
    """``run()`` timed by this process's CPU time: (seconds, its result)."""
    start = time.process_time()
    found = run()
    return time.process_time() - start, found


def load_per_core() -> float | None:
    """The 1-minute load average per core (None where the platform has none)."""
    try:
        return os.getloadavg()[0] / (os.cpu_count() or 1)
    except (AttributeError, OSError):
        return None


def time_workloads(repeat: int) -> dict:
    """Each workload run ``repeat`` times in this interpreter (in turn with its peer where it
    has one and the peer is installed): the median CPU time and what it found."""
    import qsearch

    timings, loads = {}, [load_per_core()]
    for name, run in WORKLOADS.items():
        peer = PEERS.get(name) if has_openspiel() else None
        seconds, peer_seconds, work, peer_work = [], [], None, None
        for _ in range(repeat):
            t, found = cpu_seconds(run)
            seconds.append(t)
            if work is not None and found != work:
                raise RuntimeError(f"{name}: two runs disagree: {work} then {found}")
            work = found
            if peer is not None:
                t, peer_work = cpu_seconds(peer)
                peer_seconds.append(t)
        timings[name] = {"median": statistics.median(seconds), "seconds": seconds,
                         "work": work}
        if peer is not None:
            if (peer_work["values"], peer_work["leaves"]) != (work["values"], work["leaves"]):
                raise RuntimeError(f"{name}: {PEER} searched another tree: {peer_work} "
                                   f"against {work}")
            timings[name]["peer"] = {"median": statistics.median(peer_seconds),
                                     "seconds": peer_seconds}
        loads.append(load_per_core())
    known = [x for x in loads if x is not None]
    return {"compiled": qsearch.compiled, "python": sys.version.split()[0],
            "platform": sys.platform, "pyodide": pyodide_version(), "timings": timings,
            "load per core": [min(known), max(known)] if known else None}


def pyodide_version() -> str | None:
    """Pyodide's version when running inside it, else None."""
    if sys.platform != "emscripten":        # (a folder named pyodide may be importable)
        return None
    try:
        import pyodide
    except ImportError:
        return None
    return pyodide.__version__


def read_result(stdout: str, label: str) -> dict:
    """The worker's ``PURE_SPEED`` line."""
    lines = [line for line in stdout.splitlines() if line.startswith(TAG)]
    if len(lines) != 1:
        raise RuntimeError(f"the {label} run printed no {TAG.strip()} line:\n{stdout[-2000:]}")
    return json.loads(lines[0][len(TAG):])


def run_column(column: str, repeat: int) -> dict:
    """One column of the table: this file in a worker process."""
    worker = ["--worker", "--repeat", str(repeat)]
    env = {k: v for k, v in os.environ.items() if k != "QSEARCH_PURE"}
    if column == "pyodide":
        command = ["bash", str(ROOT / "tests" / "pyodide" / "run.sh"),
                   "--script", str(Path(__file__).resolve()), "--", *worker]
        env["PYTHON"] = sys.executable
    else:
        command = [sys.executable, str(Path(__file__).resolve()), *worker]
        if column == "pure":
            env["QSEARCH_PURE"] = "1"
    print(f"== {column}: {' '.join(command)}", file=sys.stderr, flush=True)
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"the {column} run failed (rc {done.returncode}):\n"
                           f"{done.stdout[-2000:]}\n{done.stderr[-2000:]}")
    result = read_result(done.stdout, column)
    if result["compiled"] != (column == "compiled"):
        raise RuntimeError(f"the {column} run ran compiled={result['compiled']}")
    return result


def same_work(columns: dict) -> None:
    """Every column searched the same tree (else the times are not comparable)."""
    for name in WORKLOADS:
        works = {column: result["timings"][name]["work"] for column, result in columns.items()}
        if len({json.dumps(w, sort_keys=True) for w in works.values()}) != 1:
            raise RuntimeError(f"{name}: the columns did different work: {works}")


def seconds_text(seconds: float) -> str:
    if seconds < 1:
        return f"{seconds * 1000:.1f} ms"
    return f"{seconds:.2f} s"


def machine_text() -> str:
    """The CPU, from /proc/cpuinfo where there is one."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return f"{line.split(':', 1)[1].strip()}, {os.cpu_count()} cores"
    except OSError:
        pass
    return f"{platform.machine()}, {os.cpu_count()} cores"


def node_version() -> str:
    done = subprocess.run(["node", "--version"], capture_output=True, text=True)
    return done.stdout.strip()


def peer_median(columns: dict, name: str) -> float | None:
    """The peer's median CPU time for ``name``, measured in turn with the pure search (the
    pure CPython column), else with the compiled one; None without a peer."""
    for key in ("pure", "compiled"):
        peer = columns.get(key, {}).get("timings", {}).get(name, {}).get("peer")
        if peer is not None:
            return peer["median"]
    return None


def load_text(columns: dict) -> str:
    """Each column's load average per core during its run (lowest-highest reading)."""
    parts = []
    for key, title in COLUMNS:
        span = columns.get(key, {}).get("load per core")
        if span:
            parts.append(f"{title} {span[0]:.2f}-{span[1]:.2f}")
    return ", ".join(parts) or "not available"


def table(columns: dict, repeat: int) -> str:
    """The markdown table of median CPU times, with the slowdowns and the peer's ratios."""
    head = ["search", *(title for key, title in COLUMNS if key in columns)]
    ratios = [("pure", "compiled", "pure / compiled"), ("pyodide", "pure", "Pyodide / pure")]
    head += [title for num, den, title in ratios if num in columns and den in columns]
    peers = {name: peer_median(columns, name) for name in WORKLOADS}
    with_peer = any(t is not None for t in peers.values())
    if with_peer:
        head += [f"{PEER} (same tree)", "pure / OpenSpiel", "OpenSpiel / compiled"]
    rows = ["| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
    for name in WORKLOADS:
        median = {column: result["timings"][name]["median"]
                  for column, result in columns.items()}
        nodes = columns["compiled"]["timings"][name]["work"]["nodes"]
        cells = [f"{name} ({nodes:,} nodes)"]
        cells += [seconds_text(median[key]) for key, _ in COLUMNS if key in columns]
        cells += [f"{median[num] / median[den]:,.1f}x" for num, den, _ in ratios
                  if num in columns and den in columns]
        if with_peer:
            peer = peers[name]
            cells += ["", "", ""] if peer is None else [
                seconds_text(peer),
                f"{median['pure'] / peer:,.1f}x" if "pure" in median else "",
                f"{peer / median['compiled']:,.1f}x"]
        rows.append("| " + " | ".join(cells) + " |")
    compiled = columns["compiled"]
    notes = [
        f"CPU times (process time of each worker), the median of {repeat} runs each, "
        f"measured {date.today().isoformat()} in one run of "
        "`python benchmarks/pure_speed.py` on one machine "
        f"({machine_text()}, shared with other jobs: the ratios are the point, not the "
        f"last digit; load average per core during each column's run: {load_text(columns)}).",
        f"compiled and pure CPython: Python {compiled['python']}"
        + (f"; Pyodide {columns['pyodide']['pyodide']} (Python {columns['pyodide']['python']}, "
           f"WebAssembly) under Node.js {node_version()}" if "pyodide" in columns else "")
        + ".",
        f"Connect-4: the position after moves `{CONNECT4_MOVES}` (x in column 4, o 4, x 5, "
        "o 3; notebook 10's), depth 8, document 001's `evaluation_table`, no table. MCTS: "
        "UCT from the empty board, seed 0. Tic-tac-toe solved: `alphabeta(TicTacToe(), None, "
        "tt=True)`, a draw; its compiled time is mostly the allocation of the default table "
        "(2^20 slots), where the pure table is a dict that fills as it goes.",
        "Every column searched the same nodes and found the same value and move "
        "(checked by the script).",
        f"Zero evaluation: alpha-beta with no evaluation (0 at the depth limit) on the four "
        "positions of `python -m qsearch bench --only search` (the empty board at depth 8, "
        "three mid-game positions at depth 10), node counts summed; "
        f"{PEER} is OpenSpiel's pure-Python search on its C++ `connect_four`, the same trees "
        "(leaf counts and values checked); its time is the one measured in turn with the "
        "pure search in the pure CPython run (`pure / OpenSpiel`: how much slower qsearch's "
        "pure mode is than it), and `OpenSpiel / compiled` divides it by the compiled "
        "median (the bench's `search` table gives that ratio per position, the two timed in "
        "turn).",
    ]
    return "\n".join(rows) + "\n\n" + "\n".join(f"- {n}" for n in notes) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3,
                        help="runs per search (the median is kept)")
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "pure_speed.md",
                        help="the markdown file to write")
    parser.add_argument("--no-pyodide", action="store_true",
                        help="leave out the Pyodide column (no Node.js here)")
    parser.add_argument("--worker", action="store_true",
                        help="time the searches in this interpreter, print one JSON line")
    args = parser.parse_args(argv)
    if args.repeat < 1:
        parser.error(f"--repeat must be at least 1, not {args.repeat}")
    if args.worker:
        print(TAG + json.dumps(time_workloads(args.repeat)), flush=True)
        return 0
    keys = [key for key, _ in COLUMNS if not (key == "pyodide" and args.no_pyodide)]
    columns = {key: run_column(key, args.repeat) for key in keys}
    same_work(columns)
    where = ("in pure Python under CPython (`QSEARCH_PURE=1`), and in pure Python inside "
             "Pyodide (WebAssembly) under Node.js" if "pyodide" in columns else
             "and in pure Python under CPython (`QSEARCH_PURE=1`; this run without the "
             "Pyodide column, `--no-pyodide`)")
    text = ("# What the no-install paths cost\n\n"
            f"The same four searches compiled, {where} (`benchmarks/pure_speed.py` wrote this "
            "file).\n\n" + table(columns, args.repeat))
    args.out.write_text(text)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
