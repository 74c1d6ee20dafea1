"""Packages whose public names are imported on first use (PEP 562).

A package lists where each name lives; importing the package then costs nothing, and a name
whose module needs numpy or scipy pays for them only when it is used. The command line builds
its parser from such packages without importing numpy."""
from __future__ import annotations

import importlib


def lazy_exports(package: str, where: dict[str, str]):
    """``(__getattr__, __dir__, __all__)`` for ``package``: name ``n`` comes from the submodule
    ``where[n]`` the first time it is asked for, and is then kept in the package."""
    namespace = importlib.import_module(package).__dict__

    def __getattr__(name: str):
        if name not in where:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{where[name]}"), name)
        namespace[name] = value
        return value

    def __dir__():
        return sorted(set(namespace) | set(where))

    return __getattr__, __dir__, sorted(where)
