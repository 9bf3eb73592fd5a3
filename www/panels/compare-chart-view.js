// The strategy comparison drawn in `#compare-chart`: one group per strategy set
// (`[data-strategies="<id>,<id>"][data-nodes="1"]`, hooks for scripts and tests),
// each with a bar per metric on one log scale, labelled with its exact count.
// Bars are DOM boxes sized through CSSOM (allowed by the page's CSP, unlike style attributes).

/**
 * @param {HTMLElement} root the `#compare-chart` element
 * @param {ReturnType<import('./compare-chart.js').chartModel> | null} model null clears the chart
 */
export function drawCompareChart(root, model) {
  root.replaceChildren();
  if (!model) {
    root.hidden = true;
    return;
  }
  root.hidden = false;
  const scale = document.createElement('div');
  scale.className = 'cmp-scale';
  scale.setAttribute('aria-hidden', 'true');
  for (const t of model.ticks) {
    const tick = document.createElement('span');
    tick.className = 'cmp-tick';
    tick.style.left = `${(t.fraction * 100).toFixed(2)}%`;
    tick.textContent = t.text;
    scale.append(tick);
  }
  const scaleRow = document.createElement('div');
  scaleRow.className = 'cmp-bar cmp-scale-row';
  const pad = document.createElement('span');
  pad.className = 'cmp-metric';
  pad.textContent = 'log scale';
  scaleRow.append(pad, scale);
  root.append(scaleRow);

  for (const s of model.sets) {
    const group = document.createElement('div');
    group.className = 'cmp-set';
    group.dataset.strategies = s.key;
    group.dataset.nodes = String(s.values.nodes);
    group.dataset.guesses = String(s.values.guesses);
    group.dataset.steps = String(s.values.steps);
    group.dataset.verdict = s.verdict;
    group.setAttribute('role', 'group');
    group.classList.toggle('current', s.current);
    const name = document.createElement('div');
    name.className = 'cmp-name';
    name.id = `cmp-name-${s.key.replace(/,/g, '-') || 'none'}`;
    name.textContent = s.label;
    if (s.current) {
      const mine = document.createElement('span');
      mine.className = 'cmp-mine';
      mine.textContent = 'your settings';
      name.append(' ', mine);
    }
    group.setAttribute('aria-labelledby', name.id);
    group.append(name);
    for (const b of s.bars) {
      const row = document.createElement('div');
      row.className = 'cmp-bar';
      row.dataset.metric = b.metric;
      const label = document.createElement('span');
      label.className = 'cmp-metric';
      label.textContent = b.label;
      const track = document.createElement('span');
      track.className = 'cmp-track';
      const fill = document.createElement('span');
      fill.className = 'cmp-fill';
      fill.classList.toggle('capped', b.capped);
      fill.style.width = `${(b.fraction * 100).toFixed(2)}%`;
      const value = document.createElement('span');
      value.className = 'cmp-value';
      value.textContent = b.text;
      track.append(fill);
      row.append(label, track, value);
      group.append(row);
    }
    if (s.note) {
      const note = document.createElement('div');
      note.className = 'cmp-note';
      note.textContent = s.note;
      group.append(note);
    }
    root.append(group);
  }
}
