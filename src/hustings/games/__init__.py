"""Rule sets. Importing this package registers every built-in game with the engine."""

from hustings.games import die_macher_2019  # noqa: F401
