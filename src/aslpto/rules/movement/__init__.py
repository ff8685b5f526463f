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
    along_road as along_road,
    bypass_cost as bypass_cost,
    bypassable as bypassable,
    chart_columns as chart_columns,
    elevation_costs as elevation_costs,
    grain_cost as grain_cost,
    hazardous_movement as hazardous_movement,
    hexside_cost as hexside_cost,
    in_season as in_season,
    mud_applies as mud_applies,
    mud_extra as mud_extra,
    open_ground_cost as open_ground_cost,
    terrain_cost as terrain_cost,
    vehicle_value as vehicle_value,
)
from aslpto.rules.movement.movers import (
    HALF as HALF,
    MANHANDLING as MANHANDLING,
    PLAIN as PLAIN,
    Cost as Cost,
    Event as Event,
    EventKind as EventKind,
    MoveContext as MoveContext,
    MovementData as MovementData,
    MoveOptions as MoveOptions,
    Mover as Mover,
    MoverKind as MoverKind,
    Phase as Phase,
    Tunnel as Tunnel,
    allowance as allowance,
    as_number as as_number,
    check_leader as check_leader,
    check_may_move as check_may_move,
    halves as halves,
    leader_bonus_applies as leader_bonus_applies,
    movement_data as movement_data,
    mover_of as mover_of,
    tunnel_name as tunnel_name,
    tunnels as tunnels,
)
from aslpto.rules.movement.underground import (
    TunnelMove as TunnelMove,
    blaze_hexes as blaze_hexes,
    check_blaze as check_blaze,
    tunnel_move as tunnel_move,
)
