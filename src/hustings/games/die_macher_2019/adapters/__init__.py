"""Die Macher 2019 adapters: the heuristic bot (:mod:`.bot`) and the RL observation encoder (:mod:`.rl`).

The game's ``SPEC.adapters`` names them; ``hustings.bots`` and ``hustings.rl`` find them only through
``get_spec(game).adapter(...)``. Adapters may import those kits; the rules never import an adapter.

The few game facts both adapters need (phase names, the opinion match, conversion) are defined here once.
"""

from __future__ import annotations

from collections.abc import Sequence

# TODO(rules helper): replace PHASES with ``tuple(Phase)`` from ``hustings.games.die_macher_2019.phases`` and
# ``match``/``conversion_votes`` below with ``hustings.games.die_macher_2019.formulas`` once those modules
# are on main; the names and signatures here are the same, so only the imports change.

#: every phase a view can carry, in the order of the seed (the encoder's one-hot order)
PHASES: tuple[str, ...] = (
    "party", "draft", "platform", "deploy", "bid", "tie", "program", "media", "rally", "place", "exec",
    "influence", "poll", "poll_decide", "convert", "donation", "over",
)


def match(
    platform: Sequence[int], opinions: Sequence[int], doubled_issue: int = -1
) -> tuple[int, list[dict[str, int]]]:
    """The match of a platform with a state's face-up opinions and its parts: per opinion whose issue is on
    the platform, +1 same stance, -1 opposite, twice that under the double marker (三.9.1, 四.2)."""
    plat = {c >> 1: c & 1 for c in platform}
    parts = []
    total = 0
    for c in opinions:
        i = c >> 1
        if i in plat:
            v = 1 if plat[i] == (c & 1) else -1
            if doubled_issue == i:
                v *= 2
            total += v
            parts.append({"issue": i, "value": v})
    return total, parts


def conversion_votes(cubes: int, trend: int, match_value: int) -> int:
    """Votes from converting rally cubes: (cubes + trend, at least 1) x (match, at least 1) (三.9.1)."""
    return max(1, cubes + trend) * max(1, match_value)


__all__ = ["PHASES", "conversion_votes", "match"]
