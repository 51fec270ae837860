"""Beliefs: how many copies of each card each player holds, as one player sees it,
and how likely each is to go out on their next turn.

Everything here is a function of a :class:`~threethirteen.PlayerView`'s public
fields: the hidden cards never enter (the tests deal them again at random and
compare).

**The model.** The cards the viewer cannot see (:meth:`PlayerView.unseen
<threethirteen.PlayerView.unseen>`) lie in the other players' unknown places
(each hand less the cards it is known to hold) and in the stock. Under the
uniform belief (what :meth:`PlayerView.sample <threethirteen.PlayerView.sample>`
draws from by default) each hidden card is as likely to be in any of those
places. The model tilts that: each opponent ``j`` gets a weight ``w[j, c]`` for
each card type ``c`` (the stock's weights are all 1), the log of a sum of
evidence from that opponent's public decisions this round, each term scaled by
the chance ``rho[j]`` that the opponent plays by its cards at all:

* **passed** pile cards (they drew from the stock while the card lay on a pile
  they could take): a player who would meld a card takes it, so they are less
  likely to hold the cards that meld with it (``passed < 0``);
* **discarded** cards: a player throws what does not fit, so they are less likely
  to hold the cards that meld with it (``discarded < 0``);
* **taken** cards they still hold (known, so certain): a player takes a card that
  melds, so they are more likely to hold the cards that meld with it
  (``taken > 0``);
* **wild** cards: a player never throws one, so each card drawn from the stock is a
  chance to have kept one: the weight of a wild card is ``((n + d) / n) ** wild``
  for ``n`` cards dealt and ``d`` stock draws;
* **value**: a player throws high cards first, the more the longer they have
  played: ``value * penalty / 10 * t / (t + n)`` after ``t`` turns.

"Melds with": the same rank (a set), or the same suit one rank apart (weight 1)
or two apart (weight 1/2), the ace next to the king too when aces are high; wild
cards meld with nothing here (they have their own term). Evidence from passes and
discards fades by ``decay`` for each later turn of that player (their hand has
changed since). ``rho[j]`` is a posterior by Bayes' rule between a player who
plays by their cards and one who picks a legal action at random (as
:class:`~threethirteen.RandomBot` does): from how often they took a pile card
(``take_rate`` against the random player's share of the options), from any
wild card thrown or pile card thrown back on the same turn (which a player by
their cards does about once in a hundred times), and from the points a card they
lost in the earlier rounds (exponential densities of means 1.4 and 5.4). Against a random player the
model thus falls back to the uniform belief, which is then the right one.

The expected counts are the matrix with the weights' shape whose rows sum to each
place's unknown cards and whose columns sum to the hidden copies of each card:
found by iterative proportional fitting (Sinkhorn's algorithm; it is the most
likely matrix of the weights' exponential family with those margins). After a
reshuffle the stock holds only reshuffled cards, so its weight is 0 for the
others (unless the fit then fails to converge within 200 rounds, near the edge
where the stock must hold almost every reshuffled card left: then the stock's
weights are all 1). The coefficients (:data:`MODEL`) were fitted to games of the built-in
bots (``benchmarks/belief_quality.py --fit``, seeds apart from the measurement's).

>>> import threethirteen as tt
>>> view = tt.Game("pagat", players=2, seed=7).view(0)
>>> expected = view.beliefs()
>>> expected.shape, expected[0].sum(), round(float(expected[1].sum()), 9)
((2, 53), np.float64(3.0), 3.0)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from .._lazy import LazyModule
from .._validate import as_finite, check_int
from ..errors import InvalidInputError
from ..hands.arrays import go_out_flags
from ..hands.cards import JOKER
from ..hands.meld_rules import is_wild_code
from .actions import DiscardCard, DrawDiscard, DrawStock
from .public_replay import PublicReplay, PublicVisitor
from .view import ViewData

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt
else:  # numpy is imported when first used, not with the package
    np = LazyModule("numpy")

__all__ = [
    "MODEL",
    "BeliefModel",
    "BeliefState",
    "danger",
    "holding_chances",
    "uniform_holding_chances",
    "work_out_beliefs",
]

TYPES = JOKER + 1
"""Card types: the 52 cards and the joker (codes 0-52)."""


@dataclass(frozen=True)
class BeliefModel:
    """The coefficients of the model of play (see the module's docstring)."""

    passed: float = -0.75
    """Per pile card passed, times how much a card melds with it."""
    discarded: float = -0.8
    """Per card discarded, times how much a card melds with it."""
    taken: float = 1.1
    """Per card taken from a pile and still held, times how much a card melds with it."""
    wild: float = 0.55
    """The exponent of ``(n + d) / n`` for wild cards (``d`` stock draws)."""
    value: float = -0.6
    """Per ten points of a card's penalty, times ``t / (t + n)`` after ``t`` turns."""
    decay: float = 0.9
    """What is left of a pass's or a discard's evidence after each later turn."""
    rational: float = 0.65
    """The prior chance that a player plays by their cards (not at random)."""
    take_rate: float = 0.35
    """How often a player by their cards draws from a pile."""

    def __post_init__(self) -> None:
        for name in ("passed", "discarded", "taken", "wild", "value"):
            value = getattr(self, name)
            as_finite(value, name)
        for name in ("decay", "rational", "take_rate"):
            value = getattr(self, name)
            if not isinstance(value, (int, float)) or not 0 < value < 1:
                raise InvalidInputError(f"{name} is between 0 and 1, not {value!r:.50}")


MODEL = BeliefModel()
"""The model :meth:`PlayerView.beliefs <threethirteen.PlayerView.beliefs>` uses."""

_SLIP = 0.01
_SCORE_LOG_RATIO = math.log(5.4 / 1.4)
_SCORE_SLOPE = 1 / 1.4 - 1 / 5.4
"""A round lost by ``m`` points a card: ``log(f(m) / g(m))`` with ``f`` and ``g``
exponential densities of means 1.4 (a player by their cards, measured on the
built-in greedy and advisor bots at pagat) and 5.4 (a random player)."""
"""How often a player by their cards throws a wild card, or a card just taken."""


@lru_cache(maxsize=64)
def _relations(wild: int | None, aces_high: bool) -> npt.NDArray[np.float64]:
    """``rel[x, c]``: how much card ``c`` melds with card ``x`` (1 the same rank, or the
    same suit one apart; 1/2 the same suit two apart; 0 for wild cards)."""
    rel = np.zeros((TYPES, TYPES))
    for x in range(JOKER):
        if is_wild_code(x, wild):
            continue
        for c in range(JOKER):
            if is_wild_code(c, wild):
                continue
            if x % 13 == c % 13:
                rel[x, c] = 1.0
            elif x // 13 == c // 13:
                gap = abs(x % 13 - c % 13)
                if aces_high:
                    gap = min(gap, 13 - gap)  # the ace (0) next to the king (12)
                if gap == 1:
                    rel[x, c] = 1.0
                elif gap == 2:
                    rel[x, c] = 0.5
    rel.setflags(write=False)
    return rel


@lru_cache(maxsize=256)
def _card_terms(
    values: tuple[int, ...], wild: int | None
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """Each card type's penalty (0 for a wild card) and whether it is wild."""
    import numpy as np

    penalties = np.array(
        [0.0 if is_wild_code(c, wild) else float(values[c % 13]) for c in range(JOKER)] + [0.0]
    )
    wilds = np.array([1.0 if is_wild_code(c, wild) else 0.0 for c in range(TYPES)])
    penalties.setflags(write=False)
    wilds.setflags(write=False)
    return penalties, wilds


@dataclass(frozen=True)
class Evidence:
    """What one round's public history says of each player (card-type vectors of
    evidence, decayed, and counts)."""

    passed: npt.NDArray[np.float64]
    discarded: npt.NDArray[np.float64]
    stock_draws: list[int]
    turns: list[int]
    log_odds: list[float]
    """Each player's log odds of playing by their cards against playing at random."""


def read_evidence(view: ViewData, model: BeliefModel = MODEL) -> Evidence:
    """Replay the round's public history (the discard piles as they were) and
    collect each player's passes, discards, draws and tells of random play."""
    import numpy as np

    players = view.players
    rules = view.rules
    replay = PublicReplay.of_view(view)
    reader = _EvidenceReader(replay, players, view.wild, view.cards_dealt, rules, model)
    log_odds = reader.log_odds
    hand_size = view.cards_dealt
    played = view.round_scores
    dealt_by_round = list(rules.rounds)[: len(played)]
    for index, scores in enumerate(played):  # the earlier rounds' scores per card
        dealt = dealt_by_round[index] if len(played) == view.round - 1 else hand_size
        for player, score in enumerate(scores):
            if score > 0:  # exponential densities: means 1.4 and 5.4 points a card
                per_card = score / max(dealt, 1)
                log_odds[player] += _SCORE_LOG_RATIO - per_card * _SCORE_SLOPE
    replay.walk(view.history, reader)
    passes, throws, turns, stock_draws = reader.passes, reader.throws, reader.turns, reader.draws
    passed = np.zeros((players, TYPES))
    discarded = np.zeros((players, TYPES))
    decay = model.decay
    for player in range(players):
        now = turns[player]
        for code, turn in passes[player]:
            passed[player, code] += decay ** (now - turn)
        for code, turn in throws[player]:
            discarded[player, code] += decay ** (now - turn)
    return Evidence(passed, discarded, stock_draws, turns, log_odds)


class _EvidenceReader(PublicVisitor):
    """The hooks of :func:`read_evidence`'s walk of the history: each player's
    passes, discards, stock draws, turns and tells of random play."""

    def __init__(
        self,
        replay: PublicReplay,
        players: int,
        wild: int | None,
        hand_size: int,
        rules: Any,
        model: BeliefModel,
    ) -> None:
        self.replay = replay
        self.wild = wild
        self.passes: list[list[tuple[int, int]]] = [[] for _ in range(players)]
        self.throws: list[list[tuple[int, int]]] = [[] for _ in range(players)]
        self.draws = [0] * players
        self.turns = [0] * players
        self.log_odds = [math.log(model.rational / (1 - model.rational))] * players
        self.taken = [-1] * players
        self.take_rate = model.take_rate
        slip = math.log(_SLIP)
        self.wild_slip = slip - math.log(_wild_share(rules, wild))
        self.take_back_slip = slip + math.log(hand_size + 1)

    def visit_draw_stock(self, player: int, event: DrawStock, passed: list[int]) -> None:
        turn = self.turns[player] = self.turns[player] + 1
        self.draws[player] += 1
        self.taken[player] = -1
        self.passes[player].extend([(code, turn) for code in passed])
        if passed:
            self.log_odds[player] += math.log((1 - self.take_rate) * (1 + len(passed)))

    def visit_draw_discard(
        self, player: int, event: DrawDiscard, pile: int, card: int | None
    ) -> None:
        self.turns[player] += 1
        options = 1 + sum(1 for cards in self.replay.piles if cards)
        self.taken[player] = -1 if card is None else card
        self.log_odds[player] += math.log(self.take_rate * options / (options - 1))

    def visit_discard(self, player: int, event: DiscardCard, pile: int, false_out: bool) -> None:
        code = event.card.code
        self.throws[player].append((code, self.turns[player]))
        if is_wild_code(code, self.wild):
            self.log_odds[player] += self.wild_slip
        elif code == self.taken[player]:
            self.log_odds[player] += self.take_back_slip
        self.taken[player] = -1


def _wild_share(rules: Any, wild: int | None) -> float:
    """The share of wild cards in the pool (how often a random throw is wild)."""
    decks, jokers = int(rules.decks), int(rules.jokers)
    wilds = jokers + (4 * decks if wild is not None else 0)
    return max(wilds, 1) / (52 * decks + jokers)


@dataclass(frozen=True)
class BeliefState:
    """The model worked out for one view: the expected counts and what a weighted
    deal needs. Public data only."""

    expected: npt.NDArray[np.float64]
    """(players, 53): the expected copies of each card type each player holds."""
    weights: npt.NDArray[np.float64]
    """(players, 53): each opponent's weights (1 for the viewer and the empty hands)."""
    hidden: npt.NDArray[np.int64]
    """The card codes the viewer cannot see, sorted."""
    hidden_counts: npt.NDArray[np.float64]
    """(53,): the copies of each card type among them."""
    unknown: tuple[int, ...]
    """Each player's unknown places (0 for the viewer)."""
    known: npt.NDArray[np.float64]
    """(players, 53): the copies each player is known to hold (the viewer: their hand)."""
    stock_mask: npt.NDArray[np.float64] | None
    """After a reshuffle, 1 for the card types the stock may hold, else ``None``."""

    def deal(self, rng: np.random.Generator) -> tuple[list[list[int]], list[int]]:
        """The hidden cards dealt to the unknown places by the weights (successive
        sampling: each opponent in a random order takes its places one card after
        another, a copy of ``c`` as likely as its weight ``w[j, c]``, by
        Efraimidis and Spirakis' exponential keys), the rest to the stock in a
        random order (top first)."""
        import numpy as np

        codes = self.hidden
        left = np.ones(codes.shape[0], dtype=bool)
        hands: list[list[int]] = [[] for _ in self.unknown]
        order = [player for player, places in enumerate(self.unknown) if places]
        if len(order) > 1:
            order = [order[i] for i in rng.permutation(len(order)).tolist()]
        keys = rng.exponential(size=(len(order), codes.shape[0]))
        for row, player in enumerate(order):
            places = self.unknown[player]
            score = keys[row] / self.weights[player][codes]
            score[~left] = np.inf
            chosen = np.argpartition(score, places - 1)[:places]
            left[chosen] = False
            hands[player] = codes[chosen].tolist()
        rest = codes[left]
        stock = rest[rng.permutation(rest.shape[0])].tolist()
        return hands, stock


def work_out_beliefs(view: ViewData, model: BeliefModel = MODEL) -> BeliefState:
    """The model worked out for ``view`` (see the module's docstring): a function of
    the view's public fields only.

    >>> import threethirteen as tt
    >>> state = work_out_beliefs(tt.Game("pagat", players=3, seed=1).view(0))
    >>> state.expected.shape, state.unknown
    ((3, 53), (0, 3, 3))
    """
    import numpy as np

    players = view.players
    player = view.player
    rules = view.rules
    codes = view.card_codes
    known = np.zeros((players, TYPES))
    for other, cards in enumerate(codes.known):
        if other != player:
            np.add.at(known[other], np.frombuffer(cards, dtype=np.uint8), 1.0)
    np.add.at(known[player], np.frombuffer(codes.hand, dtype=np.uint8), 1.0)
    hidden = np.frombuffer(view.unseen().code_bytes, dtype=np.uint8).astype(np.int64)
    hidden_counts = np.bincount(hidden, minlength=TYPES).astype(np.float64)
    sizes = view.hand_sizes
    unknown = tuple(
        0 if other == player else max(sizes[other] - int(known[other].sum()), 0)
        for other in range(players)
    )
    evidence = read_evidence(view, model)
    rel = _relations(view.wild, rules.aces != "low")
    dealt = max(view.cards_dealt, 1)
    penalties, wilds = _card_terms(tuple(rules.card_values), view.wild)
    log_weights = np.zeros((players, TYPES))
    for other in range(players):
        if other == player or not unknown[other]:
            continue
        odds = evidence.log_odds[other]
        rho = 1.0 / (1.0 + math.exp(-odds)) if odds > -30 else 0.0
        turns = evidence.turns[other]
        score = (
            model.passed * (evidence.passed[other] @ rel)
            + model.discarded * (evidence.discarded[other] @ rel)
            + model.taken * (known[other] @ rel)
            + model.value * penalties / 10.0 * (turns / (turns + dealt))
            + model.wild * math.log((dealt + evidence.stock_draws[other]) / dealt) * wilds
        )
        log_weights[other] = rho * score
    weights = np.exp(log_weights)
    stock_mask = None
    reshuffled = codes.reshuffled
    if reshuffled is not None:
        shuffled = np.bincount(np.frombuffer(reshuffled, dtype=np.uint8), minlength=TYPES)
        stock_mask = ((shuffled > 0) & (hidden_counts > 0)).astype(np.float64)
        if view.stock_size and not stock_mask.any():
            stock_mask = None  # (a view made by hand)
    places = [other for other in range(players) if unknown[other]]
    rows = np.array([unknown[other] for other in places] + [view.stock_size], dtype=np.float64)
    fitted = _fit(
        np.vstack([weights[places], np.ones((1, TYPES)) if stock_mask is None else stock_mask]),
        rows,
        hidden_counts,
    )
    if stock_mask is not None and np.abs(fitted.sum(axis=1) - rows).max() > 1e-8:
        # Near the edge (the stock must hold nearly every reshuffled card left): the
        # fit converges slowly; the stock is taken as any hidden card instead.
        stock_mask = None
        fitted = _fit(np.vstack([weights[places], np.ones((1, TYPES))]), rows, hidden_counts)
    expected = known.copy()
    for row, other in enumerate(places):
        expected[other] += fitted[row]
    weights.setflags(write=False)
    expected.setflags(write=False)
    return BeliefState(expected, weights, hidden, hidden_counts, unknown, known, stock_mask)


def _fit(
    weights: npt.NDArray[np.float64],
    rows: npt.NDArray[np.float64],
    columns: npt.NDArray[np.float64],
    iterations: int = 200,
    tolerance: float = 1e-10,
) -> npt.NDArray[np.float64]:
    """Iterative proportional fitting: the matrix ``diag(a) @ weights @ diag(b)`` with
    row sums ``rows`` and column sums ``columns`` (their totals equal)."""
    import numpy as np

    matrix = weights * (columns > 0)
    for _ in range(iterations):
        sums = matrix.sum(axis=1)
        matrix *= np.divide(rows, sums, out=np.zeros_like(rows), where=sums > 0)[:, None]
        sums = matrix.sum(axis=0)
        matrix *= np.divide(columns, sums, out=np.zeros_like(columns), where=sums > 0)
        if np.abs(matrix.sum(axis=1) - rows).max() <= tolerance:
            break
    return matrix


def holding_chances(view: ViewData, state: BeliefState | None = None) -> npt.NDArray[np.float64]:
    """(players, 53): the chance under the model that each player holds at least one
    copy of each card type (1 for a known card; the viewer's row exact).

    From an expected count ``E`` of ``h`` hidden copies among ``N`` hidden cards:
    ``1 - prod(1 - E / h * N / (N - k) for k < h)`` (floored at 0 inside): exact
    for one copy, and for the uniform belief the hypergeometric chance.

    >>> import threethirteen as tt
    >>> view = tt.Game("pagat", players=2, seed=7).view(0)
    >>> chances = holding_chances(view)
    >>> float(chances[1].sum()) == float(view.beliefs()[1].sum())  # one deck: P = E
    True
    """
    found = work_out_beliefs(view) if state is None else state
    return _chances(found, found.expected - found.known)


def uniform_holding_chances(view: ViewData) -> npt.NDArray[np.float64]:
    """(players, 53): the same chances under the uniform belief (every hidden card as
    likely in any unknown place or the stock): hypergeometric, exact.

    >>> import threethirteen as tt
    >>> view = tt.Game("pagat", players=2, seed=7).view(0)
    >>> float(uniform_holding_chances(view)[1, 0])  # 3 places among 48 unseen cards
    0.0625
    """
    state = work_out_beliefs(view, _UNIFORM)
    total = float(state.hidden_counts.sum())
    even = np.array(state.unknown, dtype=np.float64)[:, None] * state.hidden_counts / max(total, 1)
    return _chances(state, even)


_UNIFORM = BeliefModel(passed=0.0, discarded=0.0, taken=0.0, wild=0.0, value=0.0)


def _chances(state: BeliefState, spread: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    copies = state.hidden_counts
    total = float(copies.sum())
    missing = np.ones_like(spread)
    share = np.divide(spread, copies, out=np.zeros_like(spread), where=copies > 0)
    for k in range(int(copies.max(initial=0))):
        factor = np.clip(1.0 - share * (total / max(total - k, 1.0)), 0.0, 1.0)
        missing *= np.where(copies > k, factor, 1.0)
    chances = 1.0 - missing
    chances[state.known > 0] = 1.0
    return chances


def danger(
    view: ViewData,
    *,
    samples: int = 12,
    rng: np.random.Generator | None = None,
) -> npt.NDArray[np.float64]:
    """(players,): the estimated chance that each player goes out on their next turn.

    For each of ``samples`` deals of the hidden cards by the model
    (:meth:`BeliefState.deal`), each opponent's hand as dealt takes the top card of
    a pile it may draw (as the piles are now), or else a card of the sampled
    stock; the chance is the mean over the deals of 1 when a pile top lets the
    hand go out, else the share of the stock's cards that do
    (:func:`~threethirteen.go_out_flags`, exact). Table play and the
    opponents' own choices are not modelled: this is "could go out", which a bot
    that goes out when it can does. The viewer's own entry is 0, and so is the
    entry of a player who has gone out or has no turn left in the round.

    Cost: one :func:`work_out_beliefs` and ``samples`` deals, then one batch solve
    of at most ``samples * 53`` hands per opponent: about 1-5 ms with the defaults.

    :param samples: deals to average (1 or more; the error of the estimate is
        about ``0.5 / sqrt(samples)`` at most).
    :param rng: the deals' generator; by default a fixed seed, so that the answer is
        a function of the view.

    >>> import threethirteen as tt
    >>> view = tt.Game("pagat", players=3, seed=1).view(0)
    >>> found = danger(view)
    >>> found.shape, float(found[0])
    ((3,), 0.0)
    """
    samples = check_int("samples", samples, 1)
    generator = np.random.default_rng(0) if rng is None else rng
    state = work_out_beliefs(view)
    players = view.players
    result = np.zeros(players)
    if view.to_move is None or view.phase == "over":
        return result
    round_ = view.prepared_round
    tops = [pile[-1] for pile in view.card_codes.piles if pile]
    if not view.rules.separate_discards:
        tops = tops[:1]
    waiting = _waiting(view)
    deals = [state.deal(generator) for _ in range(samples)]
    for other in waiting:
        known = [int(code) for code in view.card_codes.known[other]]
        total = 0.0
        rows: list[npt.NDArray[np.uint8]] = []
        spans: list[tuple[int, list[int], list[int]]] = []
        for hands, stock in deals:
            hand = np.bincount(
                np.array(known + hands[other], dtype=np.int64), minlength=TYPES
            ).astype(np.uint8)
            candidates = sorted(set(tops) | set(stock))
            block = np.repeat(hand[None, :], len(candidates), axis=0)
            block[np.arange(len(candidates)), candidates] += 1
            spans.append((len(rows), candidates, stock))
            rows.append(block)
        if not rows:
            continue
        flags = go_out_flags(np.vstack(rows), round_)
        start = 0
        for (_, candidates, stock), block in zip(spans, rows, strict=True):
            found = flags[start : start + block.shape[0]]
            start += block.shape[0]
            outs = {code for code, flag in zip(candidates, found.tolist(), strict=True) if flag}
            if any(top in outs for top in tops):
                total += 1.0
            elif stock:
                total += sum(1 for code in stock if code in outs) / len(stock)
        result[other] = total / samples
    return result


def _waiting(view: ViewData) -> list[int]:
    """The other players who have a turn to start in this round."""
    players = view.players
    mover = view.to_move
    assert mover is not None
    order = [(mover + step) % players for step in range(players)]
    if view.phase != "draw":
        order = order[1:]  # the mover's turn has begun
    first = view.first_out
    if first is not None:  # the last turns: those after the mover, up to the one out
        cut = order.index(first) if first in order else len(order)
        order = order[:cut]
    return [
        other
        for other in order
        if other != view.player and not view.went_out[other] and view.hand_sizes[other]
    ]
