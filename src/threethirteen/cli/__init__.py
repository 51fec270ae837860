"""The ``threethirteen`` command."""
