"""Write ``src/aslpto/data/vasl_overlay_colors.toml`` from VASL's shared board metadata and the
overlay archives that use the colours (run by hand, with ``../shared/vasl`` present).

VASL's overlays of the older format are GIF pictures; their colours are named in the
archive's ``colors`` file (or, without one, in VASL's shared table) and VASL's
``SharedBoardMetadata.xml`` says which terrain and elevation each named colour stands for.
This keeps the rows for the colours the overlay pictures actually use.

    python tools/vasl_overlay_colors.py ../shared/vasl > src/aslpto/data/vasl_overlay_colors.toml
"""

from __future__ import annotations

import io
import re
import sys
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

from PIL import Image

from aslpto.formats.vasl.boardarchive import terrain_codes
from aslpto.formats.vasl.overlays import resolve_colour

ALIASES = [
    # (rgb, colour name, why): picture colours VASL's tables do not name, checked by eye
    ((61, 73, 41), "MarshGreenL0", "ovrSW's swamp green (VASL 4 palette)"),
]
COLOUR_CODES = [
    # (archive, colour name, code, why): a colour that means more in one archive's pictures
    (
        "ovrRP",
        "Black",
        138,
        "the rice paddy pictures draw only their hexes' outlines in black: "
        "every hexside of a paddy hex is a bank (G8), so the outline is drawn as banks",
    ),
]
REMAPS = [
    # (archive, from code, to code, why)
    (
        "ovrSW",
        14,
        133,
        "the swamp overlays are swamp (G.1's jungle test is for marsh printed "
        "on a board); VASL draws them in marsh colours",
    ),
]

HEADER = """\
# VASL overlay colours and the terrain code and level each stands for.
#
# Overlays of VASL's older format (ovr1-ovr7, ovrRP, ovrSW, ovrP) are GIF pictures. Each
# pixel's colour is named in the archive's `colors` file or, where it has none, in VASL's
# SharedBoardMetadata.xml (<colors><color name red green blue terrain elevation>); the same
# table says which terrain and ground level the named colour stands for. One row per colour
# that the overlay pictures use (tools/vasl_overlay_colors.py writes this file), read by
# aslpto.formats.vasl.overlays.
#
# Fields of a row:
#   name   VASL's colour name
#   rgb    its red, green, blue in VASL's shared table
#   code   the terrain code (vasl_terrain_codes.toml) of the colour's terrain; absent where
#          VASL gives the colour no terrain (black lines and lettering, hex dots): such a
#          pixel takes the terrain around it
#   level  the ground level the colour stands for; absent where VASL says UNKNOWN: such a
#          pixel keeps the level of the board beneath it
#   (VASL gives its swamp colours, *Swamp*, the terrain Marsh; here they are 133 Swamp, the
#   swamp the overlays show)
#
# A colour neither the archive nor VASL's table names is the nearest one the archive's own
# `colors` file names (within a small distance: older pictures use VASL 4's palette), else an
# alias below, else the nearest colour of level 0 or no level.
# `colour_codes` give a colour its own code in one archive's pictures; `remaps` turn a code
# into another for all pictures of one archive.
"""


def main(root: Path) -> None:
    shared = ET.parse(root / "SharedBoardMetadata.xml").getroot()
    by_terrain = {row.vasl: code for code, row in terrain_codes().items()}
    table: dict[str, tuple[tuple[int, int, int], str, str]] = {}
    for c in shared.iter("color"):
        if c.get("red") is None:
            continue
        rgb = (int(c.get("red", 0)), int(c.get("green", 0)), int(c.get("blue", 0)))
        table[c.get("name", "")] = (rgb, c.get("terrain", "UNKNOWN"), c.get("elevation", ""))
    by_rgb: dict[tuple[int, int, int], str] = {}
    for name, (rgb, _, _) in table.items():
        by_rgb.setdefault(rgb, name)
    cands = [(n, v[0]) for n, v in table.items() if v[2] in ("0", "UNKNOWN", "")]
    aliases = {rgb: name for rgb, name, _ in ALIASES}
    used: set[str] = set(aliases.values())
    for path in sorted((root / "overlays").iterdir()):
        with zipfile.ZipFile(path) as z:
            own: dict[tuple[int, int, int], str] = {}
            if "colors" in z.namelist():
                for line in z.read("colors").decode("latin-1").splitlines():
                    m = re.match(r"\s*(\w+)\s+(\d+)\s*,\s*(\d+)\s*,\s*(\d+)", line)
                    if m and m[1] in table:
                        own.setdefault((int(m[2]), int(m[3]), int(m[4])), m[1])
            for n in z.namelist():
                if not re.fullmatch(r"ovr[a-z]*\d+[a-f]\.gif", n, re.I):
                    continue
                im = Image.open(io.BytesIO(z.read(n))).convert("RGBA")
                for _, px in im.getcolors(1 << 24) or ():
                    assert isinstance(px, tuple)
                    r, g, b, a = px
                    if a == 0:
                        continue
                    rgb = (r, g, b)
                    used.add(resolve_colour(rgb, own, by_rgb, aliases, cands))
    out = [HEADER, "colors = ["]
    for name in sorted(used, key=str.lower):
        rgb, terrain, level = table[name]
        row = f'  {{ name = "{name}", rgb = [{rgb[0]}, {rgb[1]}, {rgb[2]}]'
        if terrain != "UNKNOWN":
            code = by_terrain[terrain]
            if "Swamp" in name and code == by_terrain["Marsh"]:
                code = by_terrain["Swamp"]  # VASL's swamp colours stand for marsh
            row += f", code = {code}"
        if level not in ("UNKNOWN", ""):
            row += f", level = {int(level)}"
        out.append(row + " },")
    out.append("]")
    out += ["", "aliases = ["]
    for rgb, name, why in ALIASES:
        out.append(f'  {{ rgb = [{rgb[0]}, {rgb[1]}, {rgb[2]}], name = "{name}", why = "{why}" }},')
    out += ["]", "", "colour_codes = ["]
    for archive, name, code, why in COLOUR_CODES:
        out.append(
            f'  {{ archive = "{archive[3:]}", name = "{name}", code = {code}, why = "{why}" }},'
        )
    out += ["]", "", "remaps = ["]
    for archive, a, b, why in REMAPS:
        out.append(f'  {{ archive = "{archive[3:]}", from = {a}, to = {b}, why = "{why}" }},')
    out.append("]")
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "../shared/vasl"))
