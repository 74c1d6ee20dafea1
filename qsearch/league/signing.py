"""Records that whoever can write the records folder cannot forge (issue 42): every line of
``games.jsonl`` carries an HMAC-SHA256 ``"tag"`` under a key kept outside that folder.

* The key (:func:`league_key`): by default the file ``league.key`` of the teacher's
  configuration folder (:func:`config_dir`: ``$QSEARCH_CONFIG_DIR``, else
  ``$XDG_CONFIG_HOME/qsearch``, else ``~/.config/qsearch``), made on first use: 32 random
  bytes, hex, the file mode 600 in a folder of mode 700. ``key=`` (``--key-file``) names
  another file, or gives the bytes. The configuration folder's key file is refused when
  others may read it (POSIX).
* The tag (:func:`tag`) covers the record's every field, as JSON with sorted keys, and the
  league's settings (the records file's header), so a record cannot be moved to another
  league either.

:func:`qsearch.league.verify.load_records` reports a record without a valid tag by line
number and its game is played again (``--strict``: refused). What a tag cannot say: that
the agents chose those moves when the key's owner wrote the record (``--replay K``).
"""
from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
import stat
import sys
from pathlib import Path

KEY_FILE = "league.key"
KEY_BYTES = 32


def config_dir() -> Path:
    """The teacher's qsearch configuration folder (it need not exist yet)."""
    if os.environ.get("QSEARCH_CONFIG_DIR"):
        return Path(os.environ["QSEARCH_CONFIG_DIR"])
    base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"),
                                                             ".config")
    return Path(base) / "qsearch"


def league_key(key=None) -> bytes:
    """The key records are signed with: ``key`` as bytes (16 or more), or the file it names
    (str or path), or (None) :func:`config_dir`'s ``league.key``, created when missing."""
    if isinstance(key, (bytes, bytearray)):
        if len(key) < 16:
            raise ValueError(f"a league key has 16 bytes or more, not {len(key)}")
        return bytes(key)
    if key is not None and not isinstance(key, (str, os.PathLike)):
        raise TypeError(f"key is bytes or a key file's path, not {key!r}")
    path = Path(key) if key is not None else config_dir() / KEY_FILE
    if key is None and not path.exists():
        _create(path)
    if not path.is_file():
        raise ValueError(f"no league key file at {path}")
    if sys.platform != "win32" and path.stat().st_mode & 0o077 and key is None:
        raise ValueError(f"the league key {path} may be read by others (mode "
                         f"{stat.S_IMODE(path.stat().st_mode):o}): chmod 600 {path}")
    text = path.read_text().strip()
    try:
        data = bytes.fromhex(text)
    except ValueError:
        raise ValueError(f"{path} is not a league key (hex digits)") from None
    if len(data) < 16:
        raise ValueError(f"{path} is not a league key (16 bytes or more)")
    return data


def _create(path: Path) -> None:
    """A new random key in ``path`` (mode 600; its folder 700), unless another process made
    it first."""
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return
    with os.fdopen(fd, "w") as f:
        f.write(secrets.token_hex(KEY_BYTES) + "\n")


def write_key(path) -> Path:
    """A new key file at ``path`` (mode 600): a lesson's or a course's own records key."""
    path = Path(path)
    if path.exists():
        raise ValueError(f"{path} exists: a key is never overwritten")
    _create(path)
    return path


def _canonical(data) -> bytes:
    return json.dumps(data, sort_keys=True, separators=(",", ":"),
                      ensure_ascii=True).encode()


def tag(record: dict, settings: dict, key: bytes) -> str:
    """The record's HMAC-SHA256 (hex) under ``key``, over the record without its own
    ``"tag"`` and the league's ``settings``."""
    body = {k: v for k, v in record.items() if k != "tag"}
    message = hashlib.sha256(_canonical(settings)).digest() + _canonical(body)
    return hmac.new(key, message, hashlib.sha256).hexdigest()


def signed(record: dict, settings: dict, key: bytes) -> dict:
    """``record`` with its ``"tag"``, as it is written (JSON round trip first)."""
    body = json.loads(json.dumps({k: v for k, v in record.items() if k != "tag"}))
    return {**body, "tag": tag(body, settings, key)}


def tag_problem(record: dict, settings: dict, key: bytes) -> str:
    """Why ``record``'s tag does not hold ("" when it does)."""
    given = record.get("tag")
    if given is None:
        return "unsigned (no tag: not written by this league under this key)"
    if not isinstance(given, str) or not hmac.compare_digest(given,
                                                             tag(record, settings, key)):
        return "its tag is not valid (changed since it was written, or another key's)"
    return ""


def sign_file(path, key) -> int:
    """Sign again every record of the records file ``path`` with ``key`` (a key file or
    bytes); the number signed. For records you trust as they are (a lesson's, or a league's
    from before records were signed): it checks nothing, so check them first (a league
    resumed with ``strict=True`` under their old key, or ``--replay``)."""
    path = Path(path)
    secret = league_key(key)
    lines = path.read_text().splitlines()
    settings = json.loads(lines[0])["league"]
    out = [lines[0]] + [json.dumps(signed(json.loads(line), settings, secret))
                        for line in lines[1:] if line.strip()]
    path.write_text("\n".join(out) + "\n")
    return len(out) - 1
