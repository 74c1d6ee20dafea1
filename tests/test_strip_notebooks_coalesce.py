"""scripts/strip_notebooks.py --coalesce: a cell's stdout, split where the kernel flushed,
is one output again (lesson 12's stray blank line)."""
from __future__ import annotations

import importlib.util
import json
from pathlib import Path


def _module():
    spec = importlib.util.spec_from_file_location(
        "strip_notebooks", Path(__file__).parents[1] / "scripts" / "strip_notebooks.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _stream(name, *lines):
    return {"output_type": "stream", "name": name, "text": list(lines)}


def test_consecutive_outputs_to_one_stream_are_joined(tmp_path):
    mod = _module()
    display = {"output_type": "display_data", "metadata": {}, "data": {"text/plain": ["x"]}}
    cell = {"cell_type": "code", "execution_count": 1, "metadata": {}, "source": [],
            "outputs": [_stream("stdout", "Report\n", "line"), _stream("stdout", "\n"),
                        _stream("stderr", "warn\n"), _stream("stderr", "more\n"), display,
                        _stream("stdout", "after\n")]}
    nb = {"metadata": {}, "cells": [cell, {"cell_type": "markdown", "metadata": {},
                                           "source": []}]}
    path = tmp_path / "n.ipynb"
    path.write_text(mod.dumps(nb), encoding="utf-8")
    assert mod.main(["--check", str(path)]) == 0            # split streams: still stripped
    assert mod.main(["--check", "--coalesce", str(path)]) == 1
    assert mod.main(["--coalesce", str(path)]) == 0
    outputs = json.loads(path.read_text(encoding="utf-8"))["cells"][0]["outputs"]
    assert outputs == [_stream("stdout", "Report\n", "line\n"),
                       _stream("stderr", "warn\n", "more\n"), display,
                       _stream("stdout", "after\n")]
