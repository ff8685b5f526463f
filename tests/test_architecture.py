"""The package's layout (docs/architecture.md): layers that import one way, no import circle,
one package per chapter of the specification, modules of a readable size."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from aslpto.base.plugins import Later

SRC = Path(__file__).resolve().parents[1] / "src"
PKG = SRC / "aslpto"
RULES_DIR = Path(__file__).resolve().parents[2] / "shared" / "rules"

LAYERS: dict[str, int] = {
    "aslpto.base": 0,
    "aslpto.board": 1,
    "aslpto.state": 2,
    "aslpto.rules.movement": 3,
    "aslpto.rules.los": 3,
    "aslpto.rules.morale": 3,
    "aslpto.rules.pto": 4,
    "aslpto.rules.japanese": 4,
    "aslpto.rules.paddy": 4,
    "aslpto.rules.panji": 4,
    "aslpto.rules.water": 4,
    "aslpto.rules": 5,
    "aslpto.procedures": 6,
    "aslpto.formats": 7,
    "aslpto.cli": 8,
    "aslpto.web": 8,
    "aslpto": 9,
}
"""Each module's floor, by its longest prefix here: a module may import its own floor and the
floors below it. ``aslpto.rules`` itself sits above its chapters: it plugs them into the core
procedures."""

CHAPTERS = {"G0": "pto", "G1": "japanese", "G8": "paddy", "G9": "panji", "B21": "water"}
"""Each chapter of the specification (its file's prefix) and its package under aslpto.rules."""

MAX_LINES = 850


def _modules() -> dict[str, Path]:
    out = {}
    for p in PKG.rglob("*.py"):
        parts = list(p.relative_to(SRC).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = p
    return out


MODULES = _modules()


def _imports(path: Path, name: str) -> set[str]:
    """The aslpto modules ``name`` imports anywhere in its file (lazy and type-only too)."""
    out: set[str] = set()
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name.startswith("aslpto"))
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(up + ([base] if base else []))
            if not base.startswith("aslpto"):
                continue
            for a in node.names:
                sub = f"{base}.{a.name}"
                out.add(sub if sub in MODULES else base)
    out.discard(name)
    return out


GRAPH = {name: _imports(path, name) for name, path in MODULES.items()}


def layer(module: str) -> int:
    parts = module.split(".")
    for n in range(len(parts), 0, -1):
        got = LAYERS.get(".".join(parts[:n]))
        if got is not None:
            return got
    raise AssertionError(f"{module} has no layer")


def test_imports_run_down_the_layers() -> None:
    upward = [
        f"{a} (floor {layer(a)}) imports {b} (floor {layer(b)})"
        for a, deps in sorted(GRAPH.items())
        for b in sorted(deps)
        if layer(b) > layer(a) and not b.startswith(a + ".")
    ]
    assert not upward, "\n".join(upward)


def test_no_import_cycle() -> None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(m: str) -> list[str] | None:
        state[m] = 1
        stack.append(m)
        for d in sorted(GRAPH.get(m, ())):
            if state.get(d) == 1:
                return [*stack[stack.index(d) :], d]
            if d not in state:
                found = visit(d)
                if found:
                    return found
        stack.pop()
        state[m] = 2
        return None

    for m in sorted(GRAPH):
        if m not in state:
            cycle = visit(m)
            assert cycle is None, " -> ".join(cycle)


def test_a_package_imports_no_parent_facade_from_inside() -> None:
    """A part of a package never imports the package that re-exports it (that would be a
    circle through the package's ``__init__``)."""
    bad = [
        f"{a} imports {b}"
        for a, deps in GRAPH.items()
        for b in deps
        if a.startswith(b + ".") and MODULES[b].name == "__init__.py" and len(b.split(".")) > 2
    ]
    assert not bad, "\n".join(bad)


def test_the_page_imports_no_command_module() -> None:
    """The referee page asks the commands through ``aslpto.cli`` itself (each command's own
    parser and ``answer``, docs/web.md); what a procedure is and does it takes from
    ``aslpto.procedures`` (the odds procedures: ``procedures.odds``), never from a command's
    module (``aslpto.cli.odds``)."""
    bad = [
        f"{a} imports {b}"
        for a, deps in sorted(GRAPH.items())
        if a == "aslpto.web" or a.startswith("aslpto.web.")
        for b in sorted(deps)
        if b.startswith("aslpto.cli.")
    ]
    assert not bad, "\n".join(bad)


def test_each_chapter_of_the_specification_has_one_package() -> None:
    if not RULES_DIR.is_dir():
        pytest.skip(f"the rules texts are not at {RULES_DIR}")
    prefixes = {p.name.split("-")[0] for p in RULES_DIR.glob("*.txt")}
    assert prefixes == set(CHAPTERS)
    for pkg in CHAPTERS.values():
        assert (PKG / "rules" / pkg / "__init__.py").is_file(), pkg


def test_top_of_the_package_holds_packages() -> None:
    files = sorted(p.name for p in PKG.glob("*.py"))
    assert files == ["__init__.py", "__main__.py"]
    dirs = sorted(p.name for p in PKG.iterdir() if p.is_dir() and p.name != "__pycache__")
    assert dirs == [
        "base",
        "board",
        "cli",
        "data",
        "formats",
        "procedures",
        "rules",
        "state",
        "web",
    ]


def test_no_module_over_about_800_lines() -> None:
    long = {
        name: n
        for name, path in MODULES.items()
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert not long, long


def test_no_private_name_crosses_a_package() -> None:
    """A private name (``_x``) is imported only by a sibling module of the one that defines it:
    never from another package, and never re-exported by a package's ``__init__``."""
    crossing = []
    for name, path in MODULES.items():
        is_package = path.name == "__init__.py"
        package = name if is_package else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.ImportFrom) and node.module):
                continue
            if not node.module.startswith("aslpto"):
                continue
            home = node.module.rpartition(".")[0] if node.module in MODULES else node.module
            if node.module in MODULES and MODULES[node.module].name == "__init__.py":
                home = node.module  # (a package's own names)
            for alias in node.names:
                private = alias.name.startswith("_") and not alias.name.startswith("__")
                if private and (is_package or home != package):
                    crossing.append(f"{name}: {alias.name} from {node.module}")
    assert not crossing, crossing


def _type_checking_names(tree: ast.Module) -> dict[str, tuple[str, str]]:
    """The names an ``if TYPE_CHECKING:`` block imports, with their modules and names there."""
    out: dict[str, tuple[str, str]] = {}
    for node in tree.body:
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            for imp in node.body:
                if isinstance(imp, ast.ImportFrom) and imp.module:
                    out.update((a.asname or a.name, (imp.module, a.name)) for a in imp.names)
    return out


LATER = [
    name
    for name, path in MODULES.items()
    if path.name == "__init__.py" and "= Later(" in path.read_text(encoding="utf-8")
]
"""The packages whose names come later (``base.plugins.Later``)."""


def test_the_packages_naming_their_modules_entry_points_later_exist() -> None:
    assert set(LATER) == {
        "aslpto",
        "aslpto.rules.morale",
        "aslpto.rules.panji.effects",
        "aslpto.formats.scenario",
    }


@pytest.mark.parametrize("package", LATER)
def test_a_package_gives_later_what_it_names_to_the_type_checker(package: str) -> None:
    """A package whose names come later (``base.plugins.Later``) gives each name its
    ``if TYPE_CHECKING:`` block imports, from that module, and no other."""
    import importlib

    pkg = importlib.import_module(package)
    named = _type_checking_names(ast.parse(MODULES[package].read_text(encoding="utf-8")))
    assert named
    for name, (where, there) in named.items():
        assert getattr(pkg, name) is getattr(importlib.import_module(where), there), name
    later = pkg.__getattr__
    assert isinstance(later, Later)
    assert set(later.names) == set(named)
    with pytest.raises(AttributeError, match="no_such_name"):
        pkg.__getattr__("no_such_name")
    assert set(named) <= set(dir(pkg))
    star: dict[str, object] = {}
    exec(f"from {package} import *", star)  # (what `import *` gives)
    assert {n for n in named if not n.startswith("_")} <= set(star)
    assert not any(isinstance(v, type(pkg)) for v in star.values())


HINTS = {
    "TYPE_CHECKING",
    "Any",
    "Generic",
    "Protocol",
    "TypeVar",
    "cast",
    "overload",
    "dataclass_transform",
    "type_hints",
    "origin",
    "args",
}
"""What ``base.hints`` gives: a fixed set. A module that needs another name of :mod:`typing`
at run time imports it from :mod:`typing`."""


def test_base_hints_gives_a_fixed_set_of_names() -> None:
    tree = ast.parse(MODULES["aslpto.base.hints"].read_text(encoding="utf-8"))
    given: set[str] = set()
    top = [
        n
        for node in tree.body
        for n in ([*node.body, *node.orelse] if isinstance(node, ast.If) else [node])
    ]
    for node in top:
        if isinstance(node, ast.ImportFrom) and node.module == "typing":
            given.update(a.asname or a.name for a in node.names)
        elif isinstance(node, ast.Assign):
            given.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            given.add(node.name)
    assert {n for n in given if not n.startswith("_")} == HINTS
    taken: set[str] = set()
    for path in MODULES.values():
        for found in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(found, ast.ImportFrom) and found.module == "aslpto.base.hints":
                taken.update(a.name for a in found.names)
    assert taken <= HINTS
