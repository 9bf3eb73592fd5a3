//! The JSON texts the facade hands the page, written by hand: a packed trace's header (the
//! trace without its units and steps), its units and the names of its kind codes
//! ([`crate::packed`]), and the ladder's comparison. Each is byte for byte what
//! `serde_json::to_string` makes of the core's `Serialize` impls (the tests in `packed.rs` hold
//! the two side by side), without serde's serializer in the page's wasm. The whole trace's JSON
//! has one writer per audience: serde (solver-core's `json.rs`) for the CLI, www/trace/packed.js's
//! `traceJson` for the page's download.
//!
//! A [`Json`] is a `String` being written; each `value`-like method appends one JSON value and
//! [`Json::key`] one `"name":` with the comma before it when needed. The small pieces called from
//! many places are kept out of line (`#[inline(never)]`): the page's texts are short (a packed
//! trace's has no steps), so the bytes each inlined call adds to the page's wasm buy nothing.

use solver_core::puzzle::{Constraint, Puzzle};
use solver_core::trace::UnitInfo;
use solver_core::{
    Cell, Comparison, Contradiction, ContradictionKind, Digits, Outcome, Stats, StopRule,
    StrategySet, Trace, Unit, REGISTRY,
};

/// JSON text being written.
pub struct Json(String);

impl Json {
    pub fn new() -> Self {
        Json(String::new())
    }

    pub fn finish(self) -> String {
        self.0
    }

    /// A comma unless the text ends with the start of an object or array.
    #[inline(never)]
    fn sep(&mut self) {
        if !matches!(self.0.as_bytes().last(), None | Some(b'{' | b'[' | b':')) {
            self.0.push(',');
        }
    }

    #[inline(never)]
    fn open(&mut self, c: char) {
        self.sep();
        self.0.push(c);
    }

    #[inline(never)]
    fn close(&mut self, c: char) {
        self.0.push(c);
    }

    /// `"name":` inside an object.
    #[inline(never)]
    fn key(&mut self, name: &str) {
        self.str(name);
        self.0.push(':');
    }

    /// A string, escaped as serde_json escapes: `"`, `\` and control characters.
    pub fn str(&mut self, s: &str) {
        self.sep();
        self.0.push('"');
        let mut start = 0;
        for (i, b) in s.bytes().enumerate() {
            let short = match b {
                b'"' => '"',
                b'\\' => '\\',
                b'\n' => 'n',
                b'\r' => 'r',
                b'\t' => 't',
                0x08 => 'b',
                0x0c => 'f',
                0..=0x1f => 'u',
                _ => continue,
            };
            self.0.push_str(&s[start..i]);
            self.0.push('\\');
            self.0.push(short);
            if short == 'u' {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                self.0.push_str("00");
                self.0.push(HEX[usize::from(b >> 4)].into());
                self.0.push(HEX[usize::from(b & 15)].into());
            }
            start = i + 1;
        }
        self.0.push_str(&s[start..]);
        self.0.push('"');
    }

    /// A whole number in decimal.
    pub fn num(&mut self, n: u64) {
        self.sep();
        let mut buf = [0u8; 20];
        let mut i = buf.len();
        let mut n = n;
        loop {
            i -= 1;
            buf[i] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        self.0
            .push_str(std::str::from_utf8(&buf[i..]).expect("digits are ASCII"));
    }

    /// A box's name, `"A1"`.
    fn cell(&mut self, c: Cell) {
        let name = [b'A' + c.0 / 9, b'1' + c.0 % 9];
        self.str(std::str::from_utf8(&name).expect("box names are ASCII"));
    }

    fn cells(&mut self, cells: &[Cell]) {
        self.open('[');
        for &c in cells {
            self.cell(c);
        }
        self.close(']');
    }

    fn unit(&mut self, u: Unit) {
        self.str(u.name());
    }

    /// Candidates as the digits in ascending order, `"2379"`.
    fn digits(&mut self, d: Digits) {
        let mut buf = [0u8; 9];
        let mut n = 0;
        for digit in d.iter() {
            buf[n] = b'0' + digit;
            n += 1;
        }
        self.str(std::str::from_utf8(&buf[..n]).expect("digits are ASCII"));
    }

    /// A strategy set as its ids, in ladder order.
    fn strategies(&mut self, set: StrategySet) {
        self.names(
            set.positions()
                .map(|position| REGISTRY[usize::from(position)].id),
        );
    }

    /// A puzzle's constraints, the shape of a trace's `puzzle` (docs/trace-format.md):
    /// `{"regions":"<81 digits 1-9>"` (jigsaw only), `"constraints":[{"kind":"cage","boxes":
    /// ["A1","A2"],"sum":15},…]` (a cage without a sum has no `sum`), then `"title"` and
    /// `"author"` when the puzzle names them.
    pub fn puzzle(&mut self, p: &Puzzle) {
        self.open('{');
        if let Some(regions) = &p.regions {
            self.key("regions");
            let text: String = regions.iter().map(|&r| char::from(b'1' + r)).collect();
            self.str(&text);
        }
        self.key("constraints");
        self.open('[');
        for c in &p.constraints {
            self.open('{');
            self.key("kind");
            self.str(match c {
                Constraint::Diagonal => "diagonal",
                Constraint::AntiDiagonal => "anti-diagonal",
                Constraint::Windoku => "windoku",
                Constraint::AntiKnight => "anti-knight",
                Constraint::AntiKing => "anti-king",
                Constraint::ExtraRegion(_) => "extra-region",
                Constraint::Cage { .. } => "cage",
            });
            if let Constraint::ExtraRegion(cells) | Constraint::Cage { cells, .. } = c {
                self.key("boxes");
                self.cells(cells);
            }
            if let Constraint::Cage { sum: Some(sum), .. } = c {
                self.key("sum");
                self.num(u64::from(*sum));
            }
            self.close('}');
        }
        self.close(']');
        for (name, value) in [("title", &p.title), ("author", &p.author)] {
            if let Some(v) = value {
                self.key(name);
                self.str(v);
            }
        }
        self.close('}');
    }

    /// The trace's units, `[{"name":"row A","boxes":["A1",...]},...]`.
    pub fn units(&mut self, units: &[UnitInfo]) {
        self.open('[');
        for u in units {
            self.open('{');
            self.key("name");
            self.str(&u.name);
            self.key("boxes");
            self.cells(&u.boxes);
            self.close('}');
        }
        self.close(']');
    }

    /// The trace's header: the trace with `"units":[]` and `"steps":[]`, whatever it holds
    /// (the packed trace hands its units and steps over apart).
    pub fn header(&mut self, t: &Trace) {
        self.open('{');
        self.key("format");
        self.num(t.format.into());
        self.key("variant");
        self.str(t.variant.name());
        if let Some(p) = &t.puzzle {
            self.key("puzzle");
            self.puzzle(p);
        }
        self.key("strategies");
        self.strategies(t.strategies);
        self.key("units");
        self.open('[');
        self.close(']');
        self.key("initial");
        self.open('[');
        for &d in &t.initial {
            self.digits(d);
        }
        self.close(']');
        self.key("steps");
        self.open('[');
        self.close(']');
        self.key("outcome");
        self.outcome(&t.outcome);
        self.key("stats");
        self.stats(&t.stats);
        self.close('}');
    }

    fn contradiction(&mut self, c: &Contradiction) {
        self.open('{');
        self.key("kind");
        self.str(c.name());
        match *c {
            Contradiction::EmptyBox { cell } => {
                self.key("box");
                self.cell(cell);
            }
            Contradiction::NoPlace { unit, digit } => {
                self.key("unit");
                self.unit(unit);
                self.key("digit");
                self.num(digit.into());
            }
            Contradiction::Duplicate { unit, digit, boxes } => {
                self.key("unit");
                self.unit(unit);
                self.key("digit");
                self.num(digit.into());
                self.key("boxes");
                self.cells(&boxes);
            }
            Contradiction::Exhausted { cell, choices } => {
                self.key("box");
                self.cell(cell);
                self.key("choices");
                self.digits(choices);
            }
            Contradiction::Clash { digit, boxes } => {
                self.key("digit");
                self.num(digit.into());
                self.key("boxes");
                self.cells(&boxes);
            }
            Contradiction::CageSum { cell } => {
                self.key("box");
                self.cell(cell);
            }
        }
        self.close('}');
    }

    fn outcome(&mut self, o: &Outcome) {
        self.open('{');
        self.key("verdict");
        match o {
            Outcome::Solved {
                solution,
                solutions,
            } => {
                self.str("solved");
                self.key("solution");
                self.str(solution);
                self.key("solutions");
                self.num((*solutions).into());
            }
            Outcome::NoSolution { contradiction } => {
                self.str("no_solution");
                self.key("contradiction");
                self.contradiction(contradiction);
            }
            Outcome::Capped { limit, max } => {
                self.str("capped");
                self.key("limit");
                self.str(limit.name());
                self.key("max");
                self.num(*max);
            }
            Outcome::Unsolved => self.str("unsolved"),
        }
        self.close('}');
    }

    /// `{"nodes",...,"steps":{"<strategy id>":count,...}}`, every strategy in ladder order.
    fn stats(&mut self, s: &Stats) {
        self.open('{');
        self.key("nodes");
        self.num(s.nodes);
        self.key("guesses");
        self.num(s.guesses);
        self.key("backtracks");
        self.num(s.backtracks);
        self.key("max_depth");
        self.num(s.max_depth.into());
        self.key("stops");
        self.num(s.stops);
        self.key("steps");
        self.open('{');
        for info in REGISTRY {
            self.key(info.id);
            self.num(s.steps.get(info.order));
        }
        self.close('}');
        self.close('}');
    }

    /// The ladder's rungs, `[{"strategies":[...],"verdict":"solved","stats":{...}},...]`.
    pub fn comparisons(&mut self, rungs: &[Comparison]) {
        self.open('[');
        for c in rungs {
            self.open('{');
            self.key("strategies");
            self.strategies(c.strategies);
            self.key("verdict");
            self.str(c.verdict);
            self.key("stats");
            self.stats(&c.stats);
            self.close('}');
        }
        self.close(']');
    }

    /// The names of a packed trace's kind codes, from the core's tables:
    /// `{"strategies":[<registry ids>],"contradictions":[...],"rules":[...]}`, each list in the
    /// order of its codes ([`crate::packed`]).
    pub fn kinds(&mut self) {
        self.open('{');
        self.key("strategies");
        self.names(REGISTRY.iter().map(|info| info.id));
        self.key("contradictions");
        self.names(ContradictionKind::ALL.map(ContradictionKind::name));
        self.key("rules");
        self.names(StopRule::ALL.map(StopRule::name));
        self.close('}');
    }

    /// A packed trace's forcing steps: `[{"step":k,"conclude":…,"complexity":n,"chains":[{"nodes":
    /// [{"box","digit","on","parents","by"?}, …]}, …]}, …]`, each step's fields as the trace's
    /// JSON has them (docs/trace-format.md, "Forcing steps").
    pub fn forcing(&mut self, t: &Trace) {
        self.forcing_steps(&t.forcing);
    }

    /// Forcing steps' branches as [`Json::forcing`] writes a trace's: the one writer of that
    /// text (a hint's forcing step is written by it too, as step 0).
    pub fn forcing_steps(&mut self, steps: &[solver_core::trace::Forcing]) {
        self.open('[');
        for f in steps {
            self.open('{');
            self.key("step");
            self.num(f.step.into());
            self.key("conclude");
            self.str(f.conclude.name());
            self.key("complexity");
            self.num(f.nodes.into());
            self.key("chains");
            self.open('[');
            for chain in &f.chains {
                self.open('{');
                self.key("nodes");
                self.open('[');
                for n in chain {
                    self.open('{');
                    self.key("box");
                    self.cell(n.cell);
                    self.key("digit");
                    self.num(n.digit.into());
                    self.key("on");
                    self.sep();
                    self.0.push_str(if n.on { "true" } else { "false" });
                    self.key("parents");
                    self.open('[');
                    for &p in &n.parents {
                        self.num(p.into());
                    }
                    self.close(']');
                    if let Some(p) = n.by {
                        self.key("by");
                        self.str(REGISTRY[p as usize].id);
                    }
                    self.close('}');
                }
                self.close(']');
                self.close('}');
            }
            self.close(']');
            self.close('}');
        }
        self.close(']');
    }

    fn names(&mut self, names: impl IntoIterator<Item = &'static str>) {
        self.open('[');
        for name in names {
            self.str(name);
        }
        self.close(']');
    }
}

impl Default for Json {
    fn default() -> Self {
        Json::new()
    }
}
