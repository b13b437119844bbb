/**
 * Makes the site's own pictures and documents (nothing is hot-linked or downloaded): flat
 * illustrations drawn as SVG and rasterised with sharp into starting-content/pictures/ and the
 * sample gallery photos into starting-content/gallery/ (served through the Image CDN; the JSON
 * beside them keeps each one's size and words), the favicon and Open Graph image in public/, and the sample press
 * clippings, magazine covers and magazine PDFs in starting-content/press/. Re-run after changing a drawing:
 *   npm exec -- node starting-content/generate.ts
 */
import sharp from 'sharp';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { makePdf } from '../src/lib/tiny-pdf.ts';
import { magazineIssues } from './press/magazine-texts.ts';

const ROOT = resolve(import.meta.dirname, '..');
const PICTURES = join(ROOT, 'starting-content/pictures');
const GALLERY = join(ROOT, 'starting-content/gallery');
const PUBLIC = join(ROOT, 'public');
const PRESS = join(ROOT, 'starting-content/press');

// ---------- drawing helpers ----------
let seed = 1;
const rand = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
const SKIN = ['#8d5524', '#a0662f', '#c68642', '#7a4a21', '#b5773c'];
const CLOTH = ['#0b4f8a', '#b8420f', '#2e7d32', '#6a1b9a', '#c62828', '#00838f', '#f9a825', '#ad1457'];
const HAIR = ['#1b1b1b', '#2b1a10', '#3b2616'];

function svg(w: number, h: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`;
}
function sky(w: number, h: number, top = '#7ec8f2', bottom = '#dff3ff'): string {
  const id = `s${Math.floor(rand() * 1e6)}`;
  return `<defs><linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#${id})"/>`;
}
function sun(x: number, y: number, r = 40): string {
  return `<circle cx="${x}" cy="${y}" r="${r + 18}" fill="#fff4c2" opacity=".5"/><circle cx="${x}" cy="${y}" r="${r}" fill="#ffd54f"/>`;
}
function cloud(x: number, y: number, s = 1): string {
  return `<g fill="#fff" opacity=".9" transform="translate(${x} ${y}) scale(${s})"><ellipse cx="0" cy="0" rx="50" ry="22"/><ellipse cx="35" cy="-12" rx="36" ry="24"/><ellipse cx="-30" cy="-8" rx="28" ry="18"/></g>`;
}
function ground(w: number, h: number, y: number, color = '#8bc34a', far = '#a5d66f'): string {
  return `<path d="M0 ${y - 12} Q ${w / 3} ${y - 34} ${w * 0.66} ${y - 10} T ${w} ${y - 18} V ${h} H 0z" fill="${far}"/><rect y="${y}" width="${w}" height="${h - y}" fill="${color}"/>`;
}
function tree(x: number, y: number, s = 1): string {
  const g = pick(['#2e7d32', '#388e3c', '#43a047', '#1b5e20']);
  return `<g transform="translate(${x} ${y}) scale(${s})"><rect x="-7" y="-60" width="14" height="60" fill="#6d4c41"/><circle cx="0" cy="-85" r="42" fill="${g}"/><circle cx="-28" cy="-62" r="28" fill="${g}"/><circle cx="28" cy="-64" r="30" fill="${g}"/></g>`;
}
function building(x: number, y: number, w: number, h: number, wall = '#f3e3c3', roof = '#b8420f', floors = 3): string {
  let out = `<rect x="${x}" y="${y - h}" width="${w}" height="${h}" fill="${wall}"/><rect x="${x - 8}" y="${y - h - 14}" width="${w + 16}" height="16" fill="${roof}"/>`;
  const cols = Math.max(3, Math.floor(w / 46));
  for (let f = 0; f < floors; f++) {
    for (let c = 0; c < cols; c++) {
      const wx = x + 14 + c * ((w - 28) / cols);
      const wy = y - h + 14 + f * ((h - 20) / floors);
      out += `<rect x="${wx}" y="${wy}" width="${(w - 28) / cols - 12}" height="${(h - 20) / floors - 20}" fill="#5b8db8" stroke="#fff" stroke-width="3"/>`;
    }
  }
  return out;
}
function person(x: number, y: number, s = 1, shirt = pick(CLOTH)): string {
  const skin = pick(SKIN);
  const hair = pick(HAIR);
  return `<g transform="translate(${x} ${y}) scale(${s})"><rect x="-9" y="-38" width="7" height="38" rx="3" fill="#37474f"/><rect x="2" y="-38" width="7" height="38" rx="3" fill="#37474f"/><path d="M-15 -40 Q -15 -78 0 -78 Q 15 -78 15 -40 Z" fill="${shirt}"/><circle cx="0" cy="-90" r="13" fill="${skin}"/><path d="M-13 -92 Q -12 -106 0 -105 Q 13 -106 13 -92 Q 6 -98 -13 -92z" fill="${hair}"/></g>`;
}
function crowd(n: number, x0: number, x1: number, y: number, s = 1): string {
  let out = '';
  for (let i = 0; i < n; i++)
    out += person(x0 + (i + rand() * 0.6) * ((x1 - x0) / n), y + rand() * 12, s * (0.85 + rand() * 0.3));
  return out;
}
function flag(x: number, y: number): string {
  return `<rect x="${x}" y="${y - 150}" width="4" height="150" fill="#9e9e9e"/><rect x="${x + 4}" y="${y - 150}" width="60" height="14" fill="#ff9933"/><rect x="${x + 4}" y="${y - 136}" width="60" height="14" fill="#fff"/><rect x="${x + 4}" y="${y - 122}" width="60" height="14" fill="#138808"/><circle cx="${x + 34}" cy="${y - 129}" r="5" fill="none" stroke="#000080" stroke-width="1.5"/>`;
}
function room(w: number, h: number, wall = '#f6ead2', floor = '#c9a36b'): string {
  return `<rect width="${w}" height="${h}" fill="${wall}"/><rect y="${h * 0.68}" width="${w}" height="${h * 0.32}" fill="${floor}"/><rect y="${h * 0.68 - 6}" width="${w}" height="8" fill="#a1887f"/>`;
}
function desk(x: number, y: number, s = 1): string {
  return `<g transform="translate(${x} ${y}) scale(${s})"><rect x="-50" y="-48" width="100" height="10" fill="#8d6e63"/><rect x="-44" y="-38" width="8" height="38" fill="#6d4c41"/><rect x="36" y="-38" width="8" height="38" fill="#6d4c41"/></g>`;
}
function board(x: number, y: number, w: number, h: number, color = '#2e5e4e', lines = true): string {
  let out = `<rect x="${x - 8}" y="${y - 8}" width="${w + 16}" height="${h + 16}" fill="#8d6e63"/><rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${color}"/>`;
  if (lines)
    for (let i = 0; i < 4; i++)
      out += `<rect x="${x + 24}" y="${y + 26 + i * 30}" width="${w * (0.4 + rand() * 0.45)}" height="5" rx="2" fill="#e8f5e9" opacity=".8"/>`;
  return out;
}
function shelf(x: number, y: number, w: number, h: number): string {
  let out = `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#795548"/>`;
  const rows = 4;
  for (let r = 0; r < rows; r++) {
    const ry = y + 10 + r * ((h - 20) / rows);
    let bx = x + 10;
    while (bx < x + w - 22) {
      const bw = 10 + rand() * 14;
      const bh = (h - 20) / rows - 12 - rand() * 14;
      out += `<rect x="${bx}" y="${ry + ((h - 20) / rows - 6 - bh)}" width="${bw}" height="${bh}" fill="${pick(CLOTH)}"/>`;
      bx += bw + 2;
    }
    out += `<rect x="${x}" y="${ry + (h - 20) / rows - 6}" width="${w}" height="6" fill="#5d4037"/>`;
  }
  return out;
}
function bus(x: number, y: number, s = 1): string {
  return `<g transform="translate(${x} ${y}) scale(${s})"><rect x="0" y="-130" width="320" height="110" rx="16" fill="#f9a825"/><rect x="0" y="-62" width="320" height="12" fill="#0b4f8a"/>${[0, 1, 2, 3, 4].map((i) => `<rect x="${18 + i * 56}" y="-116" width="44" height="40" rx="4" fill="#bbdefb"/>`).join('')}<rect x="290" y="-116" width="22" height="60" rx="4" fill="#90caf9"/><circle cx="70" cy="-20" r="24" fill="#263238"/><circle cx="70" cy="-20" r="10" fill="#90a4ae"/><circle cx="250" cy="-20" r="24" fill="#263238"/><circle cx="250" cy="-20" r="10" fill="#90a4ae"/><text x="150" y="-32" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="20" fill="#0b4f8a" text-anchor="middle">SCHOOL BUS</text><circle cx="300" cy="-138" r="8" fill="#43a047"/></g>`;
}
function camera(x: number, y: number, s = 1): string {
  return `<g transform="translate(${x} ${y}) scale(${s})"><rect x="-4" y="0" width="8" height="40" fill="#607d8b"/><rect x="-40" y="-26" width="80" height="30" rx="8" fill="#eceff1" stroke="#607d8b" stroke-width="3"/><circle cx="32" cy="-11" r="9" fill="#263238"/><circle cx="-26" cy="-18" r="3" fill="#e53935"/></g>`;
}
function seats(w: number, y0: number, rows: number, color = '#b71c1c'): string {
  let out = '';
  for (let r = 0; r < rows; r++) {
    const y = y0 + r * 38;
    for (let x = 20 + (r % 2) * 20; x < w; x += 44)
      out += `<rect x="${x}" y="${y}" width="36" height="30" rx="8" fill="${color}" opacity="${1 - r * 0.06}"/>`;
  }
  return out;
}
function textLines(x: number, y: number, n: number, w: number, color = '#9e9e9e', gap = 18): string {
  let out = '';
  for (let i = 0; i < n; i++)
    out += `<rect x="${x}" y="${y + i * gap}" width="${w * (0.6 + rand() * 0.4)}" height="8" rx="3" fill="${color}"/>`;
  return out;
}

// ---------- scenes ----------
type Scene = (w: number, h: number) => string;
const scenes: Record<string, Scene> = {
  campus: (w, h) =>
    sky(w, h) +
    sun(w * 0.85, 90) +
    cloud(200, 100) +
    cloud(600, 70, 0.8) +
    ground(w, h, h * 0.72) +
    building(w * 0.18, h * 0.72, w * 0.64, h * 0.38) +
    `<rect x="${w * 0.45}" y="${h * 0.72 - 90}" width="${w * 0.1}" height="90" fill="#6d4c41"/>` +
    `<text x="${w / 2}" y="${h * 0.72 - h * 0.38 - 24}" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="30" fill="#0b4f8a" text-anchor="middle">R.M.C.P. SCHOOL</text>` +
    flag(w * 0.1, h * 0.72) +
    tree(w * 0.06, h * 0.8, 1.1) +
    tree(w * 0.93, h * 0.8, 1.2) +
    crowd(7, w * 0.25, w * 0.75, h * 0.9, 0.9),
  classroom: (w, h) =>
    room(w, h) +
    board(w * 0.22, h * 0.12, w * 0.56, h * 0.32) +
    person(w * 0.82, h * 0.66, 1.6, '#6a1b9a') +
    [0.2, 0.45, 0.7].map((f) => desk(w * f, h * 0.95, 1.5) + person(w * f, h * 0.86, 1.1)).join(''),
  lab: (w, h) =>
    room(w, h, '#e3f2fd', '#b0bec5') +
    shelf(w * 0.05, h * 0.1, w * 0.25, h * 0.5) +
    `<rect x="${w * 0.1}" y="${h * 0.66}" width="${w * 0.8}" height="24" fill="#37474f"/><rect x="${w * 0.12}" y="${h * 0.7}" width="${w * 0.76}" height="${h * 0.3}" fill="#546e7a"/>` +
    [0.4, 0.55, 0.7]
      .map(
        (f, i) =>
          `<path d="M${w * f - 12} ${h * 0.66} l-20 -10 l14 -50 h36 l14 50 z" fill="${['#4fc3f7', '#aed581', '#ff8a65'][i]}" opacity=".85"/><rect x="${w * f - 10}" y="${h * 0.66 - 90}" width="20" height="34" fill="#cfd8dc"/>`,
      )
      .join('') +
    person(w * 0.85, h * 0.66, 1.5, '#fafafa'),
  computers: (w, h) =>
    room(w, h, '#ede7f6', '#b39ddb') +
    [0.15, 0.38, 0.61, 0.84]
      .map(
        (f) =>
          `<rect x="${w * f - 60}" y="${h * 0.4}" width="120" height="80" rx="6" fill="#263238"/><rect x="${w * f - 52}" y="${h * 0.4 + 8}" width="104" height="62" fill="${pick(['#4fc3f7', '#81c784', '#ffb74d'])}"/><rect x="${w * f - 8}" y="${h * 0.4 + 80}" width="16" height="24" fill="#455a64"/>` +
          person(w * f, h * 0.98, 1.2),
      )
      .join('') +
    `<rect x="0" y="${h * 0.58}" width="${w}" height="16" fill="#5d4037"/>`,
  library: (w, h) =>
    room(w, h, '#fff8e1', '#a1887f') +
    shelf(w * 0.04, h * 0.08, w * 0.28, h * 0.6) +
    shelf(w * 0.68, h * 0.08, w * 0.28, h * 0.6) +
    `<rect x="${w * 0.35}" y="${h * 0.15}" width="${w * 0.3}" height="${h * 0.3}" fill="#bbdefb" stroke="#fff" stroke-width="8"/>` +
    desk(w * 0.5, h * 0.96, 2.2) +
    person(w * 0.42, h * 0.86, 1.1) +
    person(w * 0.58, h * 0.86, 1.1),
  auditorium: (w, h) =>
    `<rect width="${w}" height="${h}" fill="#3e2723"/><path d="M0 0 H${w} V${h * 0.12} H0z" fill="#4e342e"/><rect x="${w * 0.12}" y="${h * 0.12}" width="${w * 0.76}" height="${h * 0.42}" fill="#ffe082"/><path d="M${w * 0.12} ${h * 0.12} h${w * 0.12} q -20 ${h * 0.2} 0 ${h * 0.42} h-${w * 0.12}z M${w * 0.88} ${h * 0.12} h-${w * 0.12} q 20 ${h * 0.2} 0 ${h * 0.42} h${w * 0.12}z" fill="#b71c1c"/><rect x="${w * 0.1}" y="${h * 0.54}" width="${w * 0.8}" height="20" fill="#6d4c41"/>` +
    crowd(5, w * 0.3, w * 0.7, h * 0.54, 0.9) +
    [0.25, 0.5, 0.75]
      .map((f) => `<path d="M${w * f} 0 L${w * f - 60} ${h * 0.5} H${w * f + 60}z" fill="#fffde7" opacity=".18"/>`)
      .join('') +
    seats(w, h * 0.64, 8),
  sports: (w, h) =>
    sky(w, h, '#64b5f6') +
    cloud(700, 90) +
    ground(w, h, h * 0.45, '#66bb6a', '#81c784') +
    `<ellipse cx="${w / 2}" cy="${h * 0.78}" rx="${w * 0.48}" ry="${h * 0.2}" fill="none" stroke="#d84315" stroke-width="26"/><ellipse cx="${w / 2}" cy="${h * 0.78}" rx="${w * 0.48}" ry="${h * 0.2}" fill="none" stroke="#fff" stroke-width="2" stroke-dasharray="12 10"/>` +
    crowd(6, w * 0.15, w * 0.85, h * 0.8, 1.3) +
    tree(w * 0.05, h * 0.48, 0.8) +
    tree(w * 0.95, h * 0.48, 0.9),
  cricket: (w, h) =>
    sky(w, h, '#4fc3f7') +
    sun(120, 90, 36) +
    ground(w, h, h * 0.5, '#7cb342', '#9ccc65') +
    `<rect x="${w * 0.45}" y="${h * 0.5}" width="${w * 0.1}" height="${h * 0.5}" fill="#d7ccc8"/>` +
    [0.47, 0.5, 0.53]
      .map((f) => `<rect x="${w * f - 3}" y="${h * 0.62}" width="6" height="50" fill="#fff"/>`)
      .join('') +
    person(w * 0.5, h * 0.95, 1.6, '#fafafa') +
    person(w * 0.2, h * 0.8, 1.1, '#fafafa') +
    person(w * 0.8, h * 0.82, 1.1, '#fafafa'),
  basketball: (w, h) =>
    sky(w, h, '#90caf9') +
    `<rect y="${h * 0.5}" width="${w}" height="${h * 0.5}" fill="#e65100"/><circle cx="${w / 2}" cy="${h * 0.78}" r="70" fill="none" stroke="#fff" stroke-width="4"/><rect x="${w * 0.8}" y="${h * 0.12}" width="10" height="${h * 0.45}" fill="#616161"/><rect x="${w * 0.72}" y="${h * 0.12}" width="110" height="70" fill="#fff" stroke="#616161" stroke-width="4"/><ellipse cx="${w * 0.76}" cy="${h * 0.12 + 72}" rx="26" ry="6" fill="none" stroke="#d84315" stroke-width="4"/><circle cx="${w * 0.6}" cy="${h * 0.3}" r="16" fill="#ef6c00" stroke="#3e2723" stroke-width="2"/>` +
    crowd(4, w * 0.2, w * 0.7, h * 0.92, 1.4),
  bus: (w, h) =>
    sky(w, h) +
    cloud(180, 80) +
    ground(w, h, h * 0.7, '#9e9e9e', '#a5d66f') +
    `<rect y="${h * 0.84}" width="${w}" height="8" fill="#fff" opacity=".7"/>` +
    tree(w * 0.08, h * 0.7) +
    tree(w * 0.92, h * 0.7, 1.1) +
    bus(w * 0.2, h * 0.92, 1.7),
  route: (w, h) =>
    `<rect width="${w}" height="${h}" fill="#eef3e6"/><path d="M0 ${h * 0.3} C ${w * 0.3} ${h * 0.2} ${w * 0.4} ${h * 0.7} ${w} ${h * 0.6}" stroke="#fff" stroke-width="34" fill="none"/><path d="M${w * 0.3} 0 C ${w * 0.35} ${h * 0.4} ${w * 0.2} ${h * 0.7} ${w * 0.3} ${h}" stroke="#fff" stroke-width="28" fill="none"/><path d="M${w * 0.1} ${h * 0.85} L ${w * 0.3} ${h * 0.55} L ${w * 0.52} ${h * 0.48} L ${w * 0.7} ${h * 0.62} L ${w * 0.9} ${h * 0.2}" stroke="#0b4f8a" stroke-width="10" stroke-dasharray="24 12" fill="none"/>` +
    [
      [0.1, 0.85],
      [0.3, 0.55],
      [0.52, 0.48],
      [0.7, 0.62],
      [0.9, 0.2],
    ]
      .map(
        ([fx, fy]) => `<circle cx="${w * fx!}" cy="${h * fy!}" r="18" fill="#b8420f" stroke="#fff" stroke-width="5"/>`,
      )
      .join(''),
  tracking: (w, h) =>
    `<rect width="${w}" height="${h}" fill="#e1f5fe"/><rect x="${w * 0.36}" y="${h * 0.06}" width="${w * 0.28}" height="${h * 0.88}" rx="30" fill="#263238"/><rect x="${w * 0.38}" y="${h * 0.12}" width="${w * 0.24}" height="${h * 0.74}" fill="#eef3e6"/><path d="M${w * 0.4} ${h * 0.8} L ${w * 0.46} ${h * 0.5} L ${w * 0.56} ${h * 0.42} L ${w * 0.6} ${h * 0.2}" stroke="#0b4f8a" stroke-width="8" fill="none"/><circle cx="${w * 0.46}" cy="${h * 0.5}" r="16" fill="#f9a825" stroke="#fff" stroke-width="4"/>` +
    person(w * 0.18, h * 0.92, 2, '#2e7d32') +
    person(w * 0.83, h * 0.92, 1.6, '#c62828'),
  health: (w, h) =>
    room(w, h, '#e8f5e9', '#cfd8dc') +
    `<rect x="${w * 0.08}" y="${h * 0.12}" width="110" height="110" rx="10" fill="#fff"/><path d="M${w * 0.08 + 40} ${h * 0.12 + 20}h30v30h30v30h-30v30h-30v-30h-30v-30h30z" fill="#c62828"/><rect x="${w * 0.45}" y="${h * 0.56}" width="${w * 0.4}" height="30" rx="8" fill="#fff"/><rect x="${w * 0.45}" y="${h * 0.6}" width="${w * 0.4}" height="20" fill="#90caf9"/><rect x="${w * 0.46}" y="${h * 0.64}" width="10" height="${h * 0.3}" fill="#90a4ae"/><rect x="${w * 0.83}" y="${h * 0.64}" width="10" height="${h * 0.3}" fill="#90a4ae"/>` +
    person(w * 0.3, h * 0.95, 1.8, '#fafafa'),
  ambulance: (w, h) =>
    sky(w, h, '#b3e5fc') +
    ground(w, h, h * 0.72, '#9e9e9e', '#c5e1a5') +
    `<g transform="translate(${w * 0.22} ${h * 0.9}) scale(1.6)"><rect x="0" y="-120" width="240" height="100" rx="10" fill="#fff" stroke="#c62828" stroke-width="4"/><rect x="240" y="-90" width="70" height="70" rx="10" fill="#fff" stroke="#c62828" stroke-width="4"/><rect x="252" y="-82" width="44" height="30" fill="#90caf9"/><path d="M100 -95h20v20h20v20h-20v20h-20v-20h-20v-20h20z" fill="#c62828"/><rect x="20" y="-132" width="40" height="12" rx="4" fill="#1e88e5"/><circle cx="60" cy="-20" r="20" fill="#263238"/><circle cx="250" cy="-20" r="20" fill="#263238"/></g>`,
  doctor: (w, h) =>
    room(w, h, '#e3f2fd', '#b0bec5') +
    desk(w * 0.5, h * 0.98, 2.6) +
    person(w * 0.35, h * 0.8, 1.9, '#fafafa') +
    `<path d="M${w * 0.35 - 10} ${h * 0.8 - 120} q 10 30 20 0" stroke="#263238" stroke-width="4" fill="none"/>` +
    person(w * 0.66, h * 0.84, 1.5) +
    `<rect x="${w * 0.7}" y="${h * 0.1}" width="${w * 0.2}" height="${h * 0.25}" fill="#fff" stroke="#90a4ae" stroke-width="4"/>` +
    textLines(w * 0.72, h * 0.14, 5, w * 0.15, '#90a4ae', 22),
  gate: (w, h) =>
    sky(w, h) +
    ground(w, h, h * 0.75, '#bdbdbd', '#a5d66f') +
    `<rect x="${w * 0.2}" y="${h * 0.25}" width="40" height="${h * 0.5}" fill="#8d6e63"/><rect x="${w * 0.75}" y="${h * 0.25}" width="40" height="${h * 0.5}" fill="#8d6e63"/><rect x="${w * 0.2}" y="${h * 0.2}" width="${w * 0.55 + 40}" height="40" fill="#0b4f8a"/><text x="${w * 0.5 + 20}" y="${h * 0.2 + 29}" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="24" fill="#fff" text-anchor="middle">SCHOOL GATE</text>` +
    Array.from(
      { length: 12 },
      (_, i) => `<rect x="${w * 0.25 + i * 38}" y="${h * 0.4}" width="6" height="${h * 0.35}" fill="#455a64"/>`,
    ).join('') +
    `<rect x="${w * 0.25}" y="${h * 0.45}" width="${w * 0.5}" height="6" fill="#455a64"/>` +
    person(w * 0.12, h * 0.92, 1.7, '#37474f') +
    camera(w * 0.9, h * 0.3, 1.2),
  cctv: (w, h) =>
    `<rect width="${w}" height="${h}" fill="#eceff1"/><rect x="${w * 0.1}" y="${h * 0.15}" width="${w * 0.8}" height="${h * 0.6}" fill="#263238" rx="10"/>` +
    [0, 1, 2, 3]
      .map(
        (i) =>
          `<rect x="${w * 0.13 + (i % 2) * w * 0.385}" y="${h * 0.19 + Math.floor(i / 2) * h * 0.28}" width="${w * 0.355}" height="${h * 0.25}" fill="${['#4e6e5d', '#5d6e8a', '#6e5d4e', '#4e5d6e'][i]}"/>`,
      )
      .join('') +
    camera(w * 0.85, h * 0.85, 1.4),
  fire: (w, h) =>
    room(w, h, '#fbe9e7', '#bcaaa4') +
    `<rect x="${w * 0.45}" y="${h * 0.35}" width="70" height="160" rx="30" fill="#d32f2f"/><rect x="${w * 0.45 + 20}" y="${h * 0.3}" width="30" height="30" fill="#424242"/><path d="M${w * 0.45 + 50} ${h * 0.33} q 50 0 60 40" stroke="#212121" stroke-width="8" fill="none"/><rect x="${w * 0.45 + 10}" y="${h * 0.5}" width="50" height="40" fill="#fff"/><rect x="${w * 0.72}" y="${h * 0.15}" width="120" height="60" rx="6" fill="#2e7d32"/><text x="${w * 0.72 + 60}" y="${h * 0.15 + 40}" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="24" fill="#fff" text-anchor="middle">EXIT</text><circle cx="${w * 0.15}" cy="${h * 0.2}" r="30" fill="#e53935"/><circle cx="${w * 0.15}" cy="${h * 0.2}" r="12" fill="#ffcdd2"/>`,
  smallgroup: (w, h) =>
    room(w, h, '#fffde7', '#bcaaa4') +
    board(w * 0.6, h * 0.1, w * 0.3, h * 0.26, '#37474f') +
    `<ellipse cx="${w * 0.42}" cy="${h * 0.8}" rx="${w * 0.28}" ry="${h * 0.08}" fill="#8d6e63"/>` +
    person(w * 0.25, h * 0.82, 1.3) +
    person(w * 0.42, h * 0.78, 1.3, '#6a1b9a') +
    person(w * 0.58, h * 0.82, 1.3),
  blocks: (w, h) =>
    room(w, h, '#fce4ec', '#ffe0b2') +
    Array.from(
      { length: 9 },
      (_, i) =>
        `<rect x="${w * 0.1 + (i % 3) * 80}" y="${h * 0.62 - Math.floor(i / 3) * 70}" width="70" height="64" rx="6" fill="${CLOTH[i % CLOTH.length]}"/><text x="${w * 0.1 + (i % 3) * 80 + 35}" y="${h * 0.62 - Math.floor(i / 3) * 70 + 44}" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="34" fill="#fff" text-anchor="middle">${'ABC123अआइ'.charAt(i)}</text>`,
    ).join('') +
    person(w * 0.62, h * 0.95, 1.0) +
    person(w * 0.75, h * 0.95, 1.0) +
    person(w * 0.88, h * 0.92, 1.6, '#ad1457') +
    sun(w * 0.85, h * 0.18, 34),
  art: (w, h) =>
    room(w, h, '#f3e5f5', '#d7ccc8') +
    `<rect x="${w * 0.1}" y="${h * 0.15}" width="${w * 0.22}" height="${h * 0.3}" fill="#fff" stroke="#6d4c41" stroke-width="6"/>${sun(w * 0.21, h * 0.28, 26)}<path d="M${w * 0.4} ${h * 0.75} l 60 -${h * 0.45} l 60 ${h * 0.45}" stroke="#6d4c41" stroke-width="8" fill="none"/><rect x="${w * 0.42}" y="${h * 0.32}" width="${w * 0.12}" height="${h * 0.22}" fill="#fff"/><path d="M${w * 0.44} ${h * 0.48} q 30 -60 70 -10" stroke="#e91e63" stroke-width="8" fill="none"/>` +
    `<g transform="translate(${w * 0.75} ${h * 0.5})"><ellipse cx="0" cy="0" rx="60" ry="30" fill="#8d6e63"/><rect x="50" y="-6" width="140" height="12" fill="#6d4c41"/></g>` +
    person(w * 0.7, h * 0.96, 1.5) +
    person(w * 0.3, h * 0.96, 1.3),
  counsel: (w, h) =>
    room(w, h, '#e0f2f1', '#b0bec5') +
    `<rect x="${w * 0.15}" y="${h * 0.55}" width="120" height="60" rx="12" fill="#00838f"/><rect x="${w * 0.65}" y="${h * 0.55}" width="120" height="60" rx="12" fill="#00838f"/><rect x="${w * 0.42}" y="${h * 0.62}" width="${w * 0.16}" height="20" fill="#8d6e63"/>` +
    person(w * 0.22, h * 0.8, 1.5, '#6a1b9a') +
    person(w * 0.72, h * 0.8, 1.4) +
    `<path d="M${w * 0.32} ${h * 0.25} h140 v60 h-110 l-20 20 v-20 h-10z" fill="#fff" stroke="#00838f" stroke-width="3"/><path d="M${w * 0.6} ${h * 0.2} h140 v60 h-10 v20 l-20 -20 h-110z" fill="#fff" stroke="#b8420f" stroke-width="3"/>`,
  mission: (w, h) =>
    sky(w, h, '#ff8a65', '#ffe0b2') +
    sun(w * 0.5, h * 0.62, 90) +
    ground(w, h, h * 0.7, '#558b2f', '#689f38') +
    building(w * 0.3, h * 0.72, w * 0.4, h * 0.22, '#fff3e0', '#0b4f8a', 2) +
    tree(w * 0.12, h * 0.8, 1.3) +
    tree(w * 0.88, h * 0.82, 1.1),
  assembly: (w, h) =>
    sky(w, h) +
    ground(w, h, h * 0.6, '#a1887f', '#a5d66f') +
    building(w * 0.1, h * 0.6, w * 0.8, h * 0.3, '#f3e3c3', '#b8420f', 2) +
    flag(w * 0.5, h * 0.65) +
    crowd(10, w * 0.05, w * 0.95, h * 0.85, 1.0) +
    crowd(9, w * 0.08, w * 0.92, h * 1.0, 1.2),
  stage: (w, h) =>
    `<rect width="${w}" height="${h}" fill="#1a237e"/><rect x="0" y="${h * 0.6}" width="${w}" height="${h * 0.4}" fill="#4e342e"/>` +
    [0.2, 0.5, 0.8]
      .map((f) => `<path d="M${w * f} 0 L${w * f - 90} ${h * 0.8} H${w * f + 90}z" fill="#fff59d" opacity=".2"/>`)
      .join('') +
    crowd(6, w * 0.15, w * 0.85, h * 0.75, 1.3) +
    `<path d="M0 0h${w * 0.12}q-30 ${h * 0.4} 0 ${h * 0.6}H0z M${w} 0h-${w * 0.12}q30 ${h * 0.4} 0 ${h * 0.6}H${w}z" fill="#b71c1c"/>`,
  sciencefair: (w, h) =>
    room(w, h, '#e8eaf6', '#9fa8da') +
    [0.2, 0.5, 0.8]
      .map(
        (f) =>
          `<rect x="${w * f - 100}" y="${h * 0.58}" width="200" height="18" fill="#5d4037"/><rect x="${w * f - 70}" y="${h * 0.3}" width="140" height="100" fill="#fff" stroke="${pick(CLOTH)}" stroke-width="6"/>${textLines(w * f - 55, h * 0.34, 4, 100)}<circle cx="${w * f + 40}" cy="${h * 0.55}" r="16" fill="${pick(CLOTH)}"/>` +
          person(w * f - 40, h * 0.95, 1.2),
      )
      .join(''),
};

async function raster(file: string, scene: keyof typeof scenes, w: number, h: number, s: number): Promise<void> {
  seed = s;
  await mkdir(dirname(file), { recursive: true });
  await sharp(Buffer.from(svg(w, h, scenes[scene]!(w, h))))
    .jpeg({ quality: 78, mozjpeg: true })
    .toFile(file);
}

function portraitSvg(bg: string, shirt: string, skin: string, hair: string, sari = false): string {
  const body = sari
    ? `<path d="M120 480 Q 120 330 240 320 Q 360 330 360 480z" fill="${shirt}"/><path d="M170 340 Q 240 420 330 360 L 350 480 H 300z" fill="#f9a825" opacity=".8"/>`
    : `<path d="M110 480 Q 110 330 240 320 Q 370 330 370 480z" fill="${shirt}"/><path d="M215 325 L240 380 L265 325z" fill="#fff"/><path d="M236 340 l4 60 l4 -60z" fill="#b8420f"/>`;
  const hairShape = sari
    ? `<path d="M165 200 Q 165 110 240 110 Q 315 110 315 200 Q 320 280 300 300 Q 300 200 240 160 Q 180 200 180 300 Q 160 280 165 200z" fill="${hair}"/>`
    : `<path d="M172 190 Q 175 120 240 118 Q 305 120 308 190 Q 290 150 240 152 Q 190 150 172 190z" fill="${hair}"/>`;
  return svg(
    480,
    480,
    `<rect width="480" height="480" fill="${bg}"/><circle cx="240" cy="240" r="200" fill="#fff" opacity=".25"/>${body}<rect x="215" y="270" width="50" height="60" fill="${skin}"/><ellipse cx="240" cy="210" rx="68" ry="80" fill="${skin}"/>${hairShape}<circle cx="215" cy="210" r="6" fill="#1b1b1b"/><circle cx="265" cy="210" r="6" fill="#1b1b1b"/><path d="M215 250 q25 18 50 0" stroke="#5d3a1a" stroke-width="5" fill="none"/>${sari ? '<circle cx="240" cy="180" r="5" fill="#c62828"/>' : ''}`,
  );
}

function sealSvg(initials: string, ring: string, fill: string, label: string): string {
  return svg(
    256,
    256,
    `<circle cx="128" cy="128" r="124" fill="${ring}"/><circle cx="128" cy="128" r="104" fill="#fff"/><circle cx="128" cy="128" r="92" fill="${fill}"/><text x="128" y="140" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="${initials.length > 4 ? 34 : 44}" fill="#fff" text-anchor="middle">${initials}</text><text x="128" y="182" font-family="DejaVu Sans, sans-serif" font-size="16" fill="#fff" text-anchor="middle">${label}</text><path d="M78 90 l50 -26 l50 26" stroke="#fff" stroke-width="6" fill="none"/>`,
  );
}

function pressSvg(paper: string, headline: string, scene: keyof typeof scenes): string {
  const w = 640;
  const h = 400;
  seed = headline.length * 97;
  const photo = svg(360, 230, scenes[scene]!(360, 230)).replace('<svg ', '<svg x="24" y="110" ');
  return svg(
    w,
    h,
    `<rect width="${w}" height="${h}" fill="#fbf8f1"/><text x="${w / 2}" y="52" font-family="DejaVu Serif, serif" font-weight="bold" font-size="40" fill="#1b1b1b" text-anchor="middle">${paper}</text><rect x="24" y="66" width="${w - 48}" height="3" fill="#1b1b1b"/><rect x="24" y="74" width="${w - 48}" height="1" fill="#1b1b1b"/><text x="24" y="100" font-family="DejaVu Serif, serif" font-weight="bold" font-size="19" fill="#1b1b1b">${headline}</text>${photo}${textLines(400, 116, 12, 210, '#8f8a80', 20)}${textLines(24, 356, 2, 360, '#8f8a80', 20)}`,
  );
}

function coverSvg(title: string, month: string, accent: string, scene: keyof typeof scenes, s: number): string {
  seed = s;
  const art = svg(520, 420, scenes[scene]!(520, 420)).replace('<svg ', '<svg x="40" y="220" ');
  return svg(
    600,
    800,
    `<rect width="600" height="800" fill="${accent}"/><text x="300" y="110" font-family="DejaVu Serif, serif" font-weight="bold" font-size="64" fill="#fff" text-anchor="middle">RMCP</text><text x="300" y="170" font-family="DejaVu Sans, sans-serif" font-size="34" fill="#fff" text-anchor="middle" letter-spacing="6">CHRONICLE</text>${art}<rect x="40" y="660" width="520" height="100" fill="#fff"/><text x="300" y="702" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="28" fill="#12263d" text-anchor="middle">${month}</text><text x="300" y="740" font-family="DejaVu Sans, sans-serif" font-size="22" fill="#12263d" text-anchor="middle">${title}</text>`,
  );
}

// ---------- run ----------
const photos: [string, keyof typeof scenes, number][] = [
  ['campus-hero', 'campus', 3],
  ['campus-overview', 'campus', 11],
  ['classroom', 'classroom', 5],
  ['science-lab', 'lab', 7],
  ['computer-lab', 'computers', 9],
  ['library', 'library', 13],
  ['auditorium', 'auditorium', 17],
  ['sports-ground', 'sports', 19],
  ['sports-cricket', 'cricket', 23],
  ['sports-basketball', 'basketball', 29],
  ['bus-fleet', 'bus', 31],
  ['bus-routes', 'route', 37],
  ['bus-tracking', 'tracking', 41],
  ['health-room', 'health', 43],
  ['health-doctor', 'doctor', 47],
  ['health-ambulance', 'ambulance', 53],
  ['security-gate', 'gate', 59],
  ['security-cctv', 'cctv', 61],
  ['security-fire', 'fire', 67],
  ['learning-centre', 'smallgroup', 71],
  ['wing-primary', 'blocks', 73],
  ['wing-middle', 'classroom', 79],
  ['wing-senior', 'lab', 83],
  ['holistic', 'art', 89],
  ['guidance', 'counsel', 97],
  ['mission', 'mission', 101],
  ['activity-room', 'art', 103],
];
const events: (keyof typeof scenes)[] = [
  'assembly',
  'stage',
  'sports',
  'sciencefair',
  'cricket',
  'art',
  'auditorium',
  'basketball',
  'campus',
];

const only = process.argv[2];
if (!only || only === 'images') {
  for (const [name, scene, s] of photos) await raster(join(PICTURES, `${name}.jpg`), scene, 960, 640, s);
  for (let i = 1; i <= 23; i++)
    await raster(
      join(GALLERY, `event-${String(i).padStart(2, '0')}.jpg`),
      events[(i - 1) % events.length]!,
      960,
      640,
      1000 + i * 7,
    );
  const people: [string, string, string, string, string, boolean][] = [
    ['founder', '#cfe3f5', '#f5f5f5', '#a0662f', '#d9d9d9', false],
    ['chairperson', '#f8dcc8', '#ad1457', '#c68642', '#1b1b1b', true],
    ['principal', '#d8ecd5', '#0b4f8a', '#8d5524', '#2b1a10', false],
  ];
  for (const [name, bg, shirt, skin, hair, sari] of people) {
    await sharp(Buffer.from(portraitSvg(bg, shirt, skin, hair, sari)))
      .jpeg({ quality: 80, mozjpeg: true })
      .toFile(join(PICTURES, `${name}.jpg`));
  }
  await mkdir(PICTURES, { recursive: true });
  const seals: [string, string, string, string, string][] = [
    ['cbse', 'CBSE', '#0b4f8a', '#1565c0', 'AFFILIATED'],
    ['up-government', 'UP', '#2e7d32', '#388e3c', 'NOC'],
    ['fire-safety', 'FIRE', '#c62828', '#d32f2f', 'SAFETY'],
    ['building-safety', 'PWD', '#5d4037', '#6d4c41', 'BUILDING'],
    ['health-hygiene', 'WASH', '#00838f', '#00897b', 'HYGIENE'],
  ];
  for (const [name, initials, ring, fill, label] of seals)
    await sharp(Buffer.from(sealSvg(initials, ring, fill, label)))
      .png({ compressionLevel: 9, palette: true })
      .toFile(join(PICTURES, `${name}.png`));
  // The sample press and magazine pictures are served as they are (starting-content/press/, copied by the build).
  const press: [string, string, string, keyof typeof scenes][] = [
    ['press-1', 'Dainik Samachar', 'Rural school tops district in board results', 'assembly'],
    ['press-2', 'The Bulandshahr Times', 'Students shine at state science exhibition', 'sciencefair'],
    ['press-3', 'Amar Prabhat', 'Annual sports meet draws 2,000 spectators', 'sports'],
    ['press-4', 'Western UP Herald', 'GPS school buses bring peace of mind', 'bus'],
    ['press-5', 'Jan Jagran Express', 'New library opens for village readers', 'library'],
    ['press-6', 'Doaba Daily', 'Annual day celebrates folk arts of the region', 'stage'],
  ];
  for (const [name, paper, headline, scene] of press)
    await sharp(Buffer.from(pressSvg(paper, headline, scene)))
      .jpeg({ quality: 78, mozjpeg: true })
      .toFile(join(PRESS, `${name}.jpg`));
  const accents = ['#0b4f8a', '#b8420f', '#2e7d32', '#6a1b9a', '#00838f', '#ad1457'];
  const coverScenes: (keyof typeof scenes)[] = ['campus', 'stage', 'sports', 'sciencefair', 'library', 'mission'];
  for (const [i, issue] of magazineIssues.entries()) {
    await sharp(Buffer.from(coverSvg(issue.title, issue.month, accents[i]!, coverScenes[i]!, 500 + i)))
      .jpeg({ quality: 80, mozjpeg: true })
      .toFile(join(PRESS, `${issue.slug}.jpg`));
  }
  // Favicon, touch icon, Open Graph image (public/: linked by URL, not rendered as <img>). The favicon is a PNG in an
  // ICO, not an SVG: Chrome draws an SVG favicon by building a whole SVG document on the page's main thread while it loads.
  const emblem = svg(
    64,
    64,
    '<path d="M32 3 7 11v19c0 15 11 25 25 31 14-6 25-16 25-31V11z" fill="#0b4f8a"/><path d="M32 8 12 14.5V30c0 12 8.5 20 20 25.5C43.5 50 52 42 52 30V14.5z" fill="#fff"/><circle cx="32" cy="27" r="8" fill="#f2a900"/><path d="M17 36c5-3 10-3 15 0 5-3 10-3 15 0v9c-5-3-10-3-15 0-5-3-10-3-15 0z" fill="#0b4f8a"/>',
  );
  const png32 = await sharp(Buffer.from(emblem)).resize(32, 32).png().toBuffer();
  const ico = Buffer.alloc(22);
  ico.writeUInt16LE(0, 0);
  ico.writeUInt16LE(1, 2);
  ico.writeUInt16LE(1, 4);
  ico.writeUInt8(32, 6);
  ico.writeUInt8(32, 7);
  ico.writeUInt16LE(1, 10);
  ico.writeUInt16LE(32, 12);
  ico.writeUInt32LE(png32.length, 14);
  ico.writeUInt32LE(22, 18);
  await writeFile(join(PUBLIC, 'favicon.ico'), Buffer.concat([ico, png32]));
  await sharp(Buffer.from(emblem.replace('width="64" height="64"', 'width="180" height="180"')))
    .flatten({ background: '#ffffff' })
    .png()
    .toFile(join(PUBLIC, 'apple-touch-icon.png'));
  seed = 3;
  const og = svg(
    1200,
    630,
    `${scenes.campus!(1200, 630)}<rect x="0" y="430" width="1200" height="200" fill="#0f2940" opacity=".92"/><text x="600" y="510" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="46" fill="#fff" text-anchor="middle">R.M.C.P. Senior Secondary School &amp; Academy</text><text x="600" y="575" font-family="DejaVu Sans, sans-serif" font-size="30" fill="#ffd780" text-anchor="middle">CBSE affiliated - Sikandrabad, Bulandshahr - Since 2012</text>`,
  );
  await sharp(Buffer.from(og))
    .png({ palette: true, compressionLevel: 9 })
    .toFile(join(ROOT, 'starting-content/site/og-image.png'));
}

if (!only || only === 'pdfs') {
  for (const issue of magazineIssues) {
    const pdf = makePdf(`RMCP Chronicle - ${issue.month}`, [
      {
        heading: `RMCP Chronicle - ${issue.month}`,
        lines: [
          issue.title,
          '',
          issue.description,
          '',
          ...issue.contents.map((c, i) => `${i + 1}. ${c}`),
          '',
          'R.M.C.P. Senior Secondary School & Academy, Sikandrabad, Bulandshahr (U.P.)',
          'The school magazine has been published every year since 2012.',
        ],
      },
      { heading: 'From the Editorial Desk', lines: issue.editorial },
    ]);
    await writeFile(join(PRESS, `${issue.slug}.pdf`), pdf);
  }
}
console.log('generated assets');
