"""The counter catalog: the faces VASL prints (data/catalog.toml) and what the rules add; a unit
is its nationality and face, a Japanese one its Class and strength (rules README)."""

from __future__ import annotations

import pytest

from aslpto.base.rulings import InputError
from aslpto.state.counters import (
    catalog,
    exchange,
    good_order_morale,
    leader_face,
    make,
    parse_leader,
)
from aslpto.state.units import Kind, Strength, Unit, UnitClass

E, F, S, C = UnitClass.ELITE, UnitClass.FIRST_LINE, UnitClass.SECOND_LINE, UnitClass.CONSCRIPT
FULL, RED = Strength.FULL, Strength.REDUCED

JAPANESE_TABLE = [
    # class, Full, Reduced, HS  (rules README "Japanese counters")
    (E, "4-4-8", "3-4-8", "2-3-8"),
    (F, "4-4-7", "3-4-7", "2-3-7"),
    (S, "3-4-7", "2-3-7", "1-3-7"),
    (C, "3-3-6", "2-2-6", "1-2-6"),
]


@pytest.mark.parametrize(("cls", "full", "reduced", "hs"), JAPANESE_TABLE)
def test_g1_1_japanese_squad_faces(cls: UnitClass, full: str, reduced: str, hs: str) -> None:
    c = catalog()
    assert c.counter("japanese", Kind.SQUAD, cls, FULL).face == full
    assert c.counter("japanese", Kind.SQUAD, cls, RED).face == reduced
    assert c.counter("japanese", Kind.HALF_SQUAD, cls).face == hs
    ml = int(full[-1])
    assert c.counter("japanese", Kind.SQUAD, cls, RED).morale == ml


def test_g1_3_japanese_crew_faces() -> None:
    c = catalog()
    assert c.counter("japanese", Kind.CREW, None, FULL).face == "2-2-8"
    assert c.counter("japanese", Kind.CREW, None, RED).face == "1-2-8"
    assert c.counter("japanese", Kind.VEHICLE_CREW).face == "1-2-7"


def test_g1_1_same_numbers_two_identities() -> None:
    # A Reduced 1st-Line squad and a Full 2nd-Line squad both read 3-4-7.
    c = catalog()
    assert c.find("japanese", "3-4-7", unit_class=F).strength == RED
    assert c.find("japanese", "3-4-7", unit_class=S).strength == FULL
    with pytest.raises(InputError, match="more than one counter"):
        c.find("japanese", "3-4-7", kind=Kind.SQUAD)


def test_japanese_class_chain() -> None:
    c = catalog()

    def j(cls: UnitClass) -> Unit:
        return make("J", "japanese", Kind.SQUAD, cls)

    assert c.lower_class(j(E)) == F
    assert c.lower_class(j(F)) == S
    assert c.lower_class(j(S)) == C
    assert c.lower_class(j(C)) is None
    assert c.higher_class(j(F)) == E
    assert c.higher_class(j(E)) is None
    assert c.nationality("japanese").class_chain == (E, F, S, C)
    assert not c.nationality("japanese").disrupts


def test_g1_622_bpv_from_the_readme() -> None:
    c = catalog()
    assert c.counter("japanese", Kind.SQUAD, F, FULL).bpv == 13
    assert c.counter("japanese", Kind.HALF_SQUAD, F).bpv == 6
    assert c.counter("japanese", Kind.SQUAD, S, FULL).bpv == 10
    assert c.counter("japanese", Kind.CREW, None, FULL).bpv == 10
    assert c.counter("japanese", Kind.VEHICLE_CREW).bpv == 8
    with pytest.raises(InputError, match="no BPV"):
        c.bpv(make("x", "japanese", Kind.SQUAD, E, FULL))


def test_catalog_covers_every_army_vasl_prints() -> None:
    c = catalog()
    printed = {r.nationality for r in c.counters}
    assert printed == set(c.nationalities) and len(printed) == 18  # 17 palettes, and USMC
    for nat in sorted(printed):
        n = c.nationality(nat)
        # every Class of its chain has a squad and a HS counter, printed in that Class
        for cls in n.class_chain:
            sq = c.counter(nat, Kind.SQUAD, cls)
            assert (sq.face, sq.unit_class) == (n.stands_for[cls], cls)
            assert c.counter(nat, Kind.HALF_SQUAD, cls).unit_class == cls
        assert c.counter(nat, Kind.CREW).face
        assert c.counter(nat, Kind.VEHICLE_CREW).face


def test_every_row_cites_a_source() -> None:
    c = catalog()
    assert all(ctr.source for ctr in c.counters)
    assert all(n.source for n in c.nationalities.values())
    # every face VASL prints names its piece; the one face it does not name cites its rule
    printed = [ctr for ctr in c.counters if ctr.source.startswith("VASL ")]
    assert [ctr.face for ctr in c.counters if ctr not in printed] == ["1-2-8"]
    assert "G1.3" in c.counter("japanese", Kind.CREW, None, RED).source


def test_no_unchecked_row_in_the_counter_files() -> None:
    from aslpto.base.datafiles import bundled

    text = str(bundled("counters.toml")) + str(bundled("catalog.toml"))
    assert "sure" not in text


def test_unknown_nationality_and_counter() -> None:
    with pytest.raises(InputError, match="unknown nationality"):
        catalog().nationality("martian")
    with pytest.raises(InputError, match="9-9-9: not a Japanese counter"):
        catalog().find("japanese", "9-9-9")


def test_leader_faces() -> None:
    assert parse_leader("10-2") == (10, -2)
    assert parse_leader("8+1") == (8, 1)
    assert leader_face(9, 0) == "9-0"
    assert leader_face(8, 1) == "8+1"
    with pytest.raises(InputError):
        parse_leader("4-4-8")


def test_g1_41_leader_ranks_in_catalog() -> None:
    # G1.41 lists 8-1; VASL's Japanese leader piece lacks it: the rule is kept.
    ranks = catalog().nationality("japanese").leader_ranks
    assert ranks == ("10-2", "10-1", "10-0", "9-1", "9-0", "8-1", "8-0", "8+1")
    vasl = [f.face for f in catalog().leader_faces if f.line == "japanese:jaLDR"]
    assert vasl == ["10-2", "10-1", "10-0", "9-1", "9-0", "8-0", "8+1"]
    assert catalog().lower_leader("japanese", "9-1") == "9-0"
    assert catalog().lower_leader("japanese", "8+1") is None


def test_make_and_exchange_keep_status() -> None:
    sq = make("J1", "japanese", Kind.SQUAD, E, FULL, hex="37EE7", pinned=True)
    assert (sq.counter, sq.morale, sq.strength) == ("4-4-8", 8, FULL)
    red = exchange(sq, strength=RED)
    assert (red.counter, red.pinned, red.hex, red.id) == ("3-4-8", True, "37EE7", "J1")
    hs = exchange(sq, Kind.HALF_SQUAD, id="J1a")
    assert (hs.counter, hs.strength, hs.id) == ("2-3-8", None, "J1a")
    assert good_order_morale(hs) == 8


def test_non_japanese_broken_side_morale() -> None:
    sq = make("A1", "british", Kind.SQUAD, F, broken=True)
    assert sq.morale == catalog().counter("british", Kind.SQUAD, F).broken_morale


def test_make_leader_and_hero() -> None:
    ld = make("L1", "japanese", Kind.LEADER, face="10-0")
    assert (ld.counter, ld.morale) == ("10-0", 10)
    hero = make("H1", "american", Kind.HERO)
    assert hero.morale == 9
    with pytest.raises(InputError):
        make("L2", "japanese", Kind.LEADER)


# --- the faces VASL prints (data/catalog.toml, docs/counters.md) -------------------------------

PRINTED = [
    # nationality, kind, face, Class, Morale Level, broken-side Morale Level (catalog.toml row)
    ("japanese", Kind.HALF_SQUAD, "1-3-7", S, 7, 6),  # 1-3-7 2hs, ja/jah6b
    ("japanese", Kind.HALF_SQUAD, "1-2-6", C, 6, 5),  # 1-2-6 Chs, ja/jah5b
    ("japanese", Kind.VEHICLE_CREW, "1-2-7", None, 7, 8),  # 1-2-7 Vcr
    ("american", Kind.SQUAD, "6-6-7", E, 7, 8),  # 6-6-7 Esq, am/ams8b
    ("american", Kind.SQUAD, "6-6-6", F, 6, 8),  # 6-6-6 1sq
    ("american", Kind.HALF_SQUAD, "3-4-6", F, 6, 7),  # 3-4-6 1hs
    ("american", Kind.SQUAD, "5-4-6", S, 6, 7),  # 5-4-6 2sq
    ("american", Kind.HALF_SQUAD, "2-2-6", UnitClass.GREEN, 6, 6),  # 2-2-6 Ghs
    ("usmc", Kind.SQUAD, "7-6-8", None, 8, 8),  # 7-6-8 Msq
    ("usmc", Kind.HALF_SQUAD, "3-4-8", None, 8, 7),  # 3-4-8 Mhs
    ("british", Kind.SQUAD, "4-5-8", E, 8, 8),  # 4-5-8 Esq
    ("british", Kind.HALF_SQUAD, "2-4-7", F, 7, 6),  # 2-4-7 1hs
    ("british", Kind.SQUAD, "4-3-6", UnitClass.GREEN, 6, 6),  # 4-3-6 Gsq
    ("chinese", Kind.SQUAD, "3-3-7", F, 7, 6),  # 3-3-7 1sq
    ("chinese", Kind.SQUAD, "3-3-6", C, 6, 5),  # 3-3-6 Csq
    ("russian", Kind.HALF_SQUAD, "3-2-8", E, 8, 7),  # 3-2-8 Ehs
    ("russian", Kind.SQUAD, "4-2-6", C, 6, 5),  # 4-2-6 Csq
    ("russian", Kind.CREW, "2-2-8", None, 8, 8),  # 2-2-8 Icr
    ("allied-minor", Kind.SQUAD, "4-5-7", F, 7, 6),  # 4-5-7 1sq
]


@pytest.mark.parametrize(("nat", "kind", "face", "cls", "ml", "broken"), PRINTED)
def test_a10_3_printed_faces_and_broken_sides(
    nat: str, kind: Kind, face: str, cls: UnitClass | None, ml: int, broken: int
) -> None:
    c = catalog().find(nat, face, kind)
    assert (c.unit_class, c.morale, c.broken_morale) == (cls, ml, broken)
    u = make("U", nat, kind, cls, face=face, broken=True)
    assert u.morale == broken


def test_every_printed_face_is_the_engines() -> None:
    from aslpto.base.datafiles import bundled

    for row in bundled("catalog.toml")["mmc"]:
        c = catalog().label(row["nationality"], row["label"])
        assert (c.face, c.morale, c.broken_morale) == (
            row["face"],
            row["morale"],
            row.get("broken_ml"),
        )


def test_no_us_5_5_6_and_impossible_faces_named() -> None:
    c = catalog()
    assert c.problem("american", "5-5-6", Kind.SQUAD, S) == (
        "U.S. Army squad 5-5-6: not a U.S. Army counter; 2nd-line squads are 5-4-6 and 4-4-7"
    )
    assert c.problem("american", "6-6-6", Kind.SQUAD, E) == (
        "U.S. Army squad 6-6-6: printed as 1st-line, not elite; elite squads are 6-6-7 and 7-4-7"
    )
    assert c.problem("american", "6-6-6", Kind.SQUAD, F) is None
    with pytest.raises(InputError, match="prints no Class"):
        c.counter("usmc", Kind.SQUAD, E)


def test_a19_13_replacement_follows_the_counters_line() -> None:
    from aslpto.rules.morale.results import replace_unit
    from aslpto.rules.morale.values import Log

    def replaced(nat: str, face: str) -> str:
        return replace_unit(make("U", nat, Kind.SQUAD, face=face), Log()).counter

    assert replaced("russian", "4-5-8") == "4-4-7"
    assert replaced("russian", "6-2-8") == "5-2-7"
    assert replaced("american", "6-6-7") == "6-6-6"
    assert replaced("american", "4-4-7") == "3-3-6"
    assert replaced("american", "7-4-7") == "6-6-6"  # a line of one: the 1st-line face
    assert replaced("chinese", "4-4-7") == "3-3-7"
    log = Log()
    assert replace_unit(make("U", "usmc", Kind.SQUAD, face="6-6-8"), log).counter == "6-6-8"
    assert "prints no Class" in log.events[0]


def test_a15_3_battle_hardening_follows_the_counters_line() -> None:
    c = catalog()

    def higher(nationality: str, face: str) -> str | None:
        up = c.higher(c.find(nationality, face))
        return None if up is None else up.face

    assert higher("russian", "4-4-7") == "4-5-8"
    assert higher("russian", "5-2-7") == "6-2-8"
    assert higher("american", "3-3-6") == "4-4-7"
    assert higher("american", "4-4-7") == "6-6-6"  # top of its line
    assert higher("american", "6-6-7") is None


def test_a7_302_casualty_reduction_and_deployment_keep_the_counter() -> None:
    assert exchange(make("U", "american", Kind.SQUAD, face="7-4-7"), Kind.HALF_SQUAD).counter == (
        "3-3-7"
    )
    assert exchange(make("U", "american", Kind.SQUAD, face="6-6-7"), Kind.HALF_SQUAD).counter == (
        "3-4-7"
    )
    assert exchange(make("U", "russian", Kind.SQUAD, face="4-4-7"), Kind.HALF_SQUAD).counter == (
        "2-3-7"
    )
    assert exchange(make("U", "usmc", Kind.SQUAD, face="6-6-8"), Kind.HALF_SQUAD).counter == (
        "3-4-8"
    )
