//! Hostile input never panics and is refused with an error that says what is wrong: mutated
//! links (characters dropped, changed, inserted, cut), garbage, and any text at all.

use super::fixture;
use proptest::prelude::*;
use solver_core::formats::{self, fpuzzles, link, FormatKind};

fn the_link() -> String {
    link::fpuzzles_link(&fpuzzles::read(&fixture("fpuzzles/killer.json")).unwrap())
}

/// What a refusal must give: a kind and a message that is not empty.
fn check(result: Option<Result<solver_core::puzzle::Puzzle, formats::FormatError>>) {
    if let Some(Err(e)) = result {
        assert!(!e.to_string().trim().is_empty());
        assert!(!e.kind.name().is_empty());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn mutated_links_never_panic(
        edits in proptest::collection::vec((any::<prop::sample::Index>(), 0u8..4, any::<char>()), 1..6)
    ) {
        let mut chars: Vec<char> = the_link().chars().collect();
        for (at, op, c) in edits {
            // An emptied text can only be inserted into.
            if chars.is_empty() && op != 2 {
                continue;
            }
            let i = at.index(chars.len().max(1)).min(chars.len().saturating_sub(1));
            match op {
                0 => { chars.remove(i); }
                1 => chars[i] = c,
                2 => chars.insert(i, c),
                _ => chars.truncate(i.max(1)),
            }
        }
        let text: String = chars.into_iter().collect();
        check(formats::read(&text));
    }

    #[test]
    fn any_text_never_panics(text in any::<String>()) {
        check(formats::read(&text));
        check(Some(fpuzzles::read(&text)));
        check(Some(formats::iss::read(&text)));
        check(Some(link::read(&text)));
    }

    #[test]
    fn link_like_text_never_panics(text in "(https://(www\\.)?f-puzzles\\.com/\\?load=|fpuzzles|sudokupad://puzzle/|N4Ig)[A-Za-z0-9+/= %&#.<>|\n]{0,400}") {
        check(formats::read(&text));
    }

    #[test]
    fn mutated_json_never_panics(at in any::<prop::sample::Index>(), c in any::<char>(), cut in any::<bool>()) {
        let mut text = fixture("fpuzzles/jigsaw.json");
        let mut i = at.index(text.len());
        while !text.is_char_boundary(i) { i -= 1; }
        if cut { text.truncate(i) } else { text.insert(i, c) }
        check(Some(fpuzzles::read(&text)));
    }
}

#[test]
fn garbage_base64_is_refused_as_damaged_or_cut() {
    for data in ["AAAAAAAAAAAAAAAA", "N4IgzglgXgpiBcBOA", "////", "N4Ig%ZZ"] {
        let e = link::read(&format!("https://www.f-puzzles.com/?load={data}")).unwrap_err();
        assert!(
            matches!(e.kind, FormatKind::Data | FormatKind::Json),
            "{data}: {e}"
        );
    }
}

#[test]
fn data_that_decompresses_to_something_else_says_so() {
    let data = formats::lzstring::compress_to_base64("hello, not JSON");
    let e = link::read(&format!("fpuzzles{data}")).unwrap_err();
    assert_eq!(e.kind, FormatKind::Data, "{e}");
    assert!(e.to_string().contains("not f-puzzles JSON"), "{e}");
}
