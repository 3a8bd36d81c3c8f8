"""The games' seeded random generator: BLAKE2b in counter mode, keyed by the seed.

A player sees outcomes of this generator (a shuffled deck, a first player, dice). With a fast
non-cryptographic generator and a small seed, those outcomes identify the seed, and the seed gives away
every hidden card and every future shuffle. Here the output is ``BLAKE2b(key, counter)``: recovering the key
(or predicting the next block) from outputs means breaking BLAKE2b as a PRF, and the key is derived from the
whole seed, so a 128-bit seed keeps 128 bits of secrecy.

The state is four small fields (key, counter, a block of eight 64-bit words, position), so a clone copies
four references; states keep no reference to :mod:`random` and replays do not depend on the global RNG.
"""

from __future__ import annotations

import hashlib
import random
import secrets
import struct
from typing import TypeVar

T = TypeVar("T")

#: the generator's name, written into records so a stored game is replayed with the generator it used
RNG_NAME = "blake2b-ctr-v1"
#: bits of a fresh seed drawn for a game people play (:func:`fresh_seed`)
SEED_BITS = 128
#: the widest seed a game takes: every record (a save file, a stored server game, a lab's JSONL) replays seeds of
#: at most this many bits, so nothing may start a game it could not replay. The one rule is :func:`check_seed`.
MAX_SEED_BITS = 512
#: what :func:`check_seed` says of a bad seed, wherever it came from (``--seed``, a record, a table)
SEED_RULE = f"a seed is a non-negative integer of at most {MAX_SEED_BITS} bits"

_UNPACK = struct.Struct("<8Q").unpack
_PERSON = b"hustings-rng-v1"  # domain separation: these keys are used for nothing else


def check_seed(seed: object) -> int:
    """``seed`` if a game takes it (:data:`MAX_SEED_BITS`), else ValueError: :data:`SEED_RULE` and what was given."""
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0 or seed.bit_length() > MAX_SEED_BITS:
        shown = f"an integer of {seed.bit_length()} bits" if isinstance(seed, int) and seed > 0 else _shown(seed)
        raise ValueError(f"{SEED_RULE}, not {shown}")
    return seed


def _shown(value: object) -> str:
    try:
        text = repr(value)
    except Exception:  # a hostile __repr__ must not turn bad input into a crash
        text = f"<{type(value).__name__}>"
    return text if len(text) <= 40 else text[:37] + "..."


def fresh_seed() -> int:
    """A seed with :data:`SEED_BITS` bits from the operating system's secure source."""
    return secrets.randbits(SEED_BITS)


def _key_of(seed: int) -> bytes:
    if seed < 0:
        raise ValueError(f"a seed is a non-negative integer, not {seed}")
    raw = seed.to_bytes((seed.bit_length() + 7) // 8 or 1, "little")
    return hashlib.blake2b(raw, digest_size=32, person=_PERSON).digest()


class Rng:
    """``Rng(seed)``: a deterministic stream for one game. Methods as :mod:`random` names them."""

    __slots__ = ("_block", "_counter", "_key", "_pos")

    def __init__(self, seed: int = 0) -> None:
        self._key = _key_of(seed)
        self._counter = 0
        self._block: tuple[int, ...] = ()
        self._pos = 8

    @classmethod
    def from_random(cls, r: random.Random | Rng) -> Rng:
        """A generator seeded with 128 bits drawn from ``r`` (for re-dealt samples)."""
        if isinstance(r, Rng):
            return cls((r.next64() << 64) | r.next64())
        return cls(r.getrandbits(SEED_BITS))

    def copy(self) -> Rng:
        new = Rng.__new__(Rng)
        new._key = self._key
        new._counter = self._counter
        new._block = self._block
        new._pos = self._pos
        return new

    @property
    def position(self) -> tuple[int, int]:
        """Where the stream is (blocks used, words used of the current one): equal streams, equal positions."""
        return (self._counter, self._pos)

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Rng)
            and self._key == other._key
            and self._counter == other._counter
            and self._pos == other._pos
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        # never print the key: a log or traceback must not give the stream away
        return f"<Rng {RNG_NAME} at block {self._counter} word {self._pos}>"

    def next64(self) -> int:
        pos = self._pos
        if pos == 8:
            block = hashlib.blake2b(self._counter.to_bytes(16, "little"), key=self._key).digest()
            self._block = _UNPACK(block)
            self._counter += 1
            pos = 0
        self._pos = pos + 1
        return self._block[pos]

    def randrange(self, n: int) -> int:
        """Uniform in [0, n). Modulo bias is below 2**-50 for the n a board game uses."""
        if n <= 0:
            raise ValueError("randrange of an empty range")
        return self.next64() % n

    def randint(self, lo: int, hi: int) -> int:
        """Uniform in [lo, hi], like a die."""
        return lo + self.randrange(hi - lo + 1)

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates in place, drawing as :meth:`next64` does (inlined: a call per card was half the cost)."""
        block, pos = self._block, self._pos
        for i in range(len(items) - 1, 0, -1):
            if pos == 8:
                block = _UNPACK(hashlib.blake2b(self._counter.to_bytes(16, "little"), key=self._key).digest())
                self._counter += 1
                pos = 0
            j = block[pos] % (i + 1)
            pos += 1
            items[i], items[j] = items[j], items[i]
        self._block, self._pos = block, pos

    def choice(self, items: list[T] | tuple[T, ...]) -> T:
        return items[self.randrange(len(items))]

    def random(self) -> float:
        """Uniform in [0, 1) with 53 bits, like :func:`random.random`."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def getrandbits(self, k: int) -> int:
        out, have = 0, 0
        while have < k:
            out |= self.next64() << have
            have += 64
        return out & ((1 << k) - 1)
