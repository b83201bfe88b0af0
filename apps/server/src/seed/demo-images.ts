/**
 * Pictures for the demo data, drawn as SVG and encoded to JPEG with sharp. Everything is
 * derived from the inputs (no randomness), so the same person always gets the same images.
 */
import sharp from "sharp";
import type { DemoSkill } from "./demo-people.js";

const FONT = "DejaVu Sans, sans-serif";
// Plain libjpeg-turbo: mozjpeg saves ~20% here but is ~5x slower, and these stay ~30 KB anyway.
const JPEG = { quality: 75 } as const;

export const AVATAR_SIZE = 256;
export const WORK_WIDTH = 1024;
export const WORK_HEIGHT = 640;
/** The motifs were drawn above a caption strip 96 px high: moved down by half of it, they sit in the middle. */
const MOTIF_SHIFT = 48;

/** Warm two-stop gradients for avatars. */
const AVATAR_GRADIENTS: readonly (readonly [string, string])[] = [
  ["#f97316", "#be185d"],
  ["#f59e0b", "#dc2626"],
  ["#fb7185", "#c2410c"],
  ["#e11d48", "#7e22ce"],
  ["#ea580c", "#92400e"],
  ["#f43f5e", "#d97706"],
  ["#d97706", "#9f1239"],
  ["#fb923c", "#a21caf"],
  ["#ef4444", "#b45309"],
  ["#f472b6", "#ea580c"],
];

interface Palette {
  bg1: string;
  bg2: string;
  accent: string;
  accent2: string;
  light: string;
  dark: string;
}

/** Calm, dark-friendly palettes for work images. */
const PALETTES: readonly Palette[] = [
  { bg1: "#0f3d3e", bg2: "#1f6f6b", accent: "#f2a65a", accent2: "#f7d08a", light: "#f4f1ea", dark: "#0b2526" },
  { bg1: "#1e1b4b", bg2: "#3f3a9c", accent: "#fda4af", accent2: "#fcd34d", light: "#f5f3ff", dark: "#14122f" },
  { bg1: "#14352a", bg2: "#2f6b4f", accent: "#e9c46a", accent2: "#f4a261", light: "#f1f5ee", dark: "#0c2019" },
  { bg1: "#3b1f3f", bg2: "#6d3b73", accent: "#9be3c4", accent2: "#f6c6a8", light: "#faf5f9", dark: "#241226" },
  { bg1: "#0b2545", bg2: "#1d4e89", accent: "#eebf63", accent2: "#8ecae6", light: "#f1f5f9", dark: "#07172b" },
  { bg1: "#5b2a20", bg2: "#a4553e", accent: "#f6e7cb", accent2: "#7fc8c8", light: "#fbf6ee", dark: "#341811" },
  { bg1: "#1f2937", bg2: "#3b4a5e", accent: "#7dd3fc", accent2: "#fbbf24", light: "#f3f4f6", dark: "#111827" },
  { bg1: "#2f3b24", bg2: "#5e7540", accent: "#f4b6c2", accent2: "#fef3c7", light: "#f7f7ef", dark: "#1b2314" },
];

/** Small deterministic pseudo-random generator (mulberry32). */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(list: readonly T[], index: number): T {
  return list[((index % list.length) + list.length) % list.length]!;
}

export function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

export function initialsOf(firstName: string, lastName: string): string {
  return `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase();
}

const round = (value: number) => Math.round(value * 10) / 10;

// ---------------------------------------------------------------------------------------
// Avatars

export function avatarSvg(firstName: string, lastName: string, index: number): string {
  const [from, to] = pick(AVATAR_GRADIENTS, index);
  const size = AVATAR_SIZE;
  const initials = escapeXml(initialsOf(firstName, lastName));
  const fontSize = initials.length > 1 ? 104 : 120;
  // Cap height of DejaVu Sans Bold is ~0.73em: centre the capitals optically.
  const baseline = round(size / 2 + fontSize * 0.365);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <defs>
    <linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/>
      <stop offset="1" stop-color="${to}"/>
    </linearGradient>
    <radialGradient id="shine" cx="0.25" cy="0.2" r="0.7">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.28"/>
      <stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="${size}" height="${size}" fill="url(#g)"/>
  <rect width="${size}" height="${size}" fill="url(#shine)"/>
  <circle cx="${size * 0.86}" cy="${size * 0.9}" r="${size * 0.32}" fill="#ffffff" fill-opacity="0.07"/>
  <text x="${size / 2 + 2}" y="${baseline + 3}" text-anchor="middle" font-family="${FONT}" font-weight="bold" font-size="${fontSize}" fill="#000000" fill-opacity="0.14">${initials}</text>
  <text x="${size / 2}" y="${baseline}" text-anchor="middle" font-family="${FONT}" font-weight="bold" font-size="${fontSize}" fill="#ffffff">${initials}</text>
</svg>`;
}

/** A 256x256 JPEG with the person's initials on a warm gradient. */
export async function renderAvatar(firstName: string, lastName: string, index: number): Promise<Buffer> {
  return sharp(Buffer.from(avatarSvg(firstName, lastName, index)))
    .jpeg(JPEG)
    .toBuffer();
}

// ---------------------------------------------------------------------------------------
// Work images (gallery and postings)

type Motif = (p: Palette, rnd: () => number) => string;

function gearPath(cx: number, cy: number, outer: number, inner: number, teeth: number): string {
  const points: string[] = [];
  const step = (Math.PI * 2) / teeth;
  for (let k = 0; k < teeth; k++) {
    const a = k * step;
    for (const [offset, radius] of [
      [-0.5, inner],
      [-0.28, outer],
      [0.28, outer],
      [0.5, inner],
    ] as const) {
      const angle = a + offset * step;
      points.push(`${round(cx + Math.cos(angle) * radius)},${round(cy + Math.sin(angle) * radius)}`);
    }
  }
  return `M${points.join("L")}Z`;
}

const shadow = (x: number, y: number, w: number, h: number, r: number) =>
  `<rect x="${x + 8}" y="${y + 12}" width="${w}" height="${h}" rx="${r}" fill="#000000" fill-opacity="0.22"/>`;

const MOTIFS: Record<DemoSkill, Motif> = {
  Writing(p, rnd) {
    const x = 352;
    const y = 92;
    let lines = "";
    let ly = y + 104;
    for (let i = 0; i < 10; i++) {
      if (i === 4) ly += 18;
      const w = i === 3 || i === 9 ? 110 + rnd() * 60 : 190 + rnd() * 58;
      lines += `<rect x="${x + 36}" y="${ly}" width="${round(w)}" height="10" rx="5" fill="#cbd2d9"/>`;
      ly += 26;
    }
    const paperTilt = round(-6 + rnd() * 8);
    const penTilt = round(24 + rnd() * 16);
    return `<g transform="rotate(${paperTilt} 512 300)">
      ${shadow(x, y, 320, 400, 14)}
      <rect x="${x}" y="${y}" width="320" height="400" rx="14" fill="${p.light}"/>
      <rect x="${x + 36}" y="${y + 44}" width="${round(150 + rnd() * 60)}" height="20" rx="10" fill="${p.bg2}"/>
      <rect x="${x + 36}" y="${y + 74}" width="90" height="8" rx="4" fill="${p.accent}"/>
      ${lines}
    </g>
    <g transform="rotate(${penTilt} 742 300)">
      <rect x="730" y="150" width="26" height="250" rx="8" fill="${p.accent}"/>
      <rect x="730" y="150" width="26" height="46" rx="8" fill="${p.accent2}"/>
      <path d="M730 398 L756 398 L743 436 Z" fill="${p.light}"/>
      <path d="M738 423 L748 423 L743 436 Z" fill="${p.dark}"/>
    </g>`;
  },

  Marketing(p, rnd) {
    const base = 432;
    let bars = "";
    const tops: string[] = [];
    for (let i = 0; i < 6; i++) {
      const h = round(60 + i * 34 + rnd() * 26);
      const x = 300 + i * 72;
      bars += `<rect x="${x}" y="${base - h}" width="46" height="${h}" rx="8" fill="${i % 2 ? p.accent : p.accent2}"/>`;
      tops.push(`${x + 23},${round(base - h - 26)}`);
    }
    const dots = tops
      .map((t) => {
        const [cx, cy] = t.split(",");
        return `<circle cx="${cx}" cy="${cy}" r="7" fill="${p.light}" stroke="${p.bg2}" stroke-width="4"/>`;
      })
      .join("");
    return `${shadow(252, 92, 520, 380, 22)}
      <rect x="252" y="92" width="520" height="380" rx="22" fill="${p.dark}" fill-opacity="0.72"/>
      <rect x="288" y="124" width="140" height="14" rx="7" fill="${p.light}" fill-opacity="0.85"/>
      <rect x="288" y="148" width="90" height="10" rx="5" fill="${p.light}" fill-opacity="0.35"/>
      <rect x="676" y="122" width="64" height="30" rx="15" fill="${p.accent}" fill-opacity="0.9"/>
      <path d="M696 142 L708 130 L720 142" stroke="${p.dark}" stroke-width="4" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
      <line x1="288" y1="${base + 1}" x2="736" y2="${base + 1}" stroke="${p.light}" stroke-opacity="0.4" stroke-width="2"/>
      ${bars}
      <polyline points="${tops.join(" ")}" fill="none" stroke="${p.light}" stroke-width="4" stroke-linejoin="round" stroke-linecap="round"/>
      ${dots}`;
  },

  SEO(p, rnd) {
    let results = "";
    for (let i = 0; i < 3; i++) {
      const y = 208 + i * 92;
      const highlight = i === 0;
      results += `<rect x="252" y="${y}" width="520" height="76" rx="14" fill="${p.light}" fill-opacity="${highlight ? 0.97 : 0.82}"/>
        ${highlight ? `<rect x="252" y="${y}" width="10" height="76" rx="5" fill="${p.accent}"/>` : ""}
        <rect x="284" y="${y + 16}" width="${round(170 + rnd() * 120)}" height="12" rx="6" fill="${p.bg2}"/>
        <rect x="284" y="${y + 38}" width="${round(300 + rnd() * 140)}" height="8" rx="4" fill="#b8c0c8"/>
        <rect x="284" y="${y + 54}" width="${round(200 + rnd() * 140)}" height="8" rx="4" fill="#b8c0c8"/>`;
    }
    return `${shadow(252, 104, 520, 68, 34)}
      <rect x="252" y="104" width="520" height="68" rx="34" fill="${p.light}"/>
      <circle cx="298" cy="136" r="15" fill="none" stroke="${p.accent}" stroke-width="5"/>
      <line x1="309" y1="147" x2="322" y2="160" stroke="${p.accent}" stroke-width="6" stroke-linecap="round"/>
      <rect x="344" y="130" width="${round(180 + rnd() * 120)}" height="12" rx="6" fill="#b8c0c8"/>
      <rect x="712" y="118" width="44" height="36" rx="18" fill="${p.bg2}"/>
      ${results}
      <path d="M800 470 L840 410 L870 432 L924 350" fill="none" stroke="${p.accent2}" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/>
      <path d="M898 346 L926 346 L926 374" fill="none" stroke="${p.accent2}" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/>`;
  },

  Software(p, rnd) {
    const indents = [0, 1, 2, 2, 1, 0, 0, 1, 2, 1, 0];
    const colours = [p.accent, p.accent2, "#94a3b8", "#c4b5fd", "#7dd3fc", "#86efac"];
    let code = "";
    indents.forEach((indent, i) => {
      const y = 162 + i * 27;
      code += `<rect x="236" y="${y}" width="${i >= 9 ? 20 : 12}" height="10" rx="3" fill="#475569"/>`;
      let x = 280 + indent * 34;
      const tokens = 1 + Math.floor(rnd() * 3);
      for (let t = 0; t < tokens; t++) {
        const w = round(36 + rnd() * 110);
        code += `<rect x="${x}" y="${y}" width="${w}" height="10" rx="5" fill="${colours[Math.floor(rnd() * colours.length)]}"/>`;
        x += w + 12;
      }
    });
    return `${shadow(212, 92, 600, 400, 16)}
      <rect x="212" y="92" width="600" height="400" rx="16" fill="#0f172a"/>
      <path d="M228 92 H796 A16 16 0 0 1 812 108 V132 H212 V108 A16 16 0 0 1 228 92 Z" fill="#1e293b"/>
      <circle cx="240" cy="112" r="7" fill="#ff5f57"/>
      <circle cx="262" cy="112" r="7" fill="#febc2e"/>
      <circle cx="284" cy="112" r="7" fill="#28c840"/>
      <rect x="430" y="106" width="164" height="12" rx="6" fill="#334155"/>
      ${code}
      <rect x="${round(300 + rnd() * 120)}" y="459" width="12" height="20" fill="${p.accent}"/>`;
  },

  Engineering(p, rnd) {
    const small = round(48 + rnd() * 14);
    return `<defs>
        <pattern id="grid" width="28" height="28" patternUnits="userSpaceOnUse">
          <path d="M28 0 H0 V28" fill="none" stroke="#ffffff" stroke-opacity="0.14" stroke-width="1"/>
        </pattern>
      </defs>
      ${shadow(232, 92, 560, 390, 18)}
      <rect x="232" y="92" width="560" height="390" rx="18" fill="${p.dark}"/>
      <rect x="232" y="92" width="560" height="390" rx="18" fill="url(#grid)"/>
      <path d="${gearPath(430, 282, 108, 86, 12)}" fill="none" stroke="${p.light}" stroke-width="4" stroke-linejoin="round"/>
      <circle cx="430" cy="282" r="34" fill="none" stroke="${p.light}" stroke-width="4"/>
      <circle cx="430" cy="282" r="8" fill="${p.light}"/>
      <path d="${gearPath(604, 200, small + 16, small, 9)}" fill="${p.accent}"/>
      <circle cx="604" cy="200" r="${round(small * 0.4)}" fill="${p.dark}"/>
      <rect x="560" y="330" width="170" height="96" rx="6" fill="none" stroke="${p.accent2}" stroke-width="3" stroke-dasharray="10 8"/>
      <line x1="322" y1="440" x2="538" y2="440" stroke="${p.accent2}" stroke-width="2"/>
      <line x1="322" y1="430" x2="322" y2="450" stroke="${p.accent2}" stroke-width="2"/>
      <line x1="538" y1="430" x2="538" y2="450" stroke="${p.accent2}" stroke-width="2"/>
      <line x1="756" y1="330" x2="756" y2="426" stroke="${p.accent2}" stroke-width="2"/>
      <line x1="746" y1="330" x2="766" y2="330" stroke="${p.accent2}" stroke-width="2"/>
      <line x1="746" y1="426" x2="766" y2="426" stroke="${p.accent2}" stroke-width="2"/>`;
  },

  AI(p, rnd) {
    const layers = [3, 5, 5, 2];
    const xs = [300, 440, 584, 724];
    const nodes = layers.map((count, l) => Array.from({ length: count }, (_, i) => ({ x: xs[l]!, y: round(286 + (i - (count - 1) / 2) * 72) })));
    let edges = "";
    for (let l = 0; l < nodes.length - 1; l++) {
      for (const a of nodes[l]!) {
        for (const b of nodes[l + 1]!) {
          const lit = rnd() < 0.22;
          edges += `<line x1="${a.x}" y1="${a.y}" x2="${b.x}" y2="${b.y}" stroke="${lit ? p.accent : p.light}" stroke-opacity="${lit ? 0.85 : 0.2}" stroke-width="${lit ? 3 : 2}"/>`;
        }
      }
    }
    const circles = nodes
      .flatMap((layer, l) =>
        layer.map(
          (n) =>
            `<circle cx="${n.x}" cy="${n.y}" r="${l === nodes.length - 1 ? 24 : 18}" fill="${l === nodes.length - 1 ? p.accent : p.light}" stroke="${l === 0 ? p.accent2 : p.accent}" stroke-width="4"/>`,
        ),
      )
      .join("");
    return `<defs>
        <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5">
          <stop offset="0" stop-color="${p.accent}" stop-opacity="0.35"/>
          <stop offset="1" stop-color="${p.accent}" stop-opacity="0"/>
        </radialGradient>
      </defs>
      <circle cx="512" cy="286" r="300" fill="url(#glow)"/>
      ${edges}${circles}`;
  },

  Technology(p, rnd) {
    let tiles = "";
    for (let i = 0; i < 3; i++) {
      const h = round(60 + rnd() * 50);
      tiles += `<rect x="${318 + i * 116}" y="${330 - h}" width="96" height="${h}" rx="8" fill="${i === 1 ? p.accent : p.bg2}"/>`;
    }
    return `${shadow(272, 112, 420, 270, 16)}
      <rect x="272" y="112" width="420" height="270" rx="16" fill="#111827" stroke="${p.light}" stroke-width="8"/>
      <rect x="296" y="138" width="372" height="34" rx="8" fill="${p.bg2}"/>
      <circle cx="318" cy="155" r="8" fill="${p.accent2}"/>
      <rect x="340" y="150" width="120" height="10" rx="5" fill="${p.light}" fill-opacity="0.7"/>
      ${tiles}
      <rect x="296" y="344" width="372" height="14" rx="7" fill="${p.light}" fill-opacity="0.25"/>
      <path d="M224 392 H740 L718 424 H246 Z" fill="${p.light}"/>
      <rect x="440" y="392" width="84" height="10" rx="5" fill="#cbd5e1"/>
      ${shadow(742, 214, 128, 236, 22)}
      <rect x="742" y="214" width="128" height="236" rx="22" fill="#111827" stroke="${p.light}" stroke-width="6"/>
      <rect x="762" y="244" width="88" height="56" rx="8" fill="${p.accent}"/>
      <rect x="762" y="312" width="88" height="12" rx="6" fill="${p.light}" fill-opacity="0.6"/>
      <rect x="762" y="334" width="60" height="12" rx="6" fill="${p.light}" fill-opacity="0.35"/>
      <rect x="762" y="364" width="88" height="48" rx="8" fill="${p.bg2}"/>
      <path d="M770 190 A50 50 0 0 1 842 190" fill="none" stroke="${p.accent2}" stroke-width="6" stroke-linecap="round"/>
      <path d="M752 168 A78 78 0 0 1 860 168" fill="none" stroke="${p.accent2}" stroke-opacity="0.6" stroke-width="6" stroke-linecap="round"/>`;
  },

  Events(p, rnd) {
    const highlighted = new Set<number>();
    while (highlighted.size < 3) highlighted.add(Math.floor(rnd() * 33));
    let cells = "";
    for (let row = 0; row < 5; row++) {
      for (let col = 0; col < 7; col++) {
        const n = row * 7 + col;
        const x = 300 + col * 64;
        const y = 208 + row * 52;
        const weekend = col >= 5;
        const fill = highlighted.has(n) ? (n % 2 ? p.accent : p.accent2) : weekend ? "#d5dbe2" : "#e8ecf1";
        cells += `<rect x="${x}" y="${y}" width="56" height="44" rx="8" fill="${fill}"/>`;
      }
    }
    let confetti = "";
    const spots = [
      [196, 150],
      [224, 420],
      [820, 132],
      [846, 380],
      [790, 470],
      [176, 300],
    ] as const;
    spots.forEach(([x, y], i) => {
      const colour = i % 2 ? p.accent : p.accent2;
      confetti +=
        i % 3 === 0
          ? `<circle cx="${x}" cy="${y}" r="${round(7 + rnd() * 6)}" fill="${colour}"/>`
          : `<rect x="${x}" y="${y}" width="18" height="8" rx="3" fill="${colour}" transform="rotate(${round(rnd() * 90 - 45)} ${x + 9} ${y + 4})"/>`;
    });
    return `${shadow(272, 96, 480, 396, 20)}
      <rect x="272" y="96" width="480" height="396" rx="20" fill="${p.light}"/>
      <path d="M292 96 H732 A20 20 0 0 1 752 116 V184 H272 V116 A20 20 0 0 1 292 96 Z" fill="${p.bg2}"/>
      <rect x="352" y="76" width="18" height="44" rx="9" fill="${p.dark}"/>
      <rect x="654" y="76" width="18" height="44" rx="9" fill="${p.dark}"/>
      <rect x="420" y="134" width="184" height="18" rx="9" fill="${p.light}" fill-opacity="0.85"/>
      ${cells}${confetti}`;
  },

  Beauty(p, rnd) {
    const ox = round(rnd() * 60 - 30);
    return `<defs>
        <filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="28"/></filter>
        <radialGradient id="mirror" cx="0.35" cy="0.3" r="0.8">
          <stop offset="0" stop-color="#ffffff"/>
          <stop offset="1" stop-color="${p.light}" stop-opacity="0.75"/>
        </radialGradient>
      </defs>
      <g filter="url(#soft)">
        <circle cx="${372 + ox}" cy="250" r="130" fill="${p.accent}" fill-opacity="0.75"/>
        <circle cx="${640 - ox}" cy="330" r="150" fill="${p.accent2}" fill-opacity="0.6"/>
        <circle cx="520" cy="170" r="90" fill="${p.light}" fill-opacity="0.35"/>
      </g>
      <circle cx="512" cy="286" r="150" fill="none" stroke="${p.light}" stroke-opacity="0.5" stroke-width="2"/>
      <circle cx="512" cy="286" r="112" fill="url(#mirror)" fill-opacity="0.9"/>
      <path d="M448 236 A80 80 0 0 1 520 198" fill="none" stroke="#ffffff" stroke-width="8" stroke-linecap="round"/>
      <circle cx="712" cy="168" r="36" fill="${p.light}" fill-opacity="0.25"/>
      <circle cx="300" cy="420" r="24" fill="${p.light}" fill-opacity="0.25"/>
      <path d="M726 380 l8 22 l22 8 l-22 8 l-8 22 l-8 -22 l-22 -8 l22 -8 Z" fill="${p.light}"/>
      <path d="M318 150 l5 14 l14 5 l-14 5 l-5 14 l-5 -14 l-14 -5 l14 -5 Z" fill="${p.light}" fill-opacity="0.85"/>`;
  },

  Wellness(p, rnd) {
    const leaf = (angle: number, fill: string) =>
      `<g transform="rotate(${angle} 512 420)">
        <path d="M512 420 Q592 300 512 150 Q432 300 512 420 Z" fill="${fill}"/>
        <path d="M512 410 L512 176" stroke="${p.dark}" stroke-opacity="0.35" stroke-width="3"/>
      </g>`;
    const tilt = round(rnd() * 8 - 4);
    return `<defs>
        <filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="32"/></filter>
      </defs>
      <g filter="url(#soft)">
        <circle cx="380" cy="230" r="140" fill="${p.accent2}" fill-opacity="0.55"/>
        <circle cx="660" cy="300" r="150" fill="${p.accent}" fill-opacity="0.5"/>
      </g>
      <circle cx="512" cy="300" r="190" fill="${p.light}" fill-opacity="0.1"/>
      <g transform="rotate(${tilt} 512 420)">
        ${leaf(-42, p.accent2)}${leaf(42, p.accent)}${leaf(0, p.light)}
      </g>
      <path d="M250 470 Q330 440 410 470 T570 470 T730 470 T890 470" fill="none" stroke="${p.light}" stroke-opacity="0.5" stroke-width="4" stroke-linecap="round"/>
      <path d="M190 500 Q270 470 350 500 T510 500 T670 500 T830 500" fill="none" stroke="${p.light}" stroke-opacity="0.25" stroke-width="4" stroke-linecap="round"/>`;
  },

  Others(p, rnd) {
    let rows = "";
    const checked = 2 + Math.floor(rnd() * 3);
    for (let i = 0; i < 5; i++) {
      const y = 170 + i * 60;
      const done = i < checked;
      rows += `<rect x="344" y="${y}" width="32" height="32" rx="8" fill="${done ? p.accent : "none"}" stroke="${done ? p.accent : "#9aa5b1"}" stroke-width="3"/>
        ${done ? `<path d="M351 ${y + 17} L358 ${y + 24} L370 ${y + 9}" fill="none" stroke="${p.dark}" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>` : ""}
        <rect x="396" y="${y + 10}" width="${round(160 + rnd() * 120)}" height="12" rx="6" fill="${done ? "#c3cbd3" : p.bg2}"/>`;
    }
    return `${shadow(312, 108, 400, 384, 20)}
      <rect x="312" y="108" width="400" height="384" rx="20" fill="${p.light}"/>
      <rect x="452" y="88" width="120" height="42" rx="12" fill="${p.bg2}"/>
      <circle cx="512" cy="100" r="7" fill="${p.light}"/>
      ${rows}
      <circle cx="786" cy="170" r="44" fill="${p.accent2}" fill-opacity="0.85"/>
      <path d="M766 170 L782 186 L808 156" fill="none" stroke="${p.dark}" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/>`;
  },
};

/**
 * A work picture: only shapes, no words. A caption drawn into the picture is cut off wherever
 * the picture is cropped (the gallery's thumbnails, a posting's slider); the pages show a
 * photo's title as text beside it instead. The motif sits in the middle of the canvas.
 */
export function workImageSvg(skill: DemoSkill, index: number): string {
  const palette = pick(PALETTES, index);
  const rnd = seeded(index * 7919 + skill.length * 104_729 + skill.charCodeAt(0));
  const motif = MOTIFS[skill](palette, rnd);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WORK_WIDTH}" height="${WORK_HEIGHT}" viewBox="0 0 ${WORK_WIDTH} ${WORK_HEIGHT}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${palette.bg1}"/>
      <stop offset="1" stop-color="${palette.bg2}"/>
    </linearGradient>
  </defs>
  <rect width="${WORK_WIDTH}" height="${WORK_HEIGHT}" fill="url(#bg)"/>
  <circle cx="${round(900 - rnd() * 80)}" cy="${round(60 + rnd() * 60)}" r="220" fill="${palette.light}" fill-opacity="0.05"/>
  <circle cx="${round(90 + rnd() * 80)}" cy="520" r="260" fill="${palette.dark}" fill-opacity="0.18"/>
  <g transform="translate(0 ${MOTIF_SHIFT})">${motif}</g>
</svg>`;
}

/** A 1024x640 JPEG: an abstract composition for the skill, without words. */
export async function renderWorkImage(skill: DemoSkill, index: number): Promise<Buffer> {
  return sharp(Buffer.from(workImageSvg(skill, index)))
    .jpeg(JPEG)
    .toBuffer();
}
