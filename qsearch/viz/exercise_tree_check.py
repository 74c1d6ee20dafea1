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

from qsearch.i18n import _
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
            return (_("Right.") if self.total == 1 else
                    _("All {total} answers are right.").format(total=self.total))
        if self.summary:
            return self.summary
        named = []
        for m in self.mistakes:                 # several entries can share one explanation
            if m.message and m.message not in named:
                named.append(m.message)
        if named:
            lines = [_("{right} of {total} right (counting the entries you made). To look at "
                       "again:").format(right=self.right, total=self.total)]
            lines += [f"- {text}" for text in named]
        elif self.total > 1:
            lines = [_("All {total} entries you made are right, but the exercise is not "
                       "complete: look at the blank boxes and at the branches without a ✂.")
                     .format(total=self.total)]
        elif self.total:
            lines = [_("The entry you made is right, but the exercise is not complete: look at "
                       "the blank boxes and at the branches without a ✂.")]
        else:
            lines = [_("No entry is made yet, but the exercise is not complete: look at the "
                       "blank boxes and at the branches without a ✂.")]
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
                                            _("{entry}: {text} is not a number (write 3, -2, "
                                              "inf or -inf).").format(
                                                entry=self._label(name, what), text=repr(text)),
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
            summary = self._nothing_entered()
        remarks = ()
        if self.algorithm != "minimax" and any(m.message and m.what in FIELDS
                                               for m in mistakes):
            remarks = (_(NEVER_REACHED),)
        self.grade = TreeGrade(made - wrong, made, tuple(mistakes), summary,
                               self._blank_line(), remarks)
        if self._widget is not None:
            self._refresh()
        return self.grade

    def _nothing_entered(self) -> str:
        """What a Check with no entry says: what to type (the windows, the ✂ and the blank
        nodes only where this exercise asks for them)."""
        if self.algorithm == "minimax":          # values only: every node is reached
            return _("Nothing is entered yet: type a value in each box, then press Check.")
        if self.ask_windows:
            return _("Nothing is entered yet: type a value in each box, its α and β (leave "
                     "blank the nodes the search never reaches) and click ✂ on each pruned "
                     "branch, then press Check.")
        return _("Nothing is entered yet: type a value in each box (leave blank the nodes the "
                 "search never reaches) and click ✂ on each pruned branch, then press Check.")

    @property
    def _stores(self) -> dict:
        return {"value": self.values, "alpha": self.alphas, "beta": self.betas}

    def _blank_line(self) -> str:
        """Every blank box of every inner node, reached or not: "Still blank: the value at
        M4 and M5, β at P2." (with ``reveal``, what the search puts in those it fills)."""
        parts, said = [], []
        blanks = {"value": _("the value at {nodes}"), "alpha": _("α at {nodes}"),
                  "beta": _("β at {nodes}")}
        for what in FIELDS:
            if what != "value" and not self.ask_windows:
                continue
            names = [n for n in self.inner
                     if self._stores[what].get(n) is None and (n, what) not in self.unreadable]
            if names:
                parts.append(blanks[what].format(nodes=in_words(names)))
            if self.reveal:
                said += [f"{self._label(n, what)} = {format_number(self._want(n, what))}"
                         for n in names if n in self.searched]
        if not parts:
            return ""
        text = _("Still blank: {boxes}.").format(boxes=", ".join(parts))
        if said:
            text += " " + _("(The search: {values}.)").format(values=", ".join(said))
        return text

    def _want(self, name, what):
        node = self.searched[name]
        return node.value if what == "value" else node.window[what == "beta"]

    def _label(self, name, what) -> str:
        if what == "value":
            return name
        return _("{node}'s {bound}").format(node=name, bound=GREEK[what])

    def _role(self, name) -> str:
        """MAX or MIN, from the node's depth (nodes the search never reaches have one too)."""
        return "MAX" if len(self._path(name)) % 2 == 0 else "MIN"

    def _wrong_message(self, name, what, given) -> str:
        role = self._role(name)
        said = format_number(given)
        if what == "value":
            text = _("{node} ({role}) does not return {value}. {hint}").format(
                node=name, role=role, value=said, hint=self._value_hint(name, role))
        else:
            text = _("{node} ({role}): its {bound} when it returns is not {value}. {hint}").format(
                node=name, role=role, bound=GREEK[what], value=said,
                hint=self._window_hint(what, role))
        if self.reveal:
            want = self._want(name, what) if name in self.searched else None
            text += " " + (_("(The search: {values}.)").format(values=format_number(want))
                           if want is not None else _("(The search never reaches it.)"))
        return text

    def _value_hint(self, name, role) -> str:
        is_max = role == "MAX"
        if self.algorithm == "minimax":
            return (_("Look again at its children: a MAX node returns the largest of the values "
                      "its children return.") if is_max else
                    _("Look again at its children: a MIN node returns the smallest of the "
                      "values its children return."))
        if self.fail_hard:
            text = (_("Fail-hard alpha-beta returns the largest value its children return, held "
                      "inside the window {node} was given; if a cut happens there, the bound "
                      "that was crossed ({node}'s β).") if is_max else
                    _("Fail-hard alpha-beta returns the smallest value its children return, "
                      "held inside the window {node} was given; if a cut happens there, the "
                      "bound that was crossed ({node}'s α)."))
            return text.format(node=name)
        return (_("Fail-soft alpha-beta returns the largest value among the children it "
                  "searches (the best value found, even after a cut).") if is_max else
                _("Fail-soft alpha-beta returns the smallest value among the children it "
                  "searches (the best value found, even after a cut)."))

    @staticmethod
    def _window_hint(what, role) -> str:
        moves = (role == "MAX") == (what == "alpha")
        if not moves:
            return _("A {role} node never changes its {bound}: it keeps the one its parent "
                     "passed down when it was entered.").format(role=role, bound=GREEK[what])
        if what == "alpha":
            return _("It starts as the α its parent passed down and rises to each larger value "
                     "a child returns.")
        return _("It starts as the β its parent passed down and falls to each smaller value a "
                 "child returns.")

    def _missed_cut(self, child) -> str:
        """Only with ``reveal``: the pruned branch the student left unmarked."""
        return _("The search prunes the branch to {child}, which has no ✂.").format(child=child)

    def _false_cut(self, child) -> Mistake:
        """A ✂ on a branch that is not pruned (searched, or below the pruned one): the same
        words either way."""
        parent = self.parent[child]
        test = self.cut_condition(self._role(parent) == "MAX")
        text = _("The ✂ on the branch to {child} is wrong: a branch is pruned when, after an "
                 "earlier child of {parent} ({role}) returns, {test} holds there; mark only "
                 "that branch, not the ones below it.").format(
            child=child, parent=parent, role=self._role(parent), test=test)
        if child in self.ids:
            step = self.search.nodes[self.ids[child]].entered_at
            said = _("(The search searches it.)")
        else:
            above = self._cut_ancestor(child)
            step = self.cuts[above].event
            said = _("(The search prunes the branch to {child}.)").format(child=above)
        return Mistake(child, "cut", False, True, step,
                       text + (" " + said if self.reveal else ""), asked=False)

    def _cut_ancestor(self, name) -> str:
        while name not in self.cuts:
            name = self.parent[name]
        return name


def _same(a, b) -> bool:
    if a is None or b is None:
        return a is b
    return a == b or (math.isfinite(a) and math.isfinite(b) and abs(a - b) < 1e-9)
