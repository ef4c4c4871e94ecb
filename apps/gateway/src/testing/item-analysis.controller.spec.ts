import { ITEM_STATS_CSV_COLUMNS, type ItemStatsPage, type ItemStatsRow } from '@examprep/contracts';
import { itemStatsCsvLine, itemStatsCsvStream } from './item-analysis.controller';

const row = (over: Partial<ItemStatsRow> = {}): ItemStatsRow => ({
  qid: 'AB12',
  course: 'TEAS Math',
  objective: 'Numbers, and "Algebra"',
  topic: null,
  stem: '=SUM(A1) is not a formula here',
  n: 40,
  correct: 10,
  facility: 0.25,
  sd: 0.4385,
  discrimination: -0.31,
  pointBiserial: null,
  flagged: 2,
  flagRate: 0.05,
  medianSeconds: 42.5,
  lastAt: '2026-03-01T10:00:00.000Z',
  ...over,
});

const read = async (stream: NodeJS.ReadableStream) => {
  let text = '';
  for await (const chunk of stream) text += String(chunk);
  return text;
};

describe('item_analysis.csv', () => {
  it('numbers stay numbers (a negative discrimination is not a formula), text is guarded and quoted', () => {
    expect(itemStatsCsvLine(row())).toBe(
      `AB12,TEAS Math,"Numbers, and ""Algebra""",,'=SUM(A1) is not a formula here,40,10,0.25,0.4385,-0.31,,2,0.05,42.5,2026-03-01T10:00:00.000Z\r\n`,
    );
  });

  it('the header, then every page in order; an empty first page is the header alone', async () => {
    const pages: Record<string, ItemStatsPage> = {
      c1: { items: [row({ qid: 'AB13' })], next: null },
    };
    const text = await read(
      itemStatsCsvStream({ items: [row()], next: 'c1' }, async (c) => pages[c]!),
    );
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(ITEM_STATS_CSV_COLUMNS.join(','));
    expect(lines.slice(1, 3).map((l) => l.slice(0, 4))).toEqual(['AB12', 'AB13']);
    expect(lines[3]).toBe('');
    expect(await read(itemStatsCsvStream({ items: [], next: null }, async () => pages.c1!))).toBe(
      `${ITEM_STATS_CSV_COLUMNS.join(',')}\r\n`,
    );
  });
});
