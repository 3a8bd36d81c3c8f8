"""The JSON Schemas of Die Macher 2019 (the game's ``schema`` adapter; ``hustings schema die-macher-2019``)."""

from __future__ import annotations

from hustings.engine.schema import GameSchema
from hustings.games.die_macher_2019.actions import GAME_ID, SPACE
from hustings.games.die_macher_2019.view_types import EVENT_DATA, DieMacherView

SCHEMA = GameSchema(GAME_ID, DieMacherView, EVENT_DATA, SPACE)

__all__ = ["SCHEMA"]
