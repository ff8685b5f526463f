"""Fire attacks on the Infantry Fire Table (A7, A8), as the PTO rules modify them.

:mod:`~aslpto.rules.fire.table` is the chart (data/fire.toml) and its columns;
:mod:`~aslpto.rules.fire.resolution` resolves an attack to each target unit's fate, rolled or
exactly. What an attack's FP and DRM are in a game - the firers, the range, the target's TEM,
the PTO changes of G8, G9 and B21 - is put together in :mod:`aslpto.procedures.fire`.
"""
