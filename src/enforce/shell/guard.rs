//! Inputs brush-parser (0.4.0, pinned for our MSRV) cannot take: they hang it, exhaust memory
//! or panic it. Each was found by the `shell` fuzz target (`fuzz/RUNS.md`); such a command is
//! treated as one that does not parse, and is left to the shell as written.

use brush_parser::Token;

/// Open parentheses nested deeper than this are not parsed: brush-parser tries each unclosed
/// `(` as an arithmetic `((` and as a subshell, so its time doubles with each (30 took minutes).
const MAX_PARENS: usize = 16;

/// `text` ending in a newline. brush-parser's tokenizer never ends when the input stops on the
/// line of a here-document's operator in some ways (`cat <<'' m `, `x=$(<< << m `): it emits
/// empty here-documents until memory runs out. A closing newline ends that line first, and
/// changes no command (no word spans it).
pub(super) fn closed(text: &str) -> std::borrow::Cow<'_, str> {
    if text.ends_with('\n') {
        text.into()
    } else {
        format!("{text}\n").into()
    }
}

/// Whether brush-parser would take far too long over `tokens`, or panic.
pub(super) fn trips_parser(tokens: &[Token]) -> bool {
    paren_depth(tokens) > MAX_PARENS || fd_overflows(tokens)
}

/// The deepest nesting of `(` operators (quoted and commented parentheses are in words).
fn paren_depth(tokens: &[Token]) -> usize {
    let (mut depth, mut deepest) = (0usize, 0usize);
    for token in tokens {
        if let Token::Operator(op, _) = token {
            match op.as_str() {
                "(" => depth += 1,
                ")" => depth = depth.saturating_sub(1),
                _ => {}
            }
            deepest = deepest.max(depth);
        }
    }
    deepest
}

/// Whether a redirection names a descriptor past `i32` (`99999999999>f`): brush-parser panics
/// on it, unwrapping the number.
fn fd_overflows(tokens: &[Token]) -> bool {
    use Token::{Operator, Word};
    tokens.windows(2).any(|pair| match pair {
        [Word(w, at), Operator(o, next)] => {
            at.end.index == next.start.index
                && o.starts_with(['<', '>'])
                && w.bytes().all(|b| b.is_ascii_digit())
                && w.parse::<i32>().is_err()
        }
        _ => false,
    })
}

#[cfg(test)]
mod tests {
    use super::super::{Simple, parse};
    use super::*;

    #[test]
    fn deeply_nested_parentheses_are_refused_not_parsed_for_minutes() {
        // Found by the `shell` fuzz target: brush-parser's time doubles with each unclosed `(`.
        assert_eq!(parse(&"(".repeat(40)), None);
        assert_eq!(parse("%\n((((((h(((\n(((((\n((((((h((((h(((h(h((d\0ye |;"), None);
        let nested = format!(
            "{}git push{}",
            "(true; ".repeat(MAX_PARENS),
            ")".repeat(MAX_PARENS)
        );
        let commands = parse(&nested).expect("parses");
        assert_eq!(commands.last().map(Simple::text), Some("git push".to_owned()));
        // Parentheses in quotes or comments are words, not nesting.
        let quoted = format!("echo '{}' # {}", "(".repeat(40), "(".repeat(40));
        assert_eq!(parse(&quoted).map(|c| c.len()), Some(1));
    }

    #[test]
    fn a_descriptor_past_i32_is_refused_not_a_panic() {
        // Found by the `shell` fuzz target: brush-parser unwraps the descriptor's number.
        assert_eq!(parse("cat 22225555819<in"), None);
        assert_eq!(parse("catrfor <2doas 22225555819<\0\0 fp"), None);
        assert_eq!(
            parse("cat 2147483647<in").map(|c| c[0].text()),
            Some("cat".to_owned())
        );
        assert_eq!(
            parse("echo 22225555819 >out").map(|c| c[0].text()),
            Some("echo 22225555819".to_owned())
        );
    }

    #[test]
    fn a_here_document_operator_on_the_last_line_ends_not_loops() {
        // Found by the `shell` fuzz target: brush-parser's tokenizer never ended on these, and
        // took memory until the process was killed.
        let looping = ["cat <<'' m ", "cat <<\"\" m #", "x=$(<< << m ", "x=$(cat << ; m "];
        assert_eq!(
            looping.map(|c| parse(c).map(|s| s.len())),
            [Some(1), Some(1), None, None]
        );
        assert_eq!(parse("x=$(g <<  f\u{1}\0        p5Rt "), None);
        assert_eq!(
            parse("cat <<EOF\nbody\nEOF").map(|c| c[0].text()),
            Some("cat".to_owned())
        );
    }

    #[test]
    fn a_panic_of_the_tokenizer_is_a_command_that_does_not_parse() {
        // Found by the `shell` fuzz target: brush-parser unwraps the next character after the
        // end of an unclosed `$(`.
        let crash = "\u{b}oas\u{1}\0\0\u{8}\0\0\0\0\0\0\0\u{1} 66>770pipoas 66>7cu[\0]=$(``\rEOF--dn<< \r\r\r\r\r\r\r\r)\r\r\recjnpm i o $(g\u{1}\0\0\0\0\0\0\0\u{f}\0\0\0en";
        assert_eq!(parse(crash), None);
    }

    #[test]
    fn a_panic_of_the_word_parser_is_a_command_that_does_not_parse() {
        // Found by the `shell` fuzz target: brush-parser unwraps the number of `~-N` as an int.
        assert_eq!(parse("oas ~-66666667666666666666666666"), None);
        assert_eq!(parse("ls ~-1").map(|c| c.len()), Some(1));
    }
}
