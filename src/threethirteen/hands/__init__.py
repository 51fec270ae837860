"""Hand analysis: cards, hands, rules and rounds, meld semantics, the solver boundary,
and the answers (best melds, discards, outs, lay-offs, batches).
"""
