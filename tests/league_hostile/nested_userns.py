"""Attack: make a nested user namespace (as root's jail, all capabilities come back in it),
then a network namespace, through unshare and through clone."""
import os

from _hostile import CLONE_NEWNET, CLONE_NEWUSER, SIGCHLD, call, report


def choose(state):
    clone = call("clone", CLONE_NEWUSER | SIGCHLD, 0, 0, 0, 0)
    if clone == "done":
        os.waitpid(-1, 0)
    report(userns=call("unshare", CLONE_NEWUSER), netns=call("unshare", CLONE_NEWNET),
           both=call("unshare", CLONE_NEWUSER | CLONE_NEWNET), clone=clone,
           setns=call("setns", 0, 0))
