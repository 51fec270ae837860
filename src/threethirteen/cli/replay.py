"""``threethirteen replay``: a game record (or one game of a games file), checked by
replaying it, shown round by round: each round's deal, its actions, how it ended
and every hand then, and the score sheet.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Mapping
from typing import Any

from .._validate import load_json, quote
from ..arena.game_log import GAMES_FORMAT, MAX_LINE, read_game_line
from ..arena.tournament_results import GameResult
from ..engine.actions import Action, DiscardCard, DrawDiscard, DrawStock, LayMeld, LayOff
from ..engine.game import Game
from ..engine.public_replay import PublicReplay, PublicVisitor
from ..engine.records import MAX_NAME_LENGTH, MAX_RECORD_BYTES, record_analysis, record_names
from ..errors import InvalidRecordError, ThreeThirteenError
from ..hands.analysis import best_melds
from ..hands.cards import CARDS, parse_card
from ..hands.deck import parse_hand
from ..hands.hand import Hand
from ..hands.rounds import Round
from ._errors import EXIT_OK, Failure, UsageError
from ._format import Style, choose_style, printable

__all__ = [
    "REPLAY_DESCRIPTION",
    "REPLAY_USAGE",
    "add_replay_options",
    "read_record",
    "replay_lines",
    "run_replay",
]

REPLAY_USAGE = "threethirteen replay RECORD.json | GAMES.jsonl --game N"
REPLAY_DESCRIPTION = (
    "Replay a game record (Game.to_record(), as JSON; '-' reads standard"
    " input), or one game of a file that simulate --records wrote, checking it, and"
    " show each round's deal, actions and scores, then the score sheet."
)


def add_replay_options(parser: argparse.ArgumentParser) -> None:
    """Add the record's file (``RECORD.json``) and ``--game N``.

    >>> parser = argparse.ArgumentParser()
    >>> add_replay_options(parser)
    >>> parser.parse_args(["games.jsonl", "--game", "3"])
    Namespace(record='games.jsonl', game=3)
    """
    parser.add_argument(
        "record", metavar="RECORD.json", help="the record's file, or '-', or a games file"
    )
    parser.add_argument(
        "--game",
        type=int,
        metavar="N",
        help="the game of index N of a games file (simulate --records)",
    )


_CARD_TOKEN = re.compile(r"(?<!\w)(?:(?:10|[2-9AJQK])[cdhs]|Jk)(?!\w)")


def _styled(text: str, style: Style) -> str:
    """An action's notation with its cards in ``style``."""

    def card(match: re.Match[str]) -> str:
        token = match.group()
        try:
            return style.card(parse_card(token))
        except ThreeThirteenError:
            return token

    return _CARD_TOKEN.sub(card, text)


def _read_bytes(path: str, name: str) -> bytes:
    """At most ``MAX_RECORD_BYTES`` bytes of the file at ``path`` (``-``: standard
    input); every way reading it fails is a one-line error."""
    try:
        if path == "-":
            stdin = getattr(sys.stdin, "buffer", sys.stdin)  # bytes, or a StringIO's text
            text = stdin.read(MAX_RECORD_BYTES + 1)
        else:
            with open(path, "rb") as file:
                text = file.read(MAX_RECORD_BYTES + 1)
    except OSError as error:
        raise Failure(f"cannot read {name}: {error.strerror or error}") from None
    except ValueError as error:  # a path with a NUL character, standard input closed
        raise Failure(f"cannot read {name}: {error}") from None
    if len(text) > MAX_RECORD_BYTES:
        raise Failure(
            f"cannot read {name}: a record is at most {MAX_RECORD_BYTES} bytes (MAX_RECORD_BYTES)"
        )
    return text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass")


def read_record(path: str, game: int | None = None) -> Mapping[str, Any]:
    """The game record in the file at ``path`` (``-``: standard input): a record's
    JSON, or game ``game`` of a games file (one JSON line a game, as ``simulate
    --records`` writes it). Every way reading it fails (no such file, more than
    ``MAX_RECORD_BYTES``, not UTF-8, not JSON, nested too deeply, a number of too
    many digits) is a one-line error.

    :raises UsageError: for a games file of several games without ``game``, or
        without that game.
    :raises Failure: when the file cannot be read.
    :raises InvalidRecordError: for what is not a record's JSON.

    >>> read_record("/no/such/record.json")
    Traceback (most recent call last):
    ...
    threethirteen.cli._errors.Failure: cannot read '/no/such/record.json': No such file or directory
    """
    name = repr(path) if len(path) <= 1000 else quote(path)  # (a path is at most 4096)
    if game is not None:
        return _game_record(path, name, game)
    text = _read_bytes(path, name)
    lines = [line for line in text.splitlines() if line.strip()]
    if len(lines) > 1 and lines[0].lstrip().startswith(b"{") and GAMES_FORMAT.encode() in lines[0]:
        raise UsageError(f"{name} holds {len(lines)} games: choose one with --game N")
    record = load_json(text, name, InvalidRecordError)
    if isinstance(record, dict) and record.get("format") == GAMES_FORMAT:
        return _kept_record(read_game_line(text.decode("utf-8"), name), name)
    if not isinstance(record, dict):
        raise InvalidRecordError(f"a game record is a JSON object, not {type(record).__name__}")
    return record


def _game_record(path: str, name: str, game: int) -> Mapping[str, Any]:
    """The record of game ``game`` of a games file, read a line at a time (each line
    at most ``MAX_LINE`` characters)."""
    try:
        file = sys.stdin.buffer if path == "-" else open(path, "rb")  # noqa: SIM115
    except OSError as error:
        raise Failure(f"cannot read {name}: {error.strerror or error}") from None
    except ValueError as error:
        raise Failure(f"cannot read {name}: {error}") from None
    with file:
        for number, line in enumerate(iter(lambda: file.readline(MAX_LINE + 1), b""), 1):
            if not line.strip():
                continue
            where = f"{os.path.basename(path)}, line {number}"
            try:
                text = line.decode("utf-8")
            except UnicodeDecodeError:
                raise InvalidRecordError(f"{where}: not UTF-8 text") from None
            found = read_game_line(text, where)
            if found.index == game:
                return _kept_record(found, name)
    raise UsageError(f"{name} holds no game of index {game}")


def _kept_record(found: GameResult, name: str) -> Mapping[str, Any]:
    """The record of a games file's game, its players named by the bots' labels the
    line gives (when the record names none, and each label fits a record's name)."""
    record = found.record
    if record is None:
        raise InvalidRecordError(f"game {found.index} of {name} holds no record")
    labels = list(found.bots)
    rules = record.get("rules")
    if (
        "names" not in record
        and isinstance(rules, Mapping)
        and rules.get("players") == len(labels)
        and all(len(label) <= MAX_NAME_LENGTH for label in labels)
    ):
        return {**record, "names": labels}
    return record


_ENDS = {
    "out": "a player went out",
    "empty_hand": "a hand emptied",
    "stock": "the stock ran out",
    "turn_limit": "the turn limit",
}


# -- a round's end, by hand ----------------------------------------------------------------
# The hands before a round's last action come from the record cut there and replayed;
# the last action is walked by the engine's walker of the public history
# (engine.public_replay: what a pile draw takes), its hooks moving the hands.


def _before_last_action(
    record: Mapping[str, Any], position: int
) -> tuple[Game, Mapping[str, Any]] | None:
    """The game of a checked record just before the last action of its round of index
    ``position`` (a record cut there, replayed), and that action's entry; ``None``
    for a round without actions (it ended at its deal)."""
    rounds = record["rounds"]
    data = rounds[position]
    moves = [i for i, entry in enumerate(data["actions"]) if entry.get("type") != "reshuffle"]
    if not moves:
        return None
    totals = [0] * record["rules"]["players"]
    for earlier in rounds[:position]:
        for player, score in enumerate(earlier["scores"] or ()):
            totals[player] += score
    cut = {**data, "actions": data["actions"][: moves[-1]], "end": None, "void": False}
    partial = {
        **record,
        "rounds": [*rounds[:position], {**cut, "scores": None}],
        "totals": totals,
        "winners": None,
    }
    return Game.from_record(partial), data["actions"][moves[-1]]


def _end_hands(
    record: Mapping[str, Any], position: int, stock_card: str | None
) -> tuple[list[Hand], list[bool]] | None:
    """Every hand at the end of the round of index ``position`` (as it was scored),
    and who had gone out; ``None`` when it cannot be worked out (a record replay
    refused)."""
    data = record["rounds"][position]
    try:
        found = _before_last_action(record, position)
    except ThreeThirteenError:  # pragma: no cover - the whole record replayed already
        return None
    if found is None:
        hands = [parse_hand(" ".join(cards)) for cards in data["deal"]["hands"]]
        return hands, [False] * len(hands)
    game, entry = found
    went = list(game.went_out)
    mover = entry["player"]
    view = game.view(mover)
    replay = PublicReplay.of_view(view)
    replay.walk(view.history)  # the piles before the last action
    last = _LastAction([game.hand(player) for player in range(game.players)], stock_card)
    replay.apply(mover, Action.from_dict(entry), last)
    hands = last.hands
    if data["end"] in ("out", "empty_hand") and game.view(mover).first_out is None:
        went[mover] = True  # the first out, with this action
    return hands, went


class _ActionLines(PublicVisitor):
    """The hooks that write a round's actions, a line each (the walk knows the
    piles: a pile draw shows the card taken; the record's stocks give the card of
    a stock draw)."""

    def __init__(self, lines: list[str], labels: list[str], style: Style, stock: list[str]) -> None:
        self.lines = lines
        self.labels = labels
        self.style = style
        self.stock = stock  # top first
        self.drawn: str | None = None
        """The last card drawn from the stock."""

    def line(self, player: int, event: Action, card: str | None = None) -> None:
        text = _styled(str(event), self.style)
        if card is not None:
            text += f" ({self.style.card(parse_card(card))})"
        self.lines.append(f"  {self.labels[player]}: {text}")

    def visit_reshuffle(self, event: Any, cards: list[int]) -> None:
        self.stock = list(event["stock"])
        self.lines.append(f"  reshuffle: a new stock of {len(event['stock'])} cards")

    def visit_draw_stock(self, player: int, event: DrawStock, passed: list[int]) -> None:
        if self.stock:
            self.drawn = self.stock.pop(0)
            self.line(player, event, self.drawn)
        else:
            self.line(player, event)

    def visit_draw_discard(
        self, player: int, event: DrawDiscard, pile: int, card: int | None
    ) -> None:
        self.line(player, event, None if card is None else str(CARDS[card]))

    def visit_discard(self, player: int, event: DiscardCard, pile: int, false_out: bool) -> None:
        self.line(player, event)

    def visit_lay_meld(self, player: int, event: LayMeld) -> None:
        self.line(player, event)

    def visit_lay_off(self, player: int, event: LayOff) -> None:
        self.line(player, event)


class _LastAction(PublicVisitor):
    """The hooks that move the hands by a round's last action (the card drawn from
    the stock is the record's, when it says)."""

    def __init__(self, hands: list[Hand], stock_card: str | None) -> None:
        self.hands = hands
        self.stock_card = stock_card

    def visit_draw_stock(self, player: int, event: DrawStock, passed: list[int]) -> None:
        if self.stock_card is not None:
            self.hands[player] = self.hands[player] + parse_card(self.stock_card)

    def visit_draw_discard(
        self, player: int, event: DrawDiscard, pile: int, card: int | None
    ) -> None:
        if card is not None:
            self.hands[player] = self.hands[player] + CARDS[card]

    def visit_discard(self, player: int, event: DiscardCard, pile: int, false_out: bool) -> None:
        self.hands[player] = self.hands[player] - event.card

    def visit_lay_meld(self, player: int, event: LayMeld) -> None:
        self.hands[player] = self.hands[player] - Hand(event.meld.cards)

    def visit_lay_off(self, player: int, event: LayOff) -> None:
        self.hands[player] = self.hands[player] - event.card


# -- the text ------------------------------------------------------------------------------


def _hand_line(hand: Hand, went_out: bool, round_: Round, style: Style) -> str:
    """A hand at a round's end: its best melds, its deadwood and score."""
    if not hand:
        return "out" if went_out else "-"
    melding = best_melds(hand, round_)
    parts = [style.meld(meld) for meld in melding.melds]
    if melding.deadwood:
        parts.append(style.cards(melding.deadwood))
    if went_out and not melding.deadwood:
        return f"out: {' '.join(parts)}"
    return f"{' '.join(parts)}  (deadwood {melding.score})"


def _player_labels(record: Mapping[str, Any], players: int) -> list[str]:
    """``player 1``, or ``player 1 (advisor)`` when the record names its players
    (escaped: a name is free text)."""
    names = record_names(record)
    if names is None:
        return [f"player {player}" for player in range(players)]
    return [f"player {player} ({printable(name)})" for player, name in enumerate(names)]


def _explained(record: Mapping[str, Any]) -> dict[int, dict[int, str]]:
    """The words of each decision a reviewed record's analysis explains (version 2,
    ``threethirteen review``'s words), by round record and action index."""
    analysis = record_analysis(record)
    found: dict[int, dict[int, str]] = {}
    for item in (analysis or {}).get("decisions", ()):
        if item["words"]:
            found.setdefault(item["round"], {})[item["index"]] = item["words"]
    return found


def replay_lines(record: Mapping[str, Any], game: Game, style: Style) -> list[str]:
    """A checked record (``game`` is its replay), round by round, then the score sheet:
    each round's deal, its actions (a draw with the card it took: from the stock, as
    only the drawer saw it; from a discard pile, as everyone did), how it ended and
    every hand then, with its best melds. The players are named as the record names
    them (its ``"names"``, as ``play --record`` writes them), else by number. A
    reviewed record (its ``"analysis"``) has each costly decision's words under it,
    the review's voice (:mod:`threethirteen.review.words`).

    >>> game = Game("pagat", players=2, seed=1, max_turns=2)
    >>> while not game.is_over:
    ...     game.apply(game.legal_actions()[0])
    >>> record = game.to_record()
    >>> lines = replay_lines(record, Game.from_record(record), Style(unicode=False, colour=False))
    >>> print("\\n".join(lines[:4]))
    pagat, 2 players, at most 2 turns a round, seed 1
    <BLANKLINE>
    round 1: 3 cards, wild rank 3, player 0 deals
      player 0 dealt  ...
    """
    rules = record["rules"]  # its names are free text under "fields": printed escaped
    variations = "".join(f" +{printable(name)}" for name in rules["variations"])
    seed = "no seed" if record["seed"] is None else f"seed {record['seed']}"
    limit = f", at most {rules['max_turns']} turns a round" if rules["max_turns"] else ""
    lines = [f"{printable(rules['preset'])}{variations}, {game.players} players{limit}, {seed}"]
    labels = _player_labels(record, game.players)
    explained = _explained(record)
    separate = game.rules.separate_discards
    for position, data in enumerate(record["rounds"]):
        wild = "no wild rank" if data["wild"] is None else f"wild rank {data['wild']}"
        lines += [
            "",
            f"round {data['number']}: {data['cards_dealt']} cards, {wild},"
            f" {labels[data['dealer']]} deals",
        ]
        deal = data["deal"]
        width = max(len(f"{label} dealt") for label in labels)
        for player, cards in enumerate(deal["hands"]):
            label = f"{labels[player]} dealt".ljust(width)
            lines.append(f"  {label}  {style.cards(parse_hand(' '.join(cards)))}")
        lines.append(f"  {'upcard'.ljust(width)}  {style.card(parse_card(deal['upcard']))}")
        upcard = parse_card(deal["upcard"]).code
        replay = PublicReplay(game.players, data["dealer"], upcard, bool(separate))
        shown = _ActionLines(lines, labels, style, list(deal["stock"]))
        first = len(lines)  # each entry of the round writes one line
        replay.walk(
            [
                (-1, entry)
                if entry.get("type") == "reshuffle"
                else (entry["player"], Action.from_dict(entry))
                for entry in data["actions"]
            ],
            shown,
        )
        for index in sorted(explained.get(position, {}), reverse=True):
            words = _styled(printable(explained[position][index]), style)
            lines.insert(first + index + 1, f"    {words}")
        drawn = shown.drawn
        if data["end"] is None:
            lines.append("  (in play)")
            continue
        if data["void"]:
            lines.append(f"  ended: {_ENDS.get(data['end'], data['end'])}; void, dealt again")
        else:
            scores = " ".join(str(score) for score in data["scores"])
            lines.append(f"  ended: {_ENDS.get(data['end'], data['end'])}; scores {scores}")
        ended = _end_hands(record, position, drawn)
        if ended is not None:
            round_ = Round(game.rules, data["number"])
            for player, (hand, out) in enumerate(zip(*ended, strict=True)):
                label = f"{labels[player]} held".ljust(width)
                lines.append(f"  {label}  {_hand_line(hand, out, round_, style)}")
    return [*lines, "", game.score_sheet(labels)]


def run_replay(args: argparse.Namespace) -> int:
    """``replay RECORD.json``: the game round by round, and its score sheet; the exit
    status. ``args`` holds the options of :func:`add_replay_options` and
    ``--color``/``--ascii``.

    :raises UsageError: for a games file without ``--game N``, or without that game.
    :raises Failure: when the file cannot be read.
    :raises InvalidRecordError: for a record that is not JSON or does not replay.

    >>> import json, tempfile
    >>> game = Game("pagat", players=2, seed=1, max_turns=2)
    >>> while not game.is_over:
    ...     game.apply(game.legal_actions()[0])
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = os.path.join(folder, "game.json")
    ...     with open(path, "w", encoding="utf-8") as file:
    ...         _ = file.write(json.dumps(game.to_record()))
    ...     args = argparse.Namespace(record=path, game=None, ascii=True, color="never")
    ...     run_replay(args)
    pagat, 2 players, at most 2 turns a round, seed 1
    ...
    0
    """
    record = read_record(args.record, args.game)
    game = Game.from_record(record)
    style = choose_style(sys.stdout, ascii_only=args.ascii, color=args.color)
    print("\n".join(replay_lines(record, game, style)))
    return EXIT_OK
