// Anti-knight ({ kind: 'anti-knight' }): nothing on the board; named in the rules line.

export const rule = 'Anti-knight: two boxes a chess knight’s move apart never hold the same digit.';

export function draw() {
  return [];
}
