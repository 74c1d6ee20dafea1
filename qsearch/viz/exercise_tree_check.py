"""How the tree exercises grade: :class:`TreeChecking` (their ``check()``) and its result.

A check says right or wrong for **each entry the student made** (a box filled in, a ✂
marked) and nothing about the boxes left blank or the ✂ not marked, beyond listing every
blank box of every inner node: a check that named the nodes where cuts happen, or listed as
blank only the nodes the search reaches, would give the pruned branches away. So:

* the count is "k of N right" over the N entries made (not over the answers the search
  expects, whose number depends on how much it prunes);
* a wrong value or window gets a hint that depends only on the node's role (MAX or MIN) and
  on what was entered, the same whether the node is searched, is cut or is never reached;
* a wrong ✂ is wrong, with the same reminder of the cut test wherever it is;
* a pruned branch left unmarked, or a box left blank that the search fills, is a mistake
  (the exercise is not passed) that the text does not name; the "Still blank" line lists
  every blank box, reached or not.

``reveal=True`` (an instructor's switch) adds what the search did to the messages.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from qsearch.viz.exercise_grading import Grade, Mistake, in_words
from qsearch.viz.searchtree import format_number

GREEK = {"alpha": "α", "beta": "β"}
FIELDS = ("value", "alpha", "beta")
NEVER_REACHED = "The boxes of a node the search never reaches stay blank."


@dataclass(frozen=True)
class TreeGrade(Grade):
    """A tree exercise's grade: ``right`` of the ``total`` entries made are right; the
    mistakes (named ones and unnamed ones: blank answers, unmarked pruned branches) in the
    order the search meets them; ``blank`` is the "Still blank" line, ``remarks`` lines said
    after the named mistakes."""

    blank: str = ""
    remarks: tuple = ()

    def __str__(self) -> str:
        if self.passed:
            return "Right." if self.total == 1 else f"All {self.total} answers are right."
        if self.summary:
            return self.summary
        named = []
        for m in self.mistakes:                 # several entries can share one explanation
            if m.message and m.message not in named:
                named.append(m.message)
        if named:
            lines = [f"{self.right} of {self.total} right (counting the entries you made). "
                     "To look at again:"] + [f"- {text}" for text in named]
        else:
            lines = [(f"All {self.total} entries you made are right" if self.total > 1 else
                      "The entry you made is right" if self.total else "No entry is made yet")
                     + ", but the exercise is not complete: look at the blank boxes and at "
                     "the branches without a ✂."]
        if self.blank:
            lines.append(self.blank)
        lines += list(self.remarks)
        return "\n".join(lines)

    @property
    def named(self) -> tuple:
        """The mistakes the text names (on entries the student made)."""
        return tuple(m for m in self.mistakes if m.message)


class TreeChecking:
    """The ``check()`` of :class:`~qsearch.viz.exercise_tree.TreeExercise` and its messages
    (a mixin: it reads the exercise's tree, search and entries)."""

    def check(self) -> TreeGrade:
        """Grade every entry made against the search: "k of N right" (N: the entries made)
        and the mistakes in the order the search meets them (so the first is where to start
        looking), each saying what to look at again without the right number and without
        telling which branches are pruned (see the module docs)."""
        mistakes = []
        made = 0
        for name in self.inner:
            node = self.searched.get(name)
            if node is None:
                step = self.cuts[self._cut_ancestor(name)].event
                wants = {"value": None, "alpha": None, "beta": None}
            else:
                step = (node.exited_at if node.exited_at is not None
                        else len(self.result.trace) - 1)
                wants = {"value": node.value, "alpha": node.window[0], "beta": node.window[1]}
            for what in FIELDS[:3 if self.ask_windows else 1]:
                given = self._stores[what].get(name)
                want = wants[what]
                if (name, what) in self.unreadable:
                    made += 1
                    text = self.unreadable[name, what]
                    mistakes.append(Mistake(name, what, want, text, step,
                                            f"{self._label(name, what)}: {text!r} is not a "
                                            "number (write 3, -2, inf or -inf).",
                                            asked=node is not None))
                elif given is None:
                    if node is not None:        # a blank the search fills: not named
                        mistakes.append(Mistake(name, what, want, None, step, ""))
                else:
                    made += 1
                    if node is None or not _same(given, want):
                        mistakes.append(Mistake(name, what, want, given, step,
                                                self._wrong_message(name, what, given),
                                                asked=node is not None))
        if self.ask_cuts:
            made += len(self.marked)
            for child, edge in self.cuts.items():
                if child not in self.marked:    # a pruned branch not marked: not named
                    mistakes.append(Mistake(child, "cut", True, False, edge.event,
                                            self._missed_cut(child) if self.reveal else ""))
            for child in sorted(self.marked - set(self.cuts), key=self.inner_order):
                mistakes.append(self._false_cut(child))
        mistakes.sort(key=lambda m: (m.step, self.inner_order(m.node)))
        wrong = sum(1 for m in mistakes if m.what != "cut" and m.given is not None
                    or m.what == "cut" and m.given is True)      # on entries made
        summary = ""
        if not made and not self.reveal:
            what = "a value in each box" + (", its α and β" if self.ask_windows else "")
            cuts = " and click ✂ on each pruned branch" if self.ask_cuts else ""
            blank = (" (leave blank the nodes the search never reaches)"
                     if self.algorithm != "minimax" else "")
            summary = f"Nothing is entered yet: type {what}{blank}{cuts}, then press Check."
        remarks = ()
        if self.algorithm != "minimax" and any(m.message and m.what in FIELDS
                                               for m in mistakes):
            remarks = (NEVER_REACHED,)
        self.grade = TreeGrade(made - wrong, made, tuple(mistakes), summary,
                               self._blank_line(), remarks)
        if self._widget is not None:
            self._refresh()
        return self.grade

    @property
    def _stores(self) -> dict:
        return {"value": self.values, "alpha": self.alphas, "beta": self.betas}

    def _blank_line(self) -> str:
        """Every blank box of every inner node, reached or not: "Still blank: the value at
        M4 and M5, β at P2." (with ``reveal``, what the search puts in those it fills)."""
        parts, said = [], []
        for what, label in (("value", "the value"), ("alpha", "α"), ("beta", "β")):
            if what != "value" and not self.ask_windows:
                continue
            names = [n for n in self.inner
                     if self._stores[what].get(n) is None and (n, what) not in self.unreadable]
            if names:
                parts.append(f"{label} at {in_words(names)}")
            if self.reveal:
                said += [f"{self._label(n, what)} = {format_number(self._want(n, what))}"
                         for n in names if n in self.searched]
        if not parts:
            return ""
        text = f"Still blank: {', '.join(parts)}."
        if said:
            text += " (The search: " + ", ".join(said) + ".)"
        return text

    def _want(self, name, what):
        node = self.searched[name]
        return node.value if what == "value" else node.window[what == "beta"]

    def _label(self, name, what) -> str:
        return name if what == "value" else f"{name}'s {GREEK[what]}"

    def _role(self, name) -> str:
        """MAX or MIN, from the node's depth (nodes the search never reaches have one too)."""
        return "MAX" if len(self._path(name)) % 2 == 0 else "MIN"

    def _wrong_message(self, name, what, given) -> str:
        role = self._role(name)
        said = format_number(given)
        if what == "value":
            text = f"{name} ({role}) does not return {said}. {self._value_hint(name, role)}"
        else:
            text = (f"{name} ({role}): its {GREEK[what]} when it returns is not {said}. "
                    + self._window_hint(what, role))
        if self.reveal:
            want = self._want(name, what) if name in self.searched else None
            text += (f" (The search: {format_number(want)}.)" if want is not None else
                     " (The search never reaches it.)")
        return text

    def _value_hint(self, name, role) -> str:
        pick = "largest" if role == "MAX" else "smallest"
        if self.algorithm == "minimax":
            return (f"Look again at its children: a {role} node returns the {pick} of the "
                    "values its children return.")
        if self.fail_hard:
            crossed = "β" if role == "MAX" else "α"
            return (f"Fail-hard alpha-beta returns the {pick} value its children return, "
                    f"held inside the window {name} was given; if a cut happens there, the "
                    f"bound that was crossed ({name}'s {crossed}).")
        return (f"Fail-soft alpha-beta returns the {pick} value among the children it "
                "searches (the best value found, even after a cut).")

    @staticmethod
    def _window_hint(what, role) -> str:
        moves = (role == "MAX") == (what == "alpha")
        if not moves:
            return (f"A {role} node never changes its {GREEK[what]}: it keeps the one its "
                    "parent passed down when it was entered.")
        direction = "rises to each larger" if what == "alpha" else "falls to each smaller"
        return (f"It starts as the {GREEK[what]} its parent passed down and {direction} value "
                "a child returns.")

    def _missed_cut(self, child) -> str:
        """Only with ``reveal``: the pruned branch the student left unmarked."""
        return f"The search prunes the branch to {child}, which has no ✂."

    def _false_cut(self, child) -> Mistake:
        """A ✂ on a branch that is not pruned (searched, or below the pruned one): the same
        words either way."""
        parent = self.parent[child]
        test = self.cut_condition(self._role(parent) == "MAX")
        text = (f"The ✂ on the branch to {child} is wrong: a branch is pruned when, after an "
                f"earlier child of {parent} ({self._role(parent)}) returns, {test} holds "
                "there; mark only that branch, not the ones below it.")
        if child in self.ids:
            step = self.search.nodes[self.ids[child]].entered_at
            said = " (The search searches it.)"
        else:
            above = self._cut_ancestor(child)
            step = self.cuts[above].event
            said = f" (The search prunes the branch to {above}.)"
        return Mistake(child, "cut", False, True, step,
                       text + (said if self.reveal else ""), asked=False)

    def _cut_ancestor(self, name) -> str:
        while name not in self.cuts:
            name = self.parent[name]
        return name


def _same(a, b) -> bool:
    if a is None or b is None:
        return a is b
    return a == b or (math.isfinite(a) and math.isfinite(b) and abs(a - b) < 1e-9)
