#!/usr/bin/env python3
"""The assertions of the end-to-end test, over the requests the stand-in server logged.

Usage: check.py WORK_DIR. Each scenario left WORK_DIR/<name>.requests.jsonl; the tool result
the model received is in the request that follows the tool call.
"""

import glob
import json
import os
import sys

work = sys.argv[1]
failures = []


def requests(name):
    with open(os.path.join(work, f"{name}.requests.jsonl"), encoding="utf-8") as f:
        return [json.loads(line)["body"] for line in f if line.strip()]


def tool_results(name):
    """Every tool_result block the model received, as text, with its is_error flag."""
    seen = {}
    for body in requests(name):
        for message in body.get("messages") or []:
            content = message.get("content")
            if not isinstance(content, list):
                continue
            for block in content:
                if isinstance(block, dict) and block.get("type") == "tool_result":
                    text = block.get("content")
                    if isinstance(text, list):
                        text = "\n".join(b.get("text", "") for b in text if isinstance(b, dict))
                    seen[block.get("tool_use_id")] = (str(text), bool(block.get("is_error")))
    return list(seen.values())


def everything(name):
    return "\n".join(json.dumps(body) for body in requests(name))


def check(condition, what):
    print(("ok   " if condition else "FAIL ") + what)
    if not condition:
        failures.append(what)


results = tool_results("broken-config")
check(any(error and "force-push rewrites shared history" in text for text, error in results),
      "broken config: the block rule with a misspelt key still blocks, with its reason")
check(not os.path.exists(os.path.join(work, "project", "blocked-ran-broken")),
      "broken config: nothing of the blocked command ran")
check("line 8: unknown key `reasn` in [[enforce.block]]; did you mean `reason`?" in everything("broken-config")
      and "`pattern`: bad regex" in everything("broken-config"),
      "broken config: SessionStart tells the model both problems, with their lines")

results = tool_results("rewrite")
check(any("venv-python-ran: -m manim --version" in text for text, _ in results),
      "rewrite: `python3 -m manim` ran as `.venv/bin/python -m manim`")
check("learnings rewrote this Bash command" in everything("rewrite"),
      "rewrite: the model is told what was rewritten")

results = tool_results("untouched")
check(results and all("venv-python-ran" not in text for text, _ in results),
      "untouched: `python3 -m manimlib` is not rewritten")
check(any("manimlib-exit=" in text for text, _ in results), "untouched: it ran as written")

results = tool_results("block")
check(any(error and "force-push rewrites shared history" in text for text, error in results),
      "block: `git push --force` is denied with its reason")
check(any("git push --force-with-lease" in text for text, _ in results), "block: the reason suggests a command")
check(not os.path.exists(os.path.join(work, "project", "blocked-ran")), "block: nothing of the command ran")

results = tool_results("env")
check(any("flag=set-by-learnings" in text for text, _ in results), "env: [enforce.env] reaches the command")

# Injection: the domain file reaches the main request on a keyword, and nothing without one.
render = "E2E-RENDER-RULE"
check(render in everything("keyword"), "inject: a domain keyword puts the domain file into the model's request")
check(render not in everything("no-keyword"), "inject: no keyword puts nothing there")

# Freshness (issue 20): after `learnings cache warm`, what the model receives says how old things are.
fresh = everything("fresh")
check("Learnings file agents/learnings.md: 1 entry, 0 older than 7 active days; consolidation not due" in fresh,
      "freshness: SessionStart gives the model the learnings file's freshness line from the cache")
check(render in fresh and "Age: last changed " in fresh,
      "freshness: the injected rule file carries the date of its last change")

# Knowledge at the point of action (issue 21): a Write under src/render/ brings the render rules
# with the tool result, though the prompt names no keyword; the call itself runs unchanged.
written = requests("write")
check(render not in json.dumps(written[0]["messages"]) if written else False,
      "file tools: the prompt alone injects nothing")
check(any(render in json.dumps(body) and "PreToolUse:Write hook additional context" in json.dumps(body)
          for body in written),
      "file tools: a Write of a path in the render domain puts its file in the model's next request")
check(os.path.exists(os.path.join(work, "project", "src", "render", "scene.py")),
      "file tools: the Write ran as the model wrote it")
# After a compaction, the file injected before it and still in play is put back.
compacted = everything("compacted")
with open(os.path.join(work, "write.out.json"), encoding="utf-8") as f:
    write_session = json.load(f).get("session_id", "")
transcripts = glob.glob(os.path.join(work, "home", ".claude", "projects", "*", f"{write_session}.jsonl"))
check(bool(write_session) and any('"compact_boundary"' in open(t, encoding="utf-8").read() for t in transcripts),
      "compaction: /compact compacted the session against the stand-in")
check(render in compacted and "given before the compaction" in compacted
      and "PreToolUse:Write hook additional context" not in compacted,
      "compaction: the rule file injected before it reaches the next request, from SessionStart")

# A LearningAgent's sub-agent receives its core knowledge (from SubagentStart, not a `!` line).
sub = [json.dumps(body) for body in requests("subagent") if "E2E-SUB:" in json.dumps(body.get("messages"))]
check(bool(sub), "subagent: the Agent tool started the reviewer sub-agent")
check(any("E2E-REVIEWER-CORE" in body for body in sub), "subagent: the LearningAgent's sub-agent receives its core knowledge")
check(all("!`learnings agent instructions" not in body for body in sub), "subagent: no unexpanded `!` line reaches it")

# Capture (issue 11): the scripted session of session.py, then the commands run after it.
def kept(name, suffix="out"):
    with open(os.path.join(work, f"capture.{name}.{suffix}"), encoding="utf-8") as f:
        return f.read()


def kept_json(name):
    try:
        return json.loads(kept(name))
    except ValueError:
        return {}


with open(os.path.join(work, "capture.session"), encoding="utf-8") as f:
    session = f.read().strip()
events = [e for e in kept_json("history").get("events", []) if e.get("session") == session]
kinds = [e.get("kind") for e in events]
texts = {kind: [e.get("text", "") for e in events if e.get("kind") == kind] for kind in set(kinds)}
check(bool(session) and kinds.count("completion") >= 5,
      f"capture: one session id for all twelve turns, and Stop recorded its completions ({kinds})")
check(kinds.count("correction") == 3 and all("UTC" in t for t in texts.get("correction", [])),
      "capture: the three corrections are logged")
check(any("Always run the tests with --release" in t for t in texts.get("preference", [])),
      "capture: the explicit rule is logged as a preference")
check(kinds.count("praise") == 1, "capture: the praise is logged")
check(kinds.count("cancellation") == 1, "capture: the interrupted turn is a cancellation")
check(texts.get("rejection") == ["denied tool call: Bash `touch declined-ran`"],
      "capture: the declined tool call is a rejection; our own hook's block is not the person's")
check(not os.path.exists(os.path.join(work, "project", "declined-ran")), "capture: the declined call did not run")

pending = kept_json("review").get("pending", [])
check("hmm, case 3 lost its tabs" in [p.get("text") for p in pending]
      and all(e.get("text") != "hmm, case 3 lost its tabs" for e in events),
      f"learn review: the prompt the classifier is unsure of waits for review, not in the feedback log ({pending})")

analysis = kept_json("analyze")
patterns = analysis.get("patterns", [])
check(any(p.get("count", 0) >= 3 and "UTC" in json.dumps(p) for p in patterns),
      "learn analyze: the three corrections are one recurring pattern")
check(any("Always run the tests with --release" in r.get("text", "") for r in analysis.get("rules", [])),
      "learn analyze: the explicit rule")

learned = everything("learned")
check("<learned-context>" in learned, "next SessionStart: a <learned-context> block reaches the model")
check("Always run the tests with --release" in learned and "local time" in learned,
      "next SessionStart: it holds the rule and the recurring correction")

with open(os.path.join(work, "project", "agents", "learnings.md"), encoding="utf-8") as f:
    learnings_md = f.read()
check(kept("promote", "code").strip() == "0" and "+## " in kept("promote"),
      "learn promote: writes entries and shows the diff")
check("--release" in learnings_md and "local time" in learnings_md,
      "learn promote: the rule and the correction are entries of agents/learnings.md")
ages = kept("ages")
check(kept("ages", "code").strip() == "0" and "Always run the tests with --release before you say done" in ages,
      "ages: the promoted entries are dated like any entry")
check(kept("check", "code").strip() == "0", "check: the learnings file with the promoted entries passes")

with open(os.path.join(work, "capture.left"), encoding="utf-8") as f:
    left = f.read().split()
captured = [p for p in left if any(n in os.path.basename(p) for n in ("feedback", "discoveries", "sessions", "patches", "off"))]
check(kept("forget", "code").strip() == "0" and "feedback" in kept("forget"),
      "learn forget: says what it removed")
check(not captured, f"learn forget: no capture file is left ({captured})")
with open(os.path.join(work, "capture.traces"), encoding="utf-8") as f:
    traces = f.read().split()
check(not traces, f"learn forget: no file still holds a captured phrase ({traces})")

if failures:
    print(f"e2e: {len(failures)} check(s) failed; LEARNINGS_E2E_KEEP=1 keeps the work folder", file=sys.stderr)
    sys.exit(1)
print("e2e: all checks passed")
