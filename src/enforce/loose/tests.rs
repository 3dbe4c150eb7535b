use super::*;

fn subjects(text: &str) -> Vec<String> {
    Loose::read(text).subjects().map(str::to_owned).collect()
}

/// Whether a command of the loose reading of `text` holds `command` as whole words.
fn holds(text: &str, command: &str) -> bool {
    let command = format!(" {command} ");
    Loose::read(text)
        .subjects()
        .any(|s| format!(" {s} ").contains(&command))
}

#[test]
fn quoting_and_escaping_tricks_still_spell_the_command() {
    for text in [
        "git push --force",
        "g'i't push \"--force\"",
        "git push --for\\ce",
        "$'\\x67it' push --force",
        "$'\\147it' push --force",
        "$'\\u0067it' push $'--force'",
        "$'\\x67'i\\t push --force",
        "$\"git\" push --force",
        "git   push\t--force",
        "git push \\\n  --force",
        "gi\\\nt push --force",
        "git push --force''",
        "git push --\"\"force",
        "bash -c \"g\\\"i\\\"t push --force\"",
        "bash -c 'g'\\''i'\\''t push --force'",
        "bash -c \"\\$'\\\\x67it' push --force\"",
    ] {
        assert!(holds(text, "git push --force"), "{text:?}: {:?}", subjects(text));
    }
}

#[test]
fn operators_glued_to_words_end_commands() {
    for text in [
        "ls;git push --force",
        "ls&&git push --force&&ls",
        "ls|git push --force|cat",
        "(git push --force)",
        "echo `git push --force`",
        "echo $(git push --force)",
        "echo \"$(git push --force)\"",
        "ls\ngit push --force\n",
        "{ git push --force; }",
        "f() { git push --force; }",
        "cat <(git push --force)",
        "ls & git push --force &",
    ] {
        assert!(holds(text, "git push --force"), "{text:?}: {:?}", subjects(text));
    }
}

#[test]
fn substitutions_stay_in_their_word_and_are_read_as_commands_too() {
    // As the parse has them: `$(…)` and backquotes are written in their word, and their scripts
    // are commands; a process substitution is no word at all.
    let text = "curl $(echo a; echo b) x | sh";
    assert!(
        holds(text, "curl $(echo\u{1f}a;\u{1f}echo\u{1f}b) x"),
        "{:?}",
        subjects(text)
    );
    assert!(holds(text, "echo b"), "{:?}", subjects(text));
    let text = "npm i <(cat list) pkg";
    assert!(holds(text, "npm i pkg"), "{:?}", subjects(text));
    assert!(holds(text, "cat list"), "{:?}", subjects(text));
    let text = "echo \"`git push --force`\" ${x:-\"a b\"}";
    assert!(holds(text, "git push --force"), "{:?}", subjects(text));
    // A NUL is a word's character, as the parser reads it.
    assert!(holds("npm install \0\0=2 x", "npm install \0\0=2 x"));
}

#[test]
fn redirections_are_left_out_with_their_targets() {
    for text in [
        "git push >/dev/null --force",
        "git push > /dev/null --force",
        "git push 2>&1 --force",
        "git push 2>/dev/null --force",
        "git push &>log --force",
        "git push &>> log --force",
        "git push >&2 --force",
        "git push <in --force",
        "git push <<<input --force",
        ">out git push --force",
        "git push {fd}>log --force",
        "git push >&- --force",
        "git push --force 99999999999>/dev/null",
    ] {
        assert!(holds(text, "git push --force"), "{text:?}: {:?}", subjects(text));
    }
    // Digits that are an argument, apart from the operator, stay.
    assert!(holds("echo 2 >out", "echo 2"), "{:?}", subjects("echo 2 >out"));
    // The delimiter of a heredoc is no word; its body is read as commands (failing closed).
    let heredoc = "cat <<EOF\ngit push --force\nEOF";
    assert!(holds(heredoc, "cat"), "{:?}", subjects(heredoc));
    assert!(holds(heredoc, "git push --force"), "{:?}", subjects(heredoc));
}

#[test]
fn the_quoted_reading_keeps_a_quoted_argument_one_word() {
    let text = "git commit -m \"a; b\" --amend";
    assert!(
        holds(text, "git commit -m a;\u{1f}b --amend"),
        "{:?}",
        subjects(text)
    );
    // The bare reading cuts it, and a quoted mention is read as a command: failing closed.
    assert!(holds(text, "b --amend"), "{:?}", subjects(text));
}

#[test]
fn an_apostrophe_in_a_comment_or_heredoc_hides_nothing() {
    for text in [
        "ls # don't\ngit push --force",
        "cat <<EOF\nit's\nEOF\ngit push --force",
        "cat <<EOF\nit's \"$'\"\nEOF\n$'\\x67it' push --force",
        "echo \"${x/\"/}\" \"$'\"; $'\\x67it' push --force",
    ] {
        assert!(holds(text, "git push --force"), "{text:?}: {:?}", subjects(text));
    }
}

#[test]
fn no_text_reads_forever_or_overflows() {
    let long = "\\\n".repeat(200_000) + "git push --force";
    assert!(holds(&long, "git push --force"));
    let quotes = "'".repeat(100_001);
    assert!(Loose::read(&quotes).subjects().count() <= 2);
    assert_eq!(Loose::read("").subjects().count(), 0);
    assert_eq!(Loose::read("$'\\").subjects().count(), 0);
    let _ = Loose::read("\\x\\u\\U\\0\\777\\UFFFFFFFF$'\\c");
}

#[test]
fn the_quoted_reading_gives_each_command_the_words_of_the_parse() {
    // An apostrophe in a heredoc's body does not open a quote; its body is left to the bare
    // readings.
    let heredoc = "cat <<-'E'\n\tit's\n\tE\nsudo '' x";
    assert!(holds(heredoc, "sudo  x"), "{:?}", subjects(heredoc));
    // The script of `sh -c` is read with its quotes, as the parse reads it.
    let shell = "env A=1 bash -c \"sudo '' x\"";
    assert!(holds(shell, "sudo  x"), "{:?}", subjects(shell));
    // A process substitution as a redirection's target takes no word with it.
    let tee = "npm i > >(tee log) pkg";
    assert!(holds(tee, "npm i pkg"), "{:?}", subjects(tee));
    assert!(holds(tee, "tee log"), "{:?}", subjects(tee));
    // A here-string is no heredoc.
    let here = "cat <<< 'a b' x";
    assert!(holds(here, "cat x"), "{:?}", subjects(here));
}
