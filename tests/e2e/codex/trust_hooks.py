#!/usr/bin/env python3
"""Trust a project's Codex hooks the way Codex itself records trust, without its TUI.

Usage: trust_hooks.py CODEX PROJECT   (CODEX_HOME and HOME come from the environment)

Codex runs a hook from a project's .codex/hooks.json only when $CODEX_HOME/config.toml holds
`[hooks.state."<key>"] trusted_hash = "<hash>"` for it; an untrusted hook is skipped without an
error. We do not compute the hash ourselves: `codex app-server` (JSON-RPC over stdio) lists each
hook with its key, its current hash and its trust status, and we write back what it reports.
Then we list again, so the test sees Codex itself call them trusted. Prints
{"before": [[key, status], ...], "after": [...]}.
"""

import json
import os
import subprocess
import sys

codex, project = sys.argv[1], sys.argv[2]


def list_hooks():
    """Every hook Codex finds for the project: {key, currentHash, trustStatus, ...}."""
    server = subprocess.Popen([codex, "app-server"], cwd=project, stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)

    def send(message):
        server.stdin.write(json.dumps(message) + "\n")
        server.stdin.flush()

    def call(rid, method, params):
        send({"id": rid, "method": method, "params": params})
        for line in server.stdout:
            message = json.loads(line)
            if message.get("id") == rid:
                if "error" in message:
                    sys.exit(f"trust_hooks: {method}: {message['error']}")
                return message["result"]
        sys.exit(f"trust_hooks: app-server closed before answering {method}")

    try:
        call(1, "initialize", {"clientInfo": {"name": "learnings-e2e", "version": "1"}})
        send({"method": "initialized"})
        listed = call(2, "hooks/list", {"cwds": [project]})
    finally:
        server.terminate()
        server.wait()
    return [hook for entry in listed["data"] for hook in entry["hooks"]]


def statuses(hooks):
    return [[hook["key"], hook["trustStatus"]] for hook in hooks]


before = list_hooks()
with open(os.path.join(os.environ["CODEX_HOME"], "config.toml"), "a", encoding="utf-8") as config:
    for hook in before:
        if hook["trustStatus"] != "trusted":
            config.write(f'\n[hooks.state."{hook["key"]}"]\ntrusted_hash = "{hook["currentHash"]}"\n')
print(json.dumps({"before": statuses(before), "after": statuses(list_hooks())}))
