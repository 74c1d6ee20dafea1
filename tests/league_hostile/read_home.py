"""Attack: read the teacher's files in the home folder and a secret the test planted."""
import os

from _hostile import PARAMS, attempt, report


def read(path):
    with open(path, "rb") as f:
        f.read()


def listing(path):
    try:
        return sorted(os.listdir(path))
    except OSError as err:
        return type(err).__name__


def choose(state):
    report(secret=attempt(lambda: read(PARAMS["secret_file"])),
           home=listing(PARAMS["home"]),
           passwd=attempt(lambda: read("/etc/passwd")))
