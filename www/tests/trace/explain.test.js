// Captions and highlights of each kind of step (trace/explain.js), from the registry's templates.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { branchLines, branchNet, chainText, chainsText, explainStep, describeOutcome, describeContradiction, fillCaption, listWords, topology } from '../../trace/explain.js';
import { boxIndex } from '../../trace/replay.js';
import { textMask as m } from '../../trace/digits.js';
import { pageForm } from '../helpers.js';

/** A step written as the trace's JSON has it, in the page's form (candidates as masks). */
const masked = (step) => pageForm({ initial: [], steps: [step] }).steps[0];

const units = [];
for (const r of 'ABCDEFGHI') units.push({ name: `row ${r}`, boxes: [...'123456789'].map((c) => r + c) });
for (const c of '123456789') units.push({ name: `column ${c}`, boxes: [...'ABCDEFGHI'].map((r) => r + c) });
for (const rs of ['ABC', 'DEF', 'GHI']) {
  for (const cs of ['123', '456', '789']) {
    units.push({ name: `square ${rs[0]}${cs[0]}-${rs[2]}${cs[2]}`, boxes: [...rs].flatMap((r) => [...cs].map((c) => r + c)) });
  }
}
const diagonalUnits = [
  ...units,
  { name: 'diagonal A1-I9', boxes: [...'ABCDEFGHI'].map((r, i) => r + (i + 1)) },
  { name: 'diagonal A9-I1', boxes: [...'ABCDEFGHI'].map((r, i) => r + (9 - i)) },
];
const standard = topology({ units });
const diagonal = topology({ units: diagonalUnits });
const idx = (names) => new Set(names.map(boxIndex));

/** The registry as the facade's `strategies()` gives it (the same entries the fixture of packed traces was made with). */
const registry = JSON.parse(readFileSync(new URL('../fixtures/strategies.json', import.meta.url), 'utf8'));

test('peers: 20 in standard, 32 for E5 and 26 for A1 in diagonal', () => {
  assert.equal(standard.peers[boxIndex('E5')].size, 20);
  assert.equal(diagonal.peers[boxIndex('E5')].size, 32);
  assert.equal(diagonal.peers[boxIndex('A1')].size, 26);
  assert.equal(diagonal.diagonal.size, 17);
  assert.equal(standard.diagonal.size, 0);
});

test('word lists', () => {
  assert.equal(listWords([]), '');
  assert.equal(listWords(['D5']), 'D5');
  assert.equal(listWords(['D5', 'F5']), 'D5 and F5');
  assert.equal(listWords('158', 'or'), '1, 5 or 8');
});

test('eliminate: the caption names the source, the digit and the peers it touched', () => {
  const step = {
    kind: 'eliminate', units: ['row E', 'column 6', 'square D4-F6'], boxes: ['E6'], digits: '4', node: 0, depth: 0,
    changes: [{ box: 'D5', before: '3456', after: '356' }, { box: 'F5', before: '45', after: '5' }],
  };
  const e = explainStep(masked(step), standard, registry);
  assert.equal(e.caption, 'Eliminate: E6 is 4, so 4 is removed from its peers D5 and F5');
  assert.deepEqual(e.cause, idx(['E6']));
  assert.equal(e.unit.size, 21, 'the boxes of its three units: its 20 peers and itself');
  assert.deepEqual(e.unit, new Set([...standard.peers[boxIndex('E6')], boxIndex('E6')]));
  assert.deepEqual([...e.removed], [[boxIndex('D5'), m('4')], [boxIndex('F5'), m('4')]]);
  assert.deepEqual([...e.placed], [[boxIndex('F5'), m('5')]], 'F5 is solved by losing its 4');
});

test('only choice highlights its unit and places the digit', () => {
  const step = {
    kind: 'only_choice', units: ['row C'], boxes: ['C4'], digits: '7', node: 0, depth: 0,
    changes: [{ box: 'C4', before: '478', after: '7' }],
  };
  const e = explainStep(masked(step), standard, registry);
  assert.equal(e.caption, 'Only choice: in row C, 7 fits only in C4, so C4 is 7');
  assert.deepEqual(e.unit, idx([...'123456789'].map((c) => 'C' + c)));
  assert.deepEqual([...e.placed], [[boxIndex('C4'), m('7')]]);
});

test('naked twins names both twins, the digits and where they were removed', () => {
  const step = {
    kind: 'naked_twins', units: ['diagonal A1-I9'], boxes: ['B2', 'H8'], digits: '27', node: 0, depth: 0,
    changes: [{ box: 'E5', before: '1257', after: '15' }],
  };
  const e = explainStep(masked(step), diagonal, registry);
  assert.equal(e.caption, 'Naked twins: B2 and H8 in diagonal A1-I9 hold only 2 and 7 between them, so 2 and 7 leave E5');
  assert.deepEqual(e.cause, idx(['B2', 'H8']));
  assert.equal(e.unit.size, 9);
  assert.equal(e.removed.get(boxIndex('E5')), m('27'));
});

test('guess and backtrack say so, with the depth and the contradiction', () => {
  const guess = {
    kind: 'guess', node: 3, depth: 2, box: 'B4', digit: 5, choices: '158', parent: 1,
    changes: [{ box: 'B4', before: '158', after: '5' }],
  };
  assert.equal(explainStep(masked(guess), standard, registry).caption, 'Guess at depth 2: B4 could be 1, 5 or 8; try 5');
  const back = {
    kind: 'backtrack', node: 3, depth: 2, parent: 1, contradiction: { kind: 'empty_box', box: 'G7' },
    changes: [{ box: 'B4', before: '5', after: '158' }, { box: 'G7', before: '', after: '29' }],
  };
  const e = explainStep(masked(back), standard, registry);
  assert.equal(e.caption, 'Backtrack from depth 2: G7 has no candidates left; undo 2 boxes and return to node 1');
  assert.deepEqual(e.restored, idx(['B4', 'G7']));
  assert.deepEqual(e.cause, idx(['G7']));
  assert.equal(e.removed.size, 0, 'a backtrack removes nothing');
});

test('where the rounds stop: the course\'s rule or the full fixpoint, in words', () => {
  const stop = (fields) => explainStep(masked({ kind: 'stop', node: 0, depth: 0, changes: [], ...fields }), standard, registry);
  const root = stop({ rule: 'course', rounds: 2, removed: 14, pending: false });
  assert.equal(root.label, 'Rounds stop');
  assert.equal(
    root.caption,
    'Rounds stop: round 2 removed 14 candidates but solved no new box, so reduce_puzzle stops here: the course\'s rule ends the rounds when one solves no new box (stalled = solved_values_before == solved_values_after). Another round would change nothing either. Search takes over from here.',
  );
  assert.equal(root.removed.size + root.placed.size + root.cause.size + root.unit.size, 0, 'a stop changes and highlights nothing');
  const pending = stop({ rule: 'course', rounds: 1, removed: 1, pending: true, node: 3, depth: 2 });
  assert.match(pending.caption, /^Rounds stop: round 1 at node 3 removed 1 candidate but solved no new box, so reduce_puzzle stops here/);
  assert.match(pending.caption, /Another round would still change the grid, but the course stops anyway \(the full fixpoint would go on\)\./);
  assert.match(stop({ rule: 'course', rounds: 3, removed: 0, pending: false }).caption, /^Rounds stop: round 3 solved no new box, so/);
  assert.equal(
    stop({ rule: 'fixpoint', rounds: 4, removed: 0, pending: false }).caption,
    'Rounds stop: round 4 changed nothing, so reduce_puzzle stops at the full fixpoint: with a technique beyond the course\'s on, the rounds go on until one changes nothing. Search takes over from here.',
  );
});

test('a caption template is filled from any strategy\'s evidence, whatever the strategy', () => {
  const step = { kind: 'x', units: ['row A', 'column 2'], boxes: ['A1', 'A2', 'A3'], digits: '358', changes: [] };
  assert.equal(
    fillCaption('{units} | {unit2} | {boxes} | {box3} | {digits} | {digit} | {changed} | {box9}', masked(step), ['B1', 'C1']),
    'row A and column 2 | column 2 | A1, A2 and A3 | A3 | 3, 5 and 8 | 3 | B1 and C1 | {box9}',
  );
  const made = [{ id: 'pointing_pairs', label: 'Pointing', description: '', caption: '{digit} in {unit1} points at {changed}', order: 0, course: false }];
  const e = explainStep(masked({ ...step, kind: 'pointing_pairs', changes: [{ box: 'B1', before: '35', after: '5' }] }), standard, made);
  assert.equal(e.label, 'Pointing');
  assert.equal(e.caption, 'Pointing: 3 in row A points at B1');
  assert.deepEqual(e.cause, idx(['A1', 'A2', 'A3']));
  assert.equal(e.unit.size, 17, 'the boxes of row A and column 2');
  assert.deepEqual([...e.placed], [[boxIndex('B1'), m('5')]]);
});

test("a variant's steps: a cage_combinations step highlights its cage; a jigsaw's region is a unit of the trace", () => {
  // The registry's own entry: its template and label, nothing named here.
  const cage = registry.find((s) => s.id === 'cage_combinations');
  assert.ok(cage, 'the registry has the killer rung');
  const step = { kind: 'cage_combinations', units: [], boxes: ['C4', 'C5'], digits: '12345', sum: 15, combinations: ['69', '78'], changes: [{ box: 'C4', before: '123456789', after: '6789' }, { box: 'C5', before: '123456789', after: '6789' }] };
  const e = explainStep(masked(step), standard, registry);
  assert.deepEqual(e.cause, idx(['C4', 'C5']), 'the cage\'s boxes are its cause');
  assert.equal(e.unit.size, 0);
  assert.ok(e.caption.startsWith(`${cage.label}: `), e.caption);
  assert.ok(!/\{[a-z]+[0-9]*\}/.test(e.caption), `no placeholder left: ${e.caption}`);
  assert.deepEqual([...e.removed].map(([b, mask]) => [b, mask]), [[boxIndex('C4'), m('12345')], [boxIndex('C5'), m('12345')]]);
  // A jigsaw's region, named as the trace's units list names it, highlights its own boxes.
  const region = { name: 'region 4', boxes: ['A1', 'B1', 'B2', 'C2', 'C3', 'D3', 'D4', 'E4', 'E5'] };
  const jigsaw = topology({ units: [...units.slice(0, 18), region] });
  const only = registry.find((s) => s.id === 'only_choice');
  const single = explainStep(masked({ kind: 'only_choice', units: ['region 4'], boxes: ['E5'], digits: '3', changes: [{ box: 'E5', before: '13', after: '3' }] }), jigsaw, registry);
  assert.deepEqual(single.unit, idx(region.boxes));
  assert.ok(single.caption.startsWith(`${only.label}: `) && single.caption.includes('region 4'), single.caption);
});

/** A chain as docs/trace-format.md writes it: B1=1 = B4=1 – E4=1 = E9=1. */
const CHAIN = {
  nodes: [{ box: 'B1', digit: 1 }, { box: 'B4', digit: 1 }, { box: 'E4', digit: 1 }, { box: 'E9', digit: 1 }],
  links: ['strong', 'weak', 'strong'],
};

test('a chain in the notation people use: rows and columns numbered, = strong, – weak', () => {
  assert.equal(chainText(CHAIN), 'r2c1=1 = r2c4=1 – r5c4=1 = r5c9=1');
  const xy = { nodes: [{ box: 'A1', digit: 1 }, { box: 'A1', digit: 2 }, { box: 'I9', digit: 2 }, { box: 'I9', digit: 7 }], links: ['strong', 'weak', 'strong'] };
  assert.equal(chainText(xy), 'r1c1=1 = r1c1=2 – r9c9=2 = r9c9=7');
});

test('a group runs its boxes together (r2c45), and a loop ends on its first node again', () => {
  const loop = {
    nodes: [{ box: 'B1', digit: 1 }, { boxes: ['B4', 'B5'], digit: 1 }, { box: 'A6', digit: 1 }, { boxes: ['B2', 'C2'], digit: 1 }],
    links: ['strong', 'weak', 'strong', 'weak'],
  };
  assert.equal(chainText(loop), 'r2c1=1 = r2c45=1 – r1c6=1 = r23c2=1 – r2c1=1');
  // A group on a diagonal lists its boxes.
  const diagonal = { nodes: [{ boxes: ['A1', 'B2'], digit: 3 }, { box: 'I9', digit: 3 }], links: ['strong'] };
  assert.equal(chainText(diagonal), 'r1c1,r2c2=3 = r9c9=3');
  // An almost locked set's node (its boxes in a column): r4568c2.
  const als = { nodes: [{ box: 'G1', digit: 4 }, { box: 'G1', digit: 9 }, { boxes: ['D2', 'E2', 'F2', 'H2'], digit: 9 }, { boxes: ['D2', 'E2', 'F2', 'H2'], digit: 4 }], links: ['strong', 'weak', 'strong'] };
  assert.equal(chainText(als), 'r7c1=4 = r7c1=9 – r4568c2=9 = r4568c2=4');
  // A group's boxes are all cause boxes.
  const step = { kind: 'chain_kind', units: [], boxes: ['B1', 'B2'], digits: '1', chain: loop, changes: [] };
  const made = [{ id: 'chain_kind', label: 'A chain', description: '', caption: '{chain}', order: 0, course: false }];
  assert.deepEqual(explainStep(masked(step), standard, made).cause, idx(['B1', 'B2', 'B4', 'B5', 'A6', 'C2']));
});

test('{chain} is filled from the step\'s chain, whatever the strategy; its boxes are cause boxes', () => {
  const step = { kind: 'chain_kind', units: [], boxes: ['B1', 'E9'], digits: '1', chain: CHAIN, changes: [{ box: 'B9', before: '12', after: '2' }] };
  assert.equal(fillCaption('{chain}: {box1} or {box2} is {digit}', masked(step), []), 'r2c1=1 = r2c4=1 – r5c4=1 = r5c9=1: B1 or E9 is 1');
  // No chain: the placeholder stays as it is.
  assert.equal(fillCaption('{chain}!', masked({ ...step, chain: undefined }), []), '{chain}!');
  const made = [{ id: 'chain_kind', label: 'A chain', description: '', caption: '{chain}, so {digit} leaves {changed}', order: 0, course: false }];
  const e = explainStep(masked(step), standard, made);
  assert.equal(e.caption, 'A chain: r2c1=1 = r2c4=1 – r5c4=1 = r5c9=1, so 1 leaves B9');
  assert.equal(e.chain, step.chain);
  assert.deepEqual(e.cause, idx(['B1', 'B4', 'E4', 'E9']));
  // A step without a chain has none to draw.
  assert.equal(explainStep(masked({ ...step, chain: undefined }), standard, made).chain, null);
});

test('an assign step says which boxes the learner\'s code set', () => {
  const step = { kind: 'assign', node: 0, depth: 0, changes: [{ box: 'A1', before: '123', after: '1' }, { box: 'B2', before: '45', after: '' }] };
  const e = explainStep(masked(step), standard, registry);
  assert.equal(e.caption, 'Assign: A1 set to 1 and B2 set to no candidates');
  assert.deepEqual([...e.placed], [[boxIndex('A1'), m('1')]]);
  assert.equal(e.cause.size, 0);
});

test('contradictions and verdicts in words', () => {
  assert.equal(describeContradiction({ kind: 'no_place', unit: 'row A', digit: 3 }), '3 has no place left in row A');
  assert.equal(
    describeContradiction({ kind: 'duplicate', unit: 'column 2', digit: 5, boxes: ['A2', 'F2'] }),
    '5 is placed twice in column 2 (A2 and F2)',
  );
  assert.equal(
    describeContradiction({ kind: 'exhausted', box: 'A1', choices: m('39') }),
    'every choice for A1 (3 or 9) led to a dead end',
  );
  assert.equal(describeOutcome({ verdict: 'solved', solution: '1', solutions: 1 }).text, 'Solved: the solution is unique');
  assert.match(describeOutcome({ verdict: 'solved', solutions: 2 }).text, /not unique/);
  // 0: the count stopped at the node cap, which claims nothing about uniqueness.
  assert.match(describeOutcome({ verdict: 'solved', solutions: 0 }).text, /^Solved; whether the solution is unique is not known/);
  assert.equal(
    describeOutcome({ verdict: 'no_solution', contradiction: { kind: 'empty_box', box: 'A1' } }).text,
    'No solution: A1 has no candidates left',
  );
  assert.match(describeOutcome({ verdict: 'capped', limit: 'nodes', max: 100000 }).text, /100000 search nodes/);
});

test('a killer step\'s caption names its sum and its combinations, from its evidence alone', () => {
  const step = { kind: 'cage_combinations', units: [], boxes: ['C4', 'C5'], digits: '12345', sum: 15, combinations: ['69', '78'], changes: [] };
  assert.equal(
    fillCaption('cage {sum} in {boxes} is {combinations}, so {digits} leave {changed}', masked(step), ['C4', 'C5']),
    'cage 15 in C4 and C5 is {6,9} or {7,8}, so 1, 2, 3, 4 and 5 leave C4 and C5',
  );
  // A step without a sum leaves both placeholders as they are.
  assert.equal(fillCaption('{sum} {combinations}', masked({ ...step, sum: undefined, combinations: undefined }), []), '{sum} {combinations}');
});

test('a 45 rule step\'s caption works its sum out: houses, cage total, side, solved boxes', () => {
  const template = '{arithmetic} ({combinations}), so {digits} leave {changed}';
  // The hand-worked innies of tests/killer.rs: rows A and B less the cages inside them.
  const innies = { kind: 'rule_of_45', units: ['row A', 'row B'], boxes: ['A9', 'B9'], digits: '5', sum: 10, combinations: ['19', '28', '37', '46'], cage_total: 80, side: 'innies', changes: [] };
  assert.equal(
    fillCaption(template, masked(innies), ['A9', 'B9']),
    'row A and row B hold 2 × 45 = 90; the cages inside them sum to 80, so the innies A9 and B9 sum to 90 − 80 = 10 ({1,9}, {2,8}, {3,7} or {4,6}), so 5 leave A9 and B9',
  );
  const solved = { ...innies, units: ['row A'], boxes: ['A9'], digits: '12346789', sum: 5, combinations: ['5'], cage_total: 36 };
  assert.equal(
    fillCaption('{arithmetic}', masked(solved), []),
    'row A holds 45; the cages inside it sum to 36, so the innie A9 is 45 − 36 − 4 (solved) = 5',
  );
  const outies = { ...innies, units: ['square A1-C3'], boxes: ['A4', 'D1'], sum: 7, cage_total: 52, side: 'outies' };
  assert.equal(
    fillCaption('{arithmetic}', masked(outies), []),
    'the cages covering square A1-C3 sum to 52 and square A1-C3 holds 45, so the outies A4 and D1 sum to 52 − 45 = 7',
  );
  // Without a cage total (a cage_combinations step) the placeholder stays.
  assert.equal(fillCaption('{arithmetic}', masked({ ...innies, cage_total: undefined, side: undefined }), []), '{arithmetic}');
});

// A forcing step (docs/trace-format.md, "Forcing steps"): B1=1 puts 1 off in A1 and A2, which
// leaves both 2 (boxes of two digits), and A2=2 puts A1's 2 off: A1 is empty, a contradiction.
const FORCING = {
  kind: 'digit_forcing_chains', units: [], boxes: ['B1'], digits: '1', conclude: 'contradiction', complexity: 6,
  chains: [{ nodes: [
    { box: 'B1', digit: 1, on: true, parents: [] },
    { box: 'A1', digit: 1, on: false, parents: [0] },
    { box: 'A2', digit: 1, on: false, parents: [0] },
    { box: 'A2', digit: 2, on: true, parents: [2] },
    { box: 'A1', digit: 2, on: false, parents: [3] },
  ] }],
  node: 0, depth: 0, changes: [{ box: 'B1', before: '123456789', after: '23456789' }],
};

test('a forcing step\'s branches: a line to each end, in the notation people use, drawn as a net (strong into an on, weak into an off)', () => {
  // A1 emptied: two ends, a line each, from the premise.
  assert.deepEqual(branchLines(FORCING.chains[0]), [[0, 1], [0, 2, 3, 4]]);
  assert.equal(chainsText(FORCING), 'r2c1=1 ⇒ r1c1≠1; r2c1=1 ⇒ r1c2≠1 ⇒ r1c2=2 ⇒ r1c1≠2: contradiction, so r2c1≠1');
  assert.deepEqual(branchNet(FORCING.chains[0]), {
    nodes: [{ box: 'B1', digit: 1, on: true }, { box: 'A1', digit: 1, on: false }, { box: 'A2', digit: 1, on: false }, { box: 'A2', digit: 2, on: true }, { box: 'A1', digit: 2, on: false }],
    edges: [{ from: 0, to: 1, link: 'weak' }, { from: 0, to: 2, link: 'weak' }, { from: 2, to: 3, link: 'strong' }, { from: 3, to: 4, link: 'weak' }],
  });
  // A verity: B1 is 1 or not; either way A1 loses 2.
  const agree = { ...FORCING, conclude: 'agree', chains: [
    { nodes: [{ box: 'B1', digit: 1, on: true, parents: [] }, { box: 'A2', digit: 1, on: false, parents: [0] }, { box: 'A2', digit: 2, on: true, parents: [1] }, { box: 'A1', digit: 2, on: false, parents: [2] }] },
    { nodes: [{ box: 'B1', digit: 1, on: false, parents: [] }, { box: 'A1', digit: 2, on: false, parents: [0] }] },
  ] };
  assert.equal(chainsText(agree), 'r2c1=1 ⇒ r1c2≠1 ⇒ r1c2=2 ⇒ r1c1≠2; r2c1≠1 ⇒ r1c1≠2: either way r1c1≠2');
  // A net: a node of two parents, one of them on no line; a long line folded (as hint.rs folds it).
  const long = { nodes: [{ box: 'A1', digit: 5, on: true, parents: [] }] };
  for (let i = 1; i < 9; i++) long.nodes.push({ box: `A${i + 1}`, digit: 5, on: i % 2 === 0, parents: [i - 1] });
  const net = { nodes: [...long.nodes, { box: 'E5', digit: 1, on: false, parents: [0] }, { box: 'E6', digit: 1, on: false, parents: [9, 8] }, { box: 'F6', digit: 2, on: true, parents: [0] }] };
  assert.equal(
    chainsText({ conclude: 'contradiction', chains: [net] }),
    'r1c1=5 ⇒ r5c5≠1 ⇒ r5c6≠1; r1c1=5 ⇒ r6c6=2 (with 8 more nodes): contradiction, so r1c1≠5',
  );
  assert.equal(
    chainsText({ conclude: 'contradiction', chains: [long] }),
    'r1c1=5 ⇒ r1c2≠5 ⇒ r1c3=5 ⇒ … (3 more) ⇒ r1c7=5 ⇒ r1c8≠5 ⇒ r1c9=5: contradiction, so r1c1≠5',
  );
  // A node a technique derived inside a net: drawn with no arrow into it.
  const byNode = { nodes: [...FORCING.chains[0].nodes, { box: 'C3', digit: 2, on: false, parents: [0, 3], by: 'pointing' }] };
  const drawnNet = branchNet(byNode);
  assert.deepEqual(drawnNet.nodes.at(-1), { box: 'C3', digit: 2, on: false, by: 'pointing' });
  assert.equal(drawnNet.edges.length, 4, 'no arrow into a node a technique derived');
  const registry = [{ id: 'digit_forcing_chains', label: 'Digit forcing chains', caption: 'so {changed} changes: {chains}' }];
  const h = explainStep(masked(FORCING), topology(units), registry);
  assert.equal(h.caption, 'Digit forcing chains: so B1 changes: r2c1=1 ⇒ r1c1≠1; r2c1=1 ⇒ r1c2≠1 ⇒ r1c2=2 ⇒ r1c1≠2: contradiction, so r2c1≠1');
  assert.equal(h.chain.length, 1);
  assert.equal(h.chain[0].edges.length, 4, 'an arrow per parent of each node');
  assert.ok(h.cause.has(boxIndex('A2')));
});

test('a strategy with a caption for its chains and one for its forcing steps (forcingCaption) captions each step by what it carries', () => {
  const made = [{ id: 'both_kinds', label: 'Both', description: '', caption: '{chain}, so {digit} leaves {changed}', forcingCaption: '{box2} would be empty: {chains}', order: 0, course: false }];
  const chained = { kind: 'both_kinds', units: [], boxes: ['B1', 'E9'], digits: '1', chain: CHAIN, changes: [{ box: 'B9', before: '12', after: '2' }] };
  assert.equal(explainStep(masked(chained), standard, made).caption, 'Both: r2c1=1 = r2c4=1 – r5c4=1 = r5c9=1, so 1 leaves B9');
  const forced = { ...FORCING, kind: 'both_kinds', boxes: ['B1', 'A1'] };
  assert.equal(
    explainStep(masked(forced), standard, made).caption,
    'Both: A1 would be empty: r2c1=1 ⇒ r1c1≠1; r2c1=1 ⇒ r1c2≠1 ⇒ r1c2=2 ⇒ r1c1≠2: contradiction, so r2c1≠1',
  );
  // Without a forcingCaption a forcing step takes the caption, as every forcing rung does.
  const one = [{ ...made[0], caption: '{chains}', forcingCaption: '' }];
  assert.match(explainStep(masked(forced), standard, one).caption, /^Both: r2c1=1 ⇒ r1c1≠1;/);
  // 3D Medusa's box emptied by a colour, with the registry's own captions: every placeholder filled.
  const medusa = registry.find((s) => s.forcingCaption);
  assert.ok(medusa, 'a strategy with a forcingCaption in the registry');
  const e = explainStep(masked({ ...forced, kind: medusa.id }), standard, registry);
  assert.ok(!/\{[a-z]+[0-9]*\}/.test(e.caption), `no placeholder left: ${e.caption}`);
  assert.ok(e.caption.includes('A1 holds none of them') && e.caption.endsWith('contradiction, so r2c1≠1'), e.caption);
});
