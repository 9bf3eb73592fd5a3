//! f-puzzles and SudokuPad links: every form read, what chat does to them repaired, the rest
//! refused saying why.

use super::fixture;
use solver_core::formats::{self, fpuzzles, link, lzstring, Form, FormatKind};
use solver_core::puzzle::Puzzle;

fn killer() -> Puzzle {
    fpuzzles::read(&fixture("fpuzzles/killer.json")).unwrap()
}

/// The killer fixture's data, compressed as f-puzzles compresses it.
fn data() -> String {
    lzstring::compress_to_base64(&fpuzzles::write(&killer()))
}

#[test]
fn every_form_of_link_reads() {
    let d = data();
    assert!(
        d.contains('+') && d.contains('/'),
        "the repairs below need both"
    );
    let forms = [
        format!("https://www.f-puzzles.com/?load={d}"),
        format!("http://f-puzzles.com/?load={d}&other=1"),
        format!("https://sudokupad.app/fpuzzles{d}"),
        format!("https://sudokupad.app/fpuz{d}"),
        format!("https://beta.sudokupad.app/fpuzzles{d}"),
        format!("https://sudokupad.app/sudoku/fpuzzles{d}"),
        format!("https://sudokupad.app/?puzzleid=fpuzzles{d}"),
        format!("https://app.crackingthecryptic.com/sudoku/fpuzzles{d}"),
        format!("https://app.crackingthecryptic.com/sudoku.html?puzzleid=fpuzzles{d}"),
        format!("sudokupad://puzzle/fpuzzles{d}"),
        format!("fpuzzles{d}"),
        d.clone(),
        link::fpuzzles_link(&killer()),
        link::sudokupad_link(&killer()),
    ];
    for text in forms {
        assert_eq!(formats::form_of(&text), Some(Form::Link), "{text}");
        let p = formats::read(&text)
            .unwrap()
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(p, killer(), "{text}");
    }
}

#[test]
fn what_chat_does_is_repaired() {
    let d = data();
    let link = format!("https://www.f-puzzles.com/?load={d}");
    let wrapped: String = link
        .chars()
        .enumerate()
        .flat_map(|(i, c)| {
            if i > 0 && i % 70 == 0 {
                vec!['\n', c]
            } else {
                vec![c]
            }
        })
        .collect();
    let repaired = [
        wrapped.clone(),
        wrapped.replace('\n', "\r\n"),
        link.replace('+', " "),
        link.replace('+', "%2B"),
        link.replace('+', "%2B")
            .replace('/', "%2F")
            .replace('=', "%3D"),
        link.replace('+', "%252B"),
        format!("{link}."),
        format!("({link})"),
        format!("<{link}>"),
        format!("<{link}|the puzzle>"),
        format!("\"{link}\","),
        format!("  {link}  \n"),
        link.replacen("https://", "", 1),
        format!("{link}>"),
        format!("https://sudokupad.app/fpuzzles{}!", d.replace('+', " ")),
    ];
    for text in repaired {
        let p = formats::read(&text)
            .unwrap_or_else(|| panic!("not a form: {text}"))
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(p, killer(), "{text}");
    }
}

#[test]
fn a_cut_link_is_said_to_look_cut_short() {
    let link = link::fpuzzles_link(&killer());
    for keep in [link.len() - 20, link.len() / 2, 60] {
        let e = link::read(&link[..keep]).unwrap_err();
        assert_eq!(e.kind, FormatKind::Data, "{e}");
        assert!(e.to_string().contains("cut short"), "{keep}: {e}");
    }
    // A chat app's display shortening.
    let shortened = format!("{}…{}", &link[..80], &link[link.len() - 10..]);
    let e = link::read(&shortened).unwrap_err();
    assert!(e.to_string().contains("'…'"), "{e}");
}

#[test]
fn links_propagate_does_not_open_are_refused_by_name() {
    let cases = [
        ("https://sudokupad.app/sclN4IgzglgXgpiBcBOANCA", "scl"),
        ("https://sudokupad.app/ctcN4IgzglgXgpiBcBOANCA", "ctc"),
        ("sclN4IgzglgXgpiBcBOANCA5gJwgEwQbT1A", "scl"),
        ("https://sudokupad.app/RPBnQFRLR8", "short id"),
        (
            "https://app.crackingthecryptic.com/sudoku/7x6m1b5hw8",
            "short id",
        ),
        ("https://f-puzzles.com/?id=y82pttpx", "short link"),
        ("https://www.f-puzzles.com/", "without a puzzle"),
        ("https://puzz.link/p?sudoku/9/9/g1h", "puzz.link"),
        (
            "https://www.youtube.com/watch?v=Q7hhVgE8zGM",
            "www.youtube.com",
        ),
        ("ftp://f-puzzles.com/?load=abc", "ftp"),
    ];
    for (text, words) in cases {
        assert_eq!(formats::form_of(text), Some(Form::Link), "{text}");
        let e = link::read(text).unwrap_err();
        assert_eq!(e.kind, FormatKind::Link, "{text}: {e}");
        assert!(e.to_string().contains(words), "{text}: {e}");
    }
}

#[test]
fn interactive_sudoku_solver_links_read_their_string() {
    let iss = ".Diagonal~1.Diagonal~-1.~R1C3_1~R1C7_2";
    let want = formats::iss::read(iss).unwrap();
    // As ISS writes them (URLSearchParams: `~` as %7E, spaces as `+`), and as chat leaves them.
    for text in [
        "https://sigh.github.io/Interactive-Sudoku-Solver/?q=.Diagonal%7E1.Diagonal%7E-1.%7ER1C3_1%7ER1C7_2".to_string(),
        format!("<https://sigh.github.io/Interactive-Sudoku-Solver/?q={}&x=1>.", iss.replace('.', "+.")),
        format!("sigh.github.io/Interactive-Sudoku-Solver/?q={iss}"),
    ] {
        assert_eq!(formats::form_of(&text), Some(Form::Link), "{text}");
        assert_eq!(formats::read(&text).unwrap().unwrap(), want, "{text}");
    }
    let e = link::read("https://sigh.github.io/Interactive-Sudoku-Solver/").unwrap_err();
    assert!(e.to_string().contains("?q="), "{e}");
    let e = link::read("https://sigh.github.io/Interactive-Sudoku-Solver/?q=.Thermo~R1C1~R1C2")
        .unwrap_err();
    assert_eq!(e.constraint.as_deref(), Some("Thermo"));
}

#[test]
fn grids_are_left_to_the_grid_parser() {
    for text in [
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        "1 2 3 | 4 5 6",
        "",
        "   ",
    ] {
        assert_eq!(formats::form_of(text), None, "{text}");
        assert!(formats::read(text).is_none());
    }
    assert_eq!(formats::form_of(" {\"size\":9}"), Some(Form::FPuzzles));
    assert_eq!(formats::form_of(".Cage~3~R1C1"), Some(Form::Iss));
    assert_eq!(formats::form_of(".~R1C1_3"), Some(Form::Iss));
}
