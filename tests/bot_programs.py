"""Bot programs for the tests of ``ProcessBot``: well-behaved ones and faulty ones, one
script with a behaviour per option, run as ``python tests/bot_programs.py OPTIONS``
(it imports nothing but the standard library, so it starts fast). And
:func:`search4`, a bot factory for ``threethirteen bot tests.bot_programs:search4``.

Options (any combination):

``--answer first|random|json|blank``
    the first legal action's notation (the default; the view is not parsed), a
    random legal action (seeded by the start message's ``bot_seed``; a going-out
    discard when there is one), the first as ``{"action": ...}`` (with the act
    message's ``"request"`` echoed), or the first after three blank lines.
``--twice SECONDS``
    answer as ``--answer json``, then SECONDS later write the same answer again (a
    late duplicate, echoing the request it answered).
``--nest DEPTH``
    answer ``{"action": [[[...]]]}``, nested DEPTH deep.
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
    start a child process (``sleep 60``, in the bot's process group) and append its
    process id to FILE (a line).
``--escape setsid|double-fork|node``
    with ``--spawn``: the child escapes the process group: it calls ``setsid()``; or
    it is a daemon (forked twice, in a session of its own, its parent gone); or it
    is started by a Node.js child with ``spawn(..., {detached: true})``. It keeps the
    bot's standard output and error open, as a careless daemon does.
``--exit-after COUNT``
    exit (status 0) after COUNT answers, leaving its children behind.
``--remember memory|cwd|home|tmp|FOLDER``
    cheat at duplicate deals: keep each round's dealt hand (in this process's
    memory, or in a file in the working directory, ``$HOME``, the temporary folder
    or FOLDER, named by ``--memory-name``), and at each round look for the hand
    dealt in a game before with the same round and upcard but not this hand: the
    opponent's hand now, in a 2-player duplicate deal. At the ``end`` message it
    writes ``remember: knew K of N rounds`` on standard error.
``--census PORT``
    at start, write ``census: N processes, network yes|no`` on standard error: the
    processes it can see in ``/proc``, and whether it can connect to PORT on
    127.0.0.1 (where the test listens).
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
import tempfile
import time
from typing import Any

_NODE_ESCAPE = (
    "const c = require('child_process').spawn('sleep', ['60'],"
    " {detached: true, stdio: ['ignore', 'inherit', 'inherit']});"
    " require('fs').appendFileSync(process.argv[1], c.pid + '\\n'); c.unref();"
)


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


def _spawn(file: str, escape: str | None) -> None:
    """Start ``sleep 60`` as a child (escaping the group as ``escape`` says) and append
    its process id to ``file``."""
    if escape is None or escape == "setsid":
        child = subprocess.Popen(["sleep", "60"], start_new_session=escape == "setsid")
        with open(file, "a", encoding="utf-8") as out:
            out.write(f"{child.pid}\n")
    elif escape == "double-fork":
        first = os.fork()
        if first == 0:  # the child: a session of its own, then a grandchild, then gone
            os.setsid()
            second = os.fork()
            if second == 0:
                os.execvp("sleep", ["sleep", "60"])
            with open(file, "a", encoding="utf-8") as out:
                out.write(f"{second}\n")
            os._exit(0)
        os.waitpid(first, 0)
    elif escape == "node":
        subprocess.run(["node", "-e", _NODE_ESCAPE, file], check=True)
    else:
        raise SystemExit(f"bot_programs: no escape {escape!r}")


def _census(port: int) -> None:
    import socket

    seen = sum(name.isdigit() for name in os.listdir("/proc"))
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=2):
            network = "yes"
    except OSError:
        network = "no"
    sys.stderr.write(f"census: {seen} processes, network {network}\n")
    sys.stderr.flush()


class _Memory:
    """The dealt hands of games before (``--remember``), and what they told."""

    def __init__(self, where: str, name: str) -> None:
        folders = {"cwd": ".", "home": os.path.expanduser("~"), "tmp": tempfile.gettempdir()}
        self.path = None if where == "memory" else os.path.join(folders.get(where, where), name)
        self.hands: dict[str, list[str]] = {}
        self.rounds: set[int] = set()
        self.known: set[int] = set()
        if self.path is not None and os.path.exists(self.path):
            with open(self.path, encoding="utf-8") as file:
                self.hands = json.load(file)
        self.before = dict(self.hands)

    def start(self) -> None:
        self.before = dict(self.hands)
        self.rounds.clear()
        self.known.clear()

    def see(self, line: str) -> None:
        view = json.loads(line)["view"]
        number = view["round"]
        if number in self.rounds:
            return
        self.rounds.add(number)
        key = f"{number}:{view['upcard']}"
        hand = sorted(view["dealt_hand"])
        seen = self.before.get(key)
        if seen is not None and seen != hand:
            self.known.add(number)
        self.hands[key] = hand
        if self.path is not None:
            try:
                with open(self.path, "w", encoding="utf-8") as file:
                    json.dump(self.hands, file)
            except OSError:  # (a folder it cannot see, in a sandbox: no memory)
                self.path = None

    def report(self) -> None:
        sys.stderr.write(f"remember: knew {len(self.known)} of {len(self.rounds)} rounds\n")
        sys.stderr.flush()


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
    parser.add_argument("--escape")
    parser.add_argument("--exit-after", type=int)
    parser.add_argument("--twice", type=float)
    parser.add_argument("--nest", type=int)
    parser.add_argument("--remember")
    parser.add_argument("--memory-name", default="threethirteen-memory.json")
    parser.add_argument("--census", type=int)
    parser.add_argument("--log")
    options = parser.parse_args()
    if options.census is not None:
        _census(options.census)
    if options.exit_at_once is not None:
        sys.stderr.write(f"bot_programs: exiting at once with status {options.exit_at_once}\n")
        return int(options.exit_at_once)
    if options.spawn:
        _spawn(options.spawn, options.escape)
    memory = None if options.remember is None else _Memory(options.remember, options.memory_name)
    answers = 0
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
            if memory is not None:
                memory.start()
            continue
        if kind == "end" and memory is not None:
            memory.report()
        if kind != "act":
            continue
        legal = _legal(line)
        if memory is not None:
            memory.see(line)
        request = (
            json.loads(line).get("request")
            if options.answer == "json" or options.twice is not None
            else None
        )
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
        elif options.nest is not None:
            answer = '{"action": ' + "[" * options.nest + "]" * options.nest + "}"
        elif options.answer == "json" or options.twice is not None:
            echo = {} if request is None else {"request": request}
            answer = json.dumps({"action": legal[0], **echo})
        elif options.answer == "blank":
            answer = "\n\n  \n" + legal[0]
        else:
            answer = legal[0]
        out.write(answer + "\n")
        if options.stray:
            out.write("and another thing\n")
        out.flush()
        if options.twice is not None:
            time.sleep(options.twice)
            out.write(answer + "\n")
            out.flush()
        answers += 1
        if options.exit_after is not None and answers >= options.exit_after:
            return 0


if __name__ == "__main__":
    raise SystemExit(main())
