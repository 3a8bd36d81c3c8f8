"""The JSON Schemas of Die Macher classic (the game's ``schema`` adapter; ``hustings schema die-macher``)."""

from __future__ import annotations

from hustings.engine.schema import GameSchema
from hustings.games.die_macher.actions import GAME_ID, SPACE
from hustings.games.die_macher.view_types import EVENT_DATA, DieMacherView

SCHEMA = GameSchema(GAME_ID, DieMacherView, EVENT_DATA, SPACE)

__all__ = ["SCHEMA"]
