"""Die Macher 2019 formulas (seed 000), pure functions over plain data so rules, bots, views and
renderers compute them the same way.

Cards are card types: ``issue * 2 + stance`` (stance 0 = pro, 1 = contra), as in ``data``.
"""

from __future__ import annotations

from collections.abc import Sequence


def match_parts(platform: Sequence[int], opinions: Sequence[int], doubled_issue: int = -1) -> list[dict[str, int]]:
    """Per face-up opinion whose issue is on the platform: +1 same stance, -1 opposite, twice that
    under the double marker (三.9.1, 四.2). Issues not on the platform count nothing."""
    plat = {c >> 1: c & 1 for c in platform}
    parts = []
    for c in opinions:
        i = c >> 1
        if i in plat:
            v = 1 if plat[i] == (c & 1) else -1
            if doubled_issue == i:
                v *= 2
            parts.append({"issue": i, "value": v})
    return parts


def match(
    platform: Sequence[int], opinions: Sequence[int], doubled_issue: int = -1
) -> tuple[int, list[dict[str, int]]]:
    """The match of a platform with a state's face-up opinions, and its parts (三.9.1, 四.2)."""
    parts = match_parts(platform, opinions, doubled_issue)
    return sum(x["value"] for x in parts), parts


def conversion_votes(cubes: int, trend: int, match_value: int) -> int:
    """Votes from converting rally cubes: (cubes + trend, at least 1) x (match, at least 1) (三.9.1)."""
    return max(1, cubes + trend) * max(1, match_value)


def media_controller(media: list[int]) -> int:
    """The seat with strictly more media markers in a state than anyone else, or -1 (三.7). One pass over a list
    (every view asks it of each active state: compiled, a typed loop beats three generic calls)."""
    best, who = 0, -1
    for p, m in enumerate(media):
        if m > best:
            best, who = m, p
        elif m == best:
            who = -1  # tied at the top so far (a later, higher count takes it back)
    return who


__all__ = ["conversion_votes", "match", "match_parts", "media_controller"]
