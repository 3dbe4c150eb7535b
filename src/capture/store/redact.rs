//! Secrets out before anything is written: API keys, tokens, passwords in URLs, private keys.
//!
//! Prompts and assistant messages are pasted text: logs, configs, shell sessions. A secret in
//! one would otherwise sit in a plain file forever. The patterns favour recall: a redacted word
//! that was not a secret costs nothing, a kept secret costs a rotation. Each match becomes
//! `[REDACTED]`, so the surrounding text still reads.

use regex::{Captures, Regex};
use std::borrow::Cow;
use std::sync::{LazyLock, OnceLock};

/// What replaces a secret.
pub const MARK: &str = "[REDACTED]";

/// One rule: a cheap literal pre-check, then the regex, compiled the first time the pre-check
/// passes (most text holds no secret, and hooks should not pay for compiling what they skip).
struct Rule {
    hint: fn(&str) -> bool,
    pattern: &'static str,
    compiled: OnceLock<Option<Regex>>,
}

fn has_any(text: &str, needles: &[&str]) -> bool {
    needles.iter().any(|n| text.contains(n))
}

fn has_any_lower(text: &str, needles: &[&str]) -> bool {
    let lower = text.to_ascii_lowercase();
    has_any(&lower, needles)
}

const PRIVATE_KEY: &str =
    r"(?s)-----BEGIN [A-Z0-9 ]*PRIVATE KEY( BLOCK)?-----.*?(-----END [A-Z0-9 ]*PRIVATE KEY( BLOCK)?-----|\z)";
const URL_PASSWORD: &str = r"(?i)\b([a-z][a-z0-9+.-]*://[^\s:/@]+):[^\s@/]+@";
const TOKENS: &str = concat!(
    r"\b(",
    r"sk-(ant-|proj-)?[A-Za-z0-9_-]{16,}",
    r"|gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}",
    r"|glpat-[A-Za-z0-9_-]{16,}|xox[abposr]-[A-Za-z0-9-]{10,}",
    r"|(AKIA|ASIA)[A-Z0-9]{16}|AIza[A-Za-z0-9_-]{30,}",
    r"|npm_[A-Za-z0-9]{30,}|pypi-[A-Za-z0-9_-]{30,}|hf_[A-Za-z0-9]{30,}",
    r"|(sk|rk|pk)_(live|test)_[A-Za-z0-9]{16,}",
    r"|eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}",
    r")"
);
const BEARER: &str = r"(?i)\b(bearer|token|basic)\s+[A-Za-z0-9._~+/=-]{16,}";
const ASSIGNMENT: &str = concat!(
    r#"(?i)\b([a-z0-9_.-]*(password|passwd|pwd|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|credentials?|auth)[a-z0-9_.-]*"#,
    r#"["']?\s*[:=]\s*)("[^"\s]{4,}"|'[^'\s]{4,}'|[^\s"',;]{4,})"#
);

fn rule(hint: fn(&str) -> bool, pattern: &'static str) -> Rule {
    Rule {
        hint,
        pattern,
        compiled: OnceLock::new(),
    }
}

static RULES: LazyLock<[Rule; 5]> = LazyLock::new(|| {
    [
        rule(|t| t.contains("PRIVATE KEY"), PRIVATE_KEY),
        rule(|t| t.contains("://") && t.contains('@'), URL_PASSWORD),
        rule(
            |t| {
                has_any(
                    t,
                    &[
                        "sk-",
                        "ghp_",
                        "gho_",
                        "ghu_",
                        "ghs_",
                        "ghr_",
                        "github_pat_",
                        "glpat-",
                        "xox",
                        "AKIA",
                        "ASIA",
                        "AIza",
                        "npm_",
                        "pypi-",
                        "hf_",
                        "_live_",
                        "_test_",
                        "eyJ",
                    ],
                )
            },
            TOKENS,
        ),
        rule(|t| has_any_lower(t, &["bearer", "token", "basic"]), BEARER),
        rule(
            |t| {
                (t.contains('=') || t.contains(':'))
                    && has_any_lower(
                        t,
                        &["pass", "pwd", "secret", "token", "key", "credential", "auth"],
                    )
            },
            ASSIGNMENT,
        ),
    ]
});

/// `text` with every secret replaced by [`MARK`]; borrowed when nothing matched.
pub fn text(text: &str) -> Cow<'_, str> {
    let mut out = Cow::Borrowed(text);
    for (n, rule) in RULES.iter().enumerate() {
        if !(rule.hint)(&out) {
            continue;
        }
        let Some(re) = rule.compiled.get_or_init(|| Regex::new(rule.pattern).ok()) else {
            // The patterns are constants; if one ever failed to compile, keep nothing rather than leak.
            debug_assert!(false, "bad pattern {}", rule.pattern);
            return Cow::Owned(MARK.to_owned());
        };
        out = match n {
            1 => apply(out, re, |c| format!("{}:{MARK}@", &c[1])),
            3 => apply(out, re, |c| format!("{} {MARK}", &c[1])),
            // A value already redacted by an earlier rule stays as it is.
            4 => apply(out, re, |c| {
                if c[3].contains(MARK) {
                    c[0].to_owned()
                } else {
                    format!("{}{MARK}", &c[1])
                }
            }),
            _ => apply(out, re, |_| MARK.to_owned()),
        };
    }
    out
}

fn apply<'a>(text: Cow<'a, str>, re: &Regex, with: impl Fn(&Captures<'_>) -> String) -> Cow<'a, str> {
    if !re.is_match(&text) {
        return text;
    }
    Cow::Owned(re.replace_all(&text, |c: &Captures<'_>| with(c)).into_owned())
}

/// A JSON value with every string (keys excepted) redacted.
pub fn value(value: serde_json::Value) -> serde_json::Value {
    use serde_json::Value;
    match value {
        Value::String(s) => match text(&s) {
            Cow::Borrowed(_) => Value::String(s),
            Cow::Owned(r) => Value::String(r),
        },
        Value::Array(items) => Value::Array(items.into_iter().map(self::value).collect()),
        Value::Object(map) => Value::Object(map.into_iter().map(|(k, v)| (k, self::value(v))).collect()),
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gone(input: &str, secret: &str) {
        let out = text(input);
        assert!(!out.contains(secret), "{secret} kept in {out}");
        assert!(out.contains(MARK), "{out}");
    }

    #[test]
    fn api_keys_and_tokens() {
        gone(
            "use sk-ant-api03-abcdefghijklmnopqrstuvwx please",
            "abcdefghijklmnop",
        );
        gone("OPENAI sk-proj-ABCDEFGHIJKLMNOPQRSTUV", "ABCDEFGHIJKLMNOP");
        gone("token ghp_0123456789abcdefghijABCDEFGHIJ012345", "ghp_0123456789");
        gone("AKIAIOSFODNN7EXAMPLE is the key id", "AKIAIOSFODNN7EXAMPLE");
        gone("xoxb-123456789012-abcdefghij", "xoxb-1234");
        gone("Authorization: Bearer abc.def-ghi_jkl012345678", "abc.def-ghi");
        gone(
            "jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N",
            "dozjg",
        );
    }

    #[test]
    fn assignments_keep_the_name() {
        let out = text("export API_KEY=abcd1234efgh and DB_PASSWORD: \"hunter22\"");
        assert!(out.contains("API_KEY=[REDACTED]"), "{out}");
        assert!(out.contains("DB_PASSWORD: [REDACTED]"), "{out}");
        assert!(!out.contains("hunter22") && !out.contains("abcd1234"), "{out}");
    }

    #[test]
    fn passwords_in_urls_keep_the_user_and_host() {
        let out = text("clone https://alice:s3cr3t@example.com/repo.git and postgres://u:p4ss@db:5432/x");
        assert_eq!(
            out,
            "clone https://alice:[REDACTED]@example.com/repo.git and postgres://u:[REDACTED]@db:5432/x"
        );
    }

    #[test]
    fn private_key_blocks_even_unterminated() {
        let key =
            "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAA\n-----END OPENSSH PRIVATE KEY-----";
        assert_eq!(
            text(&format!("here:\n{key}\nthanks")),
            "here:\n[REDACTED]\nthanks"
        );
        assert_eq!(text("-----BEGIN RSA PRIVATE KEY-----\nMIIEow"), MARK);
    }

    #[test]
    fn ordinary_text_is_borrowed() {
        for plain in [
            "no, always use the venv",
            "the token count is 500",
            "see https://example.com/a:b",
            "password rules",
        ] {
            assert!(matches!(text(plain), Cow::Borrowed(_)), "{plain}");
        }
    }

    #[test]
    fn json_strings_are_redacted_keys_kept() {
        let v = serde_json::json!({"prompt": "key sk-ant-abcdefghijklmnopqrstu", "n": 1, "list": ["ghp_abcdefghijklmnopqrstuvwxyz"]});
        let out = value(v).to_string();
        assert!(!out.contains("abcdefghijklmnop"), "{out}");
        assert!(out.contains("\"prompt\""));
    }
}
