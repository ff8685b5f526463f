"""Core movement costs from chapters A-E that the PTO movement rules rely on.

Terrain COT (the terrain chart, data/terrain.toml), hedge/wall hexsides (B9.4), entering a
higher level (A4.133, B10.51), road and path rates (B3.4, B13.6), Double Time and CX (A4.5,
A4.51), the leader bonus (A4.12), the Minimum Move (A4.134), who may move at all (A4.1, A7.8)
and tunnels (B8.6-B8.61, with the pillbox tunnel of G1.632). Numbers the project is not sure of
live in data/movement.toml, each with its rule.

Costs are counted in half MF/MP (``HALF`` = 2 per MF) so that 1.5-MF grain and 0.5-MP road
hexes stay exact integers.
"""

from __future__ import annotations

from aslpto.rules.movement.costs import (
    along_path as along_path,
)
from aslpto.rules.movement.costs import (
    along_road as along_road,
)
from aslpto.rules.movement.costs import (
    bypass_cost as bypass_cost,
)
from aslpto.rules.movement.costs import (
    bypassable as bypassable,
)
from aslpto.rules.movement.costs import (
    chart_columns as chart_columns,
)
from aslpto.rules.movement.costs import (
    elevation_costs as elevation_costs,
)
from aslpto.rules.movement.costs import (
    grain_cost as grain_cost,
)
from aslpto.rules.movement.costs import (
    hazardous_movement as hazardous_movement,
)
from aslpto.rules.movement.costs import (
    hexside_cost as hexside_cost,
)
from aslpto.rules.movement.costs import (
    in_season as in_season,
)
from aslpto.rules.movement.costs import (
    mud_applies as mud_applies,
)
from aslpto.rules.movement.costs import (
    mud_extra as mud_extra,
)
from aslpto.rules.movement.costs import (
    open_ground_cost as open_ground_cost,
)
from aslpto.rules.movement.costs import (
    terrain_cost as terrain_cost,
)
from aslpto.rules.movement.costs import (
    vehicle_value as vehicle_value,
)
from aslpto.rules.movement.movers import (
    HALF as HALF,
)
from aslpto.rules.movement.movers import (
    MANHANDLING as MANHANDLING,
)
from aslpto.rules.movement.movers import (
    Cost as Cost,
)
from aslpto.rules.movement.movers import (
    Event as Event,
)
from aslpto.rules.movement.movers import (
    EventKind as EventKind,
)
from aslpto.rules.movement.movers import (
    MoveContext as MoveContext,
)
from aslpto.rules.movement.movers import (
    MovementData as MovementData,
)
from aslpto.rules.movement.movers import (
    MoveOptions as MoveOptions,
)
from aslpto.rules.movement.movers import (
    Mover as Mover,
)
from aslpto.rules.movement.movers import (
    MoverKind as MoverKind,
)
from aslpto.rules.movement.movers import (
    Phase as Phase,
)
from aslpto.rules.movement.movers import (
    Tunnel as Tunnel,
)
from aslpto.rules.movement.movers import (
    allowance as allowance,
)
from aslpto.rules.movement.movers import (
    as_number as as_number,
)
from aslpto.rules.movement.movers import (
    check_leader as check_leader,
)
from aslpto.rules.movement.movers import (
    check_may_move as check_may_move,
)
from aslpto.rules.movement.movers import (
    halves as halves,
)
from aslpto.rules.movement.movers import (
    leader_bonus_applies as leader_bonus_applies,
)
from aslpto.rules.movement.movers import (
    movement_data as movement_data,
)
from aslpto.rules.movement.movers import (
    mover_of as mover_of,
)
from aslpto.rules.movement.movers import (
    tunnel_name as tunnel_name,
)
from aslpto.rules.movement.movers import (
    tunnels as tunnels,
)
from aslpto.rules.movement.underground import (
    TunnelMove as TunnelMove,
)
from aslpto.rules.movement.underground import (
    blaze_hexes as blaze_hexes,
)
from aslpto.rules.movement.underground import (
    check_blaze as check_blaze,
)
from aslpto.rules.movement.underground import (
    tunnel_move as tunnel_move,
)
