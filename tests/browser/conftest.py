"""Fixtures of the real-browser tests (see browser_kit.py for the helpers)."""
from __future__ import annotations

import contextlib
import json
import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from browser_kit import free_port, kernel_pythonpath, stop, wait_for_server


@pytest.fixture
def lab_dir(tmp_path) -> Path:
    """The folder JupyterLab serves: test modules put their notebooks here."""
    work = tmp_path / "notebooks"
    work.mkdir()
    return work


@contextlib.contextmanager
def serve_lab(tmp_path: Path, work: Path):
    """A fresh JupyterLab serving ``work``, its settings under ``tmp_path / "settings"``;
    yields (base url, token) and stops the server (and its kernels) on exit."""
    settings = tmp_path / "settings" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True, exist_ok=True)
    (settings / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False}))
    notebook_settings = tmp_path / "settings" / "@jupyterlab" / "notebook-extension"
    notebook_settings.mkdir(parents=True, exist_ok=True)
    (notebook_settings / "tracker.jupyterlab-settings").write_text(   # every cell in the DOM
        json.dumps({"windowingMode": "none", "autoStartDefaultKernel": True}))
    env = dict(os.environ, JUPYTERLAB_SETTINGS_DIR=str(tmp_path / "settings"),
               JUPYTERLAB_WORKSPACES_DIR=str(tmp_path / "workspaces"))
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env["PYTHONPATH"] = kernel_pythonpath(env)
    port, token = free_port(), secrets.token_hex(16)
    log = open(tmp_path / "jupyter.log", "a")
    server = subprocess.Popen(
        [sys.executable, "-m", "jupyter", "lab", "--allow-root", "--no-browser",
         "--ip=127.0.0.1", f"--port={port}", f"--IdentityProvider.token={token}",
         f"--ServerApp.root_dir={work}", "--ServerApp.open_browser=False"],
        env=env, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_for_server(base, f"{base}/api/status?token={token}", server,
                        tmp_path / "jupyter.log")
        yield base, token
    finally:
        stop(server)
        log.close()


@pytest.fixture
def lab(tmp_path, lab_dir):
    """A fresh JupyterLab serving ``lab_dir`` (a test module writes its notebooks there, before
    or after the server starts); yields (base url, token)."""
    with serve_lab(tmp_path, lab_dir) as server:
        yield server


@pytest.fixture
def lab_factory(tmp_path, lab_dir):
    """``lab_factory()``: a context manager starting a JupyterLab on ``lab_dir``; for tests
    that stop the server and start another on the same files."""
    return lambda: serve_lab(tmp_path, lab_dir)
