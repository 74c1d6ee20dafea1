"""Write notebooks/12_check_your_own_search.ipynb from the cells below (then execute and strip
it, and build its Spanish copy):

    .venv/bin/python scripts/make_notebook_12.py
    NB=notebooks/12_check_your_own_search.ipynb
    .venv/bin/jupyter nbconvert --to notebook --execute --inplace $NB
    .venv/bin/python scripts/strip_notebooks.py --coalesce $NB
    .venv/bin/python scripts/add_png_fallbacks.py $NB
    .venv/bin/python scripts/build_spanish.py 12
    .venv/bin/python scripts/strip_notebooks.py --coalesce notebooks/es/12_*.ipynb

(``--coalesce`` joins the stdout the kernel split at random flushes: no stray blank lines.)

The cells are the committed notebook's: edit them here and in the notebook together. A cell is
``(id, kind, source)`` or ``(id, kind, source, tags)``; the ids are fixed, since the Spanish
catalogue (notebooks/es/po/12_check_your_own_search.po) keys on them. The buggy searches' code
is :mod:`qsearch.grading.examples`'s (``source(name)``), which the grading's tests also use.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import notebook_cells  # noqa: E402  (scripts/notebook_cells.py: the shared builder)

from qsearch.grading.examples import source  # the buggy searches, as a student reads them

IGNORE = ["nbval-ignore-output"]

CELLS = [
    ("c12-title", "markdown", """\
# Check your own search

In the courses qsearch follows, the student writes the search. Document 001 is a student's
practice: alpha-beta for Connect-4, in Java, written by the student (Pavel Razgovorov,
*Algoritmo Minimax con poda α-β para el juego Conecta-4*, "Minimax algorithm with α-β pruning
for the game Connect-4"). Document 003's class notes (Mendoza, 2020) work alpha-beta by hand
before anyone codes it, and document 004's practice has students write their own agents.

A search that plays legal moves can still be wrong, and the usual bugs do not crash: a search
that prunes nothing plays the same moves as alpha-beta, only slower; one that is a ply too
deep plays reasonable moves. What shows each bug is two numbers an oracle can compute on a
small tree: the **value**, and the **nodes visited** against alpha-beta's in the same move
order.

`qsearch.grading.check_search(fn, algorithm)` computes both. It runs your function on small
positions (toy trees, trees with ties, tic-tac-toe and Connect-4), through states that record
every node your search asks about, and compares it with a plain minimax and with qsearch's
alpha-beta. Its report names the bug on the smallest position that shows it. In this lesson we
write minimax, then alpha-beta; then we make each classic mistake on purpose and see it
named; then we step through our own search beside alpha-beta's."""),
    ("c12-imports", "code", """\
import math

from qsearch.grading import check_search

INF = math.inf"""),
    ("c12-contract", "markdown", """\
## The contract

Your function is called as `fn(state, depth, evaluate, ...)`:

* `state` is a game state with OpenSpiel's method names: `current_player()`,
  `legal_actions()`, `child(action)` (a new state; `clone()` and `apply_action(action)` also
  work, and `undo_action()` takes an action back), `is_terminal()` and `returns()`;
* `depth` is how many plies to search;
* `evaluate(state, player)` scores a position for `player`; it also scores finished games,
  the same as `state.returns()[player]`, so either may be used.

It returns the value for the player to move at the root (the root player), or a pair
`(value, action)`. The parameters after the first three say its form: none (a negamax, or a
function that calls a helper of its own), `maximizing` (a flag, True at the root), `alpha,
beta` (a window, (−∞, ∞) at the root), and a parameter whose name contains `player` gets
the root player. Any other signature is a `TypeError` that lists these.

## Minimax first

Minimax in MAX/MIN form, as document 003 writes it: MAX takes the largest value of its
children, MIN the smallest, and every value is the root player's."""),
    ("c12-minimax", "code", """\
def minimax(state, depth, evaluate, maximizing, player):
    \"\"\"The value of state for player, the root player (MAX).\"\"\"
    if state.is_terminal() or depth == 0:
        return evaluate(state, player)
    values = [minimax(state.child(a), depth - 1, evaluate, not maximizing, player)
              for a in state.legal_actions()]
    return max(values) if maximizing else min(values)


report = check_search(minimax, "minimax")
print(report)"""),
    ("c12-negamax-md", "markdown", """\
The same search in negamax form: each value is for the player to move, so a child's value is
negated. The checker's evaluations are zero-sum, so both forms must find the same numbers."""),
    ("c12-negamax", "code", """\
def negamax(state, depth, evaluate):
    \"\"\"The value of state for the player to move there.\"\"\"
    return negamax_for(state, depth, evaluate, state.current_player())


def negamax_for(state, depth, evaluate, me):
    \"\"\"The value of state for me, the player to move there (or who would be).\"\"\"
    if state.is_terminal() or depth == 0:
        return evaluate(state, me)
    return max(-negamax_for(state.child(a), depth - 1, evaluate, 1 - me)
               for a in state.legal_actions())


print(check_search(negamax, "negamax"))"""),
    ("c12-alphabeta-md", "markdown", """\
## Then alpha-beta

Alpha-beta keeps a window (α, β): α is what MAX is already sure of, β what MIN is already sure
of. Each child gets the window as it is now; once α ≥ β the rest of the node's children
cannot change the decision above, and they are cut. The checker compares the nodes your search
visits, in order, with qsearch's alpha-beta in the game's move order. It accepts both cut
tests of the documents (α ≥ β, and document 002's strict α > β), and both fail-hard and
fail-soft returns."""),
    ("c12-alphabeta", "code", """\
def alphabeta(state, depth, evaluate, alpha, beta, maximizing, player):
    \"\"\"Fail-soft alpha-beta in MAX/MIN form: the value for player, the root player.\"\"\"
    if state.is_terminal() or depth == 0:
        return evaluate(state, player)
    best = -INF if maximizing else INF
    for a in state.legal_actions():
        v = alphabeta(state.child(a), depth - 1, evaluate, alpha, beta, not maximizing, player)
        if maximizing:
            best = max(best, v)
            alpha = max(alpha, best)
        else:
            best = min(best, v)
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best


report = check_search(alphabeta, "alphabeta")
print(report)"""),
    ("c12-minimax-as-ab-md", "markdown", """\
## The classic bugs, one by one

Each function below is `alphabeta` with one line changed, marked `# BUG`. The first bug needs
no new code: minimax itself, checked as alpha-beta, **prunes nothing**. The report shows the
smallest position where that costs nodes, the nodes alpha-beta would not visit, and the
position itself (a toy tree's values marked `*` are the evaluation's scores at the depth
limit). The counts and the lists are against one alpha-beta, named in the line: the one with
the cut test α ≥ β, as in the text above, unless your search is closer to document 002's
α > β."""),
    ("c12-no-pruning", "code", """\
print(check_search(minimax, "alphabeta"))"""),
    ("c12-window-md", "markdown", """\
**A window not handed down.** Each child is called with (−∞, ∞) instead of the node's window.
Every node then starts from (−∞, ∞) and narrows only its own side (α at MAX, β at MIN), so
α ≥ β never holds: this is plain minimax with extra arguments, and it visits the same nodes
as no pruning. The report tells the two apart by the window a node received."""),
    ("c12-window", "code", source("window_not_handed_down") + """


print(check_search(window_not_handed_down))"""),
    ("c12-mover-md", "markdown", """\
**The mover's view at the leaves.** In MAX/MIN form every value is the root player's. Scoring
a leaf for the player to move there is right in negamax, wrong here: at every leaf where MIN
is to move, the score has the wrong sign."""),
    ("c12-mover", "code", source("mover_view") + """


print(check_search(mover_view))"""),
    ("c12-late-md", "markdown", """\
**The cut tested a child late.** Testing α ≥ β before the child's value is taken into the
window finds every cut one child late: the value stays right, but at each cut one more child
is searched, and its value is not used. Where a node has two children that extra child is
the last one anyway, so the report shows it on a node with three."""),
    ("c12-late", "code", source("late_cut_test") + """


late_report = check_search(late_cut_test)
print(late_report)"""),
    ("c12-deep-md", "markdown", """\
**One ply too deep.** `depth < 0` instead of `depth == 0`: every leaf is one ply further
down, so the values change and the search costs a whole extra level. The report prints the
tree one ply deeper, so that the nodes of that extra level are in it."""),
    ("c12-deep", "code", source("one_ply_too_deep") + """


print(check_search(one_ply_too_deep))"""),
    ("c12-ties-md", "markdown", """\
**A cut on ties, and the last of equal values taken.** Cutting when α = β is right for the
value: what is cut cannot change it. But the child cut on a tie returns only a bound: its true
value may be lower. A search that returns its move and takes the *last* of equal values (`>=`)
can then choose that child, a move that is worse than it looks. Document 002's strict test
(α > β) searches such a child to the end; with α ≥ β, keep the first best move."""),
    ("c12-ties", "code", source("cut_on_ties") + """


print(check_search(cut_on_ties))"""),
    ("c12-inplace-md", "markdown", """\
**A state changed in place.** `apply_action` changes the state itself. Without `undo_action`
afterwards (or a `child`, or a `clone`), the second child is played on top of the first."""),
    ("c12-inplace", "code", source("in_place") + """


print(check_search(in_place))"""),
    ("c12-hostile-md", "markdown", """\
## Code that breaks

A search under construction may raise, loop, recurse without end or print. None of that
reaches the notebook: an error is reported with its line, a search that runs too long is
stopped (every question asked of a state, and every line of your code, counts against a
budget, and an alarm rings after 10 seconds on one position), and what it prints is kept
aside. A call into C that does not return to Python until it ends (`sum(range(10**12))`) is
the one thing the checker cannot stop.

Below, `no_base_case` never tests `is_terminal()` or `depth`: it goes down until a finished
game, whose `legal_actions()` is empty, and `max()` of nothing raises a `ValueError`.
`same_state_again` calls itself on the same state forever, and `never_stops` loops."""),
    ("c12-hostile", "code", """\
def no_base_case(state, depth, evaluate):
    return max(-no_base_case(state.child(a), depth - 1, evaluate)
               for a in state.legal_actions())


def same_state_again(state, depth, evaluate):
    return -same_state_again(state, depth - 1, evaluate)


def never_stops(state, depth, evaluate):
    while True:
        pass


for broken in (no_base_case, same_state_again, never_stops):
    print(f"{broken.__name__}:")
    print(check_search(broken, "negamax"))
    print()"""),
    ("c12-stepper-md", "markdown", """\
## Your search beside alpha-beta's

`report.stepper()` opens qsearch's stepper on the smallest position of the first finding and
steps through **your own search**: the nodes it visited in its order, the window your function
passed and the values it returned, beside qsearch's alpha-beta on the same tree, in the
variant the report compared with (its title names the cut test, α ≥ β here). Both trees show
a node's window after its latest update: for your search, the window your function was
passed, narrowed by the values its children returned. Here the search that tests its cut a
child late: on the left it visits N7, which alpha-beta, on the right, cuts."""),
    ("c12-stepper", "code", """\
late_report.stepper()""", IGNORE),
    ("c12-captions-md", "markdown", """\
The steps, in words (the same captions the stepper shows):"""),
    ("c12-captions", "code", """\
side = late_report.stepper()
for k, caption in enumerate(side.student.captions(), 1):
    print(f"{k:2}. {caption}")"""),
    ("c12-summary", "markdown", """\
## Summary

| bug | what it changes | the report shows |
|---|---|---|
| no pruning | nodes | the nodes alpha-beta cuts |
| window not handed down | nodes | the window a node received, and alpha-beta's |
| mover's view at the leaves | value | both values, and the nodes |
| cut tested a child late | nodes | the child searched and not used |
| one ply too deep | value and nodes | a whole extra level |
| cut on ties, last tie taken | move | the move chosen and its true value |
| state changed in place | everything | where the state was left |

## Exercises

1. Write alpha-beta in negamax form, `fn(state, depth, evaluate, alpha, beta)`, and check it.
2. Make it fail-hard (return α or β, the bound crossed), and then make its cut strict
   (α > β): the checker accepts all four variants.
3. Return `(value, action)` and take a move only when it is strictly better. Then try `>=` with
   the strict cut: is the move still right? Why?
4. Put two bugs in one function. Which does the report name?

## Appendix: checks"""),
    ("c12-asserts", "code", """\
assert check_search(minimax, "minimax").ok and check_search(negamax, "negamax").ok
assert check_search(alphabeta).ok
assert check_search(minimax).names == ["no_pruning"]
assert check_search(window_not_handed_down).names == ["window_not_handed_down"]
assert check_search(mover_view).names == ["mover_view"]
assert late_report.names == ["late_cut_test"]
assert check_search(one_ply_too_deep).names == ["one_ply_too_deep"]
assert check_search(cut_on_ties).names == ["cut_on_ties"]
assert check_search(in_place).names == ["in_place"]
assert len(side.student.tree.nodes) > len(side.reference.tree.nodes)   # the child cut late"""),
]


def build():
    """The notebook, unexecuted."""
    return notebook_cells.build(CELLS)


if __name__ == "__main__":
    raise SystemExit(notebook_cells.write(CELLS, "12_check_your_own_search.ipynb"))
