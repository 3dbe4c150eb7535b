//! Inputs brush-parser (0.4.0, pinned for our MSRV) cannot take: they hang it, exhaust memory
//! or panic it. Each was found by the `shell` fuzz target (`fuzz/RUNS.md`) or the grammar search
//! (`examples/shell_grammar.rs`); such a command is treated as one that does not parse: block
//! rules read it loosely, and it is not rewritten. The parse's deadline (`super::super::deadline`)
//! catches what no guard knows yet; a guard answers at once instead of after a second.

use brush_parser::Token;

/// Open parentheses nested deeper than this are not parsed: brush-parser tries each unclosed
/// `(` as an arithmetic `((` and as a subshell, so its time doubles with each (30 took minutes).
const MAX_PARENS: usize = 16;

/// Brackets of any kind nested deeper than this in the text are not tokenized: brush-parser
/// recurses on each (`$(`, `${`, `$[`, `"$(`), and three hundred thousand overflowed even the
/// 64 MiB stack of the parse's thread, which aborts the hook. Twenty thousand parse within it.
const MAX_NESTING: usize = 2_000;

/// Compound commands (`{ … }`, `if`, `while`, `for`, `case`, …) nested deeper than this are not
/// parsed: brush-parser recurses on each, and two thousand overflowed the main thread's stack.
/// Scripts agents write nest a handful.
const MAX_COMPOUND: usize = 100;

/// Brackets nested deeper than this in one word are not parsed: brush-parser's word parser
/// backtracks over every subscript and `$[` in an expansion's subscript, about 30 times longer
/// per level (`${e[${e[${e[${e[0]}]}]}]}` takes 0.13 s, six deep 10 s, seven 6 minutes). Three
/// is deeper than any command an agent writes (`${a[${i[0]}]}` is two).
const MAX_BRACKETS: usize = 3;

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

/// Whether `text` nests brackets (`(`, `{`, `[`, quoted or not) deeper than `MAX_NESTING`.
pub(super) fn too_deep(text: &str) -> bool {
    let (mut depth, mut deepest) = (0usize, 0usize);
    for b in text.bytes() {
        match b {
            b'(' | b'{' | b'[' => depth += 1,
            b')' | b'}' | b']' => depth = depth.saturating_sub(1),
            _ => {}
        }
        deepest = deepest.max(depth);
    }
    deepest > MAX_NESTING
}

/// Whether brush-parser would take far too long over `tokens`, or panic.
pub(super) fn trips_parser(tokens: &[Token]) -> bool {
    paren_depth(tokens) > MAX_PARENS
        || compound_depth(tokens) > MAX_COMPOUND
        || fd_overflows(tokens)
        || tokens.iter().any(deep_brackets)
}

/// The deepest nesting of compound commands, counted on their reserved words: an upper bound,
/// since such a word as an argument (`echo if`) counts too.
fn compound_depth(tokens: &[Token]) -> usize {
    let (mut depth, mut deepest) = (0usize, 0usize);
    for token in tokens {
        if let Token::Word(word, _) = token {
            match word.as_str() {
                "{" | "if" | "while" | "until" | "for" | "select" | "case" => depth += 1,
                "}" | "fi" | "done" | "esac" => depth = depth.saturating_sub(1),
                _ => {}
            }
            deepest = deepest.max(depth);
        }
    }
    deepest
}

/// Whether a word nests `[` deeper than `MAX_BRACKETS`, quoted or not (quotes do not stop the
/// word parser, which reads inside double quotes too).
fn deep_brackets(token: &Token) -> bool {
    let Token::Word(word, _) = token else {
        return false;
    };
    let (mut depth, mut deepest) = (0usize, 0usize);
    for b in word.bytes() {
        match b {
            b'[' => depth += 1,
            b']' => depth = depth.saturating_sub(1),
            _ => {}
        }
        deepest = deepest.max(depth);
    }
    deepest > MAX_BRACKETS
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
    fn subscripts_nested_four_deep_are_refused_not_parsed_for_seconds() {
        // Found by the grammar search (`examples/shell_grammar.rs`) and, mixed with `$[` and
        // quotes, by the `shell` fuzz target: about 30 times slower per level.
        let nested = |n: usize| format!("echo {}0{}", "${e[".repeat(n), "]}".repeat(n));
        assert_eq!(parse(&nested(4)), None);
        assert_eq!(parse(&nested(6)), None);
        assert_eq!(parse(&format!("echo \"{}\"", &nested(4)[5..])), None);
        assert_eq!(parse(&nested(3)).map(|c| c.len()), Some(1));
        assert_eq!(parse("echo ${a[${i[0]}]} *.[ch]").map(|c| c.len()), Some(1));
    }

    #[test]
    fn nesting_that_would_overflow_the_stack_is_refused() {
        // Two thousand compound commands overflowed the main thread's 8 MiB stack, three
        // hundred thousand `$(` the parse thread's 64 MiB: an abort, which no guard catches.
        let braces = format!(
            "{}true{}",
            "{ ".repeat(MAX_COMPOUND + 1),
            "; }".repeat(MAX_COMPOUND + 1)
        );
        assert_eq!(parse(&braces), None);
        let ifs = format!(
            "{}true{}",
            "if ".repeat(MAX_COMPOUND + 1),
            "; then :; fi".repeat(MAX_COMPOUND + 1)
        );
        assert_eq!(parse(&ifs), None);
        let substitutions = format!(
            "echo {}x{}",
            "$(".repeat(MAX_NESTING + 1),
            ")".repeat(MAX_NESTING + 1)
        );
        assert_eq!(parse(&substitutions), None);
        let fine = format!("{}true{}", "{ ".repeat(10), "; }".repeat(10));
        assert_eq!(parse(&fine).map(|c| c.len()), Some(1));
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
