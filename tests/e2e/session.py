#!/usr/bin/env python3
"""One scripted multi-turn session in the real Claude Code CLI, for the capture checks.

Usage: session.py CLAUDE REQUESTS_LOG OUT_DIR -- [extra claude arguments]

Claude Code runs as an SDK host would run it (`-p --input-format stream-json`), so one process
is one session with one session id, and the driver can do what a person does at the keyboard:
type the next prompt, press Esc in the middle of a turn (the `interrupt` control request), and
decline a tool call at the permission prompt (`--permission-prompt-tool stdio` sends each
permission question here as a `can_use_tool` control request; the answer is `deny`).

The environment (HOME, the stand-in API's address) comes from the caller. Every line Claude
Code printed is kept in OUT_DIR/capture.stream.jsonl, the session id in OUT_DIR/capture.session.
"""

import json
import os
import queue
import subprocess
import sys
import threading
import time

# The session: three corrections about the same thing, an explicit "always" rule, a praise, an
# interruption, a tool call the person declines and one our own hook blocks (not the person),
# and a prompt the classifier is unsure of, which waits for review.
SCRIPT = [
    ("say", "E2E: make the report dates readable"),
    ("say", "No, that's wrong: report dates must stay in UTC, not local time."),
    ("say", "Wrong again, report dates must stay in UTC, not local time"),
    ("say", "Still wrong: report dates must stay in UTC, not local time!"),
    ("say", "Always run the tests with --release before you say done."),
    ("say", "Perfect, that's exactly it, thanks!"),
    ("interrupt", "E2E-SLOW: now render every chart of the report"),
    ("say", "let's look at the changelog instead"),
    ("say", "E2E-BASH: touch declined-ran"),
    ("say", "E2E-BASH: git push --force"),
    ("say", "ok, show me the changelog"),
    ("say", "hmm, case 3 lost its tabs"),
]
TURN_SECONDS = 90


class Claude:
    def __init__(self, command, requests_log, stream_log):
        self.requests_log = requests_log
        self.stream = open(stream_log, "w", encoding="utf-8")
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.lines = queue.Queue()
        self.session = None
        self.requests = 0
        self.declined = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def send(self, message):
        self.proc.stdin.write(json.dumps(message) + "\n")
        self.proc.stdin.flush()

    def control(self, subtype):
        self.requests += 1
        self.send({"type": "control_request", "request_id": f"e2e-{self.requests}",
                   "request": {"subtype": subtype}})

    def prompt(self, text):
        self.send({"type": "user", "message": {"role": "user", "content": text},
                   "parent_tool_use_id": None, "session_id": self.session or ""})

    def until_result(self, waiting_for=None):
        """Reads output until the turn's `result`, answering permission questions on the way.
        With `waiting_for`, interrupts the turn once the API has received a request holding it."""
        deadline = time.time() + TURN_SECONDS
        interrupted = False
        while time.time() < deadline:
            if waiting_for and not interrupted and self._api_received(waiting_for):
                self.control("interrupt")
                interrupted = True
            try:
                line = self.lines.get(timeout=0.2)
            except queue.Empty:
                continue
            if line is None:
                raise SystemExit("session.py: Claude Code exited in the middle of a turn")
            self.stream.write(line)
            message = json.loads(line)
            self.session = message.get("session_id") or self.session
            request = message.get("request") or {}
            if message.get("type") == "control_request" and request.get("subtype") == "can_use_tool":
                self.declined.append(request.get("input"))
                self.send({"type": "control_response", "response": {
                    "subtype": "success", "request_id": message["request_id"],
                    "response": {"behavior": "deny", "message": "The user doesn't want to proceed with this tool use."}}})
            if message.get("type") == "result":
                return
        raise SystemExit(f"session.py: no result within {TURN_SECONDS} s")

    def _api_received(self, text):
        try:
            with open(self.requests_log, encoding="utf-8") as log:
                return any(text in line for line in log)
        except FileNotFoundError:
            return False


def main():
    claude, requests_log, out = sys.argv[1:4]
    extra = sys.argv[5:] if len(sys.argv) > 4 and sys.argv[4] == "--" else []
    command = [claude, "-p", "--input-format", "stream-json", "--output-format", "stream-json",
               "--verbose", "--permission-prompt-tool", "stdio", *extra]
    session = Claude(command, requests_log, os.path.join(out, "capture.stream.jsonl"))
    session.control("initialize")
    for step, text in SCRIPT:
        session.prompt(text)
        session.until_result(waiting_for=text if step == "interrupt" else None)
    session.proc.stdin.close()
    session.proc.wait(timeout=60)
    with open(os.path.join(out, "capture.session"), "w", encoding="utf-8") as f:
        f.write(session.session or "")
    with open(os.path.join(out, "capture.declined.json"), "w", encoding="utf-8") as f:
        json.dump(session.declined, f)


if __name__ == "__main__":
    main()
