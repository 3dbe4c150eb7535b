//! Secrets out before anything is written: API keys, tokens, passwords in URLs, private keys.
//!
//! Prompts and assistant messages are pasted text: logs, configs, shell sessions. A secret in
//! one would otherwise sit in a plain file forever; a commit id or a checksum redacted for
//! nothing makes the captured text useless. So a value is redacted when its shape is a known
//! credential's (`ghp_…`, `AKIA…`, `SG.….…`), when a word like key, secret, token or password
//! names it and it is not a placeholder (`changeme`, `<your key>`, `${DB_PASSWORD}`,
//! `…EXAMPLE`), when a command takes it as its password (`sshpass -p`, `curl -u user:…`,
//! `mysql -p…`, a netrc entry) or prose names it ("the password is …"), or when it is a bare
//! 40-character AWS secret access key. Each becomes `[REDACTED]`, so the surrounding text still
//! reads. `fixtures/redaction/secrets.jsonl` measures it (`tests/redaction.rs`).

use regex::{Captures, Regex};
use std::borrow::Cow;
use std::sync::OnceLock;

/// What replaces a secret.
pub const MARK: &str = "[REDACTED]";

const PRIVATE_KEY: &str =
    r"(?s)-----BEGIN [A-Z0-9 ]*PRIVATE KEY( BLOCK)?-----.*?(-----END [A-Z0-9 ]*PRIVATE KEY( BLOCK)?-----|\z)";
/// `scheme://user:password@`: the password.
const URL_PASSWORD: &str = r"(?i)\b([a-z][a-z0-9+.-]*://[^\s:/@]*):([^\s@/]+)@";
/// Credentials known by their shape.
const TOKENS: &str = concat!(
    r"\b(",
    r"sk-(ant-(api\d\d-)?|proj-)?[A-Za-z0-9_-]{16,}",
    r"|gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}",
    r"|glpat-[A-Za-z0-9_-]{16,}|xox[abposr]-[A-Za-z0-9-]{10,}|xapp-[A-Za-z0-9-]{10,}",
    r"|(AKIA|ASIA)[A-Z0-9]{16}|AIza[A-Za-z0-9_-]{30,}",
    r"|npm_[A-Za-z0-9]{30,}|pypi-[A-Za-z0-9_-]{30,}|hf_[A-Za-z0-9]{30,}",
    r"|(sk|rk|pk)_(live|test)_[A-Za-z0-9]{16,}",
    r"|SG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}|SK[0-9a-f]{32}",
    r"|[MN][A-Za-z0-9_-]{23,27}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,40}",
    r"|eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}",
    r")",
    r"|https://hooks\.slack\.com/services/[A-Za-z0-9/]+"
);
const BEARER: &str = r"(?i)\b(bearer|token|basic)\s+([A-Za-z0-9._~+/=-]{16,})";
/// `NAME = value`, `"name": "value"`, `--name value`, `-p'value'` where the name says secret.
const ASSIGNMENT: &str = concat!(
    r#"(?i)(\b[a-z0-9_.-]*(password|passwd|pwd|_pass\b|^pass\b|secret|token|key|credentials?|\bauth\b|_auth\b|auth_)[a-z0-9_.-]*"#,
    r#"["'\]]*\s*[:=]\s*|--[a-z-]*(password|secret|token|key)[ =]|\s-p)"#,
    r#"("[^"\s]{4,}"|'[^'\s]{4,}'|[^\s"',;]{4,})"#
);
/// A word naming a secret, then within a few words a value that looks random.
const NAMED: &str = r"(?i)\b(secret|token|password|passwd|api key|key)\b(\W+\w+){0,3}?\W+([A-Za-z0-9+/=_-]{20,}|[0-9a-f-]{32,})";
/// A password given to a command on its command line (`sshpass -p X`, `curl -u user:X`, `docker
/// login -p X`, `openssl … -k X` or `-pass pass:X`, `mysql -pX`) or in a netrc entry (`login bob
/// password X`). Tied to the command and case-sensitive: `-p`, `-k` and `-u` mean other things
/// to other programs, `mysql -P` is a port, and `mysql -p` with a space prompts for one.
const COMMAND: &str = concat!(
    r"(\bsshpass\b[^\n|;&]*?\s-p\s*",
    r"|\bcurl\b[^\n|;&]*?\s(?:-u\s*|--user[\s=]+)[^\s:]*:",
    r"|\bdocker\s+login\b[^\n|;&]*?\s-p\s*",
    r"|\bopenssl\b[^\n|;&]*?\s(?:-[kK]\s+|-pass(?:in|out)?\s+pass:)",
    r"|\b(?:mysql|mysqldump|mysqladmin|mariadb)\b[^\n|;&]*?\s-p",
    r"|\b(?:machine|login|account)\s+\S+\s+password\s+",
    r#")('[^'\s]+'|"[^"\s]+"|[^\s'"]+)"#
);
/// A password named in prose: "the admin password is hunter2", "pw: …", "passphrase is …".
const SAID: &str =
    r"(?i)\b(password|passwd|passphrase|pw)\b(\s+(for|of)\s+\S+)?(\s+(is|was)\s*:?|\s*:)\s*(\S+)";
/// Runs of the characters of an AWS secret access key; those of exactly 40 are candidates.
const BARE: &str = r"[A-Za-z0-9/+=]{40,}";

/// A pattern compiled the first time a cheap pre-check lets text through: most text holds no
/// secret, and hooks should not pay for compiling what they skip. `None` if it failed to
/// compile (the patterns are constants; then nothing is kept rather than a secret leaked).
struct Lazy {
    pattern: &'static str,
    compiled: OnceLock<Option<Regex>>,
}

impl Lazy {
    const fn new(pattern: &'static str) -> Self {
        Lazy {
            pattern,
            compiled: OnceLock::new(),
        }
    }

    fn get(&self) -> Option<&Regex> {
        self.compiled
            .get_or_init(|| Regex::new(self.pattern).ok())
            .as_ref()
    }
}

static PRIVATE_KEY_RE: Lazy = Lazy::new(PRIVATE_KEY);
static URL_PASSWORD_RE: Lazy = Lazy::new(URL_PASSWORD);
static TOKENS_RE: Lazy = Lazy::new(TOKENS);
static BEARER_RE: Lazy = Lazy::new(BEARER);
static ASSIGNMENT_RE: Lazy = Lazy::new(ASSIGNMENT);
static NAMED_RE: Lazy = Lazy::new(NAMED);
static COMMAND_RE: Lazy = Lazy::new(COMMAND);
static SAID_RE: Lazy = Lazy::new(SAID);
static BARE_RE: Lazy = Lazy::new(BARE);

/// Literal starts of the credentials [`TOKENS`] knows.
const TOKEN_HINTS: &[&str] = &[
    "sk-",
    "gh",
    "github_pat_",
    "glpat-",
    "xox",
    "xapp-",
    "AKIA",
    "ASIA",
    "AIza",
    "npm_",
    "pypi-",
    "hf_",
    "_live_",
    "_test_",
    "SG.",
    "SK",
    "eyJ",
    "hooks.slack.com",
];

fn has_any(text: &str, needles: &[&str]) -> bool {
    needles.iter().any(|n| text.contains(n))
}

fn has_any_lower(text: &str, needles: &[&str]) -> bool {
    has_any(&text.to_ascii_lowercase(), needles)
}

/// A word with two dots and 50 characters or more: the shape of a bot token.
fn dotted_word(text: &str) -> bool {
    text.split_whitespace()
        .any(|w| w.len() >= 50 && w.matches('.').count() >= 2)
}

/// A run of 40 characters or more of base64 letters.
fn long_run(text: &str) -> bool {
    let mut run = 0;
    for b in text.bytes() {
        run = if b.is_ascii_alphanumeric() || matches!(b, b'/' | b'+' | b'=') {
            run + 1
        } else {
            0
        };
        if run >= 40 {
            return true;
        }
    }
    false
}

/// Words of placeholders and documented examples: not secrets.
const PLACEHOLDERS: &[&str] = &[
    "example",
    "xxxx",
    "your",
    "changeme",
    "change_me",
    "replace",
    "placeholder",
    "dummy",
    "redacted",
    "todo",
    "<",
    "${",
    "{{",
    "%(",
    "environ",
    "getenv",
    "secrets.",
    "process.env",
    "vault",
    "****",
    "....",
];
/// Whole values that name no secret.
const NOT_SECRETS: &[&str] = &[
    "password",
    "secret",
    "token",
    "none",
    "null",
    "true",
    "false",
    "undefined",
    "required",
    "optional",
];

/// Whether a value is a placeholder, an example or code rather than a secret.
fn placeholder(value: &str) -> bool {
    let lower = value.trim_matches(['"', '\'']).to_ascii_lowercase();
    PLACEHOLDERS.iter().any(|p| lower.contains(p))
        || NOT_SECRETS.contains(&lower.as_str())
        || lower.chars().all(|c| c == lower.chars().next().unwrap_or('x'))
        || lower.contains('(')
        || lower.contains('[')
}

/// Whether a value looks drawn at random: long, and of mixed characters or long hex.
fn random(value: &str) -> bool {
    let v = value.trim_matches(['"', '\'']);
    let (upper, lower, digit) = (
        v.chars().any(|c| c.is_ascii_uppercase()),
        v.chars().any(|c| c.is_ascii_lowercase()),
        v.chars().any(|c| c.is_ascii_digit()),
    );
    let hex = v.len() >= 32 && v.chars().all(|c| c.is_ascii_hexdigit() || c == '-');
    !placeholder(v) && v.len() >= 16 && (hex || (digit && (upper || lower) && !v.contains(':')))
}

/// `text` with every secret replaced by [`MARK`]; borrowed when nothing matched.
pub fn text(text: &str) -> Cow<'_, str> {
    let mut out = Cow::Borrowed(text);
    if out.contains("PRIVATE KEY") {
        out = apply(out, &PRIVATE_KEY_RE, |_| MARK.to_owned());
    }
    if out.contains("://") && out.contains('@') {
        out = apply(out, &URL_PASSWORD_RE, |c| match placeholder(&c[2]) {
            true => c[0].to_owned(),
            false => format!("{}:{MARK}@", &c[1]),
        });
    }
    if has_any(&out, TOKEN_HINTS) || dotted_word(&out) {
        out = apply(out, &TOKENS_RE, |c| match placeholder(&c[0]) {
            true => c[0].to_owned(),
            false => MARK.to_owned(),
        });
    }
    let named = [
        "bearer",
        "token",
        "basic",
        "pass",
        "pwd",
        "secret",
        "key",
        "credential",
        "auth",
    ];
    if has_any_lower(
        &out,
        &["pass", "pw", "curl", "docker", "openssl", "mysql", "mariadb"],
    ) {
        out = passwords(out);
    }
    if !has_any_lower(&out, &named) && !out.contains(" -p") {
        return bare(out);
    }
    out = apply(out, &BEARER_RE, |c| {
        match placeholder(&c[2]) || c[2].contains(MARK) {
            true => c[0].to_owned(),
            false => format!("{} {MARK}", &c[1]),
        }
    });
    out = apply(out, &ASSIGNMENT_RE, |c| {
        let value = &c[c.len() - 1];
        // A generic name ("sort_key", "kms_key_id") needs a value that looks random.
        let strong = ["pass", "pwd", "secret", "token", "auth", "credential", "api"]
            .iter()
            .any(|w| c[1].to_ascii_lowercase().contains(w));
        if value.contains(MARK) || placeholder(value) || !(strong || random(value)) {
            c[0].to_owned()
        } else {
            format!("{}{MARK}", &c[1])
        }
    });
    // A public key or a certificate is meant to be shared, and its base64 follows the word "KEY".
    if !out.contains("PUBLIC KEY") && !out.contains("CERTIFICATE") {
        out = apply(out, &NAMED_RE, |c| {
            let value = &c[3];
            // `…:key/4f7c…` is a path segment of an ARN or a URL, not a value.
            let in_path = c[0][..c[0].len() - value.len()].ends_with('/');
            match random(value) && !value.starts_with("AAAA") && !in_path {
                true => c[0].replacen(value, MARK, 1),
                false => c[0].to_owned(),
            }
        });
    }
    bare(out)
}

/// Ordinary words that follow "password is" or a password flag: not the password itself.
const ORDINARY: &str = "\
    wrong right correct incorrect invalid valid required empty blank missing set unset stored \
    saved hashed encrypted expired changed reset weak strong long short same different case the \
    a an not too in on at still now also only just ok fine needed never always there here this \
    that it known unknown secure insecure prompted asked shown hidden";

/// `text` with the passwords of [`COMMAND`] and [`SAID`] redacted, their names kept.
fn passwords(text: Cow<'_, str>) -> Cow<'_, str> {
    // A value that is a variable, an ordinary word or already redacted is no password.
    let secret = |value: &str| {
        let bare = value.trim_matches(['"', '\'']);
        let word = bare
            .trim_end_matches(['.', ',', ';', '!', '?', ')'])
            .to_ascii_lowercase();
        word.chars().count() >= 3
            && !bare.starts_with('$')
            && !value.contains(MARK)
            && !placeholder(bare)
            && !ORDINARY.split_whitespace().any(|w| w == word)
    };
    let text = apply(text, &COMMAND_RE, |c| match secret(&c[2]) {
        true => format!("{}{MARK}", &c[1]),
        false => c[0].to_owned(),
    });
    apply(text, &SAID_RE, |c| {
        let value = &c[6];
        let unquoted = value.trim_end_matches(['.', ',', ';', '!', '?', ')']);
        if !secret(value) {
            return c[0].to_owned();
        }
        let head = &c[0][..c[0].len() - value.len()];
        format!("{head}{MARK}{}", &value[unquoted.len()..])
    })
}

/// `text` with its bare AWS secret access keys redacted.
fn bare(text: Cow<'_, str>) -> Cow<'_, str> {
    if !long_run(&text) {
        return text;
    }
    apply(text, &BARE_RE, |c| match aws_secret(&c[0]) {
        true => MARK.to_owned(),
        false => c[0].to_owned(),
    })
}

/// A bare AWS secret access key: 40 characters of base64 letters, of mixed case and digits,
/// alone (a longer run is encoded data).
fn aws_secret(run: &str) -> bool {
    run.len() == 40
        && !placeholder(run)
        && run.chars().any(|c| c.is_ascii_uppercase())
        && run.chars().any(|c| c.is_ascii_lowercase())
        && run.chars().any(|c| c.is_ascii_digit())
        && !run.contains('=')
}

fn apply<'a>(text: Cow<'a, str>, lazy: &Lazy, with: impl Fn(&Captures<'_>) -> String) -> Cow<'a, str> {
    let Some(re) = lazy.get() else {
        return Cow::Owned(MARK.to_owned());
    };
    if !re.is_match(&text) {
        return text;
    }
    let replaced = re.replace_all(&text, |c: &Captures<'_>| with(c)).into_owned();
    if replaced == *text {
        text
    } else {
        Cow::Owned(replaced)
    }
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
mod tests;
