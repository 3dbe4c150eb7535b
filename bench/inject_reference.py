#!/usr/bin/env python3
"""The prompt hook's matching in plain Python: the baseline bench/inject.sh runs beside it.

Reads the UserPromptSubmit JSON on stdin, `learnings.toml` from the working directory, the last
3 conversation messages from the end of the transcript (in blocks, skipping meta, attachments,
tool results and sidechains), matches every domain's keywords as whole words in any case (one
compiled alternation) and its regex patterns, then reads the matched files and fits them into the
budget by whole lines. Prints the same JSON shape as `learnings hook prompt`. No session state:
it does strictly less work than the hook.
"""
import json, os, re, sys, tomllib

BLOCK = 64 * 1024


def tail(path, count):
    out = []
    try:
        f = open(path, "rb")
    except OSError:
        return out
    with f:
        end = f.seek(0, os.SEEK_END)
        partial = b""
        while end > 0 and len(out) < count:
            start = max(0, end - BLOCK)
            f.seek(start)
            block = f.read(end - start) + partial
            end = start
            lines = block.split(b"\n")
            partial = lines[0] if start > 0 else b""
            body = lines[1:] if start > 0 else lines
            for raw in reversed(body):
                text = message(raw)
                if text:
                    out.append(text)
                    if len(out) == count:
                        break
    return out


def message(raw):
    raw = raw.strip()
    if not raw.startswith(b"{"):
        return None
    try:
        line = json.loads(raw)
    except ValueError:
        return None
    if line.get("type") not in ("user", "assistant") or line.get("isMeta") or line.get("isSidechain"):
        return None
    content = (line.get("message") or {}).get("content")
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        texts = [b.get("text", "") for b in content if isinstance(b, dict) and b.get("type") == "text"]
        return "\n".join(texts) or None
    return None


def main():
    hook = json.load(sys.stdin)
    with open("learnings.toml", "rb") as f:
        config = tomllib.load(f).get("inject", {})
    budget = config.get("budget", 6000)
    sources = [hook.get("prompt", "")] + tail(hook.get("transcript_path", ""), 3)
    domains = config.get("domains", [])
    owners = {}
    for i, d in enumerate(domains):
        for k in d.get("keywords", []):
            owners.setdefault(k.strip().lower(), []).append(i)
    words = sorted(owners, key=len, reverse=True)
    alternation = re.compile(r"(?<![\w])(" + "|".join(re.escape(w) for w in words) + r")(?![\w])")
    patterns = [(i, re.compile(p, re.I)) for i, d in enumerate(domains) for p in d.get("patterns", [])]
    score = {}
    for weight, text in zip((4, 3, 2, 1), sources):
        lower = text.lower()
        for m in alternation.finditer(lower):
            for i in owners[m.group(1)]:
                score[i] = score.get(i, 0) + weight
        for i, p in patterns:
            if p.search(text):
                score[i] = score.get(i, 0) + weight
    if not score:
        print("{}")
        return
    order = sorted(score, key=lambda i: (-score[i], i))
    out = ["Project knowledge from this repository's files."]
    used = len(out[0])
    for i in order:
        for path in domains[i]["files"]:
            with open(path, encoding="utf-8") as f:
                lines = f.read().splitlines()
            block = [f'<project-knowledge path="{path}">']
            used += len(block[0]) + len("</project-knowledge>") + 2
            for line in lines:
                if used + len(line) + 1 > budget - 600:
                    break
                block.append(line)
                used += len(line) + 1
            if len(block) > 1:  # a file of which no line fits is left out
                block.append("</project-knowledge>")
                out.append("\n".join(block))
    text = "\n\n".join(out)
    print(json.dumps({"hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "additionalContext": text}}))


main()
