"""The rules: the core procedures (``movement``, ``los``, ``morale``) and one package per
chapter of the specification (``pto`` G.1-G.10, ``japanese`` G1, ``paddy`` G8, ``panji`` G9,
``water`` B21).

Core procedures import no chapter. Where a core procedure needs a chapter's answer, the chapter
provides it and this package plugs it in when the rules are first imported: the Japanese
morale results (G1.1-G1.41) into the morale procedures; the PTO Terrain words (G.1) into the
LOS over a real board's artwork.
"""

from aslpto.base import plugins as _plugins

# by module name, each imported where it is first needed (a command imports only the
# procedures it asks for)
_plugins.NATIONAL_MORALE["japanese"] = "aslpto.rules.japanese.morale"  # by rules.morale.national
_plugins.TERRAIN_WORDS_MODULE = "aslpto.rules.pto.terrain"  # by rules.los.artwork
