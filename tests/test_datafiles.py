"""The bundled data files, read once and kept compiled beside the data."""

from __future__ import annotations

from pathlib import Path


def test_bundled_data_compiled_beside_it_reads_the_same() -> None:
    """A bundled file is kept compiled (base.datafiles); the compiled table is the parsed
    one, and a stale or damaged one is not used."""
    import tomllib

    from aslpto.base import datafiles

    for name in ("catalog.toml", "movement.toml", "morale.toml"):
        parsed = tomllib.loads(datafiles.data_text(name))
        assert datafiles.bundled.__wrapped__(name) == parsed  # written or read compiled
        assert datafiles.bundled.__wrapped__(name) == parsed  # read compiled
    folder = Path(datafiles.DATA_DIR) / "__pycache__"
    for f in folder.glob("morale.toml.*.marshal"):
        f.write_bytes(b"\x00garbage")
    assert datafiles.bundled.__wrapped__("morale.toml") == tomllib.loads(
        datafiles.data_text("morale.toml")
    )
