// The engine's messages that a player meets (an illegal move, a paste that reads as no game), by
// the English the engine writes: each has a key `engine.<id>` in the catalogues (i18n.js's
// engineText). Fetched with a catalogue other than English (English needs no translation).

/** [id, pattern]: its groups are the key's {1}, {2}… (a group that is itself such a message is
 * translated too). @type {[string, RegExp][]} */
export const ENGINE_MESSAGES = [
  ['occupied', /^illegal move (\S+): the square is occupied$/],
  ['noFlip', /^illegal move (\S+): it flips no disc$/],
  ['mustPass', /^illegal move (\S+): the side to move has no legal move and must pass$/],
  ['cannotPass', /^cannot pass: legal moves exist \((.+)\)$/],
  ['gameOver', /^the game is over: neither side can move$/],
  ['notSquare', /^'(.*)' is not a square \(expected a1 … h8\)$/],
  ['transcriptSquare', /^transcript: '(.*)' at character (\d+) is not a square$/],
  ['transcriptIllegal', /^transcript: move (\d+) '(\S+)' at character (\d+) is illegal \((.+)\)$/],
  ['boardShort', /^board: only (\d+) squares given, 64 are needed \(X\/x\/\* black, O\/o white, -\/\. empty\)$/],
  ['boardSquare', /^board: (.+) at character (\d+) is not a square \(X\/x\/\* black, O\/o white, -\/\. empty\)$/],
  ['boardSide', /^board: the side to move \(X or O\) is missing after the 64 squares$/],
  ['boardBadSide', /^board: side to move '(.*)' at character (\d+) is not X or O$/],
  ['ggf', /^GGF, line (\d+), column (\d+): (.+)$/s],
  ['boardEmptyCentre', /^board: the centre square (\S+) is empty; in Othello the four centre squares are never empty$/],
];

