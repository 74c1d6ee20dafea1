"""The report of :func:`qsearch.grading.check_search`: ``ok``, the findings, and their text.

``str(report)`` is plain text; in a notebook the report shows as Markdown or HTML
(``_repr_markdown_``, ``_repr_html_``). Everything is written in the language in use
(:mod:`qsearch.i18n`), and everything the student's code wrote (an error message, what it
printed) is escaped as data, never read as Markdown or HTML.
"""
from __future__ import annotations

import html

from qsearch.grading.cases import tree_text
from qsearch.grading.diagnose import Finding, node_differences
from qsearch.grading.evidence import late_cut_line, window_line
from qsearch.i18n import _
from qsearch.viz.searchtree import format_number

TITLES = {
    "no_pruning": "No pruning: every node is searched",
    "window_not_handed_down": "The window is not handed down to the children",
    "mover_view": "Leaves scored for the player to move, not for the root player",
    "late_cut_test": "The cut is tested one child late",
    "one_ply_too_deep": "One ply too deep",
    "cut_on_ties": "The last of equal values taken: a cut child chosen as the move",
    "in_place": "The state is changed in place",
    "raises": "The search raises an error",
    "loops": "The search does not stop",
    "recursion": "Recursion without end",
    "wrong_type": "The search does not return a number",
    "prints": "The search prints",
    "wrong_value": "A wrong value",
    "lost_value": "A cut that loses the value",
    "wrong_action": "A move that is not the best",
    "other_nodes": "Other nodes than alpha-beta's",
    "prunes": "Nodes left out: this is not plain minimax",
}
HINTS = {
    "no_pruning": "Alpha-beta stops searching a node's children once α ≥ β: the rest cannot "
                  "change the decision above.",
    "window_not_handed_down": "Hand each child the node's window as it is now: (α, β) "
                              "after the earlier children narrowed it, not (−∞, ∞) and "
                              "not the window the node was given.",
    "mover_view": "At the depth limit, call evaluate(state, root_player): the values of a "
                  "MAX/MIN search are the root player's.",
    "late_cut_test": "Take the child's value into α (or β) first, then test α ≥ β before "
                     "searching the next child.",
    "one_ply_too_deep": "Stop at depth == 0: the leaves are depth plies below the root.",
    "cut_on_ties": "A child cut on a tie returned only a bound: its true value may be lower. "
                   "Keep the first best move (take a move only when it is strictly better).",
    "in_place": "Search each child on state.child(action) (or a clone), or undo the action "
                "before the next one.",
    "raises": "Read the error and the line: the search must run on any position.",
    "loops": "The search was stopped after too many steps: look for a loop that never ends.",
    "recursion": "Each call must go one ply deeper and stop at depth 0 or at a finished "
                 "game.",
    "wrong_type": "Return the value (a number), or a pair (value, action).",
    "prints": "Printing is fine while you debug; it was not shown here.",
    "wrong_value": "Compare your search with minimax by hand on this small position.",
    "lost_value": "Your search cut nodes that alpha-beta searches, and lost the value there.",
    "wrong_action": "The move returned must be one whose value is the root's value.",
    "other_nodes": "The value is right, but the nodes visited are not alpha-beta's in the "
                   "game's order.",
    "prunes": "Minimax searches every child of every node.",
}
CASE_NAMES = {"toy": "toy tree {k}", "ties": "tree with ties {k}",
              "tie_root": "tree with a tie in the window", "early_cut": "tree with an early cut",
              "tictactoe": "tic-tac-toe",
              "tictactoe_end": "tic-tac-toe endgame", "connect4": "Connect-4",
              "connect4_threat": "Connect-4, a threat"}          # Case.family -> its name
SHOWN = 8           # nodes listed before "and N more"
STAR = "(* the evaluation's score at the depth limit: the tree goes on below)"
DEEPER = "(printed one ply deeper than depth {depth}, to show the level it searched too far)"
EVIDENCE = {"window_not_handed_down": window_line, "late_cut_test": late_cut_line}


def variant_name(variant: tuple[bool, bool]) -> str:
    """The alpha-beta of ``(strict, fail_hard)`` by its cut test, in the language in use."""
    return _("alpha-beta (cut on α > β, document 002)") if variant[0] else \
        _("alpha-beta (cut on α ≥ β)")


def path_name(case, path: tuple) -> str:
    """A node of ``case`` by name: a toy tree's node name, or the moves from the root."""
    if case.kind == "tree":
        return case.root.at(path).node_name()
    state, moves = case.root.clone(), []
    for a in path:
        moves.append(state.action_to_string(a))
        state.apply_action(a)
    return "·".join(moves) or _("root")


def case_name(case) -> str:
    """The case's name in the language in use."""
    return _(CASE_NAMES[case.family]).format(k=case.number)


def path_moves(case, path: tuple) -> str:
    """Where ``path`` leads, with the moves from the root: ``N9 (N1 → 0 → 0 → 1)`` in a toy
    tree (a node perhaps below the tree printed), the moves in a game."""
    if case.kind != "tree":
        return path_name(case, path)
    steps = " → ".join([case.root.node_name(), *map(str, path)])
    return f"{path_name(case, path)} ({steps})"


def position_lines(f: Finding) -> list[str]:
    """The finding's position as text lines (a toy tree's starred values explained; one ply
    deeper for a search one ply too deep, so the nodes it searched there are named)."""
    case = f.case
    if case.kind == "tree" and f.name == "one_ply_too_deep":
        lines = [tree_text(case.root, case.depth + 1), _(DEEPER).format(depth=case.depth)]
    else:
        lines = case.text().splitlines()
    if case.kind == "tree" and "*" in "".join(lines):
        lines.append(_(STAR))
    return lines


def _names(case, paths) -> str:
    names = [path_name(case, p) for p in paths[:SHOWN]]
    more = len(paths) - SHOWN
    if more > 0:
        names.append(_("and {n} more").format(n=more))
    return ", ".join(names)


def finding_lines(f: Finding, algorithm: str) -> list[str]:
    """The finding's sentences (plain text, the student's words included as they are)."""
    case, run = f.case, f.run
    where = _("{case}, depth {depth}").format(case=case_name(case), depth=case.depth)
    lines = [_("Smallest position: {where}.").format(where=where)]
    if f.name in ("raises", "recursion", "loops", "wrong_type"):
        lines.append(_("What happened: {message}").format(message=run.message))
        if run.where:
            lines.append(_("Where: {line}").format(line=run.where))
    elif f.name == "prints":
        first = run.printed.strip().splitlines()[:3]
        lines.append(_("It printed: {text}").format(text=" / ".join(first)))
    elif f.name == "in_place":
        if run.root_path:
            lines.append(_("When your search returned, the state it was given was no longer "
                           "the same: it was at {moves}.").format(
                moves=path_moves(case, run.root_path)))
        for path, action, _stacked in run.illegal[:1]:
            lines.append(_("It played {action} on a state already moved to {node}.").format(
                action=repr(action), node=path_moves(case, path)))
    else:
        lines += _comparison(f, algorithm)
    lines.append(_(HINTS[f.name]))
    return lines


def _comparison(f: Finding, algorithm: str) -> list[str]:
    case, run, want = f.case, f.run, f.want
    if algorithm == "alphabeta":            # the count and the lists from the same variant
        reference, target = variant_name(f.variant), want.visits[f.variant]
    else:
        reference, target = _("minimax"), want.all_visits
    lines = [_("Your search: value {value}, {nodes} nodes; {reference}: value {right}, "
               "{right_nodes} nodes.").format(
        value=format_number(run.value), nodes=len(run.visits), reference=reference,
        right=format_number(want.value), right_nodes=len(target))]
    extra, missing = node_differences(run, target)
    if extra:
        lines.append(_("Nodes it visited that {reference} does not ({n}): {names}.").format(
            n=len(extra), reference=reference, names=_names(case, extra)))
    if missing:
        lines.append(_("Nodes {reference} visits that it left out ({n}): {names}.").format(
            n=len(missing), reference=reference, names=_names(case, missing)))
    evidence = EVIDENCE.get(f.name)
    line = evidence(f, lambda path: path_name(case, path)) if evidence else None
    if line:
        lines.append(line)
    if run.action is not None and run.action not in want.children:
        lines.append(_("It returned the action {action}, not a legal move at the root.")
                     .format(action=run.action))
    elif run.action is not None and want.children[run.action] != want.value:
        lines.append(_("It chose {move}, worth only {value} (the best is worth {best}).")
                     .format(move=path_name(case, (run.action,)),
                             value=format_number(want.children[run.action]),
                             best=format_number(want.value)))
    return lines


class Report:
    """What :func:`~qsearch.grading.check_search` found (see the module docs)."""

    def __init__(self, algorithm: str, findings: list[Finding], runs: list) -> None:
        self.algorithm = algorithm
        self.findings = findings
        self.runs = runs            # (case, the student's run, what is right), smallest first
        self.cases = len(runs)      # positions checked

    def stepper(self, which: int | str | None = None, *, interval: int = 1000):
        """The student's search beside alpha-beta's on a finding's position
        (:class:`~qsearch.grading.stepper.SideBySide`): ``which`` is the finding's index or
        name (default: the first problem; with none, the smallest position checked)."""
        from qsearch.grading.stepper import SideBySide

        if which is None:
            serious = [f for f in self.findings if f.serious]
            finding = serious[0] if serious else Finding("ok", *self.runs[0])
        elif isinstance(which, str):
            named = [f for f in self.findings if f.name == which]
            if not named:
                raise ValueError(f"no finding called {which!r}; the findings: {self.names}")
            finding = named[0]
        elif isinstance(which, int) and not isinstance(which, bool):
            if not 0 <= which < len(self.findings):
                raise ValueError(f"which must be in 0..{len(self.findings) - 1}, not {which}")
            finding = self.findings[which]
        else:
            raise TypeError(f"which must be a finding's index or name, not "
                            f"{type(which).__name__}")
        return SideBySide(finding, self.algorithm, interval=interval)

    @property
    def ok(self) -> bool:
        """True when nothing but remarks was found."""
        return not any(f.serious for f in self.findings)

    @property
    def names(self) -> list[str]:
        """The findings' names, most serious and smallest first."""
        return [f.name for f in self.findings]

    def headline(self) -> str:
        """One sentence: passed, or how many problems."""
        problems = sum(f.serious for f in self.findings)
        name = _("alpha-beta") if self.algorithm == "alphabeta" else self.algorithm
        if not problems:
            return _("Your {algorithm} passed: the right values and nodes on {n} positions.") \
                .format(algorithm=name, n=self.cases)
        text = (_("Your {algorithm}: 1 problem found.") if problems == 1 else
                _("Your {algorithm}: {n} problems found."))
        return text.format(algorithm=name, n=problems)

    def __str__(self) -> str:
        out = [self.headline()]
        for k, f in enumerate(self.findings, 1):
            out.append(f"\n{k}. {_(TITLES[f.name])}")
            out += ["   " + line for line in finding_lines(f, self.algorithm)]
            out += ["   " + line for line in position_lines(f)]
        return "\n".join(out)

    def __repr__(self) -> str:
        return f"<Report {self.algorithm}: ok={self.ok}, findings={self.names}>"

    def _repr_markdown_(self) -> str:
        out = [f"**{_md(self.headline())}**"]
        for f in self.findings:
            out.append(f"\n* **{_md(_(TITLES[f.name]))}**")
            out += ["  " + _md(line) + "  " for line in finding_lines(f, self.algorithm)]
            out.append("\n  ```\n" + "\n".join("  " + t for t in position_lines(f))
                       .replace("`", "'") + "\n  ```")
        return "\n".join(out)

    def _repr_html_(self) -> str:
        colour = "#1a7f37" if self.ok else "#b42318"
        out = [f"<div class='qsearch-grading'><p style='color:{colour}'><b>"
               f"{html.escape(self.headline())}</b></p><ol>"]
        for f in self.findings:
            body = "<br>".join(html.escape(line) for line in finding_lines(f, self.algorithm))
            out.append(f"<li><b>{html.escape(_(TITLES[f.name]))}</b><br>{body}"
                       f"<pre>{html.escape(chr(10).join(position_lines(f)))}</pre></li>")
        out.append("</ol></div>")
        return "".join(out)


def _md(text: str) -> str:
    """``text`` as literal Markdown (the characters Markdown or HTML would read escaped)."""
    special = "\\`*_{}[]()#+-.!|<>&"
    return "".join("\\" + c if c in special else c for c in text)
