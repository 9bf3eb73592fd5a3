// The why panel (`#why`): for the box in focus at the step on screen, each digit it has lost so far
// with the step that removed it, in that step's caption (explain.js); each entry (`[data-step]`, a
// button) jumps there. Below, the history of the step jumped to: for each of its cause boxes, the
// step that made that box what it was (or "a given"), itself a button, so a learner walks the chain
// back to the givens; for a step with a chain, its nodes in the chain's order, each with the link
// that leads to it; for a forcing step, each branch from its premise, node by node as derived,
// each with what it follows from. Plain buttons in lists: the keyboard reaches each, a screen reader reads each
// whole, and the summary line is a polite live region.

import { BOXES, boxIndex } from '../trace/replay.js';
import { chainText, explainStep, listWords, literalText } from '../trace/explain.js';
import { withChanges } from '../trace/packed.js';
import { digitsText } from '../trace/digits.js';
import { boxAt, causeHistory, chainHistory, forcingHistory } from '../trace/why.js';

/** What a link to a node says, in words. */
const LINK_WORDS = {
  strong: 'strong link: at least one of the two is true',
  weak: 'weak link: at most one of the two is true',
};

export class WhyPanel {
  /**
   * @param {{ summary: HTMLElement, lost: HTMLElement, history: HTMLElement, historyHeading: HTMLElement,
   *           seek: (position: number) => void }} el
   *   `seek` moves the run's player to a position (a step number: the position after it).
   */
  constructor({ summary, lost, history, historyHeading, seek }) {
    this.el = { summary, lost, history, historyHeading };
    this.seek = seek;
    this.run = null;
    this.box = null;
    this.step = null; // the step (index) whose history is shown
    this.drawn = '';
    historyHeading.tabIndex = -1;
    for (const list of [lost, history]) {
      list.addEventListener('click', (ev) => {
        const b = ev.target.closest('button[data-step]');
        if (b) this.#jump(Number(b.dataset.step));
      });
    }
    this.#draw();
  }

  /** The run on screen changed (null: none). */
  setRun(run) {
    this.run = run;
    this.step = null;
    this.#draw();
  }

  /** The box in focus (an index 0..80). */
  select(box) {
    this.box = box;
    this.#draw();
  }

  /** The run's player moved: redrawn unless it is playing (drawn when it stops). */
  moved(playing) {
    if (!playing) this.#draw();
  }

  #jump(step) {
    const { lost, history, historyHeading } = this.el;
    const active = document.activeElement;
    const hadFocus = lost.contains(active) || history.contains(active);
    // The button's step number is the position after that step.
    this.step = step - 1;
    this.seek(step);
    this.#draw();
    // The lists were drawn again: focus goes on along the chain (its next link, or its heading).
    if (hadFocus) (history.querySelector('button') || historyHeading).focus();
  }

  #caption(k) {
    return explainStep(withChanges(this.run.trace, k), this.run.topo, this.run.registry);
  }

  #button(k, text) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'why-step';
    b.dataset.step = String(k + 1);
    b.textContent = text;
    return b;
  }

  /** Each lost digit with the step that removed it, a button to that step. */
  #listLost(gone) {
    for (const { digit, step } of gone) {
      const li = document.createElement('li');
      const h = this.#caption(step);
      li.append(this.#button(step, `${digit}: step ${step + 1}, ${h.caption}`));
      this.el.lost.append(li);
    }
  }

  /** The history of the step's chain: its nodes in order, each with its link and its box's last change. */
  #chainHistory(chain) {
    const run = this.run;
    const why = chainHistory(run.trace, run.replay.compiled, this.step, chain, boxIndex);
    for (const { box, digit, link, step, group } of why) {
      const li = document.createElement('li');
      const node = chainText({ nodes: [group.length ? { boxes: [box, ...group.map((g) => g.box)].map((b) => BOXES[b]), digit } : { box: BOXES[box], digit }], links: [] });
      const lead = link ? `${link === 'strong' ? '=' : '–'} ${node} (${LINK_WORDS[link]})` : `${node} (the chain's start)`;
      li.dataset.link = link || 'start';
      // Each box of the node (a group has 2 or 3, an almost locked set up to 8) with its last change.
      [{ box, step }, ...group].forEach((b, i) => {
        const head = i === 0 ? `${lead}: ` : '; ';
        if (b.step < 0) li.append(`${head}${BOXES[b.box]} is as given (${digitsText(run.trace.initial[b.box])})${i === group.length ? '.' : ''}`);
        else li.append(this.#button(b.step, `${head}${BOXES[b.box]} was last changed at step ${b.step + 1}: ${this.#caption(b.step).caption}`));
      });
      this.el.history.append(li);
    }
  }

  /** The history of a forcing step's branch `i`: its premise, then each node with what it follows from and its box's last change. */
  #forcingHistory(net, i, count) {
    const run = this.run;
    const why = forcingHistory(run.trace, run.replay.compiled, this.step, net, boxIndex);
    const words = why.map((n) => literalText({ box: BOXES[n.box], digit: n.digit, on: n.on }));
    const labelOf = (id) => (run.registry.find((s) => s.id === id) || { label: id }).label;
    why.forEach(({ box, link, by, parents, step }, j) => {
      const li = document.createElement('li');
      li.dataset.link = j === 0 ? 'start' : link || 'by';
      let lead;
      if (j === 0) lead = `${count > 1 ? `Branch ${i + 1}: ` : ''}${words[j]} (the premise): `;
      else if (by) lead = `⇒ ${words[j]} (by ${labelOf(by)}, on the branch's grid so far): `;
      else lead = `⇒ ${words[j]} (from ${listWords(parents.map((p) => words[p]))}: ${link === 'strong' ? 'the other places or digits are false, so it is true' : 'a true candidate excludes it, so it is false'}): `;
      if (step < 0) li.append(`${lead}${BOXES[box]} is as given (${digitsText(run.trace.initial[box])}).`);
      else li.append(this.#button(step, `${lead}${BOXES[box]} was last changed at step ${step + 1}: ${this.#caption(step).caption}`));
      this.el.history.append(li);
    });
  }

  #draw() {
    const { summary, lost, history, historyHeading } = this.el;
    const run = this.run;
    const position = run ? run.replay.position : 0;
    const key = `${run ? run.gen : '-'}:${position}:${this.box}:${this.step}`;
    if (key === this.drawn) return;
    this.drawn = key;
    lost.replaceChildren();
    history.replaceChildren();
    historyHeading.hidden = true;
    if (!run) {
      setText(summary, 'Solve or open a trace, then select a box (click it, or move with the arrow keys) to see why its candidates are gone.');
      return;
    }
    if (this.box === null) {
      setText(summary, 'Select a box (click it, or move with the arrow keys) to see why its candidates are gone.');
      return;
    }
    const name = BOXES[this.box];
    const { given, initial, now, gone } = boxAt(run.trace, run.replay.compiled, position, this.box);
    if (given && now === initial) {
      setText(summary, `${name} is a given: ${digitsText(initial)}.`);
    } else if (given) {
      // A given the learner's code changed (an `assign` step), or a contradiction emptied: the
      // board shows what it holds now, and the step that took the given away is listed.
      setText(summary, `${name} was given ${digitsText(initial)}; at step ${position} it holds ${now ? digitsText(now) : 'no candidate'}:`);
      this.#listLost(gone);
    } else if (!gone.length) {
      setText(summary, `${name} has lost no candidate by step ${position}.`);
    } else {
      setText(summary, `${name} at step ${position} has lost ${listWords(gone.map((g) => g.digit))}:`);
      this.#listLost(gone);
    }
    if (this.step === null || this.step >= run.trace.steps.length) return;
    const h = this.#caption(this.step);
    historyHeading.hidden = false;
    setText(historyHeading, `Why step ${this.step + 1} could happen`);
    if (h.chain) {
      // A forcing step's branches (a list of nets), one after the other; else the chain.
      if (Array.isArray(h.chain)) h.chain.forEach((net, i) => this.#forcingHistory(net, i, h.chain.length));
      else this.#chainHistory(h.chain);
      return;
    }
    const why = causeHistory(run.trace, run.replay.compiled, this.step, h.cause);
    if (!why.length) {
      const li = document.createElement('li');
      li.textContent = `Step ${this.step + 1} (${h.caption}) has no cause box to trace back.`;
      history.append(li);
      return;
    }
    for (const { box, step } of why) {
      const li = document.createElement('li');
      if (step < 0) {
        const given = digitsText(run.trace.initial[box]);
        li.textContent = `${BOXES[box]} was ${given.length === 1 ? `the given ${given}` : `as given (${given})`}.`;
      }
      else li.append(this.#button(step, `${BOXES[box]} was last changed at step ${step + 1}: ${this.#caption(step).caption}`));
      history.append(li);
    }
  }
}

function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}
