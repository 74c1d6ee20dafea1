"""What a league plays and where it writes it: the game, the pairs, colours, openings and
seeds of every game, and the resumable records file.

* :class:`GameSpec`: the game as text that crosses to the agents' processes: a name for
  :func:`qsearch.games.load` (qsearch's games, OpenSpiel's strings, registered games), with
  an importable ``module`` imported first in every process (a class's own game registers
  itself there), or an importable factory ``"module:callable"``.
* :func:`openings`: the tournaments' starting positions (:mod:`qsearch.arena.positions`) as
  action histories where the game has them (Connect-4, Reversi, hypergammon), else the
  initial state.
* :func:`fixtures`: every game of a round robin. Game ``g`` of the pair (A, B) (ids in
  order) has A in seat ``g % 2`` and opening ``(g // 2) % len(openings)`` (each opening with
  both colours), seed ``game_seed(seed, "A/B/g")``: fixed by the names, not by the order
  games are played in or by the other entries.
* ``games.jsonl``: a header ``{"league": settings}``, then one line per finished game, written
  as it finishes. :func:`read_records` skips a line cut by a kill (that game is played again)
  and records of an agent whose file changed since; a file of other settings is refused.
"""
from __future__ import annotations

import importlib
import json
import math
import re
from dataclasses import asdict, dataclass
from pathlib import Path

from qsearch.arena.match import game_seed
from qsearch.games import protocol as P

RECORDS = "games.jsonl"
FACTORY = re.compile(r"^[A-Za-z_][\w.]*:[A-Za-z_][\w.]*$")     # module:Class
VERSION = 2                 # bump when the record format or a rule of play changes


@dataclass(frozen=True)
class GameSpec:
    """A game every process can build: ``load(name)`` after importing ``module``, or
    ``module:callable()`` when ``factory`` is true."""

    name: str
    module: str | None = None
    factory: bool = False

    def new_state(self):
        """The game's initial state, built here."""
        if self.module:
            importlib.import_module(self.module)
        if self.factory:
            module, _, attr = self.name.partition(":")
            obj = importlib.import_module(module)
            for part in attr.split("."):
                obj = getattr(obj, part)
            return obj()
        from qsearch.games.registry import load

        return load(self.name)

    def start(self, opening) -> object:
        """The initial state with the actions of ``opening`` applied."""
        state = self.new_state()
        for action in opening:
            state.apply_action(action)
        return state

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> GameSpec:
        return cls(**data)

    def __str__(self) -> str:
        return self.name


def resolve_game(game, module: str | None = None) -> GameSpec:
    """``game`` (a load name, ``"module:Class"``, a :class:`GameSpec`, or an importable game
    class or function) as a :class:`GameSpec`, checked here: a two-player game of the
    protocol.

    A game registered with :func:`qsearch.games.register` crosses when its factory lives in
    an importable module (found by itself); one defined in a notebook cell does not: put it
    in a file whose import registers it and pass ``module``.
    """
    if isinstance(game, GameSpec):
        spec = game
    elif isinstance(game, str) and FACTORY.match(game) and not game.startswith("openspiel:"):
        spec = GameSpec(game, module, factory=True)       # "module:Class"
    elif isinstance(game, str):
        spec = GameSpec(game, module or _registering_module(game))
    elif callable(game):
        where = getattr(game, "__module__", None)
        qualname = getattr(game, "__qualname__", "")
        if where in (None, "__main__") or "<" in qualname:
            raise ValueError(f"{qualname or game!r} is defined in a notebook or script "
                             "(__main__), which the agents' processes cannot import: put it "
                             "in a module file and pass the class from there")
        spec = GameSpec(f"{where}:{qualname}", module, factory=True)
    else:
        raise TypeError(f"a league's game is a name for qsearch.games.load or a game class, "
                        f"not {game!r}")
    state = spec.new_state()
    P.check_protocol(state, "a league")
    from qsearch.games.registry import game_info

    players = game_info(state).players
    if players != 2:
        raise ValueError(f"a league plays two-player games; {spec.name} has {players}")
    return spec


def _registering_module(name: str) -> str | None:
    """The module whose factory ``register`` put under ``name`` (so the agents' processes can
    import it), None for games qsearch and OpenSpiel know by themselves."""
    from qsearch.games import registry

    base = name.split("(")[0].strip()
    entry = registry._REGISTERED.get(base)      # the registry keeps no public accessor
    if entry is None:
        return None
    where = getattr(entry[0], "__module__", None)
    if where in (None, "__main__"):
        raise ValueError(
            f"the game {base!r} was registered from a notebook or script (__main__), which "
            "the agents' processes cannot import: put the class in a module file that calls "
            "register() when imported, and pass module='that_module' (CLI: --game-module)")
    return where


def openings(spec: GameSpec, count: int) -> list[list[int]]:
    """Up to ``count`` starting positions as action histories from the initial state: the
    initial state, then the tournaments' positions 2, 3, ... of :mod:`qsearch.arena.positions`
    that replay exactly from :func:`qsearch.games.load` (Connect-4, Reversi, hypergammon);
    the initial state alone for any other game."""
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise ValueError(f"count must be an int >= 1, not {count!r}")
    out: list[list[int]] = [[]]
    from qsearch.arena.positions import GAMES, position

    if spec.module or spec.factory or spec.name not in GAMES:
        return out
    for number in range(2, 11):
        if len(out) >= count:
            break
        target = position(spec.name, number)
        history = [int(a) for a in target.history()]
        again = spec.start(history)
        if again == target and str(again) == str(target):
            out.append(history)
    return out


def openings_needed(games_per_pair: int) -> int:
    """Openings a pair plays: one per two games (both colours), at most ten."""
    return max(1, min(10, math.ceil(games_per_pair / 2)))


# --------------------------------------------------------------------------- fixtures
@dataclass(frozen=True)
class Fixture:
    """One game of the league: agents ``a`` < ``b`` (ids), game number ``g`` of the pair."""

    a: str
    b: str
    g: int

    @property
    def key(self) -> tuple[str, str, int]:
        return (self.a, self.b, self.g)

    @property
    def a_seat(self) -> int:
        """A's seat: 0 (moves first) in even games, 1 in odd ones."""
        return self.g % 2

    def opening(self, count: int) -> int:
        """The index of this game's opening among ``count``."""
        return (self.g // 2) % count

    def seed(self, league_seed: int) -> int:
        """The game's seed: fixed by the league's seed and the names."""
        return game_seed(league_seed, f"{self.a}/{self.b}/{self.g}")


def pairings(ids, focus: str | None = None) -> list[tuple[str, str]]:
    """Every pair of ``ids`` (sorted within and between pairs); with ``focus``, only the pairs
    that include it (a gauntlet)."""
    ids = sorted(ids)
    if len(set(ids)) != len(ids):
        raise ValueError(f"agent ids must be unique: {ids}")
    if focus is not None and focus not in ids:
        raise ValueError(f"{focus!r} is not an agent of this league ({', '.join(ids)})")
    return [(a, b) for i, a in enumerate(ids) for b in ids[i + 1:]
            if focus is None or focus in (a, b)]


def fixtures(ids, games_per_pair: int, focus: str | None = None) -> list[Fixture]:
    """Every game, pair by pair (the order tasks are sent in: one agent's games together)."""
    if isinstance(games_per_pair, bool) or not isinstance(games_per_pair, int) \
            or games_per_pair < 1:
        raise ValueError(f"games_per_pair must be an int >= 1, not {games_per_pair!r}")
    return [Fixture(a, b, g) for a, b in pairings(ids, focus) for g in range(games_per_pair)]


def round_order(ids) -> dict[tuple[str, str], int]:
    """The round of every pair in a round robin by the circle method (each agent plays once a
    round): the order the sequential Elo reads the games in."""
    ids = sorted(ids)
    ring = ids + ([None] if len(ids) % 2 else [])
    n, rounds = len(ring), {}
    for r in range(n - 1):
        for i in range(n // 2):
            a, b = ring[i], ring[n - 1 - i]
            if a is not None and b is not None:
                rounds[tuple(sorted((a, b)))] = r
        ring = [ring[0], ring[-1], *ring[1:-1]]
    return rounds


# --------------------------------------------------------------------------- records
def read_header(path) -> dict | None:
    """The settings on the first line of ``path`` (None for a missing or empty file); a
    ValueError when that line is not a whole league header."""
    path = Path(path)
    if not path.exists() or path.stat().st_size == 0:
        return None
    with path.open() as f:
        first = f.readline()
    try:
        header = json.loads(first)["league"]
        if not isinstance(header, dict):
            raise TypeError
    except (json.JSONDecodeError, KeyError, TypeError):
        raise ValueError(f"{path} does not start with a league header ({{\"league\": "
                         "settings}}): it may be cut or not a league's records; nothing was "
                         "read or written: move it away or use another folder") from None
    return header


def read_records(path, settings: dict | None = None, digests: dict | None = None):
    """``(records, stale)``: the finished games of ``path`` keyed by ``(a, b, g)``, and how
    many lines were left out because an agent's file changed (``digests``: id -> sha256).

    A line cut short by a kill is skipped (the game is played again); a header of other
    ``settings`` is a ValueError naming what differs.
    """
    path = Path(path)
    header = read_header(path)
    if header is None:
        return {}, 0
    if settings is not None and header != settings:
        diff = sorted(k for k in set(settings) | set(header) if header.get(k) != settings.get(k))
        raise ValueError(f"{path} holds a league with other settings ({', '.join(diff)}); "
                         "use another folder or move the file away")
    done, stale = {}, 0
    with path.open() as f:
        f.readline()
        for line in f:
            try:
                item = json.loads(line)
            except json.JSONDecodeError:
                continue
            if not isinstance(item, dict) or "actions" not in item:
                continue
            if digests is not None and (digests.get(item["a"]) != item["digests"][0]
                                        or digests.get(item["b"]) != item["digests"][1]):
                stale += 1
                continue
            done[(item["a"], item["b"], item["g"])] = item
    return done, stale


class RecordWriter:
    """Appends finished games to a records file (the header first when it is new; a line
    cut by a kill is ended first so the next record starts on its own line), each signed
    with ``key`` when one is given (:mod:`qsearch.league.signing`)."""

    def __init__(self, path, settings: dict, key: bytes | None = None):
        self.settings, self.key = settings, key
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fresh = not self.path.exists() or self.path.stat().st_size == 0
        cut = not fresh and not self.path.read_bytes().endswith(b"\n")
        self.file = self.path.open("a")
        if cut:
            self.file.write("\n")
        if fresh:
            self.file.write(json.dumps({"league": settings}) + "\n")
        self.file.flush()

    def write(self, records) -> None:
        """Append ``records`` (dicts) and flush."""
        from qsearch.league.signing import signed

        for record in records:
            if self.key is not None:
                record = signed(record, self.settings, self.key)
            self.file.write(json.dumps(record) + "\n")
        self.file.flush()

    def close(self) -> None:
        self.file.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
