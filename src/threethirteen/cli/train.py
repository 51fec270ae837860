"""``threethirteen train``: the Deep Monte-Carlo trainer of the learned bot
(:func:`threethirteen.training.train`), needing the optional ``train`` extra
(PyTorch); or, with ``--export``, a checkpoint's network written as an ``.npz``
file the learned bot reads.

>>> parser = argparse.ArgumentParser()
>>> add_train_options(parser)
>>> args = parser.parse_args(["run", "--iterations", "3", "--hidden", "64,64"])
>>> args.directory, args.iterations, args.hidden
('run', 3, '64,64')
>>> [column for column, _ in eval_bots("advisor,expert:playouts=16")]
['advisor', 'expert_playouts16']
"""

from __future__ import annotations

import argparse
import functools

from .._validate import cut, quote
from ..bots.registry import BOTS, BotSpec, make_bot
from ..errors import InvalidInputError
from ._errors import EXIT_OK, UsageError

__all__ = ["TRAIN_DESCRIPTION", "TRAIN_USAGE", "add_train_options", "eval_bots", "run_train"]

TRAIN_USAGE = (
    "threethirteen train DIRECTORY [--iterations N] [--minutes M] [--seed S] [--games G]"
    " [--workers W] [--imitation N] [--imitation-rank W] [--selfplay-learning-rate R]"
    " [--eval-bots B,B] [--device D]"
    " [--resume]"
    " [--export PATH [--best]]"
)
TRAIN_DESCRIPTION = (
    "Train the learned bot by Deep Monte-Carlo self-play (needs PyTorch: pip install"
    " 'threethirteen[train]'): DIRECTORY gets checkpoint.pt, curve.csv and"
    " learned.npz, and best.npz (the network of the best evaluation, against the first"
    " of --eval-bots). With --export PATH, write the network of DIRECTORY's checkpoint"
    " (with --best, its best network) to PATH and stop."
)


def add_train_options(parser: argparse.ArgumentParser) -> None:
    """Add the run's directory and the trainer's options."""
    add = parser.add_argument
    add("directory", help="the run's directory (checkpoint.pt, curve.csv, learned.npz)")
    add("--iterations", type=int, default=None, help="stop after this many iterations")
    add("--minutes", type=float, default=None, help="stop after this many minutes")
    add("--seed", type=int, default=0, help="the run's seed (default 0)")
    add("--games", type=int, default=16, help="self-play games an iteration (16)")
    add("--workers", type=int, default=0, help="processes that play the games (0: here)")
    add("--epsilon", type=float, default=0.05, help="the exploration rate (0.05)")
    add("--hidden", default="128,128", help="the hidden layers' widths (128,128)")
    add("--learning-rate", type=float, default=1e-3, help="Adam's learning rate (0.001)")
    add(
        "--selfplay-learning-rate",
        type=float,
        default=None,
        metavar="R",
        help="Adam's learning rate for the self-play fits (default: --learning-rate)",
    )
    add("--epochs", type=int, default=2, help="passes over the kept decisions a fit (2)")
    add("--batch-size", type=int, default=256, help="the minibatch size (256)")
    add("--buffer", type=int, default=8, help="iterations of decisions kept (8)")
    add("--max-grad-norm", type=float, default=1.0, help="gradient clipping (1.0; 0: none)")
    add("--max-turns", type=int, default=60, help="a self-play round's turn limit (60)")
    add("--imitation", type=int, default=0, help="games of the teacher fitted first (0)")
    add("--teacher", default="lookahead", help="the bot imitated first (lookahead)")
    add(
        "--imitation-rank",
        type=float,
        default=0.0,
        metavar="W",
        help="weight of the loss ranking the teacher's choice first (0: none)",
    )
    add(
        "--eval-bots",
        default="greedy",
        metavar="B,B",
        help="bots measured against (greedy; the first chooses best.npz), joined by commas,"
        " each NAME or NAME:OPTION=VALUE[:OPTION=VALUE], its curve column NAME_OPTIONVALUE"
        " (expert:playouts=16: the expert at 16 playouts, reproducible, in the column"
        " expert_playouts16; plain expert plays on a clock)",
    )
    add("--eval-deals", type=int, default=20, help="duplicate deals a measure (20)")
    add("--eval-every", type=int, default=None, help="measure every N iterations")
    add("--eval-minutes", type=float, default=None, help="measure every M minutes")
    add("--checkpoint-every", type=int, default=10, help="iterations between checkpoints")
    add("--threads", type=int, default=1, help="PyTorch's threads (1)")
    add("--device", default="auto", help="auto (a GPU if any), cpu or cuda (auto)")
    add("--resume", action="store_true", help="go on from DIRECTORY's checkpoint")
    add("--export", default=None, metavar="PATH", help="write the checkpoint's network")
    add("--best", action="store_true", help="with --export: the best evaluation's network")
    add("--quiet", action="store_true", help="no progress lines")


def _hidden(text: str) -> tuple[int, ...]:
    try:
        widths = tuple(int(part) for part in text.split(","))
    except ValueError:
        widths = ()
    if not widths or any(width < 1 for width in widths):
        raise UsageError(f"--hidden must be widths from 1 joined by commas, not {quote(text)}")
    return widths


def _value(text: str) -> int | float | str:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def eval_bots(text: str) -> list[tuple[str, BotSpec]]:
    """``--eval-bots``: entries joined by commas, each a built-in bot's name or
    ``NAME:OPTION=VALUE[:OPTION=VALUE...]`` (each value an int, else a float, else
    a string), as (curve column, bot specification) pairs for
    :func:`threethirteen.training.train`: the column is the name, then ``_OPTION``
    and ``VALUE`` for each option (``expert:playouts=16``: ``expert_playouts16``,
    ``functools.partial(ExpertBot, playouts=16)``). Each bot is made once here, so a
    bad entry is refused before a run starts.

    >>> eval_bots("greedy,expert:playouts=16")[1]
    ('expert_playouts16', functools.partial(<class 'threethirteen.bots.expert.ExpertBot'>,
     playouts=16))
    >>> eval_bots("greedy,expert:plays=16")
    Traceback (most recent call last):
    ...
    threethirteen.cli._errors.UsageError: --eval-bots entry 'expert:plays=16': bot factory ...

    :raises UsageError: for an entry that does not parse, an unknown bot or option,
        a value the bot refuses, or a column named twice.
    """
    pairs: list[tuple[str, BotSpec]] = []
    for entry in (part.strip() for part in text.split(",")):
        if not entry:
            continue
        name, *options = entry.split(":")
        where = f"--eval-bots entry {quote(cut(entry))}"
        if name not in BOTS:
            raise UsageError(
                f"{where}: unknown bot {quote(name)} (the built-in bots: {', '.join(sorted(BOTS))})"
            )
        keywords: dict[str, int | float | str] = {}
        for option in options:
            key, equals, value = option.partition("=")
            if not equals or not key.isidentifier() or not value or key in keywords:
                raise UsageError(
                    f"{where}: an option must be OPTION=VALUE, given once, not {quote(cut(option))}"
                )
            keywords[key] = _value(value)
        spec: BotSpec
        if not keywords:
            column, spec = name, name
        else:
            column = name + "".join(f"_{key}{value}" for key, value in keywords.items())
            spec = functools.partial(BOTS[name], **keywords)
            try:
                make_bot(spec, seed=0)
            except InvalidInputError as error:
                raise UsageError(f"{where}: {error}") from None
        if any(column == known for known, _ in pairs):
            raise UsageError(f"{where}: its curve column {quote(column)} is named twice")
        pairs.append((column, spec))
    return pairs


def run_train(args: argparse.Namespace) -> int:
    """``train DIRECTORY``: a run (or its checkpoint exported); the exit status.

    :raises UsageError: for options that do not fit.
    """
    from pathlib import Path

    from .. import training  # imported only for this command

    if args.export is not None:
        checkpoint = Path(args.directory) / training.trainer.CHECKPOINT
        training.export(checkpoint, args.export, best=args.best)
        print(f"wrote {args.export}")
        return EXIT_OK
    if args.iterations is None and args.minutes is None:
        raise UsageError("train needs --iterations or --minutes")
    if args.best:
        raise UsageError("--best goes with --export PATH")
    if getattr(args, "variation", None):
        raise UsageError("train plays the rules without variations")
    settings = training.TrainingSettings(
        seed=args.seed,
        rules=str(getattr(args, "rules", None) or "pagat"),
        players=getattr(args, "players", None) or 2,
        games=args.games,
        epsilon=args.epsilon,
        max_turns=args.max_turns,
        hidden=_hidden(args.hidden),
        learning_rate=args.learning_rate,
        selfplay_learning_rate=args.selfplay_learning_rate,
        epochs=args.epochs,
        batch_size=args.batch_size,
        buffer_iterations=args.buffer,
        max_grad_norm=args.max_grad_norm,
        imitation_games=args.imitation,
        teacher=args.teacher,
        imitation_rank_weight=args.imitation_rank,
    )
    result = training.train(
        args.directory,
        settings,
        iterations=args.iterations,
        minutes=args.minutes,
        workers=args.workers,
        resume=args.resume,
        eval_every=args.eval_every,
        eval_minutes=args.eval_minutes,
        eval_bots=eval_bots(args.eval_bots),
        eval_deals=args.eval_deals,
        checkpoint_every=args.checkpoint_every,
        threads=args.threads,
        progress=not args.quiet,
        device=args.device,
    )
    print(f"{result.iterations} iterations, {result.games} games: wrote {result.network}")
    return EXIT_OK
