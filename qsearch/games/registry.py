"""Games by name, as ``pyspiel.load_game`` does: qsearch's engines, then any OpenSpiel game.

    >>> from qsearch.games import load, game_info
    >>> state = load("connect4")                       # qsearch's compiled engine
    >>> state = load("breakthrough(rows=5,columns=5)")  # OpenSpiel's (pip install open-spiel)
    >>> game_info(state).chance
    False

:func:`game_info` describes a state's game the way OpenSpiel's ``GameType`` does (players,
chance, zero-sum, utility bounds, longest game), so a search can refuse what it cannot do
(:func:`require_searchable`). qsearch's own games are the entries of
:mod:`qsearch.core.game_entries` (:data:`ENTRIES`, :func:`entry`); :func:`draw` draws a
position of any of them that has a drawing.
"""
from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Callable

from qsearch.core.drawing import draw
from qsearch.core.game_entries import ENTRIES, GameEntry, GameInfo, entry
from qsearch.i18n import _

# qsearch's own games: one entry each in qsearch.core.game_entries (names, factory, modules,
# drawing, tournaments...); the aliases are the other spellings people type.
_QSEARCH = {e.name: e for e in ENTRIES}
_ALIASES = {spelling: e.name for e in ENTRIES for alias in (e.name, *e.aliases)
            for spelling in {alias, alias.replace("_", "-")} if spelling != e.name}
_REGISTERED: dict[str, tuple[Callable, GameInfo]] = {}


def register(name: str, factory: Callable, info: GameInfo | None = None) -> None:
    """Make ``load(name)`` call ``factory(**params)`` (a class's own game, for instance)."""
    if not callable(factory):
        raise TypeError(f"factory must be callable, not {factory!r}")
    _REGISTERED[name] = (factory, info or GameInfo(name=name))


def import_game_module(spec: str) -> str:
    """Import the module ``spec`` names, running the ``register(...)`` calls in it, so that
    :func:`load` finds its games; returns the module's name.

    ``spec`` is a module name (``my_games``, ``course.games``) or a path to a ``.py`` file,
    imported by path under a name derived from the file's (``my-game.py``: ``my_game``).
    A module that cannot be imported is a ValueError naming it and why (its own error).
    """
    import importlib.util
    import os
    import sys

    if not isinstance(spec, str) or not spec.strip():
        raise TypeError(f"a game module is a module name or a path to a .py file, not {spec!r}")
    spec = spec.strip()
    is_path = spec.endswith(".py") or os.sep in spec or "/" in spec
    try:
        if not is_path:
            importlib.import_module(spec)
            return spec
        path = os.path.abspath(spec)
        if not os.path.isfile(path):
            raise ValueError(f"game module {spec!r}: no such file")
        stem = os.path.splitext(os.path.basename(path))[0]
        name = re.sub(r"\W", "_", stem)
        if not name or name[0].isdigit():
            name = "_" + name
        known = sys.modules.get(name)
        if known is not None:
            if os.path.abspath(getattr(known, "__file__", "") or "") == path:
                return name                     # imported already: registered already
            raise ValueError(f"game module {spec!r}: its name {name!r} is taken by another "
                             "module; rename the file")
        found = importlib.util.spec_from_file_location(name, path)
        module = importlib.util.module_from_spec(found)
        sys.modules[name] = module
        try:
            found.loader.exec_module(module)
        except BaseException:
            del sys.modules[name]
            raise
        return name
    except ValueError as err:
        if str(err).startswith("game module "):
            raise
        raise ValueError(f"cannot import game module {spec!r}: ValueError: {err}") from None
    except (Exception, SystemExit) as err:
        raise ValueError(f"cannot import game module {spec!r}: "
                         f"{type(err).__name__}: {err}") from None


def canonical_name(name: str) -> str:
    """``name`` with the spelling :func:`load` knows when underscores and hyphens are taken
    as the same (``quarto-own`` and ``quarto_own`` are both ``quarto_own``); a name qsearch
    does not know (an OpenSpiel string, an unknown game) comes back unchanged."""
    if not isinstance(name, str) or name.startswith("openspiel:"):
        return name
    match = _SPEC.match(name)
    if not match:
        return name
    base = match.group(1)
    known = set(_QSEARCH) | set(_REGISTERED)
    for candidate in (base, base.replace("-", "_")):
        key = _ALIASES.get(candidate, candidate)
        if key in known:
            return key + name[match.end(1):]
    return name


def names() -> list[str]:
    """qsearch's game names and the ones registered (OpenSpiel's are not listed here)."""
    return sorted(set(_QSEARCH) | set(_REGISTERED))


_SPEC = re.compile(r"^\s*([A-Za-z_][\w\-]*)\s*(?:\((.*)\))?\s*$")


def _parse(spec: str) -> tuple[str, dict]:
    """``"name(a=1,b=x)"`` -> ``("name", {"a": 1, "b": "x"})``."""
    match = _SPEC.match(spec)
    if not match:
        raise ValueError(f"malformed game string {spec!r}: expected name or name(key=value,...)")
    name, inside = match.group(1), match.group(2)
    params = {}
    for part in filter(None, (p.strip() for p in _split(inside or ""))):
        key, sep, value = part.partition("=")
        if not sep or not key.strip():
            raise ValueError(f"malformed parameter {part!r} in {spec!r}: expected key=value")
        params[key.strip()] = _value(value.strip())
    return name, params


def _split(text: str) -> list[str]:
    """``text`` cut at the commas outside brackets: ``"heaps=(1,3),x=2"`` -> two parts."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        depth += (ch in "([") - (ch in ")]")
        if ch == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    return parts + [text[start:]]


def _value(text: str):
    if len(text) >= 2 and text[0] in "([" and text[-1] in ")]":    # a tuple: heaps=(1,3,5)
        return tuple(_value(p.strip()) for p in _split(text[1:-1]) if p.strip())
    for convert in (int, float):
        try:
            return convert(text)
        except ValueError:
            pass
    return {"true": True, "false": False}.get(text.lower(), text)


def load(name: str, **params):
    """The initial state of the game called ``name``, with ``params`` (or ``name(k=v,...)``).

    qsearch's engines first (:func:`names`), then games added with :func:`register`, then
    OpenSpiel's (``pyspiel.load_game``), when OpenSpiel is installed; ``"openspiel:NAME"``
    asks OpenSpiel even where qsearch has a game of that name (``"openspiel:tic_tac_toe"``).
    """
    if not isinstance(name, str):
        raise TypeError(f"a game name is a string, not {type(name).__name__}")
    if name.startswith("openspiel:"):
        base, parsed = _parse(name[len("openspiel:"):])
        parsed.update(params)
        return _load_openspiel(base, parsed)
    base, parsed = _parse(name)
    parsed.update(params)
    key = _ALIASES.get(base, base)
    if key in _REGISTERED:
        return _REGISTERED[key][0](**parsed)
    if key in _QSEARCH:
        entry = _QSEARCH[key]
        unknown = sorted(set(parsed) - set(entry.params))
        if unknown:
            takes = ", ".join(entry.params) or "no parameters"
            raise ValueError(f"{key} does not take {', '.join(unknown)} (it takes {takes})")
        return _factory(entry)(**parsed)
    return _load_openspiel(base, parsed)


def _how_to_get_openspiel() -> str:
    if sys.platform == "emscripten":
        return _("OpenSpiel has no build for the browser (Pyodide)")
    return _("pip install open-spiel; from a clone, pip install './qsearch[openspiel]'")


def openspiel_installed(say_why: bool = False) -> bool:
    """True when OpenSpiel (``pyspiel``) imports. Without it, and with ``say_why``, one printed
    line says so and how to get it: a lesson's OpenSpiel cell runs its code under
    ``if openspiel_installed(say_why=True):`` and steps aside, with no traceback, where
    OpenSpiel is missing (it is not in the ``lessons`` extra, nor in the browser)."""
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        if say_why:
            print(_("This cell needs OpenSpiel, which is not installed ({how}): skipped.")
                  .format(how=_how_to_get_openspiel()))
        return False
    return True


def _load_openspiel(base: str, params: dict):
    try:
        import pyspiel
    except ImportError:
        raise ValueError(_(
            "unknown game {name}: qsearch's games are {games}; other names are looked up in "
            "OpenSpiel, which is not installed ({how})").format(
                name=repr(base), games=", ".join(names()), how=_how_to_get_openspiel())
            ) from None
    if base not in pyspiel.registered_names():
        raise ValueError(_("unknown game {name}: neither qsearch's ({games}) nor OpenSpiel's "
                           "(pyspiel.registered_names())").format(name=repr(base),
                                                                  games=", ".join(names())))
    try:
        game = pyspiel.load_game(base, params) if params else pyspiel.load_game(base)
    except pyspiel.SpielError as error:
        raise ValueError(f"OpenSpiel refused {base}{params or ''}: {error}") from None
    return game.new_initial_state()


def game_info(state) -> GameInfo:
    """What is known of ``state``'s game: from qsearch's table, OpenSpiel's game type, or
    assumed for a class's own game (two players, zero-sum, no chance: a search meeting a chance
    node it cannot weigh then stops with a ValueError)."""
    for known in _QSEARCH.values():
        if type(state) is _factory(known):
            return known.info
    for factory, info in _REGISTERED.values():
        if isinstance(factory, type) and isinstance(state, factory):
            return info
    get_game = getattr(state, "get_game", None)
    if get_game is not None:
        return _openspiel_info(get_game())
    # A class's own game says nothing of itself: it is taken as deterministic (a search that
    # cannot weigh chance stops with a clear error at the first chance node it meets).
    name = getattr(state, "name", None) or type(state).__name__
    return GameInfo(name=str(name), chance=False, min_utility=None, max_utility=None)


def _factory(entry: GameEntry):
    module, attr = entry.factory.split(":")
    return getattr(importlib.import_module(module), attr)


def _openspiel_info(game) -> GameInfo:
    import pyspiel
    kind = game.get_type()
    return GameInfo(
        name=str(game),
        players=game.num_players(),
        chance=kind.chance_mode != pyspiel.GameType.ChanceMode.DETERMINISTIC,
        zero_sum=kind.utility in (pyspiel.GameType.Utility.ZERO_SUM,
                                  pyspiel.GameType.Utility.CONSTANT_SUM),
        perfect_information=kind.information == pyspiel.GameType.Information.PERFECT_INFORMATION
        and kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL,
        min_utility=game.min_utility(),
        max_utility=game.max_utility(),
        max_length=game.max_game_length(),
        source="openspiel",
    )


CHANCE_SEARCHES = ("expectiminimax", "mcts")
TWO_PLAYER_SEARCHES = ("minimax", "negamax", "alphabeta", "pvs", "iterative_deepening",
                       "limited_minimax", "quiescence")


def require_searchable(state, search: str) -> GameInfo:
    """The game's :class:`GameInfo`; a clear ValueError when ``search`` cannot play it."""
    info = game_info(state)
    if not info.perfect_information:
        raise ValueError(_("{search} needs a game of perfect information with sequential "
                           "moves; {game} is not (OpenSpiel's own algorithms, e.g. CFR or "
                           "ISMCTS, handle such games)").format(search=search, game=info.name))
    if info.players != 2:
        raise ValueError(_("{search} searches two-player games; {game} has {players} players")
                         .format(search=search, game=info.name, players=info.players))
    if info.chance and search in TWO_PLAYER_SEARCHES:
        raise ValueError(_("{game} has chance nodes, which {search} cannot search: use "
                           "expectiminimax or mcts").format(game=info.name, search=search))
    return info


__all__ = ["ENTRIES", "GameEntry", "GameInfo", "canonical_name", "draw", "entry", "game_info",
           "import_game_module", "load", "names", "openspiel_installed", "register",
           "require_searchable"]
