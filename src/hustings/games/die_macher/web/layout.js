// Die Macher (classic)'s board layout: a schematic tile map of the sixteen German states designed for this project
// (a grid of tiles placed roughly where each state lies; no outline data), the party colours and letters, and the
// icon that stands for each issue. Keys are the game's own ids (names.state_codes, names.party_ids).

// [column, row, width] of each state's tile on a 5 x 5 grid, north at the top
export const TILES = {
  SH: [2, 0, 1], HB: [1, 1, 1], HH: [2, 1, 1], MV: [3, 1, 1],
  NW: [0, 2, 1], NI: [1, 2, 1], ST: [2, 2, 1], BB: [3, 2, 1], BE: [4, 2, 1],
  RP: [0, 3, 1], HE: [1, 3, 1], TH: [2, 3, 1], SN: [3, 3, 1],
  SL: [0, 4, 1], BW: [1, 4, 1], BY: [2, 4, 2],
};

// Okabe-Ito colours (told apart with the common colour-vision deficiencies), each with its letter and ink
export const PARTIES = {
  CDU: { fill: "#1f2328", ink: "#fff", letter: "C" },
  SPD: { fill: "#D55E00", ink: "#fff", letter: "S" },
  FDP: { fill: "#F0E442", ink: "#1f2328", letter: "F" },
  LINKE: { fill: "#CC79A7", ink: "#1f2328", letter: "L" },
  GRUENE: { fill: "#009E73", ink: "#fff", letter: "G" },
};

// issue (in the game's order: nuclear power, welfare state, spelling reform, euro, genetic engineering, health
// reform, internal security) -> an icon of the board kit
export const ISSUE_ICONS = ["atom", "people", "pen", "euro", "dna", "cross", "shield"];
