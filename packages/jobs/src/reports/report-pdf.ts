import { DEFAULT_ACCENT, textOnAccent } from '@lumen/domain/reports/report-rules';
import type { ReportView } from '@lumen/domain/reports/report-view';
import {
  PDFDocument,
  type PDFFont,
  type PDFImage,
  type PDFPage,
  rgb,
  StandardFonts,
} from 'pdf-lib';

// The report as a PDF, drawn with pdf-lib (docs/reports.md, "PDF"): pure JavaScript, no browser,
// about 1 MB installed, so the production image stays small. It uses the 14 standard PDF fonts
// (no font files to ship); a character they cannot write is replaced by "?".

export type PdfBranding = {
  agencyName: string | null;
  accentColor: string | null;
  logo: { mime: string; bytes: Uint8Array } | null;
  hideLumen: boolean;
};

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 48;

function hexColor(hex: string) {
  const n = (i: number) => Number.parseInt(hex.slice(i, i + 2), 16) / 255;
  return rgb(n(1), n(3), n(5));
}

const INK = rgb(0.09, 0.1, 0.13);
const MUTED = rgb(0.36, 0.39, 0.44);
const RULE = rgb(0.85, 0.87, 0.9);

class Writer {
  page!: PDFPage;
  y = 0;
  private readonly safe = new Map<string, string>();
  constructor(
    readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
    readonly footer: string | null,
  ) {
    this.newPage();
  }

  newPage() {
    this.page = this.doc.addPage([A4.width, A4.height]);
    this.y = A4.height - MARGIN;
    if (this.footer) {
      this.page.drawText(this.clean(this.footer), {
        x: MARGIN,
        y: 24,
        size: 8,
        font: this.regular,
        color: MUTED,
      });
    }
  }

  /** Characters the standard fonts cannot encode become "?" (never a thrown error). */
  clean(text: string): string {
    let out = '';
    for (const ch of text.replace(/[\u00a0\u202f]/g, ' ')) {
      let ok = this.safe.get(ch);
      if (ok === undefined) {
        try {
          this.regular.encodeText(ch);
          ok = ch;
        } catch {
          ok = '?';
        }
        this.safe.set(ch, ok);
      }
      out += ok;
    }
    return out;
  }

  ensure(height: number) {
    if (this.y - height < MARGIN + 16) this.newPage();
  }

  /** Wrapped text; returns nothing, moves down. */
  text(
    text: string,
    opts: {
      size?: number;
      font?: PDFFont;
      color?: ReturnType<typeof rgb>;
      x?: number;
      width?: number;
    } = {},
  ) {
    const size = opts.size ?? 10;
    const font = opts.font ?? this.regular;
    const x = opts.x ?? MARGIN;
    const width = opts.width ?? A4.width - MARGIN - x;
    for (const line of this.wrap(this.clean(text), font, size, width)) {
      this.ensure(size * 1.4);
      this.page.drawText(line, { x, y: this.y - size, size, font, color: opts.color ?? INK });
      this.y -= size * 1.4;
    }
  }

  wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const lines: string[] = [];
    let line = '';
    for (const word of text.split(/\s+/)) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) <= width || !line) line = next;
      else {
        lines.push(line);
        line = word;
      }
    }
    if (line) lines.push(line);
    return lines;
  }

  table(columns: string[], rows: string[][]) {
    const width = A4.width - 2 * MARGIN;
    // The first column (a name) takes what the others leave.
    const rest = columns.length > 1 ? Math.min(90, (width * 0.55) / (columns.length - 1)) : 0;
    const widths = columns.map((_, i) => (i === 0 ? width - rest * (columns.length - 1) : rest));
    const row = (cells: string[], font: PDFFont, color: ReturnType<typeof rgb>) => {
      const wrapped = cells.map((c, i) => this.wrap(this.clean(c), font, 9, (widths[i] ?? 60) - 6));
      const height = Math.max(...wrapped.map((w) => w.length)) * 12 + 4;
      this.ensure(height);
      let x = MARGIN;
      wrapped.forEach((lines, i) => {
        lines.forEach((l, j) => {
          this.page.drawText(l, { x, y: this.y - 10 - j * 12, size: 9, font, color });
        });
        x += widths[i] ?? 60;
      });
      this.y -= height;
      this.page.drawLine({
        start: { x: MARGIN, y: this.y + 2 },
        end: { x: A4.width - MARGIN, y: this.y + 2 },
        thickness: 0.5,
        color: RULE,
      });
    };
    row(columns, this.bold, MUTED);
    for (const r of rows) row(r, this.regular, INK);
    this.y -= 6;
  }
}

export async function renderReportPdf(
  view: ReportView,
  branding: PdfBranding,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(view.title);
  const author = branding.agencyName ?? (branding.hideLumen ? '' : 'Lumen');
  if (author) doc.setAuthor(author);
  doc.setProducer(branding.hideLumen ? (branding.agencyName ?? 'Report') : 'Lumen');
  doc.setCreator(branding.hideLumen ? (branding.agencyName ?? 'Report') : 'Lumen');
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const footer = branding.hideLumen
    ? branding.agencyName
    : `${branding.agencyName ? `${branding.agencyName} · ` : ''}Made with Lumen`;
  const w = new Writer(doc, regular, bold, footer);
  const accent = branding.accentColor ?? DEFAULT_ACCENT;

  // The band: the accent, the logo and the agency's name.
  const band = 56;
  w.page.drawRectangle({
    x: 0,
    y: A4.height - band,
    width: A4.width,
    height: band,
    color: hexColor(accent),
  });
  let logo: PDFImage | null = null;
  if (branding.logo) {
    try {
      logo =
        branding.logo.mime === 'image/png'
          ? await doc.embedPng(branding.logo.bytes)
          : await doc.embedJpg(branding.logo.bytes);
    } catch {
      logo = null; // A logo that no longer decodes is left out rather than failing the report.
    }
  }
  let x = MARGIN;
  if (logo) {
    const scaled = logo.scaleToFit(120, 36);
    w.page.drawImage(logo, { x, y: A4.height - band / 2 - scaled.height / 2, ...scaled });
    x += scaled.width + 12;
  }
  const bandText = branding.agencyName ?? (branding.hideLumen ? '' : 'Lumen');
  if (bandText) {
    w.page.drawText(w.clean(bandText), {
      x,
      y: A4.height - band / 2 - 5,
      size: 14,
      font: bold,
      color: hexColor(textOnAccent(accent)),
    });
  }
  w.y = A4.height - band - 28;

  w.text(view.title, { size: 18, font: bold });
  w.text(view.period, { size: 10, color: MUTED });
  w.y -= 10;
  for (const k of view.kpis) {
    w.ensure(30);
    w.text(`${k.label}: ${k.value}`, { size: 12, font: bold });
    w.text(k.detail, { size: 9, color: MUTED });
    w.y -= 4;
  }
  for (const s of view.sections) {
    w.y -= 10;
    w.ensure(40);
    // The accent marks the section; the title stays in ink, readable whatever the colour.
    w.page.drawRectangle({
      x: MARGIN - 10,
      y: w.y - 14,
      width: 3,
      height: 14,
      color: hexColor(accent),
    });
    w.text(s.title, { size: 13, font: bold });
    w.y -= 2;
    for (const line of s.lines) w.text(line);
    if (s.table) w.table(s.table.columns, s.table.rows);
    else if (s.lines.length === 0) w.text(s.empty, { color: MUTED });
  }
  return doc.save({ useObjectStreams: false });
}
