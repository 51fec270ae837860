"""The learning frameworks' adapters (PettingZoo, Gymnasium, OpenSpiel) and their
fixed-size encoding.
"""
