/**
 * make-assets.ts — generates the web app's static assets into apps/web/public/.
 *
 * Every asset written here (hero.jpg, noavatar.jpg, favicon.svg, the music loop loop.mp3)
 * is ORIGINAL work: drawn as SVG or synthesised sample by sample by this script,
 * with no third-party images, fonts, samples or recordings. The output is
 * therefore royalty-free and may be regenerated at any time.
 *
 * Output is deterministic (seeded PRNG only). Run from the repo root:
 *   npx tsx scripts/make-assets.ts
 */
import { writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { seeded } from "../apps/server/src/seed/demo-images.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const PUBLIC_DIR = join(ROOT, "apps", "web", "public");

const f1 = (n: number): string => n.toFixed(1);

// ---------------------------------------------------------------------------
// Hero illustration (768x432)
// ---------------------------------------------------------------------------

/** Five-pointed star path centred on (cx, cy). */
function starPath(cx: number, cy: number, outer: number, inner: number): string {
  const pts: string[] = [];
  for (let i = 0; i < 10; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    pts.push(`${f1(cx + r * Math.cos(a))},${f1(cy + r * Math.sin(a))}`);
  }
  return `M${pts.join("L")}Z`;
}

/** Philippine-flag style sun: disc plus eight triple-ray bundles. */
function sunMotif(cx: number, cy: number, r: number): string {
  const rays: string[] = [];
  for (let i = 0; i < 8; i++) {
    const base = (i * Math.PI) / 4;
    for (const off of [-0.13, 0, 0.13]) {
      const a = base + off;
      const len = off === 0 ? r * 2.25 : r * 1.85;
      const w = off === 0 ? 0.05 : 0.035;
      const p1 = [cx + r * 1.25 * Math.cos(a - w), cy + r * 1.25 * Math.sin(a - w)];
      const p2 = [cx + len * Math.cos(a), cy + len * Math.sin(a)];
      const p3 = [cx + r * 1.25 * Math.cos(a + w), cy + r * 1.25 * Math.sin(a + w)];
      rays.push(`M${f1(p1[0]!)},${f1(p1[1]!)}L${f1(p2[0]!)},${f1(p2[1]!)}L${f1(p3[0]!)},${f1(p3[1]!)}Z`);
    }
  }
  return `
    <g>
      <circle cx="${cx}" cy="${cy}" r="${r * 3.4}" fill="url(#sunHalo)"/>
      <path d="${rays.join("")}" fill="#fcd34d" opacity="0.55"/>
      <circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#sunDisc)" opacity="0.85"/>
    </g>`;
}

/** Peso sign drawn as geometry (no font needed). */
function pesoGlyph(cx: number, cy: number, s: number, fill: string): string {
  // Stem + bowl of a "P", plus two horizontal bars.
  const x0 = cx - 0.42 * s;
  const top = cy - 0.62 * s;
  const bottom = cy + 0.62 * s;
  const stem = 0.2 * s;
  const bowlR = 0.36 * s;
  const bowlCy = top + bowlR;
  const bx = x0 + stem;
  const bowl = `M${f1(x0)},${f1(top)}H${f1(bx + 0.2 * s)}A${f1(bowlR)},${f1(bowlR)} 0 0 1 ${f1(bx + 0.2 * s)},${f1(top + 2 * bowlR)}H${f1(bx)}V${f1(bottom)}H${f1(x0)}Z M${f1(bx)},${f1(top + 0.17 * s)}V${f1(top + 2 * bowlR - 0.17 * s)}H${f1(bx + 0.2 * s)}A${f1(bowlR - 0.17 * s)},${f1(bowlR - 0.17 * s)} 0 0 0 ${f1(bx + 0.2 * s)},${f1(top + 0.17 * s)}Z`;
  const barH = 0.09 * s;
  const barX = x0 - 0.16 * s;
  const barW = 0.98 * s;
  const bars = `<rect x="${f1(barX)}" y="${f1(bowlCy - 0.2 * s - barH / 2)}" width="${f1(barW)}" height="${f1(barH)}" rx="${f1(barH / 2)}"/><rect x="${f1(barX)}" y="${f1(bowlCy + 0.02 * s - barH / 2)}" width="${f1(barW)}" height="${f1(barH)}" rx="${f1(barH / 2)}"/>`;
  return `<g fill="${fill}"><path d="${bowl}" fill-rule="evenodd"/>${bars}</g>`;
}

/** Coconut palm silhouette rooted at (x, y); dir flips/scales the lean. */
function palm(x: number, y: number, dir: number): string {
  const k = Math.abs(dir);
  const sx = Math.sign(dir);
  const topX = x - sx * 34 * k;
  const topY = y - 150 * k;
  const trunk = `M${f1(x - 5 * k)},${f1(y)} C${f1(x - sx * 6 * k)},${f1(y - 70 * k)} ${f1(topX + sx * 14 * k)},${f1(topY + 50 * k)} ${f1(topX - 2)},${f1(topY)} L${f1(topX + 3)},${f1(topY + 2)} C${f1(topX + sx * 20 * k)},${f1(topY + 52 * k)} ${f1(x + sx * 4 * k)},${f1(y - 70 * k)} ${f1(x + 6 * k)},${f1(y)} Z`;
  const fronds: string[] = [];
  const angles = [-175, -150, -125, -100, -72, -45, -18, 12, 165];
  for (const deg of angles) {
    const a = (deg * Math.PI) / 180;
    const len = (62 + 14 * Math.cos(a * 3)) * k;
    const droop = 26 * k;
    const ex = topX + Math.cos(a) * len;
    const ey = topY + Math.sin(a) * len * 0.55 + droop;
    const mx = topX + Math.cos(a) * len * 0.5;
    const my = topY + Math.sin(a) * len * 0.5 - 8 * k;
    const nx = -Math.sin(a) * 13 * k;
    const ny = Math.cos(a) * 13 * k;
    fronds.push(
      `M${f1(topX)},${f1(topY)} Q${f1(mx + nx)},${f1(my + ny)} ${f1(ex)},${f1(ey)} Q${f1(mx - nx * 0.35)},${f1(my - ny * 0.35 + 4 * k)} ${f1(topX)},${f1(topY)} Z`,
    );
  }
  return `<g fill="#050d18"><path d="${trunk}"/><path d="${fronds.join("")}"/></g>`;
}

function heroSvg(): string {
  const W = 768;
  const H = 432;
  const rng = seeded(20240611);

  // Starfield: denser and brighter to the right, faint behind the heading area.
  const stars: string[] = [];
  for (let i = 0; i < 150; i++) {
    const x = rng() * W;
    const y = rng() * H * 0.62;
    const size = rng();
    const calm = x < W * 0.55 && y > 90 && y < 300 ? 0.5 : 1;
    const op = (0.15 + 0.55 * rng() * (x / W + 0.3)) * calm;
    const r = size > 0.96 ? 1.5 : size > 0.8 ? 1.0 : 0.6;
    stars.push(`<circle cx="${f1(x)}" cy="${f1(y)}" r="${r}" fill="#e0f2fe" opacity="${op.toFixed(2)}"/>`);
  }

  // Distant skyline silhouettes (two layers) for depth.
  const skyline = (baseY: number, minH: number, maxH: number, seed: number, fill: string, op: number): string => {
    const r2 = seeded(seed);
    let d = `M0,${H}L0,${baseY}`;
    let x = 0;
    while (x < W) {
      const w = 14 + r2() * 34;
      const h = minH + r2() * (maxH - minH);
      d += `L${f1(x)},${f1(baseY - h)}L${f1(x + w)},${f1(baseY - h)}`;
      x += w;
    }
    d += `L${W},${baseY}L${W},${H}Z`;
    return `<path d="${d}" fill="${fill}" opacity="${op}"/>`;
  };

  // Lit windows in the near skyline (right side only, sparse).
  const windows: string[] = [];
  const rw = seeded(77);
  for (let i = 0; i < 60; i++) {
    const x = W * 0.45 + rw() * W * 0.55;
    const y = 318 + rw() * 34;
    if (rw() < 0.55) continue;
    windows.push(`<rect x="${f1(x)}" y="${f1(y)}" width="2.2" height="3" fill="#fde68a" opacity="${(0.25 + rw() * 0.45).toFixed(2)}"/>`);
  }

  // Calendar grid (5 x 4 day cells).
  const cal: string[] = [];
  const calX = 604;
  const calY = 74;
  for (let r = 0; r < 4; r++) {
    for (let c = 0; c < 5; c++) {
      const x = calX + 12 + c * 17;
      const y = calY + 34 + r * 15;
      const hi = r === 1 && c === 3;
      const done = (r === 0 && c < 4) || (r === 1 && c < 2);
      cal.push(
        `<rect x="${x}" y="${y}" width="12" height="10" rx="2.5" fill="${hi ? "#14b8a6" : done ? "#334155" : "#1e293b"}" ${hi ? "" : 'stroke="#475569" stroke-width="0.6"'}/>`,
      );
      if (done)
        cal.push(
          `<path d="M${x + 3},${y + 5}l2.3,2.2l4,-4.2" stroke="#5eead4" stroke-width="1.3" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`,
        );
    }
  }

  // Laptop screen UI: abstract blocks (no text).
  const lx = 470; // screen left
  const ly = 214; // screen top
  const lw = 196;
  const lh = 122;

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0.35" y2="1">
      <stop offset="0" stop-color="#070b1f"/>
      <stop offset="0.45" stop-color="#111a45"/>
      <stop offset="0.8" stop-color="#0d3340"/>
      <stop offset="1" stop-color="#0a2a30"/>
    </linearGradient>
    <radialGradient id="glowTeal" cx="0.74" cy="0.62" r="0.55">
      <stop offset="0" stop-color="#14b8a6" stop-opacity="0.42"/>
      <stop offset="0.45" stop-color="#0e7490" stop-opacity="0.16"/>
      <stop offset="1" stop-color="#0e7490" stop-opacity="0"/>
    </radialGradient>
    <radialGradient id="glowViolet" cx="0.9" cy="0.05" r="0.5">
      <stop offset="0" stop-color="#6d28d9" stop-opacity="0.30"/>
      <stop offset="1" stop-color="#6d28d9" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="leftShade" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#040714" stop-opacity="0.55"/>
      <stop offset="0.4" stop-color="#040714" stop-opacity="0.32"/>
      <stop offset="0.6" stop-color="#040714" stop-opacity="0"/>
    </linearGradient>
    <radialGradient id="sunHalo" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="#fbbf24" stop-opacity="0.30"/>
      <stop offset="0.5" stop-color="#f59e0b" stop-opacity="0.08"/>
      <stop offset="1" stop-color="#f59e0b" stop-opacity="0"/>
    </radialGradient>
    <radialGradient id="sunDisc" cx="0.4" cy="0.35" r="0.7">
      <stop offset="0" stop-color="#fef3c7"/>
      <stop offset="1" stop-color="#fbbf24"/>
    </radialGradient>
    <linearGradient id="desk" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#1f2a44"/>
      <stop offset="0.08" stop-color="#141c33"/>
      <stop offset="1" stop-color="#080c1c"/>
    </linearGradient>
    <linearGradient id="screen" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#0f3b4a"/>
      <stop offset="1" stop-color="#0b2233"/>
    </linearGradient>
    <linearGradient id="lapBody" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#475569"/>
      <stop offset="1" stop-color="#1e293b"/>
    </linearGradient>
    <radialGradient id="screenSpill" cx="0.5" cy="0" r="0.9">
      <stop offset="0" stop-color="#2dd4bf" stop-opacity="0.35"/>
      <stop offset="1" stop-color="#2dd4bf" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="glass" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.16"/>
      <stop offset="1" stop-color="#ffffff" stop-opacity="0.05"/>
    </linearGradient>
    <linearGradient id="bubbleTeal" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#2dd4bf"/>
      <stop offset="1" stop-color="#0d9488"/>
    </linearGradient>
    <radialGradient id="coin" cx="0.35" cy="0.3" r="0.8">
      <stop offset="0" stop-color="#fef08a"/>
      <stop offset="0.55" stop-color="#f59e0b"/>
      <stop offset="1" stop-color="#b45309"/>
    </radialGradient>
    <linearGradient id="mug" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#0f766e"/>
      <stop offset="0.5" stop-color="#14b8a6"/>
      <stop offset="1" stop-color="#0f766e"/>
    </linearGradient>
    <filter id="blur6" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="6"/></filter>
    <filter id="blur2" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="2"/></filter>
    <filter id="shadow" x="-30%" y="-30%" width="160%" height="180%">
      <feGaussianBlur in="SourceAlpha" stdDeviation="5"/>
      <feOffset dy="5" result="b"/>
      <feComponentTransfer><feFuncA type="linear" slope="0.55"/></feComponentTransfer>
      <feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge>
    </filter>
  </defs>

  <!-- Sky -->
  <rect width="${W}" height="${H}" fill="url(#sky)"/>
  <rect width="${W}" height="${H}" fill="url(#glowViolet)"/>
  <rect width="${W}" height="${H}" fill="url(#glowTeal)"/>
  ${stars.join("")}

  <!-- Philippine sun and three stars, softly placed in the upper right -->
  ${sunMotif(700, 54, 15)}
  <path d="${starPath(520, 38, 5.5, 2.3)}" fill="#fde68a" opacity="0.75"/>
  <path d="${starPath(566, 120, 4.5, 1.9)}" fill="#fde68a" opacity="0.6"/>
  <path d="${starPath(742, 150, 4.5, 1.9)}" fill="#fde68a" opacity="0.6"/>

  <!-- Horizon glow and soft hills -->
  <ellipse cx="${W * 0.62}" cy="352" rx="${W * 0.62}" ry="70" fill="#14b8a6" opacity="0.10" filter="url(#blur6)"/>
  <path d="M0,318 C120,292 230,300 330,312 C430,324 520,286 640,290 C700,292 740,300 768,306 L768,360 L0,360 Z" fill="#0c2536" opacity="0.85"/>
  ${palm(744, 352, 1)}
  ${palm(18, 356, -0.8)}

  <!-- Skyline -->
  ${skyline(360, 20, 70, 11, "#0b2230", 0.9)}
  ${skyline(366, 8, 40, 23, "#07141f", 1)}
  ${windows.join("")}

  <!-- Desk -->
  <path d="M0,352 L${W},346 L${W},${H} L0,${H} Z" fill="url(#desk)"/>
  <path d="M0,352 L${W},346" stroke="#334155" stroke-width="1.2" opacity="0.8"/>
  <ellipse cx="568" cy="356" rx="170" ry="16" fill="url(#screenSpill)"/>

  <!-- Laptop -->
  <g filter="url(#shadow)">
    <rect x="${lx - 8}" y="${ly - 8}" width="${lw + 16}" height="${lh + 14}" rx="9" fill="url(#lapBody)"/>
    <rect x="${lx}" y="${ly}" width="${lw}" height="${lh}" rx="4" fill="url(#screen)"/>
    <path d="M${lx - 34},${ly + lh + 6} H${lx + lw + 34} L${lx + lw + 22},${ly + lh + 18} H${lx - 22} Z" fill="#334155"/>
    <path d="M${lx - 34},${ly + lh + 6} H${lx + lw + 34}" stroke="#94a3b8" stroke-width="1.5" opacity="0.7"/>
    <rect x="${lx + lw / 2 - 18}" y="${ly + lh + 6}" width="36" height="3" rx="1.5" fill="#1e293b"/>
  </g>
  <!-- Screen UI: sidebar, avatar cards, progress chart -->
  <g>
    <rect x="${lx + 8}" y="${ly + 9}" width="34" height="${lh - 18}" rx="4" fill="#0f172a" opacity="0.75"/>
    <circle cx="${lx + 25}" cy="${ly + 24}" r="7" fill="#14b8a6" opacity="0.9"/>
    <rect x="${lx + 15}" y="${ly + 40}" width="20" height="3" rx="1.5" fill="#64748b"/>
    <rect x="${lx + 15}" y="${ly + 50}" width="20" height="3" rx="1.5" fill="#475569"/>
    <rect x="${lx + 15}" y="${ly + 60}" width="20" height="3" rx="1.5" fill="#475569"/>
    <rect x="${lx + 15}" y="${ly + 70}" width="14" height="3" rx="1.5" fill="#475569"/>
    ${[0, 1, 2]
      .map((i) => {
        const cx = lx + 52 + i * 46;
        return `<rect x="${cx}" y="${ly + 9}" width="40" height="50" rx="5" fill="#13293d" stroke="#1f4b5a" stroke-width="0.8"/>
      <circle cx="${cx + 20}" cy="${ly + 24}" r="8" fill="${["#5eead4", "#fcd34d", "#a5b4fc"][i]}" opacity="0.9"/>
      <rect x="${cx + 8}" y="${ly + 38}" width="24" height="3" rx="1.5" fill="#94a3b8" opacity="0.8"/>
      <rect x="${cx + 11}" y="${ly + 46}" width="18" height="5" rx="2.5" fill="#14b8a6" opacity="0.8"/>`;
      })
      .join("")}
    <rect x="${lx + 52}" y="${ly + 66}" width="132" height="46" rx="5" fill="#13293d" stroke="#1f4b5a" stroke-width="0.8"/>
    <path d="M${lx + 60},${ly + 102} L${lx + 78},${ly + 94} L${lx + 96},${ly + 98} L${lx + 116},${ly + 84} L${lx + 136},${ly + 88} L${lx + 156},${ly + 76} L${lx + 176},${ly + 80}"
      fill="none" stroke="#2dd4bf" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/>
    <path d="M${lx + 60},${ly + 102} L${lx + 78},${ly + 94} L${lx + 96},${ly + 98} L${lx + 116},${ly + 84} L${lx + 136},${ly + 88} L${lx + 156},${ly + 76} L${lx + 176},${ly + 80} L${lx + 176},${ly + 108} L${lx + 60},${ly + 108} Z"
      fill="#14b8a6" opacity="0.14"/>
    <rect x="${lx}" y="${ly}" width="${lw}" height="${lh / 2}" rx="4" fill="#ffffff" opacity="0.035"/>
  </g>

  <!-- Phone lying on the desk, with a notification glow -->
  <g>
    <ellipse cx="372" cy="376" rx="46" ry="9" fill="#2dd4bf" opacity="0.10" filter="url(#blur6)"/>
    <path d="M336,384 L352,364 H412 L398,384 Z" fill="#1e293b" stroke="#475569" stroke-width="1"/>
    <path d="M342,381 L355,367 H406 L394,381 Z" fill="#0f3b4a"/>
    <path d="M360,371 H392 L389,375 H357 Z" fill="#2dd4bf" opacity="0.8"/>
  </g>
  <!-- Desk sheen -->
  <path d="M0,353 L${W},347 L${W},356 L0,362 Z" fill="#ffffff" opacity="0.03"/>

  <!-- Mug with steam -->
  <g>
    <path d="M700,322 h30 v22 a8,8 0 0 1 -8,8 h-14 a8,8 0 0 1 -8,-8 Z" fill="url(#mug)"/>
    <path d="M730,327 a7,7 0 0 1 0,14" fill="none" stroke="#0f766e" stroke-width="3.5"/>
    <ellipse cx="715" cy="322" rx="15" ry="3" fill="#134e4a"/>
    <path d="M709,314 c-5,-7 5,-10 0,-18 M719,314 c-5,-7 5,-10 0,-18" fill="none" stroke="#cbd5e1" stroke-width="1.6" stroke-linecap="round" opacity="0.35" filter="url(#blur2)"/>
  </g>

  <!-- Small plant -->
  <g>
    <path d="M414,330 h26 l-3,20 h-20 Z" fill="#334155"/>
    <path d="M427,330 c-16,-8 -20,-26 -14,-36 c8,6 14,20 14,36 Z" fill="#0f766e"/>
    <path d="M427,330 c12,-10 26,-14 30,-26 c-12,0 -26,10 -30,26 Z" fill="#14b8a6" opacity="0.85"/>
    <path d="M427,330 c0,-14 4,-30 12,-40 c2,14 -4,30 -12,40 Z" fill="#0d9488"/>
  </g>

  <!-- Floating chat bubbles -->
  <g filter="url(#shadow)">
    <path d="M440,150 h118 a12,12 0 0 1 12,12 v28 a12,12 0 0 1 -12,12 h-96 l-14,12 v-12 h-8 a12,12 0 0 1 -12,-12 v-28 a12,12 0 0 1 12,-12 Z"
      fill="url(#glass)" stroke="#5eead4" stroke-opacity="0.35" stroke-width="1"/>
    <circle cx="452" cy="176" r="8" fill="#a5b4fc" opacity="0.85"/>
    <rect x="466" y="168" width="86" height="5" rx="2.5" fill="#e2e8f0" opacity="0.75"/>
    <rect x="466" y="180" width="58" height="5" rx="2.5" fill="#e2e8f0" opacity="0.45"/>
  </g>
  <g filter="url(#shadow)">
<g transform="translate(-22 0)">    <path d="M512,100 h84 a12,12 0 0 1 12,12 v18 a12,12 0 0 1 -12,12 h-4 v11 l-13,-11 h-67 a12,12 0 0 1 -12,-12 v-18 a12,12 0 0 1 12,-12 Z"
      fill="url(#bubbleTeal)"/>
    <circle cx="536" cy="121" r="3.6" fill="#f0fdfa"/>
    <circle cx="550" cy="121" r="3.6" fill="#f0fdfa" opacity="0.8"/>
    <circle cx="564" cy="121" r="3.6" fill="#f0fdfa" opacity="0.6"/>
    <path d="M578,121 l5,5 l9,-10" stroke="#f0fdfa" stroke-width="2.4" fill="none" stroke-linecap="round" stroke-linejoin="round"/></g>
  </g>

  <!-- Calendar card -->
  <g filter="url(#shadow)" transform="rotate(4 ${calX + 55} ${calY + 50})">
    <rect x="${calX}" y="${calY}" width="110" height="100" rx="10" fill="#0f172a" stroke="#334155" stroke-width="1"/>
    <path d="M${calX},${calY + 10} a10,10 0 0 1 10,-10 h90 a10,10 0 0 1 10,10 v14 h-110 Z" fill="#14b8a6"/>
    <rect x="${calX + 24}" y="${calY - 6}" width="5" height="13" rx="2.5" fill="#cbd5e1"/>
    <rect x="${calX + 81}" y="${calY - 6}" width="5" height="13" rx="2.5" fill="#cbd5e1"/>
    ${cal.join("")}
  </g>

  <!-- Peso coin -->
  <g filter="url(#shadow)">
    <circle cx="692" cy="246" r="27" fill="url(#coin)"/>
    <circle cx="692" cy="246" r="21.5" fill="none" stroke="#fef3c7" stroke-opacity="0.55" stroke-width="1.4"/>
    ${pesoGlyph(693, 246, 24, "#92400e")}
    <ellipse cx="683" cy="234" rx="9" ry="4" fill="#ffffff" opacity="0.25" transform="rotate(-30 683 234)"/>
  </g>
  <g opacity="0.8">
    <circle cx="744" cy="300" r="12" fill="url(#coin)"/>
    ${pesoGlyph(744.5, 300, 11, "#92400e")}
  </g>

  <!-- Sparkles -->
  <g fill="#99f6e4">
    <path d="M640,190 l2,6 l6,2 l-6,2 l-2,6 l-2,-6 l-6,-2 l6,-2 Z" opacity="0.8"/>
    <path d="M418,212 l1.5,4 l4,1.5 l-4,1.5 l-1.5,4 l-1.5,-4 l-4,-1.5 l4,-1.5 Z" opacity="0.6"/>
  </g>

  <!-- Calm the heading area (centre-left) -->
  <rect width="${W}" height="${H}" fill="url(#leftShade)"/>
</svg>`;
}

// ---------------------------------------------------------------------------
// Default avatar (256x256)
// ---------------------------------------------------------------------------

function avatarSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#1e293b"/>
      <stop offset="1" stop-color="#0f172a"/>
    </linearGradient>
    <linearGradient id="fig" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#94a3b8"/>
      <stop offset="1" stop-color="#64748b"/>
    </linearGradient>
    <clipPath id="c"><circle cx="128" cy="128" r="104"/></clipPath>
  </defs>
  <rect width="256" height="256" fill="url(#bg)"/>
  <circle cx="128" cy="128" r="104" fill="#334155"/>
  <g clip-path="url(#c)" fill="url(#fig)">
    <circle cx="128" cy="104" r="40"/>
    <path d="M44,240 C44,180 84,156 128,156 C172,156 212,180 212,240 Z"/>
  </g>
  <circle cx="128" cy="128" r="104" fill="none" stroke="#475569" stroke-width="2"/>
</svg>`;
}

// ---------------------------------------------------------------------------
// Favicon (headset mark)
// ---------------------------------------------------------------------------

function faviconSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">
  <rect width="64" height="64" rx="14" fill="#0f172a"/>
  <path d="M15 35v-4a17 17 0 0 1 34 0v4" fill="none" stroke="#14b8a6" stroke-width="5" stroke-linecap="round"/>
  <rect x="10" y="32" width="11" height="16" rx="4.5" fill="#14b8a6"/>
  <rect x="43" y="32" width="11" height="16" rx="4.5" fill="#14b8a6"/>
  <path d="M48.5 47c0 5-4 8-10 8h-4" fill="none" stroke="#14b8a6" stroke-width="3.5" stroke-linecap="round"/>
  <circle cx="32" cy="55" r="3.5" fill="#5eead4"/>
</svg>
`;
}

// ---------------------------------------------------------------------------
// Lo-fi music loop (mono, 22050 Hz; encoded as MP3 below)
// ---------------------------------------------------------------------------

const SR = 22050;
const BPM = 96;
const BEATS_PER_BAR = 4;
const BARS = 4;

const midiHz = (m: number): number => 440 * 2 ** ((m - 69) / 12);

function synthLoop(): Float64Array {
  const secPerBeat = 60 / BPM;
  const N = Math.round(BARS * BEATS_PER_BAR * secPerBeat * SR); // 4 bars @ 96 BPM = 10 s
  const buf = new Float64Array(N);
  const rng = seeded(4242);
  const beatSample = (beat: number): number => Math.round(beat * secPerBeat * SR);

  // Gentle tape "wow": LFO with a whole number of cycles per loop so it wraps.
  const wowCycles = 5;
  const wow = (i: number): number => 1 + 0.0022 * Math.sin((2 * Math.PI * wowCycles * i) / N);

  /**
   * Render a voice into the buffer circularly (index mod N), so tails that run
   * past the loop point land at the start: the loop is seamless by construction.
   */
  const addVoice = (start: number, length: number, freq: number, amp: number, wave: (phase: number) => number, env: (t: number) => number): void => {
    let phase = 0;
    for (let k = 0; k < length; k++) {
      const i = (start + k) % N;
      const t = k / SR;
      buf[i]! += amp * env(t) * wave(phase);
      phase += (2 * Math.PI * freq * wow(i)) / SR;
      if (phase > 2 * Math.PI) phase -= 2 * Math.PI;
    }
  };

  const softTri = (p: number): number => Math.sin(p) + Math.sin(3 * p) / 9 - Math.sin(5 * p) / 25 + 0.25 * Math.sin(2 * p);
  const pluckWave = (p: number): number => Math.sin(p) + 0.35 * Math.sin(2 * p) + 0.12 * Math.sin(3 * p);

  // I – V – vi – IV in C major, with soft 7th/6th colours.
  const chords: { bass: number; pad: number[]; arp: number[] }[] = [
    { bass: 36, pad: [60, 64, 67, 71], arp: [72, 76, 79, 83] }, // Cmaj7
    { bass: 43, pad: [59, 62, 67, 69], arp: [71, 74, 79, 81] }, // G6
    { bass: 45, pad: [57, 60, 64, 67], arp: [69, 72, 76, 79] }, // Am7
    { bass: 41, pad: [57, 60, 64, 65], arp: [69, 72, 77, 76] }, // Fmaj7
  ];

  const barLen = BEATS_PER_BAR * secPerBeat;
  chords.forEach((ch, bar) => {
    const start = beatSample(bar * BEATS_PER_BAR);

    // Pad: slow attack, held for the bar, long release overlapping the next chord.
    const padEnv = (t: number): number => {
      const a = Math.min(1, t / 0.6);
      const rel = t > barLen ? Math.exp(-(t - barLen) / 0.45) : 1;
      return a * a * (3 - 2 * a) * rel;
    };
    const padLen = Math.round((barLen + 3) * SR);
    for (const m of ch.pad) {
      for (const cents of [-4, 4]) {
        addVoice(start, padLen, midiHz(m) * 2 ** (cents / 1200), 0.028, softTri, padEnv);
      }
    }

    // Sub bass: root on beat 1, softer on the "and" of 3.
    const bassEnv = (t: number): number => Math.min(1, t / 0.02) * Math.exp(-t / 0.9);
    addVoice(start, Math.round(4 * SR), midiHz(ch.bass), 0.16, Math.sin, bassEnv);
    addVoice(beatSample(bar * BEATS_PER_BAR + 2.5), Math.round(3 * SR), midiHz(ch.bass), 0.09, Math.sin, bassEnv);

    // Plucked arpeggio on eighth notes, with a couple of rests for breathing room.
    const pattern = [0, 1, 2, 3, 2, 1, -1, 2];
    pattern.forEach((idx, step) => {
      if (idx < 0) return;
      const note = ch.arp[idx]!;
      const vel = 0.75 + 0.25 * rng();
      const s = beatSample(bar * BEATS_PER_BAR + step * 0.5 + 0.012 * (rng() - 0.5));
      const env = (t: number): number => Math.min(1, t / 0.004) * Math.exp(-t / 0.32);
      addVoice(s, Math.round(2.2 * SR), midiHz(note), 0.06 * vel, pluckWave, env);
    });
  });

  // Soft kick on beats 1 and 3 (pitch-dropping sine) and brushed off-beat hats.
  for (let beat = 0; beat < BARS * BEATS_PER_BAR; beat++) {
    if (beat % 2 === 0) {
      const s = beatSample(beat);
      let phase = 0;
      for (let k = 0; k < Math.round(0.5 * SR); k++) {
        const t = k / SR;
        const f = 48 + 70 * Math.exp(-t / 0.03);
        phase += (2 * Math.PI * f) / SR;
        buf[(s + k) % N]! += 0.22 * Math.exp(-t / 0.14) * Math.min(1, t / 0.003) * Math.sin(phase);
      }
    }
    const hs = beatSample(beat + 0.5);
    let hp = 0;
    let prev = 0;
    for (let k = 0; k < Math.round(0.12 * SR); k++) {
      const t = k / SR;
      const white = rng() * 2 - 1;
      const hi = white - prev; // crude high-pass for a brushed texture
      prev = white;
      hp = hp * 0.5 + hi * 0.5;
      buf[(hs + k) % N]! += 0.018 * Math.exp(-t / 0.035) * hp;
    }
  }

  // Sparse vinyl crackle.
  for (let c = 0; c < 40; c++) {
    const s = Math.floor(rng() * N);
    const a = (rng() * 2 - 1) * 0.02;
    for (let k = 0; k < 20; k++) buf[(s + k) % N]! += a * Math.exp(-k / 3) * (k % 2 === 0 ? 1 : -0.6);
  }

  // Circular processing helper: run a stateful filter over the loop several
  // times and keep the final pass, so its state at the end matches the start.
  const circular = (input: Float64Array, passes: number, step: (x: number) => number): Float64Array => {
    const out = new Float64Array(N);
    for (let p = 0; p < passes; p++) {
      for (let i = 0; i < N; i++) {
        const y = step(input[i]!);
        if (p === passes - 1) out[i] = y;
      }
    }
    return out;
  };

  // Warm low-pass (two cascaded one-pole filters, ~3 kHz).
  const lpCoef = 1 - Math.exp((-2 * Math.PI * 3000) / SR);
  let z1 = 0;
  let z2 = 0;
  const dry = circular(buf, 2, (x) => {
    z1 += lpCoef * (x - z1);
    z2 += lpCoef * (z1 - z2);
    return z2;
  });

  // Small Schroeder reverb (4 combs + 2 all-passes), also run circularly.
  const combs = [1116, 1188, 1277, 1356].map((d) => ({
    d: Math.round((d * SR) / 44100),
    buf: new Float64Array(Math.round((d * SR) / 44100)),
    i: 0,
    lp: 0,
  }));
  const aps = [556, 341].map((d) => ({ d: Math.round((d * SR) / 44100), buf: new Float64Array(Math.round((d * SR) / 44100)), i: 0 }));
  const wet = circular(dry, 4, (x) => {
    let acc = 0;
    for (const c of combs) {
      const y = c.buf[c.i]!;
      c.lp = y * 0.6 + c.lp * 0.4;
      c.buf[c.i] = x + c.lp * 0.8;
      c.i = (c.i + 1) % c.d;
      acc += y;
    }
    let y = acc / combs.length;
    for (const a of aps) {
      const b = a.buf[a.i]!;
      const o = -y + b;
      a.buf[a.i] = y + b * 0.5;
      a.i = (a.i + 1) % a.d;
      y = o;
    }
    return y;
  });
  for (let i = 0; i < N; i++) dry[i] = dry[i]! * 0.8 + wet[i]! * 0.35;

  // Gentle tape-style saturation, then remove any DC offset and normalise to a
  // quiet peak of 0.35 full scale (the player can lower it further).
  let peak0 = 0;
  for (let i = 0; i < N; i++) peak0 = Math.max(peak0, Math.abs(dry[i]!));
  for (let i = 0; i < N; i++) dry[i] = Math.tanh((dry[i]! / peak0) * 1.1);
  let mean = 0;
  for (let i = 0; i < N; i++) mean += dry[i]!;
  mean /= N;
  let peak = 0;
  for (let i = 0; i < N; i++) {
    dry[i] = dry[i]! - mean;
    peak = Math.max(peak, Math.abs(dry[i]!));
  }
  const gain = 0.35 / peak;
  for (let i = 0; i < N; i++) dry[i] = dry[i]! * gain;
  return dry;
}

// ---------------------------------------------------------------------------
// MP3 encoding (pure JS LAME port), with a gapless "Info" tag
// ---------------------------------------------------------------------------

/** 48 kbit/s, mono, 22,050 Hz: a 10 s loop in about 60 KB. */
const MP3_KBPS = 48;
/** MPEG-2 Layer III: 576 samples a frame. */
const MP3_FRAME_SAMPLES = 576;
/** LAME's encoder delay (ENCDELAY); decoders add their own 529 samples to it. */
const MP3_ENCODER_DELAY = 576;
/** The tag frame's bitrate: 80 kbit/s makes it 261 bytes, room for the 192 bytes of the tag. */
const TAG_BITRATE_INDEX = 9;

/** CRC-16 (polynomial 0x8005, reflected: 0xA001) as LAME computes its tag's checksums. */
function crc16(bytes: Uint8Array, crc = 0): number {
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  }
  return crc;
}

/**
 * The "Info" frame LAME puts first in a constant-bitrate file: an empty MPEG-2 Layer III frame
 * that carries the frame count, the size and the LAME tag with the encoder delay and padding.
 * Decoders that read it (FFmpeg, and so Chromium; Firefox; Safari) drop the encoder's silence at
 * both ends, so that the loop plays without a gap; others hear 26 ms more silence.
 */
function infoFrame(audioFrames: number, audio: Uint8Array, samples: number): Uint8Array {
  const size = Math.floor((72 * 80_000) / SR);
  const frame = new Uint8Array(size);
  const view = new DataView(frame.buffer);
  // Sync, MPEG-2, Layer III, no CRC | bitrate, 22,050 Hz | mono.
  frame.set([0xff, 0xf3, (TAG_BITRATE_INDEX << 4) | 0b0000, 0b11000000]);
  let at = 4 + 9; // header, then the (empty) side information of a mono MPEG-2 frame
  frame.set([...Buffer.from("Info")], at);
  view.setUint32(at + 4, 0x1 | 0x2 | 0x8); // frames, bytes and quality present; no seek table
  view.setUint32(at + 8, audioFrames);
  view.setUint32(at + 12, size + audio.length);
  view.setUint32(at + 16, 50); // quality indicator, as LAME writes for CBR
  at += 20;
  const lameTag = at;
  frame.set([...Buffer.from("LAME3.100")], at);
  frame[at + 9] = 0x01; // tag revision 0, constant bitrate
  frame[at + 10] = Math.round(SR / 2 / 100); // lowpass, in 100 Hz
  // Peak (4 bytes), radio and audiophile replay gain (2 + 2): left as 0 ("not set").
  frame[at + 19] = 0; // encoding flags, ATH type
  frame[at + 20] = MP3_KBPS;
  const padding = audioFrames * MP3_FRAME_SAMPLES - MP3_ENCODER_DELAY - samples;
  frame[at + 21] = MP3_ENCODER_DELAY >> 4;
  frame[at + 22] = ((MP3_ENCODER_DELAY & 0xf) << 4) | (padding >> 8);
  frame[at + 23] = padding & 0xff;
  // Misc, MP3 gain, preset and surround: 0.
  view.setUint32(at + 28, size + audio.length); // music length, this frame included
  view.setUint16(at + 32, crc16(audio)); // music CRC
  view.setUint16(at + 34, crc16(frame.subarray(0, lameTag + 34))); // tag CRC: the frame up to here
  return frame;
}

async function encodeMp3(samples: Float64Array, sampleRate: number): Promise<Buffer> {
  const { Mp3Encoder } = await import("@breezystack/lamejs");
  const pcm = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) pcm[i] = Math.round(Math.max(-1, Math.min(1, samples[i]!)) * 32767);
  const encoder = new Mp3Encoder(1, sampleRate, MP3_KBPS);
  const parts: Uint8Array[] = [];
  // (The encoder answers Int8Arrays, whatever its types say.)
  const bytes = (chunk: ArrayBufferView) => new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  for (let i = 0; i < pcm.length; i += 1152) parts.push(bytes(encoder.encodeBuffer(pcm.subarray(i, i + 1152))));
  parts.push(bytes(encoder.flush()));
  const audio = Buffer.concat(parts);
  const frameBytes = Math.floor((72 * MP3_KBPS * 1000) / sampleRate);
  // Constant bitrate: every frame has frameBytes bytes, one more when padded.
  const audioFrames = countFrames(audio);
  if (Math.abs(audioFrames * frameBytes - audio.length) > audioFrames) throw new Error("unexpected MP3 frame layout");
  return Buffer.concat([infoFrame(audioFrames, audio, samples.length), audio]);
}

/** Counts the MPEG audio frames of a constant-bitrate stream by walking their headers. */
function countFrames(audio: Uint8Array): number {
  const kbps = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
  let frames = 0;
  for (let at = 0; at + 4 <= audio.length; frames++) {
    if (audio[at] !== 0xff || (audio[at + 1]! & 0xe0) !== 0xe0) throw new Error(`no MP3 frame at byte ${at}`);
    const bitrate = kbps[audio[at + 2]! >> 4]! * 1000;
    const padded = (audio[at + 2]! >> 1) & 1;
    at += Math.floor((72 * bitrate) / SR) + padded;
  }
  return frames;
}

// ---------------------------------------------------------------------------

async function main(): Promise<void> {
  const heroPath = join(PUBLIC_DIR, "hero.jpg");
  await sharp(Buffer.from(heroSvg())).resize(768, 432).jpeg({ quality: 80, mozjpeg: true, chromaSubsampling: "4:4:4" }).toFile(heroPath);

  const avatarPath = join(PUBLIC_DIR, "noavatar.jpg");
  await sharp(Buffer.from(avatarSvg())).resize(256, 256).jpeg({ quality: 85, mozjpeg: true }).toFile(avatarPath);

  const faviconPath = join(PUBLIC_DIR, "favicon.svg");
  await writeFile(faviconPath, faviconSvg());

  // Beside the music feature, which imports it: the build gives it a hashed, cached-for-good name.
  const musicPath = join(ROOT, "apps", "web", "src", "features", "music", "loop.mp3");
  await writeFile(musicPath, await encodeMp3(synthLoop(), SR));

  for (const p of [heroPath, avatarPath, faviconPath, musicPath]) console.log("wrote", p.slice(ROOT.length + 1));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
