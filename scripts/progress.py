"""Progress of a long test step for scripts/test.sh: never silent for long.

Usage: go test -json ./... | python3 scripts/progress.py --go-json [--every SECONDS]
       pytest ... | python3 scripts/progress.py --label pytest [--every SECONDS]

With --go-json it reads the events of ``go test -json`` and prints one line
per package as it ends (ok, FAIL, or no test files), the output of every
test that failed, and the output of a package that failed outside its tests
(a build error, a panic, a timeout); lines that are not JSON (go's own
messages) pass through. Otherwise it passes its input through as it comes.
Either way, whenever nothing was printed for --every seconds (30 by
default), it prints a line saying what is still running and for how long.

It reads its input to the end, so the command before it in the pipe is never
stopped by a closed pipe, and exits 1 if a package or test failed (0
otherwise): under ``set -o pipefail`` the pipe fails when either side does.
"""

import argparse
import codecs
import json
import os
import sys
import threading
import time


def duration(seconds):
    """seconds as 1h02m03s, 4m05s or 6s."""
    seconds = int(seconds)
    h, rest = divmod(seconds, 3600)
    m, s = divmod(rest, 60)
    if h:
        return f"{h}h{m:02d}m{s:02d}s"
    if m:
        return f"{m}m{s:02d}s"
    return f"{s}s"


class Printer:
    """Writes to out under a lock and remembers when it last wrote."""

    def __init__(self, out, clock=time.monotonic):
        self.out, self.clock = out, clock
        self.lock = threading.Lock()
        self.started = self.last = clock()

    def write(self, text):
        with self.lock:
            self.out.write(text)
            self.out.flush()
            self.last = self.clock()


class GoEvents:
    """The state of a ``go test -json`` stream: what runs, what failed."""

    def __init__(self, printer):
        self.printer = printer
        self.running = {}  # package -> {test: start time}
        self.output = {}   # (package, test or "") -> output lines not yet shown
        self.failed = False

    def line(self, raw):
        try:
            event = json.loads(raw)
        except ValueError:
            self.printer.write(raw if raw.endswith("\n") else raw + "\n")
            return
        if not isinstance(event, dict):
            self.printer.write(raw if raw.endswith("\n") else raw + "\n")
            return
        self.event(event)

    def event(self, e):
        action, package, test = e.get("Action"), e.get("Package") or e.get("ImportPath", ""), e.get("Test") or ""
        key = (package, test)
        now = self.printer.clock()
        if action == "build-output":
            self.output.setdefault(key, []).append(e.get("Output", ""))
        elif action == "build-fail":  # the packages it fails then fail with FailedBuild
            self.failed = True
            self.printer.write("".join(self.output.pop(key, [])))
        elif action == "start":
            self.running.setdefault(package, {})
        elif action == "run":
            self.running.setdefault(package, {})[test] = now
        elif action == "output":
            self.output.setdefault(key, []).append(e.get("Output", ""))
        elif action in ("pass", "skip") and test:
            self.running.get(package, {}).pop(test, None)
            self.output.pop(key, None)
        elif action == "fail" and test:
            self.failed = True
            self.running.get(package, {}).pop(test, None)
            self.printer.write("".join(self.output.pop(key, [])))
        elif action in ("pass", "skip", "fail"):
            self.package_done(package, action, e.get("Elapsed"))

    def package_done(self, package, action, elapsed):
        self.running.pop(package, None)
        own = "".join(self.output.pop((package, ""), []))
        for key in [k for k in self.output if k[0] == package]:
            del self.output[key]
        if action == "fail":
            self.failed = True
            # go's own summary, FAIL<tab>package…, ends the output when there is any.
            self.printer.write(own if f"FAIL\t{package}" in own else own + f"FAIL {package}\n")
        elif action == "skip" or "[no test files]" in own:
            self.printer.write(f"?    {package} [no test files]\n")
        else:
            self.printer.write(f"ok   {package} {elapsed or 0:.1f}s\n")

    def still(self):
        """What runs now: packages with their longest-running test."""
        now = self.printer.clock()
        parts = []
        for package, tests in sorted(self.running.items()):
            if tests:
                test, since = min(tests.items(), key=lambda t: t[1])
                parts.append(f"{package} ({test}, {duration(now - since)})")
            else:
                parts.append(package)
        return ", ".join(parts) if parts else "building and starting packages"


def heartbeat(printer, every, what, stop):
    """Prints what() whenever printer has been silent for every seconds, until stop is set."""
    while not stop.wait(min(1.0, every)):
        now = printer.clock()
        if now - printer.last >= every:
            printer.write(f"… {duration(now - printer.started)} in, still running: {what()}\n")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--go-json", action="store_true", help="the input is go test -json")
    parser.add_argument("--label", default="the tests", help="what runs, in the heartbeat line")
    parser.add_argument("--every", type=float, default=30, help="seconds of silence before a heartbeat line")
    args = parser.parse_args(argv)
    if args.every <= 0:
        parser.error(f"--every {args.every}: give a number of seconds above 0")
    printer = Printer(sys.stdout)
    events = GoEvents(printer) if args.go_json else None
    what = events.still if events else (lambda: args.label)
    stop = threading.Event()
    beat = threading.Thread(target=heartbeat, args=(printer, args.every, what, stop), daemon=True)
    beat.start()
    stdin = sys.stdin.buffer
    try:
        if events:
            for raw in stdin:
                events.line(raw.decode("utf-8", "replace"))
        else:
            # Chunks as they come, not lines: pytest -q prints its dots
            # without a newline.
            decoder = codecs.getincrementaldecoder("utf-8")("replace")
            while chunk := os.read(stdin.fileno(), 65536):
                printer.write(decoder.decode(chunk))
    finally:
        stop.set()
        beat.join()
    return 1 if events and events.failed else 0


if __name__ == "__main__":
    sys.exit(main())
