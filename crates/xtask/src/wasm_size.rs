//! The page's wasm size. `cargo xtask strip-wasm`, run by Trunk after each build (Trunk.toml's
//! post_build hook), removes the custom sections the page never reads (`name`, `producers`)
//! from the staged wasm: wasm-bindgen keeps them and Trunk has no option to drop them. `cargo
//! xtask test` then holds each built module to its budget ([`BUDGETS`]), gzip -9 as a server
//! would send it.

use std::path::Path;
use std::process::Command;

/// A wasm module the page loads, by its file name in dist/, and the most it may weigh gzipped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    pub file: &'static str,
    pub bytes: usize,
    /// What the module holds, for the report.
    pub holds: &'static str,
}

/// Every module the page loads, with its budget. The first is what the page loads before it can
/// show and solve a puzzle: issue 21's 120 KiB. The second, every call (loaded when a request
/// needs it), has a guard against regressions above what ships (docs/benchmarks.md, "The
/// wasm's size in two modules"). A `.wasm` in dist/ that is not listed here fails the check.
pub const BUDGETS: [Budget; 2] = [
    Budget {
        file: "solver-wasm-first_bg.wasm",
        bytes: 120 * 1024,
        holds: "the first module (show and solve a grid)",
    },
    Budget {
        file: "solver-wasm_bg.wasm",
        bytes: 240 * 1024,
        holds: "the second module (every call)",
    },
];

/// The budget of the module in the file `name`, if the page has such a module.
pub fn budget_of(name: &str) -> Option<Budget> {
    BUDGETS.iter().copied().find(|b| b.file == name)
}

/// Custom sections removed from the shipped wasm.
const DROPPED: [&str; 2] = ["name", "producers"];

/// Strips every `.wasm` in Trunk's staging directory (`TRUNK_STAGING_DIR`), or in the
/// directories given.
pub fn strip_command(args: &[String]) -> Result<(), String> {
    let dirs: Vec<String> = if args.is_empty() {
        vec![std::env::var("TRUNK_STAGING_DIR")
            .map_err(|_| "strip-wasm: no directory given and TRUNK_STAGING_DIR is not set")?]
    } else {
        args.to_vec()
    };
    for dir in dirs {
        let entries = std::fs::read_dir(&dir).map_err(|e| format!("{dir}: {e}"))?;
        for path in entries.flatten().map(|e| e.path()) {
            if path.extension().is_some_and(|x| x == "wasm") {
                let bytes = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
                let stripped = strip(&bytes).map_err(|e| format!("{}: {e}", path.display()))?;
                std::fs::write(&path, &stripped).map_err(|e| format!("{}: {e}", path.display()))?;
            }
        }
    }
    Ok(())
}

/// An unsigned LEB128 number at `bytes[*at..]`, `at` moved past it.
fn leb(bytes: &[u8], at: &mut usize) -> Result<usize, String> {
    let mut n: usize = 0;
    for shift in (0..35).step_by(7) {
        let b = *bytes
            .get(*at)
            .ok_or("the file ends inside a section header")?;
        *at += 1;
        n |= usize::from(b & 0x7f) << shift;
        if b & 0x80 == 0 {
            return Ok(n);
        }
    }
    Err("a section size longer than 5 bytes".into())
}

/// The module without its custom sections named in [`DROPPED`]; every other byte as it was.
pub fn strip(bytes: &[u8]) -> Result<Vec<u8>, String> {
    if bytes.len() < 8 || &bytes[..4] != b"\0asm" {
        return Err("not a wasm module".into());
    }
    let mut out = bytes[..8].to_vec();
    let mut at = 8;
    while at < bytes.len() {
        let start = at;
        let id = bytes[at];
        at += 1;
        let size = leb(bytes, &mut at)?;
        let end = at
            .checked_add(size)
            .filter(|&e| e <= bytes.len())
            .ok_or("a section runs past the end of the file")?;
        let dropped = id == 0 && {
            let mut p = at;
            let len = leb(bytes, &mut p)?;
            bytes
                .get(p..p + len)
                .is_some_and(|name| DROPPED.iter().any(|d| d.as_bytes() == name))
        };
        if !dropped {
            out.extend_from_slice(&bytes[start..end]);
        }
        at = end;
    }
    Ok(out)
}

/// `file` gzipped at level 9 (the `gzip` command), in bytes.
pub fn gzipped(file: &Path) -> Result<usize, String> {
    let out = Command::new("gzip")
        .args(["-9", "-c"])
        .arg(file)
        .output()
        .map_err(|e| format!("cannot run gzip: {e}"))?;
    if !out.status.success() {
        return Err(format!("gzip -9 {} failed", file.display()));
    }
    Ok(out.stdout.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A custom section: id 0, size, name, payload.
    fn custom(name: &str, payload: &[u8]) -> Vec<u8> {
        let mut body = vec![name.len() as u8];
        body.extend_from_slice(name.as_bytes());
        body.extend_from_slice(payload);
        let mut s = vec![0, body.len() as u8];
        s.extend(body);
        s
    }

    #[test]
    fn strip_drops_the_name_and_producers_sections_only() {
        let header = b"\0asm\x01\0\0\0".to_vec();
        let types = vec![1u8, 4, 1, 0x60, 0, 0];
        let features = custom("target_features", b"\x01+\x07simd128");
        let mut module = header.clone();
        module.extend(&types);
        module.extend(custom("name", b"\x01\x02\x03"));
        module.extend(&features);
        module.extend(custom("producers", b"\x00"));
        let mut want = header;
        want.extend(&types);
        want.extend(&features);
        assert_eq!(strip(&module).unwrap(), want);
        assert_eq!(strip(&want).unwrap(), want, "nothing left to strip");
    }

    #[test]
    fn each_module_has_its_budget_and_the_first_is_issue_21s() {
        let first = budget_of("solver-wasm-first_bg.wasm").unwrap();
        assert_eq!(first.bytes, 120 * 1024);
        assert!(budget_of("solver-wasm_bg.wasm").is_some());
        assert_eq!(
            budget_of("other_bg.wasm"),
            None,
            "a module without a budget"
        );
    }

    #[test]
    fn strip_refuses_what_is_not_a_whole_module() {
        assert!(strip(b"hello, world").is_err());
        let mut cut = b"\0asm\x01\0\0\0".to_vec();
        cut.extend([1u8, 9, 1]);
        assert!(strip(&cut).is_err());
    }
}
