#!/usr/bin/env bash
# A whole Game Turn of examples/real-37-38.toml (VASL boards 37 and 38) played through the
# referee, phase by phase (docs/game.md). Run from the repository's root:
#   bash examples/game-turn-real.sh [GAME]
# The boards are read from $ASLPTO_VASL_BOARDS (default: ../shared/vasl/boards).
# A line beginning with "!" is an action the referee refuses (exit 1): nothing is recorded.
# tests/test_game_real_turn.py plays these lines and replays the record;
# tests/web/test_game_page_turn.py plays them on the page.
set -e
export ASLPTO_VASL_BOARDS=${ASLPTO_VASL_BOARDS:-../shared/vasl/boards}
GAME=${1:-real-37-38-game.jsonl}
aslpto game new examples/real-37-38.toml -o "$GAME" --turns 1 --seed 38

# Game Turn 1, the U.S. Player Turn (the U.S. are the ATTACKER: the Japanese are the DEFENDER)
! aslpto game fire "$GAME" US3 37DD7                 # RPh: no Prep Fire yet (A3.2)
aslpto game end-phase "$GAME"                        # RPh -> PFPh
aslpto game fire "$GAME" US3 37DD7 --dice "1,1 2,2"  # Prep Fire at J3 beneath its Panji: 1MC, passed
aslpto game end-phase "$GAME"                        # PFPh -> MPh
! aslpto game move "$GAME" US3 37EE8                 # US3 Prep Fired: it may not move (A3.3)
aslpto game move "$GAME" US2 37FF7 37EE7             # through the jungle into the kunai by J3
aslpto game fire "$GAME" J3 US2 --dice "2,2 6,5"     # Defensive First Fire (A8.1): US2 breaks
aslpto game move "$GAME" US4 38D6 38C7 38B7 37GG8    # round the paddies of RP3
! aslpto game fire "$GAME" J3 US2                    # US2 is no longer moving (A8.1)
! aslpto game fire "$GAME" J3 US4                    # the jungle of 37FF7 blocks the LOS (A6.2)
aslpto game move "$GAME" US1 38B2 37GG3
aslpto game end-phase "$GAME"                        # MPh -> DFPh
! aslpto game fire "$GAME" J3 US3                    # J3 First Fired: only ADJACENT now (A8.4)
aslpto game fire "$GAME" J3 US2 --dice "3,3"         # Final Fire at the ADJACENT US2
aslpto game end-phase "$GAME"                        # DFPh -> AFPh: First/Final Fire markers go
! aslpto game fire "$GAME" US3 37DD7                 # US3 Prep Fired: no Advancing Fire (A3.5)
aslpto game end-phase "$GAME"                        # AFPh -> RtPh: US2 must rout (A10.5)
! aslpto game rout "$GAME" US3 37GG7                 # US3 is not broken (A3.6)
! aslpto game rout "$GAME" US2 37EE8                 # ADJACENT to J3 again (A10.51)
aslpto game rout "$GAME" US2 37FF7                   # to the nearest jungle, away from J3
aslpto game end-phase "$GAME"                        # RtPh -> APh
! aslpto game advance "$GAME" US2 37GG7              # a broken unit does not advance (A4.7)
aslpto game advance "$GAME" US3 37EE8                # ADJACENT to J3 (A3.7)
! aslpto game advance "$GAME" US3 37DD8              # one Location only (A3.7)
aslpto game advance "$GAME" US4 37FF8
aslpto game end-phase "$GAME"                        # APh -> CCPh
! aslpto game cc "$GAME" 37DD7                       # no U.S. unit there (A11.1)
aslpto game end-phase "$GAME"                        # CCPh -> the Japanese Player Turn

# Game Turn 1, the Japanese Player Turn
! aslpto game rally "$GAME" US2                      # no A18.11 Self-Rally in the enemy's RPh
aslpto game end-phase "$GAME"                        # RPh -> PFPh
aslpto game fire "$GAME" J3 US3 --dice "4,3 2,2"     # Prep Fire at the ADJACENT US3: NMC, passed
aslpto game end-phase "$GAME"                        # PFPh -> MPh
! aslpto game move "$GAME" US1 37FF3                 # the DEFENDER does not move (A3.3)
aslpto game move "$GAME" J1 37CC8 37DD8
! aslpto game fire "$GAME" US3,US4 J1                # both in kunai: no multi-hex Fire Group (G.3)
aslpto game fire "$GAME" US3 J1 --dice "5,4 3,3"     # Defensive First Fire: J1 pinned
aslpto game end-phase "$GAME"                        # MPh -> DFPh
aslpto game fire "$GAME" US4 J3 --dice "5,5"         # the U.S. Final Fire
aslpto game end-phase "$GAME"                        # DFPh -> AFPh
aslpto game end-phase "$GAME"                        # AFPh -> RtPh
aslpto game end-phase "$GAME"                        # RtPh -> APh
! aslpto game advance "$GAME" J1 37EE8               # J1 is pinned (A7.8)
aslpto game advance "$GAME" J3 37EE8                 # into US3's Location
aslpto game end-phase "$GAME"                        # APh -> CCPh
aslpto game cc "$GAME" 37EE8 --dice "3 3 2,6 4,3"    # Ambush drs (kunai, G.6), then CC: J3 eliminated
aslpto game end-phase "$GAME"                        # CCPh: Game Turn 1 was its last
! aslpto game end-phase "$GAME"                      # the game is over (A3)
aslpto game show "$GAME"
aslpto game replay "$GAME"
