"""Outside policies: a researcher's own bot, named ``module:Object`` on the lab's ``--bots``.

``module`` is an importable module (``my_agents.ppo``) or a Python file (``agents/mine.py``); ``Object`` is
either a bot, an object with ``act(view, legal) -> Action`` (or an action id), used as it is for every seat, or
a factory (a class or function) called once per seat with the keyword arguments it accepts among ``game``,
``players``, ``variant``, ``seat`` and ``seed``. ``learned:FILE.npz`` names a checkpoint of the ``learned``
format (:mod:`hustings.rl.policy`); the lab loads it.

An outside policy gets what every bot gets, through :func:`hustings.bots.runner.ask`: its seat's view and a copy
of the legal actions, never the state nor a search's information set. What it returns must be one of those
actions (or its id): anything else stops the game with a ValueError naming the policy.

They run only where the person who names them runs the code: the lab (``simulate``, ``tournament``,
``benchmark``). A table (the terminal's ``play``, the server and its lobby) takes only the project's bots
(:func:`hustings.bots.registry.check_bot_name` refuses these names there), since strangers would otherwise have a
server import their code.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import operator
import sys
from pathlib import Path
from typing import Any, cast

from hustings.bots.random_bot import Bot, check_view
from hustings.engine import Action

#: how an outside policy is named, for error messages
OUTSIDE_SPELLING = "module:Object or path/to/file.py:Object (a bot or a bot factory), learned:FILE.npz"
BUILT_IN = ("random", "heuristic", "ismcts")
FACTORY_ARGS = ("game", "players", "variant", "seat", "seed")


def is_outside(name: str) -> bool:
    """Whether ``name`` names an outside policy (``module:Object``, ``learned:FILE``) rather than a project bot."""
    head, sep, tail = name.partition(":")
    return bool(sep) and bool(tail) and head not in BUILT_IN


def is_learned(name: str) -> bool:
    return name.startswith("learned:") and len(name) > len("learned:")


def split_outside(name: str) -> tuple[str, str]:
    """``"pkg.mod:Obj"`` -> ``("pkg.mod", "Obj")``; a bad spelling raises ValueError."""
    module, sep, attr = name.rpartition(":")
    if not sep or not module or not attr or not all(p.isidentifier() for p in attr.split(".")):
        raise ValueError(f"outside policy {name!r}: spell it {OUTSIDE_SPELLING}")
    return module, attr


def _import(module: str, name: str) -> Any:
    if module.endswith(".py"):
        path = Path(module)
        if not path.is_file():
            raise ValueError(f"outside policy {name!r}: no file {module}")
        mod_name = f"hustings_outside_{abs(hash(str(path.resolve())))}"
        if mod_name in sys.modules:
            return sys.modules[mod_name]
        spec = importlib.util.spec_from_file_location(mod_name, path)
        if spec is None or spec.loader is None:
            raise ValueError(f"outside policy {name!r}: cannot load {module}")
        mod = importlib.util.module_from_spec(spec)
        sys.modules[mod_name] = mod
        try:
            spec.loader.exec_module(mod)
        except Exception as e:
            del sys.modules[mod_name]
            raise ValueError(f"outside policy {name!r}: {module} failed to load: {type(e).__name__}: {e}") from None
        return mod
    try:
        return importlib.import_module(module)
    except ImportError as e:
        raise ValueError(f"outside policy {name!r}: cannot import {module} ({e})") from None
    except Exception as e:
        raise ValueError(f"outside policy {name!r}: {module} failed to load: {type(e).__name__}: {e}") from None


def load_object(name: str) -> Any:
    """The object ``module:Object`` names (imported now); a missing module or object raises ValueError."""
    module, attr = split_outside(name)
    obj = _import(module, name)
    for part in attr.split("."):
        if not hasattr(obj, part):
            raise ValueError(f"outside policy {name!r}: {module} has no {attr}")
        obj = getattr(obj, part)
    if not callable(getattr(obj, "act", None)) and not callable(obj):
        raise ValueError(f"outside policy {name!r}: {attr} is neither a bot (act(view, legal)) nor a factory")
    return obj


class OutsideBot:
    """An outside policy in a seat: it gets the view and the legal actions (nothing more: no ``searches``
    attribute, so no information set), and what it returns is checked against the legal list."""

    def __init__(self, inner: Any, label: str) -> None:
        self.inner = inner
        self.label = label

    def act(self, view: dict[str, Any], legal: list[Action]) -> Action:
        check_view(view)
        chosen = self.inner.act(view, list(legal))
        chosen = cast(object, chosen)
        for a in legal:
            if chosen is a:
                return a
        if not isinstance(chosen, bool):  # an action id (numpy integers too)
            try:
                ident = operator.index(chosen)  # type: ignore[arg-type]  # TypeError below if not
            except TypeError:
                ident = None
            for a in legal:
                if a.id == ident:
                    return a
        shown = repr(chosen)[:60]
        raise ValueError(f"{self.label} chose {shown}, which is not one of the {len(legal)} legal actions")


def make_outside_bot(name: str, game: str, players: int, variant: str, seat: int, seed: int) -> Bot:
    """A seat's bot from ``module:Object`` (see the module's docstring). ``learned:`` names are the lab's."""
    if is_learned(name):
        raise ValueError(f"{name!r}: a learned checkpoint is loaded by the lab (hustings.sim.lab.make_lab_bot)")
    obj = load_object(name)
    if callable(getattr(obj, "act", None)) and not inspect.isclass(obj):
        return OutsideBot(obj, name)
    given = {"game": game, "players": players, "variant": variant, "seat": seat, "seed": seed}
    try:
        params = inspect.signature(obj).parameters
    except (TypeError, ValueError):
        params = {}  # type: ignore[assignment]
    takes_all = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values())
    kwargs = {k: v for k, v in given.items() if takes_all or k in params}
    try:
        made = obj(**kwargs)
    except Exception as e:
        raise ValueError(f"outside policy {name!r}: making a bot failed: {type(e).__name__}: {e}") from None
    if not callable(getattr(made, "act", None)):
        raise ValueError(f"outside policy {name!r}: its factory returned {type(made).__name__}, not a bot "
                         "(an object with act(view, legal))")
    return OutsideBot(made, name)


__all__ = ["OUTSIDE_SPELLING", "OutsideBot", "is_learned", "is_outside", "load_object", "make_outside_bot",
           "split_outside"]
