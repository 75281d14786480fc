// What the lobby offers. The server decides what is legal; these are only the choices shown.

export const GAMES = {
  uppsala: { title: "Ausgerechnet Uppsala", family: "cross", variants: ["geo", "population"], seats: [2, 6] },
  buxtehude: {
    title: "Ausgerechnet Buxtehude",
    family: "cross",
    variants: ["geo", "population", "area"],
    seats: [2, 6],
  },
  italia: {
    title: "Uppsala: Città d'Italia",
    family: "cross",
    variants: ["geo", "population", "area", "altitude"],
    seats: [2, 6],
  },
  world: { title: "Map It! World Edition", family: "cross", variants: ["geo", "population"], seats: [2, 6] },
  undercover: {
    title: "Undercover in Europa",
    family: "undercover",
    variants: ["standard", "easy", "hard"],
    seats: [3, 6],
  },
};

export const LEVELS = ["random", "novice", "casual", "expert", "oracle"];

export const CLOCKS = [null, 30, 60, 120, 300];

export const SEAT_COLOURS = ["#d9412b", "#f0b923", "#2b2b2b", "#2f9a57", "#2f6fd0", "#f4f1ea"];
