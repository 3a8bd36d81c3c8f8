"""Die Macher, classic rules (seeds 001 and 003): the full game of 7 rounds and the short game of 5."""

from typing import Any

from hustings.engine import GameSpec
from hustings.games.die_macher.actions import SPACE
from hustings.games.die_macher.data import CATALOG, NAME_LANGS, PARTY_IDS, VARIANTS
from hustings.games.die_macher.options import DESCRIPTIONS
from hustings.games.die_macher.rules import DieMacher

#: bump when the same (options, seed, actions) could play out differently (rules, data or generator)
RULES_VERSION = "2"

# the components of scores(), in display order; their labels are score.<component> in messages/<lang>.json
SCORE_COMPONENTS = ("seats", "media", "members", "opinions", "total")


def _make(players: int, variant: str, seed: int, **options: Any) -> DieMacher:
    return DieMacher(players=players, variant=variant, seed=seed, **options)


SPEC = GameSpec(
    id="die-macher",
    title={lang: CATALOG.text("game.title", lang) for lang in NAME_LANGS},
    factory=_make,
    variants=VARIANTS,
    min_players=3,
    max_players=5,
    default_variant="full",
    sides=[{lang: CATALOG.text(f"party.{pid}", lang) for lang in NAME_LANGS} for pid in PARTY_IDS],
    score_labels={k: {lang: CATALOG.text(f"score.{k}", lang) for lang in NAME_LANGS} for k in SCORE_COMPONENTS},
    rules_version=RULES_VERSION,
    space=SPACE,
    outcome="ranked",
    # where seeds 001 and 003 differ: the ruling is the default, the other reading an option (options.py)
    options=DESCRIPTIONS,
    adapters={
        "bot": "hustings.games.die_macher.adapters.bot:HEURISTIC",
        "rl_encoder": "hustings.games.die_macher.adapters.rl:ENCODER",
        "tui": "hustings.games.die_macher.adapters.tui:Renderer",
        "schema": "hustings.games.die_macher.schema:SCHEMA",
        # the browser table: renderer.js in this folder (hustings.web)
        "web": "hustings.games.die_macher.web:FOLDER",
        # every word: names, action labels, event texts, explanations, rules, how to win (every interface)
        "words": "hustings.games.die_macher.words:WORDS",
        # what of a seat's view is only others' progress in a step everyone acts in at once (the stale-step rule)
        "decision": "hustings.games.die_macher.view:decision_part",
        # what house rules may change, with bounds (hustings.engine.house; docs/lab.md)
        "house_rules": "hustings.games.die_macher.house:HOUSE",
    },
)

__all__ = ["RULES_VERSION", "SPEC", "DieMacher"]
