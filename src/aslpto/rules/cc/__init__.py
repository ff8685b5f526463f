"""Close Combat (A11) on the Close Combat Table, as the PTO rules modify it.

:mod:`~aslpto.rules.cc.table` is the chart (data/cc.toml) and its odds columns;
:mod:`~aslpto.rules.cc.attack` puts one CC attack together (each unit's FP, the odds, the Kill
Number, black or red for Hand-to-Hand, and every DRM with its rule: leadership, Ambush, G1.64's
-1, G8.212 and G9.21 positions, a concealed defender's halved FP); :mod:`~aslpto.rules.cc.
special` holds what Withdrawal (A11.2), a Capture attempt (A20.22) and concealment (A11.19) add
to it; :mod:`~aslpto.rules.cc.resolution` makes each side's attacks in a Location (declared,
A11.12, or one of all its units), Hara-Kiri before a Capture attempt (G1.641), and resolves
them to both sides' joint fates, rolled or exactly, with the Melee that follows (A11.15).
"""
