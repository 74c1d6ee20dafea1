"""Run a class league: every pair of agents plays ``games_per_pair`` games, here, on a process
pool or on a Dask cluster, with a progress bar; the records are resumable and every game can
be played again from its record.

:func:`run_league` is the whole league (``python -m qsearch league`` calls it);
:func:`try_agent` is a student's quick test against the examples. Tasks are lists of
fixtures (:mod:`qsearch.league.schedule`) sent to any :class:`concurrent.futures.Executor`
(a ``dask.distributed`` client's ``get_executor()`` included); each process that plays them
keeps a few agents' processes alive between games (:data:`KEEP`), so that starting a
process (about 0.2 s) is paid once per agent and task, not per move or game.
"""
from __future__ import annotations

import atexit
import collections
import dataclasses
import functools
import json
import os
import random
import threading
import time
import warnings
from concurrent.futures import Executor, as_completed
from dataclasses import dataclass, field
from pathlib import Path

from qsearch.i18n import _, general, number
from qsearch.league import leaderboard, referee
from qsearch.league.agent_file import (
    AgentSpec,
    agent_from_function,
    agents_in,
    course_agents,
    distinct_names,
    read_agent,
)
from qsearch.league.display import referee_detail, terminal
from qsearch.league.jail import choose_jail
from qsearch.league.ratings import PRIOR, GameResult, Ratings, rate
from qsearch.league.sandbox import InProcessAgent, Limits, Sandbox, no_processes
from qsearch.league.schedule import (
    RECORDS,
    VERSION,
    Fixture,
    GameSpec,
    RecordWriter,
    fixtures,
    openings,
    openings_needed,
    resolve_game,
    round_order,
)
from qsearch.league.signing import league_key
from qsearch.league.trust import game_module as load_game_module
from qsearch.league.trust import trusted_path, untrusted_folders
from qsearch.league.verify import load_records

CHUNK = 8                   # games a task: one pair's games together (its agents' processes)
KEEP = CHUNK + 2            # agents' processes a playing process keeps alive (all of a task's)


# --------------------------------------------------------------------------- agents
def collect_agents(items, functions_dir=None, minimum: int = 2) -> list[AgentSpec]:
    """League entries from ``items``: a folder of agent files, or a list of folders, ``.py``
    files, :class:`AgentSpec` and notebook functions (written to ``functions_dir``); at least
    ``minimum`` of them, with distinct ids; a ``NAME`` two entries share is shown with each
    one's id (:func:`~qsearch.league.agent_file.distinct_names`)."""
    if isinstance(items, (str, os.PathLike)):
        items = [items]
    specs: list[AgentSpec] = []
    for item in items:
        if isinstance(item, AgentSpec):
            specs.append(item)
        elif isinstance(item, (str, os.PathLike)):
            path = Path(item)
            specs += agents_in(path) if path.is_dir() else [read_agent(path)]
        elif callable(item):
            specs.append(agent_from_function(item, functions_dir))
        else:
            raise TypeError(f"an agent is a folder, a .py file, an AgentSpec or a function, "
                            f"not {item!r}")
    seen: dict[str, AgentSpec] = {}
    for spec in specs:
        if spec.id in seen:
            raise ValueError(f"two agents have the id {spec.id!r} ({seen[spec.id].target} and "
                             f"{spec.target}): rename one of the files")
        seen[spec.id] = spec
    if len(specs) < minimum:
        raise ValueError(f"a league needs {minimum} agents or more, not {len(specs)}")
    return distinct_names(specs)


# --------------------------------------------------------------------------- playing
_CACHES: dict[int, collections.OrderedDict] = {}     # per thread: agent key -> seat
_CACHE_PID = [os.getpid()]


def close_agents(every_thread: bool = False) -> None:
    """Stop the agents' processes this thread keeps alive (``every_thread``: all of them,
    as at exit)."""
    threads = list(_CACHES) if every_thread else [threading.get_ident()]
    for thread in threads:
        cache = _CACHES.pop(thread, None)
        while cache:
            cache.popitem()[1].close()


atexit.register(close_agents, every_thread=True)


def _seat(spec: AgentSpec, limits: Limits, imports: tuple, isolated: bool, jail=None):
    """This thread's seat for ``spec``: a live process kept from an earlier task when there
    is one (a Dask worker may run two tasks at once in one process: one set per thread);
    in ``jail`` when one is given."""
    if _CACHE_PID[0] != os.getpid():        # a forked copy: the processes are not ours
        _CACHES.clear()
        _CACHE_PID[0] = os.getpid()
    cache = _CACHES.setdefault(threading.get_ident(), collections.OrderedDict())
    key = (spec, limits, imports, isolated, jail)
    if key in cache:
        cache.move_to_end(key)
        return cache[key]
    seat = Sandbox(spec, limits, imports=imports, jail=jail) if isolated else \
        InProcessAgent(spec, limits)
    cache[key] = seat
    while len(cache) > KEEP:
        cache.popitem(last=False)[1].close()
    return seat


def play_fixtures(context: dict, keys, slack: float = 1.0) -> list[dict]:
    """Play the games ``keys`` (``(a, b, g)``) of the league described by ``context`` and
    return their records (a task: it runs wherever the executor sends it); ``slack``: the
    time to load, move and play, times the limits' (a replay)."""
    game = GameSpec.from_dict(context["game"])
    limits = Limits(**context["limits"])
    if slack != 1.0:
        limits = dataclasses.replace(limits, load_time=limits.load_time * slack)
    specs = {d["id"]: AgentSpec.from_dict(d) for d in context["agents"]}
    starts = context["openings"]
    imports = tuple([game.module] if game.module else [])
    if game.factory:
        imports += (game.name.split(":")[0],)
    isolated = context["isolated"] and not no_processes()    # a browser: in this process
    jail = choose_jail(context.get("sandbox", "auto"))[0] if isolated else None
    where = _where(isolated, jail)
    for name in dict.fromkeys(x for a, b, _game in keys for x in (a, b)):
        _seat(specs[name], limits, imports, isolated, jail).launch()
    out = []
    for a, b, g in keys:
        fixture = Fixture(a, b, g)
        first = _seat(specs[a], limits, imports, isolated, jail)
        second = _seat(specs[b], limits, imports, isolated, jail)
        seats = [first, second] if fixture.a_seat == 0 else [second, first]
        opening = fixture.opening(len(starts))
        seed = fixture.seed(context["seed"])
        start = time.perf_counter()
        result = referee.play(game, starts[opening], seats, seed, limits, slack)
        for forfeit in result["forfeits"]:
            forfeit["agent"] = a if forfeit["seat"] == fixture.a_seat else b
        if len(result["forfeits"]) == 2:
            score_a = None
        elif result["winner"] is None:
            score_a = 0.5
        else:
            score_a = float(result["winner"] == fixture.a_seat)
        out.append({"a": a, "b": b, "g": g, "a_seat": fixture.a_seat, "opening": opening,
                    "start": starts[opening], "seed": seed,
                    "digests": [specs[a].digest, specs[b].digest], **result,
                    "score_a": score_a, "seconds": round(time.perf_counter() - start, 4),
                    "jail": where})
    return out


def _where(isolated: bool, jail) -> str | None:
    """What a record says of its agents' isolation: the jail, "process" (a process of
    their own, no jail) or "in-process" (the playing process, trusted code)."""
    if not isolated:
        return "in-process"
    return f"bubblewrap {jail.version}" if jail is not None else "process"


# --------------------------------------------------------------------------- results
@dataclass
class LeagueResult:
    """A league's games and standings. ``rows``: the leaderboard (best first);
    ``records``: every game in schedule order; ``played``/``skipped``/``stale``: games played
    now, found in the records, and left out because an agent's file changed; ``rejected``:
    ``(line, reason)`` of the records that failed a check (:mod:`qsearch.league.verify`; their
    games were played again); ``isolation``: how this run's agents were isolated;
    ``replayed``: recorded games played again and found identical, drawn with
    ``replay_seed``; ``wall``: seconds this run took."""

    game: GameSpec
    agents: list[AgentSpec]
    records: list[dict]
    ratings: Ratings
    rows: list[dict]
    settings: dict
    out: Path | None = None
    played: int = 0
    skipped: int = 0
    stale: int = 0
    rejected: list = field(default_factory=list)
    isolation: str = ""
    replayed: int = 0
    replay_seed: int | None = None
    wall: float = 0.0
    task_seconds: list = field(default_factory=list)
    context: dict = field(default_factory=dict)

    def unjailed(self) -> int:
        """How many of the games were played without a jail around the agents."""
        return sum(1 for r in self.records if not str(r.get("jail") or "").startswith("bub"))

    def note(self) -> str:
        """A line for the leaderboard when agents were not isolated ("" when all were)."""
        n = self.unjailed()
        if not n:
            return ""
        return _("**Agents were not isolated** in {n} of {games} games (no sandbox: an agent "
                 "could read or change files, reach the network or other processes){why}.").format(
            n=number(n), games=number(len(self.records)),
            why=": " + self.isolation if self.isolation else "")

    def to_markdown(self) -> str:
        """The leaderboard as markdown (with a note when agents were not isolated)."""
        return leaderboard.to_markdown(self.rows, note=self.note())

    def _repr_markdown_(self) -> str:
        return self.to_markdown()

    def row(self, agent: str) -> dict:
        """The leaderboard row of ``agent`` (its id)."""
        for r in self.rows:
            if r["id"] == agent:
                return r
        raise ValueError(f"no agent {agent!r} in this league")

    def forfeits(self) -> list[dict]:
        """Every forfeit: game, agent, reason and detail (the traceback's end, what the agent
        printed: control characters and escape sequences removed; the record keeps it as
        it was)."""
        return [{"game": f"{r['a']} v {r['b']} #{r['g']}", "agent": f["agent"],
                 "reason": f["reason"], "detail": terminal(f["detail"], newlines=True)}
                for r in self.records for f in r["forfeits"]]

    def head_to_head(self):
        """``(ids, points, games)`` matrices in rank order."""
        return leaderboard.head_to_head(self.rows, self.records)

    def heatmap(self, ax=None):
        """The head-to-head heatmap (matplotlib axes)."""
        return leaderboard.heatmap(self.rows, self.records, ax=ax)

    def heatmap_svg(self, max_width: float = 800) -> str:
        """The head-to-head heatmap as plain SVG (no matplotlib: the browser site)."""
        return leaderboard.heatmap_svg(self.rows, self.records, max_width=max_width)

    def states(self, record: dict) -> list:
        """Every position of a recorded game, from its opening to its end."""
        state = self.game.start(record["start"])
        out = [state.clone()]
        for action in record["actions"]:
            state.apply_action(action)
            out.append(state.clone())
        return out

    def __repr__(self) -> str:
        from qsearch.i18n import _, number

        return "LeagueResult(" + _("{game}: {agents} agents, {games} games, {played} played "
                                   "now").format(game=self.game, agents=number(len(self.agents)),
                                                 games=number(len(self.records)),
                                                 played=number(self.played)) + ")"


def _settings(game: GameSpec, games_per_pair: int, seed: int, starts, limits: Limits) -> dict:
    settings = {"game": game.to_dict(), "games_per_pair": games_per_pair, "seed": seed,
                "openings": starts, "limits": limits.to_dict(), "version": VERSION}
    return json.loads(json.dumps(settings))     # as the records file will read it back


def _isolation(isolated: bool, sandbox: str):
    """``(context's sandbox mode, description)`` for a league: a jail when ``sandbox``
    allows and one works here; a warning when agents will not be isolated, and when they
    play in this process because no process can be started here (:func:`no_processes`)."""
    why = no_processes() if isolated else ""
    if why:
        if sandbox == "require":
            raise RuntimeError(f"no sandbox here and one is required: {why}")
        if sandbox == "auto":
            warnings.warn(f"agents play in the league's own process, not isolated: {why}",
                          RuntimeWarning, stacklevel=4)
        elif sandbox != "none":
            choose_jail(sandbox)                    # an unknown mode: its ValueError
        return "none", f"agents ran in the league's own process: {why}"
    if not isolated:
        if sandbox == "require":
            raise ValueError("sandbox='require' with isolated=False: agents run in the "
                             "league's own process cannot be jailed")
        choose_jail("none" if sandbox == "auto" else sandbox)      # the mode is checked
        return "none", "agents ran in the league's own process (isolated=False)"
    jail, reason = choose_jail(sandbox)
    if jail is not None:
        return "require", jail.describe()
    if sandbox == "auto":
        warnings.warn(f"agents were not isolated: {reason}; run with sandbox='require' "
                      "(--require-sandbox) to refuse, or 'none' (--no-sandbox) to say so",
                      RuntimeWarning, stacklevel=4)
    return "none", f"agents were not isolated: {reason}"


def _limits(limits, move_time, game_time) -> Limits:
    if limits is None:
        return Limits(move_time=1.0 if move_time is None else move_time, game_time=game_time)
    if not isinstance(limits, Limits):
        raise TypeError(f"limits must be a qsearch.league.Limits, not {limits!r}")
    if move_time is not None or game_time is not None:
        raise ValueError("pass move_time/game_time or limits, not both")
    return limits


def _trusted(run):
    """``run_league`` with ``sys.path`` free of the agents' and the game module's folders
    while it runs (:func:`qsearch.league.trust.trusted_path`)."""
    @functools.wraps(run)
    def league(game, agents, out=None, **options):
        folders = untrusted_folders(agents, options.get("game_module"))
        with trusted_path(folders):
            return run(game, agents, out, **options)
    return league


@_trusted
def run_league(game, agents, out=None, *, move_time: float | None = None,
               game_time: float | None = None, limits: Limits | None = None,
               games_per_pair: int = 4, seed: int = 0, course: bool = False,
               focus: str | None = None, game_module: str | None = None,
               executor: Executor | None = None, workers: int | None = None,
               isolated: bool = True, sandbox: str = "auto", strict: bool = False,
               replay: int = 0, replay_seed: int | None = None, progress: bool = True,
               samples: int = 1000, prior: float = PRIOR, write: bool = True,
               key=None) -> LeagueResult:
    """Play a round robin of ``agents`` on ``game`` and return its :class:`LeagueResult`.

    ``game``: a name for :func:`qsearch.games.load` (``"connect4"``,
    ``"openspiel:breakthrough"``), or an importable game class; ``game_module``: a module
    every process imports first (where a class's own game calls ``register``): a name, or a
    path imported by path (:func:`qsearch.league.trust.game_module`). It is trusted code: it
    runs unjailed. While the league runs, ``sys.path`` leaves out the agents' folders and the
    game module's (:mod:`qsearch.league.trust`).
    ``agents``: a folder of agent files, or a list of folders, files, entries and notebook
    functions; ``course=True`` adds the course's own bots (ParCheckers: document 004's
    agents 0-3). ``focus``: only the pairs of that agent (a gauntlet).
    Each pair plays ``games_per_pair`` games: both colours of each opening (the tournaments'
    starting positions where the game has them), seeded with ``seed``.
    ``move_time``, ``game_time`` (seconds) or a whole :class:`Limits`.
    ``out``: the folder of ``games.jsonl`` (resumed when it exists), ``agents.json``,
    ``leaderboard.md``, ``leaderboard.csv`` and ``head_to_head.png`` (``write=False``: the
    records only); None keeps everything in memory.
    ``executor`` (any :class:`concurrent.futures.Executor`) or ``workers=n`` (a pool of n
    processes); neither: here. ``isolated=False`` runs the agents in the playing process,
    without limits but the time and the output (trusted code only, for speed). Where no
    process can be started (a browser: :func:`qsearch.league.sandbox.no_processes`) the
    agents play in this process whatever ``isolated`` says, with a warning (``sandbox="auto"``)
    or a RuntimeError (``"require"``).
    ``sandbox``: ``"auto"`` runs each agent's process in a bubblewrap jail when one works
    here (Linux) and warns when not; ``"require"`` refuses to run without one (a
    RuntimeError); ``"none"`` runs without one, on purpose.
    Records are signed (an HMAC ``"tag"``) with ``key``: the file ``league.key`` of the
    teacher's configuration folder by default (made on first use), or another key file, or
    the bytes (:mod:`qsearch.league.signing`).
    Records found in ``out`` are checked before they count (:mod:`qsearch.league.verify`),
    their tag first:
    one that fails is reported (``rejected``, and a warning) and its game played again;
    ``strict=True`` refuses instead (a ValueError listing them). ``replay=K`` plays K
    recorded games again (:func:`check`) before the leaderboard is written, drawn with
    ``replay_seed`` (None: a fresh one, in ``result.replay_seed``): an AssertionError, and
    nothing written, when one differs (:class:`ReplayDiffers`) or could not be replayed in
    time (:class:`ReplayTimeout`).
    ``samples``: bootstrap resamples of the rating intervals; ``prior``: see
    :mod:`qsearch.league.ratings`.
    """
    began = time.perf_counter()
    limits = _limits(limits, move_time, game_time)
    game_module = load_game_module(game_module)
    if isinstance(game, str):           # a name the game module registers, spelt either way
        from qsearch.games.registry import canonical_name

        game = canonical_name(game)
    spec = resolve_game(game, game_module)
    out = Path(out) if out is not None else None
    functions_dir = (out / "agents") if out is not None else None
    # with the course's bots one student's agent is a league (the bots are counted too)
    specs = collect_agents(agents, functions_dir, minimum=1 if course else 2)
    if course:
        specs += course_agents(spec.name)
        collect_agents(specs)           # ids stay unique, two agents or more
    if executor is not None and workers is not None:
        raise ValueError("pass executor or workers, not both")
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int)
                                or workers < 1):
        raise ValueError(f"workers must be an int >= 1, not {workers!r}")
    if isinstance(replay, bool) or not isinstance(replay, int) or replay < 0:
        raise ValueError(f"replay must be an int >= 0, not {replay!r}")
    mode, isolation = _isolation(isolated, sandbox)
    ids = [s.id for s in specs]
    games = fixtures(ids, games_per_pair, focus)
    starts = openings(spec, openings_needed(games_per_pair))
    settings = _settings(spec, games_per_pair, seed, starts, limits)
    digests = {s.id: s.digest for s in specs}
    path = out / RECORDS if out is not None else None
    if path is not None and isinstance(key, (str, os.PathLike)) and \
            os.path.realpath(key).startswith(os.path.realpath(out) + os.sep):
        raise ValueError(f"the records' key {key} is in the records folder {out}: whoever "
                         "can write the records could sign them; keep it elsewhere")
    secret = league_key(key) if path is not None else None
    loaded = load_records(path, settings, digests, spec, secret) if path is not None else None
    done, stale = (loaded.done, loaded.stale) if loaded else ({}, 0)
    if loaded and loaded.rejected:
        if strict:
            raise ValueError(f"{path}: {len(loaded.rejected)} records fail their checks "
                             f"(strict=True, --strict: nothing was played):\n{loaded.report()}")
        warnings.warn(f"{path}: {len(loaded.rejected)} records fail their checks and do not "
                      f"count (their games are played again):\n{loaded.report()}",
                      RuntimeWarning, stacklevel=3)
    todo = [f.key for f in games if f.key not in done]
    skipped = len(games) - len(todo)
    context = {"game": spec.to_dict(), "limits": limits.to_dict(), "seed": seed,
               "agents": [s.to_dict() for s in specs], "openings": starts,
               "isolated": bool(isolated), "sandbox": mode}
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        (out / "agents.json").write_text(json.dumps([s.to_dict() for s in specs], indent=1))
    writer = RecordWriter(path, settings, secret) if path is not None else None
    bar = _bar(len(todo), spec.name) if progress and todo else None
    task_seconds: list[float] = []
    own_pool = None
    try:
        if workers is not None and workers > 1:
            import multiprocessing
            from concurrent.futures import ProcessPoolExecutor

            executor = own_pool = ProcessPoolExecutor(
                workers, mp_context=multiprocessing.get_context("spawn"))

        def finished(records, seconds):
            for r in records:
                done[(r["a"], r["b"], r["g"])] = r
            if writer is not None:
                writer.write(records)
            task_seconds.append(seconds)
            if bar is not None:
                bar.update(len(records))

        tasks = [todo[k:k + CHUNK] for k in range(0, len(todo), CHUNK)]
        if executor is None:
            try:
                for keys in tasks:
                    records, seconds = _timed(context, keys)
                    finished(records, seconds)
            finally:
                close_agents()
        else:
            futures = [executor.submit(_timed, context, keys) for keys in tasks]
            for future in as_completed(futures):
                finished(*future.result())
    finally:
        if own_pool is not None:
            own_pool.shutdown()
        if writer is not None:
            writer.close()
        if bar is not None:
            bar.close()
    records = [done[f.key] for f in games]
    result = summarise(spec, specs, records, settings, samples=samples, prior=prior,
                       seed=seed)
    result.out, result.played, result.skipped, result.stale = out, len(todo), skipped, stale
    result.task_seconds = task_seconds
    result.rejected = list(loaded.rejected) if loaded else []
    result.isolation, result.context = isolation, context
    if replay:
        result.replayed = check(result, replay, seed=replay_seed)
    if out is not None and write:
        leaderboard.write(out, result.rows, records, title=f"{spec.name}: class league",
                          note=result.note())
    result.wall = time.perf_counter() - began
    return result


def _timed(context: dict, keys) -> tuple[list[dict], float]:
    start = time.perf_counter()
    records = play_fixtures(context, keys)
    return records, time.perf_counter() - start


def _bar(total: int, what: str):
    try:
        from tqdm.auto import tqdm
    except ImportError:
        return None
    return tqdm(total=total, unit="game", desc=f"league {what}")


def _elo_position(rounds: dict, record: dict) -> tuple:
    """Where a record's game comes in the sequential Elo: game number, round, pair."""
    return (record["g"], rounds[(record["a"], record["b"])], record["a"], record["b"])


def elo_ordered_games(ids, records) -> list[GameResult]:
    """The rated games of ``records`` (double forfeits left out) in the order the league's
    sequential Elo reads them, the order :func:`summarise` gives the leaderboard's Elo."""
    rounds = round_order(list(ids))
    rated = sorted((r for r in records if r["score_a"] is not None),
                   key=lambda r: _elo_position(rounds, r))
    return [GameResult(r["a"], r["b"], r["score_a"]) for r in rated]


def summarise(game: GameSpec, specs, records, settings: dict, *, samples: int = 1000,
              prior: float = PRIOR, seed: int = 0) -> LeagueResult:
    """Ratings and standings of ``records`` (double forfeits are not rated)."""
    ids = [s.id for s in specs]
    rounds = round_order(ids)
    counted = [(r, GameResult(r["a"], r["b"], r["score_a"])) for r in records
               if r["score_a"] is not None]
    order = {id(g): _elo_position(rounds, r) for r, g in counted}
    ratings = rate(ids, [g for _, g in counted], prior=prior, samples=samples, seed=seed,
                   order=lambda g: order[id(g)])
    rows = leaderboard.standings(specs, records, ratings)
    return LeagueResult(game, list(specs), list(records), ratings, rows, settings)


# --------------------------------------------------------------------------- checks
SLACK = 10.0                # a replay's time, times the league's (judged on moves, not time)
TIMEOUTS = ("timeout", "import timeout")


class ReplayDiffers(AssertionError):
    """A recorded game the agents did not play again as recorded: a forged or changed
    record, or an agent that reads the clock."""


class ReplayTimeout(AssertionError):
    """A recorded game that could not be replayed in time (a busy machine): not evidence
    that the record is wrong, nor that it is right."""


def replay(result: LeagueResult, record: dict, isolated: bool | None = None,
           slack: float = SLACK) -> dict:
    """Play a recorded game again (same agents, seeds, limits, and the league's sandbox;
    ``isolated``: in processes of their own or not, as the league played by default) and
    judge it on the agents' moves: a :class:`ReplayDiffers` (an AssertionError) when its
    actions, winner or forfeit reasons differ. The agents get ``slack`` times the time to
    load and move (they still read ``MOVE_TIME`` as recorded), unless the record itself ends
    in a timeout; a replay that still runs out of time is a :class:`ReplayTimeout` ("could
    not be replayed in time"), not a difference. Agents that read the clock may differ."""
    if isolated is None:
        isolated = result.context.get("isolated", True) if result.context else True
    context = {"game": result.game.to_dict(), "limits": result.settings["limits"],
               "seed": result.settings["seed"], "agents": [s.to_dict() for s in result.agents],
               "openings": result.settings["openings"], "isolated": isolated,
               "sandbox": result.context.get("sandbox", "auto") if result.context else "auto"}
    name = f"{record['a']} v {record['b']} #{record['g']}"
    timed = any(f["reason"] in TIMEOUTS for f in record["forfeits"])
    try:
        again = play_fixtures(context, [(record["a"], record["b"], record["g"])],
                              slack=1.0 if timed else slack)[0]
    finally:
        close_agents()
    late = [f for f in again["forfeits"] if f["reason"] in TIMEOUTS
            and (f["agent"], f["reason"]) not in
            [(r["agent"], r["reason"]) for r in record["forfeits"]]]
    if late:
        raise ReplayTimeout(_(
            "{name} could not be replayed in time: {agent} ran out of time ({detail}) with "
            "{slack} times the league's time; the machine may be busy: try again when it is "
            "not").format(name=name, agent=late[0]["agent"],
                          detail=referee_detail(late[0]["detail"]), slack=general(slack)))
    for key in ("start", "actions", "winner", "score_a"):
        if again[key] != record[key]:
            raise ReplayDiffers(f"{name}: {key} differs on replay ({record[key]!r} recorded, "
                                f"{again[key]!r} now)")
    reasons = [(f["agent"], f["reason"]) for f in again["forfeits"]]
    if reasons != [(f["agent"], f["reason"]) for f in record["forfeits"]]:
        raise ReplayDiffers(f"{name}: forfeits differ on replay")
    return again


def replay_seed() -> int:
    """A fresh seed for the replay sample (a forger cannot know which games are replayed)."""
    import secrets

    return secrets.randbelow(2**32)


def check(result: LeagueResult, k: int = 1, seed: int | None = None) -> int:
    """Re-play ``k`` recorded games chosen with ``random.Random(seed)`` (None: a fresh seed,
    kept in ``result.replay_seed``); the number checked. A :class:`ReplayDiffers` or
    :class:`ReplayTimeout` (AssertionErrors) on the first that fails."""
    if isinstance(k, bool) or not isinstance(k, int) or k < 1:
        raise ValueError(f"k must be an int >= 1, not {k!r}")
    if seed is None:
        seed = replay_seed()
    result.replay_seed = seed
    chosen = random.Random(seed).sample(result.records, min(k, len(result.records)))
    for record in chosen:
        try:
            replay(result, record)
        except (ReplayDiffers, ReplayTimeout) as err:
            raise type(err)(f"{err} (the games to replay drawn with seed {seed})") from None
    return len(chosen)


def try_agent(agent, game: str = "tictactoe", *, opponents=None, games_per_pair: int = 2,
              move_time: float = 1.0, seed: int = 0, isolated: bool = True) -> LeagueResult:
    """A student's quick test: ``agent`` (a file or a function) against the examples
    (``opponents``: other files or entries), ``games_per_pair`` games each, in its own
    process with the league's limits (in this one where no process can start: a browser);
    a few seconds on small games."""
    from qsearch.league.examples import example_agents

    mine = collect_agents([agent], minimum=1)[0]       # a function: written to a temp folder
    pool = example_agents() if opponents is None else collect_agents(opponents, minimum=1)
    others = [s for s in pool if s.id != mine.id]
    return run_league(game, [mine, *others], None, move_time=move_time, seed=seed,
                      games_per_pair=games_per_pair, focus=mine.id, isolated=isolated,
                      progress=False, samples=200)
