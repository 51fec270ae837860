"""Bot programs for the tests of ``ProcessBot``: well-behaved ones and faulty ones, one
script with a behaviour per option, run as ``python tests/bot_programs.py OPTIONS``
(it imports nothing but the standard library, so it starts fast). And
:func:`search4`, a bot factory for ``threethirteen bot tests.bot_programs:search4``.

Options (any combination):

``--answer first|random|json|blank``
    the first legal action's notation (the default; the view is not parsed), a
    random legal action (seeded by the start message's ``bot_seed``; a going-out
    discard when there is one), the first as ``{"action": ...}``, or the first
    after three blank lines.
``--sleep SECONDS``, ``--sleep-once FILE``
    sleep before every answer; or sleep 60 s before the first answer of the first
    process (the one that creates FILE).
``--require-start``
    answer ``no start`` (no action) to an act that came before any start message.
``--exit-at-once STATUS``
    write a line on standard error and exit with STATUS before reading anything.
``--garbage TEXT``, ``--huge``, ``--stray``
    answer TEXT; answer a 1 MB line; answer, then write a line nobody asked for.
``--chatty``
    write 256 KB on standard error before every answer.
``--stubborn``
    ignore ``quit`` and the end of the input: sleep instead.
``--spawn FILE``
    start a child process (``sleep 60``, in the bot's process group) and write its
    process id to FILE.
``--log FILE``
    append each message's type to FILE.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from typing import Any


def search4(seed: int | None = None) -> Any:
    """A search bot with 4 playouts a candidate: a factory for ``threethirteen bot``."""
    import threethirteen as tt

    return tt.SearchBot(seed, playouts=4)


def _legal(line: str) -> list[str]:
    """The legal list of an act line, read without parsing the view (the arena
    writes the view before it)."""
    start = line.rindex('"legal":') + len('"legal":')
    found, _ = json.JSONDecoder().raw_decode(line, start)
    return list(found)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--answer", default="first")
    parser.add_argument("--sleep", type=float, default=0.0)
    parser.add_argument("--sleep-once")
    parser.add_argument("--require-start", action="store_true")
    parser.add_argument("--exit-at-once", type=int)
    parser.add_argument("--garbage")
    parser.add_argument("--huge", action="store_true")
    parser.add_argument("--stray", action="store_true")
    parser.add_argument("--chatty", action="store_true")
    parser.add_argument("--stubborn", action="store_true")
    parser.add_argument("--spawn")
    parser.add_argument("--log")
    options = parser.parse_args()
    if options.exit_at_once is not None:
        sys.stderr.write(f"bot_programs: exiting at once with status {options.exit_at_once}\n")
        return int(options.exit_at_once)
    if options.spawn:
        child = subprocess.Popen(["sleep", "60"])
        with open(options.spawn, "w", encoding="utf-8") as file:
            file.write(str(child.pid))
    sleep_first = False
    if options.sleep_once and not os.path.exists(options.sleep_once):
        with open(options.sleep_once, "w", encoding="utf-8") as file:
            file.write("slept")
        sleep_first = True
    rng = random.Random(0)
    started = False
    out = sys.stdout
    while True:
        line = sys.stdin.readline()
        kind = line[9 : line.index('"', 9)] if line else "end of input"
        if options.log and line:
            with open(options.log, "a", encoding="utf-8") as file:
                file.write(kind + "\n")
        if kind in ("quit", "end of input"):
            if options.stubborn:
                time.sleep(60)
            return 0
        if kind == "start":
            started = True
            rng = random.Random(json.loads(line)["bot_seed"])
            continue
        if kind != "act":
            continue
        legal = _legal(line)
        if options.sleep:
            time.sleep(options.sleep)
        if sleep_first:
            sleep_first = False
            time.sleep(60)
        if options.chatty:
            sys.stderr.write(("chatter " * 32 + "\n") * 1024)
            sys.stderr.flush()
        if options.require_start and not started:
            answer = "no start"
        elif options.garbage is not None:
            answer = options.garbage
        elif options.huge:
            answer = "x" * 1_000_000
        elif options.answer == "random":
            going = [action for action in legal if " out" in action]
            answer = going[0] if going else rng.choice(legal)
        elif options.answer == "json":
            answer = json.dumps({"action": legal[0]})
        elif options.answer == "blank":
            answer = "\n\n  \n" + legal[0]
        else:
            answer = legal[0]
        out.write(answer + "\n")
        if options.stray:
            out.write("and another thing\n")
        out.flush()


if __name__ == "__main__":
    raise SystemExit(main())
