"""Files the package keeps between processes, as Python keeps a module's bytecode: the compiled
data tables (:mod:`aslpto.base.datafiles`).

Each is marshal data, read whole and written whole or not at all (a temporary file renamed over
it). One that cannot be read (missing, damaged: marshal can raise anything) or written (a
read-only install, a full disk) is skipped: its reader works the value out again.
"""

from __future__ import annotations

import marshal
import os

from aslpto.base.hints import Any


def read(path: str) -> object | None:
    """The value kept in ``path``, or None."""
    try:
        with open(path, "rb") as f:
            got: object = marshal.loads(f.read())
    except Exception:
        return None
    return got


def write(path: str, value: Any) -> bool:
    """Keep ``value`` in ``path`` (its folder made as needed). False when it could not be kept
    (a value marshal cannot hold, such as a date, or a file that cannot be written)."""
    try:
        blob = marshal.dumps(value)
    except ValueError:
        return False
    tmp = f"{path}.{os.getpid()}.tmp"
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666)
        with open(fd, "wb") as f:
            f.write(blob)
        os.replace(tmp, path)
        return True
    except (OSError, ValueError):
        remove(tmp)
        return False


def remove(path: str) -> None:
    """Remove ``path`` if it can be (gone already, or in a read-only folder: left)."""
    try:  # noqa: SIM105 - (contextlib is not imported by a command)
        os.remove(path)
    except OSError:
        pass
