"""Bradley-Terry in plain Python: the league's ratings where numpy, scipy or ``choix`` cannot be
imported (the browser site, where Pyodide has no numpy offline).

The model and the prior are :mod:`qsearch.league.ratings`'s: agent ``i`` beats ``j`` with
probability ``1 / (1 + exp(theta_j - theta_i))``, ``w[i][j]`` is i's points against j, and
``prior / 2`` points are added each way between every two agents. :func:`fit` finds the same
maximum of the likelihood as ``choix.ilsr_pairwise_dense``, by Newton's method (the
log-likelihood is concave; a step that would lower it is halved) down to steps of 1e-10
(choix's tolerance), with the first strength held at 0 and the strengths then moved to mean 0.

The maximum exists exactly when every agent can be reached from every other through "scored
against" (Zermelo 1929; Hunter 2004, assumption 1): :func:`fit` checks that first, and refuses
the fit with the message choix's path gives.
"""
from __future__ import annotations

import math

NO_MAXIMUM = ("no finite Bradley-Terry ratings for these results (an agent won or lost "
              "every game, or groups never met); use prior > 0")


def _square(w) -> list[list[float]]:
    """``w`` as a list of lists of floats, checked square and of two agents or more."""
    try:
        rows = [[float(x) for x in row] for row in w]
    except TypeError:
        raise TypeError(f"need a square points matrix (rows of numbers), not {w!r}") from None
    n = len(rows)
    if n < 2 or any(len(row) != n for row in rows):
        shape = (n, *sorted({len(row) for row in rows}))
        raise ValueError(f"need a square points matrix of two agents or more, not {shape}")
    return rows


def _reaches_all(edges: list[list[bool]]) -> bool:
    """Whether agent 0 reaches every agent along ``edges[i][j]``."""
    seen, todo = {0}, [0]
    while todo:
        i = todo.pop()
        for j, edge in enumerate(edges[i]):
            if edge and j not in seen:
                seen.add(j)
                todo.append(j)
    return len(seen) == len(edges)


def has_maximum(a: list[list[float]]) -> bool:
    """Whether the Bradley-Terry likelihood of the points ``a`` has a finite maximum: the
    graph "i scored against j" (``a[i][j] > 0``) is strongly connected."""
    n = len(a)
    forward = [[i != j and a[i][j] > 0 for j in range(n)] for i in range(n)]
    backward = [[forward[j][i] for j in range(n)] for i in range(n)]
    return _reaches_all(forward) and _reaches_all(backward)


def _softplus(x: float) -> float:
    """log(1 + exp(x)) without overflow."""
    return max(x, 0.0) + math.log1p(math.exp(-abs(x)))


def log_likelihood(a: list[list[float]], theta: list[float]) -> float:
    """The Bradley-Terry log-likelihood of the points ``a`` at the strengths ``theta``."""
    n = len(a)
    return -sum(a[i][j] * _softplus(theta[j] - theta[i])
                for i in range(n) for j in range(n) if i != j and a[i][j])


def _solve(m: list[list[float]], b: list[float]) -> list[float]:
    """``x`` with ``m x = b``, ``m`` symmetric positive definite (Cholesky)."""
    n = len(b)
    lower = [[0.0] * n for _ in range(n)]
    for i in range(n):
        for j in range(i + 1):
            s = m[i][j] - sum(lower[i][k] * lower[j][k] for k in range(j))
            lower[i][j] = math.sqrt(s) if i == j else s / lower[j][j]
    y = [0.0] * n
    for i in range(n):
        y[i] = (b[i] - sum(lower[i][k] * y[k] for k in range(i))) / lower[i][i]
    x = [0.0] * n
    for i in reversed(range(n)):
        x[i] = (y[i] - sum(lower[k][i] * x[k] for k in range(i + 1, n))) / lower[i][i]
    return x


def _newton_step(a: list[list[float]], theta: list[float]) -> list[float]:
    """Newton's step from ``theta`` (the first strength held fixed)."""
    n = len(a)
    gradient = [0.0] * n
    curvature = [[0.0] * n for _ in range(n)]   # minus the Hessian: a weighted Laplacian
    for i in range(n):
        for j in range(i + 1, n):
            games = a[i][j] + a[j][i]
            if not games:
                continue
            p = 1.0 / (1.0 + math.exp(theta[j] - theta[i]))     # P(i beats j)
            gradient[i] += a[i][j] - games * p
            gradient[j] -= a[i][j] - games * p
            c = games * p * (1.0 - p)
            curvature[i][i] += c
            curvature[j][j] += c
            curvature[i][j] -= c
            curvature[j][i] -= c
    step = _solve([row[1:] for row in curvature[1:]], gradient[1:])
    return [0.0, *step]


def fit(w, prior: float, tol: float = 1e-10, max_iter: int = 500) -> list[float]:
    """The strengths (mean 0) maximising the Bradley-Terry likelihood of the points matrix
    ``w`` (rows of numbers) plus ``prior`` drawn games between every two agents.

    Deterministic: Newton's method from all strengths equal. A ValueError
    when the maximum does not exist (``prior=0`` and an agent that never lost, never won, or
    a league in parts that never met)."""
    a = _square(w)
    if not prior >= 0:
        raise ValueError(f"prior must be >= 0, not {prior!r}")
    n = len(a)
    a = [[a[i][j] + prior / 2 if i != j else 0.0 for j in range(n)] for i in range(n)]
    if not has_maximum(a):
        raise ValueError(NO_MAXIMUM)
    theta = [0.0] * n
    for _ in range(max_iter):
        step = _newton_step(a, theta)
        if max(abs(s) for s in step) < tol:
            theta = [t + s for t, s in zip(theta, step, strict=True)]
            break
        here, scale = log_likelihood(a, theta), 1.0
        floor = here - 1e-12 * abs(here)     # a step lowering it by rounding only is taken
        while True:
            moved = [t + scale * s for t, s in zip(theta, step, strict=True)]
            if log_likelihood(a, moved) >= floor or scale < 1e-9:
                break
            scale /= 2
        theta = moved
    else:
        raise ValueError(f"{NO_MAXIMUM} (no convergence in {max_iter} steps)")
    mean = sum(theta) / n
    return [t - mean for t in theta]


def percentile(values, q: float) -> float:
    """The ``q``-th percentile of ``values`` as numpy's ``percentile`` gives it by default
    (linear interpolation between the closest ranks)."""
    ordered = sorted(values)
    if not ordered:
        raise ValueError("the percentile of no values")
    position = q / 100 * (len(ordered) - 1)
    below = math.floor(position)
    above = min(below + 1, len(ordered) - 1)
    return ordered[below] + (position - below) * (ordered[above] - ordered[below])
