"""Reinforcement-learning interfaces over the engine's public API (optional extra ``hustings[rl]``).

- :mod:`hustings.rl.encoding`: fixed-shape numeric encodings of a player's view: the game's own (its
  ``rl_encoder`` adapter) or a generic hashed encoding.
- :mod:`hustings.rl.utility`: utilities at the end: the game's outcome (default), rank, win or score.
- :mod:`hustings.rl.pettingzoo`: a PettingZoo AEC environment for every game and variant.
- :mod:`hustings.rl.openspiel`: every game registered as an OpenSpiel Python game.
- :mod:`hustings.rl.gym`, :mod:`hustings.rl.vector`, :mod:`hustings.rl.pool`: a Gymnasium env (and a vector env of
  several games) of one learner seat against the project's bots or a policy pool, for self-play.
- :mod:`hustings.rl.policy`: the ``learned`` checkpoint format (a NumPy MLP over the encoder, masked actions).
- :mod:`hustings.rl.export`: lab records as observation/mask/action/return arrays, for imitation learning.

Observations are always built from ``view(player)``, never from the state, so they hide exactly what the
rules hide. See ``docs/rl.md``.
"""

from hustings.rl.encoding import Encoder, EncoderAdapter, GenericEncoder, Slice, encoder_for, max_game_length
from hustings.rl.utility import UTILITIES, utilities

__all__ = ["UTILITIES", "Encoder", "EncoderAdapter", "GenericEncoder", "Slice", "encoder_for", "max_game_length",
           "utilities"]
