#!/usr/bin/env python3
"""A loopback stand-in for the Anthropic Messages API, for the end-to-end test.

Usage: server.py LOG PORT_FILE [PROJECT]

It binds 127.0.0.1 on a free port, writes the port to PORT_FILE and logs every request body as
one JSON line in LOG, so the test can read exactly what the model would have seen. Its replies
are scripted by the conversation itself, so one server serves every scenario:

- the last message holds a tool_result: answer "E2E-DONE" (the turn ends);
- the last user text holds `E2E-BASH: <command>`: call the Bash tool with that command;
- the last user text holds `E2E-AGENT: <type>`: call the Agent tool for that sub-agent type;
- the last user text holds `E2E-WRITE: <name>`: call the Write tool on the file WRITES names, in
  PROJECT (the prompt does not name the path, so no keyword in it can match);
- the last user text holds `E2E-SLOW` (and no interruption marker after it): answer only after
  a minute, so the driver can interrupt the turn;
- anything else (side requests, sub-agents): answer "E2E-OK".
"""

import itertools
import json
import os
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

COUNTER = itertools.count(1)
LOG_LOCK = threading.Lock()
# Long enough that an interruption always comes first; the turn is abandoned, not awaited.
SLOW_SECONDS = 60
# The project the scripted Write calls write into (absolute paths, as Claude Code wants them).
PROJECT = "."
WRITES = {"scene": "src/render/scene.py"}


def texts(message):
    """The text of a message's content, a string or a list of blocks."""
    content = message.get("content")
    if isinstance(content, str):
        return content
    parts = []
    for block in content or []:
        if isinstance(block, dict) and block.get("type") == "text":
            parts.append(block.get("text", ""))
    return "\n".join(parts)


def has_tool_result(message):
    content = message.get("content")
    return isinstance(content, list) and any(
        isinstance(b, dict) and b.get("type") == "tool_result" for b in content
    )


def marker(text, name):
    for line in text.splitlines():
        at = line.find(name)
        if at >= 0:
            return line[at + len(name):].strip()
    return None


def reply_for(body):
    """(content block, input or text, stop reason) for a request."""
    # Claude Code 2.1.330 puts a `system` role message after the conversation: skip it.
    messages = [m for m in body.get("messages") or [] if m.get("role") != "system"]
    last = messages[-1] if messages else {}
    if not body.get("tools"):
        return ("text", "E2E-SIDE", "end_turn")
    if last.get("role") == "user" and has_tool_result(last):
        return ("text", "E2E-DONE", "end_turn")
    text = texts(last) if last.get("role") == "user" else ""
    if marker(text, "E2E-SLOW") is not None and "[Request interrupted by user" not in text:
        time.sleep(SLOW_SECONDS)
        return ("text", "E2E-LATE", "end_turn")
    command = marker(text, "E2E-BASH:")
    if command:
        return ("Bash", {"command": command, "description": "e2e step", "timeout": 60000}, "tool_use")
    write = marker(text, "E2E-WRITE:")
    if write:
        path = os.path.join(PROJECT, *WRITES.get(write, write).split("/"))
        return ("Write", {"file_path": path, "content": "# written by the e2e model\n"}, "tool_use")
    agent = marker(text, "E2E-AGENT:")
    if agent:
        tool = {"description": "e2e sub-agent", "prompt": "E2E-SUB: say what you know.", "subagent_type": agent}
        return ("Agent", tool, "tool_use")
    return ("text", "E2E-OK", "end_turn")


def event(name, data):
    return f"event: {name}\ndata: {json.dumps(data)}\n\n".encode()


class Handler(BaseHTTPRequestHandler):
    log_path = None

    def log_message(self, *args):
        pass

    def do_GET(self):
        self.send_json({})

    def do_HEAD(self):
        self.send_response(200)
        self.end_headers()

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length)
        try:
            body = json.loads(raw or b"{}")
        except ValueError:
            body = {}
        with LOG_LOCK, open(self.log_path, "a", encoding="utf-8") as log:
            log.write(json.dumps({"path": self.path, "body": body}) + "\n")
        if not self.path.startswith("/v1/messages") or "count_tokens" in self.path:
            self.send_json({"input_tokens": 10})
            return
        kind, payload, stop = reply_for(body)
        n = next(COUNTER)
        if body.get("stream"):
            self.send_stream(n, kind, payload, stop, body.get("model", "claude-e2e"))
        else:
            block = {"type": "text", "text": payload} if kind == "text" else {
                "type": "tool_use", "id": f"toolu_e2e_{n}", "name": kind, "input": payload}
            self.send_json({
                "id": f"msg_e2e_{n}", "type": "message", "role": "assistant",
                "model": body.get("model", "claude-e2e"), "content": [block],
                "stop_reason": stop, "stop_sequence": None,
                "usage": {"input_tokens": 10, "output_tokens": 5},
            })

    def send_json(self, data):
        raw = json.dumps(data).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(raw)))
        self.end_headers()
        self.wfile.write(raw)

    def send_stream(self, n, kind, payload, stop, model):
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.end_headers()
        out = [event("message_start", {"type": "message_start", "message": {
            "id": f"msg_e2e_{n}", "type": "message", "role": "assistant", "model": model,
            "content": [], "stop_reason": None, "stop_sequence": None,
            "usage": {"input_tokens": 10, "output_tokens": 1}}})]
        if kind == "text":
            start = {"type": "text", "text": ""}
            delta = {"type": "text_delta", "text": payload}
        else:
            start = {"type": "tool_use", "id": f"toolu_e2e_{n}", "name": kind, "input": {}}
            delta = {"type": "input_json_delta", "partial_json": json.dumps(payload)}
        out.append(event("content_block_start", {"type": "content_block_start", "index": 0, "content_block": start}))
        out.append(event("content_block_delta", {"type": "content_block_delta", "index": 0, "delta": delta}))
        out.append(event("content_block_stop", {"type": "content_block_stop", "index": 0}))
        out.append(event("message_delta", {"type": "message_delta",
                                           "delta": {"stop_reason": stop, "stop_sequence": None},
                                           "usage": {"output_tokens": 5}}))
        out.append(event("message_stop", {"type": "message_stop"}))
        self.wfile.write(b"".join(out))
        self.wfile.flush()


def main():
    global PROJECT
    log_path, port_file = sys.argv[1], sys.argv[2]
    if len(sys.argv) > 3:
        PROJECT = sys.argv[3]
    Handler.log_path = log_path
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    with open(port_file + ".tmp", "w") as f:
        f.write(str(server.server_address[1]))
    os.replace(port_file + ".tmp", port_file)
    server.serve_forever()


if __name__ == "__main__":
    main()
