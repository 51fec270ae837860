"""Whole games: actions, deals, table play, records, scores, the game."""
