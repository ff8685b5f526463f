"""Close Combat (A11) on the Close Combat Table, as the PTO rules modify it.

:mod:`~aslpto.rules.cc.table` is the chart (data/cc.toml) and its odds columns;
:mod:`~aslpto.rules.cc.attack` puts one side's CC attack together (each unit's FP, the odds,
the Kill Number, black or red for Hand-to-Hand, and every DRM with its rule: leadership,
Ambush, G1.64's -1, G8.212 and G9.21 positions); :mod:`~aslpto.rules.cc.resolution` resolves
both sides' attacks in a Location to their joint fates, rolled or exactly.
"""
