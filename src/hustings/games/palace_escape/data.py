"""Numbers of 逃出總統府, loaded once from ``data/game.json``; names are in the message catalog."""

from __future__ import annotations

import json
from dataclasses import dataclass, fields
from importlib import resources
from typing import Any

from hustings.engine.events import freeze
from hustings.engine.i18n import Catalog
from hustings.engine.kit import GameData

_RAW: dict[str, Any] = json.loads(
    resources.files("hustings.games.palace_escape").joinpath("data/game.json").read_text("utf-8")
)

#: the game's messages (names, actions, events, statuses, the renderer's words): the words layer's catalog
CATALOG = Catalog.from_package("hustings.games.palace_escape", "words/messages")
LANGS: tuple[str, ...] = ("en", "zh-Hans", "zh-Hant")

GRID: int = _RAW["grid"]
START_CELL: int = _RAW["start_cell"]
GOAL_CELL: int = _RAW["goal_cell"]
#: mode -> rank name -> number of cards (步驟 1; 步驟 4 replaces a councillor by the protester)
CARDS: dict[str, dict[str, int]] = _RAW["cards"]
#: R7 (placeholder): every game ends after this many actions
MAX_ACTIONS: int = _RAW["max_actions"]["value"]


@dataclass(frozen=True, slots=True)
class Data(GameData):
    """The puzzle's numbers as one data object, for the digest records carry (hustings.engine.house): its house
    rules are options (capture, max_actions, difficulty), so every game plays this data and a record's digest
    catches an edited data file."""

    CARDS: dict[str, dict[str, int]]
    GOAL_CELL: int
    GRID: int
    MAX_ACTIONS: int
    START_CELL: int


#: the printed puzzle's data
DATA = Data(**{f.name: freeze(globals()[f.name]) for f in fields(Data)})
