"""The browser table: static pages (``static/``: lobby, table page, generic client) and the data they load.

No build step and nothing from a CDN: plain ES modules and CSS, served by ``hustings serve``. The page's own
words are the ``web.*`` keys of this package's catalog (``messages/``), chained to the shared interface
catalog, exported to the page as JSON (:func:`shell_messages`); a game's words, names and rules help come
from the game itself through its GameSpec (:func:`game_meta`). :mod:`hustings.web.mount` wires these into a
FastAPI app.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from hustings.engine import LANGS, get_spec, list_games, normalize_lang
from hustings.engine.adapters import RULES_HELP_KIND, AdapterKind
from hustings.engine.i18n import Catalog

STATIC = Path(__file__).parent / "static"

SHARED = Catalog.from_package("hustings", "messages")
CATALOG = Catalog.from_package("hustings.web", "messages").chain(SHARED)

#: what a game's ``web_data`` adapter is: the names its browser renderer draws, in one language
WebNames = Callable[[str], Mapping[str, Any]]

WEB_KIND: AdapterKind[str] = AdapterKind(
    "web", "the folder (a str path) that holds the game's renderer.js and what it imports",
    lambda obj: isinstance(obj, str),
    "`hustings serve` (the page loads `/games/<id>/renderer.js`; the game's `messages/` are its words); without it: "
    "the generic browser table")
WEB_DATA_KIND: AdapterKind[WebNames] = AdapterKind(
    "web_data", "a function names(lang) -> mapping of the names the browser renderer draws", callable,
    "the browser table (the page's `names`)")

__all__ = ["CATALOG", "LANGS", "STATIC", "WEB_DATA_KIND", "WEB_KIND", "WebNames", "game_folder", "game_meta",
           "shell_messages"]


def shell_messages(lang: str) -> dict[str, str]:
    """Every word of the page shell in ``lang`` (web.* keys and the shared interface words)."""
    return CATALOG.export(normalize_lang(lang))


def game_folder(game: str) -> Path | None:
    """The folder of the game's browser renderer (its ``web`` adapter), or None for the generic one."""
    folder = get_spec(game).adapter(WEB_KIND)
    if folder is None:
        return None
    path = Path(folder)
    return path if (path / "renderer.js").is_file() else None


def _pick(texts: Any, lang: str) -> str:
    """One language's text of ``texts``: a plain string, or any mapping of language to text (a game's rules help
    is a read-only Mapping, not a dict); English, then any language, when ``lang`` is missing."""
    if isinstance(texts, str):
        return texts
    if isinstance(texts, Mapping):
        return str(texts.get(lang) or texts.get("en") or next(iter(texts.values()), ""))
    return ""


def _game_catalog(game: str) -> Catalog | None:
    """The game's own catalog: ``messages/`` of the package that holds its web adapter."""
    target = get_spec(game).adapters.get(WEB_KIND.name)
    if target is None:
        return None
    module = target.partition(":")[0]
    package = module.rpartition(".")[0] if module.endswith(".web") else module
    try:
        found = Catalog.from_package(package, "messages")
        found.keys("en")
    except Exception:  # no catalog folder: the page shows the server's texts only
        return None
    return found


def game_meta(game: str, lang: str) -> dict[str, Any]:
    """What a page needs to draw ``game`` in ``lang``: title, variants, score labels, sides, the rules help by
    phase, the names its renderer draws (``web_data`` adapter), its catalog, and where its renderer is."""
    spec = get_spec(game)
    lang = normalize_lang(lang)
    rules_help = spec.adapter(RULES_HELP_KIND) or {}
    names = spec.adapter(WEB_DATA_KIND)
    catalog = _game_catalog(game)
    return {
        "id": spec.id,
        "title": _pick(spec.title, lang),
        "lang": lang,
        "outcome": spec.outcome,
        "variants": list(spec.variants),
        "default_variant": spec.default_variant,
        "players": {v: spec.player_counts(v) for v in spec.variants},
        "sides": [spec.side_name(i, lang) for i in range(len(spec.sides))],
        "score_labels": {k: spec.score_label(k, lang) for k in spec.score_labels},
        "rules": {str(topic): _pick(texts, lang) for topic, texts in dict(rules_help).items()},
        "names": names(lang) if names is not None else {},
        "catalog": catalog.export(lang) if catalog is not None else {},
        "renderer": f"/games/{spec.id}/renderer.js" if game_folder(game) is not None else None,
    }


def games_with_renderers() -> dict[str, Path]:
    out: dict[str, Path] = {}
    for g in list_games():
        folder = game_folder(g)
        if folder is not None:
            out[g] = folder
    return out
