"""Bots played against each other: results and their statistics, the line protocol, the
referee, bots in their own processes, matches and tournaments.
"""
