import { DEFAULT_ACCENT, textOnAccent } from '@lumen/domain/reports/report-rules';
import type { ReportView } from '@lumen/domain/reports/report-view';
import {
  type FontName,
  type PdfImage,
  PdfWriter,
  type Rgb,
  readImage,
  textWidth,
} from './pdf-writer';

// The report as a PDF (docs/reports.md, "PDF"), drawn with the small writer beside it: the
// standard Helvetica fonts (no font files), no browser and no PDF library in the image.

export type PdfBranding = {
  agencyName: string | null;
  accentColor: string | null;
  logo: { mime: string; bytes: Uint8Array } | null;
  hideLumen: boolean;
};

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 48;

function hexColor(hex: string): Rgb {
  const n = (i: number) => Number.parseInt(hex.slice(i, i + 2), 16) / 255;
  return [n(1), n(3), n(5)];
}

const INK: Rgb = [0.09, 0.1, 0.13];
const MUTED: Rgb = [0.36, 0.39, 0.44];
const RULE: Rgb = [0.85, 0.87, 0.9];

type Page = ReturnType<PdfWriter['addPage']>;

class Layout {
  page!: Page;
  y = 0;
  constructor(
    readonly pdf: PdfWriter,
    readonly footer: string | null,
  ) {
    this.newPage();
  }

  newPage() {
    this.page = this.pdf.addPage();
    this.y = A4.height - MARGIN;
    if (this.footer) this.pdf.text(this.page, this.footer, MARGIN, 24, 8, 'regular', MUTED);
  }

  ensure(height: number) {
    if (this.y - height < MARGIN + 16) this.newPage();
  }

  wrap(text: string, font: FontName, size: number, width: number): string[] {
    const lines: string[] = [];
    let line = '';
    for (const word of text.split(/\s+/)) {
      const next = line ? `${line} ${word}` : word;
      if (textWidth(next, font, size) <= width || !line) line = next;
      else {
        lines.push(line);
        line = word;
      }
    }
    if (line) lines.push(line);
    return lines;
  }

  text(text: string, opts: { size?: number; font?: FontName; color?: Rgb } = {}) {
    const size = opts.size ?? 10;
    const font = opts.font ?? 'regular';
    for (const line of this.wrap(text, font, size, A4.width - 2 * MARGIN)) {
      this.ensure(size * 1.4);
      this.pdf.text(this.page, line, MARGIN, this.y - size, size, font, opts.color ?? INK);
      this.y -= size * 1.4;
    }
  }

  table(columns: string[], rows: string[][]) {
    const width = A4.width - 2 * MARGIN;
    // The first column (a name) takes what the others leave.
    const rest = columns.length > 1 ? Math.min(90, (width * 0.55) / (columns.length - 1)) : 0;
    const widths = columns.map((_, i) => (i === 0 ? width - rest * (columns.length - 1) : rest));
    const row = (cells: string[], font: FontName, color: Rgb) => {
      const wrapped = cells.map((c, i) => this.wrap(c, font, 9, (widths[i] ?? 60) - 6));
      const height = Math.max(...wrapped.map((w) => w.length)) * 12 + 4;
      this.ensure(height);
      let x = MARGIN;
      wrapped.forEach((lines, i) => {
        lines.forEach((l, j) => {
          this.pdf.text(this.page, l, x, this.y - 10 - j * 12, 9, font, color);
        });
        x += widths[i] ?? 60;
      });
      this.y -= height;
      this.pdf.line(this.page, MARGIN, this.y + 2, A4.width - MARGIN, this.y + 2, 0.5, RULE);
    };
    row(columns, 'bold', MUTED);
    for (const r of rows) row(r, 'regular', INK);
    this.y -= 6;
  }
}

export async function renderReportPdf(
  view: ReportView,
  branding: PdfBranding,
): Promise<Uint8Array> {
  const pdf = new PdfWriter(A4.width, A4.height);
  pdf.setInfo('Title', view.title);
  const author = branding.agencyName ?? (branding.hideLumen ? '' : 'Lumen');
  if (author) pdf.setInfo('Author', author);
  const maker = branding.hideLumen ? (branding.agencyName ?? 'Report') : 'Lumen';
  pdf.setInfo('Producer', maker);
  pdf.setInfo('Creator', maker);
  const footer = branding.hideLumen
    ? branding.agencyName
    : `${branding.agencyName ? `${branding.agencyName} · ` : ''}Made with Lumen`;
  const w = new Layout(pdf, footer);
  const accent = branding.accentColor ?? DEFAULT_ACCENT;

  // The band: the accent, the logo and the agency's name.
  const band = 56;
  pdf.rect(w.page, 0, A4.height - band, A4.width, band, hexColor(accent));
  let logo: PdfImage | null = null;
  if (branding.logo) {
    try {
      logo = readImage(branding.logo.mime, branding.logo.bytes);
    } catch {
      logo = null; // A logo this writer cannot read is left out rather than failing the report.
    }
  }
  let x = MARGIN;
  if (logo) {
    const scale = Math.min(120 / logo.width, 36 / logo.height);
    const [lw, lh] = [logo.width * scale, logo.height * scale];
    pdf.drawImage(w.page, logo, x, A4.height - band / 2 - lh / 2, lw, lh);
    x += lw + 12;
  }
  const bandText = branding.agencyName ?? (branding.hideLumen ? '' : 'Lumen');
  if (bandText) {
    pdf.text(
      w.page,
      bandText,
      x,
      A4.height - band / 2 - 5,
      14,
      'bold',
      hexColor(textOnAccent(accent)),
    );
  }
  w.y = A4.height - band - 28;

  w.text(view.title, { size: 18, font: 'bold' });
  w.text(view.period, { size: 10, color: MUTED });
  w.y -= 10;
  for (const k of view.kpis) {
    w.ensure(30);
    w.text(`${k.label}: ${k.value}`, { size: 12, font: 'bold' });
    w.text(k.detail, { size: 9, color: MUTED });
    w.y -= 4;
  }
  for (const s of view.sections) {
    w.y -= 10;
    w.ensure(40);
    // The accent marks the section; the title stays in ink, readable whatever the colour.
    pdf.rect(w.page, MARGIN - 10, w.y - 14, 3, 14, hexColor(accent));
    w.text(s.title, { size: 13, font: 'bold' });
    w.y -= 2;
    for (const line of s.lines) w.text(line);
    if (s.table) w.table(s.table.columns, s.table.rows);
    else if (s.lines.length === 0) w.text(s.empty, { color: MUTED });
  }
  return pdf.save();
}
