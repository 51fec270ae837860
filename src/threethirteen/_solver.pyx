# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, nonecheck=False, infer_types=True
"""The exact solver, compiled: the same functions as ``_solver_py``, in C.

A hand arrives as card codes (``bytes``, or a row of an ``int8`` array padded
with -1). In C it becomes a small problem:

* the distinct natural cards, in solver order (rank-major: A♣ A♦ A♥ A♠ 2♣ ...),
  each with a bit field holding how many copies are left; the fields together
  take at most 20 bits, since a field needs no more bits than it has copies;
* the wild cards as a budget, with their costs sorted from cheapest up.

The search is the memoised recursion of ``_solver_py`` (its docstring explains
it), on a 32-bit key (state, wilds left, room, drop flag) in an open-addressing
table that starts on the C stack and grows on the heap. Everything between
encoding and the answer runs without the GIL (``score`` keeps it for hands of
fewer than 8 cards, which take less time than releasing it).

These things cut the work without changing any answer (the tests compare every
answer with the pure-Python twin, which has none of them):

* before the search, the cards no meld can hold, whatever the others do, are
  set aside as deadwood (``isolated``): for most hands that is most cards;
* the value search skips runs that give a held card's place to a wild (see
  ``runs``), and runs of one natural card (a set does as well), and stops at a
  cost of 0;
* it makes at most one set per rank (see ``explore``), and pools the cards of a
  rank no run can hold;
* a card left over is only tried while its cost is below the best found.

``melding`` builds the best melding of ``_solver_py.melding`` in C, value objects
included (see "the melding, searched and built in C").

The discard search adds one flag: while it is set, the lowest card may be
dropped for free. Costs are then scaled by 32 and the low five bits carry which
card was dropped, ranked by the discard preference (0 best, 31 a wild), so the
minimum is the best discard with its tie-break, found by one search.

``discards`` answers for every distinct card at once: one best-first walk of the
discard search's states finds the cheapest way to each card's discard (see "every
discard, best first").
"""

from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM
from libc.stdint cimport int8_t, int64_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc, realloc
from libc.string cimport memcpy, memset

__all__ = [
    "Params", "best_discard", "can_go_out", "codes_of_count_rows", "discard_rows", "discards",
    "fill_observation",
    "draws", "melding", "plan", "score", "solve_rows",
]

cdef enum:
    MAX_CARDS = 20          # MAX_HAND_SIZE: at most 20 copies in all
    MAX_ENTRIES = 32        # the every-discard search: one entry per distinct card
    WILD_CODES = 5          # distinct wild codes: the wild rank's four cards and the joker
    NUMBER_OF_CODES = 53
    JOKER = 52
    STACK_BITS = 6
    STACK_SLOTS = 64        # the first memo table lives on the C stack (it grows on the heap)
    SMALL_STACK_BITS = 4    # ... 16 of them for a search of at most three cards
    MIDDLE_STACK_BITS = 5   # ... 32 for at most MIDDLE_CARDS
    MIDDLE_CARDS = 7
    GROWTH_BITS = 2         # ... four times larger at each step
    GROWTH = 4
    WIDE_STACK_BITS = 9     # the every-discard search keeps more: 512 slots to start with
    RUN_STACK = 96          # a depth-first run search holds at most 12+11+...+1 = 78
    KEY_BITS = 5            # the drop preference in the discard search
    CLOSED = 2              # value's drop, bit 1: the set of the lowest rank is made
    WILD_KEY = 31           # dropping a wild: after every natural card

# Error codes of encode(); the Python layer turns them into exceptions.
cdef enum:
    OK = 0
    BAD_CODE = -1
    TOO_MANY_CARDS = -2
    TOO_MANY_JOKERS = -3
    TOO_MANY_COPIES = -4

# What solve() computes: the values of _kernel.Mode.
cdef enum:
    MODE_SCORE = 0
    MODE_GO_OUT = 1
    MODE_BEST_DISCARD = 2

# What encode() does with the cards no meld can hold.
cdef enum:
    KEEP_ISOLATED = 0
    LEAVE_OUT_ISOLATED = 1

cdef int64_t INFINITY = (<int64_t>1) << 60


cdef class Params:
    """What the search needs of the rules and the round, as C ints.

    :param natural_costs: the cost of leaving each card code 0-51 unmelded.
    :param wild_costs: the cost of each code 0-52 when it is wild (used for the
        wild rank's cards and the joker).
    :param wild_rank: the round's wild rank, 1-13, or 0 for none.
    :param decks: copies of each card a hand may hold.
    :param jokers: jokers a hand may hold.
    :param discard_order: each code's place 0-52 in the discard tie-break (lower
        is discarded first among equal costs): ``_kernel.discard_order_for``.
    """

    # Its C fields (natural, wild, order, wild_rank, decks, jokers, min_set, min_run,
    # high_aces, all_wild) are declared in _solver.pxd, the C-level API.

    def __init__(
        self, natural_costs, wild_costs, int wild_rank, int decks, int jokers,
        int min_set, int min_run, bint high_aces, bint all_wild, discard_order,
    ):
        cdef int code
        if len(natural_costs) != 52 or len(wild_costs) != NUMBER_OF_CODES:
            raise ValueError("52 natural costs and 53 wild costs")
        if sorted(discard_order) != list(range(NUMBER_OF_CODES)):
            raise ValueError("the discard order places each code 0-52 once")
        for code in range(NUMBER_OF_CODES):
            self.order[code] = discard_order[code]
        for code in range(52):
            self.natural[code] = natural_costs[code]
        self.natural[JOKER] = 0
        for code in range(NUMBER_OF_CODES):
            self.wild[code] = wild_costs[code]
        self.wild_rank = wild_rank
        self.decks = decks
        self.jokers = jokers
        self.min_set = min_set
        self.min_run = min_run
        self.high_aces = high_aces
        self.all_wild = all_wild


ctypedef struct Slot:
    uint32_t key
    int64_t value

ctypedef struct Problem:
    # the natural cards, by index in solver order
    int n
    int code[MAX_CARDS]
    int rank[MAX_CARDS]
    int suit[MAX_CARDS]
    int shift[MAX_CARDS]
    uint32_t unit[MAX_CARDS]
    uint32_t field[MAX_CARDS]
    int64_t cost[MAX_CARDS]
    int64_t drop_key[MAX_CARDS]
    bint runnable[MAX_CARDS]  # some run could hold the card (else only sets or deadwood)
    int at[4][15]           # index of the card of (suit, rank), -1 if none
    int owner[32]           # which index a state bit belongs to
    uint32_t full
    # the wild cards
    int wilds
    int wild_code[MAX_CARDS]  # their codes, as they came
    int64_t prefix[MAX_CARDS + 1]
    int dearest_wild        # the code a wild discard gives up
    int64_t wild_key        # WILD_KEY in the keyed discard search, else 0
    int64_t base            # the cost of the cards left out by pruning
    int isolated            # how many cards pruning left out
    int64_t isolated_cost   # the dearest of them: its cost and discard key
    int64_t isolated_key
    int key_code[32]        # the card of each discard key
    # the rules
    int min_set, min_run, all_wild_minimum
    bint high_aces, all_wild
    # the every-discard search: an entry per core natural card, then per wild code
    int width
    int wild_entries
    int wild_entry_code[WILD_CODES]
    int64_t entry_cost[MAX_ENTRIES]  # what each entry's card costs left over
    int64_t wild_prefix[WILD_CODES][MAX_CARDS + 1]  # the wilds' prefix sums, that one gone
    uint32_t wild_entry_bits  # a bit per wild entry
    # the memo
    Slot* slots
    uint32_t mask
    uint32_t used
    int bits
    bint on_heap


# -- encoding ---------------------------------------------------------------------

cdef extern from *:
    """
    #if defined(__GNUC__) || defined(__clang__)
    static inline int tt_lowest_bit(unsigned int x) { return __builtin_ctz(x); }
    static inline int tt_highest_bit(unsigned int x) { return 31 - __builtin_clz(x); }
    static inline int tt_lowest_bit64(unsigned long long x) { return __builtin_ctzll(x); }
    #else
    static inline int tt_lowest_bit(unsigned int x) { int n = 0; while (!(x & 1u)) { x >>= 1; n++; } return n; }
    static inline int tt_highest_bit(unsigned int x) { int n = 31; while (!(x >> n)) n--; return n; }
    static inline int tt_lowest_bit64(unsigned long long x) { int n = 0; while (!(x & 1ull)) { x >>= 1; n++; } return n; }
    #endif
    """
    int lowest_bit "tt_lowest_bit"(unsigned int x) noexcept nogil
    int highest_bit "tt_highest_bit"(unsigned int x) noexcept nogil
    int lowest_bit64 "tt_lowest_bit64"(unsigned long long x) noexcept nogil


# Solver order is rank-major: position (rank - 1) * 4 + suit; codes are suit * 13 + rank - 1.
cdef int POSITION[52]
cdef int CODE_AT[52]
cdef uint64_t LANE_BIT[52]  # the card's bit in cover_held's lanes: 16 * suit + rank
cdef int code_
for code_ in range(52):
    POSITION[code_] = (code_ % 13) * 4 + code_ // 13
    CODE_AT[POSITION[code_]] = code_
    LANE_BIT[code_] = (<uint64_t>1) << (16 * (code_ // 13) + code_ % 13 + 1)


cdef uint64_t LANES = 0x0001000100010001  # one bit at the bottom of each 16-bit lane
cdef uint64_t PAIRS = 0x5555555555555555  # nibble counting (encode): every other bit
cdef uint64_t QUADS = 0x3333333333333333  # ... two bits of four
cdef uint64_t NIBBLES = 0x1111111111111111  # ... the bottom bit of each nibble


cdef void cover_runs(
    uint64_t present, Params params, int wilds, uint32_t* covered
) noexcept nogil:
    """For each suit, the ranks that some run could hold: those in a window of
    ``min_run`` ranks with enough cards of the suit, counting every wild. A card
    outside is never in a run, whatever else happens (bit ``r`` of ``covered[suit]``)."""
    cdef uint64_t bits, held = 0
    cdef int position, rank, suit
    bits = present
    while bits:
        position = lowest_bit64(bits)
        bits &= bits - 1
        rank = (position >> 2) + 1
        suit = position & 3
        held |= (<uint64_t>1) << (16 * suit + rank)
        if rank == 1 and params.high_aces:
            held |= (<uint64_t>1) << (16 * suit + 14)
    cover_held(held, params, wilds, covered)


cdef inline void cover_held(
    uint64_t held, Params params, int wilds, uint32_t* covered
) noexcept nogil:
    """``cover_runs`` of the cards ``held``: suit s holds rank r at bit 16 * s + r
    (an ace also at 14 where aces may be high)."""
    cdef uint64_t runnable = cover_lanes(held, params, wilds)
    cdef int suit
    for suit in range(4):
        covered[suit] = <uint32_t>((runnable >> (16 * suit)) & 0xFFFF)


cdef inline uint64_t cover_lanes(uint64_t held, Params params, int wilds) noexcept nogil:
    """``cover_held`` as one word: bit 16 * s + r for rank r of suit s (an ace on top
    also sets the ace's bit 1)."""
    cdef uint64_t c0, c1, c2, c3, add, carry, starts, runnable
    cdef int k, stop, m = params.min_run
    if wilds + 1 >= m:  # any card and the wilds make a run
        return ~(<uint64_t>0)
    if wilds == 0:
        # A window counts only when it holds all its m ranks. Bits 0 and 15 of a
        # lane are never held, so no such window reads across into the next suit,
        # and every one starts at 1 to stop - m + 1, as below.
        starts = held
        for k in range(1, m):
            starts &= held >> k
    else:
        # All four suits at once: suit s holds rank r at bit 16 * s + r. For every
        # window start, a bit-sliced 4-bit counter adds the cards in the window; the
        # starts looked at (1 to stop - m + 1) never read across into the next suit.
        stop = 14 if params.high_aces else 13
        c0 = c1 = c2 = c3 = 0
        for k in range(m):
            add = held >> k
            carry = c0 & add
            c0 ^= add
            add = carry
            carry = c1 & add
            c1 ^= add
            add = carry
            carry = c2 & add
            c2 ^= add
            c3 ^= carry
        # count >= m - wilds  <=>  count + (16 - m + wilds) carries out of 4 bits
        add = 16 - m + wilds
        carry = 0
        carry = (c0 | carry) if add & 1 else (c0 & carry)
        carry = (c1 | carry) if add & 2 else (c1 & carry)
        carry = (c2 | carry) if add & 4 else (c2 & carry)
        carry = (c3 | carry) if add & 8 else (c3 & carry)
        starts = carry & (LANES * ((((<uint64_t>1) << (stop - m + 1)) - 1) << 1))
    runnable = 0
    for k in range(m):
        runnable |= starts << k
    if params.high_aces:
        runnable |= (runnable >> 13) & (LANES << 1)  # an ace on top counts for the ace
    return runnable


cdef int isolated(
    int* counts, uint64_t present, Params params, int wilds, uint32_t* covered, bint remove,
    int64_t scale, int64_t* cost, int* dearest,
) noexcept nogil:
    """The natural cards that no meld can hold, whatever the others do: too few of
    their rank for a set, and outside every run ``covered`` allows. They are deadwood
    in every melding. Returns how many there are (copies included), adds their cost
    to ``cost``, sets ``dearest`` to the position of the dearest (then first in the
    discard order) of them, and with ``remove`` takes them out of ``counts`` (by solver position)."""
    cdef int rank_total[15]
    cdef uint64_t bits
    cdef int position
    if wilds + 1 >= params.min_set or wilds + 1 >= params.min_run:
        return 0  # every card makes a meld with the wilds
    memset(rank_total, 0, sizeof(rank_total))
    bits = present
    while bits:
        position = lowest_bit64(bits)
        bits &= bits - 1
        rank_total[(position >> 2) + 1] += counts[position]
    return isolated_counted(counts, rank_total, present, params, wilds, covered, remove, scale,
                            cost, dearest)


cdef int isolated_counted(
    int* counts, const int* rank_total, uint64_t present, Params params, int wilds,
    uint32_t* covered, bint remove, int64_t scale, int64_t* cost, int* dearest,
) noexcept nogil:
    """``isolated`` with the copies of each rank counted (``rank_total``); with
    ``dearest`` NULL, the dearest is not looked for."""
    cdef uint64_t bits
    cdef int position, rank, suit, found = 0
    if wilds + 1 >= params.min_set or wilds + 1 >= params.min_run:
        return 0  # every card makes a meld with the wilds
    bits = present
    while bits:
        position = lowest_bit64(bits)
        bits &= bits - 1
        rank = (position >> 2) + 1
        suit = position & 3
        if rank_total[rank] + wilds >= params.min_set or covered[suit] >> rank & 1:
            continue
        found += counts[position]
        cost[0] += counts[position] * params.natural[CODE_AT[position]] * scale
        if dearest == NULL:
            pass
        elif dearest[0] < 0 or params.natural[CODE_AT[position]] > params.natural[
            CODE_AT[dearest[0]]
        ] or (
            params.natural[CODE_AT[position]] == params.natural[CODE_AT[dearest[0]]]
            and params.order[CODE_AT[position]] < params.order[CODE_AT[dearest[0]]]
        ):
            dearest[0] = position
        if remove:
            counts[position] = 0
    return found


cdef int encode(
    Problem* P, const int8_t* codes, Py_ssize_t length, Params params, int scale, bint keyed,
    int prune,
) noexcept nogil:
    """Fill ``P`` from card codes (negative codes are padding). ``scale`` multiplies
    every cost; with ``keyed`` each natural card gets its discard preference. With
    ``prune`` (LEAVE_OUT_ISOLATED) the cards no meld can hold are left out: their
    number in ``P.isolated``, their cost in ``P.base``."""
    cdef int counts[52]             # copies, by solver position
    cdef int rank_total[15]         # natural copies of each rank
    cdef uint64_t held = 0          # the natural cards, a 16-bit lane per suit (cover_held)
    cdef int key_at[52]             # discard preference, by solver position
    cdef uint32_t covered[4]        # the ranks of each suit some run could hold
    cdef uint64_t runnable          # ... as one word (cover_lanes)
    cdef int64_t wild_costs[MAX_CARDS]
    cdef uint64_t present = 0, bits, others
    cdef int dearest
    cdef int total = 0, jokers = 0, code, position, i, j, rank, suit, shift = 0, width, count
    cdef int64_t cost, dearest_cost = -1
    cdef Py_ssize_t index
    cdef int64_t natural_sum = 0      # the natural cards' costs, unscaled
    cdef int64_t kept_sum = 0         # ... of the cards kept (the fast pruning)
    cdef int kept_copies = 0, threshold
    cdef uint64_t keep, lanes, nibbles, seen = 0, bit
    cdef bint fast, twice = False     # twice: some natural card held more than once
    cdef int n
    cdef uint32_t full
    cdef int64_t natural
    # counts[position] is read only where seen has the position's bit (no memset).
    P.wilds = 0
    P.dearest_wild = -1
    for index in range(length):
        code = codes[index]
        if <unsigned int>code >= NUMBER_OF_CODES:  # padding (negative) or no card
            if code < 0:
                continue
            return BAD_CODE
        total += 1
        if total > MAX_CARDS:
            return TOO_MANY_CARDS
        if code == JOKER:
            jokers += 1
        else:
            position = POSITION[code]
            bit = (<uint64_t>1) << position
            if seen & bit:
                counts[position] += 1
                twice = True
            else:
                seen |= bit
                counts[position] = 1
            if counts[position] > params.decks:
                return TOO_MANY_COPIES
            rank = (position >> 2) + 1
            if rank != params.wild_rank:
                present |= bit
                natural_sum += params.natural[code]
                held |= LANE_BIT[code]
                continue
        cost = params.wild[code] * scale
        wild_costs[P.wilds] = cost
        P.wild_code[P.wilds] = code
        P.wilds += 1
        if cost > dearest_cost or (
            cost == dearest_cost and params.order[code] < params.order[P.dearest_wild]
        ):
            dearest_cost = cost
            P.dearest_wild = code
    if jokers > params.jokers:
        return TOO_MANY_JOKERS

    # Discard preference over every natural card (pruned ones too), in the order of
    # params.order (_kernel.discard_order); key k names the card of code key_code[k].
    if keyed:
        bits = present
        while bits:
            position = lowest_bit64(bits)
            bits &= bits - 1
            code = CODE_AT[position]
            rank = 0  # the key: how many cards come before this one
            others = present
            while others:
                i = lowest_bit64(others)
                others &= others - 1
                if params.order[CODE_AT[i]] < params.order[code]:
                    rank += 1
            key_at[position] = rank
            P.key_code[rank] = code

    P.base = 0
    P.isolated = 0
    P.isolated_cost = 0
    P.isolated_key = 0
    dearest = -1
    if params.high_aces:  # an ace is also at 14, above the king
        held |= (held & (LANES << 1)) << 13
    runnable = cover_lanes(held, params, P.wilds)
    keep = present
    # Without discard keys, the cards no meld can hold are found with bit masks: a
    # card is kept when its rank has copies enough for a set (with every wild) or
    # some run could hold it; the cost left out is what the kept cards do not cost.
    threshold = params.min_set - P.wilds
    fast = prune == LEAVE_OUT_ISOLATED and not keyed
    if fast or (prune != KEEP_ISOLATED and present):
        if twice or not fast:
            memset(rank_total, 0, sizeof(rank_total))
            bits = present
            while bits:
                position = lowest_bit64(bits)
                bits &= bits - 1
                rank_total[(position >> 2) + 1] += counts[position]
    if fast:
        if threshold <= 1:
            keep = present  # every card makes a set with the wilds
        elif not twice:
            # One copy of each card: solver order gives each rank a nibble of
            # present, whose bits are counted in place; a nibble of count c >= t
            # carries into its top bit when 8 - t is added (c + 8 - t < 16).
            nibbles = present - ((present >> 1) & PAIRS)
            nibbles = (nibbles & QUADS) + ((nibbles >> 2) & QUADS)
            if threshold > 8:
                keep = 0
            else:
                nibbles = (nibbles + <uint64_t>(8 - threshold) * NIBBLES) & (NIBBLES << 3)
                keep = present & ((nibbles >> 3) * 0xF)
        else:
            keep = 0
            bits = present
            while bits:
                position = lowest_bit64(bits)
                bits &= bits - 1
                if rank_total[(position >> 2) + 1] >= threshold:
                    keep |= (<uint64_t>1) << position
        lanes = held & runnable & (LANES * 0x3FFE)  # ranks 1-13 (not a high ace's 14)
        while lanes:
            i = lowest_bit64(lanes)
            lanes &= lanes - 1
            keep |= (<uint64_t>1) << (((i & 15) - 1) * 4 + (i >> 4))
    elif prune != KEEP_ISOLATED and present:
        for suit in range(4):
            covered[suit] = <uint32_t>((runnable >> (16 * suit)) & 0xFFFF)
        P.isolated = isolated_counted(
            counts, rank_total, present, params, P.wilds, covered, prune == LEAVE_OUT_ISOLATED,
            scale, &P.base, &dearest if keyed else NULL,
        )
        if dearest >= 0:
            P.isolated_cost = params.natural[CODE_AT[dearest]] * scale
            P.isolated_key = key_at[dearest] if keyed else 0

    n = 0
    full = 0
    memset(P.at, 0xFF, sizeof(P.at))  # every entry -1
    bits = keep
    while bits:  # (locals, not P's fields, while P's arrays are written)
        position = lowest_bit64(bits)
        bits &= bits - 1
        count = counts[position]
        if not count:
            continue  # left out by pruning
        rank = (position >> 2) + 1
        suit = position & 3
        code = CODE_AT[position]
        natural = params.natural[code]
        kept_copies += count
        kept_sum += count * natural
        width = 1 if count == 1 else 2 if count < 4 else 3 if count < 8 else 4
        P.code[n] = code
        P.rank[n] = rank
        P.suit[n] = suit
        P.shift[n] = shift
        P.unit[n] = (<uint32_t>1) << shift
        P.field[n] = ((<uint32_t>1 << width) - 1) << shift
        full |= (<uint32_t>count) << shift
        P.cost[n] = natural * scale
        P.drop_key[n] = key_at[position] if keyed else 0
        for j in range(width):
            P.owner[shift + j] = n
        shift += width
        P.at[suit][rank] = n
        P.runnable[n] = runnable >> (16 * suit + rank) & 1
        if rank == 1:
            P.at[suit][14] = n
        n += 1
    P.n = n
    P.full = full
    if fast:
        P.isolated = total - P.wilds - kept_copies
        P.base = (natural_sum - kept_sum) * scale
    # Wild costs, cheapest first (insertion sort: at most 20), then prefix sums.
    for i in range(1, P.wilds):
        cost = wild_costs[i]
        j = i - 1
        while j >= 0 and wild_costs[j] > cost:
            wild_costs[j + 1] = wild_costs[j]
            j -= 1
        wild_costs[j + 1] = cost
    P.prefix[0] = 0
    for i in range(P.wilds):
        P.prefix[i + 1] = P.prefix[i] + wild_costs[i]
    P.wild_key = WILD_KEY if keyed else 0

    P.min_set = params.min_set
    P.min_run = params.min_run
    P.high_aces = params.high_aces
    P.all_wild = params.all_wild
    P.all_wild_minimum = params.min_set if params.min_set < params.min_run else params.min_run
    return OK


# -- the memo ---------------------------------------------------------------------

cdef inline void memo_start(Problem* P, Slot* stack_slots) noexcept nogil:
    memo_start_sized(P, stack_slots, STACK_BITS)


cdef inline void memo_start_sized(Problem* P, Slot* stack_slots, int bits) noexcept nogil:
    """A memo on ``stack_slots``: 2 ** ``bits`` slots."""
    P.slots = stack_slots
    P.bits = bits
    P.mask = (1u << bits) - 1
    P.used = 0
    P.on_heap = False
    memset(stack_slots, 0, (1u << bits) * sizeof(Slot))


cdef inline void memo_end(Problem* P) noexcept nogil:
    if P.on_heap:
        free(P.slots)
        P.on_heap = False


cdef inline uint32_t memo_home(Problem* P, uint32_t key) noexcept nogil:
    return <uint32_t>((<uint64_t>key * <uint64_t>0x9E3779B97F4A7C15) >> (64 - P.bits))


cdef inline Slot* memo_find(Problem* P, uint32_t key) noexcept nogil:
    """The slot of ``key``, or the empty slot where it belongs."""
    cdef uint32_t index = memo_home(P, key)
    while P.slots[index].key != 0 and P.slots[index].key != key:
        index = (index + 1) & P.mask
    return &P.slots[index]


cdef bint memo_grow(Problem* P) noexcept nogil:
    """A table GROWTH times larger, on the heap, holding every entry (a memo that
    outgrows the stack usually keeps growing: fewer, larger steps rehash less)."""
    cdef Slot* old = P.slots
    cdef uint32_t old_size = P.mask + 1, index
    cdef bint old_on_heap = P.on_heap
    cdef Slot* fresh = <Slot*>malloc(GROWTH * old_size * sizeof(Slot))
    if fresh == NULL:
        return False
    memset(fresh, 0, GROWTH * old_size * sizeof(Slot))
    P.slots = fresh
    P.bits += GROWTH_BITS
    P.mask = GROWTH * old_size - 1
    P.on_heap = True
    for index in range(old_size):
        if old[index].key != 0:
            memo_find(P, old[index].key)[0] = old[index]
    if old_on_heap:
        free(old)
    return True


cdef inline void memo_store(Problem* P, uint32_t key, int64_t value) noexcept nogil:
    cdef Slot* slot
    if 2 * (P.used + 1) > P.mask + 1:
        if not memo_grow(P):
            return  # out of memory: go on without remembering (slower, still exact)
    slot = memo_find(P, key)
    if slot.key == 0:
        P.used += 1
    slot.key = key
    slot.value = value


# -- the search -------------------------------------------------------------------

cdef inline int leftover_placed(Problem* P, int wilds, int room) noexcept nogil:
    if P.all_wild and wilds >= P.all_wild_minimum:
        return wilds
    return wilds if wilds < room else room


cdef inline int64_t finish(Problem* P, int wilds, int room, int drop) noexcept nogil:
    """The cost once every natural card is placed: the wilds left over."""
    if drop:  # the discard is a wild: the dearest one, so the cheapest stay
        if wilds == 0:
            return INFINITY
        wilds -= 1
        if room > wilds:
            room = wilds
        return P.prefix[wilds - leftover_placed(P, wilds, room)] + P.wild_key
    return P.prefix[wilds - leftover_placed(P, wilds, room)]


cdef inline int lowest(Problem* P, uint32_t state) noexcept nogil:
    return P.owner[lowest_bit(state)]


cdef inline int copies(Problem* P, uint32_t state, int index) noexcept nogil:
    return (state & P.field[index]) >> P.shift[index]


cdef inline int run_room(int room, int length, int wilds) noexcept nogil:
    room += 13 - length
    return wilds if room > wilds else room


cdef inline int set_members(
    Problem* P, uint32_t state, int index, int* member, int* limit
) noexcept nogil:
    """The cards a set with the lowest card ``index`` may take: that card (its other
    copies, up to ``limit[0]``) and its rank-mates above it (up to their copies).
    Returns how many there are."""
    cdef int members = 1, other = index + 1
    member[0] = index
    limit[0] = copies(P, state, index) - 1
    while other < P.n and P.rank[other] == P.rank[index]:
        limit[members] = copies(P, state, other)
        member[members] = other
        members += 1
        other += 1
    return members


ctypedef struct Option:
    # one way to use the lowest natural card, as the plan reports it
    int kind                # 0 dead, 1 set, 2 run
    uint32_t state
    int wilds, room
    int need
    int taken[4]            # sets: copies taken of the lowest card (less one) and its rank-mates
    uint32_t ranks          # runs: bit r set for each natural rank r (14 = ace high)


cdef inline void choose(
    Option* chosen, int kind, uint32_t state, int wilds, int room, int need,
) noexcept nogil:
    """Record the option the plan takes."""
    chosen.kind = kind
    chosen.state = state
    chosen.wilds = wilds
    chosen.room = room
    chosen.need = need


cdef inline int carry(Problem* P, uint32_t state, int drop, int rank) noexcept nogil:
    """``drop`` for a state below: its bit 1 (CLOSED: no more sets of the lowest rank)
    kept while the lowest card there is still of ``rank``, else cleared."""
    if drop & CLOSED and state and P.rank[lowest(P, state)] == rank:
        return drop
    return drop & 1


cdef inline int memo_room(Problem* P, int room) noexcept nogil:
    """The room a state is remembered by: with melds of wilds only, the room counts
    only while fewer wilds are left than such a meld takes, so more room than that is
    the same state."""
    if P.all_wild and room >= P.all_wild_minimum:
        return P.all_wild_minimum - 1
    return room


cdef inline uint32_t memo_key(uint32_t state, int wilds, int room, int drop) noexcept nogil:
    """The memo's key of a state (its cards, free wilds, room and drop bits)."""
    return state | (<uint32_t>wilds << 20) | (<uint32_t>room << 25) | (<uint32_t>drop << 30)


cdef int64_t value(Problem* P, uint32_t state, int wilds, int room, int drop) noexcept nogil:
    """The lowest cost of the natural cards ``state`` with ``wilds`` wilds free and
    ``room`` places for extra wilds in the melds made so far (as in ``_solver_py``).
    ``drop``: bit 0, the lowest card may be dropped for free (the discard search);
    bit 1 (CLOSED), the set of the lowest rank is made: its other cards are dead or
    in runs (see ``explore``)."""
    cdef uint32_t key
    cdef Slot* slot
    cdef int64_t best
    if state == 0:
        return finish(P, wilds, room, drop & 1)
    room = memo_room(P, room)
    key = memo_key(state, wilds, room, drop)
    slot = memo_find(P, key)
    if slot.key == key:
        return slot.value
    best = explore(P, state, wilds, room, drop, NULL)
    memo_store(P, key, best)
    return best


cdef enum:
    MAX_PLAN_OPTIONS = 256  # options plan_step ranks at one state (more: explore's walk)

ctypedef struct PlanOption:
    uint32_t state
    int wilds, room, need, size, kind
    int taken[4]
    uint32_t ranks


cdef bint collect_runs(
    Problem* P, uint32_t state, int wilds, int room, int suit, int start, int step,
    PlanOption* options, int* count,
) noexcept nogil:
    """The plan's runs from rank ``start`` in direction ``step``, in the order of
    ``runs`` (every one, no cut), appended to ``options``. False when they overflow."""
    cdef int last_of[RUN_STACK]
    cdef int gaps_of[RUN_STACK]
    cdef int count_of[RUN_STACK]
    cdef uint32_t removed_of[RUN_STACK]
    cdef uint32_t ranks_of[RUN_STACK]
    cdef int top, last, gaps, members, span, need, length, other, gap, index, stop
    cdef uint32_t removed, ranks
    cdef PlanOption* option
    stop = 14 if step > 0 else 1
    index = P.at[suit][start]
    last_of[0] = start
    gaps_of[0] = 0
    count_of[0] = 1
    removed_of[0] = P.unit[index]
    ranks_of[0] = (<uint32_t>1) << start
    top = 1
    while top:
        top -= 1
        last = last_of[top]
        gaps = gaps_of[top]
        members = count_of[top]
        removed = removed_of[top]
        ranks = ranks_of[top]
        span = members + gaps
        if step > 0 or span > 1:
            need = gaps + (P.min_run - span if span < P.min_run else 0)
            if need <= wilds:
                if count[0] == MAX_PLAN_OPTIONS:
                    return False
                length = span if span > P.min_run else P.min_run
                option = &options[count[0]]
                count[0] += 1
                option.kind = 2
                option.state = state - removed
                option.wilds = wilds - need
                option.room = run_room(room, length, wilds - need)
                option.need = need
                option.size = members
                option.ranks = ranks
        other = last + step
        while other != stop:
            gap = gaps + (other - last if other > last else last - other) - 1
            if gap > wilds:
                break
            index = P.at[suit][other]
            if index >= 0 and copies(P, state, index) and top < RUN_STACK:
                last_of[top] = other
                gaps_of[top] = gap
                count_of[top] = members + 1
                removed_of[top] = removed + P.unit[index]
                ranks_of[top] = ranks | ((<uint32_t>1) << other)
                top += 1
            other += step
    return True


cdef void plan_step(
    Problem* P, uint32_t state, int wilds, int room, Option* chosen
) noexcept nogil:
    """The option the pure-Python plan takes at this state (as ``explore`` with
    ``chosen`` finds it): every option listed first without its value, then valued
    in the order of the plan's tie-break (fewest wilds spent, most cards melded,
    first listed), so that only the options before the one taken are searched."""
    cdef PlanOption options[MAX_PLAN_OPTIONS]
    cdef PlanOption* option
    cdef int count = 0, index = lowest(P, state), members, k, i, j, size
    cdef int member[4], limit[4], taken[4]
    cdef uint32_t unit = P.unit[index], removed
    cdef int64_t target = value(P, state, wilds, room, 0), total
    cdef bint done
    option = &options[0]
    count = 1
    option.kind = 0
    option.state = state - unit
    option.wilds = wilds
    option.room = room
    option.need = 0
    option.size = 0
    members = set_members(P, state, index, member, limit)
    for k in range(members):
        taken[k] = 0
    while True:
        size = 1
        removed = unit
        for k in range(members):
            size += taken[k]
            removed += <uint32_t>taken[k] * P.unit[member[k]]
        i = P.min_set - size if size < P.min_set else 0
        if i <= wilds:
            if count == MAX_PLAN_OPTIONS:
                explore(P, state, wilds, room, 0, chosen)
                return
            option = &options[count]
            count += 1
            option.kind = 1
            option.state = state - removed
            option.wilds = wilds - i
            option.room = wilds - i
            option.need = i
            option.size = size
            for k in range(4):
                option.taken[k] = taken[k] if k < members else 0
        k = members - 1
        while k >= 0 and taken[k] == limit[k]:
            taken[k] = 0
            k -= 1
        if k < 0:
            break
        taken[k] += 1
    done = collect_runs(P, state, wilds, room, P.suit[index], P.rank[index], 1, options, &count)
    if done and P.high_aces and P.rank[index] == 1:
        done = collect_runs(P, state, wilds, room, P.suit[index], 14, -1, options, &count)
    if not done:
        explore(P, state, wilds, room, 0, chosen)
        return
    # The plan's order: the fewest wilds spent, then the most cards melded, then first.
    while count:
        j = 0
        for i in range(1, count):
            if options[i].need < options[j].need or (
                options[i].need == options[j].need and options[i].size > options[j].size
            ):
                j = i
        option = &options[j]
        if option.kind == 0:  # dead: not when the card alone costs more than the target
            total = INFINITY if P.cost[index] > target else P.cost[index] + value(
                P, option.state, option.wilds, option.room, 0
            )
        else:
            total = value(P, option.state, option.wilds, option.room, 0)
        if total == target:
            choose(chosen, option.kind, option.state, option.wilds, option.room, option.need)
            for k in range(4):
                chosen.taken[k] = option.taken[k]
            chosen.ranks = option.ranks
            return
        # taken out, keeping the order of the rest
        for i in range(j, count - 1):
            options[i] = options[i + 1]
        count -= 1


cdef inline int set_reach(
    Problem* P, uint32_t state, int wilds, int rank, int suit, int cap
) noexcept nogil:
    """How many copies of its card of ``suit`` the set of ``rank`` may leave out with
    no discard pending (see ``explore``): the cards of that suit above it within
    reach of the wilds (an ace on top: the cards below it), one per run. Counting
    stops at ``cap`` (the copies there are to leave out): the answer is exact below
    it, and ``cap`` or more otherwise."""
    cdef int reach = 0, top, j
    if cap <= 0:
        return 0
    top = rank + 1 + wilds
    if top > 13:
        top = 13
    for j in range(rank + 1, top + 1):
        if P.at[suit][j] >= 0:
            reach += copies(P, state, P.at[suit][j])
            if reach >= cap:
                return reach
    if P.high_aces and rank == 1:  # an ace on top: the cards below it
        j = 13 - wilds if 13 - wilds > top + 1 else top + 1
        while j <= 13:
            if P.at[suit][j] >= 0:
                reach += copies(P, state, P.at[suit][j])
            j += 1
    return reach


cdef int64_t explore(
    Problem* P, uint32_t state, int wilds, int room, int drop, Option* chosen
) noexcept nogil:
    """Every option for the lowest natural card. Without ``chosen``: the best value
    (stopping at 0, which nothing beats). With ``chosen`` (the plan, never with
    ``drop``): the option the pure-Python plan picks, in its order."""
    cdef int index = lowest(P, state)
    cdef int rank = P.rank[index], suit = P.suit[index]
    cdef uint32_t unit = P.unit[index]
    cdef int64_t best = INFINITY, total, target = 0
    cdef int members = 0, member[4], limit[4], taken[4], size, need, k, next_wilds
    cdef int pool[4], pool_limit[4], pool_size, pool_total, pooled, kept, left, take, j
    cdef uint32_t removed
    # plan bookkeeping: the best (wilds spent, -melded) so far
    cdef int best_spent = 1 << 20, best_melded = 0
    cdef int closed = drop & CLOSED
    cdef int least[4]       # the fewest copies of each member the set takes
    cdef int reach
    cdef bint closing
    drop &= 1
    if chosen != NULL:
        target = value(P, state, wilds, room, 0)
        # Dead first, as the pure-Python order has it (not when it costs too much).
        if P.cost[index] <= target and P.cost[index] + value(P, state - unit, wilds, room, 0) == target:
            best_spent = 0
            best_melded = 0
            choose(chosen, 0, state - unit, wilds, room, 0)

    # Sets: this card, more copies of it, and any copies of its rank-mates above it.
    # Two sets of one rank are one set (sets have no upper size, and the union needs
    # no more wilds), so the value search makes at most one set per rank: the set of
    # the lowest card takes every card of its rank that goes in a set, and the states
    # below it are CLOSED to sets of that rank (their other cards of it are dead or
    # in runs). (It replaced "a set of 2 * min_set cards or more is two sets, the
    # smaller ones only": 11 aces and 3 jokers in 16 cards 148 -> 34 us, 20 cards of
    # four decks 520 -> 80 us; hands without a rank of 6 cards or more unchanged,
    # meld-rich 16 cards of two decks some 5 % slower.) Not for the plan, which
    # follows the pure-Python order.
    members = set_members(P, state, index, member, limit) if not closed else 0
    closing = chosen == NULL
    # Cards of this rank that no run can hold differ only by suit, which no set
    # minds: the value search takes them as one pool, in order, instead of trying
    # every mix of suits (not for the plan, which follows the pure-Python order, nor
    # in the keyed discard search, where the suit decides the tie-break).
    pool_size = 0
    if chosen == NULL and (drop == 0 or P.wild_key == 0):
        for k in range(members):
            if not P.runnable[member[k]]:
                pool_size += 1
    pooled = -1
    if pool_size >= 2:
        kept = 0
        pool_size = 0
        pool_total = 0
        for k in range(members):
            if P.runnable[member[k]]:
                member[kept] = member[k]
                limit[kept] = limit[k]
                kept += 1
            else:
                pool[pool_size] = member[k]
                pool_limit[pool_size] = limit[k]
                pool_size += 1
                pool_total += limit[k]
        pooled = kept
        member[pooled] = -1
        limit[pooled] = pool_total
        members = kept + 1
    # The one set of the rank takes every copy that would otherwise be left over:
    # once it is made, a copy of this rank is deadwood, in a run or (with a discard
    # pending) the discard; a run holding it (not alone: see runs) holds a card of its
    # suit above it within reach of the wilds, one per run. So of each card, the set
    # leaves out at most as many copies as there are such cards (one more with a
    # discard pending): a copy left out beyond them would be deadwood, which the set
    # takes at no cost. Cards no run can hold (the pool) all go in.
    for k in range(members):
        least[k] = 0
        if not closing:
            continue
        reach = 0 if k == pooled else set_reach(P, state, wilds, rank, P.suit[member[k]],
                                                 limit[k] - drop)
        if drop:
            reach += 1
        if limit[k] > reach:
            least[k] = limit[k] - reach
    for k in range(members):
        taken[k] = least[k]
    while members:
        size = 1
        removed = unit
        for k in range(members):
            size += taken[k]
            if k != pooled:
                removed += <uint32_t>taken[k] * P.unit[member[k]]
                continue
            left = taken[k]
            for j in range(pool_size):
                take = left if left < pool_limit[j] else pool_limit[j]
                removed += <uint32_t>take * P.unit[pool[j]]
                left -= take
        need = P.min_set - size if size < P.min_set else 0
        # (The plan looks only at the options its tie-break could still prefer.)
        if need <= wilds and (
            closing or (size < 2 * P.min_set if chosen == NULL else
                        need < best_spent or (need == best_spent and size > best_melded))
        ):
            next_wilds = wilds - need
            total = value(P, state - removed, next_wilds, next_wilds,
                          carry(P, state - removed, drop | CLOSED, rank) if closing else drop)
            if chosen == NULL:
                if total < best:
                    best = total
                    if best == 0:
                        return 0
            elif total == target and (
                need < best_spent or (need == best_spent and size > best_melded)
            ):
                best_spent = need
                best_melded = size
                choose(chosen, 1, state - removed, next_wilds, next_wilds, need)
                for k in range(4):
                    chosen.taken[k] = taken[k] if k < members else 0
        # the next choice, the last member fastest (itertools.product order)
        k = members - 1
        while k >= 0 and taken[k] == limit[k]:
            taken[k] = least[k]
            k -= 1
        if k < 0:
            break
        taken[k] += 1

    # Runs with this card lowest; with aces high-or-low, runs with this ace on top.
    total = runs(P, state, wilds, room, drop | closed, suit, rank, 1, chosen, target,
                 &best, &best_spent, &best_melded)
    if total == 0:
        return 0
    if P.high_aces and rank == 1:
        total = runs(P, state, wilds, room, drop | closed, suit, 14, -1, chosen, target,
                     &best, &best_spent, &best_melded)
        if total == 0:
            return 0

    if chosen != NULL:
        return target
    # Dead, then (in the discard search) dropped for free.
    if P.cost[index] < best:
        total = P.cost[index] + value(P, state - unit, wilds, room,
                                      carry(P, state - unit, drop | closed, rank))
        if total < best:
            best = total
    if drop and P.drop_key[index] < best:
        total = P.drop_key[index] + value(P, state - unit, wilds, room,
                                          carry(P, state - unit, closed, rank))
        if total < best:
            best = total
    return best


cdef int64_t runs(
    Problem* P, uint32_t state, int wilds, int room, int drop, int suit, int start,
    int step, Option* chosen, int64_t target, int64_t* best, int* best_spent,
    int* best_melded,
) noexcept nogil:
    """Runs that end at rank ``start`` and go on in direction ``step``, choosing the
    other naturals one rank at a time and filling gaps with wilds (depth first, in
    the pure-Python order). Returns 0 when the value search may stop, else 1.

    The value search skips a run that fills a gap with a wild where a natural card of
    that rank is held: the same run with the natural card instead is never worse. In
    whatever follows, the card kept back is either deadwood (then the wild saved joins
    a meld: the run alone has room for it), or in a meld (then the wild saved takes
    its place there; a meld left with wilds only gives them to the run, whose room
    takes every wild still free), or, with a free discard pending, the discard. This
    needs the room: 13 - length > the wilds left after the run. For going out, a
    discarded card kept back can give way to the saved wild, discarded instead. The keyed discard search prefers natural
    discards: there a run that keeps back one card is tried with that card discarded
    at once, and a run that keeps back two is skipped; the every-discard search does
    the same (``forward_runs``). The plan looks at every option, in the pure-Python
    order."""
    cdef bint pruning = chosen == NULL
    cdef bint keyed = drop & 1 and P.wild_key != 0
    cdef int low_rank = P.rank[P.at[suit][start]]
    cdef int passed, first_passed, skipped, kept
    cdef char skipped_of[RUN_STACK]  # held cards left for a wild: 0, 1 or 2 (or more)
    cdef int kept_of[RUN_STACK]      # the first of them
    cdef int last_of[RUN_STACK]
    cdef int gaps_of[RUN_STACK]
    cdef int count_of[RUN_STACK]
    cdef uint32_t removed_of[RUN_STACK]
    cdef uint32_t ranks_of[RUN_STACK]
    cdef int top = 0, last, gaps, count, span, need, length, other, gap, index, stop
    cdef int next_wilds, next_room
    cdef uint32_t removed, ranks
    cdef int64_t total
    stop = 14 if step > 0 else 1
    index = P.at[suit][start]
    last_of[0] = start
    gaps_of[0] = 0
    count_of[0] = 1
    removed_of[0] = P.unit[index]
    ranks_of[0] = (<uint32_t>1) << start
    skipped_of[0] = 0
    kept_of[0] = -1
    top = 1
    while top:
        top -= 1
        skipped = skipped_of[top]
        kept = kept_of[top]
        last = last_of[top]
        gaps = gaps_of[top]
        count = count_of[top]
        removed = removed_of[top]
        ranks = ranks_of[top]
        span = count + gaps
        # A lone ace at the top is the same run as a lone ace at the bottom.
        if step > 0 or span > 1:
            need = gaps + (P.min_run - span if span < P.min_run else 0)
            length = span if span > P.min_run else P.min_run
            next_wilds = wilds - need
            if need > wilds:
                pass
            elif pruning and skipped and 13 - length > next_wilds:
                if keyed and skipped == 1:  # the card kept back, discarded now
                    next_room = run_room(room, length, next_wilds)
                    total = value(P, state - removed - P.unit[kept], next_wilds,
                                  next_room, 0)
                    if total + P.drop_key[kept] < best[0]:
                        best[0] = total + P.drop_key[kept]
                        if best[0] == 0:
                            return 0
            elif pruning and count == 1 and P.min_set <= P.min_run:
                # A run of one natural card and wilds: the set of that card with the
                # same wilds (or with a set of its rank made later) is never worse,
                # and leaves every wild room.
                pass
            elif not pruning and not (
                need < best_spent[0] or (need == best_spent[0] and count > best_melded[0])
            ):
                pass  # the plan's tie-break prefers the option it has
            else:
                next_room = run_room(room, length, next_wilds)
                total = value(P, state - removed, next_wilds, next_room,
                              carry(P, state - removed, drop, low_rank))
                if chosen == NULL:
                    if total < best[0]:
                        best[0] = total
                        if total == 0:
                            return 0
                elif total == target and (
                    need < best_spent[0] or (need == best_spent[0] and count > best_melded[0])
                ):
                    best_spent[0] = need
                    best_melded[0] = count
                    choose(chosen, 2, state - removed, next_wilds, next_room, need)
                    chosen.ranks = ranks
        other = last + step
        passed = 0  # held natural cards between last and other, left for wilds
        first_passed = -1
        while other != stop:
            gap = gaps + (other - last if other > last else last - other) - 1
            if gap > wilds:
                break
            index = P.at[suit][other]
            if index >= 0 and copies(P, state, index) and top < RUN_STACK:
                last_of[top] = other
                gaps_of[top] = gap
                count_of[top] = count + 1
                removed_of[top] = removed + P.unit[index]
                ranks_of[top] = ranks | ((<uint32_t>1) << other)
                skipped_of[top] = skipped + passed if skipped + passed < 2 else 2
                kept_of[top] = kept if skipped else first_passed
                top += 1
                if not passed:
                    first_passed = index
                passed += 1
            other += step
    return 1


# -- every discard, best first ----------------------------------------------------------
#
# The every-discard search computes, for each distinct card of the hand, the best
# cost of the hand without one copy of it: entry e, for the core natural cards (by
# index), then one per distinct wild code (``every_discard`` sets up each wild's
# prefix sums of the others). The search with a discard pending (the keyed discard
# search's options) is a graph of states: a node is a state (cards, wilds, room,
# CLOSED) before the discard is made, an edge an option, costing what it leaves over.
# The discard is made on a "drop" edge: the lowest card, or the card a run leaves to
# a wild (see ``runs``), after which the rest is one scalar ``value``; a wild is
# dropped at the end (a node with no card left). Entry e is the cheapest way from
# the hand to a drop of e, plus the value after it. ``forward_entries`` walks the
# graph cheapest way in first (edges cost nothing or more, so a node's way in is
# final when it is taken) and expands a node only while some entry still live there
# could be lowered: entry e below a node costs at least the node's scalar value less
# e's own cost (a drop made dead is a melding of the node), and a drop is valued only
# when its way in is below its entry. The set of a rank is made once (CLOSED, as in
# ``explore``): for every entry, sets of one rank merge into one, and a copy left out
# of it beyond what runs could hold is deadwood the set takes for free (``least``,
# one copy more, since any card may be the discard).

ctypedef struct FEdge:
    uint32_t state
    int wilds, room, flag   # flag: the state's CLOSED flag
    int entry               # a drop's entry, or -1 (an option)
    int64_t add             # the cost of the option itself

ctypedef struct FNode:
    uint32_t state
    int wilds, room, flag
    bint expanded
    int64_t g               # the cheapest way in found so far

ctypedef struct FQueued:
    int64_t g
    uint32_t state
    int node

ctypedef struct Forward:
    # three growing arrays, started on the C stack (forward_entries'), then on the heap
    FEdge* stack            # the options of the node being expanded
    int stack_used, stack_size
    FNode* nodes
    int nodes_used, nodes_size
    FQueued* heap           # the nodes to expand, cheapest way in (then fewest cards) first
    int heap_used, heap_size
    bint stack_on_heap, nodes_on_heap, heap_on_heap

cdef bint forward_room(
    void** array, int* size, bint* on_heap, int needed, size_t item
) noexcept nogil:
    """Room for ``needed`` items in a growing array (doubling, moved to the heap from
    the stack at the first step); False when memory is short."""
    cdef int fresh
    cdef void* grown
    if needed <= size[0]:
        return True
    fresh = 2 * size[0] if size[0] else 64
    while fresh < needed:
        fresh *= 2
    if on_heap[0]:
        grown = realloc(array[0], fresh * item)
    else:
        grown = malloc(fresh * item)
        if grown != NULL:
            memcpy(grown, array[0], size[0] * item)
    if grown == NULL:
        return False
    array[0] = grown
    size[0] = fresh
    on_heap[0] = True
    return True


cdef inline bint forward_push(
    Forward* F, uint32_t state, int wilds, int room, int flag, int entry, int64_t add
) noexcept nogil:
    cdef FEdge* edge
    if not forward_room(<void**>&F.stack, &F.stack_size, &F.stack_on_heap, F.stack_used + 1,
                        sizeof(FEdge)):
        return False
    edge = &F.stack[F.stack_used]
    F.stack_used += 1
    edge.state = state
    edge.wilds = wilds
    edge.room = room
    edge.flag = flag
    edge.entry = entry
    edge.add = add
    return True


cdef bint forward_runs(
    Problem* P, Forward* F, uint32_t state, int wilds, int room, int closed, int suit,
    int start, int step,
) noexcept nogil:
    """The runs of ``runs`` with a discard pending (the keyed search's: a run that leaves
    one held card to a wild is a drop of that card, one that leaves two is skipped),
    pushed as options. False when memory is short."""
    cdef int low_rank = P.rank[P.at[suit][start]]
    cdef int passed, first_passed, skipped, kept
    cdef char skipped_of[RUN_STACK]
    cdef int kept_of[RUN_STACK]
    cdef int last_of[RUN_STACK]
    cdef int gaps_of[RUN_STACK]
    cdef int count_of[RUN_STACK]
    cdef uint32_t removed_of[RUN_STACK]
    cdef int top = 0, last, gaps, count, span, need, length, other, gap, index, stop
    cdef int next_wilds, next_room
    cdef uint32_t removed
    stop = 14 if step > 0 else 1
    index = P.at[suit][start]
    last_of[0] = start
    gaps_of[0] = 0
    count_of[0] = 1
    removed_of[0] = P.unit[index]
    skipped_of[0] = 0
    kept_of[0] = -1
    top = 1
    while top:
        top -= 1
        skipped = skipped_of[top]
        kept = kept_of[top]
        last = last_of[top]
        gaps = gaps_of[top]
        count = count_of[top]
        removed = removed_of[top]
        span = count + gaps
        if step > 0 or span > 1:
            need = gaps + (P.min_run - span if span < P.min_run else 0)
            length = span if span > P.min_run else P.min_run
            next_wilds = wilds - need
            if need > wilds:
                pass
            elif skipped and 13 - length > next_wilds:
                if skipped == 1:  # the card kept back, discarded now
                    next_room = run_room(room, length, next_wilds)
                    if not forward_push(
                        F, state - removed - P.unit[kept], next_wilds, next_room,
                        carry(P, state - removed - P.unit[kept], closed, low_rank), kept, 0
                    ):
                        return False
            elif count == 1 and P.min_set <= P.min_run:
                pass  # the set of that card with the same wilds is never worse
            else:
                next_room = run_room(room, length, next_wilds)
                if not forward_push(F, state - removed, next_wilds, next_room,
                                    carry(P, state - removed, closed, low_rank), -1, 0):
                    return False
        other = last + step
        passed = 0
        first_passed = -1
        while other != stop:
            gap = gaps + (other - last if other > last else last - other) - 1
            if gap > wilds:
                break
            index = P.at[suit][other]
            if index >= 0 and copies(P, state, index) and top < RUN_STACK:
                last_of[top] = other
                gaps_of[top] = gap
                count_of[top] = count + 1
                removed_of[top] = removed + P.unit[index]
                skipped_of[top] = skipped + passed if skipped + passed < 2 else 2
                kept_of[top] = kept if skipped else first_passed
                top += 1
                if not passed:
                    first_passed = index
                passed += 1
            other += step
    return True


cdef bint forward_options(
    Problem* P, Forward* F, uint32_t state, int wilds, int room, int closed
) noexcept nogil:
    """The options of a state with a discard pending, onto ``F.stack`` (from 0): drops
    and options, as the keyed discard search has them. False when memory is short."""
    cdef uint32_t removed, unit
    cdef int i, index, rank, members, k, size, need, next_wilds
    cdef int member[4], limit[4], taken[4], least[4]
    F.stack_used = 0
    index = lowest(P, state)
    rank = P.rank[index]
    unit = P.unit[index]
    # This card dropped, or left over.
    i = carry(P, state - unit, closed, rank)
    if not forward_push(F, state - unit, wilds, room, i, index, 0):
        return False
    if not forward_push(F, state - unit, wilds, room, i, -1, P.cost[index]):
        return False
    # The one set of this rank (see explore), one more copy left out of each card
    # than explore leaves with no discard pending: any may be the discard.
    members = 0 if closed else set_members(P, state, index, member, limit)
    size = 1
    removed = unit
    for k in range(members):
        i = set_reach(P, state, wilds, rank, P.suit[member[k]], limit[k] - 1) + 1
        least[k] = limit[k] - i if limit[k] > i else 0
        taken[k] = least[k]
        size += least[k]
        removed += <uint32_t>least[k] * P.unit[member[k]]
    while members:
        need = P.min_set - size if size < P.min_set else 0
        if need <= wilds:
            next_wilds = wilds - need
            if not forward_push(F, state - removed, next_wilds, next_wilds,
                                carry(P, state - removed, CLOSED, rank), -1, 0):
                return False
        k = members - 1
        while k >= 0 and taken[k] == limit[k]:
            size -= taken[k] - least[k]
            removed -= <uint32_t>(taken[k] - least[k]) * P.unit[member[k]]
            taken[k] = least[k]
            k -= 1
        if k < 0:
            break
        taken[k] += 1
        size += 1
        removed += P.unit[member[k]]
    # Runs with this card lowest; with aces high-or-low, runs with this ace on top.
    if not forward_runs(P, F, state, wilds, room, closed, P.suit[index], rank, 1):
        return False
    if P.high_aces and rank == 1:
        if not forward_runs(P, F, state, wilds, room, closed, P.suit[index], 14, -1):
            return False
    return True


cdef inline bint queued_before(const FQueued* a, const FQueued* b) noexcept nogil:
    return a.g < b.g or (a.g == b.g and a.state < b.state)


cdef bint forward_reach(
    Problem* P, Forward* F, uint32_t state, int wilds, int room, int flag, int64_t g
) noexcept nogil:
    """The node of this state reached with way in ``g``: made (memoised under keys with
    bit 30 set), and queued when that is its cheapest way in yet. False when memory
    is short."""
    cdef uint32_t key
    cdef Slot* slot
    cdef int node, i, parent
    cdef FQueued item
    room = memo_room(P, room)
    key = memo_key(state, wilds, room, flag | 1)
    slot = memo_find(P, key)
    if slot.key == key:
        node = <int>slot.value
        if g >= F.nodes[node].g:
            return True
    else:
        if not forward_room(<void**>&F.nodes, &F.nodes_size, &F.nodes_on_heap, F.nodes_used + 1,
                            sizeof(FNode)):
            return False
        node = F.nodes_used
        F.nodes_used += 1
        F.nodes[node].state = state
        F.nodes[node].wilds = wilds
        F.nodes[node].room = room
        F.nodes[node].flag = flag
        F.nodes[node].expanded = False
        memo_store(P, key, node)
    F.nodes[node].g = g
    # Queued (an earlier, dearer entry of it is passed over when taken).
    if not forward_room(<void**>&F.heap, &F.heap_size, &F.heap_on_heap, F.heap_used + 1,
                        sizeof(FQueued)):
        return False
    item.g = g
    item.state = state
    item.node = node
    i = F.heap_used
    F.heap_used += 1
    while i > 0:
        parent = (i - 1) >> 1
        if not queued_before(&item, &F.heap[parent]):
            break
        F.heap[i] = F.heap[parent]
        i = parent
    F.heap[i] = item
    return True


cdef inline int64_t memo_peek(
    Problem* P, uint32_t state, int wilds, int room, int drop
) noexcept nogil:
    """``value`` of a state when the memo already holds it (or no card is left),
    else -1: nothing is searched."""
    cdef uint32_t key
    cdef Slot* slot
    if state == 0:
        return finish(P, wilds, room, drop & 1)
    key = memo_key(state, wilds, memo_room(P, room), drop)
    slot = memo_find(P, key)
    return slot.value if slot.key == key else -1


cdef bint forward_entries(Problem* P, int64_t root, int64_t* out) noexcept nogil:
    """Every entry of the hand (``P.full``, all its wilds; ``root`` its value) into
    ``out``, by the best-first walk; False when memory is short (``out`` is then
    unfinished).

    Every entry has a floor: the hand less card c costs at least ``root - cost(c)``
    (and 0), since c left dead beside the best melding of the rest is a melding of
    the hand. An entry found at its floor is exact (``final``): the walk asks no
    more for it."""
    cdef Forward F
    cdef FEdge stack_edges[64]
    cdef FNode stack_nodes[128]
    cdef FQueued stack_heap[128]
    cdef int i, j, e, node, left, last, child
    cdef int64_t g, total, whole
    cdef uint32_t state, bits, live
    cdef FEdge* edge
    cdef FQueued item
    cdef bint done = False, useful, unknown
    cdef int64_t floor[MAX_ENTRIES]  # each entry's floor: root less its card's cost
    cdef uint32_t final = 0          # the entries found at their floor
    memset(&F, 0, sizeof(F))
    F.stack = stack_edges
    F.stack_size = 64
    F.nodes = stack_nodes
    F.nodes_size = 128
    F.heap = stack_heap
    F.heap_size = 128
    for e in range(P.width):
        out[e] = INFINITY
        floor[e] = root - P.entry_cost[e] if root > P.entry_cost[e] else 0
    if not forward_reach(P, &F, P.full, P.wilds, 0, 0, 0):
        F.heap_used = -1
    while F.heap_used > 0:
        # The cheapest queued node, out of the heap.
        item = F.heap[0]
        F.heap_used -= 1
        last = F.heap_used
        i = 0
        while True:
            child = 2 * i + 1
            if child >= last:
                break
            if child + 1 < last and queued_before(&F.heap[child + 1], &F.heap[child]):
                child += 1
            if not queued_before(&F.heap[child], &F.heap[last]):
                break
            F.heap[i] = F.heap[child]
            i = child
        F.heap[i] = F.heap[last]
        node = item.node
        g = item.g
        if F.nodes[node].expanded or g > F.nodes[node].g:
            continue
        F.nodes[node].expanded = True
        state = F.nodes[node].state
        if state == 0:  # every card placed: a wild is the discard
            if F.nodes[node].wilds:
                left = F.nodes[node].wilds - 1
                j = F.nodes[node].room if F.nodes[node].room < left else left
                for e in range(P.wild_entries):
                    total = g + P.wild_prefix[e][left - leftover_placed(P, left, j)]
                    if total < out[P.n + e]:
                        out[P.n + e] = total
                        if total <= floor[P.n + e]:
                            final |= (<uint32_t>1) << (P.n + e)
            continue
        # Expanded only while an entry live here (its card in the node, not final)
        # could still be lowered. Below the node, entry e costs at least g +
        # value(node) - cost(e) (a drop made dead is a melding of the node), and
        # since g + value(node) >= root, at least max(g, floor[e]) before the node's
        # value is known. While some live entry has no way yet the node is
        # expanded; else when that cheap bound leaves some entry to lower, the
        # node's value is asked of the memo only (the root's search has most of
        # them): a node the memo lacks is expanded.
        live = 0
        bits = state
        while bits:
            e = P.owner[lowest_bit(bits)]
            bits &= ~P.field[e]
            live |= (<uint32_t>1) << e
        if F.nodes[node].wilds:
            live |= P.wild_entry_bits
        live &= ~final
        unknown = False
        bits = live
        while bits:
            e = lowest_bit(bits)
            bits &= bits - 1
            if out[e] >= INFINITY:
                unknown = True
                break
        whole = -1
        useful = unknown
        if not unknown:
            bits = live
            while bits:
                e = lowest_bit(bits)
                bits &= bits - 1
                if (g if g > floor[e] else floor[e]) < out[e]:
                    useful = True
                    break
            if useful:
                whole = memo_peek(P, state, F.nodes[node].wilds, F.nodes[node].room,
                                  F.nodes[node].flag)
                if whole >= 0:
                    useful = False
                    while live:
                        e = lowest_bit(live)
                        live &= live - 1
                        total = whole - P.entry_cost[e] if whole > P.entry_cost[e] else 0
                        if g + total < out[e]:
                            useful = True
                            break
        if not useful:
            continue
        if not forward_options(P, &F, state, F.nodes[node].wilds, F.nodes[node].room,
                               F.nodes[node].flag):
            F.heap_used = -1
            break
        for j in range(F.stack_used):
            edge = &F.stack[j]
            total = g + edge.add
            if edge.entry < 0:
                if not forward_reach(P, &F, edge.state, edge.wilds, edge.room, edge.flag,
                                     total):
                    F.heap_used = -1
                    break
            elif total < out[edge.entry] and not final >> edge.entry & 1 and (
                # (the drop's rest costs at least the node's value less the card's cost)
                whole < 0 or total + (whole - P.entry_cost[edge.entry] if (
                    whole > P.entry_cost[edge.entry]) else 0) < out[edge.entry]
            ):
                total += value(P, edge.state, edge.wilds, edge.room, edge.flag) if (
                    edge.state) else finish(P, edge.wilds, edge.room, 0)
                if total < out[edge.entry]:
                    out[edge.entry] = total
                    if total <= floor[edge.entry]:
                        final |= (<uint32_t>1) << edge.entry
    done = F.heap_used == 0
    if F.stack_on_heap:
        free(F.stack)
    if F.nodes_on_heap:
        free(F.nodes)
    if F.heap_on_heap:
        free(F.heap)
    return done


cdef void scalar_entries(Problem* P, Slot* stack_slots, int64_t* out) noexcept nogil:
    """Every entry by a scalar search of the hand without that card (when memory is
    short for ``forward_entries``): a wild's with the prefix sums of the others."""
    cdef int64_t saved[MAX_CARDS + 1]
    cdef int e
    memo_end(P)
    memo_start_sized(P, stack_slots, WIDE_STACK_BITS)
    for e in range(P.n):
        out[e] = value(P, P.full - P.unit[e], P.wilds, 0, 0) if (
            P.full - P.unit[e]) else finish(P, P.wilds, 0, 0)
    memcpy(saved, P.prefix, sizeof(saved))
    for e in range(P.wild_entries):  # the memo holds values of other prefix sums
        memcpy(P.prefix, P.wild_prefix[e], sizeof(saved))
        memo_end(P)
        memo_start_sized(P, stack_slots, WIDE_STACK_BITS)
        out[P.n + e] = value(P, P.full, P.wilds - 1, 0, 0) if P.full else finish(
            P, P.wilds - 1, 0, 0)
    memcpy(P.prefix, saved, sizeof(saved))


cdef int every_discard(
    const int8_t* codes, Py_ssize_t length, Params params, int* out_codes, int64_t* out_costs
) noexcept nogil:
    """The cost left by discarding each distinct card: how many cards, into
    ``out_codes`` and ``out_costs`` (room for 2 * MAX_CARDS); or an error code."""
    cdef Problem P
    cdef Slot stack_slots[1 << WIDE_STACK_BITS]
    cdef int64_t vector[MAX_ENTRIES]
    cdef int64_t sorted_costs[MAX_CARDS]
    cdef int64_t core, cost
    cdef int status, i, i2, j, k, found = 0, code, dropped
    cdef uint64_t seen = 0
    status = encode(&P, codes, length, params, 1, False, LEAVE_OUT_ISOLATED)
    if status != OK:
        return status
    # One entry per distinct wild code, each with the prefix sums of the other wilds.
    for i in range(P.wilds):
        sorted_costs[i] = P.prefix[i + 1] - P.prefix[i]
    P.wild_entries = 0
    for i in range(P.wilds):
        code = P.wild_code[i]
        if seen >> code & 1:
            continue
        seen |= (<uint64_t>1) << code
        k = P.wild_entries
        P.wild_entries += 1
        P.wild_entry_code[k] = code
        cost = params.wild[code]
        dropped = 0
        P.wild_prefix[k][0] = 0
        j = 0
        for i2 in range(P.wilds):
            if not dropped and sorted_costs[i2] == cost:
                dropped = 1
                continue
            P.wild_prefix[k][j + 1] = P.wild_prefix[k][j] + sorted_costs[i2]
            j += 1
    P.width = P.n + P.wild_entries
    P.wild_entry_bits = (((<uint32_t>1) << P.width) - 1) & ~(((<uint32_t>1) << P.n) - 1)
    for i in range(P.n):
        P.entry_cost[i] = P.cost[i]
    for i in range(P.wild_entries):
        P.entry_cost[P.n + i] = params.wild[P.wild_entry_code[i]]
    memo_start_sized(&P, stack_slots, WIDE_STACK_BITS)
    core = value(&P, P.full, P.wilds, 0, 0) if P.full else finish(&P, P.wilds, 0, 0)
    if not forward_entries(&P, core, vector):
        scalar_entries(&P, stack_slots, vector)
    memo_end(&P)
    for i in range(P.n):
        out_codes[found] = P.code[i]
        out_costs[found] = P.base + vector[i]
        found += 1
    for i in range(P.wild_entries):
        out_codes[found] = P.wild_entry_code[i]
        out_costs[found] = P.base + vector[P.n + i]
        found += 1
    # The cards no meld can hold: deadwood whatever is discarded.
    for i in range(length):
        code = codes[i]
        if code < 0 or code == JOKER or (code % 13) + 1 == params.wild_rank:
            continue
        if seen >> code & 1:
            continue
        seen |= (<uint64_t>1) << code
        for j in range(P.n):
            if P.code[j] == code:
                break
        else:
            out_codes[found] = code
            out_costs[found] = P.base - params.natural[code] + core
            found += 1
    return found


# -- entry points -----------------------------------------------------------------

cdef int64_t solve(
    const int8_t* codes, Py_ssize_t length, Params params, int mode, int64_t* discard
) noexcept nogil:
    """MODE_SCORE: the best cost. MODE_GO_OUT: can the hand go out (0 or 1).
    MODE_BEST_DISCARD: the best discard's cost, and its code in ``discard``.
    Negative: an encoding error."""
    cdef Problem P
    cdef Slot stack_slots[STACK_SLOTS]
    cdef int status
    cdef int64_t result, dropped, key
    cdef bint keyed = mode == MODE_BEST_DISCARD
    status = encode(&P, codes, length, params, 1 << KEY_BITS if keyed else 1, keyed,
                    LEAVE_OUT_ISOLATED)
    if status != OK:
        return status
    if mode == MODE_SCORE:
        return P.base + search(&P, stack_slots, 0)
    if P.n == 0 and P.wilds == 0 and P.isolated == 0:  # an empty hand
        if mode == MODE_GO_OUT:
            return 0
        discard[0] = -1
        return INFINITY
    if mode == MODE_GO_OUT:
        # Cards no meld can hold: two cannot both go; one must be the discard.
        if P.isolated > 1:
            return 0
        return 1 if search(&P, stack_slots, P.isolated == 0) == 0 else 0
    # The discard is the dearest card no meld can hold, or one the search finds; the
    # two searches share one memo.
    memo_start(&P, stack_slots)
    result = P.base + (value(&P, P.full, P.wilds, 0, 1) if P.full else finish(&P, P.wilds, 0, 1))
    if P.isolated:
        dropped = P.base - P.isolated_cost + P.isolated_key + (
            value(&P, P.full, P.wilds, 0, 0) if P.full else finish(&P, P.wilds, 0, 0)
        )
        if dropped < result:
            result = dropped
    memo_end(&P)
    key = result & WILD_KEY
    discard[0] = P.dearest_wild if key == WILD_KEY else P.key_code[key]
    return result >> KEY_BITS


cdef int64_t search(Problem* P, Slot* stack_slots, int drop) noexcept nogil:
    """The value of the whole of ``P`` (a fresh memo each time)."""
    cdef int64_t result
    if P.full == 0:
        return finish(P, P.wilds, 0, drop)
    # A few cards visit a few states: a smaller table to clear (most hands of a
    # batch keep only two or three cards once those no meld can hold are set aside).
    memo_start_sized(P, stack_slots, SMALL_STACK_BITS if P.n <= 3 and P.wilds <= 1 else
                     MIDDLE_STACK_BITS if P.n <= MIDDLE_CARDS and P.wilds <= 1 else STACK_BITS)
    result = value(P, P.full, P.wilds, 0, drop)
    memo_end(P)
    return result


cdef inline const int8_t* bytes_codes(bytes codes):
    return <const int8_t*><char*>codes


def score(bytes codes, Params params):
    """The lowest cost of the cards left unmelded, or a negative error code."""
    cdef const int8_t* data = bytes_codes(codes)
    cdef Py_ssize_t length = len(codes)
    cdef int64_t result
    if length < 8:
        return solve(data, length, params, MODE_SCORE, NULL)
    with nogil:
        result = solve(data, length, params, MODE_SCORE, NULL)
    return result


def can_go_out(bytes codes, Params params):
    """1 when some discard leaves every other card melded, 0 when not, or an error code."""
    cdef const int8_t* data = bytes_codes(codes)
    cdef Py_ssize_t length = len(codes)
    cdef int64_t result
    with nogil:
        result = solve(data, length, params, MODE_GO_OUT, NULL)
    return result


def best_discard(bytes codes, Params params):
    """``(cost, code)`` of the best discard (code -1 for an empty hand), or
    ``(error code, -1)``."""
    cdef const int8_t* data = bytes_codes(codes)
    cdef Py_ssize_t length = len(codes)
    cdef int64_t result, discard = -1
    with nogil:
        result = solve(data, length, params, MODE_BEST_DISCARD, &discard)
    return result, discard


def discards(bytes codes, Params params, int shift):
    """``(codes, scores)``: each distinct card of the hand (``bytes`` of codes) and the
    cost left by discarding it shifted right by ``shift`` (a tuple), best first as
    ``best_discard`` ranks them, from one shared search; or an error code."""
    cdef const int8_t* data = bytes_codes(codes)
    cdef Py_ssize_t length = len(codes)
    cdef int found, i, j, code
    cdef int out_codes[2 * MAX_CARDS]
    cdef int64_t out_costs[2 * MAX_CARDS]
    cdef int64_t cost
    cdef char ranked[2 * MAX_CARDS]
    if length > MAX_CARDS:
        return TOO_MANY_CARDS
    with nogil:
        found = every_discard(data, length, params, out_codes, out_costs)
        # Best first: the lowest cost, then params.order (the order of best_discard).
        for i in range(1, found):
            code = out_codes[i]
            cost = out_costs[i]
            j = i - 1
            while j >= 0 and discard_before(params, cost, code, out_costs[j], out_codes[j]):
                out_codes[j + 1] = out_codes[j]
                out_costs[j + 1] = out_costs[j]
                j -= 1
            out_codes[j + 1] = code
            out_costs[j + 1] = cost
    if found < 0:
        return found
    for i in range(found):
        ranked[i] = <char>out_codes[i]
    return ranked[:found], tuple([out_costs[i] >> shift for i in range(found)])


cdef inline bint discard_before(
    Params params, int64_t cost, int code, int64_t other_cost, int other_code
) noexcept nogil:
    if cost != other_cost:
        return cost < other_cost
    return params.order[code] < params.order[other_code]


def plan(bytes codes, Params params):
    """``(cost, moves, wilds placed beside the moves, wilds left over)``: the moves of
    the plainest best melding, as ``_solver_py.plan`` gives them; or an error code."""
    cdef Problem P
    cdef Slot stack_slots[STACK_SLOTS]
    cdef Option chosen
    cdef int status, index, k, r, suit, placed
    cdef uint32_t state
    cdef int wilds, room
    cdef int64_t total
    cdef list moves = []
    cdef list members
    status = encode(&P, bytes_codes(codes), len(codes), params, 1, False, KEEP_ISOLATED)
    if status != OK:
        return status
    memo_start(&P, stack_slots)
    try:
        state = P.full
        wilds = P.wilds
        room = 0
        with nogil:
            total = value(&P, state, wilds, room, 0) if state else finish(&P, wilds, room, 0)
        while state:
            index = lowest(&P, state)
            with nogil:
                explore(&P, state, wilds, room, 0, &chosen)
            if chosen.kind == 0:
                moves.append(("dead", P.code[index]))
            elif chosen.kind == 1:
                members = [P.code[index]]
                r = P.rank[index]
                for k in range(4):
                    if chosen.taken[k]:
                        members.extend([P.code[index + k]] * chosen.taken[k])
                moves.append(("set", r, tuple(members), chosen.need))
            else:
                suit = P.suit[index]
                moves.append(
                    ("run", suit, tuple(r for r in range(1, 15) if chosen.ranks >> r & 1),
                     chosen.need)
                )
            state = chosen.state
            wilds = chosen.wilds
            room = chosen.room
        placed = leftover_placed(&P, wilds, room)
        return total, moves, placed, wilds - placed
    finally:
        memo_end(&P)


# -- the melding, searched and built in C -------------------------------------------
#
# ``melding`` walks the plan of ``_solver_py.plan`` (the option the pure-Python plan
# picks at each step: the fewest wilds spent, then the most cards melded, first in
# its order) on the problem without the cards no meld can hold (they are deadwood in
# every melding and change no choice), then lays the melds out as
# ``_solver_py.decode`` does and builds the value types directly: ``object.__new__``
# and the fields set as ``from_trusted`` sets them, with the cached cards.

cdef enum:
    MAX_MELDS = 16          # 20 cards make at most 10 melds, and one of wilds only
    MAX_SLOTS = 24          # a meld holds at most 20 cards (a run at most 13)

ctypedef struct Layout:
    int is_set
    int count
    int natural[MAX_SLOTS]  # the card held at each place, -1 for a wild
    int identity[MAX_SLOTS] # what the place stands for
    int held[MAX_SLOTS]     # the card at each place once the wilds are given jobs
    int flag[MAX_SLOTS]     # whether it is wild

ctypedef struct Layouts:
    int count
    int64_t cost
    int deadwood[53]        # copies of each code left over
    Layout meld[MAX_MELDS]


cdef extern from *:
    """
    static PyObject* tt_new_instance(PyObject* type, PyObject* empty) {
        /* object.__new__(type), as from_trusted starts */
        return PyBaseObject_Type.tp_new((PyTypeObject*)type, empty, NULL);
    }
    static PyObject* tt_cards_tuple(PyObject* cards, const int* codes, int n) {
        PyObject* t = PyTuple_New(n);
        int i;
        if (t == NULL) return NULL;
        for (i = 0; i < n; i++) {
            PyObject* card = PyTuple_GET_ITEM(cards, codes[i]);
            Py_INCREF(card);
            PyTuple_SET_ITEM(t, i, card);
        }
        return t;
    }
    static PyObject* tt_flags_tuple(const int* flags, int n) {
        PyObject* t = PyTuple_New(n);
        int i;
        if (t == NULL) return NULL;
        for (i = 0; i < n; i++) {
            PyObject* flag = flags[i] ? Py_True : Py_False;
            Py_INCREF(flag);
            PyTuple_SET_ITEM(t, i, flag);
        }
        return t;
    }
    """
    object new_instance "tt_new_instance"(object type, object empty)
    object cards_tuple "tt_cards_tuple"(object cards, const int* codes, int n)
    object flags_tuple "tt_flags_tuple"(const int* flags, int n)
    int generic_setattr "PyObject_GenericSetAttr"(object o, object name, object value) except -1


cdef inline int run_code(int suit, int place) noexcept nogil:
    return suit * 13 + (0 if place == 14 else place - 1)


cdef void extend_run(
    int* low, int* high, int count, bint high_aces, uint32_t preferred
) noexcept nogil:
    """Widen a run by ``count`` places: towards a ``preferred`` place next to it
    (bit r: where a wild of this suit stands for itself), else up, else down
    (``meld_rules.extend_run``)."""
    cdef int top, bottom, step
    for step in range(count):
        top = 14 if high_aces and low[0] >= 2 else 13
        bottom = 2 if high[0] == 14 else 1
        if preferred >> (high[0] + 1) & 1 and high[0] < top:
            high[0] += 1
        elif preferred >> (low[0] - 1) & 1 and low[0] > bottom:
            low[0] -= 1
        elif high[0] < top:
            high[0] += 1
        else:
            low[0] -= 1


cdef void set_identities(int rank, uint32_t present, int count, int* out) noexcept nogil:
    """Codes for ``count`` wilds in a set of ``rank`` whose natural cards hold the
    suits ``present`` (bits): the missing suits first, then those present, round and
    round (``meld_rules.set_identities``)."""
    cdef int order[4]
    cdef int suit, n = 0, i
    for suit in range(4):
        if not present >> suit & 1:
            order[n] = suit
            n += 1
    for suit in range(4):
        if present >> suit & 1:
            order[n] = suit
            n += 1
    for i in range(count):
        out[i] = order[i & 3] * 13 + rank - 1


cdef int lay_out(
    Problem* P, const int8_t* codes, Py_ssize_t length, Params params, Layouts* L
) noexcept nogil:
    """The plan's melds laid out into ``L``, as ``_solver_py.decode`` lays them out."""
    cdef Slot stack_slots[STACK_SLOTS]
    cdef Option chosen
    cdef uint32_t state = P.full, places, present, preferred
    cdef int wilds = P.wilds, room = 0, placed, unplaced, index, k, j, i, n, m, code
    cdef int sets = 0, runs = 0, extra, space, low, high, deficit, used, own, take
    cdef int set_rank[MAX_MELDS]
    cdef int set_size[MAX_MELDS]
    cdef int set_need[MAX_MELDS]
    cdef int set_code[MAX_MELDS][MAX_CARDS]
    cdef int run_suit[MAX_MELDS]
    cdef int run_low[MAX_MELDS]
    cdef int run_high[MAX_MELDS]
    cdef uint32_t run_places[MAX_MELDS]
    cdef int wild_list[MAX_CARDS]
    cdef int taken_wild[MAX_CARDS]
    cdef int nwild = 0
    cdef uint32_t wild_suits = 0
    cdef Layout* meld
    # The plan: the option the pure-Python plan takes, step by step.
    memo_start(P, stack_slots)
    L.cost = P.base + (value(P, state, wilds, room, 0) if state else finish(P, wilds, room, 0))
    while state:
        index = lowest(P, state)
        plan_step(P, state, wilds, room, &chosen)
        if chosen.kind == 1:
            n = 0
            set_code[sets][n] = P.code[index]
            n += 1
            for k in range(4):
                for j in range(chosen.taken[k]):
                    set_code[sets][n] = P.code[index + k]
                    n += 1
            set_rank[sets] = P.rank[index]
            set_size[sets] = n
            set_need[sets] = chosen.need
            sets += 1
        elif chosen.kind == 2:
            run_suit[runs] = P.suit[index]
            run_places[runs] = chosen.ranks
            runs += 1
        state = chosen.state
        wilds = chosen.wilds
        room = chosen.room
    placed = leftover_placed(P, wilds, room)
    unplaced = wilds - placed
    memo_end(P)

    # The hand's cards; its wilds, the dearest first (then by code).
    memset(L.deadwood, 0, sizeof(L.deadwood))
    for i in range(length):
        code = codes[i]
        if code < 0:
            continue
        L.deadwood[code] += 1
        if code == JOKER or (code % 13) + 1 == params.wild_rank:
            j = nwild
            while j > 0 and (
                params.wild[wild_list[j - 1]] < params.wild[code]
                or (params.wild[wild_list[j - 1]] == params.wild[code] and wild_list[j - 1] > code)
            ):
                wild_list[j] = wild_list[j - 1]
                j -= 1
            wild_list[j] = code
            nwild += 1
    used = nwild - unplaced
    for i in range(used):
        taken_wild[i] = 0
        if wild_list[i] != JOKER:
            wild_suits |= (<uint32_t>1) << (wild_list[i] // 13)

    # Runs: the natural places, widened to min_run towards a wild standing for itself.
    space = 0
    for k in range(runs):
        places = run_places[k]
        low = lowest_bit(places)
        high = highest_bit(places)
        preferred = 0
        if params.wild_rank and wild_suits >> run_suit[k] & 1:
            preferred = (<uint32_t>1) << params.wild_rank
            if params.wild_rank == 1:
                preferred |= (<uint32_t>1) << 14
        deficit = params.min_run - (high - low + 1)
        if deficit > 0:
            extend_run(&low, &high, deficit, params.high_aces, preferred)
        run_low[k] = low
        run_high[k] = high
        space += 13 - (high - low + 1)
    # The wilds that join melds beside the plan's: into a set (no upper size), else
    # into the room left in runs, else (the rules allowing it) a meld of their own.
    extra = placed
    if extra and sets:
        set_need[0] += extra
        extra = 0
    elif extra <= space:
        for k in range(runs):
            take = 13 - (run_high[k] - run_low[k] + 1)
            if take > extra:
                take = extra
            if take:
                preferred = 0
                if params.wild_rank and wild_suits >> run_suit[k] & 1:
                    preferred = (<uint32_t>1) << params.wild_rank
                    if params.wild_rank == 1:
                        preferred |= (<uint32_t>1) << 14
                extend_run(&run_low[k], &run_high[k], take, params.high_aces, preferred)
            extra -= take

    # The layouts: sets, runs, then a meld of wilds only.
    L.count = 0
    for k in range(sets):
        meld = &L.meld[L.count]
        L.count += 1
        meld.is_set = 1
        present = 0
        n = set_size[k]
        for i in range(n):
            meld.natural[i] = set_code[k][i]
            meld.identity[i] = set_code[k][i]
            present |= (<uint32_t>1) << (set_code[k][i] // 13)
        set_identities(set_rank[k], present, set_need[k], meld.identity + n)
        for i in range(set_need[k]):
            meld.natural[n + i] = -1
        meld.count = n + set_need[k]
    for k in range(runs):
        meld = &L.meld[L.count]
        L.count += 1
        meld.is_set = 0
        n = 0
        for i in range(run_low[k], run_high[k] + 1):
            code = run_code(run_suit[k], i)
            meld.identity[n] = code
            meld.natural[n] = code if run_places[k] >> i & 1 else -1
            n += 1
        meld.count = n
    if extra:
        meld = &L.meld[L.count]
        L.count += 1
        meld.count = extra
        if extra >= params.min_set:
            # Wild-rank cards stand for themselves; jokers take the other suits.
            meld.is_set = 1
            own = 0
            present = 0
            for i in range(used):
                if own < extra and wild_list[i] != JOKER:
                    meld.identity[own] = wild_list[i]
                    present |= (<uint32_t>1) << (wild_list[i] // 13)
                    own += 1
            set_identities(params.wild_rank if params.wild_rank else 1, present, extra - own,
                           meld.identity + own)
        else:
            meld.is_set = 0
            for i in range(extra):
                meld.identity[i] = run_code(0, i + 1)
        for i in range(extra):
            meld.natural[i] = -1

    # Wild cards go where they stand for themselves first, then in order.
    for m in range(L.count):
        meld = &L.meld[m]
        for i in range(meld.count):
            meld.held[i] = meld.natural[i]
            meld.flag[i] = meld.natural[i] < 0
            if meld.natural[i] >= 0:
                continue
            for j in range(used):
                if not taken_wild[j] and wild_list[j] == meld.identity[i]:
                    taken_wild[j] = 1
                    meld.held[i] = wild_list[j]
                    break
    nwild = 0  # now the first wild that may be free
    for m in range(L.count):
        meld = &L.meld[m]
        for i in range(meld.count):
            if meld.held[i] < 0:
                while taken_wild[nwild]:
                    nwild += 1
                taken_wild[nwild] = 1
                meld.held[i] = wild_list[nwild]
            L.deadwood[meld.held[i]] -= 1
        if meld.is_set:
            # natural cards first, then wild, by code (stable: Meld.from_trusted's order)
            for i in range(1, meld.count):
                code = meld.held[i]
                k = meld.flag[i]
                own = meld.identity[i]
                j = i - 1
                while j >= 0 and (
                    meld.flag[j] > k or (meld.flag[j] == k and meld.held[j] > code)
                ):
                    meld.held[j + 1] = meld.held[j]
                    meld.flag[j + 1] = meld.flag[j]
                    meld.identity[j + 1] = meld.identity[j]
                    j -= 1
                meld.held[j + 1] = code
                meld.flag[j + 1] = k
                meld.identity[j + 1] = own
    return L.count


cdef tuple EMPTY = ()


def melding(bytes codes, Params params, int shift, tuple values):
    """The melding of ``_solver_py.melding``, built in C: ``values`` is ``(Meld,
    Melding, cards)``, the value types and the card of each code 0-52; or a negative
    error code."""
    cdef Problem P
    cdef Layouts L
    cdef Layout* meld
    cdef int status, m, code, n = 0
    cdef int dead[MAX_CARDS]
    cdef const int8_t* data = bytes_codes(codes)
    cdef Py_ssize_t length = len(codes)
    meld_type, melding_type, cards = values
    if type(cards) is not tuple or len(<tuple>cards) != NUMBER_OF_CODES:
        raise ValueError("the cards: a tuple of 53")
    status = encode(&P, data, length, params, 1, False, LEAVE_OUT_ISOLATED)
    if status != OK:
        return status
    lay_out(&P, data, length, params, &L)
    melds = PyTuple_New(L.count)
    for m in range(L.count):
        meld = &L.meld[m]
        item = new_instance(meld_type, EMPTY)
        generic_setattr(item, "cards", cards_tuple(cards, meld.held, meld.count))
        generic_setattr(item, "stands_for", cards_tuple(cards, meld.identity, meld.count))
        generic_setattr(item, "wild", flags_tuple(meld.flag, meld.count))
        Py_INCREF(item)
        PyTuple_SET_ITEM(melds, m, item)
    for code in range(NUMBER_OF_CODES):
        for m in range(L.deadwood[code]):
            dead[n] = code
            n += 1
    result = new_instance(melding_type, EMPTY)
    generic_setattr(result, "melds", melds)
    generic_setattr(result, "deadwood", cards_tuple(cards, dead, n))
    generic_setattr(result, "score", L.cost >> shift)
    return result


# -- batches ----------------------------------------------------------------------

def solve_rows(const int8_t[:, ::1] codes, Params params, int mode, int64_t[::1] out,
               int64_t[::1] discards, Py_ssize_t start, Py_ssize_t stop):
    """Solve rows ``start:stop`` of ``codes`` into ``out`` (and ``discards`` in mode
    2), without the GIL. Returns the first failing row and its error code, or
    ``(-1, 0)``."""
    cdef Py_ssize_t row, width = codes.shape[1]
    cdef int64_t result, discard
    cdef Py_ssize_t failed = -1
    cdef int64_t error = 0
    if stop <= start:
        return -1, 0
    with nogil:
        for row in range(start, stop):
            discard = -1
            result = solve(&codes[row, 0] if width else NULL, width, params, mode, &discard)
            if result < 0:
                failed = row
                error = result
                break
            out[row] = result
            if mode == MODE_BEST_DISCARD:
                discards[row] = discard
    return failed, error


# == The C-level API, and the calls for bots and batches (issue 11) ==================
#
# Everything below this line is the solver's public C interface (declared in
# ``_solver.pxd``, for Cython callers that ``cimport`` it) and the batch and draw
# calls built on it. It only calls the search above by name (``solve``,
# ``every_discard``); it has no search of its own. Every function here takes card
# codes as a C array (negative codes are padding, as in a batch row), runs without
# the GIL and creates no Python object.

cdef int64_t score_codes(const int8_t* codes, Py_ssize_t length, Params params) noexcept nogil:
    """The lowest cost of the cards left unmelded (``penalty << 6`` plus one per card,
    as ``_kernel.cost_of``), or a negative error code."""
    return solve(codes, length, params, MODE_SCORE, NULL)


cdef int64_t go_out_codes(const int8_t* codes, Py_ssize_t length, Params params) noexcept nogil:
    """1 when some discard leaves every other card melded, 0 when not, or a negative
    error code."""
    return solve(codes, length, params, MODE_GO_OUT, NULL)


cdef int64_t best_discard_codes(
    const int8_t* codes, Py_ssize_t length, Params params, int* discard
) noexcept nogil:
    """The cost left by the best discard, and its code into ``discard`` (-1 for an
    empty hand, whose cost is 2**60); or a negative error code."""
    cdef int64_t found = -1, result
    result = solve(codes, length, params, MODE_BEST_DISCARD, &found)
    discard[0] = <int>found if result >= 0 else -1
    return result


cdef int every_discard_codes(
    const int8_t* codes, Py_ssize_t length, Params params, int* out_codes, int64_t* out_costs
) noexcept nogil:
    """The cost left by discarding each distinct card of the hand: how many distinct
    cards, their codes into ``out_codes`` and the costs into ``out_costs`` (room for
    40 entries each, in no particular order); or a negative error code."""
    return every_discard(codes, length, params, out_codes, out_costs)


cdef inline bint is_wild_code(int code, Params params) noexcept nogil:
    return code == JOKER or (code % 13) + 1 == params.wild_rank


cdef bint meldless(
    int code, int wilds, const int* rank_count, const uint32_t* places, Params params
) noexcept nogil:
    """Whether natural card ``code``, added to a hand with ``wilds`` wild cards,
    ``rank_count`` naturals of each rank (1-13) and ``places[suit]`` the places its
    naturals hold (bit 1-14, an ace at 14 too with high aces), can be in no meld:
    too few of its rank for a set, and no window of ``min_run`` places around it
    that the suit's naturals and the wilds could fill."""
    cdef int rank = code % 13 + 1, suit = code // 13, top, place, start, filled, k, turn
    cdef uint32_t held
    if rank_count[rank] + 1 + wilds >= params.min_set:
        return False
    top = 14 if params.high_aces else 13
    held = places[suit] | ((<uint32_t>1) << rank)
    if rank == 1 and params.high_aces:
        held |= (<uint32_t>1) << 14
    for turn in range(2 if rank == 1 and params.high_aces else 1):
        place = 14 if turn else rank
        for start in range(place - params.min_run + 1, place + 1):
            if start < 1 or start + params.min_run - 1 > top:
                continue
            filled = 0
            for k in range(start, start + params.min_run):
                filled += held >> k & 1
            if filled + wilds >= params.min_run:
                return False
    return True


cdef int draw_codes(
    const int8_t* hand, Py_ssize_t length, const int8_t* candidates, Py_ssize_t count,
    Params params, int mode, int64_t* out, int64_t* discards,
) noexcept nogil:
    """For each card of ``candidates``, the hand with that card drawn: in
    MODE_BEST_DISCARD the cost its best discard leaves, the discard's code into
    ``discards``; in MODE_GO_OUT 1 if it can go out (the discard into ``discards``,
    else -1), 0 if not. Returns 0, or a negative error code (the first refused hand).

    A drawn card that no meld of the hand with it can hold is settled without a
    search: every discard but its own leaves it over, so the best discard is the
    card itself (leaving the hand as it was) or the hand's own best discard with the
    card left over, whichever ranks first (the same cost and tie-break as a search).
    """
    cdef int8_t row[MAX_CARDS + 1]
    cdef int rank_count[15]
    cdef uint32_t places[4]
    cdef int wilds = 0, code, own = -1, found, searched = 0, going_out = 0
    cdef Py_ssize_t i, width
    cdef int64_t hand_cost = -1, own_cost = -1, cost, result, discard
    cdef bint hand_known = False
    width = 0
    memset(rank_count, 0, sizeof(rank_count))
    memset(places, 0, sizeof(places))
    for i in range(length):
        code = hand[i]
        if code < 0:
            continue
        if width >= MAX_CARDS or code >= NUMBER_OF_CODES:
            return TOO_MANY_CARDS if width >= MAX_CARDS else BAD_CODE
        row[width] = <int8_t>code
        width += 1
        if is_wild_code(code, params):
            wilds += 1
        else:
            rank_count[code % 13 + 1] += 1
            places[code // 13] |= (<uint32_t>1) << (code % 13 + 1)
            if code % 13 == 0 and params.high_aces:
                places[code // 13] |= (<uint32_t>1) << 14
    for i in range(count):
        code = candidates[i]
        discard = -1
        if 0 <= code < JOKER and not is_wild_code(code, params) and meldless(
            code, wilds, rank_count, places, params
        ):
            if not hand_known:
                hand_known = True
                hand_cost = solve(row, width, params, MODE_SCORE, NULL)
                if hand_cost < 0:
                    return <int>hand_cost
                if width and mode != MODE_GO_OUT:
                    own_cost = best_discard_codes(row, width, params, &own)
            if mode == MODE_GO_OUT:
                result = 1 if hand_cost == 0 else 0
                discard = code if hand_cost == 0 else -1
            else:
                # Discarding the card drawn, against the hand's best discard with it kept.
                result = hand_cost
                discard = code
                if width:
                    cost = own_cost + params.natural[code]
                    if cost < result or (cost == result and params.order[own] < params.order[code]):
                        result = cost
                        discard = own
        else:
            row[width] = <int8_t>code
            if mode == MODE_GO_OUT and 2 * going_out > searched:
                # Most cards so far put the hand out: the best discard's search says
                # whether this one does too (a cost of 0) and which discard, in one.
                result = solve(row, width + 1, params, MODE_BEST_DISCARD, &discard)
                if result >= 0:
                    result = 1 if result == 0 else 0
                    if not result:
                        discard = -1
            else:
                result = solve(row, width + 1, params, mode, &discard)
                if result == 1 and mode == MODE_GO_OUT:  # which discard goes out
                    solve(row, width + 1, params, MODE_BEST_DISCARD, &discard)
            searched += 1
            going_out += result == 1 and mode == MODE_GO_OUT
        if result < 0:
            return <int>result
        out[i] = result
        discards[i] = discard
    return 0


def draws(bytes hand, bytes candidates, Params params, int mode):
    """``(results, discards)``: for each card code of ``candidates``, the hand with it
    drawn, as ``draw_codes`` gives it (``mode`` is ``_kernel.Mode.BEST_DISCARD`` or
    ``GO_OUT``); or a negative error code."""
    cdef Py_ssize_t count = len(candidates), i
    cdef int64_t* out
    cdef int64_t* found
    cdef int status
    cdef const int8_t* codes = bytes_codes(hand)
    cdef const int8_t* drawn = bytes_codes(candidates)
    cdef Py_ssize_t length = len(hand)
    if mode != MODE_BEST_DISCARD and mode != MODE_GO_OUT:
        raise ValueError("mode is BEST_DISCARD or GO_OUT")
    out = <int64_t*>malloc(sizeof(int64_t) * (2 * count + 1))
    if out == NULL:
        raise MemoryError()
    found = out + count
    try:
        with nogil:
            status = draw_codes(codes, length, drawn, count, params, mode, out, found)
        if status < 0:
            return status
        return [out[i] for i in range(count)], [found[i] for i in range(count)]
    finally:
        free(out)


def discard_rows(const int8_t[:, ::1] codes, Params params, const int64_t[::1] rows,
                 int64_t[:, ::1] out, int shift, int64_t missing):
    """For each row index of ``rows``: the cost left by discarding each card code of
    that row of ``codes``, shifted right by ``shift``, into that row of ``out``
    (width 53), ``missing`` where the card is not in the hand; without the GIL.
    Returns the first failing row and its error code, or ``(-1, 0)``."""
    cdef Py_ssize_t index, row, width = codes.shape[1]
    cdef int found, k, code
    cdef int out_codes[2 * MAX_CARDS]
    cdef int64_t out_costs[2 * MAX_CARDS]
    cdef Py_ssize_t failed = -1
    cdef int64_t error = 0
    if out.shape[1] != NUMBER_OF_CODES:
        raise ValueError("out has 53 columns")
    with nogil:
        for index in range(rows.shape[0]):
            row = rows[index]
            for k in range(NUMBER_OF_CODES):
                out[row, k] = missing
            found = every_discard_codes(
                &codes[row, 0] if width else NULL, width, params, out_codes, out_costs
            )
            if found < 0:
                failed = row
                error = found
                break
            for k in range(found):
                code = out_codes[k]
                out[row, code] = out_costs[k] >> shift
    return failed, error


from libc.stdint cimport uint8_t

cdef uint64_t ENDIAN_PROBE = 1
# Where entry i of eight read as one word lands: byte i on a little-endian machine.
cdef bint LITTLE_ENDIAN = (<uint8_t*>&ENDIAN_PROBE)[0] == 1


def codes_of_count_rows(const uint8_t[:, ::1] counts, int8_t[:, ::1] out):
    """Each row of a count matrix (width 53: copies of each card code) as the row of
    ``out`` with its card codes in order, padded with -1; without the GIL. Returns
    the width the rows need (the most cards in a row), or ``-(row + 1)`` for the
    first row of more than ``out.shape[1]`` cards (nothing after it is written)."""
    cdef Py_ssize_t row, rows = counts.shape[0], room = out.shape[1], column
    cdef int code, copy, width = 0, start, bit
    cdef Py_ssize_t over = -1
    cdef const uint8_t* line
    cdef int8_t* target
    cdef uint64_t word, nonzero
    if counts.shape[1] != NUMBER_OF_CODES:
        raise ValueError("a count matrix has 53 columns")
    if out.shape[0] != rows:
        raise ValueError("out has a row per row of counts")
    if rows == 0:
        return 0
    with nogil:
        for row in range(rows):
            column = 0
            line = &counts[row, 0]
            target = &out[row, 0] if room else NULL
            # Eight entries at a time, visiting only those that are not 0 (a hand
            # holds at most 20 of the 53 codes).
            for start in range(0, NUMBER_OF_CODES, 8):
                word = 0
                memcpy(&word, line + start, 8 if start + 8 <= NUMBER_OF_CODES else
                       NUMBER_OF_CODES - start)
                nonzero = word | (word >> 4)
                nonzero |= nonzero >> 2
                nonzero |= nonzero >> 1
                nonzero &= <uint64_t>0x0101010101010101
                while nonzero:
                    bit = lowest_bit64(nonzero)
                    nonzero &= nonzero - 1
                    code = start + ((bit >> 3) if LITTLE_ENDIAN else 7 - (bit >> 3))
                    if line[code] > room - column:
                        over = row
                        break
                    for copy in range(line[code]):
                        target[column] = <int8_t>code
                        column += 1
                if over >= 0:
                    break
            if over >= 0:
                break
            if column > width:
                width = column
            for column in range(column, room):
                target[column] = -1
    return -(over + 1) if over >= 0 else width


def fill_observation(
    float[::1] out, Py_ssize_t scalars, list offsets, list rows, tuple seat_numbers,
    Py_ssize_t player, tuple numbers, const float[::1] scales,
):
    """An observation vector in ``out``: its first ``scalars`` entries the counts of
    the places ``offsets[i] + byte`` for each byte of ``rows[i]`` (bytes); then each
    tuple of ``seat_numbers`` (a number per seat) from seat ``player`` on round the
    table, then ``numbers``; each number times its scale (``scales``, one for each
    entry after the counts), in float32. Returns 0, or -1 when a place falls
    outside ``0:scalars`` or the sizes disagree (nothing is left half-written that
    the caller keeps: it raises)."""
    cdef Py_ssize_t i, j, k, count = len(offsets), size = out.shape[0], place, length
    cdef Py_ssize_t offset, at, seats = len(seat_numbers[0]) if seat_numbers else 0
    cdef const unsigned char* data
    cdef bytes row
    cdef tuple values
    if len(rows) != count or scalars < 0 or (seats and not 0 <= player < seats) \
            or scalars + len(seat_numbers) * seats + len(numbers) != size \
            or scales.shape[0] != size - scalars:
        return -1
    for values in seat_numbers:
        if len(values) != seats:
            return -1
    if scalars:
        memset(&out[0], 0, scalars * sizeof(float))
    for i in range(count):
        offset = offsets[i]
        row = rows[i]
        data = row
        length = len(row)
        for j in range(length):
            place = offset + data[j]
            if place < 0 or place >= scalars:
                return -1
            out[place] += 1
    at = scalars
    for values in seat_numbers:
        for k in range(seats):
            out[at] = <float>values[(player + k) % seats] * scales[at - scalars]
            at += 1
    for j in range(len(numbers)):
        out[at] = <float>numbers[j] * scales[at - scalars]
        at += 1
    return 0
