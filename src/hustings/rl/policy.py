"""The ``learned`` policy format: a NumPy ``.npz`` MLP over a game's encoder, with masked actions.

A checkpoint is one ``.npz`` file (``numpy.savez``; read with ``allow_pickle=False``, so a file can hold only
arrays, never code):

- ``meta``: a 0-d string array, JSON: ``{"format": "hustings-learned", "version": 1, "game", "players",
  "variant", "obs_size", "num_actions", "activation": "tanh" | "relu", "layers": k, "encoder": {...}}`` plus any
  free fields (``"trained"``: how it was trained). ``encoder`` is ``encoder_for(...).describe()`` without slice
  documentation: ``size`` and the slice names, which must match the encoder at load time. Version 2 adds
  ``"egocentric": true``: the observation is the encoder's egocentric form (the observer's seat first). A
  checkpoint in the absolute form is still written as version 1, so older readers keep reading it, and an older
  reader refuses a version 2 file by its version instead of feeding it the wrong encoding.
- ``w0``, ``b0``, ..., ``w{k-1}``, ``b{k-1}``: float32 weights (``w_i`` shape ``(inputs, outputs)``); the
  hidden layers apply ``activation``, the last gives one logit per action id (``num_actions``).

Inference: ``logits = mlp(encode(view))``; illegal ids are masked out; the policy takes the best legal id
(``temperature=0``, the default) or samples ``softmax(logits / temperature)`` over the legal ids with its own
seeded generator. Only NumPy is needed: no PyTorch. :class:`LearnedPolicy` is a bot (``act(view, legal)``):
it sees its seat's view and legal actions, never the state. ``save_learned`` writes a checkpoint from arrays (the
baseline learner, ``benchmarks/learn_ppo.py``, trains into it).
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from hustings.bots.random_bot import check_view
from hustings.engine import Action
from hustings.rl.checkpoint import forward, read_layers, read_npz
from hustings.rl.encoding import Encoder, encoder_for

FORMAT = "hustings-learned"
VERSION = 2
#: the versions this hustings reads: 1 (absolute encoding), 2 (adds ``egocentric``)
READS = (1, 2)
ACTIVATIONS = ("tanh", "relu")
FloatArray = npt.NDArray[np.float32]


class CheckpointError(ValueError):
    """A checkpoint that cannot be used: the message names the file and what is wrong with it."""


def encoder_signature(encoder: Encoder) -> dict[str, Any]:
    """What a checkpoint records of its encoder: size and slice layout (names, starts, sizes)."""
    return {"size": encoder.size, "slices": [[s.name, s.start, s.size] for s in encoder.slices]}


def save_learned(path: str | Path, game: str, players: int, variant: str, weights: Sequence[npt.ArrayLike],
                 biases: Sequence[npt.ArrayLike], activation: str = "tanh",
                 extra: Mapping[str, Any] | None = None, egocentric: bool = False) -> Path:
    """Write a checkpoint; checks the shapes chain from the encoder's size to the game's action count.
    ``egocentric``: the network reads the encoder's egocentric form (written as version 2)."""
    import hustings

    if activation not in ACTIVATIONS:
        raise ValueError(f"activation must be one of {', '.join(ACTIVATIONS)}, not {activation!r}")
    encoder = encoder_for(game, players, variant, egocentric=egocentric)
    num_actions = len(type(hustings.make(game, players=players, variant=variant, seed=0)).SPACE)
    ws = [np.asarray(w, dtype=np.float32) for w in weights]
    bs = [np.asarray(b, dtype=np.float32) for b in biases]
    _check_shapes(str(path), ws, bs, encoder.size, num_actions)
    meta = {"format": FORMAT, "version": 2 if egocentric else 1, "game": game, "players": players,
            "variant": variant, "obs_size": encoder.size, "num_actions": num_actions, "activation": activation,
            "layers": len(ws), "encoder": encoder_signature(encoder), **dict(extra or {})}
    if egocentric:
        meta["egocentric"] = True
    arrays: dict[str, Any] = {"meta": np.array(json.dumps(meta, ensure_ascii=False))}
    for i, (w, b) in enumerate(zip(ws, bs, strict=True)):
        arrays[f"w{i}"] = w
        arrays[f"b{i}"] = b
    out = Path(path)
    with open(out, "wb") as f:  # a file object: numpy.savez would append .npz to a name without it
        np.savez(f, **arrays)
    return out


def _check_shapes(name: str, ws: list[FloatArray], bs: list[FloatArray], inputs: int, outputs: int) -> None:
    if not ws or len(ws) != len(bs):
        raise CheckpointError(f"{name}: needs as many biases as weight matrices, at least one of each")
    width = inputs
    for i, (w, b) in enumerate(zip(ws, bs, strict=True)):
        if w.ndim != 2 or w.shape[0] != width or b.shape != (w.shape[1],):
            raise CheckpointError(f"{name}: layer {i} has weights {w.shape} and biases {b.shape}; expected "
                                  f"({width}, k) and (k,)")
        if not (np.isfinite(w).all() and np.isfinite(b).all()):
            raise CheckpointError(f"{name}: layer {i} holds NaN or infinite values")
        width = w.shape[1]
    if width != outputs:
        raise CheckpointError(f"{name}: the last layer gives {width} logits for a game of {outputs} action ids")


class LearnedPolicy:
    """A checkpoint of the ``learned`` format as a bot (see the module's docstring)."""

    def __init__(self, meta: Mapping[str, Any], weights: list[FloatArray], biases: list[FloatArray],
                 seed: int | None = None, temperature: float = 0.0, name: str = "learned") -> None:
        if temperature < 0:
            raise ValueError(f"temperature must be 0 (greedy) or positive, not {temperature}")
        self.meta = dict(meta)
        self.game = str(meta["game"])
        self.players = int(meta["players"])
        self.variant = str(meta["variant"])
        self.num_actions = int(meta["num_actions"])
        self.weights = weights
        self.biases = biases
        self.relu = meta.get("activation") == "relu"
        self.egocentric = meta.get("egocentric") is True
        self.encoder = encoder_for(self.game, self.players, self.variant, egocentric=self.egocentric)
        self.temperature = temperature
        self.rng = random.Random(seed)
        self.name = name

    @classmethod
    def load(cls, path: str | Path, seed: int | None = None, temperature: float = 0.0) -> LearnedPolicy:
        """Read and check a checkpoint; any problem raises :class:`CheckpointError` naming the file."""
        name = str(path)
        arrays, meta = read_npz(path, FORMAT, CheckpointError)
        if meta.get("version") not in READS:
            raise CheckpointError(f"{name}: format version {meta.get('version')!r}; this hustings reads "
                                  f"{', '.join(map(str, READS))}")
        egocentric = meta.get("egocentric", False)
        if not isinstance(egocentric, bool) or (egocentric and meta["version"] < 2):
            raise CheckpointError(f"{name}: 'egocentric' must be true or false, and true only from version 2")
        if meta.get("activation") not in ACTIVATIONS:
            raise CheckpointError(f"{name}: unknown activation {meta.get('activation')!r}")
        import hustings

        try:
            encoder = encoder_for(str(meta["game"]), int(meta["players"]), str(meta["variant"]),
                                  egocentric=egocentric)
            num_actions = len(type(hustings.make(str(meta["game"]), players=int(meta["players"]),
                                                 variant=str(meta["variant"]), seed=0)).SPACE)
        except (KeyError, TypeError, ValueError) as e:
            raise CheckpointError(f"{name}: its game, players or variant cannot be played here ({e})") from None
        if meta.get("encoder") != encoder_signature(encoder):
            raise CheckpointError(f"{name}: trained on another encoding of {meta['game']} (size "
                                  f"{meta.get('obs_size')}); this hustings encodes {encoder.size} values")
        if meta.get("num_actions") != num_actions:
            raise CheckpointError(f"{name}: made for {meta.get('num_actions')} action ids; the game has {num_actions}")
        ws, bs = read_layers(name, arrays, meta, CheckpointError)
        _check_shapes(name, ws, bs, encoder.size, num_actions)
        return cls(meta, ws, bs, seed=seed, temperature=temperature, name=f"learned:{name}")

    def logits(self, observation: FloatArray) -> FloatArray:
        return forward(observation, self.weights, self.biases, self.relu)

    def choose(self, observation: FloatArray, mask: npt.NDArray[np.bool_]) -> int:
        """The action id for an observation and a mask of legal ids (an :class:`~hustings.rl.pool.ObsPolicy`)."""
        logits = self.logits(observation)
        legal = np.flatnonzero(mask)
        if len(legal) == 0:
            raise ValueError(f"{self.name}: asked to choose with no legal action")
        ls = logits[legal].astype(np.float64)
        if self.temperature == 0:
            return int(legal[int(np.argmax(ls))])
        p = np.exp((ls - ls.max()) / self.temperature)
        p /= p.sum()
        return int(legal[self._pick(p)])

    def _pick(self, p: npt.NDArray[np.float64]) -> int:
        u = self.rng.random()
        return min(int(np.searchsorted(np.cumsum(p), u, side="right")), len(p) - 1)

    __call__ = choose

    def act(self, view: dict[str, Any], legal: list[Action]) -> Action:
        check_view(view)
        if not legal:
            raise ValueError(f"{self.name}: asked to act with no legal action")
        obs = self.encoder.encode(view)
        mask = np.zeros(self.num_actions, dtype=np.bool_)
        by_id = {a.id: a for a in legal}
        mask[list(by_id)] = True
        return by_id[self.choose(obs, mask)]

    def check_game(self, game: str, players: int, variant: str) -> None:
        """Refuse a seat of another configuration than the checkpoint was trained for."""
        if (game, players, variant) != (self.game, self.players, self.variant):
            raise CheckpointError(f"{self.name} plays {self.game} {self.variant} with {self.players} players, not "
                                  f"{game} {variant} with {players}")


__all__ = ["FORMAT", "READS", "VERSION", "CheckpointError", "LearnedPolicy", "encoder_signature", "save_learned"]
