"""A12.14: a concealed unit that fails a MC, breaks or becomes Wounded/Reduced loses its "?",
whatever the range to, or LOS of, any enemy unit."""

from __future__ import annotations

from aslpto.rules.morale import Check, Log, casualty_reduce, resolve_check, wound
from aslpto.state.counters import make
from aslpto.state.dice import GivenDice
from aslpto.state.units import Kind


def test_a12_14_a_wounded_concealed_leader_loses_its_concealment() -> None:
    leader = make("L", "german", Kind.LEADER, face="8-0", concealed=True)
    log = Log()
    (after,) = wound(leader, log, GivenDice("3"))  # Wound Severity dr 3: he survives
    assert after.wounded and not after.concealed
    assert "A12.14" in log.result([after]).rules


def test_a12_14_a_wounded_leader_already_wounded_loses_its_concealment_too() -> None:
    leader = make("L", "german", Kind.LEADER, face="8-0", concealed=True, wounded=True)
    (after,) = wound(leader, Log(), GivenDice("1"))
    assert after.wounded and not after.concealed


def test_a12_14_a_reduced_concealed_squad_loses_its_concealment() -> None:
    squad = make("S", "german", Kind.SQUAD, face="4-6-7", concealed=True)
    (hs,) = casualty_reduce(squad, Log(), GivenDice(""))
    assert hs.kind == Kind.HALF_SQUAD and not hs.concealed


def test_a12_14_a_concealed_squad_that_fails_a_mc_breaks_and_loses_its_concealment() -> None:
    squad = make("S", "german", Kind.SQUAD, face="4-6-7", concealed=True)
    r = resolve_check(squad, Check.MC, GivenDice("5,5"), drm=1)  # 11 > 7: fails, breaks
    (after,) = r.units
    assert after.broken and not after.concealed
    assert "A12.14" in r.rules


def test_a12_14_a_passed_mc_keeps_the_concealment() -> None:
    squad = make("S", "german", Kind.SQUAD, face="4-6-7", concealed=True)
    (after,) = resolve_check(squad, Check.MC, GivenDice("1,3"), drm=1).units
    assert after.concealed and not after.broken
