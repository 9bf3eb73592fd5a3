// Anti-king ({ kind: 'anti-king' }): nothing on the board; named in the rules line.

export const rule = 'Anti-king: two boxes a chess king’s move apart (touching, diagonally too) never hold the same digit.';

export function draw() {
  return [];
}
