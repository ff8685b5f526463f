"""Reading the files a user names. Only a regular file is read, and none larger than its
limit: a device (``/dev/zero``), a pipe or a huge file is refused in one line instead of being
read until memory runs out. Every refusal is an :class:`InputError` naming the file."""

from __future__ import annotations

import os
import stat

from aslpto.base.rulings import InputError

MIB = 1024 * 1024

MAX_TOML_BYTES = 16 * MIB
"""A scenario, board or overlay file: the largest bundled one is under 100 KiB."""

MAX_ARCHIVE_BYTES = 256 * MIB
"""A VASL saved game or board archive (a board archive with its picture is a few MiB)."""


def file_name(path: str | os.PathLike[str]) -> str:
    """``path`` as text, refused when it is empty or holds a NUL (no file can be named so)."""
    name = os.fspath(path)
    if not name:
        raise InputError("no file named (the path is empty)")
    if "\x00" in name:
        raise InputError("a file name cannot hold a NUL character", name)
    return name


def regular_file(path: str | os.PathLike[str], what: str, limit: int) -> str:
    """The name of ``path`` once it is known to be a regular file of at most ``limit`` bytes;
    ``what`` says what was wanted (``a TOML file``) in the message."""
    name = file_name(path)
    try:
        st = os.stat(name)
    except (FileNotFoundError, NotADirectoryError):
        raise InputError("no such file", name) from None
    except PermissionError:
        raise InputError("permission denied", name) from None
    except OSError as e:
        raise InputError(f"cannot read it: {e.strerror or e}", name) from None
    except ValueError:  # (a path too long or otherwise unusable for this system)
        raise InputError("not a usable file name", name) from None
    if stat.S_ISDIR(st.st_mode):
        raise InputError(f"is a directory, not {what}", name)
    if not stat.S_ISREG(st.st_mode):
        raise InputError(f"is not a regular file (a device, pipe or socket), not {what}", name)
    if st.st_size > limit:
        raise InputError(_too_big(st.st_size, what, limit), name)
    return name


def read_bytes(path: str | os.PathLike[str], what: str, limit: int) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes (:func:`regular_file`)."""
    name = regular_file(path, what, limit)
    try:
        with open(name, "rb") as f:
            data = f.read(limit + 1)
    except PermissionError:
        raise InputError("permission denied", name) from None
    except OSError as e:
        raise InputError(f"cannot read it: {e.strerror or e}", name) from None
    if len(data) > limit:  # (it grew, or its size was not told: /proc)
        raise InputError(_too_big(len(data), what, limit), name)
    return data


def _too_big(size: int, what: str, limit: int) -> str:
    return f"is {size:,} bytes; {what} may be at most {limit // MIB} MiB"
