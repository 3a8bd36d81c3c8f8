"""Plain ``create_app`` (what ``hustings serve`` runs) serves the browser table: pages, static files, each game's
renderer, the page words in every language and each game's data for its renderer."""

from __future__ import annotations

import json
from pathlib import Path

from fastapi.testclient import TestClient

from hustings.engine import LANGS, list_games
from hustings.server.app import create_app
from hustings.server.store import open_store


def test_create_app_serves_the_browser_table(tmp_path: Path) -> None:
    with TestClient(create_app(open_store(f"sqlite:///{tmp_path / 'routes.sqlite'}"))) as client:
        assert "lobby.js" in client.get("/").text
        assert "table.js" in client.get("/t/anything").text
        assert client.get("/static/table.js").status_code == 200
        en = client.get("/web/i18n/en.json").json()
        for lang in LANGS:
            words = client.get(f"/web/i18n/{lang}.json").json()
            assert set(k for k in en if k.startswith("web.")) == set(k for k in words if k.startswith("web."))
        assert client.get("/web/i18n/xx.json").status_code == 404
        for game in list_games():
            for lang in LANGS:
                meta = client.get(f"/web/games/{game}.json", params={"lang": lang}).json()
                assert meta["id"] == game and meta["lang"] == lang and meta["title"]
                json.dumps(meta["names"])  # plain data for the page
            if meta["renderer"]:
                js = client.get(meta["renderer"])
                assert js.status_code == 200 and "export default" in js.text
        assert client.get("/web/games/no-such-game.json").status_code == 404


def test_every_games_rules_texts_reach_the_page_in_every_language(tmp_path: Path) -> None:
    """The Rules dialog reads ``meta.rules[phase]`` (table.js). Every topic of every game's rules help reaches the
    page's data, in every language, as that language's own text (issue 22: the dialog was empty for the games
    whose help texts come as read-only Mappings)."""
    from hustings.engine.words import words_for

    with TestClient(create_app(open_store(f"sqlite:///{tmp_path / 'rules.sqlite'}"))) as client:
        games = [g for g in list_games() if words_for(g).rules_help()]
        assert {"die-macher-2019", "die-macher", "election-war", "palace-escape"} <= set(games)
        for game in games:
            help_texts = words_for(game).rules_help()
            for lang in LANGS:
                rules = client.get(f"/web/games/{game}.json", params={"lang": lang}).json()["rules"]
                assert set(rules) == {str(topic) for topic in help_texts}, (game, lang)
                for topic, texts in help_texts.items():
                    assert rules[str(topic)] == texts[lang] and rules[str(topic)].strip(), (game, lang, topic)
