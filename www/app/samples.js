// Puzzles to pick from: the seed documents' examples, a few from puzzles/*.txt, and one of each
// variant as an ISS string (the Interactive Sudoku Solver's, the form the page keeps a variant
// in: crates/solver-wasm's `openPuzzle`). Each variant has exactly one solution, and is written
// as the page writes it (crates/solver-wasm/src/shared.rs's tests hold both).

export const SAMPLES = Object.freeze([
  { id: 'easy', name: 'Easy (the course’s first grid)', diagonal: false,
    puzzle: '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..' },
  { id: 'harder', name: 'Harder (needs search)', diagonal: false,
    puzzle: '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......' },
  { id: 'diagonal', name: 'Diagonal Sudoku (the course’s example)', diagonal: true,
    puzzle: '2.............62....1....7...6..8...3...9...7...6..4...4....8....52.............3' },
  { id: 'easy50-2', name: 'easy50.txt #2', diagonal: false,
    puzzle: '2...8.3...6..7..84.3.5..2.9...1.54.8.........4.27.6...3.1..7.4.72..4..6...4.1...3' },
  { id: 'top95-2', name: 'top95.txt #2', diagonal: false,
    puzzle: '52...6.........7.13...........4..8..6......5...........418.........3..2...87.....' },
  { id: 'hardest-1', name: 'hardest.txt #1', diagonal: false,
    puzzle: '85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.' },
  { id: '17-clue-1', name: '17 clues (17_clue_49158.txt #1)', diagonal: false,
    puzzle: '.................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...' },
  { id: 'norvig-impossible', name: 'No solution (Norvig’s, only search can refute it)', diagonal: false,
    puzzle: '.....5.8....6.1.43..........1.5........1.6...3.......553.....61........4.........' },
  { id: 'killer', name: 'Killer Sudoku (ISS’s example)', diagonal: false, puzzle: '.Cage~3~R1C1~R1C2.Cage~15~R1C3~R1C4~R1C5.Cage~25~R2C1~R2C2~R3C1~R3C2.Cage~17~R2C3~R2C4.Cage~9~R3C3~R3C4~R4C4.Cage~22~R1C6~R2C5~R2C6~R3C5.Cage~4~R1C7~R2C7.Cage~16~R1C8~R2C8.Cage~15~R1C9~R2C9~R3C9~R4C9.Cage~20~R3C7~R3C8~R4C7.Cage~8~R3C6~R4C6~R5C6.Cage~17~R4C5~R5C5~R6C5.Cage~20~R5C4~R6C4~R7C4.Cage~14~R4C2~R4C3.Cage~6~R4C1~R5C1.Cage~13~R5C2~R5C3~R6C2.Cage~6~R6C3~R7C2~R7C3.Cage~17~R4C8~R5C7~R5C8.Cage~27~R6C1~R7C1~R8C1~R9C1.Cage~8~R8C2~R9C2.Cage~16~R8C3~R9C3.Cage~10~R7C5~R8C4~R8C5~R9C4.Cage~12~R5C9~R6C9.Cage~6~R6C7~R6C8.Cage~20~R6C6~R7C6~R7C7.Cage~15~R8C6~R8C7.Cage~14~R7C8~R7C9~R8C8~R8C9.Cage~13~R9C5~R9C6~R9C7.Cage~17~R9C8~R9C9' },
  { id: 'jigsaw', name: 'Jigsaw Sudoku (ISS’s example)', diagonal: false, puzzle: '.NoBoxes.Jigsaw~000000012345505012345555112345511112344466212334666222334466667388887777888887777.~R1C1_3~R1C9_7~R2C1_1~R2C9_5~R3C5_6~R3C6_8~R4C3_5~R4C5_1~R4C6_9~R5C4_9~R6C9_2~R7C1_8~R7C6_3~R8C4_2~R8C5_3~R8C6_5~R8C9_1~R9C8_9' },
  { id: 'windoku', name: 'Windoku', diagonal: false, puzzle: '.Windoku.~R1C3_1~R1C7_5~R2C1_5~R2C9_6~R3C8_8~R4C6_5~R4C8_3~R5C3_5~R5C6_7~R6C3_7~R6C4_2~R6C6_1~R8C8_2~R8C9_9~R9C2_8~R9C5_6' },
  { id: 'anti-knight', name: 'Anti-knight Sudoku (ISS’s example)', diagonal: false, puzzle: '.AntiKnight.~R1C2_3~R1C5_4~R1C6_1~R1C9_7~R2C4_5~R3C4_8~R3C6_9~R4C1_6~R4C8_7~R5C9_4~R6C2_4~R7C1_3~R8C5_6~R8C8_5~R9C2_6~R9C3_4~R9C4_3' },
  { id: 'anti-king', name: 'Anti-king Sudoku', diagonal: false, puzzle: '.AntiKing.~R1C2_5~R1C3_2~R1C7_1~R2C2_3~R2C9_6~R4C4_4~R4C8_7~R5C3_6~R5C6_9~R5C7_2~R6C6_1~R7C4_1~R8C4_7~R8C8_2~R8C9_4~R9C2_2~R9C3_4~R9C5_6~R9C7_7~R9C9_5' },
  { id: 'display', name: 'Display layout (| - +)', diagonal: false,
    puzzle: [
      '. . 3 |. 2 . |6 . . ',
      '9 . . |3 . 5 |. . 1 ',
      '. . 1 |8 . 6 |4 . . ',
      '------+------+------',
      '. . 8 |1 . 2 |9 . . ',
      '7 . . |. . . |. . 8 ',
      '. . 6 |7 . 8 |2 . . ',
      '------+------+------',
      '. . 2 |6 . 9 |5 . . ',
      '8 . . |2 . 3 |. . 9 ',
      '. . 5 |. 1 . |3 . . ',
    ].join('\n') },
]);
