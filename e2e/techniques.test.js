// End to end, the ladder's techniques beyond the course: for each, a puzzle in which, with the
// course's strategies and that technique on, a step of it appears (found with
// `propagate trace --strategies eliminate,only-choice,naked-twins,<technique>`; `position` is
// the player's position showing that step, its first). The page must caption it from the
// registry's template and highlight its units, its cause boxes and the candidates it removes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open as openOn, setPuzzle, waitForPosition } from './harness.js';

const COURSE = ['eliminate', 'only_choice', 'naked_twins'];

const CASES = [
  {
    id: 'pointing', diagonal: false, position: 21,
    puzzle: '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......',
    caption: "Pointing: in square A7-C9, 7 fits only in row B, so 7 leaves B1 and B3",
    unit: ["A7", "A8", "A9", "B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8", "B9", "C7", "C8", "C9"],
    cause: ["B7", "B9"],
    removed: {"B1": "7", "B3": "7"},
  },
  {
    id: 'claiming', diagonal: false, position: 21,
    puzzle: '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......',
    caption: "Claiming: in row A, 7 fits only in square A1-C3, so 7 leaves B1 and B3",
    unit: ["A1", "A2", "A3", "A4", "A5", "A6", "A7", "A8", "A9", "B1", "B2", "B3", "C1", "C2", "C3"],
    cause: ["A2", "A3"],
    removed: {"B1": "7", "B3": "7"},
  },
  {
    id: 'hidden_pairs', diagonal: false, position: 21,
    puzzle: '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......',
    caption: "Hidden pairs: in square D4-F6, 2 and 6 fit only in E6 and F6, so every other candidate leaves E6 and F6",
    unit: ["D4", "D5", "D6", "E4", "E5", "E6", "F4", "F5", "F6"],
    cause: ["E6", "F6"],
    removed: {"E6": "579", "F6": "4579"},
  },
  {
    id: 'hidden_pairs', diagonal: true, position: 31,
    puzzle: '2.............62....1....7...6..8...3...9...7...6..4...4....8....52.............3',
    caption: "Hidden pairs: in diagonal A9-I1, 1 and 4 fit only in A9 and B8, so every other candidate leaves A9 and B8",
    unit: ["A9", "B8", "C7", "D6", "E5", "F4", "G3", "H2", "I1"],
    cause: ["A9", "B8"],
    removed: {"A9": "5", "B8": "35"},
  },
  {
    id: 'naked_triples', diagonal: false, position: 21,
    puzzle: '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......',
    caption: "Naked triples: G1, G2 and G3 in row G hold only 2, 8 and 9 between them, so 2, 8 and 9 leave G5, G7 and G9",
    unit: ["G1", "G2", "G3", "G4", "G5", "G6", "G7", "G8", "G9"],
    cause: ["G1", "G2", "G3"],
    removed: {"G5": "9", "G7": "29", "G9": "289"},
  },
  {
    id: 'hidden_triples', diagonal: false, position: 21,
    puzzle: '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......',
    caption: "Hidden triples: in row G, 1, 4 and 5 fit only in G5, G7 and G9, so every other candidate leaves G5, G7 and G9",
    unit: ["G1", "G2", "G3", "G4", "G5", "G6", "G7", "G8", "G9"],
    cause: ["G5", "G7", "G9"],
    removed: {"G5": "9", "G7": "29", "G9": "289"},
  },
  {
    id: 'naked_quads', diagonal: false, position: 20,
    puzzle: '48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5....',
    caption: "Naked quads: D4, G4, H4 and I4 in column 4 hold only 1, 4, 8 and 9 between them, so 1, 4, 8 and 9 leave B4, C4 and F4",
    unit: ["A4", "B4", "C4", "D4", "E4", "F4", "G4", "H4", "I4"],
    cause: ["D4", "G4", "H4", "I4"],
    removed: {"B4": "489", "C4": "1489", "F4": "1489"},
  },
  {
    id: 'x_wing', diagonal: false, position: 31,
    puzzle: '1.....7.9.4...72..8.........7..1..6.3.......5.6..4..2.........8..53...7.7.2....46',
    caption: "X-wing: in row E and row G, 7 fits only in column 4 and column 5, so those two take it there and 7 leaves F4",
    unit: ["A4", "A5", "B4", "B5", "C4", "C5", "D4", "D5", "E1", "E2", "E3", "E4", "E5", "E6", "E7", "E8", "E9", "F4", "F5", "G1", "G2", "G3", "G4", "G5", "G6", "G7", "G8", "G9", "H4", "H5", "I4", "I5"],
    cause: ["E4", "E5", "G4", "G5"],
    removed: {"F4": "7"},
  },
  {
    id: 'swordfish', diagonal: false, position: 38,
    puzzle: '1.....7.9.4...72..8.........7..1..6.3.......5.6..4..2.........8..53...7.7.2....46',
    caption: "Swordfish: in column 1, column 4 and column 6, 4 fits only in row A, row G and row H, so those three take it there and 4 leaves G3",
    unit: ["A1", "A2", "A3", "A4", "A5", "A6", "A7", "A8", "A9", "B1", "B4", "B6", "C1", "C4", "C6", "D1", "D4", "D6", "E1", "E4", "E6", "F1", "F4", "F6", "G1", "G2", "G3", "G4", "G5", "G6", "G7", "G8", "G9", "H1", "H2", "H3", "H4", "H5", "H6", "H7", "H8", "H9", "I1", "I4", "I6"],
    cause: ["A4", "A6", "G1", "G4", "G6", "H1", "H6"],
    removed: {"G3": "4"},
  },
  {
    id: 'xy_wing', diagonal: false, position: 57,
    puzzle: '1...34.8....8..5....4.6..21.18......3..1.2..6......81.52..7.9....6..9....9.64...2',
    caption: "XY-wing: C1 is one of its two digits, and A2 and C4, which it sees, each hold one of them with 5; whichever C1 is, A2 or C4 is 5, so 5 leaves A4",
    unit: ["A1", "A2", "A3", "B1", "B2", "B3", "C1", "C2", "C3", "C4", "C5", "C6", "C7", "C8", "C9"],
    cause: ["C1", "A2", "C4"],
    removed: {"A4": "5"},
  },
  {
    id: 'xy_wing', diagonal: true, position: 61,
    puzzle: '.......8...3.1...9.....3...576..8.9.3.419....1...57..8...3.9....35....6..185.4.2.',
    caption: "XY-wing: D9 is one of its two digits, and C9 and F7, which it sees, each hold one of them with 6; whichever D9 is, C9 or F7 is 6, so 6 leaves B7 and E9",
    unit: ["A9", "B9", "C9", "D7", "D8", "D9", "E7", "E8", "E9", "F7", "F8", "F9", "G9", "H9", "I9"],
    cause: ["D9", "C9", "F7"],
    removed: {"B7": "6", "E9": "6"},
  },
];

let browser;

before(async () => {
  browser = await launch();
});

after(async () => {
  if (browser) await browser.close();
});

/** The boxes with a class, sorted. */
const withClass = (page, cls) => page.$$eval(`[data-box].${cls}`, (els) => els.map((e) => e.dataset.box).sort());

for (const c of CASES) {
  test(`${c.id}${c.diagonal ? ' (diagonal)' : ''}: its step captioned and highlighted`, async () => {
    const { page, problems } = await openOn(browser);
    assert.ok(
      await page.locator(`#strategy-list input[data-strategy="${c.id}"]`).count(),
      `a checkbox for ${c.id}`,
    );
    await setPuzzle(page, c.puzzle, { diagonal: c.diagonal, strategies: [...COURSE, c.id] });
    await page.click('#solve');
    await waitForPosition(page, { min: c.position });
    await page.locator('#timeline').fill(String(c.position));
    await waitForPosition(page, { at: c.position, playing: false });
    await page.waitForFunction((want) => document.getElementById('caption').textContent === want, c.caption);
    assert.deepEqual(await withClass(page, 'in-unit'), [...c.unit].sort(), 'the units reasoned over');
    assert.deepEqual(await withClass(page, 'cause'), [...c.cause].sort(), 'the cause boxes');
    assert.deepEqual(await withClass(page, 'changed'), Object.keys(c.removed).sort(), 'the boxes changed');
    for (const [box, digits] of Object.entries(c.removed)) {
      const gone = await page.$$eval(`[data-box="${box}"] .mark.gone`, (els) => els.map((e) => e.textContent).join(''));
      assert.equal(gone, digits, `${box} shows ${digits} struck out`);
    }
    assert.deepEqual(problems, []);
    await page.close();
  });
}
