# cython: language_level=3
# The one clock of the compiled searches (time limits, elapsed times).
from posix.time cimport CLOCK_MONOTONIC, clock_gettime, timespec


cdef inline double now() noexcept nogil:
    """Monotonic seconds (the same clock as Python's time.perf_counter on Linux)."""
    cdef timespec ts
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return ts.tv_sec + ts.tv_nsec * 1e-9
