"""One observation encoder per game, named after the game id with underscores.

Each module calls :func:`hustings.rl.encoding.register` when imported; :func:`hustings.rl.encoder_for`
imports it on first use.
"""
