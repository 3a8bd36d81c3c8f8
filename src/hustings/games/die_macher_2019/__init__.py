"""Die Macher, Spielworxx 2019 edition (seed 000): standard game (4 elections) and expanded (7)."""

from hustings.engine import GameSpec, register
from hustings.games.die_macher_2019.rules import DieMacher2019


def _make(players: int, variant: str, seed: int) -> DieMacher2019:
    return DieMacher2019(players=players, variant=variant, seed=seed)


register(
    GameSpec(
        id="die-macher-2019",
        title={"en": "Die Macher (2019)", "zh-Hans": "德国大选（2019版）", "zh-Hant": "德國大選（2019版）",
               "de": "Die Macher (2019)"},
        factory=_make,
        variants=("standard", "expanded"),
        min_players=3,
        max_players=5,
        default_variant="standard",
    )
)

__all__ = ["DieMacher2019"]
