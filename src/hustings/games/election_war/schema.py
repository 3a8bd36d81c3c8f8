"""The JSON Schemas of 選舉之戰 (the game's ``schema`` adapter; ``hustings schema election-war``)."""

from __future__ import annotations

from hustings.engine.schema import GameSchema
from hustings.games.election_war.actions import GAME_ID, SPACE
from hustings.games.election_war.view_types import EVENT_DATA, View

SCHEMA = GameSchema(GAME_ID, View, EVENT_DATA, SPACE)

__all__ = ["SCHEMA"]
