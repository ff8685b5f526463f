"""The rules: the core procedures (``movement``, ``los``, ``morale``) and one package per
chapter of the specification (``pto`` G.1-G.10, ``japanese`` G1, ``paddy`` G8, ``panji`` G9,
``water`` B21).

Core procedures import no chapter. Where a core procedure needs a chapter's answer, the chapter
provides it and this package plugs it in when the rules are first imported: the Japanese
morale results (G1.1-G1.41) into the morale procedures; the PTO Terrain words (G.1) into the
LOS over a real board's artwork.
"""

from aslpto.rules.japanese import units as _g1
from aslpto.rules.los import artwork as _artwork
from aslpto.rules.morale import national as _national
from aslpto.rules.pto import terrain as _pto_terrain

_national.plug_japanese(_g1)
_artwork.plug_terrain_words(_pto_terrain.terrain_words)
