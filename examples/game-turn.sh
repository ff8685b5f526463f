#!/usr/bin/env bash
# A whole Game Turn of examples/paddy-river.toml played through the referee, phase by phase
# (docs/game.md). Run from the repository's root: bash examples/game-turn.sh [GAME]
# A line beginning with "!" is an action the referee refuses (exit 1): nothing is recorded.
# tests/test_game_cli.py plays these lines and replays the record.
set -e
GAME=${1:-paddy-river-game.jsonl}
aslpto game new examples/paddy-river.toml -o "$GAME" --turns 1 --seed 27

# Game Turn 1, the U.S. Player Turn (the U.S. are the ATTACKER: the Japanese are the DEFENDER)
! aslpto game fire "$GAME" U4 32O5                # RPh: no Prep Fire yet (A3.2)
! aslpto game rally "$GAME" U2 --leader UL        # U2 is not broken: nothing to rally (A10.6)
aslpto game end-phase "$GAME"                     # RPh -> PFPh
aslpto game fire "$GAME" U4 32O5 --dice "1,5 4,1" # Prep Fire at J2 above the Bank counter
aslpto game end-phase "$GAME"                     # PFPh -> MPh
! aslpto game move "$GAME" U4 32O9                # U4 Prep Fired: it may not move (A3.3)
! aslpto game move "$GAME" J6 31CC7               # the DEFENDER does not move (A3.3)
aslpto game move "$GAME" U1 32N9
aslpto game fire "$GAME" J1,JL U1                 # Defensive First Fire at the moving U1 (A8.1)
aslpto game move "$GAME" U2 32O9 --with-leader UL # a stack: U2 moves with its leader (A4.12)
aslpto game fire "$GAME" J3 32O9 --dice "4,4 3,3 6,3" # First Fire at the stack: U2 breaks
aslpto game move "$GAME" U3 32L9
! aslpto game fire "$GAME" J2 U1                  # U1 is no longer moving (A8.1)
aslpto game fire "$GAME" J4 U3
aslpto game end-phase "$GAME"                     # MPh -> DFPh
aslpto game fire "$GAME" J5 U3 --dice "6,5"       # Defensive Final Fire (A3.4)
aslpto game end-phase "$GAME"                     # DFPh -> AFPh: First/Final Fire markers go
aslpto game fire "$GAME" U5 32M5                  # Advancing Fire (A3.5)
aslpto game end-phase "$GAME"                     # AFPh -> RtPh: who must rout is DM (A10.5)
! aslpto game rout "$GAME" U4 32O10               # U4 is not broken (A3.6)
aslpto game rout "$GAME" U1 32N10                 # the broken U1 routs: no woods in reach
! aslpto game rout "$GAME" U2 32N9                # closer to J6 (A10.51): no rout there
aslpto game rout "$GAME" U2 32O10                 # away from every Known enemy unit
aslpto game end-phase "$GAME"                     # RtPh -> APh
aslpto game advance "$GAME" U3 32K9               # one Location (A3.7)
aslpto game advance "$GAME" UL 32O10              # UL joins the broken U2
aslpto game end-phase "$GAME"                     # APh -> CCPh
aslpto game end-phase "$GAME"                     # CCPh -> the Japanese Player Turn: pins go

# Game Turn 1, the Japanese Player Turn
! aslpto game rally "$GAME" U1                    # no A18.11 Self-Rally in the enemy's RPh
aslpto game rally "$GAME" U2 --leader UL --dice "2,3" # UL rallies U2 (A10.6)
aslpto game end-phase "$GAME"                     # RPh -> PFPh: DM goes
aslpto game fire "$GAME" J4 U3                    # Prep Fire
aslpto game end-phase "$GAME"                     # PFPh -> MPh
aslpto game move "$GAME" J6 31CC7
aslpto game end-phase "$GAME"                     # MPh -> DFPh
aslpto game fire "$GAME" U4 32O5                  # the U.S. Final Fire
aslpto game end-phase "$GAME"                     # DFPh -> AFPh
aslpto game end-phase "$GAME"                     # AFPh -> RtPh: U1 must rout (A10.5)
! aslpto game rout "$GAME" U1 32N9                # closer to J3: no rout there (A10.51)
aslpto game end-phase "$GAME"                     # RtPh -> APh: U1 eliminated (Failure to Rout)
aslpto game end-phase "$GAME"                     # APh -> CCPh
aslpto game end-phase "$GAME"                     # CCPh: Game Turn 1 was its last
! aslpto game end-phase "$GAME"                   # the game is over (A3)
aslpto game show "$GAME"
aslpto game replay "$GAME"
