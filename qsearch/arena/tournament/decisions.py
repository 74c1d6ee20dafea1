"""Lesson 07's hypergammon decision study, saved beside the records and checked on a sample.

Every decision a searching player made in the hypergammon tables (a position where it had
more than one legal play) is searched again by each of the document's searchers
(:data:`SEARCHERS`: expectiminimax depths 1-3, limited expectiminimax depths 1-4): which play
each chooses, and how many nodes it searches. At every chance node the study also asks
whether the heuristic (``pip_race``) gives each roll the node's own value, for both players
(it reads the board only, so a roll changes nothing until a play is made).

The whole study is about 19,500 decisions: under a minute on the compiled engines, hours in
pure Python (on a class laptop or the browser site, limited expectiminimax at depth 4 alone
takes a third of a second a decision). So :func:`run_study` writes it once
(:func:`save_study`, ``hypergammon_decisions.jsonl`` in the records' folder); :func:`load_study`
reads it back and refuses a file that does not describe exactly the records' decisions and
chance nodes (a cut, extended or reordered file, another searcher list, a play that is not
legal), and :func:`check_sample` searches a random sample of it again and fails on any
difference. ``tests/test_decision_study.py`` checks the committed file against a whole fresh
run, on the compiled engines.

The file is JSON lines: a header ``{"decision study": {...}}`` (version, game, tables,
searchers and the totals), then one line per game: its table and cell, and for each decision
``[ply, choices, nodes]`` (one choice and one node count per searcher, in the header's
order) and for each chance node ``[ply, blind]``.
"""
from __future__ import annotations

import json
import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

from qsearch.arena import positions as P
from qsearch.arena.tournament.players import make_player
from qsearch.arena.tournament.tables import TABLES
from qsearch.heuristics.hypergammon import pip_race

GAME = "hypergammon"
SEARCHERS = ("em1", "eml1", "em2", "eml2", "em3", "eml3", "eml4")
STUDY_VERSION = 1
FILE_NAME = "hypergammon_decisions.jsonl"
KINDS = ("not a double", "a double")


def study_tables() -> list[str]:
    """The ids of the hypergammon tables, in :data:`TABLES` order."""
    return [tid for tid, table in TABLES.items() if table.game == GAME]


@dataclass(frozen=True)
class Decision:
    """One decision of a searching player and each searcher's answer to it."""

    table: str
    game: tuple                 # (row, col, position): the record's key
    ply: int                    # the index of the decision in the record's actions
    double: bool                # the roll was a double
    played: int                 # the recorded play
    mover: str                  # the spec of the player who made it
    choices: tuple[int, ...]    # per searcher of SEARCHERS
    nodes: tuple[int, ...]


@dataclass(frozen=True)
class ChanceNode:
    table: str
    game: tuple
    ply: int
    blind: bool                 # pip_race gives every roll the node's own value, both players


@dataclass
class Study:
    """The decision study: every :class:`Decision` and :class:`ChanceNode`, records' order."""

    decisions: list[Decision]
    chance: list[ChanceNode]

    def summary(self) -> dict:
        """What lesson 07 prints: decisions per kind of roll; ``differ[kind, x, y]``, the
        decisions of that kind where searchers x and y choose different plays; the nodes
        each searcher searched in all; how often the recorded play is its player's own
        choice; the chance nodes and those where the heuristic is blind to the roll."""
        decisions = dict.fromkeys(KINDS, 0)
        differ = {(k, x, y): 0 for k in KINDS for x in SEARCHERS for y in SEARCHERS}
        searched = dict.fromkeys(SEARCHERS, 0)
        own = 0
        for d in self.decisions:
            kind = KINDS[d.double]
            decisions[kind] += 1
            own += d.choices[SEARCHERS.index(d.mover)] == d.played
            for i, x in enumerate(SEARCHERS):
                searched[x] += d.nodes[i]
                for j, y in enumerate(SEARCHERS):
                    differ[kind, x, y] += d.choices[i] != d.choices[j]
        return {"decisions": decisions, "differ": differ, "searched": searched,
                "own choice": own, "chance nodes": len(self.chance),
                "blind": sum(c.blind for c in self.chance)}


@dataclass(frozen=True)
class _Point:
    """A place in a recorded game the study covers (decision or chance node)."""

    table: str
    game: tuple
    ply: int
    state: object               # the position (shared: copy it before changing it)
    mover: str | None           # None at a chance node
    played: int


def _points(records: Mapping[str, Mapping]) -> Iterator[_Point]:
    """The study's decisions and chance nodes, walking every recorded hypergammon game."""
    for tid in study_tables():
        if tid not in records:
            raise ValueError(f"the records have no table {tid} (the study covers "
                             f"{', '.join(study_tables())})")
        for key, rec in records[tid].items():
            row, col, pos = key
            s = P.position(GAME, pos)
            for ply, a in enumerate(rec["actions"]):
                if s.is_chance_node():
                    yield _Point(tid, key, ply, s, None, a)
                else:
                    mover = (col, row)[s.current_player()]
                    if mover in SEARCHERS and len(s.legal_actions()) > 1:
                        yield _Point(tid, key, ply, s, mover, a)
                s.apply_action(a)


def _blind(state) -> bool:
    here = [pip_race.evaluate(state, p) for p in (0, 1)]
    return all([pip_race.evaluate(state.child(o), p) for p in (0, 1)] == here
               for o, _ in state.chance_outcomes())


def _search(players: dict, state) -> tuple[tuple[int, ...], tuple[int, ...]]:
    choices = tuple(int(players[x](state, None)) for x in SEARCHERS)
    return choices, tuple(int(players[x].last_result.nodes) for x in SEARCHERS)


def _players() -> dict:
    return {x: make_player(GAME, x) for x in SEARCHERS}


def run_study(records: Mapping[str, Mapping], progress: bool = False) -> Study:
    """Search every decision of the records' hypergammon games with each searcher, and look
    at every chance node (``records``: table id -> :func:`read_records`' dict)."""
    players = _players()
    bar = None
    if progress:
        try:
            from tqdm.auto import tqdm
            bar = tqdm(total=sum(len(records[t]) for t in study_tables() if t in records),
                       unit="game")
        except ImportError:
            bar = None
    decisions, chance, last = [], [], None
    for p in _points(records):
        if bar is not None and (p.table, p.game) != last:
            if last is not None:
                bar.update(1)
            last = (p.table, p.game)
        if p.mover is None:
            chance.append(ChanceNode(p.table, p.game, p.ply, _blind(p.state)))
        else:
            choices, nodes = _search(players, p.state)
            decisions.append(Decision(p.table, p.game, p.ply, _is_double(p.state), p.played,
                                      p.mover, choices, nodes))
    if bar is not None:
        bar.update(bar.total - bar.n)
        bar.close()
    return Study(decisions, chance)


def _is_double(state) -> bool:
    return len(set(state.dice_roll())) == 1


def _header(study: Study) -> dict:
    return {"version": STUDY_VERSION, "game": GAME, "tables": study_tables(),
            "searchers": list(SEARCHERS), "decisions": len(study.decisions),
            "chance nodes": len(study.chance)}


def save_study(path: str | Path, study: Study) -> None:
    """Write ``study`` to ``path`` (JSON lines: the header, then a line per game)."""
    games: dict = {}
    for d in study.decisions:
        games.setdefault((d.table, d.game), {"decisions": [], "chance": []})["decisions"].append(
            [d.ply, list(d.choices), list(d.nodes)])
    for c in study.chance:
        games.setdefault((c.table, c.game), {"decisions": [], "chance": []})["chance"].append(
            [c.ply, int(c.blind)])
    path = Path(path)
    tmp = path.with_name(path.name + ".part")
    with tmp.open("w") as f:
        f.write(json.dumps({"decision study": _header(study)}) + "\n")
        for (tid, (row, col, pos)), parts in games.items():
            f.write(json.dumps({"table": tid, "row": row, "col": col, "position": pos, **parts},
                               separators=(",", ":")) + "\n")
    tmp.replace(path)


def _int(value, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{what} must be an integer, not {value!r}")
    return value


def _read_lines(path: Path) -> tuple[dict, dict]:
    """(header, {(table, key): {"decisions": {ply: (choices, nodes)}, "chance": {ply: blind}}})."""
    text = path.read_text()
    if not text.endswith("\n"):
        raise ValueError(f"{path} does not end with a newline: it was cut short")
    lines = text.splitlines()
    try:
        header = json.loads(lines[0])["decision study"]
    except (IndexError, json.JSONDecodeError, KeyError, TypeError):
        raise ValueError(f"{path} is not a decision study (its first line must be "
                         '{"decision study": {...}})') from None
    games: dict = {}
    n = len(SEARCHERS)
    for number, line in enumerate(lines[1:], start=2):
        where = f"{path}, line {number}"
        try:
            item = json.loads(line)
            key = (item["table"], (item["row"], item["col"], _int(item["position"], "position")))
            decisions, chance = {}, {}
            for ply, choices, nodes in item["decisions"]:
                if len(choices) != n or len(nodes) != n:
                    raise ValueError(f"a decision needs {n} choices and {n} node counts")
                decisions[_int(ply, "a ply")] = (
                    tuple(_int(c, "a choice") for c in choices),
                    tuple(_int(k, "a node count") for k in nodes))
                if any(k < 1 for k in nodes):
                    raise ValueError("a node count must be at least 1")
            for ply, blind in item["chance"]:
                if blind not in (0, 1) or isinstance(blind, float):
                    raise ValueError(f"a chance node's 'blind' is 0 or 1, not {blind!r}")
                chance[_int(ply, "a ply")] = bool(blind)
        except (KeyError, TypeError, json.JSONDecodeError) as e:
            raise ValueError(f"{where} is not a game of the study ({type(e).__name__}: {e})") \
                from None
        except ValueError as e:
            raise ValueError(f"{where}: {e}") from None
        if key in games:
            raise ValueError(f"{where}: game {key} appears twice")
        games[key] = {"decisions": decisions, "chance": chance}
    return header, games


def load_study(path: str | Path, records: Mapping[str, Mapping]) -> Study:
    """The study saved in ``path``, checked against ``records`` (table id -> records): the
    same searchers and tables, and exactly the records' decisions and chance nodes, each
    choice a legal play. It does not search (see :func:`check_sample`); anything else raises
    ValueError naming the file and what is wrong."""
    path = Path(path)
    if not path.exists():
        raise FileNotFoundError(f"no decision study at {path} (run_study and save_study "
                                "write one)")
    header, games = _read_lines(path)
    expected = {"version": STUDY_VERSION, "game": GAME, "tables": study_tables(),
                "searchers": list(SEARCHERS)}
    wrong = [k for k, v in expected.items() if header.get(k) != v]
    if wrong:
        raise ValueError(f"{path} was written for another study (its header differs in "
                         f"{', '.join(wrong)})")
    decisions, chance = [], []
    seen = set()
    for p in _points(records):
        where = f"{path}: table {p.table}, game {p.game}, ply {p.ply}"
        saved = games.get((p.table, p.game))
        if saved is None:
            raise ValueError(f"{path} has no line for game {p.game} of table {p.table}: it is "
                             "cut, or was written for other records")
        seen.add((p.table, p.game))
        if p.mover is None:
            if p.ply not in saved["chance"]:
                raise ValueError(f"{where}: a chance node the file does not have")
            chance.append(ChanceNode(p.table, p.game, p.ply, saved["chance"].pop(p.ply)))
            continue
        if p.ply not in saved["decisions"]:
            raise ValueError(f"{where}: a decision the file does not have")
        choices, nodes = saved["decisions"].pop(p.ply)
        legal = set(p.state.legal_actions())
        if not set(choices) <= legal:
            raise ValueError(f"{where}: a saved choice is not a legal play there")
        decisions.append(Decision(p.table, p.game, p.ply, _is_double(p.state), p.played,
                                  p.mover, choices, nodes))
    extra = [key for key in games if key not in seen]
    left = [(key, ply) for key, g in games.items() for part in ("decisions", "chance")
            for ply in g[part]]
    if extra or left:
        what = (f"game {extra[0][1]} of table {extra[0][0]}, not in the records" if extra else
                f"ply {left[0][1]} of game {left[0][0][1]} (table {left[0][0][0]}), neither a "
                "decision nor a chance node there")
        raise ValueError(f"{path} holds more than the records' decisions: {what}")
    study = Study(decisions, chance)
    if (header.get("decisions"), header.get("chance nodes")) != (len(decisions), len(chance)):
        raise ValueError(f"{path}: its header's totals are not its lines' (the file was edited)")
    return study


def check_sample(study: Study, records: Mapping[str, Mapping], k: int = 20,
                 seed: int = 2023) -> int:
    """Search ``k`` of the study's decisions again (chosen with ``random.Random(seed)``) with
    every searcher, and look again at ``k`` of its chance nodes; ValueError on any difference
    from the study. Returns the number of places checked."""
    if isinstance(k, bool) or not isinstance(k, int) or k < 1:
        raise ValueError(f"k must be an int >= 1, not {k!r}")
    rng = random.Random(seed)
    sample = (rng.sample(study.decisions, min(k, len(study.decisions)))
              + rng.sample(study.chance, min(k, len(study.chance))))
    players = _players()
    for item in sample:
        s = P.position(GAME, item.game[2])
        for a in records[item.table][item.game]["actions"][:item.ply]:
            s.apply_action(a)
        where = f"table {item.table}, game {item.game}, ply {item.ply}"
        if isinstance(item, ChanceNode):
            if not s.is_chance_node() or _blind(s) != item.blind:
                raise ValueError(f"the saved study differs from a fresh look at the chance node "
                                 f"of {where}")
            continue
        choices, nodes = _search(players, s)
        for i, x in enumerate(SEARCHERS):
            if (choices[i], nodes[i]) != (item.choices[i], item.nodes[i]):
                raise ValueError(
                    f"the saved study differs from a fresh search at {where}: {x} chooses "
                    f"{choices[i]} with {nodes[i]} nodes, the study says {item.choices[i]} "
                    f"with {item.nodes[i]}")
    return len(sample)


def load_or_run(directory: str | Path, records: Mapping[str, Mapping],
                progress: bool = False) -> tuple[Study, bool]:
    """(study, ran): the study saved in ``directory`` (:data:`FILE_NAME`), or, when there is
    none, a fresh :func:`run_study` saved there (``ran`` is then True)."""
    path = Path(directory) / FILE_NAME
    if path.exists():
        return load_study(path, records), False
    study = run_study(records, progress=progress)
    save_study(path, study)
    return study, True
