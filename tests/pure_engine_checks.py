"""Checks shared by the lockstep tests of the plain-Python engines (tests/test_pure_*.py).

A pure engine and its compiled twin are played side by side: at every step everything a
caller can observe must be the same (:func:`observe`), every error path must raise the same
exception with the same message (:func:`same_error`), and undoing must walk both back to the
start. The compiled engine is the oracle for the pure one and the other way round.
"""
import copy
import pickle
import subprocess
import sys

from qsearch.core.errors import IllegalMoveError

# Names only a Cython type has: its C method table (no Python meaning).
C_ONLY = {"__pyx_vtable__"}

BLOCK_COMPILED = """
import importlib.machinery as m
orig = m.ExtensionFileLoader.exec_module
def block(self, mod):
    if mod.__name__.startswith("qsearch"):
        raise ImportError("blocked " + mod.__name__)
    return orig(self, mod)
m.ExtensionFileLoader.exec_module = block
import {module}
import sys
print(sorted(name for name in sys.modules if name.startswith("qsearch")))
"""


def imports_without_compiled_code(module: str) -> str:
    """Import ``module`` in a fresh interpreter where loading any compiled qsearch module
    fails; returns its stdout (the qsearch modules it loaded). Raises if the import fails."""
    done = subprocess.run([sys.executable, "-c", BLOCK_COMPILED.format(module=module)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


def public_names(cls) -> set:
    """A class's API: what it adds to ``object``, less the private names (``_checked_action``
    and ``_repr_svg_`` are kept: the base API and Jupyter call them) and C-only ones."""
    names = set(dir(cls)) - set(dir(object)) - C_ONLY
    kept = {"_checked_action", "_repr_svg_", "_repr_html_"}
    return {n for n in names if not n.startswith("_") or n in kept}


def own_dunders(cls) -> set:
    """The special methods a class defines beyond ``object``'s (``__eq__``, ``__repr__``...)."""
    names = ("__eq__", "__hash__", "__repr__", "__str__", "__reduce__", "__copy__",
             "__deepcopy__", "__init__")
    return {n for n in names if getattr(cls, n, None) is not getattr(object, n, None)}


def observe(state) -> tuple:
    """Everything a caller can read from a state, in a form both engines give alike."""
    legal = state.legal_actions()
    return (
        str(state),
        repr(state),
        state.position_key(),
        legal,
        [state.action_to_string(a) for a in legal],
        state.current_player(),
        state.is_terminal(),
        state.returns(),
        [state.player_return(p) for p in (0, 1)],
        state.is_chance_node(),
        state.chance_outcomes(),
        state.history(),
        state.num_players(),
        state.num_distinct_actions(),
    )


def outcome(call) -> tuple:
    """``("ok", value)`` or ``(exception type, message)`` of ``call()``; a state returned is
    given by what can be observed of it (states of different engines never compare equal)."""
    try:
        value = call()
    except Exception as error:  # noqa: BLE001 - the point is to compare any error
        return (type(error), str(error))
    return ("ok", observe(value) if hasattr(value, "legal_actions") else value)


def same_error(pure, compiled, call, *, unchanged: bool = True) -> tuple:
    """``call(pure)`` and ``call(compiled)`` raise the same exception type with the same
    message (or both return equal values), and (``unchanged``) leave both states as they
    were."""
    before = (observe(pure), observe(compiled)) if unchanged else None
    got_pure, got_compiled = outcome(lambda: call(pure)), outcome(lambda: call(compiled))
    assert got_pure == got_compiled, (got_pure, got_compiled)
    if unchanged:
        assert (observe(pure), observe(compiled)) == before
    return got_pure


def bad_actions(state) -> list:
    """Actions no state may accept now: illegal numbers and values of the wrong type."""
    legal = state.legal_actions()
    top = max(legal + [state.num_distinct_actions()])
    numbers = [a for a in range(-2, top + 3) if a not in legal]
    return numbers + [2**70, "0", 1.0, True, None, [0]]


def check_step(pure, compiled) -> None:
    """The two states agree on everything observable and on every error path, and the
    failed calls leave both as they were."""
    seen = observe(pure)
    assert seen == observe(compiled)
    for action in bad_actions(compiled):
        kind, _ = same_error(pure, compiled, lambda s, a=action: s.apply_action(a),
                             unchanged=False)
        assert kind in (TypeError, IllegalMoveError), (action, kind)
        same_error(pure, compiled, lambda s, a=action: s.child(a), unchanged=False)
    for action in [*range(-1, compiled.num_distinct_actions() + 8), "0", 1.5, None]:
        same_error(pure, compiled, lambda s, a=action: s.action_to_string(a), unchanged=False)
    for text in ("", "  ", "nonsense", "-1", "99", "(9,9)", "roll 0", "1.5"):
        same_error(pure, compiled, lambda s, t=text: s.string_to_action(t), unchanged=False)
    for wrong in (3, None, b"x"):
        kind, _ = same_error(pure, compiled, lambda s, w=wrong: s.string_to_action(w),
                             unchanged=False)
        assert kind is TypeError
    for a in compiled.legal_actions():
        text = compiled.action_to_string(a)
        assert pure.string_to_action(text) == compiled.string_to_action(text) == a
    assert observe(pure) == observe(compiled) == seen


def play_in_lockstep(pure, compiled, rng, max_plies: int = 10_000) -> int:
    """Play one random game on both states (every step checked by :func:`check_step`), then
    undo back to the start, checking again at every step. Returns the plies played."""
    check_step(pure, compiled)
    plies = 0
    while not compiled.is_terminal():
        action = rng.choice(compiled.legal_actions())
        pure.apply_action(action)
        compiled.apply_action(action)
        plies += 1
        assert plies <= max_plies, "the game does not end"
        check_step(pure, compiled)
    for _ in range(plies):
        assert pure.undo_action() == compiled.undo_action()
        assert observe(pure) == observe(compiled)
    same_error(pure, compiled, lambda s: s.undo_action())
    return plies


def copies_agree(pure, compiled) -> None:
    """clone, child, copy.copy, copy.deepcopy and a pickle round trip give the same states
    on both engines, independent of the original."""
    for make in (lambda s: s.clone(), copy.copy, copy.deepcopy,
                 lambda s: pickle.loads(pickle.dumps(s))):
        a, b = make(pure), make(compiled)
        assert type(a) is type(pure) and type(b) is type(compiled)
        assert observe(a) == observe(b)
        assert a == pure and b == compiled
        if not a.is_terminal():
            action = a.legal_actions()[-1]
            before = observe(pure)
            a.apply_action(action)
            assert observe(pure) == before, "the copy shares state with the original"
