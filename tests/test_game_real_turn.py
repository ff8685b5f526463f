"""``aslpto game`` on real VASL boards 37 and 38 from the command line: a whole Game Turn of
examples/real-37-38.toml (examples/game-turn-real.sh, line by line: fire, moves, Defensive
First and Final Fire, a rout, advances and a Close Combat, each refusal naming its rule), its
record replayed to the same position, and an edited record refused at the edited action."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from aslpto.formats import record
from gamehelp import ROOT, aslpto, play_script
from vaslhelp import BOARDS

SCRIPT = ROOT / "examples" / "game-turn-real.sh"


@pytest.fixture()
def boards(monkeypatch: pytest.MonkeyPatch) -> Path:
    """The VASL boards folder (bd37, bd38), named to the commands as the script names it."""
    if BOARDS is None or not all((BOARDS / f"bd{n}").is_file() for n in ("37", "38")):
        pytest.skip("needs the VASL boards 37 and 38 (../shared/vasl/boards)")
    monkeypatch.setenv("ASLPTO_VASL_BOARDS", str(BOARDS))
    return BOARDS


@pytest.fixture()
def played(boards: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    return play_script(SCRIPT, tmp_path / "real-turn.jsonl", capsys)


def test_a3_a_whole_game_turn_on_real_boards_from_the_command_line(
    played: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Both Player Turns of the script: every phase, a Prep Fire, moves with Defensive First
    Fire (US2 broken, J1 pinned), a Final Fire, US2's rout to the jungle of 37FF7 (A10.51),
    advances and J3's Close Combat in 37EE8 (A11); the game over after its one Game Turn."""
    loaded = record.load(str(played))
    s = loaded.state
    assert s.over and s.turn == 2
    assert {e.action.name for e in loaded.entries} == {
        "end-phase",
        "fire",
        "move",
        "rout",
        "advance",
        "cc",
    }
    phases = {(e.player_turn, e.phase) for e in loaded.entries if e.action.name == "fire"}
    assert phases == {(1, "PFPh"), (1, "MPh"), (1, "DFPh"), (2, "PFPh"), (2, "MPh"), (2, "DFPh")}
    code, out, _ = aslpto(["game", "replay", str(played)], capsys)
    assert code == 0 and f"{len(loaded.entries)} action(s) replayed" in out
    code, out, _ = aslpto(["game", "show", str(played), "--json"], capsys)
    shown = json.loads(out)
    assert shown["over"] and shown["actions"] == len(loaded.entries)
    units = {u["id"]: u for u in shown["units"]}
    assert shown["eliminated"] == ["J3"]  # in the Close Combat of 37EE8
    assert units["US2"]["hex"] == "37FF7" and "broken" in units["US2"]["status"]
    assert units["US3"]["hex"] == "37EE8" and units["US4"]["hex"] == "37FF8"
    assert units["J1"]["hex"] == "37DD8" and units["J1"]["status"] == []  # its pin gone (A7.8)
    rout = next(e.n for e in loaded.entries if e.action.name == "rout")
    code, out, _ = aslpto(["game", "show", str(played), "--at", str(rout - 1)], capsys)
    assert code == 0 and "must rout: US2 (A10.5)" in out


def test_an_edited_record_on_real_boards_is_refused_at_the_edited_action(
    played: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The Close Combat recorded with another roll than the one made: replaying refuses that
    action in one line, and nothing is taken back from (or written to) the record."""
    lines = played.read_text(encoding="utf-8").splitlines(keepends=True)
    n = next(i for i, raw in enumerate(lines) if '"action": "cc"' in raw)
    entry = json.loads(lines[n])
    entry["dice"][2] = 6  # another roll than the one made (6,3 for 4,3)
    lines[n] = json.dumps(entry) + "\n"
    played.write_text("".join(lines), encoding="utf-8")
    before = played.read_bytes()
    code, out, err = aslpto(["game", "replay", str(played)], capsys)
    assert code == 2 and out == ""
    assert err.startswith(f"aslpto: {played}: action {n} (cc): ")
    assert err.count("\n") == 1
    code, _, err = aslpto(["game", "undo", str(played)], capsys)
    assert code == 2 and played.read_bytes() == before
