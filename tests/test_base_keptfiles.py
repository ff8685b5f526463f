"""``base.keptfiles``: a kept file is read back whole, or not at all."""

from __future__ import annotations

import datetime
from pathlib import Path

from aslpto.base import keptfiles


def test_a_value_is_kept_and_read_back(tmp_path: Path) -> None:
    path = str(tmp_path / "deeper" / "x.marshal")
    assert keptfiles.write(path, {"a": [1, "b"]})
    assert keptfiles.read(path) == {"a": [1, "b"]}
    assert [p.name for p in (tmp_path / "deeper").iterdir()] == ["x.marshal"]  # (no .tmp left)


def test_what_cannot_be_kept_or_read_is_skipped(tmp_path: Path) -> None:
    assert not keptfiles.write(str(tmp_path / "d.marshal"), datetime.date(1944, 8, 1))
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    assert not keptfiles.write(str(blocker / "x.marshal"), 1)
    assert keptfiles.read(str(tmp_path / "missing")) is None
    (tmp_path / "bad").write_bytes(b"\xe3garbage")
    assert keptfiles.read(str(tmp_path / "bad")) is None
    keptfiles.remove(str(tmp_path / "missing"))  # (nothing to remove: no error)
