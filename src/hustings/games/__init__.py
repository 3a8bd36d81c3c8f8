"""Rule sets, one package each. Each declares a ``GameSpec`` named in pyproject's ``hustings.games``
entry points; nothing here imports a game."""
