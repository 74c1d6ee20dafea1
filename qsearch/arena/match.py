"""One game (:func:`play_game`) and many (:func:`match`), reproducible game by game."""
from __future__ import annotations

import hashlib
import json
import os
import random
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path

from qsearch.arena.players import player_name
from qsearch.arena.stats import wilson_interval
from qsearch.games import protocol as P
from qsearch.i18n import _

CHUNK = 8           # games per task sent to an executor: large enough to amortise pickling


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a match seeded ``seed`` (a stable 63-bit hash).

    Independent of the process, the platform and PYTHONHASHSEED, so any worker that plays
    game ``index`` plays the same game.
    """
    digest = hashlib.sha256(f"qsearch.arena:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "little") >> 1


@dataclass
class GameRecord:
    """One finished game.

    ``actions``: every action in order (chance outcomes included); ``returns``: per-player
    returns at the end (seat 0 first); ``winner``: 0, 1, or None for a draw; ``plies``: the
    number of actions; ``nodes``: nodes searched by each seat (0 for players that do not
    search). In a match, ``index`` is the game's number and ``a_seat`` the seat player A
    had (0: A moved first).
    """

    actions: list[int]
    returns: list[float]
    winner: int | None
    plies: int
    seed: int
    nodes: list[int] = field(default_factory=lambda: [0, 0])
    index: int | None = None
    a_seat: int | None = None

    @property
    def a_result(self) -> float:
        """Player A's result: 1 win, 0.5 draw, 0 loss (match records only)."""
        if self.winner is None:
            return 0.5
        return 1.0 if self.winner == self.a_seat else 0.0


def new_state(game):
    """A fresh start state from ``game``: a state (cloned), a factory (a class or a function of
    no arguments) or a name for :func:`qsearch.games.load`; a TypeError when the result is
    not a game state (:func:`qsearch.games.protocol.check_protocol`)."""
    if isinstance(game, str):
        from qsearch.games.registry import load

        state = load(game)
    elif not isinstance(game, type) and callable(getattr(game, "clone", None)):
        state = game.clone()
    elif callable(game):
        state = game()
    else:
        raise TypeError(f"a game is a state, a factory or a name for qsearch.games.load, "
                        f"not {game!r}")
    P.check_protocol(state, "the arena")
    return state


def play_game(state, players: Sequence[Callable], seed: int = 0) -> GameRecord:
    """Play ``players[0]`` (seat 0) against ``players[1]`` from ``state`` to the end.

    ``state``: any game state (:class:`qsearch.games.GameProtocol`: chance nodes and
    turns that do not alternate are fine), a factory or a name for
    :func:`qsearch.games.load` (see :func:`new_state`). A given state is not modified (the
    game is played on a clone). Each seat gets its own ``random.Random`` derived from
    ``seed``, chance nodes a third one, so one player's use of randomness never changes the
    other's. An illegal action from a player raises the game's ``IllegalMoveError`` naming
    the player.
    """
    if len(players) != 2:
        raise ValueError(f"need two players (seat 0, seat 1), not {len(players)}")
    for p in players:
        if not callable(p):
            raise TypeError(f"a player is a callable (state, rng) -> action, not {p!r}")
    state = new_state(state)
    for p in players:
        if hasattr(p, "reset"):
            p.reset()
    rngs = [random.Random(game_seed(seed, k)) for k in (-1, -2, -3)]  # seat 0, seat 1, chance
    actions: list[int] = []
    nodes = [0, 0]
    while not state.is_terminal():
        if P.is_chance_node(state):
            outcomes, probs = zip(*P.chance_outcomes(state), strict=True)
            action = rngs[2].choices(outcomes, probs)[0]
        else:
            seat = state.current_player()
            if seat not in (0, 1):
                raise ValueError(f"the arena plays two-player games: current_player() is "
                                 f"{seat!r} after {actions} in a game that is not over")
            player = players[seat]
            action = player(state, rngs[seat])
            result = getattr(player, "last_result", None)
            if result is not None:
                nodes[seat] += result.nodes
            if action not in state.legal_actions():
                from qsearch.core.errors import IllegalMoveError
                raise IllegalMoveError(
                    f"{player_name(player)} (seat {seat}) chose {action!r}, which is illegal "
                    f"after {actions}; legal: {state.legal_actions()}"
                )
        state.apply_action(action)
        actions.append(int(action))
    returns = [float(r) for r in state.returns()]
    winner = None if returns[0] == returns[1] else (0 if returns[0] > returns[1] else 1)
    return GameRecord(actions, returns, winner, len(actions), seed, nodes)


# --------------------------------------------------------------------------- matches
@dataclass
class MatchResult:
    """The games of a match (sorted by index) and their summary.

    ``table()`` gives one row per seat of player A plus a total (wins, draws, losses, A's
    score and its Wilson 95% interval); ``rows()`` one row per game; ``to_markdown()``
    the summary as markdown.
    """

    a_name: str
    b_name: str
    games: list[GameRecord]
    seed: int = 0

    def counts(self, a_seat: int | None = None) -> dict:
        """``{"a": A's wins, "draw": draws, "b": B's wins}``, for one seat of A or all games."""
        out = {"a": 0, "draw": 0, "b": 0}
        for g in self.games:
            if a_seat is not None and g.a_seat != a_seat:
                continue
            key = "draw" if g.winner is None else ("a" if g.winner == g.a_seat else "b")
            out[key] += 1
        return out

    def score(self, a_seat: int | None = None) -> float:
        """A's mean result (win 1, draw 0.5, loss 0)."""
        c = self.counts(a_seat)
        n = sum(c.values())
        return (c["a"] + 0.5 * c["draw"]) / n if n else float("nan")

    def table(self, confidence: float = 0.95, shown: bool = False) -> list[dict]:
        """Summary rows: A moving first, A moving second (when played), all games.

        The keys are English (code reads them); ``shown=True`` gives the rows to print, their
        keys and labels in the language in use (the same rows in English)."""
        word = _ if shown else (lambda text: text)
        rows = []
        for label, seat in (("A first", 0), ("A second", 1), ("all", None)):
            c = self.counts(seat)
            n = sum(c.values())
            if n == 0:
                continue
            low, high = wilson_interval(c["a"], n, confidence)
            rows.append({word("games"): word(label), "n": n,
                         word("{name} wins").format(name=self.a_name): c["a"],
                         word("draws"): c["draw"],
                         word("{name} wins").format(name=self.b_name): c["b"],
                         word("A win rate"): c["a"] / n, word("95% low"): low,
                         word("95% high"): high})
        return rows

    def rows(self) -> list[dict]:
        """One dict per game: index, A's seat, winner ('A', 'B' or 'draw'), plies, nodes."""
        out = []
        for g in self.games:
            who = "draw" if g.winner is None else ("A" if g.winner == g.a_seat else "B")
            out.append({"game": g.index, "A seat": g.a_seat, "winner": who, "plies": g.plies,
                        "A nodes": g.nodes[g.a_seat], "B nodes": g.nodes[1 - g.a_seat]})
        return out

    def to_markdown(self) -> str:
        from qsearch.core.tables import markdown
        return f"A = {self.a_name}, B = {self.b_name}\n\n" + markdown(self.table())

    def __repr__(self) -> str:
        c = self.counts()
        return (f"MatchResult({self.a_name} vs {self.b_name}: {len(self.games)} games, "
                f"A {c['a']} - draws {c['draw']} - B {c['b']})")


def _start_state(make_state, index: int, swap_colours: bool):
    if isinstance(make_state, (list, tuple)):
        if not make_state:
            raise ValueError("make_state is an empty list of start positions")
        opening = index // 2 if swap_colours else index
        return new_state(make_state[opening % len(make_state)])
    return new_state(make_state)


def _play_indexed(make_state, players, seed: int, index: int, swap_colours: bool) -> GameRecord:
    a_seat = index % 2 if swap_colours else 0
    seats = players if a_seat == 0 else players[::-1]
    record = play_game(_start_state(make_state, index, swap_colours), seats,
                       game_seed(seed, index))
    record.index, record.a_seat = index, a_seat
    return record


def _play_chunk(make_state, players, seed, indices, swap_colours) -> list[GameRecord]:
    return [_play_indexed(make_state, players, seed, i, swap_colours) for i in indices]


def _read_saved(path: Path, header: dict) -> dict[int, GameRecord]:
    """Finished games in a JSON-lines file written by :func:`match` (checked against header)."""
    done: dict[int, GameRecord] = {}
    if not path.exists():
        return done
    with path.open() as f:
        for n, line in enumerate(f):
            try:
                item = json.loads(line)
            except json.JSONDecodeError:
                continue            # a line cut short when a run was interrupted
            if n == 0 and "match" in item:
                saved = item["match"]
                for key in ("a", "b", "seed", "swap_colours"):
                    if saved.get(key) != header[key]:
                        raise ValueError(
                            f"{path} holds another match ({key}: {saved.get(key)!r} there, "
                            f"{header[key]!r} here); use a new file or delete it"
                        )
                continue
            if "actions" in item:
                done[item["index"]] = GameRecord(**item)
    return done


def match(make_state, player_a: Callable, player_b: Callable, games: int, *, seed: int = 0,
          swap_colours: bool = True, executor: Executor | None = None,
          workers: int | None = None, progress: bool = True,
          save: str | os.PathLike | None = None) -> MatchResult:
    """Play ``games`` games of A against B and return a :class:`MatchResult`.

    ``make_state``: a zero-argument callable giving the start position (a game class), a
    state (cloned for each game), a name for :func:`qsearch.games.load` (``"nim"``,
    ``"openspiel:tic_tac_toe"``), or a list of states (game ``i`` starts from opening
    ``i // 2`` when colours swap, so every opening is played with both colours). Any game of
    :class:`qsearch.games.GameProtocol` is fine (a TypeError names what a state lacks).
    ``swap_colours``: A moves first in even games and second in odd ones (else always first).
    ``executor``: any :class:`concurrent.futures.Executor`; ``workers=n`` makes a local
    process pool; neither runs the games in this process. Players, ``make_state`` and
    depth functions must then pickle. ``progress``: a tqdm bar (if tqdm is installed).
    ``save``: a JSON-lines file; each game is appended as it finishes, and a rerun with the
    same file skips the games already there (so an interrupted match resumes).
    Results do not depend on how the games were run: game ``i`` always has seed
    ``game_seed(seed, i)``.
    """
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise ValueError(f"games must be an int >= 0, not {games!r}")
    if executor is not None and workers is not None:
        raise ValueError("pass executor or workers, not both")
    players = (player_a, player_b)
    if games:
        _start_state(make_state, 0, swap_colours)       # a bad game fails here, not in a worker
    header = {"a": player_name(player_a), "b": player_name(player_b), "seed": seed,
              "swap_colours": bool(swap_colours)}
    path = Path(save) if save is not None else None
    done = _read_saved(path, header) if path is not None else {}
    todo = [i for i in range(games) if i not in done]

    out = None
    if path is not None:
        fresh = not path.exists() or path.stat().st_size == 0
        out = path.open("a")
        if fresh:
            out.write(json.dumps({"match": header}) + "\n")
            out.flush()

    bar = _progress_bar(games, len(done)) if progress else None

    def finished(records: list[GameRecord]) -> None:
        for r in records:
            done[r.index] = r
            if out is not None:
                out.write(json.dumps(asdict(r)) + "\n")
        if out is not None:
            out.flush()
        if bar is not None:
            bar.update(len(records))

    own_pool = None
    try:
        if workers is not None:
            if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
                raise ValueError(f"workers must be an int >= 1, not {workers!r}")
            executor = own_pool = ProcessPoolExecutor(workers)
        if executor is None:
            for i in todo:
                finished([_play_indexed(make_state, players, seed, i, swap_colours)])
        else:
            from concurrent.futures import as_completed
            chunks = [todo[k:k + CHUNK] for k in range(0, len(todo), CHUNK)]
            futures = [executor.submit(_play_chunk, make_state, players, seed, c, swap_colours)
                       for c in chunks]
            for future in as_completed(futures):
                finished(future.result())
    finally:
        if own_pool is not None:
            own_pool.shutdown(cancel_futures=True)
        if out is not None:
            out.close()
        if bar is not None:
            bar.close()
    records = [done[i] for i in range(games)]
    return MatchResult(header["a"], header["b"], records, seed)


def _progress_bar(total: int, initial: int):
    try:
        from tqdm.auto import tqdm
    except ImportError:
        return None
    return tqdm(total=total, initial=initial, unit="game")
