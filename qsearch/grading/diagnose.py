"""Compare a student's runs with the oracle and alpha-beta, and name what differs.

:func:`expected` computes what a right search does on a case (the oracle's values, and the
nodes qsearch's alpha-beta visits in both cut variants and both fail-hard and fail-soft).
:func:`findings` turns the student's runs on every case into findings, each on the
smallest case that shows it:

1. what the proxies and the sandbox saw: an error, a loop, a wrong type, a state changed in
   place, something printed;
2. the classic bugs: the smallest set of bugs (one, else two) whose buggy alpha-beta
   (:mod:`qsearch.grading.mutants`), in one variant, does exactly what the student's search
   did on every case (the same value, action and nodes in the same order); a search that
   takes a window but hands every child (-∞, ∞) is told apart from one that hands the
   window down but never cuts by the windows its calls received;
3. otherwise what differs: a wrong value, a cut that loses it, a move that is not best,
   other nodes than alpha-beta's.
"""
from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field

from qsearch.grading.cases import Case
from qsearch.grading.mutants import BUGS, reference_run
from qsearch.grading.oracle import root_values
from qsearch.grading.sandbox import Run

ALGORITHMS = ("minimax", "negamax", "alphabeta")
VARIANTS = tuple(itertools.product((False, True), (False, True)))   # (strict, fail_hard)
SEARCH_BUGS = ("mover_view", "one_ply_too_deep")        # bugs a search without cuts can have


@dataclass
class Expected:
    """What a right search does on a case."""

    value: float                    # the oracle's root value
    children: dict                  # root action -> its child's value
    visits: dict                    # (strict, fail_hard) -> alpha-beta's paths in order
    all_visits: list                # plain minimax's paths in order

    def targets(self, algorithm: str) -> list:
        """The node orders a right search of ``algorithm`` visits."""
        return list(self.visits.values()) if algorithm == "alphabeta" else [self.all_visits]


@dataclass
class Finding:
    """One problem, on the smallest case that shows it."""

    name: str                       # "no_pruning", "raises", ... (see report.TITLES)
    case: Case
    run: Run                        # the student's run there
    want: Expected                  # what a right search does there
    details: dict = field(default_factory=dict)     # "variant": the bug's (strict, fail_hard)

    @property
    def serious(self) -> bool:
        """False for a remark (something printed) that does not fail the check."""
        return self.name != "prints"

    @property
    def variant(self) -> tuple[bool, bool]:
        """``(strict, fail_hard)`` of the alpha-beta the finding is compared with: the
        variant the named bug was found in, else the one whose nodes are closest."""
        return self.details.get("variant") or closest_variant(self.want, self.run)


def expected(case: Case) -> Expected:
    """The oracle's values and qsearch's node orders on ``case``."""
    from qsearch.search import alphabeta, minimax
    from qsearch.viz.searchtree import build_search_tree

    def paths(result):
        tree = build_search_tree(result.trace)
        return [n.path for n in sorted(tree.nodes.values(), key=lambda n: n.id)]

    options = {"depth": case.depth, "evaluate": case.evaluate, "win_value": case.win,
               "trace": True}
    value, children = root_values(case)
    visits = {(s, h): paths(alphabeta(case.root, strict=s, fail_hard=h, **options))
              for s, h in VARIANTS}
    return Expected(value, children, visits, paths(minimax(case.root, **options)))


def same(a: float | None, b: float | None) -> bool:
    """Equal values (None never equals anything)."""
    return a is not None and b is not None and (a == b or math.isclose(a, b, abs_tol=1e-9))


def is_right(algorithm: str, run: Run, want: Expected) -> bool:
    """True when ``run`` has the oracle's value, a best move (if any) and a right node order."""
    return (same(run.value, want.value)
            and (run.action is None or same(want.children.get(run.action), want.value))
            and run.visits in want.targets(algorithm))


def findings(algorithm: str, runs: list[tuple[Case, Run, Expected]]) -> list[Finding]:
    """Every problem of the student's ``runs`` (cases smallest first), one finding each."""
    found: dict[str, Finding] = {}

    def add(name, case, run, want, **details):
        if name not in found:
            found[name] = Finding(name, case, run, want, details)

    clean = []
    for case, run, want in runs:
        if run.printed:
            add("prints", case, run, want)
        error = _error(run)
        if error:
            add(error, case, run, want)
        else:
            clean.append((case, run, want))
    wrong = [(c, r, w) for c, r, w in clean if not is_right(algorithm, r, w)]
    if wrong:
        named = _name_bugs(algorithm, clean)
        if named:
            group, variant = named
            for bug in group:
                case, run, want = _shown(bug, variant, wrong)
                add(_bug_name(bug, run), case, run, want, variant=variant)
        else:
            for case, run, want in wrong:
                for name in _differences(algorithm, run, want):
                    add(name, case, run, want)
    return sorted(found.values(), key=lambda f: (not f.serious, f.case.size))


def _error(run: Run) -> str | None:
    if run.illegal and any(stacked for _, _, stacked in run.illegal):
        return "in_place"
    if run.error is not None:
        return run.error.replace(" ", "_")
    return "in_place" if run.root_path else None


def _name_bugs(algorithm: str, clean) -> tuple | None:
    """``(bugs, (strict, fail_hard))``: the smallest group of bugs whose search does what
    the student's did on every error-free case; None when no group does."""
    if algorithm == "alphabeta":
        groups = [(b,) for b in BUGS] + list(itertools.combinations(BUGS, 2))
    else:
        groups = [("no_pruning", b) for b in SEARCH_BUGS] + [("no_pruning", *SEARCH_BUGS)]
    for group in groups:
        for variant in VARIANTS:
            if all(_reproduces(case, group, variant, run) for case, run, _ in clean):
                return (group if algorithm == "alphabeta" else group[1:]), variant
    return None


def _reproduces(case: Case, group, variant, run: Run) -> bool:
    ref = reference_run(case, group, strict=variant[0], fail_hard=variant[1])
    return (ref.visits == run.visits and same(ref.value, run.value)
            and (run.action is None or ref.action == run.action))


def _shown(bug: str, variant, wrong):
    """The smallest wrong case where ``bug`` alone makes a search differ from a right one."""
    for case, run, want in wrong:
        ref = reference_run(case, (bug,), strict=variant[0], fail_hard=variant[1])
        algorithm = "minimax" if bug == "no_pruning" else "alphabeta"
        if bug == "late_cut_test" and ref.visits == want.all_visits:
            continue                # cuts nothing here: it would look like no pruning
        if bug == "no_pruning" or not is_right(algorithm, ref, want):
            return case, run, want
    return wrong[0]


def _bug_name(bug: str, run: Run) -> str:
    """The finding's name: ``no_pruning`` becomes ``window_not_handed_down`` when the
    search's calls take a window and every call below the root got (-∞, ∞)."""
    if bug == "stale_window":
        return "window_not_handed_down"
    below = [c for c in run.calls if c.path and c.alpha is not None]
    if bug == "no_pruning" and below and all(
            math.isinf(c.alpha) and math.isinf(c.beta or math.inf) for c in below):
        return "window_not_handed_down"
    return bug


def _differences(algorithm: str, run: Run, want: Expected) -> list[str]:
    """Names for what differs when no classic bug explains it."""
    targets = want.targets(algorithm)
    missing = any(p not in set(run.visits) for p in targets[0])
    out = []
    if not same(run.value, want.value):
        out.append("lost_value" if missing and algorithm == "alphabeta" else "wrong_value")
    if run.action is not None and not same(want.children.get(run.action), want.value):
        out.append("wrong_action")
    if not out and run.visits not in targets:
        out.append("prunes" if missing and algorithm != "alphabeta" else "other_nodes")
    return out


def closest_variant(want: Expected, run: Run) -> tuple[bool, bool]:
    """``(strict, fail_hard)`` of the alpha-beta whose nodes are closest to the run's."""
    def distance(item):
        visits = item[1]
        return len(set(visits) ^ set(run.visits)) + (visits != run.visits)
    return min(want.visits.items(), key=distance)[0]


def node_differences(run: Run, target: list) -> tuple[list, list]:
    """``(extra, missing)``: paths the student visited that ``target`` (a right search's
    paths in order) does not, and paths ``target`` visits that the student did not."""
    seen, ref = set(run.visits), set(target)
    return [p for p in run.visits if p not in ref], [p for p in target if p not in seen]
