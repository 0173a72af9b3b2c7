import { deflateSync, inflateSync } from 'node:zlib';

// A small PDF writer for reports (docs/reports.md, "PDF"): pages of text in the standard
// Helvetica fonts (WinAnsi), filled rectangles, lines and one PNG or JPEG image. It writes what
// a report needs and nothing more, so the server bundles carry no PDF library.

/** Helvetica and Helvetica-Bold advance widths (1/1000 em) of WinAnsi codes 32–255. */
const WIDTHS = {
  regular: [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556,
    556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667,
    611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667,
    667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500,
    222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
    0, 556, 0, 222, 556, 333, 1000, 556, 556, 333, 1000, 667, 333, 1000, 0, 611, 0, 0, 222, 222,
    333, 333, 350, 556, 1000, 333, 1000, 500, 333, 944, 0, 500, 500, 278, 333, 556, 556, 556, 556,
    260, 556, 333, 737, 370, 556, 584, 333, 737, 333, 400, 584, 333, 333, 333, 556, 537, 278, 333,
    333, 365, 556, 834, 834, 834, 611, 667, 667, 667, 667, 667, 667, 1000, 722, 667, 667, 667, 667,
    278, 278, 278, 278, 722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667,
    611, 556, 556, 556, 556, 556, 556, 889, 500, 556, 556, 556, 556, 278, 278, 278, 278, 556, 556,
    556, 556, 556, 556, 556, 584, 611, 556, 556, 556, 556, 500, 556, 500,
  ],
  bold: [
    278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556,
    556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667,
    611, 778, 722, 278, 556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667,
    667, 611, 333, 278, 333, 584, 556, 333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556,
    278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
    0, 556, 0, 278, 556, 500, 1000, 556, 556, 333, 1000, 667, 333, 1000, 0, 611, 0, 0, 278, 278,
    500, 500, 350, 556, 1000, 333, 1000, 556, 333, 944, 0, 500, 556, 278, 333, 556, 556, 556, 556,
    280, 556, 333, 737, 370, 556, 584, 333, 737, 333, 400, 584, 333, 333, 333, 611, 556, 278, 333,
    333, 365, 556, 834, 834, 834, 611, 722, 722, 722, 722, 722, 722, 1000, 722, 667, 667, 667, 667,
    278, 278, 278, 278, 722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667,
    611, 556, 556, 556, 556, 556, 556, 889, 556, 556, 556, 556, 556, 278, 278, 278, 278, 611, 611,
    611, 611, 611, 611, 611, 584, 611, 611, 611, 611, 611, 556, 611, 556,
  ],
};

// WinAnsi codes 0x80–0x9F and the characters they stand for; 0x20–0x7E and 0xA0–0xFF are Latin-1.
const WIN_ANSI_SPECIAL = new Map<number, number>([
  [0x20ac, 0x80],
  [0x201a, 0x82],
  [0x192, 0x83],
  [0x201e, 0x84],
  [0x2026, 0x85],
  [0x2020, 0x86],
  [0x2021, 0x87],
  [0x2c6, 0x88],
  [0x2030, 0x89],
  [0x160, 0x8a],
  [0x2039, 0x8b],
  [0x152, 0x8c],
  [0x17d, 0x8e],
  [0x2018, 0x91],
  [0x2019, 0x92],
  [0x201c, 0x93],
  [0x201d, 0x94],
  [0x2022, 0x95],
  [0x2013, 0x96],
  [0x2014, 0x97],
  [0x2dc, 0x98],
  [0x2122, 0x99],
  [0x161, 0x9a],
  [0x203a, 0x9b],
  [0x153, 0x9c],
  [0x17e, 0x9e],
  [0x178, 0x9f],
]);

export type FontName = 'regular' | 'bold';
export type Rgb = [number, number, number];

/** The WinAnsi bytes of a text; a character the fonts cannot write becomes "?". */
export function winAnsi(text: string): number[] {
  const out: number[] = [];
  for (const ch of text.replace(/[\u00a0\u202f]/g, ' ')) {
    const u = ch.codePointAt(0) ?? 63;
    if ((u >= 0x20 && u <= 0x7e) || (u >= 0xa0 && u <= 0xff)) out.push(u);
    else out.push(WIN_ANSI_SPECIAL.get(u) ?? 63);
  }
  return out;
}

export function textWidth(text: string, font: FontName, size: number): number {
  const widths = WIDTHS[font];
  let units = 0;
  for (const code of winAnsi(text)) units += widths[code - 32] ?? 556;
  return (units * size) / 1000;
}

const num = (n: number) => (Math.round(n * 100) / 100).toString();
const color = ([r, g, b]: Rgb) => `${num(r)} ${num(g)} ${num(b)}`;

function pdfString(text: string): string {
  let s = '(';
  for (const code of winAnsi(text)) {
    if (code === 0x28 || code === 0x29 || code === 0x5c) s += `\\${String.fromCharCode(code)}`;
    else if (code < 0x20 || code > 0x7e) s += `\\${code.toString(8).padStart(3, '0')}`;
    else s += String.fromCharCode(code);
  }
  return `${s})`;
}

export type PdfImage = {
  width: number;
  height: number;
  /** The image XObject's dictionary entries and data; `smask` holds a PNG's alpha. */
  dict: string;
  data: Buffer;
  smask: { dict: string; data: Buffer } | null;
};

/** A JPEG as it is (DCTDecode): its size and components from the frame header. */
function jpegImage(bytes: Buffer): PdfImage {
  let i = 2;
  while (i + 9 < bytes.length) {
    if (bytes[i] !== 0xff) throw new Error('not a JPEG');
    const marker = bytes[i + 1]!;
    const length = bytes.readUInt16BE(i + 2);
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      const height = bytes.readUInt16BE(i + 5);
      const width = bytes.readUInt16BE(i + 7);
      const components = bytes[i + 9]!;
      const space =
        components === 1 ? '/DeviceGray' : components === 4 ? '/DeviceCMYK' : '/DeviceRGB';
      return {
        width,
        height,
        dict: `/Width ${width} /Height ${height} /ColorSpace ${space} /BitsPerComponent 8 /Filter /DCTDecode`,
        data: bytes,
        smask: null,
      };
    }
    i += 2 + length;
  }
  throw new Error('no JPEG frame header');
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** An 8-bit, non-interlaced PNG decoded to RGB (or gray) and its alpha, then deflated again. */
function pngImage(bytes: Buffer): PdfImage {
  let width = 0;
  let height = 0;
  let type = 0;
  let palette: Buffer | null = null;
  let transparency: Buffer | null = null;
  const idat: Buffer[] = [];
  for (let i = 8; i + 8 <= bytes.length; ) {
    const length = bytes.readUInt32BE(i);
    const name = bytes.toString('latin1', i + 4, i + 8);
    const data = bytes.subarray(i + 8, i + 8 + length);
    if (name === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      type = data[9]!;
      if (data[8] !== 8 || data[12] !== 0) throw new Error('only 8-bit, non-interlaced PNGs');
    } else if (name === 'PLTE') palette = data;
    else if (name === 'tRNS') transparency = data;
    else if (name === 'IDAT') idat.push(data);
    else if (name === 'IEND') break;
    i += 12 + length;
  }
  const channels = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }[type];
  if (!channels || width === 0 || height === 0) throw new Error('unsupported PNG');
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const out = pixels.subarray(y * stride, (y + 1) * stride);
    const prev = y > 0 ? pixels.subarray((y - 1) * stride, y * stride) : null;
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? out[x - channels]! : 0;
      const b = prev ? prev[x]! : 0;
      const c = prev && x >= channels ? prev[x - channels]! : 0;
      const v = line[x]!;
      out[x] =
        (filter === 0
          ? v
          : filter === 1
            ? v + a
            : filter === 2
              ? v + b
              : filter === 3
                ? v + ((a + b) >> 1)
                : v + paeth(a, b, c)) & 0xff;
    }
  }
  const gray = type === 0 || type === 4;
  const colors = gray ? 1 : 3;
  const color = Buffer.alloc(width * height * colors);
  const alpha =
    type === 4 || type === 6 || (type === 3 && transparency) ? Buffer.alloc(width * height) : null;
  for (let p = 0; p < width * height; p++) {
    if (type === 3) {
      const index = pixels[p]!;
      color[p * 3] = palette?.[index * 3] ?? 0;
      color[p * 3 + 1] = palette?.[index * 3 + 1] ?? 0;
      color[p * 3 + 2] = palette?.[index * 3 + 2] ?? 0;
      if (alpha) alpha[p] = transparency?.[index] ?? 255;
    } else {
      for (let k = 0; k < colors; k++) color[p * colors + k] = pixels[p * channels + k]!;
      if (alpha) alpha[p] = pixels[p * channels + channels - 1]!;
    }
  }
  const space = gray ? '/DeviceGray' : '/DeviceRGB';
  const base = `/Width ${width} /Height ${height} /BitsPerComponent 8 /Filter /FlateDecode`;
  return {
    width,
    height,
    dict: `${base} /ColorSpace ${space}`,
    data: deflateSync(color),
    smask: alpha ? { dict: `${base} /ColorSpace /DeviceGray`, data: deflateSync(alpha) } : null,
  };
}

/** A logo for the PDF; throws on a file it cannot read (the caller leaves the logo out). */
export function readImage(mime: string, bytes: Uint8Array): PdfImage {
  const buffer = Buffer.from(bytes);
  return mime === 'image/png' ? pngImage(buffer) : jpegImage(buffer);
}

type Page = { ops: string[]; usesImage: boolean };

export class PdfWriter {
  readonly pages: Page[] = [];
  private image: PdfImage | null = null;
  private info: Record<string, string> = {};

  constructor(
    readonly width: number,
    readonly height: number,
  ) {}

  addPage(): Page {
    const page = { ops: [], usesImage: false };
    this.pages.push(page);
    return page;
  }

  setInfo(key: 'Title' | 'Author' | 'Producer' | 'Creator', value: string) {
    this.info[key] = value;
  }

  text(page: Page, text: string, x: number, y: number, size: number, font: FontName, fill: Rgb) {
    page.ops.push(
      `BT ${color(fill)} rg /${font === 'bold' ? 'F2' : 'F1'} ${num(size)} Tf ${num(x)} ${num(y)} Td ${pdfString(text)} Tj ET`,
    );
  }

  rect(page: Page, x: number, y: number, w: number, h: number, fill: Rgb) {
    page.ops.push(`${color(fill)} rg ${num(x)} ${num(y)} ${num(w)} ${num(h)} re f`);
  }

  line(page: Page, x1: number, y1: number, x2: number, y2: number, width: number, stroke: Rgb) {
    page.ops.push(
      `${color(stroke)} RG ${num(width)} w ${num(x1)} ${num(y1)} m ${num(x2)} ${num(y2)} l S`,
    );
  }

  drawImage(page: Page, image: PdfImage, x: number, y: number, w: number, h: number) {
    this.image = image;
    page.usesImage = true;
    page.ops.push(`q ${num(w)} 0 0 ${num(h)} ${num(x)} ${num(y)} cm /Im1 Do Q`);
  }

  save(): Uint8Array {
    const chunks: Buffer[] = [];
    const offsets: number[] = [];
    let length = 0;
    const push = (b: Buffer) => {
      chunks.push(b);
      length += b.length;
    };
    const object = (id: number, body: string, stream?: Buffer) => {
      offsets[id] = length;
      push(Buffer.from(`${id} 0 obj\n`, 'latin1'));
      if (stream) {
        push(Buffer.from(`<< ${body} /Length ${stream.length} >>\nstream\n`, 'latin1'));
        push(stream);
        push(Buffer.from('\nendstream\nendobj\n', 'latin1'));
      } else push(Buffer.from(`${body}\nendobj\n`, 'latin1'));
    };
    push(Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1'));
    // 1 catalog, 2 pages, 3–4 fonts, 5 info, 6–7 image and its mask, then two per page.
    const first = 8;
    const kids = this.pages.map((_, i) => `${first + i * 2} 0 R`).join(' ');
    object(1, '<< /Type /Catalog /Pages 2 0 R >>');
    object(2, `<< /Type /Pages /Kids [${kids}] /Count ${this.pages.length} >>`);
    object(3, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
    object(
      4,
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    );
    const info = Object.entries(this.info)
      .map(([k, v]) => `/${k} ${pdfString(v)}`)
      .join(' ');
    object(5, `<< ${info} >>`);
    const image = this.image;
    if (image) {
      if (image.smask)
        object(7, `/Type /XObject /Subtype /Image ${image.smask.dict}`, image.smask.data);
      else object(7, '<< >>');
      object(
        6,
        `/Type /XObject /Subtype /Image ${image.dict}${image.smask ? ' /SMask 7 0 R' : ''}`,
        image.data,
      );
    } else {
      object(6, '<< >>');
      object(7, '<< >>');
    }
    this.pages.forEach((page, i) => {
      const id = first + i * 2;
      const xobject = page.usesImage ? ' /XObject << /Im1 6 0 R >>' : '';
      object(
        id,
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${num(this.width)} ${num(this.height)}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >>${xobject} >> /Contents ${id + 1} 0 R >>`,
      );
      object(id + 1, '', Buffer.from(page.ops.join('\n'), 'latin1'));
    });
    const count = first + this.pages.length * 2;
    const xref = length;
    let table = `xref\n0 ${count}\n0000000000 65535 f \n`;
    for (let id = 1; id < count; id++)
      table += `${String(offsets[id] ?? 0).padStart(10, '0')} 00000 n \n`;
    push(
      Buffer.from(
        `${table}trailer\n<< /Size ${count} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
        'latin1',
      ),
    );
    return new Uint8Array(Buffer.concat(chunks));
  }
}
