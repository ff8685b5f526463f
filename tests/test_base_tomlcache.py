"""``base.tomlcache``: a TOML text parsed before is read from the cache, and only that very
text; an edited, damaged or unwritable cache entry never changes what is read."""

from __future__ import annotations

import os
import sys
import tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aslpto.base import tomlcache
from aslpto.base.tomlsource import TomlSource

TEXT = '[scenario]\nname = "A"\n\n[map]\nboards = [["37"]]\n'


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ASLPTO_CACHE", str(tmp_path))
    monkeypatch.setattr(tomlcache, "_off", False)
    return tmp_path


def _entries(where: Path) -> list[Path]:
    return sorted(where.glob("*.toml.marshal"))


def test_a_parsed_text_is_kept_and_read_again(cache: Path) -> None:
    first = TomlSource.parse(TEXT, "a.toml")
    assert len(_entries(cache)) == 1
    assert tomlcache.get(TEXT) == first.data == tomllib.loads(TEXT)
    again = TomlSource.parse(TEXT, "b.toml")
    assert again.data == first.data and again.path == "b.toml" and again.text == TEXT


def test_an_edited_text_is_parsed_afresh(cache: Path) -> None:
    TomlSource.parse(TEXT, "a.toml")
    edited = TEXT.replace('"A"', '"B"')
    assert tomlcache.get(edited) is None
    assert TomlSource.parse(edited, "a.toml").data["scenario"]["name"] == "B"


def test_an_entry_for_another_text_of_the_same_name_is_not_used(cache: Path) -> None:
    TomlSource.parse(TEXT, "a.toml")
    (entry,) = _entries(cache)
    other = '[scenario]\nname = "Z"\n'
    entry.write_bytes(__import__("marshal").dumps((other, {"scenario": {"name": "Z"}})))
    assert tomlcache.get(TEXT) is None
    assert TomlSource.parse(TEXT, "a.toml").data["scenario"]["name"] == "A"


@pytest.mark.parametrize("damage", [b"", b"\x00garbage", b"\xe3" * 40])
def test_a_damaged_entry_is_parsed_afresh(cache: Path, damage: bytes) -> None:
    TomlSource.parse(TEXT, "a.toml")
    (entry,) = _entries(cache)
    entry.write_bytes(damage)
    assert TomlSource.parse(TEXT, "a.toml").data == tomllib.loads(TEXT)


def test_off_keeps_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ASLPTO_CACHE", "off")
    assert tomlcache.folder() is None
    assert TomlSource.parse(TEXT, "a.toml").data == tomllib.loads(TEXT)
    assert tomlcache.get(TEXT) is None


def test_default_folder_follows_xdg(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ASLPTO_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert tomlcache.folder() == os.path.join(str(tmp_path), "aslpto")


def test_a_relative_xdg_folder_is_ignored(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ASLPTO_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/cache")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert tomlcache.folder() == os.path.join(str(tmp_path), ".cache", "aslpto")


def test_an_unwritable_folder_only_parses(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("ASLPTO_CACHE", str(blocker / "cache"))
    assert TomlSource.parse(TEXT, "a.toml").data == tomllib.loads(TEXT)
    assert tomlcache.get(TEXT) is None


def test_a_text_with_a_date_is_parsed_each_time(cache: Path) -> None:
    text = "when = 1944-08-01\n"
    assert str(TomlSource.parse(text, "a.toml").data["when"]) == "1944-08-01"
    assert _entries(cache) == []


def test_the_folder_is_kept_small(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tomlcache, "MAX_ENTRIES", 8)
    for i in range(20):
        TomlSource.parse(f"n = {i}\n", "a.toml")
    assert len(_entries(cache)) <= 8


def test_a_bad_text_is_refused_each_time_and_kept_never(cache: Path) -> None:
    for _ in range(2):
        with pytest.raises(Exception, match="not valid TOML"):
            TomlSource.parse("[broken\n", "a.toml")
    assert _entries(cache) == []


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(st.from_regex(r"[a-z]{1,8}", fullmatch=True),
                       st.one_of(st.integers(-10**9, 10**9), st.booleans(), st.text(
                           st.characters(blacklist_categories=("Cs", "Cc")), max_size=20)),
                       max_size=6))  # fmt: skip
def test_round_trip_equals_a_fresh_parse(data: dict[str, object]) -> None:
    text = "".join(f"{k} = {_toml(v)}\n" for k, v in data.items())
    fresh = tomllib.loads(text)
    assert TomlSource.parse(text, "x.toml").data == fresh  # (kept, if the folder allows)
    assert TomlSource.parse(text, "x.toml").data == fresh  # (read back)


def _toml(v: object) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    import json

    return json.dumps(v, ensure_ascii=False)


def test_an_entry_is_read_back_only_under_the_same_parsing_limits(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Python refuses an integer of more than 4,300 digits unless told otherwise: a text
    parsed with the limit lifted is not read back where the limit holds."""
    text = f"n = {'9' * 5000}\n"
    old = sys.get_int_max_str_digits()
    try:
        sys.set_int_max_str_digits(0)
        assert TomlSource.parse(text, "a.toml").data["n"] > 0
    finally:
        sys.set_int_max_str_digits(old)
    assert tomlcache.get(text) is None
    with pytest.raises(Exception, match="thousands of digits"):
        TomlSource.parse(text, "a.toml")


def test_a_huge_text_is_not_kept(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tomlcache, "MAX_TEXT", 10)
    TomlSource.parse(TEXT, "a.toml")
    assert _entries(cache) == []


def test_entries_are_the_owner_s_alone(cache: Path) -> None:
    TomlSource.parse(TEXT, "a.toml")
    (entry,) = _entries(cache)
    assert entry.stat().st_mode & 0o077 == 0


def test_a_relative_folder_keeps_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tomlcache, "_off", False)
    monkeypatch.setenv("ASLPTO_CACHE", "relative/cache")
    assert tomlcache.folder() is None
    monkeypatch.setenv("ASLPTO_CACHE", "~/cache")
    assert tomlcache.folder() == os.path.expanduser("~/cache")


def test_turned_off_keeps_nothing(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    tomlcache.turn_off()
    assert tomlcache.folder() is None
    TomlSource.parse(TEXT, "a.toml")
    assert _entries(cache) == []
