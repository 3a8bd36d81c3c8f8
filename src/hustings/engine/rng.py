"""A tiny seeded RNG whose whole state is one integer.

Games keep their randomness here instead of in :mod:`random` so that a state is plain data: cloning it
copies an int, and (game, options, seed, actions) replays exactly whatever the global RNG does.
The generator is SplitMix64, which is fast in pure Python and has no bad seeds.
"""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class Rng:
    """SplitMix64. ``Rng(seed)``; ``state`` is the single int that defines it."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = s = (self.state + _GOLDEN) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randrange(self, n: int) -> int:
        """Uniform in [0, n). Modulo bias is below 2**-50 for the n a board game uses."""
        if n <= 0:
            raise ValueError("randrange of an empty range")
        return self.next64() % n

    def randint(self, lo: int, hi: int) -> int:
        """Uniform in [lo, hi], like a die."""
        return lo + self.randrange(hi - lo + 1)

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.next64() % (i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: list[T] | tuple[T, ...]) -> T:
        return items[self.randrange(len(items))]
