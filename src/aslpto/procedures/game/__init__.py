"""The game: a scenario played through the referee, phase by phase (A3), each action verified
in its phase, applied and kept with its dice (:mod:`aslpto.formats.record` writes the record).

- :mod:`.phases`: the Player Turn's phases, what each allows and to whom, the markers, and the
  rules of the Sequence of Play with the public texts they were read from;
- :mod:`.state`: the game state (:class:`GameState`), the turn record, the end of a phase;
- :mod:`.actions`: each action verified and applied (:func:`act`);
- :mod:`.play`: an action played with its dice, and replayed against its record.
"""

from __future__ import annotations

from aslpto.procedures.game.actions import ACTIONS as ACTIONS
from aslpto.procedures.game.actions import Action as Action
from aslpto.procedures.game.actions import Done as Done
from aslpto.procedures.game.actions import act as act
from aslpto.procedures.game.phases import Marker as Marker
from aslpto.procedures.game.phases import PhaseName as PhaseName
from aslpto.procedures.game.phases import allowed as allowed
from aslpto.procedures.game.play import Disagreement as Disagreement
from aslpto.procedures.game.play import Entry as Entry
from aslpto.procedures.game.play import play as play
from aslpto.procedures.game.play import replay as replay
from aslpto.procedures.game.state import GameState as GameState
from aslpto.procedures.game.state import TurnRecord as TurnRecord
from aslpto.procedures.game.state import end_phase as end_phase
from aslpto.procedures.game.state import start as start
from aslpto.procedures.game.state import turn_record as turn_record
