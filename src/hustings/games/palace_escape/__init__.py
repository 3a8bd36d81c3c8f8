"""逃出總統府 (Escape from the Presidential Palace), the solo puzzle of 選舉之戰 (seed 004): normal and hard."""

from hustings.engine import GameSpec
from hustings.games.palace_escape.actions import GAME_ID, SPACE
from hustings.games.palace_escape.data import CATALOG, LANGS
from hustings.games.palace_escape.rules import VARIANTS, PalaceEscape

#: bump when the same (options, seed, actions) could play out differently (rules, deal order, action ids)
RULES_VERSION = "1"

SCORE_COMPONENTS = ("moves", "par", "swaps", "undos", "hints", "total")


def _make(players: int, variant: str, seed: int, difficulty: int | None = None) -> PalaceEscape:
    return PalaceEscape(players=players, variant=variant, seed=seed, difficulty=difficulty)


_A = "hustings.games.palace_escape.adapters"

SPEC = GameSpec(
    id=GAME_ID,
    title={lang: CATALOG.text("game.title", lang) for lang in LANGS},
    factory=_make,
    variants=VARIANTS,
    min_players=1,
    max_players=1,
    default_variant="normal",
    sides=[{lang: CATALOG.text("rank.president", lang) for lang in LANGS}],
    score_labels={k: {lang: CATALOG.text(f"score.{k}", lang) for lang in LANGS} for k in SCORE_COMPONENTS},
    rules_version=RULES_VERSION,
    space=SPACE,
    outcome="solo",
    options={"difficulty": "the shortest escape of the deal in moves (normal 10-18, hard 10-26); default: any"},
    adapters={
        "bot": f"{_A}.bot:HEURISTIC",
        "tui": f"{_A}.tui:Renderer",
        "rules_help": f"{_A}.rules_help:RULES_HELP",
        "schema": "hustings.games.palace_escape.schema:SCHEMA",
        # the browser table: renderer.js in this folder, and the names it draws (hustings.web)
        "web": "hustings.games.palace_escape.web:FOLDER",
        "web_data": "hustings.games.palace_escape.web:names",
        # plain-text labels and event texts (the online server)
        "text": f"{_A}.text:TEXT",
        # play on the grid with the arrow keys (hustings puzzle --keys)
        "keys": f"{_A}.keys:play",
    },
)

__all__ = ["RULES_VERSION", "SPEC", "PalaceEscape"]
