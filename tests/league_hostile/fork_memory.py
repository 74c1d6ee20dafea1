"""Attack: memory in many processes, each under the memory limit of one process: six
children of 128 MB each, held at once (started one after the other with the game, counted
at the move)."""
import mmap
import os
import select
import time

from _hostile import report

CHILDREN, SIZE = 6, 128 * 2**20
children, ready = {}, set()


def hold(write, k):
    try:
        held = mmap.mmap(-1, SIZE, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS |
                         getattr(mmap, "MAP_POPULATE", 0x8000))     # resident at once
        held[::4096] = b"x" * (SIZE // 4096)
        os.write(write, bytes([k]))
        time.sleep(60)
    finally:
        os._exit(0)


def new_game(player):
    deadline = time.monotonic() + 2.5
    for k in range(CHILDREN):
        read, write = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(read)
            hold(write, k)
        children[k] = pid
        os.close(write)
        left = deadline - time.monotonic()
        if left > 0 and select.select([read], [], [], left)[0] and os.read(read, 1):
            ready.add(k)
        os.close(read)


def choose(state):
    alive = [k for k, pid in children.items() if os.waitpid(pid, os.WNOHANG) == (0, 0)]
    holding = [k for k in alive if k in ready]
    for pid in children.values():
        try:
            os.kill(pid, 9)
        except OSError:
            pass
    report(ready=len(ready), alive=len(alive), held_mb=len(holding) * SIZE // 2**20)
