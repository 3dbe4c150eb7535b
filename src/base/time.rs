//! Time stamps as the tool writes them: always UTC, to the second, whatever the machine's zone.

/// A UTC time as the session files and the capture log store it: `YYYY-MM-DDTHH:MM:SSZ`.
pub fn timestamp(time: chrono::DateTime<chrono::Utc>) -> String {
    time.format("%Y-%m-%dT%H:%M:%SZ").to_string()
}
