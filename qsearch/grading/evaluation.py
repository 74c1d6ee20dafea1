"""``check_evaluation``: does a student's evaluation keep the contract every search relies on?

``check_evaluation(f, game)`` plays seeded random games of ``game`` and calls
``f(state, player)`` for both players at every position reached, finished ones included. It
checks that each call

* returns a real number (not a bool, not NaN) and does not raise;
* leaves the state as it was (:func:`qsearch.games.contract.snapshot`);
* returns the same number when called again (the searches may call it twice);
* lies within the declared bounds (``bounds=``, else ``f.bounds``), which the searches use
  to place a win above every heuristic value;
* is zero-sum when declared so (``zero_sum=True``, else ``f.zero_sum``):
  ``f(s, 1) == -f(s, 0)``, which a negamax that scores leaves for the player to move needs.

It returns an :class:`EvaluationReport`: ``ok``, one finding per problem on the first
position (the fewest moves) that shows it, text and HTML in the language in use.
"""
from __future__ import annotations

import html
import math
import numbers
import random
from dataclasses import dataclass

from qsearch.games.contract import snapshot
from qsearch.i18n import _

TITLES = {
    "raises": "The evaluation raises an error",
    "not_a_number": "The evaluation does not return a number",
    "changes_state": "The evaluation changes the state",
    "not_deterministic": "The evaluation gives two values for one position",
    "out_of_bounds": "A value outside the declared bounds",
    "not_zero_sum": "Not zero-sum, though declared so",
}


@dataclass
class EvaluationFinding:
    """One broken rule, on the position (reached by ``moves``) that shows it first."""

    name: str
    moves: list
    position: str
    detail: str


class EvaluationReport:
    """What :func:`check_evaluation` found."""

    def __init__(self, findings: list[EvaluationFinding], positions: int) -> None:
        self.findings = findings
        self.positions = positions

    @property
    def ok(self) -> bool:
        """True when every position kept every rule."""
        return not self.findings

    @property
    def names(self) -> list[str]:
        """The findings' names."""
        return [f.name for f in self.findings]

    def _lines(self) -> list[tuple[str, list[str]]]:
        out = []
        for f in self.findings:
            moves = " ".join(f.moves) or _("none")
            out.append((_(TITLES[f.name]), [_("After the moves: {moves}").format(moves=moves),
                                           f.detail, *f.position.splitlines()]))
        return out

    def headline(self) -> str:
        """One sentence: passed, or how many problems."""
        if self.ok:
            return _("Your evaluation keeps the contract on {n} positions.").format(
                n=self.positions)
        return _("Your evaluation: {n} broken rule(s).").format(n=len(self.findings))

    def __str__(self) -> str:
        out = [self.headline()]
        for k, (title, lines) in enumerate(self._lines(), 1):
            out += [f"\n{k}. {title}"] + ["   " + line for line in lines]
        return "\n".join(out)

    def __repr__(self) -> str:
        return f"<EvaluationReport ok={self.ok}, findings={self.names}>"

    def _repr_html_(self) -> str:
        items = "".join(f"<li><b>{html.escape(t)}</b><pre>{html.escape(chr(10).join(ls))}"
                        f"</pre></li>" for t, ls in self._lines())
        return f"<div><p><b>{html.escape(self.headline())}</b></p><ol>{items}</ol></div>"


def _declared(f, bounds, zero_sum):
    if bounds is None:
        bounds = getattr(f, "bounds", None)
    if bounds is not None:
        lo, hi = (float(b) for b in bounds)
        if not lo <= hi:
            raise ValueError(f"bounds must be (low, high) with low <= high, not {bounds!r}")
        bounds = (lo, hi)
    if zero_sum is None:
        zero_sum = bool(getattr(f, "zero_sum", False))
    return bounds, zero_sum


def check_evaluation(f, game, *, games: int = 20, seed: int = 0, bounds=None,
                     zero_sum: bool | None = None, max_moves: int = 200) -> EvaluationReport:
    """Check ``f(state, player)`` on random positions of ``game`` (a state, or a name for
    :func:`qsearch.games.load`); see the module docs."""
    if not callable(f):
        raise TypeError(f"check_evaluation needs a function f(state, player), not "
                        f"{type(f).__name__}")
    if isinstance(game, str):
        from qsearch.games import load
        game = load(game)
    for name, n in (("games", games), ("max_moves", max_moves)):
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise ValueError(f"{name} must be a positive int, not {n!r}")
    bounds, zero_sum = _declared(f, bounds, zero_sum)
    rng = random.Random(seed)
    found: dict[str, EvaluationFinding] = {}
    positions = 0
    for _game in range(games):
        state, moves = game.clone(), []
        while True:
            positions += 1
            for name, detail in _problems(f, state, bounds, zero_sum):
                old = found.get(name)
                if old is None or len(moves) < len(old.moves):
                    found[name] = EvaluationFinding(name, list(moves), str(state), detail)
            if state.is_terminal() or len(moves) >= max_moves:
                break
            if state.current_player() < 0:          # a chance node: an outcome by its weight
                outcomes = state.chance_outcomes()
                action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
            else:
                action = rng.choice(state.legal_actions())
            moves.append(state.action_to_string(action))
            state.apply_action(action)
    order = list(TITLES)
    return EvaluationReport(sorted(found.values(), key=lambda x: order.index(x.name)),
                            positions)


def _problems(f, state, bounds, zero_sum) -> list[tuple[str, str]]:
    """``(name, detail)`` of each rule ``f`` breaks at ``state``."""
    out, values = [], {}
    for player in (0, 1):
        before = snapshot(state)
        copy = state.clone()
        try:
            value = f(copy, player)
            again = f(copy, player)
        except Exception as err:                                       # noqa: BLE001
            return [("raises", f"{type(err).__name__}: {err}")]
        if snapshot(copy) != before:
            out.append(("changes_state", _("the state changed during f(state, {p})").format(
                p=player)))
        if isinstance(value, bool) or not isinstance(value, numbers.Real) or \
                (isinstance(value, float) and math.isnan(value)):
            return out + [("not_a_number", _("f(state, {p}) returned {value}").format(
                p=player, value=repr(value)[:60]))]
        if again != value:
            out.append(("not_deterministic", f"{value!r} != {again!r}"))
        if bounds is not None and not bounds[0] <= value <= bounds[1]:
            out.append(("out_of_bounds", _("f(state, {p}) = {value}, outside {bounds}").format(
                p=player, value=value, bounds=bounds)))
        values[player] = float(value)
    if zero_sum and values[1] != -values[0]:
        out.append(("not_zero_sum", _("f(state, 0) = {a} but f(state, 1) = {b}").format(
            a=values[0], b=values[1])))
    return out
