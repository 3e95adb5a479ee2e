"""The layers hold: who may import whom, and no import circle anywhere.

Read from the source with ``ast``, every import counts: at the top of a module, inside a
function, and under ``if TYPE_CHECKING:`` (a circle that only type checking closes is still a
tangle). The bot sees only each engine package's public face, and only the faces of the
renderer (``render`` and its packages' and modules' own names, never a module inside a game's
renderer).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import engine

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("bot", "engine", "render")
GAME_FACES = {f"engine.{game.info.name}" for game in engine.all_games()}
BOT_MAY_IMPORT_OF_ENGINE = {"engine", "engine.core", *GAME_FACES}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {
        module_name(path): path for package in PACKAGES for path in (ROOT / package).rglob("*.py")
    }


def imports_of(name: str, path: Path) -> Iterator[str]:
    """Every module ``name`` imports (relative imports resolved), wherever the import is."""
    is_package = path.name == "__init__.py"
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".")
                base = base if is_package else base[:-1]
                base = base[: len(base) - node.level + 1]
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module or ""
            yield target
            yield from (f"{target}.{alias.name}" for alias in node.names)


def graph() -> dict[str, set[str]]:
    """Module → the project's modules it imports."""
    known = modules()
    return {
        name: {target for target in imports_of(name, path) if target in known and target != name}
        for name, path in known.items()
    }


def bot_imports_outside(layer: str, allowed: set[str]) -> list[str]:
    """Each import of a ``layer`` module by the bot that is not in ``allowed``."""
    return sorted(
        f"{name} imports {target}"
        for name, targets in graph().items()
        if name.startswith("bot")
        for target in targets
        if target.startswith(layer) and target not in allowed
    )


def render_faces() -> set[str]:
    """``render`` and each of its direct packages and modules (``render.islant``, ...)."""
    return {name for name in modules() if name.split(".")[0] == "render" and name.count(".") <= 1}


def test_the_bot_imports_only_the_public_face_of_each_engine_package() -> None:
    wrong = bot_imports_outside("engine", BOT_MAY_IMPORT_OF_ENGINE)
    assert not wrong, "\n".join(wrong)


def test_the_bot_imports_only_the_public_faces_of_the_renderer() -> None:
    wrong = bot_imports_outside("render", render_faces())
    assert not wrong, "\n".join(wrong)


def test_engines_and_renderers_never_import_the_bot_or_discord() -> None:
    wrong = []
    for name, path in modules().items():
        if name.startswith("bot"):
            continue
        for target in imports_of(name, path):
            top = target.split(".")[0]
            if top in ("bot", "discord", "aiosqlite", "asyncpg") or (
                name.startswith("engine") and top in ("render", "PIL")
            ):
                wrong.append(f"{name} imports {target}")
    assert not wrong, "\n".join(sorted(set(wrong)))


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in edges.get(node, ()):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def test_no_import_circle_anywhere() -> None:
    edges = graph()
    # a package's __init__ re-exporting its own modules is not a circle of meaning
    for name in edges:
        edges[name] = {t for t in edges[name] if not (name.startswith(t + ".") and t != name)}
    assert circles(edges) == []


def test_the_circle_finder_finds_a_circle() -> None:
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
