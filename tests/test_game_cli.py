"""``aslpto game`` from the command line: a whole Game Turn of a PTO scenario on the bundled map
(examples/game-turn.sh, line by line), its record replayed to the same position, an edited
record refused at the edited action, and a game on real VASL boards."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from aslpto.formats import record
from gamehelp import ROOT, aslpto, play_script

SCRIPT = ROOT / "examples" / "game-turn.sh"


@pytest.fixture()
def played(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    return play_script(SCRIPT, tmp_path / "turn.jsonl", capsys)


def test_a3_a_whole_game_turn_from_the_command_line(
    played: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    loaded = record.load(str(played))
    s = loaded.state
    assert s.over and s.turn == 2
    assert [e.phase for e in loaded.entries][:3] == ["RPh", "PFPh", "PFPh"]
    assert {e.action.name for e in loaded.entries} >= {
        "end-phase",
        "fire",
        "move",
        "rally",
        "rout",
        "advance",
    }
    code, out, _ = aslpto(["game", "replay", str(played)], capsys)
    assert code == 0 and "replayed" in out
    code, out, _ = aslpto(["game", "show", str(played), "--json"], capsys)
    shown = json.loads(out)
    assert shown["over"] and shown["actions"] == len(loaded.entries)
    units = {u["id"]: u for u in shown["units"]}
    assert "U1" in shown["eliminated"]  # it could not rout (A10.5)
    assert units["U2"]["hex"] == "32O10" and units["U2"]["status"] == []  # routed, rallied
    assert units["UL"]["hex"] == "32O10"
    first_rout = next(e.n for e in loaded.entries if e.action.name == "rout")
    code, out, _ = aslpto(["game", "show", str(played), "--at", str(first_rout - 1)], capsys)
    assert code == 0 and "must rout: U1, U2 (A10.5)" in out


def test_an_edited_record_is_refused_at_the_edited_action(
    played: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = played.read_text(encoding="utf-8").splitlines(keepends=True)
    n = next(i for i, raw in enumerate(lines) if '"action": "fire"' in raw)
    entry = json.loads(lines[n])
    entry["dice"][0] = 7 - entry["dice"][0]  # another roll than the one made
    lines[n] = json.dumps(entry) + "\n"
    played.write_text("".join(lines), encoding="utf-8")
    before = played.read_bytes()
    code, out, err = aslpto(["game", "replay", str(played)], capsys)
    assert code == 2 and out == ""
    assert err.startswith(f"aslpto: {played}: action {n} (fire): ")
    assert err.count("\n") == 1
    code, _, err = aslpto(["game", "end-phase", str(played)], capsys)
    assert code == 2 and played.read_bytes() == before


def test_undo_at_and_a_game_from_a_point_of_another(
    played: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    total = len(record.load(str(played)).entries)
    code, out, _ = aslpto(["game", "show", str(played), "--at", "4", "--json"], capsys)
    assert code == 0 and json.loads(out)["phase"] == "MPh"
    branch = tmp_path / "branch.jsonl"
    code, out, err = aslpto(
        ["game", "new", "--from", str(played), "--at", "4", "-o", str(branch)], capsys
    )
    assert code == 0, err
    assert len(record.load(str(branch)).entries) == 4
    code, out, _ = aslpto(["game", "undo", str(played)], capsys)
    assert code == 0 and f"action {total}" in out
    assert len(record.load(str(played)).entries) == total - 1


@pytest.mark.parametrize("example", ["real-37-38"])
def test_a_game_on_real_boards(
    example: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = tmp_path / "real.jsonl"
    scenario = str(ROOT / "examples" / f"{example}.toml")
    code, _, err = aslpto(["game", "new", scenario, "-o", str(game), "--seed", "3"], capsys)
    assert code == 0, err
    loaded = record.load(str(game))
    side = loaded.state.attacker
    unit = next(u for u in loaded.game.units.values() if u.side == side and u.kind.is_mmc)
    for _ in range(2):
        assert aslpto(["game", "end-phase", str(game)], capsys)[0] == 0
    from aslpto.procedures import movement

    g = loaded.game
    steps = [g.map.name(n) for n in g.map.layout.neighbours(g.map.hex(unit.hex))]
    step = next(t for t in steps if movement.evaluate(g, unit.id, [t]).legal)
    code, _, err = aslpto(["game", "move", str(game), unit.id, step], capsys)
    assert code == 0, err
    assert record.load(str(game)).state.position.unit(unit.id).hex == step
    code, _, err = aslpto(["game", "replay", str(game)], capsys)
    assert code == 0, err


def test_a_vasl_save_starts_a_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from vaslhelp import BOARDS

    save = ROOT.parent / "shared" / "vasl" / "saves" / "Hill 621 (Scenario E).vsav"
    if BOARDS is None or not save.is_file():
        pytest.skip("needs the shared VASL saves and boards (../shared/vasl)")
    shutil.copy(save, tmp_path / "hill.vsav")
    game = str(tmp_path / "hill.jsonl")
    boards = ["--vasl-boards", str(BOARDS)]
    new = ["game", "new", str(tmp_path / "hill.vsav"), "-o", game, "--first", "russian"]
    code, out, err = aslpto([*new, *boards], capsys)
    assert code == 0, err
    assert "Russian moves first" in out
    assert aslpto(["game", "end-phase", game, *boards], capsys)[0] == 0
    code, out, err = aslpto(["game", "show", game, "--json", *boards], capsys)
    assert code == 0, err
    assert json.loads(out)["phase"] == "PFPh"
