"""Write notebooks/11_class_league.ipynb from the cells below (then execute and strip it):

    .venv/bin/python scripts/make_notebook_11.py
    .venv/bin/jupyter nbconvert --to notebook --execute --inplace notebooks/11_class_league.ipynb
    .venv/bin/python scripts/strip_notebooks.py notebooks/11_class_league.ipynb

A cell is ``(kind, source)`` or ``(kind, source, tags)``; tags mark outputs nbval must not
compare (pictures).
"""
from __future__ import annotations

from pathlib import Path

import nbformat

IGNORE = ["nbval-ignore-output"]

CELLS = [
    ("markdown", """\
# A class league

Many AI courses end the same way: every student writes a program that plays a game, and the
programs play each other. Document 004's course has its students write ParCheckers agents that
must beat the course's own bots; other courses hold a Connect-4 or Othello tournament. This
lesson is that tournament, run fairly, safely and reproducibly by `qsearch.league`:

1. **Write an agent** from the template: a file with a `choose(state)` function.
2. **Test it** against the three example agents in a few seconds.
3. **See what a mistake costs**: an agent that runs out of time, plays an illegal move,
   crashes or prints too much loses that game, and the league goes on.
4. **Run a small league** on Connect-4: every pair plays both colours from the same
   starting positions, each agent in its own process with a time limit per move.
5. **Read the leaderboard**: points, Bradley-Terry ratings with 95% intervals, Elo, and the
   head-to-head matrix.
6. **How many games** must two agents play before their ratings can be told apart? Measured.
7. **The course's bots** as fixed opponents (ParCheckers, document 004).

`docs/LEAGUE.md` has the full agent contract, the limits on each operating system, and how an
instructor runs a league for a class from the command line."""),
    ("code", """\
import random
import tempfile
from pathlib import Path

from qsearch.league import (course_agents, example_agents, games_needed, read_agent,
                            run_league, separation_study, try_agent, write_template)
from qsearch.league.examples import path as example_path
from qsearch.league.ratings import GameResult, rate, sequential_elo
from qsearch.core.tables import markdown

folder = Path(tempfile.mkdtemp(prefix="league-lesson-"))   # the class's agent files


def show(text):
    "Print text with this lesson's temporary folder hidden (it changes at every run)."
    print(str(text).replace(str(folder), "<folder>"))"""),
    ("markdown", """\
## 1. Write an agent from the template

`write_template` copies the template that ships with qsearch. Its comments are the contract:
`choose(state)` gets a copy of the position and returns one of `state.legal_actions()`;
the file runs afresh for every game (module variables are memory for one game), an optional
`new_game(player)` learns the seat, and `random` is seeded by the league so every game can be
replayed."""),
    ("code", """\
template = write_template(folder / "my_agent.py")
show(template.read_text())"""),
    ("markdown", """\
A student, Ana, fills it in. Her agent takes a win when it has one, never plays a move after
which the opponent can win at once, and otherwise prefers the middle of its legal moves (on
Connect-4, the centre columns). Nothing in it is specific to one game."""),
    ("code", """\
(folder / "blocker.py").write_text('''\\
\"\"\"Ana's agent: win now if I can; never give the opponent a win in one; else the middle.\"\"\"
NAME = "blocker"
AUTHOR = "Ana (a student)"

me = None


def new_game(player):
    global me
    me = player


def wins(state, action, player):
    child = state.clone()
    child.apply_action(action)
    return child.is_terminal() and child.returns()[player] > 0


def gives_a_win(state, action):
    child = state.clone()
    child.apply_action(action)
    if child.is_terminal():
        return False
    return any(wins(child, reply, 1 - me) for reply in child.legal_actions())


def choose(state):
    actions = state.legal_actions()
    for action in actions:
        if wins(state, action, me):
            return action
    safe = [a for a in actions if not gives_a_win(state, a)] or actions
    return safe[len(safe) // 2]
''')
ana = read_agent(folder / "blocker.py")        # read without running it: NAME and AUTHOR
print(f"id {ana.id!r}, name {ana.name!r}, author {ana.author!r}")"""),
    ("markdown", """\
## 2. Test it against the examples, in a few seconds

`try_agent` plays the file against the three examples that ship with qsearch (random; greedy
one-ply; alpha-beta at depth 4 with a heuristic), two games each with both colours, each agent
in its own process with the league's limits. It is what `python my_agent.py` runs (the
template's last lines). On tic-tac-toe:"""),
    ("code", """\
trial = try_agent(folder / "blocker.py", "tictactoe", games_per_pair=4)
show(trial.to_markdown())"""),
    ("markdown", """\
The columns: the **rating** (Bradley-Terry, on the Elo scale; section 5) and its 95%
**interval**, **Elo** (the classic sequential rating), **points** (win 1, draw 0.5), W-D-L,
**forfeits** (games lost by a mistake, by reason) and the mean time a move. With only four
games a pair the intervals are wide; that is the point of section 6."""),
    ("markdown", """\
## 3. What a mistake costs

Each agent runs in its own process, started fresh (not a copy of the league's), and the
league, not the agent, keeps the clock. Four agents with the commonest mistakes: one thinks
past its time, one plays a square that is taken, one raises an exception, one prints in a
loop. Each loses the game in which it errs; the record says why, with the end of the
traceback, and the league goes on."""),
    ("code", """\
mistakes = folder / "mistakes"
mistakes.mkdir()
(mistakes / "slowpoke.py").write_text(
    "import time\\ndef choose(state):\\n    time.sleep(3 * MOVE_TIME)\\n"
    "    return state.legal_actions()[0]\\n")
(mistakes / "cheater.py").write_text("def choose(state):\\n    return 4   # the centre, always\\n")
(mistakes / "typo.py").write_text("def choose(state):\\n    return state.legal_action()[0]\\n")
(mistakes / "chatterbox.py").write_text(
    "def choose(state):\\n    while True:\\n        print('hmm, let me think...')\\n")
(mistakes / "steady.py").write_text(
    "NAME = 'steady'\\ndef choose(state):\\n    return state.legal_actions()[-1]\\n")
costly = run_league("tictactoe", mistakes, None, move_time=0.5, games_per_pair=2,
                    focus="steady", progress=False)
for forfeit in costly.forfeits():
    show(f"{forfeit['game']}: {forfeit['agent']} lost by {forfeit['reason']!r}")
    show("    " + forfeit["detail"].strip().splitlines()[-1][:110])"""),
    ("markdown", """\
The cheater's first move is legal (the centre is free) and its second is not: the league
checks every move against the real position, which it alone keeps. Every reason the league
records (a file that does not import or loops at import, no `choose`, an exception, an
illegal or malformed move, a timeout, a flood of output, a crash, the memory or CPU limit)
is listed in `qsearch.league.REASONS`. The limits isolate **mistakes, not malice**: an agent
can still read files or open sockets (`docs/LEAGUE.md`)."""),
    ("markdown", """\
## 4. A small league on Connect-4

The class: Ana's blocker, the three examples, and two deliberately weak agents, "leftmost"
(always the first legal column) and "coin flip" (a random choice between the first two). Six
agents, four games a pair: both colours of the first two starting positions of lesson 07's
tournaments, at most one second a move. The records go to `games.jsonl` as each game ends, so
a league that is stopped resumes where it stopped; `leaderboard.md`, `leaderboard.csv` and
`head_to_head.png` are written at the end."""),
    ("code", """\
classroom = folder / "class"
classroom.mkdir()
for name in ("blocker.py",):
    (classroom / name).write_text((folder / name).read_text())
for spec in example_agents():
    (classroom / Path(spec.target).name).write_text(Path(spec.target).read_text())
(classroom / "leftmost.py").write_text(
    "NAME = 'leftmost'\\ndef choose(state):\\n    return state.legal_actions()[0]\\n")
(classroom / "coin_flip.py").write_text(
    "import random\\nNAME = 'coin flip'\\n"
    "def choose(state):\\n    return random.choice(state.legal_actions()[:2])\\n")
league = run_league("connect4", classroom, folder / "out", move_time=1.0, games_per_pair=4,
                    seed=11, progress=False)
print(league)
print(sorted(p.name for p in (folder / "out").iterdir()))"""),
    ("code", """\
show(league.to_markdown())"""),
    ("markdown", """\
The two deliberately weak agents are not at the bottom. One ply of look-ahead takes a win
but never sees the opponent's: "leftmost" stacks its discs in the first column, and the
greedy example does not block the fourth. The head-to-head scores say so:"""),
    ("code", """\
ids, points, games = league.head_to_head()
for weak in ("leftmost", "coin_flip"):
    for other in ("greedy_agent", "random_agent"):
        i, j = ids.index(weak), ids.index(other)
        print(f"{league.row(weak)['agent']:9} against {league.row(other)['agent']:15}: "
              f"{points[i, j]:g} of {games[i, j]} points")
stacked = next(r for r in league.records if {r["a"], r["b"]} == {"greedy_agent", "leftmost"}
               and r["winner"] is not None
               and (r["a"] if r["winner"] == r["a_seat"] else r["b"]) == "leftmost")
print("\\nthe end of a game leftmost won against greedy one-ply:")
print(league.states(stacked)[-1])"""),
    ("markdown", """\
The head-to-head matrix: each cell is the row agent's points against the column agent (out
of four games), coloured by its share."""),
    ("code", """\
league.heatmap();""", IGNORE),
    ("markdown", """\
Every game can be replayed from its record: the record holds the opening's actions and
every action after it, so the positions follow (`league.states(record)`), and
`qsearch.league.replay` plays it again in fresh processes, move for move."""),
    ("code", """\
from qsearch.league import replay

record = league.records[0]
positions = league.states(record)
print(f"{record['a']} v {record['b']}, game {record['g']}: {record['plies']} moves from "
      f"opening {record['opening']}, returns {record['returns']}")
print(positions[-1])
again = replay(league, record)
print("replayed move for move:", again["actions"] == record["actions"])"""),
    ("markdown", """\
## 5. Reading the ratings

**Points** depend on whom you played; in a full round robin everyone played everyone, so
they rank well here, but they say nothing about *how much* better. The **Bradley-Terry**
model gives each agent a strength so that agent *i* beats agent *j* with probability
1 / (1 + 10^((R_j - R_i)/400)) on the Elo scale (a draw counts half a win each way); the
league fits it by maximum likelihood with the `choix` library. 100 points apart means the
stronger scores about 64%. The check below compares that prediction with what the pairs
actually scored:"""),
    ("code", """\
ids, points, games = league.head_to_head()
rows = []
for i, a in enumerate(ids):
    for j, b in enumerate(ids):
        if i < j and games[i, j]:
            ra, rb = league.row(a)["rating"], league.row(b)["rating"]
            rows.append({"pair": f"{league.row(a)['agent']} v {league.row(b)['agent']}",
                         "predicted": 1 / (1 + 10 ** ((rb - ra) / 400)),
                         "scored": points[i, j] / games[i, j]})
print(markdown(rows[:8]))
gap = sum(abs(r["predicted"] - r["scored"]) for r in rows) / len(rows)
print(f"mean gap between prediction and score over the {len(rows)} pairs: {gap:.2f}")"""),
    ("markdown", """\
The **interval** is a bootstrap: each pair's games are drawn again with replacement, the model
is fitted again, a thousand times; 95% of the refitted ratings lie inside. The **Elo** column
is the rating chess federations update game by game (K = 16, everyone starts at 1500). It
depends on the order of the games, which Bradley-Terry does not; the same games in another
order:"""),
    ("code", """\
counted = [GameResult(r["a"], r["b"], r["score_a"]) for r in league.records
           if r["score_a"] is not None]
shuffled = counted[:]
random.Random(1).shuffle(shuffled)
names = [s.id for s in league.agents]
in_order, reordered = sequential_elo(names, counted), sequential_elo(names, shuffled)
bt_again = rate(names, shuffled, samples=0)
for k, name in enumerate(names):
    print(f"{name:16} Elo {in_order[name]:6.0f} -> {reordered[name]:6.0f}   "
          f"Bradley-Terry {league.row(name)['rating']:6.0f} -> {bt_again.rating[k]:6.0f}")"""),
    ("markdown", """\
## 6. How many games before two ratings can be told apart?

The answer depends on how different the two agents are, so it is measured here on three pairs
of Connect-4 agents: alpha-beta at depth 4 against depth 3, depth 4 against depth 2, and depth
2 against depth 3 (the example with another `DEPTH`). Each pair plays 128 games, five times
over with other seeds; after the first n games two tests are asked:

* **bootstrap apart**: the two Bradley-Terry 95% intervals do not overlap (the league's
  method);
* **Wilson apart**: the Wilson 95% interval of the first agent's score excludes 50%.

The agents run in this process (they are trusted, and this takes seconds instead of
minutes); the table gives the share of the five repeats in which each test separated them."""),
    ("code", """\
depths = {}
for depth in (2, 3):
    text = example_path("alphabeta_agent").read_text()
    text = text.replace("DEPTH = 4", f"DEPTH = {depth}").replace(
        'NAME = "alpha-beta depth 4"', f'NAME = "alpha-beta depth {depth}"')
    (folder / f"alphabeta{depth}.py").write_text(text)
    depths[depth] = read_agent(folder / f"alphabeta{depth}.py")
depth4 = read_agent(example_path("alphabeta_agent"))
study = separation_study("connect4", [(depth4, depths[3]), (depth4, depths[2]),
                                      (depths[2], depths[3])], repeats=5, seed=0)
print(markdown(study))"""),
    ("code", """\
needed_wilson = games_needed(study, "Wilson apart")
needed_boot = games_needed(study, "bootstrap apart")
final = {r["pair"]: r["mean score"] for r in study if r["games"] == 128}
for pair, n in needed_wilson.items():
    print(f"{pair}: scores {final[pair]:.0%} over 128 games; told apart in 80% of repeats "
          f"from {n if n else 'more than 128'} games on (Wilson), "
          f"{needed_boot[pair] if needed_boot[pair] else 'more than 128'} (bootstrap)")
early = [r for r in study if r["games"] == 2]
print("after 2 games the bootstrap already says 'apart' in",
      ", ".join(f"{r['bootstrap apart']:.0%}" for r in early), "of the repeats")"""),
    ("markdown", """\
What the numbers say:

* The two pairs with a clear gap need **tens of games** before they are told apart in most
  repeats (the counts are printed above); the pair closest to even is not told apart within
  128 games, and an even pair should never be.
* After two games the bootstrap intervals sometimes "separate" two agents (the last line
  above), which is nonsense: a 2-0 start has nothing to resample, so its interval has no
  width. The bootstrap is trustworthy only with enough games a pair; Wilson's interval, built
  for small counts, never separates them after two games. For a class league this means: four
  games a pair rank a class roughly; to decide whether a student beats a given bot, give that
  pair tens of games (`run_league(..., focus="student")` plays one agent's pairs only)."""),
    ("markdown", """\
## 7. The course's own bots

Document 004's course grades ParCheckers agents against its bots. `course_agents` enters them
(agents 0-3 of `qsearch.arena.parcheckers_agents`) as fixed opponents, and the leaderboard
gets a column "beats the course": yes when an agent's interval lies above every bot's. Here
the random example against agents 0-2 (agent 3, minimax at depth 4, joins the same way):"""),
    ("code", """\
bots = course_agents("parcheckers")
for bot in bots:
    print(f"{bot.id}: {bot.name}")
randomly = [s for s in example_agents() if s.id == "random_agent"]
course = run_league("parcheckers", randomly + bots[:3], None, games_per_pair=4, seed=3,
                    progress=False)
show(course.to_markdown())"""),
    ("markdown", """\
## 8. For the instructor: a league for a class

Collect the students' files in one folder (each file's name is its id) and run, from a shell:

```bash
python -m qsearch league connect4 submissions/ --move-time 1.0 --games-per-pair 4 --out league/
```

It prints the leaderboard and writes `league/leaderboard.md`, `leaderboard.csv`,
`head_to_head.png` and the records. Run it again after a late submission: only the new
agent's games (and those of any file that changed) are played. `--workers 2` uses a local
process pool, `--scheduler tcp://host:8786` a Dask cluster, `--course` adds document 004's bots
on ParCheckers, `--replay 5` plays five recorded games again to check them. The same from
Python is `run_league(game, folder, out, ...)`.

## Exercises

1. Make Ana's agent beat the alpha-beta example on Connect-4 at one second a move (hint:
   `qsearch.search.iterative_deepening(state, 20, line_weights, time_limit=MOVE_TIME / 2)`),
   and check it with `try_agent(..., "connect4")`.
2. Measure, with `separation_study`, how many games "blocker" and the greedy example need
   before Wilson's test tells them apart on Connect-4.
3. Write an agent that only fails in one game of four (say, when `SEED` is divisible by 4)
   and find its forfeit in the records."""),
    ("markdown", """\
## Appendix: checks

The claims this notebook makes, as `assert`s (this cell fails if any stops being true):"""),
    ("code", """\
assert {r["id"] for r in trial.rows} == {"blocker", "random_agent", "greedy_agent",
                                          "alphabeta_agent"}
reasons = {f["agent"]: f["reason"] for f in costly.forfeits()}
assert reasons == {"slowpoke": "timeout", "cheater": "illegal", "typo": "exception",
                   "chatterbox": "flood"}
assert costly.row("steady")["forfeits"] == {}
assert len(league.records) == 6 * 5 // 2 * 4 and league.played == 60
assert sum(r["points"] for r in league.rows) == 60
assert [r["rank"] for r in league.rows] == list(range(1, 7))
assert again["actions"] == record["actions"]
leftmost, greedy = ids.index("leftmost"), ids.index("greedy_agent")
assert points[leftmost, greedy] > games[leftmost, greedy] / 2
assert league.row("leftmost")["rank"] < league.row("greedy_agent")["rank"]
assert league.row("coin_flip")["rank"] < league.row("greedy_agent")["rank"]
assert all(8 <= needed_wilson[p] <= 128 for p in ("alpha-beta depth 4 v alpha-beta depth 3",
                                                  "alpha-beta depth 4 v alpha-beta depth 2"))
assert all(r["Wilson apart"] == 0 for r in early) and any(r["bootstrap apart"] for r in early)
assert in_order != reordered and abs(bt_again.rating - [league.row(n)["rating"]
                                                       for n in names]).max() < 1e-6
assert needed_wilson["alpha-beta depth 2 v alpha-beta depth 3"] is None
assert course.row("random_agent")["beats_course"] is False"""),
    ("code", """\
import shutil

shutil.rmtree(folder)         # the lesson's agent files and records"""),
]


def build() -> nbformat.NotebookNode:
    """The notebook, unexecuted."""
    nb = nbformat.v4.new_notebook()
    nb.metadata = {"kernelspec": {"display_name": "Python 3", "language": "python",
                                  "name": "python3"},
                   "language_info": {"name": "python"}}
    for cell in CELLS:
        kind, source = cell[0], cell[1]
        tags = cell[2] if len(cell) > 2 else []
        made = nbformat.v4.new_markdown_cell(source) if kind == "markdown" else \
            nbformat.v4.new_code_cell(source)
        if tags:
            made.metadata["tags"] = list(tags)
        made.pop("id", None)
        nb.cells.append(made)
    nb.nbformat, nb.nbformat_minor = 4, 4
    return nb


def main() -> int:
    target = Path(__file__).resolve().parents[1] / "notebooks" / "11_class_league.ipynb"
    nbformat.write(build(), str(target))
    print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
