# cython: language_level=3
"""The compiled solver's C-level interface, for Cython callers (a game engine, bots).

``from threethirteen._solver cimport Params, score_codes`` and the solver scores a
hand of card codes without a Python object per hand, the GIL released. A hand is a
C array of ``int8_t`` card codes (``suit * 13 + rank - 1``, 52 a joker; a negative
code is padding and ignored), at most 20 cards. Costs are the kernel's: the score
shifted left by 6 (``_kernel.COUNT_BITS``) plus one per card left over, so the score
is ``cost >> 6`` and a cost of 0 means every card is melded. A negative result is an
error code (``_kernel.ErrorCode``: -1 a bad code, -2 too many cards, -3 too many
jokers, -4 too many copies of a card). A ``Params`` comes from Python, once per
round: ``threethirteen.Round(...).params`` (a ``Round`` of the compiled solver).

See docs/bots.md, "Scoring from Cython".
"""

from libc.stdint cimport int8_t, int64_t


cdef class Params:
    """A round's rules as C ints (see ``_solver.pyx``)."""
    cdef int64_t natural[53]
    cdef int64_t wild[53]
    cdef int order[53]
    cdef int wild_rank, decks, jokers, min_set, min_run
    cdef bint high_aces, all_wild


cdef int64_t score_codes(const int8_t* codes, Py_ssize_t length, Params params) noexcept nogil
cdef int64_t go_out_codes(const int8_t* codes, Py_ssize_t length, Params params) noexcept nogil
cdef int64_t best_discard_codes(
    const int8_t* codes, Py_ssize_t length, Params params, int* discard
) noexcept nogil
cdef int every_discard_codes(
    const int8_t* codes, Py_ssize_t length, Params params, int* out_codes, int64_t* out_costs
) noexcept nogil
cdef int draw_codes(
    const int8_t* hand, Py_ssize_t length, const int8_t* candidates, Py_ssize_t count,
    Params params, int mode, int64_t* out, int64_t* discards,
) noexcept nogil
