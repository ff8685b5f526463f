#!/usr/bin/env bash
# make demo: the bundled scenario, checked, rendered and questioned.
set -eu
ASLPTO=${1:-aslpto}
case "$ASLPTO" in /*) ;; */*) ASLPTO="$PWD/$ASLPTO" ;; esac
cd "$(dirname "$0")/.."
SCEN=examples/paddy-river.toml
PANJI=examples/panji-g9.toml
OUT=${DEMO_OUT:-out}
mkdir -p "$OUT"
run() { echo; echo "\$ aslpto $*"; "$ASLPTO" "$@"; }

echo "== Paddies by the river (examples/paddy-river.toml) =="
run check "$SCEN"
run render "$SCEN" -o "$OUT/paddy-river.svg"

echo; echo "== What is in a hex, and why (G.1 PTO Terrain, G8, G9, B21) =="
run terrain "$SCEN" 31CC8
run terrain "$SCEN" 32N6
run terrain "$SCEN" 32N8

echo; echo "== A Japanese squad crosses the paddy banks into a panji hex (G8, G9.45) =="
run move "$SCEN" J1 32M6:bank 32N6
echo; echo "== Squad A enters EE7 across a Covered hexside: above Panji A, Panji MC (G9.4, G9.41) =="
run move "$PANJI" A 37EE7
echo; echo "== The G9.6 Terrain Blaze example: six MF =="
run move "$PANJI" A --double-time --blaze 37DD8 37DD7 :beneath 37CC8
echo; echo "== Fording the river costs all MF (B21.41) =="
run reach "$SCEN" U1

echo; echo "== Odds of a Panji MC (G9.31): a Japanese Elite squad, then a U.S. squad =="
run odds panji --unit 4-4-8 --nationality japanese
run odds panji --unit 6-6-6 --nationality american

echo; echo "== Fire: two U.S. squads at J2 crossing the banks, In-Season paddies (A7, G8, A4.62) =="
run fire examples/paddy-in-season.toml U1,U2 J2 --phase defensive-first --moving --summary
run odds ift 8 --drm 1 --unit 4-4-8 --firer 6-6-6:american

echo; echo "== LOS into a river (B21.2) =="
run los examples/b21-deep.toml 7AA10 7AA8

echo; echo "== Real boards 37 and 38 from their VASL board archives (examples/real-37-38.toml) =="
VASL=${ASLPTO_VASL_BOARDS:-}
if [ -z "$VASL" ] && [ -d ../shared/vasl/boards ]; then VASL=$(cd ../shared/vasl/boards && pwd); fi
if [ -n "$VASL" ] && [ -d "$VASL" ]; then
    REAL=examples/real-37-38.toml
    run check "$REAL" --vasl-boards "$VASL"
    run terrain "$REAL" 37O7 --vasl-boards "$VASL"
    run move "$REAL" US3 37EE8 37EE7 --vasl-boards "$VASL"
    echo; echo "== Overlay RP3 from VASL's ovrRP on 38C5-C6: irrigated paddies and their banks (G8) =="
    run terrain "$REAL" 38C5 --vasl-boards "$VASL"
    run move "$REAL" US4 38C5 --vasl-boards "$VASL"
    run render "$REAL" -o "$OUT/real-37-38.svg" --picture --hexes 37X3:38E9 --vasl-boards "$VASL"
    echo; echo "== What a unit sees on the real boards, and which enemy units see it =="
    run viewshed "$REAL" US1 --range 4 --seen-by --vasl-boards "$VASL"
else
    echo "(skipped: no VASL boards folder. Point at the folder holding bd37 and bd38 (and the"
    echo " overlay archive ovrRP in its overlays folder or one beside it) with"
    echo " ASLPTO_VASL_BOARDS=DIR make demo, or run: aslpto check examples/real-37-38.toml --vasl-boards DIR)"
fi
echo; echo "== A game kept phase by phase: a few actions, the position, the record replayed (docs/game.md) =="
GAME="$OUT/demo-game.jsonl"
rm -f "$GAME"
run game new "$SCEN" -o "$GAME" --turns 1 --seed 27
run game end-phase "$GAME"
run game fire "$GAME" U4 32O5 --dice "1,5 4,1"
run game end-phase "$GAME"
run game move "$GAME" U4 32O9 || true
run game move "$GAME" U1 32N9
run game fire "$GAME" J1,JL U1
run game show "$GAME"
run game replay "$GAME"
echo; echo "== The counters the referee assumes, as VASL prints them =="
run counters american
echo; echo "== A counter never printed: check names those that were =="
sed -e '38s/1st-line/2nd-line/' -e '39s/6-6-6/5-5-6/' examples/b21-deep.toml > "$OUT/never-printed.toml"
run check "$OUT/never-printed.toml" || true
echo; echo "== At the table: the referee page over the scenario (Ctrl-C stops it) =="
echo "$ASLPTO serve $SCEN"
