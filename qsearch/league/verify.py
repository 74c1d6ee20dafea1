"""Records are checked before they count: every line of ``games.jsonl`` a resumed league
would reuse is read back and checked against the league (:func:`load_records`).

A record counts only when:

* it is a JSON object of a record's shape, for a game of this league's schedule (an agent
  that left the league is not an error: its games are not counted);
* its seat, opening, start and seed are the schedule's: the seed must equal
  ``game_seed(seed, "A/B/g")``;
* both agents' files have the digests it names (else it is *stale*: the file changed, and
  the game is played again, as before);
* its actions replay on the game, with no agents: each one legal where it is played, each
  chance outcome the one the referee's generator draws, and the end is the recorded one (a
  finished game with its returns, or the position where the forfeiting agent was to move);
* its winner, returns, score and forfeits agree with that end;
* (with a key) its HMAC tag is valid: written by a league holding the teacher's key
  (:mod:`qsearch.league.signing`), so whoever can write the folder cannot forge it.

Anything else is *rejected* with its line number and reason, and the game is played again
(``strict=True`` refuses to go on instead). A line that is not JSON is rejected too (a line
cut by a kill is one). What no check of a record can tell is whether the agents really chose
those moves: ``--replay K`` (:func:`qsearch.league.check`) plays K recorded games again with
the agents.
"""
from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from pathlib import Path

from qsearch.arena.match import game_seed
from qsearch.games import protocol as P
from qsearch.league.agent_file import REASONS
from qsearch.league.referee import draw_chance
from qsearch.league.schedule import Fixture, read_header
from qsearch.league.signing import tag_problem

FIELDS = {"a": str, "b": str, "g": int, "a_seat": int, "opening": int, "start": list,
          "seed": int, "digests": list, "actions": list, "returns": list, "forfeits": list}


@dataclass
class Loaded:
    """What a records file holds for this league: ``done`` (the records that count, keyed
    by ``(a, b, g)``), ``stale`` (records of a file that changed since) and ``rejected``
    (``(line number, reason)`` of every line that failed a check)."""

    done: dict = field(default_factory=dict)
    stale: int = 0
    rejected: list = field(default_factory=list)

    def report(self) -> str:
        """The rejected lines, one a line ("" when none)."""
        return "\n".join(f"line {n}: {why}" for n, why in self.rejected)


class Rejected(ValueError):
    """A record that fails a check (the message says which)."""


def load_records(path, settings: dict, digests: dict, game, key: bytes | None = None) -> Loaded:
    """Read and check the records of ``path`` (a league's ``games.jsonl``) for the league
    of ``settings`` (its header), ``digests`` (agent id -> sha256 of its file) and ``game``
    (a :class:`~qsearch.league.schedule.GameSpec`); with ``key``, a record counts only with
    a valid tag (:mod:`qsearch.league.signing`; the tag is taken off the record).

    A header of other settings is a ValueError naming what differs (nothing is read)."""
    path = Path(path)
    header = read_header(path)
    loaded = Loaded()
    if header is None:
        return loaded
    if header != settings:
        diff = sorted(k for k in set(settings) | set(header) if header.get(k) != settings.get(k))
        raise ValueError(f"{path} holds a league with other settings ({', '.join(diff)}); "
                         "use another folder or move the file away")
    with path.open("rb") as f:
        f.readline()
        for number, raw in enumerate(f, start=2):
            try:
                record = json.loads(raw)
            except (json.JSONDecodeError, UnicodeDecodeError):
                cut = "" if raw.endswith(b"\n") else " (cut short: the league was stopped " \
                    "while writing it)"
                loaded.rejected.append((number, f"not a JSON record{cut}"))
                continue
            if key is not None:
                problem = tag_problem(record, settings, key) if isinstance(record, dict) \
                    else ""
                if problem:
                    loaded.rejected.append((number, problem))
                    continue
                record.pop("tag", None)
            try:
                found = check_record(record, settings, digests, game)
            except Rejected as err:
                loaded.rejected.append((number, str(err)))
                continue
            if found is None:                   # an agent no longer in the league
                continue
            if found == "stale":
                loaded.stale += 1
                continue
            if found in loaded.done:
                loaded.rejected.append((number, f"a second record of {_name(found)} (the "
                                               "first counts)"))
                continue
            loaded.done[found] = record
    return loaded


def _name(key) -> str:
    return f"{key[0]} v {key[1]} #{key[2]}"


def check_record(record, settings: dict, digests: dict, game):
    """The key ``(a, b, g)`` of a record that counts, ``"stale"`` for one of a changed file,
    None for one of an agent no longer in the league; :class:`Rejected` when a check fails."""
    _check_shape(record)
    a, b, g = record["a"], record["b"], record["g"]
    if a not in digests or b not in digests:
        return None
    if not a < b or not 0 <= g < settings["games_per_pair"]:
        raise Rejected(f"{_name((a, b, g))} is not a game of this league's schedule")
    if record["digests"] != [digests[a], digests[b]]:
        return "stale"
    fixture = Fixture(a, b, g)
    openings = settings["openings"]
    expected = {"a_seat": fixture.a_seat, "opening": fixture.opening(len(openings)),
                "seed": fixture.seed(settings["seed"])}
    for name, value in expected.items():
        if record[name] != value:
            raise Rejected(f"{_name((a, b, g))}: {name} is {record[name]!r}, the schedule "
                           f"says {value!r}")
    if record["start"] != openings[expected["opening"]]:
        raise Rejected(f"{_name((a, b, g))}: its start is not opening {expected['opening']}")
    _check_play(record, game)
    return (a, b, g)


def _check_shape(record) -> None:
    if not isinstance(record, dict):
        raise Rejected("not a record (a JSON object)")
    for name, kind in FIELDS.items():
        value = record.get(name)
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise Rejected(f"not a record: {name!r} is missing or not a {kind.__name__}")
    if len(record["digests"]) != 2 or len(record["returns"]) != 2 or \
            not all(_is_int(x) for x in record["actions"]):
        raise Rejected("not a record: digests, returns or actions malformed")
    for forfeit in record["forfeits"]:
        if not isinstance(forfeit, dict) or forfeit.get("seat") not in (0, 1) \
                or forfeit.get("reason") not in REASONS \
                or not isinstance(forfeit.get("detail"), str):
            raise Rejected(f"not a record: a forfeit is malformed: {forfeit!r}"[:300])


def _is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _check_play(record: dict, game) -> None:
    """Replay the actions with no agents and compare the end with the record's."""
    name = _name((record["a"], record["b"], record["g"]))
    state = game.start(record["start"])
    chance = random.Random(game_seed(record["seed"], "chance"))
    for ply, action in enumerate(record["actions"]):
        if state.is_terminal():
            raise Rejected(f"{name}: action {ply} ({action}) comes after the end of the game")
        if P.is_chance_node(state):
            drawn = draw_chance(chance, state)
            if action != drawn:
                raise Rejected(f"{name}: chance outcome {ply} is {action}, the game's seed "
                               f"draws {drawn}")
        elif action not in state.legal_actions():
            raise Rejected(f"{name}: action {ply} ({action}) is not legal there")
        state.apply_action(action)
    forfeits = record["forfeits"]
    seats = [f["seat"] for f in forfeits]
    if len(set(seats)) != len(seats) or len(seats) > 2:
        raise Rejected(f"{name}: its forfeits name a seat twice")
    for f in forfeits:
        agent = record["a"] if f["seat"] == record["a_seat"] else record["b"]
        if f.get("agent", agent) != agent:
            raise Rejected(f"{name}: a forfeit names {f.get('agent')!r} in {agent}'s seat")
    if not forfeits:
        if not state.is_terminal():
            raise Rejected(f"{name}: the actions stop before the end, and no one forfeited")
        returns = [float(r) for r in state.returns()]
    elif len(forfeits) == 2:
        if record["actions"]:
            raise Rejected(f"{name}: both forfeited (at the start), yet moves were played")
        returns = [0.0, 0.0]
    else:
        seat = seats[0]
        if state.is_terminal():
            raise Rejected(f"{name}: a forfeit after the end of the game")
        if record["actions"] and state.current_player() != seat:
            raise Rejected(f"{name}: seat {seat} forfeited when it was not to move")
        returns = [-1.0, 1.0] if seat == 0 else [1.0, -1.0]
    if [float(r) for r in record["returns"]] != returns:
        raise Rejected(f"{name}: returns {record['returns']} recorded, the actions give "
                       f"{returns}")
    if len(forfeits) == 2:
        winner, score = None, None
    else:
        winner = None if returns[0] == returns[1] else (0 if returns[0] > returns[1] else 1)
        score = 0.5 if winner is None else float(winner == record["a_seat"])
    for key, value in (("winner", winner), ("score_a", score),
                       ("plies", len(record["actions"]))):
        if record.get(key) != value:
            raise Rejected(f"{name}: {key} is {record.get(key)!r}, the actions give {value!r}")
