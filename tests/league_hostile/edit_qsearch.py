"""Attack: change the installed qsearch (open its files for writing, add a module)."""
import os

from _hostile import PARAMS, attempt, report

import qsearch


def open_for_writing(path):
    with open(path, "r+"):
        pass                        # opened for writing is enough to show it could


def add(path):
    with open(path, "x") as f:
        f.write("raise SystemExit('pwned')\n")


def choose(state):
    folder = os.path.dirname(qsearch.__file__)
    report(existing=attempt(lambda: open_for_writing(qsearch.__file__)),
           new_module=attempt(lambda: add(os.path.join(folder, PARAMS["marker"] + ".py"))),
           referee=attempt(lambda: open_for_writing(os.path.join(folder, "league",
                                                                 "referee.py"))))
