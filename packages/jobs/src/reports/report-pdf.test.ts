import { deflateSync } from 'node:zlib';
import type { ReportView } from '@lumen/domain/reports/report-view';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { readImage, textWidth, winAnsi } from './pdf-writer';
import { renderReportPdf } from './report-pdf';

// The report PDF read back by pdf.js (unpdf): the text is there, long tables break across
// pages, a logo with transparency is embedded, and characters outside WinAnsi do not break it.

function png(width: number, height: number, type: 2 | 6, pixel: number[]): Buffer {
  const chunk = (name: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(name, 4, 'latin1');
    return Buffer.concat([head, data, Buffer.alloc(4)]); // the CRC is not checked by readers here
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = type;
  const row = Buffer.from([0, ...Array.from({ length: width }, () => pixel).flat()]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const view: ReportView = {
  title: 'Acme “Café” – report',
  period: '1 Nov 2026 – 7 Nov 2026',
  kpis: [{ label: 'Visibility score', value: '42', detail: 'moved up (+7 score)' }],
  sections: [
    {
      title: 'Top sources',
      lines: ['Ünïcödé is fine, 中文 is not: it becomes a question mark.'],
      table: {
        columns: ['Domain', 'Citations'],
        rows: Array.from({ length: 80 }, (_, i) => [`site-${i}.example`, String(i * 3)]),
      },
      empty: '',
    },
  ],
};

async function textOf(bytes: Uint8Array) {
  const doc = await getDocumentProxy(bytes.slice());
  const { text, totalPages } = await extractText(doc, { mergePages: true });
  return { text: text.replace(/\s+/g, ' '), totalPages };
}

describe('renderReportPdf', () => {
  it('writes every line and cell, across pages, with a transparent PNG logo', async () => {
    const bytes = await renderReportPdf(view, {
      agencyName: 'Northwind Agency',
      accentColor: '#ffe066',
      logo: { mime: 'image/png', bytes: png(4, 2, 6, [200, 10, 10, 128]) },
      hideLumen: true,
    });
    const { text, totalPages } = await textOf(bytes);
    expect(totalPages).toBeGreaterThan(1);
    for (const s of [
      'Acme “Café” – report',
      'Visibility score: 42',
      'Northwind Agency',
      'site-79.example',
      '237',
    ]) {
      expect(text).toContain(s);
    }
    expect(text).toContain('Ünïcödé is fine, ?? is not');
    expect(text).not.toContain('Lumen');
    expect(Buffer.from(bytes).toString('latin1')).toContain('/SMask 7 0 R');
  });

  it('says “Made with Lumen” unless the workspace hides it', async () => {
    const bytes = await renderReportPdf(view, {
      agencyName: null,
      accentColor: null,
      logo: null,
      hideLumen: false,
    });
    expect((await textOf(bytes)).text).toContain('Made with Lumen');
  });

  it('reads PNG sizes and measures Helvetica', () => {
    expect(readImage('image/png', png(3, 5, 2, [1, 2, 3]))).toMatchObject({
      width: 3,
      height: 5,
      smask: null,
    });
    expect(() => readImage('image/jpeg', Buffer.from('nope'))).toThrow();
    expect(textWidth('Hello', 'regular', 10)).toBeCloseTo(22.78, 1);
    expect(winAnsi('–€中')).toEqual([0x96, 0x80, 63]);
  });
});
