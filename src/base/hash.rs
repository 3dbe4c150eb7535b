//! A stable 64-bit hash for names and content versions kept on disk.

/// FNV-1a, 64 bits: a stable content hash for the once-per-session state and folder names (not a security
/// boundary: the files come from the repository).
pub fn hash(parts: &[&[u8]]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for part in parts {
        for b in *part {
            h ^= u64::from(*b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        // Separate the parts, so ("ab", "c") and ("a", "bc") differ.
        h ^= 0xff;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}
