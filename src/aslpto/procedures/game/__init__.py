"""The game: a scenario played through the referee, phase by phase (A3), each action verified
in its phase, applied and kept with its dice (:mod:`aslpto.formats.record` writes the record).

- :mod:`.phases`: the Player Turn's phases, what each allows and to whom, the markers, and the
  rules of the Sequence of Play with the public texts they were read from;
- :mod:`.state`: the game state (:class:`GameState`), the turn record, the end of a phase;
- :mod:`.actions`: each action verified and applied (:func:`act`);
- :mod:`.play`: an action played with its dice, and replayed against its record.
"""

from __future__ import annotations

from aslpto.procedures.game.actions import (
    ACTIONS as ACTIONS,
    Action as Action,
    Done as Done,
    act as act,
)
from aslpto.procedures.game.phases import (
    Marker as Marker,
    PhaseName as PhaseName,
    allowed as allowed,
)
from aslpto.procedures.game.play import (
    Disagreement as Disagreement,
    Entry as Entry,
    play as play,
    replay as replay,
)
from aslpto.procedures.game.state import (
    GameState as GameState,
    TurnRecord as TurnRecord,
    end_phase as end_phase,
    start as start,
    turn_record as turn_record,
)
