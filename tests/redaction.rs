//! The redactor on a labelled set of secrets and look-alikes (`fixtures/redaction/secrets.jsonl`,
//! written with fake values of the real shapes): at least 98% of the secrets redacted, at most
//! 5% of the look-alikes (commit ids, hashes, UUIDs, images, placeholders, public keys) touched.

use learnings::store::redact;
use serde::Deserialize;

#[derive(Deserialize)]
struct Case {
    kind: String,
    secret: bool,
    text: String,
    value: String,
}

/// Least share of the secrets redacted.
const SECRETS_TARGET: f64 = 0.98;
/// Largest share of the look-alikes touched.
const LOOK_ALIKES_TARGET: f64 = 0.05;

#[test]
#[allow(clippy::print_stdout)] // printing the two rates is this test's job
fn secrets_are_redacted_and_look_alikes_kept() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/redaction/secrets.jsonl");
    let cases: Vec<Case> = std::fs::read_to_string(path)
        .expect("read the set")
        .lines()
        .map(|l| serde_json::from_str(l).expect("a case"))
        .collect();
    let (mut secrets, mut redacted, mut looks, mut touched) = (0, 0, 0, 0);
    let mut misses = Vec::new();
    for case in &cases {
        let out = redact::text(&case.text);
        if case.secret {
            secrets += 1;
            // Redacted: no run of 8 characters of the secret is left.
            let chars: Vec<char> = case.value.chars().collect();
            let kept = chars
                .windows(8.min(chars.len()))
                .any(|w| out.contains(&w.iter().collect::<String>()));
            if kept {
                misses.push(format!("kept {}: {}", case.kind, out));
            } else {
                redacted += 1;
            }
        } else {
            looks += 1;
            if out.contains(redact::MARK) && !case.text.contains(redact::MARK) {
                touched += 1;
                misses.push(format!("touched {}: {}", case.kind, out));
            }
        }
    }
    let rate = |n: usize, of: usize| n as f64 / of.max(1) as f64;
    println!(
        "redaction: {redacted}/{secrets} secrets redacted ({:.1}%, target ≥ {:.0}%), {touched}/{looks} look-alikes touched ({:.1}%, target ≤ {:.0}%)",
        100.0 * rate(redacted, secrets),
        100.0 * SECRETS_TARGET,
        100.0 * rate(touched, looks),
        100.0 * LOOK_ALIKES_TARGET
    );
    for miss in &misses {
        println!("  {miss}");
    }
    assert!(
        secrets >= 100 && looks >= 100,
        "{secrets} secrets, {looks} look-alikes"
    );
    assert!(rate(redacted, secrets) >= SECRETS_TARGET, "{}", misses.join("\n"));
    assert!(
        rate(touched, looks) <= LOOK_ALIKES_TARGET,
        "{}",
        misses.join("\n")
    );
}
