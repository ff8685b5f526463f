"""The counter catalog: identity is Class and strength, not printed numbers (rules README)."""

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
from aslpto.state.units import Kind, Strength, UnitClass

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
    assert c.lower_class("japanese", E) == F
    assert c.lower_class("japanese", F) == S
    assert c.lower_class("japanese", S) == C
    assert c.lower_class("japanese", C) is None
    assert c.higher_class("japanese", F) == E
    assert c.higher_class("japanese", E) is None
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


def test_catalog_covers_the_pto_armies() -> None:
    c = catalog()
    for nat in ("japanese", "american", "usmc", "british", "chinese"):
        n = c.nationality(nat)
        # every Class of its chain has a squad and a HS counter
        for cls in n.class_chain:
            kw = {"strength": FULL} if nat == "japanese" else {}
            assert c.counter(nat, Kind.SQUAD, cls, **kw).face
            assert c.counter(nat, Kind.HALF_SQUAD, cls).face


def test_every_row_cites_a_source() -> None:
    c = catalog()
    assert all(ctr.source for ctr in c.counters)
    assert all(n.source for n in c.nationalities.values())
    # the Japanese rows come from the rules texts and are marked sure
    assert all(ctr.sure for ctr in c.counters if ctr.nationality == "japanese")


def test_unknown_nationality_and_counter() -> None:
    with pytest.raises(InputError, match="unknown nationality"):
        catalog().nationality("martian")
    with pytest.raises(InputError, match="no japanese counter"):
        catalog().find("japanese", "9-9-9")


def test_leader_faces() -> None:
    assert parse_leader("10-2") == (10, -2)
    assert parse_leader("8+1") == (8, 1)
    assert leader_face(9, 0) == "9-0"
    assert leader_face(8, 1) == "8+1"
    with pytest.raises(InputError):
        parse_leader("4-4-8")


def test_g1_41_leader_ranks_in_catalog() -> None:
    ranks = catalog().nationality("japanese").leader_ranks
    assert ranks == ("10-2", "10-1", "10-0", "9-1", "9-0", "8-1", "8-0", "8+1")
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
