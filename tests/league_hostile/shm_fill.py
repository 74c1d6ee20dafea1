"""Attack: fill /dev/shm (outside a jail, a tmpfs as large as half the machine's memory),
with files each under the file-size limit."""
import os

from _hostile import PARAMS, report


def choose(state):
    written, error = 0, "none"
    chunk = b"x" * 2**20
    try:
        for k in range(64):                     # 256 MB at most, in files of 4 MB
            with open(f"/dev/shm/{PARAMS['marker']}-{k}", "wb") as f:
                for _ in range(4):
                    f.write(chunk)
                    f.flush()
                    written += len(chunk)
    except OSError as err:
        error = os.strerror(err.errno) if err.errno else type(err).__name__
    report(written=written, error=error)
