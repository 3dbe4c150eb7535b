#!/usr/bin/env python3
"""A loopback stand-in for the Chat Completions API, for opencode's end-to-end test.

Usage: server.py LOG PORT_FILE PROJECT

opencode reaches it through a custom provider (@ai-sdk/openai-compatible, bundled in opencode, so
nothing is downloaded). It binds 127.0.0.1 on a free port, writes the port to PORT_FILE and logs
every request body as one JSON line in LOG: the checks read what the model was sent.

The replies are scripted by the conversation itself, so one server serves every scenario. The
last user message may hold `E2E-STEPS: step ;; step ;; ...`; each step is one tool call, and the
number of tool results since that user message says which step is next:
  bash <command>    the `bash` tool
  write <file>      the `write` tool, a new file
  edit <file>       the `edit` tool, replacing the line `write` wrote
A <file> is a name of FILES (so the prompt need not name the path, nor any domain keyword in it) or
a path relative to PROJECT; opencode's file tools take absolute paths.
When the steps are done, or there are none, the answer is the text "E2E-DONE". Requests that
offer no tools (opencode's title request) get "E2E-TITLE".
"""

import itertools
import json
import os
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

PROJECT = "."
COUNTER = itertools.count(1)
LOG_LOCK = threading.Lock()
WRITTEN = "# written by the e2e model\n"
FILES = {"scene": "src/render/scene.py", "layout": "src/render/layout.py"}


def text_of(message):
    """A message's text: opencode sends a string or a list of {type: text} parts."""
    content = message.get("content")
    if isinstance(content, str):
        return content
    return "\n".join(p.get("text", "") for p in content or [] if isinstance(p, dict) and p.get("type") == "text")


def steps_of(text):
    for line in text.splitlines():
        at = line.find("E2E-STEPS:")
        if at >= 0:
            return [s.strip() for s in line[at + len("E2E-STEPS:"):].split(";;") if s.strip()]
    return []


def tool_call(step):
    """(tool name, arguments) for one step of the script."""
    verb, _, rest = step.partition(" ")
    rest = rest.strip()
    if verb == "bash":
        return "bash", {"command": rest, "description": "e2e step"}
    path = os.path.join(PROJECT, *FILES.get(rest, rest).split("/"))
    if verb == "write":
        return "write", {"filePath": path, "content": WRITTEN}
    if verb == "edit":
        return "edit", {"filePath": path, "oldString": WRITTEN.strip(), "newString": "# edited by the e2e model"}
    raise ValueError(f"unknown step {step!r}")


def reply_for(body):
    """("text", str) or ("tool", (name, args)) for one request."""
    if not body.get("tools"):
        return "text", "E2E-TITLE"
    messages = [m for m in body.get("messages") or [] if m.get("role") != "system"]
    users = [i for i, m in enumerate(messages) if m.get("role") == "user"]
    if not users:
        return "text", "E2E-DONE"
    done = sum(1 for m in messages[users[-1]:] if m.get("role") == "tool")
    steps = steps_of(text_of(messages[users[-1]]))
    if done < len(steps):
        return "tool", tool_call(steps[done])
    return "text", "E2E-DONE"


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    log_path = None

    def log_message(self, *args):
        pass

    def do_GET(self):  # opencode does not list models with OPENCODE_DISABLE_MODELS_FETCH, but be safe
        self.send_json({"object": "list", "data": [{"id": "e2e-model", "object": "model"}]})

    def do_POST(self):
        raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        try:
            body = json.loads(raw or b"{}")
        except ValueError:
            body = {}
        with LOG_LOCK, open(self.log_path, "a", encoding="utf-8") as log:
            log.write(json.dumps({"path": self.path, "body": body}) + "\n")
        if not self.path.startswith("/v1/chat/completions"):
            self.send_json({"error": {"message": "not found"}}, 404)
            return
        kind, payload = reply_for(body)
        n = next(COUNTER)
        if kind == "text":
            delta, finish = {"role": "assistant", "content": payload}, "stop"
        else:
            name, args = payload
            delta = {"role": "assistant", "content": None, "tool_calls": [{
                "index": 0, "id": f"call_e2e_{n}", "type": "function",
                "function": {"name": name, "arguments": json.dumps(args)}}]}
            finish = "tool_calls"
        chunk = {"id": f"chatcmpl-e2e-{n}", "object": "chat.completion.chunk", "created": 0,
                 "model": body.get("model", "e2e-model")}
        usage = {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15}
        if not body.get("stream"):
            self.send_json({**chunk, "object": "chat.completion", "usage": usage,
                            "choices": [{"index": 0, "message": delta, "finish_reason": finish}]})
            return
        # Server-sent events: the whole reply in one delta, then the finish reason, then [DONE].
        events = [{**chunk, "choices": [{"index": 0, "delta": delta, "finish_reason": None}]},
                  {**chunk, "choices": [{"index": 0, "delta": {}, "finish_reason": finish}], "usage": usage}]
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(b"".join(f"data: {json.dumps(e)}\n\n".encode() for e in events) + b"data: [DONE]\n\n")
        self.wfile.flush()
        self.close_connection = True

    def send_json(self, data, code=200):
        raw = json.dumps(data).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(raw)))
        self.end_headers()
        self.wfile.write(raw)


def main():
    global PROJECT
    Handler.log_path, port_file, PROJECT = sys.argv[1], sys.argv[2], sys.argv[3]
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    with open(port_file + ".tmp", "w") as f:
        f.write(str(server.server_address[1]))
    os.replace(port_file + ".tmp", port_file)
    server.serve_forever()


if __name__ == "__main__":
    main()
