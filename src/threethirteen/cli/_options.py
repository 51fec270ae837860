"""The options several commands share: the rules (``--rules``, ``--variation``,
``--players``) and how the output looks (``--color``, ``--ascii``).

>>> parser = shared_options()
>>> args = parser.parse_args(["--rules", "bga", "--ascii"])
>>> make_rules(args).name, args.ascii, args.color
('bga', True, 'auto')
"""

from __future__ import annotations

import argparse

from ..hands.rules import Rules

__all__ = ["add_display_options", "add_rules_options", "make_rules", "shared_options"]


def shared_options() -> argparse.ArgumentParser:
    """The options every command takes: the rules, and how the output looks (a parent
    parser, without ``--help``).

    >>> shared_options().parse_args([])
    Namespace(rules=None, variation=[], players=None, color='auto', ascii=False)
    """
    shared = argparse.ArgumentParser(add_help=False)
    add_rules_options(shared)
    add_display_options(shared)
    return shared


def add_rules_options(shared: argparse.ArgumentParser) -> None:
    """Add ``--rules NAME``, ``--variation NAME`` (repeatable) and ``--players N``.

    >>> parser = argparse.ArgumentParser()
    >>> add_rules_options(parser)
    >>> parser.parse_args(["--variation", "jokers", "--players", "3"])
    Namespace(rules=None, variation=['jokers'], players=3)
    """
    shared.add_argument(
        "--rules", metavar="NAME", help="the preset: pagat (default), wikipedia, bga, family"
    )
    shared.add_argument(
        "--variation",
        action="append",
        default=[],
        metavar="NAME",
        help="a variation (repeatable): see 'threethirteen rules'",
    )
    shared.add_argument(
        "--players", type=int, metavar="N", help="the number of players (sets the deck count)"
    )


def add_display_options(shared: argparse.ArgumentParser) -> None:
    """Add ``--color WHEN`` and ``--ascii``.

    >>> parser = argparse.ArgumentParser()
    >>> add_display_options(parser)
    >>> parser.parse_args(["--color", "never"])
    Namespace(color='never', ascii=False)
    """
    shared.add_argument(
        "--color",
        choices=("auto", "always", "never"),
        default="auto",
        metavar="WHEN",
        help="red hearts and diamonds: auto (default: on a terminal, unless NO_COLOR is"
        " set; FORCE_COLOR forces it), always, or never",
    )
    shared.add_argument(
        "--ascii",
        action="store_true",
        help="write suits as letters (9s); without colour unless --color always",
    )


def make_rules(args: argparse.Namespace, name: str | None = None) -> Rules:
    """The rules the options name: the preset ``name`` (else ``--rules``, else pagat)
    with ``--variation`` and ``--players``.

    :raises InvalidRulesError: for a preset, variation or number of players the rules
        do not have.

    >>> args = argparse.Namespace(rules=None, variation=["jokers"], players=None)
    >>> make_rules(args).jokers, make_rules(args, "bga").name
    (4, 'bga')
    """
    return Rules.preset(name or args.rules or "pagat", args.variation, players=args.players)
