"""qsearch's games, one entry each: everything the project knows about a game, as plain data.

An entry names its game's factory, its compiled modules (each a ``.pyx`` with a pure ``.py``
stand-in beside it), its readable twin, its drawing, its heuristics, what the tournaments of
document 002 and the leagues start from, and the positions the differential suite searches.
Code, drawings and classes are named by ``"module:name"`` strings and imported only when
used, so this module imports nothing of qsearch: :mod:`qsearch._mode` reads the compiled
modules from it before any game is imported, and a twin draws itself through it
(:mod:`qsearch.core.drawing`) without importing the drawing code.

Everything else is derived from :data:`ENTRIES`: :func:`qsearch.games.load` and
:func:`~qsearch.games.names`, the list of compiled modules, ``bench --game`` and the command
line's game list, the contract, lockstep and pure-mode tests, the tournaments' starting
positions (:mod:`qsearch.arena.positions`). ``tests/test_registry.py`` names the missing piece
of any entry. docs/ADDING_A_GAME.md §2 says what a new game's entry holds.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class GameInfo:
    """What a search needs to know about a game before it starts."""

    name: str
    players: int = 2
    chance: bool = False
    zero_sum: bool = True
    perfect_information: bool = True
    min_utility: float | None = -1.0
    max_utility: float | None = 1.0
    max_length: int | None = None
    source: str = "python"          # "qsearch", "openspiel" or "python" (a class's own game)


@dataclass(frozen=True)
class Tournament:
    """How document 002's tournaments (and a league's openings) play the game: the seat to
    move in positions 1-10, the rule that generates positions 2-10, and the players."""

    to_move: tuple[int, ...]            # the seat to move in positions 1-10 (the document's)
    plies: tuple[int, ...]              # random plies a generated position may have
    balance: tuple                      # ("search", depth, within) | ("race", within)
    heuristic: str                      # "module:name" of the searches' evaluator
    searches: tuple[str, ...]           # spec prefixes of its searching players ("ab", "em")
    colours: tuple[str, str]            # (seat 1's colour, seat 0's) in the document's words
    order: tuple[int, ...] | None = None    # alpha-beta's move order (None: the game's)
    rolls: bool = False                 # dice: a roll (a chance node) starts every turn
    rate_iterations: int = 2000         # MCTS iterations the calibration times
    pass_action: int | None = None      # a position whose only move is this one is skipped
    start: tuple = ()                   # (classmethod, args, kwargs) of position 1; () = load
    # The attempt each of positions 1-10 was kept at (arena.positions.attempts prints it):
    # the positions are then generated without the balance searches, which take minutes in
    # pure Python (Connect-4's is alpha-beta at depth 8). tests/test_arena_positions.py
    # searches them again and compares; () = search every time.
    kept: tuple[int, ...] = ()


@dataclass(frozen=True)
class Oracle:
    """The positions the differential suite (tests/oracle) searches: ``plies`` (lo, hi)
    seeded random actions from ``start`` (a name for load), then a search of ``depth``."""

    start: str
    plies: tuple[int, int]
    depth: int


@dataclass(frozen=True)
class GameEntry:
    """One game: its names, how it is made, built, drawn, evaluated, played and tested."""

    name: str
    factory: str                        # "module:callable" that load(name) calls
    info: GameInfo
    params: tuple[str, ...] = ()        # keyword parameters the factory takes
    aliases: tuple[str, ...] = ()       # other spellings people type
    compiled: tuple[str, ...] = ()      # its compiled modules (each .pyx has a .py stand-in)
    twin: str | None = None             # "module:Class", the readable twin of the engine
    drawing: str | None = None          # "module:function(state, **options) -> SVG"
    heuristics: tuple[str, ...] = ()    # "module:name" of its evaluators
    lockstep: int = 0                   # random games the twin plays beside the engine
    tournament: Tournament | None = None
    oracle: Oracle | None = None

    @property
    def standins(self) -> tuple[str, ...]:
        """The pure stand-ins: ``qsearch/x/y.py`` beside each ``qsearch/x/y.pyx``."""
        return self.compiled


def _qsearch(name, **kw) -> GameInfo:
    return GameInfo(name=name, source="qsearch", **kw)


_QUARTO = ("qsearch.games.quarto", "qsearch.heuristics.quarto", "qsearch.search.quarto_ab",
           "qsearch.search.quarto_solver", "qsearch.search.quarto_verifier")

ENTRIES: tuple[GameEntry, ...] = (
    GameEntry(
        "tictactoe", "qsearch.games.tictactoe:TicTacToe", _qsearch("tictactoe", max_length=9),
        aliases=("tic_tac_toe",), compiled=("qsearch.games.tictactoe",),
        twin="qsearch.reference.tictactoe:PyTicTacToe",
        drawing="qsearch.viz.boards:tictactoe_svg", lockstep=60,
        oracle=Oracle("tictactoe", (0, 6), 5)),
    GameEntry(
        "connect4", "qsearch.games.connect4:Connect4", _qsearch("connect4", max_length=42),
        aliases=("connect_four",),
        compiled=("qsearch.games.connect4", "qsearch.heuristics.connect4",
                  "qsearch.search.connect4_solver"),
        twin="qsearch.reference.connect4:PyConnect4",
        drawing="qsearch.viz.boards:connect4_svg",
        heuristics=tuple(f"qsearch.heuristics.connect4:{h}" for h in (
            "evaluation_table", "potential_lines", "book_rules", "line_weights")),
        lockstep=30,
        tournament=Tournament(
            to_move=(0, 1, 1, 1, 1, 1, 1, 0, 0, 1), plies=(3, 4, 5, 6, 7, 8),
            balance=("search", 8, 1.0), heuristic="qsearch.heuristics.connect4:line_weights",
            searches=("ab",), colours=("white", "red"), order=(3, 2, 4, 1, 5, 0, 6),
            kept=(0, 1, 4, 0, 1, 1, 1, 2, 0, 3)),
        oracle=Oracle("connect4", (4, 30), 4)),
    GameEntry(
        "quarto", "qsearch.games.quarto:Quarto", _qsearch("quarto", max_length=32),
        compiled=_QUARTO, twin="qsearch.reference.quarto:PyQuarto",
        drawing="qsearch.viz.quarto_svg:quarto_svg",
        heuristics=("qsearch.heuristics.quarto:line_credit",), lockstep=20,
        oracle=Oracle("quarto", (18, 24), 3)),
    GameEntry(
        "quarto_own", "qsearch.games.quarto:OwnPieceQuarto",
        _qsearch("quarto_own", max_length=16), aliases=("quarto_own_piece",),
        compiled=_QUARTO, twin="qsearch.reference.quarto:PyOwnPieceQuarto",
        drawing="qsearch.viz.quarto_svg:quarto_svg",
        heuristics=("qsearch.heuristics.quarto:line_credit",), lockstep=20,
        oracle=Oracle("quarto_own", (8, 12), 2)),
    GameEntry(
        "reversi", "qsearch.games.reversi:Reversi", _qsearch("reversi", max_length=128),
        aliases=("othello",), compiled=("qsearch.games.reversi", "qsearch.heuristics.reversi"),
        twin="qsearch.reference.reversi:PyReversi",
        drawing="qsearch.viz.reversi_svg:reversi_svg",
        heuristics=("qsearch.heuristics.reversi:disc_difference",), lockstep=3,
        tournament=Tournament(
            to_move=(0,) * 10, plies=(4, 6, 8, 10), balance=("search", 6, 4.0),
            heuristic="qsearch.heuristics.reversi:disc_difference", searches=("ab",),
            colours=("white", "black"), pass_action=64, kept=(0,) * 10),
        oracle=Oracle("reversi", (0, 40), 3)),
    GameEntry(
        "hypergammon", "qsearch.games.hypergammon:Hypergammon",
        _qsearch("hypergammon", chance=True), params=("max_turns",),
        compiled=("qsearch.games.hypergammon", "qsearch.heuristics.hypergammon"),
        twin="qsearch.reference.hypergammon:PyHypergammon",
        drawing="qsearch.viz.hypergammon_svg:hypergammon_svg",
        heuristics=("qsearch.heuristics.hypergammon:pip_race",), lockstep=3,
        tournament=Tournament(
            to_move=(0,) * 7 + (1,) * 3, plies=(6, 8, 10, 12), balance=("race", 10),
            heuristic="qsearch.heuristics.hypergammon:pip_race", searches=("em", "eml"),
            colours=("white", "black"), rolls=True, rate_iterations=200,
            start=("from_points", ([24, 23, 22], [24, 23, 22]), {"to_move": 0}),
            kept=(0, 7, 21, 0, 6, 0, 6, 0, 3, 8)),
        oracle=Oracle("hypergammon", (0, 20), 2)),
    GameEntry(
        "parcheckers", "qsearch.games.parcheckers:ParCheckers", _qsearch("parcheckers"),
        compiled=("qsearch.games.parcheckers", "qsearch.heuristics.parcheckers"),
        twin="qsearch.reference.parcheckers:PyParCheckers",
        drawing="qsearch.viz.parcheckers_svg:parcheckers_svg",
        heuristics=("qsearch.heuristics.parcheckers:valoracion_test",), lockstep=1,
        oracle=Oracle("parcheckers", (0, 30), 2)),
    GameEntry(
        "pig", "qsearch.games.pig:Pig", _qsearch("pig", chance=True),
        params=("win_score", "faces", "horizon"), compiled=("qsearch.games.pig",),
        twin="qsearch.reference.pig:PyPig", lockstep=10,
        oracle=Oracle("pig(win_score=8,faces=3)", (0, 12), 4)),
    GameEntry(
        "nim", "qsearch.games.nim:Nim", GameInfo("nim"), params=("heaps",),
        oracle=Oracle("nim(heaps=(1,2,3))", (0, 3), 6)),
    GameEntry(
        "extra_turn_nim", "qsearch.games.nim:ExtraTurnNim", GameInfo("extra_turn_nim"),
        params=("heaps",)),
)

# Compiled modules that belong to no one game: the base type and the toy trees of the
# lessons, the heuristics' base, the searches and their plumbing.
SHARED_COMPILED: tuple[str, ...] = (
    "qsearch.games._game", "qsearch.games.toytree", "qsearch.heuristics._heuristic",
    "qsearch.search._engine", "qsearch.search.expectiminimax", "qsearch.search.limited_minimax",
    "qsearch.search.mcts", "qsearch.search.plumbing", "qsearch.search.tree_stats",
    "qsearch.search.tt",
)


def compiled_modules(entries=ENTRIES) -> tuple[str, ...]:
    """Every compiled module: the shared ones, then each entry's, sorted, each once."""
    names = set(SHARED_COMPILED)
    for entry in entries:
        names.update(entry.compiled)
    return tuple(sorted(names))


def entry(name: str) -> GameEntry:
    """The entry called ``name`` (or one of its aliases); ValueError naming the games."""
    for candidate in ENTRIES:
        if name == candidate.name or name in candidate.aliases:
            return candidate
    raise ValueError(f"unknown game {name!r}; qsearch's games are "
                     f"{', '.join(e.name for e in ENTRIES)}")


def entry_of_class(cls: type) -> GameEntry | None:
    """The entry whose engine (compiled, stand-in or twin) ``cls`` is or derives from."""
    for klass in getattr(cls, "__mro__", ()):
        key = f"{klass.__module__}:{klass.__qualname__}"
        for candidate in ENTRIES:
            if key in (candidate.factory, candidate.twin):
                return candidate
    return None


def tournament_games() -> dict[str, GameEntry]:
    """The entries document 002's tournaments play, by name."""
    return {e.name: e for e in ENTRIES if e.tournament is not None}
