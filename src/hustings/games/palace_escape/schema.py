"""The JSON Schemas of 逃出總統府 (the game's ``schema`` adapter; ``hustings schema palace-escape``)."""

from __future__ import annotations

from hustings.engine.schema import GameSchema
from hustings.games.palace_escape.actions import GAME_ID, SPACE
from hustings.games.palace_escape.view_types import EVENT_DATA, PalaceView

SCHEMA = GameSchema(GAME_ID, PalaceView, EVENT_DATA, SPACE)

__all__ = ["SCHEMA"]
