#!/usr/bin/env python3
"""A loopback stand-in for the OpenAI Responses API, for the Codex CLI end-to-end test.

Usage: standin.py LOG PORT_FILE

It binds 127.0.0.1 on a free port, writes the port to PORT_FILE, and logs every request as one
JSON line in LOG: the test reads exactly what the model would have seen. Codex streams
`POST /v1/responses` and wants Server-Sent Events back. The reply is scripted by the
conversation itself, so one stand-in serves every scenario (and every resumed session):

- a tool result came after the last user message: the turn ends with "E2E-DONE";
- the last user message holds `E2E-BASH: <command>`: run it with Codex's shell tool;
- the last user message holds `E2E-PATCH: <name>`: add the file PATCHES names with Codex's own
  file tool, apply_patch; the prompt does not spell the path, so no keyword of it can match;
- the last user message holds `E2E-FOLLOW`: run the command an earlier refusal said to run
  instead ("Run instead: <command>"), as a model that reads its tool results would;
- anything else: answer "E2E-OK".
"""

import json
import os
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

LOCK = threading.Lock()
COUNT = [0]
RESULTS = ("function_call_output", "custom_tool_call_output")
PATCHES = {"scene": "src/render/scene.py", "layout": "src/render/layout.py"}


def user_text(item):
    content = item.get("content")
    if isinstance(content, str):
        return content
    return "\n".join(p.get("text", "") for p in content or [] if isinstance(p, dict))


def marker(text, name):
    for line in text.splitlines():
        at = line.find(name)
        if at >= 0:
            return line[at + len(name):].strip()
    return None


def tools_by_name(tools):
    return {t.get("name"): t for t in tools if isinstance(t, dict)}


def shell_call(tools, command):
    """A call to Codex 0.169.0's shell tool: `exec_command {cmd}` (unified exec, on by default)."""
    if "exec_command" not in tools:
        return "message", None, "E2E-NO-SHELL-TOOL"
    return "function_call", "exec_command", {"cmd": command}


def patch_call(tools, path):
    """Codex 0.169.0 offers apply_patch as a freeform custom tool: the patch text is the input."""
    if (tools.get("apply_patch") or {}).get("type") != "custom":
        return "message", None, "E2E-NO-APPLY-PATCH-TOOL"
    patch = f"*** Begin Patch\n*** Add File: {path}\n+# written by the e2e model\n*** End Patch\n"
    return "custom_tool_call", "apply_patch", patch


def suggested(items):
    """The command the last refusal named: Codex gives the model "<reason>. Command: <cmd>"."""
    for item in reversed(items):
        out = item.get("output")
        if item.get("type") in RESULTS and isinstance(out, str) and "Run instead: " in out:
            line = out.split("Run instead: ", 1)[1].split("\n", 1)[0]
            return line.split(". Command: ", 1)[0]
    return None


def reply_for(body):
    """(item type, tool name, arguments) or ("message", None, text)."""
    items = [i for i in body.get("input") or [] if isinstance(i, dict)]
    tools = tools_by_name(body.get("tools") or [])
    users = [n for n, i in enumerate(items) if i.get("role") == "user" and i.get("type", "message") == "message"]
    if not tools or not users:
        return "message", None, "E2E-SIDE"
    last = users[-1]
    if any(i.get("type") in RESULTS for i in items[last:]):
        return "message", None, "E2E-DONE"
    text = user_text(items[last])
    command = marker(text, "E2E-BASH:")
    if command:
        return shell_call(tools, command)
    name = marker(text, "E2E-PATCH:")
    if name:
        return patch_call(tools, PATCHES.get(name, name))
    if marker(text, "E2E-FOLLOW") is not None and suggested(items):
        return shell_call(tools, suggested(items))
    return "message", None, "E2E-OK"


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    log_path = None

    def log_message(self, *args):
        pass

    def log(self, body):
        with LOCK, open(self.log_path, "a", encoding="utf-8") as f:
            f.write(json.dumps({"method": self.command, "path": self.path, "body": body}) + "\n")

    def send_json(self, data, code=200):
        raw = json.dumps(data).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(raw)))
        self.end_headers()
        self.wfile.write(raw)

    def do_GET(self):  # Codex 0.169.0 sends none with this config; logged should that change
        self.log(None)
        self.send_json({"object": "list", "data": []})

    def do_POST(self):
        raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        try:
            body = json.loads(raw or b"{}")
        except ValueError:  # e.g. a compressed body: log its size and refuse it loudly
            self.log({"unparsed": len(raw), "encoding": self.headers.get("Content-Encoding")})
            return self.send_json({"error": {"message": "stand-in: unreadable body"}}, 400)
        self.log(body)
        if not self.path.startswith("/v1/responses"):
            return self.send_json({"error": {"message": "stand-in: not found"}}, 404)
        kind, name, args = reply_for(body)
        with LOCK:
            COUNT[0] += 1
            n = COUNT[0]
        if kind == "message":
            item = {"type": "message", "id": f"msg_{n}", "role": "assistant", "status": "completed",
                    "content": [{"type": "output_text", "text": args, "annotations": []}]}
        elif kind == "custom_tool_call":  # answered by Codex with a custom_tool_call_output
            item = {"type": kind, "id": f"ctc_{n}", "call_id": f"call_e2e_{n}", "name": name,
                    "input": args, "status": "completed"}
        else:
            item = {"type": kind, "id": f"fc_{n}", "call_id": f"call_e2e_{n}", "name": name,
                    "arguments": json.dumps(args), "status": "completed"}
        self.send_stream(n, item)

    def send_stream(self, n, item):
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Connection", "close")
        self.end_headers()
        rid = f"resp_e2e_{n}"
        usage = {"input_tokens": 10, "input_tokens_details": {"cached_tokens": 0}, "output_tokens": 5,
                 "output_tokens_details": {"reasoning_tokens": 0}, "total_tokens": 15}
        events = [
            {"type": "response.created", "response": {"id": rid, "status": "in_progress"}},
            {"type": "response.output_item.added", "output_index": 0, "item": item},
            {"type": "response.output_item.done", "output_index": 0, "item": item},
            {"type": "response.completed",
             "response": {"id": rid, "status": "completed", "output": [item], "usage": usage}},
        ]
        self.wfile.write(b"".join(f"event: {e['type']}\ndata: {json.dumps(e)}\n\n".encode() for e in events))
        self.wfile.flush()
        self.close_connection = True


def main():
    Handler.log_path, port_file = sys.argv[1], sys.argv[2]
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    with open(port_file + ".tmp", "w") as f:
        f.write(str(server.server_address[1]))
    os.replace(port_file + ".tmp", port_file)
    server.serve_forever()


if __name__ == "__main__":
    main()
