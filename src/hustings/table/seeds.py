"""The seeds of a table: the game's (given, or fresh from the operating system) and each bot's, derived one way."""

from __future__ import annotations

import hashlib

# the one seed rule is the engine's (records are checked there, and the engine imports nothing above it)
from hustings.engine.rng import MAX_SEED_BITS, SEED_RULE, check_seed


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot in ``seat``: a keyed BLAKE2b of the game seed.

    A bot's choices can reveal its own seed (a Mersenne Twister gives its state away), so the bot's seed
    must not give away the game seed: it is derived one way, and no player can go back from it."""
    raw = game_seed.to_bytes((game_seed.bit_length() + 7) // 8 or 1, "little")
    key = hashlib.blake2b(raw, digest_size=32, person=b"hustings-botkey").digest()
    digest = hashlib.blake2b(seat.to_bytes(4, "little"), key=key, digest_size=16, person=b"hustings-bot-v1")
    return int.from_bytes(digest.digest(), "little")


__all__ = ["MAX_SEED_BITS", "SEED_RULE", "bot_seed", "check_seed"]
