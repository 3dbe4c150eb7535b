#!/usr/bin/env python3
"""A loopback stand-in for the Gemini API (v1beta, as @google/genai calls it), for Gemini CLI's e2e test.

Usage: server.py LOG PORT_FILE PROJECT

It binds 127.0.0.1 on a free port, writes the port to PORT_FILE and logs every request body as one
JSON line in LOG: the checks read exactly what the model was sent. Like the Claude stand-in, the
conversation itself scripts the reply, so one server serves every scenario:

- a request without tools (a side request): "E2E-SIDE", or JSON when the caller asked for JSON;
- the prompt holds `E2E-BASH: <command>`: call run_shell_command with that command;
- the prompt holds `E2E-WRITE: <name>`: call write_file on the file WRITES names, by its absolute path
  in PROJECT (the prompt does not name it, so no keyword in it can match), then read_file on it;
- once those calls are answered: "E2E-DONE"; a prompt with no marker: "E2E-OK".
"""

import json
import os
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

LOG_LOCK = threading.Lock()
PROJECT = "."
WRITES = {"scene": "src/render/scene.py"}
USAGE = {"promptTokenCount": 10, "candidatesTokenCount": 5, "totalTokenCount": 15}


def marker(text, name):
    for line in text.splitlines():
        at = line.find(name)
        if at >= 0:
            return line[at + len(name):].strip()
    return None


def reply_for(body):
    """The one part the model answers with."""
    if not any(t.get("functionDeclarations") for t in body.get("tools") or []):
        # Side requests (next-speaker checks, routing…) ask for JSON; a plain word does elsewhere.
        if (body.get("generationConfig") or {}).get("responseMimeType") == "application/json":
            return {"text": json.dumps({"next_speaker": "user", "reasoning": "done", "model_choice": "flash"})}
        return {"text": "E2E-SIDE"}
    # This turn: everything after the model's last plain answer (a resumed session holds earlier turns).
    # The prompt may span several user parts (hooks add <hook_context> parts); tool results are user
    # parts too, and each call the model already made is one step of the plan done.
    contents = body.get("contents") or []
    start = max([i + 1 for i, c in enumerate(contents) if c.get("role") == "model"
                 and not any("functionCall" in p for p in c.get("parts") or [])] or [0])
    turn = contents[start:]
    prompt = "\n".join(p.get("text", "") for c in turn if c.get("role") == "user" for p in c.get("parts") or [])
    done = sum(1 for c in turn if c.get("role") == "model" for p in c.get("parts") or [] if "functionCall" in p)
    plan = []
    command = marker(prompt, "E2E-BASH:")
    if command:
        plan = [("run_shell_command", {"command": command, "description": "e2e step"})]
    write = marker(prompt, "E2E-WRITE:")
    if write:
        # Write the file, then read it back: the domain's file must come with the first, not again.
        path = os.path.join(PROJECT, *WRITES.get(write, write).split("/"))
        plan = [("write_file", {"file_path": path, "content": "# written by the e2e model\n"}),
                ("read_file", {"file_path": path})]
    if done < len(plan):
        name, args = plan[done]
        return {"functionCall": {"name": name, "args": args}}
    return {"text": "E2E-DONE" if done else "E2E-OK"}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    log_path = None

    def log_message(self, *args):
        pass

    def do_GET(self):
        self.log({})
        self.send_json({"error": {"code": 404, "message": "not served here"}}, 404)

    def do_POST(self):
        raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        try:
            body = json.loads(raw or b"{}")
        except ValueError:
            body = {}
        self.log(body)
        if ":countTokens" in self.path:
            self.send_json({"totalTokens": 10})
            return
        reply = {"candidates": [{"content": {"role": "model", "parts": [reply_for(body)]},
                                 "finishReason": "STOP", "index": 0}],
                 "usageMetadata": USAGE, "modelVersion": "e2e"}
        if ":streamGenerateContent" not in self.path:
            self.send_json(reply)
            return
        # One SSE event holding the whole answer, then close: the client needs nothing more.
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(f"data: {json.dumps(reply)}\r\n\r\n".encode())
        self.wfile.flush()
        self.close_connection = True

    def log(self, body):
        with LOG_LOCK, open(self.log_path, "a", encoding="utf-8") as log:
            log.write(json.dumps({"method": self.command, "path": self.path, "body": body}) + "\n")

    def send_json(self, data, code=200):
        raw = json.dumps(data).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(raw)))
        self.end_headers()
        self.wfile.write(raw)


def main():
    global PROJECT
    log_path, port_file, PROJECT = sys.argv[1], sys.argv[2], sys.argv[3]
    Handler.log_path = log_path
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    with open(port_file + ".tmp", "w") as f:
        f.write(str(server.server_address[1]))
    os.replace(port_file + ".tmp", port_file)
    server.serve_forever()


if __name__ == "__main__":
    main()
