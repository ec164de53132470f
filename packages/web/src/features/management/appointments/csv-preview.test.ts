import { describe, expect, it } from 'vitest';
import { previewCsv } from './csv-preview';

describe('previewCsv', () => {
  it('splits by the header’s separator, keeps quoted separators and numbers lines from the header', () => {
    const preview = previewCsv('\uFEFFappointment_type_id;start;last_name\r\nt1;2026-03-30 08:00;"Huber; Eva"\r\n\r\nt1;2026-03-30 09:00;"Der ""Doktor"""\n');
    expect(preview.columns).toEqual(['appointment_type_id', 'start', 'last_name']);
    expect(preview.rows).toEqual([
      { line: 2, cells: ['t1', '2026-03-30 08:00', 'Huber; Eva'] },
      { line: 4, cells: ['t1', '2026-03-30 09:00', 'Der "Doktor"'] },
    ]);
    expect(preview.total).toBe(2);
  });

  it('takes commas when the header has more of them, and shows only the first rows', () => {
    const text = ['a,b', ...Array.from({ length: 30 }, (_, i) => `${i},x`)].join('\n');
    const preview = previewCsv(text, 5);
    expect(preview.columns).toEqual(['a', 'b']);
    expect(preview.rows.map((r) => r.line)).toEqual([2, 3, 4, 5, 6]);
    expect(preview.total).toBe(30);
  });
});
