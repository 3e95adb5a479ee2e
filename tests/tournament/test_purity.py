"""The tournament core stays pure: no Discord, database, pictures, clock or randomness, and
nothing of the bot, the engines or the renderers."""

from __future__ import annotations

from pathlib import Path

from tests.test_boundaries import ROOT, imports_of, module_name

ALLOWED = {"__future__", "collections", "dataclasses", "enum", "itertools", "math", "typing"}
ALLOWED_THIRD_PARTY = {"networkx"}


def test_the_tournament_core_imports_only_the_standard_library_and_networkx() -> None:
    wrong = []
    for path in sorted((ROOT / "tournament").rglob("*.py")):
        name = module_name(Path(path))
        for target in imports_of(name, path):
            top = target.split(".")[0]
            if top in ("tournament", "") or top in ALLOWED | ALLOWED_THIRD_PARTY:
                continue
            wrong.append(f"{name} imports {target}")
    assert not wrong, "\n".join(wrong)
