"""Each part of the game service reads only what its ``__init__`` binds or its class defines:
a part is handed what it uses from the others explicitly, so a method added to one part and
called from another without being handed over fails here, not in the middle of a job."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SERVICE = Path(__file__).resolve().parents[2] / "bot" / "service"


def unbound_reads(cls: ast.ClassDef) -> set[str]:
    """The ``self.<name>`` a class reads but neither assigns nor defines."""
    defined = {
        node.name for node in cls.body if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
    }
    for node in cls.body:
        targets = node.targets if isinstance(node, ast.Assign) else []
        targets += [node.target] if isinstance(node, ast.AnnAssign) else []
        defined |= {t.id for t in targets if isinstance(t, ast.Name)}
    assigned, read = set(), set()
    for node in ast.walk(cls):
        if isinstance(node, ast.Attribute) and getattr(node.value, "id", None) == "self":
            (assigned if isinstance(node.ctx, ast.Store) else read).add(node.attr)
    return read - assigned - defined


def parts() -> list[ast.ClassDef]:
    """Every class of the service package that takes no base class (a part)."""
    return [
        node
        for path in sorted(SERVICE.glob("*.py"))
        for node in ast.parse(path.read_text()).body
        if isinstance(node, ast.ClassDef) and not node.bases
    ]


@pytest.mark.parametrize("part", parts(), ids=lambda part: part.name)
def test_a_part_reads_only_what_it_was_handed(part: ast.ClassDef) -> None:
    assert not unbound_reads(part)


def test_the_check_finds_a_read_nobody_handed_over() -> None:
    (part,) = ast.parse(
        "class Part:\n"
        "    def __init__(self, loading):\n"
        "        self.load = loading.load\n"
        "    def run(self):\n"
        "        return self.load(), self.load_off_loop()\n"
    ).body
    assert isinstance(part, ast.ClassDef)
    assert unbound_reads(part) == {"load_off_loop"}
