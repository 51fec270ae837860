"""``python -m threethirteen``: the same as the ``threethirteen`` command."""

from .cli.main import main

if __name__ == "__main__":
    raise SystemExit(main())
