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


def test_a_table_read_alone_is_the_parsed_one() -> None:
    """A data file's top-level tables are compiled apart and read when first asked for: one
    read alone (base.datafiles.bundled_table, Tables) is the parsed table."""
    import tomllib

    import pytest

    from aslpto.base import datafiles

    parsed = tomllib.loads(datafiles.data_text("catalog.toml"))
    tables = datafiles.Tables("catalog.toml")
    for name, value in parsed.items():
        assert datafiles.bundled_table("catalog.toml", name) == value
        assert tables[name] == tables.get(name) == value
    assert tables.get("no such table", 7) == 7
    with pytest.raises(KeyError):
        tables["no such table"]
