"""Attack: hold memory outside the process's address space: memfd files, each under the
file-size limit, 2 GiB together, none of them mapped."""
import os

from _hostile import report


def choose(state):
    files, chunk = [os.memfd_create(f"hog{k}") for k in range(512)], b"x" * 2**20
    for k in range(2048):
        os.write(files[k // 4], chunk)
    report(held_mb=2048, files=len(files))
