"""The solver's kernel: what both solvers offer, the pure-Python twin of the compiled
``_solver``, and the choice between them.
"""
