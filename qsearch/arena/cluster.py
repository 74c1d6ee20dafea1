"""A Dask cluster as a ``concurrent.futures.Executor`` for the tournaments and the league."""
from __future__ import annotations


def dask_executor(scheduler: str, timeout="10s"):
    """``(executor, close)`` for the Dask scheduler at ``scheduler`` (``tcp://host:8786``).

    A clear ValueError when dask is not installed or the scheduler cannot be reached.
    """
    try:
        from dask.distributed import Client
    except ImportError:
        raise ValueError("--scheduler needs dask: pip install 'qsearch[cluster]'") from None
    try:
        client = Client(scheduler, timeout=timeout)
    except OSError as err:
        raise ValueError(f"cannot reach the Dask scheduler at {scheduler}: {err}") from None
    return client.get_executor(), client.close
