"""``python -m qsearch league GAME DIR ... --out OUT``: a class league from the shell."""
from __future__ import annotations

import argparse
import sys

from qsearch.i18n import _, number
from qsearch.league.display import terminal


def add_cli(sub) -> None:
    """Add the ``league`` subcommand to the CLI's subparsers."""
    p = sub.add_parser("league", help=_("a class league: students' agent files, each in its "
                                        "own process, play a round robin; ratings and a "
                                        "leaderboard"))
    p.add_argument("game", help=_("any game qsearch.games.load knows (tictactoe, connect4, "
                                  "openspiel:breakthrough, ...) or module:Class"))
    p.add_argument("agents", nargs="*", metavar="DIR",
                   help=_("folders of agent files (every *.py not starting with _) or files"))
    p.add_argument("--out", required=True, help=_("folder of the records (games.jsonl, "
                                                  "resumed when present) and the leaderboard"))
    p.add_argument("--move-time", type=float, default=1.0,
                   help=_("seconds a move (default %(default)s); past it the game is lost"))
    p.add_argument("--game-time", type=float, default=None,
                   help=_("seconds a game in total"))
    p.add_argument("--games-per-pair", type=int, default=4,
                   help=_("games every pair plays, both colours of each opening (default "
                          "%(default)s)"))
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--examples", action="store_true",
                   help=_("add qsearch's three example agents (random, greedy, alpha-beta)"))
    p.add_argument("--course", action="store_true",
                   help=_("add the course's own bots as fixed opponents (parcheckers: "
                          "document 004's agents 0-3)"))
    p.add_argument("--game-module", default=None, metavar="MODULE", action=Once,
                   help=_("a module (a name, or a path to a .py file, imported by path) every "
                          "process imports first: one whose qsearch.games.register(...) calls "
                          "register the game. It is trusted: it runs UNJAILED, with your "
                          "rights, in the league's process and every agent's worker; never a "
                          "student's file. Everything in the agents' folders is untrusted: "
                          "the league imports nothing from them (nor from the game module's "
                          "folder)"))
    p.add_argument("--focus", default=None, help=_("only the games of this agent (its id)"))
    p.add_argument("--workers", type=int, default=None, help=_("a local process pool of N"))
    p.add_argument("--scheduler", default=None,
                   help=_("a Dask scheduler's address (tcp://host:8786): play on that "
                          "cluster"))
    p.add_argument("--timeout", default="10s", help=_("how long to wait for the scheduler"))
    p.add_argument("--load-time", type=float, default=10.0,
                   help=_("seconds to run an agent's file (default %(default)s)"))
    p.add_argument("--memory-mb", type=int, default=1024,
                   help=_("memory of an agent's process, Linux/macOS (default %(default)s; "
                          "0: none)"))
    p.add_argument("--cpu-time", type=float, default=600.0,
                   help=_("CPU seconds an agent may use in one game, Linux/macOS (default "
                          "%(default)s; 0: none)"))
    p.add_argument("--output-bytes", type=int, default=100_000,
                   help=_("what an agent may print in one game (default %(default)s)"))
    p.add_argument("--processes", type=int, default=32,
                   help=_("processes and threads an agent may run at once, in its jail "
                          "(default %(default)s; 0: none)"))
    p.add_argument("--file-mb", type=int, default=64,
                   help=_("the largest file an agent may write, and its /tmp in a jail "
                          "(default %(default)s; 0: none)"))
    jail = p.add_mutually_exclusive_group()
    jail.add_argument("--require-sandbox", action="store_true",
                      help=_("refuse to run unless every agent can be jailed (bubblewrap)"))
    jail.add_argument("--no-sandbox", action="store_true",
                      help=_("run the agents without a jail, on purpose (trusted code only)"))
    p.add_argument("--key-file", default=None, metavar="FILE",
                   help=_("the key the records are signed with (default: league.key in "
                          "$QSEARCH_CONFIG_DIR, $XDG_CONFIG_HOME/qsearch or ~/.config/qsearch, "
                          "made on first use); never in the records folder"))
    p.add_argument("--strict", action="store_true",
                   help=_("refuse to resume when a recorded game fails its checks, its "
                          "signature first (default: report it and play it again)"))
    p.add_argument("--samples", type=int, default=1000,
                   help=_("bootstrap resamples of the rating intervals (default "
                          "%(default)s)"))
    p.add_argument("--replay", type=int, metavar="K", default=None,
                   help=_("re-play K recorded games, drawn with a fresh seed (printed), and "
                          "check them move for move, before the leaderboard is written"))
    p.add_argument("--replay-seed", type=int, metavar="N", default=None,
                   help=_("draw --replay's games with this seed (to repeat a check)"))
    p.add_argument("--no-progress", action="store_true", help=_("no progress bar"))
    p.set_defaults(func=cmd_league)


class Once(argparse.Action):
    """An option given at most once: a second ``--game-module`` is refused, not taken
    instead of the first."""

    def __call__(self, parser, namespace, values, option_string=None):
        if getattr(namespace, self.dest, None) is not None:
            parser.error(_("{option} given twice ({first} and {second}): a league plays one "
                           "game; give it once").format(
                               option=option_string, first=repr(getattr(namespace, self.dest)),
                               second=repr(values)))
        setattr(namespace, self.dest, values)


def _check_agents_path(name: str, examples: bool = False) -> None:
    """A ValueError (one line, exit status 2) for a missing folder or one with no agent files
    (with ``--examples`` an empty folder is only a warning: the examples still play)."""
    from pathlib import Path

    path = Path(name)
    if path.suffix == ".py":
        return                                  # a file: read_agent says if it is missing
    if not path.exists():
        raise ValueError(_("{name} does not exist: put the class's agent files (.py) in it, "
                           "or give the files").format(name=name))
    if path.is_dir() and not any(not p.name.startswith(("_", "."))
                                 for p in path.glob("*.py")):
        message = _("{name} holds no agent files (*.py not starting with _): put the class's "
                    "agent files in it, or give the files").format(name=name)
        if not examples:
            raise ValueError(message)
        print(_("warning: {message}; only the examples play").format(message=message),
              file=sys.stderr)


def cmd_league(args) -> int:
    """Run the league the arguments describe; print the leaderboard."""
    import warnings

    from qsearch.league import Limits, example_agents
    from qsearch.league.jail import choose_jail
    from qsearch.league.runner import ReplayTimeout, run_league

    for name in args.agents:
        _check_agents_path(name, examples=args.examples)
    agents = list(args.agents) + (example_agents() if args.examples else [])
    if not agents and not args.course:
        raise ValueError(_("name a folder of agent files (or pass --examples)"))
    if args.workers is not None and args.scheduler is not None:
        raise ValueError(_("pass --workers or --scheduler, not both"))
    if args.replay is not None and args.replay < 1:
        raise ValueError(_("--replay must be >= 1, not {n}").format(n=args.replay))
    limits = Limits(move_time=args.move_time, game_time=args.game_time,
                    load_time=args.load_time, memory_mb=args.memory_mb or None,
                    cpu_time=args.cpu_time or None, output_bytes=args.output_bytes,
                    processes=args.processes or None, file_mb=args.file_mb or None)
    sandbox = "require" if args.require_sandbox else "none" if args.no_sandbox else "auto"
    try:
        jail, why = choose_jail(sandbox)
    except RuntimeError as err:
        print(_("error: {message}").format(message=err), file=sys.stderr)
        return 2
    print(_("sandbox: {jail}").format(jail=jail.describe()) if jail is not None else
          _("warning: agents are not isolated: {why}").format(why=why), file=sys.stderr)
    executor, closer = None, None
    if args.scheduler is not None:
        from qsearch.arena.cluster import dask_executor

        executor, closer = dask_executor(args.scheduler, args.timeout)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("always", RuntimeWarning)
            warnings.showwarning = _print_warning
            result = run_league(args.game, agents, args.out, limits=limits,
                                games_per_pair=args.games_per_pair, seed=args.seed,
                                course=args.course, focus=args.focus,
                                game_module=args.game_module, executor=executor,
                                workers=args.workers, sandbox=sandbox, strict=args.strict,
                                replay=args.replay or 0, replay_seed=args.replay_seed,
                                progress=not args.no_progress, key=args.key_file,
                                samples=args.samples)
    except ReplayTimeout as err:
        print(_("error: {message}; the leaderboard was not written").format(
            message=terminal(str(err))), file=sys.stderr)
        return 1
    except AssertionError as err:
        print(_("error: a recorded game differs on replay: {error}; the leaderboard was not "
                "written").format(error=terminal(str(err))), file=sys.stderr)
        return 1
    finally:
        if closer is not None:
            closer()
    counts = _("{skipped} already recorded").format(skipped=result.skipped)
    if result.stale:
        counts += _(", {n} of changed agents left out").format(n=result.stale)
    if result.rejected:
        counts += _(", {n} rejected records").format(n=len(result.rejected))
    print(_("{played} games played ({counts}), wall time {seconds} s; {out}/leaderboard.md, "
            "leaderboard.csv, head_to_head.png written").format(
                played=result.played, counts=counts,
                seconds=number(result.wall, 1, grouped=False), out=args.out), file=sys.stderr)
    if result.replayed:
        print(_("{n} recorded games re-played, identical (drawn with --replay-seed {seed})")
              .format(n=result.replayed, seed=result.replay_seed), file=sys.stderr)
    print(terminal(result.to_markdown(), newlines=True))
    return 0


def _print_warning(message, category, filename, lineno, file=None, line=None) -> None:
    """A warning of the league on the terminal: its text, not the source line."""
    if "agents were not isolated" in str(message):
        return                          # said at the start already
    print(_("warning: {message}").format(message=terminal(str(message), newlines=True)),
          file=sys.stderr)
