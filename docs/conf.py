"""Sphinx configuration of the threethirteen docs.

Build (CI does this through ``tests/test_docs.py``; every warning fails)::

    python -m sphinx -W --keep-going -b html docs /tmp/site
"""

from __future__ import annotations

import os
import pkgutil
import re
from typing import Any

# The site shows the same values whether or not the compiled extensions (the solver
# and the playout loop) were built on the machine that builds it: autodoc documents
# the package as the pure-Python implementation runs it.
os.environ["THREETHIRTEEN_IMPLEMENTATION"] = "python"

import threethirteen

project = "threethirteen"
author = "The threethirteen developers"
copyright = "The threethirteen developers"
release = version = threethirteen.__version__

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.intersphinx",
    "sphinx_copybutton",
]

# The copy button of a code block copies the code without its prompts (">>> ",
# "... ", "$ ") and, in a session with prompts, without the output.
copybutton_prompt_text = r">>> |\.\.\. |\$ "
copybutton_prompt_is_regexp = True
copybutton_only_copy_prompt_lines = True

# The optional frameworks the adapters and the arena import (extras of
# pyproject.toml): the docs extra alone builds the site, so autodoc imports them
# as mocks. tests/test_docs.py checks that this list covers every third-party
# import of the package but numpy.
autodoc_mock_imports = [
    "dask",
    "distributed",
    "gymnasium",
    "matplotlib",
    "pettingzoo",
    "pyspiel",
    "ray",
    "torch",
    "tqdm",
]

source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
root_doc = "index"
exclude_patterns = ["_build", "_inventories"]
myst_enable_extensions = ["colon_fence"]
myst_heading_anchors = 3

html_theme = "furo"
html_title = f"threethirteen {release}"
html_static_path = ["_static"]

# Every cross-reference must resolve: with -W, a broken one fails the build.
nitpicky = True

# Intersphinx, offline. The build must not touch the network (CI has none), so the
# inventories are local files: docs/_inventories/python.inv and numpy.inv hold
# only the Python and numpy objects these docs refer to, in Sphinx's objects.inv
# format, with their real URLs on docs.python.org and numpy.org. They were made
# with sphobjinv by docs/_inventories/make_inventories.py; when a new docstring
# refers to another Python or numpy object, the nitpicky build fails with the
# missing name: add it there and rerun the script.
intersphinx_mapping = {
    "python": ("https://docs.python.org/3", "_inventories/python.inv"),
    "numpy": ("https://numpy.org/doc/stable", "_inventories/numpy.inv"),
}

python_use_unqualified_type_names = True
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_default_options = {"members": True, "undoc-members": False}
# The names that are not at the top (the type aliases of what the calls accept, the
# parts of results, the encoding's constants), by their homes: the API page documents
# them there, and a short name in a docstring finds them through _top_then_homes.
_HOMES = {
    "BotLike": "bots.protocol",
    "BotSpec": "bots.registry",
    "HandLike": "hands.hand",
    "HandsLike": "hands.encoding",
    "MeldLike": "hands.melds",
    "RulesLike": "hands.rules",
    "UnseenLike": "hands.draw_advice",
    "WeightsLike": "hands.draw_advice",
    "WildLike": "hands.rules",
    "WildsLike": "hands.arrays",
    "ViewCodes": "engine.game",
    "TableMeld": "engine.game",
    "Reshuffle": "engine.game",
    "Fault": "arena.tournament_results",
    "Rating": "arena.tournament_results",
    "BotResults": "arena.tournament_results",
    "HeadToHead": "arena.tournament_results",
    "LayoffCard": "hands.layoffs",
    "MeldProblem": "hands.meld_check",
    "Draw": "hands.draw_advice",
    "DrawOption": "hands.draw_advice",
    "NOT_IN_HAND": "hands.arrays",
    "PADDING": "hands.encoding",
    "MAX_HAND_SIZE": "hands.hand",
    "MAX_LAYOFF_RUNS": "hands.layoffs",
    "JOKER": "hands.cards",
}
autodoc_type_aliases = {
    name: f"threethirteen.{home}.{name}" for name, home in _HOMES.items() if name.endswith("Like")
} | {"npt.ArrayLike": "numpy.typing.ArrayLike", "GameCodes": "threethirteen.engine.game.GameCodes"}
autodoc_preserve_defaults = True


# References to private modules of the kernel layer, which the site does not
# document (the design page describes them): shown as text, not links.
nitpick_ignore = [
    ("py:class", "threethirteen._kernel.protocol.Solver"),
    ("py:func", "threethirteen._kernel.protocol.cost_of"),
    # numpy's scalar types are not in the local numpy inventory (the beliefs' arrays).
    ("py:class", "numpy.float64"),
    ("py:class", "np.float64"),
    # the view's constructor returns its own class (a TypeVar)
    ("py:class", "threethirteen.engine.view._View"),
    # the record replay's game type (a TypeVar bound to its protocol)
    ("py:class", "threethirteen.engine.record_replay.GameT"),
]


def _attribute_docs() -> dict[str, list[str]]:
    """The docstrings under module-level assignments (``X = 1`` then a string),
    keyed by name, from the public modules of the package."""
    from sphinx.pycode import ModuleAnalyzer

    docs: dict[str, list[str]] = {}
    for info in pkgutil.walk_packages(threethirteen.__path__, "threethirteen."):
        parts = info.name.split(".")
        if info.ispkg or any(part.startswith("_") for part in parts) or "cli" in parts:
            continue  # the public names live in the public modules
        # The source file is parsed, not imported (for_module would import it): an
        # adapter's framework may be missing.
        source = os.path.join(
            os.path.dirname(threethirteen.__file__), *parts[1:-1], f"{parts[-1]}.py"
        )
        if not os.path.exists(source):
            continue
        analyzer = ModuleAnalyzer.for_file(source, info.name)
        for (scope, name), lines in analyzer.find_attr_docs().items():
            if scope == "" and name in dir(threethirteen):
                docs.setdefault(name, list(lines))
    return docs


def _add_reexported_attribute_docs(
    app: Any, what: str, name: str, obj: Any, options: Any, lines: list[str]
) -> None:
    """``threethirteen.ARENA_MAX_TURNS`` is defined in ``arena/tournament_results.py``:
    autodoc looks for its docstring in ``__init__.py`` only, so take the docstring
    under the assignment from the defining module."""
    if what in {"data", "attribute"} and name.startswith("threethirteen."):
        found = app.env.temp_data.setdefault("threethirteen_attribute_docs", _attribute_docs())
        short = name.removeprefix("threethirteen.")
        if short in found:  # else autodoc may show the value's type's docstring (dict's)
            lines[:] = [*found[short], ""]


_ALIAS = re.compile(r"TypeAliasForwardRef\('([^']+)'\)")
_UNSET = re.compile(r" \| ~?(?:threethirteen\.hands\.rounds\.)?UnsetType")


def _tidy_signature(
    app: Any,
    what: str,
    name: str,
    obj: Any,
    options: Any,
    signature: str | None,
    return_annotation: str | None,
) -> tuple[str | None, str | None]:
    """Signatures as a reader wants them: ``wild: WildLike = UNSET``, not the
    sentinel's type (``UNSET`` only means "not given") nor Sphinx's wrapper of a
    type alias inside a union."""

    def tidy(text: str | None) -> str | None:
        return None if text is None else _UNSET.sub("", _ALIAS.sub(r"\1", text))

    return tidy(signature), tidy(return_annotation)


# Names the docstrings of the engine write short, and numpy's Generator, which an
# evaluated annotation names by its private home: where each is documented.
_SHORT_NAMES = {"END_REASONS": "threethirteen.engine.game.END_REASONS"}
_PRIVATE_HOMES = {
    "numpy.random._generator.Generator": "numpy.random.Generator",
    "concurrent.futures._base.Executor": "concurrent.futures.Executor",
}


def _short_names(app: Any, env: Any, node: Any, contnode: Any) -> Any:
    """Resolve a short name of :data:`_SHORT_NAMES` to its documented full name."""
    full = _SHORT_NAMES.get(node.get("reftarget", ""))
    if full is None or node.get("refdomain") != "py":
        return None
    domain = env.get_domain("py")
    return domain.resolve_xref(
        env, node["refdoc"], app.builder, node["reftype"], full, node, contnode
    )


def _top_then_homes(app: Any, env: Any, node: Any, contnode: Any) -> Any:
    """A short name in a docstring that Sphinx did not find from the docstring's own
    module: the top's name (``layoff`` is ``threethirteen.layoff``), else the home of
    a name that is not at the top (``PADDING`` is ``threethirteen.hands.encoding``'s)."""
    target = node.get("reftarget", "")
    if node.get("refdomain") != "py" or target.startswith("threethirteen."):
        return None
    head = target.split(".")[0]
    prefixes = ["threethirteen."]
    if head in _HOMES:
        prefixes.append(f"threethirteen.{_HOMES[head]}.")
    domain = env.get_domain("py")
    for prefix in prefixes:
        found = domain.resolve_xref(
            env, node["refdoc"], app.builder, node["reftype"], prefix + target, node, contnode
        )
        if found is not None:
            return found
    return None


def _numpy_names(app: Any, env: Any, node: Any, contnode: Any) -> None:
    """numpy is imported lazily, so annotations keep its short names (``npt.NDArray``,
    ``np.int8``): point them at the numpy inventory before intersphinx looks."""
    target = node.get("reftarget", "")
    if target in _PRIVATE_HOMES:
        node["reftarget"] = _PRIVATE_HOMES[target]
        return
    for short, full in (("npt.", "numpy.typing."), ("np.", "numpy.")):
        if target.startswith(short):
            node["reftarget"] = full + target.removeprefix(short).split("[")[0]
            return


def setup(app: Any) -> None:
    app.connect("autodoc-process-docstring", _add_reexported_attribute_docs)
    app.connect("autodoc-process-signature", _tidy_signature)
    app.connect("missing-reference", _numpy_names, priority=100)
    app.connect("missing-reference", _short_names, priority=100)
    app.connect("missing-reference", _top_then_homes, priority=100)
