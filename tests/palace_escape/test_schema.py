"""The JSON Schemas of 逃出總統府 describe what the puzzle hands out (issue 11): views and events of random games
in both modes, and every action, validate against ``hustings schema palace-escape``."""

from __future__ import annotations

import json
import random
from typing import Any

from jsonschema import Draft202012Validator
from typer.testing import CliRunner

import hustings
from hustings.cli import app
from hustings.engine import get_spec
from hustings.games.palace_escape.actions import SPACE
from hustings.games.palace_escape.schema import SCHEMA
from hustings.games.palace_escape.view_types import EVENT_DATA

GAME = "palace-escape"


def validator(part: str) -> Draft202012Validator:
    schema = SCHEMA.part(part)
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def errors(v: Draft202012Validator, value: Any) -> list[str]:
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in v.iter_errors(value)][:5]


def test_views_and_events_of_random_games_validate() -> None:
    view, events = validator("view"), validator("events")
    seen: set[str] = set()
    statuses: set[str] = set()
    for seed in range(40):
        variant = "hard" if seed % 2 else "normal"
        s = hustings.make(GAME, players=1, variant=variant, seed=seed)
        rng = random.Random(seed)
        while True:
            for p in (0, None):
                wire = json.loads(json.dumps(s.view(p)))
                assert not errors(view, wire), f"seed {seed} step {s.step_count}: {errors(view, wire)}"
            if s.is_over:
                statuses.add(s.view(0)["status"])
                break
            acts = s.legal_actions(0)
            s.apply(0, acts[rng.randrange(len(acts))])
        for e in s.all_events():
            assert e.type in EVENT_DATA, e.type
            assert not errors(events, e.to_json("en")), f"seed {seed} {e.type}: {errors(events, e.to_json('en'))}"
            seen.add(e.type)
    assert {"dealt", "swapped", "hint", "undone"} <= seen
    assert len(statuses) >= 2
    assert errors(view, {**json.loads(json.dumps(s.view(0))), "extra": 1})


def test_actions_and_the_cli() -> None:
    v = validator("action")
    for a in SPACE.actions:
        assert not errors(v, a.to_json())
    assert errors(v, {"kind": "swap", "args": [0]})
    assert get_spec(GAME).adapter("schema") is SCHEMA
    result = CliRunner().invoke(app, ["schema", GAME])
    assert result.exit_code == 0, result.stderr
    doc = json.loads(result.stdout)
    assert set(doc) >= {"view", "action", "events"}
