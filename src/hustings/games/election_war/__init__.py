"""選舉之戰 (Election War, seed 004): the multiplayer card game for 2 to 15 players."""

from typing import Any

from hustings.engine import GameSpec
from hustings.games.election_war import data as D
from hustings.games.election_war.actions import SPACE
from hustings.games.election_war.rules import ElectionWar

#: bump when the same (options, seed, actions) could play out differently (rules, data or generator)
RULES_VERSION = "1"

# the components of scores(), in display order; their labels are score.<component> in messages/<lang>.json
SCORE_COMPONENTS = ("roles", "districts", "total")


def _make(players: int, variant: str, seed: int, first_player: Any = None, mini: Any = False,
          data: D.Data | None = None) -> ElectionWar:
    return ElectionWar(players=players, variant=variant, seed=seed, first_player=first_player, mini=mini, data=data)


SPEC = GameSpec(
    id="election-war",
    title={lang: D.CATALOG.text("game.title", lang) for lang in D.NAME_LANGS},
    factory=_make,
    variants=("standard",),
    min_players=D.MIN_PLAYERS,
    max_players=D.MAX_PLAYERS,
    default_variant="standard",
    score_labels={k: {lang: D.CATALOG.text(f"score.{k}", lang) for lang in D.NAME_LANGS} for k in SCORE_COMPONENTS},
    rules_version=RULES_VERSION,
    space=SPACE,
    outcome="ranked",
    options={"first_player": "the seat of the youngest player, who starts every round (default: drawn at random; "
                             "seed 004 3., ruling R1)",
             "mini": "true: the small two-player game for exact tools (two rows, four role cards, a news deck of "
                     "two, hands of one, no reshuffle; docs/rl.md); default false"},
    adapters={
        "bot": "hustings.games.election_war.adapters.bot:HEURISTIC",
        # the `learned` bot level: a scorer shipped with its weights (adapters/learned-4p.npz), NumPy inference
        "learned": "hustings.games.election_war.adapters.learned:LEARNED",
        "rl_encoder": "hustings.games.election_war.adapters.rl:ENCODER",
        "tui": "hustings.games.election_war.adapters.tui:Renderer",
        "schema": "hustings.games.election_war.schema:SCHEMA",
        # the browser table: renderer.js in this folder (hustings.web)
        "web": "hustings.games.election_war.web:FOLDER",
        # every word: names, action labels, event texts, explanations, rules, how to win (every interface)
        "words": "hustings.games.election_war.words:WORDS",
        # what of a seat's view is only others' progress in the declaration (the table's stale-step rule)
        "decision": "hustings.games.election_war.view:decision_part",
        # what house rules may change, with bounds (hustings.engine.house; docs/lab.md)
        "house_rules": "hustings.games.election_war.house:HOUSE",
    },
)

__all__ = ["RULES_VERSION", "SPEC", "ElectionWar"]
