"""The words and numbers of the bench tables in the language in use (:mod:`qsearch.i18n`).

A table's rows keep English keys (code reads them: ``row["median time"]``, and
:func:`qsearch.core.tables.markdown` formats a column whose name says ``time`` as seconds);
:func:`table` writes the header line in the language in use, every column being one of
:data:`COLUMNS`. The cells a bench module writes itself as text go through :func:`agreement`
(yes / NO), :func:`significant` and :func:`qsearch.i18n.number` / ``percent``. In English
everything is byte-identical to what the tables always printed.
"""
from __future__ import annotations

from qsearch.core.tables import markdown
from qsearch.i18n import _, general

# Every column of qsearch's bench tables (the rows' keys), English; each has its Spanish in
# the package catalogue (tests/test_i18n_catalogue.py reads them from here).
COLUMNS = (
    # shared
    "load/core", "position", "depth", "nodes", "leaves", "value", "score", "search", "game",
    "games", "n", "time", "CPU time", "runs", "compiled time", "compiled runs",
    "compiled Mn/s", "twin time", "twin kn/s", "x twin", "x faster", "x", "games/s",
    "Mnodes/s", "positions", "median time",
    # connect4
    "all-Python kn/s", "x all-Python", "OpenSpiel kn/s", "x OpenSpiel", "set", "mean time",
    "max time", "mean nodes", "ns/node", "scores", "our time", "our runs", "our nodes",
    "Pons time", "x Pons", "Pons start-up time", "Pons nodes", "nodes ours/Pons", "solve",
    "our score", "Pons score",
    # connect4_heuristics
    "heuristic", "compiled Meval/s", "twin keval/s", "lean Python keval/s", "x lean Python",
    "order", "column",
    # expectiminimax
    "evaluation", "nodes are", "us/node", "ours faster, whole search", "ours faster per node",
    "evaluation's share", "same value", "same play", "depth (player moves)", "pruning",
    "nodes without", "node saving", "time without", "same value and play",
    # game
    "engine", "nodes/s", "slower",
    # mcts_reversi
    "peer", "simulations (each side)", "peer CPU time", "peer simulations/s",
    "compiled CPU time", "compiled simulations/s", "x peer", "moves (peer, ours)", "perft",
    "leaves/s", "CPU time (compiled)", "CPU time (OpenSpiel Python)", "OpenSpiel leaves",
    "same tree",
    # parcheckers
    "after move", "children", "best of", "moves/s",
    # quarto
    "implementation", "source", "x our Python transliteration", "x document's R",
    # quarto_solver
    "pieces placed", "win / draw / loss (mover)", "median nodes", "max nodes",
    "same nodes in twin",
    # quiescence
    "ab move", "ab value", "ab nodes", "ab time", "ab+qs move", "ab+qs value", "ab+qs nodes",
    "ab+qs time",
    # search_core
    "specialised Mn/s", "generic Mn/s", "perft Mn/s (depth)", "specialised / perft",
    "generic / perft",
    # tournaments
    "table", "player", "document s/move", "ours s/move",
)


def headers() -> dict[str, str]:
    """Every column of :data:`COLUMNS` -> its header in the language in use."""
    return {column: _(column) for column in COLUMNS}


def table(rows: list[dict]) -> str:
    """:func:`qsearch.core.tables.markdown` of ``rows``, its header line in the language in
    use (a column not in :data:`COLUMNS` keeps its key); the cells are markdown's."""
    text = markdown(rows)
    if not rows:
        return text
    head, rest = text.split("\n", 1)
    words = headers()
    keys = head[len("| "):-len(" |")].split(" | ")     # markdown's "| a | b |"
    return "| " + " | ".join(words.get(k, k) for k in keys) + " |\n" + rest


def agreement(same: bool) -> str:
    """A check's cell: ``yes`` when it holds, ``NO`` (loud) when it does not."""
    return _("yes") if same else _("NO")


def significant(value: float, digits: int) -> str:
    """``value`` to ``digits`` significant digits: Python's ``format(value, ".{digits}g")``,
    its decimal point the language's (``0,0123`` in Spanish; :func:`qsearch.i18n.general`)."""
    return general(value, digits)


__all__ = ["COLUMNS", "agreement", "headers", "significant", "table"]
