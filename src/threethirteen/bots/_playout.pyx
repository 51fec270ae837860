# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The compiled playout loop: a whole round played by the playout policy for every
seat over card codes, without the GIL, with the solver's kernels (``_solver.pxd``).

The policy is ``threethirteen.bots.playouts.playout_action``'s, move for move: in the
draw, the stock when it is the only draw; else the first pile whose top card lowers
the score the hand leaves after its best discard (``best_discard_codes``) the most,
strictly below the hand's own score (``score_codes``), else the stock; in the play,
the best discard's card, going out with it when it leaves every other card melded
(a cost of 0), the hand holds more than one card and the rules let the player go
out now. The state moves as ``Game.apply`` moves it: the discard onto the player's
own pile under separate discards, a hand emptied going out, the last turns, the
turn limit, and a round's scores with the variations' adjustments.

It stops where the engine must take over: when the stock is empty at a turn's start
and the piles hold cards to reshuffle (the engine's seeded shuffle), and when the
solver refuses a hand. ``threethirteen.bots.playouts`` reads the result.
"""

from libc.stdint cimport int8_t, int64_t, uint8_t
from libc.stdlib cimport free, malloc
from libc.string cimport memcpy

from threethirteen._solver cimport Params, best_discard_codes, score_codes


cdef enum:
    MAX_SEATS = 16
    MAX_HOLD = 19      # a hand the loop takes: with a card drawn, the solver's 20
    CONTINUE = -1
    ENDED = 0
    LIMIT = 1
    RESHUFFLE = 2
    REFUSED = 3
    VOID = 4


ctypedef struct State:
    int players, to_move, play, turns, first_out, max_turns
    bint separate, last_turns, around_first, double_naughts, doubled, has_bonus
    int bonus
    int hand_len[MAX_SEATS]
    int8_t hand[MAX_SEATS][MAX_HOLD + 1]
    bint out[MAX_SEATS]
    int64_t penalty[MAX_SEATS]
    int64_t scores[MAX_SEATS]
    int64_t cost[MAX_SEATS]      # the cost of each hand as it stands (-1: not known)
    int64_t play_cost            # the best discard of the hand of the player to move,
    int play_discard             # when the draw found it (play_cost -1: not known)
    int stock_len
    int8_t* stock
    int pile_count, capacity
    int pile_len[MAX_SEATS]
    int8_t* piles
    uint8_t* trace
    int trace_len, before


cdef inline void insert(int8_t* hand, int* length, int code) noexcept nogil:
    """``code`` into the sorted ``hand`` (after its equals, as ``bisect.insort``)."""
    cdef int i = length[0]
    while i > 0 and hand[i - 1] > code:
        hand[i] = hand[i - 1]
        i -= 1
    hand[i] = <int8_t>code
    length[0] += 1


cdef inline void remove(int8_t* hand, int* length, int code) noexcept nogil:
    """One copy of ``code`` out of ``hand`` (which holds it)."""
    cdef int i = 0, n = length[0]
    while i < n and hand[i] != code:
        i += 1
    while i + 1 < n:
        hand[i] = hand[i + 1]
        i += 1
    length[0] = n - 1


cdef inline void mark_out(State* s, int player) noexcept nogil:
    s.out[player] = True
    if s.first_out < 0:
        s.first_out = player


cdef int end_round(State* s, Params params) noexcept nogil:
    """The round's scores into ``s.scores``, as ``scoring.round_scores``: ENDED, or
    VOID (``double-naughts``: every score 0), or REFUSED."""
    cdef int p
    cdef int64_t cost, score
    cdef bint zero = True
    for p in range(s.players):
        score = 0
        if s.hand_len[p] and not s.out[p]:
            cost = score_codes(s.hand[p], s.hand_len[p], params)
            if cost < 0:
                return REFUSED
            score = cost >> 6
        if p == s.first_out and s.has_bonus:
            score = s.bonus
        score += s.penalty[p]
        if s.doubled:
            score *= 2
        s.scores[p] = score
        zero = zero and score == 0
    return VOID if s.double_naughts and zero else ENDED


cdef int next_turn(State* s, Params params, int mover) noexcept nogil:
    """``Game._next_turn`` and ``Game._start_turn``: CONTINUE, or why the loop stops."""
    cdef int following, pile
    s.turns += 1
    following = (mover + 1) % s.players
    if s.first_out >= 0 and (not s.last_turns or following == s.first_out):
        return end_round(s, params)
    if s.max_turns >= 0 and s.turns >= s.max_turns:
        return end_round(s, params)
    s.to_move = following
    s.play = 0
    if s.stock_len:
        return CONTINUE
    for pile in range(s.pile_count):
        if s.pile_len[pile] > 1:
            return RESHUFFLE  # the engine reshuffles with its seed
    return end_round(s, params)  # nothing to reshuffle: the round ends


cdef inline void record(State* s, int kind, int value) noexcept nogil:
    s.trace[s.trace_len] = <uint8_t>kind
    s.trace[s.trace_len + 1] = <uint8_t>value
    s.trace_len += 2


cdef int draw(State* s, Params params) noexcept nogil:
    """The policy's draw, applied: CONTINUE or REFUSED."""
    cdef int mover = s.to_move, n = s.hand_len[mover], legal = 0, pile, choice = -1
    cdef int discard, code, length
    cdef int64_t cost, best
    cdef int8_t row[MAX_HOLD + 1]
    cdef int8_t* hand = s.hand[mover]
    if s.stock_len:
        legal += 1
    for pile in range(s.pile_count):
        if s.pile_len[pile]:
            legal += 1
            if choice < 0 and not s.stock_len:
                choice = pile  # the first pile: legal_actions[0] without a stock
    s.play_cost = -1
    if legal > 1:
        cost = s.cost[mover]
        if cost < 0:
            cost = score_codes(hand, n, params)
            if cost < 0:
                return REFUSED
        best = cost >> 6
        if s.stock_len:
            choice = -1
        for pile in range(s.pile_count):
            if not s.pile_len[pile]:
                continue
            memcpy(row, hand, n)
            length = n
            insert(row, &length, s.piles[pile * s.capacity + s.pile_len[pile] - 1])
            cost = best_discard_codes(row, length, params, &discard)
            if cost < 0:
                return REFUSED
            if (cost >> 6) < best:
                best = cost >> 6
                choice = pile
                s.play_cost = cost  # the hand with this pile's top: its best discard
                s.play_discard = discard
    if choice < 0:
        s.play_cost = -1
        s.stock_len -= 1
        code = s.stock[s.stock_len]
        record(s, 0, 0)
    else:
        s.pile_len[choice] -= 1
        code = s.piles[choice * s.capacity + s.pile_len[choice]]
        record(s, 1, choice)
    insert(hand, &s.hand_len[mover], code)
    s.cost[mover] = -1  # (the discard sets it again)
    s.play = 1
    return CONTINUE


cdef int discard(State* s, Params params) noexcept nogil:
    """The policy's discard (going out when it may), applied: CONTINUE or why the
    loop stops."""
    cdef int mover = s.to_move, n = s.hand_len[mover], code = -1, pile
    cdef int64_t cost
    cdef bint going
    if n == 0:
        return REFUSED
    if s.play_cost >= 0:  # drawn from a pile: the draw's search found it
        cost = s.play_cost
        code = s.play_discard
    else:
        cost = best_discard_codes(s.hand[mover], n, params, &code)
        if cost < 0 or code < 0:
            return REFUSED
    s.play_cost = -1
    s.cost[mover] = cost  # the hand left is the one the best discard scored
    going = cost == 0 and n > 1 and (not s.around_first or s.turns >= s.players - 1)
    remove(s.hand[mover], &s.hand_len[mover], code)
    pile = mover if s.separate else 0
    s.piles[pile * s.capacity + s.pile_len[pile]] = <int8_t>code
    s.pile_len[pile] += 1
    record(s, 3 if going else 2, code)
    if going:
        s.hand_len[mover] = 0  # every other card is laid in melds
        mark_out(s, mover)
    if not s.hand_len[mover]:
        mark_out(s, mover)
        if not s.last_turns:
            s.turns += 1
            return end_round(s, params)
    return next_turn(s, params, mover)


cdef int run(State* s, Params params, int limit) noexcept nogil:
    cdef int step, status = CONTINUE, p
    cdef int64_t cost
    for step in range(limit):
        s.before = s.turns
        if s.play:
            status = discard(s, params)
        else:
            status = draw(s, params)
        if status != CONTINUE:
            return status
    for p in range(s.players):  # the limit: the hands as they stand
        cost = score_codes(s.hand[p], s.hand_len[p], params)
        if cost < 0:
            return REFUSED
        s.scores[p] = cost >> 6
    return LIMIT


def play(
    Params params, tuple hands, bytes stock, tuple piles, tuple went_out, int first_out,
    tuple penalties, int to_move, bint play, int turns, int max_turns, bint separate,
    bint last_turns, bint around_first, bint double_naughts, bint doubled, bint has_bonus,
    int bonus, int limit,
):
    """Play the round on to its end: ``(status, scores, turns before the last action,
    trace)``; the trace is two bytes an action (0 the stock, 1 a pile and its index,
    2 a discard and its card code, 3 going out and the card). Status: 0 the round
    ended, 1 the limit (the scores are the hands' deadwood), 2 a reshuffle is due
    after the trace, 3 refused (the solver refused a hand, or a state the loop does
    not take), 4 the round is void (``double-naughts``)."""
    cdef State s
    cdef int p, total, status, pile
    cdef bytes hand, cards
    cdef int8_t* buffer
    cdef bytearray trace = bytearray(2 * max(limit, 0))
    s.players = len(hands)
    s.pile_count = len(piles)
    if not (2 <= s.players <= MAX_SEATS and 1 <= s.pile_count <= MAX_SEATS and limit >= 0):
        return REFUSED, (), 0, b""
    total = len(stock)
    for p in range(s.players):
        hand = hands[p]
        if len(hand) > MAX_HOLD:
            return REFUSED, (), 0, b""
        s.hand_len[p] = len(hand)
        total += len(hand)
        memcpy(s.hand[p], <char*>hand, len(hand))
        s.out[p] = went_out[p]
        s.cost[p] = -1
        s.penalty[p] = penalties[p]
    for pile in range(s.pile_count):
        total += len(piles[pile])
    s.capacity = total
    buffer = <int8_t*>malloc(total * (s.pile_count + 1) + 1)
    if buffer == NULL:
        raise MemoryError()
    try:
        s.stock = buffer
        s.stock_len = len(stock)
        memcpy(s.stock, <char*>stock, len(stock))
        s.piles = buffer + total
        for pile in range(s.pile_count):
            cards = piles[pile]
            s.pile_len[pile] = len(cards)
            memcpy(s.piles + pile * total, <char*>cards, len(cards))
        s.first_out = first_out
        s.to_move = to_move
        s.play = play
        s.turns = turns
        s.max_turns = max_turns
        s.separate = separate
        s.last_turns = last_turns
        s.around_first = around_first
        s.double_naughts = double_naughts
        s.doubled = doubled
        s.has_bonus = has_bonus
        s.bonus = bonus
        s.trace = <uint8_t*><char*>trace
        s.play_cost = -1
        s.trace_len = 0
        s.before = turns
        with nogil:
            status = run(&s, params, limit)
    finally:
        free(buffer)
    return (
        status,
        tuple([s.scores[p] for p in range(s.players)]) if status in (ENDED, LIMIT, VOID) else (),
        s.before,
        bytes(trace[: s.trace_len]),
    )
