"""Attack: rewrite another student's file and append a forged line to the records."""
from _hostile import PARAMS, attempt, report


def overwrite(path, text):
    with open(path, "r+") as f:
        f.write(text)


def append(path, text):
    with open(path, "a") as f:
        f.write(text)


def choose(state):
    report(victim=attempt(lambda: overwrite(PARAMS["victim"], "def choose(s):\n  return -1\n")),
           records=attempt(lambda: append(PARAMS["records"], '{"forged": true}\n')))
