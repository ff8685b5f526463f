"""The rulebook's examples replayed on the real boards they name (VASL board archives):
B21.2/B21.21's EX on board 7 and the G9 panji examples on board 37 (examples/panji-g9.toml
laid out on the real board 37 instead of the bundled 901). LOS here is the project's hex-grain
LOS; LOS over the artwork is not yet built. Skipped without the shared VASL folder."""

from __future__ import annotations

from functools import cache

import pytest

from aslpto.board.maps import Map
from aslpto.board.terrain import Terrain
from aslpto.formats import scenario
from aslpto.procedures.movement import evaluate
from aslpto.rules.los import LosEngine, LosResult, parse_location
from aslpto.rules.movement import HALF, MoveOptions
from aslpto.state.game import Game
from vaslhelp import BOARDS, ROOT, needs_vasl, scenario_text

pytestmark = needs_vasl


@cache
def board7(depth: str) -> Map:
    return scenario.loads(scenario_text('[["7"]]', f'river_depth = "{depth}"')).map


def _los(m: Map, a: str, b: str) -> LosResult:
    return LosEngine(m).check(parse_location(m, a), parse_location(m, b))


def test_b21_2_ex_board_7_terrain_as_the_example_has_it() -> None:
    """The B21.2 EX's hexes; 7BB9 lies in the water cut off from the river (7BB9-CC9-DD9),
    which B21.13 names a pond (7CC9)."""
    m = board7("deep")
    assert [m.terrain(m.hex(f"7{h}")) for h in ("AA10", "AA9", "AA8", "BB8", "BB9")] == [
        Terrain.OPEN_GROUND,
        Terrain.OPEN_GROUND,
        Terrain.RIVER,
        Terrain.MARSH,
        Terrain.POND,
    ]


def test_b21_13_7cc9_is_a_pond_a_land_locked_river() -> None:
    """B21.13: 7CC9 is the rule's own example of a pond hex; on the real board its water
    (7BB9-CC9-DD9) touches no board edge. The marsh about it stays marsh when the river is
    fordable or flooded (B21.122 changes marsh adjacent to the river)."""
    m = board7("deep")
    assert {m.terrain(m.hex(f"7{h}")) for h in ("BB9", "CC9", "DD9")} == {Terrain.POND}
    assert m.terrain(m.hex("7E2")) == Terrain.RIVER
    for depth in ("fordable", "flooded"):
        f = board7(depth)
        assert f.terrain(f.hex("7EE9")) == f.terrain(f.hex("7CC10")) == Terrain.MARSH


def test_b21_2_ex_deep_river_one_level_down_on_board_7() -> None:
    m = board7("deep")
    assert (m.level(m.hex("7AA10")), m.level(m.hex("7AA9"))) == (0, 0)
    assert m.level(m.hex("7AA8")) == m.level(m.hex("7BB9")) == -1
    r = _los(m, "7AA10", "7AA8")
    assert not r.los and r.blocked_by is not None and r.blocked_by.rule == "B21.2"
    assert _los(m, "7AA10@1", "7AA8").los
    assert _los(m, "7AA10", "7BB9").los  # its own hexside does not count


def test_b21_21_ex_flooded_river_at_ground_level_on_board_7() -> None:
    m = board7("flooded")
    assert m.level(m.hex("7AA8")) == 0 and m.level(m.hex("7BB9")) == 0
    assert m.terrain(m.hex("7BB8")) == Terrain.RIVER  # B21.122 (16.6)
    assert _los(m, "7AA10", "7AA8").los


def test_b21_2_entering_the_deep_river_on_board_7() -> None:
    """Infantry in 7AA9 may not simply walk into the deep river 7AA8 (B21.4); they may wade
    into a fordable one (B21.41)."""
    units = (
        '\n[[units]]\nid = "US"\nside = "U.S."\nkind = "squad"\nclass = "1st-line"\n'
        'counter = "6-6-6"\nhex = "7AA9"\n'
    )
    deep = scenario.loads(scenario_text('[["7"]]', 'river_depth = "deep"', units))
    r = evaluate(deep, "US", ["7AA8"])
    assert not r.legal and r.violation is not None and r.violation.rule.startswith("B21")
    fordable = scenario.loads(scenario_text('[["7"]]', 'river_depth = "fordable"', units))
    r = evaluate(fordable, "US", ["7AA8"])
    assert r.legal, r.violation


# --- G9 on board 37 ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def g9() -> Game:
    """examples/panji-g9.toml on the real board 37 (its jungle at CC7-DD7 and FF7 is the
    real board's; EE7-EE8 and DD8 are a strip of kunai there, jungle on the bundled board)."""
    text = (ROOT / "examples" / "panji-g9.toml").read_text(encoding="utf-8")
    text = text.replace('"37" = "901"', '"37" = "vasl:37"').replace(
        'boards = [["37"]]', f'boards = [["37"]]\nvasl_boards = "{BOARDS}"'
    )
    return scenario.loads(text, str(ROOT / "examples" / "real-g9.toml"))


def test_g9_real_board_37_terrain(g9: Game) -> None:
    m = g9.map
    assert "37" in m.artwork
    assert [m.terrain(m.hex(f"37{h}")) for h in ("DD7", "CC8", "FF7", "EE7", "EE8")] == [
        Terrain.LIGHT_JUNGLE,
        Terrain.LIGHT_JUNGLE,
        Terrain.LIGHT_JUNGLE,
        Terrain.KUNAI,
        Terrain.KUNAI,
    ]


def test_g9_6_ex_squad_b_enters_ee8_on_real_37(g9: Game) -> None:
    r = evaluate(g9, "B", ["37EE8"])
    assert r.legal
    assert (r.steps[0].costs[0].rule, r.steps[0].costs[0].halves) == ("G9.6", HALF)


@pytest.mark.parametrize("uid", ["B", "truck"])
def test_g9_46_ex_no_bypass_along_dd7_ee8_on_real_37(g9: Game, uid: str) -> None:
    r = evaluate(g9, uid, ["37DD7/EE8"])
    assert not r.legal and r.violation is not None and r.violation.rule == "G9.46"
    assert evaluate(g9, uid, ["37FF7/EE8"]).legal


def test_g9_6_ex_terrain_blaze_six_mf_on_real_37(g9: Game) -> None:
    """DD7 (light jungle, 2 MF, above the Panji counter), beneath (1), across Covered
    DD7-CC8 (1) into CC8 (light jungle, 2): six MF, as on the bundled board."""
    opts = MoveOptions(double_time=True, blaze=frozenset({"37DD8"}))
    r = evaluate(g9, "A", ["37DD7", ":beneath", "37CC8"], opts)
    assert r.legal, r.violation
    assert [s.total for s in r.steps] == [2 * HALF, 3 * HALF, 6 * HALF]
    assert [e.kind for e in r.steps[0].events] == ["cx", "panji-mc"]


def test_g9_covered_hexsides_on_real_37(g9: Game) -> None:
    c = g9.panjis["C"]
    m = g9.map
    names = sorted(m.name(n) for s in c.covered for n in (s.a, s.b) if n != c.hex)
    assert names == ["37CC8", "37DD8", "37EE8"]
