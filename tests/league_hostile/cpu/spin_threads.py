"""Attack: fifteen threads that spin, after unpinning itself from the core its league worker
gave it (with --workers N, to starve the other workers' games). They start spinning once
the move has looked (the league's test allows one CPU second a game)."""
import os
import threading

from _hostile import report

THREADS = 15
go = threading.Event()


def spin():
    go.wait()
    while True:
        pass


def new_game(player):
    for _ in range(THREADS):
        threading.Thread(target=spin, daemon=True).start()


def choose(state):
    pinned = sorted(os.sched_getaffinity(0))
    try:
        os.sched_setaffinity(0, range(os.cpu_count() or 1))
        unpin = "done"
    except OSError as err:
        unpin = type(err).__name__
    now, threads = sorted(os.sched_getaffinity(0)), threading.active_count()
    go.set()
    report(pinned=pinned, unpin=unpin, now=now, threads=threads)
