"""``threethirteen review``: a played game reviewed (:func:`threethirteen.review`), its
costly decisions shown round by round in plain words, then each player's summary;
or every game of a games file, with a summary per bot.

The input is a game record (``play --record``, ``Game.to_record()``), one game of a
games file (``simulate --records``; ``--game N``), a whole games file (every game,
then a summary per bot), or ``-`` (standard input). It is read bounded as ``replay``
reads it: a record of at most ``MAX_RECORD_BYTES``, a games file a line at a time
(each at most ``MAX_LINE`` characters), at most :data:`MAX_GAMES` games.

A decision is shown when it has a label or words (a going out missed): the player,
where it was, the hand, the pile's top card for a draw, what was taken and what was
best, the points given up with their standard error, and the line of words
(:mod:`threethirteen.review.words`).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import math
import os
import re
import sys
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import IO, TYPE_CHECKING, Any

from .._validate import load_json, quote
from ..arena.game_log import GAMES_FORMAT, MAX_LINE, read_game_line
from ..engine.actions import DrawDiscard
from ..engine.records import MAX_RECORD_BYTES, record_names, with_analysis
from ..errors import InvalidRecordError, ThreeThirteenError
from ..hands.cards import parse_card
from ._errors import EXIT_OK, Failure, UsageError
from ._format import Style, choose_style, printable
from .replay import read_record

if TYPE_CHECKING:
    from ..review.report import Decision, Review
# The review's modules are imported when a review runs, not with the command line.

__all__ = [
    "MAX_GAMES",
    "REVIEW_DESCRIPTION",
    "REVIEW_USAGE",
    "ReviewedGame",
    "add_review_options",
    "curve_figure",
    "read_games",
    "review_lines",
    "run_review",
    "styled",
]

REVIEW_USAGE = (
    "threethirteen review FILE [--game N] [--player NAME|SEAT] [--quick] [--json]"
    " [--plot PATH] [--record PATH] [--deals N] [--seed S]"
)
REVIEW_DESCRIPTION = (
    "Review a played game: every decision weighed from its player's view, the costly"
    " ones shown round by round with the hand, what was taken, what was best and why,"
    " then each player's points given up, labels and accuracy. FILE is a game record"
    " ('-': standard input), or a games file (simulate --records): one game with"
    " --game N, or every game with a summary per bot."
)

MAX_GAMES = 10_000
"""The most games a games file reviewed whole may hold."""


def add_review_options(parser: argparse.ArgumentParser) -> None:
    """Add the file and the review's options.

    >>> parser = argparse.ArgumentParser()
    >>> add_review_options(parser)
    >>> parser.parse_args(["game.json", "--quick", "--player", "advisor"])
    Namespace(file='game.json', game=None, player='advisor', quick=True, json=False, plot=None,
              record=None, deals=None, seed=0)
    """
    parser.add_argument("file", metavar="FILE", help="a record, a games file, or '-'")
    parser.add_argument("--game", type=int, metavar="N", help="the game of index N of a games file")
    parser.add_argument(
        "--player",
        metavar="NAME|SEAT",
        help="review one player only: a seat (0, 1...) or a name (a bot's label)",
    )
    parser.add_argument(
        "--quick",
        action="store_true",
        help="the quick level: the lookahead's exact values, no sampling (about a second)",
    )
    parser.add_argument("--json", action="store_true", help="write the review as JSON")
    parser.add_argument(
        "--plot",
        metavar="PATH",
        help="draw each player's running points given up to PATH (png, svg, pdf); needs matplotlib",
    )
    parser.add_argument(
        "--record",
        metavar="PATH",
        help="write the game's record with its review (its analysis) to PATH, for replay",
    )
    parser.add_argument(
        "--deals", type=int, metavar="N", help="deals a decision at the full level (default 96)"
    )
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="the deals' seed (0)")


# -- reading -------------------------------------------------------------------------------


@dataclass(frozen=True)
class ReviewedGame:
    """One game to review: its index in a games file (``None`` for a record), its
    record, and its players' labels (the record's names, or the bots' labels of a
    games file, or ``None``)."""

    index: int | None
    record: Mapping[str, Any]
    labels: tuple[str, ...] | None


def _name(path: str) -> str:
    return repr(path) if len(path) <= 1000 else quote(path)


def _lines(path: str, name: str) -> Iterator[tuple[int, bytes]]:
    """The lines of the file at ``path`` (``-``: standard input), numbered, each at
    most ``MAX_LINE`` characters."""
    try:
        if path == "-":
            stdin: Any = sys.stdin
            file: IO[Any] = stdin.buffer if hasattr(stdin, "buffer") else stdin
        else:
            file = open(path, "rb")  # noqa: SIM115
    except OSError as error:
        raise Failure(f"cannot read {name}: {error.strerror or error}") from None
    except ValueError as error:
        raise Failure(f"cannot read {name}: {error}") from None
    with file:
        number = 0
        while True:
            try:
                line = file.readline(MAX_LINE + 1)
            except OSError as error:
                raise Failure(f"cannot read {name}: {error.strerror or error}") from None
            if not line:
                return
            number += 1
            if isinstance(line, str):
                line = line.encode("utf-8", "surrogatepass")
            if len(line) > MAX_LINE:
                raise Failure(f"cannot read {name}: line {number} is longer than {MAX_LINE}")
            yield number, line


def read_games(path: str, game: int | None = None) -> list[ReviewedGame]:
    """The games to review in the file at ``path`` (``-``: standard input): game
    ``game`` of a games file (as ``replay`` reads it), every game of a games file (at
    most :data:`MAX_GAMES`), or the one record the file holds.

    :raises Failure: when the file cannot be read.
    :raises UsageError: for ``game`` not in the file.
    :raises InvalidRecordError: for what is not a record or a games file.

    >>> read_games("/no/such/game.json")
    Traceback (most recent call last):
    ...
    threethirteen.cli._errors.Failure: cannot read '/no/such/game.json': No such file or directory
    """
    name = _name(path)
    if game is not None:
        record = read_record(path, game)
        return [ReviewedGame(game, record, _labels(record))]
    held: list[bytes] = []
    size = 0
    games: list[ReviewedGame] = []
    lines_are_games: bool | None = None  # decided by the first line that is not blank
    for number, line in _lines(path, name):
        if not line.strip():
            continue
        if lines_are_games is None:
            lines_are_games = _is_game_line(line, name)
        if not lines_are_games:
            size += len(line)
            if size > MAX_RECORD_BYTES:
                raise Failure(f"cannot read {name}: a record is at most {MAX_RECORD_BYTES} bytes")
            held.append(line)  # a record: read whole
            continue
        where = f"{os.path.basename(path)}, line {number}"
        try:
            text = line.decode("utf-8")
        except UnicodeDecodeError:
            raise InvalidRecordError(f"{where}: not UTF-8 text") from None
        found = read_game_line(text, where)
        if found.record is None:
            raise InvalidRecordError(f"{where}: game {found.index} holds no record")
        if len(games) >= MAX_GAMES:
            raise Failure(f"cannot review {name}: it holds more games than MAX_GAMES ({MAX_GAMES})")
        games.append(ReviewedGame(found.index, found.record, tuple(found.bots)))
    if held:
        record = load_json(b"".join(held), name, InvalidRecordError)
        if not isinstance(record, dict):
            raise InvalidRecordError(f"a game record is a JSON object, not {type(record).__name__}")
        return [ReviewedGame(None, record, _labels(record))]
    if not games:
        raise InvalidRecordError(f"{name} holds no game")
    return games


def _is_game_line(line: bytes, name: str) -> bool:
    """Whether a file's first line is a line of a games file: a JSON object of the
    games file's format (a record's first line is a record, or a part of one)."""
    if GAMES_FORMAT.encode() not in line:
        return False
    try:
        data = load_json(line, name, InvalidRecordError)
    except InvalidRecordError:
        return False
    return isinstance(data, dict) and data.get("format") == GAMES_FORMAT


def _labels(record: Mapping[str, Any]) -> tuple[str, ...] | None:
    names = record_names(record)
    return None if names is None else tuple(names)


def _seats(chosen: str | None, game: ReviewedGame, players: int) -> list[int]:
    """The seats ``--player`` names in ``game``: a seat number, or every seat whose
    label is the name; every seat without ``--player``."""
    if chosen is None:
        return list(range(players))
    if chosen.isdigit() and len(chosen) <= 4:
        seat = int(chosen)
        if seat >= players:
            raise UsageError(f"--player {seat}: the game has seats 0 to {players - 1}")
        return [seat]
    return [seat for seat, label in enumerate(game.labels or ()) if label == chosen]


def _player_label(game: ReviewedGame, player: int) -> str:
    if game.labels is None:
        return f"player {player}"
    return f"player {player} ({printable(game.labels[player])})"


# -- the text ------------------------------------------------------------------------------


def _level_text(review: Review) -> str:
    if review.level == "quick":
        return "quick (the lookahead's exact values)"
    return f"full ({review.deals} deals a decision, seed {review.seed}, playouts)"


def _costly(decision: Decision) -> bool:
    return decision.label is not None or bool(decision.words)


def review_lines(
    game: ReviewedGame, review: Review, views: Mapping[tuple[int, int], Any], style: Style
) -> list[str]:
    """The review of one game as text: per round, its costly decisions (a label or
    words), each with the hand (and the pile's top card for a draw), what was taken,
    what was best, the loss with its error, and the words; then each player's
    summary. ``views`` holds each decision's view by ``(round, index)``.
    """
    record = game.record
    rules = record["rules"]
    seed = "no seed" if record["seed"] is None else f"seed {record['seed']}"
    where = "" if game.index is None else f"game {game.index}: "
    lines = [
        f"{where}{printable(rules['preset'])}, {rules['players']} players, {seed};"
        f" review {_level_text(review)}"
    ]
    by_round: dict[int, list[Decision]] = {}
    for decision in review.decisions:
        if _costly(decision):
            by_round.setdefault(decision.round, []).append(decision)
    for position, data in enumerate(record["rounds"]):
        wild = "no wild rank" if data["wild"] is None else f"wild rank {data['wild']}"
        lines += ["", f"round {data['number']}: {data['cards_dealt']} cards, {wild}"]
        shown = by_round.get(position, [])
        if not shown:
            lines.append("  no costly decision")
        for decision in shown:
            lines += _decision_lines(
                game, decision, views.get((decision.round, decision.index)), style
            )
    for summary in review.summaries:
        lines += ["", *_summary_lines(game, summary, record)]
    return lines


def _decision_lines(game: ReviewedGame, decision: Decision, view: Any, style: Style) -> list[str]:
    from ..review.words import points_text

    label = decision.label or "missed"
    error = f" (error {decision.error:.1f})" if decision.error else ""
    lines = [
        f"  {_player_label(game, decision.player)}, action {decision.index + 1}: {label},"
        f" {points_text(decision.loss)} points{error}"
    ]
    if view is not None:
        hand = f"    hand:  {style.cards(view.hand)}"
        if isinstance(decision.action, DrawDiscard) or decision.phase == "draw":
            piles = [pile[-1] for pile in view.piles if pile]
            if piles:
                hand += f"   pile: {style.cards(piles)}"
        lines.append(hand)
    lines += [
        f"    took:  {styled(str(decision.action), style)}",
        f"    best:  {styled(str(decision.best), style)}",
    ]
    if decision.words:
        lines.append(f"    {styled(printable(decision.words), style)}")
    return lines


_CARD_TOKEN = re.compile(r"(?<!\w)(?:(?:10|[2-9AJQK])[cdhs]|Jk)(?!\w)")


def styled(text: str, style: Style) -> str:
    """Plain words (an action's notation, a decision's words) with their cards in
    ``style``: ``9♠`` for ``9s`` where the style writes suit symbols.

    >>> styled("Discarding 9s broke the set 9c 9d 9s.", Style(unicode=True))
    'Discarding 9♠ broke the set 9♣ 9♦ 9♠.'
    """

    def card(match: re.Match[str]) -> str:
        try:
            return style.card(parse_card(match.group()))
        except ThreeThirteenError:  # pragma: no cover - the pattern reads only cards
            return match.group()

    return _CARD_TOKEN.sub(card, text)


def _labels_text(labels: Mapping[str, int]) -> str:
    from ..review.report import LABELS

    plural = {"inaccuracy": "inaccuracies", "mistake": "mistakes", "blunder": "blunders"}
    return ", ".join(
        f"{labels.get(label, 0)} {label if labels.get(label, 0) == 1 else plural[label]}"
        for label in LABELS
    )


def _summary_lines(game: ReviewedGame, summary: Any, record: Mapping[str, Any]) -> list[str]:
    from ..review.words import points_text

    lines = [
        f"{_player_label(game, summary.player)}: {summary.decisions} decisions,"
        f" {points_text(summary.loss)} points given up, accuracy {summary.accuracy:.1f}",
        f"  labels:    {_labels_text(summary.labels)}",
        "  by round:  " + " ".join(f"{loss:.1f}" for loss in summary.loss_by_round),
    ]
    for rank, decision in enumerate(summary.costliest, 1):
        number = record["rounds"][decision.round]["number"]
        lines.append(
            f"  costliest {rank}: round {number}, {decision.action}"
            f" ({points_text(decision.loss)} points; best {decision.best})"
        )
    return lines


# -- the work ------------------------------------------------------------------------------


def _reviewed(
    game: ReviewedGame, seats: Sequence[int], args: argparse.Namespace
) -> tuple[Review, dict[tuple[int, int], Any]]:
    """The game reviewed for ``seats``, every decision with its words, and each
    decision's view by ``(round, index)``."""
    from ..review.report import summarise  # the review, imported when used
    from ..review.reviewer import review, tasks
    from ..review.words import decision_words

    level = "quick" if args.quick else "full"
    deals = None if args.quick else args.deals
    progress = not args.quick and sys.stderr.isatty()  # a bar (tqdm) on a terminal only
    found = review(
        game.record, players=seats, level=level, deals=deals, seed=args.seed, progress=progress
    )
    views = {(task.round, task.index): task.view for task in tasks(game.record, seats)}
    decisions = []
    for decision in found.decisions:
        if not decision.words:
            view = views.get((decision.round, decision.index))
            if view is not None:
                words = decision_words(
                    view,
                    decision.action,
                    decision.best,
                    decision.loss,
                    decision.facts,
                    decision.label,
                )
                decision = replace(decision, words=words)
        decisions.append(decision)
    rounds = len(game.record["rounds"])
    return (
        replace(
            found,
            decisions=tuple(decisions),
            summaries=summarise(decisions, found.players, rounds),
        ),
        views,
    )


def run_review(args: argparse.Namespace) -> int:
    """``review FILE``: the game (or every game of a games file) reviewed and shown,
    or written as JSON; the exit status. ``args`` holds the options of
    :func:`add_review_options` and ``--color``/``--ascii``.

    :raises UsageError: for options that do not fit the file.
    :raises Failure: when the file cannot be read or the plot drawn.
    :raises InvalidRecordError: for a record that is not JSON or does not replay.
    """
    if args.quick and args.deals is not None:
        raise UsageError("--deals goes with the full level, not --quick")
    plotter = _plot_check(args.plot) if args.plot is not None else None
    games = read_games(args.file, args.game)
    if len(games) > 1 and plotter is not None:
        raise UsageError("--plot draws one game: choose it with --game N")
    if len(games) > 1 and args.record is not None:
        raise UsageError("--record writes one game: choose it with --game N")
    style = choose_style(sys.stdout, ascii_only=args.ascii, color=args.color)
    results = []
    for game in games:
        players = game.record["rules"]["players"]
        seats = _seats(args.player, game, players)
        if not seats and len(games) == 1:
            names = ", ".join(printable(label) for label in game.labels or ()) or "none"
            raise UsageError(
                f"--player {quote(args.player)}: no such player (seats 0 to {players - 1};"
                f" names: {names})"
            )
        if seats:
            results.append((game, *_reviewed(game, seats, args)))
    if not results:
        raise UsageError(f"--player {quote(args.player)}: no such player in any game")
    if plotter is not None:
        plotter(results[0][0], results[0][1])
    if args.record is not None:
        _write_record(results[0][0], results[0][1], args.record)
    if args.json:
        print(json.dumps(_json(results, len(games) > 1), indent=1))
        return EXIT_OK
    text: list[str] = []
    for game, found, views in results:
        if text:
            text.append("")
        text += review_lines(game, found, views, style)
    if len(games) > 1:
        text += ["", *_bot_table(results)]
    print("\n".join(text))
    return EXIT_OK


def _json(results: list[tuple[ReviewedGame, Review, Any]], many: bool) -> dict[str, Any]:
    if not many:
        return results[0][1].to_dict()
    return {
        "games": [
            {"index": game.index, "bots": list(game.labels or ()), "review": found.to_dict()}
            for game, found, _ in results
        ],
        "bots": _bot_figures(results),
    }


def _bot_figures(results: list[tuple[ReviewedGame, Review, Any]]) -> list[dict[str, Any]]:
    """Per bot label (a seat's number without labels): games, decisions, points given
    up, the mean per decision, the accuracy of that mean, and the labels."""
    from ..review.report import LABELS, accuracy

    figures: dict[str, dict[str, Any]] = {}
    for game, found, _ in results:
        for summary in found.summaries:
            label = game.labels[summary.player] if game.labels else f"seat {summary.player}"
            entry = figures.setdefault(
                label,
                {"bot": label, "games": 0, "decisions": 0, "loss": 0.0}
                | {name: 0 for name in LABELS},
            )
            entry["games"] += 1
            entry["decisions"] += summary.decisions
            entry["loss"] = math.fsum([entry["loss"], summary.loss])
            for name in LABELS:
                entry[name] += summary.labels.get(name, 0)
    for entry in figures.values():
        mean = entry["loss"] / entry["decisions"] if entry["decisions"] else 0.0
        entry["mean_loss"] = mean
        entry["accuracy"] = accuracy(mean)
    return sorted(figures.values(), key=lambda entry: (entry["mean_loss"], entry["bot"]))


def _bot_table(results: list[tuple[ReviewedGame, Review, Any]]) -> list[str]:
    rows = _bot_figures(results)
    width = max(len("bot"), *(len(printable(row["bot"])) for row in rows))
    header = (
        f"{'bot'.ljust(width)}  games  decisions  given up  a decision  accuracy"
        "  inaccuracies  mistakes  blunders"
    )
    lines = ["by bot (the least points given up a decision first):", header]
    for row in rows:
        lines.append(
            f"{printable(row['bot']).ljust(width)}  {row['games']:5d}  {row['decisions']:9d}"
            f"  {row['loss']:8.1f}  {row['mean_loss']:10.2f}  {row['accuracy']:8.1f}"
            f"  {row['inaccuracy']:12d}  {row['mistake']:8d}  {row['blunder']:8d}"
        )
    return lines


def _write_record(game: ReviewedGame, review: Review, path: str) -> None:
    """The game's record with the review as its ``"analysis"`` (format version 2),
    written to ``path`` as JSON."""
    reviewed = with_analysis(game.record, review.to_analysis())
    try:
        with open(path, "w", encoding="utf-8") as file:
            json.dump(reviewed, file, indent=1)
            file.write("\n")
    except (OSError, ValueError) as error:
        raise Failure(f"cannot write the record to {path!r}: {error}") from None


# -- the plot ------------------------------------------------------------------------------


def _plot_check(path: str) -> Any:
    """What draws the curve to ``path``, checked before the review: matplotlib is
    there and the folder can be written."""
    if importlib.util.find_spec("matplotlib") is None:
        raise Failure("--plot needs matplotlib: pip install 'threethirteen[plot]'")
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder) or not os.access(folder, os.W_OK):
        raise Failure(f"cannot write the plot to {path!r}: no writable folder {folder!r}")
    return lambda game, review: _save_plot(game, review, path)


def curve_figure(game: ReviewedGame, review: Review) -> Any:
    """A matplotlib ``Figure``: each reviewed player's running points given up, by
    decision in the game's order, the rounds marked below.

    :raises ModuleNotFoundError: without matplotlib.
    """
    from matplotlib.figure import Figure  # the plot extra, imported when drawn

    figure = Figure(figsize=(9, 3.6), layout="constrained")
    axes = figure.subplots()
    order = {(d.round, d.index): position for position, d in enumerate(review.decisions, 1)}
    for player in review.players:
        xs, ys, total = [0], [0.0], 0.0
        for decision in review.decisions:
            if decision.player == player:
                total += decision.loss
                xs.append(order[(decision.round, decision.index)])
                ys.append(total)
        axes.step(xs, ys, where="post", label=_player_label(game, player))
    starts: dict[int, int] = {}
    for position, decision in enumerate(review.decisions, 1):
        starts.setdefault(decision.round, position)
    for position in starts.values():
        axes.axvline(position, color="0.85", linewidth=0.8, zorder=0)
    numbers = [game.record["rounds"][r]["number"] for r in starts]
    axes.set_xticks(list(starts.values()), [str(number) for number in numbers])
    axes.set_xlabel("round (each step: a decision)")
    axes.set_ylabel("points given up (running total)")
    axes.set_title(f"review ({review.level}): the points each player gave up")
    axes.legend(loc="upper left")
    return figure


def _save_plot(game: ReviewedGame, review: Review, path: str) -> None:
    try:
        figure = curve_figure(game, review)
    except ModuleNotFoundError:
        raise Failure("--plot needs matplotlib: pip install 'threethirteen[plot]'") from None
    try:
        figure.savefig(path)
    except (OSError, ValueError) as error:
        raise Failure(f"cannot write the plot to {path!r}: {error}") from None
