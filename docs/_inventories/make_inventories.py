"""Write the small intersphinx inventories the docs build reads offline.

The docs link to the Python and numpy objects they mention, but the build must not
touch the network, so ``docs/conf.py`` reads these two files instead of the real
``objects.inv``. Each lists only the objects the docs refer to, with their real
addresses. After adding a name, run (``pip install sphobjinv``)::

    python docs/_inventories/make_inventories.py
"""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).resolve().parent

# (domain:role, name, page relative to the project's root URL; the anchor is the
# name, or given after a "#")
PYTHON = [
    ("py:class", "int", "library/functions.html"),
    ("py:class", "float", "library/functions.html"),
    ("py:class", "bool", "library/functions.html"),
    ("py:class", "str", "library/stdtypes.html"),
    ("py:class", "bytes", "library/stdtypes.html"),
    ("py:class", "tuple", "library/stdtypes.html"),
    ("py:class", "list", "library/stdtypes.html"),
    ("py:class", "dict", "library/stdtypes.html"),
    ("py:class", "frozenset", "library/stdtypes.html"),
    ("py:data", "None", "library/constants.html"),
    ("py:exception", "ValueError", "library/exceptions.html"),
    ("py:class", "collections.abc.Callable", "library/collections.abc.html"),
    ("py:class", "collections.abc.Iterable", "library/collections.abc.html"),
    ("py:class", "collections.abc.Iterator", "library/collections.abc.html"),
    ("py:class", "collections.abc.Mapping", "library/collections.abc.html"),
    ("py:class", "collections.abc.Sequence", "library/collections.abc.html"),
    ("py:function", "dataclasses.replace", "library/dataclasses.html"),
    ("py:class", "fractions.Fraction", "library/fractions.html"),
    ("py:class", "os.PathLike", "library/os.html"),
    ("py:data", "typing.Any", "library/typing.html"),
    (
        "py:module",
        "concurrent.futures",
        "library/concurrent.futures.html#module-concurrent.futures",
    ),
    ("py:class", "concurrent.futures.Executor", "library/concurrent.futures.html"),
    ("py:class", "concurrent.futures.Future", "library/concurrent.futures.html"),
    ("py:class", "concurrent.futures.ProcessPoolExecutor", "library/concurrent.futures.html"),
    ("py:class", "concurrent.futures.ThreadPoolExecutor", "library/concurrent.futures.html"),
]
# numpy lists ArrayLike and NDArray as py:data; annotations refer to them as classes.
NUMPY = [
    ("py:class", "numpy.ndarray", "reference/generated/numpy.ndarray.html"),
    ("py:class", "numpy.dtype", "reference/generated/numpy.dtype.html"),
    ("py:class", "numpy.integer", "reference/arrays.scalars.html"),
    ("py:class", "numpy.bool", "reference/arrays.scalars.html"),
    ("py:class", "numpy.bool_", "reference/arrays.scalars.html"),
    ("py:class", "numpy.int8", "reference/arrays.scalars.html"),
    ("py:class", "numpy.int64", "reference/arrays.scalars.html"),
    ("py:class", "numpy.uint8", "reference/arrays.scalars.html"),
    ("py:class", "numpy.random.Generator", "reference/random/generator.html"),
    ("py:class", "numpy.typing.ArrayLike", "reference/typing.html"),
    ("py:class", "numpy.typing.NDArray", "reference/typing.html"),
]


def write(path: Path, project: str, version: str, objects: list[tuple[str, str, str]]) -> None:
    import sphobjinv as soi  # only needed to regenerate the files

    inventory = soi.Inventory()
    inventory.project, inventory.version = project, version
    for role, name, page in objects:
        domain, kind = role.split(":")
        uri = page if "#" in page else f"{page}#{name}"
        inventory.objects.append(
            soi.DataObjStr(name=name, domain=domain, role=kind, priority="1", uri=uri, dispname="-")
        )
    soi.writebytes(path, soi.compress(inventory.data_file(contract=True)))


def main() -> None:
    write(HERE / "python.inv", "Python", "3", PYTHON)
    write(HERE / "numpy.inv", "NumPy", "2", NUMPY)


if __name__ == "__main__":
    main()
