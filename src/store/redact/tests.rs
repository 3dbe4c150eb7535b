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
    gone("AKIA2E0A8F3B244C9986 is the key id", "AKIA2E0A8F3B244C9986");
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

#[test]
fn a_bare_aws_secret_access_key() {
    gone(
        "use this one: bNmScxtZMa6LaP/La5IJkmFhJ9UeNm0eZVO6XjwS",
        "bNmScxtZMa6LaP",
    );
    gone(
        "the secret is caba6971e3ebd47c03e803a84f256dbc7e4857336ce4ac6ed3576dbf201b67d5",
        "caba6971e3eb",
    );
}

#[test]
fn placeholders_examples_and_ids_are_kept() {
    for plain in [
        "aws_access_key_id = AKIAIOSFODNN7EXAMPLE",
        "POSTGRES_PASSWORD=changeme",
        "DB_PASSWORD=${DB_PASSWORD}",
        "password = os.environ[\"DB_PASSWORD\"]",
        "DATABASE_URL=postgres://user:password@localhost:5432/mydb",
        "commit 4b47da373422243d7fb937e6cea3c8c2822d9415\nAuthor: Dana <dana@acme.io>",
        "GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
        "kms_key_id = \"arn:aws:kms:us-west-2:467780441698:key/4f7c55da\"",
    ] {
        assert_eq!(text(plain), plain, "{plain}");
    }
}

#[test]
fn passwords_given_on_a_command_line() {
    // Issue 27: each of these survived. The name, user and host stay readable.
    for (input, kept) in [
        (
            "sshpass -p hunter22 ssh bob@host",
            "sshpass -p [REDACTED] ssh bob@host",
        ),
        ("sshpass -phunter22 ssh host", "sshpass -p[REDACTED] ssh host"),
        (
            "curl -u bob:s3cr3tpw https://api.example.org",
            "curl -u bob:[REDACTED] https://api.example.org",
        ),
        (
            "curl --user bob:s3cr3tpw https://x.org",
            "curl --user bob:[REDACTED] https://x.org",
        ),
        (
            "curl -s --user=bob:s3cr3tpw x.org",
            "curl -s --user=bob:[REDACTED] x.org",
        ),
        (
            "docker login -u bob -p s3cr3t ghcr.io",
            "docker login -u bob -p [REDACTED] ghcr.io",
        ),
        (
            "docker login -u bob --password s3cr3tpw",
            "docker login -u bob --password [REDACTED]",
        ),
        (
            "docker login -u bob --password=s3cr3tpw",
            "docker login -u bob --password=[REDACTED]",
        ),
        (
            "openssl enc -aes-256-cbc -k s3cr3tpw -in a",
            "openssl enc -aes-256-cbc -k [REDACTED] -in a",
        ),
        (
            "openssl enc -d -pass pass:s3cr3tpw -in a",
            "openssl enc -d -pass pass:[REDACTED] -in a",
        ),
        ("mysql -u root -ps3cr3tpw db", "mysql -u root -p[REDACTED] db"),
        (
            "mysql -u root --password=s3cr3tpw db",
            "mysql -u root --password=[REDACTED] db",
        ),
        (
            "machine example.com login bob password s3cr3t",
            "machine example.com login bob password [REDACTED]",
        ),
        (
            "machine example.com\n  login bob\n  password s3cr3t\n",
            "machine example.com\n  login bob\n  password [REDACTED]\n",
        ),
    ] {
        assert_eq!(text(input), kept, "{input}");
    }
}

#[test]
fn passwords_said_in_words() {
    for (input, kept) in [
        (
            "the admin password is hunter2",
            "the admin password is [REDACTED]",
        ),
        (
            "The password for bob is 'swordfish'.",
            "The password for bob is [REDACTED].",
        ),
        ("pw: hunter2", "pw: [REDACTED]"),
        ("the passwd is hunter2, ok?", "the passwd is [REDACTED], ok?"),
        (
            "our passphrase is correct-horse-battery",
            "our passphrase is [REDACTED]",
        ),
        ("passphrase: tr0ub4dor", "passphrase: [REDACTED]"),
    ] {
        assert_eq!(text(input), kept, "{input}");
    }
}

#[test]
fn flags_of_other_commands_and_prompts_are_kept() {
    for plain in [
        "grep -p pattern file.txt",
        "ls -k /tmp",
        "python -u script.py",
        "mysql -p mydb",
        "mysql -u root -p -h db.internal",
        "mysql -P3306 -h db",
        "curl -u bob https://api.example.org",
        "docker login -u bob --password-stdin ghcr.io",
        "openssl enc -d -pass env:BACKUP_PASS -in a",
        "openssl enc -d -pass file:/run/key -in a",
        "sshpass -p \"$SSHPASS\" ssh host",
        "the password is wrong",
        "the password is required and too short",
        "password rules",
        "your password is in the vault",
        "login page password reset",
    ] {
        assert_eq!(text(plain), plain, "{plain}");
    }
}
