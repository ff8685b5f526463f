"""``aslpto odds`` as a player uses it: the ATMM outcome shown, bad input refused cleanly."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from aslpto.cli import main
from aslpto.commands.odds import describe
from aslpto.rulings import InputError


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    assert main(["odds", *argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)  # type: ignore[no-any-return]


def test_g1_4231_cli_atmm_outcome_without_detail(capsys: pytest.CaptureFixture[str]) -> None:
    p = run_json(capsys, "atmm", "--unit", "t-h-hero")
    got = {o["atmm"]: Fraction(o["probability"]) for o in p["outcomes"]}  # type: ignore[attr-defined]
    assert got == {True: Fraction(1, 2), False: Fraction(1, 2)}
    p = run_json(capsys, "atmm", "--unit", "t-h-hero", "--pre-1944")
    got = {o["atmm"]: Fraction(o["probability"]) for o in p["outcomes"]}  # type: ignore[attr-defined]
    assert got == {True: Fraction(1, 3), False: Fraction(2, 3)}
    assert main(["odds", "atmm", "--unit", "t-h-hero"]) == 0
    out = capsys.readouterr().out
    assert "  ATMM" in out and "no ATMM" in out
    assert main(["odds", "atmm", "--unit", "t-h-hero", "--rolls", "4"]) == 0
    assert "no ATMM" in capsys.readouterr().out


def test_g1_424_cli_dc_hero_atmm_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "atmm", "--unit", "dc-hero"]) == 2
    assert "G1.424" in capsys.readouterr().err


@pytest.mark.parametrize(
    "argv",
    [
        ["mc", "-1", "--unit", "4-4-7"],
        ["mc", "--mc", "-2", "--unit", "4-4-7"],
        ["mc", "--unit", "4-4-7", "--elr", "6"],
        ["mc", "--unit", "4-4-7", "--elr", "-1"],
        ["mc", "--unit", "4-4-7:elr=9"],
        ["mc", "--unit", "11-3"],
        ["mc", "--unit", "4-4-7", "--leader", "99-9"],
        ["mc", "--unit", "4-4-7", "--leader-present", "10-3"],
        ["th-hero", "--unit", "4-4-7", "--mf-expended", "-3"],
    ],
)
def test_cli_bad_input_is_refused(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    assert main(["odds", *argv]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and err.strip()


def test_g1_41_leader_faces() -> None:
    for face in ("10-2", "10-1", "10-0", "9-1", "9-0", "8-1", "8-0", "8+1"):
        assert describe(face).counter == face
    # a wounded leader by his wounded face (9-1 wounded reads 8-0; 8+1 wounded 7+2)
    assert describe("7+2:wounded").morale == 7
    with pytest.raises(InputError, match="leader rank"):
        describe("7+2")
    assert describe("10-3:american").counter == "10-3"
