"""Run a student's search on one case, whatever it does: the result is a :class:`Run`.

What is bounded, in the notebook's own process and without threads:

* every question asked of a state counts, and past ``questions`` the state raises
  :class:`~qsearch.grading.proxy.OutOfBudget` (a search that loops over nodes);
* every line run by the student's own code counts (``sys.settrace``, on code outside the
  standard library, the installed packages and qsearch), and past ``lines`` the tracer
  raises the same (a ``while True`` that touches no state);
* each run's real time, where a signal can be used (the main thread on Linux and macOS:
  a notebook's cells run there): an alarm raises the same after ``seconds`` (10 by
  default), which also ends a wait such as ``time.sleep``;
* recursion without end stops at Python's recursion limit (``RecursionError``);
* whatever it prints is captured, never shown in the notebook.

Not bounded: a single call into C that holds on without checking for signals (a huge
``sum(range(10**12))``), and any wait outside the main thread or on Windows.

The tracer also records each call of the student's code that receives a checked state:
the state's path, the window (the arguments called ``alpha``/``beta``, or ``a``/``b``) and
the value returned, which is what the report's stepper shows.
"""
from __future__ import annotations

import contextlib
import io
import math
import numbers
import os
import re
import signal
import sys
import sysconfig
import threading
import traceback
from dataclasses import dataclass, field

import qsearch
from qsearch.grading.cases import Case
from qsearch.grading.proxy import OutOfBudget, ProxyState, Recorder, grouped, unwrap
from qsearch.grading.signature import CallForm
from qsearch.i18n import _

QUESTIONS = 200_000         # questions a run may ask of its states
LINES = 2_000_000           # lines the student's own code may run
SECONDS = 10.0              # a run's time, where an alarm can be set (see the module docs)
_PACKAGE = os.path.dirname(os.path.abspath(qsearch.__file__))

def _library_folders() -> tuple[str, ...]:
    """Where Python's own and installed modules live: the standard library and site-packages
    (not ``sys.prefix``, which is ``/`` in Pyodide: every file would be the library's)."""
    paths = sysconfig.get_paths()
    folders = {paths[k] for k in ("stdlib", "platstdlib", "purelib", "platlib") if k in paths}
    folders |= {os.path.dirname(os.__file__)}
    # Pyodide's paths start with "//", which abspath keeps (POSIX leaves two slashes as they are)
    return tuple(sorted({re.sub(r"^/{2,}", "/", os.path.abspath(f)) for f in folders}))


_LIBRARY = _library_folders()
# qsearch's examples of a student's buggy search are checked as a student's code is
_EXAMPLES = os.path.join(_PACKAGE, "grading", "examples.py")
_ALPHA, _BETA = ("alpha", "a", "lo", "low"), ("beta", "b", "hi", "high")


@dataclass
class Call:
    """One call of the student's code on a checked state."""

    path: tuple                     # the state's actions from the root
    alpha: float | None             # the window passed (None: no window argument)
    beta: float | None
    flag: bool | None               # the MAX/MIN flag passed (None: none)
    value: object = None            # what the call returned (None while it runs)
    parent: int | None = None       # index of the enclosing call in Run.calls


@dataclass
class Run:
    """What a student's search did on one case."""

    value: float | None = None      # the root value it returned
    action: int | None = None       # its action (None: it returned a value only)
    error: str | None = None        # "raises", "loops", "recursion", "wrong type" or None
    message: str = ""               # the error's text (the student's, to be escaped)
    where: str = ""                 # the student's line where it happened
    printed: str = ""               # what it printed
    visits: list = field(default_factory=list)      # paths in visiting order
    root_path: tuple = ()           # the root state's path when the search returned
    illegal: list = field(default_factory=list)     # (path, action, stacked) illegal plays
    calls: list = field(default_factory=list)       # Call records, in calling order
    order: list = field(default_factory=list)       # ("enter"|"exit", index in calls)


def checker_evaluate(case: Case):
    """The ``evaluate(state, player)`` a student's search is given on ``case``."""
    def evaluate(state, player):
        inner, path, recorder, win = unwrap(state, "evaluate")
        if isinstance(player, bool) or not isinstance(player, numbers.Integral) \
                or int(player) not in (0, 1):
            raise ValueError(f"evaluate(state, player): player must be 0 or 1, not {player!r}"
                             " (a finished game has no player to move: score it for the "
                             "root player)")
        recorder.visit(path)
        if inner.is_terminal():
            return float(inner.returns()[int(player)]) * win
        return float(case.evaluate(inner, int(player)))
    return evaluate


def _is_student_file(name: str) -> bool:
    """True for code a student wrote: not qsearch's (but for its examples of a student's
    search, :mod:`qsearch.grading.examples`), not the library's."""
    if name.startswith("<") and not name.startswith("<ipython"):
        return name == "<string>"
    path = os.path.abspath(name)
    return path == _EXAMPLES or not (path.startswith(_PACKAGE) or path.startswith(_LIBRARY))


class _Tracer:
    """``sys.settrace`` hook: counts the student's lines and records its calls."""

    def __init__(self, lines: int, calls: list, order: list) -> None:
        self.lines, self.left, self.calls, self.order = lines, lines, calls, order
        self.stack: list[int | None] = []
        self.known: dict = {}

    def __call__(self, frame, event, arg):
        if event != "call":
            return None
        code = frame.f_code
        student = self.known.get(code)
        if student is None:
            student = self.known[code] = _is_student_file(code.co_filename)
        if not student:
            return None
        self.stack.append(self._record(frame))
        return self.local

    def local(self, frame, event, arg):
        if event == "line":
            self.left -= 1
            if self.left < 0:
                raise OutOfBudget(_("more than {n} lines of your code run").format(
                    n=grouped(self.lines)))
        elif event == "return":
            index = self.stack.pop() if self.stack else None
            if index is not None:
                self.calls[index].value = arg
                self.order.append(("exit", index))
        return self.local

    def _record(self, frame) -> int | None:
        code = frame.f_code
        args = {n: frame.f_locals.get(n) for n in code.co_varnames[:code.co_argcount]}
        state = next((v for v in args.values() if isinstance(v, ProxyState)), None)
        if state is None:
            return None
        parent = next((i for i in reversed(self.stack) if i is not None), None)
        self.calls.append(Call(unwrap(state)[1], _number(args, _ALPHA), _number(args, _BETA),
                               next((bool(v) for n, v in args.items()
                                     if "max" in n.lower() and isinstance(v, bool)), None),
                               parent=parent))
        self.order.append(("enter", len(self.calls) - 1))
        return len(self.calls) - 1


def _number(args: dict, names) -> float | None:
    for n in names:
        v = args.get(n)
        if isinstance(v, numbers.Real) and not isinstance(v, bool):
            return float(v)
    return None


@contextlib.contextmanager
def alarm(seconds: float | None):
    """Raise :class:`OutOfBudget` in this thread after ``seconds`` of real time (a signal:
    it also ends a wait, such as ``time.sleep``); nothing where signals cannot do it (not
    the main thread, Windows) or when ``seconds`` is None. The caller's handler and timer
    are put back."""
    usable = (seconds is not None and hasattr(signal, "setitimer")
              and threading.current_thread() is threading.main_thread())
    if not usable:
        yield
        return

    def ring(signum, frame):
        raise OutOfBudget(_("more than {n} seconds").format(n=f"{seconds:g}"))

    previous = signal.signal(signal.SIGALRM, ring)
    left = signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        if left[0] > 0:                             # the caller's own timer goes on
            signal.setitimer(signal.ITIMER_REAL, *left)


def run_search(fn, form: CallForm, case: Case, *, questions: int = QUESTIONS,
               lines: int = LINES, seconds: float | None = SECONDS) -> Run:
    """Run ``fn`` on ``case`` through a proxy root; never raises for what ``fn`` does
    (KeyboardInterrupt aside)."""
    recorder = Recorder(questions)
    root = ProxyState(case.root.clone(), recorder, case.win)
    run = Run()
    out = io.StringIO()
    tracer = _Tracer(lines, run.calls, run.order)
    old = sys.gettrace()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out), \
                alarm(seconds):
            sys.settrace(tracer)
            try:
                answer = fn(root, case.depth, checker_evaluate(case),
                            *form.arguments(case.root.current_player()))
            finally:
                sys.settrace(old)
        _read_answer(run, answer)
    except KeyboardInterrupt:
        raise
    except OutOfBudget as err:
        run.error, run.message = "loops", str(err)
    except RecursionError as err:
        run.error, run.message = "recursion", _python_words(str(err))
        run.where = _student_line(err)
    except BaseException as err:                                    # noqa: BLE001
        run.error, run.message = "raises", f"{type(err).__name__}: {err}"
        run.where = _student_line(err)
    run.printed = out.getvalue()
    run.visits = list(recorder.visits)
    run.root_path = root._path
    run.illegal = list(recorder.illegal)
    return run


def _read_answer(run: Run, answer) -> None:
    """Value and action from what the function returned (``wrong type`` otherwise)."""
    value, action = answer, None
    if isinstance(answer, (tuple, list)) and len(answer) == 2:
        value, action = answer
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or math.isnan(value):
        run.error = "wrong type"
        run.message = _("it returned {answer}: expected a number, or a pair (value, "
                        "action)").format(answer=_short(answer))
        return
    if action is not None and (isinstance(action, bool)
                               or not isinstance(action, numbers.Integral)):
        run.error = "wrong type"
        run.message = _("its action is {action}: expected an int (or None)").format(
            action=_short(action))
        return
    run.value = float(value)
    run.action = None if action is None else int(action)


def _short(x) -> str:
    text = repr(x)
    return text if len(text) <= 60 else text[:57] + "..."


# Python's own words for a recursion without end (3.11 and 3.12+), shown in the language in use
RECURSION_WORDS = ("maximum recursion depth exceeded in comparison",
                   "maximum recursion depth exceeded while calling a Python object",
                   "maximum recursion depth exceeded")


def _python_words(message: str) -> str:
    """Python's message for a recursion without end in the language in use (others as is)."""
    return next((_(words) for words in RECURSION_WORDS if words == message), message)


def _student_line(err: BaseException) -> str:
    """``line N: <code>`` of the last frame of the student's code in the traceback (for a
    recursion without end, the recursive call: the last frame only entered the function)."""
    frames = [f for f in traceback.extract_tb(err.__traceback__)
              if _is_student_file(f.filename)]
    if isinstance(err, RecursionError) and len(frames) > 1 \
            and (frames[-1].line or "").lstrip().startswith(("def ", "async def ")):
        frames.pop()
    if not frames:
        return ""
    f = frames[-1]
    return _("line {n}: {code}").format(n=f.lineno, code=(f.line or "").strip())
