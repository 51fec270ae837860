"""``threethirteen rules`` and ``threethirteen rounds``: the presets and variations, a
rule set's table, and its round chart.

>>> import argparse
>>> args = argparse.Namespace(names=[], rules="bga", variation=[], players=None)
>>> run_rounds(args)  # doctest: +ELLIPSIS
bga: 11 rounds
round  cards  wild
...
0
"""

from __future__ import annotations

import argparse

from ._errors import EXIT_OK, UsageError
from ._format import rounds_table, rules_list, rules_table
from ._options import make_rules

__all__ = [
    "ROUNDS_DESCRIPTION",
    "ROUNDS_USAGE",
    "RULES_DESCRIPTION",
    "RULES_USAGE",
    "add_rounds_options",
    "add_rules_options",
    "run_rounds",
    "run_rules",
]

RULES_USAGE = "threethirteen rules [NAME] [--variation NAME]... [--players N]"
ROUNDS_USAGE = "threethirteen rounds [--rules NAME] [--variation NAME]... [--players N]"
RULES_DESCRIPTION = (
    "List the presets and variations, or (given a NAME, --rules,"
    " --variation or --players) show the table of one rule set."
)
ROUNDS_DESCRIPTION = "The round chart of the rules: the cards each round deals, its wild rank."


def add_rules_options(parser: argparse.ArgumentParser) -> None:
    """Add the preset's name, ``NAME`` (at most one: :func:`run_rules` checks).

    >>> parser = argparse.ArgumentParser()
    >>> add_rules_options(parser)
    >>> parser.parse_args(["bga"])
    Namespace(names=['bga'])
    """
    parser.add_argument("names", nargs="*", metavar="NAME", help="a preset")


def add_rounds_options(parser: argparse.ArgumentParser) -> None:
    """Add a hidden ``NAME`` (so that ``rounds bga`` says to use ``--rules``).

    >>> parser = argparse.ArgumentParser()
    >>> add_rounds_options(parser)
    >>> parser.parse_args(["bga"])
    Namespace(names=['bga'])
    """
    parser.add_argument("names", nargs="*", help=argparse.SUPPRESS)


def run_rules(args: argparse.Namespace) -> int:
    """``rules [NAME]``: the presets and variations, or one rule set's table; the exit
    status.

    :raises UsageError: for two names, or a name and a different ``--rules``.
    :raises InvalidRulesError: for a preset or variation the rules do not have.

    >>> args = argparse.Namespace(names=["bga"], rules=None, variation=[], players=None)
    >>> run_rules(args)  # doctest: +ELLIPSIS
    bga...
    0
    """
    names: list[str] = args.names
    if len(names) > 1:
        raise UsageError(f"'rules' takes one NAME at most (got {' '.join(names)!r})")
    if names and args.rules and names[0].lower() != args.rules.lower():
        raise UsageError(f"two presets named: {names[0]!r} and --rules {args.rules!r}")
    if not names and args.rules is None and not args.variation and args.players is None:
        print(rules_list())
    else:
        print(rules_table(make_rules(args, names[0] if names else None)))
    return EXIT_OK


def run_rounds(args: argparse.Namespace) -> int:
    """``rounds``: the round chart; the exit status.

    :raises UsageError: for a NAME (the preset is ``--rules NAME``).

    >>> args = argparse.Namespace(names=["bga"], rules=None, variation=[], players=None)
    >>> run_rounds(args)
    Traceback (most recent call last):
    ...
    threethirteen.cli._errors.UsageError: 'rounds' takes no NAME (got 'bga'); use --rules NAME
    """
    if args.names:
        raise UsageError(f"'rounds' takes no NAME (got {args.names[0]!r}); use --rules NAME")
    print(rounds_table(make_rules(args)))
    return EXIT_OK
