//! lz-string's compressToBase64 / decompressFromBase64 against vectors the npm package wrote
//! (`make-lzstring-vectors.js`), and round trips of arbitrary text.

use proptest::prelude::*;
use solver_core::formats::lzstring::{compress_to_base64, decompress_from_base64, LzError};

fn vectors() -> Vec<(String, String)> {
    let v: serde_json::Value =
        serde_json::from_str(&super::fixture("lzstring-vectors.json")).unwrap();
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| {
            (
                x["text"].as_str().unwrap().to_string(),
                x["base64"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

#[test]
fn compresses_as_the_npm_package_does() {
    let v = vectors();
    assert!(v.len() > 50);
    for (text, base64) in &v {
        assert_eq!(&compress_to_base64(text), base64, "text {text:?}");
    }
}

#[test]
fn decompresses_what_the_npm_package_wrote() {
    for (text, base64) in &vectors() {
        assert_eq!(
            &decompress_from_base64(base64).unwrap(),
            text,
            "data {base64}"
        );
    }
}

#[test]
fn bad_data_says_what_is_wrong() {
    let good = compress_to_base64(r#"{"size":9,"grid":[]}"#);
    // Cut short anywhere before its last characters: the end marker is missing.
    let cut = &good[..good.len() / 2];
    assert_eq!(decompress_from_base64(cut), Err(LzError::CutShort));
    assert_eq!(decompress_from_base64(""), Err(LzError::Empty));
    assert_eq!(
        decompress_from_base64("N4Ig…abc"),
        Err(LzError::Character {
            ch: '…', index: 4
        })
    );
    // A code past the dictionary.
    assert_eq!(decompress_from_base64("/////////"), Err(LzError::BadCode));
}

#[test]
fn data_that_expands_without_bound_is_refused() {
    // A long run of one character compresses to little and would expand far: the cap holds.
    let text = "a".repeat(solver_core::formats::lzstring::MAX_TEXT + 10);
    let data = compress_to_base64(&text);
    assert_eq!(decompress_from_base64(&data), Err(LzError::TooLong));
}

proptest! {
    #[test]
    fn any_text_round_trips(text in any::<String>()) {
        prop_assert_eq!(decompress_from_base64(&compress_to_base64(&text)).unwrap(), text);
    }

    #[test]
    fn small_alphabets_round_trip(text in "[ab ]{0,2000}") {
        prop_assert_eq!(decompress_from_base64(&compress_to_base64(&text)).unwrap(), text);
    }

    #[test]
    fn any_data_decompresses_or_errs(data in "[A-Za-z0-9+/=]{0,300}") {
        let _ = decompress_from_base64(&data);
    }
}
