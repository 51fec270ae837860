# cython: language_level=3, boundscheck=False, wraparound=False
"""A bot written in Cython: scores hands through the solver's C-level API
(``threethirteen/_solver.pxd``), without a Python object per hand."""

from libc.stdint cimport int8_t, int64_t

from threethirteen._solver cimport (
    Params, best_discard_codes, draw_codes, every_discard_codes, go_out_codes, score_codes,
)


def scores(const int8_t[:, ::1] hands, Params params, int64_t[::1] out):
    """The cost of each row of ``hands`` into ``out``, the GIL released."""
    cdef Py_ssize_t row
    with nogil:
        for row in range(hands.shape[0]):
            out[row] = score_codes(&hands[row, 0], hands.shape[1], params)


def best_discard(const int8_t[::1] hand, Params params):
    cdef int discard = -1
    cdef int64_t cost = best_discard_codes(&hand[0], hand.shape[0], params, &discard)
    return cost, discard, go_out_codes(&hand[0], hand.shape[0], params)


def every_discard(const int8_t[::1] hand, Params params):
    cdef int codes[40]
    cdef int64_t costs[40]
    cdef int found = every_discard_codes(&hand[0], hand.shape[0], params, codes, costs)
    return {codes[i]: costs[i] for i in range(found)} if found >= 0 else found


def draws(const int8_t[::1] hand, const int8_t[::1] cards, Params params, int mode):
    cdef int64_t out[53]
    cdef int64_t discards[53]
    cdef int status = draw_codes(
        &hand[0], hand.shape[0], &cards[0], cards.shape[0], params, mode, out, discards
    )
    return status, [out[i] for i in range(cards.shape[0])], [discards[i] for i in range(cards.shape[0])]
