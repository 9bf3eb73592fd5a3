// The strategies as the page shows them, all made from the registry the worker hands over (the
// facade's `strategies()`: `{ id, label, description, caption, order, course }` in ladder order):
// the strategy checkboxes, the timeline's legend and colours, the statistics rows, and the
// words of the comparison's ladder. No other file of the page names a strategy, so one added to
// the core's registry appears here by itself.
//
// Colours go by position on the ladder: strategy k takes style.css's `--kind-K` (K = k modulo
// PALETTE_SIZE) and its text colour `--kind-K-ink`, both set per theme there.

/** How many colours style.css's palette has (`--kind-0` … `--kind-63`): one for every strategy a
 * `StrategySet` can hold (the core's MAX_STRATEGIES), so no two rungs ever share a colour. */
export const PALETTE_SIZE = 64;

/**
 * The kinds that are no strategy's, in the timeline's precedence after every strategy: where the
 * rounds stop, then the search's guess and backtrack (last). Each has a `--<kind>` colour in style.css.
 */
const SEARCH = ['stop', 'guess', 'backtrack'];

export class StrategyView {
  /** @param {{ id: string, label: string, description: string, order: number, course: boolean }[]} registry */
  constructor(registry) {
    this.list = [...registry].sort((a, b) => a.order - b.order);
    this.index = new Map(this.list.map((s, k) => [s.id, k]));
  }

  /** Every id in ladder order, and the set a link without `s=` means (the course's). */
  get known() {
    return { ids: this.list.map((s) => s.id), defaults: this.list.filter((s) => s.course).map((s) => s.id) };
  }

  /** A strategy's label, or the id itself for one the registry does not hold. */
  labelOf = (id) => {
    const k = this.index.get(id);
    return k === undefined ? id : this.list[k].label;
  };

  /** The palette entry of a step kind (`--kind-K`), or null for a kind that is no strategy. */
  colourVar(kind) {
    const k = this.index.get(kind);
    return k === undefined ? null : `--kind-${k % PALETTE_SIZE}`;
  }

  /**
   * The checkboxes, one per strategy in ladder order, into `fieldset` after its legend: each
   * `input[data-strategy="<id>"]` with value the id, id `strategy-<id with hyphens>` (the hook
   * scripts and links have used), checked when it is one of the course's, its description as a
   * tooltip.
   */
  buildCheckboxes(fieldset) {
    for (const old of fieldset.querySelectorAll('label.check')) old.remove();
    for (const s of this.list) {
      const label = document.createElement('label');
      label.className = 'check';
      label.title = s.description;
      const input = document.createElement('input');
      input.type = 'checkbox';
      input.id = `strategy-${s.id.replace(/_/g, '-')}`;
      input.value = s.id;
      input.dataset.strategy = s.id;
      input.defaultChecked = !!s.course;
      input.checked = !!s.course;
      label.append(input, ` ${s.label}`);
      fieldset.append(label);
    }
  }

  /** The legend's entries for the strategies, before the search's (already in `legend`). */
  buildLegend(legend) {
    const first = legend.firstElementChild;
    for (const s of this.list) {
      const item = document.createElement('span');
      item.className = 'legend-item';
      const swatch = document.createElement('i');
      swatch.dataset.kind = s.id;
      swatch.style.setProperty('--kind-colour', `var(${this.colourVar(s.id)})`);
      item.append(swatch, s.label.toLowerCase());
      legend.insertBefore(item, first);
    }
  }

  /** The statistics rows of the strategies' steps (`#stat-<id>`), before the search's in `dl`. */
  buildStats(dl) {
    const first = dl.firstElementChild;
    for (const s of this.list) {
      const row = document.createElement('div');
      const dt = document.createElement('dt');
      dt.textContent = `${s.label} steps`;
      const dd = document.createElement('dd');
      dd.id = `stat-${s.id}`;
      dd.textContent = '–';
      row.append(dt, dd);
      dl.insertBefore(row, first);
    }
  }

  /**
   * Colours a caption's badge for step kind `kind`: a strategy's palette entry, or none (style.css
   * colours the search's kinds and the verdicts by `data-kind`).
   */
  paintBadge(badge, kind) {
    const v = this.colourVar(kind);
    badge.classList.toggle('strategy', v !== null);
    if (v === null) return;
    badge.style.setProperty('--kind-colour', `var(${v})`);
    badge.style.setProperty('--kind-ink', `var(${v}-ink)`);
  }

  /**
   * The timeline's palette now (the theme's colours, read from style.css): each kind's colour,
   * and its precedence (the ladder's order, then stop, guess and backtrack).
   */
  palette(root = document.documentElement) {
    const css = getComputedStyle(root);
    const colour = new Map();
    const rank = new Map();
    this.list.forEach((s, k) => {
      colour.set(s.id, css.getPropertyValue(this.colourVar(s.id)).trim());
      rank.set(s.id, k);
    });
    SEARCH.forEach((kind, k) => {
      colour.set(kind, css.getPropertyValue(`--${kind}`).trim());
      rank.set(kind, this.list.length + k);
    });
    return { colour, rank };
  }
}
