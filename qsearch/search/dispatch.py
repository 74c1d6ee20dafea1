"""Every public search on any game: the compiled code for qsearch's engines, else the twin.

``qsearch.search.alphabeta(state, ...)`` runs the compiled core when ``state`` is one of
qsearch's engines (:class:`qsearch.games.Game`; in pure-Python mode, see :mod:`qsearch._mode`,
there is no compiled code and the twin always runs) and the readable twin of
:mod:`qsearch.reference` otherwise (a class's own game, an OpenSpiel state), with the same
arguments and the same :class:`~qsearch.core.results.SearchResult`; ``result.engine`` says
which ran (``"compiled"`` or ``"python"``). A game the search cannot play (chance nodes for
alpha-beta, hidden information, more than two players) is refused with a ValueError that
names the searches that can; a state missing a required method, with a TypeError naming it.

One table type, :class:`qsearch.search.TranspositionTable`, works on every game in both
builds: in pure-Python mode it is the twins' own table; in the compiled build a twin given
the compiled table searches with a :class:`~qsearch.reference._common.ReferenceTable` kept
with it (:func:`twin_table`), the same one every time that table is passed, so a table
shared across a game's moves keeps its entries on any game (and ``clear()`` empties both).
"""
from __future__ import annotations

import functools

from qsearch import _mode
from qsearch.core.checks import check_tt
from qsearch.games._game import Game
from qsearch.games.adapter import as_protocol_state
from qsearch.games.registry import require_searchable


def _needs_table_keys(name: str, state, kwargs, shown) -> None:
    tt = kwargs.get("tt")
    wants_table = tt not in (None, False) or (name == "iterative_deepening" and "tt" not in kwargs)
    if wants_table and not callable(getattr(state, "position_key", None)):
        if name == "iterative_deepening" and "tt" not in kwargs:
            kwargs["tt"] = None          # its default table needs keys this game lacks
            return
        raise ValueError(
            f"tt= needs state.position_key() (an int that identifies the position); "
            f"{type(shown).__name__} has none: add one, or search without a table")


def twin_table(tt):
    """What a twin searches with when given ``tt``: ``tt`` itself unless it is the compiled
    :class:`~qsearch.search.TranspositionTable` (which Python code cannot fill), for which
    it is that table's :meth:`~qsearch.search.TranspositionTable.twin`: a
    :class:`~qsearch.reference._common.ReferenceTable` of the same size kept with it, so that
    entries stored in one search answer the next one's probes, and ``table.clear()`` empties
    both."""
    from qsearch.reference._common import ReferenceTable

    tt = check_tt(tt)                   # a size in bits: 1 to 30, as the compiled table's
    if tt is None or isinstance(tt, (bool, int, ReferenceTable)):
        return tt
    from qsearch.search.tt import TranspositionTable

    if not isinstance(tt, TranspositionTable):
        return tt                       # the twin's own check names what it is
    return tt.twin()


def runs_compiled(state) -> bool:
    """True when the compiled core searches ``state``: one of qsearch's engines, and the
    compiled build running (in pure-Python mode every search is the twin)."""
    return _mode.COMPILED and isinstance(state, Game)


def on_any_game(name: str, compiled, twin):
    """``compiled`` for qsearch's engines, ``twin`` (on :func:`as_protocol_state`) otherwise."""

    @functools.wraps(compiled)
    def search(state, *args, **kwargs):
        if runs_compiled(state):
            result = compiled(state, *args, **kwargs)
            result.engine = "compiled"
            return result
        wrapped = as_protocol_state(state, name)
        require_searchable(state, name)
        _needs_table_keys(name, wrapped, kwargs, state)
        if "tt" in kwargs:
            kwargs["tt"] = twin_table(kwargs["tt"])
        result = twin(wrapped, *args, **kwargs)
        result.engine = "python"
        return result

    search.__doc__ = (compiled.__doc__ or "") + (
        "\n\nAny game: qsearch's engines run compiled; any other state that follows "
        ":class:`qsearch.games.GameProtocol` runs the readable twin "
        f"(``qsearch.reference``'s ``{twin.__name__}``); ``result.engine`` says which.")
    return search


def python_only(name: str, twin):
    """A search that exists only as readable Python (quiescence: its game is chess through
    python-chess): the same checks and ``result.engine == "python"`` on any game."""

    @functools.wraps(twin)
    def search(state, *args, **kwargs):
        wrapped = state if isinstance(state, Game) else as_protocol_state(state, name)
        require_searchable(state, name)
        result = twin(wrapped, *args, **kwargs)
        result.engine = "python"
        return result

    return search


__all__ = ["on_any_game", "python_only", "runs_compiled", "twin_table"]
