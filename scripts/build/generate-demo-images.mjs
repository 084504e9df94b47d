// Writes the demo catalogue's small SVG images (cars by range and colour, supplier logos) into public/images.
// Every body is outlined in dark grey so that pale colours (silver, white) never read as a greyed-out, unavailable car.
// Run once after changing the shapes: node scripts/build/generate-demo-images.mjs
import { mkdirSync, writeFileSync } from "node:fs";

export const CAR_COLOURS = {
  red: "#c0392b",
  blue: "#2e6fba",
  silver: "#7d8793",
  black: "#2b2e33",
  white: "#f7f8fa",
  green: "#2f8f5b",
};
const wheel = (x, y, r = 9) =>
  `<circle cx="${x}" cy="${y}" r="${r}" fill="#1d1f22"/><circle cx="${x}" cy="${y}" r="${r / 2.4}" fill="#c9ced4"/>`;
const BODIES = {
  mini: (c) =>
    `<path d="M22 70l10-22c3-6 8-9 15-9h44c8 0 13 3 18 9l16 20 17 4c4 1 6 4 6 8v10H22z" fill="${c}"/><path d="M52 45h34l12 17H46z" fill="#cfe3f5"/>${wheel(50, 80)}${wheel(128, 80)}`,
  midi: (c) =>
    `<path d="M18 72l8-28c2-7 7-11 15-11h64c8 0 12 3 17 10l14 20 14 3c5 1 8 5 8 10v12H18z" fill="${c}"/><path d="M40 40h34v21H34zM80 40h26l13 21H80z" fill="#cfe3f5"/>${wheel(50, 82, 11)}${wheel(134, 82, 11)}`,
  maxi: (c) =>
    `<path d="M16 80V36c0-6 4-10 10-10h96c7 0 11 3 15 9l21 28c4 5 6 9 6 14v13H16z" fill="${c}"/><path d="M124 34h12l17 25h-29z" fill="#cfe3f5"/><path d="M28 38h86v18H28z" fill="#cfe3f5" opacity=".7"/>${wheel(48, 86, 11)}${wheel(138, 86, 11)}`,
  scooter: (c) =>
    `<path d="M60 76h52c6 0 8-8 4-12l-8-6H86l-6-30h-9l7 34H64z" fill="${c}"/><path d="M72 24h16v5H72z" fill="#1d1f22"/>${wheel(62, 82, 12)}${wheel(124, 82, 12)}`,
  bus: (c) =>
    `<path d="M14 82V30c0-6 4-10 10-10h132c6 0 10 4 10 10v52z" fill="${c}"/><path d="M22 30h26v22H22zM54 30h26v22H54zM86 30h26v22H86zM118 30h40v22h-40z" fill="#cfe3f5"/>${wheel(46, 86, 11)}${wheel(140, 86, 11)}`,
  truck: (c) =>
    `<path d="M12 80V24h102v56z" fill="#e8eaed" stroke="${c}" stroke-width="4"/><path d="M118 80V44h26l18 20v16z" fill="${c}"/><path d="M124 48h18l12 14h-30z" fill="#cfe3f5"/>${wheel(40, 86, 11)}${wheel(140, 86, 11)}`,
  caravan: (c) =>
    `<path d="M20 78V38c0-10 8-16 18-16h100c12 0 20 8 20 20v36z" fill="#f4f5f6" stroke="${c}" stroke-width="4"/><path d="M36 40h30v16H36zM110 40h30v16h-30z" fill="#cfe3f5"/><path d="M76 40h24v38H76z" fill="${c}"/><path d="M158 70h14" stroke="#1d1f22" stroke-width="4"/>${wheel(92, 84, 11)}`,
};

export const SUPPLIER_LOGOS = {
  "carthage-cars": ["CC", "#7b2d26"],
  "atlas-rent": ["AR", "#1f5f8b"],
  "azur-mobility": ["AZ", "#0077b6"],
  "iberia-drive": ["ID", "#b5651d"],
  "medina-motors": ["MM", "#2d6a4f"],
  eurofleet: ["EF", "#3d3d8f"],
};

mkdirSync("public/images/cars", { recursive: true });
mkdirSync("public/images/suppliers", { recursive: true });
for (const [range, body] of Object.entries(BODIES)) {
  for (const [name, colour] of Object.entries(CAR_COLOURS)) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 180 100" width="180" height="100"><rect width="180" height="100" fill="#eef0f2"/><ellipse cx="92" cy="94" rx="78" ry="5" fill="#c3c9d0"/><g stroke="#2b3036" stroke-width="2" stroke-linejoin="round">${body(colour)}</g></svg>\n`;
    writeFileSync(`public/images/cars/${range}-${name}.svg`, svg);
  }
}
for (const [slug, [initials, colour]] of Object.entries(SUPPLIER_LOGOS)) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 60 30" width="60" height="30"><rect width="60" height="30" rx="6" fill="${colour}"/><text x="30" y="20" font-family="Arial,sans-serif" font-size="14" font-weight="700" fill="#fff" text-anchor="middle">${initials}</text></svg>\n`;
  writeFileSync(`public/images/suppliers/${slug}.svg`, svg);
}
