"""A class league: students' agents, each in its own process with limits, play a round robin
on any two-player game; Bradley-Terry ratings with bootstrap intervals, Elo, a leaderboard
and a head-to-head heatmap; resumable, on one process, a pool or a Dask cluster.

    >>> from qsearch.league import run_league, try_agent
    >>> result = run_league("connect4", "agents/", "league-out", move_time=1.0)  # doctest: +SKIP
    >>> print(result.to_markdown())                                            # doctest: +SKIP

``python -m qsearch league GAME DIR --out OUT`` does the same from a shell. The agent
contract, the limits on each OS and how to run a class league are in ``docs/LEAGUE.md``.

The parts, one job each:

* :mod:`~qsearch.league.agent_file`: an agent file, a notebook function or a course bot as
  an entry; loading and checking it (in the agent's process);
* :mod:`~qsearch.league.sandbox` and :mod:`~qsearch.league.worker`: the agent's process and
  its limits; :mod:`~qsearch.league.jail`: its bubblewrap jail on Linux;
* :mod:`~qsearch.league.referee`: one game, refereed;
* :mod:`~qsearch.league.schedule`: the game, pairs, colours, openings, seeds, the records;
* :mod:`~qsearch.league.verify`: records checked before a resumed league counts them;
* :mod:`~qsearch.league.ratings`: Bradley-Terry (``choix``; without numpy, scipy or choix
  :mod:`~qsearch.league.bradley_terry`, plain Python), bootstrap intervals, Elo;
* :mod:`~qsearch.league.leaderboard`: ``leaderboard.md``, ``.csv`` and the heatmap;
* :mod:`~qsearch.league.runner`: the league on any executor, replays, :func:`try_agent`;
* :mod:`~qsearch.league.display`: what a student wrote, escaped for each output (issue 42);
* :mod:`~qsearch.league.trust`: what the league's process may import (the trust boundary);
* :mod:`~qsearch.league.signing`: the records' HMAC under the teacher's key;
* :mod:`~qsearch.league.study`: how many games two agents need before their ratings separate;
* :mod:`~qsearch.league.examples`: the template and three example agents.
"""
from qsearch._lazy import lazy_exports

# Public names and their modules, imported on first use: an agent's process imports
# qsearch.league.worker and should not pay for the runner, the ratings and the plots.
_WHERE = {
    "REASONS": "agent_file", "AgentError": "agent_file", "AgentSpec": "agent_file",
    "agent_from_function": "agent_file", "agents_in": "agent_file",
    "course_agents": "agent_file", "read_agent": "agent_file",
    "example_agents": "examples", "write_template": "examples",
    "PRIOR": "ratings", "Ratings": "ratings", "fit_bradley_terry": "ratings", "rate": "ratings",
    "LeagueResult": "runner", "check": "runner", "close_agents": "runner",
    "collect_agents": "runner", "replay": "runner", "run_league": "runner",
    "ReplayDiffers": "runner", "ReplayTimeout": "runner",
    "try_agent": "runner",
    "InProcessAgent": "sandbox", "Limits": "sandbox", "Sandbox": "sandbox",
    "find_jail": "jail", "load_records": "verify",
    "GameSpec": "schedule", "openings": "schedule",
    "separation_study": "study", "games_needed": "study",
}
__getattr__, __dir__, __all__ = lazy_exports(__name__, _WHERE)

