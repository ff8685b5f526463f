"""tools/vasl_catalog.py: the counter catalog read from VASL's buildFile.

The committed catalog is what the tool makes of VASL's own buildFile; small buildFiles written
here pin down how pieces are read (layers, broken sides, half-squads, lines, leaders, heroes)
and how bad input is refused.
"""

from __future__ import annotations

import importlib.util
import sys
import tomllib
import zipfile
from pathlib import Path
from types import ModuleType
from typing import Any
from xml.sax.saxutils import escape

import pytest

ROOT = Path(__file__).resolve().parents[2]
CATALOG = ROOT / "src" / "aslpto" / "data" / "catalog.toml"


def _find_buildfile() -> Path | None:
    for path in (
        ROOT.parent / "shared" / "vasl" / "module" / "buildFile",
        Path("/work/shared/vasl/module/buildFile"),
    ):
        if path.is_file():
            return path
    return None


BUILDFILE = _find_buildfile()


def _load_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "vasl_catalog", ROOT / "tools" / "vasl_catalog.py"
    )
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


tool = _load_tool()


# -- writing small buildFiles the way VASSAL encodes them -----------------------------------------


def enc(tokens: list[str], delim: str) -> str:
    """VASSAL's SequenceEncoder: a backslash before the delimiter inside a token."""
    out = []
    for t in tokens:
        e = t.replace(delim, "\\" + delim)
        if t.endswith("\\") or (len(t) > 1 and t.startswith("'") and t.endswith("'")):
            e = f"'{e}'"
        out.append(e)
    return delim.join(out)


def nest(parts: list[str]) -> str:
    """A Decorator's type or state: its own, then its inner piece's as one escaped token."""
    return parts[0] if len(parts) == 1 else enc([parts[0], nest(parts[1:])], "\t")


Trait = tuple[str, str]


def layer(
    images: list[str],
    names: list[str],
    *,
    level: int = 1,
    active: bool = False,
    command: str = "",
    key: str = "",
    up: str = "E",
    down: str = "Q",
) -> Trait:
    fields = [command, "2", key, "", "2", up, "", "2", down, "", "", "0", "false", "0", "0"]
    fields += [enc(images, ","), enc(names, ","), "false", "", "", "", "false", "", "1", "1"]
    fields += ["true", "", "", ""]
    return "emb2;" + enc(fields, ";"), str(level if active else -level)


def basic(name: str, image: str = "") -> Trait:
    return enc(["piece", "K", "D", image, name], ";"), "null;0;0;1"


def slot(entry: str, gpid: str, *traits: Trait) -> str:
    text = enc(["+", "null", nest([t for t, _ in traits]), nest([s for _, s in traits])], "/")
    return (
        f'<VASSAL.build.widget.PieceSlot entryName="{escape(entry)}" gpid="{gpid}">'
        f"{escape(text)}</VASSAL.build.widget.PieceSlot>"
    )


def panel(name: str, *children: str, kind: str = "PanelWidget") -> str:
    attr = f' entryName="{escape(name)}"' if name else ""
    return f"<VASSAL.build.widget.{kind}{attr}>{''.join(children)}</VASSAL.build.widget.{kind}>"


def module(*boxes: str) -> str:
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<VASSAL.launch.BasicModule name="VASL" version="t1" VassalVersion="3.2.17">'
        '<VASSAL.build.module.PieceWindow name="VASL Counters">'
        f"{panel('', *boxes, kind='TabWidget')}"
        "</VASSAL.build.module.PieceWindow></VASSAL.launch.BasicModule>"
    )


def us_line(level: int, hs_active: bool) -> tuple[Trait, ...]:
    """A U.S. 6-6-7 counter of two faces, each with its half-squad and broken sides."""
    return (
        ("prototype;amINF", ""),
        layer(["am/amh7b", "am/amh6b"], ["broken +", "broken +"], level=level, key="FV"),
        layer(
            ["am/am347H", "am/am346H"],
            ["3-4-7 Ehs", "3-4-6 1hs"],
            level=level,
            active=hs_active,
            command="SQ/HS",
            key="V",
        ),
        layer(["am/ams8b", "am/ams7b"], ["broken +", "broken +"], level=level, key="F"),
        layer(
            ["am/am667S", "am/am666S"],
            ["6-6-7 Esq", "6-6-6 1sq"],
            level=level,
            active=True,
            up="E",
            down="Q",
        ),
        basic("6-6-7 Esq", " "),
    )


MARINE = (
    layer(["am/amh7b", "am/ams8b"], ["broken +", "broken +"], level=2, key="F", up="V"),
    layer(["am/am348H", "am/am768S"], ["3-4-8 Mhs", "7-6-8 Msq"], level=2, active=True, up="V"),
    basic("7-6-8 Msq"),
)
CREW = (layer(["am/amc8b"], ["broken +"], key="F", up="", down=""), basic("2-2-7 Icr", "am/am227C"))
LEADER = (
    ("prototype;Wound1", ""),
    layer(["am/amL91b", "am/amL61b"], ["broken +", "broken +"], level=2, key="F"),
    layer(["am/amL91", "am/amL61"], ["9-1", "6\\+1"], level=2, active=True),
    basic("amLDR"),
)
HERO = (layer(["am/amHero", "am/amHerob"], ["", ""], active=True, up="W", down=""), basic("Hero"))
JAPANESE = (
    layer(["ja/jah8b", "ja/jah7b"], ["broken +", "broken +"], command="Break", key="F"),
    layer(["ja/ja238H", "ja/ja237H"], ["2-3-8 Ehs", "2-3-7 1hs"], command="SQ/HS", key="V"),
    layer(
        ["ja/ja348Sr", "ja/ja347Sr"],
        ["str 3-4-8 Esq", "str 3-4-7 1sq"],
        command="Stripe",
        key="S",
    ),
    layer(["ja/ja448S", "ja/ja447S"], ["4-4-8 Esq", "4-4-7 1sq"], active=True),
    basic("4-4-8 Esq", " "),
)
JA_LEADER = (
    layer(["ja/jaL91w", "ja/jaL8p1w"], ["9-1", "8\\+1"], key="W"),
    layer(["ja/jaL102", "ja/jaL91"], ["10-2", "9-1"], active=True),
    basic("jaLDR"),
)

SMALL = module(
    panel(
        "Allied O/B",
        panel(
            "American",
            panel(
                "SQ",
                panel(
                    "Army",
                    slot("6-6-7 Esq", "782", *us_line(1, False)),
                    slot("2-2-7 Icr", "791", *CREW),
                ),
                panel("USMC", slot("7-6-8 Msq", "794", *MARINE)),
                panel("Korea", slot("6-6-7 Esq", "9001", *us_line(1, False))),
                kind="TabWidget",
            ),
            panel("HS", panel("Army", slot("6-6-7 Esq", "808", *us_line(2, True)))),
            panel(
                "SMC",
                panel("Infantry", slot("Hero", "838", *HERO), slot("amLDR", "830", *LEADER)),
            ),
            kind="TabWidget",
        ),
        kind="BoxWidget",
    ),
    panel(
        "Axis O/B",
        panel(
            "Japanese",
            panel("SQ", slot("4-4-8 Esq", "3200", *JAPANESE)),
            panel("SMC", slot("jaLDR", "3240", *JA_LEADER)),
            kind="TabWidget",
        ),
        kind="BoxWidget",
    ),
)


@pytest.fixture
def small(tmp_path: Path) -> Path:
    path = tmp_path / "buildFile"
    path.write_text(SMALL, encoding="utf-8")
    return path


def generate(path: Path, out: Path, *palettes: str) -> dict[str, Any]:
    args = [str(path), "-o", str(out)]
    for p in palettes:
        args += ["--palette", p]
    assert tool.main(args) == 0
    return tomllib.loads(out.read_text(encoding="utf-8"))


def rows(catalog: dict[str, Any], table: str, **match: object) -> list[dict[str, Any]]:
    return [r for r in catalog.get(table, []) if all(r.get(k) == v for k, v in match.items())]


def one(catalog: dict[str, Any], table: str, **match: object) -> dict[str, Any]:
    found = rows(catalog, table, **match)
    assert len(found) == 1, (match, found)
    return found[0]


# -- VASL's own buildFile --------------------------------------------------------------------------


@pytest.mark.skipif(BUILDFILE is None, reason="VASL buildFile not beside the repository")
def test_committed_catalog_is_what_the_buildfile_gives(tmp_path: Path) -> None:
    assert BUILDFILE is not None
    out = tmp_path / "catalog.toml"
    assert tool.main([str(BUILDFILE), "-o", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == CATALOG.read_text(encoding="utf-8"), (
        "run: python tools/vasl_catalog.py ../shared/vasl/module/buildFile"
    )


def test_committed_catalog_reads_as_toml() -> None:
    catalog = tomllib.loads(CATALOG.read_text(encoding="utf-8"))
    assert catalog["source"]["module"] == "VASL"
    us = one(catalog, "mmc", nationality="american", label="6-6-7 Esq")
    assert (us["face"], us["class"], us["morale"], us["broken_ml"]) == ("6-6-7", "elite", 7, 8)
    assert us["deploys_to"] == "3-4-7 Ehs"
    assert us["piece"] == "6-6-7 Esq" and us["palette"] == "Allied O/B/American/SQ/Army"
    line = one(catalog, "line", id="american:6-6-7 Esq")
    assert line["squads"] == ["6-6-7 Esq", "6-6-6 1sq", "5-4-6 2sq", "5-3-6 Gsq"]
    ja = one(catalog, "leader_line", id="japanese:jaLDR")
    assert ja["ranks"][0] == "10-2" and ja["wounded"][0] == "9-1"


# -- small buildFiles ------------------------------------------------------------------------------


def test_decode_follows_vassal_escapes() -> None:
    assert tool.decode("a;b\\;c;;'d\\'", ";") == ["a", "b;c", "", "d\\"]
    assert tool.decode("", ",") == [""]
    inner = enc(["x", "y;z"], ";")
    assert tool.decode(enc(["p", inner], "\t"), "\t") == ["p", inner]


def test_piece_traits_unnest_type_and_state() -> None:
    text = enc(["+", "null", nest(["a;1/2", "b\t", "piece;;;;n"]), nest(["s1", "s2", "s3"])], "/")
    assert tool.piece_traits(text) == [("a;1/2", "s1"), ("b\t", "s2"), ("piece;;;;n", "s3")]
    assert tool.piece_traits("not a piece") == []


def test_squad_line_half_squads_and_broken_sides(small: Path, tmp_path: Path) -> None:
    cat = generate(small, tmp_path / "c.toml", "American")
    elite = one(cat, "mmc", nationality="american", label="6-6-7 Esq")
    assert elite["kind"] == "squad" and elite["class"] == "elite" and elite["tag"] == "E"
    assert (elite["morale"], elite["broken_ml"], elite["broken_image"]) == (7, 8, "am/ams8b")
    assert elite["deploys_to"] == "3-4-7 Ehs"
    assert (elite["piece"], elite["gpid"], elite["shown"]) == ("6-6-7 Esq", "782", True)
    first = one(cat, "mmc", nationality="american", label="6-6-6 1sq")
    assert (first["class"], first["broken_ml"], first["deploys_to"]) == ("1st-line", 7, "3-4-6 1hs")
    assert first["shown"] is False and first["lines"] == ["american:6-6-7 Esq"]
    half = one(cat, "mmc", nationality="american", label="3-4-6 1hs")
    assert (half["kind"], half["broken_ml"], half["gpid"], half["shown"]) == (
        "half-squad",
        6,
        "808",
        True,
    )
    assert half["palette"] == "Allied O/B/American/HS/Army"
    line = one(cat, "line", id="american:6-6-7 Esq")
    assert line["squads"] == ["6-6-7 Esq", "6-6-6 1sq"]
    assert line["half_squads"] == ["3-4-7 Ehs", "3-4-6 1hs"]
    assert line["gpids"] == ["782", "808"]


def test_marines_crews_leaders_heroes(small: Path, tmp_path: Path) -> None:
    cat = generate(small, tmp_path / "c.toml", "American")
    marine = one(cat, "mmc", nationality="usmc", label="7-6-8 Msq")
    assert (marine["broken_ml"], marine["deploys_to"], marine["tag"]) == (8, "3-4-8 Mhs", "M")
    assert "class" not in marine
    assert one(cat, "mmc", nationality="usmc", label="3-4-8 Mhs")["broken_ml"] == 7
    crew = one(cat, "mmc", nationality="american", label="2-2-7 Icr")
    assert (crew["kind"], crew["face"], crew["broken_ml"], crew["image"]) == (
        "crew",
        "2-2-7",
        8,
        "am/am227C",
    )
    ranks = rows(cat, "leader", nationality="american")
    assert [(r["face"], r["morale"], r["drm"], r["shown"]) for r in ranks] == [
        ("9-1", 9, -1, False),
        ("6+1", 6, 1, True),
    ]
    assert all(r["breaks"] for r in ranks)
    assert one(cat, "leader_line", id="american:amLDR")["ranks"] == ["9-1", "6+1"]
    hero = one(cat, "hero", nationality="american")
    assert (hero["image"], hero["wounded_image"]) == ("am/amHero", "am/amHerob")


def test_korea_sub_palettes_are_left_out(small: Path, tmp_path: Path) -> None:
    cat = generate(small, tmp_path / "c.toml", "American")
    assert "9001" not in one(cat, "line", id="american:6-6-7 Esq")["gpids"]
    assert all("Korea" not in r["palette"] for r in cat["mmc"])


def test_japanese_reduced_faces_and_wounded_leaders(small: Path, tmp_path: Path) -> None:
    cat = generate(small, tmp_path / "c.toml", "Japanese")
    full = one(cat, "mmc", label="4-4-8 Esq")
    assert "broken_ml" not in full
    assert (full["reduces_to"], full["deploys_to"]) == ("str 3-4-8 Esq", "2-3-8 Ehs")
    reduced = one(cat, "mmc", label="str 3-4-7 1sq")
    assert (reduced["face"], reduced["reduced"], reduced["class"]) == ("3-4-7", True, "1st-line")
    assert one(cat, "mmc", label="2-3-7 1hs")["broken_ml"] == 7
    line = one(cat, "line", id="japanese:4-4-8 Esq")
    assert line["reduced"] == ["str 3-4-8 Esq", "str 3-4-7 1sq"]
    leaders = rows(cat, "leader", nationality="japanese")
    assert [(r["face"], r["wounded"], r["breaks"]) for r in leaders] == [
        ("10-2", "9-1", False),
        ("9-1", "8+1", False),
    ]


def test_output_is_stable_and_sorted(small: Path, tmp_path: Path) -> None:
    a, b = tmp_path / "a.toml", tmp_path / "b.toml"
    generate(small, a)
    generate(small, b)
    text = a.read_text(encoding="utf-8")
    assert text == b.read_text(encoding="utf-8")
    assert text.startswith("# Counter catalog")
    assert "python tools/vasl_catalog.py <buildFile>" in text
    cat = tomllib.loads(text)
    keys = [(r["nationality"], r["kind"]) for r in cat["mmc"]]
    assert [k[0] for k in keys] == sorted(k[0] for k in keys)
    # every palette the module has, in its order
    assert cat["source"]["palettes"] == ["American", "Japanese"]


def test_vmod_archive_gives_the_same_catalog(small: Path, tmp_path: Path) -> None:
    vmod = tmp_path / "vasl-test.vmod"
    with zipfile.ZipFile(vmod, "w") as z:
        z.writestr("moduledata", "<data/>")
        z.writestr("buildFile", small.read_text(encoding="utf-8"))
    generate(small, tmp_path / "a.toml")
    generate(vmod, tmp_path / "b.toml")
    assert (tmp_path / "a.toml").read_bytes() == (tmp_path / "b.toml").read_bytes()


# -- refusals --------------------------------------------------------------------------------------


def refused(capsys: pytest.CaptureFixture[str], args: list[str], out: Path) -> str:
    out.write_text("old catalog\n", encoding="utf-8")
    assert tool.main([*args, "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert out.read_text(encoding="utf-8") == "old catalog\n"
    assert sorted(p.name for p in out.parent.iterdir() if p.name.endswith(".tmp")) == []
    return err


def test_not_xml_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "buildFile"
    bad.write_text("this is not XML <", encoding="utf-8")
    err = refused(capsys, [str(bad)], tmp_path / "c.toml")
    assert str(bad) in err and "not XML" in err


def test_vmod_without_buildfile_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    vmod = tmp_path / "empty.vmod"
    with zipfile.ZipFile(vmod, "w") as z:
        z.writestr("moduledata", "<data/>")
    err = refused(capsys, [str(vmod)], tmp_path / "c.toml")
    assert str(vmod) in err and "no buildFile" in err


def test_unknown_palette_is_refused(
    small: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    err = refused(capsys, [str(small), "--palette", "Narnia"], tmp_path / "c.toml")
    assert "unknown palette 'Narnia'" in err and "American, Japanese" in err


def test_missing_file_and_other_xml_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    err = refused(capsys, [str(tmp_path / "nowhere")], tmp_path / "c.toml")
    assert "cannot read" in err
    other = tmp_path / "other.xml"
    other.write_text("<html/>", encoding="utf-8")
    assert "not a VASSAL module" in refused(capsys, [str(other)], tmp_path / "c.toml")


def test_failed_write_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "catalog.toml"
    out.write_text("old\n", encoding="utf-8")

    def fail(src: str, dst: str) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(tool.os, "replace", fail)
    with pytest.raises(OSError):
        tool.write_atomic(out, "new\n")
    assert out.read_text(encoding="utf-8") == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["catalog.toml"]


def test_catalog_error_is_a_value_error() -> None:
    assert issubclass(tool.CatalogError, ValueError)
