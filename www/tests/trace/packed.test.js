// The packed hand-over decoded (trace/packed.js), checked against serde_json's traces byte for
// byte.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ARRAYS, STEP_WORDS, isPacked, packTrace, readTrace, traceJson, unpackTrace, withChanges, withAllChanges } from '../../trace/packed.js';
import { pageForm, randomTrace } from '../helpers.js';

const easy = JSON.parse(readFileSync(new URL('../fixtures/easy-trace.json', import.meta.url), 'utf8'));

/**
 * Traces packed by the wasm's own code: every kind of step (each backtrack contradiction too) in
 * both variants, solved, unsolvable and capped traces, each with its JSON as serde_json wrote it.
 * Written and kept current by crates/solver-wasm/src/packed.rs's tests.
 */
const cases = JSON.parse(readFileSync(new URL('../fixtures/packed-cases.json', import.meta.url), 'utf8'));

/** A fixture case's packed arrays as the worker sends them (typed arrays). */
function arrays(packed) {
  const out = { json: packed.json, units: packed.units, kinds: packed.kinds, forcing: packed.forcing };
  for (const [name, Type] of Object.entries(ARRAYS)) out[name] = Type.from(packed[name]);
  return out;
}

/** The names of the kind codes the fixture's traces were packed with (the core's tables). */
const KINDS = JSON.parse(cases[0].packed.kinds);

/** A trace's steps with their fields in the order serde_json writes them (random traces have others). */
function serdeOrder(t) {
  return { ...t, steps: t.steps.map(({ kind, units, boxes, digits, node, depth, changes }) => ({ kind, units, boxes, digits, node, depth, changes })) };
}

test('the wasm\'s packed traces unpack to its JSON byte for byte: every step kind, both variants', () => {
  const kinds = new Set();
  for (const c of cases) {
    const eager = unpackTrace(arrays(c.packed));
    assert.equal(traceJson(eager), c.trace, c.name);
    const lazy = unpackTrace(arrays(c.packed), { lazy: true });
    assert.equal(traceJson(lazy), c.trace, `${c.name}, lazily`);
    // Field for field, each step, its candidates as masks (the JSON above holds them all, in order).
    const expected = JSON.parse(c.trace);
    const masked = pageForm(expected);
    assert.deepEqual(eager.initial, masked.initial, `${c.name}: initial`);
    masked.steps.forEach((s, k) => assert.deepEqual(eager.steps[k], s, `${c.name}: step ${k}`));
    // And read back from the JSON, as an opened trace is.
    assert.equal(traceJson(readTrace(expected, KINDS)), c.trace, `${c.name}, read from its JSON`);
    for (const s of expected.steps) kinds.add(`${expected.variant} ${s.kind}${s.contradiction ? ` ${s.contradiction.kind}` : ''}${s.rule ? ` ${s.rule}` : ''}`);
  }
  // no_place only reports a contradiction (a backtrack's): it makes no step of its own.
  const all = [
    // cage_combinations and rule_of_45 step on killer cages only: the cases are classic grids.
    ...KINDS.strategies.filter((k) => !['no_place', 'cage_combinations', 'rule_of_45'].includes(k)),
    'guess',
    // clash and cage_sum need a variant's exclusions or cages: none in these classic traces.
    ...KINDS.contradictions.filter((c) => c !== 'clash' && c !== 'cage_sum').map((c) => `backtrack ${c}`),
    ...KINDS.rules.map((r) => `stop ${r}`),
  ];
  assert.deepEqual([...kinds].sort(), ['standard', 'diagonal'].flatMap((v) => all.map((k) => `${v} ${k}`)).sort());
  const outcomes = new Set(cases.map((c) => JSON.parse(c.trace).outcome).map((o) => o.verdict + (o.limit ? ` ${o.limit}` : '')));
  assert.deepEqual([...outcomes].sort(), ['capped nodes', 'capped steps', 'no_solution', 'solved']);
});

test('each trace has its own units, as many as its variant has', () => {
  const [a, b] = cases.filter((c) => JSON.parse(c.trace).variant === 'standard').map((c) => unpackTrace(arrays(c.packed)));
  const d = unpackTrace(arrays(cases.find((c) => JSON.parse(c.trace).variant === 'diagonal').packed));
  assert.deepEqual(a.units, b.units);
  assert.notEqual(a.units, b.units);
  assert.notEqual(a.units[0].boxes, b.units[0].boxes);
  a.units[0].boxes.push('Z9');
  assert.equal(b.units[0].boxes.length, 9, 'changing one trace\'s units changes no other');
  assert.equal(a.units.length, 27);
  assert.equal(d.units.length, 29);
  assert.throws(() => unpackTrace({ ...arrays(cases[0].packed), json: cases[0].trace.replace(/"steps":\[.*\],"outcome"/, '"steps":[],"outcome"') }), /holds units/);
});

test('packTrace packs as the wasm packs, number for number', () => {
  for (const c of cases) {
    const p = packTrace(JSON.parse(c.trace), JSON.parse(c.packed.kinds));
    assert.deepEqual(p, arrays(c.packed), c.name);
  }
});

test('a mis-encoded step is refused or shows in the trace', () => {
  const c = cases.find((x) => JSON.parse(x.trace).steps.some((s) => s.units && s.units.length));
  const ok = arrays(c.packed);
  const bad = (k, word, value) => {
    const steps = ok.steps.slice();
    steps[k * STEP_WORDS + word] = value;
    return { ...ok, steps };
  };
  assert.throws(() => unpackTrace(bad(0, 0, KINDS.strategies.length)), new RegExp(`step 0 of unknown kind ${KINDS.strategies.length}`));
  assert.throws(() => unpackTrace(bad(0, 0, 99)), /step 0 of unknown kind 99/);
  // A backtrack's and a stop's names come with the kinds: without them, the step is refused.
  for (const [kind, names] of [['backtrack', 'contradictions'], ['stop', 'rules']]) {
    const d = cases.find((x) => JSON.parse(x.trace).steps.some((s) => s.kind === kind));
    const unnamed = { ...arrays(d.packed), kinds: JSON.stringify({ ...KINDS, [names]: [] }) };
    assert.throws(() => unpackTrace(unnamed), /of unknown kind (6[6-9]|7[0-3])/, `${d.name} without ${names}`);
  }
  assert.throws(() => unpackTrace({ ...ok, kinds: JSON.stringify(KINDS.strategies) }), /kinds are not lists/);
  const withUnit = JSON.parse(c.trace).steps.findIndex((s) => s.units && s.units.length);
  const units = ok.evidenceUnits.slice();
  units[withUnit > 0 ? ok.unitEnds[withUnit - 1] : 0] = 27;
  assert.throws(() => unpackTrace({ ...ok, evidenceUnits: units }), /unit 27 of 27/);
  assert.throws(() => unpackTrace({ ...ok, unitEnds: ok.unitEnds.subarray(1) }), /evidence for other than/);
  const ends = ok.boxEnds.slice();
  ends[ends.length - 1] += 1;
  assert.throws(() => unpackTrace({ ...ok, boxEnds: ends }), /evidence boxes/);
  assert.throws(() => unpackTrace({ ...ok, steps: ok.steps.subarray(1) }), /steps for/);
  assert.throws(() => unpackTrace({ ...ok, json: JSON.stringify({ ...JSON.parse(ok.json), steps: [{}] }) }), /holds steps/);
  // Every word of a step is read, in every kind of step that uses it: changing one changes the trace.
  const read = new Set();
  for (const d of cases) {
    const p = arrays(d.packed);
    const n = p.ends.length;
    for (let word = 1; word < STEP_WORDS; word++) {
      const seen = new Set();
      for (let k = 0; k < n; k++) {
        const v = p.steps[k * STEP_WORDS + word];
        const kind = p.steps[k * STEP_WORDS];
        if (v === 0 || seen.has(kind)) continue;
        seen.add(kind);
        const steps = p.steps.slice();
        steps[k * STEP_WORDS + word] = v === 1 ? 2 : 1;
        assert.notEqual(traceJson(unpackTrace({ ...p, steps })), d.trace, `${d.name}: word ${word} of step ${k}`);
        read.add(word);
      }
    }
    // And every number of the evidence.
    for (const name of ['evidenceUnits', 'evidenceBoxes']) {
      if (!p[name].length) continue;
      const a = p[name].slice();
      a[a.length - 1] = a[a.length - 1] === 1 ? 2 : 1;
      assert.notEqual(traceJson(unpackTrace({ ...p, [name]: a })), d.trace, `${d.name}: ${name}`);
    }
  }
  // (A word is checked where the fixture holds it non-zero: the unit of the fixture's contradictions is row A, 0.)
  assert.deepEqual([...read].sort(), [1, 2, 3, 4, 5, 7, 8]);
});

test('the page\'s trace holds masks, and its JSON the documented strings', () => {
  const t = unpackTrace(packTrace(easy));
  assert.equal(typeof t.initial[0], 'number');
  const k = easy.steps.findIndex((s) => s.changes.length);
  assert.equal(t.steps[k].changes[0].before, pageForm(easy).steps[k].changes[0].before);
  assert.equal(typeof t.steps[k].digits, 'number');
  const json = JSON.parse(traceJson(t));
  assert.deepEqual(json.initial, easy.initial);
  assert.deepEqual(json.steps[k], easy.steps[k]);
});

test('a real trace packs and unpacks to the same JSON, key order included', () => {
  const p = packTrace(easy);
  assert.ok(isPacked(p));
  assert.ok(!isPacked(easy));
  assert.equal(p.ends.length, easy.steps.length);
  assert.equal(traceJson(unpackTrace(p)), JSON.stringify(easy));
  assert.equal(traceJson(unpackTrace(p, { lazy: true })), JSON.stringify(easy));
});

test('random traces (empty boxes and steps without changes too) round-trip', () => {
  for (const seed of [1, 2, 3]) {
    const t = randomTrace(500, seed);
    t.steps[3].changes = [];
    t.steps[4] = { kind: 'assign', node: 0, depth: 0, changes: t.steps[4].changes };
    assert.deepEqual(unpackTrace(packTrace(t)), pageForm(t));
  }
  const none = { ...easy, steps: [] };
  assert.deepEqual(unpackTrace(packTrace(none)), pageForm(none));
});

test('a lazy unpack makes a step\'s changes when asked, and all of them give the trace back', () => {
  const t = randomTrace(400, 5);
  t.steps[7].changes = [];
  const lazy = unpackTrace(packTrace(t), { lazy: true });
  assert.equal(lazy.steps.length, t.steps.length);
  assert.ok(lazy.steps.every((s) => s.changes.length === 0), 'no change made on arrival');
  const k = t.steps.findIndex((s) => s.changes.length > 2);
  assert.deepEqual(withChanges(lazy, k), pageForm(t).steps[k]);
  assert.equal(lazy.steps[k + 1].changes.length, 0, 'only the step asked for');
  assert.equal(withChanges(lazy, k), lazy.steps[k], 'the same step object, made once');
  assert.deepEqual(withChanges(lazy, 7).changes, []);
  assert.equal(traceJson(lazy), JSON.stringify(serdeOrder(t)), 'key order included');
  // A trace that was never packed is left as it is.
  assert.equal(withChanges(t, 3), t.steps[3]);
  assert.equal(withAllChanges(easy), easy);
});

test('a real trace unpacked lazily replays like the eager one', async () => {
  const { Replay } = await import('../../trace/replay.js');
  const p = packTrace(easy);
  const a = new Replay(unpackTrace(p, { lazy: true }));
  const b = new Replay(pageForm(easy));
  a.seek(a.length);
  b.seek(b.length);
  assert.deepEqual(a.final, b.final);
  assert.deepEqual(a.state, b.state);
});

test('a packed trace whose arrays do not fit its steps is refused', () => {
  const p = packTrace(easy);
  assert.throws(() => unpackTrace({ ...p, ends: p.ends.slice(1) }), /steps for/);
  assert.throws(() => unpackTrace({ ...p, boxes: new Uint8Array([...p.boxes, 0]) }), /changes/);
  assert.throws(() => unpackTrace({ ...p, boxes: new Uint8Array([...p.boxes, 0]) }, { lazy: true }), /changes/);
  const back = Uint32Array.from(p.ends);
  [back[1], back[2]] = [back[2], back[1]];
  if (back[1] !== back[2]) assert.throws(() => unpackTrace({ ...p, ends: back }, { lazy: true }), /go back/);
});

test('a replay over the packed arrays matches one over the changes, both ways', async () => {
  const { Replay } = await import('../../trace/replay.js');
  const t = randomTrace(700, 9);
  const unpacked = unpackTrace(packTrace(t));
  assert.ok(unpacked.packed, 'the arrays stay with the trace');
  assert.equal(JSON.stringify(unpacked).includes('"packed"'), false, 'but not in its JSON');
  const a = new Replay(unpacked, { checkpointEvery: 50 });
  const b = new Replay(pageForm(t), { checkpointEvery: 50 });
  for (const k of [0, 1, 699, 700, 351, 3, 650, 49, 50, 51, 0]) {
    assert.deepEqual(a.seek(k), b.seek(k));
    assert.deepEqual(a.state, b.state, `at ${k}`);
    a.backward();
    b.backward();
    assert.deepEqual(a.state, b.state, `before ${k}`);
    a.forward();
    b.forward();
  }
  assert.deepEqual(a.final, b.final);
});

test('a step\'s chain packs and unpacks: nodes, links, and only on the steps that have one', () => {
  const units = [{ name: 'row A', boxes: ['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8', 'A9'] }];
  const chain = {
    nodes: [{ box: 'A1', digit: 1 }, { box: 'A1', digit: 2 }, { box: 'A9', digit: 2 }, { box: 'A9', digit: 1 }],
    links: ['strong', 'weak', 'strong'],
  };
  const trace = {
    format: 3, variant: 'standard', strategies: ['k'], units, initial: Array(81).fill('123456789'),
    steps: [
      { kind: 'k', units: ['row A'], boxes: ['A1'], digits: '1', node: 0, depth: 0, changes: [{ box: 'A2', before: '123456789', after: '23456789' }] },
      { kind: 'k', units: [], boxes: ['A1', 'A9'], digits: '1', chain, node: 0, depth: 0, changes: [{ box: 'A3', before: '123456789', after: '23456789' }] },
    ],
    outcome: { verdict: 'capped', limit: 'steps', max: 2 },
    stats: {},
  };
  const packed = packTrace(trace, { strategies: ['k'], contradictions: [], rules: [] });
  assert.deepEqual([...packed.chainEnds], [0, 4]);
  // Box | digit << 8 | link << 12 (1 strong, 2 weak, 0 on the last node).
  assert.deepEqual([...packed.chainNodes], [0 | 1 << 8 | 1 << 12, 0 | 2 << 8 | 2 << 12, 8 | 2 << 8 | 1 << 12, 8 | 1 << 8]);
  const back = unpackTrace(packed);
  assert.equal(back.steps[0].chain, undefined);
  assert.deepEqual(back.steps[1].chain, chain);
  // Its JSON puts the chain after the digits, as serde_json does.
  const json = traceJson(back);
  assert.ok(json.includes('"digits":"1","chain":{"nodes":[{"box":"A1","digit":1},'), json);
  // A chain whose middle node has no link, or whose ends do not fit, is refused.
  const bad = { ...packed, chainNodes: Uint16Array.from(packed.chainNodes, (x, i) => (i === 1 ? x & 0xfff : x)) };
  assert.throws(() => unpackTrace(bad), /chain is not well formed/);
  assert.throws(() => unpackTrace({ ...packed, chainEnds: Uint32Array.from([0, 3]) }), /chain nodes/);
});

test('a chain\'s groups and loops pack and unpack (format 4)', () => {
  const units = [{ name: 'row A', boxes: ['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8', 'A9'] }];
  // B1=1 = {B4 B5}=1 – A6=1 = A2=1 – B1=1: a loop, its second node a group.
  const chain = {
    nodes: [{ box: 'B1', digit: 1 }, { boxes: ['B4', 'B5'], digit: 1 }, { box: 'A6', digit: 1 }, { box: 'A2', digit: 1 }],
    links: ['strong', 'weak', 'strong', 'weak'],
  };
  const trace = {
    format: 4, variant: 'standard', strategies: ['k'], units, initial: Array(81).fill('123456789'),
    steps: [{ kind: 'k', units: [], boxes: ['B1', 'A2'], digits: '1', chain, node: 0, depth: 0, changes: [{ box: 'C3', before: '123456789', after: '23456789' }] }],
    outcome: { verdict: 'capped', limit: 'steps', max: 1 },
    stats: {},
  };
  const packed = packTrace(trace, { strategies: ['k'], contradictions: [], rules: [] });
  // The group's second box follows its node's number, with bit 15; the loop's last node links.
  assert.deepEqual([...packed.chainNodes], [9 | 1 << 8 | 1 << 12, 12 | 1 << 8 | 2 << 12, 1 << 15 | 13, 5 | 1 << 8 | 1 << 12, 1 | 1 << 8 | 2 << 12]);
  const back = unpackTrace(packed);
  assert.deepEqual(back.steps[0].chain, chain);
  assert.ok(traceJson(back).includes('{"boxes":["B4","B5"],"digit":1}'));
  // A group's box with no node before it, or a ninth box, is refused; an almost locked set's
  // node holds up to 8 boxes.
  const lone = { ...packed, chainNodes: Uint16Array.from([1 << 15 | 13, ...packed.chainNodes.slice(1)]) };
  assert.throws(() => unpackTrace(lone), /chain is not well formed/);
  const more = (n) => {
    const words = [...packed.chainNodes];
    words.splice(3, 0, ...[14, 15, 16, 17, 3, 4, 6].slice(0, n).map((b) => 1 << 15 | b));
    return unpackTrace({ ...packed, chainNodes: Uint16Array.from(words), chainEnds: Uint32Array.from([words.length]) });
  };
  assert.deepEqual(more(6).steps[0].chain.nodes[1].boxes, ['B4', 'B5', 'B6', 'B7', 'B8', 'B9', 'A4', 'A5']);
  assert.throws(() => more(7), /chain is not well formed/);
});

test('a killer step\'s sum and combinations pack and unpack, back to its JSON', () => {
  const doc = {
    format: 4, variant: 'standard', strategies: ['cage_combinations'], units: [], initial: Array(81).fill('123456789'),
    steps: [{ kind: 'cage_combinations', units: [], boxes: ['A1', 'A2', 'A3', 'A4'], digits: '9', sum: 20, combinations: ['1289', '1379', '1469', '1478', '1568', '2369', '2378', '2459', '2468', '2567', '3458', '3467'], node: 0, depth: 0, changes: [{ box: 'A1', before: '123456789', after: '12345678' }] }],
    outcome: { verdict: 'unsolved' }, stats: {},
  };
  const trace = readTrace(doc, { strategies: ['cage_combinations'], contradictions: [], rules: [] });
  assert.equal(trace.steps[0].sum, 20);
  assert.equal(trace.steps[0].combinations.length, 12);
  assert.deepEqual(JSON.parse(traceJson(trace)).steps[0], doc.steps[0]);
});

test('a 45 rule step\'s cage total and side pack and unpack, back to its JSON', () => {
  for (const side of ['innies', 'outies']) {
    const doc = {
      format: 4, variant: 'standard', strategies: ['rule_of_45'], units: [], initial: Array(81).fill('123456789'),
      steps: [{ kind: 'rule_of_45', units: [], boxes: ['A4', 'D1'], digits: '789', sum: 7, combinations: ['16', '25', '34'], cage_total: 405, side, node: 0, depth: 0, changes: [{ box: 'A4', before: '123456789', after: '123456' }] }],
      outcome: { verdict: 'unsolved' }, stats: {},
    };
    const trace = readTrace(doc, { strategies: ['rule_of_45'], contradictions: [], rules: [] });
    assert.equal(trace.steps[0].sum, 7);
    assert.equal(trace.steps[0].cage_total, 405);
    assert.equal(trace.steps[0].side, side);
    assert.deepEqual(JSON.parse(traceJson(trace)).steps[0], doc.steps[0]);
  }
});
