#!/usr/bin/env python3
"""The checks of Gemini CLI's end-to-end test, over what the stand-in logged and what ran.

Usage: check.py WORK_DIR. Each scenario left WORK_DIR/<name>.requests.jsonl (the bodies the model
was sent), <name>.code (gemini's exit code) and, with strace, <name>.connect.
Prints one PASS/FAIL line per check; exits 1 on any FAIL.
"""

import glob
import json
import os
import re
import sys

work = sys.argv[1]
project = os.path.join(work, "project")
failures = []
RULE = "E2E-RENDER-RULE"


def check(condition, what, scenario=None):
    print(("PASS " if condition else "FAIL ") + what)
    if not condition:
        failures.append(what)
        if scenario:
            show_hooks(scenario)


def show_hooks(scenario):
    """What Gemini sent our hooks in `scenario` and what we answered (run.sh's tracer kept them)."""
    for path in sorted(glob.glob(os.path.join(work, "hooks", scenario, "*.in"))):
        stem = path[: -len(".in")]
        with open(path, encoding="utf-8") as f:
            sent = f.read().strip()
        with open(stem + ".out", encoding="utf-8") as f:
            said = f.read().strip()
        print(f"     {os.path.basename(stem)}\n       in:  {sent[:700]}\n       out: {said[:700]}")


def requests(name):
    try:
        with open(os.path.join(work, f"{name}.requests.jsonl"), encoding="utf-8") as f:
            return [json.loads(line)["body"] for line in f if line.strip()]
    except FileNotFoundError:
        return []


def main_requests(name):
    """The agent's requests (they offer tools); side requests are not what the model works from."""
    return [b for b in requests(name) if any(t.get("functionDeclarations") for t in b.get("tools") or [])]


def everything(name):
    return "\n".join(json.dumps(body) for body in requests(name))


def tool_results(name):
    """(tool name, what the model got back) for every functionResponse it was sent, once each."""
    seen = {}
    for body in requests(name):
        for content in body.get("contents") or []:
            for part in content.get("parts") or []:
                answer = part.get("functionResponse")
                if answer:
                    response = answer.get("response") or {}
                    text = response.get("output", response.get("error", json.dumps(response)))
                    seen[answer.get("id") or len(seen)] = (answer.get("name"), str(text))
    return list(seen.values())


def exists(*path):
    return os.path.exists(os.path.join(project, *path))


# Every run finished; a failing one says why on stderr.
for code_file in sorted(glob.glob(os.path.join(work, "*.code"))):
    name = os.path.basename(code_file)[: -len(".code")]
    with open(code_file) as f:
        code = f.read().strip()
    check(code == "0", f"{name}: gemini exited 0 (got {code})")
    if code != "0":
        with open(os.path.join(work, f"{name}.err"), encoding="utf-8", errors="replace") as f:
            print("     stderr: " + "\n     ".join(f.read().strip().splitlines()[-5:]))

# `learnings install --client gemini` wrote the five hooks, each answered by our binary.
try:
    with open(os.path.join(project, ".gemini", "settings.json"), encoding="utf-8") as f:
        hooks = json.load(f).get("hooks", {})
except (OSError, ValueError):
    hooks = {}
wanted = {"SessionStart": "session-start", "BeforeAgent": "prompt", "BeforeTool": "pre-tool",
          "AfterTool": "post-tool", "AfterAgent": "stop"}
installed = {event: " ".join(h.get("command", "") for g in hooks.get(event, []) for h in g.get("hooks", []))
             for event in wanted}
check(all(f"learnings hook {e} --client gemini" in installed[ev] for ev, e in wanted.items()),
      "install: .gemini/settings.json runs `learnings hook <event> --client gemini` on all five events")

# 1. A prompt in the render domain brings the domain's rule file to the model.
check(RULE in everything("keyword"), "inject: a domain keyword puts the domain file into the model's request", "keyword")

# 2. Gemini's own file tool writing src/render/scene.py (no keyword in the prompt) brings it after
#    the write, once: reading the file back right after does not bring it again.
written = main_requests("write")
check(bool(written) and RULE not in json.dumps(written[0]), "file tools: the prompt alone injects nothing", "write")
results = tool_results("write")
check(any(name == "write_file" and RULE in text for name, text in results),
      "file tools: write_file of a path in the render domain brings its file with the tool result", "write")
check(bool(written) and json.dumps(written[-1]).count(RULE) == 1,
      f"file tools: the rule file reaches the model once (read_file after it adds no copy; "
      f"{json.dumps(written[-1]).count(RULE) if written else 0} in the last request)", "write")
check(exists("src", "render", "scene.py"), "file tools: the write ran as the model wrote it")

# 3. A block rule refuses the command with its reason; a plain command runs.
results = tool_results("block")
check(any("force-push rewrites shared history" in text for _, text in results),
      "block: the model is told \"force-push rewrites shared history\"", "block")
check(not exists("blocked-ran"), "block: nothing of `touch blocked-ran && git push --force` ran", "block")
check(exists("plain-ran"), "block: a plain command (`touch plain-ran`) runs", "plain")

# 4. Gemini applies a BeforeTool rewrite: `python3 -m manim` ran as the venv's python.
results = tool_results("rewrite")
check(any("venv-python-ran: -m manim --version" in text for _, text in results),
      "rewrite: `python3 -m manim --version` ran as `.venv/bin/python -m manim --version`", "rewrite")

# 5. The correction typed as a prompt is in the feedback history, with Gemini's session id.
try:
    with open(os.path.join(work, "correction.out.json"), encoding="utf-8") as f:
        session = json.load(f).get("session_id", "")
except (OSError, ValueError):
    session = ""
try:
    with open(os.path.join(work, "history.json"), encoding="utf-8") as f:
        events = json.load(f).get("events", [])
except (OSError, ValueError):
    events = []
corrections = [e for e in events if e.get("kind") == "correction" and "UTC" in e.get("text", "")]
check(bool(corrections), f"capture: the correction is a correction event ({[e.get('kind') for e in events]})", "correction")
check(bool(session) and any(e.get("session") == session for e in corrections),
      f"capture: it carries Gemini's session id ({session} vs {[e.get('session') for e in corrections]})")

# 6. After `learnings cache warm`, SessionStart's freshness line reaches the model.
check("Learnings file agents/learnings.md: 1 entry" in everything("fresh"),
      "freshness: SessionStart gives the model the learnings file's freshness line", "fresh")

# 7. The effect ledger says which client the hooks answered.
clients = set()
try:
    with open(os.path.join(project, ".learnings", "effect.jsonl"), encoding="utf-8") as f:
        for line in f:
            try:
                clients.add(json.loads(line).get("client"))
            except ValueError:
                pass
except OSError:
    pass
check("gemini" in clients, f"ledger: .learnings/effect.jsonl records \"client\":\"gemini\" ({sorted(map(str, clients))})")

# No connect() off loopback (strace logs; AF_UNIX and loopback addresses are fine).
logs = glob.glob(os.path.join(work, "*.connect"))
if logs:
    off = []
    for log in logs:
        with open(log, encoding="utf-8", errors="replace") as f:
            for line in f:
                if "AF_INET" not in line:
                    continue
                addr = re.search(r'inet_addr\("([^"]+)"\)|inet_pton\(AF_INET6, "([^"]+)"', line)
                host = next((g for g in addr.groups() if g), "") if addr else "?"
                if not (host.startswith("127.") or host in ("::1", "::ffff:127.0.0.1")):
                    off.append(f"{os.path.basename(log)}: {line.strip()}")
    check(not off, f"network: no connect() off loopback ({off[:3]})")
else:
    print("INFO network: strace missing, connect() not traced")

sys.stdout.flush()
if failures:
    print(f"e2e gemini: {len(failures)} check(s) failed; LEARNINGS_E2E_KEEP=1 keeps the work folder", file=sys.stderr)
    sys.exit(1)
print("e2e gemini: all checks passed")
